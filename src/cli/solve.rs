//! `satdoku solve`: one solution per puzzle.

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::SatSolver;
use serde::Serialize;

use super::args::{InputArgs, OutputArgs, SolverArgs};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    solver: SolverArgs,
    /// Print every solution of each puzzle, streamed as found (one JSON row each, with
    /// `number`, the solution's 1-based position).
    #[arg(long)]
    all: bool,
    /// With `--all`, stop after this many solutions per puzzle.
    #[arg(long, requires = "all")]
    limit: Option<u64>,
}

/// A JSON row of `solve`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Reports on stderr that a puzzle has no solution.
fn no_solution(item: &Item<'_>) {
    eprintln!(
        "satdoku: {}: puzzle {} (line {}): no solution",
        item.file, item.index, item.line
    );
}

/// Solves every puzzle of the input.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?);
    if args.all && args.solver.solver != "sat" {
        anyhow::bail!("--all enumerates solutions with the SAT engine only: drop --solver");
    }
    let mut solver = args.solver.make();
    let mut enumerator = SatSolver::new();
    let mut tally = Tally::default();
    let errors = input::for_each(&args.input, |item: Item<'_>| {
        let mut number = 0;
        let (status, solution, error) = match &item.puzzle {
            Err(err) => (Status::Invalid, None, Some(err.to_string())),
            Ok(puzzle) if args.all => {
                let limit = args.limit.unwrap_or(u64::MAX);
                let found = enumerator
                    .for_each_solution(puzzle, limit, |solution| {
                        number += 1;
                        if out.is_json() {
                            out.json(&Row {
                                head: RowHead::new(&item, Status::Solved),
                                number: Some(number),
                                solution: Some(out.line(&solution)),
                                error: None,
                            })
                        } else {
                            out.grid(&solution)
                        }
                    })
                    .context("writing the output")?;
                if found > 0 {
                    tally.solved += 1;
                    return Ok(());
                }
                no_solution(&item);
                tally.failed += 1;
                (Status::NoSolution, None, None)
            }
            Ok(puzzle) => match solver.solve(puzzle) {
                Some(solution) => {
                    tally.solved += 1;
                    (Status::Solved, Some(solution), None)
                }
                None => {
                    no_solution(&item);
                    tally.failed += 1;
                    (Status::NoSolution, None, None)
                }
            },
        };
        if out.is_json() {
            out.json(&Row {
                head: RowHead::new(&item, status),
                number: None,
                solution: solution.as_ref().map(|grid| out.line(grid)),
                error,
            })
        } else if let Some(solution) = &solution {
            out.grid(solution)
        } else {
            Ok(())
        }
        .context("writing the output")?;
        Ok(())
    })?;
    out.finish(tally, errors)
}
