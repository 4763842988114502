//! The linear sum a constraint states: its cells' digits, each times a weight, add up to a total.

use std::collections::BTreeMap;

use crate::grid::{Cell, Shape};

/// Σ weight·number = total over some cells (the numbers the digits stand for, see
/// [`Shape::number`]): what a killer cage (every weight 1), an arrow
/// (its shaft 1, its circle −1, a pill's digits −10, −1 …), a little killer, an XV pair or a
/// weighted sum states. Logic adds such sums to the houses' and takes them away across
/// houses (innies and outies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearSum {
    /// Each cell once, with its weight (never 0), in cell order.
    pub terms: Vec<(Cell, i64)>,
    /// What the weighted digits add up to.
    pub total: i64,
}

impl LinearSum {
    /// The sum of `terms` (a cell named twice counts both weights; weights that cancel
    /// leave the cell out) equal to `total`.
    pub fn new(terms: impl IntoIterator<Item = (Cell, i64)>, total: i64) -> LinearSum {
        let mut weights: BTreeMap<Cell, i64> = BTreeMap::new();
        for (cell, weight) in terms {
            *weights.entry(cell).or_default() += weight;
        }
        LinearSum {
            terms: weights.into_iter().filter(|&(_, w)| w != 0).collect(),
            total,
        }
    }

    /// The same sum over the digits' places (1..=M, as [`Digit::get`](crate::Digit::get)
    /// gives them), which differ from the numbers on a grid whose digits start at 0: there
    /// each term's number is its place less 1, so the total grows by the weights' sum.
    pub fn in_places(mut self, shape: Shape) -> LinearSum {
        let weights: i64 = self.terms.iter().map(|&(_, w)| w).sum();
        self.total = shape.total_in_places(self.total, weights);
        self
    }

    /// What groups of equal sums state: each group's sum less the next's is 0 (equal sums,
    /// a region-sum line's pieces, a zipper's pairs, a double arrow's ends and middle).
    pub fn equal(groups: &[Vec<Cell>]) -> Vec<LinearSum> {
        (groups.windows(2))
            .map(|pair| {
                let first = pair[0].iter().map(|&c| (c, 1));
                let second = pair[1].iter().map(|&c| (c, -1));
                LinearSum::new(first.chain(second), 0)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_named_twice_adds_its_weights_and_cancelled_cells_go() {
        let [a, b] = [Cell::at(0, 0).unwrap(), Cell::at(0, 1).unwrap()];
        let sum = LinearSum::new([(a, 1), (b, 1), (a, 2), (b, -1)], 5);
        assert_eq!(sum.terms, vec![(a, 3)]);
        assert_eq!(sum.total, 5);
    }
}
