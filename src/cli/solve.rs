//! `satdoku solve`: one solution per puzzle.

use std::ops::ControlFlow;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::{Grid, Puzzle, SatSolver, Solver};
use serde::Serialize;

use super::args::{ExpectArgs, PortfolioArgs, SolvingArgs, at_least_one};
use super::input::{self, Item};
use super::interrupt::interrupted;
use super::output::{Output, RowHead, Status, Tally, report_item};

/// Arguments of `satdoku solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    run: SolvingArgs,
    /// Print every solution of each puzzle, streamed as found (one JSON row each, with
    /// `number`, the solution's 1-based position).
    #[arg(long)]
    all: bool,
    /// With `--all`, stop after this many solutions per puzzle (at least 1).
    #[arg(long, requires = "all", value_parser = at_least_one)]
    limit: Option<u64>,
    #[command(flatten)]
    expect: ExpectArgs,
    #[command(flatten)]
    portfolio: PortfolioArgs,
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

/// Solves every puzzle of the input.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    if let Some(why) = args.run.solver.regions_unanswered() {
        args.run.input.unanswered(why);
    }
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    out.csv_fields(&["status", "solution", "error"]);
    args.portfolio.check(&args.run.solver)?;
    if args.all && args.portfolio.portfolio {
        anyhow::bail!(
            "--all enumerates solutions one after another and does not race: drop --portfolio"
        );
    }
    if args.all && args.expect.expect.is_some() {
        anyhow::bail!(
            "--expect compares the one solution solve finds with the input's: drop --all"
        );
    }
    if args.all {
        if !matches!(args.run.solver.name(), "auto" | "sat") {
            anyhow::bail!("--all enumerates solutions with the SAT engine only: drop --solver");
        }
        return all(args, out);
    }
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    let solve = |solver: &mut Box<dyn Solver + Send>, puzzle: &Puzzle, threads: usize| {
        solver.set_threads(threads);
        let outcome = solver.run(puzzle, 1, args.run.solver.deadline());
        (outcome.timed_out, outcome.solutions.into_iter().next())
    };
    let errors = input::for_each_sharing(
        &args.run.input,
        &pool,
        args.portfolio.portfolio,
        || args.run.solver.make(),
        solve,
        |item: Item, solution| {
            let (status, solution, error) = match (&item.puzzle, solution) {
                (Err(_), _) => (Status::Invalid, None, item.error()),
                (Ok(puzzle), Some((false, Some(solution)))) => {
                    // The input's own solution, when it gives one: its verdict comes first
                    // (on stderr too when the output is grids, which have no place for it).
                    match super::expect::judged(&args.expect, &item, puzzle) {
                        Some((status, why)) => {
                            if !out.writes_rows() {
                                report_item(&item, &format!("{}: {why}", status.words()));
                            }
                            (status, Some(solution), Some(why))
                        }
                        None => (Status::Solved, Some(solution), None),
                    }
                }
                (Ok(_), Some((true, _))) => {
                    report_item(&item, "timeout");
                    (Status::Timeout, None, None)
                }
                (Ok(_), _) => {
                    report_item(&item, "no solution");
                    (Status::NoSolution, None, None)
                }
            };
            tally.record(status, status == Status::Solved);
            row(&mut out, &item, status, None, solution.as_ref(), error)
        },
    )?;
    out.finish(tally, errors)
}

/// Prints one result: a JSON row, or the solution in the chosen layout.
fn row(
    out: &mut Output,
    item: &Item,
    status: Status,
    number: Option<u64>,
    solution: Option<&Grid>,
    error: Option<String>,
) -> anyhow::Result<()> {
    if out.writes_rows() {
        out.write_row(&Row {
            head: RowHead::new(item, status),
            number,
            solution: solution.map(|grid| out.line(grid, item.notation.alphabet())),
            error,
        })
    } else if let (Some(solution), Ok(puzzle)) = (solution, &item.puzzle) {
        out.grid(solution, puzzle.rules(), item.notation.alphabet())
    } else {
        out.status_comment(item, status)
    }
    .context("writing the output")
}

/// `--all`: every solution of each puzzle, streamed as the SAT engine finds them.
fn all(args: &SolveArgs, mut out: Output) -> anyhow::Result<ExitCode> {
    let mut enumerator = SatSolver::new();
    let mut tally = Tally::default();
    let errors = input::for_each(&args.run.input, |item: Item| {
        let puzzle = match &item.puzzle {
            Err(_) => {
                let error = item.error();
                tally.record(Status::Invalid, false);
                row(&mut out, &item, Status::Invalid, None, None, error)?;
                return out.commit().context("writing the output");
            }
            Ok(puzzle) => puzzle,
        };
        let limit = args.limit.unwrap_or(u64::MAX);
        let mut number = 0;
        let found = enumerator.for_each_solution(puzzle, limit, |solution| {
            number += 1;
            if number == 1 && !out.writes_rows() {
                // Solutions of different puzzles are told apart by a comment line.
                out.comment(&format!(
                    "puzzle {} of {} (line {})",
                    item.index, item.file, item.line
                ))
                .context("writing the output")?;
            }
            row(
                &mut out,
                &item,
                Status::Solved,
                Some(number),
                Some(&solution),
                None,
            )?;
            // Each solution is written whole as it is found.
            out.commit().context("writing the output")?;
            Ok::<_, anyhow::Error>(if interrupted() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        })?;
        if found > 0 {
            tally.record(Status::Solved, true);
            return Ok(());
        }
        report_item(&item, "no solution");
        tally.record(Status::NoSolution, false);
        row(&mut out, &item, Status::NoSolution, None, None, None)?;
        out.commit().context("writing the output")
    })?;
    out.finish(tally, errors)
}
