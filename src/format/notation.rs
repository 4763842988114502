//! How digits are named in messages: by the puzzle's own symbols, or as numbers.

use std::fmt;
use std::sync::Arc;

use super::Alphabet;
use crate::format::InputError;
use crate::grid::{CellDigit, Conflict, Digit};

/// How a puzzle writes its digits, and so how every message about it names them.
///
/// A puzzle read in the line or block layout uses the symbols of its alphabet (`B` for
/// digit 11 by default, `H` for digit 8 under `--alphabet ABCDEFGHI`); one read as tokens
/// uses numbers. [`Notation::show`] spells any [`Spell`] value in the notation; the plain
/// `Display` of the library's types uses numbers.
///
/// ```
/// use satdoku::format::{Alphabet, Notation};
/// use satdoku::Digit;
/// let eleven = Digit::new(11).unwrap();
/// assert_eq!(Notation::default().show(&eleven).to_string(), "B");
/// assert_eq!(Notation::Numbers.show(&eleven).to_string(), "11");
/// let hex = Notation::symbols(Alphabet::new("0123456789ABCDEF").unwrap());
/// assert_eq!(hex.show(&eleven).to_string(), "A");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    /// The symbols of an alphabet (numbers for digits past its end).
    Symbols(Arc<Alphabet>),
    /// Numbers: 1 to N.
    Numbers,
    /// Numbers from 0, on a grid whose digits start at 0: digit d is written d − 1.
    FromZero,
}

impl Default for Notation {
    /// The default alphabet's symbols.
    fn default() -> Notation {
        Notation::Symbols(Arc::new(Alphabet::default()))
    }
}

impl Notation {
    /// The symbols of `alphabet`.
    pub fn symbols(alphabet: Alphabet) -> Notation {
        Notation::Symbols(Arc::new(alphabet))
    }

    /// The default notation of a grid of `shape` not read from text (generated, built):
    /// the default symbols, `0` first where its digits start at 0.
    pub fn default_for(shape: crate::grid::Shape) -> Notation {
        Notation::symbols(Alphabet::default_for(shape))
    }

    /// The alphabet of a notation in symbols; `None` for numbers.
    pub fn alphabet(&self) -> Option<&Alphabet> {
        match self {
            Notation::Symbols(alphabet) => Some(alphabet),
            Notation::Numbers | Notation::FromZero => None,
        }
    }

    /// `item` spelled in this notation, for `format!` and `to_string`.
    pub fn show<'a, T: Spell + ?Sized>(&'a self, item: &'a T) -> Spelled<'a, T> {
        Spelled {
            item,
            notation: self,
        }
    }

    /// Writes `digit`: its symbol, or its number.
    ///
    /// This is the one place that turns a digit into text for people.
    pub fn write_digit(&self, f: &mut fmt::Formatter<'_>, digit: Digit) -> fmt::Result {
        match self {
            Notation::Symbols(alphabet) => match alphabet.symbol(digit) {
                Some(symbol) => write!(f, "{symbol}"),
                None => write!(f, "{}", digit.get()),
            },
            Notation::Numbers => write!(f, "{}", digit.get()),
            Notation::FromZero => write!(f, "{}", digit.index()),
        }
    }
}

/// A value whose text names digits, and so can be written in a puzzle's [`Notation`].
pub trait Spell {
    /// Writes the value, naming digits as `notation` does.
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// A value with the notation to write it in: made by [`Notation::show`].
#[derive(Clone, Copy, Debug)]
pub struct Spelled<'a, T: ?Sized> {
    item: &'a T,
    notation: &'a Notation,
}

impl<T: Spell + ?Sized> fmt::Display for Spelled<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.item.spell(self.notation, f)
    }
}

impl Spell for Digit {
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation.write_digit(f, *self)
    }
}

impl Spell for CellDigit {
    /// `r3c7=5`, or `r1c12=C` in a puzzle written in symbols.
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}=", self.cell)?;
        notation.write_digit(f, self.digit)
    }
}

impl Spell for Conflict {
    /// `two Bs in row 1 (r1c1 and r1c4)`.
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("two ")?;
        notation.write_digit(f, self.digit)?;
        write!(
            f,
            "s {} ({} and {})",
            self.relation, self.first, self.second
        )
    }
}

impl Spell for InputError {
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Parse(error) => write!(f, "{error}"),
            InputError::Conflict { line, conflict } => {
                write!(f, "line {line}: {}", notation.show(conflict))
            }
            InputError::Rules { .. }
            | InputError::Unread { .. }
            | InputError::Unsupported { .. } => {
                write!(f, "{self}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{House, Relation, Shape};

    #[test]
    fn conflicts_name_the_typed_symbol() {
        let sixteen = Shape::from_size(16).unwrap();
        let conflict = Conflict {
            digit: Digit::new(11).unwrap(),
            relation: Relation::House(House::Row(0)),
            first: sixteen.cell(0, 0).unwrap(),
            second: sixteen.cell(0, 3).unwrap(),
        };
        assert_eq!(
            Notation::default().show(&conflict).to_string(),
            "two Bs in row 1 (r1c1 and r1c4)"
        );
        assert_eq!(
            Notation::Numbers.show(&conflict).to_string(),
            "two 11s in row 1 (r1c1 and r1c4)"
        );
        assert_eq!(conflict.to_string(), "two 11s in row 1 (r1c1 and r1c4)");
    }
}
