//! How files name each constraint family and how one record of a file (an entry of its constraint lists) becomes constraints: the [`Family`] rows of [`families`] and the [`Fields`] a file reader hands a family's reader.

use super::VariantConstraint;
use crate::grid::{Cell, Shape};

/// The file format a record comes from: each family reads its own fields in each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// satdoku's TOML puzzle files: a table per record (`[[cage]]`).
    Toml,
    /// f-puzzles JSON: an object per record in a field's list (`"killercage": [...]`).
    Fpuzzles,
}

/// Why a record cannot be read (each file reader words it with the record's place).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A cell name that is not a cell (the name as written).
    #[error("{0} is not a cell")]
    Cell(String),
    /// A whole number too large, or negative, for any constraint (a sum of -6).
    #[error("`{key}` is {value}: it must be between 0 and {}", u32::MAX)]
    OutOfRange {
        /// The key it is under.
        key: String,
        /// The number as written.
        value: String,
    },
    /// Anything else: a key missing, of the wrong type, or a value out of place.
    #[error("{0}")]
    Why(String),
}

impl RecordError {
    /// An error saying `why`.
    pub fn why(why: impl Into<String>) -> RecordError {
        RecordError::Why(why.into())
    }
}

/// A family's reader: one record of a file into its constraints (none, when the record says
/// nothing, such as an f-puzzles little-killer clue without a total).
pub type ReadRecord = fn(&mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError>;

/// A constraint family as files name it.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// Its tables in satdoku's TOML puzzle files (`cage`).
    pub toml: &'static [&'static str],
    /// Its fields in f-puzzles JSON (`killercage`).
    pub fpuzzles: &'static [&'static str],
    /// Reads one record found under any of those names.
    pub read: ReadRecord,
}

impl Family {
    /// The family's names in `format`.
    pub fn names(&self, format: RecordFormat) -> &'static [&'static str] {
        match format {
            RecordFormat::Toml => self.toml,
            RecordFormat::Fpuzzles => self.fpuzzles,
        }
    }
}

/// The values of one record, by key, as a file reader holds them. Each implementation reads
/// its format's types (TOML strings and arrays, JSON values) and words its own errors.
pub trait Fields {
    /// The cells under `key`: a list of names (`["r1c1", "r1c2"]`; satdoku's TOML also takes
    /// one string, `"r1c1 r1c2"`).
    fn cells(&mut self, key: &str) -> Result<Option<Vec<Cell>>, RecordError>;

    /// The lists of cells under `key` (f-puzzles' `lines`).
    fn lines(&mut self, key: &str) -> Result<Option<Vec<Vec<Cell>>>, RecordError>;

    /// The 1-based row and column numbers of the cell name under `key`, whatever they are:
    /// 0 and N+1 name clues just outside the grid.
    fn position(&mut self, key: &str) -> Result<Option<(usize, usize)>, RecordError>;

    /// The whole number under `key` (f-puzzles also writes numbers as strings; a blank
    /// string is no number).
    fn number(&mut self, key: &str) -> Result<Option<u32>, RecordError>;

    /// The whole numbers under `key`.
    fn numbers(&mut self, key: &str) -> Result<Option<Vec<u32>>, RecordError>;

    /// The text under `key`.
    fn text(&mut self, key: &str) -> Result<Option<String>, RecordError>;

    /// The text, or list of texts, under `key` (one text: a list of one).
    fn texts(&mut self, key: &str) -> Result<Option<Vec<String>>, RecordError> {
        Ok(self.text(key)?.map(|text| vec![text]))
    }

    /// The true or false under `key`.
    fn flag(&mut self, key: &str) -> Result<Option<bool>, RecordError>;

    /// Marks `key` read without reading it: a field that only places a drawing.
    fn skip(&mut self, key: &str);

    /// Hands `visit` each record nested in this one, with the key it stands under, in the
    /// order written: satdoku's TOML nests tables (`[[any-of.cage]]` under `[[any-of]]`);
    /// formats that nest none hand over nothing. A nested record's key it does not read is
    /// an error, as a record's is.
    fn nested(&mut self, visit: &mut Visit<'_>) -> Result<(), RecordError> {
        let _ = visit;
        Ok(())
    }
}

/// What [`Fields::nested`] hands each nested record to: its key and its fields.
pub type Visit<'v> = dyn FnMut(&str, &mut dyn Fields) -> Result<(), RecordError> + 'v;

/// One constraint as a file writes it, handed to its family's reader: its file format,
/// the name it was found under, the grid (when known), and its fields.
pub struct Record<'a> {
    format: RecordFormat,
    name: &'static str,
    shape: Option<Shape>,
    fields: &'a mut dyn Fields,
}

impl<'a> Record<'a> {
    /// A record of `format` found under `name`, on a grid of `shape` when the file says.
    pub fn new(
        format: RecordFormat,
        name: &'static str,
        shape: Option<Shape>,
        fields: &'a mut dyn Fields,
    ) -> Record<'a> {
        Record {
            format,
            name,
            shape,
            fields,
        }
    }

    /// The file format.
    pub fn format(&self) -> RecordFormat {
        self.format
    }

    /// The table or field the record was found under (`white-dot`, `difference`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The grid, when the file gives its size before its constraints (f-puzzles does).
    pub fn shape(&self) -> Option<Shape> {
        self.shape
    }

    /// The key `key` in satdoku's TOML, `fpuzzles` in f-puzzles.
    pub fn key(&self, toml: &'static str, fpuzzles: &'static str) -> &'static str {
        match self.format {
            RecordFormat::Toml => toml,
            RecordFormat::Fpuzzles => fpuzzles,
        }
    }

    /// Hands `visit` each record nested in this one (see [`Fields::nested`]).
    pub fn nested(&mut self, visit: &mut Visit<'_>) -> Result<(), RecordError> {
        self.fields.nested(visit)
    }

    /// The cells under `key`, which the record must have.
    pub fn cells(&mut self, key: &str) -> Result<Vec<Cell>, RecordError> {
        self.fields.cells(key)?.ok_or_else(|| needs(key))
    }

    /// The cells under `key`, if any.
    pub fn optional_cells(&mut self, key: &str) -> Result<Option<Vec<Cell>>, RecordError> {
        self.fields.cells(key)
    }

    /// The two cells under `key`.
    pub fn pair(&mut self, key: &str) -> Result<(Cell, Cell), RecordError> {
        match self.cells(key)?[..] {
            [a, b] => Ok((a, b)),
            ref other => Err(RecordError::why(format!(
                "needs 2 cells, not {}",
                other.len()
            ))),
        }
    }

    /// One constraint per marked cell, made by `make`: the record's `cells` (f-puzzles: its
    /// one `cell`), for families that mark single cells (odd, even, minimum, maximum).
    pub fn each_cell(
        &mut self,
        make: impl Fn(Cell) -> VariantConstraint,
    ) -> Result<Vec<VariantConstraint>, RecordError> {
        let cells = self.cells(self.key("cells", "cell"))?;
        Ok(cells.into_iter().map(make).collect())
    }

    /// One constraint per line the record draws, made by `make` (see [`Record::paths`]).
    pub fn each_path(
        &mut self,
        make: impl Fn(Vec<Cell>) -> VariantConstraint,
    ) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(self.paths()?.into_iter().map(make).collect())
    }

    /// The lines a record draws: satdoku's TOML writes one as `cells`, f-puzzles any number
    /// as `lines`.
    pub fn paths(&mut self) -> Result<Vec<Vec<Cell>>, RecordError> {
        match self.format {
            RecordFormat::Toml => Ok(vec![self.cells("cells")?]),
            RecordFormat::Fpuzzles => self.lines("lines"),
        }
    }

    /// The lists of cells under `key`, if the record has them.
    pub fn optional_lines(&mut self, key: &str) -> Result<Option<Vec<Vec<Cell>>>, RecordError> {
        self.fields.lines(key)
    }

    /// The lists of cells under `key`, which the record must have.
    pub fn lines(&mut self, key: &str) -> Result<Vec<Vec<Cell>>, RecordError> {
        self.fields.lines(key)?.ok_or_else(|| needs(key))
    }

    /// The one cell under `key`, which the record must have.
    pub fn cell(&mut self, key: &str) -> Result<Cell, RecordError> {
        match self.cells(key)?[..] {
            [cell] => Ok(cell),
            ref other => Err(RecordError::why(format!(
                "needs 1 cell, not {}",
                other.len()
            ))),
        }
    }

    /// The position (1-based numbers, possibly just outside the grid) under `key`, which
    /// the record must have.
    pub fn position(&mut self, key: &str) -> Result<(usize, usize), RecordError> {
        self.fields.position(key)?.ok_or_else(|| needs(key))
    }

    /// The number under `key`, if any.
    pub fn number(&mut self, key: &str) -> Result<Option<u32>, RecordError> {
        self.fields.number(key)
    }

    /// The number under `key`, which the record must have.
    pub fn required_number(&mut self, key: &str) -> Result<u32, RecordError> {
        self.fields.number(key)?.ok_or_else(|| needs(key))
    }

    /// The numbers under `key`, if any.
    pub fn optional_numbers(&mut self, key: &str) -> Result<Option<Vec<u32>>, RecordError> {
        self.fields.numbers(key)
    }

    /// The true or false under `key`, if any.
    pub fn flag(&mut self, key: &str) -> Result<Option<bool>, RecordError> {
        self.fields.flag(key)
    }

    /// The numbers under `key`, which the record must have.
    pub fn numbers(&mut self, key: &str) -> Result<Vec<u32>, RecordError> {
        self.fields.numbers(key)?.ok_or_else(|| needs(key))
    }

    /// Passes over `key`, a field that only places the record's drawing (an f-puzzles
    /// little killer's clue cell): not a field the family leaves unread.
    pub fn drawing_only(&mut self, key: &str) {
        self.fields.skip(key)
    }

    /// The text under `key`, if any.
    pub fn text(&mut self, key: &str) -> Result<Option<String>, RecordError> {
        self.fields.text(key)
    }

    /// The text or list of texts under `key`, if any (one text: a list of one).
    pub fn texts(&mut self, key: &str) -> Result<Option<Vec<String>>, RecordError> {
        self.fields.texts(key)
    }
}

/// The error of a record without `key`.
fn needs(key: &str) -> RecordError {
    RecordError::why(format!("needs `{key}`"))
}

/// The families that files name, in the order their constraints are read (a file's
/// constraints are listed family by family, in file order within a family).
pub fn families() -> &'static [Family] {
    super::FAMILIES
}

/// The family read from `format` under `name`, if any.
pub fn family_named(format: RecordFormat, name: &str) -> Option<&'static Family> {
    families()
        .iter()
        .find(|family| family.names(format).contains(&name))
}

/// The fields of a record that has at most its `cells`: what each family of an any-of
/// reads from the any-of's cells (none: a record with no fields at all).
pub(crate) struct OnlyCells(pub(crate) Option<Vec<Cell>>);

impl Fields for OnlyCells {
    fn cells(&mut self, key: &str) -> Result<Option<Vec<Cell>>, RecordError> {
        Ok(self.0.clone().filter(|_| key == "cells"))
    }
    fn lines(&mut self, _: &str) -> Result<Option<Vec<Vec<Cell>>>, RecordError> {
        Ok(None)
    }
    fn position(&mut self, _: &str) -> Result<Option<(usize, usize)>, RecordError> {
        Ok(None)
    }
    fn number(&mut self, _: &str) -> Result<Option<u32>, RecordError> {
        Ok(None)
    }
    fn numbers(&mut self, _: &str) -> Result<Option<Vec<u32>>, RecordError> {
        Ok(None)
    }
    fn text(&mut self, _: &str) -> Result<Option<String>, RecordError> {
        Ok(None)
    }
    fn flag(&mut self, _: &str) -> Result<Option<bool>, RecordError> {
        Ok(None)
    }
    fn skip(&mut self, _: &str) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_of_the_table_reaches_its_family_and_asks_for_its_keys() {
        let mut names = Vec::new();
        for family in families() {
            for format in [RecordFormat::Toml, RecordFormat::Fpuzzles] {
                for &name in family.names(format) {
                    names.push(name);
                    let read =
                        (family.read)(&mut Record::new(format, name, None, &mut OnlyCells(None)));
                    match read {
                        // f-puzzles clues without a value say nothing.
                        Ok(none) => assert!(
                            none.is_empty() && format == RecordFormat::Fpuzzles,
                            "{name}"
                        ),
                        Err(error) => {
                            let text = error.to_string();
                            assert!(text.starts_with("needs `"), "{name}: {text}")
                        }
                    }
                }
            }
        }
        assert!(names.len() >= 30, "{names:?}");
        assert_eq!(
            family_named(RecordFormat::Toml, "white-dot").map(|f| f.toml),
            Some(&["white-dot", "black-dot"][..])
        );
        assert!(family_named(RecordFormat::Fpuzzles, "white-dot").is_none());
    }
}
