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
use super::region_tally::Tally;
use super::sum::Term;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord,
};
use crate::grid::{Cell, Shape};

/// A border-count circle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BorderCount {
    /// Its cell, and the borders along its row and column once settled on given regions.
    tally: Tally,
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
                .cells("cell", &[self.cell()]),
        ])
    }

    /// A border-count circle in `cell`.
    pub fn new(cell: Cell) -> BorderCount {
        BorderCount {
            tally: Tally::new(cell),
        }
    }

    /// The circle's cell.
    pub fn cell(&self) -> Cell {
        self.tally.cell
    }

    /// The neighbouring pairs of cells along its row and its column on a grid of N×N:
    /// each pair in two regions is a border it counts.
    pub fn pairs(&self, n: usize) -> Vec<(Cell, Cell)> {
        let (row, col) = (self.cell().row(), self.cell().col());
        let along_row = (1..n).filter_map(|j| Some((Cell::at(row, j - 1)?, Cell::at(row, j)?)));
        let along_col = (1..n).filter_map(|i| Some((Cell::at(i - 1, col)?, Cell::at(i, col)?)));
        along_row.chain(along_col).collect()
    }

    /// The circle with its count settled on the grid's given regions (`region`: the cells
    /// of a cell's region, N of them): the neighbours along its row and column in two
    /// regions; unknown where the regions are to be found (`all` holds chaos construction).
    pub(crate) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
    ) -> BorderCount {
        let tally = self.tally.clone().settled(all, region, |shape| {
            let pairs = self.pairs(shape.size()).into_iter();
            pairs.filter(|&(a, b)| !region(a).contains(&b)).count()
        });
        BorderCount { tally }
    }
}

impl fmt::Display for BorderCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "border-count circle {}", self.cell())
    }
}

impl Constraint for BorderCount {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        vec![self.cell()]
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        self.tally
            .problem(shape, "region borders along its row and column")
    }

    /// On given regions, the known count is the digit; where the regions are to be found,
    /// a variable per pair of neighbours along the row and column, "in one region", and the
    /// digit the number of pairs where it is false.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let terms = |cnf: &mut ConstraintCnf| {
            let pairs = self.pairs(cnf.shape().size());
            (pairs.into_iter())
                .map(|(a, b)| {
                    let same = cnf.same_region(a, b);
                    vec![(same, 0), (!same, 1)]
                })
                .collect::<Vec<Term>>()
        };
        self.tally.encode(cnf, terms, 0);
    }

    /// On given regions, whether the digit is the known count; any digit where the regions
    /// are to be found.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.tally.admits(values)
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::ring(self.cell(), 0.42, GREY)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_boxes_the_count_is_known() {
        let region = super::super::region_tally::nine_boxes;
        // Any cell of a 9×9 with boxes sees two box borders in its row and two in its column.
        let circle = BorderCount::new(Cell::at(4, 4).unwrap()).settled(&[], &region);
        assert_eq!(circle.tally.known(), Some(4));
        assert_eq!(circle.pairs(9).len(), 16);
        // No regions: nothing to count (the rules refuse the circle). Regions to be found:
        // not known yet.
        let none = BorderCount::new(Cell::at(4, 4).unwrap()).settled(&[], &|_| Vec::new());
        assert_eq!(none.tally.known(), None);
        let chaos = [VariantConstraint::from(super::super::ChaosConstruction)];
        let found = BorderCount::new(Cell::at(4, 4).unwrap()).settled(&chaos, &region);
        assert_eq!(found.tally.known(), None);
    }
}
