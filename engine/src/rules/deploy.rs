//! The deploy phase: launching ship cards into the starting zone or out of
//! a transport hold, placing their ships, shields on launch, and sealed
//! transport holds. Setup placements and warp-gate placements use the same
//! placement rules.
//!
//! A ship is placed on usable hexes (no half hex, no asteroid, no other
//! ship); into the zone it must cover at least one zone hex; out of a hold
//! it must be adjacent to the carrier; each further ship of a squadron must
//! be adjacent to one already placed. A launch is legal only if every ship
//! of the card can be placed, and each placement keeps the rest possible,
//! so a launch never gets stuck.

use spacedock_schema::common::Size;

use crate::action::Action;
use crate::board::{Board, Placement, Pos, Shape, extent, placement_dirs};
use crate::event::Event;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId};
use crate::powers::{self, Stat, Trigger};
use crate::rules::{cards, energy, movement, obstacles, stats, turn};
use crate::state::{CardPlace, PlaceKind, Stage};

/// Most ships one card may have (the schema's squadron maximum).
const MAX_SHIPS: usize = 12;

/// Battlefields up to this many hexes get the flood fill for squadrons of
/// small ships (its marks live in a fixed array); bigger ones search.
const FLOOD_HEXES: usize = 1024;

/// Puts a ship on the battlefield at `pos` (no ECM, no debris: placing is
/// not moving). The primitive for launches, warps and powers that place.
pub(crate) fn place_ship(game: &mut Game, ship: ShipId, pos: Pos) {
    movement::lift_ship(game, ship);
    movement::occupy(game, ship, pos);
    game.st.ships[ship.index()].pos = Some(pos);
    game.emit(Event::Placed { ship, pos });
}

/// Whether a ship of `size` fits at `pos`: on usable hexes, off asteroids,
/// clear of resting ships (but `skip`) and of `extra` positions.
pub(crate) fn fits(game: &Game, size: Size, pos: Pos, skip: Option<ShipId>, extra: &[Pos]) -> bool {
    let board = &game.data.board;
    let mut hexes = [Hex(0); 7];
    let Some(len) = board.footprint(size, pos, &mut hexes) else {
        return false;
    };
    let mut others = [Hex(0); 7];
    for hex in &hexes[..len] {
        let occupant = game.st.occupant[hex.index()];
        if !board.usable(*hex)
            || obstacles::is_asteroid(game, *hex)
            || (occupant != 0 && skip.is_none_or(|skip| occupant != skip.0 + 1))
        {
            return false;
        }
        for other in extra {
            let count = board.footprint(size, *other, &mut others).unwrap_or(0);
            if others[..count].contains(hex) {
                return false;
            }
        }
    }
    true
}

/// The ships of a card placed so far in a placement (or in the search for
/// the rest of one): their positions and every hex they cover.
struct Placed {
    positions: [Pos; MAX_SHIPS],
    count: usize,
    hexes: [Hex; MAX_SHIPS * 7],
    hex_count: usize,
}

impl Placed {
    fn new() -> Placed {
        Placed {
            positions: [Pos { at: Hex(0), dir: 0 }; MAX_SHIPS],
            count: 0,
            hexes: [Hex(0); MAX_SHIPS * 7],
            hex_count: 0,
        }
    }

    fn positions(&self) -> &[Pos] {
        &self.positions[..self.count]
    }

    /// Adds a position whose footprint is `hexes`.
    fn push(&mut self, pos: Pos, hexes: &[Hex]) {
        self.positions[self.count] = pos;
        self.count += 1;
        self.hexes[self.hex_count..self.hex_count + hexes.len()].copy_from_slice(hexes);
        self.hex_count += hexes.len();
    }

    /// Takes back the last position, of `len` hexes.
    fn pop(&mut self, len: usize) {
        self.count -= 1;
        self.hex_count -= len;
    }
}

/// One card's placement with what its rules look up, found once per
/// question rather than for every position tried.
struct Deployment {
    kind: PlaceKind,
    size: Size,
    /// The starting zone of a zone placement.
    zone: Option<usize>,
    /// Out of a hold, the carrier's ships on the battlefield: the hex each
    /// stands on and its shape.
    carrier: [(Hex, Shape); MAX_SHIPS],
    carrier_count: usize,
}

impl Deployment {
    fn new(game: &Game, card: ShipCardId, kind: PlaceKind) -> Deployment {
        let mut deployment = Deployment {
            kind,
            size: game.data.card(card).size,
            zone: zone_of(game, card, kind),
            carrier: [(Hex(0), Shape::default()); MAX_SHIPS],
            carrier_count: 0,
        };
        if let PlaceKind::FromHold { carrier } = kind {
            for ship in game.data.card(carrier).ship_ids().take(MAX_SHIPS) {
                if let (Some(pos), Some(shape)) = (
                    game.st.ships[ship.index()].pos,
                    movement::shape_of(game, ship),
                ) {
                    deployment.carrier[deployment.carrier_count] = (pos.at, shape);
                    deployment.carrier_count += 1;
                }
            }
        }
        deployment
    }

    fn carrier(&self) -> &[(Hex, Shape)] {
        &self.carrier[..self.carrier_count]
    }
}

/// Whether the next ship of the card may take `place`, `placed` holding
/// the card's ships placed so far. For a zone placement `place` must
/// cover a zone hex already (every candidate does): that is not checked.
fn valid(game: &Game, deployment: &Deployment, place: &Placement, placed: &Placed) -> bool {
    let board = &game.data.board;
    let covered = &placed.hexes[..placed.hex_count];
    if place.hexes().iter().any(|hex| {
        game.st.occupant[hex.index()] != 0
            || obstacles::is_asteroid(game, *hex)
            || covered.contains(hex)
    }) {
        return false;
    }
    if placed.count == 0 && matches!(deployment.kind, PlaceKind::Setup | PlaceKind::Launch) {
        // The first ship into the zone: nothing to be next to.
        return true;
    }
    let size = deployment.size;
    let shape = board.shape(size, place.pos);
    if placed.count > 0
        && !placed
            .positions()
            .iter()
            .any(|other| shape.distance(&board.shape(size, *other)) == 1)
    {
        return false;
    }
    match deployment.kind {
        PlaceKind::Setup | PlaceKind::Launch => true,
        PlaceKind::FromHold { .. } => deployment
            .carrier()
            .iter()
            .any(|(_, other)| shape.distance(other) == 1),
        // The chosen space may be either end of a medium ship's base.
        PlaceKind::Warp { gate, .. } => {
            let range = game.data.rules().warp_gate_range;
            place
                .hexes()
                .iter()
                .any(|hex| board.distance(gate, *hex) <= range)
        }
    }
}

/// Whether a placement covers a hex of the zone.
fn covers_zone(board: &Board, zone: usize, place: &Placement) -> bool {
    place.hexes().iter().any(|hex| board.in_zone(zone, *hex))
}

/// Two adjacent ships of one size have positions this close at most: a
/// small ship's hex is next to the other's, a medium ship's ends or a large
/// ship's centre are at most three spaces from the other's.
fn reach(size: Size) -> u8 {
    1 + 2 * extent(size)
}

/// The starting zone a card is placed into, for zone placements.
fn zone_of(game: &Game, card: ShipCardId, kind: PlaceKind) -> Option<usize> {
    match kind {
        PlaceKind::Setup | PlaceKind::Launch => {
            let controller = game.st.cards[card.index()].controller;
            Some(game.data.players[controller.index()].zone)
        }
        PlaceKind::FromHold { .. } | PlaceKind::Warp { .. } => None,
    }
}

/// Positions to try for the next ship of the card, in the order the legal
/// list offers them: those covering a zone hex for a zone placement,
/// anywhere otherwise (by hex, then direction); next to the first ship
/// placed for the rest of a squadron (the n-th ship of a chain is within n
/// reaches of the first); near the carrier out of a hold (every footprint
/// lies within a space of its position's hex, so a position next to the
/// carrier is within three spaces of one of the carrier's). Positions are
/// in hex order, so only the rows that near can be are looked at.
fn candidates<'a>(
    game: &'a Game,
    deployment: &'a Deployment,
    placed: &[Pos],
) -> impl Iterator<Item = &'a Placement> + 'a {
    let size = deployment.size;
    let board = &game.data.board;
    let places = match deployment.zone {
        Some(zone) => board.zone_placements(zone, size),
        None => board.placements(size),
    };
    let first = placed.first().map(|pos| pos.at);
    let reach = u32::from(reach(size)) * placed.len() as u32;
    let carrier = match deployment.kind {
        PlaceKind::FromHold { .. } => Some(deployment.carrier()),
        _ => None,
    };
    let mut rows = first.map(|first| board.rows_near(first, reach));
    if let Some(carrier) = carrier {
        let near = carrier
            .iter()
            .map(|(hex, _)| board.rows_near(*hex, 3))
            .reduce(|a, b| a.start.min(b.start)..a.end.max(b.end))
            .unwrap_or(0..0);
        rows = Some(match rows {
            Some(rows) => rows.start.max(near.start)..rows.end.min(near.end),
            None => near,
        });
    }
    let places = match rows {
        Some(rows) => {
            let start = places.partition_point(|place| u32::from(place.pos.at.0) < rows.start);
            let end = places.partition_point(|place| u32::from(place.pos.at.0) < rows.end);
            &places[start..end.max(start)]
        }
        None => places,
    };
    places.iter().filter(move |place| {
        let at = place.pos.at;
        first.is_none_or(|first| board.distance(first, at) <= reach)
            && carrier
                .is_none_or(|carrier| carrier.iter().any(|(hex, _)| board.distance(*hex, at) <= 3))
    })
}

/// Whether ships `placed.count..total` of the card can all still be
/// placed: a flood fill for small ships, a search otherwise.
fn completable(game: &Game, deployment: &Deployment, placed: &mut Placed, total: usize) -> bool {
    if placed.count >= total {
        return true;
    }
    if deployment.size == Size::Small && game.data.board.len() <= FLOOD_HEXES {
        return small_completable(game, deployment, placed, total - placed.count);
    }
    search(game, deployment, placed, total)
}

/// [`completable`] by a depth-first search over positions. Only whether is
/// asked, not in which order, so after the first ship it tries just the
/// positions next to a ship already placed (where the next one must go):
/// for each placed ship, the hexes within a reach of it that no earlier
/// placed ship has covered already.
fn search(game: &Game, deployment: &Deployment, placed: &mut Placed, total: usize) -> bool {
    if placed.count >= total {
        return true;
    }
    if placed.count == 0 {
        for place in candidates(game, deployment, &[]) {
            if try_place(game, deployment, place, placed, total) {
                return true;
            }
        }
        return false;
    }
    let size = deployment.size;
    let board = &game.data.board;
    let reach = reach(size);
    let zone = deployment.zone;
    for near in 0..placed.count {
        let centre = placed.positions[near].at;
        for hex in board.disk(centre, reach) {
            if zone.is_some_and(|zone| !board.is_zone_anchor(zone, hex))
                || placed.positions[..near]
                    .iter()
                    .any(|earlier| board.distance(earlier.at, hex) <= u32::from(reach))
            {
                continue;
            }
            for dir in 0..placement_dirs(size) {
                if let Some(place) = board.placement(size, Pos { at: hex, dir })
                    && zone.is_none_or(|zone| covers_zone(board, zone, place))
                    && try_place(game, deployment, place, placed, total)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// Whether the next ship may take `place` and the rest of the card can
/// follow it.
fn try_place(
    game: &Game,
    deployment: &Deployment,
    place: &Placement,
    placed: &mut Placed,
    total: usize,
) -> bool {
    if !valid(game, deployment, place, placed) {
        return false;
    }
    placed.push(place.pos, place.hexes());
    let done = search(game, deployment, placed, total);
    placed.pop(place.hexes().len());
    done
}

/// Whether a small ship of the card may stand on `hex` as far as the hex
/// goes: `valid` but for the squadron's adjacency.
fn open_for_small(game: &Game, deployment: &Deployment, hex: Hex, placed: &Placed) -> bool {
    let board = &game.data.board;
    board.usable(hex)
        && game.st.occupant[hex.index()] == 0
        && !obstacles::is_asteroid(game, hex)
        && !placed.hexes[..placed.hex_count].contains(&hex)
        && match deployment.kind {
            PlaceKind::Setup | PlaceKind::Launch => {
                deployment.zone.is_some_and(|zone| board.in_zone(zone, hex))
            }
            PlaceKind::FromHold { .. } => {
                let shape = board.shape(Size::Small, Pos { at: hex, dir: 0 });
                deployment
                    .carrier()
                    .iter()
                    .any(|(_, other)| shape.distance(other) == 1)
            }
            PlaceKind::Warp { gate, .. } => {
                board.distance(gate, hex) <= game.data.rules().warp_gate_range
            }
        }
}

/// A flood fill over the hexes a small ship may stand on: hexes marked
/// once found, and the found hexes whose neighbours are still to look at
/// (the placed ships' hexes, then at most `remaining - 1` found ones
/// before the answer is yes: fewer than `2 * MAX_SHIPS`).
struct Flood {
    seen: [u64; FLOOD_HEXES / 64],
    stack: [Hex; 2 * MAX_SHIPS],
    depth: usize,
}

impl Flood {
    /// Marks a hex; `true` if it was not marked yet.
    fn mark(&mut self, hex: Hex) -> bool {
        let (word, bit) = (hex.index() / 64, 1 << (hex.index() % 64));
        let fresh = self.seen[word] & bit == 0;
        self.seen[word] |= bit;
        fresh
    }

    fn push(&mut self, hex: Hex) {
        self.stack[self.depth] = hex;
        self.depth += 1;
    }

    /// Whether the hexes found from the stack, `found` of them already,
    /// reach `remaining`.
    fn reaches(
        &mut self,
        board: &Board,
        open: &impl Fn(Hex) -> bool,
        mut found: usize,
        remaining: usize,
    ) -> bool {
        while self.depth > 0 {
            self.depth -= 1;
            let hex = self.stack[self.depth];
            for next in board.neighbours(hex) {
                if open(next) && self.mark(next) {
                    found += 1;
                    if found >= remaining {
                        return true;
                    }
                    self.push(next);
                }
            }
        }
        false
    }
}

/// [`completable`] for small ships, exactly and without a search
/// ([`small_ships_fit`]).
fn small_completable(
    game: &Game,
    deployment: &Deployment,
    placed: &Placed,
    remaining: usize,
) -> bool {
    small_ships_fit(
        &game.data.board,
        |hex| open_for_small(game, deployment, hex, placed),
        &placed.hexes[..placed.hex_count],
        placed.count > 0,
        candidates(game, deployment, &[]).map(|place| place.pos.at),
        remaining,
    )
    .unwrap_or(false)
}

/// Whether `remaining` more small ships can be placed on hexes `open`
/// accepts, each next to one placed before (`placed`, the hexes of those
/// placed so far; `started` whether there are any), exactly and without a
/// search: each ship takes one hex, so they fit if and only if the open
/// hexes that connect to the placed ones (or, with none placed, any one
/// group of open hexes among `firsts`) number at least `remaining`:
/// placing them in the order a flood fill finds them always works. `None`
/// when the battlefield or the ships are too many for the fill's tables.
pub(crate) fn small_ships_fit(
    board: &Board,
    open: impl Fn(Hex) -> bool,
    placed: &[Hex],
    started: bool,
    firsts: impl IntoIterator<Item = Hex>,
    remaining: usize,
) -> Option<bool> {
    if board.len() > FLOOD_HEXES || placed.len() + remaining > 2 * MAX_SHIPS {
        return None;
    }
    let mut flood = Flood {
        seen: [0; FLOOD_HEXES / 64],
        stack: [Hex(0); 2 * MAX_SHIPS],
        depth: 0,
    };
    for &hex in placed {
        flood.mark(hex);
        flood.push(hex);
    }
    if started {
        return Some(flood.reaches(board, &open, 0, remaining));
    }
    // No ship placed yet: the first may go on any open hex, so each group
    // of open hexes is tried once.
    for hex in firsts {
        if open(hex) && flood.mark(hex) {
            flood.push(hex);
            if remaining == 1 || flood.reaches(board, &open, 1, remaining) {
                return Some(true);
            }
        }
    }
    Some(false)
}

fn ship_total(game: &Game, card: ShipCardId) -> usize {
    game.data.card(card).ships.len().min(MAX_SHIPS)
}

/// Whether every ship of `card` can be placed.
pub(crate) fn placement_possible(game: &Game, card: ShipCardId, kind: PlaceKind) -> bool {
    let deployment = Deployment::new(game, card, kind);
    completable(
        game,
        &deployment,
        &mut Placed::new(),
        ship_total(game, card),
    )
}

/// The card's ships placed so far in this placement.
fn placed_so_far(game: &Game, card: ShipCardId, placed: u8) -> Placed {
    let mut so_far = Placed::new();
    let size = game.data.card(card).size;
    let mut hexes = [Hex(0); 7];
    for ship in game.data.card(card).ship_ids().take(usize::from(placed)) {
        if let Some(pos) = game.st.ships[ship.index()].pos {
            let len = game
                .data
                .board
                .footprint(size, pos, &mut hexes)
                .unwrap_or(0);
            so_far.push(pos, &hexes[..len]);
        }
    }
    so_far
}

/// The `Place` choices of the placement under way.
pub(crate) fn push_placements(game: &Game, out: &mut Vec<Action>) {
    let Stage::Placing {
        card, placed, kind, ..
    } = game.st.stage
    else {
        return;
    };
    let deployment = Deployment::new(game, card, kind);
    if let PlaceKind::Warp { .. } = kind {
        let none = Placed::new();
        for place in candidates(game, &deployment, &[]) {
            if valid(game, &deployment, place, &none) {
                out.push(Action::Place {
                    hex: place.pos.at,
                    dir: place.pos.dir,
                });
            }
        }
        return;
    }
    let total = ship_total(game, card);
    let mut so_far = placed_so_far(game, card, placed);
    let last = so_far.count + 1 >= total;
    // A small ship after the first takes a hex next to the placed ones, so
    // the hexes open to the rest stay connected to them as before, one
    // fewer: every valid position leaves the rest possible or none does,
    // and the rest is asked once.
    let rest = (!last && deployment.size == Size::Small && so_far.count > 0)
        .then(|| completable(game, &deployment, &mut so_far, total));
    let snapshot = so_far.positions;
    for place in candidates(game, &deployment, &snapshot[..so_far.count]) {
        if valid(game, &deployment, place, &so_far)
            && (last
                || rest.unwrap_or_else(|| {
                    so_far.push(place.pos, place.hexes());
                    let done = completable(game, &deployment, &mut so_far, total);
                    so_far.pop(place.hexes().len());
                    done
                }))
        {
            out.push(Action::Place {
                hex: place.pos.at,
                dir: place.pos.dir,
            });
        }
    }
}

/// Places a ship being launched and gives it its shields (a mission's
/// start ships may begin with other pegs).
pub(crate) fn place_launched_ship(game: &mut Game, ship: ShipId, pos: Pos, kind: PlaceKind) {
    place_ship(game, ship, pos);
    let card = game.data.card_of(ship);
    let start = game
        .data
        .card(card)
        .start
        .as_ref()
        .filter(|_| kind == PlaceKind::Setup)
        .map(|start| (start.shields, start.hull_damage));
    let shield = stats::stat(game, Stat::Shield(ship));
    let (shields, hull_damage) = match start {
        Some((shields, hull_damage)) => (shields.unwrap_or(shield), hull_damage),
        None => (shield, 0),
    };
    let state = &mut game.st.ships[ship.index()];
    state.shields = shields.clamp(0, 255) as u8;
    state.hull_damage = hull_damage.clamp(0, 255) as u8;
    state.destroyed = false;
}

/// A placement decision.
pub(crate) fn place(game: &mut Game, hex: Hex, dir: u8) {
    let Stage::Placing {
        player,
        card,
        placed,
        kind,
    } = game.st.stage
    else {
        return;
    };
    let pos = Pos { at: hex, dir };
    if let PlaceKind::Warp { ship, .. } = kind {
        place_ship(game, ship, pos);
        game.st.ships[ship.index()].moved = true;
        game.st.stage = Stage::Main;
        return;
    }
    let ship = ShipId(game.data.card(card).ships.start + u16::from(placed));
    place_launched_ship(game, ship, pos, kind);
    let placed = placed + 1;
    if usize::from(placed) < ship_total(game, card) {
        game.st.stage = Stage::Placing {
            player,
            card,
            placed,
            kind,
        };
        return;
    }
    match kind {
        PlaceKind::Setup => {
            finish_setup_card(game, card);
            turn::next_setup_step(game);
        }
        PlaceKind::Launch => finish_launch(game, player, card),
        PlaceKind::FromHold { .. } | PlaceKind::Warp { .. } => {
            game.st.stage = Stage::Main;
            powers::dispatch(game, Trigger::Launch { card });
        }
    }
}

/// A card placed at setup: its prepped cards attach, its launch powers fire.
pub(crate) fn finish_setup_card(game: &mut Game, card: ShipCardId) {
    game.st.cards[card.index()].launched_turn = 0;
    let owner = game.data.card(card).owner;
    let attached = game
        .data
        .card(card)
        .start
        .as_ref()
        .map(|start| start.attached.clone())
        .unwrap_or_default();
    for kind in attached {
        cards::attach_prepped(game, owner, kind, card);
    }
    game.emit(Event::Launched { card });
    powers::dispatch(game, Trigger::Launch { card });
}

/// Spaces left in a carrier's hold.
pub(crate) fn hold_room(game: &Game, carrier: ShipCardId) -> i32 {
    let used: i32 = (0..game.st.cards.len() as u16)
        .map(ShipCardId)
        .filter(|&card| game.st.cards[card.index()].place == CardPlace::Hold(carrier))
        .map(|card| game.data.spaces(card))
        .sum();
    stats::stat(game, Stat::Capacity(carrier)) - used
}

/// Whether `card` can go into the hold of `carrier` now.
fn loadable(game: &Game, player: PlayerId, carrier: ShipCardId, card: ShipCardId) -> bool {
    card != carrier
        && game.st.cards[card.index()].controller == player
        && game.st.cards[card.index()].place == CardPlace::Screen
        && game.data.card(card).size < game.data.card(carrier).size
        && game.data.spaces(card) <= hold_room(game, carrier)
}

fn any_loadable(game: &Game, player: PlayerId, carrier: ShipCardId) -> bool {
    (0..game.st.cards.len() as u16).any(|card| loadable(game, player, carrier, ShipCardId(card)))
}

/// A card launched into the zone: launch powers, then its sealed hold.
fn finish_launch(game: &mut Game, player: PlayerId, card: ShipCardId) {
    game.st.stage = Stage::Main;
    powers::dispatch(game, Trigger::Launch { card });
    if !game.data.players[player.index()].transport || game.st.outcome.is_some() {
        return;
    }
    let plan = game.data.card(card).hold_plan.clone();
    if !plan.is_empty() {
        for held in plan {
            if loadable(game, player, card, held) {
                put_in_hold(game, card, held);
            }
        }
    } else if any_loadable(game, player, card) {
        game.st.stage = Stage::Loading {
            player,
            carrier: card,
        };
    }
}

fn put_in_hold(game: &mut Game, carrier: ShipCardId, card: ShipCardId) {
    game.st.cards[card.index()].place = CardPlace::Hold(carrier);
    game.emit(Event::Loaded { carrier, card });
}

pub(crate) fn push_loads(game: &Game, out: &mut Vec<Action>) {
    let Stage::Loading { player, carrier } = game.st.stage else {
        return;
    };
    for card in 0..game.st.cards.len() as u16 {
        if loadable(game, player, carrier, ShipCardId(card)) {
            out.push(Action::Load(ShipCardId(card)));
        }
    }
    out.push(Action::EndLoad);
}

pub(crate) fn load(game: &mut Game, card: ShipCardId) {
    let Stage::Loading { player, carrier } = game.st.stage else {
        return;
    };
    put_in_hold(game, carrier, card);
    if !any_loadable(game, player, carrier) {
        game.st.stage = Stage::Main;
    }
}

pub(crate) fn end_load(game: &mut Game) {
    game.st.stage = Stage::Main;
}

/// How a card would be launched now, if it can be.
fn launch_kind(game: &Game, card: ShipCardId) -> Option<PlaceKind> {
    match game.st.cards[card.index()].place {
        CardPlace::Screen => Some(PlaceKind::Launch),
        CardPlace::Hold(carrier) => {
            let state = &game.st.cards[carrier.index()];
            let launched_before = state.place == CardPlace::Launched
                && (state.launched_turn < game.st.turn || powers::quick_launch(game, carrier))
                && game
                    .data
                    .card(carrier)
                    .ship_ids()
                    .any(|ship| game.st.ships[ship.index()].pos.is_some());
            launched_before.then_some(PlaceKind::FromHold { carrier })
        }
        CardPlace::Launched | CardPlace::OutOfPlay => None,
    }
}

/// Launches the active player can pay for and find room for (of them,
/// only that of `only` if given).
pub(crate) fn push_launches(
    game: &Game,
    player: PlayerId,
    only: Option<ShipCardId>,
    out: &mut Vec<Action>,
) {
    for card in 0..game.st.cards.len() as u16 {
        let card = ShipCardId(card);
        if only.is_some_and(|only| only != card) || game.st.cards[card.index()].controller != player
        {
            continue;
        }
        let Some(kind) = launch_kind(game, card) else {
            continue;
        };
        let cost = stats::stat(game, Stat::LaunchCost(card));
        if energy::can_pay(game, player, cost) && placement_possible(game, card, kind) {
            out.push(Action::Launch(card));
        }
    }
}

/// Pays the launch cost; the ships are placed by the following decisions.
pub(crate) fn launch(game: &mut Game, player: PlayerId, card: ShipCardId) {
    let Some(kind) = launch_kind(game, card) else {
        return;
    };
    let cost = stats::stat(game, Stat::LaunchCost(card));
    energy::spend_energy(game, player, cost);
    let state = &mut game.st.cards[card.index()];
    state.place = CardPlace::Launched;
    state.launched_turn = game.st.turn;
    game.emit(Event::Launched { card });
    game.st.stage = Stage::Placing {
        player,
        card,
        placed: 0,
        kind,
    };
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{Deployment, PlaceKind, Placed, candidates, launch_kind, placed_so_far, search};
    use super::{Size, placement_possible, push_placements, ship_total, small_completable};
    use super::{valid, zone_of};
    use crate::action::Action;
    use crate::board::{Placement, Pos};
    use crate::game::Game;
    use crate::ids::ShipCardId;
    use crate::rules::testing::for_each_state;
    use crate::rules::{movement, obstacles};
    use crate::state::Stage;

    /// The placement rules read plainly, for a position anywhere on the
    /// battlefield: free hexes covering a zone hex for a zone placement,
    /// next to a ship of the card placed, next to the carrier out of a
    /// hold, in range of the warp gate.
    fn plain_valid(
        game: &Game,
        card: ShipCardId,
        kind: PlaceKind,
        place: &Placement,
        placed: &[Pos],
    ) -> bool {
        let board = &game.data.board;
        let size = game.data.card(card).size;
        let shape = board.shape(size, place.pos);
        let covered = |hex| {
            placed.iter().any(|other| {
                let mut hexes = [crate::ids::Hex(0); 7];
                let len = board.footprint(size, *other, &mut hexes).unwrap();
                hexes[..len].contains(hex)
            })
        };
        place.hexes().iter().all(|hex| {
            game.st.occupant[hex.index()] == 0
                && !obstacles::is_asteroid(game, *hex)
                && !covered(hex)
        }) && zone_of(game, card, kind)
            .is_none_or(|zone| place.hexes().iter().any(|hex| board.in_zone(zone, *hex)))
            && (placed.is_empty()
                || placed
                    .iter()
                    .any(|other| shape.distance(&board.shape(size, *other)) == 1))
            && match kind {
                PlaceKind::Setup | PlaceKind::Launch => true,
                PlaceKind::FromHold { carrier } => game.data.card(carrier).ship_ids().any(|ship| {
                    movement::shape_of(game, ship).is_some_and(|other| shape.distance(&other) == 1)
                }),
                PlaceKind::Warp { gate, .. } => place
                    .hexes()
                    .iter()
                    .any(|hex| board.distance(gate, *hex) <= game.data.rules().warp_gate_range),
            }
    }

    /// Whether ships `placed.len()..total` of the card fit, trying every
    /// position of the battlefield for each.
    fn plain_completable(
        game: &Game,
        card: ShipCardId,
        kind: PlaceKind,
        placed: &mut Vec<Pos>,
        total: usize,
    ) -> bool {
        if placed.len() >= total {
            return true;
        }
        let size = game.data.card(card).size;
        game.data.board.placements(size).iter().any(|place| {
            plain_valid(game, card, kind, place, placed) && {
                placed.push(place.pos);
                let done = plain_completable(game, card, kind, placed, total);
                placed.pop();
                done
            }
        })
    }

    /// The `Place` list and whether a card can be placed at all, as the
    /// plain rules give them; returns the list's length and how many
    /// answers were no.
    fn compare_with_plain(game: &Game) -> (usize, usize) {
        let mut noes = 0;
        for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
            if let Some(kind) = launch_kind(game, card) {
                let total = ship_total(game, card);
                let plain = plain_completable(game, card, kind, &mut Vec::new(), total);
                assert_eq!(
                    placement_possible(game, card, kind),
                    plain,
                    "{card:?} {kind:?} at step {}",
                    game.steps()
                );
                noes += usize::from(!plain);
            }
        }
        let Stage::Placing {
            card, placed, kind, ..
        } = game.st.stage
        else {
            return (0, noes);
        };
        let size = game.data.card(card).size;
        let total = ship_total(game, card);
        let mut so_far = placed_so_far(game, card, placed).positions().to_vec();
        let mut plain = Vec::new();
        for place in game.data.board.placements(size) {
            if plain_valid(game, card, kind, place, &so_far)
                && (matches!(kind, PlaceKind::Warp { .. }) || {
                    so_far.push(place.pos);
                    let done = plain_completable(game, card, kind, &mut so_far, total);
                    so_far.pop();
                    done
                })
            {
                plain.push(Action::Place {
                    hex: place.pos.at,
                    dir: place.pos.dir,
                });
            }
        }
        let mut listed = Vec::new();
        push_placements(game, &mut listed);
        assert_eq!(
            listed,
            plain,
            "placing {card:?} {kind:?} at step {}",
            game.steps()
        );
        (listed.len(), noes)
    }

    /// The legal placements and launches, with their candidate rows, the
    /// zone taken from the candidate lists, the carrier looked up once and
    /// the rest of a squadron of small ships asked once, are those of the
    /// plain rules over the whole battlefield: at every state of random
    /// and greedy games of every mission, and on copies of the states with
    /// free hexes filled at random, where placements fail.
    #[test]
    fn placements_and_launches_follow_the_plain_rules() {
        let (mut listed, mut noes, mut states) = (0, 0, 0);
        let mut fill = 0x9e37_79b9_7f4a_7c15_u64;
        for_each_state(3, |game| {
            let (count, no) = compare_with_plain(game);
            listed += count;
            noes += no;
            states += 1;
            if states % 7 == 0 || matches!(game.st.stage, Stage::Placing { .. }) {
                let mut crowded = game.clone();
                for occupant in &mut crowded.st.occupant {
                    fill ^= fill << 13;
                    fill ^= fill >> 7;
                    fill ^= fill << 17;
                    if *occupant == 0 && fill % 100 < 60 {
                        *occupant = u16::MAX;
                    }
                }
                let (count, no) = compare_with_plain(&crowded);
                listed += count;
                noes += no;
            }
        });
        assert!(listed > 15_000 && noes > 500, "{listed} {noes}");
    }

    /// Out of a hold, the positions left untried for being far from the
    /// carrier are never valid: checked against every position of the
    /// battlefield, at every state of random games of every mission.
    #[test]
    fn a_placement_out_of_a_hold_is_near_the_carrier() {
        let mut valid_places = 0;
        for_each_state(2, |game| {
            for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
                let Some(kind @ PlaceKind::FromHold { .. }) = launch_kind(game, card) else {
                    continue;
                };
                let deployment = Deployment::new(game, card, kind);
                let tried: Vec<Pos> = candidates(game, &deployment, &[])
                    .map(|place| place.pos)
                    .collect();
                let size = game.data.card(card).size;
                for place in game.data.board.placements(size) {
                    if valid(game, &deployment, place, &Placed::new()) {
                        assert!(tried.contains(&place.pos), "{card:?} at {:?}", place.pos);
                        valid_places += 1;
                    }
                }
            }
        });
        assert!(valid_places > 100, "{valid_places}");
    }

    /// The flood fill must answer exactly as the search does: checked for
    /// every small-ship card that could be launched, and for the rest of
    /// every placement under way, at every state of random games of every
    /// mission of the base pack.
    #[test]
    fn the_flood_fill_answers_as_the_search_does() {
        let bundle = crate::rules::testing::bundle();
        // How many answers were yes and no.
        let mut answers = [0; 2];
        for mission in &bundle.missions {
            for seed in 0..2 {
                let mut game = Game::new(Arc::clone(&bundle), &mission.id, seed).unwrap();
                let mut chooser = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                let mut legal = Vec::new();
                while game.outcome().is_none() && game.steps() < 3_000 {
                    compare(&game, &mut answers);
                    chooser ^= chooser << 13;
                    chooser ^= chooser >> 7;
                    chooser ^= chooser << 17;
                    if game.steps().is_multiple_of(25) {
                        // Crowded battlefields, where placements fail:
                        // free hexes filled at random, more and more.
                        for percent in [40, 70, 85] {
                            let mut crowded = game.clone();
                            let mut fill = chooser;
                            for occupant in &mut crowded.st.occupant {
                                fill ^= fill << 13;
                                fill ^= fill >> 7;
                                fill ^= fill << 17;
                                if *occupant == 0 && fill % 100 < percent {
                                    *occupant = u16::MAX;
                                }
                            }
                            compare(&crowded, &mut answers);
                        }
                    }
                    game.legal_actions(&mut legal);
                    game.apply(legal[(chooser % legal.len() as u64) as usize])
                        .unwrap();
                }
            }
        }
        // Many placements that succeed, and some that fail.
        assert!(answers[0] > 1_000 && answers[1] > 10, "{answers:?}");
    }

    /// Compares both answers for the state, counting yes and no answers.
    fn compare(game: &Game, answers: &mut [usize; 2]) {
        for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
            if game.data.card(card).size != Size::Small {
                continue;
            }
            let total = ship_total(game, card);
            let kinds = [Some(PlaceKind::Setup), launch_kind(game, card)];
            for kind in kinds.into_iter().flatten() {
                let deployment = Deployment::new(game, card, kind);
                let fast = small_completable(game, &deployment, &Placed::new(), total);
                let slow = search(game, &deployment, &mut Placed::new(), total);
                assert_eq!(fast, slow, "{card:?} {kind:?} at step {}", game.steps());
                answers[usize::from(!fast)] += 1;
            }
        }
        if let Stage::Placing {
            card, placed, kind, ..
        } = game.st.stage
            && game.data.card(card).size == Size::Small
            && !matches!(kind, PlaceKind::Warp { .. })
            && placed > 0
        {
            let mut so_far = placed_so_far(game, card, placed);
            let total = ship_total(game, card);
            let deployment = Deployment::new(game, card, kind);
            let fast = small_completable(game, &deployment, &so_far, total - so_far.count);
            let slow = search(game, &deployment, &mut so_far, total);
            assert_eq!(fast, slow, "placing {card:?} at step {}", game.steps());
            answers[usize::from(!fast)] += 1;
        }
    }
}
