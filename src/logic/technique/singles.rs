//! Singles: a cell with one candidate left (naked), a digit with one place left in a house (hidden).

use super::{Find, Technique};
use crate::grid::CellDigit;
use crate::logic::{Board, Sentence, Step, seen_once_and_twice};

/// A hidden single: a digit with one place left in a house goes there. In a box or region
/// it weighs 1.2, in a line 1.5; boxes are looked at first.
#[derive(Clone, Copy, Debug)]
pub struct HiddenSingle;

impl Find for HiddenSingle {
    fn technique(&self) -> Technique {
        Technique::HiddenSingle
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let sets = board.candidates().sets();
        for lines in [false, true] {
            for h in 0..layout.house_count() {
                let house = layout.kind(h);
                if house.is_line() != lines {
                    continue;
                }
                let cells = layout.house(h);
                let (once, twice) = seen_once_and_twice(cells, sets);
                // Only digits the house must hold (all of them but on a grid taking more
                // digits than a house has cells).
                let hidden = once & !twice & board.must_hold(h);
                if hidden.is_empty() {
                    continue;
                }
                for &c in cells {
                    let c = c as usize;
                    let Some(digit) = (sets[c] & hidden).iter().next() else {
                        continue;
                    };
                    if board.placed(c) {
                        continue;
                    }
                    let cell = board.cell(c);
                    let mut step = Step::new(Technique::HiddenSingle);
                    step.placements.push(CellDigit { cell, digit });
                    step.cells.push(cell);
                    step.houses.push(house);
                    if lines {
                        step.weight = 15;
                    }
                    step.sentence = Sentence::default()
                        .text(format!("{cell} is the only place for "))
                        .digit(digit)
                        .text(format!(" {} {house}", house.preposition()));
                    return Some(step);
                }
            }
        }
        None
    }
}

/// A naked single: a cell with one candidate left holds it.
#[derive(Clone, Copy, Debug)]
pub struct NakedSingle;

impl Find for NakedSingle {
    fn technique(&self) -> Technique {
        Technique::NakedSingle
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        board.open_cells().find_map(|c| {
            let digit = board.set(c).only()?;
            let cell = board.cell(c);
            let mut step = Step::new(Technique::NakedSingle);
            step.placements.push(CellDigit { cell, digit });
            step.cells.push(cell);
            step.sentence = Sentence::default()
                .digit(digit)
                .text(format!(" is the only candidate left in {cell}"));
            Some(step)
        })
    }
}
