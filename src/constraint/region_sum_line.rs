//! Region-sum lines: each stretch of the line inside one region (box or jigsaw piece) adds up to the same total.
//!
//! The rule as f-puzzles' extensions define it (field `regionsumline`, one line per entry of
//! `lines`) and Rangsk's SudokuSolver solves it (`RegionSumLinesConstraint`: the line is cut
//! wherever consecutive cells lie in different regions, and the pieces have equal sums),
//! as does sigh's Interactive Sudoku Solver (`RegionSumLine`: a line that leaves a region
//! and comes back makes a new piece there, with the same total). The regions are the
//! grid's: its boxes, or its jigsaw regions (which replace the boxes; an f-puzzles grid
//! without boxes has its rows as regions). Extra regions, diagonals and windows are not
//! regions here.

use std::fmt;

use super::drawing::Mark;
use super::sum::{equal_sums, equal_sums_admit};
use super::{
    Branches, CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, loop_problem, ring,
};
use crate::grid::{Cell, Shape};

/// A region-sum line: its pieces (runs of consecutive cells in one region) have equal sums.
/// A line with branches is cut the same way, and pieces of the line and its branches that
/// share a cell are one piece (the fork inside one region).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionSumLine {
    cells: Vec<Cell>,
    branches: Branches,
    /// The pieces, settled from the rules' regions (see [`RegionSumLine::settled`]); until
    /// then the whole line is one piece, which says nothing.
    pieces: Vec<Vec<Cell>>,
}

impl RegionSumLine {
    /// Reads a region-sum line record: its cells (f-puzzles: one line each) and its
    /// `branches`, if any.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let paths = record.paths()?;
        let branches = Branches::read(record, paths.len())?;
        Ok((paths.into_iter())
            .map(|cells| RegionSumLine::branched(cells, branches.clone()).into())
            .collect())
    }

    /// The record that `read` reads back as this line (the rules cut it into pieces when it joins
    /// them): its cells (and branches), under `region-sum-line` in satdoku's TOML and as the
    /// one line of an f-puzzles `regionsumline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::path(format, "region-sum-line", "regionsumline", &self.cells);
        Ok(vec![self.branches.write(record, format, self)?])
    }

    /// A region-sum line along `cells` (the rules cut it into pieces by their regions when
    /// it joins them).
    pub fn new(cells: Vec<Cell>) -> RegionSumLine {
        RegionSumLine::branched(cells, Branches::default())
    }

    /// A region-sum line along `cells` with `branches`.
    pub fn branched(cells: Vec<Cell>, branches: Branches) -> RegionSumLine {
        RegionSumLine {
            pieces: vec![branches.cells(&cells)],
            cells,
            branches,
        }
    }

    /// The same line cut into pieces by the regions, `region` naming each cell's region
    /// (see [`cut_by_regions`]); with branches, each branch is cut the same way and pieces
    /// that share a cell are joined.
    pub(crate) fn settled(self, region: &dyn Fn(Cell) -> Vec<Cell>) -> RegionSumLine {
        let mut pieces: Vec<Vec<Cell>> = Vec::new();
        let paths = std::iter::once(&self.cells).chain(self.branches.paths());
        for piece in paths.flat_map(|path| cut_by_regions(path, region)) {
            let (mut joined, apart): (Vec<Vec<Cell>>, Vec<Vec<Cell>>) = pieces
                .into_iter()
                .partition(|p| p.iter().any(|c| piece.contains(c)));
            joined.push(piece);
            let mut one: Vec<Cell> = Vec::new();
            for cell in joined.into_iter().flatten() {
                if !one.contains(&cell) {
                    one.push(cell);
                }
            }
            pieces = apart;
            pieces.push(one);
        }
        RegionSumLine { pieces, ..self }
    }
}

/// The pieces of the line through `cells`: cut where consecutive cells lie in different
/// regions, `region` naming each cell's region (a line that leaves a region and comes back
/// makes a new piece there). A loop (see [`ring`]) is cut the same way all round: it is read
/// from a cell where its region changes, so that the piece through its first cell is one
/// piece.
pub(crate) fn cut_by_regions(cells: &[Cell], region: &dyn Fn(Cell) -> Vec<Cell>) -> Vec<Vec<Cell>> {
    let (ring, closed) = ring(cells);
    let k = ring.len();
    let start = if closed {
        (0..k)
            .find(|&i| !region(ring[(i + k - 1) % k]).contains(&ring[i]))
            .unwrap_or(0)
    } else {
        0
    };
    let order: Vec<Cell> = (0..k).map(|i| ring[(start + i) % k]).collect();
    let mut pieces: Vec<Vec<Cell>> = Vec::new();
    for (i, &cell) in order.iter().enumerate() {
        match pieces.last_mut() {
            Some(piece) if region(order[i - 1]).contains(&cell) => piece.push(cell),
            _ => pieces.push(vec![cell]),
        }
    }
    pieces
}

impl fmt::Display for RegionSumLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "region-sum line {}{}",
            cell_list(&self.cells),
            self.branches
        )
    }
}

impl Constraint for RegionSumLine {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.branches.cells(&self.cells)
    }

    fn oddity(&self) -> Option<String> {
        self.branches.oddity(&self.cells)
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        loop_problem("region-sum line", &self.cells)
            .or_else(|| self.branches.problem(ring(&self.cells).0))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        equal_sums(cnf, &self.pieces);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        equal_sums_admit(values, &self.pieces)
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.branches.marks(&self.cells, "#39b4e6", 0.22)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_is_cut_all_round() {
        let cell = |r, c| Cell::at(r, c).unwrap();
        // A 2×2 square of cells round and back to r1c1; columns 0 and 1 in two regions.
        let square = vec![cell(0, 0), cell(0, 1), cell(1, 1), cell(1, 0), cell(0, 0)];
        let line = RegionSumLine::new(square)
            .settled(&|c: Cell| (0..2).map(|r| cell(r, c.col())).collect());
        assert_eq!(
            line.pieces,
            [vec![cell(0, 1), cell(1, 1)], vec![cell(1, 0), cell(0, 0)]]
        );
    }

    #[test]
    fn a_line_is_cut_where_its_region_changes_and_again_where_it_comes_back() {
        let cell = |r, c| Cell::at(r, c).unwrap();
        let line = RegionSumLine::new(vec![cell(0, 0), cell(0, 1), cell(0, 2), cell(0, 3)]);
        // Columns 0–1 and 3 in region 0, column 2 in region 1.
        let line = line.settled(&|c: Cell| {
            let cols: &[usize] = if c.col() == 2 { &[2] } else { &[0, 1, 3] };
            cols.iter().map(|&col| cell(0, col)).collect()
        });
        assert_eq!(
            line.pieces,
            [
                vec![cell(0, 0), cell(0, 1)],
                vec![cell(0, 2)],
                vec![cell(0, 3)]
            ]
        );
    }
}
