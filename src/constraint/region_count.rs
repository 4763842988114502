//! Region-count clues: a digit in such a cell is how many of a set of cells lie in the region of the set's first cell (by default the clue and the eight cells around it, the clue first).
//!
//! Setters use it where the regions are to be found: "Chaos Construction: cell count"
//! (Clover, GMPuzzles 2025: "a digit in a circle indicates how many cells in the surrounding
//! 3×3 area, including itself, belong to the same region"), "Sunblock" and "Calm
//! Construction" (a set of cells given with each clue). sigh's Interactive Sudoku Solver
//! writes it `ChaosCount~CELL~OFFSET~CELLS`; satdoku reads that, and its TOML
//! `[[region-count]]` with `cell`, optional `cells` (the first is the one whose region the
//! others are compared with) and `include-first = false` where that first cell is not
//! counted. On given regions (boxes, jigsaw) each count is known, and fixes the digit.

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
const COLOUR: &str = "#b0705f";

/// A region-count clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionCount {
    /// Its cell, and its count once settled on given regions.
    tally: Tally,
    /// The cells looked at as given, the first compared with; `None`: the clue and the
    /// cells around it.
    cells: Option<Vec<Cell>>,
    /// Whether the first cell counts (it does unless told otherwise).
    include_first: bool,
}

impl RegionCount {
    /// Reads a region-count record: its `cell`, optional `cells` and `include-first`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cell = record.cell("cell")?;
        let cells = record.optional_cells("cells")?;
        let include_first = record.flag("include-first")?.unwrap_or(true);
        Ok(vec![RegionCount::new(cell, cells, include_first).into()])
    }

    /// The record that `read` reads back: `region-count` with its `cell`, its `cells`
    /// where given and `include-first = false` where the first is not counted (satdoku's
    /// TOML only: f-puzzles has no such clue).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "a region-count clue", format, || {
            let mut record = WrittenRecord::new("region-count").cells("cell", &[self.cell()]);
            if let Some(cells) = &self.cells {
                record = record.cells("cells", cells);
            }
            if !self.include_first {
                record = record.with("include-first", super::FieldValue::Flag(false));
            }
            record
        })
    }

    /// A clue in `cell` counting the cells of `cells` (the clue and its neighbours when
    /// `None`) in the first one's region, the first counted when `include_first`.
    pub fn new(cell: Cell, cells: Option<Vec<Cell>>, include_first: bool) -> RegionCount {
        RegionCount {
            tally: Tally::new(cell),
            cells,
            include_first,
        }
    }

    /// The clue's cell.
    pub fn cell(&self) -> Cell {
        self.tally.cell
    }

    /// The cells looked at as given, the first compared with; `None` where the clue looks
    /// at itself and the cells around it.
    pub fn given_cells(&self) -> Option<&[Cell]> {
        self.cells.as_deref()
    }

    /// Whether the first cell looked at counts.
    pub fn include_first(&self) -> bool {
        self.include_first
    }

    /// The cells looked at on a grid of `shape`, the first compared with: as given, or
    /// the clue then the cells around it (diagonal neighbours too) in reading order.
    pub fn looked_at(&self, shape: Shape) -> Vec<Cell> {
        if let Some(cells) = &self.cells {
            return cells.clone();
        }
        super::region_tally::around(shape, self.cell())
    }

    /// The count the first cell adds: 1, or 0 where it does not count.
    fn first(&self) -> usize {
        usize::from(self.include_first)
    }

    /// The clue with its count settled on given regions (`region`: the cells of a cell's
    /// region): the cells looked at in the first one's region.
    pub(crate) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
    ) -> RegionCount {
        let tally = self.tally.clone().settled(all, region, |shape| {
            let looked_at = self.looked_at(shape);
            let ours = region(looked_at[0]);
            let others = looked_at[1..].iter().filter(|c| ours.contains(c)).count();
            self.first() + others
        });
        RegionCount { tally, ..self }
    }
}

impl fmt::Display for RegionCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "region-count clue {}", self.cell())
    }
}

impl Constraint for RegionCount {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        vec![self.cell()]
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let looked_at = self.looked_at(shape);
        if let Some(problem) = cells_problem(&looked_at, shape) {
            return Some(problem);
        }
        if looked_at.len() - 1 + self.first() == 0 {
            return Some("it counts no cell (one cell, and not counted)".into());
        }
        (self.tally).problem(shape, "cells of its set in the first one's region")
    }

    /// On given regions, the known count is the digit. Where the regions are to be found:
    /// "shares the first cell's region" per other cell, and the digit their number, plus 1
    /// for the first cell.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let terms = |cnf: &mut ConstraintCnf| {
            let looked_at = self.looked_at(cnf.shape());
            let mut terms: Vec<Term> = Vec::new();
            for &cell in &looked_at[1..] {
                let same = cnf.same_region(looked_at[0], cell);
                terms.push(vec![(same, 1), (!same, 0)]);
            }
            terms
        };
        self.tally.encode(cnf, terms, self.first());
    }

    /// On given regions, whether the digit is the known count; any digit where the regions
    /// are to be found.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.tally.admits(values)
    }

    /// A ring, and a small dot in each cell of a set given cell by cell.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::ring(self.cell(), 0.42, COLOUR)];
        for &cell in self.cells.iter().flatten() {
            marks.push(Mark::disc(cell, 0.08, COLOUR));
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn by_default_it_looks_at_itself_and_around() {
        let corner = RegionCount::new(cell("r1c1"), None, true);
        assert_eq!(
            corner.looked_at(Shape::NINE),
            vec![cell("r1c1"), cell("r1c2"), cell("r2c1"), cell("r2c2")]
        );
        assert_eq!(
            RegionCount::new(cell("r5c5"), None, true)
                .looked_at(Shape::NINE)
                .len(),
            9
        );
    }

    #[test]
    fn on_boxes_the_count_is_known() {
        let (shape, region) = (Shape::NINE, super::super::region_tally::nine_boxes);
        // r3c3, a box's corner: four of the nine around it share its box.
        let clue = RegionCount::new(cell("r3c3"), None, true).settled(&[], &region);
        assert_eq!(clue.tally.known(), Some(4));
        let given = vec![cell("r1c1"), cell("r1c2"), cell("r1c4"), cell("r2c2")];
        let clue = RegionCount::new(cell("r9c9"), Some(given), false).settled(&[], &region);
        assert_eq!(clue.tally.known(), Some(2));
        let twice = RegionCount::new(cell("r1c1"), Some(vec![cell("r1c2"), cell("r1c2")]), true);
        assert!(twice.problem(shape).unwrap().contains("twice"));
    }
}
