//! `satdoku suggest`: for each puzzle with several solutions, the fewest givens that make it unique, and how the result solves.

use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use satdoku::Puzzle;
use satdoku::constraint::{RecordFormat, VariantConstraint};
use satdoku::format::Notation;
use satdoku::format::export::{About, toml_record};
use satdoku::rate::rate;
use satdoku::suggest::{
    ConstraintSuggestions, Listing, Palette, Removals, SuggestLimits, Suggestion,
    fewest_givens_among, single_constraints_among, single_removals,
};
use satdoku::{Cell, Rules};
use serde::Serialize;

use super::args::BatchArgs;
use super::export::ExportTo;
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku suggest`.
#[derive(Debug, Args)]
pub struct SuggestArgs {
    #[command(flatten)]
    pub run: BatchArgs,
    /// The most solutions listed (default 1000). Up to it, every solution is tried as the
    /// one the givens keep, and the answer is the fewest givens possible; past it, givens
    /// are first added one at a time where the solutions differ most until no more are
    /// left, and the answer says so.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(2..))]
    pub limit: u32,
    /// Single constraints to propose beside the givens, each alone making the puzzle
    /// unique: families by their TOML table names, comma-separated (white-dot, black-dot,
    /// xv, greater-than, thermometer, renban, whispers, arrow, odd, even, sandwich,
    /// little-killer, cage with --cage …; `rules` for the families the puzzle uses, its
    /// killer cages aside: name `cage` and --cage for those; the families `rules` cannot
    /// offer are named, JSON `constraints_unoffered`).
    #[arg(long, value_name = "FAMILIES", value_delimiter = ',')]
    pub palette: Vec<String>,
    /// The cells of a killer cage to try, with each total the solutions give (`cage` in
    /// --palette); repeat for several cages.
    #[arg(long, value_name = "CELLS", value_parser = parse_cells, requires = "palette")]
    pub cage: Vec<Vec<Cell>>,
    /// The longest line of the palette tried (thermometers, renbans, arrows with their
    /// circle …), in cells from 2 up: lines are tried along every path of king's moves.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..=8), requires = "palette")]
    pub line_length: u32,
    /// How many of the constraints found are rated and listed (the fewest cells first,
    /// then listed easiest first). Each is rated in full, as `rate` does: a second or two
    /// each on a hard 9×9 variant, spread over --threads.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..), requires = "palette")]
    pub proposals: u32,
    /// Write the puzzle with the givens added in this form, with everything the input
    /// holds (its constraints, rules and words; the line format has the grid alone): a
    /// SudokuPad or f-puzzles link, f-puzzles JSON, or satdoku's TOML (in JSON rows as
    /// `written`; in text after the suggestion's line, made a `#` comment).
    #[arg(long, value_enum, value_name = "FORM")]
    pub to: Option<ExportTo>,
    /// Of the sets of the fewest givens that make a puzzle unique (often several), how many
    /// are rated, each in full as `rate` does: the easiest is suggested (JSON `choices`,
    /// how many were rated). 1 takes the first found.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub choices: u32,
}

/// Cells written `r1c1-r1c2-r2c1` (or with commas or spaces between).
fn parse_cells(text: &str) -> Result<Vec<Cell>, String> {
    let names = text.split(['-', ',', ' ']).filter(|name| !name.is_empty());
    let cells: Vec<Cell> = names
        .map(|name| name.parse::<Cell>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    if cells.is_empty() {
        return Err("no cells: write them r1c1-r1c2-r2c1".to_string());
    }
    Ok(cells)
}

/// A single constraint that makes the puzzle unique, in a JSON row.
#[derive(Serialize)]
struct Proposal {
    /// The constraint as messages write it (`white dot r1c1-r1c2`).
    constraint: String,
    /// Its tables in satdoku's TOML puzzle files, to add to the draft's file.
    #[serde(skip_serializing_if = "Option::is_none")]
    toml: Option<String>,
    /// How the puzzle with it solves: `rate`'s line, and its hardest step.
    rating: String,
    hardest: String,
}

/// A JSON row of `suggest`.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    /// The givens to add (`r1c3=5`).
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<Vec<String>>,
    /// Whether no fewer givens make the puzzle unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    fewest: Option<bool>,
    /// How many sets of as many givens were rated, the easiest suggested.
    #[serde(skip_serializing_if = "Option::is_none")]
    choices: Option<usize>,
    /// Solutions listed, and whether they are all.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    all_solutions: Option<bool>,
    /// The puzzle with the givens added, in the line format.
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    /// The puzzle with the givens added, in the form `--to` names.
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<String>,
    /// How the puzzle with the givens added solves: `rate`'s line, and its hardest step.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<String>,
    /// Of a puzzle with no solution: each given and constraint whose removal alone gives
    /// solutions (`r1c3=5`, `thermometer r3c1-r3c2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    removals: Option<Vec<String>>,
    /// Of a puzzle with no solution: what clashes, as `check` says it (`clash r1c1=5 with
    /// killer cage …`), and the givens in it (`conflict`, as `check` names them).
    #[serde(skip_serializing_if = "Option::is_none")]
    clash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<Vec<String>>,
    /// Single constraints of the palette that each make the puzzle unique, rated, easiest
    /// first; how many were found in all, and how many candidates were tried.
    #[serde(skip_serializing_if = "Option::is_none")]
    constraints: Option<Vec<Proposal>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    constraints_found: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    constraints_tried: Option<usize>,
    /// With `rules` in the palette: the families of the puzzle it does not offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    constraints_unoffered: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// What was found for one puzzle: the suggestion, the puzzle it makes and its rating.
struct Found {
    suggestion: Option<Suggestion>,
    /// How many sets of the fewest givens were rated for the one suggested.
    choices: usize,
    made: Option<(Puzzle, satdoku::rate::Rating)>,
    /// Of a puzzle with no solution, what one removal would give solutions.
    removals: Option<Removals>,
    /// Of a puzzle with no solution, `check`'s verdict: its clash.
    clash: Option<satdoku::Verdict>,
    /// With a palette: the single constraints found, and those rated, easiest first.
    constraints: Option<(
        ConstraintSuggestions,
        Vec<(VariantConstraint, satdoku::rate::Rating)>,
    )>,
}

/// Of the suggestion's givens and its alternatives, the set that leaves `puzzle` easiest
/// (by the SE-scale weight, then the difficulty, the steps and the guesses; the first found
/// on a tie), with the puzzle it makes and its rating.
fn easiest(
    puzzle: &Puzzle,
    suggestion: &Suggestion,
) -> Option<(
    Vec<satdoku::grid::CellDigit>,
    (Puzzle, satdoku::rate::Rating),
)> {
    use rayon::prelude::*;
    let sets: Vec<&Vec<satdoku::grid::CellDigit>> = std::iter::once(&suggestion.givens)
        .chain(&suggestion.alternatives)
        .collect();
    let rated: Vec<(usize, Puzzle, satdoku::rate::Rating)> = (sets.par_iter().enumerate())
        .filter_map(|(i, givens)| {
            let mut grid = puzzle.grid().clone();
            for given in givens.iter() {
                grid.set(given.cell, Some(given.digit));
            }
            let made = Puzzle::new(grid, puzzle.rules().clone()).ok()?;
            let rating = rate(&made);
            Some((i, made, rating))
        })
        .collect();
    let (i, made, rating) = rated
        .into_iter()
        .min_by_key(|(i, _, r)| (r.weight, r.difficulty, r.steps, r.guesses, *i))?;
    Some((sets[i].clone(), (made, rating)))
}

/// The first `n` proposals of `found` rated on `puzzle` (each added alone), easiest first:
/// by the SE-scale weight, then the difficulty, the steps and the guesses.
fn rated_proposals(
    puzzle: &Puzzle,
    found: &ConstraintSuggestions,
    n: usize,
) -> Vec<(VariantConstraint, satdoku::rate::Rating)> {
    use rayon::prelude::*;
    let mut rated: Vec<(VariantConstraint, satdoku::rate::Rating)> = (found.proposals
        [..n.min(found.proposals.len())])
        .par_iter()
        .filter_map(|constraint| {
            let rules: Rules = (**puzzle.rules())
                .clone()
                .with_constraint(constraint.clone())
                .ok()?;
            let made = Puzzle::new(puzzle.grid().clone(), rules).ok()?;
            Some((constraint.clone(), rate(&made)))
        })
        .collect();
    rated.sort_by_key(|(_, r)| (r.weight, r.difficulty, r.steps, r.guesses));
    rated
}

/// The givens as `r1c3=5 r7c7=2`, digits as the puzzle writes them.
fn given_texts(suggestion: &Suggestion, notation: &Notation) -> Vec<String> {
    (suggestion.givens.iter())
        .map(|given| notation.show(given).to_string())
        .collect()
}

/// How sure the answer is, in words.
fn how_sure(suggestion: &Suggestion) -> String {
    match (suggestion.fewest, suggestion.all_solutions) {
        (true, _) => "the fewest possible".to_string(),
        (false, true) => format!(
            "the fewest found over all {} solutions (a search was cut short)",
            suggestion.solutions
        ),
        (false, false) => format!(
            "more than {} solutions: {} added one at a time, then the fewest",
            suggestion.solutions, suggestion.added_first
        ),
    }
}

/// The comment lines that list the single constraints found, for the text output.
fn proposal_lines(
    found: &ConstraintSuggestions,
    rated: &[(VariantConstraint, satdoku::rate::Rating)],
    palette: &Palette,
) -> Vec<String> {
    if found.proposals.is_empty() && found.tried == 0 && found.solutions <= 1 {
        return Vec::new();
    }
    let solutions = match found.all_solutions {
        true => format!("{} solutions", found.solutions),
        false => format!("more than {} solutions", found.solutions),
    };
    let unoffered = (!found.unoffered.is_empty()).then(|| {
        format!(
            "not offered from the rules: {} (cages: name cage and --cage)",
            found.unoffered.join(", ")
        )
    });
    if found.proposals.is_empty() {
        let mut lines = vec![format!(
            "no single constraint of {palette} makes it unique ({} tried on {solutions})",
            found.tried
        )];
        lines.extend(unoffered);
        return lines;
    }
    let shown = match rated.len() < found.proposals.len() {
        true => format!("the first {} rated, easiest first", rated.len()),
        false => "easiest first".to_string(),
    };
    let mut lines = vec![format!(
        "or one constraint of {palette}: {} of {} tried make it unique ({shown}):",
        found.proposals.len(),
        found.tried
    )];
    lines.extend((rated.iter()).map(|(constraint, rating)| format!("{constraint}: {rating}")));
    lines.extend(unoffered);
    lines
}

/// Suggests givens for every puzzle of the input.
pub fn run(args: &SuggestArgs) -> anyhow::Result<ExitCode> {
    args.run
        .input
        .unanswered(super::args::LOGIC_FINDS_NO_REGIONS);
    let mut out = Output::stdout(args.run.output.format, args.run.input.alphabet()?)?;
    out.csv_fields(&[
        "status",
        "givens",
        "fewest",
        "choices",
        "solutions",
        "puzzle",
        "written",
        "rating",
        "hardest",
        "removals",
        "clash",
        "error",
    ]);
    let pool = args.run.threads.pool()?;
    let mut tally = Tally::default();
    let palette = match args.palette.is_empty() {
        true => None,
        false => {
            let names: Vec<&str> = args.palette.iter().map(String::as_str).collect();
            Some(Palette::new(
                &names,
                args.cage.clone(),
                args.line_length as usize,
            )?)
        }
    };
    let limits = SuggestLimits {
        solutions: args.limit as usize,
        alternatives: args.choices as usize - 1,
        ..SuggestLimits::default()
    };
    let work = |_: &mut (), puzzle: &Puzzle| {
        let listing = Listing::of(puzzle, limits.solutions);
        let mut suggestion =
            fewest_givens_among(puzzle, &listing, limits.nodes, limits.alternatives);
        let choices = suggestion.as_ref().map_or(0, |s| 1 + s.alternatives.len());
        let made = suggestion.as_mut().and_then(|s| {
            let (givens, made) = easiest(puzzle, s)?;
            s.givens = givens;
            Some(made)
        });
        let removals = suggestion.is_none().then(|| single_removals(puzzle));
        let clash = suggestion
            .is_none()
            .then(|| satdoku::Solver::check(&mut satdoku::SatSolver::new(), puzzle));
        let constraints = (palette.as_ref())
            .filter(|_| suggestion.is_some())
            .and_then(|palette| single_constraints_among(puzzle, palette, &listing))
            .map(|found| {
                let rated = rated_proposals(puzzle, &found, args.proposals as usize);
                (found, rated)
            });
        Found {
            suggestion,
            choices,
            made,
            removals,
            clash,
            constraints,
        }
    };
    let errors = input::for_each_parallel(
        &args.run.input,
        &pool,
        || (),
        work,
        |item: Item, found: Option<Found>| {
            let (Ok(puzzle_shape), Some(found)) = (item.puzzle.as_ref().map(Puzzle::shape), found)
            else {
                let error = item.error().unwrap_or_default();
                tally.record(Status::Invalid, false);
                let row = Row {
                    head: RowHead::new(&item, Status::Invalid),
                    givens: None,
                    fewest: None,
                    choices: None,
                    solutions: None,
                    all_solutions: None,
                    puzzle: None,
                    written: None,
                    rating: None,
                    hardest: None,
                    removals: None,
                    clash: None,
                    conflict: None,
                    constraints: None,
                    constraints_found: None,
                    constraints_tried: None,
                    constraints_unoffered: None,
                    error: Some(error.clone()),
                };
                return out.row(&row, &format!("invalid {error}"));
            };
            let status = match &found.suggestion {
                None => Status::NoSolution,
                Some(s) if s.givens.is_empty() => Status::Unique,
                Some(_) => Status::Multiple,
            };
            tally.record(status, status != Status::NoSolution);
            let alphabet = item.notation.alphabet();
            let line = found
                .made
                .as_ref()
                .map(|(made, _)| out.puzzle_line(made, alphabet));
            let rating = found.made.as_ref().map(|(_, rating)| rating.to_string());
            let hardest = found.made.as_ref().map(|(_, r)| r.hardest.to_string());
            let Some(suggestion) = &found.suggestion else {
                let removals: Vec<String> = match (&found.removals, &item.puzzle) {
                    (Some(removals), Ok(puzzle)) => (removals.givens.iter())
                        .map(|given| item.notation.show(given).to_string())
                        .chain(
                            (removals.constraints.iter())
                                .map(|&i| puzzle.rules().constraints()[i].to_string()),
                        )
                        .collect(),
                    _ => Vec::new(),
                };
                let clash = (found.clash.as_ref()).map(|verdict| verdict.clash(&item.notation));
                let conflict = match &found.clash {
                    Some(satdoku::Verdict::NoSolution { conflict, .. }) => Some(
                        (conflict.iter())
                            .map(|given| item.notation.show(given).to_string())
                            .collect(),
                    ),
                    _ => None,
                };
                let clashes = clash.as_deref().unwrap_or_default();
                let text = if removals.is_empty() {
                    format!(
                        "no_solution {clashes}; no one given or constraint taken out gives it \
                         a solution"
                    )
                } else {
                    format!(
                        "no_solution {clashes}; take out one of these for solutions: {}",
                        removals.join("; ")
                    )
                };
                let row = Row {
                    head: RowHead::new(&item, status),
                    givens: None,
                    fewest: None,
                    choices: None,
                    solutions: Some(0),
                    all_solutions: Some(true),
                    puzzle: None,
                    written: None,
                    rating: None,
                    hardest: None,
                    removals: Some(removals),
                    clash,
                    conflict,
                    constraints: None,
                    constraints_found: None,
                    constraints_tried: None,
                    constraints_unoffered: None,
                    error: None,
                };
                return out.row(&row, &text);
            };
            // The puzzle made, in the form asked for; a form that cannot hold it is this
            // puzzle's error.
            let written = match (args.to, &found.made) {
                (Some(to), Some((made, _))) => {
                    let reading = &item.reading;
                    let about = About {
                        title: reading.title.as_deref(),
                        author: reading.author.as_deref(),
                        rules: reading.rules.as_deref().or(reading.notes.as_deref()),
                    };
                    Some(to.write(made, &about).map_err(|e| {
                        let form = to.to_possible_value().map(|v| v.get_name().to_string());
                        format!("cannot be written --to {}: {e}", form.unwrap_or_default())
                    }))
                }
                _ => None,
            };
            if let Some(Err(_)) = &written {
                // Asked for and not written: an error, as `export` counts it (exit status 2).
                tally.add_errors(1);
            }
            let givens = given_texts(suggestion, &item.notation);
            let text = if givens.is_empty() {
                format!(
                    "unique nothing to add; {}",
                    rating.as_deref().unwrap_or_default()
                )
            } else {
                let easiest = match found.choices {
                    1 => String::new(),
                    n => format!(", the easiest of {n} such"),
                };
                format!(
                    "multiple add {} ({} given{}, {}{easiest}): {} {}",
                    givens.join(" "),
                    givens.len(),
                    if givens.len() == 1 { "" } else { "s" },
                    how_sure(suggestion),
                    line.as_deref().unwrap_or_default(),
                    rating.as_deref().unwrap_or_default()
                )
            };
            let row = Row {
                head: RowHead::new(&item, status),
                givens: Some(givens),
                fewest: Some(suggestion.fewest),
                choices: Some(found.choices),
                solutions: Some(suggestion.solutions),
                all_solutions: Some(suggestion.all_solutions),
                puzzle: line,
                written: written.clone().and_then(Result::ok),
                rating,
                hardest,
                removals: None,
                clash: None,
                conflict: None,
                constraints: (found.constraints.as_ref()).map(|(_, rated)| {
                    (rated.iter())
                        .map(|(constraint, rating)| Proposal {
                            constraint: constraint.to_string(),
                            toml: (constraint.written(RecordFormat::Toml).ok()).map(|records| {
                                (records.iter())
                                    .map(|record| toml_record(record, puzzle_shape))
                                    .collect()
                            }),
                            rating: rating.to_string(),
                            hardest: rating.hardest.to_string(),
                        })
                        .collect()
                }),
                constraints_found: found.constraints.as_ref().map(|(f, _)| f.proposals.len()),
                constraints_tried: found.constraints.as_ref().map(|(f, _)| f.tried),
                constraints_unoffered: (found.constraints.as_ref())
                    .map(|(f, _)| f.unoffered.clone())
                    .filter(|names| !names.is_empty()),
                error: written.clone().and_then(Result::err),
            };
            match &written {
                Some(Ok(form)) if !out.writes_rows() => {
                    // The suggestion as a comment, so that the output reads back in its form.
                    out.comment(&text).context("writing the output")?;
                    out.text(form.trim_end()).context("writing the output")?;
                }
                Some(Err(error)) if !out.writes_rows() => {
                    out.row(&row, &text)?;
                    super::output::report_item(&item, error);
                }
                _ => out.row(&row, &text)?,
            }
            if let (Some((found, rated)), Some(palette), false) =
                (&found.constraints, &palette, out.writes_rows())
            {
                for line in proposal_lines(found, rated, palette) {
                    out.comment(&line).context("writing the output")?;
                }
            }
            Ok(())
        },
    )?;
    out.finish(tally, errors)
}
