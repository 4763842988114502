//! Criterion benchmarks of pictures: the SVG of a 9×9 puzzle and of a killer with its solution, and the PNG of a 9×9.
//!
//! `cargo bench --bench render`.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use satdoku::format::{Notation, PuzzleFile, parse_one};
use satdoku::render::{Overlays, png, svg};
use satdoku::{Grid, Puzzle};

/// The Wikipedia puzzle.
const NEWSPAPER: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn render(c: &mut Criterion) {
    let notation = Notation::default();
    let plain = Overlays::default();
    let newspaper = Puzzle::standard(NEWSPAPER.parse::<Grid>().unwrap()).unwrap();
    c.bench_function("svg/newspaper", |b| {
        b.iter(|| svg(&newspaper, &notation, &plain))
    });
    let picture = svg(&newspaper, &notation, &plain);
    c.bench_function("png/newspaper", |b| b.iter(|| png(&picture).unwrap()));

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("puzzles/variants/killer.toml")).unwrap();
    let file = PuzzleFile::parse(&text).unwrap();
    let grid: Grid = parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    let killer = Puzzle::new(grid.clone(), file.spec.rules_for(grid.shape()).unwrap()).unwrap();
    let solution = satdoku::solve(&killer).unwrap();
    let solved = Overlays {
        solution: Some(&solution),
        ..Overlays::default()
    };
    c.bench_function("svg/killer-solved", |b| {
        b.iter(|| svg(&killer, &notation, &solved))
    });
}

criterion_group!(benches, render);
criterion_main!(benches);
