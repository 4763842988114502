//! Single-digit patterns: two conjugate pairs joined by a weak link (skyscraper, 2-string kite, turbot fish).

use super::{Find, Technique};
use crate::grid::{CellDigit, Digit, House};
use crate::logic::{Board, Sentence, Step};

/// The conjugate pairs of `digit`: each house with exactly two places for it (open
/// cells), as (house index, first cell, second cell).
pub(crate) fn conjugate_pairs(board: &Board<'_>, digit: Digit) -> Vec<(usize, usize, usize)> {
    (0..board.layout().house_count())
        .filter_map(|h| match board.places(h, digit)[..] {
            [a, b] if !board.placed(a) && !board.placed(b) => Some((h, a, b)),
            _ => None,
        })
        .collect()
}

/// Two conjugate pairs of a digit, A–B in one house and C–D in another, with B seeing C:
/// A or D holds the digit, so every cell seeing both loses it. Named by its houses: a
/// skyscraper (two parallel lines, 4.0), a 2-string kite (a row and a column joined in a
/// box or region, 4.1), else a turbot fish (4.2).
#[derive(Clone, Copy, Debug)]
pub struct TurbotFish;

impl Find for TurbotFish {
    fn technique(&self) -> Technique {
        Technique::Skyscraper
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let mut best: Option<Step> = None;
        for digit in layout.shape.digits() {
            let pairs = conjugate_pairs(board, digit);
            for (i, &(h1, p, q)) in pairs.iter().enumerate() {
                for &(h2, r, s) in &pairs[i + 1..] {
                    for (a, b) in [(p, q), (q, p)] {
                        for (c, d) in [(r, s), (s, r)] {
                            if [c, d].contains(&a) || [c, d].contains(&b) || !board.sees(b, c) {
                                continue;
                            }
                            let eliminations: Vec<CellDigit> = layout
                                .peers(a)
                                .iter()
                                .map(|&e| e as usize)
                                .filter(|&e| {
                                    e != d
                                        && !board.placed(e)
                                        && board.set(e).contains(digit)
                                        && board.sees(e, d)
                                })
                                .map(|e| CellDigit {
                                    cell: board.cell(e),
                                    digit,
                                })
                                .collect();
                            if eliminations.is_empty() {
                                continue;
                            }
                            let (k1, k2) = (layout.kind(h1), layout.kind(h2));
                            let technique = name(board, [k1, k2], b, c);
                            let mut step = Step::new(technique);
                            step.eliminations = eliminations;
                            step.cells = [a, b, c, d].iter().map(|&x| board.cell(x)).collect();
                            step.houses = vec![k1, k2];
                            step.sentence = Sentence::default()
                                .digit(digit)
                                .text(format!(
                                    " {} {k1} only in {} and {}, {} {k2} only in {} and {}; {} sees {}, so {} or {} is ",
                                    k1.preposition(),
                                    step.cells[0],
                                    step.cells[1],
                                    k2.preposition(),
                                    step.cells[2],
                                    step.cells[3],
                                    step.cells[1],
                                    step.cells[2],
                                    step.cells[0],
                                    step.cells[3],
                                ))
                                .digit(digit);
                            if technique == Technique::Skyscraper {
                                return Some(step);
                            }
                            if best.as_ref().is_none_or(|b| step.weight < b.weight) {
                                best = Some(step);
                            }
                        }
                    }
                }
            }
        }
        best
    }
}

/// The name of the pattern by its two houses and the joined ends `b`, `c`.
fn name(board: &Board<'_>, houses: [House; 2], b: usize, c: usize) -> Technique {
    match houses {
        [House::Row(_), House::Row(_)] | [House::Column(_), House::Column(_)] => {
            Technique::Skyscraper
        }
        [House::Row(_), House::Column(_)] | [House::Column(_), House::Row(_)]
            if board.layout().houses_of(b).iter().any(|&h| {
                !board.layout().kind(h as usize).is_line()
                    && board.layout().house(h as usize).contains(&(c as u32))
            }) =>
        {
            Technique::TwoStringKite
        }
        _ => Technique::TurbotFish,
    }
}
