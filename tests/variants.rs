//! Region variants: the bundled sets of puzzles/variants/ under their rules, checked by the
//! independent validator, by a second solver, by the independent brute-force counter on
//! small grids, and through the command line with every rules flag and its errors.
#![cfg(feature = "cli")] // runs the `satdoku` command

mod common;

use common::to_grid;

use common::satdoku;

use common::{
    PlainRules, brute_force_count_under, check_solution_under, known_solutions, parse_file,
    puzzle_path,
};
use predicates::prelude::*;
use satdoku::{BitboardSolver, DlxSolver, PropagateSolver, Puzzle, SatSolver, Solver};

/// Every bundled variant set with the rules it is made under and the command-line flags
/// that ask for them.
fn sets() -> Vec<(&'static str, PlainRules, Vec<&'static str>)> {
    let rules = |f: fn(&mut PlainRules)| {
        let mut rules = PlainRules::default();
        f(&mut rules);
        rules
    };
    vec![
        (
            "variants/6x6.txt",
            rules(|r| r.boxes = Some((2, 3))),
            vec!["--boxes", "2x3"],
        ),
        (
            "variants/12x12.txt",
            rules(|r| r.boxes = Some((3, 4))),
            vec!["--boxes", "3x4"],
        ),
        (
            "variants/jigsaw-6x6.txt",
            rules(|r| r.regions = Some(common::read_regions("variants/jigsaw-6x6.regions"))),
            vec!["--regions", "puzzles/variants/jigsaw-6x6.regions"],
        ),
        (
            "variants/jigsaw-9x9.txt",
            rules(|r| r.regions = Some(common::read_regions("variants/jigsaw-9x9.regions"))),
            vec!["--regions", "puzzles/variants/jigsaw-9x9.regions"],
        ),
        (
            "variants/windoku.txt",
            rules(|r| r.windoku = true),
            vec!["--windoku"],
        ),
        (
            "variants/disjoint-groups.txt",
            rules(|r| r.disjoint_groups = true),
            vec!["--disjoint-groups"],
        ),
        (
            "variants/anti-knight.txt",
            rules(|r| r.anti_knight = true),
            vec!["--anti-knight"],
        ),
        (
            "variants/anti-king.txt",
            rules(|r| r.anti_king = true),
            vec!["--anti-king"],
        ),
        (
            "variants/anti-knight-diagonal.txt",
            rules(|r| {
                r.anti_knight = true;
                r.diagonal = true;
            }),
            vec!["--anti-knight", "--diagonal"],
        ),
    ]
}

/// Each puzzle is unique under its rules for four solvers (the bitboard one through its
/// fallback), its solution is the known one
/// and valid for the independent validator, and small grids' counts agree with the brute
/// force. Without its extra rules, some puzzle of each set is not unique: the rules are
/// honoured, not ignored.
#[test]
fn bundled_variant_sets_are_unique_under_their_rules() {
    for (name, rules, _) in sets() {
        let puzzles = parse_file(name);
        let known = known_solutions(name);
        assert!(puzzles.len() >= 3 || name.contains("12x12"), "{name}");
        let mut loose = 0;
        for (i, (values, known)) in puzzles.iter().zip(&known).enumerate() {
            let size = values.len();
            let known = known.as_ref().unwrap();
            check_solution_under(values, known, &rules)
                .unwrap_or_else(|e| panic!("{name} #{}: {e}", i + 1));
            let puzzle = Puzzle::new(to_grid(values), rules.to_lib(size)).unwrap();
            // No variant here is one the bitboards do: it must fall back, not ignore a rule.
            assert!(!BitboardSolver::default().applies(&puzzle), "{name}");
            let solvers: [Box<dyn Solver>; 4] = [
                Box::new(SatSolver::new()),
                Box::new(PropagateSolver::default()),
                Box::new(DlxSolver::default()),
                Box::new(BitboardSolver::default()),
            ];
            for mut solver in solvers {
                let outcome = solver.run(&puzzle, 2, None);
                assert_eq!(outcome.found, 1, "{name} #{} by {}", i + 1, solver.name());
                assert_eq!(
                    common::plain(&outcome.solutions[0]),
                    *known,
                    "{name} #{}",
                    i + 1
                );
            }
            if size <= 6 {
                assert_eq!(
                    brute_force_count_under(values, &rules, 2),
                    1,
                    "{name} #{}",
                    i + 1
                );
            }
            let plain_rules = PlainRules {
                boxes: rules.boxes,
                regions: rules.regions.clone(),
                ..PlainRules::default()
            };
            if plain_rules != rules {
                let bare = Puzzle::new(to_grid(values), plain_rules.to_lib(size)).unwrap();
                // A second solution: the count stops at the limit.
                loose += usize::from(!SatSolver::new().count(&bare, 1).complete);
            }
        }
        if name.contains("anti") || name.contains("windoku") || name.contains("disjoint") {
            assert!(
                loose > 0,
                "{name}: every puzzle is unique without its extra rules too"
            );
        }
    }
}

/// The command line reads each set with its flags: `check` says unique with the known
/// solution, and JSON rows name the rules.
#[test]
fn the_command_line_checks_every_variant() {
    for (name, _, flags) in sets() {
        let known: Vec<String> =
            std::fs::read_to_string(puzzle_path(&name.replace(".txt", ".solutions.txt")))
                .unwrap()
                .lines()
                .map(str::to_string)
                .collect();
        let output = satdoku()
            .arg("check")
            .args(&flags)
            .arg(puzzle_path(name))
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stdout = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), known.len(), "{name}");
        for (line, known) in lines.iter().zip(&known) {
            assert_eq!(*line, format!("unique {known}"), "{name}");
        }
    }
    satdoku()
        .args(["solve", "-f", "json", "--boxes", "2x3", "--anti-knight"])
        .write_stdin("......\n......\n......\n......\n......\n......\n")
        .assert()
        .stdout(predicate::str::contains(
            r#""rules":"boxes 2x3, anti-knight""#,
        ));
}

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

/// Generation works under every rules family, and each puzzle is unique under its rules.
#[test]
fn puzzles_are_generated_under_every_variant() {
    for (name, rules, flags) in sets() {
        let output = satdoku()
            .args(["generate", "--seed", "3", "--count", "2"])
            .args(&flags)
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stdout = String::from_utf8(output.stdout).unwrap();
        let mut lines = stdout.lines();
        let rules_line = lines.next().unwrap();
        // Boxes of the grid's usual shape alone are the classic rules: no comment line.
        let classic = rules
            == PlainRules {
                boxes: rules.boxes,
                ..PlainRules::default()
            };
        if !classic {
            assert!(rules_line.starts_with("# rules: "), "{name}: {rules_line}");
        } else {
            lines = stdout.lines();
        }
        for line in lines {
            let values = common::parse_line(line);
            let size = values.len();
            let puzzle = Puzzle::new(to_grid(&values), rules.to_lib(size)).unwrap();
            let outcome = DlxSolver::default().run(&puzzle, 2, None);
            assert_eq!(outcome.found, 1, "{name}: {line}");
            check_solution_under(&values, &common::plain(&outcome.solutions[0]), &rules).unwrap();
        }
    }
}

/// An empty 6×6 grid with 2×3 boxes has 28,200,960 solutions: with the first row fixed to
/// 1 2 3 4 5 6 (every solution is one of those relabelled, 720 ways), 39,168. The
/// backtrackers and the independent brute force agree on that count. (The whole count takes
/// the backtrackers about a minute: BENCHMARKS.md.)
#[test]
fn six_by_six_solutions_are_counted_exactly() {
    let mut values = vec![vec![0; 6]; 6];
    values[0] = vec![1, 2, 3, 4, 5, 6];
    let rules = PlainRules {
        boxes: Some((2, 3)),
        ..PlainRules::default()
    };
    assert_eq!(brute_force_count_under(&values, &rules, 100_000), 39_168);
    assert_eq!(39_168 * 720, 28_200_960);
    let puzzle = Puzzle::new(to_grid(&values), rules.to_lib(6)).unwrap();
    for mut solver in [
        Box::new(PropagateSolver::default()) as Box<dyn Solver>,
        Box::new(DlxSolver::default()),
    ] {
        let count = solver.count(&puzzle, 100_000);
        assert_eq!(
            (count.count, count.complete),
            (39_168, true),
            "{}",
            solver.name()
        );
    }
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

/// `cnf` exports every family: the DIMACS file read back with varisat's parser has exactly
/// one model, which decodes (by the documented numbering) into the known solution, valid
/// for the independent validator.
#[test]
fn dimacs_of_every_family_reads_back_and_solves() {
    let dir = tempfile::tempdir().unwrap();
    for (name, rules, flags) in sets() {
        let known = known_solutions(name);
        for encoding in ["extended", "propagated"] {
            let out = dir
                .path()
                .join(format!("{encoding}-{}", name.replace('/', "-")));
            satdoku()
                .args(["cnf", "--encoding", encoding, "--output"])
                .arg(&out)
                .args(&flags)
                .arg(puzzle_path(name))
                .assert()
                .success();
            let stem = std::path::Path::new(name)
                .file_stem()
                .unwrap()
                .to_str()
                .unwrap();
            for (i, puzzle) in parse_file(name).iter().enumerate() {
                let path = out.join(format!("{stem}-{}.cnf", i + 1));
                let text = std::fs::read_to_string(&path).unwrap();
                let map = common::numbering(&text, puzzle.len());
                let formula = varisat::dimacs::DimacsParser::parse(text.as_bytes()).unwrap();
                let mut solver = varisat::Solver::new();
                solver.add_formula(&formula);
                assert!(solver.solve().unwrap(), "{}", path.display());
                let model = solver.model().unwrap();
                let grid = common::decode(&model, &map, &common::fixed(&text), puzzle);
                check_solution_under(puzzle, &grid, &rules).unwrap();
                assert_eq!(Some(&grid), known[i].as_ref(), "{}", path.display());
                let block: Vec<varisat::Lit> = model
                    .into_iter()
                    .filter(|l| {
                        l.is_positive() && map.get(l.var().index()).is_some_and(Option::is_some)
                    })
                    .map(|l| !l)
                    .collect();
                varisat::ExtendFormula::add_clause(&mut solver, &block);
                assert!(!solver.solve().unwrap(), "{}: not unique", path.display());
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

    /// Under every rules family, the clash `check` reports for a puzzle without solution is
    /// unsolvable on its own and minimal: the independent brute force finds no solution of
    /// the clash, and one for the clash less any one of its givens.
    #[test]
    fn clash_cores_are_minimal_under_every_family(
        (rows, cols) in proptest::prop_oneof![proptest::strategy::Just((2usize, 2usize)), proptest::strategy::Just((2, 3))],
        cells in proptest::collection::vec(proptest::option::weighted(0.25, 1u32..=6), 36),
        flags in proptest::array::uniform4(proptest::bool::weighted(0.3)),
    ) {
        let size = rows * cols;
        let values: common::Plain = cells[..size * size]
            .chunks(size)
            .map(|row| row.iter().map(|v| v.filter(|&d| d as usize <= size).unwrap_or(0)).collect())
            .collect();
        let rules = PlainRules {
            boxes: Some((rows, cols)),
            diagonal: flags[0],
            disjoint_groups: flags[1],
            anti_knight: flags[2] && size == 4,
            anti_king: flags[3],
            ..PlainRules::default()
        };
        let Ok(puzzle) = Puzzle::new(to_grid(&values), rules.to_lib(size)) else {
            return Ok(());
        };
        let satdoku::check::Verdict::NoSolution { conflict, .. } = SatSolver::new().check(&puzzle) else {
            return Ok(());
        };
        let mut core = vec![vec![0; size]; size];
        for given in &conflict {
            core[given.cell.row()][given.cell.col()] = u32::from(given.digit.get());
        }
        proptest::prop_assert_eq!(brute_force_count_under(&core, &rules, 1), 0);
        for given in &conflict {
            let mut fewer = core.clone();
            fewer[given.cell.row()][given.cell.col()] = 0;
            proptest::prop_assert_eq!(brute_force_count_under(&fewer, &rules, 1), 1, "{} not needed", given);
        }
    }
}

/// Uniqueness under every family comes with a proof that varisat's checker accepts.
#[test]
fn uniqueness_proofs_check_under_every_family() {
    let mut solver = SatSolver::new();
    for (name, rules, _) in sets() {
        let values = &parse_file(name)[0];
        let puzzle = Puzzle::new(to_grid(values), rules.to_lib(values.len())).unwrap();
        let solution = solver.solve(&puzzle).unwrap();
        let (mut cnf, mut proof) = (Vec::new(), Vec::new());
        solver
            .prove_unique(
                &puzzle,
                &solution,
                &mut cnf,
                &mut proof,
                satdoku::proof::ProofFormat::Varisat,
            )
            .unwrap();
        let mut checker = varisat::checker::Checker::new();
        checker.add_dimacs_cnf(&cnf[..]).unwrap();
        checker
            .check_proof(&proof[..])
            .unwrap_or_else(|e| panic!("{name}: {e}"));
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
