//! Rules for grids of any size, as a command line or a puzzle file asks for them.

use std::sync::Arc;

use super::{GlobalRule, GlobalRules, Jigsaw, Rules, RulesError};
use crate::constraint::VariantConstraint;
use crate::grid::{BoxShape, Cell, Shape};

/// The digits a grid takes, as a command line or a puzzle file writes them: `M` (1 to M),
/// or a range from 0 or 1 (`0-8`, `1-9`).
///
/// ```
/// use satdoku::DigitRange;
/// let zero: DigitRange = "0-8".parse()?;
/// assert_eq!((zero.count, zero.from_zero), (9, true));
/// assert_eq!("9".parse::<DigitRange>()?, "1-9".parse()?);
/// assert!("2-9".parse::<DigitRange>().is_err());
/// assert!("0-2".parse::<DigitRange>().is_err());
/// # Ok::<(), satdoku::rules::DigitRangeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DigitRange {
    /// M, how many digits a cell may hold (4 to 64).
    pub count: usize,
    /// Whether they are 0 to M−1 (else 1 to M).
    pub from_zero: bool,
}

/// Why a text names no [`DigitRange`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DigitRangeError {
    /// Not `M`, `0-M` nor `1-M`.
    #[error("{0:?} is not M, 0-M nor 1-M (whole numbers)")]
    Form(String),
    /// A range starting past 1.
    #[error("digits start at 0 or 1, not {0}")]
    Start(usize),
    /// Too few or too many digits.
    #[error("{0} digits: a grid takes from 4 to 64")]
    Count(usize),
}

impl std::str::FromStr for DigitRange {
    type Err = DigitRangeError;

    fn from_str(text: &str) -> Result<DigitRange, DigitRangeError> {
        let number = |t: &str| {
            (t.trim().parse::<usize>()).map_err(|_| DigitRangeError::Form(text.to_string()))
        };
        let (low, high) = match text.split_once('-') {
            Some((low, high)) => (number(low)?, number(high)?),
            None => (1, number(text)?),
        };
        if low > 1 {
            return Err(DigitRangeError::Start(low));
        }
        let count = (high + 1).saturating_sub(low);
        if !(Shape::MIN_SIZE..=Shape::MAX_SIZE).contains(&count) {
            return Err(DigitRangeError::Count(count));
        }
        Ok(DigitRange {
            count,
            from_zero: low == 0,
        })
    }
}

/// Rules for grids of any size: what the command line asks for, turned into [`Rules`]
/// for each puzzle's shape ([`RulesSpec::rules_for`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesSpec {
    /// Boxes of this size (the grid must fit them); `None`: each size's default boxes.
    pub boxes: Option<BoxShape>,
    /// Jigsaw regions instead of boxes (the grid must fit them).
    pub jigsaw: Option<Jigsaw>,
    /// No boxes nor regions: rows and columns only (a Latin square, any size).
    pub no_regions: bool,
    /// The rules over the whole grid (diagonal, windoku …).
    pub globals: GlobalRules,
    /// Extra regions, each a list of N cells (the grid must hold them).
    pub extra_regions: Vec<Vec<Cell>>,
    /// Pairs of cells that must differ (the grid must hold them).
    pub pairs: Vec<(Cell, Cell)>,
    /// Variant constraints (the grid must hold their cells).
    pub constraints: Vec<VariantConstraint>,
    /// The digits the grid takes, 1 to this (M ≥ N: each house's digits differ and a house
    /// need not hold them all); `None`: 1 to N.
    pub digits: Option<usize>,
    /// Whether the digits start at 0 (0 to M−1; see [`Rules::from_zero`]).
    pub from_zero: bool,
}

impl RulesSpec {
    /// Classic rules (default boxes) plus both diagonals when `diagonal`.
    pub fn classic(diagonal: bool) -> RulesSpec {
        let globals = if diagonal {
            GlobalRule::Diagonal.into()
        } else {
            GlobalRules::NONE
        };
        RulesSpec {
            globals,
            ..RulesSpec::default()
        }
    }

    /// These rules together with `other`'s: the boxes or regions of whichever gives them
    /// (an error when both do), and every extra rule either asks for.
    pub fn merged(&self, other: &RulesSpec) -> Result<RulesSpec, RulesError> {
        let regions =
            |spec: &RulesSpec| spec.boxes.is_some() || spec.jigsaw.is_some() || spec.no_regions;
        if regions(self) && regions(other) {
            return Err(RulesError::Twice {
                what: "boxes or regions",
            });
        }
        Ok(RulesSpec {
            boxes: self.boxes.or(other.boxes),
            jigsaw: self.jigsaw.clone().or_else(|| other.jigsaw.clone()),
            no_regions: self.no_regions || other.no_regions,
            globals: self.globals.union(other.globals),
            extra_regions: [&self.extra_regions[..], &other.extra_regions[..]].concat(),
            pairs: [&self.pairs[..], &other.pairs[..]].concat(),
            constraints: [&self.constraints[..], &other.constraints[..]].concat(),
            digits: match (self.digits, other.digits) {
                (Some(a), Some(b)) if a != b => {
                    return Err(RulesError::Twice { what: "the digits" });
                }
                (a, b) => a.or(b),
            },
            from_zero: self.from_zero || other.from_zero,
        })
    }

    /// The rules for a grid of `shape` (its digits too: 1 to N, or more), or why they
    /// cannot apply to it.
    pub fn rules_for(&self, shape: Shape) -> Result<Arc<Rules>, RulesError> {
        let digits = self.digits.unwrap_or(0).max(shape.digit_count());
        let shape = Shape::from_size(shape.size()).expect("a grid's size is a shape");
        let base = match (&self.jigsaw, self.boxes) {
            _ if self.no_regions => Rules::without_regions(shape),
            (Some(jigsaw), _) => {
                if jigsaw.shape() != shape {
                    return Err(RulesError::ShapeMismatch {
                        grid: shape,
                        rules: jigsaw.shape(),
                        what: "the regions",
                    });
                }
                // Regions of more cells than a row need as many digits: `with_digits` below
                // says so when they were not given.
                Rules::jigsaw(jigsaw.clone())
            }
            (None, Some(boxes)) => {
                // Boxes of more cells than a row tile the grid when it takes as many digits
                // as a box has cells (3x3 boxes on a 6×6 of 1-9): `with_digits` below says
                // so when they were not given.
                let Some(boxes) = boxes.on(shape) else {
                    return Err(RulesError::ShapeMismatch {
                        grid: shape,
                        rules: boxes.shape(),
                        what: "the boxes",
                    });
                };
                Rules::boxes(boxes)
            }
            (None, None) => Rules::standard(shape)?,
        };
        // The rules that are constraints come after the constraints the spec lists, so that
        // a constraint's index in the rules is its index in the spec.
        let (constraints, houses): (GlobalRules, GlobalRules) =
            self.globals.iter().partition(|rule| rule.is_constraint());
        let mut rules = base.with_digits(digits)?;
        if self.from_zero {
            rules = rules.from_zero()?;
        }
        let mut rules = rules.with_globals(houses)?;
        for region in &self.extra_regions {
            rules = rules.with_extra_region(region)?;
        }
        for &(a, b) in &self.pairs {
            rules = rules.with_different(a, b)?;
        }
        // Judged among the rules to come too: chaos construction's regions, not the boxes,
        // are what a clue reading regions counts.
        let coming: Vec<VariantConstraint> =
            constraints.iter().filter_map(|g| g.constraint()).collect();
        for (i, constraint) in self.constraints.iter().enumerate() {
            rules = rules
                .with_constraint_before(constraint.clone(), &coming)
                .map_err(|err| match err {
                    RulesError::Constraint {
                        constraint,
                        problem,
                        ..
                    } => RulesError::Constraint {
                        index: Some(i),
                        constraint,
                        problem,
                    },
                    other => other,
                })?;
        }
        rules = rules.with_globals(constraints)?;
        rules.check_region_readers()?;
        Ok(Arc::new(rules))
    }
}
