//! Hidden skyscrapers: a clue outside the grid gives the first digit, seen from it, that a taller digit before it hides.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`HiddenSkyscraper`: "digits in the grid
//! represent skyscrapers of that height; higher skyscrapers obscure smaller ones; clues
//! outside the grid show the first hidden skyscraper in that row/column from the clue's
//! direction of view"). The digits before the first hidden one rise, so it is the first digit
//! lower than the one before it. f-puzzles has no field for it, so satdoku reads it from its
//! TOML only (`[[hidden-skyscraper]]`, placed as a skyscraper is, with `height`). On digits
//! from 0 the height is a number and only the digits' order counts (sigh's reading).

use super::outside::{outside_clue, sightline_cells_and_problem};
use super::sum::{Chain, Term, cell_term};
use super::walk::supported;
use super::{CellValues, Constraint, ConstraintCnf};
use crate::grid::{Cell, Digit, DigitSet, Shape};

outside_clue! {
    /// A hidden-skyscraper clue: seen from it, the digits rise until the first one lower
    /// than the one before it, and that one is `height`.
    HiddenSkyscraper { height }, "hidden skyscraper", shown "{} first hidden",
    records "hidden-skyscraper", ""
}

impl HiddenSkyscraper {
    /// The place (1..=N) of the clue's height, a number (on digits from 0 a height of 0 is
    /// the first digit: only the digits' order counts).
    fn target(&self, shape: Shape) -> usize {
        shape.place(self.height as usize)
    }

    /// The walk from the clue over a line of `n` digits (by place): state 0 at the start,
    /// the last digit while the digits rise, and n + 1 ("found") from the first digit lower
    /// than the one before it — which must be `target`, the clue's height — on.
    fn step(n: usize, target: usize, state: usize, digit: usize) -> Option<usize> {
        let found = n + 1;
        if state == found {
            Some(found)
        } else if digit > state {
            Some(digit)
        } else {
            (digit == target && digit < state).then_some(found)
        }
    }

    /// Why the clue's height cannot stand on a grid of `shape`: the largest digit is never
    /// hidden.
    fn clue_problem(&self, shape: Shape) -> Option<String> {
        let n = shape.size();
        (!(1..n).contains(&self.target(shape))).then(|| {
            format!(
                "the first hidden skyscraper of a {shape} line is {} to {}, not {}",
                shape.number(1),
                shape.number(n - 1),
                self.height
            )
        })
    }
}

impl Constraint for HiddenSkyscraper {
    sightline_cells_and_problem!("hidden skyscraper");

    /// The digits walked as states from the clue (`Chain::walk`, see `HiddenSkyscraper::step`);
    /// the line must end in the state "found".
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let cnf_shape = cnf.shape();
        let target = self.target(cnf_shape);
        let cells = self.sight.cells(n);
        // The terms are numbers; the walk goes by places.
        let terms: Vec<Term> = cells.iter().map(|&c| cell_term(cnf, c, 1)).collect();
        let k = terms.len();
        Chain::walk(cnf, None, &terms, |i, last, number| {
            let place = cnf_shape.place(number as usize);
            let next = HiddenSkyscraper::step(n, target, last as usize, place)?;
            // Still rising: the line cannot end here.
            (i < k || next == n + 1).then_some(next as i64)
        });
    }

    /// The cells seen from the clue keep the digits some walk ending in "found" puts there.
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], shape: Shape) -> Option<Vec<DigitSet>> {
        let n = sets.len();
        if scope != self.sight.cells(n).as_slice() {
            return None;
        }
        let target = self.target(shape);
        let step = |s: usize, d: Digit| HiddenSkyscraper::step(n, target, s, d.index() + 1);
        Some(supported(sets, n + 2, step, |s| s == n + 1))
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().size();
        let target = self.target(values.shape());
        let mut last = 0;
        for cell in self.sight.cells(n) {
            let Some(v) = values.place(cell) else {
                return true;
            };
            if v > last {
                last = v;
            } else {
                return v == target && v < last;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::Sightline;
    use crate::grid::House;

    /// On a line of 4 with the candidates given, each cell keeps exactly the digits some
    /// sequence drawn from them (repeats allowed: the line alone) whose first descent is the
    /// clue's height puts there.
    #[test]
    fn narrowing_keeps_what_some_sequence_uses() {
        let clue = HiddenSkyscraper::new(Sightline::new(House::Row(0), false), 2);
        let cells = clue.sight.cells(4);
        let set = |ds: &[u8]| {
            let mut s = DigitSet::EMPTY;
            for &d in ds {
                s.insert(Digit::new(d).unwrap());
            }
            s
        };
        for sets in [
            vec![DigitSet::all(4); 4],
            vec![set(&[1, 3]), set(&[2, 4]), set(&[1, 2]), set(&[3, 4])],
            vec![set(&[4]), set(&[1, 3]), set(&[2, 3]), DigitSet::all(4)],
        ] {
            let mut by_hand = vec![DigitSet::EMPTY; 4];
            for code in 0..256usize {
                let digits: Vec<usize> = (0..4).map(|i| (code >> (2 * i)) % 4 + 1).collect();
                let fits = (0..4).all(|i| sets[i].contains(Digit::new(digits[i] as u8).unwrap()));
                // The first step that does not rise must be a descent onto the height (a
                // digit equal to the one before it, which a row never holds, is neither).
                let first = digits.windows(2).find(|w| w[1] <= w[0]);
                if fits && first.is_some_and(|w| w[1] < w[0] && w[1] == 2) {
                    for i in 0..4 {
                        by_hand[i].insert(Digit::new(digits[i] as u8).unwrap());
                    }
                }
            }
            assert_eq!(
                clue.narrow(&cells, &sets, Shape::from_size(4).unwrap()),
                Some(by_hand),
                "{sets:?}"
            );
        }
    }
}
