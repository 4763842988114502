//! What makes a draft with several solutions unique: the fewest givens to add, found as a smallest hitting set of the ways its solutions differ.
//!
//! Givens that make a puzzle unique keep exactly one of its solutions, the target: they
//! must meet, for every other solution, a cell where it differs from the target. The
//! fewest givens for one target are a smallest hitting set of those difference sets; the
//! fewest for the puzzle, the best over every target. Where every solution is known (no
//! more than the limit), the sets are complete and the answer is the fewest possible.
//! Where there are more, givens are first added one at a time (in the cell where the
//! solutions listed differ most, the digit fewest of them hold) until no more than the
//! limit are left, then the fewest for those: enough givens, not always the fewest.

mod palette;

use std::collections::HashSet;

pub use palette::{Palette, PaletteError};

use crate::constraint::{CellValues, RecordFormat, VariantConstraint};
use crate::grid::{Cell, CellDigit, Grid};
use crate::rules::Puzzle;
use crate::solvers::{GivensAs, SatSolver};

/// How far [`fewest_givens`] looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuggestLimits {
    /// The most solutions listed: up to it, every solution is tried as the target.
    pub solutions: usize,
    /// The most nodes of each smallest-hitting-set search: past it, the best set found so
    /// far is kept and the answer is no longer the fewest possible.
    pub nodes: u64,
    /// The most other sets of as many givens listed beside the one given
    /// ([`Suggestion::alternatives`]).
    pub alternatives: usize,
}

impl Default for SuggestLimits {
    /// 1,000 solutions, 100,000 nodes, 9 alternatives.
    fn default() -> SuggestLimits {
        SuggestLimits {
            solutions: 1000,
            nodes: 100_000,
            alternatives: 9,
        }
    }
}

/// Givens that make a puzzle with several solutions unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The givens to add, in reading order (none for a puzzle already unique).
    pub givens: Vec<CellDigit>,
    /// Whether no fewer givens make the puzzle unique: every solution was tried as the
    /// target, and every search finished.
    pub fewest: bool,
    /// The solutions listed at first (up to the limit).
    pub solutions: usize,
    /// Whether those are all the puzzle's solutions.
    pub all_solutions: bool,
    /// Of the givens, how many were added one at a time before every solution left was
    /// known (0 when there were no more than the limit).
    pub added_first: usize,
    /// Other sets of as many givens that make the puzzle unique too (each with the givens
    /// added first), up to the number asked for: a setter's choice, which
    /// `satdoku suggest` makes by the difficulty each leaves.
    pub alternatives: Vec<Vec<CellDigit>>,
}

/// The fewest givens (each a digit of one solution, in an empty cell) that make `puzzle`
/// unique, as far as `limits` let the search go; `None` when it has no solution, and no
/// givens for a puzzle that is unique already.
///
/// ```
/// use satdoku::suggest::{fewest_givens, SuggestLimits};
/// use satdoku::{Grid, Puzzle};
/// // Two solutions, 1 and 3 swapped in a rectangle: one given settles it.
/// let puzzle = Puzzle::standard(".2.4.4.221434321".parse::<Grid>()?)?;
/// let suggestion = fewest_givens(&puzzle, &SuggestLimits::default()).expect("solvable");
/// assert_eq!(suggestion.givens.len(), 1);
/// assert!(suggestion.fewest && suggestion.all_solutions);
/// assert_eq!(suggestion.solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fewest_givens(puzzle: &Puzzle, limits: &SuggestLimits) -> Option<Suggestion> {
    fewest_givens_among(
        puzzle,
        &Listing::of(puzzle, limits.solutions),
        limits.nodes,
        limits.alternatives,
    )
}

/// Up to a limit of a puzzle's solutions, listed once for the searches that start from
/// them ([`fewest_givens_among`], [`single_constraints_among`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// Up to the limit + 1 solutions, in the order SAT found them.
    solutions: Vec<Grid>,
    /// The limit (at least 2).
    limit: usize,
}

impl Listing {
    /// Up to `limit` (at least 2) + 1 of `puzzle`'s solutions.
    pub fn of(puzzle: &Puzzle, limit: usize) -> Listing {
        let limit = limit.max(2);
        Listing {
            solutions: list(puzzle, limit).0,
            limit,
        }
    }

    /// Whether these are all the puzzle's solutions (no more than the limit).
    pub fn all(&self) -> bool {
        self.solutions.len() <= self.limit
    }

    /// The solutions listed, up to the limit (one past it when there are more).
    pub fn solutions(&self) -> &[Grid] {
        &self.solutions
    }
}

/// [`fewest_givens`] from solutions already listed, each smallest-hitting-set search
/// limited to `nodes` nodes, with up to `alternatives` other sets of as many givens
/// ([`Suggestion::alternatives`]; 0 for none).
pub fn fewest_givens_among(
    puzzle: &Puzzle,
    listing: &Listing,
    nodes: u64,
    alternatives: usize,
) -> Option<Suggestion> {
    let limit = listing.limit;
    let all_solutions = listing.all();
    let mut solutions = listing.solutions.clone();
    let listed = solutions.len();
    if solutions.is_empty() {
        return None;
    }
    // More solutions than the limit: a given at a time where the listed ones differ most.
    let mut grid = puzzle.grid().clone();
    let mut added: Vec<CellDigit> = Vec::new();
    while solutions.len() > limit {
        let given = splitting_given(&grid, &solutions)?;
        grid.set(given.cell, Some(given.digit));
        added.push(given);
        let narrowed = Puzzle::new(grid.clone(), puzzle.rules().clone()).ok()?;
        solutions = list(&narrowed, limit).0;
    }
    let open: Vec<Cell> = puzzle
        .shape()
        .cells()
        .filter(|&c| grid.get(c).is_none())
        .collect();
    let (chosen, target, finished) = if solutions.len() == 1 {
        (Vec::new(), 0, true)
    } else {
        fewest_over(&open, &solutions, nodes)?
    };
    let with_added = |chosen: &[usize], target: usize| {
        let mut givens = givens_of(&open, &solutions[target], chosen);
        givens.extend(added.iter().copied());
        givens.sort_by_key(|given| given.cell);
        givens
    };
    let givens = with_added(&chosen, target);
    let others = match chosen.len() {
        0 => Vec::new(),
        size => every_set_of(&open, &solutions, size, nodes, alternatives + 1),
    };
    let alternatives: Vec<Vec<CellDigit>> = (others.iter())
        .map(|(chosen, target)| with_added(chosen, *target))
        .filter(|other| *other != givens)
        .take(alternatives)
        .collect();
    Some(Suggestion {
        givens,
        fewest: finished && all_solutions,
        solutions: listed.min(limit),
        all_solutions,
        added_first: added.len(),
        alternatives,
    })
}

/// What one removal would give solutions to a puzzle with none: each given, and each
/// constraint (by index in the rules), whose removal alone leaves solutions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Removals {
    /// The givens, in reading order.
    pub givens: Vec<CellDigit>,
    /// The constraints, by index in the puzzle's rules.
    pub constraints: Vec<usize>,
}

/// The single givens and constraints whose removal gives `puzzle` solutions (all of them
/// for a puzzle that has some). Givens are assumptions of one SAT search, each left out in
/// turn; a constraint is removed as a setter would remove it
/// ([`Rules::without_constraint`](crate::rules::Rules::without_constraint)) and the rest
/// solved afresh.
///
/// ```
/// use satdoku::suggest::single_removals;
/// use satdoku::{Grid, Puzzle};
/// // r2c3=3 leaves no place for 3 in row 1 beside the 1 and 2 there; r4c4=3 plays no part.
/// let clash = Puzzle::standard("12....3........3".parse::<Grid>()?)?;
/// let shown: Vec<String> = single_removals(&clash).givens.iter().map(|g| g.to_string()).collect();
/// assert_eq!(shown, ["r1c1=1", "r1c2=2", "r2c3=3"]);
/// // A puzzle with solutions keeps them without any one given.
/// let puzzle = Puzzle::standard("1.........1.....".parse::<Grid>()?)?;
/// assert_eq!(single_removals(&puzzle).givens.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn single_removals(puzzle: &Puzzle) -> Removals {
    let mut search = SatSolver::new().search(puzzle, GivensAs::Assumptions);
    let givens: Vec<(CellDigit, Option<varisat::Lit>)> = (puzzle.grid().givens())
        .map(|(cell, digit)| {
            let lit = search.numbering().var(cell, digit).map(|v| v.positive());
            (CellDigit { cell, digit }, lit)
        })
        .collect();
    let mut removals = Removals::default();
    for i in 0..givens.len() {
        let others: Vec<varisat::Lit> = (givens.iter().enumerate())
            .filter(|&(j, _)| j != i)
            .filter_map(|(_, &(_, lit))| lit)
            .collect();
        if search.satisfiable_with(&others) {
            removals.givens.push(givens[i].0);
        }
    }
    for i in 0..puzzle.rules().constraints().len() {
        let rules = puzzle.rules().without_constraint(i);
        let Ok(trial) = Puzzle::new(puzzle.grid().clone(), rules) else {
            continue;
        };
        if (SatSolver::new().search(&trial, GivensAs::Units))
            .solution_with(&[])
            .is_some()
        {
            removals.constraints.push(i);
        }
    }
    removals
}

/// Single constraints that each make a puzzle with several solutions unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintSuggestions {
    /// Each constraint that alone makes the puzzle unique, the fewest cells first (none for
    /// a puzzle already unique); of two that differ only in the order of the same cells and
    /// keep the same solution (a renban line read either way), the first.
    pub proposals: Vec<VariantConstraint>,
    /// The candidates the palette offered (those touching a cell where solutions differ).
    pub tried: usize,
    /// The solutions listed at first (up to the limit).
    pub solutions: usize,
    /// Whether those are all the puzzle's solutions.
    pub all_solutions: bool,
    /// With `rules` in the palette: the families of the puzzle's own constraints it does
    /// not offer (killer cages, quadruples, rules over the whole grid …), by name.
    pub unoffered: Vec<String>,
}

/// The single constraints of `palette` that make `puzzle` unique; `None` when it has no
/// solution.
///
/// Up to `limit` solutions are listed. A constraint added to a puzzle keeps those of its
/// solutions that obey it, so a candidate obeyed by exactly one listed solution is a
/// proposal, proved unique at once when every solution is listed and by a SAT search
/// otherwise. A candidate that changes how the puzzle's own constraints read (a dot under a
/// negative constraint, a minimum cell beside another) can also admit grids that were no
/// solutions before: it is solved afresh.
///
/// ```
/// use satdoku::suggest::{single_constraints, Palette};
/// use satdoku::{Grid, Puzzle};
/// // Two solutions, 1 and 3 swapped in a rectangle of r1c1, r1c3, r2c1, r2c3.
/// let puzzle = Puzzle::standard(".2.4.4.221434321".parse::<Grid>()?)?;
/// let palette = Palette::new(&["black-dot"], Vec::new(), 2)?;
/// let found = single_constraints(&puzzle, &palette, 1000).expect("solvable");
/// let shown: Vec<String> = found.proposals.iter().map(|c| c.to_string()).collect();
/// // A 1 or a 2 beside a 2 or a 4 in one solution only.
/// assert_eq!(shown.len(), 4);
/// assert_eq!(shown[0], "black dot r1c1-r1c2 (ratio 2)");
/// assert!(found.all_solutions);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn single_constraints(
    puzzle: &Puzzle,
    palette: &Palette,
    limit: usize,
) -> Option<ConstraintSuggestions> {
    single_constraints_among(puzzle, palette, &Listing::of(puzzle, limit))
}

/// [`single_constraints`] from solutions already listed.
pub fn single_constraints_among(
    puzzle: &Puzzle,
    palette: &Palette,
    listing: &Listing,
) -> Option<ConstraintSuggestions> {
    let (solutions, all_solutions) = (&listing.solutions, listing.all());
    let mut found = ConstraintSuggestions {
        proposals: Vec::new(),
        tried: 0,
        solutions: solutions.len().min(listing.limit),
        all_solutions,
        unoffered: match palette.has_rules() {
            true => palette::rules_unoffered(puzzle),
            false => Vec::new(),
        },
    };
    match solutions.len() {
        0 => return None,
        1 => return Some(found),
        _ => {}
    }
    let shape = puzzle.shape();
    let values: Vec<Vec<u8>> = solutions.iter().map(Grid::values).collect();
    let candidates = palette.candidates(puzzle, solutions);
    found.tried = candidates.len();
    let rules = puzzle.rules();
    let before = rules.constraints();
    let mut kept_alike = HashSet::new();
    for candidate in candidates {
        if candidate.get().oddity().is_some() {
            continue;
        }
        let Ok(with) = (**rules).clone().with_constraint(candidate.clone()) else {
            continue;
        };
        // A rule over the whole grid already there adds nothing.
        let [added] = &with.constraints()[before.len()..] else {
            continue;
        };
        // The solution it keeps, if it keeps exactly one.
        let kept = if with.constraints()[..before.len()] == *before {
            let mut obeying = (values.iter().enumerate())
                .filter(|(_, v)| added.get().admits(&CellValues::new(shape, v)))
                .map(|(i, _)| i);
            let (Some(kept), None) = (obeying.next(), obeying.next()) else {
                continue;
            };
            Some(values[kept].clone())
        } else {
            None
        };
        let mut cells = added.get().cells(shape);
        cells.sort();
        let family = (added.written(RecordFormat::Toml).ok())
            .and_then(|records| records.first().map(|r| r.name))
            .unwrap_or(added.kind());
        let kept = match kept {
            Some(kept) if all_solutions => Some(kept),
            _ => only_solution(puzzle, with).map(|grid| grid.values()),
        };
        if let Some(kept) = kept
            && kept_alike.insert((family, cells, kept))
        {
            found.proposals.push(candidate);
        }
    }
    Some(found)
}

/// The one solution of `puzzle`'s grid under `rules`, if it has exactly one.
fn only_solution(puzzle: &Puzzle, rules: crate::rules::Rules) -> Option<Grid> {
    let trial = Puzzle::new(puzzle.grid().clone(), rules).ok()?;
    let (mut solutions, _) = list(&trial, 1);
    match solutions.len() {
        1 => solutions.pop(),
        _ => None,
    }
}

/// Up to `limit` + 1 solutions of `puzzle`, and whether there are no more than `limit`.
fn list(puzzle: &Puzzle, limit: usize) -> (Vec<Grid>, bool) {
    let mut search = SatSolver::new().search(puzzle, GivensAs::Units);
    let mut solutions = Vec::new();
    while solutions.len() <= limit {
        match search.next_solution() {
            Some(solution) => solutions.push(solution),
            None => break,
        }
    }
    let all = solutions.len() <= limit;
    (solutions, all)
}

/// The given that splits `solutions` most: in the open cell of `grid` where they hold the
/// most different digits, the digit fewest of them hold there.
fn splitting_given(grid: &Grid, solutions: &[Grid]) -> Option<CellDigit> {
    let open = grid.shape().cells().filter(|&c| grid.get(c).is_none());
    let counted = open.map(|cell| {
        let mut counts = vec![0usize; grid.shape().digit_count()];
        for solution in solutions {
            let digit = solution.get(cell).expect("a solution fills every cell");
            counts[digit.index()] += 1;
        }
        let kinds = counts.iter().filter(|&&k| k > 0).count();
        (cell, counts, kinds)
    });
    let (cell, counts, kinds) = counted.max_by_key(|(_, _, kinds)| *kinds)?;
    if kinds < 2 {
        return None;
    }
    let (index, _) = (counts.iter().enumerate())
        .filter(|&(_, &k)| k > 0)
        .min_by_key(|&(_, &k)| k)?;
    Some(CellDigit {
        cell,
        digit: crate::grid::Digit::from_index(index),
    })
}

/// The fewest cells of `open` that, holding one of `solutions`' digits (all the puzzle's
/// solutions), no other solution agrees with there: the cells (positions in `open`), the
/// solution kept, and whether every search finished (else the best found).
fn fewest_over(open: &[Cell], solutions: &[Grid], nodes: u64) -> Option<(Vec<usize>, usize, bool)> {
    let differ = |s: &Grid, t: &Grid| differ_at(open, s, t);
    let mut best: Option<(Vec<u32>, usize)> = None;
    let mut finished = true;
    for (s, target) in solutions.iter().enumerate() {
        let sets: Vec<Vec<u32>> = (solutions.iter().enumerate())
            .filter(|&(t, _)| t != s)
            .map(|(_, other)| differ(target, other))
            .collect();
        let bound = best.as_ref().map(|(cells, _)| cells.len());
        let (found, done) = smallest_hitting_set(&sets, open.len(), bound, nodes);
        finished &= done;
        if let Some(found) = found {
            best = Some((found, s));
        }
    }
    let (chosen, target) = best?;
    Some((
        chosen.iter().map(|&i| i as usize).collect(),
        target,
        finished,
    ))
}

/// Up to `most` sets of `size` cells of `open` that, holding one solution's digits, no
/// other solution agrees with there: each the cells (positions in `open`) and the solution
/// kept, each search within `nodes` nodes.
fn every_set_of(
    open: &[Cell],
    solutions: &[Grid],
    size: usize,
    nodes: u64,
    most: usize,
) -> Vec<(Vec<usize>, usize)> {
    let mut found: Vec<(Vec<usize>, usize)> = Vec::new();
    for (s, target) in solutions.iter().enumerate() {
        if found.len() >= most {
            break;
        }
        let sets: Vec<Vec<u32>> = (solutions.iter().enumerate())
            .filter(|&(t, _)| t != s)
            .map(|(_, other)| differ_at(open, target, other))
            .collect();
        let mut search = Hitting::new(&sets, open.len(), Some(size + 1), nodes);
        search.collect = Some(most - found.len());
        search.branch();
        found.extend(
            (search.found.into_iter())
                .map(|chosen| (chosen.into_iter().map(|i| i as usize).collect(), s)),
        );
    }
    found
}

/// The positions in `open` of the cells where `s` and `t` differ.
fn differ_at(open: &[Cell], s: &Grid, t: &Grid) -> Vec<u32> {
    (open.iter().enumerate())
        .filter(|&(_, &c)| s.get(c) != t.get(c))
        .map(|(i, _)| i as u32)
        .collect()
}

/// The givens `chosen` (positions in `open`) with the target's digits, in reading order.
fn givens_of(open: &[Cell], target: &Grid, chosen: &[usize]) -> Vec<CellDigit> {
    let mut givens: Vec<CellDigit> = (chosen.iter())
        .map(|&i| CellDigit {
            cell: open[i],
            digit: target.get(open[i]).expect("a solution fills every cell"),
        })
        .collect();
    givens.sort_by_key(|given| given.cell);
    givens
}

/// A smallest set of elements (below `elements`) meeting every one of `sets`, smaller than
/// `bound` when one is given (`None` when no such set exists), by branch and bound within
/// `nodes` nodes; and whether the search finished (else the set is the best found, and
/// maybe not the smallest).
fn smallest_hitting_set(
    sets: &[Vec<u32>],
    elements: usize,
    bound: Option<usize>,
    nodes: u64,
) -> (Option<Vec<u32>>, bool) {
    let mut search = Hitting::new(sets, elements, bound, nodes);
    search.branch();
    (search.best, search.finished)
}

/// The state of a smallest-hitting-set search.
struct Hitting<'a> {
    sets: &'a [Vec<u32>],
    chosen: Vec<u32>,
    /// Whether each element is chosen.
    taken: Vec<bool>,
    /// Elements an earlier branch tried: later branches leave them out.
    banned: Vec<bool>,
    best: Option<Vec<u32>>,
    /// The size a set found must be below.
    bound: usize,
    /// Nodes left.
    nodes: u64,
    finished: bool,
    /// When set, every set below the bound is kept in `found` (up to this many), and the
    /// bound stays.
    collect: Option<usize>,
    found: Vec<Vec<u32>>,
}

impl<'a> Hitting<'a> {
    /// A search for a set meeting every one of `sets` (elements below `elements`), smaller
    /// than `bound` when one is given, within `nodes` nodes.
    fn new(sets: &'a [Vec<u32>], elements: usize, bound: Option<usize>, nodes: u64) -> Self {
        Hitting {
            sets,
            chosen: Vec::new(),
            taken: vec![false; elements],
            banned: vec![false; elements],
            best: None,
            bound: bound.unwrap_or(usize::MAX),
            nodes,
            finished: true,
            collect: None,
            found: Vec::new(),
        }
    }

    fn branch(&mut self) {
        if self.collect.is_some_and(|most| self.found.len() >= most) {
            return;
        }
        if self.nodes == 0 {
            self.finished = false;
            return;
        }
        self.nodes -= 1;
        let unhit: Vec<&Vec<u32>> = (self.sets.iter())
            .filter(|set| !set.iter().any(|&e| self.taken[e as usize]))
            .collect();
        if unhit.is_empty() {
            if self.collect.is_some() {
                self.found.push(self.chosen.clone());
            } else if self.chosen.len() < self.bound {
                self.bound = self.chosen.len();
                self.best = Some(self.chosen.clone());
            }
            return;
        }
        // Every set of a family of disjoint unhit sets needs an element of its own.
        let mut used = vec![false; self.taken.len()];
        let mut disjoint = 0;
        for set in &unhit {
            if set.iter().all(|&e| !used[e as usize]) {
                disjoint += 1;
                set.iter().for_each(|&e| used[e as usize] = true);
            }
        }
        if self.chosen.len() + disjoint >= self.bound {
            return;
        }
        // Branch on the unhit set with the fewest elements left, the elements that meet
        // the most unhit sets first.
        let allowed = |set: &Vec<u32>| -> Vec<u32> {
            set.iter()
                .copied()
                .filter(|&e| !self.banned[e as usize])
                .collect()
        };
        let Some(mut options) = unhit.iter().map(|set| allowed(set)).min_by_key(Vec::len) else {
            return;
        };
        let mut meets = vec![0u32; self.taken.len()];
        for set in &unhit {
            set.iter().for_each(|&e| meets[e as usize] += 1);
        }
        options.sort_by_key(|&e| std::cmp::Reverse(meets[e as usize]));
        let mut tried = Vec::new();
        for e in options {
            self.chosen.push(e);
            self.taken[e as usize] = true;
            self.branch();
            self.taken[e as usize] = false;
            self.chosen.pop();
            self.banned[e as usize] = true;
            tried.push(e);
        }
        for e in tried {
            self.banned[e as usize] = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_hitting_set_is_found_and_a_bound_refused() {
        // {0,1}, {1,2}, {2,3}, {3,0}: two opposite elements hit them all.
        let sets = vec![vec![0, 1], vec![1, 2], vec![2, 3], vec![3, 0]];
        let (found, done) = smallest_hitting_set(&sets, 4, None, 1000);
        assert!(done);
        let found = found.unwrap();
        assert_eq!(found.len(), 2);
        assert!(sets.iter().all(|s| s.iter().any(|e| found.contains(e))));
        assert_eq!(smallest_hitting_set(&sets, 4, Some(2), 1000), (None, true));
        // An empty set cannot be hit.
        assert_eq!(
            smallest_hitting_set(&[vec![0], vec![]], 1, None, 1000),
            (None, true)
        );
    }
}
