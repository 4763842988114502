//! The reduced encoding: variables only for the candidates the givens leave, numbered compactly.

use varisat::{CnfFormula, ExtendFormula, Lit, Var};

use super::{
    AmoEncoding, AtMostOne, Encoding, Known, encode_constraints, region_block, region_var,
};
use crate::grid::{Candidates, Cell, Digit, DigitSet, Grid, Shape};
use crate::rules::Layout;

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
        /// The variable index of each pair (by `cell index · M + digit index`), `u32::MAX`
        /// when the pair has none.
        index: Vec<u32>,
        /// The cells decided before encoding (givens, and what propagation found), which
        /// have no variables.
        fixed: Vec<(Cell, Digit)>,
        /// Whether the rules find their regions: "cell lies in region k" variables follow
        /// the pairs' (see [`Numbering::region_var`]).
        regions: bool,
    },
}

impl Numbering {
    /// The variable "`cell` holds `digit`", if the pair has one.
    pub fn var(&self, cell: Cell, digit: Digit) -> Option<Var> {
        match self {
            Numbering::Full(encoding) => Some(encoding.var(cell, digit)),
            Numbering::Compact { shape, index, .. } => {
                let i = index[shape.index(cell) * shape.digit_count() + digit.index()];
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

    /// The variable "`cell` lies in region `region`" when the rules find their regions
    /// (chaos construction): N a cell right after the cell-digit variables.
    pub fn region_var(&self, cell: Cell, region: usize) -> Option<Var> {
        let shape = match self {
            Numbering::Full(encoding) => encoding.shape(),
            Numbering::Compact { shape, .. } => *shape,
        };
        let first = Var::from_index(self.pair_count());
        (self.finds_regions()).then(|| region_var(first, shape, cell, region))
    }

    /// Whether the rules find their regions, so that region variables follow the pairs'.
    fn finds_regions(&self) -> bool {
        match self {
            Numbering::Full(encoding) => encoding.rules_encoded().finds_regions(),
            Numbering::Compact { regions, .. } => *regions,
        }
    }

    /// The number of cell-digit variables (auxiliary variables come after them).
    pub fn pair_count(&self) -> usize {
        match self {
            Numbering::Full(encoding) => encoding.cell_var_count(),
            Numbering::Compact { pairs, .. } => pairs.len(),
        }
    }

    /// `base` with each cell whose digit's variable is true in `model` filled in, and its
    /// regions when the rules find them.
    pub fn decode(&self, model: &[Lit], base: &Grid) -> Grid {
        let mut grid = base.clone();
        let shape = grid.shape();
        let first = self.pair_count();
        let mut regions = (self.finds_regions()).then(|| vec![0u8; shape.cell_count()]);
        for lit in model.iter().filter(|lit| lit.is_positive()) {
            if let Some((cell, digit)) = self.cell_digit(lit.var()) {
                grid.set(cell, Some(digit));
            } else if let Some(regions) = &mut regions {
                let i = lit.var().index().wrapping_sub(first);
                if i < shape.cell_count() * shape.size() {
                    regions[i / shape.size()] = (i % shape.size()) as u8;
                }
            }
        }
        match regions {
            Some(regions) => grid.with_regions(&regions),
            None => grid,
        }
    }

    /// Comment lines (without `c `) that explain the numbering, for DIMACS files.
    pub fn describe(&self) -> Vec<String> {
        match self {
            Numbering::Full(encoding) => {
                let (size, digits) = (encoding.shape().size(), encoding.shape().digit_count());
                vec![format!(
                    "variable (r*{size} + c)*{digits} + d + 1 (0-based row r, column c, digit d) \
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
    /// The reduced formula of the puzzle `grid` under `encoding`'s rules and at-most-one
    /// encoding (`layout` is the rules'). Givens that clash leave
    /// a cell or a house-digit group with no candidates: an empty clause, so the formula is
    /// unsatisfiable.
    pub fn new(encoding: &Encoding, layout: &Layout, grid: &Grid) -> Reduced {
        Reduced::from_candidates(encoding, layout, &Candidates::of_grid(grid))
    }

    /// The reduced formula of the candidates `cands` (`layout` is the encoding's rules'):
    /// a cell with one candidate is decided (like a
    /// given), and its digit leaves its peers; the other cells get a variable for each
    /// candidate left. A cell without candidates, or a digit without a place in a house, is
    /// an empty clause.
    ///
    /// Under the pairwise at-most-one encoding, the houses' binary clauses are written per
    /// pair of peers, so two cells that share several houses (a row and a box) get theirs
    /// once instead of once per house: the same formula with about a seventh fewer clauses
    /// on 9×9.
    pub fn from_candidates(encoding: &Encoding, layout: &Layout, cands: &Candidates) -> Reduced {
        let mut formula = CnfFormula::new();
        let numbering = Reduced::encode(encoding, layout, cands, &mut formula);
        Reduced { numbering, formula }
    }

    /// Adds the reduced formula of `cands` (see [`Reduced::from_candidates`]) to `formula`,
    /// which must be empty (a fresh `CnfFormula`, or a fresh varisat `Solver` to skip the
    /// copy), and returns its numbering.
    ///
    /// # Panics
    /// If `formula` already has variables.
    pub fn encode<F: ExtendFormula>(
        encoding: &Encoding,
        layout: &Layout,
        cands: &Candidates,
        formula: &mut F,
    ) -> Numbering {
        let cands = cands.sets();
        let shape = encoding.shape();
        let size = shape.digit_count();
        let decided = |i: usize| cands[i].len() == 1;
        // What each house holds already, and so each open cell's candidates.
        let held: Vec<DigitSet> = layout
            .houses()
            .map(|cells| {
                cells
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|&i| decided(i))
                    .fold(DigitSet::EMPTY, |set, i| set | cands[i])
            })
            .collect();
        // An open cell loses the digits of its decided peers (sharing a house, or apart by
        // another relation such as anti-knight).
        let mut open = cands.to_vec();
        for i in (0..shape.cell_count()).filter(|&i| !decided(i)) {
            for &j in layout.peers(i) {
                if decided(j as usize) {
                    open[i] = open[i] & !cands[j as usize];
                }
            }
        }
        let mut pairs = Vec::new();
        let mut index = vec![u32::MAX; shape.cell_count() * size];
        let mut fixed = Vec::new();
        for (i, cell) in shape.cells().enumerate() {
            if decided(i) {
                fixed.extend(cands[i].only().map(|digit| (cell, digit)));
                continue;
            }
            for digit in open[i].iter() {
                index[i * size + digit.index()] = pairs.len() as u32;
                pairs.push((cell, digit));
            }
        }
        let lit = |i: usize, digit: Digit| {
            let var = index[i * size + digit.index()];
            (var != u32::MAX).then(|| Var::from_index(var as usize).positive())
        };
        if !pairs.is_empty() {
            let first = formula.new_var();
            assert_eq!(
                first.index(),
                0,
                "the reduced formula needs an empty formula"
            );
            for _ in formula.new_var_iter(pairs.len() - 1) {}
        }
        let regions = region_block(formula, encoding.rules_encoded());
        let amo = encoding.amo();
        let mut group: Vec<Lit> = Vec::with_capacity(size);
        for i in (0..shape.cell_count()).filter(|&i| !decided(i)) {
            group.clear();
            group.extend(shape.digits().filter_map(|d| lit(i, d)));
            formula.add_clause(&group);
            amo.encode(formula, &group);
        }
        let pairwise = amo == AmoEncoding::Pairwise;
        for (cells, &held) in layout.houses().zip(&held) {
            for digit in shape.digits().filter(|&d| !held.contains(d)) {
                group.clear();
                group.extend(cells.iter().filter_map(|&i| lit(i as usize, digit)));
                // Every house holds every digit only when there are as many as its cells.
                if cells.len() == shape.digit_count() {
                    formula.add_clause(&group);
                }
                if !pairwise {
                    amo.encode(formula, &group);
                }
            }
        }
        if !pairwise {
            // Cells apart by a relation other than a house: a binary clause per digit.
            for &(a, b) in layout.apart() {
                for digit in shape.digits() {
                    if let (Some(x), Some(y)) = (lit(a as usize, digit), lit(b as usize, digit)) {
                        formula.add_clause(&[!x, !y]);
                    }
                }
            }
        }
        if pairwise {
            // The houses' pairwise clauses (and those of cells apart by another relation),
            // each pair of peers once however many houses they share.
            for (i, &(cell, digit)) in pairs.iter().enumerate() {
                let a = shape.index(cell);
                for &b in layout.peers(a).iter().filter(|&&b| b as usize > a) {
                    if let Some(other) = lit(b as usize, digit) {
                        formula.add_clause(&[!Var::from_index(i).positive(), !other]);
                    }
                }
            }
        }
        encode_constraints(
            formula,
            encoding.rules_encoded(),
            |cell, digit| {
                let i = shape.index(cell);
                match lit(i, digit) {
                    Some(lit) => Known::Open(lit),
                    None if decided(i) && cands[i].contains(digit) => Known::True,
                    None => Known::False,
                }
            },
            regions,
            false,
        );
        Numbering::Compact {
            shape,
            pairs,
            index,
            fixed,
            regions: regions.is_some(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::rules::{GlobalRule, Rules};
    use std::sync::Arc;

    fn clause_set(formula: &CnfFormula) -> (usize, BTreeSet<Vec<Lit>>) {
        let set = formula
            .iter()
            .map(|clause| {
                let mut clause = clause.to_vec();
                clause.sort();
                clause
            })
            .collect();
        (formula.len(), set)
    }

    /// With no givens the reduced numbering is the full one, and the reduced formula is
    /// the extended rules with each repeated binary clause written once.
    #[test]
    fn an_empty_grid_reduces_to_the_extended_rules_without_repeats() {
        for shape in [4, 6, 8, 9, 12, 16].map(|n| Shape::from_size(n).unwrap()) {
            let standard = Rules::standard(shape).unwrap();
            for rules in [
                standard.clone(),
                standard.clone().with_global(GlobalRule::Diagonal).unwrap(),
                standard
                    .clone()
                    .with_globals(
                        [GlobalRule::AntiKnight, GlobalRule::AntiKing]
                            .into_iter()
                            .collect(),
                    )
                    .unwrap(),
            ] {
                let rules = Arc::new(rules);
                let encoding = Encoding::new(&rules).with_amo(AmoEncoding::Pairwise);
                let layout = Layout::new(&rules);
                let reduced = Reduced::new(&encoding, &layout, &Grid::empty(shape));
                let (len, reduced) = clause_set(&reduced.formula);
                assert_eq!(len, reduced.len(), "{rules}: a clause repeats");
                let (_, full) = clause_set(&encoding.rules());
                assert_eq!(reduced, full, "{rules}");
            }
        }
    }
}
