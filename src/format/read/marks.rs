//! Grids of pencil marks in a stream: N rows of N cells, each its candidates run together (as `satdoku candidates` prints them), read as a puzzle whose cells hold one of their marks.

use std::io::{self, BufRead};
use std::sync::Arc;

use super::classify::content;
use super::{Built, PuzzleReader};
use crate::format::marks::{cell_marks, is_rule_line, marks_row, row_cells};
use crate::format::{Notation, ParseError};
use crate::grid::{Candidates, Grid, Shape};

impl<R: BufRead> PuzzleReader<R> {
    /// The grid of pencil marks whose first row, on line `line`, is `first` (see
    /// [`marks_row`]): its following rows read up to the grid's size, `|` separators and
    /// rule lines of `-` and `+` passed over, a blank line or a header ending it early.
    /// `None` when `first` is no row of pencil marks.
    pub(super) fn marks_grid(&mut self, line: usize, first: &str) -> io::Result<Option<Built>> {
        let digits = self.options.digits;
        let Some(cells) = marks_row(first, &self.alphabet, digits) else {
            return Ok(None);
        };
        let size = cells.len();
        let shape = Shape::from_size(size).expect("a row of marks is a grid's width");
        let shape = match digits {
            Some(digits) => shape.with_digits(digits).expect("checked by marks_row"),
            None => shape,
        };
        let mut rows: Vec<(usize, String)> = vec![(line, first.to_string())];
        while rows.len() < size {
            let Some(next) = self.lines.next_line()? else {
                break;
            };
            if next.too_long || next.text.trim().is_empty() {
                self.lines.unread(next);
                break;
            }
            let text = content(&next.text);
            if text.is_empty() || is_rule_line(text) {
                continue;
            }
            if super::detect::is_header(text, &self.options) {
                self.lines.unread(next);
                break;
            }
            rows.push((next.number, text.to_string()));
        }
        let notation = Notation::Symbols(Arc::clone(&self.alphabet));
        let built = match self.read_marks_rows(shape, &rows) {
            Ok(marks) => {
                self.marks = Some(marks);
                (Ok(Grid::empty(shape)), notation, Vec::new())
            }
            Err(error) => (Err(error), notation, Vec::new()),
        };
        Ok(Some(built))
    }

    /// The candidates of `rows` (each with its line), a grid of `shape`.
    fn read_marks_rows(
        &self,
        shape: Shape,
        rows: &[(usize, String)],
    ) -> Result<Candidates, ParseError> {
        let size = shape.size();
        if rows.len() < size {
            return Err(ParseError::Incomplete {
                line: rows[0].0,
                found: rows.len(),
                expected: size,
            });
        }
        let mut sets = Vec::with_capacity(shape.cell_count());
        for (r, (line, text)) in rows.iter().enumerate() {
            let cells: Vec<&str> = row_cells(text);
            if cells.len() != size {
                return Err(ParseError::RowLength {
                    line: *line,
                    row: r + 1,
                    found: cells.len(),
                    expected: size,
                });
            }
            for (c, text) in cells.into_iter().enumerate() {
                let set = cell_marks(text, &self.alphabet, shape).ok_or_else(|| {
                    ParseError::BadMarks {
                        line: *line,
                        cell: shape.cell(r, c).expect("inside the grid"),
                        text: text.to_string(),
                        shape,
                    }
                })?;
                sets.push(set);
            }
        }
        Ok(Candidates::from_sets(shape, sets))
    }
}
