//! Printing results: grids in the chosen layout or JSON Lines rows, and the exit status.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use satdoku::format::{Alphabet, OutputFormat, write_grid_with, write_line};
use satdoku::{Grid, Rules};
use serde::Serialize;

use super::args::FormatKind;
use super::input::{Item, STDIN};
use super::interrupt::{EXIT_INTERRUPTED, interrupted};
use super::progress::{chatty, quiet, report};
use super::sink;
use super::{EXIT_ERROR, EXIT_FAILED, EXIT_OK};

/// The verdict on one puzzle, the `status` field of every JSON row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[repr(usize)]
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
    /// The status of a puzzle with `count` solutions (counted up to 2).
    pub fn of_count(count: &satdoku::Count) -> Status {
        match count.count {
            0 => Status::NoSolution,
            1 if count.complete => Status::Unique,
            _ => Status::Multiple,
        }
    }
}

impl Status {
    /// The status a verdict gives: unique, multiple or no solution.
    pub fn of(verdict: &satdoku::check::Verdict) -> Status {
        use satdoku::check::Verdict;
        match verdict {
            Verdict::Unique { .. } => Status::Unique,
            Verdict::Multiple { .. } => Status::Multiple,
            Verdict::NoSolution { .. } => Status::NoSolution,
        }
    }

    /// Every status, in the order summaries list them.
    pub const ALL: [Status; 7] = [
        Status::Solved,
        Status::Unique,
        Status::Multiple,
        Status::NoSolution,
        Status::Timeout,
        Status::Generated,
        Status::Invalid,
    ];

    /// The status in words, for summaries: `no solution`, `timed out`.
    pub fn words(self) -> &'static str {
        match self {
            Status::NoSolution => "no solution",
            Status::Timeout => "timed out",
            other => other.name(),
        }
    }

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

/// Reports on stderr what became of a puzzle whose answer is not printed (`timeout`, `no
/// solution`), naming its input, index and line.
pub fn report_item(item: &Item, what: &str) {
    report(&format!(
        "satdoku: {}: puzzle {} (line {}): {what}",
        item.file, item.index, item.line
    ));
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
    /// The rules the puzzle was read under (`boxes 3x3, diagonal`), when it was read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// What the reader guessed about the puzzle (as also reported on stderr), such as a
    /// `0` read as a blank.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// What the puzzle's file states that was not read as a rule, each named: the
    /// verdict was reached without it.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub unread: &'a [String],
}

impl<'a> RowHead<'a> {
    /// The head of the row for `item` with `status`.
    pub fn new(item: &'a Item, status: Status) -> RowHead<'a> {
        RowHead {
            file: &item.file,
            index: item.index,
            line: item.line,
            status,
            rules: item.puzzle.as_ref().ok().map(|p| p.rules().to_string()),
            warnings: item
                .warnings
                .iter()
                .map(super::flag_hints::warned)
                .collect(),
            unread: item.unread(),
        }
    }
}

/// Counts of verdicts, which decide the exit status and make the summary line.
#[derive(Debug, Default)]
pub struct Tally {
    /// Puzzles by status, in the order of [`Status::ALL`].
    by_status: [usize; Status::ALL.len()],
    /// Puzzles not answered (no solution, not unique, timeout: as the command judges).
    failed: usize,
    /// Invalid puzzles and unreadable inputs.
    errors: usize,
}

impl Tally {
    /// Counts a puzzle with `status`; `answered` is false when the command failed on it
    /// (exit status 1). Invalid puzzles count as errors (exit status 2).
    pub fn record(&mut self, status: Status, answered: bool) {
        self.by_status[status as usize] += 1;
        if status == Status::Invalid {
            self.errors += 1;
        } else if !answered {
            self.failed += 1;
        }
    }

    /// Counts failures that are not a puzzle's status (a disagreement between solvers),
    /// for the exit status.
    pub fn add_failures(&mut self, failures: usize) {
        self.failed += failures;
    }

    /// Counts errors that are not puzzles (unreadable inputs), for the exit status.
    pub fn add_errors(&mut self, errors: usize) {
        self.errors += errors;
    }

    /// Puzzles counted.
    pub fn puzzles(&self) -> usize {
        self.by_status.iter().sum()
    }

    /// Puzzles counted with `status`.
    pub fn count(&self, status: Status) -> usize {
        self.by_status[status as usize]
    }

    /// The exit status: 130 after Ctrl-C, else 2 after any error, else 1 after any
    /// failure, else 0. Every command ends through here.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(if interrupted() {
            EXIT_INTERRUPTED
        } else if self.errors > 0 {
            EXIT_ERROR
        } else if self.failed > 0 {
            EXIT_FAILED
        } else {
            EXIT_OK
        })
    }

    /// `12 puzzles: 8 unique, 1 multiple, 3 no solution, 0 invalid`: every status that
    /// occurred, and always the invalid ones.
    pub fn summary(&self) -> String {
        let puzzles = self.puzzles();
        let parts: Vec<String> = Status::ALL
            .iter()
            .filter(|&&status| status == Status::Invalid || self.count(status) > 0)
            .map(|&status| format!("{} {}", self.count(status), status.words()))
            .collect();
        format!(
            "{puzzles} puzzle{}: {}",
            if puzzles == 1 { "" } else { "s" },
            parts.join(", ")
        )
    }
}

/// Standard output in the chosen layout, written through the [`sink`](super::sink) in
/// whole records: a batch commits each puzzle's output as it ends (flushed at once on a
/// terminal).
pub struct Output {
    format: FormatKind,
    alphabet: Alphabet,
    /// Whether a multi-line grid was written last, to be followed by a blank line.
    needs_gap: bool,
    /// When the run started, for the summary.
    start: std::time::Instant,
}

impl Output {
    /// Standard output with `format`, writing symbols from `alphabet`; an error when
    /// standard output is closed.
    pub fn stdout(format: FormatKind, alphabet: Alphabet) -> anyhow::Result<Output> {
        sink::open().context("writing the output")?;
        Ok(Output {
            format,
            alphabet,
            needs_gap: false,
            start: std::time::Instant::now(),
        })
    }

    /// Whether rows are JSON.
    pub fn is_json(&self) -> bool {
        self.format == FormatKind::Json
    }

    /// `grid` on one line, for JSON fields, in the puzzle's own symbols when it was
    /// written in symbols (`symbols`: a hexadoku's `0`–`F`), else in the output alphabet.
    pub fn line(&self, grid: &Grid, symbols: Option<&Alphabet>) -> String {
        write_line(grid, symbols.unwrap_or(&self.alphabet))
    }

    /// Whether results are one line per puzzle.
    pub fn is_line(&self) -> bool {
        self.format == FormatKind::Line
    }

    /// Prints `grid` in the chosen grid layout (multi-line grids separated by a blank line),
    /// blocks separated by the boxes of `rules` (none for jigsaw regions), in the puzzle's
    /// own symbols when it was written in symbols.
    pub fn grid(
        &mut self,
        grid: &Grid,
        rules: &Rules,
        symbols: Option<&Alphabet>,
    ) -> io::Result<()> {
        let format = self
            .format
            .grid_format()
            .expect("grids are printed only in grid layouts");
        self.gap()?;
        self.needs_gap = format != OutputFormat::Line;
        writeln!(
            sink::record(),
            "{}",
            write_grid_with(
                grid,
                format,
                symbols.unwrap_or(&self.alphabet),
                rules.box_shape()
            )
        )
    }

    /// Prints a `# text` comment line heading the grids that follow.
    pub fn comment(&mut self, text: &str) -> io::Result<()> {
        self.gap()?;
        writeln!(sink::record(), "# {text}")
    }

    fn gap(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.needs_gap) {
            writeln!(sink::record())?;
        }
        Ok(())
    }

    /// Prints a line of text (a verdict line, or a `#` comment before a grid).
    pub fn text(&mut self, line: &str) -> io::Result<()> {
        let mut record = sink::record();
        record.write_all(line.as_bytes())?;
        record.write_all(b"\n")
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
        let mut record = sink::record();
        serde_json::to_writer(&mut record, row)?;
        record.write_all(b"\n")
    }

    /// Ends one puzzle's output: it goes out whole (see [`sink::commit`]). Batches over
    /// the input commit after each puzzle by themselves.
    pub fn commit(&mut self) -> io::Result<()> {
        sink::commit()
    }

    /// Flushes everything, so that a failed write is an error and not a short output, and
    /// gives the exit status of a run with `tally` and `input_errors` (unreadable inputs
    /// and invalid puzzles, counted by the reader; invalid puzzles recorded in `tally`
    /// too are not counted twice).
    ///
    /// When stderr is a terminal, or after Ctrl-C, a summary line goes there: the puzzles
    /// by status, and the elapsed time.
    pub fn finish(self, mut tally: Tally, input_errors: usize) -> anyhow::Result<ExitCode> {
        sink::flush().context("writing the output")?;
        tally.add_errors(input_errors.saturating_sub(tally.count(Status::Invalid)));
        if chatty() || (interrupted() && !quiet()) {
            report(&format!(
                "satdoku: {}, in {:.2?}",
                tally.summary(),
                self.start.elapsed()
            ));
        }
        Ok(tally.exit_code())
    }
}

/// Makes the directory that files go into (and its parents), or says why it cannot: a
/// file of that name is "not a directory".
pub fn make_dir(dir: &std::path::Path) -> anyhow::Result<()> {
    if dir.exists() && !dir.is_dir() {
        anyhow::bail!("{} is not a directory", dir.display());
    }
    std::fs::create_dir_all(dir).with_context(|| format!("making {}", dir.display()))
}

/// The names of a run's inputs in the files it writes: each input's [`stem`], made unique
/// in input order (a second input with the same stem, `a/x.txt` after `b/x.txt`, is
/// `x-2`), so that no file overwrites another's.
#[derive(Debug, Default)]
pub struct Stems {
    /// The name given to each input so far.
    given: std::collections::HashMap<String, String>,
    /// The names taken.
    taken: std::collections::HashSet<String>,
    /// The files named so far (for inputs that repeat a name and a number, such as grids
    /// given on the command line, each `argument` puzzle 1).
    files: std::collections::HashSet<std::path::PathBuf>,
}

impl Stems {
    /// The name of `input` in file names.
    pub fn of(&mut self, input: &str) -> String {
        if let Some(name) = self.given.get(input) {
            return name.clone();
        }
        let stem = stem(input);
        let name = (1..)
            .map(|k| {
                if k == 1 {
                    stem.clone()
                } else {
                    format!("{stem}-{k}")
                }
            })
            .find(|name| !self.taken.contains(name))
            .unwrap_or(stem);
        self.taken.insert(name.clone());
        self.given.insert(input.to_string(), name.clone());
        name
    }

    /// `path`, or, when this run has named it already, the first of `path` with `-2`,
    /// `-3` … before its extension that it has not.
    pub fn fresh(&mut self, path: std::path::PathBuf) -> std::path::PathBuf {
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        let ext = path.extension().map(|e| e.to_string_lossy().into_owned());
        let mut candidate = path.clone();
        let mut k = 1;
        while self.files.contains(&candidate) {
            k += 1;
            let name = match &ext {
                Some(ext) => format!("{}-{k}.{ext}", stem.as_deref().unwrap_or_default()),
                None => format!("{}-{k}", stem.as_deref().unwrap_or_default()),
            };
            candidate = path.with_file_name(name);
        }
        self.files.insert(candidate.clone());
        candidate
    }
}

/// The name used for an input in file names: its stem, `stdin` for standard input, `link`
/// for a share link, `argument` for a grid given on the command line.
pub fn stem(input: &str) -> String {
    if input == STDIN {
        "stdin".to_string()
    } else if let Some(what) = input.strip_prefix('<').and_then(|s| s.strip_suffix('>')) {
        // A grid given on the command line: `<argument>`.
        what.to_string()
    } else if input.starts_with("https://") || input.starts_with("http://") {
        // A share link: its last part is compressed data, no name.
        "link".to_string()
    } else {
        Path::new(input)
            .file_stem()
            .map_or("puzzles".into(), |s| s.to_string_lossy().into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_sharing_a_stem_get_names_of_their_own() {
        let mut stems = Stems::default();
        assert_eq!(stems.of("a/x.txt"), "x");
        assert_eq!(stems.of("b/x.txt"), "x-2");
        assert_eq!(stems.of("a/x.txt"), "x");
        assert_eq!(stems.of("x-2.txt"), "x-2-2");
        assert_eq!(stems.of(STDIN), "stdin");
    }

    #[test]
    fn summaries_name_what_happened() {
        let mut tally = Tally::default();
        for _ in 0..8 {
            tally.record(Status::Unique, true);
        }
        tally.record(Status::Multiple, false);
        for _ in 0..3 {
            tally.record(Status::NoSolution, false);
        }
        assert_eq!(
            tally.summary(),
            "12 puzzles: 8 unique, 1 multiple, 3 no solution, 0 invalid"
        );
        let mut one = Tally::default();
        one.record(Status::Timeout, false);
        assert_eq!(one.summary(), "1 puzzle: 1 timed out, 0 invalid");
        assert_eq!(one.exit_code(), ExitCode::from(EXIT_FAILED));
        one.record(Status::Invalid, false);
        assert_eq!(one.exit_code(), ExitCode::from(EXIT_ERROR));
    }
}
