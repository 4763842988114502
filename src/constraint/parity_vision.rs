//! Parity vision: a cell with arrows sees the digits along each arrow's direction to the grid's edge, and its digit is how many of them share its parity.
//!
//! The rule as setters state it ("Parity Vision", Shintaro Fushida-Hardy, via Sudoku-Bench:
//! "A given cell 'sees' a digit if the digit lies in the direction of an arrow on the cell.
//! Each cell with arrows counts the number of digits it sees with the same parity as
//! itself"). An arrow points in one of eight directions (orthogonal or diagonal). satdoku
//! reads it from its TOML (`[[parity-vision]]` with `cell` and `directions`, compass points
//! `n`, `ne`, `e`, `se`, `s`, `sw`, `w`, `nw`), from f-puzzles as a `parityvision` entry (the
//! name f-puzzles' extension scheme gives such a tool), and from SudokuPad as the small
//! arrows drawn inside cells where the rules speak of cells that see along their arrows.

use std::fmt;

use super::drawing::{Mark, Point};
use super::sum::{Chain, Term};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord,
};
use crate::grid::{Cell, Shape};

/// The eight directions an arrow in a cell points in, as compass points (north is up), with
/// their steps in rows and columns.
const DIRECTIONS: [(&str, (isize, isize)); 8] = [
    ("n", (-1, 0)),
    ("ne", (-1, 1)),
    ("e", (0, 1)),
    ("se", (1, 1)),
    ("s", (1, 0)),
    ("sw", (1, -1)),
    ("w", (0, -1)),
    ("nw", (-1, -1)),
];

/// The compass point of a step of `(dr, dc)` rows and columns, each −1, 0 or 1 (not both
/// 0).
pub(crate) fn compass(dr: isize, dc: isize) -> Option<&'static str> {
    (DIRECTIONS.iter()).find_map(|&(name, step)| (step == (dr, dc)).then_some(name))
}

/// A parity-vision cell: its digit counts the digits of its own parity along its arrows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParityVision {
    cell: Cell,
    /// Indices into [`DIRECTIONS`], each once, in compass order.
    directions: Vec<usize>,
}

impl ParityVision {
    /// Reads a parity-vision record: its `cell` and its `directions` (compass points).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cell = record.cell("cell")?;
        let names = (record.texts("directions")?)
            .ok_or_else(|| RecordError::why("needs `directions` (a list: [\"n\", \"se\"])"))?;
        Ok(vec![
            ParityVision::new(cell, &names)
                .map_err(RecordError::why)?
                .into(),
        ])
    }

    /// The record that `read` reads back as this cell: `parity-vision` in satdoku's TOML, a
    /// `parityvision` entry in f-puzzles, with its `cell` and `directions`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let names = self.names().into_iter().map(str::to_string).collect();
        Ok(vec![
            WrittenRecord::new(format.choose("parity-vision", "parityvision"))
                .cells("cell", &[self.cell])
                .with("directions", FieldValue::Texts(names)),
        ])
    }

    /// The cell with arrows pointing in the directions `names` (compass points), or why
    /// one is none.
    pub fn new(cell: Cell, names: &[impl AsRef<str>]) -> Result<ParityVision, String> {
        let mut directions = Vec::new();
        for name in names {
            let name = name.as_ref().to_ascii_lowercase();
            let index = (DIRECTIONS.iter().position(|(d, _)| *d == name))
                .ok_or_else(|| format!("{name:?} is no direction: n, ne, e, se, s, sw, w or nw"))?;
            directions.push(index);
        }
        directions.sort_unstable();
        directions.dedup();
        Ok(ParityVision { cell, directions })
    }

    /// Its directions' compass points.
    fn names(&self) -> Vec<&'static str> {
        self.directions.iter().map(|&i| DIRECTIONS[i].0).collect()
    }

    /// The cells it sees on a grid of `shape`: along each direction to the edge.
    fn seen(&self, shape: Shape) -> Vec<Cell> {
        let n = shape.size() as isize;
        let mut seen = Vec::new();
        for &i in &self.directions {
            let (dr, dc) = DIRECTIONS[i].1;
            let (mut r, mut c) = (self.cell.row() as isize + dr, self.cell.col() as isize + dc);
            while (0..n).contains(&r) && (0..n).contains(&c) {
                seen.extend(Cell::at(r as usize, c as usize));
                r += dr;
                c += dc;
            }
        }
        seen
    }
}

impl fmt::Display for ParityVision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "parity vision {} seeing {}",
            self.cell,
            self.names().join(", ")
        )
    }
}

impl Constraint for ParityVision {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        std::iter::once(self.cell).chain(self.seen(shape)).collect()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if self.directions.is_empty() {
            return Some("a parity-vision cell needs at least one arrow".into());
        }
        let seen = self.seen(shape).len();
        (seen == 0).then(|| format!("{} sees no cell along its arrows", self.cell))
    }

    /// Per digit v of the cell, "it holds v" implies that its seen cells hold v's parity
    /// exactly v times (a chain of partial counts under that guard).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let seen = self.seen(cnf.shape());
        for v in 1..=n {
            let terms: Vec<Term> = (seen.iter())
                .map(|&s| {
                    (1..=n)
                        .map(|w| (cnf.holds(s, w), i64::from(w % 2 == v % 2)))
                        .collect()
                })
                .collect();
            let guard = cnf.holds(self.cell, v);
            Chain::equal_if(cnf, Some(guard), &terms, v as i64);
        }
    }

    /// Exact on a complete grid; on a partial one, some digit of the cell lies between the
    /// count of its parity among the filled seen cells and that count plus the open ones.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let seen = values.digits_of(&self.seen(values.shape()));
        let open = seen.iter().filter(|&&v| v == 0).count();
        let fits = |v: usize| {
            let same = seen.iter().filter(|&&w| w > 0 && w % 2 == v % 2).count();
            same <= v && v <= same + open
        };
        match values.get(self.cell) {
            Some(v) => fits(v),
            None => (1..=values.shape().size()).any(fits),
        }
    }

    /// A small arrow in the cell per direction.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let centre = Point::centre(self.cell);
        let mut marks = Vec::new();
        for &i in &self.directions {
            let (dr, dc) = DIRECTIONS[i].1;
            let (x, y) = (dc as f32, dr as f32);
            let length = (x * x + y * y).sqrt();
            let (x, y) = (x / length, y / length);
            let from = Point::new(centre.x + 0.24 * x, centre.y + 0.24 * y);
            let to = Point::new(centre.x + 0.44 * x, centre.y + 0.44 * y);
            marks.push(Mark::Line {
                points: vec![from, to],
                colour: "#000000",
                width: 0.04,
            });
            marks.push(Mark::Arrowhead {
                from,
                to,
                colour: "#000000",
            });
        }
        marks
    }
}
