//! Tactic cards: decks, draws and the hand limit, discarding for energy,
//! passing cards to teammates, and playing cards (events, heroes, ship
//! upgrades, additional weapons, sabotage, replacing an attached card).
//!
//! A deck that runs out is reshuffled from its discard pile
//! `deck_reshuffles` times; the next time it runs out it is out for good,
//! which may start the victory clock. A draw that would pass the hand limit
//! waits for a forced discard (for energy, like any discard).
//!
//! Copies of one card are interchangeable in the hand: the legal actions
//! name only the first copy of each card, which keeps the lists short.

use spacedock_schema::common::{Icon, Phase, TacticType};

use crate::action::{Action, Target};
use crate::effects::program::StatKind;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId, TacticId};
use crate::powers::{self, Stat, Trigger};
use crate::rules::{energy, stats, victory};
use crate::state::{CardPlace, Stage, TacticPlace, TurnPhase};

fn deck_of(game: &Game, player: PlayerId) -> usize {
    usize::from(game.data.players[player.index()].deck)
}

/// Whether a deck ever held cards: an empty deck never runs out (a mission
/// played without tactic cards has no victory clock).
fn deck_in_use(game: &Game, deck: usize) -> bool {
    game.data.decks[deck].size > 0
}

/// Draws the top card of `player`'s deck into their hand, whatever the hand
/// limit. Returns the card, if any was drawn.
pub(crate) fn draw(game: &mut Game, player: PlayerId) -> Option<TacticId> {
    let deck = deck_of(game, player);
    if game.st.decks[deck].out || !deck_in_use(game, deck) {
        return None;
    }
    if game.st.decks[deck].cards.is_empty() {
        run_out(game, deck);
    }
    let card = game.st.decks[deck].cards.pop()?;
    game.st.tactics[card.index()].place = TacticPlace::Hand(player);
    game.st.players[player.index()].hand.push(card);
    game.emit(Event::CardDrawn { player, card });
    if game.st.decks[deck].cards.is_empty() {
        run_out(game, deck);
    }
    Some(card)
}

/// The deck has no card left: reshuffle the discards while reshuffles
/// remain, else it is out for good.
pub(crate) fn run_out(game: &mut Game, deck: usize) {
    loop {
        let state = &mut game.st.decks[deck];
        state.runs = state.runs.saturating_add(1);
        if u32::from(state.runs) > game.data.rules().deck_reshuffles {
            state.out = true;
            game.st.decks_out.push(deck as u8);
            game.emit(Event::DeckOut { deck: deck as u8 });
            victory::deck_ran_out(game);
            return;
        }
        let mut cards = std::mem::take(&mut state.discard);
        for card in &cards {
            game.st.tactics[card.index()].place = TacticPlace::Deck;
        }
        game.st.dice.shuffle(&mut cards);
        let empty = cards.is_empty();
        game.st.decks[deck].cards = cards;
        game.emit(Event::DeckReshuffled { deck: deck as u8 });
        if !empty {
            return;
        }
    }
}

/// Owes `count` draws to `player`, made as soon as their hand has room.
pub(crate) fn owe_draws(game: &mut Game, player: PlayerId, count: u32) {
    let pending = &mut game.st.players[player.index()].pending_draws;
    *pending = pending.saturating_add(count.min(255) as u8);
}

/// Whether drawing is still possible for `player`.
fn can_draw(game: &Game, player: PlayerId) -> bool {
    let deck = deck_of(game, player);
    !game.st.decks[deck].out && deck_in_use(game, deck)
}

/// Whether some player owes a draw: almost never, yet asked before every
/// decision and after every action, so the rules are read only when one does.
#[inline]
fn draws_owed(game: &Game) -> bool {
    game.st.players.iter().any(|state| state.pending_draws > 0)
}

/// The player who must discard before an owed draw, if any.
///
/// Asked twice for every decision (who moves, and what they may do): the
/// quick answer is inlined where it is asked, the rest kept out of line.
#[inline]
pub(crate) fn forced_discarder(game: &Game) -> Option<PlayerId> {
    if !draws_owed(game) {
        return None;
    }
    owing_discarder(game)
}

/// [`forced_discarder`] once some player owes a draw.
#[inline(never)]
fn owing_discarder(game: &Game) -> Option<PlayerId> {
    game.st
        .players
        .iter()
        .enumerate()
        .filter(|(_, state)| state.pending_draws > 0)
        .map(|(index, state)| (PlayerId(index as u8), state))
        .find(|&(player, state)| {
            state.hand.len() >= game.data.rules().hand_limit as usize && can_draw(game, player)
        })
        .map(|(player, _)| player)
}

/// Makes every owed draw that fits in its hand.
pub(crate) fn settle_draws(game: &mut Game) {
    if !draws_owed(game) {
        return;
    }
    for player in game.players() {
        settle_draws_of(game, player);
    }
}

/// Makes the draws `player` owes that fit in their hand.
pub(crate) fn settle_draws_of(game: &mut Game, player: PlayerId) {
    let limit = game.data.rules().hand_limit as usize;
    while game.st.players[player.index()].pending_draws > 0 && game.st.outcome.is_none() {
        if !can_draw(game, player) {
            game.st.players[player.index()].pending_draws = 0;
            break;
        }
        if game.st.players[player.index()].hand.len() >= limit {
            break;
        }
        game.st.players[player.index()].pending_draws -= 1;
        draw(game, player);
    }
}

/// Whether `hand[index]` is the first copy of its kind in `hand`, asked
/// card by card in hand order: `met` gathers the kinds asked about so far,
/// folded into 64 bits.
///
/// Asked for nearly every legal list: a card whose bit is still clear is a
/// first copy at once, and only one whose bit is taken (a copy, or another
/// kind folded onto the same bit) is looked for earlier in the hand.
fn first_copy(game: &Game, hand: &[TacticId], index: usize, met: &mut u64) -> bool {
    let kind = game.data.tactics[hand[index].index()].kind;
    let bit = 1_u64 << (kind % 64);
    let clear = *met & bit == 0;
    *met |= bit;
    clear
        || !hand[..index]
            .iter()
            .any(|other| game.data.tactics[other.index()].kind == kind)
}

/// Discards for energy, one per card kind in the hand.
/// Whether `player` may discard for energy at this point: "at any point
/// during your turn", so in the player's own turn once it has begun.
pub(crate) fn may_discard_now(game: &Game, player: PlayerId) -> bool {
    game.st.stage == Stage::Main && game.st.active == player && game.st.outcome.is_none()
}

pub(crate) fn push_discards(game: &Game, player: PlayerId, out: &mut Vec<Action>) {
    let hand = &game.st.players[player.index()].hand;
    let mut met = 0;
    for index in 0..hand.len() {
        if first_copy(game, hand, index, &mut met) {
            out.push(Action::DiscardForEnergy(hand[index]));
        }
    }
}

pub(crate) fn take_from_hand(game: &mut Game, player: PlayerId, card: TacticId) {
    let hand = &mut game.st.players[player.index()].hand;
    if let Some(index) = hand.iter().position(|&held| held == card) {
        hand.remove(index);
    }
}

/// Puts a tactic card on its deck's discard pile, from wherever it is.
pub(crate) fn discard(game: &mut Game, card: TacticId) {
    match game.st.tactics[card.index()].place {
        TacticPlace::Hand(player) => take_from_hand(game, player, card),
        TacticPlace::Attached(ship_card) => {
            game.st.cards[ship_card.index()]
                .attached
                .retain(|&attached| attached != card);
        }
        TacticPlace::Deck => {
            for deck in &mut game.st.decks {
                deck.cards.retain(|&held| held != card);
            }
        }
        TacticPlace::Discard => return,
        TacticPlace::Prepped(_) => {}
    }
    game.st.tactics[card.index()].place = TacticPlace::Discard;
    let deck = usize::from(game.data.tactics[card.index()].deck);
    game.st.decks[deck].discard.push(card);
}

/// `player` discards `card`, and the game tells so.
pub(crate) fn discard_by(game: &mut Game, player: PlayerId, card: TacticId) {
    discard(game, card);
    game.emit(Event::Discarded { player, card });
}

pub(crate) fn discard_for_energy(game: &mut Game, player: PlayerId, card: TacticId) {
    discard_by(game, player, card);
    let amount = game.data.rules().energy_per_discard as i32;
    energy::gain_energy(game, player, amount);
}

/// Teammates of `player` (same team, other seat).
fn teammates(game: &Game, player: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
    let team = game.data.team_of(player);
    game.players()
        .filter(move |&other| other != player && game.data.team_of(other) == team)
}

/// Passing cards to teammates during your energy phase.
pub(crate) fn push_gives(game: &Game, player: PlayerId, out: &mut Vec<Action>) {
    let limit = game.data.rules().hand_limit as usize;
    let hand = &game.st.players[player.index()].hand;
    for to in teammates(game, player) {
        if game.st.players[to.index()].hand.len() >= limit {
            continue;
        }
        let mut met = 0;
        for index in 0..hand.len() {
            if first_copy(game, hand, index, &mut met) {
                out.push(Action::GiveCard {
                    card: hand[index],
                    to,
                });
            }
        }
    }
}

pub(crate) fn give(game: &mut Game, player: PlayerId, card: TacticId, to: PlayerId) {
    take_from_hand(game, player, card);
    game.st.tactics[card.index()].place = TacticPlace::Hand(to);
    game.st.players[to.index()].hand.push(card);
    game.emit(Event::CardGiven {
        from: player,
        to,
        card,
    });
}

/// The orbital market's extra draw.
pub(crate) fn draw_extra(game: &mut Game, player: PlayerId) {
    game.st.players[player.index()].market_draws -= 1;
    owe_draws(game, player, 1);
}

/// Whether the phase of the turn allows a card of `phase` (played, or
/// played in answer).
pub(crate) fn phase_allows(game: &Game, phase: Phase) -> bool {
    // Setup (round 0) is no player's turn and has no phases: the ships a
    // mission launches then set off no tactic card, whatever its phase.
    if game.st.round == 0 {
        return false;
    }
    match phase {
        Phase::Any => true,
        Phase::Energy => game.st.phase == TurnPhase::Energy,
        Phase::Deploy => game.st.phase == TurnPhase::Deploy,
        Phase::Action => game.st.phase == TurnPhase::Action,
    }
}

/// Attached cards of `kind_type` on a ship card.
pub(crate) fn attached_of_type(
    game: &Game,
    card: ShipCardId,
    kind_type: TacticType,
) -> impl Iterator<Item = TacticId> + Clone + '_ {
    game.st.cards[card.index()]
        .attached
        .iter()
        .copied()
        .filter(move |&tactic| game.data.kind_of(tactic).kind == kind_type)
}

/// How many cards of a type a ship card takes (`None`: no limit).
pub(crate) fn slots(game: &Game, card: ShipCardId, kind_type: TacticType) -> Option<u32> {
    let slots = game.data.card(card).slots;
    match kind_type {
        TacticType::Hero => Some(slots.heroes),
        TacticType::ShipUpgrade => Some(slots.upgrades),
        TacticType::AdditionalWeapon => Some(slots.weapons),
        TacticType::Sabotage | TacticType::Event => None,
    }
}

/// Whether `player` controls a ship card with a hero of this kind's name
/// other than `except`.
fn hero_in_fleet(game: &Game, player: PlayerId, kind: usize, except: Option<TacticId>) -> bool {
    game.st.cards.iter().any(|card| {
        card.controller == player
            && card
                .attached
                .iter()
                .any(|&tactic| Some(tactic) != except && same_name(game, tactic, kind))
    })
}

/// Whether a tactic card is of `kind`'s name (of that kind, or of another
/// printing with the same name).
pub(crate) fn same_name(game: &Game, tactic: TacticId, kind: usize) -> bool {
    let kinds = &game.data.kinds;
    kinds[game.data.tactics[tactic.index()].kind].name_group == kinds[kind].name_group
}

/// Whether `tactic` may be attached to `card` by `player`, replacing
/// `replaced` (an attached card of the same type) if given.
///
/// The rules' own checks come first and the powers' (a faction a power
/// treats the ship as, the card's own targeting) last: every check is a pure
/// reading of the state, so the order changes nothing but the cost, and
/// asking the powers is by far the dearest part.
pub(crate) fn may_attach(
    game: &Game,
    player: PlayerId,
    tactic: TacticId,
    card: ShipCardId,
    replaced: Option<TacticId>,
) -> bool {
    let state = &game.st.cards[card.index()];
    if state.place != CardPlace::Launched {
        return false;
    }
    let kind = game.data.kind_of(tactic);
    let ship = game.data.card(card);
    let own = state.controller == player;
    let icon_fits = || kind.icon.is_none_or(|icon| icon == ship.icon);
    let faction_fits = || {
        ship.faction == kind.faction
            || powers::treated_as_faction(game, card, game.data.tactics[tactic.index()].kind)
    };
    let slot_free = || match (slots(game, card, kind.kind), replaced) {
        (None, None) => true,
        (None, Some(_)) => false,
        (Some(limit), None) => (attached_of_type(game, card, kind.kind).count() as u32) < limit,
        (Some(limit), Some(old)) => {
            limit > 0 && state.attached.contains(&old) && game.data.kind_of(old).kind == kind.kind
        }
    };
    let fits = match kind.kind {
        TacticType::Event => false,
        TacticType::Hero => {
            own && ship.icon == Icon::Solo
                && slot_free()
                && !hero_in_fleet(
                    game,
                    player,
                    game.data.tactics[tactic.index()].kind,
                    replaced,
                )
                && faction_fits()
        }
        TacticType::ShipUpgrade | TacticType::AdditionalWeapon => {
            own && icon_fits() && slot_free() && faction_fits()
        }
        TacticType::Sabotage => {
            game.data.team_of(state.controller) != game.data.team_of(player)
                && icon_fits()
                && slot_free()
        }
    };
    fits && powers::may_play_on(game, player, tactic, card)
}

/// Tactic cards the active player can play now.
pub(crate) fn push_plays(game: &Game, player: PlayerId, out: &mut Vec<Action>) {
    if player != game.st.active {
        return;
    }
    let hand = &game.st.players[player.index()].hand;
    let mut met = 0;
    for index in 0..hand.len() {
        let card = hand[index];
        if !first_copy(game, hand, index, &mut met) {
            continue;
        }
        let kind = game.data.kind_of(card);
        if !phase_allows(game, kind.phase) {
            continue;
        }
        if kind.kind == TacticType::Event {
            let start = out.len();
            powers::push_event_plays(game, player, card, out);
            let mut index = start;
            while index < out.len() {
                let affordable = match out[index] {
                    Action::PlayCard { target, .. } => can_afford(game, player, card, target),
                    _ => true,
                };
                if affordable {
                    index += 1;
                } else {
                    out.remove(index);
                }
            }
            continue;
        }
        for target in 0..game.st.cards.len() as u16 {
            let target = ShipCardId(target);
            // Only launched cards take attachments: skip the rest before
            // the cost, which asks every power. A replaced card is attached
            // to `target`, so its play costs what a play on `target` does.
            if game.st.cards[target.index()].place != CardPlace::Launched {
                continue;
            }
            let start = out.len();
            if may_attach(game, player, card, target, None) {
                out.push(Action::PlayCard {
                    card,
                    target: Target::Card(target),
                });
            }
            for old in attached_of_type(game, target, kind.kind) {
                if may_attach(game, player, card, target, Some(old)) {
                    out.push(Action::PlayCard {
                        card,
                        target: Target::Replace(old),
                    });
                }
            }
            if out.len() > start && !can_afford(game, player, card, Target::Card(target)) {
                out.truncate(start);
            }
        }
    }
}

/// Whether `player` can pay to play `card` on `target`.
fn can_afford(game: &Game, player: PlayerId, card: TacticId, target: Target) -> bool {
    let printed = game.data.kind_of(card).cost;
    energy::can_pay_cost(game, player, StatKind::CardCost, printed, || {
        cost_on(game, card, target)
    })
}

/// Energy to play a tactic card on a target (powers may discount cards
/// played on some ships).
pub(crate) fn cost_on(game: &Game, card: TacticId, target: Target) -> i32 {
    let on = match target {
        Target::None => None,
        Target::Card(ship_card) => Some(ship_card),
        Target::Replace(old) => match game.st.tactics[old.index()].place {
            TacticPlace::Attached(ship_card) => Some(ship_card),
            _ => None,
        },
    };
    match on {
        Some(ship_card) => stats::stat(
            game,
            Stat::TacticCostOn {
                tactic: card,
                card: ship_card,
            },
        ),
        None => stats::stat(game, Stat::TacticCost(card)),
    }
}

/// Attaches a tactic card to a ship card.
pub(crate) fn attach(game: &mut Game, tactic: TacticId, card: ShipCardId) {
    game.st.tactics[tactic.index()].place = TacticPlace::Attached(card);
    game.st.tactics[tactic.index()].charged = 0;
    game.st.cards[card.index()].attached.push(tactic);
    game.emit(Event::Attached {
        card: tactic,
        to: card,
    });
    powers::dispatch(game, Trigger::Attach { tactic, card });
}

/// Plays a tactic card: pays, then resolves (events, discarded after) or
/// attaches.
pub(crate) fn play(game: &mut Game, player: PlayerId, card: TacticId, target: Target) {
    let cost = cost_on(game, card, target);
    energy::spend_energy(game, player, cost);
    take_from_hand(game, player, card);
    game.emit(Event::CardPlayed {
        player,
        card,
        target,
    });
    powers::dispatch(
        game,
        Trigger::CardPlayed {
            player,
            tactic: card,
            target,
        },
    );
    match target {
        Target::None => discard(game, card),
        // An event played on a ship card has resolved: it is discarded.
        Target::Card(_) if game.data.kind_of(card).kind == TacticType::Event => {
            discard(game, card);
        }
        Target::Card(ship_card) => attach(game, card, ship_card),
        Target::Replace(old) => {
            if let TacticPlace::Attached(ship_card) = game.st.tactics[old.index()].place {
                discard_by(game, player, old);
                attach(game, card, ship_card);
            } else {
                discard(game, card);
            }
        }
    }
}

/// `player`'s prepped card of a kind, if it may be attached: not a hero
/// whose name is already attached in the fleet ("You cannot have 2 heroes
/// with the same name attached to ships in your fleet at the same time").
pub(crate) fn prepped_to_attach(game: &Game, player: PlayerId, kind: usize) -> Option<TacticId> {
    let tactic = (0..game.data.tactics.len() as u16)
        .map(TacticId)
        .find(|&tactic| {
            game.st.tactics[tactic.index()].place == TacticPlace::Prepped(player)
                && game.data.tactics[tactic.index()].kind == kind
        })?;
    let hero = game.data.kind_of(tactic).kind == TacticType::Hero;
    (!hero || !hero_in_fleet(game, player, kind, None)).then_some(tactic)
}

/// Attaches a prepped card at no cost (a mission's start or captains),
/// if it may be attached ([`prepped_to_attach`]).
pub(crate) fn attach_prepped(
    game: &mut Game,
    player: PlayerId,
    kind: usize,
    card: ShipCardId,
) -> bool {
    if let Some(tactic) = prepped_to_attach(game, player, kind) {
        attach(game, tactic, card);
        true
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::{
        can_afford, can_draw, cost_on, draws_owed, first_copy, forced_discarder, phase_allows,
    };
    use crate::action::Target;
    use crate::effects::program::{StatKind, stat_index};
    use crate::ids::{PlayerId, ShipCardId, TacticId};
    use crate::rules::{energy, testing};

    /// The cost no power raises above its print and floor must answer as
    /// the cost the powers make, for every player, tactic card and target
    /// of every state of random and greedy games of every mission; and the
    /// powers must keep every cost under that cap.
    #[test]
    fn an_affordable_play_is_found_as_by_its_cost() {
        let (mut affordable, mut refused, mut discounted) = (0, 0, 0);
        testing::for_each_state(1, |game| {
            let cap = game.data.powers.caps[stat_index(StatKind::CardCost)];
            let cards = (0..game.st.cards.len() as u16).map(|card| Target::Card(ShipCardId(card)));
            let targets: Vec<Target> = std::iter::once(Target::None).chain(cards).collect();
            for card in (0..game.st.tactics.len() as u16).map(TacticId) {
                let printed = game.data.kind_of(card).cost;
                for &target in &targets {
                    let cost = cost_on(game, card, target);
                    if let Some(cap) = cap {
                        assert!(cost <= printed.max(cap).max(0), "{cost} {printed} {cap}");
                    }
                    discounted += usize::from(cost < printed);
                    for player in (0..game.data.players.len() as u8).map(PlayerId) {
                        let plain = energy::can_pay(game, player, cost);
                        assert_eq!(can_afford(game, player, card, target), plain);
                        affordable += usize::from(plain);
                        refused += usize::from(!plain);
                    }
                }
            }
        });
        assert!(
            affordable > 1000 && refused > 1000 && discounted > 0,
            "{affordable} {refused} {discounted}"
        );
    }

    /// The kinds met, folded into bits, pick the cards a plain look back
    /// through the hand picks, in every hand of every state.
    #[test]
    fn the_first_copies_are_those_the_hand_shows() {
        let mut copies = 0;
        testing::for_each_state(3, |game| {
            for state in &game.st.players {
                let hand = &state.hand;
                let mut met = 0;
                for index in 0..hand.len() {
                    let kind = |card: TacticId| game.data.tactics[card.index()].kind;
                    let earlier = hand[..index]
                        .iter()
                        .any(|&other| kind(other) == kind(hand[index]));
                    assert_eq!(first_copy(game, hand, index, &mut met), !earlier);
                    copies += usize::from(earlier);
                }
            }
        });
        assert!(copies > 1_000, "only {copies} second copies held");
    }

    /// Nobody owing a draw, the forced discarder is looked for no further:
    /// it must be whom the rules name, seat by seat, in every state.
    #[test]
    fn the_forced_discarder_is_the_one_the_rules_name() {
        let mut forced = 0;
        testing::for_each_state(3, |game| {
            let limit = game.data.rules().hand_limit as usize;
            let named = game.players().find(|&player| {
                let state = &game.st.players[player.index()];
                state.pending_draws > 0 && state.hand.len() >= limit && can_draw(game, player)
            });
            assert_eq!(forced_discarder(game), named);
            assert!(named.is_none() || draws_owed(game));
            forced += usize::from(named.is_some());
        });
        assert!(forced > 50, "only {forced} forced discards");
    }

    /// Setup is no turn: no tactic card is played in it, not even one that
    /// may be played in any phase (reactions to the launches of the ships a
    /// mission starts on the battlefield were offered and paid for).
    #[test]
    fn no_card_is_played_during_setup() {
        use spacedock_schema::common::Phase;
        let mut checked = 0;
        testing::for_each_state(1, |game| {
            let any = phase_allows(game, Phase::Any);
            assert_eq!(any, game.round() > 0, "round {}", game.round());
            checked += usize::from(game.round() == 0);
        });
        assert!(checked > 0, "no state in setup");
    }
}
