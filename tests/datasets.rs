//! Datasets as set builders keep them: CSV and TSV tables with a header, the puzzle in one
//! column, a solution in another (`--expect`), every column carried into JSON and CSV output.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{check_solution, json_rows, parse_line, satdoku, stderr_of, stdout_of};

/// The bundled dataset, read as plain text by this test (no code shared with the reader):
/// its header and rows split at commas outside quotes.
fn dataset() -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(common::puzzle_path("dataset.csv")).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let split = |line: &str| {
        let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' if quoted && chars.peek() == Some(&'"') => {
                    field.push('"');
                    chars.next();
                }
                '"' => quoted = !quoted,
                ',' if !quoted => fields.push(std::mem::take(&mut field)),
                c => field.push(c),
            }
        }
        fields.push(field);
        fields
    };
    let header = split(lines.next().unwrap());
    (header, lines.map(split).collect())
}

/// `command --expect solution -f json` on the bundled dataset: the run and its rows.
fn expecting_solutions(command: &str) -> (std::process::Output, Vec<serde_json::Value>) {
    let output = satdoku()
        .arg(command)
        .args(["--expect", "solution", "-f", "json", "puzzles/dataset.csv"])
        .output()
        .unwrap();
    let rows = json_rows(&stdout_of(&output));
    (output, rows)
}

#[test]
fn a_solution_column_is_checked_against_the_rules_and_the_givens() {
    let (header, rows) = dataset();
    assert_eq!(header, ["id", "source", "puzzle", "solution"]);
    let (output, found) = expecting_solutions("check");
    // A wrong solution is a failure (exit 1), as a puzzle that is not unique is.
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert_eq!(found.len(), rows.len());
    for (row, fields) in found.iter().zip(&rows) {
        // Every column comes back, in order, quotes undone.
        let columns = row["columns"].as_object().unwrap();
        let values: Vec<&str> = header
            .iter()
            .map(|h| columns[h].as_str().unwrap())
            .collect();
        assert_eq!(values, *fields);
        // The status agrees with an independent check of the row's solution.
        let puzzle = parse_line(&fields[2]);
        let given = parse_line(&fields[3]);
        let status = row["status"].as_str().unwrap();
        let blank: common::Plain = vec![vec![0; 9]; 9];
        let obeys_rules = check_solution(&blank, &given, false);
        let keeps_givens = check_solution(&puzzle, &given, false);
        match (obeys_rules, keeps_givens) {
            (Ok(()), Ok(())) => assert_eq!(status, "unique", "{row}"),
            (Ok(()), Err(why)) => assert_eq!(status, "mismatch", "{row}: {why}"),
            (Err(why), _) => assert_eq!(status, "invalid_solution", "{row}: {why}"),
        }
        if status != "unique" {
            assert!(row["error"].as_str().unwrap().starts_with("the solution "));
        }
    }
    let statuses: Vec<&str> = found
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "unique",
            "unique",
            "unique",
            "unique",
            "unique",
            "mismatch",
            "invalid_solution"
        ]
    );
}

#[test]
fn solve_says_when_the_input_gives_another_solution() {
    // Grids have no place for the verdict: it goes to stderr, and the exit status is 1.
    let output = satdoku()
        .args(["solve", "--expect", "4", "puzzles/dataset.csv"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let (_, rows) = dataset();
    let solutions: Vec<String> = stdout_of(&output).lines().map(String::from).collect();
    let given: Vec<String> = rows.iter().map(|r| r[3].clone()).collect();
    assert_eq!(solutions[..5], given[..5]);
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains(
            "puzzle 6 (line 11): mismatch: the solution has 2 at r2c4, where the puzzle gives 1"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("puzzle 7 (line 12): invalid solution: the solution breaks a rule"));
    let (_, rows) = expecting_solutions("solve");
    let statuses: Vec<String> = rows
        .iter()
        .map(|r| r["status"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(statuses[4..], ["solved", "mismatch", "invalid_solution"]);
    // One solution per puzzle is compared: not with --all.
    let all = satdoku()
        .args([
            "solve",
            "--all",
            "--expect",
            "solution",
            "puzzles/dataset.csv",
        ])
        .output()
        .unwrap();
    assert_eq!(all.status.code(), Some(2));
    assert!(stderr_of(&all).contains("drop --all"));
}

#[test]
fn csv_output_carries_the_columns_and_adds_the_verdict() {
    let (header, rows) = dataset();
    let output = satdoku()
        .args(["check", "-f", "csv", "puzzles/dataset.csv"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let out_header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let own = ["status", "solutions", "differences", "conflict", "error"];
    assert_eq!(out_header[..4], header[..]);
    assert_eq!(out_header[4..], own);
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), rows.len());
    for (record, fields) in records.iter().zip(&rows) {
        let values: Vec<&str> = record.iter().collect();
        assert_eq!(&values[..4], fields.as_slice());
        assert_eq!(values[4], "unique");
        // The solution found solves the puzzle (checked here, not by satdoku).
        check_solution(&parse_line(&fields[2]), &parse_line(values[5]), false).unwrap();
    }
    // A field named as an input column is told apart from it.
    let rated = satdoku()
        .args(["count", "-f", "csv", "-"])
        .write_stdin("puzzle,count\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79,x\n")
        .output()
        .unwrap();
    let first = stdout_of(&rated);
    assert!(
        first.starts_with("puzzle,count,status,satdoku_count,complete,error\n"),
        "{first}"
    );
    // Inputs that are no table lead with where each puzzle came from.
    let plain = satdoku()
        .args(["solve", "-f", "csv", "puzzles/examples.txt"])
        .output()
        .unwrap();
    let text = stdout_of(&plain);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("file,index,line,status,solution,error"));
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("puzzles/examples.txt,1,3,solved,534678912")
    );
}

#[test]
fn columns_are_named_or_numbered_and_a_missing_one_is_an_error() {
    let tsv = "quizzes\tsolutions\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\t\n";
    // Found by its name (a public dataset's), asked by number, or by another name.
    for args in [vec![], vec!["--column", "1"], vec!["--column", "QUIZZES"]] {
        let output = satdoku()
            .arg("check")
            .args(&args)
            .arg("-")
            .write_stdin(tsv)
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr_of(&output)
        );
        assert!(
            stdout_of(&output).starts_with("unique 417369825"),
            "{args:?}"
        );
    }
    let missing = satdoku()
        .args(["check", "--column", "grid", "-"])
        .write_stdin(tsv)
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr_of(&missing).contains(
            "line 1: the header has no column \"grid\" (its columns: quizzes, solutions)"
        ),
        "{}",
        stderr_of(&missing)
    );
    // A bad row is reported with its line and the batch goes on.
    let bad = satdoku()
        .args(["check", "-"])
        .write_stdin("id;puzzle\n1;12\n2;1..2....\n3;4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......;extra\n4;4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let lines: Vec<String> = stdout_of(&bad).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[0].starts_with("invalid line 2:"), "{}", lines[0]);
    assert!(
        lines[2].contains("line 4: 3 fields, and the header names 2 columns"),
        "{}",
        lines[2]
    );
    assert!(lines[3].starts_with("unique "), "{}", lines[3]);
}

proptest::proptest! {
    /// Whatever the other fields hold (delimiters, quotes, `#`, spaces at either end), a table written by
    /// the `csv` crate reads back field for field, and its puzzle column as the same line
    /// read alone.
    #[test]
    fn tables_read_back_field_for_field(
        rows in proptest::collection::vec(
            ("[a-z0-9][ -~]{0,11}", "[1-4.]{16}", "[ -~\t]{0,12}"),
            1..6,
        ),
        tabs in proptest::bool::ANY,
    ) {
        use satdoku::format::{PuzzleReader, ReadOptions, parse_one};
        let mut writer = csv::WriterBuilder::new()
            .delimiter(if tabs { b'\t' } else { b',' })
            .quote_style(csv::QuoteStyle::Necessary)
            .from_writer(Vec::new());
        writer.write_record(["note", "puzzle", "more"]).unwrap();
        for (note, puzzle, more) in &rows {
            writer.write_record([note, puzzle, more]).unwrap();
        }
        let text = writer.into_inner().unwrap();
        let entries: Vec<_> = PuzzleReader::new(&text[..], ReadOptions::default())
            .collect::<Result<_, _>>()
            .unwrap();
        proptest::prop_assert_eq!(entries.len(), rows.len());
        for (entry, (note, puzzle, more)) in entries.iter().zip(&rows) {
            let record = entry.record.as_ref().unwrap();
            proptest::prop_assert_eq!(record.fields(), [note.clone(), puzzle.clone(), more.clone()]);
            let alone = parse_one(puzzle, &ReadOptions::default());
            proptest::prop_assert_eq!(entry.grid.as_ref().ok(), alone.as_ref().ok());
        }
    }
}
