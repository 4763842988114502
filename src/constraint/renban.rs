//! Renban lines: different digits that form a run of consecutive values, in any order.

use std::fmt;

use super::drawing::Mark;
use super::{
    Branches, CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, filled_distinct, loop_problem, ring,
};
use crate::grid::{Cell, Shape};

/// A renban line: its digits differ and form a set of consecutive values. Its cells are
/// those of the line and of its branches, if it has any.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Renban {
    cells: Vec<Cell>,
    branches: Branches,
}

impl Renban {
    /// Reads a renban line record: its cells (f-puzzles: one renban line per line) and
    /// its `branches`, if any.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let paths = record.paths()?;
        let branches = Branches::read(record, paths.len())?;
        Ok((paths.into_iter())
            .map(|cells| Renban::branched(cells, branches.clone()).into())
            .collect())
    }

    /// The record that `read` reads back as this line: its cells (and branches), under
    /// `renban` in satdoku's TOML and as the one line of an f-puzzles `renban` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::path(format, "renban", "renban", &self.cells);
        Ok(vec![self.branches.write(record, format, self)?])
    }

    /// A renban line along `cells`.
    pub fn new(cells: Vec<Cell>) -> Renban {
        Renban::branched(cells, Branches::default())
    }

    /// A renban line along `cells` with `branches`: one set of consecutive digits over
    /// the cells of all of them.
    pub fn branched(cells: Vec<Cell>, branches: Branches) -> Renban {
        Renban { cells, branches }
    }
}

impl fmt::Display for Renban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "renban line {}{}", cell_list(&self.cells), self.branches)
    }
}

impl Constraint for Renban {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.branches.cells(&self.cells).into_owned()
    }

    fn oddity(&self) -> Option<String> {
        self.branches.oddity(&self.cells)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (len, n) = (self.branches.cells(&self.cells).len(), shape.digit_count());
        if let Some(problem) = loop_problem("renban line", &self.cells)
            .or_else(|| self.branches.problem(ring(&self.cells).0))
        {
            return Some(problem);
        }
        (len > n).then(|| format!("{len} cells cannot hold different digits from 1 to {n}"))
    }

    /// Different digits, and no two of them `len` or more apart: a variable per value
    /// says the line holds it.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let cells = self.branches.cells(&self.cells);
        let cells = &cells[..];
        let (len, n) = (cells.len(), cnf.size());
        cnf.all_different(cells);
        let present: Vec<_> = (1..=n)
            .map(|v| {
                let p = cnf.aux();
                for &cell in cells {
                    let x = cnf.holds(cell, v);
                    cnf.clause([!x, p]);
                }
                p
            })
            .collect();
        for a in 1..=n {
            for b in a + len..=n {
                cnf.clause([!present[a - 1], !present[b - 1]]);
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let cells = self.branches.cells(&self.cells);
        let cells = &cells[..];
        let filled: Vec<usize> = cells.iter().filter_map(|&c| values.get(c)).collect();
        let (Some(&lo), Some(&hi)) = (filled.iter().min(), filled.iter().max()) else {
            return true;
        };
        filled_distinct(values, cells) && hi - lo < cells.len()
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.branches.marks(&self.cells, "#e07ae0", 0.28)
    }
}
