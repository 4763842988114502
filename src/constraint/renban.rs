//! Renban lines: different digits that form a run of consecutive values, in any order.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, filled_distinct, loop_problem, ring, ring_cells_and_oddity,
};
use crate::grid::{Cell, Shape};

/// A renban line: its digits differ and form a set of consecutive values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Renban {
    cells: Vec<Cell>,
}

impl Renban {
    /// Reads a renban line record: its cells (f-puzzles: one renban line per line).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| Renban::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under `renban` in
    /// satdoku's TOML and as the one line of an f-puzzles `renban` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "renban",
            "renban",
            &self.cells,
        )])
    }

    /// A renban line along `cells`.
    pub fn new(cells: Vec<Cell>) -> Renban {
        Renban { cells }
    }
}

impl fmt::Display for Renban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "renban line {}", cell_list(&self.cells))
    }
}

impl Constraint for Renban {
    ring_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        let (len, n) = (ring(&self.cells).0.len(), shape.digit_count());
        if let Some(problem) = loop_problem("renban line", &self.cells) {
            return Some(problem);
        }
        (len > n).then(|| format!("{len} cells cannot hold different digits from 1 to {n}"))
    }

    /// Different digits, and no two of them `len` or more apart: a variable per value
    /// says the line holds it.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let cells = ring(&self.cells).0;
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
        let cells = ring(&self.cells).0;
        let filled: Vec<usize> = cells.iter().filter_map(|&c| values.get(c)).collect();
        let (Some(&lo), Some(&hi)) = (filled.iter().min(), filled.iter().max()) else {
            return true;
        };
        filled_distinct(values, cells) && hi - lo < cells.len()
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#e07ae0", 0.28)]
    }
}
