//! Numbered rooms: the clue outside the grid is the digit in the X-th cell seen from it, X being the first digit.
//!
//! The rule as sigh's Interactive Sudoku Solver states it ("the digit which has to be placed
//! in the Nth cell in the corresponding direction, where N is the digit placed in the first
//! cell in that direction") and as the f-puzzles extension that writes it reads it (the
//! "Numbered Room" tool of Angelo Mekenkamp's userscript, pull request 101 to Rangsk's
//! SudokuSolver, never merged there): the field `numberedroom`, entries
//! `{"cell": "R0C3", "value": "5"}` with the clue's cell just outside the grid and a digit
//! from 1 to N (to M on a grid taking more digits, whose first cell then holds at most N).
//! On a grid of digits from 0, X and the clue are numbers, as sigh's solver reads them
//! ("0-indexed: Sums and indexing"): a first 0 names no cell, so it is ruled out.

use super::outside::{outside_clue, sightline_cells_and_problem};
use super::{CellValues, Constraint, ConstraintCnf};
use crate::grid::{Cell, Shape};

outside_clue! {
    /// A numbered room clue: the X-th cell of its line seen from the clue holds `digit`, X the
    /// digit of the first cell.
    NumberedRoom { digit }, "numbered room", shown "digit {}",
    records "numbered-room", "numberedroom"
}

impl NumberedRoom {
    /// Why the clue's number cannot stand on a grid of `shape` (its line being one).
    fn clue_problem(&self, shape: Shape) -> Option<String> {
        let (lo, hi) = (shape.lowest(), shape.highest());
        (!(lo..=hi).contains(&(self.digit as usize))).then(|| {
            format!(
                "a numbered room names a digit from {lo} to {hi}, not {}",
                self.digit
            )
        })
    }
}

impl Constraint for NumberedRoom {
    sightline_cells_and_problem!("numbered room");

    /// One binary clause per digit X of the first cell (a number): it holds X only if the
    /// X-th cell holds the clue; no first digit naming no cell (0, or past the line's end on
    /// a grid taking more digits than the line has cells).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        let cells = self.sight.cells(shape.size());
        let digit = self.digit as usize;
        for place in 1..=cnf.size() {
            let x = shape.number(place);
            if x == 1 && digit == 1 {
                continue;
            }
            let Some(&room) = x.checked_sub(1).and_then(|i| cells.get(i)) else {
                cnf.forbid(cells[0], place);
                continue;
            };
            let first = cnf.holds(cells[0], place);
            let there = cnf.holds(room, shape.place(digit));
            cnf.clause([!first, there]);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let cells = self.sight.cells(values.shape().size());
        let Some(x) = values.get(cells[0]) else {
            return true;
        };
        (x.checked_sub(1).and_then(|i| cells.get(i)))
            .is_some_and(|&room| values.get(room).is_none_or(|v| v == self.digit as usize))
    }
}
