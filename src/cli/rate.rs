//! `satdoku rate`: how hard each puzzle is, by the techniques a person needs.

use std::process::ExitCode;

use clap::Args;
use satdoku::rate::{Difficulty, rate};
use satdoku::{AutoSolver, Puzzle, Solver};
use serde::Serialize;

use super::args::{BatchArgs, FormatKind};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};
use super::progress::notice;

/// Arguments of `satdoku rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub run: BatchArgs,
    /// The rating printed: `labels` (easy, medium, hard, expert) or `se`, a number on the
    /// scale of Sudoku Explainer (1.2 to about 12; 20.0 when logic stops; variant steps
    /// weighed on it as the README tables them) before the labels, and in JSON as `rating`.
    #[arg(long, value_enum, default_value_t = Scale::Labels)]
    pub scale: Scale,
}

/// The ratings `--scale` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Scale {
    /// The difficulty labels only.
    Labels,
    /// A number modelled on Sudoku Explainer's scale, with the labels.
    Se,
}

/// A JSON row of `rate`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
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
    args.run
        .input
        .unanswered(super::args::LOGIC_FINDS_NO_REGIONS);
    if !matches!(
        args.run.output.format,
        FormatKind::Line | FormatKind::Json | FormatKind::Csv
    ) {
        anyhow::bail!(
            "rate prints one line per puzzle: use --format line or json (block and tokens lay out grids)"
        );
    }
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    out.csv_fields(&[
        "status",
        "rating",
        "difficulty",
        "hardest",
        "steps",
        "guesses",
        "error",
    ]);
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    let mut by_difficulty = [0usize; Difficulty::ALL.len()];
    let judge = |solver: &mut AutoSolver, puzzle: &Puzzle| {
        let count = solver.count(puzzle, 1);
        (count.count == 1 && count.complete)
            .then(|| rate(puzzle))
            .ok_or(count)
    };
    let errors = input::for_each_parallel(
        &args.run.input,
        &pool,
        AutoSolver::default,
        judge,
        |item: Item, judged| {
            let mut row = Row {
                head: RowHead::new(&item, Status::Invalid),
                rating: None,
                difficulty: None,
                hardest: None,
                steps: None,
                guesses: None,
                error: None,
            };
            let text = match judged {
                None => {
                    let error = item.error().unwrap_or_default();
                    let text = format!("invalid {error}");
                    tally.record(Status::Invalid, false);
                    row.error = Some(error);
                    text
                }
                Some(Ok(rating)) => {
                    tally.record(Status::Unique, true);
                    by_difficulty[rating.difficulty as usize] += 1;
                    row.head.status = Status::Unique;
                    row.difficulty = Some(rating.difficulty.name());
                    row.hardest = Some(rating.hardest.name());
                    row.steps = Some(rating.steps);
                    row.guesses = rating.guesses;
                    if args.scale == Scale::Se {
                        row.rating = Some(rating.se());
                        format!("{:.1} {rating}", rating.se())
                    } else {
                        rating.to_string()
                    }
                }
                Some(Err(count)) => {
                    row.head.status = if count.count == 0 {
                        Status::NoSolution
                    } else {
                        Status::Multiple
                    };
                    tally.record(row.head.status, false);
                    format!("{} (not rated)", row.head.status.name())
                }
            };
            out.row(&row, &text)
        },
    )?;
    let summary: Vec<String> = Difficulty::ALL
        .iter()
        .zip(by_difficulty)
        .map(|(d, n)| format!("{n} {d}"))
        .collect();
    if tally.puzzles() == 0 {
        // Nothing was read: the errors said why.
        return out.finish(tally, errors);
    }
    let rated = tally.count(Status::Unique);
    let skipped: Vec<String> = [Status::Multiple, Status::NoSolution, Status::Invalid]
        .into_iter()
        .filter(|&status| tally.count(status) > 0)
        .map(|status| format!("{} {}", tally.count(status), status.words()))
        .collect();
    let not_rated = if skipped.is_empty() {
        String::new()
    } else {
        format!(
            "; {} not rated ({})",
            tally.puzzles() - rated,
            skipped.join(", ")
        )
    };
    notice(&format!(
        "satdoku: rated {rated} puzzle{}: {}{not_rated}",
        if rated == 1 { "" } else { "s" },
        summary.join(", ")
    ));
    out.finish(tally, errors)
}
