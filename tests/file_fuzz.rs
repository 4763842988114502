//! Structural fuzzing of the files that carry rules: bundled f-puzzles exports, published
//! SudokuPad data (plain and zipped) and puzzle files with keys removed, values of the wrong
//! type, cells outside the grid and huge numbers are read into a clear error or a puzzle
//! (whose CNF is then built), never a panic.

use crate::common;

use proptest::prelude::*;
use satdoku::format::{PuzzleFile, parse_fpuzzles, parse_one, parse_sudokupad};
use satdoku::{Puzzle, SatSolver};
use serde_json::{Map, Value};

/// The bundled f-puzzles exports.
fn exports() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(common::puzzle_path("variants/constraints"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    files.sort();
    assert!(files.len() >= 48, "the bundled exports were found");
    files
}

/// Published SudokuPad data (`tests/data/published/`): each `scl` puzzle's JSON, plain or
/// zipped as SudokuPad wrote it.
fn sudokupad_data() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/published/sudoku-bench.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let data: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let row: Value = serde_json::from_str(line).unwrap();
            let id = row["data"].as_str()?.strip_prefix("scl")?.to_string();
            let units = lz_str::decompress_from_base64(&id)?;
            String::from_utf16(&units).ok()
        })
        .collect();
    assert!(data.len() >= 80, "the published SudokuPad data was found");
    data
}

/// The values a mutation puts in place of another.
fn replacement(pick: u64) -> Option<Value> {
    Some(match pick % 14 {
        0 => return None,
        1 => Value::Null,
        2 => Value::Bool(true),
        3 => Value::from(-1),
        4 => Value::from(0),
        5 => Value::from(u64::MAX),
        6 => Value::from(1e300),
        7 => Value::from("R99C99"),
        8 => Value::from("R0C0"),
        9 => Value::from(""),
        10 => Value::from("4294967296"),
        11 => Value::Array(Vec::new()),
        12 => Value::Array(vec![Value::from("R1C1"); 3]),
        _ => Value::Object(Map::new()),
    })
}

/// Walks from `value` to a node chosen by `path` (each number picks a child) and replaces
/// or removes it with `pick`.
fn mutate(value: &mut Value, path: &[u64], pick: u64) {
    let (step, rest) = match path.split_first() {
        Some(split) => split,
        None => {
            if let Some(new) = replacement(pick) {
                *value = new;
            }
            return;
        }
    };
    match value {
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth(*step as usize % map.len()).unwrap().clone();
            if rest.is_empty() && replacement(pick).is_none() {
                map.remove(&key);
            } else {
                mutate(map.get_mut(&key).unwrap(), rest, pick);
            }
        }
        Value::Array(list) if !list.is_empty() => {
            let i = *step as usize % list.len();
            if rest.is_empty() && replacement(pick).is_none() {
                list.remove(i);
            } else {
                mutate(&mut list[i], rest, pick);
            }
        }
        other => {
            if let Some(new) = replacement(pick) {
                *other = new;
            }
        }
    }
}

/// Reads a file's puzzles as the command line does, and builds each one's CNF.
fn read_and_encode(file: PuzzleFile) {
    for text in &file.puzzles {
        let Ok(grid) = parse_one(&text.text, &Default::default()) else {
            continue;
        };
        let Ok(rules) = file.spec.rules_for(grid.shape()) else {
            continue;
        };
        if let Ok(puzzle) = Puzzle::new(grid, rules) {
            SatSolver::new().formula(&puzzle);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mutated_f_puzzles_exports_never_panic(
        file in 0usize..1000,
        mutations in prop::collection::vec((prop::collection::vec(any::<u64>(), 0..6), any::<u64>()), 1..4),
    ) {
        let exports = exports();
        let mut json: Value = serde_json::from_str(&exports[file % exports.len()]).unwrap();
        for (path, pick) in &mutations {
            mutate(&mut json, path, *pick);
        }
        let text = json.to_string();
        match parse_fpuzzles(&text) {
            Ok(file) => read_and_encode(file),
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
    }

    #[test]
    fn mutated_sudokupad_data_never_panics(
        puzzle in 0usize..1000,
        mutations in prop::collection::vec((prop::collection::vec(any::<u64>(), 0..6), any::<u64>()), 1..4),
        edits in prop::collection::vec((any::<u64>(), any::<u8>()), 1..8),
    ) {
        let all = sudokupad_data();
        let data = &all[puzzle % all.len()];
        let read = |text: &str| match parse_sudokupad(text) {
            Ok(file) => read_and_encode(file),
            Err(err) => assert!(!err.to_string().is_empty()),
        };
        // Plain JSON: its structure mutated, read as JSON and as a packed id.
        if let Ok(mut json) = serde_json::from_str::<Value>(data) {
            for (path, pick) in &mutations {
                mutate(&mut json, path, *pick);
            }
            let text = json.to_string();
            read(&text);
            read(&format!("scl{}", lz_str::compress_to_base64(&text)));
        }
        // Any text, zipped or plain: characters changed, cut or doubled.
        let mut chars: Vec<char> = data.chars().collect();
        for &(at, byte) in &edits {
            let at = at as usize % (chars.len() + 1);
            match byte % 3 {
                0 => chars.insert(at, char::from(b"{}[],:'\"tf#0"[byte as usize % 12])),
                1 if at < chars.len() => { chars.remove(at); }
                _ => chars.truncate(at.max(1)),
            }
        }
        read(&chars.into_iter().collect::<String>());
    }

    #[test]
    fn mutated_puzzle_files_never_panic(
        lines in prop::collection::vec((any::<u64>(), 0usize..12), 0..3),
    ) {
        let base = std::fs::read_to_string(common::puzzle_path("variants/killer.toml")).unwrap();
        let mut text: Vec<String> = base.lines().map(str::to_string).collect();
        let odd = ["sum = -3", "sum = 4294967296", "cells = 7", "cells = \"r0c0 r99c1\"",
            "row = 0", "[[sandwich]]", "[[cage]]\ncells = []", "ratio = 2", "rules = [1]",
            "boxes = \"1x9\"", "differ = [[\"r1c1\"]]", "extra-regions = [[\"r1c1\", \"r1c1\"]]"];
        for (at, which) in lines {
            let at = at as usize % (text.len() + 1);
            text.insert(at, odd[which].to_string());
        }
        match PuzzleFile::parse(&text.join("\n")) {
            Ok(file) => read_and_encode(file),
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
    }
}
