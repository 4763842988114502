//! Criterion benchmarks of canonical forms: every puzzle of a set canonicalised in turn on one thread (parsed first), and the symmetries of rules that add houses found. `cargo bench --bench canon`.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use satdoku::canon::Symmetries;
use satdoku::rules::GlobalRule;
use satdoku::{Grid, Rules, Shape};

/// The puzzles of a bundled file, or of the shared benchmark set when it is there.
fn puzzles(path: &str) -> Option<Vec<Grid>> {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).ok()?;
    let grids = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.parse().ok())
        .collect();
    Some(grids)
}

fn bench_canon(c: &mut Criterion) {
    let classic = Symmetries::of(&Rules::standard(Shape::NINE).unwrap());
    let mut group = c.benchmark_group("canon");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(5));
    for (name, path) in [
        ("17clue", "../shared/data/17clue.txt"),
        ("top1465", "../shared/data/top1465.txt"),
        ("examples", "puzzles/examples.txt"),
    ] {
        let Some(grids) = puzzles(path) else {
            eprintln!("canon/{name}: {path} is absent, skipped");
            continue;
        };
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for grid in &grids {
                    classic.canonical(grid).unwrap();
                }
            })
        });
    }
    let diagonal = Rules::standard(Shape::NINE)
        .unwrap()
        .with_global(GlobalRule::Diagonal)
        .unwrap();
    group.bench_function("symmetries of diagonal rules", |b| {
        b.iter(|| Symmetries::of(&diagonal).moves())
    });
    group.finish();
}

criterion_group!(benches, bench_canon);
criterion_main!(benches);
