//! Sums in clauses: a chain of partial sums, each term one of several weighted literals (counts too: a term per cell, 1 where it holds a digit), shared by cages, arrows, little killers, sandwiches and lunchboxes, X-sums, skyscrapers, sum lines and the lines whose groups of cells sum alike (region-sum and zipper lines, double arrows).

use std::collections::BTreeMap;

use super::CellValues;
use super::cnf::{ConstraintCnf, Literal};
use crate::grid::Cell;

/// One term of a sum: exactly one of its options holds, and adds its amount.
pub(super) type Term = Vec<(Literal, i64)>;

/// The term "the number in `cell` (its digit's [`Shape::number`]), times `weight`".
///
/// [`Shape::number`]: crate::grid::Shape::number
pub(super) fn cell_term(cnf: &ConstraintCnf, cell: Cell, weight: i64) -> Term {
    let shape = cnf.shape();
    (1..=cnf.size())
        .map(|v| (cnf.holds(cell, v), weight * shape.number(v) as i64))
        .collect()
}

/// The terms counting the cells of `cells` that hold `value`: each adds 1 where it does.
pub(super) fn count_terms(cnf: &ConstraintCnf, cells: &[Cell], value: usize) -> Vec<Term> {
    cells
        .iter()
        .map(|&cell| {
            let x = cnf.holds(cell, value);
            vec![(x, 1), (!x, 0)]
        })
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
/// chain), or through [`Chain::walk`] any state a step function names (a sum line's
/// running total, back to 0 at each segment's end). A state no solution may reach is not
/// made: the clause instead forbids the step into it.
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
        Chain::walk(cnf, guard, terms, |i, sum, amount| {
            let to = sum + amount;
            keep(i, to).then_some(to)
        })
    }

    /// The chain of `terms` through states other than plain partial sums: from state 0,
    /// term i (1-based) adding `amount` leads from state `s` to `step(i, s, amount)`, or
    /// nowhere (`None`: that step is forbidden, under `guard` when there is one).
    pub(super) fn walk(
        cnf: &mut ConstraintCnf,
        guard: Option<Literal>,
        terms: &[Term],
        step: impl Fn(usize, i64, i64) -> Option<i64>,
    ) -> Chain {
        let mut levels: Vec<BTreeMap<i64, Option<Literal>>> = vec![BTreeMap::from([(0, None)])];
        for (i, term) in terms.iter().enumerate() {
            let mut next: BTreeMap<i64, Option<Literal>> = BTreeMap::new();
            // Which steps lead into each state, for its support clauses.
            let mut into: BTreeMap<i64, (Vec<Literal>, Vec<Option<Literal>>)> = BTreeMap::new();
            let prev = &levels[i];
            for (&sum, &state) in prev {
                for &(lit, amount) in term {
                    let Some(to) = step(i + 1, sum, amount) else {
                        let unless = state.into_iter().chain(guard).map(|s| !s);
                        cnf.clause(unless.chain([!lit]));
                        continue;
                    };
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

    /// The states after the last term, each with its variable (`None`: the state that
    /// always holds, when there are no terms): exactly one holds.
    pub(super) fn last(&self) -> &BTreeMap<i64, Option<Literal>> {
        self.levels.last().expect("a chain has its starting level")
    }

    /// The sum of `terms` is `total`.
    pub(super) fn equal(cnf: &mut ConstraintCnf, terms: &[Term], total: i64) {
        Chain::one_of_if(cnf, None, terms, &[total]);
    }

    /// The sum of `terms` is `total` when `guard` holds (always, if none).
    pub(super) fn equal_if(
        cnf: &mut ConstraintCnf,
        guard: Option<Literal>,
        terms: &[Term],
        total: i64,
    ) {
        Chain::one_of_if(cnf, guard, terms, &[total]);
    }

    /// The sum of `terms` is one of `totals`.
    pub(super) fn one_of(cnf: &mut ConstraintCnf, terms: &[Term], totals: &[i64]) {
        Chain::one_of_if(cnf, None, terms, totals);
    }

    /// The sum of `terms` is one of `totals` when `guard` holds (always, if none): the
    /// chain keeps only the partial sums from which the rest can still reach one of them.
    fn one_of_if(cnf: &mut ConstraintCnf, guard: Option<Literal>, terms: &[Term], totals: &[i64]) {
        let ranges: Vec<(i64, i64)> = terms.iter().map(range).collect();
        // The smallest and largest amount of terms i.. (suffixes).
        let mut rest = vec![(0i64, 0i64); terms.len() + 1];
        for i in (0..terms.len()).rev() {
            rest[i] = (rest[i + 1].0 + ranges[i].0, rest[i + 1].1 + ranges[i].1);
        }
        let chain = Chain::new(cnf, guard, terms, |i, sum| {
            let reach = sum + rest[i].0..=sum + rest[i].1;
            totals.iter().any(|total| reach.contains(total))
        });
        // Only the totals survive the last term; if the chain has no state left, the sum is
        // out of reach and the steps into nothing already forbid every way there.
        debug_assert!(
            chain
                .levels
                .last()
                .is_none_or(|l| l.keys().all(|s| totals.contains(s)))
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

/// The groups of cells all have the same sum: the group of fewest cells is the hub, and a
/// chain per other group says its sum minus the hub's is 0 (a star: every group's sum
/// reaches the others through the hub's).
pub(super) fn equal_sums(cnf: &mut ConstraintCnf, groups: &[Vec<Cell>]) {
    let Some(hub) = (0..groups.len()).min_by_key(|&i| groups[i].len()) else {
        return;
    };
    for (i, group) in groups.iter().enumerate() {
        if i == hub {
            continue;
        }
        let terms: Vec<Term> = groups[hub]
            .iter()
            .map(|&c| cell_term(cnf, c, 1))
            .chain(group.iter().map(|&c| cell_term(cnf, c, -1)))
            .collect();
        Chain::equal(cnf, &terms, 0);
    }
}

/// Whether the filled values leave the groups some common sum: each group's sums run from
/// its filled numbers plus the lowest per blank to its filled numbers plus the highest per
/// blank, and the ranges must meet (exact on complete groups).
pub(super) fn equal_sums_admit(values: &CellValues<'_>, groups: &[Vec<Cell>]) -> bool {
    let (least, most) = (values.shape().lowest(), values.shape().highest());
    let (mut lo, mut hi) = (usize::MIN, usize::MAX);
    for group in groups {
        let (mut min, mut max) = (0, 0);
        for &cell in group {
            match values.get(cell) {
                Some(v) => (min, max) = (min + v, max + v),
                None => (min, max) = (min + least, max + most),
            }
        }
        (lo, hi) = (lo.max(min), hi.min(max));
    }
    lo <= hi
}
