//! Claiming by constraint: a house that holds a digit only among a constraint's cells makes the constraint's fillings place it there, and the candidates no such filling holds go.

use super::constraint::{Search, narrowed, what_is_left};
use super::{Find, Technique, spend};
use crate::grid::{Digit, House};
use crate::logic::{Board, Sentence, Step};
use crate::rules::Scope;

/// Claiming by constraint: where a house must hold a digit and its places for it all lie
/// among the cells of one constraint (an arrow's shaft, a thermometer, a cage), a filling of
/// the constraint must place the digit in one of them; the constraint's fillings that do
/// keep some candidates of its cells, and the rest go (a thermometer that must hold row 3's
/// 9 ends in it). Cages whose digits differ have it first, as cage claiming.
#[derive(Clone, Copy, Debug)]
pub struct ConstraintClaiming;

impl Find for ConstraintClaiming {
    fn technique(&self) -> Technique {
        Technique::ConstraintClaiming
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        if !layout.has_constraints_for_logic() {
            return None;
        }
        let links = layout.weak_links();
        let mut values = vec![0u8; layout.shape.cell_count()];
        for scope in links.scopes() {
            if scope.part || scope.cells.iter().all(|&c| board.placed(c as usize)) {
                continue;
            }
            let required = required(board, scope);
            if required.is_empty() {
                continue;
            }
            let constraint = &layout.rules.constraints()[scope.constraint];
            let digits = required
                .iter()
                .map(|(cells, d, _)| (cells.clone(), *d))
                .collect();
            let mut search =
                Search::new(board, links, constraint.get(), scope, &mut values).requiring(digits);
            let kept = search.kept(scope);
            if !spend((search.nodes as u64 + 1) * scope.cells.len() as u64) {
                return None;
            }
            let Some((mut step, left)) = kept.and_then(|kept| {
                narrowed(board, Technique::ConstraintClaiming, &scope.cells, &kept)
            }) else {
                continue;
            };
            step.houses = required.iter().map(|&(_, _, h)| h).collect();
            let mut sentence = Sentence::default().text(constraint).text(" must hold ");
            for (k, (cells, digit, house)) in required.iter().enumerate() {
                if k > 0 {
                    sentence = sentence.text(" and ");
                }
                let cells: Vec<_> = cells.iter().map(|&c| board.cell(c)).collect();
                sentence = sentence
                    .text(format!("{house}'s "))
                    .digit(*digit)
                    .text(" (only in ")
                    .cells(&cells)
                    .text(")");
            }
            step.sentence = what_is_left(
                sentence.text(": every filling it allows that does has "),
                &left,
            );
            return Some(step);
        }
        None
    }
}

/// The digits houses meeting the scope must hold and may hold only among its open cells (in
/// two or more of them: one is a hidden single), each with those cells and its house.
fn required(board: &Board<'_>, scope: &Scope) -> Vec<(Vec<usize>, Digit, House)> {
    let layout = board.layout();
    let mut houses: Vec<usize> = (scope.cells.iter())
        .flat_map(|&c| layout.houses_of(c as usize).iter().map(|&h| h as usize))
        .collect();
    houses.sort_unstable();
    houses.dedup();
    let mut required = Vec::new();
    for h in houses {
        for digit in board.must_hold(h).iter() {
            let places = board.places(h, digit);
            if places.len() < 2
                || places.iter().any(|&c| board.placed(c))
                || !places.iter().all(|&c| scope.cells.contains(&(c as u32)))
            {
                continue;
            }
            // The same places of a digit in two houses (a column's and a box's) once.
            if !required.iter().any(|(p, d, _)| *p == places && *d == digit) {
                required.push((places, digit, layout.kind(h)));
            }
        }
    }
    required
}
