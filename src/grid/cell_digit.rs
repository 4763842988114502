//! A cell and a digit together, written `r3c7=5`: a given, a placement or a candidate.

use std::fmt;

use super::{Cell, Digit};

/// A cell and a digit, written `r3c7=5`: a given of a puzzle (as a verdict names the
/// clashing ones), a placement, or (in a logical step's eliminations) a candidate removed.
///
/// It prints the digit as its number; the format's `Spell` writes it in a puzzle's own
/// symbols (`r1c12=C`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellDigit {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl fmt::Display for CellDigit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_digit_prints_as_cell_equals_digit() {
        let pair = CellDigit {
            cell: Cell::at(2, 6).unwrap(),
            digit: Digit::new(5).unwrap(),
        };
        assert_eq!(pair.to_string(), "r3c7=5");
    }
}
