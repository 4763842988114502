//! Canonical forms: equal to an independent brute force, the same for every disguise of a puzzle, two classes of 4×4 grids; `canon` and `transform` at the command line.

use crate::common;

use std::path::Path;

use common::canon::{block_orders, brute_minlex, line, random_copy, turned};
use common::{Plain, Rng, parse_file, parse_line, to_grid};
use satdoku::canon::Symmetries;
use satdoku::rules::GlobalRule;
use satdoku::{BoxShape, Grid, Rules, Shape};

/// The grid's cells as plain values.
fn values(grid: &Grid) -> Vec<u32> {
    (grid.digits().iter())
        .map(|d| d.map_or(0, |d| u32::from(d.get())))
        .collect()
}

/// The library's form of `puzzle` under `rules`, checked to be what its transformation
/// makes of the puzzle.
fn form(symmetries: &Symmetries, puzzle: &Plain) -> Vec<u32> {
    let grid = to_grid(puzzle);
    let (form, transform) = symmetries.canonical(&grid).unwrap();
    assert_eq!(
        transform.apply(&grid),
        form,
        "the transformation makes the form"
    );
    values(&form)
}

fn classic(size: usize) -> Rules {
    Rules::standard(Shape::from_size(size).unwrap()).unwrap()
}

fn classic_moves(size: usize) -> Symmetries {
    Symmetries::of(&classic(size))
}

/// The shared benchmark set's puzzles, when `../shared/data` is there.
fn shared(name: &str) -> Option<Vec<Plain>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    let text = std::fs::read_to_string(path).ok()?;
    Some(text.lines().map(parse_line).collect())
}

#[test]
fn forms_equal_a_brute_force_over_every_move() {
    // 9×9: the bundled examples, and top95 where the shared data is.
    let mut nine = parse_file("examples.txt");
    match shared("top95.txt") {
        Some(top95) => nine.extend(top95.into_iter().step_by(10)),
        None => common::skipped("top95 forms", "no ../shared/data"),
    }
    for puzzle in &nine {
        assert_eq!(
            form(&classic_moves(9), puzzle),
            brute_minlex(puzzle, 3, 3),
            "{}",
            line(puzzle)
        );
    }
    // 6×6 with 2×3 boxes (no transposition), and 4×4: random puzzles from a solution.
    let six = parse_file("variants/6x6.solutions.txt");
    let mut rng = Rng(0x5eed_cafe);
    for solution in six.iter().take(3) {
        for _ in 0..10 {
            let keep = 6 + rng.below(20);
            let mut puzzle = solution.clone();
            for (i, v) in puzzle.iter_mut().flatten().enumerate() {
                if (i * 7 + keep) % 36 >= keep {
                    *v = 0;
                }
            }
            assert_eq!(
                form(&classic_moves(6), &puzzle),
                brute_minlex(&puzzle, 2, 3),
                "{}",
                line(&puzzle)
            );
        }
    }
    for grid in common::all_4x4_grids().iter().step_by(7) {
        let mut puzzle = grid.clone();
        for _ in 0..1 + rng.below(10) {
            puzzle[rng.below(4)][rng.below(4)] = 0;
        }
        assert_eq!(
            form(&classic_moves(4), &puzzle),
            brute_minlex(&puzzle, 2, 2)
        );
    }
}

#[test]
fn the_288_grids_of_4x4_are_two_puzzles_in_disguise() {
    // Two essentially different 4×4 grids: a known count.
    let mut forms: Vec<Vec<u32>> = (common::all_4x4_grids().iter())
        .map(|g| form(&classic_moves(4), g))
        .collect();
    forms.sort();
    forms.dedup();
    assert_eq!(forms.len(), 2);
}

#[test]
fn every_disguise_of_a_puzzle_has_its_form() {
    let mut rng = Rng(0x0bad_f00d);
    for (file, size, box_rows, box_cols) in [
        ("examples.txt", 9, 3, 3),
        ("16x16.txt", 16, 4, 4),
        ("25x25.txt", 25, 5, 5),
        ("variants/6x6.txt", 6, 2, 3),
        ("variants/12x12.txt", 12, 3, 4),
    ] {
        let rules = Symmetries::of(&Rules::boxes(BoxShape::new(box_rows, box_cols).unwrap()));
        for puzzle in parse_file(file) {
            assert_eq!(puzzle.len(), size);
            let original = form(&rules, &puzzle);
            for _ in 0..5 {
                let copy = random_copy(&puzzle, box_rows, box_cols, &mut rng);
                assert_eq!(form(&rules, &copy), original, "{file}: {}", line(&copy));
            }
            // The form is its own form.
            let canonical: Plain = original.chunks(size).map(<[u32]>::to_vec).collect();
            assert_eq!(form(&rules, &canonical), original);
        }
    }
}

#[test]
fn royle_17_clue_list_is_mostly_written_in_its_forms() {
    let Some(puzzles) = shared("17clue.txt") else {
        common::skipped("17-clue forms", "no ../shared/data");
        return;
    };
    // An outside brute force (every move tried) found 47,653 of the 49,158 lines already
    // the least of their class, and the rest greater than it.
    let rules = classic(9);
    let symmetries = Symmetries::of(&rules);
    let mut already = 0;
    for puzzle in &puzzles {
        let given: Vec<u32> = puzzle.iter().flatten().copied().collect();
        let (grid, _) = symmetries.canonical(&to_grid(puzzle)).unwrap();
        let found = values(&grid);
        assert!(
            found <= given,
            "a form greater than the puzzle: {}",
            line(puzzle)
        );
        already += usize::from(found == given);
    }
    assert_eq!(already, 47_653);
}

#[test]
fn rules_keep_the_moves_that_keep_their_houses() {
    // The moves of rows and columns that map each diagonal onto a diagonal (keeping their
    // union is not enough: swapping rows 4 and 6 alone does), counted by the test itself.
    let orders = block_orders(9, 3);
    // Transposition maps each diagonal onto itself, so it doubles the count.
    let mut kept = 0;
    for rows in &orders {
        for cols in &orders {
            // The new cell r,c takes the old cell rows[r],cols[c]: each diagonal's old
            // cells must all lie on one diagonal.
            let onto_diagonal = |col_of: &dyn Fn(usize) -> usize| {
                (0..9).all(|i| rows[i] == cols[col_of(i)])
                    || (0..9).all(|i| rows[i] + cols[col_of(i)] == 8)
            };
            kept += 2 * usize::from(onto_diagonal(&|i| i) && onto_diagonal(&|i| 8 - i));
        }
    }
    let x = Symmetries::of(&classic(9).with_global(GlobalRule::Diagonal).unwrap());
    assert_eq!(x.moves(), kept as u64);
    assert_eq!(Symmetries::of(&classic(9)).moves(), 3_359_232);
    // Every turn and mirror of an X puzzle has its form.
    for puzzle in parse_file("diagonal.txt") {
        let original = form(&x, &puzzle);
        for k in 1..8 {
            assert_eq!(form(&x, &turned(&puzzle, k)), original);
        }
    }
    // Anti-camel pairs: the moves kept map every camel pair onto a camel pair, and every
    // disguise made by one of them (a turn or mirror) has the puzzle's form.
    let camel = common::library_puzzle(&common::puzzle_path(
        "variants/constraints/anti-camel-1.toml",
    ));
    let camel_moves = Symmetries::of(camel.rules());
    assert!(camel_moves.relabels() && camel_moves.moves() >= 8);
    let plain = common::plain(camel.grid());
    let original = form(&camel_moves, &plain);
    for k in 1..8 {
        assert_eq!(form(&camel_moves, &turned(&plain, k)), original);
    }
    // Constraints keep nothing: the form is the puzzle.
    let killer = common::library_puzzle(&common::puzzle_path("variants/constraints/killer-1.json"));
    assert!(!killer.rules().constraints().is_empty());
    let symmetries = Symmetries::of(killer.rules());
    assert!(!symmetries.relabels());
    assert_eq!(symmetries.moves(), 1);
    assert_eq!(
        symmetries.canonical(killer.grid()).unwrap().0,
        *killer.grid()
    );
}

#[cfg(feature = "cli")]
mod cli {
    use super::*;
    use common::{json_rows, run};

    #[test]
    fn dedup_marks_each_disguise_of_an_earlier_puzzle() {
        let puzzles = parse_file("examples.txt");
        let mut rng = Rng(7);
        let mut input = String::new();
        for puzzle in &puzzles {
            input += &format!("{}\n", line(puzzle));
        }
        for (i, puzzle) in puzzles.iter().enumerate().rev() {
            input += &format!("{}\n", line(&random_copy(puzzle, 3, 3, &mut rng)));
            let _ = i;
        }
        let (code, out, _) = run(&["canon", "--dedup"], &input);
        assert_eq!(code, Some(0));
        let lines: Vec<&str> = out.lines().collect();
        let n = puzzles.len();
        assert_eq!(lines.len(), 2 * n);
        for (k, text) in lines[n..].iter().enumerate() {
            let original = n - k;
            assert_eq!(
                *text,
                format!(
                    "# duplicate of puzzle {original} (puzzle {}, line {})",
                    n + k + 1,
                    n + k + 1
                )
            );
        }
        // The forms printed are the brute force's.
        for (text, puzzle) in lines.iter().zip(&puzzles) {
            let brute = brute_minlex(puzzle, 3, 3);
            assert_eq!(parse_line(text).concat(), brute);
        }
    }

    #[test]
    fn a_split_keeps_each_class_on_one_side() {
        let Some(puzzles) = shared("top1465.txt") else {
            common::skipped("split", "no ../shared/data");
            return;
        };
        let mut rng = Rng(99);
        let mut input = String::new();
        let take = 300;
        for puzzle in puzzles.iter().take(take) {
            input += &format!(
                "{}\n{}\n",
                line(puzzle),
                line(&random_copy(puzzle, 3, 3, &mut rng))
            );
        }
        let (code, out, _) = run(
            &["canon", "--split", "0.3", "--seed", "4", "-f", "json"],
            &input,
        );
        assert_eq!(code, Some(0));
        let rows = json_rows(&out);
        assert_eq!(rows.len(), 2 * take);
        let mut tests = 0;
        for pair in rows.chunks(2) {
            assert_eq!(pair[0]["canonical"], pair[1]["canonical"]);
            assert_eq!(pair[0]["split"], pair[1]["split"]);
            tests += usize::from(pair[0]["split"] == "test");
        }
        // 30 % of 300 classes, give or take five standard deviations.
        assert!((50..=130).contains(&tests), "{tests} classes in test");
        let (again, _, _) = run(
            &["canon", "--split", "0.3", "--seed", "4", "-f", "json"],
            &input,
        );
        assert_eq!(again, Some(0));
        let (code, _, err) = run(&["canon", "--split", "0.3"], &input);
        assert_eq!(code, Some(2));
        assert!(err.contains("--format csv"), "{err}");
    }

    #[test]
    fn transform_carries_solutions_along() {
        let dataset = common::puzzle_path("dataset.csv");
        let dataset = dataset.to_str().unwrap();
        let args = [
            "transform",
            dataset,
            "--expect",
            "solution",
            "--random",
            "3",
            "--seed",
            "5",
        ];
        let (code, out, err) = run(&[&args[..], &["-f", "json"]].concat(), "");
        // Rows 6 and 7 give wrong solutions: they get no copies and fail.
        assert_eq!(code, Some(1), "{err}");
        let rows = json_rows(&out);
        let copies: Vec<_> = rows
            .iter()
            .filter(|r| r["status"] == "transformed")
            .collect();
        assert_eq!(copies.len(), 3 * 5);
        assert_eq!(
            rows.iter().filter(|r| r["status"] != "transformed").count(),
            2
        );
        for row in copies {
            let puzzle = parse_line(row["puzzle"].as_str().unwrap());
            let solution = parse_line(row["solution"].as_str().unwrap());
            common::check_solution(&puzzle, &solution, false).unwrap();
            let original = parse_line(row["columns"]["puzzle"].as_str().unwrap());
            assert_eq!(brute_minlex(&puzzle, 3, 3), brute_minlex(&original, 3, 3));
        }
        // The same seed gives the same copies; lines give the puzzles alone.
        let (_, again, _) = run(&[&args[..], &["-f", "json"]].concat(), "");
        assert_eq!(again, out);
        let (_, lines, _) = run(&args, "");
        assert_eq!(lines.lines().filter(|l| !l.starts_with('#')).count(), 15);
    }

    #[test]
    fn puzzles_under_other_constraints_are_no_duplicates() {
        // 28 Sukaku puzzles: no moves under pencil marks, and every one has its own marks
        // (most have no givens at all).
        let sukaku = common::puzzle_path("sukaku.txt");
        let sukaku = sukaku.to_str().unwrap();
        let (code, out, _) = run(&["canon", "--dedup", "-f", "json", sukaku], "");
        assert_eq!(code, Some(0));
        let rows = json_rows(&out);
        assert_eq!(rows.len(), 28);
        assert!(rows.iter().all(|r| r["status"] == "canonical"), "{out}");
        // Two killers with blank grids and other cages.
        let killer = common::puzzle_path("variants/constraints/killer-1.json");
        let multisum = common::puzzle_path("variants/constraints/multisum-killer-1.json");
        let files = [killer.to_str().unwrap(), multisum.to_str().unwrap()];
        let (_, out, _) = run(
            &[&["canon", "--dedup", "-f", "json"][..], &files].concat(),
            "",
        );
        assert!(
            json_rows(&out).iter().all(|r| r["status"] == "canonical"),
            "{out}"
        );
        // The same puzzle in another input is named with its input.
        let disguises = common::puzzle_path("disguises.txt");
        let examples = common::puzzle_path("examples.txt");
        let files = [disguises.to_str().unwrap(), examples.to_str().unwrap()];
        let (_, out, _) = run(&[&["canon", "--dedup"][..], &files].concat(), "");
        let first = out.lines().nth(3).unwrap();
        assert_eq!(
            first,
            format!("# duplicate of puzzle 1 of {} (puzzle 1, line 3)", files[0])
        );
    }

    #[test]
    fn a_form_beyond_the_bound_is_refused_by_name() {
        let path = common::puzzle_path("36x36.txt");
        let (code, out, err) = run(&["canon", "-f", "json", path.to_str().unwrap()], "");
        assert_eq!(code, Some(1));
        let rows = json_rows(&out);
        assert!(rows.iter().all(|r| r["status"] == "timeout"));
        assert!(err.contains("was not computed"), "{err}");
    }
}
