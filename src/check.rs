//! The uniqueness verdict's types under their public path, `satdoku::check`.

pub use crate::verdict::{Count, Difference, Given, Verdict};
