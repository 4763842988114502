//! Puzzle formats: reading line, block, tokens and array grids from a stream, and writing them.

mod alphabet;
mod error;
mod fpuzzles;
mod marks;
mod notation;
mod puzzle_file;
mod read;
mod regions;
mod write;

pub use alphabet::{Alphabet, AlphabetError};
pub use error::{CellUnit, InputError, ParseError};
pub use fpuzzles::{
    COSMETIC_FIELDS, FpuzzlesError, constraint_fields, fpuzzles_link_json, parse_fpuzzles,
};
pub use marks::{MarksError, read_marks};
pub use notation::{Notation, Spell, Spelled};
pub use puzzle_file::{PuzzleFile, PuzzleFileError, PuzzleText, rule_names};
pub use read::{Entry, InputFormat, MAX_LINE, PuzzleReader, ReadOptions, ReadWarning, parse_one};
pub use regions::RegionsError;
pub use write::{
    OutputFormat, candidate_texts, write_block, write_block_with, write_candidates, write_grid,
    write_grid_with, write_line, write_tokens,
};

/// Parses one puzzle in any layout (line, block or tokens) with the default alphabet.
impl std::str::FromStr for crate::grid::Grid {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<crate::grid::Grid, ParseError> {
        parse_one(text, &ReadOptions::default())
    }
}
