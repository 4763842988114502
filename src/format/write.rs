//! Writing grids: one line, a block with box separators, or rows of numbers.

use super::{Alphabet, Notation};
use crate::grid::{BoxShape, Candidates, Digit, DigitSet, Grid, Shape};

/// A text layout for a grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// N² symbols on one line (`.` for blank).
    #[default]
    Line,
    /// N rows with spaces, `|` between boxes and `------+------` between bands.
    Block,
    /// N rows of numbers, 0 for blank.
    Tokens,
}

/// `grid` in `format`, without a final newline.
pub fn write_grid(grid: &Grid, format: OutputFormat, alphabet: &Alphabet) -> String {
    write_grid_with(grid, format, alphabet, BoxShape::default_for(grid.shape()))
}

/// `grid` in `format`, blocks separated by `boxes` (none: no separators, as for jigsaw
/// regions), without a final newline.
pub fn write_grid_with(
    grid: &Grid,
    format: OutputFormat,
    alphabet: &Alphabet,
    boxes: Option<BoxShape>,
) -> String {
    // The default symbols of a grid whose digits start at 0 begin with 0.
    let zero;
    let alphabet = if grid.shape().starts_at_zero() && *alphabet == Alphabet::default() {
        zero = Alphabet::from_zero();
        &zero
    } else {
        alphabet
    };
    let digits = match format {
        OutputFormat::Line => write_line(grid, alphabet),
        OutputFormat::Block => write_block_with(grid, alphabet, boxes),
        OutputFormat::Tokens => write_tokens(grid),
    };
    match (write_regions(grid), format) {
        (None, _) => digits,
        (Some(regions), OutputFormat::Line) => format!("{digits} {regions}"),
        (Some(regions), OutputFormat::Block | OutputFormat::Tokens) => {
            let size = grid.shape().size();
            let rows: Vec<&str> = (0..size)
                .map(|r| &regions[r * size..(r + 1) * size])
                .collect();
            format!("{digits}\n# regions\n{}", rows.join("\n"))
        }
    }
}

/// A grid prints in the line format with the default alphabet (numbers on one line past
/// 35×35), its regions after a space when it has them (see [`write_regions`]).
impl std::fmt::Display for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line = write_grid_with(self, OutputFormat::Line, &Alphabet::default(), None);
        f.write_str(&line)
    }
}

/// The regions of a grid that has them (a solution whose regions are part of the answer),
/// on one line: a letter per cell in reading order, `A` for the region of the first cell,
/// `B` for the next region met, and so on (as a jigsaw regions file names them).
///
/// ```
/// use satdoku::{format::write_regions, Grid};
/// let grid: Grid = "1234341221434321".parse().unwrap();
/// assert_eq!(write_regions(&grid), None);
/// let grid = grid.with_regions(&[3, 3, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 2, 2, 2, 2]);
/// assert_eq!(write_regions(&grid).unwrap(), "AAAABBBBCCCCDDDD");
/// ```
pub fn write_regions(grid: &Grid) -> Option<String> {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let regions = grid.regions()?;
    Some(
        regions
            .iter()
            .map(|&r| LETTERS.get(r as usize).map_or('?', |&b| b as char))
            .collect(),
    )
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Grid({})", write_line(self, &Alphabet::default()))
    }
}

/// The number of a cell: its digit's number, and for a blank 0, or `.` where 0 is a digit.
fn number(digit: Option<Digit>, shape: Shape) -> String {
    match digit {
        Some(d) => shape.number(usize::from(d.get())).to_string(),
        None if shape.starts_at_zero() => ".".to_string(),
        None => "0".to_string(),
    }
}

/// The symbol of a cell, `.` for blank.
fn symbol(digit: Option<Digit>, alphabet: &Alphabet) -> char {
    digit.map_or('.', |d| {
        alphabet
            .symbol(d)
            .expect("callers check that the alphabet covers the grid")
    })
}

/// The grid on one line: N² symbols, or, when the alphabet has fewer than N symbols,
/// N² comma-separated numbers (which read back as a tokens grid).
///
/// ```
/// use satdoku::{format::{write_line, Alphabet}, Grid};
/// let grid: Grid = "1 . | . 2\n. 3 | . .\n----+----\n. . | . .\n. . | . .".parse().unwrap();
/// assert_eq!(write_line(&grid, &Alphabet::default()), "1..2.3..........");
/// ```
pub fn write_line(grid: &Grid, alphabet: &Alphabet) -> String {
    let cells = grid.digits().iter().copied();
    if alphabet.covers(grid.shape()) {
        // Each digit's symbol looked up once; a byte each when they are all ASCII.
        let size = grid.shape().digit_count();
        let symbols: Vec<char> = std::iter::once('.')
            .chain((0..size).map(|i| symbol(Some(Digit::from_index(i)), alphabet)))
            .collect();
        let index = |d: Option<Digit>| d.map_or(0, |d| d.index() + 1);
        if symbols.iter().all(char::is_ascii) {
            // A table of 128 bytes: an index masked to 7 bits needs no bound check (digits
            // are at most 64, so the mask changes none).
            let mut table = [b'.'; 128];
            for (slot, &symbol) in table.iter_mut().zip(&symbols) {
                *slot = symbol as u8;
            }
            let bytes: Vec<u8> = cells.map(|d| table[index(d) & 127]).collect();
            return String::from_utf8(bytes).expect("ASCII symbols");
        }
        let mut line = String::with_capacity(grid.digits().len());
        line.extend(cells.map(|d| symbols[index(d)]));
        line
    } else {
        cells
            .map(|d| number(d, grid.shape()))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The grid as N rows with separators between the grid's default boxes (none for a grid
/// of prime size). Past the alphabet, numbers right-aligned with wider gaps between boxes
/// (which read back as a tokens grid).
///
/// ```
/// use satdoku::{format::{write_block, Alphabet}, Grid};
/// let grid: Grid = "12343412214343.1".parse().unwrap();
/// assert_eq!(write_block(&grid, &Alphabet::default()), "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | . 1");
/// ```
pub fn write_block(grid: &Grid, alphabet: &Alphabet) -> String {
    write_block_with(grid, alphabet, BoxShape::default_for(grid.shape()))
}

/// [`write_block`] with separators between `boxes` (of the grid's size), or none.
pub fn write_block_with(grid: &Grid, alphabet: &Alphabet, boxes: Option<BoxShape>) -> String {
    let shape = grid.shape();
    let size = shape.size();
    let (box_rows, box_cols) = boxes
        .filter(|b| b.shape().size() == shape.size())
        .map_or((size, size), |b| (b.rows(), b.cols()));
    let symbols = alphabet.covers(shape);
    let width = if symbols { 1 } else { 2 };
    let box_gap = if symbols { " | " } else { "   " };
    let band_gap = if symbols { "-+-" } else { "---" };
    let box_width = box_cols * width + (box_cols - 1);
    let stacks = size / box_cols;
    let rule = vec!["-".repeat(box_width); stacks].join(band_gap);
    let mut lines = Vec::with_capacity(size + size / box_rows);
    for row in 0..size {
        if row > 0 && row % box_rows == 0 {
            lines.push(rule.clone());
        }
        let boxes: Vec<String> = (0..stacks)
            .map(|b| {
                (b * box_cols..(b + 1) * box_cols)
                    .map(|col| {
                        let digit = grid.get(shape.cell(row, col).expect("inside the grid"));
                        if symbols {
                            symbol(digit, alphabet).to_string()
                        } else {
                            format!("{:>2}", number(digit, shape))
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        lines.push(boxes.join(box_gap));
    }
    lines.join("\n")
}

/// The grid as N rows of space-separated numbers, 0 for blank, aligned for N ≥ 10.
///
/// ```
/// use satdoku::{format::write_tokens, Grid};
/// let grid: Grid = "12343412214343.1".parse().unwrap();
/// assert_eq!(write_tokens(&grid), "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 0 1");
/// ```
pub fn write_tokens(grid: &Grid) -> String {
    let shape = grid.shape();
    let width = shape.digit_count().to_string().len();
    (0..shape.size())
        .map(|row| {
            (0..shape.size())
                .map(|col| {
                    let digit = grid.get(shape.cell(row, col).expect("inside the grid"));
                    format!("{:>width$}", number(digit, shape))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The candidates of each cell, in reading order, as text: the digits' symbols run together
/// (`1457`), or, when `notation` writes numbers or its alphabet does not cover the grid,
/// numbers joined by commas (`1,4,35`).
pub fn candidate_texts(candidates: &Candidates, notation: &Notation) -> Vec<String> {
    let symbols = notation
        .alphabet()
        .is_some_and(|a| a.covers(candidates.shape()));
    candidates
        .sets()
        .iter()
        .map(|set| {
            let digits: Vec<String> = set.iter().map(|d| notation.show(&d).to_string()).collect();
            digits.join(if symbols { "" } else { "," })
        })
        .collect()
}

/// The candidates of each cell as a grid, the layout HoDoKu and Sudoku Explainer print:
/// each cell's digits (see [`candidate_texts`]; `-` for a cell without any), columns
/// aligned, `|` between the stacks and `-+-` rules between the bands of `boxes` (none:
/// no separators, as for jigsaw regions).
///
/// ```
/// use satdoku::format::{Notation, write_candidates};
/// use satdoku::{Candidates, DigitSet, Digit, Shape};
/// let shape = Shape::from_size(4).unwrap();
/// let d = |v| DigitSet::single(Digit::new(v).unwrap());
/// let sets = Candidates::from_sets(shape, [d(1), d(2) | d(3), d(4), d(2) | d(3)].repeat(4));
/// let text = write_candidates(&sets, &Notation::default(), satdoku::BoxShape::default_for(shape));
/// assert_eq!(text.lines().next(), Some("1  23 | 4  23"));
/// ```
pub fn write_candidates(
    candidates: &Candidates,
    notation: &Notation,
    boxes: Option<BoxShape>,
) -> String {
    let shape = candidates.shape();
    let size = shape.size();
    let texts: Vec<String> = candidate_texts(candidates, notation)
        .into_iter()
        .map(|t| if t.is_empty() { "-".to_string() } else { t })
        .collect();
    let (box_rows, box_cols) = boxes
        .filter(|b| b.shape().size() == shape.size())
        .map_or((size, size), |b| (b.rows(), b.cols()));
    let widths: Vec<usize> = (0..size)
        .map(|c| {
            (0..size)
                .map(|r| texts[r * size + c].chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let stacks = size / box_cols;
    let stack_width = |s: usize| -> usize {
        (s * box_cols..(s + 1) * box_cols)
            .map(|c| widths[c])
            .sum::<usize>()
            + 2 * (box_cols - 1)
    };
    let rule: Vec<String> = (0..stacks).map(|s| "-".repeat(stack_width(s))).collect();
    let rule = rule.join("-+-");
    let mut lines = Vec::with_capacity(size + size / box_rows);
    for row in 0..size {
        if row > 0 && row % box_rows == 0 {
            lines.push(rule.clone());
        }
        let parts: Vec<String> = (0..stacks)
            .map(|s| {
                (s * box_cols..(s + 1) * box_cols)
                    .map(|c| format!("{:<w$}", texts[row * size + c], w = widths[c]))
                    .collect::<Vec<_>>()
                    .join("  ")
            })
            .collect();
        lines.push(parts.join(" | ").trim_end().to_string());
    }
    lines.join("\n")
}

/// A puzzle with given pencil marks on one line, as [`marks_line`](super::marks_line) reads
/// it: M symbols a cell, digit d at the d-th place or `.` for a candidate left out; a given
/// is a cell marked with its digit alone. `None` when the alphabet has no symbol for some
/// digit (grids over 35 digits in the default alphabet).
///
/// ```
/// use satdoku::{Candidates, Grid, Shape};
/// use satdoku::format::{Alphabet, write_marks_line};
/// let grid: Grid = "1...............".parse()?;
/// let marks = Candidates::of_grid(&Grid::empty(grid.shape()));
/// let line = write_marks_line(&grid, &marks, &Alphabet::default()).unwrap();
/// assert_eq!(&line[..8], "1...1234");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_marks_line(grid: &Grid, marks: &Candidates, alphabet: &Alphabet) -> Option<String> {
    let shape = grid.shape();
    if !alphabet.covers(shape) {
        return None;
    }
    let n = shape.digit_count();
    let mut line = String::with_capacity(shape.cell_count() * n);
    for (&given, &set) in grid.digits().iter().zip(marks.sets()) {
        let set = given.map_or(set, DigitSet::single);
        for i in 0..n {
            let digit = Digit::from_index(i);
            line.push(match set.contains(digit) {
                true => symbol(Some(digit), alphabet),
                false => '.',
            });
        }
    }
    Some(line)
}
