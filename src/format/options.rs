//! How to read an input: the layout to expect and the alphabet of symbol grids.

use super::Alphabet;

/// Which layout to expect.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// Detect the layout of each puzzle.
    #[default]
    Auto,
    /// N² symbols on one line.
    Line,
    /// N rows of N symbols, with optional spaces and `| + -` separators.
    Block,
    /// Rows of numbers separated by commas or spaces, 0 for blank (any N), or arrays.
    Tokens,
}

/// How to read an input.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The layout to expect.
    pub input: InputFormat,
    /// The digit symbols of line and block grids.
    pub alphabet: Alphabet,
    /// The digits the grids take, 1 to this (M ≥ N: each house's digits differ, and a
    /// house need not hold them all); `None`: 1 to N.
    pub digits: Option<usize>,
    /// Whether the digits start at 0 (0 to M−1, written `0` to `8` on a 9×9 by default,
    /// `.` for a blank).
    pub from_zero: bool,
    /// The column that holds the puzzles, when the input is a table (CSV or TSV with a
    /// header); `None`: an input whose first line is a header naming a puzzle column
    /// (`puzzle`, `quizzes`, `question` …) is a table read from that column, any other is
    /// read as puzzles.
    pub column: Option<Column>,
}

/// A column of a table, as a user names it: by its name in the header, or its position.
///
/// ```
/// use satdoku::format::Column;
/// assert_eq!("quizzes".parse::<Column>().unwrap(), Column::Name("quizzes".into()));
/// assert_eq!("2".parse::<Column>().unwrap(), Column::Number(2));
/// assert!("0".parse::<Column>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// The column with this name in the header (case aside, spaces around it aside).
    Name(String),
    /// The column at this position, counted from 1.
    Number(usize),
}

impl Column {
    /// The position (from 0) of this column in `header`, if it has it.
    pub fn position(&self, header: &[String]) -> Option<usize> {
        match self {
            Column::Name(name) => header
                .iter()
                .position(|h| h.trim().eq_ignore_ascii_case(name.trim())),
            Column::Number(k) => (1..=header.len()).contains(k).then(|| k - 1),
        }
    }
}

impl std::str::FromStr for Column {
    type Err = String;

    fn from_str(text: &str) -> Result<Column, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("a column is named by its header or its number from 1".to_string());
        }
        match text.parse::<usize>() {
            Ok(0) => Err("columns are numbered from 1".to_string()),
            Ok(k) => Ok(Column::Number(k)),
            Err(_) => Ok(Column::Name(text.to_string())),
        }
    }
}

impl std::fmt::Display for Column {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Column::Name(name) => write!(f, "{name:?}"),
            Column::Number(k) => write!(f, "{k}"),
        }
    }
}
