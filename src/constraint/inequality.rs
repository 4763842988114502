//! Inequality signs between cells: along a list of cells, each is greater than every later cell of the list it touches (a sign between neighbours points to the smaller digit).
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`GreaterThan~cells`: "a cell must be
//! greater than any later adjacent cells"): two cells are one sign; a cell and its
//! neighbours are a fortress cell. f-puzzles has no field for it, so satdoku reads it from
//! its TOML only (`[[greater-than]]`, `cells`).

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, repeated,
};
use crate::grid::{Cell, Shape};

/// Cells each greater than the later ones it touches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GreaterThan {
    cells: Vec<Cell>,
}

impl GreaterThan {
    /// Reads a greater-than record: its `cells`, greatest first.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![GreaterThan::new(record.cells("cells")?).into()])
    }

    /// The record that `read` reads back as these signs: `greater-than` (f-puzzles has no
    /// inequality signs: satdoku's extension field `greaterthan`, as SudokuPad's signs drawn
    /// as text are read) with its `cells`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![
            WrittenRecord::new(format.choose("greater-than", "greaterthan"))
                .cells("cells", &self.cells),
        ])
    }

    /// Signs along `cells`: each greater than the later ones it touches.
    pub fn new(cells: Vec<Cell>) -> GreaterThan {
        GreaterThan { cells }
    }

    /// The signs: each pair of touching cells, greater first.
    pub fn pairs(&self) -> Vec<(Cell, Cell)> {
        let touch = |a: Cell, b: Cell| a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1;
        let mut pairs = Vec::new();
        for (i, &a) in self.cells.iter().enumerate() {
            for &b in &self.cells[i + 1..] {
                if touch(a, b) {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }
}

impl fmt::Display for GreaterThan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "greater-than {}", cell_list(&self.cells))
    }
}

impl Constraint for GreaterThan {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        if let Some(cell) = repeated(&self.cells) {
            return Some(format!("{cell} is listed twice"));
        }
        self.pairs().is_empty().then(|| {
            "no two of its cells touch: an inequality sign stands between neighbours".into()
        })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for (a, b) in self.pairs() {
            cnf.relation(a, b, |x, y| x > y);
        }
    }

    fn scopes(&self, _shape: Shape) -> Vec<Vec<Cell>> {
        self.pairs().into_iter().map(|(a, b)| vec![a, b]).collect()
    }

    /// A scope is one sign (greater first): its digits, if both filled, are in order.
    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        match *scope {
            [a, b] => match (values.get(a), values.get(b)) {
                (Some(x), Some(y)) => x > y,
                _ => true,
            },
            _ => self.admits(values),
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.pairs()
            .into_iter()
            .all(|(a, b)| match (values.get(a), values.get(b)) {
                (Some(x), Some(y)) => x > y,
                _ => true,
            })
    }

    /// A sign between each pair, its point towards the smaller digit.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.pairs()
            .into_iter()
            .map(|(a, b)| {
                let sign = match (b.row().cmp(&a.row()), b.col().cmp(&a.col())) {
                    (_, std::cmp::Ordering::Greater) => ">",
                    (_, std::cmp::Ordering::Less) => "<",
                    (std::cmp::Ordering::Greater, _) => "v",
                    _ => "^",
                };
                Mark::label(Point::between(a, b), sign, 0.3)
            })
            .collect()
    }
}
