//! Set equivalence on jigsaw grids (the law of leftovers): k rows and k regions hold the same digits, so what each holds outside the other is the same too.

use std::cell::RefCell;
use std::rc::Rc;

use super::{Find, Technique};
use crate::grid::{CellDigit, DigitSet, House};
use crate::logic::{Board, Sentence, Step};

/// The law of leftovers: k neighbouring rows (or columns) hold each digit k times, and so do
/// any k jigsaw regions; take the k regions that lie most inside the lines, and the cells the
/// lines hold outside those regions (the leftovers) hold the same digits, counted with
/// repeats, as the cells the regions hold outside the lines. A digit that no leftover on one
/// side can hold leaves every leftover on the other. Only on grids of jigsaw regions taking
/// as many digits as a house has cells (so that every house holds every digit); the windows
/// of lines are tried fewest leftovers first.
#[derive(Clone, Copy, Debug)]
pub struct SetEquivalence;

/// Two equal sets of houses: the lines, the regions, and the cells (by index) each holds
/// outside the other.
struct Leftovers {
    lines: Vec<House>,
    regions: Vec<House>,
    /// The lines' cells outside the regions, in reading order.
    outside_regions: Vec<usize>,
    /// The regions' cells outside the lines, in reading order.
    outside_lines: Vec<usize>,
}

impl Find for SetEquivalence {
    fn technique(&self) -> Technique {
        Technique::SetEquivalence
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        // Lines and regions hold the same digits only when every house holds every digit;
        // without jigsaw regions there is nothing to do (and no weak links to work out).
        let layout = board.layout();
        let jigsaw = (0..layout.house_count()).any(|h| matches!(layout.kind(h), House::Region(..)));
        if !layout.shape.is_exact() || !jigsaw {
            return None;
        }
        let id = layout.weak_links().id();
        let windows = WINDOWS.with(|memo| {
            let mut memo = memo.borrow_mut();
            if memo.0 != id {
                let mut windows = windows(board);
                windows.sort_by_key(|w| w.outside_regions.len());
                *memo = (id, Rc::new(windows));
            }
            Rc::clone(&memo.1)
        });
        windows.iter().find_map(|w| step(board, w))
    }
}

thread_local! {
    /// The windows of the rules last seen on this thread (keyed by their weak links' id),
    /// fewest leftovers first: they depend on the regions alone.
    static WINDOWS: RefCell<(u64, Rc<Vec<Leftovers>>)> = RefCell::new((0, Rc::new(Vec::new())));
}

/// Every window of neighbouring rows or columns (fewer than all) with the regions that lie
/// most inside it, when the rules have jigsaw regions.
fn windows(board: &Board<'_>) -> Vec<Leftovers> {
    let layout = board.layout();
    let size = layout.shape.size();
    let regions: Vec<usize> = (0..layout.house_count())
        .filter(|&h| matches!(layout.kind(h), House::Region(..)))
        .collect();
    if regions.len() != size {
        return Vec::new();
    }
    // Each cell's region, by its place in `regions`.
    let mut region_of = vec![0usize; size * size];
    for (r, &h) in regions.iter().enumerate() {
        for &c in layout.house(h) {
            region_of[c as usize] = r;
        }
    }
    let mut found = Vec::new();
    for rows in [true, false] {
        let line_of = |c: usize| if rows { c / size } else { c % size };
        for first in 0..size {
            for last in first..size {
                let k = last - first + 1;
                if k == size {
                    continue;
                }
                let inside = |c: usize| (first..=last).contains(&line_of(c));
                // The k regions with the most cells inside the window (ties: the first).
                let mut overlap = vec![0usize; size];
                for c in (0..size * size).filter(|&c| inside(c)) {
                    overlap[region_of[c]] += 1;
                }
                let mut by_overlap: Vec<usize> = (0..size).collect();
                by_overlap.sort_by_key(|&r| (std::cmp::Reverse(overlap[r]), r));
                let mut picked = vec![false; size];
                for &r in &by_overlap[..k] {
                    picked[r] = true;
                }
                let chosen: Vec<usize> = (0..size)
                    .filter(|&r| picked[r])
                    .map(|r| regions[r])
                    .collect();
                let in_chosen = |c: usize| picked[region_of[c]];
                let outside_regions: Vec<usize> = (0..size * size)
                    .filter(|&c| inside(c) && !in_chosen(c))
                    .collect();
                if outside_regions.is_empty() {
                    continue;
                }
                let outside_lines: Vec<usize> = (0..size * size)
                    .filter(|&c| !inside(c) && in_chosen(c))
                    .collect();
                let line = |i: usize| match rows {
                    true => House::Row(i as u8),
                    false => House::Column(i as u8),
                };
                found.push(Leftovers {
                    lines: (first..=last).map(line).collect(),
                    regions: chosen.iter().map(|&h| layout.kind(h)).collect(),
                    outside_regions,
                    outside_lines,
                });
            }
        }
    }
    found
}

/// The digits some cell of `cells` holds or may hold.
fn possible(board: &Board<'_>, cells: &[usize]) -> DigitSet {
    cells.iter().fold(DigitSet::EMPTY, |u, &c| u | board.set(c))
}

/// The step of a window: each leftover loses the digits no leftover on the other side can
/// hold; `None` when that removes nothing.
fn step(board: &Board<'_>, w: &Leftovers) -> Option<Step> {
    let sides = [
        (&w.outside_regions, &w.outside_lines),
        (&w.outside_lines, &w.outside_regions),
    ];
    let mut eliminations = Vec::new();
    for (from, to) in sides {
        let allowed = possible(board, from);
        for &c in to {
            if board.placed(c) {
                continue;
            }
            for digit in (board.set(c) & !allowed).iter() {
                eliminations.push(CellDigit {
                    cell: board.cell(c),
                    digit,
                });
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let cells = |list: &[usize]| list.iter().map(|&c| board.cell(c)).collect::<Vec<_>>();
    let (outside_regions, outside_lines) = (cells(&w.outside_regions), cells(&w.outside_lines));
    let mut step = Step::new(Technique::SetEquivalence);
    step.houses = w.lines.iter().chain(&w.regions).copied().collect();
    step.cells = outside_regions
        .iter()
        .chain(&outside_lines)
        .copied()
        .collect();
    step.sentence = Sentence::default()
        .houses(&w.lines)
        .text(" and ")
        .houses(&w.regions)
        .text(" hold the same digits, so ")
        .cells(&outside_regions)
        .text(" (the lines' cells outside the regions) hold the same digits as ")
        .cells(&outside_lines)
        .text(" (the regions' cells outside the lines), and what one side cannot hold the other loses");
    step.eliminations = eliminations;
    Some(step)
}
