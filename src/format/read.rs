//! Streaming puzzle reader: line, block and tokens grids, detected per puzzle.
//!
//! Detection (`InputFormat::Auto`), after cutting `#` comments and outer white space,
//! row by row:
//! - a line with a comma, or whose space-separated parts are all numbers of one or two
//!   digits (some of two), is a row of numbers (tokens);
//! - otherwise its cells are its symbols, ignoring white space and the separators `| + -`.
//!
//! N² cells on a line make a one-line puzzle; N cells start an N-row grid. 16 symbols could
//! be a 4×4 puzzle or the first row of a 16×16 grid: it is a 16×16 row when the next 15
//! lines are 16-cell rows too and the rows use a digit beyond 4, spaces between cells or
//! box separators (`--input line` forces the 4×4 reading).
//!
//! A blank line ends a multi-line grid; comment lines and separator lines inside one are
//! skipped. Every puzzle, valid or not, gets the next index, so no input is dropped.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::{Alphabet, Notation};
use crate::error::{InputError, ParseError};
use crate::grid::{Grid, Puzzle, Shape, Variant};

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
    /// Rows of numbers separated by commas or spaces, 0 for blank (any N).
    Tokens,
}

/// How to read an input.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The layout to expect.
    pub input: InputFormat,
    /// The digit symbols of line and block grids.
    pub alphabet: Alphabet,
}

/// One puzzle of an input, read or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based position of the puzzle in its input, counting unreadable ones.
    pub index: usize,
    /// The input line on which the puzzle starts.
    pub line: usize,
    /// Bytes of the input read through the end of this puzzle (for progress against the
    /// input's size).
    pub consumed: u64,
    /// How the puzzle writes its digits: symbols of the alphabet, or numbers (tokens). Messages
    /// about the puzzle name digits the same way.
    pub notation: Notation,
    /// The grid, or why it could not be read.
    pub grid: Result<Grid, ParseError>,
}

impl Entry {
    /// The entry as a puzzle of `variant`: read, and with no clashing givens.
    pub fn puzzle(self, variant: Variant) -> Result<Puzzle, InputError> {
        let line = self.line;
        Puzzle::new(self.grid?, variant).map_err(|conflict| InputError::Conflict { line, conflict })
    }
}

/// Symbols that separate boxes in block grids and carry no cell.
const SEPARATORS: &[char] = &['|', '+', '-'];

/// The part of a raw line that matters: before any `#`, trimmed.
fn content(raw: &str) -> &str {
    raw.split('#').next().unwrap_or_default().trim()
}

/// The cell symbols of a line: everything but white space and separators.
fn symbols(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| !c.is_whitespace() && !SEPARATORS.contains(c))
        .collect()
}

/// The numbers of a tokens row, split on commas and white space.
fn tokens(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect()
}

/// Whether a line reads as a row of numbers rather than of symbols.
fn looks_like_tokens(text: &str) -> bool {
    if text.contains(',') {
        return true;
    }
    let parts: Vec<&str> = text.split_whitespace().collect();
    parts.len() > 1
        && parts
            .iter()
            .all(|p| p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
        && parts.iter().any(|p| p.len() == 2)
}

/// Whether a line is laid out as a grid row: cells spaced apart or boxes split by `|`.
fn laid_out(text: &str) -> bool {
    text.contains('|') || text.split_whitespace().nth(1).is_some()
}

/// The cells of one row or of a whole one-line grid.
enum Cells<'a> {
    Symbols(Vec<char>),
    Tokens(Vec<&'a str>),
}

impl Cells<'_> {
    fn len(&self) -> usize {
        match self {
            Cells::Symbols(s) => s.len(),
            Cells::Tokens(t) => t.len(),
        }
    }

    /// Writes these cells into `grid` from reading-order position `start` on.
    fn fill(
        &self,
        grid: &mut Grid,
        start: usize,
        line: usize,
        alphabet: &Alphabet,
    ) -> Result<(), ParseError> {
        let shape = grid.shape();
        for i in 0..self.len() {
            let cell = shape
                .cell_at(start + i)
                .expect("rows are checked against the shape before filling");
            let digit = match self {
                Cells::Symbols(symbols) => {
                    let symbol = symbols[i];
                    alphabet
                        .read(symbol, shape)
                        .ok_or_else(|| ParseError::UnknownSymbol {
                            line,
                            cell,
                            symbol,
                            shape,
                            digits: alphabet.describe(shape),
                        })?
                }
                Cells::Tokens(tokens) => {
                    let token = tokens[i];
                    if token == "." {
                        None
                    } else {
                        let value: u64 = token.parse().map_err(|_| ParseError::NotANumber {
                            line,
                            cell,
                            token: token.to_string(),
                        })?;
                        if value == 0 {
                            None
                        } else {
                            Some(
                                usize::try_from(value)
                                    .ok()
                                    .and_then(|v| shape.digit(v))
                                    .ok_or(ParseError::OutOfRange {
                                        line,
                                        cell,
                                        value,
                                        shape,
                                    })?,
                            )
                        }
                    }
                }
            };
            grid.set(cell, digit);
        }
        Ok(())
    }
}

/// Reads puzzles one at a time from a buffered reader, holding at most one grid (and a
/// few lines of look-ahead) in memory.
///
/// ```
/// use satdoku::format::{PuzzleReader, ReadOptions};
/// let text = "1..2............\n# a comment\n12\n";
/// let entries: Vec<_> = PuzzleReader::new(text.as_bytes(), ReadOptions::default())
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(entries.len(), 2);
/// assert!(entries[0].grid.is_ok());
/// assert_eq!(entries[1].index, 2);
/// assert_eq!(entries[1].line, 3);
/// assert!(entries[1].grid.is_err());
/// ```
pub struct PuzzleReader<R> {
    input: R,
    options: ReadOptions,
    /// The alphabet of `options`, shared with every entry read in symbols.
    alphabet: std::sync::Arc<Alphabet>,
    /// Lines read from `input` so far.
    lines_read: usize,
    /// Lines read ahead and not yet consumed, with their numbers and byte lengths.
    pending: VecDeque<(usize, u64, String)>,
    /// Bytes of the lines consumed so far, and of the last one.
    consumed: u64,
    last_bytes: u64,
    /// Puzzles handed out so far.
    index: usize,
    /// Set after an I/O error, which ends the stream.
    failed: bool,
    buf: Vec<u8>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input` with `options`.
    pub fn new(input: R, options: ReadOptions) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            alphabet: std::sync::Arc::new(options.alphabet.clone()),
            options,
            lines_read: 0,
            pending: VecDeque::new(),
            consumed: 0,
            last_bytes: 0,
            index: 0,
            failed: false,
            buf: Vec::new(),
        }
    }

    /// Reads one more line from the input into `pending`; false at the end.
    fn read_ahead(&mut self) -> io::Result<bool> {
        self.buf.clear();
        let bytes = self.input.read_until(b'\n', &mut self.buf)?;
        if bytes == 0 {
            return Ok(false);
        }
        self.lines_read += 1;
        let text = String::from_utf8_lossy(&self.buf);
        let text = text.trim_end_matches(['\n', '\r']).to_string();
        self.pending
            .push_back((self.lines_read, bytes as u64, text));
        Ok(true)
    }

    fn next_line(&mut self) -> io::Result<Option<(usize, String)>> {
        if self.pending.is_empty() && !self.read_ahead()? {
            return Ok(None);
        }
        Ok(self.pending.pop_front().map(|(line, bytes, text)| {
            self.consumed += bytes;
            self.last_bytes = bytes;
            (line, text)
        }))
    }

    /// Puts back the line `next_line` just returned.
    fn unread(&mut self, line: usize, text: String) {
        self.consumed -= self.last_bytes;
        self.pending.push_front((line, self.last_bytes, text));
    }

    /// The `k`-th line after the current one, without consuming it.
    fn peek(&mut self, k: usize) -> io::Result<Option<String>> {
        while self.pending.len() <= k {
            if !self.read_ahead()? {
                return Ok(None);
            }
        }
        Ok(Some(self.pending[k].2.clone()))
    }

    /// The cells of a row, as numbers or as symbols according to the input format.
    fn row_cells<'t>(&self, text: &'t str) -> Cells<'t> {
        let numbers = match self.options.input {
            InputFormat::Tokens => true,
            InputFormat::Auto => looks_like_tokens(text),
            InputFormat::Line | InputFormat::Block => false,
        };
        if numbers {
            Cells::Tokens(tokens(text))
        } else {
            Cells::Symbols(symbols(text))
        }
    }

    /// Whether a row holds a digit that a 4×4 grid cannot.
    fn beyond_four(&self, cells: &Cells<'_>) -> bool {
        let four = Shape::from_size(4).expect("4×4 is supported");
        match cells {
            Cells::Symbols(row) => row
                .iter()
                .any(|&c| self.options.alphabet.read(c, four).is_none()),
            Cells::Tokens(row) => row.iter().any(|t| t.parse::<u64>().map_or(true, |v| v > 4)),
        }
    }

    /// Whether a 16-cell line starts a 16×16 block grid rather than being a 4×4 puzzle:
    /// 16 rows of 16 cells that use a digit beyond 4, spaced cells or box separators.
    fn starts_sixteen_grid(&mut self, first_text: &str, first: &Cells<'_>) -> io::Result<bool> {
        let mut uses_more = self.beyond_four(first) || laid_out(first_text);
        let mut rows = 1;
        let mut k = 0;
        while rows < 16 {
            let Some(raw) = self.peek(k)? else {
                return Ok(false);
            };
            k += 1;
            if raw.trim().is_empty() {
                return Ok(false);
            }
            let text = content(&raw);
            if symbols(text).is_empty() {
                // A separator line between bands: a grid layout.
                uses_more = true;
                continue;
            }
            let row = self.row_cells(text);
            if row.len() != 16 {
                return Ok(false);
            }
            uses_more |= laid_out(text) || self.beyond_four(&row);
            rows += 1;
        }
        Ok(uses_more)
    }

    /// Reads the rest of a multi-line grid whose first row has been read.
    fn gather(
        &mut self,
        line: usize,
        shape: Shape,
        first: Cells<'_>,
    ) -> io::Result<Result<Grid, ParseError>> {
        let size = shape.size();
        let mut grid = Grid::empty(shape);
        let mut error = first.fill(&mut grid, 0, line, &self.options.alphabet).err();
        let mut rows = 1;
        while rows < size {
            let Some((row_line, raw)) = self.next_line()? else {
                break;
            };
            if raw.trim().is_empty() {
                break;
            }
            let text = content(&raw);
            if symbols(text).is_empty() {
                continue;
            }
            let cells = self.row_cells(text);
            if cells.len() != size && Shape::from_cell_count(cells.len()).is_some() {
                // A whole puzzle on one line, not a row of this grid: it is read next.
                self.unread(row_line, raw);
                break;
            }
            if error.is_none() {
                error = if cells.len() != size {
                    Some(ParseError::RowLength {
                        line: row_line,
                        row: rows + 1,
                        found: cells.len(),
                        expected: size,
                    })
                } else {
                    cells
                        .fill(&mut grid, rows * size, row_line, &self.options.alphabet)
                        .err()
                };
            }
            rows += 1;
        }
        Ok(match error {
            Some(error) => Err(error),
            None if rows < size => Err(ParseError::Incomplete {
                line,
                found: rows,
                expected: size,
            }),
            None => Ok(grid),
        })
    }

    /// A grid given whole on one line.
    fn one_line(&self, line: usize, shape: Shape, cells: Cells<'_>) -> Result<Grid, ParseError> {
        let mut grid = Grid::empty(shape);
        cells.fill(&mut grid, 0, line, &self.options.alphabet)?;
        Ok(grid)
    }

    /// Reads the next puzzle, or `None` at the end of the input.
    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        let input = self.options.input;
        loop {
            let Some((line, raw)) = self.next_line()? else {
                return Ok(None);
            };
            let text = content(&raw);
            if symbols(text).is_empty() {
                continue;
            }
            let row = self.row_cells(text);
            let width = row.len();
            let numbers = matches!(row, Cells::Tokens(_));
            // A row of N cells starts a multi-line grid; N² cells are a one-line puzzle.
            // 16 cells could be either: numbers are a 16×16 row; symbols need a look ahead.
            let block_shape = match input {
                InputFormat::Line => None,
                InputFormat::Auto if width == 16 && !numbers => {
                    if self.starts_sixteen_grid(text, &row)? {
                        Shape::from_size(16)
                    } else {
                        None
                    }
                }
                InputFormat::Auto if !numbers && Shape::from_cell_count(width).is_some() => None,
                _ => Shape::from_size(width),
            };
            let line_shape = match input {
                InputFormat::Block => None,
                _ => Shape::from_cell_count(width),
            };
            let notation = if numbers {
                Notation::Numbers
            } else {
                Notation::Symbols(std::sync::Arc::clone(&self.alphabet))
            };
            let grid = if let Some(shape) = block_shape {
                self.gather(line, shape, row)?
            } else if let Some(shape) = line_shape {
                self.one_line(line, shape, row)
            } else {
                Err(ParseError::BadLength {
                    line,
                    symbols: width,
                })
            };
            self.index += 1;
            return Ok(Some(Entry {
                index: self.index,
                line,
                consumed: self.consumed,
                notation,
                grid,
            }));
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<io::Result<Entry>> {
        if self.failed {
            return None;
        }
        let result = self.next_entry();
        if result.is_err() {
            self.failed = true;
        }
        result.transpose()
    }
}

/// Reads exactly one puzzle from `text`.
///
/// ```
/// use satdoku::format::{parse_one, ReadOptions};
/// let grid = parse_one("1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1", &ReadOptions::default()).unwrap();
/// assert!(grid.is_complete());
/// ```
pub fn parse_one(text: &str, options: &ReadOptions) -> Result<Grid, ParseError> {
    let mut reader = PuzzleReader::new(text.as_bytes(), options.clone());
    let reading = "reading from memory cannot fail";
    let first = reader.next().transpose().expect(reading);
    match first {
        None => Err(ParseError::NoPuzzle),
        Some(entry) => match reader.next().transpose().expect(reading) {
            Some(extra) => Err(ParseError::ExtraInput { line: extra.line }),
            None => entry.grid,
        },
    }
}
