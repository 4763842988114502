//! Bounds and runaway runs: every user-given bound honoured or refused, no wrong verdict
//! from a degenerate limit, timeouts that hold, output that is whole or absent, Ctrl-C.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{satdoku, stderr_of, stdout_of};

use std::io::Write;
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;

/// A limit of 0 solutions is refused, never answered "no solution" or `0+`.
#[test]
fn a_limit_of_zero_is_refused() {
    for args in [
        &["solve", "--all", "--limit", "0", "puzzles/empty-4x4.txt"][..],
        &["count", "--limit", "0", "puzzles/empty-4x4.txt"][..],
        &["generate", "--count", "0"][..],
    ] {
        satdoku()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("must be at least 1"));
    }
    // A limit of 1 is the smallest answer: one solution, and `1+` for a grid with more.
    satdoku()
        .args(["count", "--limit", "1", "puzzles/empty-4x4.txt"])
        .assert()
        .code(0)
        .stdout("1+\n");
}

/// `--threads` takes 1 to 256, and says so.
#[test]
fn threads_are_bounded() {
    for threads in ["0", "257", "100000"] {
        for command in ["solve", "check", "count", "compare", "rate", "generate"] {
            let file = (command != "generate").then_some("puzzles/4x4.txt");
            satdoku()
                .args([command, "--threads", threads])
                .args(file)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains("1..=256"));
        }
    }
    satdoku()
        .args(["check", "--threads", "256", "puzzles/4x4.txt"])
        .assert()
        .code(0)
        .stdout(predicate::function(|out: &str| out.lines().count() == 8));
}

/// Numbers of givens that no unique puzzle has are refused at once, with the reason.
#[test]
fn impossible_numbers_of_givens_are_refused() {
    for (args, fewest) in [
        (&["--givens", "16"][..], "at least 17"),
        (&["--givens", "5"][..], "at least 17"),
        (&["--size", "4", "--givens", "3"][..], "at least 4"),
        (&["--size", "16", "--givens", "14"][..], "at least 15"),
        (&["--diagonal", "--givens", "7"][..], "at least 8"),
    ] {
        let start = Instant::now();
        satdoku()
            .arg("generate")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(fewest));
        assert!(start.elapsed() < Duration::from_secs(30), "{args:?}");
    }
}

/// A timeout holds for big grids too: the run ends within a small multiple of it (the
/// bound here is generous, for slow test machines), reports the puzzle and exits 1.
#[test]
fn generate_timeouts_hold_on_big_grids() {
    for size in ["49", "64"] {
        let start = Instant::now();
        satdoku()
            .args(["generate", "--size", size, "--seed", "1", "--timeout", "1s"])
            .timeout(Duration::from_secs(120))
            .assert()
            .code(1)
            .stderr(predicate::str::contains(
                "no puzzle met the options in time",
            ));
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "size {size}: {:?} for a 1 s timeout",
            start.elapsed()
        );
    }
}

/// Standard output takes one CNF: with two puzzles nothing is written (a truncated set
/// would be solved happily by any SAT solver).
#[test]
fn cnf_with_several_puzzles_on_stdout_writes_nothing() {
    satdoku()
        .args(["cnf", "puzzles/4x4.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("nothing was written")
                .and(predicate::str::contains("puzzle 2 (line")),
        );
    satdoku()
        .args(["cnf", "puzzles/tokens.txt"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("c satdoku"));
}

/// `check --timeout` names the puzzle it gave up on, as `solve` does.
#[test]
fn check_timeouts_are_named_on_stderr() {
    satdoku()
        .args(["check", "--solver", "sat:minimal", "--timeout", "200ms"])
        .arg("puzzles/25x25.txt")
        .assert()
        .code(1)
        .stdout("timeout\ntimeout\n")
        .stderr(
            predicate::str::contains("puzzle 1 (line").and(predicate::str::contains("timeout")),
        );
}

/// `solve` keeps its output aligned with the input: a puzzle without a solution gets a
/// comment line, which the reader skips.
#[test]
fn solve_output_stays_aligned_with_the_input() {
    let output = satdoku()
        .args(["solve", "puzzles/unsolvable-4x4.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("# no solution (puzzle "))
    );
    // Mixed: invalid puzzles get a line too.
    let mut input = std::fs::read_to_string("puzzles/4x4.txt").unwrap();
    input.push_str("11..............\n1...............\n");
    let output = satdoku().arg("solve").write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 10, "{stdout}");
    assert!(
        lines[8].starts_with("# invalid (puzzle 9, line"),
        "{stdout}"
    );
    assert_eq!(lines[9].len(), 16, "{stdout}");
}

/// `solve --all` heads each puzzle's solutions with a comment line naming it.
#[test]
fn all_solutions_of_each_puzzle_are_headed() {
    satdoku()
        .args(["solve", "--all", "--limit", "2"])
        .args(["puzzles/empty-4x4.txt", "puzzles/multiple.txt"])
        .assert()
        .code(0)
        .stdout(predicate::function(|out: &str| {
            let lines: Vec<&str> = out.lines().collect();
            lines.len() == 6
                && lines[0] == "# puzzle 1 of puzzles/empty-4x4.txt (line 2)"
                && lines[3] == "# puzzle 1 of puzzles/multiple.txt (line 2)"
        }));
}

/// Ctrl-C: the puzzles under way finish, everything finished is written (in input order),
/// the summary line says how many, and the exit status is 130.
#[cfg(unix)]
#[test]
fn an_interrupt_writes_what_is_finished() {
    let dir = tempfile::tempdir().unwrap();
    let (path, verdicts) = repeated_examples(dir.path(), 3000);
    let child = piped(&["check", "--minimal", "--threads", "2"], &path)
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(child.id());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stdout = stdout_of(&output);
    let stderr = stderr_of(&output);
    let written = stdout.lines().count();
    assert!(written > 0, "some puzzles finish in 1.5 s");
    assert!(written < 21_000, "the run was stopped");
    for (i, row) in stdout.lines().enumerate() {
        assert!(row.starts_with(&verdicts[i % 7]), "row {}: {row}", i + 1);
    }
    let summary = stderr
        .lines()
        .find(|l| l.contains(" puzzles: "))
        .unwrap_or_else(|| panic!("a summary line: {stderr}"));
    assert!(
        summary.starts_with(&format!(
            "satdoku: {written} puzzles: {written} unique, 0 invalid"
        )),
        "{summary} after {written} lines"
    );
}

/// `satdoku ARGS PATH`, its output piped, to be started.
#[cfg(unix)]
fn piped(args: &[&str], path: &std::path::Path) -> StdCommand {
    let mut command = StdCommand::new(assert_cmd::cargo::cargo_bin("satdoku"));
    command
        .args(args)
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Sends SIGINT to process `pid`, once, as `kill -INT` does.
#[cfg(unix)]
fn interrupt(pid: u32) {
    let sent = StdCommand::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// A file of `copies` times the bundled examples, and the verdict line of each example.
#[cfg(unix)]
fn repeated_examples(dir: &std::path::Path, copies: usize) -> (std::path::PathBuf, Vec<String>) {
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/examples.txt");
    let puzzles = std::fs::read_to_string(&examples).unwrap();
    let path = dir.join("many.txt");
    let mut file = std::fs::File::create(&path).unwrap();
    for _ in 0..copies {
        file.write_all(puzzles.as_bytes()).unwrap();
    }
    let verdicts = satdoku().arg("check").arg(&examples).output().unwrap();
    let verdicts: Vec<String> = stdout_of(&verdicts).lines().map(str::to_string).collect();
    assert_eq!(verdicts.len(), 7);
    (path, verdicts)
}

/// Sends SIGINT as `timeout` does: to the process, then to its whole process group, so
/// that it arrives twice within microseconds.
#[cfg(unix)]
fn interrupt_like_timeout(pid: u32) {
    let sent = StdCommand::new("sh")
        .arg("-c")
        .arg(format!("kill -INT {pid}; kill -INT -{pid}"))
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Signals in quick succession (`timeout -s INT`, a signal to the process group) are one
/// interrupt: in 50 runs stopped at different moments, every finished row is written
/// whole and in order, the summary counts them, and the exit status is 130.
#[cfg(unix)]
#[test]
fn interrupts_in_quick_succession_lose_no_row() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let (path, verdicts) = repeated_examples(dir.path(), 3000);
    for run in 0..50u64 {
        let threads = if run % 2 == 0 { "1" } else { "2" };
        let mut child = piped(
            &["check", "--solver", "sat:minimal", "--threads", threads],
            &path,
        )
        .process_group(0)
        .spawn()
        .unwrap();
        // Its first row says the handler is in place (it is installed before any work): a
        // signal before that is the shell's business (ignored where the test runs in the
        // background, default elsewhere), not the command's.
        let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut stdout = String::new();
        std::io::BufRead::read_line(&mut reader, &mut stdout).unwrap();
        std::thread::sleep(Duration::from_millis(30 + (run * 37) % 400));
        interrupt_like_timeout(child.id());
        std::io::Read::read_to_string(&mut reader, &mut stdout).unwrap();
        let output = child.wait_with_output().unwrap();
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(130), "run {run}: {stderr}");
        let rows: Vec<&str> = stdout.lines().collect();
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(*row, verdicts[i % 7], "run {run}, row {}", i + 1);
        }
        assert!(
            stdout.is_empty() || stdout.ends_with('\n'),
            "run {run}: a row cut short"
        );
        let summary = stderr
            .lines()
            .find(|l| l.contains(" puzzles: ") || l.contains(" puzzle: "))
            .unwrap_or_else(|| panic!("run {run}: a summary line: {stderr}"));
        let n = rows.len();
        assert!(
            summary.starts_with(&format!("satdoku: {n} puzzle")),
            "run {run}: {summary} after {n} rows"
        );
        assert!(!stderr.contains("stopped at once"), "run {run}: {stderr}");
    }
}

/// A second interrupt a while after the first stops at once, dropping the slow puzzle
/// under way but writing, whole, the rows finished before it (with two workers, those
/// finished beside it too).
#[cfg(unix)]
#[test]
fn a_later_second_interrupt_keeps_the_rows_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.txt");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let quick = std::fs::read_to_string(root.join("puzzles/4x4.txt")).unwrap();
    let slow = std::fs::read_to_string(root.join("puzzles/36x36.txt")).unwrap();
    std::fs::write(&path, format!("{quick}{slow}{quick}")).unwrap();
    let quick_rows = satdoku()
        .args(["check", "--minimal", "puzzles/4x4.txt"])
        .output()
        .unwrap();
    let quick_rows = stdout_of(&quick_rows);
    let child = piped(&["check", "--minimal", "--threads", "2"], &path)
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(child.id());
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(child.id());
    let output = child.wait_with_output().unwrap();
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped at once"), "{stderr}");
    // The 36×36 takes many seconds to prove minimal: the 4×4s before it are all there.
    assert_eq!(stdout_of(&output), quick_rows, "{stderr}");
}

/// A closed standard output is an error, not a run that writes nothing and exits 0.
#[cfg(unix)]
#[test]
fn a_closed_standard_output_is_an_error() {
    for args in [
        &["solve", "puzzles/4x4.txt"][..],
        &["check", "puzzles/4x4.txt"][..],
        &["report", "puzzles/4x4.txt"][..],
        &["cnf", "puzzles/4x4.txt"][..],
        &["completions", "bash"][..],
    ] {
        let output = StdCommand::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" {} >&-", args.join(" ")))
            .arg(assert_cmd::cargo::cargo_bin("satdoku"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("standard output is closed"),
            "{args:?}: {stderr}"
        );
    }
    // /dev/null is a place to write to.
    let status = StdCommand::new(assert_cmd::cargo::cargo_bin("satdoku"))
        .args(["solve", "puzzles/4x4.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
}

/// `--timeout` means the same for every solver: with 1ns, every puzzle of `solve`,
/// `check` and `count` times out (exit status 1), whichever solver runs it; `compare
/// --timeout 0s` names the solvers that answered nothing and exits with 1.
#[test]
fn a_timeout_holds_for_every_solver() {
    for solver in satdoku::solvers::SOLVER_NAMES {
        for command in ["solve", "check", "count"] {
            let output = satdoku()
                .args([
                    command,
                    "--solver",
                    solver,
                    "--timeout",
                    "1ns",
                    "--format",
                    "json",
                ])
                .arg("puzzles/examples.txt")
                .output()
                .unwrap();
            let rows = common::json_rows(&stdout_of(&output));
            assert_eq!(rows.len(), 7, "{command} --solver {solver}");
            for row in &rows {
                assert_eq!(
                    row["status"], "timeout",
                    "{command} --solver {solver}: {row}"
                );
            }
            assert_eq!(output.status.code(), Some(1), "{command} --solver {solver}");
        }
    }
    satdoku()
        .args(["compare", "--timeout", "0s", "puzzles/4x4.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "satdoku: sat:minimal, sat:extended, sat:reduced, sat:propagated, bitboard, \
             propagate, dlx, naive answered no puzzle within --timeout 0s",
        ));
}

/// No puzzle at all (standard input empty, or every puzzle unreadable): every command
/// says so and exits with 2, and writes nothing that looks like an answer (no page, no
/// table of zeros, no "rated 0 puzzles").
#[test]
fn no_puzzles_give_no_answer() {
    for command in [
        "solve",
        "check",
        "count",
        "rate",
        "explain",
        "hint",
        "candidates",
        "canon",
        "transform",
        "render",
        "report",
        "compare",
        "cnf",
    ] {
        let (code, stdout, stderr) = common::run(&[command], "");
        assert_eq!(code, Some(2), "{command}: {stderr}");
        assert_eq!(stdout, "", "{command}");
        assert_eq!(stderr, "satdoku: <stdin>: no puzzles found\n", "{command}");
        // Only unreadable puzzles: their rows say `invalid` (or, for `solve`, a comment
        // keeps the output aligned; the report's page lists them as such), and nothing
        // more.
        let (code, stdout, stderr) = common::run(&[command], "1.3\n");
        assert_eq!(code, Some(2), "{command}: {stderr}");
        assert!(stderr.contains("3 symbols fit no"), "{command}: {stderr}");
        if command == "report" {
            assert!(stdout.contains("1 invalid"), "{stdout}");
            continue;
        }
        for line in stdout.lines() {
            assert!(
                line.starts_with("invalid ") || line.starts_with("# invalid "),
                "{command}: {stdout}"
            );
        }
    }
}

/// A directory to write into that is a file is "not a directory", for every command that
/// writes files.
#[test]
fn a_file_where_a_directory_goes_is_named() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let name = file.path().display().to_string();
    for args in [
        &["check", "--proof", &name, "puzzles/4x4.txt"][..],
        &["render", "--output", &name, "puzzles/4x4.txt"][..],
        &["cnf", "--output", &name, "puzzles/4x4.txt"][..],
        &["explain", "--render", &name, "puzzles/4x4.txt"][..],
        &["man", "--dir", &name][..],
    ] {
        satdoku()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("satdoku: {name} is not a directory\n"));
    }
}

/// `--version` works on every subcommand; `--quiet` silences notices and summaries on
/// stderr, never errors.
#[test]
fn version_everywhere_and_quiet_notices() {
    for command in [
        "solve", "check", "count", "cnf", "compare", "generate", "rate",
    ] {
        satdoku()
            .args([command, "--version"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(env!("CARGO_PKG_VERSION")));
    }
    satdoku()
        .args(["rate", "puzzles/examples.txt"])
        .assert()
        .stderr(predicate::str::contains("rated 7 puzzles"));
    satdoku()
        .args(["rate", "--quiet", "puzzles/examples.txt"])
        .assert()
        .code(0)
        .stderr("");
    satdoku()
        .args(["generate", "-q"])
        .assert()
        .code(0)
        .stderr("");
    satdoku()
        .args(["solve", "-q", "puzzles/invalid-diagonal.txt", "--diagonal"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two 1s on the main diagonal"));
}
