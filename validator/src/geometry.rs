//! Hex geometry of the battlefield as authors write it: `[column, row]`
//! offset coordinates from 1, even rows shifted half a hex right. Joining two
//! boards and checking footprints happen here, once, for every check.

use std::collections::{BTreeSet, HashSet};

use spacedock_schema::board::BoardSource;
use spacedock_schema::common::{Coord, Size};

/// The six neighbours of a hex (some may be off the board).
pub(crate) fn neighbours([column, row]: Coord) -> impl Iterator<Item = Coord> {
    let (c, r) = (i64::from(column), i64::from(row));
    // Even rows are shifted right, so their upper and lower neighbours sit
    // one column further right than an odd row's.
    let shift = i64::from(row % 2 == 0);
    [
        (c - 1, r),
        (c + 1, r),
        (c - 1 + shift, r - 1),
        (c + shift, r - 1),
        (c - 1 + shift, r + 1),
        (c + shift, r + 1),
    ]
    .into_iter()
    .filter(|&(c, r)| c >= 1 && r >= 1)
    .map(|(c, r)| [c as u32, r as u32])
}

#[cfg(test)]
pub(crate) fn adjacent(a: Coord, b: Coord) -> bool {
    neighbours(a).any(|n| n == b)
}

/// Whether `cells` is one connected group of hexes.
pub(crate) fn connected(cells: &[Coord]) -> bool {
    let Some(&first) = cells.first() else {
        return false;
    };
    let set: HashSet<Coord> = cells.iter().copied().collect();
    let mut seen = HashSet::from([first]);
    let mut pending = vec![first];
    while let Some(cell) = pending.pop() {
        for next in neighbours(cell) {
            if set.contains(&next) && seen.insert(next) {
                pending.push(next);
            }
        }
    }
    seen.len() == set.len()
}

/// Whether `cells` is the base of one ship of `size`: a hex, two adjacent
/// hexes, or a hex with all six neighbours (the 7-hex flower). Footprints
/// other than the rulebook's (1, 2, 7) only need to be connected.
pub(crate) fn is_footprint(cells: &[Coord], size: Size, footprint: u32) -> bool {
    let unique: BTreeSet<Coord> = cells.iter().copied().collect();
    if unique.len() != cells.len() || cells.len() != footprint as usize {
        return false;
    }
    if size == Size::Large && footprint == 7 {
        return cells.iter().any(|&centre| {
            neighbours(centre).all(|n| unique.contains(&n)) && neighbours(centre).count() == 6
        });
    }
    connected(cells)
}

/// The battlefield of a mission: one board, or two joined.
#[derive(Clone, Debug)]
pub(crate) struct BattleMap {
    pub(crate) columns: u32,
    pub(crate) rows: u32,
    pub(crate) half_hexes: HashSet<Coord>,
    /// Those of `half_hexes` a board lists in its own `half_hexes` (the
    /// others are its border).
    pub(crate) listed_half_hexes: HashSet<Coord>,
    /// Zones by their names: `name` (when one board has it) and `N:name`,
    /// then the mission's own zones.
    pub(crate) zones: Vec<(String, Vec<Coord>)>,
    /// How many of `zones` come from the boards.
    pub(crate) board_zones: usize,
}

/// A board zone's name without its board: `north` of `1:north`.
pub(crate) fn unqualified(name: &str) -> &str {
    name.split_once(':').map_or(name, |(_, plain)| plain)
}

impl BattleMap {
    /// Joins boards top to bottom. Where two boards meet, the last row of
    /// half hexes of the upper board and the first of the lower one make one
    /// row of whole spaces (its two ends stay half hexes), so the lower
    /// board's row `k` is row `rows_above + k - 1` of the battlefield.
    pub(crate) fn join(boards: &[&BoardSource]) -> BattleMap {
        let columns = boards.iter().map(|b| b.columns).max().unwrap_or(0);
        let mut half_hexes = HashSet::new();
        let mut listed_half_hexes = HashSet::new();
        let mut zones: Vec<(String, Vec<Coord>)> = Vec::new();
        let mut offset = 0;
        let count = boards.len();
        for (position, board) in boards.iter().enumerate() {
            for [c, r] in board_half_hexes(board) {
                let seam_top = position > 0 && r == 1;
                let seam_bottom = position + 1 < count && r == board.rows;
                let end = c == 1 || c == board.columns;
                if (seam_top || seam_bottom) && !end && !board.half_hexes.contains(&[c, r]) {
                    continue;
                }
                half_hexes.insert([c, r + offset]);
                if board.half_hexes.contains(&[c, r]) {
                    listed_half_hexes.insert([c, r + offset]);
                }
            }
            for zone in &board.zones {
                let cells = zone_cells(board, zone)
                    .into_iter()
                    .map(|[c, r]| [c, r + offset])
                    .collect::<Vec<_>>();
                zones.push((format!("{}:{}", position + 1, zone.name), cells));
            }
            // The next board's first row lies on this board's last row.
            offset += board.rows - 1;
        }
        let rows = offset + 1;
        // The seam row is whole where either board has a whole space there.
        half_hexes.retain(|&[c, r]| {
            let on_seam =
                (1..count).any(|i| r == boards[..i].iter().map(|b| b.rows - 1).sum::<u32>() + 1);
            !(on_seam && c != 1 && c != columns && !listed_half_hexes.contains(&[c, r]))
        });
        // A zone may also be named plainly when only one board has that
        // name. A board naming two zones alike is told so on its own
        // (SD0208): the first stands for the name, and missions using it
        // are not told that other boards have it.
        let mut plain: Vec<(String, Vec<Coord>)> = Vec::new();
        for (qualified, cells) in &zones {
            let name = unqualified(qualified);
            let boards: HashSet<&str> = zones
                .iter()
                .filter(|(other, _)| unqualified(other) == name)
                .map(|(other, _)| other.as_str())
                .collect();
            if boards.len() == 1 && !plain.iter().any(|(known, _)| known == name) {
                plain.push((name.to_owned(), cells.clone()));
            }
        }
        zones.extend(plain);
        let board_zones = zones.len();
        BattleMap {
            columns,
            rows,
            half_hexes,
            listed_half_hexes,
            zones,
            board_zones,
        }
    }

    /// The error for a zone `name` that names none of the battlefield's
    /// (at `at`): a name both joined boards have, without the board's
    /// number, or a name no zone has. None when it names one, or is a
    /// name left unread, told already.
    pub(crate) fn unknown_zone(
        &self,
        name: &str,
        at: crate::diagnostic::Location,
    ) -> Option<crate::diagnostic::Diagnostic> {
        use crate::codes::Code;
        use crate::diagnostic::Diagnostic;
        if self.zone(name).is_some() || name == crate::load::UNREADABLE {
            return None;
        }
        // On joined boards, a name both boards have needs its board number.
        let qualified: Vec<&str> = self
            .zone_names()
            .filter(|zone| zone.split_once(':').is_some_and(|(_, plain)| plain == name))
            .collect();
        Some(if qualified.len() > 1 {
            Diagnostic::new(
                Code::UnknownReference,
                format!("more than one gameboard has a zone named `{name}`"),
            )
            .at(at)
            .label("which board's zone?")
            .help(format!(
                "name the board by its place in `boards`: {}",
                qualified
                    .iter()
                    .map(|zone| format!("`{zone}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))
        } else {
            no_zone(name, &self.zone_names().collect::<Vec<_>>(), at)
        })
    }

    /// What to do about something placed on the half hex `cell`: one a
    /// board lists, or its border.
    pub(crate) fn half_hex_help(&self, cell: Coord) -> &'static str {
        if self.listed_half_hexes.contains(&cell) {
            "the board lists this hex in its `half_hexes`; move it to a whole hex"
        } else {
            "the outer ring of a board is half hexes; move it inward"
        }
    }

    /// Adds a zone of the mission's own, in battlefield coordinates: its
    /// rows less their half hexes, and its cells that are usable (the
    /// others are the mission check's to report). A name already in use
    /// keeps its first zone.
    pub(crate) fn add_zone(&mut self, zone: &spacedock_schema::board::Zone) {
        if self.zone(&zone.name).is_some() {
            return;
        }
        let mut cells: BTreeSet<(u32, u32)> = BTreeSet::new();
        for &row in zone
            .rows
            .iter()
            .filter(|&&row| (1..=self.rows).contains(&row))
        {
            for column in 1..=self.columns {
                cells.insert((row, column));
            }
        }
        for &[column, row] in &zone.cells {
            cells.insert((row, column));
        }
        let cells = cells
            .into_iter()
            .map(|(row, column)| [column, row])
            .filter(|&cell| self.contains(cell) && !self.half_hexes.contains(&cell))
            .collect();
        self.zones.push((zone.name.clone(), cells));
    }

    pub(crate) fn contains(&self, [c, r]: Coord) -> bool {
        (1..=self.columns).contains(&c) && (1..=self.rows).contains(&r)
    }

    pub(crate) fn zone(&self, name: &str) -> Option<&[Coord]> {
        self.zones
            .iter()
            .find(|(zone, _)| zone == name)
            .map(|(_, cells)| cells.as_slice())
    }

    pub(crate) fn zone_names(&self) -> impl Iterator<Item = &str> {
        self.zones.iter().map(|(name, _)| name.as_str())
    }
}

/// The error for a zone `name` that none of `zones` is.
fn no_zone(
    name: &str,
    zones: &[&str],
    at: crate::diagnostic::Location,
) -> crate::diagnostic::Diagnostic {
    crate::diagnostic::Diagnostic::new(
        crate::codes::Code::UnknownReference,
        format!("no zone named `{name}`"),
    )
    .at(at)
    .label("unknown zone")
    .maybe_help(
        crate::suggest::did_you_mean(name, zones.iter().copied())
            .or_else(|| Some(format!("zones: {}", zones.join(", ")))),
    )
}

/// The zones of the boards read of a battlefield that is not laid out
/// (another of its boards is unread, or they cannot be joined), each
/// named by its board's place in `boards` (`1:north`), as on a joined
/// battlefield: a zone named by one of these boards' places is known to
/// be there or not, whatever the other boards hold.
#[derive(Clone, Debug, Default)]
pub(crate) struct BoardZones {
    zones: Vec<String>,
    places: Vec<String>,
}

impl BoardZones {
    /// The zones of `boards`, each with its place in `boards` from 0.
    pub(crate) fn of<'b>(boards: impl Iterator<Item = (usize, &'b BoardSource)>) -> BoardZones {
        let mut known = BoardZones::default();
        for (position, board) in boards {
            let place = (position + 1).to_string();
            known.zones.extend(
                board
                    .zones
                    .iter()
                    .map(|zone| format!("{place}:{}", zone.name)),
            );
            known.places.push(place);
        }
        known
    }

    /// The error for a zone `name` of one of these boards (`1:nort`)
    /// that the board lacks; `None` for a name of another board, or a
    /// plain one, which an unread board may have.
    pub(crate) fn unknown_zone(
        &self,
        name: &str,
        at: crate::diagnostic::Location,
    ) -> Option<crate::diagnostic::Diagnostic> {
        let (place, _) = name.split_once(':')?;
        if !self.places.iter().any(|known| known == place) || self.zones.iter().any(|z| z == name) {
            return None;
        }
        let zones = self
            .zones
            .iter()
            .filter(|zone| zone.split_once(':').is_some_and(|(of, _)| of == place))
            .map(String::as_str)
            .collect::<Vec<_>>();
        Some(no_zone(name, &zones, at))
    }
}

/// A board's half hexes: its border ring (if it has one) and those listed.
pub(crate) fn board_half_hexes(board: &BoardSource) -> BTreeSet<Coord> {
    let mut half: BTreeSet<Coord> = board.half_hexes.iter().copied().collect();
    if board.half_hex_border {
        for c in 1..=board.columns {
            half.insert([c, 1]);
            half.insert([c, board.rows]);
        }
        for r in 1..=board.rows {
            half.insert([1, r]);
            half.insert([board.columns, r]);
        }
    }
    half
}

/// A zone's hexes on its own board: its whole rows less half hexes, and its cells.
pub(crate) fn zone_cells(board: &BoardSource, zone: &spacedock_schema::board::Zone) -> Vec<Coord> {
    let half = board_half_hexes(board);
    let mut cells: BTreeSet<(u32, u32)> = BTreeSet::new();
    for &row in &zone.rows {
        for column in 1..=board.columns {
            if !half.contains(&[column, row]) {
                cells.insert((row, column));
            }
        }
    }
    for &[column, row] in &zone.cells {
        cells.insert((row, column));
    }
    cells
        .into_iter()
        .map(|(row, column)| [column, row])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_follow_the_shifted_rows() {
        let odd: BTreeSet<Coord> = neighbours([5, 5]).collect();
        assert_eq!(
            odd,
            BTreeSet::from([[4, 5], [6, 5], [4, 4], [5, 4], [4, 6], [5, 6]])
        );
        let even: BTreeSet<Coord> = neighbours([5, 6]).collect();
        assert_eq!(
            even,
            BTreeSet::from([[4, 6], [6, 6], [5, 5], [6, 5], [5, 7], [6, 7]])
        );
        // Adjacency is symmetric everywhere.
        for c in 2..8 {
            for r in 2..8 {
                for n in neighbours([c, r]) {
                    assert!(adjacent(n, [c, r]), "{n:?} ~ {:?}", [c, r]);
                }
            }
        }
    }

    #[test]
    fn joined_boards_share_one_seam_row() {
        let board = BoardSource {
            id: None,
            name: "b".into(),
            columns: 6,
            rows: 5,
            half_hex_border: true,
            half_hexes: Vec::new(),
            zones: Vec::new(),
        };
        let map = BattleMap::join(&[&board, &board]);
        assert_eq!(map.rows, 9);
        // Row 5 is the seam: whole inside, half at its two ends.
        assert!(!map.half_hexes.contains(&[3, 5]));
        assert!(map.half_hexes.contains(&[1, 5]) && map.half_hexes.contains(&[6, 5]));
        assert!(map.half_hexes.contains(&[3, 1]) && map.half_hexes.contains(&[3, 9]));
        assert!(!map.half_hexes.contains(&[3, 4]) && !map.half_hexes.contains(&[3, 6]));
    }

    #[test]
    fn footprints() {
        let flower: Vec<Coord> = std::iter::once([5, 5]).chain(neighbours([5, 5])).collect();
        assert!(is_footprint(&flower, Size::Large, 7));
        let line: Vec<Coord> = (2..9).map(|c| [c, 4]).collect();
        assert!(!is_footprint(&line, Size::Large, 7));
        assert!(is_footprint(&[[3, 3], [4, 3]], Size::Medium, 2));
        assert!(!is_footprint(&[[3, 3], [5, 3]], Size::Medium, 2));
        assert!(!is_footprint(&[[3, 3], [3, 3]], Size::Medium, 2));
    }
}
