//! An independent reader and checker of f-puzzles puzzles: every rule and constraint re-implemented from f-puzzles' JSON, sharing no code with the library.
#![allow(clippy::needless_range_loop)]

mod check;
mod read;
mod read_lines;
mod read_marks;

use super::Plain;

pub use check::Check;
// Test crates that read no f-puzzles file leave it unused.
#[allow(unused_imports)]
pub use read::read;

type Pos = (usize, usize);

/// An f-puzzles puzzle read independently.
#[derive(Clone, Debug)]
pub struct FpPuzzle {
    pub size: usize,
    /// The largest digit: the size, unless the test gives the grid more digits than a house
    /// has cells (each house's digits then only differ).
    pub digits: usize,
    pub givens: Plain,
    /// The houses: rows, columns, regions, diagonals, disjoint groups, extra regions.
    pub houses: Vec<Vec<Pos>>,
    /// Cells that must differ (anti-knight, anti-king).
    pub apart: Vec<(Pos, Pos)>,
    pub checks: Vec<Check>,
    pub solution: Option<Plain>,
}

impl FpPuzzle {
    /// Why `g` is not a solution: a house repeating a digit, a constraint broken, a given
    /// changed, a cell blank.
    pub fn violation(&self, g: &Plain) -> Option<String> {
        let n = self.size;
        for r in 0..n {
            for c in 0..n {
                if !(1..=self.digits as u32).contains(&g[r][c]) {
                    return Some(format!("r{}c{} holds {}", r + 1, c + 1, g[r][c]));
                }
                if self.givens[r][c] != 0 && self.givens[r][c] != g[r][c] {
                    return Some(format!("r{}c{} changed a given", r + 1, c + 1));
                }
            }
        }
        for house in &self.houses {
            let mut x: Vec<u32> = house.iter().map(|&(r, c)| g[r][c]).collect();
            x.sort();
            x.dedup();
            if x.len() != house.len() {
                return Some(format!("a digit repeats in {house:?}"));
            }
        }
        for &(a, b) in &self.apart {
            if g[a.0][a.1] == g[b.0][b.1] {
                return Some(format!("{a:?} and {b:?} must differ"));
            }
        }
        self.checks
            .iter()
            .find(|c| !c.holds(g))
            .map(|c| format!("broken: {c:?}"))
    }

    /// The number of solutions, counting at most `limit`, by brute force: cells in reading
    /// order, each check tested once all its cells are filled.
    pub fn brute_force_count(&self, limit: usize) -> usize {
        let n = self.size;
        let last_cell = |cells: &[Pos]| cells.iter().map(|&(r, c)| r * n + c).max().unwrap_or(0);
        let mut due: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (k, check) in self.checks.iter().enumerate() {
            due[last_cell(&check.cells(n))].push(k);
        }
        let mut peers: Vec<Vec<Pos>> = vec![Vec::new(); n * n];
        for house in &self.houses {
            for &a in house {
                peers[a.0 * n + a.1].extend(house.iter().filter(|&&b| b != a));
            }
        }
        for &(a, b) in &self.apart {
            peers[a.0 * n + a.1].push(b);
            peers[b.0 * n + b.1].push(a);
        }
        let mut g = self.givens.clone();
        let mut count = 0;
        self.go(&mut g, 0, &due, &peers, &mut count, limit);
        count
    }

    fn go(
        &self,
        g: &mut Plain,
        i: usize,
        due: &[Vec<usize>],
        peers: &[Vec<Pos>],
        count: &mut usize,
        limit: usize,
    ) {
        let n = self.size;
        if *count >= limit {
            return;
        }
        if i == n * n {
            *count += 1;
            return;
        }
        let (r, c) = (i / n, i % n);
        let options: Vec<u32> = if self.givens[r][c] != 0 {
            vec![self.givens[r][c]]
        } else {
            (1..=self.digits as u32).collect()
        };
        for d in options {
            // A given's peers are checked when they are filled, and a given against the
            // givens before it here.
            if peers[i].iter().any(|&(pr, pc)| {
                (pr * n + pc < i || self.givens[pr][pc] != 0)
                    && g[pr][pc] == d
                    && (pr, pc) != (r, c)
            }) {
                continue;
            }
            g[r][c] = d;
            if due[i].iter().all(|&k| self.checks[k].holds(g)) {
                self.go(g, i + 1, due, peers, count, limit);
            }
            g[r][c] = self.givens[r][c];
        }
    }
}
