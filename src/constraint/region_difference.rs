//! Region-difference lines: the regions cut the line into pieces of two cells, and every piece's two digits differ by the same amount.
//!
//! The rule as setters state it ("What A Twist", AnalyticalNinja: "Digits along the blue line
//! must have the same DIFFERENCE within each box it passes through"), the difference twin of
//! the region-sum line. The line is cut as a region-sum line is (a new piece each time it
//! enters a region, boxes or jigsaw regions); a difference is of two digits, so each piece
//! must be two cells, and a line cut otherwise is refused by name rather than given a
//! meaning no setter stated. satdoku reads it from its TOML (`[[region-difference-line]]`
//! with `cells`), from f-puzzles as a `regiondifferenceline` entry (the name f-puzzles'
//! extension scheme gives such a tool, as `regionsumline`), and from SudokuPad as lines the
//! rules give this meaning.

use std::fmt;

use super::drawing::Mark;
use super::region_sum_line::cut_by_regions;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, loop_problem, ring_cells_and_oddity,
};
use crate::grid::{Cell, Shape};

/// A region-difference line: the two digits of each of its pieces differ by one amount.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionDifferenceLine {
    cells: Vec<Cell>,
    /// The pieces, settled from the rules' regions (see
    /// [`RegionDifferenceLine::settled`]); until then the whole line is one piece.
    pieces: Vec<Vec<Cell>>,
}

impl RegionDifferenceLine {
    /// Reads a region-difference line record: its cells (f-puzzles: one line each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| RegionDifferenceLine::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under
    /// `region-difference-line` in satdoku's TOML and as the one line of an f-puzzles
    /// `regiondifferenceline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "region-difference-line",
            "regiondifferenceline",
            &self.cells,
        )])
    }

    /// A region-difference line along `cells` (the rules cut it into pieces by their
    /// regions when it joins them).
    pub fn new(cells: Vec<Cell>) -> RegionDifferenceLine {
        RegionDifferenceLine {
            pieces: vec![cells.clone()],
            cells,
        }
    }

    /// The same line cut into pieces by the regions, `region` naming each cell's region.
    pub(crate) fn settled(self, region: &dyn Fn(Cell) -> Vec<Cell>) -> RegionDifferenceLine {
        RegionDifferenceLine {
            pieces: cut_by_regions(&self.cells, region),
            ..self
        }
    }

    /// The pieces' pairs of cells (every piece is two cells once the rules accept it).
    fn pairs(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        (self.pieces.iter()).filter_map(|piece| match piece[..] {
            [a, b] => Some((a, b)),
            _ => None,
        })
    }
}

impl fmt::Display for RegionDifferenceLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "region-difference line {}", cell_list(&self.cells))
    }
}

impl Constraint for RegionDifferenceLine {
    ring_cells_and_oddity!();

    /// A line that cannot be drawn, or a piece (once the regions cut it) of other than two
    /// cells: a difference is of two digits.
    fn problem(&self, _shape: Shape) -> Option<String> {
        if let Some(problem) = loop_problem("region-difference line", &self.cells) {
            return Some(problem);
        }
        let piece = self.pieces.iter().find(|piece| piece.len() != 2)?;
        Some(format!(
            "the regions cut it into a piece of {} cell{} ({}): a region-difference line's \
             pieces are two cells each (a difference is of two digits)",
            piece.len(),
            if piece.len() == 1 { "" } else { "s" },
            cell_list(piece)
        ))
    }

    /// Per amount k, "the pieces differ by k", at most one of them; each way a piece's two
    /// cells can hold two digits forces its amount.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let pairs: Vec<(Cell, Cell)> = self.pairs().collect();
        if pairs.len() < 2 {
            return;
        }
        let n = cnf.size();
        let amounts: Vec<_> = (1..n).map(|_| cnf.aux()).collect();
        for (i, &a) in amounts.iter().enumerate() {
            for &b in &amounts[i + 1..] {
                cnf.clause([!a, !b]);
            }
        }
        for (a, b) in pairs {
            for x in 1..=n {
                for y in (1..=n).filter(|&y| y != x) {
                    let amount = amounts[x.abs_diff(y) - 1];
                    cnf.clause([!cnf.holds(a, x), !cnf.holds(b, y), amount]);
                }
            }
        }
    }

    /// Exact on complete pieces: every complete piece differs by one amount (a piece's two
    /// digits always differ, as they share a region).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let mut amount = None;
        for (a, b) in self.pairs() {
            if let (Some(x), Some(y)) = (values.get(a), values.get(b)) {
                let k = x.abs_diff(y);
                if k == 0 || amount.is_some_and(|m| m != k) {
                    return false;
                }
                amount = Some(k);
            }
        }
        true
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#34bbe6", 0.22)]
    }
}
