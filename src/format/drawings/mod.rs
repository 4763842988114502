//! Drawings read as rules: what SudokuPad stores, and f-puzzles' cosmetic shapes, typed (`scene`) and read by shape and by the rules' words (`read`), or as the user settles them (`settle`).

mod lines;
mod read;
mod scene;
mod settle;

pub(crate) use lines::drawn_line;
pub(crate) use read::{Words, read};
pub(crate) use scene::Scene;
pub(crate) use settle::LineMeaning;
pub use settle::{SettleError, Settled};
