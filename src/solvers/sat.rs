//! The SAT solver: the puzzle's CNF handed to the embedded CDCL solver varisat.

use std::cell::Cell as Shared;
use std::collections::HashMap;
use std::io::{self, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

use varisat::config::SolverConfigUpdate;
use varisat::solver::SolverError;
use varisat::{CnfFormula, ExtendFormula, Lit, ProofFormat};

use super::propagate;
use super::{Outcome, Progress, Solver};
use crate::check::{self, Given, Verdict};
use crate::encode::{AmoEncoding, Encoding, EncodingKind, Numbering, Reduced};
use crate::grid::{Cell, DigitSet, Grid, Puzzle, Rules};
use crate::grid::{Layout, layout_for};

/// Solves puzzles with varisat.
///
/// The rule clauses of each set of rules are encoded once and kept; each puzzle gets a
/// fresh varisat solver (a [`SatSearch`]) loaded with them and its givens, or, under the
/// [reduced](EncodingKind::Reduced) and [propagated](EncodingKind::Propagated) (default)
/// encodings, with its own reduced formula.
///
/// Its effort is the number of conflicts: varisat learns one clause per conflict, and
/// writes each to a binary DRAT proof stream that the search counts (varisat keeps no
/// statistics of its own).
///
/// ```
/// use satdoku::{Grid, Puzzle, SatSolver, Solver};
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let puzzle = Puzzle::standard(grid).unwrap();
/// let solution = SatSolver::new().solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// ```
#[derive(Debug, Default)]
pub struct SatSolver {
    /// Which clauses encode the rules.
    kind: EncodingKind,
    /// A fixed at-most-one encoding, or `None` to choose by size.
    amo: Option<AmoEncoding>,
    /// The rule clauses per set of rules, built on first use.
    rules: HashMap<Arc<Rules>, (Encoding, Arc<CnfFormula>)>,
    /// Houses and peers for propagation, of the last rules.
    layout: Option<Layout>,
}

impl SatSolver {
    /// A solver with the default encoding, choosing the at-most-one encoding by size.
    pub fn new() -> SatSolver {
        SatSolver::default()
    }

    /// A solver with the encoding `kind`.
    pub fn with_kind(kind: EncodingKind) -> SatSolver {
        SatSolver {
            kind,
            ..SatSolver::default()
        }
    }

    /// The same solver using `amo` for every at-most-one constraint.
    pub fn with_amo(self, amo: AmoEncoding) -> SatSolver {
        SatSolver {
            amo: Some(amo),
            rules: HashMap::new(),
            ..self
        }
    }

    /// The encoding kind in use.
    pub fn kind(&self) -> EncodingKind {
        self.kind
    }

    /// The encoding of `rules`: the minimal or extended one (the extended one is the
    /// template of the reduced encoding, and is what searches with the givens as
    /// assumptions use), with this solver's at-most-one encoding.
    pub fn encoding(&self, rules: &Arc<Rules>) -> Encoding {
        let encoding = Encoding::new(rules).with_kind(match self.kind {
            EncodingKind::Minimal => EncodingKind::Minimal,
            EncodingKind::Extended | EncodingKind::Reduced | EncodingKind::Propagated => {
                EncodingKind::Extended
            }
        });
        match self.amo {
            Some(amo) => encoding.with_amo(amo),
            None => encoding,
        }
    }

    /// The [encoding](SatSolver::encoding) and rule clauses for `rules`, built on first
    /// use and kept. (The reduced and propagated encodings build a formula per puzzle
    /// instead, and need these only for searches with assumptions.)
    pub fn rules(&mut self, rules: &Arc<Rules>) -> &(Encoding, Arc<CnfFormula>) {
        if !self.rules.contains_key(rules) {
            let encoding = self.encoding(rules);
            let formula = Arc::new(encoding.rules());
            self.rules.insert(Arc::clone(rules), (encoding, formula));
        }
        &self.rules[rules]
    }

    /// Whether this solver builds a reduced formula for each puzzle (the reduced and
    /// propagated encodings).
    fn reduces(&self) -> bool {
        matches!(self.kind, EncodingKind::Reduced | EncodingKind::Propagated)
    }

    /// Adds the puzzle's reduced formula to `formula` (empty: a `CnfFormula`, or a fresh
    /// varisat solver), when this solver [reduces](SatSolver::reduces), and returns its
    /// encoding, its numbering, and the cells it leaves out (decided by the givens, or by
    /// propagation).
    fn reduce_into<F: ExtendFormula>(
        &mut self,
        puzzle: &Puzzle,
        formula: &mut F,
    ) -> (Encoding, Numbering, Grid) {
        debug_assert!(self.reduces());
        let amo = self
            .amo
            .unwrap_or_else(|| AmoEncoding::for_reduced(puzzle.shape()));
        let encoding = self
            .encoding(puzzle.rules())
            .with_kind(self.kind)
            .with_amo(amo);
        let layout = layout_for(&mut self.layout, puzzle);
        let (cands, decided) = if self.kind == EncodingKind::Reduced {
            (Reduced::givens(puzzle.grid()), puzzle.grid().clone())
        } else {
            let cands = propagate::candidates(layout, puzzle).unwrap_or_else(|| {
                // A contradiction: a cell without candidates makes the formula unsatisfiable.
                vec![DigitSet::EMPTY; puzzle.shape().cell_count()]
            });
            let decided = Reduced::decided(puzzle.shape(), &cands);
            (cands, decided)
        };
        let numbering = Reduced::encode(&encoding, layout, &cands, formula);
        (encoding, numbering, decided)
    }

    /// The clauses this solver gives varisat for `puzzle` with its givens as unit clauses:
    /// the encoding, its variable numbering, and the formula (rules, then givens; or the
    /// reduced formula, which has the givens substituted in).
    pub fn formula(&mut self, puzzle: &Puzzle) -> (Encoding, Numbering, CnfFormula) {
        let mut formula = CnfFormula::new();
        if self.reduces() {
            let (encoding, numbering, _) = self.reduce_into(puzzle, &mut formula);
            return (encoding, numbering, formula);
        }
        let (encoding, rules) = self.rules(puzzle.rules());
        formula.set_var_count(rules.var_count());
        for clause in rules.iter() {
            formula.add_clause(clause);
        }
        encoding.encode_givens(&mut formula, puzzle.grid());
        (encoding.clone(), Numbering::Full(encoding.clone()), formula)
    }

    /// An incremental search over the solutions of `puzzle`, with its givens passed as
    /// `givens`. Under the reduced encoding, [`Givens::Units`] searches the reduced formula.
    pub fn search(&mut self, puzzle: &Puzzle, givens: Givens) -> SatSearch {
        self.new_search(puzzle, givens, false)
    }

    /// A metered search over the solutions of `puzzle` (see [`SatSearch`]): conflicts
    /// counted, a deadline honoured, best for one or two solutions.
    pub fn metered_search(&mut self, puzzle: &Puzzle) -> SatSearch {
        self.new_search(puzzle, Givens::Units, true)
    }

    fn new_search(&mut self, puzzle: &Puzzle, givens: Givens, metered: bool) -> SatSearch {
        if givens == Givens::Units && self.reduces() {
            if metered {
                // Kept as a formula: each call of a metered search reloads it.
                let mut formula = CnfFormula::new();
                let (_, numbering, decided) = self.reduce_into(puzzle, &mut formula);
                return SatSearch::new(numbering, Arc::new(formula), &[], &decided, givens, true);
            }
            // Encoded straight into the solver, without a copy.
            let mut solver = fresh_solver(None);
            let (_, numbering, decided) = self.reduce_into(puzzle, &mut solver);
            return SatSearch::loaded(numbering, solver, &decided);
        }
        let (encoding, rules) = self.rules(puzzle.rules());
        let lits: Vec<Lit> = encoding.given_lits(puzzle.grid()).collect();
        SatSearch::new(
            Numbering::Full(encoding.clone()),
            Arc::clone(rules),
            &lits,
            puzzle.grid(),
            givens,
            metered,
        )
    }
}

impl Solver for SatSolver {
    fn name(&self) -> &'static str {
        match self.kind {
            EncodingKind::Minimal => "sat:minimal",
            EncodingKind::Extended => "sat:extended",
            EncodingKind::Reduced => "sat:reduced",
            EncodingKind::Propagated => "sat:propagated",
        }
    }

    fn effort_unit(&self) -> &'static str {
        "conflicts"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        // Metered for a solution or a uniqueness proof, or against a deadline; a longer
        // enumeration reuses one solver (reloading per call would cost quadratic time).
        let metered = limit <= 2 || deadline.is_some();
        let mut search = if metered {
            self.metered_search(puzzle)
        } else {
            self.search(puzzle, Givens::Units)
        };
        search.set_deadline(deadline);
        let mut progress = Progress::new(limit, None);
        while !progress.done() {
            let Some(solution) = search.next_solution() else {
                break;
            };
            progress.solution(|| solution);
        }
        let mut outcome = progress.finish();
        outcome.effort = metered.then(|| search.conflicts());
        outcome.timed_out = search.timed_out();
        outcome
    }

    fn check(&mut self, puzzle: &Puzzle) -> Verdict {
        self.incremental_check(puzzle)
    }

    /// With a deadline, the search for two solutions is metered (and so stops in time);
    /// the clash of a puzzle without solutions is then found as without one.
    fn check_until(&mut self, puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Verdict> {
        if deadline.is_none() {
            return Some(self.incremental_check(puzzle));
        }
        let outcome = self.run(puzzle, 2, deadline);
        if outcome.timed_out {
            return None;
        }
        Some(check::verdict_of(outcome.solutions).unwrap_or_else(|| self.incremental_check(puzzle)))
    }

    fn check_minimal(&mut self, puzzle: &Puzzle) -> (Verdict, Option<Vec<Given>>) {
        self.incremental_check_minimal(puzzle)
    }
}

/// How a [`SatSearch`] holds the givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Givens {
    /// As unit clauses (or substituted in, under the reduced encoding): fastest to solve
    /// (on the bundled 25×25 puzzles about 15 times faster than assumptions), used for
    /// solving and counting.
    Units,
    /// As assumptions of every call, so that the solver can be asked about any subset of
    /// them: failed cores of unsolvable puzzles, redundant givens.
    Assumptions,
}

/// Counts the learned clauses of a binary DRAT proof stream (one per conflict), and fails
/// the write once the deadline has passed, which stops varisat's search.
struct Meter {
    conflicts: Shared<u64>,
    in_step: Shared<bool>,
    deadline: Shared<Option<Instant>>,
    /// Conflicts allowed (checked as the proof stream is written, so the same search
    /// stops at the same point on every machine).
    conflict_limit: Shared<Option<u64>>,
}

impl Meter {
    fn new() -> Meter {
        Meter {
            conflicts: Shared::new(0),
            in_step: Shared::new(false),
            deadline: Shared::new(None),
            conflict_limit: Shared::new(None),
        }
    }
}

/// The writer varisat gets: shares its [`Meter`] with the search.
struct MeterWriter(Rc<Meter>);

impl Write for MeterWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let meter = &self.0;
        if meter.deadline.get().is_some_and(|d| Instant::now() >= d) {
            return Err(io::ErrorKind::TimedOut.into());
        }
        // Each step is `a` (added) or `d` (deleted), then literals as variable-length
        // numbers, whose bytes are never 0, then a 0.
        let (mut conflicts, mut in_step) = (meter.conflicts.get(), meter.in_step.get());
        for &byte in buf {
            if !in_step {
                conflicts += u64::from(byte == b'a');
                in_step = true;
            } else if byte == 0 {
                in_step = false;
            }
        }
        meter.conflicts.set(conflicts);
        meter.in_step.set(in_step);
        if meter
            .conflict_limit
            .get()
            .is_some_and(|limit| conflicts > limit)
        {
            return Err(io::ErrorKind::TimedOut.into());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Conflicts per unit of varisat's Luby restart sequence (varisat's default: 128). Sudoku
/// formulas are small, and restarting sooner lowered the conflicts on every set measured
/// (mean per puzzle, solve + prove unique: hardest1106 554 → 413, top1465 267 → 251, top95
/// 253 → 237, the bundled 16×16–36×36 puzzles 15,020 → 14,578, diagonal 16×16 19,065 →
/// 17,442; 17clue unchanged at 41). See BENCHMARKS.md.
pub const RESTART_SCALE: u64 = 8;

/// A new varisat solver, configured, writing its proof to `meter` when given.
fn fresh_solver(meter: Option<&Rc<Meter>>) -> varisat::Solver<'static> {
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
/// clause over the non-given cells before the next call. With [`Givens::Assumptions`] one
/// solver answers every call, so learned clauses carry over, and it can be asked about any
/// subset of the givens.
///
/// A metered search (givens as units) counts conflicts and honours a deadline through
/// varisat's binary DRAT proof stream, which cannot record clauses added between calls:
/// each call gets a fresh solver loaded with the formula and the blocking clauses so far.
/// That suits a search for one or two solutions; longer enumerations go unmetered.
pub struct SatSearch {
    solver: varisat::Solver<'static>,
    /// Whether `solver` has been called (so a metered search needs a fresh one).
    used: bool,
    /// Whether conflicts are counted and the deadline honoured.
    metered: bool,
    /// The formula, to reload (kept only by metered searches).
    formula: Option<Arc<CnfFormula>>,
    numbering: Numbering,
    base: Grid,
    givens: Vec<Lit>,
    assume_givens: bool,
    blocks: Vec<Vec<Lit>>,
    free: Vec<Cell>,
    exhausted: bool,
    timed_out: bool,
    meter: Rc<Meter>,
    /// Conflicts of the solvers used before the current one.
    past_conflicts: u64,
}

impl SatSearch {
    /// A search over the solutions of a puzzle in `formula`, whose cell-digit variables are
    /// numbered by `numbering`; `base` holds the cells the formula leaves out (the givens,
    /// or every cell decided before encoding), and a solution is `base` completed by a
    /// model. `givens` are the literals of the puzzle's givens (empty when `formula` has
    /// them substituted in), added as `how` says; `metered` (only with [`Givens::Units`])
    /// counts conflicts and honours a deadline.
    ///
    /// # Panics
    /// If `metered` with [`Givens::Assumptions`]: DRAT has no assumptions.
    pub fn new(
        numbering: Numbering,
        formula: Arc<CnfFormula>,
        givens: &[Lit],
        base: &Grid,
        how: Givens,
        metered: bool,
    ) -> SatSearch {
        assert!(
            !(metered && how == Givens::Assumptions),
            "a metered search takes its givens as units"
        );
        let meter = Rc::new(Meter::new());
        let units: &[Lit] = if how == Givens::Units { givens } else { &[] };
        let solver = loaded_solver(metered.then_some(&meter), &formula, units, &[]);
        SatSearch {
            metered,
            formula: metered.then_some(formula),
            assume_givens: how == Givens::Assumptions,
            givens: givens.to_vec(),
            meter,
            ..SatSearch::loaded(numbering, solver, base)
        }
    }

    /// An unmetered search over the solutions in `solver`, which holds a formula whose
    /// cell-digit variables are numbered by `numbering` with the givens substituted in or
    /// as unit clauses; `base` holds the cells the formula leaves out.
    fn loaded(numbering: Numbering, solver: varisat::Solver<'static>, base: &Grid) -> SatSearch {
        SatSearch {
            solver,
            used: false,
            metered: false,
            formula: None,
            numbering,
            base: base.clone(),
            assume_givens: false,
            givens: Vec::new(),
            blocks: Vec::new(),
            free: base
                .shape()
                .cells()
                .filter(|&cell| base.get(cell).is_none())
                .collect(),
            exhausted: false,
            timed_out: false,
            meter: Rc::new(Meter::new()),
            past_conflicts: 0,
        }
    }

    /// Gives the search a fresh varisat solver loaded with the formula, the givens (as
    /// units, unless assumed) and the blocking clauses so far.
    fn load(&mut self) {
        self.past_conflicts = self.conflicts();
        self.meter.conflicts.set(0);
        self.meter.in_step.set(false);
        let units: &[Lit] = if self.assume_givens {
            &[]
        } else {
            &self.givens
        };
        let formula = self
            .formula
            .as_ref()
            .expect("a metered search keeps its formula");
        self.solver = loaded_solver(Some(&self.meter), formula, units, &self.blocks);
        self.used = false;
    }

    /// Stops a metered search once `deadline` has passed (checked whenever varisat writes
    /// out learned clauses, every few hundred conflicts); [`SatSearch::timed_out`] then
    /// says so.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.meter.deadline.set(deadline);
    }

    /// Stops a metered search after about `limit` conflicts (counted over all its calls;
    /// checked as varisat writes out learned clauses), the same way on every machine;
    /// [`SatSearch::timed_out`] then says so.
    pub fn set_conflict_limit(&mut self, limit: Option<u64>) {
        self.meter
            .conflict_limit
            .set(limit.map(|l| l.saturating_sub(self.past_conflicts)));
    }

    /// Whether the deadline or the conflict limit stopped the search: the answers given
    /// since are not final.
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// Conflicts so far, over all calls (0 unless metered).
    pub fn conflicts(&self) -> u64 {
        self.past_conflicts + self.meter.conflicts.get()
    }

    /// How cells and digits map to variables.
    pub fn numbering(&self) -> &Numbering {
        &self.numbering
    }

    /// The literals of the givens (none when they are substituted into the formula).
    pub fn given_lits(&self) -> &[Lit] {
        &self.givens
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> bool {
        if self.timed_out {
            return false;
        }
        if self.used && self.metered {
            self.load();
        }
        self.used = true;
        if !self.metered {
            // (Even an empty set of assumptions is a proof step DRAT cannot hold.)
            self.solver.assume(assumptions);
        } else {
            assert!(
                assumptions.is_empty(),
                "a metered search takes no assumptions"
            );
        }
        match self.solver.solve() {
            Ok(satisfiable) => satisfiable,
            Err(SolverError::ProofIoError { cause }) if cause.kind() == io::ErrorKind::TimedOut => {
                self.timed_out = true;
                self.exhausted = true;
                false
            }
            Err(error) => panic!("varisat fails only when its proof writer does: {error}"),
        }
    }

    /// The next solution not found before, or `None` when there are no more (or the
    /// deadline stopped the search: see [`SatSearch::timed_out`]).
    pub fn next_solution(&mut self) -> Option<Grid> {
        if self.exhausted {
            return None;
        }
        let assumptions = if self.assume_givens {
            self.givens.clone()
        } else {
            Vec::new()
        };
        let satisfiable = self.solve_under(&assumptions);
        if !satisfiable {
            self.exhausted = true;
            return None;
        }
        let model = self
            .solver
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
            if !self.metered {
                self.solver.add_clause(&block);
            }
            self.blocks.push(block);
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
        // (A metered solver takes clauses only before its first call; later it reloads.)
        if !self.metered || !self.used {
            self.solver.add_clause(&block);
        }
        self.blocks.push(block);
    }

    /// Whether the rules, the blocking clauses added so far and `assumptions` (literals of
    /// this encoding, such as a subset of the givens) can all hold. With [`Givens::Units`]
    /// every given holds as well.
    pub fn satisfiable_with(&mut self, assumptions: &[Lit]) -> bool {
        self.solve_under(assumptions)
    }

    /// After an unsatisfiable call, a subset of its assumptions that is unsatisfiable
    /// already (not necessarily minimal).
    pub fn failed_core(&self) -> Vec<Lit> {
        self.solver.failed_core().unwrap_or_default().to_vec()
    }

    /// Whether the givens are assumptions (rather than unit clauses).
    pub fn assumes_givens(&self) -> bool {
        self.assume_givens
    }

    /// Whether the puzzle has no blank cell.
    pub fn is_complete(&self) -> bool {
        self.free.is_empty()
    }
}
