//! Variant constraints end to end: the bundled f-puzzles puzzles solved and proved unique by
//! every solver, solutions checked by an independent reader of f-puzzles' JSON, counts
//! against an independent brute force, clashes, proofs and share links.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use std::path::{Path, PathBuf};

use common::drat::check_drat;
use common::fpuzzles;
use common::{plain, satdoku};
use satdoku::check::Verdict;
use satdoku::format::parse_fpuzzles;
use satdoku::proof::ProofFormat;
use satdoku::{
    DlxSolver, Grid, NaiveSolver, PropagateSolver, Puzzle, SatSolver, Solver, encode::EncodingKind,
};

fn bundled() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/variants/constraints");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// The library's puzzle of an f-puzzles file.
fn library_puzzle(text: &str) -> Puzzle {
    let file = parse_fpuzzles(text).unwrap();
    let grid: Grid =
        satdoku::format::parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    let rules = file.spec.rules_for(grid.shape()).unwrap();
    Puzzle::new(grid, rules).unwrap()
}

fn solvers(size: usize) -> Vec<Box<dyn Solver>> {
    let mut all: Vec<Box<dyn Solver>> = vec![
        Box::new(SatSolver::new()),
        Box::new(SatSolver::with_kind(EncodingKind::Reduced)),
        Box::new(SatSolver::with_kind(EncodingKind::Extended)),
    ];
    if size <= 6 {
        // The minimal encoding propagates little, and the backtrackers check constraints
        // only as cells fill: fine on small grids, slow on some 9×9 ones.
        all.push(Box::new(SatSolver::with_kind(EncodingKind::Minimal)));
        all.push(Box::new(PropagateSolver::default()));
        all.push(Box::new(DlxSolver::default()));
        all.push(Box::new(NaiveSolver::default()));
    }
    all
}

#[test]
fn every_family_has_three_bundled_puzzles() {
    let names: Vec<String> = bundled()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for family in [
        "killer",
        "little-killer",
        "sandwich",
        "thermometer",
        "slow-thermometer",
        "arrow",
        "palindrome",
        "between",
        "renban",
        "whispers",
        "entropic-line",
        "modular-line",
        "nabner",
        "kropki",
        "xv",
        "non-consecutive",
        "odd-even",
        "minimum-maximum",
        "quadruple",
        "clone",
        "multisum-killer",
        "indexer",
        "region-sum-line",
        "zipper-line",
        "parity-line",
        "lockout",
        "sum-line",
        "x-sum",
        "skyscraper",
        "numbered-room",
        "double-arrow",
    ] {
        let count = names
            .iter()
            .filter(|n| {
                n.rsplit_once('-')
                    .is_some_and(|(f, k)| f == family && k.parse::<u32>().is_ok())
            })
            .count();
        assert!(count >= 3, "{family}: {count} puzzles");
    }
}

#[test]
fn bundled_puzzles_are_unique_with_their_solution_under_every_solver() {
    for path in bundled() {
        let independent = fpuzzles::read(&path);
        let Some(expected) = independent.solution.clone() else {
            continue;
        };
        assert_eq!(
            independent.violation(&expected),
            None,
            "{}: stored solution",
            path.display()
        );
        let puzzle = library_puzzle(&std::fs::read_to_string(&path).unwrap());
        for mut solver in solvers(independent.size) {
            let verdict = solver.check(&puzzle);
            let Verdict::Unique { solution } = verdict else {
                panic!("{} under {}: {verdict}", path.display(), solver.name());
            };
            assert_eq!(
                plain(&solution),
                expected,
                "{} under {}",
                path.display(),
                solver.name()
            );
        }
    }
}

#[test]
fn the_cli_checks_f_puzzles_files_and_share_links() {
    for path in bundled().into_iter().step_by(5) {
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = fpuzzles::read(&path).solution.unwrap();
        let line: String = expected
            .iter()
            .flatten()
            .map(|&d| char::from_digit(d, 10).unwrap())
            .collect();
        let out = satdoku()
            .args(["check", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("unique {line}\n"),
            "{}",
            path.display()
        );
        let link = format!(
            "https://www.f-puzzles.com/?load={}",
            lz_str::compress_to_base64(&text)
        );
        let out = satdoku().args(["check", &link]).output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("unique {line}\n"),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Up to `len` cells (two at least) of an N×N grid, each beside the one before, from a
/// random cell: a random walk that stops where it is stuck, or now and then early.
fn random_path(n: usize, len: usize, next: &mut dyn FnMut(usize) -> usize) -> Vec<(usize, usize)> {
    let (mut r, mut c) = (next(n), next(n));
    let mut cells = vec![(r, c)];
    while cells.len() < len {
        let (dr, dc) = [(0, 1), (1, 0), (0, usize::MAX), (usize::MAX, 0)][next(4)];
        let (r2, c2) = (r.wrapping_add(dr), c.wrapping_add(dc));
        if r2 < n && c2 < n && !cells.contains(&(r2, c2)) {
            (r, c) = (r2, c2);
            cells.push((r, c));
        } else if cells.len() >= 2 && next(8) == 0 {
            break;
        }
    }
    cells
}

/// Random constraints of every kind on 4×4 grids, read off random solutions or made up:
/// every solver's count equals an independent brute force's.
#[test]
fn counts_agree_with_brute_force_on_small_grids() {
    let mut rng = common::Rng(7u64);
    let mut next = move |n: usize| rng.below(n);
    let cell = |r: usize, c: usize| format!("\"R{}C{}\"", r + 1, c + 1);
    for round in 0..60 {
        let n = 4;
        let mut fields: Vec<String> = Vec::new();
        let path = |len: usize, next: &mut dyn FnMut(usize) -> usize| -> String {
            let cells = random_path(n, len, next);
            format!(
                "[{}]",
                cells
                    .iter()
                    .map(|&(r, c)| cell(r, c))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        };
        let kind = round % 15;
        let line = path(2 + next(2), &mut next);
        fields.push(match kind {
            0 => match next(3) {
                0 => format!("\"killercage\":[{{\"cells\":{line},\"value\":\"{}\"}}]", 3 + next(6)),
                // A multi-sum cage: a cosmetic cage valued by a digital root.
                1 => format!("\"cage\":[{{\"cells\":{line},\"value\":\"DR{}\"}}]", 1 + next(9)),
                _ => format!("\"sumline\":[{{\"lines\":[{line}],\"value\":{}}}]", 2 + next(6)),
            },
            1 => format!("\"littlekillersum\":[{{\"cell\":\"R0C1\",\"cells\":{line},\"direction\":\"DR\",\"value\":\"{}\"}}]", 2 + next(8)),
            2 => {
                // A sandwich clue, and a clue outside the grid on any side: an X-sum, skyscrapers or a
                // numbered room.
                let sandwich = format!("\"sandwichsum\":[{{\"cell\":\"R0C{}\",\"value\":\"{}\"}}]", 1 + next(n), next(6));
                let (i, edge) = (1 + next(n), n + 1);
                let at = [format!("R0C{i}"), format!("R{edge}C{i}"), format!("R{i}C0"), format!("R{i}C{edge}")][next(4)].clone();
                let outside = match next(3) {
                    0 => format!("\"xsum\":[{{\"cell\":\"{at}\",\"value\":\"{}\"}}]", 1 + next(10)),
                    1 => format!("\"skyscraper\":[{{\"cell\":\"{at}\",\"value\":\"{}\"}}]", 1 + next(n)),
                    _ => format!("\"numberedroom\":[{{\"cell\":\"{at}\",\"value\":\"{}\"}}]", 1 + next(n)),
                };
                format!("{sandwich},{outside}")
            }
            3 => match next(5) {
                // A double arrow needs cells between its circles: three or four cells.
                k @ 0..=2 => format!("\"{}\":[{{\"lines\":[{line}]}}]", ["thermometer", "slowthermometer", "zipperline"][k]),
                _ => {
                    let arrow = loop {
                        let p = path(3 + next(2), &mut next);
                        if p.matches('R').count() >= 3 {
                            break p;
                        }
                    };
                    format!("\"doublearrow\":[{{\"lines\":[{arrow}]}}]")
                }
            },
            4 => {
                // A circle, or a two-cell pill in either order: its digits read in order.
                let first = &line[1..line.find(',').unwrap()];
                let pill = match next(3) {
                    0 => format!("{first},{}", cell(next(n), next(n))),
                    1 => format!("{},{first}", cell(next(n), next(n))),
                    _ => first.to_string(),
                };
                format!("\"arrow\":[{{\"cells\":[{pill}],\"lines\":[{line}]}}]")
            }
            5 => format!("\"{}\":[{{\"lines\":[{line}]}}]", ["palindrome", "nabner"][next(2)]),
            6 => format!("\"{}\":[{{\"lines\":[{line}]}}]", ["betweenline", "regionsumline", "lockout"][next(3)]),
            7 => format!("\"{}\":[{{\"lines\":[{line}]}}]", ["renban", "modularline", "parityline"][next(3)]),
            8 => match next(3) {
                // German (the default), or another least difference (Dutch is 4 on 9×9).
                0 => format!("\"whispers\":[{{\"lines\":[{line}]}}]"),
                _ => format!("\"whispers\":[{{\"lines\":[{line}],\"value\":{}}}]", 1 + next(n / 2)),
            },
            9 => format!("\"difference\":[{{\"cells\":{}}}],\"negative\":[\"difference\"]", path(2, &mut next)),
            10 => format!("\"ratio\":[{{\"cells\":{}}}],\"negative\":[\"ratio\"]", path(2, &mut next)),
            11 => format!("\"xv\":[{{\"cells\":{},\"value\":\"V\"}}],\"negative\":[\"xv\"]", path(2, &mut next)),
            12 => {
                // Two maximum (or minimum) cells, often side by side: neighbours of the same
                // kind are not compared.
                let (r, c) = (next(n), next(n - 1));
                let kind = ["maximum", "minimum"][next(2)];
                let other = if next(2) == 0 { cell(r, c + 1) } else { cell(next(n), next(n)) };
                format!("\"odd\":[{{\"cell\":{}}}],\"{kind}\":[{{\"cell\":{}}},{{\"cell\":{other}}}],\"nonconsecutive\":{}", cell(next(n), next(n)), cell(r, c), next(2) == 0)
            }
            13 => match next(2) {
                0 => format!("\"quadruple\":[{{\"cells\":[\"R1C1\",\"R1C2\",\"R2C1\",\"R2C2\"],\"values\":[{},{}]}}]", 1 + next(n), 1 + next(n)),
                // Indexer cells of one kind (159-style).
                _ => format!("\"{}\":[{{\"cells\":[{},{}]}}]", ["rowindexer", "columnindexer", "boxindexer"][next(3)], cell(next(n), next(n)), cell(next(n), next(n))),
            },
            _ => format!("\"clone\":[{{\"cells\":[\"R1C1\",\"R1C2\"],\"cloneCells\":[\"R3C{}\",\"R3C{}\"]}}],\"even\":[{{\"cell\":{}}}]", 1 + next(2), 3 + next(2), cell(next(n), next(n))),
        });
        let given = (next(n), next(n), 1 + next(n));
        let mut rows = vec![vec!["{}".to_string(); n]; n];
        if next(2) == 0 {
            rows[given.0][given.1] = format!("{{\"value\":{},\"given\":true}}", given.2);
        } else if next(2) == 0 {
            // A parity mark in the grid's own cell.
            rows[given.0][given.1] = format!("{{\"parity\":\"{}\"}}", ["Odd", "Even"][next(2)]);
        }
        let grid = rows
            .iter()
            .map(|r| format!("[{}]", r.join(",")))
            .collect::<Vec<_>>()
            .join(",");
        let json = format!("{{\"size\":{n},\"grid\":[{grid}],{}}}", fields.join(","));
        counts_agree(&json);
    }
}

/// The families whose meaning holds on a grid taking more digits than a house has cells
/// (sums, order, differences, ratios, parity, copies, region-sum and zipper lines, double
/// arrows, skyscrapers, numbered rooms: `fits_more_digits`), random on 4×4
/// grids of the digits 1 to 5 or 6: every solver's count equals an independent brute force
/// over such grids (an arrow's encoding once assumed full houses there).
#[test]
fn families_on_grids_of_more_digits_agree_with_brute_force() {
    let mut rng = common::Rng(11u64);
    let mut next = move |n: usize| rng.below(n);
    let n = 4;
    let cell = |(r, c): (usize, usize)| format!("\"R{}C{}\"", r + 1, c + 1);
    let mut nonzero = 0;
    for round in 0..130 {
        let digits = 5 + round % 2;
        // A path of two to four cells.
        let cells = random_path(n, 2 + next(3), &mut next);
        let line = format!(
            "[{}]",
            cells.iter().map(|&p| cell(p)).collect::<Vec<_>>().join(",")
        );
        let pair = format!("[{},{}]", cell(cells[0]), cell(cells[1]));
        let field = match round % 13 {
            0 => format!(
                "\"killercage\":[{{\"cells\":{line},\"value\":\"{}\"}}]",
                3 + next(12)
            ),
            1 => format!(
                "\"littlekillersum\":[{{\"cell\":\"R0C1\",\"cells\":{line},\"direction\":\"DR\",\"value\":\"{}\"}}]",
                3 + next(12)
            ),
            2 => format!(
                "\"sumline\":[{{\"lines\":[{line}],\"value\":{}}}]",
                3 + next(6)
            ),
            3 => {
                // A circle, or a two-cell pill read in order, and the rest its shaft.
                let (circle, shaft) = cells.split_at(if cells.len() > 2 && next(3) == 0 {
                    2
                } else {
                    1
                });
                let shaft: Vec<String> = shaft.iter().map(|&p| cell(p)).collect();
                let circle: Vec<String> = circle.iter().map(|&p| cell(p)).collect();
                format!(
                    "\"arrow\":[{{\"cells\":[{}],\"lines\":[[{},{}]]}}]",
                    circle.join(","),
                    circle[0],
                    shaft.join(",")
                )
            }
            4 => format!(
                "\"{}\":[{{\"lines\":[{line}]}}]",
                ["thermometer", "slowthermometer", "palindrome"][next(3)]
            ),
            5 => {
                // A double arrow needs a cell between its circles.
                let kinds = if cells.len() >= 3 { 6 } else { 5 };
                format!(
                    "\"{}\":[{{\"lines\":[{line}]}}]",
                    [
                        "betweenline",
                        "renban",
                        "modularline",
                        "zipperline",
                        "regionsumline",
                        "doublearrow"
                    ][next(kinds)]
                )
            }
            6 => format!(
                "\"whispers\":[{{\"lines\":[{line}],\"value\":{}}}]",
                2 + next(2)
            ),
            7 => format!("\"difference\":[{{\"cells\":{pair}}}],\"negative\":[\"difference\"]"),
            8 => format!("\"ratio\":[{{\"cells\":{pair}}}],\"negative\":[\"ratio\"]"),
            9 => format!("\"xv\":[{{\"cells\":{pair},\"value\":\"V\"}}],\"negative\":[\"xv\"]"),
            10 => format!(
                "\"odd\":[{{\"cell\":{}}}],\"maximum\":[{{\"cell\":{}}}],\"nonconsecutive\":{}",
                cell(cells[0]),
                cell(cells[1]),
                next(2) == 0
            ),
            11 => format!(
                "\"{}\":[{{\"cell\":\"R0C{}\",\"value\":\"{}\"}},{{\"cell\":\"R{}C5\",\"value\":\"{}\"}}]",
                ["skyscraper", "numberedroom"][round / 13 % 2],
                1 + next(n),
                1 + next(n),
                1 + next(n),
                1 + next(n)
            ),
            _ => format!(
                "\"quadruple\":[{{\"cells\":[\"R1C1\",\"R1C2\",\"R2C1\",\"R2C2\"],\"values\":[{},{}]}}],\"clone\":[{{\"cells\":[\"R3C1\"],\"cloneCells\":[\"R4C{}\"]}}]",
                1 + next(digits),
                1 + next(digits),
                2 + next(3)
            ),
        };
        // Givens enough to keep the count small: two to four (f-puzzles' givens go to the
        // size; the larger digits are the constraints' and the brute force's).
        let mut rows = vec![vec!["{}".to_string(); n]; n];
        for _ in 0..2 + next(3) {
            rows[next(n)][next(n)] = format!("{{\"value\":{},\"given\":true}}", 1 + next(n));
        }
        let grid = rows
            .iter()
            .map(|r| format!("[{}]", r.join(",")))
            .collect::<Vec<_>>()
            .join(",");
        let json = format!("{{\"size\":{n},\"grid\":[{grid}],{field}}}");
        if counts_agree_taking(&json, Some(digits)) > 0 {
            nonzero += 1;
        }
    }
    assert!(nonzero >= 50, "{nonzero}");
}

/// Every solver's count of the f-puzzles puzzle `json` (up to 300) equals the independent
/// brute force's, and each solution it finds breaks no rule of the independent reader's; a
/// puzzle satdoku refuses (a sum out of reach, a loop where a line has ends) has none.
/// Returns the count.
fn counts_agree(json: &str) -> usize {
    counts_agree_taking(json, None)
}

/// [`counts_agree`] on the grid taking the digits 1 to `digits` when given (more than a
/// house has cells: each house's digits then only differ).
fn counts_agree_taking(json: &str, digits: Option<usize>) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    std::fs::write(&file, json).unwrap();
    let mut independent = fpuzzles::read(&file);
    if let Some(digits) = digits {
        independent.digits = digits;
    }
    let expected = independent.brute_force_count(300);
    let Ok(mut file) = parse_fpuzzles(json) else {
        panic!("{json}");
    };
    file.spec.digits = digits;
    let options = satdoku::format::ReadOptions {
        digits,
        ..Default::default()
    };
    let grid = satdoku::format::parse_one(&file.puzzles[0].text, &options).unwrap();
    let rules = match file.spec.rules_for(grid.shape()) {
        Ok(rules) => rules,
        Err(_) => {
            assert_eq!(expected, 0, "{json} refused but has solutions");
            return 0;
        }
    };
    let puzzle = match Puzzle::new(grid, rules) {
        Ok(puzzle) => puzzle,
        Err(why) => {
            // Givens that clash (two 4s in a column).
            assert_eq!(expected, 0, "{json} refused ({why}) but has solutions");
            return 0;
        }
    };
    for mut solver in solvers(puzzle.shape().size()) {
        let count = solver.count(&puzzle, 299);
        let count = if count.complete {
            count.count as usize
        } else {
            300
        };
        assert_eq!(count, expected, "{} on {json}", solver.name());
        if let Some(solution) = solver.solve(&puzzle) {
            assert_eq!(
                independent.violation(&plain(&solution)),
                None,
                "{} on {json}",
                solver.name()
            );
        }
    }
    expected
}

/// Lines that close on themselves (their last cell their first), as setters draw loops:
/// whispers, renban, parity, modular and region-sum loops go round, on 2×2 squares and 2×3
/// rings anywhere on a 4×4, and an entropic ring on a 6×6; a thermometer or a palindrome
/// loop is refused (they have ends). Counts against the independent brute force.
#[test]
fn loops_agree_with_brute_force() {
    let cell = |r: usize, c: usize| format!("\"R{}C{}\"", r + 1, c + 1);
    let ring = |r: usize, c: usize, wide: bool| {
        let cells: Vec<(usize, usize)> = if wide {
            vec![
                (r, c),
                (r, c + 1),
                (r, c + 2),
                (r + 1, c + 2),
                (r + 1, c + 1),
                (r + 1, c),
                (r, c),
            ]
        } else {
            vec![(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c), (r, c)]
        };
        let names: Vec<String> = cells.iter().map(|&(r, c)| cell(r, c)).collect();
        format!("[{}]", names.join(","))
    };
    let empty = |n: usize| {
        let row = format!("[{}]", vec!["{}"; n].join(","));
        vec![row; n].join(",")
    };
    let mut counted = Vec::new();
    for (r, c, wide) in [(0, 0, false), (1, 1, false), (0, 1, true), (2, 0, true)] {
        for field in [
            "\"whispers\":[{\"lines\":[LINE],\"value\":1}]",
            "\"whispers\":[{\"lines\":[LINE],\"value\":2}]",
            "\"renban\":[{\"lines\":[LINE]}]",
            "\"parityline\":[{\"lines\":[LINE]}]",
            "\"modularline\":[{\"lines\":[LINE]}]",
            "\"regionsumline\":[{\"lines\":[LINE]}]",
        ] {
            let field = field.replace("LINE", &ring(r, c, wide));
            let json = format!("{{\"size\":4,\"grid\":[{}],{field}}}", empty(4));
            counted.push(counts_agree(&json));
        }
        // Lines with two ends do not close: refused, and said why.
        for kind in ["thermometer", "palindrome", "betweenline", "zipperline"] {
            let json = format!(
                "{{\"size\":4,\"grid\":[{}],\"{kind}\":[{{\"lines\":[{}]}}]}}",
                empty(4),
                ring(r, c, wide)
            );
            let file = parse_fpuzzles(&json).unwrap();
            let err = file
                .spec
                .rules_for(satdoku::Shape::from_size(4).unwrap())
                .unwrap_err();
            assert!(
                err.to_string().contains("the line closes on itself"),
                "{err}"
            );
        }
    }
    assert!(
        counted.iter().any(|&k| k > 0) && counted.contains(&0),
        "{counted:?}"
    );
    // Entropic lines need a digit count divisible by three: a ring of six on a 6×6, its
    // first row given.
    let mut rows: Vec<String> = vec![format!("[{}]", ["{}"; 6].join(",")); 6];
    rows[0] = format!(
        "[{}]",
        (1..=6)
            .map(|v| format!("{{\"value\":{v},\"given\":true}}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let json = format!(
        "{{\"size\":6,\"grid\":[{}],\"entropicline\":[{{\"lines\":[{}]}}]}}",
        rows.join(","),
        ring(2, 1, true)
    );
    assert!(counts_agree(&json) > 0);
}

#[test]
fn a_clash_names_the_givens_and_constraints_it_needs() {
    let path = bundled()
        .into_iter()
        .find(|p| p.ends_with("killer-3.json"))
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // Raise one cage's total by one: still reachable, no longer solvable.
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut broken = json.clone();
    let cage = &mut broken["killercage"][0];
    let sum: u32 = cage["value"].as_str().unwrap().parse().unwrap();
    cage["value"] = serde_json::Value::String((sum + 1).to_string());
    let broken = serde_json::to_string(&broken).unwrap();
    let puzzle = library_puzzle(&broken);
    for mut solver in solvers(6) {
        // `check` shrinks the clash within a budget; `check_minimal` to the end.
        let Verdict::NoSolution { .. } = solver.check(&puzzle) else {
            panic!("{} finds a solution", solver.name());
        };
        let Verdict::NoSolution {
            conflict,
            constraints,
            minimal,
        } = solver.check_minimal(&puzzle).0
        else {
            panic!("{} finds a solution", solver.name());
        };
        assert!(minimal, "{}", solver.name());
        assert!(!constraints.is_empty(), "{}", solver.name());
        assert!(
            constraints
                .iter()
                .any(|c| c.to_string().ends_with(&format!("(sum {})", sum + 1))),
            "{}: {constraints:?}",
            solver.name()
        );
        // Minimal: dropping any one constraint or given of the clash makes it solvable.
        let rules = puzzle.rules();
        let kept: Vec<usize> = (0..rules.constraints().len())
            .filter(|&i| constraints.contains(&rules.constraints()[i]))
            .collect();
        let mut core_grid = Grid::empty(puzzle.shape());
        for given in &conflict {
            core_grid.set(given.cell, Some(given.digit));
        }
        let mut only = (**rules).clone();
        for i in (0..rules.constraints().len())
            .rev()
            .filter(|i| !kept.contains(i))
        {
            only = only.without_constraint(i);
        }
        let core = Puzzle::new(core_grid.clone(), only.clone()).unwrap();
        assert!(SatSolver::new().solve(&core).is_none());
        for i in 0..only.constraints().len() {
            let fewer = Puzzle::new(core_grid.clone(), only.without_constraint(i)).unwrap();
            assert!(
                SatSolver::new().solve(&fewer).is_some(),
                "{} not needed",
                only.constraints()[i]
            );
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken.json");
    std::fs::write(&file, &broken).unwrap();
    let out = satdoku()
        .args(["check", "--format", "json", file.to_str().unwrap()])
        .output()
        .unwrap();
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(row["status"], "no_solution");
    assert!(
        row["constraints"].as_array().is_some_and(|c| !c.is_empty()),
        "{row}"
    );
}

#[test]
fn uniqueness_proofs_of_constraint_puzzles_check() {
    let mut solver = SatSolver::new();
    // The 6×6 ones (the third of each family): their proofs are small enough for the
    // simple checker.
    for path in bundled()
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with("-3.json"))
    {
        let puzzle = library_puzzle(&std::fs::read_to_string(&path).unwrap());
        let solution = solver.solve(&puzzle).unwrap();
        let (mut cnf, mut proof) = (Vec::new(), Vec::new());
        solver
            .prove_unique(&puzzle, &solution, &mut cnf, &mut proof, ProofFormat::Drat)
            .unwrap();
        check_drat(
            &String::from_utf8(cnf).unwrap(),
            &String::from_utf8(proof).unwrap(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}
