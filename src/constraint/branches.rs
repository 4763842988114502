//! Lines drawn as several joined paths (a renban with a branch, a region-sum line that forks): the branches that leave a line's cells, read, checked, named and written once for every family whose rule is over a line's cells as a whole.
//!
//! Setters draw such lines in SudokuPad as strokes of one colour that meet (published
//! "Nautilus": a region-sum shell that forks, a renban fish whose tail leaves its body).
//! f-puzzles and its solvers read each line of an entry as a line of its own, so f-puzzles
//! data holds no branches: satdoku's TOML writes them as `branches`, and its reading of
//! SudokuPad drawings gives them to the f-puzzles reader under the same key.

use std::borrow::Cow;
use std::fmt;

use super::drawing::{Colour, Mark};
use super::{
    FieldValue, Record, RecordError, RecordFormat, Unwritable, WrittenRecord, cell_list, line_gap,
    ring,
};
use crate::grid::Cell;

/// The branches of a line: paths that each start on a cell of the line or of an earlier
/// branch (none for a plain line).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Branches(Vec<Vec<Cell>>);

impl Branches {
    /// Branches along `paths`, each starting on a cell drawn before it (checked by
    /// `Branches::problem`).
    pub fn new(paths: Vec<Vec<Cell>>) -> Branches {
        Branches(paths)
    }

    /// The record's `branches` (both formats), none where it has none. A record that draws
    /// several lines (f-puzzles' `lines`) cannot say which of them the branches leave.
    pub(crate) fn read(record: &mut Record<'_>, lines: usize) -> Result<Branches, RecordError> {
        let paths = record.optional_lines("branches")?.unwrap_or_default();
        if !paths.is_empty() && lines != 1 {
            return Err(RecordError::why(format!(
                "has `branches` beside {lines} lines: branches leave one line"
            )));
        }
        Ok(Branches(paths))
    }

    /// Whether the line has no branches.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The paths of the branches.
    pub fn paths(&self) -> &[Vec<Cell>] {
        &self.0
    }

    /// Why the branches cannot leave the line along `line`: a branch of fewer than two
    /// cells, one that starts on no cell drawn before it, or one that passes a cell twice.
    pub(crate) fn problem(&self, line: &[Cell]) -> Option<String> {
        let mut drawn: Vec<Cell> = line.to_vec();
        for branch in &self.0 {
            let [first, rest @ ..] = &branch[..] else {
                return Some("a branch needs at least two cells".into());
            };
            if rest.is_empty() {
                return Some(format!("the branch from {first} needs at least two cells"));
            }
            if !drawn.contains(first) {
                return Some(format!(
                    "the branch {} starts on no cell of the line or of a branch before it",
                    cell_list(branch)
                ));
            }
            if let Some(twice) = super::repeated(branch) {
                return Some(format!(
                    "the branch {} passes {twice} twice",
                    cell_list(branch)
                ));
            }
            drawn.extend_from_slice(rest);
        }
        None
    }

    /// Every cell of the line along `line` (a loop's first cell once) and of its branches,
    /// each once, in the order drawn: the line's own cells, borrowed, when it has no
    /// branches (the checks of partial grids ask on every step of a search).
    pub(crate) fn cells<'a>(&self, line: &'a [Cell]) -> Cow<'a, [Cell]> {
        let ring = ring(line).0;
        if self.0.is_empty() {
            return Cow::Borrowed(ring);
        }
        let mut cells: Vec<Cell> = Vec::new();
        for &cell in ring.iter().chain(self.0.iter().flatten()) {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        Cow::Owned(cells)
    }

    /// Where the line along `line` or a branch jumps between cells that do not touch.
    pub(crate) fn oddity(&self, line: &[Cell]) -> Option<String> {
        std::iter::once(line)
            .chain(self.0.iter().map(Vec::as_slice))
            .find_map(line_gap)
    }

    /// The line along `line` and its branches, drawn in `colour` and `width`.
    pub(crate) fn marks(&self, line: &[Cell], colour: Colour, width: f32) -> Vec<Mark> {
        std::iter::once(line)
            .chain(self.0.iter().map(Vec::as_slice))
            .map(|path| Mark::line(path, colour, width))
            .collect()
    }

    /// `record` with the branches in satdoku's TOML (`branches`); f-puzzles holds none, so
    /// a line with branches is refused there by name (`constraint`).
    pub(crate) fn write(
        &self,
        record: WrittenRecord,
        format: RecordFormat,
        constraint: &dyn fmt::Display,
    ) -> Result<WrittenRecord, Unwritable> {
        match (format, self.0.is_empty()) {
            (_, true) => Ok(record),
            (RecordFormat::Toml, false) => {
                Ok(record.with("branches", FieldValue::Lines(self.0.clone())))
            }
            (RecordFormat::Fpuzzles, false) => Err(Unwritable::new(
                constraint,
                format,
                "a line with branches: f-puzzles reads each line of an entry as a line of its own",
            )),
        }
    }
}

impl fmt::Display for Branches {
    /// Nothing for a plain line; ` with a branch r2c2-r3c3` (or `branches … and …`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let paths: Vec<String> = self.0.iter().map(|p| cell_list(p)).collect();
        match paths.as_slice() {
            [] => Ok(()),
            [one] => write!(f, " with a branch {one}"),
            several => write!(f, " with branches {}", several.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(names: &str) -> Vec<Cell> {
        names.split('-').map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn branches_leave_drawn_cells_and_add_their_new_cells_once() {
        let line = cells("r1c1-r1c2-r1c3");
        let branches = Branches::new(vec![cells("r1c2-r2c2-r3c2"), cells("r3c2-r3c3-r2c3")]);
        assert_eq!(branches.problem(&line), None);
        assert_eq!(
            cell_list(&branches.cells(&line)),
            "r1c1-r1c2-r1c3-r2c2-r3c2-r3c3-r2c3"
        );
        assert_eq!(
            format!("renban line{branches}"),
            "renban line with branches r1c2-r2c2-r3c2, r3c2-r3c3-r2c3"
        );
        // A branch back onto the line (a lasso) adds no cell twice.
        let lasso = Branches::new(vec![cells("r1c3-r2c3-r2c2-r1c2")]);
        assert_eq!(lasso.problem(&line), None);
        assert_eq!(lasso.cells(&line).len(), 5);
    }

    #[test]
    fn a_branch_from_nowhere_a_short_one_and_one_passing_a_cell_twice_are_refused() {
        let line = cells("r1c1-r1c2");
        for (paths, why) in [
            (vec![cells("r5c5-r5c6")], "starts on no cell"),
            (vec![cells("r1c2")], "at least two cells"),
            (vec![cells("r1c2-r2c2-r2c3-r2c2")], "passes r2c2 twice"),
        ] {
            let problem = Branches::new(paths).problem(&line).unwrap();
            assert!(problem.contains(why), "{problem}");
        }
    }
}
