//! Printing results: grids in the chosen layout or JSON Lines rows, and the exit status.

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::process::ExitCode;

use anyhow::Context;
use satdoku::Grid;
use satdoku::format::{Alphabet, OutputFormat, write_grid, write_line};
use serde::Serialize;

use super::args::FormatKind;
use super::input::Item;
use super::{EXIT_ERROR, EXIT_FAILED, EXIT_OK};

/// The verdict on one puzzle, the `status` field of every JSON row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A solution was found.
    Solved,
    /// Exactly one solution.
    Unique,
    /// More than one solution.
    Multiple,
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle could not be read or its givens clash.
    Invalid,
    /// A new puzzle was generated.
    Generated,
    /// The time limit stopped the work on this puzzle.
    Timeout,
}

impl Status {
    /// The status as written in output: `no_solution`, `timeout`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::NoSolution => "no_solution",
            Status::Invalid => "invalid",
            Status::Generated => "generated",
            Status::Timeout => "timeout",
        }
    }
}

/// The fields that start every JSON row: where the puzzle came from and its verdict.
#[derive(Debug, Serialize)]
pub struct RowHead<'a> {
    /// The input's name.
    pub file: &'a str,
    /// 1-based position of the puzzle in its input.
    pub index: usize,
    /// The line the puzzle starts on.
    pub line: usize,
    /// The verdict.
    pub status: Status,
}

impl<'a> RowHead<'a> {
    /// The head of the row for `item` with `status`.
    pub fn new(item: &Item<'a>, status: Status) -> RowHead<'a> {
        RowHead {
            file: item.file,
            index: item.index,
            line: item.line,
            status,
        }
    }
}

/// Counts of verdicts, which decide the exit status.
#[derive(Debug, Default)]
pub struct Tally {
    /// Puzzles with a solution.
    pub solved: usize,
    /// Puzzles without one.
    pub failed: usize,
    /// Invalid puzzles and unreadable inputs.
    pub errors: usize,
}

impl Tally {
    /// 2 after any error, else 1 after any failure, else 0.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(if self.errors > 0 {
            EXIT_ERROR
        } else if self.failed > 0 {
            EXIT_FAILED
        } else {
            EXIT_OK
        })
    }
}

/// Standard output in the chosen layout; flushed per puzzle on a terminal.
pub struct Output {
    writer: BufWriter<Stdout>,
    format: FormatKind,
    alphabet: Alphabet,
    interactive: bool,
    /// Whether a multi-line grid was written last, to be followed by a blank line.
    needs_gap: bool,
    /// When the run started, for the summary.
    start: std::time::Instant,
}

impl Output {
    /// Standard output with `format`, writing symbols from `alphabet`.
    pub fn stdout(format: FormatKind, alphabet: Alphabet) -> Output {
        let stdout = io::stdout();
        Output {
            interactive: stdout.is_terminal(),
            writer: BufWriter::with_capacity(1 << 16, stdout),
            format,
            alphabet,
            needs_gap: false,
            start: std::time::Instant::now(),
        }
    }

    /// Whether rows are JSON.
    pub fn is_json(&self) -> bool {
        self.format == FormatKind::Json
    }

    /// `grid` on one line, for JSON fields.
    pub fn line(&self, grid: &Grid) -> String {
        write_line(grid, &self.alphabet)
    }

    /// Whether results are one line per puzzle.
    pub fn is_line(&self) -> bool {
        self.format == FormatKind::Line
    }

    /// Prints `grid` in the chosen grid layout (multi-line grids separated by a blank line).
    pub fn grid(&mut self, grid: &Grid) -> io::Result<()> {
        let format = self
            .format
            .grid_format()
            .expect("grids are printed only in grid layouts");
        self.gap()?;
        self.needs_gap = format != OutputFormat::Line;
        writeln!(self.writer, "{}", write_grid(grid, format, &self.alphabet))?;
        self.end_item()
    }

    /// Prints a `# text` comment line heading the grids that follow.
    pub fn comment(&mut self, text: &str) -> io::Result<()> {
        self.gap()?;
        writeln!(self.writer, "# {text}")
    }

    fn gap(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.needs_gap) {
            writeln!(self.writer)?;
        }
        Ok(())
    }

    /// Prints a line of text (a verdict line, or a `#` comment before a grid).
    pub fn text(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.writer, "{line}")?;
        self.end_item()
    }

    /// Prints `row` as JSON, or `text` as a line, by the chosen layout.
    pub fn row(&mut self, row: &impl Serialize, text: &str) -> anyhow::Result<()> {
        if self.is_json() {
            self.json(row)
        } else {
            self.text(text)
        }
        .context("writing the output")
    }

    /// Prints one JSON row.
    pub fn json(&mut self, row: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.writer, row)?;
        writeln!(self.writer)?;
        self.end_item()
    }

    fn end_item(&mut self) -> io::Result<()> {
        if self.interactive {
            self.writer.flush()?;
        }
        Ok(())
    }

    /// Flushes everything, so that a failed write is an error and not a short output, and
    /// gives the exit status of a run with `tally` and `input_errors` (invalid puzzles and
    /// unreadable inputs).
    ///
    /// When stderr is a terminal, a summary line goes there: puzzles, how many were
    /// answered, how many not (no solution, not unique, timeout), invalid, elapsed time.
    pub fn finish(mut self, mut tally: Tally, input_errors: usize) -> anyhow::Result<ExitCode> {
        self.writer.flush().context("writing the output")?;
        tally.errors += input_errors;
        if io::stderr().is_terminal() {
            eprintln!(
                "satdoku: {} puzzles: {} answered, {} not, {} invalid, in {:.2?}",
                tally.solved + tally.failed + input_errors,
                tally.solved,
                tally.failed,
                input_errors,
                self.start.elapsed()
            );
        }
        Ok(tally.exit_code())
    }
}
