//! The variant constraints' clauses on a numbering: literals of cells decided before encoding become constants.

use std::sync::Arc;

use varisat::{ExtendFormula, Lit, Var};

use crate::constraint::{Atom, ConstraintCnf, Literal};
use crate::grid::{Cell, Digit};
use crate::rules::Rules;

/// What a "cell holds digit" literal is under a numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// Decided true (the cell holds the digit).
    True,
    /// Decided false (the digit is no candidate of the cell).
    False,
    /// Still open: this literal.
    Open(Lit),
}

/// Adds the variables "cell lies in region k" to `formula` when `rules` find their regions
/// (chaos construction): N a cell, cell by cell in reading order, region by region; returns
/// the first. Numberings place them right after the cell-digit variables.
pub(crate) fn region_block<F: ExtendFormula>(formula: &mut F, rules: &Rules) -> Option<Var> {
    if !rules.finds_regions() {
        return None;
    }
    let count = rules.shape().cell_count() * rules.shape().size();
    let first = formula.new_var();
    for _ in formula.new_var_iter(count - 1) {}
    Some(first)
}

/// The variable "`cell` lies in region `region`" in a block that starts at `first` (see
/// [`region_block`]).
pub(crate) fn region_var(first: Var, shape: crate::grid::Shape, cell: Cell, region: usize) -> Var {
    Var::from_index(first.index() + shape.index(cell) * shape.size() + region)
}

/// Adds the clauses of every variant constraint of `rules` (each told the houses of
/// `rules`) to `formula`, mapping "cell holds digit" through `lookup` and giving each
/// auxiliary variable a new variable; "cell lies in region k" is the variable of the block
/// that starts at `regions` (see [`region_block`]).
/// Clauses satisfied by a constant are dropped, false literals left out; a clause left
/// empty makes the formula unsatisfiable, as it should.
///
/// When `guarded`, each constraint gets a new variable, its selector, and each of its
/// clauses the selector's negation: the constraint holds when its selector is assumed, and
/// not otherwise. The selectors are returned in the order of the rules (none unguarded).
pub(crate) fn encode_constraints<F: ExtendFormula>(
    formula: &mut F,
    rules: &Rules,
    lookup: impl Fn(Cell, Digit) -> Known,
    regions: Option<Var>,
    guarded: bool,
) -> Vec<Lit> {
    let mut selectors = Vec::new();
    if rules.constraints().is_empty() {
        return selectors;
    }
    let mut clause: Vec<Lit> = Vec::new();
    let houses: Arc<Vec<Vec<Cell>>> = Arc::new(
        rules
            .houses()
            .into_iter()
            .map(|house| rules.cells(house))
            .filter(|cells| cells.len() == rules.shape().size())
            .collect(),
    );
    for constraint in rules.constraints() {
        let mut cnf = ConstraintCnf::with_houses(rules.shape(), Arc::clone(&houses));
        constraint.get().encode(&mut cnf);
        let selector = guarded.then(|| formula.new_var().positive());
        selectors.extend(selector);
        let mut aux: Vec<Option<Var>> = vec![None; cnf.aux_count() as usize];
        'clauses: for lits in cnf.clauses() {
            clause.clear();
            for &Literal { atom, positive } in lits {
                let lit = match atom {
                    Atom::Holds(cell, value) => {
                        match lookup(cell, Digit::new(value).expect("values are 1..=N")) {
                            Known::True if positive => continue 'clauses,
                            Known::False if !positive => continue 'clauses,
                            Known::True | Known::False => continue,
                            Known::Open(lit) => lit,
                        }
                    }
                    Atom::Aux(i) => aux[i as usize]
                        .get_or_insert_with(|| formula.new_var())
                        .positive(),
                    Atom::Region(cell, k) => {
                        let first = regions.expect("regions named only by rules that find them");
                        region_var(first, rules.shape(), cell, k as usize).positive()
                    }
                };
                clause.push(if positive { lit } else { !lit });
            }
            clause.extend(selector.map(|s| !s));
            formula.add_clause(&clause);
        }
    }
    selectors
}
