//! The SAT engine's verdicts: uniqueness on one search, redundant givens, and solutions one at a time.

use std::ops::ControlFlow;

use varisat::Lit;

use super::search::{GivensAs, SatSearch};
use crate::check::Verdict;
use crate::encode::{Encoding, Numbering};
use crate::grid::{CellDigit, Grid};
use crate::rules::Puzzle;

/// The verdict on a search that assumes the givens and, when it is unique, the redundant
/// givens: those whose removal alone keeps the solution unique. The one solver answers
/// every question, each given dropped from the assumptions in turn. `None` when the puzzle
/// has no solution.
pub(super) fn verdict_and_redundant(
    search: &mut SatSearch,
) -> Option<(Verdict, Option<Vec<CellDigit>>)> {
    let verdict = verdict(search)?;
    let redundant = matches!(verdict, Verdict::Unique { .. }).then(|| {
        let givens = search.given_lits().to_vec();
        let mut redundant = Vec::new();
        for (skip, &lit) in givens.iter().enumerate() {
            // The blocking clause of the solution is in place: any solution now is a
            // second one. (A complete grid has no blocking clause, and any one of its
            // cells is forced by the others.)
            if search.is_complete() || !search.satisfiable_with(&without(&givens, skip)) {
                redundant.push(given_of(search, lit));
            }
        }
        redundant
    });
    Some((verdict, redundant))
}

/// One solver asked, constraint by constraint, whether a unique puzzle stays unique
/// without it: the rules with each constraint behind a selector, the puzzle's solution
/// forbidden, and every call assuming the givens and every selector but one.
pub(super) struct WithoutOne {
    search: SatSearch,
    givens: Vec<Lit>,
    selectors: Vec<Lit>,
}

impl WithoutOne {
    /// The solver for `puzzle` under `encoding` (the whole encoding of its rules), whose
    /// one solution is `solution`.
    pub(super) fn new(encoding: &Encoding, puzzle: &Puzzle, solution: &Grid) -> WithoutOne {
        let (formula, selectors) = encoding.guarded_rules();
        let mut search = SatSearch::new(
            None,
            Numbering::Full(encoding.clone()),
            &formula,
            &[],
            &Grid::empty(puzzle.shape()),
            GivensAs::Assumptions,
        );
        search.forbid(solution);
        WithoutOne {
            search,
            givens: encoding.given_lits(puzzle.grid()).collect(),
            selectors,
        }
    }

    /// Whether the puzzle keeps its one solution with the `skip`-th constraint's clauses
    /// dropped (the others as they are).
    pub(super) fn unique_without(&mut self, skip: usize) -> bool {
        let mut assumptions = without(&self.selectors, skip);
        assumptions.extend_from_slice(&self.givens);
        !self.search.satisfiable_with(&assumptions)
    }
}

/// Calls `each` with every solution `search` finds, at most `limit` of them, until `each`
/// says to stop, and returns how many were found.
pub(super) fn for_each_solution<E>(
    search: &mut SatSearch,
    limit: u64,
    mut each: impl FnMut(Grid) -> Result<ControlFlow<()>, E>,
) -> Result<u64, E> {
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

/// `lits` without its `skip`-th element.
fn without(lits: &[Lit], skip: usize) -> Vec<Lit> {
    lits.iter()
        .enumerate()
        .filter(|&(i, _)| i != skip)
        .map(|(_, &lit)| lit)
        .collect()
}

fn given_of(search: &SatSearch, lit: Lit) -> CellDigit {
    let (cell, digit) = search
        .numbering()
        .cell_digit(lit.var())
        .expect("givens are cell-digit literals");
    CellDigit { cell, digit }
}

/// Solves twice on one search: `None` when there is no solution (the clash is found
/// apart, see [`super::clash`]).
pub(super) fn verdict(search: &mut SatSearch) -> Option<Verdict> {
    let first = search.next_solution()?;
    Some(match search.next_solution() {
        None => Verdict::Unique { solution: first },
        Some(second) => Verdict::Multiple { first, second },
    })
}
