//! A generator of large, valid content packs for the compile benchmark.
//!
//! [`SyntheticPack::generate`] writes a pack of `cards` tactic cards,
//! `cards / 10` ship cards and `cards / 50` missions into a temporary folder:
//! the target is 10,000 cards, 1,000 ships and 200 missions. The
//! content is shaped like real content so that every stage of the compiler
//! does its real work: ships of every size in three versions with hit charts,
//! weapons, powers, slots and holds; tactic cards of every type, spread over
//! files of 50; missions with two players, mission-selected fleets and decks
//! that name ships and cards by id and by display name, obstacles, placed and
//! random discovery tiles, and special rules. Everything is derived from the
//! item's index, so the same scale always gives the same pack.

use std::fmt::Write as _;
use std::path::Path;

/// Factions of the pack. Items go to them in turn.
const FACTIONS: [(&str, &str); 6] = [
    ("isn", "Intergalactic Space Navy"),
    ("wretch", "The Wretched Hive"),
    ("solari", "Solari Concord"),
    ("vex", "Vex Dominion"),
    ("kraal", "Kraal Raiders"),
    ("aurel", "Aurelian League"),
];

/// Tactic cards per file of `tactics/`.
const CARDS_PER_FILE: usize = 50;

/// Boards, with the same geometry: 16 by 12 hexes, a half-hex border, and
/// `north` and `south` starting zones.
const BOARDS: usize = 4;

/// Ship cards a mission selects for each player.
const SHIPS_PER_FLEET: usize = 3;

/// Distinct tactic cards in each player's mission-selected deck.
const CARDS_PER_DECK: usize = 8;

const SHIP_WORDS: [&str; 12] = [
    "Kestrel", "Halberd", "Corsair", "Warden", "Lantern", "Tempest", "Mantis", "Bastion",
    "Harrier", "Specter", "Anvil", "Talon",
];

const CARD_WORDS: [&str; 12] = [
    "Gambit",
    "Salvo",
    "Maneuver",
    "Protocol",
    "Stratagem",
    "Ambush",
    "Barrage",
    "Overload",
    "Bulwark",
    "Feint",
    "Surge",
    "Relay",
];

/// How big a generated pack is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scale {
    pub tactic_cards: usize,
    pub ships: usize,
    pub missions: usize,
}

impl Scale {
    /// The proportions: a ship card per 10 tactic cards, a mission
    /// per 50.
    pub(crate) fn for_cards(tactic_cards: usize) -> Scale {
        Scale {
            tactic_cards,
            ships: tactic_cards / 10,
            missions: tactic_cards / 50,
        }
    }
}

/// What was written.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Written {
    pub files: usize,
    pub bytes: usize,
}

/// A generated pack in a temporary folder, removed when dropped.
pub(crate) struct SyntheticPack {
    pub scale: Scale,
    pub written: Written,
    folder: tempfile::TempDir,
}

impl SyntheticPack {
    /// Writes a pack of this scale into a new temporary folder.
    pub(crate) fn generate(scale: Scale) -> SyntheticPack {
        // Each faction needs a fleet's worth of ships and a deck's worth
        // of cards, all different.
        assert!(
            scale.ships >= FACTIONS.len() * SHIPS_PER_FLEET
                && scale.tactic_cards >= FACTIONS.len() * CARDS_PER_DECK,
            "too small a scale for missions to find their ships and cards: {scale:?}"
        );
        let folder = tempfile::tempdir().expect("a temporary folder can be made");
        let mut writer = Writer {
            root: folder.path(),
            written: Written::default(),
        };
        writer.write("pack.toml", &manifest());
        for board in 0..BOARDS {
            writer.write(&format!("boards/board-{board}.toml"), &board_file(board));
        }
        for ship in 0..scale.ships {
            let (faction, _) = FACTIONS[ship % FACTIONS.len()];
            writer.write(
                &format!("ships/{faction}/ship-{ship:06}.toml"),
                &ship_file(ship),
            );
        }
        for first in (0..scale.tactic_cards).step_by(CARDS_PER_FILE) {
            let last = (first + CARDS_PER_FILE).min(scale.tactic_cards);
            let mut text = String::new();
            for card in first..last {
                tactic(&mut text, card);
            }
            writer.write(
                &format!("tactics/cards-{:06}.toml", first / CARDS_PER_FILE),
                &text,
            );
        }
        for mission in 0..scale.missions {
            writer.write(
                &format!("missions/mission-{mission:05}.toml"),
                &mission_file(mission, scale),
            );
        }
        let written = writer.written;
        SyntheticPack {
            scale,
            written,
            folder,
        }
    }

    /// The pack's folder.
    pub(crate) fn root(&self) -> &Path {
        self.folder.path()
    }
}

struct Writer<'a> {
    root: &'a Path,
    written: Written,
}

impl Writer<'_> {
    fn write(&mut self, path: &str, text: &str) {
        let path = self.root.join(path);
        std::fs::create_dir_all(path.parent().expect("a file has a folder"))
            .expect("the temporary folder is writable");
        std::fs::write(&path, text).expect("the temporary folder is writable");
        self.written.files += 1;
        self.written.bytes += text.len();
    }
}

fn manifest() -> String {
    let mut text = String::from(
        "id = \"synthetic\"\nname = \"Synthetic Benchmark Pack\"\nversion = \"1.0.0\"\n\
         game = \"battleship-galaxies\"\n\n[provenance]\n\
         summary = \"Generated by validator/benches/synthetic_pack; every value is invented.\"\n",
    );
    for (id, name) in FACTIONS {
        let _ = write!(text, "\n[factions.{id}]\nname = \"{name}\"\n");
    }
    text
}

fn board_file(board: usize) -> String {
    format!(
        "id = \"board-{board}\"\nname = \"Battlefield {board}\"\ncolumns = 16\nrows = 12\n\
         half_hex_border = true\nhalf_hexes = [[14, 4]]\n\n\
         [[zones]]\nname = \"north\"\nrows = [2, 3]\n\n\
         [[zones]]\nname = \"south\"\nrows = [10, 11]\n"
    )
}

/// The display name of a ship card; unique, since it ends in the index.
fn ship_name(ship: usize) -> String {
    format!(
        "{} {} {ship}",
        FACTIONS[ship % FACTIONS.len()].1,
        SHIP_WORDS[ship % SHIP_WORDS.len()]
    )
}

/// The display name of a tactic card.
fn card_name(card: usize) -> String {
    let word = CARD_WORDS[(card / 7) % CARD_WORDS.len()];
    format!(
        "{} {word} {card}",
        ["Swift", "Iron", "Hidden", "Last", "Bright"][card % 5]
    )
}

/// Ships with an even index name their id; the others take the slug of
/// their name. Missions refer to the first by id and the second by name.
fn ship_reference(ship: usize) -> String {
    if ship.is_multiple_of(2) {
        format!("ship-{ship}")
    } else {
        ship_name(ship)
    }
}

/// Cards follow the same rule as [`ship_reference`].
fn card_reference(card: usize) -> String {
    if card.is_multiple_of(2) {
        format!("card-{card}")
    } else {
        card_name(card)
    }
}

/// Sizes in turn: small squadrons, medium and large solo ships.
fn ship_size(ship: usize) -> &'static str {
    ["small", "medium", "large"][(ship / FACTIONS.len()) % 3]
}

fn ship_file(ship: usize) -> String {
    let (faction, _) = FACTIONS[ship % FACTIONS.len()];
    let size = ship_size(ship);
    let mut text = String::new();
    if ship.is_multiple_of(2) {
        let _ = writeln!(text, "id = \"ship-{ship}\"");
    }
    let _ = writeln!(
        text,
        "name = \"{}\"\nfaction = \"{faction}\"\nsize = \"{size}\"",
        ship_name(ship)
    );
    if size == "small" {
        let _ = writeln!(text, "icon = \"squadron\"\nships = {}", 2 + ship % 3);
    } else {
        text.push_str("icon = \"solo\"\n");
    }
    let base = match size {
        "small" => 4,
        "medium" => 8,
        _ => 14,
    };
    for (step, level) in ["standard", "seasoned", "veteran"].into_iter().enumerate() {
        version(&mut text, ship, size, level, base + 2 * step + ship % 3);
    }
    text
}

fn version(text: &mut String, ship: usize, size: &str, level: &str, launch_cost: usize) {
    let hull = launch_cost / 3 + 1;
    let _ = write!(
        text,
        "\n[[versions]]\nlevel = \"{level}\"\nlaunch_cost = {launch_cost}\n\
         activation_cost = {}\nmove = {}\nshield = {}\nhull = {hull}\n",
        launch_cost / 4 + 1,
        if size == "large" { 3 } else { 4 + ship % 3 },
        hull / 2,
    );
    if size == "large" {
        let _ = writeln!(text, "capacity = {}", 3 + ship % 3);
    }
    let heroes = usize::from(size != "small");
    let _ = writeln!(
        text,
        "slots = {{ upgrades = 2, weapons = 1, heroes = {heroes} }}"
    );
    text.push_str("hit_chart = [\n");
    for row in 0..8 {
        let line: String = (0..10)
            .map(|column| match (row * 10 + column + ship) % 11 {
                0 => '*',
                1..=6 => '#',
                _ => '.',
            })
            .collect();
        let _ = writeln!(text, "  \"{line}\",");
    }
    text.push_str("]\n");
    let damage = ["pulse", "vecton", "plaxma"][ship % 3];
    let _ = write!(
        text,
        "\n[versions.primary]\nname = \"Main Battery\"\nrange = {}\nattacks = {}\nstrength = {}\n\
         damage_type = \"{damage}\"\n",
        3 + ship % 4,
        1 + launch_cost % 2,
        1 + launch_cost / 10,
    );
    if size != "small" {
        text.push_str(
            "\n[[versions.secondary]]\nname = \"Point Defense\"\nrange = 1\nattacks = 2\n\
             strength = 1\nnotes = \"Only against small ships.\"\n",
        );
    }
    let _ = write!(
        text,
        "\n[[versions.powers]]\nname = \"Veteran Crew\"\n\
         text = \"Once per turn, re-roll one number die of an attack by ship {ship}.\"\n"
    );
}

const TACTIC_TYPES: [&str; 10] = [
    "event",
    "event",
    "event",
    "hero",
    "ship-upgrade",
    "ship-upgrade",
    "additional-weapon",
    "additional-weapon",
    "sabotage",
    "sabotage",
];

fn tactic(text: &mut String, card: usize) {
    let (faction, _) = FACTIONS[card % FACTIONS.len()];
    let kind = TACTIC_TYPES[(card / FACTIONS.len()) % TACTIC_TYPES.len()];
    text.push_str("[[tactic]]\n");
    if card.is_multiple_of(2) {
        let _ = writeln!(text, "id = \"card-{card}\"");
    }
    let _ = writeln!(
        text,
        "name = \"{}\"\nfaction = \"{faction}\"\ntype = \"{kind}\"",
        card_name(card)
    );
    if matches!(kind, "ship-upgrade" | "additional-weapon" | "sabotage") {
        let _ = writeln!(text, "icon = \"{}\"", ["solo", "squadron"][card % 2]);
    }
    let phase = ["energy", "deploy", "action", "any"][card % 4];
    let _ = writeln!(
        text,
        "phase = \"{phase}\"\ncost = {}\ncopies = {}\n\
         text = \"Generated card {card}: gain 1 energy, then draw a tactic card.\"",
        1 + card % 5,
        1 + card % 3,
    );
    if kind == "additional-weapon" {
        let _ = writeln!(
            text,
            "\n[tactic.weapon]\nname = \"Rail Gun {card}\"\ncharge_cost = {}\nrange = {}\n\
             attacks = 1\nstrength = 2",
            card % 3,
            2 + card % 4,
        );
    }
    text.push('\n');
}

fn mission_file(mission: usize, scale: Scale) -> String {
    let mut text = String::new();
    let _ = write!(
        text,
        "name = \"Generated Mission {mission}\"\nnumber = {}\n\
         story = \"Two fleets meet over battlefield {}.\"\nboards = [\"board-{}\"]\n",
        mission + 1,
        mission % BOARDS,
        mission % BOARDS,
    );
    let first = mission % FACTIONS.len();
    let seats = [(first, "north"), ((first + 1) % FACTIONS.len(), "south")];
    for (faction, zone) in seats {
        player(&mut text, mission, faction, zone, scale);
    }
    // Obstacles cover two hexes side by side in one row; tiles and random
    // positions are elsewhere in the middle rows, away from the zones.
    let shift = mission % 4;
    let _ = write!(
        text,
        "\n[[obstacles]]\nkind = \"asteroid\"\nat = [[{}, 5], [{}, 5]]\n\
         \n[[obstacles]]\nkind = \"debris-field\"\nat = [[{}, 7], [{}, 7]]\n\
         \n[discovery]\ntiles = [{{ tile = \"energy-source\", at = [{}, 6], face = \"power\" }}]\n\
         \n[discovery.random]\npick = 2\nface = \"black\"\nat = [[{}, 8], [{}, 8]]\n\
         \n[victory]\ndestroy_all = true\nvictory_clock = true\n\
         \n[[special_rules]]\nname = \"Ion Storm\"\n\
         text = \"Ships in rows 5 to 8 move 1 space less.\"\n",
        3 + shift,
        4 + shift,
        9 + shift,
        10 + shift,
        6 + shift,
        3 + shift,
        11 - shift,
    );
    text
}

/// One seat: its fleet of [`SHIPS_PER_FLEET`] ship cards and its deck of
/// [`CARDS_PER_DECK`] cards, all of the player's faction.
fn player(text: &mut String, mission: usize, faction: usize, zone: &str, scale: Scale) {
    let (faction_id, faction_name) = FACTIONS[faction];
    let _ = write!(
        text,
        "\n[[players]]\nname = \"{faction_name} player\"\nfaction = \"{faction_id}\"\n\
         starting_zone = \"{zone}\"\n\n[players.fleet]\nselection = \"mission\"\nships = [\n"
    );
    // The faction's items are those whose index is the faction's modulo
    // the faction count.
    let ships_of_faction = (scale.ships - faction).div_ceil(FACTIONS.len());
    for pick in 0..SHIPS_PER_FLEET {
        let ship =
            faction + FACTIONS.len() * ((mission * SHIPS_PER_FLEET + pick) % ships_of_faction);
        let level = ["standard", "seasoned", "veteran"][(mission + pick) % 3];
        let _ = writeln!(
            text,
            "  {{ ship = \"{}\", version = \"{level}\" }},",
            ship_reference(ship)
        );
    }
    text.push_str("]\n\n[players.deck]\nselection = \"mission\"\ncards = [\n");
    let cards_of_faction = (scale.tactic_cards - faction).div_ceil(FACTIONS.len());
    for pick in 0..CARDS_PER_DECK {
        let card =
            faction + FACTIONS.len() * ((mission * CARDS_PER_DECK + pick) % cards_of_faction);
        // A deck holds at most the copies of one set, and never more than 3.
        let count = (1 + card % 3).min(3);
        let _ = writeln!(
            text,
            "  {{ card = \"{}\", count = {count} }},",
            card_reference(card)
        );
    }
    text.push_str("]\n");
}
