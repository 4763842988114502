//! f-puzzles exports (JSON) and share links (`?load=` + lz-string base64 of that JSON), read into a puzzle file's rules and givens.
//!
//! Every constraint field with entries must be one satdoku understands: an unknown one is
//! an error naming it, since a puzzle checked without one of its rules gets a wrong
//! verdict. Cosmetic fields (text, lines, circles, rectangles, colours, pencil marks, the
//! solution) are ignored, and so are cosmetic cages unless their value names a digital root
//! (`DR7`: a multi-sum killer cage, as Rangsk's SudokuSolver reads it).

use super::drawings::Settled;
use serde_json::{Map, Value};

use super::puzzle_file::{PuzzleFile, PuzzleText};
use crate::constraint::{
    Cage, Fields, Parity, ParityKind, PencilMarks, Record, RecordError, RecordFormat,
    VariantConstraint, families,
};
use crate::grid::{BoxShape, Cell, DigitSet, Shape};
use crate::rules::{DigitRange, FpuzzlesForm, GlobalRule, Jigsaw, RulesSpec};

/// Fields that only draw, or describe the puzzle: read and ignored (the title and author
/// are kept with the puzzle).
pub const COSMETIC_FIELDS: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "circle",
    "rectangle",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "onlyUseSolutionForPencilmarks",
];

/// The fields of a constraint entry that only draw it (colours, sizes, the little killer's
/// arrow): read and ignored. Any other field the entry's family does not read is refused.
const ENTRY_DRAWING_FIELDS: [&str; 7] = [
    "outlineC",
    "fontC",
    "baseC",
    "width",
    "height",
    "angle",
    "direction",
];

/// The family field that f-puzzles lists after `extraregion`: the cages that short extra
/// regions make are read just before it, in f-puzzles' own order of fields.
const EXTRA_REGIONS_BEFORE: &str = "quadruple";

/// The fields of a grid cell that only draw (pencil marks, candidates, colours): read and
/// ignored.
const CELL_DRAWING_FIELDS: [&str; 5] = [
    "centerPencilMarks",
    "cornerPencilMarks",
    "candidates",
    "c",
    "highlight",
];

/// The fields of rules over the whole grid that the reader takes besides each
/// [`GlobalRule`]'s own flag: the two diagonals, the negative constraints and extra
/// regions.
const RULE_FIELDS: [&str; 4] = ["diagonal+", "diagonal-", "negative", "extraregion"];

/// The constraint fields read (a field with entries that is neither one of these nor
/// cosmetic is an error): the rules' fields, then each constraint family's, in the order
/// of the family table.
pub fn constraint_fields() -> Vec<&'static str> {
    let globals = GlobalRule::ALL
        .into_iter()
        .filter_map(|rule| match rule.row().fpuzzles {
            FpuzzlesForm::Flag(field) => Some(field),
            _ => None,
        });
    RULE_FIELDS
        .into_iter()
        .chain(globals)
        .chain(
            families()
                .iter()
                .flat_map(|family| family.fpuzzles.iter().copied()),
        )
        .collect()
}

/// An f-puzzles export or link that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FpuzzlesError {
    /// The link has no `load=` part, or it does not decompress.
    #[error("not an f-puzzles link: {why}")]
    Link {
        /// Why.
        why: String,
    },
    /// Not JSON.
    #[error("not f-puzzles JSON: {message}")]
    Json {
        /// The JSON reader's message.
        message: String,
    },
    /// Constraints satdoku does not know: checking without them would give wrong answers.
    #[error("unsupported f-puzzles constraints: {} (satdoku reads {})", names.join(", "), constraint_fields().join(", "))]
    Unsupported {
        /// The fields.
        names: Vec<String>,
    },
    /// A field holds something unexpected.
    #[error("f-puzzles field {field:?}, entry {entry}: {why}")]
    Field {
        /// The field.
        field: String,
        /// 1-based entry of the field (0 for the field itself).
        entry: usize,
        /// What is wrong.
        why: String,
    },
}

/// The JSON of an f-puzzles share link: the text after `load=` (up to `&` or `#`), or a
/// SudokuPad link's text after `fpuzzles`, decompressed from lz-string's URI-safe base64.
///
/// ```
/// use satdoku::format::fpuzzles_link_json;
/// let link = format!("https://www.f-puzzles.com/?load={}", lz_str::compress_to_base64(r#"{"size":4}"#));
/// assert_eq!(fpuzzles_link_json(&link).unwrap(), r#"{"size":4}"#);
/// ```
pub fn fpuzzles_link_json(link: &str) -> Result<String, FpuzzlesError> {
    let link = link.trim();
    let data = if let Some((_, rest)) = link.split_once("load=") {
        rest
    } else if let Some((_, rest)) = link.split_once("fpuzzles") {
        rest
    } else {
        return Err(FpuzzlesError::Link {
            why: "it has no `load=` part".into(),
        });
    };
    let data = data.split(['&', '#']).next().unwrap_or_default();
    let data = percent_decode(data).replace(' ', "+");
    let json = lz_str::decompress_from_base64(&data)
        .and_then(|units| String::from_utf16(&units).ok())
        .filter(|json| !json.is_empty())
        .ok_or_else(|| FpuzzlesError::Link {
            why: "its data does not decompress (is the link cut short?)".into(),
        })?;
    Ok(json)
}

/// `%2B` and friends decoded; other text kept.
pub(super) fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads an f-puzzles export: its size, regions, givens and constraints, as a puzzle file
/// holding one puzzle (its givens as rows of numbers, 0 blank).
///
/// ```
/// use satdoku::format::parse_fpuzzles;
/// let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
///   "killercage":[{"cells":["R1C2","R1C3"],"value":"5"}]}"#;
/// let file = parse_fpuzzles(json).unwrap();
/// assert_eq!(file.spec.constraints[0].to_string(), "killer cage r1c2-r1c3 (sum 5)");
/// assert!(file.puzzles[0].text.starts_with("1 0 0 0"));
/// assert!(parse_fpuzzles(r#"{"size":4,"grid":[],"clock":[{"lines":[]}]}"#).is_err());
/// ```
pub fn parse_fpuzzles(json: &str) -> Result<PuzzleFile, FpuzzlesError> {
    parse_fpuzzles_settled(json, &Settled::default())
}

/// [`parse_fpuzzles`], with cosmetic lines read as the user settles them (`--read`).
pub fn parse_fpuzzles_settled(json: &str, settled: &Settled) -> Result<PuzzleFile, FpuzzlesError> {
    let (mut file, said) = parse_converted(json, settled, None)?;
    file.readings.extend(said);
    Ok(file)
}

/// [`parse_fpuzzles_settled`], the rules' words taken from `stated` where given (SudokuPad's
/// rules, converted to f-puzzles data without them) or else from the data's `ruleset`: the
/// file, and what the words alone gave it (see [`said_in_words`]), apart from its readings.
pub(super) fn parse_converted(
    json: &str,
    settled: &Settled,
    stated: Option<&str>,
) -> Result<(PuzzleFile, Vec<String>), FpuzzlesError> {
    let value: Value = serde_json::from_str(json.trim_start_matches('\u{feff}')).map_err(|e| {
        FpuzzlesError::Json {
            message: e.to_string(),
        }
    })?;
    let Value::Object(mut fields) = value else {
        return Err(FpuzzlesError::Json {
            message: "the top level is not an object".into(),
        });
    };
    let known = constraint_fields();
    let unsupported: Vec<String> = fields
        .iter()
        .filter(|(name, value)| {
            !COSMETIC_FIELDS.contains(&name.as_str())
                && !known.contains(&name.as_str())
                && !is_empty(value)
        })
        .map(|(name, _)| name.clone())
        .collect();
    if !unsupported.is_empty() {
        return Err(FpuzzlesError::Unsupported { names: unsupported });
    }
    let bad_size = |why: &str| FpuzzlesError::Field {
        field: "size".into(),
        entry: 0,
        why: why.into(),
    };
    let size = fields
        .get("size")
        .and_then(Value::as_u64)
        .ok_or_else(|| bad_size("missing, or not a number"))?;
    let shape = Shape::from_size(size as usize)
        .ok_or_else(|| bad_size(&format!("{size}: satdoku reads grids from 4×4 to 64×64")))?;
    // The cosmetic shapes read as the rules they draw, when the rules' words say so: their
    // constraints join the file's as f-puzzles fields.
    let ruleset = fields
        .get("ruleset")
        .and_then(Value::as_str)
        .map(str::to_string);
    let mentions = ruleset
        .as_deref()
        .map(super::rules_text::mentions)
        .unwrap_or_default();
    let scene = super::drawings::Scene::from_fpuzzles(&fields);
    let words = super::drawings::Words {
        mentions: &mentions,
        settled,
    };
    let mut drawn = super::drawings::read(&scene, shape.size(), words, &[]);
    drawn.add_to(&mut fields);
    let reader = Reader { fields: &fields };
    let stated = stated.or(ruleset.as_deref());
    // Givens up to the digits the words give the grid ("fill it with digits 1-9").
    let given_shape = words_digits(stated, shape)
        .and_then(|range| with_range(shape, range))
        .unwrap_or(shape);
    let (spec, text, warnings) = reader.grid(given_shape)?;
    let mut spec = reader.constraints(shape, spec)?;
    let mut unread = reader.cosmetic_cages_unread()?;
    unread.extend(drawn.unread);
    let said = said_in_words(stated, shape, &mut spec);
    let text_field = |name: &str| {
        fields
            .get(name)
            .and_then(Value::as_str)
            .filter(|text| !text.trim().is_empty())
            .map(str::to_string)
    };
    let file = PuzzleFile {
        spec,
        puzzles: vec![PuzzleText { line: 1, text }],
        title: text_field("title"),
        author: text_field("author"),
        notes: None,
        warnings,
        constraint_lines: Vec::new(),
        rules: ruleset,
        readings: drawn.read,
        unread,
    }
    .noticed();
    Ok((file, said))
}

/// The digits the rules' words give a grid of `shape` beyond 1 to N ("fill the grid with
/// digits 1-9", "place the digits 0-8"), if they give more than it has cells to a row or
/// start at 0 (and are no more than 64): how many, and whether from 0.
fn words_digits(words: Option<&str>, shape: Shape) -> Option<DigitRange> {
    let fits = |count: usize| (shape.size()..=Shape::MAX_SIZE).contains(&count);
    match super::rules_text::digit_range(words?) {
        Some((1, last)) if last > shape.size() && fits(last) => Some(DigitRange {
            count: last,
            from_zero: false,
        }),
        Some((0, last)) if fits(last + 1) => Some(DigitRange {
            count: last + 1,
            from_zero: true,
        }),
        _ => None,
    }
}

/// `shape` taking the digits `range` gives.
fn with_range(shape: Shape, range: DigitRange) -> Option<Shape> {
    let shape = shape.with_digits(range.count)?;
    Some(if range.from_zero {
        shape.from_zero()
    } else {
        shape
    })
}

/// What the rules' words alone give a grid of `shape`, taken into `spec` (f-puzzles has no
/// field for it): the digits beyond 1 to N ("fill the 4×4 grid with digits 1-9"), with the
/// rule that every house holds the same of them where the words say so, regions to be found
/// on a grid that draws none ("each region must be determined"), Dutch flatmates ("any 5
/// must have a 1 directly above it or a 9 directly below it"), and the doppelgänger rule
/// where the words give the digits 0 to N; what was taken, for the reading.
fn said_in_words(words: Option<&str>, shape: Shape, spec: &mut RulesSpec) -> Vec<String> {
    let Some(text) = words else {
        return Vec::new();
    };
    let mut taken = Vec::new();
    let flatmates = GlobalRule::DutchFlatmates;
    if super::rules_text::stated_rule_in_words(text, flatmates) && !spec.globals.contains(flatmates)
    {
        spec.globals = spec.globals.with(flatmates);
        taken.push("Dutch flatmates (stated in the rules)".to_string());
    }
    let chaos = GlobalRule::ChaosConstruction;
    if spec.no_regions
        && super::rules_text::stated_rule_in_words(text, chaos)
        && !spec.globals.contains(chaos)
    {
        spec.globals = spec.globals.with(chaos);
        taken.push("chaos construction: the regions are to be found (stated in the rules)".into());
    }
    if let Some(range) = words_digits(Some(text), shape) {
        spec.digits = Some(range.count);
        spec.from_zero = range.from_zero;
        let (low, high) = match range.from_zero {
            true => (0, range.count - 1),
            false => (1, range.count),
        };
        taken.push(format!("digits {low}-{high} (stated in the rules)"));
        if super::rules_text::stated_rule_in_words(text, GlobalRule::SameDigits) {
            spec.globals = spec.globals.with(GlobalRule::SameDigits);
            taken.push("same digits in every house (stated in the rules)".into());
        }
        // The doppelgänger rule is of the digits 0 to N: taken where the words give those.
        let doppelganger = GlobalRule::Doppelganger;
        if range.from_zero
            && range.count == shape.size() + 1
            && super::rules_text::stated_rule_in_words(text, doppelganger)
            && !spec.globals.contains(doppelganger)
        {
            spec.globals = spec.globals.with(doppelganger);
            taken.push("doppelgänger (stated in the rules)".into());
        }
    }
    taken
}

/// Whether a field says nothing: false, null, an empty list or object.
pub(super) fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

struct Reader<'a> {
    fields: &'a Map<String, Value>,
}

impl Reader<'_> {
    fn bad(&self, field: &str, entry: usize, why: &str) -> FpuzzlesError {
        FpuzzlesError::Field {
            field: field.to_string(),
            entry,
            why: why.to_string(),
        }
    }

    /// The cosmetic cages not drawn by a constraint (`fromConstraint`) and not read as a
    /// multi-sum cage, each named with its cells and its text: what the reader did not
    /// read as a rule (the other cosmetic shapes are read as drawings, see
    /// [`super::drawings`]).
    fn cosmetic_cages_unread(&self) -> Result<Vec<String>, FpuzzlesError> {
        let mut unread = Vec::new();
        for (i, entry) in self.entries("cage")?.iter().enumerate() {
            if entry
                .get("fromConstraint")
                .is_some_and(|from| !is_empty(from))
            {
                continue;
            }
            let value = entry
                .get("value")
                .map(|v| match v {
                    Value::String(text) => text.trim().to_string(),
                    other => other.to_string(),
                })
                .unwrap_or_default();
            if value.contains("DR") {
                // A multi-sum cage: read.
                continue;
            }
            let cells = cell_names(entry.get("cells").unwrap_or(&Value::Null)).join("-");
            let cells = if cells.is_empty() {
                format!("entry {}", i + 1)
            } else {
                cells
            };
            unread.push(if value.is_empty() {
                format!("cosmetic cage {cells}")
            } else {
                format!("cosmetic cage {cells} {value:?}")
            });
        }
        Ok(unread)
    }

    fn flag(&self, name: &str) -> bool {
        self.fields
            .get(name)
            .and_then(Value::as_bool)
            .unwrap_or(false)
    }

    /// The entries of a list field.
    fn entries(&self, name: &str) -> Result<&[Value], FpuzzlesError> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(list)) => Ok(list),
            Some(_) => Err(self.bad(name, 0, "not a list")),
        }
    }

    /// A cell's `givenPencilMarks` (on row `r`, 0-based): the digits it may hold, as
    /// f-puzzles' solver and the solvers beside it take them.
    fn given_marks(
        &self,
        field: &Value,
        at: Cell,
        shape: Shape,
        r: usize,
    ) -> Result<PencilMarks, FpuzzlesError> {
        let m = shape.digit_count();
        let bad = || {
            self.bad(
                "grid",
                r + 1,
                &format!("{at}: givenPencilMarks {field} is not a list of digits from 1 to {m}"),
            )
        };
        let mut digits = DigitSet::EMPTY;
        for value in field.as_array().ok_or_else(bad)? {
            let value = json_number("givenPencilMarks", value).map_err(|_| bad())?;
            let digit = value
                .and_then(|v| shape.digit(v as usize))
                .ok_or_else(bad)?;
            digits.insert(digit);
        }
        Ok(PencilMarks::new(at, digits, shape))
    }

    /// The regions and givens (boxes unless some cell names another region), the cells'
    /// parity marks and given pencil marks (as the spec's constraints) and the warnings
    /// about the grid.
    fn grid(&self, shape: Shape) -> Result<(RulesSpec, String, Vec<String>), FpuzzlesError> {
        let n = shape.size();
        let (low, high) = (shape.lowest(), shape.highest());
        let rows = self
            .fields
            .get("grid")
            .and_then(Value::as_array)
            .filter(|rows| rows.len() == n)
            .ok_or_else(|| self.bad("grid", 0, &format!("it needs {n} rows")))?;
        let boxes = BoxShape::default_for(shape);
        let mut region_of = Vec::with_capacity(shape.cell_count());
        // Values a solver entered (not givens), cells' parity and pencil marks, fields not
        // understood.
        let mut entered = Vec::new();
        let mut cell_rules: Vec<VariantConstraint> = Vec::new();
        let mut unsupported = Vec::new();
        let mut custom = false;
        let mut text = String::new();
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
                self.bad("grid", r + 1, &format!("row {} needs {n} cells", r + 1))
            })?;
            for (c, cell) in row.iter().enumerate() {
                let at = Cell::at(r, c).expect("inside 64×64");
                let region = match cell.get("region") {
                    Some(Value::Number(k)) => {
                        custom = true;
                        k.as_u64().filter(|&k| (k as usize) < n).ok_or_else(|| {
                            self.bad(
                                "grid",
                                r + 1,
                                &format!("{at}: region {k} is not 0 to {}", n - 1),
                            )
                        })? as u8
                    }
                    // f-puzzles' default: the boxes, or on a grid without boxes (7×7,
                    // 11×11 …) the cell's row, so that no rule beyond the rows holds.
                    Some(Value::Null) | None => match boxes {
                        Some(boxes) => boxes.box_of(at) as u8,
                        None => r as u8,
                    },
                    Some(_) => {
                        return Err(self.bad(
                            "grid",
                            r + 1,
                            &format!("{at}: region is not a number"),
                        ));
                    }
                };
                region_of.push(region);
                let given = match cell.get("given") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(given)) => *given,
                    Some(other) => {
                        return Err(self.bad(
                            "grid",
                            r + 1,
                            &format!("{at}: \"given\" is {other}, not true or false"),
                        ));
                    }
                };
                // A whole number, or a string of one (f-puzzles writes numbers as strings
                // elsewhere); anything else is refused, never read as a blank.
                let value = match cell.get("value") {
                    None | Some(Value::Null) => None,
                    Some(value) => json_number("value", value).map_err(|_| {
                        self.bad(
                            "grid",
                            r + 1,
                            &format!("{at}: value {value} is not a digit from {low} to {high}"),
                        )
                    })?,
                }
                .map(u64::from);
                let digit = |v: u64| shape.digit_numbered(v as usize).is_some();
                if let Some(v) = value.filter(|&v| given && !digit(v)) {
                    return Err(self.bad(
                        "grid",
                        r + 1,
                        &format!("{at}: {v} is not a digit from {low} to {high}"),
                    ));
                }
                if let Some(v) = value.filter(|_| !given) {
                    entered.push(format!("{at}={v}"));
                }
                let value = value.filter(|_| given);
                for (key, field) in cell.as_object().into_iter().flatten() {
                    match key.as_str() {
                        "region" | "value" | "given" => {}
                        "parity" => cell_rules.push(match field.as_str() {
                            Some("Odd" | "odd") => Parity::new(at, ParityKind::Odd).into(),
                            Some("Even" | "even") => Parity::new(at, ParityKind::Even).into(),
                            _ => {
                                return Err(self.bad(
                                    "grid",
                                    r + 1,
                                    &format!("{at}: parity {field} is not \"Odd\" or \"Even\""),
                                ));
                            }
                        }),
                        "givenPencilMarks" if !is_empty(field) => {
                            cell_rules.push(self.given_marks(field, at, shape, r)?.into());
                        }
                        key if CELL_DRAWING_FIELDS.contains(&key) || is_empty(field) => {}
                        key => unsupported.push(format!("cell field {key:?} ({at})")),
                    }
                }
                if c > 0 {
                    text.push(' ');
                }
                // Numbers, a blank 0 (or `.` where 0 is a digit).
                match value {
                    Some(v) => text.push_str(&v.to_string()),
                    None if shape.starts_at_zero() => text.push('.'),
                    None => text.push('0'),
                }
            }
            text.push('\n');
        }
        if !unsupported.is_empty() {
            return Err(FpuzzlesError::Unsupported { names: unsupported });
        }
        let mut warnings = Vec::new();
        if let Some(first) = entered.first() {
            warnings.push(format!(
                "{} cell{} hold{} a value that is not a given (a solver's entry, such as {first}): \
                 read as blank",
                entered.len(),
                if entered.len() == 1 { "" } else { "s" },
                if entered.len() == 1 { "s" } else { "" },
            ));
        }
        let mut spec = RulesSpec {
            constraints: cell_rules,
            ..RulesSpec::default()
        };
        let is_boxes = boxes.is_some_and(|b| {
            shape
                .cells()
                .all(|cell| region_of[shape.index(cell)] as usize == b.box_of(cell))
        });
        // Regions that are the rows add no rule: rows and columns only (how f-puzzles and
        // SudokuPad hold a grid without boxes).
        let rows = shape.cells().all(|cell| {
            let first = Cell::new_unchecked(cell.row(), 0);
            region_of[shape.index(cell)] == region_of[shape.index(first)]
        });
        if (custom || boxes.is_none()) && !is_boxes {
            if rows {
                spec.no_regions = true;
            } else {
                // N regions, or fewer of a cell per digit (four of nine on a 6×6 of 1-9).
                let count = region_of.iter().map(|&r| r as usize + 1).max().unwrap_or(n);
                let labels: Vec<char> = (0..count).map(region_label).collect();
                spec.jigsaw = Some(
                    Jigsaw::new(shape, region_of, labels)
                        .map_err(|e| self.bad("grid", 0, &e.to_string()))?,
                );
            }
        }
        if self.flag("diagonal+") && self.flag("diagonal-") {
            spec.globals = spec.globals.with(GlobalRule::Diagonal);
        } else if self.flag("diagonal+") || self.flag("diagonal-") {
            // One diagonal alone: an extra region of its N cells.
            let cells: Vec<Cell> = if self.flag("diagonal-") {
                (0..n).filter_map(|i| shape.cell(i, i)).collect()
            } else {
                (0..n).filter_map(|i| shape.cell(n - 1 - i, i)).collect()
            };
            spec.extra_regions.push(cells);
        }
        let negative: Vec<&str> = self
            .entries("negative")?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        for rule in GlobalRule::ALL {
            let on = match rule.row().fpuzzles {
                FpuzzlesForm::Flag(field) => self.flag(field),
                FpuzzlesForm::Negative(name) => negative.contains(&name),
                // Read above (diagonals), as extra regions (windows), or not at all.
                FpuzzlesForm::BothDiagonals | FpuzzlesForm::ExtraRegions | FpuzzlesForm::None => {
                    false
                }
            };
            if on {
                spec.globals = spec.globals.with(rule);
            }
        }
        let known = |name: &&str| {
            GlobalRule::ALL
                .iter()
                .any(|rule| matches!(rule.row().fpuzzles, FpuzzlesForm::Negative(n) if n == *name))
        };
        if let Some(unknown) = negative.iter().find(|name| !known(name)) {
            return Err(FpuzzlesError::Unsupported {
                names: vec![format!("negative {unknown:?}")],
            });
        }
        Ok((spec, text, warnings))
    }

    /// The cells of one entry of `field` (its `cells`), for fields read here.
    fn cells(
        &self,
        field: &str,
        entry: usize,
        value: Option<&Value>,
    ) -> Result<Vec<Cell>, FpuzzlesError> {
        let cells = match value {
            Some(value) => cell_list(value),
            None => Err(RecordError::why("needs `cells`")),
        };
        cells.map_err(|error| self.bad(field, entry, &json_why(error)))
    }

    /// The extra regions: N cells make a region; fewer, cells that differ (a cage without a
    /// total, among the constraints `out`).
    fn extra_regions(
        &self,
        shape: Shape,
        spec: &mut RulesSpec,
        out: &mut Vec<VariantConstraint>,
    ) -> Result<(), FpuzzlesError> {
        for (i, value) in self.entries("extraregion")?.iter().enumerate() {
            let cells = self.cells("extraregion", i + 1, value.get("cells"))?;
            if cells.len() == shape.size() {
                spec.extra_regions.push(cells);
            } else {
                out.push(Cage::new(cells, None).into());
            }
        }
        Ok(())
    }

    fn constraints(&self, shape: Shape, mut spec: RulesSpec) -> Result<RulesSpec, FpuzzlesError> {
        let mut out: Vec<VariantConstraint> = Vec::new();
        for family in families() {
            if family.fpuzzles.contains(&EXTRA_REGIONS_BEFORE) {
                self.extra_regions(shape, &mut spec, &mut out)?;
            }
            for &field in family.fpuzzles {
                for (i, value) in self.entries(field)?.iter().enumerate() {
                    let entry = i + 1;
                    let mut fields = JsonFields {
                        value,
                        read: Vec::new(),
                    };
                    let read = (family.read)(&mut Record::new(
                        RecordFormat::Fpuzzles,
                        field,
                        Some(shape),
                        &mut fields,
                    ));
                    // The same rule twice (a typed renban and the cosmetic line f-puzzles
                    // draws over it, read as one too) is one rule.
                    for constraint in
                        read.map_err(|error| self.bad(field, entry, &json_why(error)))?
                    {
                        if !out.contains(&constraint) {
                            out.push(constraint);
                        }
                    }
                    // A field that states something unread would be a rule left out.
                    if let Some(key) = fields.unread() {
                        return Err(FpuzzlesError::Unsupported {
                            names: vec![format!("{field:?} entry {entry}'s field {key:?}")],
                        });
                    }
                }
            }
        }
        out.append(&mut spec.constraints);
        spec.constraints = out;
        Ok(spec)
    }
}

/// The message of an entry's error.
fn json_why(error: RecordError) -> String {
    match error {
        RecordError::Cell(name) => format!("{name} is not a cell (R1C1 … R64C64)"),
        other @ RecordError::OutOfRange { .. } => other.to_string(),
        RecordError::Why(why) => why,
    }
}

/// One entry of a constraint field: a JSON object.
struct JsonFields<'a> {
    value: &'a Value,
    /// The keys its family has read.
    read: Vec<String>,
}

impl<'a> JsonFields<'a> {
    /// The value under `key`, marked read; a `null` counts as absent.
    fn get(&mut self, key: &str) -> Option<&'a Value> {
        self.read.push(key.to_string());
        self.value.get(key).filter(|value| !value.is_null())
    }

    /// The first field of the entry that states something its family did not read and
    /// that does not only draw.
    fn unread(&self) -> Option<&'a str> {
        let object = self.value.as_object()?;
        object
            .iter()
            .find(|(key, value)| {
                !self.read.contains(key)
                    && !ENTRY_DRAWING_FIELDS.contains(&key.as_str())
                    && !is_empty(value)
            })
            .map(|(key, _)| key.as_str())
    }
}

/// A list of cell names, or one name.
fn cell_list(value: &Value) -> Result<Vec<Cell>, RecordError> {
    let one = |value: &Value| {
        value
            .as_str()
            .and_then(|name| name.parse().ok())
            .ok_or_else(|| RecordError::Cell(value.to_string()))
    };
    match value {
        Value::Array(list) => list.iter().map(one).collect(),
        Value::String(_) => Ok(vec![one(value)?]),
        _ => Err(RecordError::why(format!("{value} is not a list of cells"))),
    }
}

/// A JSON number or numeric string as a whole number that fits a `u32`; `None` for a blank
/// string.
fn json_number(key: &str, value: &Value) -> Result<Option<u32>, RecordError> {
    let not = || RecordError::why(format!("{value} is not a whole number"));
    let whole = |digits: &str| {
        if let Ok(n) = digits.parse::<u32>() {
            Ok(Some(n))
        } else if digits.parse::<i128>().is_ok() {
            Err(RecordError::OutOfRange {
                key: key.to_string(),
                value: digits.to_string(),
            })
        } else {
            Err(not())
        }
    };
    match value {
        Value::Number(n) if n.is_f64() => Err(not()),
        Value::Number(n) => whole(&n.to_string()),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => whole(s.trim()),
        _ => Err(not()),
    }
}

impl Fields for JsonFields<'_> {
    fn cells(&mut self, key: &str) -> Result<Option<Vec<Cell>>, RecordError> {
        self.get(key).map(cell_list).transpose()
    }

    fn lines(&mut self, key: &str) -> Result<Option<Vec<Vec<Cell>>>, RecordError> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        let lines = value
            .as_array()
            .ok_or_else(|| RecordError::why(format!("`{key}` is not a list of lines")))?;
        lines
            .iter()
            .map(cell_list)
            .collect::<Result<_, _>>()
            .map(Some)
    }

    fn position(&mut self, key: &str) -> Result<Option<(usize, usize)>, RecordError> {
        self.get(key)
            .map(|value| {
                value
                    .as_str()
                    .and_then(Cell::numbers)
                    .ok_or_else(|| RecordError::Cell(value.to_string()))
            })
            .transpose()
    }

    fn number(&mut self, key: &str) -> Result<Option<u32>, RecordError> {
        Ok(self
            .get(key)
            .map(|value| json_number(key, value))
            .transpose()?
            .flatten())
    }

    fn numbers(&mut self, key: &str) -> Result<Option<Vec<u32>>, RecordError> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        let bad = || RecordError::why(format!("`{key}` holds values that are not digits"));
        value
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|v| json_number(key, v).ok().flatten().ok_or_else(bad))
            .collect::<Result<_, _>>()
            .map(Some)
    }

    fn text(&mut self, key: &str) -> Result<Option<String>, RecordError> {
        Ok(self.get(key).and_then(Value::as_str).map(str::to_string))
    }

    fn texts(&mut self, key: &str) -> Result<Option<Vec<String>>, RecordError> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        let texts = match value.as_array() {
            Some(list) => list
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect(),
            None => value.as_str().map(|text| vec![text.to_string()]),
        };
        texts
            .map(Some)
            .ok_or_else(|| RecordError::why(format!("`{key}` is not a text or a list of texts")))
    }

    fn flag(&mut self, key: &str) -> Result<Option<bool>, RecordError> {
        self.get(key)
            .map(|value| {
                value
                    .as_bool()
                    .ok_or_else(|| RecordError::why(format!("`{key}` is not true or false")))
            })
            .transpose()
    }

    fn skip(&mut self, key: &str) {
        self.read.push(key.to_string());
    }
}

/// The label of region `k` in messages: `A`, `B` … then `a` … then digits.
fn region_label(k: usize) -> char {
    const LABELS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+*";
    LABELS.chars().nth(k).unwrap_or('?')
}

/// The cells of a JSON list of f-puzzles cell names, as satdoku names them (`r1c2`); names
/// that are not cells as written.
fn cell_names(value: &Value) -> Vec<String> {
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(|name| {
            name.parse::<Cell>()
                .map_or_else(|_| name.to_string(), |cell| cell.to_string())
        })
        .collect()
}
