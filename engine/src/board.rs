//! The battlefield's geometry, computed once per game setup: which hexes are
//! usable, the six neighbours of every hex, axial coordinates for distance,
//! the starting zones as bitsets, and the footprints of ships.
//!
//! The bundle gives hexes in offset coordinates `[column, row]` from 1, even
//! rows shifted half a hex right (pointy-topped). Those are converted once to
//! axial coordinates (Red Blob Games, "Hexagonal Grids": odd-r in 0-based
//! rows) so distance, adjacency and range are a few integer operations, and
//! the neighbour table makes a step a lookup.

use std::ops::Range;

use serde::{Deserialize, Serialize};
use spacedock_schema::bundle::Battlefield;
use spacedock_schema::common::{Coord, Size};

use crate::ids::Hex;

/// No hex: off the battlefield.
pub(crate) const NONE: u16 = u16::MAX;

// Six positions a hex (a medium ship's directions) must number below NONE.
const _: () = assert!(Battlefield::MAX_HEXES as usize * 6 < NONE as usize);

/// The farthest apart two ships' `at` hexes can be while their footprints
/// are adjacent: one space plus each footprint's [`extent`].
pub(crate) const ADJACENT_REACH: u8 = 1 + 2 * extent(Size::Large);

/// Axial directions in order E, NE, NW, W, SW, SE; `d` and `(d + 3) % 6`
/// are opposite.
const DIRECTIONS: [(i16, i16); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// Where a ship stands. `at` is the hex of a small ship, the centre of a
/// large ship's 7-hex flower, and the leading end of a medium ship, whose
/// other end is the neighbour of `at` in direction `dir` (0..6, the order
/// E, NE, NW, W, SW, SE); `dir` is 0 for small and large ships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub at: Hex,
    pub dir: u8,
}

/// A fixed set of hexes as a bitset (zones, usable hexes).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct HexSet {
    words: Vec<u64>,
}

impl HexSet {
    pub(crate) fn new(len: usize) -> HexSet {
        HexSet {
            words: vec![0; len.div_ceil(64)],
        }
    }

    pub(crate) fn insert(&mut self, hex: Hex) {
        self.words[hex.index() / 64] |= 1 << (hex.index() % 64);
    }

    #[inline]
    pub(crate) fn contains(&self, hex: Hex) -> bool {
        self.words
            .get(hex.index() / 64)
            .is_some_and(|word| word & (1 << (hex.index() % 64)) != 0)
    }
}

/// The geometry of one mission's battlefield.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub(crate) columns: u16,
    pub(crate) rows: u16,
    axial: Vec<(i16, i16)>,
    neighbours: Vec<[u16; 6]>,
    usable: HexSet,
    /// Per ship size, every position a ship may stand at, at
    /// [`spot_index`]: a ship's steps are read from here rather than
    /// worked out hex by hex at every position the look-ahead tries.
    spots: [Vec<Spot>; 3],
    zones: Vec<(String, HexSet)>,
    /// Per zone, every usable hex within one space of it: where a ship
    /// covering a zone hex may have its position.
    zone_anchor_set: Vec<HexSet>,
    /// Per ship size, every placement position whose footprint lies on
    /// usable hexes, by hex and then direction (a medium ship's first
    /// three: the other three name the same hexes from the other end).
    placements: [Vec<Placement>; 3],
    /// Per size, a position's index in `placements` (`NONE` where it does
    /// not fit), at `hex * directions + dir`.
    placement_index: [Vec<u16>; 3],
    /// Per zone and size, the `placements` covering a zone hex, in the
    /// same order: the only positions a ship placed into the zone may take.
    zone_placements: Vec<[Vec<Placement>; 3]>,
    /// Per hex, the hexes within [`ADJACENT_REACH`] spaces of it.
    near: Vec<HexSet>,
}

/// A position of a ship of some size, with what moving reads there: the
/// hexes it covers if they are usable, and where each step from it leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spot {
    hexes: [Hex; 7],
    /// How many of `hexes` the footprint covers; 0 where it does not fit
    /// (part of it off the battlefield or on a half hex).
    len: u8,
    /// Per step direction as [`Board::stepped`] numbers them, the
    /// [`spot_index`] of the position the step leads to, `NONE` where there
    /// is none or it does not fit.
    next: [u16; 12],
}

impl Spot {
    /// The hexes the footprint covers, empty where it does not fit.
    #[inline]
    pub(crate) fn hexes(&self) -> &[Hex] {
        &self.hexes[..usize::from(self.len)]
    }

    /// Whether the footprint lies on usable hexes of the battlefield.
    #[inline]
    pub(crate) fn fits(&self) -> bool {
        self.len > 0
    }

    /// Where the steps in directions `0..dirs` lead (see [`Spot::next`]).
    #[inline]
    pub(crate) fn steps(&self, dirs: usize) -> &[u16] {
        &self.next[..dirs]
    }
}

/// The index of `pos` in [`Board::spots`]: by hex, then for a medium ship
/// by the direction of its other end (small and large ships ignore `dir`).
#[inline]
fn spot_index(size: Size, pos: Pos) -> usize {
    match size {
        Size::Small | Size::Large => pos.at.index(),
        Size::Medium => pos.at.index() * 6 + usize::from(pos.dir % 6),
    }
}

/// A position a ship may be placed at as far as the battlefield goes, with
/// the hexes it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    pub(crate) pos: Pos,
    hexes: [Hex; 7],
    len: u8,
}

impl Placement {
    #[inline]
    pub(crate) fn hexes(&self) -> &[Hex] {
        &self.hexes[..usize::from(self.len)]
    }
}

/// The directions a placement position of `size` tries: a medium ship's
/// three, one for the others.
pub(crate) fn placement_dirs(size: Size) -> u8 {
    if size == Size::Medium { 3 } else { 1 }
}

/// How far a footprint reaches from its `at` hex: a medium ship's tail and
/// a large ship's petals are one space out.
pub(crate) const fn extent(size: Size) -> u8 {
    match size {
        Size::Small => 0,
        Size::Medium | Size::Large => 1,
    }
}

fn size_index(size: Size) -> usize {
    match size {
        Size::Small => 0,
        Size::Medium => 1,
        Size::Large => 2,
    }
}

/// A ship's footprint for distance sums: up to two centres and a radius
/// (0 for one or two hexes, 1 for the 7-hex flower).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shape {
    centres: [(i16, i16); 2],
    count: u8,
    radius: i16,
}

impl Board {
    /// Builds the geometry; `None` if the battlefield is too big for `u16`
    /// hexes and medium ships' spots.
    pub(crate) fn new(battlefield: &Battlefield) -> Option<Board> {
        let columns = u16::try_from(battlefield.columns).ok()?;
        let rows = u16::try_from(battlefield.rows).ok()?;
        let len = usize::from(columns) * usize::from(rows);
        if len > Battlefield::MAX_HEXES as usize || columns == 0 || rows == 0 {
            return None;
        }
        let mut axial = Vec::with_capacity(len);
        for row in 0..rows as i16 {
            for column in 0..columns as i16 {
                axial.push((column - (row - (row & 1)) / 2, row));
            }
        }
        let mut neighbours = Vec::with_capacity(len);
        for row in 0..i32::from(rows) {
            for column in 0..i32::from(columns) {
                let mut around = [NONE; 6];
                for (slot, (dq, dr)) in around.iter_mut().zip(DIRECTIONS) {
                    let r = row + i32::from(dr);
                    let q = column - (row - (row & 1)) / 2 + i32::from(dq);
                    let c = q + (r - (r & 1)) / 2;
                    if (0..i32::from(rows)).contains(&r) && (0..i32::from(columns)).contains(&c) {
                        *slot = (r * i32::from(columns) + c) as u16;
                    }
                }
                neighbours.push(around);
            }
        }
        let mut usable = HexSet::new(len);
        let mut half = HexSet::new(len);
        let mut board = Board {
            columns,
            rows,
            axial,
            neighbours,
            usable: HexSet::new(len),
            spots: Default::default(),
            zones: Vec::new(),
            zone_anchor_set: Vec::new(),
            placements: Default::default(),
            placement_index: Default::default(),
            zone_placements: Vec::new(),
            near: Vec::new(),
        };
        for coord in &battlefield.half_hexes {
            if let Some(hex) = board.hex(*coord) {
                half.insert(hex);
            }
        }
        for index in 0..len {
            let hex = Hex(index as u16);
            if !half.contains(hex) {
                usable.insert(hex);
            }
        }
        board.usable = usable;
        board.spots = Size::ALL.map(|size| board.spots_of(size));
        board.near = (0..len as u16)
            .map(|centre| {
                let mut near = HexSet::new(len);
                for hex in board.disk(Hex(centre), ADJACENT_REACH) {
                    near.insert(hex);
                }
                near
            })
            .collect();
        for size in Size::ALL {
            let dirs = placement_dirs(size);
            let mut placements = Vec::new();
            let mut index = vec![NONE; len * usize::from(dirs)];
            for hex in 0..len {
                for dir in 0..dirs {
                    let pos = Pos {
                        at: Hex(hex as u16),
                        dir,
                    };
                    let spot = board.spot(size, pos);
                    if spot.fits() {
                        index[hex * usize::from(dirs) + usize::from(dir)] = placements.len() as u16;
                        placements.push(Placement {
                            pos,
                            hexes: spot.hexes,
                            len: spot.len,
                        });
                    }
                }
            }
            board.placements[size_index(size)] = placements;
            board.placement_index[size_index(size)] = index;
        }
        for zone in &battlefield.zones {
            let mut cells = HexSet::new(len);
            for coord in &zone.cells {
                if let Some(hex) = board.hex(*coord) {
                    cells.insert(hex);
                }
            }
            let mut anchor_set = HexSet::new(len);
            for hex in (0..len as u16).map(Hex) {
                if board.usable(hex)
                    && (cells.contains(hex) || board.neighbours(hex).any(|n| cells.contains(n)))
                {
                    anchor_set.insert(hex);
                }
            }
            let zone_placements = board.placements.clone().map(|placements| {
                placements
                    .into_iter()
                    .filter(|place| place.hexes().iter().any(|hex| cells.contains(*hex)))
                    .collect()
            });
            board.zone_placements.push(zone_placements);
            board.zones.push((zone.name.clone(), cells));
            board.zone_anchor_set.push(anchor_set);
        }
        Some(board)
    }

    pub(crate) fn len(&self) -> usize {
        self.axial.len()
    }

    /// The hex at an offset coordinate, if it is on the battlefield.
    pub(crate) fn hex(&self, [column, row]: Coord) -> Option<Hex> {
        let in_range = (1..=u32::from(self.columns)).contains(&column)
            && (1..=u32::from(self.rows)).contains(&row);
        in_range.then(|| Hex(((row - 1) * u32::from(self.columns) + column - 1) as u16))
    }

    /// The offset coordinate of a hex.
    pub(crate) fn coord(&self, hex: Hex) -> Coord {
        let index = u32::from(hex.0);
        let columns = u32::from(self.columns);
        [index % columns + 1, index / columns + 1]
    }

    /// The hex numbers of the rows within `spaces` rows of `hex`'s: a hex
    /// outside them is farther than `spaces` from it (rows are an axial
    /// coordinate).
    pub(crate) fn rows_near(&self, hex: Hex, spaces: u32) -> Range<u32> {
        let columns = u32::from(self.columns);
        let row = u32::from(hex.0) / columns;
        row.saturating_sub(spaces) * columns..(row + spaces + 1) * columns
    }

    /// A zone by the name the mission uses.
    pub(crate) fn zone(&self, name: &str) -> Option<usize> {
        self.zones.iter().position(|(zone, _)| zone == name)
    }

    /// Whether a hex is usable and in or next to a zone: where a ship
    /// covering a zone hex may have its position.
    pub(crate) fn is_zone_anchor(&self, zone: usize, hex: Hex) -> bool {
        self.zone_anchor_set[zone].contains(hex)
    }

    /// The positions a ship of `size` may be placed at on the battlefield
    /// ([`Board::placement`] of every hex and direction, in that order).
    pub(crate) fn placements(&self, size: Size) -> &[Placement] {
        &self.placements[size_index(size)]
    }

    /// Of [`Board::placements`], those covering a hex of the zone.
    pub(crate) fn zone_placements(&self, zone: usize, size: Size) -> &[Placement] {
        &self.zone_placements[zone][size_index(size)]
    }

    /// The placement at `pos` (`pos.dir` below [`placement_dirs`]), if its
    /// footprint lies on usable hexes.
    #[inline]
    pub(crate) fn placement(&self, size: Size, pos: Pos) -> Option<&Placement> {
        let index = *self.placement_index[size_index(size)]
            .get(pos.at.index() * usize::from(placement_dirs(size)) + usize::from(pos.dir))?;
        (index != NONE).then(|| &self.placements[size_index(size)][usize::from(index)])
    }

    /// Every hex of the battlefield within `radius` spaces of `centre`
    /// (itself included), row by row.
    pub(crate) fn disk(&self, centre: Hex, radius: u8) -> impl Iterator<Item = Hex> + '_ {
        let (q, r) = self.axial[centre.index()];
        let radius = i16::from(radius);
        (-radius..=radius).flat_map(move |dr| {
            let low = (-radius).max(-dr - radius);
            let high = radius.min(-dr + radius);
            (low..=high).filter_map(move |dq| self.at_axial(q + dq, r + dr))
        })
    }

    /// The hexes within [`ADJACENT_REACH`] spaces of `centre`: where the
    /// `at` hex of any ship adjacent to a ship at `centre` lies.
    #[inline]
    pub(crate) fn near(&self, centre: Hex) -> &HexSet {
        &self.near[centre.index()]
    }

    /// The hex at axial coordinates, if on the battlefield.
    fn at_axial(&self, q: i16, r: i16) -> Option<Hex> {
        let column = q + (r - (r & 1)) / 2;
        ((0..self.rows as i16).contains(&r) && (0..self.columns as i16).contains(&column))
            .then(|| Hex((r as u16) * self.columns + column as u16))
    }

    #[inline]
    pub(crate) fn in_zone(&self, zone: usize, hex: Hex) -> bool {
        self.zones[zone].1.contains(hex)
    }

    /// [`Board::in_zone`] for a zone index that may not exist (false).
    pub(crate) fn in_zone_checked(&self, zone: usize, hex: Hex) -> bool {
        self.zones
            .get(zone)
            .is_some_and(|(_, hexes)| hexes.contains(hex))
    }

    /// Every position of a ship of `size`, at [`spot_index`].
    #[inline]
    pub(crate) fn spots(&self, size: Size) -> &[Spot] {
        &self.spots[size_index(size)]
    }

    /// A ship of `size` at `pos`.
    #[inline]
    pub(crate) fn spot(&self, size: Size, pos: Pos) -> &Spot {
        &self.spots(size)[spot_index(size, pos)]
    }

    /// The spots of `size` (the tables' construction): `usable` and the
    /// neighbours are known.
    fn spots_of(&self, size: Size) -> Vec<Spot> {
        let dirs = match size {
            Size::Small | Size::Large => 1,
            Size::Medium => 6,
        };
        let positions = (0..self.len()).flat_map(|hex| {
            (0..dirs).map(move |dir| Pos {
                at: Hex(hex as u16),
                dir,
            })
        });
        let mut spots: Vec<Spot> = positions
            .clone()
            .map(|pos| {
                let mut hexes = [Hex(0); 7];
                let len = self
                    .footprint(size, pos, &mut hexes)
                    .filter(|&len| hexes[..len].iter().all(|hex| self.usable(*hex)));
                Spot {
                    hexes,
                    len: len.unwrap_or(0) as u8,
                    next: [NONE; 12],
                }
            })
            .collect();
        for (index, pos) in positions.enumerate() {
            for dir in 0..12 {
                let next = self
                    .stepped(size, pos, dir, false)
                    .map(|next| spot_index(size, next))
                    .filter(|&next| spots[next].fits());
                spots[index].next[usize::from(dir)] = next.map_or(NONE, |next| next as u16);
            }
        }
        spots
    }

    /// Where one step of a ship of `size` at `pos` leads, geometry only.
    /// Directions 0..6 move the hex at `pos.at`; a medium ship whose lead
    /// is not yet chosen may instead lead with its other end, directions
    /// 6..12.
    #[inline]
    pub(crate) fn stepped(&self, size: Size, pos: Pos, dir: u8, lead_chosen: bool) -> Option<Pos> {
        match size {
            Size::Small | Size::Large => {
                if dir >= 6 {
                    return None;
                }
                Some(Pos {
                    at: self.neighbour(pos.at, dir)?,
                    dir: 0,
                })
            }
            Size::Medium => {
                let tail = self.neighbour(pos.at, pos.dir)?;
                let (lead, trail, dir) = match dir {
                    0..6 => (pos.at, tail, dir),
                    6..12 if !lead_chosen => (tail, pos.at, dir - 6),
                    _ => return None,
                };
                let next = self.neighbour(lead, dir)?;
                (next != trail).then_some(Pos {
                    at: next,
                    dir: (dir + 3) % 6,
                })
            }
        }
    }

    /// Whether a ship may ever stand on the hex (not a half hex).
    #[inline]
    pub(crate) fn usable(&self, hex: Hex) -> bool {
        self.usable.contains(hex)
    }

    /// The neighbour of `hex` in direction `dir`, if on the battlefield.
    #[inline]
    pub(crate) fn neighbour(&self, hex: Hex, dir: u8) -> Option<Hex> {
        let next = self.neighbours[hex.index()][usize::from(dir % 6)];
        (next != NONE).then_some(Hex(next))
    }

    pub(crate) fn neighbours(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        self.neighbours[hex.index()]
            .into_iter()
            .filter(|&next| next != NONE)
            .map(Hex)
    }

    /// The direction from `from` to its neighbour `to`.
    pub(crate) fn direction(&self, from: Hex, to: Hex) -> Option<u8> {
        self.neighbours[from.index()]
            .iter()
            .position(|&next| next == to.0)
            .map(|dir| dir as u8)
    }

    /// Hex distance from `centre`, for many hexes: its coordinates are
    /// looked up once.
    #[inline]
    pub(crate) fn distance_from(&self, centre: Hex) -> impl Fn(Hex) -> u32 + '_ {
        let from = self.axial[centre.index()];
        move |hex| axial_distance(from, self.axial[hex.index()])
    }

    /// Hex distance.
    #[inline]
    pub(crate) fn distance(&self, a: Hex, b: Hex) -> u32 {
        axial_distance(self.axial[a.index()], self.axial[b.index()])
    }

    /// The hexes a ship of `size` covers at `pos`, written into `out`;
    /// returns how many, or `None` if part of it is off the battlefield.
    #[inline]
    pub(crate) fn footprint(&self, size: Size, pos: Pos, out: &mut [Hex; 7]) -> Option<usize> {
        out[0] = pos.at;
        match size {
            Size::Small => Some(1),
            Size::Medium => {
                out[1] = self.neighbour(pos.at, pos.dir)?;
                Some(2)
            }
            Size::Large => {
                for dir in 0..6 {
                    out[usize::from(dir) + 1] = self.neighbour(pos.at, dir)?;
                }
                Some(7)
            }
        }
    }

    /// The shape used for distances between ships.
    #[inline]
    pub(crate) fn shape(&self, size: Size, pos: Pos) -> Shape {
        let first = self.axial[pos.at.index()];
        match size {
            Size::Small => Shape {
                centres: [first; 2],
                count: 1,
                radius: 0,
            },
            Size::Medium => {
                let second = self
                    .neighbour(pos.at, pos.dir)
                    .map_or(first, |hex| self.axial[hex.index()]);
                Shape {
                    centres: [first, second],
                    count: 2,
                    radius: 0,
                }
            }
            Size::Large => Shape {
                centres: [first; 2],
                count: 1,
                radius: 1,
            },
        }
    }
}

impl Shape {
    /// The fewest spaces from one footprint to the other: 0 when they
    /// overlap, 1 when adjacent. This is also weapon range ("start with any
    /// space adjacent to your attacking ship, count to the targeted ship").
    #[inline]
    pub(crate) fn distance(&self, other: &Shape) -> u32 {
        // Most footprints have one centre: a pair of them is measured once,
        // not through loops over both sides' centres.
        let [a, b] = self.centres;
        let [c, d] = other.centres;
        let mut best = axial_distance(a, c);
        if other.count > 1 {
            best = best.min(axial_distance(a, d));
        }
        if self.count > 1 {
            best = best.min(axial_distance(b, c));
            if other.count > 1 {
                best = best.min(axial_distance(b, d));
            }
        }
        (best as i32 - i32::from(self.radius) - i32::from(other.radius)).max(0) as u32
    }
}

#[inline]
fn axial_distance(a: (i16, i16), b: (i16, i16)) -> u32 {
    let dq = i32::from(a.0) - i32::from(b.0);
    let dr = i32::from(a.1) - i32::from(b.1);
    (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use spacedock_schema::bundle::Zone;

    fn board() -> Board {
        Board::new(&Battlefield {
            columns: 16,
            rows: 12,
            half_hexes: vec![[1, 1]],
            zones: vec![Zone {
                name: "north".into(),
                cells: vec![[2, 2]],
            }],
        })
        .unwrap()
    }

    #[test]
    fn even_rows_are_shifted_right() {
        let board = board();
        // [2, 2] (an even row, shifted right) touches [2, 1] and [3, 1] above it.
        let hex = board.hex([2, 2]).unwrap();
        let above: Vec<_> = board.neighbours(hex).map(|h| board.coord(h)).collect();
        assert!(above.contains(&[2, 1]) && above.contains(&[3, 1]));
        assert!(above.contains(&[1, 2]) && above.contains(&[3, 2]));
        assert!(above.contains(&[2, 3]) && above.contains(&[3, 3]));
        // [2, 3] (odd row) touches [1, 2] and [2, 2] above it.
        let hex = board.hex([2, 3]).unwrap();
        let around: Vec<_> = board.neighbours(hex).map(|h| board.coord(h)).collect();
        assert!(around.contains(&[1, 2]) && around.contains(&[2, 2]));
    }

    #[test]
    fn neighbours_are_at_distance_one_and_directions_oppose() {
        let board = board();
        for index in 0..board.len() {
            let hex = Hex(index as u16);
            for dir in 0..6 {
                if let Some(next) = board.neighbour(hex, dir) {
                    assert_eq!(board.distance(hex, next), 1);
                    assert_eq!(board.neighbour(next, (dir + 3) % 6), Some(hex));
                    assert_eq!(board.direction(hex, next), Some(dir));
                }
            }
        }
    }

    #[test]
    fn placements_are_the_positions_that_fit_in_order() {
        let board = board();
        let north = board.zone("north").unwrap();
        for size in Size::ALL {
            let mut all = Vec::new();
            for index in 0..board.len() {
                for dir in 0..placement_dirs(size) {
                    let pos = Pos {
                        at: Hex(index as u16),
                        dir,
                    };
                    let place = board.placement(size, pos);
                    assert_eq!(place.is_some(), board.spot(size, pos).fits(), "{pos:?}");
                    if let Some(place) = place {
                        let mut hexes = [Hex(0); 7];
                        let len = board.footprint(size, pos, &mut hexes).unwrap();
                        assert_eq!((place.pos, place.hexes()), (pos, &hexes[..len]));
                        all.push(*place);
                    }
                }
            }
            assert_eq!(board.placements(size), all);
            let in_zone: Vec<Placement> = all
                .into_iter()
                .filter(|place| place.hexes().iter().any(|hex| board.in_zone(north, *hex)))
                .collect();
            assert!(!in_zone.is_empty());
            assert!(
                in_zone
                    .iter()
                    .all(|place| board.is_zone_anchor(north, place.pos.at))
            );
            assert_eq!(board.zone_placements(north, size), in_zone);
        }
    }

    #[test]
    fn a_disk_holds_exactly_the_hexes_within_its_radius() {
        let board = board();
        for centre in [Hex(0), Hex(37), Hex(100), Hex(191)] {
            for radius in 0..4 {
                let mut disk: Vec<Hex> = board.disk(centre, radius).collect();
                disk.sort_unstable();
                let within: Vec<Hex> = (0..board.len() as u16)
                    .map(Hex)
                    .filter(|&hex| board.distance(centre, hex) <= u32::from(radius))
                    .collect();
                assert_eq!(disk, within, "centre {centre:?}, radius {radius}");
            }
        }
    }

    /// The small board above and the battlefield of every mission of the
    /// base pack.
    fn boards() -> Vec<Board> {
        let bundle = crate::rules::testing::bundle();
        let missions = bundle.missions.iter();
        std::iter::once(board())
            .chain(missions.map(|mission| Board::new(&mission.battlefield).unwrap()))
            .collect()
    }

    /// Every spot of every board and size holds the footprint and the steps
    /// the hex arithmetic gives.
    #[test]
    fn spots_hold_the_footprints_and_steps_of_every_position() {
        let mut steps = 0;
        for board in boards() {
            let fits = |size, pos| {
                let mut hexes = [Hex(0); 7];
                board
                    .footprint(size, pos, &mut hexes)
                    .is_some_and(|len| hexes[..len].iter().all(|&hex| board.usable(hex)))
            };
            for size in Size::ALL {
                for index in 0..board.len() {
                    for dir in 0..6 {
                        let pos = Pos {
                            at: Hex(index as u16),
                            dir,
                        };
                        let spot = board.spot(size, pos);
                        let mut hexes = [Hex(0); 7];
                        let len = board.footprint(size, pos, &mut hexes).unwrap_or(0);
                        assert_eq!(spot.fits(), fits(size, pos), "{size:?} {pos:?}");
                        if spot.fits() {
                            assert_eq!(spot.hexes(), &hexes[..len], "{size:?} {pos:?}");
                        }
                        for step in 0..12 {
                            let next = board
                                .stepped(size, pos, step, false)
                                .filter(|&next| fits(size, next));
                            let index = next.map_or(NONE, |next| spot_index(size, next) as u16);
                            assert_eq!(spot.next[usize::from(step)], index, "{size:?} {pos:?}");
                            // The look-ahead reads directions 0..6 once the
                            // lead is chosen too: they do not depend on it.
                            if step < 6 {
                                let chosen = board.stepped(size, pos, step, true);
                                assert_eq!(chosen, board.stepped(size, pos, step, false));
                            }
                            steps += usize::from(next.is_some());
                        }
                    }
                }
            }
        }
        assert!(steps > 10_000, "{steps} steps");
    }

    /// A distance between two shapes is the fewest spaces between a hex of
    /// one footprint and a hex of the other, for every pair of sizes.
    #[test]
    fn shapes_measure_the_fewest_spaces_between_footprints() {
        let mut measured = 0;
        for board in &boards() {
            let fitting = |size| -> Vec<(Shape, Vec<Hex>)> {
                (0..board.len() as u16)
                    .flat_map(|at| (0..6).map(move |dir| Pos { at: Hex(at), dir }))
                    .filter(|&pos| {
                        (size == Size::Medium || pos.dir == 0) && board.spot(size, pos).fits()
                    })
                    .step_by(5)
                    .map(|pos| {
                        let hexes = board.spot(size, pos).hexes().to_vec();
                        (board.shape(size, pos), hexes)
                    })
                    .collect()
            };
            for a in Size::ALL.map(&fitting) {
                for b in Size::ALL.map(&fitting) {
                    for (shape_a, hexes_a) in &a {
                        for (shape_b, hexes_b) in &b {
                            let fewest = hexes_a
                                .iter()
                                .flat_map(|&x| hexes_b.iter().map(move |&y| board.distance(x, y)))
                                .min();
                            assert_eq!(Some(shape_a.distance(shape_b)), fewest);
                            measured += 1;
                        }
                    }
                }
            }
        }
        assert!(measured > 100_000, "{measured} pairs measured");
    }

    #[test]
    fn near_holds_exactly_the_hexes_within_adjacent_reach() {
        for board in boards() {
            for centre in (0..board.len() as u16).map(Hex) {
                for hex in (0..board.len() as u16).map(Hex) {
                    assert_eq!(
                        board.near(centre).contains(hex),
                        board.distance(centre, hex) <= u32::from(ADJACENT_REACH),
                        "{centre:?} {hex:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn flowers_are_adjacent_when_centres_are_three_apart() {
        let board = board();
        let a = board.shape(
            Size::Large,
            Pos {
                at: board.hex([5, 5]).unwrap(),
                dir: 0,
            },
        );
        let b = board.shape(
            Size::Large,
            Pos {
                at: board.hex([8, 5]).unwrap(),
                dir: 0,
            },
        );
        assert_eq!(a.distance(&b), 1);
        assert!(board.usable(board.hex([2, 2]).unwrap()));
        // [2, 1] is next to the half hex [1, 1] to its west and to the
        // edge above it; [5, 5] is clear all round.
        let at = |coord, dir| Pos {
            at: board.hex(coord).unwrap(),
            dir,
        };
        assert!(board.spot(Size::Small, at([2, 1], 0)).fits());
        assert!(!board.spot(Size::Large, at([2, 1], 0)).fits());
        assert!(board.spot(Size::Medium, at([2, 1], 0)).fits());
        assert!(!board.spot(Size::Medium, at([2, 1], 3)).fits());
        assert!(!board.spot(Size::Medium, at([2, 1], 1)).fits());
        assert!(board.spot(Size::Large, at([5, 5], 0)).fits());
        assert!(!board.spot(Size::Small, at([1, 1], 0)).fits());
        assert!(board.in_zone(board.zone("north").unwrap(), board.hex([2, 2]).unwrap()));
    }
}
