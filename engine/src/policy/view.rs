//! Public facts a policy needs that [`Observation`] does not list yet: the
//! battlefield's geometry (hex distance, neighbours, the middle), single
//! ships and ship cards by id, and the face of tactic cards the observer
//! may see (their own hand and prepped cards, cards in play, discards).
//!
//! Everything here is what a player at the table sees: the printed board,
//! the ships on it, open cards. Nothing reaches a hand, a deck's order, a
//! screen or a sealed hold of another player.

use crate::game::{CardView, ShipView, TacticView};
use crate::ids::{Hex, ShipCardId, ShipId, TacticId};
use crate::observation::Observation;
use crate::rules::damage::Damage;
use crate::state::{CardPlace, TacticPlace, WeaponRef};

impl<'a> Observation<'a> {
    /// Spaces between two hexes of the battlefield.
    pub fn hex_distance(&self, a: Hex, b: Hex) -> u32 {
        self.game.data.board.distance(a, b)
    }

    /// The neighbour of `hex` in direction `dir` (0..6: E, NE, NW, W, SW, SE),
    /// if it is on the battlefield.
    pub fn neighbour(&self, hex: Hex, dir: u8) -> Option<Hex> {
        self.game.data.board.neighbour(hex, dir)
    }

    /// Hexes on the battlefield, numbered `0..hex_count()`.
    pub fn hex_count(&self) -> usize {
        self.game.data.board.len()
    }

    /// Whether a ship may move through `hex`: a whole hex (not a half one)
    /// with no asteroid on it. Ships are passed through, so they do not
    /// count.
    pub fn passable(&self, hex: Hex) -> bool {
        self.game.data.board.usable(hex) && !crate::rules::obstacles::is_asteroid(self.game, hex)
    }

    /// The hexes asteroids cover now, obstacle by obstacle: what changes
    /// which hexes are [`Observation::passable`] during a game.
    pub fn asteroid_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.game
            .obstacles()
            .filter(|(kind, _)| *kind == spacedock_schema::rules::Obstacle::Asteroid)
            .flat_map(|(_, hexes)| hexes.iter().copied())
    }

    /// The hex nearest the middle of the battlefield.
    pub fn centre(&self) -> Hex {
        let board = &self.game.data.board;
        let columns = u32::from(board.columns);
        let rows = u32::from(board.rows);
        board
            .hex([columns.div_ceil(2), rows.div_ceil(2)])
            .unwrap_or(Hex(0))
    }

    /// One ship card, if the observer may see it (the rule of
    /// [`Observation::cards`]: their own, or one in play), without walking
    /// the list.
    pub fn card(&self, card: ShipCardId) -> Option<CardView<'a>> {
        let view = self.game.card(card);
        let visible = view.controller == self.player()
            || matches!(view.place, CardPlace::Launched | CardPlace::OutOfPlay);
        visible.then_some(view)
    }

    /// One ship, if the observer may see it (the rule of
    /// [`Observation::ships`]: on the battlefield, or of a visible card).
    pub fn ship(&self, ship: ShipId) -> Option<ShipView> {
        let view = self.game.ship(ship);
        (view.pos.is_some() || self.card(view.card).is_some()).then_some(view)
    }

    /// A tactic card's face, if the observer may see it: in their hand or
    /// prepped for them, attached to a ship card, or in a discard pile.
    pub fn tactic(&self, tactic: TacticId) -> Option<TacticView<'a>> {
        let view = self.game.tactic(tactic);
        let visible = match view.place {
            TacticPlace::Hand(player) | TacticPlace::Prepped(player) => player == self.player(),
            TacticPlace::Attached(_) | TacticPlace::Discard => true,
            TacticPlace::Deck => false,
        };
        visible.then_some(view)
    }

    /// The victory points the observer's team expects from using power
    /// `power` as an action ([`crate::Action::UsePower`]): a roll table's
    /// rows averaged over the number die. Mission rules are public.
    pub fn power_points(&self, power: u16) -> f64 {
        crate::effects::worth::power_points(self.game, power)
    }

    /// The energy using power `power` costs (0 for a free one): what
    /// [`crate::Action::UsePower`] or a "you may pay" question spends.
    /// Powers are public, as the cards that print them.
    pub fn power_cost(&self, power: u16) -> i32 {
        self.game
            .data
            .powers
            .powers
            .get(usize::from(power))
            .map_or(0, |power| power.cost)
    }

    /// The victory points the observer's team would score at once if
    /// they attached `tactic` to `card` now, from the powers that answer
    /// attaching (a mission's "each time ... attaches" rule); another
    /// team's points count against. `None` for a tactic card the observer
    /// cannot see (another player's hand, any deck): its card type would
    /// tell what it is.
    pub fn attach_points(&self, tactic: TacticId, card: ShipCardId) -> Option<f64> {
        self.tactic(tactic)?;
        Some(crate::effects::worth::attach_points(
            self.game,
            self.player(),
            tactic,
            card,
        ))
    }

    /// The range playing event `tactic` adds to the primary weapon of the
    /// ships it modifies (0 for a card that adds none); `None` for a card
    /// the observer cannot see.
    pub fn play_range_bonus(&self, tactic: TacticId) -> Option<i32> {
        self.tactic(tactic)?;
        Some(crate::effects::worth::play_range_bonus(self.game, tactic))
    }

    /// The most spaces playing event `tactic` moves ships (0 for a card
    /// that moves none); `None` for a card the observer cannot see.
    pub fn play_moves(&self, tactic: TacticId) -> Option<u32> {
        self.tactic(tactic)?;
        Some(crate::effects::worth::play_moves(self.game, tactic))
    }

    /// The board zone where the observer's ships of `card` escape by
    /// ending their activation in it, and the victory points each ship
    /// scores so, if a mission rule or the card's own power says so.
    pub fn escape_zone(&self, card: ShipCardId) -> Option<(usize, u32)> {
        crate::effects::worth::escape_zone(self.game, self.player(), card)
    }

    /// The board zone a mission rule scores victory points for while a
    /// ship of the observer's stands in it, when ships of `card` count.
    pub fn hold_zone(&self, card: ShipCardId) -> Option<usize> {
        crate::effects::worth::hold_zone(self.game, self.player(), card)
    }

    /// The victory points that win the game for `team` at once, if the
    /// mission gives it such a goal (the lowest, if several).
    pub fn points_to_win(&self, team: crate::ids::TeamId) -> Option<u32> {
        let game = self.game;
        let name = game.team_name(team);
        game.mission()
            .victory
            .points
            .iter()
            .filter(|goal| goal.team == name)
            .map(|goal| goal.threshold)
            .min()
    }

    /// The round from which a team with no ships on the battlefield
    /// loses (the rulebook's "after the second round"), if the mission is
    /// won by destroying all of the other side's ships. Mission rules are
    /// public.
    pub fn destroy_all_from(&self) -> Option<u32> {
        let game = self.game;
        game.mission()
            .victory
            .destroy_all
            .then(|| game.data.rules().destroy_all_earliest_round)
    }

    /// Whether `hex` is in board zone `zone` (an index of the mission's
    /// battlefield, as [`Observation::escape_zone`] gives); false for a
    /// zone or hex that does not exist.
    pub fn in_zone(&self, zone: usize, hex: Hex) -> bool {
        self.game.data.board.in_zone_checked(zone, hex)
    }

    /// The most energy a player may hold: what is gained beyond it is
    /// lost.
    pub fn energy_max(&self) -> i32 {
        self.game.data.rules().energy_max as i32
    }

    /// Whether a tactic card the observer holds can never be played
    /// again, as far as its print and the observer's own fleet show: an
    /// upgrade, hero or additional weapon for which the observer has no
    /// ship card left (launched, behind the screen or in a hold) that fits
    /// it, or a card whose conditions or target need a ship card of the
    /// observer's that is no longer where they need it ("while your F-47
    /// Blue Hawks are unlaunched" once they are launched, "within 3 spaces
    /// of an F-51 Blue Sparrow you control" once the Sparrows are gone).
    /// A card played on the enemy is never dead here: the enemy's screen is
    /// hidden. False for a card the observer cannot see.
    pub fn tactic_dead(&self, tactic: TacticId) -> bool {
        use crate::effects::program::{Cond, Sel};
        use spacedock_schema::common::TacticType;
        use spacedock_schema::effect::Role;
        if self.tactic(tactic).is_none() {
            return false;
        }
        let game = self.game;
        let me = self.player();
        let kind_index = game.data.tactics[tactic.index()].kind;
        let kind = game.data.kind_of(tactic);
        let play = &game.data.powers.plays[kind_index];
        // The observer's ship cards that `fits` and are in a place `at`
        // allows.
        let own = |at: &dyn Fn(CardPlace) -> bool,
                   fits: &dyn Fn(ShipCardId, &crate::data::CardData) -> bool| {
            game.data.cards.iter().enumerate().any(|(index, data)| {
                let state = &game.st.cards[index];
                state.controller == me && at(state.place) && fits(ShipCardId(index as u16), data)
            })
        };
        let in_fleet = |place: CardPlace| {
            matches!(
                place,
                CardPlace::Launched | CardPlace::Screen | CardPlace::Hold(_)
            )
        };
        let missing = |sel: &Sel| {
            named_own(sel)
                .is_some_and(|ship| !own(&in_fleet, &|_, data| data.ship == usize::from(ship)))
        };
        if play.target.as_ref().is_some_and(missing) {
            return true;
        }
        for condition in &play.conditions {
            let dead = match condition {
                Cond::Unlaunched { ship } => !own(
                    &|place| matches!(place, CardPlace::Screen | CardPlace::Hold(_)),
                    &|_, data| data.ship == usize::from(*ship),
                ),
                Cond::Acting(sel) | Cond::Affected(sel) | Cond::Exists(sel) => missing(sel),
                _ => false,
            };
            if dead {
                return true;
            }
        }
        if play
            .target
            .as_ref()
            .is_some_and(|sel| sel.role == Role::Enemy)
        {
            return false;
        }
        match kind.kind {
            TacticType::Hero | TacticType::ShipUpgrade | TacticType::AdditionalWeapon => {
                !own(&in_fleet, &|card, data| {
                    kind.icon.is_none_or(|icon| icon == data.icon)
                        && (kind.kind != TacticType::Hero
                            || data.icon == spacedock_schema::common::Icon::Solo)
                        && (data.faction == kind.faction
                            || crate::powers::treated_as_faction(game, card, kind_index))
                        && play.target.as_ref().is_none_or(|sel| sel.fits_print(data))
                })
            }
            TacticType::Event | TacticType::Sabotage => false,
        }
    }

    /// The weapon charged now that has attacks left: what
    /// [`crate::Action::Attack`] fires, and which ship fires it.
    pub fn charged_weapon(&self) -> Option<(ShipId, WeaponRef)> {
        let charge = self.game.st.activation?.charge?;
        Some((charge.ship, charge.weapon))
    }

    /// What a hit of `ship`'s weapon `weapon` does, as printed: most
    /// remove shield pegs and then add hull damage pegs
    /// ([`Damage::Attack`]), some only remove shield pegs
    /// ([`Damage::Shield`]) or only add hull damage pegs ([`Damage::Hull`]).
    pub fn weapon_damage(&self, ship: ShipId, weapon: WeaponRef) -> Damage {
        let game = self.game;
        crate::rules::stats::weapon(game, game.data.card_of(ship), weapon)
            .map_or(Damage::Attack, |data| data.damage)
    }

    /// The steps `ship` may still take in this activation: the rest of
    /// its move when it is moving, its whole move when its card is being
    /// activated and it has not moved, none otherwise.
    pub fn moves_left(&self, ship: ShipId) -> u32 {
        let game = self.game;
        let Some(act) = game.st.activation else {
            return 0;
        };
        if act.mover == Some(ship) {
            return u32::from(act.moves_left);
        }
        let state = &game.st.ships[ship.index()];
        if act.attacking || state.moved || game.data.card_of(ship) != act.card {
            return 0;
        }
        u32::from(crate::rules::movement::move_of(game, ship))
    }
}

/// Where one step of a ship leads, as [`Observation::step_landing`] reads
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Whether the ship may end its move there (no other ship's hex under
    /// it).
    pub stops: bool,
    /// Whether it may end its move at a position the caller calls good,
    /// there or within the moves it has left after the step.
    pub good_stop: bool,
}

impl Observation<'_> {
    /// Where a step of `ship` in `dir` (as [`crate::Action::Step`]
    /// numbers directions) leads: whether the ship may stop there, and
    /// whether a position it may stop on and of which `good` holds (given
    /// the hexes the ship would cover) is there or within its moves left
    /// after the step. `None` where the step leads nowhere the ship fits.
    /// Ships are passed through but never stopped on; asteroids are never
    /// entered.
    pub fn step_landing(
        &self,
        ship: ShipId,
        dir: u8,
        good: impl Fn(&[Hex]) -> bool,
    ) -> Option<Landing> {
        let game = self.game;
        let pos = game.st.ships[ship.index()].pos?;
        let size = game.data.size_of(ship);
        let board = &game.data.board;
        let spots = board.spots(size);
        let mover = crate::rules::movement::Mover::new(game, ship);
        let space = |index: u16| mover.rest(index);
        let landing = *board.spot(size, pos).steps(12).get(usize::from(dir))?;
        let stops = space(landing)?;
        let good_here = |index: u16| good(spots[usize::from(index)].hexes());
        if stops {
            return Some(Landing {
                stops,
                good_stop: good_here(landing),
            });
        }
        // The moves left after this step: a search of the positions within
        // them, each reached in as few steps as it can be.
        let moves = self.moves_left(ship).saturating_sub(1);
        let mut seen = vec![false; spots.len()];
        seen[usize::from(landing)] = true;
        let mut frontier = vec![landing];
        let mut next = Vec::new();
        for _ in 0..moves {
            for &at in &frontier {
                for &step in spots[usize::from(at)].steps(6) {
                    let Some(seen_step) = seen.get_mut(usize::from(step)) else {
                        continue;
                    };
                    if *seen_step {
                        continue;
                    }
                    *seen_step = true;
                    match space(step) {
                        Some(true) if good_here(step) => {
                            return Some(Landing {
                                stops,
                                good_stop: true,
                            });
                        }
                        Some(false) => next.push(step),
                        Some(true) | None => {}
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
        Some(Landing {
            stops,
            good_stop: false,
        })
    }
}

/// The ship card a selector names among the observer's own ships (at any
/// depth of "within ... of"): a card the selector needs in the fleet.
fn named_own(sel: &crate::effects::program::Sel) -> Option<u16> {
    match sel.ship {
        Some(ship) if sel.role == spacedock_schema::effect::Role::Friendly => Some(ship),
        _ => sel.within.as_ref().and_then(|(_, of)| named_own(of)),
    }
}
