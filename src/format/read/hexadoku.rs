//! Hexadoku detection: 16×16 grids written with `0` to `F`, and a warning when `0` is ambiguous.
//!
//! With the default alphabet, a 16×16 grid of symbols `0`–`F` with blanks `.` or
//! `_` and no `G` is read with the alphabet `0123456789ABCDEF` (its entry's notation says so).
//! One with `0` but no other blank and no `G` is ambiguous: `0` is read as a blank and the
//! entry carries a [`ReadWarning`] that says so.

use std::fmt;

use super::cells::Cells;
use crate::grid::Shape;

/// The symbols of a hexadoku: digits 0 to F.
pub(super) const HEX: &str = "0123456789ABCDEF";

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
                 F), read it with the hexadoku alphabet"
            ),
        }
    }
}

/// What the symbols of a grid say about its alphabet, read with the default one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Hexadoku {
    /// Not a hexadoku: the default alphabet reads it.
    No,
    /// A hexadoku: `0` to `F` with other blanks and no `G`.
    Yes,
    /// `0` to `F` with no other blank and no `G`: `0` is a blank or a hexadoku's digit.
    ZeroAmbiguous,
}

/// Whether the grid of `shape` whose cells are `rows` is a hexadoku.
pub(super) fn hexadoku(shape: Shape, rows: &[(usize, Cells)]) -> Hexadoku {
    if shape.size() != 16 {
        return Hexadoku::No;
    }
    let (mut zero, mut blank) = (false, false);
    for (_, cells) in rows {
        let Cells::Symbols(symbols) = cells else {
            return Hexadoku::No;
        };
        for symbol in symbols {
            match symbol.to_ascii_uppercase() {
                '0' => zero = true,
                '.' | '_' => blank = true,
                '1'..='9' | 'A'..='F' => {}
                // `G`, or a symbol neither alphabet knows.
                _ => return Hexadoku::No,
            }
        }
    }
    match (zero, blank) {
        (true, true) => Hexadoku::Yes,
        (true, false) => Hexadoku::ZeroAmbiguous,
        _ => Hexadoku::No,
    }
}
