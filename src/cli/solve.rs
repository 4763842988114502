//! `satdoku solve`: one solution per puzzle.

use std::ops::ControlFlow;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::{SatSolver, Solver};
use serde::Serialize;

use super::args::{InputArgs, OutputArgs};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// A JSON row of `solve`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Solves every puzzle of the input.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?);
    let mut solver = SatSolver::new();
    let mut tally = Tally::default();
    let unreadable = input::for_each(&args.input, |item: Item<'_>| {
        let (status, solution, error) = match &item.puzzle {
            Err(err) => {
                eprintln!("satdoku: {}: {err}", item.file);
                tally.errors += 1;
                (Status::Invalid, None, Some(err.to_string()))
            }
            Ok(puzzle) => match solver.solve(puzzle) {
                Some(solution) => {
                    tally.solved += 1;
                    (Status::Solved, Some(solution), None)
                }
                None => {
                    eprintln!(
                        "satdoku: {}: puzzle {} (line {}): no solution",
                        item.file, item.index, item.line
                    );
                    tally.failed += 1;
                    (Status::NoSolution, None, None)
                }
            },
        };
        if out.is_json() {
            out.json(&Row {
                head: RowHead::new(&item, status),
                solution: solution.as_ref().map(|grid| out.line(grid)),
                error,
            })
        } else if let Some(solution) = &solution {
            out.grid(solution)
        } else {
            Ok(())
        }
        .context("writing the output")?;
        Ok(if status == Status::Invalid && args.input.fail_fast {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        })
    })?;
    tally.errors += unreadable;
    out.finish().context("writing the output")?;
    Ok(tally.exit_code())
}
