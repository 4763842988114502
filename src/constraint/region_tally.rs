//! A digit that counts something of the regions (border-count circles, region-run and region-count clues): known once the regions are given, found with them where they are to be found.
//!
//! On given regions (boxes, jigsaw) the count is settled when the rules are, and fixes the
//! digit; where the regions are to be found (chaos construction) each family states its
//! count in clauses over "the cell lies in region k" and the chain of partial counts ends at
//! the digit. A grid with no regions at all leaves the count unknown, and the rules refuse
//! such a clue by name ([`VariantConstraint::reads_found_regions`]).

use super::sum::{Chain, Term, cell_term};
use super::{CellValues, ConstraintCnf, VariantConstraint};
use crate::grid::{Cell, Shape};

/// A counting clue's cell and, once settled on given regions, its count.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Tally {
    /// The clue's cell, whose digit is the count.
    pub(super) cell: Cell,
    /// The count on given regions; `None` where the regions are to be found, or there are
    /// none.
    pub(super) known: Option<usize>,
}

impl Tally {
    /// A clue in `cell`, its count not known yet.
    pub(super) fn new(cell: Cell) -> Tally {
        Tally { cell, known: None }
    }

    /// Settled among the rules `all` on the regions `region` gives (the cells of a cell's
    /// region, N of them; none on a grid without regions): `count` reads the given regions
    /// on a grid of their shape; unknown where the regions are to be found.
    pub(super) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
        count: impl FnOnce(Shape) -> usize,
    ) -> Tally {
        let shape = Shape::from_size(region(self.cell).len());
        let known = match shape {
            Some(shape) if !super::finds_regions(all) => Some(count(shape)),
            _ => None,
        };
        Tally { known, ..self }
    }

    /// Why a known count cannot be the digit (`what`: what the clue counts, "cells of its
    /// region it sees"): 0, or more than the largest digit.
    pub(super) fn problem(&self, shape: Shape, what: &str) -> Option<String> {
        match self.known {
            Some(k) if k == 0 || k > shape.digit_count() => Some(format!(
                "{} counts {k} {what}, which no digit is",
                self.cell
            )),
            _ => None,
        }
    }

    /// The clauses: the known count as the digit, or `terms` (each 0 or 1) plus `first`
    /// adding up to it.
    pub(super) fn encode(
        &self,
        cnf: &mut ConstraintCnf,
        terms: impl FnOnce(&mut ConstraintCnf) -> Vec<Term>,
        first: usize,
    ) {
        if let Some(count) = self.known {
            for v in (1..=cnf.size()).filter(|&v| v != count) {
                cnf.forbid(self.cell, v);
            }
            return;
        }
        let mut terms = terms(cnf);
        terms.push(cell_term(cnf, self.cell, -1));
        Chain::equal(cnf, &terms, -(first as i64));
    }

    /// On given regions, whether the digit is the known count; where the regions are to be
    /// found, digits alone do not say (the SAT engine finds the regions with them: the
    /// backtrackers and logic refuse such puzzles), and any digit passes.
    pub(super) fn admits(&self, values: &CellValues<'_>) -> bool {
        match (self.known, values.get(self.cell)) {
            (Some(count), Some(v)) => v == count,
            _ => true,
        }
    }
}

/// The boxes of a 9×9 as regions, for the tests of the clues that read them.
#[cfg(test)]
pub(super) fn nine_boxes(cell: Cell) -> Vec<Cell> {
    let shape = Shape::NINE;
    let boxes = crate::grid::BoxShape::default_for(shape).expect("a 9×9 has boxes");
    (shape.cells())
        .filter(|&c| boxes.box_of(c) == boxes.box_of(cell))
        .collect()
}
