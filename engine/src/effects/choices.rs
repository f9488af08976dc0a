//! Choices inside effects, offered to the player who decides them
//! ([`crate::question`]): where a moved ship steps, which asteroids move
//! where and whom they ram, where a launched squadron is placed, which
//! cards are kept or discarded. Each function lists the legal options, the
//! engine's suggestion first (what happens when nobody can be asked: the
//! cheapest card goes, the dearest is kept, a ship stays where it is, an
//! obstacle closes in on the nearest enemy, a ship lands nearest the
//! enemy), asks, and carries out the answer.

use spacedock_schema::common::Size;
use spacedock_schema::rules::Obstacle;

use crate::action::Action;
use crate::board::{HexSet, Pos, Shape};
use crate::effects::eval::{self, Ctx};
use crate::effects::program::Sel;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId};
use crate::powers::{self, Stat, Trigger};
use crate::question::{self, About, Answer};
use crate::rules::damage::{self, Damage};
use crate::rules::{deploy, energy, movement, obstacles, stats};
use crate::state::{Activation, CardPlace, ObstacleState, PlaceKind, TacticPlace};

/// A card `player` discards from the hand, of their choice (one option
/// per kind held, the cheapest first), `except` a card being played;
/// `None` with nothing else in hand.
pub(crate) fn discard_choice(
    game: &mut Game,
    player: PlayerId,
    except: Option<TacticId>,
) -> Option<TacticId> {
    let mut options: Vec<TacticId> = Vec::new();
    for &card in &game.st.players[player.index()].hand {
        if Some(card) == except {
            continue;
        }
        let kind = game.data.tactics[card.index()].kind;
        if !options
            .iter()
            .any(|other| game.data.tactics[other.index()].kind == kind)
        {
            options.push(card);
        }
    }
    options.sort_by_key(|&card| game.data.kind_of(card).cost);
    let first = *options.first()?;
    let options = options.into_iter().map(Answer::Card).collect();
    match question::ask(game, player, About::Discard, options) {
        Answer::Card(card) => Some(card),
        _ => Some(first),
    }
}

/// The `keep` cards of `seen` that `player` keeps, chosen one at a time
/// (the dearest suggested first).
pub(crate) fn keep(
    game: &mut Game,
    player: PlayerId,
    seen: &[TacticId],
    keep: usize,
) -> Vec<TacticId> {
    let mut left: Vec<TacticId> = seen.to_vec();
    left.sort_by_key(|&card| std::cmp::Reverse(game.data.kind_of(card).cost));
    let mut kept = Vec::new();
    while kept.len() < keep && !left.is_empty() {
        let wanted = keep - kept.len();
        if left.len() <= wanted {
            kept.append(&mut left);
            break;
        }
        let options = left.iter().copied().map(Answer::Card).collect();
        let about = About::Keep {
            left: u8::try_from(wanted).unwrap_or(u8::MAX),
        };
        let pick = match question::ask(game, player, about, options) {
            Answer::Card(card) => left.iter().position(|&seen| seen == card).unwrap_or(0),
            _ => 0,
        };
        kept.push(left.remove(pick));
    }
    kept
}

/// The order in which `cards` (looked at and not kept, deepest first as
/// they lay in the deck) go to the bottom of their deck, each beneath those
/// already put there: `player` picks the next one while two or more are
/// left. The engine suggests the one that lay highest, so that by default
/// they keep their order.
pub(crate) fn bottom_order(game: &mut Game, player: PlayerId, cards: &[TacticId]) -> Vec<TacticId> {
    let mut left: Vec<TacticId> = cards.iter().rev().copied().collect();
    let mut order = Vec::with_capacity(left.len());
    while left.len() > 1 {
        let options = left.iter().copied().map(Answer::Card).collect();
        let about = About::PutOnBottom {
            left: u8::try_from(left.len()).unwrap_or(u8::MAX),
        };
        let pick = match question::ask(game, player, about, options) {
            Answer::Card(card) => left.iter().position(|&seen| seen == card).unwrap_or(0),
            _ => 0,
        };
        order.push(left.remove(pick));
    }
    order.append(&mut left);
    order
}

/// A ship moves up to `spaces` spaces, one step at a time where `player`
/// chooses: a real move (ECM and debris apply, it may pass through ships
/// and must end where a move may end).
pub(crate) fn move_ship(game: &mut Game, player: PlayerId, ship: ShipId, spaces: u8) {
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
    // Room for a step list at its longest (a medium ship's first step):
    // grown from empty, it reallocated at most moves' first steps.
    let mut legal = Vec::with_capacity(12);
    while let Some(act) = game.st.activation.filter(|act| act.mover == Some(ship)) {
        legal.clear();
        movement::push_steps(game, ship, act.moves_left, act.lead_chosen, &mut legal);
        let mut options = Vec::with_capacity(legal.len() + 1);
        if movement::can_end_move(game, ship) {
            options.push(Answer::Stop);
        }
        options.extend(legal.iter().filter_map(|action| match *action {
            Action::Step { dir, .. } => Some(Answer::Step(dir)),
            _ => None,
        }));
        if options.is_empty() {
            break;
        }
        let about = About::MoveShip {
            ship,
            spaces_left: act.moves_left,
        };
        match question::ask(game, player, about, options) {
            Answer::Step(dir) => movement::step(game, ship, dir),
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

/// Whether the run has paused on a question: it is thrown away
/// ([`question::ask`]), so the rest of a long choice need not be worked out.
fn paused(game: &Game) -> bool {
    game.asking.paused.is_some()
}

/// The obstacle moved one space in a direction, if it can go: on usable
/// hexes, clear of ships and of other obstacles; and whether it is then on
/// a discovery tile, which it may pass over but never end on.
fn translated(game: &Game, obstacle: usize, dir: u8) -> Option<(ObstacleState, bool)> {
    slid(game, obstacle, &game.st.obstacles[obstacle], dir)
}

/// [`translated`] from `from`, a place the obstacle could slide to.
fn slid(
    game: &Game,
    obstacle: usize,
    from: &ObstacleState,
    dir: u8,
) -> Option<(ObstacleState, bool)> {
    let board = &game.data.board;
    let me = obstacle as u8 + 1;
    let mut moved = *from;
    let mut on_tile = false;
    for hex in &mut moved.hexes[..usize::from(moved.len)] {
        let next = board.neighbour(*hex, dir)?;
        let terrain = game.st.terrain[next.index()];
        if !board.usable(next)
            || game.st.occupant[next.index()] != 0
            || (terrain != 0 && terrain != me)
        {
            return None;
        }
        on_tile |= game.st.tile_at[next.index()] != 0;
        *hex = next;
    }
    Some((moved, on_tile))
}

/// Whether the obstacle, at `from` on a discovery tile, can slide off
/// every tile within `moves` slides. A tile and an obstacle never share a
/// hex once a move ends (SD0604 for a mission's setup): a tile under an
/// asteroid could never be flipped. So a slide onto a tile is open only
/// with moves left to leave it, as a ship passes through another ship.
fn leaves_tiles(game: &Game, obstacle: usize, from: &ObstacleState, moves: u32) -> bool {
    moves > 0
        && (0..6).any(|dir| {
            slid(game, obstacle, from, dir).is_some_and(|(next, on_tile)| {
                !on_tile || leaves_tiles(game, obstacle, &next, moves - 1)
            })
        })
}

/// The enemy ships (of a player) on the battlefield while obstacles move.
struct Enemies {
    /// Each ship with its shape: a large ship's seven hexes are one centre
    /// and a radius, a seventh of the distances to measure.
    ships: Vec<(ShipId, Shape)>,
    /// Per board hex, the spaces to the nearest enemy hex, filled in as
    /// asked (`u32::MAX` until then, and with no enemies): an obstacle's
    /// moves look at the same few hexes over and over.
    nearest: Vec<u32>,
}

impl Enemies {
    /// Ships stay put while one obstacle moves; a ram may destroy one, so
    /// this is gathered again for the next.
    fn new(game: &Game, you: PlayerId) -> Enemies {
        let ships = (0..game.st.ships.len() as u16)
            .map(ShipId)
            .filter(|&ship| {
                eval::on_battlefield(game, ship)
                    && !eval::same_team(game, eval::controller_of(game, ship), you)
            })
            .filter_map(|ship| {
                // A ship counts by the hexes it covers: none off the board.
                let pos = game.st.ships[ship.index()].pos?;
                let size = game.data.size_of(ship);
                let mut covered = [Hex(0); 7];
                game.data.board.footprint(size, pos, &mut covered)?;
                Some((ship, game.data.board.shape(size, pos)))
            })
            .collect();
        Enemies {
            ships,
            nearest: vec![u32::MAX; game.data.board.len()],
        }
    }

    /// Spaces from obstacle hexes to the nearest enemy hex.
    fn gap(&mut self, game: &Game, hexes: &[Hex]) -> u32 {
        let mut best = u32::MAX;
        for &hex in hexes {
            let slot = &mut self.nearest[hex.index()];
            if *slot == u32::MAX {
                let here = hex_shape(game, hex);
                *slot = self
                    .ships
                    .iter()
                    .map(|(_, shape)| shape.distance(&here))
                    .min()
                    .unwrap_or(u32::MAX);
            }
            best = best.min(*slot);
        }
        best
    }

    /// The enemy ships next to obstacle hexes (one of their hexes next to
    /// one of the obstacle's).
    fn rammed(&self, game: &Game, hexes: &[Hex]) -> Vec<ShipId> {
        let board = &game.data.board;
        let shapes: Vec<Shape> = hexes.iter().map(|&hex| hex_shape(game, hex)).collect();
        self.ships
            .iter()
            .filter(|(ship, shape)| {
                match shapes.iter().map(|here| shape.distance(here)).min() {
                    Some(1) => true,
                    // Overlapping an obstacle, a ship may still have a hex
                    // next to it.
                    Some(0) => {
                        let mut covered = [Hex(0); 7];
                        let len = game.placed_hexes(*ship, &mut covered);
                        covered[..len]
                            .iter()
                            .any(|a| hexes.iter().any(|b| board.distance(*a, *b) == 1))
                    }
                    _ => false,
                }
            })
            .map(|(ship, _)| *ship)
            .collect()
    }
}

/// The shape of one hex, to measure from ships.
fn hex_shape(game: &Game, hex: Hex) -> Shape {
    game.data.board.shape(Size::Small, Pos { at: hex, dir: 0 })
}

/// Up to `count` obstacles of a kind move, as `ctx.you` chooses: first
/// which obstacles (one by one, the nearest to an enemy ship that is not
/// next to one already suggested first, until the player stops or has
/// chosen `count`), then, one at a time in the order chosen, each space up
/// to `spaces` (or a number-die roll) of its move. "Chooses up to 3
/// asteroids. One at a time, that player may roll a die for each asteroid
/// and move it": the choice comes before any roll. An obstacle that ends
/// its move next to enemy ships it was not next to when it began deals
/// `ram` to one of them, the player's choice (the weakest suggested
/// first).
pub(crate) fn move_obstacles(
    game: &mut Game,
    ctx: &Ctx,
    kind: Obstacle,
    count: u8,
    spaces: Option<u8>,
    ram: Option<(i32, Option<u8>)>,
) {
    let you = ctx.you;
    let mut enemies = Enemies::new(game, you);
    let mut chosen: Vec<usize> = Vec::new();
    while chosen.len() < usize::from(count) {
        let mut order: Vec<usize> = (0..game.st.obstacles.len())
            .filter(|&index| game.st.obstacles[index].kind == kind && !chosen.contains(&index))
            .collect();
        // One already next to the nearest enemy can come no closer: the
        // nearest of those that can is suggested first.
        order.sort_by_cached_key(|&index| {
            let gap = enemies.gap(game, game.st.obstacles[index].hexes());
            (gap <= 1, gap)
        });
        if order.is_empty() {
            break;
        }
        // "Up to": the player may stop choosing; the suggestion moves one.
        let mut options: Vec<Answer> = order
            .iter()
            .map(|&index| Answer::Obstacle(index as u8))
            .collect();
        options.push(Answer::Stop);
        let answer = question::ask(game, you, About::PickObstacle, options);
        if paused(game) {
            return;
        }
        let Answer::Obstacle(obstacle) = answer else {
            break;
        };
        chosen.push(usize::from(obstacle));
    }
    for obstacle in chosen {
        if game.st.outcome.is_some() || paused(game) {
            return;
        }
        // A ram before may have destroyed a ship.
        enemies = Enemies::new(game, you);
        let moves = spaces.map_or_else(
            || {
                let roll = game.st.dice.roll(game.data.rules().number_die);
                game.emit_with(|game| Event::PowerRoll {
                    source: eval::source(game, ctx),
                    player: you,
                    roll,
                    row: None,
                });
                roll
            },
            u32::from,
        );
        let before = enemies.rammed(game, game.st.obstacles[obstacle].hexes());
        // Whether it stands on a discovery tile it is passing over.
        let mut on_tile = false;
        for left in (1..=moves).rev() {
            let gap = enemies.gap(game, game.st.obstacles[obstacle].hexes());
            let mut steps: Vec<(u32, u8)> = (0..6)
                .filter_map(|dir| {
                    let (moved, onto_tile) = translated(game, obstacle, dir)?;
                    if onto_tile && !leaves_tiles(game, obstacle, &moved, left - 1) {
                        return None;
                    }
                    Some((enemies.gap(game, moved.hexes()), dir))
                })
                .collect();
            steps.sort_by_key(|(gap, _)| *gap);
            let closer = steps.first().is_some_and(|(best, _)| *best < gap);
            let mut options: Vec<Answer> =
                steps.iter().map(|(_, dir)| Answer::Step(*dir)).collect();
            if !on_tile {
                options.insert(usize::from(closer) * options.len(), Answer::Stop);
            }
            let about = About::MoveObstacle {
                obstacle: obstacle as u8,
                spaces_left: u8::try_from(left).unwrap_or(u8::MAX),
            };
            let Answer::Step(dir) = question::ask(game, you, about, options) else {
                break;
            };
            if paused(game) {
                return;
            }
            if let Some((moved, onto_tile)) = translated(game, obstacle, dir) {
                on_tile = onto_tile;
                obstacles::move_obstacle(game, obstacle, moved.hexes());
                game.emit_with(|game| {
                    let state = &game.st.obstacles[obstacle];
                    Event::ObstacleMoved {
                        obstacle: obstacle as u8,
                        kind: state.kind,
                        hexes: state.hexes().to_vec(),
                    }
                });
            }
        }
        if let Some((amount, damage_type)) = ram {
            let mut fresh: Vec<ShipId> = enemies
                .rammed(game, game.st.obstacles[obstacle].hexes())
                .into_iter()
                .filter(|ship| !before.contains(ship))
                .collect();
            fresh.sort_by_key(|&ship| {
                let state = &game.st.ships[ship.index()];
                stats::stat(game, Stat::Hull(ship)) - i32::from(state.hull_damage)
                    + i32::from(state.shields)
            });
            if !fresh.is_empty() {
                let options = fresh.into_iter().map(Answer::Ship).collect();
                let about = About::Ram {
                    obstacle: obstacle as u8,
                };
                if let Answer::Ship(ship) = question::ask(game, you, about, options) {
                    damage::deal_damage(game, ship, amount, Damage::Direct, damage_type);
                }
            }
        }
    }
}

/// Your unlaunched ship card of a bundle ship: behind your screen. A
/// card in a hold is not: holds are filled as their carrier launches, and
/// its ships come out beside the carrier, not by a power.
pub(crate) fn unlaunched(game: &Game, you: PlayerId, ship: u16) -> Option<ShipCardId> {
    (0..game.st.cards.len() as u16)
        .map(ShipCardId)
        .find(|&card| {
            let state = &game.st.cards[card.index()];
            game.data.card(card).ship == usize::from(ship)
                && state.controller == you
                && state.place == CardPlace::Screen
        })
}

/// The positions where a ship of `card` may stand for a launch next to the
/// ships `near` picks, clear of ships and of `placed` (its ships placed so
/// far, not on the board yet), squadron adjacency aside.
fn launch_spaces(
    game: &Game,
    ctx: &Ctx,
    card: ShipCardId,
    near: Option<&(u8, Sel)>,
    placed: &[Pos],
) -> Vec<Pos> {
    let size = game.data.card(card).size;
    let board = &game.data.board;
    let anchors: Vec<Shape> = near.map_or_else(Vec::new, |(_, sel)| {
        eval::selected(game, ctx, sel)
            .into_iter()
            .filter_map(|other| movement::shape_of(game, other))
            .collect()
    });
    let within = near.map_or(0, |(within, _)| u32::from(*within));
    let dirs: &[u8] = if size == Size::Medium {
        &[0, 1, 2]
    } else {
        &[0]
    };
    let mut spaces = Vec::new();
    for index in 0..board.len() as u16 {
        for &dir in dirs {
            let pos = Pos {
                at: Hex(index),
                dir,
            };
            if !deploy::fits(game, size, pos, None, placed) {
                continue;
            }
            let shape = board.shape(size, pos);
            if near.is_none()
                || anchors
                    .iter()
                    .any(|anchor| shape.distance(anchor) <= within)
            {
                spaces.push(pos);
            }
        }
    }
    spaces
}

/// Where the next ship of `card` may be launched, given the positions of
/// its ships placed so far (`placed`, not on the board yet): next to the
/// ships `near` picks, and each squadron ship next to one already placed.
/// Nearest the enemy first.
fn launch_options(
    game: &Game,
    ctx: &Ctx,
    card: ShipCardId,
    near: Option<&(u8, Sel)>,
    placed: &[Pos],
) -> Vec<Pos> {
    let size = game.data.card(card).size;
    let board = &game.data.board;
    let enemies: Vec<Shape> = (0..game.st.ships.len() as u16)
        .map(ShipId)
        .filter(|&ship| {
            eval::on_battlefield(game, ship)
                && !eval::same_team(game, eval::controller_of(game, ship), ctx.you)
        })
        .filter_map(|ship| movement::shape_of(game, ship))
        .collect();
    let mut options: Vec<(u32, Pos)> = launch_spaces(game, ctx, card, near, placed)
        .into_iter()
        .filter(|&pos| {
            let shape = board.shape(size, pos);
            placed.is_empty()
                || placed
                    .iter()
                    .any(|other| shape.distance(&board.shape(size, *other)) == 1)
        })
        .map(|pos| {
            let shape = board.shape(size, pos);
            let gap = enemies
                .iter()
                .map(|enemy| shape.distance(enemy))
                .min()
                .unwrap_or(u32::MAX);
            (gap, pos)
        })
        .collect();
    options.sort_by_key(|(gap, _)| *gap);
    options.into_iter().map(|(_, pos)| pos).collect()
}

/// Whether the ships of `card` after `placed` can all be placed too, each
/// next one beside one already placed: small ships by the placement's
/// flood fill ([`deploy::small_ships_fit`]), bigger ones (or too many) by
/// trying every option in turn.
fn completes(
    game: &Game,
    ctx: &Ctx,
    card: ShipCardId,
    near: Option<&(u8, Sel)>,
    placed: &[Pos],
) -> bool {
    let ships = game.data.card(card).ship_ids().count();
    if placed.len() >= ships {
        return true;
    }
    if game.data.card(card).size == Size::Small {
        let board = &game.data.board;
        let spaces = launch_spaces(game, ctx, card, near, placed);
        let mut open = HexSet::new(board.len());
        for pos in &spaces {
            open.insert(pos.at);
        }
        let placed_hexes: Vec<Hex> = placed.iter().map(|pos| pos.at).collect();
        if let Some(fits) = deploy::small_ships_fit(
            board,
            |hex| open.contains(hex),
            &placed_hexes,
            !placed.is_empty(),
            spaces.iter().map(|pos| pos.at),
            ships - placed.len(),
        ) {
            return fits;
        }
    }
    let mut more = placed.to_vec();
    launch_options(game, ctx, card, near, placed)
        .into_iter()
        .any(|pos| {
            more.push(pos);
            let done = completes(game, ctx, card, near, &more);
            more.pop();
            done
        })
}

/// Whether every ship of a card can be launched next to the ships `near`
/// picks (each squadron ship next to one already placed).
pub(crate) fn can_launch(
    game: &Game,
    ctx: &Ctx,
    card: ShipCardId,
    near: Option<&(u8, Sel)>,
) -> bool {
    completes(game, ctx, card, near, &[])
}

/// Launches one of your unlaunched ship cards, paying its launch cost
/// less `discount`, next to the ships `near` picks; you place each ship.
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
    if !can_launch(game, ctx, card, near) || !energy::spend_energy(game, ctx.you, cost) {
        return;
    }
    let mut placed: Vec<Pos> = Vec::new();
    for _ in game.data.card(card).ship_ids() {
        let options: Vec<Answer> = launch_options(game, ctx, card, near, &placed)
            .into_iter()
            .filter(|&pos| {
                placed.push(pos);
                let ok = completes(game, ctx, card, near, &placed);
                placed.pop();
                ok
            })
            .map(|pos| Answer::Place {
                hex: pos.at,
                dir: pos.dir,
            })
            .collect();
        if options.is_empty() {
            break;
        }
        let answer = question::ask(game, ctx.you, About::Launch { card }, options);
        if paused(game) {
            return;
        }
        if let Answer::Place { hex, dir } = answer {
            placed.push(Pos { at: hex, dir });
        }
    }
    let state = &mut game.st.cards[card.index()];
    state.place = CardPlace::Launched;
    state.launched_turn = game.st.turn;
    for (ship, pos) in game.data.card(card).ship_ids().zip(placed) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::for_each_state;

    /// The hexes enemy ships (of `you`) cover.
    fn enemy_hexes(game: &Game, you: PlayerId) -> Vec<Hex> {
        let mut out = Vec::new();
        for ship in (0..game.st.ships.len() as u16).map(ShipId) {
            if eval::on_battlefield(game, ship)
                && !eval::same_team(game, eval::controller_of(game, ship), you)
            {
                let mut hexes = [Hex(0); 7];
                let len = game.placed_hexes(ship, &mut hexes);
                out.extend_from_slice(&hexes[..len]);
            }
        }
        out
    }

    fn plain_gap(game: &Game, enemies: &[Hex], hexes: &[Hex]) -> u32 {
        let board = &game.data.board;
        enemies
            .iter()
            .flat_map(|ship_hex| hexes.iter().map(move |hex| board.distance(*hex, *ship_hex)))
            .min()
            .unwrap_or(u32::MAX)
    }

    fn plain_rammed(game: &Game, you: PlayerId, hexes: &[Hex]) -> Vec<ShipId> {
        let board = &game.data.board;
        (0..game.st.ships.len() as u16)
            .map(ShipId)
            .filter(|&ship| {
                if !eval::on_battlefield(game, ship)
                    || eval::same_team(game, eval::controller_of(game, ship), you)
                {
                    return false;
                }
                let mut covered = [Hex(0); 7];
                let len = game.placed_hexes(ship, &mut covered);
                covered[..len]
                    .iter()
                    .any(|hex| board.neighbours(*hex).any(|next| hexes.contains(&next)))
            })
            .collect()
    }

    /// Whether the ships of `card` after `placed` can all be placed, by
    /// trying every option of every ship in turn.
    fn completes_by_search(
        game: &Game,
        ctx: &Ctx,
        card: ShipCardId,
        near: Option<&(u8, Sel)>,
        placed: &mut Vec<Pos>,
    ) -> bool {
        if placed.len() >= game.data.card(card).ship_ids().count() {
            return true;
        }
        launch_options(game, ctx, card, near, placed)
            .into_iter()
            .any(|pos| {
                placed.push(pos);
                let done = completes_by_search(game, ctx, card, near, placed);
                placed.pop();
                done
            })
    }

    /// The flood fill that decides whether a squadron can be launched
    /// answers as the search over every placement does: next to the
    /// player's ships within 0 to 2 spaces, or anywhere, from scratch and
    /// after each first ship.
    #[test]
    fn a_squadron_launch_completes_as_a_full_search_finds() {
        let (mut yes, mut no) = (0, 0);
        for_each_state(1, |game| {
            if game.steps() % 50 != 0 {
                return;
            }
            for you in (0..game.st.players.len() as u8).map(PlayerId) {
                let ctx = Ctx {
                    you,
                    ..Ctx::default()
                };
                let friendly = Sel::role(spacedock_schema::effect::Role::Friendly);
                for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
                    let data = game.data.card(card);
                    if data.size != Size::Small || data.ship_ids().count() < 2 {
                        continue;
                    }
                    let nears = [
                        None,
                        Some((0, friendly.clone())),
                        Some((1, friendly.clone())),
                        Some((2, friendly.clone())),
                    ];
                    for near in &nears {
                        let mut placed = Vec::new();
                        let found =
                            completes_by_search(game, &ctx, card, near.as_ref(), &mut placed);
                        assert_eq!(completes(game, &ctx, card, near.as_ref(), &[]), found);
                        if found {
                            yes += 1;
                        } else {
                            no += 1;
                        }
                        for first in launch_options(game, &ctx, card, near.as_ref(), &[])
                            .into_iter()
                            .take(3)
                        {
                            let mut placed = vec![first];
                            let found =
                                completes_by_search(game, &ctx, card, near.as_ref(), &mut placed);
                            assert_eq!(completes(game, &ctx, card, near.as_ref(), &[first]), found);
                            if found {
                                yes += 1;
                            } else {
                                no += 1;
                            }
                        }
                    }
                }
            }
        });
        assert!(yes > 100 && no > 20, "{yes} yes, {no} no");
    }

    /// Gaps kept per hex from ship shapes, and rams found from them, are
    /// the plain measures over every pair of hexes.
    #[test]
    fn enemies_measure_as_hexes_do() {
        let mut checked = 0;
        for_each_state(2, |game| {
            for you in (0..game.st.players.len() as u8).map(PlayerId) {
                let mut enemies = Enemies::new(game, you);
                let hexes = enemy_hexes(game, you);
                for (index, obstacle) in game.st.obstacles.iter().enumerate() {
                    let moves = (0..6)
                        .filter_map(|dir| translated(game, index, dir))
                        .map(|(moved, _)| moved);
                    for moved in std::iter::once(*obstacle).chain(moves) {
                        assert_eq!(
                            enemies.gap(game, moved.hexes()),
                            plain_gap(game, &hexes, moved.hexes())
                        );
                        assert_eq!(
                            enemies.rammed(game, moved.hexes()),
                            plain_rammed(game, you, moved.hexes())
                        );
                        checked += 1;
                    }
                }
            }
        });
        assert!(checked > 1000, "only {checked} obstacle positions");
    }

    /// Meteor Storm's remote engines: an asteroid already next to the only
    /// Wretch ship on the battlefield can come no closer to it, so the
    /// asteroid suggested first is another, the nearest of those that can.
    #[test]
    fn the_asteroid_suggested_first_can_come_closer() {
        use spacedock_schema::scenario::{Die, ForcedDie};

        use crate::action::Action;
        use crate::board::Pos;
        use crate::question::{About, Answer};
        use crate::rules::testing;
        use crate::state::TurnPhase;

        let mut game = Game::new(testing::bundle(), "meteor-storm", 1).unwrap();
        let seat = |name: &str| {
            game.players()
                .find(|&player| game.player_name(player) == name)
                .unwrap()
        };
        let (isn, wretch) = (seat("ISN player 1"), seat("Wretch player 1"));
        let asteroids: Vec<usize> = (0..game.st.obstacles.len())
            .filter(|&index| game.st.obstacles[index].kind == Obstacle::Asteroid)
            .collect();
        let next_to = asteroids[0];
        let board = &game.data.board;
        // A hex next to the first asteroid, clear of every obstacle and ship.
        let hex = (0..board.len())
            .map(|index| Hex(index as u16))
            .find(|&hex| {
                board.usable(hex)
                    && game.st.terrain[hex.index()] == 0
                    && game.st.occupant[hex.index()] == 0
                    && game.st.obstacles[next_to]
                        .hexes()
                        .iter()
                        .any(|&rock| board.distance(rock, hex) == 1)
            })
            .unwrap();
        let ship = game
            .cards()
            .find(|card| card.controller == wretch && game.data.card(card.id).size == Size::Small)
            .and_then(|card| game.card_ships(card.id).next())
            .unwrap();
        game.edit()
            .set_turn(isn, TurnPhase::Action, 2)
            .set_energy(isn, 10)
            .place_ship(ship, Pos { at: hex, dir: 0 })
            .force_dice(&[ForcedDie {
                die: Die::Number,
                face: 5,
            }]);
        game.apply(Action::EndPhase).unwrap();
        game.apply(Action::Answer(Answer::Yes)).unwrap();
        let question = game.question().expect("an asteroid to pick");
        assert_eq!(question.about, About::PickObstacle);
        let mut enemies = Enemies::new(&game, isn);
        let gaps: Vec<(usize, u32)> = question
            .options
            .iter()
            .filter_map(|answer| match *answer {
                Answer::Obstacle(index) => {
                    let index = usize::from(index);
                    Some((index, enemies.gap(&game, game.st.obstacles[index].hexes())))
                }
                _ => None,
            })
            .collect();
        assert_eq!(gaps.len(), asteroids.len(), "{gaps:?}");
        assert!(
            gaps.iter()
                .any(|&(index, gap)| index == next_to && gap == 1)
        );
        let nearest_that_can = gaps
            .iter()
            .filter(|&&(_, gap)| gap > 1)
            .map(|&(_, gap)| gap)
            .min()
            .unwrap();
        assert_eq!(gaps[0].1, nearest_that_can, "{gaps:?}");
    }
}
