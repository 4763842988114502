//! `satdoku check`, `count` and `solve --all` end to end: verdicts, witnesses, exit codes.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use std::collections::HashSet;

use common::{check_solution, json_rows, known_solutions, parse_line, run};

#[test]
fn check_prints_unique_with_the_solution_and_exits_zero() {
    let (code, out, _) = run(&["check", "puzzles/examples.txt"], "");
    assert_eq!(code, Some(0));
    let known = known_solutions("examples.txt");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), known.len());
    for (line, known) in lines.iter().zip(known) {
        let solution = line.strip_prefix("unique ").unwrap();
        assert_eq!(Some(parse_line(solution)), known);
    }
}

#[test]
fn check_shows_two_solutions_and_where_they_differ() {
    let puzzle = "1...............";
    let (code, out, _) = run(&["check"], puzzle);
    assert_eq!(code, Some(1));
    let words: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(words[0], "multiple");
    let (a, b) = (parse_line(words[1]), parse_line(words[2]));
    let given = parse_line(puzzle);
    check_solution(&given, &a, false).unwrap();
    check_solution(&given, &b, false).unwrap();
    assert_ne!(a, b);
    assert_eq!(words[3..5], ["differ", "at"]);

    let (code, out, _) = run(&["check", "--format", "json"], puzzle);
    assert_eq!(code, Some(1));
    let row = &json_rows(&out)[0];
    assert_eq!(row["index"], 1);
    assert_eq!(row["status"], "multiple");
    let solutions: Vec<_> = row["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| parse_line(s.as_str().unwrap()))
        .collect();
    assert_eq!(solutions.len(), 2);
    let expected: Vec<String> = (0..16)
        .filter(|&i| solutions[0][i / 4][i % 4] != solutions[1][i / 4][i % 4])
        .map(|i| format!("r{}c{}", i / 4 + 1, i % 4 + 1))
        .collect();
    let reported: Vec<String> = row["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap().to_string())
        .collect();
    assert_eq!(reported, expected);
}

#[test]
fn check_names_the_clashing_givens_of_an_unsolvable_puzzle() {
    let (code, out, _) = run(
        &["check", "--format", "json", "puzzles/unsolvable-4x4.txt"],
        "",
    );
    assert_eq!(code, Some(1));
    for row in json_rows(&out) {
        assert_eq!(row["status"], "no_solution");
        let conflict = row["conflict"].as_array().unwrap();
        assert!(!conflict.is_empty());
        for given in conflict {
            let given = given.as_str().unwrap();
            assert!(given.starts_with('r') && given.contains('c') && given.contains('='));
        }
    }
    let (_, out, _) = run(&["check", "puzzles/unsolvable-4x4.txt"], "");
    assert!(out.lines().all(|l| l.starts_with("no_solution clash r")));
}

#[test]
fn check_reports_invalid_puzzles_and_exits_two() {
    let (code, out, err) = run(&["check"], "11..............\n1...............\n");
    assert_eq!(code, Some(2));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "invalid line 1: two 1s in row 1 (r1c1 and r1c2)");
    assert!(lines[1].starts_with("multiple "));
    assert!(err.contains("line 1: two 1s in row 1"));
}

#[test]
fn check_minimal_lists_redundant_givens() {
    // Every given of a complete grid can go on its own; a minimal puzzle has none to spare.
    let (code, out, _) = run(
        &["check", "--minimal", "--format", "json"],
        "1234341221434321\n",
    );
    assert_eq!(code, Some(0));
    let row = &json_rows(&out)[0];
    assert_eq!(row["minimal"], false);
    assert_eq!(row["redundant"].as_array().unwrap().len(), 16);

    let (code, out, _) = run(&["check", "--minimal", "puzzles/4x4.txt"], "");
    assert_eq!(code, Some(0));
    assert!(out.lines().all(|l| l.starts_with("unique ")));
    assert!(
        out.lines()
            .all(|l| l.ends_with(" minimal") || l.contains(" redundant r"))
    );

    // Constraints too: a thermometer the rest make unnecessary is named, in text and JSON;
    // a puzzle whose every constraint and given is needed is minimal.
    let thermo = "puzzles/variants/constraints/thermometer-1.json";
    let (code, out, _) = run(&["check", "--minimal", thermo], "");
    assert_eq!(code, Some(0));
    assert!(
        out.trim_end()
            .ends_with(" redundant constraints: thermometer r9c2-r9c1-r8c2"),
        "{out}"
    );
    let (_, out, _) = run(&["check", "--minimal", "--format", "json", thermo], "");
    let row = &json_rows(&out)[0];
    assert_eq!(row["minimal"], false);
    assert_eq!(row["redundant"].as_array().unwrap().len(), 0);
    assert_eq!(
        row["redundant_constraints"],
        serde_json::json!(["thermometer r9c2-r9c1-r8c2"])
    );
    let arrow = "puzzles/variants/constraints/arrow-2.json";
    let (_, out, _) = run(&["check", "--minimal", "--format", "json", arrow], "");
    let row = &json_rows(&out)[0];
    assert_eq!(row["minimal"], true);
    assert_eq!(row["redundant_constraints"], serde_json::json!([]));

    // A timeout it would not honour is refused, not ignored.
    let (code, out, err) = run(
        &["check", "--minimal", "--timeout", "1s", "puzzles/4x4.txt"],
        "",
    );
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(
        err.contains("'--minimal' cannot be used with '--timeout"),
        "{err}"
    );
}

#[test]
fn check_block_format_heads_each_grid_with_its_verdict() {
    let (code, out, _) = run(&["check", "--format", "block"], "1...............\n");
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("# puzzle 1 (line 1): multiple: differ at r"));
    assert_eq!(lines.len(), 1 + 5 + 1 + 5);
}

#[test]
fn check_proof_writes_a_cnf_and_a_drat_proof_per_unique_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = run(
        &[
            "check",
            "--proof",
            dir.path().to_str().unwrap(),
            "puzzles/examples.txt",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    for index in 1..=7 {
        let cnf =
            std::fs::read_to_string(dir.path().join(format!("examples-{index}.cnf"))).unwrap();
        assert!(cnf.starts_with("c satdoku"));
        assert!(cnf.lines().any(|l| l.starts_with("p cnf 729 ")));
        let drat =
            std::fs::read_to_string(dir.path().join(format!("examples-{index}.drat"))).unwrap();
        assert!(drat.lines().any(|l| l.trim() == "0"), "no empty clause");
    }
}

#[test]
fn count_prints_counts_with_a_plus_when_capped() {
    let (code, out, _) = run(&["count"], "................\n1...............\n");
    assert_eq!(code, Some(0));
    assert_eq!(out, "288\n72\n");
    let (_, out, _) = run(&["count", "--diagonal"], "................\n");
    assert_eq!(out, "48\n");
    let (_, out, _) = run(&["count", "--limit", "10"], "................\n");
    assert_eq!(out, "10+\n");
    let (_, out, _) = run(
        &["count", "--limit", "10", "--format", "json"],
        "................\n",
    );
    let row = &json_rows(&out)[0];
    assert_eq!(
        (row["count"].clone(), row["complete"].clone()),
        (10.into(), false.into())
    );
    assert_eq!(row["status"], "multiple");
    let (code, out, _) = run(&["count", "puzzles/unsolvable-4x4.txt"], "");
    assert_eq!(code, Some(1));
    assert_eq!(out, "0\n0\n0\n");
}

#[test]
fn solve_all_streams_every_distinct_solution() {
    for (args, expected) in [
        (&["solve", "--all"][..], 288),
        (&["solve", "--all", "--diagonal"][..], 48),
    ] {
        let (code, out, _) = run(args, "................\n");
        assert_eq!(code, Some(0));
        let empty = vec![vec![0; 4]; 4];
        let diagonal = args.contains(&"--diagonal");
        let mut seen = HashSet::new();
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("# puzzle 1 of <stdin> (line 1)"));
        for line in lines {
            let grid = parse_line(line);
            check_solution(&empty, &grid, diagonal).unwrap();
            assert!(seen.insert(grid));
        }
        assert_eq!(seen.len(), expected);
    }
    let (_, out, _) = run(
        &["solve", "--all", "--limit", "5", "-f", "json"],
        "................\n",
    );
    let rows = json_rows(&out);
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[4]["number"], 5);
    assert_eq!(rows[4]["status"], "solved");
}

#[test]
fn every_solver_is_selectable_and_agrees() {
    let known = known_solutions("examples.txt");
    // (naive is left out on examples.txt, whose 17-clue puzzle is built to defeat it.)
    for &solver in satdoku::solvers::SOLVER_NAMES
        .iter()
        .filter(|&&s| s != "naive")
    {
        let (code, out, _) = run(&["solve", "--solver", solver, "puzzles/examples.txt"], "");
        assert_eq!(code, Some(0));
        let lines: Vec<_> = out.lines().map(|l| Some(parse_line(l))).collect();
        assert_eq!(lines, known, "{solver}");
    }
    for &solver in satdoku::solvers::SOLVER_NAMES {
        let (code, out, _) = run(
            &["count", "--solver", solver, "--diagonal"],
            "................\n",
        );
        assert_eq!((code, out.as_str()), (Some(0), "48\n"), "{solver}");
    }
    let (code, _, err) = run(&["solve", "--solver", "dancing"], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(
            "possible values: auto, sat, sat:minimal, sat:extended, sat:reduced, sat:propagated, bitboard, propagate, dlx, naive"
        ),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "--all", "--solver", "naive"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("--all enumerates solutions with the SAT engine only"));
}

/// `check --solver` gives the same verdicts, witnesses that are solutions, and clashes that
/// are minimal, whichever solver searches.
#[test]
fn check_gives_the_same_verdicts_with_every_solver() {
    for file in [
        "puzzles/multiple.txt",
        "puzzles/unsolvable-4x4.txt",
        "puzzles/4x4.txt",
    ] {
        let verdicts = |solver: &str| -> Vec<String> {
            let (_, out, _) = run(&["check", "--solver", solver, "-f", "json", file], "");
            out.lines()
                .map(|line| {
                    let row: serde_json::Value = serde_json::from_str(line).unwrap();
                    let conflict = row["conflict"].as_array().map_or(0, Vec::len);
                    format!("{} {}", row["status"], conflict > 0)
                })
                .collect()
        };
        let sat = verdicts("sat");
        assert!(!sat.is_empty());
        for solver in ["bitboard", "propagate", "dlx", "naive", "sat:minimal"] {
            assert_eq!(verdicts(solver), sat, "{solver} on {file}");
        }
    }
}

/// Bundled puzzles with several solutions (the last with variant constraints, which stay
/// with SAT).
const LOOSE: [&str; 4] = [
    "puzzles/multiple.txt",
    "puzzles/empty-4x4.txt",
    "puzzles/diagonal-4x4.txt",
    "puzzles/variants/thermometer-draft.json",
];

/// `count` without `--solver` hands enumeration past two solutions to a backtracker: its
/// counts equal every forced engine's, at and around the limit.
#[test]
fn count_engines_agree_on_the_bundled_loose_puzzles() {
    for (limit, files) in [
        ("2", &LOOSE[..]),
        ("3", &LOOSE[..]),
        ("50", &LOOSE[..]),
        ("10000", &LOOSE[..3]),
    ] {
        let mut args = vec!["count", "--limit", limit];
        args.extend(files);
        let (code, default, err) = run(&args, "");
        assert!(code.is_some(), "{err}");
        for solver in ["sat", "sat:extended", "propagate", "bitboard", "dlx"] {
            if solver == "dlx" && files.len() == LOOSE.len() {
                // dlx checks the thermometers only as its column choice fills their cells:
                // a minute on the draft.
                continue;
            }
            let mut forced = vec!["count", "--solver", solver, "--limit", limit];
            forced.extend(files);
            let (_, out, err) = run(&forced, "");
            assert_eq!(out, default, "--solver {solver} --limit {limit}: {err}");
        }
    }
}

/// A sparse anti-knight diagonal 9×9 given one wrong digit (r5c2=8): the verdict is quick,
/// but proving a clash minimal takes many hard SAT calls.
const COSTLY_CLASH: &str =
    "....8......1.........................8....3...7...............6.....5.2.......9..";

/// The givens of a clash as a puzzle line, and the line without each of them in turn.
fn clash_lines(conflict: &[serde_json::Value]) -> (String, Vec<String>) {
    let givens: Vec<(usize, char)> = conflict
        .iter()
        .map(|given| {
            let text = given.as_str().unwrap();
            let (cell, digit) = text.split_once('=').unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
            (index, digit.chars().next().unwrap())
        })
        .collect();
    let line = |skip: Option<usize>| -> String {
        let mut cells = vec!['.'; 81];
        for (k, &(index, digit)) in givens.iter().enumerate() {
            if Some(k) != skip {
                cells[index] = digit;
            }
        }
        cells.into_iter().collect()
    };
    (
        line(None),
        (0..givens.len()).map(|k| line(Some(k))).collect(),
    )
}

/// `check` bounds the shrinking of a clash by the verdict's cost and says when it stopped
/// early (`clash (not minimal)`, `"minimal": false`); `check --minimal` shrinks it to the
/// end. Either clash is unsolvable by itself, and each given of the minimal one is needed.
#[test]
fn check_bounds_a_costly_clash_and_says_it_is_not_minimal() {
    let rules = ["--anti-knight", "--diagonal"];
    let (code, out, _) = run(&[&["check"][..], &rules].concat(), COSTLY_CLASH);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("no_solution clash (not minimal) r"),
        "{out}"
    );
    let json = |extra: &[&str]| {
        let (_, out, _) = run(
            &[&["check", "-f", "json"][..], extra, &rules].concat(),
            COSTLY_CLASH,
        );
        json_rows(&out).remove(0)
    };
    let bounded = json(&[]);
    assert_eq!(bounded["minimal"], false, "{bounded}");
    let exhaustive = json(&["--minimal"]);
    assert_eq!(exhaustive["minimal"], true, "{exhaustive}");
    let (_, text, _) = run(
        &[&["check", "--minimal"][..], &rules].concat(),
        COSTLY_CLASH,
    );
    assert!(text.starts_with("no_solution clash r"), "{text}");
    let count = |line: &str| run(&[&["count", "--limit", "1"][..], &rules].concat(), line).1;
    for row in [&bounded, &exhaustive] {
        let conflict = row["conflict"].as_array().unwrap();
        let (line, fewer) = clash_lines(conflict);
        assert_eq!(count(&line).trim(), "0", "{row}: the clash has a solution");
        // Every given of the clash is the puzzle's.
        let puzzle: Vec<char> = COSTLY_CLASH.chars().collect();
        let clash: Vec<char> = line.chars().collect();
        assert!(
            (0..81).all(|i| clash[i] == '.' || clash[i] == puzzle[i]),
            "{line}"
        );
        if row == &exhaustive {
            for fewer in fewer {
                assert_eq!(count(&fewer).trim(), "1+", "{fewer}: a given is not needed");
            }
        }
    }
}

/// `--portfolio` races every thread on each puzzle, and the output is the same as on one
/// thread, witnesses included.
#[test]
fn racing_threads_print_what_one_thread_prints() {
    let input = [
        "puzzles/16x16.txt",
        "puzzles/25x25.txt",
        "puzzles/anti-knight-diagonal-clash.txt",
    ];
    // Several solutions (witnesses) and none (a clash), beside the unique ones.
    let stdin = "1...............\n12....3.........\n";
    for command in ["check", "solve"] {
        let mut args = vec![command, "--threads", "1", "-f", "json", "-"];
        args.extend(input);
        let (_, alone, _) = run(&args, stdin);
        assert!(json_rows(&alone).len() >= 5);
        for extra in [&["--threads", "4"][..], &["--threads", "3", "--portfolio"]] {
            let mut raced = vec![command, "-f", "json", "-"];
            raced.extend(input);
            raced.extend(extra);
            let (_, out, _) = run(&raced, stdin);
            assert_eq!(out, alone, "{command} {extra:?}");
        }
    }
}

#[test]
fn portfolio_is_refused_where_nothing_races() {
    for (args, says) in [
        (
            &["check", "--portfolio", "--solver", "bitboard"][..],
            "--solver sat",
        ),
        (&["solve", "--portfolio", "--solver", "dlx"], "--solver sat"),
        (&["check", "--portfolio", "--minimal"], "drop --portfolio"),
        (&["solve", "--portfolio", "--all"], "drop --portfolio"),
    ] {
        let (code, _, err) = run(args, "1...............\n");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
