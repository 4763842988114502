//! What SAT knows about a grid's solutions, for the logical tools: true candidates and wrong entries.

use crate::check::Verdict;
use crate::grid::{Candidates, CellDigit, DigitSet, Grid};
use crate::logic;
use crate::rules::{Layout, Puzzle};
use crate::solvers::{GivensAs, SatSolver, Solver};

/// The true candidates of `puzzle`: for each cell, every digit it holds in at least one
/// solution; `None` when there is no solution. On a unique puzzle, the solution.
///
/// One incremental SAT search under the puzzle's rules (so any rule set): each solution
/// found covers a digit of every cell at once, and each digit not covered yet is tested by
/// assuming it (a new solution covers more; none proves the digit impossible). Digits
/// that propagation (singles, locked candidates; probing on classic and diagonal 9×9)
/// removes are not tested, and when many
/// are left one call first asks whether the puzzle is unique (then nothing is left).
///
/// Without variant constraints the rules only ask digits to differ, so exchanging two
/// digits that no given uses turns a solution into another: a solution that puts such a
/// digit in a cell shows every such digit there. On a nearly empty grid one or two
/// solutions then settle almost every digit (an empty-but-one 36×36: 38 s → well under one).
///
/// ```
/// use satdoku::{Grid, Puzzle};
/// let puzzle = Puzzle::standard("1.........1.....".parse::<Grid>()?)?;
/// let candidates = satdoku::truth::true_candidates(&puzzle).expect("solvable");
/// assert_eq!(candidates.sets()[0].len(), 1);
/// assert_eq!(candidates.sets()[1].len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn true_candidates(puzzle: &Puzzle) -> Option<Candidates> {
    let shape = puzzle.shape();
    // Propagation removes only digits of no solution: those need no test. It finds a
    // contradiction only when there is no solution.
    let possible = logic::propagated(&Layout::new(puzzle.rules()), puzzle)?;
    let mut search = SatSolver::new().search(puzzle, GivensAs::Units);
    let mut found = Candidates::none(shape);
    // The digits no given uses, when the rules let them be exchanged (none otherwise).
    let mut free = DigitSet::EMPTY;
    if puzzle.rules().constraints().is_empty() {
        free = DigitSet::all(shape.size());
        for (_, digit) in puzzle.grid().givens() {
            free.remove(digit);
        }
    }
    let cover = |found: &mut Candidates, grid: &Grid| {
        for (set, cell) in found.sets_mut().iter_mut().zip(shape.cells()) {
            if let Some(digit) = grid.get(cell) {
                set.insert(digit);
                if free.contains(digit) {
                    *set = *set | free;
                }
            }
        }
    };
    let first = search.solution_with(&[])?;
    cover(&mut found, &first);
    // Many digits left to test: one call may settle them all, when the puzzle is unique
    // (no solution other than the first).
    let untested: usize = found
        .sets()
        .iter()
        .zip(possible.sets())
        .map(|(&found, &possible)| (possible & !found).len())
        .sum();
    if untested > shape.size() {
        search.forbid(&first);
        let Some(second) = search.solution_with(&[]) else {
            return Some(found);
        };
        cover(&mut found, &second);
    }
    for (i, cell) in shape.cells().enumerate() {
        for digit in (possible.sets()[i] & !found.sets()[i]).iter() {
            // Covered by a solution found since the loop reached this cell.
            if found.sets()[i].contains(digit) {
                continue;
            }
            // No variable: the encoding ruled the digit out before the search.
            let Some(var) = search.numbering().var(cell, digit) else {
                continue;
            };
            if let Some(grid) = search.solution_with(&[var.positive()]) {
                cover(&mut found, &grid);
            }
        }
    }
    Some(found)
}

/// The filled cells of `puzzle` that are wrong, when it has no solution: the entries of
/// a clashing set of givens without which the rest has a solution. Empty when the puzzle
/// has a solution (or when no single entry is to blame: the rules alone have none).
///
/// ```
/// use satdoku::{Grid, Puzzle};
/// // Box 1 holds 1, 3 and 2, so r2c1 needs 4, which column 1 has at r4c1.
/// let puzzle = Puzzle::standard("13...2......4...".parse::<Grid>()?)?;
/// let wrong = satdoku::truth::wrong_entries(&puzzle);
/// assert!(!wrong.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn wrong_entries(puzzle: &Puzzle) -> Vec<CellDigit> {
    let mut solver = SatSolver::new();
    let Verdict::NoSolution { conflict, .. } = solver.check(puzzle) else {
        return Vec::new();
    };
    conflict
        .into_iter()
        .filter(|given| {
            let mut grid = puzzle.grid().clone();
            grid.set(given.cell, None);
            let without = puzzle.with_grid(grid).expect("fewer givens still agree");
            solver.solve(&without).is_some()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::grid::Shape;
    use crate::rules::{GlobalRule, Rules};

    /// The true candidates by definition: every solution enumerated (`None` past 500).
    fn by_enumeration(puzzle: &Puzzle) -> Option<Option<Candidates>> {
        let mut found = Candidates::none(puzzle.shape());
        let count = SatSolver::new()
            .for_each_solution(puzzle, 501, |grid| {
                for (set, &digit) in found.sets_mut().iter_mut().zip(grid.digits()) {
                    set.insert(digit.expect("a solution is complete"));
                }
                Ok::<_, ()>(ControlFlow::Continue(()))
            })
            .unwrap();
        (count <= 500).then(|| (count > 0).then_some(found))
    }

    #[test]
    fn true_candidates_are_the_digits_of_some_solution() {
        // Sparse 4×4 and 6×6 grids (digits free to exchange) under plain and global rules.
        let mut state = 7u64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut tried = 0;
        for size in [4, 6] {
            let shape = Shape::from_size(size).unwrap();
            for globals in [&[][..], &[GlobalRule::AntiKing], &[GlobalRule::Diagonal]] {
                let mut rules = Rules::standard(shape).unwrap();
                for &rule in globals {
                    rules = rules.with_global(rule).unwrap();
                }
                let rules = std::sync::Arc::new(rules);
                for _ in 0..12 {
                    let mut grid = Grid::empty(shape);
                    for cell in shape.cells() {
                        if next(if size == 4 { 8 } else { 3 }) == 0 {
                            grid.set(cell, shape.digit(1 + next(size as u64) as usize));
                        }
                    }
                    let Ok(puzzle) = Puzzle::new(grid, std::sync::Arc::clone(&rules)) else {
                        continue;
                    };
                    let Some(expected) = by_enumeration(&puzzle) else {
                        continue;
                    };
                    tried += 1;
                    assert_eq!(true_candidates(&puzzle), expected);
                }
            }
        }
        assert!(tried > 20, "{tried}");
    }
}
