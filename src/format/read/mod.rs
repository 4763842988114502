//! Streaming puzzle reader: line, block, tokens and array grids, detected per puzzle.
//!
//! Each line is read in bounded memory (`lines`), cut to its content and read as a row of
//! cells (`classify`): an array's lists (`array`), numbers or symbols (`cells`), or a one-line
//! puzzle followed by metadata. N² cells on a line make a one-line puzzle; N cells start an
//! N-row grid (N from 4 to 64). Headers and a count are skipped, and 16, 25, 36, 49 or 64
//! symbols that could be a one-line puzzle are told from the first row of a wide grid
//! (`detect`); a 16×16 grid written as a hexadoku gets the hexadoku alphabet (`hexadoku`).
//!
//! A blank line ends a multi-line grid, as does a header; comment lines and separator lines
//! inside one are skipped. Every puzzle, valid or not, gets the next index, so no input is
//! dropped.

mod array;
mod cells;
mod classify;
mod detect;
mod hexadoku;
mod lines;
mod marks;
mod table;
#[cfg(test)]
mod tests;

use std::io::{self, BufRead};
use std::sync::Arc;

use self::array::array_shape;
use self::cells::Cells;
use self::classify::{Row, content, read_row, symbol_count};
use self::detect::{is_count, is_header, starts_wide_grid, too_big_grid};
use self::hexadoku::{HEX, Hexadoku, hexadoku};
use self::lines::Lines;
use self::table::Table;
use crate::format::{
    Alphabet, InputError, InputFormat, Notation, ParseError, ReadOptions, marks_line,
};
use crate::grid::{Candidates, Grid, Shape};
use crate::rules::{Puzzle, Rules, RulesError, RulesSpec};

pub use self::hexadoku::ReadWarning;
pub use self::lines::{MAX_LINE, utf16};
pub use self::table::Record;

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
    /// How the puzzle writes its digits: symbols of the alphabet (`0123456789ABCDEF` for a
    /// hexadoku), or numbers (tokens). Messages about the puzzle name digits the same way.
    pub notation: Notation,
    /// The grid, or why it could not be read.
    pub grid: Result<Grid, ParseError>,
    /// What the reader guessed about the puzzle and its author should know.
    pub warnings: Vec<ReadWarning>,
    /// The puzzle's row, when the input is a table: every column's field, the puzzle's
    /// among them (for output that carries them on, and a column of solutions to compare).
    pub record: Option<Record>,
    /// The candidates the puzzle gives each cell, when it is written as pencil marks (a
    /// Sukaku puzzle's 729 symbols): its rules get them ([`Rules::with_pencil_marks`]).
    pub marks: Option<Candidates>,
}

impl Entry {
    /// The entry as a puzzle under `spec`: read, rules that fit its grid, and no clashing
    /// givens.
    pub fn puzzle(&self, spec: &RulesSpec) -> Result<Puzzle, InputError> {
        self.puzzle_with(|shape| spec.rules_for(shape))
    }

    /// The entry as a puzzle under the rules `rules` gives for its grid's shape (a cache of
    /// [`RulesSpec::rules_for`], so that a batch shares one `Rules` per size).
    pub fn puzzle_with(
        &self,
        rules: impl FnOnce(Shape) -> Result<Arc<Rules>, RulesError>,
    ) -> Result<Puzzle, InputError> {
        let line = self.line;
        let grid = self.grid.clone()?;
        let at_line = |error| InputError::Rules { line, error };
        let mut rules = rules(grid.shape()).map_err(at_line)?;
        if let Some(marks) = &self.marks {
            let marked = Rules::clone(&rules).with_pencil_marks(marks);
            rules = Arc::new(marked.map_err(at_line)?);
        }
        Puzzle::new(grid, rules).map_err(|error| InputError::at(line, error))
    }
}

/// The rows of a grid as read, each with its input line.
type Rows = Vec<(usize, Cells)>;

/// A grid as read, or why it could not be, with its notation and the reader's warnings.
type Built = (Result<Grid, ParseError>, Notation, Vec<ReadWarning>);

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
    lines: Lines<R>,
    options: ReadOptions,
    /// The alphabet of `options`, shared with every entry read in symbols.
    alphabet: Arc<Alphabet>,
    /// The hexadoku alphabet, for 16×16 grids written with `0` to `F`.
    hex: Arc<Alphabet>,
    /// Whether `options` has the default alphabet, which a hexadoku's overrides.
    default_alphabet: bool,
    /// Whether a line with content has been read (the first may be a count).
    seen_content: bool,
    /// Puzzles handed out so far.
    index: usize,
    /// Set after an I/O error, which ends the stream.
    failed: bool,
    /// The first line passed over as no puzzle's (a count, a header), for messages.
    skipped: Option<SkippedLine>,
    /// Whether the next line with cells starts a block of them: at the start of the input
    /// or after a blank line (where a grid too big to read can start).
    block_start: bool,
    /// The table the input is, once its header has been read: each later line is a row.
    table: Option<Table>,
    /// Set when the input cannot be read further (a table without the column asked for).
    ended: bool,
    /// The pencil marks of the puzzle being read, when it is written as marks: handed out
    /// with its entry.
    marks: Option<Candidates>,
}

/// A line the reader passed over as part of no puzzle: a count of the puzzles that follow
/// (a first line of digits alone) or a header (`Puzzle 3`, a CSV header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedLine {
    /// The input line.
    pub line: usize,
    /// Its text, without a comment.
    pub text: String,
    /// Whether it was read as a count (else as a header).
    pub count: bool,
}

impl std::fmt::Display for SkippedLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {} ({}) was read as {}",
            self.line,
            crate::format::Shown(&self.text),
            if self.count {
                "a count of the puzzles that follow"
            } else {
                "a header"
            }
        )
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input` with `options`.
    pub fn new(input: R, options: ReadOptions) -> PuzzleReader<R> {
        let default_alphabet = options.alphabet == Alphabet::default();
        // Digits from 0 are written with 0 by default (no hexadoku to tell apart).
        let alphabet = if default_alphabet && options.from_zero {
            Alphabet::from_zero()
        } else {
            options.alphabet.clone()
        };
        PuzzleReader {
            lines: Lines::new(input),
            alphabet: Arc::new(alphabet),
            hex: Arc::new(Alphabet::new(HEX).expect("the hexadoku alphabet is valid")),
            default_alphabet: default_alphabet && !options.from_zero,
            options,
            seen_content: false,
            index: 0,
            failed: false,
            skipped: None,
            block_start: true,
            table: None,
            ended: false,
            marks: None,
        }
    }

    /// The first line passed over as part of no puzzle, if any: what to say when an input
    /// yields no puzzle at all.
    pub fn skipped(&self) -> Option<&SkippedLine> {
        self.skipped.as_ref()
    }

    /// Reads the rest of a multi-line grid whose first row has been read: its rows, with
    /// their lines, and what is wrong with its layout (a row of the wrong length, too few
    /// rows), if anything.
    fn gather(
        &mut self,
        line: usize,
        shape: Shape,
        first: Cells,
    ) -> io::Result<(Rows, Option<ParseError>)> {
        let size = shape.size();
        let mut rows = vec![(line, first)];
        let mut error = None;
        let mut count = 1;
        while count < size {
            let Some(next) = self.lines.next_line()? else {
                break;
            };
            if next.too_long {
                // Reported on its own, next.
                self.lines.unread(next);
                break;
            }
            if next.text.trim().is_empty() {
                break;
            }
            let text = content(&next.text);
            if text.is_empty() {
                continue;
            }
            if is_header(text, &self.options) {
                self.lines.unread(next);
                break;
            }
            let Some(row) = read_row(text, self.options.input) else {
                continue;
            };
            let width = row.cells.len();
            if row.lists.len() > 1 || (width != size && Shape::from_cell_count(width).is_some()) {
                // A whole puzzle on one line, not a row of this grid: it is read next.
                self.lines.unread(next);
                break;
            }
            if error.is_none() {
                if width == size {
                    rows.push((next.number, row.cells));
                } else {
                    error = Some(ParseError::RowLength {
                        line: next.number,
                        row: count + 1,
                        found: width,
                        expected: size,
                    });
                }
            }
            count += 1;
        }
        if error.is_none() && count < size {
            error = Some(ParseError::Incomplete {
                line,
                found: count,
                expected: size,
            });
        }
        Ok((rows, error))
    }

    /// The alphabet to read a grid of `shape` in: the hexadoku alphabet for a 16×16 grid
    /// written with `0` to `F` and other blanks, the options' otherwise, with a warning when
    /// a `0` read as a blank could be a hexadoku's digit.
    fn alphabet_for(
        &self,
        line: usize,
        shape: Shape,
        rows: &[(usize, Cells)],
    ) -> (Arc<Alphabet>, Option<ReadWarning>) {
        let given = Arc::clone(&self.alphabet);
        if !self.default_alphabet {
            return (given, None);
        }
        match hexadoku(shape, rows) {
            Hexadoku::No => (given, None),
            Hexadoku::Yes => (Arc::clone(&self.hex), None),
            Hexadoku::ZeroAmbiguous => (given, Some(ReadWarning::ZeroReadAsBlank { line })),
        }
    }

    /// The grid of `shape` made of `rows` (in order, from its first cell on), unless
    /// `error`, with its notation and warnings.
    fn build(
        &self,
        line: usize,
        shape: Shape,
        rows: &[(usize, Cells)],
        error: Option<ParseError>,
    ) -> Built {
        let shape = match self.options.digits {
            None => shape,
            Some(digits) => match shape.with_digits(digits) {
                Some(shape) => shape,
                None => {
                    let error = ParseError::Digits {
                        line,
                        shape,
                        digits,
                    };
                    return (Err(error), Notation::Numbers, Vec::new());
                }
            },
        };
        let shape = if self.options.from_zero {
            shape.from_zero()
        } else {
            shape
        };
        let (alphabet, warning) = self.alphabet_for(line, shape, rows);
        let notation = match rows.first() {
            Some((_, Cells::Tokens(_))) if shape.starts_at_zero() => Notation::FromZero,
            Some((_, Cells::Tokens(_))) => Notation::Numbers,
            _ => Notation::Symbols(Arc::clone(&alphabet)),
        };
        let mut grid = Grid::empty(shape);
        let mut start = 0;
        for (row_line, cells) in rows {
            if let Err(err) = cells.fill(&mut grid, start, *row_line, &alphabet) {
                return (Err(err), notation, Vec::new());
            }
            start += cells.len();
        }
        let grid = match error {
            Some(error) => Err(error),
            None => Ok(grid),
        };
        (grid, notation, warning.into_iter().collect())
    }

    /// Hands out the next entry.
    fn entry(&mut self, line: usize, (grid, notation, warnings): Built) -> Entry {
        self.index += 1;
        Entry {
            index: self.index,
            line,
            consumed: self.lines.consumed(),
            notation,
            grid,
            warnings,
            record: None,
            marks: self.marks.take(),
        }
    }

    /// The puzzle of a table's row, `text` its field: a one-line puzzle (symbols, numbers
    /// or an array) and nothing else.
    fn field(&mut self, line: usize, text: &str) -> Built {
        let input = self.options.input;
        let Some(row) = read_row(text, input) else {
            let why = format!("no cells in the puzzle column ({text})");
            return (
                Err(ParseError::BadRow { line, why }),
                Notation::Numbers,
                Vec::new(),
            );
        };
        if let Some(built) = self.marks_line(&row.cells) {
            return built;
        }
        let shape = Shape::from_cell_count(row.cells.len());
        self.single_line(line, text, row, shape)
    }

    /// A puzzle written as pencil marks on one line (see [`marks_line`]): a grid with no
    /// givens, its marks kept for its entry. `None` for any other line.
    fn marks_line(&mut self, cells: &Cells) -> Option<Built> {
        let Cells::Symbols(symbols) = cells else {
            return None;
        };
        let marks = marks_line(symbols, &self.alphabet, self.options.digits)?;
        let grid = Grid::empty(marks.shape());
        self.marks = Some(marks);
        let notation = Notation::Symbols(Arc::clone(&self.alphabet));
        Some((Ok(grid), notation, Vec::new()))
    }

    /// The puzzle on line `line` alone, `row` its cells read from `text`: an array's lists,
    /// or the cells of a grid of `shape`; without a shape, what is wrong with its length.
    fn single_line(&self, line: usize, text: &str, row: Row, shape: Option<Shape>) -> Built {
        let width = row.cells.len();
        if row.lists.len() > 1 {
            return match array_shape(line, &row.lists, width) {
                Ok(shape) => self.build(line, shape, &[(line, row.cells)], None),
                Err(error) => (Err(error), Notation::Numbers, Vec::new()),
            };
        }
        match shape {
            Some(shape) => self.build(line, shape, &[(line, row.cells)], None),
            None => {
                let error = ParseError::BadLength {
                    line,
                    count: width,
                    symbols: symbol_count(text),
                    unit: row.cells.unit(),
                    input: self.options.input,
                };
                (Err(error), self.notation_of(&row.cells), Vec::new())
            }
        }
    }

    /// The entry of a table's row on line `line` (its text `text`).
    fn table_row(&mut self, line: usize, text: &str) -> Option<Entry> {
        let row = self.table.as_mut()?.row(line, text);
        Some(match row {
            Ok((record, puzzle)) => {
                let built = self.field(line, &puzzle);
                let mut entry = self.entry(line, built);
                entry.record = Some(record);
                entry
            }
            Err(error) => {
                let notation = Notation::Symbols(Arc::clone(&self.alphabet));
                self.entry(line, (Err(error), notation, Vec::new()))
            }
        })
    }

    /// Reads the next puzzle, or `None` at the end of the input.
    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        let input = self.options.input;
        loop {
            let Some(next) = self.lines.next_line()? else {
                return Ok(None);
            };
            let line = next.number;
            if next.too_long {
                self.seen_content = true;
                let error = ParseError::LineTooLong {
                    line,
                    limit: MAX_LINE,
                };
                let notation = Notation::Symbols(Arc::clone(&self.alphabet));
                return Ok(Some(self.entry(line, (Err(error), notation, Vec::new()))));
            }
            // A table's row: every byte of the line but its end (a field may hold `#`,
            // `//` or white space at either end); a line starting with `#` is a comment.
            if self.table.is_some() {
                let raw = next.text.trim_end_matches(['\r', '\n']);
                if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
                    continue;
                }
                return Ok(self.table_row(line, raw));
            }
            let text = content(&next.text);
            if text.is_empty() {
                self.block_start |= next.text.trim().is_empty();
                continue;
            }
            let first = !std::mem::replace(&mut self.seen_content, true);
            // A table: its header first, then a puzzle on each row.
            if first {
                let column = self.options.column.as_ref();
                match Table::start(line, next.text.trim(), column) {
                    Ok(Some(table)) => {
                        self.table = Some(table);
                        self.skipped.get_or_insert_with(|| SkippedLine {
                            line,
                            text: text.to_string(),
                            count: false,
                        });
                        continue;
                    }
                    Ok(None) => {}
                    Err(error) => {
                        self.ended = true;
                        let notation = Notation::Symbols(Arc::clone(&self.alphabet));
                        return Ok(Some(self.entry(line, (Err(error), notation, Vec::new()))));
                    }
                }
            }
            let header = is_header(text, &self.options);
            if header || (first && is_count(text, &mut self.lines, &self.options)?) {
                self.skipped.get_or_insert_with(|| SkippedLine {
                    line,
                    text: text.to_string(),
                    count: !header,
                });
                continue;
            }
            let block_start = std::mem::replace(&mut self.block_start, false);
            let Some(row) = read_row(text, input) else {
                continue;
            };
            if input != InputFormat::Block
                && let Some(built) = self.marks_line(&row.cells)
            {
                return Ok(Some(self.entry(line, built)));
            }
            if input != InputFormat::Line
                && let Some(built) = self.marks_grid(line, text)?
            {
                return Ok(Some(self.entry(line, built)));
            }
            let width = row.cells.len();
            let numbers = matches!(row.cells, Cells::Tokens(_));
            // A row of N cells starts a multi-line grid; N² cells are a one-line puzzle.
            // 16, 25, 36, 49 and 64 cells could be either: numbers are a row; symbols need
            // a look ahead.
            let ambiguous =
                Shape::from_size(width).is_some() && Shape::from_cell_count(width).is_some();
            let block_shape = match input {
                _ if row.whole() => None,
                InputFormat::Line => None,
                InputFormat::Auto if ambiguous && !numbers => {
                    if starts_wide_grid(text, &row.cells, &mut self.lines, &self.options)? {
                        Shape::from_size(width)
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
            if input != InputFormat::Line
                && block_start
                && !row.whole()
                && let Some(rest) = too_big_grid(width, &mut self.lines, &self.options)?
            {
                for _ in 0..rest {
                    self.lines.next_line()?;
                }
                let error = ParseError::GridTooBig {
                    line,
                    size: width,
                    unit: row.cells.unit(),
                };
                let built = (Err(error), self.notation_of(&row.cells), Vec::new());
                return Ok(Some(self.entry(line, built)));
            }
            let built = if let Some(shape) = block_shape {
                let (rows, error) = self.gather(line, shape, row.cells)?;
                self.build(line, shape, &rows, error)
            } else {
                self.single_line(line, text, row, line_shape)
            };
            return Ok(Some(self.entry(line, built)));
        }
    }

    /// How a line's cells write digits, for messages.
    fn notation_of(&self, cells: &Cells) -> Notation {
        match cells {
            Cells::Symbols(_) => Notation::Symbols(Arc::clone(&self.alphabet)),
            Cells::Tokens(_) => Notation::Numbers,
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<io::Result<Entry>> {
        if self.failed || self.ended {
            return None;
        }
        let result = self.next_entry();
        if result.is_err() {
            self.failed = true;
        }
        result.transpose()
    }
}

/// Reads exactly one puzzle from `text`: its grid of givens. A puzzle written as pencil
/// marks is an error here (its marks are no grid; [`read_one`] keeps them).
///
/// ```
/// use satdoku::format::{parse_one, ReadOptions};
/// let grid = parse_one("1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1", &ReadOptions::default()).unwrap();
/// assert!(grid.is_complete());
/// assert!(parse_one(&"1234".repeat(16), &ReadOptions::default()).is_err());
/// ```
pub fn parse_one(text: &str, options: &ReadOptions) -> Result<Grid, ParseError> {
    let entry = read_one(text, options)?;
    match entry.marks {
        Some(_) => Err(ParseError::MarksNoGrid { line: entry.line }),
        None => entry.grid,
    }
}

/// Reads exactly one puzzle from `text`, as an entry: its grid, or why it could not be
/// read, and its pencil marks when it is written as marks.
///
/// ```
/// use satdoku::format::{read_one, ReadOptions};
/// let entry = read_one(&"1234".repeat(16), &ReadOptions::default())?;
/// assert_eq!(entry.marks.unwrap().shape().size(), 4);
/// # Ok::<(), satdoku::ParseError>(())
/// ```
pub fn read_one(text: &str, options: &ReadOptions) -> Result<Entry, ParseError> {
    let mut reader = PuzzleReader::new(text.as_bytes(), options.clone());
    let reading = "reading from memory cannot fail";
    let first = reader.next().transpose().expect(reading);
    match first {
        None => Err(ParseError::NoPuzzle),
        Some(entry) => match reader.next().transpose().expect(reading) {
            Some(extra) => Err(ParseError::ExtraInput { line: extra.line }),
            None => Ok(entry),
        },
    }
}
