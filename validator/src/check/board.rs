//! Boards: half hexes and zones must lie on the board, zones must hold a
//! usable hex, and zone names must be unique and not words of the power
//! language.

use std::collections::HashSet;

use spacedock_schema::effect::StartingZone;

use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::geometry::{board_half_hexes, zone_cells};

pub(crate) fn check(context: &Context<'_>, diagnostics: &mut Diagnostics) {
    for loaded in context.content.checked_boards() {
        let board = &loaded.item;
        let file = loaded.file;
        // Where its size or border is a stand-in for a value of the wrong
        // shape, no hex can be told on or off the board: only its zones'
        // names are checked, and their rows against the board's rows when
        // those were read.
        let content = context.content;
        let measured = ["/columns", "/rows", "/half_hex_border"]
            .iter()
            .all(|key| !content.stood_in(file, key));
        let rows_read = !content.stood_in(file, "/rows");
        let on_board =
            |[c, r]: [u32; 2]| (1..=board.columns).contains(&c) && (1..=board.rows).contains(&r);
        let outside = |what: &str, coord: [u32; 2]| {
            format!(
                "{what} [{}, {}] is outside the {}x{} board",
                coord[0], coord[1], board.columns, board.rows
            )
        };
        for (i, &cell) in board.half_hexes.iter().enumerate() {
            if measured && !on_board(cell) {
                diagnostics.push(
                    Diagnostic::new(Code::InvalidBoard, outside("half hex", cell))
                        .at(context.at(file, &format!("/half_hexes/{i}")))
                        .label("off the board"),
                );
            }
        }
        let half = board_half_hexes(board);
        let mut names = HashSet::new();
        for (z, zone) in board.zones.iter().enumerate() {
            let pointer = format!("/zones/{z}");
            if !names.insert(zone.name.as_str()) {
                diagnostics.push(
                    Diagnostic::new(
                        Code::InvalidBoard,
                        format!("two zones are named `{}`", zone.name),
                    )
                    .at(context.at(file, &format!("{pointer}/name")))
                    .label("duplicate zone name")
                    .help("missions refer to zones by name, so names are unique on a board"),
                );
            }
            if let Some(reserved) = reserved_zone_name(&zone.name) {
                diagnostics.push(
                    Diagnostic::new(Code::InvalidBoard, reserved)
                        .at(context.at(file, &format!("{pointer}/name")))
                        .label("a word of the power language")
                        .help(RESERVED_ZONE_HELP),
                );
            }
            if zone.name.contains(':') {
                diagnostics.push(
                    Diagnostic::new(
                        Code::InvalidBoard,
                        format!("zone name `{}` holds a `:`", zone.name),
                    )
                    .at(context.at(file, &format!("{pointer}/name")))
                    .label("no `:` in a zone's name")
                    .help("on joined boards a mission names a zone `N:name` (`2:north`); a `:` of its own would make two zones one name"),
                );
            }
            // A row past the board needs only the board's rows read: it is
            // told even when the columns or the border stand in.
            if !measured && !rows_read {
                continue;
            }
            // Each row or cell reported here; a zone with none is reported as empty.
            let mut reported = false;
            for (i, &row) in zone.rows.iter().enumerate() {
                let (message, label, help) = if !(1..=board.rows).contains(&row) {
                    (
                        format!(
                            "zone `{}` names row {row}, but the board has {} rows",
                            zone.name, board.rows
                        ),
                        "no such row",
                        None,
                    )
                } else if measured
                    && (1..=board.columns).all(|column| half.contains(&[column, row]))
                {
                    (
                        format!(
                            "zone `{}` names row {row}, which is all half hexes",
                            zone.name
                        ),
                        "no usable hex in this row",
                        Some(
                            "with `half_hex_border = true`, the first and last rows are half hexes"
                                .to_owned(),
                        ),
                    )
                } else {
                    continue;
                };
                reported = true;
                diagnostics.push(
                    Diagnostic::new(Code::InvalidBoard, message)
                        .at(context.at(file, &format!("{pointer}/rows/{i}")))
                        .label(label)
                        .maybe_help(help),
                );
            }
            if !measured {
                continue;
            }
            for (i, &cell) in zone.cells.iter().enumerate() {
                let message = if !on_board(cell) {
                    outside(&format!("zone `{}` hex", zone.name), cell)
                } else if half.contains(&cell) {
                    format!(
                        "zone `{}` hex [{}, {}] is a half hex, which can never be used",
                        zone.name, cell[0], cell[1]
                    )
                } else {
                    continue;
                };
                reported = true;
                diagnostics.push(
                    Diagnostic::new(Code::InvalidBoard, message)
                        .at(context.at(file, &format!("{pointer}/cells/{i}")))
                        .label("not a usable hex"),
                );
            }
            let usable = zone_cells(board, zone)
                .into_iter()
                .filter(|&c| on_board(c) && !half.contains(&c))
                .count();
            // Hexes left unread for their shape are no lack of hexes.
            let hexes_read = ["rows", "cells"]
                .iter()
                .all(|key| !content.stood_in(file, &format!("{pointer}/{key}")));
            if usable == 0 && !reported && hexes_read {
                diagnostics.push(
                    Diagnostic::new(
                        Code::InvalidBoard,
                        format!("zone `{}` has no usable hex", zone.name),
                    )
                    .at(context.at(file, &format!("{pointer}/name")))
                    .label("empty zone")
                    .help(
                        "give the zone `rows` or `cells` that are on the board and not half hexes",
                    ),
                );
            }
        }
    }
}

/// The message for a zone named as powers name a starting zone by whose
/// it is: a filter naming it would mean the starting zone, never it.
pub(super) fn reserved_zone_name(name: &str) -> Option<String> {
    StartingZone::named(name).map(|_| format!("zone name `{name}` is a word of the power language"))
}

/// The help of [`reserved_zone_name`].
pub(super) const RESERVED_ZONE_HELP: &str = "a power's `zone = \"your-starting-zone\"` or `\"enemy-starting-zone\"` names a player's starting zone; give the zone another name";
