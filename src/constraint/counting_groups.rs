//! Counting groups: a digit in a group counts the groups (of its set) that contain it, so each digit is in as many of the set's groups as its value, or in none.
//!
//! Counting circles for groups of cells: the rule as setters state it ("Little Killer
//! Counting", via Sudoku-Bench: "Any digit along an 'arrow diagonal' indicates exactly how
//! many arrow diagonals contain that digit"). A group contains a digit once it holds it
//! anywhere (a diagonal may hold it twice and still counts once); a set of one-cell groups
//! is a set of counting circles. satdoku reads it from its TOML (`[[counting-groups]]`,
//! `groups`: a list of cell lists, one set), from f-puzzles as a `countinggroups` entry (the
//! name f-puzzles' extension scheme gives such a tool), and from SudokuPad as the diagonals
//! arrows indicate when the rules count the arrow diagonals that contain a digit.

use std::fmt;

use super::drawing::Mark;
use super::sum::Chain;
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, groups_cells, groups_problem,
};
use crate::grid::{Cell, Digit, DigitSet, Shape};

/// The most cells whose fillings logic tries all of (the generic search, exact); a larger
/// set is narrowed digit by digit ([`CountingGroups`]'s `narrow`).
const SEARCHED: usize = 8;

/// One set of counting groups.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountingGroups {
    groups: Vec<Vec<Cell>>,
}

impl CountingGroups {
    /// Reads a counting-groups record: its `groups`, each a list of cells, one set.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![CountingGroups::new(record.lines("groups")?).into()])
    }

    /// The record that `read` reads back as this set: `counting-groups` in satdoku's TOML,
    /// a `countinggroups` entry in f-puzzles, with its `groups`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![
            WrittenRecord::new(format.choose("counting-groups", "countinggroups"))
                .with("groups", FieldValue::Lines(self.groups.clone())),
        ])
    }

    /// A set of counting groups, each a list of cells.
    pub fn new(groups: Vec<Vec<Cell>>) -> CountingGroups {
        CountingGroups { groups }
    }
}

impl fmt::Display for CountingGroups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<String> = self.groups.iter().map(|g| cell_list(g)).collect();
        write!(f, "counting groups {}", groups.join(", "))
    }
}

impl Constraint for CountingGroups {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        groups_cells(&self.groups)
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        groups_problem("counting groups", 1, &self.groups)
    }

    /// Per group and digit, "the group contains the digit"; per digit, the number of groups
    /// containing it is 0 or the digit (a chain of partial counts).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        for d in 1..=n {
            let terms: Vec<_> = (self.groups.iter())
                .map(|group| {
                    let contains = cnf.any_holds(group, d);
                    vec![(contains, 1), (!contains, 0)]
                })
                .collect();
            Chain::one_of(cnf, &terms, &[0, d as i64]);
        }
    }

    /// Exact on complete groups; on a partial grid, no digit is in more groups than its
    /// value, and one that is in some can still reach its value with the groups left open.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().digit_count();
        let filled: Vec<Vec<usize>> = (self.groups.iter())
            .map(|g| values.digits_of(g).into_iter().filter(|&v| v > 0).collect())
            .collect();
        let open: Vec<bool> = (self.groups.iter())
            .zip(&filled)
            .map(|(g, f)| f.len() < g.len())
            .collect();
        (1..=n).all(|d| {
            let holding = filled.iter().filter(|f| f.contains(&d)).count();
            let could = (filled.iter().zip(&open))
                .filter(|(f, o)| **o && !f.contains(&d))
                .count();
            holding <= d && (holding == 0 || holding + could >= d)
        })
    }

    /// Per digit d, by the groups that hold it for certain (a cell of the group has d
    /// alone) and those that still may: fewer than d may, so none does (d leaves every
    /// group); d hold it already, so no other may; exactly d may and one does, so each of
    /// them must, and one whose d has a single place puts it there. Repeated until nothing
    /// changes. Short scopes are left to the exact search.
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], _shape: Shape) -> Option<Vec<DigitSet>> {
        if scope.len() <= SEARCHED {
            return None;
        }
        let at = |cell: &Cell| scope.iter().position(|c| c == cell);
        let groups: Vec<Vec<usize>> = (self.groups.iter())
            .map(|g| g.iter().map(at).collect::<Option<Vec<_>>>())
            .collect::<Option<_>>()?;
        let mut sets = sets.to_vec();
        let digits: Vec<Digit> = sets
            .iter()
            .fold(DigitSet::EMPTY, |all, &s| all | s)
            .iter()
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for &d in &digits {
                let holds = |g: &Vec<usize>| g.iter().any(|&i| sets[i] == DigitSet::single(d));
                let may = |g: &Vec<usize>| g.iter().any(|&i| sets[i].contains(d));
                let certain = groups.iter().filter(|g| holds(g)).count();
                let possible = groups.iter().filter(|g| may(g)).count();
                let value = d.get() as usize;
                let mut remove_from = |cells: Vec<usize>, sets: &mut Vec<DigitSet>| {
                    for i in cells {
                        changed |= sets[i].remove(d);
                    }
                };
                if possible < value {
                    let cells = groups.iter().flatten().copied().collect();
                    remove_from(cells, &mut sets);
                } else if certain > value {
                    // More groups hold it than its value: no filling is left.
                    return Some(vec![DigitSet::EMPTY; sets.len()]);
                } else if certain == value {
                    let cells = (groups.iter())
                        .filter(|g| !holds(g))
                        .flatten()
                        .copied()
                        .collect();
                    remove_from(cells, &mut sets);
                } else if certain > 0 && possible == value {
                    let open: Vec<&Vec<usize>> = groups.iter().filter(|g| !holds(g)).collect();
                    for g in open {
                        let places: Vec<usize> =
                            g.iter().copied().filter(|&i| sets[i].contains(d)).collect();
                        if let [only] = places[..] {
                            changed |= sets[only] != DigitSet::single(d);
                            sets[only] = DigitSet::single(d);
                        }
                    }
                }
            }
        }
        Some(sets)
    }

    /// Each group a thin line through its cells (in the order given), in one colour.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.groups
            .iter()
            .map(|group| Mark::line(group, "#e08a2c", 0.12))
            .collect()
    }
}
