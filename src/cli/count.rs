//! `satdoku count`: how many solutions each puzzle has, up to a limit.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use satdoku::estimate::{Estimate, EstimateError, Magnitude, Sampling, estimate};
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
    /// Past the limit, estimate the number of solutions, with a 95% interval: the mean of
    /// random probes down the search tree (Knuth's estimator, each probe ending on a
    /// subtree of at most 64 solutions counted exactly). Text `10000+ about 6.67e21 (95%
    /// interval 6.10e21 to 7.24e21, 1000 probes)`; JSON `estimate`, `low`, `high` (numbers;
    /// a string such as `"4.36e308"` beyond a double), `probes` and `effective` (how many
    /// probes of equal value would weigh as these; below a tenth of them the text warns
    /// that the interval may be too narrow). The deadline of
    /// --timeout stops the probes (the estimate then rests on those done).
    #[arg(long)]
    estimate: bool,
    /// With --estimate, the probes per puzzle (at least 2): four times as many halve the
    /// interval.
    #[arg(long, requires = "estimate", default_value_t = 1_000, value_parser = clap::value_parser!(u32).range(2..))]
    probes: u32,
    /// With --estimate, the seed of the probes' random draws: the same seed and input give
    /// the same estimates on every machine.
    #[arg(long, requires = "estimate", default_value_t = 0)]
    seed: u64,
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
    estimate: Option<Magnitude>,
    #[serde(skip_serializing_if = "Option::is_none")]
    low: Option<Magnitude>,
    #[serde(skip_serializing_if = "Option::is_none")]
    high: Option<Magnitude>,
    #[serde(skip_serializing_if = "Option::is_none")]
    probes: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effective: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// What counting one puzzle found: the count up to the limit, whether the deadline
/// stopped it, and past the limit the estimate when asked (or why there is none).
struct Counted {
    count: Count,
    timed_out: bool,
    estimate: Option<Result<Estimate, EstimateError>>,
}

/// Counts the solutions of every puzzle of the input, with the solver asked for (by
/// default `auto`, which hands enumerations past three solutions to a backtracker).
pub fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    if let Some(why) = args.run.solver.regions_unanswered() {
        args.run.input.unanswered(why);
    }
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    if args.estimate {
        out.csv_fields(&[
            "status",
            "count",
            "complete",
            "estimate",
            "low",
            "high",
            "probes",
            "effective",
            "error",
        ]);
    } else {
        out.csv_fields(&["status", "count", "complete", "error"]);
    }
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    let count = |solver: &mut Box<dyn Solver + Send>, puzzle: &Puzzle| {
        let deadline = args.run.solver.deadline();
        let outcome = solver.run(puzzle, args.limit.saturating_add(1), deadline);
        let count = Count::from_search(outcome.found, args.limit);
        let estimate = (args.estimate && !count.complete && !outcome.timed_out).then(|| {
            let sampling = Sampling {
                probes: args.probes,
                seed: args.seed,
                deadline,
            };
            estimate(puzzle, &sampling)
        });
        Counted {
            count,
            timed_out: outcome.timed_out,
            estimate,
        }
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
                        estimate: None,
                        low: None,
                        high: None,
                        probes: None,
                        effective: None,
                        error: Some(error),
                    };
                    (row, text)
                }
                (Ok(_), counted) => {
                    let counted = counted.expect("valid puzzles are counted");
                    let (mut count, mut timed_out) = (counted.count, counted.timed_out);
                    count.complete &= !timed_out;
                    let mut error = None;
                    let estimate = match counted.estimate {
                        // A small count past a lower limit is exact.
                        Some(Ok(found)) if found.exact => {
                            count = Count {
                                count: found.value.value().round() as u64,
                                complete: true,
                            };
                            None
                        }
                        Some(Ok(found)) => Some(found),
                        Some(Err(why)) => {
                            timed_out = why == EstimateError::Timeout;
                            error = Some(format!("no estimate: {why}"));
                            None
                        }
                        None => None,
                    };
                    let status = match count.count {
                        _ if timed_out => Status::Timeout,
                        0 => Status::NoSolution,
                        1 if count.complete => Status::Unique,
                        _ => Status::Multiple,
                    };
                    tally.record(status, count.count > 0 && !timed_out);
                    let mut text = if timed_out {
                        format!("timeout {count}")
                    } else {
                        count.to_string()
                    };
                    if let Some(found) = &estimate {
                        text = format!("{text} {found}");
                        if found.timed_out {
                            text.push_str(" (the deadline stopped the probes)");
                        }
                        if found.effective * 10.0 < f64::from(found.probes) {
                            text.push_str(&format!(
                                " (uneven: the probes weigh as {:.0}; the interval may be too narrow)",
                                found.effective
                            ));
                        }
                    }
                    if let Some(error) = &error {
                        text = format!("{text} ({error})");
                    }
                    let row = Row {
                        head: RowHead::new(&item, status),
                        count: Some(count.count),
                        complete: Some(count.complete),
                        estimate: estimate.map(|e| e.value),
                        low: estimate.map(|e| e.low),
                        high: estimate.map(|e| e.high),
                        probes: estimate.map(|e| e.probes),
                        effective: estimate.map(|e| e.effective.round() as u32),
                        error,
                    };
                    (row, text)
                }
            };
            out.row(&row, &text)
        },
    )?;
    out.finish(tally, errors)
}
