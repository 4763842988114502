//! Constraints only satdoku's TOML writes (f-puzzles and its extensions have no field for
//! them): on 4×4 grids, every solver's count of random puzzles equals the number of the 288
//! grids that an independent check of the rule accepts; the bundled `.toml` puzzles are
//! unique, with the solution their notes give, which the same checks accept. Indexers,
//! which f-puzzles writes too, are counted here through the TOML tables as well.

use crate::common;

use common::{Plain, PlainRules, Rng, check_solution_under, plain};
use satdoku::check::Verdict;
use satdoku::format::PuzzleFile;
use satdoku::{Puzzle, SatSolver, Solver, encode::EncodingKind};

type Pos = (usize, usize);

fn names(cells: &[Pos]) -> String {
    cells
        .iter()
        .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks `tables` (TOML after the grid's own lines, a given at `given` if any) against
/// `holds`: the count of every solver, and each solution found, against the grids it
/// accepts. `None` when satdoku refuses the rules, which is right only without solutions.
fn agree(grids: &[Plain], tables: &str, given: Option<(Pos, u32)>, holds: &dyn Fn(&Plain) -> bool) {
    let mut text: Vec<char> = ".".repeat(16).chars().collect();
    if let Some(((r, c), v)) = given {
        text[r * 4 + c] = char::from_digit(v, 10).unwrap();
    }
    let text: String = text.into_iter().collect();
    let toml = format!("boxes = \"2x2\"\npuzzle = \"{text}\"\n{tables}");
    let expected = grids
        .iter()
        .filter(|g| given.is_none_or(|((r, c), v)| g[r][c] == v) && holds(g))
        .count();
    let file = PuzzleFile::parse(&toml).unwrap_or_else(|e| panic!("{e}\n{toml}"));
    let grid = satdoku::format::parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    let rules = match file.spec.rules_for(grid.shape()) {
        Ok(rules) => rules,
        Err(e) => {
            assert_eq!(expected, 0, "refused ({e}) but has solutions:\n{toml}");
            return;
        }
    };
    let puzzle = Puzzle::new(grid, rules).unwrap();
    common::every_solver_agrees(&puzzle, expected, holds, &toml);
}

#[test]
fn cages_whose_digits_may_repeat() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(23);
    for round in 0..40 {
        let len = 2 + rng.below(4);
        let cells = rng.cells(len);
        let k = cells.len() as u32;
        let repeats = round % 4 != 0;
        // A single sum, a few sums, or a digital root.
        let (key, sums): (String, Vec<u32>) = match rng.below(3) {
            0 => {
                let s = k + rng.below(3 * k as usize + 1) as u32;
                (format!("sum = {s}"), vec![s])
            }
            1 => {
                let (a, b) = (k + rng.below(12) as u32, k + rng.below(12) as u32);
                (format!("sums = [{a}, {b}]"), vec![a, b])
            }
            _ => {
                let root = 1 + rng.below(9) as u32;
                (
                    format!("digital-root = {root}"),
                    (root..=64).step_by(9).collect(),
                )
            }
        };
        let tables = format!(
            "[[cage]]\ncells = \"{}\"\n{key}\nrepeats = {repeats}\n",
            names(&cells)
        );
        let given = rng.given(2);
        agree(&grids, &tables, given, &|g| {
            let values: Vec<u32> = cells.iter().map(|&(r, c)| g[r][c]).collect();
            let differ = (0..values.len()).all(|i| !values[..i].contains(&values[i]));
            (repeats || differ) && sums.contains(&values.iter().sum())
        });
    }
}

/// Whether some non-empty set of `values` adds up to `clue`.
fn some_subset_adds_up(values: &[u32], clue: u32) -> bool {
    (1u32..1 << values.len()).any(|mask| {
        let total: u32 = (0..values.len())
            .filter(|&i| mask & 1 << i != 0)
            .map(|i| values[i])
            .sum();
        total == clue
    })
}

#[test]
fn rellik_cages() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(159);
    for _ in 0..40 {
        let len = 1 + rng.below(4);
        let cells = rng.cells(len);
        let clue = 1 + rng.below(10) as u32;
        let tables = format!("[[rellik]]\ncells = \"{}\"\nsum = {clue}\n", names(&cells));
        let given = rng.given(2);
        agree(&grids, &tables, given, &|g| {
            let values: Vec<u32> = cells.iter().map(|&(r, c)| g[r][c]).collect();
            let differ = (0..values.len()).all(|i| !values[..i].contains(&values[i]));
            differ && !some_subset_adds_up(&values, clue)
        });
    }
}

/// The bundled TOML puzzles of a family: read independently (the `toml` crate), each its
/// text, givens, solution (from `notes`) and tables of `table`.
fn bundled(family: &str, table: &str) -> Vec<(String, Plain, Plain, Vec<toml::Table>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/variants/constraints");
    let mut out = Vec::new();
    for k in 1.. {
        let Ok(text) = std::fs::read_to_string(dir.join(format!("{family}-{k}.toml"))) else {
            break;
        };
        let file: toml::Table = toml::from_str(&text).unwrap();
        let digits =
            |s: &str| -> Vec<u32> { s.chars().map(|c| c.to_digit(36).unwrap_or(0)).collect() };
        let givens = digits(file["puzzle"].as_str().unwrap());
        let solution = digits(
            file["notes"]
                .as_str()
                .unwrap()
                .strip_prefix("solution: ")
                .unwrap(),
        );
        let n = (givens.len() as f64).sqrt() as usize;
        let rows = |v: Vec<u32>| v.chunks(n).map(<[u32]>::to_vec).collect::<Plain>();
        let tables = file
            .get(table)
            .and_then(|t| t.as_array())
            .map(|a| a.iter().filter_map(|t| t.as_table().cloned()).collect())
            .unwrap_or_default();
        out.push((text, rows(givens), rows(solution), tables));
    }
    assert!(out.len() >= 3, "{family}: {} puzzles", out.len());
    out
}

/// The 0-based cells of a table's `cells` (one string of names).
fn table_cells(table: &toml::Table) -> Vec<Pos> {
    table["cells"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(|name| {
            let (r, c) = name[1..].split_once('c').unwrap();
            (
                r.parse::<usize>().unwrap() - 1,
                c.parse::<usize>().unwrap() - 1,
            )
        })
        .collect()
}

/// Checks a family's bundled puzzles: the stored solution keeps the grid's rules and
/// `holds`, and every solver finds it the only one.
fn bundled_are_unique(family: &str, table: &str, holds: &dyn Fn(&Plain, &[toml::Table]) -> bool) {
    for (text, givens, solution, tables) in bundled(family, table) {
        let n = givens.len();
        check_solution_under(&givens, &solution, &PlainRules::default()).unwrap();
        assert!(
            holds(&solution, &tables),
            "{family}: the stored solution breaks a {table}"
        );
        let file = PuzzleFile::parse(&text).unwrap();
        let grid = satdoku::format::parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
        let puzzle = Puzzle::new(grid, file.spec.rules_for(grid_shape(n)).unwrap()).unwrap();
        let solvers: Vec<Box<dyn Solver>> = if n <= 6 {
            common::every_solver()
        } else {
            vec![
                Box::new(SatSolver::new()),
                Box::new(SatSolver::with_kind(EncodingKind::Reduced)),
            ]
        };
        for mut solver in solvers {
            match solver.check(&puzzle) {
                Verdict::Unique { solution: found } => assert_eq!(plain(&found), solution),
                other => panic!("{family} under {}: {other}", solver.name()),
            }
        }
    }
}

fn grid_shape(n: usize) -> satdoku::Shape {
    satdoku::Shape::from_size(n).unwrap()
}

#[test]
fn bundled_rellik_puzzles() {
    bundled_are_unique("rellik", "rellik", &|g, tables| {
        tables.iter().all(|t| {
            let values: Vec<u32> = table_cells(t).iter().map(|&(r, c)| g[r][c]).collect();
            let clue = t["sum"].as_integer().unwrap() as u32;
            let differ = (0..values.len()).all(|i| !values[..i].contains(&values[i]));
            differ && !some_subset_adds_up(&values, clue)
        })
    });
}

/// A lunchbox's cells: its `cells`, or the whole `row` or `column` (1-based) of a grid of
/// `n`.
fn lunchbox_cells(table: &toml::Table, n: usize) -> Vec<Pos> {
    let line = |key: &str| table.get(key).map(|v| v.as_integer().unwrap() as usize - 1);
    match (line("row"), line("column")) {
        (Some(r), _) => (0..n).map(|c| (r, c)).collect(),
        (_, Some(c)) => (0..n).map(|r| (r, c)).collect(),
        _ => table_cells(table),
    }
}

#[test]
fn lunchboxes() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(1107);
    for _ in 0..40 {
        // Cells in any order (a lunchbox need not be a path), or a whole row or column.
        let (place, cells) = match rng.below(4) {
            0 => {
                let r = rng.below(4);
                (format!("row = {}", r + 1), (0..4).map(|c| (r, c)).collect())
            }
            1 => {
                let c = rng.below(4);
                (
                    format!("column = {}", c + 1),
                    (0..4).map(|r| (r, c)).collect(),
                )
            }
            _ => {
                let len = 2 + rng.below(3);
                let cells = rng.cells(len);
                (format!("cells = \"{}\"", names(&cells)), cells)
            }
        };
        let sum = rng.below(6) as u32;
        let tables = format!("[[lunchbox]]\n{place}\nsum = {sum}\n");
        let given = rng.given(2);
        agree(&grids, &tables, given, &|g| {
            let values: Vec<u32> = cells.iter().map(|&(r, c)| g[r][c]).collect();
            common::lines::lunchbox(&values, sum)
        });
    }
}

#[test]
fn bundled_lunchbox_puzzles() {
    bundled_are_unique("lunchbox", "lunchbox", &|g, tables| {
        tables.iter().all(|t| {
            let cells = lunchbox_cells(t, g.len());
            let values: Vec<u32> = cells.iter().map(|&(r, c)| g[r][c]).collect();
            common::lines::lunchbox(&values, t["sum"].as_integer().unwrap() as u32)
        })
    });
}

/// Indexers are f-puzzles fields too; here each kind, several cells at once, against every
/// 4×4 grid: the digit v of an indexer puts its own place at the v-th cell of its column
/// (row indexer), row (column indexer) or box (box indexer, cells in reading order).
#[test]
fn indexers_of_every_kind() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(1559);
    for _ in 0..30 {
        let kind = rng.below(3);
        let len = 1 + rng.below(3);
        let cells = rng.cells(len);
        let table = ["row-indexer", "column-indexer", "box-indexer"][kind];
        let tables = format!("[[{table}]]\ncells = \"{}\"\n", names(&cells));
        let given = rng.given(3);
        agree(&grids, &tables, given, &|g| {
            cells.iter().all(|&(r, c)| {
                let house: Vec<Pos> = match kind {
                    0 => (0..4).map(|i| (i, c)).collect(),
                    1 => (0..4).map(|j| (r, j)).collect(),
                    _ => (0..4)
                        .map(|i| (r / 2 * 2 + i / 2, c / 2 * 2 + i % 2))
                        .collect(),
                };
                let place = house.iter().position(|&p| p == (r, c)).unwrap() as u32 + 1;
                let (a, b) = house[g[r][c] as usize - 1];
                g[a][b] == place
            })
        });
    }
}

/// Whether no digit d of `g` stands at taxicab distance d from another d.
fn taxicab_ok(g: &Plain) -> bool {
    let n = g.len();
    (0..n * n).all(|i| {
        (0..n * n).all(|j| {
            let ((r, c), (s, t)) = ((i / n, i % n), (j / n, j % n));
            let d = r.abs_diff(s) + c.abs_diff(t);
            i == j || !(g[r][c] == g[s][t] && g[r][c] as usize == d)
        })
    })
}

#[test]
fn anti_taxicab() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(5);
    agree(&grids, "rules = [\"anti-taxicab\"]\n", None, &taxicab_ok);
    for _ in 0..12 {
        let cell = (rng.below(4), rng.below(4));
        let given = Some((cell, 1 + rng.below(4) as u32));
        agree(&grids, "rules = [\"anti-taxicab\"]\n", given, &taxicab_ok);
    }
}

/// Rangsk's SudokuSolver's own knightmare test (SudokuTests/SolverTests.cs,
/// `KnightmareTest`): its f-puzzles puzzle under `-c knightmare` has this one solution.
#[test]
fn knightmare_as_rangsk_reads_it() {
    let link = "N4IgzglgXgpiBcBOANCALhNAbO8QGkA7CAcwAs0BbAQwCcYACNGMNEVWgVxzBjbwByAe1o0sDAMqchAa04MuPBtQAOKrAE8AdAB1CAYRhYsYZViGESyhgAVOtdYwBKMQgCNqhBgBkIhRpScrAwAZiKU1rxoDEIhDADGFrzxnBgAbowAJqSYpn7KhBoxtJkwtLqERKQUNPQMTtwsFYbGptQMVeRoAOSmlEIZyip00fGehELRYJwRaEIMAKzFDACMC1rsICS0EJkIANr7oGnUWJy4AGyoJBAZhAhoXDAAvsjAr+9vH99vICdnuAALNdbq4Hk8fu8ALrII6Qj5/U7nBBXLag+7wR7neFfXHQ2GfQkI/7I+AAZhBd3B2LxOOOSNwKDRVMxEJhcNpnKJtPZ9IBCAWlLBrJp3LFdOevMhiP58AA7EKMViXlyZaTUTcWcrpSTcILmcLtV8pVyJTyCcSGQLFdSVeLfrqECsbSK7ZbZcCDUqIcaLarHfAABwuo2EtW4ABMIZ94qhMJA9HcngOoCwfhYB32ICcEf0C02TjJ+guBaLcoLucDIDjCLT/jAmeziH0EYLgf0ZLb+kBBeb+ZrvzrGfgh2zcu7BYueYLC2LBcB+nLqEL+irA9T6YbI6zTinKxnLfnHdLx+Xudb65AQ63o5X+eXC/v2dn/ahktQQ5TV83jZz0+XRYlgBi4Vqu1bxkIqRDvoCAgAAxAAYgADBccrIZsADuuxoGQCBIVonohLQQiUPoSSPNQfj8NmrgePctY/tuTaHsu7adqxE7Ln24GoJB2DpjBeCIShaFIZh2G4fA+GEcRpHkbQlGENRLhJvRg6Mbe449suU5Pk4s5AdmC5LtmRZrhBUECbBwmoehqBYZkOF4QRqBESRZGEKwClUbBKl0SADH1r+e4Hq2D6nqZEV/heFn8f4gnwchtlifZEnOTJ7nyYpym0cmgXDreRZ6Y+B6vrxlnxdZSWieJjmSdJrmyR5XnZb5uX0W+QA=";
    let solution =
        "631298475942657138785314269813425796564739821297186354126543987358971642479862513";
    let json = String::from_utf16(&lz_str::decompress_from_base64(link).unwrap()).unwrap();
    let file = satdoku::format::parse_fpuzzles(&json).unwrap();
    let grid = satdoku::format::parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    let rules = file.spec.rules_for(grid.shape()).unwrap();
    let knightmare =
        satdoku::constraint::DistanceRule::new(satdoku::constraint::DistanceKind::Knightmare);
    let puzzle = Puzzle::new(
        grid.clone(),
        satdoku::Rules::clone(&rules)
            .with_constraint(knightmare)
            .unwrap(),
    )
    .unwrap();
    let expected: Plain = solution
        .as_bytes()
        .chunks(9)
        .map(|row| row.iter().map(|b| (b - b'0') as u32).collect())
        .collect();
    let g = &expected;
    for r in 0..9usize {
        for c in 0..9usize {
            for (dr, dc) in [(1isize, 2isize), (2, 1), (1, -2), (2, -1)] {
                let (s, t) = (r as isize + dr, c as isize + dc);
                if (0..9).contains(&s) && (0..9).contains(&t) {
                    let sum = g[r][c] + g[s as usize][t as usize];
                    assert!(
                        sum != 5 && sum != 15,
                        "the published solution is a knightmare"
                    );
                }
            }
        }
    }
    for mut solver in [
        Box::new(SatSolver::new()) as Box<dyn Solver>,
        Box::new(SatSolver::with_kind(EncodingKind::Reduced)),
    ] {
        match solver.check(&puzzle) {
            Verdict::Unique { solution } => assert_eq!(plain(&solution), expected),
            other => panic!("{}: {other}", solver.name()),
        }
    }
    // Without the rule the puzzle is not unique: the rule does the work.
    let loose = Puzzle::new(grid, satdoku::Rules::clone(&rules)).unwrap();
    assert!(!matches!(
        SatSolver::new().check(&loose),
        Verdict::Unique { .. }
    ));
    // Other sizes are refused by name.
    let toml = "boxes = \"2x2\"\npuzzle = \"................\"\nrules = [\"knightmare\"]\n";
    let file = PuzzleFile::parse(toml).unwrap();
    let error = file.spec.rules_for(grid_shape(4)).unwrap_err().to_string();
    assert!(
        error.contains("knightmare's sums 5 and 15 are 9×9's"),
        "{error}"
    );
}

/// Whether no two cells of `g` a knight's move apart add up to 5 or 15.
fn knightmare_ok(g: &Plain) -> bool {
    let n = g.len() as isize;
    (0..n * n).all(|i| {
        let (r, c) = (i / n, i % n);
        [(1, 2), (2, 1), (1, -2), (2, -1)].iter().all(|&(dr, dc)| {
            let (s, t) = (r + dr, c + dc);
            let inside = (0..n).contains(&s) && (0..n).contains(&t);
            !inside || ![5, 15].contains(&(g[r as usize][c as usize] + g[s as usize][t as usize]))
        })
    })
}

#[test]
fn bundled_knightmare_and_anti_taxicab_puzzles() {
    for (family, holds) in [
        ("knightmare", knightmare_ok as fn(&Plain) -> bool),
        ("anti-taxicab", taxicab_ok),
    ] {
        for (text, ..) in bundled(family, "rules") {
            assert!(text.contains(&format!("rules = [\"{family}\"]")), "{text}");
        }
        bundled_are_unique(family, "no such table", &|g, _| holds(g));
    }
}

/// Whether no two cells of `g` a (`a`, `b`) leap apart (a knight is (1, 2)) hold one digit.
fn leap_ok(g: &Plain, a: isize, b: isize) -> bool {
    let n = g.len() as isize;
    let inside = |r: isize, c: isize| (0..n).contains(&r) && (0..n).contains(&c);
    (0..n * n).all(|i| {
        let (r, c) = (i / n, i % n);
        [(a, b), (b, a), (a, -b), (b, -a)].iter().all(|&(dr, dc)| {
            let (s, t) = (r + dr, c + dc);
            !inside(s, t) || g[r as usize][c as usize] != g[s as usize][t as usize]
        })
    })
}

/// Whether no two diagonal neighbours of `g` differ by 1.
fn diagonal_non_consecutive_ok(g: &Plain) -> bool {
    let n = g.len();
    (0..n - 1).all(|r| {
        (0..n).all(|c| {
            let below = |t: usize| g[r][c].abs_diff(g[r + 1][t]) != 1;
            (c == 0 || below(c - 1)) && (c + 1 == n || below(c + 1))
        })
    })
}

/// Whether every 2×2 window of `g` holds a digit of each class `class` gives (0, 1, 2).
fn windows_ok(g: &Plain, class: &dyn Fn(u32) -> u32) -> bool {
    let n = g.len();
    (0..n - 1).all(|r| {
        (0..n - 1).all(|c| {
            let classes: std::collections::BTreeSet<u32> =
                [g[r][c], g[r][c + 1], g[r + 1][c], g[r + 1][c + 1]]
                    .into_iter()
                    .map(class)
                    .collect();
            classes.len() == 3
        })
    })
}

/// Global entropy's classes: the thirds of 1…N (N a multiple of 3).
fn entropy_ok(g: &Plain) -> bool {
    let third = g.len() as u32 / 3;
    g.len().is_multiple_of(3) && windows_ok(g, &|v| (v - 1) / third)
}

/// Global modular's classes: remainders mod 3.
fn modular_ok(g: &Plain) -> bool {
    windows_ok(g, &|v| v % 3)
}

/// An independent check of a rule on a grid.
type Check = fn(&Plain) -> bool;

/// The rules over the whole grid added with the table, each with its independent check.
fn table_rules() -> [(&'static str, Check); 6] {
    [
        ("anti-camel", |g| leap_ok(g, 1, 3)),
        ("anti-zebra", |g| leap_ok(g, 2, 3)),
        ("anti-giraffe", |g| leap_ok(g, 1, 4)),
        ("diagonal-non-consecutive", diagonal_non_consecutive_ok),
        ("global-entropy", entropy_ok),
        ("global-modular", modular_ok),
    ]
}

/// The rules over the whole grid added with the table (leapers, diagonal non-consecutive,
/// global entropy and modular), on 4×4 against the 288 grids: every solver's count is the
/// number the independent check accepts, with and without a given; global entropy, whose
/// thirds 4×4 lacks, is refused.
#[test]
fn leapers_diagonal_non_consecutive_and_windows_on_4x4() {
    let grids = common::all_4x4_grids();
    let rules = table_rules();
    let mut rng = Rng(37);
    for (rule, holds) in rules {
        let tables = format!("rules = [\"{rule}\"]\n");
        agree(&grids, &tables, None, &holds);
        for _ in 0..6 {
            agree(&grids, &tables, rng.given(4), &holds);
        }
    }
    // The rules cut the 288 grids as the independent checks say (satdoku's counts agree,
    // above): zebras and diagonal neighbours some, a giraffe's leap of 4 none on 4×4; no
    // 4×4 is anti-camel, nor keeps a 3, a 2 and a 1 or 4 in every 2×2 (the 6×6 and 9×9
    // bundled puzzles check those rules where grids exist).
    let count = |holds: &dyn Fn(&Plain) -> bool| grids.iter().filter(|g| holds(g)).count();
    assert_eq!(count(&|g| leap_ok(g, 1, 3)), 0);
    assert!((1..288).contains(&count(&|g| leap_ok(g, 2, 3))));
    assert!((1..288).contains(&count(&diagonal_non_consecutive_ok)));
    assert_eq!(count(&|g| leap_ok(g, 1, 4)), 288);
    assert_eq!(count(&modular_ok), 0);
}

#[test]
fn bundled_leaper_diagonal_and_window_puzzles() {
    let rules = table_rules();
    for (family, holds) in rules {
        for (text, ..) in bundled(family, "rules") {
            assert!(text.contains(&format!("rules = [\"{family}\"]")), "{text}");
        }
        bundled_are_unique(family, "no such table", &|g, _| holds(g));
    }
}

/// Published puzzles of the window rules have their published solutions (the bundled
/// `global-entropy-4.toml`, from Logic Masters; `global-modular-4.toml`, from SudokuPad,
/// whose cages and X/V are checked here too).
#[test]
fn published_window_puzzles_keep_their_solutions() {
    let entropy = &bundled("global-entropy", "rules")[3];
    assert!(entropy.0.contains("0008G7"));
    assert!(entropy_ok(&entropy.2));
    let modular = bundled("global-modular", "cage");
    let (text, _, solution, cages) = &modular[3];
    assert!(text.contains("l74hg3flzp") && modular_ok(solution));
    for cage in cages {
        let sum: u32 = table_cells(cage).iter().map(|&(r, c)| solution[r][c]).sum();
        assert_eq!(i64::from(sum), cage["sum"].as_integer().unwrap());
    }
}

/// Whether, among `circles` of `g`, each digit appears as many times as its value or not
/// at all.
fn counting_ok(g: &Plain, circles: &[Pos]) -> bool {
    counting_upto(g, circles, g.len() as u32)
}

/// [`counting_ok`] on a grid of the digits 1 to `largest`.
fn counting_upto(g: &Plain, circles: &[Pos], largest: u32) -> bool {
    (1..=largest).all(|d| {
        let count = circles.iter().filter(|&&(r, c)| g[r][c] == d).count() as u32;
        count == 0 || count == d
    })
}

/// Whether each of `cells` of `g` is greater than every later one it touches.
fn greater_ok(g: &Plain, cells: &[Pos]) -> bool {
    cells.iter().enumerate().all(|(i, &(r, c))| {
        cells[i + 1..]
            .iter()
            .all(|&(s, t)| r.abs_diff(s) + c.abs_diff(t) != 1 || g[r][c] > g[s][t])
    })
}

/// Whether every middle digit of `g` (odd size) has a 1 right above or the largest digit
/// right below.
fn flatmates_ok(g: &Plain) -> bool {
    flatmates_upto(g, g.len() as u32)
}

/// [`flatmates_ok`] on a grid of the digits 1 to `largest` (odd): its middle digit with a
/// 1 right above or `largest` right below.
fn flatmates_upto(g: &Plain, largest: u32) -> bool {
    let n = g.len();
    let middle = largest.div_ceil(2);
    largest % 2 == 1
        && (0..n).all(|r| {
            (0..n).all(|c| {
                g[r][c] != middle
                    || (r > 0 && g[r - 1][c] == 1)
                    || (r + 1 < n && g[r + 1][c] == largest)
            })
        })
}

/// Counting circles and Dutch flatmates on a grid taking more digits than a house has
/// cells (a 4×4 of 1–5 with 2×2 boxes, as "7x7: Dutch Flat Mate Squishdoku" takes 1–9 on a
/// 7×7): the circles count the digits to 5, and every 3 has a 1 right above or a 5 right
/// below. Against every such grid (a brute force): on the empty grid and on puzzles made
/// from random grids, every solver counts what the independent checks accept.
#[test]
fn counting_circles_and_flatmates_on_grids_of_more_digits() {
    let rules = PlainRules {
        digits: Some(5),
        ..PlainRules::default()
    };
    let mut grids = Vec::new();
    common::brute_force_solutions_under(&vec![vec![0; 4]; 4], &rules, usize::MAX, &mut |g| {
        grids.push(g.clone())
    });
    let mut rng = Rng(43);
    let mut checked = 0;
    for round in 0..16 {
        let len = 3 + rng.below(6);
        let circles = rng.cells(len);
        type Holds<'a> = Box<dyn Fn(&Plain) -> bool + 'a>;
        let (table, holds): (String, Holds) = if round % 4 == 3 {
            (
                "rules = [\"dutch-flatmates\"]\n".into(),
                Box::new(|g: &Plain| flatmates_upto(g, 5)),
            )
        } else {
            let table = format!("[[counting-circles]]\ncells = \"{}\"\n", names(&circles));
            (table, Box::new(|g: &Plain| counting_upto(g, &circles, 5)))
        };
        let ok: Vec<&Plain> = grids.iter().filter(|g| holds(g)).collect();
        let pick = (!ok.is_empty()).then(|| ok[rng.below(ok.len())]);
        let mut givens = vec![vec![0u32; 4]; 4];
        let fits = |givens: &Plain, g: &Plain| {
            (0..16).all(|i| givens[i / 4][i % 4] == 0 || givens[i / 4][i % 4] == g[i / 4][i % 4])
        };
        while ok.iter().filter(|g| fits(&givens, g)).count() > 300 {
            let (r, c) = (rng.below(4), rng.below(4));
            givens[r][c] = pick.expect("grids to pick from")[r][c];
        }
        let expected = ok.iter().filter(|g| fits(&givens, g)).count();
        let toml = format!(
            "boxes = \"2x2\"\ndigits = 5\npuzzle = \"{}\"\n{table}",
            common::canon::line(&givens)
        );
        let file = PuzzleFile::parse(&toml).unwrap_or_else(|e| panic!("{e}\n{toml}"));
        let puzzle = file.puzzle(0).unwrap().unwrap();
        let keeps = |g: &Plain| holds(g) && fits(&givens, g) && grids.contains(g);
        common::every_solver_agrees(&puzzle, expected, &keeps, &toml);
        checked += usize::from(expected > 0);
    }
    assert!(checked >= 8, "{checked}");
}

/// Counting circles and inequality signs (TOML tables) on 4×4, against the 288 grids,
/// random sets and signs with and without a given; Dutch flatmates, which needs an odd
/// size, is refused there.
#[test]
fn counting_circles_inequality_signs_and_flatmates_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(41);
    for _ in 0..25 {
        let len = 1 + rng.below(7);
        let circles = rng.cells(len);
        let table = format!("[[counting-circles]]\ncells = \"{}\"\n", names(&circles));
        agree(&grids, &table, rng.given(3), &|g| counting_ok(g, &circles));
        let len = 2 + rng.below(4);
        let signs = rng.cells(len);
        let touching = signs.iter().enumerate().any(|(i, a)| {
            signs[i + 1..]
                .iter()
                .any(|b| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1)
        });
        let table = format!("[[greater-than]]\ncells = \"{}\"\n", names(&signs));
        // Signs without two touching cells are refused: no grid is counted then.
        agree(&grids, &table, rng.given(3), &|g| {
            touching && greater_ok(g, &signs)
        });
    }
    agree(
        &grids,
        "rules = [\"dutch-flatmates\"]\n",
        None,
        &flatmates_ok,
    );
}

#[test]
fn bundled_counting_circles_inequality_and_flatmates_puzzles() {
    let tables = |t: &[toml::Table]| -> Vec<Vec<Pos>> { t.iter().map(table_cells).collect() };
    bundled_are_unique("counting-circles", "counting-circles", &|g, t| {
        tables(t).iter().all(|circles| counting_ok(g, circles))
    });
    bundled_are_unique("greater-than", "greater-than", &|g, t| {
        tables(t).iter().all(|cells| greater_ok(g, cells))
    });
    bundled_are_unique("dutch-flatmates", "no such table", &|g, _| flatmates_ok(g));
    // The published ones (the fourth of each): Clockwork, Fortress, Dutch Flat Mates.
    for (family, source) in [
        ("counting-circles", "QbPRdNNRMH"),
        ("greater-than", "N7fqrL2gtD"),
        ("dutch-flatmates", "000FYS"),
    ] {
        let published = &bundled(family, "cells")[3];
        assert!(published.0.contains(source), "{family}");
    }
}

/// Whether the cells of a digit-count table (`contains`, `contains-exactly` or
/// `look-and-say`, as `kind` says) of `g` hold its digits as it asks.
fn digit_count_ok(g: &Plain, kind: &str, table: &toml::Table) -> bool {
    let held: Vec<u32> = table_cells(table).iter().map(|&(r, c)| g[r][c]).collect();
    let count = |d: u32| held.iter().filter(|&&v| v == d).count() as u32;
    if kind == "look-and-say" {
        let clue: Vec<u32> = table["clue"]
            .as_str()
            .unwrap()
            .chars()
            .map(|c| c.to_digit(10).unwrap())
            .collect();
        return clue.chunks(2).all(|pair| count(pair[1]) == pair[0]);
    }
    let digits: Vec<u32> = table["digits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_integer().unwrap() as u32)
        .collect();
    digits.iter().all(|&d| {
        let listed = digits.iter().filter(|&&e| e == d).count() as u32;
        match kind {
            "contains" => count(d) >= listed,
            _ => count(d) == listed,
        }
    })
}

/// Digit counts on 4×4, against the 288 grids: random sets with random digits (repeated
/// ones too), at least, exactly and as look-and-say clues, with and without a given.
#[test]
fn digit_counts_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(43);
    for round in 0..30 {
        let len = 2 + rng.below(5);
        let cells = rng.cells(len);
        let digits: Vec<u32> = (0..1 + rng.below(3))
            .map(|_| 1 + rng.below(4) as u32)
            .collect();
        let (kind, extra) = match round % 3 {
            0 => ("contains", format!("digits = {digits:?}")),
            1 => ("contains-exactly", format!("digits = {digits:?}")),
            _ => {
                // Count–digit pairs, each digit once, a count of 0 now and then.
                let mut named: Vec<u32> = digits.clone();
                named.sort();
                named.dedup();
                let clue: String = named
                    .iter()
                    .map(|&d| format!("{}{d}", rng.below(3)))
                    .collect();
                ("look-and-say", format!("clue = \"{clue}\""))
            }
        };
        let text = format!("[[{kind}]]\ncells = \"{}\"\n{extra}\n", names(&cells));
        let table: toml::Table = toml::from_str(&text).unwrap();
        let table = table[kind].as_array().unwrap()[0]
            .as_table()
            .unwrap()
            .clone();
        agree(&grids, &text, rng.given(3), &|g| {
            digit_count_ok(g, kind, &table)
        });
    }
}

#[test]
fn bundled_digit_count_puzzles() {
    bundled_are_unique("digit-count", "no such table", &|_, _| true);
    for (text, _, solution, _) in bundled("digit-count", "cells") {
        let file: toml::Table = toml::from_str(&text).unwrap();
        let mut tables = 0;
        for kind in ["contains", "contains-exactly", "look-and-say"] {
            for table in file
                .get(kind)
                .and_then(|t| t.as_array())
                .into_iter()
                .flatten()
            {
                tables += 1;
                assert!(
                    digit_count_ok(&solution, kind, table.as_table().unwrap()),
                    "{kind}: {table}"
                );
            }
        }
        assert!(tables > 0, "{text}");
    }
    // The published one: Look-and-Say Killer.
    assert!(bundled("digit-count", "cells")[3].0.contains("0007CP"));
}

/// The groups of an `equal-sums` table: a list of strings of cell names.
fn table_groups(table: &toml::Table) -> Vec<Vec<Pos>> {
    table["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|group| {
            let mut cells = toml::Table::new();
            cells.insert("cells".into(), group.clone());
            table_cells(&cells)
        })
        .collect()
}

/// Whether the groups' digits of `g` add up alike.
fn equal_sums_ok(g: &Plain, groups: &[Vec<Pos>]) -> bool {
    let sums: Vec<u32> = groups
        .iter()
        .map(|group| group.iter().map(|&(r, c)| g[r][c]).sum())
        .collect();
    sums.windows(2).all(|w| w[0] == w[1])
}

/// A family of `groups` (`table` in the TOML) on 4×4, against the 288 grids: 30 sets of
/// random groups (sharing cells now and then), with and without a given, each grid kept
/// where `holds` says.
fn groups_on_4x4(seed: u64, table: &str, holds: fn(&Plain, &[Vec<Pos>]) -> bool) {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(seed);
    for _ in 0..30 {
        let groups: Vec<Vec<Pos>> = (0..2 + rng.below(2))
            .map(|_| {
                let len = 1 + rng.below(3);
                rng.cells(len)
            })
            .collect();
        let listed: Vec<String> = groups.iter().map(|g| format!("\"{}\"", names(g))).collect();
        let text = format!("[[{table}]]\ngroups = [{}]\n", listed.join(", "));
        agree(&grids, &text, rng.given(3), &|g| holds(g, &groups));
    }
}

/// Equal sums on 4×4, against the 288 grids.
#[test]
fn equal_sums_on_4x4() {
    groups_on_4x4(47, "equal-sums", equal_sums_ok);
}

#[test]
fn bundled_equal_sums_puzzles() {
    bundled_are_unique("equal-sums", "equal-sums", &|g, tables| {
        tables.iter().all(|t| equal_sums_ok(g, &table_groups(t)))
    });
    // The published one: Magic square, whose centre box is magic in the stored solution.
    let (text, _, solution, tables) = &bundled("equal-sums", "equal-sums")[3];
    assert!(text.contains("2QM8JHJ4HB"));
    assert_eq!(table_groups(&tables[0]).len(), 8);
    let centre: u32 = (3..6).map(|c| solution[3][c]).sum();
    assert_eq!(centre, 15);
}

/// Whether the groups of `g` hold the same digits, as often each.
fn same_values_ok(g: &Plain, groups: &[Vec<Pos>]) -> bool {
    let sorted: Vec<Vec<u32>> = (groups.iter())
        .map(|group| {
            let mut digits: Vec<u32> = group.iter().map(|&(r, c)| g[r][c]).collect();
            digits.sort_unstable();
            digits
        })
        .collect();
    sorted.windows(2).all(|w| w[0] == w[1])
}

/// Same values on 4×4, against the 288 grids: 30 sets of two or three random groups of one
/// size (one to three cells, sharing cells now and then), with and without a given.
#[test]
fn same_values_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(83);
    for _ in 0..30 {
        let len = 1 + rng.below(3);
        let groups: Vec<Vec<Pos>> = (0..2 + rng.below(2)).map(|_| rng.cells(len)).collect();
        let listed: Vec<String> = groups.iter().map(|g| format!("\"{}\"", names(g))).collect();
        let text = format!("[[same-values]]\ngroups = [{}]\n", listed.join(", "));
        agree(&grids, &text, rng.given(3), &|g| same_values_ok(g, &groups));
    }
}

#[test]
fn bundled_same_values_puzzles() {
    bundled_are_unique("same-values", "same-values", &|g, tables| {
        tables.iter().all(|t| same_values_ok(g, &table_groups(t)))
    });
    // The published one: Copycat [easy], two lines of fifteen cells with the same digits.
    let (text, _, _, tables) = &bundled("same-values", "same-values")[3];
    assert!(text.contains("000HGS"));
    assert_eq!(table_groups(&tables[0])[0].len(), 15);
}

/// Whether the digits of `cells` of `g` differ, balance odd against even and low against
/// high, and leave out the middle digit of an odd size.
fn equality_ok(g: &Plain, cells: &[Pos]) -> bool {
    let n = g.len() as u32;
    let digits: Vec<u32> = cells.iter().map(|&(r, c)| g[r][c]).collect();
    let distinct = digits
        .iter()
        .enumerate()
        .all(|(i, d)| !digits[..i].contains(d));
    let odd = digits.iter().filter(|&&d| d % 2 == 1).count();
    let low = digits.iter().filter(|&&d| 2 * d < n + 1).count();
    let middle = digits.iter().any(|&d| 2 * d == n + 1);
    distinct && !middle && 2 * odd == digits.len() && 2 * low == digits.len()
}

/// Equality cages on 4×4 against the 288 grids: random cells (odd counts refused), with
/// and without a given.
#[test]
fn equality_cages_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(53);
    for _ in 0..30 {
        let len = 1 + rng.below(5);
        let cells = rng.cells(len);
        let text = format!("[[equality-cage]]\ncells = \"{}\"\n", names(&cells));
        agree(&grids, &text, rng.given(3), &|g| equality_ok(g, &cells));
    }
}

#[test]
fn bundled_equality_cage_puzzles() {
    bundled_are_unique("equality-cage", "equality-cage", &|g, tables| {
        tables.iter().all(|t| equality_ok(g, &table_cells(t)))
    });
    assert!(
        bundled("equality-cage", "cells")[3]
            .0
            .contains("qftcbycmyg")
    );
}

/// Sum markers of any number (`[[xv]]` with `sum`) on 4×4 against the 288 grids, alone
/// and with every marker given (`negative-xv`: unmarked neighbours add up to none of 10, 5
/// and the markers' sums).
#[test]
fn sum_markers_and_their_negative_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(59);
    let neighbours = |(r, c): Pos| -> Vec<Pos> {
        [(r + 1, c), (r, c + 1)]
            .into_iter()
            .filter(|&(s, t)| s < 4 && t < 4)
            .collect()
    };
    for round in 0..24 {
        let a = (rng.below(4), rng.below(4));
        let Some(&b) = neighbours(a).first() else {
            continue;
        };
        let sum = 3 + rng.below(5) as u32;
        let negative = round % 2 == 1;
        let text = format!(
            "{}[[xv]]\ncells = \"{}\"\nsum = {sum}\n",
            if negative {
                "rules = [\"negative-xv\"]\n"
            } else {
                ""
            },
            names(&[a, b])
        );
        agree(&grids, &text, rng.given(3), &|g| {
            let marked = g[a.0][a.1] + g[b.0][b.1] == sum;
            let unmarked_ok = (0..4).all(|r| {
                (0..4).all(|c| {
                    neighbours((r, c)).into_iter().all(|(s, t)| {
                        ((r, c), (s, t)) == (a, b) || ![10, 5, sum].contains(&(g[r][c] + g[s][t]))
                    })
                })
            });
            marked && (!negative || unmarked_ok)
        });
    }
}

/// The published Neighbor Sums (44 sum markers, no givens) has its published solution,
/// which keeps every marker.
#[test]
fn published_neighbor_sums() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/variants/constraints");
    let text = std::fs::read_to_string(dir.join("xv-sum-markers-neighbor-sums.toml")).unwrap();
    let file: toml::Table = toml::from_str(&text).unwrap();
    let solution: Vec<u32> = file["notes"].as_str().unwrap()["solution: ".len()..]
        .chars()
        .map(|c| c.to_digit(10).unwrap())
        .collect();
    let markers = file["xv"].as_array().unwrap();
    assert_eq!(markers.len(), 44);
    for marker in markers {
        let marker = marker.as_table().unwrap();
        let sum = match marker.get("letter").and_then(|l| l.as_str()) {
            Some("X") => 10,
            Some("V") => 5,
            _ => marker["sum"].as_integer().unwrap() as u32,
        };
        let cells = table_cells(marker);
        let got: u32 = cells.iter().map(|&(r, c)| solution[r * 9 + c]).sum();
        assert_eq!(got, sum, "{marker}");
    }
    let parsed = PuzzleFile::parse(&text).unwrap();
    let grid = satdoku::format::parse_one(&parsed.puzzles[0].text, &Default::default()).unwrap();
    let puzzle = Puzzle::new(grid, parsed.spec.rules_for(grid_shape(9)).unwrap()).unwrap();
    match SatSolver::new().check(&puzzle) {
        Verdict::Unique { solution: found } => {
            assert_eq!(plain(&found).concat(), solution)
        }
        other => panic!("{other}"),
    }
}

/// Whether the first of `cells` in `g` holds the number of different digits of the rest.
fn count_distinct_ok(g: &Plain, cells: &[Pos]) -> bool {
    let (&(r, c), rest) = cells.split_first().unwrap();
    let mut digits: Vec<u32> = rest.iter().map(|&(s, t)| g[s][t]).collect();
    digits.sort_unstable();
    digits.dedup();
    g[r][c] as usize == digits.len()
}

/// Count-distinct clues on 4×4 against the 288 grids: random control cells and sets, with
/// and without a given.
#[test]
fn count_distinct_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(61);
    for _ in 0..30 {
        let len = 2 + rng.below(5);
        let cells = rng.cells(len);
        let text = format!("[[count-distinct]]\ncells = \"{}\"\n", names(&cells));
        agree(&grids, &text, rng.given(3), &|g| {
            count_distinct_ok(g, &cells)
        });
    }
}

#[test]
fn bundled_count_distinct_puzzles() {
    bundled_are_unique("count-distinct", "count-distinct", &|g, tables| {
        tables.iter().all(|t| count_distinct_ok(g, &table_cells(t)))
    });
}

/// The first digit of `seen` lower than the one before it, if any.
fn first_hidden(seen: &[u32]) -> Option<u32> {
    seen.windows(2).find(|w| w[1] < w[0]).map(|w| w[1])
}

/// The digits of `g` seen from a clue: row or column `line` (0-based) from the `side` the
/// record names, nearest first.
fn seen_from(g: &Plain, table: &toml::Table) -> Vec<u32> {
    let n = g.len();
    let side = table["side"].as_str().unwrap();
    let mut seen: Vec<u32> = match (table.get("row"), table.get("column")) {
        (Some(r), _) => g[r.as_integer().unwrap() as usize - 1].clone(),
        (_, Some(c)) => {
            let c = c.as_integer().unwrap() as usize - 1;
            (0..n).map(|r| g[r][c]).collect()
        }
        _ => panic!("a clue beside a row or a column"),
    };
    if side == "right" || side == "bottom" {
        seen.reverse();
    }
    seen
}

/// Hidden-skyscraper clues on 4×4 against the 288 grids: random sides and heights, with and
/// without a given.
#[test]
fn hidden_skyscrapers_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(73);
    for _ in 0..30 {
        let mut text = String::new();
        let mut clues = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let line = 1 + rng.below(4);
            let (key, side) = [
                ("row", "left"),
                ("row", "right"),
                ("column", "top"),
                ("column", "bottom"),
            ][rng.below(4)];
            let height = 1 + rng.below(3) as u32;
            let record = format!(
                "[[hidden-skyscraper]]\n{key} = {line}\nside = \"{side}\"\nheight = {height}\n"
            );
            clues.push((
                toml::from_str::<toml::Table>(&record).unwrap()["hidden-skyscraper"][0]
                    .as_table()
                    .unwrap()
                    .clone(),
                height,
            ));
            text += &record;
        }
        agree(&grids, &text, rng.given(3), &|g| {
            clues
                .iter()
                .all(|(t, h)| first_hidden(&seen_from(g, t)) == Some(*h))
        });
    }
}

#[test]
fn bundled_hidden_skyscraper_puzzles() {
    bundled_are_unique("hidden-skyscraper", "hidden-skyscraper", &|g, tables| {
        tables.iter().all(|t| {
            first_hidden(&seen_from(g, t)) == Some(t["height"].as_integer().unwrap() as u32)
        })
    });
}

/// Whether every difference between neighbours along `cells` of `g` is the number of
/// neighbouring pairs along them with that difference.
fn difference_count_ok(g: &Plain, cells: &[Pos]) -> bool {
    let diffs: Vec<u32> = cells
        .windows(2)
        .map(|w| g[w[0].0][w[0].1].abs_diff(g[w[1].0][w[1].1]))
        .collect();
    diffs
        .iter()
        .all(|&d| diffs.iter().filter(|&&e| e == d).count() == d as usize)
}

/// Difference-count lines on 4×4 against the 288 grids: random lines (cells in any order,
/// now and then a loop back to the first), with and without a given.
#[test]
fn difference_count_lines_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(97);
    let mut some = 0;
    for _ in 0..40 {
        let mut text = String::new();
        let mut lines = Vec::new();
        for _ in 0..1 + rng.below(2) {
            let len = 3 + rng.below(3);
            let mut cells = rng.cells(len);
            if rng.below(4) == 0 {
                cells.push(cells[0]);
            }
            text += &format!("[[difference-count-line]]\ncells = \"{}\"\n", names(&cells));
            lines.push(cells);
        }
        let holds = |g: &Plain| lines.iter().all(|l| difference_count_ok(g, l));
        some += grids.iter().filter(|g| holds(g)).count();
        agree(&grids, &text, rng.given(3), &holds);
    }
    assert!(some > 0, "no grid keeps any of the lines tried");
}

#[test]
fn bundled_difference_count_puzzles() {
    bundled_are_unique(
        "difference-count-line",
        "difference-count-line",
        &|g, tables| {
            tables
                .iter()
                .all(|t| difference_count_ok(g, &table_cells(t)))
        },
    );
}

/// Whether a same-difference line (or, `in_order`, a sequence line) holds in `g`: every
/// neighbouring pair differs by the same distance (a loop's closing pair too); a sequence's
/// digits go up or down by one step that is not 0.
fn same_difference_ok(g: &Plain, cells: &[Pos], in_order: bool) -> bool {
    let steps: Vec<i64> = cells
        .windows(2)
        .map(|p| i64::from(g[p[1].0][p[1].1]) - i64::from(g[p[0].0][p[0].1]))
        .collect();
    if in_order {
        steps[0] != 0 && steps.iter().all(|&s| s == steps[0])
    } else {
        steps.iter().all(|s| s.abs() == steps[0].abs())
    }
}

/// Same-difference lines (sometimes loops) and sequence lines on 4×4 against the 288 grids.
#[test]
fn same_difference_and_sequence_lines_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(131);
    let mut some = 0;
    for round in 0..40 {
        let in_order = round % 2 == 1;
        let mut text = String::new();
        let mut lines = Vec::new();
        for _ in 0..1 + rng.below(2) {
            let len = 2 + rng.below(3);
            let mut cells = rng.cells(len);
            if !in_order && len >= 3 && rng.below(4) == 0 {
                cells.push(cells[0]);
            }
            let table = if in_order {
                "sequence-line"
            } else {
                "same-difference-line"
            };
            text += &format!("[[{table}]]\ncells = \"{}\"\n", names(&cells));
            lines.push(cells);
        }
        let holds = |g: &Plain| lines.iter().all(|l| same_difference_ok(g, l, in_order));
        some += grids.iter().filter(|g| holds(g)).count();
        agree(&grids, &text, rng.given(3), &holds);
    }
    assert!(some > 0, "no grid keeps any of the lines tried");
}

#[test]
fn bundled_same_difference_puzzles() {
    for (family, in_order) in [("same-difference-line", false), ("sequence-line", true)] {
        bundled_are_unique(family, family, &|g, tables| {
            tables
                .iter()
                .all(|t| same_difference_ok(g, &table_cells(t), in_order))
        });
    }
}

/// XV markers of several sums ("either X or V") on 4×4 against the 288 grids: each marked
/// pair adds up to one of its sums; with every marker given (negative XV), no unmarked pair
/// of orthogonal neighbours adds up to 10, 5 or any marker's sum.
#[test]
fn markers_of_several_sums_with_and_without_every_marker_given_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(137);
    let mut some = 0;
    for round in 0..40 {
        let negative = round % 2 == 1;
        let mut text = if negative {
            "rules = [\"negative-xv\"]\n".to_string()
        } else {
            String::new()
        };
        let mut markers: Vec<(Pos, Pos, Vec<u32>)> = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let (a, b) = if rng.below(2) == 0 {
                let (r, c) = (rng.below(4), rng.below(3));
                ((r, c), (r, c + 1))
            } else {
                let (r, c) = (rng.below(3), rng.below(4));
                ((r, c), (r + 1, c))
            };
            let sums: Vec<u32> = (0..1 + rng.below(2))
                .map(|_| 3 + rng.below(5) as u32)
                .collect();
            text += &format!("[[xv]]\ncells = \"{}\"\nsums = {sums:?}\n", names(&[a, b]));
            markers.push((a, b, sums));
        }
        let holds = |g: &Plain| {
            let at = |(r, c): Pos| g[r][c];
            let marked = markers
                .iter()
                .all(|(a, b, sums)| sums.contains(&(at(*a) + at(*b))));
            let mut banned: Vec<u32> = vec![10, 5];
            banned.extend(markers.iter().flat_map(|m| m.2.iter().copied()));
            let unmarked_ok = (0..4).all(|r| {
                (0..4).all(|c| {
                    [(r, c + 1), (r + 1, c)].into_iter().all(|(r2, c2)| {
                        let pair = ((r, c), (r2, c2));
                        r2 > 3
                            || c2 > 3
                            || markers
                                .iter()
                                .any(|(a, b, _)| (*a, *b) == pair || (*b, *a) == pair)
                            || !banned.contains(&(g[r][c] + g[r2][c2]))
                    })
                })
            });
            marked && (!negative || unmarked_ok)
        };
        some += grids.iter().filter(|g| holds(g)).count();
        agree(&grids, &text, rng.given(3), &holds);
    }
    assert!(some > 0, "no grid keeps any of the markers tried");
}

/// Whether a weighted-sum record holds in `g`: its `cells` times its `weights`, or its
/// `numbers` read as decimal numbers, add up to its `sum`.
fn weighted_sum_ok(g: &Plain, table: &toml::Table) -> bool {
    let sum = table["sum"].as_integer().unwrap();
    let total: i64 = match table.get("numbers") {
        Some(numbers) => numbers
            .as_array()
            .unwrap()
            .iter()
            .map(|group| {
                group.as_str().unwrap().split(' ').fold(0i64, |acc, name| {
                    let (r, c) = name[1..].split_once('c').unwrap();
                    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
                    acc * 10 + i64::from(g[r - 1][c - 1])
                })
            })
            .sum(),
        None => table_cells(table)
            .iter()
            .zip(table["weights"].as_array().unwrap())
            .map(|(&(r, c), w)| w.as_integer().unwrap() * i64::from(g[r][c]))
            .sum(),
    };
    total == sum
}

/// Weighted sums on 4×4 against the 288 grids: random cells and weights, or two numbers
/// read from random groups, with sums some grid makes (now and then any), with and without
/// a given.
#[test]
fn weighted_sums_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(101);
    for round in 0..40 {
        let g = &grids[rng.below(grids.len())];
        let record = if round % 2 == 0 {
            let len = 1 + rng.below(4);
            let cells = rng.cells(len);
            let weights: Vec<u32> = cells.iter().map(|_| 1 + rng.below(5) as u32).collect();
            let mut sum: u32 = cells
                .iter()
                .zip(&weights)
                .map(|(&(r, c), w)| w * g[r][c])
                .sum();
            if rng.below(4) == 0 {
                sum += rng.below(3) as u32;
            }
            format!(
                "[[weighted-sum]]\ncells = \"{}\"\nweights = {weights:?}\nsum = {sum}\n",
                names(&cells)
            )
        } else {
            let len = 2 + rng.below(3);
            let cells = rng.cells(len);
            let cut = 1 + rng.below(len - 1);
            let number = |part: &[Pos]| part.iter().fold(0u32, |acc, &(r, c)| acc * 10 + g[r][c]);
            let sum = number(&cells[..cut]) + number(&cells[cut..]);
            format!(
                "[[weighted-sum]]\nnumbers = [\"{}\", \"{}\"]\nsum = {sum}\n",
                names(&cells[..cut]),
                names(&cells[cut..])
            )
        };
        let table = toml::from_str::<toml::Table>(&record).unwrap()["weighted-sum"][0]
            .as_table()
            .unwrap()
            .clone();
        agree(&grids, &record, rng.given(3), &|g| {
            weighted_sum_ok(g, &table)
        });
    }
}

#[test]
fn bundled_weighted_sum_puzzles() {
    bundled_are_unique("weighted-sum", "weighted-sum", &|g, tables| {
        tables.iter().all(|t| weighted_sum_ok(g, t))
    });
}

/// Whether the groups' digits of `g` multiply alike.
fn equal_products_ok(g: &Plain, groups: &[Vec<Pos>]) -> bool {
    let products: Vec<u32> = groups
        .iter()
        .map(|group| group.iter().map(|&(r, c)| g[r][c]).product())
        .collect();
    products.windows(2).all(|w| w[0] == w[1])
}

/// Equal products on 4×4, against the 288 grids.
#[test]
fn equal_products_on_4x4() {
    groups_on_4x4(103, "equal-products", equal_products_ok);
}

#[test]
fn bundled_equal_products_puzzles() {
    bundled_are_unique("equal-products", "equal-products", &|g, tables| {
        tables
            .iter()
            .all(|t| equal_products_ok(g, &table_groups(t)))
    });
}

/// The digits of `g` on each piece of the line through `cells`: cut where the box changes
/// (boxes of 2×2, 2×3 or 3×3 for grids of 4, 6 and 9).
fn line_pieces(g: &Plain, cells: &[Pos]) -> Vec<Vec<u32>> {
    let (rows, cols) = match g.len() {
        4 => (2, 2),
        6 => (2, 3),
        _ => (3, 3),
    };
    let boxed = |(r, c): Pos| (r / rows, c / cols);
    let mut pieces: Vec<Vec<u32>> = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        let digit = g[cell.0][cell.1];
        match pieces.last_mut() {
            Some(piece) if boxed(cells[i - 1]) == boxed(cell) => piece.push(digit),
            _ => pieces.push(vec![digit]),
        }
    }
    pieces
}

/// Whether the pieces of the line through `cells` of `g` nest: of any two, one's digits all
/// appear on the other.
fn region_subset_ok(g: &Plain, cells: &[Pos]) -> bool {
    let pieces = line_pieces(g, cells);
    let within = |a: &Vec<u32>, b: &Vec<u32>| a.iter().all(|d| b.contains(d));
    pieces
        .iter()
        .all(|a| pieces.iter().all(|b| within(a, b) || within(b, a)))
}

/// Region-subset lines on 4×4 against the 288 grids: random paths of orthogonal or diagonal
/// neighbours, with and without a given.
#[test]
fn region_subset_lines_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(107);
    let mut some = 0;
    for _ in 0..40 {
        let len = 3 + rng.below(4);
        let path = random_path(&mut rng, len);
        let text = format!("[[region-subset-line]]\ncells = \"{}\"\n", names(&path));
        some += grids.iter().filter(|g| region_subset_ok(g, &path)).count();
        agree(&grids, &text, rng.given(3), &|g| region_subset_ok(g, &path));
    }
    assert!(some > 0, "no grid keeps any of the lines tried");
}

#[test]
fn bundled_region_subset_puzzles() {
    bundled_are_unique("region-subset-line", "region-subset-line", &|g, tables| {
        tables.iter().all(|t| region_subset_ok(g, &table_cells(t)))
    });
}

/// A random path of `len` orthogonal or diagonal neighbours on 4×4 (shorter where it
/// closes itself in).
fn random_path(rng: &mut Rng, len: usize) -> Vec<Pos> {
    let mut path = vec![(rng.below(4), rng.below(4))];
    for _ in 0..200 {
        if path.len() == len {
            break;
        }
        let (r, c) = *path.last().unwrap();
        let next = (
            (r as isize + rng.below(3) as isize - 1).clamp(0, 3) as usize,
            (c as isize + rng.below(3) as isize - 1).clamp(0, 3) as usize,
        );
        if !path.contains(&next) {
            path.push(next);
        }
    }
    path
}

/// Whether the line through `cells` of `g` is a region-difference line: cut as
/// [`line_pieces`] cuts it, every piece is two cells and all pieces' two digits differ by
/// one amount. A line cut otherwise holds in no grid (the
/// rules refuse it).
fn region_difference_ok(g: &Plain, cells: &[Pos]) -> bool {
    let pieces = line_pieces(g, cells);
    let amounts: Vec<u32> = pieces
        .iter()
        .filter(|p| p.len() == 2)
        .map(|p| p[0].abs_diff(p[1]))
        .collect();
    pieces.iter().all(|p| p.len() == 2) && amounts.iter().all(|&k| k == amounts[0])
}

/// Region-difference lines on 4×4 against the 288 grids: random paths, with and without a
/// given; paths whose pieces are not all two cells must be refused (no grid holds them).
#[test]
fn region_difference_lines_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(131);
    let (mut some, mut cut_right) = (0, 0);
    for _ in 0..60 {
        let len = 2 + rng.below(5);
        let path = random_path(&mut rng, len);
        let text = format!("[[region-difference-line]]\ncells = \"{}\"\n", names(&path));
        some += grids
            .iter()
            .filter(|g| region_difference_ok(g, &path))
            .count();
        cut_right += usize::from(grids.iter().any(|g| region_difference_ok(g, &path)));
        agree(&grids, &text, rng.given(3), &|g| {
            region_difference_ok(g, &path)
        });
    }
    assert!(
        some > 0 && cut_right >= 5,
        "too few lines tried hold: {cut_right}"
    );
}

#[test]
fn bundled_region_difference_puzzles() {
    bundled_are_unique(
        "region-difference-line",
        "region-difference-line",
        &|g, tables| {
            tables
                .iter()
                .all(|t| region_difference_ok(g, &table_cells(t)))
        },
    );
}

/// Difference arrows on 4×4 against the 288 grids: a circle and a shaft of one to three
/// cells anywhere (only shafts of two are arrows; others are refused and hold nowhere).
#[test]
fn difference_arrows_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(137);
    let mut some = 0;
    for round in 0..40 {
        let shaft_len = if round % 5 == 0 {
            1 + 2 * rng.below(2)
        } else {
            2
        };
        let cells = rng.cells(1 + shaft_len);
        let (circle, shaft) = (cells[0], &cells[1..]);
        let text = format!(
            "[[difference-arrow]]\ncircle = \"{}\"\ncells = \"{}\"\n",
            names(&[circle]),
            names(shaft)
        );
        let holds = |g: &Plain| match shaft {
            &[a, b] => g[a.0][a.1].abs_diff(g[b.0][b.1]) == g[circle.0][circle.1],
            _ => false,
        };
        some += grids.iter().filter(|g| holds(g)).count();
        agree(&grids, &text, rng.given(3), &holds);
    }
    assert!(some > 0, "no grid keeps any of the arrows tried");
}

#[test]
fn bundled_difference_arrow_puzzles() {
    bundled_are_unique("difference-arrow", "difference-arrow", &|g, tables| {
        tables.iter().all(|t| {
            let circle = table_cells(&toml_cells(t, "circle"))[0];
            match table_cells(t)[..] {
                [a, b] => g[a.0][a.1].abs_diff(g[b.0][b.1]) == g[circle.0][circle.1],
                _ => false,
            }
        })
    });
}

/// The table `t` with its `key` read as its `cells` (for `table_cells`).
fn toml_cells(t: &toml::Table, key: &str) -> toml::Table {
    let mut out = toml::Table::new();
    out.insert("cells".into(), t[key].clone());
    out
}

/// Whether each digit of `g` is in as many of `groups` as its value, or in none.
fn counting_groups_ok(g: &Plain, groups: &[Vec<Pos>]) -> bool {
    (1..=g.len() as u32).all(|d| {
        let holding = (groups.iter())
            .filter(|group| group.iter().any(|&(r, c)| g[r][c] == d))
            .count() as u32;
        holding == 0 || holding == d
    })
}

/// Counting groups on 4×4 against the 288 grids: two to five random groups of one to four
/// cells (groups may share cells), with and without a given.
#[test]
fn counting_groups_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(139);
    let mut some = 0;
    for _ in 0..40 {
        let count = 2 + rng.below(4);
        let groups: Vec<Vec<Pos>> = (0..count)
            .map(|_| {
                let len = 1 + rng.below(4);
                rng.cells(len)
            })
            .collect();
        let listed: Vec<String> = groups.iter().map(|g| format!("\"{}\"", names(g))).collect();
        let text = format!("[[counting-groups]]\ngroups = [{}]\n", listed.join(", "));
        some += grids
            .iter()
            .filter(|g| counting_groups_ok(g, &groups))
            .count();
        agree(&grids, &text, rng.given(3), &|g| {
            counting_groups_ok(g, &groups)
        });
    }
    assert!(some > 0, "no grid keeps any of the sets tried");
}

#[test]
fn bundled_counting_groups_puzzles() {
    bundled_are_unique("counting-groups", "counting-groups", &|g, tables| {
        tables.iter().all(|t| {
            let groups: Vec<Vec<Pos>> = (t["groups"].as_array().unwrap().iter())
                .map(|group| {
                    let mut one = toml::Table::new();
                    one.insert("cells".into(), group.clone());
                    table_cells(&one)
                })
                .collect();
            counting_groups_ok(g, &groups)
        })
    });
}

/// Whether the line through `cells` of `g` (its start first) is an index line: the digit v
/// in its Nth cell is at most its length, and its vth cell holds N.
fn index_line_ok(g: &Plain, cells: &[Pos]) -> bool {
    let at = |(r, c): Pos| g[r][c] as usize;
    cells.iter().enumerate().all(|(i, &cell)| {
        cells
            .get(at(cell) - 1)
            .is_some_and(|&target| at(target) == i + 1)
    })
}

/// Index lines on 4×4 against the 288 grids: random paths of two to four cells, with and
/// without a given.
#[test]
fn index_lines_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(149);
    let mut some = 0;
    for _ in 0..40 {
        let len = 2 + rng.below(3);
        let path = random_path(&mut rng, len);
        let text = format!("[[index-line]]\ncells = \"{}\"\n", names(&path));
        some += grids.iter().filter(|g| index_line_ok(g, &path)).count();
        agree(&grids, &text, rng.given(3), &|g| index_line_ok(g, &path));
    }
    assert!(some > 0, "no grid keeps any of the lines tried");
}

#[test]
fn bundled_index_line_puzzles() {
    bundled_are_unique("index-line", "index-line", &|g, tables| {
        tables.iter().all(|t| index_line_ok(g, &table_cells(t)))
    });
}

/// The eight compass points and their steps in rows and columns (north is up).
const COMPASS: [(&str, (isize, isize)); 8] = [
    ("n", (-1, 0)),
    ("ne", (-1, 1)),
    ("e", (0, 1)),
    ("se", (1, 1)),
    ("s", (1, 0)),
    ("sw", (1, -1)),
    ("w", (0, -1)),
    ("nw", (-1, -1)),
];

/// Whether the digit of `g` at `cell` is the number of digits of its parity it sees along
/// `directions` (compass points) to the grid's edge.
fn parity_vision_ok(g: &Plain, cell: Pos, directions: &[&str]) -> bool {
    let n = g.len() as isize;
    let own = g[cell.0][cell.1];
    let mut same = 0;
    for d in directions {
        let (dr, dc) = COMPASS.iter().find(|(name, _)| name == d).unwrap().1;
        let (mut r, mut c) = (cell.0 as isize + dr, cell.1 as isize + dc);
        while (0..n).contains(&r) && (0..n).contains(&c) {
            same += u32::from(g[r as usize][c as usize] % 2 == own % 2);
            r += dr;
            c += dc;
        }
    }
    same == own
}

/// Parity-vision cells on 4×4 against the 288 grids: a random cell with one to three
/// random directions (one that leaves the grid at once sees nothing and is refused).
#[test]
fn parity_vision_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(151);
    let mut some = 0;
    for _ in 0..40 {
        let cell = rng.cells(1)[0];
        let mut directions: Vec<&str> = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let d = COMPASS[rng.below(8)].0;
            if !directions.contains(&d) {
                directions.push(d);
            }
        }
        let listed: Vec<String> = directions.iter().map(|d| format!("\"{d}\"")).collect();
        let text = format!(
            "[[parity-vision]]\ncell = \"{}\"\ndirections = [{}]\n",
            names(&[cell]),
            listed.join(", ")
        );
        let holds = |g: &Plain| parity_vision_ok(g, cell, &directions);
        some += grids.iter().filter(|g| holds(g)).count();
        agree(&grids, &text, rng.given(3), &holds);
    }
    assert!(some > 0, "no grid keeps any of the cells tried");
}

#[test]
fn bundled_parity_vision_puzzles() {
    bundled_are_unique("parity-vision", "parity-vision", &|g, tables| {
        tables.iter().all(|t| {
            let mut one = toml::Table::new();
            one.insert("cells".into(), t["cell"].clone());
            let cell = table_cells(&one)[0];
            let directions: Vec<&str> = (t["directions"].as_array().unwrap().iter())
                .map(|d| d.as_str().unwrap())
                .collect();
            parity_vision_ok(g, cell, &directions)
        })
    });
}

/// Every row and column of `g` read as a number from both ends, with the record that places
/// a clue reading it that way.
fn lines_both_ways(g: &Plain) -> Vec<(Vec<u32>, String, usize, &'static str)> {
    let mut lines = Vec::new();
    for (i, row) in g.iter().enumerate() {
        let row = row.clone();
        let column: Vec<u32> = g.iter().map(|r| r[i]).collect();
        for (key, line, sides) in [
            ("row", row, ["left", "right"]),
            ("column", column, ["top", "bottom"]),
        ] {
            let mut back = line.clone();
            back.reverse();
            lines.push((line, key.to_string(), i + 1, sides[0]));
            lines.push((back, key.to_string(), i + 1, sides[1]));
        }
    }
    lines
}

/// Whether the line a full rank record names ties no other line of `g` and has as many
/// lines below it as its rank less one.
fn full_rank_ok(g: &Plain, table: &toml::Table) -> bool {
    let lines = lines_both_ways(g);
    let seen = seen_from(g, table);
    let rank = table["rank"].as_integer().unwrap() as usize;
    let others = lines.iter().map(|l| &l.0).filter(|&l| *l != seen);
    // The line itself appears once among the lines; any other equal line is a tie.
    let equal = lines.iter().filter(|l| l.0 == seen).count();
    equal == 1 && others.filter(|&l| *l < seen).count() + 1 == rank
}

/// Full rank clues on 4×4 against the 288 grids: the ranks of one grid's lines (so that some
/// grid keeps them), now and then one off, with and without a given.
#[test]
fn full_rank_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(89);
    for _ in 0..30 {
        let g = &grids[rng.below(grids.len())];
        let count = 1 + rng.below(3);
        let (text, tables, _) = random_full_rank_clues(&mut rng, g, count, 4);
        agree(&grids, &text, rng.given(3), &|g| {
            tables.iter().all(|t| full_rank_ok(g, t))
        });
    }
}

/// `count` full rank clues on random lines of `g`, each with its line's rank in `g` (one
/// more than the lines strictly below it), one in `off` given a random rank instead: the
/// TOML tables, each parsed, and whether some clue's line ties another line of `g`.
fn random_full_rank_clues(
    rng: &mut Rng,
    g: &Plain,
    count: usize,
    off: usize,
) -> (String, Vec<toml::Table>, bool) {
    let lines = lines_both_ways(g);
    let (mut text, mut tables, mut tied) = (String::new(), Vec::new(), false);
    for _ in 0..count {
        let (line, key, index, side) = &lines[rng.below(lines.len())];
        tied |= lines.iter().filter(|l| l.0 == *line).count() > 1;
        let mut rank = 1 + lines.iter().filter(|l| l.0 < *line).count();
        if rng.below(off) == 0 {
            rank = 1 + rng.below(16);
        }
        let record = format!("[[full-rank]]\n{key} = {index}\nside = \"{side}\"\nrank = {rank}\n");
        tables.push(
            toml::from_str::<toml::Table>(&record).unwrap()["full-rank"][0]
                .as_table()
                .unwrap()
                .clone(),
        );
        text += &record;
    }
    (text, tables, tied)
}

/// Whether no two of `g`'s lines, read from either end, read alike.
fn untied(g: &Plain) -> bool {
    let lines = lines_both_ways(g);
    (0..lines.len()).all(|i| (0..i).all(|j| lines[i].0 != lines[j].0))
}

/// Whether a full rank clue holds when lines may tie it: its rank is one more than the
/// lines strictly below its own.
fn full_rank_tied_ok(g: &Plain, table: &toml::Table) -> bool {
    let seen = seen_from(g, table);
    let below = lines_both_ways(g).iter().filter(|l| l.0 < seen).count();
    below + 1 == table["rank"].as_integer().unwrap() as usize
}

/// Full rank's tie rules on 4×4 against the 288 grids. With `full-rank-ties` a clue's rank
/// is one more than the lines strictly below its own, which may tie it (so two clues may
/// share a rank); with `full-rank-no-ties` no two of the 16 lines read alike, clues or none.
#[test]
fn full_rank_tie_rules_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(4177);
    let mut tied_clues = 0;
    for round in 0..40 {
        let ties = round % 2 == 0;
        let g = &grids[rng.below(grids.len())];
        let count = rng.below(4);
        let (clues, tables, tied) = random_full_rank_clues(&mut rng, g, count, 5);
        let rule = if ties {
            "full-rank-ties"
        } else {
            "full-rank-no-ties"
        };
        let text = format!("rules = [\"{rule}\"]\n{clues}");
        tied_clues += usize::from(ties && tied);
        agree(&grids, &text, rng.given(3), &|g| {
            if ties {
                tables.iter().all(|t| full_rank_tied_ok(g, t))
            } else {
                untied(g) && tables.iter().all(|t| full_rank_ok(g, t))
            }
        });
    }
    // Clues stood on lines another line ties (what only the tie rule allows).
    assert!(tied_clues >= 3, "{tied_clues}");
}

/// The 4×4 full rank puzzles of sigh's Interactive Sudoku Solver's collection, one per tie
/// option (tests/data/sigh-full-rank, SOURCES.md there): each is unique with the solution
/// published beside it, and every step of its logical path holds in it.
#[cfg(feature = "cli")]
#[test]
fn sighs_full_rank_puzzles_have_their_published_solutions() {
    common::published_tomls_come_out_right("sigh-full-rank", 4);
}

#[test]
fn bundled_full_rank_puzzles() {
    bundled_are_unique("full-rank", "full-rank", &|g, tables| {
        tables.iter().all(|t| full_rank_ok(g, t))
    });
}

/// The bundled puzzles of full rank's tie rules: with ties, clues on tied lines (without
/// the rule, no grid keeps them); without, no two lines alike.
#[test]
fn bundled_full_rank_tie_puzzles() {
    bundled_are_unique("full-rank-ties", "full-rank", &|g, tables| {
        tables.iter().all(|t| full_rank_tied_ok(g, t))
    });
    for (text, ..) in bundled("full-rank-ties", "full-rank") {
        let strict = text.replace("rules = [\"full-rank-ties\"]\n", "");
        assert_ne!(strict, text);
        let file = PuzzleFile::parse(&strict).unwrap();
        let puzzle = file.puzzle(0).unwrap().unwrap();
        let found = SatSolver::new().count(&puzzle, 1);
        assert!(found.complete && found.count == 0, "{text}");
    }
    bundled_are_unique("full-rank-no-ties", "full-rank", &|g, tables| {
        untied(g) && tables.iter().all(|t| full_rank_ok(g, t))
    });
}

/// Whether the control digit c (second of `cells`) is at most the number of cells after it
/// and the c-th of them holds the first cell's digit.
fn value_indexing_ok(g: &Plain, cells: &[Pos]) -> bool {
    let at = |(r, c): Pos| g[r][c];
    let (value, control, indexed) = (cells[0], cells[1], &cells[2..]);
    let c = at(control) as usize;
    c <= indexed.len() && at(indexed[c - 1]) == at(value)
}

/// Value-indexing arrows on 4×4 against the 288 grids: random cells, the control cell
/// sometimes among those it indexes, with and without a given.
#[test]
fn value_indexing_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(71);
    for round in 0..30 {
        let len = 3 + rng.below(4);
        let mut cells = rng.cells(len);
        if round % 5 == 0 {
            // The control cell indexes itself first (sigh's 0-based arrows).
            cells.insert(2, cells[1]);
        }
        let text = format!("[[value-indexing]]\ncells = \"{}\"\n", names(&cells));
        agree(&grids, &text, rng.given(3), &|g| {
            value_indexing_ok(g, &cells)
        });
    }
}

#[test]
fn bundled_value_indexing_puzzles() {
    bundled_are_unique("value-indexing", "value-indexing", &|g, tables| {
        tables.iter().all(|t| value_indexing_ok(g, &table_cells(t)))
    });
}

/// Whether no two cells of `g` at taxicab distance `d` hold one digit.
fn taxicab_distance_ok(g: &Plain, d: usize) -> bool {
    let n = g.len();
    (0..n * n).all(|i| {
        (i + 1..n * n).all(|j| {
            let ((r, c), (s, t)) = ((i / n, i % n), (j / n, j % n));
            r.abs_diff(s) + c.abs_diff(t) != d || g[r][c] != g[s][t]
        })
    })
}

/// Leapers of any two steps and taxicab distances (TOML `[[leaper]]`, `[[taxicab]]`) on
/// 4×4 against the 288 grids, with and without a given; a leaper restates anti-knight and
/// anti-camel with the same counts.
#[test]
fn leapers_and_taxicab_distances_on_4x4() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(67);
    for (a, b) in [(1, 2), (1, 3), (2, 3), (0, 2), (1, 1), (2, 2)] {
        let text = format!("[[leaper]]\nsteps = [{a}, {b}]\n");
        agree(&grids, &text, None, &|g| leap_ok(g, a, b));
        agree(&grids, &text, rng.given(2), &|g| leap_ok(g, a, b));
    }
    for d in 1..=4 {
        let text = format!("[[taxicab]]\ndistance = {d}\n");
        agree(&grids, &text, None, &|g| taxicab_distance_ok(g, d));
        agree(&grids, &text, rng.given(2), &|g| taxicab_distance_ok(g, d));
    }
    // The same counts as the named rules.
    let count = |tables: &str| {
        let toml = format!("boxes = \"2x2\"\npuzzle = \"{}\"\n{tables}", ".".repeat(16));
        let file = PuzzleFile::parse(&toml).unwrap();
        let grid = satdoku::format::parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
        let puzzle = Puzzle::new(grid, file.spec.rules_for(grid_shape(4)).unwrap()).unwrap();
        SatSolver::new().count(&puzzle, 300).count
    };
    assert_eq!(
        count("[[leaper]]\nsteps = [1, 2]\n"),
        count("rules = [\"anti-knight\"]\n")
    );
    assert_eq!(
        count("[[leaper]]\nsteps = [2, 3]\n"),
        count("rules = [\"anti-zebra\"]\n")
    );
}

#[test]
fn bundled_leaper_and_taxicab_puzzles() {
    bundled_are_unique("leaper", "leaper", &|g, tables| {
        tables.iter().all(|t| {
            let steps = t["steps"].as_array().unwrap();
            let step = |i: usize| steps[i].as_integer().unwrap() as isize;
            leap_ok(g, step(0), step(1))
        })
    });
    bundled_are_unique("taxicab", "taxicab", &|g, tables| {
        (tables.iter())
            .all(|t| taxicab_distance_ok(g, t["distance"].as_integer().unwrap() as usize))
    });
}

/// Sum lines drawn as loops (last cell the first, as published "Granular Impurities" draws
/// them): every solver's count on the 288 4×4 grids agrees with an independent check that
/// some cell of the loop starts a run and the runs from it go round once.
#[test]
fn sum_lines_drawn_as_loops_are_cut_anywhere_round() {
    let grids = common::all_4x4_grids();
    let loops: [&[Pos]; 2] = [
        &[(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)],
        &[(0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (1, 1), (0, 1)],
    ];
    for cells in loops {
        let ring = &cells[..cells.len() - 1];
        let names: Vec<String> = cells
            .iter()
            .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
            .collect();
        for sum in [3, 5, 6, 10] {
            let tables = format!(
                "[[sum-line]]\ncells = \"{}\"\nsum = {sum}\n",
                names.join(" ")
            );
            let holds = |g: &Plain| {
                let digits: Vec<u32> = ring.iter().map(|&(r, c)| g[r][c]).collect();
                (0..digits.len()).any(|s| {
                    let turned: Vec<u32> =
                        digits[s..].iter().chain(&digits[..s]).copied().collect();
                    common::lines::sum_line(&turned, sum)
                })
            };
            agree(&grids, &tables, None, &holds);
        }
    }
}

#[test]
fn bundled_pencil_mark_puzzles() {
    bundled_are_unique("pencil-marks", "marks", &|g, tables| {
        tables.iter().all(|t| {
            let digits: Vec<u32> = (t["digits"].as_array().unwrap().iter())
                .map(|d| d.as_integer().unwrap() as u32)
                .collect();
            table_cells(t)
                .iter()
                .all(|&(r, c)| digits.contains(&g[r][c]))
        })
    });
}
