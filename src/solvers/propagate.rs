//! Constraint propagation and search: naked and hidden singles, fewest candidates first.

use std::time::Instant;

use super::progress::Progress;
use super::solver::{Outcome, Solver};
use crate::grid::{DigitSet, Grid, Puzzle};
use crate::grid::{Layout, layout_for};

/// The approach of Norvig's essay, made fast: every cell keeps a bitset of candidate
/// digits; naked singles (a cell with one candidate), hidden singles (a digit with one place
/// left in a house) and locked candidates (a digit that a box and a row, column or diagonal
/// can only hold in their shared cells leaves the rest of the other house) are applied to a
/// fixed point; then the search branches on a cell with the fewest candidates.
///
/// The candidate arrays of all search levels live in one buffer kept between puzzles: a
/// branch copies its level's array into the next one, so the search loop allocates nothing.
/// Only houses that lost a candidate are looked at again for hidden singles.
///
/// Its effort is the number of guesses (branches taken).
///
/// ```
/// use satdoku::{Grid, PropagateSolver, Puzzle, Solver};
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
///     .parse()?;
/// let puzzle = Puzzle::standard(grid)?;
/// let solution = PropagateSolver::default().solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct PropagateSolver {
    layout: Option<Layout>,
    /// Candidate arrays, one per search level, back to back.
    levels: Vec<DigitSet>,
    work: Work,
}

/// What propagation still has to look at.
#[derive(Debug, Default)]
struct Work {
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
}

impl Solver for PropagateSolver {
    fn name(&self) -> &'static str {
        "propagate"
    }

    fn effort_unit(&self) -> &'static str {
        "guesses"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        let layout = layout_for(&mut self.layout, puzzle);
        let cells = layout.shape.cell_count();
        if self.levels.len() < cells {
            self.levels.resize(cells, DigitSet::EMPTY);
        }
        let work = &mut self.work;
        work.start(layout, puzzle, &mut self.levels[..cells]);
        let mut search = Search {
            layout,
            cells,
            levels: &mut self.levels,
            work,
            progress: Progress::new(limit, deadline),
        };
        search.go(0);
        search.progress.finish()
    }
}

struct Search<'a> {
    layout: &'a Layout,
    cells: usize,
    levels: &'a mut Vec<DigitSet>,
    work: &'a mut Work,
    progress: Progress,
}

/// The candidates that naked and hidden singles and locked candidates leave from the givens
/// of `puzzle` (whose layout is `layout`); `None` when they run into a contradiction (the
/// puzzle has no solution).
pub(crate) fn candidates(layout: &Layout, puzzle: &Puzzle) -> Option<Vec<DigitSet>> {
    let mut cands = vec![DigitSet::EMPTY; layout.shape.cell_count()];
    let mut work = Work::default();
    work.start(layout, puzzle, &mut cands);
    work.propagate(layout, &mut cands).then_some(cands)
}

impl Work {
    /// Sets `cands` to the givens of `puzzle` (every digit for a blank cell), with all of
    /// them to propagate.
    fn start(&mut self, layout: &Layout, puzzle: &Puzzle, cands: &mut [DigitSet]) {
        self.queue.clear();
        let words = layout.house_count().div_ceil(64);
        for set in [&mut self.dirty, &mut self.locked, &mut self.pass] {
            set.clear();
            set.resize(words, 0);
        }
        for h in 0..layout.house_count() {
            self.mark(h as u32);
        }
        let all = layout.shape.all_digits();
        for (i, cell) in layout.shape.cells().enumerate() {
            cands[i] = match puzzle.grid().get(cell) {
                Some(digit) => {
                    self.queue.push(i as u32);
                    DigitSet::single(digit)
                }
                None => all,
            };
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
    fn reset(&mut self) {
        self.queue.clear();
        self.dirty.fill(0);
        self.locked.fill(0);
    }

    /// Removes `digits` from the candidates of `cell`: false if none are left. A cell left
    /// with one is queued; its houses are marked.
    #[inline(always)]
    fn remove(
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

    /// Applies naked singles, hidden singles and locked candidates until nothing changes.
    /// False on a contradiction (a cell without candidates, a digit without a place in a
    /// house, two digits needing one cell); the pending work is then forgotten.
    fn propagate(&mut self, layout: &Layout, cands: &mut [DigitSet]) -> bool {
        let ok = self.reach_fixed_point(layout, cands);
        if !ok {
            self.reset();
        }
        ok
    }

    fn reach_fixed_point(&mut self, layout: &Layout, cands: &mut [DigitSet]) -> bool {
        let all = layout.shape.all_digits();
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
            if !self.locked_candidates(layout, cands) {
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

impl Search<'_> {
    /// Searches from the candidates of level `depth`, with its pending work.
    fn go(&mut self, depth: usize) {
        let (start, cells) = (depth * self.cells, self.cells);
        if !self
            .work
            .propagate(self.layout, &mut self.levels[start..start + cells])
        {
            return;
        }
        // The cell with the fewest candidates, two being the fewest possible.
        let cands = &self.levels[start..start + cells];
        let mut branch = None;
        let mut fewest = usize::MAX;
        for (i, set) in cands.iter().enumerate() {
            let len = set.len();
            if len > 1 && len < fewest {
                (branch, fewest) = (Some(i), len);
                if len == 2 {
                    break;
                }
            }
        }
        let Some(cell) = branch else {
            let shape = self.layout.shape;
            self.progress.solution(|| {
                let mut grid = Grid::empty(shape);
                for (cell, set) in shape.cells().zip(cands) {
                    grid.set(cell, set.only());
                }
                grid
            });
            return;
        };
        let next = start + cells;
        if self.levels.len() < next + cells {
            self.levels.resize(next + cells, DigitSet::EMPTY);
        }
        let options = self.levels[start + cell];
        for digit in options.iter() {
            if !self.progress.step() {
                return;
            }
            self.levels.copy_within(start..next, next);
            let level = &mut self.levels[next..next + cells];
            // Cannot fail: the cell keeps `digit`.
            self.work
                .remove(self.layout, level, cell, options & !DigitSet::single(digit));
            self.go(depth + 1);
        }
    }
}
