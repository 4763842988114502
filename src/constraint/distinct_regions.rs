//! Distinct-regions clues: a digit in such a cell is how many different regions a set of cells touches (by default the clue and the eight cells around it).
//!
//! Setters use it where the regions are to be found: "The Fountain" (SudokuPad g9NB728Tgp, a
//! circle counting the regions among the cells around it). sigh's Interactive Sudoku Solver
//! writes it as a count of distinct values over chaos construction's region cells
//! (`CountDistinct~R5C1~CC37~CC28…`); satdoku reads that, and its TOML
//! `[[distinct-regions]]` with `cell` and optional `cells`. On given regions (boxes, jigsaw)
//! each count is known, and fixes the digit.

use std::fmt;

use super::drawing::Mark;
use super::region_tally::{Tally, cells_problem};
use super::sum::Term;
use super::written::toml_only;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord,
};
use crate::grid::{Cell, Shape};

/// The colour of its ring and counted cells in a picture.
const COLOUR: &str = "#4f8fb0";

/// A distinct-regions clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DistinctRegions {
    /// Its cell, and its count once settled on given regions.
    tally: Tally,
    /// The cells looked at as given; `None`: the clue and the cells around it.
    cells: Option<Vec<Cell>>,
}

impl DistinctRegions {
    /// Reads a distinct-regions record: its `cell` and optional `cells`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cell = record.cell("cell")?;
        let cells = record.optional_cells("cells")?;
        Ok(vec![DistinctRegions::new(cell, cells).into()])
    }

    /// The record that `read` reads back: `distinct-regions` with its `cell` and its
    /// `cells` where given (satdoku's TOML only: f-puzzles has no such clue).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "a distinct-regions clue", format, || {
            let record = WrittenRecord::new("distinct-regions").cells("cell", &[self.cell()]);
            match &self.cells {
                Some(cells) => record.cells("cells", cells),
                None => record,
            }
        })
    }

    /// A clue in `cell` counting the regions among `cells` (the clue and its neighbours
    /// when `None`).
    pub fn new(cell: Cell, cells: Option<Vec<Cell>>) -> DistinctRegions {
        DistinctRegions {
            tally: Tally::new(cell),
            cells,
        }
    }

    /// The clue's cell.
    pub fn cell(&self) -> Cell {
        self.tally.cell
    }

    /// The cells looked at as given; `None` where the clue looks at itself and around.
    pub fn given_cells(&self) -> Option<&[Cell]> {
        self.cells.as_deref()
    }

    /// The cells looked at on a grid of `shape`: as given, or the clue and the cells
    /// around it (diagonal neighbours too).
    pub fn looked_at(&self, shape: Shape) -> Vec<Cell> {
        match &self.cells {
            Some(cells) => cells.clone(),
            None => super::region_tally::around(shape, self.cell()),
        }
    }

    /// The clue with its count settled on given regions (`region`: the cells of a cell's
    /// region): the different regions among the cells looked at.
    pub(crate) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
    ) -> DistinctRegions {
        let tally = self.tally.clone().settled(all, region, |shape| {
            let mut firsts: Vec<Cell> = (self.looked_at(shape).into_iter())
                .filter_map(|c| region(c).into_iter().min())
                .collect();
            firsts.sort();
            firsts.dedup();
            firsts.len()
        });
        DistinctRegions { tally, ..self }
    }
}

impl fmt::Display for DistinctRegions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "distinct-regions clue {}", self.cell())
    }
}

impl Constraint for DistinctRegions {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        vec![self.cell()]
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        cells_problem(&self.looked_at(shape), shape)
            .or_else(|| self.tally.problem(shape, "regions among its cells"))
    }

    /// On given regions, the known count is the digit. Where the regions are to be found:
    /// per region, "some cell looked at lies in it", and the digit their number.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let terms = |cnf: &mut ConstraintCnf| {
            let looked_at = self.looked_at(cnf.shape());
            let mut terms: Vec<Term> = Vec::new();
            for k in 0..cnf.shape().size() {
                let touched = cnf.aux();
                let mut some = vec![!touched];
                for &cell in &looked_at {
                    let inside = cnf.in_region(cell, k);
                    cnf.clause([!inside, touched]);
                    some.push(inside);
                }
                cnf.clause(some);
                terms.push(vec![(touched, 1), (!touched, 0)]);
            }
            terms
        };
        self.tally.encode(cnf, terms, 0);
    }

    /// On given regions, whether the digit is the known count; any digit where the regions
    /// are to be found.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.tally.admits(values)
    }

    /// A ring, and a small square in each cell of a set given cell by cell.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::ring(self.cell(), 0.42, COLOUR)];
        for &cell in self.cells.iter().flatten() {
            marks.push(Mark::Square {
                centre: super::drawing::Point::centre(cell),
                side: 0.14,
                turned: true,
                fill: Some(COLOUR),
                stroke: None,
            });
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_boxes_the_count_is_known() {
        let (shape, region) = (Shape::NINE, super::super::region_tally::nine_boxes);
        let cell = |name: &str| -> Cell { name.parse().unwrap() };
        // r3c3, a box's corner: the nine around it touch four boxes; r5c5 touches one.
        let corner = DistinctRegions::new(cell("r3c3"), None).settled(&[], &region);
        assert_eq!(corner.tally.known(), Some(4));
        let middle = DistinctRegions::new(cell("r5c5"), None).settled(&[], &region);
        assert_eq!(middle.tally.known(), Some(1));
        let given = vec![cell("r1c1"), cell("r9c9"), cell("r1c2")];
        let clue = DistinctRegions::new(cell("r5c5"), Some(given)).settled(&[], &region);
        assert_eq!(clue.tally.known(), Some(2));
        assert_eq!(clue.problem(shape), None);
    }
}
