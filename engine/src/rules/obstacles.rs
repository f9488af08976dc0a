//! Obstacles: asteroids block movement and placement and give asteroid
//! cover to small and medium ships next to them; debris fields deal direct
//! debris damage to ships moving onto them.

use spacedock_schema::common::Size;
use spacedock_schema::rules::Obstacle;

use crate::board::Pos;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{Hex, ShipId};
use crate::powers::Stat;
use crate::rules::stats;

/// Whether an asteroid covers the hex.
#[inline]
pub(crate) fn is_asteroid(game: &Game, hex: Hex) -> bool {
    let terrain = game.st.terrain[hex.index()];
    terrain != 0 && game.st.obstacles[usize::from(terrain - 1)].kind == Obstacle::Asteroid
}

/// Whether a ship is adjacent to an asteroid.
pub(crate) fn adjacent_to_asteroid(game: &Game, ship: ShipId) -> bool {
    let board = &game.data.board;
    let mut hexes = [Hex(0); 7];
    let len = game.placed_hexes(ship, &mut hexes);
    hexes[..len]
        .iter()
        .any(|hex| board.neighbours(*hex).any(|next| is_asteroid(game, next)))
}

/// Asteroid cover against a hit: a small or medium target next to an
/// asteroid rolls the number die; at `asteroid_cover_threshold` or more
/// the hit misses.
pub(crate) fn asteroid_cover(game: &mut Game, target: ShipId) -> bool {
    if game.data.size_of(target) == Size::Large
        || !adjacent_to_asteroid(game, target)
        || stats::stat(game, Stat::Cover(target)) == 0
    {
        return false;
    }
    let roll = game.st.dice.roll(game.data.rules().number_die);
    let missed = roll >= game.data.rules().asteroid_cover_threshold;
    game.emit(Event::AsteroidCover {
        target,
        roll,
        missed,
    });
    missed
}

/// Whether any obstacle of `kind` is on the battlefield: most battlefields
/// have few kinds, and the hexes of a kind absent need no look.
pub(crate) fn any(game: &Game, kind: Obstacle) -> bool {
    game.st
        .obstacles
        .iter()
        .any(|obstacle| obstacle.kind == kind)
}

/// Debris fields a ship at `new` is on and was not on at `old`.
pub(crate) fn debris_entered(game: &Game, size: Size, old: Pos, new: Pos) -> u32 {
    // Most battlefields have no debris field: then no hex needs its
    // terrain read.
    if !any(game, Obstacle::DebrisField) {
        return 0;
    }
    let board = &game.data.board;
    let mut before = [Hex(0); 7];
    let mut after = [Hex(0); 7];
    let old_len = board.footprint(size, old, &mut before).unwrap_or(0);
    let new_len = board.footprint(size, new, &mut after).unwrap_or(0);
    let debris_of = |hex: &Hex| {
        let terrain = game.st.terrain[hex.index()];
        (terrain != 0 && game.st.obstacles[usize::from(terrain - 1)].kind == Obstacle::DebrisField)
            .then_some(terrain)
    };
    let mut entered = 0;
    let mut counted = [0u8; 7];
    for hex in &after[..new_len] {
        let Some(field) = debris_of(hex) else {
            continue;
        };
        let was_on = before[..old_len]
            .iter()
            .any(|hex| debris_of(hex) == Some(field));
        if !was_on && !counted[..entered].contains(&field) {
            counted[entered] = field;
            entered += 1;
        }
    }
    entered as u32
}

/// Moves an obstacle to new hexes (a mission moving asteroids).
pub(crate) fn move_obstacle(game: &mut Game, obstacle: usize, hexes: &[Hex]) {
    for hex in game.st.obstacles[obstacle].hexes() {
        game.st.terrain[hex.index()] = 0;
    }
    let state = &mut game.st.obstacles[obstacle];
    state.len = hexes.len().min(7) as u8;
    for (slot, hex) in state.hexes.iter_mut().zip(hexes) {
        *slot = *hex;
    }
    for hex in &hexes[..usize::from(state.len)] {
        game.st.terrain[hex.index()] = obstacle as u8 + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing;

    /// The debris fields a ship of `size` is on at `new` and was not on at
    /// `old`, as the rule reads.
    fn debris_entered_as_read(game: &Game, size: Size, old: Pos, new: Pos) -> u32 {
        let fields = |pos| {
            let mut hexes = [Hex(0); 7];
            let len = game
                .data
                .board
                .footprint(size, pos, &mut hexes)
                .unwrap_or(0);
            let mut fields: Vec<u8> = hexes[..len]
                .iter()
                .map(|hex| game.st.terrain[hex.index()])
                .filter(|&terrain| {
                    terrain != 0
                        && game.st.obstacles[usize::from(terrain - 1)].kind == Obstacle::DebrisField
                })
                .collect();
            fields.sort_unstable();
            fields.dedup();
            fields
        };
        let before = fields(old);
        fields(new)
            .iter()
            .filter(|field| !before.contains(field))
            .count() as u32
    }

    /// Debris rolls come from the fields of the rule as read, for every
    /// step every ship on the battlefield could take, on battlefields with
    /// debris and without.
    #[test]
    fn debris_is_entered_as_the_rule_reads() {
        let mut entered = 0;
        testing::for_each_state(2, |game| {
            let board = &game.data.board;
            for (index, state) in game.st.ships.iter().enumerate() {
                let Some(old) = state.pos else {
                    continue;
                };
                let size = game.data.size_of(ShipId(index as u16));
                for dir in 0..12 {
                    let Some(new) = board.stepped(size, old, dir, false) else {
                        continue;
                    };
                    let fast = debris_entered(game, size, old, new);
                    let read = debris_entered_as_read(game, size, old, new);
                    assert_eq!(
                        fast,
                        read,
                        "ship {index} dir {dir} at step {}",
                        game.steps()
                    );
                    entered += fast;
                }
            }
        });
        assert!(entered > 1_000, "{entered} debris fields entered");
    }
}
