//! Shared helpers of the engine's integration tests: the base pack compiled
//! once, games brought to a known point, and lookups by name and coordinate.

#![allow(dead_code, unreachable_pub)]

use std::path::Path;
use std::sync::{Arc, OnceLock};

use spacedock_engine::{
    Action, Answer, Game, Hex, PlayerId, Pos, Question, ShipCardId, ShipId, TurnPhase,
};
use spacedock_schema::bundle::{Bundle, Mission};
use spacedock_schema::common::Level;
use spacedock_schema::fleet::{FleetShip, FleetSource};
use spacedock_schema::mission::CardCount;

/// The Saturn Offensive bundle, compiled from the repository's pack.
pub fn bundle() -> Arc<Bundle> {
    static BUNDLE: OnceLock<Arc<Bundle>> = OnceLock::new();
    Arc::clone(BUNDLE.get_or_init(|| {
        let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
        let compilation =
            spacedock_validator::compile(&pack, &spacedock_validator::Options::default());
        Arc::new(compilation.bundle.expect("the base pack compiles"))
    }))
}

/// The bundle's mission `id`.
pub fn mission<'b>(bundle: &'b Bundle, id: &str) -> &'b Mission {
    bundle
        .missions
        .iter()
        .find(|mission| mission.id == id)
        .expect("the bundle has the mission")
}

/// The bundle's mission `id`, to edit.
pub fn mission_mut<'b>(bundle: &'b mut Bundle, id: &str) -> &'b mut Mission {
    bundle
        .missions
        .iter_mut()
        .find(|mission| mission.id == id)
        .expect("the bundle has the mission")
}

/// A fleet build's entry: `ship` in `version`, its hold carrying `transport`.
pub fn fleet_ship(ship: &str, version: Level, transport: &[&str]) -> FleetShip {
    FleetShip {
        ship: ship.into(),
        version,
        transport: transport.iter().map(|held| (*held).into()).collect(),
    }
}

/// A fleet build of `faction`.
pub fn fleet(faction: &str, ships: Vec<FleetShip>, deck: Vec<CardCount>) -> FleetSource {
    FleetSource {
        name: None,
        faction: faction.into(),
        ships,
        deck,
    }
}

/// `count` copies of a tactic card, in a deck list.
pub fn card_count(card: &str, count: u32) -> CardCount {
    CardCount {
        card: card.into(),
        count,
    }
}

/// The ships a mission lists for a seat, as a build's entries.
pub fn listed_ships(mission: &Mission, seat: usize) -> Vec<FleetShip> {
    mission.players[seat]
        .fleet
        .ships
        .iter()
        .map(|pick| fleet_ship(&pick.ship, pick.version, &[]))
        .collect()
}

pub fn missions() -> Vec<String> {
    bundle()
        .missions
        .iter()
        .map(|mission| mission.id.clone())
        .collect()
}

/// A game whose setup is done (placements take the first legal choice) and
/// whose first player, `first`, is in their energy phase.
pub fn started(mission: &str, seed: u64, first: u8) -> Game {
    started_with(bundle(), mission, seed, first)
}

/// [`started`], with another bundle (the base pack changed by a test).
pub fn started_with(bundle: Arc<Bundle>, mission: &str, seed: u64, first: u8) -> Game {
    let mut game = Game::new(bundle, mission, seed).expect("the mission sets up");
    let mut legal = Vec::new();
    while game.in_setup() {
        game.legal_actions(&mut legal);
        let action = if legal.contains(&Action::ChooseFirstPlayer(PlayerId(first))) {
            Action::ChooseFirstPlayer(PlayerId(first))
        } else {
            legal[0]
        };
        game.apply(action).expect("a legal setup action");
    }
    answer_suggested(&mut game);
    assert_eq!(game.phase(), TurnPhase::Energy);
    game
}

/// Applies `EndPhase` until the active player is in `phase`, questions
/// of powers on the way answered with the engine's suggestion.
pub fn to_phase(game: &mut Game, phase: TurnPhase) {
    while game.phase() != phase {
        game.apply(Action::EndPhase).expect("the phase can end");
        answer_suggested(game);
    }
}

/// Answers the question pending with `answer`, which must be offered.
pub fn answer(game: &mut Game, answer: Answer) {
    let question = game.question().cloned().expect("a question is asked");
    assert!(
        question.options.contains(&answer),
        "{answer:?} is not an answer to {question:?}"
    );
    game.apply(Action::Answer(answer))
        .expect("an offered answer is legal");
}

/// Answers every question asked with the engine's suggestion (its first
/// option), as the engine did before players were asked; returns them.
pub fn answer_suggested(game: &mut Game) -> Vec<Question> {
    let mut asked = Vec::new();
    while let Some(question) = game.question().cloned() {
        answer(game, question.options[0]);
        asked.push(question);
    }
    asked
}

pub fn hex(game: &Game, column: u32, row: u32) -> Hex {
    game.hex_at([column, row])
        .expect("a hex of the battlefield")
}

pub fn pos(game: &Game, column: u32, row: u32, dir: u8) -> Pos {
    Pos {
        at: hex(game, column, row),
        dir,
    }
}

/// The ship card of `owner` with this bundle id.
pub fn card(game: &Game, owner: u8, ship: &str) -> ShipCardId {
    game.cards()
        .find(|card| card.owner == PlayerId(owner) && card.ship == ship)
        .unwrap_or_else(|| panic!("player {owner} has no `{ship}`"))
        .id
}

pub fn ships(game: &Game, card: ShipCardId) -> Vec<ShipId> {
    game.card_ships(card).collect()
}

pub fn legal(game: &Game) -> Vec<Action> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal
}

/// A tactic card of this bundle id somewhere in the game.
pub fn tactic(game: &Game, card: &str) -> spacedock_engine::TacticId {
    (0..game.tactic_count() as u16)
        .map(spacedock_engine::TacticId)
        .find(|&id| game.tactic(id).card == card)
        .unwrap_or_else(|| panic!("no `{card}` in the game"))
}
