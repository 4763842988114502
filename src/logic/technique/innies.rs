//! Innies and outies: what a house's (or neighbouring lines') sum leaves once the sums of the cages, arrows and other sums inside it, or covering it, are taken off.

use super::constraint::{narrowed, what_is_left};
use super::{Find, Technique, spend};
use crate::constraint::LinearSum;
use crate::grid::{Digit, DigitSet, House};
use crate::logic::{Board, Sentence, Step};
use crate::rules::WeakLinks;

/// The most open cells a sum left over is judged over.
pub(super) const MOST_CELLS: usize = 6;

/// The largest weight a cell left over may have.
const MOST_WEIGHT: i64 = 3;

/// The most fillings one sum's search tries before it gives up on that sum.
const NODES: usize = 20_000;

/// Innies and outies (the "45 rule"): every house holds its digits once, so houses that
/// do not overlap (a single house, two or three neighbouring rows or columns, two boxes or
/// jigsaw regions side by side) add up to a known total. Take away the sums the constraints state (a killer cage's total, an
/// arrow's circle equal to its shaft, a little killer's, an XV pair's, a weighted sum's)
/// for those wholly inside (innies), or for all that reach into the houses (outies): what
/// is left is a sum over a few cells, some counted twice or taken away (an arrow whose
/// shaft lies inside counts its circle twice), equal to a known number. A sum over at most
/// six open cells is then judged as a cage of its own would be (cells that see each other
/// differ, and no two values a constraint forbids together).
#[derive(Clone, Copy, Debug)]
pub struct InniesOuties;

/// A sum by cell index: each open or placed cell with its weight, and the total.
pub(super) struct Summed {
    terms: Vec<(u32, i64)>,
    total: i64,
    /// What states it, for the sentence ("killer cage", "arrow" …), and in the plural.
    kind: &'static str,
    plural: &'static str,
}

impl Find for InniesOuties {
    fn technique(&self) -> Technique {
        Technique::InniesOuties
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        each_leftover(board, &mut |leftover| {
            if leftover.open.len() > MOST_CELLS {
                return None;
            }
            judge(board, leftover)
        })
    }
}

/// Calls `visit` on every sum a region leaves (a house, two or three neighbouring lines, two
/// boxes or jigsaw regions side by side; the sums wholly inside it taken off, then all
/// reaching in) whose open cells weigh at most three times each, until it returns a step.
pub(super) fn each_leftover(
    board: &Board<'_>,
    visit: &mut dyn FnMut(&Leftover<'_>) -> Option<Step>,
) -> Option<Step> {
    let layout = board.layout();
    let shape = layout.shape;
    let sums: Vec<Summed> = (layout.rules.constraints().iter())
        .flat_map(|c| {
            (c.get().linear_sums().into_iter())
                .map(|sum| sum.in_places(shape))
                .map(|LinearSum { terms, total }| Summed {
                    terms: (terms.into_iter())
                        .map(|(cell, w)| (shape.index(cell) as u32, w))
                        .collect(),
                    total,
                    kind: c.kind(),
                    plural: c.kind_plural(),
                })
        })
        .collect();
    if sums.is_empty() {
        return None;
    }
    let n = shape.size();
    let mut regions: Vec<Vec<usize>> = (0..layout.house_count()).map(|h| vec![h]).collect();
    for lines in board.lines() {
        for k in 2..=3.min(n) {
            for start in 0..=n - k {
                let houses = &lines[start..start + k];
                if houses.iter().all(|&h| h != usize::MAX) {
                    regions.push(houses.to_vec());
                }
            }
        }
    }
    // Two boxes (or jigsaw regions) side by side: "boxes 1 and 2 add up to 90".
    let blocks: Vec<usize> = (0..layout.house_count())
        .filter(|&h| matches!(layout.kind(h), House::Box(_) | House::Region(..)))
        .collect();
    let mut block_of = vec![usize::MAX; shape.cell_count()];
    for &h in &blocks {
        for &c in layout.house(h) {
            block_of[c as usize] = h;
        }
    }
    for (k, &a) in blocks.iter().enumerate() {
        for &b in &blocks[k + 1..] {
            let touch = layout.house(a).iter().any(|&c| {
                let cell = board.cell(c as usize);
                [(0, 1), (1, 0), (0, -1), (-1, 0)]
                    .into_iter()
                    .filter_map(|step| shape.step(cell, step))
                    .any(|n| block_of[shape.index(n)] == b)
            });
            if touch {
                regions.push(vec![a, b]);
            }
        }
    }
    let mut weight = vec![0i64; shape.cell_count()];
    let mut inside = vec![false; shape.cell_count()];
    for region in &regions {
        let mark = |inside: &mut [bool], to: bool| {
            for &h in region {
                for &c in layout.house(h) {
                    inside[c as usize] = to;
                }
            }
        };
        mark(&mut inside, true);
        let found = in_region(board, &sums, region, &inside, &mut weight, visit);
        mark(&mut inside, false);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The innies or outies of `region` (house indices; `inside` marks its cells), each given
/// to `visit` until it returns a step; `weight` is all zero before and after.
fn in_region(
    board: &Board<'_>,
    sums: &[Summed],
    region: &[usize],
    inside: &[bool],
    weight: &mut [i64],
    visit: &mut dyn FnMut(&Leftover<'_>) -> Option<Step>,
) -> Option<Step> {
    let layout = board.layout();
    let mut total = 0;
    for &h in region {
        let digits = board.must_hold(h);
        if digits.len() != layout.house(h).len() {
            return None;
        }
        total += digits.iter().map(|d| i64::from(d.get())).sum::<i64>();
    }
    let inside = |c: u32| inside[c as usize];
    let touching: Vec<&Summed> = (sums.iter())
        .filter(|s| s.terms.iter().any(|&(c, _)| inside(c)))
        .collect();
    let within: Vec<&Summed> = (touching.iter().copied())
        .filter(|s| s.terms.iter().all(|&(c, _)| inside(c)))
        .collect();
    let houses: Vec<_> = region.iter().map(|&h| layout.kind(h)).collect();
    for (taken, innies) in [(within, true), (touching, false)] {
        if taken.is_empty() {
            continue;
        }
        // The houses' sum less the sums taken: Σ weight·digit = left.
        for &h in region {
            for &c in layout.house(h) {
                weight[c as usize] += 1;
            }
        }
        let mut left = total;
        for sum in &taken {
            left -= sum.total;
            for &(c, w) in &sum.terms {
                weight[c as usize] -= w;
            }
        }
        let mut terms: Vec<(usize, i64)> = Vec::new();
        let mut cleared = |weight: &mut [i64], c: usize| {
            if weight[c] != 0 {
                terms.push((c, weight[c]));
                weight[c] = 0;
            }
        };
        for &h in region {
            for &c in layout.house(h) {
                cleared(weight, c as usize);
            }
        }
        for sum in &taken {
            for &(c, _) in &sum.terms {
                cleared(weight, c as usize);
            }
        }
        let open: Vec<(usize, i64)> = (terms.iter().copied())
            .filter(|&(c, _)| !board.placed(c))
            .collect();
        // A person weighs a cell once, twice or three times (an arrow's circle
        // inside its house), not as a pill's tens.
        if open.is_empty() || open.iter().any(|&(_, w)| w.abs() > MOST_WEIGHT) {
            continue;
        }
        let leftover = Leftover {
            houses: houses.clone(),
            taken,
            terms,
            left,
            open,
            total,
            innies,
        };
        let found = visit(&leftover);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The step of `leftover` judged as a cage of its own, if that rules something out.
fn judge(board: &Board<'_>, leftover: &Leftover<'_>) -> Option<Step> {
    let (open, left) = leftover.open_sum(board);
    let k = open.len();
    let mut search = Filling {
        board,
        links: board.layout().weak_links(),
        open: open.clone(),
        chosen: vec![None; k],
        held: vec![DigitSet::EMPTY; k],
        nodes: 0,
    };
    search
        .open
        .sort_by_key(|&(c, w)| (std::cmp::Reverse(w.abs()), board.set(c).len()));
    let complete = search.fill(0, left);
    if !spend((search.nodes as u64 + 1) * k as u64) {
        return None;
    }
    complete?;
    let cells: Vec<u32> = search.open.iter().map(|&(c, _)| c as u32).collect();
    let (mut step, kept) = narrowed(board, Technique::InniesOuties, &cells, &search.held)?;
    step.houses = leftover.houses.clone();
    // A tenth more for each house past the first and each open cell past the first: what
    // a person adds up.
    step.weight += (leftover.houses.len() - 1 + k - 1) as u8;
    let text = leftover
        .stated(board, &open, left)
        .text(": every filling has ");
    step.sentence = what_is_left(text, &kept);
    Some(step)
}

/// A sum that houses leave: the houses' total less the sums the constraints state that
/// are taken off (those wholly inside the houses, or all reaching in), Σ weight·digit over
/// `terms` (by cell index) equal to `left`.
pub(super) struct Leftover<'s> {
    /// The houses.
    houses: Vec<House>,
    /// The sums taken off.
    taken: Vec<&'s Summed>,
    terms: Vec<(usize, i64)>,
    left: i64,
    /// The terms of open cells.
    pub(super) open: Vec<(usize, i64)>,
    /// What the houses add up to.
    total: i64,
    /// Whether the sums taken are those wholly inside the houses (or all reaching in).
    innies: bool,
}

impl Leftover<'_> {
    /// The houses of the sum.
    pub(super) fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The open cells' sum, the placed digits taken to the other side: each open cell with
    /// its weight, and what they add up to (not below zero, the first weight positive
    /// where it can be).
    pub(super) fn open_sum(&self, board: &Board<'_>) -> (Vec<(usize, i64)>, i64) {
        let placed: i64 = (self.terms.iter())
            .filter(|&&(c, _)| board.placed(c))
            .map(|&(c, w)| w * board.set(c).only().map_or(0, |d| i64::from(d.get())))
            .sum();
        let mut open = self.open.clone();
        let mut left = self.left - placed;
        if left < 0 || (left == 0 && open.iter().all(|&(_, w)| w < 0)) {
            left = -left;
            for term in &mut open {
                term.1 = -term.1;
            }
        }
        (open, left)
    }

    /// "row 6 adds up to 45; taking off the 3 arrows reaching in (stating 0), r6c2 + … +
    /// r9c8 = 45": how the sum of `open` = `left` (from [`Leftover::open_sum`]) comes about.
    pub(super) fn stated(&self, board: &Board<'_>, open: &[(usize, i64)], left: i64) -> Sentence {
        let taken = &self.taken;
        let mut shown = open.to_vec();
        shown.sort_by_key(|&(c, w)| (w < 0, c));
        let mut kinds: Vec<&str> = taken.iter().map(|s| s.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let things = match (taken.len(), kinds.as_slice()) {
            (1, [kind]) => kind.to_string(),
            (k, [_]) => format!("{k} {}", taken[0].plural),
            (k, _) => format!("{k} sums ({})", kinds.join(", ")),
        };
        let stated: i64 = taken.iter().map(|s| s.total).sum();
        let mut expression = String::new();
        for (k, &(c, w)) in shown.iter().enumerate() {
            let sign = match (k, w < 0) {
                (0, false) => "",
                (0, true) => "−",
                (_, false) => " + ",
                (_, true) => " − ",
            };
            let times = if w.abs() == 1 {
                String::new()
            } else {
                format!("{}×", w.abs())
            };
            expression.push_str(&format!("{sign}{times}{}", board.cell(c)));
        }
        let adds = if self.houses.len() == 1 {
            "adds"
        } else {
            "add"
        };
        let which = if self.innies {
            "wholly inside"
        } else {
            "reaching in"
        };
        let others = if self.terms.len() > self.open.len() {
            " and the placed digits"
        } else {
            ""
        };
        Sentence::default().houses(&self.houses).text(format!(
            " {adds} up to {}; taking off the {things} {which} (stating {stated}){others}, \
             {expression} = {left}",
            self.total
        ))
    }
}

/// The fillings of a sum's open cells.
struct Filling<'b> {
    board: &'b Board<'b>,
    links: &'b WeakLinks,
    /// Each open cell by index with its weight, largest weight first.
    open: Vec<(usize, i64)>,
    chosen: Vec<Option<Digit>>,
    /// The candidates of each open cell some filling holds.
    held: Vec<DigitSet>,
    nodes: usize,
}

impl Filling<'_> {
    /// Fills the open cells from `depth` on so that their weighted digits make `left`,
    /// marking what each filling found holds; `None` when it ran out of work.
    fn fill(&mut self, depth: usize, left: i64) -> Option<()> {
        if depth == self.open.len() {
            if left == 0 {
                for (t, chosen) in self.chosen.iter().enumerate() {
                    self.held[t].insert(chosen.expect("filled"));
                }
            }
            return Some(());
        }
        let (lo, hi) = self.bounds(depth + 1);
        let (cell, w) = self.open[depth];
        for digit in self.board.set(cell).iter() {
            let rest = left - w * i64::from(digit.get());
            if rest < lo || rest > hi || !self.fits(depth, digit) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > NODES {
                return None;
            }
            self.chosen[depth] = Some(digit);
            self.fill(depth + 1, rest)?;
            self.chosen[depth] = None;
        }
        Some(())
    }

    /// The smallest and largest sums the open cells from `from` on can make.
    fn bounds(&self, from: usize) -> (i64, i64) {
        self.open[from..].iter().fold((0, 0), |(lo, hi), &(c, w)| {
            let set = self.board.set(c);
            let (a, b) = match (set.iter().next(), set.iter().last()) {
                (Some(a), Some(b)) => (w * i64::from(a.get()), w * i64::from(b.get())),
                _ => (0, 0),
            };
            (lo + a.min(b), hi + a.max(b))
        })
    }

    /// Whether `digit` in the open cell at `t` agrees with the cells chosen before it.
    fn fits(&self, t: usize, digit: Digit) -> bool {
        let size = self.board.layout().shape.digit_count();
        let cell = self.open[t].0;
        let node = (cell * size + digit.index()) as u32;
        (0..t).all(|u| {
            let other = self.open[u].0;
            let Some(d) = self.chosen[u] else { return true };
            !((d == digit && self.board.sees(cell, other))
                || self.links.forbids(node, (other * size + d.index()) as u32))
        })
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::constraint::{Arrow, VariantConstraint};
    use crate::grid::{Cell, Grid, Shape};
    use crate::rules::{Layout, Rules};

    /// Cells by name: `"r1c1 r2c3"`.
    pub(in crate::logic::technique) fn cells(names: &str) -> Vec<Cell> {
        names.split(' ').map(|n| n.parse().unwrap()).collect()
    }

    /// The layout of a 4×4 grid under `constraint`.
    pub(in crate::logic::technique) fn four_under(
        constraint: impl Into<VariantConstraint>,
    ) -> Layout {
        let four = Shape::from_size(4).unwrap();
        let rules = Rules::standard(four).unwrap();
        Layout::new(&Arc::new(rules.with_constraint(constraint).unwrap()))
    }

    /// Panics, naming `step`, when it rules out a digit that a grid of `solutions` (4×4,
    /// values in reading order) holds there.
    pub(in crate::logic::technique) fn assert_sound(step: &Step, solutions: &[[u8; 16]]) {
        for e in &step.eliminations {
            let at = e.cell.row() * 4 + e.cell.col();
            assert!(
                solutions.iter().all(|g| g[at] != e.digit.get()),
                "{step}: {} <> {} is in a solution",
                e.cell,
                e.digit
            );
        }
    }

    /// Every 4×4 Sudoku grid (288), as values in reading order, filled by brute force.
    pub(in crate::logic::technique) fn all_grids() -> Vec<[u8; 16]> {
        fn fill(grid: &mut [u8; 16], at: usize, out: &mut Vec<[u8; 16]>) {
            if at == 16 {
                out.push(*grid);
                return;
            }
            let (r, c) = (at / 4, at % 4);
            for v in 1..=4 {
                let clash = (0..16).any(|j| {
                    let (s, t) = (j / 4, j % 4);
                    j != at
                        && grid[j] == v
                        && (s == r || t == c || (s / 2 == r / 2 && t / 2 == c / 2))
                });
                if !clash {
                    grid[at] = v;
                    fill(grid, at + 1, out);
                    grid[at] = 0;
                }
            }
        }
        let mut out = Vec::new();
        fill(&mut [0; 16], 0, &mut out);
        out
    }

    #[test]
    fn an_arrow_inside_a_house_counts_its_circle_twice_and_no_solution_is_lost() {
        // Box 1 of a 4×4 adds up to 10 and holds an arrow r1c1 <- r1c2, r2c1: taking the
        // arrow off leaves 2×r1c1 + r2c2 = 10, which only 3+4 and 4+2 fill.
        let four = Shape::from_size(4).unwrap();
        let arrow = Arrow::new(cells("r1c1"), cells("r1c2 r2c1"));
        let layout = four_under(arrow.clone());
        let mut board = Board::new(&layout, &Grid::empty(four), false);
        let arrow = VariantConstraint::from(arrow);
        let solutions: Vec<[u8; 16]> = (all_grids().into_iter())
            .filter(|g| g[0] == g[1] + g[4])
            .collect();
        assert!(!solutions.is_empty());
        let mut steps = 0;
        while let Some(step) = InniesOuties.find(&board) {
            let shown = step.sentence.to_string();
            assert!(shown.contains("arrow"), "{shown}");
            assert_sound(&step, &solutions);
            steps += 1;
            if shown.starts_with("box 1 adds up to 10; taking off the arrow wholly inside") {
                assert!(shown.contains("2×r1c1 + r2c2 = 10"), "{shown}");
                assert!(shown.ends_with("r1c1 in {3,4}, r2c2 in {2,4}"), "{shown}");
            }
            board.apply(&step);
        }
        assert!(steps > 0);
        assert_eq!(
            board.set(0).iter().map(|d| d.get()).collect::<Vec<_>>(),
            [3, 4]
        );
        assert_eq!(arrow.get().linear_sums().len(), 1);
    }
}
