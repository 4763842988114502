//! Estimated counts (`satdoku::estimate`, `count --estimate`): their intervals hold counts found by an independent brute force, small counts come out exact, and the command's rows carry the estimate.

use crate::common;

use common::{Plain, brute_force_count, parse_file};
use satdoku::estimate::{Magnitude, Sampling, estimate};
use satdoku::{BitboardSolver, Grid, Puzzle, Shape, Solver};

/// A plain puzzle as a library puzzle under classic rules.
fn puzzle_of(grid: &Plain) -> Puzzle {
    let text: String = (grid.iter().flatten())
        .map(|&d| char::from_digit(d, 10).unwrap())
        .collect::<String>()
        .replace('0', ".");
    Puzzle::standard(text.parse::<Grid>().unwrap()).unwrap()
}

/// Drafts with between 1,000 and 20,000 solutions: the bundled 9×9 examples with givens
/// taken away, in an order drawn by a fixed generator, until the library's count passes
/// 1,000; each count then found again by the brute force, which must agree.
fn drafts() -> Vec<(Puzzle, usize)> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut solver = BitboardSolver::default();
    let mut found = Vec::new();
    for mut grid in parse_file("examples.txt") {
        let mut givens: Vec<(usize, usize)> = (0..9)
            .flat_map(|r| (0..9).map(move |c| (r, c)))
            .filter(|&(r, c)| grid[r][c] != 0)
            .collect();
        while !givens.is_empty() && found.len() < 8 {
            let (r, c) = givens.swap_remove(next(givens.len()));
            grid[r][c] = 0;
            let count = solver.count(&puzzle_of(&grid), 20_000);
            if !count.complete {
                break;
            }
            if count.count >= 1_000 {
                let brute = brute_force_count(&grid, false, 20_001);
                assert_eq!(brute as u64, count.count);
                found.push((puzzle_of(&grid), brute));
                break;
            }
        }
    }
    found
}

#[test]
fn intervals_hold_brute_force_counts() {
    let drafts = drafts();
    assert!(drafts.len() >= 5, "only {} drafts", drafts.len());
    let (mut held, mut trials, mut errors) = (0, 0, Vec::new());
    for (puzzle, count) in &drafts {
        for seed in 0..3 {
            let sampling = Sampling {
                seed,
                ..Sampling::default()
            };
            let found = estimate(puzzle, &sampling).unwrap();
            assert!(!found.exact && !found.timed_out && found.probes == 1_000);
            let exact = *count as f64;
            // Each probe ends on a subtree of at most 64 solutions: past that the count is
            // known to exceed 64.
            assert!(found.low.value() >= 64.0);
            if found.low.value() <= exact && exact <= found.high.value() {
                held += 1;
            }
            trials += 1;
            errors.push((found.value.value() - exact).abs() / exact);
        }
    }
    // About 97 % of intervals hold the count (BENCHMARKS.md, "Estimated counts").
    assert!(
        held * 100 >= trials * 90,
        "{held} of {trials} intervals held the count"
    );
    errors.sort_by(f64::total_cmp);
    assert!(
        errors[errors.len() / 2] < 0.15,
        "median error {}",
        errors[errors.len() / 2]
    );
}

#[test]
fn known_counts_of_empty_grids_lie_in_the_interval() {
    // 288 for 4×4, 28,200,960 for 6×6 and 6,670,903,752,021,072,936,960 for 9×9.
    for (size, count) in [(4, 288.0), (6, 28_200_960.0), (9, 6.670_903_752_021_073e21)] {
        let grid = Grid::empty(Shape::from_size(size).unwrap());
        let found = estimate(&Puzzle::standard(grid).unwrap(), &Sampling::default()).unwrap();
        assert!(
            found.low.value() <= count && count <= found.high.value(),
            "{size}×{size}: {found}"
        );
    }
}

#[test]
fn small_counts_are_exact() {
    // Brute-force counts of up to 64 are found outright.
    for grid in parse_file("multiple.txt") {
        let count = brute_force_count(&grid, false, 65);
        if count > 64 {
            continue;
        }
        let found = estimate(&puzzle_of(&grid), &Sampling::default()).unwrap();
        assert!(found.exact);
        assert_eq!(found.value.value().round(), count as f64);
        assert_eq!(found.low, found.high);
    }
}

#[test]
fn the_same_seed_gives_the_same_estimate() {
    let grid = parse_file("examples.txt").swap_remove(0);
    let mut sparse = grid.clone();
    for row in sparse.iter_mut().take(4) {
        row.fill(0);
    }
    let puzzle = puzzle_of(&sparse);
    let sampling = Sampling {
        probes: 50,
        seed: 7,
        deadline: None,
    };
    let first = estimate(&puzzle, &sampling).unwrap();
    assert_eq!(first, estimate(&puzzle, &sampling).unwrap());
    let other = Sampling {
        seed: 8,
        ..sampling
    };
    assert_ne!(first, estimate(&puzzle, &other).unwrap());
}

#[test]
fn magnitudes_beyond_a_double_keep_their_exponent() {
    // e^1000 = 1.97e434.
    let huge = Magnitude::from_ln(1000.0);
    assert_eq!(huge.to_string(), "1.97e434");
    assert!(huge.value().is_infinite());
    assert_eq!(Magnitude::new(512.0).to_string(), "512");
    assert_eq!(Magnitude::new(99_960.0).to_string(), "1.00e5");
    assert_eq!(Magnitude::ZERO.to_string(), "0");
}

#[test]
fn a_passed_deadline_gives_no_estimate() {
    let grid = Grid::empty(Shape::from_size(16).unwrap());
    let sampling = Sampling {
        deadline: Some(std::time::Instant::now()),
        ..Sampling::default()
    };
    assert!(estimate(&Puzzle::standard(grid).unwrap(), &sampling).is_err());
}

#[cfg(feature = "cli")]
mod cli {
    use super::common::run;

    /// A 6×6 killer draft (three cages, no givens) with 9,792 solutions.
    const KILLER: &str = "puzzles/drafts/killer-6x6-three-cages.toml";

    #[test]
    fn count_estimate_holds_a_constraint_puzzles_count() {
        let (code, out, _) = run(&["count", "--limit", "100000", KILLER], "");
        assert_eq!((code, out.trim()), (Some(0), "9792"));
        let (code, out, err) = run(
            &["count", "--limit", "10", "--estimate", "-f", "json", KILLER],
            "",
        );
        assert_eq!(code, Some(0), "{err}");
        let row: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(row["status"], "multiple");
        assert_eq!(
            (row["count"].as_u64(), row["complete"].as_bool()),
            (Some(10), Some(false))
        );
        assert_eq!(row["probes"], 1000);
        let (low, high) = (row["low"].as_f64().unwrap(), row["high"].as_f64().unwrap());
        assert!(low <= 9792.0 && 9792.0 <= high, "{row}");
    }

    #[test]
    fn count_estimate_text_and_exact_small_counts() {
        // 12 solutions past a limit of 5: the estimate finds the exact count.
        let puzzle = "1234............";
        let (code, out, _) = run(&["count", "--limit", "5", "--estimate"], puzzle);
        assert_eq!((code, out.trim()), (Some(0), "12"));
        let (_, out, _) = run(&["count", "--limit", "5"], puzzle);
        assert_eq!(out.trim(), "5+");
        let empty = ".".repeat(81);
        let args = [
            "count",
            "--limit",
            "100",
            "--estimate",
            "--probes",
            "40",
            "--seed",
            "3",
        ];
        let (code, out, _) = run(&args, &empty);
        assert_eq!(code, Some(0));
        assert!(
            out.starts_with("100+ about ")
                && out.contains("(95% interval ")
                && out.contains(", 40 probes)"),
            "{out}"
        );
        // The same seed, the same estimate.
        assert_eq!(run(&args, &empty).1, out);
    }

    #[test]
    fn estimate_flags_are_checked() {
        for bad in [
            &["count", "--estimate", "--probes", "1"][..],
            &["count", "--probes", "10"],
            &["count", "--seed", "1"],
        ] {
            let (code, _, err) = run(bad, "1234............");
            assert_eq!(code, Some(2), "{bad:?}: {err}");
        }
    }
}
