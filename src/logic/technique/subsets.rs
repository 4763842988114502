//! Naked and hidden subsets: k cells of a house with k digits between them, or k digits with k places.

use super::{Find, Technique, first_subset};
use crate::grid::{CellDigit, DigitSet};
use crate::logic::{Board, Sentence, Step};

/// The technique of a subset of `size` cells or digits.
fn technique(naked: bool, size: usize) -> Technique {
    match (naked, size) {
        (true, 2) => Technique::NakedPair,
        (true, 3) => Technique::NakedTriple,
        (true, _) => Technique::NakedQuad,
        (false, 2) => Technique::HiddenPair,
        (false, 3) => Technique::HiddenTriple,
        (false, _) => Technique::HiddenQuad,
    }
}

/// The open cells of house `h`, by index.
fn open_cells(board: &Board<'_>, h: usize) -> Vec<usize> {
    board
        .layout()
        .house(h)
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| !board.placed(c))
        .collect()
}

/// A naked subset: `size` open cells of a house (2 to 4) whose candidates number `size`
/// together; the rest of the house loses those digits.
#[derive(Clone, Copy, Debug)]
pub struct NakedSubset {
    /// The number of cells: 2 (pair), 3 (triple) or 4 (quad).
    pub size: usize,
}

impl Find for NakedSubset {
    fn technique(&self) -> Technique {
        technique(true, self.size)
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        (0..layout.house_count()).find_map(|h| {
            let open = open_cells(board, h);
            let small: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| (2..=self.size).contains(&board.set(c).len()))
                .collect();
            first_subset(&small, self.size, |subset| {
                let digits = subset
                    .iter()
                    .fold(DigitSet::EMPTY, |acc, &c| acc | board.set(c));
                if digits.len() != self.size {
                    return None;
                }
                let mut step = Step::new(self.technique());
                for &c in open.iter().filter(|c| !subset.contains(c)) {
                    for digit in (board.set(c) & digits).iter() {
                        step.eliminations.push(CellDigit {
                            cell: board.cell(c),
                            digit,
                        });
                    }
                }
                if step.eliminations.is_empty() {
                    return None;
                }
                let house = layout.kind(h);
                step.cells = subset.iter().map(|&c| board.cell(c)).collect();
                step.houses.push(house);
                step.sentence = Sentence::default()
                    .cells(&step.cells)
                    .text(" hold only ")
                    .digits(digits)
                    .text(format!(
                        " {} {house}, so the rest of {house} loses them",
                        house.preposition()
                    ));
                Some(step)
            })
        })
    }
}

/// A hidden subset: `size` digits (2 to 4) with `size` places between them in a house;
/// those cells lose every other candidate.
#[derive(Clone, Copy, Debug)]
pub struct HiddenSubset {
    /// The number of digits: 2 (pair), 3 (triple) or 4 (quad).
    pub size: usize,
}

impl Find for HiddenSubset {
    fn technique(&self) -> Technique {
        technique(false, self.size)
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        each_hidden(board, self.size, |_, step| Some(step))
    }
}

/// Calls `f` on each hidden subset of `size` digits of `board` that eliminates something,
/// with the index of its house, in the order of the houses, until it returns something,
/// and returns that.
pub(super) fn each_hidden<R>(
    board: &Board<'_>,
    size: usize,
    mut f: impl FnMut(usize, Step) -> Option<R>,
) -> Option<R> {
    let layout = board.layout();
    (0..layout.house_count()).find_map(|h| {
        let open = open_cells(board, h);
        let digits: Vec<DigitSet> = open
            .iter()
            .fold(DigitSet::EMPTY, |acc, &c| acc | board.set(c))
            .iter()
            .filter(|&d| {
                let places = open.iter().filter(|&&c| board.set(c).contains(d)).count();
                (2..=size).contains(&places)
            })
            .map(DigitSet::single)
            .collect();
        first_subset(&digits, size, |subset| {
            let digits = subset.iter().fold(DigitSet::EMPTY, |acc, &d| acc | d);
            let places: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| !(board.set(c) & digits).is_empty())
                .collect();
            if places.len() != size {
                return None;
            }
            let mut step = Step::new(technique(false, size));
            for &c in &places {
                for digit in (board.set(c) & !digits).iter() {
                    step.eliminations.push(CellDigit {
                        cell: board.cell(c),
                        digit,
                    });
                }
            }
            if step.eliminations.is_empty() {
                return None;
            }
            let house = layout.kind(h);
            step.cells = places.iter().map(|&c| board.cell(c)).collect();
            step.houses.push(house);
            step.sentence = Sentence::default()
                .digits(digits)
                .text(format!(" {} {house} lie only in ", house.preposition()))
                .cells(&step.cells)
                .text(", so those cells lose every other candidate");
            f(h, step)
        })
    })
}
