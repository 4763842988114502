//! Clones: two groups of cells of the same shape hold the same digits, cell for cell.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list,
};
use crate::grid::{Cell, Shape};

/// A clone: the i-th cell of one group holds the digit of the i-th cell of the other.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CloneCells {
    cells: Vec<Cell>,
    copies: Vec<Cell>,
}

impl CloneCells {
    /// Reads a clone record: the `cells` and the cells that `copy` them (f-puzzles:
    /// `cloneCells`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cells = record.cells("cells")?;
        let copies = record.cells(record.key("copy", "cloneCells"))?;
        Ok(vec![CloneCells::new(cells, copies).into()])
    }

    /// The record that `read` reads back as this clone: its `cells` and the cells that
    /// `copy` them (f-puzzles: `cloneCells`).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::new("clone").cells("cells", &self.cells);
        let key = format.choose("copy", "cloneCells");
        Ok(vec![record.cells(key, &self.copies)])
    }

    /// `copies[i]` holds the digit of `cells[i]`.
    pub fn new(cells: Vec<Cell>, copies: Vec<Cell>) -> CloneCells {
        CloneCells { cells, copies }
    }
}

impl fmt::Display for CloneCells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "clone {} = {}",
            cell_list(&self.cells),
            cell_list(&self.copies)
        )
    }
}

impl Constraint for CloneCells {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        [&self.cells[..], &self.copies[..]].concat()
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        if self.cells.is_empty() || self.cells.len() != self.copies.len() {
            return Some(format!(
                "the two groups have {} and {} cells: they need the same number, at least one",
                self.cells.len(),
                self.copies.len()
            ));
        }
        None
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for (&a, &b) in self.cells.iter().zip(&self.copies) {
            if a != b {
                cnf.relation(a, b, |x, y| x == y);
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.cells
            .iter()
            .zip(&self.copies)
            .all(|(&a, &b)| match (values.get(a), values.get(b)) {
                (Some(x), Some(y)) => x == y,
                _ => true,
            })
    }

    fn draw(&self, shape: Shape) -> Vec<Mark> {
        // Each clone its own shade (picked by where it starts), so that pairs tell apart.
        const SHADES: [&str; 5] = ["#d8d0f4", "#cfe8d6", "#f4dcc8", "#cde3f2", "#f0d0e2"];
        let first = self.cells.first().map_or(0, |&c| shape.index(c));
        let cells = self.cells.iter().chain(&self.copies).copied().collect();
        vec![Mark::Shade {
            cells,
            colour: SHADES[first % SHADES.len()],
        }]
    }
}
