//! Why rules cannot be made or do not fit a grid, and why a grid and rules make no puzzle.

use crate::grid::{BoxError, BoxShape, Cell, Conflict, Shape};

/// Rules that cannot be made, or do not fit a grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Boxes that cannot be made.
    #[error(transparent)]
    Boxes(#[from] BoxError),
    /// A grid of prime size has no boxes.
    #[error("a {shape} grid has no boxes ({n} is prime): give its regions", n = shape.size())]
    NoBoxes {
        /// The grid's shape.
        shape: Shape,
    },
    /// The digits asked for cannot fill the grid: fewer than a house has cells, or more
    /// than 64.
    #[error("a {shape} grid cannot take the digits 1-{digits}: from {n} to 64 digits fit", n = shape.size())]
    Digits {
        /// The grid's shape.
        shape: Shape,
        /// The number of digits asked for.
        digits: usize,
    },
    /// A constraint whose meaning needs every house to hold every digit, on a grid taking
    /// more digits than a house has cells.
    #[error(
        "{constraint}: a {kind} needs every row, column and region to hold every digit; a {shape} grid's houses miss some"
    )]
    NeedsEveryDigit {
        /// The constraint, as it prints.
        constraint: String,
        /// Its family's name.
        kind: &'static str,
        /// The grid's shape.
        shape: Shape,
    },
    /// A constraint whose family reads its digits as the numbers 1 to M, on a grid whose
    /// digits start at 0.
    #[error(
        "{constraint}: satdoku's {kind} reads digits as the numbers from 1, and this grid's digits start at 0 (refused rather than answered wrongly)"
    )]
    NeedsDigitsFromOne {
        /// The constraint, as it prints.
        constraint: String,
        /// Its family's name.
        kind: &'static str,
    },
    /// Rules made for one size, asked of a grid of another.
    #[error("a {grid} grid, but {what} are for {rules}")]
    ShapeMismatch {
        /// The puzzle's grid.
        grid: Shape,
        /// The grid the rules are for.
        rules: Shape,
        /// What fixes the size (`the boxes`, `the regions`).
        what: &'static str,
    },
    /// Something given twice where it can be given once (boxes or regions on the command
    /// line and in a puzzle file).
    #[error("{what} are given twice (on the command line and in the file): give them once")]
    Twice {
        /// What.
        what: &'static str,
    },
    /// A cell outside the grid.
    #[error("cell {cell} is outside a {shape} grid")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The grid.
        shape: Shape,
    },
    /// An extra region that is not N distinct cells (or M, one per digit, on a grid of M
    /// digits).
    #[error("extra region {region} has {cells} distinct cells, but a {shape} grid's regions need {}", region_sizes(*shape))]
    ExtraRegionSize {
        /// 1-based index of the region.
        region: usize,
        /// Its distinct cells.
        cells: usize,
        /// The grid.
        shape: Shape,
    },
    /// Jigsaw regions of more cells than a row on a grid not given as many digits.
    #[error(
        "the jigsaw regions of a {shape} grid have {cells} cells each, a cell per digit: give the grid {cells} digits (--digits {cells}; TOML digits = {cells})"
    )]
    RegionsNeedDigits {
        /// The grid.
        shape: Shape,
        /// The cells of each region.
        cells: usize,
    },
    /// Boxes of more cells than a row on a grid not given as many digits.
    #[error("boxes of {boxes} on a {} grid have {} cells each, a cell per digit: give the grid {} digits (--digits {}; TOML digits = {})", boxes.shape(), boxes.cells(), boxes.cells(), boxes.cells(), boxes.cells())]
    BoxesNeedDigits {
        /// The boxes, tiling the grid.
        boxes: BoxShape,
    },
    /// A pair of cells to differ that names one cell twice.
    #[error("a pair of cells to differ names {cell} twice")]
    SamePair {
        /// The cell named twice.
        cell: Cell,
    },
    /// A variant constraint that cannot apply to the grid.
    #[error("{constraint}: {problem}")]
    Constraint {
        /// The constraint's place among the constraints of the [`RulesSpec`] it came from
        /// (`None` when it came from none), so that a reader can name where it was written.
        ///
        /// [`RulesSpec`]: crate::rules::RulesSpec
        index: Option<usize>,
        /// The constraint, as messages name it.
        constraint: String,
        /// What is wrong.
        problem: String,
    },
    /// A rule that needs something the rules lack.
    #[error("{rule} needs {needs}")]
    Needs {
        /// The rule asked for.
        rule: &'static str,
        /// What it needs.
        needs: &'static str,
    },
    /// Regions that cannot tile the grid in equal parts of N to 64 cells (N of them, or
    /// fewer of a cell per digit).
    #[error(
        "the region grid names {found} regions, but a grid of {size} rows has {size} (or fewer of more cells each, as many as its digits)"
    )]
    RegionCount {
        /// Regions named.
        found: usize,
        /// N.
        size: usize,
    },
    /// A region of the wrong size.
    #[error("region {label} has {cells} cells, but every region needs {size}")]
    RegionSize {
        /// The region's symbol.
        label: char,
        /// Its cells.
        cells: usize,
        /// What each region needs: N, or the grid's cells over the regions named.
        size: usize,
    },
}

/// A grid and rules that do not make a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Two givens clash.
    #[error(transparent)]
    Conflict(Conflict),
    /// The rules cannot be made for the grid.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The rules are for another grid size.
    #[error("a {grid} grid, but the rules are for {rules}")]
    Shape {
        /// The grid's shape.
        grid: Shape,
        /// The rules' shape.
        rules: Shape,
    },
}

/// The sizes an extra region of a grid of `shape` may have: N, or also M (a cell per digit)
/// when the grid takes more digits than a row has cells.
fn region_sizes(shape: Shape) -> String {
    match shape.is_exact() {
        true => shape.size().to_string(),
        false => format!(
            "{} or {} (one cell per digit)",
            shape.size(),
            shape.digit_count()
        ),
    }
}
