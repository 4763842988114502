//! Why a puzzle in an input could not be read or used: the reader's typed errors.

use std::fmt;

use super::{Column, InputFormat};
use crate::grid::{Cell, Conflict, Shape};
use crate::rules::{PuzzleError, RulesError};

/// The cell counts of a puzzle written on one line.
const ONE_LINE_COUNTS: &str = "N² for N from 4 to 64: 16, 25, 36 … 81 … 4096";
/// The cell counts of a grid's row.
const ROW_COUNTS: &str = "4 to 64";

/// Text from the input shown in a message: control characters (a tab, an escape, a NUL
/// of UTF-16 text) written as escapes (`\t`, `\u{1b}`), so that a message is one line
/// that shows what is there and does nothing to the terminal.
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                f.write_fmt(format_args!("{c}"))?;
            }
        }
        Ok(())
    }
}

/// What the cells of a line were counted as, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellUnit {
    /// Symbols of the alphabet (line and block layouts).
    Symbols,
    /// Numbers (tokens and arrays).
    Numbers,
}

impl fmt::Display for CellUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CellUnit::Symbols => "symbols",
            CellUnit::Numbers => "numbers",
        })
    }
}

/// The layout that `count` cells read in the layout `input` fit instead, if another does:
/// a block grid's row read as a line, a one-line puzzle read as a block row, or a one-line
/// puzzle of `symbols` read as numbers.
fn fits_instead(count: usize, symbols: usize, input: InputFormat) -> Option<InputFormat> {
    match input {
        InputFormat::Line => Shape::from_size(count).map(|_| InputFormat::Block),
        InputFormat::Block => Shape::from_cell_count(count).map(|_| InputFormat::Line),
        InputFormat::Tokens => Shape::from_cell_count(symbols).map(|_| InputFormat::Line),
        InputFormat::Auto => None,
    }
}

/// Why `count` cells fit no grid of the layout `input`, and the layout they look like when
/// they fit another than the one forced.
fn bad_length(count: usize, symbols: usize, unit: CellUnit, input: InputFormat) -> String {
    let (cells, s) = match count {
        1 => (format!("1 {}", unit.to_string().trim_end_matches('s')), "s"),
        _ => (format!("{count} {unit}"), ""),
    };
    let looks = match fits_instead(count, symbols, input) {
        Some(InputFormat::Block) => "; it looks like a row of a block grid",
        Some(_) => "; it looks like a one-line puzzle",
        None => "",
    };
    match input {
        InputFormat::Line => format!(
            "{cells} fit{s} no supported grid on one line (a one-line puzzle has \
             {ONE_LINE_COUNTS}){looks}"
        ),
        InputFormat::Block => {
            format!("{cells} fit{s} no row of a block grid (a row has {ROW_COUNTS} cells){looks}")
        }
        InputFormat::Tokens => format!(
            "{cells} fit{s} no supported grid (a puzzle on one line has {ONE_LINE_COUNTS} \
             numbers; a row of a grid has {ROW_COUNTS}){looks}"
        ),
        InputFormat::Auto => format!(
            "{cells} fit{s} no supported grid (a puzzle on one line has {ONE_LINE_COUNTS}; \
             a row of a grid has {ROW_COUNTS})"
        ),
    }
}

/// A puzzle could not be read. Every variant names the input line it was found on
/// (the first line of the puzzle, or the offending row of a multi-line grid).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A line holds a number of cells that fits no grid of the layout it was read in.
    #[error("line {line}: {}", bad_length(*count, *symbols, *unit, *input))]
    BadLength {
        /// The input line.
        line: usize,
        /// How many cells it holds: symbols, or numbers for tokens and arrays.
        count: usize,
        /// How many symbols it holds, read as symbols (as `count` unless read as numbers).
        symbols: usize,
        /// Whether the cells were counted as symbols or as numbers.
        unit: CellUnit,
        /// The layout the line was read in (`Auto` when detected), which decides what fits.
        input: InputFormat,
    },
    /// N lines of N cells each, a grid larger than any supported (64×64), read as one
    /// grid rather than as N one-line puzzles of √N×√N.
    #[error(
        "line {line}: {size} rows of {size} {unit}: a {size}×{size} grid, too big (64×64 is \
         the largest); to read each line as a puzzle, give --input line"
    )]
    GridTooBig {
        /// The grid's first line.
        line: usize,
        /// Its rows (and cells a row).
        size: usize,
        /// Whether the cells were counted as symbols or as numbers.
        unit: CellUnit,
    },
    /// A line is longer than any puzzle needs; it was skipped without being read whole.
    #[error(
        "line {line}: longer than {limit} bytes, more than any puzzle needs (a 64×64 grid on one \
         line): skipped"
    )]
    LineTooLong {
        /// The input line.
        line: usize,
        /// The longest line read, in bytes.
        limit: usize,
    },
    /// A line of an array holds several lists, but not N lists of N numbers.
    #[error(
        "line {line}: {lists} lists of {numbers} numbers in all: a grid on one line is N lists \
         of N numbers (N from 4 to 64)"
    )]
    ArrayShape {
        /// The input line.
        line: usize,
        /// How many lists it holds.
        lists: usize,
        /// How many numbers they hold together.
        numbers: usize,
    },
    /// The digits asked for (`--digits`, a file's `digits`) cannot fill a grid read.
    #[error("line {line}: a {shape} grid cannot take the digits 1-{digits}: from {n} to 64 digits fit", n = shape.size())]
    Digits {
        /// The input line.
        line: usize,
        /// The grid's shape.
        shape: Shape,
        /// The number of digits asked for.
        digits: usize,
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
        "line {line}, {cell}: unknown symbol '{}' in a {shape} grid (digits are {digits}){}",
        Shown(symbol.encode_utf8(&mut [0; 4])),
        if *short {
            format!("; a {shape} grid needs {} symbols: use the tokens format or a longer alphabet", shape.size())
        } else {
            String::new()
        }
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
        /// Whether the alphabet has fewer symbols than the grid has digits.
        short: bool,
    },
    /// A token of a numeric (tokens) grid is not a number.
    #[error(
        "line {line}, {cell}: '{}' is not a number (tokens grids hold 0 for blank, or 1 to N)",
        Shown(token)
    )]
    NotANumber {
        /// The input line.
        line: usize,
        /// The cell it was meant for.
        cell: Cell,
        /// The token found.
        token: String,
    },
    /// A number of a tokens grid is not one of the grid's digits.
    #[error("line {line}, {cell}: {value} is out of range in a {shape} grid ({low} to {high}, {blank} for blank)", low = shape.lowest(), high = shape.highest(), blank = if shape.starts_at_zero() { "." } else { "0" })]
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
    /// A cell of a grid of pencil marks holds no set of the grid's digits.
    #[error(
        "line {line}, {cell}: '{}' is not a set of candidates of a {shape} grid (its digits run together, each once, or - for none)",
        Shown(text)
    )]
    BadMarks {
        /// The input line.
        line: usize,
        /// The cell.
        cell: Cell,
        /// The cell's text.
        text: String,
        /// The grid's shape.
        shape: Shape,
    },
    /// A grid of givens was asked for, and the text holds pencil marks.
    #[error("line {line}: pencil marks, where a grid of digits is expected")]
    MarksNoGrid {
        /// The input line.
        line: usize,
    },
    /// Text meant to hold exactly one puzzle holds none.
    #[error("no puzzle found")]
    NoPuzzle,
    /// A table's header has no column of the name or number asked for.
    #[error("line {line}: the header has no column {column} (its columns: {})", header.join(", "))]
    NoColumn {
        /// The header's line.
        line: usize,
        /// The column asked for.
        column: Column,
        /// The header's column names.
        header: Vec<String>,
    },
    /// A row of a table cannot be read as the header's columns.
    #[error("line {line}: {why}")]
    BadRow {
        /// The input line.
        line: usize,
        /// What is wrong: too many fields, an unclosed quote, an empty puzzle column.
        why: String,
    },
    /// Text meant to hold exactly one puzzle holds more.
    #[error("line {line}: more input after the puzzle")]
    ExtraInput {
        /// The first line past the puzzle.
        line: usize,
    },
}

impl ParseError {
    /// When the text was read in a forced layout and fits no grid of it: the layout it
    /// fits instead (then not forcing the layout reads it).
    pub fn fits_layout(&self) -> Option<InputFormat> {
        match self {
            ParseError::BadLength {
                count,
                symbols,
                input,
                ..
            } => fits_instead(*count, *symbols, *input),
            _ => None,
        }
    }

    /// The input line the error was found on (0 for [`ParseError::NoPuzzle`]).
    pub fn line(&self) -> usize {
        self.clone().line_mut().map_or(0, |line| *line)
    }

    /// The same error with its line `by` lines further down: for text read from inside a
    /// file (a puzzle file's `puzzle` string).
    pub fn shifted(mut self, by: usize) -> ParseError {
        if let Some(line) = self.line_mut() {
            *line += by;
        }
        self
    }

    /// The line field, when the error has one.
    fn line_mut(&mut self) -> Option<&mut usize> {
        match self {
            ParseError::BadLength { line, .. }
            | ParseError::LineTooLong { line, .. }
            | ParseError::GridTooBig { line, .. }
            | ParseError::ArrayShape { line, .. }
            | ParseError::Digits { line, .. }
            | ParseError::RowLength { line, .. }
            | ParseError::Incomplete { line, .. }
            | ParseError::UnknownSymbol { line, .. }
            | ParseError::NotANumber { line, .. }
            | ParseError::OutOfRange { line, .. }
            | ParseError::BadMarks { line, .. }
            | ParseError::MarksNoGrid { line }
            | ParseError::NoColumn { line, .. }
            | ParseError::BadRow { line, .. }
            | ParseError::ExtraInput { line } => Some(line),
            ParseError::NoPuzzle => None,
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
    /// The rules asked for do not fit the puzzle's grid.
    #[error("line {line}: {error}")]
    Rules {
        /// The first line of the puzzle.
        line: usize,
        /// Why the rules do not fit.
        error: RulesError,
    },
    /// The puzzle's source states things not read as rules (see
    /// [`PuzzleFile::unread`](crate::format::PuzzleFile::unread)), and a verdict without
    /// them was not wanted.
    #[error(
        "line {line}: not checked: {} not read as rules: {}",
        match unread.len() { 1 => "1 part".to_string(), n => format!("{n} parts") },
        unread.join("; ")
    )]
    Unread {
        /// The first line of the puzzle.
        line: usize,
        /// What was not read, each named.
        unread: Vec<String>,
    },
    /// The puzzle is beyond what the command (or its solver) can answer: its regions are to
    /// be found, say, and a backtracker only fills digits.
    #[error("line {line}: {why}")]
    Unsupported {
        /// The first line of the puzzle.
        line: usize,
        /// What the command cannot do, and what can.
        why: String,
    },
}

impl InputError {
    /// The same error with its lines `by` lines further down (see [`ParseError::shifted`]).
    pub fn shifted(self, by: usize) -> InputError {
        match self {
            InputError::Parse(error) => InputError::Parse(error.shifted(by)),
            InputError::Conflict { line, conflict } => InputError::Conflict {
                line: line + by,
                conflict,
            },
            InputError::Rules { line, error } => InputError::Rules {
                line: line + by,
                error,
            },
            InputError::Unread { line, unread } => InputError::Unread {
                line: line + by,
                unread,
            },
            InputError::Unsupported { line, why } => InputError::Unsupported {
                line: line + by,
                why,
            },
        }
    }

    /// The error of `line`'s puzzle that [`Puzzle::new`](crate::Puzzle::new) reported.
    pub fn at(line: usize, error: PuzzleError) -> InputError {
        match error {
            PuzzleError::Conflict(conflict) => InputError::Conflict { line, conflict },
            PuzzleError::Rules(error) => InputError::Rules { line, error },
            PuzzleError::Shape { grid, rules } => InputError::Rules {
                line,
                error: RulesError::ShapeMismatch {
                    grid,
                    rules,
                    what: "the rules",
                },
            },
        }
    }
}
