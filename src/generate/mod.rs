//! Puzzle generation: a random solution, givens removed while the solution stays unique.

mod symmetry;

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use varisat::Lit;

pub use symmetry::Symmetry;

use crate::encode::EncodingKind;
use crate::logic;
use crate::rules::Layout;
use std::sync::Arc;

use crate::grid::{Cell, Digit, DigitSet, Grid, Shape};

use crate::rate::{Difficulty, Rating, SeBand, rate_within};
use crate::rules::{Puzzle, Rules};
use crate::solvers::{
    BitboardSolver, GivensAs, Outcome, PropagateSolver, SatSearch, SatSolver, Solver,
    ran_out_of_budget,
};

/// The work the rating of each candidate puzzle may take (a hundredth of a path's, under a
/// second): generating tries many, and a 16×16 whose logic runs deep would
/// otherwise take a minute to rate. A puzzle that uses it up rates as guessing, which is
/// `expert` as the forcing chains it needed would be.
pub const RATING_WORK: u64 = crate::logic::PATH_WORK / 100;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Options {
    /// The grid's shape (the rules').
    pub shape: Shape,
    /// The rules.
    pub rules: Arc<Rules>,
    /// Exactly this many givens; `None`: remove givens until none can go.
    pub givens: Option<usize>,
    /// The symmetry of the givens' pattern.
    pub symmetry: Symmetry,
    /// With `givens`, also insist that no given (no orbit of givens, under a symmetry) can
    /// be removed. Without `givens`, puzzles are always minimal in that sense.
    pub minimal: bool,
    /// Only puzzles of this difficulty.
    pub difficulty: Option<Difficulty>,
    /// Only puzzles whose SE rating ([`Rating::se`]) lies in this band.
    pub rating: Option<SeBand>,
    /// Givens every puzzle keeps (a layout's: cages, lines … in the rules and a few digits
    /// here): the solution grid is drawn among those that hold them, and only the givens
    /// added are removed. Its shape is the rules'.
    pub keep: Option<Grid>,
    /// Give up after this instant.
    pub deadline: Option<Instant>,
}

impl Options {
    /// The orbits of the symmetry among the cells a layout's givens leave open (every cell
    /// without a layout): what removal blanks, a whole orbit at a time.
    fn open_orbits(&self) -> Vec<Vec<Cell>> {
        (self.symmetry.orbits(self.shape).into_iter())
            .map(|orbit| {
                (orbit.into_iter())
                    .filter(|&cell| self.keep.as_ref().is_none_or(|k| k.get(cell).is_none()))
                    .collect::<Vec<Cell>>()
            })
            .filter(|orbit| !orbit.is_empty())
            .collect()
    }

    /// The most the logical path may take for the difficulty or rating asked for, when they
    /// rule out guessing: removal then takes a given away only while logic under it still
    /// solves the puzzle, so that a puzzle of an easy band is not made hard and thrown away.
    fn ceiling(&self) -> Option<logic::Ceiling> {
        let ceiling = logic::Ceiling {
            weight: self.rating.map_or(u8::MAX, |band| band.high()),
            difficulty: self.difficulty.unwrap_or(Difficulty::Expert),
        };
        let guessing = crate::logic::Technique::Guess;
        let anything =
            ceiling.weight >= guessing.weight() && ceiling.difficulty >= guessing.difficulty();
        (!anything).then_some(ceiling)
    }

    /// Whether the first attempt removes under the ceiling: unless the band reaches the
    /// expert techniques' weights, which free removal reaches most often (a third of
    /// minimal classic 9×9 puzzles, nearly all minimal variant ones) and more cheaply.
    fn starts_guided(&self) -> bool {
        let lightest_expert = (logic::Technique::ALL.iter())
            .filter(|t| t.difficulty() == Difficulty::Expert)
            .map(|t| t.weight())
            .min()
            .unwrap_or(u8::MAX);
        self.rating.is_none_or(|band| band.high() < lightest_expert)
    }

    /// Puzzles under `rules`: no symmetry, minimal, any difficulty, no deadline.
    pub fn new(rules: impl Into<Arc<Rules>>) -> Options {
        let rules = rules.into();
        Options {
            shape: rules.shape(),
            rules,
            givens: None,
            symmetry: Symmetry::None,
            minimal: false,
            difficulty: None,
            rating: None,
            keep: None,
            deadline: None,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: its solution is unique (checked by a second solver).
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Grid,
    /// The seed that generates it again (with the same options).
    pub seed: u64,
    /// Its rating.
    pub rating: Rating,
    /// Solution grids tried before this one was accepted (1 when the first one was).
    pub attempts: u32,
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The options cannot all hold, whatever the grid.
    #[error("{0}")]
    Impossible(String),
    /// The deadline passed before a puzzle met the options.
    #[error(
        "no puzzle met the options in time ({attempts} grid{} tried{})",
        if *attempts == 1 { "" } else { "s" },
        closest.map_or(String::new(), |k| format!(", fewest givens reached {k}"))
    )]
    Timeout {
        /// Solution grids tried.
        attempts: u32,
        /// The fewest givens a unique puzzle reached, when a number of givens was asked.
        closest: Option<usize>,
    },
}

/// The seeds of a batch that starts from `seed`: `seed` itself, then each next one mixed
/// from the one before (SplitMix64), so that the k-th puzzle of a batch is also the first
/// of the batch started from the k-th seed.
pub fn seeds(seed: u64) -> impl Iterator<Item = u64> {
    std::iter::successors(Some(seed), |&s| Some(splitmix64(s)))
}

/// One step of SplitMix64: a well-mixed function of `x`.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Generates one puzzle from `seed`: the same seed and options give the same puzzle on
/// every machine (ChaCha8 and deterministic solvers).
///
/// Each attempt makes a random solution grid (random digits in random cells, completed by
/// the SAT solver, digits relabelled at random), then visits the orbits of cells (under the
/// symmetry) in random order and blanks each orbit whose removal keeps the solution unique
/// — proved by one incremental SAT solver that holds the rules and a clause forbidding the
/// solution, asked under the remaining givens as assumptions. Under a difficulty or rating
/// that rules out guessing, an orbit also goes only while logic with techniques under the
/// band's top still solves the puzzle ([`logic::solves_under`]); an attempt that lands below
/// the band makes the next one remove freely, and one above it the next one keep to the
/// band again. Attempts repeat until a puzzle meets the number of givens and the difficulty
/// asked for, or the deadline passes. Under rules beyond boxes, random starts are tried as
/// assumptions of one SAT search (what it learns carries over from start to start).
/// From 25×25 on, the solution grid is completed by the `propagate` backtracker, and a
/// given goes only when propagation still solves the puzzle unless the options need SAT
/// (see `Oracle::Reduced`). The result is checked unique again by a different solver
/// (`bitboard` on classic and diagonal 9×9, `propagate` on the rest up to 16×16; beyond,
/// `propagate` within one guess a cell, then a fresh SAT solver on the extended encoding).
///
/// ```
/// use satdoku::generate::{generate, Options};
/// use satdoku::{Rules, Shape, Solver};
/// let options = Options::new(Rules::standard(Shape::NINE)?);
/// let generated = generate(&options, 7)?;
/// assert_eq!(satdoku::count_solutions(&generated.puzzle, 2).count, 1);
/// assert_eq!(generate(&options, 7)?.puzzle, generated.puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(options: &Options, seed: u64) -> Result<Generated, GenerateError> {
    check_options(options)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let layout = Layout::new(&options.rules);
    let mut sat = SatSolver::new();
    let mut attempts = 0;
    let mut closest: Option<usize> = None;
    let ceiling = options.ceiling();
    let mut guided = options.starts_guided();
    let kept = options
        .keep
        .clone()
        .unwrap_or_else(|| Grid::empty(options.shape));
    if !options.rules.is_standard() || kept.given_count() > 0 {
        // Rules beyond boxes may leave no grid at all (anti-knight on 6×6), and a layout's
        // givens none under its rules: say so at once.
        let start = Puzzle::new(kept.clone(), Arc::clone(&options.rules))
            .map_err(|e| GenerateError::Impossible(format!("the layout's givens clash: {e}")))?;
        let outcome = sat.run(&start, 1, options.deadline);
        if outcome.found == 0 && !outcome.timed_out {
            return Err(GenerateError::Impossible(if kept.given_count() > 0 {
                format!("the layout has no solution ({})", options.rules)
            } else {
                format!(
                    "no {} grid has a solution under these rules ({})",
                    options.shape, options.rules
                )
            }));
        }
    }
    loop {
        if attempts > 0 && options.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(GenerateError::Timeout { attempts, closest });
        }
        attempts += 1;
        let Some(solution) = random_solution(&mut rng, &layout, &kept, &mut sat, options.deadline)
        else {
            continue;
        };
        let under = ceiling.filter(|_| guided);
        let Some(grid) = remove_givens(&mut rng, options, under, &layout, &solution, &mut sat)
        else {
            continue;
        };
        let count = grid.given_count();
        closest = Some(closest.map_or(count, |c| c.min(count)));
        if options.givens.is_some_and(|k| k != count) {
            continue;
        }
        let puzzle =
            Puzzle::new(grid, Arc::clone(&options.rules)).expect("givens of a solution agree");
        let rating = rate_within(&puzzle, true, RATING_WORK);
        let too_easy = options.difficulty.is_some_and(|d| rating.difficulty < d)
            || (options.rating).is_some_and(|band| rating.weight < band.low());
        let too_hard = options.difficulty.is_some_and(|d| rating.difficulty > d)
            || (options.rating).is_some_and(|band| rating.weight > band.high());
        // Removal under the ceiling makes puzzles no harder than the band, often easier;
        // free removal, the hardest: each attempt takes the way the last one missed.
        if too_easy {
            guided = false;
            continue;
        }
        if too_hard {
            guided = true;
            continue;
        }
        let check = second_opinion(&puzzle, options.deadline);
        if check.timed_out {
            continue;
        }
        assert!(
            check.found == 1 && check.solutions[0] == solution,
            "a generated puzzle must be unique; the second solver disagrees (seed {seed})"
        );
        return Ok(Generated {
            puzzle,
            solution,
            seed,
            rating,
            attempts,
        });
    }
}

/// Searches for two solutions of a generated puzzle with a solver other than the
/// incremental SAT search that made it: `bitboard` up to 16×16 without constraints (its
/// bitboards on classic and diagonal 9×9, where it is the fastest; `propagate`, its
/// fallback, on the rest); beyond, and under constraints (a non-consecutive puzzle of 7
/// givens kept the backtracker past a minute), `propagate` within one guess a cell
/// (puzzles that propagation solves, as the big grids' removal makes them unless asked
/// otherwise, need none), then the SAT engine on the extended encoding, a fresh solver per
/// puzzle.
fn second_opinion(puzzle: &Puzzle, deadline: Option<Instant>) -> Outcome {
    let shape = puzzle.shape();
    if shape.size() <= 16 && puzzle.rules().constraints().is_empty() {
        return BitboardSolver::default().run(puzzle, 2, deadline);
    }
    let mut backtracker = PropagateSolver::default();
    backtracker.set_guess_limit(Some(shape.cell_count() as u64));
    let outcome = backtracker.run(puzzle, 2, deadline);
    if !ran_out_of_budget(&outcome, deadline) {
        return outcome;
    }
    SatSolver::with_kind(EncodingKind::Extended).run(puzzle, 2, deadline)
}

/// The fewest givens a unique 9×9 Sudoku can have (McGuire, Tugemann and Civario, 2012,
/// by exhaustive search).
pub const FEWEST_GIVENS_9X9: usize = 17;

/// The fewest givens a unique 4×4 Sudoku can have.
pub const FEWEST_GIVENS_4X4: usize = 4;

/// Options that no grid can meet: [`generate`] refuses them at once, and callers can ask
/// before starting a batch.
pub fn check_options(options: &Options) -> Result<(), GenerateError> {
    let cells = options.shape.cell_count();
    if options.rules.finds_regions() {
        return Err(GenerateError::Impossible(
            "the generator fills in digits, and chaos construction's regions are to be found: \
             it does not make such puzzles yet (check, solve and count answer them)"
                .to_string(),
        ));
    }
    if let Some(keep) = &options.keep
        && keep.shape() != options.shape
    {
        return Err(GenerateError::Impossible(format!(
            "the layout's grid is {}, the rules' {}",
            keep.shape(),
            options.shape
        )));
    }
    let plain_4x4 = options.shape.size() == 4
        && Rules::standard(options.shape)
            .and_then(|rules| rules.with_globals(options.rules.globals()))
            .is_ok_and(|plain| plain == *options.rules);
    // Every 4×4 puzzle is easy (below): its rating is an easy technique's weight.
    let easy_most = || {
        (logic::LADDER.iter())
            .map(|finder| finder.technique())
            .filter(|t| t.difficulty() == Difficulty::Easy)
            .map(|t| f64::from(t.weight()) / 10.0)
            .fold(0.0, f64::max)
    };
    if let Some(band) = options.rating
        && plain_4x4
        && let easy_most = easy_most()
        && !(0..=(easy_most * 10.0).round() as u8).any(|t| band.contains(f64::from(t) / 10.0))
    {
        return Err(GenerateError::Impossible(format!(
            "no 4×4 puzzle rates {band}: singles solve every 4×4 Sudoku with one solution, \
             under any of the global rules, so none rates above {easy_most:.1}"
        )));
    }
    if let Some(difficulty) = options.difficulty
        && difficulty > Difficulty::Easy
        && plain_4x4
    {
        // Every subset of the cells of every solution grid whose first row is 1 2 3 4 (the
        // rest are relabellings, which change no rating), under boxes and each combination
        // of global rules with solutions, rated within RATING_WORK: the test
        // `every_unique_4x4_puzzle_is_easy` (ignored: minutes) does it again.
        return Err(GenerateError::Impossible(format!(
            "no 4×4 puzzle is {difficulty}: singles solve every 4×4 Sudoku with one solution, \
             under any of the global rules (all rated one by one); only `easy` can be asked \
             for on 4×4"
        )));
    }
    if let Some(k) = options.givens {
        let size = options.shape.size();
        // Two digits absent from the givens could swap places in any solution.
        let (fewest, why) = if options.rules.is_standard() && size == 9 {
            (
                FEWEST_GIVENS_9X9,
                "no 9×9 Sudoku with fewer has one solution (McGuire, Tugemann and Civario, 2012)",
            )
        } else if options.rules.is_standard() && size == 4 {
            (
                FEWEST_GIVENS_4X4,
                "no 4×4 Sudoku with fewer has one solution",
            )
        } else if options.rules.constraints().is_empty() {
            (
                size - 1,
                "with fewer, two digits are missing from the givens and could swap places",
            )
        } else {
            // Constraints tell digits apart: a killer can be unique with no given at all.
            (0, "")
        };
        if k < fewest {
            return Err(GenerateError::Impossible(format!(
                "{k} givens cannot make a unique {} puzzle: it takes at least {fewest}; {why}",
                options.shape
            )));
        }
        if k > cells {
            return Err(GenerateError::Impossible(format!(
                "{k} givens do not fit a {} grid of {cells} cells",
                options.shape
            )));
        }
        let kept = options.keep.as_ref().map_or(0, Grid::given_count);
        if k < kept {
            return Err(GenerateError::Impossible(format!(
                "{k} givens are fewer than the layout's own {kept}"
            )));
        }
        let sizes: Vec<usize> = options.open_orbits().iter().map(Vec::len).collect();
        if !subset_sum_reachable(&sizes, k - kept) {
            return Err(GenerateError::Impossible(format!(
                "{k} givens cannot form a {} pattern on a {} grid (its orbits have {} cells)",
                options.symmetry,
                options.shape,
                orbit_sizes(&sizes)
            )));
        }
    }
    Ok(())
}

/// Whether some orbits together have exactly `k` cells.
fn subset_sum_reachable(sizes: &[usize], k: usize) -> bool {
    let mut reachable = vec![false; k + 1];
    reachable[0] = true;
    for &size in sizes {
        for total in (size..=k).rev() {
            reachable[total] |= reachable[total - size];
        }
    }
    reachable[k]
}

/// The distinct orbit sizes, in words: `1 or 2`.
fn orbit_sizes(sizes: &[usize]) -> String {
    let mut distinct = sizes.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let words: Vec<String> = distinct.iter().map(usize::to_string).collect();
    words.join(" or ")
}

/// A random solution grid: random digits in about a fifth of the cells (N cells under rules
/// beyond boxes and from 25×25 on), each consistent with those before it, completed by the
/// SAT solver (from 25×25 on by the `propagate` backtracker), then (where no constraint
/// tells digits apart) the digits relabelled by a random permutation. Retries when the random start has no completion within the
/// budget. `None` once `deadline` has passed.
fn random_solution(
    rng: &mut ChaCha8Rng,
    layout: &Layout,
    kept: &Grid,
    sat: &mut SatSolver,
    deadline: Option<Instant>,
) -> Option<Grid> {
    let shape = layout.shape;
    let kept_values: Vec<u8> = kept
        .digits()
        .iter()
        .map(|d| d.map_or(0, Digit::get))
        .collect();
    let mut order: Vec<usize> = (0..shape.cell_count())
        .filter(|&i| kept_values[i] == 0)
        .collect();
    // Under rules beyond boxes a fifth of the cells at random often has no completion, and
    // proving that can take long: start from N cells, and give up on a start after a
    // budget of conflicts (a count, so that a seed makes the same grid everywhere).
    let standard = layout.rules.is_standard();
    let (seeded, budget) = if standard && shape.size() < BIG_GRID {
        (shape.cell_count() / 5, None)
    } else {
        (shape.size(), Some(START_BUDGET))
    };
    let seeded = seeded.min(order.len());
    // Big grids: SAT drowns in the formula of a sparse grid, where a backtracker finds a
    // completion with little backtracking (an empty 64×64 grid: 22,318 guesses, about a
    // second); a start it cannot complete within its budget is drawn again.
    let mut backtracker = (shape.size() >= BIG_GRID).then(|| {
        let mut solver = PropagateSolver::default();
        solver.set_guess_limit(Some(START_GUESSES_PER_CELL * shape.cell_count() as u64));
        solver
    });
    let mut incremental: Option<SatSearch> = None;
    loop {
        order.shuffle(rng);
        let mut values = kept_values.clone();
        for &i in &order[..seeded] {
            let taken = layout
                .peers(i)
                .iter()
                .filter_map(|&p| Digit::new(values[p as usize]))
                .fold(DigitSet::EMPTY, |set, d| set | DigitSet::single(d));
            let free: Vec<Digit> = (shape.all_digits() & !taken).iter().collect();
            if let Some(&digit) = free.get(rng.random_range(0..free.len().max(1))) {
                values[i] = digit.get();
            }
        }
        // The start as a puzzle, for the backtracker and the plain SAT path (the
        // incremental one assumes its digits instead).
        let start = || {
            Puzzle::new(layout.grid(&values), Arc::clone(&layout.rules))
                .expect("each random digit avoids its peers' digits")
        };
        let (found, timed_out) = if let Some(backtracker) = &mut backtracker {
            let outcome = backtracker.run(&start(), 1, deadline);
            (outcome.solutions.into_iter().next(), outcome.timed_out)
        } else if let Some(budget) = budget {
            // One solver for every start, each start's digits assumed: the rules are
            // encoded once and what it learns carries over (a start of a kropki layout
            // with no completion is common). A search stopped by its budget is dropped.
            let search = incremental.get_or_insert_with(|| {
                let kept = Puzzle::new(kept.clone(), Arc::clone(&layout.rules))
                    .expect("the layout's givens were checked");
                let mut search = sat.metered_search(&kept, GivensAs::Units);
                search.set_deadline(deadline);
                search
            });
            let assumptions: Option<Vec<Lit>> = (order[..seeded].iter())
                .filter_map(|&i| Some((shape.cell_at(i)?, Digit::new(values[i])?)))
                .map(|(cell, digit)| Some(search.numbering().var(cell, digit)?.positive()))
                .collect();
            search.set_conflict_limit(Some(search.conflicts() + budget));
            let found = assumptions.and_then(|lits| search.solution_with(&lits));
            let timed_out = search.timed_out();
            if timed_out {
                incremental = None;
            }
            (found, timed_out)
        } else {
            let mut search = sat.metered_search(&start(), GivensAs::Units);
            search.set_deadline(deadline);
            (search.next_solution(), search.timed_out())
        };
        if timed_out {
            // Out of budget: another start; out of time: give up.
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            continue;
        }
        if let Some(grid) = found {
            if !layout.rules.constraints().is_empty() || kept.given_count() > 0 {
                // Constraints (and the global rules made of them: non-consecutive,
                // entropy …) tell digits apart, and a layout's givens are what they are:
                // a relabelled grid would break them.
                return Some(grid);
            }
            let mut relabel: Vec<u8> = (1..=shape.digit_count() as u8).collect();
            relabel.shuffle(rng);
            let mut solution = Grid::empty(shape);
            for (cell, digit) in grid.givens() {
                solution.set(cell, shape.digit(relabel[digit.index()] as usize));
            }
            return Some(solution);
        }
    }
}

/// Blanks orbits of `solution` in random order while the puzzle stays unique (and, with a
/// `ceiling`, while logic under it solves the puzzle);
/// stops at the number of givens asked for (or when no orbit can go). `None` when the
/// deadline passed.
fn remove_givens(
    rng: &mut ChaCha8Rng,
    options: &Options,
    ceiling: Option<logic::Ceiling>,
    layout: &Layout,
    solution: &Grid,
    sat: &mut SatSolver,
) -> Option<Grid> {
    let shape = options.shape;
    let mut oracle = Oracle::new(options, layout, solution, sat);
    let mut given = vec![true; shape.cell_count()];
    let mut count = shape.cell_count();
    let mut orbits = options.open_orbits();
    orbits.shuffle(rng);
    let target = options.givens.filter(|_| !options.minimal).unwrap_or(0);
    for orbit in &orbits {
        if count == target {
            break;
        }
        if options.deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        if count - orbit.len() < target {
            continue;
        }
        for &cell in orbit {
            given[shape.index(cell)] = false;
        }
        let under = |given: &[bool]| {
            ceiling.is_none_or(|ceiling| {
                logic::solves_under(layout, &pattern(solution, given), ceiling, RATING_WORK)
            })
        };
        if oracle.unique(&given, sat) && under(&given) {
            count -= orbit.len();
        } else {
            for &cell in orbit {
                given[shape.index(cell)] = true;
            }
        }
    }
    Some(pattern(solution, &given))
}

/// The cells of `solution` that `given` marks.
fn pattern(solution: &Grid, given: &[bool]) -> Grid {
    let shape = solution.shape();
    let mut grid = Grid::empty(shape);
    for cell in shape.cells().filter(|&c| given[shape.index(c)]) {
        grid.set(cell, solution.get(cell));
    }
    grid
}

/// Conflicts a random start of a solution grid may take under rules beyond boxes before
/// another start is drawn.
pub const START_BUDGET: u64 = 2_000;

/// The size from which a random solution grid is completed by the `propagate` backtracker
/// rather than SAT, and uniqueness checks during removal start with propagation.
pub const BIG_GRID: usize = 25;

/// Guesses per cell the backtracker may take to complete a random start of a big grid
/// before another start is drawn.
pub const START_GUESSES_PER_CELL: u64 = 8;

/// Conflicts one uniqueness check may take on big grids (25×25 and up) unless `minimal` is
/// asked for: a check that runs out keeps its givens, so the puzzle stays unique but may
/// not be minimal. Most checks need none (propagation decides them); a few near the end
/// would take seconds. A count, not a time, so that a seed gives the same puzzle on every
/// machine.
pub const CHECK_BUDGET: u64 = 300;

/// Answers "is the solution still unique with these givens?" on the SAT engine, with the
/// solution forbidden so that any model is a second solution.
enum Oracle<'a> {
    /// One incremental solver holding the rules, the givens as assumptions: learned
    /// clauses carry over from check to check. Fastest up to 16×16.
    Incremental {
        search: Box<SatSearch>,
        solution: &'a Grid,
    },
    /// From 25×25 on: first propagation (naked and hidden singles, locked candidates)
    /// from the givens, which decides most checks in a millisecond; the rest, only when
    /// the options ask for minimality, a number of givens, a difficulty or a rating, go to a fresh
    /// SAT solver on the reduced formula of the givens (assumptions over hundreds of
    /// givens are slow). Without those options, a given goes only when propagation still
    /// solves the puzzle: on 36×36, 700 of 1,296 checks were undecided by propagation and
    /// took 15 ms each in SAT for 57 more givens removed (BENCHMARKS.md).
    Reduced {
        solution: &'a Grid,
        /// The rules' layout, for propagation.
        layout: &'a Layout,
        rules: Arc<Rules>,
        /// Whether checks that propagation does not decide go to SAT (else the given
        /// stays).
        ask_sat: bool,
        /// Conflicts allowed per SAT check, unless minimality was asked for.
        budget: Option<u64>,
        /// When the generation gives up.
        deadline: Option<Instant>,
    },
}

impl<'a> Oracle<'a> {
    fn new(
        options: &Options,
        layout: &'a Layout,
        solution: &'a Grid,
        sat: &mut SatSolver,
    ) -> Oracle<'a> {
        if options.shape.size() >= BIG_GRID {
            return Oracle::Reduced {
                solution,
                layout,
                rules: Arc::clone(&options.rules),
                ask_sat: options.minimal
                    || options.givens.is_some()
                    || options.difficulty.is_some()
                    || options.rating.is_some(),
                budget: (!options.minimal).then_some(CHECK_BUDGET),
                deadline: options.deadline,
            };
        }
        let empty =
            Puzzle::new(Grid::empty(options.shape), Arc::clone(&options.rules)).expect("no givens");
        let mut search = sat.search(&empty, GivensAs::Assumptions);
        search.forbid(solution);
        Oracle::Incremental {
            search: Box::new(search),
            solution,
        }
    }

    /// Whether the cells `given` marks determine the solution.
    fn unique(&mut self, given: &[bool], sat: &mut SatSolver) -> bool {
        match self {
            Oracle::Incremental { search, solution } => {
                let shape = solution.shape();
                let assumptions: Vec<Lit> = shape
                    .cells()
                    .filter(|&c| given[shape.index(c)])
                    .map(|cell| {
                        let digit = solution.get(cell).expect("a solution fills every cell");
                        let var = search.numbering().var(cell, digit);
                        var.expect("every pair has a variable").positive()
                    })
                    .collect();
                !search.satisfiable_with(&assumptions)
            }
            Oracle::Reduced {
                solution,
                layout,
                rules,
                ask_sat,
                budget,
                deadline,
            } => {
                let puzzle = Puzzle::new(pattern(solution, given), Arc::clone(rules))
                    .expect("givens of a solution agree");
                // Naked and hidden singles and locked candidates remove only digits of no
                // solution: when they decide every cell, the solution is unique.
                let decided =
                    logic::propagated(layout, &puzzle).is_some_and(|cands| cands.all_decided());
                if decided || !*ask_sat {
                    return decided;
                }
                let mut search = sat.metered_search(&puzzle, GivensAs::Units);
                search.set_conflict_limit(*budget);
                search.set_deadline(*deadline);
                search.forbid(solution);
                // Out of time is not a proof: the orbit stays.
                !search.satisfiable_with(&[]) && !search.timed_out()
            }
        }
    }
}
