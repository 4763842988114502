//! Doppelgänger: on an N×N grid of the digits 0 to N, every row, column and region holds a 0 and misses one of 1 to N, no two houses of a kind miss the same digit, and at each 0 the digits its row, column and region miss all differ.
//!
//! The rule as sigh's Interactive Sudoku Solver states it ("Doppelganger": every region
//! contains 0 and all but one of the digits 1-N; no two regions of the same type may miss the
//! same digit; at each 0, the missing digits from each region differ), on square grids of the
//! digits 0 to N. Rows, columns and the grid's regions (boxes or jigsaw) are its three kinds
//! of house; a grid without regions has rows and columns only.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, RecordFormat, Written, cnf::Literal, whole_grid_rule,
};
use crate::grid::{Cell, Shape};

/// The rule over the whole grid, with the grid's regions once the rules settle it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Doppelganger {
    /// The regions (boxes or jigsaw regions), each in reading order; none on a grid of rows
    /// and columns only.
    regions: Vec<Vec<Cell>>,
}

impl Doppelganger {
    /// The rule, its regions to be settled by the rules it joins.
    pub fn new() -> Doppelganger {
        Doppelganger::default()
    }

    /// No record: a rule over the whole grid is written with a file's rules (satdoku's
    /// `rules` list), never as a record of its own.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        whole_grid_rule(self, format)
    }

    /// The rule with the grid's regions: `region` gives the cells of the region holding a
    /// cell (none without regions).
    pub(crate) fn settled(self, region: &dyn Fn(Cell) -> Vec<Cell>) -> Doppelganger {
        let first = region(Cell::at(0, 0).expect("r1c1 is a cell"));
        let n = first.len();
        let mut regions: Vec<Vec<Cell>> = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let cell = Cell::at(r, c).expect("inside the grid");
                let cells = region(cell);
                if cells.first() == Some(&cell) {
                    regions.push(cells);
                }
            }
        }
        Doppelganger { regions }
    }

    /// The houses by kind: rows, columns and (if any) regions.
    fn kinds(&self, shape: Shape) -> Vec<Vec<Vec<Cell>>> {
        let n = shape.size();
        let line = |along: fn(usize, usize) -> (usize, usize)| -> Vec<Vec<Cell>> {
            (0..n)
                .map(|i| {
                    (0..n)
                        .filter_map(|j| {
                            let (r, c) = along(i, j);
                            shape.cell(r, c)
                        })
                        .collect()
                })
                .collect()
        };
        let mut kinds = vec![line(|i, j| (i, j)), line(|i, j| (j, i))];
        if !self.regions.is_empty() {
            kinds.push(self.regions.clone());
        }
        kinds
    }

    /// For each cell, its house of each kind (an index into that kind's list).
    fn houses_of(kinds: &[Vec<Vec<Cell>>], cell: Cell) -> Vec<usize> {
        (kinds.iter())
            .map(|houses| {
                (houses.iter().position(|h| h.contains(&cell)))
                    .expect("every kind covers every cell")
            })
            .collect()
    }

    /// The place (2..=N+1) of the digit a house misses, if every cell is filled and it has
    /// a 0 (place 1); `Err(())` when it is filled without a 0.
    fn missing(values: &CellValues<'_>, house: &[Cell]) -> Result<Option<usize>, ()> {
        let digits = values.digits_of(house);
        if digits.contains(&0) {
            return Ok(None);
        }
        if !digits.contains(&1) {
            return Err(());
        }
        let m = values.shape().digit_count();
        Ok((2..=m).find(|v| !digits.contains(v)))
    }
}

/// Whether no two of `values` are equal.
fn all_differ(mut values: Vec<usize>) -> bool {
    let count = values.len();
    values.sort_unstable();
    values.dedup();
    values.len() == count
}

impl fmt::Display for Doppelganger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "doppelgänger (every house holds a 0 and misses one digit, no two houses of a kind the same, and at each 0 its row, column and region miss different digits)",
        )
    }
}

impl Constraint for Doppelganger {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.size();
        (!shape.starts_at_zero() || shape.digit_count() != n + 1).then(|| {
            format!("it needs the digits 0 to {n} (--digits 0-{n}); the grid is a {shape}")
        })
    }

    /// A variable per house and digit 1..N, "the house misses it" (true exactly when no
    /// cell holds it); each house holds a 0 and misses one digit; per kind and digit, one
    /// house misses it; at a 0, no two of its houses miss the same digit.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        let m = shape.digit_count();
        let kinds = self.kinds(shape);
        let mut misses: Vec<Vec<Vec<Literal>>> = Vec::new();
        for houses in &kinds {
            let mut kind = Vec::new();
            for house in houses {
                cnf.clause(house.iter().map(|&c| cnf.holds(c, 1)).collect::<Vec<_>>());
                let mut row = Vec::new();
                for v in 2..=m {
                    let miss = cnf.aux();
                    for &c in house {
                        cnf.clause([!miss, !cnf.holds(c, v)]);
                    }
                    let mut some = vec![miss];
                    some.extend(house.iter().map(|&c| cnf.holds(c, v)));
                    cnf.clause(some);
                    row.push(miss);
                }
                cnf.clause(row.clone());
                kind.push(row);
            }
            for v in 0..m - 1 {
                let column: Vec<Literal> = kind.iter().map(|row| row[v]).collect();
                cnf.at_most_one(&column);
                cnf.clause(column);
            }
            misses.push(kind);
        }
        for cell in shape.cells() {
            let zero = cnf.holds(cell, 1);
            let of = Self::houses_of(&kinds, cell);
            for a in 0..kinds.len() {
                for b in a + 1..kinds.len() {
                    let pairs = misses[a][of[a]].iter().zip(&misses[b][of[b]]);
                    for (&x, &y) in pairs {
                        cnf.clause([!zero, !x, !y]);
                    }
                }
            }
        }
    }

    /// Judges filled houses only: each holds a 0; no two filled houses of a kind miss the
    /// same digit; a 0 whose houses are filled has them miss different digits. Exact on a
    /// complete grid.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        let kinds = self.kinds(shape);
        let mut missing: Vec<Vec<Option<usize>>> = Vec::new();
        for houses in &kinds {
            let mut kind = Vec::new();
            for house in houses {
                match Self::missing(values, house) {
                    Err(()) => return false,
                    Ok(m) => kind.push(m),
                }
            }
            if !all_differ(kind.iter().flatten().copied().collect()) {
                return false;
            }
            missing.push(kind);
        }
        shape.cells().all(|cell| {
            if values.raw(cell) != 1 {
                return true;
            }
            let of = Self::houses_of(&kinds, cell);
            all_differ((0..kinds.len()).filter_map(|k| missing[k][of[k]]).collect())
        })
    }

    /// Each house on its own: logic learns that it holds a 0.
    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        self.kinds(shape).into_iter().flatten().collect()
    }

    /// A filled house holds a 0.
    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        Self::missing(values, scope).is_ok()
    }

    /// Nothing drawn: the legend names the rule with the rules over the whole grid.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Vec::new()
    }
}
