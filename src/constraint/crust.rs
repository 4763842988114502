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

/// The numbers of `cells` strictly between the two crusts add up to `sum`: `crusts[k][j]`
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
    let shape = cnf.shape();
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
    let mut digits_between = Vec::with_capacity(n);
    for v in 2..n {
        let b = cnf.aux();
        digits_between.push(b);
        for (j, &cell) in cells.iter().enumerate() {
            let x = cnf.holds(cell, v);
            cnf.clause([!x, !between[j], b]);
            cnf.clause([!x, between[j], !b]);
        }
        if !every_digit {
            let somewhere: Vec<Literal> = cells.iter().map(|&cell| cnf.holds(cell, v)).collect();
            cnf.clause([!b].into_iter().chain(somewhere));
        }
        // The sum is of numbers (on digits from 0 each a place less 1).
        terms.push(vec![(b, shape.number(v) as i64), (!b, 0)]);
    }
    Chain::equal(cnf, &terms, sum as i64);
    if every_digit {
        gaps(cnf, &crusts, &digits_between, sum);
    }
}

/// The crusts' distance tied to what can lie between them, for a line holding every digit
/// (a sandwich): `k` cells between take `k` different digits from 2 to N−1 adding up to
/// `sum`, so a distance no such set fits is ruled out (a binary clause per pair of
/// positions), and at a distance that fits, the digits no such set holds are not between
/// and those every such set holds are. Without these the search learns the crusts' distance
/// from the sums of the digits one conflict at a time (a sandwich grid of 18s without givens:
/// hundreds of thousands of conflicts to prove it has no solution).
fn gaps(cnf: &mut ConstraintCnf, crusts: &[Vec<Literal>; 2], between: &[Literal], sum: u32) {
    let len = crusts[0].len();
    let n = cnf.size();
    // The sets are of numbers: those of the places 2 to N−1.
    let shape = cnf.shape();
    for k in 0..len.saturating_sub(1) {
        let fits = sets_fitting(shape.number(2), shape.number(n - 1), k, sum as usize);
        let pairs = (0..len).flat_map(|i| {
            [
                i.checked_sub(k + 1),
                i.checked_add(k + 1).filter(|&j| j < len),
            ]
            .into_iter()
            .flatten()
            .map(move |j| (i, j))
        });
        let Some((may, must)) = fits else {
            for (i, j) in pairs {
                cnf.clause([!crusts[0][i], !crusts[1][j]]);
            }
            continue;
        };
        let at = cnf.aux();
        for (i, j) in pairs {
            cnf.clause([!crusts[0][i], !crusts[1][j], at]);
        }
        for v in 2..n {
            let b = between[v - 2];
            if !may[shape.number(v)] {
                cnf.clause([!at, !b]);
            } else if must[shape.number(v)] {
                cnf.clause([!at, b]);
            }
        }
    }
}

/// The largest grid whose sandwiches tie each distance to the digits that can lie between
/// (the tables grow with N³·N²); beyond, only distances no set fits are ruled out.
const TIED_UP_TO: usize = 16;

/// For `k` different digits from `lo` to `hi` adding up to `sum`: which digits some such
/// set holds and which every such set holds (indexed by digit), or `None` when no set
/// fits. Counted by a table of reachable (count, sum) pairs before and after each digit;
/// beyond [`TIED_UP_TO`] digits, every digit may and none must (`k` different digits of a
/// run of consecutive ones make every sum from the `k` smallest to the `k` largest).
fn sets_fitting(lo: usize, hi: usize, k: usize, sum: usize) -> Option<(Vec<bool>, Vec<bool>)> {
    if hi < lo || k > hi + 1 - lo {
        return (k == 0 && sum == 0).then(|| (vec![false; hi + 2], vec![false; hi + 2]));
    }
    if hi > TIED_UP_TO {
        let least: usize = (lo..lo + k).sum();
        let most: usize = (hi + 1 - k..=hi).sum();
        return (least..=most)
            .contains(&sum)
            .then(|| (vec![true; hi + 2], vec![false; hi + 2]));
    }
    let digits: Vec<usize> = (lo..=hi).collect();
    let m = digits.len();
    // reach[i][c][s]: c of the first i digits can add up to s.
    let table = |order: &[usize]| {
        let mut reach = vec![vec![vec![false; sum + 1]; k + 1]; m + 1];
        reach[0][0][0] = true;
        for (i, &d) in order.iter().enumerate() {
            for c in 0..=k {
                for s in 0..=sum {
                    if !reach[i][c][s] {
                        continue;
                    }
                    reach[i + 1][c][s] = true;
                    if c < k && s + d <= sum {
                        reach[i + 1][c + 1][s + d] = true;
                    }
                }
            }
        }
        reach
    };
    let forward = table(&digits);
    if !forward[m][k][sum] {
        return None;
    }
    let reversed: Vec<usize> = digits.iter().rev().copied().collect();
    let backward = table(&reversed);
    let mut may = vec![false; hi + 2];
    let mut without = vec![false; hi + 2];
    for (i, &d) in digits.iter().enumerate() {
        // d in the set: the other k−1 digits come from before and after it.
        let (before, after) = (&forward[i], &backward[m - 1 - i]);
        let with_d = |c: usize, s: usize| {
            (0..=c).any(|c1| (0..=s).any(|s1| before[c1][s1] && after[c - c1][s - s1]))
        };
        may[d] = k >= 1 && sum >= d && with_d(k - 1, sum - d);
        without[d] = with_d(k, sum);
    }
    let must = digits.iter().fold(vec![false; hi + 2], |mut must, &d| {
        must[d] = may[d] && !without[d];
        must
    });
    Some((may, must))
}

/// Whether the filled values of `cells`, the crusts at positions `a` and `b` (either
/// order), leave the numbers between able to add up to `sum`, each blank one between taking
/// a different number from `lo` to `hi` (exact when the cells between are filled).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sets_that_fit_a_sandwich_are_found() {
        // Two digits from 2 to 8 adding up to 15: {7, 8} only.
        let (may, must) = sets_fitting(2, 8, 2, 15).unwrap();
        assert_eq!((2..=8).filter(|&d| may[d]).collect::<Vec<_>>(), [7, 8]);
        assert_eq!((2..=8).filter(|&d| must[d]).collect::<Vec<_>>(), [7, 8]);
        // Three adding up to 9: {2, 3, 4} only.
        let (may, must) = sets_fitting(2, 8, 3, 9).unwrap();
        assert_eq!((2..=8).filter(|&d| may[d]).collect::<Vec<_>>(), [2, 3, 4]);
        assert_eq!((2..=8).filter(|&d| must[d]).collect::<Vec<_>>(), [2, 3, 4]);
        // Two adding up to 10: 2+8, 3+7, 4+6 — any of six digits, none in every set.
        let (may, must) = sets_fitting(2, 8, 2, 10).unwrap();
        assert_eq!(
            (2..=8).filter(|&d| may[d]).collect::<Vec<_>>(),
            [2, 3, 4, 6, 7, 8]
        );
        assert!(must.iter().all(|&m| !m));
        // Nothing between adds up to 0 only; one digit cannot add up to 18.
        assert!(sets_fitting(2, 8, 0, 0).is_some());
        assert!(sets_fitting(2, 8, 0, 5).is_none());
        assert!(sets_fitting(2, 8, 1, 18).is_none());
        // Beyond the tables: a run's sums are every sum from the least to the most.
        assert!(sets_fitting(2, 24, 3, 9).is_some());
        assert!(sets_fitting(2, 24, 3, 8).is_none());
        assert!(sets_fitting(2, 24, 3, 69).is_some());
        assert!(sets_fitting(2, 24, 3, 70).is_none());
    }
}
