//! Criterion benchmarks of logical solving: `explain`'s path on a newspaper puzzle, the
//! rating of a hard set, and true candidates on 9×9.
//!
//! `cargo bench --bench logic`; `../shared/data/top95.txt` joins when it is present.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use satdoku::format::{PuzzleReader, ReadOptions};
use satdoku::logic::explain;
use satdoku::{Grid, Layout, Puzzle, RulesSpec};

/// The Wikipedia puzzle: a typical newspaper puzzle, singles only.
const NEWSPAPER: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The puzzles of a set.
fn load(path: &Path) -> Vec<Puzzle> {
    let spec = RulesSpec::classic(false);
    let file = BufReader::new(File::open(path).unwrap());
    PuzzleReader::new(file, ReadOptions::default())
        .map(|entry| entry.unwrap().puzzle(&spec).unwrap())
        .collect()
}

fn logic(c: &mut Criterion) {
    let newspaper = Puzzle::standard(NEWSPAPER.parse::<Grid>().unwrap()).unwrap();
    let layout = Layout::new(newspaper.rules());
    c.bench_function("explain/newspaper", |b| {
        b.iter(|| explain(&layout, newspaper.grid(), true))
    });
    c.bench_function("candidates/newspaper", |b| {
        b.iter(|| satdoku::truth::true_candidates(&newspaper))
    });
    let multiple = Puzzle::standard(
        "....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse::<Grid>()
            .unwrap(),
    )
    .unwrap();
    c.bench_function("candidates/loose", |b| {
        b.iter(|| satdoku::truth::true_candidates(&multiple))
    });
    let top95 = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/top95.txt");
    if top95.exists() {
        let puzzles = load(&top95);
        let mut group = c.benchmark_group("explain");
        group.sample_size(10);
        group.bench_function("top95", |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    explain(&layout, puzzle.grid(), true);
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, logic);
criterion_main!(benches);
