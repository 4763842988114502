//! The pairwise at-most-one encoding: a binary clause for every pair.

use varisat::{ExtendFormula, Lit};

use super::AtMostOne;

/// `¬a ∨ ¬b` for every pair: k(k−1)/2 clauses, no new variables, full propagation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pairwise;

impl AtMostOne for Pairwise {
    fn encode<F: ExtendFormula>(&self, formula: &mut F, lits: &[Lit]) {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                formula.add_clause(&[!a, !b]);
            }
        }
    }
}
