//! Criterion benchmarks of counts past listing: one estimate of 1,000 probes (empty 9×9, empty 16×16, a 6×6 killer draft) and capped per-candidate counts (empty 9×9, a 9×9 draft of 6,627 solutions, the killer draft), on one thread. `cargo bench --bench estimate`.

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

/// A group of runs that take up to seconds each: ten samples.
fn slow_group<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(10));
    group
}

fn bench_estimate(c: &mut Criterion) {
    let mut group = slow_group(c, "estimate");
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

fn bench_capped_counts(c: &mut Criterion) {
    let mut group = slow_group(c, "capped_counts");
    let of = |text: &str| Puzzle::standard(text.parse::<Grid>().unwrap()).unwrap();
    // The Wikipedia example with every fourth given taken away: 6,627 solutions.
    let draft = ".3..7....6...95....9.....6.8...6....4..8.3...7...2...6......28....4.9..5....8...9";
    for (name, puzzle, cap) in [
        ("empty-9x9-cap-100", of(&".".repeat(81)), 100),
        ("draft-9x9-cap-100", of(draft), 100),
        ("draft-9x9-cap-1000", of(draft), 1000),
        (
            "killer-6x6-draft-cap-100",
            bundled("puzzles/drafts/killer-6x6-three-cages.toml"),
            100,
        ),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| satdoku::truth::capped_solution_counts(&puzzle, cap))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_estimate, bench_capped_counts);
criterion_main!(benches);
