//! Energy: gaining (capped at `energy_max`), spending (never below
//! `energy_min`), and the energy phase's start: the phase's energy (the
//! first player's reduced first phase, or a shared pool's own numbers), the
//! discovery tiles read at that moment, and the owed draws.

use crate::effects::program::{StatKind, stat_index};
use crate::event::Event;
use crate::game::Game;
use crate::ids::PlayerId;
use crate::powers::{self, Trigger};
use crate::rules::{cards, discovery};
use crate::state::TurnPhase;

fn pool(game: &Game, player: PlayerId) -> usize {
    usize::from(game.data.players[player.index()].pool)
}

/// Whether `player` can pay `amount` without going below `energy_min`.
pub(crate) fn can_pay(game: &Game, player: PlayerId, amount: i32) -> bool {
    amount <= 0
        || game.st.energy[pool(game, player)] - amount >= game.data.rules().energy_min as i32
}

/// Whether `player` can pay a cost of `kind` printed as `printed`, which
/// `cost` gives as the powers make it. In most games no power raises such
/// a cost ([`Program::caps`]): if the larger of its print and the powers'
/// floors is affordable, so is whatever the powers make it, and the
/// powers, dear to ask for every card of every legal list, are asked only
/// when it is not.
///
/// [`Program::caps`]: crate::effects::program::Program::caps
pub(crate) fn can_pay_cost(
    game: &Game,
    player: PlayerId,
    kind: StatKind,
    printed: i32,
    cost: impl FnOnce() -> i32,
) -> bool {
    game.data.powers.caps[stat_index(kind)]
        .is_some_and(|cap| can_pay(game, player, printed.max(cap)))
        || can_pay(game, player, cost())
}

/// Whether `player` can pay `amount` once `spare` cards are discarded
/// for energy (each gaining `energy_per_discard`, up to `energy_max`).
pub(crate) fn can_pay_discarding(game: &Game, player: PlayerId, amount: i32, spare: usize) -> bool {
    let rules = game.data.rules();
    let gained = i64::from(rules.energy_per_discard) * spare as i64;
    let energy = (i64::from(game.st.energy[pool(game, player)]) + gained)
        .min(i64::from(rules.energy_max))
        .max(i64::from(game.st.energy[pool(game, player)]));
    amount <= 0 || energy - i64::from(amount) >= i64::from(rules.energy_min)
}

/// Gains energy; any beyond `energy_max` is lost.
pub(crate) fn gain_energy(game: &mut Game, player: PlayerId, amount: i32) {
    if amount <= 0 {
        return;
    }
    let pool = pool(game, player);
    let max = game.data.rules().energy_max as i32;
    let energy = (game.st.energy[pool] + amount)
        .min(max)
        .max(game.st.energy[pool]);
    game.st.energy[pool] = energy;
    game.emit(Event::EnergyGained {
        player,
        amount,
        energy,
    });
}

/// Pays a cost; false (and nothing paid) if it cannot be paid.
pub(crate) fn spend_energy(game: &mut Game, player: PlayerId, amount: i32) -> bool {
    if !can_pay(game, player, amount) {
        return false;
    }
    if amount > 0 {
        let pool = pool(game, player);
        game.st.energy[pool] -= amount;
        let energy = game.st.energy[pool];
        game.emit(Event::EnergySpent {
            player,
            amount,
            energy,
        });
    }
    true
}

/// Loses energy (a power's drain): down to `energy_min` at most.
pub(crate) fn lose_energy(game: &mut Game, player: PlayerId, amount: i32) {
    let pool = pool(game, player);
    let min = game.data.rules().energy_min as i32;
    let lost = amount.min(game.st.energy[pool] - min).max(0);
    if lost > 0 {
        game.st.energy[pool] -= lost;
        let energy = game.st.energy[pool];
        game.emit(Event::EnergySpent {
            player,
            amount: lost,
            energy,
        });
    }
}

/// The start of the active player's energy phase.
pub(crate) fn begin_energy_phase(game: &mut Game) {
    let player = game.st.active;
    game.st.phase = TurnPhase::Energy;
    game.emit(Event::PhaseStarted {
        player,
        phase: TurnPhase::Energy,
    });
    let pool = &game.data.pools[pool(game, player)];
    let amount = if game.st.first_phase_done {
        pool.per_phase
    } else {
        pool.first_phase
    };
    game.st.first_phase_done = true;
    gain_energy(game, player, amount);
    discovery::energy_phase_start(game, player);
    powers::dispatch(
        game,
        Trigger::PhaseStart {
            player,
            phase: TurnPhase::Energy,
        },
    );
    let draws = game.data.rules().draws_per_phase;
    let draws = draws.saturating_sub(powers::take_replaced_draws(game, player));
    cards::owe_draws(game, player, draws);
}
