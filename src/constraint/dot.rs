//! Kropki dots between two cells: white, the digits differ by a set amount (1 by default); black, one is a set multiple of the other (2 by default).

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, pair_apart,
};
use crate::grid::{Cell, Shape};

/// The colour of a kropki dot, with the amount it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotColour {
    /// The digits differ by this amount (1: consecutive).
    White(u32),
    /// One digit is this multiple of the other (2: a ratio of 1:2).
    Black(u32),
}

impl DotColour {
    /// Whether digits `a` and `b` fit the dot.
    pub fn holds(self, a: usize, b: usize) -> bool {
        match self {
            DotColour::White(d) => a.abs_diff(b) == d as usize,
            DotColour::Black(r) => a == b * r as usize || b == a * r as usize,
        }
    }
}

/// A kropki dot between two cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dot {
    cells: [Cell; 2],
    colour: DotColour,
}

impl Dot {
    /// Reads a kropki dot record: its two `cells` and, when not the default, the white dot's
    /// `difference` or the black dot's `ratio` (f-puzzles: `value`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let (a, b) = record.pair("cells")?;
        let white = match record.name() {
            "white-dot" | "difference" => true,
            "black-dot" | "ratio" => false,
            other => return Err(RecordError::why(format!("{other} is no kropki dot table"))),
        };
        let amount =
            record.number(record.key(if white { "difference" } else { "ratio" }, "value"))?;
        let colour = if white {
            DotColour::White(amount.unwrap_or(1))
        } else {
            DotColour::Black(amount.unwrap_or(2))
        };
        Ok(vec![Dot::new(a, b, colour).into()])
    }

    /// The record that `read` reads back as this dot: its two `cells` under `white-dot` or
    /// `black-dot` (f-puzzles: `difference` or `ratio`), with its amount (`difference`,
    /// `ratio`; f-puzzles' `value`) when it is not the reader's default, 1 or 2.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let (name, key, amount, default) = match self.colour {
            DotColour::White(d) => (
                format.choose("white-dot", "difference"),
                format.choose("difference", "value"),
                d,
                1,
            ),
            DotColour::Black(r) => (
                format.choose("black-dot", "ratio"),
                format.choose("ratio", "value"),
                r,
                2,
            ),
        };
        let record = WrittenRecord::new(name).cells("cells", &self.cells);
        Ok(vec![record.optional_number(
            format,
            key,
            (amount != default).then_some(amount),
        )])
    }

    /// A dot of `colour` between `a` and `b`.
    pub fn new(a: Cell, b: Cell, colour: DotColour) -> Dot {
        Dot {
            cells: [a, b],
            colour,
        }
    }

    /// The two cells.
    pub fn pair(&self) -> (Cell, Cell) {
        (self.cells[0], self.cells[1])
    }

    /// The colour.
    pub fn colour(&self) -> DotColour {
        self.colour
    }
}

impl fmt::Display for Dot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        match self.colour {
            DotColour::White(d) => write!(f, "white dot {a}-{b} (difference {d})"),
            DotColour::Black(r) => write!(f, "black dot {a}-{b} (ratio {r})"),
        }
    }
}

impl Constraint for Dot {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.to_vec()
    }

    fn oddity(&self) -> Option<String> {
        let [a, b] = self.cells;
        pair_apart(a, b)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.digit_count();
        if self.cells[0] == self.cells[1] {
            return Some("a dot needs two different cells".into());
        }
        let numbers = || (1..=n).map(|v| shape.number(v));
        let fits = numbers().any(|a| numbers().any(|b| self.colour.holds(a, b)));
        let (low, high) = (shape.lowest(), shape.highest());
        (!fits).then(|| format!("no two digits from {low} to {high} fit it"))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let colour = self.colour;
        cnf.relation(self.cells[0], self.cells[1], |a, b| colour.holds(a, b));
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        match (values.get(self.cells[0]), values.get(self.cells[1])) {
            (Some(a), Some(b)) => self.colour.holds(a, b),
            _ => true,
        }
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let [a, b] = self.cells;
        let (fill, label) = match self.colour {
            DotColour::White(d) => ("#ffffff", (d != 1).then(|| d.to_string())),
            DotColour::Black(r) => ("#000000", (r != 2).then(|| r.to_string())),
        };
        let centre = Point::between(a, b);
        let mut marks = vec![Mark::Circle {
            centre,
            radius: 0.13,
            fill: Some(fill),
            stroke: Some("#000000"),
        }];
        if let Some(label) = label {
            marks.push(Mark::Text {
                at: centre,
                text: label,
                size: 0.16,
                colour: if fill == "#000000" {
                    "#ffffff"
                } else {
                    "#000000"
                },
                halo: false,
            });
        }
        marks
    }
}
