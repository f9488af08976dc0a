//! The command line as data: clap derive types for every command and flag,
//! with the help and examples users see. Parsing only validates shape
//! (numbers, known choices); the commands turn these into library calls.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  spacedock check content/saturn-offensive
  spacedock build content/saturn-offensive -o saturn-offensive.json
  spacedock fleet check my-fleet.toml --pack content/saturn-offensive --mission ID
  spacedock list ships --pack content/saturn-offensive
  spacedock explain fleet-over-budget
  spacedock schema ship";

/// Compile Battleship Galaxies content packs into checked bundles.
#[derive(Debug, Parser)]
#[command(
    name = "spacedock",
    version,
    after_help = EXAMPLES,
    propagate_version = true,
    subcommand_required = true,
    arg_required_else_help = true
)]
pub(crate) struct Cli {
    /// When to colour diagnostics: auto colours only a terminal and honours `NO_COLOR`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true, value_name = "WHEN")]
    pub(crate) color: ColorChoice,

    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Check content packs and report every problem found.
    #[command(after_help = "\
Examples:
  spacedock check content/saturn-offensive
  spacedock check packs/base packs/expansion --deny-warnings
  spacedock check content/saturn-offensive --format json
  spacedock check content/saturn-offensive --format github  # CI annotations

Exit status: 0 when clean (warnings allowed), 1 when the content has errors
(or warnings with --deny-warnings), 2 when a pack cannot be read or the
command line is wrong.")]
    Check(CheckArgs),

    /// Compile a pack into a bundle (JSON) for the game engine.
    #[command(after_help = "\
Examples:
  spacedock build content/saturn-offensive -o saturn-offensive.json
  spacedock build content/saturn-offensive -o - | jq .content_hash

Nothing is written when the pack has errors; an existing output file is then
left as it was. The same pack always gives the same bytes.")]
    Build(BuildArgs),

    /// Check player fleet builds against a mission.
    #[command(
        subcommand,
        after_help = "\
Examples:
  spacedock fleet check my-fleet.toml --pack content/saturn-offensive --mission ID"
    )]
    Fleet(FleetCommand),

    /// Print the JSON Schema of a file kind, or write them all.
    #[command(after_help = "\
Examples:
  spacedock schema                       # list the kinds
  spacedock schema ship > ship.schema.json
  spacedock schema --write schema/json   # schema/json/<kind>.schema.json")]
    Schema(SchemaArgs),

    /// Explain a diagnostic code: the rule, why it exists, how to fix it.
    #[command(after_help = "\
Examples:
  spacedock explain SD0301
  spacedock explain fleet-over-budget
  spacedock explain --list")]
    Explain(ExplainArgs),

    /// List the ships, tactic cards or missions of a pack.
    #[command(after_help = "\
Examples:
  spacedock list ships --pack content/saturn-offensive
  spacedock list missions --pack content/saturn-offensive --format json")]
    List(ListArgs),
}

/// Output format of diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Rendered for people, on stderr.
    Human,
    /// One JSON object on stdout.
    Json,
    /// GitHub Actions workflow annotations on stdout.
    Github,
}

/// Output format of `list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ListFormat {
    /// Aligned columns.
    Human,
    /// A JSON array of entries.
    Json,
}

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Flags shared by every command that compiles and reports diagnostics.
#[derive(Debug, Args)]
pub(crate) struct ReportArgs {
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub(crate) format: Format,

    /// Treat warnings as errors (exit 1 when there are any).
    #[arg(long)]
    pub(crate) deny_warnings: bool,

    /// Game sets the players own: a deck may hold a card's copies in one set times this.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) sets: u32,
}

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// Pack folders (each holds a pack.toml).
    #[arg(required = true, value_name = "PACK")]
    pub(crate) packs: Vec<PathBuf>,

    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

#[derive(Debug, Args)]
pub(crate) struct BuildArgs {
    /// The pack folder (holds a pack.toml).
    #[arg(value_name = "PACK")]
    pub(crate) pack: PathBuf,

    /// Where to write the bundle; `-` for stdout.
    #[arg(short, long, value_name = "BUNDLE.json")]
    pub(crate) output: PathBuf,

    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

#[derive(Debug, Subcommand)]
pub(crate) enum FleetCommand {
    /// Check a fleet build (ships and tactic deck) for one seat of a mission.
    #[command(after_help = "\
Examples:
  spacedock fleet check my-fleet.toml --pack content/saturn-offensive --mission ID
  spacedock fleet check wretch.toml --pack base --mission ID --player 2
  spacedock fleet check wretch.toml --pack base --mission ID --player 'Wretch player'
  spacedock fleet check fleet.toml --pack base --mission ID --format json

ID is a mission's id or name (`spacedock list missions --pack PACK` shows
them). When the build is legal, its fleet cost, deck size and transport use
are printed.")]
    Check(FleetCheckArgs),
}

#[derive(Debug, Args)]
pub(crate) struct FleetCheckArgs {
    /// The fleet build file.
    #[arg(value_name = "FLEET.toml")]
    pub(crate) fleet: PathBuf,

    /// The pack folder the mission and ships come from.
    #[arg(long, value_name = "PACK")]
    pub(crate) pack: PathBuf,

    /// The mission's id or name.
    #[arg(long, value_name = "ID")]
    pub(crate) mission: String,

    /// The seat: a 1-based number in the mission's player order, or the player's name.
    #[arg(long, default_value = "1", value_name = "N|NAME")]
    pub(crate) player: String,

    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

#[derive(Debug, Args)]
pub(crate) struct SchemaArgs {
    /// The file kind (pack, rules, ship, tactics, board, mission, fleet, bundle); none lists them.
    #[arg(value_name = "KIND")]
    pub(crate) kind: Option<String>,

    /// Write the schemas as DIR/<kind>.schema.json instead of printing (all kinds unless KIND is given).
    #[arg(long, value_name = "DIR")]
    pub(crate) write: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    /// A code's id (SD0301) or name (fleet-over-budget), any case.
    #[arg(
        value_name = "CODE",
        required_unless_present = "list",
        conflicts_with = "list"
    )]
    pub(crate) code: Option<String>,

    /// List every code with its name, severity and summary.
    #[arg(long)]
    pub(crate) list: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ListArgs {
    /// What to list.
    #[arg(value_enum)]
    pub(crate) what: ListWhat,

    /// The pack folder.
    #[arg(long, value_name = "PACK")]
    pub(crate) pack: PathBuf,

    /// How to print the list.
    #[arg(long, value_enum, default_value_t = ListFormat::Human)]
    pub(crate) format: ListFormat,
}

/// The items `list` can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ListWhat {
    Ships,
    Tactics,
    Missions,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_command_has_examples() {
        fn walk(command: &clap::Command, path: &str) {
            let path = format!("{path} {}", command.get_name());
            let help = command
                .get_after_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            assert!(
                help.contains("Examples:"),
                "`{path}` has no examples in its help"
            );
            for sub in command
                .get_subcommands()
                .filter(|sub| sub.get_name() != "help")
            {
                walk(sub, &path);
            }
        }
        let mut command = Cli::command();
        command.build();
        walk(&command, "");
    }
}
