//! The registry of diagnostic codes. Codes are data: each has a stable id
//! (`SD0301`), a kebab-case name, a default severity, a one-line summary and
//! a longer explanation (`validator/explain/<id>.md`) that `spacedock
//! explain` prints. Ids are never reused: a retired code keeps its number.

use crate::diagnostic::Severity;

macro_rules! codes {
    ($($variant:ident = $id:literal, $name:literal, $severity:ident, $summary:literal;)*) => {
        /// A diagnostic code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(#[doc = $summary] $variant,)*
        }

        impl Code {
            /// Every code, in id order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable id, such as `SD0301`.
            pub fn id(self) -> &'static str {
                match self { $(Code::$variant => $id,)* }
            }

            /// The kebab-case name, such as `fleet-over-budget`.
            pub fn name(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// The severity diagnostics of this code have.
            pub fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)* }
            }

            /// One line on what the code means.
            pub fn summary(self) -> &'static str {
                match self { $(Code::$variant => $summary,)* }
            }

            /// The rule, why it exists, and an example fix, in Markdown.
            pub fn explanation(self) -> &'static str {
                match self {
                    $(Code::$variant => include_str!(concat!("../explain/", $id, ".md")),)*
                }
            }
        }
    };
}

codes! {
    // Reading files: syntax and shape.
    IoError = "SD0001", "io-error", Error, "A file or folder could not be read.";
    TomlSyntax = "SD0002", "toml-syntax", Error, "The file is not valid TOML.";
    UnknownKey = "SD0003", "unknown-key", Error, "A key that this kind of file does not have.";
    MissingKey = "SD0004", "missing-key", Error, "A required key is missing.";
    WrongType = "SD0005", "wrong-type", Error, "A value has the wrong type.";
    InvalidValue = "SD0006", "invalid-value", Error, "A value is not one of those allowed.";
    NumberOutOfRange = "SD0007", "number-out-of-range", Error, "A number is outside its allowed range.";
    NotAPack = "SD0008", "not-a-pack", Error, "The folder has no pack.toml manifest.";
    StrayFile = "SD0009", "stray-file", Warning, "A TOML file outside the folders a pack reads.";
    WrongGame = "SD0010", "wrong-game", Error, "The pack is for a game system spacedock does not know.";
    SchemaHeader = "SD0011", "schema-header", Warning, "A file's `#:schema` header names the schema of another kind of file.";

    // Resolving references.
    UnknownReference = "SD0101", "unknown-reference", Error, "A reference names no item.";
    AliasUsed = "SD0102", "alias-used", Warning, "A reference uses an alias instead of the canonical name.";
    DuplicateId = "SD0103", "duplicate-id", Error, "Two items share an id.";
    InvalidId = "SD0104", "invalid-id", Error, "An id is not a kebab-case slug.";
    BadAlias = "SD0105", "bad-alias", Error, "An alias shadows an item, is given twice, or points to nothing.";
    DependencyError = "SD0106", "dependency-error", Error, "A pack dependency is missing or circular.";
    AmbiguousName = "SD0107", "ambiguous-name", Error, "Two items of one kind share a display name.";
    DuplicateName = "SD0108", "duplicate-name", Error, "Two powers of a ship card's version, or two special rules or teams of a mission, share a name.";

    // Content integrity.
    HitChartShape = "SD0201", "hit-chart-shape", Error, "A hit-location chart does not match the dice.";
    DuplicateVersion = "SD0202", "duplicate-version", Error, "A ship card has two versions of one level.";
    SquadronCount = "SD0203", "squadron-count", Error, "A ship card's icon and ship count disagree.";
    WeaponCardMismatch = "SD0204", "weapon-card-mismatch", Error, "An additional weapon lacks weapon stats, or another card has them.";
    TacticIcon = "SD0205", "tactic-icon", Error, "A tactic card's icon does not fit its type.";
    UselessCapacity = "SD0206", "useless-capacity", Warning, "A ship has a capacity but nothing could ever fit.";
    InvalidRuleset = "SD0207", "invalid-ruleset", Error, "Ruleset values contradict each other.";
    InvalidBoard = "SD0208", "invalid-board", Error, "A board's half hexes or zones are not usable: off the board, empty, or named twice, with a `:` or with a word of the power language.";
    EmptyHitChart = "SD0209", "empty-hit-chart", Warning, "A hit-location chart has no hit cells.";

    // Fleet and deck building.
    FleetOverBudget = "SD0301", "fleet-over-budget", Error, "The fleet's launch cost exceeds the fleet cost.";
    DuplicateShip = "SD0302", "duplicate-ship", Error, "A fleet holds two ships of one name.";
    DeckSize = "SD0303", "deck-size", Error, "The tactic deck has the wrong number of cards.";
    CopyLimit = "SD0304", "copy-limit", Error, "More copies of a card than the copy limit allows.";
    NotEnoughCopies = "SD0305", "not-enough-copies", Error, "More copies of a card than the collection holds.";
    WrongFaction = "SD0306", "wrong-faction", Error, "A ship or card from another faction.";
    NotMissionFleet = "SD0307", "not-mission-fleet", Error, "A build differs from the mission-selected fleet or deck.";
    RequiredShipMissing = "SD0308", "required-ship-missing", Error, "A ship the mission requires is missing.";
    ForbiddenShip = "SD0309", "forbidden-ship", Error, "A ship the mission forbids is in the fleet.";
    CardTypeMinimum = "SD0310", "card-type-minimum", Error, "Too few cards of a type the mission asks for.";
    MissingVersion = "SD0311", "missing-version", Error, "A ship card has no such version.";
    SelectionMismatch = "SD0312", "selection-mismatch", Error, "A fleet or deck rule does not fit its selection method.";
    ShortDeck = "SD0313", "short-deck", Warning, "A tactic deck holds no more cards than its players' opening hands and the first draw.";
    EmptyFleet = "SD0314", "empty-fleet", Warning, "A fleet build with no ships.";

    // Transport.
    OverCapacity = "SD0401", "over-capacity", Error, "A transport hold carries more spaces than its capacity.";
    NoCapacity = "SD0402", "no-capacity", Error, "A ship without a capacity symbol transports ships.";
    TransportNotSmaller = "SD0403", "transport-not-smaller", Error, "A ship carries a ship that is not smaller.";
    NestedTransport = "SD0404", "nested-transport", Error, "A transported ship transports ships.";
    TransportedTwice = "SD0405", "transported-twice", Error, "A ship is in two holds, in its own, or not in the fleet.";
    TransportForbidden = "SD0406", "transport-forbidden", Error, "The mission does not allow transporting ships.";

    // Attachments.
    SlotLimit = "SD0501", "slot-limit", Error, "More cards of a type than the ship card's slots.";
    IconMismatch = "SD0502", "icon-mismatch", Error, "A solo card on a squadron or a squadron card on a solo ship.";
    HeroOnSquadron = "SD0503", "hero-on-squadron", Error, "A hero attached to a squadron.";
    DuplicateHero = "SD0504", "duplicate-hero", Error, "Two heroes of one name in a fleet.";
    AttachmentFaction = "SD0505", "attachment-faction", Error, "A card attached to a ship of another faction.";
    NotAttachable = "SD0506", "not-attachable", Error, "An event card attached to a ship.";
    SabotageOwnShip = "SD0507", "sabotage-own-ship", Error, "A sabotage card attached to its owner's ship.";
    TargetMismatch = "SD0508", "target-mismatch", Error, "A card prepped for or attached to a ship its `target` leaves out.";

    // Mission setup.
    PreppedShipMissing = "SD0601", "prepped-ship-missing", Error, "A card is prepped for a ship not in that player's fleet.";
    OffBoard = "SD0602", "off-board", Error, "A coordinate is outside the battlefield.";
    HalfHex = "SD0603", "half-hex", Error, "Something is placed on a half hex.";
    Overlap = "SD0604", "overlap", Error, "Zones, obstacles, tiles or ships overlap where they may not.";
    Seating = "SD0605", "seating", Error, "The players cannot be seated as the mission says.";
    DiscoverySetup = "SD0606", "discovery-setup", Error, "The discovery tile setup cannot be laid out.";
    ObstacleShape = "SD0607", "obstacle-shape", Error, "An obstacle does not cover the right adjacent hexes.";
    BoardJoin = "SD0608", "board-join", Error, "A mission's gameboards cannot be joined.";
    StartingShip = "SD0609", "starting-ship", Error, "A ship that starts on the battlefield cannot be placed as given.";
    NoVictory = "SD0610", "no-victory", Error, "A mission no side can win.";
    Components = "SD0611", "components", Warning, "A mission uses more obstacles, tiles, ship cards or tactic cards than a set holds.";
    DeckOwner = "SD0612", "deck-owner", Error, "A player has no tactic deck, or two.";
    AttachedNotPrepped = "SD0613", "attached-not-prepped", Error, "A card attached to a ship at the start is not prepped for it.";
    BattlefieldTooLarge = "SD0614", "battlefield-too-large", Error, "A mission's battlefield has more hexes than the engine plays.";
    MissionZone = "SD0615", "mission-zone", Error, "A mission's own zone has no usable hex, or the name of another zone or of a starting zone in the power language.";
    UnreachableVictory = "SD0616", "unreachable-victory", Warning, "A victory condition that can never decide a game.";

    // Powers and special rules: the effect language.
    InvalidTarget = "SD0701", "invalid-target", Error, "A role, target, player or effect that does not fit the power's source.";
    WrongTrigger = "SD0702", "wrong-trigger", Error, "A condition, role or effect that the power's trigger does not allow.";
    DieTable = "SD0703", "die-table", Error, "A die table does not cover every face of the number die exactly once.";
    InvalidParameter = "SD0704", "invalid-parameter", Error, "Parameters of a power that contradict each other or do nothing.";
    EmptyEffect = "SD0705", "empty-effect", Warning, "An `if`, `choose` or die table with nothing in any branch, so it does nothing.";
    ActsPerPlayer = "SD0706", "acts-per-player", Warning, "A round-boundary rule for several players whose effects name no player, so it does them once for each player.";

    // Scenario tests (`tests/*.toml`, run by `spacedock test`).
    InvalidScenario = "SD0801", "invalid-scenario", Error, "A scenario's setup cannot be built as written.";
    InvalidStep = "SD0802", "invalid-step", Error, "A scenario step lacks a key it needs, has one it does not take, or names what is not there.";
    InvalidExpectation = "SD0803", "invalid-expectation", Error, "A scenario expectation that can never be checked as written.";
    EmptyScenario = "SD0804", "empty-scenario", Warning, "A scenario with no steps and no expectations checks nothing.";
}

impl Code {
    /// The code with this id (`SD0301`) or name (`fleet-over-budget`), any case.
    pub fn lookup(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|code| {
            code.id().eq_ignore_ascii_case(text) || code.name().eq_ignore_ascii_case(text)
        })
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::Code;

    #[test]
    fn ids_and_names_are_unique_and_well_formed() {
        let mut seen = HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.id()), "{} used twice", code.id());
            assert!(seen.insert(code.name()), "{} used twice", code.name());
            assert!(
                crate::suggest::is_slug(code.name()),
                "{} is not kebab-case",
                code.name()
            );
            let id = code.id();
            assert!(
                id.len() == 6
                    && id.starts_with("SD")
                    && id[2..].bytes().all(|b| b.is_ascii_digit())
            );
        }
    }

    #[test]
    fn every_explanation_says_what_why_and_how_to_fix() {
        for code in Code::ALL {
            let text = code.explanation();
            assert!(
                text.starts_with(&format!("# {} {}", code.id(), code.name())),
                "{} explanation must open with its id and name",
                code.id()
            );
            for section in ["## Rule", "## Why", "## Example"] {
                assert!(
                    text.contains(section),
                    "{} explanation lacks `{section}`",
                    code.id()
                );
            }
        }
    }

    #[test]
    fn lookup_accepts_ids_and_names() {
        assert_eq!(Code::lookup("sd0301"), Some(Code::FleetOverBudget));
        assert_eq!(
            Code::lookup("fleet-over-budget"),
            Some(Code::FleetOverBudget)
        );
        assert_eq!(Code::lookup("SD9999"), None);
    }
}
