//! `spacedock`: the command-line face of the spacedock compiler and engine.
//!
//! This binary is glue. The compiler (`spacedock-validator`), the file
//! schemas (`spacedock-schema`) and the rules engine with its simulator
//! (`spacedock-engine`) are libraries that describe what they find and
//! never print; this crate parses the command line, calls them, and
//! renders their results for people (miette), scripts (JSON) and CI
//! (GitHub annotations). It is the only place that prints.
//!
//! Exit status: 0 success, 1 content errors, 2 usage or I/O errors.

mod args;
mod build;
mod check;
mod error;
mod exit;
mod explain;
mod fleet;
mod list;
mod playtest;
mod render;
mod replay;
mod schema;
mod sim;
mod test;
mod write;

use std::ffi::OsString;
use std::io::Write as _;
use std::process::ExitCode;

use crate::args::{Cli, Command, FleetCommand, SimCommand};
use crate::error::Error;
use crate::exit::Exit;
use crate::render::Style;

fn main() -> ExitCode {
    run(std::env::args_os()).into()
}

/// Parses the arguments, runs the command, and reports a failure that
/// stopped it.
fn run(args: impl IntoIterator<Item = OsString>) -> Exit {
    let args: Vec<OsString> = args.into_iter().collect();
    // Clap prints its own errors and help before `--color` is parsed: the
    // flag is looked up first, so that they heed it too.
    let command = <Cli as clap::CommandFactory>::command().color(clap_color(&args));
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) if error.kind() == clap::error::ErrorKind::DisplayVersion => {
            // One version for every command: clap would name a subcommand
            // `spacedock-sim`.
            // A reader gone away (`| head -0`) is no failure.
            let _ = writeln!(std::io::stdout(), "spacedock {}", env!("CARGO_PKG_VERSION"));
            return Exit::Success;
        }
        Err(error) => {
            // Help is a clap "error" that prints to stdout.
            let _ = error.print();
            return if error.use_stderr() {
                Exit::UsageOrIo
            } else {
                Exit::Success
            };
        }
    };
    match dispatch(&cli) {
        Ok(exit) => exit,
        // The reader went away (`spacedock check | head`): not worth a
        // message, but the output is cut short, so the run did not
        // succeed. Exiting 0 would pass a CI step whose pack has errors.
        Err(error) if error.is_broken_pipe() => Exit::UsageOrIo,
        Err(error) => {
            // Coloured as clap colours its own errors, when colour is on.
            let (error_word, help_word) = if Style::detect(cli.color).color {
                ("\x1b[1;31merror:\x1b[0m", "\x1b[1;32mhelp:\x1b[0m")
            } else {
                ("error:", "help:")
            };
            let mut stderr = std::io::stderr().lock();
            let _ = writeln!(stderr, "{error_word} {error}");
            if let Some(help) = error.help() {
                let _ = writeln!(stderr, "{help_word} {help}");
            }
            Exit::UsageOrIo
        }
    }
}

/// The last `--color WHEN` (or `--color=WHEN`) of the command line, for
/// clap's own output; auto when there is none or it is not a word clap
/// knows (clap then reports it).
fn clap_color(args: &[OsString]) -> clap::ColorChoice {
    let mut choice = clap::ColorChoice::Auto;
    let mut words = args.iter().filter_map(|arg| arg.to_str());
    while let Some(word) = words.next() {
        let value = match word.strip_prefix("--color") {
            Some("") => words.next(),
            Some(rest) => rest.strip_prefix('='),
            None => continue,
        };
        choice = match value {
            Some("always") => clap::ColorChoice::Always,
            Some("never") => clap::ColorChoice::Never,
            _ => clap::ColorChoice::Auto,
        };
    }
    choice
}

fn dispatch(cli: &Cli) -> Result<Exit, Error> {
    let style = Style::detect(cli.color);
    match &cli.command {
        Command::Check(args) => check::run(args, style),
        Command::Build(args) => build::run(args, style),
        Command::Fleet(FleetCommand::Check(args)) => fleet::run(args, style),
        Command::Schema(args) => schema::run(args),
        Command::Explain(args) => explain::run(args),
        Command::List(args) => list::run(args, style),
        Command::Sim(args) => match &args.command {
            Some(SimCommand::Merge(merge)) => sim::merge(merge),
            None => sim::run(&args.run, style),
        },
        Command::Replay(args) => replay::run(args, style),
        Command::Test(args) => test::run(args, style),
    }
}
