//! Counting circles: a digit in a circle counts the circles (of its set) that hold that digit, so each digit appears in a set's circles as many times as its value, or not at all.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`CountingCircles~cells`: "the value in a
//! circle counts the number of circles with the same value; each set of circles is
//! independent"). satdoku reads it from its TOML (`[[counting-circles]]`, `cells`: one set),
//! from SudokuPad as the circles in cells when the rules speak of counting circles, and from
//! f-puzzles as a `countingcircles` entry (the name f-puzzles' extension scheme gives such a
//! tool, as `parityline`).

use std::fmt;

use super::drawing::{GREY, Mark};
use super::sum::{Chain, count_terms};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, repeated,
};
use crate::grid::{Cell, Digit, DigitSet, Shape};

/// One set of counting circles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountingCircles {
    cells: Vec<Cell>,
}

impl CountingCircles {
    /// Reads a counting-circles record: its `cells`, one set.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![CountingCircles::new(record.cells("cells")?).into()])
    }

    /// The record that `read` reads back as this set: `counting-circles` with its `cells`
    /// in satdoku's TOML, a `countingcircles` entry with its `cells` in f-puzzles.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![
            WrittenRecord::new(format.choose("counting-circles", "countingcircles"))
                .cells("cells", &self.cells),
        ])
    }

    /// A set of counting circles on `cells`.
    pub fn new(cells: Vec<Cell>) -> CountingCircles {
        CountingCircles { cells }
    }
}

/// Whether circles holding `values` (digits' places, 0: blank) can be completed on a grid
/// of `shape`: each digit present may appear up to its number, the blanks first make up the
/// digits present to their numbers, and what blanks are left are filled by digits not
/// present, each exactly its number of times (a sum of distinct unused numbers). On digits
/// from 0 a 0 would have to appear 0 times: never in a circle.
fn counts_admit(values: &[usize], shape: Shape) -> bool {
    let m = shape.digit_count();
    let number = |place: usize| shape.number(place);
    let mut count = vec![0usize; m + 1];
    let mut blanks = 0usize;
    for &v in values {
        match v {
            0 => blanks += 1,
            v => count[v] += 1,
        }
    }
    let mut needed = 0;
    for (d, &c) in count.iter().enumerate().skip(1) {
        if c > number(d) {
            return false;
        }
        if c > 0 {
            needed += number(d) - c;
        }
    }
    let Some(rest) = blanks.checked_sub(needed) else {
        return false;
    };
    // Sums reachable by distinct unused numbers.
    let mut reach = vec![false; rest + 1];
    reach[0] = true;
    for d in (1..=m).filter(|&d| count[d] == 0 && number(d) > 0) {
        for s in (number(d)..=rest).rev() {
            reach[s] |= reach[s - number(d)];
        }
    }
    reach[rest]
}

/// The most circles among `circles` that can hold one digit together: no two in a row or a
/// column (a maximum matching of their rows to their columns, by augmenting paths).
fn most_apart(circles: &[Cell]) -> usize {
    // col_of_row[r]: the circle's column matched to row r.
    fn augment(
        row: usize,
        circles: &[Cell],
        seen: &mut [bool],
        matched: &mut [Option<usize>],
    ) -> bool {
        for c in circles.iter().filter(|c| c.row() == row) {
            let col = c.col();
            if seen[col] {
                continue;
            }
            seen[col] = true;
            if matched[col].is_none_or(|r| augment(r, circles, seen, matched)) {
                matched[col] = Some(row);
                return true;
            }
        }
        false
    }
    let size = circles
        .iter()
        .map(|c| c.row().max(c.col()) + 1)
        .max()
        .unwrap_or(0);
    let mut matched: Vec<Option<usize>> = vec![None; size];
    let mut rows: Vec<usize> = circles.iter().map(|c| c.row()).collect();
    rows.sort_unstable();
    rows.dedup();
    rows.into_iter()
        .filter(|&r| augment(r, circles, &mut vec![false; size], &mut matched))
        .count()
}

/// What each circle keeps of its candidates `sets` by counting alone: a digit whose number
/// of circles cannot hold it together (no two in a row or column) is in none, nor one that
/// no choice of digits adding up to the number of circles uses (each used digit fills its
/// number of circles; a placed one is used); a digit every such choice uses, with exactly
/// its number of circles able to hold it, fills them.
fn narrow_counts(circles: &[Cell], sets: &[DigitSet], shape: Shape) -> Vec<DigitSet> {
    let m = shape.digit_count();
    let total = circles.len();
    let mut sets = sets.to_vec();
    // Per digit place: whether it may be used, and whether it must.
    let mut may = vec![false; m + 1];
    let mut must = vec![false; m + 1];
    for d in 1..=m {
        let digit = Digit::from_index(d - 1);
        let v = shape.number(d);
        let able: Vec<Cell> = (circles.iter().zip(&sets))
            .filter(|(_, s)| s.contains(digit))
            .map(|(&c, _)| c)
            .collect();
        let placed = sets.iter().filter(|s| s.only() == Some(digit)).count();
        must[d] = placed > 0;
        may[d] = v > 0 && placed <= v && able.len() >= v && most_apart(&able) >= v;
        if must[d] && !may[d] {
            return vec![DigitSet::EMPTY; sets.len()];
        }
    }
    // before[i][t]: the digits before place i can add up to t (each used adding its number);
    // after[i][t]: the digits from place i on can.
    let step = |reach: &[bool], d: usize| -> Vec<bool> {
        let v = shape.number(d);
        (0..=total)
            .map(|t| (!must[d] && reach[t]) || (may[d] && t >= v && reach[t - v]))
            .collect()
    };
    let mut before = vec![vec![false; total + 1]];
    before[0][0] = true;
    for d in 1..=m {
        let next = step(&before[d - 1], d);
        before.push(next);
    }
    let mut after = vec![vec![false; total + 1]; m + 2];
    after[m + 1][0] = true;
    for d in (1..=m).rev() {
        after[d] = step(&after[d + 1], d);
    }
    for d in 1..=m {
        let v = shape.number(d);
        let splits = |with: bool| {
            (0..=total).any(|t| {
                let rest = if with { t.checked_add(v) } else { Some(t) };
                before[d - 1][t] && rest.is_some_and(|r| r <= total && after[d + 1][total - r])
            })
        };
        let (used, unused) = (may[d] && splits(true), !must[d] && splits(false));
        let digit = Digit::from_index(d - 1);
        if !used {
            for set in &mut sets {
                set.remove(digit);
            }
        } else if !unused {
            let able = sets.iter().filter(|s| s.contains(digit)).count();
            if able == v {
                for set in sets.iter_mut().filter(|s| s.contains(digit)) {
                    *set = DigitSet::single(digit);
                }
            }
        }
    }
    sets
}

impl fmt::Display for CountingCircles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "counting circles {}", cell_list(&self.cells))
    }
}

impl Constraint for CountingCircles {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if self.cells.is_empty() {
            return Some("counting circles need at least one cell".into());
        }
        if let Some(cell) = repeated(&self.cells) {
            return Some(format!("{cell} is listed twice"));
        }
        (!counts_admit(&vec![0; self.cells.len()], shape)).then(|| {
            format!(
                "no digits from {} to {} fill {} circles, each as many times as its value",
                shape.number(1),
                shape.number(shape.digit_count()),
                self.cells.len()
            )
        })
    }

    /// For each digit, the number of circles holding it is 0 or its number: a chain of
    /// partial counts (each circle adds 1 when it holds the digit).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        for d in 1..=shape.digit_count() {
            let terms = count_terms(cnf, &self.cells, d);
            match shape.number(d) {
                0 => Chain::one_of(cnf, &terms, &[0]),
                number => Chain::one_of(cnf, &terms, &[0, number as i64]),
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        counts_admit(&values.digits_of(&self.cells), values.shape())
    }

    /// By counting: see `narrow_counts` (on the circles in their order, else nothing).
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], shape: Shape) -> Option<Vec<DigitSet>> {
        (scope == self.cells.as_slice()).then(|| narrow_counts(scope, sets, shape))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.cells
            .iter()
            .map(|&cell| Mark::ring(cell, 0.42, GREY))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On random circles of a 5×5 grid (digits 1-5, and 0-4) with random candidates, the
    /// narrowing keeps every candidate of every assignment of digits to the circles that
    /// counts right and repeats no digit in a row or column; and it narrows something.
    #[test]
    fn narrowing_keeps_what_some_assignment_uses() {
        let mut seed = 11u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut narrowed = 0;
        for round in 0..300 {
            let five = Shape::from_size(5).unwrap();
            let shape = if round % 2 == 0 {
                five
            } else {
                five.from_zero()
            };
            let mut circles: Vec<Cell> = Vec::new();
            while circles.len() < 3 + next(4) {
                let c = Cell::at(next(5), next(5)).unwrap();
                if !circles.contains(&c) {
                    circles.push(c);
                }
            }
            let sets: Vec<DigitSet> = (0..circles.len())
                .map(|_| {
                    let mut set = DigitSet::EMPTY;
                    for d in 0..5 {
                        if next(3) > 0 {
                            set.insert(Digit::from_index(d));
                        }
                    }
                    set
                })
                .collect();
            let k = circles.len();
            let mut used = vec![DigitSet::EMPTY; k];
            for code in 0..5usize.pow(k as u32) {
                let places: Vec<usize> = (0..k)
                    .map(|i| code / 5usize.pow(i as u32) % 5 + 1)
                    .collect();
                let fits = (0..k).all(|i| sets[i].contains(Digit::from_index(places[i] - 1)));
                let apart = (0..k).all(|i| {
                    (0..i).all(|j| {
                        places[i] != places[j]
                            || (circles[i].row() != circles[j].row()
                                && circles[i].col() != circles[j].col())
                    })
                });
                let counts = (1..=5).all(|d| {
                    let c = places.iter().filter(|&&p| p == d).count();
                    c == 0 || c == shape.number(d)
                });
                if fits && apart && counts {
                    for i in 0..k {
                        used[i].insert(Digit::from_index(places[i] - 1));
                    }
                }
            }
            let kept = narrow_counts(&circles, &sets, shape);
            for i in 0..k {
                assert_eq!(kept[i] & used[i], used[i], "{circles:?} {sets:?} at {i}");
                assert_eq!(kept[i] & sets[i], kept[i]);
            }
            narrowed += usize::from(kept != sets);
        }
        assert!(narrowed > 30, "{narrowed}");
    }

    #[test]
    fn counts_admit_what_can_complete() {
        let nine = Shape::NINE;
        // Two 2s and a blank: the blank must be a 1 (3 would need three circles).
        assert!(counts_admit(&[2, 2, 0], nine));
        assert!(!counts_admit(&[2, 2, 2], nine));
        assert!(!counts_admit(&[3, 0], nine));
        assert!(counts_admit(&[3, 0, 0], nine));
        // Four blanks: 1 + 3 or 4.
        assert!(counts_admit(&[0; 4], nine));
        // Two blanks beside a 1: only a 2 twice fills them.
        assert!(counts_admit(&[1, 0, 0], nine));
        assert!(!counts_admit(&[1, 2, 0, 0], nine));
        // From 0 (places 1 to 9 are the numbers 0 to 8): a 0 (place 1) in no circle; a 1
        // (place 2) once.
        let zero = nine.from_zero();
        assert!(!counts_admit(&[1], zero));
        assert!(counts_admit(&[2], zero));
        assert!(!counts_admit(&[2, 2], zero));
        assert!(counts_admit(&[3, 3, 0], zero));
    }
}
