//! Sum lines ("10 lines"): the line splits into one or more runs of consecutive cells, each adding up to the line's total.
//!
//! The rule as sigh's Interactive Sudoku Solver defines it (`SumLine~S~cells`: "the line
//! can be divided into segments that each sum to the given sum"; where the segments end is
//! for the solver to find, not the boxes). Neither f-puzzles nor Rangsk's SudokuSolver has
//! the family; its f-puzzles field here is `sumline` with the total as `value`, the name
//! f-puzzles' extension scheme gives a "Sum Line" tool. A line drawn as a loop (its last
//! cell its first, as sigh's loops and published "Granular Impurities") is cut anywhere
//! round: some cell starts a run, and from it the runs go round once. On a grid of digits
//! from 0 the runs add up numbers, as sigh's solver reads them ("0-indexed: Sums and
//! indexing"): a 0 joins either run beside it, and a line of 0s alone makes no run at all, so
//! it breaks the rule (where sigh's solver lets it pass).

use std::fmt;

use super::drawing::Mark;
use super::sum::{Chain, Term, cell_term};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, loop_problem, ring, ring_cells_and_oddity,
};
use crate::grid::{Cell, Shape};

/// A sum line: cut into runs of consecutive cells, each run's digits adding up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SumLine {
    cells: Vec<Cell>,
    sum: u32,
}

impl SumLine {
    /// Reads a sum line record: its cells (f-puzzles: one line each) and its total
    /// (`sum`; f-puzzles' `value`), which it must have.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let paths = record.paths()?;
        let sum = record.required_number(record.key("sum", "value"))?;
        Ok(paths
            .into_iter()
            .map(|cells| SumLine::new(cells, sum).into())
            .collect())
    }

    /// The record that `read` reads back as this line: its cells and its total (`sum`;
    /// f-puzzles' `value`).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::path(format, "sum-line", "sumline", &self.cells);
        Ok(vec![record.number(
            format,
            format.choose("sum", "value"),
            self.sum,
        )])
    }

    /// A sum line along `cells`, each of its runs adding up to `sum`.
    pub fn new(cells: Vec<Cell>, sum: u32) -> SumLine {
        SumLine { cells, sum }
    }

    /// The ways to read the line from a cell that starts a run: the line itself, or for a
    /// loop each of its distinct cells first, once round.
    fn readings(&self) -> Vec<Vec<Cell>> {
        let (cells, closed) = ring(&self.cells);
        if !closed {
            return vec![cells.to_vec()];
        }
        (0..cells.len())
            .map(|s| cells[s..].iter().chain(&cells[..s]).copied().collect())
            .collect()
    }

    /// Whether some digits in the blanks of `cells`, read in order from a run's start,
    /// close every run: the running totals the line can be at, cell by cell (exact when
    /// every cell is filled).
    fn admits_reading(&self, values: &CellValues<'_>, cells: &[Cell]) -> bool {
        let shape = values.shape();
        let mut at = vec![false; self.sum as usize];
        at[0] = true;
        for &cell in cells {
            let digits = match values.get(cell) {
                Some(v) => v..=v,
                None => shape.lowest()..=shape.highest(),
            };
            let mut next = vec![false; at.len()];
            for before in (0..at.len()).filter(|&t| at[t]) {
                for v in digits.clone() {
                    if let Some(after) = self.step(before, v) {
                        next[after] = true;
                    }
                }
            }
            at = next;
        }
        at[0]
    }

    /// The running total after a number `v` from total `before`: back to 0 when a run
    /// reaches the sum, none when it overshoots.
    fn step(&self, before: usize, v: usize) -> Option<usize> {
        let sum = self.sum as usize;
        match before + v {
            total if total < sum => Some(total),
            total if total == sum => Some(0),
            _ => None,
        }
    }
}

impl fmt::Display for SumLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sum line {} (sum {})", cell_list(&self.cells), self.sum)
    }
}

impl Constraint for SumLine {
    ring_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        let (len, sum) = (ring(&self.cells).0.len(), self.sum as usize);
        let (lo, hi) = (shape.lowest(), shape.highest());
        loop_problem("sum line", &self.cells).or_else(|| {
            // The line's numbers total a multiple of the sum, at least once the sum, between
            // len·lowest and len·highest.
            let reachable = (1..=len * hi / sum.max(1)).any(|k| k * sum >= len * lo);
            (sum == 0 || !reachable).then(|| {
                format!("{len} digits from {lo} to {hi} cannot split into runs adding up to {sum}")
            })
        })
    }

    /// The runs as a chain of running totals; a loop reads from one of its cells, chosen by
    /// a variable per cell (at least one true), each reading under its own. On digits from 0,
    /// some cell is no 0 (the line makes at least one run).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        if let Some(zero) = shape.digit_numbered(0) {
            let cells = ring(&self.cells).0;
            let zero = usize::from(zero.get());
            let some_other: Vec<_> = cells.iter().map(|&c| !cnf.holds(c, zero)).collect();
            cnf.clause(some_other);
        }
        let readings = self.readings();
        let guards: Vec<Option<super::Literal>> = if readings.len() == 1 {
            vec![None]
        } else {
            let guards: Vec<super::Literal> = readings.iter().map(|_| cnf.aux()).collect();
            cnf.clause(guards.iter().copied());
            guards.into_iter().map(Some).collect()
        };
        for (cells, guard) in readings.iter().zip(guards) {
            let terms: Vec<Term> = cells.iter().map(|&c| cell_term(cnf, c, 1)).collect();
            let (len, sum) = (terms.len(), self.sum as usize);
            let (lo, hi) = (shape.lowest(), shape.highest());
            Chain::walk(cnf, guard, &terms, |i, before, amount| {
                let after = self.step(before as usize, amount as usize)?;
                // The cells left can close the run and every run after it: the rest of the
                // line adds up to a multiple of the sum, less the run so far.
                let left = len - i;
                let closes = (after + left * lo).div_ceil(sum) * sum <= after + left * hi;
                closes.then_some(after as i64)
            });
        }
    }

    /// Whether some digits in the blanks close every run, read from some cell of a loop,
    /// and (on digits from 0) the line is not all 0s.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let cells = ring(&self.cells).0;
        let all_zero = cells.iter().all(|&c| values.get(c) == Some(0));
        !all_zero && (self.readings().iter()).any(|cells| self.admits_reading(values, cells))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::line(&self.cells, "#f0a040", 0.2)];
        if let Some(&first) = self.cells.first() {
            marks.push(Mark::label(
                super::Point::centre(first),
                self.sum.to_string(),
                0.3,
            ));
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_close_at_the_sum_and_the_last_closes_with_the_line() {
        let shape = Shape::from_size(4).unwrap();
        let cells: Vec<Cell> = (0..4).map(|c| Cell::at(0, c).unwrap()).collect();
        let line = SumLine::new(cells.clone(), 5);
        let admits = |row: [u8; 4]| {
            let mut values = vec![0; 16];
            values[..4].copy_from_slice(&row);
            line.admits(&CellValues::new(shape, &values))
        };
        assert!(admits([1, 4, 2, 3]));
        assert!(!admits([1, 3, 2, 4]));
        assert!(admits([1, 4, 0, 3]));
        assert!(!admits([4, 2, 0, 0]));
        // Four digits from 1 to 4 total 4 to 16: never a multiple of 17.
        assert!(SumLine::new(cells, 17).problem(shape).is_some());
    }
}
