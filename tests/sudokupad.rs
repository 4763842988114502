//! SudokuPad links and data: what a link carries (SudokuPad's JSON, plain or zipped, and f-puzzles) read and counted against brute force, short links and elements satdoku cannot take as rules refused by name.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{PlainRules, brute_force_solutions_under, satdoku, stderr_of};

/// `satdoku count` on `input` (a link, or a file's path): exit status, stdout, stderr.
fn count(input: &str) -> (Option<i32>, String, String) {
    let out = satdoku()
        .args(["count", "--limit", "1000", input])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr_of(&out),
    )
}

/// SudokuPad's way of carrying puzzle data: lz-string's base64 after a prefix.
fn packed(prefix: &str, json: &str) -> String {
    format!("{prefix}{}", lz_str::compress_to_base64(json))
}

/// 4×4 solutions with r1c1 = 1 (and the regions given), counted by brute force, of which
/// those whose cells `cage` add up to `sum` with different digits.
fn brute(regions: Option<Vec<Vec<usize>>>, cage: &[(usize, usize)], sum: u32) -> usize {
    let mut puzzle = vec![vec![0; 4]; 4];
    puzzle[0][0] = 1;
    let rules = PlainRules {
        regions,
        ..PlainRules::default()
    };
    let mut found = 0;
    brute_force_solutions_under(&puzzle, &rules, 1000, &mut |g| {
        let digits: Vec<u32> = cage.iter().map(|&(r, c)| g[r][c]).collect();
        let mut distinct = digits.clone();
        distinct.sort();
        distinct.dedup();
        if digits.iter().sum::<u32>() == sum && distinct.len() == digits.len() {
            found += 1;
        }
    });
    found
}

#[test]
fn sudokupad_links_carry_grids_regions_and_killer_cages() {
    // Zipped, as SudokuPad writes it: short keys, no quotes on keys, empty cells left out.
    let zipped = "{id:'t',cs:64,ce:[[{v:'1'},,,],[,,,],[,,,],[,,,]],\
        re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],\
        ca:[{ce:[[0,1],[0,2]],v:'7',unique:t,sum:7},{v:'title: Test'}]}";
    let expected = brute(None, &[(0, 1), (0, 2)], 7);
    assert!(expected > 0);
    for link in [
        format!("https://sudokupad.app/{}", packed("scl", zipped)),
        format!("https://sudokupad.app/?puzzleid={}", packed("ctc", zipped)),
        format!(
            "https://app.crackingthecryptic.com/sudoku/{}",
            packed("scl", zipped)
        ),
    ] {
        let (code, out, err) = count(&link);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(out.trim(), expected.to_string(), "{link}");
    }

    // Plain JSON in a saved .scl file, jigsaw regions, a cage whose total is its value.
    let regions = vec![
        vec![0, 0, 1, 1],
        vec![0, 2, 2, 1],
        vec![0, 2, 2, 1],
        vec![3, 3, 3, 3],
    ];
    let mut lists: Vec<Vec<[usize; 2]>> = vec![Vec::new(); 4];
    for (r, row) in regions.iter().enumerate() {
        for (c, &k) in row.iter().enumerate() {
            lists[k].push([r, c]);
        }
    }
    let json = serde_json::json!({
        "cells": [[{"value": 1}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
        "regions": lists,
        "cages": [{"cells": [[3, 2], [3, 3]], "value": 5, "unique": true}],
        "metadata": {"title": "jigsaw"},
    })
    .to_string();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("jigsaw.scl");
    std::fs::write(&file, packed("scl", &json)).unwrap();
    let (code, out, err) = count(file.to_str().unwrap());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.trim(),
        brute(Some(regions.clone()), &[(3, 2), (3, 3)], 5).to_string()
    );

    // No regions, and the same jigsaw regions as hidden cages whose digits differ (how
    // SudokuPad checks irregular regions drawn as lines, published "God Save the Queen"):
    // read as the regions, counted alike, and named so.
    let hidden: Vec<serde_json::Value> = lists
        .iter()
        .map(|cells| serde_json::json!({"cells": cells, "unique": true, "hidden": true}))
        .chain([serde_json::json!({"cells": [[3, 2], [3, 3]], "value": 5, "unique": true})])
        .collect();
    let json = serde_json::json!({
        "cells": [[{"value": 1}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
        "regions": [],
        "cages": hidden,
    })
    .to_string();
    let link = format!("https://sudokupad.app/{}", packed("scl", &json));
    let (code, out, err) = count(&link);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.trim(),
        brute(Some(regions), &[(3, 2), (3, 3)], 5).to_string()
    );
    let rules = satdoku().args(["rules", &link]).output().unwrap();
    let shown = String::from_utf8_lossy(&rules.stdout);
    assert!(shown.contains("read with jigsaw"), "{shown}");
    assert!(
        shown.contains("one of the 4 that tile the grid: a region"),
        "{shown}"
    );
}

#[test]
fn short_links_and_drawings_are_refused_by_name() {
    let (code, out, err) = count("https://sudokupad.app/psxczr0jpr");
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(err.contains("SudokuPad short link"), "{err}");
    assert!(
        err.contains("curl -s https://sudokupad.app/api/puzzle/psxczr0jpr"),
        "{err}"
    );
    let json = |extra: &str| {
        format!(
            r#"{{"cells":[[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],
            "regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]{extra}}}"#
        )
    };
    // Drawings no rule's words explain are named unread beside the verdict (counted
    // without them), never dropped without a word.
    for (extra, named) in [
        (
            r#","lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]]}]"#,
            "line 1 (no colour, r1c1-r2c2): no rule read from it",
        ),
        (
            r#","arrows":[{"wayPoints":[[0.5,0.5],[1.5,1.5]]}]"#,
            "arrow 1 (no colour, r1c1-r2c2): no rule read from it",
        ),
        (
            r#","cages":[{"cells":[[0,0],[0,1]],"value":"3"}]"#,
            "cage 1 r1c1-r1c2 \"3\": a cage the rules do not name",
        ),
    ] {
        let link = format!("https://sudokupad.app/{}", packed("scl", &json(extra)));
        let (code, out, err) = count(&link);
        assert_eq!((code, out.as_str()), (Some(0), "288\n"), "{extra}");
        assert!(
            err.contains("1 part not read as rules") && err.contains(named),
            "{err}"
        );
    }
    // Given pencil marks are named, not taken as rules nor dropped.
    let marked = json("").replacen("{}", r#"{"pencilMarks":[1,2]}"#, 1);
    let (code, out, err) = count(&format!("https://sudokupad.app/{}", packed("scl", &marked)));
    assert_eq!((code, out.as_str()), (Some(0), "288\n"), "{err}");
    assert!(err.contains("given pencil marks in 1 cell (r1c1)"), "{err}");
    // A line of a colour the rules name is read as a line even where it stops short of a
    // cell's centre (as Sudoku Maker draws some): unread when no rule is read from it, never
    // taken for decoration.
    let short = json(
        r##","lines":[{"wayPoints":[[0.5,0.5],[1.5,1.3]],"color":"#2ecbff","thickness":5}],
        "cages":[{"value":"rules: Digits on the blue line sum to 5 in each box."}]"##,
    );
    let (code, _, err) = count(&format!("https://sudokupad.app/{}", packed("scl", &short)));
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("blue line r1c1-r2c2 (line 1"), "{err}");
    for (extra, named) in [
        (
            r#","cages":[{"cells":[[0,0],[0,1]],"style":"windoku","unique":true}]"#,
            "style \"windoku\"",
        ),
        (r#","metadata":{"norowcol":true}"#, "norowcol"),
    ] {
        let link = format!("https://sudokupad.app/{}", packed("scl", &json(extra)));
        let (code, _, err) = count(&link);
        assert_eq!(code, Some(2), "{extra}");
        assert!(
            err.contains("cannot read as rules") && err.contains(named),
            "{err}"
        );
    }
    // A given that is no digit of the grid is an error naming its cell, never a blank.
    for value in ["-1", "1.5", "\"0\"", "9"] {
        let data = json("").replacen("{}", &format!("{{\"value\":{value}}}"), 1);
        let (code, _, err) = count(&format!("https://sudokupad.app/{}", packed("scl", &data)));
        assert_eq!(code, Some(2), "{value}");
        assert!(
            err.contains("r1c1") && err.contains("not a digit"),
            "{value}: {err}"
        );
    }
    // What is malformed or unknown is an error naming it, never dropped.
    for (extra, named) in [
        (r#","cages":[5]"#, "cage 1"),
        (
            r#","cages":[{"cells":"r1c1","unique":true}]"#,
            "is not a list",
        ),
        (
            r#","cages":[{"cells":[[0,0],[0,1]],"unique":true,"sum":true}]"#,
            "is not a total",
        ),
        (
            r#","metadata":{"antiknight":"true"}"#,
            "is not true or false",
        ),
        (
            r#","metadata":{"nonconsecutive":true}"#,
            "metadata nonconsecutive",
        ),
    ] {
        let link = format!("https://sudokupad.app/{}", packed("scl", &json(extra)));
        let (code, _, err) = count(&link);
        assert_eq!(code, Some(2), "{extra}");
        assert!(err.contains(named), "{extra}: {err}");
    }
    let rows = json("").replacen("[{},{},{},{}]", "[1,2,3,4]", 1);
    let (code, _, err) = count(&format!("https://sudokupad.app/{}", packed("scl", &rows)));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("r1c1") && err.contains("is not a cell"),
        "{err}"
    );
    // A rule over the whole grid stated only in words is taken as SudokuPad's own checker
    // takes it; a sentence stating a rule nothing reads is named beside the verdict.
    let ruled = json(r#","cages":[{"value":"rules: Cells a knight's move apart differ."}]"#);
    let (code, out, err) = count(&format!("https://sudokupad.app/{}", packed("scl", &ruled)));
    assert_eq!(code, Some(0), "{err}");
    let rules = PlainRules {
        anti_knight: true,
        ..PlainRules::default()
    };
    let mut knights = 0;
    brute_force_solutions_under(&vec![vec![0; 4]; 4], &rules, 1000, &mut |_| knights += 1);
    assert!(knights > 0 && knights < 288);
    assert_eq!(out.trim(), knights.to_string(), "{err}");
    assert!(!err.contains("warning"), "{err}");
    // The same for f-puzzles data opened in SudokuPad; f-puzzles itself reads only its
    // fields, so its own link names the sentence unread.
    let fpuzzles = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"ruleset":"Cells a knight's move apart differ."}"#;
    let data = lz_str::compress_to_base64(fpuzzles);
    let (code, out, err) = count(&format!("https://sudokupad.app/fpuzzles{data}"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), knights.to_string(), "{err}");
    let (code, out, err) = count(&format!("https://www.f-puzzles.com/?load={data}"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "288", "{err}");
    assert!(err.contains("knight's move"), "{err}");
    let ruled = json(r#","cages":[{"value":"rules: Cells a camel's move apart differ."}]"#);
    let (code, _, err) = count(&format!("https://sudokupad.app/{}", packed("scl", &ruled)));
    assert_eq!(code, Some(0));
    assert!(
        err.contains("warning") && err.contains("camel's move"),
        "{err}"
    );
    let (code, _, err) = count("https://sudokupad.app/");
    assert_eq!(code, Some(2));
    assert!(err.contains("names no puzzle"), "{err}");
    // No regions: SudokuPad draws no boxes and checks rows and columns only: the 576 Latin
    // squares of order 4.
    let bare = r#"{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    let (code, out, err) = count(&format!("https://sudokupad.app/{}", packed("scl", bare)));
    assert_eq!((code, out.as_str()), (Some(0), "576\n"), "{err}");
    // Regions of the wrong number or size: said in SudokuPad's terms, numbered from 1.
    let cells = r#""cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    for (regions, said) in [
        (
            "[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]]]",
            "regions: 3 regions: a 4×4 grid needs 4",
        ),
        (
            "[[[0,0],[0,1],[1,0]],[[0,2],[0,3],[1,2],[1,3],[1,1]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]",
            "region 1: 3 cells: a region of a 4×4 grid has 4",
        ),
    ] {
        let data = format!(r#"{{{cells},"regions":{regions}}}"#);
        let (code, _, err) = count(&format!("https://sudokupad.app/{}", packed("scl", &data)));
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(said), "{err}");
    }
}

/// `satdoku rules --format json` gives, per puzzle, each drawing read with its rule and
/// each sentence of the rules' text with what it was read as.
#[test]
fn the_reading_of_a_puzzle_is_shown() {
    let out = satdoku()
        .args(["rules", "--format", "json"])
        .arg("puzzles/variants/sudokupad/introduction-to-killer-sudoku.scl")
        .arg("puzzles/variants/sudokupad/knight-in-words.json")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let rows = common::json_rows(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(rows.len(), 2);
    let drawings = rows[0]["drawings"].as_array().unwrap();
    assert_eq!(drawings.len(), 4);
    assert!(
        drawings[3]
            .as_str()
            .unwrap()
            .starts_with("little killer r2c4-r3c3-r4c2 = 8")
    );
    let read_as: Vec<&str> = rows[1]["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["read_as"].as_str().unwrap())
        .collect();
    assert_eq!(read_as, ["standard", "unread"]);
    assert!(
        rows[1]["unread"][0]
            .as_str()
            .unwrap()
            .contains("names anti-knight")
    );
}

/// Puzzle data is read whatever its file is called: SudokuPad's JSON (plain or zipped)
/// saved as `.json`, and bare SudokuPad ids one a line in a text file.
#[test]
fn sudokupad_data_is_told_by_its_content() {
    let dir = tempfile::tempdir().unwrap();
    let id = std::fs::read_to_string("puzzles/variants/sudokupad/introduction-to-renban-lines.scl")
        .unwrap();
    let units = lz_str::decompress_from_base64(id.trim().strip_prefix("scl").unwrap()).unwrap();
    let zipped = String::from_utf16(&units).unwrap();
    assert!(zipped.starts_with("{id:'"), "{zipped}");
    let json = dir.path().join("renban.json");
    std::fs::write(&json, &zipped).unwrap();
    let (code, out, err) = count(json.to_str().unwrap());
    assert_eq!((code, out.as_str()), (Some(0), "1\n"), "{err}");
    let ids = dir.path().join("ids.txt");
    let killer =
        std::fs::read_to_string("puzzles/variants/sudokupad/introduction-to-killer-sudoku.scl")
            .unwrap();
    std::fs::write(
        &ids,
        format!("# two puzzles\n{}\n{}", killer.trim(), id.trim()),
    )
    .unwrap();
    let out = satdoku().arg("check").arg(&ids).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "unique 3214142323414132\nunique 1342243142133124\n"
    );
}

/// `--read` settles what lines of a colour mean where the rules' words leave it open.
#[test]
fn the_user_settles_a_line_the_words_leave_open() {
    let data = r##"{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],
        "lines":[{"wayPoints":[[0.5,0.5],[0.5,1.5],[0.5,2.5]],"color":"#1fe692","thickness":8}],
        "cages":[{"value":"rules: Renban lines hold consecutive digits. Whispers lines: neighbours differ by at least 2."}]}"##;
    let link = format!("https://sudokupad.app/{}", packed("scl", data));
    let count_with = |args: &[&str]| {
        let out = satdoku()
            .args(["count", "--limit", "1000"])
            .args(args)
            .arg(&link)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).trim().to_string(),
            stderr_of(&out),
        )
    };
    let (code, all, err) = count_with(&[]);
    assert_eq!((code, all.as_str()), (Some(0), "288"), "{err}");
    assert!(err.contains("line r1c1-r1c2-r1c3"), "{err}");
    // As whispers of at least 2 (4×4's default): the same count as the TOML puzzle.
    let dir = tempfile::tempdir().unwrap();
    let toml = dir.path().join("whispers.toml");
    std::fs::write(
        &toml,
        "puzzle = \"................\"\n[[whispers]]\ncells = \"r1c1 r1c2 r1c3\"\n",
    )
    .unwrap();
    let out = satdoku()
        .args(["count", "--limit", "1000", toml.to_str().unwrap()])
        .output()
        .unwrap();
    let whispers = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert_ne!(whispers, "288");
    // The line is read (only the sentence on renban, which nothing draws, stays unread).
    let (code, settled, err) = count_with(&["--read", "line #1fe692=whispers"]);
    assert_eq!(
        (code, settled.as_str()),
        (Some(0), whispers.as_str()),
        "{err}"
    );
    assert!(
        !err.contains("line r1c1") && err.contains("1 part"),
        "{err}"
    );
    let (code, decoration, err) = count_with(&["--read", "line #1FE692=decoration"]);
    assert_eq!((code, decoration.as_str()), (Some(0), "288"), "{err}");
    assert!(!err.contains("line r1c1"), "{err}");
    // A --read that does not read is an error before any puzzle.
    let (code, _, err) = count_with(&["--read", "line #1fe692=arrow"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("no line family") && err.contains("whispers"),
        "{err}"
    );
}

/// SudokuPad's compact classic links (`classic…`): the givens zipped either way SudokuPad
/// zips them. Expected grids from SudokuPad's own `PuzzleTools.unzip` (its client's
/// puzzletools.js, run in node), not from satdoku.
#[test]
fn classic_links_carry_their_givens() {
    let solve = |link: &str| {
        let out = satdoku()
            .args(["solve", "--format", "json", link])
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            stderr_of(&out),
        )
    };
    // The second way (digit and blanks after it), as SudokuPad's editor writes it.
    let (code, out, err) = solve("https://sudokupad.app/classic5NlQ19j9mGca3OIN1bWGk2m41TjS79");
    assert_eq!(code, Some(0), "{err}");
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let solution = row["solution"].as_str().unwrap();
    let givens =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
    assert!(
        givens
            .chars()
            .zip(solution.chars())
            .all(|(g, s)| g == '0' || g == s),
        "{solution}"
    );
    // The first way (digits, and a letter per run of blanks): SudokuPad's own test id reads
    // as an 8×8 grid holding a 9, which is named, not read.
    let (code, _, err) =
        solve("https://sudokupad.app/sudoku/classicB6B91D7C2E15F4D9C3K6D4B3D25D4F8F87B4C5B7C3B");
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown symbol '9' in a 8×8 grid"), "{err}");
    let (code, _, err) = solve("https://sudokupad.app/classic1234");
    assert_eq!(code, Some(2));
    assert!(err.contains("not a grid from 4×4 to 9×9"), "{err}");
}
