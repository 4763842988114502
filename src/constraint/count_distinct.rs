//! Count-distinct clues: the digit in the first (control) cell counts the different digits among the other cells.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`CountDistinct~cells`: "the value in the
//! first (control) cell counts the number of distinct values among the remaining cells").
//! f-puzzles has no field for it, so satdoku reads it from its TOML only
//! (`[[count-distinct]]`, `cells`, the control cell first).

use std::fmt;

use super::drawing::{GREY, Mark};
use super::sum::{Chain, Term, cell_term};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, repeated, toml_only,
};
use crate::grid::{Cell, Shape};

/// A control cell and the cells whose different digits it counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountDistinct {
    cells: Vec<Cell>,
}

impl CountDistinct {
    /// Reads a count-distinct record: its `cells`, the control cell first.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![CountDistinct::new(record.cells("cells")?).into()])
    }

    /// The record that `read` reads back as this clue in satdoku's TOML.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "count-distinct clues", format, || {
            WrittenRecord::new("count-distinct").cells("cells", &self.cells)
        })
    }

    /// The clue: `cells[0]` counts the different digits of the others.
    pub fn new(cells: Vec<Cell>) -> CountDistinct {
        CountDistinct { cells }
    }

    /// The control cell and the counted cells.
    fn parts(&self) -> (Cell, &[Cell]) {
        (self.cells[0], &self.cells[1..])
    }
}

impl fmt::Display for CountDistinct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "count-distinct {}", cell_list(&self.cells))
    }
}

impl Constraint for CountDistinct {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        if self.cells.len() < 2 {
            return Some("a count-distinct clue needs its control cell and a cell to count".into());
        }
        repeated(&self.cells).map(|cell| format!("{cell} is listed twice"))
    }

    /// "Digit d is among the counted cells" variables, and a chain of partial sums: the
    /// digits used, less the control cell's digit, add up to 0.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let (control, counted) = self.parts();
        let mut terms: Vec<Term> = Vec::new();
        for d in 1..=n {
            let used = cnf.any_holds(counted, d);
            terms.push(vec![(used, 1), (!used, 0)]);
        }
        terms.push(cell_term(cnf, control, -1));
        Chain::equal(cnf, &terms, 0);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let (control, counted) = self.parts();
        let digits = values.digits_of(counted);
        let blanks = digits.iter().filter(|&&v| v == 0).count();
        let mut seen: Vec<usize> = digits.into_iter().filter(|&v| v > 0).collect();
        seen.sort_unstable();
        seen.dedup();
        let n = values.shape().size();
        // Blanks add at most one new digit each, and no more than the digits left.
        let most = seen.len() + blanks.min(n - seen.len());
        match values.get(control) {
            Some(v) => (seen.len().max(1)..=most).contains(&v),
            None => true,
        }
    }

    /// An outline round the cells, `#` in its corner, and a ring in the control cell.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![
            Mark::Cage {
                cells: self.cells.clone(),
                label: Some("#".into()),
            },
            Mark::ring(self.cells[0], 0.42, GREY),
        ]
    }
}
