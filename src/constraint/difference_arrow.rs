//! Difference arrows: the two digits along the arrow differ by the digit in its circle.
//!
//! The rule as setters state it ("What A Twist", AnalyticalNinja: "Digits on an arrow have
//! the DIFFERENCE of the digit in the attached circle"), the difference twin of the arrow.
//! A difference is of two digits, so the shaft is two cells and the circle one; other
//! shapes are refused by name rather than given a meaning no setter stated. satdoku reads it
//! from its TOML (`[[difference-arrow]]` with `circle` and `cells`, as `[[arrow]]`), from
//! f-puzzles as a `differencearrow` entry (an arrow's fields: the circle's `cells` and a
//! line from it along the shaft), and from SudokuPad as arrows the rules give a difference.

use std::fmt;

use super::arrow::{circle_and_shaft_oddity, circles_and_shafts, write_circle_and_shaft};
use super::drawing::{GREY, Mark, Point, nearest, shaft};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, cell_list, repeated,
};
use crate::grid::{Cell, Shape};

/// A difference arrow: its shaft's two digits differ by its circle's digit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DifferenceArrow {
    circle: Vec<Cell>,
    shaft: Vec<Cell>,
}

impl DifferenceArrow {
    /// Reads a difference arrow record: the `circle` and the shaft's `cells`; in f-puzzles
    /// the circle's `cells` and one shaft per line of `lines` (which starts in the circle).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok((circles_and_shafts(record)?.into_iter())
            .map(|(circle, shaft)| DifferenceArrow::new(circle, shaft).into())
            .collect())
    }

    /// The record that `read` reads back as this arrow: its `circle` and shaft (`cells`)
    /// under `difference-arrow` in satdoku's TOML; in f-puzzles a `differencearrow` entry
    /// with the circle's `cells` and one line from the circle along the shaft.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let names = ["difference-arrow", "differencearrow"];
        write_circle_and_shaft(self, names, &self.circle, &self.shaft, format)
    }

    /// A difference arrow from the `circle` cell along the two `shaft` cells.
    pub fn new(circle: Vec<Cell>, shaft: Vec<Cell>) -> DifferenceArrow {
        DifferenceArrow { circle, shaft }
    }

    /// The circle's cell and the shaft's two, once `problem` accepts the shape.
    fn parts(&self) -> Option<(Cell, Cell, Cell)> {
        match (&self.circle[..], &self.shaft[..]) {
            (&[c], &[a, b]) => Some((c, a, b)),
            _ => None,
        }
    }
}

impl fmt::Display for DifferenceArrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "difference arrow {} <- {}",
            cell_list(&self.circle),
            cell_list(&self.shaft)
        )
    }
}

impl Constraint for DifferenceArrow {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        [&self.circle[..], &self.shaft[..]].concat()
    }

    fn oddity(&self) -> Option<String> {
        circle_and_shaft_oddity(&self.circle, &self.shaft)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if self.circle.len() != 1 || self.shaft.len() != 2 {
            return Some(format!(
                "a difference arrow is a circle of one cell and a shaft of two (a difference is \
                 of two digits); this one has a circle of {} and a shaft of {}",
                self.circle.len(),
                self.shaft.len()
            ));
        }
        repeated(&self.cells(shape)).map(|cell| format!("{cell} appears twice"))
    }

    /// Each pair of digits the shaft can hold fixes the circle's digit (their difference),
    /// or is impossible (two equal digits differ by 0, which no cell holds).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let Some((c, a, b)) = self.parts() else {
            return;
        };
        let n = cnf.size();
        for x in 1..=n {
            for y in 1..=n {
                let (ax, by) = (!cnf.holds(a, x), !cnf.holds(b, y));
                match x.abs_diff(y) {
                    0 => cnf.clause([ax, by]),
                    k => cnf.clause([ax, by, cnf.holds(c, k)]),
                }
            }
        }
    }

    /// Whether some digits for its open cells make the circle the shaft's difference.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let Some((c, a, b)) = self.parts() else {
            return true;
        };
        let n = values.shape().digit_count();
        let options = |cell: Cell| match values.get(cell) {
            Some(v) => v..=v,
            None => 1..=n,
        };
        options(a).any(|x| options(b).any(|y| x != y && options(c).contains(&x.abs_diff(y))))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = Mark::pill(&self.circle, GREY);
        let from = (self.shaft.first()).and_then(|&first| nearest(&self.circle, first));
        marks.extend(shaft(from.map(Point::centre), 0.4, &self.shaft, GREY));
        // A minus sign in the circle's cell corner: the difference, not the sum.
        if let Some(&circle) = self.circle.first() {
            let corner = Point::new(circle.col() as f32 + 0.13, circle.row() as f32 + 0.15);
            marks.push(Mark::label(corner, "−", 0.3));
        }
        marks
    }
}
