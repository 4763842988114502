//! Nabner lines: no two digits on the line are equal or consecutive, wherever they stand on it.

use std::fmt;

use super::drawing::Mark;
use super::{
    Branches, CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, loop_problem, ring,
};
use crate::grid::{Cell, Shape};

/// A nabner line: any two of its digits (on the line or its branches) differ by two or
/// more.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nabner {
    cells: Vec<Cell>,
    branches: Branches,
}

impl Nabner {
    /// Reads a nabner record: its cells (f-puzzles: one line each) and its `branches`, if
    /// any.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let paths = record.paths()?;
        let branches = Branches::read(record, paths.len())?;
        Ok((paths.into_iter())
            .map(|cells| Nabner::branched(cells, branches.clone()).into())
            .collect())
    }

    /// The record that `read` reads back as this line: its cells (and branches), under
    /// `nabner` in satdoku's TOML and as the one line of an f-puzzles `nabner` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::path(format, "nabner", "nabner", &self.cells);
        Ok(vec![self.branches.write(record, format, self)?])
    }

    /// A nabner line along `cells`.
    pub fn new(cells: Vec<Cell>) -> Nabner {
        Nabner::branched(cells, Branches::default())
    }

    /// A nabner line along `cells` with `branches`: no two digits of all of them equal or
    /// consecutive.
    pub fn branched(cells: Vec<Cell>, branches: Branches) -> Nabner {
        Nabner { cells, branches }
    }

    /// Whether `related` holds between every two of its cells (each pair once).
    fn every_pair(&self, mut related: impl FnMut(Cell, Cell) -> bool) -> bool {
        let cells = self.branches.cells(&self.cells);
        (cells.iter().enumerate()).all(|(i, &a)| cells[i + 1..].iter().all(|&b| related(a, b)))
    }
}

impl fmt::Display for Nabner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nabner line {}{}", cell_list(&self.cells), self.branches)
    }
}

impl Constraint for Nabner {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.branches.cells(&self.cells).into_owned()
    }

    fn oddity(&self) -> Option<String> {
        self.branches.oddity(&self.cells)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let len = self.branches.cells(&self.cells).len();
        let most = shape.digit_count().div_ceil(2);
        (loop_problem("nabner line", &self.cells))
            .or_else(|| self.branches.problem(ring(&self.cells).0))
            .or_else(|| {
                (len > most).then(|| {
                    format!(
                        "{len} digits from {} to {} cannot all be two or more apart (at most {most})",
                        shape.lowest(),
                        shape.highest()
                    )
                })
            })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        self.every_pair(|a, b| {
            cnf.relation(a, b, |x, y| x.abs_diff(y) >= 2);
            true
        });
    }

    /// Filled digits pairwise two or more apart (exact on a complete line; a partial line
    /// may pass and still not complete, which the search then finds).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.every_pair(|a, b| match (values.get(a), values.get(b)) {
            (Some(x), Some(y)) => x.abs_diff(y) >= 2,
            _ => true,
        })
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.branches.marks(&self.cells, "#e8d44d", 0.25)
    }
}
