//! A puzzle: a grid of givens checked against its rules.

use std::sync::Arc;

use super::{PuzzleError, Rules};
use crate::grid::{Cell, Conflict, Grid, Relation, Shape};

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

/// A grid checked against rules (here rather than in `grid`, which knows no rules).
impl Grid {
    /// The first place where a digit repeats in two cells that must differ under `rules`
    /// (of this grid's shape), if any.
    ///
    /// Houses are searched in the order of [`Rules::houses`] (rows, columns, regions,
    /// extra regions), then the other pairs of cells that must differ.
    pub fn conflict(&self, rules: &Rules) -> Option<Conflict> {
        for house in rules.houses() {
            let mut seen: Vec<Option<Cell>> = vec![None; self.shape().size()];
            for cell in rules.cells(house) {
                if let Some(digit) = self.get(cell) {
                    match seen[digit.index()] {
                        Some(first) => {
                            return Some(Conflict {
                                digit,
                                relation: Relation::House(house),
                                first,
                                second: cell,
                            });
                        }
                        None => seen[digit.index()] = Some(cell),
                    }
                }
            }
        }
        rules
            .differences()
            .into_iter()
            .find_map(|(first, second, relation)| {
                let digit = self.get(first)?;
                (self.get(second) == Some(digit)).then_some(Conflict {
                    digit,
                    relation,
                    first,
                    second,
                })
            })
    }

    /// Whether this grid is a solution of `puzzle`: complete, breaking none of the
    /// puzzle's rules, and keeping every given.
    pub fn solves(&self, puzzle: &Puzzle) -> bool {
        self.shape() == puzzle.shape()
            && self.is_complete()
            && self.conflict(puzzle.rules()).is_none()
            && puzzle
                .grid()
                .givens()
                .all(|(cell, d)| self.get(cell) == Some(d))
    }
}
