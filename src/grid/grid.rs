//! A grid of cells, each blank or holding a digit.

use std::fmt;
use std::ops::Index;

use super::{Cell, Conflict, Digit, Relation, Rules, Shape};

/// An N×N grid: each cell is blank (`None`) or holds a digit 1..=N.
///
/// Indexed only by [`Cell`]. A grid may break the rules; [`Puzzle`](crate::Puzzle) is a grid
/// checked against its [`Rules`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<Option<Digit>>,
}

impl Grid {
    /// The grid of `shape` with every cell blank.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![None; shape.cell_count()],
        }
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The digit in `cell`, or `None` when blank.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[self.shape.index(cell)]
    }

    /// Puts `digit` (or a blank) into `cell`.
    ///
    /// # Panics
    /// If the digit is larger than N or the cell lies outside the grid.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        if let Some(d) = digit {
            assert!(
                d.index() < self.shape.size(),
                "digit {d} on a {}",
                self.shape
            );
        }
        let index = self.shape.index(cell);
        self.cells[index] = digit;
    }

    /// The filled cells with their digits, in reading order.
    pub fn givens(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.shape
            .cells()
            .zip(&self.cells)
            .filter_map(|(cell, digit)| digit.map(|d| (cell, d)))
    }

    /// The number of filled cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|d| d.is_some()).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The first place where a digit repeats in two cells that must differ under `rules`
    /// (of this grid's shape), if any.
    ///
    /// Houses are searched in the order of [`Rules::houses`] (rows, columns, regions,
    /// extra regions), then the other pairs of cells that must differ.
    pub fn conflict(&self, rules: &Rules) -> Option<Conflict> {
        for house in rules.houses() {
            let mut seen: Vec<Option<Cell>> = vec![None; self.shape.size()];
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
    pub fn solves(&self, puzzle: &crate::Puzzle) -> bool {
        self.shape == puzzle.shape()
            && self.is_complete()
            && self.conflict(puzzle.rules()).is_none()
            && puzzle
                .grid()
                .givens()
                .all(|(cell, d)| self.get(cell) == Some(d))
    }
}

impl Index<Cell> for Grid {
    type Output = Option<Digit>;
    fn index(&self, cell: Cell) -> &Option<Digit> {
        &self.cells[self.shape.index(cell)]
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid({})",
            crate::format::write_line(self, &Default::default())
        )
    }
}

/// The line format with the default alphabet (numbers on one line past 35×35).
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::format::write_line(self, &Default::default()))
    }
}

/// Parses one puzzle in any format (line, block or tokens) with the default alphabet.
impl std::str::FromStr for Grid {
    type Err = crate::ParseError;
    fn from_str(text: &str) -> Result<Grid, crate::ParseError> {
        crate::format::parse_one(text, &crate::format::ReadOptions::default())
    }
}
