//! Criterion benchmarks of estimated counts: one estimate of 1,000 probes on an empty 9×9, an empty 16×16 and a 6×6 killer draft, on one thread. `cargo bench --bench estimate`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satdoku::estimate::{Sampling, estimate};
use satdoku::format::{PuzzleFile, parse_one};
use satdoku::{Grid, Puzzle, Shape};

/// The puzzle of a bundled TOML file.
fn bundled(path: &str) -> Puzzle {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let file = PuzzleFile::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let grid = parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    Puzzle::new(grid.clone(), file.spec.rules_for(grid.shape()).unwrap()).unwrap()
}

fn bench_estimate(c: &mut Criterion) {
    let mut group = c.benchmark_group("estimate");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(10));
    let empty = |size| Puzzle::standard(Grid::empty(Shape::from_size(size).unwrap())).unwrap();
    for (name, puzzle) in [
        ("empty-9x9", empty(9)),
        ("empty-16x16", empty(16)),
        (
            "killer-6x6-draft",
            bundled("puzzles/drafts/killer-6x6-three-cages.toml"),
        ),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| estimate(&puzzle, &Sampling::default()).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_estimate);
criterion_main!(benches);
