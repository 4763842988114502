//! Messages name digits as the user typed them: the input's alphabet, or numbers for
//! tokens input.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::satdoku;

use predicates::prelude::*;

/// A one-line grid of `size` with the given `(row, col, symbol)` cells (0-based).
fn line(size: usize, cells: &[(usize, usize, char)]) -> String {
    let mut grid = vec!['.'; size * size];
    for &(row, col, symbol) in cells {
        grid[row * size + col] = symbol;
    }
    grid.into_iter().collect()
}

/// Row 1 holds `symbols` from column 2 on and r2c1 holds `last`: r1c1 has no digit left,
/// and every given is needed for the clash.
fn starved_first_cell(size: usize, symbols: &str, last: char) -> String {
    let mut cells: Vec<(usize, usize, char)> = symbols
        .chars()
        .enumerate()
        .map(|(i, s)| (0, i + 1, s))
        .collect();
    cells.push((1, 0, last));
    line(size, &cells)
}

#[test]
fn clashing_givens_are_named_in_the_default_alphabet() {
    let sixteen = line(16, &[(0, 0, 'B'), (0, 5, 'b')]);
    satdoku()
        .arg("solve")
        .write_stdin(sixteen)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two Bs in row 1 (r1c1 and r1c6)"));
    let diagonal = line(16, &[(0, 0, 'A'), (5, 5, 'A')]);
    satdoku()
        .args(["solve", "--diagonal"])
        .write_stdin(diagonal)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two As on the main diagonal"));
    let twenty_five = line(25, &[(3, 0, 'P'), (20, 0, 'P')]);
    satdoku()
        .args(["check", "-f", "json"])
        .write_stdin(twenty_five)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "two Ps in column 1 (r4c1 and r21c1)",
        ));
}

#[test]
fn clashing_givens_are_named_in_a_custom_alphabet() {
    let hex = line(16, &[(0, 0, 'B'), (0, 5, 'B')]);
    satdoku()
        .args(["solve", "--alphabet", "0123456789ABCDEF"])
        .write_stdin(hex)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two Bs in row 1"));
}

#[test]
fn clash_cores_use_the_typed_symbols() {
    satdoku()
        .arg("check")
        .write_stdin(starved_first_cell(16, "123456789ABCDEF", 'G'))
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("r1c12=B")
                .and(predicate::str::contains("r1c16=F"))
                .and(predicate::str::contains("r2c1=G")),
        );
    satdoku()
        .args(["check", "--alphabet", "ABCDEFGHI", "-f", "json"])
        .write_stdin(starved_first_cell(9, "ABCDEFGH", 'I'))
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains(r#""r2c1=I""#).and(predicate::str::contains(r#""r1c4=C""#)),
        );
}

#[test]
fn tokens_input_keeps_numbers() {
    // The same starved cell, written as numbers.
    let mut rows = vec![vec![0u32; 9]; 9];
    for (col, cell) in rows[0].iter_mut().enumerate().skip(1) {
        *cell = col as u32;
    }
    rows[1][0] = 9;
    let text: String = rows
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(u32::to_string).collect();
            cells.join(", ") + "\n"
        })
        .collect();
    satdoku()
        .args(["check", "--alphabet", "ABCDEFGHI"])
        .write_stdin(text)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("r2c1=9").and(predicate::str::contains("r1c4=3")));
}

/// `multiple`: each difference names the digits the two printed solutions hold there.
#[test]
fn differences_name_the_printed_symbols() {
    let alphabet = "0123456789ABCDEF";
    let output = satdoku()
        .args(["check", "--alphabet", alphabet])
        .write_stdin(line(16, &[(0, 0, '3'), (5, 7, 'D')]))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let words: Vec<&str> = stdout.split_whitespace().collect();
    assert_eq!(words[0], "multiple");
    let (first, second): (Vec<char>, Vec<char>) =
        (words[1].chars().collect(), words[2].chars().collect());
    let differences = stdout.split("differ at ").nth(1).unwrap().trim();
    let mut checked = 0;
    for difference in differences.split(", ") {
        // `r2c4: 4 vs D`
        let (cell, digits) = difference.split_once(": ").unwrap();
        let (row, col) = cell[1..].split_once('c').unwrap();
        let index = (row.parse::<usize>().unwrap() - 1) * 16 + col.parse::<usize>().unwrap() - 1;
        let (a, b) = digits.split_once(" vs ").unwrap();
        assert_eq!(a, first[index].to_string(), "{difference}");
        assert_eq!(b, second[index].to_string(), "{difference}");
        assert!(alphabet.contains(a) && alphabet.contains(b));
        checked += 1;
    }
    assert!(checked >= 2, "{stdout}");
}
