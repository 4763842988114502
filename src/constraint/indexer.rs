//! Row, column and box indexers (159-style): the digit in an indexer cell says where, in the cell's own column, row or region, the cell's own index stands.
//!
//! Meanings from Rangsk's SudokuSolver (`Constraints/IndexerConstraint.cs`, and its
//! f-puzzles extension's tooltips): a row indexer at row r, column c holding v puts r in
//! row v of column c; a column indexer at row r, column c holding v puts c in column v of
//! row r (the 159 rule, columns 1, 5 and 9 indexing); a box indexer at position p of its
//! region (the region's cells in reading order, numbered from 1) holding v puts p at
//! position v of the same region. Each is both ways: the target holds the index exactly
//! when the indexer holds the target's position (Rangsk links both directions). Regions
//! are the grid's boxes or jigsaw regions, on every size. f-puzzles' extension writes
//! `rowindexer`, `columnindexer` and `boxindexer`, each entry a `cells` list of indexer
//! cells; satdoku's TOML `row-indexer`, `column-indexer` and `box-indexer`. On a grid of
//! digits from 0 the digits and indices are numbers, as sigh's solver reads them ("0-indexed:
//! Sums and indexing"): an indexer's 0 names no position, so it is ruled out, and an indexer
//! in the last position, whose index N no digit of 0 to N−1 stands for, is refused.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, repeated,
};
use crate::grid::{Cell, Shape};

/// Which house an indexer indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexerKind {
    /// The cell's column: its digit names a row.
    Row,
    /// The cell's row: its digit names a column.
    Column,
    /// The cell's region: its digit names a position in it.
    Box,
}

/// Indexer cells of one kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Indexer {
    kind: IndexerKind,
    cells: Vec<Cell>,
    /// For a box indexer, each cell's region (its cells in reading order), once the
    /// grid's regions are known.
    regions: Option<Vec<Vec<Cell>>>,
}

impl Indexer {
    /// Reads an indexer record: its `cells`, the kind from the table or field's name.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let kind = match record.name() {
            "row-indexer" | "rowindexer" => IndexerKind::Row,
            "column-indexer" | "columnindexer" => IndexerKind::Column,
            "box-indexer" | "boxindexer" => IndexerKind::Box,
            other => return Err(RecordError::why(format!("{other} is no indexer table"))),
        };
        let cells = record.cells("cells")?;
        Ok(vec![Indexer::new(kind, cells).into()])
    }

    /// The record that `read` reads back as these indexers: their `cells`, under the
    /// kind's name. A box indexer's regions are the rules' to settle, not the record's.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let name = match self.kind {
            IndexerKind::Row => format.choose("row-indexer", "rowindexer"),
            IndexerKind::Column => format.choose("column-indexer", "columnindexer"),
            IndexerKind::Box => format.choose("box-indexer", "boxindexer"),
        };
        Ok(vec![WrittenRecord::new(name).cells("cells", &self.cells)])
    }

    /// What the indexer cells index: their row, column or box.
    pub fn kind(&self) -> IndexerKind {
        self.kind
    }

    /// Indexer cells of `kind`.
    pub fn new(kind: IndexerKind, cells: Vec<Cell>) -> Indexer {
        Indexer {
            kind,
            cells,
            regions: None,
        }
    }

    /// The indexers settled on a grid whose region holding a cell is `region_of` (its cells
    /// in reading order; none for a cell outside the grid): what box indexers index.
    pub(crate) fn settled(mut self, region_of: &dyn Fn(Cell) -> Vec<Cell>) -> Indexer {
        if self.kind == IndexerKind::Box {
            self.regions = Some(self.cells.iter().map(|&c| region_of(c)).collect());
        }
        self
    }

    /// Whether an indexer's number `v` names a position of a house of `shape` (from 1).
    fn names_a_position(v: usize, shape: Shape) -> bool {
        (1..=shape.size()).contains(&v)
    }

    /// For the `i`-th indexer cell on a grid of `shape`: the house it indexes (in order)
    /// and its own 1-based position there; `None` for a box indexer not placed on a grid.
    fn house(&self, i: usize, shape: Shape) -> Option<(Vec<Cell>, usize)> {
        let cell = self.cells[i];
        let n = shape.size();
        let at = |r: usize, c: usize| Cell::new_unchecked(r, c);
        match self.kind {
            IndexerKind::Row => Some(((0..n).map(|r| at(r, cell.col())).collect(), cell.row() + 1)),
            IndexerKind::Column => {
                Some(((0..n).map(|c| at(cell.row(), c)).collect(), cell.col() + 1))
            }
            IndexerKind::Box => {
                let region = self.regions.as_ref()?.get(i)?.clone();
                let position = region.iter().position(|&c| c == cell)? + 1;
                Some((region, position))
            }
        }
    }
}

impl fmt::Display for Indexer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            IndexerKind::Row => "row",
            IndexerKind::Column => "column",
            IndexerKind::Box => "box",
        };
        write!(f, "{kind} indexer {}", cell_list(&self.cells))
    }
}

impl Constraint for Indexer {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        let mut cells = self.cells.clone();
        for i in 0..self.cells.len() {
            if let Some((house, _)) = self.house(i, shape) {
                for c in house {
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
            }
        }
        cells
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if self.cells.is_empty() {
            return Some("an indexer needs at least one cell".into());
        }
        if let Some(cell) = repeated(&self.cells) {
            return Some(format!("{cell} appears twice"));
        }
        let n = shape.size();
        if let Some(regions) = &self.regions
            && let Some(region) = regions.iter().find(|r| !r.is_empty() && r.len() != n)
        {
            return Some(format!(
                "a region of {} cells cannot be indexed by 1 to {n}",
                region.len()
            ));
        }
        if self.kind == IndexerKind::Box && self.regions.is_none() {
            return Some("a box indexer needs the grid's regions".into());
        }
        // On digits from 0 the last position's index, N, is no digit: nothing can hold it.
        (0..self.cells.len()).find_map(|i| {
            let (_, index) = self.house(i, shape)?;
            shape.digit_numbered(index).is_none().then(|| {
                let (lo, hi) = (shape.lowest(), shape.highest());
                format!(
                    "{}'s index is {index}, which no digit from {lo} to {hi} stands for",
                    self.cells[i]
                )
            })
        })
    }

    /// Per indexer cell and position k of its house: the cell holds k exactly when the k-th
    /// cell holds the cell's own index (both numbers; a side no digit stands for is false),
    /// and no digit naming no position.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        for (i, &cell) in self.cells.iter().enumerate() {
            let (house, index) = self.house(i, shape).expect("placed on the grid");
            for place in 1..=cnf.size() {
                if !(1..=house.len()).contains(&shape.number(place)) {
                    cnf.forbid(cell, place);
                }
            }
            let holding =
                |number: usize| shape.digit_numbered(number).map(|d| usize::from(d.get()));
            for (k, &target) in house.iter().enumerate().map(|(k, t)| (k + 1, t)) {
                if target == cell {
                    // Holding its own position: the target is the cell itself, which then
                    // holds its own index; nothing more to say.
                    continue;
                }
                match (holding(k), holding(index)) {
                    (Some(v), Some(w)) => {
                        let (holds, points) = (cnf.holds(cell, v), cnf.holds(target, w));
                        cnf.clause([!holds, points]);
                        cnf.clause([holds, !points]);
                    }
                    (Some(v), None) => cnf.forbid(cell, v),
                    (None, Some(w)) => cnf.forbid(target, w),
                    (None, None) => {}
                }
            }
        }
    }

    /// Each indexer cell with each other cell of the house it indexes: the constraint is
    /// those pairs' relations.
    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        let mut pairs = Vec::new();
        for (i, &cell) in self.cells.iter().enumerate() {
            if let Some((house, _)) = self.house(i, shape) {
                pairs.extend(
                    house
                        .into_iter()
                        .filter(|&t| t != cell)
                        .map(|t| vec![cell, t]),
                );
            }
        }
        pairs
    }

    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        let [cell, target] = *scope else {
            return self.admits(values);
        };
        let Some(i) = self.cells.iter().position(|&c| c == cell) else {
            return self.admits(values);
        };
        let Some(v) = values.get(cell) else {
            return true;
        };
        if !Indexer::names_a_position(v, values.shape()) {
            return false;
        }
        let Some(t) = values.get(target) else {
            return true;
        };
        // 0-based positions in the house indexed: of the target, and of the cell itself.
        let (k, own) = match self.kind {
            IndexerKind::Row => (target.row(), cell.row()),
            IndexerKind::Column => (target.col(), cell.col()),
            IndexerKind::Box => {
                let Some(region) = self.regions.as_ref().and_then(|r| r.get(i)) else {
                    return true;
                };
                match (
                    region.iter().position(|&c| c == target),
                    region.iter().position(|&c| c == cell),
                ) {
                    (Some(k), Some(own)) => (k, own),
                    _ => return self.admits(values),
                }
            }
        };
        (v == k + 1) == (t == own + 1)
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        (0..self.cells.len()).all(|i| {
            let cell = self.cells[i];
            let Some((house, index)) = self.house(i, shape) else {
                return true;
            };
            if values
                .get(cell)
                .is_some_and(|v| !Indexer::names_a_position(v, shape))
            {
                return false;
            }
            house.iter().enumerate().all(|(k, &target)| {
                if target == cell {
                    return true;
                }
                match (values.get(cell), values.get(target)) {
                    (Some(v), Some(t)) => (v == k + 1) == (t == index),
                    _ => true,
                }
            })
        })
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let colour = match self.kind {
            IndexerKind::Row => "#f8c9c9",
            IndexerKind::Column => "#c9dcf8",
            IndexerKind::Box => "#c9f0cf",
        };
        vec![Mark::Shade {
            cells: self.cells.clone(),
            colour,
        }]
    }
}
