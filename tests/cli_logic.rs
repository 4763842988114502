//! `satdoku explain`, `hint`, `candidates` and `rate --scale se` end to end; true candidates
//! against an independent brute force.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{PlainRules, brute_force_solutions_under, json_rows, parse_file, read_regions};

/// Runs the binary with `args` and no input.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    common::run(args, "")
}

/// The Wikipedia puzzle: singles solve it.
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn explain_prints_one_step_a_line_and_the_candidates_where_logic_stops() {
    let (code, out, _) = run(&["explain", "puzzles/examples.txt"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with(
        "# puzzle 1 (line 3): unique; logic solves it in 51 steps\n1. hidden_single: "
    ));
    // The hardest of them needs forcing chains, which print their chains.
    let third = out.split("# puzzle 3").nth(1).unwrap();
    assert!(third.contains("logic solves it in"), "{third}");
    assert!(third.contains("forcing_chain: "), "{third}");
    assert!(third.contains(" → "), "{third}");
    // A puzzle of several solutions stops: the candidates left are printed.
    let (code, out, _) = run(&["explain", "puzzles/multiple.txt"]);
    assert_eq!(code, Some(1), "not unique");
    assert!(out.contains("logic stops after 0 steps"), "{out}");
    assert!(out.contains("candidates left:\n"), "{out}");
    assert!(out.contains(" | "), "{out}");
}

#[test]
fn explain_json_has_steps_with_their_parts() {
    let (code, out, _) = run(&["explain", "--format", "json", "puzzles/examples.txt"]);
    assert_eq!(code, Some(0));
    let rows = json_rows(&out);
    assert_eq!(rows.len(), 7);
    for row in &rows {
        for key in ["file", "index", "line", "status", "end", "steps"] {
            assert!(row.get(key).is_some(), "{key} missing in {row}");
        }
        for step in row["steps"].as_array().unwrap() {
            for key in [
                "technique",
                "placements",
                "eliminations",
                "cells",
                "houses",
                "sentence",
            ] {
                assert!(step.get(key).is_some(), "{key} missing in {step}");
            }
        }
    }
    assert_eq!(rows[0]["end"], "solved");
    assert!(rows[0].get("candidates").is_none());
    let first = &rows[0]["steps"][0];
    assert_eq!(first["technique"], "hidden_single");
    assert_eq!(first["placements"][0], "r1c6=8");
    assert_eq!(first["houses"][0], "box 2");
    assert_eq!(rows[2]["end"], "solved");
    let (_, out, _) = run(&["explain", "--format", "json", "puzzles/multiple.txt"]);
    let loose = &json_rows(&out)[0];
    assert_eq!(loose["end"], "stuck");
    assert_eq!(loose["candidates"].as_array().unwrap().len(), 16);
    // An elimination step lists what it removes.
    let medium = rows[1]["steps"].as_array().unwrap();
    let locked = medium
        .iter()
        .find(|s| s["technique"] == "locked_candidates")
        .unwrap();
    assert!(!locked["eliminations"].as_array().unwrap().is_empty());
}

#[test]
fn explain_works_on_4x4_16x16_and_jigsaw_and_names_regions() {
    let (code, out, _) = run(&["explain", "-f", "json", "puzzles/4x4.txt"]);
    assert_eq!(code, Some(0));
    assert!(json_rows(&out).iter().all(|r| r["end"] == "solved"));
    let (code, out, _) = run(&["explain", "-f", "json", "puzzles/16x16.txt"]);
    assert_eq!(code, Some(0));
    let rows = json_rows(&out);
    // Digits past 9 are written as the puzzle writes them.
    let text = rows[0]["steps"].to_string();
    assert!(text.contains("=G\""), "{text}");
    let (code, out, _) = run(&[
        "explain",
        "-f",
        "json",
        "--regions",
        "puzzles/variants/jigsaw-9x9.regions",
        "puzzles/variants/jigsaw-9x9.txt",
    ]);
    assert_eq!(code, Some(0));
    let text = out.to_string();
    assert!(text.contains("\"region "), "{text}");
}

#[test]
fn explain_and_hint_write_digits_in_the_alphabet() {
    let letters: String = EASY
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => (b'A' + d as u8 - 1) as char,
            None => c,
        })
        .collect();
    let (code, out, _) = run(&["hint", "--alphabet", "ABCDEFGHI", &letters]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "hidden_single: r1c6 is the only place for H in box 2 (r1c6=H)\n"
    );
    let (_, out, _) = run(&["hint", "-f", "json", "--alphabet", "ABCDEFGHI", &letters]);
    let row = &json_rows(&out)[0];
    assert_eq!(row["step"]["placements"][0], "r1c6=H");
    assert_eq!(row["file"], "<argument>");
}

#[test]
fn hint_gives_the_next_step_of_a_partly_filled_grid() {
    // The Wikipedia puzzle with its first step done by hand.
    let mut grid = EASY.to_string();
    grid.replace_range(5..6, "8");
    let (code, out, _) = run(&["hint", &grid]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("hidden_single: r1c4 is the only place for 6"),
        "{out}"
    );
    let (code, _, err) = run(&["hint", "nosuch.txt"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("nosuch.txt: no such file"), "{err}");
    let (code, out, _) = run(&["hint", "-f", "json", "puzzles/4x4.txt"]);
    assert_eq!(code, Some(0));
    assert_eq!(json_rows(&out).len(), 8);
}

#[test]
fn hint_names_the_wrong_entry() {
    // r1c3 is 4 in the solution: a 1 there clashes with no given, but leaves no solution.
    let mut grid = EASY.to_string();
    grid.replace_range(2..3, "1");
    let (code, out, _) = run(&["hint", &grid]);
    assert_eq!(code, Some(1));
    assert!(out.starts_with("wrong"), "{out}");
    assert!(out.contains("r1c3=1"), "{out}");
    let (_, out, _) = run(&["hint", "-f", "json", &grid]);
    let row = &json_rows(&out)[0];
    assert_eq!(row["status"], "no_solution");
    assert!(row["wrong"].as_array().unwrap().contains(&"r1c3=1".into()));
    // Two equal digits in a row: the rules name both.
    let mut grid = EASY.to_string();
    grid.replace_range(2..3, "5");
    let (code, _, err) = run(&["hint", &grid]);
    assert_eq!(code, Some(2));
    assert!(err.contains("two 5s in row 1 (r1c1 and r1c3)"), "{err}");
}

#[test]
fn hint_works_on_pencil_marks_and_names_a_cell_that_lost_its_digit() {
    // The first 4×4 of puzzles/4x4.txt (solution 1432 2341 4213 3124) with every open
    // cell marked 1234.
    let marks = "1 4 1234 1234\n1234 1234 1234 1234\n1234 1234 1 1234\n3 1234 1234 1234\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("marks.txt");
    std::fs::write(&path, marks).unwrap();
    let path = path.to_str().unwrap();
    let (code, out, _) = run(&["hint", "--marks", "-f", "json", path]);
    assert_eq!(code, Some(0));
    assert!(json_rows(&out)[0]["step"]["technique"].is_string(), "{out}");
    // Without 3 in r1c3, its own digit: named.
    std::fs::write(path, marks.replacen("1234", "124", 1)).unwrap();
    let (code, out, _) = run(&["hint", "--marks", path]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("wrong marks: r1c3 has lost its digit"),
        "{out}"
    );
    // Marks of several solutions where logic stops: said so, with the marks.
    std::fs::write(
        path,
        "1 234 234 234\n234 234 1234 1234\n234 1234 1234 1234\n234 1234 1234 1234\n",
    )
    .unwrap();
    let (code, out, _) = run(&["hint", "--marks", path]);
    assert_eq!(code, Some(1));
    assert!(out.starts_with("stuck: no technique applies"), "{out}");
    // Marks that are no grid, and entries that clash.
    std::fs::write(path, "1 2 3\n").unwrap();
    let (code, _, err) = run(&["hint", "--marks", path]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("3 cells in a row, which is no grid size"),
        "{err}"
    );
    std::fs::write(path, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 2\n").unwrap();
    let (code, _, err) = run(&["hint", "--marks", path]);
    assert_eq!(code, Some(2));
    assert!(err.contains("two 2s in row 4 (r4c3 and r4c4)"), "{err}");
}

#[test]
fn candidates_print_a_grid_and_json() {
    let (code, out, _) = run(&["candidates", "puzzles/multiple.txt"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("# puzzle 1 (line 2): multiple\n"), "{out}");
    let (code, out, _) = run(&["candidates", "-f", "json", "puzzles/examples.txt"]);
    assert_eq!(code, Some(0));
    for row in json_rows(&out) {
        let cells = row["candidates"].as_array().unwrap();
        assert_eq!(cells.len(), 81);
        assert!(cells.iter().all(|c| c.as_str().unwrap().len() == 1));
    }
    let (code, _, _) = run(&["candidates", "puzzles/unsolvable-4x4.txt"]);
    assert_eq!(code, Some(1));
    // With --relations: the pairs every solution keeps, in text and JSON; none on a
    // unique puzzle, and no field without the flag.
    let swap = "puzzles/swap-4x4.txt";
    let (code, out, _) = run(&["candidates", "--relations", "-f", "json", swap]);
    assert_eq!(code, Some(0));
    let row = &json_rows(&out)[0];
    assert_eq!(row["equal"], serde_json::json!(["r1c1 r2c3", "r1c3 r2c1"]));
    assert_eq!(row["different"], serde_json::json!([]));
    let (_, out, _) = run(&["candidates", "--relations", "puzzles/4x4.txt"]);
    assert!(
        out.contains("# always equal: none\n# never equal: none\n"),
        "{out}"
    );
    let (_, out, _) = run(&["candidates", "-f", "json", swap]);
    assert!(json_rows(&out)[0].get("equal").is_none());
    let (code, _, err) = run(&["candidates", "-f", "tokens", "puzzles/4x4.txt"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--format"), "{err}");
}

/// The true candidates `satdoku candidates` prints for `file` equal the union of all
/// solutions, enumerated by the independent brute force.
fn candidates_match_brute_force(file: &str, rules: &PlainRules, flags: &[&str]) {
    let mut args = vec!["candidates", "-f", "json"];
    args.extend(flags);
    let path = format!("puzzles/{file}");
    args.push(&path);
    let (_, out, _) = run(&args);
    let rows = json_rows(&out);
    let puzzles = parse_file(file);
    assert_eq!(rows.len(), puzzles.len());
    for (row, puzzle) in rows.iter().zip(&puzzles) {
        let size = puzzle.len();
        let mut union = vec![vec![false; size + 1]; size * size];
        brute_force_solutions_under(puzzle, rules, usize::MAX, &mut |solution| {
            for (i, &v) in solution.iter().flatten().enumerate() {
                union[i][v as usize] = true;
            }
        });
        let expected: Vec<String> = union
            .iter()
            .map(|seen| {
                (1..=size)
                    .filter(|&v| seen[v])
                    .map(|v| {
                        std::char::from_digit(v as u32, 36)
                            .unwrap()
                            .to_ascii_uppercase()
                    })
                    .collect()
            })
            .collect();
        if expected.iter().all(String::is_empty) {
            assert!(row.get("candidates").is_none(), "{row}");
            continue;
        }
        let got: Vec<String> = row["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        assert_eq!(got, expected, "{file}");
    }
}

#[test]
fn true_candidates_are_the_union_of_all_solutions() {
    candidates_match_brute_force("multiple.txt", &PlainRules::classic(false), &[]);
    candidates_match_brute_force("empty-4x4.txt", &PlainRules::classic(false), &[]);
    candidates_match_brute_force("unsolvable-4x4.txt", &PlainRules::classic(false), &[]);
    candidates_match_brute_force(
        "diagonal-4x4.txt",
        &PlainRules::classic(true),
        &["--diagonal"],
    );
    let regions = PlainRules {
        regions: Some(read_regions("variants/jigsaw-6x6.regions")),
        ..PlainRules::default()
    };
    candidates_match_brute_force(
        "variants/jigsaw-6x6.txt",
        &regions,
        &["--regions", "puzzles/variants/jigsaw-6x6.regions"],
    );
    let anti_king = PlainRules {
        boxes: Some((2, 3)),
        anti_king: true,
        ..PlainRules::default()
    };
    candidates_match_brute_force("variants/6x6.txt", &anti_king, &["--anti-king"]);
}

#[test]
fn rate_on_the_se_scale_adds_a_number() {
    let (code, out, _) = run(&["rate", "--scale", "se", "puzzles/examples.txt"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("1.2 easy hidden_single 51 steps"), "{out}");
    assert!(out.contains("\n10.5 expert nested_forcing_chain "), "{out}");
    let (_, out, _) = run(&[
        "rate",
        "--scale",
        "se",
        "-f",
        "json",
        "puzzles/examples.txt",
    ]);
    let rows = json_rows(&out);
    assert_eq!(rows[0]["rating"], 1.2);
    assert_eq!(rows[1]["rating"], 2.6);
    let (_, out, _) = run(&["rate", "-f", "json", "puzzles/examples.txt"]);
    assert!(json_rows(&out)[0].get("rating").is_none());
}

#[test]
fn candidates_with_logic_keep_every_true_candidate() {
    for (file, solved) in [
        ("puzzles/examples.txt", true),
        ("puzzles/multiple.txt", false),
        // Logic reasons with constraints too: each cage's own logic and singles solve it.
        ("puzzles/variants/constraints/killer-1.json", true),
        ("puzzles/variants/constraints/arrow-3.json", true),
    ] {
        let (_, out, _) = run(&["candidates", "--logic", "-f", "json", file]);
        for row in json_rows(&out) {
            let truth = row["candidates"].as_array().unwrap();
            let left = row["logic_candidates"].as_array().unwrap();
            assert_eq!(truth.len(), left.len(), "{row}");
            for (t, l) in truth.iter().zip(left) {
                let (t, l) = (t.as_str().unwrap(), l.as_str().unwrap());
                assert!(t.chars().all(|d| l.contains(d)), "{file}: {t} not in {l}");
                if solved {
                    assert_eq!(t, l, "{file}: logic solves these");
                }
            }
        }
    }
}

/// On a terminal, a puzzle whose logic runs long is named beside the progress bar with its
/// steps and the share of its work left (a slow path is not a hung program). Runs under
/// `script`, which gives satdoku a terminal (skipped without it); stopped after 5 s.
#[cfg(target_os = "linux")]
#[test]
fn a_long_logical_path_shows_how_far_it_has_come() {
    use std::process::{Command, Stdio};
    let binary = assert_cmd::cargo::cargo_bin!("satdoku");
    let output = Command::new("script")
        .args([
            "-qfec",
            &format!(
                "timeout -s KILL 5 '{}' explain puzzles/variants/constraints/knightmare-1.toml \
                 > /dev/null",
                binary.display()
            ),
            "/dev/null",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output();
    let Ok(output) = output else {
        common::skipped(
            "a_long_logical_path_shows_how_far_it_has_come",
            "no `script` command (util-linux)",
        );
        return;
    };
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains(" · puzzle 1 (line 4): "), "{text}");
    assert!(text.contains("% of its logic's work left"), "{text}");
}

#[test]
fn candidates_count_each_digits_share_of_the_solutions() {
    // The empty 4×4 has 288 solutions, each digit in each cell in a quarter of them.
    let output = common::satdoku()
        .args([
            "candidates",
            "--count",
            "-f",
            "json",
            "puzzles/empty-4x4.txt",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let rows = json_rows(&common::stdout_of(&output));
    assert_eq!(rows[0]["solutions"], 288);
    assert_eq!(rows[0]["all_solutions"], true);
    let counts = rows[0]["counts"].as_object().unwrap();
    assert_eq!(counts.len(), 16);
    for digits in counts.values() {
        let digits = digits.as_object().unwrap();
        assert_eq!(digits.len(), 4);
        assert!(digits.values().all(|n| *n == 72));
    }
    // Past the limit: no counts, and the line says why.
    let capped = common::satdoku()
        .args([
            "candidates",
            "--count",
            "--limit",
            "100",
            "puzzles/empty-4x4.txt",
        ])
        .output()
        .unwrap();
    let text = common::stdout_of(&capped);
    assert!(
        text.contains(
            "# more than 100 solutions: counts need every one (raise --limit, or give --cap K)"
        ),
        "{text}"
    );
    // With --cap: counts past the limit, each stopping at the cap (50 of the 72 here).
    let capped = common::satdoku()
        .args(["candidates", "--count", "--cap", "50", "-f", "json"])
        .arg("puzzles/empty-4x4.txt")
        .output()
        .unwrap();
    assert_eq!(capped.status.code(), Some(0));
    let rows = json_rows(&common::stdout_of(&capped));
    assert_eq!(
        (rows[0]["cap"].as_u64(), rows[0]["all_solutions"].as_bool()),
        (Some(50), Some(false))
    );
    let counts = rows[0]["counts"].as_object().unwrap();
    assert_eq!(counts.len(), 16);
    assert!(
        counts
            .values()
            .all(|d| d.as_object().unwrap().values().all(|n| *n == 50))
    );
    let text = common::stdout_of(
        &common::satdoku()
            .args([
                "candidates",
                "--count",
                "--cap",
                "50",
                "puzzles/empty-4x4.txt",
            ])
            .output()
            .unwrap(),
    );
    assert!(
        text.contains("counted up to 50 (50+: 50 or more):"),
        "{text}"
    );
    assert!(text.contains("# r4c4 1:50+ 2:50+ 3:50+ 4:50+\n"), "{text}");
    // A cap above every count: exact counts, all solutions.
    let rows = json_rows(&common::stdout_of(
        &common::satdoku()
            .args(["candidates", "--count", "--cap", "300", "-f", "json"])
            .arg("puzzles/empty-4x4.txt")
            .output()
            .unwrap(),
    ));
    assert_eq!(
        (
            rows[0]["solutions"].as_u64(),
            rows[0]["all_solutions"].as_bool()
        ),
        (Some(288), Some(true))
    );
    assert!(
        rows[0]["counts"]["r1c1"]
            .as_object()
            .unwrap()
            .values()
            .all(|n| *n == 72)
    );
    // --cap needs --count, and replaces --limit.
    for args in [
        &["--cap", "5"][..],
        &["--count", "--cap", "5", "--limit", "9"],
        &["--count", "--cap", "0"],
    ] {
        let out = common::satdoku()
            .arg("candidates")
            .args(args)
            .arg("puzzles/empty-4x4.txt")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
