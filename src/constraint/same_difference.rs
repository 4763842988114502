//! Same-difference and sequence lines: every two neighbours along the line differ by the same amount; on a sequence line the digits also run in order, up or down by one step.
//!
//! Setters state both in words. Marty Sears' "Twelve Spots": "Each line is a 'same
//! difference' line. Every pair of adjacent cells along a line has the same difference" —
//! the difference as a distance, so a line may turn back (1-3-1) or repeat a digit where
//! the difference is 0. Lizzy01's "Pumpkin Wizard": "Grey sequence lines contain digits in
//! order, with the same difference between each adjacent pair. e.g. 1-4-7, 2-3-4 or 5-7-9"
//! — a signed step, never 0 (digits in order), read either way along the line; sigh's
//! Interactive Sudoku Solver writes the same as its "arithmetic progression" recipe.
//! satdoku reads both from its TOML (`[[same-difference-line]]`, `[[sequence-line]]`, each
//! with `cells`), from SudokuPad as lines the rules give the meaning, and from f-puzzles as
//! `samedifferenceline` and `sequenceline` entries (the names f-puzzles' extension scheme
//! gives such tools, as `parityline`). A same-difference line may be a loop (its closing
//! pair counts); a sequence line has two ends.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, line_gap, line_problem, loop_problem, ring,
};
use crate::grid::{Cell, Shape};

/// A line whose neighbours all differ by the same amount; a sequence line's digits also
/// run in order (one signed step, never 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SameDifference {
    cells: Vec<Cell>,
    in_order: bool,
}

impl SameDifference {
    /// Reads a same-difference or sequence line record (by the table it is under): its
    /// `cells` (a same-difference loop ends on its first cell).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let in_order = match record.name() {
            "same-difference-line" | "samedifferenceline" => false,
            "sequence-line" | "sequenceline" => true,
            other => return Err(RecordError::why(format!("{other} is no such line's table"))),
        };
        record.each_path(|cells| SameDifference { cells, in_order }.into())
    }

    /// The record that `read` reads back as this line: its cells under
    /// `same-difference-line` or `sequence-line` in satdoku's TOML, and as the one line of an
    /// f-puzzles `samedifferenceline` or `sequenceline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let (toml, fpuzzles) = if self.in_order {
            ("sequence-line", "sequenceline")
        } else {
            ("same-difference-line", "samedifferenceline")
        };
        Ok(vec![WrittenRecord::path(
            format,
            toml,
            fpuzzles,
            &self.cells,
        )])
    }

    /// A same-difference line along `cells` (ending on its first cell: a loop).
    pub fn new(cells: Vec<Cell>) -> SameDifference {
        SameDifference {
            cells,
            in_order: false,
        }
    }

    /// A sequence line along `cells`: digits in order, one step apart, up or down.
    pub fn sequence(cells: Vec<Cell>) -> SameDifference {
        SameDifference {
            cells,
            in_order: true,
        }
    }

    /// Whether the digits run in order (a sequence line).
    pub fn in_order(&self) -> bool {
        self.in_order
    }

    /// The line's name in messages.
    fn what(&self) -> &'static str {
        if self.in_order {
            "sequence line"
        } else {
            "same-difference line"
        }
    }

    /// The steps from one digit to the next that the line may take on a grid of `n` digits:
    /// a sequence line's signed steps (never 0), or a same-difference line's distances.
    fn steps(&self, n: usize) -> Vec<i64> {
        let most = n as i64 - 1;
        if self.in_order {
            (-most..=most).filter(|&s| s != 0).collect()
        } else {
            (0..=most).collect()
        }
    }

    /// Whether `w` may follow `v` on the line under `step`.
    fn follows(&self, v: i64, w: i64, step: i64) -> bool {
        if self.in_order {
            w - v == step
        } else {
            (w - v).abs() == step
        }
    }
}

impl fmt::Display for SameDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.what(), cell_list(&self.cells))
    }
}

impl Constraint for SameDifference {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        ring(&self.cells).0.to_vec()
    }

    fn oddity(&self) -> Option<String> {
        line_gap(&self.cells)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if !self.in_order {
            return loop_problem(self.what(), &self.cells);
        }
        let n = shape.digit_count();
        line_problem(self.what(), &self.cells).or_else(|| {
            (self.cells.len() > n).then(|| {
                format!(
                    "{} cells in order cannot all differ with digits from 1 to {n}",
                    self.cells.len()
                )
            })
        })
    }

    /// One variable per step the line may take, exactly one true; per step, each digit of a
    /// cell allows only the digits a step away in its neighbours, both ways along the line.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let steps = self.steps(n);
        let chosen: Vec<_> = steps.iter().map(|_| cnf.aux()).collect();
        cnf.clause(chosen.iter().copied());
        cnf.at_most_one(&chosen);
        for (&step, &lit) in steps.iter().zip(&chosen) {
            // Under the step, `from` holding v allows in `to` only the digits `fits` pairs
            // with v.
            let mut support = |from: Cell, to: Cell, v: usize, fits: &dyn Fn(usize) -> bool| {
                let mut clause = vec![!lit, !cnf.holds(from, v)];
                clause.extend((1..=n).filter(|&w| fits(w)).map(|w| cnf.holds(to, w)));
                cnf.clause(clause);
            };
            for pair in self.cells.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                for v in 1..=n {
                    // Forward from a's digit, then back from b's.
                    support(a, b, v, &|w| self.follows(v as i64, w as i64, step));
                    support(b, a, v, &|u| self.follows(u as i64, v as i64, step));
                }
            }
        }
    }

    /// Some step fits every pair of filled neighbours, and every two filled cells with open
    /// cells between: a sequence's filled digits lie on one run that fits the digits, a
    /// distance reaches across open cells (never too far, of the right parity). Exact on a
    /// complete line.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().digit_count();
        let filled: Vec<(i64, i64)> = (self.cells.iter().enumerate())
            .filter_map(|(i, &c)| values.get(c).map(|v| (i as i64, v as i64)))
            .collect();
        let last = self.cells.len() as i64 - 1;
        self.steps(n).into_iter().any(|step| {
            if self.in_order {
                let start = |&(i, v): &(i64, i64)| v - i * step;
                let Some(first) = filled.first().map(start) else {
                    return true;
                };
                let (lo, hi) = (
                    first.min(first + last * step),
                    first.max(first + last * step),
                );
                filled.iter().all(|f| start(f) == first) && lo >= 1 && hi <= n as i64
            } else {
                filled.windows(2).all(|pair| {
                    let ((i, v), (j, w)) = (pair[0], pair[1]);
                    let (gap, reach) = ((w - v).abs(), (j - i) * step);
                    if j - i == 1 {
                        gap == step
                    } else {
                        gap <= reach && (step == 0 || (reach - gap) % 2 == 0)
                    }
                })
            }
        })
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let colour = if self.in_order { "#9d9d9d" } else { "#40c0c0" };
        vec![Mark::line(&self.cells, colour, 0.2)]
    }
}
