//! Fish: a digit whose places in k rows lie in k columns (or the other way round): X-wing, swordfish, jellyfish.

use super::{Find, Technique, first_subset};
use crate::logic::{Board, CellDigit, Sentence, Step};

/// A basic fish of `size` lines (2: X-wing, 3: swordfish, 4: jellyfish): when a digit's
/// places in `size` rows all lie in `size` columns, the rest of those columns lose it (and
/// with rows and columns swapped).
#[derive(Clone, Copy, Debug)]
pub struct Fish {
    /// The number of base lines.
    pub size: usize,
}

impl Find for Fish {
    fn technique(&self) -> Technique {
        match self.size {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        }
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let size = layout.shape.size();
        let [rows, columns] = board.lines();
        for (base, cover) in [(rows, columns), (columns, rows)] {
            for digit in layout.shape.digits() {
                // Each base line with 2..=k places of the digit (and none placed), with its
                // places as a bitmask of positions along it.
                let lines: Vec<(usize, u64)> = (0..size)
                    .filter_map(|line| {
                        let cells = layout.house(base[line]);
                        let mut mask = 0u64;
                        for (pos, &c) in cells.iter().enumerate() {
                            let c = c as usize;
                            if board.set(c).contains(digit) {
                                if board.placed(c) {
                                    return None;
                                }
                                mask |= 1 << pos;
                            }
                        }
                        (2..=self.size)
                            .contains(&(mask.count_ones() as usize))
                            .then_some((line, mask))
                    })
                    .collect();
                let found = first_subset(&lines, self.size, |subset| {
                    let mask = subset.iter().fold(0u64, |acc, &(_, m)| acc | m);
                    if mask.count_ones() as usize != self.size {
                        return None;
                    }
                    let mut step = Step::new(self.technique());
                    let covers: Vec<usize> = (0..size).filter(|&p| mask & (1 << p) != 0).collect();
                    for &p in &covers {
                        for (line, &c) in layout.house(cover[p]).iter().enumerate() {
                            let c = c as usize;
                            if board.set(c).contains(digit)
                                && !subset.iter().any(|&(l, _)| l == line)
                            {
                                step.eliminations.push(CellDigit {
                                    cell: board.cell(c),
                                    digit,
                                });
                            }
                        }
                    }
                    if step.eliminations.is_empty() {
                        return None;
                    }
                    let base_houses: Vec<_> =
                        subset.iter().map(|&(l, _)| layout.kind(base[l])).collect();
                    let cover_houses: Vec<_> =
                        covers.iter().map(|&p| layout.kind(cover[p])).collect();
                    for &(l, _) in subset {
                        for &c in layout.house(base[l]) {
                            if board.set(c as usize).contains(digit) {
                                step.cells.push(board.cell(c as usize));
                            }
                        }
                    }
                    step.houses = base_houses.iter().chain(&cover_houses).copied().collect();
                    step.sentence = Sentence::default()
                        .text("in ")
                        .houses(&base_houses)
                        .text(", ")
                        .digit(digit)
                        .text(" lies only in ")
                        .houses(&cover_houses)
                        .text(", so the rest of those lose it");
                    Some(step)
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}
