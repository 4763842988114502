//! Crusts: the digits of a line of cells strictly between its two crust cells add up to a clue, shared by sandwiches (crusts 1 and N) and lunchboxes (crusts their own smallest and largest digits).

use super::sum::{Chain, Term};
use super::{CellValues, ConstraintCnf, Literal, Record, RecordError};
use crate::grid::{Cell, House, Shape};

/// The row or column a record names (`row` or `column`, 1-based), or none when it names
/// neither.
pub(super) fn read_row_or_column(record: &mut Record<'_>) -> Result<Option<House>, RecordError> {
    match (record.number("row")?, record.number("column")?) {
        (None, None) => Ok(None),
        (Some(r), None) if r >= 1 => Ok(Some(House::Row((r - 1).min(255) as u8))),
        (None, Some(c)) if c >= 1 => Ok(Some(House::Column((c - 1).min(255) as u8))),
        _ => Err(RecordError::why(
            "needs `row` or `column` (1-based), not both",
        )),
    }
}

/// The cells of `line`, a row or a column, in order on a grid of `size` (anything else
/// is a [`row_or_column_problem`]).
pub(super) fn row_or_column_cells(line: House, size: usize) -> Vec<Cell> {
    (0..size)
        .map(|i| match line {
            House::Row(r) => Cell::new_unchecked(r as usize, i),
            House::Column(c) => Cell::new_unchecked(i, c as usize),
            _ => Cell::new_unchecked(0, i),
        })
        .collect()
}

/// Why a clue of `what` (a sandwich, a lunchbox) cannot lie on `line` in a grid of `shape`:
/// not a row or a column, or outside the grid.
pub(super) fn row_or_column_problem(what: &str, line: House, shape: Shape) -> Option<String> {
    match line {
        House::Row(i) | House::Column(i) if (i as usize) < shape.size() => None,
        House::Row(_) | House::Column(_) => Some(format!("a {shape} grid has no {line}")),
        other => Some(format!("a {what} needs a row or a column, not {other}")),
    }
}

/// The digits of `cells` strictly between the two crusts add up to `sum`: `crusts[k][j]`
/// says crust k (either order along the line) is at position j, and exactly one position
/// holds each. The digits between lie from 2 to N−1 and `cells` hold different digits, so
/// "digit v lies between" is a variable `b[v]` for each v in 2..N, and the clue is the sum
/// of `v·b[v]`; whether a position lies between follows from prefix variables "crust k is
/// at this position or before". When `cells` may lack some digit (`every_digit` false),
/// `b[v]` also needs some cell holding v.
pub(super) fn encode(
    cnf: &mut ConstraintCnf,
    cells: &[Cell],
    crusts: [Vec<Literal>; 2],
    sum: u32,
    every_digit: bool,
) {
    let n = cnf.size();
    // seen[k][j]: crust k is at position j or before.
    let mut seen = [Vec::new(), Vec::new()];
    for (k, at) in crusts.iter().enumerate() {
        let mut prev: Option<Literal> = None;
        for &here in at {
            let now = cnf.aux();
            cnf.clause([!here, now]);
            let mut back = vec![!now, here];
            if let Some(prev) = prev {
                cnf.clause([!prev, now]);
                back.push(prev);
            }
            cnf.clause(back);
            seen[k].push(now);
            prev = Some(now);
        }
    }
    // between[j]: position j is strictly between the two crusts, either way round.
    let mut between = Vec::with_capacity(cells.len());
    for j in 0..cells.len() {
        let btw = cnf.aux();
        let mut sides = vec![!btw];
        if j > 0 {
            for (first, last) in [(0, 1), (1, 0)] {
                // The first of the pair is before j, the last at or after it.
                let side = cnf.aux();
                let (before, not_yet) = (seen[first][j - 1], seen[last][j]);
                cnf.clause([!side, before]);
                cnf.clause([!side, !not_yet]);
                cnf.clause([!before, not_yet, side]);
                cnf.clause([!side, btw]);
                sides.push(side);
            }
        }
        cnf.clause(sides);
        between.push(btw);
    }
    // b[v] for v in 2..N: the cells hold v at most once, so v is between exactly when the
    // cell holding it is.
    let mut terms: Vec<Term> = Vec::new();
    for v in 2..n {
        let b = cnf.aux();
        for (j, &cell) in cells.iter().enumerate() {
            let x = cnf.holds(cell, v);
            cnf.clause([!x, !between[j], b]);
            cnf.clause([!x, between[j], !b]);
        }
        if !every_digit {
            let somewhere: Vec<Literal> = cells.iter().map(|&cell| cnf.holds(cell, v)).collect();
            cnf.clause([!b].into_iter().chain(somewhere));
        }
        terms.push(vec![(b, v as i64), (!b, 0)]);
    }
    Chain::equal(cnf, &terms, sum as i64);
}

/// Whether the filled values of `cells`, the crusts at positions `a` and `b` (either
/// order), leave the digits between able to add up to `sum`, each blank one between taking
/// a different digit from `lo` to `hi` (exact when the cells between are filled).
pub(super) fn admits(
    values: &CellValues<'_>,
    cells: &[Cell],
    (a, b): (usize, usize),
    (lo, hi): (usize, usize),
    sum: u32,
) -> bool {
    let inside = &cells[a.min(b) + 1..a.max(b)];
    let total: usize = inside.iter().filter_map(|&c| values.get(c)).sum();
    let blanks = inside.iter().filter(|&&c| values.get(c).is_none()).count();
    let sum = sum as usize;
    total + lo * blanks <= sum && sum <= total + hi * blanks
}
