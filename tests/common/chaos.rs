//! Regions to be found, checked independently: every split of a small grid into connected regions, and whether a grid's regions and border counts hold.

use super::Plain;

/// The orthogonal neighbours of cell `i` on an n×n grid.
fn neighbours(n: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / n, i % n);
    let mut out = Vec::new();
    if r > 0 {
        out.push(i - n);
    }
    if r + 1 < n {
        out.push(i + n);
    }
    if c > 0 {
        out.push(i - 1);
    }
    if c + 1 < n {
        out.push(i + 1);
    }
    out
}

/// Whether `cells` (indices on an n×n grid) are orthogonally connected.
fn connected(n: usize, cells: &[usize]) -> bool {
    let mut seen = vec![cells[0]];
    let mut todo = vec![cells[0]];
    while let Some(i) = todo.pop() {
        for j in neighbours(n, i) {
            if cells.contains(&j) && !seen.contains(&j) {
                seen.push(j);
                todo.push(j);
            }
        }
    }
    seen.len() == cells.len()
}

/// Every split of an n×n grid into n connected regions of n cells: the region of each
/// cell, numbered in the order of the regions' first cells (so each split once).
pub fn partitions(n: usize) -> Vec<Vec<usize>> {
    fn rest(n: usize, region: &mut Vec<usize>, next: usize, out: &mut Vec<Vec<usize>>) {
        let Some(first) = region.iter().position(|&r| r == usize::MAX) else {
            out.push(region.clone());
            return;
        };
        let free: Vec<usize> = (first + 1..n * n)
            .filter(|&i| region[i] == usize::MAX)
            .collect();
        // Every choice of n − 1 more free cells (combinations, in order).
        let mut pick: Vec<usize> = (0..n - 1).collect();
        loop {
            if pick.iter().all(|&p| p < free.len()) {
                let mut cells = vec![first];
                cells.extend(pick.iter().map(|&p| free[p]));
                if connected(n, &cells) {
                    for &c in &cells {
                        region[c] = next;
                    }
                    rest(n, region, next + 1, out);
                    for &c in &cells {
                        region[c] = usize::MAX;
                    }
                }
            }
            let k = pick.len();
            let mut i = k;
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                if pick[i] + (k - i) < free.len() {
                    break;
                }
                if i == 0 {
                    return;
                }
            }
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }
    let mut out = Vec::new();
    rest(n, &mut vec![usize::MAX; n * n], 0, &mut out);
    out
}

/// Every n×n Latin square of the digits 1 to n (rows and columns only).
pub fn latin_squares(n: usize) -> Vec<Plain> {
    fn fill(g: &mut Plain, i: usize, n: usize, out: &mut Vec<Plain>) {
        if i == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        for d in 1..=n as u32 {
            if (0..c).any(|j| g[r][j] == d) || (0..r).any(|j| g[j][c] == d) {
                continue;
            }
            g[r][c] = d;
            fill(g, i + 1, n, out);
            g[r][c] = 0;
        }
    }
    let mut out = Vec::new();
    fill(&mut vec![vec![0; n]; n], 0, n, &mut out);
    out
}

/// Why the regions `region` (of each cell, reading order) are no chaos construction's for
/// the complete grid `g`: a region without n cells, not connected, or holding a digit twice.
pub fn regions_problem(g: &Plain, region: &[usize]) -> Option<String> {
    let n = g.len();
    for r in 0..n {
        let cells: Vec<usize> = (0..n * n).filter(|&i| region[i] == r).collect();
        if cells.len() != n {
            return Some(format!("region {r} has {} cells", cells.len()));
        }
        if !connected(n, &cells) {
            return Some(format!("region {r} is not connected"));
        }
        let mut digits: Vec<u32> = cells.iter().map(|&i| g[i / n][i % n]).collect();
        digits.sort();
        digits.dedup();
        if digits.len() != n {
            return Some(format!("region {r} repeats a digit"));
        }
    }
    None
}

/// The region borders along the row and the column of cell (`row`, `col`): neighbours in
/// two regions (the grid's edge is none).
pub fn borders_seen(region: &[usize], n: usize, row: usize, col: usize) -> u32 {
    let mut count = 0;
    for j in 1..n {
        count += u32::from(region[row * n + j - 1] != region[row * n + j]);
        count += u32::from(region[(j - 1) * n + col] != region[j * n + col]);
    }
    count
}

/// The cells of cell `at`'s region (indices on an n×n grid) that it sees along `arms`
/// (each a list of cell indices going out from it; the four straight directions when
/// `None`), each arm up to its first cell of another region, plus `at` itself when
/// `include_first`: what a region-run clue in `at` says.
pub fn region_run(
    region: &[usize],
    n: usize,
    at: usize,
    arms: Option<&[Vec<usize>]>,
    include_first: bool,
) -> u32 {
    let straight: Vec<Vec<usize>>;
    let arms = match arms {
        Some(arms) => arms,
        None => {
            let (r, c) = ((at / n) as i64, (at % n) as i64);
            let n = n as i64;
            straight = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .map(|&(dr, dc)| {
                    (1..n)
                        .map(|k| (r + k * dr, c + k * dc))
                        .take_while(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
                        .map(|(r, c)| (r * n + c) as usize)
                        .collect()
                })
                .collect();
            &straight
        }
    };
    let mut count = u32::from(include_first);
    for arm in arms {
        for &cell in arm {
            if region[cell] != region[at] {
                break;
            }
            count += 1;
        }
    }
    count
}

/// How many of `cells` (indices) lie in the region of the first, the first counted only
/// when `include_first`: what a region-count clue says.
pub fn region_count(region: &[usize], cells: &[usize], include_first: bool) -> u32 {
    let others = cells[1..]
        .iter()
        .filter(|&&c| region[c] == region[cells[0]])
        .count() as u32;
    others + u32::from(include_first)
}

/// The cell `at` and the cells around it (diagonal neighbours too), `at` first: the set a
/// region-count clue looks at unless given one.
pub fn around(n: usize, at: usize) -> Vec<usize> {
    let (r, c) = ((at / n) as i64, (at % n) as i64);
    let mut cells = vec![at];
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            let (rr, cc) = (r + dr, c + dc);
            if (dr, dc) != (0, 0) && (0..n as i64).contains(&rr) && (0..n as i64).contains(&cc) {
                cells.push((rr * n as i64 + cc) as usize);
            }
        }
    }
    cells
}

/// How many different regions `cells` (indices) touch: what a distinct-regions clue says.
pub fn distinct_regions(region: &[usize], cells: &[usize]) -> u32 {
    let mut seen: Vec<usize> = cells.iter().map(|&c| region[c]).collect();
    seen.sort_unstable();
    seen.dedup();
    seen.len() as u32
}
