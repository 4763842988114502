//! Reading every puzzle of every input file in turn, streaming.

use std::fs::File;
use std::io::{self, BufRead, BufReader};

use satdoku::format::PuzzleReader;
use satdoku::{InputError, Puzzle};

use super::args::InputArgs;

/// One puzzle of the input, checked against the chosen rules.
pub struct Item<'a> {
    /// The input's name (`<stdin>` for standard input).
    pub file: &'a str,
    /// 1-based position of the puzzle in its input.
    pub index: usize,
    /// The line the puzzle starts on.
    pub line: usize,
    /// The puzzle, or why it is unusable.
    pub puzzle: Result<Puzzle, InputError>,
}

/// The name used for standard input in messages and JSON.
pub const STDIN: &str = "<stdin>";

/// Calls `each` for every puzzle of every input, one at a time. Invalid puzzles are
/// reported on stderr (and still passed to `each`, for JSON rows); after the first one,
/// `--fail-fast` stops. Inputs that cannot be opened or read are reported on stderr too.
/// Returns how many errors there were: invalid puzzles and unreadable inputs.
pub fn for_each(
    args: &InputArgs,
    mut each: impl FnMut(Item<'_>) -> anyhow::Result<()>,
) -> anyhow::Result<usize> {
    let options = args.read_options()?;
    let variant = args.variant();
    let stdin_only = [std::path::PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };
    let mut errors = 0;
    for path in files {
        let (name, reader): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
            (STDIN.to_string(), Box::new(io::stdin().lock()))
        } else {
            let name = path.display().to_string();
            match File::open(path) {
                Ok(file) => (name, Box::new(BufReader::with_capacity(1 << 16, file))),
                Err(err) => {
                    eprintln!("satdoku: {name}: {err}");
                    errors += 1;
                    continue;
                }
            }
        };
        for entry in PuzzleReader::new(reader, options.clone()) {
            let entry = match entry {
                Ok(entry) => entry,
                Err(err) => {
                    eprintln!("satdoku: {name}: {err}");
                    errors += 1;
                    break;
                }
            };
            let item = Item {
                file: &name,
                index: entry.index,
                line: entry.line,
                puzzle: entry.puzzle(variant),
            };
            let invalid = match &item.puzzle {
                Err(err) => {
                    eprintln!("satdoku: {name}: {err}");
                    errors += 1;
                    true
                }
                Ok(_) => false,
            };
            each(item)?;
            if invalid && args.fail_fast {
                return Ok(errors);
            }
        }
    }
    Ok(errors)
}
