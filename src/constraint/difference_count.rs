//! Difference-count lines: the difference between two neighbours on the line is the number of neighbouring pairs on the line with that difference.
//!
//! The rule as Sujoyku and Marty Sears state it in "Differences Count" (parts 1 and 2,
//! Cracking the Cryptic): "The difference between two adjacent digits on a coloured line
//! indicates exactly how many pairs of adjacent digits along that line have that exact
//! difference." Two equal neighbours would need no pair with difference 0 — their own is
//! one — so neighbours differ, and a difference greater than the number of pairs is never
//! seen. A line whose last cell is its first is a loop (its closing pair counts). Neither
//! f-puzzles nor the solvers beside it have the family: satdoku reads it from its TOML
//! (`[[difference-count-line]]` with `cells`), from SudokuPad as lines the rules give this
//! meaning ("on a coloured line", or beside their colour), and from f-puzzles as a
//! `differencecountline` entry (the name f-puzzles' extension scheme gives a "Difference
//! Count Line" tool, as `parityline`).

use std::fmt;

use super::drawing::Mark;
use super::sum::{Chain, Term};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, loop_problem, ring_cells_and_oddity,
};
use crate::grid::{Cell, Shape};

/// A difference-count line: each difference between neighbours along it is the number of
/// neighbouring pairs along it with that difference.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DifferenceCount {
    cells: Vec<Cell>,
}

impl DifferenceCount {
    /// Reads a difference-count line record: its `cells` (a loop ends on its first cell).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| DifferenceCount::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells under
    /// `difference-count-line` in satdoku's TOML, and as the one line of an f-puzzles
    /// `differencecountline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "difference-count-line",
            "differencecountline",
            &self.cells,
        )])
    }

    /// A difference-count line along `cells` (ending on its first cell: a loop).
    pub fn new(cells: Vec<Cell>) -> DifferenceCount {
        DifferenceCount { cells }
    }

    /// The neighbouring pairs along the line, a loop's closing pair included.
    fn pairs(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        self.cells.windows(2).map(|p| (p[0], p[1]))
    }
}

impl fmt::Display for DifferenceCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "difference-count line {}", cell_list(&self.cells))
    }
}

impl Constraint for DifferenceCount {
    ring_cells_and_oddity!();

    fn problem(&self, _shape: Shape) -> Option<String> {
        loop_problem("difference-count line", &self.cells)
    }

    /// Neighbours differ by 1 to P (P pairs on the line); per pair and difference d, a
    /// variable "this pair differs by d" (forced by the two digits, at most one per pair, so
    /// exact); per d, a chain of partial counts of those variables ending at 0 or d.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let pairs: Vec<(Cell, Cell)> = self.pairs().collect();
        let most = pairs.len().min(cnf.size() - 1);
        let mut differ: Vec<Vec<Term>> = vec![Vec::new(); most + 1];
        for &(a, b) in &pairs {
            cnf.relation(a, b, |v, w| (1..=most).contains(&v.abs_diff(w)));
            // by[d - 1]: the pair differs by d.
            let by: Vec<_> = (0..most).map(|_| cnf.aux()).collect();
            let n = cnf.size();
            for v in 1..=n {
                for w in 1..=n {
                    let d = v.abs_diff(w);
                    if (1..=most).contains(&d) {
                        let (x, y) = (cnf.holds(a, v), cnf.holds(b, w));
                        cnf.clause([!x, !y, by[d - 1]]);
                    }
                }
            }
            cnf.at_most_one(&by);
            for (d, &lit) in by.iter().enumerate() {
                differ[d + 1].push(vec![(lit, 1), (!lit, 0)]);
            }
        }
        for (d, terms) in differ.iter().enumerate().skip(1) {
            Chain::one_of(cnf, terms, &[0, d as i64]);
        }
    }

    /// Neighbours never equal; per difference d, no more than d filled pairs with it, and
    /// where one has it, enough pairs left open to reach d (exact on a complete line).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let mut seen = vec![0usize; values.shape().size()];
        let mut open = 0;
        for (a, b) in self.pairs() {
            match (values.get(a), values.get(b)) {
                (Some(v), Some(w)) if v == w => return false,
                (Some(v), Some(w)) => seen[v.abs_diff(w)] += 1,
                _ => open += 1,
            }
        }
        seen.iter()
            .enumerate()
            .all(|(d, &k)| k == 0 || (k <= d && k + open >= d))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#c39be8", 0.2)]
    }
}
