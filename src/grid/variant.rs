//! Rule variants: standard Sudoku and diagonal (X) Sudoku.

use std::fmt;

use super::{House, Shape};

/// Which houses must hold every digit exactly once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Standard,
    /// Rows, columns, boxes and both main diagonals (X-Sudoku).
    Diagonal,
}

impl Variant {
    /// Every house of this variant on `shape`: rows, columns, boxes, then diagonals.
    pub fn houses(self, shape: Shape) -> impl Iterator<Item = House> {
        let size = shape.size() as u8;
        let diagonals: &'static [House] = match self {
            Variant::Standard => &[],
            Variant::Diagonal => &[House::MainDiagonal, House::AntiDiagonal],
        };
        (0..size)
            .map(House::Row)
            .chain((0..size).map(House::Column))
            .chain((0..size).map(House::Box))
            .chain(diagonals.iter().copied())
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Standard => "standard",
            Variant::Diagonal => "diagonal",
        })
    }
}
