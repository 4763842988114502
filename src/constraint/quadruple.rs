//! Quadruples: the digits in the circle at a corner appear among the (up to four) cells around it.

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, repeated,
};
use crate::grid::{Cell, Shape};

/// A quadruple: each digit listed appears among its cells at least as often as it is
/// listed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Quadruple {
    cells: Vec<Cell>,
    digits: Vec<u32>,
}

impl Quadruple {
    /// Reads a quadruple record: the `digits` (f-puzzles: `values`) and the `cells`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let digits = record.numbers(record.key("digits", "values"))?;
        Ok(vec![Quadruple::new(record.cells("cells")?, digits).into()])
    }

    /// The record that `read` reads back as this clue: its `cells` and its `digits`
    /// (f-puzzles: `values`).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::new("quadruple").cells("cells", &self.cells);
        let key = format.choose("digits", "values");
        Ok(vec![
            record.with(key, FieldValue::Numbers(self.digits.clone())),
        ])
    }

    /// The clue `digits` over `cells`.
    pub fn new(cells: Vec<Cell>, mut digits: Vec<u32>) -> Quadruple {
        digits.sort_unstable();
        Quadruple { cells, digits }
    }

    /// Each listed digit with how often it is listed.
    fn counts(&self) -> Vec<(usize, usize)> {
        let mut counts: Vec<(usize, usize)> = Vec::new();
        for &d in &self.digits {
            match counts.last_mut() {
                Some((v, k)) if *v == d as usize => *k += 1,
                _ => counts.push((d as usize, 1)),
            }
        }
        counts
    }
}

impl fmt::Display for Quadruple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> = self.digits.iter().map(u32::to_string).collect();
        write!(
            f,
            "quadruple {} ({})",
            cell_list(&self.cells),
            digits.join(", ")
        )
    }
}

impl Constraint for Quadruple {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (low, high) = (shape.lowest(), shape.highest());
        if self.cells.is_empty() {
            return Some("a quadruple needs cells".into());
        }
        if let Some(cell) = repeated(&self.cells) {
            return Some(format!("{cell} appears twice"));
        }
        if let Some(d) = (self.digits.iter()).find(|&&d| shape.digit_numbered(d as usize).is_none())
        {
            return Some(format!("{d} is not a digit from {low} to {high}"));
        }
        (self.digits.len() > self.cells.len()).then(|| {
            format!(
                "{} digits do not fit in {} cells",
                self.digits.len(),
                self.cells.len()
            )
        })
    }

    /// Its digits are numbers (0 a digit where digits start at 0): each is held at its place.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        for (v, times) in self.counts() {
            let Some(digit) = shape.digit_numbered(v) else {
                continue; // refused by `problem`
            };
            let place = usize::from(digit.get());
            let lits: Vec<_> = self.cells.iter().map(|&c| cnf.holds(c, place)).collect();
            cnf.at_least(&lits, times);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let blanks = self
            .cells
            .iter()
            .filter(|&&c| values.get(c).is_none())
            .count();
        let missing: usize = self
            .counts()
            .into_iter()
            .map(|(v, times)| {
                let have = self
                    .cells
                    .iter()
                    .filter(|&&c| values.get(c) == Some(v))
                    .count();
                times.saturating_sub(have)
            })
            .sum();
        missing <= blanks
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        // A circle where the cells meet, the digits inside in up to two rows.
        let count = self.cells.len().max(1) as f32;
        let centre = Point::new(
            self.cells.iter().map(|c| c.col() as f32 + 0.5).sum::<f32>() / count,
            self.cells.iter().map(|c| c.row() as f32 + 0.5).sum::<f32>() / count,
        );
        let digits: Vec<String> = self.digits.iter().map(u32::to_string).collect();
        let half = digits.len().div_ceil(2);
        let rows: Vec<String> = if digits.len() <= 2 {
            vec![digits.join(" ")]
        } else {
            vec![digits[..half].join(" "), digits[half..].join(" ")]
        };
        let mut marks = vec![Mark::Circle {
            centre,
            radius: 0.24,
            fill: Some("#ffffff"),
            stroke: Some("#000000"),
        }];
        let size = 0.16;
        for (i, row) in rows.iter().enumerate() {
            let offset = (i as f32 - (rows.len() as f32 - 1.0) / 2.0) * size * 1.1;
            marks.push(Mark::Text {
                at: Point::new(centre.x, centre.y + offset),
                text: row.clone(),
                size,
                colour: "#000000",
                halo: false,
            });
        }
        marks
    }
}
