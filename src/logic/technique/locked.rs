//! Locked candidates: a digit one house holds only where it meets another leaves the rest of the other.

use super::{Find, Technique};
use crate::grid::CellDigit;
use crate::logic::{Board, Sentence, Step, locked};

/// Locked candidates over every intersection of two houses the rules give (a box and a
/// line, a jigsaw region and a line, a diagonal and a box …): pointing (a box or region
/// onto another house, 2.6) and claiming (a line onto another house, 2.8).
#[derive(Clone, Copy, Debug)]
pub struct LockedCandidates;

impl Find for LockedCandidates {
    fn technique(&self) -> Technique {
        Technique::LockedCandidates
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        // Pointing before claiming, which weighs more.
        each_step(board, |step| (!is_claiming(&step)).then_some(step))
            .or_else(|| each_step(board, Some))
    }
}

/// Whether a locked-candidates step is claiming (its confining house, the first of its
/// houses, is a line) rather than pointing.
pub(super) fn is_claiming(step: &Step) -> bool {
    step.houses.first().is_some_and(|h| h.is_line())
}

/// Calls `f` on each locked-candidates step of `board` (its houses: the confining house,
/// then the one that loses the digits), in the order of the houses, until it returns
/// something, and returns that.
pub(super) fn each_step<R>(board: &Board<'_>, mut f: impl FnMut(Step) -> Option<R>) -> Option<R> {
    let layout = board.layout();
    let sets = board.candidates().sets();
    for h in 0..layout.house_count() {
        for &i in layout.intersections_of(h) {
            let i = i as usize;
            let (shared, _, _) = layout.intersection(i);
            // Each intersection is listed under both its houses: take it under the first.
            let (first, other) = layout.intersection_houses(i);
            if first != h {
                continue;
            }
            for (k, (digits, rest)) in locked(layout, sets, i).into_iter().enumerate() {
                let (confined, target) = if k == 0 { (h, other) } else { (other, h) };
                // Only digits the confining house must hold.
                let digits = digits & board.must_hold(confined);
                if digits.is_empty() {
                    continue;
                }
                let (confined, target) = (layout.kind(confined), layout.kind(target));
                let claiming = confined.is_line();
                let mut step = Step::new(Technique::LockedCandidates);
                if claiming {
                    step.weight = 28;
                }
                for &c in rest {
                    for digit in (sets[c as usize] & digits).iter() {
                        let cell = board.cell(c as usize);
                        step.eliminations.push(CellDigit { cell, digit });
                    }
                }
                step.cells = shared
                    .iter()
                    .filter(|&&c| !(sets[c as usize] & digits).is_empty())
                    .map(|&c| board.cell(c as usize))
                    .collect();
                step.houses = vec![confined, target];
                step.sentence = Sentence::default()
                    .text(if claiming { "claiming: " } else { "pointing: " })
                    .digits(digits)
                    .text(format!(
                        " {} {confined} {} only in ",
                        confined.preposition(),
                        if digits.len() == 1 { "lies" } else { "lie" }
                    ))
                    .cells(&step.cells)
                    .text(format!(
                        " (which {target} shares), so the rest of {target} loses {}",
                        if digits.len() == 1 { "it" } else { "them" }
                    ));
                if let Some(found) = f(step) {
                    return Some(found);
                }
            }
        }
    }
    None
}
