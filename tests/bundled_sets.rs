//! Every bundled puzzle set is read, solved and checked by an independent validator, and
//! compared with its known solutions (computed by an independent SAT solver).

use crate::common;

use std::fs::File;
use std::io::BufReader;

use common::{check_solution, known_solutions, parse_file, plain, puzzle_path};
use satdoku::format::{PuzzleReader, ReadOptions};
use satdoku::{Grid, Puzzle, RulesSpec, SatSolver, Shape, Solver};

/// Solves every puzzle of `name` and checks it; `unique` sets must match their known solutions.
fn check_set(name: &str, diagonal: bool, unique: bool) {
    let spec = RulesSpec::classic(diagonal);
    let expected = parse_file(name);
    let known = known_solutions(name);
    let file = BufReader::new(File::open(puzzle_path(name)).unwrap());
    let mut solver = SatSolver::new();
    let mut count = 0;
    for (i, entry) in PuzzleReader::new(file, ReadOptions::default()).enumerate() {
        let entry = entry.unwrap();
        assert_eq!(entry.index, i + 1);
        let puzzle = entry
            .puzzle(&spec)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            plain(puzzle.grid()),
            expected[i],
            "{name} #{}: read wrongly",
            i + 1
        );
        let solution = solver.solve(&puzzle);
        match (&known[i], solution) {
            (None, None) => {}
            (None, Some(_)) => panic!("{name} #{}: solved a puzzle with no solution", i + 1),
            (Some(_), None) => panic!("{name} #{}: no solution found", i + 1),
            (Some(known), Some(solution)) => {
                let solution = plain(&solution);
                check_solution(&expected[i], &solution, diagonal)
                    .unwrap_or_else(|e| panic!("{name} #{}: {e}", i + 1));
                if unique {
                    assert_eq!(&solution, known, "{name} #{}", i + 1);
                }
            }
        }
        count += 1;
    }
    assert_eq!(count, expected.len(), "{name}: puzzles read");
    assert!(count > 0);
}

macro_rules! sets {
    ($($test:ident: $file:literal, $variant:ident, $unique:literal;)*) => {$(
        #[test]
        fn $test() {
            check_set($file, stringify!($variant) == "Diagonal", $unique);
        }
    )*};
}

sets! {
    examples: "examples.txt", Standard, true;
    tokens: "tokens.txt", Standard, true;
    four: "4x4.txt", Standard, true;
    sixteen: "16x16.txt", Standard, true;
    twenty_five: "25x25.txt", Standard, true;
    thirty_six: "36x36.txt", Standard, false;
    forty_nine: "49x49.txt", Standard, false;
    sixty_four: "64x64.txt", Standard, false;
    diagonal_four: "diagonal-4x4.txt", Diagonal, true;
    diagonal_nine: "diagonal.txt", Diagonal, true;
    diagonal_sixteen: "diagonal-16x16.txt", Diagonal, true;
    unsolvable: "unsolvable.txt", Standard, true;
    unsolvable_four: "unsolvable-4x4.txt", Standard, true;
    unsolvable_sixteen: "unsolvable-16x16.txt", Standard, true;
    unsolvable_diagonal: "unsolvable-diagonal.txt", Diagonal, true;
}

/// An empty grid is solved under classic rules, up to 25×25, with rectangular boxes too
/// (6×6 to 20×20), and with both diagonals on the square-box sizes. (Larger empty grids
/// take the SAT solver seconds to minutes — 64×64 over a minute — so the bundled 36×36 to
/// 64×64 puzzles above stand for those sizes.)
#[test]
fn empty_grids_are_solved() {
    let mut solver = SatSolver::new();
    for size in [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 25] {
        let shape = Shape::from_size(size).unwrap();
        let square = size.isqrt().pow(2) == size;
        for diagonal in [false, true].into_iter().filter(|&d| square || !d) {
            let spec = RulesSpec::classic(diagonal);
            let puzzle = Puzzle::new(Grid::empty(shape), spec.rules_for(shape).unwrap()).unwrap();
            let solution = plain(&solver.solve(&puzzle).unwrap());
            let empty = vec![vec![0; size]; size];
            check_solution(&empty, &solution, diagonal)
                .unwrap_or_else(|e| panic!("{shape} diagonal {diagonal}: {e}"));
        }
    }
}

/// Solved as standard puzzles, the diagonal puzzles get solutions that break a diagonal,
/// so the diagonal sets above pass because of the diagonal clauses and not by luck.
#[test]
fn diagonal_puzzles_need_the_diagonal_rule() {
    let mut solver = SatSolver::new();
    let mut broken = 0;
    for name in ["diagonal-4x4.txt", "diagonal.txt", "diagonal-16x16.txt"] {
        let file = BufReader::new(File::open(puzzle_path(name)).unwrap());
        for (entry, expected) in
            PuzzleReader::new(file, ReadOptions::default()).zip(parse_file(name))
        {
            let puzzle = entry.unwrap().puzzle(&RulesSpec::default()).unwrap();
            let solution = plain(&solver.solve(&puzzle).unwrap());
            check_solution(&expected, &solution, false).unwrap();
            if check_solution(&expected, &solution, true).is_err() {
                broken += 1;
            }
        }
    }
    assert!(broken > 0, "no standard solution broke a diagonal");
}
