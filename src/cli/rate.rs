//! `satdoku rate`: how hard each puzzle is, by the techniques a person needs.

use std::process::ExitCode;

use clap::Args;
use satdoku::SatSolver;
use satdoku::Solver;
use satdoku::rate::{Difficulty, rate};
use serde::Serialize;

use super::args::{InputArgs, OutputArgs};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// A JSON row of `rate`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Rates every puzzle of the input; a puzzle without exactly one solution gets its
/// status instead of a rating. Ends with the distribution on stderr.
pub fn run(args: &RateArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?);
    let mut solver = SatSolver::new();
    let mut tally = Tally::default();
    let mut by_difficulty = [0usize; Difficulty::ALL.len()];
    let errors = input::for_each(&args.input, |item: Item<'_>| {
        let mut row = Row {
            head: RowHead::new(&item, Status::Invalid),
            difficulty: None,
            hardest: None,
            steps: None,
            guesses: None,
            error: None,
        };
        let text = match &item.puzzle {
            Err(_) => {
                let error = item.error().unwrap_or_default();
                let text = format!("invalid {error}");
                row.error = Some(error);
                text
            }
            Ok(puzzle) => match solver.count(puzzle, 1) {
                count if count.count == 1 && count.complete => {
                    let rating = rate(puzzle);
                    tally.solved += 1;
                    by_difficulty[rating.difficulty as usize] += 1;
                    row.head.status = Status::Unique;
                    row.difficulty = Some(rating.difficulty.name());
                    row.hardest = Some(rating.hardest.name());
                    row.steps = Some(rating.steps);
                    row.guesses = rating.guesses;
                    let guesses = rating.guesses.map_or("many".to_string(), |g| g.to_string());
                    format!(
                        "{} {} {} steps {guesses} guesses",
                        rating.difficulty, rating.hardest, rating.steps
                    )
                }
                count => {
                    tally.failed += 1;
                    row.head.status = if count.count == 0 {
                        Status::NoSolution
                    } else {
                        Status::Multiple
                    };
                    format!("{} (not rated)", row.head.status.name())
                }
            },
        };
        out.row(&row, &text)
    })?;
    let summary: Vec<String> = Difficulty::ALL
        .iter()
        .zip(by_difficulty)
        .map(|(d, n)| format!("{n} {d}"))
        .collect();
    eprintln!(
        "satdoku: rated {} puzzles: {}",
        tally.solved,
        summary.join(", ")
    );
    out.finish(tally, errors)
}
