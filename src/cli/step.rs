//! A logical step as the commands show it: its line of text, its JSON row and its picture's overlays, shared by `explain`, `hint`, `render` and `report`.

use satdoku::format::Notation;
use satdoku::logic::Step;
use satdoku::render::Overlays;
use satdoku::{Candidates, Puzzle};
use serde::Serialize;

/// A step as JSON: shared by `explain` and `hint`.
#[derive(Serialize)]
pub struct StepRow {
    technique: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    constraint: Option<String>,
    placements: Vec<String>,
    eliminations: Vec<String>,
    cells: Vec<String>,
    houses: Vec<String>,
    sentence: String,
    rating: f64,
}

impl StepRow {
    /// The row of `step` of `puzzle`, digits in `notation`.
    pub fn new(step: &Step, notation: &Notation, puzzle: &Puzzle) -> StepRow {
        let spell = |items: &[satdoku::grid::CellDigit]| {
            items
                .iter()
                .map(|item| notation.show(item).to_string())
                .collect()
        };
        StepRow {
            technique: step.technique.name(),
            constraint: step
                .constraint
                .and_then(|i| puzzle.rules().constraints().get(i))
                .map(ToString::to_string),
            placements: spell(&step.placements),
            eliminations: spell(&step.eliminations),
            cells: step.cells.iter().map(ToString::to_string).collect(),
            houses: step.houses.iter().map(ToString::to_string).collect(),
            sentence: notation.show(&step.sentence).to_string(),
            rating: f64::from(step.weight) / 10.0,
        }
    }
}

/// `step` as a line of text: the technique, the sentence, and what it changes
/// (`r3c7=5` placed, `r3c7<>5` removed).
pub fn step_line(step: &Step, notation: &Notation) -> String {
    let changes: Vec<String> = step
        .placements
        .iter()
        .map(|p| notation.show(p).to_string())
        .chain(
            step.eliminations
                .iter()
                .map(|e| notation.show(e).to_string().replacen('=', "<>", 1)),
        )
        .collect();
    format!("{} ({})", notation.show(step), changes.join(" "))
}

/// The overlays of a logical step on the candidates before it (the library's) with its
/// line, as `explain` prints it, for the caption.
pub fn step_overlays<'a>(
    step: &Step,
    candidates: &'a Candidates,
    notation: &Notation,
    base: Overlays<'a>,
) -> Overlays<'a> {
    let base = Overlays {
        caption: vec![step_line(step, notation)],
        ..base
    };
    satdoku::render::step_overlays(step, candidates, base)
}
