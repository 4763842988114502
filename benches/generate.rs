//! Criterion benchmarks of the generator: one minimal unique puzzle per iteration, 9×9 and
//! 16×16, standard and diagonal; and rating. `cargo bench --bench generate`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satdoku::generate::{Options, Symmetry, generate, seeds};
use satdoku::rate::rate;
use satdoku::{RulesSpec, Shape};

fn bench_generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (name, size, diagonal, symmetry) in [
        ("9x9", 9, false, Symmetry::None),
        ("9x9-rot180", 9, false, Symmetry::Rot180),
        ("9x9-diagonal", 9, true, Symmetry::None),
        ("16x16", 16, false, Symmetry::None),
    ] {
        let options = Options {
            symmetry,
            ..Options::new(
                RulesSpec::classic(diagonal)
                    .rules_for(Shape::from_size(size).unwrap())
                    .unwrap(),
            )
        };
        // A different seed each iteration, the same sequence each run.
        let mut next = seeds(1);
        group.bench_function(name, |b| {
            b.iter(|| generate(&options, next.next().unwrap()).unwrap())
        });
    }
    group.finish();

    let puzzles: Vec<_> = seeds(2)
        .take(20)
        .map(|seed| {
            generate(
                &Options::new(RulesSpec::default().rules_for(Shape::NINE).unwrap()),
                seed,
            )
            .unwrap()
        })
        .collect();
    c.bench_function("rate/9x9", |b| {
        b.iter(|| {
            for generated in &puzzles {
                rate(&generated.puzzle);
            }
        })
    });
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
