//! `satdoku candidates`: every digit each cell holds in at least one solution, by SAT; with `--logic`, also what logic alone leaves.

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::format::Notation;
use satdoku::format::{candidate_texts, write_candidates};
use satdoku::grid::Cell;
use satdoku::logic::explain;
use satdoku::truth::{SolutionCounts, capped_solution_counts, forced_relations, solution_counts};
use satdoku::{Layout, Puzzle};
use serde::Serialize;

use super::args::{BatchArgs, FormatKind, at_least_one};
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
    /// Also count, for each digit of each open cell, the solutions that put it there (its
    /// share of the solutions), listing every solution up to `--limit`; in JSON as
    /// `counts` (`{"r1c3": {"1": 20, "2": 201}}`), `solutions` and `all_solutions`. A puzzle
    /// with more solutions than the limit gets no counts, and says so (or give `--cap`).
    #[arg(long)]
    pub count: bool,
    /// With `--count`, the most solutions listed per puzzle (at least 1).
    #[arg(long, requires = "count", default_value_t = 10_000, value_parser = at_least_one)]
    pub limit: u64,
    /// With `--count`, count each digit of each cell up to K solutions instead of listing
    /// them all: counts for any number of solutions, `K+` where a digit has K or more (in
    /// JSON the count K, with `cap` K and `all_solutions` false); exact when fewer
    /// (at least 1).
    #[arg(long, value_name = "K", requires = "count", conflicts_with = "limit", value_parser = at_least_one)]
    pub cap: Option<u64>,
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
    solutions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    all_solutions: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cap: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<Counts>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Each open cell's digits with the solutions that put them there (and whether the count
/// stopped at a cap), in cell order: a JSON object of objects (`{"r1c3": {"1": 20, "2": 201}}`).
struct Counts(Vec<(String, Vec<DigitCount>)>);

/// A digit as the notation writes it, the solutions counted with it in a cell, and whether
/// the count stopped at the cap.
type DigitCount = (String, u64, bool);

impl Counts {
    /// The counts of the open cells of `puzzle` (digits no solution uses left out), digits
    /// named as `notation` writes them.
    fn of(puzzle: &Puzzle, counts: &SolutionCounts, notation: &Notation) -> Counts {
        let shape = puzzle.shape();
        let cells = (shape.cells())
            .filter(|&cell| puzzle.grid().get(cell).is_none())
            .map(|cell| {
                let digits = (shape.digits())
                    .map(|d| {
                        let i = shape.index(cell);
                        let name = notation.show(&d).to_string();
                        (name, counts.count(i, d), counts.at_cap(i, d))
                    })
                    .filter(|&(_, n, _)| n > 0)
                    .collect();
                (cell.to_string(), digits)
            })
            .collect();
        Counts(cells)
    }

    /// One line per cell: `r1c3 1:20 2:201`, `2:100+` for a count at the cap.
    fn lines(&self) -> Vec<String> {
        (self.0.iter())
            .map(|(cell, digits)| {
                let parts: Vec<String> = (digits.iter())
                    .map(|(d, n, capped)| format!("{d}:{n}{}", if *capped { "+" } else { "" }))
                    .collect();
                format!("{cell} {}", parts.join(" "))
            })
            .collect()
    }
}

impl Serialize for Counts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Digits<'a>(&'a [DigitCount]);
        impl Serialize for Digits<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (digit, count, _) in self.0 {
                    map.serialize_entry(digit, count)?;
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (cell, digits) in &self.0 {
            map.serialize_entry(cell, &Digits(digits))?;
        }
        map.end()
    }
}

/// Pairs of cells as `r1c3 r2c1`.
fn pair_texts(pairs: &[(Cell, Cell)]) -> Vec<String> {
    pairs.iter().map(|(a, b)| format!("{a} {b}")).collect()
}

/// Prints the true candidates of every puzzle of the input.
pub fn run(args: &CandidatesArgs) -> anyhow::Result<ExitCode> {
    args.run
        .input
        .unanswered(super::args::LOGIC_FINDS_NO_REGIONS);
    if args.run.output.format == FormatKind::Tokens {
        anyhow::bail!("candidates prints candidate grids: use --format line, block or json");
    }
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    // The status follows from the candidates: none, one digit in every cell, or more.
    let (logic, relations) = (args.logic, args.relations);
    let count = args.count.then_some((args.limit, args.cap));
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
        let counted = match (&truth, count) {
            (Some(_), Some((_, Some(cap)))) => Some(capped_solution_counts(puzzle, cap)),
            (Some(_), Some((limit, None))) => Some(solution_counts(puzzle, limit)),
            _ => None,
        };
        (truth, left, related, counted)
    };
    let errors = input::for_each_parallel(
        &args.run.input,
        &pool,
        || (),
        work,
        |item: Item, found| {
            let (Ok(puzzle), Some((candidates, left, related, counted))) = (&item.puzzle, found)
            else {
                let error = item.error().unwrap_or_default();
                tally.record(Status::Invalid, false);
                let row = Row {
                    head: RowHead::new(&item, Status::Invalid),
                    candidates: None,
                    logic_candidates: None,
                    equal: None,
                    different: None,
                    solutions: None,
                    all_solutions: None,
                    cap: None,
                    counts: None,
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
                        solutions: counted.as_ref().map(|c| c.total),
                        all_solutions: counted.as_ref().map(|c| c.complete),
                        cap: counted.as_ref().and_then(|c| c.cap),
                        counts: (counted.as_ref())
                            .filter(|c| c.complete || c.cap.is_some())
                            .map(|c| Counts::of(puzzle, c, &item.notation)),
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
            if let Some(counted) = &counted {
                if counted.complete || counted.cap.is_some() {
                    let lines = Counts::of(puzzle, counted, &item.notation).lines();
                    let head = match counted.cap {
                        Some(cap) if !counted.complete => format!(
                            "more than {} solutions; each open cell's digits with the solutions that put them there, counted up to {cap} ({cap}+: {cap} or more):",
                            counted.total
                        ),
                        _ => format!(
                            "{} solutions; each open cell's digits with the solutions that put them there:",
                            counted.total
                        ),
                    };
                    out.comment(&head)
                        .and_then(|()| lines.iter().try_for_each(|line| out.comment(line)))
                        .context("writing the output")?;
                } else {
                    out.comment(&format!(
                        "more than {} solutions: counts need every one (raise --limit, or give --cap K)",
                        counted.total
                    ))
                    .context("writing the output")?;
                }
            }
            Ok(())
        },
    )?;
    out.finish(tally, errors)
}
