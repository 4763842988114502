//! Criterion benchmarks of setters' drafts that are hard for SAT (`puzzles/drafts/`): each checked (solved and proved unique, or its clash found) by the auto solver, as `satdoku check` does. `cargo bench --bench drafts`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satdoku::format::{PuzzleFile, parse_one};
use satdoku::{AutoSolver, Puzzle, Solver};

/// The drafts that finish in seconds, with the verdict each must give
/// (`hailstone-nocages.toml` takes minutes: a stress case, not a benchmark).
const DRAFTS: &[(&str, &str)] = &[
    ("hailstone.toml", "unique"),
    ("hailstone-nocages-8-givens.toml", "unique"),
    ("little-killer-1-no-givens.toml", "multiple"),
    ("sandwich18.toml", "no_solution"),
    ("sandwich18-rows.toml", "no_solution"),
];

/// The puzzle of a draft's TOML file.
fn draft(name: &str) -> Puzzle {
    let path = format!("{}/puzzles/drafts/{name}", env!("CARGO_MANIFEST_DIR"));
    let file = PuzzleFile::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let grid = parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    Puzzle::new(grid.clone(), file.spec.rules_for(grid.shape()).unwrap()).unwrap()
}

fn bench_drafts(c: &mut Criterion) {
    let mut group = c.benchmark_group("drafts");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(5));
    for &(name, verdict) in DRAFTS {
        let puzzle = draft(name);
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(AutoSolver::default().check(&puzzle).name(), verdict))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_drafts);
criterion_main!(benches);
