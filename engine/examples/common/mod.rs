//! What the examples share.

use std::path::Path;
use std::sync::Arc;

use spacedock_schema::bundle::Bundle;

/// The bundle JSON at `path` (`spacedock build content/saturn-offensive
/// -o base.json`), or without one the base pack compiled in process.
pub(crate) fn bundle(path: Option<&str>) -> Arc<Bundle> {
    if let Some(path) = path {
        let text = std::fs::read_to_string(path).expect("the bundle file reads");
        return Arc::new(serde_json::from_str(&text).expect("the bundle file is a bundle"));
    }
    let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
    let compilation = spacedock_validator::compile(&pack, &spacedock_validator::Options::default());
    Arc::new(compilation.bundle.expect("the base pack compiles"))
}
