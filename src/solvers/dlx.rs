//! Exact cover: Knuth's Algorithm X with dancing links.

use std::time::Instant;

use super::budget::Budget;
use super::names::SolverKind;
use super::solver::{Outcome, Solver};
use crate::grid::Digit;
use crate::rules::Layout;
use crate::rules::Puzzle;

/// Sudoku as exact cover, solved by Knuth's Algorithm X with dancing links.
///
/// Each (cell, digit) choice is a row; it covers one column for its cell and one for the
/// digit in each house holding the cell. Columns with the fewest rows are chosen first. The
/// matrix of a set of rules is built once; each puzzle selects its givens' rows and
/// gives them back after the search, so the links are reused.
///
/// Its effort is the number of rows tried (search nodes).
///
/// ```
/// use satdoku::{DlxSolver, Grid, Puzzle, Solver};
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
///     .parse()?;
/// let puzzle = Puzzle::standard(grid)?;
/// let solution = DlxSolver::default().solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct DlxSolver {
    matrix: Option<Matrix>,
}

impl Solver for DlxSolver {
    fn name(&self) -> &'static str {
        SolverKind::Dlx.name()
    }

    fn effort_unit(&self) -> &'static str {
        "nodes"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        if !self.matrix.as_ref().is_some_and(|m| m.layout.fits(puzzle)) {
            self.matrix = Some(Matrix::new(Layout::new(puzzle.rules())));
        }
        let matrix = self.matrix.as_mut().expect("just built");
        let size = matrix.layout.shape.digit_count();
        let given_nodes: Vec<usize> = puzzle
            .grid()
            .givens()
            .map(|(cell, digit)| {
                matrix.row_start[matrix.layout.shape.index(cell) * size + digit.index()]
            })
            .collect();
        for &node in &given_nodes {
            matrix.select(node);
        }
        let values = matrix.layout.values(puzzle.grid());
        let mut search = Search {
            budget: Budget::new(limit, deadline),
            stack: Vec::new(),
            puzzle,
            values,
        };
        // Variant constraints are checked on the cells filled so far as rows are chosen;
        // those among the givens alone once, here.
        if matrix.layout.rules.admits(&search.values) {
            search.go(matrix);
        }
        for &node in given_nodes.iter().rev() {
            matrix.unselect(node);
        }
        search.budget.finish()
    }
}

/// The dancing-links matrix: node 0 is the root, nodes 1..=columns the column headers,
/// then a node per column of each row. Primary columns (a cell's digit, a house's digit)
/// must be covered once; secondary columns (a digit of two cells apart by a relation such
/// as anti-knight, Knuth's generalised exact cover) at most once, so their headers are
/// left out of the root's list.
#[derive(Debug)]
struct Matrix {
    layout: Layout,
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    row: Vec<usize>,
    size: Vec<usize>,
    /// The first node of each row, by row number cell·N + digit.
    row_start: Vec<usize>,
}

impl Matrix {
    fn new(layout: Layout) -> Matrix {
        let n = layout.shape.digit_count();
        let cells = layout.shape.cell_count();
        let house_digits = layout.house_count() * n;
        // Each house holds each digit exactly once (a primary column) when there are as
        // many digits as its cells, at most once (a secondary column) when there are more.
        let primary = cells
            + if layout.shape.is_exact() {
                house_digits
            } else {
                0
            };
        let headers = 1 + cells + house_digits + layout.apart().len() * n;
        let mut cell_houses = vec![Vec::new(); cells];
        for (h, house) in layout.houses().enumerate() {
            for &cell in house {
                cell_houses[cell as usize].push(h);
            }
        }
        let mut cell_pairs = vec![Vec::new(); cells];
        for (p, &(a, b)) in layout.apart().iter().enumerate() {
            cell_pairs[a as usize].push(p);
            cell_pairs[b as usize].push(p);
        }
        // The root and the primary headers in a circle; secondary headers on their own.
        let circle = primary + 1;
        let mut m = Matrix {
            left: (0..headers)
                .map(|i| {
                    if i < circle {
                        (i + circle - 1) % circle
                    } else {
                        i
                    }
                })
                .collect(),
            right: (0..headers)
                .map(|i| if i < circle { (i + 1) % circle } else { i })
                .collect(),
            up: (0..headers).collect(),
            down: (0..headers).collect(),
            column: (0..headers).collect(),
            row: vec![usize::MAX; headers],
            size: vec![0; headers],
            row_start: Vec::with_capacity(cells * n),
            layout,
        };
        for row in 0..cells * n {
            let (cell, digit) = (row / n, row % n);
            let cols = std::iter::once(1 + cell)
                .chain(cell_houses[cell].iter().map(|h| 1 + cells + h * n + digit))
                .chain(
                    cell_pairs[cell]
                        .iter()
                        .map(|p| 1 + cells + house_digits + p * n + digit),
                );
            let first = m.left.len();
            for (k, col) in cols.enumerate() {
                let node = m.left.len();
                let prev = if k == 0 { node } else { node - 1 };
                m.left.push(prev);
                m.right.push(first);
                if k > 0 {
                    m.right[prev] = node;
                    m.left[first] = node;
                }
                m.up.push(m.up[col]);
                m.down.push(col);
                let above = m.up[col];
                m.down[above] = node;
                m.up[col] = node;
                m.column.push(col);
                m.row.push(row);
                m.size[col] += 1;
            }
            m.row_start.push(first);
        }
        m
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                self.size[self.column[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    /// Takes the row of `node` into the solution: covers all its columns.
    fn select(&mut self, node: usize) {
        self.cover(self.column[node]);
        let mut j = self.right[node];
        while j != node {
            self.cover(self.column[j]);
            j = self.right[j];
        }
    }

    /// Undoes [`Matrix::select`].
    fn unselect(&mut self, node: usize) {
        let mut j = self.left[node];
        while j != node {
            self.uncover(self.column[j]);
            j = self.left[j];
        }
        self.uncover(self.column[node]);
    }
}

struct Search<'a> {
    budget: Budget,
    /// The rows chosen, by row number cell·N + digit.
    stack: Vec<usize>,
    puzzle: &'a Puzzle,
    /// The value of each cell so far (0: open), for the variant constraints' checks.
    values: Vec<u8>,
}

impl Search<'_> {
    fn go(&mut self, m: &mut Matrix) {
        if m.right[0] == 0 {
            let (puzzle, stack) = (self.puzzle, &self.stack);
            self.budget.solution(|| {
                let mut grid = puzzle.grid().clone();
                let (shape, size) = (m.layout.shape, m.layout.shape.digit_count());
                for &row in stack {
                    let cell = shape.cell_at(row / size).expect("row of a cell");
                    grid.set(cell, Some(Digit::from_index(row % size)));
                }
                grid
            });
            return;
        }
        let mut best = m.right[0];
        let mut c = m.right[best];
        while c != 0 {
            if m.size[c] < m.size[best] {
                best = c;
            }
            c = m.right[c];
        }
        if m.size[best] == 0 {
            return;
        }
        m.cover(best);
        let mut r = m.down[best];
        let size = m.layout.shape.digit_count();
        let constrained = m.layout.has_constraints();
        while r != best && self.budget.step() {
            let row = m.row[r];
            self.stack.push(row);
            let mut j = m.right[r];
            while j != r {
                m.cover(m.column[j]);
                j = m.right[j];
            }
            if constrained {
                let cell = row / size;
                self.values[cell] = (row % size + 1) as u8;
                if m.layout.admits_at(&self.values, cell) {
                    self.go(m);
                }
                self.values[cell] = 0;
            } else {
                self.go(m);
            }
            let mut j = m.left[r];
            while j != r {
                m.uncover(m.column[j]);
                j = m.left[j];
            }
            self.stack.pop();
            r = m.down[r];
        }
        m.uncover(best);
    }
}
