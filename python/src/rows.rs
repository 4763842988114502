//! What each command gives for a puzzle, as a row with the field names of the command line's JSON rows (`index`, `status`, `solution` …).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{Map, Value, json};

use satdoku::canon::Symmetries;
use satdoku::estimate::{Sampling, estimate};
use satdoku::format::{Notation, OutputFormat, Spell, write_grid_with};
use satdoku::logic::{End, explain as explain_path};
use satdoku::truth::{capped_solution_counts, solution_counts as truth_counts};
use satdoku::{AutoSolver, Grid, Layout, Solver, Verdict};

/// What a row is made of: a puzzle as the library holds it, how its file writes digits,
/// and what its file drew or said that was not read as a rule.
#[derive(Clone, Copy)]
pub struct Entry<'a> {
    /// The puzzle.
    pub puzzle: &'a satdoku::Puzzle,
    /// How its file writes its digits.
    pub notation: &'a Notation,
    /// What was not read as a rule.
    pub unread: &'a [String],
}

impl Entry<'_> {
    fn inner(&self) -> &satdoku::Puzzle {
        self.puzzle
    }

    fn notation(&self) -> &Notation {
        self.notation
    }

    fn unread(&self) -> &[String] {
        self.unread
    }

    /// `grid` as one line in the puzzle's notation (`.` for a blank), its regions after a
    /// space when they are part of the answer (chaos construction).
    pub fn line(&self, grid: &Grid) -> String {
        let alphabet = self.notation.alphabet().cloned().unwrap_or_default();
        write_grid_with(grid, OutputFormat::Line, &alphabet, None)
    }
}

/// A row: fields in the order the command line writes them, handed to Python as a dict.
pub struct Row(Vec<(&'static str, Value)>);

impl Row {
    /// A row of `status` and nothing else yet.
    fn new(status: &str) -> Row {
        Row(vec![("status", json!(status))])
    }

    /// The row of a puzzle that cannot be used: `status` `invalid` and the `error`.
    pub fn invalid(error: &str) -> Row {
        Row::new("invalid").with("error", json!(error))
    }

    /// The row with `key` set to `value`.
    fn with(mut self, key: &'static str, value: Value) -> Row {
        self.0.push((key, value));
        self
    }

    /// The row with its `index` (from 1) in a batch, first.
    pub fn indexed(mut self, index: usize) -> Row {
        self.0.insert(0, ("index", json!(index)));
        self
    }

    /// The row with the parts of the puzzle's file not read as rules, when there are some
    /// (`unread`: a verdict without them may be wrong).
    pub fn unread(self, unread: &[String]) -> Row {
        match unread.is_empty() {
            true => self,
            false => self.with("unread", json!(unread)),
        }
    }

    /// The row as a Python dict.
    pub fn into_py(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let dict = PyDict::new(py);
        for (key, value) in &self.0 {
            dict.set_item(key, pythonize::pythonize(py, value)?)?;
        }
        Ok(dict.into_any().unbind())
    }
}

/// Each item spelled in the puzzle's notation.
fn spelled<T: Spell>(puzzle: &Entry<'_>, items: &[T]) -> Value {
    let notation = puzzle.notation();
    json!(
        items
            .iter()
            .map(|item| notation.show(item).to_string())
            .collect::<Vec<String>>()
    )
}

/// `check`: whether the puzzle is unique, with the evidence, as `check`'s JSON rows give
/// it: `solutions` (one, or two that differ in the cells of `differences`), or the clash
/// (`conflict`, `constraints`, whether it is `minimal`).
pub fn check(puzzle: &Entry<'_>) -> Row {
    let verdict = AutoSolver::default().check(puzzle.inner());
    let row = Row::new(verdict.name());
    let row = match &verdict {
        Verdict::Unique { solution } => row.with("solutions", json!([puzzle.line(solution)])),
        Verdict::Multiple { first, second } => row
            .with(
                "solutions",
                json!([puzzle.line(first), puzzle.line(second)]),
            )
            .with(
                "differences",
                json!(
                    (verdict.differences().iter())
                        .map(|d| d.cell.to_string())
                        .collect::<Vec<_>>()
                ),
            ),
        Verdict::NoSolution {
            conflict,
            constraints,
            minimal,
        } => {
            let row = row.with("conflict", spelled(puzzle, conflict));
            let row = match constraints.is_empty() {
                true => row,
                false => row.with(
                    "constraints",
                    json!(
                        constraints
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                    ),
                ),
            };
            row.with("minimal", json!(minimal))
        }
    };
    row.unread(puzzle.unread())
}

/// `solve`: a solution, without proving it the only one.
pub fn solve(puzzle: &Entry<'_>) -> Row {
    match AutoSolver::default().solve(puzzle.inner()) {
        Some(grid) => Row::new("solved").with("solution", json!(puzzle.line(&grid))),
        None => Row::new("no_solution"),
    }
    .unread(puzzle.unread())
}

/// `count`: the solutions, up to `limit`; past it, with `sampling`, an estimate of them
/// all with its interval (`estimate`, `low`, `high`, `probes`, `effective`).
pub fn count(puzzle: &Entry<'_>, limit: u64, sampling: Option<&Sampling>) -> Row {
    let count = AutoSolver::default().count(puzzle.inner(), limit);
    let status = status(count.count, count.complete);
    let mut row = Row::new(status)
        .with("count", json!(count.count))
        .with("complete", json!(count.complete));
    if let Some(sampling) = sampling.filter(|_| !count.complete) {
        row = match estimate(puzzle.inner(), sampling) {
            Ok(found) => row
                .with("estimate", json!(found.value))
                .with("low", json!(found.low))
                .with("high", json!(found.high))
                .with("probes", json!(found.probes))
                .with("effective", json!(found.effective)),
            Err(error) => row.with("estimate_error", json!(error.to_string())),
        };
    }
    row.unread(puzzle.unread())
}

/// Per-candidate solution counts: how many of the solutions (up to `limit`, or each
/// count up to `cap`) put each digit in each open cell (`counts`: `{"r1c3": {"1": 20}}`),
/// with `solutions`, `all_solutions` and `cap` as `candidates --count` writes them.
pub fn solution_counts(puzzle: &Entry<'_>, limit: u64, cap: Option<u64>) -> Row {
    let inner = puzzle.inner();
    let counts = match cap {
        Some(cap) => capped_solution_counts(inner, cap),
        None => truth_counts(inner, limit),
    };
    let status = status(counts.total, counts.complete);
    let shape = inner.shape();
    let notation = puzzle.notation();
    let mut cells = Map::new();
    for cell in shape.cells().filter(|&c| inner.grid().get(c).is_none()) {
        let i = shape.index(cell);
        let digits: Map<String, Value> = (shape.digits())
            .map(|d| (notation.show(&d).to_string(), counts.count(i, d)))
            .filter(|&(_, n)| n > 0)
            .map(|(name, n)| (name, json!(n)))
            .collect();
        cells.insert(cell.to_string(), Value::Object(digits));
    }
    Row::new(status)
        .with("solutions", json!(counts.total))
        .with("all_solutions", json!(counts.complete))
        .with("cap", json!(counts.cap))
        .with("counts", Value::Object(cells))
        .unread(puzzle.unread())
}

/// The status of a puzzle with `count` solutions counted (`complete`: all of them):
/// `unique`, `multiple` or `no_solution`.
fn status(count: u64, complete: bool) -> &'static str {
    match count {
        0 => "no_solution",
        1 if complete => "unique",
        _ => "multiple",
    }
}

/// The status of a puzzle counted to two.
fn status_of(puzzle: &Entry<'_>) -> &'static str {
    let count = AutoSolver::default().count(puzzle.inner(), 2);
    status(count.count, count.complete)
}

/// `explain`: the logical path, a row for each step.
pub fn explain(puzzle: &Entry<'_>) -> Row {
    let status = status_of(puzzle);
    let inner = puzzle.inner();
    let layout = Layout::new(inner.rules());
    let path = explain_path(&layout, inner.grid(), status == "unique");
    let notation = puzzle.notation();
    let steps: Vec<Value> = (path.steps.iter())
        .map(|step| {
            json!({
                "technique": step.technique.name(),
                "constraint": step.constraint
                    .and_then(|i| inner.rules().constraints().get(i))
                    .map(ToString::to_string),
                "placements": spelled(puzzle, &step.placements),
                "eliminations": spelled(puzzle, &step.eliminations),
                "cells": step.cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "houses": step.houses.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "sentence": notation.show(&step.sentence).to_string(),
                "rating": f64::from(step.weight) / 10.0,
            })
        })
        .collect();
    let end = match path.end {
        End::Solved => "solved",
        End::Stuck => "stuck",
        End::Contradiction => "contradiction",
    };
    Row::new(status)
        .with("end", json!(end))
        .with("steps", Value::Array(steps))
        .unread(puzzle.unread())
}

/// `rate`: the difficulty of a unique puzzle (others get their status, unrated), with
/// its rating on Sudoku Explainer's scale (variant steps weighed on it).
pub fn rate(puzzle: &Entry<'_>) -> Row {
    let status = status_of(puzzle);
    if status != "unique" {
        return Row::new(status).unread(puzzle.unread());
    }
    let rating = satdoku::rate::rate(puzzle.inner());
    Row::new(status)
        .with("rating", json!(rating.se()))
        .with("difficulty", json!(rating.difficulty.name()))
        .with("hardest", json!(rating.hardest.name()))
        .with("steps", json!(rating.steps))
        .with("guesses", json!(rating.guesses))
        .unread(puzzle.unread())
}

/// The canonical form of the puzzle's givens, or why there is none.
pub fn canonical(puzzle: &Entry<'_>) -> Result<String, String> {
    let symmetries = Symmetries::of(puzzle.inner().rules());
    let (form, _) = (symmetries.canonical(puzzle.inner().grid())).map_err(|err| err.to_string())?;
    Ok(puzzle.line(&form))
}

/// `canon`: the canonical form, in `canonical`.
pub fn canon(puzzle: &Entry<'_>) -> Row {
    match canonical(puzzle) {
        Ok(form) => Row::new("canonical").with("canonical", json!(form)),
        Err(error) => Row::invalid(&error),
    }
}
