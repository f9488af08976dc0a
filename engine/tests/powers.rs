//! Every ship power, tactic card and mission special rule of the base pack
//! does what its text says: one test (or more) each, on a small position
//! built with the editor. Powers that hang on dice look through seeds for
//! the rolls they need.

mod common;

use std::sync::Arc;

use common::{
    answer, answer_suggested, card, legal, pos, ships, started, started_with, tactic, to_phase,
};
use spacedock_engine::powers::Stat;
use spacedock_engine::{
    About, Action, Answer, CardPlace, Cell, Damage, Event, Game, PlayerId, ShipCardId, ShipId,
    TacticId, TacticPlace, Target, TurnPhase, WeaponRef,
};
use spacedock_schema::bundle::Bundle;
use spacedock_schema::common::Power;

const DEAD_ZONE: &str = "dead-zone-battle";
const PAN_BASE: &str = "the-struggle-at-pan-base";
const METEOR: &str = "meteor-storm";
const BARRAGE_MISSION: &str = "the-battle-for-isn-barrage";
const BLOCKADE: &str = "blockade-run-at-entebe";

fn events(game: &mut Game) -> Vec<Event> {
    let mut out = Vec::new();
    game.drain_events(&mut out);
    out
}

fn put(game: &mut Game, ship: ShipId, column: u32, row: u32) {
    let at = pos(game, column, row, 0);
    game.edit().place_ship(ship, at);
}

/// Answers the move of `ship` an effect asks for: each step the one that
/// brings it nearest `toward`, while one does. Returns the steps taken.
fn move_toward(game: &mut Game, ship: ShipId, toward: ShipId) -> u32 {
    let mut steps = 0;
    while let Some(question) = game.question().cloned() {
        let About::MoveShip { ship: moving, .. } = question.about else {
            break;
        };
        assert_eq!(moving, ship, "{question:?}");
        let now = game.distance(ship, toward).unwrap();
        let best = question
            .options
            .iter()
            .filter(|option| matches!(option, Answer::Step(_)))
            .map(|&option| {
                let mut trial = game.clone();
                trial.apply(Action::Answer(option)).unwrap();
                (trial.distance(ship, toward).unwrap_or(u32::MAX), option)
            })
            .min();
        match best {
            Some((gap, option)) if gap < now => {
                answer(game, option);
                steps += 1;
            }
            _ => answer(game, Answer::Stop),
        }
    }
    steps
}

fn first_ship(game: &Game, owner: u8, ship: &str) -> ShipId {
    ships(game, card(game, owner, ship))[0]
}

/// A copy of a card put into a hand; the copy legal actions name (the
/// first of its kind in the hand).
fn give(game: &mut Game, player: PlayerId, name: &str) -> TacticId {
    let copy = (0..game.tactic_count() as u16)
        .map(TacticId)
        .find(|&t| {
            game.tactic(t).card == name && !matches!(game.tactic(t).place, TacticPlace::Attached(_))
        })
        .unwrap_or_else(|| panic!("no free `{name}`"));
    if game.tactic(copy).place != TacticPlace::Hand(player) {
        game.edit().to_hand(player, copy);
    }
    *game
        .hand(player)
        .iter()
        .find(|&&t| game.tactic(t).card == name)
        .unwrap()
}

/// Attaches a copy of a card, free.
fn attach(game: &mut Game, name: &str, to: ShipCardId) -> TacticId {
    let copy = (0..game.tactic_count() as u16)
        .map(TacticId)
        .find(|&t| {
            game.tactic(t).card == name && !matches!(game.tactic(t).place, TacticPlace::Attached(_))
        })
        .unwrap_or_else(|| panic!("no free `{name}`"));
    game.edit().attach(copy, to);
    copy
}

/// The rolls of the attacks in `events`.
fn rolls(events: &[Event]) -> Vec<(u32, u32, Cell)> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::AttackRoll {
                letter,
                number,
                cell,
                ..
            } => Some((letter, number, cell)),
            _ => None,
        })
        .collect()
}

fn damaged(events: &[Event], ship: ShipId) -> bool {
    events.iter().any(|event| {
        matches!(*event, Event::Damaged { ship: hit, shields_removed, hull_added }
            if hit == ship && shields_removed + hull_added > 0)
    })
}

/// Activates `card` and charges `weapon` of `ship`; `false` if either is
/// not legal.
fn activate_and_charge(game: &mut Game, card: ShipCardId, ship: ShipId, weapon: WeaponRef) -> bool {
    game.apply(Action::Activate(card)).is_ok()
        && game.apply(Action::Charge { ship, weapon }).is_ok()
}

/// One attack with the charged weapon, questions answered with the
/// engine's suggestion; the events before it are dropped, so those left
/// to read are the attack's.
fn attack(game: &mut Game, ship: ShipId, target: ShipId) {
    events(game);
    game.apply(Action::Attack { ship, target }).unwrap();
    answer_suggested(game);
}

/// Ends phases until `player`'s `phase` begins.
fn until_turn_of(game: &mut Game, player: PlayerId, phase: TurnPhase) {
    for _ in 0..40 {
        if game.active_player() == player && game.phase() == phase {
            return;
        }
        game.apply(Action::EndPhase).expect("a phase can end");
    }
    panic!("never reached {player:?} {phase:?}");
}

const ISN: PlayerId = PlayerId(0);
const WRETCH: PlayerId = PlayerId(1);

// --- ship powers ---

#[test]
fn flagship_discounts_the_first_isn_activation_each_turn_within_4_of_everest() {
    let mut game = started(DEAD_ZONE, 1, 0);
    let everest = card(&game, 0, "isn-everest");
    let barrage = card(&game, 0, "isn-barrage");
    let torrent = card(&game, 0, "isn-torrent");
    let placed = ships(&game, everest)[0];
    put(&mut game, placed, 8, 7);
    let placed = ships(&game, barrage)[0];
    put(&mut game, placed, 8, 10);
    let placed = ships(&game, torrent)[0];
    put(&mut game, placed, 14, 3);
    let distance = |game: &Game, card| game.distance(ships(game, everest)[0], ships(game, card)[0]);
    assert!(distance(&game, barrage).unwrap() <= 4);
    assert!(distance(&game, torrent).unwrap() > 4);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 20);
    assert_eq!(game.stat(Stat::ActivationCost(barrage)), 2, "3, less 1");
    assert_eq!(game.stat(Stat::ActivationCost(torrent)), 2, "out of range");
    assert_eq!(game.stat(Stat::ActivationCost(everest)), 4, "not itself");
    game.apply(Action::Activate(barrage)).unwrap();
    assert_eq!(game.energy(ISN), 18);
    game.apply(Action::EndActivation).unwrap();
    // The first time each turn: Torrent, now in range, pays in full.
    let placed = ships(&game, torrent)[0];
    put(&mut game, placed, 10, 10);
    assert!(distance(&game, torrent).unwrap() <= 4);
    assert_eq!(game.stat(Stat::ActivationCost(torrent)), 2);
}

#[test]
fn flagship_never_brings_an_activation_below_1() {
    let mut game = started(DEAD_ZONE, 2, 0);
    let everest = card(&game, 0, "isn-everest");
    let sparrows = card(&game, 0, "f-51-blue-sparrows");
    let placed = ships(&game, everest)[0];
    put(&mut game, placed, 8, 7);
    for (ship, column) in ships(&game, sparrows).into_iter().zip([6, 7, 8]) {
        put(&mut game, ship, column, 10);
    }
    assert_eq!(game.stat(Stat::ActivationCost(sparrows)), 1, "2, less 1");
}

#[test]
fn mid_battle_ignores_everests_flagship_and_damage_control_repairs_once_per_turn() {
    let mut game = started(PAN_BASE, 3, 0);
    let everest = card(&game, 0, "isn-everest");
    let barrage = card(&game, 0, "isn-barrage");
    let placed = ships(&game, barrage)[0];
    put(&mut game, placed, 12, 16);
    assert!(
        game.distance(ships(&game, everest)[0], ships(&game, barrage)[0])
            .unwrap()
            <= 4
    );
    assert_eq!(
        game.stat(Stat::ActivationCost(barrage)),
        3,
        "no Flagship at Pan Base"
    );
    // Damage Control: in the deploy phase, 3 energy for 1 hull damage peg.
    to_phase(&mut game, TurnPhase::Deploy);
    game.edit().set_energy(ISN, 10);
    let use_power = legal(&game)
        .into_iter()
        .find(|a| matches!(a, Action::UsePower { source, .. } if *source == everest.0))
        .expect("Damage Control is offered");
    game.apply(use_power).unwrap();
    let hull = game.ship(ships(&game, everest)[0]).hull_damage;
    assert_eq!((hull, game.energy(ISN)), (3, 7));
    assert!(!legal(&game).contains(&use_power), "once per turn");
}

#[test]
fn saturation_fire_rerolls_the_letter_die_of_barrages_first_missed_primary_attack() {
    let (mut rerolled, mut second_kept) = (false, false);
    for seed in 0..300 {
        let mut game = started(DEAD_ZONE, seed, 0);
        let barrage = card(&game, 0, "isn-barrage");
        let chosh = first_ship(&game, 1, "chosh-ka");
        let placed = ships(&game, barrage)[0];
        put(&mut game, placed, 8, 8);
        put(&mut game, chosh, 8, 5);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(ISN, 20).set_pegs(chosh, 5, 0);
        let ship = ships(&game, barrage)[0];
        assert!(activate_and_charge(
            &mut game,
            barrage,
            ship,
            WeaponRef::Primary
        ));
        attack(&mut game, ship, chosh);
        let first = rolls(&events(&mut game));
        if first[0].2 == Cell::Miss {
            assert_eq!(first.len(), 2, "a missed primary attack is re-rolled");
            assert_eq!(first[1].1, first[0].1, "the letter die only");
            rerolled = true;
            if game
                .apply(Action::Attack {
                    ship,
                    target: chosh,
                })
                .is_ok()
            {
                let second = rolls(&events(&mut game));
                if second[0].2 == Cell::Miss {
                    assert_eq!(second.len(), 1, "once per activation");
                    second_kept = true;
                }
            }
        } else {
            assert_eq!(first.len(), 1, "a hit is not re-rolled");
        }
        if rerolled && second_kept {
            return;
        }
    }
    panic!("no seed showed both: {rerolled} {second_kept}");
}

#[test]
fn escort_screen_turns_a_hit_on_an_adjacent_solo_ship_into_a_miss_on_an_8() {
    let mut outcomes = [false; 2];
    for seed in 0..400 {
        let mut game = started(DEAD_ZONE, seed, 1);
        let torrent = first_ship(&game, 0, "isn-torrent");
        let sparrow = first_ship(&game, 0, "f-51-blue-sparrows");
        let chosh_card = card(&game, 1, "chosh-ka");
        let chosh = ships(&game, chosh_card)[0];
        put(&mut game, torrent, 8, 8);
        put(&mut game, sparrow, 10, 8);
        put(&mut game, chosh, 8, 6);
        to_phase(&mut game, TurnPhase::Action);
        // No energy: the ISN player cannot answer with Sparrow Cover Fire.
        game.edit().set_energy(ISN, 0).set_energy(WRETCH, 20);
        assert!(activate_and_charge(
            &mut game,
            chosh_card,
            chosh,
            WeaponRef::Primary
        ));
        events(&mut game);
        game.apply(Action::Attack {
            ship: chosh,
            target: torrent,
        })
        .unwrap();
        let seen = events(&mut game);
        if rolls(&seen).last().is_some_and(|roll| roll.2 != Cell::Miss) {
            outcomes[usize::from(damaged(&seen, torrent))] = true;
        }
        if outcomes == [true, true] {
            return;
        }
    }
    panic!("hits were never both screened and dealt: {outcomes:?}");
}

#[test]
fn long_range_sensors_deny_asteroid_cover_within_5_of_torrent() {
    let mut game = started(DEAD_ZONE, 4, 0);
    let torrent = first_ship(&game, 0, "isn-torrent");
    let chosh = first_ship(&game, 1, "chosh-ka");
    let fuvu = first_ship(&game, 1, "red-fuvu");
    put(&mut game, torrent, 4, 9);
    put(&mut game, chosh, 5, 6);
    put(&mut game, fuvu, 14, 3);
    assert!(game.distance(torrent, chosh).unwrap() <= 5);
    assert!(game.distance(torrent, fuvu).unwrap() > 5);
    assert_eq!(game.stat(Stat::Cover(chosh)), 0);
    assert_eq!(game.stat(Stat::Cover(fuvu)), 1);
}

#[test]
fn patrol_wing_adds_1_to_the_range_of_a_hawk_next_to_another_hawk() {
    let mut game = started(METEOR, 5, 0);
    let hawks = ships(&game, card(&game, 3, "f-47-blue-hawks"));
    put(&mut game, hawks[0], 8, 18);
    put(&mut game, hawks[1], 9, 18);
    put(&mut game, hawks[2], 3, 21);
    let range = |game: &Game, ship| game.stat(Stat::Range(ship, WeaponRef::Primary));
    assert_eq!((range(&game, hawks[0]), range(&game, hawks[1])), (3, 3));
    assert_eq!(range(&game, hawks[2]), 2, "alone");
}

#[test]
fn ace_pilot_takes_no_ecm_damage() {
    let mut game = started(METEOR, 6, 0);
    let rook = first_ship(&game, 3, "rooks-f-54");
    put(&mut game, rook, 8, 18);
    game.edit()
        .deal_damage(rook, 2, Damage::Direct, Some("ecm"));
    assert_eq!(game.ship(rook).shields, 2, "no ECM damage");
    game.edit()
        .deal_damage(rook, 1, Damage::Direct, Some("debris"));
    assert_eq!(game.ship(rook).shields, 1, "other damage as usual");
}

#[test]
fn hit_and_run_moves_chosh_ka_one_space_when_its_activation_ends() {
    let mut game = started(DEAD_ZONE, 7, 1);
    let chosh_card = card(&game, 1, "chosh-ka");
    let chosh = ships(&game, chosh_card)[0];
    let everest = first_ship(&game, 0, "isn-everest");
    put(&mut game, chosh, 8, 2);
    put(&mut game, everest, 8, 9);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(WRETCH, 20);
    let before = game.distance(chosh, everest).unwrap();
    let at = game.ship(chosh).pos;
    game.apply(Action::Activate(chosh_card)).unwrap();
    game.apply(Action::EndActivation).unwrap();
    let asked = game.question().cloned().expect("the power is optional");
    assert_eq!(asked.player, WRETCH);
    assert!(matches!(asked.about, About::OptionalPower { .. }));
    answer(&mut game, Answer::Yes);
    assert_eq!(move_toward(&mut game, chosh, everest), 1, "up to 1 space");
    assert!(game.question().is_none());
    assert_ne!(game.ship(chosh).pos, at, "it moved");
    assert_eq!(
        game.distance(chosh, everest).unwrap(),
        before - 1,
        "one space"
    );
}

#[test]
fn overload_denies_cover_until_the_end_of_the_turn_to_a_ship_whose_shields_red_fuvu_brought_down() {
    for seed in 0..300 {
        let mut game = started(DEAD_ZONE, seed, 1);
        let fuvu_card = card(&game, 1, "red-fuvu");
        let fuvu = ships(&game, fuvu_card)[0];
        let torrent = first_ship(&game, 0, "isn-torrent");
        put(&mut game, fuvu, 8, 6);
        put(&mut game, torrent, 8, 8);
        to_phase(&mut game, TurnPhase::Action);
        game.edit()
            .set_energy(ISN, 0)
            .set_energy(WRETCH, 20)
            .set_pegs(torrent, 1, 0);
        assert!(activate_and_charge(
            &mut game,
            fuvu_card,
            fuvu,
            WeaponRef::Primary
        ));
        game.apply(Action::Attack {
            ship: fuvu,
            target: torrent,
        })
        .unwrap();
        if game.ship(torrent).shields > 0 {
            continue;
        }
        assert_eq!(
            game.ship(torrent).hull_damage,
            0,
            "vecton shield damage only"
        );
        assert_eq!(game.stat(Stat::Cover(torrent)), 0);
        if legal(&game).contains(&Action::EndActivation) {
            game.apply(Action::EndActivation).unwrap();
        }
        while game.active_player() == WRETCH {
            game.apply(Action::EndPhase).unwrap();
        }
        assert_eq!(
            game.stat(Stat::Cover(torrent)),
            1,
            "until the end of the turn"
        );
        return;
    }
    panic!("Red Fuvu never hit");
}

#[test]
fn pack_hunters_reroll_the_number_die_against_a_ship_next_to_another_tougu() {
    let mut rerolled = false;
    for seed in 0..300 {
        let mut game = started(METEOR, seed, 0);
        let tougu_card = card(&game, 0, "red-tougu");
        let tougu = ships(&game, tougu_card);
        let rook = first_ship(&game, 3, "rooks-f-54");
        put(&mut game, tougu[0], 9, 7);
        put(&mut game, tougu[1], 10, 9);
        put(&mut game, rook, 9, 9);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(PlayerId(0), 20).set_pegs(rook, 3, 0);
        assert!(activate_and_charge(
            &mut game,
            tougu_card,
            tougu[0],
            WeaponRef::Primary
        ));
        attack(&mut game, tougu[0], rook);
        let seen = rolls(&events(&mut game));
        if seen[0].2 == Cell::Miss {
            assert_eq!(seen.len(), 2);
            assert_eq!(seen[1].0, seen[0].0, "the number die only");
            rerolled = true;
            break;
        }
    }
    assert!(rerolled);
    // Without another Tougu next to the target, no re-roll.
    for seed in 0..100 {
        let mut game = started(METEOR, seed, 0);
        let tougu_card = card(&game, 0, "red-tougu");
        let tougu = ships(&game, tougu_card);
        let rook = first_ship(&game, 3, "rooks-f-54");
        put(&mut game, tougu[0], 9, 7);
        put(&mut game, rook, 9, 9);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(PlayerId(0), 20).set_pegs(rook, 3, 0);
        assert!(activate_and_charge(
            &mut game,
            tougu_card,
            tougu[0],
            WeaponRef::Primary
        ));
        attack(&mut game, tougu[0], rook);
        assert_eq!(rolls(&events(&mut game)).len(), 1);
    }
}

#[test]
fn boarding_party_makes_sabotage_on_ships_next_to_so_bwa_tet_cost_1_less() {
    let mut game = started(PAN_BASE, 8, 2);
    let tet = first_ship(&game, 2, "so-bwa-tet");
    let torrent = card(&game, 0, "isn-torrent");
    let everest = card(&game, 0, "isn-everest");
    put(&mut game, tet, 8, 5);
    let placed = ships(&game, torrent)[0];
    put(&mut game, placed, 8, 6);
    assert_eq!(game.distance(tet, ships(&game, torrent)[0]), Some(1));
    let boarding = tactic(&game, "wretch-boarding");
    let cost = |game: &Game, card| {
        game.stat(Stat::TacticCostOn {
            tactic: boarding,
            card,
        })
    };
    assert_eq!(cost(&game, torrent), 2);
    assert_eq!(cost(&game, everest), 3, "far from So Bwa Tet");
}

#[test]
fn shadow_runner_keeps_tes_kio_from_attacks_more_than_4_spaces_away() {
    let mut game = started(METEOR, 9, 2);
    let tes = first_ship(&game, 1, "tes-kio");
    let everest_card = card(&game, 2, "isn-everest");
    let everest = ships(&game, everest_card)[0];
    put(&mut game, everest, 8, 18);
    put(&mut game, tes, 8, 12);
    assert_eq!(game.stat(Stat::AttackableWithin(tes)), 4);
    let distance = game.distance(everest, tes).unwrap();
    assert!(
        distance > 4 && distance <= 5,
        "in range of Everest's primary: {distance}"
    );
    until_turn_of(&mut game, PlayerId(2), TurnPhase::Action);
    game.edit().set_energy(PlayerId(2), 20);
    game.apply(Action::Activate(everest_card)).unwrap();
    let charge = Action::Charge {
        ship: everest,
        weapon: WeaponRef::Primary,
    };
    // Tes Kio is the only enemy in range, and out of reach: a charge
    // would buy no attack.
    assert!(
        !legal(&game).contains(&charge),
        "nothing to attack from 5 spaces away"
    );
    put(&mut game, tes, 8, 13);
    assert!(game.distance(everest, tes).unwrap() <= 4);
    assert!(legal(&game).contains(&charge));
    game.apply(charge).unwrap();
    assert!(legal(&game).contains(&Action::Attack {
        ship: everest,
        target: tes,
    }));
}

/// A Wretch attack by `attacker` on a ship that any hit destroys, until a
/// seed destroys it; the game and the attacker's energy just before the
/// attack.
fn destroying_attack(setup: impl Fn(&mut Game) -> (ShipCardId, ShipId, ShipId)) -> (Game, i32) {
    for seed in 0..300 {
        let mut game = started(DEAD_ZONE, seed, 1);
        let (attacker_card, attacker, target) = setup(&mut game);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(ISN, 0).set_energy(WRETCH, 2);
        game.edit().set_pegs(target, 0, 0);
        assert!(activate_and_charge(
            &mut game,
            attacker_card,
            attacker,
            WeaponRef::Primary
        ));
        let energy = game.energy(WRETCH);
        game.apply(Action::Attack {
            ship: attacker,
            target,
        })
        .unwrap();
        if game.ship(target).destroyed {
            return (game, energy);
        }
    }
    panic!("the attack never destroyed its target");
}

#[test]
fn plunder_gains_2_energy_when_a_friendly_ship_destroys_an_enemy_within_4_of_vapors_fate() {
    let (game, before) = destroying_attack(|game| {
        let vapor = first_ship(game, 1, "vapors-fate");
        let chosh_card = card(game, 1, "chosh-ka");
        let chosh = ships(game, chosh_card)[0];
        let sparrow = first_ship(game, 0, "f-51-blue-sparrows");
        put(game, vapor, 8, 4);
        put(game, chosh, 11, 6);
        put(game, sparrow, 9, 7);
        (chosh_card, chosh, sparrow)
    });
    assert_eq!(game.energy(WRETCH), before + 2);
}

#[test]
fn dread_presence_deals_ecm_damage_on_4_or_more_next_to_vapors_fate() {
    let mut game = started(METEOR, 10, 0);
    let vapor = first_ship(&game, 0, "vapors-fate");
    let fuvu = first_ship(&game, 0, "red-fuvu");
    let rook = first_ship(&game, 3, "rooks-f-54");
    put(&mut game, vapor, 8, 5);
    put(&mut game, fuvu, 12, 5);
    let threshold = |game: &Game, enemy| game.stat(Stat::EcmThreshold { ship: rook, enemy });
    assert_eq!(threshold(&game, vapor), 4);
    assert_eq!(threshold(&game, fuvu), 5);
}

// --- tactic cards ---

#[test]
fn charles_yeboah_adds_1_energy_to_each_energy_phase() {
    // Pan Base: 10 to start, 5 in the first player's first phase, 1 from
    // Yeboah (attached to ISN Everest at the start).
    let mut game = started(PAN_BASE, 11, 0);
    assert_eq!(game.energy(ISN), 16);
    // Next turn: 10 more, and 1.
    until_turn_of(&mut game, PlayerId(2), TurnPhase::Action);
    game.edit().set_energy(ISN, 0);
    until_turn_of(&mut game, ISN, TurnPhase::Energy);
    assert_eq!(game.energy(ISN), 11);
}

#[test]
fn erin_cho_adds_a_shield_peg_for_1_energy_once_per_energy_phase() {
    let mut game = started(PAN_BASE, 12, 0);
    let everest = first_ship(&game, 0, "isn-everest");
    assert_eq!(game.ship(everest).shields, 0);
    let erin = tactic(&game, "erin-cho");
    let use_power = legal(&game)
        .into_iter()
        .find(|a| matches!(a, Action::UsePower { source, .. } if *source == erin.0))
        .expect("Erin Cho is offered in the energy phase");
    let energy = game.energy(ISN);
    game.apply(use_power).unwrap();
    assert_eq!(
        (game.ship(everest).shields, game.energy(ISN)),
        (1, energy - 1)
    );
    assert!(!legal(&game).contains(&use_power), "once per turn");
}

#[test]
fn bronson_skiles_adds_range_and_rerolls_a_missed_number_die() {
    let mut game = started(DEAD_ZONE, 13, 0);
    let torrent_card = card(&game, 0, "isn-torrent");
    let torrent = ships(&game, torrent_card)[0];
    put(&mut game, torrent, 8, 8);
    assert_eq!(game.stat(Stat::Range(torrent, WeaponRef::Primary)), 3);
    attach(&mut game, "bronson-skiles", torrent_card);
    assert_eq!(game.stat(Stat::Range(torrent, WeaponRef::Primary)), 4);
    for seed in 0..300 {
        let mut game = started(DEAD_ZONE, seed, 0);
        let torrent_card = card(&game, 0, "isn-torrent");
        let torrent = ships(&game, torrent_card)[0];
        let chosh = first_ship(&game, 1, "chosh-ka");
        put(&mut game, torrent, 8, 8);
        put(&mut game, chosh, 8, 5);
        attach(&mut game, "bronson-skiles", torrent_card);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(ISN, 20).set_pegs(chosh, 5, 0);
        assert!(activate_and_charge(
            &mut game,
            torrent_card,
            torrent,
            WeaponRef::Primary
        ));
        attack(&mut game, torrent, chosh);
        let seen = rolls(&events(&mut game));
        if seen[0].2 == Cell::Miss {
            assert_eq!(seen.len(), 2);
            assert_eq!(seen[1].0, seen[0].0, "the number die only");
            return;
        }
    }
    panic!("no miss to re-roll");
}

#[test]
fn superior_squadron_tactics_rerolls_both_dice_of_a_missed_attack_once_per_activation() {
    for seed in 0..300 {
        let mut game = started(DEAD_ZONE, seed, 0);
        let sparrows_card = card(&game, 0, "f-51-blue-sparrows");
        let sparrows = ships(&game, sparrows_card);
        let chosh = first_ship(&game, 1, "chosh-ka");
        for (ship, column) in sparrows.iter().zip([6, 7, 8]) {
            put(&mut game, *ship, column, 8);
        }
        put(&mut game, chosh, 7, 6);
        attach(&mut game, "superior-squadron-tactics", sparrows_card);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(ISN, 20).set_pegs(chosh, 5, 0);
        assert!(activate_and_charge(
            &mut game,
            sparrows_card,
            sparrows[0],
            WeaponRef::Primary
        ));
        attack(&mut game, sparrows[0], chosh);
        let seen = rolls(&events(&mut game));
        if seen[0].2 == Cell::Miss {
            assert_eq!(seen.len(), 2, "both dice rolled again");
            return;
        }
    }
    panic!("no miss to re-roll");
}

#[test]
fn maneuvering_thrusters_add_move_and_stop_the_first_ecm_damage_of_an_activation() {
    let mut game = started(PAN_BASE, 14, 0);
    let torrent_card = card(&game, 0, "isn-torrent");
    let torrent = ships(&game, torrent_card)[0];
    put(&mut game, torrent, 8, 18);
    assert_eq!(game.stat(Stat::Move(torrent)), 5);
    attach(&mut game, "maneuvering-thrusters", torrent_card);
    assert_eq!(game.stat(Stat::Move(torrent)), 6);
    game.edit().set_pegs(torrent, 4, 0);
    game.edit()
        .deal_damage(torrent, 2, Damage::Direct, Some("ecm"));
    assert_eq!(
        game.ship(torrent).shields,
        4,
        "the first ECM damage is stopped"
    );
    game.edit()
        .deal_damage(torrent, 2, Damage::Direct, Some("ecm"));
    assert_eq!(game.ship(torrent).shields, 2, "the second is not");
}

#[test]
fn isn_transport_shuttle_adds_move_and_lets_its_hold_launch_the_same_turn() {
    let mut game = started(PAN_BASE, 15, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    game.edit().set_energy(ISN, 40);
    let barrage = card(&game, 0, "isn-barrage");
    let rook = card(&game, 0, "rooks-f-54");
    game.apply(Action::Launch(barrage)).unwrap();
    answer_suggested(&mut game);
    while game.card(barrage).place == CardPlace::Launched
        && legal(&game)
            .iter()
            .any(|a| matches!(a, Action::Place { .. }))
    {
        let place = legal(&game)[0];
        game.apply(place).unwrap();
        answer_suggested(&mut game);
    }
    game.apply(Action::Load(rook)).unwrap();
    answer_suggested(&mut game);
    if legal(&game).contains(&Action::EndLoad) {
        game.apply(Action::EndLoad).unwrap();
        answer_suggested(&mut game);
    }
    assert_eq!(game.card(rook).place, CardPlace::Hold(barrage));
    assert!(
        !legal(&game).contains(&Action::Launch(rook)),
        "not the turn it launched"
    );
    let move_before = game.stat(Stat::Move(ships(&game, barrage)[0]));
    let shuttle = give(&mut game, ISN, "isn-transport-shuttle");
    game.apply(Action::PlayCard {
        card: shuttle,
        target: Target::Card(barrage),
    })
    .unwrap();
    answer_suggested(&mut game);
    assert_eq!(
        game.stat(Stat::Move(ships(&game, barrage)[0])),
        move_before + 1
    );
    assert!(legal(&game).contains(&Action::Launch(rook)));
}

#[test]
fn sr2_twin_rocket_launchers_are_charged_by_each_ship_of_the_squadron() {
    let mut game = started(DEAD_ZONE, 16, 0);
    let sparrows_card = card(&game, 0, "f-51-blue-sparrows");
    let sparrows = ships(&game, sparrows_card);
    for (ship, column) in sparrows.iter().zip([6, 7, 8]) {
        put(&mut game, *ship, column, 8);
    }
    let placed = first_ship(&game, 1, "chosh-ka");
    put(&mut game, placed, 7, 6);
    let sr2 = attach(&mut game, "sr2-twin-rocket-launchers", sparrows_card);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 20);
    game.apply(Action::Activate(sparrows_card)).unwrap();
    let actions = legal(&game);
    for ship in sparrows {
        assert!(actions.contains(&Action::Charge {
            ship,
            weapon: WeaponRef::Additional(sr2)
        }));
    }
}

/// The base pack with one more power on every version of a ship card.
fn with_power(ship: &str, power: &serde_json::Value) -> Arc<Bundle> {
    let mut bundle = (*common::bundle()).clone();
    let power: Power = serde_json::from_value(power.clone()).expect("a power");
    let card = bundle
        .ships
        .iter_mut()
        .find(|card| card.id == ship)
        .unwrap();
    for version in &mut card.versions {
        version.powers.push(power.clone());
    }
    Arc::new(bundle)
}

#[test]
fn an_extra_weapon_is_charged_by_each_ship_of_the_squadron_and_attacks() {
    // No base-pack card grants a weapon: a power is added for the test.
    let bundle = with_power(
        "f-51-blue-sparrows",
        &serde_json::json!({
            "name": "Test Cannon",
            "text": "The ships of this card have the Test Cannon.",
            "do": [{
                "kind": "extra-weapon",
                "target": "self",
                "weapon": { "name": "Test Cannon", "charge_cost": 1, "range": 3, "attacks": 1, "strength": 1 },
            }],
        }),
    );
    let mut game = started_with(bundle, DEAD_ZONE, 16, 0);
    let sparrows_card = card(&game, 0, "f-51-blue-sparrows");
    let sparrows = ships(&game, sparrows_card);
    for (ship, column) in sparrows.iter().zip([6, 7, 8]) {
        put(&mut game, *ship, column, 8);
    }
    let chosh = first_ship(&game, 1, "chosh-ka");
    put(&mut game, chosh, 7, 6);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 20);
    game.apply(Action::Activate(sparrows_card)).unwrap();
    let extra = WeaponRef::Extra(0);
    let actions = legal(&game);
    for &ship in &sparrows {
        assert!(actions.contains(&Action::Charge {
            ship,
            weapon: extra
        }));
    }
    let energy = game.energy(ISN);
    let first = sparrows[0];
    game.apply(Action::Charge {
        ship: first,
        weapon: extra,
    })
    .unwrap();
    assert_eq!(game.energy(ISN), energy - 1, "its charge cost");
    events(&mut game);
    game.apply(Action::Attack {
        ship: first,
        target: chosh,
    })
    .unwrap();
    assert_eq!(rolls(&events(&mut game)).len(), 1);
    let actions = legal(&game);
    assert!(
        !actions.contains(&Action::Charge {
            ship: first,
            weapon: extra
        }),
        "once per activation"
    );
    assert!(actions.contains(&Action::Charge {
        ship: sparrows[1],
        weapon: extra
    }));
    // Out of the weapon's range, no charge is offered.
    let mut far = game.clone();
    put(&mut far, chosh, 7, 1);
    assert!(!legal(&far).contains(&Action::Charge {
        ship: sparrows[1],
        weapon: extra
    }));
}

#[test]
fn an_extra_weapon_of_a_triggered_power_lasts_through_the_activation() {
    let bundle = with_power(
        "f-51-blue-sparrows",
        &serde_json::json!({
            "name": "Test Cannon",
            "text": "When this card is activated, its ships have the Test Cannon until the activation ends.",
            "when": "activation",
            "do": [{
                "kind": "extra-weapon",
                "target": "acting-ship",
                "until": "activation-end",
                "weapon": { "name": "Test Cannon", "range": 3, "attacks": 1, "strength": 1 },
            }],
        }),
    );
    let mut game = started_with(bundle, DEAD_ZONE, 16, 0);
    let sparrows_card = card(&game, 0, "f-51-blue-sparrows");
    let sparrows = ships(&game, sparrows_card);
    for (ship, column) in sparrows.iter().zip([6, 7, 8]) {
        put(&mut game, *ship, column, 8);
    }
    let chosh = first_ship(&game, 1, "chosh-ka");
    put(&mut game, chosh, 7, 6);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 20);
    let charge = Action::Charge {
        ship: sparrows[0],
        weapon: WeaponRef::Extra(0),
    };
    assert_eq!(game.stat(Stat::Range(sparrows[0], WeaponRef::Extra(0))), 3);
    game.apply(Action::Activate(sparrows_card)).unwrap();
    assert!(legal(&game).contains(&charge));
    game.apply(charge).unwrap();
    assert!(legal(&game).contains(&Action::Attack {
        ship: sparrows[0],
        target: chosh,
    }));
}

#[test]
fn a_discard_power_asks_the_discarding_player_which_card_goes() {
    // No base-pack card makes a player discard: a power is added for the test.
    let bundle = with_power(
        "f-51-blue-sparrows",
        &serde_json::json!({
            "name": "Jammer",
            "text": "When this card is activated, your opponent discards a card of their choice.",
            "when": "activation",
            "do": [{ "kind": "discard", "count": 1, "player": "opponent" }],
        }),
    );
    let mut game = started_with(bundle, DEAD_ZONE, 16, 0);
    let sparrows_card = card(&game, 0, "f-51-blue-sparrows");
    for (ship, column) in ships(&game, sparrows_card).into_iter().zip([6, 7, 8]) {
        put(&mut game, ship, column, 8);
    }
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 20);
    let cheap = give(&mut game, WRETCH, "fates-reach");
    let dear = give(&mut game, WRETCH, "exploit-weakness");
    let held = game.hand_len(WRETCH);
    let discarded = game.discard_len(WRETCH);

    game.apply(Action::Activate(sparrows_card)).unwrap();
    let asked = game.question().cloned().expect("the opponent is asked");
    assert_eq!(asked.player, WRETCH);
    assert_eq!(asked.about, About::Discard);
    assert_eq!(game.to_move(), WRETCH, "on ISN's turn");
    let kinds: Vec<&str> = asked
        .options
        .iter()
        .map(|option| match option {
            Answer::Card(card) => game.tactic(*card).card,
            other => panic!("not a card: {other:?}"),
        })
        .collect();
    let mut distinct = kinds.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), kinds.len(), "one option per kind held");
    assert!(asked.options.contains(&Answer::Card(cheap)));
    assert!(asked.options.contains(&Answer::Card(dear)));
    assert_eq!(
        game.hand_len(WRETCH),
        held,
        "nothing discarded before the answer"
    );

    answer(&mut game, Answer::Card(dear));
    assert!(game.question().is_none());
    assert_eq!(game.to_move(), ISN);
    assert_eq!(game.tactic(dear).place, TacticPlace::Discard);
    assert_eq!(game.tactic(cheap).place, TacticPlace::Hand(WRETCH));
    assert_eq!(game.hand_len(WRETCH), held - 1);
    assert_eq!(game.discard_len(WRETCH), discarded + 1);
}

#[test]
fn lr5_nuclear_warhead_is_discarded_after_its_attack() {
    let mut game = started(DEAD_ZONE, 17, 0);
    let everest_card = card(&game, 0, "isn-everest");
    let everest = ships(&game, everest_card)[0];
    let chosh = first_ship(&game, 1, "chosh-ka");
    put(&mut game, everest, 8, 8);
    put(&mut game, chosh, 8, 4);
    let warhead = attach(&mut game, "lr5-nuclear-warhead", everest_card);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 20);
    assert!(activate_and_charge(
        &mut game,
        everest_card,
        everest,
        WeaponRef::Additional(warhead)
    ));
    game.apply(Action::Attack {
        ship: everest,
        target: chosh,
    })
    .unwrap();
    assert_eq!(game.tactic(warhead).place, TacticPlace::Discard);
    assert!(game.card(everest_card).attached.is_empty());
}

#[test]
fn alert_from_isn_torrent_moves_an_isn_card_when_an_enemy_ends_its_move_within_6() {
    let mut game = started(DEAD_ZONE, 18, 1);
    let torrent = first_ship(&game, 0, "isn-torrent");
    let chosh_card = card(&game, 1, "chosh-ka");
    let chosh = ships(&game, chosh_card)[0];
    put(&mut game, torrent, 8, 10);
    put(&mut game, chosh, 8, 4);
    let alert = give(&mut game, ISN, "alert-from-isn-torrent");
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 5).set_energy(WRETCH, 20);
    game.apply(Action::Activate(chosh_card)).unwrap();
    answer_suggested(&mut game);
    // Chosh Ka steps once, towards Torrent.
    let step = legal(&game)
        .into_iter()
        .filter(|a| matches!(a, Action::Step { .. }))
        .min_by_key(|&a| {
            let mut trial = game.clone();
            trial.apply(a).unwrap();
            trial.distance(chosh, torrent).unwrap()
        })
        .unwrap();
    game.apply(step).unwrap();
    answer_suggested(&mut game);
    let at = game.ship(torrent).pos;
    let gap = game.distance(chosh, torrent).unwrap();
    assert!(gap <= 6 && gap > 3, "{gap}");
    game.apply(Action::EndMove).unwrap();
    let asked = game.question().cloned().expect("the ISN player is asked");
    assert_eq!(asked.player, ISN);
    assert_eq!(asked.about, About::Reaction { card: alert });
    assert!(
        asked.options.contains(&Answer::No),
        "the card may stay in hand"
    );
    let torrent_card = card(&game, 0, "isn-torrent");
    answer(&mut game, Answer::Play(Target::Card(torrent_card)));
    let moved = move_toward(&mut game, torrent, chosh);
    assert!(moved >= 1, "Torrent stepped");
    assert_eq!(game.tactic(alert).place, TacticPlace::Discard, "played");
    assert_eq!(game.energy(ISN), 4);
    assert_ne!(game.ship(torrent).pos, at, "Torrent moved");
    // ISN Torrent is on the battlefield: up to 3 spaces.
    assert!(gap - game.distance(chosh, torrent).unwrap() <= 3);
}

/// Chosh Ka charged to attack a Blue Sparrow within 3 of another, the ISN
/// player holding Sparrow Cover Fire and the 2 energy to play it.
fn cover_fire_position(seed: u64) -> (Game, Vec<ShipId>, ShipId, TacticId) {
    let mut game = started(DEAD_ZONE, seed, 1);
    let sparrows = ships(&game, card(&game, 0, "f-51-blue-sparrows"));
    let chosh_card = card(&game, 1, "chosh-ka");
    let chosh = ships(&game, chosh_card)[0];
    put(&mut game, sparrows[0], 8, 8);
    put(&mut game, sparrows[1], 10, 9);
    put(&mut game, chosh, 8, 6);
    let cover = give(&mut game, ISN, "sparrow-cover-fire");
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 2).set_energy(WRETCH, 20);
    assert!(activate_and_charge(
        &mut game,
        chosh_card,
        chosh,
        WeaponRef::Primary
    ));
    (game, sparrows, chosh, cover)
}

#[test]
fn sparrow_cover_fire_makes_a_hit_on_5_or_more_miss() {
    let mut outcomes = [false; 2];
    for seed in 0..400 {
        let (mut game, sparrows, chosh, cover) = cover_fire_position(seed);
        attack(&mut game, chosh, sparrows[0]);
        let seen = events(&mut game);
        if rolls(&seen).last().is_some_and(|roll| roll.2 != Cell::Miss) {
            assert_eq!(
                game.tactic(cover).place,
                TacticPlace::Discard,
                "played on the hit"
            );
            assert_eq!(game.energy(ISN), 0);
            outcomes[usize::from(damaged(&seen, sparrows[0]))] = true;
        }
        if outcomes == [true, true] {
            return;
        }
    }
    panic!("the cover fire never went both ways: {outcomes:?}");
}

#[test]
fn f47_hawk_patrol_launches_the_hawks_next_to_isn_ships_for_2_less() {
    let mut game = started(PAN_BASE, 19, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    game.edit().set_energy(ISN, 40);
    let hawks = card(&game, 0, "f-47-blue-hawks");
    let patrol = give(&mut game, ISN, "f-47-hawk-patrol");
    let play = Action::PlayCard {
        card: patrol,
        target: Target::None,
    };
    assert!(legal(&game).contains(&play));
    game.apply(play).unwrap();
    answer_suggested(&mut game);
    assert_eq!(game.card(hawks).place, CardPlace::Launched);
    // 2 for the card, the veteran Hawks' 7 less 2.
    assert_eq!(game.energy(ISN), 40 - 2 - 5);
    let everest = first_ship(&game, 0, "isn-everest");
    let hawk_ships = ships(&game, hawks);
    for &hawk in &hawk_ships {
        assert!(
            game.distance(hawk, everest).unwrap() <= 1,
            "next to an ISN ship"
        );
        assert!(
            hawk_ships
                .iter()
                .any(|&other| other != hawk && game.distance(hawk, other) == Some(1))
        );
        assert_eq!(game.ship(hawk).shields, 2);
    }
}

#[test]
fn commando_away_team_deals_1_hull_damage_and_raises_the_activation_cost() {
    let mut game = started(PAN_BASE, 20, 0);
    let chosh_card = card(&game, 1, "chosh-ka");
    let vapor_card = card(&game, 1, "vapors-fate");
    let placed = ships(&game, chosh_card)[0];
    put(&mut game, placed, 12, 17);
    let placed = ships(&game, vapor_card)[0];
    put(&mut game, placed, 5, 5);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(ISN, 20);
    let commando = give(&mut game, ISN, "commando-away-team");
    let actions = legal(&game);
    let play = Action::PlayCard {
        card: commando,
        target: Target::Card(chosh_card),
    };
    assert!(
        actions.contains(&play),
        "an enemy solo ship next to Everest"
    );
    assert!(
        !actions.contains(&Action::PlayCard {
            card: commando,
            target: Target::Card(vapor_card)
        }),
        "not next to an ISN ship"
    );
    game.apply(play).unwrap();
    let chosh = ships(&game, chosh_card)[0];
    assert_eq!(game.ship(chosh).hull_damage, 1);
    assert_eq!(game.stat(Stat::ActivationCost(chosh_card)), 3);
}

#[test]
fn krall_draxus_adds_an_attack_and_gains_2_energy_when_his_ship_destroys_an_enemy() {
    let (game, before) = destroying_attack(|game| {
        let chosh_card = card(game, 1, "chosh-ka");
        let chosh = ships(game, chosh_card)[0];
        let sparrow = first_ship(game, 0, "f-51-blue-sparrows");
        put(game, chosh, 8, 4);
        put(game, sparrow, 8, 6);
        attach(game, "krall-draxus", chosh_card);
        assert_eq!(game.stat(Stat::Attacks(chosh, WeaponRef::Primary)), 4);
        (chosh_card, chosh, sparrow)
    });
    assert_eq!(game.energy(WRETCH), before + 2);
}

#[test]
fn captain_vulchar_adds_move_and_discounts_sabotage_within_3() {
    let mut game = started(PAN_BASE, 21, 1);
    let tes_card = card(&game, 2, "tes-kio");
    let tes = ships(&game, tes_card)[0];
    let torrent = card(&game, 0, "isn-torrent");
    put(&mut game, tes, 8, 5);
    let placed = ships(&game, torrent)[0];
    put(&mut game, placed, 8, 8);
    assert_eq!(game.stat(Stat::Move(tes)), 6);
    attach(&mut game, "captain-vulchar", tes_card);
    assert_eq!(game.stat(Stat::Move(tes)), 7);
    let boarding = tactic(&game, "wretch-boarding");
    let cost = |game: &Game, card| {
        game.stat(Stat::TacticCostOn {
            tactic: boarding,
            card,
        })
    };
    assert_eq!(cost(&game, torrent), 2);
    assert_eq!(cost(&game, card(&game, 0, "isn-everest")), 3);
}

#[test]
fn spectral_resurgence_saves_its_ship_once_then_goes() {
    let mut game = started(PAN_BASE, 22, 1);
    let chosh_card = card(&game, 1, "chosh-ka");
    let chosh = ships(&game, chosh_card)[0];
    put(&mut game, chosh, 8, 5);
    let spectral = attach(&mut game, "spectral-resurgence", chosh_card);
    game.edit().set_pegs(chosh, 1, 5);
    let state = game.ship(chosh);
    assert!(!state.destroyed);
    assert_eq!((state.shields, state.hull_damage), (0, 4), "hull 5, less 1");
    assert_eq!(game.tactic(spectral).place, TacticPlace::Discard);
    game.edit().set_pegs(chosh, 0, 5);
    assert!(game.ship(chosh).destroyed);
}

#[test]
fn shield_siphon_adds_a_shield_to_the_squadron_ship_that_removed_one() {
    for seed in 0..300 {
        let mut game = started(DEAD_ZONE, seed, 1);
        let fuvu_card = card(&game, 1, "red-fuvu");
        let fuvu = ships(&game, fuvu_card)[0];
        let torrent = first_ship(&game, 0, "isn-torrent");
        put(&mut game, fuvu, 8, 6);
        put(&mut game, torrent, 8, 8);
        attach(&mut game, "shield-siphon", fuvu_card);
        to_phase(&mut game, TurnPhase::Action);
        game.edit()
            .set_energy(ISN, 0)
            .set_energy(WRETCH, 20)
            .set_pegs(fuvu, 0, 0);
        assert!(activate_and_charge(
            &mut game,
            fuvu_card,
            fuvu,
            WeaponRef::Primary
        ));
        game.apply(Action::Attack {
            ship: fuvu,
            target: torrent,
        })
        .unwrap();
        answer_suggested(&mut game);
        if game.ship(torrent).shields < 3 {
            assert_eq!(game.ship(fuvu).shields, 1);
            return;
        }
    }
    panic!("Red Fuvu never hit");
}

#[test]
fn lr5_plaxma_and_ripper_cannons_are_weapons_of_a_solo_wretch_ship() {
    let mut game = started(PAN_BASE, 23, 1);
    let chosh_card = card(&game, 1, "chosh-ka");
    let chosh = ships(&game, chosh_card)[0];
    put(&mut game, chosh, 12, 15);
    for name in ["lr5-plaxma-cannon", "lr5-ripper-cannon"] {
        let mut game = game.clone();
        let weapon = attach(&mut game, name, chosh_card);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(WRETCH, 20);
        game.apply(Action::Activate(chosh_card)).unwrap();
        assert!(legal(&game).contains(&Action::Charge {
            ship: chosh,
            weapon: WeaponRef::Additional(weapon)
        }));
    }
}

#[test]
fn vecton_field_detonator_hits_remove_shield_pegs_only() {
    for seed in 0..300 {
        let mut game = started(DEAD_ZONE, seed, 1);
        let fuvu_card = card(&game, 1, "red-fuvu");
        let fuvu = ships(&game, fuvu_card)[0];
        let torrent = first_ship(&game, 0, "isn-torrent");
        put(&mut game, fuvu, 8, 6);
        put(&mut game, torrent, 8, 8);
        let detonator = attach(&mut game, "vecton-field-detonator", fuvu_card);
        to_phase(&mut game, TurnPhase::Action);
        game.edit()
            .set_energy(ISN, 0)
            .set_energy(WRETCH, 20)
            .set_pegs(torrent, 1, 0);
        assert!(activate_and_charge(
            &mut game,
            fuvu_card,
            fuvu,
            WeaponRef::Additional(detonator)
        ));
        game.apply(Action::Attack {
            ship: fuvu,
            target: torrent,
        })
        .unwrap();
        if game.ship(torrent).shields == 0 {
            assert_eq!(
                game.ship(torrent).hull_damage,
                0,
                "strength 2, one shield, no hull"
            );
            return;
        }
    }
    panic!("the detonator never hit");
}

#[test]
fn fortunes_bounty_gains_4_energy_or_6_with_an_enemy_shield_down() {
    let mut game = started(PAN_BASE, 24, 1);
    let bounty = give(&mut game, WRETCH, "fortunes-bounty");
    game.edit().set_energy(WRETCH, 10);
    let play = Action::PlayCard {
        card: bounty,
        target: Target::None,
    };
    let mut shields_down = game.clone();
    shields_down.apply(play).unwrap();
    assert_eq!(
        shields_down.energy(WRETCH),
        10 - 1 + 6,
        "Everest's shields are down"
    );
    let everest = first_ship(&game, 0, "isn-everest");
    game.edit().set_pegs(everest, 1, 4);
    game.apply(play).unwrap();
    assert_eq!(game.energy(WRETCH), 10 - 1 + 4);
}

#[test]
fn fates_reach_adds_3_to_the_primary_range_until_the_activation_ends() {
    let mut game = started(DEAD_ZONE, 25, 1);
    let chosh_card = card(&game, 1, "chosh-ka");
    let chosh = ships(&game, chosh_card)[0];
    put(&mut game, chosh, 8, 5);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(WRETCH, 20);
    let reach = give(&mut game, WRETCH, "fates-reach");
    let play = Action::PlayCard {
        card: reach,
        target: Target::None,
    };
    assert!(
        !legal(&game).contains(&play),
        "only when a Wretch card is activated"
    );
    game.apply(Action::Activate(chosh_card)).unwrap();
    answer_suggested(&mut game);
    assert!(legal(&game).contains(&play));
    game.apply(play).unwrap();
    answer_suggested(&mut game);
    assert_eq!(game.stat(Stat::Range(chosh, WeaponRef::Primary)), 6);
    game.apply(Action::EndActivation).unwrap();
    answer_suggested(&mut game);
    assert_eq!(game.stat(Stat::Range(chosh, WeaponRef::Primary)), 3);
}

#[test]
fn exploit_weakness_adds_2_direct_damage_to_a_hit_on_a_ship_with_shields_down() {
    for seed in 0..300 {
        let mut game = started(DEAD_ZONE, seed, 1);
        let chosh_card = card(&game, 1, "chosh-ka");
        let chosh = ships(&game, chosh_card)[0];
        let barrage = first_ship(&game, 0, "isn-barrage");
        put(&mut game, chosh, 8, 5);
        put(&mut game, barrage, 8, 7);
        let exploit = give(&mut game, WRETCH, "exploit-weakness");
        to_phase(&mut game, TurnPhase::Action);
        game.edit()
            .set_energy(ISN, 0)
            .set_energy(WRETCH, 3)
            .set_pegs(barrage, 0, 0);
        assert!(activate_and_charge(
            &mut game,
            chosh_card,
            chosh,
            WeaponRef::Primary
        ));
        game.apply(Action::Attack {
            ship: chosh,
            target: barrage,
        })
        .unwrap();
        answer_suggested(&mut game);
        if game.ship(barrage).hull_damage > 0 && !game.ship(barrage).destroyed {
            assert_eq!(game.ship(barrage).hull_damage, 3, "1 from the hit, 2 more");
            assert_eq!(game.tactic(exploit).place, TacticPlace::Discard);
            assert_eq!(game.energy(WRETCH), 0);
            return;
        }
    }
    panic!("Chosh Ka never hit");
}

#[test]
fn wretch_boarding_costs_its_victim_2_energy_to_discard_it_at_their_energy_phase() {
    let mut game = started(PAN_BASE, 26, 1);
    let torrent = card(&game, 0, "isn-torrent");
    let placed = ships(&game, torrent)[0];
    put(&mut game, placed, 8, 8);
    let placed = first_ship(&game, 1, "chosh-ka");
    put(&mut game, placed, 8, 7);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(WRETCH, 20);
    let boarding = give(&mut game, WRETCH, "wretch-boarding");
    let play = Action::PlayCard {
        card: boarding,
        target: Target::Card(torrent),
    };
    assert!(
        legal(&game).contains(&play),
        "an enemy solo ship next to a Wretch ship"
    );
    game.apply(play).unwrap();
    answer_suggested(&mut game);
    assert_eq!(game.tactic(boarding).place, TacticPlace::Attached(torrent));
    // Nothing happens in the Wretch players' energy phases ...
    while game.active_player() != ISN {
        assert_eq!(game.tactic(boarding).place, TacticPlace::Attached(torrent));
        game.apply(Action::EndPhase).unwrap();
        answer_suggested(&mut game);
    }
    // ... but at its controller's, the ISN player pays 2 of the phase's
    // energy to discard it (or, unable to, Torrent takes 1 hull damage).
    assert_eq!(game.tactic(boarding).place, TacticPlace::Discard);
    assert_eq!(
        game.energy(ISN),
        10 + 10 + 1 - 2,
        "start, phase, Yeboah, less 2"
    );
    assert_eq!(game.ship(ships(&game, torrent)[0]).hull_damage, 0);
}

#[test]
fn wretch_boarding_victim_may_take_the_hull_damage_instead_of_paying() {
    let mut game = started(PAN_BASE, 26, 1);
    let torrent = card(&game, 0, "isn-torrent");
    let torrent_ship = ships(&game, torrent)[0];
    put(&mut game, torrent_ship, 8, 8);
    let placed = first_ship(&game, 1, "chosh-ka");
    put(&mut game, placed, 8, 7);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(WRETCH, 20);
    let boarding = give(&mut game, WRETCH, "wretch-boarding");
    game.apply(Action::PlayCard {
        card: boarding,
        target: Target::Card(torrent),
    })
    .unwrap();
    while game.question().is_none() {
        game.apply(Action::EndPhase).unwrap();
    }
    let asked = game.question().cloned().unwrap();
    assert_eq!(asked.player, ISN, "the victim's controller chooses");
    assert_eq!(asked.about, About::Choose);
    assert_eq!(asked.options, [Answer::Option(0), Answer::Option(1)]);
    let energy = game.energy(ISN);
    answer(&mut game, Answer::Option(1));
    assert_eq!(game.tactic(boarding).place, TacticPlace::Attached(torrent));
    assert_eq!(game.ship(torrent_ship).hull_damage, 1);
    assert_eq!(game.energy(ISN), energy, "nothing paid");
}

#[test]
fn hit_and_run_declined_leaves_chosh_ka_where_it_is() {
    let mut game = started(DEAD_ZONE, 7, 1);
    let chosh_card = card(&game, 1, "chosh-ka");
    let chosh = ships(&game, chosh_card)[0];
    put(&mut game, chosh, 8, 2);
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(WRETCH, 20);
    let at = game.ship(chosh).pos;
    game.apply(Action::Activate(chosh_card)).unwrap();
    game.apply(Action::EndActivation).unwrap();
    answer(&mut game, Answer::No);
    assert!(game.question().is_none());
    assert_eq!(game.ship(chosh).pos, at);
}

#[test]
fn sparrow_cover_fire_may_stay_in_the_hand_and_the_hit_then_stands() {
    for seed in 0..400 {
        let (mut game, sparrows, chosh, cover) = cover_fire_position(seed);
        let shields = game.ship(sparrows[0]).shields;
        game.apply(Action::Attack {
            ship: chosh,
            target: sparrows[0],
        })
        .unwrap();
        let Some(asked) = game.question().cloned() else {
            continue;
        };
        // Asked on the Wretch player's turn: the ISN player decides now.
        assert_eq!(game.active_player(), WRETCH);
        assert_eq!(game.to_move(), ISN);
        assert_eq!(asked.about, About::Reaction { card: cover });
        assert_eq!(asked.options, [Answer::Play(Target::None), Answer::No]);
        answer(&mut game, Answer::No);
        assert_eq!(game.tactic(cover).place, TacticPlace::Hand(ISN));
        assert_eq!(game.energy(ISN), 2);
        assert!(game.ship(sparrows[0]).shields < shields, "the hit stands");
        return;
    }
    panic!("Chosh Ka never hit");
}

#[test]
fn hijack_plan_takes_control_on_5_or_more_and_otherwise_waits_to_roll_again() {
    let mut outcomes = [false; 2];
    for seed in 0..200 {
        let mut game = started(PAN_BASE, seed, 1);
        let torrent = card(&game, 0, "isn-torrent");
        let placed = ships(&game, torrent)[0];
        put(&mut game, placed, 8, 8);
        let placed = first_ship(&game, 1, "chosh-ka");
        put(&mut game, placed, 8, 7);
        let torrent_ship = ships(&game, torrent)[0];
        game.edit().set_pegs(torrent_ship, 0, 0);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(WRETCH, 20);
        let hijack = give(&mut game, WRETCH, "hijack-plan");
        game.apply(Action::PlayCard {
            card: hijack,
            target: Target::Card(torrent),
        })
        .unwrap();
        let taken = game.card(torrent).controller == WRETCH;
        if taken {
            assert_eq!(game.tactic(hijack).place, TacticPlace::Discard);
        } else {
            assert_eq!(game.tactic(hijack).place, TacticPlace::Attached(torrent));
        }
        outcomes[usize::from(taken)] = true;
        if outcomes == [true, true] {
            return;
        }
    }
    panic!("the hijack never went both ways: {outcomes:?}");
}

#[test]
fn hijack_plan_rolls_again_at_the_start_of_its_players_action_phase() {
    for seed in 0..200 {
        let mut game = started(PAN_BASE, seed, 1);
        let torrent = card(&game, 0, "isn-torrent");
        let torrent_ship = ships(&game, torrent)[0];
        put(&mut game, torrent_ship, 8, 8);
        let placed = first_ship(&game, 1, "chosh-ka");
        put(&mut game, placed, 8, 7);
        game.edit().set_pegs(torrent_ship, 0, 0);
        // Attached by the editor: it rolls as it attaches, for the Wretch
        // team's first player.
        let hijack = attach(&mut game, "hijack-plan", torrent);
        if game.card(torrent).controller == WRETCH {
            continue;
        }
        to_phase(&mut game, TurnPhase::Action);
        if game.card(torrent).controller == WRETCH {
            assert_eq!(game.tactic(hijack).place, TacticPlace::Discard);
            return;
        }
        assert_eq!(game.tactic(hijack).place, TacticPlace::Attached(torrent));
    }
    panic!("no roll of 5 or more at the action phase");
}

// --- special rules ---

#[test]
fn blockade_wretch_ships_escape_from_the_isn_zone_for_victory_points_by_size() {
    let mut game = started(BLOCKADE, 28, 1);
    let (wretch_card, size) = game
        .cards()
        .find(|c| c.owner == WRETCH && c.size != spacedock_schema::common::Size::Large)
        .map(|c| (c.id, c.size))
        .expect("a small or medium Wretch ship card");
    let medium = size == spacedock_schema::common::Size::Medium;
    let taken: Vec<_> = game.ships().flat_map(|s| game.ship_hexes(s.id)).collect();
    let spot = (3..=13)
        .flat_map(|column| [(column, 2), (column, 3)])
        .find(|&(column, row)| {
            let free = |c| !taken.contains(&common::hex(&game, c, row));
            free(column) && (!medium || free(column + 1))
        })
        .expect("room in the ISN zone");
    let ship = ships(&game, wretch_card)[0];
    put(&mut game, ship, spot.0, spot.1);
    // Squadron mates stay behind the screen: only the ship in the zone counts.
    to_phase(&mut game, TurnPhase::Action);
    game.edit().set_energy(WRETCH, 20);
    game.apply(Action::Activate(wretch_card)).unwrap();
    game.apply(Action::EndActivation).unwrap();
    let view = game.ship(ship);
    assert!(
        view.pos.is_none() && !view.destroyed,
        "escaped, not destroyed"
    );
    let points = if medium { 2 } else { 1 };
    assert_eq!(game.victory_points(game.team(WRETCH)), points);
}

#[test]
fn barrages_computer_core_draws_from_the_isn_deck_and_attaching_isn_cards_scores() {
    // The Wretch player (seat 0) goes first: his energy phase drew the
    // dearest of the ISN deck's top 3 instead of his own card.
    let mut game = started(BARRAGE_MISSION, 29, 0);
    let wretch = PlayerId(0);
    let isn = PlayerId(1);
    let isn_cards = game
        .hand(wretch)
        .iter()
        .filter(|&&t| {
            game.bundle()
                .tactics
                .iter()
                .any(|k| k.id == game.tactic(t).card && k.faction == "isn")
        })
        .count();
    assert_eq!(isn_cards, 1, "one ISN card kept");
    assert_eq!(game.hand_len(wretch), 6);
    assert_eq!(game.deck_len(isn), 24 - 5 - 1, "two went back under");
    assert_eq!(game.deck_len(wretch), 24 - 5, "no draw from his own deck");
    // Treated as ISN ships: an ISN hero on a Wretch solo ship, for 1 VP.
    let solo = game
        .cards()
        .find(|c| {
            c.owner == wretch
                && c.icon == spacedock_schema::common::Icon::Solo
                && c.ship != "isn-barrage"
                && c.place == CardPlace::Screen
        })
        .map(|c| c.id)
        .expect("a Wretch solo ship card");
    let placed = ships(&game, solo)[0];
    put(&mut game, placed, 8, 5);
    to_phase(&mut game, TurnPhase::Deploy);
    game.edit().set_energy(wretch, 40);
    let hero = (0..game.tactic_count() as u16)
        .map(TacticId)
        .find(|&t| {
            game.tactic(t).kind == spacedock_schema::common::TacticType::Hero
                && game
                    .bundle()
                    .tactics
                    .iter()
                    .any(|k| k.id == game.tactic(t).card && k.faction == "isn")
        })
        .expect("an ISN hero in the game");
    game.edit().to_hand(wretch, hero);
    let hero = *game
        .hand(wretch)
        .iter()
        .find(|&&t| game.tactic(t).card == game.tactic(hero).card)
        .unwrap();
    let play = Action::PlayCard {
        card: hero,
        target: Target::Card(solo),
    };
    assert!(legal(&game).contains(&play), "an ISN hero on a Wretch ship");
    game.apply(play).unwrap();
    answer_suggested(&mut game);
    assert_eq!(game.victory_points(game.team(wretch)), 1);
}

#[test]
fn captains_attach_the_prepped_hero_free_when_its_ship_launches() {
    let mut game = started(METEOR, 30, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    game.edit().set_energy(PlayerId(0), 40);
    let vapor = card(&game, 0, "vapors-fate");
    game.apply(Action::Launch(vapor)).unwrap();
    answer_suggested(&mut game);
    let place = legal(&game)[0];
    game.apply(place).unwrap();
    answer_suggested(&mut game);
    let attached: Vec<_> = game
        .card(vapor)
        .attached
        .iter()
        .map(|&t| game.tactic(t).card)
        .collect();
    assert_eq!(attached, vec!["krall-draxus"]);
    assert_eq!(game.energy(PlayerId(0)), 40 - 20, "the launch cost only");
}

/// "You cannot have 2 heroes with the same name attached to ships in your
/// fleet at the same time": with a deck copy of Krall Draxus on Red Fuvu,
/// the prepped one is not offered when Vapor's Fate launches.
#[test]
fn captains_attach_no_second_hero_of_a_name_in_the_fleet() {
    let mut game = started(METEOR, 30, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    let player = PlayerId(0);
    game.edit().set_energy(player, 40);
    let fuvu = card(&game, 0, "red-fuvu");
    let fuvu_ship = ships(&game, fuvu)[0];
    put(&mut game, fuvu_ship, 8, 3);
    let copy = (0..game.tactic_count() as u16)
        .map(TacticId)
        .find(|&t| {
            game.tactic(t).card == "krall-draxus"
                && !matches!(game.tactic(t).place, TacticPlace::Prepped(_))
        })
        .expect("a Krall Draxus besides the prepped one");
    game.edit().attach(copy, fuvu);
    let vapor = card(&game, 0, "vapors-fate");
    game.apply(Action::Launch(vapor)).unwrap();
    let place = legal(&game)[0];
    game.apply(place).unwrap();
    assert!(game.question().is_none(), "the captain is not offered");
    assert!(game.card(vapor).attached.is_empty());
    let prepped = (0..game.tactic_count() as u16)
        .map(TacticId)
        .filter(|&t| game.tactic(t).place == TacticPlace::Prepped(player))
        .count();
    assert_eq!(prepped, 1, "Krall Draxus stays prepped");
}

#[test]
fn captains_ask_nothing_when_no_hero_is_prepped_for_the_ship() {
    let mut game = started(METEOR, 30, 0);
    to_phase(&mut game, TurnPhase::Deploy);
    let player = PlayerId(0);
    game.edit().set_energy(player, 40);
    let prepped: Vec<TacticId> = (0..game.tactic_count() as u16)
        .map(TacticId)
        .filter(|&t| game.tactic(t).place == TacticPlace::Prepped(player))
        .collect();
    assert!(!prepped.is_empty(), "the mission preps cards");
    for tactic in prepped {
        game.edit().to_hand(player, tactic);
    }
    let vapor = card(&game, 0, "vapors-fate");
    game.apply(Action::Launch(vapor)).unwrap();
    let place = legal(&game)[0];
    game.apply(place).unwrap();
    assert!(
        game.question().is_none(),
        "an optional power that would change nothing is not offered"
    );
    assert!(game.card(vapor).attached.is_empty());
    assert_eq!(game.energy(player), 40 - 20, "the launch cost only");
}

#[test]
fn remote_engines_move_asteroids_at_the_end_of_an_isn_turn_and_ram_wretch_ships() {
    let (mut moved, mut rammed) = (false, false);
    for seed in 0..200 {
        let mut game = started(METEOR, seed, 2);
        let tougu = first_ship(&game, 0, "red-tougu");
        put(&mut game, tougu, 8, 13);
        game.edit().set_pegs(tougu, 1, 0);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(PlayerId(2), 10);
        let before: Vec<Vec<_>> = game.obstacles().map(|(_, hexes)| hexes.to_vec()).collect();
        game.apply(Action::EndPhase).unwrap();
        answer_suggested(&mut game);
        assert_eq!(game.active_player(), PlayerId(3));
        // The ISN team's pool paid 2 (ISN player 2's energy phase has begun since).
        let after: Vec<Vec<_>> = game.obstacles().map(|(_, hexes)| hexes.to_vec()).collect();
        if before != after {
            moved = true;
            rammed |= game.ship(tougu).shields == 0;
        }
        if moved && rammed {
            return;
        }
    }
    panic!("asteroids moved: {moved}, rammed: {rammed}");
}

#[test]
fn recovering_survivors_scores_1_to_3_vp_instead_of_moving_next_to_an_asteroid() {
    let mut scores = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let mut game = started(PAN_BASE, seed, 0);
        let torrent_card = card(&game, 0, "isn-torrent");
        let torrent = ships(&game, torrent_card)[0];
        put(&mut game, torrent, 11, 15);
        to_phase(&mut game, TurnPhase::Action);
        game.edit().set_energy(ISN, 20);
        game.apply(Action::Activate(torrent_card)).unwrap();
        let survivors = legal(&game)
            .into_iter()
            .find(|a| matches!(a, Action::UsePower { .. }))
            .expect("a solo ship next to an asteroid may recover survivors");
        game.apply(survivors).unwrap();
        let points = game.victory_points(game.team(ISN));
        assert!((1..=3).contains(&points));
        assert!(
            !legal(&game)
                .iter()
                .any(|a| matches!(a, Action::Step { ship, .. } if *ship == torrent)),
            "instead of moving"
        );
        scores.insert(points);
        if scores.len() == 3 {
            return;
        }
    }
    panic!("scores seen: {scores:?}");
}
