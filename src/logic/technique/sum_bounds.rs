//! Sum bounds: a sum too long to fill cell by cell, bounded group by group (cells of one house hold different digits).

use super::constraint::{narrowed, what_is_left};
use super::digit_sets::{distinct_sets, placed_by};
use super::innies::{Leftover, MOST_CELLS as JUDGED_WHOLE, each_leftover};
use super::{Find, Technique, seen_by_all, spend};
use crate::grid::{CellDigit, DigitSet, House};
use crate::logic::{Board, Step};

/// The most open cells a sum left over is bounded over (four houses of 9×9).
const MOST_CELLS: usize = 36;

/// The most digit sets a group's cells are tried with; a group with more is bounded by
/// its smallest and largest digits only.
const MOST_SETS: u64 = 5_000;

/// Sum bounds: what houses leave once the sums inside or reaching into them are off (as
/// for [innies and outies](super::InniesOuties)) is a sum over more cells than a person
/// fills one by one, but its cells fall into groups that share a house, whose digits
/// differ: six cells of a row add up to at least 1+…+6 = 21. Each group's least and
/// greatest sums bound what the others can make; a group then keeps the digit sets whose
/// sums fit ("box 8's five cells add up to at most 18, so they hold 1 and 2"), and each of
/// its cells the candidates one of those sets places there.
#[derive(Clone, Copy, Debug)]
pub struct SumBounds;

impl Find for SumBounds {
    fn technique(&self) -> Technique {
        Technique::SumBounds
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        each_leftover(board, &mut |leftover| {
            let open = leftover.open.len();
            if open <= JUDGED_WHOLE || open > MOST_CELLS {
                return None;
            }
            bounded(board, leftover)
        })
    }
}

/// Open cells of a sum that share a house and a weight: they hold different digits.
struct Group {
    /// The cells, by index.
    cells: Vec<usize>,
    /// The weight each cell has in the sum.
    weight: i64,
    /// The house they share, if more than one cell.
    house: Option<House>,
    /// The digit sets the cells can hold with their sums, once listed (`None` while the
    /// group is bounded by its digits alone).
    sets: Option<Vec<(DigitSet, i64)>>,
    /// The least and greatest sums of the cells' digits (unweighted).
    lo: i64,
    hi: i64,
    /// The digits every digit set kept holds, once the sets are listed.
    always: DigitSet,
}

impl Group {
    /// The least and greatest the group adds to the sum (weighted).
    fn span(&self) -> (i64, i64) {
        let (a, b) = (self.weight * self.lo, self.weight * self.hi);
        (a.min(b), a.max(b))
    }
}

/// The step of `leftover` bounded group by group, if that rules something out.
fn bounded(board: &Board<'_>, leftover: &Leftover<'_>) -> Option<Step> {
    let (open, left) = leftover.open_sum(board);
    let mut groups = grouped(board, &open);
    let mut work = groups.len() as u64;
    // Rounds: each group's sums kept to what the others leave, until nothing changes.
    let mut listed_any = false;
    loop {
        let (least, most) = groups.iter().fold((0, 0), |(l, m), g| {
            let (a, b) = g.span();
            (l + a, m + b)
        });
        if left < least || left > most {
            // The board contradicts itself here: other techniques say so better.
            spend(work);
            return None;
        }
        let mut changed = false;
        // (The bounds of the round's start stand for the others: looser, never wrong.)
        for group in &mut groups {
            let (a, b) = group.span();
            // What this group may add: the total less what the others can.
            let (from, to) = (left - (most - b), left - (least - a));
            if from <= a && b <= to {
                continue;
            }
            if group.sets.is_none() {
                let Some(sets) = distinct_sets(board, &group.cells, MOST_SETS) else {
                    continue;
                };
                work += sets.len() as u64 * group.cells.len() as u64;
                let sets = sets.into_iter().map(|(set, sum)| (set, i64::from(sum)));
                group.sets = Some(sets.collect());
                listed_any = true;
            }
            let w = group.weight;
            let sets = group.sets.as_mut().expect("listed");
            let before = sets.len();
            sets.retain(|&(_, sum)| (from..=to).contains(&(w * sum)));
            if sets.is_empty() {
                spend(work);
                return None;
            }
            let lo = sets.iter().map(|s| s.1).min().expect("not empty");
            let hi = sets.iter().map(|s| s.1).max().expect("not empty");
            if sets.len() < before || (lo, hi) != (group.lo, group.hi) {
                changed = true;
            }
            (group.lo, group.hi) = (lo, hi);
        }
        if !changed {
            break;
        }
    }
    if !spend(work) || !listed_any {
        return None;
    }
    // What each cell keeps: the candidates some kept set places there; a digit every kept
    // set holds leaves the cells outside the group that see all its places in it.
    let mut cells = Vec::new();
    let mut held = Vec::new();
    for group in &mut groups {
        let kept = match &group.sets {
            Some(sets) => {
                let sets: Vec<DigitSet> = sets.iter().map(|&(set, _)| set).collect();
                group.always = (sets.iter()).fold(!DigitSet::EMPTY, |all, &set| all & set);
                placed_by(board, &group.cells, &sets)
            }
            None => group.cells.iter().map(|&c| board.set(c)).collect(),
        };
        cells.extend(group.cells.iter().map(|&c| c as u32));
        held.extend(kept);
    }
    let pattern = cells.len();
    let mut outside: Vec<CellDigit> = Vec::new();
    let mut at = 0;
    for group in &groups {
        let kept = &held[at..at + group.cells.len()];
        at += group.cells.len();
        for digit in group.always.iter() {
            let places: Vec<usize> = (group.cells.iter().zip(kept))
                .filter(|&(_, set)| set.contains(digit))
                .map(|(&c, _)| c)
                .collect();
            let mut seen = seen_by_all(board, &places, digit);
            seen.sort_by_key(|e| e.cell);
            outside.extend(seen);
        }
    }
    for CellDigit { cell, digit } in outside {
        let c = board.layout().shape.index(cell) as u32;
        match cells.iter().position(|&o| o == c) {
            Some(i) => {
                held[i].remove(digit);
            }
            None => {
                cells.push(c);
                let mut keep = board.set(c as usize);
                keep.remove(digit);
                held.push(keep);
            }
        }
    }
    let (mut step, kept) = narrowed(board, Technique::SumBounds, &cells, &held)?;
    step.cells.truncate(pattern);
    let houses = leftover.houses();
    step.houses = houses.to_vec();
    let many: Vec<&Group> = groups.iter().filter(|g| g.cells.len() > 1).collect();
    // A tenth more for each house past the first and each group of cells past the first.
    step.weight += (houses.len() - 1 + many.len().saturating_sub(1)).min(10) as u8;
    let mut text = leftover
        .stated(board, &open, left)
        .text("; the cells of a house differ, so ");
    for (n, group) in many.iter().enumerate() {
        let names: Vec<String> = group
            .cells
            .iter()
            .map(|&c| board.cell(c).to_string())
            .collect();
        let house = group.house.expect("a group of cells shares a house");
        if n > 0 {
            text = text.text(", ");
        }
        text = text.text(format!("{} ({house})", names.join("+")));
        let (lo, hi) = (group.lo, group.hi);
        text = text.text(if lo == hi {
            format!(" make {lo}")
        } else {
            format!(" make {lo} to {hi}")
        });
        if !group.always.is_empty() {
            text = text.text(", always with ").digits(group.always);
        }
    }
    text = text.text(": every filling has ");
    step.sentence = what_is_left(text, &kept);
    Some(step)
}

/// The open cells of a sum (by index, with their weights) in groups: again and again the
/// house with the most cells of one weight left takes them, the largest first since a
/// large group's least sum grows fastest; the cells no house pairs stand alone.
fn grouped(board: &Board<'_>, open: &[(usize, i64)]) -> Vec<Group> {
    let layout = board.layout();
    let mut free: Vec<Option<i64>> = vec![None; layout.shape.cell_count()];
    for &(c, w) in open {
        free[c] = Some(w);
    }
    let mut groups = Vec::new();
    loop {
        let mut best: Option<(usize, usize, i64)> = None;
        for h in 0..layout.house_count() {
            let mut weights: Vec<(i64, usize)> = Vec::new();
            for &c in layout.house(h) {
                if let Some(w) = free[c as usize] {
                    match weights.iter_mut().find(|(v, _)| *v == w) {
                        Some((_, n)) => *n += 1,
                        None => weights.push((w, 1)),
                    }
                }
            }
            for (w, n) in weights {
                if n >= 2 && best.is_none_or(|(_, m, _)| n > m) {
                    best = Some((h, n, w));
                }
            }
        }
        let Some((h, _, w)) = best else { break };
        let cells: Vec<usize> = (layout.house(h).iter())
            .map(|&c| c as usize)
            .filter(|&c| free[c] == Some(w))
            .collect();
        for &c in &cells {
            free[c] = None;
        }
        groups.push(group(board, cells, w, Some(layout.kind(h))));
    }
    for &(c, w) in open {
        if free[c].is_some() {
            groups.push(group(board, vec![c], w, None));
        }
    }
    groups
}

/// A group of `cells` of weight `weight`, bounded by the digits they can hold: the least
/// and greatest as many different digits of their candidates add up to.
fn group(board: &Board<'_>, cells: Vec<usize>, weight: i64, house: Option<House>) -> Group {
    let union = cells.iter().fold(DigitSet::EMPTY, |u, &c| u | board.set(c));
    let digits: Vec<i64> = union.iter().map(|d| i64::from(d.get())).collect();
    let k = cells.len().min(digits.len());
    let lo = digits[..k].iter().sum();
    let hi = digits[digits.len() - k..].iter().sum();
    Group {
        cells,
        weight,
        house,
        sets: None,
        lo,
        hi,
        always: DigitSet::EMPTY,
    }
}

#[cfg(test)]
mod tests {

    use super::super::innies::tests::{all_grids, assert_sound, cells, four_under};
    use super::*;
    use crate::constraint::Cage;
    use crate::grid::{Grid, Shape};

    #[test]
    fn three_rows_less_a_cage_bound_the_pair_left_and_no_solution_is_lost() {
        // Rows 1–3 of a 4×4 add up to 30; taking off the cage r1c1 + r1c2 = 7 leaves ten
        // cells: rows 2 and 3 make 10 each, so r1c3 + r1c4 = 3, always with 1 and 2, which
        // the rest of row 1 loses.
        let four = Shape::from_size(4).unwrap();
        let layout = four_under(Cage::new(cells("r1c1 r1c2"), Some(7)));
        let mut board = Board::new(&layout, &Grid::empty(four), false);
        let solutions: Vec<[u8; 16]> = (all_grids().into_iter())
            .filter(|g| g[0] + g[1] == 7)
            .collect();
        assert!(!solutions.is_empty());
        let mut steps = Vec::new();
        while let Some(step) = SumBounds.find(&board) {
            let shown = step.sentence.to_string();
            assert_sound(&step, &solutions);
            board.apply(&step);
            steps.push(shown);
        }
        assert!(
            steps
                .iter()
                .any(|s| s.starts_with("row 1, row 2, row 3 add up to 30")
                    && s.contains("r1c3+r1c4 (row 1) make 3, always with {1,2}")),
            "{steps:?}"
        );
        let set = |i: usize| board.set(i).iter().map(|d| d.get()).collect::<Vec<_>>();
        assert_eq!(
            [set(0), set(1), set(2), set(3)],
            [[3, 4], [3, 4], [1, 2], [1, 2]]
        );
    }
}
