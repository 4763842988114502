//! Sums in the order encoding: literals "the partial sum is at least v", so that bounds on a few cells already bound the sum (used by arrows).

use super::cnf::{ConstraintCnf, Literal};
use super::sum::{Term, cell_term};
use crate::grid::Cell;

/// "The value is at least v", as the clauses see it: settled either way, or a literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AtLeast {
    Yes,
    No,
    Lit(Literal),
}

impl AtLeast {
    /// "It is below v".
    fn negated(self) -> AtLeast {
        match self {
            AtLeast::Yes => AtLeast::No,
            AtLeast::No => AtLeast::Yes,
            AtLeast::Lit(l) => AtLeast::Lit(!l),
        }
    }
}

/// Adds the clause "one of `parts` holds", unless one is settled true; parts settled false
/// are left out.
fn order_clause(cnf: &mut ConstraintCnf, parts: &[AtLeast]) {
    if parts.contains(&AtLeast::Yes) {
        return;
    }
    cnf.clause(parts.iter().filter_map(|p| match p {
        AtLeast::Lit(l) => Some(*l),
        _ => None,
    }));
}

/// An integer in the order encoding: the values it may take (ascending) and, for each but
/// the smallest, the literal "it is at least this value".
#[derive(Clone, Debug)]
pub(super) struct Ordered {
    values: Vec<i64>,
    at_least: Vec<Literal>,
}

impl Ordered {
    /// The integer 0.
    fn zero() -> Ordered {
        Ordered {
            values: vec![0],
            at_least: Vec::new(),
        }
    }

    /// "It is at least `v`": settled below its smallest value and above its largest, else
    /// the literal of the smallest value not below `v`.
    fn at_least(&self, v: i64) -> AtLeast {
        match self.values.partition_point(|&x| x < v) {
            0 => AtLeast::Yes,
            i if i == self.values.len() => AtLeast::No,
            i => AtLeast::Lit(self.at_least[i - 1]),
        }
    }

    /// An integer that may take `values` (ascending, at least one): new literals, each
    /// implying the one below it.
    fn fresh(cnf: &mut ConstraintCnf, values: Vec<i64>) -> Ordered {
        let at_least: Vec<Literal> = values.iter().skip(1).map(|_| cnf.aux()).collect();
        for pair in at_least.windows(2) {
            cnf.clause([!pair[1], pair[0]]);
        }
        Ordered { values, at_least }
    }

    /// The order encoding of a term: "at least v" holds exactly when an option of amount
    /// v or more does.
    fn of_term(cnf: &mut ConstraintCnf, term: &Term) -> Ordered {
        let mut values: Vec<i64> = term.iter().map(|&(_, a)| a).collect();
        values.sort_unstable();
        values.dedup();
        let ordered = Ordered::fresh(cnf, values);
        for (i, &v) in ordered.values.iter().enumerate().skip(1) {
            let lit = ordered.at_least[i - 1];
            let here: Vec<Literal> = term
                .iter()
                .filter(|&&(_, a)| a == v)
                .map(|&(l, _)| l)
                .collect();
            // An option of amount v makes it at least v (above v: through the next literal).
            for &l in &here {
                cnf.clause([!l, lit]);
            }
            // At least v: an option of amount v, or at least the next value.
            let mut support = vec![!lit];
            support.extend(here);
            support.extend(ordered.at_least.get(i).copied());
            cnf.clause(support);
        }
        ordered
    }

    /// The sum of `self` and `other`, kept to the values in `lo..=hi` (a value outside is
    /// forbidden): both bounds propagate, each way.
    fn plus(&self, cnf: &mut ConstraintCnf, other: &Ordered, lo: i64, hi: i64) -> Ordered {
        let mut values: Vec<i64> = self
            .values
            .iter()
            .flat_map(|&a| other.values.iter().map(move |&b| a + b))
            .filter(|s| (lo..=hi).contains(s))
            .collect();
        values.sort_unstable();
        values.dedup();
        if values.is_empty() {
            // No sum in reach: the smallest of each already overshoots, or the largest
            // falls short.
            cnf.clause([]);
            return Ordered {
                values: vec![lo],
                at_least: Vec::new(),
            };
        }
        let sum = Ordered::fresh(cnf, values);
        for &a in &self.values {
            for &b in &other.values {
                // At least a and at least b: at least a + b.
                order_clause(
                    cnf,
                    &[
                        self.at_least(a).negated(),
                        other.at_least(b).negated(),
                        sum.at_least(a + b),
                    ],
                );
                // At most a and at most b: at most a + b.
                order_clause(
                    cnf,
                    &[
                        self.at_least(a + 1),
                        other.at_least(b + 1),
                        sum.at_least(a + b + 1).negated(),
                    ],
                );
            }
        }
        sum
    }

    /// The sum of `terms` in a chain of partial sums, each kept to the values from which
    /// the rest can still end in `lo..=hi`.
    pub(super) fn sum(cnf: &mut ConstraintCnf, terms: &[Term], lo: i64, hi: i64) -> Ordered {
        let ranges: Vec<(i64, i64)> = terms
            .iter()
            .map(|t| {
                let amounts = t.iter().map(|&(_, a)| a);
                (
                    amounts.clone().min().unwrap_or(0),
                    amounts.max().unwrap_or(0),
                )
            })
            .collect();
        let mut rest = vec![(0i64, 0i64); terms.len() + 1];
        for i in (0..terms.len()).rev() {
            rest[i] = (rest[i + 1].0 + ranges[i].0, rest[i + 1].1 + ranges[i].1);
        }
        let mut acc = Ordered::zero();
        for (i, term) in terms.iter().enumerate() {
            let term = Ordered::of_term(cnf, term);
            let (min, max) = rest[i + 1];
            acc = acc.plus(cnf, &term, lo - max, hi - min);
        }
        acc
    }

    /// The sum of `terms` in a balanced tree of partial sums (a totalizer), each kept to the
    /// values from which the other terms can still end in `lo..=hi`.
    pub(super) fn tree_sum(cnf: &mut ConstraintCnf, terms: &[Term], lo: i64, hi: i64) -> Ordered {
        let leaves: Vec<Ordered> = terms.iter().map(|t| Ordered::of_term(cnf, t)).collect();
        let (min, max) = Ordered::span(&leaves);
        Ordered::tree(cnf, &leaves, lo - max, hi - min)
    }

    /// The smallest and largest sum of `leaves`.
    fn span(leaves: &[Ordered]) -> (i64, i64) {
        leaves.iter().fold((0, 0), |(a, b), o| {
            (a + o.values[0], b + o.values[o.values.len() - 1])
        })
    }

    /// The sum of `leaves`, kept to `gap_lo + their largest ..= gap_hi + their smallest`
    /// (the window minus what the other leaves can add).
    fn tree(cnf: &mut ConstraintCnf, leaves: &[Ordered], gap_lo: i64, gap_hi: i64) -> Ordered {
        match leaves {
            [] => return Ordered::zero(),
            [leaf] => return leaf.clone(),
            _ => {}
        }
        let (left, right) = leaves.split_at(leaves.len() / 2);
        let a = Ordered::tree(cnf, left, gap_lo, gap_hi);
        let b = Ordered::tree(cnf, right, gap_lo, gap_hi);
        let (min, max) = Ordered::span(leaves);
        a.plus(cnf, &b, gap_lo + max, gap_hi + min)
    }

    /// The sum of the values of `cells` (no cell twice), kept to `lo..=hi`. The cells are
    /// summed a house at a time (the house of the grid holding most of those left): the
    /// values within one house differ, which narrows their subtotal, and when the house's
    /// other cells are not many more (and the house holds every digit), the subtotal is
    /// also N(N+1)/2 minus theirs, so that what is known of either side bounds the other.
    /// The values are the numbers the digits stand for ([`Shape::number`]): one less each
    /// where digits start at 0, which moves the bounds below by one a cell.
    ///
    /// [`Shape::number`]: crate::grid::Shape::number
    pub(super) fn cells_sum(cnf: &mut ConstraintCnf, cells: &[Cell], lo: i64, hi: i64) -> Ordered {
        let n = cnf.size() as i64;
        let below = cnf.shape().place_excess() as i64;
        let mut left: Vec<Cell> = cells.to_vec();
        let mut parts: Vec<Ordered> = Vec::new();
        while !left.is_empty() {
            let shared = |h: &Vec<Cell>| left.iter().filter(|c| h.contains(c)).count();
            let house = cnf
                .houses()
                .iter()
                .max_by_key(|h| shared(h))
                .filter(|h| shared(h) >= 2)
                .cloned();
            let Some(house) = house else {
                // No two left share a house: one part each.
                for &cell in &left {
                    parts.push(Ordered::of_term(cnf, &cell_term(cnf, cell, 1)));
                }
                break;
            };
            let (group, rest): (Vec<Cell>, Vec<Cell>) =
                left.iter().partition(|c| house.contains(c));
            left = rest;
            let k = group.len() as i64;
            let (least, most) = (
                k * (k + 1) / 2 - below * k,
                k * (2 * n - k + 1) / 2 - below * k,
            );
            let terms: Vec<Term> = group.iter().map(|&c| cell_term(cnf, c, 1)).collect();
            let part = Ordered::tree_sum(cnf, &terms, least, most);
            let others: Vec<Cell> = house
                .iter()
                .filter(|c| !group.contains(c))
                .copied()
                .collect();
            // Measured: tying also when the others are one more than the group halves the
            // hardest pill puzzle's time; more costs the others. A house adds up to N(N+1)/2
            // only when it holds every digit: not on a grid of more digits than it has cells.
            if cnf.shape().is_exact() && others.len() <= group.len() + 1 {
                let total = n * (n + 1) / 2 - below * n;
                let terms: Vec<Term> = others.iter().map(|&c| cell_term(cnf, c, -1)).collect();
                Ordered::tree_sum(cnf, &terms, least - total, most - total)
                    .shifted(total)
                    .tie(cnf, &part);
            }
            parts.push(part);
        }
        let (min, max) = Ordered::span(&parts);
        Ordered::tree(cnf, &parts, lo - max, hi - min)
    }

    /// The same integer plus `k`.
    fn shifted(&self, k: i64) -> Ordered {
        Ordered {
            values: self.values.iter().map(|v| v + k).collect(),
            at_least: self.at_least.clone(),
        }
    }

    /// `self` and `other` are equal: "at least v" the same on both sides for every v
    /// either may take.
    pub(super) fn tie(&self, cnf: &mut ConstraintCnf, other: &Ordered) {
        let mut values: Vec<i64> = self.values.iter().chain(&other.values).copied().collect();
        values.sort_unstable();
        values.dedup();
        // One past the largest, so that neither exceeds the other's largest value.
        values.push(values.last().copied().unwrap_or(0) + 1);
        for v in values {
            let (a, b) = (self.at_least(v), other.at_least(v));
            order_clause(cnf, &[a.negated(), b]);
            order_clause(cnf, &[b.negated(), a]);
        }
    }
}
