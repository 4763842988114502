//! The reduced encoding: variables only for the candidates the givens leave, numbered compactly.

use varisat::{CnfFormula, ExtendFormula, Lit, Var};

use super::{AtMostOne, Encoding};
use crate::grid::{Cell, Digit, DigitSet, Grid, Shape};

/// How cell-digit pairs map to variables.
#[derive(Clone, Debug)]
pub enum Numbering {
    /// Every pair has its variable `(r·N + c)·N + d` (see [`Encoding::var`]).
    Full(Encoding),
    /// Only some pairs have variables, numbered from 0 in reading order of cell and digit.
    Compact {
        /// The shape.
        shape: Shape,
        /// The pair of each variable, by index.
        pairs: Vec<(Cell, Digit)>,
        /// The variable index of each pair (by `cell index · N + digit index`), `u32::MAX`
        /// when the pair has none.
        index: Vec<u32>,
        /// The cells decided before encoding (givens, and what propagation found), which
        /// have no variables.
        fixed: Vec<(Cell, Digit)>,
    },
}

impl Numbering {
    /// The variable "`cell` holds `digit`", if the pair has one.
    pub fn var(&self, cell: Cell, digit: Digit) -> Option<Var> {
        match self {
            Numbering::Full(encoding) => Some(encoding.var(cell, digit)),
            Numbering::Compact { shape, index, .. } => {
                let i = index[shape.index(cell) * shape.size() + digit.index()];
                (i != u32::MAX).then(|| Var::from_index(i as usize))
            }
        }
    }

    /// The cell and digit of a variable, `None` for an auxiliary variable.
    pub fn cell_digit(&self, var: Var) -> Option<(Cell, Digit)> {
        match self {
            Numbering::Full(encoding) => encoding.cell_digit(var),
            Numbering::Compact { pairs, .. } => pairs.get(var.index()).copied(),
        }
    }

    /// The number of cell-digit variables (auxiliary variables come after them).
    pub fn pair_count(&self) -> usize {
        match self {
            Numbering::Full(encoding) => encoding.cell_var_count(),
            Numbering::Compact { pairs, .. } => pairs.len(),
        }
    }

    /// `base` with each cell whose digit's variable is true in `model` filled in.
    pub fn decode(&self, model: &[Lit], base: &Grid) -> Grid {
        let mut grid = base.clone();
        for lit in model.iter().filter(|lit| lit.is_positive()) {
            if let Some((cell, digit)) = self.cell_digit(lit.var()) {
                grid.set(cell, Some(digit));
            }
        }
        grid
    }

    /// Comment lines (without `c `) that explain the numbering, for DIMACS files.
    pub fn describe(&self) -> Vec<String> {
        match self {
            Numbering::Full(encoding) => {
                let size = encoding.shape().size();
                vec![format!(
                    "variable (r*{size} + c)*{size} + d + 1 (0-based row r, column c, digit d) \
                     means cell r,c holds digit d+1; variables past {} are auxiliary",
                    encoding.cell_var_count()
                )]
            }
            Numbering::Compact { pairs, fixed, .. } => {
                let mut lines = vec![format!(
                    "variables 1 to {} are the candidates left, \
                     \"var N rRcC=D\": variable N means cell rRcC holds digit D; \
                     later variables are auxiliary; \"fixed rRcC=D\": a cell decided \
                     before encoding (a solution has these digits too)",
                    pairs.len()
                )];
                lines.extend(
                    fixed
                        .iter()
                        .map(|(cell, digit)| format!("fixed {cell}={digit}")),
                );
                lines.extend(
                    pairs
                        .iter()
                        .enumerate()
                        .map(|(i, (cell, digit))| format!("var {} {cell}={digit}", i + 1)),
                );
                lines
            }
        }
    }
}

/// A puzzle's formula under the reduced encoding: the extended encoding of the rules with
/// the givens substituted in. A given cell has no variables; a blank cell has one for each
/// digit no given peer holds; a house's clauses for a digit it already holds are gone.
#[derive(Debug)]
pub struct Reduced {
    /// The numbering of the remaining candidates.
    pub numbering: Numbering,
    /// The clauses, over the compact numbering.
    pub formula: CnfFormula,
}

impl Reduced {
    /// The reduced formula of the puzzle `grid` under `encoding`'s shape, variant and
    /// at-most-one encoding. Givens that clash leave a cell or a house-digit group with no
    /// candidates: an empty clause, so the formula is unsatisfiable.
    pub fn new(encoding: &Encoding, grid: &Grid) -> Reduced {
        let shape = encoding.shape();
        let cands: Vec<DigitSet> = shape
            .cells()
            .map(|cell| grid.get(cell).map_or(shape.all_digits(), DigitSet::single))
            .collect();
        Reduced::from_candidates(encoding, &cands)
    }

    /// The reduced formula of candidate sets `cands` (by cell index): a cell with one
    /// candidate is decided (like a given), and its digit leaves its peers; the other cells
    /// get a variable for each candidate left. A cell without candidates, or a digit
    /// without a place in a house, is an empty clause.
    pub fn from_candidates(encoding: &Encoding, cands: &[DigitSet]) -> Reduced {
        let shape = encoding.shape();
        let size = shape.size();
        let decided = |cell: Cell| cands[shape.index(cell)].len() == 1;
        let houses: Vec<Vec<Cell>> = encoding
            .variant()
            .houses(shape)
            .map(|house| house.cells(shape).collect())
            .collect();
        // What each house holds already, and so each open cell's candidates.
        let held: Vec<DigitSet> = houses
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .filter(|&&cell| decided(cell))
                    .fold(DigitSet::EMPTY, |set, &cell| set | cands[shape.index(cell)])
            })
            .collect();
        let mut open = cands.to_vec();
        for (cells, &held) in houses.iter().zip(&held) {
            for &cell in cells.iter().filter(|&&cell| !decided(cell)) {
                open[shape.index(cell)] = open[shape.index(cell)] & !held;
            }
        }
        let mut pairs = Vec::new();
        let mut index = vec![u32::MAX; shape.cell_count() * size];
        for cell in shape.cells().filter(|&cell| !decided(cell)) {
            for digit in open[shape.index(cell)].iter() {
                index[shape.index(cell) * size + digit.index()] = pairs.len() as u32;
                pairs.push((cell, digit));
            }
        }
        let fixed = shape
            .cells()
            .filter(|&cell| decided(cell))
            .filter_map(|cell| cands[shape.index(cell)].only().map(|d| (cell, d)))
            .collect();
        let numbering = Numbering::Compact {
            shape,
            pairs,
            index,
            fixed,
        };
        let mut formula = CnfFormula::new();
        formula.set_var_count(numbering.pair_count());
        let lit = |cell, digit| numbering.var(cell, digit).map(Var::positive);
        for cell in shape.cells().filter(|&cell| !decided(cell)) {
            let group: Vec<Lit> = shape.digits().filter_map(|d| lit(cell, d)).collect();
            formula.add_clause(&group);
            encoding.amo().encode(&mut formula, &group);
        }
        for (cells, &held) in houses.iter().zip(&held) {
            for digit in shape.digits().filter(|&d| !held.contains(d)) {
                let group: Vec<Lit> = cells.iter().filter_map(|&c| lit(c, digit)).collect();
                formula.add_clause(&group);
                encoding.amo().encode(&mut formula, &group);
            }
        }
        Reduced { numbering, formula }
    }

    /// The cells `cands` decides (one candidate left), filled in: what a model of the
    /// reduced formula leaves out.
    pub fn decided(shape: Shape, cands: &[DigitSet]) -> Grid {
        let mut grid = Grid::empty(shape);
        for (cell, set) in shape.cells().zip(cands) {
            if set.len() == 1 {
                grid.set(cell, set.only());
            }
        }
        grid
    }
}
