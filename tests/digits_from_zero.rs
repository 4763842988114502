//! Grids whose digits start at 0 (`--digits 0-8`, TOML `digits = "0-9"`) and the doppelgänger rule: counts against an independent brute force over the numbers themselves, sums of numbers from 0, a published doppelgänger puzzle, and the families that read digits from 1 refused by name.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::satdoku;

/// Runs `satdoku ARGS` on `stdin`: exit code, stdout, stderr.
fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = satdoku().args(args).write_stdin(stdin).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Every 4×4 grid of the numbers `0..m` (m ≥ 4) whose rows and columns (and 2×2 boxes
/// when `boxes`) hold different numbers, row by row.
fn grids(m: u8, boxes: bool) -> Vec<[[u8; 4]; 4]> {
    fn go(g: &mut [[u8; 4]; 4], at: usize, m: u8, boxes: bool, out: &mut Vec<[[u8; 4]; 4]>) {
        if at == 16 {
            out.push(*g);
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for v in 0..m {
            let clash = (0..c).any(|j| g[r][j] == v)
                || (0..r).any(|i| g[i][c] == v)
                || (boxes
                    && (0..at).any(|k| {
                        let (i, j) = (k / 4, k % 4);
                        i / 2 == r / 2 && j / 2 == c / 2 && g[i][j] == v
                    }));
            if !clash {
                g[r][c] = v;
                go(g, at + 1, m, boxes, out);
            }
        }
    }
    let mut out = Vec::new();
    go(&mut [[0; 4]; 4], 0, m, boxes, &mut out);
    out
}

/// The doppelgänger rule read off a 4×4 grid of 0 to 4 directly: every house holds a 0,
/// no two houses of a kind miss the same number, a 0's houses miss different numbers.
fn doppelganger_holds(g: &[[u8; 4]; 4], boxes: bool) -> bool {
    let rows: Vec<Vec<u8>> = (0..4).map(|r| g[r].to_vec()).collect();
    let cols: Vec<Vec<u8>> = (0..4).map(|c| (0..4).map(|r| g[r][c]).collect()).collect();
    let boxs: Vec<Vec<u8>> = (0..4)
        .map(|b| {
            let (r0, c0) = (b / 2 * 2, b % 2 * 2);
            vec![g[r0][c0], g[r0][c0 + 1], g[r0 + 1][c0], g[r0 + 1][c0 + 1]]
        })
        .collect();
    let mut kinds = vec![rows, cols];
    if boxes {
        kinds.push(boxs);
    }
    let mut missing = Vec::new();
    for kind in &kinds {
        let mut miss = Vec::new();
        for house in kind {
            if !house.contains(&0) {
                return false;
            }
            miss.push((1..=4).find(|v| !house.contains(v)).unwrap());
        }
        let mut seen = miss.clone();
        seen.sort();
        seen.dedup();
        if seen.len() != 4 {
            return false;
        }
        missing.push(miss);
    }
    (0..16).all(|k| {
        let (r, c) = (k / 4, k % 4);
        if g[r][c] != 0 {
            return true;
        }
        let mut of = vec![missing[0][r], missing[1][c]];
        if boxes {
            of.push(missing[2][r / 2 * 2 + c / 2]);
        }
        let n = of.len();
        of.sort();
        of.dedup();
        of.len() == n
    })
}

/// A 4×4 grid line of digits 0-4 with `.` blanks, as a brute force's givens.
fn fits(g: &[[u8; 4]; 4], line: &str) -> bool {
    line.chars()
        .enumerate()
        .all(|(k, ch)| ch == '.' || ch.to_digit(10) == Some(u32::from(g[k / 4][k % 4])))
}

/// Doppelgänger on 4×4 grids of 0 to 4, with boxes and without, empty and with givens:
/// SAT's count is the brute force's (768 and 17,280 on the empty grids), and the other
/// solvers agree where they finish.
#[test]
fn doppelganger_counts_match_a_brute_force() {
    for boxes in [true, false] {
        let all = grids(5, boxes);
        for line in [
            "................",
            "0...............",
            ".1..0.....2.....",
            "3..........0..4.",
        ] {
            let expected = all
                .iter()
                .filter(|g| fits(g, line) && doppelganger_holds(g, boxes))
                .count();
            let mut args = vec![
                "count",
                "--digits",
                "0-4",
                "--doppelganger",
                "--limit",
                "100000",
            ];
            if !boxes {
                args.extend(["--boxes", "none"]);
            }
            let (code, out, err) = run(&args, line);
            assert_eq!(code, Some(0), "{line} boxes {boxes}: {err}");
            assert_eq!(out.trim(), expected.to_string(), "{line} boxes {boxes}");
            if line.starts_with("....") && boxes {
                assert_eq!(expected, 768);
            }
            if line.starts_with("....") && !boxes {
                assert_eq!(expected, 17_280);
            }
        }
    }
    let (code, out, _) = run(
        &[
            "count",
            "--digits",
            "0-4",
            "--doppelganger",
            "--solver",
            "dlx",
        ],
        "0...............",
    );
    let expected = grids(5, true)
        .iter()
        .filter(|g| fits(g, "0...............") && doppelganger_holds(g, true))
        .count();
    assert_eq!((code, out.trim()), (Some(0), expected.to_string().as_str()));
}

/// Whether `numbers` cut into one or more runs of consecutive cells, each adding up to
/// `sum`.
fn splits(numbers: &[u8], sum: u8) -> bool {
    !numbers.is_empty()
        && (1..=numbers.len()).any(|j| {
            numbers[..j].iter().sum::<u8>() == sum
                && (j == numbers.len() || splits(&numbers[j..], sum))
        })
}

/// Sums, ratios, differences, order and parity on a 4×4 of the digits 0 to 3 are of the
/// numbers: each puzzle's count is what a brute force over the numbers finds, by SAT and
/// by a backtracker.
#[test]
fn constraints_read_the_numbers_from_zero() {
    type Check = fn(&[[u8; 4]; 4]) -> bool;
    let cases: [(&str, Check); 31] = [
        // Given pencil marks of numbers, 0 among them.
        (
            "[[marks]]\ncells = [\"r1c1\", \"r2c2\"]\ndigits = [0, 3]\n",
            |g| [g[0][0], g[1][1]].iter().all(|v| [0, 3].contains(v)),
        ),
        // A cage of 1 (0 + 1) and one of 5 (2 + 3).
        (
            "[[cage]]\ncells = \"r1c1 r1c2\"\nsum = 1\n[[cage]]\ncells = \"r2c1 r2c2\"\nsum = 5\n",
            |g| g[0][0] + g[0][1] == 1 && g[1][0] + g[1][1] == 5,
        ),
        // A little killer of 0: every cell on the diagonal holds 0.
        ("[[little-killer]]\ncells = \"r1c2 r2c3\"\nsum = 0\n", |g| {
            g[0][1] == 0 && g[1][2] == 0
        }),
        // A V (sum 5) and an X (sum 10, unreachable with digits up to 3: refused below).
        (
            "[[xv]]\ncells = [\"r1c1\", \"r2c1\"]\nletter = \"V\"\n",
            |g| g[0][0] + g[1][0] == 5,
        ),
        // A black dot: ratio 2 between numbers (0 and 0 never meet in one row).
        ("[[black-dot]]\ncells = [\"r1c1\", \"r1c2\"]\n", |g| {
            g[0][0] == 2 * g[0][1] || g[0][1] == 2 * g[0][0]
        }),
        // A white dot: difference 1.
        ("[[white-dot]]\ncells = [\"r1c1\", \"r2c1\"]\n", |g| {
            g[0][0].abs_diff(g[1][0]) == 1
        }),
        // 0 is even.
        (
            "[[even]]\ncells = [\"r1c1\", \"r3c3\"]\n[[odd]]\ncells = [\"r4c4\"]\n",
            |g| g[0][0] % 2 == 0 && g[2][2] % 2 == 0 && g[3][3] % 2 == 1,
        ),
        // A thermometer of three: its bulb 0 or 1.
        ("[[thermometer]]\ncells = \"r1c1 r1c2 r1c3\"\n", |g| {
            g[0][0] < g[0][1] && g[0][1] < g[0][2]
        }),
        // An arrow: a circle of 0 takes a shaft of 0s.
        (
            "[[arrow]]\ncircle = \"r1c1\"\ncells = \"r1c3 r2c4\"\n",
            |g| g[0][0] == g[0][2] + g[1][3],
        ),
        // A pill of two digits read as a number (a leading 0 too).
        (
            "[[arrow]]\ncircle = \"r1c1 r1c2\"\ncells = \"r2c3 r3c1 r3c4 r4c2 r4c4\"\n",
            |g| 10 * g[0][0] + g[0][1] == g[1][2] + g[2][0] + g[2][3] + g[3][1] + g[3][3],
        ),
        // A leaper of 1 and 2 (anti-knight): its cells only differ, whatever the numbers.
        ("[[leaper]]\nsteps = [1, 2]\n", |g| {
            (0..16).all(|a| {
                (0..16).all(|b| {
                    let (dr, dc) = (
                        (a / 4) as i32 - (b / 4) as i32,
                        (a % 4) as i32 - (b % 4) as i32,
                    );
                    (dr * dr + dc * dc != 5) || g[a / 4][a % 4] != g[b / 4][b % 4]
                })
            })
        }),
        // A region-sum line over boxes 1 and 2: one cell's number is the two cells' sum
        // (a 0 in the pair leaves them equal).
        ("[[region-sum-line]]\ncells = \"r1c1 r1c2 r1c3\"\n", |g| {
            g[0][0] + g[0][1] == g[0][2]
        }),
        // A zipper of three: the ends add up to the middle.
        ("[[zipper-line]]\ncells = \"r2c1 r2c2 r3c2\"\n", |g| {
            g[1][0] + g[2][1] == g[1][1]
        }),
        // A double arrow: the circles' sum is the shaft's, both of two cells.
        ("[[double-arrow]]\ncells = \"r1c1 r2c2 r3c3 r4c4\"\n", |g| {
            g[0][0] + g[3][3] == g[1][1] + g[2][2]
        }),
        // Equal sums of groups of different sizes.
        (
            "[[equal-sums]]\ngroups = [\"r1c1\", \"r3c3 r3c4\"]\n",
            |g| g[0][0] == g[2][2] + g[2][3],
        ),
        // A weighted sum: 2·a + 3·b = 6 (a = 0, b = 2 or a = 3, b = 0).
        (
            "[[weighted-sum]]\ncells = \"r1c1 r2c3\"\nweights = [2, 3]\nsum = 6\n",
            |g| 2 * g[0][0] + 3 * g[1][2] == 6,
        ),
        // A region-sum line of a cell and a pair whose sum is 0: both 0 (never in one row).
        ("[[region-sum-line]]\ncells = \"r3c2 r3c3 r4c4\"\n", |g| {
            g[2][1] == g[2][2] + g[3][3]
        }),
        // A skyscraper clue of 2 left of row 1: a 0 is no building, never seen.
        (
            "[[skyscraper]]\nrow = 1\nside = \"left\"\ncount = 2\n",
            |g| {
                let mut seen = 0;
                let mut tallest = 0;
                for &v in &g[0] {
                    if v > tallest {
                        seen += 1;
                        tallest = v;
                    }
                }
                seen == 2
            },
        ),
        // Counting circles count by number: a 0 in no circle, a 1 in one, a 2 in two.
        (
            "[[counting-circles]]\ncells = \"r1c3 r2c1 r3c3 r3c4 r4c2\"\n",
            |g| {
                let circles = [g[0][2], g[1][0], g[2][2], g[2][3], g[3][1]];
                (0..4u8).all(|v| {
                    let count = circles.iter().filter(|&&c| c == v).count();
                    count == 0 || count == usize::from(v)
                })
            },
        ),
        // A hidden skyscraper of 0 left of row 1: the first digit lower than the one
        // before it is the 0 (only the order counts).
        (
            "[[hidden-skyscraper]]\nrow = 1\nside = \"left\"\nheight = 0\n",
            |g| {
                let row = g[0];
                (1..4)
                    .find(|&i| row[i] < row[i - 1])
                    .is_some_and(|i| row[i] == 0)
            },
        ),
        // A look-and-say clue counts numbers: one 0 and two 1s on the diagonal.
        (
            "[[look-and-say]]\ncells = \"r1c1 r2c2 r3c3 r4c4\"\nclue = \"1021\"\n",
            |g| {
                let held = [g[0][0], g[1][1], g[2][2], g[3][3]];
                let count = |v: u8| held.iter().filter(|&&h| h == v).count();
                count(0) == 1 && count(1) == 2
            },
        ),
        // An equality cage of two: one odd and one even number (0 even), one low (0, 1)
        // and one high (2, 3).
        ("[[equality-cage]]\ncells = \"r2c1 r2c2\"\n", |g| {
            let (a, b) = (g[1][0], g[1][1]);
            a % 2 != b % 2 && (a < 2) != (b < 2)
        }),
        // A sandwich of 2 in row 1: the numbers between its 0 and its 3 add up to 2.
        ("[[sandwich]]\nrow = 1\nsum = 2\n", |g| {
            let row = g[0];
            let at = |v: u8| row.iter().position(|&x| x == v).unwrap();
            let (a, b) = (at(0).min(at(3)), at(0).max(at(3)));
            row[a + 1..b].iter().map(|&x| u32::from(x)).sum::<u32>() == 2
        }),
        // A quadruple's digits are numbers: 0 and 3 around the corner.
        (
            "[[quadruple]]\ncells = \"r2c2 r2c3 r3c2 r3c3\"\ndigits = [0, 3]\n",
            |g| {
                let around = [g[1][1], g[1][2], g[2][1], g[2][2]];
                around.contains(&0) && around.contains(&3)
            },
        ),
        // An X-sum of 3 left of row 1: X, the first number, counts the cells summed (a
        // first 0 sums none, so never 3).
        ("[[x-sum]]\nrow = 1\nside = \"left\"\nsum = 3\n", |g| {
            let x = usize::from(g[0][0]);
            g[0][..x].iter().sum::<u8>() == 3
        }),
        // A numbered room of 0 left of row 2: the X-th cell from the left holds 0, X the
        // first number (a first 0 names no cell).
        (
            "[[numbered-room]]\nrow = 2\nside = \"left\"\ndigit = 0\n",
            |g| {
                let x = usize::from(g[1][0]);
                x >= 1 && g[1][x - 1] == 0
            },
        ),
        // A column indexer in r1c2 and a row indexer in r3c1: the number in r1c2 names the
        // column of row 1 holding 2, the one in r3c1 the row of column 1 holding 3 (a 0
        // names none).
        (
            "[[column-indexer]]\ncells = \"r1c2\"\n[[row-indexer]]\ncells = \"r3c1\"\n",
            |g| {
                let (v, w) = (usize::from(g[0][1]), usize::from(g[2][0]));
                v >= 1 && g[0][v - 1] == 2 && w >= 1 && g[w - 1][0] == 3
            },
        ),
        // A value-indexing arrow: r1c1's number is in the c-th of r3c2, r4c3, r4c4, c the
        // number in r2c1 (from 1; a 0 names none), which is odd.
        (
            "[[value-indexing]]\ncells = \"r1c1 r2c1 r3c2 r4c3 r4c4\"\n[[odd]]\ncells = [\"r2c1\"]\n",
            |g| {
                let c = usize::from(g[1][0]);
                let indexed = [g[2][1], g[3][2], g[3][3]];
                c % 2 == 1 && indexed.get(c - 1) == Some(&g[0][0])
            },
        ),
        // A lunchbox of three cells and 1, and one filling row 2 with 3: their numbers
        // differ, and those between each one's own smallest and largest (0 and 3 on the
        // row) add up to the clue.
        (
            "[[lunchbox]]\ncells = \"r1c1 r2c3 r3c2\"\nsum = 1\n[[lunchbox]]\nrow = 2\nsum = 3\n",
            |g| {
                let between = |held: &[u8]| -> u8 {
                    let lo = (0..held.len()).min_by_key(|&i| held[i]).unwrap();
                    let hi = (0..held.len()).max_by_key(|&i| held[i]).unwrap();
                    held[lo.min(hi) + 1..lo.max(hi)].iter().sum()
                };
                let held = [g[0][0], g[1][2], g[2][1]];
                let differ = held[0] != held[1] && held[0] != held[2] && held[1] != held[2];
                differ && between(&held) == 1 && between(&g[1]) == 3
            },
        ),
        // A rellik cage of 5: no set of its numbers adds up to 5 ({2, 3}, with a 0 or not).
        ("[[rellik]]\ncells = \"r1c1 r1c2 r1c3\"\nsum = 5\n", |g| {
            let held = &g[0][..3];
            !(held.contains(&2) && held.contains(&3))
        }),
        // Sum lines of 3: row 1 cut into runs of 3 (a 0 joins a run beside it), and two
        // cells making one or two runs, never two 0s (no run at all).
        (
            "[[sum-line]]\ncells = \"r1c1 r1c2 r1c3 r1c4\"\nsum = 3\n[[sum-line]]\ncells = \"r2c1 r4c3\"\nsum = 3\n",
            |g| splits(&g[0], 3) && splits(&[g[1][0], g[3][2]], 3),
        ),
    ];
    let all = grids(4, true);
    let dir = tempfile::tempdir().unwrap();
    for (i, (tables, holds)) in cases.iter().enumerate() {
        let expected = all.iter().filter(|g| holds(g)).count();
        let file = dir.path().join(format!("case{i}.toml"));
        let text = format!("digits = \"0-3\"\npuzzle = \"................\"\n{tables}");
        std::fs::write(&file, &text).unwrap();
        for solver in ["sat", "dlx"] {
            let (code, out, err) = run(&["count", "--solver", solver, file.to_str().unwrap()], "");
            assert_eq!(code, Some(0), "{tables}: {err}");
            assert_eq!(out.trim(), expected.to_string(), "{tables} ({solver})");
        }
        // Logic on the empty grid (not unique, so no step that assumes it) removes no
        // number some filling holds, and places only what every filling holds.
        let file = satdoku::format::PuzzleFile::parse(&text).unwrap();
        let puzzle = file.puzzle(0).unwrap().unwrap();
        let layout = satdoku::Layout::new(puzzle.rules());
        let work = satdoku::logic::PATH_WORK / 100;
        let path = satdoku::logic::explain_within(&layout, puzzle.grid(), false, work);
        let solutions: Vec<_> = all.iter().filter(|g| holds(g)).collect();
        let number = |d: satdoku::Digit| d.get() - 1;
        for step in &path.steps {
            for e in &step.eliminations {
                let (r, c) = (e.cell.row(), e.cell.col());
                assert!(
                    solutions.iter().all(|g| g[r][c] != number(e.digit)),
                    "{tables}: {step}"
                );
            }
            for p in &step.placements {
                let (r, c) = (p.cell.row(), p.cell.col());
                assert!(
                    solutions.iter().all(|g| g[r][c] == number(p.digit)),
                    "{tables}: {step}"
                );
            }
        }
    }
    // An X needs 10: no two digits from 0 to 3 reach it.
    let file = dir.path().join("x.toml");
    let text = "digits = \"0-3\"\npuzzle = \"................\"\n[[xv]]\ncells = [\"r1c1\", \"r2c1\"]\nletter = \"X\"\n";
    std::fs::write(&file, text).unwrap();
    let (code, _, err) = run(&["count", file.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("no two digits from 0 to 3 add up to 10"),
        "{err}"
    );
}

/// Families that read only the digits' order, differences or classes (thirds, remainders
/// mod 3) make the same puzzle whether its digits are written 1 to 9 or 0 to 8: every
/// bundled puzzle of only such families, its rules moved to digits from 0, has as many
/// solutions, the same one (by place), and the same logical path.
#[test]
fn order_and_class_families_read_the_same_from_zero() {
    let invariant = [
        "lockout line",
        "nabner line",
        "minimum or maximum cell",
        "parity line",
        "difference-count line",
        "region-difference line",
        "entropic line",
        "modular line",
        "window rule",
    ];
    let mut kinds = std::collections::BTreeSet::new();
    for path in common::constraint_files() {
        let puzzle = common::library_puzzle(&path);
        let constraints = puzzle.rules().constraints();
        if constraints.is_empty() || !constraints.iter().all(|c| invariant.contains(&c.kind())) {
            continue;
        }
        kinds.extend(constraints.iter().map(|c| c.kind()));
        let name = path.file_name().unwrap().to_string_lossy();
        let rules = (**puzzle.rules()).clone().from_zero().unwrap();
        let grid = puzzle.grid().clone().reshaped(rules.shape()).unwrap();
        let zero = satdoku::Puzzle::new(grid, rules).unwrap();
        let (one, from_zero) = (
            satdoku::count_solutions(&puzzle, 3).count,
            satdoku::count_solutions(&zero, 3).count,
        );
        assert_eq!(one, from_zero, "{name}");
        let (a, b) = (satdoku::solve(&puzzle), satdoku::solve(&zero));
        let places = |g: &satdoku::Grid| -> Vec<Option<u8>> {
            g.shape()
                .cells()
                .map(|c| g.get(c).map(|d| d.get()))
                .collect()
        };
        assert_eq!(a.as_ref().map(places), b.as_ref().map(places), "{name}");
        if one == 1 {
            let work = satdoku::logic::PATH_WORK / 100;
            let (layout_one, layout_zero) = (
                satdoku::Layout::new(puzzle.rules()),
                satdoku::Layout::new(zero.rules()),
            );
            let p = satdoku::logic::explain_within(&layout_one, puzzle.grid(), true, work);
            let q = satdoku::logic::explain_within(&layout_zero, zero.grid(), true, work);
            assert_eq!(p.steps.len(), q.steps.len(), "{name}");
            assert_eq!(p.end, q.end, "{name}");
        }
    }
    assert_eq!(kinds.len(), invariant.len(), "{kinds:?}");
}

/// The published doppelgänger puzzle (logic-masters.de 0005Q2: cages and little killers
/// over the digits 0-9) is unique, with its published solution.
#[test]
fn published_doppelganger_has_its_published_solution() {
    let path = common::puzzle_path("variants/doppelganger.toml");
    let (code, out, err) = run(&["check", path.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.trim(),
        "unique 259638470403729618761540293096471385512806749874253061980362154325187906147095832"
    );
    let (_, json, _) = run(&["solve", "--format", "json", path.to_str().unwrap()], "");
    assert!(
        json.contains("\"rules\":\"boxes 3x3, digits 0-9,"),
        "{json}"
    );
    // Written again as satdoku's TOML, it reads back as the same puzzle; f-puzzles data has
    // no field for its digits.
    let (code, toml, err) = run(&["export", "--to", "toml", path.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(toml.contains("digits = \"0-9\"\n"), "{toml}");
    let (_, again, _) = run(&["check"], &toml);
    assert_eq!(again, out);
    let (code, _, err) = run(&["export", "--to", "fpuzzles", path.to_str().unwrap()], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("no field for digits other than 1 to N"),
        "{err}"
    );
}

/// A 0 is a digit where digits start at 0, in symbols and in numbers alike; a blank is `.`;
/// the answer is written the same way.
#[test]
fn zero_is_a_digit_read_and_written() {
    let (code, out, err) = run(
        &["solve", "--digits", "0-3"],
        "0 1 2 3\n. . . .\n. . . .\n. . . 0\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let line = out.trim();
    assert_eq!(
        (line.len(), &line[..4], &line[15..]),
        (16, "0123", "0"),
        "{out}"
    );
    let (code, out, _) = run(&["check", "--digits", "0-8"], &"0".repeat(2));
    assert_eq!(code, Some(2), "two symbols are no grid: {out}");
    let (code, out, err) = run(&["solve", "--digits", "0-3"], "0..............0");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with('0') && out.trim().ends_with('0'), "{out}");
    let (code, _, err) = run(&["check", "--digits", "0-3"], "00..............");
    assert_eq!(code, Some(2));
    assert!(err.contains("two 0s in row 1"), "{err}");
}

/// Families that read a digit from 1 with no source for a reading from 0 (an index line's
/// positions) are refused by name on digits from 0, and a range from 2 is no
/// range.
#[test]
fn families_reading_digits_from_one_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("index-line.toml");
    let text = "digits = \"0-3\"\npuzzle = \"................\"\n[[index-line]]\ncells = \"r1c1 r1c2 r1c3\"\n";
    std::fs::write(&file, text).unwrap();
    let (code, _, err) = run(&["count", file.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("index line reads digits as the numbers from 1"),
        "{err}"
    );
    // An indexer in the last column: its index, 4, is no digit of 0 to 3.
    let file = dir.path().join("indexer.toml");
    let text =
        "digits = \"0-3\"\npuzzle = \"................\"\n[[column-indexer]]\ncells = \"r1c4\"\n";
    std::fs::write(&file, text).unwrap();
    let (code, _, err) = run(&["count", file.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("r1c4's index is 4, which no digit from 0 to 3 stands for"),
        "{err}"
    );
    let (code, _, err) = run(&["count", "--digits", "2-9"], "................");
    assert_eq!(code, Some(2));
    assert!(err.contains("digits start at 0 or 1, not 2"), "{err}");
    let (code, _, err) = run(
        &["count", "--digits", "1-5", "--doppelganger"],
        "................",
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("it needs the digits 0 to 4"), "{err}");
}

/// `explain` solves the published doppelgänger puzzle without guessing, every step sound
/// against its published solution: a house must hold its 0, and every digit another house
/// of its kind has no place for (hidden singles reason from both).
#[test]
fn explain_solves_the_published_doppelganger_soundly() {
    let solution =
        "259638470403729618761540293096471385512806749874253061980362154325187906147095832";
    let path = common::puzzle_path("variants/doppelganger.toml");
    let (code, out, err) = run(&["explain", "--format", "json", path.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{err}");
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let steps = row["steps"].as_array().unwrap();
    let at = |item: &str| -> (char, char) {
        let (cell, digit) = item.split_once('=').unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let k = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        (
            solution.as_bytes()[k] as char,
            digit.chars().next().unwrap(),
        )
    };
    let mut placed = 0;
    for step in steps {
        for e in step["eliminations"].as_array().unwrap() {
            let (right, lost) = at(e.as_str().unwrap());
            assert_ne!(right, lost, "{step}");
        }
        for p in step["placements"].as_array().unwrap() {
            let (right, put) = at(p.as_str().unwrap());
            assert_eq!(right, put, "{step}");
            placed += 1;
        }
        assert_ne!(step["technique"], "guess", "{step}");
    }
    assert_eq!(placed, 80, "every open cell placed by logic");
    let zero_single = steps.iter().any(|s| {
        s["technique"] == "hidden_single"
            && s["sentence"]
                .as_str()
                .is_some_and(|t| t.contains("the only place for 0"))
    });
    assert!(
        zero_single,
        "a 0 placed as the only place for it in a house"
    );
}

/// The bundled classic and diagonal 9×9 puzzles written with 0-8 are answered as the same
/// puzzles written 1-9, digit for digit one less, by every solver (the bitboards among
/// them, which read no numbers).
#[test]
fn classic_puzzles_from_zero_are_the_same_puzzles() {
    let shifted = |text: &str| -> String {
        (text.chars())
            .map(|c| match c.to_digit(10) {
                Some(d @ 1..=9) => char::from_digit(d - 1, 10).unwrap(),
                _ => c,
            })
            .collect()
    };
    for (file, diagonal) in [("examples.txt", false), ("diagonal.txt", true)] {
        let text = std::fs::read_to_string(common::puzzle_path(file)).unwrap();
        // Puzzle lines only, blanks as dots (a 0 is a digit from 0), comments dropped.
        let lines: Vec<String> = (text.lines())
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split('#').next().unwrap().trim().replace('0', "."))
            .collect();
        let one: String = lines.join("\n") + "\n";
        let zero = shifted(&one);
        let mut args = vec!["check"];
        if diagonal {
            args.push("--diagonal");
        }
        let (_, expected, _) = run(&args, &one);
        for solver in ["auto", "bitboard", "sat", "dlx"] {
            let mut args = args.clone();
            args.extend(["--digits", "0-8", "--solver", solver]);
            let (code, out, err) = run(&args, &zero);
            assert_eq!(code, Some(0), "{file} {solver}: {err}");
            assert_eq!(out, shifted(&expected), "{file} {solver}");
        }
    }
}

/// The puzzles of digits from 0 in sigh's Interactive Sudoku Solver's collection whose
/// rules satdoku models (tests/data/sigh-zero, SOURCES.md there): each is unique with the
/// solution published beside it (the third line of its file).
#[test]
fn sighs_puzzles_from_zero_have_their_published_solutions() {
    common::published_tomls_come_out_right("sigh-zero", 21);
}

/// An f-puzzles (or SudokuPad) puzzle whose rules say "place the digits 0-3" is read with
/// the digits 0 to 3, its given 0 a digit; the same grid under rules of 1-4 is refused
/// for its 0, by cell.
#[test]
fn rules_text_gives_digits_from_zero() {
    let grid = |rules: &str| {
        let mut rows = vec![vec!["{}".to_string(); 4]; 4];
        for (r, c, v) in [(0, 0, 0), (0, 3, 1), (1, 1, 2), (3, 2, 3)] {
            rows[r][c] = format!("{{\"value\":{v},\"given\":true}}");
        }
        let rows: Vec<String> = rows.iter().map(|r| format!("[{}]", r.join(","))).collect();
        format!(
            "{{\"size\":4,\"grid\":[{}],\"ruleset\":\"{rules}\"}}",
            rows.join(",")
        )
    };
    let (code, out, err) = run(
        &["check"],
        &grid("Place the digits 0-3 once in every row, column and box."),
    );
    assert_eq!(
        (code, out.trim()),
        (Some(0), "unique 0321120330122130"),
        "{err}"
    );
    let (code, _, err) = run(
        &["check"],
        &grid("Place the digits 1-4 once in every row, column and box."),
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("r1c1: 0 is not a digit from 1 to 4"), "{err}");
    // Rules naming the doppelgänger rule over the digits 0 to N give it: as many solutions
    // as the flag gives, and nothing left unread.
    let said = "Place the digits 0-4 in the grid. Doppelganger: every row, column and box \
                holds a 0 and misses one other digit, no two rows (columns, boxes) the same.";
    let (code, out, err) = run(&["count", "--limit", "10000"], &grid(said));
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("unread"), "{err}");
    let (_, flag, _) = run(
        &[
            "count",
            "--digits",
            "0-4",
            "--doppelganger",
            "--limit",
            "10000",
        ],
        "0..1.2........3.",
    );
    assert_eq!(out, flag);
    assert_ne!(out.trim(), "0");
    // Without the digits 0 to N in words the rule stays named unread.
    let blank = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"ruleset":"Doppelganger: every row, column and box misses one digit."}"#;
    let (_, out, _) = run(&["check"], blank);
    assert!(out.contains("unread: rules: \"Doppelganger"), "{out}");
}

/// sigh's "0-indexed: Sums and indexing" (tests/data/sigh-zero/multiple, SOURCES.md there)
/// has 201 solutions under its rules as stated, each checked here rule by rule over the
/// numbers, the published one among them. The other 200 put five digits between row 5's 0
/// and 8 (1 + 2 + 3 + 4 + 7 = 17): sigh's solver, whose table of how far apart a
/// sandwich's crusts may stand is the one for digits from 1 (at most four between for 17),
/// rules them out and calls the puzzle unique. Logic's steps remove no digit some solution
/// holds.
#[test]
fn sums_and_indexing_from_zero_has_two_hundred_and_one_solutions() {
    let name = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sigh-zero/multiple/0-indexed-sums-and-indexing.toml"
    );
    let text = std::fs::read_to_string(name).unwrap();
    let published = text.lines().nth(2).unwrap().trim_start_matches("# ").trim();
    let (code, out, err) = run(&["solve", "--all", "--quiet", name], "");
    assert_eq!(code, Some(0), "{err}");
    let solutions: Vec<Vec<Vec<u32>>> = (out.lines())
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let digits: Vec<u32> = l.trim().chars().map(|c| c.to_digit(10).unwrap()).collect();
            digits.chunks(9).map(<[u32]>::to_vec).collect()
        })
        .collect();
    assert_eq!(solutions.len(), 201);
    let at = |g: &[Vec<u32>], cell: &str| -> u32 {
        let (r, c) = cell[1..].split_once('c').unwrap();
        g[r.parse::<usize>().unwrap() - 1][c.parse::<usize>().unwrap() - 1]
    };
    let cells =
        |g: &[Vec<u32>], names: &str| -> Vec<u32> { names.split(' ').map(|n| at(g, n)).collect() };
    // The numbers strictly between a list's smallest and largest, in its order.
    let between = |held: &[u32]| -> Vec<u32> {
        let lo = (0..held.len()).min_by_key(|&i| held[i]).unwrap();
        let hi = (0..held.len()).max_by_key(|&i| held[i]).unwrap();
        held[lo.min(hi) + 1..lo.max(hi)].to_vec()
    };
    let distinct = |held: &[u32]| (1..held.len()).all(|i| !held[..i].contains(&held[i]));
    for g in &solutions {
        let column = |c: usize| -> Vec<u32> { (0..9).map(|r| g[r][c]).collect() };
        let houses = (0..9).flat_map(|i| {
            let bx: Vec<u32> = (0..9)
                .map(|k| g[i / 3 * 3 + k / 3][i % 3 * 3 + k % 3])
                .collect();
            [g[i].clone(), column(i), bx]
        });
        assert!(
            houses
                .into_iter()
                .all(|h| distinct(&h) && h.iter().all(|&v| v <= 8))
        );
        let givens = [("r3c5", 8), ("r8c3", 0), ("r6c5", 7), ("r9c6", 2)];
        assert!(givens.iter().all(|&(c, v)| at(g, c) == v));
        let line = cells(g, "r3c2 r3c3 r3c4 r3c5 r4c5");
        assert!(splits(
            &line.iter().map(|&v| v as u8).collect::<Vec<_>>(),
            10
        ));
        assert_eq!(at(g, "r4c5") + at(g, "r3c6"), 0);
        let rellik = cells(g, "r6c8 r7c8 r7c7 r7c6");
        assert!(distinct(&rellik));
        assert!((1u32..16).all(|m| {
            (0..4)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| rellik[i])
                .sum::<u32>()
                != 5
        }));
        for (names, sum) in [
            ("r8c2 r8c3 r8c4 r8c5 r8c6", 5),
            ("r2c2 r3c2 r4c2 r5c2 r6c3", 11),
        ] {
            let held = cells(g, names);
            assert!(distinct(&held) && between(&held).iter().sum::<u32>() == sum);
        }
        // The X-sum and the numbered room read from the bottom.
        let up = |c: usize| -> Vec<u32> { column(c).into_iter().rev().collect() };
        let x = up(6)[0] as usize;
        assert_eq!(up(6)[..x].iter().sum::<u32>(), 16);
        let x = up(7)[0] as usize;
        assert!(x >= 1 && up(7)[x - 1] == 8);
        assert_eq!(between(&g[4]).iter().sum::<u32>(), 17);
        // The column indexer in column 6: row 1's cell at column (its number) holds 6.
        let v = at(g, "r1c6") as usize;
        assert!(v >= 1 && g[0][v - 1] == 6);
        let arrow = cells(g, "r1c7 r2c7 r3c7 r4c7 r5c7 r5c8");
        let c = arrow[1] as usize;
        assert!(c >= 1 && arrow.get(c + 1) == Some(&arrow[0]));
        assert_eq!(cells(g, "r9c7 r9c8 r9c9 r8c9").iter().sum::<u32>(), 10);
        assert!(distinct(&cells(g, "r9c7 r9c8 r9c9 r8c9")));
        let written: String = g.iter().flatten().map(|v| v.to_string()).collect();
        let five = between(&g[4]).len() == 5;
        assert_eq!(written == published, !five, "{written}");
    }
    // Logic on the puzzle (not unique, so no step that assumes it) removes no number some
    // solution holds.
    let file = satdoku::format::PuzzleFile::parse(&text).unwrap();
    let puzzle = file.puzzle(0).unwrap().unwrap();
    let layout = satdoku::Layout::new(puzzle.rules());
    let work = satdoku::logic::PATH_WORK / 100;
    let path = satdoku::logic::explain_within(&layout, puzzle.grid(), false, work);
    assert!(!path.steps.is_empty());
    for step in &path.steps {
        for e in &step.eliminations {
            let (r, c) = (e.cell.row(), e.cell.col());
            let number = u32::from(e.digit.get()) - 1;
            assert!(solutions.iter().all(|g| g[r][c] != number), "{step}");
        }
        for p in &step.placements {
            let (r, c) = (p.cell.row(), p.cell.col());
            let number = u32::from(p.digit.get()) - 1;
            assert!(solutions.iter().all(|g| g[r][c] == number), "{step}");
        }
    }
}
