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
//! rules = ["anti-knight"]            # diagonal, windoku, disjoint-groups, anti-knight, anti-king
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
//! `boxes = "2x3"` gives boxes instead of `regions`; neither: each grid's usual boxes.
//! `extra-regions = [["r1c1", "r1c2", …], …]` adds regions of N cells each, and
//! `differ = [["r1c1", "r2c2"], …]` pairs of cells that must differ.
//! `puzzle` holds one puzzle and `puzzles` a list, each in any layout the reader takes
//! (line, block, tokens). Unknown keys and unknown rules are errors: a rule left out would
//! give a wrong verdict.
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
//! The tables: `cage`, `little-killer` (`sum`), `sandwich`, `thermometer` (bulb first),
//! `arrow`, `palindrome`, `between`, `renban`, `whispers` (`difference`, default ⌈N/2⌉),
//! `white-dot` (`difference`, default 1), `black-dot` (`ratio`, default 2), `xv`
//! (`letter = "X"` or `"V"`), `odd`, `even`, `minimum`, `maximum` (each cell listed),
//! `quadruple` (`digits`), `clone` (`copy`, the cells holding the same digits). `rules` also
//! takes `non-consecutive`, `negative-difference`, `negative-ratio` and `negative-xv`.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::RegionsError;
use crate::constraint::{
    Arrow, Between, Cage, CloneCells, Dot, DotColour, Extremum, ExtremumKind, LittleKiller,
    Negative, NegativeKind, Palindrome, Parity, ParityKind, Quadruple, Renban, Sandwich,
    Thermometer, VariantConstraint, Whispers, Xv, XvLetter,
};
use crate::grid::{BoxShape, Cell, House};
use crate::rules::RulesError;
use crate::rules::{GlobalRule, Jigsaw, RulesSpec};

/// The rule names a puzzle file's `rules` list takes.
pub const RULE_NAMES: [&str; 9] = [
    "diagonal",
    "windoku",
    "disjoint-groups",
    "anti-knight",
    "anti-king",
    "non-consecutive",
    "negative-difference",
    "negative-ratio",
    "negative-xv",
];

/// A puzzle file read: its rules and the text of each puzzle, with the file line it
/// starts on.
#[derive(Clone, Debug)]
pub struct PuzzleFile {
    /// The rules the file gives.
    pub spec: RulesSpec,
    /// The puzzles' texts, in file order.
    pub puzzles: Vec<PuzzleText>,
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
    /// Not TOML, a key that is not known, or a value of the wrong type.
    #[error("not a satdoku puzzle file: {message}")]
    Toml {
        /// The TOML reader's message, with the line and column.
        message: String,
    },
    /// A name in `rules` that is not a rule.
    #[error(
        "line {line}: unknown rule {rule:?} (rules are {})", RULE_NAMES.join(", ")
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
    /// A constraint table that lacks a key, or has one its kind does not take.
    #[error("line {line}: {kind}: {why}")]
    BadConstraint {
        /// The file line.
        line: usize,
        /// The table (`cage`, `thermometer` …).
        kind: &'static str,
        /// What is wrong.
        why: String,
    },
    /// Neither `puzzle` nor `puzzles`.
    #[error("the file holds no puzzle: give `puzzle = \"...\"` or `puzzles = [...]`")]
    NoPuzzle,
}

/// The file as TOML.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)]
    title: Option<String>,
    #[allow(dead_code)]
    author: Option<String>,
    #[allow(dead_code)]
    notes: Option<String>,
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
    #[serde(default)]
    cage: Vec<Spanned<Entry>>,
    #[serde(default, rename = "little-killer")]
    little_killer: Vec<Spanned<Entry>>,
    #[serde(default)]
    sandwich: Vec<Spanned<Entry>>,
    #[serde(default)]
    thermometer: Vec<Spanned<Entry>>,
    #[serde(default)]
    arrow: Vec<Spanned<Entry>>,
    #[serde(default)]
    palindrome: Vec<Spanned<Entry>>,
    #[serde(default)]
    between: Vec<Spanned<Entry>>,
    #[serde(default)]
    renban: Vec<Spanned<Entry>>,
    #[serde(default)]
    whispers: Vec<Spanned<Entry>>,
    #[serde(default, rename = "white-dot")]
    white_dot: Vec<Spanned<Entry>>,
    #[serde(default, rename = "black-dot")]
    black_dot: Vec<Spanned<Entry>>,
    #[serde(default)]
    xv: Vec<Spanned<Entry>>,
    #[serde(default)]
    odd: Vec<Spanned<Entry>>,
    #[serde(default)]
    even: Vec<Spanned<Entry>>,
    #[serde(default)]
    minimum: Vec<Spanned<Entry>>,
    #[serde(default)]
    maximum: Vec<Spanned<Entry>>,
    #[serde(default)]
    quadruple: Vec<Spanned<Entry>>,
    #[serde(default)]
    clone: Vec<Spanned<Entry>>,
}

/// Cells written as a list (`["r1c1", "r1c2"]`) or one string (`"r1c1 r1c2"`).
#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum Cells {
    List(Vec<String>),
    Text(String),
}

impl Cells {
    fn names(&self) -> Vec<String> {
        match self {
            Cells::List(list) => list.clone(),
            Cells::Text(text) => text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
        }
    }
}

/// One constraint table (`[[cage]]` …): the keys each kind takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    cells: Option<Cells>,
    sum: Option<u32>,
    row: Option<u32>,
    column: Option<u32>,
    circle: Option<Cells>,
    difference: Option<u32>,
    ratio: Option<u32>,
    letter: Option<String>,
    digits: Option<Vec<u32>>,
    copy: Option<Cells>,
}

impl PuzzleFile {
    /// Reads a puzzle file.
    ///
    /// ```
    /// use satdoku::format::PuzzleFile;
    /// let file = PuzzleFile::parse("boxes = \"2x3\"\nrules = [\"anti-king\"]\npuzzle = \"1.....\"\n").unwrap();
    /// assert!(file.spec.anti_king);
    /// assert_eq!(file.puzzles[0].line, 3);
    /// assert!(PuzzleFile::parse("rules = [\"anti-bishop\"]\npuzzle = \"\"").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<PuzzleFile, PuzzleFileError> {
        let raw: Raw = toml::from_str(text).map_err(|error| PuzzleFileError::Toml {
            message: error.to_string().trim().replace('\n', " "),
        })?;
        let mut spec = RulesSpec::default();
        if let Some(boxes) = &raw.boxes {
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
            if spec.boxes.is_some() {
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
            let negative = match rule.get_ref().as_str() {
                "non-consecutive" => Some(NegativeKind::NonConsecutive),
                "negative-difference" => Some(NegativeKind::Difference),
                "negative-ratio" => Some(NegativeKind::Ratio),
                "negative-xv" => Some(NegativeKind::Xv),
                _ => None,
            };
            if let Some(kind) = negative {
                spec.constraints.push(Negative::new(kind).into());
                continue;
            }
            match rule.get_ref().parse::<GlobalRule>() {
                Ok(rule) => spec.globals = spec.globals.with(rule),
                Err(_) => {
                    return Err(PuzzleFileError::UnknownRule {
                        line: line_of(text, rule.span()),
                        rule: rule.get_ref().clone(),
                    });
                }
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
        spec.constraints.extend(constraints(&raw, text)?);
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
        Ok(PuzzleFile { spec, puzzles })
    }
}

/// The constraint tables of the file, in the order of the kinds, each kind in file order.
fn constraints(raw: &Raw, text: &str) -> Result<Vec<VariantConstraint>, PuzzleFileError> {
    let kinds: [(&'static str, &Vec<Spanned<Entry>>); 18] = [
        ("cage", &raw.cage),
        ("little-killer", &raw.little_killer),
        ("sandwich", &raw.sandwich),
        ("thermometer", &raw.thermometer),
        ("arrow", &raw.arrow),
        ("palindrome", &raw.palindrome),
        ("between", &raw.between),
        ("renban", &raw.renban),
        ("whispers", &raw.whispers),
        ("white-dot", &raw.white_dot),
        ("black-dot", &raw.black_dot),
        ("xv", &raw.xv),
        ("odd", &raw.odd),
        ("even", &raw.even),
        ("minimum", &raw.minimum),
        ("maximum", &raw.maximum),
        ("quadruple", &raw.quadruple),
        ("clone", &raw.clone),
    ];
    let mut out: Vec<VariantConstraint> = Vec::new();
    for (kind, entries) in kinds {
        for entry in entries {
            let line = line_of(text, entry.span());
            let e = entry.get_ref();
            let bad = |why: &str| PuzzleFileError::BadConstraint {
                line,
                kind,
                why: why.to_string(),
            };
            let list = |cells: &Option<Cells>, key: &str| -> Result<Vec<Cell>, PuzzleFileError> {
                let names = cells
                    .as_ref()
                    .ok_or_else(|| bad(&format!("needs `{key}`")))?
                    .names();
                names.iter().map(|name| cell(name, line)).collect()
            };
            let cells = || list(&e.cells, "cells");
            let sum = || e.sum.ok_or_else(|| bad("needs `sum`"));
            let pair = || -> Result<(Cell, Cell), PuzzleFileError> {
                match cells()?[..] {
                    [a, b] => Ok((a, b)),
                    ref other => Err(bad(&format!("needs 2 cells, not {}", other.len()))),
                }
            };
            // The keys each kind takes besides `cells`.
            let (takes, constraints): (&[&str], Vec<VariantConstraint>) = match kind {
                "cage" => (&["sum"], vec![Cage::new(cells()?, e.sum).into()]),
                "little-killer" => (&["sum"], vec![LittleKiller::new(cells()?, sum()?).into()]),
                "sandwich" => {
                    let line = match (e.row, e.column) {
                        (Some(r), None) if r >= 1 => House::Row((r - 1).min(255) as u8),
                        (None, Some(c)) if c >= 1 => House::Column((c - 1).min(255) as u8),
                        _ => return Err(bad("needs `row` or `column` (1-based), not both")),
                    };
                    (
                        &["sum", "row", "column", "nocells"],
                        vec![Sandwich::new(line, sum()?).into()],
                    )
                }
                "thermometer" => (&[], vec![Thermometer::new(cells()?).into()]),
                "arrow" => (
                    &["circle"],
                    vec![Arrow::new(list(&e.circle, "circle")?, cells()?).into()],
                ),
                "palindrome" => (&[], vec![Palindrome::new(cells()?).into()]),
                "between" => (&[], vec![Between::new(cells()?).into()]),
                "renban" => (&[], vec![Renban::new(cells()?).into()]),
                "whispers" => (
                    &["difference"],
                    vec![Whispers::new(cells()?, e.difference).into()],
                ),
                "white-dot" => {
                    let (a, b) = pair()?;
                    (
                        &["difference"],
                        vec![Dot::new(a, b, DotColour::White(e.difference.unwrap_or(1))).into()],
                    )
                }
                "black-dot" => {
                    let (a, b) = pair()?;
                    (
                        &["ratio"],
                        vec![Dot::new(a, b, DotColour::Black(e.ratio.unwrap_or(2))).into()],
                    )
                }
                "xv" => {
                    let (a, b) = pair()?;
                    let letter = match e.letter.as_deref() {
                        Some("X" | "x") => XvLetter::X,
                        Some("V" | "v") => XvLetter::V,
                        _ => return Err(bad("needs `letter = \"X\"` or `\"V\"`")),
                    };
                    (&["letter"], vec![Xv::new(a, b, letter).into()])
                }
                "odd" | "even" => {
                    let parity = if kind == "odd" {
                        ParityKind::Odd
                    } else {
                        ParityKind::Even
                    };
                    (
                        &[],
                        cells()?
                            .into_iter()
                            .map(|c| Parity::new(c, parity).into())
                            .collect(),
                    )
                }
                "minimum" | "maximum" => {
                    let extremum = if kind == "minimum" {
                        ExtremumKind::Minimum
                    } else {
                        ExtremumKind::Maximum
                    };
                    (
                        &[],
                        cells()?
                            .into_iter()
                            .map(|c| Extremum::new(c, extremum).into())
                            .collect(),
                    )
                }
                "quadruple" => {
                    let digits = e.digits.clone().ok_or_else(|| bad("needs `digits`"))?;
                    (&["digits"], vec![Quadruple::new(cells()?, digits).into()])
                }
                _ => (
                    &["copy"],
                    vec![CloneCells::new(cells()?, list(&e.copy, "copy")?).into()],
                ),
            };
            let given = [
                ("sum", e.sum.is_some()),
                ("row", e.row.is_some()),
                ("column", e.column.is_some()),
                ("circle", e.circle.is_some()),
                ("difference", e.difference.is_some()),
                ("ratio", e.ratio.is_some()),
                ("letter", e.letter.is_some()),
                ("digits", e.digits.is_some()),
                ("copy", e.copy.is_some()),
                ("nocells", e.cells.is_some()),
            ];
            if let Some((key, _)) = given.iter().find(|(key, on)| {
                *on && if *key == "nocells" {
                    takes.contains(key)
                } else {
                    !takes.contains(key)
                }
            }) {
                let key = if *key == "nocells" { "cells" } else { key };
                return Err(bad(&format!("takes no `{key}`")));
            }
            out.extend(constraints);
        }
    }
    Ok(out)
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
}
