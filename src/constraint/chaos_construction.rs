//! Chaos construction: the regions are part of the answer, N orthogonally connected regions of N cells, each holding every digit once.
//!
//! Setters write it "divide the grid into nine regions of nine orthogonally connected cells"
//! or "each region must be determined". The grid draws no regions: a solution is its digits
//! and its regions, both unique when the puzzle is.
//!
//! The encoding: a variable per cell and region, "the cell lies in region k" (shared with
//! every clue that reads regions); regions numbered in the order of their first cells in
//! reading order, so that each split of the grid has one numbering (the one
//! [`Grid::with_regions`](crate::Grid::with_regions) gives); each region holds each digit
//! once (and so N cells); each region is connected, every cell of it reached from its first
//! cell in at most N−1 steps through cells of the region; and, for propagation, each region
//! has N cells and every cell a neighbour in its region. Numbering regions by the row of the
//! 1 they hold instead was measured slower (BENCHMARKS.md).

use std::fmt;

use super::drawing::Mark;
use super::sum::{Chain, Term};
use super::{
    CellValues, Constraint, ConstraintCnf, Literal, RecordFormat, Written, neighbours,
    whole_grid_rule,
};
use crate::grid::{Cell, Shape};

/// The largest grid whose regions the encoding finds: it has about 4·N⁴ variables.
pub const MOST_SIZE: usize = 25;

/// The rule over the whole grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChaosConstruction;

impl ChaosConstruction {
    /// No record: a rule over the whole grid is written with a file's rules (satdoku's
    /// `rules` list), never as a record of its own.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        whole_grid_rule(self, format)
    }
}

impl fmt::Display for ChaosConstruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("chaos construction (regions to be found)")
    }
}

impl Constraint for ChaosConstruction {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if !shape.is_exact() {
            Some(format!(
                "chaos construction needs as many digits as a row has cells (the {shape} takes {})",
                shape.digit_count()
            ))
        } else if shape.size() > MOST_SIZE {
            Some(format!(
                "chaos construction finds regions on grids up to {MOST_SIZE}×{MOST_SIZE}, not {shape}"
            ))
        } else {
            None
        }
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        let n = shape.size();
        let cells: Vec<Cell> = shape.cells().collect();
        let region = |cnf: &ConstraintCnf, i: usize, k: usize| cnf.in_region(cells[i], k);
        let around: Vec<Vec<usize>> = (cells.iter())
            .map(|&cell| {
                (neighbours(shape, cell)
                    .into_iter()
                    .map(|nb| shape.index(nb)))
                .collect()
            })
            .collect();
        // Each cell in exactly one region.
        for i in 0..cells.len() {
            let all: Vec<Literal> = (0..n).map(|k| region(cnf, i, k)).collect();
            cnf.clause(all.iter().copied());
            cnf.at_most_one(&all);
        }
        // Each region holds each digit exactly once: "cell i holds d in region k".
        for k in 0..n {
            for d in 1..=n {
                let mut places = Vec::with_capacity(cells.len());
                for (i, &cell) in cells.iter().enumerate() {
                    let (inside, holds, place) = (region(cnf, i, k), cnf.holds(cell, d), cnf.aux());
                    cnf.clause([!place, inside]);
                    cnf.clause([!place, holds]);
                    cnf.clause([!inside, !holds, place]);
                    places.push(place);
                }
                cnf.clause(places.iter().copied());
                cnf.at_most_one(&places);
            }
        }
        // Implied by the rest, stated for propagation (BENCHMARKS.md: "Lighthouse" in a
        // quarter to a third of the time): each region has N cells, and each cell of a
        // region has a neighbour in it.
        for k in 0..n {
            let terms: Vec<Term> = (0..cells.len())
                .map(|i| {
                    let inside = region(cnf, i, k);
                    vec![(inside, 1), (!inside, 0)]
                })
                .collect();
            Chain::equal(cnf, &terms, n as i64);
        }
        for (i, near) in around.iter().enumerate() {
            for k in 0..n {
                let mut clause = vec![!region(cnf, i, k)];
                clause.extend(near.iter().map(|&j| region(cnf, j, k)));
                cnf.clause(clause);
            }
        }
        // Regions numbered in the order of their first cells: "region k has a cell among
        // the first i + 1" (seen), and region k ≥ 1 only after region k − 1 has a cell.
        let mut seen: Vec<Vec<Literal>> = Vec::with_capacity(cells.len());
        for i in 0..cells.len() {
            let row: Vec<Literal> = (0..n).map(|_| cnf.aux()).collect();
            for (k, &now) in row.iter().enumerate() {
                let inside = region(cnf, i, k);
                cnf.clause([!inside, now]);
                match seen.last() {
                    Some(before) => {
                        let before: &Vec<Literal> = before;
                        cnf.clause([!before[k], now]);
                        cnf.clause([!now, before[k], inside]);
                        if k > 0 {
                            cnf.clause([!inside, before[k - 1]]);
                        }
                    }
                    None => {
                        cnf.clause([!now, inside]);
                        if k > 0 {
                            cnf.clause([!inside]);
                        }
                    }
                }
            }
            seen.push(row);
        }
        // Connected: every cell of region k is reached from the region's first cell in at
        // most N − 1 steps inside the region.
        // Whether region k has a cell before cell i.
        let before_first = |i: usize, k: usize| seen[i - 1][k];
        for k in 0..n {
            // reach[t][i]: cell i is in region k, t steps or fewer from its first cell.
            let mut reach: Vec<Vec<Literal>> = Vec::with_capacity(n);
            for _ in 0..n {
                let step: Vec<Literal> = (0..cells.len()).map(|_| cnf.aux()).collect();
                for i in 0..cells.len() {
                    cnf.clause([!step[i], region(cnf, i, k)]);
                    match reach.last() {
                        // The first cell: none of the region before it.
                        None => {
                            if i > 0 {
                                cnf.clause([!step[i], !before_first(i, k)]);
                            }
                        }
                        Some(before) => {
                            let before: &Vec<Literal> = before;
                            let mut from = vec![!step[i], before[i]];
                            from.extend(around[i].iter().map(|&j| before[j]));
                            cnf.clause(from);
                        }
                    }
                }
                reach.push(step);
            }
            let last = reach.last().expect("N ≥ 1 steps");
            for (i, &far) in last.iter().enumerate() {
                cnf.clause([!region(cnf, i, k), far]);
            }
        }
    }

    /// On a complete grid, whether its cells split into N connected regions of N cells each
    /// holding every digit once (searched region by region from the first cell left); on a
    /// partial grid, true.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        let digits: Vec<u8> = shape.cells().map(|cell| values.raw(cell)).collect();
        if digits.contains(&0) {
            return true;
        }
        partition(shape, &digits).is_some()
    }

    /// No group of cells for logic to judge: the regions are not candidates of cells.
    fn scopes(&self, _shape: Shape) -> Vec<Vec<Cell>> {
        Vec::new()
    }

    /// Nothing drawn: the legend names the rule with the rules over the whole grid.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Vec::new()
    }
}

/// A split of a complete grid's cells (`digits` in reading order) into N orthogonally
/// connected regions of N cells, each holding every digit once: the region of each cell,
/// numbered in the order of the regions' first cells; `None` when there is none.
pub fn partition(shape: Shape, digits: &[u8]) -> Option<Vec<u8>> {
    let mut search = Partition {
        shape,
        digits,
        region: vec![u8::MAX; digits.len()],
    };
    search.fill(0).then_some(search.region)
}

/// The search of [`partition`].
struct Partition<'a> {
    shape: Shape,
    digits: &'a [u8],
    /// The region of each cell so far (`u8::MAX`: none yet).
    region: Vec<u8>,
}

impl Partition<'_> {
    /// Fills regions `next`, `next + 1` … from the first cell without one.
    fn fill(&mut self, next: u8) -> bool {
        let Some(start) = self.region.iter().position(|&r| r == u8::MAX) else {
            return true;
        };
        let mut taken = vec![false; self.digits.len()];
        taken[start] = true;
        let mut members = vec![start];
        let extension = self.extension(start, &members, &mut taken, Vec::new());
        self.grow(next, &mut members, extension, &mut taken)
    }

    /// The cells next to `cell` that may join `members`: free, not taken (tried or
    /// listed already), their digit not in the region; each marked taken.
    fn extension(
        &self,
        cell: usize,
        members: &[usize],
        taken: &mut [bool],
        mut list: Vec<usize>,
    ) -> Vec<usize> {
        let n = self.shape.size();
        let at = self.shape.cell_at(cell).expect("a cell index");
        for nb in neighbours(self.shape, at)
            .into_iter()
            .map(|c| self.shape.index(c))
        {
            let free = self.region[nb] == u8::MAX && !taken[nb];
            if free && members.iter().all(|&m| self.digits[m] != self.digits[nb]) {
                taken[nb] = true;
                list.push(nb);
            }
        }
        debug_assert!(members.len() <= n);
        list
    }

    /// Every connected region of N cells holding `members` and cells of `extension`
    /// (each such set once), each tried with the regions after it.
    fn grow(
        &mut self,
        next: u8,
        members: &mut Vec<usize>,
        mut extension: Vec<usize>,
        taken: &mut [bool],
    ) -> bool {
        let n = self.shape.size();
        if members.len() == n {
            for &m in members.iter() {
                self.region[m] = next;
            }
            if self.leaves_room() && self.fill(next + 1) {
                return true;
            }
            for &m in members.iter() {
                self.region[m] = u8::MAX;
            }
            return false;
        }
        while let Some(cell) = extension.pop() {
            if members.iter().any(|&m| self.digits[m] == self.digits[cell]) {
                continue;
            }
            members.push(cell);
            let before: Vec<bool> = taken.to_vec();
            let wider = self.extension(cell, members, taken, extension.clone());
            if self.grow(next, members, wider, taken) {
                return true;
            }
            taken.copy_from_slice(&before);
            members.pop();
        }
        false
    }

    /// Whether each connected part of the cells without a region has a multiple of N cells.
    fn leaves_room(&self) -> bool {
        let n = self.shape.size();
        let mut seen: Vec<bool> = self.region.iter().map(|&r| r != u8::MAX).collect();
        for start in 0..seen.len() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let (mut todo, mut size) = (vec![start], 0);
            while let Some(i) = todo.pop() {
                size += 1;
                let at = self.shape.cell_at(i).expect("a cell index");
                for nb in neighbours(self.shape, at)
                    .into_iter()
                    .map(|c| self.shape.index(c))
                {
                    if !seen[nb] {
                        seen[nb] = true;
                        todo.push(nb);
                    }
                }
            }
            if size % n != 0 {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_latin_square_splits_into_its_rows_at_least() {
        let shape = Shape::from_size(4).unwrap();
        // Rows as regions: every row of a Latin square holds every digit once.
        let digits: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
        let regions = partition(shape, &digits).expect("rows are regions");
        assert_eq!(regions.len(), 16);
        for r in 0..4u8 {
            let cells: Vec<usize> = (0..16).filter(|&i| regions[i] == r).collect();
            assert_eq!(cells.len(), 4);
            let mut held: Vec<u8> = cells.iter().map(|&i| digits[i]).collect();
            held.sort();
            assert_eq!(held, [1, 2, 3, 4]);
        }
        // Numbered in the order of first cells.
        assert_eq!(regions[0], 0);
    }

    #[test]
    fn a_grid_that_cannot_split_is_refused() {
        let shape = Shape::from_size(4).unwrap();
        // A corner whose two neighbours hold its own digit joins no region of four.
        let digits: Vec<u8> = "1123123423413412".bytes().map(|b| b - b'0').collect();
        assert_eq!(partition(shape, &digits), None);
    }
}
