//! The encoding's two choices, which rule clauses and which per-puzzle preprocessing, and the names that pick both.

/// Which clauses encode the rules (Lynce and Ouaknine's names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Clauses {
    /// Every cell holds at least one digit; every digit is at most once in every house.
    /// Enough to define the solutions, but gives the solver little to propagate.
    Minimal,
    /// Every cell holds exactly one digit and every house holds every digit exactly once:
    /// both halves of every exactly-one.
    #[default]
    Extended,
}

/// What is done to each puzzle before it is encoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Preprocess {
    /// Nothing: the rule clauses, with the givens as unit literals.
    None,
    /// The givens substituted into the extended clauses (Kwon and Jain's "optimized"
    /// encoding): only the candidates left by the givens get variables (numbered
    /// compactly), and clauses already satisfied are dropped.
    Reduced,
    /// As [`Preprocess::Reduced`], after constraint propagation: naked and hidden singles
    /// and locked candidates narrow the candidates first (sound deductions; on classic and
    /// diagonal 9×9 also failed-literal probing of the cells with two candidates), so that
    /// cells they decide get no variables either. The default of the SAT solver.
    #[default]
    Propagated,
}

/// The encodings by the names they are chosen by (`sat:minimal`, `cnf --encoding
/// reduced`): each one a choice of [`Clauses`] and [`Preprocess`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EncodingKind {
    /// The [minimal](Clauses::Minimal) clauses, nothing preprocessed.
    Minimal,
    /// The [extended](Clauses::Extended) clauses, nothing preprocessed.
    Extended,
    /// The extended clauses [reduced](Preprocess::Reduced) by the givens. Built for each
    /// puzzle.
    Reduced,
    /// The extended clauses reduced after [propagation](Preprocess::Propagated). Many
    /// puzzles are left with few variables or none; varisat decides the rest and proves
    /// uniqueness.
    #[default]
    Propagated,
}

impl EncodingKind {
    /// The encoding of `clauses` preprocessed by `preprocess` (preprocessing builds on the
    /// extended clauses, whichever are given).
    pub fn new(clauses: Clauses, preprocess: Preprocess) -> EncodingKind {
        match (preprocess, clauses) {
            (Preprocess::None, Clauses::Minimal) => EncodingKind::Minimal,
            (Preprocess::None, Clauses::Extended) => EncodingKind::Extended,
            (Preprocess::Reduced, _) => EncodingKind::Reduced,
            (Preprocess::Propagated, _) => EncodingKind::Propagated,
        }
    }

    /// Which clauses encode the rules (the reduced formulas are built from the extended
    /// ones).
    pub fn clauses(self) -> Clauses {
        match self {
            EncodingKind::Minimal => Clauses::Minimal,
            EncodingKind::Extended | EncodingKind::Reduced | EncodingKind::Propagated => {
                Clauses::Extended
            }
        }
    }

    /// What is done to each puzzle before it is encoded.
    pub fn preprocess(self) -> Preprocess {
        match self {
            EncodingKind::Minimal | EncodingKind::Extended => Preprocess::None,
            EncodingKind::Reduced => Preprocess::Reduced,
            EncodingKind::Propagated => Preprocess::Propagated,
        }
    }
}

crate::named::named_enum!(EncodingKind, "encoding", {
    Minimal => "minimal",
    Extended => "extended",
    Reduced => "reduced",
    Propagated => "propagated",
});
