//! Criterion benchmarks of variant constraints: each bundled family's 9×9 puzzles checked
//! (solve and prove unique) by the default SAT solver. `cargo bench --bench constraints`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satdoku::format::{parse_fpuzzles, parse_one};
use satdoku::{Puzzle, SatSolver, Solver};

/// The folder of the bundled constraint puzzles, `FAMILY-K.json`.
const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/variants/constraints");

/// The families of the bundled puzzles, from their file names.
fn families() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(DIR)
        .unwrap()
        .filter_map(|entry| {
            let name = entry.unwrap().file_name().into_string().ok()?;
            let stem = name.strip_suffix(".json")?;
            Some(stem.rsplit_once('-')?.0.to_owned())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The puzzles of a family's bundled 9×9 files.
fn family(name: &str) -> Vec<Puzzle> {
    let dir = DIR;
    (1..=3)
        .filter_map(|k| std::fs::read_to_string(format!("{dir}/{name}-{k}.json")).ok())
        .map(|text| {
            let file = parse_fpuzzles(&text).unwrap();
            let grid = parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
            Puzzle::new(grid.clone(), file.spec.rules_for(grid.shape()).unwrap()).unwrap()
        })
        .filter(|p| p.shape().size() == 9)
        .collect()
}

fn bench_constraints(c: &mut Criterion) {
    let mut group = c.benchmark_group("check-9x9");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for name in families() {
        let puzzles = family(&name);
        let mut solver = SatSolver::new();
        // Per puzzle: the time of the family's 9×9 puzzles divided by their number.
        group.bench_function(
            format!("{name} (per puzzle, {} puzzles)", puzzles.len()),
            |b| {
                b.iter_custom(|iters| {
                    let start = std::time::Instant::now();
                    for _ in 0..iters {
                        for puzzle in &puzzles {
                            assert_eq!(solver.check(puzzle).name(), "unique");
                        }
                    }
                    start.elapsed() / puzzles.len().max(1) as u32
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_constraints);
criterion_main!(benches);
