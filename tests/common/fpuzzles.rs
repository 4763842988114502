//! An independent reader and checker of f-puzzles puzzles: every rule and constraint re-implemented from f-puzzles' JSON, sharing no code with the library.
#![allow(clippy::needless_range_loop)]

use serde_json::Value;

use super::Plain;
use super::lines;

type Pos = (usize, usize);

/// One constraint of an f-puzzles puzzle, as plain data.
#[derive(Clone, Debug)]
pub enum Check {
    Cage(Vec<Pos>, Option<u32>),
    /// A multi-sum cage (a cosmetic cage valued `DR` and a root): digits differ, and the
    /// digital root of their sum is the root.
    RootCage(Vec<Pos>, u32),
    LittleKiller(Vec<Pos>, u32),
    Sandwich(Vec<Pos>, u32),
    Thermo(Vec<Pos>),
    /// A slow thermometer: the digits never decrease along it.
    SlowThermo(Vec<Pos>),
    /// An entropic line: cells up to two apart hold digits of different thirds of 1..=N.
    Entropic(Vec<Pos>),
    /// A modular line: cells up to two apart hold digits of different remainders mod 3.
    Modular(Vec<Pos>),
    /// A nabner line: any two of its digits differ by two or more.
    Nabner(Vec<Pos>),
    Arrow(Vec<Pos>, Vec<Pos>),
    Palindrome(Vec<Pos>),
    Between(Vec<Pos>),
    Renban(Vec<Pos>),
    /// A whispers line and its least difference.
    Whispers(Vec<Pos>, u32),
    White(Pos, Pos, u32),
    Black(Pos, Pos, u32),
    Xv(Pos, Pos, u32),
    Odd(Pos),
    Even(Pos),
    /// A minimum cell, with the other minimum cells (neighbours among them are not compared).
    Min(Pos, Vec<Pos>),
    /// A maximum cell, with the other maximum cells.
    Max(Pos, Vec<Pos>),
    Quad(Vec<Pos>, Vec<u32>),
    Clone(Vec<Pos>, Vec<Pos>),
    /// An indexer cell, the house it indexes (in order) and its own 1-based place there:
    /// the digit v in the cell puts that place at the house's v-th cell.
    Indexer(Pos, Vec<Pos>, u32),
    /// Unmarked orthogonal pairs never differ by any of these.
    NoDifference(Vec<u32>, Vec<(Pos, Pos)>),
    /// Unmarked orthogonal pairs are never in any of these ratios.
    NoRatio(Vec<u32>, Vec<(Pos, Pos)>),
    /// Unmarked orthogonal pairs never add up to 10 or 5.
    NoXv(Vec<(Pos, Pos)>),
    /// A region-sum line, cut into its runs of cells in one region: equal sums.
    RegionSum(Vec<Vec<Pos>>),
    /// A zipper line: mirrored digits add up alike (to the centre digit on an odd line).
    Zipper(Vec<Pos>),
    /// A parity line: neighbours on it alternate odd and even.
    ParityLine(Vec<Pos>),
    /// A lockout line and its ends' least difference (half the digits, rounded down).
    Lockout(Vec<Pos>, u32),
    /// A sum line and its total: it splits into runs each adding up to it.
    SumLine(Vec<Pos>, u32),
    /// An X-sum: the line from the clue; its first X digits add up to the total, X the first.
    XSum(Vec<Pos>, u32),
    /// A skyscraper clue: the line from the clue; this many digits top all before them.
    Skyscraper(Vec<Pos>, u32),
    /// A numbered room: the line from the clue; its X-th cell holds the digit, X the first.
    NumberedRoom(Vec<Pos>, u32),
    /// A double arrow: its two end digits add up to the digits between them.
    DoubleArrow(Vec<Pos>),
}

/// An f-puzzles puzzle read independently.
#[derive(Clone, Debug)]
pub struct FpPuzzle {
    pub size: usize,
    pub givens: Plain,
    /// The houses: rows, columns, regions, diagonals, disjoint groups, extra regions.
    pub houses: Vec<Vec<Pos>>,
    /// Cells that must differ (anti-knight, anti-king).
    pub apart: Vec<(Pos, Pos)>,
    pub checks: Vec<Check>,
    pub solution: Option<Plain>,
}

fn pos(v: &Value) -> (usize, usize) {
    let s = v.as_str().unwrap().to_ascii_uppercase();
    let (r, c) = s[1..].split_once('C').unwrap();
    (r.parse().unwrap(), c.parse().unwrap())
}

fn cell(v: &Value) -> Pos {
    let (r, c) = pos(v);
    (r - 1, c - 1)
}

fn cells(v: &Value) -> Vec<Pos> {
    v.as_array().unwrap().iter().map(cell).collect()
}

fn number(v: &Value) -> Option<u32> {
    match v.get("value")? {
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.trim().parse().unwrap()),
        Value::Number(n) => Some(n.as_u64().unwrap() as u32),
        _ => None,
    }
}

fn list<'a>(json: &'a Value, key: &str) -> Vec<&'a Value> {
    json.get(key)
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

fn lines(v: &Value) -> Vec<Vec<Pos>> {
    v["lines"].as_array().unwrap().iter().map(cells).collect()
}

fn flag(json: &Value, key: &str) -> bool {
    json.get(key).and_then(Value::as_bool).unwrap_or(false)
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
                givens[r][c] = cell["value"].as_u64().unwrap() as u32;
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
    for e in list(&json, "thermometer") {
        checks.extend(lines(e).into_iter().map(Check::Thermo));
    }
    for e in list(&json, "slowthermometer") {
        checks.extend(lines(e).into_iter().map(Check::SlowThermo));
    }
    for e in list(&json, "entropicline") {
        checks.extend(lines(e).into_iter().map(Check::Entropic));
    }
    for e in list(&json, "modularline") {
        checks.extend(lines(e).into_iter().map(Check::Modular));
    }
    for e in list(&json, "nabner") {
        checks.extend(lines(e).into_iter().map(Check::Nabner));
    }
    for e in list(&json, "arrow") {
        // A pill's digits read in the order its cells are stored.
        let circle = cells(&e["cells"]);
        for line in lines(e) {
            let shaft = line.into_iter().filter(|c| !circle.contains(c)).collect();
            checks.push(Check::Arrow(circle.clone(), shaft));
        }
    }
    for (key, make) in [
        ("palindrome", Check::Palindrome as fn(Vec<Pos>) -> Check),
        ("betweenline", Check::Between),
        ("renban", Check::Renban),
    ] {
        for e in list(&json, key) {
            checks.extend(lines(e).into_iter().map(make));
        }
    }
    for e in list(&json, "whispers") {
        // The least difference, when given (5 German, 4 Dutch); else half the digits.
        let least = e["value"]
            .as_u64()
            .or_else(|| e["value"].as_str().and_then(|s| s.parse().ok()))
            .map_or(n.div_ceil(2) as u32, |v| v as u32);
        checks.extend(
            lines(e)
                .into_iter()
                .map(|line| Check::Whispers(line, least)),
        );
    }
    let mut dotted = Vec::new();
    let (mut whites, mut blacks) = (vec![1], vec![2]);
    for e in list(&json, "difference") {
        let cs = cells(&e["cells"]);
        let d = number(e).unwrap_or(1);
        whites.push(d);
        dotted.push((cs[0], cs[1]));
        checks.push(Check::White(cs[0], cs[1], d));
    }
    for e in list(&json, "ratio") {
        let cs = cells(&e["cells"]);
        let k = number(e).unwrap_or(2);
        blacks.push(k);
        dotted.push((cs[0], cs[1]));
        checks.push(Check::Black(cs[0], cs[1], k));
    }
    let mut lettered = Vec::new();
    for e in list(&json, "xv") {
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
    let negative: Vec<&str> = list(&json, "negative")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    if negative.contains(&"difference") {
        checks.push(Check::NoDifference(whites.clone(), unmarked(&dotted)));
    }
    if flag(&json, "nonconsecutive") {
        checks.push(Check::NoDifference(vec![1], unmarked(&dotted)));
    }
    if negative.contains(&"ratio") {
        checks.push(Check::NoRatio(blacks.clone(), unmarked(&dotted)));
    }
    if negative.contains(&"xv") {
        checks.push(Check::NoXv(unmarked(&lettered)));
    }
    for e in list(&json, "odd") {
        checks.push(Check::Odd(cell(&e["cell"])));
    }
    for e in list(&json, "even") {
        checks.push(Check::Even(cell(&e["cell"])));
    }
    let minima: Vec<Pos> = list(&json, "minimum")
        .iter()
        .map(|e| cell(&e["cell"]))
        .collect();
    for &c in &minima {
        checks.push(Check::Min(c, minima.clone()));
    }
    let maxima: Vec<Pos> = list(&json, "maximum")
        .iter()
        .map(|e| cell(&e["cell"]))
        .collect();
    for &c in &maxima {
        checks.push(Check::Max(c, maxima.clone()));
    }
    for e in list(&json, "quadruple") {
        let values = e["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        checks.push(Check::Quad(cells(&e["cells"]), values));
    }
    for e in list(&json, "clone") {
        checks.push(Check::Clone(cells(&e["cells"]), cells(&e["cloneCells"])));
    }
    for (key, kind) in [("rowindexer", 0), ("columnindexer", 1), ("boxindexer", 2)] {
        for e in list(&json, key) {
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
    for e in list(&json, "regionsumline") {
        for line in lines(e) {
            // A new run wherever the next cell lies in another region than the last.
            let mut runs: Vec<Vec<Pos>> = Vec::new();
            for (i, &(r, c)) in line.iter().enumerate() {
                if i > 0 && region[r][c] == region[line[i - 1].0][line[i - 1].1] {
                    runs.last_mut().unwrap().push((r, c));
                } else {
                    runs.push(vec![(r, c)]);
                }
            }
            checks.push(Check::RegionSum(runs));
        }
    }
    for e in list(&json, "zipperline") {
        checks.extend(lines(e).into_iter().map(Check::Zipper));
    }
    for e in list(&json, "parityline") {
        checks.extend(lines(e).into_iter().map(Check::ParityLine));
    }
    for e in list(&json, "lockout") {
        let least = n as u32 / 2;
        checks.extend(lines(e).into_iter().map(|l| Check::Lockout(l, least)));
    }
    for e in list(&json, "sumline") {
        let sum = number(e).unwrap();
        checks.extend(lines(e).into_iter().map(|l| Check::SumLine(l, sum)));
    }
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
    for e in list(&json, "doublearrow") {
        checks.extend(lines(e).into_iter().map(Check::DoubleArrow));
    }
    let solution = json.get("solution").and_then(Value::as_array).map(|s| {
        s.chunks(n)
            .map(|row| row.iter().map(|v| v.as_u64().unwrap() as u32).collect())
            .collect()
    });
    FpPuzzle {
        size: n,
        givens,
        houses,
        apart,
        checks,
        solution,
    }
}

fn neighbours(n: usize, (r, c): Pos) -> Vec<Pos> {
    let mut out = Vec::new();
    if r > 0 {
        out.push((r - 1, c));
    }
    if r + 1 < n {
        out.push((r + 1, c));
    }
    if c > 0 {
        out.push((r, c - 1));
    }
    if c + 1 < n {
        out.push((r, c + 1));
    }
    out
}

impl Check {
    /// The cells whose values decide the check.
    pub fn cells(&self, n: usize) -> Vec<Pos> {
        match self {
            Check::Cage(c, _)
            | Check::RootCage(c, _)
            | Check::LittleKiller(c, _)
            | Check::Sandwich(c, _) => c.clone(),
            Check::Thermo(c)
            | Check::SlowThermo(c)
            | Check::Entropic(c)
            | Check::Modular(c)
            | Check::Nabner(c)
            | Check::Palindrome(c)
            | Check::Between(c)
            | Check::Renban(c)
            | Check::Whispers(c, _) => c.clone(),
            Check::Arrow(a, b) | Check::Clone(a, b) => [a.clone(), b.clone()].concat(),
            Check::White(a, b, _) | Check::Black(a, b, _) | Check::Xv(a, b, _) => vec![*a, *b],
            Check::Odd(c) | Check::Even(c) => vec![*c],
            Check::Min(c, set) | Check::Max(c, set) => {
                let mut cells = vec![*c];
                cells.extend(neighbours(n, *c).into_iter().filter(|o| !set.contains(o)));
                cells
            }
            Check::Quad(c, _) => c.clone(),
            Check::Indexer(c, house, _) => [vec![*c], house.clone()].concat(),
            Check::RegionSum(runs) => runs.concat(),
            Check::Zipper(c) | Check::ParityLine(c) => c.clone(),
            Check::Lockout(c, _) | Check::SumLine(c, _) => c.clone(),
            Check::NoDifference(_, p) | Check::NoRatio(_, p) | Check::NoXv(p) => {
                p.iter().flat_map(|&(a, b)| [a, b]).collect()
            }
            Check::XSum(c, _) | Check::Skyscraper(c, _) | Check::NumberedRoom(c, _) => c.clone(),
            Check::DoubleArrow(c) => c.clone(),
        }
    }

    /// Whether the check holds on `g`, every cell of it filled.
    pub fn holds(&self, g: &Plain) -> bool {
        let n = g.len();
        let v = |p: &Pos| g[p.0][p.1];
        let vals = |c: &[Pos]| c.iter().map(v).collect::<Vec<u32>>();
        let distinct = |x: &[u32]| (0..x.len()).all(|i| !x[..i].contains(&x[i]));
        match self {
            Check::Cage(c, sum) => {
                let x = vals(c);
                distinct(&x) && sum.is_none_or(|s| x.iter().sum::<u32>() == s)
            }
            Check::RootCage(c, root) => {
                let x = vals(c);
                let mut s: u32 = x.iter().sum();
                while s > 9 {
                    s = s.to_string().bytes().map(|b| (b - b'0') as u32).sum();
                }
                distinct(&x) && s == *root
            }
            Check::LittleKiller(c, s) => vals(c).iter().sum::<u32>() == *s,
            Check::Sandwich(c, s) => {
                let x = vals(c);
                let a = x.iter().position(|&d| d == 1).unwrap();
                let b = x.iter().position(|&d| d == n as u32).unwrap();
                x[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == *s
            }
            Check::Thermo(c) => vals(c).windows(2).all(|w| w[0] < w[1]),
            Check::SlowThermo(c) => vals(c).windows(2).all(|w| w[0] <= w[1]),
            Check::Entropic(c) => {
                let third = |v: u32| (v - 1) / (n as u32 / 3);
                apart_within_two(&vals(c), third)
            }
            Check::Modular(c) => apart_within_two(&vals(c), |v| v % 3),
            Check::Nabner(c) => {
                let x = vals(c);
                (0..x.len()).all(|i| (i + 1..x.len()).all(|j| x[i].abs_diff(x[j]) >= 2))
            }
            Check::Arrow(circle, shaft) => {
                let number = vals(circle).iter().fold(0, |acc, d| acc * 10 + d);
                vals(shaft).iter().sum::<u32>() == number
            }
            Check::Palindrome(c) => {
                let x = vals(c);
                x.iter().eq(x.iter().rev())
            }
            Check::Between(c) => {
                let x = vals(c);
                let (a, b) = (x[0], x[x.len() - 1]);
                x[1..x.len() - 1]
                    .iter()
                    .all(|&d| a.min(b) < d && d < a.max(b))
            }
            Check::Renban(c) => {
                let x = vals(c);
                distinct(&x)
                    && x.iter().max().unwrap() - x.iter().min().unwrap() == x.len() as u32 - 1
            }
            Check::Whispers(c, least) => vals(c).windows(2).all(|w| w[0].abs_diff(w[1]) >= *least),
            Check::White(a, b, d) => v(a).abs_diff(v(b)) == *d,
            Check::Black(a, b, k) => v(a) == v(b) * k || v(b) == v(a) * k,
            Check::Xv(a, b, s) => v(a) + v(b) == *s,
            Check::Odd(c) => v(c) % 2 == 1,
            Check::Even(c) => v(c) % 2 == 0,
            Check::Min(c, set) => neighbours(n, *c)
                .iter()
                .filter(|o| !set.contains(o))
                .all(|o| v(c) < v(o)),
            Check::Max(c, set) => neighbours(n, *c)
                .iter()
                .filter(|o| !set.contains(o))
                .all(|o| v(c) > v(o)),
            Check::Quad(c, values) => {
                let x = vals(c);
                values.iter().all(|d| {
                    x.iter().filter(|&&y| y == *d).count()
                        >= values.iter().filter(|&&e| e == *d).count()
                })
            }
            Check::Clone(a, b) => vals(a) == vals(b),
            Check::Indexer(c, house, place) => v(&house[v(c) as usize - 1]) == *place,
            Check::NoDifference(ds, pairs) => pairs
                .iter()
                .all(|(a, b)| !ds.contains(&v(a).abs_diff(v(b)))),
            Check::NoRatio(ks, pairs) => pairs
                .iter()
                .all(|(a, b)| !ks.iter().any(|k| v(a) == v(b) * k || v(b) == v(a) * k)),
            Check::NoXv(pairs) => pairs.iter().all(|(a, b)| ![5, 10].contains(&(v(a) + v(b)))),
            Check::RegionSum(runs) => {
                lines::equal_sums(&runs.iter().map(|r| vals(r)).collect::<Vec<_>>())
            }
            Check::Zipper(c) => lines::zipper(&vals(c)),
            Check::ParityLine(c) => lines::parity(&vals(c)),
            Check::Lockout(c, least) => lines::lockout(&vals(c), *least),
            Check::SumLine(c, sum) => lines::sum_line(&vals(c), *sum),
            Check::XSum(c, total) => {
                let x = vals(c);
                x[..x[0] as usize].iter().sum::<u32>() == *total
            }
            Check::Skyscraper(c, count) => {
                let x = vals(c);
                let visible = (0..x.len()).filter(|&i| x[..i].iter().all(|&h| h < x[i]));
                visible.count() as u32 == *count
            }
            Check::NumberedRoom(c, digit) => {
                let x = vals(c);
                x[x[0] as usize - 1] == *digit
            }
            Check::DoubleArrow(c) => lines::double_arrow(&vals(c)),
        }
    }
}

impl FpPuzzle {
    /// Why `g` is not a solution: a house repeating a digit, a constraint broken, a given
    /// changed, a cell blank.
    pub fn violation(&self, g: &Plain) -> Option<String> {
        let n = self.size;
        for r in 0..n {
            for c in 0..n {
                if !(1..=n as u32).contains(&g[r][c]) {
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
            (1..=n as u32).collect()
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

/// Whether digits at most two apart in `values` fall into different classes.
fn apart_within_two(values: &[u32], class: impl Fn(u32) -> u32) -> bool {
    (0..values.len())
        .all(|i| (i + 1..values.len().min(i + 3)).all(|j| class(values[i]) != class(values[j])))
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
