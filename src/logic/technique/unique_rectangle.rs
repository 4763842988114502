//! Unique rectangles, types 1 to 4: deadly patterns a puzzle known to be unique cannot hold.

use super::first_subset;
use super::{Find, Technique};
use crate::grid::{Cell, CellDigit, DigitSet, House};
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

/// Unique rectangles: four cells in two rows, two columns and two boxes (or regions) that
/// could all hold the same two digits X and Y. If each held only those, the digits could be
/// swapped for a second solution; in a puzzle known to be unique (and only under rules that
/// the swap preserves, see [`digit_swap_preserves_rules`]) that cannot be, which gives four
/// types of step, tried in this order (Sudoku Explainer's weights):
///
/// - type 1 (4.5): three corners hold only X and Y; the fourth loses them;
/// - type 2 (4.5): two corners hold only X and Y, the other two (the roof) X, Y and one more
///   digit Z, the same in both: one of them holds Z, so what sees both roof cells loses Z;
/// - type 4 (4.5): the roof cells share a house where X has no other place: one of them holds
///   X, so neither may hold Y (that would leave both holding only X and Y);
/// - type 3 (4.5 + 0.1 for each digit of the set past the first): the roof's digits beyond X
///   and Y act as one cell of the house the roof shares; with other cells of that house they
///   make a naked set, whose digits the rest of the house loses.
#[derive(Clone, Copy, Debug)]
pub struct UniqueRectangle;

/// A rectangle of candidates: two floor cells holding only `xy`, two roof cells holding `xy`
/// and more (or one of them only `xy`, for type 1), corners sorted in reading order.
#[derive(Clone, Copy, Debug)]
struct Rectangle {
    corners: [usize; 4],
    roof: [usize; 2],
    xy: DigitSet,
}

impl Find for UniqueRectangle {
    fn technique(&self) -> Technique {
        Technique::UniqueRectangle
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        if !board.unique() {
            return None;
        }
        let rectangles = rectangles(board);
        rectangles
            .iter()
            .find_map(|r| type_1(board, r))
            .or_else(|| rectangles.iter().find_map(|r| type_2(board, r)))
            .or_else(|| rectangles.iter().find_map(|r| type_4(board, r)))
            .or_else(|| {
                (1..=3).find_map(|others| rectangles.iter().find_map(|r| type_3(board, r, others)))
            })
    }
}

/// Every rectangle of the board whose rules the swap preserves: floors of two bivalue cells
/// in a row first (in reading order), then in a column; roofs whose cells both hold the
/// floor's digits, not both only those.
fn rectangles(board: &Board<'_>) -> Vec<Rectangle> {
    let size = board.layout().shape.size();
    let bivalue: Vec<usize> = board
        .open_cells()
        .filter(|&c| board.set(c).len() == 2)
        .collect();
    let mut found = Vec::new();
    for along_rows in [true, false] {
        // A cell's line (row or column) and its place along it.
        let locate = |c: usize| match along_rows {
            true => (c / size, c % size),
            false => (c % size, c / size),
        };
        let at = |line: usize, place: usize| match along_rows {
            true => line * size + place,
            false => place * size + line,
        };
        for (i, &a) in bivalue.iter().enumerate() {
            for &b in &bivalue[i + 1..] {
                let xy = board.set(a);
                let ((line, pa), (line_b, pb)) = (locate(a), locate(b));
                if board.set(b) != xy || line != line_b {
                    continue;
                }
                for other in (0..size).filter(|&l| l != line) {
                    let roof = [at(other, pa), at(other, pb)];
                    if roof
                        .iter()
                        .any(|&c| board.placed(c) || board.set(c) & xy != xy)
                        || roof.iter().all(|&c| board.set(c) == xy)
                    {
                        continue;
                    }
                    let mut corners = [a, b, roof[0], roof[1]];
                    corners.sort_unstable();
                    if digit_swap_preserves_rules(board.layout(), corners) {
                        found.push(Rectangle { corners, roof, xy });
                    }
                }
            }
        }
    }
    found
}

/// Type 1: one roof cell holds only the two digits; the other loses them.
fn type_1(board: &Board<'_>, r: &Rectangle) -> Option<Step> {
    let [sc, sd] = r.roof.map(|c| board.set(c));
    let fourth = match (sc == r.xy, sd == r.xy) {
        (true, false) => r.roof[1],
        (false, true) => r.roof[0],
        _ => return None,
    };
    let mut step = Step::new(Technique::UniqueRectangle);
    let cell = board.cell(fourth);
    step.eliminations = r.xy.iter().map(|digit| CellDigit { cell, digit }).collect();
    step.cells = r.corners.iter().map(|&c| board.cell(c)).collect();
    let others: Vec<Cell> = r
        .corners
        .iter()
        .filter(|&&c| c != fourth)
        .map(|&c| board.cell(c))
        .collect();
    step.sentence = Sentence::default()
        .cells(&others)
        .text(" hold only ")
        .digits(r.xy)
        .text(format!(
            "; if {cell} held only those too, they could be swapped for a second solution, and the puzzle is known to be unique, so {cell} loses them"
        ));
    Some(step)
}

/// The roof's digits beyond the rectangle's two, and the roof cells.
fn roof_extras(board: &Board<'_>, r: &Rectangle) -> (DigitSet, [Cell; 2]) {
    let [c, d] = r.roof;
    let extras = (board.set(c) | board.set(d)) & !r.xy;
    (extras, [board.cell(c), board.cell(d)])
}

/// The step's opening: the floor holds only the two digits, and what the roof must hold.
fn opening(board: &Board<'_>, r: &Rectangle, technique: Technique) -> Step {
    let mut step = Step::new(technique);
    step.cells = r.corners.iter().map(|&c| board.cell(c)).collect();
    let floor: Vec<Cell> = r
        .corners
        .iter()
        .filter(|c| !r.roof.contains(c))
        .map(|&c| board.cell(c))
        .collect();
    let (_, roof) = roof_extras(board, r);
    step.sentence = Sentence::default()
        .cells(&floor)
        .text(" hold only ")
        .digits(r.xy)
        .text(", and ")
        .cells(&roof)
        .text(" hold them too: if both held only those, they could be swapped for a second solution, and the puzzle is known to be unique");
    step
}

/// Type 2: both roof cells hold exactly one digit more, the same; what sees both loses it.
fn type_2(board: &Board<'_>, r: &Rectangle) -> Option<Step> {
    let [c, d] = r.roof;
    let z = (board.set(c) & !r.xy).only()?;
    if board.set(d) & !r.xy != DigitSet::single(z) {
        return None;
    }
    let eliminations: Vec<CellDigit> = board
        .open_cells()
        .filter(|&e| {
            !r.corners.contains(&e)
                && board.set(e).contains(z)
                && board.sees(e, c)
                && board.sees(e, d)
        })
        .map(|e| CellDigit {
            cell: board.cell(e),
            digit: z,
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let (_, roof) = roof_extras(board, r);
    let mut step = opening(board, r, Technique::UniqueRectangleType2);
    step.sentence = step
        .sentence
        .text(format!(", so {} or {} holds ", roof[0], roof[1]))
        .digit(z)
        .text(", and what sees both loses it");
    step.eliminations = eliminations;
    Some(step)
}

/// The houses that hold both roof cells (rows, columns, boxes or regions under the gate).
fn roof_houses<'b>(board: &'b Board<'_>, r: &Rectangle) -> impl Iterator<Item = usize> + 'b {
    let [c, d] = r.roof;
    let layout = board.layout();
    layout
        .houses_of(c)
        .iter()
        .map(|&h| h as usize)
        // The gate lets only rows, columns, boxes and regions through.
        .filter(move |&h| layout.house(h).contains(&(d as u32)))
}

/// Type 4: one of the two digits has no other place than the roof in a house the roof
/// shares; the roof loses the other digit.
fn type_4(board: &Board<'_>, r: &Rectangle) -> Option<Step> {
    let [c, d] = r.roof;
    for h in roof_houses(board, r) {
        for held in r.xy.iter() {
            if board.places(h, held).len() != 2 {
                continue;
            }
            let lost = (r.xy & !DigitSet::single(held)).only()?;
            let (_, roof) = roof_extras(board, r);
            let mut step = opening(board, r, Technique::UniqueRectangleType4);
            step.eliminations = [c, d]
                .iter()
                .map(|&e| CellDigit {
                    cell: board.cell(e),
                    digit: lost,
                })
                .collect();
            step.houses = vec![board.layout().kind(h)];
            step.sentence = step
                .sentence
                .text("; ")
                .digit(held)
                .text(format!(
                    " has no other place in {} than {} and {}, so one of them holds it and neither may hold ",
                    board.layout().kind(h),
                    roof[0],
                    roof[1]
                ))
                .digit(lost);
            return Some(step);
        }
    }
    None
}

/// Type 3: the roof's extra digits and `others` more cells of a house the roof shares hold
/// `others + 1` digits between them: a naked set, whose digits the rest of the house loses.
fn type_3(board: &Board<'_>, r: &Rectangle, others: usize) -> Option<Step> {
    let (extras, roof) = roof_extras(board, r);
    if extras.len() > others + 1 {
        return None;
    }
    for h in roof_houses(board, r) {
        let house = board.layout().house(h);
        let cells: Vec<usize> = house
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| {
                !board.placed(c)
                    && !r.roof.contains(&c)
                    && (board.set(c) | extras).len() <= others + 1
            })
            .collect();
        let found = first_subset(&cells, others, |set| {
            let digits = set.iter().fold(extras, |u, &c| u | board.set(c));
            if digits.len() != others + 1 {
                return None;
            }
            let eliminations: Vec<CellDigit> = house
                .iter()
                .map(|&c| c as usize)
                .filter(|c| !board.placed(*c) && !r.roof.contains(c) && !set.contains(c))
                .flat_map(|c| {
                    (board.set(c) & digits).iter().map(move |digit| CellDigit {
                        cell: board.cell(c),
                        digit,
                    })
                })
                .collect();
            (!eliminations.is_empty()).then(|| (set.to_vec(), digits, eliminations))
        });
        let Some((set, digits, eliminations)) = found else {
            continue;
        };
        let kind = board.layout().kind(h);
        let set_cells: Vec<Cell> = set.iter().map(|&c| board.cell(c)).collect();
        let mut step = opening(board, r, Technique::UniqueRectangleType3);
        step.weight += (others - 1) as u8;
        step.eliminations = eliminations;
        step.houses = vec![kind];
        step.sentence = step
            .sentence
            .text(format!(", so {} or {} holds one of ", roof[0], roof[1]))
            .digits(extras)
            .text("; with ")
            .cells(&set_cells)
            .text(" they make a naked set of ")
            .digits(digits)
            .text(format!(
                " in {kind}, which the rest of it but the roof loses"
            ));
        return Some(step);
    }
    None
}
