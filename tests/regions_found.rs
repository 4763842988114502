//! Chaos construction (regions to be found) and border-count circles: every solution SAT lists against an independent brute force over Latin squares and splits into regions, the published "Lighthouse", and what the other commands and solvers say of such puzzles.

use std::ops::ControlFlow;

use satdoku::format::PuzzleFile;
use satdoku::{Puzzle, SatSolver, Solver, Verdict};

use crate::common::chaos::{
    around, borders_seen, distinct_regions, latin_squares, partitions, region_count, region_run,
    regions_problem,
};
use crate::common::{Plain, plain};

/// A deterministic stream of small numbers (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The TOML of a 4×4 chaos construction with `givens` (a line) and border-count circles in
/// `circles`.
fn toml(givens: &str, circles: &[(usize, usize)]) -> String {
    let mut text =
        format!("boxes = \"none\"\nrules = [\"chaos-construction\"]\npuzzle = \"{givens}\"\n");
    for &(r, c) in circles {
        text.push_str(&format!(
            "\n[[border-count]]\ncell = \"r{}c{}\"\n",
            r + 1,
            c + 1
        ));
    }
    text
}

fn puzzle_of(text: &str) -> Puzzle {
    let file = PuzzleFile::parse(text).unwrap();
    let grid = satdoku::format::parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    Puzzle::new(grid.clone(), file.spec.rules_for(grid.shape()).unwrap()).unwrap()
}

/// Every solution SAT lists, as (digits, regions of each cell), each checked on its own.
fn listed(puzzle: &Puzzle) -> Vec<(Plain, Vec<usize>)> {
    let mut found = Vec::new();
    SatSolver::new()
        .for_each_solution(puzzle, 100_000, |grid| {
            let regions: Vec<usize> = (grid.regions().expect("a solution has its regions"))
                .iter()
                .map(|&r| r as usize)
                .collect();
            found.push((plain(&grid), regions));
            Ok::<_, ()>(ControlFlow::Continue(()))
        })
        .unwrap();
    found
}

/// The empty 4×4: every Latin square with every split into four connected regions of four
/// cells that each hold 1-4, 13,872 pairs in all (by brute force here), each listed by SAT
/// once.
#[test]
fn an_empty_4x4_has_every_square_with_every_split() {
    let splits = partitions(4);
    assert_eq!(splits.len(), 117, "the tetromino tilings of a 4×4");
    let squares = latin_squares(4);
    assert_eq!(squares.len(), 576);
    let mut brute: Vec<(Plain, Vec<usize>)> = Vec::new();
    for g in &squares {
        for split in &splits {
            if regions_problem(g, split).is_none() {
                brute.push((g.clone(), split.clone()));
            }
        }
    }
    assert_eq!(brute.len(), 13_872);
    let mut found = listed(&puzzle_of(&toml("................", &[])));
    found.sort();
    brute.sort();
    assert_eq!(found.len(), brute.len());
    assert!(
        found == brute,
        "SAT's solutions differ from the brute force's"
    );
}

/// Random 4×4 puzzles with givens and border-count circles: SAT's solutions are exactly the
/// brute force's, digits and regions.
#[test]
fn border_counts_on_4x4_match_the_brute_force() {
    let splits = partitions(4);
    let squares = latin_squares(4);
    let mut rng = Rng(0x5eed_cafe);
    let mut solvable = 0;
    for _ in 0..25 {
        let solution = &squares[rng.below(squares.len())];
        let givens: Vec<usize> = (0..1 + rng.below(3)).map(|_| rng.below(16)).collect();
        let line: String = (0..16)
            .map(|i| {
                if givens.contains(&i) {
                    char::from(b'0' + solution[i / 4][i % 4] as u8)
                } else {
                    '.'
                }
            })
            .collect();
        let circles: Vec<(usize, usize)> = (0..2 + rng.below(4))
            .map(|_| (rng.below(4), rng.below(4)))
            .collect();
        let mut brute: Vec<(Plain, Vec<usize>)> = Vec::new();
        for g in &squares {
            if !givens
                .iter()
                .all(|&i| g[i / 4][i % 4] == solution[i / 4][i % 4])
            {
                continue;
            }
            for split in &splits {
                let counted = circles
                    .iter()
                    .all(|&(r, c)| borders_seen(split, 4, r, c) == g[r][c]);
                if counted && regions_problem(g, split).is_none() {
                    brute.push((g.clone(), split.clone()));
                }
            }
        }
        let mut found = listed(&puzzle_of(&toml(&line, &circles)));
        found.sort();
        brute.sort();
        assert!(found == brute, "{line} with circles {circles:?}");
        solvable += usize::from(!brute.is_empty());
    }
    assert!(solvable > 0, "no puzzle tried had a solution");
}

/// A clue that reads the regions, as the brute force reads it.
#[derive(Debug)]
enum RegionClue {
    /// A region-run clue: its cell, its arms (`None`: the four directions), whether it
    /// counts itself.
    Run(usize, Option<Vec<Vec<usize>>>, bool),
    /// A region-count clue: its cell, its set (`None`: itself and around), whether the
    /// first counts.
    Count(usize, Option<Vec<usize>>, bool),
    /// Cells of one region.
    Same(Vec<usize>),
    /// A distinct-regions clue: its cell, its set (`None`: itself and around).
    Distinct(usize, Option<Vec<usize>>),
}

impl RegionClue {
    /// A random clue on the 4×4.
    fn random(rng: &mut Rng) -> RegionClue {
        let cell = rng.below(16);
        let first = rng.below(5) != 0;
        // Distinct cells other than `cell`, 1 to `most` of them.
        let others = |rng: &mut Rng, most: usize| -> Vec<usize> {
            let mut picked: Vec<usize> = Vec::new();
            for _ in 0..1 + rng.below(most) {
                let c = rng.below(16);
                if c != cell && !picked.contains(&c) {
                    picked.push(c);
                }
            }
            picked
        };
        match rng.below(4) {
            0 => {
                let arms = (rng.below(2) == 0).then(|| {
                    let all = others(rng, 5);
                    let cut = rng.below(all.len() + 1);
                    vec![all[..cut].to_vec(), all[cut..].to_vec()]
                });
                RegionClue::Run(cell, arms, first || rng.below(2) == 0)
            }
            1 => {
                // A set given cell by cell, starting at the clue or elsewhere.
                let set = (rng.below(2) == 0).then(|| {
                    let mut set = vec![cell];
                    set.extend(others(rng, 5));
                    if rng.below(2) == 0 && set.len() > 2 {
                        set.remove(0);
                    }
                    set
                });
                RegionClue::Count(cell, set, first)
            }
            2 => {
                let set = (rng.below(2) == 0).then(|| {
                    let mut set = vec![cell];
                    set.extend(others(rng, 6));
                    set
                });
                RegionClue::Distinct(cell, set)
            }
            _ => {
                let mut cells = vec![cell];
                cells.extend(others(rng, 2));
                if cells.len() < 2 {
                    cells.push((cell + 1) % 16);
                }
                RegionClue::Same(cells)
            }
        }
    }

    /// Whether it holds of the digits `g` and the regions `split`.
    fn holds(&self, g: &Plain, split: &[usize]) -> bool {
        let digit = |i: usize| g[i / 4][i % 4];
        match self {
            RegionClue::Run(cell, arms, first) => {
                region_run(split, 4, *cell, arms.as_deref(), *first) == digit(*cell)
            }
            RegionClue::Count(cell, set, first) => {
                let set = set.clone().unwrap_or_else(|| around(4, *cell));
                region_count(split, &set, *first) == digit(*cell)
            }
            RegionClue::Same(cells) => cells.iter().all(|&c| split[c] == split[cells[0]]),
            RegionClue::Distinct(cell, set) => {
                let set = set.clone().unwrap_or_else(|| around(4, *cell));
                distinct_regions(split, &set) == digit(*cell)
            }
        }
    }

    /// Its TOML table.
    fn toml(&self) -> String {
        let name = |i: &usize| format!("r{}c{}", i / 4 + 1, i % 4 + 1);
        let list = |cells: &[usize]| {
            let names: Vec<String> = cells.iter().map(name).collect();
            format!("\"{}\"", names.join(" "))
        };
        match self {
            RegionClue::Run(cell, arms, first) => {
                let mut text = format!("\n[[region-run]]\ncell = \"{}\"\n", name(cell));
                if let Some(arms) = arms {
                    let arms: Vec<String> = arms.iter().map(|a| list(a)).collect();
                    text += &format!("arms = [{}]\n", arms.join(", "));
                }
                if !first {
                    text += "include-first = false\n";
                }
                text
            }
            RegionClue::Count(cell, set, first) => {
                let mut text = format!("\n[[region-count]]\ncell = \"{}\"\n", name(cell));
                if let Some(set) = set {
                    text += &format!("cells = {}\n", list(set));
                }
                if !first {
                    text += "include-first = false\n";
                }
                text
            }
            RegionClue::Same(cells) => format!("\n[[same-region]]\ncells = {}\n", list(cells)),
            RegionClue::Distinct(cell, set) => {
                let mut text = format!("\n[[distinct-regions]]\ncell = \"{}\"\n", name(cell));
                if let Some(set) = set {
                    text += &format!("cells = {}\n", list(set));
                }
                text
            }
        }
    }
}

/// Where a random test of region clues puts them: regions to be found (with or without the
/// boxes kept beside them, or two clues as the alternatives of an any-of), or the 2×2 boxes
/// as given regions.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Setting {
    Found,
    FoundBesideBoxes,
    FoundAnyOf,
    GivenBoxes,
}

/// Random 4×4 puzzles with a given and region-run, region-count, distinct-regions and
/// same-region clues (most true of a chosen digits-and-regions pair, some at random), in each
/// setting: SAT's solutions are exactly the brute force's, digits and regions (digits alone
/// on given boxes, each clue read on them).
#[test]
fn region_clues_on_4x4_match_the_brute_force() {
    let splits = partitions(4);
    let squares = latin_squares(4);
    let boxes: Vec<usize> = (0..16).map(|i| (i / 8) * 2 + (i % 4) / 2).collect();
    let boxed = |g: &Plain| regions_problem(g, &boxes).is_none();
    for setting in [
        Setting::Found,
        Setting::FoundBesideBoxes,
        Setting::FoundAnyOf,
        Setting::GivenBoxes,
    ] {
        let pairs: Vec<(&Plain, &Vec<usize>)> = match setting {
            Setting::GivenBoxes => squares
                .iter()
                .filter(|g| boxed(g))
                .map(|g| (g, &boxes))
                .collect(),
            _ => (squares.iter())
                .flat_map(|g| splits.iter().map(move |s| (g, s)))
                .filter(|(g, s)| regions_problem(g, s).is_none())
                .filter(|(g, _)| setting != Setting::FoundBesideBoxes || boxed(g))
                .collect(),
        };
        let mut rng = Rng(0x0c1a_0505 + setting as u64);
        let (mut solvable, mut unsolvable) = (0, 0);
        for _ in 0..20 {
            let (solution, split) = pairs[rng.below(pairs.len())];
            let given = rng.below(16);
            let line: String = (0..16)
                .map(|i| match i == given {
                    true => char::from(b'0' + solution[i / 4][i % 4] as u8),
                    false => '.',
                })
                .collect();
            let mut clues: Vec<RegionClue> = Vec::new();
            while clues.len() < 4 {
                let clue = RegionClue::random(&mut rng);
                if clue.holds(solution, split) || rng.below(6) == 0 {
                    clues.push(clue);
                }
            }
            let mut text = match setting {
                Setting::Found => toml(&line, &[]),
                Setting::FoundBesideBoxes | Setting::FoundAnyOf => {
                    let boxes = if setting == Setting::FoundAnyOf {
                        "none"
                    } else {
                        "2x2"
                    };
                    format!(
                        "boxes = \"{boxes}\"\nrules = [\"chaos-construction\"]\npuzzle = \"{line}\"\n"
                    )
                }
                Setting::GivenBoxes => format!("boxes = \"2x2\"\npuzzle = \"{line}\"\n"),
            };
            // On an any-of, the first two clues are its alternatives.
            let any_of = setting == Setting::FoundAnyOf;
            for (k, clue) in clues.iter().enumerate() {
                if any_of && k == 0 {
                    text += "\n[[any-of]]";
                }
                match any_of && k < 2 {
                    true => text += &clue.toml().replacen("\n[[", "\n[[any-of.", 1),
                    false => text += &clue.toml(),
                }
            }
            let holds = |g: &Plain, s: &[usize]| match any_of {
                true => {
                    (clues[0].holds(g, s) || clues[1].holds(g, s))
                        && clues[2..].iter().all(|c| c.holds(g, s))
                }
                false => clues.iter().all(|c| c.holds(g, s)),
            };
            let brute = (pairs.iter()).filter(|(g, s)| {
                g[given / 4][given % 4] == solution[given / 4][given % 4] && holds(g, s)
            });
            let puzzle = satdoku::format::PuzzleFile::parse(&text)
                .map_err(|e| e.to_string())
                .and_then(|file| {
                    let grid =
                        satdoku::format::parse_one(&file.puzzles[0].text, &Default::default())
                            .unwrap();
                    let rules = file
                        .spec
                        .rules_for(grid.shape())
                        .map_err(|e| e.to_string())?;
                    Puzzle::new(grid, rules).map_err(|e| e.to_string())
                });
            let count = match (setting, puzzle) {
                (Setting::GivenBoxes, Ok(puzzle)) => {
                    let mut brute: Vec<Plain> = brute.map(|(g, _)| (*g).clone()).collect();
                    let mut found = Vec::new();
                    SatSolver::new()
                        .for_each_solution(&puzzle, 100_000, |grid| {
                            found.push(plain(&grid));
                            Ok::<_, ()>(ControlFlow::Continue(()))
                        })
                        .unwrap();
                    found.sort();
                    brute.sort();
                    assert!(found == brute, "{setting:?}: {text}");
                    brute.len()
                }
                (_, Ok(puzzle)) => {
                    let mut brute: Vec<(Plain, Vec<usize>)> =
                        brute.map(|(g, s)| ((*g).clone(), (*s).clone())).collect();
                    let mut found = listed(&puzzle);
                    found.sort();
                    brute.sort();
                    assert!(found == brute, "{setting:?}: {text}");
                    brute.len()
                }
                // On given boxes a clue whose count no digit is, or same-region cells of two
                // boxes, is refused by name: no filling of the boxes holds it.
                (Setting::GivenBoxes, Err(why)) => {
                    assert!(
                        why.contains("which no digit is")
                            || why.contains("lies outside the region"),
                        "{why}"
                    );
                    assert_eq!(brute.count(), 0, "{setting:?}: {text}");
                    0
                }
                (_, Err(why)) => panic!("{setting:?}: {why}\n{text}"),
            };
            if count == 0 {
                unsolvable += 1;
            } else {
                solvable += 1;
            }
        }
        assert!(
            solvable >= 3 && unsolvable > 0,
            "{setting:?}: {solvable} solvable, {unsolvable} not"
        );
    }
}

/// The bundled puzzles of region-run, region-count, distinct-regions and same-region clues
/// (published, from sigh's collection): unique, with the published digits, and the regions
/// SAT finds hold every clue as the brute force's readers read it.
#[test]
fn bundled_region_clue_puzzles_come_out_as_published() {
    use satdoku::constraint::VariantConstraint as V;
    let cases = [
        (
            "region-run-6x6.toml",
            "345126634512213654526431451263162345",
        ),
        (
            "region-count-6x6.toml",
            "265413314652543126126534631245452361",
        ),
        (
            "same-region-9x9.toml",
            "967485213238154697152397486476218359893641572719536824685923741524769138341872965",
        ),
    ];
    // "The Fountain" takes SAT seconds from its givens: with its published digits given,
    // its circles must leave one split into regions, the one checked here.
    let fountain = (
        "distinct-regions-9x9.toml",
        "851467392495632187683294715136748259278915643912356478547183926329571864764829531",
    );
    for (name, published) in cases.into_iter().chain([fountain]) {
        let path = format!("{}/puzzles/variants/{name}", env!("CARGO_MANIFEST_DIR"));
        let mut puzzle = puzzle_of(&std::fs::read_to_string(path).unwrap());
        if name == fountain.0 {
            let digits: satdoku::Grid = published.parse().unwrap();
            puzzle = Puzzle::new(digits, puzzle.rules().clone()).unwrap();
        }
        let Verdict::Unique { solution } = SatSolver::new().check(&puzzle) else {
            panic!("{name} is not unique");
        };
        let digits: String = plain(&solution)
            .concat()
            .iter()
            .map(u32::to_string)
            .collect();
        assert_eq!(digits, published, "{name}");
        let g = plain(&solution);
        let n = g.len();
        let index = |c: &satdoku::Cell| c.row() * n + c.col();
        let indices = |cells: &[satdoku::Cell]| cells.iter().map(index).collect::<Vec<_>>();
        let split: Vec<usize> = (solution.regions().unwrap().iter())
            .map(|&r| r as usize)
            .collect();
        assert_eq!(regions_problem(&g, &split), None, "{name}");
        let digit = |i: usize| g[i / n][i % n];
        let mut clues = 0;
        for constraint in puzzle.rules().constraints() {
            let (at, want) = match constraint {
                V::RegionRun(run) => {
                    let arms: Option<Vec<Vec<usize>>> =
                        (run.given_arms()).map(|arms| arms.iter().map(|a| indices(a)).collect());
                    let at = index(&run.cell());
                    (
                        at,
                        region_run(&split, n, at, arms.as_deref(), run.include_first()),
                    )
                }
                V::RegionCount(count) => {
                    let at = index(&count.cell());
                    let cells = match count.given_cells() {
                        Some(cells) => indices(cells),
                        None => around(n, at),
                    };
                    (at, region_count(&split, &cells, count.include_first()))
                }
                V::DistinctRegions(clue) => {
                    let at = index(&clue.cell());
                    let cells = match clue.given_cells() {
                        Some(cells) => indices(cells),
                        None => around(n, at),
                    };
                    (at, distinct_regions(&split, &cells))
                }
                V::SameRegion(same) => {
                    let cells = indices(same.cells());
                    assert!(cells.iter().all(|&c| split[c] == split[cells[0]]), "{name}");
                    clues += 1;
                    continue;
                }
                _ => continue,
            };
            assert_eq!(digit(at), want, "{name}: {constraint}");
            clues += 1;
        }
        assert!(clues >= 7, "{name}: {clues} clues");
    }
}

/// "Lighthouse" (Phistomefel; Sudoku-Bench challenge puzzle 45, SudokuPad data), with its
/// published solution's digits given: its border-count circles leave one split of them into
/// regions (the digits alone allow 5,286), and it is the one SAT finds, checked here.
#[test]
fn lighthouse_regions_follow_from_its_digits_and_circles() {
    let data = include_str!("data/published/sudoku-bench.jsonl")
        .lines()
        .find(|line| line.contains("sb045-lighthouse"))
        .unwrap();
    let row: serde_json::Value = serde_json::from_str(data).unwrap();
    let file = satdoku::format::parse_sudokupad(row["data"].as_str().unwrap()).unwrap();
    assert!(file.unread_under(&file.spec).is_empty());
    assert!(
        file.spec
            .globals
            .contains(satdoku::rules::GlobalRule::ChaosConstruction)
    );
    let solution = row["solution"].as_str().unwrap();
    let full: satdoku::Grid = solution.parse().unwrap();
    let puzzle = Puzzle::new(full, file.spec.rules_for(satdoku::Shape::NINE).unwrap()).unwrap();
    let circles: Vec<(usize, usize)> = (puzzle.rules().constraints().iter())
        .filter_map(|c| match c {
            satdoku::constraint::VariantConstraint::BorderCount(b) => {
                Some((b.cell().row(), b.cell().col()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(circles.len(), 16);
    match SatSolver::new().check(&puzzle) {
        Verdict::Unique { solution: found } => {
            let g = plain(&found);
            let regions: Vec<usize> = found
                .regions()
                .unwrap()
                .iter()
                .map(|&r| r as usize)
                .collect();
            assert_eq!(regions_problem(&g, &regions), None);
            for &(r, c) in &circles {
                assert_eq!(
                    borders_seen(&regions, 9, r, c),
                    g[r][c],
                    "circle r{}c{}",
                    r + 1,
                    c + 1
                );
            }
        }
        other => panic!("Lighthouse's digits: {other}"),
    }
}

/// The command line: the answer is the digits and the regions; the backtrackers and logic
/// refuse such puzzles by name; a uniqueness proof covers the regions (checked by the
/// independent DRAT checker).
#[cfg(feature = "cli")]
#[test]
fn commands_answer_or_refuse_regions_to_find() {
    use crate::common::satdoku;
    let dir = tempfile::tempdir().unwrap();
    // A 4×4 with one solution, digits and regions (found by a brute force like the one
    // above): two givens and four circles.
    let path = dir.path().join("chaos.toml");
    let text = toml("..4............3", &[(0, 1), (1, 0), (3, 0), (0, 0)]);
    std::fs::write(&path, &text).unwrap();
    let found = listed(&puzzle_of(&text));
    assert_eq!(found.len(), 1);
    let out = satdoku().arg("count").arg(&path).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1");
    // The proof of uniqueness rules out other regions too, and checks.
    let proofs = dir.path().join("proofs");
    let out = satdoku()
        .args(["check", "--proof"])
        .arg(&proofs)
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut cnf = None;
    let mut drat = None;
    for entry in std::fs::read_dir(&proofs).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("cnf") => cnf = Some(text),
            _ => drat = Some(text),
        }
    }
    crate::common::drat::check_drat(&cnf.unwrap(), &drat.unwrap()).unwrap();
    let out = satdoku()
        .args(["solve", "--solver", "dlx"])
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("fill in digits only"), "{err}");
    assert_eq!(out.status.code(), Some(2));
    let out = satdoku().args(["explain"]).arg(&path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("regions are to be found"), "{err}");
    // The first solution, digits then regions.
    let out = satdoku().args(["solve"]).arg(&path).output().unwrap();
    let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let (digits, regions) = line.split_once(' ').expect("digits, then regions");
    assert_eq!(digits.len(), 16);
    assert_eq!(regions.len(), 16);
    assert!(regions.starts_with('A') && regions.chars().all(|c| ('A'..='D').contains(&c)));
    // The picture of the solution draws the regions it found: a thick border between two
    // neighbours exactly where their letters differ.
    let out = satdoku()
        .args(["render", "--solution"])
        .arg(&path)
        .output()
        .unwrap();
    let svg = String::from_utf8_lossy(&out.stdout);
    let path_of = svg.split(r#"class="region-borders" d=""#).nth(1).unwrap();
    let drawn = path_of.split('"').next().unwrap().matches('M').count();
    let letters: Vec<char> = regions.chars().collect();
    let mut borders = 0;
    for r in 0..4 {
        for c in 0..4 {
            borders += usize::from(c < 3 && letters[r * 4 + c] != letters[r * 4 + c + 1]);
            borders += usize::from(r < 3 && letters[r * 4 + c] != letters[r * 4 + c + 4]);
        }
    }
    assert_eq!(drawn, borders);
}
