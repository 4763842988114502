//! `satdoku explain`: the logical path through each puzzle, one step a line.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::format::write_candidates;
use satdoku::logic::{Board, End, Step, explain};
use satdoku::render::{Overlays, svg};
use satdoku::{AutoSolver, Candidates, Count, Layout, Puzzle, Solver};
use serde::Serialize;

use super::args::{BatchArgs, FormatKind};
use super::input::{self, Item};
use super::output::make_dir;
use super::output::{Output, RowHead, Status, Stems, Tally};
use super::progress::notice;
use super::render::{PictureFormat, write_picture};
use super::step::{StepRow, step_line, step_overlays};

/// Arguments of `satdoku explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub run: BatchArgs,
    /// Also draw the path into DIR (made if missing): a picture per step, on the candidates
    /// before it, its cells marked, what it places in green and removes struck out in red,
    /// its sentence below (`examples-0001-step-001.svg` …), and one of where the path ends
    /// (`examples-0001-end.svg`).
    #[arg(long, value_name = "DIR")]
    pub render: Option<PathBuf>,
    /// The pictures' format with --render: `svg` or `png`.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = PictureFormat::Svg, requires = "render")]
    pub render_format: PictureFormat,
    /// The steps drawn with --render: `A-B` (steps A to B), `N` (step N alone) or `all`. The
    /// picture of where the path ends is always drawn; a path with steps left undrawn is
    /// noted on stderr. The default keeps a big grid's path (thousands of steps) from
    /// filling a disk.
    #[arg(long, value_name = "STEPS", default_value = "1-100", value_parser = StepRange::parse, requires = "render")]
    pub render_steps: StepRange,
}

/// Which steps of a path get a picture: `first` to `last` (1-based, inclusive; `None`:
/// to the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepRange {
    first: usize,
    last: Option<usize>,
}

impl StepRange {
    /// `A-B`, `N` or `all`.
    fn parse(text: &str) -> Result<StepRange, String> {
        if text == "all" {
            return Ok(StepRange {
                first: 1,
                last: None,
            });
        }
        let number = |part: &str| {
            part.trim()
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("{part:?} is not a step number (1 or more)"))
        };
        let (first, last) = match text.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(text)?, number(text)?),
        };
        if last < first {
            return Err(format!("the range {text} ends before it starts"));
        }
        Ok(StepRange {
            first,
            last: Some(last),
        })
    }

    /// Whether step `k` (1-based) is drawn.
    fn contains(self, k: usize) -> bool {
        k >= self.first && self.last.is_none_or(|last| k <= last)
    }
}

impl fmt::Display for StepRange {
    /// As `--render-steps` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last {
            None => f.write_str("all"),
            Some(last) if last == self.first => write!(f, "{last}"),
            Some(last) => write!(f, "{}-{last}", self.first),
        }
    }
}

/// What `explain` found for one puzzle.
struct Explained {
    count: Count,
    steps: Vec<Step>,
    end: End,
    candidates: Candidates,
    /// On a contradiction reached with every cell filled: the constraint the grid breaks.
    broken: Option<String>,
}

/// A JSON row of `explain`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The name of an ending, as JSON writes it.
fn end_name(end: End) -> &'static str {
    match end {
        End::Solved => "solved",
        End::Stuck => "stuck",
        End::Contradiction => "contradiction",
    }
}

/// Explains every puzzle of the input.
pub fn run(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    args.run
        .input
        .unanswered(super::args::LOGIC_FINDS_NO_REGIONS);
    if !matches!(
        args.run.output.format,
        FormatKind::Line | FormatKind::Json | FormatKind::Csv
    ) {
        anyhow::bail!("explain prints steps as lines: use --format line or json");
    }
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    out.csv_fields(&["status", "end", "error"]);
    if let Some(dir) = &args.render {
        make_dir(dir)?;
    }
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    let mut stems = Stems::default();
    let work = |solver: &mut AutoSolver, puzzle: &Puzzle| {
        let count = solver.count(puzzle, 2);
        let unique = count.count == 1 && count.complete;
        let layout = Layout::new(puzzle.rules());
        let path = explain(&layout, puzzle.grid(), unique);
        Explained {
            count,
            steps: path.steps,
            end: path.end,
            candidates: path.board.candidates().clone(),
            broken: (path.board.broken()).map(|i| puzzle.rules().constraints()[i].to_string()),
        }
    };
    let errors = input::for_each_parallel(
        &args.run.input,
        &pool,
        AutoSolver::default,
        work,
        |item: Item, explained| {
            let (Ok(puzzle), Some(explained)) = (&item.puzzle, explained) else {
                let error = item.error().unwrap_or_default();
                tally.record(Status::Invalid, false);
                let row = Row {
                    head: RowHead::new(&item, Status::Invalid),
                    end: None,
                    steps: None,
                    candidates: None,
                    error: Some(error.clone()),
                };
                return out.row(&row, &format!("invalid {error}"));
            };
            let status = Status::of_count(&explained.count);
            tally.record(status, status == Status::Unique);
            let notation = &item.notation;
            if let Some(dir) = &args.render {
                let stem = format!("{}-{:04}", stems.of(&item.file), item.index);
                let drawn = draw_path(
                    dir,
                    args.render_format,
                    args.render_steps,
                    &stem,
                    &item,
                    puzzle,
                    &explained,
                )?;
                let total = explained.steps.len();
                if drawn < total {
                    notice(&format!(
                        "satdoku: {}: puzzle {} (line {}): pictures of {drawn} of its {total} steps \
                         (--render-steps {}; `all` draws every one)",
                        item.file, item.index, item.line, args.render_steps
                    ));
                }
            }
            let left = (explained.end != End::Solved)
                .then(|| satdoku::format::candidate_texts(&explained.candidates, notation));
            if out.writes_rows() {
                return out
                    .write_row(&Row {
                        head: RowHead::new(&item, status),
                        end: Some(end_name(explained.end)),
                        steps: Some(
                            explained
                                .steps
                                .iter()
                                .map(|s| StepRow::new(s, notation, puzzle))
                                .collect(),
                        ),
                        candidates: left,
                        error: None,
                    })
                    .context("writing the output");
            }
            let n = explained.steps.len();
            let ending = match explained.end {
                End::Solved => format!("logic solves it in {n} steps"),
                End::Stuck => format!(
                    "logic stops after {n} steps: no technique applies (going on needs guessing)"
                ),
                End::Contradiction => match &explained.broken {
                    Some(c) => format!(
                        "logic reaches a contradiction after {n} steps: the full grid breaks {c}"
                    ),
                    None => format!("logic reaches a contradiction after {n} steps"),
                },
            };
            out.comment(&format!(
                "puzzle {} (line {}): {}; {ending}",
                item.index,
                item.line,
                status.name()
            ))
            .context("writing the output")?;
            for (i, step) in explained.steps.iter().enumerate() {
                out.text(&format!("{}. {}", i + 1, step_line(step, notation)))
                    .context("writing the output")?;
            }
            if explained.end != End::Solved {
                out.text("candidates left:")
                    .and_then(|()| {
                        out.text(&write_candidates(
                            &explained.candidates,
                            notation,
                            puzzle.rules().box_shape(),
                        ))
                    })
                    .context("writing the output")?;
            }
            Ok(())
        },
    )?;
    out.finish(tally, errors)
}

/// Draws `explained`'s path into `dir`, each file's name starting with `stem`: a picture per
/// step of `steps` on the candidates before it, and one of where it ends. Gives the number
/// of steps drawn.
fn draw_path(
    dir: &Path,
    format: PictureFormat,
    steps: StepRange,
    stem: &str,
    item: &Item,
    puzzle: &Puzzle,
    explained: &Explained,
) -> anyhow::Result<usize> {
    let notation = &item.notation;
    let unique = Status::of_count(&explained.count) == Status::Unique;
    let layout = Layout::new(puzzle.rules());
    let mut board = Board::new(&layout, puzzle.grid(), unique);
    let write = |name: String, picture: String| -> anyhow::Result<()> {
        let path = dir.join(format!("{stem}-{name}.{}", format.extension()));
        write_picture(&path, picture, format)
    };
    let total = explained.steps.len();
    let mut drawn = 0;
    for (k, step) in explained.steps.iter().enumerate() {
        if !steps.contains(k + 1) {
            board.apply(step);
            continue;
        }
        drawn += 1;
        let base = Overlays {
            title: format!(
                "{} puzzle {}: step {} of {total}",
                item.file,
                item.index,
                k + 1
            ),
            ..Overlays::default()
        };
        let candidates = board.candidates().clone();
        let mut overlays = step_overlays(step, &candidates, notation, base);
        overlays.caption[0] = format!("{}. {}", k + 1, overlays.caption[0]);
        // Numbers as wide as the last one's (at least three digits), so files sort in order.
        let width = total.to_string().len().max(3);
        write(
            format!("step-{:0width$}", k + 1),
            svg(puzzle, notation, &overlays),
        )?;
        board.apply(step);
    }
    let ending = match explained.end {
        End::Solved => format!("logic solves it in {total} steps"),
        End::Stuck => format!("logic stops after {total} steps: no technique applies"),
        End::Contradiction => format!("logic reaches a contradiction after {total} steps"),
    };
    let solved = board.grid();
    let left = board.candidates().clone();
    let overlays = Overlays {
        title: format!("{} puzzle {}: the end", item.file, item.index),
        solution: Some(&solved),
        candidates: (explained.end != End::Solved).then_some(&left),
        caption: vec![ending],
        ..Overlays::default()
    };
    write("end".to_string(), svg(puzzle, notation, &overlays))?;
    Ok(drawn)
}
