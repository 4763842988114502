//! One behaviour suite run against every solver: valid solutions on the bundled sets,
//! known counts, no solution for unsolvable puzzles, agreement on random puzzles.

use crate::common;

use common::{
    Plain, PlainRules, brute_force_count, brute_force_count_under, check_solution,
    check_solution_under, known_solutions, parse_file, plain,
};
use proptest::prelude::*;
use satdoku::encode::EncodingKind;
use satdoku::{
    AutoSolver, BitboardSolver, DlxSolver, Grid, NaiveSolver, PropagateSolver, Puzzle, SatSolver,
    Shape, Solver,
};

fn to_puzzle(values: &Plain, rules: &PlainRules) -> Option<Puzzle> {
    let shape = Shape::from_size(values.len()).unwrap();
    let mut grid = Grid::empty(shape);
    for (r, row) in values.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            grid.set(shape.cell(r, c).unwrap(), shape.digit(v as usize));
        }
    }
    Puzzle::new(grid, rules.to_lib(values.len())).ok()
}

/// Solves every puzzle of a bundled set and compares with the known solutions.
fn solves_set(solver: &mut dyn Solver, name: &str, rules: &PlainRules) {
    for (values, known) in parse_file(name).iter().zip(known_solutions(name)) {
        let puzzle = to_puzzle(values, rules).unwrap();
        match (solver.solve(&puzzle), known) {
            (Some(solution), Some(known)) => {
                let solution = plain(&solution);
                check_solution_under(values, &solution, rules).unwrap();
                assert_eq!(solution, known, "{} on {name}", solver.name());
            }
            (None, None) => {}
            (found, known) => panic!(
                "{} on {name}: found {:?}, known {:?}",
                solver.name(),
                found.is_some(),
                known.is_some()
            ),
        }
    }
}

/// Searches every puzzle of a bundled set for two solutions with `solver` and with
/// `other`: the same number found, every solution valid, the same solution when unique,
/// and effort reported by the backtrackers; and the solver's fastest run finds the same.
fn agrees_on_set(solver: &mut dyn Solver, other: &mut dyn Solver, name: &str, rules: &PlainRules) {
    for (i, values) in parse_file(name).iter().enumerate() {
        let puzzle = to_puzzle(values, rules).unwrap();
        // Against a deadline, as `compare` runs it: effort measured (SAT metered).
        let far = Some(std::time::Instant::now() + std::time::Duration::from_secs(3600));
        let (mine, theirs) = (solver.run(&puzzle, 2, far), other.run(&puzzle, 2, None));
        let what = format!(
            "{} vs {} on {name} puzzle {}",
            solver.name(),
            other.name(),
            i + 1
        );
        assert_eq!(mine.found, theirs.found, "{what}");
        assert_eq!(mine.solutions.len() as u64, mine.found, "{what}");
        assert!(!mine.timed_out, "{what}");
        for solution in &mine.solutions {
            check_solution_under(values, &plain(solution), rules).unwrap();
        }
        if mine.found == 1 {
            assert_eq!(mine.solutions, theirs.solutions, "{what}");
        }
        // The run `compare` times finds the same.
        let fastest = solver.run(&puzzle, 2, None);
        assert_eq!(fastest.found, mine.found, "{what}, fastest run");
        if mine.found == 1 {
            assert_eq!(fastest.solutions, mine.solutions, "{what}, fastest run");
        }
        if mine.found == 2 {
            assert_ne!(mine.solutions[0], mine.solutions[1], "{what}");
        }
        // `auto` leaves effort unmeasured by design: its two engines count in different
        // units (guesses, conflicts).
        if solver.name() != "auto" {
            assert!(mine.effort.is_some(), "{what}: effort not measured");
        }
    }
}

macro_rules! behaviour_suite {
    ($($module:ident: $make:expr, other: $other:expr, sets: $sets:expr, unique: $unique:expr;)*) => {$(
        mod $module {
            use super::*;

            fn solver() -> Box<dyn Solver> {
                Box::new($make)
            }

            #[test]
            fn proves_uniqueness_like_another_solver() {
                let (mut solver, mut other) = (solver(), $other);
                for (name, diagonal) in $unique {
                    let rules = PlainRules::classic(diagonal);
                    agrees_on_set(&mut *solver, &mut other, name, &rules);
                }
            }

            #[test]
            fn solves_the_bundled_sets() {
                let mut solver = solver();
                for (name, diagonal) in $sets {
                    let rules = PlainRules::classic(diagonal);
                    solves_set(&mut *solver, name, &rules);
                }
            }

            #[test]
            fn counts_empty_four_by_four_grids() {
                let mut solver = solver();
                let empty = vec![vec![0; 4]; 4];
                for (rules, expected) in [(PlainRules::classic(false), 288), (PlainRules::classic(true), 48)] {
                    let puzzle = to_puzzle(&empty, &rules).unwrap();
                    let count = solver.count(&puzzle, 1000);
                    assert_eq!((count.count, count.complete), (expected, true));
                    let capped = solver.count(&puzzle, 10);
                    assert_eq!((capped.count, capped.complete), (10, false));
                    let exact = solver.count(&puzzle, expected);
                    assert_eq!((exact.count, exact.complete), (expected, true));
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(150))]

                /// Counts agree with the independent backtracker, and with the SAT solver.
                #[test]
                fn counts_agree_on_random_puzzles(
                    cells in proptest::collection::vec(proptest::option::weighted(0.3, 1u32..=4), 16),
                    diagonal: bool,
                ) {
                    let values: Plain = cells.chunks(4).map(|row| row.iter().map(|v| v.unwrap_or(0)).collect()).collect();
                    let rules = PlainRules::classic(diagonal);
                    let Some(puzzle) = to_puzzle(&values, &rules) else { return Ok(()); };
                    let expected = brute_force_count(&values, diagonal, 1000) as u64;
                    let mut solver = solver();
                    prop_assert_eq!(solver.count(&puzzle, 1000).count, expected);
                    prop_assert_eq!(SatSolver::new().count(&puzzle, 1000).count, expected);
                    match solver.solve(&puzzle) {
                        Some(solution) => {
                            prop_assert!(expected > 0);
                            check_solution(&values, &plain(&solution), diagonal).unwrap();
                        }
                        None => prop_assert_eq!(expected, 0),
                    }
                }

                /// Under every rules family on 4×4 and 6×6 (rectangular boxes both ways,
                /// diagonals, disjoint groups, anti-knight, anti-king), counts agree with the
                /// independent backtracker, and every solution found is valid.
                #[test]
                fn counts_agree_under_every_rules_family(
                    (rows, cols) in prop_oneof![Just((2usize, 2usize)), Just((2, 3)), Just((3, 2))],
                    cells in proptest::collection::vec(proptest::option::weighted(0.2, 1u32..=6), 36),
                    flags in proptest::array::uniform4(proptest::bool::weighted(0.25)),
                    transversal in Just((0usize..6).collect::<Vec<usize>>()).prop_shuffle(),
                    pair in (0usize..36, 0usize..36),
                    extras: [bool; 2],
                    jigsaw in proptest::bool::weighted(0.3),
                ) {
                    let size = rows * cols;
                    let values: Plain = cells[..size * size]
                        .chunks(size)
                        .map(|row| row.iter().map(|v| v.filter(|&d| d as usize <= size).unwrap_or(0)).collect())
                        .collect();
                    // On 6×6, jigsaw regions instead of boxes a third of the time.
                    let jigsaw = jigsaw && size == 6;
                    let rules = PlainRules {
                        boxes: Some((rows, cols)),
                        regions: jigsaw.then(|| common::read_regions("variants/jigsaw-6x6.regions")),
                        diagonal: flags[0],
                        disjoint_groups: flags[1] && !jigsaw,
                        anti_knight: flags[2],
                        anti_king: flags[3],
                        // An extra region of one cell per row, and a pair of cells to differ.
                        extra_regions: if extras[0] {
                            let columns: Vec<usize> = transversal.iter().copied().filter(|&c| c < size).collect();
                            vec![columns.into_iter().enumerate().collect()]
                        } else {
                            Vec::new()
                        },
                        pairs: {
                            let (a, b) = ((pair.0 / 6) % size, (pair.1 / 6) % size);
                            let (a, b) = ((a, pair.0 % size), (b, pair.1 % size));
                            if extras[1] && a != b { vec![(a, b)] } else { Vec::new() }
                        },
                        ..PlainRules::default()
                    };
                    let Some(puzzle) = to_puzzle(&values, &rules) else { return Ok(()); };
                    let expected = brute_force_count_under(&values, &rules, 300) as u64;
                    let mut solver = solver();
                    let outcome = solver.run(&puzzle, 300, None);
                    prop_assert_eq!(outcome.found, expected, "{:?}", rules);
                    for solution in &outcome.solutions {
                        check_solution_under(&values, &plain(solution), &rules).unwrap();
                    }
                }
            }
        }
    )*};
}

/// Sets every solver handles in a test's time: 4×4, easy 9×9 and puzzles with no solution.
const SMALL: [(&str, bool); 4] = [
    ("4x4.txt", false),
    ("tokens.txt", false),
    ("diagonal-4x4.txt", true),
    ("unsolvable-4x4.txt", false),
];

/// Hard 9×9 puzzles (the 17-clue one in examples.txt is built to defeat naive
/// backtracking) and 16×16.
const HARD: [(&str, bool); 5] = [
    ("examples.txt", false),
    ("diagonal.txt", true),
    ("unsolvable.txt", false),
    ("unsolvable-diagonal.txt", true),
    ("16x16.txt", false),
];

/// Big and diagonal big grids.
const BIG: [(&str, bool); 3] = [
    ("diagonal-16x16.txt", true),
    ("unsolvable-16x16.txt", false),
    ("25x25.txt", false),
];

/// Sets with puzzles of one, two or no solutions, for uniqueness.
const VERDICTS: [(&str, bool); 4] = [
    ("multiple.txt", false),
    ("empty-4x4.txt", false),
    ("4x4.txt", false),
    ("unsolvable-4x4.txt", false),
];

behaviour_suite! {
    auto: AutoSolver::default(), other: SatSolver::new(),
        sets: SMALL.iter().chain(&HARD).chain(&BIG[..2]).copied(),
        unique: VERDICTS.iter().chain(&HARD).copied();
    sat: SatSolver::new(), other: PropagateSolver::default(),
        sets: SMALL.iter().chain(&HARD).chain(&BIG).copied(),
        unique: VERDICTS.iter().chain(&HARD).copied();
    sat_minimal: SatSolver::with_kind(EncodingKind::Minimal), other: DlxSolver::default(),
        sets: SMALL.iter().chain(&HARD).copied(),
        unique: VERDICTS.iter().chain(&HARD).copied();
    sat_reduced: SatSolver::with_kind(EncodingKind::Reduced), other: DlxSolver::default(),
        sets: SMALL.iter().chain(&HARD).copied(),
        unique: VERDICTS.iter().chain(&HARD).copied();
    sat_extended: SatSolver::with_kind(EncodingKind::Extended), other: DlxSolver::default(),
        sets: SMALL.iter().chain(&HARD).copied(),
        unique: VERDICTS.iter().chain(&HARD).copied();
    bitboard: BitboardSolver::default(), other: SatSolver::new(),
        sets: SMALL.iter().chain(&HARD).copied(),
        unique: VERDICTS.iter().chain(&HARD).copied();
    propagate: PropagateSolver::default(), other: SatSolver::new(),
        sets: SMALL.iter().chain(&HARD).copied(),
        unique: VERDICTS.iter().chain(&HARD).copied();
    dlx: DlxSolver::default(), other: SatSolver::new(),
        sets: SMALL.iter().chain(&HARD).copied(),
        unique: VERDICTS.iter().chain(&HARD).copied();
    naive: NaiveSolver::default(), other: PropagateSolver::default(),
        sets: SMALL.iter().copied(),
        unique: VERDICTS.iter().chain(&SMALL).copied();
}

/// The bitboard solver on random 9×9 puzzles, classic and diagonal: blanked solution grids
/// with their digits relabelled (one, several or, with a stray given, no solutions), its
/// counts agree with SAT's and every solution it reports is valid and keeps the givens.
mod bitboard_nine {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn counts_agree_with_sat(
            diagonal: bool,
            which in 0usize..6,
            relabel in Just((1u32..=9).collect::<Vec<u32>>()).prop_shuffle(),
            keep in proptest::collection::vec(proptest::bool::weighted(0.3), 81),
            stray in proptest::option::weighted(0.3, (0usize..81, 1u32..=9)),
        ) {
            let name = if diagonal { "diagonal.txt" } else { "examples.txt" };
            let solutions: Vec<Plain> = known_solutions(name).into_iter().flatten().collect();
            let solution = &solutions[which % solutions.len()];
            let mut values: Plain = solution
                .iter()
                .enumerate()
                .map(|(r, row)| {
                    row.iter()
                        .enumerate()
                        .map(|(c, &v)| if keep[9 * r + c] { relabel[v as usize - 1] } else { 0 })
                        .collect()
                })
                .collect();
            if let Some((cell, digit)) = stray {
                values[cell / 9][cell % 9] = digit;
            }
            let rules = PlainRules::classic(diagonal);
            let Some(puzzle) = to_puzzle(&values, &rules) else { return Ok(()); };
            let mut bitboard = BitboardSolver::default();
            prop_assert!(bitboard.applies(&puzzle));
            let outcome = bitboard.run(&puzzle, 3, None);
            let expected = SatSolver::new().count(&puzzle, 2);
            prop_assert_eq!(outcome.found, if expected.complete { expected.count } else { 3 });
            prop_assert_eq!(outcome.solutions.len() as u64, outcome.found.min(2));
            prop_assert!(!outcome.timed_out);
            for solution in &outcome.solutions {
                check_solution_under(&values, &plain(solution), &rules).unwrap();
            }
            if outcome.solutions.len() == 2 {
                prop_assert_ne!(&outcome.solutions[0], &outcome.solutions[1]);
            }
        }
    }
}

/// The default solver on empty grids of the big sizes (no givens: SAT drowns in the size of
/// the formula there, and `auto` must hand them to its backtracker): two solutions, each
/// valid, as checked independently.
#[test]
fn auto_finds_two_solutions_of_empty_big_grids() {
    for size in [16, 25, 36, 49, 64] {
        let empty = vec![vec![0; size]; size];
        let rules = PlainRules::classic(false);
        let puzzle = to_puzzle(&empty, &rules).unwrap();
        let outcome = AutoSolver::default().run(&puzzle, 2, None);
        assert_eq!(outcome.found, 2, "{size}×{size}");
        assert!(!outcome.timed_out);
        for solution in &outcome.solutions {
            check_solution_under(&empty, &plain(solution), &rules).unwrap();
        }
    }
}

/// Killer cages (sums from `solution`) and thermometers (cells rising as `solution` does)
/// over 2×2 blocks of an N×N grid, with every seventh cell of `solution` given: a sparse
/// constrained puzzle that `solution` solves, and each constraint's rule checked here on
/// its own for any grid.
struct Constrained {
    givens: Plain,
    cages: Vec<(Vec<(usize, usize)>, u32)>,
    thermometers: Vec<Vec<(usize, usize)>>,
}

impl Constrained {
    fn new(solution: &Plain) -> Constrained {
        let n = solution.len();
        let block = |r: usize, c: usize| vec![(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
        let value = |&(r, c): &(usize, usize)| solution[r][c];
        let corners = [(0, 0), (n / 3, n / 2), (n / 2, 1), (n - 2, n - 2)];
        let cages = corners
            .iter()
            .map(|&(r, c)| {
                let cells = block(r, c);
                let sum = cells.iter().map(value).sum();
                (cells, sum)
            })
            .collect();
        let thermometers = [(2, n - 3), (n - 3, 3), (n / 2 + 2, n / 2 + 2)]
            .iter()
            .map(|&(r, c)| {
                // Any order of a 2×2 block's cells walks from neighbour to neighbour.
                let mut cells = block(r, c);
                cells.sort_by_key(value);
                cells
            })
            .collect();
        let givens = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        if (r * n + c).is_multiple_of(7) {
                            solution[r][c]
                        } else {
                            0
                        }
                    })
                    .collect()
            })
            .collect();
        Constrained {
            givens,
            cages,
            thermometers,
        }
    }

    fn puzzle(&self) -> Puzzle {
        let shape = Shape::from_size(self.givens.len()).unwrap();
        let cell = |&(r, c): &(usize, usize)| shape.cell(r, c).unwrap();
        let mut rules = satdoku::Rules::standard(shape).unwrap();
        for (cells, sum) in &self.cages {
            let cage = satdoku::constraint::Cage::new(cells.iter().map(cell).collect(), Some(*sum));
            rules = rules.with_constraint(cage).unwrap();
        }
        for cells in &self.thermometers {
            let thermometer =
                satdoku::constraint::Thermometer::new(cells.iter().map(cell).collect());
            rules = rules.with_constraint(thermometer).unwrap();
        }
        to_puzzle(&self.givens, &PlainRules::classic(false))
            .map(|p| Puzzle::new(p.grid().clone(), rules).unwrap())
            .unwrap()
    }

    /// Whether `grid` is a solution: the plain rules and givens, different digits adding
    /// up to each cage's sum, and each thermometer rising.
    fn solved_by(&self, grid: &Plain) -> bool {
        let value = |&(r, c): &(usize, usize)| grid[r][c];
        check_solution_under(&self.givens, grid, &PlainRules::classic(false)).is_ok()
            && self.cages.iter().all(|(cells, sum)| {
                let mut digits: Vec<u32> = cells.iter().map(value).collect();
                digits.sort_unstable();
                digits.dedup();
                digits.len() == cells.len() && digits.iter().sum::<u32>() == *sum
            })
            && self
                .thermometers
                .iter()
                .all(|cells| cells.windows(2).all(|w| value(&w[0]) < value(&w[1])))
    }
}

/// Sparse 16×16 and 25×25 puzzles with killer cages and thermometers: `propagate` (checking
/// the constraints as it goes) and SAT (their clauses) find the same number of solutions
/// up to two, each one valid by the constraints' own rules checked here; and `auto`, which
/// gives such grids from 25×25 to its backtracker first, finds valid ones too.
#[test]
fn backtracker_and_sat_agree_on_constrained_big_grids() {
    for name in ["16x16.txt", "25x25.txt"] {
        let solution = known_solutions(name).into_iter().flatten().next().unwrap();
        let constrained = Constrained::new(&solution);
        assert!(
            constrained.solved_by(&solution),
            "{name}: the reference solution"
        );
        let puzzle = constrained.puzzle();
        let mine = PropagateSolver::default().run(&puzzle, 2, None);
        let theirs = SatSolver::new().run(&puzzle, 2, None);
        let auto = AutoSolver::default().run(&puzzle, 2, None);
        assert_eq!(mine.found, theirs.found, "{name}");
        assert_eq!(auto.found, theirs.found, "{name}");
        assert!(theirs.found >= 1, "{name}");
        for solution in mine
            .solutions
            .iter()
            .chain(&theirs.solutions)
            .chain(&auto.solutions)
        {
            assert!(constrained.solved_by(&plain(solution)), "{name}");
        }
        if theirs.found == 1 {
            assert_eq!(mine.solutions, theirs.solutions, "{name}");
        }
    }
}

/// A deadline already past is a timeout for every solver, on every puzzle, however little
/// work the puzzle needs: a timeout means the same whichever solver runs.
#[test]
fn a_past_deadline_times_out_every_solver() {
    let puzzles: Vec<Puzzle> = ["examples.txt", "4x4.txt", "16x16.txt"]
        .iter()
        .flat_map(|name| parse_file(name))
        .map(|values| to_puzzle(&values, &PlainRules::default()).unwrap())
        .collect();
    use satdoku::solvers::SolverKind;
    for kind in std::iter::once(SolverKind::Auto).chain(SolverKind::DISTINCT) {
        let mut solver = kind.solver();
        for puzzle in &puzzles {
            let past = Some(std::time::Instant::now());
            let outcome = solver.run(puzzle, 2, past);
            assert!(
                outcome.timed_out,
                "{} answered past its deadline",
                kind.name()
            );
            assert_eq!(solver.check_until(puzzle, past), None, "{}", kind.name());
        }
    }
}
