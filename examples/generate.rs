//! Generates a few 9×9 puzzles with a unique solution and rates them.
//!
//! ```sh
//! cargo run --release --example generate            # 3 puzzles from seed 1
//! cargo run --release --example generate -- 5 42    # 5 puzzles from seed 42
//! ```

use std::error::Error;
use std::process::ExitCode;

use satdoku::generate::{Options, Symmetry, generate, seeds};
use satdoku::{Rules, Shape};

fn main() -> ExitCode {
    // Errors (a bad argument, a timeout) print as their messages.
    run().map_or_else(
        |error| {
            eprintln!("error: {error}");
            ExitCode::from(2)
        },
        |()| ExitCode::SUCCESS,
    )
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().map_or(Ok(3), |n| n.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |s| s.parse())?;
    let mut options = Options::new(Rules::standard(Shape::NINE)?);
    // Givens in a pattern that a half turn maps onto itself, removed until none can go.
    options.symmetry = Symmetry::Rot180;
    // The same seeds give the same puzzles on every machine; `seeds` numbers a batch.
    for seed in seeds(seed).take(count) {
        let made = generate(&options, seed)?;
        println!("{}", made.puzzle.grid());
        println!("  solution {}", made.solution);
        println!(
            "  {} givens, {}",
            made.puzzle.grid().given_count(),
            made.rating
        );
    }
    Ok(())
}
