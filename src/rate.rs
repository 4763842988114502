//! Difficulty rating: the hardest human technique a logical solver needs, with search effort.

use std::time::{Duration, Instant};

use crate::grid::Grid;

pub use crate::logic::{Difficulty, Technique};
use crate::logic::{End, PATH_WORK, Path, explain_within};
use crate::rules::{Layout, Puzzle};
use crate::solvers::{PropagateSolver, Solver};

/// How long the rating lets the backtracker count its guesses.
pub const GUESS_BUDGET: Duration = Duration::from_secs(1);

/// A puzzle's rating.
///
/// It prints as `satdoku rate` prints it:
///
/// ```
/// use satdoku::{rate::rate, Grid, Puzzle};
/// let puzzle = Puzzle::standard("14........1.3...".parse::<Grid>()?)?;
/// assert!(rate(&puzzle).to_string().starts_with("easy hidden_single 12 steps "));
/// assert!(rate(&puzzle).to_string().ends_with(" guesses"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The difficulty: the highest of the path's techniques' ([`Technique::difficulty`]).
    pub difficulty: Difficulty,
    /// The technique of the heaviest step (of those that weigh the most, the latest on the
    /// ladder): the one the rating's number is the weight of.
    pub hardest: Technique,
    /// The grid as far as the logical solver filled it (complete unless it needed guessing).
    pub logic: Grid,
    /// Technique applications that made progress (the length of the logical solution).
    pub steps: usize,
    /// The rating on the SE scale, in tenths: the weight of the heaviest step (the scale is
    /// tabled in [`Technique`]'s documentation); 100 (10.0) when logic stops.
    pub weight: u8,
    /// Guesses the `propagate` backtracker makes to solve the puzzle and prove it unique:
    /// the search effort, for telling apart puzzles of one difficulty. `None` when that
    /// search took longer than [`GUESS_BUDGET`] (big grids).
    pub guesses: Option<u64>,
}

impl Rating {
    /// The rating on the SE scale, modelled on Sudoku Explainer's: the weight of the
    /// heaviest step of the logical path ([`Technique::weight`]; the techniques are those of
    /// [`crate::logic::LADDER`]), from 1.2 for a hidden single up to 10.0 beyond logic. The
    /// scale is tabled in [`Technique`]'s documentation, made from the table of techniques.
    pub fn se(&self) -> f64 {
        f64::from(self.weight) / 10.0
    }
}

/// A band of ratings on the SE scale ([`Rating::se`]), both ends included: what
/// `generate --rating 2.5-4` asks for.
///
/// ```
/// use satdoku::rate::SeBand;
/// let band: SeBand = "2.5-4".parse()?;
/// assert!(band.contains(2.5) && band.contains(4.0) && !band.contains(4.1));
/// assert!("7.2".parse::<SeBand>()?.contains(7.2));
/// assert!("4-2.5".parse::<SeBand>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeBand {
    /// The lowest rating, in tenths.
    low: u8,
    /// The highest rating, in tenths.
    high: u8,
}

/// Why a band of SE ratings could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SeBandError(String);

impl SeBand {
    /// The lowest rating of the band, in tenths.
    pub fn low(&self) -> u8 {
        self.low
    }

    /// The highest rating of the band, in tenths.
    pub fn high(&self) -> u8 {
        self.high
    }

    /// Whether the SE rating `se` lies in the band (compared in tenths, as ratings are).
    pub fn contains(&self, se: f64) -> bool {
        let tenths = (se * 10.0).round();
        (f64::from(self.low)..=f64::from(self.high)).contains(&tenths)
    }
}

impl std::str::FromStr for SeBand {
    type Err = SeBandError;

    /// `A-B` (both ends included) or a single rating `A`, each a number from 0 to 25 with
    /// at most one decimal.
    fn from_str(text: &str) -> Result<SeBand, SeBandError> {
        let tenths = |part: &str| {
            let part = part.trim();
            let value: f64 = part
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && (0.0..=25.0).contains(v))
                .ok_or_else(|| {
                    SeBandError(format!(
                        "{part:?} is not a rating from 0 to 25 (such as 2.5)"
                    ))
                })?;
            let tenths = (value * 10.0).round();
            if (value * 10.0 - tenths).abs() > 1e-6 {
                return Err(SeBandError(format!(
                    "{part:?} has more than one decimal: SE ratings go by tenths"
                )));
            }
            Ok(tenths as u8)
        };
        let (low, high) = match text.split_once('-') {
            Some((low, high)) => (tenths(low)?, tenths(high)?),
            None => (tenths(text)?, tenths(text)?),
        };
        if low > high {
            return Err(SeBandError(format!(
                "{text:?}: the band's low end is above its high end (write A-B with A ≤ B)"
            )));
        }
        Ok(SeBand { low, high })
    }
}

impl std::fmt::Display for SeBand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |t: u8| format!("{}.{}", t / 10, t % 10);
        if self.low == self.high {
            f.write_str(&show(self.low))
        } else {
            write!(f, "{}-{}", show(self.low), show(self.high))
        }
    }
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
/// progress before the grid is full, the puzzle needs guessing (`expert`, rated as
/// [`Technique::Guess`]). For a puzzle
/// known to have one solution (as `satdoku rate` checks first and the generator makes):
/// uniqueness techniques are used. For other puzzles use [`rate_as`].
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
    rate_as(puzzle, true)
}

/// Rates `puzzle` as [`rate`] does; `unique` says whether it is known to have exactly one
/// solution (uniqueness techniques are used only then).
pub fn rate_as(puzzle: &Puzzle, unique: bool) -> Rating {
    rate_within(puzzle, unique, PATH_WORK)
}

/// Rates `puzzle` as [`rate_as`] does, its logical path's searches bounded by `work` (see
/// [`explain_within`]): a path that uses it up rates as guessing.
pub fn rate_within(puzzle: &Puzzle, unique: bool, work: u64) -> Rating {
    let layout = Layout::new(puzzle.rules());
    let path = explain_within(&layout, puzzle.grid(), unique, work);
    rate_path(puzzle, &path)
}

/// The rating of `puzzle` whose logical path is `path` (found by [`explain_within`] or
/// [`crate::logic::explain`]): for a caller that shows the path too.
pub fn rate_path(puzzle: &Puzzle, path: &Path<'_>) -> Rating {
    // The heaviest step (the later technique of the ladder among equals) names the rating,
    // so that the number and the technique printed beside it agree; the difficulty is the
    // highest any step needs.
    let heaviest = (path.steps.iter()).max_by_key(|step| (step.weight, step.technique));
    let mut hardest = heaviest.map_or(Technique::NakedSingle, |step| step.technique);
    let mut weight = heaviest.map_or(0, |step| step.weight);
    let mut difficulty = (path.steps.iter())
        .map(|step| step.technique.difficulty())
        .max()
        .unwrap_or(hardest.difficulty());
    if path.end != End::Solved {
        hardest = Technique::Guess;
        weight = Technique::Guess.weight();
        difficulty = hardest.difficulty();
    }
    let outcome = PropagateSolver::default().run(puzzle, 2, Some(Instant::now() + GUESS_BUDGET));
    let guesses = outcome.effort.filter(|_| !outcome.timed_out);
    Rating {
        difficulty,
        hardest,
        logic: path.board.grid(),
        steps: path.steps.len(),
        weight,
        guesses,
    }
}
