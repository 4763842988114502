//! Slow thermometers: digits never decrease from the bulb along the line (a digit may repeat where the rules allow it).

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, line_cells_and_oddity, line_problem, relate_neighbours,
};
use crate::grid::{Cell, Shape};

/// A slow thermometer: the digits along its cells, bulb first, never decrease.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SlowThermometer {
    cells: Vec<Cell>,
}

impl SlowThermometer {
    /// Reads a slow thermometer (bulb first) record: its cells (f-puzzles: one per line).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| SlowThermometer::new(cells).into())
    }

    /// The record that `read` reads back as this thermometer, bulb first: its cells, under `slow-
    /// thermometer` in satdoku's TOML and as the one line of an f-puzzles `slowthermometer` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "slow-thermometer",
            "slowthermometer",
            &self.cells,
        )])
    }

    /// A slow thermometer along `cells`, the bulb first.
    pub fn new(cells: Vec<Cell>) -> SlowThermometer {
        SlowThermometer { cells }
    }
}

impl fmt::Display for SlowThermometer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "slow thermometer {}", cell_list(&self.cells))
    }
}

impl Constraint for SlowThermometer {
    line_cells_and_oddity!();

    fn problem(&self, _shape: Shape) -> Option<String> {
        line_problem("slow thermometer", &self.cells)
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        relate_neighbours(cnf, &self.cells, |a, b| a <= b);
    }

    /// The filled digits, read along the line, never decrease: any blanks between two of
    /// them can repeat the lower one.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let filled: Vec<usize> = self.cells.iter().filter_map(|&c| values.get(c)).collect();
        filled.windows(2).all(|pair| pair[0] <= pair[1])
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::line(&self.cells, "#c8c8c8", 0.28)];
        if let Some(&bulb) = self.cells.first() {
            marks.push(Mark::Circle {
                centre: super::Point::centre(bulb),
                radius: 0.38,
                fill: Some("#c8c8c8"),
                stroke: Some("#808080"),
            });
        }
        marks
    }
}
