//! Which clauses encode the rules: minimal, extended or reduced by the givens.

use std::fmt;
use std::str::FromStr;

/// Which clauses encode the rules (Lynce and Ouaknine's names for the first two, Kwon and
/// Jain's "optimized" encoding for the third).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EncodingKind {
    /// Every cell holds at least one digit; every digit is at most once in every house.
    /// Enough to define the solutions, but gives the solver little to propagate.
    Minimal,
    /// Every cell holds exactly one digit and every house holds every digit exactly once:
    /// both halves of every exactly-one.
    Extended,
    /// The extended encoding without what the givens decide: only the candidates left by
    /// the givens get variables (numbered compactly), and clauses already satisfied are
    /// dropped. Built for each puzzle.
    #[default]
    Reduced,
}

impl EncodingKind {
    /// Every kind, in the order of this list: minimal, extended, reduced.
    pub const ALL: [EncodingKind; 3] = [
        EncodingKind::Minimal,
        EncodingKind::Extended,
        EncodingKind::Reduced,
    ];

    /// The kind's name: `minimal`, `extended` or `reduced`.
    pub fn name(self) -> &'static str {
        match self {
            EncodingKind::Minimal => "minimal",
            EncodingKind::Extended => "extended",
            EncodingKind::Reduced => "reduced",
        }
    }
}

impl fmt::Display for EncodingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not one of `minimal`, `extended`, `reduced`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown encoding {0:?} (expected minimal, extended or reduced)")]
pub struct UnknownEncoding(pub String);

impl FromStr for EncodingKind {
    type Err = UnknownEncoding;

    fn from_str(s: &str) -> Result<EncodingKind, UnknownEncoding> {
        EncodingKind::ALL
            .into_iter()
            .find(|kind| kind.name() == s)
            .ok_or_else(|| UnknownEncoding(s.to_string()))
    }
}
