//! A digit of a grid: 1 to N, never 0.

use std::fmt;
use std::num::NonZeroU8;

/// The default symbols: digit `d` is the `d`-th character (10 is `A`), cut to the grid's
/// size, as line formats and digit patterns write digits.
pub const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A digit 1..=N. Blank cells are `Option<Digit>::None`, never a zero digit.
///
/// `Digit` has no upper bound of its own; [`Shape::digit`](super::Shape::digit) checks a
/// value against the size of a grid. It prints as its number (`10`, not `A`); the symbol
/// used in a file is the business of the format's alphabet (`format::Alphabet`, a layer
/// above).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit with this value, `None` for 0.
    pub const fn new(value: u8) -> Option<Digit> {
        match NonZeroU8::new(value) {
            Some(v) => Some(Digit(v)),
            None => None,
        }
    }

    /// The digit at 0-based position `index` (digit `index + 1`), for indexing arrays.
    ///
    /// # Panics
    /// If `index >= 255`.
    pub fn from_index(index: usize) -> Digit {
        let value = u8::try_from(index + 1).expect("digit index out of range");
        Digit(NonZeroU8::new(value).expect("index + 1 is never 0"))
    }

    /// The value, 1..=N.
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// The 0-based position of the digit (value − 1), for indexing arrays.
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
