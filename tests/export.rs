//! Every bundled puzzle written as f-puzzles JSON, as links and as satdoku's TOML reads back as the same puzzle: the same givens, the same houses, the same rules over the whole grid and the same constraints.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use satdoku::constraint::{Cage, VariantConstraint};
use satdoku::format::export::{self, About};
use satdoku::format::{
    PuzzleFile, parse_fpuzzles, parse_one, parse_sudokupad, parse_sudokupad_link,
};
use satdoku::rules::{GlobalRule, GlobalRules, RulesSpec};
use satdoku::{Cell, Puzzle};

#[cfg(feature = "cli")]
use crate::common::satdoku;

/// The puzzles of a file satdoku reads with its own rules (TOML, f-puzzles, SudokuPad).
fn puzzles_of(file: &PuzzleFile) -> Vec<Puzzle> {
    file.puzzles
        .iter()
        .map(|text| {
            let grid = parse_one(&text.text, &Default::default()).unwrap();
            let rules = file.spec.rules_for(grid.shape()).unwrap();
            Puzzle::new(grid, rules).unwrap()
        })
        .collect()
}

/// What a puzzle states, in a form that does not depend on how a file spells it: its
/// givens, the cells of each house, the rules on cells a move apart, and its constraints
/// with cells given as different counted as cages of two without a total (which is how
/// f-puzzles says it).
fn meaning(puzzle: &Puzzle) -> (String, BTreeSet<Vec<Cell>>, Vec<GlobalRule>, Vec<String>) {
    let rules = puzzle.rules();
    let houses = rules
        .houses()
        .into_iter()
        .map(|house| {
            let mut cells = rules.cells(house);
            cells.sort();
            cells
        })
        .collect();
    let moves = rules
        .globals()
        .iter()
        .filter(|r| matches!(r, GlobalRule::AntiKnight | GlobalRule::AntiKing))
        .collect();
    let mut constraints: Vec<String> = rules
        .constraints()
        .iter()
        .cloned()
        .chain(
            rules
                .different_pairs()
                .iter()
                .map(|&(a, b)| VariantConstraint::from(Cage::new(vec![a, b], None))),
        )
        .map(|c| format!("{c:?}"))
        .collect();
    constraints.sort();
    (
        format!("{:?}", puzzle.grid().digits()),
        houses,
        moves,
        constraints,
    )
}

/// Writes `puzzle` in every form and reads each back; the same puzzle each time (TOML,
/// satdoku's own format: the same regions, rules and pairs too, as the rules hold them).
fn round_trip(name: &str, puzzle: &Puzzle, about: &About<'_>) {
    let json = match export::fpuzzles_json(puzzle, about) {
        Ok(json) => json.to_string(),
        Err(why) => {
            // Only what f-puzzles has no field for, named.
            let why = why.to_string();
            assert!(why.contains("has no field"), "{name}: {why}");
            return;
        }
    };
    let file = parse_fpuzzles(&json).unwrap_or_else(|e| panic!("{name}: {e}\n{json}"));
    if about.rules.is_none() {
        // The rules in words written for a puzzle without them are read as its rules.
        let unread = file.unread_under(&file.spec);
        assert!(unread.is_empty(), "{name}: {unread:?}\n{:?}", file.rules);
    }
    let again = puzzles_of(&file);
    assert_eq!(again.len(), 1);
    assert_eq!(
        meaning(&again[0]),
        meaning(puzzle),
        "{name}: f-puzzles\n{json}"
    );
    match export::sudokupad_link(puzzle, about) {
        Ok(link) => {
            let from_link = puzzles_of(&parse_sudokupad_link(&link).unwrap());
            assert_eq!(
                meaning(&from_link[0]),
                meaning(puzzle),
                "{name}: SudokuPad link"
            );
        }
        // A constraint SudokuPad's import drops, named.
        Err(why) => assert!(
            why.to_string().contains("SudokuPad's import"),
            "{name}: {why}"
        ),
    }
    if puzzle.shape().size() <= export::FPUZZLES_MAX_SIZE {
        let link = export::fpuzzles_link(puzzle, about).unwrap();
        let data = link.strip_prefix(export::FPUZZLES_LINK).unwrap();
        let from_link = puzzles_of(&parse_sudokupad(&format!("fpuzzles{data}")).unwrap());
        assert_eq!(
            meaning(&from_link[0]),
            meaning(puzzle),
            "{name}: f-puzzles link"
        );
    } else {
        assert!(export::fpuzzles_link(puzzle, about).is_err(), "{name}");
    }
    let toml = export::toml_text(puzzle, about).unwrap();
    let file = PuzzleFile::parse(&toml).unwrap_or_else(|e| panic!("{name}: {e}\n{toml}"));
    let again = puzzles_of(&file);
    // satdoku's own format says each thing as the rules hold it (the constraints may come
    // in another order: files list them family by family).
    let (a, b) = (again[0].rules(), puzzle.rules());
    assert_eq!(meaning(&again[0]), meaning(puzzle), "{name}: TOML\n{toml}");
    assert_eq!(a.region_kind(), b.region_kind(), "{name}: TOML\n{toml}");
    assert_eq!(a.globals(), b.globals(), "{name}: TOML\n{toml}");
    assert_eq!(a.extra_regions(), b.extra_regions(), "{name}: TOML\n{toml}");
    assert_eq!(
        a.different_pairs(),
        b.different_pairs(),
        "{name}: TOML\n{toml}"
    );
    assert_eq!(file.title.as_deref(), about.title, "{name}");
}

/// Every bundled puzzle file that carries its rules (TOML, f-puzzles, SudokuPad), and the
/// plain sets with the rules their names give.
#[test]
fn every_bundled_puzzle_reads_back_as_written() {
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut written = 0;
    for path in &files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let file = match path.extension().and_then(|e| e.to_str()) {
            Some("toml") => PuzzleFile::parse(&text).map_err(|e| e.to_string()),
            Some("json") => parse_fpuzzles(&text).map_err(|e| e.to_string()),
            Some("scl") => parse_sudokupad(&text).map_err(|e| e.to_string()),
            _ => continue,
        };
        // Bundled puzzles that are meant to be refused (a clash in the rules) stay so.
        let Ok(file) = file else { continue };
        let Ok(puzzles) = std::panic::catch_unwind(|| puzzles_of(&file)) else {
            continue;
        };
        let about = About {
            title: file.title.as_deref(),
            author: file.author.as_deref(),
            rules: file.rules.as_deref(),
        };
        for puzzle in &puzzles {
            round_trip(&name, puzzle, &about);
            written += 1;
        }
    }
    assert!(written >= 120, "{written} puzzles written");

    // The plain sets, with the rules over the whole grid their names give.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    for (file, rules) in [
        ("4x4.txt", vec![]),
        ("16x16.txt", vec![]),
        ("25x25.txt", vec![]),
        ("diagonal.txt", vec![GlobalRule::Diagonal]),
        ("variants/windoku.txt", vec![GlobalRule::Windoku]),
        (
            "variants/disjoint-groups.txt",
            vec![GlobalRule::DisjointGroups],
        ),
        ("variants/anti-king.txt", vec![GlobalRule::AntiKing]),
        (
            "variants/anti-knight-diagonal.txt",
            vec![GlobalRule::AntiKnight, GlobalRule::Diagonal],
        ),
        ("variants/6x6.txt", vec![]),
        ("variants/12x12.txt", vec![]),
    ] {
        let spec = RulesSpec {
            globals: GlobalRules::from_iter(rules),
            ..RulesSpec::default()
        };
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .take(3)
        {
            let grid = parse_one(line, &Default::default()).unwrap();
            let rules: Arc<_> = spec.rules_for(grid.shape()).unwrap();
            round_trip(file, &Puzzle::new(grid, rules).unwrap(), &About::default());
        }
    }
}

/// Through the command line: a TOML puzzle written as a link, the link checked, the same
/// verdict; what f-puzzles cannot hold refused by name with exit status 2.
#[test]
#[cfg(feature = "cli")] // runs the `satdoku` command
fn export_writes_links_that_check_the_same() {
    let file = "puzzles/variants/killer.toml";
    let out = satdoku().args(["export", file]).output().unwrap();
    assert!(out.status.success(), "{}", crate::common::stderr_of(&out));
    let links = String::from_utf8(out.stdout).unwrap();
    let link = links.lines().next().unwrap();
    assert!(link.starts_with("https://sudokupad.app/fpuzzles"), "{link}");
    let check = |input: &str| {
        let out = satdoku().args(["check", input]).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(check(link), check(file));
    let out = satdoku()
        .args(["export", "--to", "fpuzzles", "--format", "json", file])
        .output()
        .unwrap();
    let row: serde_json::Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(row["index"], 1);
    assert!(
        row["written"]
            .as_str()
            .unwrap()
            .starts_with(export::FPUZZLES_LINK)
    );

    // A rellik cage has no f-puzzles field: refused, never dropped.
    let dir = tempfile::tempdir().unwrap();
    let rellik = dir.path().join("rellik.toml");
    std::fs::write(
        &rellik,
        "puzzle = \"1...............\"\n[[rellik]]\ncells = \"r1c2 r1c3\"\nsum = 3\n",
    )
    .unwrap();
    let out = satdoku()
        .args(["export", "--to", "fpuzzles", rellik.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = crate::common::stderr_of(&out);
    assert!(
        err.contains("rellik") && err.contains("f-puzzles has no field"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    // Its TOML is written, and reads back.
    let out = satdoku()
        .args(["export", "--to", "toml", rellik.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let toml = String::from_utf8(out.stdout).unwrap();
    assert!(toml.contains("[[rellik]]"), "{toml}");
    let again = dir.path().join("again.toml");
    std::fs::write(&again, toml).unwrap();
    assert_eq!(
        check(again.to_str().unwrap()),
        check(rellik.to_str().unwrap())
    );
}
