//! Check a document's shape against its kind's JSON Schema, reporting every
//! shape error at once (serde would stop at the first), each at its TOML span.

mod alternatives;

use std::sync::OnceLock;

use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::Value;
use spacedock_schema::FileKind;

use crate::codes::Code;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::load::document::{escape, unescape};
use crate::source::{FileId, SourceMap};
use crate::suggest::did_you_mean_word;

struct Compiled {
    schema: Value,
    validator: jsonschema::Validator,
}

fn compiled(kind: FileKind) -> &'static Compiled {
    static CACHE: [OnceLock<Compiled>; FileKind::ALL.len()] =
        [const { OnceLock::new() }; FileKind::ALL.len()];
    let slot = FileKind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
    CACHE[slot].get_or_init(|| {
        let schema = kind.json_schema();
        let validator = jsonschema::validator_for(&schema)
            .expect("spacedock's generated schemas are valid JSON Schema");
        Compiled { schema, validator }
    })
}

/// What the shape check found of a document.
pub(crate) struct Verdict {
    /// Keys the schema does not know, at these pointers, each with where
    /// it is read, if anywhere: the pointer of the key its table lacks
    /// that it most likely stands for, or of the key it is in the table
    /// around or in one its table holds. Without them (or with them read
    /// there) their items may be whole, and read and checked.
    pub(crate) unknown_keys: Vec<(String, Option<String>)>,
    /// Errors that cannot be read past, at these pointers (each a value
    /// in error, or the `oneOf` or `anyOf` value holding one); unknown
    /// keys, and the required keys they stand for, are not among them.
    pub(crate) broken: Vec<String>,
    /// Values to check again as a whole once their misspelt keys are read
    /// as meant: a tagged union whose tag was misspelt, checked so far for
    /// its tag alone.
    pub(crate) recheck: Vec<String>,
    /// The required keys not written, as the pointer of each: the table
    /// lacking one is among `broken` once for each.
    pub(crate) missing: Vec<String>,
}

/// Reports the shape errors of `instance` at or below the pointers
/// `scope` (`""` is the whole document); the verdict weighs every error.
pub(crate) fn check(
    kind: FileKind,
    instance: &Value,
    scope: &[String],
    file: FileId,
    sources: &SourceMap,
    diagnostics: &mut Diagnostics,
) -> Verdict {
    let compiled = compiled(kind);
    let mut reporter = alternatives::Reporter {
        file,
        sources,
        document: instance,
        diagnostics: Vec::new(),
        misspelt_tags: Vec::new(),
    };
    let in_scope = |pointer: &str| {
        scope.iter().any(|at| {
            pointer
                .strip_prefix(at.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
    };
    let whole = whole_floats(compiled, instance, file, sources);
    for pointer in &whole {
        reporter.diagnostics.push((
            pointer.clone(),
            Diagnostic::new(
                Code::WrongType,
                format!("`{}` must be an integer, not a float", field_name(pointer)),
            )
            .at(Location {
                file,
                span: sources.value_span(file, pointer),
            })
            .label("expected integer")
            .help("write it without a decimal point or exponent"),
        ));
    }
    let found: Vec<jsonschema::ValidationError<'static>> = compiled
        .validator
        .iter_errors(instance)
        .filter(|error| !whole.contains(&error.instance_path().to_string()))
        .map(jsonschema::ValidationError::to_owned)
        .collect();
    let mut errors = Vec::new();
    alternatives::expand(&compiled.schema, found, &mut errors, &mut reporter);
    let recheck: Vec<String> = reporter
        .misspelt_tags
        .iter()
        .map(|(pointer, _)| pointer.rsplit_once('/').unwrap_or_default().0.to_owned())
        .collect();
    let mut unknown_keys: Vec<(String, Option<String>)> = reporter
        .misspelt_tags
        .into_iter()
        .map(|(pointer, tag)| {
            let table = pointer.rsplit_once('/').unwrap_or_default().0;
            let meant = format!("{table}/{}", escape(&tag));
            (pointer, Some(meant))
        })
        .collect();
    let mut reported_at = Vec::new();
    for (pointer, diagnostic) in reporter.diagnostics {
        if in_scope(&pointer) {
            diagnostics.push(diagnostic);
        }
        reported_at.push(pointer);
    }
    // A misspelt key stands for the key its table lacks that it is close
    // to ([`stands_for`]), when no other misspelling there stands for it:
    // it is read as that key, so that what needs the key sees it (the schema
    // requires some; checks require others, as a bare board's seat its
    // `starting_zone`), and it is reported once, as unknown with its
    // did-you-mean, not again as missing. (The table, the key written,
    // the key meant.)
    let mut misspelled: Vec<(String, String, String)> = Vec::new();
    for error in &errors {
        if let ValidationErrorKind::AdditionalProperties { unexpected } = error.kind() {
            let allowed = allowed_properties(&compiled.schema, &error.schema_path().to_string());
            let pointer = error.instance_path().to_string();
            let instance = error.instance();
            // Only a value the key takes: `who = "opponent"` on a `draw`
            // is no `count`.
            let schema_path = error.schema_path().to_string();
            let fits = |stray: &str, missing: &str| {
                schema_node(&compiled.schema, &schema_path)
                    .and_then(|node| node.get("properties")?.get(missing))
                    .zip(instance.get(stray))
                    .is_some_and(|(property, value)| takes(&compiled.schema, property, value, 0))
            };
            let required: Vec<&str> = errors
                .iter()
                .filter(|other| other.instance_path().to_string() == pointer)
                .filter_map(|other| match other.kind() {
                    ValidationErrorKind::Required { property } => property.as_str(),
                    _ => None,
                })
                .collect();
            let table: Vec<(&String, &str)> = unexpected
                .iter()
                .filter_map(|key| {
                    // A misspelt array of tables (`[[zoens]]`) beside the
                    // one it stands for (`[[zones]]`) joins it.
                    let joins = |other: &str| {
                        table_array(instance.get(key.as_str())) && table_array(instance.get(other))
                    };
                    let has = |other: &str| instance.get(other).is_some() && !joins(other);
                    let near = stands_for(key, &allowed, has)?;
                    // A key near one whose value it could not be, where
                    // the table lacks a single key its value fits
                    // (`action = "activate"` on a step: no `option`, an
                    // integer, but its `do`), stands for that one.
                    let fitting: Vec<&str> = required
                        .iter()
                        .copied()
                        .filter(|missing| fits(key, missing))
                        .collect();
                    match fitting[..] {
                        [missing] if !fits(key, near) => Some((key, missing)),
                        _ => Some((key, near)),
                    }
                })
                .collect();
            // Two misspellings of one key: which was meant is anyone's
            // guess, so neither is read.
            for &(key, meant) in &table {
                if table.iter().filter(|(_, other)| *other == meant).count() == 1 {
                    misspelled.push((pointer.clone(), key.clone(), meant.to_owned()));
                }
            }
            // One key unlike any, where the table lacks one required key
            // (`amount` on a `draw`, which takes `count`): the key of
            // another kind of table, standing for the one this kind needs.
            let strays: Vec<&String> = unexpected
                .iter()
                .filter(|key| table.iter().all(|(near, _)| near != key))
                .collect();
            let lacking: Vec<&str> = required
                .iter()
                .copied()
                .filter(|key| table.iter().all(|(_, meant)| meant != key))
                .collect();
            if let ([stray], [missing]) = (strays.as_slice(), lacking.as_slice())
                && fits(stray, missing)
            {
                misspelled.push((pointer.clone(), (*stray).clone(), (*missing).to_owned()));
            }
        }
    }
    let explained = |pointer: &str, key: &str| {
        misspelled
            .iter()
            .any(|(at, _, meant)| at == pointer && meant == key)
    };
    // An unknown key breaks nothing: it is read as the key it stands for,
    // or not at all. Nor does the missing key it stands for. What breaks
    // an item is any other error, found within the alternative of a
    // tagged table it was meant to be, or said of the table itself.
    let misspelt_tags: Vec<&String> = unknown_keys.iter().map(|(pointer, _)| pointer).collect();
    let mut broken: Vec<String> = errors
        .iter()
        .filter(|error| match error.kind() {
            ValidationErrorKind::AdditionalProperties { .. } => false,
            ValidationErrorKind::Required { property } => !explained(
                &error.instance_path().to_string(),
                property.as_str().unwrap_or_default(),
            ),
            _ => true,
        })
        .map(|error| error.instance_path().to_string())
        .chain(
            reported_at
                .into_iter()
                .filter(|pointer| !misspelt_tags.contains(&pointer)),
        )
        .collect();
    let missing: Vec<String> = errors
        .iter()
        .filter_map(|error| match error.kind() {
            ValidationErrorKind::Required { property } => {
                let key = property.as_str().unwrap_or_default();
                let pointer = error.instance_path().to_string();
                (!explained(&pointer, key)).then(|| format!("{pointer}/{}", escape(key)))
            }
            _ => None,
        })
        .collect();
    // A value of the wrong type for a list of words breaks both rules: it
    // is told once, as the wrong type, with the words.
    let words_at: Vec<(String, Vec<String>)> = errors
        .iter()
        .filter_map(|error| match error.kind() {
            ValidationErrorKind::Enum { options } => Some((
                error.instance_path().to_string(),
                options
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                    .collect(),
            )),
            _ => None,
        })
        .collect();
    let mistyped: Vec<String> = errors
        .iter()
        .filter(|error| matches!(error.kind(), ValidationErrorKind::Type { .. }))
        .map(|error| error.instance_path().to_string())
        .collect();
    // A list of lists written as one of its entries (`at = [6, 12]` for
    // `[[6, 12]]`): every entry of it a plain value where a list goes. It
    // is told once, of the list, with its brackets added.
    let flat_lists: Vec<String> = errors
        .iter()
        .filter(|error| matches!(error.kind(), ValidationErrorKind::Type { .. }))
        .filter_map(|error| {
            let pointer = error.instance_path().to_string();
            let (parent, index) = pointer.rsplit_once('/')?;
            index.parse::<usize>().ok()?;
            let items = instance.pointer(parent)?.as_array()?;
            let every_entry = (0..items.len()).all(|i| mistyped.contains(&format!("{parent}/{i}")));
            // The schema of the entry (`schema_node` leaves out the
            // path's last token, here the `type` that failed).
            let wants_list = schema_node(&compiled.schema, &error.schema_path().to_string())
                .is_some_and(|node| takes(&compiled.schema, node, &Value::Array(Vec::new()), 0));
            (every_entry && wants_list && items.iter().all(|item| !item.is_array()))
                .then(|| parent.to_owned())
        })
        .fold(Vec::new(), |mut lists, parent| {
            if !lists.contains(&parent) {
                lists.push(parent);
            }
            lists
        });
    // Unknown keys first: one read in another table (`moved`) stands for
    // a key that table lacks, whose own error is then not told.
    let (unknown, others): (Vec<_>, Vec<_>) = errors.into_iter().partition(|error| {
        matches!(
            error.kind(),
            ValidationErrorKind::AdditionalProperties { .. }
        )
    });
    for error in unknown.into_iter().chain(others) {
        let pointer = error.instance_path().to_string();
        let at = |pointer: &str| Location {
            file,
            span: sources.value_span(file, pointer),
        };
        // An integer past TOML's 64 bits arrives as a float: a number is
        // shown as written.
        let as_written = |instance: &Value| {
            if instance.is_f64() {
                sources.get(file).text()[sources.value_span(file, &pointer)].to_owned()
            } else {
                instance.to_string()
            }
        };
        let key_at = |pointer: &str| Location {
            file,
            span: sources.key_span(file, pointer),
        };
        let field = field_name(&pointer);
        let diagnostic = match error.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => {
                let allowed =
                    allowed_properties(&compiled.schema, &error.schema_path().to_string());
                for key in unexpected {
                    let key_pointer = format!("{pointer}/{}", escape(key));
                    let stands_for = misspelled
                        .iter()
                        .find(|(at, written, _)| *at == pointer && written == key)
                        .map(|(_, _, meant)| meant.clone());
                    // A key of the file written below a `[[ships]]` header
                    // lands in that array's last table: say so, not what
                    // that table takes.
                    let misplaced = pointer
                        .strip_prefix('/')
                        .and_then(|rest| rest.split_once('/'))
                        .filter(|(array, index)| {
                            index.parse::<usize>().is_ok()
                                && instance.get(*array).is_some_and(Value::is_array)
                                && allowed_properties(&compiled.schema, "/additionalProperties")
                                    .iter()
                                    .any(|top| top == key)
                        })
                        .map(|(array, _)| {
                            format!(
                                "`{key}` is a key of the file, but TOML reads it as part of the `{array}` entry above it; move it above the first `[[{array}]]`"
                            )
                        });
                    let near = (misplaced.is_none() && stands_for.is_none())
                        .then(|| {
                            let keys = allowed.iter().map(String::as_str);
                            let found = crate::suggest::key_meant(key, keys.clone())
                                .map_or_else(|| crate::suggest::closest_all(key, keys), |meant| vec![meant]);
                            // A near key the table has already: the same
                            // key written twice, once misspelt.
                            let table = instance.pointer(&pointer).and_then(Value::as_object);
                            let given: Vec<&str> = found
                                .iter()
                                .copied()
                                .filter(|near| table.is_some_and(|table| table.contains_key(*near)))
                                .collect();
                            let twice = found.len() == 1 && given.len() == 1;
                            crate::suggest::did_you_mean_of(&found).map(|help| {
                                if twice {
                                    format!("{help} It is given already: remove `{key}`, or merge the two")
                                } else {
                                    help
                                }
                            })
                        })
                        .flatten();
                    // The key of a table beside this one: read there.
                    let moved = (misplaced.is_none() && stands_for.is_none() && near.is_none())
                        .then(|| {
                            // A table begun by a `[header]` holds the
                            // keys below it, up to the next header.
                            let under_header = sources
                                .value_text(file, &pointer)
                                .is_some_and(|text| text.starts_with('['));
                            elsewhere(
                                &compiled.schema,
                                &pointer,
                                key,
                                instance,
                                sources.value_text(file, &key_pointer),
                                under_header,
                            )
                        })
                        .flatten();
                    let read_at = stands_for
                        .as_ref()
                        .map(|meant| format!("{pointer}/{}", escape(meant)))
                        .or_else(|| moved.as_ref().and_then(|(_, at)| at.clone()));
                    unknown_keys.push((key_pointer.clone(), read_at));
                    if !in_scope(&key_pointer) {
                        continue;
                    }
                    diagnostics.push(
                        Diagnostic::new(
                            Code::UnknownKey,
                            format!("unknown key `{key}`{}", within(&pointer, instance)),
                        )
                        .at(key_at(&key_pointer))
                        .label("not a key here")
                        .maybe_help(
                            misplaced
                                .or_else(|| {
                                    stands_for.map(|meant| format!("did you mean `{meant}`?"))
                                })
                                .or(near)
                                .or_else(|| moved.map(|(help, _)| help))
                                .or_else(|| {
                                    // Another word for a key here (`who`
                                    // for `player`), not a slip of it.
                                    crate::suggest::key_in_other_words(
                                        key,
                                        allowed.iter().map(String::as_str),
                                    )
                                })
                                .or_else(|| {
                                    (!allowed.is_empty()).then(|| {
                                        format!("expected one of {}", quoted_list(&allowed))
                                    })
                                }),
                        ),
                    );
                }
                continue;
            }
            ValidationErrorKind::Required { property } => {
                let key = property.as_str().unwrap_or_default();
                let read_here = format!("{pointer}/{}", escape(key));
                if explained(&pointer, key)
                    || unknown_keys
                        .iter()
                        .any(|(_, read_at)| read_at.as_deref() == Some(read_here.as_str()))
                {
                    continue;
                }
                Diagnostic::new(
                    Code::MissingKey,
                    format!("missing key `{key}`{}", within(&pointer, instance)),
                )
                .at(key_at(&pointer))
                .label(if pointer.is_empty() {
                    format!("`{key}` is required in this file")
                } else {
                    format!("`{key}` is required here")
                })
            }
            ValidationErrorKind::Type { .. }
                if let Some((list, index)) = pointer.rsplit_once('/')
                    && flat_lists.iter().any(|flat| flat == list) =>
            {
                if index != "0" {
                    continue;
                }
                let list_field = field_name(list);
                let key = list_field.rsplit('.').next().unwrap_or(&list_field);
                let key = key.split('[').next().unwrap_or(key);
                let found = sources
                    .written_type(file, &pointer)
                    .unwrap_or_else(|| describe(error.instance()));
                Diagnostic::new(
                    Code::WrongType,
                    format!("`{list_field}` must be an array of arrays, not of {found}s"),
                )
                .at(at(list))
                .label("one entry, without the array around it")
                .maybe_help(
                    sources
                        .value_text(file, list)
                        .filter(|written| !written.contains('\n'))
                        .map(|written| {
                            format!("each entry is an array too: `{key} = [{written}]`")
                        }),
                )
            }
            ValidationErrorKind::Type { kind } => {
                let expected = match kind {
                    TypeKind::Single(single) => single.to_string(),
                    TypeKind::Multiple(many) => many
                        .iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(" or "),
                };
                let found = sources
                    .written_type(file, &pointer)
                    .unwrap_or_else(|| describe(error.instance()));
                Diagnostic::new(
                    Code::WrongType,
                    format!(
                        "`{field}` must be {}, not {}",
                        article(&toml_type(&expected)),
                        article(found)
                    ),
                )
                .at(at(&pointer))
                .label(format!("expected {}", toml_type(&expected)))
                .maybe_help(
                    unquoted(error.instance(), &expected, &field)
                        .or_else(|| {
                            // A `[header]` table where `[[header]]` tables go.
                            let header = sources.value_text(file, &pointer).is_some_and(|text| {
                                text.starts_with('[') && !text.starts_with("[[")
                            });
                            (header
                                && items_are_tables(
                                    &compiled.schema,
                                    &error.schema_path().to_string(),
                                ))
                            .then(|| one_table_for_many(error.instance(), &expected, &pointer))
                            .flatten()
                        })
                        .or_else(|| {
                            words_at
                                .iter()
                                .find(|(at, _)| *at == pointer)
                                .map(|(_, words)| format!("it is one of {}", quoted_list(words)))
                        })
                        .or_else(|| {
                            let written = sources.value_text(file, &pointer)?;
                            let fits = items_take(
                                &compiled.schema,
                                &error.schema_path().to_string(),
                                error.instance(),
                            );
                            brackets(error.instance(), &expected, &field, written, fits)
                        })
                        .or_else(|| {
                            let written = sources.value_text(file, &pointer)?;
                            one_key_table(
                                &compiled.schema,
                                &error.schema_path().to_string(),
                                error.instance(),
                                &field,
                                written,
                            )
                        }),
                )
            }
            ValidationErrorKind::Enum { .. } if mistyped.contains(&pointer) => continue,
            ValidationErrorKind::Enum { options } => {
                let options: Vec<String> = options
                    .as_array()
                    .map(|values| {
                        values
                            .iter()
                            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default();
                let found = error
                    .instance()
                    .as_str()
                    .map_or_else(|| error.instance().to_string(), str::to_owned);
                let help = did_you_mean_word(&found, options.iter().map(String::as_str));
                let narrowed =
                    narrowed_role(&compiled.schema, instance, &pointer, &found, &options);
                Diagnostic::new(
                    Code::InvalidValue,
                    format!("`{found}` is not a valid `{field}`"),
                )
                .at(at(&pointer))
                .label(format!("expected one of {}", quoted_list(&options)))
                .maybe_help(match (help, narrowed) {
                    (Some(help), Some(narrowed)) => {
                        Some(format!("{help} {}", capitalised(&narrowed)))
                    }
                    (help, narrowed) => help.or(narrowed),
                })
            }
            ValidationErrorKind::Minimum { limit }
            | ValidationErrorKind::ExclusiveMinimum { limit } => Diagnostic::new(
                Code::NumberOutOfRange,
                format!(
                    "`{field}` must be at least {limit}, not {}",
                    as_written(error.instance())
                ),
            )
            .at(at(&pointer))
            .label("too small"),
            ValidationErrorKind::Maximum { limit }
            | ValidationErrorKind::ExclusiveMaximum { limit } => Diagnostic::new(
                Code::NumberOutOfRange,
                format!(
                    "`{field}` must be at most {limit}, not {}",
                    as_written(error.instance())
                ),
            )
            .at(at(&pointer))
            .label("too large"),
            ValidationErrorKind::MinItems { limit } => Diagnostic::new(
                Code::InvalidValue,
                format!("`{field}` needs at least {limit} item{}", plural(*limit)),
            )
            .at(at(&pointer))
            .label("too few items"),
            ValidationErrorKind::MinLength { limit: 1 } => {
                Diagnostic::new(Code::InvalidValue, format!("`{field}` may not be empty"))
                    .at(at(&pointer))
                    .label("empty")
            }
            ValidationErrorKind::Pattern { pattern }
                if pattern == spacedock_schema::common::PRINTABLE =>
            {
                Diagnostic::new(
                    Code::InvalidValue,
                    format!(
                        "`{field}` may not hold control characters (a line break, a tab, an escape)"
                    ),
                )
                .at(at(&pointer))
                .label("control character")
                .help("write it on one line, with no tab or escape")
            }
            ValidationErrorKind::MaxItems { limit } => Diagnostic::new(
                Code::InvalidValue,
                format!("`{field}` takes at most {limit} item{}", plural(*limit)),
            )
            .at(at(&pointer))
            .label("too many items"),
            _ => Diagnostic::new(Code::InvalidValue, format!("`{field}`: {}", error.masked()))
                .at(at(&pointer))
                .label("invalid value"),
        };
        if in_scope(&pointer) {
            diagnostics.push(diagnostic);
        }
    }
    broken.sort();
    broken.dedup();
    Verdict {
        unknown_keys,
        broken,
        recheck,
        missing,
    }
}

/// The pointers of whole floats (`9.0`, `1e3`) written where an integer
/// belongs. JSON Schema counts a whole number as an integer however it is
/// written, so the schema alone takes them, and serde would refuse them
/// later with no place to point at. Each is told by moving it off the
/// whole numbers: if that brings errors at its place, an integer was
/// wanted there.
fn whole_floats(
    compiled: &Compiled,
    instance: &Value,
    file: FileId,
    sources: &SourceMap,
) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending = vec![(String::new(), instance)];
    while let Some((pointer, value)) = pending.pop() {
        match value {
            Value::Array(items) => pending.extend(
                items
                    .iter()
                    .enumerate()
                    .map(|(index, item)| (format!("{pointer}/{index}"), item)),
            ),
            Value::Object(table) => pending.extend(
                table
                    .iter()
                    .map(|(key, item)| (format!("{pointer}/{}", escape(key)), item)),
            ),
            Value::Number(number)
                if sources.written_type(file, &pointer) == Some("float")
                    && number
                        .as_f64()
                        .is_some_and(|x| x.is_finite() && x.fract() == 0.0) =>
            {
                found.push(pointer);
            }
            _ => {}
        }
    }
    let errors_at = |document: &Value, pointer: &str| {
        compiled
            .validator
            .iter_errors(document)
            .filter(|error| error.instance_path().to_string() == pointer)
            .count()
    };
    found.retain(|pointer| {
        let mut probe = instance.clone();
        let Some(slot) = probe.pointer_mut(pointer) else {
            return false;
        };
        let moved = slot.as_f64().unwrap_or_default() + 0.5;
        *slot = serde_json::Number::from_f64(moved).map_or(Value::Null, Value::Number);
        errors_at(&probe, pointer) > errors_at(instance, pointer)
    });
    found.sort();
    found
}

/// The help for a word that is no role where a selector goes (a role, or
/// a table that narrows one): `enemy-ship` may have been meant narrowed,
/// so the table is shown, with the role meant (`enemy` when none is).
fn narrowed_role(
    schema: &Value,
    document: &Value,
    pointer: &str,
    found: &str,
    roles: &[String],
) -> Option<String> {
    let selector = schema_of(schema, document, pointer)?
        .get("$ref")?
        .as_str()?;
    if selector != "#/$defs/Selector" {
        return None;
    }
    let meant = crate::suggest::words_meant(found, roles.iter().map(String::as_str));
    let role = match meant.as_slice() {
        [one] => one,
        _ => "enemy",
    };
    let field = field_name(pointer);
    let key = field.split('[').next().unwrap_or(&field);
    Some(format!(
        "to narrow a role, write a table of filters: `{key} = {{ is = \"{role}\", ... }}`"
    ))
}

/// A number or boolean written in quotes, when one was expected: how to
/// write it instead. A yes or a no in other words (`"yes"`, `"off"`) is
/// the boolean it says.
fn unquoted(found: &Value, expected: &str, field: &str) -> Option<String> {
    let text = found.as_str()?.trim();
    let fits = match expected {
        "integer" => text.parse::<u64>().is_ok(),
        "boolean" => text == "true" || text == "false",
        _ => false,
    };
    if fits {
        return Some(format!(
            "remove the quotes: `{text}` is {}",
            article(expected)
        ));
    }
    let boolean = match text.to_lowercase().as_str() {
        "true" | "yes" | "y" | "on" => "true",
        "false" | "no" | "n" | "off" => "false",
        _ => return None,
    };
    let key = field.split('[').next().unwrap_or(field);
    (expected == "boolean")
        .then(|| format!("a boolean is `true` or `false`, without quotes: `{key} = {boolean}`"))
}

/// A value that only lacks its brackets, or has one too many: one item
/// where a list goes (`size = "small"`, `do = { kind = ... }`), or a list
/// of one where one value goes (`target = ["self"]`).
/// `fits`: the list's items take `found`.
fn brackets(
    found: &Value,
    expected: &str,
    field: &str,
    written: &str,
    fits: bool,
) -> Option<String> {
    let key = field.rsplit('.').next().unwrap_or(field);
    let key = key.split('[').next().unwrap_or(key);
    // A `[header]` is a table written apart, not a value to wrap.
    if expected == "array"
        && fits
        && !found.is_array()
        && !written.contains('\n')
        && !written.starts_with('[')
    {
        return Some(format!("a list goes here: `{key} = [{written}]`"));
    }
    if !expected.contains("array")
        && let Some([one]) = found.as_array().map(Vec::as_slice)
        && !one.is_array()
    {
        let inner = written
            .trim()
            .strip_prefix('[')?
            .strip_suffix(']')?
            .trim()
            .trim_end_matches(',')
            .trim();
        return Some(format!(
            "one value goes here, not a list: `{key} = {inner}`"
        ));
    }
    None
}

/// The help for a value written where a table goes that needs one key,
/// which takes the value (`base = "../saturn"` for `base = { path =
/// "../saturn" }`): the table around it.
fn one_key_table(
    schema: &Value,
    schema_path: &str,
    found: &Value,
    field: &str,
    written: &str,
) -> Option<String> {
    let node = schema_node(schema, schema_path)?;
    if found.is_object() || found.is_array() || node.get("type")?.as_str()? != "object" {
        return None;
    }
    let [required] = node.get("required")?.as_array()?.as_slice() else {
        return None;
    };
    let required = required.as_str()?;
    let property = node.get("properties")?.get(required)?;
    if !takes(schema, property, found, 0) {
        return None;
    }
    let table = format!("{{ {required} = {} }}", written.trim());
    Some(if field.contains('[') {
        // An item of a list: the table is the item.
        format!("write `{table}`")
    } else {
        format!("write `{field} = {table}`")
    })
}

/// The help for one table (`[tactic]`) where an array of them is wanted:
/// `[[tactic]]` headers, one for each entry.
fn one_table_for_many(found: &Value, expected: &str, pointer: &str) -> Option<String> {
    if expected != "array" || !found.is_object() {
        return None;
    }
    let header: Vec<String> = pointer
        .split('/')
        .skip(1)
        .filter(|token| !token.chars().all(|c| c.is_ascii_digit()))
        .map(unescape)
        .collect();
    let header = header.join(".");
    Some(format!(
        "an array of tables takes a `[[{header}]]` header for each entry; `[{header}]` is a single table"
    ))
}

/// Whether a value is an array of tables, as `[[zones]]` headers make.
fn table_array(value: Option<&Value>) -> bool {
    value
        .and_then(Value::as_array)
        .is_some_and(|items| items.iter().all(Value::is_object))
}

/// The key of `allowed` an unknown `key` stands for, to be read as it:
/// the key the table lacks that it is another word for (`min` for
/// `at_least`), or else the nearest key the table lacks (`has` says which it has), within one slip
/// of a key of three letters or fewer (`ab` is not `id`) and a third of a
/// longer one, unless a key the table has is nearer still (`od` beside a
/// `do` is not `if`).
pub(super) fn stands_for<'k>(
    key: &str,
    allowed: &'k [String],
    has: impl Fn(&str) -> bool,
) -> Option<&'k str> {
    let lacking = allowed.iter().map(String::as_str).filter(|&key| !has(key));
    if let Some(meant) = crate::suggest::key_meant(key, lacking) {
        return Some(meant);
    }
    let meant = crate::suggest::closest(
        key,
        allowed.iter().map(String::as_str).filter(|&key| !has(key)),
    )?;
    let slips = |other: &str| crate::suggest::slips(key, other);
    let within = (meant.chars().count() / 3).max(1);
    let nearer_present = allowed
        .iter()
        .any(|other| has(other) && slips(other) < slips(meant));
    (slips(meant) <= within && !nearer_present).then_some(meant)
}

/// Where a key the table at `pointer` does not take belongs, when it is
/// a key of the table around it (`prepped` under `[players.fleet]` is a
/// key of the player) or of the tables it holds (`until` on a power is a
/// key of the effects in its `do`): the help that says so, and where the
/// key is read, when one table there lacks it. `written` is the key's
/// value as written. Only a table begun by a header (`under_header`) may
/// hold a key of the table around it by a slip of where it was written:
/// in an inline table (`{ kind = "gain-energy", target = "self" }`) it is
/// rather a key the author took for one of this table.
fn elsewhere(
    schema: &Value,
    pointer: &str,
    key: &str,
    document: &Value,
    written: Option<&str>,
    under_header: bool,
) -> Option<(String, Option<String>)> {
    let takes_key = |node: &Value| {
        node.get("properties")
            .is_some_and(|properties| properties.get(key).is_some())
    };
    let lacks_key = |at: &str| {
        document
            .pointer(at)
            .and_then(Value::as_object)
            .is_some_and(|table| !table.contains_key(key))
    };
    let key_at = |table: &str| format!("{table}/{}", escape(key));
    // The table around: the key of the document this table is in (an
    // item of a list is in the table of the list).
    let is_index = |token: &str| token.chars().all(|c| c.is_ascii_digit());
    let mut parent = pointer;
    while let Some((rest, last)) = parent.rsplit_once('/') {
        parent = rest;
        if !is_index(last) {
            break;
        }
    }
    if under_header
        && parent != pointer
        && let Some(around) = schema_of(schema, document, parent)
        && takes_key(pick(schema, around, document.pointer(parent)?))
    {
        let inner = path_words(&pointer[parent.len()..]);
        let help = format!(
            "`{key}` is a key of {}, not of its `{inner}`",
            named(parent, document)
        );
        return Some((help, lacks_key(parent).then(|| key_at(parent))));
    }
    // The tables it holds.
    let table = document.pointer(pointer)?;
    let node = pick(schema, schema_of(schema, document, pointer)?, table);
    let mut holders: Vec<(&String, Vec<Held>)> = Vec::new();
    for (name, property) in node.get("properties")?.as_object()? {
        let mut held = Vec::new();
        tables_in(schema, property, None, &mut held, 0);
        held.retain(|table| takes_key(table.node));
        if !held.is_empty() {
            holders.push((name, held));
        }
    }
    // Of two tables it may belong in, which was meant is anyone's guess.
    let [(name, held)] = holders.as_slice() else {
        return None;
    };
    // It is read in the one table there that takes it and lacks it.
    let holder = format!("{pointer}/{}", escape(name));
    let mut tables = match document.pointer(&holder) {
        Some(Value::Array(items)) => (0..items.len())
            .map(|index| format!("{holder}/{index}"))
            .collect(),
        Some(Value::Object(entries)) if held.iter().all(|table| table.entry) => entries
            .keys()
            .map(|entry| format!("{holder}/{}", escape(entry)))
            .collect(),
        Some(Value::Object(_)) => vec![holder.clone()],
        _ => Vec::new(),
    };
    tables.retain(|at| {
        lacks_key(at)
            && schema_of(schema, document, at)
                .zip(document.pointer(at))
                .is_some_and(|(node, value)| takes_key(pick(schema, node, value)))
    });
    let read_at = match tables.as_slice() {
        [one] => Some(key_at(one)),
        _ => None,
    };
    let tagged: Vec<(&str, &str)> = held.iter().filter_map(|table| table.tag).collect();
    let [(tag, first), ..] = tagged.as_slice() else {
        let entry = if held.iter().all(|table| table.entry) {
            "each entry of "
        } else {
            "its "
        };
        let help = format!(
            "`{key}` is a key of {entry}`{name}`, not of {}",
            named(pointer, document)
        );
        return Some((help, read_at));
    };
    let noun = held
        .iter()
        .find_map(|table| table.union.as_deref())
        .map_or_else(|| "table".to_owned(), alternatives::words);
    let mut kinds: Vec<String> = tagged
        .iter()
        .take(4)
        .map(|(_, value)| format!("`{value}`"))
        .collect();
    if tagged.len() > 4 {
        kinds.push("another".to_owned());
    }
    let kinds = match kinds.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
        [] => String::new(),
    };
    let a = if first.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    let help = format!(
        "`{key}` belongs in {a} {kinds} {noun} of `{name}`: `{{ {tag} = \"{first}\", ..., {key} = {} }}`",
        written.map_or("...", str::trim)
    );
    Some((help, read_at))
}

/// A table a key's value may hold (found by [`tables_in`]).
struct Held<'s> {
    node: &'s Value,
    /// Its tag and the tag's value, when it is a variant of a tagged union.
    tag: Option<(&'s str, &'s str)>,
    /// The definition of the union it is a variant of (`Effect`).
    union: Option<String>,
    /// A value of a table of any keys (`[factions.isn]` of `[factions]`).
    entry: bool,
}

/// The tables a value of the schema `node` is, or holds as its items: a
/// table's schema, an array's items, the values of a table of any keys,
/// or the variants of a union.
fn tables_in<'s>(
    schema: &'s Value,
    node: &'s Value,
    definition: Option<&str>,
    found: &mut Vec<Held<'s>>,
    depth: u8,
) {
    if depth > 4 {
        return;
    }
    let definition = node
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|reference| reference.strip_prefix("#/$defs/"))
        .or(definition);
    let node = alternatives::resolve(schema, node);
    if let Some(items) = node.get("items") {
        tables_in(schema, items, definition, found, depth + 1);
    }
    if let Some(entries) = node.get("additionalProperties").filter(|n| n.is_object()) {
        let before = found.len();
        tables_in(schema, entries, definition, found, depth + 1);
        for held in &mut found[before..] {
            held.entry = true;
        }
    }
    for union in ["oneOf", "anyOf"] {
        let Some(branches) = node.get(union).and_then(Value::as_array) else {
            continue;
        };
        let resolved: Vec<&Value> = branches
            .iter()
            .map(|branch| alternatives::resolve(schema, branch))
            .collect();
        let tag = alternatives::tag_key(&resolved);
        for branch in resolved {
            if branch.get("properties").is_none() {
                continue;
            }
            let tagged = tag.and_then(|tag| {
                let value = branch
                    .pointer(&format!("/properties/{tag}/const"))?
                    .as_str()?;
                Some((tag, value))
            });
            found.push(Held {
                node: branch,
                tag: tagged,
                union: tagged.and(definition.map(str::to_owned)),
                entry: false,
            });
        }
    }
    if node.get("properties").is_some() {
        found.push(Held {
            node,
            tag: None,
            union: None,
            entry: false,
        });
    }
}

/// The schema of the value at `pointer` in `document`, found by walking
/// the document from its root: a table's properties (or the schema of
/// its every value), a list's items, and of a union the variant the value
/// at each step is.
fn schema_of<'s>(schema: &'s Value, document: &Value, pointer: &str) -> Option<&'s Value> {
    let mut node = schema;
    let mut value = document;
    for token in pointer.split('/').skip(1).map(unescape) {
        let table = pick(schema, node, value);
        (node, value) = match value {
            Value::Array(items) => (
                table.get("items")?,
                items.get(token.parse::<usize>().ok()?)?,
            ),
            Value::Object(fields) => (
                table
                    .get("properties")
                    .and_then(|properties| properties.get(token.as_str()))
                    .or_else(|| table.get("additionalProperties").filter(|n| n.is_object()))?,
                fields.get(token.as_str())?,
            ),
            _ => return None,
        };
    }
    Some(node)
}

/// The schema `node` with its `$ref` followed and, of a union, the one
/// variant `value` is: the one its tag names, or the one of its type.
fn pick<'s>(schema: &'s Value, node: &'s Value, value: &Value) -> &'s Value {
    let node = alternatives::resolve(schema, node);
    let Some(branches) = ["oneOf", "anyOf"]
        .iter()
        .find_map(|union| node.get(*union).and_then(Value::as_array))
    else {
        return node;
    };
    let branches: Vec<&Value> = branches
        .iter()
        .map(|branch| alternatives::resolve(schema, branch))
        .collect();
    let chosen: Vec<&Value> = match alternatives::tag_key(&branches) {
        Some(tag) => branches
            .iter()
            .copied()
            .filter(|branch| branch.pointer(&format!("/properties/{tag}/const")) == value.get(tag))
            .collect(),
        None => branches
            .iter()
            .copied()
            .filter(|branch| takes(schema, branch, value, 0))
            .collect(),
    };
    match chosen.as_slice() {
        [one] => pick(schema, one, value),
        _ => node,
    }
}

/// A table of the document as an author knows it: `players[0]`, the
/// tactic card `Ion Lance`, the veteran `Chosh Ka`, or the file.
fn named(pointer: &str, document: &Value) -> String {
    let words = within(pointer, document);
    match words.strip_prefix(" in ") {
        Some(words) => words.to_owned(),
        None => "the file".to_owned(),
    }
}

/// The last key of a pointer, with the indices that follow it
/// (`versions[0]`, `at[1][0]` for a coordinate).
fn field_name(pointer: &str) -> String {
    let is_index = |token: &str| !token.is_empty() && token.chars().all(|c| c.is_ascii_digit());
    let mut indices = Vec::new();
    let mut key = None;
    for token in pointer.rsplit('/') {
        if is_index(token) {
            indices.push(token);
        } else {
            key = Some(token);
            break;
        }
    }
    let key = match key {
        Some("") | None if indices.is_empty() => return "document".to_owned(),
        Some(key) => unescape(key),
        None => String::new(),
    };
    indices
        .iter()
        .rev()
        .fold(key, |name, index| format!("{name}[{index}]"))
}

/// The words " in `versions[0].primary`" for a pointer, or nothing at the
/// top level. Within a tactic card of a file of many, or a special rule of
/// a mission, the card or rule is named as an author knows it (" in
/// `powers[0]` of the tactic card `Ion Lance`", " in `do[0]` of the special
/// rule `Hold the relay`"), not by its place in the file.
fn within(pointer: &str, document: &Value) -> String {
    if pointer.is_empty() {
        return String::new();
    }
    let named = [
        ("tactic", &["name", "id"][..], "tactic card"),
        ("special_rules", &["name"][..], "special rule"),
    ];
    for (list, keys, noun) in named {
        if let Some((name, rest)) = entry_named(pointer, document, list, keys) {
            return if rest.is_empty() {
                format!(" in the {noun} `{name}`")
            } else {
                format!(" in `{}` of the {noun} `{name}`", path_words(rest))
            };
        }
    }
    if let Some(words) = ship_version(pointer, document) {
        return words;
    }
    if let Some(words) = scenario_step(pointer, document) {
        return words;
    }
    format!(" in `{}`", path_words(pointer))
}

/// Where `pointer` is within a step of a scenario, in words, counting
/// steps from 1 with the step's kind, as a scenario's failures do
/// (``in `expect.players.ISN` of step 2 (`attack`)``).
fn scenario_step(pointer: &str, document: &Value) -> Option<String> {
    let rest = pointer.strip_prefix("/steps/")?;
    let (index, rest) = rest.split_once('/').unwrap_or((rest, ""));
    let index = index.parse::<usize>().ok()?;
    let step = document.get("steps")?.get(index)?;
    let of_step = match step.get("do").and_then(Value::as_str) {
        Some(kind) => format!("step {} (`{kind}`)", index + 1),
        None => format!("step {}", index + 1),
    };
    Some(if rest.is_empty() {
        format!(" in {of_step}")
    } else {
        format!(" in `{}` of {of_step}", path_words(&format!("/{rest}")))
    })
}

/// Where `pointer` is within a version of a ship file, in words: the
/// ship's name and the version's level, and the power's name if it is in
/// a named power (``in `do[0]` of the power `Hit and Run` of the veteran
/// `Chosh Ka` ``).
fn ship_version(pointer: &str, document: &Value) -> Option<String> {
    let rest = pointer.strip_prefix("/versions/")?;
    let (index, rest) = rest.split_once('/').unwrap_or((rest, ""));
    let version = document
        .get("versions")?
        .get(index.parse::<usize>().ok()?)?;
    let ship = document.get("name").and_then(Value::as_str)?;
    let level = version.get("level").and_then(Value::as_str);
    let of_ship = match level {
        Some(level) => format!("the {level} `{ship}`"),
        None => format!("`{ship}`"),
    };
    let in_power = rest.strip_prefix("powers/").and_then(|rest| {
        let (index, rest) = rest.split_once('/').unwrap_or((rest, ""));
        let power = version.get("powers")?.get(index.parse::<usize>().ok()?)?;
        let name = power.get("name").and_then(Value::as_str)?;
        Some((name, rest))
    });
    Some(match in_power {
        Some((power, "")) => format!(" in the power `{power}` of {of_ship}"),
        Some((power, rest)) => format!(
            " in `{}` of the power `{power}` of {of_ship}",
            path_words(&format!("/{rest}"))
        ),
        None if rest.is_empty() => format!(" in {of_ship}"),
        None => format!(" in `{}` of {of_ship}", path_words(&format!("/{rest}"))),
    })
}

/// The name (or else the first of the other `keys` it has) of the entry
/// of the top-level array `list` a pointer falls in, and the rest of the
/// pointer within the entry.
fn entry_named<'p, 'd>(
    pointer: &'p str,
    document: &'d Value,
    list: &str,
    keys: &[&str],
) -> Option<(&'d str, &'p str)> {
    let rest = pointer
        .strip_prefix('/')?
        .strip_prefix(list)?
        .strip_prefix('/')?;
    let (index, rest) = match rest.split_once('/') {
        Some((index, rest)) => (index, &pointer[pointer.len() - rest.len() - 1..]),
        None => (rest, ""),
    };
    let entry = document.get(list)?.get(index.parse::<usize>().ok()?)?;
    let name = keys
        .iter()
        .find_map(|key| entry.get(key).and_then(Value::as_str))?;
    Some((name, rest))
}

/// A pointer as a path: `/versions/0/primary` is `versions[0].primary`.
fn path_words(pointer: &str) -> String {
    let mut path = String::new();
    for token in pointer.split('/').skip(1) {
        if token.chars().all(|c| c.is_ascii_digit()) {
            path.push('[');
            path.push_str(token);
            path.push(']');
        } else {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&unescape(token));
        }
    }
    path
}

/// The schema holding the keyword an error was raised by (the node its
/// schema path leads to, less the keyword), following `$ref`s.
fn schema_node<'s>(schema: &'s Value, schema_path: &str) -> Option<&'s Value> {
    let mut node = schema;
    let tokens: Vec<String> = schema_path.split('/').skip(1).map(unescape).collect();
    let (_, parents) = tokens.split_last()?;
    for token in parents {
        node = if token == "$ref" {
            follow(schema, node)?
        } else {
            match node {
                Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i))?,
                _ => node.get(token.as_str())?,
            }
        };
    }
    Some(node)
}

/// The schema a `$ref` of `node` names.
fn follow<'s>(schema: &'s Value, node: &Value) -> Option<&'s Value> {
    let reference = node.get("$ref").and_then(Value::as_str)?;
    reference.strip_prefix('#').and_then(|p| schema.pointer(p))
}

/// Whether the items of the array at `schema_path` take `found` as one of
/// them (a table where they are tables, a word or number where they are),
/// and one item is a whole list there (not a coordinate's two numbers).
fn items_take(schema: &Value, schema_path: &str, found: &Value) -> bool {
    let Some(node) = schema_node(schema, schema_path) else {
        return false;
    };
    node.get("minItems")
        .and_then(Value::as_u64)
        .is_none_or(|least| least <= 1)
        && node
            .get("items")
            .is_some_and(|items| takes(schema, items, found, 0))
}

/// Whether the schema `node` (or one of its alternatives) has the type of
/// `found`.
fn takes(schema: &Value, node: &Value, found: &Value, depth: u8) -> bool {
    let node = alternatives::resolve(schema, node);
    if depth > 8 {
        return false;
    }
    let alternatives = ["oneOf", "anyOf", "allOf"]
        .iter()
        .filter_map(|key| node.get(*key).and_then(Value::as_array))
        .flatten();
    if alternatives
        .clone()
        .any(|alternative| takes(schema, alternative, found, depth + 1))
    {
        return true;
    }
    let types: Vec<&str> = match node.get("type") {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    match found {
        Value::Object(_) => types.contains(&"object") || node.get("properties").is_some(),
        Value::String(_) => types.contains(&"string") || node.get("enum").is_some(),
        Value::Number(number) if number.is_u64() || number.is_i64() => {
            types.contains(&"integer") || types.contains(&"number")
        }
        Value::Number(_) => types.contains(&"number"),
        Value::Bool(_) => types.contains(&"boolean"),
        Value::Array(_) => types.contains(&"array") || node.get("items").is_some(),
        Value::Null => false,
    }
}

/// Whether the array a type error wants holds tables (`[[tactic]]`), by
/// the schema of its items.
fn items_are_tables(schema: &Value, schema_path: &str) -> bool {
    schema_node(schema, schema_path)
        .and_then(|node| node.get("items"))
        .and_then(|items| follow(schema, items).or(Some(items)))
        .is_some_and(|items| {
            items.get("properties").is_some()
                || items.get("type").and_then(Value::as_str) == Some("object")
        })
}

/// The keys allowed where an `additionalProperties` error was raised,
/// found by walking the schema path (following `$ref`s).
fn allowed_properties(schema: &Value, schema_path: &str) -> Vec<String> {
    let Some(node) = schema_node(schema, schema_path) else {
        return Vec::new();
    };
    let mut keys: Vec<String> = node
        .get("properties")
        .and_then(Value::as_object)
        .map(|properties| properties.keys().cloned().collect())
        .unwrap_or_default();
    keys.sort();
    keys
}

fn quoted_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| format!("`{item}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn plural(count: u64) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// JSON Schema type names in the words of TOML.
fn toml_type(json_type: &str) -> String {
    json_type
        .replace("object", "table")
        .replace("null", "nothing")
}

fn describe(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing",
        Value::Bool(_) => "boolean",
        Value::Number(number) if number.is_f64() => "float",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "table",
    }
}

/// `text` with its first letter a capital: a sentence after another.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// `noun` with its indefinite article: "an effect", "a table".
fn article(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

#[cfg(test)]
mod tests {
    use super::field_name;

    /// A place in a ship file is named by the ship, the version and the
    /// power it is in, not by indices alone.
    #[test]
    fn a_place_in_a_ship_is_named_by_its_version_and_power() {
        let document = serde_json::json!({
            "name": "Chosh Ka",
            "versions": [
                { "level": "standard" },
                { "level": "veteran", "powers": [{ "name": "Hit and Run", "do": [{}] }, { "do": [] }] },
            ],
        });
        for (pointer, words) in [
            (
                "/versions/1/powers/0/do/0",
                " in `do[0]` of the power `Hit and Run` of the veteran `Chosh Ka`",
            ),
            (
                "/versions/1/powers/0",
                " in the power `Hit and Run` of the veteran `Chosh Ka`",
            ),
            (
                "/versions/1/powers/1/do",
                " in `powers[1].do` of the veteran `Chosh Ka`",
            ),
            ("/versions/0", " in the standard `Chosh Ka`"),
            (
                "/versions/0/primary",
                " in `primary` of the standard `Chosh Ka`",
            ),
        ] {
            assert_eq!(super::within(pointer, &document), words, "{pointer}");
        }
    }

    /// A place in a mission's special rule is named by the rule, as one in
    /// a ship's power is by the power.
    #[test]
    fn a_place_in_a_special_rule_is_named_by_the_rule() {
        let document = serde_json::json!({
            "name": "Ion Nebula",
            "special_rules": [{ "name": "Hold the relay", "do": [{}] }, { "do": [] }],
        });
        for (pointer, words) in [
            (
                "/special_rules/0/do/0",
                " in `do[0]` of the special rule `Hold the relay`",
            ),
            ("/special_rules/0", " in the special rule `Hold the relay`"),
            ("/special_rules/1/do", " in `special_rules[1].do`"),
        ] {
            assert_eq!(super::within(pointer, &document), words, "{pointer}");
        }
    }

    #[test]
    fn a_field_is_named_with_every_index_after_its_key() {
        assert_eq!(field_name(""), "document");
        assert_eq!(field_name("/name"), "name");
        assert_eq!(field_name("/versions/0"), "versions[0]");
        assert_eq!(field_name("/versions/0/move"), "move");
        assert_eq!(field_name("/obstacles/1/at/1/0"), "at[1][0]");
    }
}
