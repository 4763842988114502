//! The grid model: shapes, cells, digits, digit sets and candidates, houses, rules, grids and puzzles.

mod boxes;
mod candidates;
mod cell;
mod conflict;
mod digit;
mod digit_set;
#[allow(clippy::module_inception)]
mod grid;
mod house;
mod layout;
mod puzzle;
mod rules;
mod shape;

pub use boxes::BoxShape;
pub use candidates::Candidates;
pub use cell::Cell;
pub use conflict::{Conflict, Relation};
pub use digit::Digit;
pub use digit_set::DigitSet;
pub use grid::Grid;
pub use house::House;
pub use layout::{Layout, layout_for};
pub use puzzle::Puzzle;
pub use rules::{Jigsaw, Regions, Rules, RulesSpec};
pub use shape::Shape;
