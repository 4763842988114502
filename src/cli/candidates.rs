//! `satdoku candidates`: every digit each cell holds in at least one solution, by SAT; with `--logic`, also what logic alone leaves.

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::format::{candidate_texts, write_candidates};
use satdoku::grid::Cell;
use satdoku::logic::explain;
use satdoku::truth::forced_relations;
use satdoku::{Layout, Puzzle};
use serde::Serialize;

use super::args::{BatchArgs, FormatKind};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku candidates`.
#[derive(Debug, Args)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub run: BatchArgs,
    /// Also print what logic alone leaves (the candidates where `explain` stops: the
    /// solution when logic solves the puzzle), after the true candidates; in JSON as
    /// `logic_candidates`.
    #[arg(long)]
    pub logic: bool,
    /// Also print the relations every solution keeps (of a puzzle with several): pairs of
    /// open cells that always hold the same digit, and pairs that share a true candidate and
    /// no rule, yet never hold the same digit; in JSON as `equal` and `different` (pairs
    /// such as `"r1c3 r2c1"`).
    #[arg(long)]
    pub relations: bool,
}

/// A JSON row of `candidates`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    logic_candidates: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    equal: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    different: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Pairs of cells as `r1c3 r2c1`.
fn pair_texts(pairs: &[(Cell, Cell)]) -> Vec<String> {
    pairs.iter().map(|(a, b)| format!("{a} {b}")).collect()
}

/// Prints the true candidates of every puzzle of the input.
pub fn run(args: &CandidatesArgs) -> anyhow::Result<ExitCode> {
    if args.run.output.format == FormatKind::Tokens {
        anyhow::bail!("candidates prints candidate grids: use --format line, block or json");
    }
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    // The status follows from the candidates: none, one digit in every cell, or more.
    let (logic, relations) = (args.logic, args.relations);
    let work = |_: &mut (), puzzle: &Puzzle| {
        let truth = satdoku::truth::true_candidates(puzzle);
        let left = match &truth {
            Some(truth) if logic => {
                let layout = Layout::new(puzzle.rules());
                let path = explain(&layout, puzzle.grid(), truth.all_decided());
                Some(path.board.candidates().clone())
            }
            _ => None,
        };
        let related = match &truth {
            Some(truth) if relations => Some(forced_relations(puzzle, truth)),
            _ => None,
        };
        (truth, left, related)
    };
    let errors = input::for_each_parallel(
        &args.run.input,
        &pool,
        || (),
        work,
        |item: Item, found| {
            let (Ok(puzzle), Some((candidates, left, related))) = (&item.puzzle, found) else {
                let error = item.error().unwrap_or_default();
                tally.record(Status::Invalid, false);
                let row = Row {
                    head: RowHead::new(&item, Status::Invalid),
                    candidates: None,
                    logic_candidates: None,
                    equal: None,
                    different: None,
                    error: Some(error.clone()),
                };
                return out.row(&row, &format!("invalid {error}"));
            };
            let status = match &candidates {
                None => Status::NoSolution,
                Some(c) if c.all_decided() => Status::Unique,
                Some(_) => Status::Multiple,
            };
            tally.record(status, status != Status::NoSolution);
            if out.writes_rows() {
                let texts = candidates
                    .as_ref()
                    .map(|candidates| candidate_texts(candidates, &item.notation));
                return out
                    .write_row(&Row {
                        head: RowHead::new(&item, status),
                        candidates: texts,
                        logic_candidates: left
                            .as_ref()
                            .map(|left| candidate_texts(left, &item.notation)),
                        equal: related.as_ref().map(|r| pair_texts(&r.equal)),
                        different: related.as_ref().map(|r| pair_texts(&r.different)),
                        error: None,
                    })
                    .context("writing the output");
            }
            out.comment(&format!(
                "puzzle {} (line {}): {}",
                item.index,
                item.line,
                status.name()
            ))
            .context("writing the output")?;
            if let Some(candidates) = &candidates {
                out.text(&write_candidates(
                    candidates,
                    &item.notation,
                    puzzle.rules().box_shape(),
                ))
                .context("writing the output")?;
            }
            if let Some(left) = &left {
                out.comment("what logic alone leaves:")
                    .context("writing the output")?;
                out.text(&write_candidates(
                    left,
                    &item.notation,
                    puzzle.rules().box_shape(),
                ))
                .context("writing the output")?;
            }
            if let Some(related) = &related {
                let joined = |pairs: &[(Cell, Cell)], sign: &str| {
                    let texts: Vec<String> =
                        pairs.iter().map(|(a, b)| format!("{a}{sign}{b}")).collect();
                    if texts.is_empty() {
                        "none".to_string()
                    } else {
                        texts.join(" ")
                    }
                };
                out.comment(&format!("always equal: {}", joined(&related.equal, "=")))
                    .and_then(|()| {
                        out.comment(&format!("never equal: {}", joined(&related.different, "≠")))
                    })
                    .context("writing the output")?;
            }
            Ok(())
        },
    )?;
    out.finish(tally, errors)
}
