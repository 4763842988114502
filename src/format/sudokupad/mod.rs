//! SudokuPad's links and puzzle data: links that carry the puzzle (`fpuzzles…`, `scl…`, `ctc…`, `classic…`) read, short links (a puzzle kept on SudokuPad's server) refused with the way round, and of SudokuPad's own data what is unambiguous (grid, givens, regions, killer cages with totals) — any other element refused by name.
//!
//! The format as SudokuPad's own loader reads it (its `puzzleloader.js` and `PuzzleZipper`,
//! read in SudokuPad/sudokutools and marktekfan/sudokupad-penpa-import): a link's puzzle id
//! is its `puzzleid=` parameter or its path after `/` or `/sudoku/`; an id starting with
//! `fpuzzles` or `fpuz` is lz-string (base64) f-puzzles JSON, one starting with `scl` or
//! `ctc` lz-string SudokuPad JSON, plain or "zipped" (quotes dropped, keys shortened, empty
//! cells elided), one starting with `classic` a classic sudoku's givens (see `classic`); `scf`
//! (classic sudoku with constraints) is refused by name; any other id names a puzzle on SudokuPad's server. The JSON's `cells` are
//! rows of cells (a `value` is a given), `regions` lists of `[row, column]`, `cages` killer
//! cages when marked `unique` (their `sum`, or a numeric `value`, the total), or, without
//! cells, the puzzle's title, author and rules. Lines, arrows, underlays and overlays are
//! drawings whose meaning only the rules' text gives: read as rules where their shapes
//! and the rules' words agree (see `drawings`), else named unread.

use serde_json::{Map, Value, json};

use super::drawings::Settled;
use super::fpuzzles::{FpuzzlesError, fpuzzles_link_json, is_empty, parse_fpuzzles_settled};
use super::puzzle_file::PuzzleFile;
use crate::rules::{FpuzzlesForm, GlobalRule};

mod classic;
mod unzip;

use unzip::unzip;

/// Why SudokuPad data cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SudokuPadError {
    /// A short link: the puzzle is kept on SudokuPad's server.
    #[error(
        "{link} is a SudokuPad short link: the puzzle ({id}) is kept on SudokuPad's server, and satdoku does not go online. \
         Save its data with `curl -s https://sudokupad.app/api/puzzle/{id} > puzzle.scl` and give satdoku puzzle.scl, \
         or open the puzzle in f-puzzles and give its share link"
    )]
    ShortLink {
        /// The link as given.
        link: String,
        /// The puzzle's id on the server.
        id: String,
    },
    /// Data in a format satdoku does not read (SudokuPad's compact classic `scf`).
    #[error(
        "SudokuPad data in its {format} format is not read (satdoku reads fpuzzles, scl and ctc data)"
    )]
    Format {
        /// The format's prefix.
        format: String,
    },
    /// The data does not decompress or is not JSON.
    #[error("SudokuPad data that does not read: {why}")]
    Data {
        /// What went wrong.
        why: String,
    },
    /// Elements satdoku cannot take as rules: checking without them would be wrong.
    #[error(
        "SudokuPad elements satdoku cannot read as rules: {} (SudokuPad stores drawings whose meaning only the rules' text gives; \
         its f-puzzles export names the constraints)",
        names.join(", ")
    )]
    Unsupported {
        /// The elements, by name.
        names: Vec<String>,
    },
    /// An element holds something unexpected.
    #[error("SudokuPad {element}: {why}")]
    Element {
        /// The element (`cells row 3`, `cage 2`, `regions`).
        element: String,
        /// What is wrong.
        why: String,
    },
    /// The f-puzzles data of an `fpuzzles` link does not hold.
    #[error(transparent)]
    Fpuzzles(#[from] FpuzzlesError),
    /// SudokuPad's own data, read as the f-puzzles puzzle it states, does not hold (a given
    /// out of range, a region of the wrong size …).
    #[error("SudokuPad data, read as f-puzzles reads the same puzzle: {0}")]
    Converted(FpuzzlesError),
}

/// Whether `link` is a SudokuPad link (sudokupad.app, any of its subdomains, or the
/// Cracking the Cryptic app).
pub fn is_sudokupad_link(link: &str) -> bool {
    host(link).is_some_and(|host| {
        host == "sudokupad.app"
            || host.ends_with(".sudokupad.app")
            || host == "app.crackingthecryptic.com"
            || host == "sudokupad.svencodes.com"
    })
}

/// The host of a link, lower case.
fn host(link: &str) -> Option<String> {
    let rest = link
        .trim()
        .strip_prefix("https://")
        .or_else(|| link.trim().strip_prefix("http://"))?;
    let host = rest.split(['/', '?', '#']).next()?;
    Some(host.to_ascii_lowercase())
}

/// Reads the puzzle a SudokuPad link carries.
pub fn parse_sudokupad_link(link: &str) -> Result<PuzzleFile, SudokuPadError> {
    parse_sudokupad_link_settled(link, &Settled::default())
}

/// [`parse_sudokupad_link`], with drawings read as the user settles them (`--read`).
pub fn parse_sudokupad_link_settled(
    link: &str,
    settled: &Settled,
) -> Result<PuzzleFile, SudokuPadError> {
    let link = link.trim();
    let id = puzzle_id(link);
    if id.is_empty() {
        return Err(SudokuPadError::Data {
            why: format!("{link} names no puzzle"),
        });
    }
    if prefix(&id).is_none() {
        return Err(SudokuPadError::ShortLink {
            link: link.to_string(),
            id,
        });
    }
    parse_sudokupad_settled(&id, settled)
}

/// The puzzle id of a SudokuPad link: its `puzzleid=` parameter, or its path after `/` or
/// `/sudoku/` (up to a query), percent-decoding kept only when it shortens the id (as
/// SudokuPad does).
fn puzzle_id(link: &str) -> String {
    let raw = if let Some((_, rest)) = link.split_once("puzzleid=") {
        rest.split('&').next().unwrap_or_default()
    } else {
        let rest = link.split_once("://").map_or(link, |(_, rest)| rest);
        let path = rest.split_once('/').map_or("", |(_, path)| path);
        let path = path.split(['?', '#']).next().unwrap_or_default();
        path.strip_prefix("sudoku.html")
            .or_else(|| path.strip_prefix("sudoku/"))
            .unwrap_or(path)
            .trim_start_matches('/')
    };
    let decoded = super::fpuzzles::percent_decode(raw);
    if decoded.len() < raw.len() {
        decoded
    } else {
        raw.to_string()
    }
}

/// The data's format prefix and the rest (longest prefixes first, as SudokuPad tries them).
fn prefix(data: &str) -> Option<(&'static str, &str)> {
    ["fpuzzles", "fpuz", "scl", "ctc", "scf", "classic"]
        .into_iter()
        .find_map(|p| data.strip_prefix(p).map(|rest| (p, rest)))
}

/// Reads SudokuPad puzzle data: `fpuzzles…`, `scl…` or `ctc…` (what a link carries and
/// SudokuPad's server returns for a short link), or SudokuPad's JSON itself (plain or
/// zipped) — or an f-puzzles export, told from SudokuPad's JSON by its content, so that a
/// puzzle's data is read whatever its file is called.
pub fn parse_sudokupad(data: &str) -> Result<PuzzleFile, SudokuPadError> {
    parse_sudokupad_settled(data, &Settled::default())
}

/// [`parse_sudokupad`], with drawings read as the user settles them (`--read`).
pub fn parse_sudokupad_settled(
    data: &str,
    settled: &Settled,
) -> Result<PuzzleFile, SudokuPadError> {
    let data = data.trim().trim_start_matches('\u{feff}');
    let json = match prefix(data) {
        Some(("fpuzzles" | "fpuz", rest)) => {
            // f-puzzles data opened in SudokuPad: read as f-puzzles reads it, with the
            // rules only its words state taken as SudokuPad takes them.
            let json = fpuzzles_link_json(&format!("fpuzzles{rest}"))?;
            let Ok(Value::Object(mut fp)) = serde_json::from_str::<Value>(&json) else {
                return Ok(parse_fpuzzles_settled(&json, settled)?);
            };
            let rules_text: Vec<String> = fp
                .get("ruleset")
                .and_then(Value::as_str)
                .map(|text| vec![text.to_string()])
                .unwrap_or_default();
            let given: Vec<String> = fp.keys().cloned().collect();
            let stated = adopt_stated(&mut fp, &rules_text, &|field| {
                given.iter().any(|key| key == field)
            });
            let mut file = parse_fpuzzles_settled(&Value::Object(fp).to_string(), settled)?;
            file.readings.extend(stated);
            return Ok(file);
        }
        Some(("scl" | "ctc", rest)) => decompress(rest)?,
        Some(("classic", rest)) => {
            let zipped = super::fpuzzles::percent_decode(rest);
            let bad = |why: String| SudokuPadError::Data { why };
            let givens = classic::unzip(&zipped).ok_or_else(|| {
                bad(format!(
                    "classic sudoku {zipped:?} holds symbols SudokuPad's classic format has not"
                ))
            })?;
            let cells = givens.len();
            let n = (cells as f64).sqrt() as usize;
            if n * n != cells || !(4..=9).contains(&n) {
                return Err(bad(format!(
                    "classic sudoku of {cells} cells: not a grid from 4×4 to 9×9"
                )));
            }
            return Ok(PuzzleFile {
                puzzles: vec![super::PuzzleText {
                    line: 1,
                    text: givens,
                }],
                ..PuzzleFile::default()
            });
        }
        Some((format, _)) => {
            return Err(SudokuPadError::Format {
                format: format.to_string(),
            });
        }
        None if data.starts_with('{') => data.to_string(),
        None => {
            return Err(SudokuPadError::Data {
                why: "it starts with no known prefix (fpuzzles, scl, ctc) and is not JSON".into(),
            });
        }
    };
    let value = match serde_json::from_str::<Value>(&json) {
        Ok(value) => value,
        Err(_) => unzip(&json)?,
    };
    // An f-puzzles export (a `grid` of a `size`), whatever its file's name.
    if value.get("grid").is_some() && value.get("size").is_some() && value.get("cells").is_none() {
        return Ok(parse_fpuzzles_settled(&json, settled)?);
    }
    read_scl(&value, settled)
}

/// lz-string's base64 decompression of `data`.
fn decompress(data: &str) -> Result<String, SudokuPadError> {
    let data = super::fpuzzles::percent_decode(data);
    lz_str::decompress_from_base64(&data)
        .and_then(|units| String::from_utf16(&units).ok())
        .filter(|json| !json.is_empty())
        .ok_or_else(|| SudokuPadError::Data {
            why: "it does not decompress (is the link cut short?)".into(),
        })
}

/// Keys of SudokuPad's JSON that say nothing about the rules.
const IGNORED: &[&str] = &[
    "id", "cellSize", "videos", "settings", "metadata", "metaData",
];

/// Metadata that says nothing about the rules (SudokuPad's own keys for what it shows).
const HARMLESS_METADATA: &[&str] = &[
    "source",
    "solution",
    "msgcorrect",
    "msgincorrect",
    "msgpartial",
    "msgvalid",
    "msginvalid",
    "msgunknown",
    "bgimage",
    "bgimageopacity",
    "bgimagetarget",
    "customstyle",
    "description",
    "foglight",
    "nextpuzzle",
    "giftmessage",
];

/// Turns `rule` on in f-puzzles data `fp` as f-puzzles writes it (a flag, an entry of
/// `negative`): whether it was off before.
fn turn_on(fp: &mut Map<String, Value>, rule: GlobalRule) -> bool {
    match rule.row().fpuzzles {
        FpuzzlesForm::Flag(field) => fp.insert(field.into(), json!(true)).is_none(),
        FpuzzlesForm::Negative(name) => {
            let list = fp.entry("negative").or_insert_with(|| json!([]));
            match list.as_array_mut() {
                Some(list) if !list.iter().any(|v| v == name) => {
                    list.push(json!(name));
                    true
                }
                _ => false,
            }
        }
        FpuzzlesForm::BothDiagonals | FpuzzlesForm::ExtraRegions | FpuzzlesForm::None => false,
    }
}

/// The rules' text of SudokuPad's JSON: cages without cells valued `rules: …`, and
/// `metadata.rules` (a text or a list of texts).
fn rules_text(fields: &Map<String, Value>) -> Vec<String> {
    let mut texts = Vec::new();
    for cage in fields
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let no_cells = cage
            .get("cells")
            .is_none_or(|c| c.as_array().is_none_or(Vec::is_empty));
        if let (true, Some(text)) = (no_cells, cage.get("value").and_then(Value::as_str))
            && let Some(rules) = text.trim_start().strip_prefix("rules:")
        {
            texts.push(rules.trim().to_string());
        }
    }
    let metadata = fields
        .get("metadata")
        .or_else(|| fields.get("metaData"))
        .and_then(Value::as_object);
    match metadata.and_then(|m| m.get("rules")) {
        Some(Value::String(text)) => texts.push(text.trim().to_string()),
        Some(Value::Array(list)) => texts.extend(
            list.iter()
                .filter_map(Value::as_str)
                .map(|t| t.trim().to_string()),
        ),
        _ => {}
    }
    texts.retain(|t| !t.is_empty());
    texts.dedup();
    texts
}

/// The rules SudokuPad data may turn on by a metadata flag, named as its `global` entry.
const METADATA_RULES: [GlobalRule; 2] = [GlobalRule::AntiKnight, GlobalRule::AntiKing];

/// SudokuPad's JSON as f-puzzles JSON, read by the f-puzzles reader (which checks sizes,
/// regions, givens and cages as for any f-puzzles file).
fn read_scl(value: &Value, settled: &Settled) -> Result<PuzzleFile, SudokuPadError> {
    let Value::Object(fields) = value else {
        return Err(SudokuPadError::Data {
            why: "the top level is not an object".into(),
        });
    };
    let mut unsupported: Vec<String> = fields
        .iter()
        .filter(|(key, value)| {
            !IGNORED.contains(&key.as_str())
                && !matches!(
                    key.as_str(),
                    "cells"
                        | "regions"
                        | "cages"
                        | "lines"
                        | "arrows"
                        | "underlays"
                        | "overlays"
                        | "global"
                )
                && !is_empty(value)
        })
        .map(|(key, _)| key.clone())
        .collect();
    let element = |element: &str, why: &str| SudokuPadError::Element {
        element: element.to_string(),
        why: why.to_string(),
    };
    let rules_text = rules_text(fields);
    let mentions: Vec<_> = rules_text
        .iter()
        .flat_map(|text| super::rules_text::mentions(text))
        .collect();
    let scene = super::drawings::Scene::read(fields).map_err(|why| SudokuPadError::Element {
        element: why.split(':').next().unwrap_or_default().to_string(),
        why: why
            .split_once(": ")
            .map_or(why.clone(), |(_, why)| why.to_string()),
    })?;
    let killer_words = mentions.iter().any(|m| m.topics.contains(&"killer cage"));
    let rows = fields
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| element("cells", "missing, or not a list of rows"))?;
    let n = rows.len();
    let mut grid = Vec::with_capacity(n);
    let mut marked: Vec<String> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
            element(
                &format!("cells row {}", r + 1),
                &format!("not a row of {n} cells (the grid must be square)"),
            )
        })?;
        let mut cells = Vec::with_capacity(n);
        for (c, cell) in row.iter().enumerate() {
            if !cell.is_object() && !cell.is_null() {
                return Err(element(
                    &format!("cell r{}c{}", r + 1, c + 1),
                    &format!("{cell} is not a cell"),
                ));
            }
            let given = match cell.get("value") {
                None | Some(Value::Null) => None,
                Some(Value::Number(v)) => Some(v.as_u64().ok_or_else(|| {
                    element(
                        &format!("cell r{}c{}", r + 1, c + 1),
                        &format!("value {v} is not a digit"),
                    )
                })?),
                Some(Value::String(v)) if v.trim().is_empty() => None,
                Some(Value::String(v)) => Some(v.trim().parse::<u64>().map_err(|_| {
                    element(
                        &format!("cell r{}c{}", r + 1, c + 1),
                        &format!("value {v:?} is not a digit"),
                    )
                })?),
                Some(other) => {
                    return Err(element(
                        &format!("cell r{}c{}", r + 1, c + 1),
                        &format!("value {other} is not a digit"),
                    ));
                }
            };
            // Given pencil marks: a setter's hint, or a restriction, as the words say; not
            // read as rules, and named.
            for key in ["pencilMarks", "centremarks"] {
                if cell.get(key).is_some_and(|marks| !is_empty(marks)) {
                    marked.push(format!("r{}c{}", r + 1, c + 1));
                    break;
                }
            }
            cells.push(match given {
                Some(v) => json!({"value": v, "given": true}),
                None => json!({}),
            });
        }
        grid.push(cells);
    }
    let at = |pair: &Value, what: &str| -> Result<(usize, usize), SudokuPadError> {
        let rc = pair.as_array().filter(|p| p.len() == 2);
        let number = |i: usize| rc.and_then(|p| p[i].as_u64()).map(|v| v as usize);
        match (number(0), number(1)) {
            (Some(r), Some(c)) if r < n && c < n => Ok((r, c)),
            _ => Err(element(
                what,
                &format!("{pair} is not a cell of the {n}×{n} grid"),
            )),
        }
    };
    let mut no_regions = false;
    // Irregular regions drawn with lines, which SudokuPad checks as hidden cages whose
    // digits differ: N such cages of N cells that tile the grid are its regions.
    let region_cages = hidden_region_cages(fields, n);
    match fields.get("regions") {
        Some(Value::Array(regions)) if !regions.is_empty() => {
            // Checked here, in SudokuPad's terms (regions numbered from 1 in list order),
            // before the f-puzzles reader sees them.
            if regions.len() != n {
                return Err(element(
                    "regions",
                    &format!("{} regions: a {n}×{n} grid needs {n}", regions.len()),
                ));
            }
            let mut region_of = vec![vec![None; n]; n];
            for (k, region) in regions.iter().enumerate() {
                let what = format!("region {}", k + 1);
                let cells = region
                    .as_array()
                    .ok_or_else(|| element(&what, "not a list of cells"))?;
                if cells.len() != n {
                    return Err(element(
                        &what,
                        &format!("{} cells: a region of a {n}×{n} grid has {n}", cells.len()),
                    ));
                }
                for pair in cells {
                    let (r, c) = at(pair, &what)?;
                    if region_of[r][c].replace(k).is_some() {
                        return Err(element(
                            &what,
                            &format!("r{}c{} is in two regions", r + 1, c + 1),
                        ));
                    }
                }
            }
            for (r, row) in region_of.iter().enumerate() {
                for (c, region) in row.iter().enumerate() {
                    let Some(k) = region else {
                        return Err(element(
                            "regions",
                            &format!("r{}c{} is in no region", r + 1, c + 1),
                        ));
                    };
                    grid[r][c]["region"] = json!(k);
                }
            }
        }
        _ if !region_cages.is_empty() => {
            for (k, cells) in region_cages.iter().map(|(_, cells)| cells).enumerate() {
                for &(r, c) in cells {
                    grid[r][c]["region"] = json!(k);
                }
            }
        }
        _ => {
            // No regions: SudokuPad draws no boxes and checks none, only rows and columns
            // (a Latin square): each row is its own region, which adds no rule.
            for (r, row) in grid.iter_mut().enumerate() {
                for cell in row.iter_mut() {
                    cell["region"] = json!(r);
                }
            }
            no_regions = true;
        }
    }
    let mut fp = Map::new();
    fp.insert("size".into(), json!(n));
    fp.insert("grid".into(), json!(grid));
    let mut killer = Vec::new();
    // The killer cages' cells, for the roman numerals the drawings may join them by.
    let mut killer_cells: Vec<Vec<(usize, usize)>> = Vec::new();
    let cages = match fields.get("cages") {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(cages)) => cages.as_slice(),
        Some(_) => return Err(element("cages", "not a list")),
    };
    let mut unread_cages: Vec<String> = Vec::new();
    let mut cage_readings: Vec<String> = Vec::new();
    for (k, cage) in cages.iter().enumerate() {
        let what = format!("cage {}", k + 1);
        if region_cages.iter().any(|(i, _)| *i == k) {
            cage_readings.push(format!(
                "{what}: a hidden cage whose digits differ, one of the {n} that tile the grid: \
                 a region"
            ));
            continue;
        }
        if !cage.is_object() {
            return Err(element(&what, &format!("{cage} is not a cage")));
        }
        let cells = match cage.get("cells") {
            None | Some(Value::Null) => None,
            Some(Value::Array(cells)) if cells.is_empty() => None,
            Some(Value::Array(cells)) => Some(cells),
            Some(other) => return Err(element(&what, &format!("cells {other} is not a list"))),
        };
        let Some(cells) = cells else {
            // A cage without cells holds the puzzle's title, author, rules …
            if let Some((name, text)) = cage
                .get("value")
                .and_then(Value::as_str)
                .and_then(|v| v.split_once(':'))
                && matches!(name.trim(), "title" | "author")
            {
                fp.insert(name.trim().into(), json!(text.trim()));
            }
            continue;
        };
        let style = cage
            .get("style")
            .and_then(Value::as_str)
            .unwrap_or("killer");
        if style != "killer" {
            unsupported.push(format!("{what} of style {style:?}"));
            continue;
        }
        let positions: Vec<(usize, usize)> = cells
            .iter()
            .map(|pair| at(pair, &what))
            .collect::<Result<_, _>>()?;
        let names: Vec<String> = (positions.iter())
            .map(|&(r, c)| super::place::place_name(r + 1, c + 1))
            .collect();
        let text = |key: &str| match cage.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(v)) => Ok(Some(v.to_string())),
            Some(Value::String(v)) if v.trim().is_empty() => Ok(None),
            Some(Value::String(v)) => Ok(Some(v.trim().to_string())),
            Some(other) => Err(element(&what, &format!("{key} {other} is not a total"))),
        };
        let total = match text("sum")? {
            Some(sum) => Some(sum),
            None => text("value")?,
        };
        let cage_name = format!(
            "killer cage {}{}",
            names.join("-").to_lowercase(),
            total
                .as_ref()
                .map(|t| format!(" = {t}"))
                .unwrap_or_default()
        );
        // A multi-sum killer cage as f-puzzles' userscript draws it: its value is `DR` and
        // a digital root (read, and refused when malformed, as f-puzzles' cosmetic cage).
        if let Some(root) = total.as_ref().filter(|t| t.starts_with("DR")) {
            let entry = json!({ "cells": names, "value": root });
            if let Some(list) = fp.entry("cage").or_insert_with(|| json!([])).as_array_mut() {
                list.push(entry);
            }
            cage_readings.push(format!("{cage_name} ({what}, a digital root)"));
            continue;
        }
        match cage.get("unique") {
            Some(Value::Bool(true)) => {
                let mut entry = json!({ "cells": names });
                if let Some(total) = total {
                    entry["value"] = json!(total);
                }
                killer.push(entry);
                killer_cells.push(positions.clone());
                cage_readings.push(format!("{cage_name} ({what}, marked unique)"));
            }
            Some(Value::Bool(false)) if total.is_none() => {
                // A drawn outline that says nothing (f-puzzles' null regions, penpa bounds).
            }
            Some(Value::Bool(false)) => unsupported.push(format!(
                "{what} (a total whose digits may repeat: marked not unique)"
            )),
            // No `unique` mark: a killer cage when the rules' words say so, as SudokuPad
            // takes it; else a drawing whose meaning the words do not give.
            _ if killer_words => {
                let mut entry = json!({ "cells": names });
                if let Some(total) = total {
                    entry["value"] = json!(total);
                }
                killer.push(entry);
                killer_cells.push(positions.clone());
                cage_readings.push(format!("{cage_name} ({what}; the rules name cages)"));
            }
            _ => unread_cages.push(format!(
                "{what} {}{}: a cage the rules do not name",
                names.join("-").to_lowercase(),
                total.map(|t| format!(" {t:?}")).unwrap_or_default()
            )),
        }
    }
    if !killer.is_empty() {
        fp.insert("killercage".into(), Value::Array(killer));
    }
    let metadata = fields
        .get("metadata")
        .or_else(|| fields.get("metaData"))
        .and_then(Value::as_object);
    for (key, value) in metadata.into_iter().flatten() {
        let flag = || match value {
            Value::Bool(on) => Ok(*on),
            other => Err(element(
                &format!("metadata {key}"),
                &format!("{other} is not true or false"),
            )),
        };
        if let Some(&rule) = (METADATA_RULES.iter()).find(|r| r.row().sudokupad == Some(key)) {
            if flag()? {
                turn_on(&mut fp, rule);
            }
        } else if key == "norowcol" {
            if flag()? {
                unsupported.push("metadata norowcol (rows and columns that may repeat)".into());
            }
        } else if matches!(key.as_str(), "title" | "author") {
            if let Some(text) = value.as_str() {
                fp.insert(key.clone(), json!(text));
            }
        } else if key == "rules" {
            // Read above.
        } else if !HARMLESS_METADATA.contains(&key.as_str()) {
            unsupported.push(format!("metadata {key}"));
        }
    }
    for (key, value) in fields
        .get("global")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(|s| (s, v)))
    {
        let _ = value;
        match GlobalRule::ALL
            .into_iter()
            .find(|r| r.row().sudokupad == Some(key))
        {
            Some(rule) => {
                turn_on(&mut fp, rule);
            }
            None => unsupported.push(format!("global {key:?}")),
        }
    }
    if !unsupported.is_empty() {
        return Err(SudokuPadError::Unsupported { names: unsupported });
    }
    let words = super::drawings::Words {
        mentions: &mentions,
        settled,
    };
    let mut reading = super::drawings::read(&scene, n, words, &killer_cells);
    reading.add_to(&mut fp);
    let flagged = |field: &str| metadata.and_then(|m| m.get(field)).is_some();
    let stated_readings = adopt_stated(&mut fp, &rules_text, &flagged);
    let words = rules_text.join("\n");
    let words = (!words.is_empty()).then_some(words);
    let (mut file, said) =
        super::fpuzzles::parse_converted(&Value::Object(fp).to_string(), settled, words.as_deref())
            .map_err(SudokuPadError::Converted)?;
    file.readings = cage_readings;
    if no_regions {
        file.readings.insert(
            0,
            "no regions: rows and columns only, no boxes (as SudokuPad checks it)".into(),
        );
    }
    file.readings.extend(reading.read);
    file.readings.extend(stated_readings);
    file.rules = words;
    file.readings.extend(said);
    if let Some(first) = marked.first() {
        file.unread.push(format!(
            "given pencil marks in {} cell{} ({first}{}): not read as rules",
            marked.len(),
            if marked.len() == 1 { "" } else { "s" },
            if marked.len() > 1 { " …" } else { "" }
        ));
    }
    file.unread.extend(unread_cages);
    file.unread.extend(reading.unread);
    Ok(file)
}

/// Takes the rules over the whole grid that only the words state as SudokuPad's own rules
/// parser takes them, into f-puzzles fields `fp`: anti-knight and anti-king where no flag
/// (`flagged`) says otherwise, and "all possible dots/X and V are given" as negative
/// constraints for the dot colours drawn. What was taken, for the reading.
fn adopt_stated(
    fp: &mut Map<String, Value>,
    rules_text: &[String],
    flagged: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut stated_readings = Vec::new();
    // "All possible dots are given" speaks of the dots the puzzle has: white ones (a
    // difference) or black ones (a ratio).
    let drawn = |fp: &Map<String, Value>, field: &str| {
        fp.get(field)
            .is_some_and(|v| v.as_array().is_some_and(|l| !l.is_empty()))
    };
    for text in rules_text {
        for rule in super::rules_text::stated_in_words(text) {
            let taken = match rule.row().fpuzzles {
                FpuzzlesForm::Flag(field) => !flagged(field) && fp.get(field).is_none(),
                FpuzzlesForm::Negative(kind @ ("difference" | "ratio")) => {
                    drawn(fp, kind) || !(drawn(fp, "difference") || drawn(fp, "ratio"))
                }
                FpuzzlesForm::Negative(_) => true,
                _ => false,
            };
            if taken && turn_on(fp, rule) {
                stated_readings.push(format!(
                    "{} (stated in the rules, as SudokuPad reads it)",
                    rule.title()
                ));
            }
        }
    }
    stated_readings
}

/// The hidden cages of `fields` whose digits differ, each with its cells, when there are
/// `n` of `n` cells each and they tile the `n`×`n` grid (how SudokuPad checks irregular
/// regions drawn as lines); none otherwise.
fn hidden_region_cages(fields: &Map<String, Value>, n: usize) -> Vec<(usize, Vec<(usize, usize)>)> {
    let Some(Value::Array(cages)) = fields.get("cages") else {
        return Vec::new();
    };
    let flag = |cage: &Value, key: &str| cage.get(key).and_then(Value::as_bool) == Some(true);
    let cell = |pair: &Value| {
        let rc = pair.as_array().filter(|p| p.len() == 2)?;
        let (r, c) = (rc[0].as_u64()? as usize, rc[1].as_u64()? as usize);
        (r < n && c < n).then_some((r, c))
    };
    let found: Vec<(usize, Vec<(usize, usize)>)> = cages
        .iter()
        .enumerate()
        .filter(|(_, cage)| {
            flag(cage, "hidden")
                && flag(cage, "unique")
                && cage
                    .get("value")
                    .is_none_or(|v| v.is_null() || v.as_str() == Some(""))
        })
        .filter_map(|(k, cage)| {
            let cells: Option<Vec<(usize, usize)>> =
                cage.get("cells")?.as_array()?.iter().map(cell).collect();
            Some((k, cells?))
        })
        .filter(|(_, cells)| cells.len() == n)
        .collect();
    let mut covered = vec![false; n * n];
    let tiles = found.len() == n
        && found.iter().flat_map(|(_, cells)| cells).all(|&(r, c)| {
            let fresh = !covered[r * n + c];
            covered[r * n + c] = true;
            fresh
        });
    if tiles { found } else { Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_ids_are_found_where_sudokupad_finds_them() {
        assert_eq!(puzzle_id("https://sudokupad.app/abc123"), "abc123");
        assert_eq!(puzzle_id("https://sudokupad.app/sudoku/abc"), "abc");
        assert_eq!(
            puzzle_id("https://sudokupad.app/user/name?setting-x=1"),
            "user/name"
        );
        assert_eq!(
            puzzle_id("https://app.crackingthecryptic.com/sudoku/q1"),
            "q1"
        );
        assert_eq!(
            puzzle_id("https://sudokupad.app/?puzzleid=sclAB%2BC&x=1"),
            "sclAB+C"
        );
        assert!(is_sudokupad_link("https://beta.sudokupad.app/x"));
        assert!(!is_sudokupad_link("https://www.f-puzzles.com/?load=x"));
    }
}
