//! `satdoku suggest`: for each puzzle with several solutions, the fewest givens that make it unique, and how the result solves.

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::Puzzle;
use satdoku::format::Notation;
use satdoku::rate::rate;
use satdoku::suggest::{Removals, SuggestLimits, Suggestion, fewest_givens, single_removals};
use serde::Serialize;

use super::args::BatchArgs;
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku suggest`.
#[derive(Debug, Args)]
pub struct SuggestArgs {
    #[command(flatten)]
    pub run: BatchArgs,
    /// The most solutions listed (default 1000). Up to it, every solution is tried as the
    /// one the givens keep, and the answer is the fewest givens possible; past it, givens
    /// are first added one at a time where the solutions differ most until no more are
    /// left, and the answer says so.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(2..))]
    pub limit: u32,
}

/// A JSON row of `suggest`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    /// The givens to add (`r1c3=5`).
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<Vec<String>>,
    /// Whether no fewer givens make the puzzle unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    fewest: Option<bool>,
    /// Solutions listed, and whether they are all.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    all_solutions: Option<bool>,
    /// The puzzle with the givens added, in the line format.
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    /// How the puzzle with the givens added solves: `rate`'s line, and its hardest step.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<String>,
    /// Of a puzzle with no solution: each given and constraint whose removal alone gives
    /// solutions (`r1c3=5`, `thermometer r3c1-r3c2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    removals: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// What was found for one puzzle: the suggestion, the puzzle it makes and its rating.
struct Found {
    suggestion: Option<Suggestion>,
    made: Option<(Puzzle, satdoku::rate::Rating)>,
    /// Of a puzzle with no solution, what one removal would give solutions.
    removals: Option<Removals>,
}

/// The givens as `r1c3=5 r7c7=2`, digits as the puzzle writes them.
fn given_texts(suggestion: &Suggestion, notation: &Notation) -> Vec<String> {
    (suggestion.givens.iter())
        .map(|given| notation.show(given).to_string())
        .collect()
}

/// How sure the answer is, in words.
fn how_sure(suggestion: &Suggestion) -> String {
    match (suggestion.fewest, suggestion.all_solutions) {
        (true, _) => "the fewest possible".to_string(),
        (false, true) => format!(
            "the fewest found over all {} solutions (a search was cut short)",
            suggestion.solutions
        ),
        (false, false) => format!(
            "more than {} solutions: {} added one at a time, then the fewest",
            suggestion.solutions, suggestion.added_first
        ),
    }
}

/// Suggests givens for every puzzle of the input.
pub fn run(args: &SuggestArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    out.csv_fields(&[
        "status",
        "givens",
        "fewest",
        "solutions",
        "puzzle",
        "rating",
        "hardest",
        "error",
    ]);
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    let limits = SuggestLimits {
        solutions: args.limit as usize,
        ..SuggestLimits::default()
    };
    let work = |_: &mut (), puzzle: &Puzzle| {
        let suggestion = fewest_givens(puzzle, &limits);
        let made = suggestion.as_ref().and_then(|s| {
            let mut grid = puzzle.grid().clone();
            for given in &s.givens {
                grid.set(given.cell, Some(given.digit));
            }
            let made = Puzzle::new(grid, puzzle.rules().clone()).ok()?;
            let rating = rate(&made);
            Some((made, rating))
        });
        let removals = suggestion.is_none().then(|| single_removals(puzzle));
        Found {
            suggestion,
            made,
            removals,
        }
    };
    let errors = input::for_each_parallel(
        &args.run.input,
        &pool,
        || (),
        work,
        |item: Item, found: Option<Found>| {
            let (Ok(_), Some(found)) = (&item.puzzle, found) else {
                let error = item.error().unwrap_or_default();
                tally.record(Status::Invalid, false);
                let row = Row {
                    head: RowHead::new(&item, Status::Invalid),
                    givens: None,
                    fewest: None,
                    solutions: None,
                    all_solutions: None,
                    puzzle: None,
                    rating: None,
                    hardest: None,
                    removals: None,
                    error: Some(error.clone()),
                };
                return out.row(&row, &format!("invalid {error}"));
            };
            let status = match &found.suggestion {
                None => Status::NoSolution,
                Some(s) if s.givens.is_empty() => Status::Unique,
                Some(_) => Status::Multiple,
            };
            tally.record(status, status != Status::NoSolution);
            let alphabet = item.notation.alphabet();
            let line = found
                .made
                .as_ref()
                .map(|(made, _)| out.puzzle_line(made, alphabet));
            let rating = found.made.as_ref().map(|(_, rating)| rating.to_string());
            let hardest = found.made.as_ref().map(|(_, r)| r.hardest.to_string());
            let Some(suggestion) = &found.suggestion else {
                let removals: Vec<String> = match (&found.removals, &item.puzzle) {
                    (Some(removals), Ok(puzzle)) => (removals.givens.iter())
                        .map(|given| item.notation.show(given).to_string())
                        .chain(
                            (removals.constraints.iter())
                                .map(|&i| puzzle.rules().constraints()[i].to_string()),
                        )
                        .collect(),
                    _ => Vec::new(),
                };
                let text = if removals.is_empty() {
                    "no_solution no one given or constraint taken out gives it a solution"
                        .to_string()
                } else {
                    format!(
                        "no_solution take out one of these for solutions: {}",
                        removals.join("; ")
                    )
                };
                let row = Row {
                    head: RowHead::new(&item, status),
                    givens: None,
                    fewest: None,
                    solutions: Some(0),
                    all_solutions: Some(true),
                    puzzle: None,
                    rating: None,
                    hardest: None,
                    removals: Some(removals),
                    error: None,
                };
                return out.row(&row, &text);
            };
            let givens = given_texts(suggestion, &item.notation);
            let text = if givens.is_empty() {
                format!(
                    "unique nothing to add; {}",
                    rating.as_deref().unwrap_or_default()
                )
            } else {
                format!(
                    "multiple add {} ({} given{}, {}): {} {}",
                    givens.join(" "),
                    givens.len(),
                    if givens.len() == 1 { "" } else { "s" },
                    how_sure(suggestion),
                    line.as_deref().unwrap_or_default(),
                    rating.as_deref().unwrap_or_default()
                )
            };
            let row = Row {
                head: RowHead::new(&item, status),
                givens: Some(givens),
                fewest: Some(suggestion.fewest),
                solutions: Some(suggestion.solutions),
                all_solutions: Some(suggestion.all_solutions),
                puzzle: line,
                rating,
                hardest,
                removals: None,
                error: None,
            };
            out.row(&row, &text).context("writing the output")
        },
    )?;
    out.finish(tally, errors)
}
