//! Doing effects: each compiled effect carried out through the rule
//! primitives of [`crate::rules`] (energy, draws, damage, shields, control,
//! placement, victory points). Choices an effect leaves to a player are
//! asked through [`crate::effects::choices`].

use spacedock_schema::common::Size;
use spacedock_schema::effect::Rest;

use crate::effects::choices;
use crate::effects::eval::{self, Ctx};
use crate::effects::program::{Eff, Modify, StatKind};
use crate::effects::state::{Lasting, LastingKind};
use crate::event::Event;
use crate::game::Game;
use crate::ids::{PlayerId, ShipId};
use crate::question::{self, About, Answer};
use crate::rules::{cards, control, damage, energy, victory};
use crate::state::CardPlace;

/// Does effects in order; stops when the game is over.
pub(crate) fn run(game: &mut Game, ctx: &Ctx, effects: &[Eff]) {
    for effect in effects {
        if game.st.outcome.is_some() {
            return;
        }
        one(game, ctx, effect);
    }
}

fn one(game: &mut Game, ctx: &Ctx, effect: &Eff) {
    match effect {
        Eff::GainEnergy { amount, player } => {
            let player = eval::player(game, ctx, *player);
            energy::gain_energy(game, player, *amount);
        }
        Eff::SpendEnergy { amount, player } => {
            let player = eval::player(game, ctx, *player);
            energy::lose_energy(game, player, *amount);
        }
        Eff::Draw { count, player } => {
            let player = eval::player(game, ctx, *player);
            cards::owe_draws(game, player, *count);
            // Drawn now, so that the effects after it see the cards ("in
            // order"); what a full hand has no room for waits for the
            // player's discard, as any draw does.
            cards::settle_draws_of(game, player);
        }
        Eff::Discard { count, player } => {
            let player = eval::player(game, ctx, *player);
            for _ in 0..*count {
                if let Some(card) = choices::discard_choice(game, player, None) {
                    cards::discard_by(game, player, card);
                }
            }
        }
        Eff::Damage {
            damage: kind,
            amount,
            damage_type,
            target,
        } => {
            for ship in eval::selected(game, ctx, target) {
                damage::deal_damage(game, ship, *amount, *kind, *damage_type);
            }
        }
        Eff::AddShields { amount, target } => {
            for ship in eval::selected(game, ctx, target) {
                damage::add_shields(game, ship, *amount);
            }
        }
        Eff::RemoveShields { amount, target } => {
            for ship in eval::selected(game, ctx, target) {
                damage::remove_shields(game, ship, *amount);
            }
        }
        Eff::Repair { amount, target } => {
            for ship in eval::selected(game, ctx, target) {
                damage::repair_hull(game, ship, *amount);
            }
        }
        Eff::Modify(modify) => lasting_modify(game, ctx, modify),
        Eff::DenyCover {
            target,
            until: Some(until),
        } => {
            for ship in eval::selected(game, ctx, target) {
                game.st.effects.lasting.push(Lasting {
                    until: *until,
                    ship,
                    kind: LastingKind::DenyCover,
                });
            }
        }
        Eff::ExtraWeapon {
            weapon,
            target,
            until: Some(until),
        } => {
            for ship in eval::selected(game, ctx, target) {
                game.st.effects.lasting.push(Lasting {
                    until: *until,
                    ship,
                    kind: LastingKind::ExtraWeapon(*weapon),
                });
            }
        }
        Eff::TakeControl { target } => {
            for card in eval::selected_cards(game, ctx, target) {
                control::take_control(game, card, ctx.you);
            }
        }
        Eff::LaunchShip {
            ship,
            discount,
            near,
        } => choices::launch_ship(game, ctx, *ship, *discount, near.as_ref()),
        Eff::MoveShip { spaces, target } => {
            for ship in eval::selected(game, ctx, target) {
                choices::move_ship(game, ctx.you, ship, *spaces);
            }
        }
        Eff::MoveObstacles {
            obstacle,
            count,
            spaces,
            ram,
        } => choices::move_obstacles(game, ctx, *obstacle, *count, *spaces, *ram),
        Eff::Score { points } => {
            let team = game.data.team_of(ctx.you);
            let source = eval::source(game, ctx);
            victory::score_victory_points(game, team, *points, source, Some(ctx.you));
        }
        Eff::Escape { target, points } => {
            escape(game, ctx, &eval::selected(game, ctx, target), *points);
        }
        Eff::AttachPrepped { target } => {
            for card in eval::selected_cards(game, ctx, target) {
                let ship = game.data.card(card).ship;
                let prepped: Vec<u16> = game
                    .data
                    .powers
                    .prepped
                    .iter()
                    .filter(|(player, _, for_ship)| {
                        *player == ctx.you && usize::from(*for_ship) == ship
                    })
                    .map(|(_, kind, _)| *kind)
                    .collect();
                for kind in prepped {
                    cards::attach_prepped(game, ctx.you, usize::from(kind), card);
                }
            }
        }
        Eff::RollTable { rows } => {
            let roll = game.st.dice.roll(game.data.rules().number_die);
            let row = rows
                .iter()
                .position(|(from, to, _)| (*from..=*to).contains(&roll));
            game.emit_with(|game| Event::PowerRoll {
                source: eval::source(game, ctx),
                player: ctx.you,
                roll,
                row: row.map(|row| row as u32),
            });
            if let Some(row) = row {
                run(game, ctx, &rows[row].2);
            }
        }
        Eff::Reroll { dice } => {
            if let Some(attack) = &mut game.st.effects.attack {
                attack.reroll = Some(*dice);
            }
        }
        Eff::CancelHit => {
            if let Some(attack) = &mut game.st.effects.attack {
                attack.cancelled = true;
            }
        }
        Eff::Survive => {
            for ship in ctx.affected.iter(game) {
                let hull = crate::rules::stats::stat(game, crate::powers::Stat::Hull(ship));
                let state = &mut game.st.ships[ship.index()];
                state.hull_damage = (hull - 1).clamp(0, 255) as u8;
                state.shields = 0;
                game.st.effects.survived = true;
                let hull_damage = i32::from(state.hull_damage);
                game.emit(Event::Survived { ship, hull_damage });
            }
        }
        Eff::Detach => {
            if let Some(tactic) = ctx.tactic
                && eval::attached_to(game, tactic).is_some()
            {
                cards::discard_by(game, ctx.you, tactic);
                game.st
                    .effects
                    .attached_by
                    .retain(|(card, _)| *card != tactic);
            }
        }
        Eff::Choose { player, options } => {
            let chooser = eval::player(game, ctx, *player);
            let affordable: Vec<Answer> = (0..options.len())
                .filter(|&index| energy::can_pay(game, chooser, options[index].0))
                .map(|index| Answer::Option(index as u8))
                .collect();
            if affordable.is_empty() {
                return;
            }
            if let Answer::Option(index) = question::ask(game, chooser, About::Choose, affordable)
                && let Some((cost, effects)) = options.get(usize::from(index))
            {
                energy::spend_energy(game, chooser, *cost);
                run(game, ctx, effects);
            }
        }
        Eff::If {
            conditions,
            then,
            otherwise,
        } => run(
            game,
            ctx,
            eval::branch(game, ctx, conditions, then, otherwise),
        ),
        // Continuous effects act through the queries of `modify`; these
        // do nothing when they happen once.
        Eff::DenyCover { until: None, .. }
        | Eff::PreventDamage { .. }
        | Eff::AttackRangeLimit { .. }
        | Eff::QuickLaunch { .. }
        | Eff::TreatAsFaction { .. }
        | Eff::DrawFrom { .. }
        | Eff::ExtraWeapon { until: None, .. } => {}
    }
}

/// A `modify` that happens once lasts until its moment.
fn lasting_modify(game: &mut Game, ctx: &Ctx, modify: &Modify) {
    let Some(until) = modify.until else {
        return;
    };
    let mut ships = eval::selected(game, ctx, &modify.target);
    if modify.stat.of_card() {
        // "An effect on a ship card applies to each card with at least one
        // selected ship": one change for a squadron, by its first ship (a
        // card's ships come in a row).
        ships.dedup_by_key(|ship| game.data.card_of(*ship));
    }
    for ship in ships {
        let kind = if modify.stat == StatKind::CardCost {
            LastingKind::CardCost {
                amount: modify.amount,
                minimum: modify.minimum,
                card_type: modify.card_type,
                you: ctx.you,
            }
        } else if modify.stat == StatKind::Damage {
            LastingKind::Damage {
                amount: modify.amount,
                minimum: modify.minimum,
                damage_type: modify.damage_type,
            }
        } else {
            LastingKind::Modify {
                stat: modify.stat,
                amount: modify.amount,
                minimum: modify.minimum,
                weapon: modify.weapon,
                tactic: ctx.tactic,
            }
        };
        game.st.effects.lasting.push(Lasting { until, ship, kind });
    }
}

/// Ships leave the battlefield and score by size; a card whose ships are
/// all gone leaves play with what its hold carries.
fn escape(game: &mut Game, ctx: &Ctx, ships: &[ShipId], points: [u32; 3]) {
    let team = game.data.team_of(ctx.you);
    let mut scored = 0;
    for &ship in ships {
        scored += points[match game.data.size_of(ship) {
            Size::Small => 0,
            Size::Medium => 1,
            Size::Large => 2,
        }];
        crate::rules::movement::remove_from_battlefield(game, ship);
        let card = game.data.card_of(ship);
        let gone = game
            .data
            .card(card)
            .ship_ids()
            .all(|other| !eval::on_battlefield(game, other));
        if gone && game.st.cards[card.index()].place == CardPlace::Launched {
            game.st.cards[card.index()].place = CardPlace::OutOfPlay;
            game.emit(Event::CardOutOfPlay { card });
            let attached = std::mem::take(&mut game.st.cards[card.index()].attached);
            for tactic in attached {
                cards::discard(game, tactic);
            }
            for held in 0..game.st.cards.len() {
                if game.st.cards[held].place == CardPlace::Hold(card) {
                    game.st.cards[held].place = CardPlace::OutOfPlay;
                }
            }
        }
    }
    if scored > 0 {
        let source = eval::source(game, ctx);
        victory::score_victory_points(game, team, scored, source, Some(ctx.you));
    } else {
        victory::check(game);
    }
}

/// Where the cards `player` looked at but did not keep go: under the deck
/// one at a time, each beneath the ones before it, or to the discard pile.
pub(crate) fn put_away(
    game: &mut Game,
    player: PlayerId,
    deck: usize,
    cards: &[crate::ids::TacticId],
    rest: Rest,
) {
    for &card in cards {
        match rest {
            Rest::Bottom => {
                game.st.tactics[card.index()].place = crate::state::TacticPlace::Deck;
                game.st.decks[deck].cards.insert(0, card);
            }
            Rest::Discard => {
                game.st.tactics[card.index()].place = crate::state::TacticPlace::Deck;
                game.st.decks[deck].cards.insert(0, card);
                cards::discard_by(game, player, card);
            }
        }
    }
}
