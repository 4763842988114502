//! How files name each constraint family and how one entry of a file becomes constraints: the [`Family`] rows of [`FAMILIES`] and the [`Fields`] a file reader hands a family's reader.

use super::VariantConstraint;
use crate::grid::{Cell, Shape};

/// The file format an entry comes from: each family reads its own fields in each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// satdoku's TOML puzzle files: a table per entry (`[[cage]]`).
    Toml,
    /// f-puzzles JSON: an object per entry in a field's list (`"killercage": [...]`).
    Fpuzzles,
}

/// Why an entry cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// A cell name that is not a cell (the name as written).
    Cell(String),
    /// Anything else: a key missing, of the wrong type, or a value out of place.
    Why(String),
}

impl EntryError {
    /// An error saying `why`.
    pub fn why(why: impl Into<String>) -> EntryError {
        EntryError::Why(why.into())
    }
}

/// A family's reader: one entry of a file into its constraints (none, when the entry says
/// nothing, such as an f-puzzles little-killer clue without a total).
pub type ReadEntry = fn(&mut Entry<'_>) -> Result<Vec<VariantConstraint>, EntryError>;

/// A constraint family as files name it.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// Its name in messages (`killer cage`).
    pub kind: &'static str,
    /// Its tables in satdoku's TOML puzzle files (`cage`).
    pub toml: &'static [&'static str],
    /// Its fields in f-puzzles JSON (`killercage`).
    pub fpuzzles: &'static [&'static str],
    /// Reads one entry found under any of those names.
    pub read: ReadEntry,
}

impl Family {
    /// The family's names in `source`.
    pub fn names(&self, source: Source) -> &'static [&'static str] {
        match source {
            Source::Toml => self.toml,
            Source::Fpuzzles => self.fpuzzles,
        }
    }
}

/// The values of one entry, by key, as a file reader holds them. Each implementation reads
/// its format's types (TOML strings and arrays, JSON values) and words its own errors.
pub trait Fields {
    /// The cells under `key`: a list of names (`["r1c1", "r1c2"]`; satdoku's TOML also takes
    /// one string, `"r1c1 r1c2"`).
    fn cells(&mut self, key: &str) -> Result<Option<Vec<Cell>>, EntryError>;

    /// The lists of cells under `key` (f-puzzles' `lines`).
    fn lines(&mut self, key: &str) -> Result<Option<Vec<Vec<Cell>>>, EntryError>;

    /// The 1-based row and column numbers of the cell name under `key`, whatever they are:
    /// 0 and N+1 name clues just outside the grid.
    fn position(&mut self, key: &str) -> Result<Option<(usize, usize)>, EntryError>;

    /// The whole number under `key` (f-puzzles also writes numbers as strings; a blank
    /// string is no number).
    fn number(&mut self, key: &str) -> Result<Option<u32>, EntryError>;

    /// The whole numbers under `key`.
    fn numbers(&mut self, key: &str) -> Result<Option<Vec<u32>>, EntryError>;

    /// The text under `key`.
    fn text(&mut self, key: &str) -> Result<Option<String>, EntryError>;
}

/// One entry handed to its family's reader: where it comes from, under which name, on
/// which grid (when known), and its fields.
pub struct Entry<'a> {
    source: Source,
    name: &'static str,
    shape: Option<Shape>,
    fields: &'a mut dyn Fields,
}

impl<'a> Entry<'a> {
    /// An entry of `source` found under `name`, on a grid of `shape` when the file says.
    pub fn new(
        source: Source,
        name: &'static str,
        shape: Option<Shape>,
        fields: &'a mut dyn Fields,
    ) -> Entry<'a> {
        Entry {
            source,
            name,
            shape,
            fields,
        }
    }

    /// The file format.
    pub fn source(&self) -> Source {
        self.source
    }

    /// The table or field the entry was found under (`white-dot`, `difference`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The grid, when the file gives its size before its constraints (f-puzzles does).
    pub fn shape(&self) -> Option<Shape> {
        self.shape
    }

    /// The key `key` in satdoku's TOML, `fpuzzles` in f-puzzles.
    pub fn key(&self, toml: &'static str, fpuzzles: &'static str) -> &'static str {
        match self.source {
            Source::Toml => toml,
            Source::Fpuzzles => fpuzzles,
        }
    }

    /// The cells under `key`, which the entry must have.
    pub fn cells(&mut self, key: &str) -> Result<Vec<Cell>, EntryError> {
        self.fields.cells(key)?.ok_or_else(|| needs(key))
    }

    /// The two cells under `key`.
    pub fn pair(&mut self, key: &str) -> Result<(Cell, Cell), EntryError> {
        match self.cells(key)?[..] {
            [a, b] => Ok((a, b)),
            ref other => Err(EntryError::why(format!(
                "needs 2 cells, not {}",
                other.len()
            ))),
        }
    }

    /// The lines an entry draws: satdoku's TOML writes one as `cells`, f-puzzles any number
    /// as `lines`.
    pub fn paths(&mut self) -> Result<Vec<Vec<Cell>>, EntryError> {
        match self.source {
            Source::Toml => Ok(vec![self.cells("cells")?]),
            Source::Fpuzzles => self.lines("lines"),
        }
    }

    /// The lists of cells under `key`, which the entry must have.
    pub fn lines(&mut self, key: &str) -> Result<Vec<Vec<Cell>>, EntryError> {
        self.fields.lines(key)?.ok_or_else(|| needs(key))
    }

    /// The one cell under `key`, which the entry must have.
    pub fn cell(&mut self, key: &str) -> Result<Cell, EntryError> {
        match self.cells(key)?[..] {
            [cell] => Ok(cell),
            ref other => Err(EntryError::why(format!(
                "needs 1 cell, not {}",
                other.len()
            ))),
        }
    }

    /// The position (1-based numbers, possibly just outside the grid) under `key`, which
    /// the entry must have.
    pub fn position(&mut self, key: &str) -> Result<(usize, usize), EntryError> {
        self.fields.position(key)?.ok_or_else(|| needs(key))
    }

    /// The number under `key`, if any.
    pub fn number(&mut self, key: &str) -> Result<Option<u32>, EntryError> {
        self.fields.number(key)
    }

    /// The number under `key`, which the entry must have.
    pub fn required_number(&mut self, key: &str) -> Result<u32, EntryError> {
        self.fields.number(key)?.ok_or_else(|| needs(key))
    }

    /// The numbers under `key`, which the entry must have.
    pub fn numbers(&mut self, key: &str) -> Result<Vec<u32>, EntryError> {
        self.fields.numbers(key)?.ok_or_else(|| needs(key))
    }

    /// The text under `key`, if any.
    pub fn text(&mut self, key: &str) -> Result<Option<String>, EntryError> {
        self.fields.text(key)
    }
}

/// The error of an entry without `key`.
fn needs(key: &str) -> EntryError {
    EntryError::why(format!("needs `{key}`"))
}

/// The families that files name, in the order their constraints are read (a file's
/// constraints are listed family by family, in file order within a family).
pub fn families() -> &'static [Family] {
    super::FAMILIES
}

/// The family read from `source` under `name`, if any.
pub fn family_named(source: Source, name: &str) -> Option<&'static Family> {
    families()
        .iter()
        .find(|family| family.names(source).contains(&name))
}
