//! A puzzle: a grid of givens checked against its rules.

use std::sync::Arc;

use super::{PuzzleError, Regions, Rules};
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
        let grid = match grid.shape() == rules.shape() {
            true => grid,
            // A grid read with the digits 1 to N, on rules taking more.
            false => {
                let shape = grid.shape();
                grid.reshaped(rules.shape()).ok_or(PuzzleError::Shape {
                    grid: shape,
                    rules: rules.shape(),
                })?
            }
        };
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
        // Rows, columns and regions come first: when one pass of bit masks finds them clean
        // (the common case), the search starts after them.
        let tiling = 3 * self.shape().size();
        let clean = self.tiling_clean(rules);
        if clean && rules.globals.is_empty() && rules.extra.is_empty() && rules.pairs.is_empty() {
            // Rows, columns and regions are every house, and no rule or marked pair relates
            // two cells.
            return None;
        }
        let houses = rules.houses();
        let first = if clean { tiling } else { 0 };
        // Digits seen so far in the house, by index: at most 64 of them.
        let mut seen: [Option<Cell>; 64] = [None; 64];
        let mut found = None;
        for &house in &houses[first.min(houses.len())..] {
            seen[..self.shape().digit_count()].fill(None);
            rules.visit_cells(house, &mut |cell| {
                let Some(digit) = self.get(cell) else {
                    return true;
                };
                match seen[digit.index()] {
                    Some(first) => {
                        found = Some(Conflict {
                            digit,
                            relation: Relation::House(house),
                            first,
                            second: cell,
                        });
                        false
                    }
                    None => {
                        seen[digit.index()] = Some(cell);
                        true
                    }
                }
            });
            if found.is_some() {
                return found;
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

    /// Whether no digit repeats in a row, a column or a region (box or jigsaw region) under
    /// `rules`: one pass over the cells with a bit mask per house.
    fn tiling_clean(&self, rules: &Rules) -> bool {
        if rules.shape() != self.shape() {
            // Rules of another size: the exact search says what it finds.
            return false;
        }
        let n = self.shape().size();
        let mut masks = [0u64; 3 * 64];
        let region_of = |cell: Cell| match rules.region_kind() {
            Regions::Boxes(boxes) => boxes.box_of(cell),
            Regions::Jigsaw(jigsaw) => jigsaw.region_of(cell),
            // No regions: the row again, which changes nothing.
            Regions::None => cell.row(),
        };
        self.givens().all(|(cell, digit)| {
            let bit = 1u64 << digit.index();
            [cell.row(), n + cell.col(), 2 * n + region_of(cell)]
                .into_iter()
                .all(|house| {
                    let clean = masks[house] & bit == 0;
                    masks[house] |= bit;
                    clean
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{BoxShape, Digit};
    use crate::rules::GlobalRule;

    /// The first conflict by the definition: houses in order, each house's cells in order,
    /// then the other pairs (the search `conflict` speeds up).
    fn by_definition(grid: &Grid, rules: &Rules) -> Option<Conflict> {
        for house in rules.houses() {
            let cells = rules.cells(house);
            for (j, &second) in cells.iter().enumerate() {
                let Some(digit) = grid.get(second) else {
                    continue;
                };
                if let Some(&first) = cells[..j].iter().find(|&&c| grid.get(c) == Some(digit)) {
                    return Some(Conflict {
                        digit,
                        relation: Relation::House(house),
                        first,
                        second,
                    });
                }
            }
        }
        rules
            .differences()
            .into_iter()
            .find_map(|(first, second, relation)| {
                let digit = grid.get(first)?;
                (grid.get(second) == Some(digit)).then_some(Conflict {
                    digit,
                    relation,
                    first,
                    second,
                })
            })
    }

    #[test]
    fn the_first_conflict_is_the_one_the_definition_finds() {
        let shape = Shape::from_size(9).unwrap();
        let boxes = Rules::boxes(BoxShape::new(3, 3).unwrap());
        let region_of: Vec<u8> = shape
            .cells()
            .map(|c| ((c.row() + c.col() / 3) % 9) as u8)
            .collect();
        let jigsaw = crate::rules::Jigsaw::new(shape, region_of, "ABCDEFGHI".chars().collect());
        let mut rule_sets = vec![
            boxes.clone(),
            boxes.clone().with_global(GlobalRule::Diagonal).unwrap(),
            boxes.clone().with_global(GlobalRule::Windoku).unwrap(),
            boxes.clone().with_global(GlobalRule::AntiKnight).unwrap(),
            boxes
                .clone()
                .with_extra_region(&shape.cells().step_by(9).collect::<Vec<_>>())
                .unwrap(),
        ];
        rule_sets.push(Rules::jigsaw(jigsaw.unwrap()));
        // A fixed pseudo-random stream of sparse and dense grids.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for rules in &rule_sets {
            let mut conflicts = 0;
            for round in 0..400 {
                let mut grid = Grid::empty(shape);
                let filled = 3 + round % 20;
                for _ in 0..filled {
                    let cell = shape.cell_at(next(81) as usize).unwrap();
                    grid.set(cell, Digit::new(1 + next(9) as u8));
                }
                let found = grid.conflict(rules);
                assert_eq!(found, by_definition(&grid, rules), "{rules}: {grid}");
                conflicts += usize::from(found.is_some());
            }
            assert!(
                conflicts > 50 && conflicts < 400,
                "{rules}: {conflicts} conflicts"
            );
        }
    }
}
