//! Chaos construction (regions to be found) and border-count circles: every solution SAT lists against an independent brute force over Latin squares and splits into regions, the published "Lighthouse", and what the other commands and solvers say of such puzzles.

use std::ops::ControlFlow;

use satdoku::format::PuzzleFile;
use satdoku::{Puzzle, SatSolver, Solver, Verdict};

use crate::common::chaos::{borders_seen, latin_squares, partitions, regions_problem};
use crate::common::{Plain, plain};

/// A deterministic stream of small numbers (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The TOML of a 4×4 chaos construction with `givens` (a line) and border-count circles in
/// `circles`.
fn toml(givens: &str, circles: &[(usize, usize)]) -> String {
    let mut text =
        format!("boxes = \"none\"\nrules = [\"chaos-construction\"]\npuzzle = \"{givens}\"\n");
    for &(r, c) in circles {
        text.push_str(&format!(
            "\n[[border-count]]\ncell = \"r{}c{}\"\n",
            r + 1,
            c + 1
        ));
    }
    text
}

fn puzzle_of(text: &str) -> Puzzle {
    let file = PuzzleFile::parse(text).unwrap();
    let grid = satdoku::format::parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    Puzzle::new(grid.clone(), file.spec.rules_for(grid.shape()).unwrap()).unwrap()
}

/// Every solution SAT lists, as (digits, regions of each cell), each checked on its own.
fn listed(puzzle: &Puzzle) -> Vec<(Plain, Vec<usize>)> {
    let mut found = Vec::new();
    SatSolver::new()
        .for_each_solution(puzzle, 100_000, |grid| {
            let regions: Vec<usize> = (grid.regions().expect("a solution has its regions"))
                .iter()
                .map(|&r| r as usize)
                .collect();
            found.push((plain(&grid), regions));
            Ok::<_, ()>(ControlFlow::Continue(()))
        })
        .unwrap();
    found
}

/// The empty 4×4: every Latin square with every split into four connected regions of four
/// cells that each hold 1-4, 13,872 pairs in all (by brute force here), each listed by SAT
/// once.
#[test]
fn an_empty_4x4_has_every_square_with_every_split() {
    let splits = partitions(4);
    assert_eq!(splits.len(), 117, "the tetromino tilings of a 4×4");
    let squares = latin_squares(4);
    assert_eq!(squares.len(), 576);
    let mut brute: Vec<(Plain, Vec<usize>)> = Vec::new();
    for g in &squares {
        for split in &splits {
            if regions_problem(g, split).is_none() {
                brute.push((g.clone(), split.clone()));
            }
        }
    }
    assert_eq!(brute.len(), 13_872);
    let mut found = listed(&puzzle_of(&toml("................", &[])));
    found.sort();
    brute.sort();
    assert_eq!(found.len(), brute.len());
    assert!(
        found == brute,
        "SAT's solutions differ from the brute force's"
    );
}

/// Random 4×4 puzzles with givens and border-count circles: SAT's solutions are exactly the
/// brute force's, digits and regions.
#[test]
fn border_counts_on_4x4_match_the_brute_force() {
    let splits = partitions(4);
    let squares = latin_squares(4);
    let mut rng = Rng(0x5eed_cafe);
    let mut solvable = 0;
    for _ in 0..25 {
        let solution = &squares[rng.below(squares.len())];
        let givens: Vec<usize> = (0..1 + rng.below(3)).map(|_| rng.below(16)).collect();
        let line: String = (0..16)
            .map(|i| {
                if givens.contains(&i) {
                    char::from(b'0' + solution[i / 4][i % 4] as u8)
                } else {
                    '.'
                }
            })
            .collect();
        let circles: Vec<(usize, usize)> = (0..2 + rng.below(4))
            .map(|_| (rng.below(4), rng.below(4)))
            .collect();
        let mut brute: Vec<(Plain, Vec<usize>)> = Vec::new();
        for g in &squares {
            if !givens
                .iter()
                .all(|&i| g[i / 4][i % 4] == solution[i / 4][i % 4])
            {
                continue;
            }
            for split in &splits {
                let counted = circles
                    .iter()
                    .all(|&(r, c)| borders_seen(split, 4, r, c) == g[r][c]);
                if counted && regions_problem(g, split).is_none() {
                    brute.push((g.clone(), split.clone()));
                }
            }
        }
        let mut found = listed(&puzzle_of(&toml(&line, &circles)));
        found.sort();
        brute.sort();
        assert!(found == brute, "{line} with circles {circles:?}");
        solvable += usize::from(!brute.is_empty());
    }
    assert!(solvable > 0, "no puzzle tried had a solution");
}

/// "Lighthouse" (Phistomefel; Sudoku-Bench challenge puzzle 45, SudokuPad data), with its
/// published solution's digits given: its border-count circles leave one split of them into
/// regions (the digits alone allow 5,286), and it is the one SAT finds, checked here.
#[test]
fn lighthouse_regions_follow_from_its_digits_and_circles() {
    let data = include_str!("data/published/sudoku-bench.jsonl")
        .lines()
        .find(|line| line.contains("sb045-lighthouse"))
        .unwrap();
    let row: serde_json::Value = serde_json::from_str(data).unwrap();
    let file = satdoku::format::parse_sudokupad(row["data"].as_str().unwrap()).unwrap();
    assert!(file.unread_under(&file.spec).is_empty());
    assert!(
        file.spec
            .globals
            .contains(satdoku::rules::GlobalRule::ChaosConstruction)
    );
    let solution = row["solution"].as_str().unwrap();
    let full: satdoku::Grid = solution.parse().unwrap();
    let puzzle = Puzzle::new(full, file.spec.rules_for(satdoku::Shape::NINE).unwrap()).unwrap();
    let circles: Vec<(usize, usize)> = (puzzle.rules().constraints().iter())
        .filter_map(|c| match c {
            satdoku::constraint::VariantConstraint::BorderCount(b) => {
                Some((b.cell().row(), b.cell().col()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(circles.len(), 16);
    match SatSolver::new().check(&puzzle) {
        Verdict::Unique { solution: found } => {
            let g = plain(&found);
            let regions: Vec<usize> = found
                .regions()
                .unwrap()
                .iter()
                .map(|&r| r as usize)
                .collect();
            assert_eq!(regions_problem(&g, &regions), None);
            for &(r, c) in &circles {
                assert_eq!(
                    borders_seen(&regions, 9, r, c),
                    g[r][c],
                    "circle r{}c{}",
                    r + 1,
                    c + 1
                );
            }
        }
        other => panic!("Lighthouse's digits: {other}"),
    }
}

/// The command line: the answer is the digits and the regions; the backtrackers and logic
/// refuse such puzzles by name; a uniqueness proof covers the regions (checked by the
/// independent DRAT checker).
#[cfg(feature = "cli")]
#[test]
fn commands_answer_or_refuse_regions_to_find() {
    use crate::common::satdoku;
    let dir = tempfile::tempdir().unwrap();
    // A 4×4 with one solution, digits and regions (found by a brute force like the one
    // above): two givens and four circles.
    let path = dir.path().join("chaos.toml");
    let text = toml("..4............3", &[(0, 1), (1, 0), (3, 0), (0, 0)]);
    std::fs::write(&path, &text).unwrap();
    let found = listed(&puzzle_of(&text));
    assert_eq!(found.len(), 1);
    let out = satdoku().arg("count").arg(&path).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1");
    // The proof of uniqueness rules out other regions too, and checks.
    let proofs = dir.path().join("proofs");
    let out = satdoku()
        .args(["check", "--proof"])
        .arg(&proofs)
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut cnf = None;
    let mut drat = None;
    for entry in std::fs::read_dir(&proofs).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("cnf") => cnf = Some(text),
            _ => drat = Some(text),
        }
    }
    crate::common::drat::check_drat(&cnf.unwrap(), &drat.unwrap()).unwrap();
    let out = satdoku()
        .args(["solve", "--solver", "dlx"])
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("fill in digits only"), "{err}");
    assert_eq!(out.status.code(), Some(2));
    let out = satdoku().args(["explain"]).arg(&path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("regions are to be found"), "{err}");
    // The first solution, digits then regions.
    let out = satdoku().args(["solve"]).arg(&path).output().unwrap();
    let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let (digits, regions) = line.split_once(' ').expect("digits, then regions");
    assert_eq!(digits.len(), 16);
    assert_eq!(regions.len(), 16);
    assert!(regions.starts_with('A') && regions.chars().all(|c| ('A'..='D').contains(&c)));
    // The picture of the solution draws the regions it found: a thick border between two
    // neighbours exactly where their letters differ.
    let out = satdoku()
        .args(["render", "--solution"])
        .arg(&path)
        .output()
        .unwrap();
    let svg = String::from_utf8_lossy(&out.stdout);
    let path_of = svg.split(r#"class="region-borders" d=""#).nth(1).unwrap();
    let drawn = path_of.split('"').next().unwrap().matches('M').count();
    let letters: Vec<char> = regions.chars().collect();
    let mut borders = 0;
    for r in 0..4 {
        for c in 0..4 {
            borders += usize::from(c < 3 && letters[r * 4 + c] != letters[r * 4 + c + 1]);
            borders += usize::from(r < 3 && letters[r * 4 + c] != letters[r * 4 + c + 4]);
        }
    }
    assert_eq!(drawn, borders);
}
