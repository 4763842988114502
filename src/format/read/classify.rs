//! Line classification: a line's content, and its cells as an array's lists, numbers or symbols.
//!
//! After cutting comments (from `#` or `//` to the end of the line) and outer white space,
//! line by line (`InputFormat::Auto`):
//! - a line with a bracket or a brace (`[ ] { }`) is a line of an **array** copied from code
//!   (see `array`);
//! - a line with a comma, or whose space-separated parts are all numbers of one or two
//!   digits (some of two) or blanks `.` `_`, is a row of numbers (**tokens**), 0 for blank;
//! - otherwise its cells are its **symbols**, ignoring white space and the separators `| + -`;
//!   `.`, `_` and (unless it is a digit of the alphabet) `0` are blanks.
//!
//! **Metadata** (auto and line layouts). When the cells of a line are not a whole puzzle but
//! its first run of symbols, up to the first space, tab, `:` or `,`, holds N² symbols, that
//! run is a one-line puzzle and the rest of the line is metadata: `<puzzle>\tPlatinum Blonde`,
//! tdoku's `<puzzle>:<count>:<solution>`, qqwing's CSV `<puzzle>,<solution>,`. A line whose
//! symbols as a whole number N² stays one puzzle (a 16×16 written as 16 runs of 16).

use super::array::{array_lists, has_brackets};
use super::cells::{Cells, tokens};
use crate::format::InputFormat;
use crate::format::marks::is_rule_line;
use crate::grid::Shape;

/// Symbols that separate boxes in block grids and carry no cell.
const SEPARATORS: &[char] = &['|', '+', '-'];

/// The part of a raw line that matters: before any comment (`#` or `//`), trimmed.
pub(super) fn content(raw: &str) -> &str {
    // `#`, or `/` followed by `/` (both ASCII, so the cut falls between characters).
    let bytes = raw.as_bytes();
    let end = memchr::memchr2_iter(b'#', b'/', bytes)
        .find(|&i| bytes[i] == b'#' || bytes.get(i + 1) == Some(&b'/'))
        .unwrap_or(raw.len());
    raw[..end].trim()
}

/// The cell symbols of a line: everything but white space and separators.
fn symbols(text: &str) -> Vec<char> {
    let mut symbols = Vec::with_capacity(text.len());
    if text.is_ascii() {
        // Byte by byte, the common case: the same symbols as below.
        symbols.extend(
            text.bytes()
                .filter(|&b| !matches!(b, b' ' | b'\t'..=b'\r' | b'|' | b'+' | b'-'))
                .map(char::from),
        );
        return symbols;
    }
    symbols.extend(
        text.chars()
            .filter(|c| !c.is_whitespace() && !SEPARATORS.contains(c)),
    );
    symbols
}

/// How many cell symbols a line holds, read as symbols (see [`symbols`]).
pub(super) fn symbol_count(text: &str) -> usize {
    symbols(text).len()
}

/// Whether a line reads as a row of numbers rather than of symbols.
fn looks_like_tokens(text: &str) -> bool {
    if text.contains(',') {
        return true;
    }
    let spaced = if text.is_ascii() {
        text.bytes().any(|b| matches!(b, b' ' | b'\t'..=b'\r'))
    } else {
        text.contains(char::is_whitespace)
    };
    if !spaced {
        // One part: a number alone is a cell, not a row.
        return false;
    }
    let parts: Vec<&str> = text.split_whitespace().collect();
    let number = |p: &str| p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit());
    parts.len() > 1
        && parts.iter().all(|&p| number(p) || p == "." || p == "_")
        && parts.iter().any(|p| p.len() == 2 && number(p))
}

/// Whether a line is laid out as a grid row: cells spaced apart or boxes split by `|`.
pub(super) fn laid_out(text: &str) -> bool {
    text.contains('|') || text.split_whitespace().nth(1).is_some()
}

/// The one-line puzzle that starts a line followed by metadata: the symbols of its first
/// run, up to the first space, tab, `:` or `,`, when they are N² (see the module
/// documentation).
fn puzzle_before_metadata(text: &str) -> Option<Vec<char>> {
    let (head, _) = text.split_once(|c: char| c.is_whitespace() || c == ':' || c == ',')?;
    let head = symbols(head);
    Shape::from_cell_count(head.len()).map(|_| head)
}

/// What a line with cells holds.
pub(super) struct Row {
    pub(super) cells: Cells,
    /// For an array line, how many numbers each of its lists holds; empty otherwise.
    pub(super) lists: Vec<usize>,
    /// Whether metadata follows a one-line puzzle on the line.
    metadata: bool,
}

impl Row {
    /// Whether the line is a whole grid and not a row: metadata after a one-line puzzle, or
    /// several lists.
    pub(super) fn whole(&self) -> bool {
        self.metadata || self.lists.len() > 1
    }
}

/// The cells of a line, as numbers or as symbols according to the input format; `None`
/// for a line without cells (a separator line, an array's brackets alone).
pub(super) fn read_row(text: &str, input: InputFormat) -> Option<Row> {
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
    // A grid's border (`.----+----.`) holds no cell, whatever its corners.
    if is_rule_line(text) {
        return None;
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
        && let Some(head) = puzzle_before_metadata(text)
    {
        return Some(Row {
            cells: Cells::Symbols(head),
            lists: Vec::new(),
            metadata: true,
        });
    }
    Some(Row {
        cells,
        lists: Vec::new(),
        metadata: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_skip_white_space_and_separators_ascii_or_not() {
        let by_definition = |text: &str| -> Vec<char> {
            text.chars()
                .filter(|c| !c.is_whitespace() && !SEPARATORS.contains(c))
                .collect()
        };
        for text in [
            "1.3 | 4.6 +-- 7\t8\u{b}9\u{c}0_",
            "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
            "1 2 | 3 4",
            "é1\u{a0}2·3 | 4",
        ] {
            assert_eq!(symbols(text), by_definition(text), "{text:?}");
        }
        assert!(!looks_like_tokens("12345"));
        assert!(looks_like_tokens("12 3 4"));
        assert!(looks_like_tokens("1\u{a0}12 3 4") && looks_like_tokens("1\u{b}12"));
        assert!(looks_like_tokens("1,2"));
    }

    #[test]
    fn content_ends_at_a_comment() {
        for (raw, expected) in [
            (" 1.3 # note", "1.3"),
            ("12//x", "12"),
            ("1/2 // c", "1/2"),
            ("#", ""),
            ("a/b/", "a/b/"),
            ("é1 // ü", "é1"),
            ("\t..5\t", "..5"),
        ] {
            assert_eq!(content(raw), expected, "{raw:?}");
        }
    }
}
