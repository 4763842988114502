//! `satdoku count`: how many solutions each puzzle has, up to a limit.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use satdoku::{Count, Puzzle, Solver};

use super::args::{SolvingArgs, at_least_one};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    run: SolvingArgs,
    /// Stop counting at this many solutions, at least 1 (the count is then shown as `N+`).
    #[arg(long, default_value_t = 10_000, value_parser = at_least_one)]
    limit: u64,
}

/// A JSON row of `count`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Counts the solutions of every puzzle of the input, with the solver asked for (by
/// default `auto`, which hands enumerations past three solutions to a backtracker).
pub fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    out.csv_fields(&["status", "count", "complete", "error"]);
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    let count = |solver: &mut Box<dyn Solver + Send>, puzzle: &Puzzle| {
        let outcome = solver.run(
            puzzle,
            args.limit.saturating_add(1),
            args.run.solver.deadline(),
        );
        (
            Count::from_search(outcome.found, args.limit),
            outcome.timed_out,
        )
    };
    let errors = input::for_each_parallel(
        &args.run.input,
        &pool,
        || args.run.solver.make(),
        count,
        |item: Item, count| {
            let (row, text) = match (&item.puzzle, count) {
                (Err(_), _) => {
                    let error = item.error().unwrap_or_default();
                    let text = format!("invalid {error}");
                    tally.record(Status::Invalid, false);
                    let row = Row {
                        head: RowHead::new(&item, Status::Invalid),
                        count: None,
                        complete: None,
                        error: Some(error),
                    };
                    (row, text)
                }
                (Ok(_), count) => {
                    let (mut count, timed_out) = count.expect("valid puzzles are counted");
                    count.complete &= !timed_out;
                    let status = match count.count {
                        _ if timed_out => Status::Timeout,
                        0 => Status::NoSolution,
                        1 if count.complete => Status::Unique,
                        _ => Status::Multiple,
                    };
                    tally.record(status, count.count > 0 && !timed_out);
                    let row = Row {
                        head: RowHead::new(&item, status),
                        count: Some(count.count),
                        complete: Some(count.complete),
                        error: None,
                    };
                    let text = if timed_out {
                        format!("timeout {count}")
                    } else {
                        count.to_string()
                    };
                    (row, text)
                }
            };
            out.row(&row, &text)
        },
    )?;
    out.finish(tally, errors)
}
