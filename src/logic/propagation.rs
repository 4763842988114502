//! Propagation over candidates: naked and hidden singles and locked candidates to a fixed point, and the one entry point that picks the bitboards' where they apply.

use super::bitboard::{self, BitboardRules};
use crate::grid::{Candidates, DigitSet};
use crate::rules::{Layout, Puzzle};

/// What propagation still has to look at.
#[derive(Debug, Default)]
pub(crate) struct Propagation {
    /// Cells that became single and whose digit is still to be removed from their peers.
    queue: Vec<u32>,
    /// Houses that lost a candidate since they were last searched for hidden singles, as
    /// a bitset by house index.
    dirty: Vec<u64>,
    /// Houses that lost a candidate since their intersections were last looked at for
    /// locked candidates, as a bitset.
    locked: Vec<u64>,
    /// The houses taken from `locked` for the pass under way.
    pass: Vec<u64>,
    /// Every change to the candidates since [`start`](Propagation::start): the cell and
    /// its candidates before, so that a search can [`undo`](Propagation::undo) a branch.
    trail: Vec<(u32, DigitSet)>,
}

/// The candidates that sound deductions leave from the givens of `puzzle` (whose layout is
/// `layout`): on classic and diagonal 9×9 (see [`BitboardRules::of`]) the bitboards'
/// propagation and failed-literal probing of the cells with two candidates; on every other
/// puzzle naked and hidden singles and locked candidates. Only digits of no solution are
/// removed; `None` on a contradiction (the puzzle has no solution).
///
/// The one entry point to propagation for the SAT engine's
/// [propagated](crate::encode::Preprocess::Propagated) encoding, the generator and true
/// candidates.
pub(crate) fn propagated(layout: &Layout, puzzle: &Puzzle) -> Option<Candidates> {
    match BitboardRules::of(puzzle.rules()) {
        Some(rules) => bitboard::probed(rules, puzzle),
        None => candidates(layout, puzzle),
    }
}

/// The candidates that naked and hidden singles and locked candidates leave from the givens
/// of `puzzle` (whose layout is `layout`); `None` when they run into a contradiction.
fn candidates(layout: &Layout, puzzle: &Puzzle) -> Option<Candidates> {
    let mut cands = Candidates::none(layout.shape);
    let mut work = Propagation::default();
    work.start(layout, puzzle, &mut cands);
    work.propagate(layout, cands.sets_mut()).then_some(cands)
}

impl Propagation {
    /// Sets `cands` to the givens of `puzzle` (every digit for a blank cell), with all of
    /// them to propagate.
    pub(crate) fn start(&mut self, layout: &Layout, puzzle: &Puzzle, cands: &mut Candidates) {
        self.queue.clear();
        self.trail.clear();
        let words = layout.house_count().div_ceil(64);
        for set in [&mut self.dirty, &mut self.locked, &mut self.pass] {
            set.clear();
            set.resize(words, 0);
        }
        for h in 0..layout.house_count() {
            self.mark(h as u32);
        }
        cands.reset(puzzle.grid());
        for (i, cell) in layout.shape.cells().enumerate() {
            if puzzle.grid().get(cell).is_some() {
                self.queue.push(i as u32);
            }
        }
    }

    /// Marks house `h` for a hidden-single search and a locked-candidates look.
    #[inline(always)]
    fn mark(&mut self, h: u32) {
        let (word, bit) = ((h / 64) as usize, 1u64 << (h % 64));
        self.dirty[word] |= bit;
        self.locked[word] |= bit;
    }

    /// Forgets all pending work (after a contradiction).
    pub(crate) fn reset(&mut self) {
        self.queue.clear();
        self.dirty.fill(0);
        self.locked.fill(0);
    }

    /// Removes `digits` from the candidates of `cell`: false if none are left. A cell left
    /// with one is queued; its houses are marked.
    #[inline(always)]
    pub(crate) fn remove(
        &mut self,
        layout: &Layout,
        cands: &mut [DigitSet],
        cell: usize,
        digits: DigitSet,
    ) -> bool {
        let set = cands[cell];
        if (set & digits).is_empty() {
            return true;
        }
        let left = set & !digits;
        self.trail.push((cell as u32, set));
        cands[cell] = left;
        match left.len() {
            0 => return false,
            1 => self.queue.push(cell as u32),
            _ => {}
        }
        for &h in layout.houses_of(cell) {
            self.mark(h);
        }
        true
    }

    /// How many changes the trail holds: a mark to [`undo`](Propagation::undo) back to.
    #[inline]
    pub(crate) fn trail_mark(&self) -> usize {
        self.trail.len()
    }

    /// Restores `cands` as they were at `mark`, undoing every change made since. Pending
    /// work must be empty (a fixed point was reached, or a contradiction reset it).
    #[inline]
    pub(crate) fn undo(&mut self, cands: &mut [DigitSet], mark: usize) {
        for (cell, set) in self.trail.drain(mark..).rev() {
            cands[cell as usize] = set;
        }
    }

    /// Applies naked singles, hidden singles and locked candidates until nothing changes.
    /// False on a contradiction (a cell without candidates, a digit without a place in a
    /// house, two digits needing one cell); the pending work is then forgotten.
    pub(crate) fn propagate(&mut self, layout: &Layout, cands: &mut [DigitSet]) -> bool {
        let ok = self.reach_fixed_point(layout, cands);
        if !ok {
            self.reset();
        }
        ok
    }

    fn reach_fixed_point(&mut self, layout: &Layout, cands: &mut [DigitSet]) -> bool {
        let all = layout.shape.all_digits();
        // Hidden singles and locked candidates need every digit in every house: with more
        // digits than a house has cells, only naked singles are sound.
        let exact = layout.shape.is_exact();
        loop {
            if let Some(cell) = self.queue.pop() {
                let digit = cands[cell as usize];
                for &peer in layout.peers(cell as usize) {
                    if !self.remove(layout, cands, peer as usize, digit) {
                        return false;
                    }
                }
                continue;
            }
            if let Some(h) = take_first(&mut self.dirty) {
                if !exact {
                    continue;
                }
                let house = layout.house(h);
                let (once, twice) = seen_once_and_twice(house, cands);
                if once != all {
                    return false;
                }
                let hidden = once & !twice;
                if hidden.is_empty() {
                    continue;
                }
                for &cell in house {
                    let set = cands[cell as usize];
                    let mine = set & hidden;
                    if !mine.is_empty() && set.len() > 1 {
                        if mine.len() > 1 {
                            return false;
                        }
                        if !self.remove(layout, cands, cell as usize, set & !mine) {
                            return false;
                        }
                    }
                }
                continue;
            }
            if !exact {
                self.locked.fill(0);
            } else if !self.locked_candidates(layout, cands) {
                return false;
            }
            if self.queue.is_empty() && self.dirty.iter().all(|&w| w == 0) {
                return true;
            }
        }
    }

    /// One pass of locked candidates over the intersections of the houses that changed
    /// since the last pass.
    fn locked_candidates(&mut self, layout: &Layout, cands: &mut [DigitSet]) -> bool {
        let mut pass = std::mem::take(&mut self.pass);
        pass.copy_from_slice(&self.locked);
        self.locked.fill(0);
        let mut ok = true;
        'pass: while let Some(h) = take_first(&mut pass) {
            for &i in layout.intersections_of(h) {
                if !self.lock(layout, cands, i as usize) {
                    ok = false;
                    break 'pass;
                }
            }
        }
        self.pass = pass;
        ok
    }

    /// Locked candidates in intersection `i`: digits one house holds only in the shared
    /// cells leave the rest of the other house, and the other way round.
    #[inline]
    fn lock(&mut self, layout: &Layout, cands: &mut [DigitSet], i: usize) -> bool {
        for (digits, others) in locked(layout, cands, i) {
            if digits.is_empty() {
                continue;
            }
            for &cell in others {
                if !self.remove(layout, cands, cell as usize, digits) {
                    return false;
                }
            }
        }
        true
    }
}

/// Removes and returns the lowest member of a bitset of house indices.
#[inline]
fn take_first(set: &mut [u64]) -> Option<usize> {
    for (i, word) in set.iter_mut().enumerate() {
        if *word != 0 {
            let bit = word.trailing_zeros() as usize;
            *word &= *word - 1;
            return Some(i * 64 + bit);
        }
    }
    None
}

/// The digits that are candidates in at least one cell of `house`, and in at least two,
/// by bit operations.
#[inline]
pub(crate) fn seen_once_and_twice(house: &[u32], cands: &[DigitSet]) -> (DigitSet, DigitSet) {
    let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
    for &cell in house {
        let set = cands[cell as usize];
        twice = twice | (once & set);
        once = once | set;
    }
    (once, twice)
}

/// Locked candidates in the layout's intersection `i` of two houses (a box and a line, a
/// diagonal and a box, a jigsaw region and a line …): the digits that the first holds only
/// in the shared cells, with the rest of the second (which loses them), and the other way
/// round.
#[inline]
pub(crate) fn locked<'a>(
    layout: &'a Layout,
    cands: &[DigitSet],
    i: usize,
) -> [(DigitSet, &'a [u32]); 2] {
    let (shared, rest_of_first, rest_of_second) = layout.intersection(i);
    let inside = union(shared, cands);
    let in_first = union(rest_of_first, cands);
    let in_second = union(rest_of_second, cands);
    [
        (inside & !in_first & in_second, rest_of_second),
        (inside & !in_second & in_first, rest_of_first),
    ]
}

/// The candidates of `cells` together.
#[inline]
fn union(cells: &[u32], cands: &[DigitSet]) -> DigitSet {
    cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, &c| acc | cands[c as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};

    /// The bundled classic puzzles with their solutions.
    fn examples() -> Vec<(Puzzle, Grid)> {
        let puzzles = include_str!("../../puzzles/examples.txt")
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty());
        let solutions = include_str!("../../puzzles/examples.solutions.txt").lines();
        puzzles
            .zip(solutions)
            .map(|(puzzle, solution)| {
                let grid: Grid = puzzle[..81].parse().unwrap();
                (Puzzle::standard(grid).unwrap(), solution.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn probing_keeps_every_digit_of_the_solution() {
        for (puzzle, solution) in examples() {
            let layout = Layout::new(puzzle.rules());
            let cands = propagated(&layout, &puzzle).expect("a solution");
            for (i, cell) in Shape::NINE.cells().enumerate() {
                let digit = solution.get(cell).unwrap();
                assert!(cands.sets()[i].contains(digit), "{puzzle}: {cell:?}");
            }
        }
    }

    #[test]
    fn a_contradiction_is_none_on_either_path() {
        // r1c1–r1c8 hold 1–8 and r2c9 a 9: r1c9 has no digit left.
        let grid: Grid = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))
            .parse()
            .unwrap();
        let nine = Puzzle::standard(grid).unwrap();
        assert_eq!(propagated(&Layout::new(nine.rules()), &nine), None);
        // 4×4, without bitboards: row 1 needs its 3 in box 2, which holds one at r2c3.
        let four = Puzzle::standard("12....3.........".parse::<Grid>().unwrap()).unwrap();
        assert_eq!(propagated(&Layout::new(four.rules()), &four), None);
        let open = Puzzle::standard("1...............".parse::<Grid>().unwrap()).unwrap();
        let cands = propagated(&Layout::new(open.rules()), &open).unwrap();
        assert_eq!(cands.sets()[1].len(), 3);
    }
}
