//! Three classes of digits (thirds: low, middle, high; remainders mod 3) and lines on which any three digits in a row fall into different classes (entropic and modular lines): the classes, clauses and check they share.

use super::{CellValues, ConstraintCnf};
use crate::grid::{Cell, Shape};

/// The third of a grid's M digits (M a multiple of 3) that the number `v` falls in: 0 low,
/// 1 middle, 2 high (1–3, 4–6, 7–9 on 9×9; 0–2, 3–5, 6–8 on a grid of digits from 0).
pub(super) fn third(shape: Shape) -> impl Fn(usize) -> usize {
    let (lowest, n) = (shape.lowest(), shape.digit_count());
    move |v| (v - lowest) / (n / 3)
}

/// The remainder of the number `v` divided by 3.
pub(super) fn residue(v: usize) -> usize {
    v % 3
}

/// Why the digits 1..=n do not split into thirds, if they do not.
pub(super) fn thirds_problem(n: usize) -> Option<String> {
    (!n.is_multiple_of(3)).then(|| {
        format!("the digits 1 to {n} do not split into three equal thirds (low, middle, high)")
    })
}

/// Cells one and two apart on the line hold digits of different classes: on a complete
/// line the classes then repeat with period three, any three in a row all different. On a
/// loop (see [`super::ring`]) the count goes round: the last cells and the first are in a
/// row too.
pub(super) fn encode(cells: &[Cell], cnf: &mut ConstraintCnf, class: impl Fn(usize) -> usize) {
    let (cells, closed) = super::ring(cells);
    let k = cells.len();
    for gap in 1..=2 {
        for (i, &a) in cells.iter().enumerate() {
            let b = if closed {
                Some(&cells[(i + gap) % k])
            } else {
                cells.get(i + gap)
            };
            if let Some(&b) = b.filter(|&&b| b != a) {
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
    let (cells, closed) = super::ring(cells);
    if closed && !cells.len().is_multiple_of(3) {
        // Round a loop, the classes repeat with period three only if its length is a
        // multiple of three: otherwise no digits fit.
        return false;
    }
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
