//! `pack.toml`: a content pack's manifest.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The manifest at the root of every pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackManifest {
    /// The pack's id: a kebab-case slug, unique among the packs you combine.
    pub id: String,
    /// The pack's display name.
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// The pack's own version (free text, semver recommended).
    pub version: String,
    /// The game system the pack is for. Only `battleship-galaxies` exists today.
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Where the pack's numbers come from: which are printed, which designed.
    pub provenance: Provenance,
    /// Other packs this one builds on, by name, each at a path relative to this manifest.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dependencies: BTreeMap<String, Dependency>,
    /// The factions this pack defines, by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub factions: BTreeMap<String, Faction>,
    /// Other spellings that printed material uses for items of this pack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<Alias>,
}

/// Where a pack's values come from. Invented numbers must never pass for
/// printed ones, so a pack says which is which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// One paragraph on the sources of the pack's values.
    pub summary: String,
    /// Figures taken from printed material, each with where it is printed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub printed: Vec<String>,
    /// What was designed rather than printed, and how it was balanced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub designed: Option<String>,
}

/// A pack this pack depends on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Dependency {
    /// Path of the dependency's folder, relative to this `pack.toml`.
    pub path: String,
}

/// A faction defined by a pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    /// The faction's display name.
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
}

/// Another name for an item: a printed misspelling, say. Using it works but
/// warns, naming the canonical name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Alias {
    /// The other spelling.
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// The item it stands for: its id or exact display name.
    pub target: String,
    /// Where the other spelling comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}
