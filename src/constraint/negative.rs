//! Negative constraints and non-consecutive: where two orthogonal neighbours carry no dot (or no X/V), the relation does not hold.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, DotColour, RecordFormat, VariantConstraint, Written,
    orthogonal_pairs, whole_grid_rule,
};
use crate::grid::{Cell, Shape};

/// Which relation a negative constraint rules out between unmarked neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NegativeKind {
    /// Non-consecutive: no two unmarked neighbours differ by 1 (pairs with a kropki dot
    /// are exempt).
    NonConsecutive,
    /// Every white dot is given: unmarked neighbours never differ by 1 nor by any white
    /// dot's amount.
    Difference,
    /// Every black dot is given: unmarked neighbours are never in a ratio of 2 nor of any
    /// black dot's amount.
    Ratio,
    /// Every X and V (and sum marker) is given: unmarked neighbours never add up to 10 or
    /// 5, nor to any marker's sum.
    Xv,
}

impl NegativeKind {
    /// Every kind (each is one rule over the whole grid, named by the rules' table).
    pub const ALL: [NegativeKind; 4] = [
        NegativeKind::NonConsecutive,
        NegativeKind::Difference,
        NegativeKind::Ratio,
        NegativeKind::Xv,
    ];
}

/// A rule over every pair of orthogonal neighbours without a mark.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Negative {
    kind: NegativeKind,
    /// The amounts ruled out (differences, ratios or sums), settled from the marks.
    amounts: Vec<usize>,
    /// The pairs with a mark, exempt, first cell before second in reading order.
    marked: Vec<(Cell, Cell)>,
}

impl Negative {
    /// The rule `kind` (its marks and amounts are settled when the rules are made).
    pub fn new(kind: NegativeKind) -> Negative {
        let amounts = match kind {
            NegativeKind::NonConsecutive | NegativeKind::Difference => vec![1],
            NegativeKind::Ratio => vec![2],
            NegativeKind::Xv => vec![10, 5],
        };
        Negative {
            kind,
            amounts,
            marked: Vec::new(),
        }
    }

    /// No record: a rule over the whole grid is written with a file's rules (satdoku's
    /// `rules` list, f-puzzles' flags), never as a record of its own.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        whole_grid_rule(self, format)
    }

    /// The kind.
    pub fn kind(&self) -> NegativeKind {
        self.kind
    }

    /// The same rule with the marks of `all` taken in.
    pub(crate) fn settled(self, all: &[VariantConstraint]) -> Negative {
        let mut rule = Negative::new(self.kind);
        let ordered = |(a, b): (Cell, Cell)| (a.min(b), a.max(b));
        // A rule combined with "or" marks its pair as its parts do.
        for constraint in all.iter().flat_map(VariantConstraint::with_parts) {
            match (self.kind, constraint) {
                (NegativeKind::Xv, VariantConstraint::Xv(xv)) => {
                    rule.marked.push(ordered(xv.pair()));
                    // A marker of other sums is given too: its sums join X's and V's.
                    rule.amounts.extend_from_slice(xv.sums());
                }
                (NegativeKind::Xv, _) => {}
                (kind, VariantConstraint::Dot(dot)) => {
                    rule.marked.push(ordered(dot.pair()));
                    match (kind, dot.colour()) {
                        (NegativeKind::Difference, DotColour::White(d))
                        | (NegativeKind::Ratio, DotColour::Black(d)) => {
                            rule.amounts.push(d as usize)
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        rule.amounts.sort_unstable();
        rule.amounts.dedup();
        rule.marked.sort();
        rule.marked.dedup();
        rule
    }

    /// Whether neighbours holding `a` and `b` break the rule.
    fn breaks(&self, a: usize, b: usize) -> bool {
        self.amounts.iter().any(|&k| match self.kind {
            NegativeKind::NonConsecutive | NegativeKind::Difference => a.abs_diff(b) == k,
            NegativeKind::Ratio => a == b * k || b == a * k,
            NegativeKind::Xv => a + b == k,
        })
    }

    /// The unmarked pairs of orthogonal neighbours.
    fn pairs(&self, shape: Shape) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        orthogonal_pairs(shape).filter(|pair| self.marked.binary_search(pair).is_err())
    }
}

impl fmt::Display for Negative {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let amounts: Vec<String> = self.amounts.iter().map(usize::to_string).collect();
        match self.kind {
            NegativeKind::NonConsecutive => {
                f.write_str("non-consecutive (no neighbours without a dot differ by 1)")
            }
            NegativeKind::Difference => {
                f.write_str("every white dot given (no other neighbours differ so)")
            }
            NegativeKind::Ratio => {
                f.write_str("every black dot given (no other neighbours in such a ratio)")
            }
            NegativeKind::Xv => write!(
                f,
                "every X and V given (no other neighbours add up to {})",
                amounts.join(" or ")
            ),
        }
    }
}

impl Constraint for Negative {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        None
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for (a, b) in self.pairs(cnf.shape()).collect::<Vec<_>>() {
            cnf.relation(a, b, |x, y| !self.breaks(x, y));
        }
    }

    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        self.pairs(shape).map(|(a, b)| vec![a, b]).collect()
    }

    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        match *scope {
            [a, b] => match (values.get(a), values.get(b)) {
                (Some(x), Some(y)) => !self.breaks(x, y),
                _ => true,
            },
            _ => self.admits(values),
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.pairs(values.shape())
            .all(|(a, b)| match (values.get(a), values.get(b)) {
                (Some(x), Some(y)) => !self.breaks(x, y),
                _ => true,
            })
    }

    /// Nothing drawn: the legend names the rule with the rules over the whole grid.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Vec::new()
    }
}
