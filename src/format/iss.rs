//! sigh's Interactive Sudoku Solver's puzzle strings (`.Cage~16~R1C8~R1C9.~R1C2_3`) and links (`?q=…`), read as satdoku's TOML puzzle file.
//!
//! The solver beside many setters' editors (GitHub `sigh/Interactive-Sudoku-Solver`) writes
//! a puzzle as elements joined by dots, each a type and its arguments joined by `~`:
//! `Shape~6x6~0-5` (the grid and its digits), `~R1C2_3~R4C5_1_2` (givens; several values
//! are given candidates), `AntiKnight`, `Thermo~R1C1~R1C2`, `Cage~16~R1C8~R1C9` … Each
//! element is written as the TOML satdoku reads (the same rules, checked the same way);
//! a `Regex` line is a rule written down with its pattern. An element of a type satdoku
//! does not read (its automata, custom pair tables, combinators, variables) is refused by
//! name, never left out, since a verdict without one of the puzzle's rules would be wrong.

use std::fmt::Write as _;

use super::puzzle_file::{PuzzleFile, PuzzleText};

/// Why an Interactive Sudoku Solver string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IssError {
    /// An element of a type satdoku does not read.
    #[error(
        "sigh's solver's element {index} (`{element}`): satdoku does not read its `{kind}` constraints"
    )]
    Unknown {
        /// The element's place in the string, from 1.
        index: usize,
        /// The element as written.
        element: String,
        /// Its type.
        kind: String,
    },
    /// An element whose arguments are wrong.
    #[error("sigh's solver's element {index} (`{element}`): {why}")]
    Bad {
        /// The element's place in the string, from 1.
        index: usize,
        /// The element as written.
        element: String,
        /// What is wrong.
        why: String,
    },
    /// The string's rules read as satdoku's TOML, refused there.
    #[error("sigh's solver's puzzle: {0}")]
    Rules(String),
    /// A link without a puzzle string.
    #[error("a link to sigh's solver without a puzzle (`q=`)")]
    NoPuzzle,
}

/// Whether `text` (one line) is an Interactive Sudoku Solver string: elements that start
/// with a dot, one holding a `~`, or a known element alone (`.AntiKnight`).
///
/// ```
/// use satdoku::format::is_iss_text;
/// assert!(is_iss_text(".Cage~16~R1C8~R1C9.~R1C2_3"));
/// assert!(!is_iss_text("1...............\n"));
/// ```
pub fn is_iss_text(text: &str) -> bool {
    let text = text.trim();
    let Some(rest) = text.strip_prefix('.') else {
        return false;
    };
    let element =
        (rest.trim_start_matches('.')).starts_with(|c: char| c.is_ascii_alphabetic() || c == '~');
    let known = |kind: &str| GLOBALS.iter().any(|(k, _)| *k == kind);
    element
        && !text.contains(char::is_whitespace)
        && (text.contains('~') || rest.split('.').any(known))
}

/// Whether `link` opens sigh's solver (its `q=` parameter holds the puzzle).
pub fn is_iss_link(link: &str) -> bool {
    link.contains("Interactive-Sudoku-Solver") || link.contains("interactive-sudoku-solver")
}

/// The puzzle string of a link to sigh's solver: its `q` parameter, percent-decoded.
pub fn iss_link_text(link: &str) -> Result<String, IssError> {
    let query = link
        .split_once('?')
        .map(|(_, q)| q)
        .ok_or(IssError::NoPuzzle)?;
    let query = query.split('#').next().unwrap_or_default();
    let value = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("q="))
        .ok_or(IssError::NoPuzzle)?;
    Ok(super::fpuzzles::percent_decode(&value.replace('+', " ")))
}

/// The rules over the whole grid: sigh's type and satdoku's rule names.
const GLOBALS: [(&str, &[&str]); 11] = [
    ("AntiKnight", &["anti-knight"]),
    ("AntiKing", &["anti-king"]),
    ("AntiConsecutive", &["non-consecutive"]),
    ("Windoku", &["windoku"]),
    ("DisjointSets", &["disjoint-groups"]),
    ("Doppelganger", &["doppelganger"]),
    ("AntiTaxicab", &["anti-taxicab"]),
    ("GlobalEntropy", &["global-entropy"]),
    ("GlobalMod", &["global-modular"]),
    ("DutchFlatmates", &["dutch-flatmates"]),
    ("StrictXV", &["negative-xv"]),
];

/// The lines of cells (sigh's types, satdoku's tables) that take only their cells.
const LINES: [(&str, &str); 12] = [
    ("Thermo", "thermometer"),
    ("Renban", "renban"),
    ("Entropic", "entropic-line"),
    ("RegionSumLine", "region-sum-line"),
    ("Between", "between"),
    ("Palindrome", "palindrome"),
    ("Zipper", "zipper-line"),
    ("DoubleArrow", "double-arrow"),
    ("EqualityCage", "equality-cage"),
    ("CountingCircles", "counting-circles"),
    ("CountDistinct", "count-distinct"),
    ("ValueIndexing", "value-indexing"),
];

/// The clues outside the grid read from both ends of a row or column (sigh's types,
/// satdoku's tables and the field of the clue's number).
const OUTSIDE: [(&str, &str, &str); 5] = [
    ("XSum", "x-sum", "sum"),
    ("Skyscraper", "skyscraper", "count"),
    ("HiddenSkyscraper", "hidden-skyscraper", "height"),
    ("NumberedRoom", "numbered-room", "digit"),
    ("FullRank", "full-rank", "rank"),
];

/// The grid a string describes, from its `Shape` element (9×9 of 1–9 without one).
struct Grid {
    size: usize,
    /// The number of digits.
    digits: usize,
    /// The lowest digit: 0 or 1.
    lowest: usize,
}

impl Grid {
    /// The grid of a `Shape` element's arguments (`9x9`, `6x6~0-5`, `7x7~9`).
    fn of(args: &[&str]) -> Result<Grid, String> {
        let dims = args.first().copied().unwrap_or("9x9");
        let (rows, cols) = dims
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            .ok_or_else(|| format!("`{dims}` is no grid size (RxC)"))?;
        if rows != cols {
            return Err(format!(
                "a grid of {rows} rows and {cols} columns: satdoku's grids are square"
            ));
        }
        if let Some(kind) = args.get(2).filter(|t| !t.is_empty() && **t != "Sudoku") {
            return Err(format!(
                "a grid of type `{kind}`: satdoku reads Sudoku grids"
            ));
        }
        let (digits, lowest) = match args.get(1).copied().filter(|r| !r.is_empty()) {
            None => (rows, 1),
            Some(range) => match range.split_once('-') {
                Some((low, high)) => {
                    let (low, high) = (number(low)?, number(high)?);
                    if low > 1 || high < low {
                        return Err(format!("digits {range}: satdoku's digits start at 0 or 1"));
                    }
                    (high - low + 1, low)
                }
                None => (number(range)?, 1),
            },
        };
        // Bounded here, before anything reads every digit (a pair table has N² of them);
        // the rules say what they make of the grid's digits.
        if digits > crate::grid::Shape::MAX_SIZE || rows > crate::grid::Shape::MAX_SIZE {
            return Err(format!(
                "a grid of {rows}×{rows} and {digits} digits: satdoku's take at most {}",
                crate::grid::Shape::MAX_SIZE
            ));
        }
        Ok(Grid {
            size: rows,
            digits,
            lowest,
        })
    }

    /// satdoku's name of the cell whose region chaos construction's region cell `CC12`
    /// holds (the cells numbered from 1 in reading order), or of a cell named `R1C2` (sigh's
    /// solver takes either where it reads regions).
    fn region_cell(&self, id: &str) -> Result<String, String> {
        let Some(index) = id.strip_prefix("CC") else {
            return self.cell(id);
        };
        match index.parse::<usize>() {
            Ok(i) if (1..=self.size * self.size).contains(&i) => Ok(format!(
                "r{}c{}",
                (i - 1) / self.size + 1,
                (i - 1) % self.size + 1
            )),
            _ => Err(format!("`{id}` is no region cell of the grid")),
        }
    }

    /// satdoku's names of the cells whose regions `ids` stand for: region cells `CC12`, or
    /// cells `R1C2` standing for their own, one kind throughout (as sigh's solver requires).
    fn region_cells(&self, ids: &[&str]) -> Result<Vec<String>, String> {
        let region = |id: &&str| id.starts_with("CC");
        if ids.iter().any(region) && !ids.iter().all(region) {
            return Err("region cells (CC12) and cells of the grid mixed in one clue".into());
        }
        ids.iter().map(|id| self.region_cell(id)).collect()
    }

    /// satdoku's name of a cell sigh names `R1C2` (rows and columns past 9 as letters).
    fn cell(&self, id: &str) -> Result<String, String> {
        if id.starts_with("CC") {
            return Err(format!(
                "`{id}` is a region cell of chaos construction, which satdoku reads only in \
                 ChaosArrow, ChaosCount, CountDistinct and SameValues of single cells"
            ));
        }
        let bad = || format!("`{id}` is no cell of the grid");
        let chars: Vec<char> = id.chars().collect();
        if chars.len() != 4
            || !chars[0].eq_ignore_ascii_case(&'R')
            || !chars[2].eq_ignore_ascii_case(&'C')
        {
            return Err(bad());
        }
        let place = |c: char| c.to_digit(17).filter(|&n| n >= 1).map(|n| n as usize);
        let (row, col) = (
            place(chars[1]).ok_or_else(bad)?,
            place(chars[3]).ok_or_else(bad)?,
        );
        if row > self.size || col > self.size {
            return Err(bad());
        }
        Ok(format!("r{row}c{col}"))
    }

    /// satdoku's key and number (1-based) of the row or column sigh names `R1` or `C1`.
    fn line(&self, id: &str) -> Result<(&'static str, usize), String> {
        let bad = || format!("`{id}` is no row or column of the grid (R1, C1)");
        let mut chars = id.chars();
        let key = match chars.next() {
            Some('R' | 'r') => "row",
            Some('C' | 'c') => "column",
            _ => return Err(bad()),
        };
        let index = (chars.next())
            .and_then(|c| c.to_digit(17))
            .map(|i| i as usize)
            .filter(|&i| i >= 1 && i <= self.size && chars.next().is_none())
            .ok_or_else(bad)?;
        Ok((key, index))
    }

    /// The cells of `ids`, as a TOML list.
    fn cells(&self, ids: &[&str]) -> Result<String, String> {
        let cells: Vec<String> = ids
            .iter()
            .map(|id| self.cell(id))
            .collect::<Result<_, _>>()?;
        Ok(format!("\"{}\"", cells.join(" ")))
    }

    /// A cell's row and column (1-based) from satdoku's name.
    fn place(name: &str) -> (usize, usize) {
        let (r, c) = name[1..].split_once('c').expect("a cell name");
        (r.parse().expect("a row"), c.parse().expect("a column"))
    }
}

/// A whole number, or what is wrong with it.
fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is no whole number"))
}

/// What the elements add up to, as they are read.
#[derive(Default)]
struct Toml {
    rules: Vec<&'static str>,
    diagonals: Vec<i32>,
    boxes: Option<String>,
    /// The cells of a region (`RegionSize`): boxes and jigsaw pieces of that many, else N.
    region_size: Option<usize>,
    /// A `Jigsaw` layout: a piece's label per cell.
    jigsaw: Option<Vec<char>>,
    differ: Vec<String>,
    givens: Vec<(usize, usize, usize)>,
    tables: String,
}

/// The TOML puzzle file of an Interactive Sudoku Solver string, or why it cannot be read.
///
/// ```
/// use satdoku::format::iss_to_toml;
/// let toml = iss_to_toml(".Shape~4x4.AntiKing.Cage~3~R1C1~R1C2.~R4C4_1")?;
/// assert!(toml.contains("rules = [\"anti-king\"]"));
/// assert!(toml.contains("[[cage]]\ncells = \"r1c1 r1c2\"\nsum = 3"));
/// # Ok::<(), satdoku::format::IssError>(())
/// ```
pub fn iss_to_toml(text: &str) -> Result<String, IssError> {
    translated(text).map(|t| t.toml)
}

/// A string's TOML, and where each element's tables start in it.
struct Translated {
    toml: String,
    /// The elements as written.
    elements: Vec<String>,
    /// Per element with tables, (the TOML line its first table's header is on, its index).
    starts: Vec<(usize, usize)>,
}

impl Translated {
    /// The element that TOML line `line` (from 1) lies in, if it lies in one's tables.
    fn element_at(&self, line: usize) -> Option<usize> {
        (self.starts.iter())
            .take_while(|(start, _)| *start <= line)
            .last()
            .map(|&(_, i)| i)
    }

    /// `message` of satdoku's TOML reader, its `line N:` said as the element it came from.
    fn error(&self, message: String) -> IssError {
        let at = message
            .strip_prefix("line ")
            .and_then(|rest| rest.split_once(": "))
            .and_then(|(n, why)| Some((n.parse::<usize>().ok()?, why)));
        match at {
            Some((line, why)) => match self.element_at(line) {
                Some(index) => IssError::Bad {
                    index: index + 1,
                    element: self.elements[index].clone(),
                    why: why.to_string(),
                },
                // A line of the TOML made here means nothing to the string's reader: what
                // is wrong names its constraint or cells.
                None => IssError::Rules(why.to_string()),
            },
            None => IssError::Rules(message),
        }
    }
}

/// The TOML of `text` and where its elements went, or why it cannot be read.
fn translated(text: &str) -> Result<Translated, IssError> {
    let text = text.trim();
    let elements: Vec<&str> = text.split('.').skip(1).collect();
    let bad = |index: usize, why: String| IssError::Bad {
        index: index + 1,
        element: elements[index].to_string(),
        why,
    };
    // The grid first, wherever its element stands.
    let shape = elements
        .iter()
        .position(|e| e.split('~').next() == Some("Shape"));
    let grid = match shape {
        Some(i) => Grid::of(&elements[i].split('~').skip(1).collect::<Vec<_>>())
            .map_err(|why| bad(i, why))?,
        None => Grid {
            size: 9,
            digits: 9,
            lowest: 1,
        },
    };
    let mut toml = Toml::default();
    let mut starts = Vec::new();
    // The `Or`s and `And`s open, innermost last.
    let mut open: Vec<Combination> = Vec::new();
    for (i, element) in elements.iter().enumerate() {
        if element.is_empty() || Some(i) == shape {
            continue;
        }
        let mut parts = element.split('~');
        let kind = parts.next().unwrap_or_default();
        let args: Vec<&str> = parts.collect();
        match kind {
            "Or" | "And" => {
                let or = kind == "Or";
                if or && open.iter().any(|c| c.or) {
                    return Err(bad(i, "an `Or` inside another `Or`".into()));
                }
                open.push(Combination {
                    or,
                    index: i,
                    tables: Vec::new(),
                });
                continue;
            }
            "End" => {
                let done = open
                    .pop()
                    .ok_or_else(|| bad(i, "an `End` with no `Or` or `And` open".into()))?;
                let index = done.index;
                let tables = done.tables(&elements)?;
                match open.last_mut() {
                    Some(outer) => outer.tables.push(tables),
                    None => {
                        starts.push((toml.tables.lines().count() + 2, index));
                        toml.tables.push_str(&tables);
                    }
                }
                continue;
            }
            _ => {}
        }
        let unknown = |why| match why {
            Why::Unknown => IssError::Unknown {
                index: i + 1,
                element: element.to_string(),
                kind: kind.to_string(),
            },
            Why::Bad(why) => bad(i, why),
        };
        if let Some(combination) = open.last_mut() {
            // Inside an `Or` or `And`: tables only. The tables of one element all hold
            // together (givens of several cells, a pattern on several lines): one entry.
            let mut inner = Toml::default();
            element_toml(&grid, kind, &args, &mut inner).map_err(unknown)?;
            let tables = inner.tables_only().map_err(|why| bad(i, why))?;
            combination.tables.push(tables.concat());
            continue;
        }
        // Each table starts with a blank line, then its header.
        starts.push((toml.tables.lines().count() + 2, i));
        element_toml(&grid, kind, &args, &mut toml).map_err(unknown)?;
    }
    if let Some(unended) = open.last() {
        return Err(bad(unended.index, "never ended (no `.End`)".into()));
    }
    if let Some(layout) = &toml.jigsaw {
        // One piece may be of another size (the cells the others leave), no more.
        let size = toml.region_size.unwrap_or(grid.size);
        let odd = pieces(layout).iter().filter(|p| p.len() != size).count();
        if odd > 1 {
            let i = (elements.iter())
                .position(|e| e.starts_with("Jigsaw~"))
                .expect("a jigsaw element");
            return Err(bad(
                i,
                format!("jigsaw pieces of other sizes than {size} cells"),
            ));
        }
    }
    // Clues of regions read the regions to be found, which sigh's solver requires.
    if !toml.rules.contains(&"chaos-construction") {
        let reading = (elements.iter()).position(|e| {
            let mut args = e.split('~');
            let kind = args.next().unwrap_or_default();
            kind.starts_with("Chaos") || args.any(|a| a.starts_with("CC"))
        });
        if let Some(i) = reading {
            return Err(bad(
                i,
                "a clue of regions to be found without `ChaosConstruction`".into(),
            ));
        }
    }
    let toml_text = document(&grid, &toml);
    let header = toml_text.lines().count() - toml.tables.lines().count();
    Ok(Translated {
        toml: toml_text,
        elements: elements.iter().map(|e| e.to_string()).collect(),
        starts: starts
            .into_iter()
            .map(|(line, i)| (line + header, i))
            .collect(),
    })
}

/// An `Or` or `And` of sigh's solver being read: the element that opened it and the
/// tables of the constraints it holds so far (each a table of satdoku's TOML, an `And`
/// inside an `Or` as one text of them all).
struct Combination {
    or: bool,
    index: usize,
    tables: Vec<String>,
}

impl Combination {
    /// Its TOML: an `[[any-of]]` with each constraint an alternative nested under it
    /// (`[[any-of.cage]]`; several tables of one element or `And`, one `[[any-of.all-of]]`);
    /// an `And`'s tables as they are (every one holds); an `Or` of one constraint, that
    /// constraint; an `Or` with an alternative that says nothing (an empty `And`), nothing,
    /// since it always holds.
    fn tables(self, elements: &[&str]) -> Result<String, IssError> {
        let bad = |why: &str| IssError::Bad {
            index: self.index + 1,
            element: elements[self.index].to_string(),
            why: why.into(),
        };
        if !self.or {
            return Ok(self.tables.concat());
        }
        match &self.tables[..] {
            [] => Err(bad("an `Or` holding no constraint")),
            some if some.iter().any(String::is_empty) => Ok(String::new()),
            [one] => Ok(one.clone()),
            alternatives => {
                let mut out = String::from("\n[[any-of]]\n");
                for alternative in alternatives {
                    let path = match alternative.matches("\n[[").count() {
                        1 => "any-of",
                        _ => {
                            out.push_str("[[any-of.all-of]]\n");
                            "any-of.all-of"
                        }
                    };
                    out.push_str(&alternative.replace("\n[[", &format!("[[{path}.")));
                }
                Ok(out)
            }
        }
    }
}

impl Toml {
    /// Its tables one by one, each starting with a blank line; givens as `marks` of one
    /// digit. Anything else (a rule over the whole grid, boxes, diagonals) is refused: an
    /// `Or` or `And` of sigh's solver holds constraints on cells here.
    fn tables_only(mut self) -> Result<Vec<String>, String> {
        for (r, c, value) in std::mem::take(&mut self.givens) {
            let _ = write!(
                self.tables,
                "\n[[marks]]\ncells = \"r{r}c{c}\"\ndigits = [{value}]\n"
            );
        }
        let whole_grid = !self.rules.is_empty()
            || !self.diagonals.is_empty()
            || self.boxes.is_some()
            || self.region_size.is_some()
            || self.jigsaw.is_some()
            || !self.differ.is_empty();
        if whole_grid {
            return Err(
                "inside an `Or` or `And`: satdoku combines constraints on cells, not rules over the whole grid, boxes or diagonals"
                    .into(),
            );
        }
        Ok((self.tables.split("\n[[").skip(1))
            .map(|table| format!("\n[[{table}"))
            .collect())
    }
}

/// Why an element was not read.
enum Why {
    /// A type satdoku does not read.
    Unknown,
    /// Wrong arguments.
    Bad(String),
}

impl From<String> for Why {
    fn from(why: String) -> Why {
        Why::Bad(why)
    }
}

/// Adds what element `kind` with `args` says to `toml`.
fn element_toml(grid: &Grid, kind: &str, args: &[&str], toml: &mut Toml) -> Result<(), Why> {
    let n = grid.size;
    let table = |toml: &mut Toml, name: &str, fields: &[(&str, String)]| {
        let _ = writeln!(toml.tables, "\n[[{name}]]");
        for (key, value) in fields {
            let _ = writeln!(toml.tables, "{key} = {value}");
        }
    };
    // A clue's number, its first argument.
    let first_number = |args: &[&str]| -> Result<usize, Why> {
        Ok(number(args.first().copied().unwrap_or_default())?)
    };
    if let Some((_, rules)) = GLOBALS.iter().find(|(k, _)| *k == kind) {
        toml.rules.extend(rules.iter());
        return Ok(());
    }
    // Distinct values over region cells (`CC12`) count regions: below.
    let regions = kind == "CountDistinct" && args.iter().any(|a| a.starts_with("CC"));
    if let Some((_, name)) = LINES.iter().find(|(k, _)| *k == kind && !regions) {
        table(toml, name, &[("cells", grid.cells(args)?)]);
        return Ok(());
    }
    if let Some(&(_, name, field)) = OUTSIDE.iter().find(|(k, _, _)| *k == kind) {
        let (key, index) = grid.line(args.first().copied().unwrap_or_default())?;
        let sides = match key {
            "row" => ["left", "right"],
            _ => ["top", "bottom"],
        };
        for (side, value) in sides.iter().zip(args.iter().skip(1)) {
            if value.is_empty() {
                continue;
            }
            table(
                toml,
                name,
                &[
                    (key, index.to_string()),
                    ("side", format!("\"{side}\"")),
                    (field, number(value)?.to_string()),
                ],
            );
        }
        return Ok(());
    }
    match kind {
        "" => {
            for given in args {
                let mut parts = given.split('_');
                let cell = grid.cell(parts.next().unwrap_or_default())?;
                let values: Vec<usize> = parts.map(number).collect::<Result<_, _>>()?;
                let (r, c) = Grid::place(&cell);
                match values[..] {
                    [] => return Err(format!("`{given}` gives no value").into()),
                    [value] => toml.givens.push((r, c, value)),
                    _ => table(
                        toml,
                        "marks",
                        &[
                            ("cells", format!("\"{cell}\"")),
                            ("digits", numbers(&values)),
                        ],
                    ),
                }
            }
        }
        "NoBoxes" => toml.boxes = Some("none".into()),
        "RegionSize" if toml.boxes.as_deref() == Some("none") => {
            toml.region_size = Some(first_number(args)?);
        }
        "Diagonal" => {
            let direction = args.first().and_then(|d| d.parse::<i32>().ok());
            match direction {
                Some(d @ (1 | -1)) => toml.diagonals.push(d),
                _ => {
                    return Err("a diagonal's direction is 1 (╱) or -1 (╲)"
                        .to_string()
                        .into());
                }
            }
        }
        // The boxes stay beside the regions to be found unless told `NoBoxes`, as in sigh's
        // solver.
        "ChaosConstruction" => toml.rules.push("chaos-construction"),
        "Indexing" => {
            let name = match args.first().copied() {
                Some("C") => "column-indexer",
                Some("R") => "row-indexer",
                other => {
                    return Err(
                        format!("indexing of `{}`: C or R", other.unwrap_or_default()).into(),
                    );
                }
            };
            table(toml, name, &[("cells", grid.cells(&args[1..])?)]);
        }
        "StrictKropki" => toml.rules.extend(["negative-difference", "negative-ratio"]),
        "FullRankTies" => match args.first().copied() {
            Some("none") => toml.rules.push("full-rank-no-ties"),
            Some("any") => toml.rules.push("full-rank-ties"),
            Some("only-unclued") | None => {}
            Some(other) => return Err(format!("full rank ties `{other}`").into()),
        },
        "RegionSize" => {
            let size = first_number(args)?;
            toml.region_size = Some(size);
            // Boxes of that many cells where they tile the grid, as sigh's solver makes
            // them; none where no boxes do.
            toml.boxes = Some(match box_dims(n, size) {
                Some((rows, cols)) if toml.boxes.as_deref() != Some("none") => {
                    format!("{rows}x{cols}")
                }
                _ => "none".into(),
            });
        }
        "Jigsaw" => {
            let layout = args.last().copied().unwrap_or_default();
            if layout.chars().count() != n * n {
                return Err(format!(
                    "a jigsaw layout of {} cells on {} cells",
                    layout.len(),
                    n * n
                )
                .into());
            }
            toml.jigsaw = Some(layout.chars().collect());
        }
        "AllDifferent" => {
            let cells: Vec<String> = args
                .iter()
                .map(|a| grid.cell(a))
                .collect::<Result<_, _>>()?;
            for (i, a) in cells.iter().enumerate() {
                for b in &cells[i + 1..] {
                    toml.differ.push(format!("[\"{a}\", \"{b}\"]"));
                }
            }
        }
        "Whisper" | "Lockout" | "Modular" | "SumLine" => {
            // The number first; a German whisper's may be left out.
            let (value, cells) = match args.first().and_then(|a| a.parse::<usize>().ok()) {
                Some(v) => (Some(v), &args[1..]),
                None => (None, args),
            };
            if cells.last() == Some(&"LOOP") {
                return Err("a line drawn as a loop: satdoku's lines have two ends"
                    .to_string()
                    .into());
            }
            let cells = grid.cells(cells)?;
            match kind {
                "Whisper" => table(
                    toml,
                    "whispers",
                    &[
                        ("cells", cells),
                        ("difference", value.unwrap_or(5).to_string()),
                    ],
                ),
                "Lockout" => table(
                    toml,
                    "lockout",
                    &[
                        ("cells", cells),
                        ("difference", value.unwrap_or(4).to_string()),
                    ],
                ),
                "Modular" => {
                    if value.unwrap_or(3) != 3 {
                        return Err("a modular line of a modulus other than 3"
                            .to_string()
                            .into());
                    }
                    table(toml, "modular-line", &[("cells", cells)]);
                }
                _ => table(
                    toml,
                    "sum-line",
                    &[("cells", cells), ("sum", value.unwrap_or(10).to_string())],
                ),
            }
        }
        "Arrow" | "PillArrow" => {
            let (pill, cells) = match kind {
                "Arrow" => (1, args),
                _ => (first_number(args)?, &args[1..]),
            };
            if cells.len() <= pill {
                return Err("an arrow needs a circle and a shaft".to_string().into());
            }
            // sigh's solver reads a pill's cells in reading order.
            let mut circle = cells[..pill].to_vec();
            circle.sort_by_key(|id| grid.cell(id).map(|c| Grid::place(&c)).unwrap_or_default());
            table(
                toml,
                "arrow",
                &[
                    ("circle", grid.cells(&circle)?),
                    ("cells", grid.cells(&cells[pill..])?),
                ],
            );
        }
        "Cage" | "RellikCage" | "Lunchbox" => {
            let sum = first_number(args)?;
            let cells = grid.cells(&args[1..])?;
            match kind {
                // A cage of total 0 has no total.
                "Cage" if sum == 0 => table(toml, "cage", &[("cells", cells)]),
                "Cage" => table(toml, "cage", &[("cells", cells), ("sum", sum.to_string())]),
                "RellikCage" => table(
                    toml,
                    "rellik",
                    &[("cells", cells), ("sum", sum.to_string())],
                ),
                _ => table(
                    toml,
                    "lunchbox",
                    &[("cells", cells), ("sum", sum.to_string())],
                ),
            }
        }
        "Sum" => {
            let clue = args.first().copied().unwrap_or_default();
            let cells = args.get(1..).unwrap_or_default();
            let (sum, weights) = match clue.split_once("_=_") {
                Some((sum, weights)) => (
                    sum,
                    weights
                        .split('_')
                        .map(|w| w.parse::<i64>().map_err(|_| format!("`{w}` is no weight")))
                        .collect::<Result<Vec<_>, _>>()?,
                ),
                None => (clue, vec![1; cells.len()]),
            };
            if weights.len() != cells.len() || weights.iter().any(|&w| w < 0) {
                return Err("a sum's weights, one a cell, none below 0"
                    .to_string()
                    .into());
            }
            table(
                toml,
                "weighted-sum",
                &[
                    ("cells", grid.cells(cells)?),
                    ("weights", format!("{weights:?}")),
                    ("sum", number(sum)?.to_string()),
                ],
            );
        }
        "LittleKiller" => {
            let sum = first_number(args)?;
            let start = grid.cell(args.get(1).copied().unwrap_or_default())?;
            let cells = little_killer(n, Grid::place(&start))
                .ok_or_else(|| format!("no little killer starts at {start}"))?;
            table(
                toml,
                "little-killer",
                &[("cells", cells), ("sum", sum.to_string())],
            );
        }
        "Sandwich" => {
            let sum = first_number(args)?;
            let (key, index) = grid.line(args.get(1).copied().unwrap_or_default())?;
            table(
                toml,
                "sandwich",
                &[(key, index.to_string()), ("sum", sum.to_string())],
            );
        }
        "WhiteDot" | "BlackDot" | "X" | "V" | "GreaterThan" => {
            let cells: Vec<String> = args
                .iter()
                .map(|a| grid.cell(a))
                .collect::<Result<_, _>>()?;
            for (a, b) in adjacent_pairs(&cells) {
                let pair = format!("\"{a} {b}\"");
                match kind {
                    "WhiteDot" => table(toml, "white-dot", &[("cells", pair)]),
                    "BlackDot" => table(toml, "black-dot", &[("cells", pair)]),
                    "GreaterThan" => table(toml, "greater-than", &[("cells", pair)]),
                    letter => table(
                        toml,
                        "xv",
                        &[("cells", pair), ("letter", format!("\"{letter}\""))],
                    ),
                }
            }
        }
        "Quad" => {
            let corner = grid.cell(args.first().copied().unwrap_or_default())?;
            let (r, c) = Grid::place(&corner);
            if r >= n || c >= n {
                return Err(format!("no 2×2 square has its top left at {corner}").into());
            }
            let values: Vec<usize> = args[1..]
                .iter()
                .map(|v| number(v))
                .collect::<Result<_, _>>()?;
            table(
                toml,
                "quadruple",
                &[
                    (
                        "cells",
                        format!(
                            "\"r{r}c{c} r{r}c{} r{}c{c} r{}c{}\"",
                            c + 1,
                            r + 1,
                            r + 1,
                            c + 1
                        ),
                    ),
                    ("digits", numbers(&values)),
                ],
            );
        }
        "ContainExact" | "ContainAtLeast" => {
            let values: Vec<usize> = args
                .first()
                .copied()
                .unwrap_or_default()
                .split('_')
                .map(number)
                .collect::<Result<_, _>>()?;
            let name = if kind == "ContainExact" {
                "contains-exactly"
            } else {
                "contains"
            };
            table(
                toml,
                name,
                &[
                    ("cells", grid.cells(&args[1..])?),
                    ("digits", numbers(&values)),
                ],
            );
        }
        "SameValues" if args.iter().skip(1).any(|a| a.starts_with("CC")) => {
            // Region cells, each its own set: those cells' regions are one.
            let cells = grid.region_cells(args.get(1..).unwrap_or_default())?;
            if first_number(args)? != cells.len() {
                return Err("same values over region cells in sets of more than one: \
                            satdoku reads only single region cells, as cells of one region"
                    .to_string()
                    .into());
            }
            table(
                toml,
                "same-region",
                &[("cells", format!("\"{}\"", cells.join(" ")))],
            );
        }
        "CountDistinct" => {
            // The clue cell, then region cells: the regions among them counted.
            let clue = grid.cell(args.first().copied().unwrap_or_default())?;
            let cells = grid.region_cells(args.get(1..).unwrap_or_default())?;
            table(
                toml,
                "distinct-regions",
                &[
                    ("cell", format!("\"{clue}\"")),
                    ("cells", format!("\"{}\"", cells.join(" "))),
                ],
            );
        }
        "ChaosArrow" | "ChaosCount" => {
            // The clue cell, whether its first cell counts (0, or empty: it does; 1: not),
            // then region cells: a run's arms, `-` between two, each from the clue's own
            // region cell; a count's set, the first compared with.
            let clue = grid.cell(args.first().copied().unwrap_or_default())?;
            let mut fields = vec![("cell", format!("\"{clue}\""))];
            match args.get(1).copied().unwrap_or_default() {
                "" | "0" => {}
                "1" => fields.push(("include-first", "false".to_string())),
                other => return Err(format!("offset `{other}`: 0 or 1").into()),
            }
            let rest = args.get(2..).unwrap_or_default();
            if kind == "ChaosCount" && !rest.is_empty() {
                let cells = grid.region_cells(rest)?;
                fields.push(("cells", format!("\"{}\"", cells.join(" "))));
            }
            if kind == "ChaosArrow" && !rest.is_empty() {
                let mut arms: Vec<String> = Vec::new();
                let cells = rest.iter().filter(|a| **a != "-").copied();
                grid.region_cells(&cells.collect::<Vec<_>>())?;
                for arm in rest.split(|a| *a == "-") {
                    let cells = grid.region_cells(arm)?;
                    if cells.first() != Some(&clue) {
                        return Err(format!(
                            "an arm starting away from its clue {clue}: satdoku's runs start \
                             at the clue"
                        )
                        .into());
                    }
                    if cells.len() > 1 {
                        arms.push(format!("\"{}\"", cells[1..].join(" ")));
                    }
                }
                fields.push(("arms", format!("[{}]", arms.join(", "))));
            }
            let name = match kind {
                "ChaosArrow" => "region-run",
                _ => "region-count",
            };
            table(toml, name, &fields);
        }
        "SameValues" => {
            // The number of sets, then the cells, cut into that many sets in order.
            let sets = first_number(args)?;
            let cells: Vec<String> = (args.get(1..).unwrap_or_default().iter())
                .map(|a| grid.cell(a))
                .collect::<Result<_, _>>()?;
            if sets < 2 || cells.is_empty() || !cells.len().is_multiple_of(sets) {
                return Err(
                    format!("{} cells do not make {sets} sets of one size", cells.len()).into(),
                );
            }
            let groups: Vec<String> = (cells.chunks(cells.len() / sets))
                .map(|set| format!("\"{}\"", set.join(" ")))
                .collect();
            table(
                toml,
                "same-values",
                &[("groups", format!("[{}]", groups.join(", ")))],
            );
        }
        "Regex" => {
            // The pattern (URL-safe base64, or percent-encoded in older strings), then
            // lines of cells, an empty argument between two.
            let encoded = args.first().copied().unwrap_or_default();
            let pattern = regex_pattern(encoded)?;
            for line in args.get(1..).unwrap_or_default().split(|a| a.is_empty()) {
                if line.is_empty() {
                    continue;
                }
                let quoted = toml::Value::String(pattern.clone()).to_string();
                table(
                    toml,
                    "rule",
                    &[("cells", grid.cells(line)?), ("regex", quoted)],
                );
            }
        }
        "Binary" | "BinaryX" | "Pair" | "PairX" => {
            // A table of the pairs of digits allowed (6 bits a character, URL-safe base64;
            // the older `Binary` swaps `-` and `_`), then groups of cells: each next pair
            // along a group (`Pair`), or every two of it (`X`). An item `_NAME` names the
            // groups after it; an empty item ends a group.
            let key = args.first().copied().unwrap_or_default();
            let key: String = match kind.starts_with("Binary") {
                true => (key.chars())
                    .map(|c| match c {
                        '-' => '_',
                        '_' => '-',
                        c => c,
                    })
                    .collect(),
                false => key.to_string(),
            };
            let relation = pair_relation(&key, grid, kind.ends_with('X'))?;
            let items = args.get(1..).unwrap_or_default();
            for group in items.split(|a| a.is_empty() || a.starts_with('_')) {
                if group.is_empty() {
                    continue;
                }
                let mut fields = vec![("cells", grid.cells(group)?)];
                if kind.ends_with('X') {
                    fields.push(("pairs", "\"all\"".to_string()));
                }
                fields.push(("relation", format!("\"{relation}\"")));
                table(toml, "rule", &fields);
            }
        }
        "LookAndSay" => {
            let clue = args.first().copied().unwrap_or_default();
            table(
                toml,
                "look-and-say",
                &[
                    ("cells", grid.cells(args.get(1..).unwrap_or_default())?),
                    ("clue", format!("\"{clue}\"")),
                ],
            );
        }
        _ => return Err(Why::Unknown),
    }
    Ok(())
}

/// The relation of sigh's pair table `key` (6 bits a character of URL-safe base64, least
/// first; bit (i−1)·N + (j−1) allows the i-th digit beside the j-th) on `grid`'s digits, as
/// a rule's expression over the numbers `a` and `b`; for a table over every two cells
/// (`symmetric`), an error unless it allows b beside a just where it allows a beside b, as
/// sigh's solver requires.
fn pair_relation(key: &str, grid: &Grid, symmetric: bool) -> Result<String, String> {
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let sixes: Vec<usize> = (key.chars())
        .map(|c| (ALPHABET.find(c)).ok_or_else(|| format!("`{key}` is no pair table")))
        .collect::<Result<_, _>>()?;
    let n = grid.digits;
    let allows = |i: usize, j: usize| {
        let bit = i * n + j;
        sixes
            .get(bit / 6)
            .is_some_and(|six| six >> (bit % 6) & 1 == 1)
    };
    if symmetric && (0..n).any(|i| (0..n).any(|j| allows(i, j) != allows(j, i))) {
        return Err(format!(
            "pair table `{key}` over every two cells allows a pair one way and not the other"
        ));
    }
    let number = |i: usize| i + grid.lowest;
    let rows: Vec<String> = (0..n)
        .filter_map(|i| {
            let partners: Vec<String> = (0..n)
                .filter(|&j| allows(i, j))
                .map(|j| number(j).to_string())
                .collect();
            (!partners.is_empty())
                .then(|| format!("a == {} and b in {{{}}}", number(i), partners.join(", ")))
        })
        .collect();
    Ok(match rows.is_empty() {
        true => "a != a".to_string(),
        false => rows.join(" or "),
    })
}

/// The regular expression of a `Regex` element's first argument: URL-safe base64 without
/// padding, as sigh's solver writes it, or percent-encoded, as older strings did; white
/// space taken out.
fn regex_pattern(encoded: &str) -> Result<String, String> {
    use base64::Engine as _;
    let bad = || format!("`{encoded}` is no pattern (URL-safe base64)");
    let text = if encoded.contains('%') {
        super::fpuzzles::percent_decode(encoded)
    } else {
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(encoded.trim_end_matches('='))
            .map_err(|_| bad())?;
        String::from_utf8(bytes).map_err(|_| bad())?
    };
    let pattern: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match pattern.is_empty() {
        true => Err(bad()),
        false => Ok(pattern),
    }
}

/// Numbers as a TOML list.
fn numbers(values: &[usize]) -> String {
    format!("{values:?}")
}

/// Every pair of orthogonally adjacent cells among `cells`, each cell with those after it
/// in the list (sigh's reading of a dot, an X or V, or a greater-than sign over a group).
fn adjacent_pairs(cells: &[String]) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for (i, a) in cells.iter().enumerate() {
        let (ra, ca) = Grid::place(a);
        for b in &cells[i + 1..] {
            let (rb, cb) = Grid::place(b);
            if ra.abs_diff(rb) + ca.abs_diff(cb) == 1 {
                pairs.push((a.clone(), b.clone()));
            }
        }
    }
    pairs
}

/// The cells of the little killer diagonal sigh names by its first cell `(row, col)`
/// (1-based) on an `n`×`n` grid: from the left side down and right, the right side up and
/// left, the top down and left, the bottom up and right.
fn little_killer(n: usize, (row, col): (usize, usize)) -> Option<String> {
    let (r, c) = (row as isize - 1, col as isize - 1);
    let last = n as isize - 1;
    let step = if c == 0 && r < last {
        (1, 1)
    } else if c == last && r >= 1 && r < last {
        (-1, -1)
    } else if r == 0 && c >= 1 {
        (1, -1)
    } else if r == last && c >= 1 && c < last {
        (-1, 1)
    } else {
        return None;
    };
    let mut cells = Vec::new();
    let (mut r, mut c) = (r, c);
    while (0..=last).contains(&r) && (0..=last).contains(&c) {
        cells.push(format!("r{}c{}", r + 1, c + 1));
        r += step.0;
        c += step.1;
    }
    (cells.len() > 1).then(|| format!("\"{}\"", cells.join(" ")))
}

/// The pieces of a jigsaw `layout` (a label per cell): labels in order of first cell, each
/// with its cells' places in reading order.
fn pieces(layout: &[char]) -> Vec<Vec<usize>> {
    let mut labels: Vec<char> = Vec::new();
    for &c in layout {
        if !labels.contains(&c) {
            labels.push(c);
        }
    }
    (labels.iter())
        .map(|&label| (0..layout.len()).filter(|&i| layout[i] == label).collect())
        .collect()
}

/// Box rows and columns of `size` cells tiling an `n`×`n` grid, as sigh's solver chooses
/// them: the most nearly square, the shorter side down.
fn box_dims(n: usize, size: usize) -> Option<(usize, usize)> {
    (2..=size.isqrt()).rev().find_map(|small| {
        let large = size / small;
        if !size.is_multiple_of(small) {
            None
        } else if n.is_multiple_of(small) && n.is_multiple_of(large) {
            Some((small, large))
        } else {
            None
        }
    })
}

/// The whole TOML file: the grid's digits and boxes, its rules and regions, the givens as
/// a grid of numbers, then the constraint tables.
fn document(grid: &Grid, toml: &Toml) -> String {
    let n = grid.size;
    let mut out = String::new();
    if grid.lowest == 0 {
        let _ = writeln!(out, "digits = \"0-{}\"", grid.digits - 1);
    } else if grid.digits != n {
        let _ = writeln!(out, "digits = {}", grid.digits);
    }
    // sigh's solver keeps the boxes beside jigsaw pieces unless told `NoBoxes`.
    let boxes = toml
        .boxes
        .clone()
        .or_else(|| box_dims(n, n).map(|(r, c)| format!("{r}x{c}")))
        .unwrap_or_else(|| "none".into());
    let mut extra = Vec::new();
    let pieces = toml.jigsaw.as_deref().map_or_else(Vec::new, pieces);
    let whole = pieces.iter().all(|piece| piece.len() == n);
    match &toml.jigsaw {
        Some(layout) if boxes == "none" && whole => {
            let rows: Vec<String> = layout
                .chunks(n)
                .map(|row| {
                    row.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            let _ = writeln!(out, "regions = \"\"\"\n{}\n\"\"\"", rows.join("\n"));
        }
        Some(_) => {
            // Pieces of a region's cells; sigh's solver lets one piece of another size be
            // (the cells left between the others), which holds no rule.
            let _ = writeln!(out, "boxes = \"{boxes}\"");
            let size = toml.region_size.unwrap_or(n);
            for piece in pieces.iter().filter(|piece| piece.len() == size) {
                let cells: Vec<String> = (piece.iter())
                    .map(|i| format!("\"r{}c{}\"", i / n + 1, i % n + 1))
                    .collect();
                extra.push(cells.join(", "));
            }
        }
        None => {
            let _ = writeln!(out, "boxes = \"{boxes}\"");
        }
    }
    let mut rules = toml.rules.clone();
    match (toml.diagonals.contains(&1), toml.diagonals.contains(&-1)) {
        (true, true) => rules.push("diagonal"),
        (anti, main) => {
            if main {
                extra.push(
                    (1..=n)
                        .map(|i| format!("\"r{i}c{i}\""))
                        .collect::<Vec<_>>()
                        .join(", "),
                );
            }
            if anti {
                extra.push(
                    (1..=n)
                        .map(|i| format!("\"r{i}c{}\"", n + 1 - i))
                        .collect::<Vec<_>>()
                        .join(", "),
                );
            }
        }
    }
    if !rules.is_empty() {
        let names: Vec<String> = rules.iter().map(|r| format!("\"{r}\"")).collect();
        let _ = writeln!(out, "rules = [{}]", names.join(", "));
    }
    if !extra.is_empty() {
        let lists: Vec<String> = extra.iter().map(|e| format!("[{e}]")).collect();
        let _ = writeln!(out, "extra-regions = [{}]", lists.join(", "));
    }
    if !toml.differ.is_empty() {
        let _ = writeln!(out, "differ = [{}]", toml.differ.join(", "));
    }
    let mut cells = vec![".".to_string(); n * n];
    for &(r, c, value) in &toml.givens {
        cells[(r - 1) * n + c - 1] = value.to_string();
    }
    let rows: Vec<String> = cells.chunks(n).map(|row| row.join(" ")).collect();
    let _ = writeln!(out, "puzzle = \"\"\"\n{}\n\"\"\"", rows.join("\n"));
    out.push_str(&toml.tables);
    out
}

/// The puzzle file of an Interactive Sudoku Solver string (or a link to the solver), read
/// through satdoku's TOML.
pub fn parse_iss(text: &str) -> Result<PuzzleFile, IssError> {
    let text = match is_iss_link(text) {
        true => iss_link_text(text)?,
        false => text.to_string(),
    };
    let translated = translated(&text)?;
    let file =
        PuzzleFile::parse(&translated.toml).map_err(|err| translated.error(err.to_string()))?;
    // Its rules and givens checked here, so that what is wrong names its element.
    if let Some(Err(err)) = file.puzzle(0) {
        return Err(translated.error(err.to_string()));
    }
    // One line holds it all.
    let puzzles = (file.puzzles.iter())
        .map(|p| PuzzleText {
            line: 1,
            text: p.text.clone(),
        })
        .collect();
    Ok(PuzzleFile {
        constraint_lines: Vec::new(),
        puzzles,
        ..file
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_of_n_cells_unless_a_region_size_says() {
        let boxes = |text: &str| {
            let toml = iss_to_toml(text).unwrap();
            let line = toml.lines().find(|l| l.starts_with("boxes = ")).unwrap();
            line.to_string()
        };
        // sigh's solver's boxes hold as many cells as a row, whatever the digits.
        assert_eq!(boxes(".Shape~6x6~9"), "boxes = \"2x3\"");
        assert_eq!(boxes(".Shape~6x6~9.RegionSize~9"), "boxes = \"3x3\"");
        assert_eq!(boxes(".Shape~7x7~9.RegionSize~9"), "boxes = \"none\"");
        assert_eq!(
            boxes(".Shape~6x6~9.NoBoxes.RegionSize~9"),
            "boxes = \"none\""
        );
        assert_eq!(boxes(".AntiKing"), "boxes = \"3x3\"");
    }

    #[test]
    fn chaos_clues_read_region_cells_as_the_cells_they_stand_for() {
        let toml = iss_to_toml(
            ".Shape~4x4.ChaosConstruction.NoBoxes.ChaosArrow~R1C2~~CC2~CC3~CC4~-~CC2~CC6\
             .ChaosArrow~R2C2~1.ChaosCount~R4C4.ChaosCount~R1C1~1~CC5~CC1~CC2\
             .SameValues~2~CC16~CC12.CountDistinct~R3C3~CC1~CC16",
        )
        .unwrap();
        for table in [
            "[[region-run]]\ncell = \"r1c2\"\narms = [\"r1c3 r1c4\", \"r2c2\"]\n",
            "[[region-run]]\ncell = \"r2c2\"\ninclude-first = false\n",
            "[[region-count]]\ncell = \"r4c4\"\n",
            "[[region-count]]\ncell = \"r1c1\"\ninclude-first = false\ncells = \"r2c1 r1c1 r1c2\"\n",
            "[[same-region]]\ncells = \"r4c4 r3c4\"\n",
            "[[distinct-regions]]\ncell = \"r3c3\"\ncells = \"r1c1 r4c4\"\n",
        ] {
            assert!(toml.contains(table), "{table} in {toml}");
        }
        // The boxes stay beside the regions to be found unless told `NoBoxes`.
        let kept = iss_to_toml(".Shape~4x4.ChaosConstruction").unwrap();
        assert!(kept.contains("boxes = \"2x2\""), "{kept}");
        for (text, why) in [
            (".ChaosArrow~R1C2~~CC3~CC4", "starting away from its clue"),
            (".ChaosArrow~R1C2~2", "offset `2`"),
            (".SameValues~1~CC1~CC2", "sets of more than one"),
            (".ChaosCount~R1C1~~CC82", "no region cell"),
            (".CountDistinct~R1C1~CC1~R1C2", "mixed in one clue"),
            (".Cage~3~CC1~CC2", "region cell of chaos construction"),
            (".ChaosCount~R1C1", "without `ChaosConstruction`"),
            (".SameValues~2~CC1~CC2", "without `ChaosConstruction`"),
        ] {
            let err = iss_to_toml(text).unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn pair_tables_are_relations_listing_their_pairs() {
        let grid = Grid {
            size: 4,
            digits: 4,
            lowest: 1,
        };
        // Bits 4 (2 beside 1), 11 (3 beside 4) and 14 (4 beside 3), six a character, least
        // first: "Q" is 16 (bit 4), "g" 32 (bit 5 of the second), "E" 4 (bit 2 of the
        // third); "S" is 18, bit 1 (1 beside 2) too.
        assert_eq!(
            pair_relation("QgE", &grid, false).unwrap(),
            "a == 2 and b in {1} or a == 3 and b in {4} or a == 4 and b in {3}"
        );
        assert_eq!(
            pair_relation("SgE", &grid, true).unwrap(),
            "a == 1 and b in {2} or a == 2 and b in {1} or a == 3 and b in {4} or a == 4 and b in {3}"
        );
        assert!(
            pair_relation("QgE", &grid, true)
                .unwrap_err()
                .contains("one way")
        );
        assert_eq!(pair_relation("", &grid, false).unwrap(), "a != a");
        assert!(pair_relation("Q!", &grid, false).is_err());
        // On digits from 0 the numbers start at 0; the older `Binary` swaps `-` and `_`.
        let zero = Grid { lowest: 0, ..grid };
        assert!(
            pair_relation("QgE", &zero, false)
                .unwrap()
                .starts_with("a == 1 and b in {0}")
        );
        let toml =
            iss_to_toml(".Shape~4x4.BinaryX~SgE~_Pals~R1C1~R2C2~~R3C3~R4C4.Pair~QgE~~R1C4~R2C4")
                .unwrap();
        assert_eq!(toml.matches("pairs = \"all\"").count(), 2, "{toml}");
        assert!(
            toml.contains("[[rule]]\ncells = \"r1c4 r2c4\"\nrelation = \"a == 2"),
            "{toml}"
        );
    }

    #[test]
    fn little_killers_start_at_their_first_cell() {
        let cells = |start| little_killer(9, start).unwrap();
        assert!(cells((1, 1)).starts_with("\"r1c1 r2c2 ") && cells((1, 1)).ends_with("r9c9\""));
        assert_eq!(cells((1, 3)), "\"r1c3 r2c2 r3c1\"");
        assert_eq!(cells((2, 9)), "\"r2c9 r1c8\"");
        assert_eq!(cells((9, 8)), "\"r9c8 r8c9\"");
        assert_eq!(little_killer(9, (9, 9)), None);
    }

    #[test]
    fn regex_lines_are_rules_of_their_decoded_pattern() {
        // "[1-4]+[6-9]+" on two lines, and "(12|3)*" percent-encoded as older strings were.
        let toml =
            iss_to_toml(".Regex~WzEtNF0rWzYtOV0r~R1C1~R1C2~~R2C1~R2C2.Regex~%2812%7C3%29*~R3C1")
                .unwrap();
        assert_eq!(
            toml.matches("regex = \"[1-4]+[6-9]+\"").count(),
            2,
            "{toml}"
        );
        assert!(toml.contains("cells = \"r2c1 r2c2\"\nregex"), "{toml}");
        assert!(toml.contains("regex = \"(12|3)*\""), "{toml}");
        for bad in ["!!", ""] {
            let err = iss_to_toml(&format!(".Regex~{bad}~R1C1")).unwrap_err();
            assert!(err.to_string().contains("is no pattern"), "{err}");
        }
    }

    #[test]
    fn or_and_and_nest_their_constraints_under_an_any_of() {
        let toml = iss_to_toml(
            ".Shape~4x4.Or.Cage~3~R1C1~R1C2.And.Thermo~R1C1~R1C2.~R2C1_2.End.End.And.X~R3C1~R3C2.End",
        )
        .unwrap();
        let expected = "\n[[any-of]]\n[[any-of.cage]]\ncells = \"r1c1 r1c2\"\nsum = 3\n\
            [[any-of.all-of]]\n[[any-of.all-of.thermometer]]\ncells = \"r1c1 r1c2\"\n\
            [[any-of.all-of.marks]]\ncells = \"r2c1\"\ndigits = [2]\n\n[[xv]]\n";
        assert!(toml.contains(expected), "{toml}");
        // One element's tables hold together: givens of two cells are one alternative.
        let givens = iss_to_toml(".Shape~4x4.Or.~R1C1_1~R1C2_2.~R1C1_3.End").unwrap();
        assert!(
            givens.contains("[[any-of.all-of]]\n[[any-of.all-of.marks]]"),
            "{givens}"
        );
        assert_eq!(givens.matches("[[any-of.all-of]]").count(), 1, "{givens}");
        // An alternative that says nothing: the `Or` always holds.
        let always = iss_to_toml(".Or.And.End.Cage~3~R1C1~R1C2.End").unwrap();
        assert!(
            !always.contains("any-of") && !always.contains("cage"),
            "{always}"
        );
        // An `Or` of one constraint is that constraint.
        let one = iss_to_toml(".Or.Cage~3~R1C1~R1C2.End").unwrap();
        assert!(
            one.contains("\n[[cage]]") && !one.contains("any-of"),
            "{one}"
        );
        for (text, why) in [
            (".Or.Cage~3~R1C1~R1C2", "never ended"),
            (".Cage~3~R1C1~R1C2.End", "no `Or` or `And` open"),
            (".Or.Or.Cage~3~R1C1~R1C2.End.End", "inside another `Or`"),
            (
                ".Or.AntiKnight.Cage~3~R1C1~R1C2.End",
                "not rules over the whole grid",
            ),
            (".Or.End", "holding no constraint"),
        ] {
            let err = iss_to_toml(text).unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
    }
}
