//! Rellik cages: cells whose digits differ and of which no digit, nor any set of them, adds up to the cage's clue.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`RellikCage~clue~cells`: its `Rellik`
//! handler fails when any non-empty subset of the cage's values sums to the clue, and the
//! builder adds an all-different over the cells). f-puzzles and Rangsk's SudokuSolver have
//! no rellik cage, so satdoku reads it from its TOML only (`[[rellik]]`, `cells`, `sum`). On a
//! grid of digits from 0 the sums are of numbers, as sigh's solver reads them: a 0 adds
//! nothing to a set.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Literal, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, repeated, toml_only,
};
use crate::grid::{Cell, Shape};

/// A rellik cage: different digits, no set of which adds up to the clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rellik {
    cells: Vec<Cell>,
    clue: u32,
}

/// Above this many sets of digits reaching the clue, the cage forbids them through
/// "some subset reaches s" variables instead of one clause per set.
const MAX_SETS: usize = 1024;

impl Rellik {
    /// Reads a rellik record: its `cells` and its clue (`sum`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cells = record.cells("cells")?;
        let clue = record.required_number("sum")?;
        Ok(vec![Rellik::new(cells, clue).into()])
    }

    /// The record that `read` reads back as this cage in satdoku's TOML: `rellik`, with its
    /// `cells` and its clue (`sum`). f-puzzles has no rellik cage.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "a rellik cage", format, || {
            let record = WrittenRecord::new("rellik").cells("cells", &self.cells);
            record.number(format, "sum", self.clue)
        })
    }

    /// A rellik cage over `cells` with clue `clue`.
    pub fn new(cells: Vec<Cell>, clue: u32) -> Rellik {
        Rellik { cells, clue }
    }

    /// The sets of at most `k` different numbers from 1..=`n` that add up to the clue, or
    /// `None` when there are more than `most`.
    fn sets(&self, n: usize, most: usize) -> Option<Vec<Vec<usize>>> {
        fn go(
            from: usize,
            n: usize,
            left: usize,
            room: usize,
            set: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
            most: usize,
        ) -> bool {
            if left == 0 {
                out.push(set.clone());
                return out.len() <= most;
            }
            if room == 0 {
                return true;
            }
            for v in from..=n.min(left) {
                set.push(v);
                let ok = go(v + 1, n, left - v, room - 1, set, out, most);
                set.pop();
                if !ok {
                    return false;
                }
            }
            true
        }
        let mut out = Vec::new();
        let clue = self.clue as usize;
        go(
            1,
            n,
            clue,
            self.cells.len(),
            &mut Vec::new(),
            &mut out,
            most,
        )
        .then_some(out)
    }
}

impl fmt::Display for Rellik {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rellik cage {} (no digits add up to {})",
            cell_list(&self.cells),
            self.clue
        )
    }
}

impl Constraint for Rellik {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (k, n) = (self.cells.len(), shape.size());
        if k == 0 {
            return Some("a rellik cage needs at least one cell".into());
        }
        if let Some(cell) = repeated(&self.cells) {
            return Some(format!("{cell} appears twice"));
        }
        if k > n {
            let (lo, hi) = (shape.lowest(), shape.highest());
            return Some(format!(
                "{k} cells cannot hold different digits from {lo} to {hi}"
            ));
        }
        // The empty set adds up to 0, so a clue of 0 always breaks.
        (self.clue == 0).then(|| "a rellik clue is at least 1".into())
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        self.encode_listing(cnf, MAX_SETS);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        if !super::filled_distinct(values, &self.cells) {
            return false;
        }
        // The sums the filled digits' subsets make.
        let clue = self.clue as usize;
        let mut sums = vec![false; clue + 1];
        sums[0] = true;
        for v in self.cells.iter().filter_map(|&c| values.get(c)) {
            for s in (v..=clue).rev() {
                if sums[s - v] {
                    sums[s] = true;
                }
            }
        }
        !sums[clue]
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::Cage {
            cells: self.cells.clone(),
            label: Some(format!("≠{}", self.clue)),
        }]
    }
}

impl Rellik {
    /// The clauses, a clause per set of numbers reaching the clue when there are at most
    /// `most` such sets (a 0 adds nothing, so no set needs it).
    fn encode_listing(&self, cnf: &mut ConstraintCnf, most: usize) {
        cnf.all_different(&self.cells);
        let shape = cnf.shape();
        let highest = shape.highest();
        let clue = self.clue as usize;
        // "The cage holds v", for the numbers from 1 a set reaching the clue can use.
        let holds: Vec<Literal> = (1..=highest.min(clue))
            .map(|v| cnf.any_holds(&self.cells, shape.place(v)))
            .collect();
        if let Some(sets) = self.sets(highest, most) {
            for set in sets {
                cnf.clause(set.iter().map(|&v| !holds[v - 1]));
            }
            return;
        }
        // reach[s]: some set of the values so far held by the cage adds up to s (1..=clue),
        // defined value by value; the clue is never reached.
        let mut reach: Vec<Option<Literal>> = vec![None; clue + 1];
        for (i, &has) in holds.iter().enumerate() {
            let v = i + 1;
            let mut next = reach.clone();
            for (s, slot) in next.iter_mut().enumerate().skip(1) {
                let before = reach[s];
                // Reaching s with v: v alone (s = v), or v on top of a set reaching s − v.
                let with: Option<Literal> = match s.cmp(&v) {
                    std::cmp::Ordering::Less => None,
                    std::cmp::Ordering::Equal => Some(has),
                    std::cmp::Ordering::Greater => reach[s - v].map(|below| {
                        let both = cnf.aux();
                        cnf.clause([!both, has]);
                        cnf.clause([!both, below]);
                        cnf.clause([both, !has, !below]);
                        both
                    }),
                };
                *slot = match (before, with) {
                    (None, None) => None,
                    (Some(x), None) | (None, Some(x)) => Some(x),
                    (Some(x), Some(y)) => {
                        let either = cnf.aux();
                        cnf.clause([!x, either]);
                        cnf.clause([!y, either]);
                        cnf.clause([!either, x, y]);
                        Some(either)
                    }
                };
            }
            reach = next;
        }
        if let Some(hit) = reach[clue] {
            cnf.clause([!hit]);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn sets_reaching_the_clue_are_listed_up_to_the_cage_size() {
        let cells: Vec<Cell> = ["r1c1", "r1c2"]
            .iter()
            .map(|n| n.parse().unwrap())
            .collect();
        let cage = Rellik::new(cells, 7);
        assert_eq!(
            cage.sets(9, MAX_SETS),
            Some(vec![vec![1, 6], vec![2, 5], vec![3, 4], vec![7]])
        );
        assert_eq!(
            cage.to_string(),
            "rellik cage r1c1-r1c2 (no digits add up to 7)"
        );
        assert!(Rellik::new(vec![], 7).problem(Shape::NINE).is_some());
    }

    /// The fillings of the cage's cells (in order) that its clauses allow, enumerated by
    /// varisat, the cage's cells the first of a grid of `n`.
    fn fillings(cage: &Rellik, n: usize, most: usize) -> BTreeSet<Vec<usize>> {
        use varisat::{ExtendFormula, Lit, Solver, Var};
        let shape = Shape::from_size(n).unwrap();
        let mut cnf = ConstraintCnf::new(shape);
        cage.encode_listing(&mut cnf, most);
        let k = cage.cells.len();
        let var = |pos: usize, v: usize| Var::from_index(pos * n + v - 1);
        let lit = |l: &Literal| {
            let var = match l.atom {
                super::super::Atom::Holds(cell, v) => var(
                    cage.cells.iter().position(|&c| c == cell).unwrap(),
                    v as usize,
                ),
                super::super::Atom::Aux(a) => Var::from_index(k * n + a as usize),
                super::super::Atom::Region(..) => unreachable!("a cage names no regions"),
            };
            Lit::from_var(var, l.positive)
        };
        let mut solver = Solver::new();
        for clause in cnf.clauses() {
            solver.add_clause(&clause.iter().map(lit).collect::<Vec<_>>());
        }
        for pos in 0..k {
            solver.add_clause(&(1..=n).map(|v| var(pos, v).positive()).collect::<Vec<_>>());
        }
        let mut out = BTreeSet::new();
        while solver.solve().unwrap() {
            let model = solver.model().unwrap();
            let filling: Vec<usize> = (0..k)
                .map(|pos| {
                    (1..=n)
                        .find(|&v| model.contains(&var(pos, v).positive()))
                        .unwrap()
                })
                .collect();
            let block: Vec<Lit> = (0..k)
                .map(|pos| var(pos, filling[pos]).negative())
                .collect();
            solver.add_clause(&block);
            out.insert(filling);
        }
        out
    }

    #[test]
    fn both_encodings_allow_exactly_the_fillings_the_rule_allows() {
        let n = 6;
        for (k, clue) in [(1, 3), (2, 7), (3, 9), (3, 12), (4, 10), (2, 1)] {
            let cells: Vec<Cell> = (0..k).map(|c| Cell::at(0, c).unwrap()).collect();
            let cage = Rellik::new(cells, clue);
            let mut expected = BTreeSet::new();
            let mut filling = vec![1; k];
            'all: loop {
                let differ = (0..k).all(|i| !filling[..i].contains(&filling[i]));
                let hit = (1u32..1 << k).any(|mask| {
                    (0..k)
                        .filter(|&i| mask & 1 << i != 0)
                        .map(|i| filling[i])
                        .sum::<usize>()
                        == clue as usize
                });
                if differ && !hit {
                    expected.insert(filling.clone());
                }
                for digit in filling.iter_mut() {
                    if *digit < n {
                        *digit += 1;
                        continue 'all;
                    }
                    *digit = 1;
                }
                break;
            }
            assert_eq!(fillings(&cage, n, MAX_SETS), expected, "{cage}, sets");
            assert_eq!(
                fillings(&cage, n, 0),
                expected,
                "{cage}, reaching variables"
            );
        }
    }
}
