//! Zipper lines: digits the same distance from the line's centre add up to the same total, which on a line of odd length is the centre's digit.
//!
//! The rule as f-puzzles' extensions define it (field `zipperline`, one line per entry of
//! `lines`) and Rangsk's SudokuSolver solves it (`ZipperLineConstraint`: the first and
//! last cells, the second and second-to-last …, and a lone centre cell, are groups of equal
//! sums), as does sigh's Interactive Sudoku Solver (`Zipper`: "for odd length lines, the
//! center digit is the sum").

use std::fmt;

use super::drawing::Mark;
use super::sum::{equal_sums, equal_sums_admit};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, line_cells_and_oddity, line_problem,
};
use crate::grid::{Cell, Shape};

/// A zipper line: the pairs of cells mirrored about its centre (and its centre cell, on a
/// line of odd length) have equal sums.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Zipper {
    cells: Vec<Cell>,
}

impl Zipper {
    /// Reads a zipper line record: its cells (f-puzzles: one line each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| Zipper::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under `zipper-line` in
    /// satdoku's TOML and as the one line of an f-puzzles `zipperline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "zipper-line",
            "zipperline",
            &self.cells,
        )])
    }

    /// A zipper line along `cells`.
    pub fn new(cells: Vec<Cell>) -> Zipper {
        Zipper { cells }
    }

    /// The groups of equal sums: each mirrored pair, and the centre cell alone.
    fn groups(&self) -> Vec<Vec<Cell>> {
        let len = self.cells.len();
        (0..len.div_ceil(2))
            .map(|i| {
                let (a, b) = (self.cells[i], self.cells[len - 1 - i]);
                if a == b { vec![a] } else { vec![a, b] }
            })
            .collect()
    }
}

impl fmt::Display for Zipper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "zipper line {}", cell_list(&self.cells))
    }
}

impl Constraint for Zipper {
    line_cells_and_oddity!();

    fn problem(&self, _shape: Shape) -> Option<String> {
        line_problem("zipper line", &self.cells)
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
        vec![Mark::line(&self.cells, "#c9a0f0", 0.28)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirrored_pairs_and_the_centre_alone_are_the_groups() {
        let cells: Vec<Cell> = (0..5).map(|c| Cell::at(0, c).unwrap()).collect();
        let groups = |len: usize| Zipper::new(cells[..len].to_vec()).groups();
        assert_eq!(
            groups(5),
            [
                vec![cells[0], cells[4]],
                vec![cells[1], cells[3]],
                vec![cells[2]]
            ]
        );
        assert_eq!(
            groups(4),
            [vec![cells[0], cells[3]], vec![cells[1], cells[2]]]
        );
    }
}
