//! Reading the line families of an f-puzzles file (thermometers, arrows, whispers, region-sum lines …) into the validator's checks.

use serde_json::Value;

use super::read::{cells, lines, list, number};
use super::{Check, Pos};

/// Pushes a check for every line of every line family in `json`; `region` gives each cell's
/// region, `n` the grid's size.
pub(super) fn read_lines(json: &Value, n: usize, region: &[Vec<usize>], checks: &mut Vec<Check>) {
    for e in list(json, "thermometer") {
        checks.extend(lines(e).into_iter().map(Check::Thermo));
    }
    for e in list(json, "slowthermometer") {
        checks.extend(lines(e).into_iter().map(Check::SlowThermo));
    }
    for e in list(json, "entropicline") {
        checks.extend(lines(e).into_iter().map(Check::Entropic));
    }
    for e in list(json, "modularline") {
        checks.extend(lines(e).into_iter().map(Check::Modular));
    }
    for e in list(json, "nabner") {
        checks.extend(with_branches(e).into_iter().map(Check::Nabner));
    }
    for e in list(json, "arrow") {
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
    ] {
        for e in list(json, key) {
            checks.extend(lines(e).into_iter().map(make));
        }
    }
    for e in list(json, "renban") {
        checks.extend(with_branches(e).into_iter().map(Check::Renban));
    }
    for e in list(json, "whispers") {
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
    for e in list(json, "regionsumline") {
        for line in lines(e) {
            // A loop is read round from a cell where the region changes.
            let ring = super::check::unlooped(&line).to_vec();
            let line = if ring.len() < line.len() {
                let k = ring.len();
                let region_at = |i: usize| region[ring[i % k].0][ring[i % k].1];
                let start = (0..k)
                    .find(|&i| region_at(i + k - 1) != region_at(i))
                    .unwrap_or(0);
                (0..k).map(|i| ring[(start + i) % k]).collect()
            } else {
                line
            };
            // A new run wherever the next cell lies in another region than the last.
            let mut runs: Vec<Vec<Pos>> = Vec::new();
            for (i, &(r, c)) in line.iter().enumerate() {
                if i > 0 && region[r][c] == region[line[i - 1].0][line[i - 1].1] {
                    runs.last_mut().unwrap().push((r, c));
                } else {
                    runs.push(vec![(r, c)]);
                }
            }
            // satdoku's `branches`: each cut the same way, runs sharing a cell joined.
            for branch in branches(e) {
                let mut from = 0;
                for i in 1..=branch.len() {
                    let (r, c) = branch[i - 1];
                    if i == branch.len() || region[branch[i].0][branch[i].1] != region[r][c] {
                        runs.push(branch[from..i].to_vec());
                        from = i;
                    }
                }
            }
            loop {
                let pair = (0..runs.len()).find_map(|i| {
                    (i + 1..runs.len())
                        .find(|&j| runs[j].iter().any(|p| runs[i].contains(p)))
                        .map(|j| (i, j))
                });
                let Some((i, j)) = pair else { break };
                let other = runs.remove(j);
                for p in other {
                    if !runs[i].contains(&p) {
                        runs[i].push(p);
                    }
                }
            }
            checks.push(Check::RegionSum(runs));
        }
    }
    for e in list(json, "zipperline") {
        checks.extend(lines(e).into_iter().map(Check::Zipper));
    }
    for e in list(json, "parityline") {
        checks.extend(lines(e).into_iter().map(Check::ParityLine));
    }
    for e in list(json, "lockout") {
        let least = n as u32 / 2;
        checks.extend(lines(e).into_iter().map(|l| Check::Lockout(l, least)));
    }
    for e in list(json, "sumline") {
        let sum = number(e).unwrap();
        checks.extend(lines(e).into_iter().map(|l| Check::SumLine(l, sum)));
    }
    for e in list(json, "doublearrow") {
        checks.extend(lines(e).into_iter().map(Check::DoubleArrow));
    }
}

/// satdoku's `branches` of an entry (lines that leave its line's cells), none if it has none.
fn branches(e: &Value) -> Vec<Vec<Pos>> {
    e.get("branches")
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |b| b.iter().map(super::read::cells).collect())
}

/// Each line of an entry with the cells of its `branches` added, each cell once (a loop
/// then without its first cell again at its end).
fn with_branches(e: &Value) -> Vec<Vec<Pos>> {
    let extra: Vec<Pos> = branches(e).concat();
    lines(e)
        .into_iter()
        .map(|line| {
            if extra.is_empty() {
                return line;
            }
            let mut line = super::check::unlooped(&line).to_vec();
            for p in &extra {
                if !line.contains(p) {
                    line.push(*p);
                }
            }
            line
        })
        .collect()
}
