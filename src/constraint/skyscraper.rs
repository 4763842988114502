//! Skyscrapers: a clue outside the grid counts the digits seen from it, each taller digit hiding the lower ones behind it.
//!
//! The rule as f-puzzles' extensions state it (Rangsk's SudokuSolver, its userscript's
//! "Skyscraper": "the count of numbers in the row or column which increase from the
//! previous highest value"; sigh's Interactive Sudoku Solver: "higher skyscrapers obscure
//! smaller ones"): the field `skyscraper`, entries `{"cell": "R0C3", "value": "4"}` with the
//! clue's cell just outside the grid and a count from 1 to N. On a grid of digits from 0 a 0
//! is a building of height 0, never seen (as sigh's solver reads its 0-indexed puzzles).

use super::outside::{outside_clue, sightline_cells_and_problem};
use super::sum::{Chain, Term};
use super::{CellValues, Constraint, ConstraintCnf, Literal};
use crate::grid::{Cell, Shape};

outside_clue! {
    /// A skyscraper clue: `count` digits of its line, seen from the clue, are taller than every
    /// digit before them.
    Skyscraper { count }, "skyscraper", shown "{} seen",
    records "skyscraper", "skyscraper"
}

impl Skyscraper {
    /// Why the clue's number cannot stand on a grid of `shape` (its line being one).
    fn clue_problem(&self, shape: Shape) -> Option<String> {
        // A 0 (no building) is never seen: a line of N cells holding 0 to N−1 (every digit)
        // shows at most N−1.
        let most = shape.size() - usize::from(shape.starts_at_zero() && shape.is_exact());
        (!(1..=most).contains(&(self.count as usize))).then(|| {
            format!(
                "a {shape} line shows 1 to {most} skyscrapers, not {}",
                self.count
            )
        })
    }
}

impl Constraint for Skyscraper {
    sightline_cells_and_problem!("skyscraper");

    /// "The tallest so far is at least v" variables per cell and digit (the prefix maximum
    /// in the order encoding), a "seen" variable per cell true exactly when its digit tops
    /// the tallest before it, and the count of those as a chain of partial sums (`Chain`);
    /// beside them, the bounds by position as units (the published "Renban Skyscrapers"
    /// takes 78 ms with them, 750 ms without).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        // M digits (heights) on a line of N cells: M = N unless the grid takes more.
        let n = cnf.size();
        let cells = self.sight.cells(cnf.shape().size());
        // tallest[v - 1]: some cell so far holds v or more (v in 1..=N).
        let mut tallest: Vec<Literal> = Vec::new();
        let mut terms: Vec<Term> = Vec::new();
        for (i, &cell) in cells.iter().enumerate() {
            if i == 0 {
                // The first digit is always seen, but for a 0 (no building).
                let seen = cnf.aux();
                if cnf.shape().starts_at_zero() {
                    let zero = cnf.holds(cell, 1);
                    cnf.clause([seen, zero]);
                    cnf.clause([!seen, !zero]);
                    terms.push(vec![(seen, 1), (!seen, 0)]);
                } else {
                    cnf.clause([seen]);
                    terms.push(vec![(seen, 1)]);
                }
            } else {
                let seen = cnf.aux();
                for (v, &before) in (1..=n).zip(&tallest) {
                    let x = cnf.holds(cell, v);
                    cnf.clause([!seen, !x, !before]);
                    cnf.clause([!x, before, seen]);
                }
                terms.push(vec![(seen, 1), (!seen, 0)]);
            }
            // Whether the tallest up to this cell is at least v.
            let now: Vec<Literal> = (0..n).map(|_| cnf.aux()).collect();
            for v in 1..=n {
                let mut why = vec![!now[v - 1]];
                if let Some(&before) = tallest.get(v - 1) {
                    cnf.clause([!before, now[v - 1]]);
                    why.push(before);
                }
                for w in v..=n {
                    let x = cnf.holds(cell, w);
                    cnf.clause([!x, now[v - 1]]);
                    why.push(x);
                }
                cnf.clause(why);
            }
            tallest = now;
        }
        Chain::equal(cnf, &terms, self.count as i64);
        // Bounds by position: a digit v at cell i leaves at most i + 1 seen up to it and
        // M − v after it, so v ≤ M + i + 1 − count.
        let count = self.count as usize;
        for (i, &cell) in cells.iter().enumerate() {
            for v in (n + i + 2).saturating_sub(count).max(1)..=n {
                cnf.forbid(cell, v);
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let cells = self.sight.cells(values.shape().size());
        let count = self.count as usize;
        let highest = values.shape().highest();
        // Digits seen up to the first blank cell, and the tallest among them (a 0 is no
        // building: never seen).
        let (mut seen, mut tallest) = (0, 0);
        for (i, &cell) in cells.iter().enumerate() {
            let Some(v) = values.get(cell) else {
                // Each later digit seen is taller than the last: at most highest − tallest
                // more, and no more than the cells left.
                return seen <= count && count <= seen + (highest - tallest).min(cells.len() - i);
            };
            if v > tallest {
                seen += 1;
                tallest = v;
            }
        }
        seen == count
    }
}
