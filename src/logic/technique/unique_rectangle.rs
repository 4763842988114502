//! Unique rectangle type 1: a deadly pattern a puzzle known to be unique cannot hold.

use super::{Find, Technique};
use crate::grid::{CellDigit, DigitSet, House};
use crate::logic::{Board, Sentence, Step};
use crate::rules::Layout;

/// Whether swapping two digits in the four `corners` of a rectangle (cell indices, in
/// reading order: two in one row, two in another, in the same two columns) turns a
/// solution into another one, whatever the digits: the one gate of every uniqueness
/// technique.
///
/// True only when the rules are houses of the plain kinds (rows, columns, boxes, jigsaw
/// regions) with no relation between cells (anti-knight, anti-king) and no other
/// constraint but given pencil marks (which keep every candidate, so any swap of them),
/// and every house holds none of the corners, two on one row or column, or
/// all four. Extend this gate when the rules gain constraints: a killer cage, for one,
/// is preserved only when it holds the corners in such pairs too.
pub fn digit_swap_preserves_rules(layout: &Layout, corners: [usize; 4]) -> bool {
    let plain = layout.apart().is_empty()
        && !layout.has_constraints_for_logic()
        && (0..layout.house_count()).all(|h| {
            matches!(
                layout.kind(h),
                House::Row(_) | House::Column(_) | House::Box(_) | House::Region(..)
            )
        });
    plain
        && (0..layout.house_count()).all(|h| {
            let inside: Vec<usize> = corners
                .iter()
                .copied()
                .filter(|c| layout.house(h).contains(&(*c as u32)))
                .collect();
            let size = layout.shape.size();
            match inside[..] {
                [] | [_, _, _, _] => true,
                [a, b] => a / size == b / size || a % size == b % size,
                _ => false,
            }
        })
}

/// Unique rectangle type 1: three corners of a rectangle hold only the same two digits and
/// the fourth holds them and more. If the fourth held only those two as well, the digits
/// could be swapped for a second solution; in a puzzle known to be unique (and only under
/// rules that the swap preserves, see [`digit_swap_preserves_rules`]) the fourth corner
/// loses the two digits.
#[derive(Clone, Copy, Debug)]
pub struct UniqueRectangle;

impl Find for UniqueRectangle {
    fn technique(&self) -> Technique {
        Technique::UniqueRectangle
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        if !board.unique() {
            return None;
        }
        let size = board.layout().shape.size();
        let bivalue: Vec<usize> = board
            .open_cells()
            .filter(|&c| board.set(c).len() == 2)
            .collect();
        for (i, &a) in bivalue.iter().enumerate() {
            for &b in &bivalue[i + 1..] {
                let xy = board.set(a);
                if board.set(b) != xy || a / size != b / size {
                    continue;
                }
                let (row, ca, cb) = (a / size, a % size, b % size);
                for other in (0..size).filter(|&r| r != row) {
                    let (c, d) = (other * size + ca, other * size + cb);
                    if board.placed(c) || board.placed(d) {
                        continue;
                    }
                    let (sc, sd) = (board.set(c), board.set(d));
                    let fourth = if sc == xy && sd != xy && sd & xy == xy {
                        d
                    } else if sd == xy && sc != xy && sc & xy == xy {
                        c
                    } else {
                        continue;
                    };
                    let mut corners = [a, b, c, d];
                    corners.sort_unstable();
                    if !digit_swap_preserves_rules(board.layout(), corners) {
                        continue;
                    }
                    return Some(step(board, corners, fourth, xy));
                }
            }
        }
        None
    }
}

/// The step removing `xy` from `fourth`, a corner of `corners`.
fn step(board: &Board<'_>, corners: [usize; 4], fourth: usize, xy: DigitSet) -> Step {
    let mut step = Step::new(Technique::UniqueRectangle);
    let cell = board.cell(fourth);
    step.eliminations = xy.iter().map(|digit| CellDigit { cell, digit }).collect();
    step.cells = corners.iter().map(|&c| board.cell(c)).collect();
    let others: Vec<_> = corners
        .iter()
        .filter(|&&c| c != fourth)
        .map(|&c| board.cell(c))
        .collect();
    step.sentence = Sentence::default()
        .cells(&others)
        .text(" hold only ")
        .digits(xy)
        .text(format!(
            "; if {cell} held only those too, they could be swapped for a second solution, and the puzzle is known to be unique, so {cell} loses them"
        ));
    step
}
