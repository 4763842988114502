//! Region-sum lines: each stretch of the line inside one region (box or jigsaw piece) adds up to the same total.
//!
//! The rule as f-puzzles' extensions define it (field `regionsumline`, one line per entry of
//! `lines`) and Rangsk's SudokuSolver solves it (`RegionSumLinesConstraint`: the line is cut
//! wherever consecutive cells lie in different regions, and the pieces have equal sums),
//! as does sigh's Interactive Sudoku Solver (`RegionSumLine`: a line that leaves a region
//! and comes back makes a new piece there, with the same total). The regions are the
//! grid's: its boxes, or its jigsaw regions (which replace the boxes; an f-puzzles grid
//! without boxes has its rows as regions). Extra regions, diagonals and windows are not
//! regions here.

use std::fmt;

use super::drawing::Mark;
use super::sum::{equal_sums, equal_sums_admit};
use super::{
    Branches, CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, loop_problem, ring,
};
use crate::grid::{Cell, DigitSet, Shape};

/// A region-sum line: its pieces (runs of consecutive cells in one region) have equal sums.
/// A line with branches is cut the same way, and pieces of the line and its branches that
/// share a cell are one piece (the fork inside one region).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionSumLine {
    cells: Vec<Cell>,
    branches: Branches,
    /// The pieces, settled from the rules' regions (see [`RegionSumLine::settled`]); until
    /// then the whole line is one piece, which says nothing.
    pieces: Vec<Vec<Cell>>,
}

impl RegionSumLine {
    /// Reads a region-sum line record: its cells (f-puzzles: one line each) and its
    /// `branches`, if any.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let paths = record.paths()?;
        let branches = Branches::read(record, paths.len())?;
        Ok((paths.into_iter())
            .map(|cells| RegionSumLine::branched(cells, branches.clone()).into())
            .collect())
    }

    /// The record that `read` reads back as this line (the rules cut it into pieces when it joins
    /// them): its cells (and branches), under `region-sum-line` in satdoku's TOML and as the
    /// one line of an f-puzzles `regionsumline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::path(format, "region-sum-line", "regionsumline", &self.cells);
        Ok(vec![self.branches.write(record, format, self)?])
    }

    /// A region-sum line along `cells` (the rules cut it into pieces by their regions when
    /// it joins them).
    pub fn new(cells: Vec<Cell>) -> RegionSumLine {
        RegionSumLine::branched(cells, Branches::default())
    }

    /// A region-sum line along `cells` with `branches`.
    pub fn branched(cells: Vec<Cell>, branches: Branches) -> RegionSumLine {
        RegionSumLine {
            pieces: vec![branches.cells(&cells).into_owned()],
            cells,
            branches,
        }
    }

    /// The same line cut into pieces by the regions, `region` naming each cell's region
    /// (see [`cut_by_regions`]); with branches, each branch is cut the same way and pieces
    /// that share a cell are joined.
    pub(crate) fn settled(self, region: &dyn Fn(Cell) -> Vec<Cell>) -> RegionSumLine {
        let mut pieces: Vec<Vec<Cell>> = Vec::new();
        let paths = std::iter::once(&self.cells).chain(self.branches.paths());
        for piece in paths.flat_map(|path| cut_by_regions(path, region)) {
            let (mut joined, apart): (Vec<Vec<Cell>>, Vec<Vec<Cell>>) = pieces
                .into_iter()
                .partition(|p| p.iter().any(|c| piece.contains(c)));
            joined.push(piece);
            let mut one: Vec<Cell> = Vec::new();
            for cell in joined.into_iter().flatten() {
                if !one.contains(&cell) {
                    one.push(cell);
                }
            }
            pieces = apart;
            pieces.push(one);
        }
        RegionSumLine { pieces, ..self }
    }
}

/// The pieces of the line through `cells`: cut where consecutive cells lie in different
/// regions, `region` naming each cell's region (a line that leaves a region and comes back
/// makes a new piece there). A loop (see [`ring`]) is cut the same way all round: it is read
/// from a cell where its region changes, so that the piece through its first cell is one
/// piece.
pub(crate) fn cut_by_regions(cells: &[Cell], region: &dyn Fn(Cell) -> Vec<Cell>) -> Vec<Vec<Cell>> {
    let (ring, closed) = ring(cells);
    let k = ring.len();
    let start = if closed {
        (0..k)
            .find(|&i| !region(ring[(i + k - 1) % k]).contains(&ring[i]))
            .unwrap_or(0)
    } else {
        0
    };
    let order: Vec<Cell> = (0..k).map(|i| ring[(start + i) % k]).collect();
    let mut pieces: Vec<Vec<Cell>> = Vec::new();
    for (i, &cell) in order.iter().enumerate() {
        match pieces.last_mut() {
            Some(piece) if region(order[i - 1]).contains(&cell) => piece.push(cell),
            _ => pieces.push(vec![cell]),
        }
    }
    pieces
}

impl fmt::Display for RegionSumLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "region-sum line {}{}",
            cell_list(&self.cells),
            self.branches
        )
    }
}

impl Constraint for RegionSumLine {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.branches.cells(&self.cells).into_owned()
    }

    fn oddity(&self) -> Option<String> {
        self.branches.oddity(&self.cells)
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        loop_problem("region-sum line", &self.cells)
            .or_else(|| self.branches.problem(ring(&self.cells).0))
    }

    /// Each group of equal sums less the next is 0.
    fn linear_sums(&self) -> Vec<super::LinearSum> {
        super::LinearSum::equal(&self.pieces)
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        equal_sums(cnf, &self.pieces);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        equal_sums_admit(values, &self.pieces)
    }

    /// On a line longer than `SEARCHED` cells (where trying every filling of the whole
    /// line gives up), piece by piece: the sums each piece can make from its cells'
    /// candidates (its digits differ: it lies in one region), the sums every piece can
    /// make, and each cell's candidates that some filling of its piece to one of those
    /// sums holds. A piece of more fillings than `PIECE_NODES` is judged by its digits'
    /// least and greatest sums instead.
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], shape: Shape) -> Option<Vec<DigitSet>> {
        if scope.len() <= SEARCHED || self.pieces.len() < 2 {
            return None;
        }
        // Sums are of numbers: each a place less its excess.
        let shift = shape.place_excess() as u32;
        let set_of = |cell: &Cell| scope.iter().position(|c| c == cell).map(|i| sets[i]);
        let pieces: Vec<Vec<DigitSet>> = (self.pieces.iter())
            .map(|piece| piece.iter().map(set_of).collect::<Option<Vec<_>>>())
            .collect::<Option<_>>()?;
        let sums: Vec<PieceSums> = pieces
            .iter()
            .map(|sets| PieceSums::of(sets, shift))
            .collect();
        let common = |total: u32| sums.iter().all(|p| p.makes(total));
        let mut kept = vec![DigitSet::EMPTY; scope.len()];
        for (piece, sums) in self.pieces.iter().zip(&sums) {
            for (k, cell) in piece.iter().enumerate() {
                let i = scope.iter().position(|c| c == cell)?;
                kept[i] = kept[i] | sums.kept(k, &common);
            }
        }
        Some(kept)
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        self.branches.marks(&self.cells, "#39b4e6", 0.22)
    }
}

/// The longest line whose fillings logic tries all of (the generic search, exact); a
/// longer one is narrowed piece by piece ([`RegionSumLine`]'s `narrow`).
const SEARCHED: usize = 8;

/// The most fillings of one piece tried before it is judged by its digits' bounds.
const PIECE_NODES: usize = 20_000;

/// What one piece of a line can add up to, from its cells' candidates (its digits differ).
enum PieceSums {
    /// Every filling tried: by total, the digits each cell holds in some filling of it.
    Exact(std::collections::BTreeMap<u32, Vec<DigitSet>>),
    /// Too many fillings: each cell's candidates, judged by the least and greatest totals
    /// the other cells' candidates allow (each digit its place less the shift).
    Bounds(Vec<DigitSet>, u32),
}

impl PieceSums {
    /// The sums of the piece whose cells have candidates `sets`, each digit counting its
    /// place less `shift` (its number).
    fn of(sets: &[DigitSet], shift: u32) -> PieceSums {
        let mut by_total = std::collections::BTreeMap::new();
        let mut digits = Vec::with_capacity(sets.len());
        let mut nodes = 0;
        if fill(
            sets,
            &mut digits,
            DigitSet::EMPTY,
            &mut nodes,
            &mut by_total,
        ) {
            let by_total = by_total
                .into_iter()
                .map(|(total, cells)| (total - shift * sets.len() as u32, cells))
                .collect();
            PieceSums::Exact(by_total)
        } else {
            PieceSums::Bounds(sets.to_vec(), shift)
        }
    }

    /// The least and greatest totals of the cells other than `k`, each digit its place
    /// less `shift`.
    fn others(sets: &[DigitSet], k: usize, shift: u32) -> (u32, u32) {
        (sets.iter().enumerate())
            .filter(|&(i, _)| i != k)
            .fold((0, 0), |(lo, hi), (_, set)| {
                let min = set.iter().next().map_or(0, |d| u32::from(d.get()) - shift);
                let max = set.iter().last().map_or(0, |d| u32::from(d.get()) - shift);
                (lo + min, hi + max)
            })
    }

    /// Whether some filling may add up to `total`.
    fn makes(&self, total: u32) -> bool {
        match self {
            PieceSums::Exact(by_total) => by_total.contains_key(&total),
            PieceSums::Bounds(sets, shift) => {
                let (lo, hi) = PieceSums::others(sets, usize::MAX, *shift);
                (lo..=hi).contains(&total)
            }
        }
    }

    /// The candidates of cell `k` some filling to a total `common` accepts holds.
    fn kept(&self, k: usize, common: &dyn Fn(u32) -> bool) -> DigitSet {
        match self {
            PieceSums::Exact(by_total) => (by_total.iter())
                .filter(|&(&total, _)| common(total))
                .fold(DigitSet::EMPTY, |kept, (_, cells)| kept | cells[k]),
            PieceSums::Bounds(sets, shift) => {
                let (lo, hi) = PieceSums::others(sets, k, *shift);
                (sets[k].iter())
                    .filter(|d| {
                        let v = u32::from(d.get()) - shift;
                        (v + lo..=v + hi).any(common)
                    })
                    .collect()
            }
        }
    }
}

/// Fills the piece's cells from `digits.len()` on with different digits from `sets`, noting
/// each complete filling under its total; false when it tried more than [`PIECE_NODES`].
fn fill(
    sets: &[DigitSet],
    digits: &mut Vec<crate::grid::Digit>,
    used: DigitSet,
    nodes: &mut usize,
    by_total: &mut std::collections::BTreeMap<u32, Vec<DigitSet>>,
) -> bool {
    let k = digits.len();
    if k == sets.len() {
        let total = digits.iter().map(|d| u32::from(d.get())).sum();
        let cells = by_total
            .entry(total)
            .or_insert_with(|| vec![DigitSet::EMPTY; sets.len()]);
        for (cell, &d) in cells.iter_mut().zip(digits.iter()) {
            cell.insert(d);
        }
        return true;
    }
    for digit in (sets[k] & !used).iter() {
        *nodes += 1;
        if *nodes > PIECE_NODES {
            return false;
        }
        digits.push(digit);
        let done = fill(
            sets,
            digits,
            used | DigitSet::single(digit),
            nodes,
            by_total,
        );
        digits.pop();
        if !done {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Digit;

    /// The candidates some filling of the whole line holds (each piece's digits different,
    /// every piece the same total of numbers, each a place less `shift`), by brute force
    /// over the candidates.
    fn held_by_brute_force(
        line: &RegionSumLine,
        scope: &[Cell],
        sets: &[DigitSet],
        shift: u32,
    ) -> Vec<DigitSet> {
        let mut held = vec![DigitSet::EMPTY; scope.len()];
        let mut digits = vec![0u8; scope.len()];
        fn walk(
            k: usize,
            line: &RegionSumLine,
            scope: &[Cell],
            sets: &[DigitSet],
            digits: &mut Vec<u8>,
            held: &mut Vec<DigitSet>,
            shift: u32,
        ) {
            if k == scope.len() {
                let at = |c: &Cell| digits[scope.iter().position(|s| s == c).unwrap()];
                let totals: Vec<u32> = (line.pieces.iter())
                    .map(|p| p.iter().map(|c| u32::from(at(c)) - shift).sum())
                    .collect();
                let distinct = line.pieces.iter().all(|p| {
                    let mut d: Vec<u8> = p.iter().map(at).collect();
                    d.sort_unstable();
                    d.windows(2).all(|w| w[0] != w[1])
                });
                if distinct && totals.windows(2).all(|w| w[0] == w[1]) {
                    for (h, &d) in held.iter_mut().zip(digits.iter()) {
                        h.insert(Digit::new(d).unwrap());
                    }
                }
                return;
            }
            for d in sets[k].iter() {
                digits[k] = d.get();
                walk(k + 1, line, scope, sets, digits, held, shift);
            }
        }
        walk(0, line, scope, sets, &mut digits, &mut held, shift);
        held
    }

    #[test]
    fn a_long_line_is_narrowed_piece_by_piece_to_what_some_filling_holds() {
        let cell = |r, c| Cell::at(r, c).unwrap();
        // Nine cells: eight along row 1 of regions 3 wide and 2 high (pieces of 3, 3 and 2
        // cells) and a ninth back in the first region.
        let cells: Vec<Cell> = (0..8).map(|c| cell(0, c)).chain([cell(1, 0)]).collect();
        let line = RegionSumLine::new(cells.clone()).settled(&|c: Cell| {
            let first = c.col() / 3 * 3;
            (0..2)
                .flat_map(|r| (first..first + 3).map(move |col| cell(r, col)))
                .collect()
        });
        assert_eq!(line.pieces.len(), 4, "{:?}", line.pieces);
        let scope = line.cells(Shape::NINE);
        // Pseudo-random candidates of 1–6, as a board in the middle of a path has them.
        let mut seed = 12345u64;
        for _ in 0..25 {
            let sets: Vec<DigitSet> = (0..scope.len())
                .map(|_| {
                    (1..=6u8)
                        .filter(|_| {
                            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                            seed >> 62 != 0
                        })
                        .filter_map(Digit::new)
                        .collect()
                })
                .collect();
            let kept = line.narrow(&scope, &sets, Shape::NINE);
            let kept = kept.expect("a line of nine cells");
            assert_eq!(
                kept,
                held_by_brute_force(&line, &scope, &sets, 0),
                "{sets:?}"
            );
            // On digits from 0 the pieces' sums are of numbers, a place less 1 each: pieces
            // of different lengths keep other digits.
            let kept = line.narrow(&scope, &sets, Shape::NINE.from_zero());
            let kept = kept.expect("a line of nine cells");
            assert_eq!(
                kept,
                held_by_brute_force(&line, &scope, &sets, 1),
                "{sets:?}"
            );
        }
        // A piece of too many fillings (nine cells of 1–9) is judged by its bounds.
        let whole = PieceSums::of(&[DigitSet::all(9); 9], 0);
        assert!(matches!(whole, PieceSums::Bounds(..)));
        assert!(whole.makes(45) && !whole.makes(8));
        assert_eq!(whole.kept(0, &|t| t == 45), DigitSet::all(9));
        // (Bounds do not see that the digits differ: a total of 9 keeps the 1.)
        assert_eq!(
            whole.kept(0, &|t| t == 9),
            DigitSet::single(Digit::new(1).unwrap())
        );
        assert_eq!(whole.kept(0, &|t| t == 7), DigitSet::EMPTY);
        // A line of eight cells or fewer is left to the search of every filling.
        let short = RegionSumLine::new(cells[..8].to_vec()).settled(&|c: Cell| vec![c]);
        let all = [DigitSet::all(9); 8];
        assert!(short.narrow(&cells[..8], &all, Shape::NINE).is_none());
    }

    #[test]
    fn a_loop_is_cut_all_round() {
        let cell = |r, c| Cell::at(r, c).unwrap();
        // A 2×2 square of cells round and back to r1c1; columns 0 and 1 in two regions.
        let square = vec![cell(0, 0), cell(0, 1), cell(1, 1), cell(1, 0), cell(0, 0)];
        let line = RegionSumLine::new(square)
            .settled(&|c: Cell| (0..2).map(|r| cell(r, c.col())).collect());
        assert_eq!(
            line.pieces,
            [vec![cell(0, 1), cell(1, 1)], vec![cell(1, 0), cell(0, 0)]]
        );
    }

    #[test]
    fn a_line_is_cut_where_its_region_changes_and_again_where_it_comes_back() {
        let cell = |r, c| Cell::at(r, c).unwrap();
        let line = RegionSumLine::new(vec![cell(0, 0), cell(0, 1), cell(0, 2), cell(0, 3)]);
        // Columns 0–1 and 3 in region 0, column 2 in region 1.
        let line = line.settled(&|c: Cell| {
            let cols: &[usize] = if c.col() == 2 { &[2] } else { &[0, 1, 3] };
            cols.iter().map(|&col| cell(0, col)).collect()
        });
        assert_eq!(
            line.pieces,
            [
                vec![cell(0, 0), cell(0, 1)],
                vec![cell(0, 2)],
                vec![cell(0, 3)]
            ]
        );
    }
}
