//! Fleet and deck building: the rules a fleet and a tactic deck obey, checked
//! on the lists a mission selects and, through `fleet check`, on a player's
//! build. One function per rule; all of them read a [`Build`], so both kinds
//! of list get the same checks and the same messages.

use std::collections::{BTreeMap, HashMap};

use spacedock_schema::common::{Icon, Level, Size, TacticType, ordinal};
use spacedock_schema::effect::{Effect, Role, Selector};
use spacedock_schema::mission::{DeckRule, Player, Selection};
use spacedock_schema::ship::{ShipSource, Slots, Version};

use crate::check::{count, mission};
use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::{DeckModel, MissionModel, Model, PlannedCard, PlannedShip, PlayerModel, Ref};
use crate::resolve::ItemKind;
use crate::source::FileId;

/// A fleet to check: where it was written and its ship cards.
pub(crate) struct Build<'a> {
    pub(crate) file: FileId,
    pub(crate) ships: &'a [PlannedShip],
    /// Pointer of the list, for problems of the fleet as a whole.
    pub(crate) anchor: String,
    /// Whether every entry of the list was read and named a ship card:
    /// with one left out for its shape, the fleet may hold the ship it
    /// names, and with one naming no ship card (a misspelling, reported
    /// where it is), the ship it meant; so no ship is said to be missing.
    pub(crate) complete: bool,
}

/// Checks what a mission itself selects and prepares.
pub(crate) fn check_mission(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    diagnostics: &mut Diagnostics,
) {
    let source = &context.content.missions[mission.mission].item;
    for (p, player) in mission.players.iter().enumerate() {
        let player_source = &source.players[p];
        fleet_selection(context, mission.file, player, player_source, diagnostics);
        let build = (player_source.fleet.selection != Selection::Player).then(|| Build {
            file: mission.file,
            ships: &player.ships,
            anchor: format!("{}/fleet/ships", player.pointer),
            complete: player.ships_named,
        });
        required_once(context, mission, p, diagnostics);
        match player_source.fleet.selection {
            Selection::Mission => selected_as_required(context, mission, p, diagnostics),
            Selection::Player | Selection::Combined => {
                required_of_the_fleets_faction(context, model, mission, p, diagnostics);
            }
        }
        match &build {
            Some(build) => {
                check_fleet(context, model, mission, p, build, diagnostics);
            }
            None => budget_fits(context, model, mission, p, diagnostics),
        }
        attachments(context, model, mission, p, build.as_ref(), diagnostics);
    }
    for deck in &mission.decks {
        deck_selection(context, mission, deck, diagnostics);
        outlasts_the_first_draw(context, mission, deck, diagnostics);
        match deck.rule.selection {
            Selection::Player => {
                minimums_fit(context, model, mission, deck, diagnostics);
                prepped_copies_fit(context, model, mission, deck, diagnostics);
            }
            Selection::Mission => {
                // A card that names nothing is reported where it is, and
                // counts in the size as written.
                let written: u32 = deck.rule.cards.iter().map(|c| c.count).sum();
                let named: u32 = deck.cards.iter().map(|c| c.count).sum();
                check_deck(
                    context,
                    model,
                    mission,
                    deck,
                    &Listed {
                        cards: &deck.cards,
                        unnamed: written.saturating_sub(named),
                        complete: true,
                    },
                    mission.file,
                    &format!("{}/cards", deck.pointer),
                    expected_deck_size(context, mission, deck),
                    diagnostics,
                );
            }
            Selection::Combined => {
                // The list is only part of the deck: the size and the type
                // minimums hold for the player's whole deck (`fleet check`).
                minimums_fit(context, model, mission, deck, diagnostics);
                let listed: u32 = deck.cards.iter().map(|c| c.count).sum();
                if let Some(size) = expected_deck_size(context, mission, deck)
                    && listed > size
                {
                    diagnostics.push(
                        Diagnostic::new(
                            Code::DeckSize,
                            format!(
                                "the mission lists {}, more than the deck's {size}",
                                count(listed, "card")
                            ),
                        )
                        .at(context.key_at(mission.file, &format!("{}/cards", deck.pointer)))
                        .label(format!("{listed} > {size}")),
                    );
                }
                let list_only = DeckModel {
                    rule: DeckRule {
                        minimums: BTreeMap::new(),
                        ..deck.rule.clone()
                    },
                    ..deck.clone()
                };
                check_deck(
                    context,
                    model,
                    mission,
                    &list_only,
                    &Listed {
                        cards: &deck.cards,
                        unnamed: 0,
                        complete: true,
                    },
                    mission.file,
                    &format!("{}/cards", deck.pointer),
                    None,
                    diagnostics,
                );
            }
        }
    }
}

fn fleet_selection(
    context: &Context<'_>,
    file: FileId,
    player: &PlayerModel,
    source: &Player,
    diagnostics: &mut Diagnostics,
) {
    let fleet = &source.fleet;
    let (by_mission, by_player, combined) = (
        fleet.selection == Selection::Mission,
        fleet.selection == Selection::Player,
        fleet.selection == Selection::Combined,
    );
    let listed = !fleet.ships.is_empty();
    let budget = fleet.fleet_cost.is_some();
    // Each mismatch on its own: a mission-selected fleet without ships
    // and with a budget has two, as has a combined fleet with neither.
    let problems = [
        (
            by_mission && !listed,
            "a mission-selected fleet has no `ships`: the mission lists every ship its player gets",
            "selection",
            "list them in `ships`, or write `selection = \"player\"` and a `fleet_cost` for a fleet the player builds",
        ),
        (
            by_mission && budget,
            "a mission-selected fleet has no `fleet_cost`: the mission lists every ship",
            "fleet_cost",
            "remove `fleet_cost`, or write `selection = \"combined\"` for listed ships plus ships the player adds",
        ),
        (
            by_player && listed,
            "a player-selected fleet does not list `ships`: the player builds it",
            "ships",
            "name ships every build must hold in `required`, or write `selection = \"combined\"`",
        ),
        (
            (by_player || combined) && !budget,
            "this fleet needs a `fleet_cost` budget: its player builds it",
            "selection",
            "add `fleet_cost`, the energy the player may spend on launch costs",
        ),
        (
            combined && !listed,
            "a combined fleet has no `ships`: it lists the ships the mission selects",
            "selection",
            "list them in `ships`, or write `selection = \"player\"` if the player builds all of it",
        ),
    ];
    for (_, message, field, help) in problems.into_iter().filter(|(found, ..)| *found) {
        diagnostics.push(
            Diagnostic::new(Code::SelectionMismatch, message)
                .at(context.key_at(file, &format!("{}/fleet/{field}", player.pointer)))
                .label(format!(
                    "selection is `{}`",
                    selection_name(fleet.selection)
                ))
                .help(help),
        );
    }
}

fn deck_selection(
    context: &Context<'_>,
    mission: &MissionModel,
    deck: &DeckModel,
    diagnostics: &mut Diagnostics,
) {
    let rule = &deck.rule;
    let problem = match (rule.selection, rule.cards.is_empty()) {
        // No tactic cards at all ("Simpler way to play Dead Zone Battle").
        (Selection::Mission, true) if rule.size == Some(0) => None,
        (_, _) if rule.size == Some(0) => Some((
            "only a mission-selected deck with no `cards` may have a `size` of 0 (a mission played without tactic cards)",
            "size",
        )),
        (Selection::Mission | Selection::Combined, true) => Some((
            "this deck lists the `cards` the mission selects",
            "selection",
        )),
        (Selection::Player, false) => Some((
            "a player-selected deck does not list `cards`: use `selection = \"combined\"`",
            "cards",
        )),
        // Half the fleet cost needs a fleet cost to halve.
        (Selection::Player | Selection::Combined, _)
            if expected_deck_size(context, mission, deck).is_none() =>
        {
            let source = &context.content.missions[mission.mission].item;
            let fleet_by_mission = deck
                .players
                .first()
                .is_some_and(|&p| source.players[p].fleet.selection == Selection::Mission);
            Some(if fleet_by_mission {
                (
                    "this deck's size is unknown: give it a `size` (its player's fleet is the mission's, with no budget to halve)",
                    "selection",
                )
            } else {
                (
                    "this deck's size is unknown: give it a `size`, or its player a `fleet_cost`",
                    "selection",
                )
            })
        }
        _ => None,
    };
    if let Some((message, field)) = problem {
        diagnostics.push(
            Diagnostic::new(Code::SelectionMismatch, message)
                .at(context.key_at(mission.file, &format!("{}/{field}", deck.pointer)))
                .label(format!("selection is `{}`", selection_name(rule.selection))),
        );
    } else if let Some(costs) = shared_by_unequal_budgets(context, mission, deck) {
        diagnostics.push(
            Diagnostic::new(
                Code::SelectionMismatch,
                format!(
                    "this shared deck's size is unknown: its players' fleet costs differ ({costs}), and it has no `size`"
                ),
            )
            .at(context.key_at(mission.file, &deck.pointer))
            .label("half of which fleet cost?")
            .help("give the shared deck a `size`"),
        );
    }
}

/// The fleet costs of a shared deck's players, written out, when the deck
/// would take its size from a budget and they differ: the size of half
/// "the" fleet cost is then not one number.
fn shared_by_unequal_budgets(
    context: &Context<'_>,
    mission: &MissionModel,
    deck: &DeckModel,
) -> Option<String> {
    deck_budget(context, mission, deck)?;
    let source = &context.content.missions[mission.mission].item;
    let costs: Vec<u32> = deck
        .players
        .iter()
        .filter_map(|&p| source.players[p].fleet.fleet_cost)
        .collect();
    let unequal = costs.windows(2).any(|pair| pair[0] != pair[1]);
    unequal.then(|| {
        costs
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    })
}

fn selection_name(selection: Selection) -> &'static str {
    match selection {
        Selection::Mission => "mission",
        Selection::Player => "player",
        Selection::Combined => "combined",
    }
}

/// The deck size a deck must have: the mission's `size`, or half the
/// budget (rounded down) for a player-chosen deck. A mission-selected deck
/// without a size is as large as its list.
pub(crate) fn expected_deck_size(
    context: &Context<'_>,
    mission: &MissionModel,
    deck: &DeckModel,
) -> Option<u32> {
    deck.rule.size.or_else(|| {
        deck_budget(context, mission, deck).map(|budget| context.rules.deck_size_for(budget))
    })
}

/// The fleet cost a deck's size comes from, when the mission does not give
/// the size: a player-chosen (or combined) deck's players' budget. A
/// mission-selected fleet has no budget (a `fleet_cost` there is an error
/// of its own), nor does a mission-selected deck take its size from one.
fn deck_budget(context: &Context<'_>, mission: &MissionModel, deck: &DeckModel) -> Option<u32> {
    if deck.rule.size.is_some() || deck.rule.selection == Selection::Mission {
        return None;
    }
    let source = &context.content.missions[mission.mission].item;
    deck.players
        .first()
        .map(|&p| &source.players[p].fleet)
        .filter(|fleet| fleet.selection != Selection::Mission)
        .and_then(|fleet| fleet.fleet_cost)
}

/// Where a deck's size comes from when the mission does not say it:
/// " (the fleet cost of 20 divided by 2, rounded down)", or nothing.
fn size_origin(context: &Context<'_>, mission: &MissionModel, deck: &DeckModel) -> String {
    deck_budget(context, mission, deck).map_or_else(String::new, |budget| {
        format!(
            " (the fleet cost of {budget} divided by {}, rounded down)",
            context.rules.deck_size_divisor
        )
    })
}

/// A deck must hold more than is drawn from it before any card can be
/// discarded: its players' opening hands, then the first energy phase's
/// draws (`draws_per_phase`, those the hand has room for: a draw past the
/// hand limit waits for a forced discard, which feeds the discard pile) of
/// whichever of its players goes first. The draw that takes the last card
/// runs the deck out at once; with the discard pile still empty the deck
/// rebuilt from it is empty too, so the deck is out for good in the first
/// round, and once every deck is, the victory clock ends the game (the
/// rulebook's deck exhaustion). Prepped cards are set aside, not dealt,
/// and are not counted.
fn outlasts_the_first_draw(
    context: &Context<'_>,
    mission: &MissionModel,
    deck: &DeckModel,
    diagnostics: &mut Diagnostics,
) {
    // Of a size that is not one number, SD0312 tells.
    if shared_by_unequal_budgets(context, mission, deck).is_some() {
        return;
    }
    let rules = &context.rules;
    let hand = rules.opening_hand.min(rules.hand_limit);
    let first_draws = rules.draws_per_phase.min(rules.hand_limit - hand);
    let drawers = deck.players.len() as u32;
    // A mission-selected deck with no `size` is as long as its list.
    let size = match expected_deck_size(context, mission, deck) {
        Some(size) => size,
        None if deck.rule.selection == Selection::Mission => {
            deck.rule.cards.iter().map(|c| c.count).sum()
        }
        None => return,
    };
    let dealt = hand * drawers;
    let needed = dealt + first_draws;
    // An empty deck never runs out (the victory clock waits only for decks
    // that hold cards); one the players choose is SD0312's to tell.
    if size > needed || size == 0 {
        return;
    }
    let (pointer, origin) = match (deck.rule.size, deck.rule.selection) {
        (Some(_), _) => (format!("{}/size", deck.pointer), String::new()),
        (None, Selection::Mission) => (format!("{}/cards", deck.pointer), String::new()),
        (None, _) => (deck.pointer.clone(), size_origin(context, mission, deck)),
    };
    let hands = if drawers == 1 {
        format!("the opening hand of {hand}")
    } else {
        format!("the opening hands of its {drawers} players ({drawers} x {hand})")
    };
    let draws = match first_draws {
        0 => String::new(),
        1 => " and the first draw".to_owned(),
        n => format!(" and the first {n} draws"),
    };
    let spent = if size <= dealt {
        "the deal spends it before the first turn".to_owned()
    } else {
        format!(
            "if {} goes first, their first {} the last card before any card is discarded",
            if drawers == 1 {
                "its player"
            } else {
                "one of its players"
            },
            if first_draws == 1 {
                "draw takes"
            } else {
                "draws take"
            }
        )
    };
    let reshuffles = rules.deck_reshuffles;
    diagnostics.push(
        Diagnostic::new(
            Code::ShortDeck,
            format!(
                "the deck holds {}{origin}, no more than {hands}{draws}: {spent}",
                count(size, "card")
            ),
        )
        .at(context.key_at(mission.file, &pointer))
        .label(format!("{size} <= {needed}"))
        .help(format!(
            "give the deck at least {} cards, or lower `opening_hand` in the pack's rules.toml; a deck that runs out is rebuilt from its discard pile ({} by the ruleset), still empty during the deal and the first player's first draw, and the victory clock ends the game once every deck is out for good",
            needed + 1,
            if reshuffles == 1 { "once".to_owned() } else { format!("{reshuffles} times") }
        )),
    );
}

/// The version of a ship card at a level.
pub(crate) fn version(
    ship: &ShipSource,
    level: spacedock_schema::common::Level,
) -> Option<&Version> {
    ship.versions.iter().find(|v| v.level == level)
}

/// Every fleet rule: versions exist, one card per name, faction, budget,
/// required and forbidden ships, transport.
pub(crate) fn check_fleet(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    player: usize,
    build: &Build<'_>,
    diagnostics: &mut Diagnostics,
) -> u32 {
    let source = &context.content.missions[mission.mission].item;
    let player_model = &mission.players[player];
    let rule = &source.players[player].fleet;
    let ships = &context.content.ships;
    let at = |pointer: &str| context.at(build.file, pointer);

    let mut cost = 0;
    let mut by_name: HashMap<&str, (&PlannedShip, u32)> = HashMap::new();
    for planned in build.ships {
        let ship = &ships[planned.ship].item;
        if let Some(version) = version(ship, planned.level) {
            cost += version.launch_cost;
        } else {
            // A level written twice (SD0202's error) is one the ship has.
            let mut levels: Vec<Level> = ship.versions.iter().map(|v| v.level).collect();
            levels.sort_unstable();
            levels.dedup();
            let levels: Vec<&str> = levels.iter().map(|level| level.name()).collect();
            diagnostics.push(
                Diagnostic::new(
                    Code::MissingVersion,
                    format!("`{}` has no {} version", ship.name, planned.level.name()),
                )
                .at(at(&format!("{}/version", planned.pointer)))
                .label("no such version")
                .help(format!("`{}` comes in: {}", ship.name, levels.join(", "))),
            );
        }
        let (first, copies) = by_name
            .entry(ship.name.as_str())
            .and_modify(|(_, copies)| *copies += 1)
            .or_insert((planned, 1));
        if *copies > 1 {
            let (times, nth) = times_and_nth(*copies);
            diagnostics.push(
                Diagnostic::new(Code::DuplicateShip, format!("the fleet has `{}` {times}", ship.name))
                    .at(at(&format!("{}/ship", planned.pointer)))
                    .label(nth)
                    .note(at(&format!("{}/ship", first.pointer)), "first copy here")
                    .help("a fleet holds one copy of any ship card, and never two ships of the same name, even in different versions"),
            );
        }
        let ship_faction = model.ship_factions[planned.ship];
        if ship_faction.is_some()
            && player_model.faction.is_some()
            && ship_faction != player_model.faction
            && !player_model.ship_exceptions.contains(&planned.ship)
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::WrongFaction,
                    format!("`{}` belongs to faction `{}`, but `{}` commands `{}`", ship.name, ship.faction, source.players[player].name, source.players[player].faction),
                )
                .at(at(&format!("{}/ship", planned.pointer)))
                .label("another faction's ship")
                .help("ships come from the player's faction unless the mission lists them in `faction_exceptions`"),
            );
        }
    }
    // A mission-selected fleet has no budget: a `fleet_cost` there is an
    // error of its own (SD0312), not a limit to hold the mission's list to.
    let budget = rule
        .fleet_cost
        .filter(|_| rule.selection != Selection::Mission);
    if let Some(budget) = budget
        && cost > budget
    {
        diagnostics.push(
            Diagnostic::new(
                Code::FleetOverBudget,
                format!("the fleet costs {cost}, over the fleet cost of {budget}"),
            )
            .at(context.key_at(build.file, &build.anchor))
            .label(format!("{cost} > {budget}"))
            .help(format!(
                "remove or downgrade ships worth {} launch cost",
                cost - budget
            )),
        );
    } else if let Some(budget) = budget
        && build.file == mission.file
        && rule.selection == Selection::Combined
    {
        // A combined mission's list and the required ships it lacks, each
        // once, in its cheapest version: no build can cost less.
        let missing: u32 = distinct_required(player_model)
            .filter(|required| {
                !build
                    .ships
                    .iter()
                    .any(|planned| planned.ship == required.item)
            })
            .filter_map(|required| cheapest_cost(&ships[required.item].item))
            .sum();
        if cost + missing > budget {
            diagnostics.push(
                Diagnostic::new(
                    Code::FleetOverBudget,
                    format!(
                        "the mission's ships ({cost}) and the required ships it does not list (at least {missing}) cost at least {}, over the fleet cost of {budget}",
                        cost + missing
                    ),
                )
                .at(context.at(
                    mission.file,
                    &format!("{}/fleet/fleet_cost", player_model.pointer),
                ))
                .label(format!("{} > {budget}", cost + missing))
                .help("no build can be made: raise the fleet cost, or list or require fewer ships"),
            );
        }
    }
    // Only a whole fleet (a player's build) can lack a required ship: a
    // combined mission's list is completed by the player.
    if build.file != mission.file && build.complete {
        for required in &player_model.required {
            if !build
                .ships
                .iter()
                .any(|planned| planned.ship == required.item)
            {
                let name = &ships[required.item].item.name;
                let mut diagnostic = Diagnostic::new(
                    Code::RequiredShipMissing,
                    format!("the mission requires `{name}` in this fleet"),
                )
                .at(context.key_at(build.file, &build.anchor))
                .label(format!("no `{name}`"));
                if build.file != mission.file {
                    diagnostic = diagnostic
                        .note(context.at(mission.file, &required.pointer), "required here");
                }
                diagnostics.push(diagnostic.help(format!("add `{name}` in any version")));
            }
        }
    }
    for forbidden in &player_model.forbidden {
        if let Some(planned) = build
            .ships
            .iter()
            .find(|planned| planned.ship == forbidden.item)
        {
            let name = &ships[forbidden.item].item.name;
            let mut diagnostic = Diagnostic::new(
                Code::ForbiddenShip,
                format!("the mission forbids `{name}` in this fleet"),
            )
            .at(at(&format!("{}/ship", planned.pointer)))
            .label("forbidden");
            if build.file != mission.file {
                diagnostic = diagnostic.note(
                    context.at(mission.file, &forbidden.pointer),
                    "forbidden here",
                );
            }
            diagnostics.push(diagnostic);
        }
    }
    transport(context, rule.transport, build, diagnostics);
    if rule.transport {
        starts_launched(context, mission, player, build, diagnostics);
    }
    cost
}

/// How often a thing is there (`twice`, `3 times`), and which copy the
/// `n`th is (`second copy`).
fn times_and_nth(n: u32) -> (String, String) {
    match n {
        2 => ("twice".to_owned(), "second copy".to_owned()),
        3 => ("3 times".to_owned(), "third copy".to_owned()),
        n => (format!("{n} times"), format!("copy {n}")),
    }
}

/// A ship that starts the game launched (the mission's `start`, or every
/// ship of a `launched_at_start` fleet) is on the battlefield from the
/// first turn, never in a hold, and its own hold is empty: "Some ships can
/// carry other ships within their transport holds when they are launched
/// into the starting zone".
fn starts_launched(
    context: &Context<'_>,
    mission: &MissionModel,
    player: usize,
    build: &Build<'_>,
    diagnostics: &mut Diagnostics,
) {
    let source = &context.content.missions[mission.mission].item;
    let player_model = &mission.players[player];
    let all = source.players[player].fleet.launched_at_start;
    for planned in build.ships {
        // With the whole fleet launched, the ships carried are told of
        // below; else a carrier the mission starts launched.
        let started = player_model
            .start
            .iter()
            .find(|start| start.ship == Some(planned.ship));
        if let Some(start) = started.filter(|_| !all && !planned.transport.is_empty()) {
            let name = &context.content.ships[planned.ship].item.name;
            diagnostics.push(
                Diagnostic::new(
                    Code::TransportForbidden,
                    format!("`{name}` carries nothing: the mission starts it launched"),
                )
                .at(context.key_at(build.file, &format!("{}/transport", planned.pointer)))
                .label("its hold stays empty")
                .help("launch the ships it would carry into the starting zone instead")
                .note(context.key_at(mission.file, &start.pointer), "starts here"),
            );
        }
        for carried in &planned.transport {
            let start = player_model
                .start
                .iter()
                .find(|start| start.ship == Some(carried.item));
            if !all && start.is_none() {
                continue;
            }
            let name = &context.content.ships[carried.item].item.name;
            let why = if all {
                "every ship of this fleet starts launched"
            } else {
                "the mission starts it launched"
            };
            let mut diagnostic = Diagnostic::new(
                Code::TransportForbidden,
                format!("`{name}` cannot be carried: {why}"),
            )
            .at(context.at(build.file, &carried.pointer))
            .label("starts on the battlefield")
            .help("only ships launched into the starting zone during the game travel in holds");
            if let Some(start) = start {
                diagnostic =
                    diagnostic.note(context.key_at(mission.file, &start.pointer), "starts here");
            }
            diagnostics.push(diagnostic);
        }
    }
}

/// Spaces a ship card fills in a hold: its footprint times its ships.
pub(crate) fn spaces(context: &Context<'_>, ship: &ShipSource) -> u32 {
    context.rules.footprint.get(ship.size) * ship.ships
}

fn transport(
    context: &Context<'_>,
    allowed: bool,
    build: &Build<'_>,
    diagnostics: &mut Diagnostics,
) {
    let ships = &context.content.ships;
    let at = |pointer: &str| context.at(build.file, pointer);
    // How many holds each ship card is in (once a hold), told at each hold
    // after the first it is in.
    let mut in_holds: HashMap<usize, u32> = HashMap::new();
    for planned in build.ships {
        for (index, carried) in planned.transport.iter().enumerate() {
            let again = planned.transport[..index]
                .iter()
                .any(|earlier| earlier.item == carried.item);
            if carried.item != planned.ship && !again {
                *in_holds.entry(carried.item).or_default() += 1;
            }
        }
    }
    // The first hold each is found in, and in how many so far.
    let mut carried_by: HashMap<usize, (&str, u32)> = HashMap::new();
    for planned in build.ships {
        if planned.transport.is_empty() {
            continue;
        }
        let carrier = &ships[planned.ship].item;
        let hold = format!("{}/transport", planned.pointer);
        if !allowed {
            diagnostics.push(
                Diagnostic::new(
                    Code::TransportForbidden,
                    format!(
                        "this mission does not allow transporting ships, but `{}` carries some",
                        carrier.name
                    ),
                )
                .at(context.key_at(build.file, &hold))
                .label("no transport in this mission")
                .help("launch every ship into the starting zone"),
            );
            continue;
        }
        let found = version(carrier, planned.level);
        let capacity = found.and_then(own_capacity);
        // A version the card lacks is told so (SD0311): its capacity is
        // unknown, not none.
        if found.is_some() && capacity.is_none() {
            diagnostics.push(
                Diagnostic::new(
                    Code::NoCapacity,
                    format!(
                        "`{}` has no capacity symbol and cannot transport ships",
                        carrier.name
                    ),
                )
                .at(context.key_at(build.file, &hold))
                .label("no capacity")
                .help("only ship cards with a capacity number have a transport hold"),
            );
        }
        let mut used = 0;
        for (index, carried) in planned.transport.iter().enumerate() {
            let ship = &ships[carried.item].item;
            let carried_at = at(&carried.pointer);
            if carried.item == planned.ship {
                diagnostics.push(
                    Diagnostic::new(
                        Code::TransportedTwice,
                        format!("`{}` cannot carry itself", ship.name),
                    )
                    .at(carried_at)
                    .label("itself"),
                );
                continue;
            }
            // A ship whose entry was left out for its shape is still a size
            // and a number of spaces: only whether it is in the fleet, and
            // what it carries, are unknown.
            let inner = build.ships.iter().find(|p| p.ship == carried.item);
            if inner.is_none() && build.complete {
                diagnostics.push(
                    Diagnostic::new(
                        Code::TransportedTwice,
                        format!("`{}` is carried but is not in the fleet", ship.name),
                    )
                    .at(carried_at)
                    .label("not in this fleet")
                    .help("a hold carries ship cards of the same fleet; add it to `ships`"),
                );
                continue;
            }
            if let Some(first) = planned.transport[..index]
                .iter()
                .find(|earlier| earlier.item == carried.item)
                .map(|earlier| earlier.pointer.as_str())
            {
                // Listed twice in one hold: it is told so once, and takes
                // its spaces once.
                diagnostics.push(
                    Diagnostic::new(
                        Code::TransportedTwice,
                        format!(
                            "`{}` is listed twice in `{}`'s hold",
                            ship.name, carrier.name
                        ),
                    )
                    .at(carried_at)
                    .label("listed again")
                    .note(at(first), "first listed here")
                    .help("a ship card is carried once: remove the second listing"),
                );
                continue;
            }
            used += spaces(context, ship);
            let (first, so_far) = carried_by
                .entry(carried.item)
                .or_insert((carried.pointer.as_str(), 0));
            *so_far += 1;
            if *so_far > 1 {
                let again = format!("carried a {} time", ordinal(u64::from(*so_far)));
                let holds = match in_holds.get(&carried.item).copied().unwrap_or(*so_far) {
                    2 => "two".to_owned(),
                    n => n.to_string(),
                };
                diagnostics.push(
                    Diagnostic::new(
                        Code::TransportedTwice,
                        format!("`{}` is in {holds} transport holds", ship.name),
                    )
                    .at(carried_at.clone())
                    .label(again)
                    .note(at(first), "first carried here")
                    .help("a ship card starts in one hold at most"),
                );
            }
            // A carrier without a hold (SD0402) is not told again that it is too small.
            if ship.size >= carrier.size && capacity.is_some() {
                diagnostics.push(
                    Diagnostic::new(
                        Code::TransportNotSmaller,
                        format!(
                            "{} `{}` cannot carry {} `{}`",
                            carrier.size.name(),
                            carrier.name,
                            ship.size.name(),
                            ship.name
                        ),
                    )
                    .at(carried_at.clone())
                    .label("not smaller than its carrier")
                    .help(match carrier.size {
                        Size::Large => "large ships carry medium and small ships",
                        Size::Medium => "medium ships carry only small ships",
                        Size::Small => "small ships cannot carry any ships",
                    }),
                );
            }
            if let Some(inner) = inner
                && !inner.transport.is_empty()
            {
                diagnostics.push(
                    Diagnostic::new(
                        Code::NestedTransport,
                        format!(
                            "`{}` is transported, so it cannot transport ships itself",
                            ship.name
                        ),
                    )
                    .at(carried_at)
                    .label("carries ships of its own")
                    .note(
                        context.key_at(build.file, &format!("{}/transport", inner.pointer)),
                        "its own hold",
                    ),
                );
            }
        }
        if let Some(capacity) = capacity
            && used > capacity
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::OverCapacity,
                    format!("`{}` carries {used} spaces of ships, over its capacity of {capacity}", carrier.name),
                )
                .at(context.key_at(build.file, &hold))
                .label(format!("{used} > {capacity}"))
                .help("a ship fills as many spaces as its footprint (small 1, medium 2, large 7); a squadron all its ships"),
            );
        }
    }
}

/// A version's capacity as the game has it when the holds are loaded: the
/// printed value changed by the version's own powers that always hold
/// (no trigger, no condition, `modify capacity` on `self`), as the engine
/// applies them. Powers of attached cards and conditional ones come in
/// play later and are not counted.
pub(crate) fn own_capacity(version: &Version) -> Option<u32> {
    use spacedock_schema::effect::{Effect, Role, Selector, ShipFilter, Stat};
    let on_self = |target: &Selector| match target {
        Selector::Role(role) => *role == Role::This,
        // `{ is = "self" }` with no other filter is the same selector.
        Selector::Filter(filter) => {
            **filter
                == ShipFilter {
                    is: Role::This,
                    ..ShipFilter::default()
                }
        }
    };
    let printed = version.capacity?;
    let mut capacity = i64::from(printed);
    let mut floor = 0;
    for power in &version.powers {
        if power.when.is_some() || !power.conditions.is_empty() {
            continue;
        }
        for effect in &power.effects {
            if let Effect::Modify {
                stat: Stat::Capacity,
                amount,
                target,
                until: None,
                minimum,
                ..
            } = effect
                && on_self(target)
            {
                capacity += i64::from(*amount);
                floor = floor.max(minimum.unwrap_or(0));
            }
        }
    }
    Some(u32::try_from(capacity.max(i64::from(floor))).unwrap_or(0))
}

/// What of an attached card's `target` leaves `ship` out, if anything:
/// the parts a ship card decides (size, icon, faction, the ship itself);
/// the others (shields, positions) change in play. An icon or faction the
/// card itself has is told by its own checks (SD0502, SD0505).
fn left_out_by_target(
    context: &Context<'_>,
    model: &Model,
    tactic: usize,
    ship: usize,
) -> Option<String> {
    let card = &context.content.tactics[tactic].item;
    let Some(Selector::Filter(filter)) = &card.target else {
        return None;
    };
    let ship_card = &context.content.ships[ship].item;
    if !filter.size.is_empty() && !filter.size.contains(&ship_card.size) {
        let sizes: Vec<&str> = filter.size.iter().map(|size| size.name()).collect();
        return Some(format!(
            "is {} ships, and it is {}",
            sizes.join(" or "),
            ship_card.size.name()
        ));
    }
    if let Some(icon) = filter.icon
        && icon != ship_card.icon
        && card.icon != Some(icon)
    {
        return Some(format!(
            "is {} ships, and it is {}",
            icon.name(),
            ship_card.icon.name()
        ));
    }
    // Factions by id, whichever way each is written.
    // (An unknown one is reported with the card's powers.)
    let wanted = filter
        .faction
        .as_ref()
        .and_then(|faction| context.index.lookup_quiet(ItemKind::Faction, faction));
    if let (Some(faction), Some(wanted)) = (&filter.faction, wanted)
        && Some(wanted) != model.ship_factions[ship]
        && Some(wanted) != model.tactic_factions[tactic]
    {
        return Some(format!(
            "is `{faction}` ships, and it is `{}`",
            ship_card.faction
        ));
    }
    if let Some(named) = &filter.ship
        && let Some(wanted) = context.index.lookup_quiet(ItemKind::Ship, named)
        && wanted != ship
    {
        return Some(format!(
            "is `{}` only",
            context.content.ships[wanted].item.name
        ));
    }
    None
}

/// Where a card attached at the start (or prepped) comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// A prepped card itself.
    Prep,
    /// The card prepped for the same ship.
    OwnPrep,
    /// A card prepped for this other ship card, and not attached to it at
    /// the start.
    OtherPrep(usize),
    /// No prepped card.
    NoPrep,
}

/// A ship card's launch cost in its cheapest version.
fn cheapest_cost(ship: &ShipSource) -> Option<u32> {
    ship.versions
        .iter()
        .map(|version| version.launch_cost)
        .min()
}

/// Whether required ship `r` was required before it in the list.
fn required_before(player: &PlayerModel, r: usize) -> bool {
    player.required[..r]
        .iter()
        .any(|earlier| earlier.item == player.required[r].item)
}

/// The ships a player's fleet must hold, each once (one required twice is
/// told by [`required_once`]).
fn distinct_required(player: &PlayerModel) -> impl Iterator<Item = &Ref> {
    player
        .required
        .iter()
        .enumerate()
        .filter(|(r, _)| !required_before(player, *r))
        .map(|(_, required)| required)
}

/// Each ship a mission requires is required once, and not forbidden too.
fn required_once(
    context: &Context<'_>,
    mission: &MissionModel,
    player: usize,
    diagnostics: &mut Diagnostics,
) {
    let player_model = &mission.players[player];
    for (r, required) in player_model.required.iter().enumerate() {
        let ship = &context.content.ships[required.item].item;
        if required_before(player_model, r) {
            diagnostics.push(
                Diagnostic::new(
                    Code::DuplicateShip,
                    format!("the mission requires `{}` twice", ship.name),
                )
                .at(context.at(mission.file, &required.pointer))
                .label("required again")
                .help("a fleet holds one ship of each name: list it once"),
            );
            continue;
        }
        if let Some(forbidden) = player_model
            .forbidden
            .iter()
            .find(|forbidden| forbidden.item == required.item)
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::ForbiddenShip,
                    format!("the mission both requires and forbids `{}`", ship.name),
                )
                .at(context.at(mission.file, &required.pointer))
                .label("required")
                .note(
                    context.at(mission.file, &forbidden.pointer),
                    "forbidden here",
                )
                .help("no fleet can be built: drop it from one of the lists"),
            );
        }
    }
}

/// A ship a fleet the player builds (all or part of) must take is of the
/// fleet's faction, or an exception: else no build could hold it.
fn required_of_the_fleets_faction(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    player: usize,
    diagnostics: &mut Diagnostics,
) {
    let source = &context.content.missions[mission.mission].item;
    let player_model = &mission.players[player];
    for required in distinct_required(player_model) {
        let ship = &context.content.ships[required.item].item;
        let faction = model.ship_factions[required.item];
        if faction.is_some()
            && player_model.faction.is_some()
            && faction != player_model.faction
            && !player_model.ship_exceptions.contains(&required.item)
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::WrongFaction,
                    format!(
                        "the mission requires `{}`, of faction `{}`, in a fleet of faction `{}`",
                        ship.name, ship.faction, source.players[player].faction
                    ),
                )
                .at(context.at(mission.file, &required.pointer))
                .label("another faction's ship")
                .help("add it to `faction_exceptions` too"),
            );
        }
    }
}

/// A mission-selected fleet is the ships it lists, no more, no fewer: a
/// ship it requires but does not list leaves no fleet that `fleet check`
/// could pass. (One it lists and forbids is told by [`check_fleet`].)
fn selected_as_required(
    context: &Context<'_>,
    mission: &MissionModel,
    player: usize,
    diagnostics: &mut Diagnostics,
) {
    let player_model = &mission.players[player];
    // An entry of the list that names nothing (told where it is) may be
    // the ship required.
    if player_model.ships_named {
        for required in distinct_required(player_model) {
            if player_model
                .ships
                .iter()
                .any(|listed| listed.ship == required.item)
            {
                continue;
            }
            let ship = &context.content.ships[required.item].item;
            diagnostics.push(
                Diagnostic::new(
                    Code::RequiredShipMissing,
                    format!(
                        "the mission requires `{}`, but the fleet it selects does not hold it",
                        ship.name
                    ),
                )
                .at(context.at(mission.file, &required.pointer))
                .label("not in `ships`")
                .help("no fleet can be built: add it to `ships`, or drop it from `required`"),
            );
        }
    }
}

/// A player-selected fleet must be able to afford the ships it must take,
/// and some ship at all.
fn budget_fits(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    player: usize,
    diagnostics: &mut Diagnostics,
) {
    let source = &context.content.missions[mission.mission].item;
    let player_model = &mission.players[player];
    let cheapest: u32 = distinct_required(player_model)
        .map(|required| cheapest_cost(&context.content.ships[required.item].item).unwrap_or(0))
        .sum();
    if let Some(budget) = source.players[player].fleet.fleet_cost
        && cheapest > budget
    {
        diagnostics.push(
            Diagnostic::new(
                Code::FleetOverBudget,
                format!(
                    "the required ships cost at least {cheapest}, over the fleet cost of {budget}"
                ),
            )
            .at(context.at(
                mission.file,
                &format!("{}/fleet/fleet_cost", player_model.pointer),
            ))
            .label(format!("{cheapest} > {budget}")),
        );
    }
    // With nothing required, a budget below every ship the player may
    // field builds an empty fleet: a mistyped fleet cost.
    if let (Some(budget), Some(_), true, false) = (
        source.players[player].fleet.fleet_cost,
        player_model.faction,
        player_model.required.is_empty(),
        context.content.may_lack(spacedock_schema::FileKind::Ship),
    ) {
        let cheapest = context
            .content
            .ships
            .iter()
            .enumerate()
            .filter(|(s, _)| mission::fields(model, player_model, &source.players[player], *s))
            .filter_map(|(_, loaded)| Some((cheapest_cost(&loaded.item)?, &loaded.item.name)))
            .min();
        if let Some((cost, name)) = cheapest
            && cost > budget
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::FleetOverBudget,
                    format!(
                        "the cheapest ship the player may field, `{name}`, costs {cost}, over the fleet cost of {budget}: every fleet is empty"
                    ),
                )
                .at(context.at(
                    mission.file,
                    &format!("{}/fleet/fleet_cost", player_model.pointer),
                ))
                .label(format!("{cost} > {budget}"))
                .help(format!("a fleet cost of at least {cost} buys a ship")),
            );
        }
    }
}

/// The cards of a deck list: those whose names were found, and how many
/// were written under names that name nothing (reported where they are,
/// and counted in the deck's size all the same).
pub(crate) struct Listed<'a> {
    pub(crate) cards: &'a [PlannedCard],
    pub(crate) unnamed: u32,
    /// Whether every entry of the list was read: with one left out for its
    /// shape, what it adds is unknown, and only an excess is told.
    pub(crate) complete: bool,
}

/// Every deck rule: size, copy limit (prepped cards included), the
/// collection, faction, type minimums.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_deck(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    deck: &DeckModel,
    listed: &Listed<'_>,
    file: FileId,
    anchor: &str,
    expected: Option<u32>,
    diagnostics: &mut Diagnostics,
) -> u32 {
    let cards = listed.cards;
    let tactics = &context.content.tactics;
    let anchor_at = context.key_at(file, anchor);
    let size: u32 = cards.iter().map(|c| c.count).sum::<u32>() + listed.unnamed;
    if let Some(expected) = expected
        && (size > expected || size < expected && listed.complete)
    {
        let (why, help) = if deck.rule.size.is_some() {
            (
                " (the mission's deck size)".to_owned(),
                "prepped cards do not count toward the deck size",
            )
        } else {
            (
                size_origin(context, mission, deck),
                "prepped cards do not count toward the deck size; the size holds even when the fleet costs less than its budget",
            )
        };
        // Entries left out for their shape add cards not counted here.
        let at_least = if listed.complete { "" } else { "at least " };
        diagnostics.push(
            Diagnostic::new(
                Code::DeckSize,
                format!(
                    "the tactic deck has {at_least}{}, but must have {expected}{why}",
                    count(size, "card")
                ),
            )
            .at(anchor_at.clone())
            .label(format!("{at_least}{size} cards; needs {expected}"))
            .help(help),
        );
    }
    // Prepped cards of the deck's players count against the limits, with
    // where each is prepped.
    let source = &context.content.missions[mission.mission].item;
    let mut prepped: BTreeMap<usize, (u32, Vec<&str>)> = BTreeMap::new();
    for &p in &deck.players {
        for prep in &mission.players[p].prepped {
            if let Some(tactic) = prep.tactic {
                let entry = prepped.entry(tactic).or_default();
                entry.0 += 1;
                entry.1.push(&prep.pointer);
            }
        }
    }
    // Each card's copies, and the entries that list them (a card may be
    // listed more than once: every line is shown).
    let mut totals: BTreeMap<usize, (u32, Vec<&PlannedCard>)> = BTreeMap::new();
    for card in cards {
        let total = totals.entry(card.tactic).or_default();
        total.0 += card.count;
        total.1.push(card);
    }
    let limit = deck
        .rule
        .copy_limit
        .unwrap_or(context.rules.deck_copy_limit);
    // Cards only prepped, none in the deck, count too: at their preps.
    for (&tactic, (set_aside, pointers)) in &prepped {
        if !totals.contains_key(&tactic) {
            let places: Vec<Location> = pointers
                .iter()
                .map(|pointer| context.at(mission.file, &format!("{pointer}/card")))
                .collect();
            copies_fit(context, tactic, 0, *set_aside, limit, &places, diagnostics);
        }
    }
    // The copy limit is of a card's name: two ids of one name (a pack's
    // own printing of a card) share it. Each id alone is checked below.
    let mut by_name: BTreeMap<&str, (u32, Vec<usize>)> = BTreeMap::new();
    for &tactic in totals.keys().chain(prepped.keys()) {
        let entry = by_name
            .entry(tactics[tactic].item.name.as_str())
            .or_default();
        if !entry.1.contains(&tactic) {
            entry.0 += totals.get(&tactic).map_or(0, |(n, _)| *n)
                + prepped.get(&tactic).map_or(0, |(n, _)| *n);
            entry.1.push(tactic);
        }
    }
    for (name, (total, ids)) in &by_name {
        if ids.len() > 1 && *total > limit {
            let listed: Vec<&str> = ids
                .iter()
                .map(|&tactic| context.index.id(ItemKind::Tactic, tactic))
                .collect();
            let at = match totals.get(&ids[0]) {
                Some((_, entries)) => context.at(file, &format!("{}/count", entries[0].pointer)),
                None => context.at(file, anchor),
            };
            diagnostics.push(
                Diagnostic::new(
                    Code::CopyLimit,
                    format!(
                        "{} of cards named `{name}` ({}), over the copy limit of {limit}",
                        count(*total, "copy"),
                        listed.join(", ")
                    ),
                )
                .at(at)
                .label(format!("{total} > {limit}"))
                .help("the copy limit counts every card of one name, whatever its id"),
            );
        }
    }
    for (&tactic, (in_deck, entries)) in &totals {
        let (in_deck, first) = (*in_deck, entries[0]);
        let card = &tactics[tactic].item;
        let set_aside = prepped.get(&tactic).map_or(0, |(n, _)| *n);
        let places: Vec<Location> = entries
            .iter()
            .map(|entry| context.at(file, &format!("{}/count", entry.pointer)))
            .collect();
        copies_fit(
            context,
            tactic,
            in_deck,
            set_aside,
            limit,
            &places,
            diagnostics,
        );
        let faction = model.tactic_factions[tactic];
        if faction.is_some()
            && deck.faction.is_some()
            && faction != deck.faction
            && !deck.exceptions.contains(&tactic)
        {
            let deck_faction = deck
                .players
                .first()
                .map_or("", |&p| source.players[p].faction.as_str());
            diagnostics.push(
                Diagnostic::new(Code::WrongFaction, format!("`{}` belongs to faction `{}`, not to the deck's faction `{deck_faction}`", card.name, card.faction))
                    .at(context.at(file, &format!("{}/card", first.pointer)))
                    .label("another faction's card")
                    .help("tactic cards come from the player's faction unless the mission lists them in `faction_exceptions`"),
            );
        }
    }
    for (&kind, &minimum) in &deck.rule.minimums {
        let have: u32 = totals
            .iter()
            .filter(|(t, _)| tactics[**t].item.kind == kind)
            .map(|(_, (n, _))| n)
            .sum();
        // Cards under names that name nothing may be of the type: a
        // shortfall is told only if they could not make it up.
        if have + listed.unnamed < minimum && listed.complete {
            diagnostics.push(
                Diagnostic::new(
                    Code::CardTypeMinimum,
                    format!(
                        "the deck has {}; the mission asks for at least {minimum}",
                        count(have, &format!("{} card", kind.name()))
                    ),
                )
                .at(anchor_at.clone())
                .label(format!("{have} < {minimum}"))
                .note(
                    context.at(
                        mission.file,
                        &format!("{}/minimums/{}", deck.pointer, kind.name()),
                    ),
                    "minimum set here",
                ),
            );
        }
    }
    size
}

/// A card's copies in a deck (`in_deck`) and prepped for its players
/// (`set_aside`) within the copy limit and the players' collection, told
/// at the entries that list them (`places`, at least one).
fn copies_fit(
    context: &Context<'_>,
    tactic: usize,
    in_deck: u32,
    set_aside: u32,
    limit: u32,
    places: &[Location],
    diagnostics: &mut Diagnostics,
) {
    let at_places = |diagnostic: Diagnostic, label: String| {
        places[1..].iter().fold(
            diagnostic.at(places[0].clone()).label(label),
            |diagnostic, more| diagnostic.note(more.clone(), "more copies here"),
        )
    };
    let card = &context.content.tactics[tactic].item;
    let total = in_deck + set_aside;
    let prepped_note = match (in_deck, set_aside) {
        (_, 0) => String::new(),
        (0, _) => " (all prepped, none in the deck)".to_owned(),
        _ => format!(" ({in_deck} in the deck and {set_aside} prepped)"),
    };
    if total > limit {
        diagnostics.push(
            at_places(
                Diagnostic::new(
                    Code::CopyLimit,
                    format!(
                        "{} of `{}`{prepped_note}, over the copy limit of {limit}",
                        count(total, "copy"),
                        card.name
                    ),
                ),
                format!("{total} > {limit}"),
            )
            .help(if set_aside > 0 {
                "prepped cards are not part of the deck size but do count against the copy limit"
                    .to_owned()
            } else {
                format!("a deck holds at most {limit} copies of one card")
            }),
        );
    }
    let owned = context.owned(card.copies);
    if total > owned {
        diagnostics.push(
            at_places(
                Diagnostic::new(
                    Code::NotEnoughCopies,
                    format!(
                        "{} of `{}`{prepped_note}, but the collection holds {owned} ({})",
                        count(total, "copy"),
                        card.name,
                        count(context.options.sets, "set")
                    ),
                ),
                format!("{total} > {owned}"),
            )
            .help(format!(
                "a set holds {} of this card; pass `--sets N` if you own more sets",
                card.copies
            )),
        );
    }
}

/// The copies a mission preps for the players of a deck they choose
/// themselves within the copy limit and the collection: over them, no
/// deck the players build is legal. The deck's own cards are checked with
/// each player's build (`fleet check`).
fn prepped_copies_fit(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    deck: &DeckModel,
    diagnostics: &mut Diagnostics,
) {
    // No cards listed, and the list is not the deck: only the prepped
    // copies are counted, and no size or minimum is told.
    let none = Listed {
        cards: &[],
        unnamed: 0,
        complete: false,
    };
    check_deck(
        context,
        model,
        mission,
        deck,
        &none,
        mission.file,
        &deck.pointer,
        None,
        diagnostics,
    );
}

/// The minimums of a player-selected deck must fit its size and the cards
/// that exist, or no player can build it.
fn minimums_fit(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    deck: &DeckModel,
    diagnostics: &mut Diagnostics,
) {
    // The fewest cards a deck can hold: each type's minimum or the cards
    // of that type the mission lists (a combined deck), whichever is more,
    // and the listed cards of types with no minimum.
    let mut listed: BTreeMap<TacticType, u32> = BTreeMap::new();
    for card in &deck.cards {
        *listed
            .entry(context.content.tactics[card.tactic].item.kind)
            .or_default() += card.count;
    }
    let asked: u32 = deck.rule.minimums.values().sum();
    let fewest: u32 = deck
        .rule
        .minimums
        .iter()
        .map(|(kind, &minimum)| minimum.max(listed.get(kind).copied().unwrap_or(0)))
        .chain(
            listed
                .iter()
                .filter(|(kind, _)| !deck.rule.minimums.contains_key(kind))
                .map(|(_, &count)| count),
        )
        .sum();
    // A list longer than the deck is told as such (SD0303).
    if let Some(size) = expected_deck_size(context, mission, deck)
        && fewest > size
        && listed.values().sum::<u32>() <= size
    {
        let message = if fewest == asked {
            format!("the minimums add up to {asked} cards, more than the deck's {size}")
        } else {
            let cards: u32 = listed.values().sum();
            format!(
                "the mission's {} and the minimums need at least {fewest} cards, more than the deck's {size}",
                count(cards, "card")
            )
        };
        diagnostics.push(
            Diagnostic::new(Code::CardTypeMinimum, message)
                .at(context.key_at(mission.file, &format!("{}/minimums", deck.pointer)))
                .label(format!("{fewest} > {size}")),
        );
    }
    // Cards that could not be read might meet a minimum, and a deck whose
    // faction is unknown (reported where it is named) has no cards to
    // count: none is said to be out of reach then.
    let unread = deck.faction.is_none()
        || context
            .content
            .may_lack(spacedock_schema::FileKind::Tactics);
    if unread {
        return;
    }
    let limit = deck
        .rule
        .copy_limit
        .unwrap_or(context.rules.deck_copy_limit);
    // Copies prepped for the deck's players count against the copy limit:
    // they are not there for the deck. The collection is the players' own
    // (`--sets`), told by `fleet check` of a deck; a mission needing more
    // than one set is still playable.
    let mut prepped: HashMap<usize, u32> = HashMap::new();
    for &p in &deck.players {
        for tactic in mission.players[p]
            .prepped
            .iter()
            .filter_map(|prep| prep.tactic)
        {
            *prepped.entry(tactic).or_default() += 1;
        }
    }
    // The copies the deck may hold of every card it may take: the copy
    // limit is of a name (two ids of one name share it).
    let available = |kind: Option<TacticType>| -> u32 {
        let mut by_name: BTreeMap<&str, (u32, bool)> = BTreeMap::new();
        for (t, loaded) in context.content.tactics.iter().enumerate() {
            // A card whose faction is unknown (reported where it is
            // named) may be this deck's once that is mended.
            let takes = kind.is_none_or(|kind| loaded.item.kind == kind)
                && (model.tactic_factions[t].is_none_or(|f| Some(f) == deck.faction)
                    || deck.exceptions.contains(&t));
            let name = by_name.entry(loaded.item.name.as_str()).or_default();
            name.0 += prepped.get(&t).copied().unwrap_or(0);
            name.1 |= takes;
        }
        by_name
            .values()
            .filter(|(_, takes)| *takes)
            .map(|&(set_aside, _)| limit.saturating_sub(set_aside))
            .sum()
    };
    let help = format!(
        "each card name counts at most the copy limit{}, and only cards of the deck's faction or its `faction_exceptions`",
        if prepped.is_empty() {
            ""
        } else {
            ", less the copies prepped for the deck's players"
        }
    );
    if let Some(size) = expected_deck_size(context, mission, deck) {
        let all = available(None);
        if all < size {
            let pointer = if deck.rule.size.is_some() {
                format!("{}/size", deck.pointer)
            } else {
                deck.pointer.clone()
            };
            let origin = size_origin(context, mission, deck);
            diagnostics.push(
                Diagnostic::new(
                    Code::DeckSize,
                    format!(
                        "the deck must hold {size} cards{origin}, but at most {all} can be put in it"
                    ),
                )
                .at(context.key_at(mission.file, &pointer))
                .label("cannot be built")
                .help(help.clone()),
            );
        }
    }
    for (&kind, &minimum) in &deck.rule.minimums {
        let available = available(Some(kind));
        if available < minimum {
            diagnostics.push(
                Diagnostic::new(
                    Code::CardTypeMinimum,
                    format!("the deck must hold {minimum} {} cards, but at most {available} can be put in it", kind.name()),
                )
                .at(context.at(mission.file, &format!("{}/minimums/{}", deck.pointer, kind.name())))
                .label("cannot be met")
                .help(help.clone()),
            );
        }
    }
}

/// The factions a mission's rules may have `player`'s ships count as for
/// attaching cards all game long, beside their own (The Battle for ISN
/// Barrage's computer core). A rule with conditions counts: a card it
/// may let on is no certain error.
fn treated_factions(context: &Context<'_>, mission: &MissionModel, player: usize) -> Vec<usize> {
    let source = &context.content.missions[mission.mission].item;
    let seat = &source.players[player];
    let team = &mission.teams[mission.players[player].team].name;
    source
        .special_rules
        .iter()
        .filter(|rule| {
            rule.when.is_none()
                && (rule.players.is_empty()
                    || rule
                        .players
                        .iter()
                        .map(|name| mission.rule_for(context, source, name))
                        .any(|name| name == seat.name || name == team))
        })
        .flat_map(|rule| &rule.effects)
        .filter_map(|effect| match effect {
            Effect::TreatAsFaction { faction, target }
                if matches!(target.role(), Role::Friendly | Role::Any) =>
            {
                context.index.lookup_quiet(ItemKind::Faction, faction)
            }
            _ => None,
        })
        .collect()
}

/// Prepped cards and cards attached at the start: attachable, matching icon,
/// heroes on solo ships and once per name, faction, slots, and a ship that
/// is in the fleet. `known` is the fleet when it is known.
pub(crate) fn attachments(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    player: usize,
    known: Option<&Build<'_>>,
    diagnostics: &mut Diagnostics,
) {
    let player_model = &mission.players[player];
    let player_source = &context.content.missions[mission.mission].item.players[player];
    let file = mission.file;
    let treated = treated_factions(context, mission, player);
    // (tactic, ship, pointer): prepped first, then cards attached at the start.
    let mut attached: Vec<(usize, usize, String)> = Vec::new();
    for prep in &player_model.prepped {
        let (Some(tactic), Some(ship)) = (prep.tactic, prep.ship) else {
            continue;
        };
        attached.push((tactic, ship, format!("{}/card", prep.pointer)));
        // A ship the mission selects itself is required too, and a build
        // without it is told so once (SD0307), not again for each card
        // prepped for it; so is one the mission's list may mean by an
        // entry that names no ship card.
        let required = player_model.required.iter().any(|r| r.item == ship)
            || (player_source.fleet.selection != Selection::Player
                && (!player_model.ships_named
                    || player_model.ships.iter().any(|listed| listed.ship == ship)));
        let (card_name, ship_name) = (
            &context.content.tactics[tactic].item.name,
            &context.content.ships[ship].item.name,
        );
        match known {
            // A build, or a mission's own list, without the ship.
            Some(build)
                if build.complete && !required && !build.ships.iter().any(|p| p.ship == ship) =>
            {
                diagnostics.push(
                    Diagnostic::new(
                        Code::PreppedShipMissing,
                        format!(
                            "`{card_name}` is prepped for `{ship_name}`, which is not in `{}`'s fleet",
                            player_source.name
                        ),
                    )
                    .at(context.at(file, &format!("{}/ship", prep.pointer)))
                    .label("not in this player's fleet")
                    .help(format!(
                        "the mission preps `{card_name}` for it: the fleet must hold `{ship_name}`"
                    )),
                );
            }
            // A fleet the player builds need not hold it: every build
            // without it would fail.
            None if !required => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::PreppedShipMissing,
                        format!(
                            "`{card_name}` is prepped for `{ship_name}`, which `{}`'s fleet need not hold",
                            player_source.name
                        ),
                    )
                    .at(context.at(file, &format!("{}/ship", prep.pointer)))
                    .label("not required")
                    .help(format!(
                        "list `{ship_name}` in the player's `fleet.required`, so that every build holds it"
                    )),
                );
            }
            _ => {}
        }
    }
    for start in &player_model.start {
        let Some(ship) = start.ship else { continue };
        for card in &start.attached {
            attached.push((card.item, ship, card.pointer.clone()));
        }
    }
    // By name: "2 heroes with the same name", whatever their ids.
    // Each hero's first copy, and how many there are so far.
    let mut heroes: HashMap<&str, (&str, u32)> = HashMap::new();
    let mut usage: HashMap<(usize, TacticType), HashMap<usize, u32>> = HashMap::new();
    let mut overflows: BTreeMap<(usize, TacticType), Overflow> = BTreeMap::new();
    // Each card attached at the start is a prepped card: the one prepped
    // for its ship, else one prepped for another ship and attached to none
    // (set on the wrong ship in one of the two places), else none. Matched
    // on the same ship first, whatever the order of the entries.
    let preps = player_model
        .prepped
        .iter()
        .filter(|p| p.tactic.is_some() && p.ship.is_some())
        .count();
    let mut left: HashMap<(usize, usize), u32> = HashMap::new();
    for &(tactic, ship, _) in &attached[..preps] {
        *left.entry((tactic, ship)).or_default() += 1;
    }
    let mut source: Vec<Source> = (0..attached.len())
        .map(|position| {
            if position < preps {
                Source::Prep
            } else {
                Source::NoPrep
            }
        })
        .collect();
    for (position, &(tactic, ship, _)) in attached.iter().enumerate().skip(preps) {
        if let Some(count) = left.get_mut(&(tactic, ship)).filter(|count| **count > 0) {
            *count -= 1;
            source[position] = Source::OwnPrep;
        }
    }
    for (position, &(tactic, ship, _)) in attached.iter().enumerate().skip(preps) {
        if source[position] == Source::OwnPrep {
            continue;
        }
        let other = attached[..preps]
            .iter()
            .map(|&(_, prepped_for, _)| (tactic, prepped_for))
            .find(|pair| pair.1 != ship && left.get(pair).is_some_and(|count| *count > 0));
        if let Some(pair) = other {
            left.entry(pair).and_modify(|count| *count -= 1);
            source[position] = Source::OtherPrep(pair.1);
        }
    }
    for (position, (tactic, ship, pointer)) in attached.iter().enumerate() {
        let card = &context.content.tactics[*tactic].item;
        let ship_card = &context.content.ships[*ship].item;
        let at = context.at(file, pointer);
        match source[position] {
            Source::Prep => {}
            // Both prepped for the ship and attached to it at the start:
            // one card, counted once (as the prep).
            Source::OwnPrep => continue,
            Source::OtherPrep(prepped_for) => {
                let prepped_for = &context.content.ships[prepped_for].item.name;
                diagnostics.push(
                    Diagnostic::new(
                        Code::AttachedNotPrepped,
                        format!(
                            "`{}` starts attached to `{}` but is prepped for `{prepped_for}`",
                            card.name, ship_card.name
                        ),
                    )
                    .at(at.clone())
                    .label(format!("prepped for `{prepped_for}`"))
                    .help(format!(
                        "attach it to `{prepped_for}`, or prep it for `{}` (`ship = \"{}\"` in `prepped`)",
                        ship_card.name,
                        context.index.id(ItemKind::Ship, *ship)
                    )),
                );
                continue;
            }
            Source::NoPrep => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::AttachedNotPrepped,
                        format!(
                            "`{}` starts attached to `{}` but is not prepped for it",
                            card.name, ship_card.name
                        ),
                    )
                    .at(at.clone())
                    .label("not in `prepped`")
                    .help(format!(
                        "add `{{ card = \"{}\", ship = \"{}\" }}` to this player's `prepped`: the card comes from the prepped cards, and counts against the copy limit",
                        context.index.id(ItemKind::Tactic, *tactic),
                        context.index.id(ItemKind::Ship, *ship)
                    )),
                );
            }
        }
        if !card.kind.attaches() {
            diagnostics.push(
                Diagnostic::new(
                    Code::NotAttachable,
                    format!(
                        "`{}` is an event and cannot be attached to a ship",
                        card.name
                    ),
                )
                .at(at)
                .label("event")
                .help(
                    "only heroes, ship upgrades, additional weapons and sabotage attach to ships",
                ),
            );
            continue;
        }
        if card.kind == TacticType::Sabotage {
            diagnostics.push(
                Diagnostic::new(
                    Code::SabotageOwnShip,
                    format!(
                        "sabotage `{}` is attached to `{}`, its owner's own ship",
                        card.name, ship_card.name
                    ),
                )
                .at(at)
                .label("sabotage goes on an opponent's ship"),
            );
            continue;
        }
        // A card that cannot go on this ship at all takes none of its slots.
        let mut misplaced = false;
        if card.kind == TacticType::Hero {
            if ship_card.icon == Icon::Squadron {
                misplaced = true;
                diagnostics.push(
                    Diagnostic::new(
                        Code::HeroOnSquadron,
                        format!(
                            "hero `{}` is attached to squadron `{}`",
                            card.name, ship_card.name
                        ),
                    )
                    .at(at.clone())
                    .label("heroes attach only to solo ships"),
                );
            }
            let (first, copies) = heroes
                .entry(card.name.as_str())
                .and_modify(|(_, copies)| *copies += 1)
                .or_insert((pointer, 1));
            if *copies > 1 {
                let (times, nth) = times_and_nth(*copies);
                diagnostics.push(
                    Diagnostic::new(Code::DuplicateHero, format!("the fleet has hero `{}` {times}", card.name))
                        .at(at.clone())
                        .label(nth)
                        .note(context.at(file, first), "first copy here")
                        .help("you cannot have 2 heroes with the same name attached to ships in your fleet"),
                );
            }
        } else if let Some(icon) = card.icon
            && icon != ship_card.icon
        {
            misplaced = true;
            diagnostics.push(
                Diagnostic::new(
                    Code::IconMismatch,
                    format!(
                        "{} card `{}` cannot attach to {} `{}`",
                        icon.name(),
                        card.name,
                        ship_card.icon.name(),
                        ship_card.name
                    ),
                )
                .at(at.clone())
                .label("icons differ")
                .help(
                    "non-hero cards attach only to ship cards with the same solo or squadron icon",
                ),
            );
        }
        if let Some(why) = left_out_by_target(context, model, *tactic, *ship).filter(|_| !misplaced)
        {
            misplaced = true;
            diagnostics.push(
                Diagnostic::new(
                    Code::TargetMismatch,
                    format!(
                        "`{}` cannot attach to `{}`: its target {why}",
                        card.name, ship_card.name
                    ),
                )
                .at(at.clone())
                .label("not a target of the card")
                .help(format!("the card's text: {}", card.text)),
            );
        }
        let (card_faction, ship_faction) =
            (model.tactic_factions[*tactic], model.ship_factions[*ship]);
        if card_faction.is_some()
            && ship_faction.is_some()
            && card_faction != ship_faction
            && !card_faction.is_some_and(|faction| treated.contains(&faction))
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::AttachmentFaction,
                    format!(
                        "{} card `{}` cannot attach to {} ship `{}`",
                        card.faction, card.name, ship_card.faction, ship_card.name
                    ),
                )
                .at(at.clone())
                .label("another faction's ship"),
            );
        }
        if misplaced {
            continue;
        }
        *usage
            .entry((*ship, card.kind))
            .or_default()
            .entry(*tactic)
            .or_default() += 1;
        let used: u32 = usage[&(*ship, card.kind)].values().sum();
        // The mission preps its cards for the version it selects: a build
        // that brings another is refused for that (SD0307), and the slots
        // of the version it brought say nothing more.
        let listed: &[PlannedShip] = if player_source.fleet.selection == Selection::Player {
            &[]
        } else {
            &player_model.ships
        };
        let level = known
            .and_then(|build| listed.iter().chain(build.ships).find(|p| p.ship == *ship))
            .map(|p| p.level);
        // A version the card lacks is told so (SD0311): its slots are
        // unknown.
        if level.is_some_and(|level| ship_card.versions.iter().all(|v| v.level != level)) {
            continue;
        }
        let slots = ship_card
            .versions
            .iter()
            .filter(|v| level.is_none_or(|l| l == v.level))
            .map(|v| slot_count(v.slots, card.kind))
            .max()
            .unwrap_or(0);
        // Told once, at the first card past the slots, with the count of
        // them all.
        if used > slots {
            overflows
                .entry((*ship, card.kind))
                .or_insert(Overflow {
                    at,
                    slots,
                    level,
                    used,
                })
                .used = used;
        }
    }
    for (
        (ship, kind),
        Overflow {
            at,
            slots,
            level,
            used,
        },
    ) in overflows
    {
        let ship_card = &context.content.ships[ship].item;
        let cards = |n: u32| count(n, &format!("{} card", kind.name()));
        let versions = |wanted: &dyn Fn(u32) -> bool| -> Vec<&str> {
            ship_card
                .versions
                .iter()
                .filter(|v| wanted(slot_count(v.slots, kind)))
                .map(|v| v.level.name())
                .collect()
        };
        let (whose, help) = match level {
            Some(level) => {
                let roomier = versions(&|n| n >= used);
                (
                    format!("its {} version", level.name()),
                    if roomier.is_empty() {
                        format!("no version of `{}` takes {}", ship_card.name, cards(used))
                    } else {
                        format!("its {} version takes {}", roomier.join(" or "), cards(used))
                    },
                )
            }
            None => (
                if slots == 0 {
                    "no version".to_owned()
                } else {
                    format!(
                        "at most, its {} version",
                        versions(&|n| n == slots).join(" or ")
                    )
                },
                if slots == 0 {
                    "a missing symbol on the ship card means no card of that type attaches"
                        .to_owned()
                } else {
                    format!("prep or attach at most {} for it", cards(slots))
                },
            ),
        };
        diagnostics.push(
            Diagnostic::new(
                Code::SlotLimit,
                format!(
                    "`{}` takes {} ({whose}) but gets {used}",
                    ship_card.name,
                    cards(slots),
                ),
            )
            .at(at)
            .label("no slot left")
            .help(help),
        );
    }
}

/// A ship given more cards of a type than its slots: where the first card
/// too many is, its slots (of `level`, or of its roomiest version when
/// the fleet's version is not known), and the cards it gets in all.
struct Overflow {
    at: Location,
    slots: u32,
    level: Option<Level>,
    used: u32,
}

fn slot_count(slots: Slots, kind: TacticType) -> u32 {
    match kind {
        TacticType::Hero => slots.heroes,
        TacticType::ShipUpgrade => slots.upgrades,
        TacticType::AdditionalWeapon => slots.weapons,
        TacticType::Sabotage | TacticType::Event => u32::MAX,
    }
}
