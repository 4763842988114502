//! Criterion benchmarks: the SAT solver on the bundled puzzle sets, and encoding the rules.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use satdoku::encode::Encoding;
use satdoku::format::{PuzzleReader, ReadOptions};
use satdoku::{Puzzle, SatSolver, Shape, Solver, Variant};

/// The puzzles of a bundled set (or of `../shared/data`, when the path is relative to it).
fn load(path: &Path, variant: Variant) -> Vec<Puzzle> {
    let file = BufReader::new(File::open(path).unwrap());
    PuzzleReader::new(file, ReadOptions::default())
        .map(|entry| entry.unwrap().puzzle(variant).unwrap())
        .collect()
}

fn bench_sets(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sets = vec![
        (
            "examples",
            root.join("puzzles/examples.txt"),
            Variant::Standard,
        ),
        ("16x16", root.join("puzzles/16x16.txt"), Variant::Standard),
        ("25x25", root.join("puzzles/25x25.txt"), Variant::Standard),
        (
            "diagonal",
            root.join("puzzles/diagonal.txt"),
            Variant::Diagonal,
        ),
    ];
    let shared = root.join("../shared/data/top95.txt");
    if shared.exists() {
        sets.push(("top95", shared, Variant::Standard));
    }
    let mut group = c.benchmark_group("sat-solve");
    group.sample_size(10);
    for (name, path, variant) in &sets {
        let puzzles = load(path, *variant);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        let mut solver = SatSolver::new();
        group.bench_function(*name, |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    assert!(solver.solve(puzzle).is_some());
                }
            })
        });
    }
    group.finish();

    // Solve and prove unique (count up to 2) with every approach, on the 9×9 sets the
    // backtrackers finish in reasonable time (naive only on the easy one).
    let mut group = c.benchmark_group("unique");
    group.sample_size(10);
    for (name, path, variant) in &sets {
        if !matches!(*name, "examples" | "diagonal" | "top95") {
            continue;
        }
        let puzzles = load(path, *variant);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        for solver_name in ["sat", "propagate", "dlx"] {
            let mut solver = satdoku::solvers::by_name(solver_name).unwrap();
            group.bench_function(format!("{solver_name}/{name}"), |b| {
                b.iter(|| {
                    for puzzle in &puzzles {
                        assert_eq!(solver.count(puzzle, 1).count, 1);
                    }
                })
            });
        }
    }
    let easy = load(&root.join("puzzles/tokens.txt"), Variant::Standard);
    let mut naive = satdoku::NaiveSolver::default();
    group.throughput(Throughput::Elements(1));
    group.bench_function("naive/tokens", |b| {
        b.iter(|| assert_eq!(naive.count(&easy[0], 1).count, 1))
    });
    group.finish();
}

fn bench_encoding(c: &mut Criterion) {
    let mut group = c.benchmark_group("encode-rules");
    for size in [9, 16, 25] {
        let encoding = Encoding::new(Shape::from_size(size).unwrap(), Variant::Standard);
        group.bench_function(format!("{size}x{size}"), |b| b.iter(|| encoding.rules()));
    }
    group.finish();
}

criterion_group!(benches, bench_sets, bench_encoding);
criterion_main!(benches);
