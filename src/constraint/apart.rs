//! Cells a set distance apart differ, over the whole grid, the distance given: a leaper's move of any two numbers (a camel's 1 and 3) or a taxicab distance (rows plus columns).
//!
//! Rangsk's SudokuSolver takes both on its command line: `-c chess:v1,3` (cells that many rows
//! and columns apart, every way round, may not repeat a digit) and `-c taxi:3` (cells whose
//! taxicab distance is 3 may not repeat one). f-puzzles has no field for either, so satdoku
//! reads them from its TOML only: `[[leaper]]` with `steps = [1, 3]`, `[[taxicab]]` with
//! `distance = 3`. The named leapers (anti-knight, anti-camel …) are rules over the whole grid
//! with flags of their own.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, toml_only,
};
use crate::grid::{Cell, Shape, leaps, taxicab_steps};

/// How far apart the cells that differ are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spacing {
    /// A leaper's move: so many rows one way and so many columns the other, every way round.
    Leap(usize, usize),
    /// A taxicab distance: rows apart plus columns apart.
    Taxicab(usize),
}

/// Cells at a distance apart hold different digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Apart {
    spacing: Spacing,
}

impl Apart {
    /// Reads a `leaper` record (its two `steps`) or a `taxicab` record (its `distance`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let spacing = match record.name() {
            "taxicab" => Spacing::Taxicab(record.required_number("distance")? as usize),
            _ => match record.numbers("steps")?[..] {
                [a, b] => Spacing::Leap(a as usize, b as usize),
                ref other => {
                    return Err(RecordError::why(format!(
                        "`steps` holds {} numbers: a leaper moves two (`steps = [1, 3]`)",
                        other.len()
                    )));
                }
            },
        };
        Ok(vec![Apart::new(spacing).into()])
    }

    /// The record that `read` reads back as this rule in satdoku's TOML.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(
            self,
            "leapers or taxicab distances",
            format,
            || match self.spacing {
                Spacing::Leap(a, b) => WrittenRecord::new("leaper")
                    .with("steps", FieldValue::Numbers(vec![a as u32, b as u32])),
                Spacing::Taxicab(d) => {
                    WrittenRecord::new("taxicab").number(format, "distance", d as u32)
                }
            },
        )
    }

    /// Cells `spacing` apart differ.
    pub fn new(spacing: Spacing) -> Apart {
        Apart { spacing }
    }

    /// The steps (rows, columns) from a cell to the cells at the distance, each once.
    fn steps(&self) -> Vec<(isize, isize)> {
        let mut steps = match self.spacing {
            Spacing::Leap(a, b) => leaps(a as isize, b as isize).to_vec(),
            Spacing::Taxicab(d) => taxicab_steps(d as isize),
        };
        steps.sort_unstable();
        steps.dedup();
        steps
    }

    /// Each pair of cells of `shape` at the distance, the first before the second.
    fn pairs(&self, shape: Shape) -> Vec<(Cell, Cell)> {
        shape.pairs_at(&self.steps()).collect()
    }
}

impl fmt::Display for Apart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.spacing {
            Spacing::Leap(a, b) => write!(f, "leaper {a}-{b} (cells a {a}-{b} leap apart differ)"),
            Spacing::Taxicab(d) => write!(f, "taxicab {d} (cells {d} steps apart differ)"),
        }
    }
}

impl Constraint for Apart {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        match self.spacing {
            Spacing::Leap(0, 0) => {
                Some("a leaper that does not move: its steps are 0 and 0".into())
            }
            Spacing::Taxicab(0) => Some("a taxicab distance of 0 is a cell itself".into()),
            _ => None,
        }
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for (a, b) in self.pairs(cnf.shape()) {
            cnf.relation(a, b, |x, y| x != y);
        }
    }

    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        self.pairs(shape)
            .into_iter()
            .map(|(a, b)| vec![a, b])
            .collect()
    }

    /// A scope is one pair: its two digits, if both filled, differ.
    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        match *scope {
            [a, b] => values.get(a).is_none() || values.get(a) != values.get(b),
            _ => self.admits(values),
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.pairs(values.shape())
            .into_iter()
            .all(|(a, b)| values.get(a).is_none() || values.get(a) != values.get(b))
    }

    /// Named in the legend: it draws nothing in the grid.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::Legend(self.to_string())]
    }
}
