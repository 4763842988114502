//! `satdoku completions` and `satdoku man`: shell completion scripts and roff man pages.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Command};
use clap_complete::Shell;
use clap_mangen::Man;

/// Arguments of `satdoku completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell whose completion script to print.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `satdoku man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Print the page of this command (`satdoku-solve(1)` for `solve`) instead of the main
    /// page, `satdoku(1)`.
    command: Option<String>,
    /// Write every page (`satdoku.1`, `satdoku-solve.1` …) into this directory instead,
    /// and print their paths.
    #[arg(long, conflicts_with = "command")]
    dir: Option<PathBuf>,
}

/// Prints the completion script of `args.shell` for `cli`.
pub fn completions(args: &CompletionsArgs, mut cli: Command) -> anyhow::Result<ExitCode> {
    // clap_complete panics on a failed write: render into memory, then write.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "satdoku", &mut script);
    write_stdout(&script)
}

/// Prints the man page `args` asks for, or writes every page into `args.dir`.
pub fn man(args: &ManArgs, mut cli: Command) -> anyhow::Result<ExitCode> {
    // Pages of subcommands need the names and versions clap fills in when it builds.
    cli = cli.disable_help_subcommand(true);
    cli.build();
    if let Some(dir) = &args.dir {
        super::output::make_dir(dir)?;
        let mut paths = Vec::new();
        for command in std::iter::once(&cli).chain(cli.get_subcommands()) {
            let man = page(command.clone());
            let path = dir.join(man.get_filename());
            let mut roff = Vec::new();
            man.render(&mut roff)?;
            fs::write(&path, roff).with_context(|| format!("writing {}", path.display()))?;
            paths.push(format!("{}\n", path.display()));
        }
        return write_stdout(paths.concat().as_bytes());
    }
    let command = match &args.command {
        None => cli,
        Some(name) => cli.find_subcommand(name).cloned().with_context(|| {
            let names: Vec<&str> = cli.get_subcommands().map(Command::get_name).collect();
            format!("no command {name} (one of {})", names.join(", "))
        })?,
    };
    let mut roff = Vec::new();
    page(command).render(&mut roff)?;
    write_stdout(&roff)
}

/// The man page of `command`, its footer naming satdoku and its version.
fn page(command: Command) -> Man {
    Man::new(command).source(format!("satdoku {}", env!("CARGO_PKG_VERSION")))
}

fn write_stdout(bytes: &[u8]) -> anyhow::Result<ExitCode> {
    super::sink::open().context("writing the output")?;
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .context("writing the output")?;
    Ok(ExitCode::SUCCESS)
}
