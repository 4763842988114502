//! Full rank's tie rules over the whole grid: no two rows or columns read alike either way, or full rank clues whose lines may tie others.
//!
//! The rules of sigh's Interactive Sudoku Solver's "Full Rank Ties" option (`FullRankTies~…`
//! in its collection; by default unclued lines may tie among themselves and a clued line ties
//! none): `none` ("no ranks" tie) makes every two of the 4N lines, the rows and columns read
//! from each end, read different numbers, with or without clues; `any` lets a clued line tie
//! others, its rank then one more than the lines strictly below it (two clues of one rank
//! tie each other). satdoku reads them as rules over the whole grid, `full-rank-no-ties` and
//! `full-rank-ties` (TOML `rules`, flags of the same names); the second changes only how
//! full rank clues read ([`FullRank`](super::FullRank) learns it when the rules settle).

use std::fmt;

use super::drawing::Mark;
use super::full_rank::{WAYS, lines_read};
use super::{
    CellValues, Constraint, ConstraintCnf, RecordFormat, Sightline, Written, whole_grid_rule,
};
use crate::grid::{Cell, DigitSet, Shape};

/// Which tie rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieRule {
    /// No two lines read alike, either way.
    Never,
    /// A clued line may tie others; its rank counts the lines strictly below it.
    Allowed,
}

/// A tie rule of full rank over the whole grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RankTies {
    rule: TieRule,
}

impl RankTies {
    /// The tie rule `rule`.
    pub fn new(rule: TieRule) -> RankTies {
        RankTies { rule }
    }

    /// Which rule it is.
    pub fn rule(&self) -> TieRule {
        self.rule
    }

    /// No record: a rule over the whole grid is written with a file's rules (satdoku's
    /// `rules` list), never as a record of its own.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        whole_grid_rule(self, format)
    }

    /// The pairs of lines that could read alike on a grid of `n`: lines read different ways
    /// (two lines read the same way start in one edge house, so never alike), each with its
    /// cells from its start.
    fn pairs(n: usize) -> Vec<(Vec<Cell>, Vec<Cell>)> {
        let mut pairs = Vec::new();
        for (i, &a) in WAYS.iter().enumerate() {
            for &b in &WAYS[i + 1..] {
                for x in lines_read(n, a) {
                    for y in lines_read(n, b) {
                        pairs.push((x.cells(n), y.cells(n)));
                    }
                }
            }
        }
        pairs
    }
}

impl fmt::Display for RankTies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.rule {
            TieRule::Never => "full rank without ties (no two rows or columns read alike)",
            TieRule::Allowed => "full rank with ties (clued lines may tie)",
        })
    }
}

impl Constraint for RankTies {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        None
    }

    /// Without ties: for each pair of lines that could read alike, some place where they
    /// differ (a variable per place implying its two cells hold different digits). With
    /// ties allowed: nothing here; the clues read it.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        if self.rule == TieRule::Allowed {
            return;
        }
        let m = cnf.size();
        for (a, b) in RankTies::pairs(cnf.shape().size()) {
            let mut some = Vec::new();
            for (&x, &y) in a.iter().zip(&b) {
                if x == y {
                    continue;
                }
                let differ = cnf.aux();
                for v in 1..=m {
                    cnf.clause([!differ, !cnf.holds(x, v), !cnf.holds(y, v)]);
                }
                some.push(differ);
            }
            cnf.clause(some);
        }
    }

    /// Without ties: no two filled lines read alike (exact on a complete grid).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        if self.rule == TieRule::Allowed {
            return true;
        }
        let n = values.shape().size();
        let read = |s: &Sightline| -> Option<Vec<usize>> {
            (0..n).map(|i| values.place(s.cell(n, i))).collect()
        };
        let mut seen: Vec<Vec<usize>> = Vec::with_capacity(4 * n);
        for way in WAYS {
            for line in lines_read(n, way) {
                if let Some(digits) = read(&line) {
                    if seen.contains(&digits) {
                        return false;
                    }
                    seen.push(digits);
                }
            }
        }
        true
    }

    /// Without ties: a line that reads as another in every place but one, where the other's
    /// digit is known, cannot hold it there. With ties allowed: nothing.
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], _shape: Shape) -> Option<Vec<DigitSet>> {
        let shape = Shape::from_cell_count(sets.len())?;
        if scope.len() != sets.len() || scope.iter().enumerate().any(|(i, &c)| shape.index(c) != i)
        {
            return None;
        }
        let mut sets = sets.to_vec();
        if self.rule == TieRule::Allowed {
            return Some(sets);
        }
        for (a, b) in RankTies::pairs(shape.size()) {
            // The places not settled equal: a shared cell, or one known digit in both.
            let open: Vec<usize> = (0..a.len())
                .filter(|&i| {
                    let (p, q) = (sets[shape.index(a[i])], sets[shape.index(b[i])]);
                    a[i] != b[i] && !(p.is_single() && p == q)
                })
                .collect();
            match open[..] {
                [] => {
                    // Alike throughout: no filling keeps them.
                    for &c in a.iter().chain(&b) {
                        sets[shape.index(c)] = DigitSet::EMPTY;
                    }
                }
                [i] => {
                    let (x, y) = (shape.index(a[i]), shape.index(b[i]));
                    if let Some(d) = sets[x].only() {
                        sets[y].remove(d);
                    }
                    if let Some(d) = sets[y].only() {
                        sets[x].remove(d);
                    }
                }
                _ => {}
            }
        }
        Some(sets)
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Vec::new()
    }
}
