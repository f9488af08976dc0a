//! Reading the game for a power: the context a power acts in (its
//! controller, its own ship card or attached card, the ships of the
//! triggering event), which ships a selector picks, and whether a condition
//! holds. Nothing here changes the game.

use std::ops::Range;

use spacedock_schema::effect::{Pegs, PlayerRef, Role, StartingZone, WeaponSlot};

use crate::effects::program::{Cond, Eff, Sel, Source, Zone, type_bit};
use crate::event::EffectSource;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId};
use crate::rules::movement;
use crate::state::{CardPlace, TacticPlace, WeaponRef};

/// Ships of a triggering event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Ships {
    #[default]
    None,
    One(ShipId),
    Card(ShipCardId),
}

impl Ships {
    pub(crate) fn contains(self, game: &Game, ship: ShipId) -> bool {
        match self {
            Ships::None => false,
            Ships::One(one) => one == ship,
            Ships::Card(card) => game.data.card_of(ship) == card,
        }
    }

    pub(crate) fn iter(self, game: &Game) -> impl Iterator<Item = ShipId> + use<> {
        self.range(game).map(ShipId)
    }

    /// The ships' indices: a card's ships are consecutive.
    fn range(self, game: &Game) -> Range<u16> {
        match self {
            Ships::None => 0..0,
            Ships::One(one) => one.0..one.0 + 1,
            Ships::Card(card) => game.data.card(card).ships.clone(),
        }
    }
}

/// Everything a power may refer to where it acts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ctx {
    /// The power's index in the program (`u16::MAX`: a card being played).
    pub(crate) power: u16,
    /// The source instance: ship card, tactic card, or seat for rules.
    pub(crate) instance: u16,
    pub(crate) you: PlayerId,
    /// `self`: the power's ship card.
    pub(crate) this: Option<ShipCardId>,
    /// `attached-ship`: the ship card the source card is attached to.
    pub(crate) attached: Option<ShipCardId>,
    /// The source tactic card.
    pub(crate) tactic: Option<TacticId>,
    /// `target`: an event's chosen ship card.
    pub(crate) target: Option<ShipCardId>,
    pub(crate) acting: Ships,
    pub(crate) affected: Ships,
    /// The triggering event's tactic card (attach).
    pub(crate) card: Option<TacticId>,
    pub(crate) weapon: Option<WeaponRef>,
    /// Shield pegs removed and hull pegs added by the triggering damage.
    pub(crate) dealt: (i32, i32),
    /// Picking the ship card a card attaches to: factions a power treats
    /// the ship as count.
    pub(crate) attaching: bool,
    /// Energy the power's player is yet to pay for it, while whether it
    /// would act is foreseen: its effects run once it is paid, so an
    /// `energy` condition among them reads the energy left.
    pub(crate) paying: i32,
}

/// What is carrying out effects in `ctx`, as events name it: the power of
/// the program it is, or the tactic card being played or attached.
pub(crate) fn source(game: &Game, ctx: &Ctx) -> EffectSource {
    let card = ctx.tactic.unwrap_or(TacticId(ctx.instance));
    if ctx.power == u16::MAX {
        return EffectSource::Card { card };
    }
    let power = &game.data.powers.powers[usize::from(ctx.power)];
    match power.source {
        Source::Ship(card) => EffectSource::ShipPower {
            card,
            power: power.place,
        },
        Source::Card(_) => EffectSource::CardPower {
            card,
            power: power.place,
        },
        Source::Rule(_) => EffectSource::Rule { rule: power.place },
    }
}

pub(crate) fn on_battlefield(game: &Game, ship: ShipId) -> bool {
    let state = &game.st.ships[ship.index()];
    !state.destroyed && state.pos.is_some()
}

pub(crate) fn controller_of(game: &Game, ship: ShipId) -> PlayerId {
    movement::controller(game, ship)
}

pub(crate) fn same_team(game: &Game, a: PlayerId, b: PlayerId) -> bool {
    game.data.team_of(a) == game.data.team_of(b)
}

/// The player a reference names.
pub(crate) fn player(game: &Game, ctx: &Ctx, player: PlayerRef) -> PlayerId {
    match player {
        PlayerRef::You => ctx.you,
        PlayerRef::Opponent => {
            let seats = game.data.players.len();
            (1..seats)
                .map(|step| PlayerId(((ctx.you.index() + step) % seats) as u8))
                .find(|&other| !same_team(game, other, ctx.you))
                .unwrap_or(ctx.you)
        }
        PlayerRef::AttachedShipController => ctx
            .attached
            .map_or(ctx.you, |card| game.st.cards[card.index()].controller),
    }
}

/// Whether a ship belongs to a role.
fn in_role(game: &Game, ctx: &Ctx, role: Role, ship: ShipId) -> bool {
    let card = game.data.card_of(ship);
    match role {
        Role::This => ctx.this == Some(card),
        Role::AttachedShip => ctx.attached == Some(card),
        Role::Target => ctx.target == Some(card),
        Role::ActingShip => ctx.acting.contains(game, ship),
        Role::AffectedShip => ctx.affected.contains(game, ship),
        // "You control a ship if it is in your fleet and in play" (Key
        // terms): a teammate's ships are not yours, nor your enemies'.
        Role::Friendly => controller_of(game, ship) == ctx.you,
        Role::Enemy => !same_team(game, controller_of(game, ship), ctx.you),
        Role::Any => true,
    }
}

/// The ships a role may pick at all, by index in ship order: every ship,
/// or only those of the event or of one of the power's cards. Searches for
/// the ships a selector picks look at these only, in the same order.
fn candidates(game: &Game, ctx: &Ctx, role: Role) -> Range<u16> {
    let card = |card: Option<ShipCardId>| card.map_or(Ships::None, Ships::Card);
    match role {
        Role::This => card(ctx.this).range(game),
        Role::AttachedShip => card(ctx.attached).range(game),
        Role::Target => card(ctx.target).range(game),
        Role::ActingShip => ctx.acting.range(game),
        Role::AffectedShip => ctx.affected.range(game),
        Role::Friendly | Role::Enemy | Role::Any => 0..game.st.ships.len() as u16,
    }
}

/// Whether a ship stands next to an obstacle of a kind.
pub(crate) fn next_to(game: &Game, ship: ShipId, kind: spacedock_schema::rules::Obstacle) -> bool {
    let mut hexes = [Hex(0); 7];
    let len = game.placed_hexes(ship, &mut hexes);
    let board = &game.data.board;
    hexes[..len].iter().any(|hex| {
        board.neighbours(*hex).any(|next| {
            let terrain = game.st.terrain[next.index()];
            terrain != 0 && game.st.obstacles[usize::from(terrain - 1)].kind == kind
        })
    })
}

/// Whether a selector picks a ship on the battlefield.
pub(crate) fn selects(game: &Game, ctx: &Ctx, sel: &Sel, ship: ShipId) -> bool {
    if !on_battlefield(game, ship) || !in_role(game, ctx, sel.role, ship) {
        return false;
    }
    let card = game.data.card_of(ship);
    let data = game.data.card(card);
    if !sel.fits_print(data)
        || sel.faction.is_some_and(|wanted| {
            game.data.powers.card_faction[card.index()] != wanted
                && !(ctx.attaching
                    && crate::effects::modify::treated_as_faction(game, card, wanted))
        })
        || sel
            .shields
            .is_some_and(|up| (game.st.ships[ship.index()].shields > 0) != up)
        || sel
            .except
            .is_some_and(|role| in_role(game, ctx, role, ship))
        || sel.next_to.is_some_and(|kind| !next_to(game, ship, kind))
    {
        return false;
    }
    if let Some(zone) = sel.zone
        && !in_zone(game, ctx, zone, ship)
    {
        return false;
    }
    if let Some((within, of)) = &sel.within {
        // The distance, cheaper than the candidate's selector, is tested
        // first; a bare role picks every candidate on the battlefield.
        let near = candidates(game, ctx, of.role).map(ShipId).any(|other| {
            other != ship
                && ships_within(game, ship, other, u32::from(*within))
                && (of.picks_its_candidates() || selects(game, ctx, of, other))
        });
        if !near {
            return false;
        }
    }
    true
}

/// Whether `ship` stands on at least one hex of `zone`.
fn in_zone(game: &Game, ctx: &Ctx, zone: Zone, ship: ShipId) -> bool {
    let mut hexes = [Hex(0); 7];
    let len = game.placed_hexes(ship, &mut hexes);
    let board = &game.data.board;
    let on = |zone: usize| {
        zone < board_zones(game) && hexes[..len].iter().any(|hex| board.in_zone(zone, *hex))
    };
    if zone == Zone::Starting(StartingZone::Enemy) {
        // In a team game, the zone of each player of the other teams.
        let team = game.data.players[ctx.you.index()].team;
        return game
            .data
            .players
            .iter()
            .any(|player| player.team != team && on(player.zone));
    }
    zone.board_zone(game, ctx.you).is_some_and(on)
}

/// Whether two ships are on the battlefield at most `within` spaces
/// apart. A footprint holds its position's hex and lies within a space of
/// it: the positions alone answer for most pairs, and only ships near the
/// limit have their shapes measured.
fn ships_within(game: &Game, a: ShipId, b: ShipId, within: u32) -> bool {
    let at = |ship: ShipId| {
        let state = &game.st.ships[ship.index()];
        state.pos.filter(|_| !state.destroyed).map(|pos| pos.at)
    };
    let (Some(from), Some(to)) = (at(a), at(b)) else {
        return false;
    };
    let apart = game.data.board.distance(from, to);
    apart <= within
        || (apart <= within + 2
            && movement::ship_distance(game, a, b).is_some_and(|distance| distance <= within))
}

/// Zones of the battlefield (the board's, in the bundle's order).
fn board_zones(game: &Game) -> usize {
    game.data.bundle.missions[game.data.mission]
        .battlefield
        .zones
        .len()
}

/// Every ship a selector picks.
pub(crate) fn selected(game: &Game, ctx: &Ctx, sel: &Sel) -> Vec<ShipId> {
    candidates(game, ctx, sel.role)
        .map(ShipId)
        .filter(|&ship| selects(game, ctx, sel, ship))
        .collect()
}

/// The ship cards of the ships a selector picks, each once.
pub(crate) fn selected_cards(game: &Game, ctx: &Ctx, sel: &Sel) -> Vec<ShipCardId> {
    let mut cards: Vec<ShipCardId> = selected(game, ctx, sel)
        .into_iter()
        .map(|ship| game.data.card_of(ship))
        .collect();
    cards.dedup();
    cards
}

/// Whether a selector picks at least one ship of a card.
pub(crate) fn selects_card(game: &Game, ctx: &Ctx, sel: &Sel, card: ShipCardId) -> bool {
    game.data
        .card(card)
        .ship_ids()
        .any(|ship| selects(game, ctx, sel, ship))
}

/// Whether a weapon is one a slot names.
pub(crate) fn weapon_fits(
    slot: Option<WeaponSlot>,
    weapon: WeaponRef,
    this: Option<TacticId>,
) -> bool {
    match (slot, weapon) {
        (None | Some(WeaponSlot::All), _)
        | (Some(WeaponSlot::Primary), WeaponRef::Primary)
        | (Some(WeaponSlot::Secondary), WeaponRef::Secondary(_))
        | (Some(WeaponSlot::Additional), WeaponRef::Additional(_)) => true,
        (Some(WeaponSlot::ThisCard), WeaponRef::Additional(tactic)) => this == Some(tactic),
        _ => false,
    }
}

/// The branch of an `if` that runs now: `then` when its conditions hold.
pub(crate) fn branch<'e>(
    game: &Game,
    ctx: &Ctx,
    conditions: &[Cond],
    then: &'e [Eff],
    otherwise: &'e [Eff],
) -> &'e [Eff] {
    if holds(game, ctx, conditions) {
        then
    } else {
        otherwise
    }
}

/// Whether every condition holds.
pub(crate) fn holds(game: &Game, ctx: &Ctx, conditions: &[Cond]) -> bool {
    conditions
        .iter()
        .all(|condition| holds_one(game, ctx, condition))
}

fn holds_one(game: &Game, ctx: &Ctx, condition: &Cond) -> bool {
    match condition {
        Cond::Acting(sel) => ctx.acting.iter(game).any(|s| selects(game, ctx, sel, s)),
        Cond::Affected(sel) => ctx.affected.iter(game).any(|s| selects(game, ctx, sel, s)),
        Cond::Exists(sel) => {
            candidates(game, ctx, sel.role).any(|s| selects(game, ctx, sel, ShipId(s)))
        }
        Cond::None(sel) => {
            !candidates(game, ctx, sel.role).any(|s| selects(game, ctx, sel, ShipId(s)))
        }
        Cond::Card { faction, types } => ctx.card.is_some_and(|card| {
            let kind = game.data.tactics[card.index()].kind;
            faction.is_none_or(|f| game.data.powers.kind_faction[kind] == f)
                && (*types == 0 || types & type_bit(game.data.kinds[kind].kind) != 0)
        }),
        Cond::Weapon(slot) => ctx
            .weapon
            .is_some_and(|weapon| weapon_fits(Some(*slot), weapon, ctx.tactic)),
        Cond::Turn(of) => {
            let active = game.st.active;
            match of {
                PlayerRef::Opponent => !same_team(game, active, ctx.you),
                other => active == player(game, ctx, *other),
            }
        }
        Cond::DamageDealt { pegs, at_least } => match pegs {
            Pegs::Shield => ctx.dealt.0 >= *at_least,
            Pegs::Hull => ctx.dealt.1 >= *at_least,
            Pegs::Any => ctx.dealt.0 + ctx.dealt.1 >= *at_least,
        },
        Cond::Unlaunched { ship } => game.data.cards.iter().enumerate().any(|(index, card)| {
            let state = &game.st.cards[index];
            card.ship == usize::from(*ship)
                && state.controller == ctx.you
                && matches!(state.place, CardPlace::Screen | CardPlace::Hold(_))
        }),
        Cond::Round(bounds) => bounds.contains(game.st.round),
        Cond::VictoryPoints {
            player: who,
            bounds,
        } => {
            let team = game.data.team_of(player(game, ctx, *who));
            bounds.contains(game.st.victory_points[team.index()])
        }
        Cond::Energy {
            player: who,
            bounds,
        } => {
            let who = player(game, ctx, *who);
            let pool = |player: PlayerId| game.data.players[player.index()].pool;
            let paying = if pool(who) == pool(ctx.you) {
                ctx.paying
            } else {
                0
            };
            // Energy is never below the ruleset's minimum, itself never negative.
            let energy = u32::try_from(game.energy(who) - paying).unwrap_or(0);
            bounds.contains(energy)
        }
        Cond::Count { sel, bounds } => {
            let count = candidates(game, ctx, sel.role)
                .filter(|&s| selects(game, ctx, sel, ShipId(s)))
                .count();
            bounds.contains(u32::try_from(count).unwrap_or(u32::MAX))
        }
    }
}

/// The ship card a tactic card is attached to, if it is.
pub(crate) fn attached_to(game: &Game, tactic: TacticId) -> Option<ShipCardId> {
    match game.st.tactics[tactic.index()].place {
        TacticPlace::Attached(card) => Some(card),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use spacedock_schema::effect::Role;

    use super::{Ctx, Ships, candidates, on_battlefield, selects, ships_within};
    use crate::effects::program::Sel;
    use crate::ids::{ShipCardId, ShipId};
    use crate::rules::movement;
    use crate::rules::testing::for_each_state;

    /// The test by positions must answer as the distance between the
    /// ships' shapes, for every pair of ships, distance and state of
    /// random and greedy games of every mission.
    #[test]
    fn ships_within_answers_as_their_shapes() {
        let (mut near, mut far) = (0, 0);
        for_each_state(1, |game| {
            let ships = (0..game.st.ships.len() as u16).map(ShipId);
            for a in ships.clone() {
                for b in ships.clone() {
                    let distance = movement::ship_distance(game, a, b);
                    for within in 0..8 {
                        let plain = distance.is_some_and(|distance| distance <= within);
                        assert_eq!(ships_within(game, a, b, within), plain);
                        near += usize::from(plain);
                        far += usize::from(!plain && distance.is_some());
                    }
                }
            }
        });
        assert!(near > 1000 && far > 1000, "{near} {far}");
    }

    /// A bare role whose candidates all belong to it picks every one of
    /// them on the battlefield, as `selects` finds; the others are not
    /// taken for such.
    #[test]
    fn a_bare_role_picks_its_candidates() {
        let mut picked = 0;
        for_each_state(1, |game| {
            for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
                let ctx = Ctx {
                    this: Some(card),
                    attached: Some(card),
                    target: Some(card),
                    acting: Ships::Card(card),
                    affected: Ships::One(game.data.card(card).ship_ids().next().unwrap()),
                    you: game.st.cards[card.index()].controller,
                    ..Ctx::default()
                };
                for role in Role::ALL {
                    let sel = Sel::role(role);
                    let every = candidates(game, &ctx, role)
                        .map(ShipId)
                        .all(|ship| selects(game, &ctx, &sel, ship) == on_battlefield(game, ship));
                    assert!(!sel.picks_its_candidates() || every, "{role:?}");
                    picked += usize::from(sel.picks_its_candidates() && every);
                }
            }
        });
        assert!(!Sel::role(Role::Friendly).picks_its_candidates());
        let filtered = Sel {
            faction: Some(0),
            ..Sel::role(Role::This)
        };
        assert!(!filtered.picks_its_candidates());
        assert!(picked > 0);
    }
}
