//! Grids taking more digits than a house has cells (`--digits`, TOML `digits`, the rule `same-digits`): counted alike by every solver and an independent brute force, read and written where a form can hold them, refused by name where a family or a format cannot.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{
    PlainRules, brute_force_count_under, check_solution_under, every_solver, parse_line, plain,
    satdoku,
};
use predicates::prelude::*;
use satdoku::{AutoSolver, Grid, Puzzle, Shape, Solver};

/// The rules of a 4×4 with 2×2 boxes taking the digits 1 to `digits`.
fn wider(digits: usize, same_digits: bool) -> PlainRules {
    PlainRules {
        digits: Some(digits),
        same_digits,
        ..PlainRules::default()
    }
}

/// The puzzle `text` (a 4×4 line) under `rules`, as the library makes it.
fn puzzle(text: &str, rules: &PlainRules) -> Puzzle {
    let digits = rules.digits.unwrap_or(4);
    let shape = Shape::from_size(4).unwrap().with_digits(digits).unwrap();
    let mut grid = Grid::empty(shape);
    for (cell, v) in shape.cells().zip(parse_line(text).concat()) {
        grid.set(cell, shape.digit(v as usize));
    }
    Puzzle::new(grid, rules.to_lib(4)).unwrap()
}

/// Every solver counts what an independent brute force counts on 4×4 grids taking five or
/// six digits, with and without the same digits in every house, and every solution it
/// finds is one under the independent check.
#[test]
fn grids_taking_more_digits_are_counted_alike_by_every_solver() {
    let cases = [
        (5, false, "12345..........."),
        (5, false, "5..1..2..3..4..."),
        (5, false, "1.5..2......3..."),
        (5, true, "12..34.........."),
        (5, true, "5...........1..."),
        (6, false, "6..1..2..3..4..5"),
        (6, false, "1234..56..1....."),
        (6, true, "5...........1..."),
        (6, true, "1.5..2......3..."),
        (6, true, "12345..........."),
    ];
    for (digits, same, text) in cases {
        let rules = wider(digits, same);
        let expected = brute_force_count_under(&parse_line(text), &rules, 5_000);
        assert!(expected < 2_000, "{text}: {expected} solutions");
        let puzzle = puzzle(text, &rules);
        for mut solver in every_solver() {
            let count = solver.count(&puzzle, 2_000);
            assert!(count.complete, "{}: {text}", solver.name());
            assert_eq!(
                count.count as usize,
                expected,
                "{} on {text} (digits 1-{digits}, same {same})",
                solver.name()
            );
            if let Some(solution) = solver.solve(&puzzle) {
                check_solution_under(&parse_line(text), &plain(&solution), &rules)
                    .unwrap_or_else(|why| panic!("{}: {text}: {why}", solver.name()));
            }
        }
    }
}

/// On an empty 4×4, choosing the same four of M digits for every house gives C(M, 4) ×
/// 288 grids: every choice of four digits, relabelled onto the 288 classic ones.
#[test]
fn the_same_digits_from_more_multiply_the_classic_count() {
    for (digits, choices) in [(5, 5), (6, 15)] {
        let puzzle = puzzle("................", &wider(digits, true));
        let count = AutoSolver::default().count(&puzzle, 10_000);
        assert_eq!(count.count, choices * 288, "digits 1-{digits}");
        assert!(count.complete);
    }
    // Without the rule, the houses' digits only differ: an independent count.
    let rules = wider(5, false);
    let text = "5..............1";
    let expected = brute_force_count_under(&parse_line(text), &rules, 100_000);
    let count = AutoSolver::default().count(&puzzle(text, &rules), 100_000);
    assert_eq!(count.count as usize, expected);
}

/// The command line reads `--digits` and `--same-digits` in every command, a TOML file
/// its `digits` key; export writes the key back and f-puzzles data refuses by name;
/// digits fewer than a row's cells, and families whose meaning needs every digit in every
/// house, are refused with what was wrong.
#[test]
fn the_command_line_and_files_read_and_write_the_digits() {
    let six = "9.....\n......\n......\n......\n......\n.....1\n";
    let (code, line, stderr) = common::run(&["solve", "--digits", "9", "--same-digits"], six);
    assert_eq!(code, Some(0), "{stderr}");
    let solution = parse_line(line.trim());
    let rules = PlainRules {
        boxes: Some((2, 3)),
        digits: Some(9),
        same_digits: true,
        ..PlainRules::default()
    };
    let given = parse_line(&six.replace('\n', ""));
    check_solution_under(&given, &solution, &rules).unwrap();
    // Without --digits, a 9 is no digit of a 6×6.
    satdoku()
        .arg("solve")
        .write_stdin(six)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("unknown symbol '9'")
                .and(predicate::str::contains("--digits M")),
        );
    satdoku()
        .args(["check", "--digits", "5"])
        .write_stdin(six)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot take the digits 1-5"));

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("four.toml");
    std::fs::write(
        &path,
        "digits = 9\nrules = [\"same-digits\"]\npuzzle = \"8...............\"\n\
         [[thermometer]]\ncells = [\"r1c1\", \"r1c2\"]\n",
    )
    .unwrap();
    let exported = satdoku()
        .args(["export", "--to", "toml"])
        .arg(&path)
        .output()
        .unwrap();
    let text = common::stdout_of(&exported);
    assert!(text.contains("digits = 9\n"), "{text}");
    assert!(text.contains("same-digits"), "{text}");
    satdoku()
        .args(["export", "--to", "fpuzzles"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("f-puzzles data has no field"));
    // r1c1 holds 8 and r1c2 more: 9 is chosen, and the thermometer is satisfied.
    let solved = satdoku().arg("solve").arg(&path).output().unwrap();
    let grid = parse_line(common::stdout_of(&solved).trim());
    assert_eq!(grid[0][..2], [8, 9]);
    let refused = |text: &str, says: &str| {
        std::fs::write(&path, text).unwrap();
        satdoku()
            .arg("check")
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    };
    refused(
        "digits = 9\npuzzle = \"................\"\n[[sandwich]]\nrow = 1\nsum = 5\n",
        "needs every row, column and region to hold every digit",
    );
    refused(
        "digits = 70\npuzzle = \"................\"\n",
        "digits = 70",
    );
}

/// `explain` reasons only with steps that hold when a house misses digits, solves the puzzle,
/// and what it places and removes agrees with the unique solution.
#[test]
fn logic_keeps_to_sound_steps_when_houses_miss_digits() {
    // NGN (Walking Writer, Sudoku-Bench puzzle 78): the same four of 1-9 in every house,
    // published solution 8456654848655684.
    let text = "digits = 9\nrules = [\"same-digits\"]\npuzzle = \"................\"\n\
        [[thermometer]]\ncells = [\"r3c1\", \"r2c1\"]\n\
        [[thermometer]]\ncells = [\"r4c1\", \"r4c2\", \"r3c2\"]\n\
        [[thermometer]]\ncells = [\"r4c4\", \"r3c4\"]\n\
        [[thermometer]]\ncells = [\"r2c3\", \"r2c2\"]\n\
        [[thermometer]]\ncells = [\"r2c3\", \"r3c3\"]\n\
        [[thermometer]]\ncells = [\"r1c3\", \"r1c4\", \"r2c4\"]\n\
        [[white-dot]]\ncells = [\"r1c2\", \"r2c2\"]\n\
        [[black-dot]]\ncells = [\"r4c3\", \"r4c4\"]\n\
        [[even]]\ncells = [\"r2c1\"]\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ngn.toml");
    std::fs::write(&path, text).unwrap();
    let checked = satdoku().arg("check").arg(&path).output().unwrap();
    assert_eq!(
        common::stdout_of(&checked).trim(),
        "unique 8456654848655684"
    );
    let explained = satdoku()
        .args(["explain", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let rows = common::json_rows(&common::stdout_of(&explained));
    let solution: Vec<u32> = "8456654848655684"
        .chars()
        .map(|c| c.to_digit(10).unwrap())
        .collect();
    let steps = rows[0]["steps"].as_array().expect("steps");
    assert!(!steps.is_empty());
    // Forcing chains under the same-digits rule take it to the end.
    assert_eq!(rows[0]["end"], "solved", "{}", rows[0]);
    for step in steps {
        let technique = step["technique"].as_str().unwrap();
        assert!(
            [
                "hidden_single",
                // A house's missing digit under the same-digits rule is in no house.
                "unused_digit",
                "locked_candidates",
                "naked_single",
                "constraint",
                "naked_pair",
                "naked_triple",
                "naked_quad",
                "xy_wing",
                "xyz_wing",
                "xy_chain",
                // Houses reason only from digits they must hold: placed anywhere, under
                // the same-digits rule (on the board or in the branch).
                "nishio_forcing_chain",
                "cell_forcing_chain",
                "region_forcing_chain",
                "dynamic_forcing_chain",
                "dynamic_forcing_chain_plus",
                "nested_forcing_chain",
                "nested_multiple_forcing_chain",
                "nested_dynamic_forcing_chain",
            ]
            .contains(&technique),
            "{technique} needs every digit in every house"
        );
        for elimination in step["eliminations"].as_array().into_iter().flatten() {
            let text = elimination.as_str().unwrap();
            let (cell, digit) = text.split_once('=').unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            assert_ne!(
                solution[(r - 1) * 4 + c - 1],
                digit.parse::<u32>().unwrap(),
                "{step}"
            );
        }
        for placement in step["placements"].as_array().into_iter().flatten() {
            // `r2c2=3`
            let text = placement.as_str().unwrap();
            let (cell, digit) = text.split_once('=').unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            assert_eq!(
                solution[(r - 1) * 4 + c - 1],
                digit.parse::<u32>().unwrap(),
                "{step}"
            );
        }
    }
}

/// The bundled puzzles of digits chosen from more (three generated, and the published NGN):
/// each stored solution holds under the independent check, and every solver (the SAT
/// encodings on grids beyond 6×6) finds it, and it alone.
#[test]
fn bundled_same_digits_puzzles_are_unique() {
    let dir = common::puzzle_path("variants/constraints");
    let mut seen = 0;
    for k in 1..=4 {
        let path = dir.join(format!("same-digits-{k}.toml"));
        let text = std::fs::read_to_string(&path).unwrap();
        let file = satdoku::format::PuzzleFile::parse(&text).unwrap();
        let digits = file.spec.digits.unwrap();
        let stored = text
            .lines()
            .find_map(|l| l.strip_prefix("notes = \"solution: "))
            .unwrap()
            .trim_end_matches('"');
        let solution = parse_line(stored);
        let n = solution.len();
        let options = satdoku::format::ReadOptions {
            digits: Some(digits),
            ..Default::default()
        };
        let grid = satdoku::format::parse_one(&file.puzzles[0].text, &options).unwrap();
        let givens = plain(&grid);
        let rules = PlainRules {
            digits: Some(digits),
            same_digits: true,
            ..PlainRules::default()
        };
        check_solution_under(&givens, &solution, &rules)
            .unwrap_or_else(|why| panic!("{}: {why}", path.display()));
        let puzzle =
            Puzzle::new(grid, file.spec.rules_for(grid_shape(n, digits)).unwrap()).unwrap();
        let solvers: Vec<Box<dyn Solver>> = if n <= 6 {
            every_solver()
        } else {
            vec![Box::new(satdoku::SatSolver::new())]
        };
        for mut solver in solvers {
            match solver.check(&puzzle) {
                satdoku::Verdict::Unique { solution: found } => {
                    assert_eq!(plain(&found), solution, "{}", solver.name())
                }
                other => panic!("{} under {}: {other}", path.display(), solver.name()),
            }
        }
        seen += 1;
    }
    assert_eq!(seen, 4);
}

fn grid_shape(n: usize, digits: usize) -> Shape {
    Shape::from_size(n).unwrap().with_digits(digits).unwrap()
}

/// A picture's pencil marks have a place for every digit the grid takes, not only 1 to N.
#[test]
fn pencil_marks_show_every_digit_the_grid_takes() {
    let path = common::puzzle_path("variants/constraints/same-digits-4.toml");
    let output = satdoku()
        .args(["render", "--step", "1"])
        .arg(&path)
        .output()
        .unwrap();
    let svg = common::stdout_of(&output);
    // r1c1 is open before logic's first step, with digits beyond the 4×4's own 1 to 4.
    for digit in [5, 7] {
        let mark = format!(r#"class="candidate" data-cell="r1c1" data-digit="{digit}""#);
        assert!(svg.contains(&mark), "no mark {digit} in r1c1");
    }
}

/// `hint --marks` reads pencil marks with digits beyond N when `--digits` asks for them.
#[test]
fn hints_read_pencil_marks_of_more_digits() {
    let marks = "8 4 5 6\n6 5 4 8\n48 8 6 5\n45 6 8 4\n";
    let (code, stdout, stderr) = common::run(
        &["hint", "--marks", "--digits", "9", "--same-digits", "-"],
        marks,
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("(r3c1=4)"));
    satdoku()
        .args(["hint", "--marks", "-"])
        .write_stdin(marks)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "'8' is not a set of digits of a 4×4 grid",
        ));
}

/// Whether every step of `explain`'s path on `args` (one puzzle) agrees with `solution`
/// (its digits in reading order): each placement its digit, no elimination of it; the
/// techniques used, for the caller.
fn path_agrees(args: &[&str], stdin: &str, solution: &[u32]) -> Vec<String> {
    let output = satdoku()
        .args(["explain", "--format", "json"])
        .args(args)
        .write_stdin(stdin.to_string())
        .output()
        .unwrap();
    let rows = common::json_rows(&common::stdout_of(&output));
    let steps = rows[0]["steps"].as_array().expect("steps");
    let size = (solution.len() as f64).sqrt() as usize;
    let digit_of = |text: &str| -> (usize, u32) {
        // `r2c2=3`
        let (cell, digit) = text.split_once('=').unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        // Digits past 9 are written A, B, C …
        (
            (r - 1) * size + c - 1,
            u32::from_str_radix(digit, 36).unwrap(),
        )
    };
    let mut used = Vec::new();
    for step in steps {
        for placement in step["placements"].as_array().into_iter().flatten() {
            let (i, d) = digit_of(placement.as_str().unwrap());
            assert_eq!(solution[i], d, "{args:?}: {step}");
        }
        for elimination in step["eliminations"].as_array().into_iter().flatten() {
            let (i, d) = digit_of(elimination.as_str().unwrap());
            assert_ne!(solution[i], d, "{args:?}: {step}");
        }
        used.push(step["technique"].as_str().unwrap().to_string());
    }
    used
}

/// On generated puzzles of five digits on a 4×4 and eight on a 6×6 (houses missing digits
/// to the end) and the bundled same-digits puzzles, no step of the logical path places a
/// digit the unique solution does not hold or removes one it does.
#[test]
fn every_logical_step_agrees_with_the_solution_when_houses_miss_digits() {
    for (size, digits) in [("4", "5"), ("6", "8")] {
        let output = satdoku()
            .args([
                "generate", "--size", size, "--digits", digits, "--count", "6", "--seed", "3",
            ])
            .args(["--format", "json"])
            .output()
            .unwrap();
        for row in common::json_rows(&common::stdout_of(&output)) {
            let solution: Vec<u32> = parse_line(row["solution"].as_str().unwrap()).concat();
            let puzzle = row["puzzle"].as_str().unwrap();
            let used = path_agrees(&["--digits", digits, "-"], puzzle, &solution);
            // (A grid from which no given could go comes out whole: nothing to explain.)
            assert_eq!(used.is_empty(), !puzzle.contains('.'), "{puzzle}");
        }
    }
    for k in 1..=4 {
        let path = common::puzzle_path(&format!("variants/constraints/same-digits-{k}.toml"));
        let text = std::fs::read_to_string(&path).unwrap();
        let stored = text
            .lines()
            .find_map(|l| l.strip_prefix("notes = \"solution: "))
            .unwrap()
            .trim_end_matches('"');
        let solution: Vec<u32> = parse_line(stored).concat();
        let used = path_agrees(&[path.to_str().unwrap()], "", &solution);
        assert!(!used.is_empty(), "{}", path.display());
        // NGN (four of 1–9 on a 4×4): row 4 is left no place for 9, so no cell holds it.
        if k == 4 {
            assert!(used.iter().any(|t| t == "unused_digit"), "{used:?}");
        }
    }
}

/// f-puzzles data whose rules fill a small grid "with digits 1-9" takes givens up to 9, in
/// boxes or jigsaw regions alike.
#[test]
fn fpuzzles_givens_beyond_the_size_are_read_when_the_words_give_the_digits() {
    let cell = |value: Option<u32>, region: Option<u32>| {
        let mut cell = serde_json::json!({});
        if let Some(v) = value {
            cell["value"] = v.into();
            cell["given"] = true.into();
        }
        if let Some(r) = region {
            cell["region"] = r.into();
        }
        cell
    };
    let ruleset = "Fill the grid with digits 1-9, the same 4-digit subset in each row, column \
                   and region.";
    let dir = tempfile::tempdir().unwrap();
    for regions in [None, Some([0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3])] {
        let grid: Vec<Vec<serde_json::Value>> = (0..4)
            .map(|r| {
                (0..4)
                    .map(|c| {
                        let value = match (r, c) {
                            (0, 0) => Some(9),
                            (3, 3) => Some(1),
                            _ => None,
                        };
                        cell(value, regions.map(|g| g[r * 4 + c]))
                    })
                    .collect()
            })
            .collect();
        let json = serde_json::json!({"size": 4, "ruleset": ruleset, "grid": grid});
        let path = dir.path().join("wide.json");
        std::fs::write(&path, json.to_string()).unwrap();
        let output = satdoku().arg("check").arg(&path).output().unwrap();
        // Read (status 1: not unique), not refused (2).
        assert_eq!(
            output.status.code(),
            Some(1),
            "{}",
            common::stderr_of(&output)
        );
        let stdout = common::stdout_of(&output);
        assert!(stdout.starts_with("multiple 9"), "{stdout}");
    }
}

/// Under the same-digits rule a digit placed anywhere is one every house holds, so hidden
/// singles and locked candidates take it before every house's digits are known; without
/// the rule a house may miss it, and they do not.
#[test]
fn a_digit_placed_under_the_same_digits_rule_gives_hidden_singles() {
    let hint = |args: &[&str]| common::run(args, "1....2.321......\n").1;
    // 3 is placed in r2c4: box 1 holds it, and only r1c2 is left for it there.
    assert_eq!(
        hint(&["hint", "--digits", "5", "--same-digits"]).trim(),
        "hidden_single: r1c2 is the only place for 3 in box 1 (r1c2=3)"
    );
    assert!(!hint(&["hint", "--digits", "5"]).contains("hidden_single"));
}

/// Sums on a grid of more digits than a house has cells: arrows (their shafts often two or
/// three cells of one row), killer cages and little killers on a 4×4 of the digits 1–5 are
/// counted by every solver as an independent brute force over every such grid counts them.
/// An arrow's encoding once tied a row's cells to 1+…+M, true only of a full house: a
/// shaft of two cells in a row then had no solution.
#[test]
fn sums_on_grids_of_more_digits_agree_with_brute_force() {
    type Pos = (usize, usize);
    let rules = wider(5, false);
    let mut grids: Vec<common::Plain> = Vec::new();
    common::brute_force_solutions_under(&vec![vec![0; 4]; 4], &rules, usize::MAX, &mut |g| {
        grids.push(g.clone())
    });
    let names = |cells: &[Pos]| {
        cells
            .iter()
            .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let sum = |g: &common::Plain, cells: &[Pos]| cells.iter().map(|&(r, c)| g[r][c]).sum::<u32>();
    let mut rng = common::Rng(41);
    let mut checked = 0;
    for round in 0..60 {
        // A circle, then a shaft of two or three cells along its row (or anywhere).
        let circle = (rng.below(4), rng.below(4));
        let len = 2 + rng.below(2);
        let shaft: Vec<Pos> = if round % 2 == 0 {
            (0..4)
                .map(|c| (circle.0, c))
                .filter(|&p| p != circle)
                .take(len)
                .collect()
        } else {
            let cells = rng.cells(len + 1);
            cells
                .into_iter()
                .filter(|&p| p != circle)
                .take(len)
                .collect()
        };
        let cage_len = 2 + rng.below(2);
        let cage = rng.cells(cage_len);
        let cage_total = 3 + rng.below(10) as u32;
        let diagonal: Vec<Pos> = (0..4).map(|i| (i, i)).collect();
        let diagonal_total = 6 + rng.below(12) as u32;
        type Holds<'a> = Box<dyn Fn(&common::Plain) -> bool + 'a>;
        let (tables, holds): (String, Holds) = match round % 3 {
            0 => (
                format!(
                    "[[arrow]]\ncircle = \"{}\"\ncells = \"{}\"\n",
                    names(&[circle]),
                    names(&shaft)
                ),
                Box::new(|g: &common::Plain| g[circle.0][circle.1] == sum(g, &shaft)),
            ),
            1 => (
                format!(
                    "[[cage]]\ncells = \"{}\"\nsum = {cage_total}\n",
                    names(&cage)
                ),
                Box::new(|g: &common::Plain| {
                    let mut seen: Vec<u32> = cage.iter().map(|&(r, c)| g[r][c]).collect();
                    seen.sort_unstable();
                    seen.dedup();
                    seen.len() == cage.len() && sum(g, &cage) == cage_total
                }),
            ),
            _ => (
                format!(
                    "[[arrow]]\ncircle = \"{}\"\ncells = \"{}\"\n\
                     [[little-killer]]\ncells = \"{}\"\nsum = {diagonal_total}\n",
                    names(&[circle]),
                    names(&shaft),
                    names(&diagonal)
                ),
                Box::new(|g: &common::Plain| {
                    g[circle.0][circle.1] == sum(g, &shaft) && sum(g, &diagonal) == diagonal_total
                }),
            ),
        };
        // Givens from a grid the constraints accept, until at most 300 grids are left.
        // (None accepted: the empty grid, which satdoku must count 0 or refuse.)
        let accepted: Vec<&common::Plain> = grids.iter().filter(|g| holds(g)).collect();
        let mut givens = vec![vec![0u32; 4]; 4];
        let pick = accepted
            .get(rng.below(accepted.len().max(1)))
            .copied()
            .unwrap_or(&givens)
            .clone();
        let fits = |givens: &common::Plain, g: &common::Plain| {
            (0..16).all(|i| givens[i / 4][i % 4] == 0 || givens[i / 4][i % 4] == g[i / 4][i % 4])
        };
        let count =
            |givens: &common::Plain| grids.iter().filter(|g| fits(givens, g) && holds(g)).count();
        while count(&givens) > 300 {
            let (r, c) = (rng.below(4), rng.below(4));
            givens[r][c] = pick[r][c];
        }
        let expected = count(&givens);
        let line = common::canon::line(&givens);
        let toml = format!("boxes = \"2x2\"\ndigits = 5\npuzzle = \"{line}\"\n{tables}");
        let file =
            satdoku::format::PuzzleFile::parse(&toml).unwrap_or_else(|e| panic!("{e}\n{toml}"));
        let options = satdoku::format::ReadOptions {
            digits: Some(5),
            ..Default::default()
        };
        let grid = satdoku::format::parse_one(&file.puzzles[0].text, &options).unwrap();
        let puzzle = match file.spec.rules_for(grid_shape(4, 5)) {
            Ok(rules) => Puzzle::new(grid, rules).unwrap(),
            Err(why) => {
                assert_eq!(expected, 0, "refused ({why}) but has solutions:\n{toml}");
                checked += 1;
                continue;
            }
        };
        common::every_solver_agrees(&puzzle, expected, &*holds, &toml);
        checked += 1;
    }
    assert_eq!(checked, 60);
}

/// Extra regions of a cell per digit (a "squishdoku": a 7×7 of 1–9 whose regions hold
/// nine cells) hold every digit: on a 4×4 of 1–5 without boxes and with three regions of
/// five cells, SAT counts the empty grid as a brute force over every grid does (2,400),
/// every solver counts puzzles made from those grids alike, and logic (which reasons from
/// such a region holding every digit) keeps to steps every solution allows.
#[test]
fn regions_of_a_cell_per_digit_hold_every_digit() {
    let regions: [[(usize, usize); 5]; 3] = [
        [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
        [(0, 2), (0, 3), (1, 2), (1, 3), (2, 3)],
        [(2, 1), (2, 2), (3, 1), (3, 2), (3, 3)],
    ];
    // Every 4×4 of 1–5 whose rows, columns and regions hold different digits.
    fn fill(
        g: &mut common::Plain,
        i: usize,
        regions: &[[(usize, usize); 5]; 3],
        out: &mut Vec<common::Plain>,
    ) {
        if i == 16 {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for v in 1..=5 {
            let clash = (0..4).any(|k| g[r][k] == v || g[k][c] == v)
                || (regions.iter())
                    .filter(|region| region.contains(&(r, c)))
                    .any(|region| region.iter().any(|&(x, y)| g[x][y] == v));
            if !clash {
                g[r][c] = v;
                fill(g, i + 1, regions, out);
                g[r][c] = 0;
            }
        }
    }
    let mut grids = Vec::new();
    fill(&mut vec![vec![0; 4]; 4], 0, &regions, &mut grids);
    assert_eq!(grids.len(), 2400);
    let names: Vec<String> = (regions.iter())
        .map(|region| {
            let cells: Vec<String> = (region.iter())
                .map(|(r, c)| format!("\"r{}c{}\"", r + 1, c + 1))
                .collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    let toml = |line: &str| {
        format!(
            "boxes = \"none\"\ndigits = 5\nextra-regions = [{}]\npuzzle = \"{line}\"\n",
            names.join(", ")
        )
    };
    let read = |text: &str| {
        let file =
            satdoku::format::PuzzleFile::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        file.puzzle(0).unwrap().unwrap()
    };
    let empty = read(&toml("................"));
    assert_eq!(satdoku::count_solutions(&empty, 5000).count, 2400);
    let holds = |g: &common::Plain| grids.contains(g);
    let mut rng = common::Rng(7);
    for _ in 0..12 {
        let pick = &grids[rng.below(grids.len())];
        let mut givens = vec![vec![0; 4]; 4];
        let fits = |givens: &common::Plain, g: &common::Plain| {
            (0..16).all(|i| givens[i / 4][i % 4] == 0 || givens[i / 4][i % 4] == g[i / 4][i % 4])
        };
        let solutions = |givens: &common::Plain| -> Vec<&common::Plain> {
            grids.iter().filter(|g| fits(givens, g)).collect()
        };
        while solutions(&givens).len() > 300 {
            let (r, c) = (rng.below(4), rng.below(4));
            givens[r][c] = pick[r][c];
        }
        let text = toml(&common::canon::line(&givens));
        let puzzle = read(&text);
        let found = solutions(&givens);
        common::every_solver_agrees(&puzzle, found.len(), &holds, &text);
        let layout = satdoku::Layout::new(puzzle.rules());
        let unique = found.len() == 1;
        let work = satdoku::logic::PATH_WORK / 100;
        let path = satdoku::logic::explain_within(&layout, puzzle.grid(), unique, work);
        for step in &path.steps {
            for e in &step.eliminations {
                let (r, c) = (e.cell.row(), e.cell.col());
                let v = u32::from(e.digit.get());
                assert!(found.iter().all(|g| g[r][c] != v), "{text}{step}");
            }
            for p in &step.placements {
                let (r, c) = (p.cell.row(), p.cell.col());
                let v = u32::from(p.digit.get());
                assert!(found.iter().all(|g| g[r][c] == v), "{text}{step}");
            }
        }
    }
}

/// Published grids of nine digits on fewer cells a row, whose regions of nine cells hold
/// every digit (tests/data/sigh-squished: a 7×7 killer "squishdoku" from logic-masters.de,
/// "The Whirlpool", a 5×5, and "Buy Or Rent?" with skyscrapers and with numbered rooms on a
/// 7×7; three 6×6 of nine digits whose 3×3 boxes hold nine cells: "Hidden Hostility" and
/// the disjoint sets from 1 and from 0; "Quadro Quadri", whose jigsaw pieces hold nine; and a
/// 7×7 of counting circles and Dutch flatmates), come out unique with their published solutions,
/// and logic never removes a digit of them.
#[test]
fn published_squished_grids_have_their_published_solutions() {
    common::published_tomls_come_out_right("sigh-squished", 11);
}

/// Boxes of a cell per digit (3×3 boxes on a 6×6 of 1–9, as sigh's solver's `RegionSize~9`
/// makes them) hold every digit: on a 4×4 of 1–8 with two boxes of 2×4, with and without
/// disjoint groups (eight groups of two cells), and with two jigsaw pieces of eight cells
/// instead, every solver counts what an independent
/// brute force counts, from filled top rows (hundreds or thousands of completions) and on puzzles made
/// from random grids, and logic keeps to steps every solution allows.
#[test]
fn boxes_of_a_cell_per_digit_hold_every_digit() {
    // Two jigsaw pieces of eight cells, as a region grid.
    let pieces = vec![
        vec![0, 0, 0, 1],
        vec![0, 0, 1, 1],
        vec![0, 0, 1, 1],
        vec![0, 1, 1, 1],
    ];
    for (disjoint_groups, jigsaw) in [(false, false), (true, false), (false, true)] {
        let rules = PlainRules {
            boxes: (!jigsaw).then_some((2, 4)),
            regions: jigsaw.then(|| pieces.clone()),
            digits: Some(8),
            disjoint_groups,
            ..PlainRules::default()
        };
        let lib = rules.to_lib(4);
        assert_eq!(lib.shape().digit_count(), 8);
        let to_puzzle = |plain: &common::Plain| {
            let text = common::canon::line(plain);
            (puzzle(&text, &rules), text)
        };
        let mut rng = common::Rng(11 + disjoint_groups as u64 + 2 * jigsaw as u64);
        // The top box filled at random: its completions, by brute force and by SAT.
        let mut top = vec![vec![0u32; 4]; 4];
        let mut digits: Vec<u32> = (1..=8).collect();
        for i in 0..8 {
            let j = i + rng.below(8 - i);
            digits.swap(i, j);
            top[i / 4][i % 4] = digits[i];
        }
        let completions = brute_force_count_under(&top, &rules, 100_000);
        assert!(completions > 100, "{completions}");
        let (puzzle_top, text) = to_puzzle(&top);
        let count = satdoku::count_solutions(&puzzle_top, 100_000);
        assert_eq!(count.count as usize, completions, "{text}");
        // Puzzles from random grids, every solver against the brute force.
        let mut grids = Vec::new();
        common::brute_force_solutions_under(&top, &rules, 50, &mut |g| grids.push(g.clone()));
        for round in 0..6 {
            let pick = &grids[rng.below(grids.len())];
            let mut givens = vec![vec![0u32; 4]; 4];
            while brute_force_count_under(&givens, &rules, 301) > 300 {
                let (r, c) = (rng.below(4), rng.below(4));
                givens[r][c] = pick[r][c];
            }
            let mut found = Vec::new();
            common::brute_force_solutions_under(&givens, &rules, 301, &mut |g| {
                found.push(g.clone())
            });
            let (puzzle, text) = to_puzzle(&givens);
            let holds = |g: &common::Plain| check_solution_under(&givens, g, &rules).is_ok();
            common::every_solver_agrees(&puzzle, found.len(), &holds, &text);
            let layout = satdoku::Layout::new(puzzle.rules());
            let work = satdoku::logic::PATH_WORK / 100;
            let path =
                satdoku::logic::explain_within(&layout, puzzle.grid(), found.len() == 1, work);
            for step in &path.steps {
                let at = |cd: &satdoku::grid::CellDigit| {
                    let v = u32::from(cd.digit.get());
                    (cd.cell.row(), cd.cell.col(), v)
                };
                for (r, c, v) in step.eliminations.iter().map(at) {
                    assert!(
                        found.iter().all(|g| g[r][c] != v),
                        "round {round}: {text}\n{step}"
                    );
                }
                for (r, c, v) in step.placements.iter().map(at) {
                    assert!(
                        found.iter().all(|g| g[r][c] == v),
                        "round {round}: {text}\n{step}"
                    );
                }
            }
        }
    }
}

/// Regions of a cell per digit read from f-puzzles data (as SudokuPad stores a 6×6 of 1–9
/// whose outlined regions hold nine cells): with words giving the digits 1-9 the four
/// regions of nine are read, and the puzzle (Quadro Quadri's regions with givens from its
/// published solution) comes out with that solution; without the words the regions are
/// refused with what to give. A TOML region grid of such pieces reads the same.
#[test]
fn fpuzzles_regions_of_a_cell_per_digit_are_read_when_the_words_give_the_digits() {
    let regions = "122222112223111233114333144433444443";
    let solution = "829514318672972358561497495863236741";
    let given = |i: usize| i % 5 != 1;
    let grid = |givens: bool| -> Vec<Vec<serde_json::Value>> {
        (0..6)
            .map(|r| {
                (0..6)
                    .map(|c| {
                        let i = r * 6 + c;
                        let region = regions.as_bytes()[i] - b'1';
                        let mut cell = serde_json::json!({ "region": region });
                        if givens && given(i) {
                            cell["value"] = (solution.as_bytes()[i] - b'0').into();
                            cell["given"] = true.into();
                        }
                        cell
                    })
                    .collect()
            })
            .collect()
    };
    let dir = tempfile::tempdir().unwrap();
    for (ruleset, code) in [
        (
            "Place the digits 1-9 once each in every outlined region; rows and columns do not repeat.",
            0,
        ),
        ("Normal sudoku rules apply.", 2),
    ] {
        let json = serde_json::json!({"size": 6, "ruleset": ruleset, "grid": grid(code == 0)});
        let path = dir.path().join("regions.json");
        std::fs::write(&path, json.to_string()).unwrap();
        let output = satdoku().arg("check").arg(&path).output().unwrap();
        let (stdout, stderr) = (common::stdout_of(&output), common::stderr_of(&output));
        assert_eq!(output.status.code(), Some(code), "{stdout}{stderr}");
        if code == 0 {
            assert_eq!(stdout.trim(), format!("unique {solution}"));
        } else {
            assert!(
                stderr.contains("have 9 cells each, a cell per digit"),
                "{stderr}"
            );
        }
    }
    let grid_text: String = (0..6)
        .map(|r| {
            let row: String = (0..6)
                .map(|c| char::from(b'A' + regions.as_bytes()[r * 6 + c] - b'1'))
                .collect();
            row + "\n"
        })
        .collect();
    let puzzle: String = (0..36)
        .map(|i| {
            if given(i) {
                char::from(solution.as_bytes()[i])
            } else {
                '.'
            }
        })
        .collect();
    let toml = format!("digits = 9\nregions = \"\"\"\n{grid_text}\"\"\"\npuzzle = \"{puzzle}\"\n");
    let path = dir.path().join("regions.toml");
    std::fs::write(&path, &toml).unwrap();
    let output = satdoku().arg("check").arg(&path).output().unwrap();
    assert_eq!(
        common::stdout_of(&output).trim(),
        format!("unique {solution}")
    );
}
