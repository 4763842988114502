//! Sums in clauses: a chain of partial sums, each term one of several weighted literals, shared by cages, arrows, little killers, sandwiches, X-sums and skyscrapers.

use std::collections::BTreeMap;

use super::cnf::{ConstraintCnf, Literal};
use crate::grid::Cell;

/// One term of a sum: exactly one of its options holds, and adds its amount.
pub(super) type Term = Vec<(Literal, i64)>;

/// The term "the value of `cell`, times `weight`".
pub(super) fn cell_term(cnf: &ConstraintCnf, cell: Cell, weight: i64) -> Term {
    (1..=cnf.size())
        .map(|v| (cnf.holds(cell, v), weight * v as i64))
        .collect()
}

/// The smallest and largest amounts of a term.
fn range(term: &Term) -> (i64, i64) {
    let amounts = term.iter().map(|&(_, a)| a);
    (
        amounts.clone().min().unwrap_or(0),
        amounts.max().unwrap_or(0),
    )
}

/// Partial sums in clauses: after term i, variable `s[i][v]` is forced true when the first
/// i terms sum to v (the order encoding's forward half, Bailleux et al.'s totalizer in a
/// chain). A state no solution may reach is not made: the clause instead forbids the step
/// into it.
pub(super) struct Chain {
    /// The states after each term: the partial sums kept and their variables (`None`: the
    /// empty sum, which always holds).
    levels: Vec<BTreeMap<i64, Option<Literal>>>,
}

impl Chain {
    /// The chain of `terms`, keeping after term i (1-based) only the partial sums `keep`
    /// accepts, when `guard` holds (always, if none): a step out of what `keep` accepts is
    /// forbidden only under the guard, the other clauses say what the partial sums are.
    pub(super) fn new(
        cnf: &mut ConstraintCnf,
        guard: Option<Literal>,
        terms: &[Term],
        keep: impl Fn(usize, i64) -> bool,
    ) -> Chain {
        let mut levels: Vec<BTreeMap<i64, Option<Literal>>> = vec![BTreeMap::from([(0, None)])];
        for (i, term) in terms.iter().enumerate() {
            let mut next: BTreeMap<i64, Option<Literal>> = BTreeMap::new();
            // Which steps lead into each state, for its support clauses.
            let mut into: BTreeMap<i64, (Vec<Literal>, Vec<Option<Literal>>)> = BTreeMap::new();
            let prev = &levels[i];
            for (&sum, &state) in prev {
                for &(lit, amount) in term {
                    let to = sum + amount;
                    if !keep(i + 1, to) {
                        let unless = state.into_iter().chain(guard).map(|s| !s);
                        cnf.clause(unless.chain([!lit]));
                        continue;
                    }
                    let target = *next.entry(to).or_insert_with(|| Some(cnf.aux()));
                    let target = target.expect("made above");
                    cnf.clause(state.map(|s| !s).into_iter().chain([!lit, target]));
                    let (lits, states) = into.entry(to).or_default();
                    if !lits.contains(&lit) {
                        lits.push(lit);
                    }
                    if !states.contains(&state) {
                        states.push(state);
                    }
                }
            }
            // Support: a state holds only through one of the steps into it.
            for (to, (lits, states)) in into {
                let target = next[&to].expect("made above");
                cnf.clause([!target].into_iter().chain(lits));
                if !states.contains(&None) {
                    cnf.clause([!target].into_iter().chain(states.into_iter().flatten()));
                }
            }
            // One partial sum after each term: the states say exactly what it is.
            let states: Vec<Literal> = next.values().flatten().copied().collect();
            cnf.at_most_one(&states);
            levels.push(next);
        }
        Chain { levels }
    }

    /// The sum of `terms` is `total`: the chain keeps only the partial sums from which the
    /// rest can still reach it.
    pub(super) fn equal(cnf: &mut ConstraintCnf, terms: &[Term], total: i64) {
        Chain::equal_if(cnf, None, terms, total)
    }

    /// The sum of `terms` is `total` when `guard` holds (always, if none).
    pub(super) fn equal_if(
        cnf: &mut ConstraintCnf,
        guard: Option<Literal>,
        terms: &[Term],
        total: i64,
    ) {
        let ranges: Vec<(i64, i64)> = terms.iter().map(range).collect();
        // The smallest and largest amount of terms i.. (suffixes).
        let mut rest = vec![(0i64, 0i64); terms.len() + 1];
        for i in (0..terms.len()).rev() {
            rest[i] = (rest[i + 1].0 + ranges[i].0, rest[i + 1].1 + ranges[i].1);
        }
        let chain = Chain::new(cnf, guard, terms, |i, sum| {
            (sum + rest[i].0..=sum + rest[i].1).contains(&total)
        });
        // Only `total` survives the last term; if the chain has no state left, the sum is
        // out of reach and the steps into nothing already forbid every way there.
        debug_assert!(
            chain
                .levels
                .last()
                .is_none_or(|l| l.keys().all(|&s| s == total))
        );
    }
}

/// Whether the filled values of a sum can still reach `total`: `values[i]` is term i's
/// value (0: blank) and each blank term takes some value in `lo..=hi`.
pub(super) fn sum_admits(values: &[u8], weights: &[i64], lo: i64, hi: i64, total: i64) -> bool {
    let (mut min, mut max) = (0i64, 0i64);
    for (&v, &w) in values.iter().zip(weights) {
        if v == 0 {
            let (a, b) = (w * lo, w * hi);
            min += a.min(b);
            max += a.max(b);
        } else {
            min += w * v as i64;
            max += w * v as i64;
        }
    }
    (min..=max).contains(&total)
}
