//! `satdoku solve`: one solution per puzzle.

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::{Grid, Puzzle, SatSolver, Solver};
use serde::Serialize;

use super::args::{InputArgs, OutputArgs, SolverArgs, ThreadArgs};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};
use super::progress;

/// Arguments of `satdoku solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    solver: SolverArgs,
    #[command(flatten)]
    threads: ThreadArgs,
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

/// Reports on stderr what became of a puzzle that has no solution printed.
fn report(item: &Item<'_>, what: &str) {
    progress::report(&format!(
        "satdoku: {}: puzzle {} (line {}): {what}",
        item.file, item.index, item.line
    ));
}

/// Solves every puzzle of the input.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?);
    if args.all {
        if args.solver.solver != "sat" {
            anyhow::bail!("--all enumerates solutions with the SAT engine only: drop --solver");
        }
        return all(args, out);
    }
    let pool = args.threads.pool()?;
    let mut tally = Tally::default();
    let solve = |solver: &mut Box<dyn Solver + Send>, puzzle: &Puzzle| {
        let outcome = solver.run(puzzle, 1, args.solver.deadline());
        (outcome.timed_out, outcome.solutions.into_iter().next())
    };
    let errors = input::for_each_parallel(
        &args.input,
        &pool,
        || args.solver.make(),
        solve,
        |item: Item<'_>, solution| {
            let (status, solution, error) = match (&item.puzzle, solution) {
                (Err(_), _) => (Status::Invalid, None, item.error()),
                (Ok(_), Some((false, Some(solution)))) => {
                    tally.solved += 1;
                    (Status::Solved, Some(solution), None)
                }
                (Ok(_), Some((true, _))) => {
                    report(&item, "timeout");
                    tally.failed += 1;
                    (Status::Timeout, None, None)
                }
                (Ok(_), _) => {
                    report(&item, "no solution");
                    tally.failed += 1;
                    (Status::NoSolution, None, None)
                }
            };
            row(&mut out, &item, status, None, solution.as_ref(), error)
        },
    )?;
    out.finish(tally, errors)
}

/// Prints one result: a JSON row, or the solution in the chosen layout.
fn row(
    out: &mut Output,
    item: &Item<'_>,
    status: Status,
    number: Option<u64>,
    solution: Option<&Grid>,
    error: Option<String>,
) -> anyhow::Result<()> {
    if out.is_json() {
        out.json(&Row {
            head: RowHead::new(item, status),
            number,
            solution: solution.map(|grid| out.line(grid)),
            error,
        })
    } else if let Some(solution) = solution {
        out.grid(solution)
    } else {
        Ok(())
    }
    .context("writing the output")
}

/// `--all`: every solution of each puzzle, streamed as the SAT engine finds them.
fn all(args: &SolveArgs, mut out: Output) -> anyhow::Result<ExitCode> {
    let mut enumerator = SatSolver::new();
    let mut tally = Tally::default();
    let errors = input::for_each(&args.input, |item: Item<'_>| {
        let puzzle = match &item.puzzle {
            Err(_) => {
                let error = item.error();
                return row(&mut out, &item, Status::Invalid, None, None, error);
            }
            Ok(puzzle) => puzzle,
        };
        let limit = args.limit.unwrap_or(u64::MAX);
        let mut number = 0;
        let found = enumerator.for_each_solution(puzzle, limit, |solution| {
            number += 1;
            row(
                &mut out,
                &item,
                Status::Solved,
                Some(number),
                Some(&solution),
                None,
            )
        })?;
        if found > 0 {
            tally.solved += 1;
            return Ok(());
        }
        report(&item, "no solution");
        tally.failed += 1;
        row(&mut out, &item, Status::NoSolution, None, None, None)
    })?;
    out.finish(tally, errors)
}
