//! The `satdoku` command end to end: formats, standard input, exit codes and every error.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{stderr_of, stdout_of};

use common::satdoku;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use common::{check_solution, known_solutions, parse_file, parse_line, puzzle_path};
use predicates::prelude::*;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// `satdoku solve FILE` prints one line per puzzle, each the known solution.
fn solve_matches_known(file: &str, extra: &[&str], diagonal: bool) {
    let output = satdoku()
        .arg("solve")
        .args(extra)
        .arg(puzzle_path(file))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let lines: Vec<_> = stdout_of(&output).lines().map(parse_line).collect();
    let puzzles = parse_file(file);
    let known = known_solutions(file);
    assert_eq!(lines.len(), puzzles.len());
    for ((line, puzzle), known) in lines.iter().zip(&puzzles).zip(&known) {
        check_solution(puzzle, line, diagonal).unwrap();
        assert_eq!(Some(line), known.as_ref());
    }
}

#[test]
fn solves_every_line_of_a_file() {
    solve_matches_known("examples.txt", &[], false);
}

#[test]
fn detects_sixteen_and_twenty_five_from_the_length() {
    solve_matches_known("16x16.txt", &[], false);
    solve_matches_known("25x25.txt", &[], false);
    solve_matches_known("4x4.txt", &[], false);
}

#[test]
fn solves_diagonal_puzzles_with_diagonal_flag() {
    solve_matches_known("diagonal.txt", &["--diagonal"], true);
    solve_matches_known("diagonal-16x16.txt", &["--diagonal"], true);
}

#[test]
fn reads_standard_input_when_no_file_or_dash() {
    let known = &known_solutions("examples.txt")[0];
    for args in [&["solve"][..], &["solve", "-"][..]] {
        let output = satdoku()
            .args(args)
            .write_stdin(format!("{WIKIPEDIA}\n"))
            .output()
            .unwrap();
        assert!(output.status.success());
        assert_eq!(Some(parse_line(stdout_of(&output).trim())), *known);
    }
}

#[test]
fn block_output_has_box_separators_and_reads_back() {
    let output = satdoku()
        .args(["solve", "--format", "block"])
        .write_stdin(WIKIPEDIA)
        .output()
        .unwrap();
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[0], "5 3 4 | 6 7 8 | 9 1 2");
    assert_eq!(lines[3], "------+-------+------");
    let grid: satdoku::Grid = text.parse().unwrap();
    assert_eq!(
        Some(common::plain(&grid)),
        known_solutions("examples.txt")[0]
    );
}

#[test]
fn reads_block_files_with_metadata_lines() {
    let output = satdoku()
        .args(["solve", "puzzles/block.sdk"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        Some(parse_line(stdout_of(&output).trim())),
        known_solutions("examples.txt")[0]
    );
}

#[test]
fn reads_c_style_token_arrays_and_writes_tokens() {
    let output = satdoku()
        .args(["solve", "--format", "tokens", "puzzles/tokens.txt"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let rows: Vec<Vec<u32>> = stdout_of(&output)
        .lines()
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    assert_eq!(Some(rows), known_solutions("tokens.txt")[0]);
}

#[test]
fn big_grids_beyond_the_alphabet_use_numbers() {
    let output = satdoku()
        .args(["solve", "puzzles/36x36.txt"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let solution = parse_line(stdout_of(&output).trim());
    check_solution(&parse_file("36x36.txt")[0], &solution, false).unwrap();
}

#[test]
fn json_rows_carry_index_status_and_solution_or_error() {
    let input = format!("{WIKIPEDIA}\n123\n{}\n", parse_first_unsolvable());
    let output = satdoku()
        .args(["solve", "--format", "json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let rows: Vec<serde_json::Value> = stdout_of(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["index"], 1);
    assert_eq!(rows[0]["status"], "solved");
    let solution = parse_line(rows[0]["solution"].as_str().unwrap());
    assert_eq!(Some(solution), known_solutions("examples.txt")[0]);
    assert_eq!(rows[1]["index"], 2);
    assert_eq!(rows[1]["line"], 2);
    assert_eq!(rows[1]["status"], "invalid");
    assert!(
        rows[1]["error"]
            .as_str()
            .unwrap()
            .contains("line 2: 3 symbols")
    );
    assert!(rows[1].get("solution").is_none());
    assert_eq!(rows[2]["index"], 3);
    assert_eq!(rows[2]["status"], "no_solution");
}

fn parse_first_unsolvable() -> String {
    std::fs::read_to_string(puzzle_path("unsolvable.txt"))
        .unwrap()
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .to_string()
}

#[test]
fn exit_code_is_one_when_a_puzzle_has_no_solution() {
    let output = satdoku()
        .args(["solve", "puzzles/unsolvable.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    // A comment line per puzzle keeps the output aligned with the input.
    let stdout = stdout_of(&output);
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(
        stdout
            .lines()
            .all(|l| l.starts_with("# no solution (puzzle "))
    );
    let stderr = stderr_of(&output);
    assert!(stderr.contains("puzzles/unsolvable.txt: puzzle 1 (line 3): no solution"));
    assert_eq!(stderr.lines().count(), 3);
}

/// Every error of puzzles/invalid.txt, reported with its line and cell, and exit code 2.
#[test]
fn every_input_error_names_its_line_and_cell() {
    let output = satdoku()
        .args(["solve", "puzzles/invalid.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = stdout_of(&output);
    assert!(
        stdout.lines().all(|l| l.starts_with("# invalid (puzzle ")),
        "{stdout}"
    );
    let stderr = stderr_of(&output);
    let expected = [
        "line 3: 80 symbols fit no supported grid",
        "line 4, r5c5: unknown symbol 'x' in a 9×9 grid (digits are 123456789, blank . or 0)",
        "line 5: two 5s in row 1 (r1c1 and r1c3)",
        "line 6: two 5s in column 1 (r1c1 and r7c1)",
        "line 7: two 3s in box 1 (r1c2 and r2c3)",
        "line 8, r2c2: unknown symbol 'H' in a 16×16 grid",
        "line 9, r4c3: unknown symbol '5' in a 4×4 grid",
        "line 13, r2c3: 'x' is not a number",
        "line 31, r9c9: 10 is out of range in a 9×9 grid (1 to 9, 0 for blank)",
        "line 38: row 4 has 8 cells, but the grid is 9 wide",
        "line 47: the grid starting here ends after 5 of its 9 rows",
        "line 55: 3 symbols fit no supported grid",
    ];
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), expected.len(), "{stderr}");
    for (line, want) in lines.iter().zip(expected) {
        assert!(line.starts_with("satdoku: puzzles/invalid.txt: "), "{line}");
        assert!(line.contains(want), "{line:?} lacks {want:?}");
    }
}

#[test]
fn diagonal_clashes_are_errors_only_with_diagonal() {
    satdoku()
        .args(["solve", "--diagonal", "puzzles/invalid-diagonal.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 2: two 1s on the main diagonal (r1c1 and r4c4)",
        ))
        .stderr(predicate::str::contains(
            "line 3: two 2s on the anti-diagonal (r1c9 and r9c1)",
        ));
    satdoku()
        .args(["solve", "puzzles/invalid-diagonal.txt"])
        .assert()
        .code(0);
}

#[test]
fn bad_puzzles_do_not_stop_the_batch_unless_fail_fast() {
    let input = format!("{WIKIPEDIA}\n11..............\n{WIKIPEDIA}\n");
    let output = satdoku()
        .arg("solve")
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    // Two solutions, and a comment line for the invalid puzzle.
    assert_eq!(stdout_of(&output).lines().count(), 3);
    assert!(stderr_of(&output).contains("<stdin>: line 2: two 1s in row 1 (r1c1 and r1c2)"));

    let output = satdoku()
        .args(["solve", "--fail-fast"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout_of(&output).lines().count(), 2);
}

#[test]
fn a_missing_file_is_reported_and_the_next_file_still_solved() {
    let output = satdoku()
        .args(["solve", "no-such-file.txt", "puzzles/4x4.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("satdoku: no-such-file.txt: "));
    assert_eq!(
        stdout_of(&output).lines().count(),
        parse_file("4x4.txt").len()
    );
}

#[test]
fn custom_alphabet_reads_and_writes_its_symbols() {
    let puzzle = std::fs::read_to_string(puzzle_path("16x16.txt"))
        .unwrap()
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .to_string();
    let to_hex = |text: &str| -> String {
        text.chars()
            .map(|c| match "123456789ABCDEFG".find(c) {
                Some(i) => "0123456789ABCDEF".as_bytes()[i] as char,
                None => c,
            })
            .collect()
    };
    let output = satdoku()
        .args(["solve", "--alphabet", "0123456789abcdef"])
        .write_stdin(to_hex(&puzzle))
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let known = std::fs::read_to_string(puzzle_path("16x16.solutions.txt")).unwrap();
    let known_hex = to_hex(known.lines().next().unwrap()).to_lowercase();
    assert_eq!(stdout_of(&output).trim(), known_hex);
}

#[test]
fn bad_alphabet_and_bad_usage_exit_with_two() {
    satdoku()
        .args(["solve", "--alphabet", "12.4"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bad --alphabet: symbol '.' is reserved",
        ));
    satdoku().args(["solve", "--no-such-flag"]).assert().code(2);
    satdoku().args(["frobnicate"]).assert().code(2);
}

#[test]
fn forced_input_format_overrides_detection() {
    // A 4-symbol line is a block row in auto mode, an error when one-line puzzles are forced.
    satdoku()
        .args(["solve", "--input", "line", "puzzles/block.sdk"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 3: 9 symbols fit no supported grid",
        ));
    satdoku()
        .args(["solve", "--input", "block", "puzzles/block.sdk"])
        .assert()
        .code(0);
    satdoku()
        .args(["solve", "--input", "tokens", "puzzles/tokens.txt"])
        .assert()
        .code(0);
}

/// A 16×16 grid written as 16 rows without spaces is told apart from 4×4 one-line puzzles.
#[test]
fn sixteen_symbol_lines_are_told_apart() {
    let solutions = std::fs::read_to_string(puzzle_path("16x16.txt")).unwrap();
    let puzzle = solutions.lines().find(|l| !l.starts_with('#')).unwrap();
    let rows: Vec<&str> = (0..16).map(|r| &puzzle[r * 16..(r + 1) * 16]).collect();
    let four = std::fs::read_to_string(puzzle_path("4x4.txt")).unwrap();
    let input = format!("{}\n\n{four}", rows.join("\n"));
    let output = satdoku().arg("solve").write_stdin(input).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let lines: Vec<String> = stdout_of(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 1 + parse_file("4x4.txt").len());
    assert_eq!(Some(parse_line(&lines[0])), known_solutions("16x16.txt")[0]);
    assert!(lines[1..].iter().all(|l| l.len() == 16));
}

#[test]
fn broken_pipe_ends_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("satdoku"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..20_000 {
            if writeln!(stdin, "1...............").is_err() {
                break;
            }
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first.trim().len(), 16);
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr_of(&output), "");
}

#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin!("satdoku"))
        .args(["solve", "puzzles/examples.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("writing the output"));
}

#[test]
fn random_garbage_never_panics() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..20 {
        let bytes: Vec<u8> = (0..2000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                b"0123456789.,|-+# \nABCxyz\r\t\xff"[(state % 27) as usize]
            })
            .collect();
        let output = satdoku().arg("solve").write_stdin(bytes).output().unwrap();
        assert!(matches!(output.status.code(), Some(0..=2)), "{output:?}");
        assert!(!stderr_of(&output).contains("panicked"));
    }
}

/// Batches run on several threads print the same output, in input order, as one thread;
/// invalid puzzles keep their place.
#[test]
fn threads_keep_the_input_order() {
    let mut input = std::fs::read_to_string(common::puzzle_path("examples.txt")).unwrap();
    input.push_str("11..............\n");
    input.push_str(&std::fs::read_to_string(common::puzzle_path("multiple.txt")).unwrap());
    for command in [
        &["solve", "-f", "json"][..],
        &["check"][..],
        &["count", "--limit", "3"][..],
        &["solve", "--solver", "dlx"][..],
    ] {
        let outputs: Vec<_> = ["1", "2", "3"]
            .iter()
            .map(|threads| {
                let output = satdoku()
                    .args(command)
                    .args(["--threads", threads])
                    .write_stdin(input.clone())
                    .output()
                    .unwrap();
                (
                    output.status.code(),
                    String::from_utf8(output.stdout).unwrap(),
                )
            })
            .collect();
        assert_eq!(outputs[0].0, Some(2), "{command:?}: an invalid puzzle");
        assert!(outputs[0].1.lines().count() >= 7, "{command:?}");
        assert_eq!(outputs[0], outputs[1], "{command:?}");
        assert_eq!(outputs[0], outputs[2], "{command:?}");
    }
}

/// `--timeout` gives up on a puzzle, reports it with the status `timeout`, and goes on.
#[test]
fn timeouts_are_reported_and_the_batch_goes_on() {
    // naive backtracking cannot finish every puzzle of examples.txt (the 17-clue one is
    // built to defeat it), nor prove all of them unique, in 100 ms.
    for command in ["solve", "check", "count"] {
        let output = satdoku()
            .args([
                command,
                "--solver",
                "naive",
                "--timeout",
                "100ms",
                "-f",
                "json",
            ])
            .arg("puzzles/examples.txt")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{command}");
        let rows: Vec<serde_json::Value> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows.len(), 7, "{command}: one row per puzzle");
        let timeouts = rows.iter().filter(|r| r["status"] == "timeout").count();
        assert!(timeouts >= 1, "{command}");
        assert!(timeouts < 7, "{command}: the easy ones finish");
    }
    // The SAT engine stops in time too: the minimal encoding needs far longer than this on
    // the bundled 25×25 puzzles.
    satdoku()
        .args(["check", "--solver", "sat:minimal", "--timeout", "200ms"])
        .arg("puzzles/25x25.txt")
        .assert()
        .code(1)
        .stdout("timeout\ntimeout\n");
}
