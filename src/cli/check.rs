//! `satdoku check`: does each puzzle have exactly one solution? With witnesses.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::check::{Redundant, Verdict};
use satdoku::format::{Notation, Spell};
use satdoku::{Grid, Puzzle, SatSolver, Solver};
use serde::Serialize;

use super::args::{ExpectArgs, PortfolioArgs, SolvingArgs};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Stems, Tally, report_item};

/// Arguments of `satdoku check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    run: SolvingArgs,
    /// Also tell whether every given and every variant constraint is needed, and list the
    /// redundant ones (those whose removal alone keeps the solution unique); and shrink
    /// the clash of a puzzle without solutions to a minimal one however long it takes
    /// (without it, the shrinking stops at a budget tied to the verdict's cost and may
    /// report `clash (not minimal)`). Not with `--timeout`: each check runs to its end.
    #[arg(long, conflicts_with = "timeout")]
    minimal: bool,
    /// Write, for each unique puzzle, its CNF with the solution blocked (DIMACS) and a DRAT
    /// proof that it is unsatisfiable into DIR, as NAME-INDEX.cnf and NAME-INDEX.drat
    /// (NAME: the input file's stem).
    #[arg(long, value_name = "DIR")]
    proof: Option<PathBuf>,
    #[command(flatten)]
    expect: ExpectArgs,
    #[command(flatten)]
    portfolio: PortfolioArgs,
}

/// A JSON row of `check`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    solutions: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    differences: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    conflict: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    constraints: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redundant: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redundant_constraints: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl<'a> Row<'a> {
    /// A row with its head and, for an invalid puzzle, the error, and nothing else.
    fn bare(head: RowHead<'a>, error: Option<String>) -> Row<'a> {
        Row {
            head,
            solutions: Vec::new(),
            differences: Vec::new(),
            conflict: Vec::new(),
            constraints: Vec::new(),
            minimal: None,
            redundant: None,
            redundant_constraints: None,
            error,
        }
    }
}

/// Each item spelled in `notation`.
fn texts<T: Spell>(items: &[T], notation: &Notation) -> Vec<String> {
    items
        .iter()
        .map(|item| notation.show(item).to_string())
        .collect()
}

/// The constraints of `puzzle` at `indices`, as the rules show them.
fn constraint_texts(puzzle: &Puzzle, indices: &[usize]) -> Vec<String> {
    let all = puzzle.rules().constraints();
    indices.iter().map(|&i| all[i].to_string()).collect()
}

/// The verdict in words, after the status: the evidence a setter needs, with digits named
/// as the puzzle writes them; with `--minimal`, what can go (`redundant r1c1=5 …`,
/// `redundant constraints: …`) or `minimal` when nothing can.
fn explain(
    verdict: &Verdict,
    redundant: &Option<Redundant>,
    puzzle: &Puzzle,
    notation: &Notation,
) -> String {
    let mut text = match verdict {
        Verdict::Unique { .. } => String::new(),
        Verdict::Multiple { .. } => {
            let mut text = format!(
                "differ at {}",
                texts(&verdict.differences(), notation).join(", ")
            );
            let regions = verdict.region_differences();
            if !regions.is_empty() {
                let cells: Vec<String> = regions.iter().map(ToString::to_string).collect();
                let cells = cells.join(", ");
                text = if verdict.differences().is_empty() {
                    format!("same digits, regions differ at {cells}")
                } else {
                    format!("{text}; regions differ at {cells}")
                };
            }
            text
        }
        Verdict::NoSolution { .. } => verdict.clash(notation),
    };
    if let Some(redundant) = redundant {
        let mut parts = Vec::new();
        if redundant.is_empty() {
            parts.push("minimal".to_string());
        }
        if !redundant.givens.is_empty() {
            parts.push(format!(
                "redundant {}",
                texts(&redundant.givens, notation).join(" ")
            ));
        }
        if !redundant.constraints.is_empty() {
            parts.push(format!(
                "redundant constraints: {}",
                constraint_texts(puzzle, &redundant.constraints).join("; ")
            ));
        }
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&parts.join(" "));
    }
    text
}

/// ` (unread: …)` after a verdict reached without what the puzzle's file states and was
/// not read as a rule; empty when everything was read.
fn unread_note(item: &Item) -> String {
    if item.unread().is_empty() {
        String::new()
    } else {
        format!(" (unread: {})", item.unread().join("; "))
    }
}

/// Checks every puzzle of the input.
pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    if let Some(why) = args.run.solver.regions_unanswered() {
        args.run.input.unanswered(why);
    }
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    out.csv_fields(&["status", "solutions", "differences", "conflict", "error"]);
    if let Some(dir) = &args.proof {
        super::output::make_dir(dir)?;
    }
    args.portfolio.check(&args.run.solver)?;
    if args.portfolio.portfolio && args.minimal {
        anyhow::bail!(
            "--minimal asks one solver about each given in turn and does not race: drop --portfolio"
        );
    }
    let pool = args.run.threads.pool()?;
    let mut prover = SatSolver::new();
    let mut tally = Tally::default();
    let mut stems = Stems::default();
    let judge = |solver: &mut Box<dyn Solver + Send>, puzzle: &Puzzle, threads: usize| {
        solver.set_threads(threads);
        if args.minimal {
            let (verdict, redundant) = solver.check_minimal(puzzle);
            (Some(verdict), redundant)
        } else {
            (solver.check_until(puzzle, args.run.solver.deadline()), None)
        }
    };
    let errors = input::for_each_sharing(
        &args.run.input,
        &pool,
        args.portfolio.portfolio,
        || args.run.solver.make(),
        judge,
        |item: Item, judged| {
            let (puzzle, (verdict, redundant)) = match (&item.puzzle, judged) {
                (Err(_), _) => {
                    let error = item.error().unwrap_or_default();
                    tally.record(Status::Invalid, false);
                    if out.writes_rows() {
                        out.write_row(&Row::bare(
                            RowHead::new(&item, Status::Invalid),
                            Some(error),
                        ))
                    } else {
                        out.text(&format!("invalid {error}"))
                    }
                    .context("writing the output")?;
                    return Ok(());
                }
                (Ok(puzzle), judged) => {
                    let (verdict, redundant) = judged.expect("valid puzzles are judged");
                    let Some(verdict) = verdict else {
                        report_item(&item, "timeout");
                        tally.record(Status::Timeout, false);
                        let row = Row::bare(RowHead::new(&item, Status::Timeout), None);
                        return out.row(&row, "timeout");
                    };
                    (puzzle, (verdict, redundant))
                }
            };
            let (status, solutions): (Status, Vec<&Grid>) = match &verdict {
                Verdict::Unique { solution } => (Status::Unique, vec![solution]),
                Verdict::Multiple { first, second } => (Status::Multiple, vec![first, second]),
                Verdict::NoSolution { .. } => (Status::NoSolution, vec![]),
            };
            // The input's own solution, when it gives one: its verdict comes first.
            let expected = super::expect::judged(&args.expect, &item, puzzle);
            let status = expected.as_ref().map_or(status, |(status, _)| *status);
            tally.record(status, status == Status::Unique);
            if status == Status::Unique
                && let (Some(dir), Some(solution)) = (&args.proof, solutions.first())
            {
                let name = stems.of(&item.file);
                super::proof::write(dir, &name, item.index, &mut prover, puzzle, solution)?;
            }
            if out.writes_rows() {
                out.write_row(&Row {
                    head: RowHead::new(&item, status),
                    solutions: solutions
                        .iter()
                        .map(|grid| out.line(grid, item.notation.alphabet()))
                        .collect(),
                    differences: (verdict.differing_cells().iter())
                        .map(ToString::to_string)
                        .collect(),
                    conflict: match &verdict {
                        Verdict::NoSolution { conflict, .. } => texts(conflict, &item.notation),
                        _ => Vec::new(),
                    },
                    constraints: match &verdict {
                        Verdict::NoSolution { constraints, .. } => {
                            constraints.iter().map(ToString::to_string).collect()
                        }
                        _ => Vec::new(),
                    },
                    minimal: match &verdict {
                        Verdict::NoSolution { minimal, .. } => Some(*minimal),
                        _ => redundant.as_ref().map(Redundant::is_empty),
                    },
                    redundant: redundant.as_ref().map(|r| texts(&r.givens, &item.notation)),
                    redundant_constraints: redundant
                        .as_ref()
                        .filter(|_| !puzzle.rules().constraints().is_empty())
                        .map(|r| constraint_texts(puzzle, &r.constraints)),
                    error: expected.map(|(_, why)| why),
                })
            } else if out.is_line() {
                let cells = puzzle.grid().digits().len();
                let mut line = String::with_capacity(32 + solutions.len() * (cells + 1));
                line.push_str(status.name());
                for grid in &solutions {
                    line.push(' ');
                    line.push_str(&out.line(grid, item.notation.alphabet()));
                }
                let explanation = match &expected {
                    Some((_, why)) => why.clone(),
                    None => explain(&verdict, &redundant, puzzle, &item.notation),
                };
                if !explanation.is_empty() {
                    line.push(' ');
                    line.push_str(&explanation);
                }
                line.push_str(&unread_note(&item));
                out.text(&line)
            } else {
                let explanation = match &expected {
                    Some((_, why)) => why.clone(),
                    None => explain(&verdict, &redundant, puzzle, &item.notation),
                };
                let sep = if explanation.is_empty() { "" } else { ": " };
                out.comment(&format!(
                    "puzzle {} (line {}): {}{sep}{explanation}{}",
                    item.index,
                    item.line,
                    status.words(),
                    unread_note(&item)
                ))
                .and_then(|()| {
                    solutions.iter().try_for_each(|grid| {
                        out.grid(grid, puzzle.rules(), item.notation.alphabet())
                    })
                })
            }
            .context("writing the output")?;
            Ok(())
        },
    )?;
    out.finish(tally, errors)
}
