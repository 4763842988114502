//! `satdoku hint`: the next simplest step for a grid, or the entries that make it wrong.

use std::process::ExitCode;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use satdoku::format::{Entry, Notation, read_marks_of, write_candidates};
use satdoku::grid::CellDigit;
use satdoku::logic::{Board, Standing, Step, next_step};
use satdoku::render::{Overlays, svg};
use satdoku::{AutoSolver, Candidates, Cell, Count, Grid, Layout, Puzzle, PuzzleError, Solver};
use serde::Serialize;

use super::args::{FormatKind, InputArgs, OutputArgs};
use super::input::{self, Item};
use super::output::make_dir;
use super::output::{Output, RowHead, Status, Stems, Tally};
use super::progress::report;
use super::render::{PictureFormat, write_picture};
use super::step::{StepRow, step_line, step_overlays};

/// Arguments of `satdoku hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
    /// Read each input (a file, or `-`) as one grid of pencil marks, laid out as
    /// `candidates` prints it: cells with one mark are the entries, and the hint works on
    /// the marks kept (a cell whose marks leave out its digit is named instead).
    #[arg(long)]
    marks: bool,
    /// Also draw each hint into DIR (made if missing): the step on the candidates before
    /// it, its cells marked, what it places in green and removes struck out in red, its
    /// sentence below (`examples-0001-hint.svg`); a wrong entry shaded red.
    #[arg(long, value_name = "DIR")]
    render: Option<PathBuf>,
    /// The pictures' format with --render: `svg` or `png`.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = PictureFormat::Svg, requires = "render")]
    render_format: PictureFormat,
}

/// What `hint` found for one grid.
enum Found {
    /// The next step, and the candidates before it.
    Step(Step, Box<Candidates>),
    /// Every cell is filled, and rightly.
    Solved,
    /// No technique applies: the candidates left.
    Stuck(Candidates),
    /// No solution: the entries to blame (empty when none alone is).
    Wrong(Vec<CellDigit>),
    /// The pencil marks of these cells leave out their digit (of the one solution).
    LostDigit(Vec<Cell>),
}

/// A JSON row of `hint`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<StepRow>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solved: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wrong: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lost: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// What to tell about `puzzle` (with the pencil marks `marks`, when given), with its
/// solution count.
fn find(solver: &mut AutoSolver, puzzle: &Puzzle, marks: Option<&Candidates>) -> (Count, Found) {
    let count = solver.count(puzzle, 2);
    if count.count == 0 {
        return (count, Found::Wrong(satdoku::truth::wrong_entries(puzzle)));
    }
    let unique = count.count == 1 && count.complete;
    if let (Some(marks), true) = (marks, unique) {
        let solution = solver
            .solve(puzzle)
            .expect("a unique puzzle has a solution");
        let lost: Vec<Cell> = puzzle
            .shape()
            .cells()
            .zip(marks.sets())
            .filter(|(cell, mark)| solution.get(*cell).is_some_and(|d| !mark.contains(d)))
            .map(|(cell, _)| cell)
            .collect();
        if !lost.is_empty() {
            return (count, Found::LostDigit(lost));
        }
    }
    let layout = Layout::new(puzzle.rules());
    let mut board = Board::new(&layout, puzzle.grid(), unique);
    if let Some(marks) = marks {
        board.keep(marks);
    }
    let found = match (board.standing(), next_step(&board)) {
        (Standing::Solved, _) => Found::Solved,
        (_, Some(step)) => Found::Step(step, Box::new(board.candidates().clone())),
        (_, None) => Found::Stuck(board.candidates().clone()),
    };
    (count, found)
}

/// Gives a hint for every grid of the input.
pub fn run(mut args: HintArgs) -> anyhow::Result<ExitCode> {
    args.input.unanswered(super::args::LOGIC_FINDS_NO_REGIONS);
    if !matches!(
        args.output.format,
        FormatKind::Line | FormatKind::Json | FormatKind::Csv
    ) {
        anyhow::bail!("hint prints one step as a line: use --format line or json");
    }
    if args.marks {
        return run_marks(&args);
    }
    args.input.inline_grids = true;
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?)?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    let mut tally = Tally::default();
    let mut stems = Stems::default();
    let errors = input::for_each_parallel(
        &args.input,
        &pool,
        AutoSolver::default,
        |solver, puzzle| find(solver, puzzle, None),
        |item: Item, found| emit(&mut out, &mut tally, &item, found, args.picture(&mut stems)),
    )?;
    out.finish(tally, errors)
}

/// Gives a hint for every grid of pencil marks of the input (one a file).
fn run_marks(args: &HintArgs) -> anyhow::Result<ExitCode> {
    let alphabet = args.input.alphabet()?;
    let spec = args.input.rules.spec()?;
    let mut out = Output::stdout(args.output.format, alphabet.clone())?;
    let mut tally = Tally::default();
    let mut stems = Stems::default();
    let mut solver = AutoSolver::default();
    let mut errors = 0;
    let stdin = [PathBuf::from("-")];
    let files = if args.input.files.is_empty() {
        &stdin[..]
    } else {
        &args.input.files[..]
    };
    for path in files {
        let name = if path.as_os_str() == "-" {
            input::STDIN.to_string()
        } else {
            path.display().to_string()
        };
        let text = if path.as_os_str() == "-" {
            std::io::read_to_string(std::io::stdin())
        } else {
            std::fs::read_to_string(path)
        };
        let read = text.map_err(|e| e.to_string()).and_then(|text| {
            let marks = read_marks_of(&text, &alphabet, spec.digits).map_err(|e| e.to_string())?;
            let shape = marks.shape();
            let rules = spec
                .rules_for(shape)
                .map_err(|e| format!("{e}{}", super::flag_hints::rules(&e)))?;
            let mut grid = Grid::empty(shape);
            for (cell, mark) in shape.cells().zip(marks.sets()) {
                grid.set(cell, mark.only());
            }
            let notation = Notation::symbols(alphabet.clone());
            let puzzle = Puzzle::new(grid, rules).map_err(|e| match e {
                PuzzleError::Conflict(conflict) => notation.show(&conflict).to_string(),
                other => other.to_string(),
            })?;
            Ok((puzzle, marks))
        });
        let (puzzle, marks) = match read {
            Ok(read) => read,
            Err(err) => {
                report(&format!("satdoku: {name}: {err}"));
                errors += 1;
                continue;
            }
        };
        let found = find(&mut solver, &puzzle, Some(&marks));
        let item = Item {
            file: Arc::from(name.as_str()),
            reading: Arc::default(),
            entry: Entry {
                index: 1,
                line: 1,
                consumed: 0,
                notation: Notation::symbols(alphabet.clone()),
                grid: Ok(puzzle.grid().clone()),
                warnings: Vec::new(),
                record: None,
                marks: None,
            },
            puzzle: Ok(puzzle),
        };
        emit(
            &mut out,
            &mut tally,
            &item,
            Some(found),
            args.picture(&mut stems),
        )?;
    }
    out.finish(tally, errors)
}

/// Prints what `hint` found for `item` (`None`: the item is invalid).
fn emit(
    out: &mut Output,
    tally: &mut Tally,
    item: &Item,
    found: Option<(Count, Found)>,
    picture: Option<Picture<'_>>,
) -> anyhow::Result<()> {
    let mut row = Row {
        head: RowHead::new(item, Status::Invalid),
        step: None,
        solved: None,
        wrong: None,
        lost: None,
        candidates: None,
        error: None,
    };
    let (Ok(puzzle), Some((count, found))) = (&item.puzzle, found) else {
        let error = item.error().unwrap_or_default();
        tally.record(Status::Invalid, false);
        row.error = Some(error.clone());
        return out.row(&row, &format!("invalid {error}"));
    };
    let notation = &item.notation;
    let status = Status::of_count(&count);
    row.head.status = status;
    let spell = |items: &[CellDigit]| -> Vec<String> {
        items.iter().map(|g| notation.show(g).to_string()).collect()
    };
    let (text, answered) = match &found {
        Found::Step(step, _) => {
            row.step = Some(StepRow::new(step, notation, puzzle));
            (step_line(step, notation), true)
        }
        Found::Solved => {
            row.solved = Some(true);
            ("solved: every cell is filled".to_string(), true)
        }
        Found::Stuck(candidates) => {
            row.candidates = Some(satdoku::format::candidate_texts(candidates, notation));
            let grid = write_candidates(candidates, notation, puzzle.rules().box_shape());
            (
                format!(
                    "stuck: no technique applies (going on needs guessing); candidates left:\n{grid}"
                ),
                false,
            )
        }
        Found::Wrong(wrong) => {
            row.wrong = Some(spell(wrong));
            let text = match &wrong[..] {
                [] => "no solution: no single entry is to blame".to_string(),
                [one] => format!(
                    "wrong {}: with it the grid has no solution, without it one",
                    notation.show(one)
                ),
                many => format!(
                    "wrong: one of {} (with all of them the grid has no solution, without any one of them it has one)",
                    spell(many).join(", ")
                ),
            };
            (text, false)
        }
        Found::LostDigit(cells) => {
            let cells: Vec<String> = cells.iter().map(ToString::to_string).collect();
            let text = format!(
                "wrong marks: {} {} lost {} digit (the marks leave out the solution's)",
                cells.join(", "),
                if cells.len() == 1 { "has" } else { "have" },
                if cells.len() == 1 { "its" } else { "their" },
            );
            row.lost = Some(cells);
            (text, false)
        }
    };
    tally.record(status, answered);
    if let Some(picture) = picture {
        draw(picture, item, puzzle, &found, &text)?;
    }
    out.row(&row, &text)
}

/// Where and how `hint --render` draws.
struct Picture<'a> {
    dir: &'a Path,
    format: PictureFormat,
    /// The input's name in file names.
    stems: &'a mut Stems,
}

impl HintArgs {
    /// Where and how to draw the hints, if asked.
    fn picture<'a>(&'a self, stems: &'a mut Stems) -> Option<Picture<'a>> {
        self.render.as_deref().map(|dir| Picture {
            dir,
            format: self.render_format,
            stems,
        })
    }
}

/// Draws the hint `found` for `item` as `picture` says, `text` its caption.
fn draw(
    picture: Picture<'_>,
    item: &Item,
    puzzle: &Puzzle,
    found: &Found,
    text: &str,
) -> anyhow::Result<()> {
    let notation = &item.notation;
    let base = Overlays {
        title: format!("{} puzzle {}: a hint", item.file, item.index),
        caption: vec![text.lines().next().unwrap_or_default().to_string()],
        ..Overlays::default()
    };
    let overlays = match found {
        Found::Step(step, candidates) => step_overlays(step, candidates, notation, base),
        Found::Solved => base,
        Found::Stuck(candidates) => Overlays {
            candidates: Some(candidates),
            ..base
        },
        Found::Wrong(wrong) => Overlays {
            clash_cells: wrong.iter().map(|w| w.cell).collect(),
            ..base
        },
        Found::LostDigit(cells) => Overlays {
            cells: cells.clone(),
            ..base
        },
    };
    let Picture { dir, format, stems } = picture;
    make_dir(dir)?;
    let name = stems.of(&item.file);
    let path = stems.fresh(dir.join(format!(
        "{name}-{:04}-hint.{}",
        item.index,
        format.extension()
    )));
    write_picture(&path, svg(puzzle, notation, &overlays), format)
}
