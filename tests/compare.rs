//! `satdoku compare`: every solver on the same puzzles, their agreement, timeouts, layouts.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::satdoku;

use serde_json::Value;

fn report(args: &[&str], stdin: &str) -> (Option<i32>, Value, String) {
    let output = satdoku()
        .arg("compare")
        .args(args)
        .args(["--format", "json"])
        .write_stdin(stdin)
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (
        output.status.code(),
        value,
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn every_solver_agrees_on_unique_multiple_and_unsolvable_puzzles() {
    let files = [
        "puzzles/4x4.txt",
        "puzzles/multiple.txt",
        "puzzles/unsolvable-4x4.txt",
        "puzzles/diagonal-4x4.txt",
    ];
    let (code, report, stderr) = report(&files, "");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(report["agree"], true);
    let puzzles = report["puzzles"].as_u64().unwrap();
    assert!(puzzles >= 12, "{report}");
    let names: Vec<&str> = report["solvers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["solver"].as_str().unwrap())
        .collect();
    assert_eq!(names, satdoku::solvers::DISTINCT_SOLVERS);
    for row in report["solvers"].as_array().unwrap() {
        assert_eq!(row["puzzles"], puzzles);
        assert_eq!(row["solved"], puzzles, "{row}");
        assert_eq!(row["timeouts"], 0);
        assert!(row["per_second"].as_f64().unwrap() > 0.0);
        assert!(row["median_ms"].as_f64().unwrap() <= row["p99_ms"].as_f64().unwrap());
        assert!(row["mean_effort"].as_f64().is_some(), "{row}");
    }
}

#[test]
fn a_timeout_is_reported_and_the_run_goes_on() {
    // The 17-clue puzzle of examples.txt is built to defeat naive backtracking.
    let (code, report, stderr) = report(
        &[
            "--solvers",
            "naive,propagate",
            "--timeout",
            "50ms",
            "puzzles/examples.txt",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{stderr}");
    let rows = report["solvers"].as_array().unwrap();
    let (naive, propagate) = (&rows[0], &rows[1]);
    assert_eq!(naive["solver"], "naive");
    let timeouts = naive["timeouts"].as_u64().unwrap();
    assert!(timeouts >= 1, "{naive}");
    assert_eq!(naive["solved"].as_u64().unwrap() + timeouts, 7);
    assert_eq!(
        (&propagate["solved"], &propagate["timeouts"]),
        (&7.into(), &0.into())
    );
    assert_eq!(report["agree"], true);
}

#[test]
fn invalid_puzzles_are_reported_and_skipped() {
    let (code, report, stderr) = report(
        &["--solvers", "sat,dlx", "-"],
        "1234............\n11..............\n",
    );
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("<stdin>: line 2: two 1s in row 1"),
        "{stderr}"
    );
    assert_eq!(
        (&report["puzzles"], &report["invalid"]),
        (&1.into(), &1.into())
    );
}

#[test]
fn csv_and_table_have_a_row_per_solver() {
    let csv = satdoku()
        .args([
            "compare",
            "--solvers",
            "sat:extended,propagate",
            "--format",
            "csv",
        ])
        .arg("puzzles/tokens.txt")
        .output()
        .unwrap();
    assert!(csv.status.success());
    let text = String::from_utf8(csv.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("solver,puzzles,solved,timeouts,per_second"));
    assert!(lines[1].starts_with("sat:extended,1,1,0,"));
    assert!(lines[2].starts_with("propagate,1,1,0,") && lines[2].ends_with(",guesses"));
    let table = satdoku()
        .args(["compare", "--solvers", "dlx", "puzzles/tokens.txt"])
        .output()
        .unwrap();
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(text.lines().nth(1).unwrap().starts_with("dlx "), "{text}");
    assert!(text.ends_with("1 puzzle: all solvers agree\n"), "{text}");
}

#[test]
fn the_sat_engine_stops_at_the_deadline() {
    // The minimal encoding takes far longer than this on the bundled 25×25 puzzles.
    let (code, report, stderr) = report(
        &[
            "--solvers",
            "sat:minimal",
            "--timeout",
            "200ms",
            "puzzles/25x25.txt",
        ],
        "",
    );
    // A solver that answered no puzzle is named, and the comparison fails.
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("sat:minimal answered no puzzle within --timeout 200ms"),
        "{stderr}"
    );
    assert_eq!(report["solvers"][0]["timeouts"], 2, "{report}");
}

/// Several threads give the same comparison as one, times aside: every solver's effort is
/// a count, the same wherever the puzzle runs.
#[test]
fn threads_change_only_the_times() {
    let files = [
        "puzzles/4x4.txt",
        "puzzles/multiple.txt",
        "puzzles/unsolvable-4x4.txt",
        "puzzles/diagonal-4x4.txt",
    ];
    let untimed = |threads: &str| {
        let mut args = files.to_vec();
        args.extend(["--threads", threads]);
        let (code, mut report, stderr) = report(&args, "");
        assert_eq!(code, Some(0), "{stderr}");
        for row in report["solvers"].as_array_mut().unwrap() {
            let row = row.as_object_mut().unwrap();
            for timed in ["per_second", "median_ms", "p99_ms"] {
                assert!(row.remove(timed).is_some(), "{timed}");
            }
        }
        report
    };
    let one = untimed("1");
    assert!(one["puzzles"].as_u64().unwrap() >= 10, "{one}");
    assert_eq!(one, untimed("3"));
}

/// Each solver is named once: `sat` is `sat:propagated`, and naming it twice is refused.
/// The effort column's numbers align whatever their units.
#[test]
fn solvers_are_named_once_and_the_table_aligns() {
    satdoku()
        .args([
            "compare",
            "--solvers",
            "sat,sat:propagated",
            "puzzles/4x4.txt",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--solvers names sat:propagated twice (as sat and sat:propagated)",
        ));
    let output = satdoku()
        .args([
            "compare",
            "--solvers",
            "sat,propagate,dlx",
            "puzzles/4x4.txt",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<&str> = stdout.lines().skip(1).take(3).collect();
    // The effort's number ends at the same column (in characters: `µs` is two bytes) on
    // every row, before its unit.
    let ends: Vec<usize> = rows
        .iter()
        .map(|row| row[..row.rfind(' ').unwrap()].chars().count())
        .collect();
    assert!(ends.windows(2).all(|w| w[0] == w[1]), "{stdout}");
}

/// Without `--solvers`, `naive` runs only on puzzles up to 9×9 (above, it only times out):
/// its row counts the puzzles it ran, a notice says so, and named, it runs on every size.
#[test]
fn the_default_set_leaves_naive_out_above_9x9() {
    let solvers = |report: &Value| -> Vec<(String, u64)> {
        report["solvers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                let name = row["solver"].as_str().unwrap().to_string();
                (name, row["puzzles"].as_u64().unwrap())
            })
            .collect()
    };
    // 16x16.txt holds 3 puzzles, 4x4.txt 8.
    let (code, mixed, stderr) = report(&["puzzles/16x16.txt", "puzzles/4x4.txt"], "");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(mixed["puzzles"], 11);
    let rows = solvers(&mixed);
    assert_eq!(rows.len(), satdoku::solvers::DISTINCT_SOLVERS.len());
    for (name, puzzles) in &rows {
        let expected = if name == "naive" { 8 } else { 11 };
        assert_eq!(*puzzles, expected, "{name}: {mixed}");
    }
    assert!(
        stderr.contains("naive was left out of 3 puzzles above 9×9"),
        "{stderr}"
    );
    let (code, big, stderr) = report(&["puzzles/16x16.txt"], "");
    assert_eq!(code, Some(0), "{stderr}");
    let names: Vec<String> = solvers(&big).into_iter().map(|(name, _)| name).collect();
    assert!(!names.iter().any(|name| name == "naive"), "{big}");
    assert_eq!(names.len(), satdoku::solvers::DISTINCT_SOLVERS.len() - 1);
    let (code, named, stderr) = report(
        &[
            "--solvers",
            "propagate,naive",
            "--timeout",
            "100ms",
            "puzzles/16x16.txt",
        ],
        "",
    );
    // Named, naive runs on 16×16 too, and answers none of them in time.
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("naive answered no puzzle"), "{stderr}");
    assert_eq!(
        solvers(&named),
        [("propagate".to_string(), 3), ("naive".to_string(), 3)]
    );
    assert!(!stderr.contains("left out"), "{stderr}");
    satdoku()
        .args(["compare", "--help"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "`naive` only on puzzles up to 9×9",
        ));
}
