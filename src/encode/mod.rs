//! CNF encoding of the rules, for any shape and rules, against varisat's `ExtendFormula`.
//!
//! Variable `(r·N + c)·M + d` (0-based row, column and digit; M digits, N unless the grid
//! takes more; DIMACS number one more) is true when cell r,c holds digit d+1. Every cell
//! holds exactly one digit, and every house (row, column, region and extra region of the
//! [`Rules`]) holds every digit exactly once (at most once when M > N):
//! one at-least-one clause and one at-most-one constraint per group, and two cells apart by
//! another relation (anti-knight, anti-king) a binary clause per digit (the
//! [extended](Clauses::Extended) clauses; the [minimal](Clauses::Minimal) ones keep only
//! what suffices, and [preprocessing](Preprocess) drops what the givens decide). Givens are unit literals, added as clauses or passed as assumptions.

pub mod amo;
mod constraints;
mod dimacs;
mod kind;
mod reduced;

use std::sync::Arc;

use varisat::{CnfFormula, ExtendFormula, Lit, Var};

pub use amo::{AmoEncoding, AtMostOne};
pub(crate) use constraints::{Known, encode_constraints, region_block, region_var};
pub use dimacs::write_cnf;
pub use kind::{Clauses, EncodingKind, Preprocess};
pub use reduced::{Numbering, Reduced};

use crate::grid::{Cell, Digit, Grid, Shape};

use crate::rules::{Layout, Rules};

/// The encoding of one set of rules: its variable numbering and its clauses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Encoding {
    shape: Shape,
    rules: Arc<Rules>,
    kind: EncodingKind,
    amo: AmoEncoding,
}

impl Encoding {
    /// The [extended](EncodingKind::Extended) encoding of `rules`, with the at-most-one
    /// encoding chosen by size.
    pub fn new(rules: &Arc<Rules>) -> Encoding {
        let shape = rules.shape();
        Encoding {
            shape,
            rules: Arc::clone(rules),
            kind: EncodingKind::Extended,
            amo: AmoEncoding::for_shape(shape),
        }
    }

    /// The same encoding with at-most-one constraints encoded by `amo`.
    pub fn with_amo(self, amo: AmoEncoding) -> Encoding {
        Encoding { amo, ..self }
    }

    /// The same encoding of kind `kind`: its rule clauses, and the preprocessing of the
    /// formulas it describes (which [`Reduced`] builds; the rule clauses of
    /// [`Encoding::rules`] are never preprocessed).
    pub fn with_kind(self, kind: EncodingKind) -> Encoding {
        Encoding { kind, ..self }
    }

    /// The kind: which clauses encode the rules, and how the puzzles' formulas are
    /// preprocessed.
    pub fn kind(&self) -> EncodingKind {
        self.kind
    }

    /// The shape encoded.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The rules encoded.
    pub fn rules_encoded(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The at-most-one encoding in use.
    pub fn amo(&self) -> AmoEncoding {
        self.amo
    }

    /// N²·M (N³ unless the grid takes more digits), the number of cell-digit variables
    /// (auxiliary variables come after them).
    pub fn cell_var_count(&self) -> usize {
        self.shape.cell_count() * self.shape.digit_count()
    }

    /// The variable "`cell` holds `digit`".
    pub fn var(&self, cell: Cell, digit: Digit) -> Var {
        Var::from_index(self.shape.index(cell) * self.shape.digit_count() + digit.index())
    }

    /// The cell and digit of a cell-digit variable, `None` for an auxiliary variable.
    pub fn cell_digit(&self, var: Var) -> Option<(Cell, Digit)> {
        let size = self.shape.digit_count();
        let index = var.index();
        (index < self.cell_var_count()).then(|| {
            let cell = self.shape.cell_at(index / size).expect("index < N³");
            (cell, Digit::from_index(index % size))
        })
    }

    /// Each cell's digit literals: exactly one of each group is true.
    pub fn cell_groups(&self) -> impl Iterator<Item = Vec<Lit>> + '_ {
        let shape = self.shape;
        shape.cells().map(move |cell| {
            shape
                .digits()
                .map(|digit| self.var(cell, digit).positive())
                .collect()
        })
    }

    /// For each house and digit, the literals of the digit in the house's cells: exactly
    /// one of each group is true (at most one when the grid takes more digits than the house
    /// has cells).
    pub fn house_groups(&self) -> impl Iterator<Item = Vec<Lit>> + '_ {
        let shape = self.shape;
        self.rules.houses().into_iter().flat_map(move |house| {
            let cells = self.rules.cells(house);
            shape.digits().map(move |digit| {
                cells
                    .iter()
                    .map(|&cell| self.var(cell, digit).positive())
                    .collect()
            })
        })
    }

    /// Adds the rules to `formula`, which must be empty (a fresh `CnfFormula` or
    /// `Solver`): the cell-digit variables take the first N³ indices. The minimal encoding
    /// gives each cell an at-least-one clause and each digit of each house an at-most-one
    /// constraint; the extended encoding (also the template of the reduced one) adds the
    /// other two halves of both exactly-ones.
    ///
    /// # Panics
    /// If `formula` already has variables.
    pub fn encode_rules<F: ExtendFormula>(&self, formula: &mut F) {
        self.encode_rules_guarded(formula, false);
    }

    /// The rules as a formula in which each variant constraint holds only when its
    /// selector is assumed, and the selectors in the order of the rules' constraints: a
    /// search assuming a subset of them (and of the givens) asks about the puzzle under
    /// only those constraints, and its failed cores name constraints as well as givens.
    pub fn guarded_rules(&self) -> (CnfFormula, Vec<Lit>) {
        let mut formula = CnfFormula::new();
        let selectors = self.encode_rules_guarded(&mut formula, true);
        (formula, selectors)
    }

    /// [`Encoding::encode_rules`], the constraints guarded by selectors when `guarded`
    /// (returned; none otherwise).
    fn encode_rules_guarded<F: ExtendFormula>(&self, formula: &mut F, guarded: bool) -> Vec<Lit> {
        let first = formula.new_var();
        assert_eq!(first.index(), 0, "encode_rules needs an empty formula");
        for _ in formula.new_var_iter(self.cell_var_count() - 1) {}
        let regions = region_block(formula, &self.rules);
        let extended = self.kind.clauses() == Clauses::Extended;
        // With more digits than a house has cells, nothing else keeps a cell to one digit.
        let exact = self.shape.is_exact();
        for group in self.cell_groups() {
            formula.add_clause(&group);
            if extended || !exact {
                self.amo.encode(formula, &group);
            }
        }
        for group in self.house_groups() {
            // A house of a cell per digit holds every digit (every house, when the digits
            // are as many as a row's cells).
            if extended && group.len() == self.shape.digit_count() {
                formula.add_clause(&group);
            }
            self.amo.encode(formula, &group);
        }
        let layout = Layout::new(&self.rules);
        for &(a, b) in layout.apart() {
            let (a, b) = (
                self.shape.cell_at(a as usize).expect("a cell index"),
                self.shape.cell_at(b as usize).expect("a cell index"),
            );
            for digit in self.shape.digits() {
                formula.add_clause(&[
                    !self.var(a, digit).positive(),
                    !self.var(b, digit).positive(),
                ]);
            }
        }
        encode_constraints(
            formula,
            &self.rules,
            |cell, digit| Known::Open(self.var(cell, digit).positive()),
            regions,
            guarded,
        )
    }

    /// The rules as a formula.
    pub fn rules(&self) -> CnfFormula {
        let mut formula = CnfFormula::new();
        self.encode_rules(&mut formula);
        formula
    }

    /// The literals fixed by the givens of `grid`.
    pub fn given_lits<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = Lit> + 'a {
        grid.givens()
            .map(move |(cell, digit)| self.var(cell, digit).positive())
    }

    /// Adds the givens of `grid` to `formula` as unit clauses.
    pub fn encode_givens<F: ExtendFormula>(&self, formula: &mut F, grid: &Grid) {
        for lit in self.given_lits(grid) {
            formula.add_clause(&[lit]);
        }
    }

    /// The grid a model describes: each cell gets the digit whose variable is true.
    pub fn decode(&self, model: &[Lit]) -> Grid {
        Numbering::Full(self.clone()).decode(model, &Grid::empty(self.shape))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_round_trips() {
        for shape in Shape::square() {
            let encoding = Encoding::new(&Arc::new(Rules::standard(shape).unwrap()));
            let cell = shape.cell(shape.size() - 1, 1).unwrap();
            let digit = shape.digit(shape.size()).unwrap();
            let var = encoding.var(cell, digit);
            assert_eq!(
                var.index(),
                ((cell.row() * shape.size() + cell.col()) * shape.size()) + digit.index()
            );
            assert_eq!(encoding.cell_digit(var), Some((cell, digit)));
            assert_eq!(
                encoding.cell_digit(Var::from_index(encoding.cell_var_count())),
                None
            );
        }
    }

    /// Closed-form clause and variable counts: G groups of N literals (G = 4N², plus 2N
    /// for the diagonals), each one at-least-one clause plus its at-most-one clauses.
    #[test]
    fn clause_counts_match_the_closed_forms() {
        for shape in Shape::square().take(4) {
            for diagonal in [false, true] {
                let rules = crate::rules::RulesSpec::classic(diagonal)
                    .rules_for(shape)
                    .unwrap();
                let n = shape.size();
                let groups = 4 * n * n + if diagonal { 2 * n } else { 0 };
                let pairwise = Encoding::new(&rules)
                    .with_amo(AmoEncoding::Pairwise)
                    .rules();
                assert_eq!(pairwise.var_count(), n * n * n);
                assert_eq!(pairwise.len(), groups * (1 + n * (n - 1) / 2));
                let sequential = Encoding::new(&rules)
                    .with_amo(AmoEncoding::Sequential)
                    .rules();
                assert_eq!(sequential.var_count(), n * n * n + groups * (n - 1));
                assert_eq!(sequential.len(), groups * (1 + 3 * n - 4));
                // Minimal: the cells' at-least-one and the houses' at-most-one halves.
                let minimal = Encoding::new(&rules)
                    .with_amo(AmoEncoding::Pairwise)
                    .with_kind(EncodingKind::Minimal)
                    .rules();
                assert_eq!(minimal.len(), n * n + (groups - n * n) * (n * (n - 1) / 2));
            }
        }
    }
}
