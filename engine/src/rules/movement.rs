//! Moving ships: one space per `Step`, up to the ship's move.
//!
//! A small ship steps hex to hex; a large ship's 7-hex flower steps its
//! centre (three new spaces); a medium ship's leading end steps and the
//! trailing end follows into the hex the lead left, the lead being chosen by
//! its first step and kept for the whole move. Ships pass through other
//! ships but never end on one, and never enter half hexes or asteroids. A
//! step onto another ship is legal only if the mover can still reach a
//! space it may end on with the moves it has left, so a move never gets
//! stuck. ECM rolls come as a step makes the mover adjacent to an enemy ship
//! it was not adjacent to; debris rolls as it enters a debris field it was
//! not on. Discovery tiles flip when a ship ends its move on them.

use spacedock_schema::common::Size;
use spacedock_schema::rules::Obstacle;

use crate::action::Action;
use crate::board::{Pos, Shape, Spot, extent};
use crate::effects::program::StatKind;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TeamId};
use crate::powers::{self, Stat, Trigger};
use crate::rules::damage::{self, Damage};
use crate::rules::{discovery, obstacles, stats};
use crate::state::{PlaceKind, Stage};

/// Deepest search for a space to end on (moves are rarely longer).
const MAX_SEARCH: u8 = 12;

/// The footprint shape of a ship on the battlefield.
#[inline]
pub(crate) fn shape_of(game: &Game, ship: ShipId) -> Option<Shape> {
    let state = &game.st.ships[ship.index()];
    if state.destroyed {
        return None;
    }
    state
        .pos
        .map(|pos| game.data.board.shape(game.data.size_of(ship), pos))
}

/// Spaces between two ships (1 = adjacent, 0 = overlapping).
#[inline]
pub(crate) fn ship_distance(game: &Game, a: ShipId, b: ShipId) -> Option<u32> {
    Some(shape_of(game, a)?.distance(&shape_of(game, b)?))
}

/// The controller of a ship.
#[inline]
pub(crate) fn controller(game: &Game, ship: ShipId) -> PlayerId {
    game.st.cards[game.data.card_of(ship).index()].controller
}

/// The team of a ship's controller.
#[inline]
pub(crate) fn team(game: &Game, ship: ShipId) -> TeamId {
    game.data.team_of(controller(game, ship))
}

/// Whether two ships are on different teams (the rules as read, in tests).
#[cfg(test)]
pub(crate) fn enemies(game: &Game, a: ShipId, b: ShipId) -> bool {
    team(game, a) != team(game, b)
}

/// Takes a ship's hexes out of the occupancy (it keeps its position).
pub(crate) fn lift_ship(game: &mut Game, ship: ShipId) {
    let mut hexes = [Hex(0); 7];
    let len = game.placed_hexes(ship, &mut hexes);
    for hex in &hexes[..len] {
        if game.st.occupant[hex.index()] == ship.0 + 1 {
            game.st.occupant[hex.index()] = 0;
        }
    }
}

/// Writes a resting ship's hexes into the occupancy.
pub(crate) fn occupy(game: &mut Game, ship: ShipId, pos: Pos) {
    let mut hexes = [Hex(0); 7];
    let len = game
        .data
        .board
        .footprint(game.data.size_of(ship), pos, &mut hexes)
        .unwrap_or(0);
    for hex in &hexes[..len] {
        game.st.occupant[hex.index()] = ship.0 + 1;
    }
}

/// Takes a ship off the battlefield without destroying it (a power, or a
/// mission's escape).
pub(crate) fn remove_from_battlefield(game: &mut Game, ship: ShipId) {
    lift_ship(game, ship);
    game.st.ships[ship.index()].pos = None;
    if let Some(act) = &mut game.st.activation
        && act.mover == Some(ship)
    {
        act.mover = None;
    }
}

/// What a ship may do at a position: end its move there, only pass
/// through it, or neither. Ordered so that a footprint's space is the
/// greatest of its hexes'.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Space {
    /// Passable and clear of other ships.
    End,
    /// Passable, but another ship rests there.
    Pass,
    /// Off the battlefield, on a half hex or on an asteroid.
    Blocked,
}

/// The look-ahead of one ship's steps: what it reads at every position it
/// tries, fetched once.
pub(crate) struct Mover<'a> {
    game: &'a Game,
    /// The board's positions for the ship's size.
    spots: &'a [Spot],
    /// The ship's own mark in the occupancy (its index + 1).
    mark: u16,
    /// Whether any obstacle is an asteroid: most battlefields have none,
    /// and then no hex needs its terrain read.
    asteroids: bool,
}

impl Mover<'_> {
    pub(crate) fn new(game: &Game, ship: ShipId) -> Mover<'_> {
        Mover {
            game,
            spots: game.data.board.spots(game.data.size_of(ship)),
            mark: ship.0 + 1,
            asteroids: obstacles::any(game, Obstacle::Asteroid),
        }
    }

    /// The space of one usable hex.
    #[inline]
    fn hex_space(&self, hex: Hex) -> Space {
        if self.asteroids && obstacles::is_asteroid(self.game, hex) {
            return Space::Blocked;
        }
        let occupant = self.game.st.occupant[hex.index()];
        if occupant == 0 || occupant == self.mark {
            Space::End
        } else {
            Space::Pass
        }
    }

    /// Whether the ship may pass through a position that fits the board
    /// (no asteroid) and end there (no other ship). A plain loop, as in
    /// `end_reachable`: iterator adapters were compiled out of line.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn space(&self, spot: &Spot) -> Space {
        let mut space = Space::End;
        for &hex in spot.hexes() {
            space = space.max(self.hex_space(hex));
        }
        space
    }

    /// Whether a step to the spot `next` (`NONE` where the step leads
    /// nowhere the ship fits) keeps a legal end reachable: `next` is
    /// passable, and it is a space to end on or one is reachable from it
    /// in `moves` more steps.
    // Forced: as part of the recursion through `end_reachable`, it is
    // otherwise left out of line, and the call costs every step of a list
    // about as much as the test (100 random DZB games 298.3 M -> 289.9 M
    // instructions with `space`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn step_ok(&self, next: u16, moves: u8) -> bool {
        let Some(spot) = self.spots.get(usize::from(next)) else {
            return false;
        };
        match self.space(spot) {
            Space::Blocked => false,
            Space::End => true,
            // Tested here, not in the search: with no move left there is
            // nothing to search, and most passable leaves of the search
            // have none.
            Space::Pass => moves > 0 && self.end_reachable(spot, moves),
        }
    }

    /// Whether the ship fits the position `index` of its size with no
    /// asteroid under it (`Some`), and then whether no other ship rests
    /// there, so that it may end its move there (`true`) or only pass.
    pub(crate) fn rest(&self, index: u16) -> Option<bool> {
        let spot = self
            .spots
            .get(usize::from(index))
            .filter(|spot| spot.fits())?;
        match self.space(spot) {
            Space::Blocked => None,
            Space::End => Some(true),
            Space::Pass => Some(false),
        }
    }

    /// Whether the ship may pass through the spot `next` (`NONE` where the
    /// step leads nowhere the ship fits).
    #[inline]
    fn passable(&self, next: u16) -> bool {
        self.spots
            .get(usize::from(next))
            .is_some_and(|spot| self.space(spot) != Space::Blocked)
    }

    /// Whether a space to end on is reachable from `spot` in `moves` steps,
    /// `moves` being at least one. Kept out of line: most steps never pass
    /// through a ship, and they should not pay for the search's call frame.
    #[inline(never)]
    fn end_reachable(&self, spot: &Spot, moves: u8) -> bool {
        for &next in spot.steps(6) {
            if self.step_ok(next, moves - 1) {
                return true;
            }
        }
        false
    }
}

/// Whether `ship` may end its move at `pos`: no other ship there.
fn endable(game: &Game, ship: ShipId, size: Size, pos: Pos) -> bool {
    let mut hexes = [Hex(0); 7];
    let len = game
        .data
        .board
        .footprint(size, pos, &mut hexes)
        .unwrap_or(0);
    hexes[..len].iter().all(|hex| {
        let occupant = game.st.occupant[hex.index()];
        occupant == 0 || occupant == ship.0 + 1
    })
}

/// The steps `ship` may take with `moves_left`.
pub(crate) fn push_steps(
    game: &Game,
    ship: ShipId,
    moves_left: u8,
    lead_chosen: bool,
    out: &mut Vec<Action>,
) {
    if moves_left == 0 {
        return;
    }
    let Some(pos) = game.st.ships[ship.index()].pos else {
        return;
    };
    let mover = Mover::new(game, ship);
    let size = game.data.size_of(ship);
    let dirs = if size == Size::Medium && !lead_chosen {
        12
    } else {
        6
    };
    let search = (moves_left - 1).min(MAX_SEARCH);
    let here = game.data.board.spot(size, pos);
    // A small or large ship steps straight back to where it was by the
    // opposite direction (a medium ship's trailing end would be in the
    // way): where it may end now, any passable step with a move to spare
    // keeps an end within reach, without a search.
    let step_back =
        search > 0 && size != Size::Medium && here.fits() && mover.space(here) == Space::End;
    for (dir, &next) in (0..).zip(here.steps(dirs)) {
        let ok = if step_back {
            mover.passable(next)
        } else {
            mover.step_ok(next, search)
        };
        if ok {
            out.push(Action::Step { ship, dir });
        }
    }
}

/// Whether the moving ship may end its move where it is.
pub(crate) fn can_end_move(game: &Game, ship: ShipId) -> bool {
    game.st.ships[ship.index()]
        .pos
        .is_some_and(|pos| endable(game, ship, game.data.size_of(ship), pos))
}

/// The ship's move for this activation, clamped to the step counter.
pub(crate) fn move_of(game: &Game, ship: ShipId) -> u8 {
    stats::stat(game, Stat::Move(ship)).clamp(0, i32::from(u8::MAX)) as u8
}

/// Moves and warps of ships of the activated card that have not moved
/// (of them, only `only` if given).
pub(crate) fn push_move_starts(
    game: &Game,
    card: ShipCardId,
    only: Option<ShipId>,
    out: &mut Vec<Action>,
) {
    for ship in game.data.card(card).ship_ids() {
        let state = &game.st.ships[ship.index()];
        if only.is_some_and(|only| only != ship)
            || state.destroyed
            || state.pos.is_none()
            || state.moved
        {
            continue;
        }
        push_steps(game, ship, move_of(game, ship), false, out);
        // Still on the gate: a power may have moved it off since.
        if state.on_warp_gate
            && game.data.size_of(ship) != Size::Large
            && state
                .pos
                .is_some_and(|pos| discovery::warp_gate_under(game, ship, pos).is_some())
        {
            out.push(Action::Warp(ship));
        }
    }
}

/// The first ship from id `from` on that a step of `ship` (of `size`) from
/// `old` to `new` brings next to it, and is an enemy: the next ECM roll.
/// The cheap tests (on the battlefield, near now, within reach) come first:
/// most ships are far away, and the shapes are worked out only for the few
/// that are not.
fn next_ecm_enemy(
    game: &Game,
    ship: ShipId,
    size: Size,
    old: Pos,
    new: Pos,
    from: usize,
) -> Option<ShipId> {
    let board = &game.data.board;
    let near = board.near(new.at);
    let from_new = board.distance_from(new.at);
    let team = team(game, ship);
    // Footprints are adjacent only if their `at` hexes are within one space
    // plus both extents: no need for shapes beyond that.
    let reach = 1 + u32::from(extent(size));
    game.st
        .ships
        .iter()
        .enumerate()
        .skip(from)
        .find_map(|(index, state)| {
            let enemy = ShipId(index as u16);
            let pos = state.pos?;
            if !near.contains(pos.at) || state.destroyed || enemy == ship {
                return None;
            }
            let enemy_size = game.data.size_of(enemy);
            if from_new(pos.at) > reach + u32::from(extent(enemy_size))
                || self::team(game, enemy) == team
            {
                return None;
            }
            let shape = board.shape(enemy_size, pos);
            (board.shape(size, new).distance(&shape) <= 1
                && board.shape(size, old).distance(&shape) > 1)
                .then_some(enemy)
        })
}

/// One step, with its ECM and debris rolls.
pub(crate) fn step(game: &mut Game, ship: ShipId, dir: u8) {
    let Some(mut act) = game.st.activation else {
        return;
    };
    if act.mover != Some(ship) {
        lift_ship(game, ship);
        act.mover = Some(ship);
        act.moves_left = move_of(game, ship);
        act.lead_chosen = false;
        powers::ship_number_used(game, StatKind::Move, ship);
    }
    let size = game.data.size_of(ship);
    let Some(old) = game.st.ships[ship.index()].pos else {
        return;
    };
    let Some(new) = game.data.board.stepped(size, old, dir, act.lead_chosen) else {
        return;
    };
    act.lead_chosen = true;
    act.moves_left = act.moves_left.saturating_sub(1);
    game.st.activation = Some(act);
    game.st.ships[ship.index()].pos = Some(new);
    game.emit(Event::Stepped { ship, pos: new });

    // Enemies in id order, each rolling as the step brings it next to the
    // mover. Each is looked for after the rolls before it: a power
    // answering ECM damage may change who controls what.
    let mut from = 0;
    while let Some(enemy) = next_ecm_enemy(game, ship, size, old, new, from) {
        from = enemy.index() + 1;
        let faces = game.data.rules().number_die;
        let roll = game.st.dice.roll(faces);
        let amount = if roll as i32 >= stats::stat(game, Stat::EcmThreshold { ship, enemy }) {
            stats::stat(game, Stat::EcmDamage { ship, enemy })
        } else {
            0
        };
        powers::ship_number_used(game, StatKind::EcmThreshold, enemy);
        game.emit(Event::EcmRoll {
            ship,
            enemy,
            roll,
            damage: amount,
        });
        if amount > 0 {
            let ecm = damage::damage_type(game, "ecm");
            // The enemy's countermeasures deal the damage: a power that
            // pays for the enemy's kills pays for this one (rule reading).
            let outer = game.ecm.replace((ship, enemy));
            damage::deal_damage(game, ship, amount, Damage::Direct, ecm);
            game.ecm = outer;
            if game.st.ships[ship.index()].destroyed {
                return;
            }
        }
    }

    let entered = obstacles::debris_entered(game, size, old, new);
    for _ in 0..entered {
        let faces = game.data.rules().number_die;
        let max_roll = game.data.rules().debris_damage_max_roll;
        let amount = game.data.rules().debris_damage as i32;
        let roll = game.st.dice.roll(faces);
        let dealt = if roll <= max_roll { amount } else { 0 };
        game.emit(Event::DebrisRoll {
            ship,
            roll,
            damage: dealt,
        });
        if dealt > 0 {
            let debris = damage::damage_type(game, "debris");
            damage::deal_damage(game, ship, dealt, Damage::Direct, debris);
            if game.st.ships[ship.index()].destroyed {
                return;
            }
        }
    }

    if game.st.activation.is_some_and(|act| act.moves_left == 0) {
        end_move(game, ship);
    }
}

pub(crate) fn end_move_action(game: &mut Game) {
    if let Some(ship) = game.st.activation.and_then(|act| act.mover) {
        end_move(game, ship);
    }
}

/// The ship rests where it is: back into the occupancy, tiles flip, powers
/// that wait for the end of a move fire.
pub(crate) fn end_move(game: &mut Game, ship: ShipId) {
    if let Some(act) = &mut game.st.activation {
        act.mover = None;
        act.moves_left = 0;
    }
    let Some(pos) = game.st.ships[ship.index()].pos else {
        return;
    };
    occupy(game, ship, pos);
    game.st.ships[ship.index()].moved = true;
    game.emit(Event::MoveEnded { ship });
    discovery::flip_under(game, ship);
    powers::dispatch(game, Trigger::MoveEnd { ship });
}

/// Instead of moving: placed anywhere empty within range of the warp gate.
pub(crate) fn warp(game: &mut Game, ship: ShipId) {
    let Some(pos) = game.st.ships[ship.index()].pos else {
        return;
    };
    let Some(gate) = discovery::warp_gate_under(game, ship, pos) else {
        return;
    };
    lift_ship(game, ship);
    game.st.stage = Stage::Placing {
        player: game.st.active,
        card: game.data.card_of(ship),
        placed: 0,
        kind: PlaceKind::Warp { ship, gate },
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing;

    /// A step to `next` as the rule reads: every hex of the footprint on a
    /// usable hex and off asteroids, and a space to end on there or
    /// reachable from there in `moves` more steps.
    fn step_ok_as_read(game: &Game, ship: ShipId, next: Pos, moves: u8) -> bool {
        let board = &game.data.board;
        let size = game.data.size_of(ship);
        let mut hexes = [Hex(0); 7];
        let Some(len) = board.footprint(size, next, &mut hexes) else {
            return false;
        };
        if hexes[..len]
            .iter()
            .any(|&hex| !board.usable(hex) || obstacles::is_asteroid(game, hex))
        {
            return false;
        }
        endable(game, ship, size, next)
            || moves > 0
                && (0..6).any(|dir| {
                    board
                        .stepped(size, next, dir, true)
                        .is_some_and(|next| step_ok_as_read(game, ship, next, moves - 1))
                })
    }

    /// The steps of `ship` as the rule reads.
    fn steps_as_read(game: &Game, ship: ShipId, moves_left: u8, lead_chosen: bool) -> Vec<Action> {
        let Some(pos) = game.st.ships[ship.index()].pos.filter(|_| moves_left > 0) else {
            return Vec::new();
        };
        let size = game.data.size_of(ship);
        let search = (moves_left - 1).min(MAX_SEARCH);
        (0..12)
            .filter(|&dir| {
                game.data
                    .board
                    .stepped(size, pos, dir, lead_chosen)
                    .is_some_and(|next| step_ok_as_read(game, ship, next, search))
            })
            .map(|dir| Action::Step { ship, dir })
            .collect()
    }

    /// The steps offered are those of the rule as read, for every ship of
    /// every state, with short and long moves left and either lead.
    #[test]
    fn steps_are_offered_as_the_rule_reads() {
        let mut fast = Vec::new();
        let mut offered = 0;
        testing::for_each_state(2, |game| {
            for ship in (0..game.st.ships.len() as u16).map(ShipId) {
                for moves_left in [0, 1, 2, 3, 6] {
                    for lead_chosen in [false, true] {
                        fast.clear();
                        push_steps(game, ship, moves_left, lead_chosen, &mut fast);
                        let read = steps_as_read(game, ship, moves_left, lead_chosen);
                        assert_eq!(fast, read, "{ship:?} at step {}", game.steps());
                        offered += fast.len();
                    }
                }
            }
        });
        assert!(offered > 100_000, "{offered} steps offered");
    }

    /// A ship that began its activation on a warp gate may warp only while
    /// it is still on the gate: moved off by a power (an edit here), it was
    /// still offered `Warp`, which then did nothing.
    #[test]
    fn warp_is_offered_only_on_the_gate() {
        use spacedock_schema::rules::DiscoveryTile;

        use crate::state::TurnPhase;

        let mut game = Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap();
        let sparrows = testing::card(&game, "f-51-blue-sparrows");
        let isn = game.card(sparrows).controller;
        let ships: Vec<ShipId> = game.card_ships(sparrows).collect();
        let hexes: Vec<Hex> = [[3, 6], [8, 9], [9, 9]]
            .into_iter()
            .map(|at| game.hex_at(at).unwrap())
            .collect();
        let mut edit = game.edit();
        edit.set_turn(isn, TurnPhase::Action, 2)
            .set_tile(hexes[0], DiscoveryTile::WarpGate, true);
        for (ship, &at) in ships.iter().zip(&hexes) {
            edit.place_ship(*ship, Pos { at, dir: 0 });
        }
        game.apply(Action::Activate(sparrows)).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(legal.contains(&Action::Warp(ships[0])), "{legal:?}");
        let off = game.hex_at([5, 8]).unwrap();
        game.edit().place_ship(ships[0], Pos { at: off, dir: 0 });
        game.legal_actions(&mut legal);
        assert!(!legal.contains(&Action::Warp(ships[0])), "{legal:?}");
    }

    /// The enemies a step of `ship` from `old` to `new` brings next to it,
    /// in id order, as the rule reads.
    fn ecm_enemies_as_read(game: &Game, ship: ShipId, old: Pos, new: Pos) -> Vec<ShipId> {
        let board = &game.data.board;
        let size = game.data.size_of(ship);
        let (old_shape, new_shape) = (board.shape(size, old), board.shape(size, new));
        (0..game.st.ships.len() as u16)
            .map(ShipId)
            .filter(|&enemy| {
                enemy != ship
                    && enemies(game, ship, enemy)
                    && shape_of(game, enemy).is_some_and(|shape| {
                        new_shape.distance(&shape) <= 1 && old_shape.distance(&shape) > 1
                    })
            })
            .collect()
    }

    /// The ECM scan finds the enemies of the rule as read, in the same
    /// order, for every step every ship on the battlefield could take.
    #[test]
    fn ecm_rolls_come_from_the_enemies_the_rule_reads() {
        let mut found = 0;
        testing::for_each_state(2, |game| {
            let board = &game.data.board;
            for ship in (0..game.st.ships.len() as u16).map(ShipId) {
                let Some(old) = game.st.ships[ship.index()].pos else {
                    continue;
                };
                let size = game.data.size_of(ship);
                for dir in 0..12 {
                    let Some(new) = board.stepped(size, old, dir, false) else {
                        continue;
                    };
                    let mut fast = Vec::new();
                    let mut from = 0;
                    while let Some(enemy) = next_ecm_enemy(game, ship, size, old, new, from) {
                        fast.push(enemy);
                        from = enemy.index() + 1;
                    }
                    let read = ecm_enemies_as_read(game, ship, old, new);
                    assert_eq!(fast, read, "{ship:?} dir {dir} at step {}", game.steps());
                    found += fast.len();
                }
            }
        });
        assert!(found > 10_000, "{found} ECM rolls found");
    }
}
