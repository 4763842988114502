//! Which clauses encode the rules: minimal, extended or reduced by the givens.

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
    Reduced,
    /// The reduced encoding after constraint propagation: naked and hidden singles and
    /// locked candidates narrow the candidates first (sound deductions), so that cells they
    /// decide get no variables either. Many puzzles are left with few variables or none;
    /// varisat decides the rest and proves uniqueness.
    #[default]
    Propagated,
}

crate::named::named_enum!(EncodingKind, "encoding", {
    Minimal => "minimal",
    Extended => "extended",
    Reduced => "reduced",
    Propagated => "propagated",
});
