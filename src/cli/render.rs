//! `satdoku render`: a picture of each puzzle (SVG or PNG) as setters' tools draw it, with a solution, candidates, a clash or a logical step on it.

use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use satdoku::check::Verdict;
use satdoku::logic::{Board, Step, explain};
use satdoku::render::{Overlays, svg_panels, verdict_panels};
use satdoku::truth::{SolutionCounts, capped_solution_counts};
use satdoku::{AutoSolver, Candidates, Layout, Puzzle, Solver};

use super::args::{InputArgs, ThreadArgs};
use super::input::{self, Item};
use super::output::{Status, Stems, Tally};
use super::step::step_overlays;

/// Arguments of `satdoku render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// The picture's format: `svg` (the default) or `png` (the same picture rasterised).
    #[arg(long, value_enum, default_value_t = PictureFormat::Svg)]
    pub format: PictureFormat,
    /// Write one file per puzzle into DIR (made if missing), named by the input's stem and
    /// the puzzle's index (`puzzles-0001.svg`); without it, the one puzzle's picture goes to
    /// standard output.
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Solve and show the result: the solution's digits in blue; for a puzzle with several
    /// solutions two of them side by side, the cells where they differ marked; for one
    /// without, the givens and constraints that clash shaded red.
    #[arg(long)]
    pub solution: bool,
    /// Pencil marks: `true` (the default) the true candidates, `logic` what logic alone
    /// leaves, `shares` the true candidates each shaded by its share of the solutions (the
    /// solutions that put it there, counted up to `--cap`: the darkest has that many or
    /// more, or is in every solution).
    #[arg(long, value_name = "WHICH", num_args = 0..=1, default_missing_value = "true", conflicts_with = "solution")]
    pub candidates: Option<CandidateKind>,
    /// With `--candidates shares`, count each digit of each cell up to K solutions (at
    /// least 1; 1000 unless given); below the cap, shares are of every solution.
    #[arg(long, value_name = "K", value_parser = super::args::at_least_one)]
    pub cap: Option<u64>,
    /// Show step N of the logical path (`explain`'s numbering): the candidates before it,
    /// its cells marked, what it places in green and removes struck out in red, its text
    /// below the grid.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), conflicts_with_all = ["solution", "candidates"])]
    pub step: Option<u32>,
}

/// The picture formats of `render`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PictureFormat {
    /// Scalable vector graphics.
    Svg,
    /// A PNG image, one cell 40 pixels wide.
    Png,
}

impl PictureFormat {
    /// The file name extension.
    pub fn extension(self) -> &'static str {
        match self {
            PictureFormat::Svg => "svg",
            PictureFormat::Png => "png",
        }
    }
}

/// Which candidates `--candidates` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CandidateKind {
    /// Every digit a cell holds in some solution.
    True,
    /// What logic alone leaves.
    Logic,
    /// The true candidates shaded by their share of the solutions.
    Shares,
}

/// What the work on one puzzle found for its picture.
enum Found {
    /// Nothing was asked beyond the puzzle.
    Plain,
    /// The verdict, and candidates when asked.
    Solved {
        verdict: Box<Verdict>,
        candidates: Option<Candidates>,
    },
    /// Candidates alone, with their solution counts when asked.
    Candidates(Option<Candidates>, Option<SolutionCounts>),
    /// Step N with the candidates before it.
    Step(Box<Step>, Candidates),
    /// Step N is past the path: how many steps there are, and whether the puzzle is unique
    /// (its verdict's name when it is not).
    PastPath {
        steps: usize,
        not_unique: Option<&'static str>,
    },
}

/// The solutions counted per candidate for shading by share without `--cap` (`render
/// --candidates shares`, `report`).
pub const DEFAULT_CAP: u64 = 1000;

/// Draws every puzzle of the input.
pub fn run(args: &RenderArgs) -> anyhow::Result<ExitCode> {
    if args.cap.is_some() && args.candidates != Some(CandidateKind::Shares) {
        anyhow::bail!("--cap counts solutions for --candidates shares: give both, or neither");
    }
    if args.output.is_none() && args.format == PictureFormat::Png && io::stdout().is_terminal() {
        anyhow::bail!(
            "render --format png writes a PNG image: redirect standard output to a file, or give --output DIR"
        );
    }
    if let Some(dir) = &args.output {
        super::output::make_dir(dir)?;
    } else {
        super::sink::open().context("writing the output")?;
    }
    let pool = args.threads.pool()?;
    let mut tally = Tally::default();
    let mut held: Option<Vec<u8>> = None;
    let mut failed = false;
    let mut stems = Stems::default();
    let work = |solver: &mut AutoSolver, puzzle: &Puzzle| find(args, solver, puzzle);
    let errors = input::for_each_parallel(
        &args.input,
        &pool,
        AutoSolver::default,
        work,
        |item: Item, found| {
            let (Ok(puzzle), Some(found)) = (&item.puzzle, found) else {
                tally.record(Status::Invalid, false);
                return Ok(());
            };
            let (status, picture) = match draw(puzzle, &item, found, args.step) {
                Ok(drawn) => drawn,
                Err(why) => {
                    eprintln!(
                        "satdoku: {} puzzle {} (line {}): {why}",
                        item.file, item.index, item.line
                    );
                    failed = true;
                    return Ok(());
                }
            };
            tally.record(status, true);
            let bytes = encode(picture, args.format)
                .with_context(|| format!("puzzle {} of {}", item.index, item.file))?;
            match &args.output {
                Some(dir) => {
                    let path = dir.join(format!(
                        "{}-{:04}.{}",
                        stems.of(&item.file),
                        item.index,
                        args.format.extension()
                    ));
                    fs::write(&path, bytes)
                        .with_context(|| format!("writing {}", path.display()))?;
                }
                None if held.is_some() => anyhow::bail!(
                    "render writes one picture to standard output, and the input holds more than one puzzle: give --output DIR"
                ),
                None => held = Some(bytes),
            }
            Ok(())
        },
    )?;
    if let Some(bytes) = held {
        let mut out = io::stdout().lock();
        out.write_all(&bytes)
            .and_then(|()| out.flush())
            .context("writing the output")?;
    }
    if failed {
        tally.add_failures(1);
    }
    tally.add_errors(errors.saturating_sub(tally.count(Status::Invalid)));
    Ok(tally.exit_code())
}

/// What the picture of `puzzle` needs: a verdict, candidates or a step.
fn find(args: &RenderArgs, solver: &mut AutoSolver, puzzle: &Puzzle) -> Found {
    let logic_candidates = |unique: bool| {
        let layout = Layout::new(puzzle.rules());
        explain(&layout, puzzle.grid(), unique)
            .board
            .candidates()
            .clone()
    };
    if let Some(n) = args.step {
        let verdict = solver.check(puzzle);
        let unique = matches!(verdict, Verdict::Unique { .. });
        let layout = Layout::new(puzzle.rules());
        let path = explain(&layout, puzzle.grid(), unique);
        let n = n as usize;
        let Some(step) = path.steps.get(n - 1) else {
            return Found::PastPath {
                steps: path.steps.len(),
                not_unique: (!unique).then(|| verdict.name()),
            };
        };
        let mut board = Board::new(&layout, puzzle.grid(), unique);
        for earlier in &path.steps[..n - 1] {
            board.apply(earlier);
        }
        return Found::Step(Box::new(step.clone()), board.candidates().clone());
    }
    let candidates = |verdict: Option<&Verdict>| match args.candidates {
        None => None,
        Some(CandidateKind::True | CandidateKind::Shares) => {
            satdoku::truth::true_candidates(puzzle)
        }
        Some(CandidateKind::Logic) => Some(logic_candidates(matches!(
            verdict,
            Some(Verdict::Unique { .. })
        ))),
    };
    if args.solution {
        let verdict = solver.check(puzzle);
        let candidates = candidates(Some(&verdict));
        return Found::Solved {
            verdict: Box::new(verdict),
            candidates,
        };
    }
    if args.candidates.is_some() {
        let verdict = (args.candidates == Some(CandidateKind::Logic)).then(|| solver.check(puzzle));
        let candidates = candidates(verdict.as_ref());
        let counts = (candidates.is_some() && args.candidates == Some(CandidateKind::Shares))
            .then(|| capped_solution_counts(puzzle, args.cap.unwrap_or(DEFAULT_CAP)));
        return Found::Candidates(candidates, counts);
    }
    Found::Plain
}

/// The picture of one puzzle as SVG, and the status it shows; an error for a step past
/// the path's end.
fn draw(
    puzzle: &Puzzle,
    item: &Item,
    found: Found,
    step: Option<u32>,
) -> Result<(Status, String), String> {
    let notation = &item.notation;
    let title = format!("{} puzzle {}", item.file, item.index);
    let base = Overlays {
        title,
        unread: item.unread().to_vec(),
        ..Overlays::default()
    };
    let svg = |panels: &[Overlays<'_>]| svg_panels(puzzle, notation, panels);
    Ok(match found {
        Found::Plain => (Status::Solved, svg(&[base])),
        Found::Candidates(candidates, counts) => {
            let status = if candidates.is_none() {
                Status::NoSolution
            } else {
                Status::Solved
            };
            let caption = match (&candidates, &counts) {
                (None, _) => vec!["no solution".to_string()],
                (Some(_), Some(counts)) => vec![shares_caption(counts)],
                (Some(_), None) => Vec::new(),
            };
            let overlays = Overlays {
                candidates: candidates.as_ref(),
                shares: counts.as_ref(),
                caption,
                ..base
            };
            (status, svg(&[overlays]))
        }
        Found::Solved {
            verdict,
            candidates,
        } => {
            let status = Status::of(&verdict);
            let base = Overlays {
                candidates: candidates.as_ref(),
                ..base
            };
            (
                status,
                svg(&verdict_panels(puzzle, &verdict, notation, &base)),
            )
        }
        Found::PastPath { steps, not_unique } => {
            let why = match not_unique {
                None => "",
                Some("no_solution") => " (the puzzle has no solution)",
                Some(_) => " (the puzzle has several solutions: logic stops where one must guess)",
            };
            return Err(format!(
                "--step {} is past the logical path, which has {steps} step{}{why}",
                step.unwrap_or(0),
                if steps == 1 { "" } else { "s" }
            ));
        }
        Found::Step(step, candidates) => {
            let overlays = step_overlays(&step, &candidates, notation, base);
            (Status::Solved, svg(&[overlays]))
        }
    })
}

/// The line below a picture of shaded candidates that says what the shading counts.
pub fn shares_caption(counts: &SolutionCounts) -> String {
    match counts.cap {
        Some(cap) if !counts.complete => format!(
            "shaded by the solutions that use each candidate, counted up to {cap} (the darkest: {cap} or more)"
        ),
        _ => format!(
            "shaded by each candidate's share of the {} solution{}",
            counts.total,
            if counts.total == 1 { "" } else { "s" }
        ),
    }
}

/// Writes `svg` to `path` in `format`.
pub fn write_picture(
    path: &std::path::Path,
    svg: String,
    format: PictureFormat,
) -> anyhow::Result<()> {
    let bytes = encode(svg, format)?;
    fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

/// The picture as the chosen format's bytes.
pub fn encode(svg: String, format: PictureFormat) -> anyhow::Result<Vec<u8>> {
    Ok(match format {
        PictureFormat::Svg => svg.into_bytes(),
        PictureFormat::Png => satdoku::render::png(&svg)?,
    })
}
