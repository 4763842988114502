//! Reading the marks of an f-puzzles file (dots, XV, their negative rules, odd/even and minimum/maximum cells, quadruples, clones, indexers) into the validator's checks.
#![allow(clippy::needless_range_loop)]

use serde_json::Value;

use super::read::{cell, cells, flag, list, number};
use super::{Check, Pos};

/// Pushes a check for every mark in `json` and for the negative rules; `region` gives each
/// cell's region, `n` the grid's size.
pub(super) fn read_marks(json: &Value, n: usize, region: &[Vec<usize>], checks: &mut Vec<Check>) {
    let mut dotted = Vec::new();
    let (mut whites, mut blacks) = (vec![1], vec![2]);
    for e in list(json, "difference") {
        let cs = cells(&e["cells"]);
        let d = number(e).unwrap_or(1);
        whites.push(d);
        dotted.push((cs[0], cs[1]));
        checks.push(Check::White(cs[0], cs[1], d));
    }
    for e in list(json, "ratio") {
        let cs = cells(&e["cells"]);
        let k = number(e).unwrap_or(2);
        blacks.push(k);
        dotted.push((cs[0], cs[1]));
        checks.push(Check::Black(cs[0], cs[1], k));
    }
    let mut lettered = Vec::new();
    for e in list(json, "xv") {
        let cs = cells(&e["cells"]);
        let sum = if e["value"].as_str() == Some("X") {
            10
        } else {
            5
        };
        lettered.push((cs[0], cs[1]));
        checks.push(Check::Xv(cs[0], cs[1], sum));
    }
    let unmarked = |marked: &[(Pos, Pos)]| -> Vec<(Pos, Pos)> {
        orthogonal_pairs(n)
            .into_iter()
            .filter(|&p| !marked.iter().any(|&m| same_pair(m, p)))
            .collect()
    };
    let negative: Vec<&str> = list(json, "negative")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    if negative.contains(&"difference") {
        checks.push(Check::NoDifference(whites.clone(), unmarked(&dotted)));
    }
    if flag(json, "nonconsecutive") {
        checks.push(Check::NoDifference(vec![1], unmarked(&dotted)));
    }
    if negative.contains(&"ratio") {
        checks.push(Check::NoRatio(blacks.clone(), unmarked(&dotted)));
    }
    if negative.contains(&"xv") {
        checks.push(Check::NoXv(unmarked(&lettered)));
    }
    for e in list(json, "odd") {
        checks.push(Check::Odd(cell(&e["cell"])));
    }
    for e in list(json, "even") {
        checks.push(Check::Even(cell(&e["cell"])));
    }
    let minima: Vec<Pos> = list(json, "minimum")
        .iter()
        .map(|e| cell(&e["cell"]))
        .collect();
    for &c in &minima {
        checks.push(Check::Min(c, minima.clone()));
    }
    let maxima: Vec<Pos> = list(json, "maximum")
        .iter()
        .map(|e| cell(&e["cell"]))
        .collect();
    for &c in &maxima {
        checks.push(Check::Max(c, maxima.clone()));
    }
    for e in list(json, "quadruple") {
        let values = e["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        checks.push(Check::Quad(cells(&e["cells"]), values));
    }
    for e in list(json, "clone") {
        checks.push(Check::Clone(cells(&e["cells"]), cells(&e["cloneCells"])));
    }
    for (key, kind) in [("rowindexer", 0), ("columnindexer", 1), ("boxindexer", 2)] {
        for e in list(json, key) {
            for (r, c) in cells(&e["cells"]) {
                let (house, place): (Vec<Pos>, usize) = match kind {
                    0 => ((0..n).map(|i| (i, c)).collect(), r),
                    1 => ((0..n).map(|j| (r, j)).collect(), c),
                    _ => {
                        let house: Vec<Pos> = (0..n * n)
                            .map(|k| (k / n, k % n))
                            .filter(|&(a, b)| region[a][b] == region[r][c])
                            .collect();
                        let place = house.iter().position(|&p| p == (r, c)).unwrap();
                        (house, place)
                    }
                };
                checks.push(Check::Indexer((r, c), house, place as u32 + 1));
            }
        }
    }
}

fn orthogonal_pairs(n: usize) -> Vec<(Pos, Pos)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                out.push(((r, c), (r, c + 1)));
            }
            if r + 1 < n {
                out.push(((r, c), (r + 1, c)));
            }
        }
    }
    out
}

fn same_pair(a: (Pos, Pos), b: (Pos, Pos)) -> bool {
    a == b || (a.1, a.0) == b
}
