//! Killer cages: cells whose digits differ and, when the cage has a total, sum to it.

use std::fmt;

use super::sum::{Chain, Term};
use super::{
    CellValues, Constraint, ConstraintCnf, Entry, EntryError, VariantConstraint, cell_list,
    distinct_sum_range,
};
use crate::grid::{Cell, Shape};

/// A killer cage: its digits never repeat, and add up to its sum when it has one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<Cell>,
    sum: Option<u32>,
}

impl Cage {
    /// Reads a killer cage entry: `cells`, and the total if any (`sum`; f-puzzles' `value`).
    pub(crate) fn read(entry: &mut Entry<'_>) -> Result<Vec<VariantConstraint>, EntryError> {
        let cells = entry.cells("cells")?;
        let sum = entry.number(entry.key("sum", "value"))?;
        Ok(vec![Cage::new(cells, sum).into()])
    }

    /// A cage over `cells` with an optional total.
    pub fn new(cells: Vec<Cell>, sum: Option<u32>) -> Cage {
        Cage { cells, sum }
    }

    /// The total, if the cage has one.
    pub fn sum(&self) -> Option<u32> {
        self.sum
    }

    /// Which values can appear in the cage and which must, on a grid of `n` digits: for
    /// each value, whether some set of different values containing it (`can`) and some set
    /// without it (`avoid`) reaches the sum. `None` when the sums are too many to list.
    fn values(&self, n: usize) -> Option<(Vec<bool>, Vec<bool>)> {
        let sum = self.sum? as usize;
        let k = self.cells.len();
        if n > 25 || k > n {
            return None;
        }
        // ways[j][s]: some j different values among those allowed sum to s.
        let reachable = |skip: Option<usize>| {
            let mut ways = vec![vec![false; sum + 1]; k + 1];
            ways[0][0] = true;
            for v in (1..=n).filter(|&v| Some(v) != skip) {
                for j in (1..=k).rev() {
                    for s in (v..=sum).rev() {
                        if ways[j - 1][s - v] {
                            ways[j][s] = true;
                        }
                    }
                }
            }
            ways
        };
        let mut can = vec![false; n + 1];
        let mut avoid = vec![false; n + 1];
        for v in 1..=n {
            let without = reachable(Some(v));
            avoid[v] = without[k][sum];
            can[v] = v <= sum && without[k - 1][sum - v];
        }
        Some((can, avoid))
    }
}

/// Above this many sets of values reaching a cage's sum, the cage is encoded as a chain of
/// partial sums instead of a choice among the sets.
const MAX_COMBINATIONS: usize = 256;

/// The sets of `k` different values among `allowed` (increasing) that add up to `sum`, or
/// `None` when there are more than `most`.
fn combinations(allowed: &[usize], k: usize, sum: usize, most: usize) -> Option<Vec<Vec<usize>>> {
    fn go(
        allowed: &[usize],
        k: usize,
        sum: usize,
        set: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        most: usize,
    ) -> bool {
        if k == 0 {
            if sum == 0 {
                out.push(set.clone());
            }
            return out.len() <= most;
        }
        for (i, &v) in allowed.iter().enumerate() {
            if v > sum {
                break;
            }
            set.push(v);
            let ok = go(&allowed[i + 1..], k - 1, sum - v, set, out, most);
            set.pop();
            if !ok {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    go(allowed, k, sum, &mut Vec::new(), &mut out, most).then_some(out)
}

impl fmt::Display for Cage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.sum {
            Some(sum) => write!(f, "killer cage {} (sum {sum})", cell_list(&self.cells)),
            None => write!(f, "cage {} (digits differ)", cell_list(&self.cells)),
        }
    }
}

impl Constraint for Cage {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (k, n) = (self.cells.len(), shape.size());
        if k == 0 {
            return Some("a cage needs at least one cell".into());
        }
        if k > n {
            return Some(format!(
                "{k} cells cannot hold different digits from 1 to {n}"
            ));
        }
        let sum = self.sum? as i64;
        let (lo, hi) = distinct_sum_range(k, n);
        (!(lo..=hi).contains(&sum)).then(|| {
            format!(
                "no {k} different digits from 1 to {n} add up to {sum} (they make {lo} to {hi})"
            )
        })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        cnf.all_different(&self.cells);
        let Some(sum) = self.sum else {
            return;
        };
        let n = cnf.size();
        let allowed: Vec<usize> = match self.values(n) {
            Some((can, avoid)) => {
                for v in 1..=n {
                    if !can[v] {
                        for &cell in &self.cells {
                            cnf.forbid(cell, v);
                        }
                    } else if !avoid[v] {
                        // In every set that reaches the sum: some cell holds it.
                        let lits: Vec<_> = self.cells.iter().map(|&c| cnf.holds(c, v)).collect();
                        cnf.clause(lits);
                    }
                }
                (1..=n).filter(|&v| can[v]).collect()
            }
            None => (1..=n).collect(),
        };
        match combinations(&allowed, self.cells.len(), sum as usize, MAX_COMBINATIONS) {
            Some(sets) => {
                // The cage holds one of the sets of values that reach the sum: a selector per
                // set, and per value a variable "the cage holds it". With the digits
                // different, the cage's values are then exactly the set chosen.
                let mut holds = vec![None; n + 1];
                for (v, slot) in holds.iter_mut().enumerate().skip(1) {
                    let any = cnf.aux();
                    let mut back = vec![!any];
                    for &cell in &self.cells {
                        let lit = cnf.holds(cell, v);
                        cnf.clause([!lit, any]);
                        back.push(lit);
                    }
                    cnf.clause(back);
                    *slot = Some(any);
                }
                let mut choose = Vec::with_capacity(sets.len());
                for set in &sets {
                    let pick = cnf.aux();
                    for (v, has) in holds.iter().enumerate().skip(1) {
                        let has = has.expect("made above");
                        cnf.clause([!pick, if set.contains(&v) { has } else { !has }]);
                    }
                    choose.push(pick);
                }
                cnf.clause(choose);
            }
            None => {
                let terms: Vec<Term> = self
                    .cells
                    .iter()
                    .map(|&cell| {
                        allowed
                            .iter()
                            .map(|&v| (cnf.holds(cell, v), v as i64))
                            .collect()
                    })
                    .collect();
                Chain::equal(cnf, &terms, sum as i64);
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().size();
        let mut used = vec![false; n + 1];
        let (mut total, mut blanks) = (0i64, 0usize);
        for &cell in &self.cells {
            match values.get(cell) {
                Some(v) if used[v] => return false,
                Some(v) => {
                    used[v] = true;
                    total += v as i64;
                }
                None => blanks += 1,
            }
        }
        let Some(sum) = self.sum else {
            return true;
        };
        let free: Vec<i64> = (1..=n).filter(|&v| !used[v]).map(|v| v as i64).collect();
        if free.len() < blanks {
            return false;
        }
        let lo: i64 = free[..blanks].iter().sum();
        let hi: i64 = free[free.len() - blanks..].iter().sum();
        (total + lo..=total + hi).contains(&(sum as i64))
    }
}
