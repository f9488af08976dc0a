//! For the rules' own tests: every state of whole games of every mission of
//! the base pack, on which a fast path is compared with the straightforward
//! version of the same rule.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use spacedock_schema::bundle::Bundle;

use crate::game::Game;
use crate::policy::policy_by_name;
use crate::sim::{DEFAULT_MAX_STEPS, play_observed};

/// The base pack, compiled once per test binary.
pub(crate) fn bundle() -> Arc<Bundle> {
    static BUNDLE: OnceLock<Arc<Bundle>> = OnceLock::new();
    Arc::clone(BUNDLE.get_or_init(|| {
        let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
        let compilation =
            spacedock_validator::compile(&pack, &spacedock_validator::Options::default());
        Arc::new(compilation.bundle.expect("the base pack compiles"))
    }))
}

/// The ship card of the game printed as ship card `id`.
pub(crate) fn card(game: &Game, id: &str) -> crate::ids::ShipCardId {
    game.cards()
        .find(|card| card.ship == id)
        .map(|card| card.id)
        .expect("a ship card of the mission")
}

/// Destroys every ship of the cards printed as `ids`.
pub(crate) fn destroy_cards(game: &mut Game, ids: &[&str]) {
    for id in ids {
        let ships: Vec<_> = game.card_ships(card(game, id)).collect();
        for ship in ships {
            game.edit().destroy_ship(ship);
        }
    }
}

/// Calls `check` on every state (the start and after every action) of
/// `games` games of every mission of the base pack for each built-in
/// policy: random players reach odd corners, greedy ones fight.
pub(crate) fn for_each_state(games: u64, mut check: impl FnMut(&Game)) {
    let bundle = bundle();
    for mission in &bundle.missions {
        for policy in ["random", "greedy"] {
            for seed in 0..games {
                let mut game =
                    Game::new(Arc::clone(&bundle), &mission.id, seed).expect("the mission sets up");
                game.set_record_events(false);
                check(&game);
                let mut policies = vec![policy_by_name(policy).expect("a built-in policy")];
                play_observed(
                    &mut game,
                    &mut policies,
                    seed,
                    DEFAULT_MAX_STEPS,
                    |game, _| check(game),
                )
                .expect("the game ends");
            }
        }
    }
}
