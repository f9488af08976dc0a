//! `spacedock explain CODE`: the long explanation of a diagnostic code
//! (Markdown, from the code registry), found by id or name in any case;
//! `--list` prints the whole registry, one code a line.

use std::fmt::Write as _;
use std::io::{self, Write as _};

use spacedock_engine::sim::{FindingKind, Severity as FindingSeverity};
use spacedock_validator::Code;

use crate::args::ExplainArgs;
use crate::error::Error;
use crate::exit::Exit;

pub(crate) fn run(args: &ExplainArgs) -> Result<Exit, Error> {
    let text = match &args.code {
        Some(code) if !args.list => explanation(code)?,
        _ => listing(),
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(Exit::Success)
}

/// The explanation of a code, or of a finding of `check --games`, ending
/// in a newline.
fn explanation(text: &str) -> Result<String, Error> {
    if let Some(kind) = FindingKind::lookup(text.trim()) {
        return Ok(format!(
            "# {}\n\n**{}** (a finding of `spacedock check --games`). {}\n\n{}\n",
            kind.name(),
            severity_name(kind),
            kind.summary(),
            kind.advice()
        ));
    }
    let code = Code::lookup(text.trim()).ok_or_else(|| Error::UnknownCode {
        code: text.to_owned(),
        suggestion: near_codes(text).or_else(|| part_of_a_name(text.trim())),
    })?;
    let mut explanation = code.explanation().to_owned();
    if !explanation.ends_with('\n') {
        explanation.push('\n');
    }
    Ok(explanation)
}

/// The codes and names as near to `text` as any, as a did-you-mean: a
/// few named, many (a mistyped id is as near to ten codes of one family)
/// as the first and last, with where to read them all.
fn near_codes(text: &str) -> Option<String> {
    let candidates = Code::ALL
        .iter()
        .flat_map(|code| [code.id(), code.name()])
        .chain(FindingKind::ALL.iter().map(|kind| kind.name()));
    let found = spacedock_validator::suggest::closest_all(text, candidates);
    match found.as_slice() {
        [first, .., last] if found.len() > 4 => Some(format!(
            "did you mean one of `{first}` to `{last}`? `spacedock explain --list` lists every code with its summary"
        )),
        few => spacedock_validator::suggest::did_you_mean_of(few),
    }
}

/// The names that hold `text` as a whole word or words (`over-budget` in
/// `fleet-over-budget`), as a did-you-mean.
fn part_of_a_name(text: &str) -> Option<String> {
    let text = text.to_ascii_lowercase();
    if text.len() < 3 {
        return None;
    }
    let names: Vec<String> = Code::ALL
        .iter()
        .map(|code| code.name())
        .filter(|name| {
            name.split('-').any(|word| word == text)
                || name.starts_with(&format!("{text}-"))
                || name.ends_with(&format!("-{text}"))
                || name.contains(&format!("-{text}-"))
        })
        .map(|name| format!("`{name}`"))
        .collect();
    // More than a few is no suggestion.
    match names.as_slice() {
        [one] => Some(format!("did you mean {one}?")),
        [init @ .., last] if (2..=4).contains(&names.len()) => {
            Some(format!("did you mean {} or {last}?", init.join(", ")))
        }
        _ => None,
    }
}

/// Every code: id, name, severity and summary in aligned columns.
fn listing() -> String {
    let name_width = Code::ALL
        .iter()
        .map(|code| code.name().len())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for code in Code::ALL {
        let _ = writeln!(
            text,
            "{}  {:name_width$}  {:7}  {}",
            code.id(),
            code.name(),
            code.severity().name(),
            code.summary()
        );
    }
    // The findings of `check --games`, under their names alone.
    for kind in FindingKind::ALL {
        let _ = writeln!(
            text,
            "{:6}  {:name_width$}  {:7}  {}",
            "",
            kind.name(),
            severity_name(kind).to_ascii_lowercase(),
            kind.summary()
        );
    }
    text
}

fn severity_name(kind: FindingKind) -> &'static str {
    match kind.severity() {
        FindingSeverity::Error => "Error",
        FindingSeverity::Warning => "Warning",
    }
}

#[cfg(test)]
mod tests {
    use spacedock_validator::Code;

    use super::{explanation, listing};

    #[test]
    fn findings_of_check_games_are_explained_and_listed() {
        let hang = explanation("Sim-Hang").unwrap();
        assert!(hang.starts_with("# sim-hang\n\n**Error**"), "{hang}");
        assert!(hang.contains("--max-steps"), "{hang}");
        let one_sided = explanation("sim-one-sided").unwrap();
        assert!(one_sided.contains("**Warning**"), "{one_sided}");
        let list = listing();
        for name in ["sim-setup", "sim-crash", "sim-stuck", "sim-first-round"] {
            assert!(list.contains(name), "{list}");
        }
    }

    #[test]
    fn codes_are_found_by_id_or_name_in_any_case() {
        let by_id = explanation("sd0301").unwrap();
        assert_eq!(by_id, explanation("Fleet-Over-Budget").unwrap());
        assert!(by_id.starts_with("# SD0301 fleet-over-budget"));
    }

    #[test]
    fn a_near_miss_gets_a_suggestion() {
        let error = explanation("fleet-over-budgt").unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown diagnostic code `fleet-over-budgt`"
        );
        assert_eq!(
            error.help().as_deref(),
            Some("did you mean `fleet-over-budget`?")
        );
    }

    /// A mistyped id near a whole family of codes names the family's ends,
    /// not ten codes.
    #[test]
    fn a_miss_near_many_codes_names_their_ends() {
        let error = explanation("SD030").unwrap_err();
        assert_eq!(
            error.help().as_deref(),
            Some(
                "did you mean one of `SD0301` to `SD0310`? `spacedock explain --list` lists every code with its summary"
            )
        );
    }

    #[test]
    fn part_of_a_name_gets_the_names_that_hold_it() {
        for (part, help) in [
            ("over-budget", "did you mean `fleet-over-budget`?"),
            ("Budget", "did you mean `fleet-over-budget`?"),
            (
                "deck",
                "did you mean `deck-size`, `short-deck` or `deck-owner`?",
            ),
        ] {
            let error = explanation(part).unwrap_err();
            assert_eq!(error.help().as_deref(), Some(help), "{part}");
        }
        assert_eq!(
            explanation("zz").unwrap_err().help().as_deref(),
            Some("`spacedock explain --list` lists every code")
        );
    }

    #[test]
    fn the_listing_has_one_line_per_code_and_finding() {
        let listing = listing();
        assert_eq!(
            listing.lines().count(),
            Code::ALL.len() + spacedock_engine::sim::FindingKind::ALL.len()
        );
        assert!(
            listing
                .lines()
                .any(|line| line.starts_with("SD0301  fleet-over-budget "))
        );
    }
}
