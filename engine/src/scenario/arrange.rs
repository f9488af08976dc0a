//! The state a scenario's steps begin from: its mission set up with the
//! scenario's fleets and decks, the first player chosen (unless the
//! scenario starts before that), then everything the scenario lists put in
//! place through the [`crate::Editor`]: ships on the battlefield with their
//! pegs, in holds or behind screens; attached cards; hands, deck order and
//! discard piles; energy; victory points; whose turn and phase it is.

use std::collections::HashMap;
use std::sync::Arc;

use spacedock_schema::bundle::Bundle;
use spacedock_schema::common::Size;
use spacedock_schema::scenario::TurnPhase as PhaseName;
use spacedock_schema::scenario::checked::{Placement, Scenario, ShipPlace, ShipRef, Start};
use spacedock_schema::scenario::{Direction, ForcedDie};

use crate::board::Pos;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId, ShipId, TacticId};
use crate::powers::Stat;
use crate::rules::deploy;
use crate::scenario::Failure;
use crate::setup::Setup;
use crate::state::TurnPhase;

/// A game in a scenario's state, and how the scenario's names map to it.
pub(super) struct Arranged {
    pub(super) game: Game,
    /// The engine's id of each ship card of the scenario, in its order.
    pub(super) cards: Vec<ShipCardId>,
    /// Die results forced on the action under way, per step that forced
    /// them (its pointer, its name and how many dice): an action paused
    /// for a question keeps them for the steps that answer.
    pub(super) forced: Vec<Forced>,
}

/// The die results one step forced.
pub(super) struct Forced {
    pub(super) pointer: String,
    pub(super) what: String,
    pub(super) dice: Vec<ForcedDie>,
    /// For each die, the index of the entry that wrote it.
    pub(super) entries: Vec<usize>,
}

impl Arranged {
    pub(super) fn ship(&self, ship: ShipRef) -> ShipId {
        self.game
            .card_ships(self.cards[ship.card])
            .nth(ship.ship)
            .expect("the validator checked the squadron index")
    }
}

/// The engine's phase for a scenario's phase name.
pub(super) fn phase(name: PhaseName) -> TurnPhase {
    match name {
        PhaseName::Energy => TurnPhase::Energy,
        PhaseName::Deploy => TurnPhase::Deploy,
        PhaseName::Action => TurnPhase::Action,
    }
}

/// Where a ship of `size` stands for a placement: its hex (a medium ship's
/// front end, whose other end lies opposite its facing). `None` off the
/// battlefield or for a medium ship without a facing.
pub(super) fn position(game: &Game, size: Size, placement: Placement) -> Option<Pos> {
    let at = game.hex_at(placement.at)?;
    match size {
        Size::Small | Size::Large => Some(Pos { at, dir: 0 }),
        Size::Medium => {
            let back = placement.facing?.opposite().index();
            game.data.board.neighbour(at, back)?;
            Some(Pos { at, dir: back })
        }
    }
}

fn setup_failure(what: &str, actual: String) -> Failure {
    Failure {
        pointer: String::new(),
        what: what.to_owned(),
        expected: "a game the engine can set up".to_owned(),
        actual,
    }
}

/// Builds the scenario's starting state, or says everything that keeps
/// it from being built: every ship that cannot stand where the scenario
/// puts it and every tactic card missing from its deck, not just the
/// first, so that an author fixes them in one go.
pub(super) fn arrange(bundle: &Arc<Bundle>, scenario: &Scenario) -> Result<Arranged, Vec<Failure>> {
    let mut with_mission = Bundle::clone(bundle);
    with_mission.missions.push(scenario.mission.clone());
    // The scenario says where every card is: no opening hands are dealt,
    // so no deck runs out (and no victory clock strikes) before it does.
    with_mission.rules.opening_hand = 0;
    let setup = Setup::new(Arc::new(with_mission), &scenario.mission.id, &[])
        .map_err(|error| vec![setup_failure("the scenario's mission", error.to_string())])?;
    let game = setup.start(scenario.seed);

    let mut cards = Vec::with_capacity(scenario.ships.len());
    for ship in &scenario.ships {
        let id = game
            .cards()
            .find(|card| card.owner == PlayerId(ship.player as u8) && card.ship == ship.ship)
            .map(|card| card.id)
            .ok_or_else(|| {
                vec![setup_failure(
                    "the scenario's fleets",
                    format!("no ship card `{}` in the game", ship.ship),
                )]
            })?;
        cards.push(id);
    }
    let mut arranged = Arranged {
        game,
        cards,
        forced: Vec::new(),
    };
    let mut pool = TacticPool::new(&arranged.game);
    let mut failures = Vec::new();

    for (index, ship) in scenario.ships.iter().enumerate() {
        let card = arranged.cards[index];
        match &ship.place {
            ShipPlace::Screen => {}
            ShipPlace::Hold(carrier) => {
                let carrier = arranged.cards[*carrier];
                arranged.game.edit().put_in_hold(card, carrier);
            }
            ShipPlace::Battlefield(models) => {
                place_ships(&mut arranged.game, card, models, &mut failures);
            }
        }
        for (tactic, seat) in &ship.attached {
            match pool.take(&arranged.game, PlayerId(*seat as u8), tactic) {
                Ok(id) => {
                    arranged.game.edit().attach(id, card);
                }
                Err(failure) => failures.push(failure),
            }
        }
        if ship.activated {
            arranged.game.edit().set_activated(card, true);
        }
    }

    for (seat, player) in scenario.players.iter().enumerate() {
        let seat = PlayerId(seat as u8);
        let mut take_all = |cards: &[String]| -> Vec<TacticId> {
            cards
                .iter()
                .filter_map(|card| {
                    pool.take(&arranged.game, seat, card)
                        .map_err(|failure| failures.push(failure))
                        .ok()
                })
                .collect()
        };
        let deck = take_all(&player.deck);
        let discard = take_all(&player.discard);
        let hand = take_all(&player.hand);
        let mut editor = arranged.game.edit();
        editor.stack_deck(seat, &deck);
        for card in discard {
            editor.to_discard(card);
        }
        for card in hand {
            editor.to_hand(seat, card);
        }
    }

    for (seat, player) in scenario.players.iter().enumerate() {
        let seat = PlayerId(seat as u8);
        let pool_index = usize::from(arranged.game.data.players[seat.index()].pool);
        let starting = arranged.game.data.pools[pool_index].start;
        let shared = scenario.players.iter().enumerate().any(|(other, held)| {
            other != seat.index()
                && held.energy.is_some()
                && arranged.game.data.players[other].pool == pool_index as u8
        });
        match player.energy {
            Some(energy) => {
                arranged.game.edit().set_energy(seat, energy as i32);
            }
            // A teammate sets the shared pool.
            None if shared => {}
            None => {
                arranged.game.edit().set_energy(seat, starting);
            }
        }
        if let Some(points) = player.victory_points.filter(|&points| points > 0) {
            let team = arranged.game.team(seat);
            arranged.game.edit().score_victory_points(team, points);
        }
    }

    if let Start::Turn {
        player,
        phase: name,
        round,
        first_player,
    } = scenario.start
    {
        arranged
            .game
            .edit()
            .set_first_player(PlayerId(first_player as u8))
            .set_turn(PlayerId(player as u8), phase(name), round);
    }
    // Pegs are checked once every card is in place: attached cards and
    // other powers may raise a ship's shield value.
    for (index, ship) in scenario.ships.iter().enumerate() {
        let ShipPlace::Battlefield(models) = &ship.place else {
            continue;
        };
        let ships: Vec<ShipId> = arranged.game.card_ships(arranged.cards[index]).collect();
        for (model, &id) in models.iter().zip(&ships) {
            let Some(shields) = model.shields.filter(|_| model.at.is_some()) else {
                continue;
            };
            let most = arranged.game.stat(Stat::Shield(id)).max(0) as u32;
            if shields > most {
                failures.push(Failure {
                    pointer: format!("{}/shields", model.pointer),
                    what: format!(
                        "the shield pegs of `{}`",
                        crate::scenario::render::ship(&arranged.game, id)
                    ),
                    expected: format!("at most its shield value, {most}"),
                    actual: shields.to_string(),
                });
            }
        }
    }
    if !failures.is_empty() {
        return Err(failures);
    }
    let mut setup_events = Vec::new();
    arranged.game.drain_events(&mut setup_events);
    Ok(arranged)
}

/// Why a ship of `size` cannot stand at `placement`: the first hex of its
/// base that is off the battlefield, a half hex, an asteroid's or another
/// ship's.
fn unfit(game: &Game, size: Size, placement: Placement) -> String {
    let board = &game.data.board;
    let [column, row] = placement.at;
    let Some(at) = game.hex_at(placement.at) else {
        return format!("[{column}, {row}] is off the battlefield");
    };
    // The base's hexes, as `position` and `footprint` lay them out.
    let dirs: Vec<Direction> = match size {
        Size::Small => Vec::new(),
        Size::Medium => placement
            .facing
            .map(|facing| vec![facing.opposite()])
            .unwrap_or_default(),
        Size::Large => Direction::ALL.to_vec(),
    };
    let mut hexes = vec![at];
    for dir in dirs {
        match board.neighbour(at, dir.index()) {
            Some(hex) => hexes.push(hex),
            None => {
                return format!(
                    "its base covers the hex {} of [{column}, {row}], which is off the battlefield",
                    dir.name()
                );
            }
        }
    }
    for hex in hexes {
        let [c, r] = game.coord(hex);
        let occupant = game.st.occupant[hex.index()];
        if !board.usable(hex) {
            return format!("its base covers [{c}, {r}], a half hex");
        }
        if crate::rules::obstacles::is_asteroid(game, hex) {
            return format!("its base covers [{c}, {r}], an asteroid's");
        }
        if occupant != 0 {
            let other = crate::scenario::render::ship(game, ShipId(occupant - 1));
            return format!("its base covers [{c}, {r}], where {other} stands");
        }
    }
    format!("[{column}, {row}] is not a place for it")
}

/// Puts the ships of a card on the battlefield with their pegs; ships
/// without a hex are destroyed once the others stand. A ship that cannot
/// stand where it is put is a failure and stays off the battlefield, so
/// that the ships after it are still checked.
fn place_ships(
    game: &mut Game,
    card: ShipCardId,
    models: &[spacedock_schema::scenario::checked::ModelSetup],
    failures: &mut Vec<Failure>,
) {
    let size = game.card(card).size;
    let ships: Vec<ShipId> = game.card_ships(card).collect();
    for (model, &ship) in models.iter().zip(&ships) {
        let Some(placement) = model.at else { continue };
        let Some(pos) =
            position(game, size, placement).filter(|&pos| deploy::fits(game, size, pos, None, &[]))
        else {
            failures.push(Failure {
                pointer: format!("{}/at", model.pointer),
                what: format!(
                    "where `{}` stands",
                    crate::scenario::render::ship(game, ship)
                ),
                expected: "whole, empty spaces of the battlefield".to_owned(),
                actual: unfit(game, size, placement),
            });
            continue;
        };
        game.edit().place_ship(ship, pos);
        let shields = model.shields.unwrap_or_else(|| game.ship(ship).shields);
        game.edit().set_pegs(ship, shields, model.hull_damage);
    }
    for (model, &ship) in models.iter().zip(&ships) {
        if model.at.is_none() {
            game.edit().destroy_ship(ship);
        }
    }
}

/// The tactic cards of each deck not yet given a place, by card id.
struct TacticPool {
    free: HashMap<(u8, String), Vec<TacticId>>,
}

impl TacticPool {
    fn new(game: &Game) -> TacticPool {
        let mut free: HashMap<(u8, String), Vec<TacticId>> = HashMap::new();
        for index in (0..game.tactic_count() as u16).rev() {
            let id = TacticId(index);
            let deck = game.data.tactics[id.index()].deck;
            free.entry((deck, game.tactic(id).card.to_owned()))
                .or_default()
                .push(id);
        }
        TacticPool { free }
    }

    /// A copy of `card` from the deck `seat` draws from.
    fn take(&mut self, game: &Game, seat: PlayerId, card: &str) -> Result<TacticId, Failure> {
        let deck = game.data.players[seat.index()].deck;
        self.free
            .get_mut(&(deck, card.to_owned()))
            .and_then(Vec::pop)
            .ok_or_else(|| {
                setup_failure(
                    "the scenario's tactic cards",
                    format!(
                        "no copy of `{card}` left in the deck of `{}`",
                        game.player_name(seat)
                    ),
                )
            })
    }
}
