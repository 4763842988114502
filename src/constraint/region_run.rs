//! Region-run clues: a digit in such a cell is how many cells of its region it sees along its arms (straight on along its row and column unless the arms are given), each arm up to the first cell of another region.
//!
//! Setters use it where the regions are to be found (chaos construction): "Chaos
//! Construction" (logic-masters.de 0003D0: an arrow's digit counts the cells of its region
//! in the arrow's direction, itself included), "Cavernous Construction" (0009TV: a circle
//! counts the cells of its region it sees in its row and column). sigh's Interactive Sudoku
//! Solver writes it `ChaosArrow~CELL~OFFSET~ARMS`; satdoku reads that, and its TOML
//! `[[region-run]]` with `cell`, optional `arms` (lists of cells going out from the clue,
//! the clue itself not listed; the four straight directions when none are given) and
//! `include-first = false` where the clue's own cell is not counted. On given regions
//! (boxes, jigsaw) each run is known, and fixes the digit.

use std::fmt;

use super::drawing::{Mark, Point, shaft};
use super::region_tally::{Tally, cells_problem};
use super::sum::Term;
use super::written::toml_only;
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord,
};
use crate::grid::{Cell, Shape};

/// The colour of its ring and arms in a picture.
const COLOUR: &str = "#8a5fb0";

/// A region-run clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionRun {
    /// Its cell, and its count once settled on given regions.
    tally: Tally,
    /// The arms as given (cells going out from the clue); `None`: the four directions.
    arms: Option<Vec<Vec<Cell>>>,
    /// Whether the clue's own cell counts (it does unless told otherwise).
    include_first: bool,
}

impl RegionRun {
    /// Reads a region-run record: its `cell`, optional `arms` and `include-first`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cell = record.cell("cell")?;
        let arms = record.optional_lines("arms")?;
        let include_first = record.flag("include-first")?.unwrap_or(true);
        Ok(vec![RegionRun::new(cell, arms, include_first).into()])
    }

    /// The record that `read` reads back: `region-run` with its `cell`, its `arms` where
    /// given and `include-first = false` where the clue is not counted (satdoku's TOML
    /// only: f-puzzles has no such clue).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "a region-run clue", format, || {
            let mut record = WrittenRecord::new("region-run").cells("cell", &[self.cell()]);
            if let Some(arms) = &self.arms {
                record = record.with("arms", FieldValue::Lines(arms.clone()));
            }
            if !self.include_first {
                record = record.with("include-first", FieldValue::Flag(false));
            }
            record
        })
    }

    /// A clue in `cell` counting its region's run along `arms` (the four straight
    /// directions when `None`), itself counted when `include_first`.
    pub fn new(cell: Cell, arms: Option<Vec<Vec<Cell>>>, include_first: bool) -> RegionRun {
        RegionRun {
            tally: Tally::new(cell),
            arms,
            include_first,
        }
    }

    /// The clue's cell.
    pub fn cell(&self) -> Cell {
        self.tally.cell
    }

    /// The arms as given; `None` where the clue looks the four straight ways.
    pub fn given_arms(&self) -> Option<&[Vec<Cell>]> {
        self.arms.as_deref()
    }

    /// Whether the clue's own cell counts.
    pub fn include_first(&self) -> bool {
        self.include_first
    }

    /// The arms on a grid of `shape`: as given, or the cells straight on from the clue
    /// towards each edge (up, down, left, right).
    pub fn arms(&self, shape: Shape) -> Vec<Vec<Cell>> {
        if let Some(arms) = &self.arms {
            return arms.clone();
        }
        [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .map(|step| {
                std::iter::successors(shape.step(self.cell(), step), |&c| shape.step(c, step))
                    .collect()
            })
            .collect()
    }

    /// The count the clue starts from: 1 for its own cell, 0 where it does not count.
    fn first(&self) -> usize {
        usize::from(self.include_first)
    }

    /// The clue with its count settled on given regions (`region`: the cells of a cell's
    /// region): the cells of its own region along each arm until one is not.
    pub(crate) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
    ) -> RegionRun {
        let own = region(self.cell());
        let first = self.first();
        let tally = self.tally.clone().settled(all, region, |shape| {
            let run: usize = (self.arms(shape).iter())
                .map(|arm| arm.iter().take_while(|c| own.contains(c)).count())
                .sum();
            first + run
        });
        RegionRun { tally, ..self }
    }
}

impl fmt::Display for RegionRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "region-run clue {}", self.cell())
    }
}

impl Constraint for RegionRun {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        vec![self.cell()]
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let mut read = vec![self.cell()];
        read.extend(self.arms(shape).into_iter().flatten());
        if let Some(problem) = cells_problem(&read, shape) {
            return Some(problem);
        }
        if read.len() - 1 + self.first() == 0 {
            return Some("it counts no cell (no arms, and not its own cell)".into());
        }
        (self.tally).problem(shape, "cells of its region along its arms")
    }

    /// On given regions, the known count is the digit. Where the regions are to be found:
    /// per arm, "the first i cells all lie in the clue's region" (each true only when the
    /// one before is and cell i shares the region), and the digit their number, plus 1 for
    /// the clue's own cell.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let terms = |cnf: &mut ConstraintCnf| {
            let mut terms: Vec<Term> = Vec::new();
            for arm in self.arms(cnf.shape()) {
                let mut before: Option<super::Literal> = None;
                for cell in arm {
                    let same = cnf.same_region(self.cell(), cell);
                    let run = match before {
                        None => same,
                        Some(before) => {
                            let run = cnf.aux();
                            cnf.clause([!run, before]);
                            cnf.clause([!run, same]);
                            cnf.clause([!before, !same, run]);
                            run
                        }
                    };
                    terms.push(vec![(run, 1), (!run, 0)]);
                    before = Some(run);
                }
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

    /// A ring, and an arrow along each arm (to the next cell only, for the four
    /// directions).
    fn draw(&self, shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::ring(self.cell(), 0.42, COLOUR)];
        for arm in self.arms(shape) {
            let shown = if self.arms.is_some() {
                &arm[..]
            } else {
                &arm[..arm.len().min(1)]
            };
            marks.extend(shaft(Some(Point::centre(self.cell())), 0.42, shown, COLOUR));
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
    fn its_arms_go_straight_to_the_edges_unless_given() {
        let clue = RegionRun::new(cell("r2c3"), None, true);
        let arms = clue.arms(Shape::from_size(4).unwrap());
        assert_eq!(
            arms,
            vec![
                vec![cell("r1c3")],
                vec![cell("r3c3"), cell("r4c3")],
                vec![cell("r2c2"), cell("r2c1")],
                vec![cell("r2c4")],
            ]
        );
        let given = RegionRun::new(cell("r1c1"), Some(vec![vec![cell("r1c2")]]), false);
        assert_eq!(given.arms(Shape::NINE), vec![vec![cell("r1c2")]]);
    }

    #[test]
    fn on_boxes_the_run_is_known() {
        let (shape, region) = (Shape::NINE, super::super::region_tally::nine_boxes);
        // r5c5, the middle of box 5: one more of its box each way, and itself.
        let clue = RegionRun::new(cell("r5c5"), None, true).settled(&[], &region);
        assert_eq!(clue.tally.known(), Some(5));
        // r1c1 rightwards, itself not counted: r1c2 and r1c3.
        let right = vec![(2..=9).map(|c| Cell::at(0, c - 1).unwrap()).collect()];
        let clue = RegionRun::new(cell("r1c1"), Some(right), false).settled(&[], &region);
        assert_eq!(clue.tally.known(), Some(2));
        assert_eq!(clue.problem(shape), None);
        let none = RegionRun::new(cell("r1c1"), Some(Vec::new()), false);
        assert!(none.problem(shape).unwrap().contains("counts no cell"));
    }
}
