//! Whispers lines (German whispers on 9×9): neighbours along the line differ by at least a set amount.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, neighbours_admit, relate_neighbours, ring_cells_and_oddity,
};
use crate::grid::{Cell, Shape};

/// A whispers line: digits next to each other on it differ by at least `difference`
/// (by default ⌈N/2⌉: 5 on 9×9, German whispers).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Whispers {
    cells: Vec<Cell>,
    difference: Option<u32>,
}

impl Whispers {
    /// Reads a whispers record: its cells (f-puzzles: one line each) and the least
    /// `difference` (f-puzzles: `value`; 5 German, 4 Dutch) if not the default, ⌈N/2⌉.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let paths = record.paths()?;
        let difference = record.number(record.key("difference", "value"))?;
        Ok(paths
            .into_iter()
            .map(|cells| Whispers::new(cells, difference).into())
            .collect())
    }

    /// The record that `read` reads back as this line: its cells and, when it has one, its
    /// least `difference` (f-puzzles: `value`); without one, the reader's ⌈N/2⌉.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::path(format, "whispers", "whispers", &self.cells);
        let key = format.choose("difference", "value");
        Ok(vec![record.optional_number(format, key, self.difference)])
    }

    /// A whispers line along `cells`; `difference` `None` takes ⌈N/2⌉.
    pub fn new(cells: Vec<Cell>, difference: Option<u32>) -> Whispers {
        Whispers { cells, difference }
    }

    /// The least difference on a grid of `n` digits.
    fn least(&self, n: usize) -> usize {
        self.difference.map_or(n.div_ceil(2), |d| d as usize)
    }
}

impl fmt::Display for Whispers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "whispers line {}", cell_list(&self.cells))?;
        match self.difference {
            Some(d) => write!(f, " (difference at least {d})"),
            None => Ok(()),
        }
    }
}

impl Constraint for Whispers {
    ring_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.digit_count();
        if self.cells.len() < 2 {
            return Some("a whispers line needs at least two cells".into());
        }
        if let Some(pair) = self.cells.windows(2).find(|p| p[0] == p[1]) {
            return Some(format!("{} follows itself", pair[0]));
        }
        let d = self.least(n);
        (d == 0 || d >= n).then(|| format!("no two digits from 1 to {n} differ by {d} or more"))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let d = self.least(cnf.size());
        relate_neighbours(cnf, &self.cells, |a, b| a.abs_diff(b) >= d);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let d = self.least(values.shape().digit_count());
        neighbours_admit(values, &self.cells, |a, b| a.abs_diff(b) >= d)
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::line(&self.cells, "#5fd35f", 0.28)];
        if let (Some(d), Some(&first)) = (self.difference, self.cells.first()) {
            marks.push(Mark::label(
                super::Point::centre(first),
                d.to_string(),
                0.25,
            ));
        }
        marks
    }
}
