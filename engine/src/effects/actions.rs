//! Powers a player uses as an action ([`Action::UsePower`]): those whose
//! trigger is an action window (`energy-phase`, `deploy-phase`,
//! `action-phase`: any time in that phase of your turn) or a special
//! activation action (`instead-of-move`: while a ship card is activated,
//! before its ships move). A power is offered when its source is in play,
//! its limit and conditions allow, its cost can be paid, and it would
//! change something.

use std::sync::Arc;

use spacedock_schema::effect::Trigger as When;

use crate::action::Action;
use crate::effects::eval::{self, Ctx, Ships};
use crate::effects::fire::{self, each_instance, mark_used, used};
use crate::effects::program::Eff;
use crate::effects::run;
use crate::event::Event;
use crate::game::Game;
use crate::ids::PlayerId;
use crate::rules::{activation, cards, energy, stats};
use crate::state::TurnPhase;

/// The window open now for `player`, and the activated card's ships; none
/// when no power of the game is used in it (most legal lists of most
/// games), found before the activated ships are looked at.
#[inline]
fn window(game: &Game, player: PlayerId) -> Option<(When, Ships)> {
    if game.st.active != player {
        return None;
    }
    let when = match (game.st.activation, game.st.phase) {
        (Some(_), _) => When::InsteadOfMove,
        (None, TurnPhase::Energy) => When::EnergyPhase,
        (None, TurnPhase::Deploy) => When::DeployPhase,
        (None, TurnPhase::Action) => When::ActionPhase,
    };
    if game.data.powers.listening(when).is_empty() {
        return None;
    }
    let Some(act) = game.st.activation else {
        return Some((when, Ships::None));
    };
    activation::fresh(game, &act).then_some((when, Ships::Card(act.card)))
}

/// Whether effects would change anything now (a repair needs damage, added
/// shields need room, attaching prepped cards needs one prepped for the
/// ship): a power that would not is not offered, as an action or as an
/// optional triggered power.
pub(crate) fn useful(game: &Game, ctx: &Ctx, effects: &[Eff]) -> bool {
    effects.iter().any(|effect| match effect {
        Eff::AttachPrepped { target } => {
            eval::selected_cards(game, ctx, target).iter().any(|&card| {
                let ship = game.data.card(card).ship;
                game.data
                    .powers
                    .prepped
                    .iter()
                    .any(|(player, kind, for_ship)| {
                        *player == ctx.you
                            && usize::from(*for_ship) == ship
                            && cards::prepped_to_attach(game, *player, usize::from(*kind)).is_some()
                    })
            })
        }
        Eff::Repair { target, .. } => eval::selected(game, ctx, target)
            .iter()
            .any(|ship| game.st.ships[ship.index()].hull_damage > 0),
        Eff::AddShields { target, .. } => eval::selected(game, ctx, target).iter().any(|&ship| {
            i32::from(game.st.ships[ship.index()].shields)
                < stats::stat(game, crate::powers::Stat::Shield(ship))
        }),
        // The branch that would run now.
        Eff::If {
            conditions,
            then,
            otherwise,
        } => useful(
            game,
            ctx,
            eval::branch(game, ctx, conditions, then, otherwise),
        ),
        _ => true,
    })
}

/// Whether a power's effects, `cost` paid, would do something now: they
/// change something ([`useful`]) and a launch among them can be paid for
/// and placed. Asked before offering a power and before asking whether to
/// use an optional one.
pub(crate) fn would_act(game: &Game, ctx: &Ctx, effects: &[Eff], cost: i32) -> bool {
    let paid = Ctx {
        paying: cost,
        ..*ctx
    };
    useful(game, &paid, effects) && fire::feasible_paying(game, &paid, effects, cost)
}

/// The context `source` of power `index`, if `player` can use it there now.
fn usable(game: &Game, player: PlayerId, index: usize, source: u16) -> Option<Ctx> {
    let window = window(game, player)?;
    // A legal list visits only the open window's own powers; an action
    // may name any.
    if game.data.powers.powers[index].when != Some(window.0) {
        return None;
    }
    usable_in(game, player, index, window.1).find(|ctx| ctx.instance == source)
}

/// The contexts in which power `index`, one of the open window's (whose
/// ships acting are `acting`), can be used now by `player`, one by one: a
/// legal list takes them without a list of their own.
fn usable_in(
    game: &Game,
    player: PlayerId,
    index: usize,
    acting: Ships,
) -> impl Iterator<Item = Ctx> {
    let power = &game.data.powers.powers[index];
    each_instance(game, index, power, Some(player))
        .map(move |ctx| Ctx { acting, ..ctx })
        .filter(move |ctx| {
            ctx.you == player
                && !used(game, ctx, power.limit)
                && energy::can_pay(game, player, power.cost)
                && eval::holds(game, ctx, &power.conditions)
                && would_act(game, ctx, &power.effects, power.cost)
        })
}

/// Appends the powers `player` can use now.
pub(crate) fn push(game: &Game, player: PlayerId, out: &mut Vec<Action>) {
    // Asked for every legal list: the window is found once, and only its
    // own powers are visited.
    let Some(window) = window(game, player) else {
        return;
    };
    for &index in game.data.powers.listening(window.0) {
        out.extend(
            usable_in(game, player, usize::from(index), window.1).map(|ctx| Action::UsePower {
                power: index,
                source: ctx.instance,
            }),
        );
    }
}

/// Uses a power: pays, then does it; a special activation action takes the
/// place of the ships' move.
pub(crate) fn use_power(game: &mut Game, player: PlayerId, power: u16, source: u16) {
    let data = Arc::clone(&game.data);
    let Some(ctx) = usable(game, player, usize::from(power), source) else {
        return;
    };
    let compiled = &data.powers.powers[usize::from(power)];
    game.emit_reported(|game| Event::PowerActed {
        source: eval::source(game, &ctx),
        player,
    });
    energy::spend_energy(game, player, compiled.cost);
    mark_used(game, &ctx, compiled.limit);
    if compiled.when == Some(When::InsteadOfMove)
        && let Some(act) = game.st.activation
    {
        for ship in data.card(act.card).ship_ids() {
            game.st.ships[ship.index()].moved = true;
        }
    }
    run::run(game, &ctx, &compiled.effects);
}

#[cfg(test)]
mod tests {
    use spacedock_schema::effect::Trigger as When;

    use super::{push, usable_in};
    use crate::action::Action;
    use crate::effects::eval::Ships;
    use crate::game::Game;
    use crate::ids::PlayerId;
    use crate::rules::testing::for_each_state;
    use crate::state::TurnPhase;

    /// The window open for the active player, whether or not a power of
    /// the game is used in it.
    fn any_window(game: &Game) -> Option<(When, Ships)> {
        match game.st.activation {
            Some(act) => (act.mover.is_none()
                && !act.attacking
                && game
                    .data
                    .card(act.card)
                    .ship_ids()
                    .all(|ship| !game.st.ships[ship.index()].moved))
            .then_some((When::InsteadOfMove, Ships::Card(act.card))),
            None => Some((
                match game.st.phase {
                    TurnPhase::Energy => When::EnergyPhase,
                    TurnPhase::Deploy => When::DeployPhase,
                    TurnPhase::Action => When::ActionPhase,
                },
                Ships::None,
            )),
        }
    }

    /// The powers offered as actions are those a scan of every power of
    /// the program finds usable in the open window, in the same order, for
    /// every player in every state of random and greedy games.
    #[test]
    fn power_actions_are_those_of_a_full_scan() {
        let (mut offered, mut windows) = (0, 0);
        for_each_state(1, |game| {
            for player in (0..game.data.players.len() as u8).map(PlayerId) {
                let mut listed = Vec::new();
                push(game, player, &mut listed);
                let mut scanned = Vec::new();
                if game.st.active == player
                    && let Some(window) = any_window(game)
                {
                    windows += 1;
                    for (index, power) in game.data.powers.powers.iter().enumerate() {
                        if power.when != Some(window.0) {
                            continue;
                        }
                        for ctx in usable_in(game, player, index, window.1) {
                            scanned.push(Action::UsePower {
                                power: index as u16,
                                source: ctx.instance,
                            });
                        }
                    }
                }
                assert_eq!(listed, scanned);
                offered += listed.len();
            }
        });
        assert!(offered > 100 && windows > 1000, "{offered} {windows}");
    }
}
