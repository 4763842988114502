//! Lines on which any three digits in a row fall into three different classes (entropic lines: low, middle, high; modular lines: residues mod 3): the clauses and the check they share.

use super::{CellValues, ConstraintCnf};
use crate::grid::Cell;

/// Cells one and two apart on the line hold digits of different classes: on a complete
/// line the classes then repeat with period three, any three in a row all different.
pub(super) fn encode(cells: &[Cell], cnf: &mut ConstraintCnf, class: impl Fn(usize) -> usize) {
    for gap in 1..=2 {
        for (i, &a) in cells.iter().enumerate() {
            if let Some(&b) = cells.get(i + gap) {
                cnf.relation(a, b, |x, y| class(x) != class(y));
            }
        }
    }
}

/// Whether the filled cells fit some line of classes repeating with period three, all
/// three classes in every three cells: cells a multiple of three apart share their class,
/// others differ. Exact on a complete line, and true whenever blanks can complete it.
pub(super) fn admits(
    cells: &[Cell],
    values: &CellValues<'_>,
    class: impl Fn(usize) -> usize,
) -> bool {
    let mut of_residue: [Option<usize>; 3] = [None; 3];
    for (i, &cell) in cells.iter().enumerate() {
        let Some(v) = values.get(cell) else {
            continue;
        };
        let (residue, class) = (i % 3, class(v));
        match of_residue[residue] {
            Some(known) if known != class => return false,
            Some(_) => {}
            None => {
                if of_residue.contains(&Some(class)) {
                    return false;
                }
                of_residue[residue] = Some(class);
            }
        }
    }
    true
}
