//! Low-level schemas of spacedock's files.
//!
//! These are the shapes of the TOML files content authors write (`*Source`
//! types, one module per file kind) and of the JSON bundle the compiler emits
//! ([`bundle`]). They only describe shape: references are still plain
//! strings, numbers are only range-checked, and no game rule is applied here.
//! The meaning (resolving references, enforcing the build rules) lives in
//! `spacedock-validator`, which is the only thing that builds a [`bundle::Bundle`].
//!
//! Every input type denies unknown keys, so the generated JSON Schema
//! (`additionalProperties: false`) lets editors and the compiler report
//! misspelled keys.

pub mod board;
pub mod bundle;
pub mod common;
pub mod effect;
pub mod fleet;
pub mod mission;
pub mod pack;
pub mod rules;
pub mod scenario;
pub mod ship;
pub mod tactic;

use schemars::JsonSchema;

/// Every kind of file spacedock reads or writes, with its JSON Schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FileKind {
    /// `pack.toml`: the manifest of a content pack.
    Pack,
    /// `rules.toml`: the ruleset numbers.
    Rules,
    /// `ships/*.toml`: one ship card per file.
    Ship,
    /// `tactics/*.toml`: one or more tactic cards per file.
    Tactics,
    /// `boards/*.toml`: one gameboard per file.
    Board,
    /// `missions/*.toml`: one mission per file.
    Mission,
    /// A player's fleet build, checked with `spacedock fleet check`.
    Fleet,
    /// `tests/*.toml`: one scenario test per file, run by `spacedock test`.
    Scenario,
    /// The compiled bundle (JSON).
    Bundle,
}

impl FileKind {
    /// All kinds, in a stable order.
    pub const ALL: [FileKind; 9] = [
        FileKind::Pack,
        FileKind::Rules,
        FileKind::Ship,
        FileKind::Tactics,
        FileKind::Board,
        FileKind::Mission,
        FileKind::Fleet,
        FileKind::Scenario,
        FileKind::Bundle,
    ];

    /// The name used on the command line and in schema file names.
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Pack => "pack",
            FileKind::Rules => "rules",
            FileKind::Ship => "ship",
            FileKind::Tactics => "tactics",
            FileKind::Board => "board",
            FileKind::Mission => "mission",
            FileKind::Fleet => "fleet",
            FileKind::Scenario => "scenario",
            FileKind::Bundle => "bundle",
        }
    }

    /// The kind with this command-line name.
    pub fn from_name(name: &str) -> Option<FileKind> {
        FileKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The file name of the committed schema under `schema/json/`.
    pub fn schema_file_name(self) -> String {
        format!("{}.schema.json", self.name())
    }

    /// What the kind is and where its files live, in one line.
    pub fn summary(self) -> &'static str {
        match self {
            FileKind::Pack => {
                "pack.toml: a pack's manifest (id, version, provenance, factions, aliases)"
            }
            FileKind::Rules => "rules.toml: the ruleset's numbers (defaults are the rulebook's)",
            FileKind::Ship => "ships/*.toml: one ship card per file, with its versions",
            FileKind::Tactics => "tactics/*.toml: tactic cards, any number per file as [[tactic]]",
            FileKind::Board => {
                "boards/*.toml: one gameboard per file: hex geometry and starting zones"
            }
            FileKind::Mission => "missions/*.toml: one mission per file",
            FileKind::Fleet => "a player's fleet build, for `spacedock fleet check`",
            FileKind::Scenario => "tests/*.toml: one scenario test per file, for `spacedock test`",
            FileKind::Bundle => "the checked bundle `spacedock build` writes (JSON)",
        }
    }

    /// The JSON Schema (draft 2020-12) of this kind.
    pub fn json_schema(self) -> serde_json::Value {
        fn of<T: JsonSchema>() -> serde_json::Value {
            // TOML has no null, so optional keys are simply absent: leaving
            // `null` out keeps each error precise instead of an `anyOf` miss.
            let mut schema = serde_json::to_value(schemars::schema_for!(T))
                .expect("a generated JSON Schema always serializes");
            drop_null(&mut schema);
            consts_to_enum(&mut schema);
            integer_bounds(&mut schema);
            schema
        }
        match self {
            FileKind::Pack => of::<pack::PackManifest>(),
            FileKind::Rules => of::<rules::Rules>(),
            FileKind::Ship => of::<ship::ShipSource>(),
            FileKind::Tactics => of::<tactic::TacticsSource>(),
            FileKind::Board => of::<board::BoardSource>(),
            FileKind::Mission => of::<mission::MissionSource>(),
            FileKind::Fleet => of::<fleet::FleetSource>(),
            FileKind::Scenario => of::<scenario::ScenarioSource>(),
            FileKind::Bundle => of::<bundle::Bundle>(),
        }
    }
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Gives every fixed-width integer its type's bounds (`format: uint32`
/// alone is only a hint), so that a number too large for its field is
/// refused by the schema, at its key, and by editors, instead of failing
/// deserialization with no place to point at. Bounds a field already has
/// stay. A number written past 64 bits reaches the check as a float, and
/// the 64-bit bounds refuse it too.
fn integer_bounds(schema: &mut serde_json::Value) {
    use serde_json::Value;
    match schema {
        Value::Object(object) => {
            let bounds: Option<(Value, Value)> = match object.get("format").and_then(Value::as_str)
            {
                Some("uint8") => Some((0.into(), u8::MAX.into())),
                Some("uint16") => Some((0.into(), u16::MAX.into())),
                Some("uint32") => Some((0.into(), u32::MAX.into())),
                Some("uint64") => Some((0.into(), u64::MAX.into())),
                Some("int8") => Some((i8::MIN.into(), i8::MAX.into())),
                Some("int16") => Some((i16::MIN.into(), i16::MAX.into())),
                Some("int32") => Some((i32::MIN.into(), i32::MAX.into())),
                Some("int64") => Some((i64::MIN.into(), i64::MAX.into())),
                _ => None,
            };
            if let Some((minimum, maximum)) = bounds {
                object.entry("minimum").or_insert(minimum);
                object.entry("maximum").or_insert(maximum);
            }
            object.values_mut().for_each(integer_bounds);
        }
        Value::Array(items) => items.iter_mut().for_each(integer_bounds),
        _ => {}
    }
}

/// Removes `null` from every type and `anyOf` of a schema.
fn drop_null(schema: &mut serde_json::Value) {
    use serde_json::Value;
    match schema {
        Value::Object(object) => {
            if let Some(Value::Array(types)) = object.get_mut("type") {
                types.retain(|t| t != "null");
                if let [only] = types.as_slice() {
                    let only = only.clone();
                    object.insert("type".to_owned(), only);
                }
            }
            if let Some(Value::Array(branches)) = object.get_mut("anyOf") {
                branches.retain(|branch| branch.get("type").is_none_or(|t| t != "null"));
                if let [only] = branches.as_slice() {
                    let only = only.clone();
                    object.remove("anyOf");
                    if let Value::Object(fields) = only {
                        object.extend(fields);
                    }
                }
            }
            object.values_mut().for_each(drop_null);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null),
        _ => {}
    }
}

/// Turns `oneOf` lists of documented string constants (what schemars makes
/// of an enum whose variants have doc comments) into one `enum`, so that a
/// wrong value is reported with the allowed values and a did-you-mean
/// instead of "not valid under any of the schemas". The variants' docs move
/// into the description.
fn consts_to_enum(schema: &mut serde_json::Value) {
    use serde_json::Value;
    match schema {
        Value::Object(object) => {
            let constants: Option<Vec<(String, Option<String>)>> = object
                .get("oneOf")
                .and_then(Value::as_array)
                .and_then(|branches| {
                    branches
                        .iter()
                        .map(|branch| {
                            let constant = branch.get("const")?.as_str()?.to_owned();
                            let doc = branch
                                .get("description")
                                .and_then(Value::as_str)
                                .map(str::to_owned);
                            Some((constant, doc))
                        })
                        .collect::<Option<Vec<_>>>()
                });
            if let Some(constants) = constants {
                object.remove("oneOf");
                let lines: Vec<String> = constants
                    .iter()
                    .map(|(constant, doc)| match doc {
                        Some(doc) => format!("`{constant}`: {doc}"),
                        None => format!("`{constant}`"),
                    })
                    .collect();
                let description = match object.get("description").and_then(Value::as_str) {
                    Some(own) => format!("{own}\n{}", lines.join("\n")),
                    None => lines.join("\n"),
                };
                object.insert("description".to_owned(), Value::String(description));
                object.insert("type".to_owned(), Value::String("string".to_owned()));
                object.insert(
                    "enum".to_owned(),
                    Value::Array(
                        constants
                            .into_iter()
                            .map(|(constant, _)| Value::String(constant))
                            .collect(),
                    ),
                );
            }
            object.values_mut().for_each(consts_to_enum);
        }
        Value::Array(items) => items.iter_mut().for_each(consts_to_enum),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::FileKind;

    #[test]
    fn documented_enums_become_plain_enums() {
        let schema = FileKind::Mission.json_schema();
        let selection = &schema["$defs"]["Selection"];
        assert_eq!(
            selection["enum"],
            serde_json::json!(["mission", "player", "combined"])
        );
        assert!(selection.get("oneOf").is_none());
        assert!(
            selection["description"]
                .as_str()
                .is_some_and(|d| d.contains("`player`: The player chooses"))
        );
    }
}
