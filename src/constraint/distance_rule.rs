//! Rules over every pair of cells a set distance apart that look at their digits: knightmare (a knight's move apart, never summing to 5 or 15), anti-taxicab (a digit d never d steps from another d) and diagonal non-consecutive (diagonal neighbours never consecutive).
//!
//! Meanings from Rangsk's SudokuSolver, which takes both on its command line (`-c knightmare`,
//! `-c selftaxi`; f-puzzles and its extensions write no field for either, so satdoku reads
//! them from its TOML `rules` only). `KnightmareConstraint.cs`: cells a knight's move apart
//! never add up to 5 or 15 (its default sums). Those sums are 9×9's (10 ∓ 5 around its
//! middle), and what a knightmare means on other grids is not settled, so other sizes are
//! refused. `SelfTaxicabConstraint.cs`: a cell holding d and a cell at taxicab distance
//! exactly d (|Δrow| + |Δcolumn|) never both hold d; that reads the same on every size.

use std::fmt;

use super::drawing::Mark;
use super::{CellValues, Constraint, ConstraintCnf, RecordFormat, Written, whole_grid_rule};
use crate::grid::{Cell, KNIGHT_MOVES, Shape, taxicab_steps};

/// Which rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DistanceKind {
    /// Cells a knight's move apart never add up to 5 or 15 (9×9 only).
    Knightmare,
    /// A digit d is never at taxicab distance d from another d.
    AntiTaxicab,
    /// Cells touching diagonally never hold consecutive digits (Rangsk's solver's `dnc`).
    DiagonalNonConsecutive,
}

impl DistanceKind {
    /// Every kind (each is one rule over the whole grid, named by the rules' table).
    pub const ALL: [DistanceKind; 3] = [
        DistanceKind::Knightmare,
        DistanceKind::AntiTaxicab,
        DistanceKind::DiagonalNonConsecutive,
    ];
}

/// The sums knightmare rules out between cells a knight's move apart.
const KNIGHTMARE_SUMS: [usize; 2] = [5, 15];

/// A rule over the whole grid on the digits of cells a set distance apart.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DistanceRule {
    kind: DistanceKind,
}

impl DistanceRule {
    /// The rule `kind`.
    pub fn new(kind: DistanceKind) -> DistanceRule {
        DistanceRule { kind }
    }

    /// No record: a rule over the whole grid is written with a file's rules (satdoku's
    /// `rules` list, f-puzzles' flags), never as a record of its own.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        whole_grid_rule(self, format)
    }

    /// The kind.
    pub fn kind(&self) -> DistanceKind {
        self.kind
    }

    /// The cells of `shape` at `distance` steps from `cell`: a knight's move (knightmare),
    /// a diagonal step (diagonal non-consecutive; `distance` unused by both) or that
    /// taxicab distance (anti-taxicab).
    fn around(&self, shape: Shape, cell: Cell, distance: usize) -> Vec<Cell> {
        let steps: Vec<(isize, isize)> = match self.kind {
            DistanceKind::Knightmare => KNIGHT_MOVES.to_vec(),
            DistanceKind::DiagonalNonConsecutive => vec![(1, 1), (1, -1), (-1, 1), (-1, -1)],
            DistanceKind::AntiTaxicab => taxicab_steps(distance as isize),
        };
        steps
            .into_iter()
            .filter_map(|step| shape.step(cell, step))
            .collect()
    }
}

impl fmt::Display for DistanceRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            DistanceKind::Knightmare => {
                f.write_str("knightmare (no knight's move apart adds up to 5 or 15)")
            }
            DistanceKind::AntiTaxicab => {
                f.write_str("anti-taxicab (no digit d at taxicab distance d from another d)")
            }
            DistanceKind::DiagonalNonConsecutive => {
                f.write_str("diagonal non-consecutive (no diagonal neighbours differ by 1)")
            }
        }
    }
}

impl Constraint for DistanceRule {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        (self.kind == DistanceKind::Knightmare && shape.size() != 9).then(|| {
            format!(
                "knightmare's sums 5 and 15 are 9×9's; on a {shape} grid its meaning is not settled"
            )
        })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        for a in shape.cells() {
            match self.kind {
                DistanceKind::Knightmare => {
                    for b in self.around(shape, a, 0).into_iter().filter(|&b| b > a) {
                        cnf.relation(a, b, |v, w| !KNIGHTMARE_SUMS.contains(&(v + w)));
                    }
                }
                DistanceKind::AntiTaxicab => {
                    for d in 1..=shape.size() {
                        for b in self.around(shape, a, d).into_iter().filter(|&b| b > a) {
                            let (x, y) = (cnf.holds(a, d), cnf.holds(b, d));
                            cnf.clause([!x, !y]);
                        }
                    }
                }
                DistanceKind::DiagonalNonConsecutive => {
                    for b in self.around(shape, a, 0).into_iter().filter(|&b| b > a) {
                        cnf.relation(a, b, |v, w| v.abs_diff(w) != 1);
                    }
                }
            }
        }
    }

    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        let mut pairs = Vec::new();
        for a in shape.cells() {
            let distances = match self.kind {
                DistanceKind::Knightmare | DistanceKind::DiagonalNonConsecutive => 0..=0,
                DistanceKind::AntiTaxicab => 1..=shape.size(),
            };
            for d in distances {
                // Each other cell lies at one distance: every pair comes once.
                for b in self.around(shape, a, d).into_iter().filter(|&b| b > a) {
                    pairs.push(vec![a, b]);
                }
            }
        }
        pairs
    }

    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        let [a, b] = *scope else {
            return self.admits(values);
        };
        let (Some(v), Some(w)) = (values.get(a), values.get(b)) else {
            return true;
        };
        match self.kind {
            DistanceKind::Knightmare => !KNIGHTMARE_SUMS.contains(&(v + w)),
            DistanceKind::AntiTaxicab => {
                v != w || a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) != v
            }
            DistanceKind::DiagonalNonConsecutive => v.abs_diff(w) != 1,
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        shape.cells().all(|a| {
            let Some(v) = values.get(a) else {
                return true;
            };
            match self.kind {
                DistanceKind::Knightmare => self.around(shape, a, 0).into_iter().all(|b| {
                    values
                        .get(b)
                        .is_none_or(|w| !KNIGHTMARE_SUMS.contains(&(v + w)))
                }),
                DistanceKind::AntiTaxicab => self
                    .around(shape, a, v)
                    .into_iter()
                    .all(|b| values.get(b) != Some(v)),
                DistanceKind::DiagonalNonConsecutive => (self.around(shape, a, 0).into_iter())
                    .all(|b| values.get(b).is_none_or(|w| v.abs_diff(w) != 1)),
            }
        })
    }

    /// Nothing drawn: the legend names the rule with the rules over the whole grid.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Vec::new()
    }
}
