//! The base pack proves its own cards: every ship power and every tactic
//! card of `content/saturn-offensive` is named by a scenario of its
//! `tests/`, so that what a card does is shown, not only written.

use std::path::{Path, PathBuf};

use spacedock_validator::{Options, compile};

fn pack() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive")
}

/// The `name` and `rule` of every scenario under `folder`.
fn scenario_texts(folder: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scenario_texts(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            let scenario: toml::Table = toml::from_str(&text).unwrap();
            for key in ["name", "rule"] {
                if let Some(value) = scenario.get(key).and_then(toml::Value::as_str) {
                    out.push(value.to_owned());
                }
            }
        }
    }
}

/// Whether `text` names `name` as whole words: `Flagship` is not named
/// by a text about `Flagships`, nor `Overload` by `Overloaded`.
fn names(text: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(name).any(|(at, _)| {
        !word(text[..at].chars().next_back()) && !word(text[at + name.len()..].chars().next())
    })
}

#[test]
fn names_are_found_as_whole_words() {
    assert!(names("Flagship: the first activation", "Flagship"));
    assert!(names("ISN Everest, Flagship.", "Flagship"));
    assert!(!names("Flagships are large", "Flagship"));
    assert!(!names("an Overloaded ship", "Overload"));
}

#[test]
fn every_ship_power_and_tactic_card_has_a_scenario() {
    let compilation = compile(&pack(), &Options::default());
    let bundle = compilation.bundle.expect("the base pack compiles");
    let mut texts = Vec::new();
    scenario_texts(&pack().join("tests"), &mut texts);
    let named = |name: &str| texts.iter().any(|text| names(text, name));
    let mut missing: Vec<String> = bundle
        .tactics
        .iter()
        .filter(|tactic| !named(&tactic.name))
        .map(|tactic| format!("tactic card `{}`", tactic.name))
        .collect();
    for ship in &bundle.ships {
        for version in &ship.versions {
            for power in &version.powers {
                let what = format!("power `{}` of {}", power.name, ship.name);
                if !named(&power.name) && !missing.contains(&what) {
                    missing.push(what);
                }
            }
        }
    }
    assert!(
        bundle.tactics.len() >= 24 && texts.len() > 100,
        "{} tactic cards, {} scenario texts",
        bundle.tactics.len(),
        texts.len()
    );
    assert!(missing.is_empty(), "no scenario names {missing:#?}");
}
