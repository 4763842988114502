//! Logic over candidates: what each cell can still hold, and the deductions that narrow it.

pub(crate) mod bitboard;
mod board;
mod path;
mod progress;
mod propagation;
mod technique;

pub use board::{Board, Standing};
pub use path::{
    Ceiling, End, PATH_WORK, Path, STEP_WORK, explain, explain_within, next_step, solves_under,
};
pub use progress::{PathProgress, watched};
pub(crate) use propagation::{Propagation, locked, propagated, seen_once_and_twice};
pub use technique::{
    Aic, Difficulty, Find, Fish, HiddenSingle, HiddenSubset, LADDER, LockedCandidates, NakedSingle,
    NakedSubset, Sentence, Step, Technique, TurbotFish, UniqueRectangle, WWing, XChain, XyChain,
    XyWing, XyzWing, digit_swap_preserves_rules,
};
