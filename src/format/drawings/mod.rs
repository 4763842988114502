//! Drawings read as rules: what SudokuPad stores, and f-puzzles' cosmetic shapes, typed (`scene`) and read by shape and by the rules' words (`read`).

mod read;
mod scene;

pub(crate) use read::{Words, drawn_line, read};
pub(crate) use scene::Scene;
