//! Thermometers: digits strictly increase from the bulb along the line.

use std::fmt;

use super::drawing::{GREY, Mark};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, line_cells_and_oddity, line_problem,
};
use crate::grid::{Cell, Shape};

/// A thermometer: the digits strictly increase along its cells, bulb first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermometer {
    cells: Vec<Cell>,
}

impl Thermometer {
    /// Reads a thermometer (bulb first) record: its cells (f-puzzles: one thermometer per line).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| Thermometer::new(cells).into())
    }

    /// The record that `read` reads back as this thermometer, bulb first: its cells, under
    /// `thermometer` in satdoku's TOML and as the one line of an f-puzzles `thermometer` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "thermometer",
            "thermometer",
            &self.cells,
        )])
    }

    /// A thermometer along `cells`, the bulb first.
    pub fn new(cells: Vec<Cell>) -> Thermometer {
        Thermometer { cells }
    }
}

impl fmt::Display for Thermometer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "thermometer {}", cell_list(&self.cells))
    }
}

impl Constraint for Thermometer {
    line_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        let (len, n) = (self.cells.len(), shape.digit_count());
        if let Some(problem) = line_problem("thermometer", &self.cells) {
            return Some(problem);
        }
        (len > n).then(|| format!("{len} cells cannot strictly increase through digits 1 to {n}"))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let (len, n) = (self.cells.len(), cnf.size());
        for (i, &cell) in self.cells.iter().enumerate() {
            // The i-th cell has i cells below it and len − 1 − i above.
            for v in (1..=i).chain(n + i + 1 - (len - 1)..=n) {
                if (1..=n).contains(&v) {
                    cnf.forbid(cell, v);
                }
            }
        }
        for pair in self.cells.windows(2) {
            cnf.relation(pair[0], pair[1], |a, b| a < b);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let (len, n) = (self.cells.len(), values.shape().digit_count());
        let mut last: Option<(usize, usize)> = None;
        for (i, &cell) in self.cells.iter().enumerate() {
            // By place (1..=M), as the bounds are.
            if let v @ 1.. = values.raw(cell) as usize {
                if v < i + 1 || v > n - (len - 1 - i) {
                    return false;
                }
                if let Some((j, w)) = last
                    && v < w + (i - j)
                {
                    return false;
                }
                last = Some((i, v));
            }
        }
        true
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::line(&self.cells, GREY, 0.28)];
        if let Some(&bulb) = self.cells.first() {
            marks.push(Mark::disc(bulb, 0.38, GREY));
        }
        marks
    }
}
