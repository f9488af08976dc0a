//! The base pack, content/saturn-offensive, must compile without a single
//! diagnostic, and its bundle must honour the figures the rulebook prints.

use std::path::Path;

use spacedock_schema::common::Level;
use spacedock_validator::{Options, compile};

fn base_pack() -> spacedock_schema::bundle::Bundle {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
    let compilation = compile(&root, &Options::default());
    let shown: Vec<String> = compilation
        .diagnostics
        .iter()
        .map(|d| {
            let (file, line, column) = d.position(&compilation.sources).unwrap_or(("?", 0, 0));
            format!(
                "{file}:{line}:{column}: {} {}: {}",
                d.code.id(),
                d.code.name(),
                d.message
            )
        })
        .collect();
    assert!(
        shown.is_empty(),
        "the base pack has diagnostics:\n{}",
        shown.join("\n")
    );
    compilation.bundle.expect("a clean pack yields a bundle")
}

#[test]
fn base_pack_checks_clean_with_every_rulebook_item() {
    let bundle = base_pack();
    assert_eq!(bundle.ships.len(), 12);
    assert!(bundle.ships.iter().all(|s| s.versions.len() == 3));
    assert_eq!(bundle.tactics.len(), 24);
    assert_eq!(bundle.tactics.iter().map(|t| t.copies).sum::<u32>(), 72);
    for mission in [
        "dead-zone-battle",
        "blockade-run-at-entebe",
        "the-battle-for-isn-barrage",
        "meteor-storm",
        "the-struggle-at-pan-base",
    ] {
        assert!(
            bundle.missions.iter().any(|m| m.id == mission),
            "missing mission {mission}"
        );
    }
}

#[test]
fn base_pack_honours_the_printed_figures() {
    let bundle = base_pack();
    let version = |ship: &str, level: Level| {
        let ship = bundle
            .ships
            .iter()
            .find(|s| s.id == ship)
            .unwrap_or_else(|| panic!("no {ship}"));
        ship.versions
            .iter()
            .find(|v| v.level == level)
            .cloned()
            .unwrap_or_else(|| panic!("no {level:?}"))
    };
    let hawks = version("f-47-blue-hawks", Level::Veteran);
    assert_eq!((hawks.activation_cost, hawks.movement), (2, 5));
    assert_eq!(version("f-47-blue-hawks", Level::Seasoned).launch_cost, 5);
    for level in Level::ALL {
        assert_eq!(version("isn-barrage", level).primary.range, 4);
        assert!(
            version("isn-everest", level).capacity.unwrap_or(0) >= 3,
            "Everest carries the Blue Sparrows"
        );
        assert_eq!(version("isn-everest", level).primary.strength, 2);
        // D-4 hits Chosh Ka (the rulebook's attack example).
        assert_eq!(
            version("chosh-ka", level).hit_chart[3].chars().nth(3),
            Some('#')
        );
    }
    let plaxma = bundle
        .tactics
        .iter()
        .find(|t| t.id == "lr5-plaxma-cannon")
        .and_then(|t| t.weapon.clone());
    let plaxma = plaxma.expect("LR5 Plaxma Cannon is an additional weapon");
    assert_eq!((plaxma.charge_cost, plaxma.attacks), (2, 1));
}

#[test]
fn bundles_are_deterministic() {
    let first = serde_json::to_string(&base_pack()).expect("serializes");
    let second = serde_json::to_string(&base_pack()).expect("serializes");
    assert_eq!(first, second);
}
