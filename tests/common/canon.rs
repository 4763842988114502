//! An independent canonicaliser for tests: every move of rows and columns tried in turn (no pruning beyond a running minimum), and random moves drawn the test's own way.

use super::{Plain, Rng};

/// Every order of `0..n` that keeps blocks of `size` lines together.
pub fn block_orders(n: usize, size: usize) -> Vec<Vec<usize>> {
    fn orders(items: &[usize]) -> Vec<Vec<usize>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut all = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.to_vec();
            let first = rest.remove(i);
            for tail in orders(&rest) {
                all.push([vec![first], tail].concat());
            }
        }
        all
    }
    let blocks: Vec<usize> = (0..n / size).collect();
    let inner: Vec<usize> = (0..size).collect();
    let mut all = Vec::new();
    for block_order in orders(&blocks) {
        let mut partial: Vec<Vec<usize>> = vec![vec![]];
        for &b in &block_order {
            let mut grown = Vec::new();
            for prefix in &partial {
                for order in orders(&inner) {
                    let mut next = prefix.clone();
                    next.extend(order.iter().map(|&i| b * size + i));
                    grown.push(next);
                }
            }
            partial = grown;
        }
        all.extend(partial);
    }
    all
}

/// The least relabelled grid over every move of rows (in bands of `box_rows`) and columns
/// (in stacks of `box_cols`), and transposition when the boxes are square: by brute force,
/// each move's grid compared with the least so far cell by cell (relabelled in order of
/// first appearance, blank 0) and dropped at the first greater cell.
pub fn brute_minlex(grid: &Plain, box_rows: usize, box_cols: usize) -> Vec<u32> {
    let n = grid.len();
    let rows = block_orders(n, box_rows);
    let cols = block_orders(n, box_cols);
    let flips: &[bool] = if box_rows == box_cols {
        &[false, true]
    } else {
        &[false]
    };
    let mut best = vec![u32::MAX; n * n];
    let mut form = vec![0u32; n * n];
    for &flip in flips {
        for r in &rows {
            'moves: for c in &cols {
                let mut labels = vec![0u32; n + 1];
                let mut next = 1;
                let mut smaller = false;
                for i in 0..n * n {
                    let (a, b) = (r[i / n], c[i % n]);
                    let v = if flip { grid[b][a] } else { grid[a][b] } as usize;
                    let label = if v == 0 {
                        0
                    } else {
                        if labels[v] == 0 {
                            labels[v] = next;
                            next += 1;
                        }
                        labels[v]
                    };
                    form[i] = label;
                    if !smaller {
                        if label > best[i] {
                            continue 'moves;
                        }
                        smaller = label < best[i];
                    }
                }
                if smaller {
                    best.copy_from_slice(&form);
                }
            }
        }
    }
    best
}

/// `grid` moved by a random move of rows and columns (kept in bands of `box_rows` and
/// stacks of `box_cols`), transposed half the time when the boxes are square, and its
/// digits relabelled at random.
pub fn random_copy(grid: &Plain, box_rows: usize, box_cols: usize, rng: &mut Rng) -> Plain {
    let n = grid.len();
    let shuffle = |rng: &mut Rng, items: &mut Vec<usize>| {
        for i in (1..items.len()).rev() {
            items.swap(i, rng.below(i + 1));
        }
    };
    let order = |rng: &mut Rng, size: usize| {
        let mut blocks: Vec<usize> = (0..n / size).collect();
        shuffle(rng, &mut blocks);
        let mut out = Vec::new();
        for b in blocks {
            let mut lines: Vec<usize> = (b * size..(b + 1) * size).collect();
            shuffle(rng, &mut lines);
            out.extend(lines);
        }
        out
    };
    let rows = order(rng, box_rows);
    let cols = order(rng, box_cols);
    let flip = box_rows == box_cols && rng.below(2) == 1;
    let mut digits: Vec<usize> = (1..=n).collect();
    shuffle(rng, &mut digits);
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (a, b) = (rows[i], cols[j]);
                    let v = if flip { grid[b][a] } else { grid[a][b] };
                    if v == 0 {
                        0
                    } else {
                        digits[v as usize - 1] as u32
                    }
                })
                .collect()
        })
        .collect()
}

/// `grid` turned or mirrored (`k` from 0 to 7, 0 unchanged).
pub fn turned(grid: &Plain, k: usize) -> Plain {
    let n = grid.len();
    let last = n - 1;
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let (a, b) = match k {
                        0 => (r, c),
                        1 => (c, last - r),
                        2 => (last - r, last - c),
                        3 => (last - c, r),
                        4 => (r, last - c),
                        5 => (last - r, c),
                        6 => (c, r),
                        _ => (last - c, last - r),
                    };
                    grid[a][b]
                })
                .collect()
        })
        .collect()
}

/// The grid as one line of symbols (`.` blank).
pub fn line(grid: &Plain) -> String {
    grid.iter()
        .flatten()
        .map(|&v| match v {
            0 => '.',
            v => "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".as_bytes()[v as usize - 1] as char,
        })
        .collect()
}
