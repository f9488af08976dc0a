//! The base pack's scenario tests (`content/saturn-offensive/tests/`), run
//! through the library: the rules and cards they prove hold in the engine.
//! `spacedock test` runs the same scenarios through the binary; this keeps
//! them in `cargo test -p spacedock-engine`, where a rule change shows.

use std::path::Path;
use std::sync::Arc;

use spacedock_engine::scenario;

#[test]
fn every_scenario_of_the_base_pack_passes() {
    let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
    let suite =
        spacedock_validator::check_scenarios(&pack, &spacedock_validator::Options::default());
    let diagnostics: Vec<String> = suite
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let bundle = Arc::new(suite.bundle.expect("the base pack compiles"));
    assert_eq!(
        suite.scenarios.len(),
        suite.files.len(),
        "every scenario checked"
    );
    let mut failures = Vec::new();
    for checked in &suite.scenarios {
        let file = suite.sources.get(checked.file).display_name();
        for failure in scenario::run(&bundle, &checked.scenario) {
            let (line, column) = suite
                .sources
                .pointer_position(checked.file, &failure.pointer);
            failures.push(format!(
                "{file}:{line}:{column}: {}: expected {}, actual {}",
                failure.what, failure.expected, failure.actual
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        suite.scenarios.len() >= 60,
        "{} scenarios",
        suite.scenarios.len()
    );
}
