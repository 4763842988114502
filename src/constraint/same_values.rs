//! Same values: groups of as many cells each that hold the same digits, as often each, in any order (a copy of a set of digits somewhere else in the grid).
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`SameValues~2~cells…`: "the cells are
//! taken as a series of sets of the same size; each set must contain the same values,
//! including counts if values are repeated"). f-puzzles has no field for it, so satdoku
//! reads it from its TOML only (`[[same-values]]`, `groups`: a list of cell lists).

use std::fmt;

use super::drawing::Mark;
use super::sum::{Chain, Term};
use super::written::toml_only;
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, groups_cells, groups_problem,
};
use crate::grid::{Cell, DigitSet, Shape};

/// The colour of its groups in a picture.
const COLOUR: &str = "#3a9e8f";

/// Groups of as many cells each holding the same digits, as often each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SameValues {
    groups: Vec<Vec<Cell>>,
}

impl SameValues {
    /// Reads a same-values record: its `groups`, each a list of cells.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![SameValues::new(record.lines("groups")?).into()])
    }

    /// The record that `read` reads back: `same-values` with its `groups` (satdoku's TOML
    /// only).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "groups of the same values", format, || {
            WrittenRecord::new("same-values").with("groups", FieldValue::Lines(self.groups.clone()))
        })
    }

    /// Groups of cells holding the same digits, as often each.
    pub fn new(groups: Vec<Vec<Cell>>) -> SameValues {
        SameValues { groups }
    }

    /// The cells in a group.
    fn size(&self) -> usize {
        self.groups.first().map_or(0, Vec::len)
    }
}

impl fmt::Display for SameValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<String> = self.groups.iter().map(|g| cell_list(g)).collect();
        write!(f, "same values {}", groups.join(" ~ "))
    }
}

impl Constraint for SameValues {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        groups_cells(&self.groups)
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        groups_problem("same values", 2, &self.groups).or_else(|| {
            (self.groups.iter().any(|g| g.len() != self.size()))
                .then(|| "its groups hold different numbers of cells".into())
        })
    }

    /// Single cells: each equals the first. Otherwise, for each digit, the count in the
    /// first group less the count in each other group is 0 (a chain of partial counts).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let (first, others) = self.groups.split_first().expect("two groups or more");
        if self.size() == 1 {
            for other in others {
                cnf.relation(first[0], other[0], |v, w| v == w);
            }
            return;
        }
        for value in 1..=cnf.size() {
            let counted = |cnf: &ConstraintCnf, cells: &[Cell], weight: i64| -> Vec<Term> {
                (cells.iter())
                    .map(|&cell| {
                        let x = cnf.holds(cell, value);
                        vec![(x, weight), (!x, 0)]
                    })
                    .collect()
            };
            for other in others {
                let mut terms = counted(cnf, first, 1);
                terms.extend(counted(cnf, other, -1));
                Chain::equal(cnf, &terms, 0);
            }
        }
    }

    /// Some common set of digits fits every group: the most often each digit is placed in
    /// any one group, added over the digits, leaves room in a group.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let n = values.shape().digit_count();
        let mut most = vec![0; n + 1];
        for group in &self.groups {
            let mut counts = vec![0; n + 1];
            for &cell in group {
                if let Some(place) = values.digits_of(&[cell]).first().filter(|&&d| d != 0) {
                    counts[*place] += 1;
                }
            }
            for (m, c) in most.iter_mut().zip(counts) {
                *m = (*m).max(c);
            }
        }
        most.iter().sum::<usize>() <= self.size()
    }

    /// Long groups (more than 8 cells in all): a digit stays in a group's cell only where
    /// every other group has a cell that may hold it, and each digit's count is the most
    /// any group places (see below), to a fixed point (sound, and cheap where trying every
    /// filling is not). Short ones: `None`, the fillings tried.
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], _shape: Shape) -> Option<Vec<DigitSet>> {
        if scope.len() <= 8 {
            return None;
        }
        let at = |cell: &Cell| scope.iter().position(|c| c == cell);
        let places: Vec<Vec<usize>> = (self.groups.iter())
            .map(|group| group.iter().filter_map(at).collect())
            .collect();
        let mut sets = sets.to_vec();
        loop {
            let unions: Vec<DigitSet> = (places.iter())
                .map(|group| group.iter().fold(DigitSet::EMPTY, |u, &i| u | sets[i]))
                .collect();
            let mut changed = false;
            for (g, group) in places.iter().enumerate() {
                let others = (unions.iter().enumerate())
                    .filter(|&(h, _)| h != g)
                    .fold(!DigitSet::EMPTY, |all, (_, &u)| all & u);
                for &i in group {
                    let kept = sets[i] & others;
                    changed |= kept != sets[i];
                    sets[i] = kept;
                }
            }
            // Counts: each group holds a digit as often as the group placing it most often,
            // so no group may have fewer places for it, a group with just that many places
            // fills them all with it, and counts filling a group leave no other digit.
            let all = unions.iter().fold(DigitSet::EMPTY, |u, &s| u | s);
            let (mut needed, mut total) = (DigitSet::EMPTY, 0);
            for d in all.iter() {
                let count = |sets: &[DigitSet], group: &[usize], only: bool| {
                    (group.iter())
                        .filter(|&&i| sets[i].contains(d) && (!only || sets[i].len() == 1))
                        .count()
                };
                let need = (places.iter()).map(|g| count(&sets, g, true)).max();
                let need = need.unwrap_or(0);
                if need == 0 {
                    continue;
                }
                (needed, total) = (needed | DigitSet::single(d), total + need);
                for group in &places {
                    match count(&sets, group, false) {
                        can if can < need => return Some(vec![DigitSet::EMPTY; sets.len()]),
                        can if can == need => {
                            for &i in group {
                                if sets[i].contains(d) && sets[i] != DigitSet::single(d) {
                                    sets[i] = DigitSet::single(d);
                                    changed = true;
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            if total > self.size() {
                return Some(vec![DigitSet::EMPTY; sets.len()]);
            }
            if total == self.size() {
                for set in &mut sets {
                    let kept = *set & needed;
                    changed |= kept != *set;
                    *set = kept;
                }
            }
            if !changed {
                return Some(sets);
            }
        }
    }

    /// Each group outlined by a thin line through its cells, in one colour.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        (self.groups.iter())
            .map(|group| Mark::line(group, COLOUR, 0.12))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(names: &str) -> Vec<Cell> {
        names.split(' ').map(|n| n.parse().unwrap()).collect()
    }

    fn set(digits: &[u8]) -> DigitSet {
        let mut s = DigitSet::EMPTY;
        for &d in digits {
            s.insert(crate::grid::Digit::new(d).unwrap());
        }
        s
    }

    /// Two groups of five: whatever candidates the cells keep, narrowing never takes a
    /// digit that a filling with the same digits in both groups puts there (tried against
    /// every such filling of small candidate sets), and it finds what counting gives.
    #[test]
    fn narrowing_keeps_every_filling_and_counts() {
        let groups = vec![
            cells("r1c1 r1c2 r1c3 r1c4 r1c5"),
            cells("r5c1 r6c2 r7c3 r8c4 r9c5"),
        ];
        let rule = SameValues::new(groups.clone());
        let scope = rule.cells(Shape::NINE);
        let mut seed = 7_u64;
        for _ in 0..300 {
            // Each cell keeps one to three of the digits 1-4.
            let sets: Vec<DigitSet> = (0..scope.len())
                .map(|_| {
                    let mut s = DigitSet::EMPTY;
                    while s.is_empty() {
                        for d in 1..=4 {
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            if seed.is_multiple_of(3) {
                                s.insert(crate::grid::Digit::new(d).unwrap());
                            }
                        }
                    }
                    s
                })
                .collect();
            let kept = rule.narrow(&scope, &sets, Shape::NINE).unwrap();
            // Every filling of the candidates whose two groups hold the same digits.
            let mut filling = vec![0_u8; scope.len()];
            fn fill(i: usize, sets: &[DigitSet], filling: &mut Vec<u8>, kept: &[DigitSet]) {
                if i == sets.len() {
                    let mut a: Vec<u8> = filling[..5].to_vec();
                    let mut b: Vec<u8> = filling[5..].to_vec();
                    a.sort_unstable();
                    b.sort_unstable();
                    if a == b {
                        for (k, &d) in filling.iter().enumerate() {
                            let digit = crate::grid::Digit::new(d).unwrap();
                            assert!(kept[k].contains(digit), "{sets:?} -> {kept:?}");
                        }
                    }
                    return;
                }
                for d in sets[i].iter() {
                    filling[i] = d.get();
                    fill(i + 1, sets, filling, kept);
                }
            }
            fill(0, &sets, &mut filling, &kept);
        }
        // The first group holds 1 twice: the second's only two places for 1 take it.
        let mut sets = vec![set(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 10];
        sets[0] = set(&[1]);
        sets[1] = set(&[1]);
        sets[5] = set(&[1, 2]);
        sets[6] = set(&[1, 3]);
        for other in &mut sets[7..] {
            *other = set(&[2, 3, 4]);
        }
        let kept = rule.narrow(&scope, &sets, Shape::NINE).unwrap();
        assert_eq!((kept[5], kept[6]), (set(&[1]), set(&[1])));
        // The first group has no place for a 9 the second must hold: a cell is left empty.
        let mut sets = vec![set(&[1, 2, 3]); 10];
        sets[9] = set(&[9]);
        let kept = rule.narrow(&scope, &sets, Shape::NINE).unwrap();
        assert!(kept.iter().any(|s| s.is_empty()), "{kept:?}");
        // Two 1s and three 2s fill the first group: the second keeps only 1s and 2s.
        let mut sets = vec![set(&[1, 2, 3, 4]); 10];
        for (i, d) in [1, 1, 2, 2, 2].into_iter().enumerate() {
            sets[i] = set(&[d]);
        }
        let kept = rule.narrow(&scope, &sets, Shape::NINE).unwrap();
        assert!(kept[5..].iter().all(|&s| s == set(&[1, 2])), "{kept:?}");
        // Short groups are left to trying every filling.
        let short = SameValues::new(vec![cells("r1c1 r1c2"), cells("r3c3 r4c4")]);
        let scope = short.cells(Shape::NINE);
        assert_eq!(short.narrow(&scope, &[set(&[1]); 4], Shape::NINE), None);
    }

    #[test]
    fn groups_of_other_sizes_are_a_problem() {
        let uneven = SameValues::new(vec![cells("r1c1 r1c2"), cells("r3c3")]);
        assert!(
            uneven
                .problem(Shape::NINE)
                .unwrap()
                .contains("different numbers")
        );
        let even = SameValues::new(vec![cells("r1c1 r1c2"), cells("r3c3 r4c4")]);
        assert_eq!(even.problem(Shape::NINE), None);
    }
}
