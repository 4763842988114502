//! `satdoku cnf`: the DIMACS export reads back with varisat's parser and its models decode
//! into valid solutions, for every encoding, several sizes and both variants.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::satdoku;

use common::{check_solution, decode, fixed, numbering, parse_file, puzzle_path};
use varisat::dimacs::DimacsParser;
use varisat::{ExtendFormula, Solver};

#[test]
fn exported_cnf_reads_back_and_solves() {
    let dir = tempfile::tempdir().unwrap();
    for (file, diagonal) in [
        ("4x4.txt", false),
        ("examples.txt", false),
        ("diagonal.txt", true),
        ("16x16.txt", false),
        ("unsolvable-4x4.txt", false),
    ] {
        let known = common::known_solutions(file);
        for (amo, encoding) in [
            ("auto", "extended"),
            ("pairwise", "minimal"),
            ("sequential", "extended"),
            ("auto", "reduced"),
            ("sequential", "reduced"),
            ("auto", "propagated"),
        ] {
            let out = dir.path().join(format!("{amo}-{encoding}-{file}"));
            let mut cmd = satdoku();
            cmd.args(["cnf", "--amo", amo, "--encoding", encoding, "--output"])
                .arg(&out)
                .arg(puzzle_path(file));
            if diagonal {
                cmd.arg("--diagonal");
            }
            cmd.assert().success();
            let stem = file.trim_end_matches(".txt");
            for (i, puzzle) in parse_file(file).iter().enumerate() {
                let path = out.join(format!("{stem}-{}.cnf", i + 1));
                let what = format!("{} ({encoding}, {amo})", path.display());
                let text = std::fs::read_to_string(&path).unwrap();
                let map = numbering(&text, puzzle.len());
                let formula = DimacsParser::parse(text.as_bytes()).unwrap();
                let mut solver = Solver::new();
                solver.add_formula(&formula);
                let satisfiable = solver.solve().unwrap();
                assert_eq!(satisfiable, known[i].is_some(), "{what}");
                if !satisfiable {
                    continue;
                }
                let grid = decode(&solver.model().unwrap(), &map, &fixed(&text), puzzle);
                check_solution(puzzle, &grid, diagonal).unwrap();
                assert_eq!(Some(&grid), known[i].as_ref(), "{what}");
                // The model is the only one: forbid it and the formula is unsatisfiable.
                let block: Vec<varisat::Lit> = solver
                    .model()
                    .unwrap()
                    .into_iter()
                    .filter(|l| {
                        l.is_positive() && map.get(l.var().index()).is_some_and(Option::is_some)
                    })
                    .map(|l| !l)
                    .collect();
                solver.add_clause(&block);
                assert!(!solver.solve().unwrap(), "{what}: not unique");
            }
        }
    }
}

#[test]
fn one_puzzle_goes_to_standard_output_with_its_header() {
    let output = satdoku()
        .arg("cnf")
        .write_stdin("14........1.3...\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("c satdoku: 4×4 Sudoku (boxes 2x2)"));
    assert!(text.contains("c variable (r*4 + c)*4 + d + 1"));
    // 448 rule clauses and 4 givens.
    assert!(text.lines().any(|l| l == "p cnf 64 452"));
}

#[test]
fn several_puzzles_need_an_output_directory() {
    satdoku()
        .args(["cnf", "puzzles/4x4.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("use --output DIR"));
}
