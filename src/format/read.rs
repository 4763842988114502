//! Streaming puzzle reader: line, block, tokens and array grids, detected per puzzle.
//!
//! Lines are read with a bounded buffer: a line longer than [`MAX_LINE`] bytes (more than a
//! 64×64 grid needs on one line) is an error of its own, skipped without being held in memory,
//! and reading goes on with the next line. A UTF-8 byte-order mark at the start of a line is
//! skipped.
//!
//! Detection (`InputFormat::Auto`), after cutting comments (from `#` or `//` to the end of
//! the line) and outer white space,
//! line by line:
//! - a line with a bracket or a brace (`[ ] { }`) is a line of an **array** copied from code
//!   (below);
//! - a line with a comma, or whose space-separated parts are all numbers of one or two
//!   digits (some of two) or blanks `.` `_`, is a row of numbers (**tokens**), 0 for blank;
//! - otherwise its cells are its **symbols**, ignoring white space and the separators `| + -`;
//!   `.`, `_` and (unless it is a digit of the alphabet) `0` are blanks.
//!
//! N² cells on a line make a one-line puzzle; N cells start an N-row grid (N from 4 to 64).
//! 16, 25, 36, 49 or 64 symbols could be either (a 4×4 puzzle or the first row of a 16×16
//! grid; 6×6 or 36×36 …): they are a row when the next lines make the N² rows of a grid too
//! and the rows use a digit beyond N, spaces between cells or box separators (`--input
//! line` forces the one-line reading).
//!
//! **Metadata** (auto and line layouts). When the cells of a line are not a whole puzzle but
//! its first run of symbols, up to the first space, tab, `:` or `,`, holds N² symbols, that
//! run is a one-line puzzle and the rest of the line is metadata: `<puzzle>\tPlatinum Blonde`,
//! tdoku's `<puzzle>:<count>:<solution>`, qqwing's CSV `<puzzle>,<solution>,`. A line whose
//! symbols as a whole number N² stays one puzzle (a 16×16 written as 16 runs of 16).
//!
//! **Arrays.** In a line with brackets or braces, the cells are the numbers of its lists:
//! the text inside the innermost brackets or braces (or after an opening one the line
//! leaves open, or before a closing one it did not open), split at commas and spaces, with
//! quotes dropped (`'5'`, `"."`). Everything else is ignored: declarations (`int grid[9][9] =
//! {`, `grid = [`, `"grid": [`), `},` and `];`; brackets right after a name,
//! a number, `]` or `)` index or name a type (`grid[9]`, `int[][]`, `new int[9, 9]`), as do
//! brackets followed by a name or `[` (`[9][9]int`) and brackets holding `;` (`[u8; 9]`). A
//! line with one list is a row (or, with N² numbers, a whole puzzle); a line with several
//! lists is a whole puzzle of N lists of N numbers (`[[5, 3, 0, …], [6, 0, 0, …], …]`).
//!
//! **Headers** are skipped between puzzles: a word of two or more letters and a number
//! (`Grid 01`, `Puzzle: 7`) whose symbols are no grid row; a comma-separated list of words
//! (a CSV header: `Puzzle,Solution,Difficulty`); and a lone number on an input's first line
//! (a count like `95`), unless it is a one-line puzzle or the first row of a grid as wide.
//!
//! **Hexadoku.** With the default alphabet, a 16×16 grid of symbols `0`–`F` with blanks `.` or
//! `_` and no `G` is read with the alphabet `0123456789ABCDEF` (its entry's notation says so).
//! One with `0` but no other blank and no `G` is ambiguous: `0` is read as a blank and the
//! entry carries a [`ReadWarning`] naming `--alphabet 0123456789ABCDEF`.
//!
//! A blank line ends a multi-line grid, as does a header; comment lines and separator lines
//! inside one are skipped. Every puzzle, valid or not, gets the next index, so no input is
//! dropped.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};
use std::sync::Arc;

use super::{Alphabet, Notation};
use crate::format::{CellUnit, InputError, ParseError};
use crate::grid::{Grid, Shape};
use crate::rules::RulesError;
use crate::rules::{Puzzle, Rules, RulesSpec};

/// The longest line read, in bytes. A 64×64 grid on one line as numbers takes 16 KiB
/// (`64, ` per cell); the rest is room for brackets, quotes, spaces and metadata.
pub const MAX_LINE: usize = 64 * 1024;

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The symbols of a hexadoku: digits 0 to F.
const HEX: &str = "0123456789ABCDEF";

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
}

/// Something the reader guessed about a puzzle that its author should know: the puzzle is
/// read, but maybe not as meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadWarning {
    /// A 16×16 grid uses `0` to `F`, no `G` and no other blank: `0` was read as a blank,
    /// though the grid could be a hexadoku in which `0` is a digit.
    ZeroReadAsBlank {
        /// The first line of the grid.
        line: usize,
    },
}

impl fmt::Display for ReadWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadWarning::ZeroReadAsBlank { line } => write!(
                f,
                "line {line}: 0 was read as a blank in this 16×16 grid (digits 1 to 9 and A to G; \
                 it has no G and no other blank); if 0 is a digit here (a hexadoku, digits 0 to \
                 F), pass --alphabet {HEX}"
            ),
        }
    }
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
    /// How the puzzle writes its digits: symbols of the alphabet (`0123456789ABCDEF` for a
    /// hexadoku), or numbers (tokens). Messages about the puzzle name digits the same way.
    pub notation: Notation,
    /// The grid, or why it could not be read.
    pub grid: Result<Grid, ParseError>,
    /// What the reader guessed about the puzzle and its author should know.
    pub warnings: Vec<ReadWarning>,
}

impl Entry {
    /// The entry as a puzzle under `spec`: read, rules that fit its grid, and no clashing
    /// givens.
    pub fn puzzle(self, spec: &RulesSpec) -> Result<Puzzle, InputError> {
        self.puzzle_with(|shape| spec.rules_for(shape))
    }

    /// The entry as a puzzle under the rules `rules` gives for its grid's shape (a cache of
    /// [`RulesSpec::rules_for`], so that a batch shares one `Rules` per size).
    pub fn puzzle_with(
        self,
        rules: impl FnOnce(Shape) -> Result<Arc<Rules>, RulesError>,
    ) -> Result<Puzzle, InputError> {
        let line = self.line;
        let grid = self.grid?;
        let rules = rules(grid.shape()).map_err(|error| InputError::Rules { line, error })?;
        Puzzle::new(grid, rules).map_err(|error| InputError::at(line, error))
    }
}

/// Symbols that separate boxes in block grids and carry no cell.
const SEPARATORS: &[char] = &['|', '+', '-'];

/// The part of a raw line that matters: before any comment (`#` or `//`), trimmed.
fn content(raw: &str) -> &str {
    let end = raw.find('#').unwrap_or(raw.len());
    let end = raw[..end].find("//").unwrap_or(end);
    raw[..end].trim()
}

/// The cell symbols of a line: everything but white space and separators.
fn symbols(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| !c.is_whitespace() && !SEPARATORS.contains(c))
        .collect()
}

/// One cell of a row of numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// `0`, `.` or `_`.
    Blank,
    /// A number other than 0.
    Number(u64),
    /// Anything else, as written.
    Word(String),
}

impl Token {
    /// The token `text`, quotes around it dropped.
    fn read(text: &str) -> Token {
        let bare = ['"', '\''].iter().fold(text, |t, &quote| {
            t.strip_prefix(quote)
                .and_then(|t| t.strip_suffix(quote))
                .unwrap_or(t)
        });
        match bare {
            "." | "_" => Token::Blank,
            _ => match bare.parse::<u64>() {
                Ok(0) => Token::Blank,
                Ok(value) => Token::Number(value),
                Err(_) => Token::Word(text.to_string()),
            },
        }
    }
}

/// The numbers of a tokens row, split on commas and white space.
fn tokens(text: &str) -> Vec<Token> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(Token::read)
        .collect()
}

/// Whether a line reads as a row of numbers rather than of symbols.
fn looks_like_tokens(text: &str) -> bool {
    if text.contains(',') {
        return true;
    }
    let parts: Vec<&str> = text.split_whitespace().collect();
    let number = |p: &str| p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit());
    parts.len() > 1
        && parts.iter().all(|&p| number(p) || p == "." || p == "_")
        && parts.iter().any(|p| p.len() == 2 && number(p))
}

/// Whether a line is laid out as a grid row: cells spaced apart or boxes split by `|`.
fn laid_out(text: &str) -> bool {
    text.contains('|') || text.split_whitespace().nth(1).is_some()
}

/// Whether a line is part of an array copied from code.
fn has_brackets(text: &str) -> bool {
    text.contains(['[', ']', '{', '}'])
}

/// The lists of numbers of an array line, in order (see the module documentation).
fn array_lists(text: &str) -> Vec<Vec<Token>> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let name_like = |c: char| c.is_alphanumeric() || c == '_';
    let mut lists = Vec::new();
    let mut keep = |inner: &str| {
        if !inner.contains(';') {
            let list = tokens(inner);
            if !list.is_empty() {
                lists.push(list);
            }
        }
    };
    // Where the innermost list open now starts, and whether any bracket was seen yet.
    let mut open: Option<usize> = None;
    let mut seen = false;
    let mut prev: Option<char> = None;
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        match c {
            '[' if prev.is_some_and(|p| name_like(p) || p == ']' || p == ')') => {
                // An index or a type (`grid[9]`, `int[][]`): skipped with what it holds.
                let mut depth = 0;
                while i < chars.len() {
                    match chars[i].1 {
                        '[' => depth += 1,
                        ']' => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                    i += 1;
                }
                prev = Some(']');
                seen = true;
                i += 1;
                continue;
            }
            '[' | '{' => {
                open = Some(at + 1);
                seen = true;
            }
            ']' | '}' => {
                // A list closed here, or one continued from the line before.
                let start = open.take().or((!seen).then_some(0));
                seen = true;
                let typed = c == ']'
                    && chars
                        .get(i + 1)
                        .is_some_and(|&(_, next)| name_like(next) || next == '[');
                if let Some(start) = start
                    && !typed
                {
                    keep(&text[start..at]);
                }
            }
            _ => {}
        }
        if !c.is_whitespace() {
            prev = Some(c);
        }
        i += 1;
    }
    // A list going on to the next line.
    if let Some(start) = open {
        keep(&text[start..]);
    }
    lists
}

/// The cells of one row or of a whole one-line grid.
#[derive(Clone, Debug)]
enum Cells {
    Symbols(Vec<char>),
    Tokens(Vec<Token>),
}

impl Cells {
    fn len(&self) -> usize {
        match self {
            Cells::Symbols(s) => s.len(),
            Cells::Tokens(t) => t.len(),
        }
    }

    /// What the cells are counted as in messages.
    fn unit(&self) -> CellUnit {
        match self {
            Cells::Symbols(_) => CellUnit::Symbols,
            Cells::Tokens(_) => CellUnit::Numbers,
        }
    }

    /// Whether every cell is a digit or a blank of a grid of `shape`.
    fn fit(&self, shape: Shape, alphabet: &Alphabet) -> bool {
        match self {
            Cells::Symbols(symbols) => symbols.iter().all(|&s| alphabet.read(s, shape).is_some()),
            Cells::Tokens(tokens) => tokens.iter().all(|t| match t {
                Token::Blank => true,
                Token::Number(v) => usize::try_from(*v).is_ok_and(|v| v <= shape.size()),
                Token::Word(_) => false,
            }),
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
                Cells::Tokens(tokens) => match &tokens[i] {
                    Token::Blank => None,
                    Token::Word(token) => {
                        return Err(ParseError::NotANumber {
                            line,
                            cell,
                            token: token.clone(),
                        });
                    }
                    &Token::Number(value) => Some(
                        usize::try_from(value)
                            .ok()
                            .and_then(|v| shape.digit(v))
                            .ok_or(ParseError::OutOfRange {
                                line,
                                cell,
                                value,
                                shape,
                            })?,
                    ),
                },
            };
            grid.set(cell, digit);
        }
        Ok(())
    }
}

/// The rows of a grid as read, each with its input line.
type Rows = Vec<(usize, Cells)>;

/// A grid as read, or why it could not be, with its notation and the reader's warnings.
type Built = (Result<Grid, ParseError>, Notation, Vec<ReadWarning>);

/// What a line with cells holds.
struct Row {
    cells: Cells,
    /// For an array line, how many numbers each of its lists holds; empty otherwise.
    lists: Vec<usize>,
    /// Whether metadata follows a one-line puzzle on the line.
    metadata: bool,
}

impl Row {
    /// Whether the line is a whole grid and not a row: metadata after a one-line puzzle, or
    /// several lists.
    fn whole(&self) -> bool {
        self.metadata || self.lists.len() > 1
    }
}

/// One input line.
struct Line {
    /// Its 1-based number.
    number: usize,
    /// Its length in bytes, end of line included.
    bytes: u64,
    /// Its text without the end of line (and without a byte-order mark); cut after
    /// [`MAX_LINE`] bytes.
    text: String,
    /// Whether the line was too long to read.
    too_long: bool,
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
    alphabet: Arc<Alphabet>,
    /// The hexadoku alphabet, for 16×16 grids written with `0` to `F`.
    hex: Arc<Alphabet>,
    /// Whether `options` has the default alphabet, which a hexadoku's overrides.
    default_alphabet: bool,
    /// Lines read from `input` so far.
    lines_read: usize,
    /// Lines read ahead and not yet consumed.
    pending: VecDeque<Line>,
    /// Bytes of the lines consumed so far.
    consumed: u64,
    /// Whether a line with content has been read (the first may be a count).
    seen_content: bool,
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
            alphabet: Arc::new(options.alphabet.clone()),
            hex: Arc::new(Alphabet::new(HEX).expect("the hexadoku alphabet is valid")),
            default_alphabet: options.alphabet == Alphabet::default(),
            options,
            lines_read: 0,
            pending: VecDeque::new(),
            consumed: 0,
            seen_content: false,
            index: 0,
            failed: false,
            buf: Vec::new(),
        }
    }

    /// Reads one more line from the input into `pending`, keeping at most [`MAX_LINE`]
    /// bytes of it; false at the end.
    fn read_ahead(&mut self) -> io::Result<bool> {
        self.buf.clear();
        let mut bytes = 0u64;
        let mut cut = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            if chunk.is_empty() {
                break;
            }
            let (end, used) = match chunk.iter().position(|&b| b == b'\n') {
                Some(newline) => (newline, newline + 1),
                None => (chunk.len(), chunk.len()),
            };
            // Room for the line, a byte-order mark and a carriage return.
            let room = (MAX_LINE + BOM.len() + 1).saturating_sub(self.buf.len());
            cut |= end > room;
            self.buf.extend_from_slice(&chunk[..end.min(room)]);
            let done = used > end;
            self.input.consume(used);
            bytes += used as u64;
            if done {
                break;
            }
        }
        if bytes == 0 {
            return Ok(false);
        }
        self.lines_read += 1;
        let mut text: &[u8] = &self.buf;
        if let Some(rest) = text.strip_prefix(BOM) {
            text = rest;
        }
        if !cut {
            while let Some(rest) = text.strip_suffix(b"\r") {
                text = rest;
            }
        }
        let cut = cut || text.len() > MAX_LINE;
        let text = String::from_utf8_lossy(&text[..text.len().min(MAX_LINE)]).into_owned();
        // A comment starting within the limit makes the rest of the line a comment too.
        let too_long = cut && !text.contains('#') && !text.contains("//");
        self.pending.push_back(Line {
            number: self.lines_read,
            bytes,
            text,
            too_long,
        });
        Ok(true)
    }

    fn next_line(&mut self) -> io::Result<Option<Line>> {
        if self.pending.is_empty() && !self.read_ahead()? {
            return Ok(None);
        }
        Ok(self.pending.pop_front().inspect(|line| {
            self.consumed += line.bytes;
        }))
    }

    /// Puts back a line `next_line` returned.
    fn unread(&mut self, line: Line) {
        self.consumed -= line.bytes;
        self.pending.push_front(line);
    }

    /// The `k`-th line after the current one, without consuming it.
    fn peek(&mut self, k: usize) -> io::Result<Option<&Line>> {
        while self.pending.len() <= k {
            if !self.read_ahead()? {
                return Ok(None);
            }
        }
        Ok(self.pending.get(k))
    }

    /// The cells of a line, as numbers or as symbols according to the input format; `None`
    /// for a line without cells (a separator line, an array's brackets alone).
    fn read_row(&self, text: &str) -> Option<Row> {
        let input = self.options.input;
        if matches!(input, InputFormat::Auto | InputFormat::Tokens) && has_brackets(text) {
            let lists = array_lists(text);
            if lists.is_empty() {
                return None;
            }
            let lengths = lists.iter().map(Vec::len).collect();
            return Some(Row {
                cells: Cells::Tokens(lists.into_iter().flatten().collect()),
                lists: lengths,
                metadata: false,
            });
        }
        let all = symbols(text);
        if all.is_empty() {
            return None;
        }
        let numbers = match input {
            InputFormat::Tokens => true,
            InputFormat::Auto => looks_like_tokens(text),
            InputFormat::Line | InputFormat::Block => false,
        };
        let cells = if numbers {
            Cells::Tokens(tokens(text))
        } else {
            Cells::Symbols(all)
        };
        if matches!(input, InputFormat::Auto | InputFormat::Line)
            && Shape::from_cell_count(cells.len()).is_none()
            && let Some((head, _)) =
                text.split_once(|c: char| c.is_whitespace() || c == ':' || c == ',')
        {
            let head = symbols(head);
            if Shape::from_cell_count(head.len()).is_some() {
                return Some(Row {
                    cells: Cells::Symbols(head),
                    lists: Vec::new(),
                    metadata: true,
                });
            }
        }
        Some(Row {
            cells,
            lists: Vec::new(),
            metadata: false,
        })
    }

    /// Whether a line is the header of a collection, skipped between puzzles: a word and a
    /// number (`Grid 01`), or a comma-separated list of words (`Puzzle,Solution,`), that
    /// is no grid row or puzzle.
    fn is_header(&self, text: &str) -> bool {
        let word = text
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(text.len());
        let rest = &text[word..];
        let number = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ':');
        let word_and_number = word >= 2
            && number.len() < rest.len()
            && !number.is_empty()
            && number.bytes().all(|b| b.is_ascii_digit());
        let csv_header = || {
            let mut fields = text.split(',').map(str::trim);
            let first = fields.next().unwrap_or_default();
            text.contains(',')
                && first.len() >= 2
                && Shape::from_cell_count(first.len()).is_none()
                && first.chars().all(|c| c.is_ascii_alphabetic())
                && !text.bytes().any(|b| b.is_ascii_digit())
                && fields.all(|f| f.is_empty() || f.starts_with(|c: char| c.is_ascii_alphabetic()))
        };
        if !word_and_number && !csv_header() {
            return false;
        }
        // Never a line that reads as a row or a puzzle.
        !self.read_row(text).is_some_and(|row| {
            let count = row.cells.len();
            [Shape::from_size(count), Shape::from_cell_count(count)]
                .into_iter()
                .flatten()
                .any(|shape| row.cells.fit(shape, &self.options.alphabet))
        })
    }

    /// Whether the first line of an input with content is a count of its puzzles: a lone
    /// number that is no one-line puzzle and no first row of a grid as wide.
    fn is_count(&mut self, text: &str) -> io::Result<bool> {
        let width = text.len();
        if !text.bytes().all(|b| b.is_ascii_digit()) || Shape::from_cell_count(width).is_some() {
            return Ok(false);
        }
        if Shape::from_size(width).is_none() {
            return Ok(true);
        }
        let next_is_row = self.peek(0)?.is_some_and(|next| !next.too_long)
            && self
                .read_row(content(&self.pending[0].text))
                .is_some_and(|row| !row.whole() && row.cells.len() == width);
        Ok(!next_is_row)
    }

    /// Whether a row holds a digit that a `small` grid cannot.
    fn beyond(&self, small: Shape, cells: &Cells) -> bool {
        !cells.fit(small, &self.options.alphabet)
    }

    /// Whether a line of N² cells (N from 4 to 8, so N² is also a row width: 16, 25, 36,
    /// 49, 64) starts an N²-row block grid rather than being an N×N puzzle: N² rows of N²
    /// cells that use a digit beyond N, spaced cells or box separators.
    fn starts_wide_grid(&mut self, first_text: &str, first: &Cells) -> io::Result<bool> {
        let width = first.len();
        let small = Shape::from_cell_count(width).expect("a square width");
        let mut uses_more = self.beyond(small, first) || laid_out(first_text);
        let mut rows = 1;
        let mut k = 0;
        while rows < width {
            let Some(line) = self.peek(k)? else {
                return Ok(false);
            };
            k += 1;
            if line.too_long || line.text.trim().is_empty() {
                return Ok(false);
            }
            let text = content(&self.pending[k - 1].text);
            if text.is_empty() {
                // A comment line.
                continue;
            }
            if self.is_header(text) {
                return Ok(false);
            }
            let Some(row) = self.read_row(text) else {
                // A separator line between bands: a grid layout.
                uses_more = true;
                continue;
            };
            if row.lists.len() > 1 || row.cells.len() != width {
                return Ok(false);
            }
            uses_more |= laid_out(text) || self.beyond(small, &row.cells);
            rows += 1;
        }
        Ok(uses_more)
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
            let Some(next) = self.next_line()? else {
                break;
            };
            if next.too_long {
                // Reported on its own, next.
                self.unread(next);
                break;
            }
            if next.text.trim().is_empty() {
                break;
            }
            let text = content(&next.text);
            if text.is_empty() {
                continue;
            }
            if self.is_header(text) {
                self.unread(next);
                break;
            }
            let Some(row) = self.read_row(text) else {
                continue;
            };
            let width = row.cells.len();
            if row.lists.len() > 1 || (width != size && Shape::from_cell_count(width).is_some()) {
                // A whole puzzle on one line, not a row of this grid: it is read next.
                self.unread(next);
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
        let given = (Arc::clone(&self.alphabet), None);
        if shape.size() != 16 || !self.default_alphabet {
            return given;
        }
        let (mut zero, mut blank) = (false, false);
        for (_, cells) in rows {
            let Cells::Symbols(symbols) = cells else {
                return given;
            };
            for symbol in symbols {
                match symbol.to_ascii_uppercase() {
                    '0' => zero = true,
                    '.' | '_' => blank = true,
                    '1'..='9' | 'A'..='F' => {}
                    // `G`, or a symbol neither alphabet knows.
                    _ => return given,
                }
            }
        }
        match (zero, blank) {
            (true, true) => (Arc::clone(&self.hex), None),
            (true, false) => (given.0, Some(ReadWarning::ZeroReadAsBlank { line })),
            _ => given,
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
        let (alphabet, warning) = self.alphabet_for(line, shape, rows);
        let notation = match rows.first() {
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
            consumed: self.consumed,
            notation,
            grid,
            warnings,
        }
    }

    /// Reads the next puzzle, or `None` at the end of the input.
    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        let input = self.options.input;
        loop {
            let Some(next) = self.next_line()? else {
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
            let text = content(&next.text);
            if text.is_empty() {
                continue;
            }
            let first = !std::mem::replace(&mut self.seen_content, true);
            if self.is_header(text) || (first && self.is_count(text)?) {
                continue;
            }
            let Some(row) = self.read_row(text) else {
                continue;
            };
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
                    if self.starts_wide_grid(text, &row.cells)? {
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
            let built = if let Some(shape) = block_shape {
                let (rows, error) = self.gather(line, shape, row.cells)?;
                self.build(line, shape, &rows, error)
            } else if row.lists.len() > 1 {
                self.array_grid(line, row)
            } else if let Some(shape) = line_shape {
                self.build(line, shape, &[(line, row.cells)], None)
            } else {
                let error = ParseError::BadLength {
                    line,
                    count: width,
                    unit: row.cells.unit(),
                    input,
                };
                (Err(error), self.notation_of(&row.cells), Vec::new())
            };
            return Ok(Some(self.entry(line, built)));
        }
    }

    /// A grid written as several lists on one line: N lists of N numbers.
    fn array_grid(&self, line: usize, row: Row) -> Built {
        let lists = &row.lists;
        let error = match Shape::from_size(lists.len()) {
            None => ParseError::ArrayShape {
                line,
                lists: lists.len(),
                numbers: row.cells.len(),
            },
            Some(shape) => match lists.iter().position(|&n| n != shape.size()) {
                None => return self.build(line, shape, &[(line, row.cells)], None),
                Some(i) => ParseError::RowLength {
                    line,
                    row: i + 1,
                    found: lists[i],
                    expected: shape.size(),
                },
            },
        };
        (Err(error), Notation::Numbers, Vec::new())
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The Wikipedia example puzzle on one line.
    const WIKIPEDIA: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The Wikipedia example as rows of numbers.
    const ROWS: [&str; 9] = [
        "5, 3, 0, 0, 7, 0, 0, 0, 0",
        "6, 0, 0, 1, 9, 5, 0, 0, 0",
        "0, 9, 8, 0, 0, 0, 0, 6, 0",
        "8, 0, 0, 0, 6, 0, 0, 0, 3",
        "4, 0, 0, 8, 0, 3, 0, 0, 1",
        "7, 0, 0, 0, 2, 0, 0, 0, 6",
        "0, 6, 0, 0, 0, 0, 2, 8, 0",
        "0, 0, 0, 4, 1, 9, 0, 0, 5",
        "0, 0, 0, 0, 8, 0, 0, 7, 9",
    ];

    fn read_with(text: &str, options: ReadOptions) -> Vec<Entry> {
        PuzzleReader::new(text.as_bytes(), options)
            .collect::<io::Result<_>>()
            .unwrap()
    }

    fn read(text: &str) -> Vec<Entry> {
        read_with(text, ReadOptions::default())
    }

    fn forced(input: InputFormat) -> ReadOptions {
        ReadOptions {
            input,
            ..ReadOptions::default()
        }
    }

    fn wikipedia() -> Grid {
        parse_one(WIKIPEDIA, &ReadOptions::default()).unwrap()
    }

    /// The grids of `text`, which must all read.
    fn grids(text: &str) -> Vec<Grid> {
        read(text)
            .into_iter()
            .map(|e| e.grid.unwrap_or_else(|err| panic!("{err}\n{text}")))
            .collect()
    }

    /// The message of the only entry of `text`, which must not read.
    fn error(text: &str, options: ReadOptions) -> String {
        let entries = read_with(text, options);
        assert_eq!(entries.len(), 1, "{text}");
        entries[0].grid.as_ref().unwrap_err().to_string()
    }

    /// `rows` bracketed as `open row close,` lines between `head` and `tail`.
    fn array(head: &str, open: &str, close: &str, tail: &str) -> String {
        let rows: Vec<String> = ROWS
            .iter()
            .map(|r| format!("  {open}{r}{close},"))
            .collect();
        format!("{head}\n{}\n{tail}\n", rows.join("\n"))
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(grids(&format!("\u{FEFF}{WIKIPEDIA}\n")), [wikipedia()]);
        let tokens = format!("\u{FEFF}{}\n", ROWS.join("\n"));
        let entries = read(&tokens);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].grid, Ok(wikipedia()));
        assert_eq!(entries[0].consumed, tokens.len() as u64);
        // Files joined with `cat` keep the second file's mark at the start of a line.
        let joined = format!("\u{FEFF}{WIKIPEDIA}\n\u{FEFF}{WIKIPEDIA}\r\n");
        assert_eq!(grids(&joined), [wikipedia(), wikipedia()]);
    }

    #[test]
    fn c_java_and_c_sharp_arrays_are_tokens_grids() {
        for text in [
            array("int grid[9][9] = {", "{", "}", "};"),
            array(
                "static const int puzzle[9][9] = {  // row by row",
                "{",
                "}",
                "};",
            ),
            array("int[][] grid = {", "{", "}", "};"),
            array("int[][] grid = new int[][] {", "{", "}", "};"),
            array("int[,] grid = new int[9, 9] {", "{", "}", "};"),
            array("grid := [9][9]int{", "{", "}", "}"),
            // Without the declaration, or with each row's braces only.
            array("", "{", "}", ""),
        ] {
            let entries = read(&text);
            assert_eq!(entries.len(), 1, "{text}");
            assert_eq!(entries[0].grid, Ok(wikipedia()), "{text}");
            assert_eq!(entries[0].notation, Notation::Numbers);
            assert_eq!(entries[0].line, 2, "{text}");
        }
        // The whole array on one line.
        let braced: Vec<String> = ROWS.iter().map(|r| format!("{{{r}}}")).collect();
        let one_line = format!("int grid[9][9] = {{{}}};", braced.join(", "));
        assert_eq!(grids(&one_line), [wikipedia()]);
    }

    #[test]
    fn python_json_and_rust_arrays_are_tokens_grids() {
        let lists: Vec<String> = ROWS.iter().map(|r| format!("[{r}]")).collect();
        let python = format!("grid = [{}]\n", lists.join(",\n        "));
        let json = format!("[{}]\n", lists.join(",").replace(' ', ""));
        let keyed = format!("{{\"id\": \"w\", \"puzzle\": [{}]}}\n", lists.join(", "));
        let quoted = json.replace(",0", ",\".\"").replace("[0", "[\".\"");
        let rust = array("let grid: [[u8; 9]; 9] = [", "[", "]", "];");
        let numpy = format!("grid = np.array([{}])\n", lists.join(",\n  "));
        for text in [python, json, keyed, quoted, rust, numpy] {
            let entries = read(&text);
            assert_eq!(entries.len(), 1, "{text}");
            assert_eq!(entries[0].grid, Ok(wikipedia()), "{text}");
        }
        // One list of 9 is a row: alone, a grid that ends too soon.
        let row = "[['5', '3', '.', '.', '7', '.', '.', '.', '.']]";
        let message = error(row, ReadOptions::default());
        assert!(message.contains("ends after 1 of its 9 rows"), "{message}");
    }

    #[test]
    fn array_lines_that_are_no_grid_are_errors() {
        assert_eq!(
            read("[[1, 2], [3, 4, 5]]")[0].grid,
            Err(ParseError::ArrayShape {
                line: 1,
                lists: 2,
                numbers: 5
            })
        );
        let mut lists: Vec<String> = ROWS.iter().map(|r| format!("[{r}]")).collect();
        lists[3] = "[8, 0, 0, 0, 6, 0, 0, 0]".to_string();
        assert_eq!(
            read(&format!("[{}]", lists.join(", ")))[0].grid,
            Err(ParseError::RowLength {
                line: 1,
                row: 4,
                found: 8,
                expected: 9
            })
        );
        let message = error("{1, 2, x, 4}", ReadOptions::default());
        assert!(message.contains("'x' is not a number"), "{message}");
        // Brackets alone carry no cells and no puzzle.
        assert!(read("grid = [\n]\n};\n").is_empty());
    }

    #[test]
    fn text_after_a_one_line_puzzle_is_metadata() {
        for text in [
            format!("{WIKIPEDIA}\tPlatinum Blonde"),
            format!("{WIKIPEDIA}:1:{}", WIKIPEDIA.replace('.', "1")),
            format!("{WIKIPEDIA},"),
            format!("{WIKIPEDIA},{},Easy,", WIKIPEDIA.replace('.', "1")),
            format!("{WIKIPEDIA} box duplicate"),
            "53.|.7.|...|6..|195|...|.98|...|.6.|8..|.6.|..3|4..|8.3|..1|7..|.2.|..6|.6.|...|28.|...|419|..5|...|.8.|.79 hard".to_string(),
        ] {
            let entries = read(&text);
            assert_eq!(entries.len(), 1, "{text}");
            assert_eq!(entries[0].grid, Ok(wikipedia()), "{text}");
        }
        // A 4×4 puzzle with a name is no 16×16 row, even with 15 more lines of 16.
        let four = "1..2......3.4...";
        let text = format!("{four} first\n{}", format!("{four}\n").repeat(15));
        let entries = read(&text);
        assert_eq!(entries.len(), 16);
        assert!(
            entries
                .iter()
                .all(|e| e.grid.as_ref().unwrap().shape().size() == 4)
        );
        // `--input line` reads metadata too; block and tokens layouts do not.
        let named = format!("{WIKIPEDIA} hard");
        assert_eq!(
            read_with(&named, forced(InputFormat::Line))[0].grid,
            Ok(wikipedia())
        );
        assert!(
            read_with(&named, forced(InputFormat::Block))[0]
                .grid
                .is_err()
        );
    }

    #[test]
    fn metadata_leaves_other_layouts_alone() {
        // A 16×16 written as 16 runs of 16 is one puzzle, not a 4×4 and metadata.
        let sixteen = "1234567890ABCDEF".replace('0', ".");
        let spaced = vec![sixteen.as_str(); 16].join(" ");
        let entries = read(&spaced);
        assert_eq!(entries.len(), 1);
        let grid = entries[0].grid.as_ref().unwrap();
        assert_eq!(grid.shape().size(), 16);
        assert_eq!(grid.given_count(), 240);
        // Block rows with spaces and tokens rows are rows still.
        let block = "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
                     8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n\
                     . 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n";
        assert_eq!(grids(block), [wikipedia()]);
        assert_eq!(grids(&ROWS.join("\n")), [wikipedia()]);
    }

    #[test]
    fn underscore_is_a_blank() {
        assert_eq!(grids(&WIKIPEDIA.replace('.', "_")), [wikipedia()]);
        let tokens = ROWS.join("\n").replace(" 0", " _");
        assert_eq!(grids(&tokens), [wikipedia()]);
        let spaced = "5 3 _ _ 7 _ _ _ _\n".to_string();
        assert!(
            read(&spaced)[0]
                .grid
                .as_ref()
                .is_err_and(|e| matches!(e, ParseError::Incomplete { .. }))
        );
    }

    #[test]
    fn headers_of_collections_are_skipped() {
        // Project Euler 96: `Grid NN` and nine rows, no blank line between grids.
        let euler = "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n\
                     006708200\n002609500\n800203009\n005010300\nGrid 02\n200080300\n\
                     060070084\n030500209\n000105408\n000000000\n402706000\n301007040\n\
                     720040060\n004010003\n";
        let entries = read(euler);
        assert_eq!(entries.len(), 2);
        assert_eq!((entries[0].index, entries[0].line), (1, 2));
        assert_eq!((entries[1].index, entries[1].line), (2, 12));
        assert!(entries.iter().all(|e| e.grid.is_ok()));
        // A header ends a grid that is short of rows.
        let second = euler.split_once("Grid 02").unwrap().1;
        let short = format!("Grid 01\n003020600\n900305001\nGrid 02{second}");
        let entries = read(&short);
        assert_eq!(entries.len(), 2);
        assert!(matches!(
            entries[0].grid,
            Err(ParseError::Incomplete { found: 2, .. })
        ));
        assert!(entries[1].grid.is_ok());
        // A count on the first line, a CSV header.
        assert_eq!(grids(&format!("95\n{WIKIPEDIA}\n{WIKIPEDIA}\n")).len(), 2);
        assert_eq!(grids(&format!("# top\n1000\n{WIKIPEDIA}\n")).len(), 1);
        let csv =
            format!("Puzzle,Solution,Pointing Pairs/Triples,Time (milliseconds),\n{WIKIPEDIA},\n");
        assert_eq!(grids(&csv), [wikipedia()]);
        // A count only on the first line: later, a lone number is a bad puzzle.
        let entries = read(&format!("{WIKIPEDIA}\n95\n"));
        assert_eq!(entries.len(), 2);
        assert!(entries[1].grid.is_err());
    }

    #[test]
    fn headers_never_hide_a_grid_row() {
        // A first line of 4 digits followed by 4-cell rows is a 4×4 grid.
        let entries = read("1000\n0200\n0030\n0004\n");
        assert_eq!(entries.len(), 1);
        assert!(entries[0].grid.is_ok());
        // A word and a number that are a row in the alphabet are a row.
        let options = ReadOptions {
            alphabet: Alphabet::new("12AB").unwrap(),
            ..ReadOptions::default()
        };
        let entries = read_with("AB 12\n12 AB\nB1 2A\n2A B1\n", options);
        assert_eq!(entries.len(), 1);
        assert!(entries[0].grid.is_ok());
        // Words with single letters are not a CSV header: a bad tokens row.
        assert!(read("x, y, z\n")[0].grid.is_err());
    }

    /// The first 16×16 puzzle of the bundled set, in the default alphabet.
    fn sixteen() -> String {
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/16x16.txt"))
                .unwrap();
        text.lines()
            .find(|l| !l.starts_with('#'))
            .unwrap()
            .to_string()
    }

    /// `text` with the default 16×16 symbols written as a hexadoku's.
    fn to_hex(text: &str) -> String {
        text.chars()
            .map(|c| match "123456789ABCDEFG".find(c) {
                Some(i) => HEX.as_bytes()[i] as char,
                None => c,
            })
            .collect()
    }

    #[test]
    fn hexadoku_is_read_with_zero_as_a_digit() {
        let puzzle = sixteen();
        let expected = parse_one(&puzzle, &ReadOptions::default()).unwrap();
        let hex = to_hex(&puzzle);
        assert!(hex.contains('0') && hex.contains('.') && !hex.contains('G'));
        for text in [hex.clone(), hex.replace('.', "_"), hex.to_lowercase()] {
            let entries = read(&text);
            assert_eq!(entries[0].grid, Ok(expected.clone()), "{text}");
            assert_eq!(
                entries[0].notation,
                Notation::symbols(Alphabet::new(HEX).unwrap())
            );
            assert!(entries[0].warnings.is_empty());
        }
        // As 16 rows of a block grid too.
        let rows: Vec<&str> = (0..16).map(|r| &hex[r * 16..(r + 1) * 16]).collect();
        assert_eq!(grids(&rows.join("\n")), std::slice::from_ref(&expected));
        // Messages name the digits as the hexadoku writes them: 11 is `A`.
        let clash = format!("AA{}", &hex[2..]);
        let entry = read(&clash).remove(0);
        let notation = entry.notation.clone();
        let err = entry.puzzle(&RulesSpec::default()).unwrap_err();
        assert!(notation.show(&err).to_string().contains("two As in row 1"));
    }

    #[test]
    fn an_ambiguous_zero_is_read_as_blank_with_a_warning() {
        // No G and no other blank: 0 is a blank, as in the default alphabet, but flagged.
        let puzzle = sixteen().replace('G', ".").replace('.', "0");
        let entries = read(&puzzle);
        let expected = parse_one(&puzzle.replace('0', "."), &ReadOptions::default()).unwrap();
        assert_eq!(entries[0].grid, Ok(expected));
        assert_eq!(entries[0].notation, Notation::default());
        assert_eq!(
            entries[0].warnings,
            [ReadWarning::ZeroReadAsBlank { line: 1 }]
        );
        assert!(
            entries[0].warnings[0]
                .to_string()
                .contains("--alphabet 0123456789ABCDEF")
        );
        // With a G the default alphabet is certain; a chosen alphabet is never second-guessed.
        let with_g = sixteen().replace('.', "0");
        assert!(read(&with_g)[0].warnings.is_empty());
        let options = ReadOptions {
            alphabet: Alphabet::new("123456789ABCDEFG").unwrap(),
            ..ReadOptions::default()
        };
        let hex = to_hex(&sixteen());
        let entries = read_with(&hex, options);
        assert!(entries[0].warnings.is_empty());
        assert!(entries[0].grid.is_ok());
        assert_ne!(entries[0].grid, read(&hex)[0].grid);
        // Other sizes keep 0 as a blank without a word.
        assert!(read(&WIKIPEDIA.replace('.', "0"))[0].warnings.is_empty());
    }

    /// An input of `len` bytes of `1,` and then `tail`, made as it is read.
    struct Endless {
        left: usize,
        tail: io::Cursor<Vec<u8>>,
        chunk: Vec<u8>,
    }

    impl io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.left == 0 {
                return self.tail.read(buf);
            }
            let n = buf.len().min(self.left).min(self.chunk.len());
            buf[..n].copy_from_slice(&self.chunk[..n]);
            self.left -= n;
            Ok(n)
        }
    }

    #[test]
    fn a_too_long_line_is_skipped_in_bounded_memory() {
        let len = 16 * 1024 * 1024;
        let input = Endless {
            left: len,
            tail: io::Cursor::new(format!("\n{WIKIPEDIA}\n").into_bytes()),
            chunk: b"1,".repeat(4096),
        };
        let mut reader = PuzzleReader::new(io::BufReader::new(input), ReadOptions::default());
        let first = reader.next().unwrap().unwrap();
        assert_eq!(
            first.grid,
            Err(ParseError::LineTooLong {
                line: 1,
                limit: MAX_LINE
            })
        );
        assert_eq!(first.consumed, len as u64 + 1);
        assert!(
            reader.buf.capacity() <= 2 * MAX_LINE,
            "{}",
            reader.buf.capacity()
        );
        let second = reader.next().unwrap().unwrap();
        assert_eq!((second.index, second.line), (2, 2));
        assert_eq!(second.grid, Ok(wikipedia()));
        assert!(reader.next().is_none());
        let message = first.grid.unwrap_err().to_string();
        assert!(
            message.starts_with("line 1: longer than 65536 bytes"),
            "{message}"
        );
    }

    #[test]
    fn long_lines_inside_grids_and_comments() {
        // A long line ends the grid it interrupts and is reported on its own.
        let long = "1".repeat(MAX_LINE + 1);
        let text = format!("{}\n{long}\n{WIKIPEDIA}\n", ROWS[..2].join("\n"));
        let entries = read(&text);
        assert_eq!(entries.len(), 3);
        assert!(matches!(
            entries[0].grid,
            Err(ParseError::Incomplete { .. })
        ));
        assert!(matches!(
            entries[1].grid,
            Err(ParseError::LineTooLong { line: 3, .. })
        ));
        assert_eq!(entries[2].grid, Ok(wikipedia()));
        // A line of exactly the limit is read; a long comment is a comment.
        let exact = format!("{WIKIPEDIA} {}", "x".repeat(MAX_LINE - WIKIPEDIA.len() - 1));
        assert_eq!(grids(&exact), [wikipedia()]);
        let comment = format!("{WIKIPEDIA} # {long}{long}\r\n{WIKIPEDIA}\n");
        assert_eq!(grids(&comment), [wikipedia(), wikipedia()]);
    }

    #[test]
    fn length_messages_fit_the_layout_read() {
        let block = error(WIKIPEDIA, forced(InputFormat::Block));
        assert_eq!(
            block,
            "line 1: 81 symbols fit no row of a block grid (a row has 4 to 64 \
             cells); it looks like a one-line puzzle: drop --input block"
        );
        let line = error("53..7....", forced(InputFormat::Line));
        assert!(line.starts_with("line 1: 9 symbols fit no supported grid on one line"));
        assert!(line.ends_with("it looks like a row of a block grid: drop --input line"));
        assert!(!error("5 3 7 7 1", forced(InputFormat::Block)).contains("drop"));
        let numbers = error("1, 2, 3", ReadOptions::default());
        assert!(
            numbers.starts_with("line 1: 3 numbers fit no supported grid"),
            "{numbers}"
        );
        let symbols = error("12.", ReadOptions::default());
        assert!(
            symbols.starts_with("line 1: 3 symbols fit no supported grid"),
            "{symbols}"
        );
        let forced_tokens = error("1 2 3", forced(InputFormat::Tokens));
        assert!(
            forced_tokens.starts_with("line 1: 3 numbers"),
            "{forced_tokens}"
        );
    }
}
