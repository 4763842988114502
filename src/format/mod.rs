//! Puzzle formats: reading grids (line, block, tokens, arrays) from a stream and writing them, region files, puzzle files (TOML) and f-puzzles, and why a puzzle could not be read.

mod alphabet;
mod drawings;
mod error;
pub mod export;
mod fpuzzles;
mod iss;
mod marks;
mod notation;
mod options;
mod place;
mod puzzle_file;
mod read;
mod regions;
pub mod rules_text;
pub mod source;
mod sudokupad;
mod write;

pub use alphabet::{Alphabet, AlphabetError};
pub use drawings::{SettleError, Settled};
pub use error::{CellUnit, InputError, ParseError, Shown};
pub use fpuzzles::{
    COSMETIC_FIELDS, FpuzzlesError, constraint_fields, fpuzzles_link_json, parse_fpuzzles,
    parse_fpuzzles_settled,
};
pub use iss::{IssError, is_iss_link, is_iss_text, iss_link_text, iss_to_toml, parse_iss};
pub use marks::{MarksError, is_rule_line, marks_line, read_marks, read_marks_of};
pub use notation::{Notation, Spell, Spelled};
pub use options::{Column, InputFormat, ReadOptions};
pub use puzzle_file::{PuzzleFile, PuzzleFileError, PuzzleText, rule_names};
pub use read::{
    Entry, MAX_LINE, PuzzleReader, ReadWarning, Record, SkippedLine, parse_one, read_one, utf16,
};
pub use regions::RegionsError;
pub use source::{
    FileKind, LinkLine, ReadPuzzle, SourceError, is_puzzle_id, open_error, parse_link,
    read_file_text, read_text,
};
pub use sudokupad::{
    SudokuPadError, is_sudokupad_link, parse_sudokupad, parse_sudokupad_link,
    parse_sudokupad_link_settled, parse_sudokupad_settled,
};
pub use write::{
    OutputFormat, candidate_texts, write_block, write_block_with, write_candidates, write_grid,
    write_grid_with, write_line, write_marks_line, write_regions, write_tokens,
};

/// Parses one puzzle in any layout (line, block or tokens) with the default alphabet.
impl std::str::FromStr for crate::grid::Grid {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<crate::grid::Grid, ParseError> {
        parse_one(text, &ReadOptions::default())
    }
}
