//! Houses: the rows, columns, regions and extra regions that hold every digit once.

use std::fmt;

/// A set of N cells that must hold every digit exactly once; the rules (`Rules::cells`,
/// a layer above) list them.
///
/// Indices are 0-based; the `Display` form is 1-based (`row 3`, `box 5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum House {
    /// A row, by 0-based index.
    Row(u8),
    /// A column, by 0-based index.
    Column(u8),
    /// A box, by 0-based index in reading order.
    Box(u8),
    /// A jigsaw region, by 0-based index in order of first appearance, with the symbol
    /// that names it in its region grid.
    Region(u8, char),
    /// The diagonal from r1c1 to rNcN.
    MainDiagonal,
    /// The diagonal from r1cN to rNc1.
    AntiDiagonal,
    /// A windoku window, by 0-based index in reading order.
    Window(u8),
    /// A disjoint group (one position in every box), by the 0-based position.
    Group(u8),
    /// An extra region given as a list of cells, by 0-based index.
    Extra(u16),
}

impl House {
    /// "in" for most houses, "on" for diagonals, to make messages read well.
    pub fn preposition(self) -> &'static str {
        match self {
            House::MainDiagonal | House::AntiDiagonal => "on",
            _ => "in",
        }
    }

    /// Whether the house is a row or a column.
    pub fn is_line(self) -> bool {
        matches!(self, House::Row(_) | House::Column(_))
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(r) => write!(f, "row {}", r + 1),
            House::Column(c) => write!(f, "column {}", c + 1),
            House::Box(b) => write!(f, "box {}", b + 1),
            House::Region(_, label) => write!(f, "region {label}"),
            House::MainDiagonal => f.write_str("the main diagonal"),
            House::AntiDiagonal => f.write_str("the anti-diagonal"),
            House::Window(w) => write!(f, "window {}", w + 1),
            House::Group(g) => write!(f, "disjoint group {}", g + 1),
            House::Extra(e) => write!(f, "extra region {}", e + 1),
        }
    }
}
