//! The SAT engine's verdicts: uniqueness on one search, minimal clashes from failed cores, redundant givens, and solutions one at a time.

use std::ops::ControlFlow;

use varisat::Lit;

use super::search::SatSearch;
use crate::check::Verdict;
use crate::grid::{CellDigit, Grid};

/// On a search that assumes the givens of a puzzle without solutions: a minimal set of
/// clashing givens.
pub(super) fn clash(search: &mut SatSearch) -> Vec<CellDigit> {
    let found = search.next_solution();
    debug_assert!(found.is_none());
    minimal_conflict(search)
}

/// The verdict on a search that assumes the givens and, when it is unique, the redundant
/// givens: those whose removal alone keeps the solution unique. The one solver answers
/// every question, each given dropped from the assumptions in turn.
pub(super) fn verdict_and_redundant(search: &mut SatSearch) -> (Verdict, Option<Vec<CellDigit>>) {
    let verdict = verdict(search);
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
    (verdict, redundant)
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

/// Solves twice on one search. On no solution, with the givens assumed, shrinks varisat's
/// failed core to a minimal conflict (left empty when the givens are units).
pub(super) fn verdict(search: &mut SatSearch) -> Verdict {
    let Some(first) = search.next_solution() else {
        return Verdict::NoSolution {
            conflict: if search.assumes_givens() {
                minimal_conflict(search)
            } else {
                Vec::new()
            },
            constraints: Vec::new(),
        };
    };
    match search.next_solution() {
        None => Verdict::Unique { solution: first },
        Some(second) => Verdict::Multiple { first, second },
    }
}

/// Deletion-based shrinking: drop each given of the core in turn and keep it out when the
/// rest is still unsatisfiable (taking the solver's smaller core when it offers one).
fn minimal_conflict(search: &mut SatSearch) -> Vec<CellDigit> {
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
