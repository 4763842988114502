//! A puzzle: a grid of givens checked against the rules of a variant.

use super::{Conflict, Grid, Shape, Variant};

/// A grid of givens together with its rules, in which no given clashes with another.
///
/// The only way to make one is [`Puzzle::new`], which checks the givens, so every solver
/// can take a `&Puzzle` without checking again.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    grid: Grid,
    variant: Variant,
}

impl Puzzle {
    /// Checks that no digit repeats in a house of `variant`, and makes the puzzle.
    ///
    /// ```
    /// use satdoku::{Grid, Puzzle, Variant};
    /// let grid: Grid = "1..1............".parse().unwrap();
    /// let err = Puzzle::new(grid, Variant::Standard).unwrap_err();
    /// assert_eq!(err.to_string(), "two 1s in row 1 (r1c1 and r1c4)");
    /// ```
    pub fn new(grid: Grid, variant: Variant) -> Result<Puzzle, Conflict> {
        match grid.conflict(variant) {
            Some(conflict) => Err(conflict),
            None => Ok(Puzzle { grid, variant }),
        }
    }

    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The rules.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }
}
