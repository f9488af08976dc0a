//! `spacedock list`: aligned columns, JSON, and what happens with a pack
//! that has errors or does not exist.

use crate::{json, run};

#[test]
fn lists_ships_in_columns() {
    let finished = run(&["list", "ships", "--pack", "clean"], 0);
    assert_eq!(finished.stderr, "");
    let lines: Vec<&str> = finished.stdout.lines().collect();
    assert_eq!(
        lines.len(),
        4,
        "a header and three ships:\n{}",
        finished.stdout
    );
    assert!(lines[0].starts_with("ID") && lines[0].contains("NAME") && lines[0].contains("DETAIL"));
    let name_column = lines[0].find("NAME").unwrap();
    for (line, (id, name)) in lines[1..].iter().zip([
        ("test-carrier", "Test Carrier"),
        ("test-frigate", "Test Frigate"),
        ("test-raider", "Test Raider"),
    ]) {
        assert!(line.starts_with(id), "{line}");
        assert_eq!(line.find(name), Some(name_column), "names line up: {line}");
    }
    // The fleet builder's figures: launch and activation cost per version.
    assert!(lines[0].ends_with("LAUNCH/ACTIVATION COST"), "{}", lines[0]);
    assert!(lines[1].ends_with("standard 6/3"), "{}", lines[1]);
    let ships = json(&run(&["list", "ships", "--pack", "clean", "--format", "json"], 0).stdout);
    assert_eq!(
        ships[0]["versions"],
        serde_json::json!([{"level": "standard", "launch_cost": 6, "activation_cost": 3}])
    );
}

#[test]
fn lists_tactics_and_missions_as_json() {
    let tactics = json(
        &run(
            &["list", "tactics", "--pack", "clean", "--format", "json"],
            0,
        )
        .stdout,
    );
    let ids: Vec<&str> = tactics
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "ambush",
            "full-burn",
            "prototype-drive",
            "scavenger-crews",
            "scrap-shields",
            "shield-boost"
        ]
    );
    assert_eq!(tactics[0]["name"], "Ambush");
    assert!(tactics[0]["detail"].as_str().unwrap().contains("wretch"));
    assert!(tactics[0]["cost"].is_u64() && tactics[0]["copies"].is_u64());
    assert_eq!(tactics[0].get("versions"), None, "ships only");

    let missions = json(
        &run(
            &["list", "missions", "--pack", "clean", "--format", "json"],
            0,
        )
        .stdout,
    );
    let ids: Vec<&str> = missions
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["open-battle", "skirmish"]);

    // Gameboards, with their size and the zones missions name.
    let boards = run(&["list", "boards", "--pack", "clean"], 0).stdout;
    let board = boards.lines().nth(1).unwrap();
    assert!(board.starts_with("test-grid"), "{boards}");
    assert!(
        board.ends_with("8 by 8 hexes, zones north, south"),
        "{boards}"
    );
}

#[test]
fn a_pack_with_errors_still_lists_what_loaded_and_warns() {
    let finished = run(&["list", "ships", "--pack", "broken"], 0);
    // As many as `check` finds, not only those of reading the files.
    let checked = run(&["check", "broken"], 1);
    assert!(
        checked.stderr.ends_with("broken: 4 errors, 1 warning\n"),
        "{}",
        checked.stderr
    );
    assert!(
        finished
            .stderr
            .starts_with("warning: `broken` has 4 errors; "),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stderr.contains("spacedock check broken"),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stdout.contains("short-chart"),
        "{}",
        finished.stdout
    );
}

/// Seats whose fleets are chosen differently are described one by one: one
/// phrase for the mission would be wrong for some of them.
#[test]
fn missions_with_seats_chosen_differently_are_described_seat_by_seat() {
    let dir = crate::copy_fixture("clean");
    let pack = dir.path().join("clean");
    let seat = |name: &str, faction: &str, zone: &str, fleet: &str, deck: &str| {
        format!(
            "\n[[players]]\nname = \"{name}\"\nfaction = \"{faction}\"\n\
             starting_zone = \"{zone}\"\nfleet = {fleet}\ndeck = {deck}\n"
        )
    };
    let isn = |fleet: &str, deck: &str| seat("ISN player", "isn", "north", fleet, deck);
    let wretch = |fleet: &str, deck: &str| seat("Wretch player", "wretch", "south", fleet, deck);
    let player = "{ selection = \"player\" }";
    let listed_deck = "{ selection = \"mission\", cards = [{ card = \"ambush\", count = 3 }] }";
    let raider =
        "{ selection = \"mission\", ships = [{ ship = \"test-raider\", version = \"standard\" }] }";
    let missions = [
        (
            "combined-and-listed",
            isn(
                "{ selection = \"combined\", fleet_cost = 12, ships = [{ ship = \"test-frigate\", version = \"standard\" }] }",
                player,
            ) + &wretch(raider, listed_deck),
        ),
        (
            "listed-and-built",
            isn(
                "{ selection = \"mission\", ships = [{ ship = \"test-frigate\", version = \"standard\" }] }",
                "{ selection = \"mission\", cards = [{ card = \"full-burn\", count = 3 }] }",
            ) + &wretch("{ selection = \"player\", fleet_cost = 12 }", player),
        ),
        (
            "uneven-budgets",
            isn("{ selection = \"player\", fleet_cost = 10 }", player)
                + &wretch("{ selection = \"player\", fleet_cost = 12 }", player),
        ),
    ];
    for (id, players) in &missions {
        std::fs::write(
            pack.join("missions").join(format!("{id}.toml")),
            format!("name = \"{id}\"\nboards = [\"test-grid\"]\nvictory = {{}}\n{players}"),
        )
        .unwrap();
    }
    let finished = crate::run_in(dir.path(), &["list", "missions", "--pack", "clean"], 0);
    assert_eq!(finished.stderr, "", "the missions are sound");
    let detail = |id: &str| {
        let line = finished
            .stdout
            .lines()
            .find(|line| line.starts_with(id))
            .unwrap_or_else(|| panic!("no `{id}` in\n{}", finished.stdout));
        line.split("  ").last().unwrap().trim().to_owned()
    };
    assert_eq!(
        detail("combined-and-listed"),
        "2 players, fleets: player 1 of 12 energy with some ships listed, player 2 listed"
    );
    assert_eq!(
        detail("listed-and-built"),
        "2 players, fleets: player 1 listed, player 2 of 12 energy"
    );
    assert_eq!(
        detail("uneven-budgets"),
        "2 players, fleets: player 1 of 10 energy, player 2 of 12 energy"
    );
    // Seats all chosen alike still share one phrase.
    assert_eq!(detail("open-battle"), "2 players, fleets of 12 energy");
    assert_eq!(detail("skirmish"), "2 players, fleets listed");
}

/// The kinds may be named in the singular too, as `schema` names them.
#[test]
fn a_kind_in_the_singular_lists_the_same() {
    for (plural, singular) in [
        ("ships", "ship"),
        ("tactics", "tactic"),
        ("missions", "mission"),
    ] {
        let many = run(&["list", plural, "--pack", "clean"], 0);
        let one = run(&["list", singular, "--pack", "clean"], 0);
        assert_eq!(many.stdout, one.stdout, "{singular}");
    }
}

#[test]
fn a_missing_pack_exits_2() {
    let finished = run(&["list", "ships", "--pack", "no-such-pack"], 2);
    assert!(
        finished
            .stderr
            .contains("pack folder `no-such-pack` does not exist"),
        "{}",
        finished.stderr
    );
    run(&["list", "ships", "--pack", "fleets"], 2);
    run(&["list", "factions", "--pack", "clean"], 2);
}

/// A ship or tactic card whose file names its faction by name (`ISN`) is
/// listed with the faction's id, as the others are.
#[test]
fn a_faction_named_by_its_name_is_listed_by_its_id() {
    let copy = crate::copy_fixture("clean");
    let pack = copy.path().join("clean");
    let frigate = pack.join("ships/test-frigate.toml");
    let text = std::fs::read_to_string(&frigate).unwrap();
    std::fs::write(
        &frigate,
        text.replacen("faction = \"isn\"", "faction = \"ISN\"", 1),
    )
    .unwrap();
    let cards = pack.join("tactics/cards.toml");
    let text = std::fs::read_to_string(&cards).unwrap();
    std::fs::write(
        &cards,
        text.replacen("faction = \"wretch\"", "faction = \"Wretch\"", 1),
    )
    .unwrap();
    let run_list = |what: &str| {
        crate::run_in(
            copy.path(),
            &["list", what, "--pack", "clean", "--format", "json"],
            0,
        )
    };
    let ships = json(&run_list("ships").stdout);
    let details: Vec<&str> = ships
        .as_array()
        .unwrap()
        .iter()
        .map(|ship| ship["detail"].as_str().unwrap())
        .collect();
    assert!(
        details
            .iter()
            .all(|detail| detail.starts_with("isn ") || detail.starts_with("wretch ")),
        "{details:?}"
    );
    let tactics = json(&run_list("tactics").stdout);
    let factions: Vec<&str> = tactics
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card["detail"].as_str().unwrap().split(' ').next().unwrap())
        .collect();
    assert!(
        factions
            .iter()
            .all(|faction| ["isn", "wretch"].contains(faction)),
        "{factions:?}"
    );
}
