//! Same region: cells that lie in one region (where the regions are to be found, a clue that shapes them).
//!
//! sigh's Interactive Sudoku Solver writes it as same values over chaos construction's
//! region cells (`SameValues~3~CC19~CC10~CC11`: those cells' regions are one), as in
//! "Chaos Construction: Sack Lunch" (logic-masters.de 000LKM) and "Chaos Construction:
//! killer", where each cage lies in one region. satdoku reads that, and its TOML
//! `[[same-region]]` with `cells`. On given regions (boxes, jigsaw) it is settled: cells of
//! different regions make the puzzle unsolvable, which satdoku says.

use std::fmt;

use super::drawing::Mark;
use super::region_tally::{NO_REGIONS, Reading, reading};
use super::written::toml_only;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list,
};
use crate::grid::{Cell, Shape};

/// The colour of its line in a picture.
const COLOUR: &str = "#c9a227";

/// Cells that lie in one region.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SameRegion {
    cells: Vec<Cell>,
    /// Once settled: on given regions, a cell outside the first one's region if any.
    reading: Reading<Option<Cell>>,
}

impl SameRegion {
    /// Reads a same-region record: its `cells`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![SameRegion::new(record.cells("cells")?).into()])
    }

    /// The record that `read` reads back: `same-region` with its `cells` (satdoku's TOML
    /// only).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "cells of one region", format, || {
            WrittenRecord::new("same-region").cells("cells", &self.cells)
        })
    }

    /// `cells`, which lie in one region.
    pub fn new(cells: Vec<Cell>) -> SameRegion {
        SameRegion {
            cells,
            reading: Reading::Found,
        }
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Settled on given regions (`region`: the cells of a cell's region; none on a grid
    /// without regions): a cell outside the first one's region noted.
    pub(crate) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
    ) -> SameRegion {
        let first = self.cells.first().copied();
        let reading = match first {
            Some(first) => reading(all, region, first, |_| {
                let own = region(first);
                self.cells.iter().copied().find(|c| !own.contains(c))
            }),
            None => Reading::Found,
        };
        SameRegion { reading, ..self }
    }
}

impl fmt::Display for SameRegion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "same region {}", cell_list(&self.cells))
    }
}

impl Constraint for SameRegion {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        if self.cells.len() < 2 {
            return Some("it needs two cells or more".into());
        }
        for (i, cell) in self.cells.iter().enumerate() {
            if self.cells[..i].contains(cell) {
                return Some(format!("it lists {cell} twice"));
            }
        }
        match self.reading {
            Reading::Nothing => Some(NO_REGIONS.into()),
            Reading::Given(Some(cell)) => Some(format!(
                "{cell} lies outside the region of {}, and the regions are given",
                self.cells[0]
            )),
            Reading::Given(None) | Reading::Found => None,
        }
    }

    /// Where the regions are found, each cell lies in whichever region the first does;
    /// on given regions it is settled (nothing to state, or a problem named).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        match self.reading {
            Reading::Found => {}
            Reading::Given(None) => return,
            Reading::Given(Some(_)) | Reading::Nothing => {
                cnf.clause([]);
                return;
            }
        }
        let (first, others) = self.cells.split_first().expect("two cells or more");
        for &cell in others {
            for k in 0..cnf.shape().size() {
                let (x, y) = (cnf.in_region(*first, k), cnf.in_region(cell, k));
                cnf.clause([!x, y]);
                cnf.clause([x, !y]);
            }
        }
    }

    /// Digits alone do not say (on given regions, `problem` has said).
    fn admits(&self, _values: &CellValues<'_>) -> bool {
        true
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, COLOUR, 0.1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_boxes_cells_of_two_boxes_are_named() {
        let (shape, region) = (Shape::NINE, super::super::region_tally::nine_boxes);
        let cell = |name: &str| -> Cell { name.parse().unwrap() };
        let one = SameRegion::new(vec![cell("r1c1"), cell("r3c3")]).settled(&[], &region);
        assert_eq!(one.problem(shape), None);
        let two = SameRegion::new(vec![cell("r1c1"), cell("r1c4")]).settled(&[], &region);
        assert!(two.problem(shape).unwrap().contains("r1c4 lies outside"));
    }
}
