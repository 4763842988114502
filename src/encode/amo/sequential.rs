//! Sinz's sequential counter at-most-one encoding: linear in the group size.

use varisat::{ExtendFormula, Lit};

use super::AtMostOne;

/// Sinz's sequential counter: new variables sᵢ mean "one of x₁..xᵢ is true";
/// 3k−4 clauses and k−1 new variables for k literals.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sequential;

impl AtMostOne for Sequential {
    fn encode<F: ExtendFormula>(&self, formula: &mut F, lits: &[Lit]) {
        let k = lits.len();
        if k < 2 {
            return;
        }
        let s: Vec<Lit> = (0..k - 1).map(|_| formula.new_lit()).collect();
        formula.add_clause(&[!lits[0], s[0]]);
        for i in 1..k - 1 {
            formula.add_clause(&[!lits[i], s[i]]);
            formula.add_clause(&[!s[i - 1], s[i]]);
            formula.add_clause(&[!lits[i], !s[i - 1]]);
        }
        formula.add_clause(&[!lits[k - 1], !s[k - 2]]);
    }
}
