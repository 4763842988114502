//! Between lines: the digits on the line lie strictly between the digits of its two end circles.

use std::fmt;

use super::drawing::{GREY, Mark};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, line_cells_and_oddity, line_problem,
};
use crate::grid::{Cell, Shape};

/// A between line: every cell strictly inside it holds a digit strictly between those of
/// its two ends (in either order).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Between {
    cells: Vec<Cell>,
}

impl Between {
    /// Reads a between line record: its cells (f-puzzles: one between line per line).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| Between::new(cells).into())
    }

    /// The record that `read` reads back as this between line: its cells, under `between` in
    /// satdoku's TOML and as the one line of an f-puzzles `betweenline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "between",
            "betweenline",
            &self.cells,
        )])
    }

    /// A between line along `cells`; the first and last are its circles.
    pub fn new(cells: Vec<Cell>) -> Between {
        Between { cells }
    }

    fn ends(&self) -> (Cell, Cell) {
        (self.cells[0], self.cells[self.cells.len() - 1])
    }

    fn inside(&self) -> &[Cell] {
        &self.cells[1..self.cells.len() - 1]
    }
}

impl fmt::Display for Between {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "between line {}", cell_list(&self.cells))
    }
}

impl Constraint for Between {
    line_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        if self.cells.len() < 2 {
            return Some("a between line needs two ends".into());
        }
        if let Some(problem) = line_problem("between line", &self.cells) {
            return Some(problem);
        }
        let n = shape.digit_count();
        (self.cells.len() > 2 && n < 3)
            .then(|| format!("no digit lies strictly between two digits from 1 to {n}"))
    }

    /// A variable `up` says the first end is the smaller; each inside cell then lies above
    /// one end and below the other, as ternary clauses.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        if self.inside().is_empty() {
            return;
        }
        let n = cnf.size();
        let (first, last) = self.ends();
        let up = cnf.aux();
        for &cell in self.inside() {
            // (up: first < cell < last; down: last < cell < first)
            for (dir, low, high) in [(up, first, last), (!up, last, first)] {
                for a in 1..=n {
                    for b in 1..=n {
                        let (x, y) = (cnf.holds(low, a), cnf.holds(cell, b));
                        if b <= a {
                            cnf.clause([!dir, !x, !y]);
                        }
                        let (x, y) = (cnf.holds(high, a), cnf.holds(cell, b));
                        if b >= a {
                            cnf.clause([!dir, !x, !y]);
                        }
                    }
                }
            }
            // Neither end may hold 1..=n's extremes the wrong way: the ends differ.
            for v in 1..=n {
                let (x, y) = (cnf.holds(first, v), cnf.holds(last, v));
                cnf.clause([!x, !y]);
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let (first, last) = self.ends();
        let inside: Vec<usize> = self
            .inside()
            .iter()
            .filter_map(|&c| values.get(c))
            .collect();
        match (values.get(first), values.get(last)) {
            (Some(a), Some(b)) => {
                let (lo, hi) = (a.min(b), a.max(b));
                (self.inside().is_empty() || hi >= lo + 2)
                    && inside.iter().all(|&v| lo < v && v < hi)
            }
            (Some(a), None) | (None, Some(a)) => inside.iter().all(|&v| v != a),
            (None, None) => true,
        }
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Mark::line_between_rings(&self.cells, GREY, 0.08)
    }
}
