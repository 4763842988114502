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
use crate::grid::{Cell, Shape};

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
