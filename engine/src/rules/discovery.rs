//! Discovery tiles. A tile black side up turns power side up when a ship
//! ends its move on it; power side up, its power works: the alien artifact
//! and the observation station lengthen primary weapons, the energy source,
//! orbital market and shield regenerator act at the start of their
//! controller's energy phase, and the warp gate offers a placement instead
//! of a move.

use spacedock_schema::rules::DiscoveryTile;

use crate::board::Pos;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipId};
use crate::rules::{damage, energy, movement};

/// Whether any tile of a kind is power side up: most of the game none is,
/// and the answer spares a look under every ship.
fn any_face_up(game: &Game, tile: DiscoveryTile) -> bool {
    game.st
        .tiles
        .iter()
        .any(|state| state.face_up && state.tile == tile)
}

/// Face-up tiles of a kind under a ship at `pos`.
fn under(game: &Game, ship: ShipId, pos: Pos, tile: DiscoveryTile) -> Option<Hex> {
    // Every footprint lies within a space of its position's hex: with no
    // such tile that close, none is under the ship (most of the time, and
    // the answer spares the footprint).
    let board = &game.data.board;
    if !game
        .st
        .tiles
        .iter()
        .any(|state| state.face_up && state.tile == tile && board.distance(state.hex, pos.at) <= 1)
    {
        return None;
    }
    let mut hexes = [Hex(0); 7];
    let len = board
        .footprint(game.data.size_of(ship), pos, &mut hexes)
        .unwrap_or(0);
    hexes[..len].iter().copied().find(|hex| {
        let index = game.st.tile_at[hex.index()];
        index != 0 && {
            let state = &game.st.tiles[usize::from(index - 1)];
            state.face_up && state.tile == tile
        }
    })
}

fn on(game: &Game, ship: ShipId, tile: DiscoveryTile) -> bool {
    let state = &game.st.ships[ship.index()];
    !state.destroyed
        && state
            .pos
            .is_some_and(|pos| under(game, ship, pos, tile).is_some())
}

/// Turns power side up every tile under a ship that ended its move.
pub(crate) fn flip_under(game: &mut Game, ship: ShipId) {
    let mut hexes = [Hex(0); 7];
    let len = game.placed_hexes(ship, &mut hexes);
    for hex in &hexes[..len] {
        let index = game.st.tile_at[hex.index()];
        if index != 0 && !game.st.tiles[usize::from(index - 1)].face_up {
            let tile = &mut game.st.tiles[usize::from(index - 1)];
            tile.face_up = true;
            let kind = tile.tile;
            game.emit(Event::TileFlipped {
                tile: kind,
                pos: Pos { at: *hex, dir: 0 },
            });
        }
    }
}

/// Ships `player` controls on the battlefield.
fn ships_of(game: &Game, player: PlayerId) -> impl Iterator<Item = ShipId> + '_ {
    (0..game.st.ships.len() as u16)
        .map(ShipId)
        .filter(move |&ship| {
            let state = &game.st.ships[ship.index()];
            !state.destroyed && state.pos.is_some() && movement::controller(game, ship) == player
        })
}

/// The tiles read at the start of `player`'s energy phase.
pub(crate) fn energy_phase_start(game: &mut Game, player: PlayerId) {
    if game.st.tiles.iter().all(|tile| !tile.face_up) {
        return;
    }
    let rules = game.data.rules();
    let (source, market, shields) = (
        rules.energy_source_energy as i32,
        rules.orbital_market_draws.min(255) as u8,
        rules.shield_regenerator_shields as i32,
    );
    // A kind no tile shows spares the look under every ship.
    if any_face_up(game, DiscoveryTile::EnergySource)
        && ships_of(game, player).any(|ship| on(game, ship, DiscoveryTile::EnergySource))
    {
        energy::gain_energy(game, player, source);
    }
    if any_face_up(game, DiscoveryTile::OrbitalMarket)
        && ships_of(game, player).any(|ship| on(game, ship, DiscoveryTile::OrbitalMarket))
    {
        game.st.players[player.index()].market_draws = market;
    }
    let regenerating: Vec<ShipId> = if any_face_up(game, DiscoveryTile::ShieldRegenerator) {
        ships_of(game, player)
            .filter(|&ship| on(game, ship, DiscoveryTile::ShieldRegenerator))
            .collect()
    } else {
        Vec::new()
    };
    for ship in regenerating {
        damage::add_shields(game, ship, shields);
    }
}

/// Whether a ship stands on `hex` now.
fn stands_on(game: &Game, ship: ShipId, hex: Hex) -> bool {
    let state = &game.st.ships[ship.index()];
    let board = &game.data.board;
    !state.destroyed
        && state.pos.is_some_and(|pos| {
            // Every footprint lies within a space of its position's hex.
            board.distance(hex, pos.at) <= 1 && {
                let mut hexes = [Hex(0); 7];
                let len = game.placed_hexes(ship, &mut hexes);
                hexes[..len].contains(&hex)
            }
        })
}

/// Range the tiles add to a ship's primary weapon. Asked at every range
/// check, while most of the game neither tile is power side up: one look
/// at the tiles answers, and a face-up one is matched with the ships on
/// its hex only. Out of line: of all the numbers [`stats::stat`] answers,
/// only primary ranges ask it.
///
/// [`stats::stat`]: crate::rules::stats::stat
#[inline(never)]
pub(crate) fn primary_range_bonus(game: &Game, ship: ShipId) -> i32 {
    let (mut artifact, mut station) = (false, false);
    for state in game.st.tiles.iter().filter(|state| state.face_up) {
        match state.tile {
            DiscoveryTile::AlienArtifact => {
                artifact = artifact || stands_on(game, ship, state.hex);
            }
            DiscoveryTile::ObservationStation => {
                station = station || {
                    let player = movement::controller(game, ship);
                    let from = game.data.board.distance_from(state.hex);
                    // The player's ships are found by their cards'
                    // controller, and of those the distance is tested
                    // first (most are far from the tile).
                    let cards = game.data.cards.iter().zip(&game.st.cards);
                    cards
                        .filter(|(_, card)| card.controller == player)
                        .flat_map(|(data, _)| data.ship_ids())
                        .any(|other| {
                            game.st.ships[other.index()]
                                .pos
                                .is_some_and(|pos| from(pos.at) <= 1)
                                && stands_on(game, other, state.hex)
                        })
                };
            }
            _ => {}
        }
    }
    range_bonus(game, artifact, station)
}

/// The most the discovery tiles face up can add to a primary weapon's
/// range: what [`primary_range_bonus`] gives a ship on or next to each.
pub(crate) fn most_primary_range_bonus(game: &Game) -> i32 {
    let (mut artifact, mut station) = (false, false);
    for tile in game.st.tiles.iter().filter(|tile| tile.face_up) {
        artifact |= tile.tile == DiscoveryTile::AlienArtifact;
        station |= tile.tile == DiscoveryTile::ObservationStation;
    }
    range_bonus(game, artifact, station)
}

/// The range bonus of the alien artifact and the observation station,
/// for those that apply.
fn range_bonus(game: &Game, artifact: bool, station: bool) -> i32 {
    let rules = game.data.rules();
    let mut bonus = 0;
    if artifact {
        bonus += rules.alien_artifact_range as i32;
    }
    if station {
        bonus += rules.observation_station_range as i32;
    }
    bonus
}

/// The face-up warp gate under a ship at `pos`, if any.
pub(crate) fn warp_gate_under(game: &Game, ship: ShipId, pos: Pos) -> Option<Hex> {
    under(game, ship, pos, DiscoveryTile::WarpGate)
}

/// Whether the ship stands on a face-up warp gate now.
pub(crate) fn on_warp_gate(game: &Game, ship: ShipId) -> bool {
    on(game, ship, DiscoveryTile::WarpGate)
}

#[cfg(test)]
mod tests {
    use spacedock_schema::rules::DiscoveryTile;

    use super::{on, primary_range_bonus, ships_of, under};
    use crate::ids::{Hex, ShipId};
    use crate::rules::movement;
    use crate::rules::testing::for_each_state;

    /// The bonus read from the face-up tiles must be the one found by
    /// looking under the ship and under every ship of its controller, for
    /// every ship and state of random games of every mission.
    #[test]
    fn the_range_bonus_is_found_as_under_every_ship() {
        let mut bonuses = 0;
        for_each_state(2, |game| {
            let rules = game.data.rules();
            for index in 0..game.st.ships.len() {
                let ship = ShipId(index as u16);
                let mut plain = 0;
                if on(game, ship, DiscoveryTile::AlienArtifact) {
                    plain += rules.alien_artifact_range as i32;
                }
                let player = movement::controller(game, ship);
                if ships_of(game, player)
                    .any(|other| on(game, other, DiscoveryTile::ObservationStation))
                {
                    plain += rules.observation_station_range as i32;
                }
                assert_eq!(primary_range_bonus(game, ship), plain);
                bonuses += usize::from(plain != 0);
            }
        });
        assert!(bonuses > 100, "{bonuses}");
    }

    /// The look within a space of the ship must find what a look at every
    /// hex of its footprint finds, for every ship, tile and state of
    /// random games of every mission.
    #[test]
    fn a_tile_under_a_ship_is_found_as_by_its_footprint() {
        let mut found = 0;
        for_each_state(2, |game| {
            for (index, state) in game.st.ships.iter().enumerate() {
                let ship = ShipId(index as u16);
                let Some(pos) = state.pos else {
                    continue;
                };
                let mut hexes = [Hex(0); 7];
                let len = game.placed_hexes(ship, &mut hexes);
                for tile in DiscoveryTile::ALL {
                    let plain = hexes[..len].iter().copied().find(|hex| {
                        let at = game.st.tile_at[hex.index()];
                        at != 0 && {
                            let state = &game.st.tiles[usize::from(at - 1)];
                            state.face_up && state.tile == tile
                        }
                    });
                    assert_eq!(under(game, ship, pos, tile), plain);
                    found += usize::from(plain.is_some());
                }
            }
        });
        assert!(found > 100, "{found}");
    }
}
