//! Printing results: grids in the chosen layout or JSON Lines rows, and the exit status.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use satdoku::format::{Alphabet, OutputFormat, write_grid_with, write_line, write_marks_line};
use satdoku::{Grid, Puzzle, Rules};
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
    /// The solution the input gives (`--expect`) obeys the rules but is not this puzzle's:
    /// a given differs.
    Mismatch,
    /// The solution the input gives (`--expect`) cannot be read, is incomplete or breaks a
    /// rule.
    InvalidSolution,
    /// The puzzle's canonical form was written (`canon`).
    Canonical,
    /// The puzzle is equivalent to an earlier one (`canon --dedup`).
    Duplicate,
    /// Equivalent copies of the puzzle were written (`transform`).
    Transformed,
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
    pub const ALL: [Status; 12] = [
        Status::Solved,
        Status::Unique,
        Status::Multiple,
        Status::NoSolution,
        Status::Timeout,
        Status::Mismatch,
        Status::InvalidSolution,
        Status::Generated,
        Status::Canonical,
        Status::Duplicate,
        Status::Transformed,
        Status::Invalid,
    ];

    /// The status in words, for summaries: `no solution`, `timed out`.
    pub fn words(self) -> &'static str {
        match self {
            Status::NoSolution => "no solution",
            Status::Timeout => "timed out",
            Status::InvalidSolution => "invalid solution",
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
            Status::Mismatch => "mismatch",
            Status::InvalidSolution => "invalid_solution",
            Status::Canonical => "canonical",
            Status::Duplicate => "duplicate",
            Status::Transformed => "transformed",
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
    /// The puzzle's row of a table input: every column with its field, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Columns<'a>>,
}

/// A table row's columns, written as a JSON object in the header's order.
#[derive(Debug)]
pub struct Columns<'a>(&'a satdoku::format::Record);

impl Serialize for Columns<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.header().len()))?;
        for (name, field) in self.0.pairs() {
            map.serialize_entry(name, field)?;
        }
        map.end()
    }
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
            columns: item.record.as_ref().map(Columns),
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
    /// The columns of CSV output.
    csv: Csv,
}

/// CSV output: the header, written before the first row, and the fields written.
#[derive(Debug)]
struct Csv {
    /// The command's fields, after the input's columns.
    fields: &'static [&'static str],
    /// Whether the command reads no input (`generate`): its fields alone, no input columns.
    alone: bool,
    /// The input's columns, once the header has been written (`file,index,line` for an
    /// input that is no table; none for a command that reads no input).
    columns: Option<Vec<String>>,
}

/// A row's field as CSV writes it: its text (an array's items joined by spaces), or an
/// object's fields in order (a table input's `columns`).
enum Cell {
    /// A value's text.
    Text(String),
    /// An object's fields, in order.
    Fields(Vec<(String, Cell)>),
}

impl Cell {
    fn text(&self) -> String {
        match self {
            Cell::Text(text) => text.clone(),
            Cell::Fields(fields) => (fields.iter())
                .map(|(k, v)| format!("{k}={}", v.text()))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Cell;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Cell, E> {
                Ok(Cell::Text(v.to_string()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Cell, E> {
                Ok(Cell::Text(v.to_string()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Cell, E> {
                Ok(Cell::Text(v.to_string()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Cell, E> {
                Ok(Cell::Text(v.to_string()))
            }
            fn visit_str<E>(self, v: &str) -> Result<Cell, E> {
                Ok(Cell::Text(v.to_string()))
            }
            fn visit_unit<E>(self) -> Result<Cell, E> {
                Ok(Cell::Text(String::new()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Cell, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Cell>()? {
                    items.push(item.text());
                }
                Ok(Cell::Text(items.join(" ")))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Cell, A::Error> {
                let mut fields = Vec::new();
                while let Some((key, value)) = map.next_entry::<String, Cell>()? {
                    fields.push((key, value));
                }
                Ok(Cell::Fields(fields))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl Csv {
    /// The CSV line of `row` (a JSON row), after the header when it is the first.
    fn line(&mut self, row: &impl Serialize) -> io::Result<Vec<u8>> {
        // Through JSON text, which keeps the fields' order (a table's columns in its own).
        let json = serde_json::to_string(row)?;
        let Cell::Fields(fields) = serde_json::from_str::<Cell>(&json)? else {
            return Err(io::Error::other("a row is a JSON object"));
        };
        let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v);
        let (names, values): (Vec<String>, Vec<String>) = match field("columns") {
            _ if self.alone => (Vec::new(), Vec::new()),
            Some(Cell::Fields(columns)) => {
                columns.iter().map(|(k, v)| (k.clone(), v.text())).unzip()
            }
            _ => ["file", "index", "line"]
                .iter()
                .map(|&k| (k.to_string(), field(k).map(Cell::text).unwrap_or_default()))
                .unzip(),
        };
        let mut writer = csv::WriterBuilder::new().from_writer(Vec::new());
        match &self.columns {
            None => {
                // A field named as one of the input's columns is told apart from it.
                let own = self.fields.iter().map(|&f| {
                    if names.iter().any(|n| n == f) {
                        format!("satdoku_{f}")
                    } else {
                        f.to_string()
                    }
                });
                writer.write_record(names.iter().cloned().chain(own))?;
                self.columns = Some(names);
            }
            Some(columns) if *columns != names => {
                return Err(io::Error::other(format!(
                    "CSV output is one table, and this input's columns ({}) are not the first's ({})",
                    names.join(","),
                    columns.join(",")
                )));
            }
            Some(_) => {}
        }
        let own = (self.fields.iter()).map(|&f| field(f).map(Cell::text).unwrap_or_default());
        writer.write_record(values.into_iter().chain(own))?;
        writer
            .into_inner()
            .map_err(|e| io::Error::other(e.to_string()))
    }
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
            csv: Csv {
                fields: &["status", "error"],
                alone: false,
                columns: None,
            },
        })
    }

    /// Whether results are a row per puzzle (JSON or CSV) rather than grids or lines.
    pub fn writes_rows(&self) -> bool {
        matches!(self.format, FormatKind::Json | FormatKind::Csv)
    }

    /// The fields of this command's rows that CSV output writes, after the input's own
    /// columns (`status` and `error` unless a command names its own).
    pub fn csv_fields(&mut self, fields: &'static [&'static str]) {
        self.csv.fields = fields;
    }

    /// CSV output of these fields alone, for a command that reads no input (`generate`).
    pub fn csv_fields_alone(&mut self, fields: &'static [&'static str]) {
        self.csv.fields = fields;
        self.csv.alone = true;
    }

    /// `grid` on one line, for JSON fields, in the puzzle's own symbols when it was
    /// written in symbols (`symbols`: a hexadoku's `0`–`F`), else in the output alphabet.
    pub fn line(&self, grid: &Grid, symbols: Option<&Alphabet>) -> String {
        let alphabet = symbols.unwrap_or(&self.alphabet);
        write_grid_with(grid, OutputFormat::Line, alphabet, None)
    }

    /// `puzzle` on one line, for JSON fields, as [`Output::line`] writes its grid; a puzzle
    /// with given pencil marks as its marks (a given its digit alone), which read back as
    /// the same puzzle.
    pub fn puzzle_line(&self, puzzle: &Puzzle, symbols: Option<&Alphabet>) -> String {
        let alphabet = symbols.unwrap_or(&self.alphabet);
        let marks = puzzle.rules().pencil_marks();
        marks
            .and_then(|marks| write_marks_line(puzzle.grid(), &marks, alphabet))
            .unwrap_or_else(|| write_line(puzzle.grid(), alphabet))
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

    /// Prints the comment line `# STATUS (puzzle N, line L)` in place of a puzzle's answer:
    /// the reader skips it, so the output stays aligned with the input.
    pub fn status_comment(&mut self, item: &Item, status: Status) -> io::Result<()> {
        self.comment(&format!(
            "{} (puzzle {}, line {})",
            status.words(),
            item.index,
            item.line
        ))
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

    /// Prints `row` as JSON or CSV, or `text` as a line, by the chosen layout.
    pub fn row(&mut self, row: &impl Serialize, text: &str) -> anyhow::Result<()> {
        if self.writes_rows() {
            self.write_row(row)
        } else {
            self.text(text)
        }
        .context("writing the output")
    }

    /// Prints one row, as JSON or CSV by the chosen layout.
    pub fn write_row(&mut self, row: &impl Serialize) -> io::Result<()> {
        let mut record = sink::record();
        if self.format == FormatKind::Csv {
            let line = self.csv.line(row)?;
            return record.write_all(&line);
        }
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
