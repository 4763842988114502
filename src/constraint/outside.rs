//! Where a clue outside the grid looks (a row or column read from the clue's side, as sandwiches, X-sums, skyscrapers and numbered rooms place their clues), and what the families of such clues share.

use std::fmt;

use super::{FieldValue, Record, RecordError, RecordFormat, WrittenRecord};
use crate::grid::{Cell, House, Shape};

/// A row or column as a clue outside the grid sees it: from its start (left, top) or from
/// its end (right, bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sightline {
    line: House,
    from_end: bool,
}

impl Sightline {
    /// The clue beside `line` (a row or column, anything else a [problem](Sightline::problem)),
    /// at its end (right of a row, below a column) when `from_end`, else at its start.
    pub fn new(line: House, from_end: bool) -> Sightline {
        Sightline { line, from_end }
    }

    /// The row or column.
    pub fn line(&self) -> House {
        self.line
    }

    /// Whether the clue stands at the line's end (right of a row, below a column).
    pub fn from_end(&self) -> bool {
        self.from_end
    }

    /// The line of a clue at 1-based `(row, column)` just outside a grid of `size`: row 0 or
    /// N+1 beside a column, column 0 or N+1 beside a row (f-puzzles' `R0C3`, `R3C10` …).
    pub fn at(position: (usize, usize), size: usize) -> Result<Sightline, RecordError> {
        let inside = |i: usize| (1..=size).contains(&i);
        match position {
            (r, c) if (r == 0 || r == size + 1) && inside(c) => {
                Ok(Sightline::new(House::Column((c - 1) as u8), r == size + 1))
            }
            (r, c) if (c == 0 || c == size + 1) && inside(r) => {
                Ok(Sightline::new(House::Row((r - 1) as u8), c == size + 1))
            }
            _ => Err(RecordError::why(
                "the clue is not just outside the grid beside a row or column",
            )),
        }
    }

    /// Reads where an outside clue stands and its number (under `number` in satdoku's TOML,
    /// `value` in f-puzzles): TOML writes `row` (with `side = "left"` or `"right"`) or
    /// `column` (with `side = "top"` or `"bottom"`), f-puzzles the clue's `cell` just outside
    /// the grid. An f-puzzles clue without a value says nothing (`None`).
    pub(crate) fn read(
        record: &mut Record<'_>,
        number: &str,
    ) -> Result<Option<(Sightline, u32)>, RecordError> {
        match record.format() {
            RecordFormat::Toml => {
                let (line, sides) = match (record.number("row")?, record.number("column")?) {
                    (Some(r), None) if r >= 1 => {
                        (House::Row((r - 1).min(255) as u8), ["left", "right"])
                    }
                    (None, Some(c)) if c >= 1 => {
                        (House::Column((c - 1).min(255) as u8), ["top", "bottom"])
                    }
                    _ => {
                        return Err(RecordError::why(
                            "needs `row` or `column` (1-based), not both",
                        ));
                    }
                };
                let side = record.text("side")?.ok_or_else(|| {
                    RecordError::why(format!(
                        "needs `side` (\"{}\" or \"{}\")",
                        sides[0], sides[1]
                    ))
                })?;
                let from_end = match sides.iter().position(|&s| s == side) {
                    Some(k) => k == 1,
                    None => {
                        return Err(RecordError::why(format!(
                            "`side` is \"{}\" or \"{}\" for a {}, not {side:?}",
                            sides[0],
                            sides[1],
                            if sides[0] == "left" { "row" } else { "column" }
                        )));
                    }
                };
                let value = record.required_number(number)?;
                Ok(Some((Sightline::new(line, from_end), value)))
            }
            RecordFormat::Fpuzzles => {
                let Some(value) = record.number("value")? else {
                    record.drawing_only("cell");
                    return Ok(None);
                };
                let n = record.shape().map_or(0, Shape::size);
                let line = Sightline::at(record.position("cell")?, n)?;
                Ok(Some((line, value)))
            }
        }
    }

    /// `record` with where the clue stands, as [`Sightline::read`] reads it: in satdoku's
    /// TOML its `row` (`side` `"left"` or `"right"`) or `column` (`"top"` or `"bottom"`),
    /// in f-puzzles its `cell` just outside the grid (past its last row or column when the
    /// clue stands at the line's end, which the file writer numbers). Why not, for a house
    /// that is no row or column.
    pub(crate) fn place(
        &self,
        record: WrittenRecord,
        format: RecordFormat,
    ) -> Result<WrittenRecord, String> {
        let (key, index, sides) = match self.line {
            House::Row(r) => ("row", r, ["left", "right"]),
            House::Column(c) => ("column", c, ["top", "bottom"]),
            other => {
                return Err(format!(
                    "a clue outside the grid stands beside a row or a column, not {other}"
                ));
            }
        };
        match format {
            RecordFormat::Toml => Ok(record
                .with(key, FieldValue::Number(u32::from(index) + 1))
                .with(
                    "side",
                    FieldValue::Text(sides[usize::from(self.from_end)].into()),
                )),
            RecordFormat::Fpuzzles => {
                let index = usize::from(index) + 1;
                let place = match (key, self.from_end) {
                    ("row", false) => FieldValue::Position(index, 0),
                    ("row", true) => FieldValue::PastLastColumn(index),
                    (_, false) => FieldValue::Position(0, index),
                    (_, true) => FieldValue::PastLastRow(index),
                };
                Ok(record.with("cell", place))
            }
        }
    }

    /// The line's cells on a grid of `size`, nearest the clue first.
    pub fn cells(&self, size: usize) -> Vec<Cell> {
        (0..size).map(|i| self.cell(size, i)).collect()
    }

    /// The line's `i`th cell from the clue on a grid of `size`.
    pub fn cell(&self, size: usize, i: usize) -> Cell {
        let i = if self.from_end { size - 1 - i } else { i };
        match self.line {
            House::Row(r) => Cell::new_unchecked(r as usize, i),
            House::Column(c) => Cell::new_unchecked(i, c as usize),
            _ => Cell::new_unchecked(0, i),
        }
    }

    /// Why it cannot stand beside a grid of `shape`: not a row or column, or not one of its
    /// rows or columns; `what` names the clue in the message.
    pub fn problem(&self, shape: Shape, what: &str) -> Option<String> {
        match self.line {
            House::Row(i) | House::Column(i) if (i as usize) < shape.size() => None,
            House::Row(_) | House::Column(_) => {
                Some(format!("a {shape} grid has no {}", self.line))
            }
            other => Some(format!("a {what} needs a row or a column, not {other}")),
        }
    }
}

impl fmt::Display for Sightline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match (self.line, self.from_end) {
            (House::Column(_), false) => "top",
            (House::Column(_), true) => "bottom",
            (_, false) => "left",
            (_, true) => "right",
        };
        write!(f, "{} from the {side}", self.line)
    }
}

/// Declares an outside-clue family: its type (the clue's [`Sightline`] and its number, kept
/// under the name the TOML key gives it), its reading through [`Sightline::read`] and its
/// writing as the records `records` names (satdoku's TOML, f-puzzles), its constructor and
/// its `Display`: the family's name in messages, the line, and the number in brackets as
/// `shown` writes it. An empty f-puzzles name: a family only satdoku's TOML holds. Fields
/// after the number are what the clue learns from the rules it joins (empty when read).
macro_rules! outside_clue {
    (
        $(#[$doc:meta])*
        $family:ident { $number:ident $(, $(#[$extra_doc:meta])* $extra:ident: $extra_ty:ty)* },
        $name:literal, shown $shown:literal, records $toml:literal, $fpuzzles:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct $family {
            sight: super::Sightline,
            $number: u32,
            $($(#[$extra_doc])* $extra: $extra_ty,)*
        }

        impl $family {
            #[doc = concat!(
                "Reads a clue's record: where it stands ([`Sightline`](super::Sightline)'s ",
                "reading) and its `", stringify!($number), "` (f-puzzles' `value`)."
            )]
            pub(crate) fn read(
                record: &mut super::Record<'_>,
            ) -> Result<Vec<super::VariantConstraint>, super::RecordError> {
                Ok(super::Sightline::read(record, stringify!($number))?
                    .map(|(sight, $number)| $family::new(sight, $number).into())
                    .into_iter()
                    .collect())
            }

            #[doc = concat!(
                "The record that `read` reads back as this clue: `", $toml, "` in satdoku's ",
                "TOML (its place and its `", stringify!($number), "`), `", $fpuzzles,
                "` in f-puzzles (its `cell` and `value`)."
            )]
            pub(crate) fn write(&self, format: super::RecordFormat) -> super::Written {
                // No f-puzzles name: a family only satdoku's TOML holds.
                if $fpuzzles.is_empty() && format == super::RecordFormat::Fpuzzles {
                    return Err(super::Unwritable::new(
                        self,
                        format,
                        concat!("neither it nor its extensions draw ", $name, " clues"),
                    ));
                }
                let record = super::WrittenRecord::new(format.choose($toml, $fpuzzles));
                let record = self
                    .sight
                    .place(record, format)
                    .map_err(|why| super::Unwritable::new(self, format, why))?;
                let key = format.choose(stringify!($number), "value");
                Ok(vec![record.number(format, key, self.$number)])
            }

            #[doc = concat!("The clue `", stringify!($number), "` seen along `sight`.")]
            pub fn new(sight: super::Sightline, $number: u32) -> $family {
                $family { sight, $number $(, $extra: Default::default())* }
            }

            /// The clue's number, as the picture writes it.
            fn clue_number(&self) -> u32 {
                self.$number
            }
        }

        impl std::fmt::Display for $family {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(
                    f,
                    concat!($name, " {} (", $shown, ")"),
                    self.sight, self.$number
                )
            }
        }
    };
}
pub(crate) use outside_clue;

/// The [`Constraint`](super::Constraint) methods every outside-clue family answers from its
/// sightline: its cells (the line, nearest the clue first), and why it cannot apply: the
/// sightline's problem (`what` naming the clue), else the family's own `clue_problem`.
macro_rules! sightline_cells_and_problem {
    ($what:literal) => {
        fn cells(&self, shape: Shape) -> Vec<Cell> {
            self.sight.cells(shape.size())
        }

        fn problem(&self, shape: Shape) -> Option<String> {
            self.sight
                .problem(shape, $what)
                .or_else(|| self.clue_problem(shape))
        }

        fn draw(&self, shape: Shape) -> Vec<super::Mark> {
            vec![super::Mark::outside(
                self.sight.line(),
                self.sight.from_end(),
                shape,
                self.clue_number().to_string(),
            )]
        }
    };
}
pub(crate) use sightline_cells_and_problem;
