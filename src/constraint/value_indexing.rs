//! Value indexing: an arrow from a cell's digit X to the same digit X further along, the digit in the arrow's second (control) cell saying how many cells beyond it that is.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`ValueIndexing~cells`: "arrows point
//! from a cell with digit X towards the same digit X, where the digit in the second cell on
//! the line indicates how many cells away the digit X is on the line"): with cells value,
//! control, then the indexed cells, the control digit c is at most the number of indexed
//! cells and the c-th of them holds the value cell's digit. f-puzzles has no field for it,
//! so satdoku reads it from its TOML only (`[[value-indexing]]`, `cells` in that order). On a
//! grid of digits from 0 the control digit is a number, as sigh's solver reads it: a 0 names
//! no cell, so it is ruled out.

use std::fmt;

use super::drawing::{GREY, Mark, Point, shaft};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, toml_only,
};
use crate::grid::{Cell, Shape};

/// A value-indexing arrow: its value cell, its control cell and the cells it indexes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValueIndexing {
    cells: Vec<Cell>,
}

impl ValueIndexing {
    /// Reads a value-indexing record: its `cells`, the value cell, the control cell, then
    /// the cells indexed.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![ValueIndexing::new(record.cells("cells")?).into()])
    }

    /// The record that `read` reads back as this arrow in satdoku's TOML.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "value-indexing arrows", format, || {
            WrittenRecord::new("value-indexing").cells("cells", &self.cells)
        })
    }

    /// The arrow along `cells`: the value cell, the control cell, then the cells indexed.
    pub fn new(cells: Vec<Cell>) -> ValueIndexing {
        ValueIndexing { cells }
    }

    /// The indexed cell a control number `c` names: the c-th, from 1 (none for 0).
    fn indexed(indexed: &[Cell], c: usize) -> Option<&Cell> {
        c.checked_sub(1).and_then(|i| indexed.get(i))
    }

    /// The value cell, the control cell and the indexed cells.
    fn parts(&self) -> (Cell, Cell, &[Cell]) {
        (self.cells[0], self.cells[1], &self.cells[2..])
    }
}

impl fmt::Display for ValueIndexing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "value-indexing arrow {}", cell_list(&self.cells))
    }
}

impl Constraint for ValueIndexing {
    /// Its distinct cells (a control cell may index itself, as sigh's 0-based puzzles do).
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        let mut cells = Vec::new();
        for &cell in &self.cells {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        cells
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        if self.cells.len() < 3 {
            return Some(
                "value indexing needs a value cell, a control cell and a cell to index".into(),
            );
        }
        (self.cells[0] == self.cells[1]).then(|| {
            format!(
                "{} is both the value cell and the control cell",
                self.cells[0]
            )
        })
    }

    /// A control digit standing for no indexed cell's position (from 1; so never a 0) is
    /// forbidden; with the one standing for c, the c-th indexed cell and the value cell hold
    /// the same digit (two clauses per digit, one each way).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let (n, shape) = (cnf.size(), cnf.shape());
        let (value, control, indexed) = self.parts();
        for place in 1..=n {
            let Some(&target) = ValueIndexing::indexed(indexed, shape.number(place)) else {
                cnf.forbid(control, place);
                continue;
            };
            let chosen = cnf.holds(control, place);
            for v in 1..=n {
                let (x, y) = (cnf.holds(value, v), cnf.holds(target, v));
                cnf.clause([!chosen, !x, y]);
                cnf.clause([!chosen, !y, x]);
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        let (value, control, indexed) = self.parts();
        // The digits (as numbers) with the control cell supposed to hold c.
        let with = |cell: Cell, c: usize| {
            if cell == control {
                Some(c)
            } else {
                values.get(cell)
            }
        };
        let fits = |c: usize| {
            ValueIndexing::indexed(indexed, c).is_some_and(|&target| {
                match (with(value, c), with(target, c)) {
                    (Some(a), Some(b)) => a == b,
                    _ => true,
                }
            })
        };
        match values.get(control) {
            Some(c) => fits(c),
            None => (shape.lowest()..=shape.highest()).any(fits),
        }
    }

    /// A small dot in the value cell, and a grey arrow from it through the control cell
    /// along the indexed cells.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let first = self.cells[0];
        let mut marks = vec![Mark::Circle {
            centre: Point::centre(first),
            radius: 0.15,
            fill: Some(GREY),
            stroke: None,
        }];
        marks.extend(shaft(
            Some(Point::centre(first)),
            0.15,
            &self.cells[1..],
            GREY,
        ));
        marks
    }
}
