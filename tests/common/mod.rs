//! Test helpers: an independent validator and readers for the bundled puzzle files.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A grid as plain numbers, 0 for blank, independent of the library's types.
pub type Plain = Vec<Vec<u32>>;

/// The path of a bundled puzzle file.
pub fn puzzle_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name)
}

/// Parses a grid written on one line: symbols 1-9A-Z (`.` or `0` blank), or, past 35×35,
/// comma-separated numbers.
pub fn parse_line(text: &str) -> Plain {
    let values: Vec<u32> = if text.contains(',') {
        text.split(',').map(|t| t.trim().parse().unwrap()).collect()
    } else {
        text.chars()
            .map(|ch| match ch {
                '.' | '0' => 0,
                _ => "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    .find(ch.to_ascii_uppercase())
                    .map(|i| i as u32 + 1)
                    .unwrap_or_else(|| panic!("bad symbol {ch}")),
            })
            .collect()
    };
    let size = (values.len() as f64).sqrt() as usize;
    assert_eq!(size * size, values.len(), "not a square grid: {text}");
    values.chunks(size).map(|row| row.to_vec()).collect()
}

/// The solutions file of a bundled set: one line each, `None` for `#` lines (no solution).
pub fn known_solutions(name: &str) -> Vec<Option<Plain>> {
    let stem = name.rsplit_once('.').unwrap().0;
    let text = std::fs::read_to_string(puzzle_path(&format!("{stem}.solutions.txt"))).unwrap();
    text.lines()
        .map(|line| (!line.starts_with('#')).then(|| parse_line(line)))
        .collect()
}

/// The cells of every house: rows, columns, boxes and, when `diagonal`, both diagonals.
fn houses(size: usize, diagonal: bool) -> Vec<Vec<(usize, usize)>> {
    let n = (size as f64).sqrt() as usize;
    let mut houses = Vec::new();
    for i in 0..size {
        houses.push((0..size).map(|j| (i, j)).collect());
        houses.push((0..size).map(|j| (j, i)).collect());
        houses.push(
            (0..size)
                .map(|j| ((i / n) * n + j / n, (i % n) * n + j % n))
                .collect(),
        );
    }
    if diagonal {
        houses.push((0..size).map(|i| (i, i)).collect());
        houses.push((0..size).map(|i| (i, size - 1 - i)).collect());
    }
    houses
}

/// Why `solution` is not a valid solution of `puzzle`, or `Ok` when it is: complete,
/// every house holding every digit 1..=N once, every given kept.
pub fn check_solution(puzzle: &Plain, solution: &Plain, diagonal: bool) -> Result<(), String> {
    let size = puzzle.len();
    if solution.len() != size || solution.iter().any(|row| row.len() != size) {
        return Err(format!("solution is not {size}×{size}"));
    }
    for (r, row) in puzzle.iter().enumerate() {
        for (c, &given) in row.iter().enumerate() {
            if given != 0 && solution[r][c] != given {
                return Err(format!("given r{}c{}={given} changed", r + 1, c + 1));
            }
        }
    }
    for house in houses(size, diagonal) {
        let mut seen = vec![false; size + 1];
        for (r, c) in house {
            let v = solution[r][c] as usize;
            if v == 0 || v > size || seen[v] {
                return Err(format!("bad or repeated digit {v} at r{}c{}", r + 1, c + 1));
            }
            seen[v] = true;
        }
    }
    Ok(())
}

/// A library grid as plain numbers.
pub fn plain(grid: &satdoku::Grid) -> Plain {
    let shape = grid.shape();
    (0..shape.size())
        .map(|r| {
            (0..shape.size())
                .map(|c| {
                    grid.get(shape.cell(r, c).unwrap())
                        .map_or(0, |d| u32::from(d.get()))
                })
                .collect()
        })
        .collect()
}

/// The puzzles of a bundled file, read independently of the library: `#` comments, one-line
/// puzzles, or grids of numbers (one row per line) separated by blank lines.
pub fn parse_file(name: &str) -> Vec<Plain> {
    let text = std::fs::read_to_string(puzzle_path(name)).unwrap();
    let mut puzzles = Vec::new();
    let mut rows: Plain = Vec::new();
    for raw in text.lines().chain(std::iter::once("")) {
        let content = raw.split('#').next().unwrap().trim();
        if content.is_empty() {
            if !rows.is_empty() {
                puzzles.push(std::mem::take(&mut rows));
            }
            continue;
        }
        if content.contains(' ') || content.contains(',') {
            rows.push(
                content
                    .split([' ', ','])
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse().unwrap())
                    .collect(),
            );
        } else {
            puzzles.push(parse_line(content));
        }
    }
    puzzles
}

/// Counts the solutions of a plain puzzle by simple backtracking, up to `limit` — an
/// independent reference for small grids.
pub fn brute_force_count(puzzle: &Plain, diagonal: bool, limit: usize) -> usize {
    let size = puzzle.len();
    let houses = houses(size, diagonal);
    let cell_houses: Vec<Vec<usize>> = (0..size * size)
        .map(|i| {
            (0..houses.len())
                .filter(|&h| houses[h].contains(&(i / size, i % size)))
                .collect()
        })
        .collect();
    let mut grid = puzzle.clone();
    // Givens must not clash among themselves.
    for house in &houses {
        let mut seen = vec![false; size + 1];
        for &(r, c) in house {
            let v = grid[r][c] as usize;
            if v != 0 {
                if seen[v] {
                    return 0;
                }
                seen[v] = true;
            }
        }
    }
    fn go(
        grid: &mut Plain,
        pos: usize,
        houses: &[Vec<(usize, usize)>],
        cell_houses: &[Vec<usize>],
        count: &mut usize,
        limit: usize,
    ) {
        let size = grid.len();
        if *count >= limit {
            return;
        }
        if pos == size * size {
            *count += 1;
            return;
        }
        let (r, c) = (pos / size, pos % size);
        if grid[r][c] != 0 {
            return go(grid, pos + 1, houses, cell_houses, count, limit);
        }
        for v in 1..=size as u32 {
            let clash = cell_houses[pos]
                .iter()
                .any(|&h| houses[h].iter().any(|&(i, j)| grid[i][j] == v));
            if !clash {
                grid[r][c] = v;
                go(grid, pos + 1, houses, cell_houses, count, limit);
                grid[r][c] = 0;
            }
        }
    }
    let mut count = 0;
    go(&mut grid, 0, &houses, &cell_houses, &mut count, limit);
    count
}
