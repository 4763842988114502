//! The depth-first search over boards: propagate, then branch on a cell with the fewest candidates.

use crate::grid::{Digit, Grid, Shape};
use crate::logic::bitboard::Bitboard;
use crate::solvers::budget::Budget;

/// One search for solutions, up to the limit and deadline of its [`Budget`].
pub(super) struct Search {
    /// Solutions, effort (guesses) and the deadline.
    pub(super) budget: Budget,
}

impl Search {
    /// Searches from `board`, propagated under the diagonal rule when `DIAGONAL`.
    pub(super) fn go<const DIAGONAL: bool>(&mut self, mut board: Bitboard) {
        if !board.propagate::<DIAGONAL>() {
            return;
        }
        let Some((b, bit)) = board.branch_cell() else {
            self.budget.solution(|| grid(&board.values()));
            return;
        };
        let mut digits = board.digits_at(b, bit);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if !self.budget.step() {
                return;
            }
            let mut next = board;
            next.assign(d, b, bit);
            self.go::<DIAGONAL>(next);
        }
    }
}

/// The 9×9 grid of reading-order values 1–9.
fn grid(values: &[u8; 81]) -> Grid {
    let mut grid = Grid::empty(Shape::NINE);
    for (cell, &v) in Shape::NINE.cells().zip(values) {
        grid.set(cell, Digit::new(v));
    }
    grid
}
