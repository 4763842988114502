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
        if trimmed.is_empty() || trimmed.starts_with('#') || is_rule_line(trimmed) {
            continue;
        }
        let cells: Vec<&str> = row_cells(trimmed);
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
            sets.push(cell_marks(text, alphabet, shape).ok_or_else(bad)?);
        }
    }
    Ok(Candidates::from_sets(shape, sets))
}

/// Whether `text` is a rule line of a drawn grid and holds no cell: runs of `-` or `=` with
/// corners and crossings (`+ . : ' *`), bars and spaces, more dashes than dots — the
/// borders of `------+------`, Sudoku Explainer's `*-----*` and HoDoKu's `.-----.`,
/// `:-----+-----:` and `'-----'`.
///
/// ```
/// use satdoku::format::is_rule_line;
/// assert!(is_rule_line(":-----------+-----------:"));
/// assert!(is_rule_line("------+-------+------"));
/// assert!(!is_rule_line("..-.....3"));
/// ```
pub fn is_rule_line(text: &str) -> bool {
    let (mut dashes, mut dots) = (0, 0);
    for c in text.chars() {
        match c {
            '-' | '=' => dashes += 1,
            '.' => dots += 1,
            '+' | ':' | '\'' | '*' | '|' | ' ' | '\t' => {}
            _ => return false,
        }
    }
    dashes > 1 && dashes > dots
}

/// The cells of a row of a grid of pencil marks: its words between white space and `|`
/// (HoDoKu writes `12679|` against the bar).
pub(crate) fn row_cells(text: &str) -> Vec<&str> {
    (text.split(|c: char| c.is_whitespace() || c == '|'))
        .filter(|t| !t.is_empty())
        .collect()
}

/// One cell's pencil marks as a grid of them writes it: its candidates run together in
/// `alphabet`'s symbols (`1457`), or as numbers joined by commas (`1,4,35`), `-` for none.
/// `None` when `text` is no set of digits of `shape`.
pub(crate) fn cell_marks(text: &str, alphabet: &Alphabet, shape: Shape) -> Option<DigitSet> {
    let mut set = DigitSet::EMPTY;
    if text == "-" {
        return Some(set);
    }
    if text.contains(',') {
        for number in text.split(',') {
            set.insert(shape.digit(number.trim().parse::<usize>().ok()?)?);
        }
    } else {
        for symbol in text.chars() {
            set.insert(alphabet.read(symbol, shape)??);
        }
    }
    Some(set)
}

/// The cells of a row of a grid of pencil marks (see [`read_marks`]), when `text` is one
/// and no row of givens: as many cells as a grid of `digits` (or N) has in a row, each a
/// set of its digits (each once) or `-`, at least one with two digits or more,
/// and not every cell a number of the grid (`1 2 … 16` is a row of a 16×16's givens).
pub(crate) fn marks_row<'a>(
    text: &'a str,
    alphabet: &Alphabet,
    digits: Option<usize>,
) -> Option<Vec<&'a str>> {
    let cells: Vec<&str> = row_cells(text);
    let shape = Shape::from_size(cells.len())?;
    let shape = match digits {
        Some(digits) => shape.with_digits(digits)?,
        None => shape,
    };
    let givens = cells.iter().all(|c| {
        c.parse::<usize>().is_ok_and(|v| v <= shape.digit_count()) || matches!(*c, "." | "_")
    });
    if givens || cells.iter().all(|c| c.chars().count() < 2) {
        return None;
    }
    // Each cell's digits once each (a row of a wider grid's symbols repeats some).
    let distinct = |cell: &str| {
        let written = match cell.contains(',') {
            true => cell.split(',').count(),
            false => cell.chars().count(),
        };
        cell == "-" || cell_marks(cell, alphabet, shape).is_some_and(|set| set.len() == written)
    };
    cells.iter().all(|cell| distinct(cell)).then_some(cells)
}

/// The pencil marks of a whole grid written on one line, as Sukaku puzzles are (tdoku's and
/// Sukaku Explainer's form; 729 symbols on 9×9): a run of M symbols a cell (M the digits the
/// grid takes, N unless `digits` says more), the digit d at the d-th place of its run and a
/// blank (`.`, or `0` where it is no digit) for a candidate ruled out. `None` unless
/// `symbols` are exactly that, every cell keeping a candidate: any other line is a puzzle's
/// givens (a 64-symbol line of marks could otherwise be an 8×8 puzzle).
///
/// ```
/// use satdoku::format::{Alphabet, marks_line};
/// let line: Vec<char> = "1234".repeat(16).chars().collect();
/// let marks = marks_line(&line, &Alphabet::default(), None).unwrap();
/// assert_eq!(marks.shape().size(), 4);
/// assert!(marks_line(&"1...".repeat(16).chars().collect::<Vec<_>>(), &Alphabet::default(), None).is_some());
/// assert!(marks_line(&"2...".repeat(16).chars().collect::<Vec<_>>(), &Alphabet::default(), None).is_none());
/// ```
pub fn marks_line(
    symbols: &[char],
    alphabet: &Alphabet,
    digits: Option<usize>,
) -> Option<Candidates> {
    let len = symbols.len();
    let size = (4..=64).find(|&n| n * n * digits.unwrap_or(n).max(n) == len)?;
    let shape = Shape::from_size(size)?;
    let shape = match digits {
        Some(digits) => shape.with_digits(digits)?,
        None => shape,
    };
    let run = shape.digit_count();
    let mut sets = Vec::with_capacity(shape.cell_count());
    for cell in symbols.chunks(run) {
        let mut set = DigitSet::EMPTY;
        for (place, &symbol) in cell.iter().enumerate() {
            match alphabet.read(symbol, shape)? {
                None => {}
                Some(digit) if digit.index() == place => {
                    set.insert(digit);
                }
                Some(_) => return None,
            }
        }
        if set.is_empty() {
            return None;
        }
        sets.push(set);
    }
    Some(Candidates::from_sets(shape, sets))
}
