//! How to read an input: the layout to expect and the alphabet of symbol grids.

use super::Alphabet;

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
    /// The digits the grids take, 1 to this (M ≥ N: each house's digits differ, and a
    /// house need not hold them all); `None`: 1 to N.
    pub digits: Option<usize>,
}
