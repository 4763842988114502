//! Sandwich sums: the digits between the 1 and the N of a row or column add up to the clue.

use std::fmt;

use super::outside::Sightline;
use super::sum::{Chain, Term};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
};
use crate::grid::{Cell, House, Shape};

/// A sandwich clue on a row or column: the digits strictly between its 1 and its N (the
/// grid's largest digit) add up to `sum` (0 when they touch).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sandwich {
    line: House,
    sum: u32,
}

impl Sandwich {
    /// Reads a sandwich record: the `row` or `column` (1-based) and the `sum`; in f-puzzles
    /// the clue's `cell` just outside the grid and its `value` (a clue without one says
    /// nothing).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let (line, sum) = match record.format() {
            RecordFormat::Toml => {
                let line = match (record.number("row")?, record.number("column")?) {
                    (Some(r), None) if r >= 1 => House::Row((r - 1).min(255) as u8),
                    (None, Some(c)) if c >= 1 => House::Column((c - 1).min(255) as u8),
                    _ => {
                        return Err(RecordError::why(
                            "needs `row` or `column` (1-based), not both",
                        ));
                    }
                };
                (line, record.required_number("sum")?)
            }
            RecordFormat::Fpuzzles => {
                let Some(sum) = record.number("value")? else {
                    return Ok(Vec::new());
                };
                let n = record.shape().map_or(0, Shape::size);
                (Sightline::at(record.position("cell")?, n)?.line(), sum)
            }
        };
        Ok(vec![Sandwich::new(line, sum).into()])
    }

    /// The clue `sum` on `line`, a row or a column (anything else is a
    /// [problem](Constraint::problem)).
    pub fn new(line: House, sum: u32) -> Sandwich {
        Sandwich { line, sum }
    }

    /// The line's cells in order, on a grid of `size`.
    fn line_cells(&self, size: usize) -> Vec<Cell> {
        (0..size)
            .map(|i| match self.line {
                House::Row(r) => Cell::new_unchecked(r as usize, i),
                House::Column(c) => Cell::new_unchecked(i, c as usize),
                _ => Cell::new_unchecked(0, i),
            })
            .collect()
    }
}

impl fmt::Display for Sandwich {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sandwich {} (sum {})", self.line, self.sum)
    }
}

impl Constraint for Sandwich {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        self.line_cells(shape.size())
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.size();
        let index = match self.line {
            House::Row(i) | House::Column(i) => i as usize,
            other => {
                return Some(format!(
                    "a sandwich sum needs a row or a column, not {other}"
                ));
            }
        };
        if index >= n {
            return Some(format!("a {shape} grid has no {}", self.line));
        }
        let most = (2..n).sum::<usize>();
        (self.sum as usize > most)
            .then(|| format!("the digits between 1 and {n} add up to at most {most}"))
    }

    /// "Digit v lies between the 1 and the N" is a variable `b[v]` for each v in 2..N, and
    /// the clue is the sum of `v·b[v]`. Whether a cell lies between follows from prefix
    /// variables "the 1 (the N) is at or before this cell".
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let cells = self.line_cells(n);
        // seen[d][j]: digit d (1 or N) is at position j or before.
        let mut seen = [Vec::new(), Vec::new()];
        for (k, digit) in [1, n].into_iter().enumerate() {
            let mut prev: Option<super::Literal> = None;
            for &cell in &cells {
                let here = cnf.holds(cell, digit);
                let now = cnf.aux();
                cnf.clause([!here, now]);
                let mut back = vec![!now, here];
                if let Some(prev) = prev {
                    cnf.clause([!prev, now]);
                    back.push(prev);
                }
                cnf.clause(back);
                seen[k].push(now);
                prev = Some(now);
            }
        }
        // between[j]: position j is strictly between the 1 and the N, either way round.
        let mut between = Vec::with_capacity(n);
        for j in 0..n {
            let btw = cnf.aux();
            let mut sides = vec![!btw];
            if j > 0 {
                for (first, last) in [(0, 1), (1, 0)] {
                    // The first of the pair is before j, the last at or after it.
                    let side = cnf.aux();
                    let (before, not_yet) = (seen[first][j - 1], seen[last][j]);
                    cnf.clause([!side, before]);
                    cnf.clause([!side, !not_yet]);
                    cnf.clause([!before, not_yet, side]);
                    cnf.clause([!side, btw]);
                    sides.push(side);
                }
            }
            cnf.clause(sides);
            between.push(btw);
        }
        // b[v] for v in 2..N: the line holds v once (it is a row or column), so v is
        // between exactly when the cell holding it is.
        let mut terms: Vec<Term> = Vec::new();
        for v in 2..n {
            let b = cnf.aux();
            for (j, &cell) in cells.iter().enumerate() {
                let x = cnf.holds(cell, v);
                cnf.clause([!x, !between[j], b]);
                cnf.clause([!x, between[j], !b]);
            }
            terms.push(vec![(b, v as i64), (!b, 0)]);
        }
        Chain::equal(cnf, &terms, self.sum as i64);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().size();
        let cells = self.line_cells(n);
        let at = |d: usize| cells.iter().position(|&c| values.get(c) == Some(d));
        let (Some(a), Some(b)) = (at(1), at(n)) else {
            return true;
        };
        let (lo, hi) = (a.min(b), a.max(b));
        let inside = &cells[lo + 1..hi];
        let total: usize = inside.iter().filter_map(|&c| values.get(c)).sum();
        let blanks = inside.iter().filter(|&&c| values.get(c).is_none()).count();
        // Blank cells between hold other digits from 2 to N−1: at least 2 each, at most N−1.
        let sum = self.sum as usize;
        total + 2 * blanks <= sum && sum <= total + (n - 1) * blanks
    }
}
