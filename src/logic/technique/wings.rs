//! Wings: XY-wing, XYZ-wing and W-wing, over any peers the rules give.

use super::{Find, Technique, chain_length_tenths, seen_by_all};
use crate::grid::{Digit, DigitSet};
use crate::logic::{Board, Sentence, Step};

/// A wing step: eliminations of `digit` from what sees every cell of `seeing`; the pattern
/// is `cells`.
fn wing_step(
    board: &Board<'_>,
    technique: Technique,
    cells: &[usize],
    seeing: &[usize],
    digit: Digit,
    sentence: Sentence,
) -> Option<Step> {
    let eliminations = seen_by_all(board, seeing, digit);
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(technique);
    if technique == Technique::WWing {
        // Sudoku Explainer's forcing chain of six candidates.
        step.weight += chain_length_tenths(6);
    }
    step.eliminations = eliminations;
    step.cells = cells.iter().map(|&c| board.cell(c)).collect();
    step.sentence = sentence
        .text(", so what sees ")
        .cells(&seeing.iter().map(|&c| board.cell(c)).collect::<Vec<_>>())
        .text(" loses ")
        .digit(digit);
    Some(step)
}

/// The open peers of `c` with exactly two candidates.
fn bivalue_peers(board: &Board<'_>, c: usize) -> Vec<usize> {
    board
        .layout()
        .peers(c)
        .iter()
        .map(|&p| p as usize)
        .filter(|&p| !board.placed(p) && board.set(p).len() == 2)
        .collect()
}

/// XY-wing: a pivot with candidates XY sees pincers XZ and YZ; one of them holds Z, so Z
/// leaves every cell seeing both pincers.
#[derive(Clone, Copy, Debug)]
pub struct XyWing;

impl Find for XyWing {
    fn technique(&self) -> Technique {
        Technique::XyWing
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        board.open_cells().find_map(|pivot| {
            let xy = board.set(pivot);
            if xy.len() != 2 {
                return None;
            }
            let pincers: Vec<usize> = bivalue_peers(board, pivot)
                .into_iter()
                .filter(|&p| (board.set(p) & xy).len() == 1)
                .collect();
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    let (sa, sb) = (board.set(a), board.set(b));
                    let z = sa & !xy;
                    if sb & !xy != z || sa & xy == sb & xy {
                        continue;
                    }
                    let Some(z) = z.only() else { continue };
                    let sentence = Sentence::default()
                        .text(format!("pivot {} ", board.cell(pivot)))
                        .digits(xy)
                        .text(format!(" sees {} ", board.cell(a)))
                        .digits(sa)
                        .text(format!(" and {} ", board.cell(b)))
                        .digits(sb)
                        .text(": one of them is ")
                        .digit(z);
                    let step = wing_step(
                        board,
                        Technique::XyWing,
                        &[pivot, a, b],
                        &[a, b],
                        z,
                        sentence,
                    );
                    if step.is_some() {
                        return step;
                    }
                }
            }
            None
        })
    }
}

/// XYZ-wing: a pivot with candidates XYZ sees pincers XZ and YZ; one of the three holds
/// Z, so Z leaves every cell seeing all three.
#[derive(Clone, Copy, Debug)]
pub struct XyzWing;

impl Find for XyzWing {
    fn technique(&self) -> Technique {
        Technique::XyzWing
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        board.open_cells().find_map(|pivot| {
            let xyz = board.set(pivot);
            if xyz.len() != 3 {
                return None;
            }
            let pincers: Vec<usize> = bivalue_peers(board, pivot)
                .into_iter()
                .filter(|&p| board.set(p) & !xyz == DigitSet::EMPTY)
                .collect();
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    let (sa, sb) = (board.set(a), board.set(b));
                    if sa == sb {
                        continue;
                    }
                    let Some(z) = (sa & sb).only() else { continue };
                    let sentence = Sentence::default()
                        .text(format!("pivot {} ", board.cell(pivot)))
                        .digits(xyz)
                        .text(format!(" sees {} ", board.cell(a)))
                        .digits(sa)
                        .text(format!(" and {} ", board.cell(b)))
                        .digits(sb)
                        .text(": one of the three is ")
                        .digit(z);
                    let cells = [pivot, a, b];
                    let step = wing_step(board, Technique::XyzWing, &cells, &cells, z, sentence);
                    if step.is_some() {
                        return step;
                    }
                }
            }
            None
        })
    }
}

/// W-wing: two cells with the same candidates XY that do not see each other, joined by a
/// conjugate pair of X (the only two places of X in a house, one seeing each cell): one
/// of the two cells is Y, so Y leaves every cell seeing both.
#[derive(Clone, Copy, Debug)]
pub struct WWing;

impl Find for WWing {
    fn technique(&self) -> Technique {
        Technique::WWing
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let pairs: Vec<usize> = board
            .open_cells()
            .filter(|&c| board.set(c).len() == 2)
            .collect();
        for (i, &a) in pairs.iter().enumerate() {
            for &b in &pairs[i + 1..] {
                let xy = board.set(a);
                if board.set(b) != xy || board.sees(a, b) {
                    continue;
                }
                for x in xy.iter() {
                    let y = (xy & !DigitSet::single(x)).only()?;
                    if seen_by_all(board, &[a, b], y).is_empty() {
                        continue;
                    }
                    for h in 0..layout.house_count() {
                        let places = board.places(h, x);
                        let [u, v] = places[..] else { continue };
                        if [u, v]
                            .iter()
                            .any(|p| *p == a || *p == b || board.placed(*p))
                        {
                            continue;
                        }
                        let joined = (board.sees(a, u) && board.sees(b, v))
                            || (board.sees(a, v) && board.sees(b, u));
                        if !joined {
                            continue;
                        }
                        let house = layout.kind(h);
                        let sentence = Sentence::default()
                            .text(format!("{} and {} hold ", board.cell(a), board.cell(b)))
                            .digits(xy)
                            .text(format!(
                                ", joined by {} and {}, the only places for ",
                                board.cell(u),
                                board.cell(v)
                            ))
                            .digit(x)
                            .text(format!(" {} {house}: one of them is ", house.preposition()))
                            .digit(y);
                        let mut step = wing_step(
                            board,
                            Technique::WWing,
                            &[a, b, u, v],
                            &[a, b],
                            y,
                            sentence,
                        )?;
                        step.houses.push(house);
                        return Some(step);
                    }
                }
            }
        }
        None
    }
}
