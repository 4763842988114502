//! `satdoku generate`: new puzzles with one solution, reproducible from a seed.

use std::ffi::OsStr;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::builder::TypedValueParser;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use satdoku::format::Alphabet;
use satdoku::format::export::About;
use satdoku::generate::{
    GenerateError, Generated, Options, Symmetry, check_options, generate, seeds,
};
use satdoku::rate::{Difficulty, SeBand};
use satdoku::{BoxShape, Grid, Jigsaw, Puzzle, Rules, RulesSpec, Shape};
use serde::Serialize;

use super::args::{InputArgs, OutputArgs, RuleArgs, ThreadArgs, at_least_one};
use super::export::ExportTo;
use super::input;
use super::interrupt::interrupted;
use super::output::{Output, Status, Tally};
use super::progress::{Bar, Total, notice, report};

/// Arguments of `satdoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Grid size N, 4 to 64 (default 9, or the size --boxes or --regions give).
    #[arg(long, value_parser = parse_size, conflicts_with = "layout")]
    size: Option<usize>,
    /// Build on a layout: the one puzzle of FILE (TOML, f-puzzles, SudokuPad or a line),
    /// its rules, constraints and givens kept, givens added until it is unique (and, with
    /// the other options, minimal, of a number of givens, difficulty or rating). Its rules
    /// come from the file (no rule flags with it), and each puzzle is written as `--to`
    /// writes it (TOML unless given). A file with something not read as a rule is refused.
    #[arg(long, value_name = "FILE")]
    layout: Option<std::path::PathBuf>,
    /// Write each puzzle in this form instead of its grid: a SudokuPad or f-puzzles link,
    /// f-puzzles JSON, or satdoku's TOML (in JSON rows as `written`); what a form cannot
    /// hold is refused before generating.
    #[arg(long, value_enum, value_name = "FORM")]
    to: Option<ExportTo>,
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
    written: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A layout to build on: its puzzle, and the title and rules' text its file gives.
struct Layout {
    puzzle: Puzzle,
    title: Option<String>,
    rules_text: Option<String>,
}

/// Reads the layout of `--layout FILE`: one puzzle, read in full.
fn read_layout(path: &Path) -> anyhow::Result<Layout> {
    /// The input flags, for reading the layout as every command reads a file.
    #[derive(clap::Parser)]
    struct LayoutInput {
        #[command(flatten)]
        input: InputArgs,
    }
    let input =
        <LayoutInput as clap::Parser>::try_parse_from([OsStr::new("layout"), path.as_os_str()])
            .context("reading the layout")?
            .input;
    let mut items = Vec::new();
    let errors = input::for_each(&input, |item| {
        items.push(item);
        Ok(())
    })?;
    let name = path.display();
    if errors > 0 || items.len() != 1 {
        anyhow::bail!(
            "--layout {name}: a layout is one puzzle that reads without error; the file holds {} puzzle{}{}",
            items.len(),
            if items.len() == 1 { "" } else { "s" },
            if errors > 0 {
                " and errors (above)"
            } else {
                ""
            }
        );
    }
    let item = items.pop().expect("one item");
    let puzzle = item
        .puzzle
        .map_err(|e| anyhow::anyhow!("--layout {name}: {e}"))?;
    if !item.reading.unread.is_empty() {
        anyhow::bail!(
            "--layout {name}: the file states something not read as a rule ({}): puzzles built on it would leave it out",
            item.reading.unread.join("; ")
        );
    }
    Ok(Layout {
        puzzle,
        title: item.reading.title.clone(),
        rules_text: (item.reading.rules.clone()).or_else(|| item.reading.notes.clone()),
    })
}

/// Generates the puzzles and prints them as they are made, in seed order.
pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let spec = args.rules.spec()?;
    let layout = args.layout.as_deref().map(read_layout).transpose()?;
    if layout.is_some() && spec != RulesSpec::default() {
        anyhow::bail!(
            "--layout FILE gives the rules: drop the rule flags (--boxes, --diagonal …), or write them into the file"
        );
    }
    let implied = spec
        .jigsaw
        .as_ref()
        .map(Jigsaw::shape)
        .or(spec.boxes.map(BoxShape::shape));
    let shape = match args.size {
        Some(size) => Shape::from_size(size).expect("clap checked the size"),
        None => implied.unwrap_or(Shape::NINE),
    };
    let rules = match &layout {
        Some(layout) => Arc::clone(layout.puzzle.rules()),
        None => spec
            .rules_for(shape)
            .map_err(|err| anyhow::anyhow!("{err}{}", super::flag_hints::rules(&err)))
            .context("bad rules")?,
    };
    let options = Options {
        givens: args.givens,
        symmetry: args.symmetry,
        minimal: args.minimal,
        difficulty: args.difficulty,
        rating: args.rating,
        keep: layout.as_ref().map(|l| l.puzzle.grid().clone()),
        ..Options::new(rules)
    };
    check_options(&options)?;
    // A layout's puzzles carry its constraints, which a grid does not show: TOML unless
    // another form is asked for.
    let to = args.to.or(layout.as_ref().map(|_| ExportTo::Toml));
    let about = About {
        title: layout.as_ref().and_then(|l| l.title.as_deref()),
        author: None,
        rules: layout.as_ref().and_then(|l| l.rules_text.as_deref()),
    };
    if let Some(to) = to {
        // What the form cannot hold, it cannot hold for any puzzle of these rules: say so
        // before generating.
        let blank = Puzzle::new(
            layout
                .as_ref()
                .map_or_else(|| Grid::empty(options.shape), |l| l.puzzle.grid().clone()),
            Arc::clone(&options.rules),
        )?;
        to.write(&blank, &about).with_context(|| {
            let name = to.to_possible_value().map(|v| v.get_name().to_string());
            format!("--to {}", name.unwrap_or_default())
        })?;
    }
    let written = |generated: &Generated| -> anyhow::Result<Option<String>> {
        to.map(|to| to.write(&generated.puzzle, &about))
            .transpose()
            .map_err(anyhow::Error::from)
    };
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
        "written",
        "error",
    ]);
    if !out.writes_rows()
        && to.is_none()
        && Rules::standard(options.shape).ok().as_ref() != Some(&*options.rules)
    {
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
                    let written = written(&generated)
                        .with_context(|| format!("writing puzzle {index} (seed {seed})"))?;
                    print(&mut out, index, &generated, written)
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
                            written: None,
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

/// Writes one puzzle: its row, the form `--to` asked for (`written`), or its grid.
fn print(
    out: &mut Output,
    index: usize,
    generated: &Generated,
    written: Option<String>,
) -> std::io::Result<()> {
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
            written,
            error: None,
        })
    } else if let Some(written) = written {
        out.text(written.trim_end())
    } else {
        out.grid(generated.puzzle.grid(), generated.puzzle.rules(), None)
    }
}
