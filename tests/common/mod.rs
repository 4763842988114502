//! Test helpers: an independent validator and readers for the bundled puzzle files.
#![allow(dead_code)]

pub mod canon;
pub mod chaos;
pub mod drat;
pub mod fpuzzles;
pub mod lines;

use std::path::{Path, PathBuf};

/// A grid as plain numbers, 0 for blank, independent of the library's types.
pub type Plain = Vec<Vec<u32>>;

/// The path of a bundled puzzle file.
pub fn puzzle_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name)
}

/// Parses a grid written on one line: symbols 1-9A-Z (`.` or `0` blank), or, past 35×35,
/// comma-separated numbers.
pub fn parse_line(text: &str) -> Plain {
    let values: Vec<u32> = if text.contains(',') {
        text.split(',').map(|t| t.trim().parse().unwrap()).collect()
    } else {
        text.chars()
            .map(|ch| match ch {
                '.' | '0' => 0,
                _ => "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    .find(ch.to_ascii_uppercase())
                    .map(|i| i as u32 + 1)
                    .unwrap_or_else(|| panic!("bad symbol {ch}")),
            })
            .collect()
    };
    let size = (values.len() as f64).sqrt() as usize;
    assert_eq!(size * size, values.len(), "not a square grid: {text}");
    values.chunks(size).map(|row| row.to_vec()).collect()
}

/// The solutions file of a bundled set: one line each, `None` for `#` lines (no solution).
pub fn known_solutions(name: &str) -> Vec<Option<Plain>> {
    let stem = name.rsplit_once('.').unwrap().0;
    let text = std::fs::read_to_string(puzzle_path(&format!("{stem}.solutions.txt"))).unwrap();
    text.lines()
        .map(|line| (!line.starts_with('#')).then(|| parse_line(line)))
        .collect()
}

/// Rules described independently of the library: the boxes (or jigsaw regions), the extra
/// regions, and the relations between cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlainRules {
    /// Boxes of rows × columns (N cells, or as many as `digits`); `None`: the most nearly
    /// square split with fewer rows.
    pub boxes: Option<(usize, usize)>,
    /// Jigsaw regions: the region number of each cell (replaces the boxes).
    pub regions: Option<Vec<Vec<usize>>>,
    /// No boxes nor regions: rows and columns only (a Latin square).
    pub latin: bool,
    /// Both main diagonals.
    pub diagonal: bool,
    /// Windoku's windows (square boxes only).
    pub windoku: bool,
    /// Disjoint groups.
    pub disjoint_groups: bool,
    /// Cells a knight's move apart differ.
    pub anti_knight: bool,
    /// Diagonally touching cells differ.
    pub anti_king: bool,
    /// Extra regions by 0-based (row, column).
    pub extra_regions: Vec<Vec<(usize, usize)>>,
    /// Pairs of cells that differ, by 0-based (row, column).
    pub pairs: Vec<((usize, usize), (usize, usize))>,
    /// The largest digit, when more than N: each house's digits only differ.
    pub digits: Option<usize>,
    /// Every house holds the same set of digits (with `digits`).
    pub same_digits: bool,
}

impl PlainRules {
    /// Classic boxes, with both diagonals when `diagonal`.
    pub fn classic(diagonal: bool) -> PlainRules {
        PlainRules {
            diagonal,
            ..PlainRules::default()
        }
    }

    /// The box size for an N×N grid.
    pub fn box_dims(&self, size: usize) -> (usize, usize) {
        self.boxes.unwrap_or_else(|| {
            let rows = (2..=size)
                .filter(|r| r * r <= size && size.is_multiple_of(*r))
                .max()
                .expect("a size with boxes");
            (rows, size / rows)
        })
    }

    /// The same rules as library rules for an N×N grid.
    pub fn to_lib(&self, size: usize) -> std::sync::Arc<satdoku::Rules> {
        let jigsaw = self.regions.as_ref().map(|regions| {
            let text: String = regions
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|&r| char::from_digit(r as u32, 36).unwrap())
                        .collect::<String>()
                        + "\n"
                })
                .collect();
            satdoku::Jigsaw::parse(&text).unwrap()
        });
        let boxes = (jigsaw.is_none() && !self.latin).then(|| {
            let (rows, cols) = self.box_dims(size);
            let shape = satdoku::Shape::from_size(size).unwrap();
            satdoku::BoxShape::tiling(rows, cols, shape).unwrap()
        });
        use satdoku::rules::GlobalRule;
        let globals = [
            (self.diagonal, GlobalRule::Diagonal),
            (self.windoku, GlobalRule::Windoku),
            (self.disjoint_groups, GlobalRule::DisjointGroups),
            (self.anti_knight, GlobalRule::AntiKnight),
            (self.anti_king, GlobalRule::AntiKing),
            (self.same_digits, GlobalRule::SameDigits),
        ];
        let cell = |(row, col): (usize, usize)| satdoku::Cell::at(row, col).unwrap();
        let spec = satdoku::RulesSpec {
            boxes,
            jigsaw,
            no_regions: self.latin,
            globals: globals
                .into_iter()
                .filter_map(|(on, rule)| on.then_some(rule))
                .collect(),
            extra_regions: self
                .extra_regions
                .iter()
                .map(|region| region.iter().copied().map(cell).collect())
                .collect(),
            pairs: self
                .pairs
                .iter()
                .map(|&(a, b)| (cell(a), cell(b)))
                .collect(),
            constraints: Vec::new(),
            digits: self.digits,
            from_zero: false,
        };
        spec.rules_for(satdoku::Shape::from_size(size).unwrap())
            .unwrap()
    }
}

/// The cells of every house under `rules`: rows, columns, boxes or regions, and the extra
/// regions.
fn houses_under(size: usize, rules: &PlainRules) -> Vec<Vec<(usize, usize)>> {
    let mut houses = Vec::new();
    for i in 0..size {
        houses.push((0..size).map(|j| (i, j)).collect());
        houses.push((0..size).map(|j| (j, i)).collect());
    }
    let (rows, cols) = match &rules.regions {
        Some(regions) => {
            // N regions, or fewer of more cells each.
            let count = regions.iter().flatten().max().map_or(0, |&r| r + 1);
            for r in 0..count {
                houses.push(
                    (0..size * size)
                        .map(|i| (i / size, i % size))
                        .filter(|&(i, j)| regions[i][j] == r)
                        .collect(),
                );
            }
            (0, 0)
        }
        None if rules.latin => (0, 0),
        None => rules.box_dims(size),
    };
    // Box b: band b / (size / cols), stack b % (size / cols); boxes of rows × cols cells
    // (size of them, or fewer when a box holds more cells than a row).
    let stacks = size.checked_div(cols).unwrap_or(0);
    let bands = size.checked_div(rows).unwrap_or(0);
    let box_cell = |b: usize, p: usize| {
        (
            (b / stacks) * rows + p / cols,
            (b % stacks) * cols + p % cols,
        )
    };
    if rules.regions.is_none() && !rules.latin {
        for b in 0..bands * stacks {
            houses.push((0..rows * cols).map(|p| box_cell(b, p)).collect());
        }
    }
    if rules.diagonal {
        houses.push((0..size).map(|i| (i, i)).collect());
        houses.push((0..size).map(|i| (i, size - 1 - i)).collect());
    }
    if rules.windoku {
        let n = rows;
        for top in (0..n - 1).map(|k| 1 + k * (n + 1)) {
            for left in (0..n - 1).map(|k| 1 + k * (n + 1)) {
                houses.push((0..n * n).map(|i| (top + i / n, left + i % n)).collect());
            }
        }
    }
    if rules.disjoint_groups {
        for p in 0..rows * cols {
            houses.push((0..bands * stacks).map(|b| box_cell(b, p)).collect());
        }
    }
    houses.extend(rules.extra_regions.iter().cloned());
    houses
}

/// The pairs of cells that must differ by a relation (anti-knight, anti-king).
fn apart_under(size: usize, rules: &PlainRules) -> Vec<((usize, usize), (usize, usize))> {
    let mut steps: Vec<(i64, i64)> = Vec::new();
    if rules.anti_knight {
        steps.extend([
            (1, 2),
            (2, 1),
            (1, -2),
            (2, -1),
            (-1, 2),
            (-2, 1),
            (-1, -2),
            (-2, -1),
        ]);
    }
    if rules.anti_king {
        steps.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
    }
    let mut pairs = rules.pairs.clone();
    for r in 0..size as i64 {
        for c in 0..size as i64 {
            for &(dr, dc) in &steps {
                let (r2, c2) = (r + dr, c + dc);
                if (0..size as i64).contains(&r2) && (0..size as i64).contains(&c2) {
                    pairs.push(((r as usize, c as usize), (r2 as usize, c2 as usize)));
                }
            }
        }
    }
    pairs
}

/// Why `solution` is not a valid solution of `puzzle` under classic boxes (and both
/// diagonals when `diagonal`), or `Ok` when it is.
pub fn check_solution(puzzle: &Plain, solution: &Plain, diagonal: bool) -> Result<(), String> {
    check_solution_under(puzzle, solution, &PlainRules::classic(diagonal))
}

/// Why `solution` is not a valid solution of `puzzle` under `rules`, or `Ok` when it is:
/// complete, every house holding every digit 1..=N once, cells apart by a relation
/// different, every given kept.
pub fn check_solution_under(
    puzzle: &Plain,
    solution: &Plain,
    rules: &PlainRules,
) -> Result<(), String> {
    let size = puzzle.len();
    if solution.len() != size || solution.iter().any(|row| row.len() != size) {
        return Err(format!("solution is not {size}×{size}"));
    }
    for (r, row) in puzzle.iter().enumerate() {
        for (c, &given) in row.iter().enumerate() {
            if given != 0 && solution[r][c] != given {
                return Err(format!("given r{}c{}={given} changed", r + 1, c + 1));
            }
        }
    }
    let largest = rules.digits.unwrap_or(size);
    let mut sets = Vec::new();
    for house in houses_under(size, rules) {
        let mut seen = vec![false; largest + 1];
        for (r, c) in house {
            let v = solution[r][c] as usize;
            if v == 0 || v > largest || seen[v] {
                return Err(format!("bad or repeated digit {v} at r{}c{}", r + 1, c + 1));
            }
            seen[v] = true;
        }
        sets.push(seen);
    }
    if rules.same_digits && sets.windows(2).any(|w| w[0] != w[1]) {
        return Err("two houses hold different sets of digits".into());
    }
    for ((r, c), (r2, c2)) in apart_under(size, rules) {
        if solution[r][c] == solution[r2][c2] {
            return Err(format!(
                "{} at r{}c{} and r{}c{}, which must differ",
                solution[r][c],
                r + 1,
                c + 1,
                r2 + 1,
                c2 + 1
            ));
        }
    }
    Ok(())
}

/// A library grid as plain numbers.
pub fn plain(grid: &satdoku::Grid) -> Plain {
    let shape = grid.shape();
    (0..shape.size())
        .map(|r| {
            (0..shape.size())
                .map(|c| {
                    grid.get(shape.cell(r, c).unwrap())
                        .map_or(0, |d| u32::from(d.get()))
                })
                .collect()
        })
        .collect()
}

/// The puzzles of a bundled file, read independently of the library: `#` comments, one-line
/// puzzles, or grids of numbers (one row per line) separated by blank lines.
pub fn parse_file(name: &str) -> Vec<Plain> {
    let text = std::fs::read_to_string(puzzle_path(name)).unwrap();
    let mut puzzles = Vec::new();
    let mut rows: Plain = Vec::new();
    for raw in text.lines().chain(std::iter::once("")) {
        let content = raw.split('#').next().unwrap().trim();
        if content.is_empty() {
            if !rows.is_empty() {
                puzzles.push(std::mem::take(&mut rows));
            }
            continue;
        }
        if content.contains(' ') || content.contains(',') {
            rows.push(
                content
                    .split([' ', ','])
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse().unwrap())
                    .collect(),
            );
        } else {
            puzzles.push(parse_line(content));
        }
    }
    puzzles
}

/// Counts the solutions of a plain puzzle under classic boxes (and both diagonals when
/// `diagonal`) by simple backtracking, up to `limit`.
pub fn brute_force_count(puzzle: &Plain, diagonal: bool, limit: usize) -> usize {
    brute_force_count_under(puzzle, &PlainRules::classic(diagonal), limit)
}

/// Counts the solutions of a plain puzzle under `rules` by simple backtracking, up to
/// `limit` — an independent reference for small grids. Each relation pair is a house of two
/// cells here (no digit twice), which is what "must differ" means.
pub fn brute_force_count_under(puzzle: &Plain, rules: &PlainRules, limit: usize) -> usize {
    let mut count = 0;
    brute_force_solutions_under(puzzle, rules, limit, &mut |_| count += 1);
    count
}

/// Every solver, the SAT solver with each of its encodings beside the hand-written ones:
/// what a count or a solution is checked against.
pub fn every_solver() -> Vec<Box<dyn satdoku::Solver>> {
    use satdoku::encode::EncodingKind;
    use satdoku::{DlxSolver, NaiveSolver, PropagateSolver, SatSolver};
    vec![
        Box::new(SatSolver::new()),
        Box::new(SatSolver::with_kind(EncodingKind::Reduced)),
        Box::new(SatSolver::with_kind(EncodingKind::Minimal)),
        Box::new(SatSolver::with_kind(EncodingKind::Extended)),
        Box::new(PropagateSolver::default()),
        Box::new(DlxSolver::default()),
        Box::new(NaiveSolver::default()),
    ]
}

/// Every solver counts `expected` solutions of `puzzle` (all of them, up to 300), and each
/// solution a solver finds satisfies `holds`; `context` (the puzzle's text) names a failure.
pub fn every_solver_agrees(
    puzzle: &satdoku::Puzzle,
    expected: usize,
    holds: &dyn Fn(&Plain) -> bool,
    context: &str,
) {
    for mut solver in every_solver() {
        let count = solver.count(puzzle, 300);
        assert!(count.complete);
        assert_eq!(
            count.count as usize,
            expected,
            "{}:\n{context}",
            solver.name()
        );
        if let Some(solution) = solver.solve(puzzle) {
            assert!(holds(&plain(&solution)), "{}:\n{context}", solver.name());
        }
    }
}

/// Every 4×4 grid with 2×2 boxes (288 of them), found by brute force.
pub fn all_4x4_grids() -> Vec<Plain> {
    let mut grids = Vec::new();
    let rules = PlainRules {
        boxes: Some((2, 2)),
        ..PlainRules::default()
    };
    brute_force_solutions_under(&vec![vec![0; 4]; 4], &rules, 1000, &mut |g| {
        grids.push(g.clone())
    });
    assert_eq!(grids.len(), 288);
    grids
}

/// Calls `each` with every solution of a plain puzzle under `rules` (up to `limit` of
/// them), found by simple backtracking as [`brute_force_count_under`] counts them.
pub fn brute_force_solutions_under(
    puzzle: &Plain,
    rules: &PlainRules,
    limit: usize,
    each: &mut dyn FnMut(&Plain),
) {
    let size = puzzle.len();
    let mut houses = houses_under(size, rules);
    houses.extend(
        apart_under(size, rules)
            .into_iter()
            .map(|(a, b)| vec![a, b]),
    );
    let cell_houses: Vec<Vec<usize>> = (0..size * size)
        .map(|i| {
            (0..houses.len())
                .filter(|&h| houses[h].contains(&(i / size, i % size)))
                .collect()
        })
        .collect();
    let mut grid = puzzle.clone();
    let largest = rules.digits.unwrap_or(size) as u32;
    // With the same digits in every house: every row's set is the first row's.
    let same = rules.same_digits;
    // Givens must not clash among themselves.
    for house in &houses {
        let mut seen = vec![false; largest as usize + 1];
        for &(r, c) in house {
            let v = grid[r][c] as usize;
            if v != 0 {
                if seen[v] {
                    return;
                }
                seen[v] = true;
            }
        }
    }
    struct Walk<'a> {
        houses: &'a [Vec<(usize, usize)>],
        cell_houses: &'a [Vec<usize>],
        largest: u32,
        same: bool,
        count: usize,
        limit: usize,
    }
    fn go(grid: &mut Plain, pos: usize, walk: &mut Walk<'_>, each: &mut dyn FnMut(&Plain)) {
        let size = grid.len();
        if walk.count >= walk.limit {
            return;
        }
        if pos == size * size {
            let set = |h: &Vec<(usize, usize)>| {
                let mut set: Vec<u32> = h.iter().map(|&(i, j)| grid[i][j]).collect();
                set.sort_unstable();
                set
            };
            let houses = walk.houses;
            if walk.same
                && houses
                    .iter()
                    .filter(|h| h.len() == size)
                    .any(|h| set(h) != set(&houses[0]))
            {
                return;
            }
            walk.count += 1;
            each(grid);
            return;
        }
        let (r, c) = (pos / size, pos % size);
        if grid[r][c] != 0 {
            return go(grid, pos + 1, walk, each);
        }
        for v in 1..=walk.largest {
            let clash = walk.cell_houses[pos]
                .iter()
                .any(|&h| walk.houses[h].iter().any(|&(i, j)| grid[i][j] == v));
            if !clash {
                grid[r][c] = v;
                go(grid, pos + 1, walk, each);
                grid[r][c] = 0;
            }
        }
    }
    let mut walk = Walk {
        houses: &houses,
        cell_houses: &cell_houses,
        largest,
        same,
        count: 0,
        limit,
    };
    go(&mut grid, 0, &mut walk, each);
}

/// The `satdoku` binary, run from the repository root (built with the `cli` feature only).
#[cfg(feature = "cli")]
pub fn satdoku() -> assert_cmd::Command {
    let mut command = assert_cmd::cargo::cargo_bin_cmd!("satdoku");
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

/// Runs the binary with `args` and `stdin`: exit code, stdout, stderr.
#[cfg(feature = "cli")]
pub fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let output = satdoku().args(args).write_stdin(stdin).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// A finished command's standard output, as text.
pub fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A finished command's standard error, as text.
pub fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// The JSON Lines rows of `text`.
pub fn json_rows(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A plain grid as a library grid.
pub fn to_grid(values: &Plain) -> satdoku::Grid {
    let shape = satdoku::Shape::from_size(values.len()).unwrap();
    let mut grid = satdoku::Grid::empty(shape);
    for (r, row) in values.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            grid.set(shape.cell(r, c).unwrap(), shape.digit(v as usize));
        }
    }
    grid
}

/// The cell-digit meaning of each variable, read from the file as documented: the reduced
/// encoding lists `c var N rRcC=D` lines; the others number variable (r·N + c)·N + d + 1.
pub fn numbering(text: &str, size: usize) -> Vec<Option<(usize, usize, u32)>> {
    let listed: Vec<(usize, (usize, usize, u32))> = text
        .lines()
        .filter_map(|line| line.strip_prefix("c var "))
        .map(|rest| {
            let (var, pair) = rest.split_once(' ').unwrap();
            let (cell, digit) = pair.split_once('=').unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            (var.parse().unwrap(), (r - 1, c - 1, digit.parse().unwrap()))
        })
        .collect();
    if listed.is_empty() {
        (0..size.pow(3))
            .map(|i| Some((i / size / size, i / size % size, (i % size) as u32 + 1)))
            .collect()
    } else {
        let mut map = vec![None; listed.len()];
        for (var, pair) in listed {
            map[var - 1] = Some(pair);
        }
        map
    }
}

/// The `c fixed rRcC=D` lines: cells decided before encoding.
pub fn fixed(text: &str) -> Vec<(usize, usize, u32)> {
    text.lines()
        .filter_map(|line| line.strip_prefix("c fixed r"))
        .map(|rest| {
            let (cell, digit) = rest.split_once('=').unwrap();
            let (r, c) = cell.split_once('c').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            (r - 1, c - 1, digit.parse().unwrap())
        })
        .collect()
}

/// The puzzle with the fixed cells and the cell-digit variables true in `model` filled in.
pub fn decode(
    model: &[varisat::Lit],
    map: &[Option<(usize, usize, u32)>],
    fixed: &[(usize, usize, u32)],
    puzzle: &[Vec<u32>],
) -> Vec<Vec<u32>> {
    let mut grid = puzzle.to_vec();
    for &(r, c, d) in fixed {
        assert!(
            grid[r][c] == 0 || grid[r][c] == d,
            "a fixed cell contradicts a given"
        );
        grid[r][c] = d;
    }
    for lit in model.iter().filter(|l| l.is_positive()) {
        if let Some(Some((r, c, d))) = map.get(lit.var().index()) {
            grid[*r][*c] = *d;
        }
    }
    grid
}

/// The regions of a region file, read independently: letters in order of first appearance.
pub fn read_regions(name: &str) -> Vec<Vec<usize>> {
    let text = std::fs::read_to_string(puzzle_path(name)).unwrap();
    let mut labels: Vec<char> = Vec::new();
    text.lines()
        .map(|line| line.split('#').next().unwrap())
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            line.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| {
                    if !labels.contains(&c) {
                        labels.push(c);
                    }
                    labels.iter().position(|&l| l == c).unwrap()
                })
                .collect()
        })
        .collect()
}

/// Every bundled file of puzzles with constraints: the constraint sets, then the variant
/// examples with constraints.
pub fn constraint_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/variants");
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("constraints"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "toml"))
        .collect();
    files.sort();
    for name in ["killer.toml", "killer-clash.json", "thermometer-draft.json"] {
        files.push(root.join(name));
    }
    files
}

/// The first puzzle of a bundled f-puzzles or TOML file, read by the library (a loader,
/// not an independent reader: for tests of what the library does with its puzzles).
pub fn library_puzzle(path: &Path) -> satdoku::Puzzle {
    use satdoku::format::{PuzzleFile, parse_fpuzzles};
    let text = std::fs::read_to_string(path).unwrap();
    let file = if path.extension().is_some_and(|e| e == "json") {
        parse_fpuzzles(&text).unwrap()
    } else {
        PuzzleFile::parse(&text).unwrap()
    };
    file.puzzle(0).unwrap().unwrap()
}

/// Says, in `cargo test`'s output, that a test did not run for `why` (a program missing):
/// written to stderr directly, which the test harness does not capture, so that a skipped
/// test is never taken for one that passed.
pub fn skipped(test: &str, why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

/// The first of `names` found on PATH: a program a test uses when the machine has it.
pub fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A small random number source (xorshift), for tests that draw puzzles from a seed.
pub struct Rng(pub u64);

impl Rng {
    /// A number from 0 to `n` − 1.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A given at a random cell of a 4×4 grid, or none, one time in `none_every`.
    pub fn given(&mut self, none_every: usize) -> Option<((usize, usize), u32)> {
        (self.below(none_every) != 0).then(|| {
            let cell = (self.below(4), self.below(4));
            (cell, 1 + self.below(4) as u32)
        })
    }

    /// `len` different cells of a 4×4 grid.
    pub fn cells(&mut self, len: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        while out.len() < len {
            let cell = (self.below(4), self.below(4));
            if !out.contains(&cell) {
                out.push(cell);
            }
        }
        out
    }
}

/// Every TOML puzzle of `tests/data/<dir>` (there are `expected` of them) whose third line
/// publishes its solution (`# 0123…`, the numbers its digits stand for): `satdoku check`
/// gives exactly that solution, unique, and logic, within a bounded stretch of work, never
/// removes a digit of it nor places another.
#[cfg(feature = "cli")]
pub fn published_tomls_come_out_right(dir: &str, expected: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir);
    let mut files: Vec<PathBuf> = (std::fs::read_dir(&dir).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert_eq!(files.len(), expected, "{files:?}");
    for file in files {
        let name = file.display().to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        let solution = text.lines().nth(2).unwrap().trim_start_matches("# ").trim();
        let (code, out, err) = run(&["check", &name], "");
        assert_eq!(code, Some(0), "{name}: {err}");
        assert_eq!(out.trim(), format!("unique {solution}"), "{name}");
        let puzzle = (satdoku::format::PuzzleFile::parse(&text).unwrap())
            .puzzle(0)
            .unwrap()
            .unwrap();
        let layout = satdoku::Layout::new(puzzle.rules());
        let work = satdoku::logic::PATH_WORK / 200;
        let path = satdoku::logic::explain_within(&layout, puzzle.grid(), true, work);
        let shape = puzzle.shape();
        let at = |c: satdoku::Cell| usize::from(solution.as_bytes()[shape.index(c)] - b'0');
        let number = |d: satdoku::Digit| shape.number(usize::from(d.get()));
        for step in &path.steps {
            for e in &step.eliminations {
                assert_ne!(at(e.cell), number(e.digit), "{name}: {step}");
            }
            for p in &step.placements {
                assert_eq!(at(p.cell), number(p.digit), "{name}: {step}");
            }
        }
    }
}
