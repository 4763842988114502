//! Equality cages: different digits, as many odd as even and as many low as high ones (the middle digit of an odd range kept out).
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`EqualityCage~cells`: "cages must have
//! an equal number of even and odd digits, and an equal number of low and high digits; if
//! the digit range is odd, then the middle digit cannot be included in the cage; all digits
//! must be unique"). f-puzzles has no field for it, so satdoku reads it from its TOML only
//! (`[[equality-cage]]`, `cells`).

use std::fmt;

use super::drawing::Mark;
use super::sum::{Chain, Term};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, repeated, toml_only,
};
use crate::grid::{Cell, Shape};

/// An equality cage.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EqualityCage {
    cells: Vec<Cell>,
}

impl EqualityCage {
    /// Reads an equality-cage record: its `cells`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![EqualityCage::new(record.cells("cells")?).into()])
    }

    /// The record that `read` reads back as this cage in satdoku's TOML: `equality-cage`
    /// with its `cells`. f-puzzles has no equality cage.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "equality cages", format, || {
            WrittenRecord::new("equality-cage").cells("cells", &self.cells)
        })
    }

    /// An equality cage over `cells`.
    pub fn new(cells: Vec<Cell>) -> EqualityCage {
        EqualityCage { cells }
    }
}

/// Which side of the middle digit the digit of place `v` of 1…`n` lies on: −1 low, +1
/// high, 0 the middle itself (odd `n`). On digits from 0 the same places: 0–3 low and 5–8
/// high on 0–8.
fn side(n: usize, v: usize) -> i64 {
    (2 * v).cmp(&(n + 1)) as i64
}

/// +1 for an odd place, −1 for an even one. On digits from 0 a number's parity is the other
/// of its place's, and as many odd as even places is as many odd as even numbers.
fn parity(v: usize) -> i64 {
    if v % 2 == 1 { 1 } else { -1 }
}

impl fmt::Display for EqualityCage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "equality cage {}", cell_list(&self.cells))
    }
}

impl Constraint for EqualityCage {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (k, n) = (self.cells.len(), shape.size());
        if let Some(cell) = repeated(&self.cells) {
            return Some(format!("{cell} is listed twice"));
        }
        if k == 0 || k % 2 == 1 {
            return Some(format!("{k} cells cannot hold as many odd as even digits"));
        }
        // Different digits from each half: the cage can hold at most n/2 of either side.
        (k > n / 2 * 2).then(|| {
            format!(
                "{k} different digits from {} to {} cannot balance",
                shape.number(1),
                shape.number(n)
            )
        })
    }

    /// Different digits, the middle one forbidden, and two balances (odd against even, low
    /// against high) as chains of partial sums ending at 0.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        cnf.all_different(&self.cells);
        for &cell in &self.cells {
            if n % 2 == 1 {
                cnf.forbid(cell, n.div_ceil(2));
            }
        }
        let low_high = |v: usize| side(n, v);
        for weight in [&parity as &dyn Fn(usize) -> i64, &low_high] {
            let terms: Vec<Term> = self
                .cells
                .iter()
                .map(|&cell| {
                    (1..=n)
                        .filter(|&v| side(n, v) != 0)
                        .map(|v| (cnf.holds(cell, v), weight(v)))
                        .collect()
                })
                .collect();
            Chain::equal(cnf, &terms, 0);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().size();
        let half = self.cells.len() as i64 / 2;
        let digits = values.digits_of(&self.cells);
        let filled: Vec<usize> = digits.iter().copied().filter(|&v| v > 0).collect();
        let distinct = filled
            .iter()
            .enumerate()
            .all(|(i, v)| !filled[..i].contains(v));
        let counted = |weight: &dyn Fn(usize) -> i64, sign: i64| {
            filled.iter().filter(|&&v| weight(v) == sign).count() as i64 <= half
        };
        distinct
            && filled.iter().all(|&v| side(n, v) != 0)
            && [1, -1].iter().all(|&s| counted(&parity, s))
            && [1, -1].iter().all(|&s| counted(&|v| side(n, v), s))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::Cage {
            cells: self.cells.clone(),
            label: Some("=".into()),
        }]
    }
}
