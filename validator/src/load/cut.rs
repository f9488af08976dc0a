//! Leaving out the broken parts of a document: a shape error (a wrong
//! type, a value not allowed) stops the reading of the smallest part that
//! can go without another check then reporting a lack, so that the rest of
//! the file is read and checked on.
//!
//! It takes the document, as JSON, and the pointers of its shape errors
//! that cannot be read past; it takes those parts out (the items after a
//! left-out element found where they were written) and gives back the
//! pointers that fall in no part of their kind of file, which break an
//! item or the whole file as before.

use serde_json::Value;
use spacedock_schema::FileKind;

use crate::source::{FileId, SourceMap};

/// What leaving out a part takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    /// The part: an element of its array, or a key of its table.
    Part,
    /// The structure of a power or a card's play (its `when`, `if`, `do`,
    /// ...), when the error is within one of these keys: what holds it is
    /// kept as text only, its name and everything else still read. Taking
    /// only the broken key would leave a structure that says something
    /// else (a `when` with no `do`, a `do` with no `when`) and is reported
    /// for it.
    Structure(&'static [&'static str]),
    /// A reference that cannot go without a lack being read (a scenario's
    /// board, a player's name or faction): its value becomes
    /// [`UNREADABLE`], which the checks take as already reported.
    Placeholder,
    /// A list of references that cannot go without a lack being read (a
    /// mission's boards), when it is not a list at all: it becomes one
    /// [`UNREADABLE`], as a board that failed to load would be named, so
    /// the checks that need the battlefield skip the mission. A broken
    /// entry of the list is a [`Cut::Placeholder`] of its own, the others
    /// still looked up.
    Placeholders,
    /// A key of an item's own that every item has (a ship card's `size`, a
    /// board's `columns`): it is given this stand-in value, which no check
    /// reads, and the item is kept out of the pack. The checks that need
    /// the key skip that item.
    StandIn(&'static str),
    /// A list of an item's own whose broken entries its caller leaves out
    /// (a mission's teams), when it is not a list at all: it is read as an
    /// empty list, as if each of its entries were left out, and, as for a
    /// [`Cut::StandIn`], the item is kept out of the pack. An error within
    /// an entry is no error of the list: its entry is left out alone.
    Emptied,
    /// A name shown in what an item's checks tell (a ship card's): it is
    /// read as the id the item is known by, its `id` or, for a file of
    /// one item, its file's name. As for a [`Cut::StandIn`], the item is
    /// kept out of the pack.
    Named,
}

impl Cut {
    /// The value that takes the place of what this cut leaves out, for the
    /// cuts that replace it; `None` for a part left out or a structure
    /// kept as text, and for a name when no id is known (`id`).
    fn replacement(self, id: Option<&str>) -> Option<Value> {
        match self {
            Cut::Named => id.map(Value::from),
            Cut::Placeholder => Some(Value::String(UNREADABLE.to_owned())),
            Cut::Placeholders => Some(Value::Array(vec![Value::String(UNREADABLE.to_owned())])),
            Cut::Emptied => Some(Value::Array(Vec::new())),
            Cut::StandIn(stand_in) => serde_json::from_str(stand_in).ok(),
            Cut::Part | Cut::Structure(_) => None,
        }
    }

    /// Whether the item whose key this cut replaces is kept out of the
    /// pack (its key stood in for).
    fn stands_in(self) -> bool {
        matches!(self, Cut::StandIn(_) | Cut::Emptied | Cut::Named)
    }
}

/// The value of a reference left unread for its shape: no item, seat or
/// zone has it (names hold no control characters, SD0006), and the checks
/// report nothing more of it.
pub(crate) const UNREADABLE: &str = "\u{0}unreadable";

/// The keys of a special rule's structure.
const RULE_STRUCTURE: &[&str] = &["for", "when", "if", "do", "optional", "cost", "limit"];

/// The keys of a ship card's power's structure.
const POWER_STRUCTURE: &[&str] = &["when", "if", "do", "optional", "cost", "limit"];

/// The keys of what playing a tactic card does.
const PLAY_STRUCTURE: &[&str] = &["when", "if", "do"];

/// The parts of a kind of file that can be left out, as pointers with `*`
/// for any index or key. A broken value is left out with the deepest part
/// holding it. Each is a part whose absence no check reads as a lack:
/// a tactic card's power (attached cards need none), a mission's number,
/// story, players' starting energy (the ruleset's is the default),
/// obstacles, discovery tiles, special rules and victory (the default's
/// `destroy_all` lets a side win, and nothing else reads it), the structure
/// of a special rule or a ship card's power (its name, which `ignore-power`
/// looks for, stays; see [`lack_unread`] for a carrier's), a scenario's
/// optional numbers and lists of cards,
/// its discovery tiles and its expectations, and a pack manifest's text
/// for people (its description, provenance's `printed` and `designed`, an
/// alias's note), which a manifest left unread for would hide every
/// reference that finds nothing, and the numbers of a ruleset that only
/// a game played reads (the rulebook's stand in, as for a key not
/// written), which a ruleset left unread for would have every other
/// item checked against the rulebook's dice and sizes. A scenario's battlefield and
/// its seats' names, factions, teams and zones stay, as [`UNREADABLE`], and
/// so do a mission's boards (each broken entry, or the whole list when it
/// is not one).
/// A ship card's `size`, `icon` and `ships`, a board's `columns`, `rows` and
/// `half_hex_border`, and the hexes of a mission's own zone (its name,
/// which players and rules look for, stays) or a board's zone (its name,
/// checked against the others', stays) are given stand-ins instead
/// (see [`Cut::StandIn`]), and a mission's `teams` that is not a list is
/// read as none (see [`Cut::Emptied`]).
/// Items whose absence would be read as a lack (a scenario's ship cards
/// and steps, a fleet's entries, a tactic card, a mission's players and
/// teams) are left out by their callers, which keep what names them or
/// keep the item out of the pack.
fn parts(kind: FileKind) -> &'static [(&'static str, Cut)] {
    match kind {
        FileKind::Mission => &[
            ("/special_rules/*", Cut::Structure(RULE_STRUCTURE)),
            ("/special_rules/*", Cut::Part),
            ("/special_rules", Cut::Part),
            ("/boards", Cut::Placeholders),
            ("/boards/*", Cut::Placeholder),
            ("/teams", Cut::Emptied),
            ("/zones/*/rows", Cut::StandIn("[]")),
            ("/zones/*/cells", Cut::StandIn("[]")),
            ("/victory", Cut::Part),
            ("/discovery", Cut::Part),
            ("/discovery/random", Cut::Part),
            ("/number", Cut::Part),
            ("/story", Cut::Part),
            ("/players/*/starting_energy", Cut::Part),
            ("/obstacles/*", Cut::Part),
        ],
        FileKind::Ship => &[
            ("/versions/*/powers/*", Cut::Structure(POWER_STRUCTURE)),
            ("/size", Cut::StandIn("\"small\"")),
            ("/icon", Cut::StandIn("\"solo\"")),
            ("/ships", Cut::StandIn("1")),
        ],
        FileKind::Board => &[
            ("/zones/*/rows", Cut::StandIn("[]")),
            ("/zones/*/cells", Cut::StandIn("[]")),
            ("/columns", Cut::StandIn("3")),
            ("/rows", Cut::StandIn("3")),
            ("/half_hex_border", Cut::StandIn("true")),
        ],
        FileKind::Tactics => &[
            ("/tactic/*/powers/*", Cut::Part),
            ("/tactic/*", Cut::Structure(PLAY_STRUCTURE)),
        ],
        FileKind::Scenario => &[
            ("/board", Cut::Placeholder),
            ("/mission", Cut::Placeholder),
            ("/players/*/name", Cut::Placeholder),
            ("/players/*/faction", Cut::Placeholder),
            ("/players/*/team", Cut::Placeholder),
            ("/players/*/starting_zone", Cut::Placeholder),
            ("/rule", Cut::Part),
            ("/seed", Cut::Part),
            ("/turn", Cut::Part),
            ("/turn/*", Cut::Part),
            ("/players/*/energy", Cut::Part),
            ("/players/*/victory_points", Cut::Part),
            ("/players/*/hand", Cut::Part),
            ("/players/*/hand/*", Cut::Part),
            ("/players/*/deck", Cut::Part),
            ("/players/*/deck/*", Cut::Part),
            ("/players/*/discard", Cut::Part),
            ("/players/*/discard/*", Cut::Part),
            ("/tiles/*", Cut::Part),
            ("/expect", Cut::Part),
            ("/expect/*", Cut::Part),
            ("/expect/players/*", Cut::Part),
            ("/expect/ships/*", Cut::Part),
            ("/expect/events/*", Cut::Part),
            ("/expect/no_events/*", Cut::Part),
            ("/steps/*/note", Cut::Part),
            ("/steps/*/dice", Cut::Part),
            ("/steps/*/expect", Cut::Part),
            ("/steps/*/expect/*", Cut::Part),
            ("/steps/*/expect/players/*", Cut::Part),
            ("/steps/*/expect/ships/*", Cut::Part),
            ("/steps/*/expect/events/*", Cut::Part),
            ("/steps/*/expect/no_events/*", Cut::Part),
        ],
        FileKind::Pack => &[
            ("/description", Cut::Part),
            ("/provenance/printed", Cut::Part),
            ("/provenance/designed", Cut::Part),
            ("/aliases/*/note", Cut::Part),
        ],
        FileKind::Rules => &[
            ("/energy_per_phase", Cut::Part),
            ("/energy_per_discard", Cut::Part),
            ("/draws_per_phase", Cut::Part),
            ("/destroy_all_earliest_round", Cut::Part),
            ("/ecm_damage", Cut::Part),
            ("/debris_damage", Cut::Part),
            ("/alien_artifact_range", Cut::Part),
            ("/energy_source_energy", Cut::Part),
            ("/observation_station_range", Cut::Part),
            ("/orbital_market_draws", Cut::Part),
            ("/shield_regenerator_shields", Cut::Part),
            ("/warp_gate_range", Cut::Part),
        ],
        FileKind::Fleet | FileKind::Bundle => &[],
    }
}

/// The keys of an item's own that every item has whose absence can be
/// read past, and how each is stood in for: the item is kept out of the
/// pack (a fleet or mission naming it is not told of it, as for an item
/// that failed to load), and the rest of it is read and checked. Each is
/// a key no check of an item kept out of the pack reads, or one whose
/// checks skip a stand-in already (a ship card's `size` and `icon`, a
/// board's `columns` and `rows`): a ship card's `faction`, which is only
/// looked up (a placeholder is taken as told already), its `versions`,
/// read as none (the card's own keys are still checked), and its `name`,
/// read as its id (see [`Cut::Named`]); a board's and a mission's `name`,
/// read only by what refers to them; a mission's `boards`, read as one
/// board that failed to load, and its `players`, read as none, and a
/// player's `faction` and `starting_zone`, only looked up (a player of an
/// unread faction is in no team told of, which may share a deck); a tactic
/// card's `faction`, `cost`, `copies` and `text`, read by the checks of a
/// fleet or mission only, and its `phase`, read as any phase, which no
/// trigger is out of, and its `name` when it has an `id`; a version's
/// costs, `move`, `shield` and `hull`, and a weapon's `range`, `attacks`
/// and `strength`, read by fleets and games only, and a version's
/// `hit_chart`, whose check skips a stand-in. A tactic card's `type`,
/// which decides what else it may hold, a version's `level`, which is
/// checked against the others', and a weapon as a whole or its `name`,
/// which powers look for, are not among them.
fn missing_parts(kind: FileKind) -> &'static [(&'static str, Cut)] {
    match kind {
        FileKind::Ship => &[
            ("/name", Cut::Named),
            ("/faction", Cut::Placeholder),
            ("/size", Cut::StandIn("\"small\"")),
            ("/icon", Cut::StandIn("\"solo\"")),
            ("/versions", Cut::StandIn("[]")),
            ("/versions/*/launch_cost", Cut::StandIn("0")),
            ("/versions/*/activation_cost", Cut::StandIn("0")),
            ("/versions/*/move", Cut::StandIn("0")),
            ("/versions/*/shield", Cut::StandIn("0")),
            ("/versions/*/hull", Cut::StandIn("1")),
            ("/versions/*/hit_chart", Cut::StandIn("[]")),
            ("/versions/*/primary/range", Cut::StandIn("1")),
            ("/versions/*/primary/attacks", Cut::StandIn("1")),
            ("/versions/*/primary/strength", Cut::StandIn("1")),
            ("/versions/*/secondary/*/range", Cut::StandIn("1")),
            ("/versions/*/secondary/*/attacks", Cut::StandIn("1")),
            ("/versions/*/secondary/*/strength", Cut::StandIn("1")),
        ],
        FileKind::Board => &[
            ("/name", Cut::Placeholder),
            ("/columns", Cut::StandIn("3")),
            ("/rows", Cut::StandIn("3")),
        ],
        FileKind::Mission => &[
            ("/name", Cut::Placeholder),
            ("/boards", Cut::Placeholders),
            ("/players", Cut::StandIn("[]")),
            ("/players/*/faction", Cut::Placeholder),
            ("/players/*/starting_zone", Cut::Placeholder),
        ],
        FileKind::Tactics => &[
            ("/tactic/*/name", Cut::Named),
            ("/tactic/*/faction", Cut::Placeholder),
            ("/tactic/*/phase", Cut::StandIn("\"any\"")),
            ("/tactic/*/cost", Cut::StandIn("0")),
            ("/tactic/*/copies", Cut::StandIn("1")),
            ("/tactic/*/text", Cut::StandIn("\"\"")),
            ("/tactic/*/weapon/range", Cut::StandIn("1")),
            ("/tactic/*/weapon/attacks", Cut::StandIn("1")),
            ("/tactic/*/weapon/strength", Cut::StandIn("1")),
        ],
        _ => &[],
    }
}

/// Gives each key of `missing` (pointers) that [`missing_parts`] stands
/// in for its stand-in, and takes its table out of `broken`; returns the
/// pointers of the keys stood in for, which keep their item out of the
/// pack. Only where every required key a table lacks has one: an item
/// still broken is read no further. A name is read as the table's `id`,
/// or `stem`, the name of a file of one item.
pub(super) fn stand_in_missing(
    kind: FileKind,
    value: &mut Value,
    missing: &[String],
    stem: Option<&str>,
    broken: &mut Vec<String>,
) -> Vec<String> {
    let mut tables: Vec<&str> = missing
        .iter()
        .map(|pointer| pointer.rsplit_once('/').unwrap_or_default().0)
        .collect();
    tables.sort_unstable();
    tables.dedup();
    let mut stood_in = Vec::new();
    for at in tables {
        let Some(table) = value.pointer_mut(at).and_then(Value::as_object_mut) else {
            continue;
        };
        let id = table
            .get("id")
            .and_then(Value::as_str)
            .or(stem)
            .map(str::to_owned);
        let stand_ins: Option<Vec<(&String, Value)>> = missing
            .iter()
            .filter(|pointer| {
                pointer
                    .rsplit_once('/')
                    .is_some_and(|(table, _)| table == at)
            })
            .map(|pointer| {
                let (_, cut) = missing_parts(kind)
                    .iter()
                    .find(|(part, _)| names(part, pointer))?;
                Some((pointer, cut.replacement(id.as_deref())?))
            })
            .collect();
        let Some(stand_ins) = stand_ins else {
            continue;
        };
        for (pointer, stand_in) in stand_ins {
            let key = pointer.rsplit_once('/').unwrap_or_default().1;
            table.insert(super::document::unescape(key), stand_in);
            stood_in.push(pointer.clone());
        }
        if let Some(table) = broken.iter().position(|pointer| pointer == at) {
            broken.remove(table);
        }
    }
    stood_in
}

/// Whether `template` (`*` for any index or key) names just `pointer`.
fn names(template: &str, pointer: &str) -> bool {
    let (template, at) = (tokens(template), tokens(pointer));
    template.len() == at.len() && leads(&template, &at)
}

/// Whether the tokens `at` begin as the template's do, `*` any token.
fn leads(template: &[&str], at: &[&str]) -> bool {
    template
        .iter()
        .zip(at)
        .all(|(want, token)| *want == "*" || want == token)
}

/// The tokens of a JSON pointer (`/a/0` is `a`, `0`), still escaped.
fn tokens(pointer: &str) -> Vec<&str> {
    pointer.split('/').skip(1).collect()
}

/// The part of `kind` that leaves out the broken value at `pointer`: the
/// pointer of the part and how it is cut; `None` when none holds it.
fn part_of(kind: FileKind, pointer: &str) -> Option<(String, Cut)> {
    let at = tokens(pointer);
    parts(kind)
        .iter()
        .enumerate()
        .filter_map(|(order, &(template, cut))| {
            let template = tokens(template);
            let matches = template.len() <= at.len() && leads(&template, &at);
            let fits = match cut {
                Cut::Part | Cut::Placeholder | Cut::Placeholders | Cut::StandIn(_) | Cut::Named => {
                    true
                }
                Cut::Emptied => at.len() == template.len(),
                Cut::Structure(keys) => {
                    at.get(template.len()).is_some_and(|key| keys.contains(key))
                }
            };
            (matches && fits).then_some((template.len(), order, cut))
        })
        // Of two parts as deep, the first listed.
        .max_by_key(|&(depth, order, _)| (depth, std::cmp::Reverse(order)))
        .map(|(depth, _, cut)| (format!("/{}", at[..depth].join("/")), cut))
}

/// Whether no check would read the absence of `part` as a lack. A
/// version's own powers count in its capacity as the holds are loaded
/// (`modify capacity` on `self`): a carrier's power left out could make a
/// hold look overfull, so a carrier's version is not read past one.
fn lack_unread(kind: FileKind, value: &Value, part: &str) -> bool {
    if kind != FileKind::Ship {
        return true;
    }
    let version = part.rsplitn(3, '/').nth(2).unwrap_or_default();
    value
        .pointer(version)
        .is_some_and(|version| version.get("capacity").is_none())
}

/// Whether `pointer` is `part` or below it.
fn within(pointer: &str, part: &str) -> bool {
    pointer
        .strip_prefix(part)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Leaves out the parts of `value` holding the broken values at `broken`;
/// returns the pointers no part holds, and those of the keys given a
/// stand-in value.
pub(super) fn leave_out_parts(
    kind: FileKind,
    value: &mut Value,
    broken: Vec<String>,
    file: FileId,
    sources: &mut SourceMap,
) -> (Vec<String>, Vec<String>) {
    let mut cuts: Vec<(String, Cut)> = Vec::new();
    let mut rest = Vec::new();
    for pointer in broken {
        match part_of(kind, &pointer).filter(|(part, _)| lack_unread(kind, value, part)) {
            Some(cut) => cuts.push(cut),
            None => rest.push(pointer),
        }
    }
    cuts.sort_by(|a, b| a.0.cmp(&b.0));
    cuts.dedup();
    // A part within another left out goes with it.
    let covered = |(part, _): &(String, Cut), cuts: &[(String, Cut)]| {
        cuts.iter().any(|(other, cut)| {
            other != part
                && match cut {
                    Cut::Part
                    | Cut::Placeholder
                    | Cut::Placeholders
                    | Cut::StandIn(_)
                    | Cut::Emptied
                    | Cut::Named => within(part, other),
                    Cut::Structure(keys) => keys
                        .iter()
                        .any(|key| within(part, &format!("{other}/{key}"))),
                }
        })
    };
    let kept: Vec<(String, Cut)> = cuts
        .iter()
        .filter(|cut| !covered(cut, &cuts))
        .cloned()
        .collect();
    let mut stood_in = Vec::new();
    for (holder, cut) in &kept {
        if let Cut::Structure(keys) = cut {
            if let Some(table) = value.pointer_mut(holder).and_then(Value::as_object_mut) {
                for key in *keys {
                    table.remove(*key);
                }
            }
        } else if let (Some(unread), Some(replacement)) =
            (value.pointer_mut(holder), cut.replacement(None))
        {
            *unread = replacement;
            if cut.stands_in() {
                stood_in.push(holder.clone());
            }
        }
    }
    // The elements of each array together, the deepest arrays first: an
    // outer array's items are renumbered with what is below them already
    // in place.
    let mut parents: Vec<(String, Vec<String>)> = Vec::new();
    for (part, cut) in &kept {
        if *cut != Cut::Part {
            continue;
        }
        let (parent, last) = part.rsplit_once('/').unwrap_or_default();
        match parents.iter_mut().find(|(at, _)| at == parent) {
            Some((_, lasts)) => lasts.push(last.to_owned()),
            None => parents.push((parent.to_owned(), vec![last.to_owned()])),
        }
    }
    parents.sort_by_key(|(parent, _)| std::cmp::Reverse(tokens(parent).len()));
    for (parent, lasts) in parents {
        match value.pointer_mut(&parent) {
            Some(Value::Array(_)) => {
                let mut indices: Vec<usize> =
                    lasts.iter().filter_map(|last| last.parse().ok()).collect();
                indices.sort_unstable();
                leave_out(value, &parent, &indices, file, sources);
            }
            Some(Value::Object(table)) => {
                for last in lasts {
                    table.remove(&super::document::unescape(&last));
                }
            }
            _ => {}
        }
    }
    (rest, stood_in)
}

/// Takes the items at `broken` (ascending) out of the array at `list` (a
/// JSON pointer) of a document, the items after them found where they
/// were written.
pub(super) fn leave_out(
    value: &mut Value,
    list: &str,
    broken: &[usize],
    file: FileId,
    sources: &mut SourceMap,
) {
    let Some(items) = value
        .pointer_mut(list)
        .and_then(Value::as_array_mut)
        .filter(|_| !broken.is_empty())
    else {
        return;
    };
    let kept: Vec<usize> = (0..items.len())
        .filter(|index| !broken.contains(index))
        .collect();
    let all = std::mem::take(items);
    *items = kept.iter().map(|&index| all[index].clone()).collect();
    // Ascending: each item's spans are read before they are replaced.
    for (now, &was) in kept.iter().enumerate() {
        if now != was {
            sources.renumber(file, &format!("{list}/{now}"), &format!("{list}/{was}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deepest_part_holding_a_value_is_left_out() {
        let part = |kind, pointer| part_of(kind, pointer);
        assert_eq!(
            part(FileKind::Tactics, "/tactic/2/powers/1/do/0/amount"),
            Some(("/tactic/2/powers/1".to_owned(), Cut::Part))
        );
        assert_eq!(
            part(FileKind::Tactics, "/tactic/2/do/0"),
            Some(("/tactic/2".to_owned(), Cut::Structure(PLAY_STRUCTURE)))
        );
        // A card's own keys break the card: its caller leaves it out.
        assert_eq!(part(FileKind::Tactics, "/tactic/2/type"), None);
        assert_eq!(
            part(FileKind::Mission, "/special_rules/0/limit"),
            Some((
                "/special_rules/0".to_owned(),
                Cut::Structure(RULE_STRUCTURE)
            ))
        );
        assert_eq!(
            part(FileKind::Mission, "/special_rules/0/name"),
            Some(("/special_rules/0".to_owned(), Cut::Part))
        );
        assert_eq!(part(FileKind::Mission, "/players/0/faction"), None);
        assert_eq!(
            part(FileKind::Mission, "/obstacles/3/at/1"),
            Some(("/obstacles/3".to_owned(), Cut::Part))
        );
        assert_eq!(
            part(FileKind::Mission, "/players/1/starting_energy"),
            Some(("/players/1/starting_energy".to_owned(), Cut::Part))
        );
        assert_eq!(part(FileKind::Mission, "/players/1/fleet/fleet_cost"), None);
        assert_eq!(
            part(FileKind::Ship, "/versions/1/powers/0/do/0/kind"),
            Some((
                "/versions/1/powers/0".to_owned(),
                Cut::Structure(POWER_STRUCTURE)
            ))
        );
        assert_eq!(part(FileKind::Ship, "/versions/1/powers/0/name"), None);
        assert_eq!(
            part(FileKind::Scenario, "/players/0/hand/2"),
            Some(("/players/0/hand/2".to_owned(), Cut::Part))
        );
        assert_eq!(
            part(FileKind::Scenario, "/players/0/name"),
            Some(("/players/0/name".to_owned(), Cut::Placeholder))
        );
        assert_eq!(part(FileKind::Scenario, "/players/0/ships"), None);
        assert_eq!(
            part(FileKind::Mission, "/victory/points/0/threshold"),
            Some(("/victory".to_owned(), Cut::Part))
        );
        assert_eq!(
            part(FileKind::Mission, "/discovery/random/at/1"),
            Some(("/discovery/random".to_owned(), Cut::Part))
        );
        assert_eq!(
            part(FileKind::Board, "/rows"),
            Some(("/rows".to_owned(), Cut::StandIn("3")))
        );
        assert_eq!(
            part(FileKind::Board, "/zones/0/rows/0"),
            Some(("/zones/0/rows".to_owned(), Cut::StandIn("[]")))
        );
        assert_eq!(part(FileKind::Board, "/zones/0/name"), None);
        assert_eq!(
            part(FileKind::Mission, "/zones/1/cells/0/1"),
            Some(("/zones/1/cells".to_owned(), Cut::StandIn("[]")))
        );
        assert_eq!(part(FileKind::Mission, "/zones/1/name"), None);
        assert_eq!(
            part(FileKind::Mission, "/boards"),
            Some(("/boards".to_owned(), Cut::Placeholders))
        );
        assert_eq!(
            part(FileKind::Mission, "/boards/1"),
            Some(("/boards/1".to_owned(), Cut::Placeholder))
        );
        // A team's own error is its entry's, left out by the caller.
        assert_eq!(
            part(FileKind::Mission, "/teams"),
            Some(("/teams".to_owned(), Cut::Emptied))
        );
        assert_eq!(part(FileKind::Mission, "/teams/0/shared_deck/size"), None);
    }

    #[test]
    fn a_carriers_power_is_not_read_past() {
        let mut sources = SourceMap::new();
        let file = sources.add(std::path::PathBuf::from("s.toml"), String::new());
        let mut value = serde_json::json!({ "versions": [
            { "powers": [{ "do": 1 }] },
            { "capacity": 4, "powers": [{ "do": 1 }] },
        ] });
        let (rest, _) = leave_out_parts(
            FileKind::Ship,
            &mut value,
            vec![
                "/versions/0/powers/0/do".to_owned(),
                "/versions/1/powers/0/do".to_owned(),
            ],
            file,
            &mut sources,
        );
        assert_eq!(rest, ["/versions/1/powers/0/do"]);
        assert_eq!(value["versions"][0]["powers"][0], serde_json::json!({}));
    }

    #[test]
    fn a_card_level_key_is_given_a_stand_in() {
        let mut sources = SourceMap::new();
        let file = sources.add(std::path::PathBuf::from("s.toml"), String::new());
        let mut value = serde_json::json!({ "size": 5, "icon": "squadron", "faction": 3 });
        let (rest, stood_in) = leave_out_parts(
            FileKind::Ship,
            &mut value,
            vec!["/size".to_owned(), "/faction".to_owned()],
            file,
            &mut sources,
        );
        assert_eq!(rest, ["/faction"]);
        assert_eq!(stood_in, ["/size"]);
        assert_eq!(value["size"], "small");
        assert_eq!(value["icon"], "squadron");
    }

    #[test]
    fn missing_keys_are_stood_in_only_when_each_has_a_stand_in() {
        let missing =
            |keys: &[&str]| -> Vec<String> { keys.iter().map(|key| format!("/{key}")).collect() };
        let mut value = serde_json::json!({ "name": "ISN Lancer" });
        let mut broken = vec![String::new(), "/versions/0".to_owned()];
        let stood_in = stand_in_missing(
            FileKind::Ship,
            &mut value,
            &missing(&["faction", "size"]),
            Some("isn-lancer"),
            &mut broken,
        );
        assert_eq!(stood_in, ["/faction", "/size"]);
        assert_eq!(broken, ["/versions/0"]);
        assert_eq!(value["faction"], UNREADABLE);
        assert_eq!(value["size"], "small");
        // A card's name is its id, or its file's name.
        let mut value = serde_json::json!({ "size": "small" });
        let mut broken = vec![String::new()];
        let stood_in = stand_in_missing(
            FileKind::Ship,
            &mut value,
            &missing(&["name", "faction"]),
            Some("isn-lancer"),
            &mut broken,
        );
        assert_eq!(stood_in, ["/name", "/faction"]);
        assert!(broken.is_empty());
        assert_eq!(value["name"], "isn-lancer");
        let mut value = serde_json::json!({ "id": "lancer" });
        let stood_in = stand_in_missing(
            FileKind::Ship,
            &mut value,
            &missing(&["name"]),
            Some("isn-lancer"),
            &mut Vec::new(),
        );
        assert_eq!(stood_in, ["/name"]);
        assert_eq!(value["name"], "lancer");
        // A tactic card's: with no id, the card is read no further, nor
        // is one lacking its type.
        let mut value = serde_json::json!({ "tactic": [{ "cost": 1 }, { "name": "b" }] });
        let mut broken = vec!["/tactic/0".to_owned(), "/tactic/1".to_owned()];
        let stood_in = stand_in_missing(
            FileKind::Tactics,
            &mut value,
            &[
                "/tactic/0/name".to_owned(),
                "/tactic/1/type".to_owned(),
                "/tactic/1/copies".to_owned(),
            ],
            None,
            &mut broken,
        );
        assert!(stood_in.is_empty());
        assert_eq!(broken, ["/tactic/0", "/tactic/1"]);
        assert_eq!(value["tactic"][1].get("copies"), None);
        let mut value = serde_json::json!({ "tactic": [{ "name": "a" }, { "name": "b" }] });
        let mut broken = vec!["/tactic/1".to_owned()];
        let stood_in = stand_in_missing(
            FileKind::Tactics,
            &mut value,
            &["/tactic/1/copies".to_owned()],
            None,
            &mut broken,
        );
        assert_eq!(stood_in, ["/tactic/1/copies"]);
        assert!(broken.is_empty());
        assert_eq!(value["tactic"][1]["copies"], 1);
        // Within a part, table by table: a version lacking its level is
        // the version's error, its weapon's own keys are stood in.
        let mut value = serde_json::json!({ "versions": [{ "primary": {} }] });
        let mut broken = vec!["/versions/0".to_owned(), "/versions/0/primary".to_owned()];
        let stood_in = stand_in_missing(
            FileKind::Ship,
            &mut value,
            &[
                "/versions/0/hull".to_owned(),
                "/versions/0/level".to_owned(),
                "/versions/0/primary/range".to_owned(),
            ],
            Some("isn-lancer"),
            &mut broken,
        );
        assert_eq!(stood_in, ["/versions/0/primary/range"]);
        assert_eq!(broken, ["/versions/0"]);
        assert_eq!(value["versions"][0].get("hull"), None);
    }

    #[test]
    fn parts_of_nested_arrays_keep_their_places() {
        let text = "[[tactic]]\nname = \"a\"\n\
                    [[tactic.powers]]\ndo = 1\n\
                    [[tactic.powers]]\ndo = 2\n\
                    [[tactic]]\nname = \"b\"\n";
        let mut sources = SourceMap::new();
        let file = sources.add(std::path::PathBuf::from("t.toml"), text.to_owned());
        let Ok(document) = crate::load::document::parse(text) else {
            panic!("the test's TOML parses");
        };
        sources.set_pointers(file, document.pointers);
        let mut value = document.value;
        let (rest, _) = leave_out_parts(
            FileKind::Tactics,
            &mut value,
            vec![
                "/tactic/0/powers/0/do".to_owned(),
                "/tactic/1/name".to_owned(),
            ],
            file,
            &mut sources,
        );
        assert_eq!(rest, ["/tactic/1/name"]);
        assert_eq!(
            value["tactic"][0]["powers"],
            serde_json::json!([{ "do": 2 }])
        );
        assert_eq!(sources.pointer_position(file, "/tactic/0/powers/0/do").0, 6);
    }
}
