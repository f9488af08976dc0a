//! "Did you mean" suggestions, shared by every diagnostic that names a
//! misspelled key, value or reference.

/// The candidate closest to `input`, if it is close enough to be a likely
/// typo: within an edit distance (two letters swapped counting as one
/// edit) of a third of its length (at least 2, and fewer than its
/// letters), or equal ignoring case and punctuation. Of several as close,
/// the first: callers that read the input as the candidate order them by
/// preference.
pub fn closest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    closest_all(input, candidates).into_iter().next()
}

/// Every candidate as close to `input` as the closest one (see
/// [`closest`]), in their order, each once: two names one slip away are
/// both likely, and a did-you-mean that picked one would hide the other.
pub fn closest_all<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut best: Option<usize> = None;
    let mut found: Vec<&str> = Vec::new();
    for candidate in candidates {
        let distance = slips(input, candidate);
        let length = candidate.chars().count();
        // As many slips as letters keep nothing of it: `up` is not `ne`.
        let limit = (length / 3).max(2).min(length.saturating_sub(1));
        if distance > limit || best.is_some_and(|best| distance > best) {
            continue;
        }
        if best != Some(distance) {
            best = Some(distance);
            found.clear();
        }
        if !found.contains(&candidate) {
            found.push(candidate);
        }
    }
    found
}

/// The key a table takes that an author's other word for it means: `min`
/// is a condition's `at_least` or an effect's `minimum`, whichever the
/// table has; too far in spelling for [`closest_all`].
pub fn key_meant<'a>(input: &str, keys: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    const MEANT: [(&str, &[&str]); 8] = [
        ("min", &["at_least", "minimum"]),
        ("minimum", &["at_least"]),
        ("least", &["at_least"]),
        ("from", &["at_least"]),
        ("max", &["at_most", "maximum"]),
        ("maximum", &["at_most"]),
        ("most", &["at_most"]),
        ("to", &["at_most"]),
    ];
    let word = fold(input);
    let (_, meant) = MEANT.iter().find(|(written, _)| *written == word)?;
    let keys: Vec<&str> = keys.into_iter().collect();
    meant
        .iter()
        .find_map(|meant| keys.iter().copied().find(|key| key == meant))
}

/// The candidates `input` begins (ignoring case and punctuation, two
/// characters at least), each once, when there are at most three: a name
/// cut short (`F-51` for `F-51 Blue Sparrows`) is too far for [`closest`].
pub fn starting_with<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Vec<&'a str> {
    let start = fold(input);
    if start.chars().count() < 2 {
        return Vec::new();
    }
    let mut found: Vec<&str> = Vec::new();
    for candidate in candidates {
        if fold(candidate).starts_with(&start) && !found.contains(&candidate) {
            found.push(candidate);
        }
    }
    if found.len() > 3 {
        found.clear();
    }
    found
}

/// The candidates whose name has `input`'s words among its own, whole and
/// in order (ignoring case and punctuation, two characters at least),
/// each once, when there are at most three: a name cut to the words a
/// player calls it by (`Everest` for `ISN Everest`, `Cover Fire` for
/// `Sparrow Cover Fire`) is too far for [`closest`] and does not begin it.
/// An id and a name that are the same words are one item, by the one that
/// comes first.
pub fn containing_words<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Vec<&'a str> {
    if fold(input).chars().count() < 2 {
        return Vec::new();
    }
    let wanted = word_readings(input);
    let mut found: Vec<&str> = Vec::new();
    for candidate in candidates {
        let has = word_readings(candidate).iter().any(|words| {
            wanted.iter().any(|wanted| {
                !wanted.is_empty()
                    && wanted.len() < words.len()
                    && words
                        .windows(wanted.len())
                        .any(|run| run == wanted.as_slice())
            })
        });
        if has && !found.iter().any(|seen| slug(seen) == slug(candidate)) {
            found.push(candidate);
        }
    }
    if found.len() > 3 {
        found.clear();
    }
    found
}

/// The lowercase words of `text`, split at every other character than a
/// letter or digit, and again with apostrophes dropped first: `Vapor's
/// Fate` is `vapor s fate` to whoever types `Vapor`, `vapors fate` to
/// whoever types `Vapors`.
fn word_readings(text: &str) -> [Vec<String>; 2] {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let unquoted: String = text
        .chars()
        .filter(|c| *c != '\'' && *c != '\u{2019}')
        .collect();
    [words(text), words(&unquoted)]
}

/// The slips between `input` and `candidate`: 0 when they are equal
/// ignoring case and punctuation, else the edits from one to the other,
/// two letters swapped counting as one.
/// A word with an ending added (`targetted`, `enemies`, `hits`) is one
/// slip from it, however many letters the ending has.
pub fn slips(input: &str, candidate: &str) -> usize {
    let candidate_folded = fold(candidate);
    if candidate_folded == fold(input) {
        0
    } else if stems(input)
        .iter()
        .any(|stem| fold(stem) == candidate_folded)
    {
        1
    } else {
        strsim::osa_distance(&input.to_lowercase(), &candidate.to_lowercase())
    }
}

/// `word` without the ending of a plural, a past or an `-ing`
/// (`enemies` is `enemy`, `targetted` `target`, `hits` `hit`), each
/// reading that leaves three letters at least.
fn stems(word: &str) -> Vec<String> {
    const ENDINGS: [(&str, &str); 8] = [
        ("ies", "y"),
        ("es", ""),
        ("s", ""),
        ("ed", ""),
        ("ed", "e"),
        ("d", ""),
        ("ing", ""),
        ("ing", "e"),
    ];
    let lower = word.to_lowercase();
    let mut found = Vec::new();
    for (ending, then) in ENDINGS {
        let Some(stem) = lower.strip_suffix(ending) else {
            continue;
        };
        let stem = format!("{stem}{then}");
        if stem.chars().count() < 3 {
            continue;
        }
        // A consonant doubled before the ending: `targetted`, `hitting`.
        let mut letters: Vec<char> = stem.chars().collect();
        let doubled = then.is_empty()
            && ending != "s"
            && letters.len() > 3
            && letters[letters.len() - 1] == letters[letters.len() - 2]
            && !"aeiou".contains(letters[letters.len() - 1]);
        found.push(stem.clone());
        if doubled {
            letters.pop();
            found.push(letters.into_iter().collect());
        }
    }
    found
}

/// `did you mean `x`?`, or `did you mean `x` or `y`?` when both are as
/// close, or the few with `input`'s words in their names (see
/// [`containing_words`]) when none is close, or nothing.
pub fn did_you_mean<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let mut found = closest_all(input, candidates.iter().copied());
    if found.is_empty() {
        found = containing_words(input, candidates);
    }
    did_you_mean_of(&found)
}

/// [`did_you_mean`] for a word of a closed list (a trigger, an effect kind,
/// an `until`), which is also tried in the other words an author may use
/// for the same thing: `on-hit` is `hit`, `energy-phase-begin` is
/// `energy-phase-start`, `end-of-activation` is `activation-end`, `heal`
/// is `repair`. A rewording that is a candidate comes first: the nearest
/// spelling of `energy-phase-begin` is `energy-phase-end`, the opposite.
/// A compass word is the direction it names (`east` is `e`), a word cut
/// short the few it begins (`vet` is `veteran`), and words of a longer
/// one the few that hold them whole (`upgrade` is `ship-upgrade`).
pub fn did_you_mean_word<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    did_you_mean_of(&words_meant(input, candidates))
}

/// The words of [`did_you_mean_word`]'s suggestion, none when there is
/// none.
pub fn words_meant<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let reworded = reworded(input);
    let exact = |word: &str| {
        candidates
            .iter()
            .copied()
            .find(|candidate| candidate.eq_ignore_ascii_case(word))
    };
    if let Some(meant) = reworded.iter().find_map(|word| exact(word)) {
        return vec![meant];
    }
    let bearing = compass(input);
    if !bearing.is_empty()
        && let Some(meant) = bearing
            .iter()
            .map(|word| exact(word))
            .collect::<Option<Vec<_>>>()
    {
        return meant;
    }
    let mut found = closest_all(input, candidates.iter().copied());
    if found.is_empty() {
        found = reworded
            .iter()
            .map(|word| closest_all(word, candidates.iter().copied()))
            .find(|found| !found.is_empty())
            .unwrap_or_default();
    }
    // A word cut short: `vet` for `veteran`, `seas` for `seasoned`.
    if found.is_empty() && fold(input).chars().count() >= 3 {
        found = starting_with(input, candidates.iter().copied());
    }
    // A word of a longer one: `upgrade` for `ship-upgrade`.
    if found.is_empty() {
        found = containing_words(input, candidates.iter().copied());
    }
    found
}

/// The directions of the hex grid a compass word names (`east` is `e`,
/// `north-east` and `northeast` are `ne`); `north` and `south` are each
/// two, as no side of a hex faces them. Nothing for any other word.
fn compass(input: &str) -> Vec<String> {
    const POINTS: [(&str, char); 4] =
        [("north", 'n'), ("south", 's'), ("east", 'e'), ("west", 'w')];
    let mut rest = fold(input);
    let mut letters = String::new();
    while !rest.is_empty() {
        let Some((word, letter)) = POINTS.iter().find(|(word, _)| rest.starts_with(word)) else {
            return Vec::new();
        };
        letters.push(*letter);
        rest = rest[word.len()..].to_owned();
    }
    match letters.as_str() {
        "n" => vec!["ne".to_owned(), "nw".to_owned()],
        "s" => vec!["sw".to_owned(), "se".to_owned()],
        "e" | "w" | "ne" | "nw" | "se" | "sw" => vec![letters],
        _ => Vec::new(),
    }
}

/// `did you mean` for a key written in other words than the language's
/// (`who` for `player`, `distance` for `spaces`), when the table takes
/// the key meant.
pub fn key_in_other_words<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    const KEYS: [(&str, &[&str]); 9] = [
        ("who", &["player"]),
        ("whom", &["player"]),
        ("by", &["player"]),
        ("value", &["amount"]),
        ("number", &["count", "amount"]),
        ("distance", &["spaces"]),
        ("range", &["within", "spaces"]),
        ("card", &["tactic"]),
        ("times", &["count"]),
    ];
    let input = input.to_lowercase();
    let (_, meant) = KEYS.iter().find(|(written, _)| *written == input)?;
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let meant = meant.iter().find(|key| candidates.contains(key))?;
    did_you_mean_of(&[meant])
}

/// `input` in the other words of [`did_you_mean_word`], most likely
/// first: kebab-case, a leading `on-` or `after-` dropped, `begin` and
/// `finish` as `start` and `end`, `end-of-x` as `x-end`, a trailing
/// `-ship` dropped (`enemy-ship` is the role `enemy`), and the few
/// synonyms and abbreviations of the language's words (`std`).
fn reworded(input: &str) -> Vec<String> {
    const PREFIXES: [&str; 4] = ["on-", "when-", "upon-", "at-"];
    const WORDS: [(&str, &str); 8] = [
        ("begin", "start"),
        ("beginning", "start"),
        ("starts", "start"),
        ("started", "start"),
        ("finish", "end"),
        ("finished", "end"),
        ("ends", "end"),
        ("ended", "end"),
    ];
    const SYNONYMS: [(&str, &str); 12] = [
        ("heal", "repair"),
        ("damage", "direct-damage"),
        ("turn-start", "energy-phase-start"),
        ("turn-end", "action-phase-end"),
        ("destroyed", "destroy"),
        ("attacked", "attack"),
        ("std", "standard"),
        ("all", "any"),
        ("every", "any"),
        ("this", "self"),
        ("own", "friendly"),
        ("hostile", "enemy"),
    ];
    let mut word = slug(input);
    // What happens "after" something is its end (`after-attack` is
    // `attack-end`, not `attack`, which is before the roll).
    let after = word.strip_prefix("after-").map(str::to_owned);
    if let Some(rest) = &after {
        word.clone_from(rest);
    }
    if let Some(rest) = PREFIXES.iter().find_map(|prefix| word.strip_prefix(prefix)) {
        word = rest.to_owned();
    }
    word = word
        .split('-')
        .map(|part| {
            WORDS
                .iter()
                .find(|(from, _)| *from == part)
                .map_or(part, |(_, to)| to)
        })
        .collect::<Vec<_>>()
        .join("-");
    for end in ["start", "end"] {
        if let Some(what) = word.strip_prefix(&format!("{end}-of-")) {
            word = format!("{}-{end}", what.trim_start_matches("the-"));
        }
    }
    // Ships named as ships: `enemy-ship` and `enemy-ships` are the role
    // `enemy`.
    if let Some(role) = ["-ships", "-ship"]
        .iter()
        .find_map(|ships| word.strip_suffix(ships))
        .filter(|role| !role.is_empty())
    {
        word = role.to_owned();
    }
    let mut words = Vec::new();
    if after.is_some() {
        // `after-move` is `move-end`, `after-activation` `activation-end`.
        words.push(format!("{word}-end"));
    }
    words.push(word.clone());
    if let Some((_, to)) = SYNONYMS.iter().find(|(from, _)| *from == word) {
        words.push((*to).to_owned());
    }
    words
}

/// `did you mean `x`?` for the candidates found (`x`, `y` or `z` when
/// more than one), or nothing when there are none.
pub fn did_you_mean_of(found: &[&str]) -> Option<String> {
    let quoted: Vec<String> = found.iter().map(|name| format!("`{name}`")).collect();
    match quoted.as_slice() {
        [] => None,
        [one] => Some(format!("did you mean {one}?")),
        [init @ .., last] => Some(format!("did you mean {} or {last}?", init.join(", "))),
    }
}

fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The file stem of `text` when it names a file (`dead-zone-battle.toml`,
/// `missions/dead-zone-battle.toml`) rather than an id or a name: where a
/// command takes a mission's id, the id its file is likely named after.
pub fn file_stem_named(text: &str) -> Option<&str> {
    let path = std::path::Path::new(text);
    let is_file =
        path.extension().is_some_and(|ext| ext == "toml") || path.components().count() > 1;
    path.file_stem()?.to_str().filter(|_| is_file)
}

/// The help for a mission given by its file where its id or name is
/// wanted: `id` is the mission the file holds.
pub fn mission_not_file(id: &str) -> String {
    format!("did you mean `{id}`? `--mission` takes the mission's id or name, not its file")
}

/// The kebab-case slug of a display name: lowercase, apostrophes dropped,
/// every other run of non-alphanumerics one `-`.
pub fn slug(name: &str) -> String {
    let mut slug = String::with_capacity(name.len());
    let mut pending_dash = false;
    for c in name.chars() {
        if c == '\'' || c == '\u{2019}' {
            continue;
        }
        if c.is_alphanumeric() {
            if pending_dash && !slug.is_empty() {
                slug.push('-');
            }
            pending_dash = false;
            slug.extend(c.to_lowercase());
        } else {
            pending_dash = true;
        }
    }
    slug
}

/// Whether `id` is a kebab-case slug: lowercase letters and digits in
/// groups joined by single dashes.
pub fn is_slug(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_word_in_other_words_is_suggested_as_the_language_writes_it() {
        let when = [
            "attack",
            "attack-end",
            "activation",
            "energy-phase-start",
            "energy-phase-end",
            "hit",
            "activation-end",
            "action-phase-end",
            "destroy",
        ];
        for (written, meant) in [
            ("energy-phase-begin", "energy-phase-start"),
            ("on-hit", "hit"),
            ("end-of-activation", "activation-end"),
            ("turn-end", "action-phase-end"),
            ("on_destroyed", "destroy"),
            ("after-activation", "activation-end"),
            ("after-attack", "attack-end"),
            ("energy-phase-ned", "energy-phase-end"),
        ] {
            assert_eq!(
                super::did_you_mean_word(written, when),
                Some(format!("did you mean `{meant}`?")),
                "{written}"
            );
        }
        assert_eq!(
            super::did_you_mean_word("heal", ["repair", "draw"]).as_deref(),
            Some("did you mean `repair`?")
        );
        assert_eq!(super::did_you_mean_word("teleport", when), None);
        let draw = ["kind", "count", "player"];
        assert_eq!(
            super::key_in_other_words("who", draw).as_deref(),
            Some("did you mean `player`?")
        );
        assert_eq!(super::key_in_other_words("distance", draw), None);
    }

    use super::*;

    #[test]
    fn a_value_in_other_words_finds_the_word_of_the_language() {
        let facing = ["e", "ne", "nw", "w", "sw", "se"];
        for (written, meant) in [
            ("east", "did you mean `e`?"),
            ("West", "did you mean `w`?"),
            ("north-east", "did you mean `ne`?"),
            ("northeast", "did you mean `ne`?"),
            ("south west", "did you mean `sw`?"),
            ("north", "did you mean `ne` or `nw`?"),
        ] {
            assert_eq!(
                did_you_mean_word(written, facing).as_deref(),
                Some(meant),
                "{written}"
            );
        }
        assert_eq!(did_you_mean_word("up", facing), None);
        let levels = ["standard", "seasoned", "veteran"];
        for (written, meant) in [
            ("std", "standard"),
            ("vet", "veteran"),
            ("seas", "seasoned"),
        ] {
            assert_eq!(
                did_you_mean_word(written, levels),
                Some(format!("did you mean `{meant}`?")),
                "{written}"
            );
        }
        let roles = ["self", "target", "acting-ship", "friendly", "enemy", "any"];
        for (written, meant) in [
            ("enemy-ship", "enemy"),
            ("enemy-ships", "enemy"),
            ("enemies", "enemy"),
            ("friendly-ships", "friendly"),
            ("targetted", "target"),
            ("acting", "acting-ship"),
        ] {
            assert_eq!(
                did_you_mean_word(written, roles),
                Some(format!("did you mean `{meant}`?")),
                "{written}"
            );
        }
        let types = [
            "event",
            "hero",
            "ship-upgrade",
            "additional-weapon",
            "sabotage",
        ];
        for (written, meant) in [("upgrade", "ship-upgrade"), ("weapon", "additional-weapon")] {
            assert_eq!(
                did_you_mean_word(written, types),
                Some(format!("did you mean `{meant}`?")),
                "{written}"
            );
        }
    }

    #[test]
    fn a_key_in_other_words_is_the_key_the_table_takes() {
        let condition = ["kind", "player", "at_least", "at_most"];
        assert_eq!(key_meant("min", condition), Some("at_least"));
        assert_eq!(key_meant("Max", condition), Some("at_most"));
        let modify = ["kind", "stat", "amount", "minimum", "target"];
        assert_eq!(key_meant("min", modify), Some("minimum"));
        assert_eq!(key_meant("max", modify), None);
        assert_eq!(key_meant("mid", condition), None);
    }

    #[test]
    fn an_ending_added_is_one_slip() {
        assert_eq!(slips("targetted", "target"), 1);
        assert_eq!(slips("targeted", "target"), 1);
        assert_eq!(slips("hitting", "hit"), 1);
        assert_eq!(slips("enemies", "enemy"), 1);
        let keys = ["copies", "cost", "target", "text"];
        assert_eq!(closest("targetted", keys), Some("target"));
        // The stem keeps three letters: `need` is not `ne`.
        assert_eq!(slips("need", "ne"), 2);
    }

    #[test]
    fn a_name_cut_short_finds_the_few_it_begins() {
        let names = [
            "F-51 Blue Sparrows",
            "F-47 Blue Hawks",
            "LR5 Nuclear Warhead",
            "LR5 Plaxma Cannon",
        ];
        assert_eq!(starting_with("F-51", names), ["F-51 Blue Sparrows"]);
        assert_eq!(
            starting_with("lr5", names),
            ["LR5 Nuclear Warhead", "LR5 Plaxma Cannon"]
        );
        assert!(
            starting_with("F", names).is_empty(),
            "one character begins too much"
        );
        assert!(
            starting_with("Sparrows", names).is_empty(),
            "only a start counts"
        );
        let many = ["Wretch A", "Wretch B", "Wretch C", "Wretch D"];
        assert!(
            starting_with("Wretch", many).is_empty(),
            "more than three say nothing"
        );
    }

    #[test]
    fn a_name_called_by_some_of_its_words_is_found_by_them() {
        let ships = [
            "ISN Everest",
            "ISN Barrage",
            "Vapor's Fate",
            "F-51 Blue Sparrows",
            "F-47 Blue Hawks",
        ];
        for (written, meant) in [
            ("Everest", "ISN Everest"),
            ("barrage", "ISN Barrage"),
            ("Vapor", "Vapor's Fate"),
            ("Vapors", "Vapor's Fate"),
            ("Blue Sparrows", "F-51 Blue Sparrows"),
            ("51", "F-51 Blue Sparrows"),
        ] {
            assert_eq!(containing_words(written, ships), [meant], "{written}");
            assert_eq!(
                did_you_mean(written, ships),
                Some(format!("did you mean `{meant}`?")),
                "{written}"
            );
        }
        assert_eq!(
            containing_words("blue", ships),
            ["F-51 Blue Sparrows", "F-47 Blue Hawks"]
        );
        assert!(
            containing_words(
                "ISN",
                ["ISN Everest", "ISN Barrage", "ISN Torrent", "ISN Shuttle"]
            )
            .is_empty(),
            "more than three say nothing"
        );
        assert!(
            containing_words("Ever", ships).is_empty(),
            "only whole words"
        );
        assert!(
            containing_words("Fate Vapor", ships).is_empty(),
            "words in their order"
        );
        assert!(
            containing_words("s", ships).is_empty(),
            "one letter is no name"
        );
        // An item's id and name are one item.
        assert_eq!(
            containing_words("Everest", ["isn-everest", "ISN Everest", "isn-barrage"]),
            ["isn-everest"]
        );
        // A near spelling comes before a word of a longer name.
        assert_eq!(
            did_you_mean("Everst", ["ISN Everest", "Everest"]).as_deref(),
            Some("did you mean `Everest`?")
        );
        let cards = ["Sparrow Cover Fire", "LR5 Nuclear Warhead", "Overload"];
        assert_eq!(
            did_you_mean("Cover Fire", cards).as_deref(),
            Some("did you mean `Sparrow Cover Fire`?")
        );
    }

    #[test]
    fn slugs_follow_printed_names() {
        assert_eq!(slug("Rook's F-54"), "rooks-f-54");
        assert_eq!(slug("ISN Everest"), "isn-everest");
        assert_eq!(slug("  Fate's  Reach! "), "fates-reach");
        assert!(is_slug("f-47-blue-hawks"));
        assert!(!is_slug("F-47"));
        assert!(!is_slug("a--b"));
        assert!(!is_slug("-a"));
    }

    #[test]
    fn names_as_close_are_all_suggested() {
        let zones = ["north-1", "north-2", "south"];
        assert_eq!(closest_all("north-3", zones), ["north-1", "north-2"]);
        assert_eq!(closest("north-3", zones), Some("north-1"));
        assert_eq!(
            did_you_mean("north-3", zones).as_deref(),
            Some("did you mean `north-1` or `north-2`?")
        );
        // A nearer one wins alone, and the same name twice is one.
        assert_eq!(
            closest_all("north-2", ["north-1", "north-2", "north-2"]),
            ["north-2"]
        );
        assert_eq!(did_you_mean("west", zones), None);
    }

    #[test]
    fn suggestions_catch_typos_but_not_strangers() {
        let names = ["launch_cost", "activation_cost", "move"];
        assert_eq!(closest("lanch_cost", names), Some("launch_cost"));
        assert_eq!(closest("Launch-Cost", names), Some("launch_cost"));
        assert_eq!(closest("speed", names), None);
    }
}
