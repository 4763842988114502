//! `satdoku cnf`: the DIMACS export reads back with varisat's parser and its models decode
//! into valid solutions, for every encoding, several sizes and both variants.

mod common;

use assert_cmd::Command;
use common::{check_solution, parse_file, puzzle_path};
use varisat::dimacs::DimacsParser;
use varisat::{ExtendFormula, Solver};

fn satdoku() -> Command {
    let mut cmd = assert_cmd::cargo::cargo_bin_cmd!("satdoku");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// Decodes a model by the documented numbering: variable (r·N + c)·N + d + 1.
fn decode(model: &[varisat::Lit], size: usize) -> Vec<Vec<u32>> {
    let mut grid = vec![vec![0; size]; size];
    for lit in model.iter().filter(|l| l.is_positive()) {
        let index = lit.var().to_dimacs() as usize - 1;
        if index < size * size * size {
            let (cell, d) = (index / size, index % size);
            grid[cell / size][cell % size] = d as u32 + 1;
        }
    }
    grid
}

#[test]
fn exported_cnf_reads_back_and_solves() {
    let dir = tempfile::tempdir().unwrap();
    for (file, diagonal) in [
        ("4x4.txt", false),
        ("examples.txt", false),
        ("diagonal.txt", true),
        ("16x16.txt", false),
    ] {
        for amo in ["auto", "pairwise", "sequential"] {
            let out = dir.path().join(format!("{amo}-{file}"));
            let mut cmd = satdoku();
            cmd.args(["cnf", "--amo", amo, "--output"])
                .arg(&out)
                .arg(puzzle_path(file));
            if diagonal {
                cmd.arg("--diagonal");
            }
            cmd.assert().success();
            let stem = file.trim_end_matches(".txt");
            for (i, puzzle) in parse_file(file).iter().enumerate() {
                let path = out.join(format!("{stem}-{}.cnf", i + 1));
                let text = std::fs::read(&path).unwrap();
                let formula = DimacsParser::parse(&text[..]).unwrap();
                let mut solver = Solver::new();
                solver.add_formula(&formula);
                assert!(solver.solve().unwrap(), "{}", path.display());
                let grid = decode(&solver.model().unwrap(), puzzle.len());
                check_solution(puzzle, &grid, diagonal).unwrap();
                // The model is the only one: forbid it and the formula is unsatisfiable.
                let block: Vec<varisat::Lit> = solver
                    .model()
                    .unwrap()
                    .into_iter()
                    .filter(|l| {
                        l.is_positive() && (l.var().to_dimacs() as usize) <= puzzle.len().pow(3)
                    })
                    .map(|l| !l)
                    .collect();
                solver.add_clause(&block);
                assert!(!solver.solve().unwrap(), "{} not unique", path.display());
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
    assert!(text.starts_with("c satdoku: 4×4 standard Sudoku"));
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
