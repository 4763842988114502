//! Uniqueness verdicts with witnesses, solution counts and minimality, on the SAT engine.

use std::fmt;
use std::ops::ControlFlow;
use std::time::Instant;

use varisat::Lit;

use crate::format::{Notation, Spell};
use crate::grid::{Cell, Digit, Grid, Puzzle};
use crate::solvers::{Givens, SatSearch, SatSolver, Solver};

/// A given: a cell and its digit, written `r1c1=5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Given {
    /// The cell.
    pub cell: Cell,
    /// Its digit.
    pub digit: Digit,
}

impl fmt::Display for Given {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spell(&Notation::Numbers, f)
    }
}

impl Spell for Given {
    /// `r1c1=5`, or `r1c12=C` in a puzzle written in symbols.
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}=", self.cell)?;
        notation.write_digit(f, self.digit)
    }
}

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
    /// No solution: a minimal set of givens that cannot hold together (removing any one of
    /// them leaves the rest solvable; not necessarily the smallest such set).
    NoSolution {
        /// The clashing givens, in reading order.
        conflict: Vec<Given>,
    },
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

impl SatSolver {
    /// The verdict on `puzzle`: solve, forbid the solution, solve again (one solver); on
    /// no solution, a minimal clash from a solver that assumes the givens.
    ///
    /// ```
    /// use satdoku::{check::Verdict, Grid, Puzzle, SatSolver, Solver};
    /// let puzzle = Puzzle::standard("1...............".parse::<Grid>()?)?;
    /// let verdict = SatSolver::new().check(&puzzle);
    /// assert_eq!(verdict.name(), "multiple");
    /// assert!(!verdict.differences().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub(crate) fn incremental_check(&mut self, puzzle: &Puzzle) -> Verdict {
        let verdict = verdict(&mut self.search(puzzle, Givens::Units));
        self.with_conflict(puzzle, verdict)
    }

    /// A [`Verdict::NoSolution`] found with the givens as unit clauses has no core yet:
    /// ask a search that assumes them.
    fn with_conflict(&mut self, puzzle: &Puzzle, verdict: Verdict) -> Verdict {
        match verdict {
            Verdict::NoSolution { .. } => {
                let mut search = self.search(puzzle, Givens::Assumptions);
                let found = search.next_solution();
                debug_assert!(found.is_none());
                Verdict::NoSolution {
                    conflict: minimal_conflict(&mut search),
                }
            }
            other => other,
        }
    }

    /// The verdict on `puzzle` and, when it is unique, its redundant givens: those whose
    /// removal alone keeps the solution unique. A unique puzzle is minimal when there are
    /// none. One solver answers every question, each given dropped from the assumptions
    /// in turn.
    ///
    /// ```
    /// use satdoku::{Grid, Puzzle, SatSolver, Solver};
    /// let complete: Grid = "1234341221434321".parse()?;
    /// let puzzle = Puzzle::standard(complete)?;
    /// let (verdict, redundant) = SatSolver::new().check_minimal(&puzzle);
    /// assert_eq!(verdict.name(), "unique");
    /// assert_eq!(redundant.unwrap().len(), 16); // any one given of a full grid can go
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub(crate) fn incremental_check_minimal(
        &mut self,
        puzzle: &Puzzle,
    ) -> (Verdict, Option<Vec<Given>>) {
        let mut search = self.search(puzzle, Givens::Assumptions);
        let verdict = verdict(&mut search);
        let redundant = matches!(verdict, Verdict::Unique { .. }).then(|| {
            let givens = search.given_lits().to_vec();
            let mut redundant = Vec::new();
            for (skip, &lit) in givens.iter().enumerate() {
                // The blocking clause of the solution is in place: any solution now is a
                // second one. (A complete grid has no blocking clause, and any one of its
                // cells is forced by the others.)
                if search.is_complete() || !search.satisfiable_with(&without(&givens, skip)) {
                    redundant.push(given_of(&search, lit));
                }
            }
            redundant
        });
        (verdict, redundant)
    }

    /// Calls `each` with every solution of `puzzle` as it is found, at most `limit` of
    /// them, until `each` says to stop ([`ControlFlow::Break`]), and returns how many were
    /// found. Nothing is collected in memory.
    pub fn for_each_solution<E>(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        mut each: impl FnMut(Grid) -> Result<ControlFlow<()>, E>,
    ) -> Result<u64, E> {
        let mut search = self.search(puzzle, Givens::Units);
        let mut count = 0;
        while count < limit {
            let Some(solution) = search.next_solution() else {
                break;
            };
            count += 1;
            if each(solution)?.is_break() {
                break;
            }
        }
        Ok(count)
    }
}

/// `lits` without its `skip`-th element.
fn without(lits: &[Lit], skip: usize) -> Vec<Lit> {
    lits.iter()
        .enumerate()
        .filter(|&(i, _)| i != skip)
        .map(|(_, &lit)| lit)
        .collect()
}

fn given_of(search: &SatSearch, lit: Lit) -> Given {
    let (cell, digit) = search
        .numbering()
        .cell_digit(lit.var())
        .expect("givens are cell-digit literals");
    Given { cell, digit }
}

/// Solves twice on one search. On no solution, with the givens assumed, shrinks varisat's
/// failed core to a minimal conflict (left empty when the givens are units).
fn verdict(search: &mut SatSearch) -> Verdict {
    let Some(first) = search.next_solution() else {
        return Verdict::NoSolution {
            conflict: if search.assumes_givens() {
                minimal_conflict(search)
            } else {
                Vec::new()
            },
        };
    };
    match search.next_solution() {
        None => Verdict::Unique { solution: first },
        Some(second) => Verdict::Multiple { first, second },
    }
}

/// Deletion-based shrinking: drop each given of the core in turn and keep it out when the
/// rest is still unsatisfiable (taking the solver's smaller core when it offers one).
fn minimal_conflict(search: &mut SatSearch) -> Vec<Given> {
    let order = search.given_lits().to_vec();
    let in_order = |subset: &[Lit]| -> Vec<Lit> {
        order
            .iter()
            .copied()
            .filter(|lit| subset.contains(lit))
            .collect()
    };
    let mut core = in_order(&search.failed_core());
    let mut i = 0;
    while i < core.len() {
        if search.satisfiable_with(&without(&core, i)) {
            i += 1;
        } else {
            core = in_order(&search.failed_core());
        }
    }
    core.into_iter().map(|lit| given_of(search, lit)).collect()
}

/// The verdict any solver reaches by searching for two solutions; on none, a minimal clash
/// found by deleting givens one at a time (each trial a search for one solution). `None`
/// when `deadline` passes first.
pub(crate) fn verdict_by_search<S: Solver + ?Sized>(
    solver: &mut S,
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> Option<Verdict> {
    let outcome = solver.run(puzzle, 2, deadline);
    if outcome.timed_out {
        return None;
    }
    if let Some(verdict) = verdict_of(outcome.solutions) {
        return Some(verdict);
    }
    let mut core: Vec<Given> = givens(puzzle).collect();
    let mut i = 0;
    while i < core.len() {
        let trial = with_givens(puzzle, core.iter().enumerate().filter(|&(j, _)| j != i));
        let outcome = solver.run(&trial, 1, deadline);
        if outcome.timed_out {
            return None;
        }
        if outcome.found > 0 {
            i += 1;
        } else {
            core.remove(i);
        }
    }
    Some(Verdict::NoSolution { conflict: core })
}

/// The verdict of a finished search for two solutions of `puzzle` that found `solutions`;
/// `None` when it found none (the caller looks for the clash).
pub(crate) fn verdict_of(solutions: Vec<Grid>) -> Option<Verdict> {
    let mut solutions = solutions.into_iter();
    match (solutions.next(), solutions.next()) {
        (Some(solution), None) => Some(Verdict::Unique { solution }),
        (Some(first), Some(second)) => Some(Verdict::Multiple { first, second }),
        (None, _) => None,
    }
}

/// The givens of a unique `puzzle` whose removal alone keeps it unique, found by any solver
/// counting the solutions of each puzzle with one given removed.
pub(crate) fn redundant_by_search<S: Solver + ?Sized>(
    solver: &mut S,
    puzzle: &Puzzle,
) -> Vec<Given> {
    let all: Vec<Given> = givens(puzzle).collect();
    all.iter()
        .enumerate()
        .filter(|&(i, _)| {
            let trial = with_givens(puzzle, all.iter().enumerate().filter(|&(j, _)| j != i));
            solver.count(&trial, 1).complete
        })
        .map(|(_, &given)| given)
        .collect()
}

/// The givens of `puzzle`, in reading order.
fn givens(puzzle: &Puzzle) -> impl Iterator<Item = Given> + '_ {
    puzzle
        .grid()
        .givens()
        .map(|(cell, digit)| Given { cell, digit })
}

/// `puzzle` with only the givens `keep`.
fn with_givens<'a>(puzzle: &Puzzle, keep: impl Iterator<Item = (usize, &'a Given)>) -> Puzzle {
    let mut grid = Grid::empty(puzzle.shape());
    for (_, given) in keep {
        grid.set(given.cell, Some(given.digit));
    }
    puzzle
        .with_grid(grid)
        .expect("a subset of clash-free givens is clash-free")
}
