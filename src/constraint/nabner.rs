//! Nabner lines: no two digits on the line are equal or consecutive, wherever they stand on it.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, loop_problem, ring, ring_cells_and_oddity,
};
use crate::grid::{Cell, Shape};

/// A nabner line: any two of its digits differ by two or more.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nabner {
    cells: Vec<Cell>,
}

impl Nabner {
    /// Reads a nabner record: its cells (f-puzzles: one line each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| Nabner::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under `nabner` in
    /// satdoku's TOML and as the one line of an f-puzzles `nabner` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "nabner",
            "nabner",
            &self.cells,
        )])
    }

    /// A nabner line along `cells`.
    pub fn new(cells: Vec<Cell>) -> Nabner {
        Nabner { cells }
    }

    /// Every pair of its cells, each once.
    fn pairs(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        let cells = ring(&self.cells).0;
        cells
            .iter()
            .enumerate()
            .flat_map(move |(i, &a)| cells[i + 1..].iter().map(move |&b| (a, b)))
    }
}

impl fmt::Display for Nabner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nabner line {}", cell_list(&self.cells))
    }
}

impl Constraint for Nabner {
    ring_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        let (len, n) = (ring(&self.cells).0.len(), shape.size());
        loop_problem("nabner line", &self.cells).or_else(|| {
            (len > n.div_ceil(2)).then(|| {
                format!(
                    "{len} digits from 1 to {n} cannot all be two or more apart (at most {})",
                    n.div_ceil(2)
                )
            })
        })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for (a, b) in self.pairs() {
            cnf.relation(a, b, |x, y| x.abs_diff(y) >= 2);
        }
    }

    /// Filled digits pairwise two or more apart (exact on a complete line; a partial line
    /// may pass and still not complete, which the search then finds).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.pairs()
            .all(|(a, b)| match (values.get(a), values.get(b)) {
                (Some(x), Some(y)) => x.abs_diff(y) >= 2,
                _ => true,
            })
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#e8d44d", 0.25)]
    }
}
