//! Region variants: the bundled sets of puzzles/variants/ under their rules, checked by the
//! independent validator, by a second solver, by the independent brute-force counter on
//! small grids, and through the command line with every rules flag and its errors.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

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
        (
            "variants/latin.txt",
            rules(|r| r.latin = true),
            vec!["--boxes", "none"],
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
            // Latin squares have no boxes to fall back to (5×5 and 7×7 have none at all).
            if plain_rules != rules && !rules.latin {
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

/// Without boxes (`--boxes none`) the grids are Latin squares, of any size: 576 of 4×4, and
/// of 5×5 with the first row 1 2 3 4 5, 1,344 (161,280 in all: every Latin square is one
/// of those relabelled, 120 ways). Every solver and the independent brute force agree.
#[test]
fn latin_squares_are_counted_exactly() {
    let rules = PlainRules {
        latin: true,
        ..PlainRules::default()
    };
    assert_eq!(1_344 * 120, 161_280);
    for (values, count) in [
        (vec![vec![0; 4]; 4], 576),
        (
            [vec![1, 2, 3, 4, 5]]
                .into_iter()
                .chain(std::iter::repeat_n(vec![0; 5], 4))
                .collect(),
            1_344,
        ),
    ] {
        let size = values.len();
        assert_eq!(brute_force_count_under(&values, &rules, 100_000), count);
        let puzzle = Puzzle::new(to_grid(&values), rules.to_lib(size)).unwrap();
        for mut solver in [
            Box::new(SatSolver::new()) as Box<dyn Solver>,
            Box::new(PropagateSolver::default()),
            Box::new(DlxSolver::default()),
        ] {
            let found = solver.count(&puzzle, 100_000);
            assert_eq!(
                (found.count, found.complete),
                (count as u64, true),
                "{size}×{size} by {}",
                solver.name()
            );
        }
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
