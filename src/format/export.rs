//! A puzzle written for the setters' tools and back: f-puzzles JSON, an f-puzzles link, a SudokuPad link (f-puzzles data, which SudokuPad converts as it opens it), and satdoku's TOML.
//!
//! Each constraint is written by its family (`VariantConstraint::written`), as the family's
//! reader reads it back; the rules over the whole grid, the regions and the givens here.
//! What a format cannot hold is refused by name, never left out: a link that opened without
//! one of the puzzle's rules would be another puzzle.

use serde_json::{Map, Value, json};

use crate::constraint::{FieldValue, RecordFormat, Unwritable, VariantConstraint, WrittenRecord};
use crate::grid::{Cell, Shape};
use crate::rules::{FpuzzlesForm, GlobalRule, Puzzle, Regions};

/// Where f-puzzles links point: the puzzle's data follows, lz-string compressed.
pub const FPUZZLES_LINK: &str = "https://www.f-puzzles.com/?load=";

/// Where SudokuPad links carrying f-puzzles data point.
pub const SUDOKUPAD_LINK: &str = "https://sudokupad.app/fpuzzles";

/// The largest grid f-puzzles' editor opens (SudokuPad opens larger ones).
pub const FPUZZLES_MAX_SIZE: usize = 16;

/// What a puzzle says about itself beside its rules, written with it.
#[derive(Clone, Copy, Debug, Default)]
pub struct About<'a> {
    /// Its title.
    pub title: Option<&'a str>,
    /// Its author.
    pub author: Option<&'a str>,
    /// Its rules in words, as published.
    pub rules: Option<&'a str>,
}

/// Why a puzzle cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// A constraint the format has no field for.
    #[error(transparent)]
    Constraint(#[from] Unwritable),
    /// A rule over the whole grid the format has no field for (knightmare in f-puzzles).
    #[error("{rule}: {format} has no field for it")]
    Rule {
        /// The rule, as messages name it.
        rule: String,
        /// The format.
        format: &'static str,
    },
    /// A constraint SudokuPad's import of f-puzzles data drops without a word.
    #[error(
        "{0}: SudokuPad's import of f-puzzles data does not draw it (an f-puzzles link keeps it: --to fpuzzles)"
    )]
    NotInSudokuPad(String),
    /// A grid larger than f-puzzles opens.
    #[error(
        "f-puzzles opens grids up to {FPUZZLES_MAX_SIZE}×{FPUZZLES_MAX_SIZE}, not {0}×{0} (a SudokuPad link opens it)"
    )]
    TooLarge(usize),
    /// A grid taking more digits than a house has cells, or digits from 0, which f-puzzles
    /// data cannot say.
    #[error(
        "a {0} grid: f-puzzles data has no field for digits other than 1 to N (satdoku's TOML keeps them: --to toml)"
    )]
    Digits(Shape),
}

/// The puzzle as f-puzzles JSON: `size`, `grid` (givens, and each cell's region where the
/// regions are not f-puzzles' default boxes), the rules over the whole grid as its flags
/// (windoku's windows as extra regions, cells given as different as cages without a
/// total), each constraint under its family's field, and the title, author and rules text.
///
/// ```
/// use satdoku::format::export::{About, fpuzzles_json};
/// use satdoku::{Grid, Puzzle};
/// let grid: Grid = "1...............".parse()?;
/// let json = fpuzzles_json(&Puzzle::standard(grid)?, &About::default())?;
/// assert_eq!(json["size"], 4);
/// assert_eq!(json["grid"][0][0]["value"], 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fpuzzles_json(puzzle: &Puzzle, about: &About<'_>) -> Result<Value, ExportError> {
    let rules = puzzle.rules();
    let shape = puzzle.shape();
    if !shape.is_exact() || shape.starts_at_zero() {
        return Err(ExportError::Digits(shape));
    }
    let n = shape.size();
    let mut fields = Map::new();
    fields.insert("size".into(), json!(n));
    // A puzzle without rules in words gets them: f-puzzles and SudokuPad show them to the
    // solver, and SudokuPad's drawings mean nothing without them.
    let said = rules_in_words(puzzle);
    let ruleset = about
        .rules
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(&said);
    for (key, text) in [
        ("title", about.title),
        ("author", about.author),
        ("ruleset", Some(ruleset)),
    ] {
        if let Some(text) = text.filter(|t| !t.trim().is_empty()) {
            fields.insert(key.into(), json!(text));
        }
    }
    // Regions: f-puzzles' default boxes say nothing; any other tiling is each cell's
    // `region`, numbered from 0.
    let default = crate::grid::BoxShape::default_for(shape);
    let region_of = |cell: Cell| -> Option<usize> {
        match rules.region_kind() {
            Regions::Boxes(boxes) if Some(*boxes) == default => None,
            Regions::Boxes(boxes) => Some(boxes.box_of(cell)),
            Regions::Jigsaw(jigsaw) => Some(jigsaw.region_of(cell)),
            // No regions: each row its own region (f-puzzles has no "no boxes"), which adds
            // no rule.
            Regions::None => Some(cell.row()),
        }
    };
    // Given pencil marks live in the grid's cells (`givenPencilMarks`), as f-puzzles keeps
    // them.
    let marks = rules.pencil_marks();
    let all_digits = crate::grid::DigitSet::all(shape.digit_count());
    let grid: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let mut entry = Map::new();
                    if let Some(cell) = shape.cell(r, c) {
                        if let Some(digit) = puzzle.grid().get(cell) {
                            entry.insert("value".into(), json!(digit.get()));
                            entry.insert("given".into(), json!(true));
                        }
                        if let Some(region) = region_of(cell) {
                            entry.insert("region".into(), json!(region));
                        }
                        let set = marks.as_ref().map(|m| m.sets()[shape.index(cell)]);
                        if let Some(set) = set.filter(|&set| set != all_digits) {
                            let digits: Vec<u8> = set.iter().map(|d| d.get()).collect();
                            entry.insert("givenPencilMarks".into(), json!(digits));
                        }
                    }
                    Value::Object(entry)
                })
                .collect()
        })
        .collect();
    fields.insert("grid".into(), json!(grid));
    // A rule over the whole grid the words state and the puzzle does not hold is turned
    // off by its flag: SudokuPad would take it from the words (as satdoku reads SudokuPad).
    for rule in super::rules_text::stated_in_words(ruleset) {
        if let FpuzzlesForm::Flag(field) = rule.row().fpuzzles
            && !rules.globals().contains(rule)
        {
            fields.insert(field.into(), json!(false));
        }
    }
    let mut extra: Vec<Vec<Cell>> = rules.extra_regions().to_vec();
    let mut negative: Vec<&str> = Vec::new();
    for rule in rules.globals().iter() {
        match rule.row().fpuzzles {
            FpuzzlesForm::BothDiagonals => {
                fields.insert("diagonal+".into(), json!(true));
                fields.insert("diagonal-".into(), json!(true));
            }
            FpuzzlesForm::ExtraRegions => extra.extend(
                rule.houses(n, rules.region_kind())
                    .into_iter()
                    .map(|h| rules.cells(h)),
            ),
            FpuzzlesForm::Flag(field) => {
                fields.insert(field.into(), json!(true));
            }
            FpuzzlesForm::Negative(name) => negative.push(name),
            FpuzzlesForm::None => {
                return Err(ExportError::Rule {
                    rule: rule.name().to_string(),
                    format: "f-puzzles",
                });
            }
        }
    }
    let mut records: Vec<WrittenRecord> = Vec::new();
    for constraint in rules.constraints() {
        // A rule over the whole grid's constraint is written with the rules, given pencil
        // marks with the grid, above.
        let in_grid = matches!(constraint, VariantConstraint::PencilMarks(_));
        if GlobalRule::of_constraint(constraint).is_none() && !in_grid {
            records.extend(constraint.written(RecordFormat::Fpuzzles)?);
        }
    }
    if !negative.is_empty() {
        fields.insert("negative".into(), json!(negative));
    }
    // Cells given as different: a cage of two cells without a total says the same.
    records.extend(rules.different_pairs().iter().map(|&(a, b)| {
        WrittenRecord::new("killercage").with("cells", FieldValue::Cells(vec![a, b]))
    }));
    if !extra.is_empty() {
        let list: Vec<Value> = extra
            .iter()
            .map(|cells| json!({ "cells": fpuzzles_cells(cells) }))
            .collect();
        fields.insert("extraregion".into(), json!(list));
    }
    // Line families SudokuPad reads no field of, also drawn as cosmetic lines in the
    // colours f-puzzles' userscript gives them (SudokuPad shows those; satdoku reads them
    // with the rules' words, and skips them in f-puzzles data as drawn by a constraint).
    let mut copies: Vec<Value> = Vec::new();
    for record in &records {
        let Some((colour, width, family)) = super::drawings::drawn_line(record.name) else {
            continue;
        };
        for (key, value) in &record.fields {
            if let (&"lines", FieldValue::Lines(lines)) = (key, value) {
                copies.push(json!({
                    "lines": lines.iter().map(|l| fpuzzles_cells(l)).collect::<Vec<_>>(),
                    "outlineC": colour.to_uppercase(),
                    "width": width,
                    "fromConstraint": family,
                }));
            }
        }
    }
    if !copies.is_empty() {
        fields.insert("line".into(), Value::Array(copies));
    }
    for record in records {
        let entry = fpuzzles_record(&record, n);
        match fields
            .entry(record.name)
            .or_insert_with(|| Value::Array(Vec::new()))
        {
            Value::Array(list) => list.push(entry),
            // Only a flag could sit under a family's name, and families are not flags.
            other => *other = Value::Array(vec![entry]),
        }
    }
    Ok(Value::Object(fields))
}

/// The puzzle's rules in words, a sentence each: the standard rules, the rules over the
/// whole grid, extra regions, and each family's rule (see
/// [`VariantConstraint::rule_in_words`]) once.
///
/// ```
/// use satdoku::format::export::rules_in_words;
/// use satdoku::rules::GlobalRule;
/// use satdoku::{Grid, Puzzle, Rules, Shape};
/// let rules = Rules::standard(Shape::NINE)?.with_global(GlobalRule::AntiKnight)?;
/// let puzzle = Puzzle::new(Grid::empty(Shape::NINE), rules)?;
/// assert_eq!(
///     rules_in_words(&puzzle),
///     "Normal sudoku rules apply: each row, column and box holds the digits 1 to 9 once.\n\
///      Anti-knight: cells a knight's move apart differ."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rules_in_words(puzzle: &Puzzle) -> String {
    let rules = puzzle.rules();
    let n = puzzle.shape().size();
    let regions = match rules.region_kind() {
        Regions::Boxes(_) => Some("box"),
        Regions::Jigsaw(_) => Some("jigsaw region"),
        Regions::None => None,
    };
    let mut lines = vec![match regions {
        Some(regions) => format!(
            "Normal sudoku rules apply: each row, column and {regions} holds the digits 1 to {n} once."
        ),
        None => format!("Each row and column holds the digits 1 to {n} once; there are no boxes."),
    }];
    // Windoku's windows are written as extra regions (f-puzzles has no windoku flag).
    let extra = "Each extra region holds every digit once.";
    for rule in rules.globals().iter() {
        lines.push(match rule.row().fpuzzles {
            FpuzzlesForm::ExtraRegions => extra.to_string(),
            _ => rule.description().to_string(),
        });
    }
    if !rules.extra_regions().is_empty() && !lines.iter().any(|l| l == extra) {
        lines.push(extra.to_string());
    }
    if !rules.different_pairs().is_empty() {
        lines.push(
            VariantConstraint::from(crate::constraint::Cage::new(Vec::new(), None))
                .rule_in_words()
                .to_string(),
        );
    }
    let local = (rules.constraints().iter()).filter(|c| GlobalRule::of_constraint(c).is_none());
    for constraint in local {
        let line = constraint.rule_in_words();
        if !lines.iter().any(|l| l == line) {
            lines.push(line.to_string());
        }
    }
    lines.join("\n")
}

/// The puzzle as an f-puzzles link (`https://www.f-puzzles.com/?load=…`); an error for a
/// grid larger than f-puzzles opens and for what [`fpuzzles_json`] refuses.
pub fn fpuzzles_link(puzzle: &Puzzle, about: &About<'_>) -> Result<String, ExportError> {
    let n = puzzle.shape().size();
    if n > FPUZZLES_MAX_SIZE {
        return Err(ExportError::TooLarge(n));
    }
    let json = fpuzzles_json(puzzle, about)?;
    Ok(format!(
        "{FPUZZLES_LINK}{}",
        lz_str::compress_to_base64(&json.to_string())
    ))
}

/// The f-puzzles fields SudokuPad's import draws (its f-puzzles converter, `fpuzzlesdecoder`
/// in SudokuPad's client 0.589): it drops every other field without a word. The line
/// families satdoku also draws as cosmetic lines (see [`fpuzzles_json`]) reach it so.
const SUDOKUPAD_DRAWS: &[&str] = &[
    "killercage",
    "cage",
    "littlekillersum",
    "sandwichsum",
    "thermometer",
    "palindrome",
    "arrow",
    "betweenline",
    "minimum",
    "maximum",
    "clone",
    "quadruple",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
];

/// The puzzle as a SudokuPad link (`https://sudokupad.app/fpuzzles…`): its f-puzzles data,
/// which SudokuPad converts as it opens the link. An error for a constraint SudokuPad's
/// import would drop (an X-sum, a lockout line …): the link would open as another puzzle.
pub fn sudokupad_link(puzzle: &Puzzle, about: &About<'_>) -> Result<String, ExportError> {
    for constraint in puzzle.rules().constraints() {
        if GlobalRule::of_constraint(constraint).is_some() {
            continue;
        }
        // Given pencil marks are no record but a field of f-puzzles' cells, which
        // SudokuPad's import leaves out.
        if matches!(constraint, VariantConstraint::PencilMarks(_)) {
            return Err(ExportError::NotInSudokuPad(constraint.to_string()));
        }
        let records = constraint.written(RecordFormat::Fpuzzles)?;
        if records.iter().any(|record| {
            !SUDOKUPAD_DRAWS.contains(&record.name)
                && super::drawings::drawn_line(record.name).is_none()
        }) {
            return Err(ExportError::NotInSudokuPad(constraint.to_string()));
        }
    }
    let json = fpuzzles_json(puzzle, about)?;
    Ok(format!(
        "{SUDOKUPAD_LINK}{}",
        lz_str::compress_to_base64(&json.to_string())
    ))
}

/// A cell as f-puzzles names it: `R1C1`.
fn fpuzzles_cell(cell: Cell) -> String {
    super::place::place_name(cell.row() + 1, cell.col() + 1)
}

/// Cells as f-puzzles lists them.
fn fpuzzles_cells(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| fpuzzles_cell(c)).collect()
}

/// One record as an f-puzzles entry on a grid of `n`: cells named `R1C1`, one cell under
/// `cell` as a name alone (as f-puzzles writes it), a place outside the grid as `R0C3`
/// (past the grid's end `R3C10` on 9×9).
fn fpuzzles_record(record: &WrittenRecord, n: usize) -> Value {
    let place = super::place::place_name;
    let mut entry = Map::new();
    for (key, value) in &record.fields {
        let value = match value {
            FieldValue::Cells(cells) if *key == "cell" && cells.len() == 1 => {
                json!(fpuzzles_cell(cells[0]))
            }
            FieldValue::Cells(cells) => json!(fpuzzles_cells(cells)),
            FieldValue::Lines(lines) => {
                json!(lines.iter().map(|l| fpuzzles_cells(l)).collect::<Vec<_>>())
            }
            FieldValue::Position(r, c) => json!(place(*r, *c)),
            FieldValue::PastLastColumn(r) => json!(place(*r, n + 1)),
            FieldValue::PastLastRow(c) => json!(place(n + 1, *c)),
            FieldValue::Number(n) => json!(n),
            FieldValue::Numbers(list) => json!(list),
            FieldValue::Text(text) => json!(text),
            FieldValue::Texts(texts) => json!(texts),
            FieldValue::Flag(flag) => json!(flag),
            FieldValue::Records(records) => json!(
                (records.iter())
                    .map(|r| fpuzzles_record(r, n))
                    .collect::<Vec<_>>()
            ),
        };
        entry.insert((*key).into(), value);
    }
    Value::Object(entry)
}

/// One record as a table of satdoku's TOML puzzle files on a grid of `shape`
/// (`[[white-dot]]` and its keys), as [`toml_text`] writes each.
pub fn toml_record(record: &WrittenRecord, shape: Shape) -> String {
    toml_record_under(record, shape, record.name)
}

/// One record as a table headed `[[path]]`, the records nested in it after its keys, each
/// headed by its own path beneath (`[[any-of.cage]]`).
fn toml_record_under(record: &WrittenRecord, shape: Shape, path: &str) -> String {
    let quoted = |text: &str| toml::Value::String(text.to_string()).to_string();
    let names = |cells: &[Cell]| -> String {
        let names: Vec<String> = cells.iter().map(|c| quoted(&c.to_string())).collect();
        format!("[{}]", names.join(", "))
    };
    let mut out = format!("[[{path}]]\n");
    let mut nested = String::new();
    for (key, value) in &record.fields {
        let value = match value {
            FieldValue::Records(records) => {
                for inner in records {
                    nested.push_str(&toml_record_under(inner, shape, &format!("{path}.{key}")));
                }
                continue;
            }
            FieldValue::Cells(cells) => names(cells),
            FieldValue::Lines(lines) => {
                let lines: Vec<String> = lines.iter().map(|l| names(l)).collect();
                format!("[{}]", lines.join(", "))
            }
            FieldValue::Position(r, c) => quoted(&format!("r{r}c{c}")),
            FieldValue::PastLastColumn(r) => quoted(&format!("r{r}c{}", shape.size() + 1)),
            FieldValue::PastLastRow(c) => quoted(&format!("r{}c{c}", shape.size() + 1)),
            FieldValue::Number(n) => n.to_string(),
            FieldValue::Numbers(list) => format!(
                "[{}]",
                list.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            FieldValue::Text(text) => quoted(text),
            FieldValue::Texts(texts) => format!(
                "[{}]",
                texts
                    .iter()
                    .map(|t| quoted(t))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            FieldValue::Flag(flag) => flag.to_string(),
        };
        out.push_str(&format!("{key} = {value}\n"));
    }
    out + &nested
}

/// The puzzle as satdoku's TOML puzzle file (see [`PuzzleFile`](super::PuzzleFile)): its
/// title, author and rules text (as `notes`), its boxes or regions, the rules over the whole
/// grid, extra regions and cells given as different, the grid, and a table per constraint.
///
/// ```
/// use satdoku::format::export::{About, toml_text};
/// use satdoku::{Grid, Puzzle};
/// let grid: Grid = "1...............".parse()?;
/// let text = toml_text(&Puzzle::standard(grid)?, &About { title: Some("Four"), ..About::default() })?;
/// assert_eq!(text, "title = \"Four\"\npuzzle = \"1...............\"\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn toml_text(puzzle: &Puzzle, about: &About<'_>) -> Result<String, ExportError> {
    let rules = puzzle.rules();
    let shape = puzzle.shape();
    let quoted = |text: &str| toml::Value::String(text.to_string()).to_string();
    let names = |cells: &[Cell]| -> String {
        let names: Vec<String> = cells.iter().map(|c| quoted(&c.to_string())).collect();
        format!("[{}]", names.join(", "))
    };
    let mut out = String::new();
    for (key, text) in [
        ("title", about.title),
        ("author", about.author),
        ("notes", about.rules),
    ] {
        if let Some(text) = text.filter(|t| !t.trim().is_empty()) {
            out.push_str(&format!("{key} = {}\n", quoted(text)));
        }
    }
    if shape.starts_at_zero() {
        let high = shape.highest();
        out.push_str(&format!("digits = \"0-{high}\"\n"));
    } else if !shape.is_exact() {
        out.push_str(&format!("digits = {}\n", shape.digit_count()));
    }
    match rules.region_kind() {
        Regions::Boxes(boxes) if Some(*boxes) == crate::grid::BoxShape::default_for(shape) => {}
        Regions::Boxes(boxes) => out.push_str(&format!("boxes = \"{boxes}\"\n")),
        Regions::None => out.push_str("boxes = \"none\"\n"),
        Regions::Jigsaw(jigsaw) => {
            out.push_str("regions = \"\"\"\n");
            for r in 0..shape.size() {
                let row: Vec<String> = (0..shape.size())
                    .filter_map(|c| shape.cell(r, c))
                    .map(|cell| jigsaw.label(jigsaw.region_of(cell)).to_string())
                    .collect();
                out.push_str(&row.join(" "));
                out.push('\n');
            }
            out.push_str("\"\"\"\n");
        }
    }
    let listed: Vec<&str> = rules.globals().iter().map(GlobalRule::name).collect();
    let mut records = Vec::new();
    for constraint in rules.constraints() {
        if GlobalRule::of_constraint(constraint).is_none() {
            records.extend(constraint.written(RecordFormat::Toml)?);
        }
    }
    if !listed.is_empty() {
        let listed: Vec<String> = listed.iter().map(|name| quoted(name)).collect();
        out.push_str(&format!("rules = [{}]\n", listed.join(", ")));
    }
    for (key, lists) in [
        ("extra-regions", rules.extra_regions().to_vec()),
        (
            "differ",
            rules
                .different_pairs()
                .iter()
                .map(|&(a, b)| vec![a, b])
                .collect(),
        ),
    ] {
        if !lists.is_empty() {
            let lists: Vec<String> = lists.iter().map(|cells| names(cells)).collect();
            out.push_str(&format!("{key} = [{}]\n", lists.join(", ")));
        }
    }
    let alphabet = super::Alphabet::default_for(shape);
    if alphabet.covers(shape) {
        let line = super::write_line(puzzle.grid(), &alphabet);
        out.push_str(&format!("puzzle = {}\n", quoted(&line)));
    } else {
        let rows = super::write_tokens(puzzle.grid());
        out.push_str(&format!("puzzle = \"\"\"\n{rows}\n\"\"\"\n"));
    }
    for record in records {
        out.push('\n');
        out.push_str(&toml_record(&record, shape));
    }
    Ok(out)
}
