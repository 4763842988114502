//! Killer cages: cells whose digits add up to the cage's total when it has one (a sum, a few sums, or any sum of a digital root) and differ unless the cage lets them repeat.
//!
//! Meanings and their sources: a plain killer cage is f-puzzles' `killercage` (digits differ,
//! the `value` is the sum). A multi-sum cage is Rangsk's SudokuSolver reading of an f-puzzles
//! cosmetic `cage` whose value is `DR` and a root (`DR7`): the digits differ and add up to
//! any sum of that digital root, 7, 16, 25 … (its `SolverFactory` turns the root into the
//! sums root + 9k in reach of the cage; `MultiSumKillerCageConstraint` keeps the digits
//! apart). Any other text in a cosmetic cage only draws; a value that names a digital root
//! satdoku cannot read (`DR0`, `DR12`, `xDR7`) is refused by name. A cage whose digits may
//! repeat is satdoku's own (`repeats = true` in its TOML): f-puzzles and its extensions
//! write no such mark, so no f-puzzles cage is read that way.

use std::fmt;

use super::drawing::Mark;
use super::sum::{Chain, Term};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Literal, Record, RecordError, RecordFormat,
    Unwritable, VariantConstraint, Written, WrittenRecord, cell_list, distinct_sum_range,
};
use crate::grid::{Cell, Shape};

/// What a cage's digits add up to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CageTotal {
    /// Anything: the cage only keeps its digits apart.
    Any,
    /// One of these sums (one for a plain killer cage).
    Sums(Vec<u32>),
    /// Any sum whose digital root (repeated sum of its decimal digits) is this, 1 to 9:
    /// 7 means 7, 16, 25 …
    DigitalRoot(u32),
}

/// A killer cage: its digits add up to its total, and never repeat unless the cage says so.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<Cell>,
    total: CageTotal,
    repeats: bool,
}

impl Cage {
    /// Reads a cage record. satdoku's TOML: `cells`, at most one of `sum`, `sums` (a list)
    /// and `digital-root`, and `repeats = true` for a cage whose digits may repeat.
    /// f-puzzles: a `killercage`'s `cells` and `value` (the sum), or a cosmetic `cage` whose
    /// `value` reads `DR` and a root; other cosmetic cages say nothing.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        if record.name() == "cage" && record.format() == super::RecordFormat::Fpuzzles {
            return Cage::read_cosmetic(record);
        }
        let cells = record.cells("cells")?;
        let sum = record.number(record.key("sum", "value"))?;
        let (sums, root, repeats) = match record.format() {
            super::RecordFormat::Toml => (
                record.optional_numbers("sums")?,
                record.number("digital-root")?,
                record.flag("repeats")?.unwrap_or(false),
            ),
            super::RecordFormat::Fpuzzles => (None, None, false),
        };
        let total = match (sum, sums, root) {
            (None, None, None) => CageTotal::Any,
            (Some(sum), None, None) => CageTotal::Sums(vec![sum]),
            (None, Some(sums), None) => CageTotal::Sums(sums),
            (None, None, Some(root)) => CageTotal::DigitalRoot(root),
            _ => {
                return Err(RecordError::why(
                    "takes one of `sum`, `sums` and `digital-root`",
                ));
            }
        };
        Ok(vec![Cage::with_total(cells, total, repeats).into()])
    }

    /// The record that `read` reads back as this cage. satdoku's TOML: `cage` with its
    /// `cells`, its `sum`, `sums` or `digital-root`, and `repeats = true` when its digits
    /// may repeat. f-puzzles: a `killercage` with its `cells` and its sum (`value`) if it
    /// has one, or a cosmetic `cage` whose `value` names its digital root (`DR7`, as
    /// [`Cage::read_cosmetic`] reads it); a cage of several sums (or an empty list of
    /// them), of a digital root beyond 1 to 9, or whose digits may repeat is unwritable there.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let unwritable = |why: String| -> Written { Err(Unwritable::new(self, format, why)) };
        match format {
            RecordFormat::Toml => {
                let record = WrittenRecord::new("cage").cells("cells", &self.cells);
                let record = match &self.total {
                    CageTotal::Any => record,
                    CageTotal::Sums(sums) => match sums[..] {
                        [sum] => record.number(format, "sum", sum),
                        _ => record.with("sums", FieldValue::Numbers(sums.clone())),
                    },
                    CageTotal::DigitalRoot(root) => record.number(format, "digital-root", *root),
                };
                Ok(vec![match self.repeats {
                    true => record.with("repeats", FieldValue::Flag(true)),
                    false => record,
                }])
            }
            RecordFormat::Fpuzzles => {
                if self.repeats {
                    return unwritable("its killer cages' digits never repeat".into());
                }
                let killer = WrittenRecord::new("killercage").cells("cells", &self.cells);
                match &self.total {
                    CageTotal::Any => Ok(vec![killer]),
                    CageTotal::Sums(sums) => match sums[..] {
                        [sum] => Ok(vec![killer.number(format, "value", sum)]),
                        _ => unwritable(format!("a killer cage holds one sum, not {}", sums.len())),
                    },
                    &CageTotal::DigitalRoot(root) if (1..=9).contains(&root) => {
                        let cage = WrittenRecord::new("cage").cells("cells", &self.cells);
                        Ok(vec![
                            cage.with("value", FieldValue::Text(format!("DR{root}"))),
                        ])
                    }
                    CageTotal::DigitalRoot(root) => {
                        unwritable(format!("a cage's digital root is DR1 to DR9, not {root}"))
                    }
                }
            }
        }
    }

    /// An f-puzzles cosmetic cage: a multi-sum cage when its value names a digital root
    /// (`DR7`), else a drawing.
    fn read_cosmetic(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.drawing_only("fromConstraint");
        let text = record.text("value")?.unwrap_or_default();
        let text = text.trim();
        if !text.contains("DR") {
            record.drawing_only("cells");
            return Ok(Vec::new());
        }
        let root = text
            .strip_prefix("DR")
            .filter(|d| d.len() == 1)
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|d| (1..=9).contains(d))
            .ok_or_else(|| {
                RecordError::why(format!(
                    "cage value {text:?}: a multi-sum cage's value is DR and a digital root from 1 to 9 (DR7)"
                ))
            })?;
        let cells = record.cells("cells")?;
        Ok(vec![
            Cage::with_total(cells, CageTotal::DigitalRoot(root), false).into(),
        ])
    }

    /// A cage over `cells` with an optional sum, its digits different.
    pub fn new(cells: Vec<Cell>, sum: Option<u32>) -> Cage {
        let total = sum.map_or(CageTotal::Any, |sum| CageTotal::Sums(vec![sum]));
        Cage::with_total(cells, total, false)
    }

    /// A cage over `cells` adding up to `total`, whose digits may repeat when `repeats`.
    pub fn with_total(cells: Vec<Cell>, total: CageTotal, repeats: bool) -> Cage {
        let total = match total {
            CageTotal::Sums(mut sums) => {
                sums.sort_unstable();
                sums.dedup();
                CageTotal::Sums(sums)
            }
            other => other,
        };
        Cage {
            cells,
            total,
            repeats,
        }
    }

    /// The sum, if the cage has exactly one.
    pub fn sum(&self) -> Option<u32> {
        match &self.total {
            CageTotal::Sums(sums) if sums.len() == 1 => Some(sums[0]),
            _ => None,
        }
    }

    /// What the digits add up to.
    pub fn total(&self) -> &CageTotal {
        &self.total
    }

    /// Whether the digits may repeat.
    pub fn repeats(&self) -> bool {
        self.repeats
    }

    /// The smallest and largest sums the cage's digits make on a grid of `n` digits.
    fn sum_range(&self, n: usize) -> (i64, i64) {
        let k = self.cells.len();
        if self.repeats {
            (k as i64, (k * n) as i64)
        } else {
            distinct_sum_range(k, n)
        }
    }

    /// The sums the total allows within the digits' reach on a grid of `shape`, as sums of
    /// the digits' places (1..=M: each number's place is one more where digits start at 0),
    /// `None` when any sum goes.
    fn sums(&self, shape: Shape) -> Option<Vec<i64>> {
        let (lo, hi) = self.sum_range(shape.digit_count());
        let k = self.cells.len() as i64;
        let places = |numbers: &mut dyn Iterator<Item = i64>| -> Vec<i64> {
            numbers
                .map(|s| shape.total_in_places(s, k))
                .filter(|s| (lo..=hi).contains(s))
                .collect()
        };
        match &self.total {
            CageTotal::Any => None,
            CageTotal::Sums(sums) => Some(places(&mut sums.iter().map(|&s| s as i64))),
            CageTotal::DigitalRoot(root) => Some(places(&mut (*root as i64..=hi).step_by(9))),
        }
    }

    /// Which values can appear in a cage of different digits and which must, on a grid of
    /// `n` digits: for each value, whether some set of different values containing it
    /// (`can`) and some set without it (`avoid`) reaches one of `sums`. `None` when the
    /// sums are too many to list.
    fn values(&self, n: usize, sums: &[i64]) -> Option<(Vec<bool>, Vec<bool>)> {
        let top = *sums.iter().max()? as usize;
        let k = self.cells.len();
        if n > 25 || k > n {
            return None;
        }
        // ways[j][s]: some j different values among those allowed sum to s.
        let reachable = |skip: Option<usize>| {
            let mut ways = vec![vec![false; top + 1]; k + 1];
            ways[0][0] = true;
            for v in (1..=n).filter(|&v| Some(v) != skip) {
                for j in (1..=k).rev() {
                    for s in (v..=top).rev() {
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
            for &sum in sums {
                let sum = sum as usize;
                avoid[v] |= without[k][sum];
                can[v] |= v <= sum && without[k - 1][sum - v];
            }
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
        let cells = cell_list(&self.cells);
        let repeats = if self.repeats {
            ", digits may repeat"
        } else {
            ""
        };
        match &self.total {
            CageTotal::Any if !self.repeats => write!(f, "cage {cells} (digits differ)"),
            CageTotal::Any => write!(f, "cage {cells} (digits may repeat)"),
            CageTotal::Sums(sums) if sums.len() == 1 => {
                write!(f, "killer cage {cells} (sum {}{repeats})", sums[0])
            }
            CageTotal::Sums(sums) => {
                let sums: Vec<String> = sums.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "killer cage {cells} (sum {}{repeats})",
                    sums.join(" or ")
                )
            }
            CageTotal::DigitalRoot(root) => {
                write!(f, "killer cage {cells} (digital root {root}{repeats})")
            }
        }
    }
}

impl Constraint for Cage {
    fn linear_sums(&self) -> Vec<super::LinearSum> {
        let Some(sum) = self.sum() else {
            return Vec::new();
        };
        let terms = self.cells.iter().map(|&c| (c, 1));
        vec![super::LinearSum::new(terms, i64::from(sum))]
    }

    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (k, n) = (self.cells.len(), shape.digit_count());
        let (low, high) = (shape.lowest(), shape.highest());
        if k == 0 {
            return Some("a cage needs at least one cell".into());
        }
        if let Some(cell) = super::repeated(&self.cells) {
            return Some(format!("{cell} appears twice"));
        }
        if k > n && !self.repeats {
            return Some(format!(
                "{k} cells cannot hold different digits from {low} to {high}"
            ));
        }
        if let CageTotal::DigitalRoot(root) = self.total
            && !(1..=9).contains(&root)
        {
            return Some(format!("a digital root is 1 to 9, not {root}"));
        }
        if self.repeats && self.total == CageTotal::Any {
            return Some("a cage whose digits may repeat needs a total".into());
        }
        let sums = self.sums(shape)?;
        // The numbers' sums: the places' less one a cell where digits start at 0.
        let shift = (k * (1 - low)) as i64;
        let (lo, hi) = self.sum_range(n);
        let (lo, hi) = (lo - shift, hi - shift);
        let digits = if self.repeats { "" } else { " different" };
        sums.is_empty().then(|| {
            let wanted = match &self.total {
                CageTotal::DigitalRoot(root) => format!("a sum of digital root {root}"),
                CageTotal::Sums(sums) if sums.len() == 1 => sums[0].to_string(),
                CageTotal::Sums(sums) => {
                    let sums: Vec<String> = sums.iter().map(u32::to_string).collect();
                    sums.join(" or ")
                }
                CageTotal::Any => unreachable!("a total"),
            };
            format!(
                "no {k}{digits} digits from {low} to {high} add up to {wanted} (they make {lo} to {hi})"
            )
        })
    }

    /// Over the digits' places: the sums are made sums of places first.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        if !self.repeats {
            cnf.all_different(&self.cells);
        }
        let Some(sums) = self.sums(cnf.shape()) else {
            return;
        };
        let values = if self.repeats {
            None
        } else {
            self.values(n, &sums)
        };
        let allowed: Vec<usize> = match values {
            Some((can, avoid)) => {
                for v in 1..=n {
                    if !can[v] {
                        for &cell in &self.cells {
                            cnf.forbid(cell, v);
                        }
                    } else if !avoid[v] {
                        // In every set that reaches a sum: some cell holds it.
                        let lits: Vec<_> = self.cells.iter().map(|&c| cnf.holds(c, v)).collect();
                        cnf.clause(lits);
                    }
                }
                (1..=n).filter(|&v| can[v]).collect()
            }
            None => (1..=n).collect(),
        };
        let sets = if self.repeats {
            None
        } else {
            let mut sets = Vec::new();
            sums.iter()
                .try_for_each(|&sum| {
                    let most = MAX_COMBINATIONS.checked_sub(sets.len())?;
                    sets.extend(combinations(
                        &allowed,
                        self.cells.len(),
                        sum as usize,
                        most,
                    )?);
                    Some(())
                })
                .map(|()| sets)
        };
        match sets {
            Some(sets) => {
                // The cage holds one of the sets of values that reach a sum: a selector per
                // set, and per value a variable "the cage holds it". With the digits
                // different, the cage's values are then exactly the set chosen.
                let holds: Vec<Literal> = (1..=n).map(|v| cnf.any_holds(&self.cells, v)).collect();
                let mut choose = Vec::with_capacity(sets.len());
                for set in &sets {
                    let pick = cnf.aux();
                    for (i, &has) in holds.iter().enumerate() {
                        cnf.clause([!pick, if set.contains(&(i + 1)) { has } else { !has }]);
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
                Chain::one_of(cnf, &terms, &sums);
            }
        }
    }

    /// Over the digits' places, as [`Constraint::encode`].
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().digit_count();
        let mut used = vec![false; n + 1];
        let (mut total, mut blanks) = (0i64, 0usize);
        for v in values.digits_of(&self.cells) {
            match v {
                0 => blanks += 1,
                v if used[v] && !self.repeats => return false,
                v => {
                    used[v] = true;
                    total += v as i64;
                }
            }
        }
        let Some(sums) = self.sums(values.shape()) else {
            return true;
        };
        let (lo, hi) = if self.repeats {
            (blanks as i64, (blanks * n) as i64)
        } else {
            let free: Vec<i64> = (1..=n).filter(|&v| !used[v]).map(|v| v as i64).collect();
            if free.len() < blanks {
                return false;
            }
            (
                free[..blanks].iter().sum(),
                free[free.len() - blanks..].iter().sum(),
            )
        };
        sums.iter().any(|s| (total + lo..=total + hi).contains(s))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut label = match &self.total {
            CageTotal::Any => String::new(),
            CageTotal::Sums(sums) => sums
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join("/"),
            CageTotal::DigitalRoot(root) => format!("dr {root}"),
        };
        if self.repeats {
            label.push('*');
        }
        vec![Mark::Cage {
            cells: self.cells.clone(),
            label: (!label.is_empty()).then_some(label),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(names: &str) -> Vec<Cell> {
        names.split(' ').map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn digital_roots_become_the_sums_in_reach() {
        let cage = Cage::with_total(cells("r1c1 r1c2 r1c3"), CageTotal::DigitalRoot(7), false);
        assert_eq!(cage.sums(Shape::NINE), Some(vec![7, 16]));
        let nine = Cage::with_total(cells("r1c1 r1c2 r1c3"), CageTotal::DigitalRoot(9), false);
        assert_eq!(nine.sums(Shape::NINE), Some(vec![9, 18]));
        assert_eq!(
            nine.to_string(),
            "killer cage r1c1-r1c2-r1c3 (digital root 9)"
        );
        let repeats = Cage::with_total(cells("r1c1 r2c2"), CageTotal::DigitalRoot(1), true);
        assert_eq!(repeats.sums(Shape::NINE), Some(vec![10]));
        assert_eq!(repeats.problem(Shape::NINE), None, "1 + 9 or 5 + 5 make 10");
        let far = Cage::with_total(cells("r1c1"), CageTotal::DigitalRoot(1), false);
        assert_eq!(far.sums(Shape::from_size(4).unwrap()), Some(vec![1]));
        let none = Cage::with_total(cells("r1c1 r1c2"), CageTotal::DigitalRoot(9), false);
        assert!(none.problem(Shape::from_size(4).unwrap()).is_some());
    }

    #[test]
    fn repeats_are_checked_only_when_the_cage_forbids_them() {
        let shape = Shape::from_size(4).unwrap();
        let grid = |first: [u8; 2]| {
            let mut v = vec![0u8; 16];
            v[..2].copy_from_slice(&first);
            v
        };
        let plain = Cage::new(cells("r1c1 r1c2"), Some(4));
        let repeats = Cage::with_total(cells("r1c1 r1c2"), CageTotal::Sums(vec![4]), true);
        for (first, plain_ok, repeats_ok) in [
            ([2, 2], false, true),
            ([1, 3], true, true),
            ([1, 2], false, false),
        ] {
            let values = grid(first);
            let values = CellValues::new(shape, &values);
            assert_eq!(plain.admits(&values), plain_ok, "{first:?}");
            assert_eq!(repeats.admits(&values), repeats_ok, "{first:?}");
        }
        assert_eq!(
            repeats.to_string(),
            "killer cage r1c1-r1c2 (sum 4, digits may repeat)"
        );
    }
}
