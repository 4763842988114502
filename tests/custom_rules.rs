//! Rules a user writes down (`[[rule]]`): on 4×4 grids every solver's count equals the
//! number of the 288 grids an independent check accepts; thirteen built-in families and
//! rules restated in the rule language give the same counts on their bundled puzzles, with
//! their givens and without; malformed rules are refused with their line and column.

use crate::common;

use common::Plain;
#[cfg(feature = "cli")]
use common::plain;
use satdoku::Puzzle;
use satdoku::format::PuzzleFile;
#[cfg(feature = "cli")]
use satdoku::{SatSolver, Solver, encode::EncodingKind};

/// The puzzle of a TOML file's text (its first grid, its rules).
fn puzzle_of(toml: &str) -> Puzzle {
    let file = PuzzleFile::parse(toml).unwrap_or_else(|e| panic!("{e}\n{toml}"));
    file.puzzle(0)
        .expect("a puzzle")
        .unwrap_or_else(|e| panic!("{e}\n{toml}"))
}

/// Checks the rule tables `tables` on the empty 4×4 grid against `holds`: every solver's
/// count, and each solution found, against the 288 grids.
fn agree(grids: &[Plain], tables: &str, holds: &dyn Fn(&Plain) -> bool) {
    let toml = format!("boxes = \"2x2\"\npuzzle = \"{}\"\n{tables}", ".".repeat(16));
    let expected = grids.iter().filter(|g| holds(g)).count();
    let puzzle = puzzle_of(&toml);
    common::every_solver_agrees(&puzzle, expected, holds, &toml);
}

/// The digits of the cells `(row, col)` of `g`, in order.
fn digits(g: &Plain, cells: &[(usize, usize)]) -> Vec<u32> {
    cells.iter().map(|&(r, c)| g[r][c]).collect()
}

/// The numbers a line's digits stand for on a grid from 0: one less than their places.
fn numbers(g: &Plain, cells: &[(usize, usize)]) -> Vec<i64> {
    digits(g, cells).iter().map(|&v| v as i64 - 1).collect()
}

#[test]
fn rules_on_a_grid_from_zero_are_of_the_numbers() {
    let grids = common::all_4x4_grids();
    let line = [(0, 0), (0, 1), (1, 1), (2, 1)];
    let cells = "cells = \"r1c1 r1c2 r2c2 r3c2\"";
    // The same checks as above on the digits 0-3: the expressions and patterns read the
    // numbers, so a 0 is a digit a pattern names and a product may be 0.
    let zero = |tables: String, holds: &dyn Fn(&Plain) -> bool| {
        agree(&grids, &format!("digits = \"0-3\"\n{tables}"), holds)
    };
    zero(
        format!("[[rule]]\n{cells}\nrelation = \"a + b != 3\""),
        &|g| numbers(g, &line).windows(2).all(|w| w[0] + w[1] != 3),
    );
    zero(
        format!("[[rule]]\n{cells}\ntriple = \"c >= a + b\""),
        &|g| numbers(g, &line).windows(3).all(|w| w[2] >= w[0] + w[1]),
    );
    zero(format!("[[rule]]\n{cells}\nsum = \"s <= 3\""), &|g| {
        numbers(g, &line).iter().sum::<i64>() <= 3
    });
    zero(format!("[[rule]]\n{cells}\nproduct = \"p == 0\""), &|g| {
        numbers(g, &line).contains(&0)
    });
    zero(format!("[[rule]]\n{cells}\nregex = \"0.*[23]\""), &|g| {
        let d = numbers(g, &line);
        d[0] == 0 && d[3] >= 2
    });
    // A sum over digits kept apart, encoded as a cage's.
    let cage = [(0, 0), (0, 1), (1, 0)];
    zero(
        "[[rule]]\ncells = \"r1c1 r1c2 r2c1\"\npairs = \"all\"\nrelation = \"a != b\"\nsum = \"s == 3\"".into(),
        &|g| numbers(g, &cage).iter().sum::<i64>() == 3,
    );
}

#[test]
fn relations_sums_products_and_patterns_agree_with_independent_checks() {
    let grids = common::all_4x4_grids();
    let line = [(0, 0), (0, 1), (1, 1), (2, 1)];
    let cells = "cells = \"r1c1 r1c2 r2c2 r3c2\"";
    // A relation between neighbours along the cells.
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\nrelation = \"|a - b| >= 2\""),
        &|g| {
            digits(g, &line)
                .windows(2)
                .all(|w| w[0].abs_diff(w[1]) >= 2)
        },
    );
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\nrelation = \"a > b or a + b in {{5}}\""),
        &|g| {
            digits(g, &line)
                .windows(2)
                .all(|w| w[0] > w[1] || w[0] + w[1] == 5)
        },
    );
    // Between every two of the cells.
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\npairs = \"all\"\nrelation = \"a != b\""),
        &|g| {
            let d = digits(g, &line);
            (0..4).all(|i| (i + 1..4).all(|j| d[i] != d[j]))
        },
    );
    // Three in a row along the cells: an arithmetic series, and one that never turns back.
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\ntriple = \"c - b == b - a\""),
        &|g| {
            let d: Vec<i64> = digits(g, &line).iter().map(|&v| v as i64).collect();
            d.windows(3).all(|w| w[2] - w[1] == w[1] - w[0])
        },
    );
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\ntriple = \"(b - a) * (c - b) > 0\"\nsum = \"s > 8\""),
        &|g| {
            let d: Vec<i64> = digits(g, &line).iter().map(|&v| v as i64).collect();
            d.windows(3).all(|w| (w[1] - w[0]) * (w[2] - w[1]) > 0) && d.iter().sum::<i64>() > 8
        },
    );
    // Sums and products, digits repeating.
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\nsum = \"s % 4 == 1\""),
        &|g| digits(g, &line).iter().sum::<u32>() % 4 == 1,
    );
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\nproduct = \"p in {{12, 24}} || p > 40\""),
        &|g| {
            let p: u32 = digits(g, &line).iter().product();
            p == 12 || p == 24 || p > 40
        },
    );
    // A pattern of the digits in order, and several parts at once.
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\nregex = \"[12]+[34]+\""),
        &|g| {
            let d = digits(g, &line);
            let low = d.iter().take_while(|&&v| v <= 2).count();
            (1..4).contains(&low) && d[low..].iter().all(|&v| v >= 3)
        },
    );
    agree(
        &grids,
        &format!(
            "[[rule]]\n{cells}\nregex = \"(13|31|24|42|.)*\"\nsum = \"s >= 10\"\nrelation = \"a != b\""
        ),
        &|g| {
            let d = digits(g, &line);
            d.iter().sum::<u32>() >= 10 && d.windows(2).all(|w| w[0] != w[1])
        },
    );
    // A sum over digits kept apart: encoded as a killer cage's.
    let cage = [(0, 0), (0, 1), (1, 0)];
    type Also = Box<dyn Fn(&[u32]) -> bool>;
    let cases: Vec<(&str, &str, Also)> = vec![
        ("a != b", "s in {6, 9}", Box::new(|_| true)),
        (
            "a != b && a + b != 5",
            "s >= 7",
            Box::new(|d| (0..3).all(|i| (i + 1..3).all(|j| d[i] + d[j] != 5))),
        ),
    ];
    for (relation, sums, also) in cases {
        agree(
            &grids,
            &format!(
                "[[rule]]\ncells = \"r1c1 r1c2 r2c1\"\npairs = \"all\"\nrelation = \"{relation}\"\nsum = \"{sums}\""
            ),
            &|g| {
                let d = digits(g, &cage);
                let s: u32 = d.iter().sum();
                let sum_holds = if sums.starts_with("s in") {
                    s == 6 || s == 9
                } else {
                    s >= 7
                };
                sum_holds && also(&d)
            },
        );
    }
    // At least one part holding.
    agree(
        &grids,
        &format!(
            "[[rule]]\n{cells}\nregex = \"[12]+\"\nsum = \"s == 14\"\nrelation = \"a == b + 1\"\ncombine = \"any\""
        ),
        &|g| {
            let d = digits(g, &line);
            d.iter().all(|&v| v <= 2)
                || d.iter().sum::<u32>() == 14
                || d.windows(2).all(|w| w[0] == w[1] + 1)
        },
    );
    agree(
        &grids,
        &format!(
            "[[rule]]\n{cells}\npairs = \"all\"\nrelation = \"a != b\"\nproduct = \"p == 4\"\ncombine = \"any\""
        ),
        &|g| {
            let d = digits(g, &line);
            (0..4).all(|i| (i + 1..4).all(|j| d[i] != d[j])) || d.iter().product::<u32>() == 4
        },
    );
    // Several parts of one kind, as a list: a sequence each of whose digits is the sum of
    // the two before it, read from one end or the other.
    agree(
        &grids,
        "[[rule]]\ncells = \"r1c1 r2c2 r3c3\"\ntriple = [\"c == a + b\", \"a == b + c\"]\ncombine = \"any\"",
        &|g| {
            let d = digits(g, &[(0, 0), (1, 1), (2, 2)]);
            d[2] == d[0] + d[1] || d[0] == d[1] + d[2]
        },
    );
    agree(
        &grids,
        &format!("[[rule]]\n{cells}\nregex = [\"[13].*\", \".*[24]\"]"),
        &|g| {
            let d = digits(g, &line);
            [1, 3].contains(&d[0]) && [2, 4].contains(&d[d.len() - 1])
        },
    );
    // Over the whole grid: every pair of cells a move apart.
    agree(
        &grids,
        "[[rule]]\npairs = \"knight\"\nrelation = \"a + b != 5\"",
        &|g| {
            (0..4usize).all(|r| {
                (0..4usize).all(|c| {
                    [(1isize, 2isize), (2, 1), (1, -2), (2, -1)]
                        .iter()
                        .all(|&(dr, dc)| {
                            let (r2, c2) = (r as isize + dr, c as isize + dc);
                            !(0..4).contains(&r2)
                                || !(0..4).contains(&c2)
                                || g[r][c] + g[r2 as usize][c2 as usize] != 5
                        })
                })
            })
        },
    );
    agree(
        &grids,
        "[[rule]]\ncells = \"r1c1 r1c2 r2c1 r2c2 r3c3\"\npairs = \"orthogonal\"\nrelation = \"a < b\"",
        &|g| g[0][0] < g[0][1] && g[0][0] < g[1][0] && g[0][1] < g[1][1] && g[1][0] < g[1][1],
    );
}

#[cfg(feature = "cli")]
/// The digits 1..=`n` that `keep` accepts, as a class of a pattern (`[13579]`).
fn class(n: u32, keep: impl Fn(u32) -> bool) -> String {
    let symbols = "123456789ABCDEFG";
    let chosen: String = (1..=n)
        .filter(|&v| keep(v))
        .map(|v| symbols.as_bytes()[v as usize - 1] as char)
        .collect();
    format!("[{chosen}]")
}

#[cfg(feature = "cli")]
/// Three classes of digits, as a pattern: any three adjacent digits hold one of
/// each class (`classes` the three character classes).
fn one_of_each_three(classes: [String; 3]) -> String {
    let mut alternatives = Vec::new();
    for (x, y, z) in [
        (0, 1, 2),
        (0, 2, 1),
        (1, 0, 2),
        (1, 2, 0),
        (2, 0, 1),
        (2, 1, 0),
    ] {
        let (x, y, z) = (&classes[x], &classes[y], &classes[z]);
        alternatives.push(format!("({x}{y}{z})*({x}{y}?)?"));
    }
    alternatives.join("|")
}

#[cfg(feature = "cli")]
/// `toml` with the records and rules of the built-in families it restates written as
/// `[[rule]]` tables; how many it restated.
fn restate(toml: &str) -> (String, usize) {
    let mut table: toml::Table = toml.parse().unwrap();
    let symbols = table["puzzle"].as_str().unwrap().chars();
    let size = (symbols.filter(|c| !c.is_whitespace()).count() as f64).sqrt() as u32;
    // The digits: 1 to N, or to the file's `digits` when it takes more.
    let n = table
        .get("digits")
        .and_then(toml::Value::as_integer)
        .map_or(size, |m| m as u32);
    let (odd, even) = (class(n, |v| v % 2 == 1), class(n, |v| v % 2 == 0));
    let thirds = [0, 1, 2].map(|t| class(n, |v| (v - 1) / (n / 3) == t));
    let remainders = [1, 2, 0].map(|r| class(n, |v| v % 3 == r));
    let mut rules: Vec<toml::Table> = Vec::new();
    let cells_of = |entry: &toml::Value| entry.get("cells").cloned().expect("cells");
    let mut rule = |cells: Option<toml::Value>, parts: &[(&str, String)]| {
        let mut t = toml::Table::new();
        if let Some(cells) = cells {
            t.insert("cells".into(), cells);
        }
        for (k, v) in parts {
            t.insert(k.to_string(), toml::Value::String(v.clone()));
        }
        rules.push(t);
    };
    let mut restated = 0;
    let families = [
        "whispers",
        "thermometer",
        "slow-thermometer",
        "white-dot",
        "black-dot",
        "xv",
        "cage",
        "renban",
        "nabner",
        "parity-line",
        "entropic-line",
        "modular-line",
        "odd",
        "even",
    ];
    // Negative constraints exempt the pairs that carry dots or letters: those stay.
    let named = |rule: &str| {
        table
            .get("rules")
            .and_then(|r| r.as_array())
            .is_some_and(|r| r.iter().any(|name| name.as_str() == Some(rule)))
    };
    let negative_dots = named("negative-difference") || named("negative-ratio");
    let negative_xv = named("negative-xv");
    for family in families {
        let kept = match family {
            "white-dot" | "black-dot" => negative_dots,
            "xv" => negative_xv,
            _ => false,
        };
        if kept {
            continue;
        }
        let Some(toml::Value::Array(entries)) = table.remove(family) else {
            continue;
        };
        for entry in &entries {
            let keys: Vec<&String> = entry.as_table().unwrap().keys().collect();
            let cells = cells_of(entry);
            let len = cells.as_array().unwrap().len();
            let text = |s: &str| s.to_string();
            let known: &[&str] = match family {
                "whispers" => &["cells", "difference"],
                "xv" => &["cells", "letter", "sum"],
                "cage" => &["cells", "sum", "digital-root"],
                _ => &["cells"],
            };
            assert!(
                keys.iter().all(|k| known.contains(&k.as_str())),
                "{family}: {keys:?}"
            );
            match family {
                "whispers" => {
                    let difference = entry
                        .get("difference")
                        .map_or(n.div_ceil(2) as i64, |d| d.as_integer().unwrap());
                    rule(
                        Some(cells),
                        &[("relation", format!("|a - b| >= {difference}"))],
                    );
                }
                "thermometer" => rule(Some(cells), &[("relation", text("a < b"))]),
                "slow-thermometer" => rule(Some(cells), &[("relation", text("a <= b"))]),
                "white-dot" => rule(Some(cells), &[("relation", text("|a - b| == 1"))]),
                "black-dot" => rule(
                    Some(cells),
                    &[("relation", text("a == 2 * b || b == 2 * a"))],
                ),
                "xv" => {
                    let sum = match entry.get("letter").and_then(|l| l.as_str()) {
                        Some("X") => 10,
                        Some("V") => 5,
                        _ => entry["sum"].as_integer().unwrap(),
                    };
                    rule(Some(cells), &[("relation", format!("a + b == {sum}"))]);
                }
                "cage" => {
                    let mut parts = vec![("pairs", text("all")), ("relation", text("a != b"))];
                    if let Some(sum) = entry.get("sum") {
                        parts.push(("sum", format!("s == {sum}")));
                    }
                    if let Some(root) = entry.get("digital-root") {
                        parts.push(("sum", format!("(s - 1) % 9 + 1 == {root}")));
                    }
                    rule(Some(cells), &parts);
                }
                // Different digits, any two less than the line's length apart: consecutive.
                "renban" => rule(
                    Some(cells),
                    &[
                        ("pairs", text("all")),
                        ("relation", format!("a != b && |a - b| < {len}")),
                    ],
                ),
                "nabner" => rule(
                    Some(cells),
                    &[("pairs", text("all")), ("relation", text("|a - b| > 1"))],
                ),
                "parity-line" => rule(
                    Some(cells),
                    &[(
                        "regex",
                        format!("({odd}{even})*{odd}?|({even}{odd})*{even}?"),
                    )],
                ),
                "entropic-line" => {
                    rule(Some(cells), &[("regex", one_of_each_three(thirds.clone()))])
                }
                "modular-line" => rule(
                    Some(cells),
                    &[("regex", one_of_each_three(remainders.clone()))],
                ),
                "odd" => rule(Some(cells), &[("sum", text("s % 2 == 1"))]),
                _ => rule(Some(cells), &[("regex", even.clone())]),
            }
            restated += 1;
        }
    }
    // Rules over the whole grid.
    if let Some(toml::Value::Array(names)) = table.get_mut("rules") {
        names.retain(|name| {
            let (pairs, relation) = match name.as_str().unwrap() {
                "non-consecutive" => ("orthogonal", "|a - b| != 1"),
                "anti-knight" => ("knight", "a != b"),
                "anti-king" => ("diagonal", "a != b"),
                "knightmare" if n == 9 => ("knight", "a + b != 5 and a + b != 15"),
                _ => return true,
            };
            rule(
                None,
                &[
                    ("pairs", pairs.to_string()),
                    ("relation", relation.to_string()),
                ],
            );
            restated += 1;
            false
        });
    }
    // After the file's own rules, if it has any.
    if !rules.is_empty() {
        let all = table
            .entry("rule")
            .or_insert_with(|| toml::Value::Array(Vec::new()));
        let all = all.as_array_mut().expect("`rule` is a list of tables");
        all.extend(rules.into_iter().map(toml::Value::Table));
    }
    (toml::to_string(&table).unwrap(), restated)
}

/// The TOML of a bundled puzzle file, as `satdoku export --to toml` writes it.
#[cfg(feature = "cli")]
fn exported(path: &std::path::Path) -> String {
    let out = assert_cmd::Command::cargo_bin("satdoku")
        .unwrap()
        .args(["export", "--to", "toml"])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", path.display());
    String::from_utf8(out.stdout).unwrap()
}

#[cfg(feature = "cli")]
/// `toml` with its givens blanked.
fn without_givens(toml: &str) -> String {
    let mut table: toml::Table = toml.parse().unwrap();
    let puzzle = table["puzzle"].as_str().unwrap();
    let blank: String = puzzle
        .chars()
        .map(|c| if c.is_whitespace() { c } else { '.' })
        .collect();
    table.insert("puzzle".into(), toml::Value::String(blank));
    toml::to_string(&table).unwrap()
}

#[cfg(feature = "cli")]
#[test]
fn the_rule_language_restates_built_in_families_with_the_same_counts() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/variants/constraints");
    let mut families = std::collections::BTreeSet::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "toml"))
        .collect();
    entries.sort();
    for path in entries {
        let original = exported(&path);
        let (restated, count) = restate(&original);
        if count == 0 {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        families.insert(
            name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-')
                .to_string(),
        );
        for (a, b, limit) in [
            (original.clone(), restated.clone(), 10),
            (without_givens(&original), without_givens(&restated), 30),
        ] {
            let (a, b) = (puzzle_of(&a), puzzle_of(&b));
            let mut solver = SatSolver::new();
            let (ca, cb) = (solver.count(&a, limit), solver.count(&b, limit));
            assert_eq!(
                (ca.count, ca.complete),
                (cb.count, cb.complete),
                "{name}:\n{restated}"
            );
        }
        // The restated puzzle's solution, from another encoding, is the original's (the
        // hand-written solvers take minutes on some of these puzzles).
        let (a, b) = (puzzle_of(&original), puzzle_of(&restated));
        let solution = SatSolver::with_kind(EncodingKind::Reduced)
            .solve(&b)
            .expect("solvable");
        assert_eq!(Some(solution), SatSolver::new().solve(&a), "{name}");
    }
    assert!(families.len() >= 13, "{families:?}");
}

/// `satdoku check`'s stderr on a 9×9 TOML file of `tables` (after its empty puzzle on line
/// 1), which it must refuse (exit status 2).
#[cfg(feature = "cli")]
fn refused(tables: &str) -> String {
    let text = format!("puzzle = \"{}\"\n{tables}\n", ".".repeat(81));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rules.toml");
    std::fs::write(&path, &text).unwrap();
    let out = assert_cmd::Command::cargo_bin("satdoku")
        .unwrap()
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{text}: {stderr}");
    stderr
}

#[cfg(feature = "cli")]
#[test]
fn malformed_rules_are_refused_with_their_line_and_column() {
    let cases = [
        ("relation = \"|a - b >= 4\"", "line 4", "column 12"),
        ("relation = \"a + c > 3\"", "line 4", "`c` is not a name"),
        ("sum = \"a == 3\"", "line 4", "this rule's name is `s`"),
        ("regex = \"12(3\"", "line 4", "column 3"),
        (
            "pairs = \"bishop\"\nrelation = \"a != b\"",
            "line 4",
            "\"knight\"",
        ),
        ("size = 3", "line 2", "says what holds"),
        (
            "sum = \"s == 3\"\ncombine = \"either\"",
            "line 5",
            "\"any\"",
        ),
    ];
    for (part, line, why) in cases {
        let stderr = refused(&format!("[[rule]]\ncells = \"r1c1 r1c2\"\n{part}"));
        assert!(
            stderr.contains(line) && stderr.contains(why),
            "{part}: {stderr}"
        );
    }
}

#[test]
fn a_rule_reads_back_as_itself() {
    let toml = format!(
        "puzzle = \"{}\"\n[[rule]]\ncells = \"r1c1 r1c2 r1c3\"\nrelation = \"a < b\"\nsum = \"s % 2 == 0\"\nregex = [\"1.*\", \".*2\"]\ncombine = \"any\"\n\n[[rule]]\npairs = \"knight\"\nrelation = \"a != b\"\n",
        ".".repeat(16)
    );
    let puzzle = puzzle_of(&toml);
    let written = satdoku::format::export::toml_text(&puzzle, &Default::default()).unwrap();
    let again = puzzle_of(&written);
    assert_eq!(
        puzzle.rules().constraints(),
        again.rules().constraints(),
        "{written}"
    );
}

/// The bundled puzzles written in the rule language: each is unique, with the solution its
/// notes give — a published puzzle's published solution, or, where it restates a bundled
/// puzzle of a built-in family, that puzzle's solution.
#[cfg(feature = "cli")]
#[test]
fn bundled_rule_puzzles_have_the_solutions_their_notes_give() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/variants/constraints");
    let (mut restated, mut published) = (0, 0);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("custom-rule-") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let table: toml::Table = text.parse().unwrap();
        let notes = table["notes"].as_str().unwrap();
        let solution = notes.rsplit("solution: ").next().unwrap().trim();
        match SatSolver::new().check(&puzzle_of(&text)) {
            satdoku::check::Verdict::Unique { solution: found } => {
                let line: String = plain(&found)
                    .concat()
                    .iter()
                    .map(|d| d.to_string())
                    .collect();
                assert_eq!(line, solution, "{name}");
            }
            other => panic!("{name}: {other}"),
        }
        if notes.contains("Published solution: ") {
            // A published puzzle has a logical path: `explain` finds it (a pattern's
            // cells keep the digits some matching sequence puts there).
            let out = assert_cmd::Command::cargo_bin("satdoku")
                .unwrap()
                .arg("explain")
                .arg(&path)
                .output()
                .unwrap();
            let first = String::from_utf8(out.stdout).unwrap();
            assert!(
                first.contains("logic solves it"),
                "{name}: {}",
                first.lines().next().unwrap_or("")
            );
            published += 1;
            continue;
        }
        // The puzzle it restates, named first in its notes, has the same solution.
        let original = notes.split_whitespace().next().unwrap();
        let out = assert_cmd::Command::cargo_bin("satdoku")
            .unwrap()
            .arg("check")
            .arg(dir.join(original))
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            format!("unique {solution}\n"),
            "{original}"
        );
        restated += 1;
    }
    assert!(restated >= 4 && published >= 1, "{restated} {published}");
}

/// Rules combined with "or" (`[[any-of]]`): every solver's count equals the number of the
/// 288 grids where at least one of the families holds, each read independently here.
#[test]
fn any_of_holds_where_at_least_one_family_does() {
    let grids = common::all_4x4_grids();
    let renban = |x: &[u32]| {
        let mut sorted = x.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        sorted.len() == x.len() && sorted[sorted.len() - 1] - sorted[0] == x.len() as u32 - 1
    };
    // Whispers on 4×4: neighbours at least 2 apart.
    let whispers = |x: &[u32]| x.windows(2).all(|w| w[0].abs_diff(w[1]) >= 2);
    let line = [(0, 0), (0, 1), (1, 2)];
    agree(
        &grids,
        "[[any-of]]\ncells = \"r1c1 r1c2 r2c3\"\nfamilies = [\"renban\", \"whispers\"]",
        &|g| renban(&digits(g, &line)) || whispers(&digits(g, &line)),
    );
    // A thermometer or a palindrome along the same cells.
    agree(
        &grids,
        "[[any-of]]\ncells = \"r1c1 r1c2 r2c3\"\nfamilies = [\"thermometer\", \"palindrome\"]",
        &|g| {
            let x = digits(g, &line);
            (x[0] < x[1] && x[1] < x[2]) || x[0] == x[2]
        },
    );
    // A region-sum line (cut by the boxes it joins) or a renban.
    let across = [(0, 0), (0, 1), (0, 2)];
    agree(
        &grids,
        "[[any-of]]\ncells = \"r1c1 r1c2 r1c3\"\nfamilies = [\"region-sum-line\", \"renban\"]",
        &|g| {
            let x = digits(g, &across);
            x[0] + x[1] == x[2] || renban(&x)
        },
    );
    // A dot that is white or black ("consecutive or in a 1:2 ratio").
    let pair = [(0, 1), (0, 2)];
    agree(
        &grids,
        "[[any-of]]\ncells = \"r1c2 r1c3\"\nfamilies = [\"white-dot\", \"black-dot\"]",
        &|g| {
            let x = digits(g, &pair);
            x[0].abs_diff(x[1]) == 1 || x[0] == 2 * x[1] || x[1] == 2 * x[0]
        },
    );
}

/// Alternatives written out in full under an any-of (`[[any-of.cage]]`, and several that
/// hold together under `[[any-of.all-of]]`): every solver's count equals the number of the
/// 288 grids where at least one alternative holds, each read independently here, and the
/// puzzle written back out reads as the same count.
#[test]
fn any_of_written_out_holds_where_one_alternative_does() {
    let grids = common::all_4x4_grids();
    // A cage of 3, or a thermometer beside a white dot elsewhere.
    let tables = "[[any-of]]\n[[any-of.cage]]\ncells = \"r1c1 r1c2\"\nsum = 3\n\
        [[any-of.all-of]]\n[[any-of.all-of.thermometer]]\ncells = \"r1c1 r1c2\"\n\
        [[any-of.all-of.white-dot]]\ncells = \"r2c1 r2c2\"";
    let holds =
        |g: &Plain| g[0][0] + g[0][1] == 3 || (g[0][0] < g[0][1] && g[1][0].abs_diff(g[1][1]) == 1);
    agree(&grids, tables, &holds);
    // Clues outside the grid: three skyscrapers seen from row 1's left, or a 4 in r1c1
    // beside an x-sum of 7 seen from column 2's top.
    let tables = "[[any-of]]\n[[any-of.skyscraper]]\nrow = 1\nside = \"left\"\ncount = 3\n\
        [[any-of.all-of]]\n[[any-of.all-of.marks]]\ncells = \"r1c1\"\ndigits = [4]\n\
        [[any-of.all-of.x-sum]]\ncolumn = 2\nside = \"top\"\nsum = 7";
    let seen = |row: &[u32]| {
        let mut high = 0;
        row.iter()
            .filter(|&&h| {
                h > high && {
                    high = h;
                    true
                }
            })
            .count()
    };
    let x_sum = |col: &[u32]| col[..col[0] as usize].iter().sum::<u32>();
    let holds = |g: &Plain| {
        let column: Vec<u32> = (0..4).map(|r| g[r][1]).collect();
        seen(&g[0]) == 3 || (g[0][0] == 4 && x_sum(&column) == 7)
    };
    agree(&grids, tables, &holds);
    // Written back out, the same.
    let toml = format!("boxes = \"2x2\"\npuzzle = \"{}\"\n{tables}", ".".repeat(16));
    let puzzle = puzzle_of(&toml);
    let written = satdoku::format::export::toml_text(&puzzle, &Default::default()).unwrap();
    assert!(written.contains("[[any-of.all-of.x-sum]]"), "{written}");
    let expected = grids.iter().filter(|g| holds(g)).count();
    common::every_solver_agrees(&puzzle_of(&written), expected, &holds, &written);
}

#[cfg(feature = "cli")]
#[test]
fn an_any_of_that_cannot_be_read_is_refused_by_name() {
    let cases = [
        ("families = [\"renban\"]", "needs two or more `families`"),
        (
            "families = [\"renban\", \"zigzag\"]",
            "`zigzag` is no family",
        ),
        (
            "families = [\"renban\", \"xv\"]",
            "family `xv` from the cells alone: needs `letter",
        ),
        (
            "families = [\"renban\", \"any-of\"]",
            "cannot hold another any-of",
        ),
        ("", "needs `families`"),
        (
            "[[any-of.cage]]\ncells = \"r1c1\"\nsum = 3",
            "needs two or more alternatives",
        ),
        (
            "[[any-of.cage]]\ncells = \"r1c1\"\nsum = 3\n[[any-of.zigzag]]\ncells = \"r1c2\"",
            "`zigzag` under it is no family",
        ),
        (
            "[[any-of.cage]]\ncells = \"r1c1\"\nsum = 3\n[[any-of.renban]]\ncells = \"r1c2\"\ncolour = 1",
            "its `renban` takes no `colour`",
        ),
        (
            "[[any-of.cage]]\ncells = \"r1c1\"\nsum = 3\n[[any-of.xv]]\ncells = \"r1c2 r1c3\"",
            "its `xv`: needs `letter",
        ),
    ];
    for (part, why) in cases {
        let stderr = refused(&format!("[[any-of]]\ncells = \"r1c1 r1c2\"\n{part}"));
        assert!(
            stderr.contains(": line ") && stderr.contains(why),
            "{part}: {stderr}"
        );
    }
}
