//! The generator and the rating: uniqueness checked by a third solver, givens, symmetry,
//! minimality, reproducible seeds (library and command line), sound logical rating.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{run, satdoku};

use common::{known_solutions, parse_file, plain};
use proptest::prelude::*;
use satdoku::generate::{GenerateError, Options, Symmetry, generate};
use satdoku::rate::{Difficulty, Technique, rate};
use satdoku::{DlxSolver, Grid, Puzzle, RulesSpec, SatSolver, Shape, Solver};

/// Options for classic rules on `shape`, with both diagonals when `diagonal`.
fn classic(shape: Shape, diagonal: bool) -> Options {
    Options::new(RulesSpec::classic(diagonal).rules_for(shape).unwrap())
}

/// Whether `puzzle` has exactly one solution, by dancing links (the generator uses SAT to
/// remove givens and propagate to check them).
fn unique(puzzle: &Puzzle) -> bool {
    DlxSolver::default().count(puzzle, 1)
        == satdoku::Count {
            count: 1,
            complete: true,
        }
}

/// `puzzle` without the given in `cell`.
fn without(puzzle: &Puzzle, cell: satdoku::Cell) -> Puzzle {
    let mut grid: Grid = puzzle.grid().clone();
    grid.set(cell, None);
    puzzle.with_grid(grid).unwrap()
}

fn check(options: &Options, seed: u64) -> satdoku::generate::Generated {
    let generated = checked(options, seed);
    // The same seed, the same puzzle.
    assert_eq!(generate(options, seed).unwrap().puzzle, generated.puzzle);
    generated
}

/// [`check`] without generating again to compare (for sizes where generating takes long:
/// the smaller sizes check that the same seed gives the same puzzle).
fn checked(options: &Options, seed: u64) -> satdoku::generate::Generated {
    let generated = generate(options, seed).unwrap();
    let puzzle = &generated.puzzle;
    assert_eq!(
        (puzzle.shape(), puzzle.rules()),
        (options.shape, &options.rules)
    );
    assert!(unique(puzzle), "seed {seed}: not unique");
    assert!(generated.solution.solves(puzzle));
    assert!(
        options
            .symmetry
            .holds(options.shape, |c| puzzle.grid().get(c).is_some()),
        "seed {seed}: not {}",
        options.symmetry
    );
    if let Some(k) = options.givens {
        assert_eq!(puzzle.grid().given_count(), k);
    }
    if let Some(d) = options.difficulty {
        assert_eq!(generated.rating.difficulty, d);
    }
    if let Some(band) = options.rating {
        assert!(
            band.contains(generated.rating.se()),
            "{}",
            generated.rating.se()
        );
    }
    generated
}

#[test]
fn puzzles_of_every_small_size_variant_and_symmetry_are_unique_and_minimal() {
    for size in [4, 9] {
        for diagonal in [false, true] {
            for symmetry in Symmetry::ALL {
                let options = Options {
                    symmetry,
                    ..classic(Shape::from_size(size).unwrap(), diagonal)
                };
                let generated = check(&options, 11);
                // No orbit of givens can go without losing uniqueness.
                let puzzle = &generated.puzzle;
                for orbit in symmetry.orbits(puzzle.shape()) {
                    if puzzle.grid().get(orbit[0]).is_none() {
                        continue;
                    }
                    let smaller = orbit.iter().fold(puzzle.clone(), |p, &c| without(&p, c));
                    assert!(
                        !unique(&smaller),
                        "{size} diagonal {diagonal} {symmetry}: not minimal"
                    );
                }
            }
        }
    }
}

#[test]
fn sixteen_by_sixteen_and_twenty_five_by_twenty_five() {
    checked(&classic(Shape::from_size(16).unwrap(), false), 3);
    checked(&classic(Shape::from_size(16).unwrap(), true), 3);
    // 25×25 by default: givens go while propagation still solves the puzzle. Unique by
    // SAT (dancing links takes too long on this many blanks), same seed same puzzle.
    let options = classic(Shape::from_size(25).unwrap(), false);
    let generated = generate(&options, 1).unwrap();
    assert_eq!(
        SatSolver::new().count(&generated.puzzle, 1),
        satdoku::Count {
            count: 1,
            complete: true
        }
    );
    assert!(generated.solution.solves(&generated.puzzle));
    assert!(generated.puzzle.grid().given_count() < 625 / 2);
    assert_eq!(generate(&options, 1).unwrap().puzzle, generated.puzzle);
    // 25×25 with a number of givens: SAT decides what propagation leaves open.
    check(
        &Options {
            givens: Some(400),
            ..classic(Shape::from_size(25).unwrap(), false)
        },
        5,
    );
}

#[test]
fn exact_givens_and_difficulty() {
    let nine = classic(Shape::NINE, false);
    for (givens, symmetry) in [
        (30, Symmetry::Rot180),
        (36, Symmetry::Rot90),
        (28, Symmetry::None),
    ] {
        check(
            &Options {
                givens: Some(givens),
                symmetry,
                ..nine.clone()
            },
            21,
        );
    }
    check(
        &Options {
            difficulty: Some(Difficulty::Easy),
            ..nine.clone()
        },
        4,
    );
    check(
        &Options {
            difficulty: Some(Difficulty::Medium),
            ..nine.clone()
        },
        4,
    );
    for band in ["1.2-2.3", "2.5-4", "6.5-9"] {
        check(
            &Options {
                rating: Some(band.parse().unwrap()),
                ..nine.clone()
            },
            4,
        );
    }
}

#[test]
fn impossible_options_are_errors() {
    let nine = classic(Shape::NINE, false);
    // rot90 orbits of a 9×9 grid have 4 cells, or 1 (the centre): 30 = 4a + b, b <= 1.
    let err = generate(
        &Options {
            givens: Some(30),
            symmetry: Symmetry::Rot90,
            ..nine.clone()
        },
        1,
    )
    .unwrap_err();
    assert!(matches!(err, GenerateError::Impossible(_)), "{err}");
    assert!(err.to_string().contains("1 or 4"), "{err}");
    let err = generate(
        &Options {
            givens: Some(82),
            ..nine
        },
        1,
    )
    .unwrap_err();
    assert!(err.to_string().contains("do not fit"), "{err}");
}

#[test]
fn a_deadline_ends_a_hopeless_search() {
    // 17 givens is about the floor for 9×9: random removal does not get there in 200 ms.
    let options = Options {
        givens: Some(17),
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_millis(200)),
        ..classic(Shape::NINE, false)
    };
    let err = generate(&options, 1).unwrap_err();
    assert!(matches!(err, GenerateError::Timeout { .. }), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random seeds and options: always unique, with the asked givens and symmetry.
    #[test]
    fn random_seeds_and_options(
        seed: u64,
        size in prop::sample::select(vec![4usize, 9]),
        diagonal: bool,
        symmetry in prop::sample::select(Symmetry::ALL.to_vec()),
        extra in 0usize..20,
    ) {
        let shape = Shape::from_size(size).unwrap();
        let base = Options { symmetry, ..classic(shape, diagonal) };
        let minimal = check(&base, seed);
        // A number of givens above this minimal puzzle's, when the symmetry allows it.
        let k = (minimal.puzzle.grid().given_count() + extra).min(shape.cell_count());
        let options = Options { givens: Some(k), ..base };
        match generate(&options, seed) {
            Ok(_) => { check(&options, seed); }
            Err(GenerateError::Impossible(_)) => {}
            Err(err) => panic!("{err}"),
        }
    }
}

/// The logical solver is sound: every cell it fills matches the known solution, and it
/// fills the whole grid unless it gets stuck (the hardest technique is then `guess`).
#[test]
fn ratings_are_sound_on_the_bundled_sets() {
    for (file, diagonal) in [
        ("examples.txt", false),
        ("diagonal.txt", true),
        ("4x4.txt", false),
        ("16x16.txt", false),
    ] {
        for (values, known) in parse_file(file).iter().zip(known_solutions(file)) {
            let known = known.unwrap();
            let shape = Shape::from_size(values.len()).unwrap();
            let mut grid = Grid::empty(shape);
            for (r, row) in values.iter().enumerate() {
                for (c, &v) in row.iter().enumerate() {
                    grid.set(shape.cell(r, c).unwrap(), shape.digit(v as usize));
                }
            }
            let rating = rate(
                &Puzzle::new(
                    grid.clone(),
                    RulesSpec::classic(diagonal)
                        .rules_for(grid.shape())
                        .unwrap(),
                )
                .unwrap(),
            );
            let logic = plain(&rating.logic);
            for (r, row) in logic.iter().enumerate() {
                for (c, &v) in row.iter().enumerate() {
                    assert!(
                        v == 0 || v == known[r][c],
                        "{file}: wrong digit at r{}c{}",
                        r + 1,
                        c + 1
                    );
                }
            }
            let complete = logic.iter().flatten().all(|&v| v != 0);
            assert_eq!(complete, rating.hardest != Technique::Guess, "{file}");
        }
    }
}

#[test]
fn the_command_line_reproduces_a_seed_on_any_number_of_threads() {
    let run = |threads: &str| {
        let output = satdoku()
            .args([
                "generate",
                "--count",
                "6",
                "--seed",
                "42",
                "--threads",
                threads,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 6);
    assert_eq!(one, run("2"));
    // The third puzzle's seed, given alone, makes the third puzzle.
    let json = satdoku()
        .args([
            "generate", "--count", "3", "--seed", "42", "--format", "json",
        ])
        .output()
        .unwrap();
    let rows: Vec<serde_json::Value> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows[2]["index"], 3);
    assert_eq!(rows[2]["status"], "generated");
    let third_seed = rows[2]["seed"].as_u64().unwrap();
    let alone = satdoku()
        .args([
            "generate",
            "--seed",
            &third_seed.to_string(),
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let alone: serde_json::Value =
        serde_json::from_str(String::from_utf8(alone.stdout).unwrap().trim()).unwrap();
    assert_eq!(alone["puzzle"], rows[2]["puzzle"]);
    assert_eq!(alone["seed"], third_seed);
    assert!(alone["givens"].as_u64().unwrap() >= 17);
    assert!(["easy", "medium", "hard", "expert"].contains(&alone["difficulty"].as_str().unwrap()));
    assert_eq!(one.lines().nth(2).unwrap().replace('.', ""), {
        let puzzle = alone["puzzle"].as_str().unwrap();
        puzzle.replace('.', "")
    });
}

#[test]
fn the_command_line_reports_seeds_and_errors() {
    let output = satdoku()
        .args(["generate", "--size", "4"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("pass --seed"), "{stderr}");
    satdoku()
        .args(["generate", "--givens", "30", "--symmetry", "rot90"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot form a rot90 pattern"));
    satdoku()
        .args(["generate", "--size", "65"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not a supported size"));
    satdoku()
        .args([
            "generate",
            "--givens",
            "17",
            "--timeout",
            "100ms",
            "--seed",
            "1",
            "--format",
            "json",
        ])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("\"status\":\"timeout\""));
    // Options no grid meets fail at once, with nothing on standard output (no `# rules:`
    // line heading no puzzle).
    let start = std::time::Instant::now();
    for (args, why) in [
        (
            &["generate", "--size", "4", "--anti-king", "--diagonal"][..],
            "no 4×4 grid has a solution under these rules",
        ),
        (
            &["generate", "--size", "4", "--difficulty", "expert"][..],
            "no 4×4 puzzle is expert",
        ),
        (
            &["generate", "--size", "4", "--rating", "2.6-9"][..],
            "no 4×4 puzzle rates 2.6-9.0: singles solve every 4×4",
        ),
        (
            &["generate", "--rating", "4-2.5"][..],
            "the band's low end is above its high end",
        ),
        (
            &["generate", "--rating", "2.55"][..],
            "more than one decimal",
        ),
        (
            &["generate", "--rating", "hard"][..],
            "is not a rating from 0 to 25",
        ),
        (
            &[
                "generate",
                "--size",
                "4",
                "--diagonal",
                "--difficulty",
                "medium",
            ][..],
            "no 4×4 puzzle is medium",
        ),
    ] {
        satdoku()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(why));
    }
    assert!(
        start.elapsed() < std::time::Duration::from_secs(20),
        "no search for a minute"
    );
}

/// Every 4×4 puzzle with one solution is easy, under boxes and every combination of global
/// rules: what `generate --size 4 --difficulty` relies on to refuse harder ones at once.
/// Every subset of the cells of every solution grid whose first row is 1 2 3 4 (relabelling
/// changes no rating).
#[test]
#[ignore = "exhaustive (about a million puzzles rated): cargo test --release --test tests generate:: -- --ignored"]
fn every_unique_4x4_puzzle_is_easy() {
    use satdoku::rules::GlobalRule;
    let shape = Shape::from_size(4).unwrap();
    // The rules of houses and of a king's or knight's move.
    let classic = [
        GlobalRule::Diagonal,
        GlobalRule::Windoku,
        GlobalRule::DisjointGroups,
        GlobalRule::AntiKnight,
        GlobalRule::AntiKing,
    ];
    for combination in 0..1u32 << classic.len() {
        let globals = classic
            .iter()
            .enumerate()
            .filter(|(i, _)| combination >> i & 1 == 1)
            .map(|(_, rule)| *rule)
            .collect();
        let spec = RulesSpec {
            globals,
            ..RulesSpec::default()
        };
        let Ok(rules) = spec.rules_for(shape) else {
            continue;
        };
        let empty = Puzzle::new(Grid::empty(shape), std::sync::Arc::clone(&rules)).unwrap();
        let mut grids = Vec::new();
        SatSolver::new()
            .for_each_solution(&empty, 288, |grid| {
                grids.push(grid);
                Ok::<_, ()>(std::ops::ControlFlow::Continue(()))
            })
            .unwrap();
        let cells: Vec<satdoku::Cell> = shape.cells().collect();
        for grid in grids.iter().filter(|grid| {
            (0..4).all(|c| grid.get(shape.cell(0, c).unwrap()) == shape.digit(c + 1))
        }) {
            for subset in 0..1u32 << cells.len() {
                let mut givens = Grid::empty(shape);
                for (i, &cell) in cells.iter().enumerate() {
                    if subset >> i & 1 == 1 {
                        givens.set(cell, grid.get(cell));
                    }
                }
                let puzzle = Puzzle::new(givens, std::sync::Arc::clone(&rules)).unwrap();
                if !unique(&puzzle) {
                    continue;
                }
                let rating =
                    satdoku::rate::rate_within(&puzzle, true, satdoku::generate::RATING_WORK);
                assert_eq!(
                    rating.difficulty,
                    Difficulty::Easy,
                    "{spec:?}: {}",
                    satdoku::format::write_line(puzzle.grid(), &Default::default())
                );
                // What `generate --size 4 --rating` relies on: no rating above 2.5 (the
                // heaviest easy step).
                assert!(rating.se() <= 2.5, "{spec:?}: {}", rating.se());
            }
        }
    }
}

#[test]
fn rate_prints_one_line_per_puzzle_and_the_distribution() {
    let output = satdoku()
        .args(["rate", "puzzles/examples.txt", "puzzles/multiple.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7 + parse_file("multiple.txt").len());
    assert!(lines[0].starts_with("easy "), "{text}");
    assert!(lines[7].starts_with("multiple (not rated)"), "{text}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("rated 7 puzzles:"), "{stderr}");
}

/// `generate --rating A-B` makes puzzles that `rate --scale se` puts in the band, each with
/// the rating its row gives, and each unique (by tests/common's brute force).
#[test]
fn generate_by_rating_agrees_with_rate() {
    let output = satdoku()
        .args([
            "generate", "--rating", "6.5-9", "--count", "3", "--seed", "9", "-f", "json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let rows: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    let puzzles: String = rows
        .iter()
        .map(|r| format!("{}\n", r["puzzle"].as_str().unwrap()))
        .collect();
    for row in &rows {
        let plain = common::parse_line(row["puzzle"].as_str().unwrap());
        assert_eq!(common::brute_force_count(&plain, false, 2), 1);
        let rating = row["rating"].as_f64().unwrap();
        assert!((6.5..=9.0).contains(&rating), "{rating}");
    }
    let rated = satdoku()
        .args(["rate", "--scale", "se", "-f", "json", "-"])
        .write_stdin(puzzles)
        .output()
        .unwrap();
    let rated: Vec<serde_json::Value> = String::from_utf8(rated.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (row, rated) in rows.iter().zip(&rated) {
        assert_eq!(row["rating"], rated["rating"]);
        assert_eq!(row["hardest"], rated["hardest"]);
    }
}

/// Under every global rule that tells digits apart (non-consecutive, entropy, XV …), the
/// generator makes a unique puzzle whose solution keeps the rule: a relabelled solution
/// grid broke such rules (a panic), and the backtracker's second opinion on a sparse
/// non-consecutive puzzle took past the deadline. 6×6 where the rule allows it, else 9×9.
#[test]
fn every_digit_sensitive_global_rule_generates() {
    use satdoku::rules::{GlobalRule, GlobalRules};
    let mut made = 0;
    for rule in GlobalRule::ALL {
        if rule == GlobalRule::ChaosConstruction {
            // Regions to be found: the generator fills in digits, and refuses it by name.
            let spec = RulesSpec {
                globals: GlobalRules::from_iter([rule]),
                no_regions: true,
                ..RulesSpec::default()
            };
            let options = Options::new(spec.rules_for(Shape::NINE).unwrap());
            let refused = generate(&options, 1).err().map(|e| e.to_string());
            assert!(
                refused
                    .as_deref()
                    .is_some_and(|e| e.contains("regions are to be found")),
                "{refused:?}"
            );
            continue;
        }
        let spec = RulesSpec {
            globals: GlobalRules::from_iter([rule]),
            ..RulesSpec::default()
        };
        // Doppelgänger needs the digits 0 to N.
        let zero_to_n = |n: usize| RulesSpec {
            digits: Some(n + 1),
            from_zero: true,
            ..spec.clone()
        };
        let rules = [6, 9]
            .into_iter()
            .find_map(|n| {
                let shape = Shape::from_size(n).unwrap();
                (spec.rules_for(shape).ok()).or_else(|| zero_to_n(n).rules_for(shape).ok())
            })
            .unwrap_or_else(|| panic!("{rule}: no rules on 6x6 or 9x9"));
        if rules.constraints().is_empty() {
            continue;
        }
        let options = Options {
            deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(60)),
            ..Options::new(rules)
        };
        let generated = generate(&options, 1).unwrap_or_else(|e| panic!("{rule}: {e}"));
        assert!(generated.solution.solves(&generated.puzzle), "{rule}");
        assert!(unique(&generated.puzzle), "{rule}");
        made += 1;
    }
    assert!(made >= 8, "{made}");
}

/// `generate --layout FILE` builds unique puzzles on a layout: its cages and givens kept,
/// givens added. Checked by tests/common's own f-puzzles reader and brute force (one
/// solution, the cages' sums, the layout's givens), and the TOML it writes by default reads
/// back as a unique puzzle.
#[test]
fn generate_builds_on_a_layout() {
    let dir = tempfile::tempdir().unwrap();
    let draft =
        std::fs::read_to_string(common::puzzle_path("drafts/killer-6x6-three-cages.toml")).unwrap();
    // The draft with one given of its own: r3c3 = 4.
    let layout = dir.path().join("layout.toml");
    std::fs::write(
        &layout,
        draft.replacen(
            ". . . . . .\n. . . . . .\n. . . . . .",
            ". . . . . .\n. . . . . .\n. . 4 . . .",
            1,
        ),
    )
    .unwrap();
    let output = satdoku()
        .args([
            "generate",
            "--to",
            "fpuzzles-json",
            "--seed",
            "3",
            "--count",
            "2",
            "-f",
            "json",
            "--layout",
        ])
        .arg(&layout)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        common::stderr_of(&output)
    );
    let rows: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    for (k, row) in rows.iter().enumerate() {
        let file = dir.path().join(format!("built-{k}.json"));
        std::fs::write(&file, row["written"].as_str().unwrap()).unwrap();
        let built = common::fpuzzles::read(&file);
        assert_eq!(built.checks.len(), 3, "the three cages: {:?}", built.checks);
        assert_eq!(built.givens[2][2], 4, "the layout's given stays");
        assert_eq!(built.brute_force_count(2), 1, "{}", row["puzzle"]);
        let solution = common::parse_line(row["solution"].as_str().unwrap());
        assert_eq!(built.violation(&solution), None);
    }
    // Without --to: TOML, which check reads back as unique.
    let toml = satdoku()
        .args(["generate", "--seed", "4", "--layout"])
        .arg(&layout)
        .output()
        .unwrap();
    assert_eq!(toml.status.code(), Some(0), "{}", common::stderr_of(&toml));
    let text = String::from_utf8(toml.stdout).unwrap();
    assert!(text.contains("[[cage]]"), "{text}");
    satdoku()
        .args(["check", "-"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(predicates::str::starts_with("unique"));
    // The layout gives the rules; a layout is one puzzle.
    for (args, why) in [
        (vec!["--diagonal".to_string()], "gives the rules"),
        (
            vec!["--size".to_string(), "9".to_string()],
            "cannot be used with",
        ),
    ] {
        satdoku()
            .arg("generate")
            .args(&args)
            .arg("--layout")
            .arg(&layout)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(why));
    }
    satdoku()
        .args(["generate", "--layout"])
        .arg(common::puzzle_path("examples.txt"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("holds 7 puzzles"));
}

/// `generate --layout` inside a band: on the bundled layouts, puzzles asked to be easy,
/// medium or hard, or rated 1.0–2.0 on the SE scale, are unique by `check` and of that
/// difficulty by `rate` (the written TOML, the layout's constraints in it, is what is
/// checked and rated).
#[test]
fn generate_on_bundled_layouts_stays_in_the_band_asked_for() {
    for (layout, band, expect) in [
        ("thermometer", ["--difficulty", "easy"], "easy"),
        ("thermometer", ["--difficulty", "medium"], "medium"),
        ("thermometer", ["--difficulty", "hard"], "hard"),
        ("thermometer", ["--rating", "1.0-2.0"], "easy"),
        ("killer", ["--difficulty", "medium"], "medium"),
    ] {
        let path = format!("puzzles/drafts/{layout}-layout.toml");
        let mut args = vec!["generate", "--layout", &path, "--seed", "1", "-f", "json"];
        args.extend(band);
        let (code, out, err) = run(&args, "");
        assert_eq!(code, Some(0), "{layout} {band:?}: {err}");
        let row = &common::json_rows(&out)[0];
        let written = row["written"].as_str().unwrap();
        assert!(written.contains("[["), "{written}");
        let (code, out, _) = run(&["check", "-"], written);
        assert_eq!(code, Some(0), "{layout} {band:?}: {out}");
        let (_, out, _) = run(&["rate", "-f", "json", "-"], written);
        let rated = &common::json_rows(&out)[0];
        assert_eq!(rated["difficulty"], expect, "{layout} {band:?}: {rated}");
        assert_eq!(row["difficulty"], expect);
        if band[0] == "--rating" {
            let se = row["rating"].as_f64().unwrap();
            assert!((1.0..=2.0).contains(&se), "{row}");
        }
    }
}
