//! The symbols that stand for digits in line and block formats.

use crate::grid::{DEFAULT_SYMBOLS, Digit, Shape};

/// Characters that can never be digit symbols: blanks, the comment marks (`#`, `//`),
/// separators of cells, boxes and metadata, and the brackets of arrays.
const RESERVED: &[char] = &[
    '.', '_', '#', '/', ',', ':', '|', '+', '-', '[', ']', '{', '}',
];

/// An ordered list of digit symbols, compared without case.
///
/// Digit `d` of an N×N grid is written as the `d`-th symbol; only the first N symbols are
/// valid in that grid. A blank is `.` or `_`, or `0` when `0` is not itself a symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    /// For each ASCII character, 1 + the index of its symbol (either case), [`BLANK`] for a
    /// blank, 0 for neither: reading a symbol is a lookup.
    ascii: [u8; 128],
}

/// The mark of a blank in [`Alphabet`]'s lookup table (no alphabet has 255 symbols there).
const BLANK: u8 = u8::MAX;

impl Default for Alphabet {
    fn default() -> Alphabet {
        Alphabet::of(DEFAULT_SYMBOLS.chars().collect())
    }
}

impl Alphabet {
    /// An alphabet of the characters of `symbols`, e.g. `0123456789ABCDEF` for hex grids.
    ///
    /// ```
    /// use satdoku::format::Alphabet;
    /// assert!(Alphabet::new("0123456789ABCDEF").is_ok());
    /// assert!(Alphabet::new("12a3A").is_err());
    /// ```
    pub fn new(symbols: &str) -> Result<Alphabet, AlphabetError> {
        let mut seen: Vec<char> = Vec::new();
        for symbol in symbols.chars() {
            if symbol.is_whitespace() || RESERVED.contains(&symbol) {
                return Err(AlphabetError::Reserved { symbol });
            }
            if seen.contains(&symbol.to_ascii_uppercase()) {
                return Err(AlphabetError::Duplicate { symbol });
            }
            seen.push(symbol.to_ascii_uppercase());
        }
        if seen.is_empty() {
            return Err(AlphabetError::Empty);
        }
        Ok(Alphabet::of(symbols.chars().collect()))
    }

    /// The alphabet of `symbols`, checked, with its lookup table.
    fn of(symbols: Vec<char>) -> Alphabet {
        let mut ascii = [0u8; 128];
        for (i, &symbol) in symbols.iter().enumerate().take(usize::from(BLANK) - 1) {
            for c in [symbol.to_ascii_uppercase(), symbol.to_ascii_lowercase()] {
                if c.is_ascii() && ascii[c as usize] == 0 {
                    ascii[c as usize] = i as u8 + 1;
                }
            }
        }
        for blank in ['.', '_', '0'] {
            if ascii[blank as usize] == 0 {
                ascii[blank as usize] = BLANK;
            }
        }
        Alphabet { symbols, ascii }
    }

    /// The alphabet of grids whose digits start at 0: `0` to `9`, then `A` to `Z`, so that
    /// every symbol is the number it stands for (`A` 10); a blank is `.` or `_`.
    ///
    /// ```
    /// use satdoku::format::Alphabet;
    /// use satdoku::{Digit, Shape};
    /// let zero = Shape::NINE.from_zero();
    /// assert_eq!(Alphabet::from_zero().read('0', zero), Some(Some(Digit::new(1).unwrap())));
    /// assert_eq!(Alphabet::from_zero().read('9', zero), None);
    /// ```
    pub fn from_zero() -> Alphabet {
        Alphabet::of(
            std::iter::once('0')
                .chain(DEFAULT_SYMBOLS.chars())
                .collect(),
        )
    }

    /// The default alphabet of grids of `shape`: [`Alphabet::from_zero`] where its digits
    /// start at 0, else the default.
    pub fn default_for(shape: Shape) -> Alphabet {
        if shape.starts_at_zero() {
            Alphabet::from_zero()
        } else {
            Alphabet::default()
        }
    }

    /// The symbols in digit order.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// Whether the alphabet has a symbol for every digit of `shape`.
    pub fn covers(&self, shape: Shape) -> bool {
        self.symbols.len() >= shape.digit_count()
    }

    /// Whether `symbol` marks a blank cell.
    pub fn is_blank(&self, symbol: char) -> bool {
        self.ascii.get(symbol as usize) == Some(&BLANK)
    }

    /// Reads `symbol` in a grid of `shape`: `Some(None)` for a blank, `Some(Some(digit))`
    /// for a digit, `None` for a symbol that is neither.
    pub fn read(&self, symbol: char, shape: Shape) -> Option<Option<Digit>> {
        let index = match self.ascii.get(symbol as usize) {
            Some(&0) => return None,
            Some(&BLANK) => return Some(None),
            Some(&k) => usize::from(k) - 1,
            None => {
                let upper = symbol.to_ascii_uppercase();
                self.symbols
                    .iter()
                    .position(|s| s.to_ascii_uppercase() == upper)?
            }
        };
        (index < shape.digit_count()).then(|| Some(Digit::from_index(index)))
    }

    /// The symbol of `digit`, if the alphabet is long enough.
    pub fn symbol(&self, digit: Digit) -> Option<char> {
        self.symbols.get(digit.index()).copied()
    }

    /// The symbols accepted in a grid of `shape`, as text for messages.
    pub fn describe(&self, shape: Shape) -> String {
        let digits: String = self.symbols.iter().take(shape.digit_count()).collect();
        let blank = if self.symbols.contains(&'0') {
            "."
        } else {
            ". or 0"
        };
        format!("{digits}, blank {blank}")
    }
}

/// A string cannot serve as an alphabet of digit symbols.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlphabetError {
    /// The alphabet holds no symbol.
    #[error("the alphabet is empty")]
    Empty,
    /// A symbol appears twice (letters are compared without case).
    #[error("symbol '{symbol}' appears twice in the alphabet")]
    Duplicate {
        /// The repeated symbol.
        symbol: char,
    },
    /// A symbol is reserved: blanks `. _`, comments `# /`, separators `, : | + -`,
    /// brackets `[ ] { }`, white space.
    #[error(
        "symbol '{symbol}' is reserved and cannot be a digit (. _ # / , : | + - [ ] {{ }} and \
         spaces are)"
    )]
    Reserved {
        /// The reserved symbol.
        symbol: char,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_alphabet_is_case_insensitive_and_cut_to_size() {
        let alphabet = Alphabet::default();
        let sixteen = Shape::from_size(16).unwrap();
        assert_eq!(alphabet.read('g', sixteen), Some(Digit::new(16)));
        assert_eq!(alphabet.read('G', sixteen), Some(Digit::new(16)));
        assert_eq!(alphabet.read('G', Shape::NINE), None);
        assert_eq!(alphabet.read('0', Shape::NINE), Some(None));
        assert_eq!(alphabet.read('.', Shape::NINE), Some(None));
        assert_eq!(alphabet.read('_', Shape::NINE), Some(None));
    }

    #[test]
    fn hex_alphabet_makes_zero_a_digit() {
        let hex = Alphabet::new("0123456789abcdef").unwrap();
        let sixteen = Shape::from_size(16).unwrap();
        assert_eq!(hex.read('0', sixteen), Some(Digit::new(1)));
        assert_eq!(hex.read('F', sixteen), Some(Digit::new(16)));
        assert_eq!(hex.read('.', sixteen), Some(None));
        assert!(!hex.is_blank('0') && hex.is_blank('_'));
        assert!(Alphabet::default().is_blank('0') && !Alphabet::default().is_blank('é'));
    }

    #[test]
    fn reserved_and_duplicate_symbols_are_refused() {
        assert_eq!(
            Alphabet::new("12.4"),
            Err(AlphabetError::Reserved { symbol: '.' })
        );
        assert_eq!(
            Alphabet::new("abA"),
            Err(AlphabetError::Duplicate { symbol: 'A' })
        );
        assert_eq!(Alphabet::new(""), Err(AlphabetError::Empty));
        for symbol in ['_', '/', ':', '[', ']', '{', '}'] {
            assert_eq!(
                Alphabet::new(&format!("12{symbol}4")),
                Err(AlphabetError::Reserved { symbol })
            );
        }
    }
}
