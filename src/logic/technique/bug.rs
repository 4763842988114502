//! Bivalue universal grave, type 1: the one cell that keeps the grid from two solutions holds its extra digit.

use super::{Find, Technique};
use crate::grid::{CellDigit, Digit};
use crate::logic::{Board, Sentence, Step};

/// BUG type 1: every open cell has two candidates but one, which has three. Without that
/// cell's third digit every digit would have two places in each house it still needs, and
/// such a grid has no solution or two (each cell taking its other candidate is a solution
/// too). In a puzzle known to be unique the cell therefore holds the third digit: the one
/// that has three places in each of its houses.
///
/// Only under rules made of whole houses alone (each holding every digit once; no
/// anti-knight or anti-king relation, no constraint): the other solution keeps every such
/// house whole but may break anything else.
#[derive(Clone, Copy, Debug)]
pub struct Bug;

impl Find for Bug {
    fn technique(&self) -> Technique {
        Technique::Bug
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let size = layout.shape.size();
        if !board.unique()
            || !layout.apart().is_empty()
            || layout.has_constraints_for_logic()
            || layout.houses().any(|house| house.len() != size)
        {
            return None;
        }
        let mut extra = None;
        for c in board.open_cells() {
            match board.set(c).len() {
                2 => {}
                3 if extra.is_none() => extra = Some(c),
                _ => return None,
            }
        }
        let cell = extra?;
        // The digit whose removal leaves every digit two places (or none) in every house.
        let digit = board
            .set(cell)
            .iter()
            .find(|&d| grave_without(board, cell, d))?;
        let at = board.cell(cell);
        let mut step = Step::new(Technique::Bug);
        step.placements = vec![CellDigit { cell: at, digit }];
        step.cells = vec![at];
        step.sentence = Sentence::default()
            .text(format!(
                "every open cell has two candidates but {at}; without its "
            ))
            .digit(digit)
            .text(" each digit would have two places in every house and the puzzle two solutions, so it holds ")
            .digit(digit);
        Some(step)
    }
}

/// Whether, with `digit` taken from the cell with index `cell`, every digit has no place or
/// two among the open cells of every house.
fn grave_without(board: &Board<'_>, cell: usize, digit: Digit) -> bool {
    let layout = board.layout();
    (0..layout.house_count()).all(|h| {
        layout.shape.digits().all(|d| {
            let places = layout
                .house(h)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !board.placed(c) && board.set(c).contains(d))
                .filter(|&c| !(c == cell && d == digit))
                .count();
            places == 0 || places == 2
        })
    })
}
