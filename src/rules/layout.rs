//! Houses and peers as flat arrays of cell indices, precomputed for the solvers and encoders.

use std::sync::{Arc, OnceLock};

use super::{Puzzle, Rules, WeakLinks};
use crate::constraint::CellValues;
use crate::grid::{Grid, House, Shape};

/// The houses of one set of rules, and each cell's peers (the cells it must differ from:
/// sharing a house, or by another relation such as anti-knight), by reading-order index,
/// stored flat so that the search loops walk contiguous memory.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The shape.
    pub shape: Shape,
    /// The rules.
    pub rules: Arc<Rules>,
    /// The houses, in the order of their indices.
    kinds: Vec<House>,
    /// Pairs of cells that must differ without sharing a house, by cell index.
    apart: Vec<(u32, u32)>,
    /// The cells of house `h` are `house_cells[house_start[h] .. house_start[h+1]]`: N
    /// each, or M for an extra region of one cell per digit on a grid of M digits.
    house_cells: Vec<u32>,
    house_start: Vec<u32>,
    /// The peers of cell `i` (the other cells sharing a house with it, each once) are
    /// `peer_cells[peer_start[i] .. peer_start[i+1]]`.
    peer_cells: Vec<u32>,
    peer_start: Vec<u32>,
    /// The houses of cell `i` are `cell_houses[cell_house_start[i] .. cell_house_start[i+1]]`.
    cell_houses: Vec<u32>,
    cell_house_start: Vec<u32>,
    /// Every box and other house that share two cells or more: the shared cells, the rest
    /// of the box and the rest of the other house.
    intersections: Vec<Intersection>,
    intersection_cells: Vec<u32>,
    /// The intersections of house `h` are `house_intersections[start[h] .. start[h+1]]`.
    house_intersections: Vec<u32>,
    house_intersection_start: Vec<u32>,
    /// The variant constraints on cell `i` are
    /// `cell_constraints[cell_constraint_start[i] .. cell_constraint_start[i+1]]`.
    cell_constraints: Vec<u32>,
    cell_constraint_start: Vec<u32>,
    /// The constraints' scopes and weak links, worked out when logic first asks.
    weak_links: OnceLock<WeakLinks>,
}

/// Two houses sharing two cells or more: a digit of the shared cells that the rest of one
/// house lacks must be in the shared cells, so the rest of the other house loses it
/// (locked candidates). Ranges index into the layout's intersection cells.
#[derive(Clone, Debug)]
struct Intersection {
    /// The two houses, first before second in the layout's order.
    houses: (u32, u32),
    shared: std::ops::Range<u32>,
    rest_of_first: std::ops::Range<u32>,
    rest_of_second: std::ops::Range<u32>,
}

impl Layout {
    /// The layout of `rules`.
    pub fn new(rules: &Arc<Rules>) -> Layout {
        let shape = rules.shape();
        let kinds = rules.houses();
        let (house_cells, house_start) = flatten(
            kinds
                .iter()
                .map(|&house| {
                    (rules.cells(house).into_iter())
                        .map(|cell| shape.index(cell) as u32)
                        .collect()
                })
                .collect(),
        );
        let houses: Vec<&[u32]> = (house_start.windows(2))
            .map(|w| &house_cells[w[0] as usize..w[1] as usize])
            .collect();
        let mut peers = vec![Vec::new(); shape.cell_count()];
        for &house in &houses {
            for &a in house {
                for &b in house {
                    if a != b && !peers[a as usize].contains(&b) {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        let mut apart = Vec::new();
        for (first, second, _) in rules.differences() {
            let (a, b) = (shape.index(first) as u32, shape.index(second) as u32);
            if !peers[a as usize].contains(&b) {
                peers[a as usize].push(b);
                peers[b as usize].push(a);
                apart.push((a, b));
            }
        }
        let (peer_cells, peer_start) = flatten(peers);
        let mut houses_of = vec![Vec::new(); shape.cell_count()];
        for (h, house) in houses.iter().enumerate() {
            for &cell in *house {
                houses_of[cell as usize].push(h as u32);
            }
        }
        let (cell_houses, cell_house_start) = flatten(houses_of);
        let mut intersections = Vec::new();
        let mut intersection_cells = Vec::new();
        let mut pairs = Vec::new();
        for (a, &first) in houses.iter().enumerate() {
            for (b, &second) in houses.iter().enumerate().skip(a + 1) {
                let shared: Vec<u32> = first
                    .iter()
                    .copied()
                    .filter(|c| second.contains(c))
                    .collect();
                if shared.len() < 2 {
                    continue;
                }
                let mut push = |cells: Vec<u32>| {
                    let start = intersection_cells.len() as u32;
                    intersection_cells.extend(cells);
                    start..intersection_cells.len() as u32
                };
                let rest = |house: &[u32]| -> Vec<u32> {
                    house
                        .iter()
                        .copied()
                        .filter(|c| !shared.contains(c))
                        .collect()
                };
                let (rest_of_first, rest_of_second) = (rest(first), rest(second));
                pairs.push((a, b));
                intersections.push(Intersection {
                    houses: (a as u32, b as u32),
                    shared: push(shared.clone()),
                    rest_of_first: push(rest_of_first),
                    rest_of_second: push(rest_of_second),
                });
            }
        }
        let mut of_house = vec![Vec::new(); houses.len()];
        for (i, &(a, b)) in pairs.iter().enumerate() {
            of_house[a].push(i as u32);
            of_house[b].push(i as u32);
        }
        let (house_intersections, house_intersection_start) = flatten(of_house);
        let mut on_cell = vec![Vec::new(); shape.cell_count()];
        for (k, constraint) in rules.constraints().iter().enumerate() {
            for cell in constraint.get().cells(shape) {
                let list: &mut Vec<u32> = &mut on_cell[shape.index(cell)];
                if list.last() != Some(&(k as u32)) {
                    list.push(k as u32);
                }
            }
        }
        let (cell_constraints, cell_constraint_start) = flatten(on_cell);
        Layout {
            shape,
            rules: Arc::clone(rules),
            kinds,
            apart,
            house_cells,
            house_start,
            peer_cells,
            peer_start,
            cell_houses,
            cell_house_start,
            intersections,
            intersection_cells,
            house_intersections,
            house_intersection_start,
            cell_constraints,
            cell_constraint_start,
            weak_links: OnceLock::new(),
        }
    }

    /// Whether the rules have variant constraints (cages, thermometers …), which the
    /// backtrackers check with [`Layout::admits_at`] as they fill cells.
    pub fn has_constraints(&self) -> bool {
        !self.cell_constraints.is_empty()
    }

    /// Whether the rules have variant constraints that logic reasons about: any but given
    /// pencil marks, which every board starts from (a Sukaku puzzle is a classic one for
    /// logic, its uniqueness techniques included: a cell's candidates never leave its marks).
    pub fn has_constraints_for_logic(&self) -> bool {
        self.rules.constraints_beyond_marks().next().is_some()
    }

    /// The groups of cells the variant constraints judge together and the pairs of
    /// candidates they forbid together (worked out on the first call).
    pub fn weak_links(&self) -> &WeakLinks {
        self.weak_links
            .get_or_init(|| WeakLinks::new(&self.rules, |i| self.peers(i)))
    }

    /// Whether variant constraints lie on the cell with index `cell`.
    #[inline]
    pub fn constrained(&self, cell: usize) -> bool {
        self.cell_constraint_start[cell] < self.cell_constraint_start[cell + 1]
    }

    /// Whether the variant constraints on cell `cell` admit the filled cells of `values`
    /// (by cell index, 0 blank; see [`Constraint::admits`](crate::constraint::Constraint::admits)).
    pub fn admits_at(&self, values: &[u8], cell: usize) -> bool {
        let range = self.cell_constraint_start[cell] as usize
            ..self.cell_constraint_start[cell + 1] as usize;
        if range.is_empty() {
            return true;
        }
        let values = CellValues::new(self.shape, values);
        let constraints = self.rules.constraints();
        self.cell_constraints[range]
            .iter()
            .all(|&k| constraints[k as usize].get().admits(&values))
    }

    /// The houses holding the cell with index `cell`, by house index.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u32] {
        &self.cell_houses
            [self.cell_house_start[cell] as usize..self.cell_house_start[cell + 1] as usize]
    }

    /// The cells of house `h`.
    #[inline]
    pub fn house(&self, h: usize) -> &[u32] {
        &self.house_cells[self.house_start[h] as usize..self.house_start[h + 1] as usize]
    }

    /// Intersection `i`: (the shared cells, the rest of the first house, the rest of the
    /// second).
    #[inline]
    pub fn intersection(&self, i: usize) -> (&[u32], &[u32], &[u32]) {
        let cells =
            |r: &std::ops::Range<u32>| &self.intersection_cells[r.start as usize..r.end as usize];
        let i = &self.intersections[i];
        (
            cells(&i.shared),
            cells(&i.rest_of_first),
            cells(&i.rest_of_second),
        )
    }

    /// The two houses of intersection `i`, first and second (a house may hold all of
    /// the other: a row inside a box or region of a cell per digit).
    #[inline]
    pub fn intersection_houses(&self, i: usize) -> (usize, usize) {
        let (first, second) = self.intersections[i].houses;
        (first as usize, second as usize)
    }

    /// The intersections house `h` takes part in.
    #[inline]
    pub fn intersections_of(&self, h: usize) -> &[u32] {
        &self.house_intersections[self.house_intersection_start[h] as usize
            ..self.house_intersection_start[h + 1] as usize]
    }

    /// The number of houses.
    pub fn house_count(&self) -> usize {
        self.house_start.len() - 1
    }

    /// The cells of every house, one slice per house (N cells, or M for an extra region
    /// of one cell per digit).
    pub fn houses(&self) -> impl ExactSizeIterator<Item = &[u32]> + '_ {
        (0..self.house_count()).map(|h| self.house(h))
    }

    /// The peers of the cell with index `cell`.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u32] {
        &self.peer_cells[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// What house `h` is.
    pub fn kind(&self, h: usize) -> House {
        self.kinds[h]
    }

    /// The pairs of cells that must differ without sharing a house (anti-knight,
    /// anti-king), each once.
    pub fn apart(&self) -> &[(u32, u32)] {
        &self.apart
    }

    /// Whether this layout is the one for `puzzle`.
    pub fn fits(&self, puzzle: &Puzzle) -> bool {
        Arc::ptr_eq(&self.rules, puzzle.rules()) || *self.rules == **puzzle.rules()
    }

    /// The puzzle's cells as values 0 (blank) to N, in reading order.
    pub fn values(&self, grid: &Grid) -> Vec<u8> {
        grid.values()
    }

    /// The grid of reading-order values 0 to N.
    pub fn grid(&self, values: &[u8]) -> Grid {
        Grid::from_values(self.shape, values)
    }
}

/// Lists of lists as one flat list and the start of each (with the end of the last).
fn flatten(lists: Vec<Vec<u32>>) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0];
    let mut flat = Vec::new();
    for list in lists {
        flat.extend(list);
        start.push(flat.len() as u32);
    }
    (flat, start)
}

/// The layout for `puzzle`, rebuilt only when the rules change.
pub fn layout_for<'a>(cache: &'a mut Option<Layout>, puzzle: &Puzzle) -> &'a Layout {
    if !cache.as_ref().is_some_and(|layout| layout.fits(puzzle)) {
        *cache = Some(Layout::new(puzzle.rules()));
    }
    cache.as_ref().expect("just filled")
}
