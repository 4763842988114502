//! Double arrows: the digits in the two circles at a line's ends add up to the sum of the digits on the cells between them.
//!
//! The rule as Rangsk's SudokuSolver defines it (`DoubleArrowConstraint`, console name and
//! f-puzzles field `doublearrow`, one line per entry of `lines`: on its
//! `EqualSumsConstraint`, the groups are the first and last cells, and the cells between;
//! a line of fewer than three cells has no groups there, and satdoku refuses it). Digits
//! may repeat along the line unless the grid's houses forbid it. satdoku's TOML writes it
//! as `double-arrow` with `cells`, the circles first and last.

use std::fmt;

use super::drawing::{GREY, Mark};
use super::sum::{equal_sums, equal_sums_admit};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, line_cells_and_oddity, line_problem,
};
use crate::grid::{Cell, Shape};

/// A double arrow: its first and last cells (the circles) add up to the sum of the cells
/// between them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DoubleArrow {
    cells: Vec<Cell>,
}

impl DoubleArrow {
    /// Reads a double arrow record: its cells, circles first and last (f-puzzles: one line
    /// each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| DoubleArrow::new(cells).into())
    }

    /// The record that `read` reads back as this double arrow, circles first and last: its cells,
    /// under `double-arrow` in satdoku's TOML and as the one line of an f-puzzles `doublearrow`
    /// entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "double-arrow",
            "doublearrow",
            &self.cells,
        )])
    }

    /// A double arrow along `cells`, its circles the first and the last.
    pub fn new(cells: Vec<Cell>) -> DoubleArrow {
        DoubleArrow { cells }
    }

    /// The two groups of equal sums: the circles, and the cells between them (a line too
    /// short for both is a [problem](Constraint::problem), never encoded).
    fn groups(&self) -> [Vec<Cell>; 2] {
        match self.cells.as_slice() {
            [first, between @ .., last] => [vec![*first, *last], between.to_vec()],
            cells => [cells.to_vec(), Vec::new()],
        }
    }
}

impl fmt::Display for DoubleArrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "double arrow {}", cell_list(&self.cells))
    }
}

impl Constraint for DoubleArrow {
    line_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        let (len, least, most) = (self.cells.len(), shape.lowest(), shape.highest());
        line_problem("double arrow", &self.cells).or_else(|| {
            if len < 3 {
                Some(format!(
                    "a double arrow needs cells between its two circles (at least three cells, not {len})"
                ))
            } else if (len - 2) * least > 2 * most {
                Some(format!(
                    "the {} cells between the circles add up to more than the circles' {}",
                    len - 2,
                    2 * most
                ))
            } else {
                None
            }
        })
    }

    /// Each group of equal sums less the next is 0.
    fn linear_sums(&self) -> Vec<super::LinearSum> {
        super::LinearSum::equal(&self.groups())
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        equal_sums(cnf, &self.groups());
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        equal_sums_admit(values, &self.groups())
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Mark::line_between_rings(&self.cells, GREY, 0.05)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_circles_and_the_cells_between_are_the_groups() {
        let cells: Vec<Cell> = (0..4).map(|c| Cell::at(0, c).unwrap()).collect();
        let [circles, between] = DoubleArrow::new(cells.clone()).groups();
        assert_eq!(circles, [cells[0], cells[3]]);
        assert_eq!(between, [cells[1], cells[2]]);
    }

    #[test]
    fn lines_without_cells_between_are_refused() {
        let shape = Shape::from_size(9).unwrap();
        let two: Vec<Cell> = (0..2).map(|c| Cell::at(0, c).unwrap()).collect();
        let problem = DoubleArrow::new(two).problem(shape).unwrap();
        assert!(problem.contains("at least three cells"), "{problem}");
        let repeat = vec![
            Cell::at(0, 0).unwrap(),
            Cell::at(0, 1).unwrap(),
            Cell::at(0, 0).unwrap(),
        ];
        assert!(DoubleArrow::new(repeat).problem(shape).is_some());
    }
}
