//! f-puzzles exports (JSON) and share links (`?load=` + lz-string base64 of that JSON), read into a puzzle file's rules and givens.
//!
//! Every constraint field with entries must be one satdoku understands: an unknown one is
//! an error naming it, since a puzzle checked without one of its rules gets a wrong
//! verdict. Cosmetic fields (text, lines, circles, rectangles, cosmetic cages, colours,
//! pencil marks, the solution) are ignored.

use serde_json::{Map, Value};

use super::puzzle_file::{PuzzleFile, PuzzleText};
use crate::constraint::{
    Arrow, Between, Cage, CloneCells, Dot, DotColour, Extremum, ExtremumKind, LittleKiller,
    Negative, NegativeKind, Palindrome, Parity, ParityKind, Quadruple, Renban, Sandwich,
    Thermometer, VariantConstraint, Whispers, Xv, XvLetter,
};
use crate::grid::{BoxShape, Cell, House, Shape};
use crate::rules::{GlobalRule, Jigsaw, RulesSpec};

/// Fields that only draw: read and ignored.
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
    "cage",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "onlyUseSolutionForPencilmarks",
];

/// The constraint fields read (a field with entries outside both lists is an error): the
/// rules' fields, then [`CONSTRAINT_ENTRY_FIELDS`].
pub const CONSTRAINT_FIELDS: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "thermometer",
    "arrow",
    "palindrome",
    "betweenline",
    "renban",
    "whispers",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "minimum",
    "maximum",
    "extraregion",
    "quadruple",
    "clone",
];

/// The constraint fields with one entry per constraint (cages, lines, dots …), the tail of
/// [`CONSTRAINT_FIELDS`] after the seven fields of the rules (diagonals, anti-knight,
/// anti-king, disjoint groups, non-consecutive, negative).
pub const CONSTRAINT_ENTRY_FIELDS: &[&str] = CONSTRAINT_FIELDS.split_at(7).1;

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
    #[error("unsupported f-puzzles constraints: {} (satdoku reads {})", names.join(", "), CONSTRAINT_FIELDS.join(", "))]
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
fn percent_decode(text: &str) -> String {
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
    let value: Value = serde_json::from_str(json.trim_start_matches('\u{feff}')).map_err(|e| {
        FpuzzlesError::Json {
            message: e.to_string(),
        }
    })?;
    let Value::Object(fields) = value else {
        return Err(FpuzzlesError::Json {
            message: "the top level is not an object".into(),
        });
    };
    let unsupported: Vec<String> = fields
        .iter()
        .filter(|(name, value)| {
            !COSMETIC_FIELDS.contains(&name.as_str())
                && !CONSTRAINT_FIELDS.contains(&name.as_str())
                && !is_empty(value)
        })
        .map(|(name, _)| name.clone())
        .collect();
    if !unsupported.is_empty() {
        return Err(FpuzzlesError::Unsupported { names: unsupported });
    }
    let reader = Reader { fields: &fields };
    let size = fields
        .get("size")
        .and_then(Value::as_u64)
        .ok_or_else(|| reader.bad("size", 0, "missing, or not a number"))?;
    let shape = Shape::from_size(size as usize).ok_or_else(|| {
        reader.bad(
            "size",
            0,
            &format!("{size}: satdoku reads grids from 4×4 to 64×64"),
        )
    })?;
    let (spec, text) = reader.grid(shape)?;
    let spec = reader.constraints(shape, spec)?;
    Ok(PuzzleFile {
        spec,
        puzzles: vec![PuzzleText { line: 1, text }],
    })
}

/// Whether a field says nothing: false, null, an empty list or object.
fn is_empty(value: &Value) -> bool {
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

    /// The regions and givens: boxes unless some cell names another region.
    fn grid(&self, shape: Shape) -> Result<(RulesSpec, String), FpuzzlesError> {
        let n = shape.size();
        let rows = self
            .fields
            .get("grid")
            .and_then(Value::as_array)
            .filter(|rows| rows.len() == n)
            .ok_or_else(|| self.bad("grid", 0, &format!("it needs {n} rows")))?;
        let boxes = BoxShape::default_for(shape);
        let mut region_of = Vec::with_capacity(shape.cell_count());
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
                    Some(Value::Null) | None => match boxes {
                        Some(boxes) => boxes.box_of(at) as u8,
                        None => {
                            return Err(self.bad(
                                "grid",
                                r + 1,
                                &format!("{at} has no region, and a {shape} grid has no boxes"),
                            ));
                        }
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
                let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
                let value = cell.get("value").and_then(Value::as_u64).filter(|_| given);
                if let Some(v) = value.filter(|&v| v == 0 || v as usize > n) {
                    return Err(self.bad(
                        "grid",
                        r + 1,
                        &format!("{at}: {v} is not a digit from 1 to {n}"),
                    ));
                }
                if c > 0 {
                    text.push(' ');
                }
                text.push_str(&value.unwrap_or(0).to_string());
            }
            text.push('\n');
        }
        let mut spec = RulesSpec::default();
        let is_boxes = boxes.is_some_and(|b| {
            shape
                .cells()
                .all(|cell| region_of[shape.index(cell)] as usize == b.box_of(cell))
        });
        if custom && !is_boxes {
            let labels: Vec<char> = (0..n).map(region_label).collect();
            spec.jigsaw = Some(
                Jigsaw::new(shape, region_of, labels)
                    .map_err(|e| self.bad("grid", 0, &e.to_string()))?,
            );
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
        for rule in GlobalRule::ALL {
            if rule.fpuzzles_field().is_some_and(|field| self.flag(field)) {
                spec.globals = spec.globals.with(rule);
            }
        }
        Ok((spec, text))
    }

    /// The 1-based row and column of a position named `R3C7` (0 and N+1 lie outside the
    /// grid, where clues go).
    fn position(
        &self,
        field: &str,
        entry: usize,
        value: &Value,
    ) -> Result<(usize, usize), FpuzzlesError> {
        value.as_str().and_then(Cell::numbers).ok_or_else(|| {
            self.bad(
                field,
                entry,
                &format!("{value} is not a cell (R1C1 … R64C64)"),
            )
        })
    }

    /// A cell named `R3C7`.
    fn cell(&self, field: &str, entry: usize, value: &Value) -> Result<Cell, FpuzzlesError> {
        value
            .as_str()
            .and_then(|name| name.parse().ok())
            .ok_or_else(|| {
                self.bad(
                    field,
                    entry,
                    &format!("{value} is not a cell (R1C1 … R64C64)"),
                )
            })
    }

    fn cells(
        &self,
        field: &str,
        entry: usize,
        value: Option<&Value>,
    ) -> Result<Vec<Cell>, FpuzzlesError> {
        value
            .and_then(Value::as_array)
            .ok_or_else(|| self.bad(field, entry, "no cell list"))?
            .iter()
            .map(|v| self.cell(field, entry, v))
            .collect()
    }

    /// The lines of an entry (`lines`: lists of cells).
    fn lines(
        &self,
        field: &str,
        entry: usize,
        value: &Value,
    ) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
        value
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| self.bad(field, entry, "no lines"))?
            .iter()
            .map(|line| self.cells(field, entry, Some(line)))
            .collect()
    }

    /// A number written as a string or a number; `None` when absent or blank.
    fn number(
        &self,
        field: &str,
        entry: usize,
        value: &Value,
    ) -> Result<Option<u32>, FpuzzlesError> {
        match value.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n
                .as_u64()
                .map(|n| Some(n as u32))
                .ok_or_else(|| self.bad(field, entry, &format!("{n} is not a whole number"))),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => s
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| self.bad(field, entry, &format!("{s:?} is not a whole number"))),
            Some(other) => Err(self.bad(field, entry, &format!("{other} is not a number"))),
        }
    }

    fn constraints(&self, shape: Shape, mut spec: RulesSpec) -> Result<RulesSpec, FpuzzlesError> {
        let mut out: Vec<VariantConstraint> = Vec::new();
        for &field in CONSTRAINT_ENTRY_FIELDS {
            for (i, value) in self.entries(field)?.iter().enumerate() {
                let entry = i + 1;
                let cells = || self.cells(field, entry, value.get("cells"));
                let one = || self.cell(field, entry, value.get("cell").unwrap_or(&Value::Null));
                let pair = || -> Result<(Cell, Cell), FpuzzlesError> {
                    match cells()?[..] {
                        [a, b] => Ok((a, b)),
                        ref other => {
                            Err(self.bad(field, entry, &format!("{} cells, not 2", other.len())))
                        }
                    }
                };
                match field {
                    "killercage" => {
                        out.push(Cage::new(cells()?, self.number(field, entry, value)?).into())
                    }
                    "littlekillersum" => {
                        // A clue without a total says nothing.
                        if let Some(sum) = self.number(field, entry, value)? {
                            out.push(LittleKiller::new(cells()?, sum).into());
                        }
                    }
                    "sandwichsum" => {
                        let Some(sum) = self.number(field, entry, value)? else {
                            continue;
                        };
                        let clue =
                            self.position(field, entry, value.get("cell").unwrap_or(&Value::Null))?;
                        let n = shape.size();
                        let line = match clue {
                            (r, c) if (r == 0 || r == n + 1) && (1..=n).contains(&c) => {
                                House::Column((c - 1) as u8)
                            }
                            (r, c) if (c == 0 || c == n + 1) && (1..=n).contains(&r) => {
                                House::Row((r - 1) as u8)
                            }
                            _ => {
                                return Err(self.bad(
                                    field,
                                    entry,
                                    "the clue is not just outside the grid beside a row or column",
                                ));
                            }
                        };
                        out.push(Sandwich::new(line, sum).into());
                    }
                    "thermometer" => {
                        for line in self.lines(field, entry, value)? {
                            out.push(Thermometer::new(line).into());
                        }
                    }
                    "arrow" => {
                        let circle = cells()?;
                        for line in self.lines(field, entry, value)? {
                            let shaft: Vec<Cell> =
                                line.into_iter().filter(|c| !circle.contains(c)).collect();
                            let mut circle = circle.clone();
                            circle.sort();
                            out.push(Arrow::new(circle, shaft).into());
                        }
                    }
                    "palindrome" | "betweenline" | "renban" | "whispers" => {
                        for line in self.lines(field, entry, value)? {
                            out.push(match field {
                                "palindrome" => Palindrome::new(line).into(),
                                "betweenline" => Between::new(line).into(),
                                "renban" => Renban::new(line).into(),
                                _ => Whispers::new(line, None).into(),
                            });
                        }
                    }
                    "difference" | "ratio" => {
                        let (a, b) = pair()?;
                        let amount = self.number(field, entry, value)?;
                        let colour = if field == "difference" {
                            DotColour::White(amount.unwrap_or(1))
                        } else {
                            DotColour::Black(amount.unwrap_or(2))
                        };
                        out.push(Dot::new(a, b, colour).into());
                    }
                    "xv" => {
                        let (a, b) = pair()?;
                        let letter = match value.get("value").and_then(Value::as_str) {
                            Some("X") | Some("x") => XvLetter::X,
                            Some("V") | Some("v") => XvLetter::V,
                            other => {
                                return Err(self.bad(
                                    field,
                                    entry,
                                    &format!("{other:?} is not X or V"),
                                ));
                            }
                        };
                        out.push(Xv::new(a, b, letter).into());
                    }
                    "odd" => out.push(Parity::new(one()?, ParityKind::Odd).into()),
                    "even" => out.push(Parity::new(one()?, ParityKind::Even).into()),
                    "minimum" => out.push(Extremum::new(one()?, ExtremumKind::Minimum).into()),
                    "maximum" => out.push(Extremum::new(one()?, ExtremumKind::Maximum).into()),
                    "extraregion" => {
                        let cells = cells()?;
                        if cells.len() == shape.size() {
                            spec.extra_regions.push(cells);
                        } else {
                            // Fewer cells than digits: they differ, like a cage without a total.
                            out.push(Cage::new(cells, None).into());
                        }
                    }
                    "quadruple" => {
                        let digits = value
                            .get("values")
                            .and_then(Value::as_array)
                            .ok_or_else(|| self.bad(field, entry, "no values"))?
                            .iter()
                            .map(|v| {
                                v.as_u64()
                                    .map(|v| v as u32)
                                    .or_else(|| v.as_str()?.trim().parse().ok())
                            })
                            .collect::<Option<Vec<u32>>>()
                            .ok_or_else(|| self.bad(field, entry, "values are not digits"))?;
                        out.push(Quadruple::new(cells()?, digits).into());
                    }
                    // "clone", the last field of the list.
                    _ => {
                        let copies = self.cells(field, entry, value.get("cloneCells"))?;
                        out.push(CloneCells::new(cells()?, copies).into());
                    }
                }
            }
        }
        let negative: Vec<&str> = self
            .entries("negative")?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        if let Some(unknown) = negative
            .iter()
            .find(|n| !["ratio", "difference", "xv"].contains(n))
        {
            return Err(FpuzzlesError::Unsupported {
                names: vec![format!("negative {unknown:?}")],
            });
        }
        for (name, kind) in [
            ("difference", NegativeKind::Difference),
            ("ratio", NegativeKind::Ratio),
            ("xv", NegativeKind::Xv),
        ] {
            if negative.contains(&name) {
                out.push(Negative::new(kind).into());
            }
        }
        if self.flag("nonconsecutive") {
            out.push(Negative::new(NegativeKind::NonConsecutive).into());
        }
        spec.constraints = out;
        Ok(spec)
    }
}

/// The label of region `k` in messages: `A`, `B` … then `a` … then digits.
fn region_label(k: usize) -> char {
    const LABELS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+*";
    LABELS.chars().nth(k).unwrap_or('?')
}
