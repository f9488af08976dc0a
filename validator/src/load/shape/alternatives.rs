//! `oneOf` and `anyOf` errors, made precise.
//!
//! The effect language's conditions and effects are tagged unions (`kind`
//! picks the variant) and its selectors are a string or a table. A JSON
//! Schema validator reports a mistake in one of those as "not valid under
//! any of the schemas", which tells an author nothing. Here each such error
//! is replaced by what the value was meant to be: the errors of the variant
//! its tag names (a misspelled parameter then gets its did-you-mean), the
//! errors of the one alternative of the value's type, or a diagnostic of its
//! own ("unknown effect kind `x`", a missing `kind`, a value of no allowed
//! type).

use jsonschema::ValidationError;
use jsonschema::error::ValidationErrorKind;
use serde_json::Value;

use crate::codes::Code;
use crate::diagnostic::{Diagnostic, Location};
use crate::load::document::escape;
use crate::source::{FileId, SourceMap};
use crate::suggest::did_you_mean_word;

use super::{article, field_name, within};

/// Where diagnostics of a file go, each with the pointer of the value it
/// is about.
pub(super) struct Reporter<'a> {
    pub(super) file: FileId,
    pub(super) sources: &'a SourceMap,
    /// The whole document, for naming the item a value is in.
    pub(super) document: &'a Value,
    pub(super) diagnostics: Vec<(String, Diagnostic)>,
    /// Misspelt tags (`kidn` for `kind`), with the tag each stands for:
    /// read as it, the value is checked again as a whole.
    pub(super) misspelt_tags: Vec<(String, String)>,
}

/// Replaces every `oneOf`/`anyOf` error whose intended alternative is
/// known by that alternative's errors (recursively); errors of their own
/// go to `reporter`. Other errors pass through unchanged.
pub(super) fn expand(
    schema: &Value,
    errors: Vec<ValidationError<'static>>,
    out: &mut Vec<ValidationError<'static>>,
    reporter: &mut Reporter<'_>,
) {
    for error in errors {
        match meant(schema, &error, reporter) {
            Meant::Branch(branch) => {
                let context = match error.into_parts().kind {
                    ValidationErrorKind::OneOfNotValid { context }
                    | ValidationErrorKind::AnyOf { context } => context,
                    _ => Vec::new(),
                };
                let errors = context.into_iter().nth(branch).unwrap_or_default();
                expand(schema, errors, out, reporter);
            }
            Meant::Reported => {}
            Meant::Unknown => out.push(error),
        }
    }
}

/// What an error's value was meant to be.
enum Meant {
    /// The alternative at this index of the `oneOf`/`anyOf`.
    Branch(usize),
    /// A diagnostic of its own was reported.
    Reported,
    /// Not a union error, or no alternative stands out.
    Unknown,
}

fn meant(schema: &Value, error: &ValidationError<'_>, reporter: &mut Reporter<'_>) -> Meant {
    let (ValidationErrorKind::OneOfNotValid { .. } | ValidationErrorKind::AnyOf { .. }) =
        error.kind()
    else {
        return Meant::Unknown;
    };
    let schema_path = error.schema_path().to_string();
    let Some((parent_path, keyword)) = schema_path.rsplit_once('/') else {
        return Meant::Unknown;
    };
    let (Some(node), definition) = walk(schema, parent_path) else {
        return Meant::Unknown;
    };
    let Some(branches) = node.get(keyword).and_then(Value::as_array) else {
        return Meant::Unknown;
    };
    let branches: Vec<&Value> = branches.iter().map(|b| resolve(schema, b)).collect();
    let pointer = error.instance_path().to_string();
    let instance = error.instance();
    if let Some(tag) = tag_key(&branches) {
        let Value::Object(fields) = instance.as_ref() else {
            return Meant::Unknown;
        };
        let constants: Vec<&str> = branches
            .iter()
            .filter_map(|branch| {
                branch
                    .pointer(&format!("/properties/{tag}/const"))?
                    .as_str()
            })
            .collect();
        let noun = definition
            .as_deref()
            .map_or_else(|| "value".to_owned(), words);
        let Some(value) = fields.get(tag) else {
            // A misspelt tag: reported as the unknown key it is, and read
            // as the tag it stands for (unless two keys may stand for it,
            // when which was meant is anyone's guess).
            // So is another word for it whose value is one of its values
            // (`type = "gain-energy"`).
            let tags = [tag.to_owned()];
            let misspelt = |key: &String| {
                super::stands_for(key, &tags, |key| fields.contains_key(key)).is_some()
            };
            // Not a key some alternative has (a condition's `is` may be
            // `acting-ship`, which is also a condition kind).
            let renamed = |key: &String| {
                let known = branches
                    .iter()
                    .any(|branch| branch.get("properties").and_then(|p| p.get(key)).is_some());
                !known
                    && fields
                        .get(key)
                        .and_then(Value::as_str)
                        .is_some_and(|value| constants.contains(&value))
            };
            let mut written: Vec<&String> = fields.keys().filter(|key| misspelt(key)).collect();
            if written.is_empty() {
                written = fields.keys().filter(|key| renamed(key)).collect();
            }
            for &key in &written {
                let key_pointer = format!("{pointer}/{}", escape(key));
                let help = if misspelt(key) {
                    format!("did you mean `{tag}`?")
                } else {
                    format!(
                        "{}'s {tag} is written `{tag}`: `{tag} = \"{}\"`",
                        article(&noun),
                        fields[key.as_str()].as_str().unwrap_or_default()
                    )
                };
                let diagnostic = Diagnostic::new(
                    Code::UnknownKey,
                    format!("unknown key `{key}`{}", within(&pointer, reporter.document)),
                )
                .at(reporter.key_at(&key_pointer))
                .label("not a key here")
                .help(help);
                reporter.diagnostics.push((key_pointer.clone(), diagnostic));
                if written.len() == 1 {
                    reporter.misspelt_tags.push((key_pointer, tag.to_owned()));
                }
            }
            if !written.is_empty() {
                return Meant::Reported;
            }
            let diagnostic = Diagnostic::new(
                Code::MissingKey,
                format!("missing key `{tag}`{}", within(&pointer, reporter.document)),
            )
            .at(reporter.key_at(&pointer))
            .label(format!("every {noun} says its `{tag}`"))
            .help(format!("the {noun} kinds: {}", constants.join(", ")));
            reporter.diagnostics.push((pointer, diagnostic));
            return Meant::Reported;
        };
        let tag_pointer = format!("{pointer}/{}", escape(tag));
        let Some(found) = value.as_str() else {
            let written = reporter
                .sources
                .written_type(reporter.file, &tag_pointer)
                .map_or_else(|| toml_type(json_type(value)), str::to_owned);
            let diagnostic = Diagnostic::new(
                Code::WrongType,
                format!("`{tag}` must be a string, not {}", article(&written)),
            )
            .at(reporter.at(&tag_pointer))
            .label("expected string")
            .help(format!("the {noun} kinds: {}", constants.join(", ")));
            reporter.diagnostics.push((tag_pointer, diagnostic));
            return Meant::Reported;
        };
        if let Some(branch) = branches
            .iter()
            .position(|branch| branch.pointer(&format!("/properties/{tag}/const")) == Some(value))
        {
            return Meant::Branch(branch);
        }
        let diagnostic = Diagnostic::new(
            Code::InvalidValue,
            format!("unknown {noun} {tag} `{found}`"),
        )
        .at(reporter.at(&tag_pointer))
        .label(format!("not {}", article(&format!("{noun} {tag}"))))
        .help(
            did_you_mean_word(found, constants.iter().copied())
                .unwrap_or_else(|| format!("the {noun} kinds: {}", constants.join(", "))),
        );
        reporter.diagnostics.push((tag_pointer, diagnostic));
        return Meant::Reported;
    }
    let of_type: Vec<usize> = branches
        .iter()
        .enumerate()
        .filter(|(_, branch)| types(branch).contains(&json_type(instance)))
        .map(|(index, _)| index)
        .collect();
    match of_type.as_slice() {
        [one] => Meant::Branch(*one),
        [] => {
            let mut allowed: Vec<&str> = branches.iter().flat_map(|b| types(b)).collect();
            allowed.sort_unstable();
            allowed.dedup();
            let allowed: Vec<String> = allowed.into_iter().map(toml_type).collect();
            let diagnostic = Diagnostic::new(
                Code::WrongType,
                format!(
                    "`{}` must be {}, not {}",
                    field_name(&pointer),
                    either(&allowed),
                    article(
                        reporter
                            .sources
                            .written_type(reporter.file, &pointer)
                            .map_or_else(|| toml_type(json_type(instance)), str::to_owned)
                            .as_str()
                    )
                ),
            )
            .at(reporter.at(&pointer))
            .label(format!("expected {}", allowed.join(" or ")))
            .maybe_help(
                reporter
                    .sources
                    .value_text(reporter.file, &pointer)
                    .and_then(|written| {
                        super::brackets(
                            instance,
                            &allowed.join(" or "),
                            &field_name(&pointer),
                            written,
                            false,
                        )
                    }),
            );
            reporter.diagnostics.push((pointer, diagnostic));
            Meant::Reported
        }
        _ => Meant::Unknown,
    }
}

impl Reporter<'_> {
    fn at(&self, pointer: &str) -> Location {
        Location {
            file: self.file,
            span: self.sources.value_span(self.file, pointer),
        }
    }

    fn key_at(&self, pointer: &str) -> Location {
        Location {
            file: self.file,
            span: self.sources.key_span(self.file, pointer),
        }
    }
}

/// The schema node at a schema path, and the name of the last definition
/// (`$defs/Effect`) the path went through.
fn walk<'a>(schema: &'a Value, path: &str) -> (Option<&'a Value>, Option<String>) {
    let mut node = schema;
    let mut definition = None;
    let mut tokens = path.split('/').skip(1).peekable();
    while let Some(token) = tokens.next() {
        let token = token.replace("~1", "/").replace("~0", "~");
        if token == "$ref" {
            let Some(reference) = node.get("$ref").and_then(Value::as_str) else {
                return (None, definition);
            };
            if let Some(name) = reference.strip_prefix("#/$defs/") {
                definition = Some(name.to_owned());
            }
            let Some(target) = reference.strip_prefix('#').and_then(|p| schema.pointer(p)) else {
                return (None, definition);
            };
            node = target;
            continue;
        }
        if token == "$defs"
            && let Some(name) = tokens.peek()
        {
            definition = Some((*name).to_owned());
        }
        let next = match node {
            Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => node.get(token.as_str()),
        };
        let Some(next) = next else {
            return (None, definition);
        };
        node = next;
    }
    (Some(node), definition)
}

/// A branch with its `$ref` followed.
pub(super) fn resolve<'a>(schema: &'a Value, branch: &'a Value) -> &'a Value {
    branch
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|reference| reference.strip_prefix('#'))
        .and_then(|pointer| schema.pointer(pointer))
        .unwrap_or(branch)
}

/// The key every branch pins to a constant: the union's tag.
pub(super) fn tag_key<'a>(branches: &[&'a Value]) -> Option<&'a str> {
    let (first, rest) = branches.split_first()?;
    let properties = first.get("properties")?.as_object()?;
    properties
        .iter()
        .filter(|(_, schema)| schema.get("const").is_some())
        .map(|(key, _)| key.as_str())
        .find(|key| {
            rest.iter().all(|branch| {
                branch
                    .pointer(&format!("/properties/{key}/const"))
                    .is_some()
            })
        })
}

/// The JSON types a branch accepts.
fn types(branch: &Value) -> Vec<&'static str> {
    const ALL: [&str; 7] = [
        "array", "boolean", "integer", "null", "number", "object", "string",
    ];
    match branch.get("type") {
        Some(Value::String(single)) => ALL.into_iter().filter(|t| t == single).collect(),
        Some(Value::Array(many)) => ALL
            .into_iter()
            .filter(|t| many.iter().any(|m| m == t))
            .collect(),
        _ => match branch.get("const").or_else(|| branch.get("enum")?.get(0)) {
            Some(value) => vec![json_type(value)],
            None => Vec::new(),
        },
    }
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(number) if number.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn toml_type(json_type: &str) -> String {
    match json_type {
        "object" => "table".to_owned(),
        "number" => "float".to_owned(),
        other => other.to_owned(),
    }
}

fn either(types: &[String]) -> String {
    let with: Vec<String> = types.iter().map(|t| article(t)).collect();
    match with.as_slice() {
        [] => "something else".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// `ShipFilter` as "ship filter".
pub(super) fn words(definition: &str) -> String {
    let mut words = String::new();
    for (i, c) in definition.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            words.push(' ');
        }
        words.extend(c.to_lowercase());
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_read_as_words() {
        assert_eq!(words("Effect"), "effect");
        assert_eq!(words("ShipFilter"), "ship filter");
    }

    #[test]
    fn the_tag_is_the_key_every_branch_pins() {
        let a = serde_json::json!({ "properties": { "kind": { "const": "a" }, "x": {} } });
        let b = serde_json::json!({ "properties": { "kind": { "const": "b" } } });
        assert_eq!(tag_key(&[&a, &b]), Some("kind"));
        let untagged = serde_json::json!({ "type": "string" });
        assert_eq!(tag_key(&[&a, &untagged]), None);
    }
}
