//! Innies and outies: the cells of a house (or of neighbouring lines) that its killer cages leave out, or reach beyond it with, add up to what the house sums and the cage sums leave.

use super::constraint::{Search, narrowed, what_is_left};
use super::{Find, Technique, spend};
use crate::constraint::{Cage, CageTotal, Constraint, VariantConstraint};
use crate::logic::{Board, Sentence, Step};
use crate::rules::Scope;

/// The most cells a sum of innies or outies is looked at over.
const MOST_CELLS: usize = 4;

/// Innies and outies (the "45 rule"): every house holds 1 to N once, so N houses that do
/// not overlap add up to N·N(N+1)/2. Take single houses and two or three neighbouring rows
/// or columns: the killer cages inside them leave some cells out (innies), which add up to
/// the houses' sum less the cages'; when cages cover the houses and reach beyond them, the
/// cells beyond (outies) add up to the cages' sum less the houses'. A sum over at most four
/// cells is then judged as a cage of its own would be (cells that see each other differ).
#[derive(Clone, Copy, Debug)]
pub struct InniesOuties;

/// A cage with one sum, by cell index.
struct Summed {
    cells: Vec<u32>,
    sum: i64,
}

impl Find for InniesOuties {
    fn technique(&self) -> Technique {
        Technique::InniesOuties
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        let shape = layout.shape;
        let cages: Vec<Summed> = layout
            .rules
            .constraints()
            .iter()
            .filter_map(|c| match c {
                VariantConstraint::Cage(cage) => cage.sum().map(|sum| Summed {
                    cells: cage
                        .cells(shape)
                        .iter()
                        .map(|&c| shape.index(c) as u32)
                        .collect(),
                    sum: i64::from(sum),
                }),
                _ => None,
            })
            .collect();
        if cages.is_empty() {
            return None;
        }
        let n = shape.size();
        let house_sum = (n * (n + 1) / 2) as i64;
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
        let mut inside = vec![false; shape.cell_count()];
        let mut values = vec![0u8; shape.cell_count()];
        for region in &regions {
            for &h in region {
                for &c in layout.house(h) {
                    inside[c as usize] = true;
                }
            }
            let found = self.in_region(board, &cages, region, &inside, house_sum, &mut values);
            for &h in region {
                for &c in layout.house(h) {
                    inside[c as usize] = false;
                }
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

impl InniesOuties {
    /// A step of the innies or outies of `region` (house indices; `inside` marks its
    /// cells), if one rules something out.
    fn in_region(
        &self,
        board: &Board<'_>,
        cages: &[Summed],
        region: &[usize],
        inside: &[bool],
        house_sum: i64,
        values: &mut Vec<u8>,
    ) -> Option<Step> {
        let layout = board.layout();
        let total = house_sum * region.len() as i64;
        let mut covered = vec![0u8; inside.len()];
        let (mut sum_in, mut sum_all) = (0, 0);
        let mut outies = Vec::new();
        for cage in cages {
            let within = cage.cells.iter().filter(|&&c| inside[c as usize]).count();
            if within == 0 {
                continue;
            }
            sum_all += cage.sum;
            if within == cage.cells.len() {
                sum_in += cage.sum;
            } else {
                outies.extend(cage.cells.iter().copied().filter(|&c| !inside[c as usize]));
            }
            for &c in &cage.cells {
                covered[c as usize] += 1;
            }
        }
        // Cages that overlap do not add up: leave the region alone.
        if covered.iter().any(|&k| k > 1) {
            return None;
        }
        let cells: Vec<u32> = region
            .iter()
            .flat_map(|&h| layout.house(h).iter().copied())
            .collect();
        let innies: Vec<u32> = cells
            .iter()
            .copied()
            .filter(|&c| {
                !cages.iter().any(|cage| {
                    cage.cells.contains(&c) && cage.cells.iter().all(|&d| inside[d as usize])
                })
            })
            .collect();
        let houses: Vec<_> = region.iter().map(|&h| layout.kind(h)).collect();
        let mut tries = Vec::new();
        if (1..=MOST_CELLS).contains(&innies.len()) {
            let text = Sentence::default().houses(&houses).text(format!(
                ": the cages wholly inside add up to {sum_in}, so the rest, "
            ));
            tries.push((
                innies,
                total - sum_in,
                text,
                format!(" ({total} − {sum_in})"),
            ));
        }
        if cells.iter().all(|&c| covered[c as usize] == 1)
            && (1..=MOST_CELLS).contains(&outies.len())
        {
            let text = Sentence::default().houses(&houses).text(format!(
                ": the cages covering it add up to {sum_all}, so what they hold outside, "
            ));
            tries.push((
                outies,
                sum_all - total,
                text,
                format!(" ({sum_all} − {total})"),
            ));
        }
        for (cells, sum, text, why) in tries {
            if sum < 1 || cells.iter().all(|&c| board.placed(c as usize)) {
                continue;
            }
            let cage = Cage::with_total(
                cells.iter().map(|&c| board.cell(c as usize)).collect(),
                CageTotal::Sums(vec![sum as u32]),
                true,
            );
            let scope = Scope {
                constraint: usize::MAX,
                cells,
                part: false,
            };
            let mut search = Search::new(board, layout.weak_links(), &cage, &scope, values);
            let kept = search.kept(&scope);
            if !spend((search.nodes as u64 + 1) * scope.cells.len() as u64) {
                return None;
            }
            let Some((mut step, left)) =
                kept.and_then(|kept| narrowed(board, Technique::InniesOuties, &scope.cells, &kept))
            else {
                continue;
            };
            step.houses = houses.clone();
            let text = text
                .cells(&step.cells)
                .text(format!(", adds up to {sum}{why}: every filling has "));
            step.sentence = what_is_left(text, &left);
            return Some(step);
        }
        None
    }
}
