//! `satdoku hint`: the next simplest step for a grid, or the entries that make it wrong.

use std::process::ExitCode;

use clap::Args;
use satdoku::check::Given;
use satdoku::format::write_candidates;
use satdoku::logic::{Board, Standing, Step, next_step};
use satdoku::{Count, DigitSet, Layout, Puzzle, SatSolver, Solver};
use serde::Serialize;

use super::args::{FormatKind, InputArgs, OutputArgs};
use super::explain::{StepRow, status_of, step_line};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// What `hint` found for one grid.
enum Found {
    /// The next step.
    Step(Step),
    /// Every cell is filled, and rightly.
    Solved,
    /// No technique applies: the candidates left.
    Stuck(Vec<DigitSet>),
    /// No solution: the entries to blame (empty when none alone is).
    Wrong(Vec<Given>),
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
    candidates: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// What to tell about `puzzle`, with its solution count.
fn find(solver: &mut SatSolver, puzzle: &Puzzle) -> (Count, Found) {
    let count = solver.count(puzzle, 2);
    if count.count == 0 {
        return (count, Found::Wrong(satdoku::truth::wrong_entries(puzzle)));
    }
    let layout = Layout::new(puzzle.rules());
    let board = Board::new(&layout, puzzle.grid(), count.count == 1 && count.complete);
    let found = match (board.standing(), next_step(&board)) {
        (Standing::Solved, _) => Found::Solved,
        (_, Some(step)) => Found::Step(step),
        (_, None) => Found::Stuck(board.candidates().sets().to_vec()),
    };
    (count, found)
}

/// Gives a hint for every grid of the input.
pub fn run(mut args: HintArgs) -> anyhow::Result<ExitCode> {
    if !matches!(args.output.format, FormatKind::Line | FormatKind::Json) {
        anyhow::bail!("hint prints one step as a line: use --format line or json");
    }
    args.input.inline_grids = true;
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    let mut tally = Tally::default();
    let errors = input::for_each_parallel(
        &args.input,
        &pool,
        SatSolver::new,
        find,
        |item: Item<'_>, found| {
            let mut row = Row {
                head: RowHead::new(&item, Status::Invalid),
                step: None,
                solved: None,
                wrong: None,
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
            let status = status_of(&count);
            row.head.status = status;
            let spell = |items: &[Given]| -> Vec<String> {
                items.iter().map(|g| notation.show(g).to_string()).collect()
            };
            let (text, answered) = match &found {
                Found::Step(step) => {
                    row.step = Some(StepRow::new(step, notation));
                    (step_line(step, notation), true)
                }
                Found::Solved => {
                    row.solved = Some(true);
                    ("solved: every cell is filled".to_string(), true)
                }
                Found::Stuck(sets) => {
                    let shape = puzzle.shape();
                    row.candidates = Some(satdoku::format::candidate_texts(shape, sets, notation));
                    let grid = write_candidates(shape, sets, notation, puzzle.rules().box_shape());
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
            };
            tally.record(status, answered);
            out.row(&row, &text)
        },
    )?;
    out.finish(tally, errors)
}
