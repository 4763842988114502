//! The encoding's two choices, which rule clauses and which per-puzzle preprocessing (done here), and the names that pick both.

use crate::grid::Candidates;
use crate::logic;
use crate::rules::{Layout, Puzzle};

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

impl Preprocess {
    /// The candidates of `puzzle` (whose rules' layout is `layout`) that this
    /// preprocessing leaves to encode: the givens' (every digit in a blank cell) when
    /// [reduced](Preprocess::Reduced), what [propagation](logic::propagated) leaves when
    /// [propagated](Preprocess::Propagated), every set empty when it finds a
    /// contradiction (so that the formula is unsatisfiable); `None` for
    /// [`Preprocess::None`], which encodes the whole rules.
    pub(crate) fn candidates(self, layout: &Layout, puzzle: &Puzzle) -> Option<Candidates> {
        match self {
            Preprocess::None => None,
            Preprocess::Reduced => Some(Candidates::of_grid(puzzle.grid())),
            Preprocess::Propagated => Some(
                logic::propagated(layout, puzzle)
                    .unwrap_or_else(|| Candidates::none(puzzle.shape())),
            ),
        }
    }
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

    /// The encoding of the whole rules this one builds on: itself when nothing is
    /// preprocessed, else the extended one (the template of the reduced formulas, and the
    /// encoding of searches that take the givens as assumptions).
    pub fn whole(self) -> EncodingKind {
        match self.clauses() {
            Clauses::Minimal => EncodingKind::Minimal,
            Clauses::Extended => EncodingKind::Extended,
        }
    }
}

crate::named::named_enum!(EncodingKind, "encoding", {
    Minimal => "minimal",
    Extended => "extended",
    Reduced => "reduced",
    Propagated => "propagated",
});
