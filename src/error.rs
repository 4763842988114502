//! Typed errors of the library: reading puzzles and checking their givens.

use crate::grid::{Cell, Conflict, Shape};

/// A puzzle could not be read. Every variant names the input line it was found on
/// (the first line of the puzzle, or the offending row of a multi-line grid).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A line holds a number of symbols that fits no supported grid.
    #[error(
        "line {line}: {symbols} symbols fit no supported grid (a puzzle on one line has \
         16, 81, 256, 625, 1296, 2401 or 4096; a row of a grid has 4, 9, 16, 25, 36, 49 or 64)"
    )]
    BadLength {
        /// The input line.
        line: usize,
        /// How many symbols it holds.
        symbols: usize,
    },
    /// A row of a multi-line grid is longer or shorter than the first row.
    #[error("line {line}: row {row} has {found} cells, but the grid is {expected} wide")]
    RowLength {
        /// The input line of the row.
        line: usize,
        /// The 1-based row of the grid.
        row: usize,
        /// How many cells the row holds.
        found: usize,
        /// How many it should hold.
        expected: usize,
    },
    /// A multi-line grid ended (blank line or end of input) before its last row.
    #[error("line {line}: the grid starting here ends after {found} of its {expected} rows")]
    Incomplete {
        /// The first line of the grid.
        line: usize,
        /// Rows read.
        found: usize,
        /// Rows needed.
        expected: usize,
    },
    /// A symbol is neither a digit of this grid's alphabet nor a blank.
    #[error(
        "line {line}, {cell}: unknown symbol '{symbol}' in a {shape} grid (digits are {digits})"
    )]
    UnknownSymbol {
        /// The input line.
        line: usize,
        /// The cell it was meant for.
        cell: Cell,
        /// The symbol found.
        symbol: char,
        /// The grid's shape.
        shape: Shape,
        /// The symbols that are accepted, as text.
        digits: String,
    },
    /// A token of a numeric (tokens) grid is not a number.
    #[error(
        "line {line}, {cell}: '{token}' is not a number (tokens grids hold 0 for blank, or 1 to N)"
    )]
    NotANumber {
        /// The input line.
        line: usize,
        /// The cell it was meant for.
        cell: Cell,
        /// The token found.
        token: String,
    },
    /// A number of a tokens grid is larger than N.
    #[error("line {line}, {cell}: {value} is out of range in a {shape} grid (1 to {max}, 0 for blank)", max = shape.size())]
    OutOfRange {
        /// The input line.
        line: usize,
        /// The cell it was meant for.
        cell: Cell,
        /// The number found.
        value: u64,
        /// The grid's shape.
        shape: Shape,
    },
    /// Text meant to hold exactly one puzzle holds none.
    #[error("no puzzle found")]
    NoPuzzle,
    /// Text meant to hold exactly one puzzle holds more.
    #[error("line {line}: more input after the puzzle")]
    ExtraInput {
        /// The first line past the puzzle.
        line: usize,
    },
}

impl ParseError {
    /// The input line the error was found on (0 for [`ParseError::NoPuzzle`]).
    pub fn line(&self) -> usize {
        match self {
            ParseError::BadLength { line, .. }
            | ParseError::RowLength { line, .. }
            | ParseError::Incomplete { line, .. }
            | ParseError::UnknownSymbol { line, .. }
            | ParseError::NotANumber { line, .. }
            | ParseError::OutOfRange { line, .. }
            | ParseError::ExtraInput { line } => *line,
            ParseError::NoPuzzle => 0,
        }
    }
}

/// A puzzle in an input is unusable: it could not be read, or its givens clash.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// The text is not a puzzle.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The givens break a rule.
    #[error("line {line}: {conflict}")]
    Conflict {
        /// The first line of the puzzle.
        line: usize,
        /// The clash.
        conflict: Conflict,
    },
}

/// A string cannot serve as an alphabet of digit symbols.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlphabetError {
    /// The alphabet holds no symbol.
    #[error("the alphabet is empty")]
    Empty,
    /// A symbol appears twice (letters are compared without case).
    #[error("symbol '{symbol}' appears twice in the alphabet")]
    Duplicate {
        /// The repeated symbol.
        symbol: char,
    },
    /// A symbol is reserved: blank `.`, comment `#`, separators `, | + -`, white space.
    #[error("symbol '{symbol}' is reserved and cannot be a digit (. # , | + - and spaces are)")]
    Reserved {
        /// The reserved symbol.
        symbol: char,
    },
}
