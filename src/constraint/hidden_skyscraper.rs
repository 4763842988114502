//! Hidden skyscrapers: a clue outside the grid gives the first digit, seen from it, that a taller digit before it hides.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`HiddenSkyscraper`: "digits in the grid
//! represent skyscrapers of that height; higher skyscrapers obscure smaller ones; clues
//! outside the grid show the first hidden skyscraper in that row/column from the clue's
//! direction of view"). The digits before the first hidden one rise, so it is the first digit
//! lower than the one before it. f-puzzles has no field for it, so satdoku reads it from its
//! TOML only (`[[hidden-skyscraper]]`, placed as a skyscraper is, with `height`).

use super::outside::{outside_clue, sightline_cells_and_problem};
use super::sum::{Chain, Term, cell_term};
use super::{CellValues, Constraint, ConstraintCnf};
use crate::grid::{Cell, Shape};

outside_clue! {
    /// A hidden-skyscraper clue: seen from it, the digits rise until the first one lower
    /// than the one before it, and that one is `height`.
    HiddenSkyscraper { height }, "hidden skyscraper", shown "{} first hidden",
    records "hidden-skyscraper", ""
}

impl HiddenSkyscraper {
    /// Why the clue's height cannot stand on a grid of `shape`: the largest digit is never
    /// hidden.
    fn clue_problem(&self, shape: Shape) -> Option<String> {
        let n = shape.size();
        (!(1..n).contains(&(self.height as usize))).then(|| {
            format!(
                "the first hidden skyscraper of a {shape} line is 1 to {}, not {}",
                n - 1,
                self.height
            )
        })
    }
}

impl Constraint for HiddenSkyscraper {
    sightline_cells_and_problem!("hidden skyscraper");

    /// The digits walked as states from the clue (`Chain::walk`): the last digit while they
    /// rise, then, at the first digit lower than it — which must be the clue's height — a
    /// state of its own that every later digit keeps; the line must end there.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let cells = self.sight.cells(n);
        let terms: Vec<Term> = cells.iter().map(|&c| cell_term(cnf, c, 1)).collect();
        let (k, height, found) = (terms.len(), self.height as i64, n as i64 + 1);
        Chain::walk(cnf, None, &terms, |i, last, digit| {
            if last == found {
                Some(found)
            } else if i == 1 || digit > last {
                // Still rising: the line cannot end here.
                (i < k).then_some(digit)
            } else {
                (digit == height && digit < last).then_some(found)
            }
        });
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().size();
        let mut last = 0;
        for cell in self.sight.cells(n) {
            let Some(v) = values.get(cell) else {
                return true;
            };
            if v > last {
                last = v;
            } else {
                return v == self.height as usize && v < last;
            }
        }
        false
    }
}
