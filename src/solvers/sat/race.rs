//! Diversified varisat searches racing on one puzzle: the first final answer wins, and the others stop.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use varisat::config::SolverConfigUpdate;
use varisat::{CnfFormula, ExtendFormula, ProofFormat};

use super::search::{RESTART_SCALE, Renaming, SatSearch};
use crate::encode::Numbering;
use crate::grid::Grid;
use crate::solvers::solver::Outcome;

/// How long the first search runs alone before the others join it: most puzzles are
/// answered sooner, and then no thread is started and no formula copied.
pub(super) const HEAD_START: Duration = Duration::from_millis(50);

/// What makes each racer after the first search differently: the formula's variables
/// renamed in an order of its own (varisat breaks ties by variable order, so the searches
/// part at once), and from the third racer on varisat's decay of variable activity and its
/// restart scale too. (Measured on Gecode's hardest 25×25 puzzles, each style alone: the
/// styles here within 20 % of the first racer's time; decay 0.85 with restarts every 4
/// conflicts took up to 1.7 times as long, and is not among them.)
const STYLES: [(f32, u64); 4] = [
    (0.95, RESTART_SCALE),
    (0.95, RESTART_SCALE),
    (0.9, 32),
    (0.99, 128),
];

/// Searches the formula of one puzzle on `racers` threads at once (at least one), each
/// differently, for up to `limit` solutions, until `deadline`; the first racer runs
/// alone for `head_start` ([`HEAD_START`]) before the others join it.
///
/// The answer is the one the first racer, varisat configured as for a single search,
/// would give alone, whichever racer finds it: another racer's answer is taken only when
/// no search could answer otherwise — no solution, or exactly one (a second proved
/// impossible). When another racer finds two solutions, the witnesses are the first
/// racer's: the others stop and it goes on alone. So the answer is the same on every run
/// and with any number of racers; only the time varies.
///
/// `formula` holds the puzzle's rules and givens (or its reduced formula), numbered by
/// `numbering`; `base` holds the cells it leaves out. The effort is not measured.
pub(super) fn race(
    formula: &CnfFormula,
    numbering: &Numbering,
    base: &Grid,
    racers: usize,
    limit: u64,
    deadline: Option<Instant>,
    head_start: Duration,
) -> Outcome {
    let stops: Vec<Arc<AtomicBool>> = (0..racers.max(1))
        .map(|_| Arc::new(AtomicBool::new(false)))
        .collect();
    let (sender, answers) = mpsc::channel::<(usize, Run)>();
    let run = thread::scope(|scope| {
        let start = |k: usize| {
            let sender = sender.clone();
            let stop = Arc::clone(&stops[k]);
            scope.spawn(move || {
                let run = racer(k, formula, numbering, base, limit, stop, deadline);
                // The receiver is gone once another racer has answered.
                let _ = sender.send((k, run));
            });
        };
        start(0);
        let mut first = answers.recv_timeout(head_start).ok();
        if first.is_none() {
            (1..stops.len()).for_each(start);
        }
        drop(sender);
        let mut winner = None;
        for (k, run) in first.take().into_iter().chain(answers.iter()) {
            if k == 0 || run.is_final() {
                winner = Some(run);
                break;
            }
            if run.solutions.len() >= 2 && !run.stopped {
                // Several solutions: the first racer's witnesses are the answer.
                stops[1..]
                    .iter()
                    .for_each(|stop| stop.store(true, Ordering::Relaxed));
            }
        }
        stops
            .iter()
            .for_each(|stop| stop.store(true, Ordering::Relaxed));
        winner.expect("the first racer always answers")
    });
    let found = run.solutions.len() as u64;
    Outcome {
        found,
        solutions: run.solutions.into_iter().take(2).collect(),
        effort: None,
        timed_out: run.stopped,
    }
}

/// What one racer found.
struct Run {
    /// The solutions, in the order found.
    solutions: Vec<Grid>,
    /// Whether the search was stopped (by the deadline, or because another answered)
    /// before it was complete.
    stopped: bool,
    /// Whether the search looked for every solution it could (found fewer than it
    /// wanted, not stopped).
    exhausted: bool,
}

impl Run {
    /// Whether any search, the first racer's among them, would give this answer: no
    /// solution, or exactly one.
    fn is_final(&self) -> bool {
        self.exhausted && self.solutions.len() <= 1
    }
}

/// Racer `k`: a varisat solver of its own style over `formula` (renamed unless `k` is 0),
/// looking for up to `limit` solutions (the first racer) or two (the others, whose single
/// solution is final only once a second is ruled out); stopped by `stop` or `deadline`.
fn racer(
    k: usize,
    formula: &CnfFormula,
    numbering: &Numbering,
    base: &Grid,
    limit: u64,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> Run {
    let mut solver = varisat::Solver::new();
    let (decay, restart_scale) = STYLES[k % STYLES.len()];
    let mut config = SolverConfigUpdate::new();
    config.vsids_decay = Some(decay);
    config.luby_restart_interval_scale = Some(restart_scale);
    solver
        .config(&config)
        .expect("the styles are in varisat's ranges");
    solver.write_proof(Stopper { stop, deadline }, ProofFormat::Varisat);
    let mut search = if k == 0 {
        solver.add_formula(formula);
        SatSearch::loaded(numbering.clone(), solver, None, base)
    } else {
        let mut order: Vec<usize> = (0..formula.var_count()).collect();
        order.shuffle(&mut ChaCha8Rng::seed_from_u64(k as u64));
        let renaming = Renaming::new(order);
        for clause in formula.iter() {
            solver.add_clause(&renaming.inner_all(clause));
        }
        SatSearch::loaded_renamed(numbering.clone(), solver, base, renaming)
    };
    let wanted = if k == 0 { limit } else { 2 };
    let mut solutions = Vec::new();
    while (solutions.len() as u64) < wanted {
        match search.next_solution() {
            Some(solution) => solutions.push(solution),
            None => break,
        }
    }
    let stopped = search.timed_out();
    Run {
        exhausted: !stopped && (solutions.len() as u64) < wanted,
        solutions,
        stopped,
    }
}

/// The proof writer of a racer: it keeps nothing, and fails once the racer must stop
/// (another has answered, or the deadline has passed), which stops varisat's search.
/// Varisat writes its proof every ten to a hundred conflicts, so a racer stops soon.
struct Stopper {
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Stopper {
    fn check(&self) -> io::Result<()> {
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if late || self.stop.load(Ordering::Relaxed) {
            // Every later write fails too, as varisat expects once one has.
            self.stop.store(true, Ordering::Relaxed);
            Err(io::ErrorKind::TimedOut.into())
        } else {
            Ok(())
        }
    }
}

impl Write for Stopper {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check().map(|()| buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::EncodingKind;
    use crate::grid::Grid;
    use crate::rules::Puzzle;
    use crate::solvers::{SatSolver, Solver};

    /// The bundled 16×16 puzzles (varisat needs some conflicts for them), the same with
    /// givens removed (several solutions), and one with a clash (none).
    fn puzzles() -> Vec<Puzzle> {
        let unique: Vec<Puzzle> = include_str!("../../../puzzles/16x16.txt")
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| Puzzle::standard(line.parse::<Grid>().unwrap()).unwrap())
            .collect();
        let mut all = unique.clone();
        for puzzle in &unique {
            let mut grid = puzzle.grid().clone();
            for cell in puzzle.shape().cells().step_by(3) {
                grid.set(cell, None);
            }
            all.push(Puzzle::standard(grid).unwrap());
        }
        // Row 1 needs its 3 in the top right box, which has it in row 2: no solution.
        all.push(Puzzle::standard("12....3.........".parse::<Grid>().unwrap()).unwrap());
        all
    }

    /// What one plain search (the first racer's, alone) finds.
    fn alone(puzzle: &Puzzle, limit: u64) -> Outcome {
        let mut solver = SatSolver::with_kind(EncodingKind::default());
        let (_, numbering, formula, base) = solver.formula_and_base(puzzle);
        race(&formula, &numbering, &base, 1, limit, None, Duration::ZERO)
    }

    #[test]
    fn racers_give_the_first_racers_answer() {
        let mut solver = SatSolver::new();
        let mut kinds = [0; 3];
        for puzzle in puzzles() {
            let (_, numbering, formula, base) = solver.formula_and_base(&puzzle);
            for limit in [1, 2] {
                let expected = alone(&puzzle, limit);
                kinds[expected.found as usize] += 1;
                for racers in [2, 3, 4] {
                    let outcome = race(
                        &formula,
                        &numbering,
                        &base,
                        racers,
                        limit,
                        None,
                        Duration::ZERO,
                    );
                    assert_eq!(outcome, expected, "{racers} racers, limit {limit}");
                    assert!(outcome.solutions.iter().all(|s| s.solves(&puzzle)));
                }
            }
        }
        // Every kind of answer was raced for: none, one, two.
        assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
    }

    #[test]
    fn a_passed_deadline_stops_every_racer() {
        let mut solver = SatSolver::new();
        let puzzle = &puzzles()[0];
        let (_, numbering, formula, base) = solver.formula_and_base(puzzle);
        let past = Some(Instant::now());
        let outcome = race(&formula, &numbering, &base, 3, 2, past, Duration::ZERO);
        assert!(outcome.timed_out);
    }

    #[test]
    fn a_solver_with_threads_checks_as_with_one() {
        let mut one = SatSolver::new();
        let mut four = SatSolver::new();
        four.set_threads(4);
        for puzzle in puzzles() {
            assert_eq!(four.check(&puzzle), one.check(&puzzle));
            assert_eq!(four.solve(&puzzle), one.solve(&puzzle));
        }
    }
}
