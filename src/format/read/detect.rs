//! Headers and counts, which are no puzzle, and wide grids whose first row could be one.
//!
//! **Headers** are skipped between puzzles: a word of two or more letters and a number
//! (`Grid 01`, `Puzzle: 7`) whose symbols are no grid row; a comma-separated list of words
//! (a CSV header: `Puzzle,Solution,Difficulty`); and a lone number on an input's first line
//! (a count like `95`), unless it is a one-line puzzle or the first row of a grid as wide.
//!
//! **Wide grids.** 16, 25, 36, 49 or 64 symbols could be either a one-line puzzle or a row
//! (a 4×4 puzzle or the first row of a 16×16 grid; 6×6 or 36×36 …): they are a row when the
//! next lines make the N² rows of a grid too and the rows use a digit beyond N, spaces
//! between cells or box separators (`--input line` forces the one-line reading).

use std::io::{self, BufRead};

use super::cells::Cells;
use super::classify::{content, laid_out, read_row};
use super::lines::Lines;
use crate::format::ReadOptions;
use crate::grid::Shape;

/// Whether a line is the header of a collection, skipped between puzzles: a word and a
/// number (`Grid 01`), or a comma-separated list of words (`Puzzle,Solution,`), that
/// is no grid row or puzzle.
pub(super) fn is_header(text: &str, options: &ReadOptions) -> bool {
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
        if !text.contains(',') {
            return false;
        }
        let mut fields = text.split(',').map(str::trim);
        let first = fields.next().unwrap_or_default();
        first.len() >= 2
            && Shape::from_cell_count(first.len()).is_none()
            && first.chars().all(|c| c.is_ascii_alphabetic())
            && !text.bytes().any(|b| b.is_ascii_digit())
            && fields.all(|f| f.is_empty() || f.starts_with(|c: char| c.is_ascii_alphabetic()))
    };
    if !word_and_number && !csv_header() {
        return false;
    }
    // Never a line that reads as a row or a puzzle.
    !read_row(text, options.input).is_some_and(|row| {
        let count = row.cells.len();
        [Shape::from_size(count), Shape::from_cell_count(count)]
            .into_iter()
            .flatten()
            .any(|shape| row.cells.fit(shape, &options.alphabet))
    })
}

/// Whether `text`, the first line of an input with content, is a count of its puzzles: a
/// lone number that is no one-line puzzle and no first row of a grid as wide (the next of
/// `lines`).
pub(super) fn is_count<R: BufRead>(
    text: &str,
    lines: &mut Lines<R>,
    options: &ReadOptions,
) -> io::Result<bool> {
    let width = text.len();
    if !text.bytes().all(|b| b.is_ascii_digit()) || Shape::from_cell_count(width).is_some() {
        return Ok(false);
    }
    if Shape::from_size(width).is_none() {
        return Ok(true);
    }
    let next_is_row = lines.peek(0)?.is_some_and(|next| {
        !next.too_long
            && read_row(content(&next.text), options.input)
                .is_some_and(|row| !row.whole() && row.cells.len() == width)
    });
    Ok(!next_is_row)
}

/// The most bytes of lines looked ahead at to tell a grid too big from one-line puzzles.
const TOO_BIG_LOOK_AHEAD: u64 = 16 << 20;

/// Whether a line of `width` cells, more than a row of any supported grid holds but the N²
/// of a one-line puzzle, starts a grid too big to read instead: `width` lines in all of
/// `width` cells each, and no more such lines after them (100 lines of 100 numbers are a
/// 100×100 grid, not a hundred 10×10 puzzles). Returns how many lines ahead the grid's
/// last row is, comment lines included.
pub(super) fn too_big_grid<R: BufRead>(
    width: usize,
    lines: &mut Lines<R>,
    options: &ReadOptions,
) -> io::Result<Option<usize>> {
    if Shape::from_size(width).is_some() || Shape::from_cell_count(width).is_none() {
        return Ok(None);
    }
    let mut rows = 1;
    let mut k = 0;
    let mut bytes = 0;
    // The rows, then the line after them, which must not be another such row.
    loop {
        let Some(line) = lines.peek(k)? else {
            return Ok((rows == width).then_some(k));
        };
        bytes += line.bytes;
        if line.too_long || bytes > TOO_BIG_LOOK_AHEAD {
            return Ok(None);
        }
        if line.text.trim().is_empty() {
            return Ok((rows == width).then_some(k));
        }
        let text = content(&line.text);
        k += 1;
        if text.is_empty() {
            continue;
        }
        let row = read_row(text, options.input);
        let same = row.is_some_and(|row| !row.whole() && row.cells.len() == width);
        if rows == width {
            return Ok((!same).then_some(k - 1));
        }
        if !same {
            return Ok(None);
        }
        rows += 1;
    }
}

/// Whether a line of N² cells (N from 4 to 8, so N² is also a row width: 16, 25, 36,
/// 49, 64), `first_text` read as `first`, starts an N²-row block grid rather than being an
/// N×N puzzle: the next of `lines` make N² rows of N² cells that use a digit beyond N,
/// spaced cells or box separators.
pub(super) fn starts_wide_grid<R: BufRead>(
    first_text: &str,
    first: &Cells,
    lines: &mut Lines<R>,
    options: &ReadOptions,
) -> io::Result<bool> {
    let width = first.len();
    let small = Shape::from_cell_count(width).expect("a square width");
    // Whether a row holds a digit that a `small` grid cannot.
    let beyond = |cells: &Cells| !cells.fit(small, &options.alphabet);
    let mut uses_more = beyond(first) || laid_out(first_text);
    let mut rows = 1;
    let mut k = 0;
    while rows < width {
        let Some(line) = lines.peek(k)? else {
            return Ok(false);
        };
        k += 1;
        if line.too_long || line.text.trim().is_empty() {
            return Ok(false);
        }
        let text = content(&line.text);
        if text.is_empty() {
            // A comment line.
            continue;
        }
        if is_header(text, options) {
            return Ok(false);
        }
        let Some(row) = read_row(text, options.input) else {
            // A separator line between bands: a grid layout.
            uses_more = true;
            continue;
        };
        if row.lists.len() > 1 || row.cells.len() != width {
            return Ok(false);
        }
        uses_more |= laid_out(text) || beyond(&row.cells);
        rows += 1;
    }
    Ok(uses_more)
}
