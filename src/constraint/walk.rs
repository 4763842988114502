//! Narrowing the candidates of cells read in order as a walk through states (a pattern's automaton, a hidden skyscraper's rise): the digits some accepted walk puts in each cell.

use crate::grid::{Digit, DigitSet};

/// What each cell keeps of its candidates `sets` (the cells in order) when the digits are
/// read as a walk from state 0 through `states` states, digit d leading from state s to
/// `step(s, d)` (or nowhere), and only walks ending in a state `accepts` takes count: the
/// digits some such walk drawn from the candidates puts there. Exact for the walk alone: the
/// states reachable before each cell from the start, and those from which the rest of the
/// cells reach acceptance, meet through a kept digit.
pub(super) fn supported(
    sets: &[DigitSet],
    states: usize,
    step: impl Fn(usize, Digit) -> Option<usize>,
    accepts: impl Fn(usize) -> bool,
) -> Vec<DigitSet> {
    let k = sets.len();
    let forward = reachable(sets, states, &step);
    // Backward: the states from which cells i.. lead to acceptance.
    let mut backward = vec![vec![false; states]; k + 1];
    backward[k] = (0..states).map(&accepts).collect();
    for i in (0..k).rev() {
        for s in 0..states {
            backward[i][s] = sets[i]
                .iter()
                .any(|d| step(s, d).is_some_and(|t| backward[i + 1][t]));
        }
    }
    (0..k)
        .map(|i| {
            let mut kept = DigitSet::EMPTY;
            for d in sets[i].iter() {
                let held = (0..states)
                    .any(|s| forward[i][s] && step(s, d).is_some_and(|t| backward[i + 1][t]));
                if held {
                    kept.insert(d);
                }
            }
            kept
        })
        .collect()
}

/// The states the first i cells can lead to from state 0, for i from 0 to the number of
/// cells (see [`supported`]).
pub(super) fn reachable(
    sets: &[DigitSet],
    states: usize,
    step: impl Fn(usize, Digit) -> Option<usize>,
) -> Vec<Vec<bool>> {
    let mut forward = vec![vec![false; states]; sets.len() + 1];
    forward[0][0] = true;
    for (i, set) in sets.iter().enumerate() {
        let mut after = vec![false; states];
        for s in (0..states).filter(|&s| forward[i][s]) {
            for d in set.iter() {
                if let Some(t) = step(s, d) {
                    after[t] = true;
                }
            }
        }
        forward[i + 1] = after;
    }
    forward
}
