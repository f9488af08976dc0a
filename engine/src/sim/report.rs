//! The balance report: the numbers people read, derived from a [`Tally`].
//!
//! Every rate comes with its Wilson 95% interval, so a reader can tell a
//! real imbalance from noise: "ISN wins 53% (50.1-55.9%) of 1000 games" says
//! how sure that 53% is. Win, draw and ending shares are out of the games
//! that finished; failed games are counted apart and listed.

use serde::{Deserialize, Serialize};

use crate::sim::stats::{Difference, Rate, Spread};
use crate::sim::tally::{FailureSample, Scorer, Tally};

/// A balance report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Games that reached an outcome.
    pub finished: u64,
    /// Games that did not (step bound, stuck, engine panic).
    pub failed: u64,
    /// Each team's wins out of the finished games.
    pub sides: Vec<SideReport>,
    pub draws: Rate,
    /// Game length in rounds.
    pub rounds: Option<Spread>,
    /// Mean actions per finished game; `None` when none finished.
    pub mean_steps: Option<f64>,
    /// How the finished games ended.
    pub ended: EndedReport,
    /// How often each side's ship cards were deployed and survived.
    pub ships: Vec<ShipReport>,
    /// How often each side played each tactic card.
    pub cards: Vec<CardReport>,
    /// What scored each side's victory points, and how much.
    pub scores: Vec<ScoreReport>,
    /// How often each power acted for each side.
    pub powers: Vec<PowerReport>,
    pub failures: FailureReport,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideReport {
    pub team: String,
    pub wins: Rate,
    /// Its wins in the finished games it took the first turn.
    pub going_first: Rate,
    /// Its wins in the finished games another side took the first turn.
    pub going_second: Rate,
    /// What going first is worth to it: `going_first` less
    /// `going_second`. Unlike the share of games won by whoever went
    /// first, this does not depend on how strong the side is or how
    /// often it went first; 0 means no advantage. `None` until it has
    /// gone both first and second.
    pub first_player_advantage: Option<Difference>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndedReport {
    pub destroy_all: Rate,
    pub victory_points: Rate,
    pub alternative: Rate,
    pub victory_clock: Rate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShipReport {
    pub team: String,
    pub ship: String,
    /// Games it left its player's screen (launched, or carried in the hold
    /// of a card that was), out of the games it was in the fleet.
    pub deployed: Rate,
    /// Games it ended in play for its side (on the battlefield, or in the
    /// hold of a ship that is), out of the games it was deployed.
    pub survived: Rate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardReport {
    /// The side whose players played it.
    pub team: String,
    pub card: String,
    /// The side whose deck holds it: `team`, or another side's for a card
    /// `team` may come to play from that deck.
    pub deck: String,
    /// Copies prepped before each game, which are not plays.
    pub prepped: u32,
    /// Copies played per game the side had the card; `None` (JSON `null`)
    /// without such a game.
    pub plays_per_game: Option<f64>,
    /// Games the side played it at least once, out of the games it had it.
    pub played_in: Rate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreReport {
    /// The side that got the points.
    pub team: String,
    pub by: Scorer,
    /// Points it scored for the side per finished game; `None` (JSON
    /// `null`) when no game finished.
    pub points_per_game: Option<f64>,
    /// Finished games in which it scored for the side.
    pub scored_in: Rate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PowerReport {
    /// The side of the power's controller.
    pub team: String,
    pub by: Scorer,
    /// Times it acted for the side per finished game; `None` (JSON
    /// `null`) when no game finished.
    pub acts_per_game: Option<f64>,
    /// Finished games in which it acted for the side.
    pub acted_in: Rate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FailureReport {
    pub step_limit: u64,
    pub stuck: u64,
    pub panic: u64,
    /// The first failed games (smallest index first), to replay.
    pub samples: Vec<FailureSample>,
}

impl Report {
    pub fn new(tally: &Tally) -> Report {
        let finished = tally.finished;
        let ended = |count| Rate::new(count, finished);
        let total_steps = tally.steps as f64;
        Report {
            games: tally.games,
            finished,
            failed: tally.failures.total(),
            sides: tally
                .teams
                .iter()
                .map(|team| {
                    let going_first = Rate::new(team.wins_going_first, team.went_first);
                    let going_second = Rate::new(team.wins_going_second, team.went_second);
                    SideReport {
                        team: team.team.clone(),
                        wins: Rate::new(team.wins, finished),
                        first_player_advantage: Difference::between(&going_first, &going_second),
                        going_first,
                        going_second,
                    }
                })
                .collect(),
            draws: Rate::new(tally.draws, finished),
            rounds: tally.rounds.spread(),
            mean_steps: (finished > 0).then(|| total_steps / finished as f64),
            ended: EndedReport {
                destroy_all: ended(tally.ended.destroy_all),
                victory_points: ended(tally.ended.victory_points),
                alternative: ended(tally.ended.alternative),
                victory_clock: ended(tally.ended.victory_clock),
            },
            ships: tally
                .ships
                .iter()
                .map(|ship| ShipReport {
                    team: ship.team.clone(),
                    ship: ship.ship.clone(),
                    deployed: Rate::new(ship.deployed, ship.fielded),
                    survived: Rate::new(ship.survived, ship.deployed),
                })
                .collect(),
            // A card of another side's deck is a row of the side that
            // played it, and only when it did.
            cards: tally
                .cards
                .iter()
                .filter(|card| card.deck == card.team || card.plays > 0)
                .map(|card| CardReport {
                    team: card.team.clone(),
                    card: card.card.clone(),
                    deck: card.deck.clone(),
                    prepped: card.prepped,
                    plays_per_game: (card.dealt > 0).then(|| card.plays as f64 / card.dealt as f64),
                    played_in: Rate::new(card.played_in, card.dealt),
                })
                .collect(),
            scores: tally
                .scores
                .iter()
                .map(|score| ScoreReport {
                    team: score.team.clone(),
                    by: score.by.clone(),
                    points_per_game: (finished > 0).then(|| score.points as f64 / finished as f64),
                    scored_in: Rate::new(score.scored_in, finished),
                })
                .collect(),
            powers: tally
                .powers
                .iter()
                .map(|power| PowerReport {
                    team: power.team.clone(),
                    by: power.by.clone(),
                    acts_per_game: (finished > 0).then(|| power.acts as f64 / finished as f64),
                    acted_in: Rate::new(power.acted_in, finished),
                })
                .collect(),
            failures: FailureReport {
                step_limit: tally.failures.step_limit,
                stuck: tally.failures.stuck,
                panic: tally.failures.panic,
                samples: tally.failures.samples.clone(),
            },
        }
    }

    /// Teams that never won a finished game, when games did finish.
    pub fn winless_sides(&self) -> impl Iterator<Item = &SideReport> {
        self.sides
            .iter()
            .filter(move |side| self.finished > 0 && side.wins.count == 0)
    }
}
