//! Array literals copied from code (C, Java, C#, Go, Python, JSON, Rust): their lists of numbers.
//!
//! In a line with brackets or braces, the cells are the numbers of its lists:
//! the text inside the innermost brackets or braces (or after an opening one the line
//! leaves open, or before a closing one it did not open), split at commas and spaces, with
//! quotes dropped (`'5'`, `"."`). Everything else is ignored: declarations (`int grid[9][9] =
//! {`, `grid = [`, `"grid": [`), `},` and `];`; brackets right after a name,
//! a number, `]` or `)` index or name a type (`grid[9]`, `int[][]`, `new int[9, 9]`), as do
//! brackets followed by a name or `[` (`[9][9]int`) and brackets holding `;` (`[u8; 9]`). A
//! line with one list is a row (or, with N² numbers, a whole puzzle); a line with several
//! lists is a whole puzzle of N lists of N numbers (`[[5, 3, 0, …], [6, 0, 0, …], …]`).

use super::cells::{Token, tokens};
use crate::format::ParseError;
use crate::grid::Shape;

/// Whether a line is part of an array copied from code.
pub(super) fn has_brackets(text: &str) -> bool {
    // Byte by byte: no byte of a character beyond ASCII is an ASCII bracket.
    text.bytes().any(|b| matches!(b, b'[' | b']' | b'{' | b'}'))
}

/// The lists of numbers of an array line, in order (see the module documentation).
pub(super) fn array_lists(text: &str) -> Vec<Vec<Token>> {
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

/// The shape of a grid written as several lists on one line, `lengths` numbers each
/// (`numbers` in all): N lists of N numbers, or what is wrong with them.
pub(super) fn array_shape(
    line: usize,
    lengths: &[usize],
    numbers: usize,
) -> Result<Shape, ParseError> {
    let shape = Shape::from_size(lengths.len()).ok_or(ParseError::ArrayShape {
        line,
        lists: lengths.len(),
        numbers,
    })?;
    match lengths.iter().position(|&n| n != shape.size()) {
        None => Ok(shape),
        Some(i) => Err(ParseError::RowLength {
            line,
            row: i + 1,
            found: lengths[i],
            expected: shape.size(),
        }),
    }
}
