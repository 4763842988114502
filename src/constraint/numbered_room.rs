//! Numbered rooms: the clue outside the grid is the digit in the X-th cell seen from it, X being the first digit.
//!
//! The rule as sigh's Interactive Sudoku Solver states it ("the digit which has to be placed
//! in the Nth cell in the corresponding direction, where N is the digit placed in the first
//! cell in that direction") and as the f-puzzles extension that writes it reads it (the
//! "Numbered Room" tool of Angelo Mekenkamp's userscript, pull request 101 to Rangsk's
//! SudokuSolver, never merged there): the field `numberedroom`, entries
//! `{"cell": "R0C3", "value": "5"}` with the clue's cell just outside the grid and a digit
//! from 1 to N.

use std::fmt;

use super::outside::Sightline;
use super::{CellValues, Constraint, ConstraintCnf, Record, RecordError, VariantConstraint};
use crate::grid::{Cell, Shape};

/// A numbered room clue: the X-th cell of its line seen from the clue holds `digit`, X the
/// digit of the first cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumberedRoom {
    sight: Sightline,
    digit: u32,
}

impl NumberedRoom {
    /// Reads a numbered room record: where the clue stands ([`Sightline`]'s reading) and its
    /// `digit` (f-puzzles' `value`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(Sightline::read(record, "digit")?
            .map(|(sight, digit)| NumberedRoom::new(sight, digit).into())
            .into_iter()
            .collect())
    }

    /// The clue `digit` seen along `sight`.
    pub fn new(sight: Sightline, digit: u32) -> NumberedRoom {
        NumberedRoom { sight, digit }
    }
}

impl fmt::Display for NumberedRoom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "numbered room {} (digit {})", self.sight, self.digit)
    }
}

impl Constraint for NumberedRoom {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        self.sight.cells(shape.size())
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if let Some(problem) = self.sight.problem(shape, "numbered room") {
            return Some(problem);
        }
        let n = shape.size();
        (!(1..=n).contains(&(self.digit as usize))).then(|| {
            format!(
                "a numbered room names a digit from 1 to {n}, not {}",
                self.digit
            )
        })
    }

    /// One binary clause per digit X of the first cell: it holds X only if the X-th cell
    /// holds the clue.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let cells = self.sight.cells(n);
        let digit = self.digit as usize;
        for (x, &room) in (1..=n).zip(&cells) {
            if x == 1 && digit == 1 {
                continue;
            }
            let first = cnf.holds(cells[0], x);
            let there = cnf.holds(room, digit);
            cnf.clause([!first, there]);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let cells = self.sight.cells(values.shape().size());
        let Some(x) = values.get(cells[0]) else {
            return true;
        };
        values
            .get(cells[x - 1])
            .is_none_or(|v| v == self.digit as usize)
    }
}
