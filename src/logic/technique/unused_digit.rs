//! Unused digits: under the same-digits rule, a digit that one house has no place for is in no house, so every cell loses it.

use super::{Find, Technique};
use crate::grid::{CellDigit, DigitSet};
use crate::logic::{Board, Sentence, Step};
use crate::rules::GlobalRule;

/// An unused digit: on a grid taking more digits than a house has cells, under the
/// same-digits rule (every row, column and region holds the same digits), a digit that one
/// house has no candidate for is not among the chosen digits: no cell holds it.
#[derive(Clone, Copy, Debug)]
pub struct UnusedDigit;

impl Find for UnusedDigit {
    fn technique(&self) -> Technique {
        Technique::UnusedDigit
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        if layout.shape.is_exact() || !layout.rules.globals().contains(GlobalRule::SameDigits) {
            return None;
        }
        let sets = board.candidates().sets();
        let anywhere = sets.iter().fold(DigitSet::EMPTY, |a, &s| a | s);
        for h in 0..layout.house_count() {
            let held = (layout.house(h).iter()).fold(DigitSet::EMPTY, |a, &c| a | sets[c as usize]);
            let Some(digit) = (anywhere & !held).iter().next() else {
                continue;
            };
            let house = layout.kind(h);
            let mut step = Step::new(Technique::UnusedDigit);
            step.houses.push(house);
            step.eliminations = (0..sets.len())
                .filter(|&c| sets[c].contains(digit))
                .map(|c| CellDigit {
                    cell: board.cell(c),
                    digit,
                })
                .collect();
            step.sentence = Sentence::default()
                .houses(&[house])
                .text(" has no place for ")
                .digit(digit)
                .text(", so it is not one of the digits every house holds: no cell holds it");
            return Some(step);
        }
        None
    }
}
