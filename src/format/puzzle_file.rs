//! Puzzle files that carry their own rules: TOML holding the rules and the puzzles.
//!
//! ```toml
//! # A 6×6 jigsaw where cells a knight's move apart differ.
//! title = "Knight's jigsaw"          # optional: title, author, notes
//! regions = """
//! A A A B B B
//! A A C C B B
//! A C C C D B
//! E E C D D D
//! E E F F D D
//! E E F F F F
//! """
//! rules = ["anti-knight"]            # diagonal, windoku, anti-knight, non-consecutive …
//! puzzle = """
//! 6 . . . 3 .
//! . . . . . 5
//! . . 3 . . .
//! 4 . 2 . . .
//! . . . . . 2
//! . . . . . .
//! """
//! ```
//!
//! `boxes = "2x3"` gives boxes instead of `regions`; neither: each grid's usual boxes;
//! `boxes = "none"`: rows and columns only (a Latin square, any size).
//! `digits = 9` gives a smaller grid the digits 1 to 9 (each house's digits differ, and with
//! `rules = ["same-digits"]` every house holds the same of them).
//! `extra-regions = [["r1c1", "r1c2", …], …]` adds regions of N cells each, and
//! `differ = [["r1c1", "r2c2"], …]` pairs of cells that must differ.
//! `puzzle` holds one puzzle and `puzzles` a list, each in any layout the reader takes
//! (line, block, tokens). Unknown keys and unknown rules are errors: a rule left out would
//! give a wrong verdict. `title`, `author` and `notes` are kept with the puzzles.
//!
//! Variant constraints are tables, `cells` a list or one string of cell names:
//!
//! ```toml
//! [[cage]]                           # killer cage; `sum` optional
//! cells = "r1c1 r1c2 r2c1"
//! sum = 6
//! [[arrow]]
//! circle = "r5c5"
//! cells = "r4c4 r3c3"
//! [[sandwich]]
//! row = 3                            # or column = 3
//! sum = 12
//! ```
//!
//! The tables (each family's own file under `constraint/` reads its entries; the table of
//! families names them): `cage`, `little-killer` (`sum`), `sandwich`, `thermometer` and
//! `slow-thermometer` (bulb first), `arrow`, `palindrome`, `between`, `renban`, `whispers` (`difference`, default
//! ⌈N/2⌉), `entropic-line`, `modular-line`, `nabner`, `white-dot` (`difference`, default 1), `black-dot` (`ratio`, default 2), `xv`
//! (`letter = "X"` or `"V"`), `odd`, `even`, `minimum`, `maximum` (each cell listed),
//! `quadruple` (`digits`), `clone` (`copy`, the cells holding the same digits),
//! `region-sum-line` (cut by the grid's regions), `zipper-line`, `parity-line`, `lockout`
//! (ends first and last; `difference`, default ⌊N/2⌋), `sum-line` (`sum`), `x-sum` (`row`
//! with `side = "left"` or `"right"`, or `column` with `"top"` or `"bottom"`; `sum`),
//! `skyscraper` (placed the same way; `count`), `numbered-room` (placed the same way;
//! `digit`). `rules` also takes `non-consecutive`, `negative-difference`, `negative-ratio`
//! and `negative-xv`, and `knightmare` (9×9) and `anti-taxicab`.
//! A `cage` takes at most one of `sum`, `sums` (a list: the digits add up to any of them) and
//! `digital-root` (1 to 9: any sum of that digital root), and `repeats = true` when its
//! digits may repeat.
//! `rellik` (`cells`, `sum`): different digits, no set of which adds up to `sum`.
//! `row-indexer`, `column-indexer` and `box-indexer` (`cells`, the indexer cells).
//! `double-arrow` (`cells`, the circles first and last).
//! `lunchbox` (`sum`, and `cells` in order or a `row` or `column`, 1-based): different
//! digits, those between the smallest and the largest adding up to `sum`.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::RegionsError;
use super::{InputError, ReadOptions};
use crate::constraint::{
    Fields, Record, RecordError, RecordFormat, VariantConstraint, Visit, families, family_named,
};
use crate::grid::{BoxShape, Cell};
use crate::rules::{
    DigitRange, DigitRangeError, GlobalRule, Jigsaw, Puzzle, RulesError, RulesSpec,
};

/// The keys of a puzzle file besides the constraint tables.
const KEYS: [&str; 11] = [
    "title",
    "author",
    "notes",
    "digits",
    "boxes",
    "regions",
    "rules",
    "puzzle",
    "puzzles",
    "extra-regions",
    "differ",
];

/// The names a puzzle file's `rules` list takes: the rules over the whole grid.
pub fn rule_names() -> impl Iterator<Item = &'static str> {
    GlobalRule::ALL.into_iter().map(GlobalRule::name)
}

/// A puzzle file read: its rules, the text of each puzzle with the file line it starts on,
/// and what the file says about itself.
#[derive(Clone, Debug, Default)]
pub struct PuzzleFile {
    /// The rules the file gives.
    pub spec: RulesSpec,
    /// The puzzles' texts, in file order.
    pub puzzles: Vec<PuzzleText>,
    /// The file's `title`, if it gives one (f-puzzles: its `title`).
    pub title: Option<String>,
    /// The file's `author` (f-puzzles: its `author`).
    pub author: Option<String>,
    /// The file's `notes`.
    pub notes: Option<String>,
    /// What the reader noticed about the file and its author should know (f-puzzles: values
    /// a solver entered, which are not givens).
    pub warnings: Vec<String>,
    /// The file line each of `spec.constraints` was written on, in order, where the format
    /// has lines for them (satdoku's TOML; empty for f-puzzles and SudokuPad data).
    pub constraint_lines: Vec<usize>,
    /// The rules as the file's author wrote them (f-puzzles' `ruleset`, SudokuPad's rules),
    /// read sentence by sentence by [`rules_text`](super::rules_text).
    pub rules: Option<String>,
    /// What the reader read the file's drawings as, each element with its rule
    /// (`thermometer r1c1-r1c3 (line 2, underlay 1)`): SudokuPad data, whose elements are
    /// drawings; empty for formats that name their rules.
    pub readings: Vec<String>,
    /// What the file draws that the reader did not read as a rule, each named (an element
    /// drawn with no rule of its own, one drawn like a rule the words never name): a
    /// verdict reached without them may be wrong, and says so. The rules' sentences left
    /// unread depend on the rules they are read against: see [`PuzzleFile::unread_under`].
    pub unread: Vec<String>,
}

/// One puzzle's text in a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleText {
    /// The file line its first line is on.
    pub line: usize,
    /// The text, in any layout the puzzle reader takes.
    pub text: String,
}

/// A puzzle file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleFileError {
    /// Not TOML, or a value of the wrong type.
    #[error("not a satdoku puzzle file: {message}")]
    Toml {
        /// The TOML reader's message, with the line and column.
        message: String,
    },
    /// A key that is neither a puzzle file's key nor a constraint table.
    #[error(
        "line {line}: unknown key `{key}` (a puzzle file takes {}; and the constraint tables {})",
        KEYS.join(", "),
        toml_tables().join(", ")
    )]
    UnknownKey {
        /// The file line.
        line: usize,
        /// The key.
        key: String,
    },
    /// A name in `rules` that is not a rule.
    #[error(
        "line {line}: unknown rule {rule:?} (rules are {})", rule_names().collect::<Vec<_>>().join(", ")
    )]
    UnknownRule {
        /// The file line.
        line: usize,
        /// The name given.
        rule: String,
    },
    /// The boxes or regions cannot be made.
    #[error("line {line}: {error}")]
    Rules {
        /// The file line.
        line: usize,
        /// Why.
        error: RulesError,
    },
    /// The region grid cannot be read.
    #[error("{}{error}", if error.line().is_some() { String::new() } else { format!("line {line}: ") })]
    RegionGrid {
        /// The file line the grid starts on.
        line: usize,
        /// The error, its line (if it names one) counted in the file.
        error: RegionsError,
    },
    /// Both `boxes` and `regions`.
    #[error("line {line}: give boxes or regions, not both")]
    BoxesAndRegions {
        /// The file line of `regions`.
        line: usize,
    },
    /// A cell name that is not `rRcC`.
    #[error("line {line}: {text:?} is not a cell (write r3c7: row 3, column 7)")]
    BadCell {
        /// The file line.
        line: usize,
        /// The text given.
        text: String,
    },
    /// An entry of `differ` that is not two cells.
    #[error("line {line}: a pair to differ has {cells} cells, not 2")]
    BadPair {
        /// The file line.
        line: usize,
        /// How many cells it names.
        cells: usize,
    },
    /// A constraint table that lacks a key, has one its kind does not take, or a value of
    /// the wrong type.
    #[error("line {line}: {kind}: {why}")]
    BadConstraint {
        /// The file line.
        line: usize,
        /// The table (`cage`, `thermometer` …).
        kind: &'static str,
        /// What is wrong.
        why: String,
    },
    /// A `digits` no grid takes.
    #[error(
        "line {line}: digits = {digits}: {why} (give a count from 4 to 64, or a range \"0-8\" / \"1-9\")"
    )]
    Digits {
        /// The file line.
        line: usize,
        /// The value given, as written.
        digits: String,
        /// What is wrong with it.
        why: String,
    },
    /// Neither `puzzle` nor `puzzles`.
    #[error("the file holds no puzzle: give `puzzle = \"...\"` or `puzzles = [...]`")]
    NoPuzzle,
}

/// A file's `digits`: a count (`digits = 9`, 1 to 9) or a range (`digits = "0-8"`).
#[derive(Deserialize)]
#[serde(untagged)]
enum RawDigits {
    Count(i64),
    Range(String),
}

/// The constraint tables a puzzle file takes, in the order of the family table.
fn toml_tables() -> Vec<&'static str> {
    families()
        .iter()
        .flat_map(|family| family.toml.iter().copied())
        .collect()
}

/// The file's keys besides the constraint tables, as TOML ([`KEYS`] lists them again for
/// the reader, which sorts keys before this one reads them).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    title: Option<String>,
    author: Option<String>,
    notes: Option<String>,
    digits: Option<Spanned<RawDigits>>,
    boxes: Option<Spanned<String>>,
    regions: Option<Spanned<String>>,
    #[serde(default)]
    rules: Vec<Spanned<String>>,
    puzzle: Option<Spanned<String>>,
    #[serde(default)]
    puzzles: Vec<Spanned<String>>,
    #[serde(default, rename = "extra-regions")]
    extra_regions: Vec<Spanned<Vec<String>>>,
    #[serde(default)]
    differ: Vec<Spanned<Vec<String>>>,
}

impl PuzzleFile {
    /// Reads a puzzle file.
    ///
    /// ```
    /// use satdoku::format::PuzzleFile;
    /// use satdoku::rules::GlobalRule;
    /// let file = PuzzleFile::parse("boxes = \"2x3\"\nrules = [\"anti-king\"]\npuzzle = \"1.....\"\n").unwrap();
    /// assert!(file.spec.globals.contains(GlobalRule::AntiKing));
    /// assert_eq!(file.puzzles[0].line, 3);
    /// assert!(PuzzleFile::parse("rules = [\"anti-bishop\"]\npuzzle = \"\"").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<PuzzleFile, PuzzleFileError> {
        let toml_error = |mut error: toml::de::Error| {
            error.set_input(Some(text));
            PuzzleFileError::Toml {
                message: error.to_string().trim().replace('\n', " "),
            }
        };
        let document = DeTable::parse(text).map_err(toml_error)?;
        let span = document.span();
        let mut known = DeTable::new();
        let mut tables = Vec::new();
        for (key, value) in document.into_inner() {
            if KEYS.contains(&key.get_ref().as_ref()) {
                known.insert(key, value);
            } else if family_named(RecordFormat::Toml, key.get_ref()).is_some() {
                tables.push((key, value));
            } else {
                return Err(PuzzleFileError::UnknownKey {
                    line: line_of(text, key.span()),
                    key: key.get_ref().to_string(),
                });
            }
        }
        let raw = Raw::deserialize(toml::de::Deserializer::from(Spanned::new(span, known)))
            .map_err(toml_error)?;
        let mut spec = RulesSpec::default();
        if let Some(digits) = &raw.digits {
            let written = match digits.get_ref() {
                RawDigits::Count(count) => count.to_string(),
                RawDigits::Range(range) => range.clone(),
            };
            let range: DigitRange =
                written
                    .parse()
                    .map_err(|e: DigitRangeError| PuzzleFileError::Digits {
                        line: line_of(text, digits.span()),
                        why: e.to_string(),
                        digits: written.clone(),
                    })?;
            spec.digits = Some(range.count);
            spec.from_zero = range.from_zero;
        }
        if raw
            .boxes
            .as_ref()
            .is_some_and(|b| b.get_ref().trim() == "none")
        {
            spec.no_regions = true;
        } else if let Some(boxes) = &raw.boxes {
            let line = line_of(text, boxes.span());
            spec.boxes = Some(boxes.get_ref().parse::<BoxShape>().map_err(|error| {
                PuzzleFileError::Rules {
                    line,
                    error: error.into(),
                }
            })?);
        }
        if let Some(regions) = &raw.regions {
            let first = content_line(text, regions.span());
            if spec.boxes.is_some() || spec.no_regions {
                return Err(PuzzleFileError::BoxesAndRegions {
                    line: line_of(text, regions.span()),
                });
            }
            let jigsaw =
                Jigsaw::parse(regions.get_ref()).map_err(|error| PuzzleFileError::RegionGrid {
                    line: first,
                    error: error.shifted(first - 1),
                })?;
            spec.jigsaw = Some(jigsaw);
        }
        for rule in &raw.rules {
            let name = rule.get_ref().as_str();
            if let Ok(global) = name.parse::<GlobalRule>() {
                spec.globals = spec.globals.with(global);
            } else {
                return Err(PuzzleFileError::UnknownRule {
                    line: line_of(text, rule.span()),
                    rule: name.to_string(),
                });
            }
        }
        for region in &raw.extra_regions {
            let line = line_of(text, region.span());
            let cells = region
                .get_ref()
                .iter()
                .map(|name| cell(name, line))
                .collect::<Result<_, _>>()?;
            spec.extra_regions.push(cells);
        }
        for pair in &raw.differ {
            let line = line_of(text, pair.span());
            let cells: Vec<Cell> = pair
                .get_ref()
                .iter()
                .map(|name| cell(name, line))
                .collect::<Result<_, _>>()?;
            let [a, b] = cells[..] else {
                return Err(PuzzleFileError::BadPair {
                    line,
                    cells: cells.len(),
                });
            };
            spec.pairs.push((a, b));
        }
        let (read, constraint_lines): (Vec<_>, Vec<_>) =
            constraints(&tables, text)?.into_iter().unzip();
        spec.constraints.extend(read);
        let puzzles: Vec<PuzzleText> = raw
            .puzzle
            .iter()
            .chain(&raw.puzzles)
            .map(|puzzle| PuzzleText {
                line: content_line(text, puzzle.span()),
                text: puzzle.get_ref().clone(),
            })
            .collect();
        if puzzles.is_empty() {
            return Err(PuzzleFileError::NoPuzzle);
        }
        Ok(PuzzleFile {
            spec,
            puzzles,
            title: raw.title,
            author: raw.author,
            notes: raw.notes,
            warnings: Vec::new(),
            constraint_lines,
            rules: None,
            readings: Vec::new(),
            unread: Vec::new(),
        }
        .noticed())
    }

    /// Everything the file states and the reader did not read as a rule, under `spec` (the
    /// file's rules, or those joined with the command line's): the drawn elements left
    /// unread, then the sentences of its rules' text that name a rule `spec` lacks, or no
    /// rule satdoku knows (see [`rules_text::unread`](super::rules_text::unread)).
    ///
    /// ```
    /// use satdoku::format::parse_fpuzzles;
    /// use satdoku::rules::GlobalRule;
    /// let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
    ///   "ruleset":"Cells a knight's move apart differ."}"#;
    /// let file = parse_fpuzzles(json)?;
    /// assert_eq!(file.unread_under(&file.spec).len(), 1);
    /// let mut spec = file.spec.clone();
    /// spec.globals = spec.globals.with(GlobalRule::AntiKnight);
    /// assert!(file.unread_under(&spec).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unread_under(&self, spec: &RulesSpec) -> Vec<String> {
        let mut unread = self.unread.clone();
        if let Some(rules) = &self.rules {
            unread.extend(super::rules_text::unread(rules, spec));
        }
        unread
    }

    /// Its puzzle `i` (from 0) under the file's own rules, its grid read with the digits
    /// they give (a file's `digits`, or "digits 1-9" in its rules' words): what
    /// [`parse_one`](super::parse_one), [`RulesSpec::rules_for`] and [`Puzzle::new`] make
    /// together. `None` past the last puzzle.
    ///
    /// ```
    /// use satdoku::format::PuzzleFile;
    /// let file = PuzzleFile::parse("digits = 9\npuzzle = \"9..............1\"\n")?;
    /// let puzzle = file.puzzle(0).unwrap()?;
    /// assert_eq!(puzzle.shape().to_string(), "4×4 with digits 1-9");
    /// assert!(file.puzzle(1).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzle(&self, i: usize) -> Option<Result<Puzzle, InputError>> {
        let PuzzleText { line, text } = self.puzzles.get(i)?;
        let options = ReadOptions {
            digits: self.spec.digits,
            from_zero: self.spec.from_zero,
            ..ReadOptions::default()
        };
        let read = || -> Result<Puzzle, InputError> {
            // The puzzle's givens, or its pencil marks (which its rules then hold).
            let mut entry = super::read_one(text, &options)?;
            entry.grid.clone()?;
            entry.line = *line;
            entry.puzzle(&self.spec)
        };
        Some(read())
    }

    /// The file with a warning for each constraint drawn as no setter's tool draws it
    /// (read as written all the same).
    pub(crate) fn noticed(mut self) -> PuzzleFile {
        for constraint in &self.spec.constraints {
            if let Some(oddity) = constraint.get().oddity() {
                self.warnings.push(format!("{constraint}: {oddity}"));
            }
        }
        self
    }
}

/// A key and its value in the TOML document, with their places in the text.
type Pair<'i> = (Spanned<toml::de::DeString<'i>>, Spanned<DeValue<'i>>);

/// The constraints of the file's constraint tables, each with the line of its table:
/// family by family in the order of the family table, each table's entries in file order.
fn constraints(
    tables: &[Pair<'_>],
    text: &str,
) -> Result<Vec<(VariantConstraint, usize)>, PuzzleFileError> {
    let mut out = Vec::new();
    for family in families() {
        for &name in family.toml {
            let Some((_, value)) = tables.iter().find(|(key, _)| key.get_ref() == name) else {
                continue;
            };
            let bad = |line: usize, why: String| PuzzleFileError::BadConstraint {
                line,
                kind: name,
                why,
            };
            let entries = match value.get_ref() {
                DeValue::Array(entries) => &entries[..],
                _ => {
                    let line = line_of(text, value.span());
                    return Err(bad(line, "needs a list of tables ([[…]])".into()));
                }
            };
            for entry in entries {
                let line = line_of(text, entry.span());
                let DeValue::Table(table) = entry.get_ref() else {
                    return Err(bad(line, "each entry is a table".into()));
                };
                let mut fields = TomlFields {
                    table,
                    read: Vec::new(),
                    last: None,
                };
                let read = (family.read)(&mut Record::new(
                    RecordFormat::Toml,
                    name,
                    None,
                    &mut fields,
                ));
                // An error names the line of the key it is about, else the table's.
                let at = |span: Option<Range<usize>>| span.map_or(line, |span| line_of(text, span));
                let read = read.map_err(|error| match error {
                    RecordError::Cell(text) => PuzzleFileError::BadCell {
                        line: at(fields.last.clone()),
                        text,
                    },
                    other @ RecordError::OutOfRange { .. } => {
                        bad(at(fields.last.clone()), other.to_string())
                    }
                    RecordError::Why(why) => bad(at(fields.last.clone()), why),
                })?;
                out.extend(read.into_iter().map(|constraint| (constraint, line)));
                if let Some((key, span)) = fields.unread() {
                    return Err(bad(at(Some(span)), format!("takes no `{key}`")));
                }
            }
        }
    }
    Ok(out)
}

/// One constraint table's values, with the keys its family has read.
struct TomlFields<'a, 'i> {
    table: &'a DeTable<'i>,
    read: Vec<String>,
    /// Where the last key looked up stands in the text (`None` when the table lacks it).
    last: Option<Range<usize>>,
}

impl TomlFields<'_, '_> {
    /// The value under `key`, marked read.
    fn get(&mut self, key: &str) -> Option<&DeValue<'_>> {
        self.read.push(key.to_string());
        let found = self.table.iter().find(|(k, _)| k.get_ref() == key);
        self.last = found.map(|(key, _)| key.span());
        found.map(|(_, value)| value.get_ref())
    }

    /// The first key of the table its family did not read, and where it stands.
    fn unread(&self) -> Option<(String, Range<usize>)> {
        self.table
            .keys()
            .find(|key| !self.read.iter().any(|read| read == key.get_ref()))
            .map(|key| (key.get_ref().to_string(), key.span()))
    }
}

/// A TOML integer as a whole number that fits a `u32`: `Err` with what is wrong (not a
/// whole number, or one out of range, which says the range) under `key`.
fn whole(key: &str, value: &DeValue<'_>) -> Result<u32, RecordError> {
    let integer = value
        .as_integer()
        .ok_or_else(|| not(key, "a whole number"))?;
    let digits = integer.as_str().replace('_', "");
    u32::from_str_radix(&digits, integer.radix()).map_err(|_| RecordError::OutOfRange {
        key: key.to_string(),
        value: digits.clone(),
    })
}

/// The error of a value of the wrong type under `key`.
fn not(key: &str, what: &str) -> RecordError {
    RecordError::why(format!("`{key}` is not {what}"))
}

/// The cells of a TOML value under `key`: a list of names, or one string of names
/// separated by spaces or commas.
fn cells_of(key: &str, value: &DeValue<'_>) -> Result<Vec<Cell>, RecordError> {
    let names: Vec<String> = match value {
        DeValue::String(text) => text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        DeValue::Array(list) => list
            .iter()
            .map(|name| name.get_ref().as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or_else(|| not(key, "a list of cell names"))?,
        _ => return Err(not(key, "a list of cell names")),
    };
    names
        .into_iter()
        .map(|name| name.parse().map_err(|_| RecordError::Cell(name)))
        .collect()
}

impl Fields for TomlFields<'_, '_> {
    /// A list of names, or one string of names separated by spaces or commas.
    fn cells(&mut self, key: &str) -> Result<Option<Vec<Cell>>, RecordError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => cells_of(key, value).map(Some),
        }
    }

    /// A list of cell lists, each as `cells` takes it (`["r1c1 r1c2", "r2c1"]`).
    fn lines(&mut self, key: &str) -> Result<Option<Vec<Vec<Cell>>>, RecordError> {
        match self.get(key) {
            None => Ok(None),
            Some(DeValue::Array(list)) => list
                .iter()
                .map(|cells| cells_of(key, cells.get_ref()))
                .collect::<Result<_, _>>()
                .map(Some),
            Some(_) => Err(not(key, "a list of cell lists")),
        }
    }

    fn position(&mut self, key: &str) -> Result<Option<(usize, usize)>, RecordError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => value
                .as_str()
                .and_then(Cell::numbers)
                .map(Some)
                .ok_or_else(|| not(key, "a cell name")),
        }
    }

    fn number(&mut self, key: &str) -> Result<Option<u32>, RecordError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => whole(key, value).map(Some),
        }
    }

    fn numbers(&mut self, key: &str) -> Result<Option<Vec<u32>>, RecordError> {
        match self.get(key) {
            None => Ok(None),
            Some(DeValue::Array(list)) => list
                .iter()
                .map(|value| {
                    whole(key, value.get_ref()).map_err(|err| match value.get_ref().as_integer() {
                        Some(_) => err,
                        None => not(key, "a list of whole numbers"),
                    })
                })
                .collect::<Result<_, _>>()
                .map(Some),
            Some(_) => Err(not(key, "a list of whole numbers")),
        }
    }

    fn text(&mut self, key: &str) -> Result<Option<String>, RecordError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => value
                .as_str()
                .map(|text| Some(text.to_string()))
                .ok_or_else(|| not(key, "text")),
        }
    }

    fn texts(&mut self, key: &str) -> Result<Option<Vec<String>>, RecordError> {
        match self.get(key) {
            None => Ok(None),
            Some(DeValue::Array(list)) => list
                .iter()
                .map(|v| v.get_ref().as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .map(Some)
                .ok_or_else(|| not(key, "text or a list of texts")),
            Some(value) => value
                .as_str()
                .map(|text| Some(vec![text.to_string()]))
                .ok_or_else(|| not(key, "text or a list of texts")),
        }
    }
    fn flag(&mut self, key: &str) -> Result<Option<bool>, RecordError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => value
                .as_bool()
                .map(Some)
                .ok_or_else(|| not(key, "true or false")),
        }
    }

    /// The keys not read yet whose values are lists of tables (`[[any-of.cage]]`), each
    /// table in turn; an error names the line of the nested key it is about.
    fn nested(&mut self, visit: &mut Visit<'_>) -> Result<(), RecordError> {
        let table = self.table;
        for (key, value) in table.iter() {
            let name = key.get_ref();
            if self.read.iter().any(|read| read == name) {
                continue;
            }
            let DeValue::Array(entries) = value.get_ref() else {
                continue;
            };
            self.read.push(name.to_string());
            for entry in entries {
                let DeValue::Table(inner) = entry.get_ref() else {
                    self.last = Some(key.span());
                    return Err(RecordError::why(format!(
                        "`{name}` is not a list of tables"
                    )));
                };
                let mut fields = TomlFields {
                    table: inner,
                    read: Vec::new(),
                    last: None,
                };
                let read = visit(name, &mut fields);
                self.last = fields.last.clone().or_else(|| Some(entry.span()));
                read?;
                if let Some((unread, span)) = fields.unread() {
                    self.last = Some(span);
                    return Err(RecordError::why(format!(
                        "its `{name}` takes no `{unread}`"
                    )));
                }
            }
        }
        Ok(())
    }

    fn skip(&mut self, key: &str) {
        self.read.push(key.to_string());
    }
}

/// The cell named `name` (`r3c7`), or an error naming the file line.
fn cell(name: &str, line: usize) -> Result<Cell, PuzzleFileError> {
    name.parse().map_err(|_| PuzzleFileError::BadCell {
        line,
        text: name.to_string(),
    })
}

/// The 1-based line of byte `span.start`.
fn line_of(text: &str, span: Range<usize>) -> usize {
    text[..span.start.min(text.len())].matches('\n').count() + 1
}

/// The line a string value's content starts on: a multi-line string (`"""` or `'''`)
/// drops the newline right after its opening quotes.
fn content_line(text: &str, span: Range<usize>) -> usize {
    let rest = &text[span.start.min(text.len())..];
    let skips_newline = ["\"\"\"\n", "\"\"\"\r\n", "'''\n", "'''\r\n"]
        .iter()
        .any(|open| rest.starts_with(open));
    line_of(text, span) + usize::from(skips_newline)
}

#[cfg(test)]
mod tests {
    use super::*;

    const JIGSAW: &str = r#"# a comment
title = "Knight's jigsaw"
regions = """
A A A B B B
A A C C B B
A C C C D B
E E C D D D
E E F F D D
E E F F F F
"""
rules = ["anti-knight"]
puzzles = [
  "6...3......5..3...4.2..........2....",
  """
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
""",
]
"#;

    #[test]
    fn rules_and_puzzles_with_their_lines() {
        let file = PuzzleFile::parse(JIGSAW).unwrap();
        assert_eq!(file.spec.globals, GlobalRule::AntiKnight.into());
        assert_eq!(file.spec.jigsaw.as_ref().unwrap().shape().size(), 6);
        assert_eq!(file.puzzles.len(), 2);
        assert_eq!(file.puzzles[0].line, 13);
        assert_eq!(file.puzzles[1].line, 15);
        assert!(file.puzzles[1].text.starts_with(". . ."));
    }

    #[test]
    fn errors_name_the_line() {
        let bad_rule = JIGSAW.replace("anti-knight", "anti-bishop");
        let err = PuzzleFile::parse(&bad_rule).unwrap_err().to_string();
        assert!(
            err.starts_with("line 11: unknown rule \"anti-bishop\""),
            "{err}"
        );
        let short_row = JIGSAW.replace("E E C D D D", "E E C D D");
        let err = PuzzleFile::parse(&short_row).unwrap_err().to_string();
        assert!(
            err.starts_with("line 7: row 4 of the region grid has 5 symbols"),
            "{err}"
        );
        let unknown = format!("{JIGSAW}colour = \"red\"\n");
        let err = PuzzleFile::parse(&unknown).unwrap_err().to_string();
        assert!(err.contains("colour"), "{err}");
        let both = format!("boxes = \"2x3\"\n{JIGSAW}");
        assert!(matches!(
            PuzzleFile::parse(&both),
            Err(PuzzleFileError::BoxesAndRegions { line: 4 })
        ));
        assert_eq!(
            PuzzleFile::parse("rules = []").unwrap_err(),
            PuzzleFileError::NoPuzzle
        );
        let err = PuzzleFile::parse("boxes = \"2by3\"\npuzzle = \"\"").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 1: \"2by3\" is not a box size"),
            "{err}"
        );
    }

    #[test]
    fn errors_in_constraint_tables_name_the_key_and_its_line() {
        let with = |tables: &str| format!("puzzle = \"{}\"\n{tables}", ".".repeat(16));
        let err = |tables: &str| PuzzleFile::parse(&with(tables)).unwrap_err().to_string();
        assert_eq!(
            err("[[cage]]\ncells = \"r1c1 r1c2\"\nsum = \"3\"\n"),
            "line 4: cage: `sum` is not a whole number"
        );
        assert_eq!(
            err("[[cage]]\ncells = \"r1c1 r1c2\"\n\nratio = 2\n"),
            "line 5: cage: takes no `ratio`"
        );
        assert_eq!(
            err("[[little-killer]]\ncells = \"r1c1 r2c2\"\n"),
            "line 2: little-killer: needs `sum`"
        );
        assert_eq!(
            err("[[xv]]\ncells = \"r1c1 r1c2 r1c3\"\nletter = \"X\""),
            "line 3: xv: needs 2 cells, not 3"
        );
        assert_eq!(
            err("[[cage]]\ncells = [\"r1c1\", \"r0c2\"]"),
            "line 3: \"r0c2\" is not a cell (write r3c7: row 3, column 7)"
        );
        assert_eq!(
            err("cage = 3"),
            "line 2: cage: needs a list of tables ([[…]])"
        );
        assert_eq!(err("cage = [3]"), "line 2: cage: each entry is a table");
        assert!(
            err("colour = \"red\"")
                .starts_with("line 2: unknown key `colour` (a puzzle file takes title,")
        );
    }
}
