//! The SAT engine: [`SatSolver`], which encodes a puzzle's rules and givens as CNF for the embedded CDCL solver varisat.

mod check;
mod clash;
mod meter;
pub mod proof;
mod race;
mod search;

use std::collections::HashMap;
use std::io::Write;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

use varisat::{CnfFormula, ExtendFormula, Lit, ProofFormat};

pub use clash::CLASH_FLOOR;
pub use proof::ProofError;
pub use search::{GivensAs, SatSearch};

use super::budget::Budget;
use super::names::SolverKind;
use super::solver::{Outcome, Solver, unique_without};
use crate::check::{Redundant, Verdict, verdict_of};
use crate::encode::{AmoEncoding, Encoding, EncodingKind, Numbering, Preprocess, Reduced};
use crate::grid::Grid;
use crate::rules::{Layout, layout_for};
use crate::rules::{Puzzle, Rules};
use clash::Shrink;
use meter::Meter;
use search::fresh_solver;

/// Solves puzzles with varisat.
///
/// The rule clauses of each set of rules are encoded once and kept; each puzzle gets a
/// fresh varisat solver (a [`SatSearch`]) loaded with them and its givens, or, under the
/// [reduced](EncodingKind::Reduced) and [propagated](EncodingKind::Propagated) (default)
/// encodings, with its own reduced formula.
///
/// Its effort is the number of conflicts: varisat learns one clause per conflict, and
/// writes each to its proof stream, which the search counts (varisat keeps no statistics
/// of its own). Only a [run](Solver::run) against a deadline is metered so; without one,
/// the effort is left unmeasured.
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
    /// The encoding: which clauses encode the rules, what is done to each puzzle first.
    kind: EncodingKind,
    /// A fixed at-most-one encoding, or `None` to choose by size.
    amo: Option<AmoEncoding>,
    /// The rule clauses per set of rules, built on first use.
    rules: HashMap<Arc<Rules>, (Encoding, Arc<CnfFormula>)>,
    /// Houses and peers for propagation, of the last rules.
    layout: Option<Layout>,
    /// Threads one puzzle's search may use (0 and 1: one; see [`SatSolver::set_threads`]).
    racers: usize,
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

    /// Up to `limit` (at most 2) solutions of `puzzle` found by racing searches (see
    /// [`race::race`]); effort unmeasured.
    fn raced(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        let (_, numbering, formula, base) = self.formula_and_base(puzzle);
        let (racers, head_start) = (self.racers, race::HEAD_START);
        race::race(
            &formula, &numbering, &base, racers, limit, deadline, head_start,
        )
    }

    /// Whether a search for `limit` solutions races (see [`SatSolver::set_threads`]).
    fn races(&self, limit: u64) -> bool {
        self.racers > 1 && limit <= 2
    }

    /// The encoding of the whole `rules`: the minimal or extended one (the extended one is
    /// the template of the reduced encoding, and is what searches with the givens as
    /// assumptions use; see [`EncodingKind::whole`]), with this solver's at-most-one
    /// encoding.
    pub fn encoding(&self, rules: &Arc<Rules>) -> Encoding {
        let encoding = Encoding::new(rules).with_kind(self.kind.whole());
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
        self.kind.preprocess() != Preprocess::None
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
        let amo = self
            .amo
            .unwrap_or_else(|| AmoEncoding::for_reduced(puzzle.shape()));
        let encoding = Encoding::new(puzzle.rules())
            .with_kind(self.kind)
            .with_amo(amo);
        let layout = layout_for(&mut self.layout, puzzle);
        let cands = self
            .kind
            .preprocess()
            .candidates(layout, puzzle)
            .expect("a solver that reduces");
        let numbering = Reduced::encode(&encoding, layout, &cands, formula);
        (encoding, numbering, cands.decided())
    }

    /// The clauses this solver gives varisat for `puzzle` with its givens as unit clauses:
    /// the encoding, its variable numbering, and the formula (rules, then givens; or the
    /// reduced formula, which has the givens substituted in).
    pub fn formula(&mut self, puzzle: &Puzzle) -> (Encoding, Numbering, CnfFormula) {
        let (encoding, numbering, formula, _) = self.formula_and_base(puzzle);
        (encoding, numbering, formula)
    }

    /// [`formula`](SatSolver::formula), and the cells the formula leaves out (the givens,
    /// or every cell decided before encoding).
    fn formula_and_base(&mut self, puzzle: &Puzzle) -> (Encoding, Numbering, CnfFormula, Grid) {
        let mut formula = CnfFormula::new();
        if self.reduces() {
            let (encoding, numbering, decided) = self.reduce_into(puzzle, &mut formula);
            return (encoding, numbering, formula, decided);
        }
        let (encoding, rules) = self.rules(puzzle.rules());
        formula.set_var_count(rules.var_count());
        for clause in rules.iter() {
            formula.add_clause(clause);
        }
        encoding.encode_givens(&mut formula, puzzle.grid());
        let numbering = Numbering::Full(encoding.clone());
        (encoding.clone(), numbering, formula, puzzle.grid().clone())
    }

    /// An incremental search over the solutions of `puzzle`, with its givens passed as
    /// `givens`. Under the reduced encoding, [`GivensAs::Units`] searches the reduced formula.
    pub fn search(&mut self, puzzle: &Puzzle, givens: GivensAs) -> SatSearch {
        self.new_search(puzzle, givens, None)
    }

    /// A [search](SatSolver::search) that is metered (see [`SatSearch`]): conflicts
    /// counted, a deadline and a conflict limit honoured, at a cost of 10–40 %.
    pub fn metered_search(&mut self, puzzle: &Puzzle, givens: GivensAs) -> SatSearch {
        self.new_search(puzzle, givens, Some(Rc::new(Meter::new())))
    }

    /// A search over the solutions of `puzzle`, metered when `meter` is given.
    fn new_search(
        &mut self,
        puzzle: &Puzzle,
        givens: GivensAs,
        meter: Option<Rc<Meter>>,
    ) -> SatSearch {
        if givens == GivensAs::Units && self.reduces() {
            // Encoded straight into the solver, without a copy.
            let mut solver = fresh_solver(meter.as_ref());
            let (_, numbering, decided) = self.reduce_into(puzzle, &mut solver);
            return SatSearch::loaded(numbering, solver, meter, &decided);
        }
        let (numbering, rules, lits) = self.full(puzzle);
        SatSearch::new(meter, numbering, &rules, &lits, puzzle.grid(), givens)
    }

    /// The numbering and rule clauses of the full (not reduced) encoding of `puzzle`'s
    /// rules, and the literals of its givens.
    fn full(&mut self, puzzle: &Puzzle) -> (Numbering, Arc<CnfFormula>, Vec<Lit>) {
        let (encoding, rules) = self.rules(puzzle.rules());
        let lits = encoding.given_lits(puzzle.grid()).collect();
        (Numbering::Full(encoding.clone()), Arc::clone(rules), lits)
    }

    /// The verdict on `puzzle`: solve, forbid the solution, solve again (one solver); on
    /// no solution, its clash, shrunk within its budget.
    ///
    /// ```
    /// use satdoku::{check::Verdict, Grid, Puzzle, SatSolver, Solver};
    /// let puzzle = Puzzle::standard("1...............".parse::<Grid>()?)?;
    /// let verdict = SatSolver::new().check(&puzzle);
    /// assert_eq!(verdict.name(), "multiple");
    /// assert!(!verdict.differences().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn incremental_check(&mut self, puzzle: &Puzzle) -> Verdict {
        let verdict = if self.races(2) {
            verdict_of(self.raced(puzzle, 2, None).solutions)
        } else {
            check::verdict(&mut self.search(puzzle, GivensAs::Units))
        };
        verdict.unwrap_or_else(|| {
            // What the verdict cost, counted on a metered search (as cheap as the verdict).
            let mut metered = self.metered_search(puzzle, GivensAs::Units);
            let found = metered.next_solution();
            debug_assert!(found.is_none());
            let verdict = metered.conflicts();
            self.clash(
                puzzle,
                Shrink::Bounded {
                    verdict,
                    deadline: None,
                },
            )
        })
    }

    /// The constraints of `puzzle`, unique with `solution`, whose removal alone keeps it
    /// unique. One solver answers for every constraint whose removal leaves the others as
    /// they are ([`check::WithoutOne`]); one the others are settled from (a dot under a
    /// negative rule, whose pair the rule covers once it goes) is judged on the puzzle
    /// without it.
    fn redundant_constraints(&mut self, puzzle: &Puzzle, solution: &Grid) -> Vec<usize> {
        let all = puzzle.rules().constraints();
        if all.is_empty() {
            return Vec::new();
        }
        let encoding = self.rules(puzzle.rules()).0.clone();
        let mut selected = check::WithoutOne::new(&encoding, puzzle, solution);
        (0..all.len())
            .filter(|&i| {
                let rest = puzzle.rules().without_constraint(i);
                let others = (all.iter().enumerate())
                    .filter(|&(j, _)| j != i)
                    .map(|(_, c)| c);
                if rest.constraints().iter().eq(others) {
                    selected.unique_without(i)
                } else {
                    unique_without(self, puzzle, i, solution)
                }
            })
            .collect()
    }

    /// The clash of `puzzle`, which has no solution (see [`clash::find`]).
    fn clash(&mut self, puzzle: &Puzzle, shrink: Shrink) -> Verdict {
        let encoding = self.rules(puzzle.rules()).0.clone();
        clash::find(&encoding, puzzle, shrink)
    }

    /// Calls `each` with every solution of `puzzle` as it is found, at most `limit` of
    /// them, until `each` says to stop ([`ControlFlow::Break`]), and returns how many were
    /// found. Nothing is collected in memory.
    pub fn for_each_solution<E>(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        each: impl FnMut(Grid) -> Result<ControlFlow<()>, E>,
    ) -> Result<u64, E> {
        check::for_each_solution(&mut self.search(puzzle, GivensAs::Units), limit, each)
    }

    /// The clauses that, added to the rules, make a formula unsatisfiable exactly when
    /// `solution` is the only solution of `puzzle`: each given as a unit clause, and one
    /// clause saying that some non-given cell differs from `solution`.
    pub fn uniqueness_clauses(&mut self, puzzle: &Puzzle, solution: &Grid) -> Vec<Vec<Lit>> {
        proof::uniqueness_clauses(&self.encoding(puzzle.rules()), puzzle, solution)
    }

    /// Writes the rules and the [uniqueness clauses](Self::uniqueness_clauses) of `puzzle`
    /// to `cnf` in DIMACS, and to `proof` a proof in `format` (DRAT for drat-trim and most checkers)
    /// that it is unsatisfiable, made by varisat.
    ///
    /// ```
    /// use satdoku::{proof::ProofFormat, Grid, Puzzle, SatSolver, Solver};
    /// let puzzle = Puzzle::standard("14........1.3...".parse::<Grid>()?)?;
    /// let mut solver = SatSolver::new();
    /// let solution = solver.solve(&puzzle).unwrap();
    /// let (mut cnf, mut proof) = (Vec::new(), Vec::new());
    /// solver.prove_unique(&puzzle, &solution, &mut cnf, &mut proof, ProofFormat::Drat)?;
    /// assert!(String::from_utf8(cnf)?.contains("p cnf 64 "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prove_unique(
        &mut self,
        puzzle: &Puzzle,
        solution: &Grid,
        cnf: &mut impl Write,
        proof: &mut impl Write,
        format: ProofFormat,
    ) -> Result<(), ProofError> {
        if !solution.solves(puzzle) {
            return Err(ProofError::NotASolution);
        }
        let extra = self.uniqueness_clauses(puzzle, solution);
        let (encoding, rules) = self.rules(puzzle.rules());
        proof::prove_unique(encoding, rules, &extra, cnf, proof, format)
    }
}

/// Up to `limit` solutions from `search`, effort unmeasured.
fn solutions(search: &mut SatSearch, limit: u64) -> Outcome {
    let mut budget = Budget::new(limit, None);
    while !budget.done() {
        let Some(solution) = search.next_solution() else {
            break;
        };
        budget.solution(|| solution);
    }
    Outcome {
        effort: None,
        ..budget.finish()
    }
}

impl Solver for SatSolver {
    fn name(&self) -> &'static str {
        SolverKind::Sat(self.kind).name()
    }

    fn effort_unit(&self) -> &'static str {
        "conflicts"
    }

    /// Without a deadline, the search `check` runs: one incremental varisat solver, no
    /// proof stream, effort unmeasured. Against a deadline (as `compare` runs it, which
    /// also reports the effort), metered: writing and counting the proof stream costs
    /// 10–40 % (see [`SolverKind::metering_costs_time`]).
    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            // Past the deadline before the search starts: a timeout, as for every solver,
            // even where varisat would answer without a learned clause to meter.
            return Outcome {
                found: 0,
                solutions: Vec::new(),
                effort: Some(0),
                timed_out: true,
            };
        }
        if self.races(limit) {
            return self.raced(puzzle, limit, deadline);
        }
        if deadline.is_none() {
            return solutions(&mut self.search(puzzle, GivensAs::Units), limit);
        }
        let mut search = self.metered_search(puzzle, GivensAs::Units);
        search.set_deadline(deadline);
        let mut outcome = solutions(&mut search, limit);
        outcome.effort = Some(search.conflicts());
        outcome.timed_out = search.timed_out();
        outcome
    }

    fn check(&mut self, puzzle: &Puzzle) -> Verdict {
        self.incremental_check(puzzle)
    }

    /// With more than one thread, a search for one or two solutions (solving, checking)
    /// races that many searches, each configured and ordered differently, on the same
    /// puzzle: the first final answer wins and the others stop (see
    /// `race::race`). The answer is the one a single search gives, on every run; only
    /// the time varies. The effort of a raced run is not measured. Counting further and
    /// [`check_minimal`](Solver::check_minimal) stay on one thread.
    fn set_threads(&mut self, threads: usize) {
        self.racers = threads;
    }

    /// Without a deadline, the verdict and a clash shrunk within its budget
    /// ([`CLASH_FACTOR`](crate::solvers::CLASH_FACTOR) times the conflicts of proving the puzzle unsolvable, at least
    /// [`CLASH_FLOOR`]). With one, the search for two solutions is metered (and so stops
    /// in time), and the clash of a puzzle without solutions is shrunk until the deadline
    /// too.
    fn check_until(&mut self, puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Verdict> {
        if deadline.is_none() {
            return Some(self.incremental_check(puzzle));
        }
        let outcome = self.run(puzzle, 2, deadline);
        if outcome.timed_out {
            return None;
        }
        let verdict = outcome.effort.unwrap_or(0);
        Some(
            verdict_of(outcome.solutions)
                .unwrap_or_else(|| self.clash(puzzle, Shrink::Bounded { verdict, deadline })),
        )
    }

    /// One solver answers every question, each given dropped from the assumptions in turn.
    ///
    /// ```
    /// use satdoku::{Grid, Puzzle, SatSolver, Solver};
    /// let complete: Grid = "1234341221434321".parse()?;
    /// let puzzle = Puzzle::standard(complete)?;
    /// let (verdict, redundant) = SatSolver::new().check_minimal(&puzzle);
    /// assert_eq!(verdict.name(), "unique");
    /// assert_eq!(redundant.unwrap().givens.len(), 16); // any one given of a full grid can go
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn check_minimal(&mut self, puzzle: &Puzzle) -> (Verdict, Option<Redundant>) {
        let Some((verdict, givens)) =
            check::verdict_and_redundant(&mut self.search(puzzle, GivensAs::Assumptions))
        else {
            return (self.clash(puzzle, Shrink::Exhaustive), None);
        };
        let redundant = match (&verdict, givens) {
            (Verdict::Unique { solution }, Some(givens)) => Some(Redundant {
                givens,
                constraints: self.redundant_constraints(puzzle, solution),
            }),
            _ => None,
        };
        (verdict, redundant)
    }
}
