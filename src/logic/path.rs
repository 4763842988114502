//! The logical path: the easiest step again and again until the grid is full or logic stops.

use super::technique::metered;
use super::{Board, LADDER, Standing, Step};
use crate::grid::Grid;
use crate::rules::Layout;

/// How a logical path ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every cell is filled.
    Solved,
    /// No technique makes progress: going on needs guessing (or techniques beyond these).
    Stuck,
    /// A cell lost its last candidate (or a digit its last place in a house): the grid
    /// has no solution.
    Contradiction,
}

/// A logical path through a puzzle.
#[derive(Clone, Debug)]
pub struct Path<'a> {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ends.
    pub end: End,
    /// The board where it ends (the candidates left when it is stuck).
    pub board: Board<'a>,
}

/// The easiest step on `board`: the first technique of [`LADDER`] that finds one, within
/// [`STEP_WORK`].
pub fn next_step(board: &Board<'_>) -> Option<Step> {
    metered(STEP_WORK, || first_step(board))
}

/// The first technique of [`LADDER`] that finds a step on `board` (of those
/// [sound](super::Technique::sound_without_full_houses) there, on a grid taking more
/// digits than a house has cells while its houses may still miss some).
fn first_step(board: &Board<'_>) -> Option<Step> {
    let exact = board.houses_are_full();
    LADDER
        .iter()
        .filter(|finder| exact || finder.technique().sound_without_full_houses())
        .find_map(|technique| technique.find(board))
}

/// The work one step may take in its searches, counted in candidates reached and links
/// followed (about 15 s; the hardest step of the hardest classic 9×9 puzzles takes under a
/// third of it): a step not found within it is not found, on every machine alike.
pub const STEP_WORK: u64 = 200_000_000;

/// The work a whole path may take (about a minute, five times what the hardest classic
/// 9×9 puzzles need); a path that has used it up is stuck.
pub const PATH_WORK: u64 = 1_000_000_000;

/// The logical path from `grid` (a puzzle, or a partly filled grid) under `layout`: the
/// easiest step, again and again, until the grid is full, a contradiction shows, or no
/// technique applies. `unique`: whether the puzzle is known to have one solution (unique
/// rectangles need it).
///
/// ```
/// use satdoku::logic::{End, explain};
/// use satdoku::{Grid, Layout, Puzzle};
/// let puzzle = Puzzle::standard("14........1.3...".parse::<Grid>()?)?;
/// let layout = Layout::new(puzzle.rules());
/// let path = explain(&layout, puzzle.grid(), true);
/// assert_eq!(path.end, End::Solved);
/// assert_eq!(path.steps.len(), 12);
/// assert_eq!(path.steps[0].to_string(), "hidden_single: r2c2 is the only place for 3 in box 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain<'a>(layout: &'a Layout, grid: &Grid, unique: bool) -> Path<'a> {
    explain_within(layout, grid, unique, PATH_WORK)
}

/// The logical path of [`explain`], its searches bounded by `work` (counted as
/// [`PATH_WORK`] is) instead: once it is used up, the path is stuck.
pub fn explain_within<'a>(layout: &'a Layout, grid: &Grid, unique: bool, work: u64) -> Path<'a> {
    metered(work, || path(layout, grid, unique))
}

/// The most a logical path may take: no step heavier than `weight` (in tenths of the SE
/// scale) and none of a technique harder than `difficulty`. What `generate` keeps a puzzle
/// under while it takes givens away, so that the puzzle stays in a band of difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ceiling {
    /// The heaviest step allowed, in tenths (see [`Technique::weight`](super::Technique::weight)).
    pub weight: u8,
    /// The hardest technique's difficulty allowed.
    pub difficulty: super::Difficulty,
}

impl Ceiling {
    /// Whether `step` lies under the ceiling.
    pub fn allows(&self, step: &Step) -> bool {
        step.weight <= self.weight && step.technique.difficulty() <= self.difficulty
    }
}

/// Whether logic fills `grid` with steps under `ceiling` only (the easiest step found among
/// the techniques under it, again and again), within `work` (counted as [`PATH_WORK`] is).
/// No uniqueness step is taken, so a grid it fills has exactly one solution.
///
/// ```
/// use satdoku::logic::{Ceiling, solves_under};
/// use satdoku::rate::Difficulty;
/// use satdoku::{Grid, Layout, Puzzle};
/// let puzzle = Puzzle::standard("14........1.3...".parse::<Grid>()?)?;
/// let layout = Layout::new(puzzle.rules());
/// let singles = Ceiling { weight: 23, difficulty: Difficulty::Easy };
/// assert!(solves_under(&layout, puzzle.grid(), singles, satdoku::logic::PATH_WORK));
/// let nothing = Ceiling { weight: 10, difficulty: Difficulty::Easy };
/// assert!(!solves_under(&layout, puzzle.grid(), nothing, satdoku::logic::PATH_WORK));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solves_under(layout: &Layout, grid: &Grid, ceiling: Ceiling, work: u64) -> bool {
    metered(work, || {
        let mut board = Board::new(layout, grid, false);
        let exact = board.houses_are_full();
        loop {
            match board.standing() {
                Standing::Solved => return true,
                Standing::Contradiction => return false,
                Standing::Open => {}
            }
            // The ladder's weights never fall along it: past the ceiling's, nothing is left.
            let step = (LADDER.iter())
                .take_while(|finder| finder.technique().weight() <= ceiling.weight)
                .filter(|finder| ceiling.difficulty >= finder.technique().difficulty())
                .filter(|finder| exact || finder.technique().sound_without_full_houses())
                .find_map(|finder| finder.find(&board).filter(|step| ceiling.allows(step)));
            let Some(step) = step else {
                return false;
            };
            board.apply(&step);
        }
    })
}

/// The path of [`explain`], within the work its caller allows.
fn path<'a>(layout: &'a Layout, grid: &Grid, unique: bool) -> Path<'a> {
    let mut board = Board::new(layout, grid, unique);
    let mut steps = Vec::new();
    let end = loop {
        match board.standing() {
            Standing::Solved => break End::Solved,
            Standing::Contradiction => break End::Contradiction,
            Standing::Open => {}
        }
        let Some(step) = first_step(&board) else {
            break End::Stuck;
        };
        board.apply(&step);
        steps.push(step);
        super::progress::stepped(steps.len());
    };
    Path { steps, end, board }
}
