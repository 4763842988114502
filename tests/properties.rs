//! Property tests: random puzzles of many sizes and rule sets are solved correctly,
//! grids survive every output format, and no input makes the reader panic.

use crate::common;

use common::{PlainRules, brute_force_count_under, check_solution_under, plain};
use proptest::prelude::*;
use satdoku::format::{Alphabet, OutputFormat, PuzzleReader, ReadOptions, parse_one, write_grid};
use satdoku::{Grid, Puzzle, SatSolver, Shape, Solver};

/// A small deterministic generator driven by a proptest seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random complete grid as numbers: for plain boxes of r×c the pattern grid under random
/// digit, row-in-band, band, column-in-stack and stack permutations; for other rules a
/// solved empty grid under a random relabelling and symmetry of the square.
fn random_complete(size: usize, rules: &PlainRules, rng: &mut Rng) -> Option<Vec<Vec<u32>>> {
    let shape = Shape::from_size(size).unwrap();
    let (box_rows, box_cols) = rules.box_dims(size);
    let mut digits: Vec<u32> = (1..=size as u32).collect();
    rng.shuffle(&mut digits);
    let boxes_only = PlainRules {
        boxes: rules.boxes,
        ..PlainRules::default()
    };
    let base: Vec<Vec<u32>> = if *rules == boxes_only {
        // Bands of `box_rows` rows (there are `box_cols` of them), stacks of `box_cols`
        // columns (`box_rows` of them).
        let order = |rng: &mut Rng, groups: usize, inner: usize| {
            let mut outer: Vec<usize> = (0..groups).collect();
            rng.shuffle(&mut outer);
            outer
                .into_iter()
                .flat_map(|b| {
                    let mut within: Vec<usize> = (0..inner).collect();
                    rng.shuffle(&mut within);
                    within.into_iter().map(move |i| b * inner + i)
                })
                .collect::<Vec<usize>>()
        };
        let rows = order(rng, box_cols, box_rows);
        let cols = order(rng, box_rows, box_cols);
        (0..size)
            .map(|r| {
                (0..size)
                    .map(|c| {
                        let (r, c) = (rows[r], cols[c]);
                        ((box_cols * (r % box_rows) + r / box_rows + c) % size) as u32 + 1
                    })
                    .collect()
            })
            .collect()
    } else {
        {
            let empty = Puzzle::new(Grid::empty(shape), rules.to_lib(size)).unwrap();
            let solved = plain(&SatSolver::new().solve(&empty)?);
            let (transpose, flip) = (box_rows == box_cols && rng.below(2) == 1, rng.below(4));
            (0..size)
                .map(|r| {
                    (0..size)
                        .map(|c| {
                            let (r, c) = if transpose { (c, r) } else { (r, c) };
                            let r = if flip & 1 == 1 { size - 1 - r } else { r };
                            let c = if flip & 2 == 2 { size - 1 - c } else { c };
                            solved[r][c]
                        })
                        .collect()
                })
                .collect()
        }
    };
    Some(
        base.iter()
            .map(|row| row.iter().map(|&v| digits[v as usize - 1]).collect())
            .collect(),
    )
}

fn to_grid(shape: Shape, values: &[Vec<u32>]) -> Grid {
    let mut grid = Grid::empty(shape);
    for (r, row) in values.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            grid.set(shape.cell(r, c).unwrap(), shape.digit(v as usize));
        }
    }
    grid
}

/// Blanks cells of a random complete grid (each with probability `blank`/100) and checks
/// that the solver's answer is a valid solution keeping every given.
fn solves_random_puzzle(size: usize, rules: &PlainRules, seed: u64, blank: u64) {
    let shape = Shape::from_size(size).unwrap();
    let mut rng = Rng(seed);
    let Some(complete) = random_complete(size, rules, &mut rng) else {
        // Some rule sets leave no solution at all: the independent counter must agree.
        let empty = vec![vec![0; size]; size];
        assert_eq!(brute_force_count_under(&empty, rules, 1), 0, "{rules:?}");
        return;
    };
    check_solution_under(&complete, &complete, rules).unwrap();
    let puzzle: Vec<Vec<u32>> = complete
        .iter()
        .map(|row| {
            row.iter()
                .map(|&v| if rng.next() % 100 < blank { 0 } else { v })
                .collect()
        })
        .collect();
    let lib_puzzle = Puzzle::new(to_grid(shape, &puzzle), rules.to_lib(size)).unwrap();
    let solution = SatSolver::new()
        .solve(&lib_puzzle)
        .expect("a puzzle blanked from a complete grid has a solution");
    check_solution_under(&puzzle, &plain(&solution), rules).unwrap();
}

/// Small rule sets: boxes of several shapes, and extra regions and relations on 4×4 to 9×9.
fn small_rules() -> impl Strategy<Value = (usize, PlainRules)> {
    let boxes = prop_oneof![
        Just((2, 2)),
        Just((2, 3)),
        Just((3, 2)),
        Just((2, 4)),
        Just((3, 3))
    ];
    (boxes, any::<[bool; 5]>()).prop_map(|((rows, cols), flags)| {
        let size = rows * cols;
        let square = rows == cols;
        // On 9×9, at most two extra rules: some sets of four have no solution at all, and the
        // independent counter cannot show that in reasonable time (it does on 4×4 and 6×6).
        let mut flags = flags;
        if size == 9 {
            let mut on = 0;
            for flag in flags.iter_mut() {
                on += usize::from(*flag);
                *flag &= on <= 2;
            }
        }
        let rules = PlainRules {
            boxes: Some((rows, cols)),
            regions: None,
            diagonal: flags[0] && size >= 6,
            windoku: flags[1] && square && size == 9,
            disjoint_groups: flags[2],
            // 4×4 with anti-king has no solution; anti-knight on 4×4 and 6×6 neither.
            anti_knight: flags[3] && size >= 8,
            anti_king: flags[4] && size >= 9 && !flags[2],
            ..PlainRules::default()
        };
        (size, rules)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_small_puzzles_are_solved((size, rules) in small_rules(), seed: u64, blank in 0u64..=100) {
        solves_random_puzzle(size, &rules, seed, blank);
    }

    #[test]
    fn every_format_reads_back_what_it_wrote(size in prop_oneof![Just(4), Just(6), Just(8), Just(9), Just(12), Just(16), Just(25), Just(36)], seed: u64, blank in 0u64..=100) {
        let shape = Shape::from_size(size).unwrap();
        let mut rng = Rng(seed);
        let complete = random_complete(size, &PlainRules::default(), &mut rng).unwrap();
        let values: Vec<Vec<u32>> = complete.iter().map(|row| row.iter().map(|&v| if rng.next() % 100 < blank { 0 } else { v }).collect()).collect();
        let grid = to_grid(shape, &values);
        let alphabet = Alphabet::default();
        for format in [OutputFormat::Line, OutputFormat::Block, OutputFormat::Tokens] {
            let text = write_grid(&grid, format, &alphabet);
            let read = parse_one(&text, &ReadOptions::default()).unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"));
            prop_assert_eq!(plain(&read), values.clone(), "{:?}", format);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
        let mut consumed = 0;
        for entry in PuzzleReader::new(&bytes[..], ReadOptions::default()) {
            // Bytes the reader refuses as a whole (a UTF-16 byte-order mark first) end the
            // reading with a message, never a panic.
            let entry = match entry {
                Ok(entry) => entry,
                Err(err) => {
                    prop_assert!(!err.to_string().is_empty());
                    break;
                }
            };
            prop_assert!(entry.line >= 1 && entry.line <= lines);
            // The bytes read through a puzzle grow, end at a line's end, and hold the
            // puzzle's first line.
            let end = entry.consumed as usize;
            prop_assert!(end >= consumed && end <= bytes.len());
            prop_assert!(end == bytes.len() || bytes[end - 1] == b'\n');
            prop_assert!(bytes[..end].iter().filter(|&&b| b == b'\n').count() + 1 >= entry.line);
            consumed = end;
            if let Err(err) = entry.grid {
                prop_assert!(err.line() >= 1 && err.line() <= lines);
            }
        }
    }

    #[test]
    fn puzzle_like_text_never_panics(text in "[0-9A-Ga-g.,|+# \\n-]{0,600}", diagonal: bool) {
        let spec = satdoku::RulesSpec::classic(diagonal);
        let mut solver = SatSolver::new();
        for entry in PuzzleReader::new(text.as_bytes(), ReadOptions::default()) {
            if let Ok(puzzle) = entry.unwrap().puzzle(&spec)
                && let Some(solution) = solver.solve(&puzzle)
            {
                prop_assert!(solution.solves(&puzzle));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Blank fractions avoid the middle band, where randomly blanked big grids get very hard
    /// for any solver (BENCHMARKS.md): this test is about correctness, not endurance.
    #[test]
    fn random_big_puzzles_are_solved(size in prop_oneof![Just(16), Just(25)], diagonal: bool, seed: u64, blank in prop_oneof![0u64..=35, 80u64..=100]) {
        solves_random_puzzle(size, &PlainRules::classic(diagonal), seed, blank);
    }
}
