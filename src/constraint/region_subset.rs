//! Region-subset lines: the regions cut the line into pieces, and of any two pieces, the digits of one all appear on the other.
//!
//! The rule as setters state it ("Taiga", Cracking the Cryptic: "3x3 box boundaries divide
//! each line into segments. For any pair of segments on the same line, the values on one of
//! those segments must all appear on the other segment"). The line is cut as a region-sum
//! line is (a new piece each time it enters a region, boxes or jigsaw regions). satdoku reads
//! it from its TOML (`[[region-subset-line]]` with `cells`), from f-puzzles as a
//! `regionsubsetline` entry (the name f-puzzles' extension scheme gives such a tool, as
//! `regionsumline`), and from SudokuPad as lines the rules give this meaning.

use std::fmt;

use super::drawing::Mark;
use super::region_sum_line::cut_by_regions;
use super::{
    CellValues, Constraint, ConstraintCnf, Literal, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, loop_problem, ring_cells_and_oddity,
};
use crate::grid::{Cell, Shape};

/// A region-subset line: of any two of its pieces, one's digits all appear on the other.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionSubsetLine {
    cells: Vec<Cell>,
    /// The pieces, settled from the rules' regions (see [`RegionSubsetLine::settled`]);
    /// until then the whole line is one piece, which says nothing.
    pieces: Vec<Vec<Cell>>,
}

impl RegionSubsetLine {
    /// Reads a region-subset line record: its cells (f-puzzles: one line each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| RegionSubsetLine::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under
    /// `region-subset-line` in satdoku's TOML and as the one line of an f-puzzles
    /// `regionsubsetline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "region-subset-line",
            "regionsubsetline",
            &self.cells,
        )])
    }

    /// A region-subset line along `cells` (the rules cut it into pieces by their regions
    /// when it joins them).
    pub fn new(cells: Vec<Cell>) -> RegionSubsetLine {
        RegionSubsetLine {
            pieces: vec![cells.clone()],
            cells,
        }
    }

    /// The same line cut into pieces by the regions, `region` naming each cell's region.
    pub(crate) fn settled(self, region: &dyn Fn(Cell) -> Vec<Cell>) -> RegionSubsetLine {
        RegionSubsetLine {
            pieces: cut_by_regions(&self.cells, region),
            ..self
        }
    }
}

impl fmt::Display for RegionSubsetLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "region-subset line {}", cell_list(&self.cells))
    }
}

/// Whether the digits `small` (as a set) can all appear on a piece holding `filled` with
/// `blanks` cells still open, and whether that piece's digits can all appear in `small`
/// (complete): one of the two must hold.
fn nested_possible(small: &[usize], filled: &[usize], blanks: usize) -> bool {
    let missing = small.iter().filter(|d| !filled.contains(d)).count();
    missing <= blanks || filled.iter().all(|d| small.contains(d))
}

impl Constraint for RegionSubsetLine {
    ring_cells_and_oddity!();

    fn problem(&self, _shape: Shape) -> Option<String> {
        loop_problem("region-subset line", &self.cells)
    }

    /// Per piece and digit, "the digit is on the piece"; per two pieces, a variable "the
    /// first's digits all appear on the second": when it holds, each digit on the first is
    /// on the second, and when not, each digit on the second is on the first.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        if self.pieces.len() < 2 {
            return;
        }
        let n = cnf.size();
        let on: Vec<Vec<Literal>> = self
            .pieces
            .iter()
            .map(|piece| (1..=n).map(|d| cnf.any_holds(piece, d)).collect())
            .collect();
        for (i, first) in on.iter().enumerate() {
            for second in &on[i + 1..] {
                let inside = cnf.aux();
                for (&a, &b) in first.iter().zip(second) {
                    cnf.clause([!inside, !a, b]);
                    cnf.clause([inside, !b, a]);
                }
            }
        }
    }

    /// Exact on complete pieces; a complete piece and a partial one must still be able to
    /// nest one way or the other.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let digits: Vec<(Vec<usize>, usize)> = self
            .pieces
            .iter()
            .map(|piece| {
                let mut filled: Vec<usize> = piece.iter().filter_map(|&c| values.get(c)).collect();
                let blanks = piece.len() - filled.len();
                filled.sort_unstable();
                filled.dedup();
                (filled, blanks)
            })
            .collect();
        for (i, (a, a_open)) in digits.iter().enumerate() {
            for (b, b_open) in &digits[i + 1..] {
                let fits = match (a_open, b_open) {
                    (0, 0) => a.iter().all(|d| b.contains(d)) || b.iter().all(|d| a.contains(d)),
                    (0, _) => nested_possible(a, b, *b_open),
                    (_, 0) => nested_possible(b, a, *a_open),
                    _ => true,
                };
                if !fits {
                    return false;
                }
            }
        }
        true
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#3fbf7f", 0.22)]
    }
}
