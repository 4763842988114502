//! Difficulty rating: the hardest human technique a logical solver needs, with search effort.

use std::time::{Duration, Instant};

use crate::grid::Layout;
use crate::grid::{DigitSet, Grid, Puzzle};
use crate::logic::{Candidates, locked, seen_once_and_twice};
use crate::solvers::{PropagateSolver, Solver};

/// How hard a puzzle is for a person, by the hardest technique it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Singles only: naked and hidden singles solve it.
    Easy,
    /// Also locked candidates (pointing and claiming) and naked or hidden pairs.
    Medium,
    /// Also naked or hidden triples, X-wings and swordfish.
    Hard,
    /// None of these suffice: it needs guessing (or harder chains).
    Expert,
}

crate::named::named_enum!(Difficulty, "difficulty", {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
    Expert => "expert",
});

/// The techniques of the logical solver, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A digit that a box holds only where it meets a row, column or diagonal leaves the
    /// rest of that line (pointing), or the other way round (claiming).
    LockedCandidates,
    /// Two cells of a house with the same two candidates: the rest of the house loses them.
    NakedPair,
    /// Two digits with the same two places in a house: those cells lose other candidates.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a house.
    HiddenTriple,
    /// A digit whose places in two rows lie in the same two columns (or the other way
    /// round): the rest of those columns lose it.
    XWing,
    /// The same with three rows and three columns.
    Swordfish,
    /// None of the above makes progress: the search has to guess.
    Guess,
}

crate::named::named_enum!(Technique, "technique", {
    NakedSingle => "naked_single",
    HiddenSingle => "hidden_single",
    LockedCandidates => "locked_candidates",
    NakedPair => "naked_pair",
    HiddenPair => "hidden_pair",
    NakedTriple => "naked_triple",
    HiddenTriple => "hidden_triple",
    XWing => "x_wing",
    Swordfish => "swordfish",
    Guess => "guess",
});

impl Technique {
    /// The difficulty a puzzle that needs this technique has.
    pub fn difficulty(self) -> Difficulty {
        match self {
            Technique::NakedSingle | Technique::HiddenSingle => Difficulty::Easy,
            Technique::LockedCandidates | Technique::NakedPair | Technique::HiddenPair => {
                Difficulty::Medium
            }
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::XWing
            | Technique::Swordfish => Difficulty::Hard,
            Technique::Guess => Difficulty::Expert,
        }
    }
}

/// How long the rating lets the backtracker count its guesses.
pub const GUESS_BUDGET: Duration = Duration::from_secs(1);

/// A puzzle's rating.
///
/// It prints as `satdoku rate` prints it:
///
/// ```
/// use satdoku::{rate::rate, Grid, Puzzle};
/// let puzzle = Puzzle::standard("1.3..4.1.1.4.3..".parse::<Grid>()?)?;
/// assert!(rate(&puzzle).to_string().starts_with("easy "));
/// assert!(rate(&puzzle).to_string().ends_with(" guesses"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The difficulty: that of the hardest technique needed.
    pub difficulty: Difficulty,
    /// The hardest technique the logical solver needed.
    pub hardest: Technique,
    /// The grid as far as the logical solver filled it (complete unless it needed guessing).
    pub logic: Grid,
    /// Technique applications that made progress (the length of the logical solution).
    pub steps: usize,
    /// Guesses the `propagate` backtracker makes to solve the puzzle and prove it unique:
    /// the search effort, for telling apart puzzles of one difficulty. `None` when that
    /// search took longer than [`GUESS_BUDGET`] (big grids).
    pub guesses: Option<u64>,
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} {} steps ",
            self.difficulty, self.hardest, self.steps
        )?;
        match self.guesses {
            Some(guesses) => write!(f, "{guesses} guesses"),
            None => f.write_str("many guesses"),
        }
    }
}

/// Rates `puzzle`: a logical solver applies the easiest technique that makes progress,
/// again and again, and the hardest one it needed gives the difficulty; when none makes
/// progress before the grid is full, the puzzle needs guessing (`expert`). Meant for
/// puzzles with one solution (on others, the rating says how far logic gets).
///
/// ```
/// use satdoku::rate::{rate, Difficulty};
/// use satdoku::{Grid, Puzzle};
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()?;
/// let rating = rate(&Puzzle::standard(grid)?);
/// assert_eq!(rating.difficulty, Difficulty::Easy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate(puzzle: &Puzzle) -> Rating {
    let layout = Layout::new(puzzle.rules());
    let mut logic = Logic::new(&layout, puzzle);
    let mut hardest = Technique::NakedSingle;
    let mut steps = 0;
    while !logic.is_full() {
        let Some(technique) = logic.step() else {
            hardest = Technique::Guess;
            break;
        };
        hardest = hardest.max(technique);
        steps += 1;
    }
    let outcome = PropagateSolver::default().run(puzzle, 2, Some(Instant::now() + GUESS_BUDGET));
    let guesses = outcome.effort.filter(|_| !outcome.timed_out);
    Rating {
        difficulty: hardest.difficulty(),
        hardest,
        logic: logic.grid(),
        steps,
        guesses,
    }
}

/// A technique's step on candidates over a layout living `'a`: whether it made progress.
type Apply<'a> = fn(&mut Logic<'a>) -> bool;

/// Candidates and the techniques that narrow them.
struct Logic<'a> {
    layout: &'a Layout,
    cands: Vec<DigitSet>,
    /// Whether each cell's digit has been removed from its peers.
    placed: Vec<bool>,
    /// Whether a contradiction showed up (the puzzle has no solution).
    broken: bool,
}

impl<'a> Logic<'a> {
    fn new(layout: &'a Layout, puzzle: &Puzzle) -> Logic<'a> {
        let shape = layout.shape;
        let cands = Candidates::of_grid(puzzle.grid()).into_sets();
        let mut logic = Logic {
            layout,
            cands,
            placed: vec![false; shape.cell_count()],
            broken: false,
        };
        // The givens are not a technique: place them before counting.
        for (cell, digit) in puzzle.grid().givens() {
            let i = shape.index(cell);
            logic.placed[i] = true;
            for &peer in layout.peers(i) {
                logic.remove(peer as usize, DigitSet::single(digit));
            }
        }
        logic
    }

    fn is_full(&self) -> bool {
        self.broken || self.placed.iter().all(|&p| p)
    }

    /// The cells with one candidate left, filled in.
    fn grid(&self) -> Grid {
        Candidates::decided_grid(self.layout.shape, &self.cands)
    }

    /// Removes `digits` from `cell`; whether anything changed.
    fn remove(&mut self, cell: usize, digits: DigitSet) -> bool {
        let set = self.cands[cell];
        if (set & digits).is_empty() {
            return false;
        }
        self.cands[cell] = set & !digits;
        if self.cands[cell].is_empty() {
            self.broken = true;
        }
        true
    }

    /// Applies the easiest technique that makes progress, and says which.
    fn step(&mut self) -> Option<Technique> {
        let techniques: [(Technique, Apply<'a>); 9] = [
            (Technique::NakedSingle, Self::naked_single),
            (Technique::HiddenSingle, Self::hidden_single),
            (Technique::LockedCandidates, Self::locked_candidates),
            (Technique::NakedPair, |l| l.naked_subset(2)),
            (Technique::HiddenPair, |l| l.hidden_subset(2)),
            (Technique::NakedTriple, |l| l.naked_subset(3)),
            (Technique::HiddenTriple, |l| l.hidden_subset(3)),
            (Technique::XWing, |l| l.fish(2)),
            (Technique::Swordfish, |l| l.fish(3)),
        ];
        techniques
            .into_iter()
            .find(|(_, apply)| apply(self))
            .map(|(technique, _)| technique)
    }

    /// Places one cell with a single candidate: its digit leaves the peers.
    fn naked_single(&mut self) -> bool {
        let Some(cell) =
            (0..self.cands.len()).find(|&c| !self.placed[c] && self.cands[c].len() == 1)
        else {
            return false;
        };
        self.placed[cell] = true;
        let digit = self.cands[cell];
        for &peer in self.layout.peers(cell) {
            self.remove(peer as usize, digit);
        }
        true
    }

    /// Fills one cell that is the only place of a digit in a house.
    fn hidden_single(&mut self) -> bool {
        for house in self.layout.houses() {
            let (once, twice) = seen_once_and_twice(house, &self.cands);
            for &cell in house {
                let set = self.cands[cell as usize];
                let mine = set & once & !twice;
                if mine.len() == 1 && set.len() > 1 {
                    return self.remove(cell as usize, set & !mine);
                }
            }
        }
        false
    }

    /// One elimination by locked candidates.
    fn locked_candidates(&mut self) -> bool {
        for h in 0..self.layout.house_count() {
            for &i in self.layout.intersections_of(h) {
                for (digits, others) in locked(self.layout, &self.cands, i as usize) {
                    let mut changed = false;
                    for &cell in others {
                        changed |= self.remove(cell as usize, digits);
                    }
                    if changed {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The open cells of a house: those with more than one candidate.
    fn open_cells(&self, house: &[u32]) -> Vec<usize> {
        house
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.cands[c].len() > 1)
            .collect()
    }

    /// One elimination by a naked subset of `k` cells in a house.
    fn naked_subset(&mut self, k: usize) -> bool {
        for h in 0..self.layout.house_count() {
            let open = self.open_cells(self.layout.house(h));
            for subset in combinations(&open, k) {
                let union = subset
                    .iter()
                    .fold(DigitSet::EMPTY, |acc, &c| acc | self.cands[c]);
                if union.len() != k {
                    continue;
                }
                let mut changed = false;
                for &cell in &open {
                    if !subset.contains(&cell) {
                        changed |= self.remove(cell, union);
                    }
                }
                if changed {
                    return true;
                }
            }
        }
        false
    }

    /// One elimination by a hidden subset of `k` digits in a house.
    fn hidden_subset(&mut self, k: usize) -> bool {
        for h in 0..self.layout.house_count() {
            let open = self.open_cells(self.layout.house(h));
            let open_digits: Vec<DigitSet> = open
                .iter()
                .fold(DigitSet::EMPTY, |acc, &c| acc | self.cands[c])
                .iter()
                .map(DigitSet::single)
                .collect();
            for subset in combinations(&open_digits, k) {
                let digits = subset.iter().fold(DigitSet::EMPTY, |acc, &d| acc | d);
                let places: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| !(self.cands[c] & digits).is_empty())
                    .collect();
                if places.len() != k {
                    continue;
                }
                let mut changed = false;
                for cell in places {
                    changed |= self.remove(cell, !digits);
                }
                if changed {
                    return true;
                }
            }
        }
        false
    }

    /// One elimination by a fish of size `k` (X-wing for 2, swordfish for 3), with rows
    /// as the base and columns as the cover, then the other way round.
    fn fish(&mut self, k: usize) -> bool {
        let size = self.layout.shape.size();
        // Houses 0..N are the rows, N..2N the columns.
        for (base, cover) in [(0, size), (size, 0)] {
            for digit in self.layout.shape.digits() {
                let bit = DigitSet::single(digit);
                // For each base line, the positions (0..N along it) of the digit.
                let lines: Vec<(usize, Vec<usize>)> = (0..size)
                    .map(|line| {
                        let house = self.layout.house(base + line);
                        let spots = (0..size)
                            .filter(|&i| {
                                let c = house[i] as usize;
                                self.cands[c].len() > 1 && !(self.cands[c] & bit).is_empty()
                            })
                            .collect::<Vec<_>>();
                        (line, spots)
                    })
                    .filter(|(_, spots)| (2..=k).contains(&spots.len()))
                    .collect();
                for subset in combinations(&lines, k) {
                    let mut spots: Vec<usize> =
                        subset.iter().flat_map(|(_, s)| s.iter().copied()).collect();
                    spots.sort_unstable();
                    spots.dedup();
                    if spots.len() != k {
                        continue;
                    }
                    let mut changed = false;
                    for &spot in &spots {
                        let cover_house = self.layout.house(cover + spot);
                        for (line, &cell) in cover_house.iter().enumerate() {
                            if !subset.iter().any(|(l, _)| *l == line) {
                                changed |= self.remove(cell as usize, bit);
                            }
                        }
                    }
                    if changed {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Every `k`-element subset of `items`, in lexicographic order of positions.
fn combinations<T: Clone>(items: &[T], k: usize) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go<T: Clone>(items: &[T], k: usize, from: usize, pick: &mut Vec<T>, out: &mut Vec<Vec<T>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in from..items.len() {
            if items.len() - i < k - pick.len() {
                break;
            }
            pick.push(items[i].clone());
            go(items, k, i + 1, pick, out);
            pick.pop();
        }
    }
    go(items, k, 0, &mut pick, &mut out);
    out
}
