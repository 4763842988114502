//! Logic over candidates: what each cell can still hold, and the deductions that narrow it.

mod candidates;
mod propagation;

pub use candidates::Candidates;
pub(crate) use propagation::{Propagation, candidates, locked, seen_once_and_twice};
