//! The grid model: shapes, cells, digits, digit sets, houses, variants, grids and puzzles.

mod cell;
mod conflict;
mod digit;
mod digit_set;
#[allow(clippy::module_inception)]
mod grid;
mod house;
mod layout;
mod puzzle;
mod shape;
mod variant;

pub use cell::Cell;
pub use conflict::Conflict;
pub use digit::Digit;
pub use digit_set::DigitSet;
pub use grid::Grid;
pub use house::House;
pub use layout::{Layout, layout_for};
pub use puzzle::Puzzle;
pub use shape::Shape;
pub use variant::Variant;
