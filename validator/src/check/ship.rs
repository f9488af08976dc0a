//! Ship cards: hit-location charts that match the dice, one version per
//! level, icons that agree with the ship count, capacities that can carry
//! something, and damage types the ruleset knows.

use std::collections::HashMap;

use spacedock_schema::common::{Icon, Level, Size, Weapon};
use spacedock_schema::ship::{ChartCell, ShipSource};

use crate::check::duplicate_names;
use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::source::FileId;
use crate::suggest::did_you_mean;

pub(crate) fn check(context: &Context<'_>, diagnostics: &mut Diagnostics) {
    let mut misfits = DependencyCharts::default();
    for loaded in context.content.checked_ships() {
        let ship = &loaded.item;
        let file = loaded.file;
        // A stand-in for a value of the wrong shape is no mistake of the card.
        let content = context.content;
        if !content.stood_in(file, "/icon") && !content.stood_in(file, "/ships") {
            squadron_count(context, ship, file, diagnostics);
        }
        let size_read = !content.stood_in(file, "/size");
        duplicate_versions(context, ship, file, diagnostics);
        for (v, version) in ship.versions.iter().enumerate() {
            let pointer = format!("/versions/{v}");
            let powers: Vec<&str> = version.powers.iter().map(|p| p.name.as_str()).collect();
            duplicate_names(
                context,
                file,
                &powers,
                |p| format!("{pointer}/powers/{p}/name"),
                &format!("powers of the {} `{}`", version.level.name(), ship.name),
                "give each power of a version a name of its own: `ignore-power` and scenarios name a power by it",
                diagnostics,
            );
            if !content.stood_in(file, &format!("{pointer}/hit_chart"))
                && !misfits.counted(context, ship, &version.hit_chart, file)
            {
                hit_chart(context, &version.hit_chart, file, &pointer, diagnostics);
            }
            if size_read {
                useless_capacity(context, ship, version.capacity, file, &pointer, diagnostics);
            }
            let weapons = std::iter::once(("primary".to_owned(), &version.primary)).chain(
                version
                    .secondary
                    .iter()
                    .enumerate()
                    .map(|(i, w)| (format!("secondary/{i}"), w)),
            );
            for (weapon_pointer, weapon) in weapons {
                damage_type(
                    context,
                    weapon,
                    file,
                    &format!("{pointer}/{weapon_pointer}"),
                    diagnostics,
                );
            }
        }
    }
    misfits.report(context, diagnostics);
}

/// Hit charts of a dependency's ship cards that do not fit the dice of
/// the root pack's own ruleset: the ruleset changed them, and the
/// dependency's files are not the author's to edit. Told once for each
/// shape of chart a pack has, at the ruleset, rather than once a chart in
/// files that are right for the dice they were written for.
#[derive(Default)]
struct DependencyCharts {
    /// Per dependency (its index in the loaded packs) and shape of chart
    /// (rows, cells a row): the ship cards whose charts have it.
    shapes: Vec<((usize, usize, usize), Vec<String>)>,
}

impl DependencyCharts {
    /// Whether the chart is a dependency's that misfits the root pack's
    /// own dice: counted, not checked one by one.
    fn counted(
        &mut self,
        context: &Context<'_>,
        ship: &ShipSource,
        chart: &[String],
        file: FileId,
    ) -> bool {
        let content = context.content;
        let own_rules = content
            .rules
            .as_ref()
            .zip(content.dependencies_from)
            .is_some_and(|(rules, from)| rules.file < from);
        let dependency = content.dependencies_from.is_some_and(|from| file >= from);
        let rows = context.rules.number_die as usize;
        let columns = context.rules.letter_die as usize;
        let cells = chart.first().map_or(0, |row| row.chars().count());
        let uniform = chart.iter().all(|row| row.chars().count() == cells);
        if !own_rules || !dependency || !uniform || (chart.len() == rows && cells == columns) {
            return false;
        }
        let Some(pack) = content
            .packs
            .iter()
            .position(|pack| pack.manifest.file <= file && file < pack.files_end)
        else {
            return false;
        };
        let shape = (pack, chart.len(), cells);
        match self.shapes.iter_mut().find(|(key, _)| *key == shape) {
            Some((_, ships)) if !ships.contains(&ship.name) => ships.push(ship.name.clone()),
            Some(_) => {}
            None => self.shapes.push((shape, vec![ship.name.clone()])),
        }
        true
    }

    fn report(self, context: &Context<'_>, diagnostics: &mut Diagnostics) {
        let Some(rules) = &context.content.rules else {
            return;
        };
        let dice = &context.rules;
        for ((pack, rows, cells), ships) in self.shapes {
            let info = &context.content.packs[pack];
            // Each die the charts misfit: its key, faces, and the charts'.
            let misfits: Vec<(&str, u32, usize, &str)> = [
                ("number_die", dice.number_die, rows, "rows"),
                ("letter_die", dice.letter_die, cells, "cells a row"),
            ]
            .into_iter()
            .filter(|&(_, faces, theirs, _)| faces as usize != theirs)
            .collect();
            let Some(&(key, _, _, _)) = misfits.first() else {
                continue;
            };
            let written: Vec<String> = misfits
                .iter()
                .map(|(_, _, theirs, what)| format!("{theirs} {what}"))
                .collect();
            let faces: Vec<String> = misfits
                .iter()
                .map(|(key, faces, _, _)| format!("`{key}` is {faces}"))
                .collect();
            let make: Vec<String> = misfits
                .iter()
                .map(|(key, _, theirs, _)| format!("`{key}` {theirs}"))
                .collect();
            diagnostics.push(
                Diagnostic::new(
                    Code::HitChartShape,
                    format!(
                        "the hit chart{} of {} of the dependency `{}` {} {}, but this ruleset's {}",
                        if ships.len() == 1 { "" } else { "s" },
                        crate::check::count(ships.len() as u32, "ship card"),
                        info.manifest.item.id,
                        if ships.len() == 1 { "has" } else { "have" },
                        written.join(" and "),
                        faces.join(" and ")
                    ),
                )
                .at(context.at(rules.file, &format!("/{key}")))
                .label("does not fit them")
                .note(
                    context.at(info.manifest.file, "/id"),
                    format!("its ships: {}", ships.join(", ")),
                )
                .help(format!(
                    "a dependency's ship cards are played with this pack's ruleset: make {}, as their charts are written for, or leave the dependency out",
                    make.join(" and ")
                )),
            );
        }
    }
}

fn squadron_count(
    context: &Context<'_>,
    ship: &ShipSource,
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    let message = match (ship.icon, ship.ships) {
        (Icon::Solo, 1) | (Icon::Squadron, 2..) => return,
        (Icon::Solo, n) => format!("`{}` is a solo ship card but has {n} ships", ship.name),
        (Icon::Squadron, _) => format!("`{}` is a squadron but has only 1 ship", ship.name),
    };
    let pointer = if ship.ships == 1 { "/icon" } else { "/ships" };
    diagnostics.push(
        Diagnostic::new(Code::SquadronCount, message)
            .at(context.at(file, pointer))
            .label("icon and ship count disagree")
            .help("a solo ship card has `ships = 1`; a squadron has `icon = \"squadron\"` and 2 or more ships"),
    );
}

fn duplicate_versions(
    context: &Context<'_>,
    ship: &ShipSource,
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    // A version left out for its shape still says its level: a level
    // written twice is told now, not once that version is mended.
    let left_out = context
        .content
        .left_out_levels
        .iter()
        .filter(|(_, at)| at.file == file)
        .cloned();
    let mut levels: Vec<(Level, Location)> = ship
        .versions
        .iter()
        .enumerate()
        .map(|(v, version)| {
            let at = context.at(file, &format!("/versions/{v}/level"));
            (version.level, at)
        })
        .chain(left_out)
        .collect();
    levels.sort_by_key(|(_, at)| at.span.start);
    // Each level's first version, and how many there are so far.
    let mut first: HashMap<Level, (Location, u32)> = HashMap::new();
    for (level, at) in levels {
        let (earlier, seen) = first.entry(level).or_insert((at.clone(), 0));
        *seen += 1;
        if *seen > 1 {
            let (count, nth) = match *seen {
                2 => ("two".to_owned(), "second".to_owned()),
                3 => ("three".to_owned(), "third".to_owned()),
                n => (n.to_string(), format!("{n}th")),
            };
            diagnostics.push(
                Diagnostic::new(
                    Code::DuplicateVersion,
                    format!("`{}` has {count} {} versions", ship.name, level.name()),
                )
                .at(at)
                .label(format!("{nth} version of this level"))
                .note(earlier.clone(), "first one here")
                .help("each level (standard, seasoned, veteran) appears at most once"),
            );
        }
    }
}

/// Checks a hit chart's shape against the dice; shared with nothing else,
/// but public to the crate for the bundle's parsed charts.
pub(crate) fn hit_chart(
    context: &Context<'_>,
    chart: &[String],
    file: FileId,
    pointer: &str,
    diagnostics: &mut Diagnostics,
) {
    let rows = context.rules.number_die as usize;
    let columns = context.rules.letter_die as usize;
    let chart_pointer = format!("{pointer}/hit_chart");
    if chart.len() != rows {
        diagnostics.push(
            Diagnostic::new(
                Code::HitChartShape,
                format!(
                    "the hit chart has {} rows, but the number die has {rows} faces",
                    chart.len()
                ),
            )
            .at(context.at(file, &chart_pointer))
            .label(format!("expected {rows} rows"))
            .help("write one line per number-die value, 1 first"),
        );
    }
    let mut any_hit = false;
    let last = column_name(columns.max(1) - 1);
    // Rows all of one wrong length (a ruleset's letter die changed, say)
    // are one problem of the chart, not one of each row.
    let lengths: Vec<usize> = chart.iter().map(|row| row.chars().count()).collect();
    let all_one_length = lengths.len() > 1 && lengths.iter().all(|&length| length == lengths[0]);
    if all_one_length && lengths[0] != columns {
        diagnostics.push(
            Diagnostic::new(
                Code::HitChartShape,
                format!(
                    "every row of the hit chart has {} cells, but the letter die has {columns} faces",
                    lengths[0]
                ),
            )
            .at(context.at(file, &chart_pointer))
            .label(format!("expected {columns} cells a row, A to {last}"))
            .help("write one character per letter-die value in each row (the ruleset's `letter_die` sets how many)"),
        );
    }
    for (r, row) in chart.iter().enumerate() {
        let row_pointer = format!("{chart_pointer}/{r}");
        let length = lengths[r];
        if length != columns && !all_one_length {
            diagnostics.push(
                Diagnostic::new(
                    Code::HitChartShape,
                    format!("row {} of the hit chart has {length} cells, but the letter die has {columns} faces", r + 1),
                )
                .at(context.at(file, &row_pointer))
                .label(format!("expected {columns} cells, A to {last}"))
                .help("write one character per letter-die value: `.` miss, `#` hit, `*` critical damage star"),
            );
        }
        let row_at = context.at(file, &row_pointer);
        // The cell's own character, where the string is written as its
        // text in quotes (no escapes to shift it); else the whole row.
        let written = context
            .sources
            .get(file)
            .text()
            .get(row_at.span.clone())
            .and_then(|text| text.get(1..text.len().saturating_sub(1)))
            .is_some_and(|inner| inner == row);
        // One diagnostic a row, each unknown cell marked.
        let bad: Vec<(String, Location)> = row
            .char_indices()
            .enumerate()
            .filter(|(_, (_, c))| ChartCell::from_char(*c).is_none())
            .map(|(column, (offset, cell))| {
                let at = if written {
                    let start = row_at.span.start + 1 + offset;
                    Location {
                        span: start..start + cell.len_utf8(),
                        ..row_at.clone()
                    }
                } else {
                    row_at.clone()
                };
                (format!("`{cell}` at {}-{}", column_name(column), r + 1), at)
            })
            .collect();
        if let Some(((first, at), rest)) = bad.split_first() {
            let all: Vec<&str> = bad.iter().map(|(what, _)| what.as_str()).collect();
            let message = if let [init @ .., last] = &all[..]
                && !init.is_empty()
            {
                format!("{} and {last} are not hit chart cells", init.join(", "))
            } else {
                format!("{first} is not a hit chart cell")
            };
            let mut diagnostic = Diagnostic::new(Code::HitChartShape, message)
                .at(at.clone())
                .label("unknown cell")
                .help("cells are `.` miss, `#` hit and `*` critical damage star");
            for (_, at) in rest {
                diagnostic = diagnostic.note(at.clone(), "unknown cell");
            }
            diagnostics.push(diagnostic);
        }
        any_hit |= row.chars().any(|c| {
            matches!(
                ChartCell::from_char(c),
                Some(ChartCell::Hit | ChartCell::Critical)
            )
        });
    }
    if !any_hit && !chart.is_empty() {
        diagnostics.push(
            Diagnostic::new(
                Code::EmptyHitChart,
                "the hit chart has no hit cells: attacks can never hit this ship",
            )
            .at(context.at(file, &chart_pointer))
            .label("all misses")
            .help("mark hits with `#` and critical damage stars with `*`"),
        );
    }
}

/// A column of the chart by its letter-die face: A to Z, then its number.
fn column_name(column: usize) -> String {
    match u8::try_from(column).ok().filter(|&column| column < 26) {
        Some(column) => char::from(b'A' + column).to_string(),
        None => (column + 1).to_string(),
    }
}

fn useless_capacity(
    context: &Context<'_>,
    ship: &ShipSource,
    capacity: Option<u32>,
    file: FileId,
    pointer: &str,
    diagnostics: &mut Diagnostics,
) {
    let Some(capacity) = capacity else { return };
    let smallest_fit = Size::ALL
        .into_iter()
        .filter(|&size| size < ship.size)
        .map(|size| context.rules.footprint.get(size))
        .min();
    let (message, help) = match smallest_fit {
        None => (
            format!(
                "`{}` is {} and can carry no ship: only smaller ships fit in a hold",
                ship.name,
                ship.size.name()
            ),
            "remove `capacity`: small ships cannot carry any ships",
        ),
        Some(spaces) if spaces > capacity => (
            format!(
                "a capacity of {capacity} cannot fit even one ship smaller than `{}` ({spaces} spaces)",
                ship.name
            ),
            "remove `capacity`, or raise it",
        ),
        Some(_) => return,
    };
    diagnostics.push(
        Diagnostic::new(Code::UselessCapacity, message)
            .at(context.at(file, &format!("{pointer}/capacity")))
            .label("this capacity can never be used")
            .help(help),
    );
}

/// Weapons may only deal damage types the ruleset names.
pub(crate) fn damage_type(
    context: &Context<'_>,
    weapon: &Weapon,
    file: FileId,
    pointer: &str,
    diagnostics: &mut Diagnostics,
) {
    let Some(kind) = &weapon.damage_type else {
        return;
    };
    let known = &context.rules.damage_types;
    if !known.contains(kind) {
        diagnostics.push(
            Diagnostic::new(
                Code::UnknownReference,
                format!("no damage type named `{kind}`"),
            )
            .at(context.at(file, &format!("{pointer}/damage_type")))
            .label("unknown damage type")
            .maybe_help(
                did_you_mean(kind, known.iter().map(String::as_str))
                    .or_else(|| Some(super::damage_types_help(known))),
            ),
        );
    }
}
