//! A search over one puzzle's solutions on varisat: blocking clauses, assumptions, metering.

use std::io;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

use varisat::config::SolverConfigUpdate;
use varisat::solver::SolverError;
use varisat::{CnfFormula, ExtendFormula, Lit, ProofFormat};

use super::meter::{Meter, MeterWriter};
use crate::encode::Numbering;
use crate::grid::{Cell, Grid};

/// How a [`SatSearch`] holds the givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GivensAs {
    /// As unit clauses (or substituted in, under the reduced encoding): fastest to solve
    /// (on the bundled 25×25 puzzles about 15 times faster than assumptions), used for
    /// solving and counting.
    Units,
    /// As assumptions of every call, so that the solver can be asked about any subset of
    /// them: failed cores of unsolvable puzzles, redundant givens.
    Assumptions,
}

/// Conflicts per unit of varisat's Luby restart sequence (varisat's default: 128). Sudoku
/// formulas are small, and restarting sooner lowered the conflicts on every set measured
/// (mean per puzzle, solve + prove unique: hardest1106 554 → 413, top1465 267 → 251, top95
/// 253 → 237, the bundled 16×16–36×36 puzzles 15,020 → 14,578, diagonal 16×16 19,065 →
/// 17,442; 17clue unchanged at 41). See BENCHMARKS.md.
pub const RESTART_SCALE: u64 = 8;

/// A new varisat solver, configured, writing its proof to `meter` when given.
pub(super) fn fresh_solver(meter: Option<&Rc<Meter>>) -> varisat::Solver<'static> {
    let mut solver = varisat::Solver::new();
    let mut config = SolverConfigUpdate::new();
    config.luby_restart_interval_scale = Some(RESTART_SCALE);
    solver
        .config(&config)
        .expect("the restart scale is in varisat's range");
    if let Some(meter) = meter {
        solver.write_proof(MeterWriter(Rc::clone(meter)), ProofFormat::BinaryDrat);
    }
    solver
}

/// A new varisat solver holding `formula`, the unit clauses `units` and the clauses
/// `blocks`, writing its proof to `meter` when given.
fn loaded_solver(
    meter: Option<&Rc<Meter>>,
    formula: &CnfFormula,
    units: &[Lit],
    blocks: &[Vec<Lit>],
) -> varisat::Solver<'static> {
    let mut solver = fresh_solver(meter);
    solver.add_formula(formula);
    for &lit in units {
        solver.add_clause(&[lit]);
    }
    for block in blocks {
        solver.add_clause(block);
    }
    solver
}
/// A search over a puzzle's solutions on varisat.
///
/// Solutions are enumerated with blocking clauses: each solution found is forbidden by a
/// clause over the non-given cells before the next call. With [`GivensAs::Assumptions`] one
/// solver answers every call, so learned clauses carry over, and it can be asked about any
/// subset of the givens.
///
/// A [metered](SatSearch::metered) search (givens as units) counts conflicts and honours a
/// deadline through varisat's binary DRAT proof stream, which cannot record clauses added
/// between calls: each call gets a fresh solver loaded with the formula and the blocking
/// clauses so far. That suits a search for one or two solutions; longer enumerations go
/// unmetered.
pub struct SatSearch {
    engine: Engine,
    numbering: Numbering,
    base: Grid,
    givens: Vec<Lit>,
    free: Vec<Cell>,
    exhausted: bool,
}

/// The varisat solver behind a [`SatSearch`], and how it is called.
enum Engine {
    /// One solver answers every call; blocking clauses join it as they come.
    Incremental {
        solver: varisat::Solver<'static>,
        /// Whether the givens are assumptions of every call (rather than unit clauses).
        assume_givens: bool,
    },
    /// A fresh solver per call, writing to a [`Meter`].
    Metered(Metered),
}

/// The state of a metered search: the formula and blocking clauses to reload, and the meter.
struct Metered {
    solver: varisat::Solver<'static>,
    /// Whether `solver` has been called (so the next call needs a fresh one).
    used: bool,
    formula: Arc<CnfFormula>,
    blocks: Vec<Vec<Lit>>,
    meter: Rc<Meter>,
    /// Conflicts of the solvers used before the current one.
    past_conflicts: u64,
    /// Whether the deadline or the conflict limit stopped a call.
    timed_out: bool,
}

impl Metered {
    /// Conflicts so far, over all calls.
    fn conflicts(&self) -> u64 {
        self.past_conflicts + self.meter.conflicts()
    }

    /// Whether the formula, the unit clauses `givens` and `units`, and the blocking clauses
    /// so far can all hold, on a fresh solver unless this is the first call; false once the
    /// meter stops a call.
    fn solve(&mut self, givens: &[Lit], units: &[Lit]) -> bool {
        if self.timed_out {
            return false;
        }
        if self.used {
            self.past_conflicts = self.conflicts();
            self.meter.reset();
            self.solver = loaded_solver(Some(&self.meter), &self.formula, givens, &self.blocks);
        }
        self.used = true;
        for &lit in units {
            self.solver.add_clause(&[lit]);
        }
        match self.solver.solve() {
            Ok(satisfiable) => satisfiable,
            Err(SolverError::ProofIoError { cause }) if cause.kind() == io::ErrorKind::TimedOut => {
                self.timed_out = true;
                false
            }
            Err(error) => panic!("varisat fails only when its proof writer does: {error}"),
        }
    }
}

impl SatSearch {
    /// An unmetered search over the solutions of a puzzle in `formula`, whose cell-digit
    /// variables are numbered by `numbering`; `base` holds the cells the formula leaves out
    /// (the givens, or every cell decided before encoding), and a solution is `base`
    /// completed by a model. `givens` are the literals of the puzzle's givens (empty when
    /// `formula` has them substituted in), added as `how` says.
    pub fn new(
        numbering: Numbering,
        formula: &CnfFormula,
        givens: &[Lit],
        base: &Grid,
        how: GivensAs,
    ) -> SatSearch {
        let assume_givens = how == GivensAs::Assumptions;
        let units: &[Lit] = if assume_givens { &[] } else { givens };
        let engine = Engine::Incremental {
            solver: loaded_solver(None, formula, units, &[]),
            assume_givens,
        };
        SatSearch::with_engine(numbering, base, givens.to_vec(), engine)
    }

    /// A metered search over the solutions of a puzzle in `formula` (see
    /// [`SatSearch::new`]), with the givens `givens` as unit clauses: it counts conflicts
    /// and honours a deadline and a conflict limit.
    pub fn metered(
        numbering: Numbering,
        formula: Arc<CnfFormula>,
        givens: &[Lit],
        base: &Grid,
    ) -> SatSearch {
        let meter = Rc::new(Meter::new());
        let engine = Engine::Metered(Metered {
            solver: loaded_solver(Some(&meter), &formula, givens, &[]),
            used: false,
            formula,
            blocks: Vec::new(),
            meter,
            past_conflicts: 0,
            timed_out: false,
        });
        SatSearch::with_engine(numbering, base, givens.to_vec(), engine)
    }

    /// An unmetered search over the solutions in `solver`, which holds a formula whose
    /// cell-digit variables are numbered by `numbering` with the givens substituted in or
    /// as unit clauses; `base` holds the cells the formula leaves out.
    pub(super) fn loaded(
        numbering: Numbering,
        solver: varisat::Solver<'static>,
        base: &Grid,
    ) -> SatSearch {
        let engine = Engine::Incremental {
            solver,
            assume_givens: false,
        };
        SatSearch::with_engine(numbering, base, Vec::new(), engine)
    }

    fn with_engine(
        numbering: Numbering,
        base: &Grid,
        givens: Vec<Lit>,
        engine: Engine,
    ) -> SatSearch {
        SatSearch {
            engine,
            numbering,
            base: base.clone(),
            givens,
            free: base
                .shape()
                .cells()
                .filter(|&cell| base.get(cell).is_none())
                .collect(),
            exhausted: false,
        }
    }

    /// Stops a metered search once `deadline` has passed (checked whenever varisat writes
    /// out learned clauses, every few hundred conflicts); [`SatSearch::timed_out`] then
    /// says so. No effect on an unmetered search.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        if let Engine::Metered(metered) = &self.engine {
            metered.meter.set_deadline(deadline);
        }
    }

    /// Stops a metered search after about `limit` conflicts (counted over all its calls;
    /// checked as varisat writes out learned clauses), the same way on every machine;
    /// [`SatSearch::timed_out`] then says so. No effect on an unmetered search.
    pub fn set_conflict_limit(&mut self, limit: Option<u64>) {
        if let Engine::Metered(metered) = &self.engine {
            metered
                .meter
                .set_conflict_limit(limit.map(|l| l.saturating_sub(metered.past_conflicts)));
        }
    }

    /// Whether the deadline or the conflict limit stopped the search: the answers given
    /// since are not final.
    pub fn timed_out(&self) -> bool {
        matches!(&self.engine, Engine::Metered(metered) if metered.timed_out)
    }

    /// Conflicts so far, over all calls (0 unless metered).
    pub fn conflicts(&self) -> u64 {
        match &self.engine {
            Engine::Incremental { .. } => 0,
            Engine::Metered(metered) => metered.conflicts(),
        }
    }

    /// How cells and digits map to variables.
    pub fn numbering(&self) -> &Numbering {
        &self.numbering
    }

    /// The literals of the givens (none when they are substituted into the formula).
    pub fn given_lits(&self) -> &[Lit] {
        &self.givens
    }

    /// The varisat solver of the last call.
    fn solver(&self) -> &varisat::Solver<'static> {
        match &self.engine {
            Engine::Incremental { solver, .. } => solver,
            Engine::Metered(metered) => &metered.solver,
        }
    }

    /// Solves with `assumptions` (on top of the givens, when the search assumes them and
    /// `with_givens`); false when unsatisfiable or stopped, and then a stopped search
    /// is exhausted.
    fn solve(&mut self, assumptions: &[Lit], with_givens: bool) -> bool {
        let satisfiable = match &mut self.engine {
            Engine::Incremental {
                solver,
                assume_givens,
            } => {
                let assumptions = if with_givens && *assume_givens {
                    &self.givens
                } else {
                    assumptions
                };
                // (Even an empty set of assumptions is a proof step DRAT cannot hold.)
                solver.assume(assumptions);
                match solver.solve() {
                    Ok(satisfiable) => satisfiable,
                    Err(error) => panic!("varisat without a proof writer does not fail: {error}"),
                }
            }
            // DRAT has no assumptions: they are unit clauses of this call.
            Engine::Metered(metered) => metered.solve(&self.givens, assumptions),
        };
        if self.timed_out() {
            self.exhausted = true;
        }
        satisfiable
    }

    /// Adds the clause `block`: to the solver now, and (metered) to every later one.
    fn block(&mut self, block: Vec<Lit>) {
        match &mut self.engine {
            Engine::Incremental { solver, .. } => solver.add_clause(&block),
            Engine::Metered(metered) => {
                // (A metered solver takes clauses only before its first call; later ones
                // get them on reloading.)
                if !metered.used {
                    metered.solver.add_clause(&block);
                }
                metered.blocks.push(block);
            }
        }
    }

    /// The next solution not found before, or `None` when there are no more (or the
    /// deadline stopped the search: see [`SatSearch::timed_out`]).
    pub fn next_solution(&mut self) -> Option<Grid> {
        if self.exhausted {
            return None;
        }
        if !self.solve(&[], true) {
            self.exhausted = true;
            return None;
        }
        let model = self
            .solver()
            .model()
            .expect("a satisfiable formula has a model");
        let grid = self.numbering.decode(&model, &self.base);
        let block: Vec<Lit> = self
            .free
            .iter()
            .map(|&cell| {
                let digit = grid.get(cell).expect("a model fills every cell");
                let var = self.numbering.var(cell, digit);
                !var.expect("the digit of a model has a variable").positive()
            })
            .collect();
        if block.is_empty() {
            // A complete grid has one solution, itself.
            self.exhausted = true;
        } else {
            self.block(block);
        }
        Some(grid)
    }

    /// Forbids `grid` as a solution: adds a clause saying that some cell it fills holds
    /// another digit. A search around a known solution uses it: with the solution
    /// forbidden, the puzzle of any subset of its cells is unique exactly when the search
    /// is unsatisfiable assuming that subset.
    pub fn forbid(&mut self, grid: &Grid) {
        let block: Vec<Lit> = grid
            .givens()
            .filter_map(|(cell, digit)| self.numbering.var(cell, digit))
            .map(|var| !var.positive())
            .collect();
        self.block(block);
    }

    /// Whether the rules, the blocking clauses added so far and `assumptions` (literals of
    /// this encoding, such as a subset of the givens) can all hold. With [`GivensAs::Units`]
    /// every given holds as well. (A metered search takes `assumptions` as unit clauses of
    /// this call, DRAT having no assumptions, and so has no [failed core](Self::failed_core).)
    pub fn satisfiable_with(&mut self, assumptions: &[Lit]) -> bool {
        self.solve(assumptions, false)
    }

    /// A solution under `assumptions` (literals of this encoding), without blocking it;
    /// `None` when there is none. The search's blocking clauses hold too.
    pub fn solution_with(&mut self, assumptions: &[Lit]) -> Option<Grid> {
        if !self.solve(assumptions, false) {
            return None;
        }
        let model = self
            .solver()
            .model()
            .expect("a satisfiable formula has a model");
        Some(self.numbering.decode(&model, &self.base))
    }

    /// After an unsatisfiable call, a subset of its assumptions that is unsatisfiable
    /// already (not necessarily minimal).
    pub fn failed_core(&self) -> Vec<Lit> {
        self.solver().failed_core().unwrap_or_default().to_vec()
    }

    /// Whether the givens are assumptions (rather than unit clauses).
    pub fn assumes_givens(&self) -> bool {
        matches!(
            self.engine,
            Engine::Incremental {
                assume_givens: true,
                ..
            }
        )
    }

    /// Whether the puzzle has no blank cell.
    pub fn is_complete(&self) -> bool {
        self.free.is_empty()
    }
}
