//! Equal sums: groups of cells whose digits add up alike (a magic square's rows, columns and diagonals), each group any cells, a cell in several groups allowed.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`EqualSum~cells~-~cells…`: "each
//! segment of cells must have the same sum"). f-puzzles has no field for it, so satdoku reads
//! it from its TOML only (`[[equal-sums]]`, `groups`: a list of cell lists).

use std::fmt;

use super::drawing::Mark;
use super::sum::{equal_sums, equal_sums_admit};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, groups_cells, groups_problem,
};
use crate::grid::{Cell, Shape};

/// Groups of cells with equal sums.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EqualSums {
    groups: Vec<Vec<Cell>>,
}

impl EqualSums {
    /// Reads an equal-sums record: its `groups`, each a list of cells.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(vec![EqualSums::new(record.lines("groups")?).into()])
    }

    /// The record that `read` reads back as these groups: `equal-sums` (f-puzzles has none:
    /// satdoku's extension field `equalsums`, as SudokuPad's diagonals of the same sum are
    /// read) with its `groups`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![
            WrittenRecord::new(format.choose("equal-sums", "equalsums"))
                .with("groups", FieldValue::Lines(self.groups.clone())),
        ])
    }

    /// Groups of cells whose digits add up alike.
    pub fn new(groups: Vec<Vec<Cell>>) -> EqualSums {
        EqualSums { groups }
    }

    /// Whether the groups are the two halves of one line: two groups of as many cells,
    /// each cell beside the next (touching at a side or a corner) from the first group's
    /// first cell to the second's last (SudokuPad's lines of four whose first two digits add
    /// up as the last two).
    pub fn halves_of_a_line(&self) -> bool {
        let [first, second] = &self.groups[..] else {
            return false;
        };
        let line: Vec<Cell> = first.iter().chain(second).copied().collect();
        first.len() == second.len()
            && line.windows(2).all(|pair| {
                let (a, b) = (pair[0], pair[1]);
                a != b && a.row().abs_diff(b.row()) <= 1 && a.col().abs_diff(b.col()) <= 1
            })
    }
}

impl fmt::Display for EqualSums {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<String> = self.groups.iter().map(|g| cell_list(g)).collect();
        write!(f, "equal sums {}", groups.join(" = "))
    }
}

impl Constraint for EqualSums {
    /// Each group less the next: Σ first − Σ second = 0 (a cell in both counts nothing).
    fn linear_sums(&self) -> Vec<super::LinearSum> {
        super::LinearSum::equal(&self.groups)
    }

    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        groups_cells(&self.groups)
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        groups_problem("equal sums", 2, &self.groups)
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        equal_sums(cnf, &self.groups);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        equal_sums_admit(values, &self.groups)
    }

    /// Each group a thin line through its cells (in the order given), in one colour.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.groups
            .iter()
            .map(|group| Mark::line(group, "#b07cd8", 0.12))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::LinearSum;

    fn cells(names: &str) -> Vec<Cell> {
        names.split(' ').map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn each_group_less_the_next_adds_up_to_nothing() {
        let sums = EqualSums::new(vec![cells("r1c1 r1c2"), cells("r1c3"), cells("r1c3 r2c3")]);
        let one = |name: &str| name.parse::<Cell>().unwrap();
        assert_eq!(
            sums.linear_sums(),
            [
                LinearSum::new([(one("r1c1"), 1), (one("r1c2"), 1), (one("r1c3"), -1)], 0),
                // r1c3 in both groups cancels: r1c3 = r1c3 + r2c3 leaves −r2c3 = 0.
                LinearSum::new([(one("r2c3"), -1)], 0),
            ]
        );
        assert_eq!(sums.linear_sums()[1].terms, [(one("r2c3"), -1)]);
    }
}
