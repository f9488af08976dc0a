//! Emit: turn checked content into the bundle. Every reference becomes a
//! canonical id and every default is written out, items are sorted by id,
//! and the content hash covers everything else, so the same pack always
//! gives the same bytes.

use sha2::{Digest, Sha256};
use spacedock_schema::bundle::{self, Bundle, FORMAT_VERSION};
use spacedock_schema::effect::{Condition, Effect, Selector, ShipFilter};
use spacedock_schema::mission::{DeckRule, Team};

use crate::context::Context;
use crate::geometry::{board_half_hexes, zone_cells};
use crate::model::Model;
use crate::resolve::ItemKind;

/// The ids of the missions written in the root pack's own `missions/`
/// folder, sorted as the bundle lists missions.
pub(crate) fn own_missions(context: &Context<'_>) -> Vec<crate::OwnMission> {
    let Some(root) = context.content.packs.first() else {
        return Vec::new();
    };
    let folder = root.root.join("missions");
    let mut missions: Vec<crate::OwnMission> = context
        .content
        .missions
        .iter()
        .enumerate()
        .filter_map(|(index, mission)| {
            // The root is canonical; the file as it was named.
            let path = context.sources.get(mission.file).path();
            std::fs::canonicalize(path)
                .unwrap_or_else(|_| path.to_path_buf())
                .starts_with(&folder)
                .then(|| crate::OwnMission {
                    id: context.index.id(ItemKind::Mission, index).to_owned(),
                    file: context.sources.get(mission.file).display_name().to_owned(),
                })
        })
        .collect();
    missions.sort_by(|a, b| a.id.cmp(&b.id));
    missions
}

pub(crate) fn bundle(context: &Context<'_>, model: &Model) -> Bundle {
    let content = context.content;
    let index = &context.index;
    let id = |kind: ItemKind, text: &str| {
        index
            .lookup_quiet(kind, text)
            .map_or_else(|| text.to_owned(), |item| index.id(kind, item).to_owned())
    };
    let ids =
        |kind: ItemKind, texts: &[String]| texts.iter().map(|t| id(kind, t)).collect::<Vec<_>>();
    let ship_id = |text: &str| id(ItemKind::Ship, text);

    let root = &content.packs[0].manifest.item;
    let pack = bundle::PackInfo {
        id: root.id.clone(),
        name: root.name.clone(),
        version: root.version.clone(),
        game: root.game.clone(),
        provenance: root.provenance.clone(),
        dependencies: content.packs[1..]
            .iter()
            .map(|p| p.manifest.item.id.clone())
            .collect(),
    };
    let mut factions: Vec<bundle::Faction> = content
        .packs
        .iter()
        .flat_map(|p| p.manifest.item.factions.iter())
        .map(|(faction, f)| bundle::Faction {
            id: faction.clone(),
            name: f.name.clone(),
        })
        .collect();
    factions.sort_by(|a, b| a.id.cmp(&b.id));
    factions.dedup_by(|a, b| a.id == b.id);

    let mut ships: Vec<bundle::Ship> = content
        .ships
        .iter()
        .enumerate()
        .map(|(s, loaded)| {
            let ship = &loaded.item;
            let mut versions = ship.versions.clone();
            versions.sort_by_key(|v| v.level);
            for power in versions.iter_mut().flat_map(|v| v.powers.iter_mut()) {
                power.conditions =
                    canonical_conditions(std::mem::take(&mut power.conditions), &ship_id);
                power.effects = canonical_effects(std::mem::take(&mut power.effects), &ship_id);
            }
            bundle::Ship {
                id: index.id(ItemKind::Ship, s).to_owned(),
                name: ship.name.clone(),
                faction: id(ItemKind::Faction, &ship.faction),
                size: ship.size,
                icon: ship.icon,
                ships: ship.ships,
                versions,
            }
        })
        .collect();
    ships.sort_by(|a, b| a.id.cmp(&b.id));

    let mut tactics: Vec<bundle::Tactic> = content
        .tactics
        .iter()
        .enumerate()
        .map(|(t, loaded)| {
            let card = &loaded.item;
            bundle::Tactic {
                id: index.id(ItemKind::Tactic, t).to_owned(),
                name: card.name.clone(),
                faction: id(ItemKind::Faction, &card.faction),
                kind: card.kind,
                icon: card.icon,
                phase: card.phase,
                cost: card.cost,
                copies: card.copies,
                weapon: card.weapon.clone(),
                text: card.text.clone(),
                when: card.when,
                target: card.target.clone().map(|mut target| {
                    canonical_selector(&mut target, &ship_id);
                    target
                }),
                conditions: canonical_conditions(card.conditions.clone(), &ship_id),
                effects: canonical_effects(card.effects.clone(), &ship_id),
                powers: card
                    .powers
                    .iter()
                    .map(|power| {
                        let mut power = power.clone();
                        power.conditions = canonical_conditions(power.conditions, &ship_id);
                        power.effects = canonical_effects(power.effects, &ship_id);
                        power
                    })
                    .collect(),
            }
        })
        .collect();
    tactics.sort_by(|a, b| a.id.cmp(&b.id));

    let mut boards: Vec<bundle::Board> = content
        .boards
        .iter()
        .enumerate()
        .map(|(b, loaded)| {
            let board = &loaded.item;
            let mut half_hexes: Vec<[u32; 2]> = board_half_hexes(board).into_iter().collect();
            half_hexes.sort_by_key(|&[c, r]| (r, c));
            bundle::Board {
                id: index.id(ItemKind::Board, b).to_owned(),
                name: board.name.clone(),
                columns: board.columns,
                rows: board.rows,
                half_hexes,
                zones: board
                    .zones
                    .iter()
                    .map(|zone| bundle::Zone {
                        name: zone.name.clone(),
                        cells: zone_cells(board, zone),
                    })
                    .collect(),
            }
        })
        .collect();
    boards.sort_by(|a, b| a.id.cmp(&b.id));

    let canonical_deck = |rule: &DeckRule| {
        let mut rule = rule.clone();
        for card in &mut rule.cards {
            card.card = id(ItemKind::Tactic, &card.card);
        }
        rule.faction_exceptions = ids(ItemKind::Tactic, &rule.faction_exceptions);
        rule
    };
    let mut missions: Vec<bundle::Mission> = model
        .missions
        .iter()
        .map(|mission_model| {
            let source = &content.missions[mission_model.mission].item;
            let players = source
                .players
                .iter()
                .zip(&mission_model.players)
                .map(|(player, resolved)| {
                    let mut player = player.clone();
                    player.faction = id(ItemKind::Faction, &player.faction);
                    player.team = Some(mission_model.teams[resolved.team].name.clone());
                    for pick in &mut player.fleet.ships {
                        pick.ship = id(ItemKind::Ship, &pick.ship);
                    }
                    player.fleet.required = ids(ItemKind::Ship, &player.fleet.required);
                    player.fleet.forbidden = ids(ItemKind::Ship, &player.fleet.forbidden);
                    player.fleet.faction_exceptions =
                        ids(ItemKind::Ship, &player.fleet.faction_exceptions);
                    player.deck = player.deck.as_ref().map(&canonical_deck);
                    for prep in &mut player.prepped {
                        prep.card = id(ItemKind::Tactic, &prep.card);
                        prep.ship = id(ItemKind::Ship, &prep.ship);
                    }
                    for start in &mut player.start {
                        start.ship = id(ItemKind::Ship, &start.ship);
                        start.attached = ids(ItemKind::Tactic, &start.attached);
                    }
                    player
                })
                .collect();
            let teams = mission_model
                .teams
                .iter()
                .map(|team| match &team.pointer {
                    Some(_) => {
                        let explicit = source.teams.iter().find(|t| t.name == team.name).cloned();
                        let mut explicit = explicit.unwrap_or_else(|| implicit_team(&team.name));
                        explicit.shared_deck = explicit.shared_deck.as_ref().map(&canonical_deck);
                        explicit
                    }
                    None => implicit_team(&team.name),
                })
                .collect();
            // A team named by a faction, by the team's name.
            let team_name = |name: &mut String| {
                if let Some(team) = mission_model.team_named(context, name) {
                    name.clone_from(&mission_model.teams[team].name);
                }
            };
            let mut victory = source.victory.clone();
            for goal in &mut victory.points {
                team_name(&mut goal.team);
            }
            for alternative in &mut victory.alternatives {
                team_name(&mut alternative.team);
                alternative.destroy_ship = alternative
                    .destroy_ship
                    .as_ref()
                    .map(|s| id(ItemKind::Ship, s));
            }
            bundle::Mission {
                id: index
                    .id(ItemKind::Mission, mission_model.mission)
                    .to_owned(),
                name: source.name.clone(),
                number: source.number,
                boards: ids(ItemKind::Board, &source.boards),
                battlefield: mission_model.map.as_ref().map_or_else(
                    || bundle::Battlefield {
                        columns: 0,
                        rows: 0,
                        half_hexes: Vec::new(),
                        zones: Vec::new(),
                    },
                    |map| {
                        let mut half_hexes: Vec<[u32; 2]> =
                            map.half_hexes.iter().copied().collect();
                        half_hexes.sort_by_key(|&[c, r]| (r, c));
                        bundle::Battlefield {
                            columns: map.columns,
                            rows: map.rows,
                            half_hexes,
                            zones: map
                                .zones
                                .iter()
                                .map(|(name, cells)| {
                                    let mut cells = cells.clone();
                                    cells.sort_by_key(|&[c, r]| (r, c));
                                    bundle::Zone {
                                        name: name.clone(),
                                        cells,
                                    }
                                })
                                .collect(),
                        }
                    },
                ),
                players,
                teams,
                obstacles: source.obstacles.clone(),
                discovery: source.discovery.clone(),
                victory,
                special_rules: source
                    .special_rules
                    .iter()
                    .map(|rule| {
                        let mut rule = rule.clone();
                        for name in &mut rule.players {
                            *name = mission_model.rule_for(context, source, name).to_owned();
                        }
                        rule.conditions = canonical_conditions(rule.conditions, &ship_id);
                        rule.effects = canonical_effects(rule.effects, &ship_id);
                        rule
                    })
                    .collect(),
            }
        })
        .collect();
    missions.sort_by(|a, b| a.id.cmp(&b.id));

    let mut bundle = Bundle {
        format_version: FORMAT_VERSION,
        pack,
        content_hash: String::new(),
        rules: context.rules.clone(),
        factions,
        ships,
        tactics,
        missions,
        boards,
    };
    let canonical = serde_json::to_vec(&bundle).expect("a bundle always serializes");
    bundle.content_hash = format!("sha256:{:x}", Sha256::digest(&canonical));
    bundle
}

fn implicit_team(name: &str) -> Team {
    Team {
        name: name.to_owned(),
        shared_energy: None,
        shared_deck: None,
    }
}

/// Ship card references inside conditions, made canonical ids.
fn canonical_conditions(
    mut conditions: Vec<Condition>,
    ship_id: &impl Fn(&str) -> String,
) -> Vec<Condition> {
    for condition in &mut conditions {
        match condition {
            Condition::ActingShip(filter)
            | Condition::AffectedShip(filter)
            | Condition::Exists(filter)
            | Condition::None(filter)
            | Condition::Count { filter, .. } => canonical_filter(filter, ship_id),
            Condition::Unlaunched { ship } => *ship = ship_id(ship),
            Condition::Card { .. }
            | Condition::Weapon { .. }
            | Condition::Turn { .. }
            | Condition::DamageDealt { .. }
            | Condition::Round { .. }
            | Condition::VictoryPoints { .. }
            | Condition::Energy { .. } => {}
        }
    }
    conditions
}

/// Ship card references inside effects, made canonical ids.
fn canonical_effects(mut effects: Vec<Effect>, ship_id: &impl Fn(&str) -> String) -> Vec<Effect> {
    for effect in &mut effects {
        match effect {
            Effect::LaunchShip { ship, of, .. } => {
                *ship = ship_id(ship);
                if let Some(of) = of {
                    canonical_selector(of, ship_id);
                }
            }
            Effect::IgnorePower { ship, .. } => *ship = ship_id(ship),
            Effect::RollTable { table } => {
                for row in table {
                    row.effects = canonical_effects(std::mem::take(&mut row.effects), ship_id);
                }
            }
            Effect::Choose { options, .. } => {
                for option in options {
                    option.effects =
                        canonical_effects(std::mem::take(&mut option.effects), ship_id);
                }
            }
            Effect::If {
                conditions,
                then,
                otherwise,
            } => {
                *conditions = canonical_conditions(std::mem::take(conditions), ship_id);
                *then = canonical_effects(std::mem::take(then), ship_id);
                *otherwise = canonical_effects(std::mem::take(otherwise), ship_id);
            }
            other => {
                if let Some(target) = other.target_mut() {
                    canonical_selector(target, ship_id);
                }
            }
        }
    }
    effects
}

fn canonical_selector(selector: &mut Selector, ship_id: &impl Fn(&str) -> String) {
    if let Selector::Filter(filter) = selector {
        canonical_filter(filter, ship_id);
    }
}

fn canonical_filter(filter: &mut ShipFilter, ship_id: &impl Fn(&str) -> String) {
    if let Some(ship) = &mut filter.ship {
        *ship = ship_id(ship);
    }
    if let Some(of) = &mut filter.of {
        canonical_selector(of, ship_id);
    }
}
