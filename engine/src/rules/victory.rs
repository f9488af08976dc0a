//! Winning: destroy all (not before `destroy_all_earliest_round`), victory
//! points goals, the mission's other ways to win (a named ship card
//! destroyed), and the victory clock when every deck has run out for good.

use crate::event::{EffectSource, Event};
use crate::game::Game;
use crate::ids::{PlayerId, TeamId};
use crate::outcome::{Outcome, WinKind};
use crate::state::{CardPlace, Stage};

/// Ships fit in at most 12 per card, so launch costs counted in 1/27720ths
/// (the least common multiple of 1..=12) score partial squadrons exactly.
pub(crate) const SCORE_UNIT: i64 = 27_720;

fn finish(game: &mut Game, outcome: Outcome) {
    if game.st.outcome.is_some() {
        return;
    }
    game.st.outcome = Some(outcome);
    game.st.stage = Stage::Over;
    game.emit(Event::GameOver { outcome });
}

fn team_index(game: &Game, name: &str) -> Option<TeamId> {
    game.data
        .teams
        .iter()
        .position(|team| team.name == name)
        .map(|index| TeamId(index as u8))
}

/// Ships of each team on the battlefield.
pub(crate) fn ships_on_battlefield(game: &Game) -> Vec<u32> {
    let mut counts = vec![0; game.data.teams.len()];
    for (index, ship) in game.st.ships.iter().enumerate() {
        if !ship.destroyed && ship.pos.is_some() {
            let card = game.data.ships[index];
            let controller = game.st.cards[card.index()].controller;
            counts[game.data.team_of(controller).index()] += 1;
        }
    }
    counts
}

/// Checks every victory condition but the clock. Not while the powers of
/// a round's start or end act together: what they bring about is weighed
/// once all have acted (`effects::fire::round_boundary`), so a ship one
/// player's rule destroys does not end the game before the next player's
/// rule has scored.
pub(crate) fn check(game: &mut Game) {
    if game.st.outcome.is_some() || game.together {
        return;
    }
    let data = std::sync::Arc::clone(&game.data);
    let victory = &data.bundle.missions[data.mission].victory;
    // Teams that reached a goal: one at a time as points are scored, but
    // several at once after a round's start or end, and then none wins.
    let mut reached: Vec<TeamId> = Vec::new();
    for goal in &victory.points {
        if let Some(team) = team_index(game, &goal.team)
            && game.st.victory_points[team.index()] >= goal.threshold
            && !reached.contains(&team)
        {
            reached.push(team);
        }
    }
    match reached[..] {
        [] => {}
        [team] => {
            finish(
                game,
                Outcome::Win {
                    team,
                    how: WinKind::VictoryPoints,
                },
            );
            return;
        }
        _ => {
            finish(
                game,
                Outcome::Draw {
                    how: WinKind::VictoryPoints,
                },
            );
            return;
        }
    }
    for alternative in &victory.alternatives {
        let (Some(team), Some(ship)) = (
            team_index(game, &alternative.team),
            alternative.destroy_ship.as_deref(),
        ) else {
            continue;
        };
        // Out of play is not enough: a card whose ships escaped or were
        // taken off the battlefield is out of play, not destroyed.
        let destroyed = game.data.cards.iter().enumerate().any(|(index, card)| {
            let state = &game.st.cards[index];
            game.data.bundle.ships[card.ship].id == ship
                && state.place == CardPlace::OutOfPlay
                && game.data.team_of(state.controller) != team
                && card
                    .ship_ids()
                    .all(|ship| game.st.ships[ship.index()].destroyed)
        });
        if destroyed {
            finish(
                game,
                Outcome::Win {
                    team,
                    how: WinKind::Alternative,
                },
            );
            return;
        }
    }
    if victory.destroy_all && game.st.round >= game.data.rules().destroy_all_earliest_round {
        match teams_on_battlefield(game) {
            Alive::None => finish(
                game,
                Outcome::Draw {
                    how: WinKind::DestroyAll,
                },
            ),
            Alive::One(team) if game.data.teams.len() > 1 => finish(
                game,
                Outcome::Win {
                    team,
                    how: WinKind::DestroyAll,
                },
            ),
            Alive::One(_) | Alive::Several => {}
        }
    }
}

/// Which teams have ships on the battlefield.
enum Alive {
    None,
    One(TeamId),
    Several,
}

/// Checked at every turn's start and every destruction: stops at the
/// second team found, and counts nothing.
fn teams_on_battlefield(game: &Game) -> Alive {
    let mut alive = Alive::None;
    for (index, ship) in game.st.ships.iter().enumerate() {
        if !ship.destroyed && ship.pos.is_some() {
            let card = game.data.ships[index];
            let team = game.data.team_of(game.st.cards[card.index()].controller);
            match alive {
                Alive::None => alive = Alive::One(team),
                Alive::One(first) if first != team => return Alive::Several,
                Alive::One(_) | Alive::Several => {}
            }
        }
    }
    alive
}

/// Scores victory points for a team and checks its goal. `source` scored
/// them, for `player` (the controller of its power; `None` for an edit).
pub(crate) fn score_victory_points(
    game: &mut Game,
    team: TeamId,
    points: u32,
    source: EffectSource,
    player: Option<PlayerId>,
) {
    let total = game.st.victory_points[team.index()].saturating_add(points);
    game.st.victory_points[team.index()] = total;
    game.emit_score(Event::VictoryPoints {
        team,
        points,
        total,
        source,
        player,
    });
    check(game);
}

/// A deck ran out for good: if it was the last, the victory clock ends
/// the game.
pub(crate) fn deck_ran_out(game: &mut Game) {
    let all_out = game
        .st
        .decks
        .iter()
        .enumerate()
        .all(|(index, deck)| deck.out || game.data.decks[index].size == 0);
    if all_out && game.mission().victory.victory_clock {
        clock(game);
    }
}

/// Each team's launch costs on the battlefield (in 1/[`SCORE_UNIT`]ths).
pub(crate) fn clock_scores(game: &Game) -> Vec<i64> {
    let mut scores = vec![0; game.data.teams.len()];
    for (index, card) in game.data.cards.iter().enumerate() {
        let state = &game.st.cards[index];
        if state.place != CardPlace::Launched {
            continue;
        }
        let on_board = card
            .ship_ids()
            .filter(|ship| {
                let ship = &game.st.ships[ship.index()];
                !ship.destroyed && ship.pos.is_some()
            })
            .count() as i64;
        let ships = card.ships.len().max(1) as i64;
        let team = game.data.team_of(state.controller).index();
        scores[team] += i64::from(card.launch_cost) * on_board * (SCORE_UNIT / ships);
    }
    scores
}

/// The victory clock: most launch cost on the battlefield, then most
/// ships, then the deck that ran out for good first.
fn clock(game: &mut Game) {
    let scores = clock_scores(game);
    let ships = ships_on_battlefield(game);
    let best = (0..scores.len())
        .map(|team| (scores[team], ships[team]))
        .max()
        .unwrap_or((0, 0));
    let tied: Vec<usize> = (0..scores.len())
        .filter(|&team| (scores[team], ships[team]) == best)
        .collect();
    let winner = match tied[..] {
        [team] => Some(team),
        _ => game.st.decks_out.iter().find_map(|&deck| {
            let player = game.data.decks[usize::from(deck)].players[0];
            let team = game.data.team_of(player).index();
            tied.contains(&team).then_some(team)
        }),
    };
    let outcome = match winner {
        Some(team) => Outcome::Win {
            team: TeamId(team as u8),
            how: WinKind::VictoryClock,
        },
        None => Outcome::Draw {
            how: WinKind::VictoryClock,
        },
    };
    finish(game, outcome);
}

#[cfg(test)]
mod tests {
    use super::{Alive, ships_on_battlefield, teams_on_battlefield};
    use crate::rules::testing;

    /// The teams found on the battlefield are those with ships counted
    /// there, at every state.
    #[test]
    fn the_teams_on_the_battlefield_are_those_with_ships_counted_there() {
        let mut several = 0;
        testing::for_each_state(2, |game| {
            let counts = ships_on_battlefield(game);
            let alive: Vec<usize> = (0..counts.len()).filter(|&team| counts[team] > 0).collect();
            let agrees = match (teams_on_battlefield(game), &alive[..]) {
                (Alive::None, []) => true,
                (Alive::One(team), [only]) => team.index() == *only,
                (Alive::Several, [_, _, ..]) => {
                    several += 1;
                    true
                }
                _ => false,
            };
            assert!(agrees, "teams {alive:?} at step {}", game.steps());
        });
        assert!(several > 1_000, "{several} states with several teams");
    }
}
