//! `satdoku export`: each puzzle written for the setters' tools — a SudokuPad or f-puzzles link, f-puzzles JSON, or satdoku's TOML — with its rules, title and rules text.

use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use satdoku::Puzzle;
use satdoku::format::export::{self, About, ExportError};
use serde::Serialize;

use super::args::{InputArgs, OutputArgs};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// What to write: a SudokuPad link, an f-puzzles link, f-puzzles JSON (a line per
    /// puzzle), or satdoku's TOML puzzle file.
    #[arg(long, value_enum, default_value_t = ExportTo::Sudokupad)]
    to: ExportTo,
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// The forms `--to` writes (`export`, and `generate`'s puzzles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportTo {
    /// A SudokuPad link (`https://sudokupad.app/fpuzzles…`).
    Sudokupad,
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=…`; grids up to 16×16).
    Fpuzzles,
    /// f-puzzles JSON, one line per puzzle.
    FpuzzlesJson,
    /// satdoku's TOML puzzle file (`satdoku check FILE.toml` reads it back).
    Toml,
}

impl ExportTo {
    /// `puzzle` written in this form.
    pub fn write(self, puzzle: &Puzzle, about: &About<'_>) -> Result<String, ExportError> {
        match self {
            ExportTo::Sudokupad => export::sudokupad_link(puzzle, about),
            ExportTo::Fpuzzles => export::fpuzzles_link(puzzle, about),
            ExportTo::FpuzzlesJson => {
                export::fpuzzles_json(puzzle, about).map(|json| json.to_string())
            }
            ExportTo::Toml => export::toml_text(puzzle, about),
        }
    }
}

/// One puzzle written, as a JSON row.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    /// What was written: the link, the JSON or the TOML.
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Writes each puzzle of the input in the form `--to` names.
pub fn run(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?)?;
    let mut tally = Tally::default();
    let errors = input::for_each(&args.input, |item: Item| {
        let written = match &item.puzzle {
            Ok(puzzle) => {
                let reading = &item.reading;
                let about = About {
                    title: reading.title.as_deref(),
                    author: reading.author.as_deref(),
                    rules: reading.rules.as_deref().or(reading.notes.as_deref()),
                };
                args.to
                    .write(puzzle, &about)
                    .map_err(|e| Some(e.to_string()))
            }
            // Named already by the reader.
            Err(_) => Err(None),
        };
        let status = if written.is_ok() {
            Status::Solved
        } else {
            Status::Invalid
        };
        tally.record(status, written.is_ok());
        if out.writes_rows() {
            let (written, error) = match written {
                Ok(text) => (Some(text), None),
                Err(error) => (None, error.or_else(|| item.error())),
            };
            out.write_row(&Row {
                head: RowHead::new(&item, status),
                written,
                error,
            })
        } else {
            match written {
                Ok(text) => out.text(text.trim_end()),
                Err(Some(error)) => {
                    super::output::report_item(&item, &format!("cannot be written: {error}"));
                    Ok(())
                }
                Err(None) => Ok(()),
            }
        }
        .context("writing the output")?;
        out.commit().context("writing the output")
    })?;
    out.finish(tally, errors)
}
