//! Powers: the structured side of ship powers, tactic cards and mission
//! special rules (the effect language, docs/effects.md).
//!
//! The JSON Schema already fixed the shape: every `kind`, key and word is
//! one the language has. This checks their meaning: references resolve
//! (ship cards, factions, zones, damage types, power names, the teams a rule
//! is `for`); roles, players and effects fit the power's source and trigger
//! (`self` only on ship powers, `attached-ship` only on attached cards, an
//! event's `target` only when it has one, a sabotage card's target an enemy,
//! `reroll` only on a hit or a miss); parameters agree with each other; and
//! every die table covers each face of the number die exactly once.

use std::cell::RefCell;

use spacedock_schema::common::{Icon, Phase, TacticType};
use spacedock_schema::effect::{
    Clause, Condition, Effect, PlayerRef, Role, Selector, ShipFilter, StartingZone, Trigger, Until,
    WeaponSlot,
};
use spacedock_schema::mission::MissionSource;
use spacedock_schema::ship::{ShipSource, Version};
use spacedock_schema::tactic::TacticSource;

use crate::check::and_list;
use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{MissionModel, Model};
use crate::resolve::ItemKind;
use crate::source::FileId;
use crate::suggest::did_you_mean;

pub(crate) fn check(context: &Context<'_>, model: &Model, diagnostics: &mut Diagnostics) {
    for loaded in context.content.checked_ships() {
        for (v, version) in loaded.item.versions.iter().enumerate() {
            for (p, power) in version.powers.iter().enumerate() {
                let scope = Scope {
                    context,
                    file: loaded.file,
                    source: Source::Ship {
                        ship: &loaded.item,
                        version,
                    },
                    when: power.when,
                    attached: false,
                    target_chosen: false,
                    lacking: None,
                };
                scope.clause(
                    &format!("{}/versions/{v}/powers/{p}", loaded.pointer),
                    &power.clause(),
                    diagnostics,
                );
            }
        }
    }
    for loaded in context.content.checked_tactics() {
        let mark = diagnostics.len();
        card(
            context,
            &loaded.item,
            loaded.file,
            &loaded.pointer,
            diagnostics,
        );
        // An event without a `target` that uses the role in several places
        // has one mistake, mended once: told at its first use, the others
        // noted.
        diagnostics.fold_repeats_since(
            mark,
            |diagnostic| {
                diagnostic.code == Code::InvalidTarget
                    && diagnostic.message.ends_with("has no `target` here")
            },
            "`target` used here too",
        );
    }
    // A mission read in part has its rules checked too, but for the names
    // in their `for`: a name no team or player read has may be one left
    // out.
    let whole = model
        .missions
        .iter()
        .map(|mission| (mission, &context.content.missions[mission.mission], true));
    let in_part = model
        .partial_missions
        .iter()
        .zip(&context.content.partial_missions)
        .map(|(mission, loaded)| (mission, loaded, false));
    for (mission, loaded, whole) in whole.chain(in_part) {
        for (r, rule) in loaded.item.special_rules.iter().enumerate() {
            let pointer = format!("{}/special_rules/{r}", loaded.pointer);
            let scope = Scope {
                context,
                file: loaded.file,
                source: Source::Rule {
                    mission,
                    source: &loaded.item,
                },
                when: rule.when,
                attached: false,
                target_chosen: false,
                lacking: None,
            };
            for (i, name) in rule.players.iter().enumerate().filter(|_| whole) {
                scope.rule_player(&format!("{pointer}/for/{i}"), name, diagnostics);
            }
            if whole {
                acts_per_player(context, mission, loaded, rule, &pointer, diagnostics);
            }
            let setup_only = rule
                .effects
                .iter()
                .any(|effect| matches!(effect, Effect::IgnorePower { .. }));
            if setup_only {
                let stray = [
                    ("when", rule.when.is_some()),
                    ("if", !rule.conditions.is_empty()),
                    ("for", !rule.players.is_empty()),
                    ("optional", rule.optional),
                    ("cost", rule.cost > 0),
                    ("limit", rule.limit.is_some()),
                ];
                for (key, _) in stray.iter().filter(|(_, set)| *set) {
                    scope.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &format!("{pointer}/{key}"),
                        format!("`ignore-power` applies for the whole game as it is set up, so this rule's `{key}` would never be looked at"),
                        "ignored",
                        format!("put the `ignore-power` in a rule of its own, without `{key}`"),
                    );
                }
                // Its effects are checked as a rule's that holds all along:
                // the keys told above are not told again as needing a
                // `when`, or as not fitting one.
                let mut setup = rule.clone();
                setup.when = None;
                setup.conditions.clear();
                setup.players.clear();
                setup.optional = false;
                setup.cost = 0;
                setup.limit = None;
                let scope = Scope {
                    when: None,
                    ..scope
                };
                scope.clause(&pointer, &setup.clause(), diagnostics);
                continue;
            }
            scope.clause(&pointer, &rule.clause(), diagnostics);
        }
    }
}

/// A rule at a round's start or end acts once for each of its players
/// (every player's powers act then); one whose effects name no player
/// (damage to ships picked by anything but their side) does the same
/// thing once for each: twice a round in a duel, where its text almost
/// always means once.
fn acts_per_player(
    context: &Context<'_>,
    mission: &MissionModel,
    loaded: &crate::load::Loaded<MissionSource>,
    rule: &spacedock_schema::mission::SpecialRule,
    pointer: &str,
    diagnostics: &mut Diagnostics,
) {
    if !matches!(rule.when, Some(Trigger::RoundStart | Trigger::RoundEnd))
        || !rule.conditions.is_empty()
        || rule.optional
        || rule.cost > 0
        || rule.effects.is_empty()
    {
        return;
    }
    let alike = rule.effects.iter().all(|effect| match effect {
        Effect::DirectDamage { target, .. }
        | Effect::ShieldDamage { target, .. }
        | Effect::HullDamage { target, .. }
        | Effect::AddShields { target, .. }
        | Effect::RemoveShields { target, .. }
        | Effect::Repair { target, .. } => target.role() == Role::Any,
        _ => false,
    });
    let source = &loaded.item;
    let players = if rule.players.is_empty() {
        source.players.len()
    } else {
        rule.players
            .iter()
            .map(|name| {
                if source.players.iter().any(|player| player.name == *name) {
                    1
                } else {
                    mission
                        .team_named(context, name)
                        .map_or(1, |team| mission.teams[team].players.len())
                }
            })
            .sum()
    };
    if !alike || players < 2 {
        return;
    }
    let (key, whose) = if rule.players.is_empty() {
        ("when", "every player")
    } else {
        ("for", "each of its players")
    };
    let when = if rule.when == Some(Trigger::RoundStart) {
        "round-start"
    } else {
        "round-end"
    };
    diagnostics.push(
        Diagnostic::new(
            Code::ActsPerPlayer,
            format!(
                "the rule `{}` acts at `{when}` for {whose}, and its effects name no player: it does them {players} times a round",
                rule.name
            ),
        )
        .at(context.at(loaded.file, &format!("{pointer}/{key}")))
        .label(format!("{players} players"))
        .help(
            "give it one player in `for` (any one, by name) to have it act once a round; to act for each player, have its effects pick ships by side (`is = \"friendly\"` or `\"enemy\"`)",
        ),
    );
}

/// A tactic card: its target, what playing it does, and its powers.
fn card(
    context: &Context<'_>,
    card: &TacticSource,
    file: FileId,
    pointer: &str,
    diagnostics: &mut Diagnostics,
) {
    let attaches = card.kind.attaches();
    let play = Scope {
        context,
        file,
        source: Source::Card { card },
        when: card.when,
        attached: false,
        target_chosen: false,
        lacking: None,
    };
    if let Some(target) = &card.target {
        play.card_target(&format!("{pointer}/target"), card, target, diagnostics);
    }
    if card.when.is_some() && attaches {
        play.push(
            diagnostics,
            Code::WrongTrigger,
            &format!("{pointer}/when"),
            format!(
                "a {} card is played in its phase, not in answer to a trigger",
                card.kind.name()
            ),
            "only events have `when`",
            "put what the card does on a trigger in a `[[tactic.powers]]` with its own `when`",
        );
    }
    if !attaches && let Some(when) = card.when {
        if when.is_action_window() {
            play.push(
                diagnostics,
                Code::WrongTrigger,
                &format!("{pointer}/when"),
                format!(
                    "`when = \"{}\"` is a window for using a power, not something that happens: no event answers it",
                    when.name()
                ),
                "nothing to answer",
                "leave `when` out to play the event in its phase, or answer a moment such as `energy-phase-start`",
            );
        }
        // A phase's start and end happen in that phase; attacks and
        // activations only in the action phase.
        let happens_in = match when {
            // A round starts in its first player's energy phase and ends
            // in its last player's action phase.
            Trigger::EnergyPhaseStart | Trigger::EnergyPhaseEnd | Trigger::RoundStart => {
                Some(Phase::Energy)
            }
            Trigger::DeployPhaseStart | Trigger::DeployPhaseEnd => Some(Phase::Deploy),
            Trigger::ActionPhaseStart | Trigger::ActionPhaseEnd | Trigger::RoundEnd => {
                Some(Phase::Action)
            }
            _ if when.is_attack()
                || matches!(
                    when,
                    Trigger::Activation | Trigger::ActivationEnd | Trigger::MoveEnd
                ) =>
            {
                Some(Phase::Action)
            }
            _ => None,
        };
        if let Some(phase) = happens_in
            && card.phase != phase
            && card.phase != Phase::Any
        {
            let name = phase_name(phase);
            play.push(
                diagnostics,
                Code::WrongTrigger,
                &format!("{pointer}/phase"),
                format!(
                    "event `{}` answers `{}`, which happens only in the {name} phase, but it may be played only in another phase",
                    card.name,
                    when.name()
                ),
                "never in this phase",
                format!("write `phase = \"{name}\"` (or `\"any\"`)"),
            );
        }
        // "Play when you activate": the ship card activated is the
        // player's own, so its ships are never enemies.
        if when == Trigger::Activation {
            for (index, condition) in card.conditions.iter().enumerate() {
                if let Condition::ActingShip(filter) = condition
                    && filter.is == Role::Enemy
                {
                    play.push(
                        diagnostics,
                        Code::WrongTrigger,
                        &format!("{pointer}/if/{index}/is"),
                        format!(
                            "event `{}` answers `activation`, which is played as its own player activates a ship card: the acting ship is never an enemy, so it can never be played",
                            card.name
                        ),
                        "never an enemy",
                        "write `is = \"friendly\"`; to answer an opponent's ship, answer what it does (`attack`, `move-end`, ...)",
                    );
                }
            }
        }
        if card.effects.is_empty() {
            play.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/when"),
                format!(
                    "event `{}` answers `{}` but has no `do`: it would be played and paid for and do nothing",
                    card.name,
                    when.name()
                ),
                "without effects",
                "add the effects in `do`, or remove `when` and `if` to keep the card text only",
            );
        }
    }
    if !card.powers.is_empty() && !attaches {
        play.push(
            diagnostics,
            Code::InvalidTarget,
            &format!("{pointer}/powers"),
            format!(
                "event `{}` has `powers`, but an event is never attached",
                card.name
            ),
            "powers of an event",
            "write what the event does in its `do`",
        );
    }
    // Playing the card: conditions before it is attached, effects after.
    let conditions = Scope {
        target_chosen: card.target.is_some() && !attaches,
        ..play
    };
    let play_checks = |scope: &Scope<'_, '_>, diagnostics: &mut Diagnostics| {
        scope.conditions(
            &format!("{pointer}/if"),
            &card.conditions,
            false,
            diagnostics,
        );
        let effects = Scope {
            attached: attaches,
            ..*scope
        };
        effects.effects(
            &format!("{pointer}/do"),
            card.play().effects,
            Lasting::Played,
            diagnostics,
        );
    };
    // An event without `when` is played in its phase; one whose `if` and
    // `do` refer to more than one thing of a moment was meant to answer it.
    let told = !attaches
        && card.when.is_none()
        && conditions.told_lacking_when(pointer, play_checks, diagnostics);
    if !told {
        play_checks(&conditions, diagnostics);
    }
    for (i, power) in card.powers.iter().enumerate() {
        let scope = Scope {
            context,
            file,
            source: Source::Card { card },
            when: power.when,
            attached: attaches,
            target_chosen: false,
            lacking: None,
        };
        scope.clause(
            &format!("{pointer}/powers/{i}"),
            &power.clause(),
            diagnostics,
        );
    }
}

/// Where a power comes from.
#[derive(Clone, Copy)]
enum Source<'a> {
    Ship {
        ship: &'a ShipSource,
        version: &'a Version,
    },
    Card {
        card: &'a TacticSource,
    },
    Rule {
        mission: &'a MissionModel,
        source: &'a MissionSource,
    },
}

impl Source<'_> {
    fn noun(self) -> String {
        match self {
            Source::Ship { .. } => "a ship power".to_owned(),
            Source::Card { card } if card.kind == TacticType::Event => "an event".to_owned(),
            Source::Card { card } => format!("a {} card", card.kind.name()),
            Source::Rule { .. } => "a special rule".to_owned(),
        }
    }

    fn attached_card(self) -> Option<&'static str> {
        match self {
            Source::Card { card } if card.kind.attaches() => Some(card.kind.name()),
            _ => None,
        }
    }
}

/// How long effects of a place last: what the power's trigger allows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lasting {
    /// No trigger: the power holds while its source is in play.
    Continuous,
    /// A trigger, or a card being played: the effects happen once.
    Once,
    /// A card being played (its `do`).
    Played,
}

/// What a place in a power may use.
#[derive(Clone, Copy)]
struct Scope<'a, 'c> {
    context: &'a Context<'c>,
    file: FileId,
    source: Source<'a>,
    when: Option<Trigger>,
    /// The card is attached here (its powers, and its `do` once attached).
    attached: bool,
    /// An event's chosen `target` exists here.
    target_chosen: bool,
    /// While a power without `when` is checked for what needs one: what
    /// does, written down instead of told one by one.
    lacking: Option<&'a RefCell<Vec<String>>>,
}

impl Scope<'_, '_> {
    fn push(
        &self,
        diagnostics: &mut Diagnostics,
        code: Code,
        pointer: &str,
        message: String,
        label: &str,
        help: impl Into<String>,
    ) {
        let help = help.into();
        let diagnostic = Diagnostic::new(code, message)
            .at(self.context.at(self.file, pointer))
            .label(label);
        diagnostics.push(if help.is_empty() {
            diagnostic
        } else {
            diagnostic.help(help)
        });
    }

    /// In a power without `when` checked for what needs one, writes down
    /// `what` (a key, an effect's kind, a role) and says not to tell it:
    /// the missing `when` is told once for all of them.
    fn lacks_when(&self, what: &str) -> bool {
        let Some(lacking) = self.lacking.filter(|_| self.when.is_none()) else {
            return false;
        };
        let mut lacking = lacking.borrow_mut();
        if !lacking.iter().any(|known| known == what) {
            lacking.push(what.to_owned());
        }
        true
    }

    /// A power or an event without `when` where more than one thing
    /// needs one (as `check` finds them): the missing `when` is told once,
    /// at the power, naming them, and the rest of it is checked as usual.
    /// Whether it was so.
    fn told_lacking_when(
        &self,
        pointer: &str,
        check: impl FnOnce(&Scope<'_, '_>, &mut Diagnostics),
        diagnostics: &mut Diagnostics,
    ) -> bool {
        let lacking = RefCell::new(Vec::new());
        let mut others = Diagnostics::default();
        let collecting = Scope {
            lacking: Some(&lacking),
            ..*self
        };
        check(&collecting, &mut others);
        let lacking = lacking.into_inner();
        if lacking.len() < 2 {
            return false;
        }
        let (what, holds) = match self.source {
            Source::Rule { .. } => ("rule", "holds all the time"),
            Source::Card { card } if !card.kind.attaches() => {
                ("event", "is played in its phase, answering nothing")
            }
            _ => ("power", "holds all the time"),
        };
        let moments = if what == "event" {
            "the moment it answers, such as `attack` or `hit`"
        } else {
            "a phase start, an event, or an action window such as `deploy-phase` for the player to choose when"
        };
        let named: Vec<&str> = lacking.iter().map(String::as_str).collect();
        self.push(
            diagnostics,
            Code::WrongTrigger,
            pointer,
            format!(
                "this {what} has no `when`, yet its {} need one",
                and_list(&named)
            ),
            "no `when`",
            format!("without `when` this {what} {holds}; give it a `when`: {moments}"),
        );
        for diagnostic in others.into_sorted() {
            diagnostics.push(diagnostic);
        }
        true
    }

    fn trigger_words(&self) -> String {
        match self.when {
            Some(trigger) => format!("`when = \"{}\"`", trigger.name()),
            None if matches!(self.source, Source::Card { card } if !card.kind.attaches()) => {
                "an event played without `when`".to_owned()
            }
            None => "a power without `when`".to_owned(),
        }
    }

    fn clause(&self, pointer: &str, clause: &Clause<'_>, diagnostics: &mut Diagnostics) {
        if !clause.is_structured() {
            let stray = [
                ("when", clause.when.is_some()),
                ("if", !clause.conditions.is_empty()),
                ("optional", clause.optional),
                ("cost", clause.cost > 0),
                ("limit", clause.limit.is_some()),
            ];
            if let Some((key, _)) = stray.iter().find(|(_, set)| *set) {
                self.push(
                    diagnostics,
                    Code::InvalidParameter,
                    &format!("{pointer}/{key}"),
                    format!("this has `{key}` but no `do`: it would never do anything"),
                    "without effects",
                    "add the effects in `do`, or remove the structure to keep the power text only",
                );
            }
            return;
        }
        if clause.when.is_none()
            && self.lacking.is_none()
            && self.told_lacking_when(
                pointer,
                |scope, diagnostics| scope.clause(pointer, clause, diagnostics),
                diagnostics,
            )
        {
            return;
        }
        if clause.when.is_none() {
            for (key, set) in [("optional", clause.optional), ("cost", clause.cost > 0)] {
                if set && !self.lacks_when(key) {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &format!("{pointer}/{key}"),
                        format!("a power without `when` holds all the time, so it cannot have `{key}`"),
                        "no trigger to answer",
                        "give the power a `when` (an action window such as `deploy-phase` lets the player choose when to use it)",
                    );
                }
            }
        }
        if clause.when.is_none()
            && clause.limit.is_some()
            && let Some(effect) = clause.effects.iter().find(|effect| {
                !matches!(effect, Effect::Modify { .. } | Effect::PreventDamage { .. })
            })
            && !self.lacks_when("limit")
        {
            self.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/limit"),
                format!(
                    "a power without `when` is used up by changing a number (`modify`) or keeping damage off (`prevent-damage`); `{}` does neither, so its `limit` would never count",
                    effect.kind()
                ),
                "never used up",
                "give the power a `when`, or drop the `limit`",
            );
        }
        self.conditions(
            &format!("{pointer}/if"),
            clause.conditions,
            false,
            diagnostics,
        );
        let lasting = if clause.when.is_some() {
            Lasting::Once
        } else {
            Lasting::Continuous
        };
        self.effects(
            &format!("{pointer}/do"),
            clause.effects,
            lasting,
            diagnostics,
        );
    }

    // --- conditions ---

    /// `of_if`: the conditions of an `if` effect, which pick its branch
    /// (the power's own decide whether it acts).
    fn conditions(
        &self,
        pointer: &str,
        conditions: &[Condition],
        of_if: bool,
        diagnostics: &mut Diagnostics,
    ) {
        for (i, condition) in conditions.iter().enumerate() {
            self.condition(&format!("{pointer}/{i}"), condition, diagnostics);
        }
        // Every condition must hold: two that never hold together make a
        // power that never acts (an author meaning "or", most likely).
        for (i, condition) in conditions.iter().enumerate() {
            let Some(first) = conditions[..i]
                .iter()
                .position(|earlier| exclusive(earlier, condition))
            else {
                continue;
            };
            let (never, either) = if of_if {
                (
                    "this `if` always runs its `else`, never its `then`",
                    "keep one of the two; for either of them, write an `if` in the `else`",
                )
            } else {
                (
                    "the power never acts",
                    "keep one of the two; for either of them, write two powers",
                )
            };
            self.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/{i}"),
                format!(
                    "this `{}` condition and condition {} never hold together, and every condition must hold: {never}",
                    condition.kind(),
                    first + 1
                ),
                "never with the other",
                either,
            );
        }
    }

    fn condition(&self, pointer: &str, condition: &Condition, diagnostics: &mut Diagnostics) {
        match condition {
            Condition::ActingShip(filter) | Condition::AffectedShip(filter) => {
                let role = if matches!(condition, Condition::ActingShip(_)) {
                    Role::ActingShip
                } else {
                    Role::AffectedShip
                };
                self.event_role(&format!("{pointer}/kind"), role, diagnostics);
                self.filter(pointer, filter, diagnostics);
            }
            Condition::Exists(filter) | Condition::None(filter) => {
                self.filter(pointer, filter, diagnostics);
            }
            Condition::Card { faction, .. } => {
                self.needs(
                    pointer,
                    "the `card` condition",
                    &[Trigger::Attach],
                    diagnostics,
                );
                if let Some(faction) = faction {
                    self.reference(
                        ItemKind::Faction,
                        &format!("{pointer}/faction"),
                        faction,
                        diagnostics,
                    );
                }
            }
            Condition::Weapon { is } => {
                self.needs(
                    pointer,
                    "the `weapon` condition",
                    &[
                        Trigger::Attack,
                        Trigger::AttackEnd,
                        Trigger::Hit,
                        Trigger::Miss,
                    ],
                    diagnostics,
                );
                if *is == WeaponSlot::ThisCard {
                    self.this_card_weapon(&format!("{pointer}/is"), diagnostics);
                }
            }
            Condition::Turn { of } => self.player(&format!("{pointer}/of"), *of, diagnostics),
            Condition::DamageDealt { .. } => self.needs(
                pointer,
                "the `damage-dealt` condition",
                &[Trigger::Damage],
                diagnostics,
            ),
            Condition::Unlaunched { ship } => {
                self.reference(
                    ItemKind::Ship,
                    &format!("{pointer}/ship"),
                    ship,
                    diagnostics,
                );
            }
            Condition::Round { .. } => {}
            Condition::VictoryPoints { player, .. } | Condition::Energy { player, .. } => {
                self.player(&format!("{pointer}/player"), *player, diagnostics);
            }
            Condition::Count { filter, .. } => self.filter(pointer, filter, diagnostics),
        }
        if let Some((at_least, at_most)) = condition.bounds() {
            self.bounds(pointer, condition, at_least, at_most, diagnostics);
        }
    }

    /// The bounds of a condition on a number: at least one, in order, and
    /// reachable by the number they bound.
    fn bounds(
        &self,
        pointer: &str,
        condition: &Condition,
        at_least: Option<u32>,
        at_most: Option<u32>,
        diagnostics: &mut Diagnostics,
    ) {
        let kind = condition.kind();
        let (what, no) = match condition {
            Condition::Round { .. } => ("the round", "no round"),
            Condition::VictoryPoints { .. } => ("a team's victory points", "no score"),
            Condition::Energy { .. } => ("a player's energy", "no energy"),
            _ => ("the number of ships", "no number of ships"),
        };
        match (at_least, at_most) {
            (None, None) => self.push(
                diagnostics,
                Code::InvalidParameter,
                pointer,
                format!("the `{kind}` condition bounds {what}, but has neither `at_least` nor `at_most`"),
                "no bound",
                "add `at_least`, `at_most` or both",
            ),
            (Some(least), Some(most)) if least > most => self.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/at_most"),
                format!("`at_least = {least}` is more than `at_most = {most}`: {no} is both, so the `{kind}` condition never holds"),
                "below `at_least`",
                "swap the two, or make `at_most` at least `at_least`",
            ),
            _ => {}
        }
        if !matches!(condition, Condition::Energy { .. }) {
            return;
        }
        // Energy is kept between the ruleset's minimum and maximum: a bound
        // past them is never met.
        let rules = &self.context.rules;
        if let Some(least) = at_least.filter(|least| *least > rules.energy_max) {
            self.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/at_least"),
                format!(
                    "`at_least = {least}` is more than the ruleset's `energy_max` of {}: energy never gets that high, so the `energy` condition never holds",
                    rules.energy_max
                ),
                "above `energy_max`",
                format!("make it {} or less", rules.energy_max),
            );
        }
        if let Some(most) = at_most.filter(|most| *most < rules.energy_min) {
            self.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/at_most"),
                format!(
                    "`at_most = {most}` is less than the ruleset's `energy_min` of {}: energy never gets that low, so the `energy` condition never holds",
                    rules.energy_min
                ),
                "below `energy_min`",
                format!("make it {} or more", rules.energy_min),
            );
        }
    }

    /// Reports a condition or effect whose trigger is not one of `allowed`.
    fn needs(&self, pointer: &str, what: &str, allowed: &[Trigger], diagnostics: &mut Diagnostics) {
        if self.when.is_some_and(|when| allowed.contains(&when)) {
            return;
        }
        // `what` is "`reroll`" or "the `card` condition": the word between
        // its backquotes is what needs the `when`.
        if let Some(word) = what.split('`').nth(1)
            && self.lacks_when(word)
        {
            return;
        }
        let names: Vec<&str> = allowed.iter().map(|t| t.name()).collect();
        self.push(
            diagnostics,
            Code::WrongTrigger,
            &format!("{pointer}/kind"),
            format!(
                "{what} needs a trigger it can refer to, but this is {}",
                self.trigger_words()
            ),
            "no such event here",
            format!("it works with `when` = {}", quoted_list(&names)),
        );
    }

    // --- effects ---

    fn effects(
        &self,
        pointer: &str,
        effects: &[Effect],
        lasting: Lasting,
        diagnostics: &mut Diagnostics,
    ) {
        for (i, effect) in effects.iter().enumerate() {
            self.effect(&format!("{pointer}/{i}"), effect, lasting, diagnostics);
        }
    }

    fn effect(
        &self,
        pointer: &str,
        effect: &Effect,
        lasting: Lasting,
        diagnostics: &mut Diagnostics,
    ) {
        let at = |key: &str| format!("{pointer}/{key}");
        self.lasting(pointer, effect, lasting, diagnostics);
        if let Some(target) = effect.target() {
            self.selector(&at("target"), target, diagnostics);
        }
        match effect {
            Effect::GainEnergy { player, .. }
            | Effect::SpendEnergy { player, .. }
            | Effect::Draw { player, .. }
            | Effect::Discard { player, .. } => self.player(&at("player"), *player, diagnostics),
            Effect::DirectDamage { damage_type, .. }
            | Effect::ShieldDamage { damage_type, .. }
            | Effect::HullDamage { damage_type, .. } => {
                if let Some(damage_type) = damage_type {
                    self.damage_type(&at("damage_type"), damage_type, diagnostics);
                }
            }
            Effect::PreventDamage { damage_type, .. } => {
                self.damage_type(&at("damage_type"), damage_type, diagnostics);
            }
            Effect::Modify {
                stat,
                amount,
                target,
                weapon,
                card_type,
                damage_type,
                minimum,
                ..
            } => {
                if *amount > 0 && minimum.is_some() {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &at("minimum"),
                        format!(
                            "`minimum` stops a change that lowers a number, but this `modify` adds {amount} to `{}`",
                            stat.name()
                        ),
                        "never reached",
                        "remove `minimum`, or make `amount` negative",
                    );
                }
                if *amount == 0 {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &at("amount"),
                        format!("`modify` of `{}` by 0 changes nothing", stat.name()),
                        "zero",
                        "use a positive amount to add, a negative one to take away",
                    );
                }
                if let Some(slot) = weapon {
                    if !stat.is_weapon_stat() {
                        self.push(
                            diagnostics,
                            Code::InvalidParameter,
                            &at("weapon"),
                            format!("`{}` is not a weapon stat, so `weapon` means nothing here", stat.name()),
                            "not a weapon stat",
                            "`weapon` goes with `range`, `attacks`, `strength` and `charge-cost`; remove it",
                        );
                    } else if *slot == WeaponSlot::ThisCard {
                        self.this_card_weapon(&at("weapon"), diagnostics);
                    } else if *slot == WeaponSlot::Secondary
                        && picks_from(target) == Role::This
                        && let Source::Ship { version, .. } = self.source
                        && version.secondary.is_empty()
                    {
                        self.push(
                            diagnostics,
                            Code::InvalidParameter,
                            &at("weapon"),
                            format!(
                                "`weapon = \"secondary\"` names the ship's own secondary weapons, but its {} version has none, so this `modify` never changes anything",
                                version.level.name()
                            ),
                            "no secondary weapon",
                            "give the version a `[[versions.secondary]]` weapon, or name `primary` or `all`",
                        );
                    }
                }
                if card_type.is_some() && *stat != spacedock_schema::effect::Stat::CardCost {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &at("card_type"),
                        format!(
                            "`card_type` only narrows `card-cost`, not `{}`",
                            stat.name()
                        ),
                        "not a card cost",
                        "remove `card_type`, or modify `card-cost`",
                    );
                }
                if let Some(damage_type) = damage_type {
                    if *stat == spacedock_schema::effect::Stat::Damage {
                        self.damage_type(&at("damage_type"), damage_type, diagnostics);
                    } else {
                        self.push(
                            diagnostics,
                            Code::InvalidParameter,
                            &at("damage_type"),
                            format!("`damage_type` only narrows `damage`, not `{}`", stat.name()),
                            "not damage",
                            "remove `damage_type`, or modify `damage`",
                        );
                    }
                }
            }
            Effect::ExtraWeapon { weapon, .. } => {
                // Scenarios and traces name a ship's printed weapons so: a
                // given weapon of that name could not be told apart.
                let lower = weapon.name.to_lowercase();
                if lower == "primary"
                    || lower == "secondary"
                    || lower
                        .strip_prefix("secondary-")
                        .is_some_and(|number| number.parse::<u32>().is_ok())
                {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &at("weapon/name"),
                        format!(
                            "an extra weapon may not be named `{}`: that is how a ship's printed weapon is named",
                            weapon.name
                        ),
                        "a printed weapon's name",
                        "give it the name printed on the card, such as `Ion Burst`",
                    );
                }
                crate::check::ship::damage_type(
                    self.context,
                    weapon,
                    self.file,
                    &at("weapon"),
                    diagnostics,
                );
            }
            Effect::LaunchShip {
                ship, within, of, ..
            } => {
                self.reference(ItemKind::Ship, &at("ship"), ship, diagnostics);
                self.within_of(pointer, *within, of.as_ref(), diagnostics);
            }
            Effect::MoveObstacles { ram, .. } => {
                if let Some(damage_type) = ram.as_ref().and_then(|ram| ram.damage_type.as_ref()) {
                    self.damage_type(&at("ram/damage_type"), damage_type, diagnostics);
                }
            }
            Effect::DrawFrom {
                deck, look, keep, ..
            } => {
                if *deck != PlayerRef::Opponent {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &at("deck"),
                        format!(
                            "`draw-from` the deck of `{}` is the normal draw",
                            deck.name()
                        ),
                        "not another deck",
                        "write `deck = \"opponent\"`",
                    );
                }
                if keep > look {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &at("keep"),
                        format!("`draw-from` keeps {keep} of only {look} cards looked at"),
                        "more than `look`",
                        "`keep` is at most `look`",
                    );
                }
            }
            Effect::TreatAsFaction { faction, .. } => {
                self.reference(ItemKind::Faction, &at("faction"), faction, diagnostics);
            }
            Effect::AttachPrepped { .. } => {
                if !matches!(self.source, Source::Rule { .. }) {
                    self.push(
                        diagnostics,
                        Code::InvalidTarget,
                        &at("kind"),
                        format!(
                            "`attach-prepped` in {}: only missions prep cards",
                            self.source.noun()
                        ),
                        "no prepped cards here",
                        "use `attach-prepped` in a mission's special rule",
                    );
                }
            }
            Effect::IgnorePower { ship, power } => {
                self.ignore_power(pointer, ship, power, diagnostics);
            }
            Effect::RollTable { table } => {
                self.die_table(pointer, table, diagnostics);
                // An empty table is already a die-table error.
                if !table.is_empty() && table.iter().all(|row| row.effects.is_empty()) {
                    self.push(
                        diagnostics,
                        Code::EmptyEffect,
                        &at("table"),
                        "no row of this die table does anything: whatever is rolled, nothing happens".to_owned(),
                        "no effects",
                        "give the rows that act their effects in `do`, or remove the `roll-table`",
                    );
                }
                for (i, row) in table.iter().enumerate() {
                    self.effects(
                        &at(&format!("table/{i}/do")),
                        &row.effects,
                        lasting,
                        diagnostics,
                    );
                }
            }
            // A hit is not rolled again: the engine re-rolls only misses
            // (a hit's powers have acted on it by then).
            Effect::Reroll { .. } => self.needs(pointer, "`reroll`", &[Trigger::Miss], diagnostics),
            Effect::CancelHit => self.needs(pointer, "`cancel-hit`", &[Trigger::Hit], diagnostics),
            Effect::Survive => self.needs(pointer, "`survive`", &[Trigger::Destroy], diagnostics),
            Effect::Detach => {
                if !self.attached {
                    self.push(
                        diagnostics,
                        Code::InvalidTarget,
                        &at("kind"),
                        format!(
                            "`detach` discards an attached card, but this is {}",
                            self.source.noun()
                        ),
                        "nothing attached",
                        "use `detach` in an attached card's `do` or `powers`",
                    );
                }
            }
            Effect::Choose { player, options } => {
                self.player(&at("player"), *player, diagnostics);
                if options.len() < 2 {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &at("options"),
                        format!(
                            "`choose` has {} to choose from",
                            crate::check::count(options.len() as u32, "option")
                        ),
                        "nothing to choose",
                        "give at least 2 options, or write the effects directly",
                    );
                }
                // An option with a `cost` and no `do` is a price to pay
                // instead of the others: only free ones do nothing.
                if options.len() >= 2
                    && options
                        .iter()
                        .all(|option| option.cost == 0 && option.effects.is_empty())
                {
                    self.push(
                        diagnostics,
                        Code::EmptyEffect,
                        &at("options"),
                        "no option of this `choose` costs or does anything: whichever is picked, nothing happens".to_owned(),
                        "no effects",
                        "give the options their effects in `do`, or remove the `choose`",
                    );
                }
                for (i, option) in options.iter().enumerate() {
                    self.effects(
                        &at(&format!("options/{i}/do")),
                        &option.effects,
                        lasting,
                        diagnostics,
                    );
                }
            }
            Effect::If {
                conditions,
                then,
                otherwise,
            } => {
                self.conditions(&at("if"), conditions, true, diagnostics);
                // An empty `then` with an `else` reads "unless": only both
                // empty is an `if` that does nothing.
                if then.is_empty() && otherwise.is_empty() {
                    self.push(
                        diagnostics,
                        Code::EmptyEffect,
                        &at("then"),
                        "`then` is empty and there is nothing in `else`: this `if` does nothing whether its conditions hold or not".to_owned(),
                        "no effects",
                        "put in `then` what to do when the conditions hold, or remove the `if`",
                    );
                }
                self.effects(&at("then"), then, lasting, diagnostics);
                self.effects(&at("else"), otherwise, lasting, diagnostics);
            }
            Effect::TakeControl { target } => {
                let role = picks_from(target);
                if matches!(role, Role::This | Role::Friendly) && self.role_exists(role) {
                    self.push(
                        diagnostics,
                        Code::InvalidParameter,
                        &at("target"),
                        format!(
                            "`take-control` of `{}` ships takes what the power's owner controls already, so it never changes anything",
                            role.name()
                        ),
                        "already controlled",
                        "take control of `enemy` ships, or of the `target`, `acting-ship` or `affected-ship`",
                    );
                }
            }
            Effect::AddShields { .. }
            | Effect::RemoveShields { .. }
            | Effect::Repair { .. }
            | Effect::MoveShip { .. }
            | Effect::Score { .. }
            | Effect::Escape { .. }
            | Effect::DenyCover { .. }
            | Effect::AttackRangeLimit { .. }
            | Effect::QuickLaunch { .. } => {}
        }
    }

    /// Whether an effect fits how long the place's effects last.
    fn lasting(
        &self,
        pointer: &str,
        effect: &Effect,
        lasting: Lasting,
        diagnostics: &mut Diagnostics,
    ) {
        let kind = effect.kind();
        let until = match effect {
            Effect::Modify { until, .. }
            | Effect::ExtraWeapon { until, .. }
            | Effect::DenyCover { until, .. } => Some(*until),
            _ => None,
        };
        if effect.is_continuous_only() && lasting != Lasting::Continuous {
            self.push(
                diagnostics,
                Code::WrongTrigger,
                &format!("{pointer}/kind"),
                format!(
                    "`{kind}` holds while its source is in play, but this is {}",
                    self.trigger_words()
                ),
                "not a one-time effect",
                match (self.source, self.source.attached_card()) {
                    (Source::Card { card }, _) if card.kind == TacticType::Event => {
                        "an event acts once, as it is played: an effect that holds belongs in a ship's power, an attached card's `[[tactic.powers]]` or a mission's special rule"
                    }
                    (_, Some(_)) => "put it in a `[[tactic.powers]]` without `when`",
                    (_, None) => "put it in a power without `when`",
                },
            );
            return;
        }
        match (until, lasting) {
            (Some(Some(_)), Lasting::Continuous) if self.lacks_when("until") => {}
            (Some(Some(until)), Lasting::Continuous) => self.push(
                diagnostics,
                Code::WrongTrigger,
                &format!("{pointer}/until"),
                format!("`until = \"{}\"` on a power without `when`: it lasts while its source is in play", until.name()),
                "nothing to last from",
                "remove `until`, or give the power a `when`",
            ),
            (Some(None), Lasting::Once | Lasting::Played) => self.push(
                diagnostics,
                Code::WrongTrigger,
                &format!("{pointer}/kind"),
                format!("`{kind}` here happens once, so it needs `until`: how long it lasts"),
                "lasts how long?",
                match self.source {
                    Source::Card { card } if card.kind == TacticType::Event => {
                        "add `until = \"attack-end\"`, `\"activation-end\"` or `\"turn-end\"`"
                    }
                    _ => "add `until = \"attack-end\"`, `\"activation-end\"` or `\"turn-end\"`; or, for a lasting change, a power without `when`",
                },
            ),
            (Some(Some(until)), _) => self.until(pointer, until, diagnostics),
            _ => {}
        }
        let once_only = !effect.is_continuous_only()
            && !matches!(
                effect,
                Effect::Modify { .. } | Effect::ExtraWeapon { .. } | Effect::DenyCover { .. }
            );
        if once_only && lasting == Lasting::Continuous && !self.lacks_when(kind) {
            self.push(
                diagnostics,
                Code::WrongTrigger,
                &format!("{pointer}/kind"),
                format!("`{kind}` happens once, but this power has no `when` to say when"),
                "when?",
                if kind == "if" {
                    // A lasting power is conditional already: by its own
                    // `if`, not by an `if` effect.
                    "a power without `when` holds while the conditions of its own `if` hold: put them there, and what `else` does in a second power whose conditions hold otherwise (`none` for `exists`); or give the power a `when`"
                } else {
                    "give the power a `when` (a phase start, an event, or an action window such as `deploy-phase`)"
                },
            );
        }
    }

    fn until(&self, pointer: &str, until: Until, diagnostics: &mut Diagnostics) {
        let allowed = match until {
            // A round ends as its last turn does: a change from then to
            // the turn's end would never act.
            Until::TurnEnd if self.when == Some(Trigger::RoundEnd) => {
                return self.push(
                    diagnostics,
                    Code::WrongTrigger,
                    &format!("{pointer}/until"),
                    "`until = \"turn-end\"`, but the turn is over when the round ends".to_owned(),
                    "ends as it starts",
                    "use `when = \"round-start\"` for a change through the first turn of the next round",
                );
            }
            Until::TurnEnd => return,
            Until::ActivationEnd => self.when.is_some_and(Trigger::is_in_activation),
            // The attack's end is past once `attack-end` powers act.
            Until::AttackEnd => self
                .when
                .is_some_and(|when| when.is_attack() && when != Trigger::AttackEnd),
        };
        if !allowed && !self.lacks_when("until") {
            self.push(
                diagnostics,
                Code::WrongTrigger,
                &format!("{pointer}/until"),
                format!(
                    "`until = \"{}\"`, but {} does not happen during one",
                    until.name(),
                    self.trigger_words()
                ),
                "no such moment to end",
                "use `until = \"turn-end\"`, or a trigger inside an activation or an attack",
            );
        }
    }

    fn die_table(
        &self,
        pointer: &str,
        table: &[spacedock_schema::effect::TableRow],
        diagnostics: &mut Diagnostics,
    ) {
        let faces = self.context.rules.number_die;
        let mut rows_of_face = vec![0u32; faces as usize + 1];
        let mut broken = false;
        for (i, row) in table.iter().enumerate() {
            let to = row.to.unwrap_or(faces);
            let row_pointer = format!("{pointer}/table/{i}");
            if row.from > faces || to > faces {
                broken = true;
                self.push(
                    diagnostics,
                    Code::DieTable,
                    &row_pointer,
                    format!(
                        "the number die has faces 1 to {faces}, but this row reaches {}",
                        row.from.max(to)
                    ),
                    "off the die",
                    format!("rows cover faces 1 to {faces} (the ruleset's `number_die`)"),
                );
            } else if to < row.from {
                broken = true;
                self.push(
                    diagnostics,
                    Code::DieTable,
                    &row_pointer,
                    format!(
                        "this row runs from {} down to {to}: it covers no face",
                        row.from
                    ),
                    "`to` below `from`",
                    "write the lower face in `from` and the higher in `to`",
                );
                continue;
            }
            for face in row.from..=to.min(faces) {
                rows_of_face[face as usize] += 1;
            }
        }
        // A row told as broken above explains the faces it misses.
        if broken {
            return;
        }
        for (count, problem) in [(0, "in no row"), (2, "in more than one row")] {
            let faces: Vec<u32> = (1..=faces)
                .filter(|&face| {
                    let rows = rows_of_face[face as usize];
                    if count == 0 { rows == 0 } else { rows >= 2 }
                })
                .collect();
            if !faces.is_empty() {
                self.push(
                    diagnostics,
                    Code::DieTable,
                    &format!("{pointer}/table"),
                    format!("{} {problem}", face_list(&faces)),
                    "every face of the number die once",
                    "each face must be in exactly one row; a row without `do` does nothing",
                );
            }
        }
    }

    fn ignore_power(&self, pointer: &str, ship: &str, power: &str, diagnostics: &mut Diagnostics) {
        // The engine switches the power off as the game is set up: only a
        // mission's rule, with nothing that decides when, can say so.
        if !matches!(self.source, Source::Rule { .. }) {
            self.push(
                diagnostics,
                Code::InvalidTarget,
                &format!("{pointer}/kind"),
                format!(
                    "`ignore-power` switches a power off for the whole game as it is set up, so it belongs to a mission's special rules, not to {}",
                    self.source.noun()
                ),
                "not a special rule",
                "move it to the mission's `[[special_rules]]`",
            );
        } else if pointer.matches("/do/").count() > 1
            || pointer.contains("/then/")
            || pointer.contains("/else/")
        {
            self.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/kind"),
                "`ignore-power` applies as the game is set up, so it cannot depend on a condition, a choice or a roll".to_owned(),
                "decided later",
                "put it directly in the rule's `do`",
            );
        }
        let Some(item) = self.reference(
            ItemKind::Ship,
            &format!("{pointer}/ship"),
            ship,
            diagnostics,
        ) else {
            return;
        };
        let loaded = &self.context.content.ships[item];
        let mut names: Vec<&str> = loaded
            .item
            .versions
            .iter()
            .flat_map(|v| v.powers.iter().map(|p| p.name.as_str()))
            .collect();
        names.sort_unstable();
        names.dedup();
        if !names.contains(&power) {
            let diagnostic = Diagnostic::new(
                Code::UnknownReference,
                format!(
                    "ship card `{}` has no power named `{power}`",
                    loaded.item.name
                ),
            )
            .at(self.context.at(self.file, &format!("{pointer}/power")))
            .label("unknown power")
            .maybe_help(did_you_mean(power, names.iter().copied()).or_else(|| {
                Some(if names.is_empty() {
                    "it has no powers".to_owned()
                } else {
                    format!("its powers: {}", names.join(", "))
                })
            }));
            diagnostics.push(diagnostic);
        }
    }

    // --- ships and players ---

    fn selector(&self, pointer: &str, selector: &Selector, diagnostics: &mut Diagnostics) {
        match selector {
            Selector::Role(role) => self.role(pointer, *role, diagnostics),
            Selector::Filter(filter) => self.filter(pointer, filter, diagnostics),
        }
    }

    fn filter(&self, pointer: &str, filter: &ShipFilter, diagnostics: &mut Diagnostics) {
        let at = |key: &str| format!("{pointer}/{key}");
        self.role(&at("is"), filter.is, diagnostics);
        if let Some(ship) = &filter.ship {
            self.reference(ItemKind::Ship, &at("ship"), ship, diagnostics);
        }
        if let Some(faction) = &filter.faction {
            self.reference(ItemKind::Faction, &at("faction"), faction, diagnostics);
        }
        if let Some(zone) = &filter.zone {
            self.zone(&at("zone"), zone, diagnostics);
        }
        if let Some(except) = filter.except {
            self.role(&at("except"), except, diagnostics);
            // A role that names no ship here is told as such, above.
            let fits = self.role_exists(except) && self.role_exists(filter.is);
            // A power's own ships are always its player's.
            let covers = except == filter.is
                || except == Role::Any
                || (filter.is == Role::This && except == Role::Friendly);
            if fits && covers {
                let picked = if filter.is == Role::Any {
                    String::new()
                } else {
                    format!(" that `is = \"{}\"` picks", filter.is.name())
                };
                self.push(
                    diagnostics,
                    Code::InvalidParameter,
                    &at("except"),
                    format!(
                        "`except = \"{}\"` leaves out every ship{picked}, so the filter never picks one",
                        except.name(),
                    ),
                    "leaves out every ship",
                    "leave out a narrower role, or remove `except`",
                );
            }
        }
        self.within_of(pointer, filter.within, filter.of.as_ref(), diagnostics);
        let of_self = filter.of.as_ref().map(picks_from) == Some(Role::This);
        if filter.is == Role::This
            && filter.within.is_some()
            && of_self
            && let Source::Ship { ship, .. } = self.source
            && ship.ships == 1
            // A stand-in count says nothing of the card.
            && !self.context.content.stood_in(self.file, "/ships")
        {
            self.push(
                diagnostics,
                Code::InvalidParameter,
                &at("of"),
                format!(
                    "`{}` is a single ship, and a ship is never within range of itself, so `self` ships within range of `self` are none",
                    ship.name
                ),
                "only itself",
                "count from other ships (`of = { is = \"friendly\" }`), or pick others (`is = \"friendly\"`)",
            );
        }
    }

    fn within_of(
        &self,
        pointer: &str,
        within: Option<u32>,
        of: Option<&Selector>,
        diagnostics: &mut Diagnostics,
    ) {
        match (within, of) {
            (Some(_), None) => self.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/within"),
                "`within` needs `of`: within how many spaces of which ships?".to_owned(),
                "no `of`",
                // A role the source has, as the roles' own checks want.
                match self.source {
                    Source::Ship { .. } => {
                        "add `of`, such as `of = \"self\"` or `of = { is = \"friendly\" }`"
                    }
                    Source::Card { card } if card.kind == TacticType::Event => {
                        "add `of`, such as `of = { is = \"friendly\" }` (or, in its `if` and `do`, `of = \"target\"`)"
                    }
                    Source::Card { .. } => {
                        "add `of`, such as `of = \"attached-ship\"` or `of = { is = \"friendly\" }`"
                    }
                    Source::Rule { .. } => "add `of`, such as `of = { is = \"friendly\" }`",
                },
            ),
            (None, Some(_)) => self.push(
                diagnostics,
                Code::InvalidParameter,
                &format!("{pointer}/of"),
                "`of` needs `within`: how many spaces?".to_owned(),
                "no `within`",
                "add `within = 1` for adjacent ships, or more",
            ),
            (Some(_), Some(of)) => self.selector(&format!("{pointer}/of"), of, diagnostics),
            (None, None) => {}
        }
    }

    /// Whether a role exists at this place.
    fn role(&self, pointer: &str, role: Role, diagnostics: &mut Diagnostics) {
        if self.role_exists(role) {
            return;
        }
        let noun = self.source.noun();
        let problem = match role {
            Role::This => Some((
                format!("`self` is a ship power's own ship card, but this is {noun}"),
                match self.source {
                    Source::Card { card } if card.kind.attaches() => {
                        "the ship this card is attached to is `attached-ship`"
                    }
                    Source::Card { .. } => "an event names the ship card it is played on `target`",
                    _ => "name the ships by filters, such as `{ is = \"friendly\", ship = \"isn-everest\" }`",
                },
            )),
            Role::AttachedShip => Some(match self.source.attached_card() {
                Some(_) => (
                    "`attached-ship` before the card is attached: its `target` and `if` decide where it may go".to_owned(),
                    "narrow the card's `target` instead",
                ),
                None => (
                    format!("`attached-ship` is the ship an attached card is on, but this is {noun}"),
                    match self.source {
                        Source::Ship { .. } => "a ship power's own ships are `self`",
                        Source::Card { .. } => "an event names the ship card it is played on `target`",
                        Source::Rule { .. } => "name the ships by filters, such as `{ is = \"friendly\", icon = \"solo\" }`",
                    },
                ),
            }),
            // In the event's own `target`: the ship card it is choosing.
            // Only the scope checking the event's `target` itself has a
            // target that is not chosen yet.
            Role::Target
                if matches!(self.source, Source::Card { card } if card.kind == TacticType::Event && card.target.is_some())
                    && !self.target_chosen =>
            {
                Some((
                    "an event's `target` chooses the ship card it is played on, so it cannot name that card".to_owned(),
                    "name the ships it must be near by filters, such as `of = { is = \"friendly\" }`",
                ))
            }
            Role::Target => Some((
                match self.source {
                    Source::Card { card } if card.kind == TacticType::Event => format!(
                        "`target` is the ship card an event is played on, but `{}` has no `target` here",
                        card.name
                    ),
                    _ => format!("`target` is the ship card an event is played on, but this is {noun}"),
                },
                match self.source {
                    Source::Card { card } if card.kind == TacticType::Event => {
                        "give the event a `target` (which ship cards it may be played on), and use the role in its `if` and `do`"
                    }
                    Source::Card { .. } => "the ship this card is attached to is `attached-ship`",
                    Source::Ship { .. } => "a ship power's own ships are `self`",
                    Source::Rule { .. } => "name the ships by filters, such as `{ is = \"friendly\" }`",
                },
            )),
            Role::ActingShip | Role::AffectedShip => {
                self.event_role(pointer, role, diagnostics);
                None
            }
            _ => None,
        };
        if let Some((message, help)) = problem {
            self.push(
                diagnostics,
                Code::InvalidTarget,
                pointer,
                message,
                "not here",
                help,
            );
        }
    }

    /// Whether a role names ships at this place: `self` in a ship power,
    /// `attached-ship` once attached, `target` where an event has one, the
    /// triggering event's ships where the trigger has them.
    fn role_exists(&self, role: Role) -> bool {
        match role {
            Role::This => matches!(self.source, Source::Ship { .. }),
            Role::AttachedShip => self.attached,
            Role::Target => self.target_chosen,
            Role::ActingShip => self.when.is_some_and(Trigger::has_acting_ship),
            Role::AffectedShip => self.when.is_some_and(Trigger::has_affected_ship),
            Role::Friendly | Role::Enemy | Role::Any => true,
        }
    }

    /// `acting-ship` and `affected-ship` exist only when the trigger has them.
    fn event_role(&self, pointer: &str, role: Role, diagnostics: &mut Diagnostics) {
        if !self.role_exists(role) && !self.lacks_when(role.name()) {
            let triggers: Vec<&str> = Trigger::ALL
                .into_iter()
                .filter(|t| match role {
                    Role::ActingShip => t.has_acting_ship(),
                    _ => t.has_affected_ship(),
                })
                .map(Trigger::name)
                .collect();
            self.push(
                diagnostics,
                Code::WrongTrigger,
                pointer,
                format!(
                    "`{}` is a ship of the triggering event, but this is {}",
                    role.name(),
                    self.trigger_words()
                ),
                "no such ship here",
                match self.source {
                    // Only events take `when` on the card: an attached
                    // card answers events in its powers.
                    Source::Card { card }
                        if card.kind.attaches()
                            && self.when.is_none()
                            && !pointer.contains("/powers/")
                            && !pointer.contains("/do/") =>
                    {
                        "before the card is attached there is no triggering event: narrow the card's `target` to say where it may go".to_owned()
                    }
                    Source::Card { card } if card.kind.attaches() && self.when.is_none() => format!(
                        "here there is no triggering event: the card's own ship is `attached-ship`; to answer an event, put this in a `[[tactic.powers]]` entry with `when` = {}",
                        quoted_list(&triggers)
                    ),
                    _ => format!(
                        "`{}` exists with `when` = {}",
                        role.name(),
                        quoted_list(&triggers)
                    ),
                },
            );
        }
    }

    fn player(&self, pointer: &str, player: PlayerRef, diagnostics: &mut Diagnostics) {
        if player == PlayerRef::AttachedShipController && !self.attached {
            self.push(
                diagnostics,
                Code::InvalidTarget,
                pointer,
                format!("`attached-ship-controller` is the player whose ship a card is attached to, but this is {}", self.source.noun()),
                "no attached ship here",
                "use `you` or `opponent`",
            );
        }
    }

    fn this_card_weapon(&self, pointer: &str, diagnostics: &mut Diagnostics) {
        let weapon_card = matches!(self.source, Source::Card { card } if card.weapon.is_some());
        if !weapon_card {
            self.push(
                diagnostics,
                Code::InvalidTarget,
                pointer,
                format!(
                    "`this-card` is an additional-weapon card's weapon, but this is {}",
                    self.source.noun()
                ),
                "no weapon on this card",
                "use `primary`, `secondary`, `additional` or `all`",
            );
        }
    }

    /// The target of a tactic card: the ship card it is played on.
    fn card_target(
        &self,
        pointer: &str,
        card: &TacticSource,
        target: &Selector,
        diagnostics: &mut Diagnostics,
    ) {
        let mark = diagnostics.len();
        self.selector(pointer, target, diagnostics);
        let role = target.role();
        let role_pointer = match target {
            Selector::Role(_) => pointer.to_owned(),
            Selector::Filter(_) => format!("{pointer}/is"),
        };
        let expected = match card.kind {
            TacticType::Sabotage => Some(Role::Enemy),
            kind if kind.attaches() => Some(Role::Friendly),
            _ => None,
        };
        // The role is the mistake (a side, or no choice at all): what it
        // would mean elsewhere is not told at the same place too.
        let at = self.context.at(self.file, &role_pointer);
        let told_here = |diagnostics: &mut Diagnostics| {
            diagnostics.retain_since(mark, |diagnostic| {
                !matches!(diagnostic.code, Code::InvalidTarget | Code::WrongTrigger)
                    || diagnostic.location.as_ref() != Some(&at)
            });
        };
        if let Some(expected) = expected
            && role != expected
        {
            told_here(diagnostics);
            self.push(
                diagnostics,
                Code::InvalidTarget,
                &role_pointer,
                format!(
                    "{} card `{}` attaches to {} ships, not to `{}` ones",
                    card.kind.name(),
                    card.name,
                    if expected == Role::Enemy {
                        "enemy"
                    } else {
                        "friendly"
                    },
                    role.name()
                ),
                "wrong side",
                match target {
                    Selector::Role(_) => format!("write `target = \"{}\"`", expected.name()),
                    Selector::Filter(_) => format!("write `is = \"{}\"`", expected.name()),
                },
            );
        } else if expected.is_none() && !matches!(role, Role::Friendly | Role::Enemy | Role::Any) {
            told_here(diagnostics);
            self.push(
                diagnostics,
                Code::InvalidTarget,
                &role_pointer,
                format!(
                    "an event's `target` is a ship card chosen as it is played, not `{}`",
                    role.name()
                ),
                "not a choice",
                "start from `friendly`, `enemy` or `any`, and narrow it with filters",
            );
        }
        if let Selector::Filter(filter) = target {
            let card_icon = match card.kind {
                TacticType::Hero => Some(Icon::Solo),
                _ => card.icon,
            };
            if let (Some(wanted), Some(card_icon)) = (filter.icon, card_icon)
                && card.kind.attaches()
                && wanted != card_icon
            {
                self.push(
                    diagnostics,
                    Code::InvalidTarget,
                    &format!("{pointer}/icon"),
                    format!(
                        "`{}` attaches to {} ship cards, but its target asks for {} ones",
                        card.name,
                        card_icon.name(),
                        wanted.name()
                    ),
                    "never matches",
                    format!(
                        "write `icon = \"{}\"`, or leave `icon` out",
                        card_icon.name()
                    ),
                );
            }
            // A ship named by the target must be one the card fits.
            if let (Some(ship), Some(card_icon)) = (&filter.ship, card_icon)
                && card.kind.attaches()
                && let Some(item) = self.context.index.lookup_quiet(ItemKind::Ship, ship)
                && self.context.content.ships[item].item.icon != card_icon
            {
                let named = &self.context.content.ships[item].item;
                self.push(
                    diagnostics,
                    Code::InvalidTarget,
                    &format!("{pointer}/ship"),
                    format!(
                        "`{}` attaches to {} ship cards, but its target names `{}`, a {} ship card",
                        card.name,
                        card_icon.name(),
                        named.name,
                        named.icon.name()
                    ),
                    "never matches",
                    "name a ship card the card can attach to",
                );
            }
        }
    }

    // --- references ---

    fn reference(
        &self,
        kind: ItemKind,
        pointer: &str,
        text: &str,
        diagnostics: &mut Diagnostics,
    ) -> Option<usize> {
        let at = self.context.at(self.file, pointer);
        self.context.index.resolve(kind, text, &at, diagnostics)
    }

    fn damage_type(&self, pointer: &str, name: &str, diagnostics: &mut Diagnostics) {
        let known = &self.context.rules.damage_types;
        if !known.iter().any(|k| k == name) {
            diagnostics.push(
                Diagnostic::new(
                    Code::UnknownReference,
                    format!("no damage type named `{name}`"),
                )
                .at(self.context.at(self.file, pointer))
                .label("unknown damage type")
                .maybe_help(
                    did_you_mean(name, known.iter().map(String::as_str))
                        .or_else(|| Some(super::damage_types_help(known))),
                ),
            );
        }
    }

    /// A filter's `zone`: a starting zone by whose it is anywhere, a zone
    /// of the battlefield by name only in a mission's special rules.
    fn zone(&self, pointer: &str, zone: &str, diagnostics: &mut Diagnostics) {
        if StartingZone::named(zone).is_some() {
            return;
        }
        let words = StartingZone::ALL.map(StartingZone::word);
        let by_whose = || {
            format!(
                "name a starting zone by whose it is, {}",
                words.map(|word| format!("`{word}`")).join(" or ")
            )
        };
        let Source::Rule { mission, .. } = self.source else {
            if let Some(help) = did_you_mean(zone, words) {
                self.push(
                    diagnostics,
                    Code::UnknownReference,
                    pointer,
                    format!("no zone named `{zone}`"),
                    "unknown zone",
                    help,
                );
            } else {
                self.push(
                    diagnostics,
                    Code::InvalidTarget,
                    pointer,
                    format!(
                        "`zone` names a zone of a mission by name, but this is {}",
                        self.source.noun()
                    ),
                    "no mission here",
                    format!(
                        "{}: only a mission's special rules name the zones of its battlefield",
                        by_whose()
                    ),
                );
            }
            return;
        };
        let at = self.context.at(self.file, pointer);
        let Some(map) = &mission.map else {
            if let Some(diagnostic) = mission.board_zones.unknown_zone(zone, at) {
                diagnostics.push(diagnostic);
            }
            return;
        };
        if let Some(mut diagnostic) = map.unknown_zone(zone, at) {
            // A slip in one of the words, not in a zone's name.
            if did_you_mean(zone, map.zone_names()).is_none()
                && let Some(help) = did_you_mean(zone, words)
            {
                diagnostic.help = Some(help);
            }
            diagnostics.push(diagnostic);
        }
    }

    /// A name in a rule's `for`: a team or a player of the mission, or a
    /// faction standing for the team of its id.
    fn rule_player(&self, pointer: &str, name: &str, diagnostics: &mut Diagnostics) {
        let Source::Rule { mission, source } = self.source else {
            return;
        };
        let players = || source.players.iter().map(|player| player.name.as_str());
        // A faction (by id, name or alias) names the team of its id.
        if !players().any(|player| player == name)
            && mission.team_named(self.context, name).is_none()
            && !mission.may_name_unknown_team(self.context, name)
        {
            let names: Vec<&str> = mission
                .known_team_names()
                .into_iter()
                .chain(players())
                .collect();
            diagnostics.push(
                Diagnostic::new(
                    Code::UnknownReference,
                    format!("no team or player named `{name}`"),
                )
                .at(self.context.at(self.file, pointer))
                .label("unknown team or player")
                .maybe_help(
                    did_you_mean(name, names.iter().copied())
                        .or_else(|| Some(format!("teams and players: {}", names.join(", ")))),
                ),
            );
        }
    }
}

/// "face 8 is", "faces 7 and 8 are", "faces 1 and 4-8 are".
/// The role a selector picks its ships from (a filter only narrows it).
fn picks_from(selector: &Selector) -> Role {
    match selector {
        Selector::Role(role) => *role,
        Selector::Filter(filter) => filter.is,
    }
}

fn face_list(faces: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &face in faces {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == face => *end = face,
            _ => runs.push((face, face)),
        }
    }
    let words: Vec<String> = runs
        .iter()
        .map(|&(start, end)| match end - start {
            0 => start.to_string(),
            1 => format!("{start} and {end}"),
            _ => format!("{start}-{end}"),
        })
        .collect();
    match (faces.len(), words.as_slice()) {
        (1, [one]) => format!("face {one} is"),
        (_, [one]) => format!("faces {one} are"),
        (_, [init @ .., last]) => format!("faces {} and {last} are", init.join(", ")),
        (_, []) => String::new(),
    }
}

/// "`a`", "`a` or `b`", "`a`, `b` or `c`".
fn quoted_list(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| format!("`{item}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A phase as content writes it.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Energy => "energy",
        Phase::Deploy => "deploy",
        Phase::Action => "action",
        Phase::Any => "any",
    }
}

/// What a condition counts, for [`bounded_count`]: two conditions on one count
/// whose bounds do not meet never hold together.
#[derive(PartialEq)]
enum Counted<'a> {
    Round,
    Points(PlayerRef),
    Energy(PlayerRef),
    Ships(&'a ShipFilter),
}

/// The count a condition bounds, and its bounds, both included: a ship
/// that exists is one or more of them, none is at most none.
fn bounded_count(condition: &Condition) -> Option<(Counted<'_>, u32, u32)> {
    let counted = match condition {
        Condition::Round { .. } => Counted::Round,
        Condition::VictoryPoints { player, .. } => Counted::Points(*player),
        Condition::Energy { player, .. } => Counted::Energy(*player),
        Condition::Count { filter, .. } => Counted::Ships(filter),
        Condition::Exists(filter) => return Some((Counted::Ships(filter), 1, u32::MAX)),
        Condition::None(filter) => return Some((Counted::Ships(filter), 0, 0)),
        _ => return None,
    };
    let (at_least, at_most) = condition.bounds()?;
    Some((counted, at_least.unwrap_or(0), at_most.unwrap_or(u32::MAX)))
}

/// Whether two conditions can never hold at once: two weapons that are
/// never one, your turn and an opponent's, a ship that exists and none,
/// bounds of one count that do not meet (`round` from 5 and to 3).
fn exclusive(a: &Condition, b: &Condition) -> bool {
    use WeaponSlot::{Additional, All, ThisCard};
    if let (Some((a, a_least, a_most)), Some((b, b_least, b_most))) =
        (bounded_count(a), bounded_count(b))
    {
        return a == b && (a_least.max(b_least) > a_most.min(b_most));
    }
    match (a, b) {
        (Condition::Weapon { is: a }, Condition::Weapon { is: b }) => {
            !matches!(
                (a, b),
                (All, _) | (_, All) | (ThisCard, Additional) | (Additional, ThisCard)
            ) && a != b
        }
        (Condition::Turn { of: a }, Condition::Turn { of: b }) => matches!(
            (a, b),
            (PlayerRef::You, PlayerRef::Opponent) | (PlayerRef::Opponent, PlayerRef::You)
        ),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::face_list;

    #[test]
    fn faces_read_as_runs() {
        assert_eq!(face_list(&[8]), "face 8 is");
        assert_eq!(face_list(&[7, 8]), "faces 7 and 8 are");
        assert_eq!(face_list(&[1, 4, 5, 6, 7, 8]), "faces 1 and 4-8 are");
    }
}
