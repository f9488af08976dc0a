//! Choices inside effects, made for the player for now: where a moved ship
//! steps, which asteroids move where and whom they ram, where a launched
//! squadron is placed, which cards are kept or discarded. Each is a small,
//! deterministic rule of thumb (close in on the nearest enemy without
//! ending next to it; keep the dearest card; discard the cheapest), so a
//! game stays a pure function of its seed and actions. docs/effects.md
//! lists them; they become player decisions when the engine can pause an
//! effect for one.

use spacedock_schema::common::Size;
use spacedock_schema::rules::Obstacle;

use crate::action::Action;
use crate::board::Pos;
use crate::effects::eval::{self, Ctx};
use crate::effects::program::Sel;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId};
use crate::powers::{self, Stat, Trigger};
use crate::rules::damage::{self, Damage};
use crate::rules::{deploy, energy, movement, obstacles, stats};
use crate::state::{Activation, CardPlace, PlaceKind, TacticPlace};

/// The cheapest card (printed cost) in a hand.
pub(crate) fn cheapest_in_hand(game: &Game, player: PlayerId) -> Option<TacticId> {
    game.st.players[player.index()]
        .hand
        .iter()
        .copied()
        .min_by_key(|&card| game.data.kind_of(card).cost)
}

/// The `keep` dearest cards (printed cost), first found first.
pub(crate) fn keep_dearest(game: &Game, cards: &[TacticId], keep: usize) -> Vec<TacticId> {
    let mut sorted: Vec<TacticId> = cards.to_vec();
    sorted.sort_by_key(|&card| std::cmp::Reverse(game.data.kind_of(card).cost));
    sorted.truncate(keep);
    sorted
}

/// Spaces from a ship to the nearest enemy ship on the battlefield.
fn nearest_enemy(game: &Game, ship: ShipId) -> u32 {
    (0..game.st.ships.len() as u16)
        .map(ShipId)
        .filter(|&other| {
            other != ship
                && eval::on_battlefield(game, other)
                && movement::enemies(game, ship, other)
        })
        .filter_map(|other| movement::ship_distance(game, ship, other))
        .min()
        .unwrap_or(u32::MAX)
}

/// A ship moves up to `spaces` spaces: a real move (ECM and debris apply),
/// stepping towards the nearest enemy ship without ending next to one.
pub(crate) fn move_ship(game: &mut Game, ship: ShipId, spaces: u8) {
    if !eval::on_battlefield(game, ship) || spaces == 0 {
        return;
    }
    let saved = game.st.activation.take();
    movement::lift_ship(game, ship);
    game.st.activation = Some(Activation {
        card: game.data.card_of(ship),
        mover: Some(ship),
        moves_left: spaces,
        lead_chosen: false,
        attacking: true,
        charge: None,
    });
    let mut legal = Vec::new();
    while let Some(act) = game.st.activation.filter(|act| act.mover == Some(ship)) {
        legal.clear();
        movement::push_steps(game, ship, act.moves_left, act.lead_chosen, &mut legal);
        let here = nearest_enemy(game, ship);
        let endable = movement::can_end_move(game, ship);
        let mut best: Option<(u32, u8)> = None;
        for action in &legal {
            let Action::Step { dir, .. } = *action else {
                continue;
            };
            let mut trial = game.clone();
            trial.set_record_events(false);
            if let Some(act) = &mut trial.st.activation {
                act.moves_left = u8::MAX;
            }
            movement::step(&mut trial, ship, dir);
            if !eval::on_battlefield(&trial, ship) {
                continue;
            }
            let there = nearest_enemy(&trial, ship);
            let rank = if there >= 2 { there } else { u32::MAX - 1 };
            if best.is_none_or(|(best_rank, _)| rank < best_rank) {
                best = Some((rank, dir));
            }
        }
        match best {
            Some((rank, dir)) if !endable || (rank < here && rank < u32::MAX - 1) => {
                movement::step(game, ship, dir);
            }
            _ => break,
        }
    }
    if game
        .st
        .activation
        .is_some_and(|act| act.mover == Some(ship))
    {
        movement::end_move(game, ship);
    }
    game.st.activation = saved;
}

/// The hexes of an obstacle moved one space in a direction, if it can go:
/// on usable hexes, clear of ships and of other obstacles.
fn translated(game: &Game, obstacle: usize, dir: u8) -> Option<Vec<Hex>> {
    let board = &game.data.board;
    let me = obstacle as u8 + 1;
    game.st.obstacles[obstacle]
        .hexes()
        .iter()
        .map(|hex| {
            let next = board.neighbour(*hex, dir)?;
            let terrain = game.st.terrain[next.index()];
            (board.usable(next)
                && game.st.occupant[next.index()] == 0
                && (terrain == 0 || terrain == me))
                .then_some(next)
        })
        .collect()
}

/// Enemy ships (of `you`) next to an obstacle.
fn rammed(game: &Game, you: PlayerId, obstacle: usize) -> Vec<ShipId> {
    let board = &game.data.board;
    let hexes = game.st.obstacles[obstacle].hexes();
    (0..game.st.ships.len() as u16)
        .map(ShipId)
        .filter(|&ship| {
            eval::on_battlefield(game, ship)
                && !eval::same_team(game, eval::controller_of(game, ship), you)
                && game
                    .ship_hexes(ship)
                    .iter()
                    .any(|hex| board.neighbours(*hex).any(|next| hexes.contains(&next)))
        })
        .collect()
}

/// Spaces from an obstacle to the nearest enemy ship.
fn obstacle_gap(game: &Game, you: PlayerId, hexes: &[Hex]) -> u32 {
    let board = &game.data.board;
    (0..game.st.ships.len() as u16)
        .map(ShipId)
        .filter(|&ship| {
            eval::on_battlefield(game, ship)
                && !eval::same_team(game, eval::controller_of(game, ship), you)
        })
        .flat_map(|ship| game.ship_hexes(ship))
        .flat_map(|ship_hex| hexes.iter().map(move |hex| board.distance(*hex, ship_hex)))
        .min()
        .unwrap_or(u32::MAX)
}

/// Moves up to `count` obstacles, the nearest to enemy ships first, each
/// towards the nearest enemy; a moved obstacle that ends next to enemy
/// ships it was not next to deals `ram` to the weakest of them.
pub(crate) fn move_obstacles(
    game: &mut Game,
    ctx: &Ctx,
    kind: Obstacle,
    count: u8,
    spaces: Option<u8>,
    ram: Option<(i32, Option<u8>)>,
) {
    let you = ctx.you;
    let mut order: Vec<usize> = (0..game.st.obstacles.len())
        .filter(|&index| game.st.obstacles[index].kind == kind)
        .collect();
    order.sort_by_key(|&index| obstacle_gap(game, you, game.st.obstacles[index].hexes()));
    for obstacle in order.into_iter().take(usize::from(count)) {
        let moves = spaces.map_or_else(
            || game.st.dice.roll(game.data.rules().number_die),
            u32::from,
        );
        let before = rammed(game, you, obstacle);
        for _ in 0..moves {
            let gap = obstacle_gap(game, you, game.st.obstacles[obstacle].hexes());
            let best = (0..6)
                .filter_map(|dir| translated(game, obstacle, dir))
                .map(|hexes| (obstacle_gap(game, you, &hexes), hexes))
                .min_by_key(|(gap, _)| *gap);
            match best {
                Some((new_gap, hexes)) if new_gap < gap => {
                    obstacles::move_obstacle(game, obstacle, &hexes);
                }
                _ => break,
            }
            if rammed(game, you, obstacle)
                .iter()
                .any(|ship| !before.contains(ship))
            {
                break;
            }
        }
        if let Some((amount, damage_type)) = ram {
            let fresh: Vec<ShipId> = rammed(game, you, obstacle)
                .into_iter()
                .filter(|ship| !before.contains(ship))
                .collect();
            let weakest = fresh.into_iter().min_by_key(|&ship| {
                let state = &game.st.ships[ship.index()];
                stats::stat(game, Stat::Hull(ship)) - i32::from(state.hull_damage)
                    + i32::from(state.shields)
            });
            if let Some(ship) = weakest {
                damage::deal_damage(game, ship, amount, Damage::Direct, damage_type);
            }
        }
        if game.st.outcome.is_some() {
            return;
        }
    }
}

/// Your unlaunched ship card of a bundle ship.
pub(crate) fn unlaunched(game: &Game, you: PlayerId, ship: u16) -> Option<ShipCardId> {
    (0..game.st.cards.len() as u16)
        .map(ShipCardId)
        .find(|&card| {
            let state = &game.st.cards[card.index()];
            game.data.card(card).ship == usize::from(ship)
                && state.controller == you
                && matches!(state.place, CardPlace::Screen | CardPlace::Hold(_))
        })
}

/// Positions for every ship of a card launched next to the ships `near`
/// picks (each squadron ship next to one already placed), nearest the
/// enemy first; `None` if they cannot all be placed.
pub(crate) fn launch_positions(
    game: &Game,
    ctx: &Ctx,
    card: ShipCardId,
    near: Option<&(u8, Sel)>,
) -> Option<Vec<Pos>> {
    let data = game.data.card(card);
    let size = data.size;
    let board = &game.data.board;
    let anchors: Vec<ShipId> =
        near.map_or_else(Vec::new, |(_, sel)| eval::selected(game, ctx, sel));
    let within = near.map_or(0, |(within, _)| u32::from(*within));
    let enemies: Vec<ShipId> = (0..game.st.ships.len() as u16)
        .map(ShipId)
        .filter(|&ship| {
            eval::on_battlefield(game, ship)
                && !eval::same_team(game, eval::controller_of(game, ship), ctx.you)
        })
        .collect();
    let dirs: &[u8] = if size == Size::Medium {
        &[0, 1, 2]
    } else {
        &[0]
    };
    let mut placed: Vec<Pos> = Vec::new();
    for _ in data.ship_ids() {
        let mut best: Option<(u32, Pos)> = None;
        for index in 0..board.len() as u16 {
            for &dir in dirs {
                let pos = Pos {
                    at: Hex(index),
                    dir,
                };
                if !deploy::fits(game, size, pos, None, &placed) {
                    continue;
                }
                let shape = board.shape(size, pos);
                let by_anchor = near.is_none()
                    || anchors.iter().any(|&other| {
                        movement::shape_of(game, other)
                            .is_some_and(|s| shape.distance(&s) <= within)
                    });
                let by_squadron = placed.is_empty()
                    || placed
                        .iter()
                        .any(|other| shape.distance(&board.shape(size, *other)) == 1);
                if !by_anchor || !by_squadron {
                    continue;
                }
                let gap = enemies
                    .iter()
                    .filter_map(|&enemy| {
                        movement::shape_of(game, enemy).map(|s| shape.distance(&s))
                    })
                    .min()
                    .unwrap_or(u32::MAX);
                if best.is_none_or(|(best_gap, _)| gap < best_gap) {
                    best = Some((gap, pos));
                }
            }
        }
        placed.push(best?.1);
    }
    Some(placed)
}

/// Launches one of your unlaunched ship cards, paying its launch cost
/// less `discount`, next to the ships `near` picks.
pub(crate) fn launch_ship(
    game: &mut Game,
    ctx: &Ctx,
    ship: u16,
    discount: i32,
    near: Option<&(u8, Sel)>,
) {
    let Some(card) = unlaunched(game, ctx.you, ship) else {
        return;
    };
    let cost = (stats::stat(game, Stat::LaunchCost(card)) - discount).max(0);
    let Some(positions) = launch_positions(game, ctx, card, near) else {
        return;
    };
    if !energy::spend_energy(game, ctx.you, cost) {
        return;
    }
    let state = &mut game.st.cards[card.index()];
    state.place = CardPlace::Launched;
    state.launched_turn = game.st.turn;
    for (ship, pos) in game.data.card(card).ship_ids().zip(positions) {
        deploy::place_launched_ship(game, ship, pos, PlaceKind::Launch);
    }
    game.emit(crate::event::Event::Launched { card });
    powers::dispatch(game, Trigger::Launch { card });
}

/// Whether a card of a kind is in a player's hand: its first copy.
pub(crate) fn in_hand(game: &Game, player: PlayerId, kind: usize) -> Option<TacticId> {
    game.st.players[player.index()]
        .hand
        .iter()
        .copied()
        .find(|&card| {
            game.data.tactics[card.index()].kind == kind
                && game.st.tactics[card.index()].place == TacticPlace::Hand(player)
        })
}
