//! The resolved model of a pack's missions: every reference of a mission
//! turned into an item index once (so each unknown reference is reported
//! once), its boards joined into one battlefield, its players grouped into
//! teams and its decks given owners. Checks and the emitter read this.

use spacedock_schema::common::{Coord, Level};
use spacedock_schema::mission::{DeckRule, MissionSource, Player};

use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::geometry::{BattleMap, BoardZones};
use crate::resolve::ItemKind;
use crate::source::FileId;
use crate::suggest::did_you_mean;

/// A resolved reference and where it was written.
#[derive(Clone, Debug)]
pub(crate) struct Ref {
    pub(crate) item: usize,
    pub(crate) pointer: String,
}

/// A ship card in a fleet, with what its hold carries.
#[derive(Clone, Debug)]
pub(crate) struct PlannedShip {
    pub(crate) ship: usize,
    pub(crate) level: Level,
    pub(crate) pointer: String,
    pub(crate) transport: Vec<Ref>,
}

/// Copies of a tactic card in a deck.
#[derive(Clone, Debug)]
pub(crate) struct PlannedCard {
    pub(crate) tactic: usize,
    pub(crate) count: u32,
    pub(crate) pointer: String,
}

/// A prepped card and its ship, each resolved if it could be.
#[derive(Clone, Debug)]
pub(crate) struct PreppedModel {
    pub(crate) tactic: Option<usize>,
    pub(crate) ship: Option<usize>,
    pub(crate) pointer: String,
}

/// A ship card that starts on the battlefield.
#[derive(Clone, Debug)]
pub(crate) struct StartModel {
    pub(crate) ship: Option<usize>,
    pub(crate) pointer: String,
    pub(crate) attached: Vec<Ref>,
}

/// A team: explicit (`[[teams]]`) or implied by the players' factions.
#[derive(Clone, Debug)]
pub(crate) struct TeamModel {
    pub(crate) name: String,
    /// Pointer of its `[[teams]]` entry, if it has one.
    pub(crate) pointer: Option<String>,
    pub(crate) players: Vec<usize>,
    /// A `team` naming no team of `[[teams]]` (reported where it is
    /// named), the team of a faction that names nothing (reported where
    /// it is written), or any team not among those read of a mission whose
    /// teams were read in part: what its players lack or share is not
    /// known, and its name is no name to suggest.
    pub(crate) unknown: bool,
}

/// A tactic deck and who draws from it.
#[derive(Clone, Debug)]
pub(crate) struct DeckModel {
    /// Pointer of the deck rule (`/players/0/deck`, `/teams/1/shared_deck`).
    pub(crate) pointer: String,
    pub(crate) rule: DeckRule,
    pub(crate) players: Vec<usize>,
    pub(crate) faction: Option<usize>,
    /// The cards the mission lists, resolved.
    pub(crate) cards: Vec<PlannedCard>,
    pub(crate) exceptions: Vec<usize>,
}

/// A seat at the table, resolved.
#[derive(Clone, Debug)]
pub(crate) struct PlayerModel {
    pub(crate) pointer: String,
    pub(crate) faction: Option<usize>,
    pub(crate) team: usize,
    pub(crate) zone: Option<Vec<Coord>>,
    /// The ships the mission lists for this player.
    pub(crate) ships: Vec<PlannedShip>,
    /// Whether every entry of the mission's list named a ship card: with
    /// one that names nothing (reported where it is), the fleet may hold
    /// the ship it meant, so no ship is said to be missing from it.
    pub(crate) ships_named: bool,
    pub(crate) required: Vec<Ref>,
    pub(crate) forbidden: Vec<Ref>,
    pub(crate) ship_exceptions: Vec<usize>,
    pub(crate) deck: Option<usize>,
    pub(crate) prepped: Vec<PreppedModel>,
    pub(crate) start: Vec<StartModel>,
}

/// A mission, resolved.
#[derive(Clone, Debug)]
pub(crate) struct MissionModel {
    pub(crate) mission: usize,
    pub(crate) file: FileId,
    pub(crate) boards: Vec<usize>,
    pub(crate) map: Option<BattleMap>,
    /// Without a battlefield, the zones of the boards read.
    pub(crate) board_zones: BoardZones,
    pub(crate) players: Vec<PlayerModel>,
    pub(crate) teams: Vec<TeamModel>,
    pub(crate) decks: Vec<DeckModel>,
}

/// The resolved pack.
#[derive(Debug)]
pub(crate) struct Model {
    pub(crate) ship_factions: Vec<Option<usize>>,
    pub(crate) tactic_factions: Vec<Option<usize>>,
    pub(crate) missions: Vec<MissionModel>,
    /// The models of the missions read in part, in their order: checked
    /// in part, played by nothing.
    pub(crate) partial_missions: Vec<MissionModel>,
}

impl Model {
    pub(crate) fn build(context: &Context<'_>, diagnostics: &mut Diagnostics) -> Model {
        let content = context.content;
        let faction_of = |file, pointer: &str, faction: &str, diagnostics: &mut Diagnostics| {
            let at = context.at(file, &format!("{pointer}/faction"));
            context
                .index
                .resolve(ItemKind::Faction, faction, &at, diagnostics)
        };
        let ship_factions = content
            .ships
            .iter()
            .map(|s| faction_of(s.file, &s.pointer, &s.item.faction, diagnostics))
            .collect();
        // Nothing refers to a card read in part, but its faction is
        // checked as a whole card's is.
        for s in &content.partial_ships {
            let _ = faction_of(s.file, &s.pointer, &s.item.faction, diagnostics);
        }
        let tactic_factions = content
            .tactics
            .iter()
            .map(|t| faction_of(t.file, &t.pointer, &t.item.faction, diagnostics))
            .collect();
        for t in &content.partial_tactics {
            let _ = faction_of(t.file, &t.pointer, &t.item.faction, diagnostics);
        }
        let missions = content
            .missions
            .iter()
            .enumerate()
            .filter(|(mission, _)| context.index.is_canonical(ItemKind::Mission, *mission))
            .map(|(mission, loaded)| {
                build_mission(
                    context,
                    mission,
                    &loaded.item,
                    loaded.file,
                    true,
                    diagnostics,
                )
            })
            .collect();
        // A mission's victory names teams its left-out players or teams may
        // make: only the ships it names are looked up, and the checks
        // between players are not made.
        let partial_missions = content
            .partial_missions
            .iter()
            .map(|loaded| {
                build_mission(
                    context,
                    usize::MAX,
                    &loaded.item,
                    loaded.file,
                    false,
                    diagnostics,
                )
            })
            .collect();
        Model {
            ship_factions,
            tactic_factions,
            missions,
            partial_missions,
        }
    }

    /// The model of the mission with this content index.
    pub(crate) fn mission(&self, mission: usize) -> Option<&MissionModel> {
        self.missions.iter().find(|m| m.mission == mission)
    }
}

struct Resolver<'a, 'c> {
    context: &'a Context<'c>,
    file: FileId,
}

impl Resolver<'_, '_> {
    fn one(
        &self,
        kind: ItemKind,
        text: &str,
        pointer: &str,
        diagnostics: &mut Diagnostics,
    ) -> Option<Ref> {
        let at = self.context.at(self.file, pointer);
        self.context
            .index
            .resolve(kind, text, &at, diagnostics)
            .map(|item| Ref {
                item,
                pointer: pointer.to_owned(),
            })
    }

    fn many(
        &self,
        kind: ItemKind,
        texts: &[String],
        pointer: &str,
        diagnostics: &mut Diagnostics,
    ) -> Vec<Ref> {
        texts
            .iter()
            .enumerate()
            .filter_map(|(i, text)| self.one(kind, text, &format!("{pointer}/{i}"), diagnostics))
            .collect()
    }
}

/// The model of a mission; `whole` when each of its players and teams was
/// read, so that the teams its victory names can be looked up.
fn build_mission(
    context: &Context<'_>,
    mission: usize,
    source: &MissionSource,
    file: FileId,
    whole: bool,
    diagnostics: &mut Diagnostics,
) -> MissionModel {
    let resolver = Resolver { context, file };
    // Each entry's board, if it names one.
    let read: Vec<Option<usize>> = source
        .boards
        .iter()
        .enumerate()
        .map(|(i, text)| {
            resolver
                .one(ItemKind::Board, text, &format!("/boards/{i}"), diagnostics)
                .map(|r| r.item)
        })
        .collect();
    let boards: Vec<usize> = read.iter().flatten().copied().collect();
    let sources: Vec<_> = boards
        .iter()
        .map(|&b| &context.content.boards[b].item)
        .collect();
    // Boards of different widths cannot be joined (SD0608): no battlefield
    // to place anything on, rather than one of a made-up shape whose
    // half hexes and edges would be told as the mission's mistakes.
    let joinable = sources
        .windows(2)
        .all(|pair| pair[0].columns == pair[1].columns);
    let map = (boards.len() == source.boards.len() && (1..=2).contains(&boards.len()) && joinable)
        .then(|| {
            let mut map = BattleMap::join(&sources);
            for zone in &source.zones {
                map.add_zone(zone);
            }
            map
        });
    let board_zones = match map {
        Some(_) => BoardZones::default(),
        None => BoardZones::of(read.iter().enumerate().filter_map(|(position, board)| {
            Some((position, &context.content.boards[(*board)?].item))
        })),
    };

    let mut teams: Vec<TeamModel> = source
        .teams
        .iter()
        .enumerate()
        .map(|(i, team)| TeamModel {
            name: team.name.clone(),
            pointer: Some(format!("/teams/{i}")),
            players: Vec::new(),
            unknown: false,
        })
        .collect();
    let mut decks: Vec<DeckModel> = Vec::new();
    let mut players = Vec::with_capacity(source.players.len());
    for (position, player) in source.players.iter().enumerate() {
        let pointer = format!("/players/{position}");
        let faction = resolver
            .one(
                ItemKind::Faction,
                &player.faction,
                &format!("{pointer}/faction"),
                diagnostics,
            )
            .map(|r| r.item);
        let team = team_of(
            context,
            file,
            source,
            player,
            &pointer,
            &mut teams,
            diagnostics,
        );
        teams[team].players.push(position);
        let at = context.at(file, &format!("{pointer}/starting_zone"));
        let unknown = match &map {
            Some(map) => map.unknown_zone(&player.starting_zone, at),
            None => board_zones.unknown_zone(&player.starting_zone, at),
        };
        if let Some(diagnostic) = unknown {
            diagnostics.push(diagnostic);
        }
        let zone = map
            .as_ref()
            .and_then(|map| map.zone(&player.starting_zone).map(<[Coord]>::to_vec));
        let fleet = &player.fleet;
        let ships: Vec<PlannedShip> = fleet
            .ships
            .iter()
            .enumerate()
            .filter_map(|(i, pick)| {
                let ship_pointer = format!("{pointer}/fleet/ships/{i}");
                resolver
                    .one(
                        ItemKind::Ship,
                        &pick.ship,
                        &format!("{ship_pointer}/ship"),
                        diagnostics,
                    )
                    .map(|r| PlannedShip {
                        ship: r.item,
                        level: pick.version,
                        pointer: ship_pointer,
                        transport: Vec::new(),
                    })
            })
            .collect();
        let ships_named = ships.len() == fleet.ships.len();
        let required = resolver.many(
            ItemKind::Ship,
            &fleet.required,
            &format!("{pointer}/fleet/required"),
            diagnostics,
        );
        let forbidden = resolver.many(
            ItemKind::Ship,
            &fleet.forbidden,
            &format!("{pointer}/fleet/forbidden"),
            diagnostics,
        );
        let ship_exceptions = resolver
            .many(
                ItemKind::Ship,
                &fleet.faction_exceptions,
                &format!("{pointer}/fleet/faction_exceptions"),
                diagnostics,
            )
            .into_iter()
            .map(|r| r.item)
            .collect();
        let deck = player.deck.as_ref().map(|rule| {
            decks.push(build_deck(
                &resolver,
                rule,
                &format!("{pointer}/deck"),
                vec![position],
                faction,
                diagnostics,
            ));
            decks.len() - 1
        });
        let prepped = player
            .prepped
            .iter()
            .enumerate()
            .map(|(i, prep)| {
                let prep_pointer = format!("{pointer}/prepped/{i}");
                PreppedModel {
                    tactic: resolver
                        .one(
                            ItemKind::Tactic,
                            &prep.card,
                            &format!("{prep_pointer}/card"),
                            diagnostics,
                        )
                        .map(|r| r.item),
                    ship: resolver
                        .one(
                            ItemKind::Ship,
                            &prep.ship,
                            &format!("{prep_pointer}/ship"),
                            diagnostics,
                        )
                        .map(|r| r.item),
                    pointer: prep_pointer,
                }
            })
            .collect();
        let start = player
            .start
            .iter()
            .enumerate()
            .map(|(i, start)| {
                let start_pointer = format!("{pointer}/start/{i}");
                StartModel {
                    ship: resolver
                        .one(
                            ItemKind::Ship,
                            &start.ship,
                            &format!("{start_pointer}/ship"),
                            diagnostics,
                        )
                        .map(|r| r.item),
                    attached: resolver.many(
                        ItemKind::Tactic,
                        &start.attached,
                        &format!("{start_pointer}/attached"),
                        diagnostics,
                    ),
                    pointer: start_pointer,
                }
            })
            .collect();
        players.push(PlayerModel {
            pointer,
            faction,
            team,
            zone,
            ships,
            ships_named,
            required,
            forbidden,
            ship_exceptions,
            deck,
            prepped,
            start,
        });
    }

    // Shared team decks, and every player's deck owner.
    for (team_index, team) in teams.iter().enumerate() {
        let shared = team.pointer.as_ref().and_then(|pointer| {
            let position: usize = pointer.rsplit('/').next()?.parse().ok()?;
            source.teams[position]
                .shared_deck
                .as_ref()
                .map(|rule| (format!("{pointer}/shared_deck"), rule))
        });
        let without_deck: Vec<usize> = team
            .players
            .iter()
            .copied()
            .filter(|&p| players[p].deck.is_none())
            .collect();
        match shared {
            Some((pointer, rule)) => {
                let faction = team.players.first().and_then(|&p| players[p].faction);
                for &p in &team.players {
                    if players[p].deck.is_some() {
                        diagnostics.push(
                            Diagnostic::new(
                                Code::DeckOwner,
                                format!(
                                    "`{}` has a deck of their own and their team's shared deck",
                                    source.players[p].name
                                ),
                            )
                            .at(context.key_at(file, &format!("{}/deck", players[p].pointer)))
                            .label("own deck")
                            .note(context.key_at(file, &pointer), "shared deck")
                            .help("remove one: a player draws from one deck"),
                        );
                    }
                }
                decks.push(build_deck(
                    &resolver,
                    rule,
                    &pointer,
                    without_deck.clone(),
                    faction,
                    diagnostics,
                ));
                let deck = decks.len() - 1;
                for p in without_deck {
                    players[p].deck = Some(deck);
                }
            }
            // A player of an unknown team may be meant to share its deck.
            None if team.unknown => {}
            None => {
                for p in without_deck {
                    diagnostics.push(
                        Diagnostic::new(
                            Code::DeckOwner,
                            format!("`{}` has no tactic deck", source.players[p].name),
                        )
                        .at(context.key_at(file, &players[p].pointer))
                        .label("no `deck` here")
                        .help(format!(
                            "give the player a `deck`, or their team `{}` a `shared_deck`",
                            teams[team_index].name
                        )),
                    );
                }
            }
        }
    }

    for (i, alternative) in source.victory.alternatives.iter().enumerate() {
        if let Some(ship) = &alternative.destroy_ship {
            resolver.one(
                ItemKind::Ship,
                ship,
                &format!("/victory/alternatives/{i}/destroy_ship"),
                diagnostics,
            );
        }
    }
    let team_names = known_team_names(&teams);
    let goals = source
        .victory
        .points
        .iter()
        .map(|g| &g.team)
        .enumerate()
        .map(|(i, t)| (format!("/victory/points/{i}/team"), t));
    let alternatives = source
        .victory
        .alternatives
        .iter()
        .map(|a| &a.team)
        .enumerate()
        .map(|(i, t)| (format!("/victory/alternatives/{i}/team"), t));
    for (pointer, team) in goals.chain(alternatives) {
        if whole
            && team_of_name(&teams, context, team).is_none()
            && !may_name_unknown_team(&teams, context, team)
        {
            diagnostics.push(
                Diagnostic::new(Code::UnknownReference, format!("no team named `{team}`"))
                    .at(context.at(file, &pointer))
                    .label("unknown team")
                    .maybe_help(
                        did_you_mean(team, team_names.iter().copied())
                            .or_else(|| Some(format!("teams: {}", team_names.join(", ")))),
                    ),
            );
        }
    }

    MissionModel {
        mission,
        file,
        boards,
        map,
        board_zones,
        players,
        teams,
        decks,
    }
}

/// Which of `teams` `text` names: a team by its name, else a faction (by
/// id, name or alias) whose id is a team's name.
fn team_of_name(teams: &[TeamModel], context: &Context<'_>, text: &str) -> Option<usize> {
    teams.iter().position(|t| t.name == text).or_else(|| {
        let id = context.index.faction_id(text)?;
        teams.iter().position(|t| t.name == id)
    })
}

/// Whether `text`, naming no team, may name one once the mission is
/// mended: a faction names the team of its id, which a player whose
/// faction or team names nothing may be meant to make.
fn may_name_unknown_team(teams: &[TeamModel], context: &Context<'_>, text: &str) -> bool {
    teams.iter().any(|t| t.unknown) && context.index.faction_id(text).is_some()
}

/// The names of the teams that are not unknown: those a reference may be
/// meant to name.
fn known_team_names(teams: &[TeamModel]) -> Vec<&str> {
    teams
        .iter()
        .filter(|t| !t.unknown)
        .map(|t| t.name.as_str())
        .collect()
}

impl MissionModel {
    /// See [`may_name_unknown_team`].
    pub(crate) fn may_name_unknown_team(&self, context: &Context<'_>, text: &str) -> bool {
        may_name_unknown_team(&self.teams, context, text)
    }

    /// See [`known_team_names`].
    pub(crate) fn known_team_names(&self) -> Vec<&str> {
        known_team_names(&self.teams)
    }

    /// The team `text` names: a team by its name, else a faction (by id,
    /// name or alias) whose id is a team's name, the team its players
    /// play in when they give no `team`.
    pub(crate) fn team_named(&self, context: &Context<'_>, text: &str) -> Option<usize> {
        team_of_name(&self.teams, context, text)
    }

    /// A name of a special rule's `for` as the engine reads it: a team's
    /// or a player's name as written, else the name of the team it names
    /// by a faction ([`MissionModel::team_named`]); as written when it
    /// names nothing.
    pub(crate) fn rule_for<'n>(
        &'n self,
        context: &Context<'_>,
        source: &MissionSource,
        name: &'n str,
    ) -> &'n str {
        let exact = self.teams.iter().any(|t| t.name == name)
            || source.players.iter().any(|player| player.name == name);
        match self.team_named(context, name) {
            Some(team) if !exact => &self.teams[team].name,
            _ => name,
        }
    }
}

/// The team a player plays in: their `team`, or their faction's.
fn team_of(
    context: &Context<'_>,
    file: FileId,
    source: &MissionSource,
    player: &Player,
    pointer: &str,
    teams: &mut Vec<TeamModel>,
    diagnostics: &mut Diagnostics,
) -> usize {
    let explicit = player.team.as_deref();
    // A faction written by its name still makes the team of its id; so
    // does a `team` naming a faction, unless a team has that very name.
    let faction_id = context.index.faction_id(&player.faction);
    let faction = faction_id.unwrap_or(&player.faction);
    let name = match explicit {
        Some(team) if teams.iter().any(|t| t.name == team) => team,
        Some(team) => context.index.faction_id(team).unwrap_or(team),
        None => faction,
    };
    if let Some(found) = teams.iter().position(|t| t.name == name) {
        return found;
    }
    // With teams left out for their shape, a team not among those read,
    // named or the faction's, may be one of them: it is not told as
    // unknown, and what its players lack (a deck) may be what it shares.
    let unread = context.content.stood_in(file, "/teams");
    let unnamed = explicit.is_some() && !source.teams.is_empty();
    // A faction that names none (misspelt, or left unread) makes no team
    // anyone can name.
    let misnamed = explicit.is_none() && faction_id.is_none();
    let unknown = unnamed || misnamed || unread;
    if unnamed && !unread {
        let name = explicit.unwrap_or(name);
        let names: Vec<&str> = source.teams.iter().map(|t| t.name.as_str()).collect();
        diagnostics.push(
            Diagnostic::new(Code::UnknownReference, format!("no team named `{name}`"))
                .at(context.at(file, &format!("{pointer}/team")))
                .label("unknown team")
                .maybe_help(
                    did_you_mean(name, names.iter().copied())
                        .or_else(|| Some(format!("teams: {}", names.join(", ")))),
                ),
        );
    }
    teams.push(TeamModel {
        name: name.to_owned(),
        pointer: None,
        players: Vec::new(),
        // A faction left unread may be a team's that shares a deck.
        unknown: unknown || player.faction == crate::load::UNREADABLE,
    });
    teams.len() - 1
}

fn build_deck(
    resolver: &Resolver<'_, '_>,
    rule: &DeckRule,
    pointer: &str,
    players: Vec<usize>,
    faction: Option<usize>,
    diagnostics: &mut Diagnostics,
) -> DeckModel {
    let cards = rule
        .cards
        .iter()
        .enumerate()
        .filter_map(|(i, card)| {
            let card_pointer = format!("{pointer}/cards/{i}");
            resolver
                .one(
                    ItemKind::Tactic,
                    &card.card,
                    &format!("{card_pointer}/card"),
                    diagnostics,
                )
                .map(|r| PlannedCard {
                    tactic: r.item,
                    count: card.count,
                    pointer: card_pointer,
                })
        })
        .collect();
    let exceptions = resolver
        .many(
            ItemKind::Tactic,
            &rule.faction_exceptions,
            &format!("{pointer}/faction_exceptions"),
            diagnostics,
        )
        .into_iter()
        .map(|r| r.item)
        .collect();
    DeckModel {
        pointer: pointer.to_owned(),
        rule: rule.clone(),
        players,
        faction,
        cards,
        exceptions,
    }
}
