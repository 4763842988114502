//! Border-count circles: a digit in such a circle is the number of region borders along its row and its column, the grid's edge not counted.
//!
//! The rule as setters state it ("Lighthouse", Phistomefel, via Sudoku-Bench: "A digit in a
//! circle indicates the number of borders between regions it sees in its row and column.
//! Note that the edge of the grid does not count toward this total"). Its home is chaos
//! construction, where the regions are to be found and each circle counts borders still
//! unknown; on a grid of given regions (boxes, jigsaw) each count is known, and fixes the
//! digit. satdoku reads it from its TOML (`[[border-count]]` with `cell`), from f-puzzles as a
//! `bordercount` entry, and from SudokuPad as the circles in cells where the rules speak of
//! borders between regions.

use std::fmt;

use super::drawing::{GREY, Mark};
use super::sum::{Chain, Term, cell_term};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord,
};
use crate::grid::{Cell, Shape};

/// A border-count circle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BorderCount {
    cell: Cell,
    /// The borders along its row and column, once settled on given regions; `None` where
    /// the regions are to be found (or not settled yet).
    known: Option<usize>,
}

impl BorderCount {
    /// Reads a border-count record: its `cell`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![BorderCount::new(record.cell("cell")?).into()])
    }

    /// The record that `read` reads back as this circle: `border-count` in satdoku's
    /// TOML, a `bordercount` entry in f-puzzles (the name f-puzzles' extension scheme gives
    /// such a tool, as `countingcircles`), with its `cell`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![
            WrittenRecord::new(format.choose("border-count", "bordercount"))
                .cells("cell", &[self.cell]),
        ])
    }

    /// A border-count circle in `cell`.
    pub fn new(cell: Cell) -> BorderCount {
        BorderCount { cell, known: None }
    }

    /// The circle's cell.
    pub fn cell(&self) -> Cell {
        self.cell
    }

    /// The neighbouring pairs of cells along its row and its column on a grid of N×N:
    /// each pair in two regions is a border it counts.
    pub fn pairs(&self, n: usize) -> Vec<(Cell, Cell)> {
        let (row, col) = (self.cell.row(), self.cell.col());
        let along_row = (1..n).filter_map(|j| Some((Cell::at(row, j - 1)?, Cell::at(row, j)?)));
        let along_col = (1..n).filter_map(|i| Some((Cell::at(i - 1, col)?, Cell::at(i, col)?)));
        along_row.chain(along_col).collect()
    }

    /// The circle with its count settled on the grid's given regions (`region`: the cells
    /// of a cell's region, N of them; none where no regions are given): unknown where the
    /// regions are to be found (`all`, the rules' constraints, holds chaos construction),
    /// and none at all (no digit counts 0) on a grid without regions.
    pub(crate) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
    ) -> BorderCount {
        let n = region(self.cell).len();
        let found = all
            .iter()
            .any(|c| matches!(c, VariantConstraint::ChaosConstruction(_)));
        let known = if found {
            None
        } else if n == 0 {
            Some(0)
        } else {
            let borders = (self.pairs(n).into_iter()).filter(|&(a, b)| !region(a).contains(&b));
            Some(borders.count())
        };
        BorderCount { known, ..self }
    }
}

impl fmt::Display for BorderCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "border-count circle {}", self.cell)
    }
}

impl Constraint for BorderCount {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        vec![self.cell]
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        match self.known {
            Some(k) if k > shape.digit_count() => Some(format!(
                "{} crosses {k} region borders, more than the largest digit",
                self.cell
            )),
            _ => None,
        }
    }

    /// On given regions, the known count is the digit; where the regions are to be found,
    /// a variable per pair of neighbours along the row and column, "in two regions", and
    /// the digit their number.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        if let Some(count) = self.known {
            for v in (1..=cnf.size()).filter(|&v| v != count) {
                cnf.forbid(self.cell, v);
            }
            return;
        }
        let mut terms: Vec<Term> = Vec::new();
        for (a, b) in self.pairs(shape.size()) {
            let apart = cnf.aux();
            for k in 0..shape.size() {
                let (x, y) = (cnf.in_region(a, k), cnf.in_region(b, k));
                cnf.clause([!apart, !x, !y]);
                cnf.clause([apart, !x, y]);
            }
            terms.push(vec![(apart, 1), (!apart, 0)]);
        }
        terms.push(cell_term(cnf, self.cell, -1));
        Chain::equal(cnf, &terms, 0);
    }

    /// On given regions, whether the digit is the known count. Where the regions are to
    /// be found, digits alone do not say (the SAT engine finds the regions with them: the
    /// backtrackers and logic refuse such puzzles), and any digit passes.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        match (self.known, values.get(self.cell)) {
            (Some(count), Some(v)) => v == count,
            _ => true,
        }
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::ring(self.cell, 0.42, GREY)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_boxes_the_count_is_known() {
        let shape = Shape::NINE;
        let boxes = crate::grid::BoxShape::default_for(shape).unwrap();
        let region = |cell: Cell| -> Vec<Cell> {
            shape
                .cells()
                .filter(|&c| boxes.box_of(c) == boxes.box_of(cell))
                .collect()
        };
        // Any cell of a 9×9 with boxes sees two box borders in its row and two in its column.
        let circle = BorderCount::new(Cell::at(4, 4).unwrap()).settled(&[], &region);
        assert_eq!(circle.known, Some(4));
        assert_eq!(circle.pairs(9).len(), 16);
        // No regions: no borders. Regions to be found: not known yet.
        let none = BorderCount::new(Cell::at(4, 4).unwrap()).settled(&[], &|_| Vec::new());
        assert_eq!(none.known, Some(0));
        let chaos = [VariantConstraint::from(super::super::ChaosConstruction)];
        let found = BorderCount::new(Cell::at(4, 4).unwrap()).settled(&chaos, &|_| Vec::new());
        assert_eq!(found.known, None);
    }
}
