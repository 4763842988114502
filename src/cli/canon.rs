//! `satdoku canon`: each puzzle's canonical form, with duplicates up to symmetry marked and a train/test split by class.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use clap::Args;
use satdoku::canon::{CanonError, Symmetries};
use satdoku::{Grid, Puzzle, Rules};
use serde::Serialize;

use super::args::BatchArgs;
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally, report_item};

/// Arguments of `satdoku canon`.
#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    run: BatchArgs,
    /// Mark each puzzle equivalent to an earlier one (the same rules, cages and pencil
    /// marks included, and the same form): status `duplicate` and `same_as` (the earlier
    /// puzzle's index; `same_as_file` its input when another) in JSON and CSV; in lines and
    /// grids, a comment line `# duplicate of puzzle 3 (puzzle 7, line 9)` (`… of FILE` from
    /// another input) instead of its form, so that what is printed is each class once. Keeps every class's form in memory (about 130 bytes a
    /// 9×9 puzzle).
    #[arg(long)]
    dedup: bool,
    /// Give each puzzle a `split` field, `train` or `test`, by its class: a puzzle goes to
    /// `test` with this probability (0 to 1), decided by its rules, form and `--seed`,
    /// so that equivalent puzzles always land on the same side. JSON and CSV only.
    #[arg(long, value_name = "SHARE", value_parser = share)]
    split: Option<f64>,
    /// With `--split`, which split: another seed sends other classes to `test`.
    #[arg(long, requires = "split", default_value_t = 0)]
    seed: u64,
}

/// A probability from 0 to 1.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err(format!(
            "{text} is no share from 0 to 1 (0.1 sends a tenth to test)"
        )),
    }
}

/// A JSON row of `canon`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetries: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    same_as: Option<usize>,
    /// The input of the `same_as` puzzle, when it is not this row's.
    #[serde(skip_serializing_if = "Option::is_none")]
    same_as_file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    split: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The symmetries of the rules met last, worked out again only when the rules change (a
/// batch usually keeps one set of rules).
#[derive(Default)]
pub struct SymmetriesCache {
    last: Option<(Arc<Rules>, Arc<Symmetries>)>,
}

impl SymmetriesCache {
    /// The symmetries of `rules`.
    pub fn of(&mut self, rules: &Arc<Rules>) -> Arc<Symmetries> {
        match &self.last {
            Some((seen, symmetries)) if Arc::ptr_eq(seen, rules) || **seen == **rules => {
                symmetries.clone()
            }
            _ => {
                let symmetries = Arc::new(Symmetries::of(rules));
                self.last = Some((rules.clone(), symmetries.clone()));
                symmetries
            }
        }
    }
}

/// A class of puzzles: its rules and its canonical form's cells.
type Class = (Arc<Rules>, Box<[u8]>);

/// A canonical form (or why it was not computed) and the group it was taken under.
struct Form {
    grid: Result<Grid, CanonError>,
    symmetries: Arc<Symmetries>,
}

/// Prints the canonical form of every puzzle of the input.
pub fn run(args: &CanonArgs) -> anyhow::Result<ExitCode> {
    args.run.input.unanswered(
        "this puzzle's regions are to be found (chaos construction): the symmetries move cells, and the regions to be found would not follow them",
    );
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    out.csv_fields(&[
        "status",
        "canonical",
        "symmetries",
        "same_as",
        "same_as_file",
        "split",
        "error",
    ]);
    if args.split.is_some() && !out.writes_rows() {
        anyhow::bail!(
            "--split labels each puzzle train or test in a field: add --format csv or --format json"
        );
    }
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    // Each class's first puzzle (its input and index), by the rules and the form: equal
    // forms under other rules (or other cages, lines, pencil marks) are other puzzles.
    let mut seen: HashMap<Class, (Arc<str>, usize)> = HashMap::new();
    let work = |cache: &mut SymmetriesCache, puzzle: &Puzzle| {
        let symmetries = cache.of(puzzle.rules());
        let grid = symmetries.canonical(puzzle.grid()).map(|(grid, _)| grid);
        Form { grid, symmetries }
    };
    let errors = input::for_each_parallel(
        &args.run.input,
        &pool,
        SymmetriesCache::default,
        work,
        |item: Item, form| {
            let (Ok(puzzle), Some(form)) = (&item.puzzle, form) else {
                tally.record(Status::Invalid, false);
                return write_failed(
                    &mut out,
                    &item,
                    Row::failed(&item, Status::Invalid, item.error()),
                )
                .context("writing the output");
            };
            let grid = match form.grid {
                Ok(grid) => grid,
                Err(error) => {
                    // A bound of the work, like a time limit: the puzzle is not answered.
                    tally.record(Status::Timeout, false);
                    report_item(&item, &error.to_string());
                    return if out.writes_rows() {
                        out.write_row(&Row::failed(
                            &item,
                            Status::Timeout,
                            Some(error.to_string()),
                        ))
                    } else {
                        out.comment(&format!(
                            "no form: too many ties (puzzle {}, line {})",
                            item.index, item.line
                        ))
                    }
                    .context("writing the output");
                }
            };
            let same_as = if args.dedup {
                let key = (puzzle.rules().clone(), grid.values().into_boxed_slice());
                match seen.get(&key) {
                    Some(first) => Some(first.clone()),
                    None => {
                        seen.insert(key, (item.file.clone(), item.index));
                        None
                    }
                }
            } else {
                None
            };
            // The earlier puzzle's input, named when it is another one.
            let same_file = (same_as.as_ref())
                .and_then(|(file, _)| (**file != *item.file).then(|| file.clone()));
            let same_as = same_as.map(|(_, index)| index);
            let status = if same_as.is_some() {
                Status::Duplicate
            } else {
                Status::Canonical
            };
            tally.record(status, true);
            let split = (args.split).map(|share| {
                if is_test(puzzle.rules(), &grid, share, args.seed) {
                    "test"
                } else {
                    "train"
                }
            });
            // A group that moves nothing leaves the puzzle as it is, pencil marks and all
            // (marks keep every form fixed); any other form is a grid of givens.
            let symbols = item.notation.alphabet();
            let line = |out: &Output| {
                if grid == *puzzle.grid() && !form.symmetries.relabels() {
                    out.puzzle_line(puzzle, symbols)
                } else {
                    out.line(&grid, symbols)
                }
            };
            if out.writes_rows() {
                out.write_row(&Row {
                    head: RowHead::new(&item, status),
                    canonical: Some(line(&out)),
                    symmetries: Some(form.symmetries.to_string()),
                    same_as,
                    same_as_file: same_file.as_deref(),
                    split,
                    error: None,
                })
            } else if let Some(first) = same_as {
                let of = same_file
                    .map(|file| format!(" of {file}"))
                    .unwrap_or_default();
                out.comment(&format!(
                    "duplicate of puzzle {first}{of} (puzzle {}, line {})",
                    item.index, item.line
                ))
            } else if out.is_line() {
                let text = line(&out);
                out.text(&text)
            } else {
                out.grid(&grid, puzzle.rules(), symbols)
            }
            .context("writing the output")
        },
    )?;
    out.finish(tally, errors)
}

impl<'a> Row<'a> {
    /// The row of a puzzle without a form: `status` and why.
    fn failed(item: &'a Item, status: Status, error: Option<String>) -> Row<'a> {
        Row {
            head: RowHead::new(item, status),
            canonical: None,
            symmetries: None,
            same_as: None,
            same_as_file: None,
            split: None,
            error,
        }
    }
}

/// Writes `row` as JSON or CSV, or in lines and grids a comment line naming the puzzle
/// and its status (the output stays aligned with the input).
fn write_failed(out: &mut Output, item: &Item, row: Row) -> std::io::Result<()> {
    if out.writes_rows() {
        out.write_row(&row)
    } else {
        out.status_comment(item, row.head.status)
    }
}

/// Whether the class of canonical form `grid` under `rules` goes to `test` under `share`
/// and `seed`: a 64-bit FNV-1a hash of the rules' description, the form and, for rules that
/// keep everything fixed, the rules themselves (their cages, lines, pencil marks …), mixed
/// with the seed and read as a fraction. The same on every machine; for puzzles with
/// constraints, within one version of satdoku.
fn is_test(rules: &Rules, grid: &Grid, share: f64, seed: u64) -> bool {
    let mut hasher = Fnv(0xcbf2_9ce4_8422_2325 ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    hasher.write(rules.to_string().as_bytes());
    hasher.write(&grid.values());
    if !rules.constraints().is_empty() {
        rules.hash(&mut hasher);
    }
    // A final mix, so that nearby forms spread over the whole range.
    let mut hash = hasher.0;
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^= hash >> 33;
    ((hash >> 11) as f64 / (1u64 << 53) as f64) < share
}

/// 64-bit FNV-1a: a hash the same on every machine.
struct Fnv(u64);

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
