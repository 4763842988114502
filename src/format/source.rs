//! What an input's text holds (a puzzle file, share links one a line, or puzzles), and every puzzle of a text read at once.
//!
//! The command line reads its inputs a puzzle at a time through these; [`read_text`]
//! reads a whole text in memory, as a program handed a string would (the Python package).

use std::io;
use std::path::Path;

use super::{
    InputError, Notation, PuzzleFile, PuzzleReader, ReadOptions, Record, Settled,
    fpuzzles_link_json, is_sudokupad_link, parse_fpuzzles_settled, parse_sudokupad_link_settled,
    parse_sudokupad_settled,
};
use crate::rules::{Puzzle, RulesSpec};

/// Inputs that carry their own rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// satdoku's puzzle file (`.toml`).
    Toml,
    /// An f-puzzles export (`.json`).
    Fpuzzles,
    /// An f-puzzles, SudokuPad or sigh's solver's share link given in place of a file (or a
    /// string of sigh's solver).
    Link,
    /// SudokuPad's puzzle data (`.scl`: what its server returns for a short link).
    SudokuPad,
    /// sigh's Interactive Sudoku Solver's puzzle string (`.Cage~16~R1C8~R1C9.~R1C2_3`).
    Iss,
}

impl FileKind {
    /// The kind of puzzle file whose first bytes are `start`: JSON (an object: f-puzzles or
    /// SudokuPad data) or satdoku's TOML (a first line that is a table `[[cage]]` or a key
    /// given a string or a list of strings: `puzzle = "…"`, `rules = ["anti-knight"]`);
    /// `None` for puzzle text, arrays from code (`grid = [` with numbers) included.
    ///
    /// ```
    /// use satdoku::format::FileKind;
    /// assert_eq!(FileKind::sniff(b"puzzle = \"1...\""), Some(FileKind::Toml));
    /// assert_eq!(FileKind::sniff(b" {\"size\": 9}"), Some(FileKind::Fpuzzles));
    /// assert_eq!(FileKind::sniff(b"grid = [[1, 0], [0, 2]]"), None);
    /// assert_eq!(FileKind::sniff(b"1..2............"), None);
    /// ```
    pub fn sniff(start: &[u8]) -> Option<FileKind> {
        let text = String::from_utf8_lossy(start);
        let text = text.trim_start_matches('\u{feff}');
        if text.trim_start().starts_with('{') {
            return Some(FileKind::Fpuzzles);
        }
        if text.lines().next().is_some_and(super::is_iss_text) {
            return Some(FileKind::Iss);
        }
        let first = (text.lines().map(str::trim))
            .find(|line| !line.is_empty() && !line.starts_with('#'))?;
        let word = |t: &str| {
            !t.is_empty()
                && t.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        if let Some(table) = first.strip_prefix("[[").and_then(|t| t.strip_suffix("]]")) {
            return word(table).then_some(FileKind::Toml);
        }
        let (key, value) = first.split_once('=')?;
        let value = value.trim_start();
        let toml = word(key.trim())
            && (value.starts_with(['"', '\''])
                || value
                    .strip_prefix('[')
                    .is_some_and(|v| v.trim_start().starts_with('"')));
        toml.then_some(FileKind::Toml)
    }

    /// The kind of input `path` names (a link, or a file by its extension), `None` for
    /// plain puzzle text.
    pub fn of(path: &Path) -> Option<FileKind> {
        let text = path.to_string_lossy();
        if text.starts_with("https://") || text.starts_with("http://") || super::is_iss_text(&text)
        {
            return Some(FileKind::Link);
        }
        match path.extension().and_then(|e| e.to_str()) {
            Some("toml") => Some(FileKind::Toml),
            Some("json") => Some(FileKind::Fpuzzles),
            Some("scl") => Some(FileKind::SudokuPad),
            _ => None,
        }
    }

    /// The puzzle file `text` is, read as this kind, or why it is none.
    pub fn parse(self, text: &str, settled: &Settled) -> Result<PuzzleFile, String> {
        match self {
            FileKind::Toml => PuzzleFile::parse(text).map_err(|err| err.to_string()),
            // f-puzzles or SudokuPad data, told apart by content.
            FileKind::Fpuzzles | FileKind::SudokuPad => {
                parse_sudokupad_settled(text, settled).map_err(|err| err.to_string())
            }
            FileKind::Link => parse_link(text, settled),
            FileKind::Iss => super::parse_iss(text).map_err(|err| err.to_string()),
        }
    }
}

/// What a line of a file of links holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkLine<'a> {
    /// Nothing: blank, a comment, or a shortcut's other keys (`IconIndex=0`).
    Skip,
    /// `[InternetShortcut]`: a Windows shortcut (`.url`), whose `URL=` line is the link.
    Shortcut,
    /// A share link (f-puzzles, SudokuPad), or a shortcut's `URL=` line.
    Link(&'a str),
    /// Anything else.
    Other,
}

impl LinkLine<'_> {
    /// What `line` holds.
    ///
    /// ```
    /// use satdoku::format::LinkLine;
    /// assert_eq!(LinkLine::of("URL=https://sudokupad.app/x"), LinkLine::Link("https://sudokupad.app/x"));
    /// assert_eq!(LinkLine::of("# a comment"), LinkLine::Skip);
    /// assert_eq!(LinkLine::of("1..2............"), LinkLine::Other);
    /// ```
    pub fn of(line: &str) -> LinkLine<'_> {
        let line = line.trim_start_matches('\u{feff}').trim();
        let line = line.strip_prefix("URL=").unwrap_or(line);
        let lower = line.get(..8).unwrap_or(line).to_ascii_lowercase();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            LinkLine::Skip
        } else if lower.starts_with("https://")
            || lower.starts_with("http://")
            || is_puzzle_id(line)
        {
            LinkLine::Link(line)
        } else if line.eq_ignore_ascii_case("[InternetShortcut]") {
            LinkLine::Shortcut
        } else if line.split_once('=').is_some_and(|(key, _)| {
            !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric())
        }) && !line.contains(char::is_whitespace)
        {
            // `IconIndex=0` and the like, in a shortcut.
            LinkLine::Skip
        } else {
            LinkLine::Other
        }
    }
}

/// Whether `line` is a SudokuPad puzzle id that carries its puzzle (`scl…`, `ctc…`,
/// `fpuzzles…`, `fpuz…`: a prefix and lz-string base64), as its link would carry it.
pub fn is_puzzle_id(line: &str) -> bool {
    ["fpuzzles", "fpuz", "scl", "ctc"].iter().any(|prefix| {
        line.strip_prefix(prefix).is_some_and(|data| {
            data.len() >= 16
                && data.bytes().all(|b| {
                    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'%' | b'-')
                })
        })
    })
}

/// The puzzle file behind a share link (SudokuPad, f-puzzles or sigh's solver), a bare
/// SudokuPad id (`scl…`, `fpuzzles…`) or a string of sigh's solver, or why there is none.
pub fn parse_link(link: &str, settled: &Settled) -> Result<PuzzleFile, String> {
    if super::is_iss_link(link) || super::is_iss_text(link) {
        super::parse_iss(link).map_err(|err| err.to_string())
    } else if !link.contains("://") {
        parse_sudokupad_settled(link, settled).map_err(|err| err.to_string())
    } else if is_sudokupad_link(link) {
        parse_sudokupad_link_settled(link, settled).map_err(|err| err.to_string())
    } else {
        fpuzzles_link_json(link)
            .and_then(|json| parse_fpuzzles_settled(&json, settled))
            .map_err(|err| err.to_string())
    }
}

/// Why a file could not be opened, in words (`no such file`, not `No such file or
/// directory (os error 2)`).
pub fn open_error(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "is a directory, not a file".to_string(),
        _ => err.to_string(),
    }
}

/// The text of the file at `path`, or why it cannot be read, in words: not there, a
/// directory, UTF-16 (named as such), not UTF-8 (with the offset of the first bad byte).
pub fn read_file_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|err| open_error(&err))?;
    if let Some(encoding) = super::utf16(&bytes) {
        return Err(format!("the file is {encoding}: save it as UTF-8"));
    }
    String::from_utf8(bytes).map_err(|err| {
        format!(
            "not UTF-8 text (a byte that is not UTF-8 at offset {})",
            err.utf8_error().valid_up_to()
        )
    })
}

/// Why a puzzle of a text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// The puzzle's text, or its givens under its rules.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A puzzle file or share link that could not be read: its line in a text of links,
    /// and why.
    #[error("{}{why}", line.map(|line| format!("line {line}: ")).unwrap_or_default())]
    File {
        /// The link's line, in a text of links.
        line: Option<usize>,
        /// Why it could not be read.
        why: String,
    },
    /// The text holds no puzzle.
    #[error("no puzzles found{}", why.as_ref().map(|why| format!(" ({why})")).unwrap_or_default())]
    Empty {
        /// What was skipped, when that says why.
        why: Option<String>,
    },
}

/// One puzzle of a text read by [`read_text`], with what its file said about it.
#[derive(Clone, Debug)]
pub struct ReadPuzzle {
    /// Its position in the text (from 1), counting unreadable ones.
    pub index: usize,
    /// The puzzle, or why it is unusable.
    pub puzzle: Result<Puzzle, SourceError>,
    /// How it writes its digits (messages and output write them the same way).
    pub notation: Notation,
    /// What its file drew or said that was not read as a rule, each named: a verdict
    /// without it may be wrong.
    pub unread: Vec<String>,
    /// Its file's title.
    pub title: Option<String>,
    /// Its file's author.
    pub author: Option<String>,
    /// Its row, when the text is a table (CSV or TSV with a header).
    pub record: Option<Record>,
}

/// Every puzzle of `text`, in any form the command line reads: satdoku's TOML, f-puzzles or
/// SudokuPad data, share links one a line, or puzzles in any layout (lines, blocks, tokens,
/// pencil marks, tables), read with `options` under `spec` (joined to a file's own rules).
/// A puzzle that cannot be read is an entry with its error, and reading goes on; `Err`
/// when nothing in the text is a puzzle.
///
/// ```
/// use satdoku::format::{read_text, ReadOptions, Settled};
/// use satdoku::rules::GlobalRule;
/// use satdoku::RulesSpec;
/// let text = "1..2............\n12\n";
/// let read = read_text(text, &ReadOptions::default(), &RulesSpec::default(), &Settled::default())?;
/// assert_eq!(read.len(), 2);
/// assert!(read[0].puzzle.is_ok() && read[1].puzzle.is_err());
/// let toml = "boxes = \"2x2\"\nrules = [\"diagonal\"]\npuzzle = \"1...............\"\n";
/// let read = read_text(toml, &ReadOptions::default(), &RulesSpec::default(), &Settled::default())?;
/// assert!(read[0].puzzle.as_ref().unwrap().rules().globals().contains(GlobalRule::Diagonal));
/// # Ok::<(), satdoku::format::SourceError>(())
/// ```
pub fn read_text(
    text: &str,
    options: &ReadOptions,
    spec: &RulesSpec,
    settled: &Settled,
) -> Result<Vec<ReadPuzzle>, SourceError> {
    let text = text.trim_start_matches('\u{feff}');
    let mut read = Vec::new();
    if let Some(kind) = FileKind::sniff(text.as_bytes()) {
        let file = kind
            .parse(text, settled)
            .map_err(|why| SourceError::File { line: None, why })?;
        file_puzzles(&file, spec, None, &mut read)?;
    } else if let Some(LinkLine::Link(_) | LinkLine::Shortcut) = (text.lines())
        .map(LinkLine::of)
        .find(|line| *line != LinkLine::Skip)
    {
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            match LinkLine::of(line) {
                LinkLine::Skip | LinkLine::Shortcut => {}
                LinkLine::Link(link) => {
                    let before = read.len();
                    let file = parse_link(link, settled);
                    let failed = match file {
                        Ok(file) => file_puzzles(&file, spec, Some(number), &mut read).err(),
                        Err(why) => Some(SourceError::File {
                            line: Some(number),
                            why,
                        }),
                    };
                    if let Some(error) = failed {
                        read.truncate(before);
                        read.push(unreadable(read.len() + 1, error));
                    }
                }
                LinkLine::Other => read.push(unreadable(
                    read.len() + 1,
                    SourceError::File {
                        line: Some(number),
                        why: "not a share link (this text holds links, one a line: give grids \
                              in a text of their own)"
                            .into(),
                    },
                )),
            }
        }
    } else {
        let mut options = options.clone();
        options.digits = options.digits.or(spec.digits);
        options.from_zero |= spec.from_zero;
        let mut reader = PuzzleReader::new(text.as_bytes(), options);
        for entry in reader.by_ref() {
            let entry = entry.map_err(|err| SourceError::File {
                line: None,
                why: err.to_string(),
            })?;
            read.push(ReadPuzzle {
                index: entry.index,
                puzzle: entry.puzzle(spec).map_err(SourceError::from),
                notation: entry.notation.clone(),
                unread: Vec::new(),
                title: None,
                author: None,
                record: entry.record,
            });
        }
        if read.is_empty() {
            let why = reader.skipped().map(|skipped| skipped.to_string());
            return Err(SourceError::Empty { why });
        }
    }
    if read.is_empty() {
        return Err(SourceError::Empty { why: None });
    }
    Ok(read)
}

/// An entry for a puzzle that could not be read at all.
fn unreadable(index: usize, error: SourceError) -> ReadPuzzle {
    ReadPuzzle {
        index,
        puzzle: Err(error),
        notation: Notation::default(),
        unread: Vec::new(),
        title: None,
        author: None,
        record: None,
    }
}

/// Adds the puzzles of `file` (a link's on line `link_line` of a text of links) under its
/// rules joined to `spec` to `read`.
fn file_puzzles(
    file: &PuzzleFile,
    spec: &RulesSpec,
    link_line: Option<usize>,
    read: &mut Vec<ReadPuzzle>,
) -> Result<(), SourceError> {
    let file_error = |why: String| SourceError::File {
        line: link_line,
        why,
    };
    let merged = spec
        .merged(&file.spec)
        .map_err(|err| file_error(err.to_string()))?;
    let unread = file.unread_under(&merged);
    let joined = PuzzleFile {
        spec: merged,
        ..file.clone()
    };
    for i in 0..file.puzzles.len() {
        let puzzle = joined.puzzle(i).expect("i is one of the file's puzzles");
        let puzzle = match link_line {
            Some(line) => puzzle.map_err(|err| err.shifted(line - 1)),
            None => puzzle,
        };
        let notation = (puzzle.as_ref()).map_or_else(
            |_| Notation::default(),
            |p| Notation::default_for(p.shape()),
        );
        read.push(ReadPuzzle {
            index: read.len() + 1,
            puzzle: puzzle.map_err(SourceError::from),
            notation,
            unread: unread.clone(),
            title: file.title.clone(),
            author: file.author.clone(),
            record: None,
        });
    }
    Ok(())
}
