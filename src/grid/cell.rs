//! A cell position, written `r3c7` (1-based) in every message.

use std::fmt;

/// A cell of a grid, by 0-based row and column.
///
/// A `Cell` lies inside a 64×64 grid; whether it lies inside a given grid is checked by
/// [`Shape::cell`](super::Shape::cell) and [`Shape::cells`](super::Shape::cells), which
/// make only the cells of their shape, or by whoever takes a cell made by [`Cell::at`]
/// or parsed (the rules check every cell they are given). It prints and parses as `r3c7`
/// (1-based), the notation used in every message and file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// A cell from 0-based coordinates already checked against a shape.
    pub(crate) const fn new_unchecked(row: usize, col: usize) -> Cell {
        Cell {
            row: row as u8,
            col: col as u8,
        }
    }

    /// The cell at 0-based `row` and `col` of some grid up to 64×64, `None` beyond; whether
    /// a given grid holds it is for its rules to check.
    pub fn at(row: usize, col: usize) -> Option<Cell> {
        (row < 64 && col < 64).then(|| Cell::new_unchecked(row, col))
    }

    /// The 0-based row.
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// The 0-based column.
    pub const fn col(self) -> usize {
        self.col as usize
    }

    /// The 1-based row and column numbers of a cell name `r3c7` (either case, spaces
    /// around it allowed), whatever the numbers: 0 and N+1 name clues just outside a grid.
    ///
    /// ```
    /// use satdoku::Cell;
    /// assert_eq!(Cell::numbers("R0C3"), Some((0, 3)));
    /// assert_eq!(Cell::numbers("r3 c7"), None);
    /// ```
    pub fn numbers(name: &str) -> Option<(usize, usize)> {
        let name = name.trim();
        let rest = name.strip_prefix(['r', 'R'])?;
        let (row, col) = rest.split_once(['c', 'C'])?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(row) || !digits(col) {
            return None;
        }
        Some((row.parse().ok()?, col.parse().ok()?))
    }
}

/// A name that is not a cell `r1c1` … `r64c64`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name:?} is not a cell (write r3c7: row 3, column 7)")]
pub struct CellError {
    /// The name given.
    pub name: String,
}

/// Parses `r3c7` (either case): row 3, column 7.
///
/// ```
/// use satdoku::Cell;
/// let cell: Cell = "R3C7".parse()?;
/// assert_eq!((cell.row(), cell.col()), (2, 6));
/// assert!("r0c1".parse::<Cell>().is_err());
/// # Ok::<(), satdoku::grid::CellError>(())
/// ```
impl std::str::FromStr for Cell {
    type Err = CellError;
    fn from_str(name: &str) -> Result<Cell, CellError> {
        Cell::numbers(name)
            .filter(|&(row, col)| row >= 1 && col >= 1)
            .and_then(|(row, col)| Cell::at(row - 1, col - 1))
            .ok_or_else(|| CellError {
                name: name.to_string(),
            })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}
