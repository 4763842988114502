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

/// What a clue that reads the regions reads, once settled among the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Reading<T = usize> {
    /// The regions are to be found (chaos construction): the clue is stated in clauses over
    /// them (the state before settling, too).
    Found,
    /// The regions are given: what the clue reads of them is known.
    Given(T),
    /// The grid has no regions at all: nothing to read, which the rules refuse by name.
    Nothing,
}

/// A counting clue's cell and what it reads of the regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Tally {
    /// The clue's cell, whose digit is the count.
    pub(super) cell: Cell,
    /// Its count, once settled.
    pub(super) reading: Reading,
}

impl Tally {
    /// A clue in `cell`, its count not known yet.
    pub(super) fn new(cell: Cell) -> Tally {
        Tally {
            cell,
            reading: Reading::Found,
        }
    }

    /// The count on given regions, if they are given.
    pub(super) fn known(&self) -> Option<usize> {
        match self.reading {
            Reading::Given(count) => Some(count),
            Reading::Found | Reading::Nothing => None,
        }
    }

    /// Settled among the rules `all` on the regions `region` gives (the cells of a cell's
    /// region, N of them; none on a grid without regions): `count` reads the given regions
    /// on a grid of their shape.
    pub(super) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
        count: impl FnOnce(Shape) -> usize,
    ) -> Tally {
        Tally {
            reading: reading(all, region, self.cell, count),
            ..self
        }
    }

    /// Why the clue cannot be: no regions to read, or a known count that is 0 or more
    /// than the largest digit (`what`: what the clue counts, "cells of its region …").
    pub(super) fn problem(&self, shape: Shape, what: &str) -> Option<String> {
        match self.reading {
            Reading::Nothing => Some(NO_REGIONS.into()),
            Reading::Given(k) if k == 0 || k > shape.digit_count() => Some(format!(
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
        match self.reading {
            Reading::Given(count) => {
                for v in (1..=cnf.size()).filter(|&v| v != count) {
                    cnf.forbid(self.cell, v);
                }
                return;
            }
            // No regions: it cannot hold (its problem says why).
            Reading::Nothing => {
                cnf.clause([]);
                return;
            }
            Reading::Found => {}
        }
        let mut terms = terms(cnf);
        terms.push(cell_term(cnf, self.cell, -1));
        Chain::equal(cnf, &terms, -(first as i64));
    }

    /// On given regions, whether the digit is the known count; where the regions are to be
    /// found, digits alone do not say (the SAT engine finds the regions with them: the
    /// backtrackers and logic refuse such puzzles), and any digit passes.
    pub(super) fn admits(&self, values: &CellValues<'_>) -> bool {
        match (self.known(), values.get(self.cell)) {
            (Some(count), Some(v)) => v == count,
            _ => true,
        }
    }
}

/// Why the cells a clue reads (in order: `cells`, the clue's own first where it reads it)
/// cannot be read on a grid of `shape`: none, one outside the grid, or one twice.
pub(super) fn cells_problem(cells: &[Cell], shape: Shape) -> Option<String> {
    if cells.is_empty() {
        return Some("it reads no cells".into());
    }
    if let Some(cell) = cells
        .iter()
        .find(|c| shape.cell(c.row(), c.col()).is_none())
    {
        return Some(format!("{cell} is outside a {shape} grid"));
    }
    let twice = (cells.iter().enumerate()).find(|(i, c)| cells[..*i].contains(c));
    twice.map(|(_, cell)| format!("it reads {cell} twice"))
}

/// Why a clue that reads the regions cannot be on a grid without any.
pub(super) const NO_REGIONS: &str =
    "the grid has no regions, given or to be found (chaos construction), for it to read";

/// What a clue in `cell` reads among the rules `all` on the regions `region` gives: found
/// where the rules find them; else `count` of the given regions (on a grid of their shape),
/// or nothing where there are none.
pub(super) fn reading<T>(
    all: &[VariantConstraint],
    region: &dyn Fn(Cell) -> Vec<Cell>,
    cell: Cell,
    count: impl FnOnce(Shape) -> T,
) -> Reading<T> {
    if super::finds_regions(all) {
        return Reading::Found;
    }
    match Shape::from_size(region(cell).len()) {
        Some(shape) => Reading::Given(count(shape)),
        None => Reading::Nothing,
    }
}

/// `cell` and the cells around it (diagonal neighbours too) in reading order, `cell`
/// first: what region-count and distinct-regions clues look at unless given a set.
pub(super) fn around(shape: Shape, cell: Cell) -> Vec<Cell> {
    let around = (-1..=1)
        .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
        .filter(|&step| step != (0, 0))
        .filter_map(|step| shape.step(cell, step));
    std::iter::once(cell).chain(around).collect()
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
