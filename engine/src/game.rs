//! [`Game`]: a mission being played. Static data behind an `Arc`, the small
//! mutable [`State`], and the events of the last actions.
//!
//! The public surface is the contract in the engine's API document:
//! construction, `to_move` / `legal_actions` / `apply` / `outcome`, a stable
//! `state_hash`, events and observations, plus read-only accessors for
//! reports and tests. The rules themselves live in [`crate::rules`].

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use spacedock_schema::bundle::{Bundle, Mission};
use spacedock_schema::common::{Coord, Icon, Level, Size, TacticType};
use spacedock_schema::fleet::FleetSource;
use spacedock_schema::rules::{DiscoveryTile, Obstacle};

use crate::action::Action;
use crate::board::Pos;
use crate::data::Data;
use crate::event::Event;
use crate::hash::StableHasher;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId, TeamId};
use crate::observation::Observation;
use crate::outcome::Outcome;
use crate::powers::Stat;
use crate::question::{self, Answer, Asking, Pending, Question};
use crate::rules;
use crate::setup::Setup;
pub use crate::setup::SetupError;
use crate::state::{CardPlace, Stage, State, TacticPlace, TurnPhase};

/// An action that is not legal in the current state; the state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action: {0:?}")]
pub struct IllegalAction(pub Action);

/// Which events a game keeps for [`Game::drain_events`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recording {
    /// Every event (the default).
    All,
    /// Only [`Event::VictoryPoints`] and [`Event::PowerActed`]: what a
    /// balance report counts, at almost no cost.
    Report,
    /// None, for speed.
    Off,
}

/// A game of a mission.
pub struct Game {
    pub(crate) data: Arc<Data>,
    pub(crate) st: State,
    events: Vec<Event>,
    recording: Recording,
    /// Reused by `apply` to check legality without allocating.
    scratch: Vec<Action>,
    /// The answers of the action being resolved ([`crate::question`]).
    pub(crate) asking: Asking,
    /// Where the state before an action comes from if a question pauses
    /// it ([`crate::question`]); `None` after an edit, in a clone, while
    /// paused.
    pub(crate) history: Option<History>,
    /// A state buffer for the next pause's copy of the state its question
    /// was asked in ([`question::ask`]): the run the last pause threw away.
    pub(crate) spare: Option<Box<State>>,
    /// The lists of the history the last pause took apart, emptied: the
    /// next answer's history takes them, instead of growing its own anew.
    spare_lists: (Vec<(Action, u32)>, Vec<Answer>),
    /// How far apart the history's copies are.
    spacing: Spacing,
    /// Powers acting inside powers now: each acting power's effects may set
    /// off others ([`MAX_CHAIN`]).
    pub(crate) chain: u32,
    /// Whether the action being resolved set off a chain of powers deeper
    /// than [`MAX_CHAIN`]: no power acts any more, and the game stops.
    pub(crate) runaway: bool,
    /// While a moving ship takes ECM damage: the moving ship and the enemy
    /// whose countermeasures deal it, the damage's (and a destruction's)
    /// acting ship. Part of the action under way, not of the state between
    /// actions: a paused action sets it again as it is resolved again.
    pub(crate) ecm: Option<(ShipId, ShipId)>,
    /// While the powers of a moment every player shares act (a round's
    /// start or end): victory-point goals reached meanwhile are weighed
    /// together afterwards. Part of the action under way, as `ecm`.
    pub(crate) together: bool,
}

/// The deepest chain of powers setting each other off within one action.
/// Content can write powers that answer their own effects ("whenever a
/// ship takes damage, it takes 1 more") and never end; a game that reaches
/// this depth stops without an outcome ([`Game::runaway`]) instead of
/// overflowing the stack. Real chains are a few powers deep.
pub const MAX_CHAIN: u32 = 48;

/// A copy of the state taken every few actions ([`Spacing`]) and the
/// actions resolved since, with their answers: replaying them rebuilds
/// the state before the current action. Copying the state before every
/// action would cost more than the replays, since few actions pause.
///
/// The copy is boxed so that it passes between the history, a paused
/// action and the game's spare buffer as a pointer.
#[derive(Debug)]
pub(crate) struct History {
    start: Box<State>,
    /// The actions since the copy, each with how many answers it took.
    since: Vec<(Action, u32)>,
    /// Their answers, in order: one list, so that most actions (which take
    /// none) cost a history no more than their entry in `since`.
    answers: Vec<Answer>,
}

impl History {
    fn new(start: Box<State>) -> History {
        History {
            start,
            since: Vec::new(),
            answers: Vec::new(),
        }
    }

    /// A history starting at a copy of `st`. Out of line: a game starts
    /// one only at its first action and after an edit, and the copy
    /// passes through the stack.
    #[cold]
    #[inline(never)]
    fn copy_of(st: &State) -> History {
        History::new(Box::new(st.clone()))
    }
}

/// How many actions a [`History`] holds before a new copy. A copy costs
/// about as much as replaying an action (1,200 instructions against 1,000
/// to 2,000), and a pause replays the actions since the last copy. With a
/// pause every `g` actions, a copy every `sqrt(g)` actions measured fewer
/// instructions than any fixed spacing for random players (a pause every
/// 65 actions) and greedy ones (every 22) alike, so `g` is measured as the
/// game goes.
#[derive(Clone, Copy, Debug)]
struct Spacing {
    /// Actions resolved with a history.
    actions: u64,
    /// Those that paused.
    pauses: u64,
    /// The actions a history holds before a new copy.
    every: usize,
}

impl Spacing {
    /// Until the first copy; near the best for random and greedy players
    /// alike.
    const START: Spacing = Spacing {
        actions: 0,
        pauses: 0,
        every: 6,
    };

    /// Spaces the next copies by the pauses so far. Bounded: a game
    /// without pauses yet may still pause, and one pausing at nearly every
    /// action would copy more often than the replays cost.
    fn respace(&mut self) {
        let gap = self.actions / self.pauses.max(1);
        self.every = gap.isqrt().clamp(2, 16) as usize;
    }
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            data: Arc::clone(&self.data),
            st: self.st.clone(),
            events: self.events.clone(),
            recording: self.recording,
            scratch: Vec::new(),
            asking: Asking::default(),
            history: None,
            spare: None,
            spare_lists: (Vec::new(), Vec::new()),
            spacing: self.spacing,
            chain: 0,
            runaway: false,
            ecm: None,
            together: false,
        }
    }
}

impl PartialEq for Game {
    /// Same static data and same state; events and buffers are not state.
    fn eq(&self, other: &Game) -> bool {
        (Arc::ptr_eq(&self.data, &other.data) || self.data == other.data) && self.st == other.st
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("mission", &self.mission().id)
            .field("state", &self.st)
            .finish_non_exhaustive()
    }
}

/// A ship as everyone sees it on the battlefield (or off it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShipView {
    pub id: ShipId,
    pub card: ShipCardId,
    pub controller: PlayerId,
    pub size: Size,
    /// `None` when not on the battlefield.
    pub pos: Option<Pos>,
    pub shields: u32,
    pub hull_damage: u32,
    pub destroyed: bool,
}

/// A ship card in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardView<'a> {
    pub id: ShipCardId,
    /// The bundle's ship card id.
    pub ship: &'a str,
    pub name: &'a str,
    pub level: Level,
    pub size: Size,
    pub icon: Icon,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub place: CardPlace,
    pub activated: bool,
    pub attached: &'a [TacticId],
}

/// A tactic card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TacticView<'a> {
    pub id: TacticId,
    /// The bundle's tactic card id.
    pub card: &'a str,
    pub name: &'a str,
    pub kind: TacticType,
    pub place: TacticPlace,
}

/// A discovery tile; `tile` is `None` while it is black side up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileView {
    pub hex: Hex,
    pub tile: Option<DiscoveryTile>,
}

impl Game {
    pub(crate) fn from_parts(data: Arc<Data>, st: State) -> Game {
        Game {
            data,
            st,
            events: Vec::new(),
            recording: Recording::All,
            scratch: Vec::new(),
            asking: Asking::default(),
            history: None,
            spare: None,
            spare_lists: (Vec::new(), Vec::new()),
            spacing: Spacing::START,
            chain: 0,
            runaway: false,
            ecm: None,
            together: false,
        }
    }

    /// Builds the starting state of a mission of a checked bundle, dice
    /// seeded with `seed`. Player-selected fleets and decks get the default
    /// build (see [`crate::Setup`]).
    pub fn new(bundle: Arc<Bundle>, mission_id: &str, seed: u64) -> Result<Game, SetupError> {
        Ok(Setup::new(bundle, mission_id, &[])?.start(seed))
    }

    /// Like [`Game::new`], with one optional build per seat.
    pub fn with_fleets(
        bundle: Arc<Bundle>,
        mission_id: &str,
        seed: u64,
        fleets: &[Option<FleetSource>],
    ) -> Result<Game, SetupError> {
        Ok(Setup::new(bundle, mission_id, fleets)?.start(seed))
    }

    /// The player who must decide now.
    pub fn to_move(&self) -> PlayerId {
        rules::to_move(self)
    }

    /// Every legal action for `to_move()`, into `out` after clearing it.
    /// Empty once the game is over.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        rules::legal_actions(self, out);
    }

    /// Applies a legal action; dice roll from the state's stream.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        // Only the part of the legal list that could hold the action.
        let mut scratch = std::mem::take(&mut self.scratch);
        let ok = rules::is_legal(self, action, &mut scratch);
        self.scratch = scratch;
        if !ok {
            return Err(IllegalAction(action));
        }
        self.apply_legal(action);
        Ok(())
    }

    /// Applies an action taken from [`Game::legal_actions`] of this very
    /// state without checking it again (checked in debug builds): the fast
    /// path for simulations. An action that is not legal leaves the game in
    /// an unspecified (but memory-safe) state.
    pub fn apply_trusted(&mut self, action: Action) {
        debug_assert!(
            {
                let mut legal = Vec::new();
                self.legal_actions(&mut legal);
                legal.contains(&action)
            },
            "apply_trusted with an illegal action {action:?}"
        );
        self.apply_legal(action);
    }

    fn apply_legal(&mut self, action: Action) {
        if let Action::Answer(answer) = action {
            self.answer(answer);
        } else if question::can_ask(self) {
            self.spacing.actions += 1;
            // The history stays in place: only a pause takes it out.
            match &mut self.history {
                Some(history) if history.since.len() < self.spacing.every => {}
                Some(history) => {
                    self.spacing.respace();
                    State::clone_from(&mut history.start, &self.st);
                    history.since.clear();
                    history.answers.clear();
                }
                None => self.history = Some(History::copy_of(&self.st)),
            }
            self.asking.answers.clear();
            self.resolve_asking(action);
        } else {
            self.resolve(action);
        }
    }

    /// Resolves the paused action again from the state before it, with
    /// `answer` after the answers given so far. Out of line, as
    /// [`Game::pause`].
    #[cold]
    #[inline(never)]
    fn answer(&mut self, answer: Answer) {
        if let Some(pending) = self.st.pending.take() {
            let Pending {
                action,
                mut answers,
                before,
                ..
            } = *pending;
            answers.push(answer);
            self.st.clone_from(&before);
            let (since, given) = std::mem::take(&mut self.spare_lists);
            self.history = Some(History {
                start: before,
                since,
                answers: given,
            });
            self.asking.answers = answers;
            self.resolve_asking(action);
        }
    }

    fn resolve(&mut self, action: Action) {
        self.st.steps += 1;
        self.chain = 0;
        self.runaway = false;
        rules::apply(self, action);
        rules::settle(self);
        self.stop_runaway();
    }

    /// Stops the game after a chain of powers deeper than [`MAX_CHAIN`]:
    /// nothing can be trusted to go on from there, so the game stops
    /// without an outcome, the one state that means this.
    pub(crate) fn stop_runaway(&mut self) {
        if self.runaway {
            self.st.stage = Stage::Over;
            self.st.activation = None;
        }
    }

    /// Resolves `action` with the answers given so far (`asking.answers`),
    /// each answer a step too. They are complete for an action replayed;
    /// otherwise the action pauses at its next unanswered question, if it
    /// has one ([`crate::question`]), and `asking.paused` holds it.
    fn resolve_with(&mut self, action: Action) {
        let steps = self.st.steps;
        self.asking.resolving = true;
        self.asking.next = 0;
        self.asking.paused = None;
        self.resolve(action);
        self.asking.resolving = false;
        self.st.steps = steps + 1 + self.asking.answers.len() as u64;
    }

    /// Resolves `action` with `asking.answers`, the game's history leading
    /// to the state before it; pauses it at the next question if there is
    /// one.
    fn resolve_asking(&mut self, action: Action) {
        let events = self.events.len();
        self.resolve_with(action);
        match self.asking.paused.take() {
            None => {
                if let Some(history) = &mut self.history {
                    let answers = &self.asking.answers;
                    history.since.push((action, answers.len() as u32));
                    history.answers.extend_from_slice(answers);
                }
            }
            Some((question, view)) => self.pause(action, events, question, view),
        }
    }

    /// Pauses `action` on `question`, asked in the state `view`: the game
    /// waits in that state, keeping the state before the action. Out of
    /// line, so that the many actions that do not pause skip its setup.
    #[cold]
    #[inline(never)]
    fn pause(&mut self, action: Action, events: usize, question: Question, mut view: Box<State>) {
        let answers = std::mem::take(&mut self.asking.answers);
        if answers.is_empty() {
            self.spacing.pauses += 1;
        }
        // The run went on with placeholder answers: only the state the
        // asked player saw is kept, and its events come with the answer.
        self.events.truncate(events);
        view.steps = self.st.steps;
        let history = self.history.take();
        self.rebuild(history.expect("an action that can ask is resolved with a history"));
        // `view` now holds the state before the action.
        std::mem::swap(&mut self.st, &mut view);
        self.st.pending = Some(Box::new(Pending {
            question,
            action,
            answers,
            before: view,
        }));
    }

    /// Makes `self.st` the state `history` leads to: its copy, with the
    /// actions since replayed (events off). The answer to the question
    /// starts a new history.
    fn rebuild(&mut self, mut history: History) {
        let record = std::mem::replace(&mut self.recording, Recording::Off);
        std::mem::swap(&mut self.st, &mut history.start);
        let mut answers = history.answers.as_slice();
        for &(action, count) in &history.since {
            let (these, rest) = answers.split_at(count as usize);
            self.asking.answers.clear();
            self.asking.answers.extend_from_slice(these);
            answers = rest;
            self.resolve_with(action);
        }
        self.recording = record;
        self.spare = Some(history.start);
        history.since.clear();
        history.answers.clear();
        self.spare_lists = (history.since, history.answers);
    }

    /// Whether the game stopped without an outcome because an action set
    /// off a chain of powers deeper than [`MAX_CHAIN`] (content whose
    /// powers answer their own effects without end). No action is legal
    /// after it.
    pub fn runaway(&self) -> bool {
        self.st.stage == Stage::Over && self.st.outcome.is_none()
    }

    /// The question an action is paused on, if any: answer it with one of
    /// its options as [`Action::Answer`].
    pub fn question(&self) -> Option<&Question> {
        self.st.pending.as_ref().map(|pending| &pending.question)
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.st.outcome.as_ref()
    }

    /// The round, from 1 (0 during setup).
    pub fn round(&self) -> u32 {
        self.st.round
    }

    /// Actions applied so far.
    pub fn steps(&self) -> u64 {
        self.st.steps
    }

    /// A hash of the whole mutable state (dice stream included), stable
    /// across runs and platforms.
    pub fn state_hash(&self) -> u64 {
        let mut hasher = StableHasher::new();
        self.st.hash(&mut hasher);
        hasher.finish()
    }

    /// Moves the events since the last call into `out` (appended).
    pub fn drain_events(&mut self, out: &mut Vec<Event>) {
        out.append(&mut self.events);
    }

    /// Turns event recording on (the default) or off, for speed.
    pub fn set_record_events(&mut self, on: bool) {
        self.set_recording(if on { Recording::All } else { Recording::Off });
    }

    /// Chooses which events the game keeps; events it would not keep now
    /// are dropped.
    pub fn set_recording(&mut self, recording: Recording) {
        self.recording = recording;
        match recording {
            Recording::All => {}
            Recording::Report => self.events.retain(|event| {
                matches!(
                    event,
                    Event::VictoryPoints { .. } | Event::PowerActed { .. }
                )
            }),
            Recording::Off => self.events.clear(),
        }
    }

    pub(crate) fn emit(&mut self, event: Event) {
        if self.recording == Recording::All {
            self.events.push(event);
        }
    }

    /// [`Game::emit`] of victory points scored, which
    /// [`Recording::Report`] keeps too.
    pub(crate) fn emit_score(&mut self, event: Event) {
        self.emit_reported(|_| event);
    }

    /// [`Game::emit`] of an event that takes reading the game to make:
    /// with recording off, it is not made.
    pub(crate) fn emit_with(&mut self, event: impl FnOnce(&Game) -> Event) {
        if self.recording == Recording::All {
            let event = event(self);
            self.events.push(event);
        }
    }

    /// [`Game::emit_with`] of an event a balance report counts (victory
    /// points, a power that acted), which [`Recording::Report`] keeps too.
    pub(crate) fn emit_reported(&mut self, event: impl FnOnce(&Game) -> Event) {
        if self.recording != Recording::Off {
            let event = event(self);
            self.events.push(event);
        }
    }

    /// What `player` may see.
    pub fn observation(&self, player: PlayerId) -> Observation<'_> {
        Observation::new(self, player)
    }

    // Read-only accessors.

    pub fn bundle(&self) -> &Arc<Bundle> {
        &self.data.bundle
    }

    pub fn mission(&self) -> &Mission {
        &self.data.bundle.missions[self.data.mission]
    }

    /// The seats, in play order from the mission's first player.
    pub fn players(&self) -> impl ExactSizeIterator<Item = PlayerId> + use<> {
        (0..self.data.players.len() as u8).map(PlayerId)
    }

    pub fn player_name(&self, player: PlayerId) -> &str {
        &self.data.players[player.index()].name
    }

    pub fn faction(&self, player: PlayerId) -> &str {
        &self.data.players[player.index()].faction
    }

    pub fn team(&self, player: PlayerId) -> TeamId {
        self.data.team_of(player)
    }

    pub fn teams(&self) -> impl ExactSizeIterator<Item = TeamId> + use<> {
        (0..self.data.teams.len() as u8).map(TeamId)
    }

    pub fn team_name(&self, team: TeamId) -> &str {
        &self.data.teams[team.index()].name
    }

    /// Whose turn it is.
    pub fn active_player(&self) -> PlayerId {
        self.st.active
    }

    /// Who went first (meaningful once the first turn began).
    pub fn first_player(&self) -> PlayerId {
        self.st.first_player
    }

    pub fn phase(&self) -> TurnPhase {
        self.st.phase
    }

    /// Whether the setup (placements, choice of first player) is over.
    pub fn started(&self) -> bool {
        self.st.turn > 0
    }

    /// The energy `player` can spend (their pool's, shared with a team).
    pub fn energy(&self, player: PlayerId) -> i32 {
        self.st.energy[usize::from(self.data.players[player.index()].pool)]
    }

    pub fn hand(&self, player: PlayerId) -> &[TacticId] {
        &self.st.players[player.index()].hand
    }

    pub fn hand_len(&self, player: PlayerId) -> usize {
        self.st.players[player.index()].hand.len()
    }

    /// Cards left in the deck `player` draws from.
    pub fn deck_len(&self, player: PlayerId) -> usize {
        self.st.decks[usize::from(self.data.players[player.index()].deck)]
            .cards
            .len()
    }

    pub fn discard_len(&self, player: PlayerId) -> usize {
        self.st.decks[usize::from(self.data.players[player.index()].deck)]
            .discard
            .len()
    }

    /// How many times the deck `player` draws from has run out.
    pub fn deck_runs(&self, player: PlayerId) -> u32 {
        u32::from(self.st.decks[usize::from(self.data.players[player.index()].deck)].runs)
    }

    pub fn victory_points(&self, team: TeamId) -> u32 {
        self.st.victory_points[team.index()]
    }

    pub fn ship_count(&self) -> usize {
        self.data.ships.len()
    }

    pub fn ship(&self, ship: ShipId) -> ShipView {
        let state = &self.st.ships[ship.index()];
        let card = self.data.card_of(ship);
        ShipView {
            id: ship,
            card,
            controller: self.st.cards[card.index()].controller,
            size: self.data.card(card).size,
            pos: state.pos,
            shields: u32::from(state.shields),
            hull_damage: u32::from(state.hull_damage),
            destroyed: state.destroyed,
        }
    }

    /// Every ship of every fleet.
    pub fn ships(&self) -> impl Iterator<Item = ShipView> + '_ {
        (0..self.data.ships.len() as u16).map(move |id| self.ship(ShipId(id)))
    }

    /// The hexes a ship covers, or none when off the battlefield.
    pub fn ship_hexes(&self, ship: ShipId) -> Vec<Hex> {
        let mut hexes = [Hex(0); 7];
        let len = self.placed_hexes(ship, &mut hexes);
        hexes[..len].to_vec()
    }

    /// Writes the hexes a ship covers now into `out` and returns how many:
    /// none when it is not on the battlefield. Allocation-free for the
    /// rules' hot paths.
    pub(crate) fn placed_hexes(&self, ship: ShipId, out: &mut [Hex; 7]) -> usize {
        self.st.ships[ship.index()].pos.map_or(0, |pos| {
            self.data
                .board
                .footprint(self.data.size_of(ship), pos, out)
                .unwrap_or(0)
        })
    }

    pub fn card_count(&self) -> usize {
        self.data.cards.len()
    }

    pub fn card(&self, card: ShipCardId) -> CardView<'_> {
        let data = self.data.card(card);
        let ship = &self.data.bundle.ships[data.ship];
        let state = &self.st.cards[card.index()];
        CardView {
            id: card,
            ship: &ship.id,
            name: &ship.name,
            level: ship.versions[data.version].level,
            size: data.size,
            icon: data.icon,
            owner: data.owner,
            controller: state.controller,
            place: state.place,
            activated: state.activated,
            attached: &state.attached,
        }
    }

    pub fn cards(&self) -> impl Iterator<Item = CardView<'_>> + '_ {
        (0..self.data.cards.len() as u16).map(move |id| self.card(ShipCardId(id)))
    }

    /// The ships of a ship card.
    pub fn card_ships(&self, card: ShipCardId) -> impl Iterator<Item = ShipId> + use<> {
        self.data.card(card).ship_ids()
    }

    pub fn tactic(&self, tactic: TacticId) -> TacticView<'_> {
        let kind = &self.data.bundle.tactics[self.data.tactics[tactic.index()].kind];
        TacticView {
            id: tactic,
            card: &kind.id,
            name: &kind.name,
            kind: kind.kind,
            place: self.st.tactics[tactic.index()].place,
        }
    }

    pub fn tactic_count(&self) -> usize {
        self.data.tactics.len()
    }

    /// The discovery tiles; black-side-up ones hide their kind.
    pub fn tiles(&self) -> impl Iterator<Item = TileView> + '_ {
        self.st.tiles.iter().map(|tile| TileView {
            hex: tile.hex,
            tile: tile.face_up.then_some(tile.tile),
        })
    }

    /// The obstacles and the hexes they cover.
    pub fn obstacles(&self) -> impl Iterator<Item = (Obstacle, &[Hex])> + '_ {
        self.st
            .obstacles
            .iter()
            .map(|obstacle| (obstacle.kind, obstacle.hexes()))
    }

    /// A number of the game after the rules' bonuses and every power.
    pub fn stat(&self, stat: Stat) -> i32 {
        rules::stats::stat(self, stat)
    }

    /// Spaces between two ships' footprints (1 = adjacent); `None` if one
    /// is off the battlefield.
    pub fn distance(&self, a: ShipId, b: ShipId) -> Option<u32> {
        rules::movement::ship_distance(self, a, b)
    }

    /// Each team's victory-clock score now: launch costs of its ship cards
    /// on the battlefield, partial squadrons pro rata.
    pub fn victory_clock_scores(&self) -> Vec<f64> {
        rules::victory::clock_scores(self)
            .into_iter()
            .map(|score| score as f64 / rules::victory::SCORE_UNIT as f64)
            .collect()
    }

    /// Hit cells (critical stars included) of a ship card's hit-location
    /// chart, out of `letter_die * number_die`.
    pub fn hit_cells(&self, card: ShipCardId) -> u32 {
        self.data.charts[self.data.card(card).chart].hit_cells()
    }

    /// The offset coordinate of a hex.
    pub fn coord(&self, hex: Hex) -> Coord {
        self.data.board.coord(hex)
    }

    /// The hex at an offset coordinate.
    pub fn hex_at(&self, coord: Coord) -> Option<Hex> {
        self.data.board.hex(coord)
    }

    /// Whether the game waits for a setup placement or a choice rather
    /// than the active player's phase.
    pub fn in_setup(&self) -> bool {
        matches!(self.st.stage, Stage::ChooseFirst { .. }) || self.st.turn == 0
    }
}

#[cfg(test)]
mod tests {
    use super::Spacing;

    /// Copies are spaced by the square root of the actions per pause,
    /// within bounds.
    #[test]
    fn copies_are_spaced_by_the_pauses() {
        let spaced = |actions, pauses| {
            let mut spacing = Spacing {
                actions,
                pauses,
                ..Spacing::START
            };
            spacing.respace();
            spacing.every
        };
        assert_eq!(spaced(6_500, 100), 8);
        assert_eq!(spaced(2_200, 100), 4);
        assert_eq!(spaced(100, 100), 2);
        assert_eq!(spaced(1_000, 0), 16);
    }
}
