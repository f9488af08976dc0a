//! What every scenario file must satisfy, whatever it holds.
//!
//! `spacedock test` promises that a scenario file, however broken, and
//! beside a pack however broken, gets diagnostics that point inside it and
//! can be rendered, as a pack's do (`invariants.rs`), or runs to its list
//! of failures; never a panic. And
//! a scenario is a pure function of the pack and the file: run twice, it
//! fails the same way. [`check_and_run`] checks the scenarios of a pack
//! folder and runs each one without errors twice, asserting all of it.
//!
//! Shared, by `#[path]`, by the fuzz target
//! (`fuzz/fuzz_targets/run_scenarios.rs`) and the engine's replay of the
//! committed inputs (`engine/tests/fuzz_corpus.rs`), so that both check
//! the same things. The including crate also includes `invariants.rs` as
//! `crate::invariants`.

use std::path::Path;
use std::sync::Arc;

use spacedock_engine::scenario;
use spacedock_validator::{Diagnostic, Options, check_scenarios};

use crate::invariants::assert_diagnostics_well_formed;

/// Checks the scenarios of the pack in `root` and, when the pack compiles,
/// runs each scenario that checked clean twice; returns how many ran.
pub(crate) fn check_and_run(root: &Path) -> usize {
    let suite = check_scenarios(root, &Options::default());
    assert_diagnostics_well_formed(&suite.sources, &suite.diagnostics);
    // A pack with errors runs nothing: its errors are told.
    let Some(bundle) = suite.bundle else {
        assert!(
            suite.diagnostics.iter().any(Diagnostic::is_error),
            "no bundle, and no error to say why"
        );
        return 0;
    };
    let bundle = Arc::new(bundle);
    for checked in &suite.scenarios {
        let first = scenario::run(&bundle, &checked.scenario);
        let second = scenario::run(&bundle, &checked.scenario);
        assert_eq!(
            first, second,
            "scenario `{}` failed two ways in two runs",
            checked.scenario.name
        );
    }
    suite.scenarios.len()
}
