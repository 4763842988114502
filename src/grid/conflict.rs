//! A clash between two givens: the same digit in two cells that must differ.

use std::fmt;

use super::{Cell, Digit, House};

/// The steps (rows, columns) from a cell to the cells a knight's move away.
pub const KNIGHT_MOVES: [(isize, isize); 8] = [
    (1, 2),
    (2, 1),
    (1, -2),
    (2, -1),
    (-1, 2),
    (-2, 1),
    (-1, -2),
    (-2, -1),
];

/// Why two cells must hold different digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// They share a house.
    House(House),
    /// They are a knight's move apart (anti-knight).
    KnightMove,
    /// They touch diagonally, a king's move apart (anti-king).
    KingMove,
    /// They are a pair the rules name as different.
    Marked,
}

impl fmt::Display for Relation {
    /// `in row 3`, `on the main diagonal`, `a knight's move apart`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::House(house) => write!(f, "{} {house}", house.preposition()),
            Relation::KnightMove => f.write_str("a knight's move apart"),
            Relation::KingMove => f.write_str("a king's move apart"),
            Relation::Marked => f.write_str("in cells marked to differ"),
        }
    }
}

/// Two cells that must differ hold the same digit.
///
/// It reads `two 5s in row 3 (r3c1 and r3c7)`, `two 1s on the main diagonal (…)` or
/// `two 4s a knight's move apart (r1c1 and r2c3)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("two {digit}s {relation} ({first} and {second})")]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// Why the cells must differ.
    pub relation: Relation,
    /// The first cell holding the digit, in reading order of the house.
    pub first: Cell,
    /// The second cell holding the digit.
    pub second: Cell,
}
