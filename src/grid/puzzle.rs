//! A puzzle: a grid of givens checked against its rules.

use std::sync::Arc;

use super::{Grid, Rules, Shape};
use crate::error::PuzzleError;

/// A grid of givens together with its rules, in which no given clashes with another.
///
/// The only ways to make one are [`Puzzle::new`] and [`Puzzle::standard`], which check the
/// givens, so every solver can take a `&Puzzle` without checking again.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    grid: Grid,
    rules: Arc<Rules>,
}

impl std::fmt::Display for Puzzle {
    /// The givens on one line, then the rules.
    ///
    /// ```
    /// use satdoku::{Grid, Puzzle};
    /// let puzzle = Puzzle::standard("1...............".parse::<Grid>()?)?;
    /// assert_eq!(puzzle.to_string(), "1............... (boxes 2x2)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.grid, self.rules)
    }
}

impl Puzzle {
    /// Checks that `rules` are for the grid's shape and that no two givens clash under
    /// them, and makes the puzzle.
    ///
    /// ```
    /// use satdoku::{Grid, Puzzle, Rules};
    /// let grid: Grid = "1..1............".parse().unwrap();
    /// let rules = Rules::standard(grid.shape()).unwrap();
    /// let err = Puzzle::new(grid, rules).unwrap_err();
    /// assert_eq!(err.to_string(), "two 1s in row 1 (r1c1 and r1c4)");
    /// ```
    pub fn new(grid: Grid, rules: impl Into<Arc<Rules>>) -> Result<Puzzle, PuzzleError> {
        let rules = rules.into();
        if rules.shape() != grid.shape() {
            return Err(PuzzleError::Shape {
                grid: grid.shape(),
                rules: rules.shape(),
            });
        }
        match grid.conflict(&rules) {
            Some(conflict) => Err(PuzzleError::Conflict(conflict)),
            None => Ok(Puzzle { grid, rules }),
        }
    }

    /// The puzzle under classic rules: rows, columns and the grid's default boxes.
    pub fn standard(grid: Grid) -> Result<Puzzle, PuzzleError> {
        let rules = Rules::standard(grid.shape())?;
        Puzzle::new(grid, rules)
    }

    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }

    /// The same rules with other givens (a subset, or a grid filled further), checked.
    pub fn with_grid(&self, grid: Grid) -> Result<Puzzle, PuzzleError> {
        Puzzle::new(grid, Arc::clone(&self.rules))
    }
}
