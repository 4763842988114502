//! Reading every puzzle of every input file in turn, streaming.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::Context;

use satdoku::format::{
    Entry, FileKind, LinkLine, MAX_LINE, PuzzleFile, PuzzleReader, ReadOptions, Settled, parse_link,
};
use satdoku::{InputError, Puzzle, Rules, RulesError, RulesSpec, Shape};

use super::args::InputArgs;
use super::flag_hints;
use super::interrupt::interrupted;
use super::progress::{Bar, Total, notice, report};
use super::sink;

/// One puzzle of the input, checked against the chosen rules: the reader's entry, the
/// input's name and the puzzle (or why it is unusable, its lines counted in the file). The
/// entry's index and line count in its file and `consumed` the bytes of all the inputs so
/// far (for the progress bar); its own grid and warnings (already reported on stderr) keep
/// the lines of the text read, which differ inside a puzzle file. It reads as its entry
/// (`item.index`).
pub struct Item {
    /// The input's name (`<stdin>` for standard input).
    pub file: Arc<str>,
    /// How the puzzle's file was read: its drawings as rules, its rules' text, and what
    /// was left unread (a verdict reached without that says so).
    pub reading: Arc<FileReading>,
    /// The puzzle as the reader found it.
    pub entry: Entry,
    /// The puzzle, or why it is unusable.
    pub puzzle: Result<Puzzle, InputError>,
}

impl std::ops::Deref for Item {
    type Target = Entry;
    fn deref(&self) -> &Entry {
        &self.entry
    }
}

/// How a puzzle file was read, shared by its puzzles: what its drawings were read as, each
/// sentence of its rules' text with what it was read as, and what was left unread (see
/// [`PuzzleFile`]). Empty for plain puzzle text.
#[derive(Debug, Default)]
pub struct FileReading {
    /// Each drawn element read, with its rule.
    pub readings: Vec<String>,
    /// Each sentence of the rules' text, with what it was read as.
    pub sentences: Vec<satdoku::format::rules_text::Sentence>,
    /// What was not read as a rule, each named.
    pub unread: Vec<String>,
    /// The file's title.
    pub title: Option<String>,
    /// The file's author.
    pub author: Option<String>,
    /// The rules in words, as published (SudokuPad, f-puzzles).
    pub rules: Option<String>,
    /// The file's notes (satdoku's TOML).
    pub notes: Option<String>,
}

impl Item {
    /// What the puzzle's file states that was not read as a rule.
    pub fn unread(&self) -> &[String] {
        &self.reading.unread
    }

    /// Why the puzzle is unusable, in the puzzle's own notation; `None` when it is usable.
    pub fn error(&self) -> Option<String> {
        self.puzzle
            .as_ref()
            .err()
            .map(|err| format!("{}{}", self.notation.show(err), flag_hints::input(err)))
    }
}

/// How much input there is: the total size of the files, when every input is a file
/// whose size is known (not standard input).
pub fn total(args: &InputArgs) -> Total {
    let mut bytes = 0;
    for path in &args.files {
        if path.as_os_str() == "-" {
            return Total::Unknown;
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => bytes += meta.len(),
            // A pipe or a device: its size is not known in advance.
            Ok(_) => return Total::Unknown,
            // Reported when it is opened.
            Err(_) => {}
        }
    }
    if args.files.is_empty() {
        Total::Unknown
    } else {
        Total::Bytes(bytes)
    }
}

/// The name used for standard input in messages and JSON.
pub const STDIN: &str = "<stdin>";

/// Whether an argument that may be a grid (see [`InputArgs::inline_grids`]) is one. It
/// names no file, and either reads as a grid (N² symbols of `alphabet` or blanks, N from 4
/// to 64) or does not look like a file's name (no path separator, no extension such as
/// `.txt`): then what is wrong with it as a grid is said. A missing file's name is an
/// error about the file, never "unknown symbol 'n'".
fn looks_like_grid(path: &std::path::Path, alphabet: &satdoku::format::Alphabet) -> bool {
    if path.exists() {
        return false;
    }
    let text = path.to_string_lossy();
    let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(shape) = Shape::from_cell_count(symbols.len())
        && symbols.iter().all(|&c| alphabet.read(c, shape).is_some())
    {
        return true;
    }
    let extension = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        (1..=5).contains(&e.len())
            && e.chars().all(|c| c.is_ascii_alphanumeric())
            && e.chars().any(|c| c.is_ascii_alphabetic())
    });
    !text.contains(['/', '\\']) && !extension && symbols.len() >= 16
}

/// The name used for a grid given as an argument (see [`InputArgs::inline_grids`]).
pub const GRID_ARGUMENT: &str = "<argument>";

/// Calls `each` for every puzzle of every input, one at a time. Invalid puzzles are
/// reported on stderr, above any progress bar (and still passed to `each`, for JSON rows);
/// after the first one, `--fail-fast` stops. Inputs that cannot be opened or read, or that
/// hold no puzzle, are reported on stderr too, as are the reader's warnings. When standard
/// input is read from a terminal, a line on stderr says so first.
/// Returns how many errors there were: invalid puzzles and unreadable or empty inputs.
pub fn for_each(
    args: &InputArgs,
    mut each: impl FnMut(Item) -> anyhow::Result<()>,
) -> anyhow::Result<usize> {
    let options = args.read_options()?;
    let spec = args.rules.spec()?;
    let stdin_only = [std::path::PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };
    let mut run = Run {
        options,
        fail_fast: args.fail_fast,
        strict: args.strict,
        regions_unanswered: args.regions_unanswered.get().copied(),
        settled: args.settle.iter().fold(Settled::default(), |mut all, one| {
            all.merge(one);
            all
        }),
        errors: 0,
        before: 0,
        stop: false,
    };
    for path in files {
        if path.as_os_str() == "-" {
            if io::stdin().is_terminal() {
                let end = if cfg!(windows) {
                    "Ctrl-Z, Enter"
                } else {
                    "Ctrl-D"
                };
                notice(&format!(
                    "satdoku: reading puzzles from standard input (one per line; {end} to end)"
                ));
            }
            let mut stdin = io::stdin().lock();
            // A puzzle file piped in (f-puzzles or SudokuPad JSON, satdoku's TOML) is read
            // as that file would be; anything else as puzzle text.
            if let Some(kind) = FileKind::sniff(stdin.fill_buf()?) {
                let mut bytes = Vec::new();
                stdin.read_to_end(&mut bytes)?;
                let text = String::from_utf8(bytes).map_err(|err| {
                    format!(
                        "not UTF-8 text (a byte that is not UTF-8 at offset {})",
                        err.utf8_error().valid_up_to()
                    )
                });
                run.rules_file(STDIN, kind, text, &spec, &mut each)?;
            } else {
                let source = Source {
                    name: Arc::from(STDIN),
                    spec: &spec,
                    first_line: 1,
                    first_index: 1,
                    constraint_lines: None,
                    reading: Arc::default(),
                };
                run.text(&source, stdin, &mut each)?;
            }
        } else if args.inline_grids && looks_like_grid(path, &run.options.alphabet) {
            let text = path.to_string_lossy().into_owned();
            let source = Source {
                name: Arc::from(GRID_ARGUMENT),
                spec: &spec,
                first_line: 1,
                first_index: 1,
                constraint_lines: None,
                reading: Arc::default(),
            };
            run.read(&source, text.as_bytes(), &mut each)?;
        } else if let Some(kind) = FileKind::of(path) {
            run.puzzle_file(path, kind, &spec, &mut each)?;
        } else {
            let name = path.display().to_string();
            // A directory opens on some systems, and fails only when read.
            let opened = if path.is_dir() {
                Err(io::Error::from(io::ErrorKind::IsADirectory))
            } else {
                File::open(path)
            };
            match opened {
                Ok(file) => {
                    let mut file = BufReader::with_capacity(1 << 16, file);
                    // A puzzle file under another name (a string of sigh's solver in a
                    // `.txt`) is read as that file.
                    if let Some(kind) = FileKind::sniff(file.fill_buf()?) {
                        let mut text = String::new();
                        let text = file
                            .read_to_string(&mut text)
                            .map(|_| text)
                            .map_err(|err| satdoku::format::source::open_error(&err));
                        run.rules_file(&name, kind, text, &spec, &mut each)?;
                    } else {
                        let source = Source {
                            name: Arc::from(name.as_str()),
                            spec: &spec,
                            first_line: 1,
                            first_index: 1,
                            constraint_lines: None,
                            reading: Arc::default(),
                        };
                        run.text(&source, file, &mut each)?;
                    }
                }
                Err(err) => {
                    report(&format!(
                        "satdoku: {name}: {}",
                        satdoku::format::open_error(&err)
                    ));
                    run.errors += 1;
                }
            }
        }
        if run.stop {
            break;
        }
    }
    Ok(run.errors)
}

/// The state of one run over the inputs.
struct Run {
    options: ReadOptions,
    fail_fast: bool,
    /// `--strict`: a puzzle whose file states something unread is invalid.
    strict: bool,
    /// Why the command cannot answer puzzles whose regions are to be found, if it cannot.
    regions_unanswered: Option<&'static str>,
    /// `--read`: what lines of a colour mean where the words leave it open.
    settled: Settled,
    /// Invalid puzzles and unreadable inputs so far.
    errors: usize,
    /// Bytes of the inputs before the current one.
    before: u64,
    /// Set by Ctrl-C or `--fail-fast`: read no more.
    stop: bool,
}

/// Text to read puzzles from, with its rules and where it stands in its file.
struct Source<'a> {
    name: Arc<str>,
    spec: &'a RulesSpec,
    /// The file line of the text's first line.
    first_line: usize,
    /// The index of the text's first puzzle in its file.
    first_index: usize,
    /// The file line of each constraint of `spec`, where known (a TOML file's; the command
    /// line's come first and have none).
    constraint_lines: Option<ConstraintLines<'a>>,
    /// How the file was read.
    reading: Arc<FileReading>,
}

/// The file lines of a puzzle file's constraints, after `before` from the command line.
#[derive(Clone, Copy)]
struct ConstraintLines<'a> {
    before: usize,
    lines: &'a [usize],
}

impl ConstraintLines<'_> {
    /// `error` naming the line of the constraint it is about, when that is known.
    fn name_line(self, mut error: InputError) -> InputError {
        if let InputError::Rules {
            line,
            error: RulesError::Constraint { index: Some(i), .. },
        } = &mut error
            && let Some(&written) = i.checked_sub(self.before).and_then(|i| self.lines.get(i))
        {
            *line = written;
        }
        error
    }
}

impl Run {
    /// Reads the puzzles of `input` and passes each to `each`; returns how many there were.
    fn read(
        &mut self,
        source: &Source<'_>,
        input: impl BufRead,
        each: &mut dyn FnMut(Item) -> anyhow::Result<()>,
    ) -> anyhow::Result<usize> {
        let name = &*source.name;
        // One `Rules` per grid size for the whole input.
        let mut rules: Vec<(Shape, Result<Arc<Rules>, RulesError>)> = Vec::new();
        let mut rules_for = |shape: Shape| {
            if let Some((_, found)) = rules.iter().find(|(s, _)| *s == shape) {
                return found.clone();
            }
            let made = source.spec.rules_for(shape);
            rules.push((shape, made.clone()));
            made
        };
        let mut consumed = 0;
        let mut count = 0;
        let mut failed = false;
        let mut options = self.options.clone();
        // The digits the rules give (the command line's, or a puzzle file's own).
        options.digits = source.spec.digits;
        options.from_zero |= source.spec.from_zero;
        let mut reader = PuzzleReader::new(input, options);
        for entry in reader.by_ref() {
            if interrupted() {
                self.stop = true;
                return Ok(count);
            }
            let mut entry = match entry {
                Ok(entry) => entry,
                Err(err) => {
                    report(&format!("satdoku: {name}: {err}"));
                    self.errors += 1;
                    failed = true;
                    break;
                }
            };
            count += 1;
            consumed = entry.consumed;
            for warning in &entry.warnings {
                report(&format!(
                    "satdoku: {name}: warning: {}",
                    flag_hints::warned(warning)
                ));
            }
            // The entry's lines count in the text read; the file's count from its start.
            let puzzle = entry
                .puzzle_with(&mut rules_for)
                .map_err(|err| err.shifted(source.first_line - 1))
                .map_err(|err| match source.constraint_lines {
                    Some(lines) => lines.name_line(err),
                    None => err,
                });
            entry.line += source.first_line - 1;
            entry.index += source.first_index - 1;
            entry.consumed += self.before;
            let line = entry.line;
            let puzzle = match puzzle {
                Ok(_) if self.strict && !source.reading.unread.is_empty() => {
                    Err(InputError::Unread {
                        line,
                        unread: source.reading.unread.clone(),
                    })
                }
                Ok(puzzle)
                    if puzzle.rules().finds_regions() && self.regions_unanswered.is_some() =>
                {
                    Err(InputError::Unsupported {
                        line,
                        why: self.regions_unanswered.unwrap_or_default().to_string(),
                    })
                }
                other => other,
            };
            let item = Item {
                file: Arc::clone(&source.name),
                reading: Arc::clone(&source.reading),
                entry,
                puzzle,
            };
            let invalid = match item.error() {
                Some(err) => {
                    report(&format!("satdoku: {name}: {err}"));
                    self.errors += 1;
                    true
                }
                None => false,
            };
            each(item)?;
            if invalid && self.fail_fast {
                self.stop = true;
                return Ok(count);
            }
        }
        if count == 0 && !failed && source.first_index == 1 {
            let why = reader
                .skipped()
                .map(|skipped| format!(" ({skipped})"))
                .unwrap_or_default();
            report(&format!("satdoku: {name}: no puzzles found{why}"));
            self.errors += 1;
        }
        self.before += consumed;
        Ok(count)
    }

    /// Reads a puzzle file that carries its own rules (TOML, an f-puzzles export or share
    /// link): its rules join those of the command line, and its puzzles are read with them.
    fn puzzle_file(
        &mut self,
        path: &std::path::Path,
        kind: FileKind,
        spec: &RulesSpec,
        each: &mut dyn FnMut(Item) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let name = path.display().to_string();
        if kind == FileKind::Link {
            let file = parse_link(&name, &self.settled);
            self.with_rules(&Place::file(&name), file, spec, each)?;
            return Ok(());
        }
        self.rules_file(
            &name,
            kind,
            satdoku::format::read_file_text(path),
            spec,
            each,
        )
    }

    /// Reads `text`, a puzzle file of `kind` named `name` (or why it could not be read), as
    /// [`Run::puzzle_file`] does.
    fn rules_file(
        &mut self,
        name: &str,
        kind: FileKind,
        text: Result<String, String>,
        spec: &RulesSpec,
        each: &mut dyn FnMut(Item) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let file = text.and_then(|text| kind.parse(&text, &self.settled));
        self.with_rules(&Place::file(name), file, spec, each)?;
        Ok(())
    }

    /// Reads the puzzles of `file` (read from `at`, or why it could not be) under its rules
    /// joined to those of the command line; returns how many there were.
    fn with_rules(
        &mut self,
        at: &Place,
        file: Result<PuzzleFile, String>,
        spec: &RulesSpec,
        each: &mut dyn FnMut(Item) -> anyhow::Result<()>,
    ) -> anyhow::Result<usize> {
        let name = at.name.clone();
        let line = at
            .line
            .map(|line| format!("line {line}: "))
            .unwrap_or_default();
        let file = file.and_then(|file| {
            let merged = spec.merged(&file.spec).map_err(|err| err.to_string())?;
            Ok((file, merged))
        });
        let (file, merged) = match file {
            Ok(read) => read,
            Err(err) => {
                report(&format!("satdoku: {name}: {line}{err}"));
                self.errors += 1;
                return Ok(0);
            }
        };
        for warning in &file.warnings {
            report(&format!("satdoku: {name}: {line}warning: {warning}"));
        }
        let reading = Arc::new(FileReading {
            readings: file.readings.clone(),
            sentences: file
                .rules
                .as_deref()
                .map(|text| satdoku::format::rules_text::read(text, &merged))
                .unwrap_or_default(),
            unread: file.unread_under(&merged),
            title: file.title.clone(),
            author: file.author.clone(),
            rules: file.rules.clone(),
            notes: file.notes.clone(),
        });
        let unread = &reading.unread;
        if !unread.is_empty() && !self.strict {
            report(&format!(
                "satdoku: {name}: {line}warning: {} not read as rules, and a verdict without \
                 them may be wrong (--strict refuses such puzzles): {}",
                match unread.len() {
                    1 => "1 part".to_string(),
                    n => format!("{n} parts"),
                },
                unread.join("; ")
            ));
        }
        let mut index = at.index;
        for text in &file.puzzles {
            let source = Source {
                name: Arc::clone(&name),
                spec: &merged,
                // A link's puzzles count from the link's line.
                first_line: at.line.map_or(text.line, |line| line + text.line - 1),
                first_index: index,
                constraint_lines: Some(ConstraintLines {
                    before: spec.constraints.len(),
                    lines: &file.constraint_lines,
                }),
                reading: Arc::clone(&reading),
            };
            index += self.read(&source, text.text.as_bytes(), each)?;
            if self.stop {
                break;
            }
        }
        Ok(index - at.index)
    }

    /// Reads an input of text: puzzles in any layout, or share links one a line (when its
    /// first line that is not blank or a comment is a link, or a Windows shortcut's
    /// `[InternetShortcut]`).
    fn text(
        &mut self,
        source: &Source<'_>,
        mut input: impl BufRead,
        each: &mut dyn FnMut(Item) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let mut head = Vec::new();
        let links = loop {
            let start = head.len();
            // A line longer than any link is no link: no need to read it whole here.
            match (&mut input)
                .take(MAX_LINE as u64)
                .read_until(b'\n', &mut head)
            {
                Ok(0) => break false,
                Ok(_) => {}
                Err(err) => {
                    report(&format!("satdoku: {}: {err}", source.name));
                    self.errors += 1;
                    return Ok(());
                }
            }
            let line = String::from_utf8_lossy(&head[start..]);
            match LinkLine::of(&line) {
                LinkLine::Skip if head.len() < HEAD_LIMIT && head.ends_with(b"\n") => continue,
                LinkLine::Link(_) | LinkLine::Shortcut => break true,
                _ => break false,
            }
        };
        let input = io::Cursor::new(head).chain(input);
        if links {
            self.links(source, input, each)
        } else {
            self.read(source, input, each).map(drop)
        }
    }

    /// Reads share links, one a line: each link's puzzles under its rules joined to those of
    /// the command line. A line that is no link is an error of its own, and reading goes on.
    fn links(
        &mut self,
        source: &Source<'_>,
        mut input: impl BufRead,
        each: &mut dyn FnMut(Item) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let name = &source.name;
        let mut index = 1;
        let mut found = false;
        let mut line = Vec::new();
        for number in 1.. {
            line.clear();
            match (&mut input)
                .take(MAX_LINE as u64)
                .read_until(b'\n', &mut line)
            {
                Ok(0) => break,
                Ok(_) => {}
                Err(err) => {
                    report(&format!("satdoku: {name}: {err}"));
                    self.errors += 1;
                    return Ok(());
                }
            }
            if !line.ends_with(b"\n") && line.len() >= MAX_LINE {
                // Skip the rest of an overlong line.
                let mut rest = Vec::new();
                let _ = input.read_until(b'\n', &mut rest);
            }
            if interrupted() {
                self.stop = true;
                return Ok(());
            }
            let text = String::from_utf8_lossy(&line);
            let link = match LinkLine::of(&text) {
                LinkLine::Skip | LinkLine::Shortcut => continue,
                LinkLine::Link(link) => link,
                LinkLine::Other => {
                    report(&format!(
                        "satdoku: {name}: line {number}: not a share link (this input holds \
                         links, one a line: give grids in a file of their own)"
                    ));
                    self.errors += 1;
                    if self.fail_fast {
                        self.stop = true;
                        return Ok(());
                    }
                    continue;
                }
            };
            found = true;
            let at = Place {
                name: Arc::clone(name),
                line: Some(number),
                index,
            };
            index += self.with_rules(&at, parse_link(link, &self.settled), source.spec, each)?;
            if self.stop {
                return Ok(());
            }
        }
        if !found {
            report(&format!("satdoku: {name}: no puzzles found"));
            self.errors += 1;
        }
        Ok(())
    }
}

/// How much of an input is looked at for its first line with content, to tell puzzles
/// from links.
const HEAD_LIMIT: usize = 1 << 20;

/// Where the puzzles of a puzzle file or link come from: the input's name, the line of a
/// link in a file of links, and the index of its first puzzle there.
struct Place {
    name: Arc<str>,
    line: Option<usize>,
    index: usize,
}

impl Place {
    /// The whole of the input named `name` (a file's puzzles are numbered from 1).
    fn file(name: &str) -> Place {
        Place {
            name: Arc::from(name),
            line: None,
            index: 1,
        }
    }
}

/// Like [`for_each`], with the work on each valid puzzle done in parallel on `pool`:
/// puzzles are read in batches, `work` runs on each with a per-thread state made by `make`
/// (a solver), and `emit` gets every item with its result in input order (`None` for an
/// invalid puzzle). Memory stays bounded by the batch. When standard input is a terminal
/// each puzzle is a batch of its own, so answers come as puzzles are typed; otherwise a
/// progress bar (count, rate, and for files percentage and ETA) shows on stderr when it is
/// a terminal.
pub fn for_each_parallel<S: Send, R: Send>(
    args: &InputArgs,
    pool: &rayon::ThreadPool,
    make: impl Fn() -> S,
    work: impl Fn(&mut S, &Puzzle) -> R + Sync,
    emit: impl FnMut(Item, Option<R>) -> anyhow::Result<()> + Send,
) -> anyhow::Result<usize> {
    let work = |state: &mut S, puzzle: &Puzzle, _threads: usize| work(state, puzzle);
    for_each_sharing(args, pool, false, make, work, emit)
}

/// [`for_each_parallel`], where `work` also gets how many threads its puzzle may use: one,
/// or with `one_at_a_time` (`--portfolio`) every thread of the pool, the puzzles taken one
/// at a time. (Giving the threads a short input leaves idle to its puzzles was measured
/// slower on two cores: see BENCHMARKS.md, "One puzzle on several threads".)
pub fn for_each_sharing<S: Send, R: Send>(
    args: &InputArgs,
    pool: &rayon::ThreadPool,
    one_at_a_time: bool,
    make: impl Fn() -> S,
    work: impl Fn(&mut S, &Puzzle, usize) -> R + Sync,
    mut emit: impl FnMut(Item, Option<R>) -> anyhow::Result<()> + Send,
) -> anyhow::Result<usize> {
    let threads = pool.current_num_threads();
    let states: Vec<Mutex<S>> = (0..threads).map(|_| Mutex::new(make())).collect();
    let interactive = args.files.iter().all(|f| f.as_os_str() == "-") && io::stdin().is_terminal();
    let share = if one_at_a_time { threads } else { 1 };
    let batch = if interactive || one_at_a_time {
        1
    } else {
        threads * 64
    };
    // The progress line would mix with what a user types at a terminal.
    let progress = (!interactive).then(|| Bar::new("puzzles", total(args)));
    let mut held: Vec<Item> = Vec::with_capacity(batch);
    // One item's work (none for an unreadable puzzle), counted as it finishes, so that
    // slow batches show progress too.
    let work_on = |state: &mut S, h: &Item| {
        let label = || match args.files.len() {
            0 | 1 => format!("puzzle {} (line {})", h.index, h.line),
            _ => format!("{} puzzle {} (line {})", h.file, h.index, h.line),
        };
        let result = h.puzzle.as_ref().ok().map(|puzzle| {
            match progress.as_ref().and_then(|progress| progress.watch(label)) {
                Some(watch) => satdoku::logic::watched(&watch.path, || work(state, puzzle, share)),
                None => work(state, puzzle, share),
            }
        });
        if let Some(progress) = &progress {
            progress.inc(h.consumed);
        }
        result
    };
    // Each item's output is committed as a whole as soon as it is emitted.
    let mut emit = |item: Item, result: Option<R>| -> anyhow::Result<()> {
        emit(item, result)?;
        sink::commit().context("writing the output")
    };
    let mut run = |held: &mut Vec<Item>| -> anyhow::Result<()> {
        if threads == 1 {
            // One worker: the work runs here, between reads, without handing each batch
            // to another thread and back.
            let mut state = states[0].lock().expect("no worker panicked");
            for h in held.drain(..) {
                if interrupted() {
                    break;
                }
                let result = work_on(&mut state, &h);
                emit(h, result)?;
            }
            return Ok(());
        }
        // Workers take puzzles in input order; the one that finishes a puzzle emits it, and
        // every finished one after it, as soon as those before it are emitted: what is
        // finished is written even while a slow puzzle is under way, with no thread woken
        // per puzzle. After Ctrl-C no new puzzle is started: the ones not started are the
        // last of the batch.
        let slots: Vec<Mutex<Option<Item>>> = held.drain(..).map(|h| Mutex::new(Some(h))).collect();
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let order = Mutex::new(InOrder {
            next: 0,
            waiting: slots.iter().map(|_| None).collect(),
            emit: &mut emit,
            failed: None,
        });
        pool.broadcast(|context| {
            let mut state = states[context.index()].lock().expect("no worker panicked");
            while !interrupted() && !stop.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(slot) = slots.get(i) else {
                    break;
                };
                let h = slot
                    .lock()
                    .expect("no worker panicked")
                    .take()
                    .expect("each puzzle is taken once");
                let result = work_on(&mut state, &h);
                let mut order = order.lock().expect("no worker panicked");
                if !order.finished(i, h, result) {
                    // The workers finish what they hold and start nothing more.
                    stop.store(true, Ordering::Relaxed);
                }
            }
        });
        match order.into_inner().expect("no worker panicked").failed {
            Some(err) => Err(err),
            None => Ok(()),
        }
    };
    let errors = for_each(args, |item| {
        held.push(item);
        if held.len() >= batch {
            run(&mut held)?;
        }
        Ok(())
    })?;
    run(&mut held)?;
    if let Some(progress) = &progress {
        progress.finish();
    }
    Ok(errors)
}

/// The puzzles of a batch finished out of order, emitted in order: each as soon as every
/// one before it is.
struct InOrder<'e, R, E> {
    /// The next puzzle to emit.
    next: usize,
    /// Finished puzzles not yet emitted, by place in the batch.
    waiting: Vec<Option<(Item, Option<R>)>>,
    emit: &'e mut E,
    /// The first error of `emit` (a failed write): nothing is emitted after it.
    failed: Option<anyhow::Error>,
}

impl<R, E: FnMut(Item, Option<R>) -> anyhow::Result<()>> InOrder<'_, R, E> {
    /// Puzzle `i` of the batch is finished: emits it and those waiting after it when their
    /// turn has come. False once emitting has failed.
    fn finished(&mut self, i: usize, item: Item, result: Option<R>) -> bool {
        self.waiting[i] = Some((item, result));
        while self.failed.is_none()
            && let Some((item, result)) = self.waiting.get_mut(self.next).and_then(Option::take)
        {
            self.next += 1;
            if let Err(err) = (self.emit)(item, result) {
                self.failed = Some(err);
            }
        }
        self.failed.is_none()
    }
}
