//! Every 2×2 window of the grid holds a digit of each of three classes: global entropy (a low, a middle and a high digit) and global modular (each remainder mod 3), as sigh's Interactive Sudoku Solver defines them.

use std::fmt;

use super::drawing::Mark;
use super::{CellValues, Constraint, ConstraintCnf, RecordFormat, Written, triad, whole_grid_rule};
use crate::grid::{Cell, Shape};

/// Which classes every window holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WindowKind {
    /// A low, a middle and a high digit (thirds of 1…N: 1–3, 4–6, 7–9 on 9×9).
    Entropy,
    /// A digit of each remainder mod 3 (1-4-7, 2-5-8, 3-6-9 on 9×9).
    Modular,
}

impl WindowKind {
    /// Every kind (each is one rule over the whole grid, named by the rules' table).
    pub const ALL: [WindowKind; 2] = [WindowKind::Entropy, WindowKind::Modular];
}

/// A rule over every 2×2 window of the grid: each holds a digit of every class.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EveryWindow {
    kind: WindowKind,
}

impl EveryWindow {
    /// The rule `kind`.
    pub fn new(kind: WindowKind) -> EveryWindow {
        EveryWindow { kind }
    }

    /// The kind.
    pub fn kind(&self) -> WindowKind {
        self.kind
    }

    /// No record: a rule over the whole grid is written with a file's rules (satdoku's
    /// `rules` list), never as a record of its own.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        whole_grid_rule(self, format)
    }

    /// The class (0, 1 or 2) of the number `v` on a grid of `shape`.
    fn class(&self, shape: Shape, v: usize) -> usize {
        match self.kind {
            WindowKind::Entropy => triad::third(shape)(v),
            WindowKind::Modular => triad::residue(v),
        }
    }

    /// The 2×2 windows of `shape`, each as its four cells in reading order.
    fn windows(shape: Shape) -> impl Iterator<Item = [Cell; 4]> {
        let n = shape.size();
        (0..n - 1).flat_map(move |r| {
            (0..n - 1).map(move |c| {
                [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                    .map(|(r, c)| Cell::new_unchecked(r, c))
            })
        })
    }

    /// Whether the filled cells of `window` leave room for every class: the classes
    /// missing are no more than its blank cells.
    fn window_admits(&self, values: &CellValues<'_>, window: &[Cell]) -> bool {
        let shape = values.shape();
        let mut seen = [false; 3];
        let mut blanks = 0;
        for &cell in window {
            match values.get(cell) {
                Some(v) => seen[self.class(shape, v)] = true,
                None => blanks += 1,
            }
        }
        seen.iter().filter(|&&s| !s).count() <= blanks
    }
}

impl fmt::Display for EveryWindow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            WindowKind::Entropy => "global entropy (every 2×2 holds a low, middle and high digit)",
            WindowKind::Modular => "global modular (every 2×2 holds each remainder mod 3)",
        })
    }
}

impl Constraint for EveryWindow {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        match self.kind {
            WindowKind::Entropy => triad::thirds_problem(shape.digit_count()),
            // 1…N holds every remainder from N = 3 on, and every grid is at least 4×4.
            WindowKind::Modular => None,
        }
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let (n, shape) = (cnf.size(), cnf.shape());
        for window in EveryWindow::windows(shape) {
            for class in 0..3 {
                let clause: Vec<_> = window
                    .iter()
                    .flat_map(|&cell| {
                        (1..=n)
                            .filter(|&v| self.class(shape, shape.number(v)) == class)
                            .map(move |v| (cell, v))
                    })
                    .map(|(cell, v)| cnf.holds(cell, v))
                    .collect();
                cnf.clause(clause);
            }
        }
    }

    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        EveryWindow::windows(shape).map(|w| w.to_vec()).collect()
    }

    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        self.window_admits(values, scope)
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        EveryWindow::windows(values.shape()).all(|w| self.window_admits(values, &w))
    }

    /// Nothing drawn: the legend names the rule with the rules over the whole grid.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Vec::new()
    }
}
