//! The compiled powers of one game: the bundle's structured powers (the
//! effect language of docs/effects.md) turned, once at setup, into closed
//! enums over the game's own indices.
//!
//! Ship powers are compiled per ship card in play (its version's powers),
//! tactic cards per card kind (their play and their powers while
//! attached), special rules per mission. Every reference becomes an index:
//! ship cards to bundle ship indices, factions to bundle faction indices,
//! zones to board zones, damage types to the ruleset's list, prepped cards
//! to tactic kinds. An `ignore-power` rule is applied here, by leaving the
//! ignored power out. Nothing here is a string.

use std::cell::RefCell;

use spacedock_schema::bundle::Bundle;
use spacedock_schema::common::{Icon, Size, TacticType, Weapon};
use spacedock_schema::effect::{
    self as lang, Clause, Condition, Dice, Effect, Limit, Pegs, PlayerRef, Rest, Role, Selector,
    Shields, Spaces, StartingZone, Stat as LangStat, Trigger, Until, WeaponSlot,
};
use spacedock_schema::rules::Obstacle;

use crate::data::{CardData, Data, WeaponData};
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId, TacticId};
use crate::rules::damage::Damage;

/// Where a power comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// A ship card in play (its version's power).
    Ship(ShipCardId),
    /// A tactic card kind (a bundle tactic index): each attached copy.
    Card(u16),
    /// A mission special rule, for the players of the mask (bit per seat).
    Rule(u32),
}

/// One place a power may act from: its ship card, one copy of its card
/// kind, or one seat its rule is for. The power acts once for each of its
/// origins in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    Ship(ShipCardId),
    Copy(TacticId),
    Seat(PlayerId),
}

/// Ships: a role narrowed by filters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sel {
    pub(crate) role: Role,
    /// Bundle ship index.
    pub(crate) ship: Option<u16>,
    /// Bundle faction index.
    pub(crate) faction: Option<u8>,
    /// Bit per size (small 1, medium 2, large 4); 0: any.
    pub(crate) sizes: u8,
    pub(crate) icon: Option<Icon>,
    /// `Some(true)`: shields up.
    pub(crate) shields: Option<bool>,
    pub(crate) zone: Option<Zone>,
    pub(crate) next_to: Option<Obstacle>,
    pub(crate) within: Option<(u8, Box<Sel>)>,
    pub(crate) except: Option<Role>,
}

/// The zone a selector's ships stand in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Zone {
    /// A zone of the battlefield by index (`u8::MAX`: none of it).
    Board(u8),
    /// A player's starting zone, by whose it is.
    Starting(StartingZone),
}

impl Zone {
    /// The zone of the battlefield it is for `player`, the power's
    /// controller. Of the enemies' zones, the first enemy's: with one
    /// enemy, the only one; `None` with none.
    pub(crate) fn board_zone(self, game: &Game, player: PlayerId) -> Option<usize> {
        let players = &game.data.players;
        match self {
            Zone::Board(zone) => Some(usize::from(zone)),
            Zone::Starting(StartingZone::Yours) => Some(players[player.index()].zone),
            Zone::Starting(StartingZone::Enemy) => {
                let team = players[player.index()].team;
                players
                    .iter()
                    .find(|other| other.team != team)
                    .map(|enemy| enemy.zone)
            }
        }
    }
}

impl Sel {
    /// Whether the selector may pick a ship of a card by its print: its
    /// ship, size and icon (what no power and no move changes).
    pub(crate) fn fits_print(&self, card: &CardData) -> bool {
        self.ship
            .is_none_or(|wanted| usize::from(wanted) == card.ship)
            && (self.sizes == 0 || self.sizes & size_bit(card.size) != 0)
            && self.icon.is_none_or(|icon| icon == card.icon)
    }

    /// Whether the selector is its role alone, of a role whose candidates
    /// ([`crate::effects::eval`]'s) all belong to it: it picks every one
    /// of them on the battlefield.
    pub(crate) fn picks_its_candidates(&self) -> bool {
        !matches!(self.role, Role::Friendly | Role::Enemy) && *self == Sel::role(self.role)
    }

    pub(crate) fn role(role: Role) -> Sel {
        Sel {
            role,
            ship: None,
            faction: None,
            sizes: 0,
            icon: None,
            shields: None,
            zone: None,
            next_to: None,
            within: None,
            except: None,
        }
    }
}

pub(crate) fn size_bit(size: Size) -> u8 {
    match size {
        Size::Small => 1,
        Size::Medium => 2,
        Size::Large => 4,
    }
}

pub(crate) fn type_bit(kind: TacticType) -> u8 {
    match kind {
        TacticType::Event => 1,
        TacticType::Hero => 2,
        TacticType::ShipUpgrade => 4,
        TacticType::AdditionalWeapon => 8,
        TacticType::Sabotage => 16,
    }
}

/// A compiled condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cond {
    Acting(Sel),
    Affected(Sel),
    Exists(Sel),
    None(Sel),
    Card { faction: Option<u8>, types: u8 },
    Weapon(WeaponSlot),
    Turn(PlayerRef),
    DamageDealt { pegs: Pegs, at_least: i32 },
    Unlaunched { ship: u16 },
    Round(Bounds),
    VictoryPoints { player: PlayerRef, bounds: Bounds },
    Energy { player: PlayerRef, bounds: Bounds },
    Count { sel: Sel, bounds: Bounds },
}

/// The numbers a `round`, `victory-points`, `energy` or `count` condition
/// accepts, both ends included; a bound left out accepts every number on
/// its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub(crate) at_least: u32,
    pub(crate) at_most: u32,
}

impl Bounds {
    fn new(at_least: Option<u32>, at_most: Option<u32>) -> Bounds {
        Bounds {
            at_least: at_least.unwrap_or(0),
            at_most: at_most.unwrap_or(u32::MAX),
        }
    }

    pub(crate) fn contains(self, number: u32) -> bool {
        (self.at_least..=self.at_most).contains(&number)
    }
}

/// A number a `modify` changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum StatKind {
    Range,
    Attacks,
    Strength,
    ChargeCost,
    Move,
    ActivationCost,
    CardCost,
    Capacity,
    EcmThreshold,
    Damage,
}

impl StatKind {
    /// Whether the number belongs to a ship card as a whole, not to each
    /// of its ships: changed once for a card however many of its ships an
    /// effect selects.
    pub(crate) fn of_card(self) -> bool {
        matches!(
            self,
            StatKind::ActivationCost | StatKind::CardCost | StatKind::Capacity
        )
    }
}

impl From<LangStat> for StatKind {
    fn from(stat: LangStat) -> StatKind {
        match stat {
            LangStat::Range => StatKind::Range,
            LangStat::Attacks => StatKind::Attacks,
            LangStat::Strength => StatKind::Strength,
            LangStat::ChargeCost => StatKind::ChargeCost,
            LangStat::Move => StatKind::Move,
            LangStat::ActivationCost => StatKind::ActivationCost,
            LangStat::CardCost => StatKind::CardCost,
            LangStat::Capacity => StatKind::Capacity,
            LangStat::EcmThreshold => StatKind::EcmThreshold,
            LangStat::Damage => StatKind::Damage,
        }
    }
}

/// A compiled `modify`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Modify {
    pub(crate) stat: StatKind,
    pub(crate) amount: i32,
    pub(crate) target: Sel,
    pub(crate) weapon: Option<WeaponSlot>,
    pub(crate) card_type: Option<TacticType>,
    /// For `damage`: the damage type it changes (`None`: every type).
    pub(crate) damage_type: Option<u8>,
    pub(crate) minimum: Option<i32>,
    pub(crate) until: Option<Until>,
}

/// A compiled effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Eff {
    GainEnergy {
        amount: i32,
        player: PlayerRef,
    },
    SpendEnergy {
        amount: i32,
        player: PlayerRef,
    },
    Draw {
        count: u32,
        player: PlayerRef,
    },
    Discard {
        count: u32,
        player: PlayerRef,
    },
    Damage {
        damage: Damage,
        amount: i32,
        damage_type: Option<u8>,
        target: Sel,
    },
    AddShields {
        amount: i32,
        target: Sel,
    },
    RemoveShields {
        amount: i32,
        target: Sel,
    },
    Repair {
        amount: i32,
        target: Sel,
    },
    Modify(Modify),
    /// The target ships get a weapon to charge: an index into
    /// [`Program::extra_weapons`].
    ExtraWeapon {
        weapon: u16,
        target: Sel,
        until: Option<Until>,
    },
    TakeControl {
        target: Sel,
    },
    LaunchShip {
        ship: u16,
        discount: i32,
        near: Option<(u8, Sel)>,
    },
    MoveShip {
        spaces: u8,
        target: Sel,
    },
    MoveObstacles {
        obstacle: Obstacle,
        count: u8,
        /// `None`: rolled on the number die for each obstacle.
        spaces: Option<u8>,
        ram: Option<(i32, Option<u8>)>,
    },
    Score {
        points: u32,
    },
    Escape {
        target: Sel,
        points: [u32; 3],
    },
    DrawFrom {
        look: u8,
        keep: u8,
        rest: Rest,
    },
    TreatAsFaction {
        faction: u8,
        target: Sel,
    },
    AttachPrepped {
        target: Sel,
    },
    RollTable {
        rows: Vec<(u32, u32, Vec<Eff>)>,
    },
    Reroll {
        dice: Dice,
    },
    CancelHit,
    DenyCover {
        target: Sel,
        until: Option<Until>,
    },
    PreventDamage {
        damage_type: Option<u8>,
        target: Sel,
    },
    AttackRangeLimit {
        range: i32,
        target: Sel,
    },
    Survive,
    Detach,
    QuickLaunch {
        target: Sel,
    },
    Choose {
        player: PlayerRef,
        options: Vec<(i32, Vec<Eff>)>,
    },
    If {
        conditions: Vec<Cond>,
        then: Vec<Eff>,
        otherwise: Vec<Eff>,
    },
}

impl Eff {
    /// Whether this effect, or one it may run (a branch of an `if`, an
    /// option of a `choose`, a row of a die table), is one `is` picks.
    pub(crate) fn may_run(&self, is: fn(&Eff) -> bool) -> bool {
        let within = |effects: &[Eff]| effects.iter().any(|effect| effect.may_run(is));
        is(self)
            || match self {
                Eff::If {
                    then, otherwise, ..
                } => within(then) || within(otherwise),
                Eff::Choose { options, .. } => options.iter().any(|(_, effects)| within(effects)),
                Eff::RollTable { rows } => rows.iter().any(|(_, _, effects)| within(effects)),
                _ => false,
            }
    }
}

/// A compiled clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Power {
    pub(crate) source: Source,
    /// Its place (from 0) in its source's list in the bundle: the powers
    /// of a ship card's version or of a tactic card, or the mission's
    /// special rules. Events name the power by it.
    pub(crate) place: u16,
    /// Where the source may act from in this game, in the order its
    /// instances act (copies in card order, seats in seat order).
    pub(crate) origins: Vec<Origin>,
    pub(crate) when: Option<Trigger>,
    pub(crate) conditions: Vec<Cond>,
    pub(crate) effects: Vec<Eff>,
    pub(crate) optional: bool,
    pub(crate) cost: i32,
    pub(crate) limit: Option<Limit>,
}

/// What playing a tactic card kind does, and where it may be played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Play {
    pub(crate) when: Option<Trigger>,
    pub(crate) target: Option<Sel>,
    pub(crate) conditions: Vec<Cond>,
    pub(crate) effects: Vec<Eff>,
    /// Whether the card has any structure: an event without is not playable.
    pub(crate) structured: bool,
}

/// A continuous power that may change a number of a ship card: an entry of
/// [`Program::modifying`] and [`Program::limited`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Modifier {
    pub(crate) power: u16,
    /// Every `modify` of the number in the power that may pick the card's
    /// ships picks the ship its source is attached to: only a copy
    /// attached to the card itself can change the number.
    pub(crate) attached_only: bool,
}

/// The compiled powers of one game (static data).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Program {
    pub(crate) powers: Vec<Power>,
    /// Per tactic kind (bundle tactic index).
    pub(crate) plays: Vec<Play>,
    /// Per tactic kind: its faction (bundle faction index).
    pub(crate) kind_faction: Vec<u8>,
    /// Per ship card in play: its faction (bundle faction index).
    pub(crate) card_faction: Vec<u8>,
    /// Prepped cards: (player, tactic kind, bundle ship index).
    pub(crate) prepped: Vec<(PlayerId, u16, u16)>,
    /// Whether any effect anywhere modifies each [`StatKind`], continuous
    /// or lasting: a quick exit for the many queries of the others.
    pub(crate) modifies: [bool; STATS],
    /// Per [`StatKind`], when no effect that may act in this game raises
    /// it: the highest floor (`minimum`) of those that lower it
    /// (`i32::MIN` if none has one). The number is then never above the
    /// larger of its print and this cap.
    pub(crate) caps: [Option<i32>; STATS],
    /// Per [`StatKind`] ([`stat_index`]) and ship card: the continuous
    /// powers in play in this game with a `modify` of it that is not
    /// lasting and may pick a ship of the card, in program order. Every
    /// number the rules ask for reads only these, not the whole program.
    pub(crate) modifying: [Vec<Vec<Modifier>>; STATS],
    /// Per [`StatKind`] and ship card: whether its [`Program::modifying`]
    /// list holds a power that is not attached-only.
    pub(crate) unattached: [Vec<bool>; STATS],
    /// Per [`StatKind`] and tactic card: whether it is an origin of an
    /// attached-only power of a [`Program::modifying`] list. A card with
    /// no such list and carrying none of these has its number changed by
    /// no power.
    pub(crate) carried: [Vec<bool>; STATS],
    /// Per [`StatKind`] and ship card: the limited continuous powers with
    /// any `modify` of it that may pick a ship of the card, used up when
    /// the number is used.
    pub(crate) limited: [Vec<Vec<Modifier>>; STATS],
    /// Per [`StatKind`]: whether some card's [`Program::limited`] list
    /// holds a power; for the others, using the number uses up nothing.
    pub(crate) limits: [bool; STATS],
    /// The mission's rules that score for a ship of the player's in a
    /// zone ([`crate::effects::worth::hold_zone`]): read at every greedy
    /// step, found once.
    pub(crate) holds: Vec<u16>,
    /// Per [`Status`]: the continuous powers with an effect of it.
    pub(crate) statuses: [Vec<u16>; STATUSES],
    /// Continuous powers with a `draw-from`: the energy phase's
    /// alternative draws.
    pub(crate) draws: Vec<u16>,
    /// Per trigger (`When as usize`): the powers listening to it, in
    /// program order, so that firing a trigger visits only them; for an
    /// action window (or `instead-of-move`), the powers used in it.
    pub(crate) listening: [Vec<u16>; TRIGGERS],
    /// Per power: the role (`self` or `attached-ship`) a condition of it
    /// wants an acting ship in, if one does. The power then hears only the
    /// triggers whose acting ships include its own card's (or the card its
    /// card is attached to), and the others are passed over unread.
    pub(crate) actors: Vec<Option<Role>>,
    /// Per trigger: the event card kinds (bundle tactic indices, in order)
    /// whose play answers it from a player's hand.
    pub(crate) answers: [Vec<u16>; TRIGGERS],
    /// Per tactic card: a bit (`1 << When as usize`) for each trigger its
    /// kind is among the [`Program::answers`] of, so that a hand is
    /// searched for an answer with one look at each card.
    pub(crate) answering: Vec<u32>,
    /// The weapons `extra-weapon` effects grant, with their names:
    /// `WeaponRef::Extra` indexes them.
    pub(crate) extra_weapons: Vec<(String, WeaponData)>,
}

impl Program {
    pub(crate) fn is_empty(&self) -> bool {
        self.powers.is_empty() && self.plays.iter().all(|play| !play.structured)
    }

    /// The powers listening to a trigger, in program order.
    #[inline]
    pub(crate) fn listening(&self, when: Trigger) -> &[u16] {
        &self.listening[when as usize]
    }

    /// The event card kinds whose play answers a trigger, in kind order.
    #[inline]
    pub(crate) fn answers(&self, when: Trigger) -> &[u16] {
        &self.answers[when as usize]
    }
}

/// How many language triggers there are: the size of the per-trigger
/// indices (and at most the bits of a `u32`, for [`Program::answering`]).
const TRIGGERS: usize = Trigger::ALL.len();
const _: () = assert!(TRIGGERS <= 32);

/// A status a continuous power may give: what the rules ask about besides
/// numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    PreventDamage,
    /// Cover denied while the power holds (not a lasting denial).
    DenyCover,
    AttackRangeLimit,
    /// A weapon granted while the power holds (not a lasting one).
    ExtraWeapon,
    QuickLaunch,
    TreatAsFaction,
}

const STATUSES: usize = 6;

impl Status {
    /// The status an effect gives while its power holds, if any.
    pub(crate) fn of(effect: &Eff) -> Option<Status> {
        Some(match effect {
            Eff::PreventDamage { .. } => Status::PreventDamage,
            Eff::DenyCover { until: None, .. } => Status::DenyCover,
            Eff::AttackRangeLimit { .. } => Status::AttackRangeLimit,
            Eff::ExtraWeapon { until: None, .. } => Status::ExtraWeapon,
            Eff::QuickLaunch { .. } => Status::QuickLaunch,
            Eff::TreatAsFaction { .. } => Status::TreatAsFaction,
            _ => return None,
        })
    }
}

/// How many [`StatKind`]s there are.
pub(crate) const STATS: usize = 10;

/// Every [`StatKind`], in [`stat_index`] order.
pub(crate) const STAT_KINDS: [StatKind; STATS] = [
    StatKind::Range,
    StatKind::Attacks,
    StatKind::Strength,
    StatKind::ChargeCost,
    StatKind::Move,
    StatKind::ActivationCost,
    StatKind::CardCost,
    StatKind::Capacity,
    StatKind::EcmThreshold,
    StatKind::Damage,
];

pub(crate) fn stat_index(stat: StatKind) -> usize {
    match stat {
        StatKind::Range => 0,
        StatKind::Attacks => 1,
        StatKind::Strength => 2,
        StatKind::ChargeCost => 3,
        StatKind::Move => 4,
        StatKind::ActivationCost => 5,
        StatKind::CardCost => 6,
        StatKind::Capacity => 7,
        StatKind::EcmThreshold => 8,
        StatKind::Damage => 9,
    }
}

/// Resolves the bundle's references against one game's data.
struct Compiler<'a> {
    bundle: &'a Bundle,
    data: &'a Data,
    /// Extra weapons met so far: the compiler works through shared
    /// references, and an effect gets its weapon's index as it is compiled.
    extra_weapons: RefCell<Vec<(String, WeaponData)>>,
}

impl Compiler<'_> {
    fn extra_weapon(&self, weapon: &Weapon) -> u16 {
        let mut weapons = self.extra_weapons.borrow_mut();
        weapons.push((
            weapon.name.clone(),
            WeaponData::from_schema(weapon, &self.bundle.rules.damage_types),
        ));
        u16::try_from(weapons.len() - 1).unwrap_or(u16::MAX)
    }

    fn ship(&self, name: &str) -> u16 {
        crate::setup::ship_index(self.bundle, name).unwrap_or(usize::from(u16::MAX)) as u16
    }

    fn faction(&self, name: &str) -> u8 {
        crate::setup::id_or_name(&self.bundle.factions, name, |faction| {
            (&faction.id, &faction.name)
        })
        .unwrap_or(usize::from(u8::MAX)) as u8
    }

    fn damage_type(&self, name: &str) -> Option<u8> {
        self.bundle
            .rules
            .damage_types
            .iter()
            .position(|known| known == name)
            .map(|index| index as u8)
    }

    fn selector(&self, selector: &Selector) -> Sel {
        match selector {
            Selector::Role(role) => Sel::role(*role),
            Selector::Filter(filter) => self.filter(filter),
        }
    }

    fn filter(&self, filter: &lang::ShipFilter) -> Sel {
        Sel {
            role: filter.is,
            ship: filter.ship.as_deref().map(|name| self.ship(name)),
            faction: filter.faction.as_deref().map(|name| self.faction(name)),
            sizes: filter
                .size
                .iter()
                .fold(0, |bits, size| bits | size_bit(*size)),
            icon: filter.icon,
            shields: filter.shields.map(|shields| shields == Shields::Up),
            zone: filter.zone.as_deref().map(|name| {
                StartingZone::named(name).map_or_else(
                        || {
                            Zone::Board(
                                self.data.board.zone(name).unwrap_or(usize::from(u8::MAX)) as u8
                            )
                        },
                        Zone::Starting,
                    )
            }),
            next_to: filter.next_to,
            within: filter
                .within
                .zip(filter.of.as_ref())
                .map(|(within, of)| (within.min(255) as u8, Box::new(self.selector(of)))),
            except: filter.except,
        }
    }

    fn condition(&self, condition: &Condition) -> Cond {
        match condition {
            Condition::ActingShip(filter) => Cond::Acting(self.filter(filter)),
            Condition::AffectedShip(filter) => Cond::Affected(self.filter(filter)),
            Condition::Exists(filter) => Cond::Exists(self.filter(filter)),
            Condition::None(filter) => Cond::None(self.filter(filter)),
            Condition::Card { faction, types } => Cond::Card {
                faction: faction.as_deref().map(|name| self.faction(name)),
                types: types.iter().fold(0, |bits, kind| bits | type_bit(*kind)),
            },
            Condition::Weapon { is } => Cond::Weapon(*is),
            Condition::Turn { of } => Cond::Turn(*of),
            Condition::DamageDealt { pegs, at_least } => Cond::DamageDealt {
                pegs: *pegs,
                at_least: *at_least as i32,
            },
            Condition::Unlaunched { ship } => Cond::Unlaunched {
                ship: self.ship(ship),
            },
            Condition::Round { at_least, at_most } => Cond::Round(Bounds::new(*at_least, *at_most)),
            Condition::VictoryPoints {
                player,
                at_least,
                at_most,
            } => Cond::VictoryPoints {
                player: *player,
                bounds: Bounds::new(*at_least, *at_most),
            },
            Condition::Energy {
                player,
                at_least,
                at_most,
            } => Cond::Energy {
                player: *player,
                bounds: Bounds::new(*at_least, *at_most),
            },
            Condition::Count {
                filter,
                at_least,
                at_most,
            } => Cond::Count {
                sel: self.filter(filter),
                bounds: Bounds::new(*at_least, *at_most),
            },
        }
    }

    fn conditions(&self, conditions: &[Condition]) -> Vec<Cond> {
        conditions.iter().map(|c| self.condition(c)).collect()
    }

    fn effects(&self, effects: &[Effect]) -> Vec<Eff> {
        effects.iter().filter_map(|e| self.effect(e)).collect()
    }

    fn damage(&self, damage: Damage, amount: u32, kind: Option<&String>, target: &Selector) -> Eff {
        Eff::Damage {
            damage,
            amount: amount as i32,
            damage_type: kind.and_then(|name| self.damage_type(name)),
            target: self.selector(target),
        }
    }

    /// `None` for effects applied at compile time (`ignore-power`).
    fn effect(&self, effect: &Effect) -> Option<Eff> {
        Some(match effect {
            Effect::GainEnergy { amount, player } => Eff::GainEnergy {
                amount: *amount as i32,
                player: *player,
            },
            Effect::SpendEnergy { amount, player } => Eff::SpendEnergy {
                amount: *amount as i32,
                player: *player,
            },
            Effect::Draw { count, player } => Eff::Draw {
                count: *count,
                player: *player,
            },
            Effect::Discard { count, player } => Eff::Discard {
                count: *count,
                player: *player,
            },
            Effect::DirectDamage {
                amount,
                damage_type,
                target,
            } => self.damage(Damage::Direct, *amount, damage_type.as_ref(), target),
            Effect::ShieldDamage {
                amount,
                damage_type,
                target,
            } => self.damage(Damage::Shield, *amount, damage_type.as_ref(), target),
            Effect::HullDamage {
                amount,
                damage_type,
                target,
            } => self.damage(Damage::Hull, *amount, damage_type.as_ref(), target),
            Effect::AddShields { amount, target } => Eff::AddShields {
                amount: *amount as i32,
                target: self.selector(target),
            },
            Effect::RemoveShields { amount, target } => Eff::RemoveShields {
                amount: *amount as i32,
                target: self.selector(target),
            },
            Effect::Repair { amount, target } => Eff::Repair {
                amount: *amount as i32,
                target: self.selector(target),
            },
            Effect::Modify {
                stat,
                amount,
                target,
                weapon,
                card_type,
                damage_type,
                minimum,
                until,
            } => Eff::Modify(Modify {
                stat: StatKind::from(*stat),
                amount: *amount,
                target: self.selector(target),
                weapon: *weapon,
                card_type: *card_type,
                // A name the ruleset lacks (never in a checked bundle)
                // names no damage, rather than all of it.
                damage_type: damage_type
                    .as_ref()
                    .map(|name| self.damage_type(name).unwrap_or(u8::MAX)),
                minimum: minimum.map(|m| m as i32),
                until: *until,
            }),
            Effect::ExtraWeapon {
                weapon,
                target,
                until,
            } => Eff::ExtraWeapon {
                weapon: self.extra_weapon(weapon),
                target: self.selector(target),
                until: *until,
            },
            Effect::TakeControl { target } => Eff::TakeControl {
                target: self.selector(target),
            },
            Effect::LaunchShip {
                ship,
                discount,
                within,
                of,
            } => Eff::LaunchShip {
                ship: self.ship(ship),
                discount: *discount as i32,
                near: within
                    .zip(of.as_ref())
                    .map(|(within, of)| (within.min(255) as u8, self.selector(of))),
            },
            Effect::MoveShip { spaces, target } => Eff::MoveShip {
                spaces: (*spaces).min(255) as u8,
                target: self.selector(target),
            },
            Effect::MoveObstacles {
                obstacle,
                count,
                spaces,
                ram,
            } => Eff::MoveObstacles {
                obstacle: *obstacle,
                count: (*count).min(255) as u8,
                spaces: match spaces {
                    Spaces::Fixed(spaces) => Some((*spaces).min(255) as u8),
                    Spaces::Rolled(_) => None,
                },
                ram: ram.as_ref().map(|ram| {
                    (
                        ram.amount as i32,
                        ram.damage_type.as_deref().and_then(|n| self.damage_type(n)),
                    )
                }),
            },
            Effect::Score { points } => Eff::Score { points: *points },
            Effect::Escape { target, points } => Eff::Escape {
                target: self.selector(target),
                points: [points.small, points.medium, points.large],
            },
            Effect::DrawFrom {
                look, keep, rest, ..
            } => Eff::DrawFrom {
                look: (*look).min(255) as u8,
                keep: (*keep).min(255) as u8,
                rest: *rest,
            },
            Effect::TreatAsFaction { faction, target } => Eff::TreatAsFaction {
                faction: self.faction(faction),
                target: self.selector(target),
            },
            Effect::AttachPrepped { target } => Eff::AttachPrepped {
                target: self.selector(target),
            },
            Effect::IgnorePower { .. } => return None,
            Effect::RollTable { table } => Eff::RollTable {
                rows: table
                    .iter()
                    .map(|row| {
                        (
                            row.from,
                            row.to.unwrap_or(self.bundle.rules.number_die),
                            self.effects(&row.effects),
                        )
                    })
                    .collect(),
            },
            Effect::Reroll { dice } => Eff::Reroll { dice: *dice },
            Effect::CancelHit => Eff::CancelHit,
            Effect::DenyCover { target, until } => Eff::DenyCover {
                target: self.selector(target),
                until: *until,
            },
            Effect::PreventDamage {
                damage_type,
                target,
            } => Eff::PreventDamage {
                damage_type: self.damage_type(damage_type),
                target: self.selector(target),
            },
            Effect::AttackRangeLimit { range, target } => Eff::AttackRangeLimit {
                range: *range as i32,
                target: self.selector(target),
            },
            Effect::Survive => Eff::Survive,
            Effect::Detach => Eff::Detach,
            Effect::QuickLaunch { target } => Eff::QuickLaunch {
                target: self.selector(target),
            },
            Effect::Choose { player, options } => Eff::Choose {
                player: *player,
                options: options
                    .iter()
                    .map(|option| (option.cost as i32, self.effects(&option.effects)))
                    .collect(),
            },
            Effect::If {
                conditions,
                then,
                otherwise,
            } => Eff::If {
                conditions: self.conditions(conditions),
                then: self.effects(then),
                otherwise: self.effects(otherwise),
            },
        })
    }

    fn power(&self, source: Source, place: usize, clause: &Clause<'_>) -> Option<Power> {
        let effects = self.effects(clause.effects);
        (!effects.is_empty()).then(|| Power {
            source,
            place: u16::try_from(place).unwrap_or(u16::MAX),
            origins: origins(source, self.data),
            when: clause.when,
            conditions: self.conditions(clause.conditions),
            effects,
            optional: clause.optional,
            cost: clause.cost as i32,
            limit: clause.limit,
        })
    }
}

/// Compiles the powers of a game's data.
pub(crate) fn compile(data: &Data) -> Program {
    let bundle = &*data.bundle;
    let compiler = Compiler {
        bundle,
        data,
        extra_weapons: RefCell::new(Vec::new()),
    };
    let mission = &bundle.missions[data.mission];
    let mut program = Program::default();

    // Powers an `ignore-power` rule switches off: (bundle ship, name).
    let mut ignored: Vec<(u16, &str)> = Vec::new();
    for rule in &mission.special_rules {
        for effect in &rule.effects {
            if let Effect::IgnorePower { ship, power } = effect {
                ignored.push((compiler.ship(ship), power.as_str()));
            }
        }
    }

    for (index, card) in data.cards.iter().enumerate() {
        let version = &bundle.ships[card.ship].versions[card.version];
        for (place, power) in version.powers.iter().enumerate() {
            if ignored.contains(&(card.ship as u16, power.name.as_str())) {
                continue;
            }
            let source = Source::Ship(ShipCardId(index as u16));
            program
                .powers
                .extend(compiler.power(source, place, &power.clause()));
        }
        program.card_faction.push(compiler.faction(&card.faction));
    }

    for (kind, tactic) in bundle.tactics.iter().enumerate() {
        let play = tactic.play();
        program.plays.push(Play {
            when: tactic.when,
            target: tactic.target.as_ref().map(|t| compiler.selector(t)),
            conditions: compiler.conditions(play.conditions),
            effects: compiler.effects(play.effects),
            structured: tactic.target.is_some()
                || !play.effects.is_empty()
                || !tactic.powers.is_empty(),
        });
        program.kind_faction.push(compiler.faction(&tactic.faction));
        for (place, power) in tactic.powers.iter().enumerate() {
            let source = Source::Card(kind as u16);
            program
                .powers
                .extend(compiler.power(source, place, &power.clause()));
        }
    }

    for (place, rule) in mission.special_rules.iter().enumerate() {
        let mut mask = 0u32;
        for (seat, player) in mission.players.iter().enumerate() {
            let team = player.team.as_deref().unwrap_or(&player.faction);
            let named = rule.players.is_empty()
                || rule
                    .players
                    .iter()
                    .any(|name| name == team || *name == player.name);
            // Setup refuses more seats than the mask holds.
            if named {
                mask |= 1 << seat;
            }
        }
        program
            .powers
            .extend(compiler.power(Source::Rule(mask), place, &rule.clause()));
    }

    for (seat, player) in mission.players.iter().enumerate() {
        for prepped in &player.prepped {
            let kind = crate::setup::tactic_index(bundle, &prepped.card);
            if let Some(kind) = kind {
                program.prepped.push((
                    PlayerId(seat as u8),
                    kind as u16,
                    compiler.ship(&prepped.ship),
                ));
            }
        }
    }

    index(&mut program, data);
    program.extra_weapons = compiler.extra_weapons.into_inner();
    program
}

/// Where a power from a source may act from in a game.
fn origins(source: Source, data: &Data) -> Vec<Origin> {
    match source {
        Source::Ship(card) => vec![Origin::Ship(card)],
        Source::Card(kind) => (0..data.tactics.len() as u16)
            .map(TacticId)
            .filter(|tactic| data.tactics[tactic.index()].kind == usize::from(kind))
            .map(Origin::Copy)
            .collect(),
        Source::Rule(mask) => (0..data.players.len() as u8)
            .map(PlayerId)
            .filter(|seat| mask & (1 << seat.index()) != 0)
            .map(Origin::Seat)
            .collect(),
    }
}

/// Fills the program's indices: which powers each query and each trigger
/// has to look at. A continuous power acts only through its top-level
/// effects; nested ones (`if`, `choose`, roll tables) are carried out by
/// triggered powers and plays, and may only leave lasting effects. A power
/// without origins never acts in this game, and an event kind without
/// copies is never in a hand: the indices leave them out.
fn index(program: &mut Program, data: &Data) {
    for list in program.modifying.iter_mut().chain(&mut program.limited) {
        *list = vec![Vec::new(); data.cards.len()];
    }
    for (index, power) in program.powers.iter().enumerate() {
        if power.origins.is_empty() {
            continue;
        }
        let index = index as u16;
        let Some(when) = power.when else {
            for stat in STAT_KINDS {
                let which = stat_index(stat);
                for (card, faction) in program.card_faction.iter().enumerate() {
                    let card = ShipCardId(card as u16);
                    let on = |counts: fn(&Modify) -> bool| {
                        modifier(index, power, stat, counts, card, data.card(card), *faction)
                    };
                    program.modifying[which][card.index()]
                        .extend(on(|modify| modify.until.is_none()));
                    if power.limit.is_some() {
                        program.limited[which][card.index()].extend(on(|_| true));
                    }
                }
            }
            if power
                .effects
                .iter()
                .any(|effect| matches!(effect, Eff::DrawFrom { .. }))
            {
                program.draws.push(index);
            }
            for effect in &power.effects {
                if let Some(status) = Status::of(effect) {
                    let list = &mut program.statuses[status as usize];
                    if !list.contains(&index) {
                        list.push(index);
                    }
                }
            }
            continue;
        };
        program.listening[when as usize].push(index);
    }
    program.actors = program
        .powers
        .iter()
        .map(|power| {
            power
                .conditions
                .iter()
                .find_map(|condition| match condition {
                    Cond::Acting(sel) if matches!(sel.role, Role::This | Role::AttachedShip) => {
                        Some(sel.role)
                    }
                    _ => None,
                })
        })
        .collect();
    for which in 0..STAT_KINDS.len() {
        let lists = &program.modifying[which];
        program.unattached[which] = lists
            .iter()
            .map(|list| list.iter().any(|modifier| !modifier.attached_only))
            .collect();
        let mut carried = vec![false; data.tactics.len()];
        for modifier in lists
            .iter()
            .flatten()
            .filter(|modifier| modifier.attached_only)
        {
            for origin in &program.powers[usize::from(modifier.power)].origins {
                if let Origin::Copy(tactic) = origin {
                    carried[tactic.index()] = true;
                }
            }
        }
        program.carried[which] = carried;
        program.limits[which] = program.limited[which].iter().any(|list| !list.is_empty());
    }
    program.holds = (0..program.powers.len())
        .filter(|&index| crate::effects::worth::is_hold_rule(&program.powers[index]))
        .map(|index| index as u16)
        .collect();
    for (kind, play) in program.plays.iter().enumerate() {
        if let Some(when) = play.when
            && data.kinds[kind].kind == TacticType::Event
            && data.tactics.iter().any(|tactic| tactic.kind == kind)
        {
            program.answers[when as usize].push(kind as u16);
        }
    }
    program.answering = data
        .tactics
        .iter()
        .map(|tactic| {
            (0..TRIGGERS)
                .filter(|&when| program.answers[when].contains(&(tactic.kind as u16)))
                .fold(0, |bits, when| bits | 1 << when)
        })
        .collect();
    let mut caps = [Some(i32::MIN); STATS];
    for power in &program.powers {
        each_modify(&power.effects, &mut |modify| {
            program.modifies[stat_index(modify.stat)] = true;
            if !power.origins.is_empty() {
                note_cap(&mut caps, modify);
            }
        });
    }
    for (kind, play) in program.plays.iter().enumerate() {
        let played = data.tactics.iter().any(|tactic| tactic.kind == kind);
        each_modify(&play.effects, &mut |modify| {
            program.modifies[stat_index(modify.stat)] = true;
            if played {
                note_cap(&mut caps, modify);
            }
        });
    }
    program.caps = caps;
}

/// Notes what a `modify` that may act in the game does to its stat's cap:
/// takes it away if it may raise the stat, else raises it to its floor.
fn note_cap(caps: &mut [Option<i32>; STATS], modify: &Modify) {
    let cap = &mut caps[stat_index(modify.stat)];
    *cap = cap
        .filter(|_| modify.amount <= 0)
        .map(|cap| modify.minimum.map_or(cap, |floor| cap.max(floor)));
}

/// How power `index`'s `modify`s of a stat (those `counts` takes) bear
/// on a ship card's number: `None` if none of them can ever pick one of
/// its ships, by what a game never changes (the card's print and faction,
/// and for `self` the power's own card). A continuous power's context is
/// never one of attaching, so only the card's own faction counts.
fn modifier(
    index: u16,
    power: &Power,
    stat: StatKind,
    counts: fn(&Modify) -> bool,
    card: ShipCardId,
    print: &CardData,
    faction: u8,
) -> Option<Modifier> {
    let mut picking = power
        .effects
        .iter()
        .filter_map(|effect| match effect {
            Eff::Modify(modify) if modify.stat == stat && counts(modify) => Some(&modify.target),
            _ => None,
        })
        .filter(|target| {
            (target.role != Role::This || power.source == Source::Ship(card))
                && target.fits_print(print)
                && target.faction.is_none_or(|wanted| wanted == faction)
        })
        .peekable();
    picking.peek()?;
    Some(Modifier {
        power: index,
        attached_only: picking.all(|target| target.role == Role::AttachedShip),
    })
}

/// Visits every `modify` among effects, at any depth.
fn each_modify(effects: &[Eff], visit: &mut impl FnMut(&Modify)) {
    for effect in effects {
        match effect {
            Eff::Modify(modify) => visit(modify),
            Eff::RollTable { rows } => {
                for (_, _, effects) in rows {
                    each_modify(effects, visit);
                }
            }
            Eff::Choose { options, .. } => {
                for (_, effects) in options {
                    each_modify(effects, visit);
                }
            }
            Eff::If {
                then, otherwise, ..
            } => {
                each_modify(then, visit);
                each_modify(otherwise, visit);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use spacedock_schema::common::TacticType;
    use spacedock_schema::effect::Trigger;

    use super::{Eff, Modifier, Origin, Program, STAT_KINDS, Source, StatKind, Status, stat_index};
    use crate::game::Game;
    use crate::ids::TacticId;

    const STATUSES: [Status; 6] = [
        Status::PreventDamage,
        Status::DenyCover,
        Status::AttackRangeLimit,
        Status::ExtraWeapon,
        Status::QuickLaunch,
        Status::TreatAsFaction,
    ];

    /// The powers in play in the game (with origins) a full scan of the
    /// program finds, by index.
    fn scan(program: &Program, wanted: impl Fn(&super::Power) -> bool) -> Vec<u16> {
        (0..program.powers.len() as u16)
            .filter(|&index| {
                let power = &program.powers[usize::from(index)];
                !power.origins.is_empty() && wanted(power)
            })
            .collect()
    }

    /// Whether the lists of a number per ship card hold only powers of the
    /// full scan, in program order, and some card's list each of them.
    fn per_card(lists: &[Vec<Modifier>], scanned: &[u16]) -> bool {
        let listed = |power: u16| {
            lists
                .iter()
                .any(|list| list.iter().any(|m| m.power == power))
        };
        lists.iter().all(|list| {
            list.windows(2).all(|pair| pair[0].power < pair[1].power)
                && list.iter().all(|m| scanned.contains(&m.power))
        }) && scanned.iter().all(|&power| listed(power))
    }

    fn modifies(effect: &Eff, stat: StatKind) -> bool {
        matches!(effect, Eff::Modify(modify) if modify.stat == stat)
    }

    /// Every index lists exactly the powers with origins (and event kinds
    /// with copies) a scan of the whole program finds, in program order
    /// (the per-card lists of numbers: some of them, each on some card),
    /// and every power's origins are its source's ship card, copies or
    /// seats, for every mission of the base pack.
    #[test]
    fn the_indices_list_what_a_full_scan_finds() {
        let bundle = crate::rules::testing::bundle();
        // Entries over all missions, so that the comparisons are not all
        // of empty lists.
        let mut entries = [0; 6];
        for mission in &bundle.missions {
            let game = Game::new(Arc::clone(&bundle), &mission.id, 0).unwrap();
            let program = &game.data.powers;
            for stat in STAT_KINDS {
                let modifying = scan(program, |power| {
                    power.when.is_none()
                        && power.effects.iter().any(|effect| {
                            modifies(effect, stat)
                                && matches!(effect, Eff::Modify(modify) if modify.until.is_none())
                        })
                });
                let limited = scan(program, |power| {
                    power.when.is_none()
                        && power.limit.is_some()
                        && power.effects.iter().any(|effect| modifies(effect, stat))
                });
                let which = stat_index(stat);
                assert!(per_card(&program.modifying[which], &modifying), "{stat:?}");
                assert!(per_card(&program.limited[which], &limited), "{stat:?}");
                assert_eq!(program.limits[which], !limited.is_empty(), "{stat:?}");
                entries[0] += modifying.len();
                entries[1] += limited.len();
            }
            for status in STATUSES {
                let holding = scan(program, |power| {
                    power.when.is_none()
                        && power
                            .effects
                            .iter()
                            .any(|effect| Status::of(effect) == Some(status))
                });
                assert_eq!(program.statuses[status as usize], holding, "{status:?}");
                entries[2] += holding.len();
            }
            let draws = scan(program, |power| {
                power.when.is_none()
                    && power
                        .effects
                        .iter()
                        .any(|effect| matches!(effect, Eff::DrawFrom { .. }))
            });
            assert_eq!(program.draws, draws);
            for power in &program.powers {
                let origins: Vec<Origin> = match power.source {
                    Source::Ship(card) => vec![Origin::Ship(card)],
                    Source::Card(kind) => (0..game.data.tactics.len() as u16)
                        .map(TacticId)
                        .filter(|&tactic| {
                            game.data.tactics[tactic.index()].kind == usize::from(kind)
                        })
                        .map(Origin::Copy)
                        .collect(),
                    Source::Rule(mask) => game
                        .players()
                        .filter(|seat| mask & (1 << seat.index()) != 0)
                        .map(Origin::Seat)
                        .collect(),
                };
                assert_eq!(power.origins, origins, "{:?}", power.source);
                entries[5] += origins.len();
            }
            for when in Trigger::ALL {
                let listening = scan(program, |power| power.when == Some(when));
                assert_eq!(program.listening(when), listening, "{when:?}");
                let answers: Vec<u16> = (0..program.plays.len() as u16)
                    .filter(|&kind| {
                        let kind = usize::from(kind);
                        program.plays[kind].when == Some(when)
                            && game.data.kinds[kind].kind == TacticType::Event
                            && game.data.tactics.iter().any(|tactic| tactic.kind == kind)
                    })
                    .collect();
                assert_eq!(program.answers(when), answers, "{when:?}");
                for (tactic, bits) in game.data.tactics.iter().zip(&program.answering) {
                    let answering = answers.contains(&(tactic.kind as u16));
                    assert_eq!(bits & 1 << when as usize != 0, answering, "{when:?}");
                }
                entries[3] += listening.len();
                entries[4] += answers.len();
            }
        }
        assert!(entries.iter().all(|&count| count > 0), "{entries:?}");
    }
}
