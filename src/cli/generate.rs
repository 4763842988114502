//! `satdoku generate`: new puzzles with one solution, reproducible from a seed.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use clap::builder::TypedValueParser;
use rayon::prelude::*;
use satdoku::format::Alphabet;
use satdoku::generate::{
    GenerateError, Generated, Options, Symmetry, check_options, generate, seeds,
};
use satdoku::rate::{Difficulty, SeBand};
use satdoku::{BoxShape, Jigsaw, Rules, Shape};
use serde::Serialize;

use super::args::{OutputArgs, RuleArgs, ThreadArgs, at_least_one};
use super::interrupt::interrupted;
use super::output::{Output, Status, Tally};
use super::progress::{Bar, Total, notice, report};

/// Arguments of `satdoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Grid size N, 4 to 64 (default 9, or the size --boxes or --regions give).
    #[arg(long, value_parser = parse_size)]
    size: Option<usize>,
    #[command(flatten)]
    rules: RuleArgs,
    /// How many puzzles (at least 1).
    #[arg(long, default_value_t = 1, value_parser = at_least_one)]
    count: u64,
    /// The seed: the same seed and options give the same puzzles on every machine. Without
    /// one, a fresh seed is drawn and printed on stderr.
    #[arg(long)]
    seed: Option<u64>,
    /// Exactly this many givens (default: remove givens until none can go).
    #[arg(long)]
    givens: Option<usize>,
    /// Symmetry of the givens' pattern.
    #[arg(long, default_value = "none", value_parser = clap::builder::PossibleValuesParser::new(["none", "rot180", "rot90", "mirror", "diagonal"]).map(|s| s.parse::<Symmetry>().expect("listed")))]
    symmetry: Symmetry,
    /// No given (no orbit of givens, under --symmetry) can be removed without losing
    /// uniqueness. Always so without --givens; with it, only such puzzles are kept.
    #[arg(long)]
    minimal: bool,
    /// Only puzzles of this difficulty (see `satdoku rate`).
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(["easy", "medium", "hard", "expert"]).map(|s| s.parse::<Difficulty>().expect("listed")))]
    difficulty: Option<Difficulty>,
    /// Only puzzles whose rating on Sudoku Explainer's scale (as `satdoku rate --scale se`
    /// gives it) lies in this band: `A-B`, both ends included, or one rating `A` (`2.5-4`,
    /// `7.2`). Minimal puzzles mostly rate below 4.5: a high band may take many grids (see
    /// --timeout).
    #[arg(long, value_name = "A-B", value_parser = |s: &str| s.parse::<SeBand>())]
    rating: Option<SeBand>,
    /// Give up on a puzzle after this long (`10s`, `2m`); it is reported and the batch
    /// goes on. Rare requests (few givens, a rare difficulty) and big grids may need more.
    #[arg(long, value_parser = humantime::parse_duration, default_value = "1m")]
    timeout: Duration,
    #[command(flatten)]
    threads: ThreadArgs,
    #[command(flatten)]
    output: OutputArgs,
}

fn parse_size(text: &str) -> Result<usize, String> {
    let size: usize = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number"))?;
    Shape::from_size(size)
        .map(Shape::size)
        .ok_or_else(|| format!("{size} is not a supported size (4 to 64)"))
}

/// A JSON row of `generate`.
#[derive(Serialize)]
struct Row {
    index: usize,
    status: Status,
    seed: u64,
    size: usize,
    rules: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Generates the puzzles and prints them as they are made, in seed order.
pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let spec = args.rules.spec()?;
    let implied = spec
        .jigsaw
        .as_ref()
        .map(Jigsaw::shape)
        .or(spec.boxes.map(BoxShape::shape));
    let shape = match args.size {
        Some(size) => Shape::from_size(size).expect("clap checked the size"),
        None => implied.unwrap_or(Shape::NINE),
    };
    let rules = spec
        .rules_for(shape)
        .map_err(|err| anyhow::anyhow!("{err}{}", super::flag_hints::rules(&err)))
        .context("bad rules")?;
    let options = Options {
        givens: args.givens,
        symmetry: args.symmetry,
        minimal: args.minimal,
        difficulty: args.difficulty,
        rating: args.rating,
        ..Options::new(rules)
    };
    check_options(&options)?;
    let seed = args.seed.unwrap_or_else(|| {
        let seed = rand::random::<u64>() >> 11;
        notice(&format!(
            "satdoku: seed {seed} (pass --seed {seed} to generate these puzzles again)"
        ));
        seed
    });
    let pool = args.threads.pool()?;
    let mut out = Output::stdout(args.output.format, Alphabet::default())?;
    out.csv_fields_alone(&[
        "index",
        "status",
        "seed",
        "size",
        "rules",
        "puzzle",
        "solution",
        "givens",
        "rating",
        "difficulty",
        "hardest",
        "guesses",
        "error",
    ]);
    if !out.writes_rows() && Rules::standard(shape).ok().as_ref() != Some(&*options.rules) {
        // The grids alone do not say their rules: a comment line (which the reader skips)
        // does.
        out.comment(&format!("rules: {}", options.rules))
            .context("writing the output")?;
    }
    let progress = Bar::new("puzzles", Total::Items(args.count));
    let mut tally = Tally::default();
    let seeds: Vec<u64> = seeds(seed).take(args.count as usize).collect();
    // Puzzles are made in chunks, in parallel, and printed in order as each chunk ends.
    let chunk = pool.current_num_threads() * 2;
    for (c, batch) in seeds.chunks(chunk).enumerate() {
        if interrupted() {
            break;
        }
        let results: Vec<Result<Generated, GenerateError>> = pool.install(|| {
            batch
                .par_iter()
                .map(|&seed| {
                    let options = Options {
                        deadline: Some(Instant::now() + args.timeout),
                        ..options.clone()
                    };
                    generate(&options, seed)
                })
                .collect()
        });
        for (i, (result, &seed)) in results.into_iter().zip(batch).enumerate() {
            let index = c * chunk + i + 1;
            progress.inc(0);
            match result {
                Ok(generated) => {
                    tally.record(Status::Generated, true);
                    print(&mut out, index, &generated)
                }
                Err(GenerateError::Impossible(why)) => anyhow::bail!("{why}"),
                Err(err) => {
                    tally.record(Status::Timeout, false);
                    let err = format!("{err}{}", super::flag_hints::generate(&err));
                    report(&format!("satdoku: puzzle {index} (seed {seed}): {err}"));
                    if out.writes_rows() {
                        out.write_row(&Row {
                            index,
                            status: Status::Timeout,
                            seed,
                            size: options.shape.size(),
                            rules: options.rules.to_string(),
                            puzzle: None,
                            solution: None,
                            givens: None,
                            rating: None,
                            difficulty: None,
                            hardest: None,
                            guesses: None,
                            error: Some(err),
                        })
                    } else {
                        Ok(())
                    }
                }
            }
            .and_then(|()| out.commit())
            .context("writing the output")?;
        }
    }
    progress.finish();
    out.finish(tally, 0)
}

fn print(out: &mut Output, index: usize, generated: &Generated) -> std::io::Result<()> {
    if out.writes_rows() {
        let rating = &generated.rating;
        out.write_row(&Row {
            index,
            status: Status::Generated,
            seed: generated.seed,
            size: generated.puzzle.shape().size(),
            rules: generated.puzzle.rules().to_string(),
            puzzle: Some(out.line(generated.puzzle.grid(), None)),
            solution: Some(out.line(&generated.solution, None)),
            givens: Some(generated.puzzle.grid().given_count()),
            rating: Some(rating.se()),
            difficulty: Some(rating.difficulty.name()),
            hardest: Some(rating.hardest.name()),
            guesses: rating.guesses,
            error: None,
        })
    } else {
        out.grid(generated.puzzle.grid(), generated.puzzle.rules(), None)
    }
}
