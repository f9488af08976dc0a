//! One or more tests per rule: a small state built with the editor, an
//! action, the expected state. Includes the rulebook's worked examples (the
//! D-4 attack on Chosh Ka, 33 + 10 = 40 energy, the 3.333 victory clock).

mod common;

use common::{
    card, card_count, fleet, fleet_ship, hex, legal, listed_ships, mission, mission_mut, pos,
    ships, started, tactic, to_phase,
};
use spacedock_engine::powers::Stat;
use spacedock_engine::{
    Action, CardPlace, Cell, Damage, EffectSource, Event, Game, Outcome, PlayerId, Pos, Target,
    TeamId, TurnPhase, WeaponRef, WinKind,
};
use spacedock_schema::common::Level;
use spacedock_schema::rules::DiscoveryTile;

const DEAD_ZONE: &str = "dead-zone-battle";
const ISN: PlayerId = PlayerId(0);
const WRETCH: PlayerId = PlayerId(1);

fn events(game: &mut Game) -> Vec<Event> {
    let mut out = Vec::new();
    game.drain_events(&mut out);
    out
}

// Energy.

#[test]
fn energy_is_capped_at_energy_max_33_plus_10_is_40() {
    let mut game = started(DEAD_ZONE, 1, 0);
    game.edit().set_energy(ISN, 33).gain_energy(ISN, 10);
    assert_eq!(game.energy(ISN), 40);
}

#[test]
fn energy_never_goes_below_energy_min() {
    let mut game = started(DEAD_ZONE, 1, 0);
    game.edit().set_energy(ISN, 3).lose_energy(ISN, 10);
    assert_eq!(game.energy(ISN), 0);
}

#[test]
fn first_player_gains_5_in_the_first_energy_phase_then_10() {
    let mut game = started(DEAD_ZONE, 2, 0);
    assert_eq!(game.energy(ISN), 15 + 5);
    assert_eq!(game.hand_len(ISN), 5 + 1, "the first player still draws");
    to_phase(&mut game, TurnPhase::Action);
    game.apply(Action::EndPhase).unwrap();
    assert_eq!(game.active_player(), WRETCH);
    assert_eq!(game.energy(WRETCH), 15 + 10);
}

#[test]
fn the_high_roller_chooses_who_goes_first() {
    let mut game = Game::new(common::bundle(), DEAD_ZONE, 3).unwrap();
    let mut rolls = Vec::new();
    game.drain_events(&mut rolls);
    let chooser = game.to_move();
    let legal = legal(&game);
    assert_eq!(
        legal,
        vec![
            Action::ChooseFirstPlayer(ISN),
            Action::ChooseFirstPlayer(WRETCH)
        ]
    );
    let mut high = 0;
    let mut high_roller = None;
    for event in rolls {
        if let Event::FirstPlayerRoll { player, roll } = event {
            if roll > high {
                high = roll;
                high_roller = Some(player);
            } else if roll == high {
                high_roller = None;
            }
        }
    }
    assert_eq!(high_roller, Some(chooser));
    game.apply(Action::ChooseFirstPlayer(WRETCH)).unwrap();
    assert_eq!(game.active_player(), WRETCH);
    assert_eq!(game.round(), 1);
}

#[test]
fn discarding_for_energy_gains_one_per_card() {
    let mut game = started(DEAD_ZONE, 4, 0);
    let before = game.energy(ISN);
    let card = game.hand(ISN)[0];
    game.apply(Action::DiscardForEnergy(card)).unwrap();
    assert_eq!(game.energy(ISN), before + 1);
    assert_eq!(game.discard_len(ISN), 1);
}

#[test]
fn a_full_hand_discards_before_drawing() {
    let mut game = started(DEAD_ZONE, 5, 0);
    while game.hand_len(WRETCH) < 10 {
        game.edit().draw(WRETCH);
    }
    to_phase(&mut game, TurnPhase::Action);
    game.apply(Action::EndPhase).unwrap();
    assert_eq!(game.to_move(), WRETCH);
    let legal = legal(&game);
    assert!(
        legal
            .iter()
            .all(|action| matches!(action, Action::DiscardForEnergy(_)))
    );
    let energy = game.energy(WRETCH);
    game.apply(legal[0]).unwrap();
    assert_eq!(game.energy(WRETCH), energy + 1);
    assert_eq!(game.hand_len(WRETCH), 10, "discarded one, then drew one");
}

// Tactic decks.

#[test]
fn a_deck_is_reshuffled_once_then_runs_out_for_good() {
    let mut game = started(DEAD_ZONE, 6, 0);
    // Empty the ISN deck twice through draws and discards.
    let mut drawn = 0;
    while game.deck_runs(ISN) < 2 {
        let Some(card) = game.edit().draw(ISN) else {
            break;
        };
        drawn += 1;
        if game.deck_runs(ISN) == 0 {
            game.edit().to_hand(ISN, card);
            game.apply(Action::DiscardForEnergy(card)).ok();
        }
    }
    assert_eq!(game.deck_runs(ISN), 2);
    assert_eq!(game.deck_len(ISN), 0);
    assert!(game.edit().draw(ISN).is_none(), "no more draws");
    assert!(drawn > 0);
}

#[test]
fn the_victory_clock_ends_the_game_when_every_deck_is_out() {
    let mut game = started(DEAD_ZONE, 7, 0);
    let everest = ships(&game, card(&game, 0, "isn-everest"))[0];
    {
        let placed_ship = everest;
        let placed_at = pos(&game, 8, 10, 0);
        game.edit().place_ship(placed_ship, placed_at)
    };
    for player in [ISN, WRETCH] {
        while game.outcome().is_none() && game.edit().draw(player).is_some() {}
    }
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            team: TeamId(0),
            how: WinKind::VictoryClock
        })
    );
}

/// Decks so short that dealing the opening hands runs every one out: the
/// victory clock ends the game in the setup, and nothing follows its end
/// (no roll for the first player, no choice of one).
#[test]
fn a_game_over_in_the_setup_stops_there() {
    let mut bundle = (*common::bundle()).clone();
    let mission = mission_mut(&mut bundle, DEAD_ZONE);
    for player in &mut mission.players {
        let deck = player.deck.as_mut().expect("the mission selects the decks");
        deck.cards.truncate(1);
        deck.cards[0].count = 1;
    }
    let mut game = Game::new(std::sync::Arc::new(bundle), DEAD_ZONE, 1).unwrap();
    let events = events(&mut game);
    let over = events
        .iter()
        .position(|event| matches!(event, Event::GameOver { .. }))
        .unwrap_or_else(|| panic!("the game ends in the setup: {events:?}"));
    assert_eq!(over, events.len() - 1, "events after the end: {events:?}");
    assert!(
        matches!(
            game.outcome(),
            Some(Outcome::Win {
                how: WinKind::VictoryClock,
                ..
            })
        ),
        "{:?}",
        game.outcome()
    );
    assert_eq!(legal(&game), [], "no action after the end");
}

/// A mission played without tactic cards keeps going with the victory
/// clock on: an empty deck deals nothing and never runs out, and the clock
/// waits only for decks that hold cards.
#[test]
fn empty_decks_never_run_out_so_the_clock_waits() {
    let mut bundle = (*common::bundle()).clone();
    let mission = mission_mut(&mut bundle, "dead-zone-battle-no-cards");
    mission.victory.victory_clock = true;
    let bundle = std::sync::Arc::new(bundle);
    let mut game = common::started_with(bundle, "dead-zone-battle-no-cards", 3, 0);
    for player in [ISN, WRETCH] {
        assert_eq!(game.hand(player).len(), 0, "no opening hand");
        assert!(game.edit().draw(player).is_none());
        assert_eq!(game.deck_runs(player), 0, "an empty deck does not run out");
    }
    // A whole round of turns (no ship launched, so destroy-all would end
    // it in round 3): every energy phase draws from the empty decks.
    let round = game.round();
    while game.round() == round {
        game.apply(Action::EndPhase)
            .expect("ending a phase is legal");
        common::answer_suggested(&mut game);
    }
    assert_eq!(
        game.outcome(),
        None,
        "the victory clock did not end the game"
    );
    assert_eq!(game.deck_runs(ISN), 0);
}

#[test]
fn victory_clock_scores_partial_squadrons_pro_rata() {
    // 2 of 3 seasoned F-47 Blue Hawks (launch cost 5) score 3.333.
    let game = started("meteor-storm", 1, 0);
    let hawks = card(&game, 3, "f-47-blue-hawks");
    assert_eq!(
        game.stat(Stat::LaunchCost(hawks)),
        4,
        "standard in Meteor Storm"
    );
    let mut game = started("dead-zone-battle-48", 1, 0);
    let isn_cards: Vec<_> = game
        .cards()
        .filter(|c| c.owner == ISN)
        .map(|c| c.id)
        .collect();
    for id in isn_cards {
        if game.card(id).place == CardPlace::Launched {
            for ship in ships(&game, id) {
                game.edit().destroy_ship(ship);
            }
        }
    }
    let fleet = fleet(
        "isn",
        vec![fleet_ship("f-47-blue-hawks", Level::Seasoned, &[])],
        vec![],
    );
    let mut game = Game::with_fleets(
        common::bundle(),
        "dead-zone-battle-48",
        1,
        &[Some(fleet), None],
    )
    .unwrap();
    let hawks = card(&game, 0, "f-47-blue-hawks");
    assert_eq!(game.stat(Stat::LaunchCost(hawks)), 5);
    let squadron = ships(&game, hawks);
    for (index, ship) in squadron.iter().enumerate() {
        let p = pos(&game, 4 + index as u32, 10, 0);
        game.edit().place_ship(*ship, p);
    }
    game.edit().destroy_ship(squadron[2]);
    let score = game.victory_clock_scores()[0];
    assert!((score - 10.0 / 3.0).abs() < 1e-9, "score {score}");
    assert_eq!(format!("{score:.3}"), "3.333");
}

/// A default deck takes at most the copy limit of a card's name: a second
/// printing under another id shares the limit, as the compiler counts it.
#[test]
fn a_default_deck_keeps_the_copy_limit_per_card_name() {
    let mut bundle = (*common::bundle()).clone();
    let first = bundle
        .tactics
        .iter()
        .position(|tactic| tactic.faction == "wretch")
        .unwrap();
    let mut promo = bundle.tactics[first].clone();
    promo.id = format!("{}-promo", promo.id);
    let name = promo.name.clone();
    bundle.tactics.insert(first, promo);
    let game = Game::new(std::sync::Arc::new(bundle), "dead-zone-battle-48", 1).unwrap();
    let copies = (0..game.tactic_count() as u16)
        .filter(|&id| game.tactic(spacedock_engine::TacticId(id)).name == name)
        .count();
    assert_eq!(copies, 3, "copies of {name}");
}

/// A default build leaves out the ship cards other seats bring (a game
/// set holds one of each): two ISN seats choosing their fleets get no ship
/// card twice.
#[test]
fn default_builds_of_two_seats_of_one_faction_share_no_ship_card() {
    let mut bundle = (*common::bundle()).clone();
    let mission = mission_mut(&mut bundle, "dead-zone-battle-42");
    mission.players[1].faction = "isn".into();
    let game = Game::new(std::sync::Arc::new(bundle), "dead-zone-battle-42", 1).unwrap();
    let fleet = |owner: PlayerId| -> Vec<String> {
        game.cards()
            .filter(|card| card.owner == owner)
            .map(|card| card.ship.to_string())
            .collect()
    };
    let (first, second) = (fleet(ISN), fleet(WRETCH));
    assert!(first.contains(&"isn-everest".to_owned()), "{first:?}");
    assert!(!second.is_empty(), "the second seat has a fleet");
    assert!(
        second.iter().all(|ship| !first.contains(ship)),
        "{first:?} and {second:?}"
    );
}

/// A later seat's build is known before the default builds are made: the
/// first seat's default build leaves its ships to it.
#[test]
fn a_default_build_leaves_out_a_later_seats_build() {
    let mut bundle = (*common::bundle()).clone();
    let mission = mission_mut(&mut bundle, "dead-zone-battle-42");
    mission.players[1].faction = "isn".into();
    let wretch_deck: Vec<_> = mission_mut(&mut bundle, "dead-zone-battle").players[0]
        .deck
        .as_ref()
        .unwrap()
        .cards
        .iter()
        .map(|count| card_count(&count.card, count.count))
        .collect();
    let build = common::fleet(
        "isn",
        vec![fleet_ship("isn-everest", Level::Standard, &[])],
        wretch_deck,
    );
    let game = Game::with_fleets(
        std::sync::Arc::new(bundle),
        "dead-zone-battle-42",
        1,
        &[None, Some(build)],
    )
    .unwrap();
    let first: Vec<String> = game
        .cards()
        .filter(|card| card.owner == ISN)
        .map(|card| card.ship.to_string())
        .collect();
    assert!(!first.is_empty());
    assert!(!first.contains(&"isn-everest".to_owned()), "{first:?}");
}

/// A build of a seat whose fleet and deck the mission selects is played
/// when it lists them exactly (as `fleet check` wants), and refused
/// otherwise, by name of what differs.
#[test]
fn a_build_of_a_mission_selected_fleet_lists_exactly_its_ships_and_deck() {
    let bundle = common::bundle();
    let mission = mission(&bundle, DEAD_ZONE);
    let isn = &mission.players[0];
    let exact = fleet(
        "isn",
        listed_ships(mission, 0),
        isn.deck.as_ref().unwrap().cards.clone(),
    );
    let play = |fleet: &spacedock_schema::fleet::FleetSource| {
        Game::with_fleets(bundle.clone(), DEAD_ZONE, 1, &[Some(fleet.clone()), None])
    };
    let game = play(&exact).unwrap();
    let default = Game::new(bundle.clone(), DEAD_ZONE, 1).unwrap();
    assert_eq!(game.state_hash(), default.state_hash());

    let mut short = exact.clone();
    short.ships.pop();
    assert_eq!(
        play(&short).err().unwrap().to_string(),
        format!(
            "{}: the mission selects this seat's ships; a build lists exactly them",
            isn.name
        )
    );
    let mut wretch = exact.clone();
    wretch.faction = "Wretch".into();
    assert_eq!(
        play(&wretch).err().unwrap().to_string(),
        format!(
            "{}: the build is of faction `Wretch`, the seat's is `isn`",
            isn.name
        )
    );
    let mut other_deck = exact.clone();
    other_deck.deck[0].count -= 1;
    assert_eq!(
        play(&other_deck).err().unwrap().to_string(),
        format!(
            "{}: the mission selects this seat's deck; a build lists exactly it, or none",
            isn.name
        )
    );
}

/// A build's deck for a combined selection holds the mission's cards and
/// its own: the deck is the build's, the mission's cards not added twice.
#[test]
fn a_combined_deck_is_the_builds_whole() {
    let mut bundle = (*common::bundle()).clone();
    let mission = mission_mut(&mut bundle, "dead-zone-battle-48");
    let deck = mission.players[0].deck.as_mut().unwrap();
    deck.selection = spacedock_schema::mission::Selection::Combined;
    deck.cards = vec![card_count("erin-cho", 2)];
    let isn: Vec<String> = bundle
        .tactics
        .iter()
        .filter(|tactic| tactic.faction == "isn" && tactic.id != "erin-cho")
        .map(|tactic| tactic.id.clone())
        .collect();
    let mut cards = vec![card_count("erin-cho", 3)];
    cards.extend(isn.iter().take(7).map(|id| card_count(id, 3)));
    let fleet = fleet(
        "isn",
        vec![fleet_ship("isn-everest", Level::Veteran, &[])],
        cards,
    );
    let game = Game::with_fleets(
        std::sync::Arc::new(bundle),
        "dead-zone-battle-48",
        1,
        &[Some(fleet), None],
    )
    .unwrap();
    let erin = (0..game.tactic_count() as u16)
        .filter(|&id| game.tactic(spacedock_engine::TacticId(id)).card == "erin-cho")
        .count();
    assert_eq!(erin, 3);
    assert_eq!(
        game.deck_len(ISN) + game.hand_len(ISN),
        24,
        "the build's 24 cards"
    );
}

/// Teammates sharing a deck give it once: two builds giving the shared
/// deck must give the same cards (however they split the counts).
#[test]
fn teammates_builds_give_their_shared_deck_alike() {
    let bundle = common::bundle();
    let mission = mission(&bundle, "meteor-storm");
    let wretch: Vec<String> = bundle
        .tactics
        .iter()
        .filter(|tactic| tactic.faction == "wretch")
        .map(|tactic| tactic.id.clone())
        .collect();
    let build = |seat: usize, deck| Some(fleet("wretch", listed_ships(mission, seat), deck));
    let deck: Vec<_> = wretch.iter().map(|id| card_count(id, 3)).collect();
    let mut split = deck.clone();
    split[0].count = 2;
    split.push(card_count(&wretch[0], 1));
    let mut other = deck.clone();
    other[0] = card_count(&wretch[1], 3);
    let play = |second| {
        Game::with_fleets(
            bundle.clone(),
            "meteor-storm",
            1,
            &[build(0, deck.clone()), second, None, None],
        )
    };
    play(build(1, split)).expect("the same cards, split otherwise");
    assert_eq!(
        play(build(1, other)).err().unwrap().to_string(),
        format!(
            "{} and {} share a tactic deck, and their builds give two different ones",
            mission.players[0].name, mission.players[1].name
        )
    );
}

/// A fleet never holds two ships of one name: two ship cards a bundle
/// gives one name under two ids are refused together, as the fleet check
/// (SD0302) refuses them.
#[test]
fn a_fleet_with_two_ships_of_one_name_is_refused() {
    let mut bundle = (*common::bundle()).clone();
    let mut other = bundle
        .ships
        .iter()
        .find(|ship| ship.id == "isn-torrent")
        .unwrap()
        .clone();
    other.id = "isn-torrent-b".into();
    bundle.ships.push(other);
    let ship = |id: &str| fleet_ship(id, Level::Standard, &[]);
    let fleet = fleet(
        "isn",
        vec![ship("isn-torrent"), ship("isn-torrent-b")],
        vec![],
    );
    let Err(refused) = Game::with_fleets(
        std::sync::Arc::new(bundle),
        "dead-zone-battle-48",
        1,
        &[Some(fleet), None],
    ) else {
        panic!("a fleet with two ships named ISN Torrent was taken");
    };
    assert_eq!(
        refused.to_string(),
        "ISN player: the fleet has two ships named `ISN Torrent`"
    );
}

#[test]
fn a_die_of_one_face_is_refused_at_setup() {
    // The roll for first player would tie forever (a bundle made by hand:
    // the compiler refuses such a ruleset).
    let mut bundle = (*common::bundle()).clone();
    bundle.rules.number_die = 1;
    let Err(refused) = Game::new(std::sync::Arc::new(bundle), DEAD_ZONE, 1) else {
        panic!("a one-faced number die was taken");
    };
    assert_eq!(
        refused.to_string(),
        "the ruleset's dice need at least 2 faces each (letter die 10, number die 1)"
    );
}

#[test]
fn a_mission_of_more_than_32_seats_is_refused_at_setup() {
    // A special rule's players are a 32-bit set.
    let mut bundle = (*common::bundle()).clone();
    let mission = mission_mut(&mut bundle, DEAD_ZONE);
    while mission.players.len() < 33 {
        let mut player = mission.players[0].clone();
        player.name = format!("Player {}", mission.players.len() + 1);
        mission.players.push(player);
    }
    let Err(refused) = Game::new(std::sync::Arc::new(bundle), DEAD_ZONE, 1) else {
        panic!("33 seats were taken");
    };
    assert_eq!(
        refused.to_string(),
        "the mission seats 33 players; the engine plays at most 32"
    );
}

// Deploy.

#[test]
fn launching_pays_the_launch_cost_and_places_every_ship_with_shields() {
    let mut game = started(DEAD_ZONE, 8, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let energy = game.energy(ISN);
    game.apply(Action::Launch(sparrows)).unwrap();
    assert_eq!(
        game.energy(ISN),
        energy - game.stat(Stat::LaunchCost(sparrows))
    );
    let squadron = ships(&game, sparrows);
    for (index, ship) in squadron.iter().enumerate() {
        let places = legal(&game);
        assert!(!places.is_empty());
        for action in &places {
            let Action::Place { hex, .. } = action else {
                panic!("only placements while launching: {action:?}")
            };
            let [_, row] = game.coord(*hex);
            assert!((10..=11).contains(&row), "in the south zone");
        }
        if index > 0 {
            // Next to a ship of the squadron already placed.
            let Action::Place { hex, .. } = places[0] else {
                unreachable!()
            };
            let placed = game.ship(squadron[index - 1]).pos.unwrap().at;
            assert!(game.ship_hexes(squadron[0]).contains(&placed) || index > 0);
            let mut probe = game.clone();
            probe.apply(places[0]).unwrap();
            assert!(
                squadron[..=index]
                    .iter()
                    .any(|&other| other != *ship && probe.distance(other, *ship) == Some(1)),
                "{hex:?} is next to the squadron"
            );
        }
        game.apply(places[0]).unwrap();
        assert_eq!(game.ship(*ship).shields, 2, "standard F-51: shield 2");
    }
    assert_eq!(game.card(sparrows).place, CardPlace::Launched);
}

#[test]
fn no_launch_without_room_in_the_zone() {
    let mut game = started(DEAD_ZONE, 9, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    let everest = card(&game, 0, "isn-everest");
    assert!(legal(&game).contains(&Action::Launch(everest)));
    // Fill the south zone's rows with Wretch fighters... by obstacles: move
    // the zone out of reach by filling it with ships of both fleets.
    let blockers: Vec<_> = game
        .cards()
        .filter(|c| c.owner == WRETCH)
        .flat_map(|c| game.card_ships(c.id).collect::<Vec<_>>())
        .collect();
    // Four blockers on row 9 cannot fill two zone rows; instead shrink the
    // room: a large ship needs a free flower touching the zone.
    let mut column = 2;
    for ship in blockers {
        let p = pos(&game, column, 10, 0);
        game.edit().place_ship(ship, Pos { at: p.at, dir: 0 });
        column += 2;
        if column > 15 {
            break;
        }
    }
    let mut probe = game.clone();
    // A flower anywhere touching rows 10-11 must now avoid the blockers; it
    // still fits somewhere or not, and legality must agree with placement.
    let can = legal(&probe).contains(&Action::Launch(everest));
    if can {
        probe.apply(Action::Launch(everest)).unwrap();
        assert!(!legal(&probe).is_empty());
    }
}

#[test]
fn a_carrier_seals_smaller_ships_in_its_hold_and_launches_them_next_turn() {
    let mut game = started(DEAD_ZONE, 10, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    game.edit().set_energy(ISN, 40);
    let everest = card(&game, 0, "isn-everest");
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let barrage = card(&game, 0, "isn-barrage");
    game.apply(Action::Launch(everest)).unwrap();
    let place = legal(&game)[0];
    game.apply(place).unwrap();
    // Seasoned Everest: capacity 5; Barrage (2) and the Sparrows (3) fit.
    let loads = legal(&game);
    assert!(loads.contains(&Action::Load(sparrows)));
    assert!(loads.contains(&Action::Load(barrage)));
    assert!(loads.contains(&Action::EndLoad));
    game.apply(Action::Load(sparrows)).unwrap();
    assert_eq!(game.card(sparrows).place, CardPlace::Hold(everest));
    assert!(legal(&game).contains(&Action::Load(barrage)));
    game.apply(Action::Load(barrage)).unwrap();
    // Full: the hold closes by itself.
    assert!(legal(&game).contains(&Action::EndPhase));
    assert!(
        !legal(&game).contains(&Action::Launch(sparrows)),
        "not the same turn"
    );
    // Next ISN turn.
    to_phase(&mut game, TurnPhase::Action);
    game.apply(Action::EndPhase).unwrap();
    to_phase(&mut game, TurnPhase::Action);
    game.apply(Action::EndPhase).unwrap();
    to_phase(&mut game, TurnPhase::Deploy);
    game.edit().set_energy(ISN, 40);
    assert!(legal(&game).contains(&Action::Launch(sparrows)));
    game.apply(Action::Launch(sparrows)).unwrap();
    for _ in 0..3 {
        let place = legal(&game)[0];
        game.apply(place).unwrap();
    }
    let carrier = ships(&game, everest)[0];
    for ship in ships(&game, sparrows) {
        assert_eq!(game.distance(ship, carrier), Some(1), "next to the carrier");
    }
}

/// A fleet's hold names its ship cards by id first, as the compiler reads
/// them: a ship whose name is another ship's id stays out of the hold.
#[test]
fn a_planned_hold_finds_its_ships_by_id_first() {
    let mut bundle = (*common::bundle()).clone();
    let barrage = bundle
        .ships
        .iter_mut()
        .find(|ship| ship.id == "isn-barrage")
        .unwrap();
    barrage.name = "f-51-blue-sparrows".into();
    let ship = |id: &str, transport: &[&str]| fleet_ship(id, Level::Seasoned, transport);
    let fleet = fleet(
        "isn",
        vec![
            ship("isn-everest", &["f-51-blue-sparrows"]),
            ship("isn-barrage", &[]),
            ship("f-51-blue-sparrows", &[]),
        ],
        vec![],
    );
    let mut game = Game::with_fleets(
        std::sync::Arc::new(bundle),
        "dead-zone-battle-48",
        1,
        &[Some(fleet), None],
    )
    .unwrap();
    while game.in_setup() {
        let first = legal(&game)[0];
        game.apply(first).unwrap();
    }
    while game.to_move() != ISN || game.phase() != TurnPhase::Deploy {
        game.apply(Action::EndPhase).unwrap();
    }
    game.edit().set_energy(ISN, 40);
    let everest = card(&game, 0, "isn-everest");
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let barrage = card(&game, 0, "isn-barrage");
    game.apply(Action::Launch(everest)).unwrap();
    let place = legal(&game)[0];
    game.apply(place).unwrap();
    assert_eq!(game.card(sparrows).place, CardPlace::Hold(everest));
    assert_eq!(game.card(barrage).place, CardPlace::Screen);
}

#[test]
fn destroying_a_carrier_destroys_its_hold() {
    let mut game = started(DEAD_ZONE, 11, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    let everest = card(&game, 0, "isn-everest");
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    game.apply(Action::Launch(everest)).unwrap();
    let place = legal(&game)[0];
    game.apply(place).unwrap();
    game.apply(Action::Load(sparrows)).unwrap();
    let flagship = ships(&game, everest)[0];
    game.edit().destroy_ship(flagship);
    assert_eq!(game.card(everest).place, CardPlace::OutOfPlay);
    assert_eq!(game.card(sparrows).place, CardPlace::OutOfPlay);
    assert!(
        ships(&game, sparrows)
            .iter()
            .all(|&s| game.ship(s).destroyed)
    );
}

// Movement.

fn action_phase_with(game: &mut Game, placements: &[(spacedock_engine::ShipId, Pos)]) {
    for (ship, p) in placements {
        game.edit().place_ship(*ship, *p);
    }
    to_phase(game, TurnPhase::Action);
    let active = game.active_player();
    game.edit().set_energy(active, 40);
}

#[test]
fn a_small_ship_steps_hex_to_hex_up_to_its_move() {
    let mut game = started(DEAD_ZONE, 12, 0);
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let ship = ships(&game, sparrows)[0];
    {
        let placements = &[(ship, pos(&game, 8, 9, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(sparrows)).unwrap();
    for _ in 0..4 {
        game.apply(Action::Step { ship, dir: 2 }).unwrap();
    }
    // Standard F-51: move 4; the move ended by itself.
    assert!(!legal(&game).contains(&Action::Step { ship, dir: 2 }));
    assert_eq!(game.coord(game.ship(ship).pos.unwrap().at)[1], 5);
}

#[test]
fn a_medium_ship_trails_its_leading_end() {
    let mut game = started(DEAD_ZONE, 13, 0);
    let barrage = card(&game, 0, "isn-barrage");
    let ship = ships(&game, barrage)[0];
    // Barrage on [8, 8] (lead) and [9, 8] (east of it).
    {
        let placements = &[(ship, pos(&game, 8, 8, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(barrage)).unwrap();
    // Lead west: the lead goes to [7, 8], the trail into [8, 8].
    game.apply(Action::Step { ship, dir: 3 }).unwrap();
    let hexes: Vec<_> = game
        .ship_hexes(ship)
        .iter()
        .map(|h| game.coord(*h))
        .collect();
    assert_eq!(hexes, vec![[7, 8], [8, 8]]);
    // The lead is chosen: the other end cannot lead now.
    assert!(
        legal(&game)
            .iter()
            .all(|a| !matches!(a, Action::Step { dir: 6.., .. }))
    );
    // Turn north-west: lead to the hex NW of [7, 8], trail into [7, 8].
    game.apply(Action::Step { ship, dir: 2 }).unwrap();
    let hexes: Vec<_> = game
        .ship_hexes(ship)
        .iter()
        .map(|h| game.coord(*h))
        .collect();
    assert_eq!(hexes[1], [7, 8]);
}

#[test]
fn a_medium_ship_may_lead_with_its_other_end() {
    let mut game = started(DEAD_ZONE, 13, 0);
    let barrage = card(&game, 0, "isn-barrage");
    let ship = ships(&game, barrage)[0];
    {
        let placements = &[(ship, pos(&game, 8, 8, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(barrage)).unwrap();
    // The east end [9, 8] leads east (6 + 0).
    game.apply(Action::Step { ship, dir: 6 }).unwrap();
    let hexes: Vec<_> = game
        .ship_hexes(ship)
        .iter()
        .map(|h| game.coord(*h))
        .collect();
    assert_eq!(hexes, vec![[10, 8], [9, 8]]);
}

#[test]
fn a_large_ship_moves_its_flower_one_space() {
    let mut game = started(DEAD_ZONE, 14, 0);
    let everest = card(&game, 0, "isn-everest");
    let ship = ships(&game, everest)[0];
    {
        let placements = &[(ship, pos(&game, 8, 8, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(everest)).unwrap();
    let before = game.ship_hexes(ship);
    game.apply(Action::Step { ship, dir: 0 }).unwrap();
    let after = game.ship_hexes(ship);
    assert_eq!(after.len(), 7);
    assert_eq!(after.iter().filter(|h| !before.contains(h)).count(), 3);
}

#[test]
fn ships_never_enter_half_hexes_or_asteroids_nor_end_on_ships() {
    let mut game = started("blockade-run-at-entebe", 15, 1);
    // Wretch (player 1) moves a ship next to the asteroid at [4, 5]-[5, 5].
    let wretch_card = game
        .cards()
        .find(|c| c.owner == WRETCH && c.size == spacedock_schema::common::Size::Small)
        .map(|c| c.id);
    let Some(fighter) = wretch_card else { return };
    let ship = ships(&game, fighter)[0];
    {
        let placements = &[(ship, pos(&game, 4, 6, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(fighter)).unwrap();
    let steps = legal(&game);
    // North-east of [4, 6] (an even row) is [5, 5], an asteroid; north-west [4, 5] too.
    assert!(!steps.contains(&Action::Step { ship, dir: 1 }));
    assert!(!steps.contains(&Action::Step { ship, dir: 2 }));
    assert!(steps.contains(&Action::Step { ship, dir: 0 }));
    // Column 1 is half hexes: from [2, 7] a ship cannot step west.
    let mut probe = started(DEAD_ZONE, 15, 0);
    let sparrows = card(&probe, 0, "f-51-blue-sparrows");
    let fighter = ships(&probe, sparrows)[0];
    {
        let placements = &[(fighter, pos(&probe, 2, 7, 0))];
        action_phase_with(&mut probe, placements);
    }
    probe.apply(Action::Activate(sparrows)).unwrap();
    assert!(!legal(&probe).contains(&Action::Step {
        ship: fighter,
        dir: 3
    }));
}

#[test]
fn a_ship_passes_through_ships_but_cannot_end_on_one() {
    let mut game = started(DEAD_ZONE, 16, 0);
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let [a, b, ..] = ships(&game, sparrows)[..] else {
        unreachable!()
    };
    {
        let placements = &[(a, pos(&game, 8, 9, 0)), (b, pos(&game, 9, 9, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(sparrows)).unwrap();
    game.apply(Action::Step { ship: a, dir: 0 }).unwrap();
    assert_eq!(game.coord(game.ship(a).pos.unwrap().at), [9, 9]);
    assert!(!legal(&game).contains(&Action::EndMove), "on top of b");
    game.apply(Action::Step { ship: a, dir: 0 }).unwrap();
    assert!(legal(&game).contains(&Action::EndMove));
}

#[test]
fn ecm_rolls_once_as_a_ship_moves_next_to_an_enemy() {
    let mut game = started(DEAD_ZONE, 17, 0);
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let ship = ships(&game, sparrows)[0];
    let chosh = ships(&game, card(&game, 1, "chosh-ka"))[0];
    {
        let placements = &[(ship, pos(&game, 4, 8, 0)), (chosh, pos(&game, 7, 7, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(sparrows)).unwrap();
    events(&mut game);
    game.apply(Action::Step { ship, dir: 0 }).unwrap(); // [5, 8]
    game.apply(Action::Step { ship, dir: 0 }).unwrap(); // [6, 8]: next to [7, 7]
    let ecm: Vec<_> = events(&mut game)
        .into_iter()
        .filter_map(|e| match e {
            Event::EcmRoll {
                enemy,
                roll,
                damage,
                ..
            } => Some((enemy, roll, damage)),
            _ => None,
        })
        .collect();
    assert_eq!(ecm.len(), 1);
    let (enemy, roll, damage) = ecm[0];
    assert_eq!(enemy, chosh);
    assert_eq!(damage, if roll >= 5 { 2 } else { 0 }, "medium: 2");
    if game.ship(ship).destroyed {
        return;
    }
    // Staying adjacent: no second roll.
    game.apply(Action::Step { ship, dir: 0 }).unwrap(); // [7, 8]: still adjacent
    assert!(
        !events(&mut game)
            .iter()
            .any(|e| matches!(e, Event::EcmRoll { .. }))
    );
}

#[test]
fn debris_rolls_as_a_ship_enters_a_field() {
    let mut game = started("blockade-run-at-entebe", 18, 1);
    let small = game
        .cards()
        .find(|c| c.owner == WRETCH && c.size == spacedock_schema::common::Size::Small)
        .map(|c| c.id);
    let Some(fighter) = small else { return };
    let ship = ships(&game, fighter)[0];
    // Debris field at [6, 8]-[7, 8]; the fighter starts west of it.
    {
        let placements = &[(ship, pos(&game, 5, 8, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(fighter)).unwrap();
    events(&mut game);
    game.apply(Action::Step { ship, dir: 0 }).unwrap();
    let rolls = events(&mut game)
        .into_iter()
        .filter(|e| matches!(e, Event::DebrisRoll { .. }))
        .count();
    assert_eq!(rolls, 1);
    if game.ship(ship).destroyed {
        return;
    }
    game.apply(Action::Step { ship, dir: 0 }).unwrap();
    let again = events(&mut game)
        .into_iter()
        .filter(|e| matches!(e, Event::DebrisRoll { .. }))
        .count();
    assert_eq!(again, 0, "the second space of the same field");
}

// Attacks.

/// Everest (ISN) and Chosh Ka (Wretch) in range, ISN's action phase.
fn duel(seed: u64) -> (Game, spacedock_engine::ShipId, spacedock_engine::ShipId) {
    let mut game = started(DEAD_ZONE, seed, 0);
    let everest = ships(&game, card(&game, 0, "isn-everest"))[0];
    let chosh = ships(&game, card(&game, 1, "chosh-ka"))[0];
    {
        let placements = &[(everest, pos(&game, 8, 8, 0)), (chosh, pos(&game, 8, 5, 0))];
        action_phase_with(&mut game, placements);
    }
    (game, everest, chosh)
}

#[test]
fn the_d4_attack_on_chosh_ka_removes_the_last_shield_and_adds_one_hull_damage() {
    for seed in 0..3000 {
        let (mut game, everest, chosh) = duel(seed);
        game.edit().set_pegs(chosh, 1, 0);
        let card = card(&game, 0, "isn-everest");
        game.apply(Action::Activate(card)).unwrap();
        game.apply(Action::Charge {
            ship: everest,
            weapon: WeaponRef::Primary,
        })
        .unwrap();
        events(&mut game);
        game.apply(Action::Attack {
            ship: everest,
            target: chosh,
        })
        .unwrap();
        let roll = events(&mut game).into_iter().find_map(|e| match e {
            Event::AttackRoll {
                letter,
                number,
                cell,
                ..
            } => Some((letter, number, cell)),
            _ => None,
        });
        if roll.map(|(l, n, _)| (l, n)) != Some((4, 4)) {
            continue;
        }
        assert_eq!(
            roll.unwrap().2,
            Cell::Hit,
            "D-4 is grey on Chosh Ka's chart"
        );
        assert_eq!(game.stat(Stat::Strength(everest, WeaponRef::Primary)), 2);
        assert_eq!(game.ship(chosh).shields, 0);
        assert_eq!(game.ship(chosh).hull_damage, 1);
        return;
    }
    panic!("no seed rolled D-4");
}

#[test]
fn attack_damage_removes_shields_then_adds_hull_damage() {
    let (mut game, _, chosh) = duel(20);
    game.edit().set_pegs(chosh, 1, 0);
    game.edit().deal_damage(chosh, 2, Damage::Attack, None);
    assert_eq!(
        (game.ship(chosh).shields, game.ship(chosh).hull_damage),
        (0, 1)
    );
}

#[test]
fn direct_shield_damage_never_reaches_the_hull_and_hull_damage_ignores_shields() {
    let (mut game, _, chosh) = duel(21);
    game.edit().set_pegs(chosh, 1, 0);
    game.edit()
        .deal_damage(chosh, 3, Damage::Shield, Some("vecton"));
    assert_eq!(
        (game.ship(chosh).shields, game.ship(chosh).hull_damage),
        (0, 0)
    );
    game.edit().set_pegs(chosh, 2, 0);
    game.edit().deal_damage(chosh, 2, Damage::Hull, None);
    assert_eq!(
        (game.ship(chosh).shields, game.ship(chosh).hull_damage),
        (2, 2)
    );
    game.edit().deal_damage(chosh, 5, Damage::Hull, None);
    assert!(
        game.ship(chosh).destroyed,
        "hull damage >= hull with shields up"
    );
}

#[test]
fn a_critical_star_destroys_only_a_ship_whose_shields_were_already_down() {
    for shields in [0, 1] {
        let mut found = false;
        for seed in 0..4000 {
            let (mut game, everest, chosh) = duel(seed);
            game.edit().set_pegs(chosh, shields, 0);
            game.apply(Action::Activate(card(&game, 0, "isn-everest")))
                .unwrap();
            game.apply(Action::Charge {
                ship: everest,
                weapon: WeaponRef::Primary,
            })
            .unwrap();
            events(&mut game);
            game.apply(Action::Attack {
                ship: everest,
                target: chosh,
            })
            .unwrap();
            let critical = events(&mut game).iter().any(|e| {
                matches!(
                    e,
                    Event::AttackRoll {
                        cell: Cell::Critical,
                        ..
                    }
                )
            });
            if !critical {
                continue;
            }
            if shields == 0 {
                assert!(game.ship(chosh).destroyed);
            } else {
                assert!(
                    !game.ship(chosh).destroyed,
                    "the hit only brought the shields down"
                );
                assert_eq!(game.ship(chosh).hull_damage, 1);
            }
            found = true;
            break;
        }
        assert!(found);
    }
}

#[test]
fn each_weapon_charges_once_per_activation() {
    let (mut game, everest, _) = duel(22);
    let card = card(&game, 0, "isn-everest");
    game.apply(Action::Activate(card)).unwrap();
    let charge = Action::Charge {
        ship: everest,
        weapon: WeaponRef::Primary,
    };
    assert!(legal(&game).contains(&charge));
    game.apply(charge).unwrap();
    game.apply(Action::EndWeapon).unwrap();
    assert!(!legal(&game).contains(&charge));
    assert!(
        legal(&game)
            .iter()
            .all(|a| !matches!(a, Action::Step { .. })),
        "no moving after attacking"
    );
}

#[test]
fn range_counts_from_the_nearest_hex_to_the_nearest_hex() {
    let (mut game, everest, chosh) = duel(23);
    // Everest's flower reaches row 7; Chosh Ka at [8, 5]-[9, 5].
    assert_eq!(game.distance(everest, chosh), Some(2));
    {
        let placed_ship = chosh;
        let placed_at = pos(&game, 8, 1 + 1, 0);
        game.edit().place_ship(placed_ship, placed_at)
    };
    assert_eq!(game.distance(everest, chosh), Some(5));
    assert_eq!(game.stat(Stat::Range(everest, WeaponRef::Primary)), 5);
    let card = card(&game, 0, "isn-everest");
    game.apply(Action::Activate(card)).unwrap();
    assert!(legal(&game).contains(&Action::Charge {
        ship: everest,
        weapon: WeaponRef::Primary
    }));
    {
        let placed_ship = chosh;
        let placed_at = pos(&game, 2, 2, 0);
        game.edit().place_ship(placed_ship, placed_at)
    };
    assert!(
        !legal(&game).contains(&Action::Charge {
            ship: everest,
            weapon: WeaponRef::Primary
        }),
        "out of range: no target, no charge"
    );
}

#[test]
fn asteroid_cover_can_turn_a_hit_into_a_miss() {
    let mut seen = [false; 2];
    for seed in 0..400 {
        let mut game = started("blockade-run-at-entebe", seed, 0);
        let isn: Vec<_> = game
            .cards()
            .filter(|c| c.owner == ISN)
            .map(|c| c.id)
            .collect();
        let wretch_medium = game
            .cards()
            .find(|c| c.owner == WRETCH && c.size != spacedock_schema::common::Size::Large)
            .map(|c| c.id);
        let (Some(target_card), Some(&attacker_card)) = (wretch_medium, isn.first()) else {
            return;
        };
        let target = ships(&game, target_card)[0];
        let attacker = ships(&game, attacker_card)[0];
        // Target next to the asteroid at [11, 8]-[12, 8].
        {
            let placed_ship = target;
            let placed_at = pos(&game, 11, 9, 0);
            game.edit().place_ship(placed_ship, placed_at)
        };
        {
            let placed_ship = attacker;
            let placed_at = pos(&game, 11, 11, 0);
            game.edit().place_ship(placed_ship, placed_at)
        };
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(ISN, 40);
        if game.apply(Action::Activate(attacker_card)).is_err() {
            continue;
        }
        let Some(charge) = legal(&game)
            .into_iter()
            .find(|a| matches!(a, Action::Charge { ship, .. } if *ship == attacker))
        else {
            continue;
        };
        game.apply(charge).unwrap();
        events(&mut game);
        if game
            .apply(Action::Attack {
                ship: attacker,
                target,
            })
            .is_err()
        {
            continue;
        }
        for event in events(&mut game) {
            if let Event::AsteroidCover { roll, missed, .. } = event {
                assert_eq!(missed, roll >= 6);
                seen[usize::from(missed)] = true;
            }
        }
        if seen == [true, true] {
            return;
        }
    }
    panic!("asteroid cover never rolled both ways: {seen:?}");
}

// Destruction and victory.

#[test]
fn a_destroyed_ship_card_leaves_play_and_its_cards_go_to_the_discard_pile() {
    let (mut game, _, chosh) = duel(24);
    let chosh_card = card(&game, 1, "chosh-ka");
    let hero = tactic(&game, "krall-draxus");
    game.edit().attach(hero, chosh_card);
    assert_eq!(game.card(chosh_card).attached, &[hero]);
    let discards = game.discard_len(WRETCH);
    game.edit().set_pegs(chosh, 0, 5);
    assert!(game.ship(chosh).destroyed);
    assert_eq!(game.card(chosh_card).place, CardPlace::OutOfPlay);
    assert_eq!(game.discard_len(WRETCH), discards + 1);
}

#[test]
fn destroy_all_is_not_a_victory_before_round_3() {
    let (mut game, _, chosh) = duel(25);
    for card_id in game
        .cards()
        .filter(|c| c.owner == WRETCH)
        .map(|c| c.id)
        .collect::<Vec<_>>()
    {
        for ship in ships(&game, card_id) {
            if game.ship(ship).pos.is_some() {
                game.edit().destroy_ship(ship);
            }
        }
    }
    assert!(game.ship(chosh).destroyed);
    assert_eq!(game.outcome(), None, "round 1");
    game.edit().set_round(3);
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            team: TeamId(0),
            how: WinKind::DestroyAll
        })
    );
    assert!(legal(&game).is_empty());
}

#[test]
fn victory_points_win_at_the_threshold() {
    let mut game = started("blockade-run-at-entebe", 26, 0);
    let mut events = Vec::new();
    game.drain_events(&mut events);
    game.edit().score_victory_points(TeamId(1), 7);
    assert_eq!(game.outcome(), None);
    // Points set by hand are no power's: the event says so.
    events.clear();
    game.drain_events(&mut events);
    assert_eq!(
        events,
        [Event::VictoryPoints {
            team: TeamId(1),
            points: 7,
            total: 7,
            source: EffectSource::Edit,
            player: None,
        }]
    );
    game.edit().score_victory_points(TeamId(1), 1);
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            team: TeamId(1),
            how: WinKind::VictoryPoints
        })
    );
}

#[test]
fn destroying_isn_barrage_wins_the_battle_for_isn_barrage() {
    let mut game = started("the-battle-for-isn-barrage", 27, 0);
    // The Wretch player (seat 0) begins with ISN Barrage launched.
    let barrage = card(&game, 0, "isn-barrage");
    assert_eq!(game.card(barrage).place, CardPlace::Launched);
    let target = ships(&game, barrage)[0];
    game.edit().destroy_ship(target);
    let isn_team = game.team(PlayerId(1));
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            team: isn_team,
            how: WinKind::Alternative
        })
    );
}

#[test]
fn taking_control_destroys_the_hold_and_same_named_ships() {
    let mut game = started(DEAD_ZONE, 28, 0);
    let everest = card(&game, 0, "isn-everest");
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    to_phase(&mut game, TurnPhase::Deploy);
    game.apply(Action::Launch(everest)).unwrap();
    let place = legal(&game)[0];
    game.apply(place).unwrap();
    game.apply(Action::Load(sparrows)).unwrap();
    game.edit().take_control(everest, WRETCH);
    assert_eq!(game.card(everest).controller, WRETCH);
    assert_eq!(game.card(sparrows).place, CardPlace::OutOfPlay);
    // Meteor Storm: both sides field... a Wretch card taken by the ISN
    // player who already has one of that name would be destroyed; here the
    // names differ, so Everest stays.
    assert!(!game.ship(ships(&game, everest)[0]).destroyed);
}

// Tactic cards.

fn first_in_hand(game: &Game, card: &str) -> spacedock_engine::TacticId {
    *game
        .hand(ISN)
        .iter()
        .find(|&&t| game.tactic(t).card == card)
        .unwrap()
}

#[test]
fn ship_upgrades_match_the_icon_and_fill_slots_then_replace() {
    let mut game = started(DEAD_ZONE, 29, 0);
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let torrent = card(&game, 0, "isn-torrent");
    for (ship, column) in ships(&game, sparrows).into_iter().zip([4, 5, 6]) {
        let p = pos(&game, column, 10, 0);
        game.edit().place_ship(ship, p);
    }
    {
        let placed_ship = ships(&game, torrent)[0];
        let placed_at = pos(&game, 10, 10, 0);
        game.edit().place_ship(placed_ship, placed_at)
    };
    to_phase(&mut game, TurnPhase::Deploy);
    game.edit().set_energy(ISN, 40);
    let upgrade = tactic(&game, "superior-squadron-tactics");
    game.edit().to_hand(ISN, upgrade);
    // Copies are interchangeable: the legal list names the first in hand.
    let upgrade = first_in_hand(&game, "superior-squadron-tactics");
    let plays = legal(&game);
    assert!(plays.contains(&Action::PlayCard {
        card: upgrade,
        target: Target::Card(sparrows)
    }));
    assert!(
        !plays.contains(&Action::PlayCard {
            card: upgrade,
            target: Target::Card(torrent)
        }),
        "a squadron upgrade on a solo ship"
    );
    game.apply(Action::PlayCard {
        card: upgrade,
        target: Target::Card(sparrows),
    })
    .unwrap();
    assert_eq!(game.card(sparrows).attached, &[upgrade]);
    // One upgrade slot: a second copy can only replace the first.
    let second = (0..game.tactic_count() as u16)
        .map(spacedock_engine::TacticId)
        .find(|&t| t != upgrade && game.tactic(t).card == "superior-squadron-tactics")
        .unwrap();
    if !game.hand(ISN).contains(&second) {
        game.edit().to_hand(ISN, second);
    }
    let second = first_in_hand(&game, "superior-squadron-tactics");
    let plays = legal(&game);
    assert!(!plays.contains(&Action::PlayCard {
        card: second,
        target: Target::Card(sparrows)
    }));
    let replace = Action::PlayCard {
        card: second,
        target: Target::Replace(upgrade),
    };
    assert!(plays.contains(&replace));
    let energy = game.energy(ISN);
    game.apply(replace).unwrap();
    assert_eq!(game.energy(ISN), energy - 2, "the full cost");
    assert_eq!(game.card(sparrows).attached, &[second]);
}

#[test]
fn an_additional_weapon_becomes_a_chargeable_weapon() {
    let (mut game, everest, _) = duel(30);
    let everest_card = card(&game, 0, "isn-everest");
    let warhead = tactic(&game, "lr5-nuclear-warhead");
    game.edit().attach(warhead, everest_card);
    game.apply(Action::Activate(everest_card)).unwrap();
    let charge = Action::Charge {
        ship: everest,
        weapon: WeaponRef::Additional(warhead),
    };
    assert!(legal(&game).contains(&charge));
    let energy = game.energy(ISN);
    game.apply(charge).unwrap();
    assert_eq!(game.energy(ISN), energy - 3, "its charge cost");
}

#[test]
fn heroes_are_one_per_name_per_fleet_and_sabotage_goes_on_enemies() {
    let (mut game, _, _) = duel(31);
    to_phase(&mut game, TurnPhase::Action);
    let everest = card(&game, 0, "isn-everest");
    let hero = tactic(&game, "bronson-skiles");
    game.edit().attach(hero, everest);
    let torrent = card(&game, 0, "isn-torrent");
    {
        let placed_ship = ships(&game, torrent)[0];
        let placed_at = pos(&game, 12, 10, 0);
        game.edit().place_ship(placed_ship, placed_at)
    };
    let copy = (0..game.tactic_count() as u16)
        .map(spacedock_engine::TacticId)
        .find(|&t| t != hero && game.tactic(t).card == "bronson-skiles")
        .unwrap();
    assert!(game.outcome().is_none());
    // Heroes are deploy-phase cards; check the rule directly next turn.
    let mut next = game.clone();
    next.edit().to_hand(ISN, copy);
    next.apply(Action::EndPhase).unwrap();
    to_phase(&mut next, TurnPhase::Action);
    next.apply(Action::EndPhase).unwrap();
    to_phase(&mut next, TurnPhase::Deploy);
    next.edit().set_energy(ISN, 40);
    assert!(!legal(&next).contains(&Action::PlayCard {
        card: copy,
        target: Target::Card(torrent)
    }));
}

// Discovery tiles.

#[test]
fn a_black_tile_flips_when_a_ship_ends_its_move_on_it_and_the_artifact_adds_range() {
    let mut game = started(DEAD_ZONE, 32, 0);
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let ship = ships(&game, sparrows)[0];
    let spot = hex(&game, 9, 8);
    game.edit()
        .set_tile(spot, DiscoveryTile::AlienArtifact, false);
    {
        let placements = &[(ship, pos(&game, 8, 8, 0))];
        action_phase_with(&mut game, placements);
    }
    let range = game.stat(Stat::Range(ship, WeaponRef::Primary));
    game.apply(Action::Activate(sparrows)).unwrap();
    game.apply(Action::Step { ship, dir: 0 }).unwrap();
    assert!(
        game.tiles().any(|t| t.hex == spot && t.tile.is_none()),
        "still black"
    );
    game.apply(Action::EndMove).unwrap();
    assert!(
        game.tiles()
            .any(|t| t.hex == spot && t.tile == Some(DiscoveryTile::AlienArtifact))
    );
    assert_eq!(game.stat(Stat::Range(ship, WeaponRef::Primary)), range + 7);
}

#[test]
fn energy_sources_and_shield_regenerators_act_at_the_energy_phase() {
    let mut game = started(DEAD_ZONE, 33, 0);
    let torrent = card(&game, 0, "isn-torrent");
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let fighter = ships(&game, sparrows)[0];
    let (source, regenerator) = (hex(&game, 5, 7), hex(&game, 9, 7));
    game.edit()
        .set_tile(source, DiscoveryTile::EnergySource, true)
        .set_tile(regenerator, DiscoveryTile::ShieldRegenerator, true);
    {
        let placed_ship = ships(&game, torrent)[0];
        let placed_at = pos(&game, 5, 7, 0);
        game.edit().place_ship(placed_ship, placed_at)
    };
    {
        let placed_ship = fighter;
        let placed_at = pos(&game, 9, 7, 0);
        game.edit().place_ship(placed_ship, placed_at)
    };
    game.edit().set_pegs(fighter, 0, 0);
    to_phase(&mut game, TurnPhase::Action);
    game.apply(Action::EndPhase).unwrap();
    to_phase(&mut game, TurnPhase::Action);
    let energy = game.energy(ISN);
    game.apply(Action::EndPhase).unwrap();
    assert_eq!(game.energy(ISN), (energy + 10 + 2).min(40));
    assert_eq!(game.ship(fighter).shields, 1);
}

#[test]
fn a_warp_gate_places_a_ship_instead_of_moving_it() {
    let mut game = started(DEAD_ZONE, 34, 0);
    let torrent = card(&game, 0, "isn-torrent");
    let ship = ships(&game, torrent)[0];
    let gate = hex(&game, 8, 9);
    game.edit().set_tile(gate, DiscoveryTile::WarpGate, true);
    {
        let placements = &[(ship, pos(&game, 8, 9, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(torrent)).unwrap();
    game.apply(Action::Warp(ship)).unwrap();
    let places = legal(&game);
    let far = places
        .iter()
        .find(|a| matches!(a, Action::Place { hex, .. } if game.coord(*hex) == [8, 3]))
        .copied()
        .expect("within 13 spaces");
    game.apply(far).unwrap();
    assert_eq!(game.coord(game.ship(ship).pos.unwrap().at), [8, 3]);
    assert!(
        legal(&game)
            .iter()
            .all(|a| !matches!(a, Action::Step { .. }))
    );
}

// Missions.

#[test]
fn teams_share_an_energy_pool_with_its_own_numbers() {
    let game = started("meteor-storm", 35, 0);
    // Wretch players 1 and 2 share the Wretch pool: 20 + 8 in the first phase.
    assert_eq!(game.energy(PlayerId(0)), 28);
    assert_eq!(game.energy(PlayerId(1)), 28);
    assert_eq!(game.energy(PlayerId(2)), 20);
}

#[test]
fn start_ships_stand_where_the_mission_says_with_their_pegs_and_cards() {
    let game = started("the-struggle-at-pan-base", 36, 0);
    let everest = card(&game, 0, "isn-everest");
    let ship = game.ship(ships(&game, everest)[0]);
    assert_eq!(game.coord(ship.pos.unwrap().at), [12, 19]);
    assert_eq!((ship.shields, ship.hull_damage), (0, 4));
    let attached: Vec<_> = game
        .card(everest)
        .attached
        .iter()
        .map(|t| game.tactic(*t).card)
        .collect();
    assert_eq!(attached, vec!["charles-yeboah", "erin-cho"]);
    // Charles Yeboah, attached at the start, adds 1 to each energy phase.
    assert_eq!(
        game.energy(PlayerId(0)),
        10 + if game.first_player() == PlayerId(0) {
            5 + 1
        } else {
            0
        }
    );
}

#[test]
fn fleets_launched_at_start_are_placed_at_setup_for_free() {
    let mut game = Game::new(common::bundle(), "blockade-run-at-entebe", 37).unwrap();
    let mut placements = 0;
    while game.in_setup() {
        let actions = legal(&game);
        if let Action::Place { hex, .. } = actions[0] {
            let [_, row] = game.coord(hex);
            assert!((2..=3).contains(&row), "the ISN (north) zone");
            placements += 1;
        }
        game.apply(actions[0]).unwrap();
    }
    assert!(placements > 0);
    assert_eq!(
        game.energy(ISN),
        5 + if game.first_player() == ISN { 5 } else { 0 }
    );
    assert!(
        game.cards()
            .filter(|c| c.owner == ISN)
            .all(|c| c.place == CardPlace::Launched)
    );
}

// The action API.

#[test]
fn an_illegal_action_is_refused_and_changes_nothing() {
    let mut game = started(DEAD_ZONE, 38, 0);
    let before = game.clone();
    let hash = game.state_hash();
    let barrage = card(&game, 0, "isn-barrage");
    assert!(
        game.apply(Action::Activate(barrage)).is_err(),
        "energy phase"
    );
    assert!(game.apply(Action::EndMove).is_err());
    assert_eq!(game.state_hash(), hash);
    assert_eq!(game, before);
}

#[test]
fn activation_is_once_per_turn_and_costs_energy() {
    let mut game = started(DEAD_ZONE, 39, 0);
    let torrent = card(&game, 0, "isn-torrent");
    {
        let placements = &[(ships(&game, torrent)[0], pos(&game, 8, 9, 0))];
        action_phase_with(&mut game, placements);
    }
    game.apply(Action::Activate(torrent)).unwrap();
    assert_eq!(game.energy(ISN), 40 - 2);
    game.apply(Action::EndActivation).unwrap();
    assert!(!legal(&game).contains(&Action::Activate(torrent)));
}

#[test]
fn the_default_build_picks_the_dearest_ships_within_the_fleet_cost() {
    let game = Game::new(common::bundle(), "dead-zone-battle-48", 0).unwrap();
    let isn: Vec<_> = game
        .cards()
        .filter(|c| c.owner == ISN)
        .map(|c| c.id)
        .collect();
    let costs: Vec<i32> = isn
        .iter()
        .map(|&c| game.stat(Stat::LaunchCost(c)))
        .collect();
    assert!(costs.iter().sum::<i32>() <= 48);
    assert!(costs.windows(2).all(|pair| pair[0] >= pair[1]), "{costs:?}");
    let dearest = game
        .bundle()
        .ships
        .iter()
        .filter(|ship| ship.faction == "isn")
        .flat_map(|ship| ship.versions.iter().map(|v| v.launch_cost as i32))
        .max()
        .unwrap();
    assert_eq!(costs[0], dearest);
    // The deck: half the fleet cost, within the copy limit.
    assert_eq!(game.deck_len(ISN) + game.hand_len(ISN), 24);
    let again = Game::new(common::bundle(), "dead-zone-battle-48", 9).unwrap();
    let names: Vec<_> = game.cards().map(|c| (c.ship, c.level)).collect();
    let again: Vec<_> = again.cards().map(|c| (c.ship, c.level)).collect();
    assert_eq!(names, again, "the same build whatever the seed");
}
