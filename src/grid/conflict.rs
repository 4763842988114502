//! A clash between two givens: the same digit twice in one house.

use super::{Cell, Digit, House};

/// Two cells of one house hold the same digit.
///
/// It reads `two 5s in row 3 (r3c1 and r3c7)` or `two 1s on the main diagonal (…)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("two {digit}s {on} {house} ({first} and {second})", on = house.preposition())]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The house both cells belong to.
    pub house: House,
    /// The first cell holding the digit, in reading order of the house.
    pub first: Cell,
    /// The second cell holding the digit.
    pub second: Cell,
}
