//! What the mission's rules and the cards' powers offer a player choosing
//! an action: the victory points a power used as an action, or a card
//! attached to a ship card, would score, where a ship escapes for points,
//! and the range an event adds or the spaces it moves ships. Read from
//! the compiled program and the public table, never a hand or a deck; the
//! policies reach it through [`crate::Observation`], so that a heuristic
//! player can follow a mission's objectives without knowing any mission
//! by name.

use spacedock_schema::common::Size;
use spacedock_schema::effect::{Role, Trigger as When, WeaponSlot};

use crate::effects::eval::{self, Ships};
use crate::effects::fire::{self, Ev};
use crate::effects::program::{Cond, Eff, Origin, Power, Sel, Source, StatKind, Zone};
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId, TacticId};
use crate::rules::energy;

/// The victory points `effects` score for their player: a roll table's
/// rows averaged over the number die, any other effect none.
pub(crate) fn expected_points(game: &Game, effects: &[Eff]) -> f64 {
    effects
        .iter()
        .map(|effect| match effect {
            Eff::Score { points } => f64::from(*points),
            Eff::RollTable { rows } => {
                let faces = game.data.rules().number_die.max(1);
                let total: f64 = (1..=faces)
                    .map(|face| {
                        rows.iter()
                            .find(|(from, to, _)| (*from..=*to).contains(&face))
                            .map_or(0.0, |(_, _, row)| expected_points(game, row))
                    })
                    .sum();
                total / f64::from(faces)
            }
            _ => 0.0,
        })
        .sum()
}

/// The range playing event `tactic` adds to the primary weapon of the
/// ships it modifies (Fate's Reach: 3), its `modify range` effects summed;
/// 0 for a card that adds none.
pub(crate) fn play_range_bonus(game: &Game, tactic: TacticId) -> i32 {
    let kind = game.data.tactics[tactic.index()].kind;
    game.data.powers.plays[kind]
        .effects
        .iter()
        .map(|effect| match effect {
            Eff::Modify(modify)
                if modify.stat == StatKind::Range
                    && modify
                        .weapon
                        .is_none_or(|weapon| weapon == WeaponSlot::Primary) =>
            {
                modify.amount
            }
            _ => 0,
        })
        .sum()
}

/// The most spaces playing event `tactic` moves ships (Alert From ISN
/// Torrent: 3 or 2), `if`, choice and table branches included; 0 for a
/// card that moves none.
pub(crate) fn play_moves(game: &Game, tactic: TacticId) -> u32 {
    fn most(effects: &[Eff]) -> u32 {
        effects
            .iter()
            .map(|effect| match effect {
                Eff::MoveShip { spaces, .. } => u32::from(*spaces),
                Eff::If {
                    then, otherwise, ..
                } => most(then).max(most(otherwise)),
                Eff::Choose { options, .. } => {
                    options.iter().map(|(_, row)| most(row)).max().unwrap_or(0)
                }
                Eff::RollTable { rows } => {
                    rows.iter().map(|(.., row)| most(row)).max().unwrap_or(0)
                }
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }
    let kind = game.data.tactics[tactic.index()].kind;
    most(&game.data.powers.plays[kind].effects)
}

/// The victory points of using power `power` as an action.
pub(crate) fn power_points(game: &Game, power: u16) -> f64 {
    game.data
        .powers
        .powers
        .get(usize::from(power))
        .map_or(0.0, |power| expected_points(game, &power.effects))
}

/// The victory points `player`'s team would score at once from the powers
/// that answer attaching `tactic` to `card` now (as the mission's
/// "each time ... attaches ..." rules do), those of another team taken
/// off. The attachment's own effects are not counted: they are what the
/// card does, which a player weighs by the card.
pub(crate) fn attach_points(
    game: &Game,
    player: PlayerId,
    tactic: TacticId,
    card: ShipCardId,
) -> f64 {
    let data = &game.data;
    let listening = data.powers.listening(When::Attach);
    if listening.is_empty() {
        return 0.0;
    }
    let ev = Ev {
        player,
        affected: Ships::Card(card),
        card: Some(tactic),
        ..Ev::default()
    };
    let team = data.team_of(player);
    let mut points = 0.0;
    for &index in listening {
        let index = usize::from(index);
        let power = &data.powers.powers[index];
        for ctx in fire::hearing(game, index, power, &ev) {
            let ctx = ev.into_ctx(ctx);
            if fire::used(game, &ctx, power.limit)
                || !eval::holds(game, &ctx, &power.conditions)
                || !energy::can_pay(game, ctx.you, power.cost)
            {
                continue;
            }
            let scored = expected_points(game, &power.effects);
            if data.team_of(ctx.you) == team {
                points += scored;
            } else {
                points -= scored;
            }
        }
    }
    points
}

/// The board zone where ships of `card` escape at the end of their
/// activation when `player` controls them, and the victory points each
/// scores: a mission rule for `player`'s seat, or a power of the card
/// itself, whose `escape` takes the acting ship once it stands in the
/// zone. Only what the card prints is matched (ship, size, icon,
/// faction); a condition of the moment is not.
pub(crate) fn escape_zone(game: &Game, player: PlayerId, card: ShipCardId) -> Option<(usize, u32)> {
    let data = &game.data;
    let print = data.card(card);
    data.powers
        .listening(When::ActivationEnd)
        .iter()
        .map(|&index| &data.powers.powers[usize::from(index)])
        .filter(|power| {
            power.origins.iter().any(|origin| match *origin {
                Origin::Seat(seat) => seat == player,
                Origin::Ship(own) => own == card,
                Origin::Copy(_) => false,
            })
        })
        .flat_map(|power| &power.effects)
        .find_map(|effect| match effect {
            Eff::Escape { target, points }
                if target.role == Role::ActingShip && counts_for(game, target, card) =>
            {
                let points = points[match print.size {
                    Size::Small => 0,
                    Size::Medium => 1,
                    Size::Large => 2,
                }];
                target
                    .zone
                    .and_then(|zone| zone.board_zone(game, player))
                    .map(|zone| (zone, points))
            }
            _ => None,
        })
}

/// The board zone that a mission rule scores victory points for `player`
/// at some moment (a round's end, say) while a ship of theirs stands in
/// it, when ships of `card` count for it: the zone a player holds. Only
/// what the card prints is matched, as in [`escape_zone`].
pub(crate) fn hold_zone(game: &Game, player: PlayerId, card: ShipCardId) -> Option<usize> {
    let data = &game.data;
    data.powers
        .holds
        .iter()
        .map(|&index| &data.powers.powers[usize::from(index)])
        .filter(|power| {
            power
                .origins
                .iter()
                .any(|origin| matches!(*origin, Origin::Seat(seat) if seat == player))
        })
        .flat_map(|power| &power.conditions)
        .find_map(|condition| match condition {
            Cond::Exists(sel) if counts_for(game, sel, card) => {
                friendly_zone(sel).and_then(|zone| zone.board_zone(game, player))
            }
            _ => None,
        })
}

/// Whether ships of `card` may be picked by `sel` by what the card prints
/// and its faction (a condition of the moment aside).
fn counts_for(game: &Game, sel: &Sel, card: ShipCardId) -> bool {
    let data = &game.data;
    let faction = data.powers.card_faction[card.index()];
    sel.fits_print(data.card(card)) && sel.faction.is_none_or(|wanted| wanted == faction)
}

/// The zone of a selector of the player's own ships in a zone.
fn friendly_zone(sel: &Sel) -> Option<Zone> {
    (sel.role == Role::Friendly).then_some(sel.zone).flatten()
}

/// Whether `power` is a mission rule scoring, at a moment of the game, for
/// a ship of the player's in one zone, and for nothing else a player does:
/// every condition is such a ship's presence in that zone, so that one ship
/// can meet them all.
pub(crate) fn is_hold_rule(power: &Power) -> bool {
    let mut zones = power.conditions.iter().map(|condition| match condition {
        Cond::Exists(sel) => friendly_zone(sel),
        _ => None,
    });
    let first = zones.next().flatten();
    matches!(power.source, Source::Rule(_))
        && power.when.is_some_and(|when| !when.is_action_window())
        && may_score(&power.effects)
        && first.is_some()
        && zones.all(|zone| zone == first)
}

/// Whether every seat `power` acts for has a ship card that holds its
/// zone ([`hold_zone`]): a greedy player of each aims for its points.
fn held_by_every_seat(game: &Game, power: &Power) -> bool {
    is_hold_rule(power)
        && power.origins.iter().all(|origin| match *origin {
            Origin::Seat(seat) => game.cards().any(|card| {
                card.controller == seat
                    && power.conditions.iter().all(|condition| {
                        matches!(condition, Cond::Exists(sel) if counts_for(game, sel, card.id))
                    })
            }),
            Origin::Ship(_) | Origin::Copy(_) => false,
        })
}

/// Whether `effects` may score victory points (or let a ship escape for
/// them), in any branch.
fn may_score(effects: &[Eff]) -> bool {
    effects.iter().any(|effect| {
        effect.may_run(|effect| matches!(effect, Eff::Score { .. } | Eff::Escape { .. }))
    })
}

/// The mission's special rules whose victory points the greedy player
/// does not aim for, or aims for only in part: see [`Unpursued`]. Only
/// rules scoring for a seat `greedy` says a greedy player plays are told
/// of: a rule another policy's seat scores by is no concern of the greedy
/// player's.
pub(crate) fn unpursued_rules(game: &Game, greedy: impl Fn(PlayerId) -> bool) -> Unpursued {
    let mut unpursued = Unpursued::default();
    for power in &game.data.powers.powers {
        let for_greedy = power
            .origins
            .iter()
            .any(|origin| matches!(*origin, Origin::Seat(seat) if greedy(seat)));
        if !matches!(power.source, Source::Rule(_)) || !may_score(&power.effects) || !for_greedy {
            continue;
        }
        // Points that come at a moment of every turn, whatever anyone
        // does, need no aiming for: the round and whose turn it is are
        // no one's doing.
        let unconditional = power
            .conditions
            .iter()
            .all(|condition| matches!(condition, Cond::Round(_) | Cond::Turn(_)))
            && power
                .when
                .is_some_and(|when| when.is_round_boundary() || when.is_phase_boundary())
            && power.effects.iter().all(|effect| {
                matches!(effect, Eff::Score { .. }) || !may_score(std::slice::from_ref(effect))
            });
        let list = match power.when {
            _ if unconditional || held_by_every_seat(game, power) => continue,
            Some(when) if when.is_action_window() => continue,
            Some(When::Attach | When::Destroy) => continue,
            Some(When::ActivationEnd)
                if power.effects.iter().all(|effect| {
                    matches!(effect, Eff::Escape { target, .. }
                        if target.role == Role::ActingShip && target.zone.is_some())
                }) =>
            {
                &mut unpursued.escapes_only_to_win
            }
            _ => &mut unpursued.ignored,
        };
        let name = game
            .mission()
            .special_rules
            .get(usize::from(power.place))
            .map(|rule| rule.name.clone());
        if let Some(name) = name.filter(|name| !list.contains(name)) {
            list.push(name);
        }
    }
    unpursued
}

/// The special rules of a mission that the greedy player leaves to
/// chance, by name, in the mission's order.
#[derive(Debug, Default)]
pub(crate) struct Unpursued {
    /// Rules scoring in a way no heuristic reading of [`power_points`],
    /// [`attach_points`], [`escape_zone`] and [`hold_zone`] aims for
    /// (points at a round's end for an enemy ship in a zone, say). A rule
    /// scoring for destroying ships is not among them: the greedy player
    /// destroys all it can; nor is one scoring whatever anyone does.
    pub(crate) ignored: Vec<String>,
    /// Rules scoring an escape at the end of an activation: the greedy
    /// player runs for the zone only when one escape wins the game
    /// (measured, running sooner lost more games), so the points before
    /// that come only by chance.
    pub(crate) escapes_only_to_win: Vec<String>,
}
