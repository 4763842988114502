//! Little killer sums: the digits along a diagonal (given outside the grid) add up to a total; they may repeat.

use std::fmt;

use super::drawing::{Mark, Point};
use super::sum::{Chain, Term, cell_term, sum_admits};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    Unwritable, VariantConstraint, Written, WrittenRecord, cell_list,
};
use crate::grid::{Cell, Shape};

/// A little killer clue: the digits of its cells (a diagonal) add up to its sum; digits
/// may repeat unless other rules forbid it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LittleKiller {
    cells: Vec<Cell>,
    sum: u32,
}

impl LittleKiller {
    /// Reads a little killer record: the diagonal's `cells` and the total (`sum`; f-puzzles'
    /// `value`, where a clue without a total says nothing).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let sum = match record.format() {
            RecordFormat::Toml => record.required_number("sum")?,
            RecordFormat::Fpuzzles => {
                // The clue's own cell, outside the grid, only places its drawing.
                record.drawing_only("cell");
                match record.number("value")? {
                    Some(sum) => sum,
                    None => return Ok(Vec::new()),
                }
            }
        };
        Ok(vec![LittleKiller::new(record.cells("cells")?, sum).into()])
    }

    /// The record that `read` reads back as this clue: its `cells` and `sum` in satdoku's
    /// TOML; in f-puzzles its total (`value`) and `cells`, and for the drawing the clue's
    /// `cell`, one diagonal step before the first cell, and the `direction` it points
    /// (`"DR"`, `"DL"`, `"UR"`, `"UL"`). A one-cell clue is taken for a corner's, pointing
    /// into the grid. Cells that are no run along one diagonal are unwritable there.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        if format == RecordFormat::Toml {
            let record = WrittenRecord::new("little-killer").cells("cells", &self.cells);
            return Ok(vec![record.number(format, "sum", self.sum)]);
        }
        let Some(((r, c), direction)) = self.clue() else {
            return Err(Unwritable::new(
                self,
                format,
                "its little killers run along a diagonal from their clue, and these cells do not",
            ));
        };
        let record = WrittenRecord::new("littlekillersum")
            .with("cell", FieldValue::Position(r, c))
            .with("direction", FieldValue::Text(direction.into()))
            .number(format, "value", self.sum)
            .cells("cells", &self.cells);
        Ok(vec![record])
    }

    /// Where the clue stands, by 1-based row and column one diagonal step before the first
    /// cell, and the way it points (`"DR"` …), when the cells run along one diagonal; a
    /// one-cell clue stands at the corner of its cell, pointing into the grid.
    fn clue(&self) -> Option<((usize, usize), &'static str)> {
        let step = |a: Cell, b: Cell| {
            (
                b.row() as isize - a.row() as isize,
                b.col() as isize - a.col() as isize,
            )
        };
        let first = *self.cells.first()?;
        let (dr, dc) = match self.cells[..] {
            [_, second, ..] => step(first, second),
            _ => (
                if first.row() == 0 { 1 } else { -1 },
                if first.col() == 0 { 1 } else { -1 },
            ),
        };
        let diagonal = dr.abs() == 1
            && dc.abs() == 1
            && self.cells.windows(2).all(|p| step(p[0], p[1]) == (dr, dc));
        let direction = match (dr, dc) {
            (1, 1) => "DR",
            (1, _) => "DL",
            (_, 1) => "UR",
            _ => "UL",
        };
        let back = |i: usize, d: isize| (i as isize + 1 - d) as usize;
        diagonal.then(|| ((back(first.row(), dr), back(first.col(), dc)), direction))
    }

    /// The clue over `cells` with total `sum`.
    pub fn new(cells: Vec<Cell>, sum: u32) -> LittleKiller {
        LittleKiller { cells, sum }
    }
}

impl fmt::Display for LittleKiller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "little killer {} (sum {})",
            cell_list(&self.cells),
            self.sum
        )
    }
}

impl Constraint for LittleKiller {
    fn linear_sums(&self) -> Vec<super::LinearSum> {
        let terms = self.cells.iter().map(|&c| (c, 1));
        vec![super::LinearSum::new(terms, i64::from(self.sum))]
    }

    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (k, sum) = (self.cells.len(), self.sum as usize);
        let (low, high) = (shape.lowest(), shape.highest());
        if k == 0 {
            return Some("a little killer needs at least one cell".into());
        }
        (!(k * low..=k * high).contains(&sum)).then(|| {
            format!(
                "{k} digits from {low} to {high} cannot add up to {sum} (they make {} to {})",
                k * low,
                k * high
            )
        })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let terms: Vec<Term> = self.cells.iter().map(|&c| cell_term(cnf, c, 1)).collect();
        Chain::equal(cnf, &terms, self.sum as i64);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let raw: Vec<u8> = self.cells.iter().map(|&c| values.raw(c)).collect();
        let shape = values.shape();
        // Over the places (1..=M).
        let places = shape.total_in_places(self.sum as i64, raw.len() as i64);
        let n = shape.digit_count() as i64;
        sum_admits(&raw, &vec![1; raw.len()], 1, n, places)
    }

    fn draw(&self, shape: Shape) -> Vec<Mark> {
        let Some(&first) = self.cells.first() else {
            return Vec::new();
        };
        // The clue stands one step before the diagonal's first cell, outside the grid; a
        // one-cell diagonal (a corner) steps away from the grid's middle.
        let n = shape.size() as f32;
        let start = Point::centre(first);
        let step = match self.cells.get(1) {
            Some(&second) => {
                let next = Point::centre(second);
                (next.x - start.x, next.y - start.y)
            }
            None => (
                if start.x < n / 2.0 { 1.0 } else { -1.0 },
                if start.y < n / 2.0 { 1.0 } else { -1.0 },
            ),
        };
        // Cells that do not start at the edge (a TOML clue may list any cells): further
        // back along the same step, until outside the grid.
        let back = |k: f32| Point::new(start.x - k * step.0, start.y - k * step.1);
        let inside = |p: Point| p.x > 0.0 && p.x < n && p.y > 0.0 && p.y < n;
        let steps = (1..=shape.size())
            .map(|k| k as f32)
            .find(|&k| !inside(back(k)))
            .unwrap_or(1.0);
        let (clue, near) = (back(steps), back(steps - 1.0));
        let tail = clue.toward(near, 0.3);
        let tip = clue.toward(near, 0.5);
        vec![
            Mark::Text {
                at: clue.toward(near, -0.05),
                text: self.sum.to_string(),
                size: 0.34,
                colour: "#000000",
                halo: false,
            },
            Mark::Line {
                points: vec![tail, tip],
                colour: "#000000",
                width: 0.03,
            },
            Mark::Arrowhead {
                from: tail,
                to: tip,
                colour: "#000000",
            },
        ]
    }
}
