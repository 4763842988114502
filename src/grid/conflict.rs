//! A clash between two givens: the same digit in two cells that must differ.

use std::fmt;

use super::{Cell, Digit, House};

/// The eight steps (rows, columns) of a leaper that moves `a` one way and `b` the other
/// (a knight: 1 and 2), `a` < `b`.
pub const fn leaps(a: isize, b: isize) -> [(isize, isize); 8] {
    [
        (a, b),
        (b, a),
        (a, -b),
        (b, -a),
        (-a, b),
        (-b, a),
        (-a, -b),
        (-b, -a),
    ]
}

/// The steps (rows, columns) to the cells at taxicab distance `d` (rows apart plus columns
/// apart), each once.
pub fn taxicab_steps(d: isize) -> Vec<(isize, isize)> {
    (-d..=d)
        .flat_map(|dr| {
            let dc = d - dr.abs();
            if dc == 0 {
                vec![(dr, 0)]
            } else {
                vec![(dr, dc), (dr, -dc)]
            }
        })
        .collect()
}

/// The steps (rows, columns) from a cell to the cells a knight's move away.
pub const KNIGHT_MOVES: [(isize, isize); 8] = leaps(1, 2);

/// Why two cells must hold different digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// They share a house.
    House(House),
    /// They are a chess piece's move apart (`knight`: anti-knight; `king`: anti-king,
    /// touching diagonally; `camel` …).
    Move(&'static str),
    /// They are a pair the rules name as different.
    Marked,
}

impl fmt::Display for Relation {
    /// `in row 3`, `on the main diagonal`, `a knight's move apart`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::House(house) => write!(f, "{} {house}", house.preposition()),
            Relation::Move(piece) => write!(f, "a {piece}'s move apart"),
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
