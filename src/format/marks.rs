//! Reading a grid of pencil marks: each cell's candidates, in the layout `satdoku candidates` prints.

use super::Alphabet;
use crate::grid::{Candidates, Cell, DigitSet, Shape};

/// Why a grid of pencil marks could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MarksError {
    /// The text holds no grid.
    #[error("no grid of pencil marks found")]
    Empty,
    /// The first row's number of cells is no grid size.
    #[error("line {line}: {cells} cells in a row, which is no grid size")]
    Size {
        /// The input line.
        line: usize,
        /// The cells found.
        cells: usize,
    },
    /// The digits asked for cannot fill the grid: fewer than a row has cells, or more
    /// than 64.
    #[error("a {shape} grid cannot take the digits 1-{digits}: from {n} to 64 digits fit", n = shape.size())]
    Digits {
        /// The grid's shape.
        shape: Shape,
        /// The number of digits asked for.
        digits: usize,
    },
    /// A row has another number of cells than the first.
    #[error("line {line}: {found} cells in a row, but the grid is {expected} wide")]
    RowLength {
        /// The input line.
        line: usize,
        /// The cells found.
        found: usize,
        /// The grid's size.
        expected: usize,
    },
    /// The grid has too few or too many rows.
    #[error("{found} rows of pencil marks, but the grid is {expected} wide")]
    Rows {
        /// The rows found.
        found: usize,
        /// The grid's size.
        expected: usize,
    },
    /// A cell's marks hold something that is no digit of the grid.
    #[error("line {line}, {cell}: '{text}' is not a set of digits of a {shape} grid")]
    Digit {
        /// The input line.
        line: usize,
        /// The cell.
        cell: Cell,
        /// The cell's text.
        text: String,
        /// The grid's shape.
        shape: Shape,
    },
}

/// Reads one grid of pencil marks: N rows of N cells separated by spaces, each cell its
/// candidates run together in `alphabet`'s symbols (`1457`) or as numbers joined by commas
/// (`1,4,35`), `-` for none; `|` separators, rule lines of `-` and `+`, blank lines and
/// `#` comments are skipped.
///
/// ```
/// use satdoku::format::{Alphabet, read_marks};
/// let marks = read_marks("1 23 | 4 23\n23 4 | 1 23\n---+---\n4 1 | 23 23\n23 23 | 23 4", &Alphabet::default())?;
/// assert_eq!(marks.shape().size(), 4);
/// assert_eq!(marks.sets()[1].len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_marks(text: &str, alphabet: &Alphabet) -> Result<Candidates, MarksError> {
    read_marks_of(text, alphabet, None)
}

/// [`read_marks`] on a grid taking the digits 1 to `digits` (more than a row has cells;
/// `None`: 1 to N).
///
/// ```
/// use satdoku::format::{Alphabet, read_marks_of};
/// let text = "59 1 | 2 3\n23 4 | 1 5\n---+---\n4 1 | 23 23\n23 23 | 23 4";
/// let marks = read_marks_of(text, &Alphabet::default(), Some(9))?;
/// assert_eq!(marks.shape().digit_count(), 9);
/// assert_eq!(marks.sets()[0].len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_marks_of(
    text: &str,
    alphabet: &Alphabet,
    digits: Option<usize>,
) -> Result<Candidates, MarksError> {
    let mut rows: Vec<(usize, Vec<&str>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty()
            || trimmed.starts_with('#')
            || (trimmed.len() > 1 && trimmed.chars().all(|c| c == '-' || c == '+'))
        {
            continue;
        }
        let cells: Vec<&str> = trimmed.split_whitespace().filter(|t| *t != "|").collect();
        rows.push((i + 1, cells));
    }
    let (first_line, first) = rows.first().ok_or(MarksError::Empty)?;
    let size_error = MarksError::Size {
        line: *first_line,
        cells: first.len(),
    };
    let shape = Shape::from_size(first.len()).ok_or(size_error)?;
    let shape = match digits {
        Some(digits) => shape
            .with_digits(digits)
            .ok_or(MarksError::Digits { shape, digits })?,
        None => shape,
    };
    let size = shape.size();
    if rows.len() != size {
        return Err(MarksError::Rows {
            found: rows.len(),
            expected: size,
        });
    }
    let mut sets = Vec::with_capacity(shape.cell_count());
    for (row, (line, cells)) in rows.iter().enumerate() {
        if cells.len() != size {
            return Err(MarksError::RowLength {
                line: *line,
                found: cells.len(),
                expected: size,
            });
        }
        for (col, text) in cells.iter().enumerate() {
            let cell = shape.cell(row, col).expect("inside the grid");
            let bad = || MarksError::Digit {
                line: *line,
                cell,
                text: text.to_string(),
                shape,
            };
            let mut set = DigitSet::EMPTY;
            if *text != "-" {
                if text.contains(',') {
                    for number in text.split(',') {
                        let value = number.trim().parse::<usize>().map_err(|_| bad())?;
                        set.insert(shape.digit(value).ok_or_else(bad)?);
                    }
                } else {
                    for symbol in text.chars() {
                        match alphabet.read(symbol, shape) {
                            Some(Some(digit)) => set.insert(digit),
                            _ => return Err(bad()),
                        };
                    }
                }
            }
            sets.push(set);
        }
    }
    Ok(Candidates::from_sets(shape, sets))
}
