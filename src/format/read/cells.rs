//! The cells of a row: symbols or number tokens, checked against a shape and written into a grid.

use crate::format::{Alphabet, CellUnit, ParseError};
use crate::grid::{Grid, Shape};

/// One cell of a row of numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    /// `.` or `_`.
    Blank,
    /// `0`: a blank, or the digit 0 on a grid whose digits start at 0.
    Zero,
    /// A number other than 0.
    Number(u64),
    /// Anything else, as written.
    Word(String),
}

impl Token {
    /// The token `text`, quotes around it dropped.
    fn read(text: &str) -> Token {
        let bare = ['"', '\''].iter().fold(text, |t, &quote| {
            t.strip_prefix(quote)
                .and_then(|t| t.strip_suffix(quote))
                .unwrap_or(t)
        });
        match bare {
            "." | "_" => Token::Blank,
            _ => match bare.parse::<u64>() {
                Ok(0) => Token::Zero,
                Ok(value) => Token::Number(value),
                Err(_) => Token::Word(text.to_string()),
            },
        }
    }
}

/// The numbers of a tokens row, split on commas and white space.
pub(super) fn tokens(text: &str) -> Vec<Token> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(Token::read)
        .collect()
}

/// The cells of one row or of a whole one-line grid.
#[derive(Clone, Debug)]
pub(super) enum Cells {
    /// Symbols of an alphabet.
    Symbols(Vec<char>),
    /// Numbers.
    Tokens(Vec<Token>),
}

impl Cells {
    /// How many cells there are.
    pub(super) fn len(&self) -> usize {
        match self {
            Cells::Symbols(s) => s.len(),
            Cells::Tokens(t) => t.len(),
        }
    }

    /// What the cells are counted as in messages.
    pub(super) fn unit(&self) -> CellUnit {
        match self {
            Cells::Symbols(_) => CellUnit::Symbols,
            Cells::Tokens(_) => CellUnit::Numbers,
        }
    }

    /// Whether every cell is a digit or a blank of a grid of `shape`.
    pub(super) fn fit(&self, shape: Shape, alphabet: &Alphabet) -> bool {
        match self {
            Cells::Symbols(symbols) => symbols.iter().all(|&s| alphabet.read(s, shape).is_some()),
            Cells::Tokens(tokens) => tokens.iter().all(|t| match t {
                Token::Blank | Token::Zero => true,
                Token::Number(v) => usize::try_from(*v).is_ok_and(|v| v <= shape.digit_count()),
                Token::Word(_) => false,
            }),
        }
    }

    /// Writes these cells into `grid` from reading-order position `start` on.
    pub(super) fn fill(
        &self,
        grid: &mut Grid,
        start: usize,
        line: usize,
        alphabet: &Alphabet,
    ) -> Result<(), ParseError> {
        let shape = grid.shape();
        let cell = |i: usize| {
            shape
                .cell_at(start + i)
                .expect("rows are checked against the shape before filling")
        };
        let row = &mut grid.digits_mut()[start..start + self.len()];
        match self {
            Cells::Symbols(symbols) => {
                for (i, (slot, &symbol)) in row.iter_mut().zip(symbols).enumerate() {
                    *slot =
                        alphabet
                            .read(symbol, shape)
                            .ok_or_else(|| ParseError::UnknownSymbol {
                                line,
                                cell: cell(i),
                                symbol,
                                shape,
                                digits: alphabet.describe(shape),
                                short: !alphabet.covers(shape),
                            })?;
                }
            }
            Cells::Tokens(tokens) => {
                for (i, (slot, token)) in row.iter_mut().zip(tokens).enumerate() {
                    *slot = match token {
                        Token::Blank => None,
                        Token::Zero => shape.digit_numbered(0),
                        Token::Word(token) => {
                            return Err(ParseError::NotANumber {
                                line,
                                cell: cell(i),
                                token: token.clone(),
                            });
                        }
                        &Token::Number(value) => Some(
                            usize::try_from(value)
                                .ok()
                                .and_then(|v| shape.digit_numbered(v))
                                .ok_or(ParseError::OutOfRange {
                                    line,
                                    cell: cell(i),
                                    value,
                                    shape,
                                })?,
                        ),
                    };
                }
            }
        }
        Ok(())
    }
}
