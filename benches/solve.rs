//! Criterion benchmarks: every solver (each SAT encoding, each backtracker) on the bundled
//! sets, solving and solving + proving unique; and encoding the rules.
//!
//! `cargo bench --bench solve` runs them all; `cargo bench --bench solve -- unique/propagate`
//! one group and solver. `../shared/data/top95.txt` joins the sets when it is present, and
//! the `reference` group times `check` (the SAT pipeline: solve and prove unique) and the
//! `bitboard` solver (solve and prove unique) on the public sets of `../shared/data/` whose
//! reference rates ../shared/README.md lists.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use satdoku::encode::Encoding;
use satdoku::format::{PuzzleReader, ReadOptions};
use satdoku::solvers::{DISTINCT_SOLVERS, by_name};
use satdoku::{BitboardSolver, Puzzle, RulesSpec, SatSolver, Shape, Solver, Verdict};

/// The puzzles of a set.
fn load(path: &Path, diagonal: bool) -> Vec<Puzzle> {
    let spec = RulesSpec::classic(diagonal);
    let file = BufReader::new(File::open(path).unwrap());
    PuzzleReader::new(file, ReadOptions::default())
        .map(|entry| entry.unwrap().puzzle(&spec).unwrap())
        .collect()
}

/// A named set of puzzles, and whether the naive backtracker finishes it in bench time.
struct Set {
    name: &'static str,
    puzzles: Vec<Puzzle>,
    naive: bool,
}

fn sets() -> Vec<Set> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bundled = |file: &str, diagonal| load(&root.join("puzzles").join(file), diagonal);
    let mut easy = bundled("tokens.txt", false);
    easy.extend(bundled("4x4.txt", false));
    let mut sets = vec![
        Set {
            name: "easy",
            puzzles: easy,
            naive: true,
        },
        Set {
            name: "hard",
            puzzles: bundled("examples.txt", false),
            naive: false,
        },
        Set {
            name: "16x16",
            puzzles: bundled("16x16.txt", false),
            naive: false,
        },
        Set {
            name: "diagonal",
            puzzles: bundled("diagonal.txt", true),
            naive: false,
        },
    ];
    let top95 = root.join("../shared/data/top95.txt");
    if top95.exists() {
        sets.push(Set {
            name: "top95",
            puzzles: load(&top95, false),
            naive: false,
        });
    }
    sets
}

/// `solve` finds one solution per puzzle; `unique` also proves there is no second one
/// (searches for two), as `check` and `compare` do.
fn bench_solvers(c: &mut Criterion) {
    let sets = sets();
    for (group_name, limit) in [("solve", 1), ("unique", 2)] {
        let mut group = c.benchmark_group(group_name);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        for &solver_name in DISTINCT_SOLVERS {
            let mut solver = by_name(solver_name).unwrap();
            for set in &sets {
                if solver_name == "naive" && !set.naive {
                    continue;
                }
                group.throughput(Throughput::Elements(set.puzzles.len() as u64));
                group.bench_function(format!("{solver_name}/{}", set.name), |b| {
                    b.iter(|| {
                        for puzzle in &set.puzzles {
                            let outcome = solver.run(puzzle, limit, None);
                            assert!(outcome.found >= 1);
                        }
                    })
                });
            }
        }
        group.finish();
    }
}

fn bench_encoding(c: &mut Criterion) {
    let mut group = c.benchmark_group("encode-rules");
    for size in [9, 16, 25] {
        let rules = RulesSpec::default()
            .rules_for(Shape::from_size(size).unwrap())
            .unwrap();
        let encoding = Encoding::new(&rules);
        group.bench_function(format!("{size}x{size}"), |b| b.iter(|| encoding.rules()));
    }
    group.finish();
}

/// `check` on the public sets, as `satdoku check --threads 1` runs it, and the `bitboard`
/// solver proving each puzzle unique: elements per second compare directly with the
/// reference table of ../shared/README.md. (17clue: its first
/// 5,000 puzzles, to keep the bench short.) Skipped when ../shared/data is absent.
fn bench_reference(c: &mut Criterion) {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let mut group = c.benchmark_group("reference");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    for (set, take) in [
        ("top1465", usize::MAX),
        ("hardest1106", usize::MAX),
        ("17clue", 5000),
    ] {
        let path = data.join(format!("{set}.txt"));
        if !path.exists() {
            continue;
        }
        let puzzles: Vec<Puzzle> = load(&path, false).into_iter().take(take).collect();
        let mut solver = SatSolver::new();
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(format!("check/{set}"), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    assert!(matches!(solver.check(puzzle), Verdict::Unique { .. }));
                }
            })
        });
        // The bitboard backtracker, solve + prove unique (two solutions looked for).
        let mut bitboard = BitboardSolver::default();
        group.bench_function(format!("bitboard/{set}"), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    assert_eq!(bitboard.run(puzzle, 2, None).found, 1);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solvers, bench_encoding, bench_reference);
criterion_main!(benches);
