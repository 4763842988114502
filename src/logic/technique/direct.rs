//! Direct steps: locked candidates, or a hidden pair or triple, whose eliminations leave a hidden single at once, taken with that single as one step.
//!
//! Sudoku Explainer tries these before the naked single ("direct pointing" 1.7, "direct
//! claiming" 1.9, "direct hidden pair" 2.0, "direct hidden triplet" 2.5): a pattern that a
//! person spots because it finishes a house is easier than the same pattern on its own.

use std::mem::discriminant;

use super::{Find, Technique, locked, subsets};
use crate::grid::{CellDigit, Digit, DigitSet};
use crate::logic::{Board, Step};

/// Locked candidates whose eliminations leave a digit one place in another house of the
/// confining house's kind (another box for pointing, another line of the same direction
/// for claiming): the eliminations and that placement, as one step (pointing 1.7, claiming
/// 1.9).
#[derive(Clone, Copy, Debug)]
pub struct DirectLockedCandidates;

impl Find for DirectLockedCandidates {
    fn technique(&self) -> Technique {
        Technique::DirectLockedCandidates
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let shape = layout.shape;
        let direct = |step: Step| {
            let confined = step.houses[0];
            let digits = step
                .eliminations
                .iter()
                .fold(DigitSet::EMPTY, |acc, e| acc | DigitSet::single(e.digit));
            let mut houses: Vec<usize> = step
                .eliminations
                .iter()
                .flat_map(|e| layout.houses_of(shape.index(e.cell)))
                .map(|&g| g as usize)
                .filter(|&g| discriminant(&layout.kind(g)) == discriminant(&confined))
                .collect();
            houses.sort_unstable();
            houses.dedup();
            let single = single_left(board, &step, &houses, digits)?;
            let claiming = locked::is_claiming(&step);
            let mut direct = with_single(board, step, Technique::DirectLockedCandidates, single);
            if claiming {
                direct.weight = 19;
            }
            Some(direct)
        };
        // Pointing before claiming, which weighs more.
        let of_kind = |claiming: bool| {
            locked::each_step(board, |step| {
                (locked::is_claiming(&step) == claiming)
                    .then(|| direct(step))
                    .flatten()
            })
        };
        of_kind(false).or_else(|| of_kind(true))
    }
}

/// A hidden pair (2.0) or triple (2.5) whose eliminations leave another digit one place in
/// its house: the eliminations and that placement, as one step.
#[derive(Clone, Copy, Debug)]
pub struct DirectHiddenSubset {
    /// The number of digits: 2 (pair) or 3 (triple).
    pub size: usize,
}

impl Find for DirectHiddenSubset {
    fn technique(&self) -> Technique {
        match self.size {
            2 => Technique::DirectHiddenPair,
            _ => Technique::DirectHiddenTriple,
        }
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let shape = board.layout().shape;
        subsets::each_hidden(board, self.size, |h, step| {
            // The subset's digits: what its cells keep.
            let subset = step.cells.iter().fold(DigitSet::EMPTY, |acc, &cell| {
                let lost = step
                    .eliminations
                    .iter()
                    .filter(|e| e.cell == cell)
                    .fold(DigitSet::EMPTY, |a, e| a | DigitSet::single(e.digit));
                acc | (board.set(shape.index(cell)) & !lost)
            });
            let single = single_left(board, &step, &[h], shape.all_digits() & !subset)?;
            Some(with_single(board, step, self.technique(), single))
        })
    }
}

/// A hidden single that `step`'s eliminations leave in one of `houses` (by index) for one
/// of `digits`: the house, the cell (by index) and the digit. A digit that had one place
/// before the step is no news and not taken.
fn single_left(
    board: &Board<'_>,
    step: &Step,
    houses: &[usize],
    digits: DigitSet,
) -> Option<(usize, usize, Digit)> {
    let layout = board.layout();
    let shape = layout.shape;
    let lost = |c: usize, d: Digit| {
        step.eliminations
            .iter()
            .any(|e| e.digit == d && shape.index(e.cell) == c)
    };
    for &g in houses {
        for digit in digits.iter() {
            let mut before = 0;
            let mut after = None;
            let mut count = 0;
            for &c in layout.house(g) {
                let c = c as usize;
                if board.set(c).contains(digit) {
                    before += 1;
                    if !lost(c, digit) {
                        count += 1;
                        after = Some(c);
                    }
                }
            }
            if let Some(c) = after
                && count == 1
                && before > 1
                && !board.placed(c)
            {
                return Some((g, c, digit));
            }
        }
    }
    None
}

/// `step` retold as `technique`, with the hidden single it leaves placed.
fn with_single(
    board: &Board<'_>,
    step: Step,
    technique: Technique,
    (g, c, digit): (usize, usize, Digit),
) -> Step {
    let house = board.layout().kind(g);
    let cell = board.cell(c);
    let mut direct = Step::new(technique);
    direct.eliminations = step.eliminations;
    direct.placements = vec![CellDigit { cell, digit }];
    direct.cells = step.cells;
    direct.houses = step.houses;
    if !direct.houses.contains(&house) {
        direct.houses.push(house);
    }
    direct.sentence = step
        .sentence
        .text(format!("; then {cell} is the only place for "))
        .digit(digit)
        .text(format!(" {} {house}", house.preposition()));
    direct
}
