//! The ground floor: shapes, cells, digits, digit sets and candidates, houses, boxes and grids (no rules).

mod boxes;
mod candidates;
mod cell;
mod cell_digit;
mod conflict;
mod digit;
mod digit_set;
#[allow(clippy::module_inception)]
mod grid;
mod house;
mod shape;

pub use boxes::{BoxError, BoxShape};
pub use candidates::Candidates;
pub use cell::{Cell, CellError};
pub use cell_digit::CellDigit;
pub use conflict::{Conflict, KNIGHT_MOVES, Relation, leaps, taxicab_steps};
pub use digit::{DEFAULT_SYMBOLS, Digit};
pub use digit_set::DigitSet;
pub use grid::Grid;
pub use house::House;
pub use shape::Shape;
