//! Locked candidates by killer cage: a digit every set of digits a cage can hold contains leaves every cell that sees all of the cage's places for it, and a digit a house holds only inside a cage leaves the cage's other cells.

use super::digit_sets::distinct_sets;
use super::{Find, Technique, seen_by_all, spend};
use crate::constraint::{Cage, CageTotal, Constraint, VariantConstraint};
use crate::grid::{Cell, CellDigit, Digit, DigitSet};
use crate::logic::{Board, Sentence, Step};

/// The most sets of digits a cage's combinations are looked through (a cage of 8 cells
/// on 16×16 has 12,870): a cage with more is left to other steps.
const MOST_SETS: u64 = 20_000;

/// Locked candidates by killer cage, in two kinds. **Pointing**: the sets of digits a cage
/// can hold (those adding up to its total, one digit to a cell from the cells' candidates)
/// all contain a digit, so the cage holds it, in one of the cells that may; a cell outside
/// the cage that sees all of those loses it ("this cage's sets all hold a 9, and its 9 can
/// only sit in box 5"). **Claiming**: a house holds a digit only in cells of one cage whose
/// digits differ, so the cage's other cells lose it.
#[derive(Clone, Copy, Debug)]
pub struct CageLockedCandidates;

/// A cage whose digits differ, by cell index.
struct Distinct<'c> {
    cage: &'c Cage,
    cells: Vec<usize>,
}

impl Find for CageLockedCandidates {
    fn technique(&self) -> Technique {
        Technique::CageLockedCandidates
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let shape = layout.shape;
        let cages: Vec<Distinct<'_>> = (layout.rules.constraints().iter())
            .filter_map(|c| match c {
                VariantConstraint::Cage(cage) if !cage.repeats() => Some(Distinct {
                    cage,
                    cells: cage.cells(shape).iter().map(|&c| shape.index(c)).collect(),
                }),
                _ => None,
            })
            .collect();
        if cages.is_empty() || !board.houses_are_full() {
            return None;
        }
        for cage in &cages {
            if let Some(step) = pointing(board, cage) {
                return Some(step);
            }
        }
        for cage in &cages {
            if let Some(step) = claiming(board, cage) {
                return Some(step);
            }
        }
        None
    }
}

/// The pointing step of `cage`, if its sets of digits all hold a digit whose places in it
/// some cell outside sees all of.
fn pointing(board: &Board<'_>, cage: &Distinct<'_>) -> Option<Step> {
    if cage.cells.iter().all(|&c| board.placed(c)) {
        return None;
    }
    let (sets, required) = sets_of(board, cage)?;
    for digit in required.iter() {
        let places: Vec<usize> = (cage.cells.iter().copied())
            .filter(|&c| board.set(c).contains(digit))
            .collect();
        if places.is_empty() || places.iter().any(|&c| board.placed(c)) {
            continue;
        }
        // (The cage's other cells lack the digit.)
        let eliminations = seen_by_all(board, &places, digit);
        if eliminations.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::CageLockedCandidates);
        step.cells = places.iter().map(|&c| board.cell(c)).collect();
        let targets: Vec<_> = eliminations.iter().map(|e| e.cell).collect();
        step.eliminations = eliminations;
        let mut sentence = Sentence::default()
            .text("cage pointing: every set of digits ")
            .text(cage.cage)
            .text(" can hold has ")
            .digit(digit);
        if sets.len() <= 3 {
            sentence = sentence.text(" (");
            for (k, &set) in sets.iter().enumerate() {
                if k > 0 {
                    sentence = sentence.text(", ");
                }
                sentence = sentence.digits(set);
            }
            sentence = sentence.text(")");
        }
        step.sentence = sentence
            .text(", and its ")
            .digit(digit)
            .text(" can only be in ")
            .cells(&step.cells);
        step.sentence = so_lose(step.sentence, &targets, digit);
        return Some(step);
    }
    None
}

/// The claiming step of `cage`, if a house holds a digit only in cells of the cage and the
/// cage's other cells may hold it.
fn claiming(board: &Board<'_>, cage: &Distinct<'_>) -> Option<Step> {
    let layout = board.layout();
    let size = layout.shape.digit_count();
    let mut houses: Vec<usize> = (cage.cells.iter())
        .flat_map(|&c| layout.houses_of(c).iter().map(|&h| h as usize))
        .collect();
    houses.sort_unstable();
    houses.dedup();
    for h in houses {
        for d in 1..=size {
            let digit = Digit::from_index(d - 1);
            let places = board.places(h, digit);
            if places.is_empty()
                || places.iter().any(|&c| board.placed(c))
                || !places.iter().all(|c| cage.cells.contains(c))
            {
                continue;
            }
            let eliminations: Vec<CellDigit> = (cage.cells.iter().copied())
                .filter(|c| !places.contains(c) && board.set(*c).contains(digit))
                .map(|c| CellDigit {
                    cell: board.cell(c),
                    digit,
                })
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let house = layout.kind(h);
            let mut step = Step::new(Technique::CageLockedCandidates);
            step.cells = places.iter().map(|&c| board.cell(c)).collect();
            step.houses = vec![house];
            let targets: Vec<_> = eliminations.iter().map(|e| e.cell).collect();
            step.eliminations = eliminations;
            step.sentence = Sentence::default()
                .text(format!("cage claiming: {house} holds "))
                .digit(digit)
                .text(" only in ")
                .cells(&step.cells)
                .text(", inside ")
                .text(cage.cage);
            step.sentence = so_lose(step.sentence, &targets, digit);
            return Some(step);
        }
    }
    None
}

/// `sentence` ending ", so `targets` lose `digit`".
fn so_lose(sentence: Sentence, targets: &[Cell], digit: Digit) -> Sentence {
    let verb = if targets.len() == 1 {
        " loses "
    } else {
        " lose "
    };
    sentence
        .text(", so ")
        .cells(targets)
        .text(verb)
        .digit(digit)
}

/// The sets of digits `cage` can hold (adding up to its total, each digit in a cell that
/// may hold it, one to a cell) and the digits all of them hold; `None` when it can hold
/// none or has too many sets to look through.
fn sets_of(board: &Board<'_>, cage: &Distinct<'_>) -> Option<(Vec<DigitSet>, DigitSet)> {
    let sets = distinct_sets(board, &cage.cells, MOST_SETS)?;
    let below = board.layout().shape.place_excess() as u32;
    if !spend(sets.len().max(1) as u64 * cage.cells.len() as u64) {
        return None;
    }
    let sets: Vec<DigitSet> = (sets.into_iter())
        // The sets' sums are of places; the numbers are one less each where digits start at 0.
        .filter(|&(_, sum)| allows(cage.cage.total(), sum - below * cage.cells.len() as u32))
        .map(|(set, _)| set)
        .collect();
    let required = sets.iter().copied().reduce(|a, b| a & b)?;
    Some((sets, required))
}

/// Whether a cage of `total` allows digits adding up to `sum`.
fn allows(total: &CageTotal, sum: u32) -> bool {
    match total {
        CageTotal::Any => true,
        CageTotal::Sums(sums) => sums.contains(&sum),
        CageTotal::DigitalRoot(root) => sum > 0 && (sum - 1) % 9 + 1 == *root,
    }
}

#[cfg(test)]
mod tests {
    use super::super::innies::tests::{cells, four_under};
    use super::*;
    use crate::grid::{Grid, Shape};

    /// A 4×4 board under `cage` with `gone` (cell, digit) removed.
    fn found(cage: Cage, gone: &[(&str, u8)]) -> Option<Step> {
        let four = Shape::from_size(4).unwrap();
        let layout = four_under(cage);
        let mut board = Board::new(&layout, &Grid::empty(four), false);
        let mut step = Step::new(Technique::CageLockedCandidates);
        step.eliminations = (gone.iter())
            .map(|&(cell, d)| CellDigit {
                cell: cell.parse().unwrap(),
                digit: Digit::new(d).unwrap(),
            })
            .collect();
        board.apply(&step);
        CageLockedCandidates.find(&board)
    }

    #[test]
    fn a_digit_every_set_holds_leaves_what_sees_all_its_places() {
        // A cage of 3 in r1c1-r2c2 holds {1,2} (its only set): the rest of box 1 loses both.
        let step = found(Cage::new(cells("r1c1 r2c2"), Some(3)), &[]).unwrap();
        let shown = step.sentence.to_string();
        assert!(
            shown.starts_with("cage pointing: every set of digits killer cage r1c1-r2c2 (sum 3) can hold has 1 ({1,2})"),
            "{shown}"
        );
        let mut lost: Vec<String> = (step.eliminations.iter())
            .map(|e| format!("{}<>{}", e.cell, e.digit.get()))
            .collect();
        lost.sort();
        assert_eq!(lost, ["r1c2<>1", "r2c1<>1"]);
        // A cage of any sum holds no digit in every set: nothing.
        assert!(found(Cage::new(cells("r1c1 r2c2"), None), &[]).is_none());
    }

    #[test]
    fn a_digit_a_house_holds_only_inside_a_cage_leaves_its_other_cells() {
        // Row 1 holds 4 only in r1c2 (gone from r1c1, r1c3, r1c4), which is in a cage with
        // r2c3: r2c3 loses 4.
        let gone = [("r1c1", 4), ("r1c3", 4), ("r1c4", 4)];
        let step = found(Cage::new(cells("r1c2 r2c3"), None), &gone).unwrap();
        assert_eq!(
            step.sentence.to_string(),
            "cage claiming: row 1 holds 4 only in r1c2, inside cage r1c2-r2c3 (digits differ), so \
             r2c3 loses 4"
        );
    }

    #[test]
    fn cage_totals() {
        assert!(allows(&CageTotal::DigitalRoot(7), 16));
        assert!(!allows(&CageTotal::DigitalRoot(7), 17));
        assert!(allows(&CageTotal::Sums(vec![10, 12]), 12));
        assert!(allows(&CageTotal::Any, 3));
    }
}
