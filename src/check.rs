//! Uniqueness verdicts with their witnesses, and solution counts (`satdoku::check`): plain data, whichever solver found them.

use std::fmt;

use crate::constraint::VariantConstraint;
use crate::format::{Notation, Spell};
use crate::grid::{Cell, CellDigit, Digit, Grid};

/// A cell where two solutions differ, written `r4c5: 3 vs 7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The cell.
    pub cell: Cell,
    /// Its digit in the first solution.
    pub first: Digit,
    /// Its digit in the second solution.
    pub second: Digit,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spell(&Notation::Numbers, f)
    }
}

impl Spell for Difference {
    /// `r4c5: 3 vs 7`, or `r2c4: 4 vs D` in a puzzle written in symbols.
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.cell)?;
        notation.write_digit(f, self.first)?;
        f.write_str(" vs ")?;
        notation.write_digit(f, self.second)
    }
}

/// What a unique puzzle can lose, one item at a time, and still have its one solution: the
/// answer of `check --minimal` to "which givens and which constraints carry no weight?".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Redundant {
    /// The givens whose removal alone keeps the solution unique, in reading order.
    pub givens: Vec<CellDigit>,
    /// The variant constraints (by index among the rules' constraints) whose removal alone
    /// keeps it unique, removed as a setter would remove them: a negative rule then covers
    /// the pair a removed dot marked ([`Rules::without_constraint`](crate::Rules::without_constraint)).
    pub constraints: Vec<usize>,
}

impl Redundant {
    /// Whether nothing can go: every given and every constraint is needed.
    pub fn is_empty(&self) -> bool {
        self.givens.is_empty() && self.constraints.is_empty()
    }
}

/// Whether a puzzle has exactly one solution, with the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution.
    Unique {
        /// The solution.
        solution: Grid,
    },
    /// More than one solution: two of them.
    Multiple {
        /// A solution.
        first: Grid,
        /// Another solution.
        second: Grid,
    },
    /// No solution: a set of givens and variant constraints that cannot hold together
    /// under the other rules (the clash), minimal unless its minimisation ran out of budget
    /// (removing any one of them leaves the rest solvable; not necessarily the smallest
    /// such set).
    NoSolution {
        /// The clashing givens, in reading order.
        conflict: Vec<CellDigit>,
        /// The variant constraints (cages, thermometers …) the clash needs, in the order
        /// of the rules.
        constraints: Vec<VariantConstraint>,
        /// Whether every given and constraint of the clash is known to be needed: false
        /// when the search that shrinks it stopped first (at its budget, tied to the cost
        /// of the verdict, or at a deadline), and the clash may hold more than it needs.
        minimal: bool,
    },
}

impl fmt::Display for Verdict {
    /// The verdict as `satdoku check` prints it, digits as numbers: `unique SOLUTION`,
    /// `multiple FIRST SECOND`, or `no_solution clash r1c1=5 …`.
    ///
    /// ```
    /// use satdoku::{Grid, Puzzle, SatSolver, Solver};
    /// let puzzle = Puzzle::standard("1234341221434321".parse::<Grid>()?)?;
    /// assert_eq!(SatSolver::new().check(&puzzle).to_string(), "unique 1234341221434321");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self {
            Verdict::Unique { solution } => write!(f, " {solution}"),
            Verdict::Multiple { first, second } => write!(f, " {first} {second}"),
            Verdict::NoSolution { .. } => write!(f, " {}", self.clash(&Notation::Numbers)),
        }
    }
}

impl Verdict {
    /// The cells where the two witnesses of [`Verdict::Multiple`] differ (empty otherwise).
    pub fn differences(&self) -> Vec<Difference> {
        match self {
            Verdict::Multiple { first, second } => first
                .shape()
                .cells()
                .filter_map(|cell| match (first.get(cell), second.get(cell)) {
                    (Some(a), Some(b)) if a != b => Some(Difference {
                        cell,
                        first: a,
                        second: b,
                    }),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The cells in different regions in the two solutions of a `Multiple` verdict whose
    /// regions are part of the answer (chaos construction): regions numbered in the order
    /// of their first cells, a cell differs when its region's number does. Empty for other
    /// verdicts and grids without regions.
    pub fn region_differences(&self) -> Vec<Cell> {
        match self {
            Verdict::Multiple { first, second } => match (first.regions(), second.regions()) {
                (Some(a), Some(b)) => first
                    .shape()
                    .cells()
                    .zip(a.iter().zip(b))
                    .filter(|(_, (x, y))| x != y)
                    .map(|(cell, _)| cell)
                    .collect(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// The cells where the two solutions of a `Multiple` verdict differ, by digit or by
    /// region, each once in cell order; empty for other verdicts.
    pub fn differing_cells(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self.differences().iter().map(|d| d.cell).collect();
        cells.extend(self.region_differences());
        cells.sort();
        cells.dedup();
        cells
    }

    /// What clashes in a puzzle without solutions, digits spelled in `notation`: `clash
    /// r1c1=5 r2c2=5`, `clash r1c1=5 with killer cage r1c1-r1c2 (sum 3)`, `clash (not
    /// minimal) …` when the clash may hold more than it needs, `the rules alone have no
    /// solution`; empty for other verdicts.
    pub fn clash(&self, notation: &Notation) -> String {
        let Verdict::NoSolution {
            conflict,
            constraints,
            minimal,
        } = self
        else {
            return String::new();
        };
        if conflict.is_empty() && constraints.is_empty() {
            return "the rules alone have no solution".to_string();
        }
        let mut text = String::from(if *minimal {
            "clash"
        } else {
            "clash (not minimal)"
        });
        for given in conflict {
            text.push(' ');
            text.push_str(&notation.show(given).to_string());
        }
        if !constraints.is_empty() {
            if !conflict.is_empty() {
                text.push_str(" with");
            }
            let names: Vec<String> = constraints.iter().map(ToString::to_string).collect();
            text.push(' ');
            text.push_str(&names.join("; "));
        }
        text
    }

    /// The verdict's name as used in output: `unique`, `multiple` or `no_solution`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Unique { .. } => "unique",
            Verdict::Multiple { .. } => "multiple",
            Verdict::NoSolution { .. } => "no_solution",
        }
    }
}

/// A number of solutions, counted up to a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// Whether that is all of them (false when the limit stopped the count).
    pub complete: bool,
}

impl Count {
    /// The count to report when a search for up to `limit + 1` solutions found `found`.
    pub fn from_search(found: u64, limit: u64) -> Count {
        Count {
            count: found.min(limit),
            complete: found <= limit,
        }
    }
}

impl fmt::Display for Count {
    /// The count, with `+` when the limit stopped it: `288`, `1000+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.count, if self.complete { "" } else { "+" })
    }
}

/// The verdict of a finished search for two solutions of a puzzle that found `solutions`;
/// `None` when it found none (the caller looks for the clash).
pub(crate) fn verdict_of(solutions: Vec<Grid>) -> Option<Verdict> {
    let mut solutions = solutions.into_iter();
    match (solutions.next(), solutions.next()) {
        (Some(solution), None) => Some(Verdict::Unique { solution }),
        (Some(first), Some(second)) => Some(Verdict::Multiple { first, second }),
        (None, _) => None,
    }
}
