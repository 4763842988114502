//! Region rules from the command line and from files: flags that do not fit refused, TOML puzzle files carrying their rules, extra regions and pairs to differ, and region files with disconnected regions.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{
    PlainRules, brute_force_count_under, check_solution_under, puzzle_path, satdoku, to_grid,
};
use predicates::prelude::*;
use satdoku::{Puzzle, SatSolver, Solver};

/// Rules that do not fit the grid, or cannot be made, are clear errors with exit code 2.
#[test]
fn bad_rules_are_refused() {
    let nine = "puzzles/examples.txt";
    for (args, message) in [
        (
            &["--boxes", "2x3", nine][..],
            "a 9×9 grid, but the boxes are for 6×6",
        ),
        (&["--boxes", "1x9", nine][..], "do not make a grid"),
        (&["--boxes", "3by3", nine][..], "is not a box size"),
        (
            &["--boxes", "2x3", "--windoku", nine][..],
            "windoku needs square boxes",
        ),
        (
            &[
                "--regions",
                "puzzles/variants/jigsaw-9x9.regions",
                "--disjoint-groups",
                nine,
            ][..],
            "disjoint groups needs boxes",
        ),
        (
            &["--regions", "puzzles/variants/jigsaw-6x6.regions", nine][..],
            "a 9×9 grid, but the regions are for 6×6",
        ),
        (
            &["--regions", "puzzles/variants/missing.regions", nine][..],
            "missing.regions",
        ),
        (
            &["--regions", "puzzles/4x4.txt", nine][..],
            "bad region file",
        ),
        (
            &[
                "--boxes",
                "3x3",
                "--regions",
                "puzzles/variants/jigsaw-9x9.regions",
                nine,
            ][..],
            "cannot be used with",
        ),
    ] {
        satdoku()
            .arg("solve")
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    // A region file whose regions are of the wrong size names the region.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.regions");
    std::fs::write(&path, "AAAB\nAABB\nCCDD\nCCDD\n").unwrap();
    satdoku()
        .args(["solve", "--regions"])
        .arg(&path)
        .write_stdin("................\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "region A has 5 cells, but every region needs 4",
        ));
    // A grid of prime size has no boxes: it needs regions.
    satdoku()
        .arg("solve")
        .write_stdin(".".repeat(49) + "\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a 7×7 grid has no boxes (7 is prime)",
        ));
    // Givens that clash in a jigsaw region name it by its letter.
    satdoku()
        .args(["solve", "--regions", "puzzles/variants/jigsaw-9x9.regions"])
        .write_stdin(format!("1{}1{}\n", ".".repeat(9), ".".repeat(70)))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "two 1s in region A (r1c1 and r2c2)",
        ));
    // Givens that clash under a relation name both cells.
    satdoku()
        .args(["solve", "--anti-knight"])
        .write_stdin(format!("..1{}1{}\n", ".".repeat(10), ".".repeat(67)))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "two 1s a knight's move apart (r1c3 and r2c5)",
        ));
}

/// A puzzle file (TOML) carries its own rules: every command reads them, lines are the
/// file's, the command line's extra rules join them, and bad files are refused by line.
#[test]
fn puzzle_files_carry_their_rules() {
    let file = "puzzles/variants/jigsaw-anti-king.toml";
    let output = satdoku()
        .args(["check", "-f", "json", file])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let row: serde_json::Value =
        serde_json::from_str(String::from_utf8(output.stdout).unwrap().trim()).unwrap();
    assert_eq!(row["line"], 16);
    assert_eq!(row["rules"], "jigsaw, anti-king");
    let solution = common::parse_line(row["solutions"][0].as_str().unwrap());
    let text = std::fs::read_to_string(puzzle_path("variants/jigsaw-anti-king.toml")).unwrap();
    let givens: common::Plain = text
        .lines()
        .skip(15)
        .take(9)
        .map(|line| {
            line.split_whitespace()
                .map(|t| t.parse().unwrap_or(0))
                .collect()
        })
        .collect();
    let rules = PlainRules {
        regions: Some(common::read_regions("variants/jigsaw-9x9.regions")),
        anti_king: true,
        ..PlainRules::default()
    };
    check_solution_under(&givens, &solution, &rules).unwrap();
    // Without its anti-king rule the same puzzle is loose: the file's rules are used.
    let loose = Puzzle::new(
        to_grid(&givens),
        PlainRules {
            anti_king: false,
            ..rules.clone()
        }
        .to_lib(9),
    )
    .unwrap();
    assert!(!SatSolver::new().count(&loose, 1).complete);
    // Every command reads it.
    satdoku()
        .args(["count", file])
        .assert()
        .code(0)
        .stdout("1\n");
    satdoku()
        .args(["cnf", file])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "c satdoku: 9×9 Sudoku (jigsaw, anti-king)",
        ));
    // Extra rules on the command line join the file's; regions twice are refused.
    satdoku()
        .args(["count", "--anti-knight", "-f", "json", file])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "two 2s a knight's move apart (r4c7 and r5c5)",
        ));
    satdoku()
        .args(["check", "--boxes", "3x3", file])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("given twice"));
    // Bad files name the line.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, text.replace("anti-king\"]", "anti-bishop\"]")).unwrap();
    satdoku()
        .arg("check")
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 14: unknown rule \"anti-bishop\"",
        ));
    std::fs::write(&bad, text.replace("1 . . . . . . 7 6", "1 1 . . . . . 7 6")).unwrap();
    satdoku()
        .arg("solve")
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 16: two 1s in row 9 (r9c1 and r9c2)",
        ));
    std::fs::write(&bad, "puzzle = [1, 2]\n").unwrap();
    satdoku()
        .arg("solve")
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a satdoku puzzle file"));
}

/// A puzzle file's own extra regions and pairs to differ: counts agree with the independent
/// brute force, and bad cells are refused by line.
#[test]
fn puzzle_files_take_extra_regions_and_pairs() {
    let text = "extra-regions = [[\"r1c1\", \"r1c4\", \"r4c1\", \"r4c4\"]]\n\
                differ = [[\"r1c2\", \"r3c3\"], [\"R2C1\", \"r4c2\"]]\n\
                puzzle = \"1...............\"\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("corners.toml");
    std::fs::write(&path, text).unwrap();
    let mut values = vec![vec![0; 4]; 4];
    values[0][0] = 1;
    let rules = PlainRules {
        extra_regions: vec![vec![(0, 0), (0, 3), (3, 0), (3, 3)]],
        pairs: vec![((0, 1), (2, 2)), ((1, 0), (3, 1))],
        ..PlainRules::default()
    };
    let expected = brute_force_count_under(&values, &rules, 1000);
    assert!(
        expected > 0 && expected < brute_force_count_under(&values, &PlainRules::default(), 1000)
    );
    satdoku()
        .args(["count", "-f", "json"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(format!("\"count\":{expected}")))
        .stdout(predicate::str::contains("1 extra region, 2 marked pairs"));
    for ((from, to), message) in [
        (("r4c4", "r4c5"), "cell r4c5 is outside a 4×4 grid"),
        (
            ("\"r4c4\"", "\"r1c1\""),
            "extra region 1 has 3 distinct cells",
        ),
        (
            ("\"r1c2\", \"r3c3\"", "\"r1c2\""),
            "line 2: a pair to differ has 1 cells, not 2",
        ),
        (("R2C1", "x2"), "line 2: \"x2\" is not a cell"),
    ] {
        std::fs::write(&path, text.replace(from, to)).unwrap();
        satdoku()
            .arg("count")
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

/// Regions need not be connected; a region file with disconnected regions is read, and the
/// setter is told which.
#[test]
fn disconnected_regions_are_allowed_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("split.regions");
    std::fs::write(&path, "AABB\nCABB\nACDD\nCCDD\n").unwrap();
    let regions = vec![
        vec![0, 0, 1, 1],
        vec![2, 0, 1, 1],
        vec![0, 2, 3, 3],
        vec![2, 2, 3, 3],
    ];
    let rules = PlainRules {
        regions: Some(regions),
        ..PlainRules::default()
    };
    let expected = brute_force_count_under(&vec![vec![0; 4]; 4], &rules, 10_000);
    satdoku()
        .args(["count", "--regions"])
        .arg(&path)
        .write_stdin("................\n")
        .assert()
        .stdout(format!("{expected}\n"))
        .stderr(predicate::str::contains(
            "regions A, C are not connected (allowed)",
        ));
}

/// Every rule over the whole grid is a flag of every command: Mitchell Lee's Miracle
/// Sudoku (Cracking the Cryptic, 2020: anti-knight, anti-king and non-consecutive, two
/// givens) has its published solution, which breaks none of the three (checked here
/// cell by cell); the empty grid under those rules has 72 solutions.
#[test]
fn miracle_sudoku_from_flags() {
    let mut givens = vec![b'.'; 81];
    givens[4 * 9 + 2] = b'1';
    givens[5 * 9 + 6] = b'2';
    let published = "483726159726159483159483726837261594261594837594837261\
                     372615948615948372948372615";
    let flags = ["--anti-knight", "--anti-king", "--non-consecutive"];
    satdoku()
        .arg("check")
        .args(flags)
        .write_stdin(givens)
        .assert()
        .success()
        .stdout(format!("unique {published}\n"));
    let digit = |r: isize, c: isize| published.as_bytes()[(r * 9 + c) as usize] - b'0';
    for r in 0..9 {
        for c in 0..9 {
            for (dr, dc) in [
                (1, 2),
                (2, 1),
                (1, -2),
                (2, -1),
                (1, 1),
                (1, -1),
                (0, 1),
                (1, 0),
            ] {
                let (r2, c2) = (r + dr, c + dc);
                if !(0..9).contains(&r2) || !(0..9).contains(&c2) {
                    continue;
                }
                let (a, b) = (digit(r, c), digit(r2, c2));
                let orthogonal = dr == 0 || dc == 0;
                assert!(a != b && !(orthogonal && a.abs_diff(b) == 1), "r{r}c{c}");
            }
        }
    }
    satdoku()
        .arg("count")
        .args(flags)
        .write_stdin(".".repeat(81))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("72"));
}

/// Without boxes (`--boxes none`, or `boxes = "none"` in a puzzle file) the rows and
/// columns alone hold every digit: a 7×7 (which has no boxes) is read and solved, its
/// solution valid for the independent validator; a grid of prime size without the flag is
/// refused with the flag to use; a rule placed by regions is refused; and a file written by
/// `export` keeps `boxes = "none"`.
#[test]
fn grids_without_boxes_are_latin_squares() {
    let seven = "32..6...35..6....1..6...62.77......4.3.....4....1";
    let output = satdoku()
        .args(["solve", "--boxes", "none"])
        .write_stdin(format!("{seven}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let solution = common::parse_line(common::stdout_of(&output).trim());
    let rules = PlainRules {
        latin: true,
        ..PlainRules::default()
    };
    check_solution_under(&common::parse_line(seven), &solution, &rules).unwrap();
    satdoku()
        .arg("solve")
        .write_stdin(format!("{seven}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--boxes none"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin.toml");
    std::fs::write(
        &path,
        format!(
            "boxes = \"none\"\npuzzle = \"{seven}\"\n[[region-sum-line]]\ncells = \"r1c1 r1c2\"\n"
        ),
    )
    .unwrap();
    satdoku()
        .arg("check")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no given regions"));
    std::fs::write(&path, format!("boxes = \"none\"\npuzzle = \"{seven}\"\n")).unwrap();
    let exported = satdoku()
        .args(["export", "--to", "toml"])
        .arg(&path)
        .output()
        .unwrap();
    let text = common::stdout_of(&exported);
    assert!(text.contains("boxes = \"none\""), "{text}");
    std::fs::write(&path, text).unwrap();
    satdoku()
        .arg("check")
        .arg(&path)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("unique "));
}
