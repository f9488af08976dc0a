//! The greedy policy: a one-ply heuristic player, playing as the rulebook
//! suggests a beginner should.
//!
//! It scores every legal action from its [`Observation`] alone and takes
//! the best (ties broken by its random stream, so mirrored games still
//! differ by seed). The scores encode a turn plan:
//!
//! - setup and deploy: go first, unless it is a duel in which a side
//!   races for victory points: then let the enemy go first (the first
//!   player's first energy phase gives only 5); launch the most
//!   expensive ship card it can afford that leaves the energy to activate
//!   its most valuable ship card with an enemy in range (unless the side
//!   could lose by destroy-all before its next turn, all its ships on the
//!   battlefield within the reach of enemies that could remove every peg
//!   left: then a launch comes first, [`exposed`]), placed as close to the
//!   enemy (or the middle) as the zone allows; leave transport holds empty;
//! - action phase: activate the most valuable ship cards first; move each
//!   ship toward the nearest enemy (the way around asteroids and half
//!   hexes, [`Paths`]) until it is within its primary weapon's
//!   range (then stop, which also spares it ECM rolls), and only then shoot,
//!   since charging a weapon ends the card's moves; step onto a friendly
//!   ship's hex (where it may not stop) only when a stop next to no enemy
//!   is within reach after it, and from such a hex step toward such a
//!   stop, keeping nearest the enemy; charge every weapon that
//!   costs nothing, a paid one only with energy to spare; aim every attack
//!   at the weakest enemy in range (fewest pegs left, the easiest chart
//!   breaking ties), so damage is focused and ships actually die; pay for
//!   a weapon whose hits only remove shield pegs only with an enemy with
//!   shields up in range, and aim such a weapon at one first;
//! - tactic cards: an additional weapon on a ship card about to activate;
//!   other cards (upgrades, heroes, sabotage on the enemy's most expensive
//!   card, events) with energy left over once this turn's activations and
//!   the cheapest ship still behind the screen are paid for (an event
//!   that adds range as a ship card activates goes first, when the range
//!   decides whether the card can attack at all,
//!   [`Observation::play_range_bonus`]); never replace an attached card or
//!   give cards away;
//! - mission objectives, read from the rules' data
//!   ([`Observation::power_points`], [`Observation::attach_points`],
//!   [`Observation::escape_zone`]): a power used as an action that scores
//!   victory points comes before moving (Pan Base's survivors), a card
//!   goes where attaching it scores (Barrage's data banks), a ship
//!   runs for its escape zone when escaping wins the game at once, and
//!   where a rule scores for a ship standing in a zone
//!   ([`Observation::hold_zone`]), one ship holds it: the first in it, or
//!   the nearest, which heads there and stays;
//! - powers that cost energy (used as an action, or a "you may pay"
//!   question): only with energy to spare, as cards;
//! - discard only when the hand limit forces it (a card that can never be
//!   played goes first, [`Observation::tactic_dead`], then the most
//!   expensive), play any card at the energy cap (what is not spent is
//!   lost), draw the orbital market's extra card, and end a phase when
//!   nothing above is worth doing.

use rand::RngExt as _;
use rand_chacha::ChaCha8Rng;
use spacedock_schema::common::{Size, TacticType};

use crate::action::{Action, Target};
use crate::board::Pos;
use crate::game::ShipView;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId};
use crate::observation::Observation;
use crate::policy::{Landing, Policy};
use crate::powers::Stat;
use crate::question::{About, Answer, Question};
use crate::rules::damage::Damage;
use crate::state::{CardPlace, TurnPhase, WeaponRef};

/// Scores of the plan, far enough apart that the tie-breaking terms added
/// to them never reorder two kinds of action.
mod score {
    pub(super) const NEVER: i64 = -1_000_000;
    pub(super) const ATTACK: i64 = 900_000;
    /// Victory points now: a power that scores, a card whose attachment
    /// scores (each point adds [`POINT`]).
    pub(super) const OBJECTIVE: i64 = 850_000;
    pub(super) const POINT: i64 = 10_000;
    pub(super) const LAUNCH: i64 = 800_000;
    /// A launch that leaves too little to activate a ship card already in
    /// a fight, made only when the side could lose by destroy-all before
    /// its next turn: after every launch that leaves enough.
    pub(super) const LAUNCH_EXPOSED: i64 = 750_000;
    pub(super) const DRAW: i64 = 700_000;
    pub(super) const PLAY_WEAPON: i64 = 600_000;
    /// An event played "when you activate" that adds the range the card
    /// needs to attack (Fate's Reach): it comes before the moves and
    /// attacks, which close its window.
    pub(super) const PLAY_ON_ACTIVATION: i64 = 550_000;
    pub(super) const STEP: i64 = 500_000;
    pub(super) const ACTIVATE: i64 = 400_000;
    pub(super) const CHARGE: i64 = 300_000;
    pub(super) const PLAY: i64 = 200_000;
    pub(super) const PLACE: i64 = 100_000;
    pub(super) const FORCED_DISCARD: i64 = 100_000;
    pub(super) const END: i64 = 0;
}

/// A sensible heuristic player; see the module documentation.
#[derive(Clone, Debug, Default)]
pub struct GreedyPolicy {
    /// What a [`View`] fills, kept between decisions.
    buffers: Buffers,
    /// Indexes of the best-scoring actions (reused between calls).
    best: Vec<usize>,
}

/// Spaces from every hex to the nearest target hex, moving only through
/// hexes a ship may pass (around asteroids, not across half hexes): how
/// far a ship really is, where the straight distance would have it walk
/// into an asteroid field and stay there. Kept between decisions and made
/// again only when the targets or the passable hexes change: within one
/// player's move, neither does.
#[derive(Clone, Debug, Default)]
struct Paths {
    to: Vec<u16>,
    /// What `to` was made for: the targets, and the asteroids' hexes.
    targets: Vec<Hex>,
    asteroids: Vec<Hex>,
    /// The asteroids' hexes now (reused between calls).
    asteroids_now: Vec<Hex>,
    /// Which hexes a ship may pass, made again when the asteroids move.
    open: Vec<bool>,
    /// The search's queue: hexes in the order they are reached.
    queue: Vec<Hex>,
    /// Spaces from every hex to the nearest target hex as the crow flies
    /// (through anything): the straight distance, looked up rather than
    /// measured target by target for every hex a step would cover.
    near: Vec<u16>,
    /// What `near` was made for.
    near_targets: Vec<Hex>,
}

/// A hex no target can be reached from.
const UNREACHABLE: u16 = u16::MAX;

impl Paths {
    fn update(&mut self, observation: &Observation<'_>, targets: &[Hex]) {
        let count = observation.hex_count();
        self.asteroids_now.clear();
        self.asteroids_now.extend(observation.asteroid_hexes());
        if self.to.len() == count && self.targets == targets && self.asteroids == self.asteroids_now
        {
            return;
        }
        if self.open.len() != count || self.asteroids != self.asteroids_now {
            self.open.clear();
            self.open
                .extend((0..count).map(|index| observation.passable(Hex(index as u16))));
        }
        self.targets.clear();
        self.targets.extend_from_slice(targets);
        std::mem::swap(&mut self.asteroids, &mut self.asteroids_now);
        spread(
            observation,
            targets,
            Some(&self.open),
            &mut self.to,
            &mut self.queue,
        );
    }

    /// Makes `near` for `targets`, unless it is made for them already.
    fn update_near(&mut self, observation: &Observation<'_>, targets: &[Hex]) {
        if self.near.len() == observation.hex_count() && self.near_targets == targets {
            return;
        }
        self.near_targets.clear();
        self.near_targets.extend_from_slice(targets);
        spread(observation, targets, None, &mut self.near, &mut self.queue);
    }
}

/// Spaces from every hex to the nearest of `targets`, a breadth-first
/// search through the hexes `open` allows (all, without it): on the
/// board's whole grid that is the straight distance.
fn spread(
    observation: &Observation<'_>,
    targets: &[Hex],
    open: Option<&[bool]>,
    to: &mut Vec<u16>,
    queue: &mut Vec<Hex>,
) {
    to.clear();
    to.resize(observation.hex_count(), UNREACHABLE);
    queue.clear();
    for &target in targets {
        if to[target.index()] == UNREACHABLE {
            to[target.index()] = 0;
            queue.push(target);
        }
    }
    let mut next_in_line = 0;
    while let Some(&hex) = queue.get(next_in_line) {
        next_in_line += 1;
        let next_distance = to[hex.index()] + 1;
        for dir in 0..6 {
            if let Some(next) = observation.neighbour(hex, dir)
                && to[next.index()] == UNREACHABLE
                && open.is_none_or(|open| open[next.index()])
            {
                to[next.index()] = next_distance;
                queue.push(next);
            }
        }
    }
}

/// A zone of the mission that the stepping ships head for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Zone {
    /// Ships escape from it for victory points.
    Escape(usize),
    /// A rule scores victory points while a ship stands in it.
    Hold(usize),
}

impl Zone {
    fn index(self) -> usize {
        match self {
            Zone::Escape(zone) | Zone::Hold(zone) => zone,
        }
    }
}

/// A ship that may step: computed once per decision, not once per step.
#[derive(Clone, Copy, Debug)]
struct Mover {
    view: ShipView,
    pos: Pos,
    /// Spaces to the nearest hex of its goal now (0: on it).
    now: u32,
    /// The same by way of passable hexes ([`Paths`]).
    path_now: u32,
    /// Its primary weapon's range (at least 1).
    range: u32,
    /// Whether its goal is the mission's zone (to escape or to hold it),
    /// not the enemy.
    for_zone: bool,
}

impl Policy for GreedyPolicy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        observation: &Observation<'_>,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> usize {
        if legal.len() == 1 {
            return 0;
        }
        if let Some(question) = observation.question() {
            return self.answer(observation, question, legal);
        }
        let geometry = legal
            .iter()
            .any(|action| matches!(action, Action::Step { .. } | Action::Place { .. }));
        let energy = legal.iter().any(|action| {
            matches!(
                action,
                Action::PlayCard { .. } | Action::Charge { .. } | Action::UsePower { .. }
            )
        });
        let view = View::new(
            observation,
            legal,
            Needs { geometry, energy },
            &mut self.buffers,
        );
        let forced_discard = legal
            .iter()
            .all(|action| matches!(action, Action::DiscardForEnergy(_)));
        let mut top = i64::MIN;
        self.best.clear();
        for (index, action) in legal.iter().enumerate() {
            let score = view.score(*action, forced_discard);
            if score > top {
                top = score;
                self.best.clear();
            }
            if score == top {
                self.best.push(index);
            }
        }
        match self.best.as_slice() {
            [only] => *only,
            ties => ties[rng.random_range(0..ties.len())],
        }
    }
}

impl GreedyPolicy {
    /// Whether paying `cost` now leaves the energy this turn's plan needs
    /// ([`View::spares`]): what a "you may pay" question is answered by.
    fn spares(&mut self, observation: &Observation<'_>, legal: &[Action], cost: i32) -> bool {
        if cost <= 0 {
            return true;
        }
        let view = View::new(
            observation,
            legal,
            Needs {
                geometry: false,
                energy: true,
            },
            &mut self.buffers,
        );
        view.spares(cost.into())
    }

    /// An answer to a power's question: the engine's suggestion (the
    /// first option: use the power, play the reaction, the dearest card
    /// kept, the cheapest discarded, the ship placed nearest the enemy),
    /// except that its own ship moved by an effect closes range as in a
    /// move, an enemy ship it moves stays put, and a reaction that moves
    /// ships goes where the move can help ([`reaction_move`]).
    fn answer(
        &mut self,
        observation: &Observation<'_>,
        question: &Question,
        legal: &[Action],
    ) -> usize {
        if let About::Reaction { card } = question.about
            && observation.play_moves(card).is_some_and(|moves| moves > 0)
        {
            return reaction_move(observation, legal);
        }
        // As a power used as an action: one that scores is worth its cost.
        if let About::OptionalPower { power, .. } = question.about
            && observation.power_points(power) <= 0.0
            && !self.spares(observation, legal, observation.power_cost(power))
        {
            return legal
                .iter()
                .position(|action| *action == Action::Answer(Answer::No))
                .unwrap_or(0);
        }
        let About::MoveShip { ship, .. } = question.about else {
            return 0;
        };
        let own = observation
            .ship(ship)
            .is_some_and(|view| observation.team_of(view.controller) == observation.team());
        let stop = legal
            .iter()
            .position(|action| *action == Action::Answer(Answer::Stop));
        if !own {
            return stop.unwrap_or(0);
        }
        let steps: Vec<Action> = legal
            .iter()
            .map(|action| match *action {
                Action::Answer(Answer::Step(dir)) => Action::Step { ship, dir },
                other => other,
            })
            .collect();
        let view = View::new(
            observation,
            &steps,
            Needs {
                geometry: true,
                energy: false,
            },
            &mut self.buffers,
        );
        let mut best = (score::END + 1, stop.unwrap_or(0));
        for (index, action) in steps.iter().enumerate() {
            if let Action::Step { ship, dir } = *action {
                let score = view.step_score(ship, dir);
                if score > best.0 {
                    best = (score, index);
                }
            }
        }
        best.1
    }
}

/// The answer to a reaction event that moves ships (Alert From ISN
/// Torrent): played on the ship card with the most ships out of range of
/// every enemy, which the move may bring into range; declined when all
/// are in range already (it was played on them all the same, and its
/// ships, moved by [`GreedyPolicy::answer`], stayed put).
fn reaction_move(observation: &Observation<'_>, legal: &[Action]) -> usize {
    let team = observation.team();
    let enemies: Vec<ShipId> = observation
        .ships()
        .filter(|enemy| {
            enemy.pos.is_some() && !enemy.destroyed && observation.team_of(enemy.controller) != team
        })
        .map(|enemy| enemy.id)
        .collect();
    let out_of_range = |card: ShipCardId| {
        observation
            .ships()
            .filter(|ship| ship.card == card && ship.pos.is_some() && !ship.destroyed)
            .filter(|ship| {
                let range =
                    u32::try_from(observation.stat(Stat::Range(ship.id, WeaponRef::Primary)))
                        .unwrap_or(0);
                !enemies.is_empty()
                    && !enemies.iter().any(|&enemy| {
                        observation
                            .distance(ship.id, enemy)
                            .is_some_and(|distance| distance <= range)
                    })
            })
            .count()
    };
    let decline = legal
        .iter()
        .position(|action| *action == Action::Answer(Answer::No))
        .unwrap_or(0);
    legal
        .iter()
        .enumerate()
        .filter_map(|(index, action)| match action {
            Action::Answer(Answer::Play(Target::Card(card))) => Some((out_of_range(*card), index)),
            _ => None,
        })
        .filter(|&(count, _)| count > 0)
        .max_by_key(|&(count, index)| (count, std::cmp::Reverse(index)))
        .map_or(decline, |(_, index)| index)
}

/// Which derived facts a decision needs: the battlefield for steps and
/// placements, the energy plan for cards and paid charges. Most decisions
/// need neither, and skip the walks over every ship and card.
#[derive(Clone, Copy)]
struct Needs {
    geometry: bool,
    energy: bool,
}

/// The policy's buffers a [`View`] fills, kept between decisions.
#[derive(Clone, Debug, Default)]
struct Buffers {
    /// Hexes of the enemy ships on the battlefield.
    enemy_hexes: Vec<Hex>,
    /// Ships that may step this decision, with where they stand.
    movers: Vec<Mover>,
    /// Spaces to the targets by way of passable hexes.
    paths: Paths,
    /// Hexes of the zone its ships escape to or hold, when the mission has
    /// one.
    zone_hexes: Vec<Hex>,
    /// Spaces to that zone by way of passable hexes.
    escape_paths: Paths,
}

/// Where a ship is heading: the hexes it wants to reach and the spaces to
/// them around obstacles ([`Paths`]).
#[derive(Clone, Copy)]
struct Goal<'o> {
    hexes: &'o [Hex],
    paths: &'o [u16],
    /// The straight distances to them ([`Paths::near`]).
    near: &'o [u16],
}

/// What the policy knows this decision: the observation and a few facts
/// derived once from it.
struct View<'o, 'a> {
    observation: &'o Observation<'a>,
    me: PlayerId,
    energy: i64,
    /// Energy to keep for this turn's activations and the next launch.
    reserve: i64,
    /// Enemy ships' hexes (or the middle of the battlefield when no enemy
    /// is on it, so ships still advance), and the spaces to them around
    /// obstacles.
    fight: Goal<'o>,
    /// The zone where the stepping ships escape for victory points
    /// ([`Observation::escape_zone`]) or, for ships that escape nowhere,
    /// the zone a rule scores for holding ([`Observation::hold_zone`]).
    zone: Option<(Zone, Goal<'o>)>,
    enemies_present: bool,
    movers: &'o [Mover],
    /// Whether a ship is mid-move where it may not stop (a friendly ship's
    /// hex): its only choices are steps.
    must_step: bool,
    /// Whether a ship card's activation is under way.
    in_activation: bool,
    /// The energy a launch must leave: the activation of the most
    /// valuable of the player's ship cards on the battlefield with an
    /// enemy in range (computed only when a launch is legal).
    keep_for_engaged: i64,
    /// The score of a launch that leaves less than `keep_for_engaged`:
    /// [`score::LAUNCH_EXPOSED`] when the side could lose by destroy-all
    /// before the observer's next turn ([`exposed`]), else
    /// [`score::NEVER`].
    short_launch: i64,
}

impl<'o, 'a> View<'o, 'a> {
    fn new(
        observation: &'o Observation<'a>,
        legal: &[Action],
        needs: Needs,
        buffers: &'o mut Buffers,
    ) -> View<'o, 'a> {
        let Buffers {
            enemy_hexes,
            movers,
            paths,
            zone_hexes,
            escape_paths,
        } = buffers;
        let me = observation.player();
        enemy_hexes.clear();
        movers.clear();
        let mut enemies_present = false;
        if needs.geometry {
            let team = observation.team();
            for ship in observation.ships() {
                if let Some(pos) = ship.pos
                    && !ship.destroyed
                    && observation.team_of(ship.controller) != team
                {
                    footprint(observation, ship.size, pos, |hex| enemy_hexes.push(hex));
                }
            }
            enemies_present = !enemy_hexes.is_empty();
            if !enemies_present {
                enemy_hexes.push(observation.centre());
            }
            paths.update_near(observation, enemy_hexes);
        }
        let steps = needs.geometry
            && legal
                .iter()
                .any(|action| matches!(action, Action::Step { .. }));
        if steps {
            paths.update(observation, enemy_hexes);
        }
        // The escape zone of the activated card's ships, or the zone they
        // hold, if they have one (every ship that may step is of that card).
        let zone = if steps {
            legal
                .iter()
                .find_map(|action| match *action {
                    Action::Step { ship, .. } => observation.ship(ship),
                    _ => None,
                })
                .and_then(|view| {
                    observation
                        .escape_zone(view.card)
                        .map(|(zone, _)| Zone::Escape(zone))
                        .or_else(|| observation.hold_zone(view.card).map(Zone::Hold))
                })
        } else {
            None
        };
        zone_hexes.clear();
        if let Some(zone) = zone.map(Zone::index) {
            zone_hexes.extend(
                (0..observation.hex_count())
                    .map(|index| Hex(index as u16))
                    .filter(|&hex| observation.in_zone(zone, hex)),
            );
            escape_paths.update(observation, zone_hexes);
            escape_paths.update_near(observation, zone_hexes);
        }
        let mut reserve = 0;
        if needs.energy {
            let mut cheapest_launch: Option<i64> = None;
            for card in observation.cards() {
                if card.controller != me {
                    continue;
                }
                match card.place {
                    CardPlace::Launched if !card.activated => {
                        reserve += i64::from(observation.stat(Stat::ActivationCost(card.id)));
                    }
                    CardPlace::Screen => {
                        let cost = i64::from(observation.stat(Stat::LaunchCost(card.id)));
                        cheapest_launch = Some(cheapest_launch.map_or(cost, |best| best.min(cost)));
                    }
                    _ => {}
                }
            }
            // In the action phase the launches are over for this turn; the
            // cheapest waiting ship is next turn's, after 10 more energy.
            reserve += cheapest_launch.unwrap_or(0);
        }
        let keep_for_engaged = if legal
            .iter()
            .any(|action| matches!(action, Action::Launch(_)))
        {
            engaged_activation(observation)
        } else {
            0
        };
        let mut view = View {
            observation,
            me,
            energy: i64::from(observation.energy(me)),
            reserve,
            fight: Goal {
                hexes: enemy_hexes,
                paths: &paths.to,
                near: &paths.near,
            },
            zone: zone.filter(|_| !zone_hexes.is_empty()).map(|zone| {
                (
                    zone,
                    Goal {
                        hexes: zone_hexes,
                        paths: &escape_paths.to,
                        near: &escape_paths.near,
                    },
                )
            }),
            enemies_present,
            movers: &[],
            must_step: legal
                .iter()
                .all(|action| matches!(action, Action::Step { .. })),
            in_activation: legal.contains(&Action::EndActivation),
            keep_for_engaged,
            short_launch: if keep_for_engaged > 0 && exposed(observation) {
                score::LAUNCH_EXPOSED
            } else {
                score::NEVER
            },
        };
        let holder = match view.zone {
            Some((Zone::Hold(zone), goal)) => view.holder(zone, goal),
            _ => None,
        };
        for action in legal {
            if let Action::Step { ship, .. } = *action
                && !movers.iter().any(|mover| mover.view.id == ship)
                && let Some(ship_view) = observation.ship(ship)
                && let Some(pos) = ship_view.pos
            {
                let for_zone =
                    match view.zone {
                        // It runs for its escape zone when that wins the game
                        // and it can get there with the moves it has left.
                        // Otherwise it fights: measured, escaping whenever a
                        // ship could made the side weaker and lose more
                        // (docs/simulation.md).
                        Some((Zone::Escape(zone), goal)) => {
                            observation.escape_zone(ship_view.card).is_some_and(
                                |(its_zone, points)| its_zone == zone && view.escape_wins(points),
                            ) && {
                                let path = view.path_nearest(goal, &ship_view, pos);
                                path != u32::from(UNREACHABLE)
                                    && path <= observation.moves_left(ship)
                            }
                        }
                        // One ship holds the zone: the player's ship in it, or
                        // the nearest to it when none is; the others fight.
                        Some((Zone::Hold(_), _)) => holder == Some(ship),
                        None => false,
                    };
                let goal = view.goal(for_zone);
                movers.push(Mover {
                    view: ship_view,
                    pos,
                    now: view.nearest(goal, &ship_view, pos),
                    path_now: view.path_nearest(goal, &ship_view, pos),
                    range: u32::try_from(observation.stat(Stat::Range(ship, WeaponRef::Primary)))
                        .unwrap_or(0)
                        .max(1),
                    for_zone,
                });
            }
        }
        view.movers = movers;
        view
    }

    fn score(&self, action: Action, forced_discard: bool) -> i64 {
        let observation = self.observation;
        match action {
            Action::ChooseFirstPlayer(player) => i64::from(player == self.first_player()),
            Action::Place { hex, dir } => score::PLACE - i64::from(self.place_distance(hex, dir)),
            Action::EndLoad | Action::EndPhase | Action::EndWeapon => score::END,
            // A card that can never be played goes first; then the most
            // expensive.
            Action::DiscardForEnergy(card) if forced_discard => {
                let dead = if observation.tactic_dead(card) {
                    1_000
                } else {
                    0
                };
                score::FORCED_DISCARD + dead + self.cost(card)
            }
            // Answers are scored by `GreedyPolicy::answer`.
            Action::Load(_)
            | Action::GiveCard { .. }
            | Action::Warp(_)
            | Action::DiscardForEnergy(_)
            | Action::Answer(_) => score::NEVER,
            Action::DrawExtra => score::DRAW,
            // A launch that leaves too little to activate a ship card
            // already in a fight waits: the cheaper launch, or none. Unless
            // the side could lose by destroy-all before its next turn with
            // ship cards still behind the screen: then a second card on the
            // battlefield is worth more than one activation.
            Action::Launch(card) => {
                let cost = self.launch_cost(card);
                if self.energy - cost >= self.keep_for_engaged {
                    score::LAUNCH + cost
                } else if self.short_launch == score::NEVER {
                    score::NEVER
                } else {
                    self.short_launch + cost
                }
            }
            Action::PlayCard { card, target } => self.play_score(card, target),
            Action::Activate(card) => score::ACTIVATE + self.launch_cost(card),
            Action::Step { ship, dir } => self.step_score(ship, dir),
            Action::EndMove => {
                // Only offered mid-move: stop once in range (or stuck).
                score::END + 1
            }
            Action::Charge { ship, weapon } => {
                let cost = i64::from(observation.stat(Stat::ChargeCost(ship, weapon)));
                if self.spares(cost) && (cost <= 0 || self.has_use(ship, weapon)) {
                    let punch = i64::from(observation.stat(Stat::Attacks(ship, weapon)))
                        * i64::from(observation.stat(Stat::Strength(ship, weapon)));
                    score::CHARGE + punch * 10 - cost
                } else {
                    score::NEVER
                }
            }
            Action::Attack { target, .. } => {
                // A weapon whose hits only remove shield pegs is aimed at a
                // ship with shields up, where a hit does something.
                let wasted = observation.charged_weapon().is_some_and(|(ship, weapon)| {
                    observation.weapon_damage(ship, weapon) == Damage::Shield
                        && observation
                            .ship(target)
                            .is_some_and(|view| view.shields == 0)
                });
                score::ATTACK - self.weakness_rank(target) - if wasted { 100_000 } else { 0 }
            }
            Action::EndActivation => score::END + 1,
            // A power used as an action: worth it whenever offered (it is
            // offered only when it would change something), before moving
            // (some are used instead of a move) when it scores points; one
            // that costs energy only from energy to spare, as a card.
            Action::UsePower { power, .. } => {
                let points = observation.power_points(power);
                if points > 0.0 {
                    score::OBJECTIVE + (points * score::POINT as f64) as i64
                } else if self.spares(observation.power_cost(power).into()) {
                    score::PLAY
                } else {
                    score::NEVER
                }
            }
        }
    }

    /// Whether paying to charge `ship`'s `weapon` can do something: a
    /// weapon whose hits only remove shield pegs needs an enemy with
    /// shields up within its range. (A free one is charged all the same: a
    /// critical hit on a ship with shields down destroys it.)
    fn has_use(&self, ship: ShipId, weapon: WeaponRef) -> bool {
        let observation = self.observation;
        if observation.weapon_damage(ship, weapon) != Damage::Shield {
            return true;
        }
        let range = u32::try_from(observation.stat(Stat::Range(ship, weapon))).unwrap_or(0);
        let team = observation.team();
        observation.ships().any(|enemy| {
            enemy.pos.is_some()
                && !enemy.destroyed
                && enemy.shields > 0
                && observation.team_of(enemy.controller) != team
                && observation
                    .distance(ship, enemy.id)
                    .is_some_and(|distance| distance <= range)
        })
    }

    /// Whether paying `cost` leaves the energy this turn's activations
    /// and the next launch need ([`View::reserve`]).
    fn spares(&self, cost: i64) -> bool {
        cost <= 0 || self.energy - cost >= self.reserve
    }

    /// Who goes first, when the observer won the roll: itself, unless the
    /// game is a duel in which a side has a victory-point goal; then the
    /// enemy, so the observer answers the first player's turn.
    ///
    /// The rulebook ("Who Goes First") cuts the first player's first energy
    /// phase to 5 (from 10), and the first player launches, places and
    /// closes in before seeing the other side do so. In greedy-vs-greedy
    /// play the extra turn is worth more than that where ships only fight
    /// and in the team race of Pan Base, and less in the duels where one
    /// side races for points. The high roller's wins going first / letting
    /// the enemy go first, by the side that won the roll, over 2,000 games
    /// a mission (the choice forced one way, then the other, for the same
    /// seeds; 2026-11-30): the-battle-for-isn-barrage ISN 94.4% / 98.6%,
    /// Wretch 2.0% / 5.0%; blockade-run-at-entebe ISN 89.0% / 96.1%, Wretch
    /// 3.4% / 9.9%; the-struggle-at-pan-base ISN 95.4% / 88.6%, each
    /// Wretch 11.5% / 6.9% and 9.6% / 4.5%; dead-zone-battle ISN 75.4% /
    /// 55.1%, Wretch 43.8% / 26.1%; within the noise in the 42- and
    /// 48-energy Dead Zone Battles and Meteor Storm. Each side of every
    /// mission does better so or within the noise. Before, any points
    /// goal made the high roller let an enemy go first, which lost Pan
    /// Base's high roller 5.5 games in a hundred (docs/simulation.md).
    fn first_player(&self) -> PlayerId {
        let observation = self.observation;
        let me = self.me;
        let race = observation.players().any(|player| {
            observation
                .points_to_win(observation.team_of(player))
                .is_some()
        });
        if !race || observation.players().len() > 2 {
            return me;
        }
        observation
            .players()
            .find(|&player| observation.team_of(player) != observation.team())
            .unwrap_or(me)
    }

    fn cost(&self, card: TacticId) -> i64 {
        i64::from(self.observation.stat(Stat::TacticCost(card)))
    }

    fn launch_cost(&self, card: ShipCardId) -> i64 {
        i64::from(self.observation.stat(Stat::LaunchCost(card)))
    }

    /// Weapons first, on cards about to fight; the rest from spare energy.
    fn play_score(&self, card: TacticId, target: Target) -> i64 {
        let observation = self.observation;
        let Some(tactic) = observation.tactic(card) else {
            return score::NEVER;
        };
        let cost = self.cost(card);
        // At the energy cap, what is not spent is lost: any card is worth
        // playing.
        let spare = self.energy - cost >= self.reserve
            || self.energy >= i64::from(observation.energy_max());
        match target {
            Target::Replace(_) => score::NEVER,
            Target::None if !spare => score::NEVER,
            // Measured: played on every activation, Fate's Reach cost the
            // Wretch 5 points of their wins; played only when the range
            // decides whether the card can attack at all, it helps.
            Target::None if self.in_activation => {
                let bonus = observation.play_range_bonus(card).unwrap_or(0);
                if bonus > 0
                    && self
                        .movers
                        .iter()
                        .any(|mover| self.range_decides(mover, bonus))
                {
                    score::PLAY_ON_ACTIVATION
                } else {
                    score::PLAY
                }
            }
            Target::None => score::PLAY,
            Target::Card(ship_card) => {
                let value = self.launch_cost(ship_card);
                // A mission that scores attachments: its points come before
                // the energy plan, and a card whose attachment would score
                // for the other side stays in hand.
                let points = observation.attach_points(card, ship_card).unwrap_or(0.0);
                if points > 0.0 && self.energy >= cost {
                    return score::OBJECTIVE + (points * score::POINT as f64) as i64 + value;
                }
                if points < 0.0 {
                    return score::NEVER;
                }
                let fresh = observation
                    .card(ship_card)
                    .is_some_and(|view| view.place == CardPlace::Launched && !view.activated);
                let in_action = observation.phase() == TurnPhase::Action;
                match tactic.kind {
                    TacticType::AdditionalWeapon if fresh && in_action => {
                        // Worth it when the card it arms can still be
                        // activated afterwards; the rest of the reserve can
                        // wait, a weapon fires this turn.
                        let activation =
                            i64::from(observation.stat(Stat::ActivationCost(ship_card)));
                        if self.energy - cost >= activation {
                            score::PLAY_WEAPON + value
                        } else {
                            score::NEVER
                        }
                    }
                    _ if spare => score::PLAY + value,
                    _ => score::NEVER,
                }
            }
        }
    }

    /// Whether `bonus` more range would let `mover` reach an enemy it
    /// cannot reach now, even after its moves.
    fn range_decides(&self, mover: &Mover, bonus: i32) -> bool {
        if !self.enemies_present || mover.for_zone {
            return false;
        }
        if mover.now <= mover.range {
            return false;
        }
        let way = if mover.path_now == u32::from(UNREACHABLE) {
            mover.now
        } else {
            mover.path_now
        };
        let left = way.saturating_sub(self.observation.moves_left(mover.view.id));
        left > mover.range && i64::from(left) <= i64::from(mover.range) + i64::from(bonus)
    }

    /// Closing range: the gain of a step toward the nearest target, and a
    /// firm no once the ship is in range of its primary weapon.
    fn step_score(&self, ship: ShipId, dir: u8) -> i64 {
        let Some(mover) = self.movers.iter().find(|mover| mover.view.id == ship) else {
            return score::NEVER;
        };
        let now = mover.now;
        let goal = self.goal(mover.for_zone);
        let Some((after, path_after)) = self.after_step(goal, &mover.view, mover.pos, dir) else {
            return score::NEVER;
        };
        // Where it may not stop (a friendly ship's hex), some step must be
        // taken: one that leads to a stop clear of every enemy (ECM rolls
        // come as a step brings a ship next to an enemy), there or within
        // the moves left; of those, the one that keeps it nearest, so that
        // a ship in range ends its move in range still, and where it may
        // stop before where it must go on.
        if self.must_step {
            let Some(landing) = self.landing(ship, dir) else {
                return score::NEVER;
            };
            let mut score = score::STEP - i64::from(after) * 100;
            if !landing.stops {
                score -= 50;
            }
            if !landing.good_stop {
                score -= 20_000;
            }
            return score;
        }
        // In its escape zone (it escapes as its activation ends) or the
        // zone it holds, or in range of an enemy: it stops.
        if if mover.for_zone {
            now == 0
        } else {
            self.enemies_present && now <= mover.range
        } {
            return score::NEVER;
        }
        // Closer by the way around obstacles, the straight distance
        // deciding where no way is known.
        let (from, to) = if mover.path_now == u32::from(UNREACHABLE) {
            (now, after)
        } else {
            (mover.path_now, path_after)
        };
        if to >= from {
            return score::NEVER;
        }
        // A step onto a ship's hex, where it may not stop, only when a
        // stop clear of every enemy is within reach after it: otherwise it
        // would be forced on next to an enemy, through ECM rolls, and it
        // stops short instead. (A ship heading for its zone goes on.)
        if !mover.for_zone
            && self
                .landing(ship, dir)
                .is_none_or(|landing| !landing.stops && !landing.good_stop)
        {
            return score::NEVER;
        }
        // A bigger gain first; then ships further away go first.
        score::STEP + i64::from(from - to) * 100 + i64::from(now)
    }

    /// Where a step of `ship` in `dir` leads ([`Observation::step_landing`]):
    /// a good stop is one next to no enemy ship.
    fn landing(&self, ship: ShipId, dir: u8) -> Option<Landing> {
        let near = self.fight.near;
        let enemies = self.enemies_present;
        self.observation.step_landing(ship, dir, |hexes| {
            !enemies
                || hexes
                    .iter()
                    .all(|hex| near.get(hex.index()).is_none_or(|&spaces| spaces > 1))
        })
    }

    /// Whether `points` more victory points win the game for the
    /// observer's team now.
    fn escape_wins(&self, points: u32) -> bool {
        let team = self.observation.team();
        self.observation
            .points_to_win(team)
            .is_some_and(|goal| self.observation.victory_points(team) + points >= goal)
    }

    /// Where a ship heads: the mission's zone, or the enemy.
    fn goal(&self, for_zone: bool) -> Goal<'o> {
        match self.zone {
            Some((_, goal)) if for_zone => goal,
            _ => self.fight,
        }
    }

    /// The observer's ship that holds `zone` (whose hexes `goal` has): the
    /// first of theirs in it that counts for it, or else the nearest by
    /// way of passable hexes (a ship walled off comes last).
    fn holder(&self, zone: usize, goal: Goal<'_>) -> Option<ShipId> {
        let observation = self.observation;
        observation
            .ships()
            .filter(|ship| {
                ship.controller == self.me
                    && !ship.destroyed
                    && observation.hold_zone(ship.card) == Some(zone)
            })
            .filter_map(|ship| {
                let pos = ship.pos?;
                let near = self.nearest(goal, &ship, pos);
                // In the zone it holds, whatever the ways around.
                let way = if near == 0 {
                    0
                } else {
                    self.path_nearest(goal, &ship, pos)
                };
                Some((way, near, ship.id))
            })
            .min()
            .map(|(_, _, ship)| ship)
    }

    /// Spaces from a ship at `pos` to the nearest hex of `goal` by way of
    /// passable hexes ([`Paths`]); `UNREACHABLE` when no way is known.
    fn path_nearest(&self, goal: Goal<'_>, ship: &ShipView, pos: Pos) -> u32 {
        let mut best = UNREACHABLE;
        footprint(self.observation, ship.size, pos, |hex| {
            best = best.min(path_to(goal, hex));
        });
        u32::from(best)
    }

    /// Spaces from a ship at `pos` to the nearest hex of `goal` (1:
    /// adjacent, 0: on it).
    fn nearest(&self, goal: Goal<'_>, ship: &ShipView, pos: Pos) -> u32 {
        let mut best = u32::MAX;
        footprint(self.observation, ship.size, pos, |hex| {
            best = best.min(self.distance_to(goal, hex));
        });
        best
    }

    /// The same distance after one step in `dir`, following the engine's
    /// step geometry: small and large ships move their centre; a medium
    /// ship moves its leading end (its position for `dir` 0..6, its other
    /// end for 6..12) and the trailing end takes the lead's old hex.
    fn after_step(&self, goal: Goal<'_>, ship: &ShipView, pos: Pos, dir: u8) -> Option<(u32, u32)> {
        let observation = self.observation;
        match ship.size {
            Size::Small | Size::Large => {
                let at = observation.neighbour(pos.at, dir % 6)?;
                let pos = Pos { at, dir: 0 };
                Some((
                    self.nearest(goal, ship, pos),
                    self.path_nearest(goal, ship, pos),
                ))
            }
            Size::Medium => {
                let tail = observation.neighbour(pos.at, pos.dir)?;
                let (lead, dir) = if dir < 6 {
                    (pos.at, dir)
                } else {
                    (tail, dir - 6)
                };
                let next = observation.neighbour(lead, dir)?;
                Some((
                    self.distance_to(goal, next)
                        .min(self.distance_to(goal, lead)),
                    u32::from(path_to(goal, next).min(path_to(goal, lead))),
                ))
            }
        }
    }

    fn distance_to(&self, goal: Goal<'_>, hex: Hex) -> u32 {
        let near = goal
            .near
            .get(hex.index())
            .filter(|&&near| near != UNREACHABLE)
            .map_or(u32::MAX, |&near| u32::from(near));
        debug_assert_eq!(
            near,
            goal.hexes
                .iter()
                .map(|&target| self.observation.hex_distance(hex, target))
                .min()
                .unwrap_or(u32::MAX),
            "the search over the grid is the straight distance"
        );
        near
    }

    /// Where to place a ship: nearer the enemy is better.
    fn place_distance(&self, hex: Hex, dir: u8) -> u32 {
        let mut best = self.distance_to(self.fight, hex);
        if let Some(other) = self.observation.neighbour(hex, dir) {
            best = best.min(self.distance_to(self.fight, other));
        }
        best
    }

    /// Lower for weaker targets: pegs left to remove (shields and hull
    /// left), then a harder chart. A ship whose shields are down and whose
    /// chart has a critical star is no easier here; pegs decide.
    fn weakness_rank(&self, target: ShipId) -> i64 {
        let observation = self.observation;
        let Some(view) = observation.ship(target) else {
            return 0;
        };
        let hull = i64::from(observation.stat(Stat::Hull(target)));
        let pegs_left = i64::from(view.shields) + (hull - i64::from(view.hull_damage)).max(0);
        let misses = 1000 - i64::from(observation.hit_cells(view.card)).min(1000);
        pegs_left * 1000 + misses
    }
}

/// The activation cost of the observer's most valuable (dearest to
/// launch) ship card on the battlefield, not yet activated, of which a
/// ship has an enemy within its primary weapon's range; 0 when none has.
fn engaged_activation(observation: &Observation<'_>) -> i64 {
    let me = observation.player();
    let team = observation.team();
    let mut best: Option<(i32, i32)> = None;
    for card in observation.cards() {
        if card.controller != me || card.place != CardPlace::Launched || card.activated {
            continue;
        }
        let engaged = observation
            .ships()
            .filter(|ship| ship.card == card.id && ship.pos.is_some() && !ship.destroyed)
            .any(|ship| {
                let range =
                    u32::try_from(observation.stat(Stat::Range(ship.id, WeaponRef::Primary)))
                        .unwrap_or(0);
                observation.ships().any(|enemy| {
                    enemy.pos.is_some()
                        && !enemy.destroyed
                        && observation.team_of(enemy.controller) != team
                        && observation
                            .distance(ship.id, enemy.id)
                            .is_some_and(|distance| distance <= range)
                })
            });
        if engaged {
            let value = observation.stat(Stat::LaunchCost(card.id));
            let activation = observation.stat(Stat::ActivationCost(card.id));
            if best.is_none_or(|(top, _)| value > top) {
                best = Some((value, activation));
            }
        }
    }
    best.map_or(0, |(_, activation)| i64::from(activation))
}

/// Whether the observer's side could lose by destroy-all before the
/// observer's next turn: the mission is won so, the rule applies from the
/// next round on (or already does), and the pegs left on all of the
/// side's ships on the battlefield (shields and hull) are no more than the
/// enemy ships within reach of one of them (moves plus primary range)
/// could remove if every attack of their primary weapons hit.
///
/// Measured (2,000 greedy games a mission, 2026-11-30): 252 games of The
/// Battle for ISN Barrage ended at the start of round 3 with every ISN
/// ship destroyed (typically ISN Everest, launched alone in round 1,
/// which kept the energy for its activation in round 2 instead of
/// launching a second card); with this rule, 39, and the ISN side won 96%
/// instead of 86%. Dropping the activation reserve
/// whenever a side had a single ship card on the battlefield cut the
/// round-3 losses further but cost the ISN side of Dead Zone Battle (42)
/// games (18% won instead of 22%, 10,000 games): an Everest in no danger
/// stood idle.
fn exposed(observation: &Observation<'_>) -> bool {
    let Some(from) = observation.destroy_all_from() else {
        return false;
    };
    if observation.round() + 1 < from {
        return false;
    }
    let team = observation.team();
    let standing = |ship: &ShipView| ship.pos.is_some() && !ship.destroyed;
    let mut pegs = 0_i64;
    for ship in observation.ships() {
        if standing(&ship) && observation.team_of(ship.controller) == team {
            let hull = i64::from(observation.stat(Stat::Hull(ship.id)));
            pegs += i64::from(ship.shields) + (hull - i64::from(ship.hull_damage)).max(0);
        }
    }
    let mut threat = 0_i64;
    for enemy in observation.ships() {
        if !standing(&enemy) || observation.team_of(enemy.controller) == team {
            continue;
        }
        let reach = u32::try_from(
            observation.stat(Stat::Move(enemy.id))
                + observation.stat(Stat::Range(enemy.id, WeaponRef::Primary)),
        )
        .unwrap_or(0);
        let within_reach = observation.ships().any(|ship| {
            standing(&ship)
                && observation.team_of(ship.controller) == team
                && observation
                    .distance(ship.id, enemy.id)
                    .is_some_and(|distance| distance <= reach)
        });
        if within_reach {
            threat += i64::from(observation.stat(Stat::Attacks(enemy.id, WeaponRef::Primary)))
                * i64::from(observation.stat(Stat::Strength(enemy.id, WeaponRef::Primary)));
            if threat >= pegs {
                return true;
            }
        }
    }
    false
}

fn path_to(goal: Goal<'_>, hex: Hex) -> u16 {
    goal.paths.get(hex.index()).copied().unwrap_or(UNREACHABLE)
}

/// Calls `each` with every hex a ship of `size` covers at `pos`.
fn footprint(observation: &Observation<'_>, size: Size, pos: Pos, mut each: impl FnMut(Hex)) {
    each(pos.at);
    match size {
        Size::Small => {}
        Size::Medium => {
            if let Some(other) = observation.neighbour(pos.at, pos.dir) {
                each(other);
            }
        }
        Size::Large => {
            for dir in 0..6 {
                if let Some(hex) = observation.neighbour(pos.at, dir) {
                    each(hex);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng as _;
    use rand_chacha::ChaCha8Rng;

    use super::GreedyPolicy;
    use crate::action::{Action, Target};
    use crate::board::Pos;
    use crate::game::Game;
    use crate::ids::{Hex, PlayerId, ShipCardId, ShipId};
    use crate::policy::Policy;
    use crate::powers::Stat;
    use crate::question::{About, Answer};
    use crate::rules::testing::{self, card};
    use crate::state::{TurnPhase, WeaponRef};

    /// The high roller goes first where ships only fight (a duel, Meteor
    /// Storm's four seats) and in Pan Base's race of three seats, and lets
    /// the other player go first in a duel where a side has a
    /// victory-point goal.
    #[test]
    fn the_high_roller_goes_first_unless_a_duel_is_a_race_for_points() {
        let missions: [(&str, &[u8]); 4] = [
            ("dead-zone-battle", &[0, 1]),
            ("meteor-storm", &[0, 1, 2, 3]),
            ("the-battle-for-isn-barrage", &[1, 0]),
            ("the-struggle-at-pan-base", &[0, 1, 2]),
        ];
        for (mission, wanted) in missions {
            let mut rolled = vec![false; wanted.len()];
            for seed in 0..64 {
                let mut game = Game::new(testing::bundle(), mission, seed).unwrap();
                let mut policy = GreedyPolicy::default();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut legal = Vec::new();
                // Setup placements, if the mission has any, come first.
                loop {
                    game.legal_actions(&mut legal);
                    if matches!(legal[0], Action::ChooseFirstPlayer(_)) {
                        break;
                    }
                    let player = game.to_move();
                    let chosen = policy.choose(&game.observation(player), &legal, &mut rng);
                    game.apply(legal[chosen]).unwrap();
                }
                let chooser = game.to_move();
                let chosen = policy.choose(&game.observation(chooser), &legal, &mut rng);
                assert_eq!(
                    legal[chosen],
                    Action::ChooseFirstPlayer(PlayerId(wanted[chooser.index()])),
                    "{mission}, seed {seed}, chooser {chooser:?}"
                );
                rolled[chooser.index()] = true;
            }
            assert!(rolled.iter().all(|&won| won), "{mission}: {rolled:?}");
        }
    }

    /// A ship whose straight way to the enemy an asteroid wall blocks goes
    /// around it: it used to find no step that brought it nearer, end its
    /// activation where it stood, and pay for that turn after turn.
    #[test]
    fn a_ship_goes_around_an_asteroid_wall() {
        let mut game = Game::new(testing::bundle(), "the-struggle-at-pan-base", 1).unwrap();
        let rooks = card(&game, "rooks-f-54");
        let isn = game.card(rooks).controller;
        let enemy_card = game
            .cards()
            .find(|card| game.team(card.controller) != game.team(isn))
            .map(|card| card.id)
            .unwrap();
        let ship = game.card_ships(rooks).next().unwrap();
        let enemy = game.card_ships(enemy_card).next().unwrap();
        let hex = |column, row| game.hex_at([column, row]).unwrap();
        let wall: Vec<_> = (7..14).map(|column| hex(column, 6)).collect();
        // Not next to the wall: there it would recover survivors instead.
        let (start, target) = (hex(10, 8), hex(10, 2));
        game.edit()
            .move_obstacle(0, &wall)
            .set_turn(isn, TurnPhase::Action, 2)
            .set_energy(isn, 20)
            .place_ship(ship, Pos { at: start, dir: 0 })
            .place_ship(enemy, Pos { at: target, dir: 0 });
        game.apply(Action::Activate(rooks)).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(
            !legal
                .iter()
                .any(|action| matches!(action, Action::Charge { .. })),
            "out of range: {legal:?}"
        );
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let chosen = GreedyPolicy::default().choose(&game.observation(isn), &legal, &mut rng);
            assert!(
                matches!(legal[chosen], Action::Step { ship: moved, .. } if moved == ship),
                "seed {seed}: {:?} of {legal:?}",
                legal[chosen]
            );
        }
    }

    /// A Dead Zone Battle game in ISN's action phase of round 2, the F-51
    /// Blue Sparrows in a row at [10, 8], [11, 8] and [12, 8] and Chosh Ka
    /// at [11, `enemy_row`], the first Sparrow stepped onto the second's
    /// hex, where only steps are legal: the game, the Sparrows, Chosh Ka,
    /// the legal steps, and the first Sparrow's primary range.
    fn sparrow_on_a_friend(enemy_row: u32) -> (Game, Vec<ShipId>, ShipId, Vec<Action>, u32) {
        let mut game = Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap();
        let isn = PlayerId(0);
        let sparrows = card(&game, "f-51-blue-sparrows");
        let chosh = card(&game, "chosh-ka");
        let ships: Vec<ShipId> = game.card_ships(sparrows).collect();
        let enemy = game.card_ships(chosh).next().unwrap();
        let hex = |column, row| game.hex_at([column, row]).unwrap();
        let (first, second, third, target) =
            (hex(10, 8), hex(11, 8), hex(12, 8), hex(11, enemy_row));
        game.edit()
            .set_turn(isn, TurnPhase::Action, 2)
            .set_energy(isn, 10)
            .place_ship(ships[0], Pos { at: first, dir: 0 })
            .place_ship(ships[1], Pos { at: second, dir: 0 })
            .place_ship(ships[2], Pos { at: third, dir: 0 })
            .place_ship(enemy, Pos { at: target, dir: 0 });
        game.apply(Action::Activate(sparrows)).unwrap();
        let range = u32::try_from(game.stat(Stat::Range(ships[0], WeaponRef::Primary))).unwrap();
        let east = (0..6)
            .find(|&dir| game.data.board.neighbour(first, dir) == Some(second))
            .unwrap();
        game.apply(Action::Step {
            ship: ships[0],
            dir: east,
        })
        .unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(
            legal
                .iter()
                .all(|action| matches!(action, Action::Step { .. })),
            "on a friendly ship's hex only steps are legal: {legal:?}"
        );
        (game, ships, enemy, legal, range)
    }

    /// A ship mid-move on a friendly ship's hex, in range of an enemy,
    /// must step on: it takes a step that keeps it nearest the enemy (it
    /// used to take any, all scoring alike, and drift out of range).
    #[test]
    fn a_ship_that_may_not_stop_keeps_nearest() {
        let (game, ships, enemy, legal, _) = sparrow_on_a_friend(5);
        let isn = PlayerId(0);
        let after = |action: Action| {
            let mut next = game.clone();
            next.apply(action).unwrap();
            next.distance(ships[0], enemy).unwrap()
        };
        let nearest = legal.iter().map(|&action| after(action)).min().unwrap();
        assert!(nearest <= 3, "some step stays in range");
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let chosen = GreedyPolicy::default().choose(&game.observation(isn), &legal, &mut rng);
            assert_eq!(
                after(legal[chosen]),
                nearest,
                "seed {seed}: {:?}",
                legal[chosen]
            );
        }
    }

    /// A ship mid-move on a friendly ship's hex steps to a hex next to
    /// no enemy when one keeps it in range: the nearest step put it next
    /// to the enemy, where the ECM roll could destroy it, though no ship
    /// needs to be adjacent to attack.
    #[test]
    fn a_ship_that_may_not_stop_keeps_clear_of_enemies() {
        // Onto the second Sparrow, two spaces from the enemy's nearest hex.
        let (game, ships, enemy, legal, range) = sparrow_on_a_friend(6);
        let isn = PlayerId(0);
        let after = |action: Action| {
            let mut next = game.clone();
            next.apply(action).unwrap();
            next.distance(ships[0], enemy).unwrap()
        };
        let distances: Vec<u32> = legal.iter().map(|&action| after(action)).collect();
        assert!(distances.contains(&1), "a step leads next to the enemy");
        assert!(
            distances
                .iter()
                .any(|&spaces| spaces > 1 && spaces <= range),
            "a step keeps it in range and clear: {distances:?}"
        );
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let chosen = GreedyPolicy::default().choose(&game.observation(isn), &legal, &mut rng);
            let spaces = after(legal[chosen]);
            assert!(
                spaces > 1 && spaces <= range,
                "seed {seed}: {:?} ends {spaces} spaces away",
                legal[chosen]
            );
        }
    }

    /// A weapon whose hits only remove shield pegs (Vecton Field
    /// Detonator) is aimed at an enemy with shields up, not at the weakest
    /// enemy in range when that one has none left to remove.
    #[test]
    fn a_weapon_that_only_removes_shields_aims_at_shields_up() {
        let mut game = Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap();
        let fuvu = card(&game, "red-fuvu");
        let wretch = game.card(fuvu).controller;
        let detonator = tactic_named(&game, "vecton-field-detonator");
        let ship = game.card_ships(fuvu).next().unwrap();
        let bare = game
            .card_ships(card(&game, "f-51-blue-sparrows"))
            .next()
            .unwrap();
        let shielded = game.card_ships(card(&game, "isn-torrent")).next().unwrap();
        let hex = |column, row| game.hex_at([column, row]).unwrap();
        let (at, bare_at, shielded_at, far_at) = (hex(10, 8), hex(10, 6), hex(12, 8), hex(14, 11));
        set_up(
            &mut game,
            wretch,
            TurnPhase::Action,
            &[(ship, at), (bare, bare_at), (shielded, shielded_at)],
        );
        game.edit().attach(detonator, fuvu).set_pegs(bare, 0, 0);
        assert!(game.ship(shielded).shields > 0);
        let weapon = WeaponRef::Additional(detonator);
        game.apply(Action::Activate(fuvu)).unwrap();
        // With shields up only out of its range, it is not charged.
        let mut alone = game.clone();
        alone
            .edit()
            .place_ship(shielded, Pos { at: far_at, dir: 0 });
        let mut legal = Vec::new();
        alone.legal_actions(&mut legal);
        assert!(
            legal.contains(&Action::Charge { ship, weapon }),
            "{legal:?}"
        );
        for seed in 0..20 {
            assert_ne!(
                greedy_choice(&alone, wretch, &legal, seed),
                Action::Charge { ship, weapon },
                "seed {seed}"
            );
        }
        game.apply(Action::Charge { ship, weapon }).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        for target in [bare, shielded] {
            assert!(
                legal.contains(&Action::Attack { ship, target }),
                "{target:?} in range: {legal:?}"
            );
        }
        for seed in 0..20 {
            assert_eq!(
                greedy_choice(&game, wretch, &legal, seed),
                Action::Attack {
                    ship,
                    target: shielded
                },
                "seed {seed}"
            );
        }
    }

    /// At the hand limit, a card that can never be played (F-47 Hawk
    /// Patrol, "while your Blue Hawks are unlaunched", once they are
    /// launched) is discarded before a live one, dearer as that may be.
    #[test]
    fn a_forced_discard_throws_away_a_dead_card_first() {
        let mut game = Game::new(testing::bundle(), "the-struggle-at-pan-base", 1).unwrap();
        let hawks = card(&game, "f-47-blue-hawks");
        let isn = game.card(hawks).controller;
        let patrol = tactic_named(&game, "f-47-hawk-patrol");
        let warhead = tactic_named(&game, "lr5-nuclear-warhead");
        let hawk = game.card_ships(hawks).next().unwrap();
        game.edit().to_hand(isn, patrol).to_hand(isn, warhead);
        let legal = [
            Action::DiscardForEnergy(warhead),
            Action::DiscardForEnergy(patrol),
        ];
        assert!(game.stat(Stat::TacticCost(warhead)) > game.stat(Stat::TacticCost(patrol)));
        let observation = game.observation(isn);
        assert!(!observation.tactic_dead(patrol) && !observation.tactic_dead(warhead));
        let open = open_hexes(&game);
        set_up(
            &mut game,
            isn,
            TurnPhase::Action,
            &[(hawk, open[open.len() / 2])],
        );
        let observation = game.observation(isn);
        assert!(observation.tactic_dead(patrol) && !observation.tactic_dead(warhead));
        for seed in 0..20 {
            assert_eq!(
                greedy_choice(&game, isn, &legal, seed),
                Action::DiscardForEnergy(patrol),
                "seed {seed}"
            );
        }
    }

    /// A launch leaves the energy to activate a ship card already in a
    /// fight (an enemy within its range): with too little for both, the
    /// cheaper ship card is launched instead of the dearer one, which left
    /// the engaged card idle.
    #[test]
    fn a_launch_leaves_energy_to_activate_an_engaged_card() {
        let mut game = Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap();
        let isn = PlayerId(0);
        let torrent = card(&game, "isn-torrent");
        let barrage = card(&game, "isn-barrage");
        let sparrows = card(&game, "f-51-blue-sparrows");
        let ship = game.card_ships(torrent).next().unwrap();
        let enemy = game.card_ships(card(&game, "chosh-ka")).next().unwrap();
        let hex = |column, row| game.hex_at([column, row]).unwrap();
        let placed = [(ship, hex(10, 8)), (enemy, hex(10, 6))];
        set_up(&mut game, isn, TurnPhase::Deploy, &placed);
        let activation = game.stat(Stat::ActivationCost(torrent));
        let energy = game.stat(Stat::LaunchCost(barrage)) + activation - 1;
        game.edit().set_energy(isn, energy);
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(legal.contains(&Action::Launch(barrage)), "{legal:?}");
        assert!(legal.contains(&Action::Launch(sparrows)), "{legal:?}");
        assert!(game.stat(Stat::LaunchCost(sparrows)) + activation <= energy);
        for seed in 0..20 {
            assert_eq!(
                greedy_choice(&game, isn, &legal, seed),
                Action::Launch(sparrows),
                "seed {seed}"
            );
        }
    }

    /// In a mission won by destroying all, the side's only ship card in a
    /// fight, worn down so far that the enemy within reach could destroy
    /// it before the next turn, no longer keeps the energy for its
    /// activation over a launch: kept, the side lost at the start of round
    /// 3 with ship cards still behind the screen. Unharmed, it keeps it.
    #[test]
    fn a_launch_comes_first_when_the_side_could_be_destroyed() {
        let choice = |worn: bool| {
            let mut game = Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap();
            let everest = card(&game, "isn-everest");
            let isn = game.card(everest).controller;
            let ship = game.card_ships(everest).next().unwrap();
            let enemy = game.card_ships(card(&game, "vapors-fate")).next().unwrap();
            let hex = |column, row| game.hex_at([column, row]).unwrap();
            let placed = [(ship, hex(8, 9)), (enemy, hex(8, 7))];
            set_up(&mut game, isn, TurnPhase::Deploy, &placed);
            let activation = game.stat(Stat::ActivationCost(everest));
            let sparrows = card(&game, "f-51-blue-sparrows");
            let energy = game.stat(Stat::LaunchCost(sparrows)) + activation - 1;
            game.edit().set_energy(isn, energy);
            if worn {
                // Shields down, one hull peg left.
                let hull = game.stat(Stat::Hull(ship)) as u32;
                game.edit().set_pegs(ship, 0, hull - 1);
            }
            let observation = game.observation(isn);
            assert_eq!(observation.destroy_all_from(), Some(3));
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            assert!(legal.contains(&Action::Launch(sparrows)), "{legal:?}");
            // Every launch leaves too little for the Everest.
            for action in &legal {
                if let Action::Launch(other) = *action {
                    assert!(energy - game.stat(Stat::LaunchCost(other)) < activation);
                }
            }
            (0..10)
                .map(|seed| greedy_choice(&game, isn, &legal, seed))
                .collect::<Vec<_>>()
        };
        for action in choice(true) {
            assert!(matches!(action, Action::Launch(_)), "{action:?}");
        }
        for action in choice(false) {
            assert!(!matches!(action, Action::Launch(_)), "{action:?}");
        }
    }

    fn tactic_named(game: &Game, id: &str) -> crate::ids::TacticId {
        (0..game.tactic_count())
            .map(|index| crate::ids::TacticId(index as u16))
            .find(|&tactic| game.tactic(tactic).card == id)
            .expect("a tactic card of the mission")
    }

    fn greedy_choice(game: &Game, player: PlayerId, legal: &[Action], seed: u64) -> Action {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        legal[GreedyPolicy::default().choose(&game.observation(player), legal, &mut rng)]
    }

    /// The hexes a ship may stand on now: whole, without an obstacle or a
    /// ship.
    fn open_hexes(game: &Game) -> Vec<Hex> {
        (0..game.data.board.len())
            .map(|index| Hex(index as u16))
            .filter(|&hex| {
                game.data.board.usable(hex)
                    && !game.obstacles().any(|(_, hexes)| hexes.contains(&hex))
                    && !game
                        .ships()
                        .any(|ship| ship.pos.is_some_and(|pos| pos.at == hex))
            })
            .collect()
    }

    /// `player`'s turn in `phase` of round 2 (so no side has won by
    /// destroying all), with 20 energy, and `ships` placed facing
    /// direction 0.
    fn set_up(game: &mut Game, player: PlayerId, phase: TurnPhase, ships: &[(ShipId, Hex)]) {
        let mut edit = game.edit();
        edit.set_turn(player, phase, 2).set_energy(player, 20);
        for &(ship, at) in ships {
            edit.place_ship(ship, Pos { at, dir: 0 });
        }
    }

    /// An event that adds range as a ship card activates (Fate's Reach)
    /// is played first when the range decides whether the card can attack
    /// after its moves: it was ranked below every step and charge and
    /// never played. With the enemy in reach anyway, it stays in hand.
    #[test]
    fn an_event_adding_range_is_played_when_range_decides() {
        let reach_of = |enemy_at: fn(u32, u32) -> u32| {
            let mut game = Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap();
            let chosh = card(&game, "chosh-ka");
            let wretch = game.card(chosh).controller;
            let ship = game.card_ships(chosh).next().unwrap();
            let sparrows = card(&game, "f-51-blue-sparrows");
            let enemy = game.card_ships(sparrows).next().unwrap();
            let reach = tactic_named(&game, "fates-reach");
            let start = game.hex_at([2, 6]).unwrap();
            set_up(&mut game, wretch, TurnPhase::Action, &[(ship, start)]);
            game.edit().to_hand(wretch, reach);
            let observation = game.observation(wretch);
            assert_eq!(observation.play_range_bonus(reach), Some(3));
            let moves = observation.stat(Stat::Move(ship)) as u32;
            let range = observation.stat(Stat::Range(ship, WeaponRef::Primary)) as u32;
            // The first open hex at the wanted distance.
            let wanted = enemy_at(moves, range);
            let hex = open_hexes(&game)
                .into_iter()
                .find(|&hex| game.data.board.distance(start, hex) == wanted)
                .unwrap_or_else(|| {
                    panic!("no hex {wanted} spaces away ({moves} moves, range {range})")
                });
            game.edit().place_ship(enemy, Pos { at: hex, dir: 0 });
            game.apply(Action::Activate(chosh)).unwrap();
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            let play = Action::PlayCard {
                card: reach,
                target: Target::None,
            };
            assert!(legal.contains(&play), "{legal:?}");
            (0..10).all(|seed| greedy_choice(&game, wretch, &legal, seed) == play)
        };
        // Out of reach after its moves by 2 spaces (the footprint of a
        // medium ship may take one): 3 more range reaches.
        assert!(reach_of(|moves, range| moves + range + 2));
        // In reach with its moves alone.
        assert!(!reach_of(|moves, range| moves + range - 1));
        // Beyond even 3 more range.
        assert!(!reach_of(|moves, range| moves + range + 5));
    }

    /// Alert From ISN Torrent, offered after a Wretch ship's move, is
    /// played when the ISN ships are out of range of every enemy and
    /// declined when they are in range already (it was played either way,
    /// and the ships, in range, did not move).
    #[test]
    fn a_reaction_that_moves_ships_is_played_where_it_helps() {
        // The greedy answer, with the ISN ship at a distance from Chosh
        // Ka, before its one-space move, that `apart` takes (given the
        // ISN ship's range).
        let answer = |apart: fn(u32, u32) -> bool| {
            let mut game = Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap();
            let chosh = card(&game, "chosh-ka");
            let wretch = game.card(chosh).controller;
            let ship = game.card_ships(chosh).next().unwrap();
            let sparrows = card(&game, "f-51-blue-sparrows");
            let isn = game.card(sparrows).controller;
            let sparrow = game.card_ships(sparrows).next().unwrap();
            let alert = tactic_named(&game, "alert-from-isn-torrent");
            let start = game.hex_at([9, 6]).unwrap();
            set_up(&mut game, wretch, TurnPhase::Action, &[(ship, start)]);
            game.edit().to_hand(isn, alert).set_energy(isn, 10);
            let range = game
                .observation(isn)
                .stat(Stat::Range(sparrow, WeaponRef::Primary)) as u32;
            let hex = open_hexes(&game)
                .into_iter()
                .find(|&hex| {
                    game.edit().place_ship(sparrow, Pos { at: hex, dir: 0 });
                    game.observation(wretch)
                        .distance(ship, sparrow)
                        .is_some_and(|distance| apart(distance, range))
                })
                .expect("a hex at that distance");
            game.edit().place_ship(sparrow, Pos { at: hex, dir: 0 });
            game.apply(Action::Activate(chosh)).unwrap();
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            let step = *legal
                .iter()
                .find(|action| matches!(action, Action::Step { .. }))
                .unwrap();
            game.apply(step).unwrap();
            game.apply(Action::EndMove).unwrap();
            let observation = game.observation(isn);
            assert!(
                matches!(observation.question().map(|q| q.about), Some(About::Reaction { card }) if card == alert),
                "{:?}",
                observation.question()
            );
            game.legal_actions(&mut legal);
            greedy_choice(&game, isn, &legal, 0)
        };
        let play = Action::Answer(Answer::Play(Target::Card(card(
            &Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap(),
            "f-51-blue-sparrows",
        ))));
        // Out of range after the move (2 spaces more than the range
        // before it), within the card's 6 spaces.
        assert_eq!(answer(|distance, range| distance == range + 2), play);
        // In range after the move (1 space less than the range before it).
        assert_eq!(
            answer(|distance, range| distance + 1 == range),
            Action::Answer(Answer::No)
        );
    }

    /// A power that costs energy (the veteran ISN Everest's Damage Control:
    /// 3 energy for a hull peg) waits for energy to spare once this turn's
    /// activations are paid for. Used whenever offered, it left the
    /// Everest's side short of energy for its activations.
    #[test]
    fn a_power_that_costs_energy_waits_for_energy_to_spare() {
        let choice = |energy: i32| {
            let mut game = Game::new(testing::bundle(), "dead-zone-battle-42", 1).unwrap();
            let everest = card(&game, "isn-everest");
            let isn = game.card(everest).controller;
            // The Everest alone: its activation (4) is all the reserve.
            testing::destroy_cards(&mut game, &["isn-barrage", "isn-torrent"]);
            let ship = game.card_ships(everest).next().unwrap();
            let at = game.hex_at([8, 9]).unwrap();
            set_up(&mut game, isn, TurnPhase::Deploy, &[(ship, at)]);
            game.edit().set_pegs(ship, 5, 2).set_energy(isn, energy);
            // No card to play instead.
            for tactic in game.hand(isn).to_vec() {
                game.edit().to_discard(tactic);
            }
            let observation = game.observation(isn);
            assert_eq!(observation.stat(Stat::ActivationCost(everest)), 4);
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            assert!(
                legal
                    .iter()
                    .any(|action| matches!(action, Action::UsePower { .. })),
                "{legal:?}"
            );
            greedy_choice(&game, isn, &legal, 0)
        };
        let seven = choice(7);
        assert!(matches!(seven, Action::UsePower { .. }), "{seven:?}");
        assert_eq!(choice(6), Action::EndPhase);
    }

    /// A "you may pay" question is answered as a power used as an action:
    /// yes with energy to spare after this turn's activations, no without.
    /// (A mission rule of the test's own, asked at a turn's start where
    /// the reserve is plain to see.)
    #[test]
    fn a_question_to_pay_waits_for_energy_to_spare() {
        let mut bundle = (*testing::bundle()).clone();
        bundle
            .missions
            .iter_mut()
            .find(|mission| mission.id == "dead-zone-battle")
            .unwrap()
            .special_rules
            .push(
                serde_json::from_value(serde_json::json!({
                    "name": "Salvage",
                    "text": "At the start of each of your energy phases, you may pay 8 energy to draw a card.",
                    "when": "energy-phase-start",
                    "optional": true,
                    "cost": 8,
                    "do": [{ "kind": "draw", "count": 1 }],
                }))
                .unwrap(),
            );
        let bundle = std::sync::Arc::new(bundle);
        let answer = |energy: i32| {
            let mut game =
                Game::new(std::sync::Arc::clone(&bundle), "dead-zone-battle", 1).unwrap();
            let everest = card(&game, "isn-everest");
            let isn = game.card(everest).controller;
            let vapors = card(&game, "vapors-fate");
            let wretch = game.card(vapors).controller;
            // The Everest alone: its activation (4) is all the reserve.
            testing::destroy_cards(
                &mut game,
                &["isn-barrage", "isn-torrent", "f-51-blue-sparrows"],
            );
            let ship = game.card_ships(everest).next().unwrap();
            let enemy = game.card_ships(vapors).next().unwrap();
            let (at, far) = (game.hex_at([8, 9]).unwrap(), game.hex_at([8, 3]).unwrap());
            set_up(
                &mut game,
                wretch,
                TurnPhase::Action,
                &[(ship, at), (enemy, far)],
            );
            game.edit().set_energy(isn, energy);
            // The Wretch turn ends; the ISN energy phase gains 10, then asks.
            game.apply(Action::EndPhase).unwrap();
            let observation = game.observation(isn);
            assert!(
                matches!(
                    observation.question().map(|question| question.about),
                    Some(About::OptionalPower { .. })
                ),
                "{:?}",
                observation.question()
            );
            assert_eq!(observation.stat(Stat::ActivationCost(everest)), 4);
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            greedy_choice(&game, isn, &legal, 0)
        };
        // 20 - 8 leaves the 4 the Everest needs; 10 - 8 does not.
        assert_eq!(answer(10), Action::Answer(Answer::Yes));
        assert_eq!(answer(0), Action::Answer(Answer::No));
    }

    /// Pan Base: a solo ISN ship next to an asteroid recovers survivors
    /// (victory points) instead of moving; it used to rank the power below
    /// every step and never use it.
    #[test]
    fn a_power_that_scores_comes_before_moving() {
        let mut game = Game::new(testing::bundle(), "the-struggle-at-pan-base", 1).unwrap();
        let rooks = card(&game, "rooks-f-54");
        let isn = game.card(rooks).controller;
        let ship = game.card_ships(rooks).next().unwrap();
        let asteroid = game
            .obstacles()
            .find(|(kind, _)| *kind == spacedock_schema::rules::Obstacle::Asteroid)
            .map(|(_, hexes)| hexes[0])
            .unwrap();
        let next_to = (0..6)
            .filter_map(|dir| game.data.board.neighbour(asteroid, dir))
            .find(|&hex| {
                game.data.board.usable(hex)
                    && !game.obstacles().any(|(_, hexes)| hexes.contains(&hex))
                    && game
                        .ships()
                        .all(|other| other.pos.is_none_or(|pos| pos.at != hex))
            })
            .unwrap();
        set_up(&mut game, isn, TurnPhase::Action, &[(ship, next_to)]);
        game.apply(Action::Activate(rooks)).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(
            legal
                .iter()
                .any(|action| matches!(action, Action::Step { .. })),
            "it could move: {legal:?}"
        );
        for seed in 0..10 {
            let chosen = greedy_choice(&game, isn, &legal, seed);
            assert!(
                matches!(chosen, Action::UsePower { .. }),
                "seed {seed}: {chosen:?} of {legal:?}"
            );
        }
    }

    /// Battle for ISN Barrage: the greedy player sees what attaching a card
    /// scores. An ISN upgrade scores a victory point on any ship the Wretch
    /// player controls, the captured ISN Barrage included; a Wretch card
    /// scores nowhere. Only its own side learns it.
    #[test]
    fn attaching_scores_on_any_ship_of_the_wretch_player() {
        let mut game = Game::new(testing::bundle(), "the-battle-for-isn-barrage", 1).unwrap();
        let barrage = card(&game, "isn-barrage");
        let wretch = game.card(barrage).controller;
        // A Wretch solo ship card of the seat's fleet.
        let chosh = game
            .cards()
            .find(|view| {
                view.controller == wretch
                    && view.id != barrage
                    && game.data.card(view.id).icon == spacedock_schema::common::Icon::Solo
            })
            .map(|view| view.id)
            .unwrap();
        let thrusters = tactic_named(&game, "maneuvering-thrusters");
        let hex = |column, row| game.hex_at([column, row]).unwrap();
        let (chosh_ship, barrage_ship) = (
            game.card_ships(chosh).next().unwrap(),
            game.card_ships(barrage).next().unwrap(),
        );
        let (chosh_at, barrage_at) = (hex(4, 3), hex(10, 3));
        set_up(
            &mut game,
            wretch,
            TurnPhase::Deploy,
            &[(chosh_ship, chosh_at), (barrage_ship, barrage_at)],
        );
        game.edit().to_hand(wretch, thrusters);
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let on = |target: ShipCardId| Action::PlayCard {
            card: thrusters,
            target: Target::Card(target),
        };
        assert!(
            legal.contains(&on(chosh)) && legal.contains(&on(barrage)),
            "either ship may take it: {legal:?}"
        );
        let plaxma = tactic_named(&game, "lr5-plaxma-cannon");
        game.edit().to_hand(wretch, plaxma);
        let observation = game.observation(wretch);
        assert!(observation.attach_points(thrusters, chosh).unwrap() > 0.0);
        assert!(observation.attach_points(thrusters, barrage).unwrap() > 0.0);
        assert_eq!(observation.attach_points(plaxma, chosh), Some(0.0));
        // The other side's observer may not learn what the card in the
        // Wretch hand would score.
        let isn = game.players().find(|&player| player != wretch).unwrap();
        assert_eq!(game.observation(isn).attach_points(thrusters, chosh), None);
        for seed in 0..10 {
            let choice = greedy_choice(&game, wretch, &legal, seed);
            assert!(
                choice == on(chosh) || choice == on(barrage),
                "seed {seed}: {choice:?}"
            );
        }
    }

    fn seat(game: &Game, name: &str) -> PlayerId {
        game.players()
            .find(|&player| game.player_name(player) == name)
            .unwrap()
    }

    /// The base pack with a rule added to `mission`: each player with a
    /// ship in `zone` at a round's end scores 1 victory point.
    fn with_hold_rule(
        mission: &str,
        zone: &str,
    ) -> std::sync::Arc<spacedock_schema::bundle::Bundle> {
        let mut bundle = (*testing::bundle()).clone();
        bundle
            .missions
            .iter_mut()
            .find(|candidate| candidate.id == mission)
            .unwrap()
            .special_rules
            .push(
                serde_json::from_value(serde_json::json!({
                    "name": format!("Hold the {zone}"),
                    "text": format!("At the end of each round, each player with a ship in the {zone} zone scores 1 victory point."),
                    "when": "round-end",
                    "if": [{ "kind": "exists", "is": "friendly", "zone": zone }],
                    "do": [{ "kind": "score", "points": 1 }],
                }))
                .unwrap(),
            );
        std::sync::Arc::new(bundle)
    }

    /// Dead Zone Battle with a rule scoring each round for a ship of the
    /// player's in the north zone: the player's ship nearest the zone
    /// heads there and stays; with another of theirs already in it, the
    /// ship goes about its fight.
    #[test]
    fn one_ship_holds_a_zone_that_scores() {
        let bundle = with_hold_rule("dead-zone-battle", "north");
        for held in [false, true] {
            let mut game =
                Game::new(std::sync::Arc::clone(&bundle), "dead-zone-battle", 1).unwrap();
            let zone = game.data.board.zone("north").unwrap();
            let isn = seat(&game, "ISN player");
            let cards: Vec<ShipCardId> = game
                .cards()
                .filter(|view| view.controller == isn)
                .map(|view| view.id)
                .filter(|&card| game.data.card(card).size == spacedock_schema::common::Size::Medium)
                .collect();
            let [mover_card, other_card, ..] = cards[..] else {
                panic!("two medium ISN ship cards: {cards:?}");
            };
            let in_zone = |game: &Game, ship: ShipId| {
                let mut hexes = [Hex(0); 7];
                let len = game.placed_hexes(ship, &mut hexes);
                hexes[..len]
                    .iter()
                    .any(|&hex| game.data.board.in_zone_checked(zone, hex))
            };
            // Two rows south of the zone, in the middle.
            let last_row = (0..game.data.board.rows)
                .rev()
                .find(|&row| {
                    (0..game.data.board.columns).any(|column| {
                        game.hex_at([u32::from(column), u32::from(row)])
                            .is_some_and(|hex| game.data.board.in_zone_checked(zone, hex))
                    })
                })
                .unwrap();
            let mover = game.card_ships(mover_card).next().unwrap();
            let mut ships = vec![(mover, game.hex_at([9, u32::from(last_row) + 2]).unwrap())];
            if held {
                let holder = game.card_ships(other_card).next().unwrap();
                ships.push((holder, game.hex_at([3, u32::from(last_row)]).unwrap()));
            }
            set_up(&mut game, isn, TurnPhase::Action, &ships);
            assert_eq!(game.observation(isn).hold_zone(mover_card), Some(zone));
            assert!(!in_zone(&game, mover));
            game.apply(Action::Activate(mover_card)).unwrap();
            let mut legal = Vec::new();
            for seed in 0..40 {
                game.legal_actions(&mut legal);
                let chosen = greedy_choice(&game, isn, &legal, seed);
                game.apply(chosen).unwrap();
                if chosen == Action::EndActivation || game.to_move() != isn {
                    break;
                }
            }
            assert_eq!(in_zone(&game, mover), !held, "held before: {held}");
        }
    }

    /// The holder of a zone is the nearest ship by way of passable hexes:
    /// one walled off by asteroids, nearer as the crow flies, does not
    /// keep the role, and the ship being activated heads for the zone;
    /// without the wall the walled ship holds it and the other stays.
    #[test]
    fn a_ship_walled_off_from_the_zone_does_not_hold_it() {
        let bundle = with_hold_rule("blockade-run-at-entebe", "south");
        for walled in [false, true] {
            let mut game =
                Game::new(std::sync::Arc::clone(&bundle), "blockade-run-at-entebe", 1).unwrap();
            let isn = seat(&game, "ISN player");
            let cards: Vec<ShipCardId> = game
                .cards()
                .filter(|view| view.controller == isn)
                .map(|view| view.id)
                .collect();
            let [near_card, mover_card, ..] = cards[..] else {
                panic!("two ISN ship cards: {cards:?}");
            };
            let near = game.card_ships(near_card).next().unwrap();
            let mover = game.card_ships(mover_card).next().unwrap();
            let placed: Vec<ShipId> = game
                .ships()
                .filter(|ship| ship.pos.is_some())
                .map(|ship| ship.id)
                .collect();
            // The near ship's centre three rows short of the south zone
            // (rows 10 and 11); the mover's in the middle, four rows short.
            let (near_at, mover_at) = (game.hex_at([4, 7]).unwrap(), game.hex_at([8, 6]).unwrap());
            let mut edit = game.edit();
            for ship in placed {
                edit.remove_ship(ship);
            }
            edit.set_turn(isn, TurnPhase::Action, 2)
                .set_energy(isn, 20)
                .place_ship(
                    near,
                    Pos {
                        at: near_at,
                        dir: 0,
                    },
                )
                .place_ship(
                    mover,
                    Pos {
                        at: mover_at,
                        dir: 0,
                    },
                );
            if walled {
                // Every hex next to the near ship, as the asteroids' hexes.
                let mut covered = [Hex(0); 7];
                let len = game.placed_hexes(near, &mut covered);
                let board = &game.data.board;
                let ring: Vec<Hex> = (0..board.len())
                    .map(|index| Hex(index as u16))
                    .filter(|&hex| {
                        board.usable(hex)
                            && !covered[..len].contains(&hex)
                            && covered[..len]
                                .iter()
                                .any(|&own| board.distance(own, hex) == 1)
                    })
                    .collect();
                let mut edit = game.edit();
                for (obstacle, hexes) in ring.chunks(7).enumerate() {
                    edit.move_obstacle(obstacle, hexes);
                }
            }
            game.apply(Action::Activate(mover_card)).unwrap();
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            let chosen = greedy_choice(&game, isn, &legal, 0);
            assert_eq!(
                matches!(chosen, Action::Step { ship, .. } if ship == mover),
                walled,
                "walled: {walled}, chose {chosen:?} of {legal:?}"
            );
        }
    }

    /// Blockade Run: a Wretch ship whose escape would win the game runs
    /// for the zone and escapes; with fewer points it stays in the fight
    /// (escaping whenever it could lost more games).
    #[test]
    fn a_ship_escapes_when_that_wins() {
        for (points, escapes) in [(6, true), (0, false)] {
            let mut game = Game::new(testing::bundle(), "blockade-run-at-entebe", 1).unwrap();
            // A medium Wretch ship card of the seat's fleet.
            let wretch = PlayerId(1);
            let chosh = game
                .cards()
                .find(|view| {
                    view.controller == wretch
                        && game.data.card(view.id).size == spacedock_schema::common::Size::Medium
                })
                .map(|view| view.id)
                .unwrap();
            let team = game.team(wretch);
            let ship = game.card_ships(chosh).next().unwrap();
            let observation = game.observation(wretch);
            let (zone, worth) = observation.escape_zone(chosh).expect("Wretch ships escape");
            assert_eq!(worth, 2, "a medium ship");
            // Two rows south of the zone, in the middle, away from the ISN
            // ships at their start.
            let row = (0..game.data.board.rows)
                .rev()
                .find(|&row| {
                    (0..game.data.board.columns).any(|column| {
                        game.hex_at([u32::from(column), u32::from(row)])
                            .is_some_and(|hex| observation.in_zone(zone, hex))
                    })
                })
                .unwrap();
            let start = game.hex_at([9, u32::from(row) + 2]).unwrap();
            set_up(&mut game, wretch, TurnPhase::Action, &[(ship, start)]);
            game.edit().score_victory_points(team, points);
            let mut legal = Vec::new();
            game.apply(Action::Activate(chosh)).unwrap();
            for seed in 0..40 {
                if game.outcome().is_some() || game.to_move() != wretch {
                    break;
                }
                game.legal_actions(&mut legal);
                let chosen = greedy_choice(&game, wretch, &legal, seed);
                game.apply(chosen).unwrap();
                if chosen == Action::EndActivation {
                    break;
                }
            }
            let won = game
                .outcome()
                .is_some_and(|outcome| outcome.winner() == Some(team));
            assert_eq!(won, escapes, "{points} points before: {:?}", game.outcome());
        }
    }
}
