//! Lockout lines: the two ends (diamonds) differ by at least a set amount, and no digit between them lies between the ends' digits, either end included.
//!
//! The rule as f-puzzles' lockout extension states it (Memeristor's "Fpuzzles-LockoutLines"
//! userscript, field `lockout`, one line per entry of `lines`: "numbers along a lockout
//! line must not be between or equal to the numbers in the diamond ends; these endpoints
//! must differ by 4 or greater; for sizes other than 9, by (size / 2) rounded down"; the
//! file carries no difference) and sigh's Interactive Sudoku Solver (`Lockout~D~cells`,
//! D the least difference, 4 by default). satdoku's TOML takes the difference as
//! `difference`, ⌊N/2⌋ when absent.

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, Literal, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, line_cells_and_oddity, line_problem,
};
use crate::grid::{Cell, Shape};

/// A lockout line: its ends differ by `difference` or more (⌊N/2⌋ by default), and every
/// cell between them lies below both ends or above both.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lockout {
    cells: Vec<Cell>,
    difference: Option<u32>,
}

impl Lockout {
    /// Reads a lockout record: its cells (f-puzzles: one line each) and, in TOML, the
    /// least `difference` if not ⌊N/2⌋ (f-puzzles files carry none).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let paths = record.paths()?;
        let difference = record.number(record.key("difference", "value"))?;
        Ok(paths
            .into_iter()
            .map(|cells| Lockout::new(cells, difference).into())
            .collect())
    }

    /// The record that `read` reads back as this line: its cells and its least
    /// `difference` when it has one (f-puzzles' lockout lines carry none, their ends
    /// differing by ⌊N/2⌋ or more: satdoku writes one as the entry's `value`, as f-puzzles'
    /// whispers take theirs).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::path(format, "lockout", "lockout", &self.cells);
        Ok(vec![record.optional_number(
            format,
            format.choose("difference", "value"),
            self.difference,
        )])
    }

    /// A lockout line along `cells`, its ends `difference` or more apart (`None`: ⌊N/2⌋).
    pub fn new(cells: Vec<Cell>, difference: Option<u32>) -> Lockout {
        Lockout { cells, difference }
    }

    /// The least difference of the ends on a grid of `n` digits.
    fn least(&self, n: usize) -> usize {
        self.difference.map_or(n / 2, |d| d as usize)
    }

    /// The two ends and the cells between them.
    fn parts(&self) -> (Cell, Cell, &[Cell]) {
        let len = self.cells.len();
        (self.cells[0], self.cells[len - 1], &self.cells[1..len - 1])
    }
}

impl fmt::Display for Lockout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lockout line {}", cell_list(&self.cells))?;
        match self.difference {
            Some(d) => write!(f, " (difference at least {d})"),
            None => Ok(()),
        }
    }
}

/// Under `guard`, the value of `a` is below (`below`) or above the value of `b`: for each
/// value of `a`, one clause listing the values of `b` that allow it (support clauses).
fn guarded_order(cnf: &mut ConstraintCnf, guard: Literal, a: Cell, b: Cell, below: bool) {
    let n = cnf.size();
    for v in 1..=n {
        let mut clause = vec![!guard, !cnf.holds(a, v)];
        let partners = (1..=n).filter(|&w| if below { v < w } else { v > w });
        clause.extend(partners.map(|w| cnf.holds(b, w)));
        cnf.clause(clause);
    }
}

impl Constraint for Lockout {
    line_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.size();
        line_problem("lockout line", &self.cells).or_else(|| {
            let d = self.least(n);
            (d == 0 || d >= n).then(|| {
                format!(
                    "the ends' least difference must be 1 to {} on a {n}-digit grid, not {d}",
                    n - 1
                )
            })
        })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let d = self.least(cnf.size());
        let (first, last, between) = self.parts();
        cnf.relation(first, last, |a, b| a.abs_diff(b) >= d);
        // The ends differ, so "not between them, either included" is "below both or
        // above both": one variable per cell says which.
        for &cell in between {
            let low = cnf.aux();
            for end in [first, last] {
                guarded_order(cnf, low, cell, end, true);
                guarded_order(cnf, !low, cell, end, false);
            }
        }
    }

    /// Exact once both ends are filled; until then only the ends' own digits are known
    /// to be out of place between them.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let d = self.least(values.shape().size());
        let (first, last, between) = self.parts();
        let ends = [values.get(first), values.get(last)];
        let inside: Box<dyn Fn(usize) -> bool> = match ends {
            [Some(a), Some(b)] => {
                if a.abs_diff(b) < d {
                    return false;
                }
                Box::new(move |v| (a.min(b)..=a.max(b)).contains(&v))
            }
            _ => Box::new(move |v| ends.contains(&Some(v))),
        };
        between
            .iter()
            .all(|&cell| values.get(cell).is_none_or(|v| !inside(v)))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::line(&self.cells, "#7da7ff", 0.2)];
        for end in [self.cells.first(), self.cells.last()]
            .into_iter()
            .flatten()
        {
            marks.push(Mark::Square {
                centre: Point::centre(*end),
                side: 0.56,
                turned: true,
                fill: Some("#ffffff"),
                stroke: Some("#4d7fe6"),
            });
        }
        if let (Some(d), Some(&first)) = (self.difference, self.cells.first()) {
            marks.push(Mark::label(Point::centre(first), d.to_string(), 0.25));
        }
        marks
    }
}
