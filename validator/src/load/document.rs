//! Parse a TOML document into a JSON value plus the span of every key path,
//! so that shape errors (found on the JSON) and semantic errors (found on the
//! typed items) can both point back at the TOML text.

use std::collections::HashMap;
use std::ops::Range;

use serde_json::Value;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::source::Spans;

/// A parsed document.
pub(crate) struct Document {
    pub(crate) value: Value,
    pub(crate) pointers: HashMap<String, Spans>,
}

/// A TOML syntax error: the first one in the file, since later ones are
/// mostly echoes of it.
pub(crate) struct SyntaxError {
    pub(crate) message: String,
    pub(crate) span: Range<usize>,
}

pub(crate) fn parse(text: &str) -> Result<Document, SyntaxError> {
    let (table, errors) = DeTable::parse_recoverable(text);
    if let Some(first) = errors
        .iter()
        .min_by_key(|error| error.span().map_or(usize::MAX, |span| span.start))
    {
        let span = first.span().unwrap_or(0..0);
        return Err(SyntaxError {
            message: first.message().to_owned(),
            span,
        });
    }
    let mut pointers = HashMap::new();
    // The document itself is where its first key starts: what a diagnostic
    // about a top-level key the file lacks points at, rather than at every
    // line of the file.
    let start = first_key(text);
    let root_span = start..start;
    pointers.insert(
        String::new(),
        Spans {
            key: None,
            value: root_span,
            written: None,
        },
    );
    let value = convert_table(table.get_ref(), "", &mut pointers);
    Ok(Document { value, pointers })
}

fn convert(
    value: &Spanned<DeValue<'_>>,
    pointer: &str,
    pointers: &mut HashMap<String, Spans>,
) -> Value {
    match value.get_ref() {
        DeValue::String(text) => Value::String(text.to_string()),
        DeValue::Integer(integer) => {
            // Past i64 TOML has no integers; kept as the nearest number,
            // the schema's bounds report it as too large, at its place,
            // where a string would be reported as a string.
            let digits = integer.as_str().replace('_', "");
            let radix = integer.radix();
            i64::from_str_radix(&digits, radix)
                .map(Value::from)
                .or_else(|_| u64::from_str_radix(&digits, radix).map(Value::from))
                .unwrap_or_else(|_| {
                    let magnitude = digits
                        .trim_start_matches(['+', '-'])
                        .chars()
                        .filter_map(|digit| digit.to_digit(radix))
                        .fold(0.0, |sum, digit| sum * f64::from(radix) + f64::from(digit));
                    let signed = if digits.starts_with('-') {
                        -magnitude
                    } else {
                        magnitude
                    };
                    serde_json::Number::from_f64(signed)
                        .map_or_else(|| Value::String(integer.to_string()), Value::Number)
                })
        }
        DeValue::Float(float) => float
            .as_str()
            .replace('_', "")
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or_else(|| Value::String(float.to_string()), Value::Number),
        DeValue::Boolean(flag) => Value::Bool(*flag),
        DeValue::Datetime(datetime) => Value::String(datetime.to_string()),
        DeValue::Array(items) => Value::Array(
            items
                .iter()
                .enumerate()
                .map(|(index, item)| {
                    let item_pointer = format!("{pointer}/{index}");
                    pointers.insert(
                        item_pointer.clone(),
                        Spans {
                            key: None,
                            value: item.span(),
                            written: written(item.get_ref()),
                        },
                    );
                    convert(item, &item_pointer, pointers)
                })
                .collect(),
        ),
        DeValue::Table(table) => convert_table(table, pointer, pointers),
    }
}

fn convert_table(
    table: &DeTable<'_>,
    pointer: &str,
    pointers: &mut HashMap<String, Spans>,
) -> Value {
    let mut object = serde_json::Map::with_capacity(table.len());
    for (key, value) in table {
        let key_pointer = format!("{pointer}/{}", escape(key.get_ref()));
        pointers.insert(
            key_pointer.clone(),
            Spans {
                key: Some(key.span()),
                value: value.span(),
                written: written(value.get_ref()),
            },
        );
        object.insert(
            key.get_ref().to_string(),
            convert(value, &key_pointer, pointers),
        );
    }
    Value::Object(object)
}

/// The TOML type of a value whose JSON form hides it ([`Spans::written`]).
fn written(value: &DeValue<'_>) -> Option<&'static str> {
    match value {
        DeValue::Float(_) => Some("float"),
        DeValue::Datetime(_) => Some("date-time"),
        _ => None,
    }
}

/// Where the first line that is not blank or a comment starts.
pub(crate) fn first_key(text: &str) -> usize {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if !trimmed.is_empty() && !trimmed.starts_with('#') {
            return offset + (line.len() - trimmed.len());
        }
        offset += line.len();
    }
    0
}

/// Escapes a key as a JSON pointer token.
pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The key a JSON pointer token escapes.
pub(crate) fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_cover_keys_arrays_and_nested_tables() {
        let text =
            "name = \"x\"\n[[versions]]\nlevel = \"standard\"\n[versions.primary]\nrange = 4\n";
        let document = parse(text).unwrap_or_else(|_| panic!("valid TOML"));
        let range = &document.pointers["/versions/0/primary/range"];
        assert_eq!(&text[range.key.clone().unwrap()], "range");
        assert_eq!(&text[range.value.clone()], "4");
        assert_eq!(document.value["versions"][0]["primary"]["range"], 4);
    }

    #[test]
    fn first_syntax_error_wins() {
        let Err(error) = parse("a = 1\nb = [1,\nc = 2\n") else {
            panic!("invalid TOML")
        };
        // The unclosed array swallows the next line: `c` is read as an unquoted value.
        assert_eq!(error.span.start, 14);
    }
}
