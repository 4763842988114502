//! Reading puzzles as people and other tools write them: byte-order marks, arrays copied
//! from code, metadata after a puzzle, `_` blanks, collection headers, hexadoku, huge lines,
//! empty inputs and a terminal on standard input.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{stderr_of, stdout_of};

use common::satdoku;

use std::io::Write;
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use common::{Plain, check_solution, known_solutions, parse_line, puzzle_path};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The known solution of the Wikipedia example.
fn wikipedia_solution() -> Plain {
    known_solutions("examples.txt")[0].clone().unwrap()
}

/// `satdoku solve` of `input` on standard input, which must succeed quietly; its solutions.
fn solve_quietly(input: &str) -> Vec<Plain> {
    let output = satdoku().arg("solve").write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert_eq!(stderr_of(&output), "", "{input}");
    stdout_of(&output).lines().map(parse_line).collect()
}

/// A temporary file holding `bytes`.
fn temp_file(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(bytes).unwrap();
    file.flush().unwrap();
    file
}

#[test]
fn a_file_with_a_byte_order_mark_solves() {
    let file = temp_file(format!("\u{FEFF}{WIKIPEDIA}\r\n").as_bytes());
    let output = satdoku().arg("solve").arg(file.path()).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert_eq!(parse_line(stdout_of(&output).trim()), wikipedia_solution());
    // Also before a tokens grid, where the mark used to make the first number unreadable.
    let tokens = std::fs::read_to_string(puzzle_path("tokens.txt")).unwrap();
    let file = temp_file(format!("\u{FEFF}{tokens}").as_bytes());
    satdoku()
        .arg("solve")
        .arg(file.path())
        .assert()
        .code(0)
        .stderr("");
}

#[test]
fn arrays_copied_from_code_solve_to_the_known_solution() {
    let known = known_solutions("examples.txt");
    for (file, index) in [("c-array.txt", 0), ("python-array.txt", 1)] {
        let output = satdoku()
            .args(["solve", "--format", "json"])
            .arg(puzzle_path(file))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
        let rows: Vec<serde_json::Value> = stdout_of(&output)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows.len(), 1, "{file}");
        assert_eq!(rows[0]["index"], 1);
        let solution = parse_line(rows[0]["solution"].as_str().unwrap());
        assert_eq!(Some(solution), known[index], "{file}");
    }
    // A JSON grid on one line, and LeetCode's board of strings.
    let lists = |cell: &dyn Fn(char) -> String| -> String {
        let rows: Vec<String> = (0..9)
            .map(|r| {
                let cells: Vec<String> = WIKIPEDIA[r * 9..(r + 1) * 9].chars().map(cell).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    let json = lists(&|c| if c == '.' { "0".into() } else { c.to_string() });
    let leetcode = format!("board = {}", lists(&|c| format!("\"{c}\"")));
    assert!(
        leetcode.starts_with("board = [[\"5\",\"3\",\".\""),
        "{leetcode}"
    );
    for text in [json, leetcode] {
        assert_eq!(solve_quietly(&text), [wikipedia_solution()], "{text}");
    }
}

#[test]
fn metadata_after_a_puzzle_is_not_read_as_cells() {
    let solution: String = wikipedia_solution()
        .iter()
        .flatten()
        .map(|d| char::from_digit(*d, 10).unwrap())
        .collect();
    let input = [
        format!("{WIKIPEDIA}\tPlatinum Blonde"),
        format!("{WIKIPEDIA}:1:{solution}"),
        "Puzzle,Solution,".to_string(),
        format!("{WIKIPEDIA},{solution},"),
        format!("{WIKIPEDIA} box duplicate"),
        WIKIPEDIA.replace('.', "_"),
    ]
    .join("\n");
    assert_eq!(solve_quietly(&input), vec![wikipedia_solution(); 5]);
}

#[test]
fn headers_of_known_collections_are_skipped() {
    // Project Euler 96 names each grid; Norvig-style files may start with a count.
    let euler = "2\nGrid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n\
                 006708200\n002609500\n800203009\n005010300\nGrid 02\n200080300\n060070084\n\
                 030500209\n000105408\n000000000\n402706000\n301007040\n720040060\n004010003\n";
    let output = satdoku()
        .args(["solve", "--format", "json"])
        .write_stdin(euler)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert_eq!(stderr_of(&output), "");
    let rows: Vec<serde_json::Value> = stdout_of(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (&rows[0]["index"], &rows[0]["line"]),
        (&1.into(), &3.into())
    );
    assert_eq!(
        (&rows[1]["index"], &rows[1]["line"]),
        (&2.into(), &13.into())
    );
    let lines: Vec<&str> = euler.lines().collect();
    for (row, start) in rows.iter().zip([2, 12]) {
        let puzzle = parse_line(&lines[start..start + 9].concat());
        let solution = parse_line(row["solution"].as_str().unwrap());
        check_solution(&puzzle, &solution, false).unwrap();
    }
}

/// The first 16×16 puzzle of the bundled set and its known solution, in the default
/// alphabet.
fn sixteen() -> (String, Plain) {
    let text = std::fs::read_to_string(puzzle_path("16x16.txt")).unwrap();
    let puzzle = text.lines().find(|l| !l.starts_with('#')).unwrap();
    (
        puzzle.to_string(),
        known_solutions("16x16.txt")[0].clone().unwrap(),
    )
}

/// `text` with the default 16×16 symbols written as a hexadoku's (`0` to `F`).
fn to_hex(text: &str) -> String {
    text.chars()
        .map(|c| match "123456789ABCDEFG".find(c) {
            Some(i) => "0123456789ABCDEF".as_bytes()[i] as char,
            None => c,
        })
        .collect()
}

#[test]
fn a_hexadoku_is_read_with_zero_as_a_digit() {
    let (puzzle, known) = sixteen();
    let hex = to_hex(&puzzle);
    assert!(hex.contains('0') && hex.contains('.') && !hex.contains('G'));
    let output = satdoku()
        .args(["solve", "--format", "tokens"])
        .write_stdin(hex.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert_eq!(stderr_of(&output), "");
    let numbers: Plain = stdout_of(&output)
        .lines()
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    assert_eq!(numbers, known);
    // Unique, as the puzzle is meant: not `multiple` with every 0 taken for a blank; and
    // the solution is written in the hexadoku's own symbols, `0` to `F`.
    let known_line: String = known
        .iter()
        .flatten()
        .map(|&d| "0123456789ABCDEF".as_bytes()[d as usize - 1] as char)
        .collect();
    satdoku()
        .arg("check")
        .write_stdin(hex.clone())
        .assert()
        .code(0)
        .stdout(format!("unique {known_line}\n"));
    // Messages name digits as the hexadoku writes them: digit 11 is `A`.
    let clash = format!("AA{}", &hex[2..]);
    let output = satdoku().arg("solve").write_stdin(clash).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("line 1: two As in row 1 (r1c1 and r1c2)"),
        "{}",
        stderr_of(&output)
    );
}

#[test]
fn an_ambiguous_zero_is_read_as_blank_with_a_warning() {
    // No G, and 0 the only blank: 0 stays a blank, and the user is told how to say otherwise.
    let (puzzle, _) = sixteen();
    let zeros = puzzle.replace('G', ".").replace('.', "0");
    let output = satdoku()
        .arg("solve")
        .write_stdin(zeros.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let stderr = stderr_of(&output);
    assert!(
        stderr.starts_with("satdoku: <stdin>: warning: line 1: 0 was read as a blank"),
        "{stderr}"
    );
    assert!(stderr.contains("--alphabet 0123456789ABCDEF"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);
    let solution = parse_line(stdout_of(&output).trim());
    check_solution(&parse_line(&zeros), &solution, false).unwrap();
    // The warning shows with every command, JSON output included.
    let output = satdoku()
        .args(["check", "--format", "json"])
        .write_stdin(zeros.clone())
        .output()
        .unwrap();
    assert!(stderr_of(&output).contains("warning: line 1: 0 was read as a blank"));
    // … and in the JSON row itself.
    let row: serde_json::Value = serde_json::from_str(stdout_of(&output).trim()).unwrap();
    let warnings = row["warnings"].as_array().expect("a warnings field");
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .contains("0 was read as a blank"),
        "{row}"
    );
    // With the alphabet named, 0 is a digit and nothing is guessed.
    let output = satdoku()
        .args(["solve", "--alphabet", "0123456789ABCDEF"])
        .write_stdin(zeros)
        .output()
        .unwrap();
    assert!(!stderr_of(&output).contains("warning"));
}

#[test]
fn length_messages_fit_the_layout_they_were_read_in() {
    let output = satdoku()
        .args(["solve", "--input", "block"])
        .write_stdin(format!("{WIKIPEDIA}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr_of(&output),
        "satdoku: <stdin>: line 1: 81 symbols fit no row of a block grid (a row has 4 to 64 \
         cells); it looks like a one-line puzzle: drop --input block\n"
    );
    let output = satdoku()
        .args(["solve", "--input", "line"])
        .arg(puzzle_path("block.sdk"))
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("line 3: 9 symbols fit no supported grid on one line"),
        "{stderr}"
    );
    assert!(stderr.contains("drop --input line"), "{stderr}");
    // Numbers are counted as numbers.
    satdoku()
        .arg("solve")
        .write_stdin("0, 12, 0\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "line 1: 3 numbers fit no supported grid",
        ));
}

#[test]
fn a_huge_line_is_rejected_and_the_batch_goes_on() {
    // 100 MB of numbers on one line, then a puzzle.
    let mut file = tempfile::NamedTempFile::new().unwrap();
    {
        let mut writer = std::io::BufWriter::new(file.as_file_mut());
        let chunk = "1, ".repeat(1 << 14);
        for _ in 0..(100_000_000 / chunk.len()) {
            writer.write_all(chunk.as_bytes()).unwrap();
        }
        writeln!(writer).unwrap();
        writeln!(writer, "{WIKIPEDIA}").unwrap();
    }
    let output = satdoku()
        .args(["solve", "--format", "json"])
        .arg(file.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(": line 1: longer than 65536 bytes, more than any puzzle needs"),
        "{stderr}"
    );
    let rows: Vec<serde_json::Value> = stdout_of(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["status"], "invalid");
    assert_eq!(
        (&rows[1]["index"], &rows[1]["line"]),
        (&2.into(), &2.into())
    );
    assert_eq!(
        parse_line(rows[1]["solution"].as_str().unwrap()),
        wikipedia_solution()
    );
}

#[test]
fn empty_input_says_so_and_exits_with_two() {
    for command in ["solve", "check", "count", "rate"] {
        // Nothing else: no summary of nothing (`rated 0 puzzles`).
        satdoku()
            .arg(command)
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr("satdoku: <stdin>: no puzzles found\n");
    }
    // A first line of digits alone is a count of the puzzles that follow: when none do,
    // the message says what became of it.
    satdoku()
        .arg("check")
        .write_stdin("1234\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "satdoku: <stdin>: no puzzles found (line 1 (1234) was read as a count of the \
             puzzles that follow)\n",
        );
    satdoku()
        .args(["solve", "--format", "json"])
        .write_stdin("\n# only a comment\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr("satdoku: <stdin>: no puzzles found\n");
    // A file of comments and blank lines holds no puzzle either; the next file is solved.
    let file = temp_file(b"# nothing here\n\n");
    let name = file.path().display().to_string();
    let output = satdoku()
        .arg("solve")
        .arg(file.path())
        .arg(puzzle_path("examples.txt"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr_of(&output),
        format!("satdoku: {name}: no puzzles found\n")
    );
    assert_eq!(stdout_of(&output).lines().count(), 7);
}

/// With a terminal on standard input, one line on stderr says where puzzles are read from.
/// Runs `satdoku solve` under `script`, which gives it a terminal (skipped without it).
#[cfg(target_os = "linux")]
#[test]
fn a_terminal_on_standard_input_is_told_puzzles_are_read_from_it() {
    let binary = assert_cmd::cargo::cargo_bin!("satdoku");
    let spawned = Process::new("script")
        .args([
            "-qec",
            &format!("'{}' solve", binary.display()),
            "/dev/null",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = spawned else {
        common::skipped(
            "a_terminal_on_standard_input_is_told_puzzles_are_read_from_it",
            "no `script` command (util-linux)",
        );
        return;
    };
    let mut stdin = child.stdin.take().unwrap();
    // The puzzle, then Ctrl-D to end the input.
    write!(stdin, "{WIKIPEDIA}\n\x04").unwrap();
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("satdoku did not end at Ctrl-D");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let text = stdout_of(&output).replace('\r', "");
    assert!(
        text.contains(
            "satdoku: reading puzzles from standard input (one per line; Ctrl-D to end)\n"
        ),
        "{text}"
    );
    let solution: String = wikipedia_solution()
        .iter()
        .flatten()
        .map(|d| char::from_digit(*d, 10).unwrap())
        .collect();
    assert!(text.contains(&solution), "{text}");
    // Piped input is not told.
    satdoku()
        .arg("solve")
        .write_stdin(WIKIPEDIA)
        .assert()
        .code(0)
        .stderr("");
}

/// An f-puzzles share link (a 4×4 with a killer cage and a thermometer), from README.
const LINK: &str = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3lwC6yQv3GCRYwTL5SBC8UJEgA1hDJkYGAMYk01QiB0xNYfCABKNAMIAmEKms2AzCBWlK1EAFYQ/Y1Myc3g8KzsbGkdw+3dUTyoEEAB2fxU2AAttAFsAe2yYNm18UDIIZhgQgisXSOjLWocnWrdlYVQ2CDYtJIAPfyA=";

/// Share links are read as links wherever they come: on standard input, one a line in a
/// text file (comments and blank lines between them), and as a Windows shortcut (`.url`).
/// A line among them that is no link is named, and the rest are still read.
#[test]
fn links_in_files_and_on_standard_input_are_read_as_links() {
    let argument = satdoku().args(["check", LINK]).output().unwrap();
    assert_eq!(argument.status.code(), Some(0), "{}", stderr_of(&argument));
    let verdict = stdout_of(&argument);
    assert!(verdict.starts_with("unique "), "{verdict}");
    satdoku()
        .arg("check")
        .write_stdin(format!("{LINK}\n"))
        .assert()
        .code(0)
        .stdout(verdict.clone());
    let dir = tempfile::tempdir().unwrap();
    let links = dir.path().join("links.txt");
    std::fs::write(
        &links,
        format!("# two links\n\n{LINK}\nnot a link\n{LINK}\n"),
    )
    .unwrap();
    let output = satdoku()
        .args(["check", "--format", "json"])
        .arg(&links)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let rows = common::json_rows(&stdout_of(&output));
    assert_eq!(rows.len(), 2);
    for (row, (index, line)) in rows.iter().zip([(1, 3), (2, 5)]) {
        assert_eq!(row["status"], "unique", "{row}");
        assert_eq!(
            (row["index"].as_u64(), row["line"].as_u64()),
            (Some(index), Some(line))
        );
        assert_eq!(
            row["rules"], "boxes 2x2, 2 killer cages, 1 thermometer",
            "{row}"
        );
    }
    assert_eq!(
        stderr_of(&output),
        format!(
            "satdoku: {}: line 4: not a share link (this input holds links, one a line: give \
             grids in a file of their own)\n",
            links.display()
        )
    );
    let shortcut = dir.path().join("puzzle.url");
    std::fs::write(
        &shortcut,
        format!("[InternetShortcut]\r\nURL={LINK}\r\nIconIndex=0\r\n"),
    )
    .unwrap();
    satdoku()
        .arg("check")
        .arg(&shortcut)
        .assert()
        .code(0)
        .stdout(verdict);
}

/// An argument that names no file is an error about the file ("no such file"), also for
/// `hint`, which takes a grid as an argument: only what reads as a grid, or does not look
/// like a file's name, is read as one. A directory is not a file.
#[test]
fn a_missing_file_is_named_as_missing() {
    for command in ["check", "hint", "solve", "explain"] {
        satdoku()
            .args([command, "nonexistent_file.txt"])
            .assert()
            .code(2)
            .stdout("")
            .stderr("satdoku: nonexistent_file.txt: no such file\n");
    }
    satdoku()
        .args(["check", "puzzles"])
        .assert()
        .code(2)
        .stderr("satdoku: puzzles: is a directory, not a file\n");
    // `hint` still takes a grid, and says what is wrong with a grid of the wrong length.
    let output = satdoku()
        .args(["hint", "1...........4..."])
        .output()
        .unwrap();
    assert_ne!(output.status.code(), Some(2), "{}", stderr_of(&output));
    assert!(stdout_of(&output).contains("candidates"));
    satdoku()
        .args(["hint", &WIKIPEDIA[..80]])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("80 symbols fit no"));
}

/// A grid larger than any supported (N lines of N numbers, N above 64) is named as such,
/// not read as N one-line puzzles of √N×√N; a file with more such lines than that is
/// puzzles, one a line.
#[test]
fn a_grid_too_big_is_named() {
    let row = |r: usize| {
        (0..100)
            .map(|c| if (r + c).is_multiple_of(37) { "5" } else { "0" })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let grid: String = (0..100).map(|r| row(r) + "\n").collect();
    satdoku()
        .arg("check")
        .write_stdin(grid.clone())
        .assert()
        .code(2)
        .stdout(predicates::str::starts_with(
            "invalid line 1: 100 rows of 100",
        ))
        .stderr(predicates::str::contains(
            "a 100×100 grid, too big (64×64 is the largest)",
        ));
    let more = format!("{grid}{}\n", row(100));
    let output = satdoku().arg("check").write_stdin(more).output().unwrap();
    assert_eq!(stdout_of(&output).lines().count(), 101);
    assert!(!stderr_of(&output).contains("too big"));
    // Forced to read lines as puzzles, it does.
    let output = satdoku()
        .args(["check", "--input", "line"])
        .write_stdin(grid)
        .output()
        .unwrap();
    assert_eq!(stdout_of(&output).lines().count(), 100);
}

/// A UTF-16 file (with a byte-order mark, or without one) is named as UTF-16, not read as
/// unknown symbols; control characters in messages are shown as escapes.
#[test]
fn encodings_and_control_characters_are_named() {
    let utf16 = |big: bool, bom: bool| {
        let mut bytes = Vec::new();
        if bom {
            bytes.extend(if big { [0xFE, 0xFF] } else { [0xFF, 0xFE] });
        }
        for unit in format!("{WIKIPEDIA}\n").encode_utf16() {
            bytes.extend(if big {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        bytes
    };
    for (big, bom, name) in [
        (false, true, "little-endian"),
        (true, true, "big-endian"),
        (false, false, "little-endian"),
    ] {
        let file = temp_file(&utf16(big, bom));
        let output = satdoku().arg("solve").arg(file.path()).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            stderr_of(&output),
            format!(
                "satdoku: {}: the input is UTF-16 ({name}): save it as UTF-8\n",
                file.path().display()
            )
        );
    }
    let output = satdoku()
        .arg("check")
        .write_stdin("4\u{7}..............\n1.3\t\u{1b}.\n")
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("line 1, r1c2: unknown symbol '\\u{7}' in a 4×4 grid"),
        "{stderr}"
    );
    assert!(!stderr.contains(['\u{7}', '\u{1b}']), "{stderr:?}");
}

/// `--input` forced on text of another layout says which flag to drop.
#[test]
fn a_forced_layout_that_does_not_fit_names_its_flag() {
    satdoku()
        .args(["check", "--input", "tokens"])
        .arg(puzzle_path("4x4.txt"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "line 3: 1 number fits no supported grid",
        ))
        .stderr(predicates::str::contains(
            "it looks like a one-line puzzle: drop --input tokens",
        ));
}

#[test]
fn a_puzzle_file_piped_in_is_read_as_that_file() {
    // satdoku's TOML, f-puzzles JSON: the same answer as from the file itself.
    for name in [
        "variants/constraints/rellik-1.toml",
        "variants/constraints/killer-2.json",
        "variants/constraints/pencil-marks-3.toml",
    ] {
        let path = common::puzzle_path(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let (code, piped, err) = common::run(&["check"], &text);
        assert_eq!(code, Some(0), "{name}: {err}");
        let (_, from_file, _) = common::run(&["check", path.to_str().unwrap()], "");
        assert_eq!(piped, from_file, "{name}");
    }
    // Arrays from code that assign a name stay puzzle text.
    let text = std::fs::read_to_string(common::puzzle_path("python-array.txt")).unwrap();
    let (code, out, err) = common::run(&["solve"], &text);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.len(), 82);
    // A piped TOML file with an error says what is wrong, as a file would.
    let (code, _, err) = common::run(&["check"], "puzzle = \"1...\"\n[[cage]]\n");
    assert_eq!(code, Some(2));
    assert!(err.starts_with("satdoku: <stdin>"), "{err}");
}

/// The library's `read_text` (what the Python package reads with) finds the puzzles the
/// command finds in the same text, usable or not, for every form: lines, blocks, tokens,
/// a table, pencil marks, invalid lines, TOML, f-puzzles and SudokuPad data, links.
#[test]
fn the_library_reads_a_text_as_the_command_reads_it() {
    use satdoku::format::{ReadOptions, Settled, read_text};
    let files = [
        "examples.txt",
        "block.sdk",
        "tokens.txt",
        "dataset.csv",
        "sukaku.txt",
        "invalid.txt",
        "multiple.txt",
        "variants/killer.toml",
        "variants/jigsaw-anti-king.toml",
        "variants/constraints/killer-1.json",
        "variants/sudokupad/introduction-to-renban-lines.scl",
        "variants/sudokupad/knight-in-words.json",
    ];
    let read_all = |text: &str| {
        let defaults = satdoku::RulesSpec::default();
        read_text(
            text,
            &ReadOptions::default(),
            &defaults,
            &Settled::default(),
        )
    };
    for name in files {
        let path = puzzle_path(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let read = read_all(&text).unwrap();
        let usable: Vec<bool> = read.iter().map(|r| r.puzzle.is_ok()).collect();
        // The command on the same text through standard input (sniffed, not named).
        let (_, out, _) = common::run(&["check", "--format", "json"], &text);
        let rows = common::json_rows(&out);
        let valid: Vec<bool> = (rows.iter())
            .map(|row| row["status"] != "invalid")
            .collect();
        assert_eq!(usable, valid, "{name}");
        assert!(!usable.is_empty(), "{name}");
    }
    // A text of links, one a line, and a line that is none.
    let link = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3lwC6yQv3GCRYwTL5SBC8UJEgA1hDJkYGAMYk01QiB0xNYfCABKNAMIAmEKms2AzCBWlK1EAFYQ/Y1Myc3g8KzsbGkdw+3dUTyoEEAB2fxU2AAttAFsAe2yYNm18UDIIZhgQgisXSOjLWocnWrdlYVQ2CDYtJIAPfyA=";
    let text = format!("# two links\n{link}\nnot a link\n{link}\n");
    let read = read_all(&text).unwrap();
    let shown: Vec<String> = (read.iter())
        .map(|r| match &r.puzzle {
            Ok(p) => p.grid().to_string(),
            Err(e) => e.to_string(),
        })
        .collect();
    assert_eq!(shown.len(), 3, "{shown:?}");
    assert!(
        shown[1].starts_with("line 3: not a share link"),
        "{shown:?}"
    );
    assert_eq!(shown[0], shown[2]);
    assert!(
        read_text(
            "",
            &ReadOptions::default(),
            &Default::default(),
            &Settled::default()
        )
        .is_err()
    );
}
