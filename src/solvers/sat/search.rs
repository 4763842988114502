//! A search over one puzzle's solutions on varisat: blocking clauses, assumptions, metering.

use std::io;
use std::rc::Rc;
use std::time::Instant;

use varisat::config::SolverConfigUpdate;
use varisat::solver::SolverError;
use varisat::{CnfFormula, ExtendFormula, Lit, ProofFormat, Var};

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
/// 17,442; 17clue unchanged at 41; counted then from the DRAT stream, which also took
/// units). See BENCHMARKS.md.
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
        solver.write_proof(MeterWriter(Rc::clone(meter)), ProofFormat::Varisat);
    }
    solver
}

/// A search over a puzzle's solutions on varisat.
///
/// Solutions are enumerated with blocking clauses: each solution found is forbidden by a
/// clause over the non-given cells before the next call. One solver answers every call, so
/// learned clauses carry over; with [`GivensAs::Assumptions`] it can be asked about any
/// subset of the givens.
///
/// A [metered](super::SatSolver::metered_search) search counts conflicts and honours a
/// deadline and a conflict limit through varisat's proof stream, at a cost of 10–40 %.
pub struct SatSearch {
    solver: varisat::Solver<'static>,
    /// Whether the givens are assumptions of every call (rather than unit clauses).
    assume_givens: bool,
    /// The meter of a metered search.
    meter: Option<Rc<Meter>>,
    /// Whether the deadline or the conflict limit stopped a call (the solver cannot be
    /// called again).
    timed_out: bool,
    numbering: Numbering,
    /// How the solver's variables are renamed from the numbering's, if they are.
    renaming: Option<Renaming>,
    base: Grid,
    givens: Vec<Lit>,
    free: Vec<Cell>,
    exhausted: bool,
}

/// A one-to-one renaming of a formula's variables: a search that loads a formula renamed
/// runs differently (varisat breaks ties by variable order) to the same answers.
#[derive(Clone, Debug)]
pub(super) struct Renaming {
    /// The solver's variable of each of the formula's, by index.
    inner: Vec<Var>,
    /// The formula's variable of each of the solver's, by index.
    outer: Vec<Var>,
}

impl Renaming {
    /// The renaming that takes variable `i` of a formula with `vars` variables to
    /// `order[i]`, when `order` is a permutation of `0..vars`.
    pub(super) fn new(order: Vec<usize>) -> Renaming {
        let mut outer = vec![Var::from_index(0); order.len()];
        for (i, &to) in order.iter().enumerate() {
            outer[to] = Var::from_index(i);
        }
        Renaming {
            inner: order.into_iter().map(Var::from_index).collect(),
            outer,
        }
    }

    /// The solver's literal for the formula's `lit`.
    #[inline]
    fn inner(&self, lit: Lit) -> Lit {
        self.inner[lit.index()].lit(lit.is_positive())
    }

    /// The solver's literals for the formula's `lits` (a clause, assumptions).
    pub(super) fn inner_all(&self, lits: &[Lit]) -> Vec<Lit> {
        lits.iter().map(|&lit| self.inner(lit)).collect()
    }

    /// The formula's literal for the solver's `lit`.
    #[inline]
    fn outer(&self, lit: Lit) -> Lit {
        self.outer[lit.index()].lit(lit.is_positive())
    }
}

impl SatSearch {
    /// A search over the solutions of a puzzle in `formula`, whose cell-digit variables
    /// are numbered by `numbering`, metered when `meter` is given (see [`Meter`]); `base`
    /// holds the cells the formula leaves out (the givens, or every cell decided before
    /// encoding), and a solution is `base` completed by a model. `givens` are the literals
    /// of the puzzle's givens (empty when `formula` has them substituted in), added as
    /// `how` says.
    pub(super) fn new(
        meter: Option<Rc<Meter>>,
        numbering: Numbering,
        formula: &CnfFormula,
        givens: &[Lit],
        base: &Grid,
        how: GivensAs,
    ) -> SatSearch {
        let mut solver = fresh_solver(meter.as_ref());
        solver.add_formula(formula);
        let assume_givens = how == GivensAs::Assumptions;
        if !assume_givens {
            for &lit in givens {
                solver.add_clause(&[lit]);
            }
        }
        SatSearch::with_solver(solver, meter, assume_givens, numbering, base, givens)
    }

    /// A search over the solutions in `solver` (metered when `meter` is its proof
    /// writer's), which holds a formula whose cell-digit variables are numbered by
    /// `numbering` with the givens substituted in or as unit clauses; `base` holds the
    /// cells the formula leaves out.
    pub(super) fn loaded(
        numbering: Numbering,
        solver: varisat::Solver<'static>,
        meter: Option<Rc<Meter>>,
        base: &Grid,
    ) -> SatSearch {
        SatSearch::with_solver(solver, meter, false, numbering, base, &[])
    }

    /// A search like [`loaded`](SatSearch::loaded) over a solver that holds the formula
    /// renamed by `renaming`.
    pub(super) fn loaded_renamed(
        numbering: Numbering,
        solver: varisat::Solver<'static>,
        base: &Grid,
        renaming: Renaming,
    ) -> SatSearch {
        SatSearch {
            renaming: Some(renaming),
            ..SatSearch::with_solver(solver, None, false, numbering, base, &[])
        }
    }

    /// Adds a clause of the numbering's literals.
    fn add_clause(&mut self, clause: &[Lit]) {
        match &self.renaming {
            None => self.solver.add_clause(clause),
            Some(r) => self.solver.add_clause(&r.inner_all(clause)),
        }
    }

    /// The model of the last satisfiable call, in the numbering's literals.
    fn model(&self) -> Vec<Lit> {
        let model = self
            .solver
            .model()
            .expect("a satisfiable formula has a model");
        match &self.renaming {
            None => model,
            Some(r) => model.into_iter().map(|l| r.outer(l)).collect(),
        }
    }

    fn with_solver(
        solver: varisat::Solver<'static>,
        meter: Option<Rc<Meter>>,
        assume_givens: bool,
        numbering: Numbering,
        base: &Grid,
        givens: &[Lit],
    ) -> SatSearch {
        SatSearch {
            solver,
            assume_givens,
            meter,
            timed_out: false,
            numbering,
            renaming: None,
            base: base.clone(),
            givens: givens.to_vec(),
            free: base
                .shape()
                .cells()
                .filter(|&cell| base.get(cell).is_none())
                .collect(),
            exhausted: false,
        }
    }

    /// Stops a metered search once `deadline` has passed (checked whenever varisat writes
    /// out 8 KiB of its proof, every ten to a hundred conflicts, and as a call ends);
    /// [`SatSearch::timed_out`] then says so. No effect on an unmetered search.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        if let Some(meter) = &self.meter {
            meter.set_deadline(deadline);
        }
    }

    /// Stops a metered search after about `limit` conflicts (counted over all its calls;
    /// checked as varisat writes out its proof, so up to a hundred or so more), the same
    /// way on every machine;
    /// [`SatSearch::timed_out`] then says so. No effect on an unmetered search.
    pub fn set_conflict_limit(&mut self, limit: Option<u64>) {
        if let Some(meter) = &self.meter {
            meter.set_conflict_limit(limit);
        }
    }

    /// Whether the deadline or the conflict limit stopped the search: the answers given
    /// since are not final.
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// Conflicts so far, over all calls (0 unless metered).
    pub fn conflicts(&self) -> u64 {
        self.meter.as_ref().map_or(0, |meter| meter.conflicts())
    }

    /// How cells and digits map to variables.
    pub fn numbering(&self) -> &Numbering {
        &self.numbering
    }

    /// The literals of the givens (none when they are substituted into the formula).
    pub fn given_lits(&self) -> &[Lit] {
        &self.givens
    }

    /// Solves with `assumptions` (the givens instead, when the search assumes them and
    /// `with_givens`); false when unsatisfiable or stopped, and then a stopped search is
    /// exhausted.
    fn solve(&mut self, assumptions: &[Lit], with_givens: bool) -> bool {
        if self.timed_out {
            return false;
        }
        let assumptions = if with_givens && self.assume_givens {
            &self.givens
        } else {
            assumptions
        };
        match &self.renaming {
            None => self.solver.assume(assumptions),
            Some(r) => self.solver.assume(&r.inner_all(assumptions)),
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
        if !self.solve(&[], true) {
            self.exhausted = true;
            return None;
        }
        let grid = self.numbering.decode(&self.model(), &self.base);
        let mut block: Vec<Lit> = self
            .free
            .iter()
            .map(|&cell| {
                let digit = grid.get(cell).expect("a model fills every cell");
                let var = self.numbering.var(cell, digit);
                !var.expect("the digit of a model has a variable").positive()
            })
            .collect();
        block.extend(self.region_lits(&grid).map(|var| !var.positive()));
        if block.is_empty() {
            // A complete grid has one solution, itself.
            self.exhausted = true;
        } else {
            self.add_clause(&block);
        }
        Some(grid)
    }

    /// Forbids `grid` as a solution: adds a clause saying that some cell it fills holds
    /// another digit (or, when it has regions, lies in another region). A search around a known solution uses it: with the solution
    /// forbidden, the puzzle of any subset of its cells is unique exactly when the search
    /// is unsatisfiable assuming that subset.
    pub fn forbid(&mut self, grid: &Grid) {
        let block: Vec<Lit> = grid
            .givens()
            .filter_map(|(cell, digit)| self.numbering.var(cell, digit))
            .chain(self.region_lits(grid))
            .map(|var| !var.positive())
            .collect();
        self.add_clause(&block);
    }

    /// The variables "cell lies in region k" that `grid`'s regions make true, when it has
    /// regions and the rules find them (a solution's regions are part of it, so a blocking
    /// clause names them too).
    fn region_lits<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = Var> + 'a {
        let regions = grid.regions().unwrap_or(&[]);
        (grid.shape().cells().zip(regions))
            .filter_map(|(cell, &k)| self.numbering.region_var(cell, k as usize))
    }

    /// A new variable, beyond the numbering's: a selector for clauses a caller adds with
    /// [`SatSearch::add_guarded`] and assumes in some calls.
    ///
    /// # Panics
    /// On a search over a renamed formula (a racer's), whose variables only the racer maps.
    pub fn new_var(&mut self) -> Var {
        assert!(self.renaming.is_none(), "new variables on a renamed search");
        self.solver.new_var()
    }

    /// Adds `clause` (the numbering's literals and variables from [`SatSearch::new_var`]),
    /// which holds from then on: with a selector among its literals, it binds only the
    /// calls that assume the selector.
    pub fn add_guarded(&mut self, clause: &[Lit]) {
        self.add_clause(clause);
    }

    /// Whether the rules, the blocking clauses added so far and `assumptions` (literals of
    /// this encoding, such as a subset of the givens) can all hold. With [`GivensAs::Units`]
    /// every given holds as well.
    pub fn satisfiable_with(&mut self, assumptions: &[Lit]) -> bool {
        self.solve(assumptions, false)
    }

    /// A solution under `assumptions` (literals of this encoding), without blocking it;
    /// `None` when there is none. The search's blocking clauses hold too.
    pub fn solution_with(&mut self, assumptions: &[Lit]) -> Option<Grid> {
        if !self.solve(assumptions, false) {
            return None;
        }
        Some(self.numbering.decode(&self.model(), &self.base))
    }

    /// After an unsatisfiable call, a subset of its assumptions that is unsatisfiable
    /// already (not necessarily minimal); empty after a stopped call.
    pub fn failed_core(&self) -> Vec<Lit> {
        if self.timed_out {
            // The call was stopped, not refuted.
            return Vec::new();
        }
        let core = self.solver.failed_core().unwrap_or_default();
        match &self.renaming {
            None => core.to_vec(),
            Some(r) => core.iter().map(|&l| r.outer(l)).collect(),
        }
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

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::GivensAs;
    use crate::grid::Grid;
    use crate::rules::Puzzle;
    use crate::solvers::SatSolver;

    /// The bundled 16×16 puzzles, which varisat needs some conflicts for.
    fn puzzles() -> Vec<Puzzle> {
        include_str!("../../../puzzles/16x16.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| Puzzle::standard(line.parse::<Grid>().unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn a_metered_search_counts_conflicts_over_its_calls_and_agrees_with_the_unmetered() {
        let mut sat = SatSolver::new();
        for puzzle in puzzles() {
            let mut plain = sat.search(&puzzle, GivensAs::Units);
            let mut metered = sat.metered_search(&puzzle, GivensAs::Units);
            let solution = metered.next_solution().expect("solvable");
            assert!(solution.solves(&puzzle));
            assert_eq!(plain.next_solution(), Some(solution));
            let first = metered.conflicts();
            // The second call (is it unique?) keeps the learned clauses and adds its own.
            assert_eq!(metered.next_solution(), None);
            assert_eq!(plain.next_solution(), None);
            assert!(!metered.timed_out());
            assert!(metered.conflicts() > first, "{first}");
        }
    }

    #[test]
    fn a_conflict_limit_or_a_past_deadline_stops_a_metered_search_for_good() {
        // A 25×25 puzzle that takes varisat thousands of conflicts.
        let line = include_str!("../../../puzzles/25x25.txt")
            .lines()
            .find(|line| !line.starts_with('#'))
            .unwrap();
        let puzzle = Puzzle::standard(line.parse::<Grid>().unwrap()).unwrap();
        let mut sat = SatSolver::new();

        let limit = 200;
        let mut limited = sat.metered_search(&puzzle, GivensAs::Units);
        limited.set_conflict_limit(Some(limit));
        assert_eq!(limited.next_solution(), None);
        assert!(limited.timed_out());
        // Checked per 8 KiB of the stream: tens of conflicts late at most.
        let counted = limited.conflicts();
        assert!(counted > limit && counted < limit + 200, "{counted}");
        // Stopped for good: later calls answer nothing, without calling varisat again.
        assert_eq!(limited.next_solution(), None);
        assert!(!limited.satisfiable_with(&[]));
        assert!(limited.failed_core().is_empty());
        assert_eq!(limited.conflicts(), counted);

        // A deadline already past stops the search the first time varisat writes.
        let mut late = sat.metered_search(&puzzle, GivensAs::Units);
        late.set_deadline(Some(Instant::now()));
        assert_eq!(late.next_solution(), None);
        assert!(late.timed_out());
        assert!(late.conflicts() < limit, "{}", late.conflicts());
    }

    #[test]
    fn a_metered_search_takes_assumptions_and_gives_failed_cores() {
        let mut sat = SatSolver::new();
        let lines = include_str!("../../../puzzles/unsolvable-16x16.txt").lines();
        for line in lines.filter(|line| !line.starts_with('#')) {
            let puzzle = Puzzle::standard(line.parse::<Grid>().unwrap()).unwrap();
            let mut search = sat.metered_search(&puzzle, GivensAs::Assumptions);
            assert!(search.assumes_givens());
            assert_eq!(search.next_solution(), None);
            let core = search.failed_core();
            let givens = search.given_lits();
            assert!(!core.is_empty() && core.iter().all(|lit| givens.contains(lit)));
            // Without the givens the rules alone have solutions.
            assert!(search.satisfiable_with(&[]));
            assert!(!search.timed_out());
        }
    }
}
