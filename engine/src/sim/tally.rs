//! The state of a balance report: named counts and sums, nothing else.
//!
//! A [`Tally`] is what a run (or a shard of one) writes and what `sim merge`
//! adds up. It holds only integers keyed by names (teams, ship card ids,
//! tactic card ids), never a mean or a rate, so adding the tallies of shards
//! gives exactly the tally of the whole run, in any order. The numbers
//! people read are derived from it by [`crate::sim::Report::new`].

use serde::{Deserialize, Serialize};

use crate::outcome::WinKind;
use crate::sim::stats::Histogram;

/// How many failed games of each kind a tally keeps as examples (the ones
/// with the smallest game indices, so the choice does not depend on thread
/// timing). Of each kind: a run whose first games all hang still names the
/// first one that got stuck or crashed.
pub const FAILURE_SAMPLES: usize = 10;

/// The totals of a set of games.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(expecting = "a tally of games (an object)")]
pub struct Tally {
    /// Games played, whether they finished or failed.
    pub games: u64,
    /// Games that reached an outcome.
    pub finished: u64,
    /// One entry per team, in the mission's team order.
    pub teams: Vec<TeamTally>,
    pub draws: u64,
    /// Finished games by the victory condition that ended them.
    pub ended: Ended,
    /// Game length in rounds, finished games only.
    pub rounds: Histogram,
    /// Actions applied, summed over finished games.
    pub steps: u64,
    /// One entry per ship card of each side's fleet.
    pub ships: Vec<ShipTally>,
    /// One entry per tactic card (by card id) of each side's decks.
    pub cards: Vec<CardTally>,
    /// One entry per side and what scored victory points for it, for
    /// those that scored in some finished game, ordered by side (in
    /// `teams` order), then by what scored.
    #[serde(default)]
    pub scores: Vec<ScoreTally>,
    /// One entry per side and power (a ship's power, a tactic card's, a
    /// special rule) that acted for it in some finished game, ordered as
    /// `scores`.
    #[serde(default)]
    pub powers: Vec<PowerTally>,
    pub failures: Failures,
}

/// A team's wins.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "a side's tally (an object)")]
pub struct TeamTally {
    pub team: String,
    pub wins: u64,
    /// Finished games in which a player of this team took the first turn
    /// (games over before any turn count for no team).
    pub went_first: u64,
    /// Of those, the games this team won.
    pub wins_going_first: u64,
    /// Finished games in which a player of another team took the first
    /// turn.
    pub went_second: u64,
    /// Of those, the games this team won.
    pub wins_going_second: u64,
}

/// Finished games by how they ended (wins and draws alike).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "counts of how games ended (an object)")]
pub struct Ended {
    pub destroy_all: u64,
    pub victory_points: u64,
    pub alternative: u64,
    pub victory_clock: u64,
}

impl Ended {
    pub fn add(&mut self, how: WinKind) {
        *self.slot(how) += 1;
    }

    fn slot(&mut self, how: WinKind) -> &mut u64 {
        match how {
            WinKind::DestroyAll => &mut self.destroy_all,
            WinKind::VictoryPoints => &mut self.victory_points,
            WinKind::Alternative => &mut self.alternative,
            WinKind::VictoryClock => &mut self.victory_clock,
        }
    }

    pub(crate) fn merge(&mut self, other: &Ended) -> Result<(), TallyOverflow> {
        add(&mut self.destroy_all, other.destroy_all)?;
        add(&mut self.victory_points, other.victory_points)?;
        add(&mut self.alternative, other.alternative)?;
        add(&mut self.victory_clock, other.victory_clock)
    }
}

/// How often a side's ship card survived.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "a ship card's tally (an object)")]
pub struct ShipTally {
    /// The team of the player whose fleet holds the card.
    pub team: String,
    /// The bundle's ship card id.
    pub ship: String,
    /// Finished games in which the card was in the side's fleet (in the
    /// fleet of one of its players or more: a row counts a game once).
    pub fielded: u64,
    /// Of those, the games it (a copy of it, with several) left its
    /// player's screen: launched, or carried in the hold of a card that
    /// was.
    pub deployed: u64,
    /// Of those, the games it (a copy of it) ended in play for its own
    /// side: on the battlefield (launched, not every ship destroyed), in
    /// the hold of such a ship of its side, or escaped (out of play with a
    /// ship not destroyed, as Blockade Run's escapes).
    pub survived: u64,
}

/// How often a side played a tactic card.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "a tactic card's tally (an object)")]
pub struct CardTally {
    /// The team whose players played the copies counted here.
    pub team: String,
    /// The bundle's tactic card id.
    pub card: String,
    /// The team whose deck (or prepped cards) holds the card: `team` for a
    /// side's own cards, another for a card of another side's deck that
    /// this side may come to play (a mission's draw from it).
    pub deck: String,
    /// Copies of it the side preps before each game (attached when their
    /// ship launches, never played from the hand): the same in every game
    /// of a run, so not added up by a merge.
    #[serde(default)]
    pub prepped: u32,
    /// Finished games in which the card was in the game (every finished
    /// game: fleets and decks do not change from game to game).
    pub dealt: u64,
    /// Copies the side played (from the hand) in those games.
    pub plays: u64,
    /// Games in which the side played at least one copy.
    pub played_in: u64,
}

/// What scored victory points, by name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scorer {
    /// A special rule of the mission, by name.
    Rule(String),
    /// A ship card's power: the card's id and the power's name.
    Ship { ship: String, power: String },
    /// A tactic card by id: its own `do`, or a power of it attached.
    Card(String),
}

/// The victory points one thing scored for a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "a scorer's tally (an object)")]
pub struct ScoreTally {
    /// The team that got the points.
    pub team: String,
    pub by: Scorer,
    /// Points it scored for the team, summed over the finished games.
    pub points: u64,
    /// Finished games in which it scored for the team.
    pub scored_in: u64,
}

/// How often one power acted for a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "a power's tally (an object)")]
pub struct PowerTally {
    /// The team of the power's controller.
    pub team: String,
    pub by: Scorer,
    /// Times it acted for the team (a triggered power whose conditions
    /// held, a power used as an action), summed over the finished games.
    pub acts: u64,
    /// Finished games in which it acted for the team.
    pub acted_in: u64,
}

/// A row of a tally kept per side and [`Scorer`]: a side's scores or
/// powers, whose rows come in the shards they happened in.
trait BySide: Clone {
    fn side(&self) -> (&str, &Scorer);
    fn add_from(&mut self, other: &Self) -> Result<(), TallyOverflow>;
}

impl BySide for ScoreTally {
    fn side(&self) -> (&str, &Scorer) {
        (&self.team, &self.by)
    }

    fn add_from(&mut self, other: &Self) -> Result<(), TallyOverflow> {
        add(&mut self.points, other.points)?;
        add(&mut self.scored_in, other.scored_in)
    }
}

impl BySide for PowerTally {
    fn side(&self) -> (&str, &Scorer) {
        (&self.team, &self.by)
    }

    fn add_from(&mut self, other: &Self) -> Result<(), TallyOverflow> {
        add(&mut self.acts, other.acts)?;
        add(&mut self.acted_in, other.acted_in)
    }
}

/// Adds `theirs` to `mine` row by row, then orders the rows as the whole
/// run puts them, wherever they came: by side (in `teams` order), then by
/// scorer.
fn merge_by_side<T: BySide>(
    mine: &mut Vec<T>,
    theirs: &[T],
    teams: &[&str],
) -> Result<(), TallyOverflow> {
    for row in theirs {
        match mine.iter_mut().find(|known| known.side() == row.side()) {
            Some(known) => known.add_from(row)?,
            None => mine.push(row.clone()),
        }
    }
    mine.sort_by(|left, right| {
        let side = |row: &T| teams.iter().position(|team| *team == row.side().0);
        side(left)
            .cmp(&side(right))
            .then_with(|| left.side().1.cmp(right.side().1))
    });
    Ok(())
}

/// Games that did not reach an outcome, by reason.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "the failed games (an object)")]
pub struct Failures {
    /// No outcome within the step bound: a game that would not end.
    pub step_limit: u64,
    /// No outcome, yet no legal action for the player to move.
    pub stuck: u64,
    /// The engine panicked.
    pub panic: u64,
    /// The first few failed games of each kind, smallest game index first.
    pub samples: Vec<FailureSample>,
}

impl Failures {
    /// Keeps `sample` if it is among the [`FAILURE_SAMPLES`] smallest
    /// indices seen of its kind.
    pub fn keep(&mut self, sample: FailureSample) {
        let kind = sample.kind;
        let before = self
            .samples
            .iter()
            .filter(|kept| kept.kind == kind && kept.index < sample.index)
            .count();
        if before >= FAILURE_SAMPLES {
            return;
        }
        let at = self
            .samples
            .partition_point(|kept| kept.index < sample.index);
        self.samples.insert(at, sample);
        // One over the limit at most: the last of the kind goes.
        if self.samples.iter().filter(|kept| kept.kind == kind).count() > FAILURE_SAMPLES
            && let Some(last) = self.samples.iter().rposition(|kept| kept.kind == kind)
        {
            self.samples.remove(last);
        }
    }

    /// Counts a failed game by its kind, and keeps it as an example if it
    /// is among the first of that kind ([`Failures::keep`]).
    pub fn record(&mut self, sample: FailureSample) {
        match sample.kind {
            FailureKind::Crash => self.panic += 1,
            FailureKind::Hang => self.step_limit += 1,
            FailureKind::Stuck => self.stuck += 1,
        }
        self.keep(sample);
    }

    /// Failed games of `kind`.
    pub fn count(&self, kind: FailureKind) -> u64 {
        match kind {
            FailureKind::Crash => self.panic,
            FailureKind::Hang => self.step_limit,
            FailureKind::Stuck => self.stuck,
        }
    }

    pub(crate) fn merge(&mut self, other: &Failures) -> Result<(), TallyOverflow> {
        add(&mut self.step_limit, other.step_limit)?;
        add(&mut self.stuck, other.stuck)?;
        add(&mut self.panic, other.panic)?;
        for sample in &other.samples {
            self.keep(sample.clone());
        }
        Ok(())
    }

    /// All failed games (saturating: a tally edited by hand may count past
    /// `u64`, which `sim merge` refuses as not adding up).
    pub fn total(&self) -> u64 {
        self.step_limit
            .saturating_add(self.stuck)
            .saturating_add(self.panic)
    }
}

/// How a game failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FailureKind {
    /// The engine panicked.
    Crash,
    /// No outcome within the step bound.
    Hang,
    /// No legal action, or powers setting each other off without end.
    Stuck,
}

impl FailureKind {
    pub const ALL: [FailureKind; 3] = [FailureKind::Crash, FailureKind::Hang, FailureKind::Stuck];

    /// The name results write it with.
    pub fn name(self) -> &'static str {
        match self {
            FailureKind::Crash => "crash",
            FailureKind::Hang => "hang",
            FailureKind::Stuck => "stuck",
        }
    }
}

/// One failed game, enough to play it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "a failed game (an object)")]
pub struct FailureSample {
    /// The game's index in the run.
    pub index: u64,
    pub kind: FailureKind,
    /// The game's own seed (from the run's seed and the index).
    #[serde(with = "crate::sim::seeds::seed_json")]
    pub seed: u64,
    /// What went wrong, naming the mission and the seed.
    pub message: String,
}

impl Tally {
    /// Adds `other` into `self`. Teams, ship cards and tactic cards are
    /// matched by name; ones only `other` has are appended, so tallies of
    /// runs with different default fleets still add up. A sum past `u64`
    /// (tallies edited by hand: no run counts that far) is an error, and
    /// `self` is then left partly added.
    pub fn merge(&mut self, other: &Tally) -> Result<(), TallyOverflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.finished, other.finished)?;
        add(&mut self.draws, other.draws)?;
        self.ended.merge(&other.ended)?;
        self.rounds.merge(&other.rounds).ok_or(TallyOverflow)?;
        add(&mut self.steps, other.steps)?;
        self.failures.merge(&other.failures)?;
        for theirs in &other.teams {
            match self.teams.iter_mut().find(|mine| mine.team == theirs.team) {
                Some(mine) => {
                    add(&mut mine.wins, theirs.wins)?;
                    add(&mut mine.went_first, theirs.went_first)?;
                    add(&mut mine.wins_going_first, theirs.wins_going_first)?;
                    add(&mut mine.went_second, theirs.went_second)?;
                    add(&mut mine.wins_going_second, theirs.wins_going_second)?;
                }
                None => self.teams.push(theirs.clone()),
            }
        }
        for theirs in &other.ships {
            match self
                .ships
                .iter_mut()
                .find(|mine| mine.team == theirs.team && mine.ship == theirs.ship)
            {
                Some(mine) => {
                    add(&mut mine.fielded, theirs.fielded)?;
                    add(&mut mine.deployed, theirs.deployed)?;
                    add(&mut mine.survived, theirs.survived)?;
                }
                None => self.ships.push(theirs.clone()),
            }
        }
        for theirs in &other.cards {
            match self
                .cards
                .iter_mut()
                .find(|mine| mine.team == theirs.team && mine.card == theirs.card)
            {
                Some(mine) => {
                    add(&mut mine.dealt, theirs.dealt)?;
                    add(&mut mine.plays, theirs.plays)?;
                    add(&mut mine.played_in, theirs.played_in)?;
                }
                None => self.cards.push(theirs.clone()),
            }
        }
        let teams: Vec<&str> = self.teams.iter().map(|team| team.team.as_str()).collect();
        merge_by_side(&mut self.scores, &other.scores, &teams)?;
        merge_by_side(&mut self.powers, &other.powers, &teams)?;
        Ok(())
    }
}

/// Tallies whose sum does not fit the counts' 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the counts add up past 2^64")]
pub struct TallyOverflow;

/// `into += from`, or an error past `u64`.
fn add(into: &mut u64, from: u64) -> Result<(), TallyOverflow> {
    *into = into.checked_add(from).ok_or(TallyOverflow)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{
        FAILURE_SAMPLES, FailureKind, FailureSample, Failures, ScoreTally, Scorer, ShipTally,
        Tally, TeamTally,
    };

    fn sample(index: u64) -> FailureSample {
        sample_of(FailureKind::Hang, index)
    }

    fn sample_of(kind: FailureKind, index: u64) -> FailureSample {
        FailureSample {
            index,
            kind,
            seed: index * 7,
            message: format!("game {index}"),
        }
    }

    /// Ten hangs before the first stuck game leave room for it: the
    /// samples are the first of each kind, so a finding can name a game of
    /// its own kind (it could not once the ten were all hangs).
    #[test]
    fn failure_samples_keep_the_first_of_each_kind() {
        let mut forward = Failures::default();
        let mut backward = Failures::default();
        let games: Vec<FailureSample> = (0..40)
            .map(|index| match index {
                25 | 31 => sample_of(FailureKind::Stuck, index),
                33 => sample_of(FailureKind::Crash, index),
                _ => sample_of(FailureKind::Hang, index),
            })
            .collect();
        for game in &games {
            forward.keep(game.clone());
        }
        for game in games.iter().rev() {
            backward.keep(game.clone());
        }
        assert_eq!(forward, backward);
        let kept: Vec<(FailureKind, u64)> = forward
            .samples
            .iter()
            .map(|sample| (sample.kind, sample.index))
            .collect();
        let mut expected: Vec<(FailureKind, u64)> =
            (0..10).map(|index| (FailureKind::Hang, index)).collect();
        expected.extend([
            (FailureKind::Stuck, 25),
            (FailureKind::Stuck, 31),
            (FailureKind::Crash, 33),
        ]);
        assert_eq!(kept, expected);
    }

    #[test]
    fn failure_samples_keep_the_smallest_indices_whatever_the_order() {
        let mut forward = Failures::default();
        let mut backward = Failures::default();
        for index in 0..30 {
            forward.keep(sample(index));
            backward.keep(sample(29 - index));
        }
        assert_eq!(forward, backward);
        assert_eq!(forward.samples.len(), FAILURE_SAMPLES);
        assert_eq!(forward.samples[0].index, 0);
        assert_eq!(forward.samples[FAILURE_SAMPLES - 1].index, 9);
    }

    #[test]
    fn merging_matches_by_name() {
        let team = |name: &str, wins| TeamTally {
            team: name.to_owned(),
            wins,
            went_first: 1,
            wins_going_first: 0,
            went_second: 1,
            wins_going_second: wins,
        };
        let ship = |team: &str, ship: &str| ShipTally {
            team: team.to_owned(),
            ship: ship.to_owned(),
            fielded: 2,
            deployed: 2,
            survived: 1,
        };
        let mut left = Tally {
            games: 2,
            teams: vec![team("isn", 1), team("wretch", 1)],
            ships: vec![ship("isn", "isn-everest")],
            ..Tally::default()
        };
        let right = Tally {
            games: 3,
            teams: vec![team("wretch", 2), team("isn", 0)],
            ships: vec![ship("wretch", "red-fuvu"), ship("isn", "isn-everest")],
            ..Tally::default()
        };
        left.merge(&right).unwrap();
        assert_eq!(left.games, 5);
        assert_eq!(left.teams[0].wins, 1);
        assert_eq!(left.teams[1].wins, 3);
        assert_eq!(left.teams[1].went_first, 2);
        assert_eq!(left.teams[1].wins_going_second, 3);
        assert_eq!(left.ships.len(), 2);
        assert_eq!(left.ships[0].fielded, 4);
        assert_eq!(left.ships[0].deployed, 4);
        assert_eq!(left.ships[1].ship, "red-fuvu");
    }

    /// Scorers come in the shards they scored in: merged by side and
    /// scorer, and ordered as one run orders them (by side, then scorer)
    /// whichever shard had them first.
    #[test]
    fn score_rows_merge_by_side_and_scorer_in_the_runs_order() {
        let team = |name: &str| TeamTally {
            team: name.to_owned(),
            ..TeamTally::default()
        };
        let score = |team: &str, by: Scorer, points| ScoreTally {
            team: team.to_owned(),
            by,
            points,
            scored_in: 1,
        };
        let rule = || Scorer::Rule("Victory points".to_owned());
        let card = || Scorer::Card("plunder".to_owned());
        let mut left = Tally {
            teams: vec![team("wretch"), team("isn")],
            scores: vec![score("isn", rule(), 2)],
            ..Tally::default()
        };
        let right = Tally {
            teams: vec![team("wretch"), team("isn")],
            scores: vec![
                score("wretch", card(), 1),
                score("wretch", rule(), 3),
                score("isn", rule(), 5),
            ],
            ..Tally::default()
        };
        left.merge(&right).unwrap();
        let rows: Vec<(&str, &Scorer, u64, u64)> = left
            .scores
            .iter()
            .map(|row| (row.team.as_str(), &row.by, row.points, row.scored_in))
            .collect();
        assert_eq!(
            rows,
            [
                ("wretch", &rule(), 3, 1),
                ("wretch", &card(), 1, 1),
                ("isn", &rule(), 7, 2),
            ]
        );
    }

    #[test]
    fn counts_past_64_bits_are_an_error_not_a_wrap() {
        let mut left = Tally {
            games: u64::MAX,
            ..Tally::default()
        };
        let right = Tally {
            games: 1,
            ..Tally::default()
        };
        assert_eq!(left.merge(&right), Err(super::TallyOverflow));
        let mut left = Tally::default();
        left.rounds.add(3);
        let mut right = left.clone();
        assert_eq!(left.merge(&right), Ok(()));
        assert_eq!(left.rounds.len(), 2);
        // Steps past 64 bits.
        right.steps = u64::MAX;
        left.steps = 1;
        assert!(left.merge(&right).is_err());
    }
}
