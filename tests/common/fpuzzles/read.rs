//! Reading an f-puzzles JSON file: its grid, houses and cells to differ, each family's constraints by its field.
#![allow(clippy::needless_range_loop)]

use serde_json::Value;

use super::read_lines::read_lines;
use super::read_marks::read_marks;
use super::{Check, FpPuzzle, Pos};

/// A cell named `RrCc`, 1-based as written (clues outside the grid have 0 or N+1).
pub(super) fn pos(v: &Value) -> (usize, usize) {
    let s = v.as_str().unwrap().to_ascii_uppercase();
    let (r, c) = s[1..].split_once('C').unwrap();
    (r.parse().unwrap(), c.parse().unwrap())
}

/// A cell named `RrCc` inside the grid, 0-based.
pub(super) fn cell(v: &Value) -> Pos {
    let (r, c) = pos(v);
    (r - 1, c - 1)
}

/// A list of cells, 0-based.
pub(super) fn cells(v: &Value) -> Vec<Pos> {
    v.as_array().unwrap().iter().map(cell).collect()
}

/// An entry's `value` as a number, written as a string or a number; none when blank.
pub(super) fn number(v: &Value) -> Option<u32> {
    match v.get("value")? {
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.trim().parse().unwrap()),
        Value::Number(n) => Some(n.as_u64().unwrap() as u32),
        _ => None,
    }
}

/// The entries of a family's field, none when the file lacks it.
pub(super) fn list<'a>(json: &'a Value, key: &str) -> Vec<&'a Value> {
    json.get(key)
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

/// An entry's `lines`, each a list of cells.
pub(super) fn lines(v: &Value) -> Vec<Vec<Pos>> {
    v["lines"].as_array().unwrap().iter().map(cells).collect()
}

/// Whether a rule's flag is set.
pub(super) fn flag(json: &Value, key: &str) -> bool {
    json.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// Reads an f-puzzles JSON file.
pub fn read(path: &std::path::Path) -> FpPuzzle {
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let n = json["size"].as_u64().unwrap() as usize;
    let grid = json["grid"].as_array().unwrap();
    let mut givens = vec![vec![0; n]; n];
    let mut region = vec![vec![usize::MAX; n]; n];
    // Cells marked odd or even in the grid itself.
    let mut parity_marks = Vec::new();
    let (br, bc) = match n {
        4 => (2, 2),
        6 => (2, 3),
        8 => (2, 4),
        9 => (3, 3),
        12 => (3, 4),
        16 => (4, 4),
        _ => (1, n),
    };
    for r in 0..n {
        for c in 0..n {
            let cell = &grid[r][c];
            if cell.get("given").and_then(Value::as_bool) == Some(true) {
                // A number, or a string of one.
                givens[r][c] = match &cell["value"] {
                    Value::String(text) => text.trim().parse().unwrap(),
                    value => value.as_u64().unwrap() as u32,
                };
            }
            match cell.get("parity").and_then(Value::as_str) {
                Some("Odd") => parity_marks.push(Check::Odd((r, c))),
                Some("Even") => parity_marks.push(Check::Even((r, c))),
                _ => {}
            }
            region[r][c] = cell
                .get("region")
                .and_then(Value::as_u64)
                .map(|k| k as usize)
                .unwrap_or((r / br) * (n / bc) + c / bc);
        }
    }
    let mut houses: Vec<Vec<Pos>> = Vec::new();
    for i in 0..n {
        houses.push((0..n).map(|j| (i, j)).collect());
        houses.push((0..n).map(|j| (j, i)).collect());
        houses.push(
            (0..n * n)
                .map(|k| (k / n, k % n))
                .filter(|&(r, c)| region[r][c] == i)
                .collect(),
        );
    }
    if flag(&json, "diagonal-") {
        houses.push((0..n).map(|i| (i, i)).collect());
    }
    if flag(&json, "diagonal+") {
        houses.push((0..n).map(|i| (n - 1 - i, i)).collect());
    }
    if flag(&json, "disjointgroups") {
        for k in 0..n {
            houses.push(
                (0..n * n)
                    .map(|i| (i / n, i % n))
                    .filter(|&(r, c)| (r % br) * bc + c % bc == k)
                    .collect(),
            );
        }
    }
    let mut checks = parity_marks;
    for e in list(&json, "extraregion") {
        let cs = cells(&e["cells"]);
        if cs.len() == n {
            houses.push(cs);
        } else {
            checks.push(Check::Cage(cs, None));
        }
    }
    let mut apart = Vec::new();
    for (on, moves) in [
        (
            flag(&json, "antiknight"),
            &[(1, 2), (2, 1), (1, -2), (2, -1)][..],
        ),
        (flag(&json, "antiking"), &[(1, 1), (1, -1)][..]),
    ] {
        if on {
            for r in 0..n as i64 {
                for c in 0..n as i64 {
                    for &(dr, dc) in moves {
                        let (r2, c2) = (r + dr, c + dc);
                        if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                            apart.push(((r as usize, c as usize), (r2 as usize, c2 as usize)));
                        }
                    }
                }
            }
        }
    }
    for e in list(&json, "killercage") {
        checks.push(Check::Cage(cells(&e["cells"]), number(e)));
    }
    for e in list(&json, "cage") {
        let value = e.get("value").and_then(Value::as_str).unwrap_or("");
        if let Some(root) = value.trim().strip_prefix("DR") {
            checks.push(Check::RootCage(cells(&e["cells"]), root.parse().unwrap()));
        }
    }
    for e in list(&json, "littlekillersum") {
        if let Some(sum) = number(e) {
            checks.push(Check::LittleKiller(cells(&e["cells"]), sum));
        }
    }
    for e in list(&json, "sandwichsum") {
        let Some(sum) = number(e) else { continue };
        let (r, c) = pos(&e["cell"]);
        let line: Vec<Pos> = if r == 0 || r == n + 1 {
            (0..n).map(|i| (i, c - 1)).collect()
        } else {
            (0..n).map(|i| (r - 1, i)).collect()
        };
        checks.push(Check::Sandwich(line, sum));
    }
    read_lines(&json, n, &region, &mut checks);
    read_marks(&json, n, &region, &mut checks);
    for e in list(&json, "xsum") {
        if let Some(total) = number(e) {
            checks.push(Check::XSum(seen_from(n, pos(&e["cell"])), total));
        }
    }
    for e in list(&json, "skyscraper") {
        if let Some(count) = number(e) {
            checks.push(Check::Skyscraper(seen_from(n, pos(&e["cell"])), count));
        }
    }
    for e in list(&json, "numberedroom") {
        if let Some(digit) = number(e) {
            checks.push(Check::NumberedRoom(seen_from(n, pos(&e["cell"])), digit));
        }
    }
    let solution = json.get("solution").and_then(Value::as_array).map(|s| {
        s.chunks(n)
            .map(|row| row.iter().map(|v| v.as_u64().unwrap() as u32).collect())
            .collect()
    });
    FpPuzzle {
        size: n,
        digits: n,
        givens,
        houses,
        apart,
        checks,
        solution,
    }
}

/// The cells of the row or column a clue at 1-based `(r, c)` outside the grid looks along,
/// nearest first.
fn seen_from(n: usize, (r, c): (usize, usize)) -> Vec<Pos> {
    if r == 0 {
        (0..n).map(|i| (i, c - 1)).collect()
    } else if r == n + 1 {
        (0..n).rev().map(|i| (i, c - 1)).collect()
    } else if c == 0 {
        (0..n).map(|j| (r - 1, j)).collect()
    } else {
        assert_eq!(c, n + 1, "a clue outside the grid");
        (0..n).rev().map(|j| (r - 1, j)).collect()
    }
}
