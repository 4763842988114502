//! `satdoku transform`: random equivalent copies of each puzzle, its solution transformed alike.

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satdoku::Puzzle;
use satdoku::format::Alphabet;
use serde::Serialize;

use super::args::{ExpectArgs, InputArgs, OutputArgs, at_least_one};
use super::canon::SymmetriesCache;
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally, report_item};
use super::progress::notice;

/// Arguments of `satdoku transform`.
#[derive(Debug, Args)]
pub struct TransformArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
    /// Copies of each puzzle, each made by a transformation drawn at random (every one of
    /// the group as likely; two copies may happen to be equal).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one)]
    random: u64,
    /// The seed: the same seed and input give the same copies on every machine. Without
    /// one, a fresh seed is drawn and printed on stderr.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    expect: ExpectArgs,
}

/// A JSON row of `transform`: one copy.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    copy: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Writes the copies of every puzzle of the input.
pub fn run(args: &TransformArgs) -> anyhow::Result<ExitCode> {
    args.input.unanswered(
        "this puzzle's regions are to be found (chaos construction): the symmetries move cells, and the regions to be found would not follow them",
    );
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?)?;
    out.csv_fields(&["status", "copy", "puzzle", "solution", "error"]);
    // A seed drawn here is told once a copy is made (an input without puzzles gets none).
    let mut untold = args.seed.is_none();
    let seed = args.seed.unwrap_or_else(|| rand::random::<u64>() >> 11);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cache = SymmetriesCache::default();
    let mut tally = Tally::default();
    let errors = input::for_each(&args.input, |item: Item| {
        let puzzle = match &item.puzzle {
            Ok(puzzle) => puzzle,
            Err(_) => {
                tally.record(Status::Invalid, false);
                return failed(&mut out, &item, Status::Invalid, item.error());
            }
        };
        // The input's solution, checked before it is carried along.
        let solution = match &args.expect.expect {
            None => None,
            Some(column) => {
                if let Some((status, why)) =
                    super::expect::judge(&item, column, puzzle, &item.notation)
                {
                    tally.record(status, false);
                    report_item(&item, &format!("{}: {why}", status.words()));
                    return failed(&mut out, &item, status, Some(why));
                }
                let solution = super::expect::read(&item, column, puzzle, &item.notation);
                Some(solution.map_err(|why| anyhow::anyhow!(why))?)
            }
        };
        let symmetries = cache.of(puzzle.rules());
        if !symmetries.relabels() {
            report_item(
                &item,
                "its constraints keep no transformation: each copy is the puzzle itself",
            );
        }
        tally.record(Status::Transformed, true);
        if std::mem::take(&mut untold) {
            notice(&format!(
                "satdoku: seed {seed} (pass --seed {seed} to make these copies again)"
            ));
        }
        for copy in 1..=args.random {
            let transform = symmetries.random(&mut rng);
            let moved = puzzle
                .with_grid(transform.apply(puzzle.grid()))
                .context("a transformation that keeps the rules made an invalid puzzle")?;
            let symbols = item.notation.alphabet();
            if out.writes_rows() {
                let row = Row {
                    head: RowHead::new(&item, Status::Transformed),
                    copy: Some(copy),
                    puzzle: Some(out.puzzle_line(&moved, symbols)),
                    solution: solution
                        .as_ref()
                        .map(|grid| out.line(&transform.apply(grid), symbols)),
                    error: None,
                };
                out.write_row(&row)
            } else {
                write_copy(&mut out, &moved, symbols)
            }
            .context("writing the output")?;
        }
        Ok(())
    })?;
    out.finish(tally, errors)
}

/// Prints a copy in lines (with its pencil marks, if any) or grids.
fn write_copy(
    out: &mut Output,
    puzzle: &Puzzle,
    symbols: Option<&Alphabet>,
) -> std::io::Result<()> {
    if out.is_line() {
        let line = out.puzzle_line(puzzle, symbols);
        out.text(&line)
    } else {
        out.grid(puzzle.grid(), puzzle.rules(), symbols)
    }
}

/// The row (or, in lines and grids, the comment line) of a puzzle that gets no copies.
fn failed(
    out: &mut Output,
    item: &Item,
    status: Status,
    error: Option<String>,
) -> anyhow::Result<()> {
    if out.writes_rows() {
        out.write_row(&Row {
            head: RowHead::new(item, status),
            copy: None,
            puzzle: None,
            solution: None,
            error,
        })
    } else {
        out.status_comment(item, status)
    }
    .context("writing the output")
}
