//! At-most-one encodings, one file each, behind the [`AtMostOne`] trait.

mod commander;
mod pairwise;
mod product;
mod sequential;

use varisat::{ExtendFormula, Lit};

pub use commander::Commander;
pub use pairwise::Pairwise;
pub use product::Product;
pub use sequential::Sequential;

use crate::grid::Shape;

/// A way to say "at most one of these literals is true" in clauses.
pub trait AtMostOne {
    /// Adds clauses (and, if the encoding needs them, new variables) to `formula` so that
    /// at most one of `lits` can be true.
    fn encode<F: ExtendFormula>(&self, formula: &mut F, lits: &[Lit]);
}

/// The at-most-one encodings available, as a value to choose at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AmoEncoding {
    /// [`Pairwise`]: k(k−1)/2 binary clauses, no new variables.
    Pairwise,
    /// [`Sequential`]: Sinz's sequential counter, 3k−4 clauses and k−1 new variables.
    Sequential,
    /// [`Commander`]: groups of three under commander variables, recursively.
    Commander,
    /// [`Product`]: Chen's two-dimensional product encoding, recursively.
    Product,
}

crate::named::named_enum!(AmoEncoding, "at-most-one encoding", {
    Pairwise => "pairwise",
    Sequential => "sequential",
    Commander => "commander",
    Product => "product",
});

impl AmoEncoding {
    /// The default for the full rule formulas (the minimal and extended encodings, and
    /// searches with the givens as assumptions), whose every group has N literals, by
    /// measurement (BENCHMARKS.md): pairwise up to 25×25, where varisat solves it fastest
    /// although its clauses grow as N⁴; the sequential counter from 36×36 on, where
    /// pairwise clauses number in the millions (3.3 million at 36×36) and take longer to
    /// load than most puzzles take to solve.
    pub fn for_shape(shape: Shape) -> AmoEncoding {
        if shape.size() <= 25 {
            AmoEncoding::Pairwise
        } else {
            AmoEncoding::Sequential
        }
    }

    /// The default for the per-puzzle reduced and propagated formulas, whose groups hold
    /// only the candidates left, by measurement (BENCHMARKS.md): pairwise up to 49×49 (the
    /// fastest on generated puzzles, half-blanked grids and empty grids of every size
    /// measured, and with repeated pairs written once); the commander encoding at 64×64,
    /// where an empty grid would take some 28 million pairwise clauses (at 49×49 the
    /// commander encoding took a fifth of pairwise's memory and was the fastest of the
    /// linear encodings).
    pub fn for_reduced(shape: Shape) -> AmoEncoding {
        if shape.size() <= 49 {
            AmoEncoding::Pairwise
        } else {
            AmoEncoding::Commander
        }
    }
}

impl AtMostOne for AmoEncoding {
    fn encode<F: ExtendFormula>(&self, formula: &mut F, lits: &[Lit]) {
        match self {
            AmoEncoding::Pairwise => Pairwise.encode(formula, lits),
            AmoEncoding::Sequential => Sequential.encode(formula, lits),
            AmoEncoding::Commander => Commander.encode(formula, lits),
            AmoEncoding::Product => Product.encode(formula, lits),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::{CnfFormula, Solver};

    /// For every assignment of 0, 1 or 2 true literals among k, the encoding is
    /// satisfiable exactly when at most one is true.
    fn check(encoding: AmoEncoding) {
        for k in 1..=20 {
            for a in 0..=k {
                for b in a..=k {
                    let mut formula = CnfFormula::new();
                    let lits: Vec<Lit> = (0..k).map(|_| formula.new_lit()).collect();
                    encoding.encode(&mut formula, &lits);
                    let mut solver = Solver::new();
                    solver.add_formula(&formula);
                    let chosen: Vec<Lit> = [a, b]
                        .into_iter()
                        .filter(|&i| i < k)
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .map(|i| lits[i])
                        .collect();
                    solver.assume(&chosen);
                    assert_eq!(
                        solver.solve().unwrap(),
                        chosen.len() <= 1,
                        "{encoding:?} k={k} {a} {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn pairwise_allows_exactly_at_most_one() {
        check(AmoEncoding::Pairwise);
    }

    #[test]
    fn sequential_allows_exactly_at_most_one() {
        check(AmoEncoding::Sequential);
    }

    #[test]
    fn commander_allows_exactly_at_most_one() {
        check(AmoEncoding::Commander);
    }

    #[test]
    fn product_allows_exactly_at_most_one() {
        check(AmoEncoding::Product);
    }
}
