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

/// The codes and names as near to `text` as any, as a did-you-mean. An id
/// of a family that has codes (`SD0708`) is one of that family's; any other
/// text gets the nearest ids and names, the first few named.
fn near_codes(text: &str) -> Option<String> {
    use spacedock_validator::suggest::{closest_all, did_you_mean_of};
    const LIST: &str = "`spacedock explain --list` lists every code with its summary";
    const FEW: usize = 4;
    if let Some(family) = family_codes(text.trim()) {
        let ids: Vec<&str> = family.iter().map(|code| code.id()).collect();
        let numbers: Vec<u32> = ids.iter().filter_map(|id| id[2..].parse().ok()).collect();
        let consecutive = numbers.windows(2).all(|pair| pair[1] == pair[0] + 1);
        return match ids.as_slice() {
            [first, _, .., last] if consecutive => Some(format!(
                "did you mean one of `{first}` to `{last}`, the {}xx codes? {LIST}",
                &first[..4]
            )),
            _ => did_you_mean_of(&ids).map(|help| format!("{help} {LIST}")),
        };
    }
    let candidates = Code::ALL
        .iter()
        .flat_map(|code| [code.id(), code.name()])
        .chain(FindingKind::ALL.iter().map(|kind| kind.name()));
    let found = closest_all(text, candidates);
    // Many as near are named in part, never as a range: they need not be
    // neighbours.
    match found.len() {
        0..=FEW => did_you_mean_of(&found),
        many => did_you_mean_of(&found[..FEW])
            .map(|help| format!("{help} {} more are as near: {LIST}", many - FEW)),
    }
}

/// The codes of the family an id-like `text` (`SD07`, `sd0708`) names by
/// its first two digits, in id order; none when it is no id or no family
/// has codes.
fn family_codes(text: &str) -> Option<Vec<Code>> {
    let digits = text
        .get(..2)
        .filter(|sd| sd.eq_ignore_ascii_case("SD"))
        .and(text.get(2..))?;
    if !(2..=4).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let family: Vec<Code> = Code::ALL
        .iter()
        .copied()
        .filter(|code| code.id()[2..4] == digits[..2])
        .collect();
    (!family.is_empty()).then_some(family)
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

    /// A mistyped id of a family names the family's first and last codes,
    /// not thirteen; other text near many codes names the first few.
    #[test]
    fn a_miss_near_many_codes_names_their_ends() {
        let error = explanation("SD030").unwrap_err();
        assert_eq!(
            error.help().as_deref(),
            Some(
                "did you mean one of `SD0301` to `SD0314`, the SD03xx codes? `spacedock explain --list` lists every code with its summary"
            )
        );
        let error = explanation("SD708").unwrap_err();
        assert_eq!(
            error.help().as_deref(),
            Some(
                "did you mean `SD0008`, `SD0108`, `SD0208` or `SD0308`? 8 more are as near: `spacedock explain --list` lists every code with its summary"
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
