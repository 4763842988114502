//! The flags that fix what the library reports: the library's messages say what is wrong and what would help in its own terms, and the command line names its flag.

use satdoku::InputError;
use satdoku::RulesError;
use satdoku::format::{InputFormat, ParseError, ReadWarning};
use satdoku::generate::GenerateError;

/// The flag to use for `error` of a puzzle's input, as the end of its message.
pub fn input(error: &InputError) -> &'static str {
    match error {
        InputError::Parse(error) => parse(error),
        InputError::Rules { error, .. } => rules(error),
        InputError::Conflict { .. } | InputError::Unsupported { .. } => "",
        InputError::Unread { .. } => " (--strict refuses it; without it the verdict says so)",
    }
}

/// The flag to use for a reading error, as the end of its message.
fn parse(error: &ParseError) -> &'static str {
    match (error, error.fits_layout()) {
        (ParseError::BadLength { input, .. }, Some(_)) => match input {
            InputFormat::Line => ": drop --input line",
            InputFormat::Block => ": drop --input block",
            InputFormat::Tokens => ": drop --input tokens",
            InputFormat::Auto => "",
        },
        (_, Some(_)) => "",
        (ParseError::UnknownSymbol { short: true, .. }, None) => " (--alphabet SYMBOLS)",
        (ParseError::UnknownSymbol { symbol, .. }, None) if symbol.is_ascii_digit() => {
            " (--digits M when the grid takes more digits than a row has cells)"
        }
        (_, None) => "",
    }
}

/// The flag to use for rules that cannot be made, as the end of their message.
pub fn rules(error: &RulesError) -> &'static str {
    match error {
        RulesError::NoBoxes { .. } => {
            " with --regions FILE, or --boxes none for rows and columns only"
        }
        _ => "",
    }
}

/// A reader's warning with the flag it suggests.
pub fn warned(warning: &ReadWarning) -> String {
    format!("{warning}{}", self::warning(warning))
}

/// The flag a reader's warning suggests, as the end of its message.
pub fn warning(warning: &ReadWarning) -> &'static str {
    match warning {
        ReadWarning::ZeroReadAsBlank { .. } => ": pass --alphabet 0123456789ABCDEF",
    }
}

/// What to try when generation failed, as the end of its message.
pub fn generate(error: &GenerateError) -> &'static str {
    match error {
        GenerateError::Timeout { .. } => {
            "; try again with a longer --timeout, fewer constraints or another seed"
        }
        GenerateError::Impossible(_) => "",
    }
}
