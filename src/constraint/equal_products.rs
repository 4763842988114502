//! Equal products: groups of cells whose digits multiply to the same product (diagonals of "the same product"), each group any cells.
//!
//! The rule as setters state it ("Every indicated diagonal has the same product", Cross
//! Product, Cracking the Cryptic); sigh's Interactive Sudoku Solver states such rules through
//! its product and equal-sum constraints. f-puzzles has no field for it, so satdoku reads it
//! from its TOML only (`[[equal-products]]`, `groups`: a list of cell lists, as equal sums).

use std::collections::BTreeSet;
use std::fmt;

use super::drawing::Mark;
use super::sum::{Chain, Term, cell_term};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, groups_cells, groups_problem,
};
use crate::grid::{Cell, DigitSet, Shape};

/// The most fillings of a scope's candidates for which logic tries them all rather than
/// narrow group by group.
const FILLINGS: usize = 100_000;

/// Groups of cells with equal products.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EqualProducts {
    groups: Vec<Vec<Cell>>,
}

impl EqualProducts {
    /// Reads an equal-products record: its `groups`, each a list of cells.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![EqualProducts::new(record.lines("groups")?).into()])
    }

    /// The record that `read` reads back as these groups: `equal-products` (f-puzzles has
    /// none: satdoku's extension field `equalproducts`, as SudokuPad's product diagonals
    /// are read) with its `groups`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![
            WrittenRecord::new(format.choose("equal-products", "equalproducts"))
                .with("groups", FieldValue::Lines(self.groups.clone())),
        ])
    }

    /// Groups of cells whose digits multiply alike.
    pub fn new(groups: Vec<Vec<Cell>>) -> EqualProducts {
        EqualProducts { groups }
    }
}

/// The products `k` digits from 1 to `n` can make.
fn products(k: usize, n: usize) -> BTreeSet<i64> {
    let mut made = BTreeSet::from([1i64]);
    for _ in 0..k {
        made = made
            .iter()
            .flat_map(|&p| (1..=n as i64).map(move |d| p * d))
            .collect();
    }
    made
}

/// Whether `q` is a product of `k` digits from 1 to `n`.
fn makes(q: i64, k: usize, n: usize) -> bool {
    if k == 0 {
        return q == 1;
    }
    (1..=n as i64).any(|d| q % d == 0 && makes(q / d, k - 1, n))
}

impl fmt::Display for EqualProducts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<String> = self.groups.iter().map(|g| cell_list(g)).collect();
        write!(f, "equal products {}", groups.join(" = "))
    }
}

impl Constraint for EqualProducts {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        groups_cells(&self.groups)
    }

    /// Fewer than two groups, an empty group, a cell twice in one group, a group too long
    /// to multiply in 62 bits, or groups that share no product.
    fn problem(&self, shape: Shape) -> Option<String> {
        if let Some(problem) = groups_problem("equal products", 2, &self.groups) {
            return Some(problem);
        }
        let n = shape.digit_count();
        if let Some(g) = self
            .groups
            .iter()
            .find(|g| g.len() as f64 * (n as f64).log2() >= 62.0)
        {
            return Some(format!(
                "a group of {} cells multiplies past what satdoku counts",
                g.len()
            ));
        }
        self.shared(n)
            .is_empty()
            .then(|| "the groups can make no product in common".into())
    }

    /// Per group, a chain of partial products (the last keeping only products every group
    /// can make); the hub (the fewest cells) and each other group end on the same product.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shared = self.shared(cnf.size());
        let ends: Vec<_> = self
            .groups
            .iter()
            .map(|group| {
                let terms: Vec<Term> = group.iter().map(|&c| cell_term(cnf, c, 1)).collect();
                let k = terms.len();
                let chain = Chain::walk(cnf, None, &terms, |i, p, v| {
                    let p = if i == 1 { v } else { p * v };
                    (i < k || shared.contains(&p)).then_some(p)
                });
                chain.last().clone()
            })
            .collect();
        let Some(hub) = (0..self.groups.len()).min_by_key(|&i| self.groups[i].len()) else {
            return;
        };
        for (_, end) in ends.iter().enumerate().filter(|&(g, _)| g != hub) {
            for (one, other) in [(&ends[hub], end), (end, &ends[hub])] {
                for (product, &lit) in one {
                    let Some(lit) = lit else { continue };
                    match other.get(product) {
                        Some(&Some(partner)) => cnf.clause([!lit, partner]),
                        Some(&None) => {}
                        None => cnf.clause([!lit]),
                    }
                }
            }
        }
    }

    /// Complete groups multiply alike, and each other group can still make that product
    /// from its filled digits and blanks (exact on complete groups).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().digit_count();
        let mut common = None;
        let mut partial = Vec::new();
        for group in &self.groups {
            let filled: Vec<usize> = group.iter().filter_map(|&c| values.get(c)).collect();
            let product: i64 = filled.iter().map(|&v| v as i64).product();
            if filled.len() == group.len() {
                match common {
                    Some(p) if p != product => return false,
                    _ => common = Some(product),
                }
            } else {
                partial.push((product, group.len() - filled.len()));
            }
        }
        match common {
            Some(p) => partial
                .iter()
                .all(|&(f, blanks)| p % f == 0 && makes(p / f, blanks, n)),
            None => true,
        }
    }

    /// Where trying every filling is too much (more than `FILLINGS` of the candidates):
    /// the products each group can make from its cells' candidates, those all groups can
    /// make in common, and each cell keeping the digits that enter one of those in every
    /// group it is in (the cells taken apart: what it drops, no filling holds; fewer
    /// fillings are tried in full, which also sees the houses).
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], _shape: Shape) -> Option<Vec<DigitSet>> {
        let fillings = sets
            .iter()
            .try_fold(1usize, |acc, s| acc.checked_mul(s.len()));
        if fillings.is_some_and(|f| f <= FILLINGS) {
            return None;
        }
        self.by_groups(scope, sets)
    }

    /// Each group a thin line through its cells (in the order given), in one colour.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.groups
            .iter()
            .map(|group| Mark::line(group, "#d88a3c", 0.12))
            .collect()
    }
}

impl EqualProducts {
    /// What each cell of `scope` keeps of `sets`, group by group (see
    /// [`EqualProducts::narrow`]); `None` when a group's cell is not in the scope.
    fn by_groups(&self, scope: &[Cell], sets: &[DigitSet]) -> Option<Vec<DigitSet>> {
        let at = |cell: &Cell| scope.iter().position(|c| c == cell);
        let groups: Vec<Vec<usize>> = self
            .groups
            .iter()
            .map(|g| g.iter().map(at).collect::<Option<Vec<_>>>())
            .collect::<Option<_>>()?;
        let times = |made: &BTreeSet<i64>, set: DigitSet| -> BTreeSet<i64> {
            made.iter()
                .flat_map(|&p| set.iter().map(move |d| p * (d.index() as i64 + 1)))
                .collect()
        };
        // Per group: the products of its first i cells' candidates (prefix[i]), of its cells
        // from i on (suffix[i]).
        let mut reach = Vec::new();
        for group in &groups {
            let k = group.len();
            let mut prefix = vec![BTreeSet::from([1i64])];
            for &i in group {
                let next = times(prefix.last().expect("started"), sets[i]);
                prefix.push(next);
            }
            let mut suffix = vec![BTreeSet::from([1i64]); k + 1];
            for j in (0..k).rev() {
                suffix[j] = times(&suffix[j + 1], sets[group[j]]);
            }
            reach.push((prefix, suffix));
        }
        let mut common = reach[0].0.last().cloned().unwrap_or_default();
        for (prefix, _) in &reach[1..] {
            let made = prefix.last().cloned().unwrap_or_default();
            common = common.intersection(&made).copied().collect();
        }
        let mut kept = sets.to_vec();
        for (group, (prefix, suffix)) in groups.iter().zip(&reach) {
            for (j, &i) in group.iter().enumerate() {
                let supported: DigitSet = sets[i]
                    .iter()
                    .filter(|d| {
                        let d = d.index() as i64 + 1;
                        prefix[j]
                            .iter()
                            .any(|&a| suffix[j + 1].iter().any(|&b| common.contains(&(a * d * b))))
                    })
                    .collect();
                kept[i] = kept[i] & supported;
            }
        }
        Some(kept)
    }

    /// The products every group can make, digits from 1 to `n`.
    fn shared(&self, n: usize) -> BTreeSet<i64> {
        let mut shared: Option<BTreeSet<i64>> = None;
        for group in &self.groups {
            let made = products(group.len(), n);
            shared = Some(match shared {
                None => made,
                Some(s) => s.intersection(&made).copied().collect(),
            });
        }
        shared.unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Digit;

    /// On two groups of 4×4 cells with random candidates, each cell keeps the digits some
    /// choice from the candidates puts there with the groups' products equal (cells taken
    /// apart, as the narrowing takes them): exactly those when the groups share no cell, at
    /// least those when they share one.
    #[test]
    fn narrowing_keeps_what_some_choice_uses() {
        let cells = |names: &[(usize, usize)]| -> Vec<Cell> {
            names
                .iter()
                .map(|&(r, c)| Cell::new_unchecked(r, c))
                .collect()
        };
        let a = cells(&[(0, 0), (0, 1), (1, 1)]);
        for b in [cells(&[(3, 3), (2, 2)]), cells(&[(1, 1), (2, 2)])] {
            check(&a, &b, b[0] != a[2]);
        }
    }

    fn check(a: &[Cell], b: &[Cell], exact: bool) {
        let (a, b) = (a.to_vec(), b.to_vec());
        let rule = EqualProducts::new(vec![a.clone(), b.clone()]);
        let scope = rule.cells(Shape::from_size(4).unwrap());
        let mut seed = 11u64;
        for _ in 0..200 {
            let sets: Vec<DigitSet> = scope
                .iter()
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (0..4)
                        .filter(|k| seed >> (k * 3) & 1 == 1)
                        .map(|k| Digit::new(k as u8 + 1).unwrap())
                        .collect()
                })
                .collect();
            let mut by_hand = vec![DigitSet::EMPTY; scope.len()];
            for code in 0..4usize.pow(scope.len() as u32) {
                let digits: Vec<usize> = (0..scope.len())
                    .map(|i| code / 4usize.pow(i as u32) % 4 + 1)
                    .collect();
                let fits = (0..scope.len())
                    .all(|i| sets[i].contains(Digit::new(digits[i] as u8).unwrap()));
                let product = |g: &[Cell]| -> usize {
                    g.iter()
                        .map(|c| digits[scope.iter().position(|s| s == c).unwrap()])
                        .product()
                };
                if fits && product(&a) == product(&b) {
                    for i in 0..scope.len() {
                        by_hand[i].insert(Digit::new(digits[i] as u8).unwrap());
                    }
                }
            }
            let kept = rule.by_groups(&scope, &sets).unwrap();
            if exact {
                assert_eq!(kept, by_hand, "{sets:?}");
            } else {
                for i in 0..scope.len() {
                    assert_eq!(kept[i] & by_hand[i], by_hand[i], "{sets:?}");
                }
            }
        }
    }
}
