//! Fish: a digit whose places in k rows lie in k columns (or the other way round): X-wing, swordfish, jellyfish, basic or finned.

use super::{Find, Technique, first_subset};
use crate::grid::{CellDigit, Digit, House};
use crate::logic::{Board, Sentence, Step};

/// The most fins a finned fish may have.
const MAX_FINS: usize = 2;

/// A fish of `size` lines (2: X-wing, 3: swordfish, 4: jellyfish): when a digit's places in
/// `size` base rows all lie in `size` cover columns, the rest of those columns lose it (and
/// with rows and columns swapped). A finned fish has fins too (one or two), places of the
/// base outside the cover, all in one box or region: either the fish holds or a fin does,
/// so only cells of the cover that also see every fin lose the digit.
#[derive(Clone, Copy, Debug)]
pub struct Fish {
    /// The number of base lines.
    pub size: usize,
    /// Whether to look for finned fish (only those) instead of basic ones.
    pub finned: bool,
}

/// A base line: its index among the lines and its places as a bitmask of positions.
type Line = (usize, u64);

impl Find for Fish {
    fn technique(&self) -> Technique {
        match (self.size, self.finned) {
            (2, false) => Technique::XWing,
            (3, false) => Technique::Swordfish,
            (_, false) => Technique::Jellyfish,
            (2, true) => Technique::FinnedXWing,
            (3, true) => Technique::FinnedSwordfish,
            (_, true) => Technique::FinnedJellyfish,
        }
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let size = layout.shape.size();
        let [rows, columns] = board.lines();
        if rows.iter().chain(columns).any(|&h| h == usize::MAX) {
            return None;
        }
        let most = if self.finned {
            self.size + MAX_FINS
        } else {
            self.size
        };
        for (base, cover) in [(rows, columns), (columns, rows)] {
            for digit in layout.shape.digits() {
                // Each base line with 2..=most places of the digit (and none placed).
                let lines: Vec<Line> = (0..size)
                    .filter_map(|line| {
                        let mut mask = 0u64;
                        for (pos, &c) in layout.house(base[line]).iter().enumerate() {
                            let c = c as usize;
                            if board.set(c).contains(digit) {
                                if board.placed(c) {
                                    return None;
                                }
                                mask |= 1 << pos;
                            }
                        }
                        (2..=most)
                            .contains(&(mask.count_ones() as usize))
                            .then_some((line, mask))
                    })
                    .collect();
                let found = first_subset(&lines, self.size, |subset| {
                    let union = subset.iter().fold(0u64, |acc, &(_, m)| acc | m);
                    let spread = union.count_ones() as usize;
                    if !self.finned {
                        return (spread == self.size)
                            .then(|| self.step(board, [base, cover], digit, subset, union))
                            .flatten();
                    }
                    if spread <= self.size || spread > self.size + MAX_FINS {
                        return None;
                    }
                    let positions: Vec<u64> = (0..size)
                        .filter(|&p| union & (1 << p) != 0)
                        .map(|p| 1u64 << p)
                        .collect();
                    first_subset(&positions, self.size, |chosen| {
                        let covers = chosen.iter().fold(0, |a, &b| a | b);
                        // Every base line has a place in the cover.
                        if subset.iter().any(|&(_, m)| m & covers == 0) {
                            return None;
                        }
                        self.step(board, [base, cover], digit, subset, covers)
                    })
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}

impl Fish {
    /// The step of the fish of `digit` on the base lines `subset` with the cover lines at
    /// the positions of `covers` (`lines`: the house indices of the base and cover lines by
    /// number), fins being the base places outside the cover; `None` when it eliminates
    /// nothing.
    fn step(
        &self,
        board: &Board<'_>,
        lines: [&[usize]; 2],
        digit: Digit,
        subset: &[Line],
        covers: u64,
    ) -> Option<Step> {
        let layout = board.layout();
        let size = layout.shape.size();
        let [base, cover] = lines;
        let mut found = [0usize; MAX_FINS];
        let mut count = 0;
        for &(l, mask) in subset {
            let mut outside = mask & !covers;
            while outside != 0 {
                if count == MAX_FINS {
                    return None;
                }
                let pos = outside.trailing_zeros() as usize;
                outside &= outside - 1;
                found[count] = layout.house(base[l])[pos] as usize;
                count += 1;
            }
        }
        let fins = &found[..count];
        // The cells that may lose the digit: for a finned fish, only those of a box or
        // region holding every fin (the usual shape, and quick to look at).
        let candidates: &[u32] = match fins.first() {
            None => &[],
            Some(&first) => {
                let &h = layout.houses_of(first).iter().find(|&&h| {
                    let h = h as usize;
                    !layout.kind(h).is_line()
                        && fins.iter().all(|&f| layout.house(h).contains(&(f as u32)))
                })?;
                layout.house(h as usize)
            }
        };
        let base_lines: Vec<usize> = subset.iter().map(|&(l, _)| base[l]).collect();
        let mut eliminations = Vec::new();
        for p in (0..size).filter(|&p| covers & (1 << p) != 0) {
            for &c in layout.house(cover[p]) {
                let c = c as usize;
                if board.set(c).contains(digit)
                    && !base_lines
                        .iter()
                        .any(|&b| layout.house(b).contains(&(c as u32)))
                    && (fins.is_empty()
                        || (candidates.contains(&(c as u32))
                            && fins.iter().all(|&f| board.sees(c, f))))
                {
                    eliminations.push(CellDigit {
                        cell: board.cell(c),
                        digit,
                    });
                }
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        let covered: Vec<usize> = (0..size).filter(|&p| covers & (1 << p) != 0).collect();
        let mut step = Step::new(self.technique());
        if self.finned {
            // Sudoku Explainer finds a finned fish as an X-chain, a tenth longer per line.
            step.weight += self.size as u8 - 1;
        }
        step.eliminations = eliminations;
        let cells: Vec<usize> = subset
            .iter()
            .flat_map(|&(l, mask)| {
                layout
                    .house(base[l])
                    .iter()
                    .enumerate()
                    .filter(move |&(pos, _)| mask & (1 << pos) != 0)
                    .map(|(_, &c)| c as usize)
            })
            .collect();
        let base_houses: Vec<House> = subset.iter().map(|&(l, _)| layout.kind(base[l])).collect();
        let cover_houses: Vec<House> = covered.iter().map(|&p| layout.kind(cover[p])).collect();
        step.cells = cells.iter().map(|&c| board.cell(c)).collect();
        step.houses = base_houses.iter().chain(&cover_houses).copied().collect();
        let mut sentence = Sentence::default()
            .text("in ")
            .houses(&base_houses)
            .text(", ")
            .digit(digit)
            .text(" lies only in ")
            .houses(&cover_houses);
        sentence = if fins.is_empty() {
            sentence.text(", so the rest of those lose it")
        } else {
            let fins: Vec<_> = fins.iter().map(|&f| board.cell(f)).collect();
            sentence
                .text(" or in the fins ")
                .cells(&fins)
                .text(", so what those hold outside the base and sees every fin loses it")
        };
        step.sentence = sentence;
        Some(step)
    }
}
