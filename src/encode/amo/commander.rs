//! The commander at-most-one encoding (Klieber and Kwon): groups with commander variables.

use varisat::{ExtendFormula, Lit};

use super::{AtMostOne, Pairwise};

/// Literals in groups of three, each group pairwise at-most-one with a commander variable
/// that any true member implies; at most one commander, recursively. About 3k clauses and
/// k/2 new variables for k literals; groups of up to six are encoded pairwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct Commander;

/// Members per group.
const GROUP: usize = 3;

impl AtMostOne for Commander {
    fn encode<F: ExtendFormula>(&self, formula: &mut F, lits: &[Lit]) {
        if lits.len() <= 2 * GROUP {
            return Pairwise.encode(formula, lits);
        }
        let commanders: Vec<Lit> = lits
            .chunks(GROUP)
            .map(|group| {
                Pairwise.encode(formula, group);
                let commander = formula.new_lit();
                for &lit in group {
                    formula.add_clause(&[!lit, commander]);
                }
                commander
            })
            .collect();
        self.encode(formula, &commanders);
    }
}
