//! A scenario's `[[tiles]]`: when it lists any, they are every discovery
//! tile of the game it sets up (the mission's placed and drawn tiles are
//! left out, so a scenario never depends on the draw); when it lists none,
//! the mission's stay.

mod common;

use std::path::Path;

use spacedock_schema::mission::{Discovery, Face, PlacedTile};
use spacedock_schema::rules::DiscoveryTile;
use spacedock_validator::{Options, check_scenarios};

/// The discovery setup of each scenario, by scenario name, for a pack whose
/// Skirmish mission places an energy source and draws two tiles.
fn discoveries(scenarios: &[(&str, &str)]) -> Vec<(String, Discovery)> {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mutation-base");
    let temp = tempfile::tempdir().expect("temp dir");
    let pack = temp.path().join("pack");
    common::copy_dir(&base, &pack);
    std::fs::create_dir_all(pack.join("tests")).expect("folder");
    for (file, text) in scenarios {
        std::fs::write(pack.join("tests").join(file), text).expect("write scenario");
    }
    let suite = check_scenarios(&pack, &Options::default());
    // The scenarios are setups only (they have no steps): SD0804 says so.
    assert!(
        suite
            .diagnostics
            .iter()
            .all(|diagnostic| diagnostic.code == spacedock_validator::Code::EmptyScenario),
        "{:?}",
        suite.diagnostics
    );
    suite
        .scenarios
        .into_iter()
        .map(|checked| (checked.scenario.name, checked.scenario.mission.discovery))
        .collect()
}

#[test]
fn listed_tiles_replace_the_missions_tiles_and_unlisted_keep_them() {
    let found = discoveries(&[
        (
            "listed.toml",
            "name = \"listed\"\nmission = \"Skirmish at the Proving Ground\"\n\n\
             [[tiles]]\ntile = \"warp-gate\"\nat = [6, 6]\n\n\
             [[tiles]]\ntile = \"orbital-market\"\nat = [7, 6]\nface = \"power\"\n",
        ),
        (
            "unlisted.toml",
            "name = \"unlisted\"\nmission = \"Skirmish at the Proving Ground\"\n",
        ),
    ]);
    let listed = &found.iter().find(|(name, _)| name == "listed").unwrap().1;
    assert_eq!(
        *listed,
        Discovery {
            random: None,
            tiles: vec![
                PlacedTile {
                    tile: DiscoveryTile::WarpGate,
                    at: [6, 6],
                    face: Face::Black,
                },
                PlacedTile {
                    tile: DiscoveryTile::OrbitalMarket,
                    at: [7, 6],
                    face: Face::Power,
                },
            ],
        }
    );
    let unlisted = &found.iter().find(|(name, _)| name == "unlisted").unwrap().1;
    assert_eq!(unlisted.random.as_ref().map(|random| random.pick), Some(2));
    assert_eq!(
        unlisted.tiles,
        vec![PlacedTile {
            tile: DiscoveryTile::EnergySource,
            at: [3, 6],
            face: Face::Power,
        }]
    );
}
