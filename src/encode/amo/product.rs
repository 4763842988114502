//! Chen's product at-most-one encoding: literals on a grid, at most one row and one column.

use varisat::{ExtendFormula, Lit};

use super::{AtMostOne, Pairwise};

/// The k literals laid on a p×q grid (p = ⌈√k⌉): each true literal implies its row
/// variable and its column variable, and at most one row and one column are true,
/// recursively. 2k + O(√k) clauses and about 2√k new variables; groups of up to six are
/// encoded pairwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct Product;

impl AtMostOne for Product {
    fn encode<F: ExtendFormula>(&self, formula: &mut F, lits: &[Lit]) {
        let k = lits.len();
        if k <= 6 {
            return Pairwise.encode(formula, lits);
        }
        let p = k.isqrt() + usize::from(k.isqrt() * k.isqrt() < k);
        let q = k.div_ceil(p);
        let rows: Vec<Lit> = (0..k.div_ceil(q)).map(|_| formula.new_lit()).collect();
        let cols: Vec<Lit> = (0..q).map(|_| formula.new_lit()).collect();
        for (i, &lit) in lits.iter().enumerate() {
            formula.add_clause(&[!lit, rows[i / q]]);
            formula.add_clause(&[!lit, cols[i % q]]);
        }
        self.encode(formula, &rows);
        self.encode(formula, &cols);
    }
}
