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

/// Every ship power and tactic card of the base pack, and every special
/// rule that is more than the mission's own data, is written in the effect
/// language, so the engine executes it.
#[test]
fn base_pack_powers_and_rules_are_structured() {
    let bundle = base_pack();
    for ship in &bundle.ships {
        for version in &ship.versions {
            for power in &version.powers {
                assert!(
                    !power.effects.is_empty(),
                    "{} ({:?}): power `{}` is text only",
                    ship.id,
                    version.level,
                    power.name
                );
            }
        }
    }
    for card in &bundle.tactics {
        let structured = card.target.is_some() || !card.effects.is_empty();
        assert!(structured, "tactic card `{}` is text only", card.id);
        if card.kind.attaches() {
            assert!(card.target.is_some(), "`{}` has no target", card.id);
        }
    }
    let structured = [
        ("blockade-run-at-entebe", "Victory points"),
        ("the-battle-for-isn-barrage", "Barrage's computer core"),
        ("the-battle-for-isn-barrage", "Victory points"),
        ("meteor-storm", "Captains"),
        ("meteor-storm", "Remote engines"),
        ("the-struggle-at-pan-base", "Mid-battle"),
        ("the-struggle-at-pan-base", "Captains"),
        ("the-struggle-at-pan-base", "Recovering survivors"),
    ];
    for (mission, rule) in structured {
        let mission = bundle
            .missions
            .iter()
            .find(|m| m.id == mission)
            .unwrap_or_else(|| panic!("no {mission}"));
        let rule = mission
            .special_rules
            .iter()
            .find(|r| r.name == rule)
            .unwrap_or_else(|| panic!("{}: no rule {rule}", mission.id));
        assert!(
            !rule.effects.is_empty(),
            "{}: `{}` is text only",
            mission.id,
            rule.name
        );
    }
}
