//! Canonical forms: the least form of a puzzle under the transformations that keep its rules, and random equivalent copies.
//!
//! Two puzzles are the same puzzle in disguise when a transformation that keeps the rules
//! (rows moved inside their band, bands moved, the same for columns and stacks, rows and
//! columns traded, digits relabelled) turns one into the other. Each puzzle's canonical
//! form is the least of its disguises, read cell by cell in reading order with a blank
//! before any digit ("minlex", as Royle's list of 17-clue puzzles is written), so two
//! puzzles are equivalent exactly when their forms are equal.
//!
//! ```
//! use satdoku::{Grid, Rules, Shape};
//! use satdoku::canon::Symmetries;
//! let classic = Symmetries::of(&Rules::standard(Shape::NINE)?);
//! let puzzle: Grid =
//!     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
//! let copy = classic.random(&mut rand::rng()).apply(&puzzle);
//! assert_eq!(classic.canonical(&copy)?.0, classic.canonical(&puzzle)?.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod minlex;
mod symmetries;
mod transform;

pub use symmetries::{CanonError, Symmetries};
pub use transform::Transform;
