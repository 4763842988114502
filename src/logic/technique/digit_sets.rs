//! The sets of different digits a group of cells can hold, one digit to a cell: listed subset by subset, each checked by a matching.

use crate::grid::{Digit, DigitSet};
use crate::logic::Board;

/// Every set of digits `cells` can hold (all different, each in a cell that may hold it,
/// one to a cell) with its sum, in the order of the subsets of their candidates; `None`
/// when more than `most` subsets would have to be tried.
pub(super) fn distinct_sets(
    board: &Board<'_>,
    cells: &[usize],
    most: u64,
) -> Option<Vec<(DigitSet, u32)>> {
    let candidates: Vec<DigitSet> = cells.iter().map(|&c| board.set(c)).collect();
    let union = candidates.iter().fold(DigitSet::EMPTY, |u, &s| u | s);
    let digits: Vec<Digit> = union.iter().collect();
    let k = cells.len();
    if k > digits.len() || binomial(digits.len() as u64, k as u64) > most {
        return None;
    }
    let mut sets = Vec::new();
    super::first_subset(&digits, k, |chosen| {
        let set: DigitSet = chosen.iter().copied().collect();
        if fills(&candidates, set) {
            sets.push((set, chosen.iter().map(|d| u32::from(d.get())).sum()));
        }
        None::<()>
    });
    Some(sets)
}

/// The candidates of `cells` that some set of `sets` places there, in a filling of all the
/// cells with its digits.
pub(super) fn placed_by(board: &Board<'_>, cells: &[usize], sets: &[DigitSet]) -> Vec<DigitSet> {
    let candidates: Vec<DigitSet> = cells.iter().map(|&c| board.set(c)).collect();
    let mut held = vec![DigitSet::EMPTY; cells.len()];
    let mut others = Vec::with_capacity(cells.len());
    for &set in sets {
        for (i, &mine) in candidates.iter().enumerate() {
            for digit in (mine & set & !held[i]).iter() {
                let mut rest = set;
                rest.remove(digit);
                others.clear();
                others.extend(
                    (candidates.iter().enumerate())
                        .filter(|&(j, _)| j != i)
                        .map(|(_, &s)| s),
                );
                if fills(&others, rest) {
                    held[i].insert(digit);
                }
            }
        }
    }
    held
}

/// Whether cells of `candidates` can hold the digits of `set`, one each (a perfect
/// matching, found by augmenting paths).
pub(super) fn fills(candidates: &[DigitSet], set: DigitSet) -> bool {
    /// Gives `cell` a digit of `set`, moving other cells' digits as needed.
    fn give(
        cell: usize,
        candidates: &[DigitSet],
        set: DigitSet,
        seen: &mut u64,
        owner: &mut [usize; 64],
    ) -> bool {
        for digit in (candidates[cell] & set).iter() {
            let d = digit.index();
            if *seen & (1 << d) != 0 {
                continue;
            }
            *seen |= 1 << d;
            if owner[d] == usize::MAX || give(owner[d], candidates, set, seen, owner) {
                owner[d] = cell;
                return true;
            }
        }
        false
    }
    if candidates.len() != set.len() {
        return false;
    }
    // The cell each digit (by index) is given to.
    let mut owner = [usize::MAX; 64];
    (0..candidates.len()).all(|cell| give(cell, candidates, set, &mut 0, &mut owner))
}

/// The number of ways to choose `k` of `n` (0 when `k > n`), saturating.
pub(super) fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let ways = (0..k.min(n - k)).fold(1u128, |acc, i| {
        (acc * u128::from(n - i) / u128::from(i + 1)).min(u128::from(u64::MAX))
    });
    u64::try_from(ways).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_hold_a_set_exactly_when_some_order_of_its_digits_fits() {
        // Every set of up to six of 1–6, against candidates drawn by a fixed generator,
        // compared with trying every order of the set's digits.
        fn orders(sets: &[DigitSet], digits: &[Digit]) -> bool {
            let Some((first, rest)) = sets.split_first() else {
                return true;
            };
            (0..digits.len()).any(|i| {
                let mut others = digits.to_vec();
                let digit = others.remove(i);
                first.contains(digit) && orders(rest, &others)
            })
        }
        let mut seed = 12_345u32;
        let mut draw = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as u8
        };
        let set_of = |bits: u8| -> DigitSet {
            (1..=6u8)
                .filter(|d| bits & (1 << (d - 1)) != 0)
                .map(|d| Digit::new(d).unwrap())
                .collect()
        };
        let (mut yes, mut no) = (0, 0);
        for _ in 0..300 {
            let k = 1 + usize::from(draw() % 4);
            let candidates: Vec<DigitSet> = (0..k).map(|_| set_of(draw() & 0b11_1111)).collect();
            for bits in 0u8..64 {
                let set = set_of(bits);
                let digits: Vec<Digit> = set.iter().collect();
                let expected = digits.len() == k && orders(&candidates, &digits);
                assert_eq!(fills(&candidates, set), expected, "{candidates:?} {set:?}");
                if expected { yes += 1 } else { no += 1 }
            }
        }
        assert!(yes > 100 && no > 100, "{yes} {no}");
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(9, 3), 84);
        assert_eq!(binomial(16, 8), 12_870);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(6, 6), 1);
        assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(binomial(200, 100), u64::MAX);
    }
}
