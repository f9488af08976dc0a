//! The static data of one game: everything fixed once the mission and the
//! fleets are known, shared by every clone of the game through an `Arc`.
//!
//! Built by [`crate::setup`] from the bundle: the battlefield geometry, the
//! seats, energy pools and decks, one entry per ship card, ship and tactic
//! card in play, weapons with their numbers, and hit charts parsed once into
//! bitsets. The mutable state ([`crate::state::State`]) refers to all of it
//! by index.

use std::ops::Range;
use std::sync::Arc;

use spacedock_schema::bundle::Bundle;
use spacedock_schema::common::{Icon, Phase, Size, TacticType};
use spacedock_schema::rules::Rules;
use spacedock_schema::ship::{ChartCell, Slots};

use crate::board::{Board, Pos};
use crate::ids::{PlayerId, ShipCardId, ShipId, TeamId};
use crate::powers::Powers;

/// Static data of a game.
#[derive(Debug)]
pub(crate) struct Data {
    pub(crate) bundle: Arc<Bundle>,
    pub(crate) mission: usize,
    pub(crate) board: Board,
    pub(crate) players: Vec<PlayerData>,
    pub(crate) teams: Vec<TeamData>,
    pub(crate) pools: Vec<PoolData>,
    pub(crate) decks: Vec<DeckData>,
    pub(crate) cards: Vec<CardData>,
    /// The ship card of each ship.
    pub(crate) ships: Vec<ShipCardId>,
    pub(crate) tactics: Vec<TacticData>,
    pub(crate) kinds: Vec<KindData>,
    pub(crate) charts: Vec<HitChart>,
    pub(crate) powers: Powers,
    /// Whether any power or event can ask a player a question
    /// ([`crate::question::asks`]).
    pub(crate) asks: bool,
}

impl PartialEq for Data {
    fn eq(&self, other: &Data) -> bool {
        // Two games share static data when they play the same mission of the
        // same bundle with the same fleets and decks.
        self.bundle.content_hash == other.bundle.content_hash
            && self.mission == other.mission
            && self.cards == other.cards
            && self.tactics == other.tactics
    }
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) struct PlayerData {
    pub(crate) name: String,
    pub(crate) faction: String,
    pub(crate) team: TeamId,
    /// Index of the starting zone in the board's zones.
    pub(crate) zone: usize,
    /// The energy pool the player spends from (their own or their team's).
    pub(crate) pool: u8,
    /// The tactic deck the player draws from (their own or their team's).
    pub(crate) deck: u8,
    /// Whether the player may put ships in transport holds.
    pub(crate) transport: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) struct TeamData {
    pub(crate) name: String,
}

/// An energy pool: a player's own, or a team's shared one.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct PoolData {
    pub(crate) start: i32,
    pub(crate) per_phase: i32,
    /// Gained instead in the game's very first energy phase.
    pub(crate) first_phase: i32,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) struct DeckData {
    /// The players who draw from it.
    pub(crate) players: Vec<PlayerId>,
    /// Tactic cards belonging to it (deck and prepped): an empty deck
    /// never runs out.
    pub(crate) size: usize,
}

/// A weapon's numbers, as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WeaponData {
    pub(crate) charge_cost: i32,
    pub(crate) range: i32,
    pub(crate) attacks: i32,
    pub(crate) strength: i32,
    /// Index into the ruleset's damage types.
    pub(crate) damage_type: Option<u8>,
    /// How a hit is applied: as an attack's damage, or (a weapon's
    /// `damage = "shield"` or `"hull"`) as direct shield or hull damage.
    pub(crate) damage: crate::rules::damage::Damage,
}

impl WeaponData {
    /// A weapon table of the bundle (printed, attached or granted by an
    /// `extra-weapon` effect), its damage type resolved against the
    /// ruleset's list.
    pub(crate) fn from_schema(
        weapon: &spacedock_schema::common::Weapon,
        damage_types: &[String],
    ) -> WeaponData {
        use spacedock_schema::common::WeaponDamage;
        WeaponData {
            charge_cost: weapon.charge_cost as i32,
            range: weapon.range as i32,
            attacks: weapon.attacks as i32,
            strength: weapon.strength as i32,
            damage_type: weapon.damage_type.as_ref().and_then(|name| {
                damage_types
                    .iter()
                    .position(|known| known == name)
                    .map(|index| index as u8)
            }),
            damage: match weapon.damage {
                WeaponDamage::Normal => crate::rules::damage::Damage::Attack,
                WeaponDamage::Shield => crate::rules::damage::Damage::Shield,
                WeaponDamage::Hull => crate::rules::damage::Damage::Hull,
            },
        }
    }
}

/// A ship card in play, in the version its fleet brought.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct CardData {
    pub(crate) owner: PlayerId,
    /// Indexes of the ship card and of its version in the bundle.
    pub(crate) ship: usize,
    pub(crate) version: usize,
    /// The first bundle ship card of this card's name: two cards a pack
    /// gave one name under two ids share it ("a ship with the same name").
    pub(crate) name_group: usize,
    pub(crate) size: Size,
    pub(crate) icon: Icon,
    pub(crate) faction: String,
    pub(crate) ships: Range<u16>,
    pub(crate) launch_cost: i32,
    pub(crate) activation_cost: i32,
    pub(crate) movement: i32,
    pub(crate) shield: i32,
    pub(crate) hull: i32,
    pub(crate) capacity: i32,
    pub(crate) slots: Slots,
    /// The primary weapon first, then the secondary ones.
    pub(crate) weapons: Vec<WeaponData>,
    pub(crate) chart: usize,
    /// Cards a player-supplied build carries in this card's hold.
    pub(crate) hold_plan: Vec<ShipCardId>,
    /// Placed on the battlefield at setup.
    pub(crate) start: Option<StartData>,
}

impl CardData {
    pub(crate) fn ship_ids(&self) -> impl Iterator<Item = ShipId> + use<> {
        self.ships.clone().map(ShipId)
    }
}

/// A mission's `start` entry for a ship card.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct StartData {
    /// One position per ship, or empty: the player places them in the zone.
    pub(crate) at: Vec<Pos>,
    pub(crate) shields: Option<i32>,
    pub(crate) hull_damage: i32,
    /// Bundle indexes of the prepped tactic cards attached at setup.
    pub(crate) attached: Vec<usize>,
}

/// One physical tactic card.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct TacticData {
    /// Index into [`Data::kinds`] (the bundle's tactic cards).
    pub(crate) kind: usize,
    /// The deck whose discard pile it goes to.
    pub(crate) deck: u8,
}

/// A tactic card as printed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct KindData {
    /// The first kind of the bundle with this kind's name: cards of one
    /// name (a pack's own printing of a card) count as one for the
    /// "2 heroes with the same name" rule.
    pub(crate) name_group: u16,
    pub(crate) kind: TacticType,
    pub(crate) icon: Option<Icon>,
    pub(crate) phase: Phase,
    pub(crate) cost: i32,
    pub(crate) faction: String,
    pub(crate) weapon: Option<WeaponData>,
}

/// A hit-location chart as two bitsets over `letter_die * number_die` cells,
/// row by row of the number die.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct HitChart {
    letters: u32,
    hits: Vec<u64>,
    criticals: Vec<u64>,
}

impl HitChart {
    /// Parses the bundle's chart lines (`.` miss, `#` hit, `*` critical).
    pub(crate) fn parse(lines: &[String], letters: u32, numbers: u32) -> HitChart {
        let cells = (letters * numbers) as usize;
        let mut chart = HitChart {
            letters,
            hits: vec![0; cells.div_ceil(64)],
            criticals: vec![0; cells.div_ceil(64)],
        };
        for (row, line) in lines.iter().take(numbers as usize).enumerate() {
            for (column, c) in line.chars().take(letters as usize).enumerate() {
                let cell = row * letters as usize + column;
                match ChartCell::from_char(c) {
                    Some(ChartCell::Hit) => chart.hits[cell / 64] |= 1 << (cell % 64),
                    Some(ChartCell::Critical) => {
                        chart.hits[cell / 64] |= 1 << (cell % 64);
                        chart.criticals[cell / 64] |= 1 << (cell % 64);
                    }
                    Some(ChartCell::Miss) | None => {}
                }
            }
        }
        chart
    }

    /// The cell at a roll (`letter` and `number` from 1).
    pub(crate) fn cell(&self, letter: u32, number: u32) -> ChartCell {
        let cell = ((number - 1) * self.letters + (letter - 1)) as usize;
        let bit = 1 << (cell % 64);
        if self.criticals[cell / 64] & bit != 0 {
            ChartCell::Critical
        } else if self.hits[cell / 64] & bit != 0 {
            ChartCell::Hit
        } else {
            ChartCell::Miss
        }
    }

    /// How many cells are hits (critical stars included).
    pub(crate) fn hit_cells(&self) -> u32 {
        self.hits.iter().map(|word| word.count_ones()).sum()
    }
}

impl Data {
    pub(crate) fn rules(&self) -> &Rules {
        &self.bundle.rules
    }

    #[inline]
    pub(crate) fn card_of(&self, ship: ShipId) -> ShipCardId {
        self.ships[ship.index()]
    }

    #[inline]
    pub(crate) fn card(&self, card: ShipCardId) -> &CardData {
        &self.cards[card.index()]
    }

    #[inline]
    pub(crate) fn size_of(&self, ship: ShipId) -> Size {
        self.cards[self.card_of(ship).index()].size
    }

    pub(crate) fn kind_of(&self, tactic: crate::ids::TacticId) -> &KindData {
        &self.kinds[self.tactics[tactic.index()].kind]
    }

    #[inline]
    pub(crate) fn team_of(&self, player: PlayerId) -> TeamId {
        self.players[player.index()].team
    }

    /// The spaces a card's ships fill on the battlefield or in a hold.
    pub(crate) fn spaces(&self, card: ShipCardId) -> i32 {
        let data = self.card(card);
        (self.rules().footprint.get(data.size) * data.ships.len() as u32) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Dice;

    fn chart() -> HitChart {
        // Seasoned Chosh Ka.
        let lines: Vec<String> = [
            "..........",
            ".......#..",
            "..###.##..",
            "...##*##..",
            "..######..",
            "...#..#...",
            "..........",
            "..........",
        ]
        .iter()
        .map(|line| (*line).to_owned())
        .collect();
        HitChart::parse(&lines, 10, 8)
    }

    #[test]
    fn charts_read_letters_as_columns_and_numbers_as_rows() {
        let chart = chart();
        assert_eq!(chart.cell(4, 4), ChartCell::Hit, "D-4");
        assert_eq!(chart.cell(6, 4), ChartCell::Critical, "F-4");
        assert_eq!(chart.cell(1, 1), ChartCell::Miss, "A-1");
        assert_eq!(chart.hit_cells(), 1 + 5 + 5 + 6 + 2);
    }

    #[test]
    fn sampled_hit_frequency_matches_hit_cells_over_80() {
        let chart = chart();
        let exact = f64::from(chart.hit_cells()) / 80.0;
        let mut dice = Dice::new(42);
        let rolls = 80_000;
        let hits = (0..rolls)
            .filter(|_| {
                let letter = dice.roll_letter(10);
                let number = dice.roll(8);
                chart.cell(letter, number) != ChartCell::Miss
            })
            .count();
        let sampled = hits as f64 / f64::from(rolls);
        let sigma = (exact * (1.0 - exact) / f64::from(rolls)).sqrt();
        assert!(
            (sampled - exact).abs() < 4.0 * sigma,
            "sampled {sampled}, exact {exact}"
        );
    }

    #[test]
    fn every_face_of_a_die_comes_up_evenly() {
        let mut dice = Dice::new(7);
        let mut counts = [0u32; 8];
        for _ in 0..80_000 {
            counts[dice.roll(8) as usize - 1] += 1;
        }
        for count in counts {
            assert!((9_500..10_500).contains(&count), "{counts:?}");
        }
    }
}
