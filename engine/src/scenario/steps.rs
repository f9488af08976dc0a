//! A scenario's steps as the engine's actions. A step is one decision in
//! the words of the rulebook (launch a ship at a hex, move it along a path,
//! attack a target); it becomes the few [`Action`]s that make it (`Launch`
//! then one `Place` per ship, `Step`s then `EndMove`, `Charge` then
//! `Attack`), each applied through [`Game::apply`], which refuses anything
//! illegal. Die results the step forces go on the dice first; a step that
//! must be illegal is tried on a copy of the game, which is then dropped.

use spacedock_schema::common::{Size, TacticType};
use spacedock_schema::scenario::DamageKind;
use spacedock_schema::scenario::checked::{
    AnswerGiven, Placement, PlayTarget, PowerSource, ShipRef, Step, StepAction, Weapon,
};
use spacedock_schema::scenario::{AnswerWord, Die, Direction};

use crate::action::{Action, Target};
use crate::effects::program::Source;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId};
use crate::question::{About, Answer};
use crate::rules::damage::Damage;
use crate::scenario::arrange::{Arranged, Forced, position};
use crate::scenario::{Failure, render};
use crate::state::WeaponRef;

/// Entries of the legal list shown when a step is refused (a ship's
/// steps are one entry).
const SHOWN_LEGAL: usize = 12;

/// Why a step could not be played.
struct Refused {
    /// What was tried, and why it could not be, in words.
    tried: String,
    /// The legal actions at that moment.
    legal: Vec<String>,
    /// The key within the step that was refused (`/path/6`), empty for the
    /// step as a whole: a long path's failure points at its entry.
    within: String,
    /// Whether it was refused only because a question waits for its
    /// answer: it may be legal once the question is answered.
    waiting: bool,
}

impl Refused {
    fn new(game: &Game, tried: String) -> Refused {
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        Refused {
            tried,
            legal: render::actions(game, &legal),
            within: String::new(),
            waiting: false,
        }
    }

    /// The refusal of entry `index` (from 0) of the step's `path`, which
    /// goes `direction`: named by its place, since a path may go the same
    /// way many times.
    fn at_path_entry(mut self, index: usize, direction: Direction) -> Refused {
        self.tried = format!(
            "`path` entry {} (`{}`): {}",
            index + 1,
            direction.name(),
            self.tried
        );
        self.within = format!("/path/{index}");
        self
    }

    fn describe(&self) -> String {
        let shown: Vec<&str> = self
            .legal
            .iter()
            .take(SHOWN_LEGAL)
            .map(String::as_str)
            .collect();
        let more = self.legal.len().saturating_sub(SHOWN_LEGAL);
        if shown.is_empty() {
            format!("{}; nothing is legal now", self.tried)
        } else if more > 0 {
            format!(
                "{}; legal now: {}, and {more} more",
                self.tried,
                shown.join(", ")
            )
        } else {
            format!("{}; legal now: {}", self.tried, shown.join(", "))
        }
    }
}

fn kind_name(action: &StepAction) -> &'static str {
    match action {
        StepAction::ChooseFirst { .. } => "choose-first",
        StepAction::EndPhase => "end-phase",
        StepAction::EndTurn => "end-turn",
        StepAction::Discard { .. } => "discard",
        StepAction::Give { .. } => "give",
        StepAction::DrawExtra => "draw-extra",
        StepAction::Launch { .. } => "launch",
        StepAction::Activate { .. } => "activate",
        StepAction::Move { .. } => "move",
        StepAction::Warp { .. } => "warp",
        StepAction::Charge { .. } => "charge",
        StepAction::Attack { .. } => "attack",
        StepAction::EndWeapon => "end-weapon",
        StepAction::EndActivation => "end-activation",
        StepAction::Play { .. } => "play",
        StepAction::UsePower { .. } => "use-power",
        StepAction::Damage { .. } => "damage",
        StepAction::Answer { .. } => "answer",
    }
}

/// Plays step number `index` (from 0). `Ok` holds failures that leave the
/// game as the author meant (unused forced dice, an illegal step that was
/// legal); `Err` is a refused step, which ends the run.
pub(super) fn play(
    arranged: &mut Arranged,
    step: &Step,
    index: usize,
) -> Result<Vec<Failure>, Failure> {
    let what = format!("step {} (`{}`)", index + 1, kind_name(&step.action));
    if step.illegal {
        let mut trial = arranged.game.clone();
        trial.edit().force_dice(&step.dice);
        return Ok(match execute(&mut trial, &arranged.cards, &step.action) {
            // Refused only for the question: that proves nothing of the
            // step itself.
            Err(refused) if refused.waiting => vec![Failure {
                pointer: format!("{}{}", step.pointer, refused.within),
                what,
                expected: "the engine refuses the step".to_owned(),
                actual: format!(
                    "it was not tried: {}; a step marked `illegal` is judged with no question waiting",
                    refused.tried
                ),
            }],
            Err(_) => Vec::new(),
            Ok(()) => vec![Failure {
                pointer: format!("{}/illegal", step.pointer),
                what,
                expected: "the engine refuses the step".to_owned(),
                actual: "the step is legal".to_owned(),
            }],
        });
    }
    if arranged.game.question().is_some() {
        arranged.game.edit().force_dice_after_answer(&step.dice);
    } else {
        arranged.game.edit().force_dice(&step.dice);
        arranged.forced.clear();
    }
    if !step.dice.is_empty() {
        arranged.forced.push(Forced {
            pointer: format!("{}/dice", step.pointer),
            what: what.clone(),
            dice: step.dice.clone(),
            entries: step.dice_entries.clone(),
        });
    }
    let result = execute(&mut arranged.game, &arranged.cards, &step.action);
    // A step paused for a question keeps its forced dice for the answer.
    let (left, mismatch) = if arranged.game.question().is_some() {
        (0, None)
    } else {
        let left = arranged.game.forced_dice_left();
        let mismatch = arranged.game.forced_dice_mismatch();
        arranged.game.edit().force_dice(&[]);
        (left, mismatch)
    };
    match result {
        Err(refused) => Err(Failure {
            pointer: format!("{}{}", step.pointer, refused.within),
            what,
            expected: "a legal step".to_owned(),
            actual: refused.describe(),
        }),
        // The dice of a paused action's earlier steps count too: the
        // failure is the step whose dice were the first not rolled.
        Ok(()) => Ok(mismatch
            .map(|(index, rolled)| wrong_die(&arranged.forced, index, rolled))
            .into_iter()
            .chain((left > 0).then(|| unused_dice(&arranged.forced, left)))
            .collect()),
    }
}

/// The failure of forced dice left unrolled: `left` of those `forced`
/// (the last ones), named at the step that forced the first of them. A
/// coordinate pair (`"D4"`) is two dice, one number one.
fn unused_dice(forced: &[Forced], left: usize) -> Failure {
    let total: usize = forced.iter().map(|step| step.dice.len()).sum();
    let rolled = total - left;
    let (step, within) = forced_at(forced, rolled);
    let of_this = step.dice.len() - within;
    let later = left - of_this;
    Failure {
        pointer: step.pointer.clone(),
        what: format!("{}: its forced dice", step.what),
        expected: format!("all {total} forced dice rolled (a coordinate pair is 2 dice)"),
        actual: format!(
            "{rolled} rolled; {of_this} of this step's {} were not{}",
            step.dice.len(),
            if later > 0 {
                format!(", nor {later} forced by later steps")
            } else {
                String::new()
            }
        ),
    }
}

/// The step that forced the die result number `index` (from 0, among
/// those forced on the action), and the result's index within the step.
fn forced_at(forced: &[Forced], index: usize) -> (&Forced, usize) {
    let mut before = 0;
    for step in forced {
        if index < before + step.dice.len() {
            return (step, index - before);
        }
        before += step.dice.len();
    }
    unreachable!("the engine rolled only the results forced")
}

/// The failure of a forced result rolled on the other die (a number where
/// the letter die was rolled, as when a re-roll of the letter is given
/// `4` instead of `"D"`, or the reverse).
fn wrong_die(forced: &[Forced], index: usize, rolled: Die) -> Failure {
    let (step, within) = forced_at(forced, index);
    let given = step.dice[within];
    let (written, meant, hint) = match given.die {
        Die::Letter => (
            format!("\"{}\"", render::letter(given.face)),
            "the letter die",
            "write a number for it".to_owned(),
        ),
        Die::Number => (
            given.face.to_string(),
            "the number die",
            format!("write a letter (\"{}\") for it", render::letter(given.face)),
        ),
    };
    let came_up = match rolled {
        Die::Letter => "the letter die",
        Die::Number => "the number die",
    };
    Failure {
        pointer: format!("{}/{}", step.pointer, step.entries[within]),
        what: format!("{}: its forced dice", step.what),
        expected: format!("`{written}` rolled on {meant}"),
        actual: format!("it came up on {came_up}: {hint}"),
    }
}

/// Why the engine refuses `action`, for the commonest refusals of a
/// scenario's steps; `None` when the legal list has to say it.
fn why_not(game: &Game, action: Action) -> Option<String> {
    use crate::rules::{cards, energy, stats};
    use crate::state::{CardPlace, TurnPhase};
    let active = game.active_player();
    let energy_of = |player: PlayerId| game.energy(player);
    let name = |player: PlayerId| render::player(game, player);
    if game.outcome().is_some() {
        return Some("the game is over".to_owned());
    }
    match action {
        Action::Charge { ship, .. } | Action::Attack { ship, .. } => {
            let card = game.data.card_of(ship);
            match game.st.activation {
                None => Some(format!(
                    "no ship card is activated: activate {} first",
                    render::card_name(game, card)
                )),
                Some(act) if act.card != card => {
                    Some("only the activated card's ships attack".to_owned())
                }
                Some(act) if act.mover.is_some() => {
                    Some("a ship is moving: its move ends first".to_owned())
                }
                Some(_) => None,
            }
        }
        Action::Activate(card) => {
            let state = &game.st.cards[card.index()];
            Some(if game.phase() != TurnPhase::Action {
                "ship cards are activated in the action phase".to_owned()
            } else if state.controller != active {
                format!("it is not {}'s", name(active))
            } else if state.activated {
                "it was activated this turn already".to_owned()
            } else if state.place != CardPlace::Launched {
                "it is not launched".to_owned()
            } else if game.st.activation.is_some() {
                "another card's activation is under way: end it first".to_owned()
            } else {
                let cost = stats::stat(game, crate::powers::Stat::ActivationCost(card));
                if energy::can_pay(game, active, cost) {
                    return None;
                }
                format!(
                    "its activation costs {cost} and {} has {} energy",
                    name(active),
                    energy_of(active)
                )
            })
        }
        Action::PlayCard { card, target } => {
            let kind = game.data.kind_of(card);
            if !cards::phase_allows(game, kind.phase) {
                return Some(format!(
                    "it is played in the {} phase",
                    phase_name(kind.phase)
                ));
            }
            let cost = cards::cost_on(game, card, target);
            if !energy::can_pay(game, active, cost) {
                return Some(format!(
                    "it costs {cost} and {} has {} energy",
                    name(active),
                    energy_of(active)
                ));
            }
            let Target::Card(on) = target else {
                return None;
            };
            // Said only when replacing an attached card would be legal:
            // a full slot is then the one reason.
            let limit = cards::slots(game, on, kind.kind)?;
            let mut same_type = cards::attached_of_type(game, on, kind.kind);
            let full = limit > 0
                && same_type.clone().count() as u32 >= limit
                && same_type.any(|old| cards::may_attach(game, active, card, on, Some(old)));
            let (one, many) = match kind.kind {
                TacticType::Hero => ("hero", "heroes"),
                TacticType::ShipUpgrade => ("ship upgrade", "ship upgrades"),
                TacticType::AdditionalWeapon => ("additional weapon", "additional weapons"),
                TacticType::Sabotage | TacticType::Event => return None,
            };
            full.then(|| {
                format!(
                    "{} takes {limit} {}, attached already: name the one it replaces with `replace`",
                    render::card_name(game, on),
                    if limit == 1 { one } else { many }
                )
            })
        }
        Action::Launch(card) => why_not_launched(game, card),
        Action::Load(card) => why_not_loaded(game, card),
        Action::Place { hex, dir } => why_not_placed(game, crate::board::Pos { at: hex, dir }),
        Action::EndMove => {
            // Legal whenever the mover may stop: it stands on another ship.
            game.st.activation?.mover?;
            Some(
                "its move would end on a space another ship stands on: a move ends on empty spaces"
                    .to_owned(),
            )
        }
        Action::Step { ship, .. } => {
            if game.st.ships[ship.index()].destroyed {
                return Some("it was destroyed".to_owned());
            }
            let act = game.st.activation?;
            if game.data.card_of(ship) != act.card {
                return Some("only the activated card's ships move".to_owned());
            }
            if act.attacking {
                return Some("its card has attacked: ships move before they attack".to_owned());
            }
            if act.mover == Some(ship) && act.moves_left == 0 {
                return Some("it has no move left".to_owned());
            }
            if game.st.ships[ship.index()].moved && act.mover != Some(ship) {
                return Some(format!(
                    "it has made its move this activation: one move of up to {} spaces",
                    crate::rules::movement::move_of(game, ship)
                ));
            }
            Some("that way is no space it may enter: off the battlefield, a half hex, an asteroid, or ships it could not end its move past".to_owned())
        }
        _ => None,
    }
}

/// Why a ship card cannot be launched now, if it is one of the common
/// reasons (the phase, whose it is, where it is, its cost).
fn why_not_launched(game: &Game, card: ShipCardId) -> Option<String> {
    use crate::rules::{energy, stats};
    use crate::state::{CardPlace, TurnPhase};
    let active = game.active_player();
    let state = &game.st.cards[card.index()];
    Some(if game.phase() != TurnPhase::Deploy {
        "ship cards are launched in the deploy phase".to_owned()
    } else if state.controller != active {
        format!("it is not {}'s", render::player(game, active))
    } else {
        match state.place {
            CardPlace::Launched => "it is launched already".to_owned(),
            CardPlace::OutOfPlay => "it is out of play".to_owned(),
            CardPlace::Hold(carrier)
                if game.st.cards[carrier.index()].place != CardPlace::Launched =>
            {
                format!(
                    "it is in the hold of {}, which is not launched",
                    render::card_name(game, carrier)
                )
            }
            CardPlace::Hold(carrier)
                if game.st.cards[carrier.index()].launched_turn >= game.st.turn
                    && !crate::powers::quick_launch(game, carrier) =>
            {
                format!(
                    "it is in the hold of {}, launched this turn: ships in a hold launch on a later turn",
                    render::card_name(game, carrier)
                )
            }
            CardPlace::Hold(_) | CardPlace::Screen => {
                let cost = stats::stat(game, crate::powers::Stat::LaunchCost(card));
                if energy::can_pay(game, active, cost) {
                    // Then there is no room for it: the legal list says.
                    return None;
                }
                format!(
                    "its launch costs {cost} and {} has {} energy",
                    render::player(game, active),
                    game.energy(active)
                )
            }
        }
    })
}

/// Why a ship card cannot go into the hold being loaded, if it is one of
/// the common reasons.
fn why_not_loaded(game: &Game, card: ShipCardId) -> Option<String> {
    use crate::rules::deploy;
    use crate::state::{CardPlace, Stage};
    // A hold closes once no card fits in it: without one open, a carrier
    // launched this turn is the one the card was meant for.
    let (player, carrier, open) = if let Stage::Loading { player, carrier } = game.st.stage {
        (player, carrier, true)
    } else {
        let active = game.active_player();
        let carriers: Vec<ShipCardId> = (0..game.st.cards.len() as u16)
            .map(ShipCardId)
            .filter(|&other| {
                let state = &game.st.cards[other.index()];
                state.controller == active
                    && state.place == CardPlace::Launched
                    && state.launched_turn == game.st.turn
                    && crate::rules::stats::stat(game, crate::powers::Stat::Capacity(other)) > 0
            })
            .collect();
        // With two, which was meant cannot be told.
        let [carrier] = carriers.as_slice() else {
            return Some(
                "no transport hold is being loaded: a hold is loaded as its carrier launches"
                    .to_owned(),
            );
        };
        let carrier = *carrier;
        (active, carrier, false)
    };
    let state = &game.st.cards[card.index()];
    let carrier_name = render::card_name(game, carrier);
    Some(if card == carrier {
        "a ship card does not carry itself".to_owned()
    } else if state.controller != player {
        format!("it is not {}'s", render::player(game, player))
    } else if let CardPlace::Hold(other) = state.place {
        format!(
            "it is in the hold of {} already",
            render::card_name(game, other)
        )
    } else if state.place != CardPlace::Screen {
        "only a ship card behind the screen is loaded".to_owned()
    } else if game.data.card(card).size >= game.data.card(carrier).size {
        format!("{carrier_name} carries only ships smaller than its own")
    } else {
        let room = deploy::hold_room(game, carrier);
        let needs = game.data.spaces(card);
        if needs <= room {
            return (!open).then(|| format!("the loading of {carrier_name}'s hold is over"));
        }
        format!(
            "the hold of {carrier_name} has {} left, and it takes {}",
            crate::count_of(room, "space"),
            crate::count_of(needs, "space")
        )
    })
}

/// Why a ship cannot be placed at `pos`, if a hex of it is taken or not
/// there; where the zone and the other ships allow it, the legal list
/// says.
fn why_not_placed(game: &Game, pos: crate::board::Pos) -> Option<String> {
    use crate::state::Stage;
    let Stage::Placing { card, kind, .. } = game.st.stage else {
        return Some("no ship is being placed".to_owned());
    };
    let size = match kind {
        crate::state::PlaceKind::Warp { ship, .. } => game.data.size_of(ship),
        _ => game.data.card(card).size,
    };
    let mut hexes = [crate::ids::Hex(0); 7];
    let Some(len) = game.data.board.footprint(size, pos, &mut hexes) else {
        return Some("it does not fit there: a half hex or the edge is in the way".to_owned());
    };
    hexes[..len].iter().find_map(|&hex| {
        let at = render::coordinate(game.coord(hex));
        let occupant = game.st.occupant[hex.index()];
        if occupant != 0 {
            let ship = crate::ids::ShipId(occupant - 1);
            Some(format!(
                "{at} is taken by {}",
                render::card_name(game, game.data.card_of(ship))
            ))
        } else if crate::rules::obstacles::is_asteroid(game, hex) {
            Some(format!("{at} is an asteroid"))
        } else {
            None
        }
    })
}

fn phase_name(phase: spacedock_schema::common::Phase) -> &'static str {
    use spacedock_schema::common::Phase;
    match phase {
        Phase::Any => "any",
        Phase::Energy => "energy",
        Phase::Deploy => "deploy",
        Phase::Action => "action",
    }
}

fn apply(game: &mut Game, action: Action) -> Result<(), Refused> {
    apply_shown(game, action, None)
}

/// [`apply`], the action named `shown` if it is refused (a step's own name
/// for the action it takes first; the action in words otherwise, made only
/// then).
fn apply_shown(game: &mut Game, action: Action, shown: Option<&str>) -> Result<(), Refused> {
    let named = |game: &Game| shown.map_or_else(|| render::action(game, action), str::to_owned);
    if let Some(question) = game.question()
        && !matches!(action, Action::Answer(_))
    {
        let tried = format!(
            "`{}` must wait: {}; answer it first with an `answer` step",
            named(game),
            render::question(game, question)
        );
        return Err(Refused {
            waiting: true,
            ..Refused::new(game, tried)
        });
    }
    game.apply(action).map_err(|_| {
        let mut tried = format!("`{}` is not legal now", named(game));
        if let Some(why) = why_not(game, action) {
            tried = format!("{tried} ({why})");
        }
        Refused::new(game, tried)
    })?;
    if game.runaway() {
        let tried = runaway(&format!("`{}`", render::action(game, action)));
        return Err(Refused::new(game, tried));
    }
    Ok(())
}

/// Why a step that set off a runaway chain of powers fails.
fn runaway(step: &str) -> String {
    format!(
        "{step} set off powers answering each other more than {} deep, and the game stopped: a power answers its own effects without end",
        crate::game::MAX_CHAIN
    )
}

fn ship_of(game: &Game, cards: &[ShipCardId], ship: ShipRef) -> ShipId {
    game.card_ships(cards[ship.card])
        .nth(ship.ship)
        .expect("the validator checked the squadron index")
}

/// The first copy of `card` in `player`'s hand: the one the legal actions name.
fn in_hand(game: &Game, player: PlayerId, card: &str) -> Result<TacticId, Refused> {
    game.hand(player)
        .iter()
        .copied()
        .find(|&held| game.tactic(held).card == card)
        .ok_or_else(|| {
            let hand: Vec<String> = game
                .hand(player)
                .iter()
                .map(|&held| render::tactic(game, held))
                .collect();
            Refused::new(
                game,
                format!(
                    "`{card}` is not in the hand of `{}` (it holds: {})",
                    game.player_name(player),
                    if hand.is_empty() {
                        "nothing".to_owned()
                    } else {
                        hand.join(", ")
                    }
                ),
            )
        })
}

/// The attached tactic card of this id on a ship card.
fn attached(game: &Game, card: ShipCardId, tactic: &str) -> Result<TacticId, Refused> {
    game.card(card)
        .attached
        .iter()
        .copied()
        .find(|&held| game.tactic(held).card == tactic)
        .ok_or_else(|| {
            Refused::new(
                game,
                format!(
                    "`{tactic}` is not attached to `{}`",
                    render::card_name(game, card)
                ),
            )
        })
}

fn weapon_ref(game: &Game, ship: ShipId, weapon: &Weapon) -> Result<WeaponRef, Refused> {
    let card = game.ship(ship).card;
    Ok(match weapon {
        Weapon::Primary => WeaponRef::Primary,
        Weapon::Secondary(index) => WeaponRef::Secondary(*index),
        Weapon::Additional(tactic) => {
            let first = attached(game, card, tactic)?;
            // Two copies of one weapon card are two weapons, each charged
            // once: the name stands for the first the ship has not charged
            // yet, as a trace's second `charge` of it does.
            let uncharged = game
                .card(card)
                .attached
                .iter()
                .filter(|&&held| game.tactic(held).card == tactic)
                .map(|&held| WeaponRef::Additional(held))
                .find(|&weapon| !crate::rules::attack::charged(game, ship, weapon));
            uncharged.unwrap_or(WeaponRef::Additional(first))
        }
        Weapon::Extra(name) => {
            let mut extras = Vec::new();
            crate::powers::extra_weapons(game, ship, &mut extras);
            extras
                .into_iter()
                .map(WeaponRef::Extra)
                .find(|&extra| render::weapon(game, extra) == *name)
                .ok_or_else(|| {
                    Refused::new(
                        game,
                        format!(
                            "`{}` has no weapon `{name}` now (no power gives it one)",
                            render::card_name(game, card)
                        ),
                    )
                })?
        }
    })
}

/// The `Place` decision for a placement: a medium ship's `dir` is 0..3, so
/// a ship whose other end lies west of its front is placed from that end.
fn place_action(game: &Game, size: Size, placement: Placement) -> Result<Action, Refused> {
    let pos = position(game, size, placement).ok_or_else(|| {
        Refused::new(
            game,
            format!(
                "{} is not a place on the battlefield",
                render::coordinate(placement.at)
            ),
        )
    })?;
    let (hex, dir) = if pos.dir >= 3 {
        let other = game
            .data
            .board
            .neighbour(pos.at, pos.dir)
            .expect("position() checked both ends");
        (other, pos.dir - 3)
    } else {
        (pos.at, pos.dir)
    };
    Ok(Action::Place { hex, dir })
}

/// The offset of a medium ship's first step: 0 to lead with the end at
/// its position, 6 to lead with the other. Without `lead` the end that
/// moves away from the other leads (the front, for a sideways move).
fn lead_offset(
    game: &Game,
    ship: ShipId,
    lead: Option<[u32; 2]>,
    first: u8,
) -> Result<u8, Refused> {
    if game.ship(ship).size != Size::Medium {
        return match lead {
            Some(_) => Err(Refused::new(
                game,
                format!(
                    "`lead` is given, and `{}` is not a medium ship: only a medium ship has an end that leads (drop `lead`)",
                    render::ship(game, ship)
                ),
            )),
            None => Ok(0),
        };
    }
    let Some(pos) = game.ship(ship).pos else {
        return Err(Refused::new(
            game,
            format!("`{}` is not on the battlefield", render::ship(game, ship)),
        ));
    };
    let board = &game.data.board;
    let front = pos.at;
    let back: Option<Hex> = board.neighbour(front, pos.dir);
    match lead {
        Some(coord) => {
            let hex = game.hex_at(coord);
            if hex == Some(front) {
                Ok(0)
            } else if hex.is_some() && hex == back {
                Ok(6)
            } else {
                Err(Refused::new(
                    game,
                    format!(
                        "`lead` {} is not an end of `{}`",
                        render::coordinate(coord),
                        render::ship(game, ship)
                    ),
                ))
            }
        }
        None if board.neighbour(front, first) == back => Ok(6),
        None => Ok(0),
    }
}

/// The legal `UsePower` of a ship card's power, or of an attached card's.
fn power_action(
    game: &Game,
    cards: &[ShipCardId],
    source: &PowerSource,
    named: Option<&(usize, String)>,
) -> Result<Action, Refused> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let found = legal.into_iter().find(|&action| {
        let Action::UsePower {
            power,
            source: instance,
        } = action
        else {
            return false;
        };
        let compiled = &game.data.powers.powers[usize::from(power)];
        if named.is_some_and(|(place, _)| *place != usize::from(compiled.place)) {
            return false;
        }
        match (&compiled.source, source) {
            (Source::Ship(card), PowerSource::Ship(index)) => card == &cards[*index],
            (Source::Card(_), PowerSource::Card(id)) => {
                usize::from(instance) < game.tactic_count()
                    && game.tactic(TacticId(instance)).card == id
            }
            (Source::Rule(_), PowerSource::Rule) => true,
            _ => false,
        }
    });
    found.ok_or_else(|| {
        let whose = match source {
            PowerSource::Ship(index) => format!("`{}`", render::card_name(game, cards[*index])),
            PowerSource::Card(id) => format!("`{id}`"),
            PowerSource::Rule => "the mission's special rules".to_owned(),
        };
        let tried = match named.map(|(_, name)| name) {
            Some(name) => format!("`{name}` of {whose} cannot be used now"),
            None => format!("no power of {whose} can be used now"),
        };
        Refused::new(game, tried)
    })
}

fn damage_kind(kind: DamageKind) -> Damage {
    match kind {
        DamageKind::Attack => Damage::Attack,
        DamageKind::Direct => Damage::Direct,
        DamageKind::Shield => Damage::Shield,
        DamageKind::Hull => Damage::Hull,
    }
}

/// The actions of a step, applied one by one.
fn execute(game: &mut Game, cards: &[ShipCardId], action: &StepAction) -> Result<(), Refused> {
    match action {
        StepAction::ChooseFirst { player } => {
            apply(game, Action::ChooseFirstPlayer(PlayerId(*player as u8)))
        }
        StepAction::EndPhase => apply(game, Action::EndPhase),
        StepAction::EndTurn => {
            // A turn ends with the activation under way, if any; a
            // question its end asks stops the step, as any question does.
            for finish in [Action::EndMove, Action::EndActivation] {
                let mut legal = Vec::new();
                game.legal_actions(&mut legal);
                if legal.contains(&finish) {
                    apply(game, finish)?;
                    if game.question().is_some() || game.outcome().is_some() {
                        return Ok(());
                    }
                }
            }
            let active = game.active_player();
            // Three phases at most: energy, deploy, action.
            for _ in 0..3 {
                apply_shown(game, Action::EndPhase, Some("end-turn"))?;
                if game.outcome().is_some()
                    || game.active_player() != active
                    || game.question().is_some()
                {
                    break;
                }
            }
            Ok(())
        }
        StepAction::Discard { player, card } => {
            let player = player.map_or_else(|| game.to_move(), |seat| PlayerId(seat as u8));
            let tactic = in_hand(game, player, card)?;
            apply(game, Action::DiscardForEnergy(tactic))
        }
        StepAction::Give { card, to } => {
            let tactic = in_hand(game, game.to_move(), card)?;
            apply(
                game,
                Action::GiveCard {
                    card: tactic,
                    to: PlayerId(*to as u8),
                },
            )
        }
        StepAction::DrawExtra => apply(game, Action::DrawExtra),
        StepAction::Launch {
            card,
            placements,
            load,
        } => {
            let id = cards[*card];
            apply(game, Action::Launch(id))?;
            let size = game.card(id).size;
            for placement in placements {
                let place = place_action(game, size, *placement)?;
                apply(game, place)?;
            }
            for held in load {
                apply(game, Action::Load(cards[*held]))?;
            }
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            if legal.contains(&Action::EndLoad) {
                apply(game, Action::EndLoad)?;
            }
            Ok(())
        }
        StepAction::Activate { card } => apply(game, Action::Activate(cards[*card])),
        StepAction::Move { ship, path, lead } => {
            let id = ship_of(game, cards, *ship);
            let Some(first) = path.first() else {
                return Ok(());
            };
            let offset = lead_offset(game, id, *lead, first.index())?;
            for (index, &direction) in path.iter().enumerate() {
                let dir = direction.index() + if index == 0 { offset } else { 0 };
                apply(game, Action::Step { ship: id, dir })
                    .map_err(|refused| refused.at_path_entry(index, direction))?;
            }
            // A move that used every space has ended by itself.
            if game.question().is_none() && game.st.activation.and_then(|act| act.mover) == Some(id)
            {
                apply(game, Action::EndMove)?;
            }
            Ok(())
        }
        StepAction::Warp { ship, at } => {
            let id = ship_of(game, cards, *ship);
            apply(game, Action::Warp(id))?;
            let place = place_action(game, game.ship(id).size, *at)?;
            apply(game, place)
        }
        StepAction::Charge { ship, weapon } => {
            let id = ship_of(game, cards, *ship);
            let weapon = weapon_ref(game, id, weapon)?;
            apply(game, Action::Charge { ship: id, weapon })
        }
        StepAction::Attack {
            ship,
            target,
            weapon,
        } => {
            let id = ship_of(game, cards, *ship);
            if let Some(weapon) = weapon {
                let weapon = weapon_ref(game, id, weapon)?;
                apply(game, Action::Charge { ship: id, weapon })?;
            }
            let target = ship_of(game, cards, *target);
            apply(game, Action::Attack { ship: id, target })
        }
        StepAction::EndWeapon => apply(game, Action::EndWeapon),
        StepAction::EndActivation => apply(game, Action::EndActivation),
        StepAction::Play { card, target } => {
            let tactic = in_hand(game, game.to_move(), card)?;
            let target = match target {
                PlayTarget::None => Target::None,
                PlayTarget::Card(on) => Target::Card(cards[*on]),
                PlayTarget::Replace { card: on, old } => {
                    Target::Replace(attached(game, cards[*on], old)?)
                }
            };
            apply(
                game,
                Action::PlayCard {
                    card: tactic,
                    target,
                },
            )
        }
        StepAction::UsePower { source, power } => {
            let action = power_action(game, cards, source, power.as_ref())?;
            apply(game, action)
        }
        StepAction::Answer { player, answer } => answer_step(game, cards, *player, answer),
        StepAction::Damage {
            ship,
            amount,
            damage,
            damage_type,
        } => {
            // The answer resolves the paused action again from the state
            // before it: an edit made now would be lost.
            if let Some(question) = game.question() {
                let tried = format!(
                    "`damage` must wait: {}; answer it first with an `answer` step",
                    render::question(game, question)
                );
                return Err(Refused::new(game, tried));
            }
            let id = ship_of(game, cards, *ship);
            if let Some(place) = off_the_battlefield(game, id) {
                let tried = format!(
                    "`{}` is not on the battlefield ({place}): a damage step needs a ship there",
                    render::ship(game, id)
                );
                return Err(Refused::new(game, tried));
            }
            game.edit().deal_damage(
                id,
                *amount as i32,
                damage_kind(*damage),
                damage_type.as_deref(),
            );
            if game.runaway() {
                return Err(Refused::new(game, runaway("`damage`")));
            }
            Ok(())
        }
    }
}

/// Where a ship is when it is not on the battlefield, in words; `None`
/// when it is there (damage reaches only a ship there).
fn off_the_battlefield(game: &Game, ship: ShipId) -> Option<String> {
    use crate::state::CardPlace;
    let view = game.ship(ship);
    if view.destroyed {
        return Some("it was destroyed".to_owned());
    }
    if view.pos.is_some() {
        return None;
    }
    Some(match game.st.cards[view.card.index()].place {
        CardPlace::Screen => "it is behind its player's screen".to_owned(),
        CardPlace::Hold(carrier) => format!(
            "it is in the hold of `{}`",
            render::card_name(game, carrier)
        ),
        CardPlace::OutOfPlay => "its card is out of play".to_owned(),
        CardPlace::Launched => "it stands nowhere".to_owned(),
    })
}

/// Whether two questions are about moving the same ship or obstacle.
fn same_mover(now: About, asked: About) -> bool {
    match (now, asked) {
        (About::MoveShip { ship, .. }, About::MoveShip { ship: asked, .. }) => ship == asked,
        (
            About::MoveObstacle { obstacle, .. },
            About::MoveObstacle {
                obstacle: asked, ..
            },
        ) => obstacle == asked,
        _ => false,
    }
}

/// An `answer` step: the answers it gives to the question pending.
fn answer_step(
    game: &mut Game,
    cards: &[ShipCardId],
    player: Option<usize>,
    given: &AnswerGiven,
) -> Result<(), Refused> {
    let Some(question) = game.question().cloned() else {
        return Err(Refused::new(game, "nothing is asked now".to_owned()));
    };
    if let Some(player) = player
        && PlayerId(player as u8) != question.player
    {
        let tried = format!(
            "`{}` is not asked: {}",
            game.player_name(PlayerId(player as u8)),
            render::question(game, &question)
        );
        return Err(Refused::new(game, tried));
    }
    match given {
        AnswerGiven::Word(word) => {
            let answer = match word {
                AnswerWord::Yes => Answer::Yes,
                AnswerWord::No => Answer::No,
                AnswerWord::Stop => Answer::Stop,
                AnswerWord::Play => Answer::Play(Target::None),
            };
            apply(game, Action::Answer(answer))
        }
        AnswerGiven::Option(index) => apply(
            game,
            Action::Answer(Answer::Option(u8::try_from(*index).unwrap_or(u8::MAX))),
        ),
        AnswerGiven::Path(path, lead) => {
            let ship = match question.about {
                About::MoveShip { ship, .. } => Some(ship),
                _ => None,
            };
            let offset = match (ship, path.first()) {
                (Some(ship), Some(first)) => lead_offset(game, ship, *lead, first.index())?,
                (None, _) if lead.is_some() => {
                    let tried = "`lead` is given, and an obstacle is moved: only a medium ship has an end that leads (drop `lead`)".to_owned();
                    return Err(Refused::new(game, tried));
                }
                _ => 0,
            };
            for (index, &direction) in path.iter().enumerate() {
                let dir = direction.index() + if index == 0 { offset } else { 0 };
                apply(game, Action::Answer(Answer::Step(dir)))
                    .map_err(|refused| refused.at_path_entry(index, direction))?;
            }
            // Whatever is left of the move is not used; the next ship or
            // obstacle asked about has its own `answer` step.
            if game.question().is_some_and(|now| {
                same_mover(now.about, question.about) && now.options.contains(&Answer::Stop)
            }) {
                apply(game, Action::Answer(Answer::Stop))?;
            }
            Ok(())
        }
        AnswerGiven::Places(places) => {
            if question.about == About::PickObstacle {
                if places.iter().any(|place| place.facing.is_some()) {
                    let tried = "`facing` is given, and an obstacle is picked: only a medium ship has a facing (drop `facing`)".to_owned();
                    return Err(Refused::new(game, tried));
                }
                let at = places.first().map(|place| place.at).unwrap_or_default();
                let hex = game.hex_at(at);
                let obstacle = game
                    .obstacles()
                    .position(|(_, hexes)| hex.is_some_and(|hex| hexes.contains(&hex)));
                let Some(obstacle) = obstacle else {
                    let tried = format!("no obstacle covers {}", render::coordinate(at));
                    return Err(Refused::new(game, tried));
                };
                return apply(
                    game,
                    Action::Answer(Answer::Obstacle(u8::try_from(obstacle).unwrap_or(u8::MAX))),
                );
            }
            let (card, size) = match question.about {
                About::Launch { card } => (Some(card), game.card(card).size),
                _ => (None, Size::Small),
            };
            // As the checker says of a `launch` step's placements.
            if let Some(card) = card {
                let name = render::card_name(game, card);
                let tried = if size == Size::Medium {
                    places.iter().any(|place| place.facing.is_none()).then(|| {
                        format!(
                            "`{name}` is a medium ship: it covers two hexes, so give its `facing` too"
                        )
                    })
                } else {
                    places.iter().any(|place| place.facing.is_some()).then(|| {
                        format!(
                            "`facing` is given, and `{name}` is not a medium ship: only a medium ship has a facing (drop `facing`)"
                        )
                    })
                };
                if let Some(tried) = tried {
                    return Err(Refused::new(game, tried));
                }
            }
            for place in places {
                let Action::Place { hex, dir } = place_action(game, size, *place)? else {
                    continue;
                };
                apply(game, Action::Answer(Answer::Place { hex, dir }))?;
            }
            Ok(())
        }
        AnswerGiven::Card(id) => {
            let card = question.options.iter().find_map(|option| match *option {
                Answer::Card(card) if game.tactic(card).card == id => Some(card),
                _ => None,
            });
            let Some(card) = card else {
                let tried = format!("`{id}` is not one of the cards offered");
                return Err(Refused::new(game, tried));
            };
            apply(game, Action::Answer(Answer::Card(card)))
        }
        AnswerGiven::Ship(ship) => {
            let answer = match question.about {
                About::Reaction { .. } => Answer::Play(Target::Card(cards[ship.card])),
                _ => Answer::Ship(ship_of(game, cards, *ship)),
            };
            apply(game, Action::Answer(answer))
        }
    }
}
