//! The board a technique looks at: candidates over a layout, with what is known of the puzzle.

use super::Step;
use crate::grid::{Candidates, Cell, Digit, DigitSet, Grid, House};
use crate::rules::Layout;

/// Candidates over a layout, which cells have been placed (their digit removed from their
/// peers), and whether the puzzle is known to have one solution. Techniques look at a
/// board ([`Find`](super::Find)); [`Board::apply`] changes it by any step, whatever found it.
#[derive(Clone, Debug)]
pub struct Board<'a> {
    layout: &'a Layout,
    candidates: Candidates,
    placed: Vec<bool>,
    unique: bool,
    /// The house indices of the rows and of the columns, by 0-based number.
    rows: Vec<usize>,
    columns: Vec<usize>,
}

/// Where a board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Every cell is placed.
    Solved,
    /// Cells are still open.
    Open,
    /// A cell has no candidate left, or a digit no place in a house: the grid has no
    /// solution.
    Contradiction,
}

impl<'a> Board<'a> {
    /// The board of `grid` (a puzzle or a partly filled grid) under `layout`: its filled
    /// cells placed, their digits removed from their peers, and the rules' given pencil
    /// marks kept (a Sukaku puzzle starts from its marks, as Sudoku Explainer's does, a
    /// cell marked with one digit no peer may hold placed).
    /// `unique` says whether the puzzle is known to have exactly one solution (some
    /// techniques rely on it).
    pub fn new(layout: &'a Layout, grid: &Grid, unique: bool) -> Board<'a> {
        let mut board = Board::bare(layout, Candidates::of_grid(grid), unique);
        for (cell, digit) in grid.givens() {
            board.place(layout.shape.index(cell), digit);
        }
        if let Some(marks) = layout.rules.pencil_marks() {
            board.keep(&marks);
            // A cell marked with one digit that none of its peers may hold is as good as
            // given (Sudoku Explainer loads it so); one whose digit a peer still has is
            // left to a single.
            for i in 0..layout.shape.cell_count() {
                let Some(digit) = board.set(i).only().filter(|_| !board.placed[i]) else {
                    continue;
                };
                let peers = layout.peers(i);
                if peers
                    .iter()
                    .all(|&p| !board.set(p as usize).contains(digit))
                {
                    board.place(i, digit);
                }
            }
        }
        board
    }

    /// The board with the candidates `sets` (of `layout`'s shape), each cell with one
    /// candidate taken as placed: its digit already gone from its peers, as when every
    /// single has been followed (a forcing chain's board where its singles stop).
    pub(crate) fn with_sets(layout: &'a Layout, sets: &[DigitSet], unique: bool) -> Board<'a> {
        let mut candidates = Candidates::of_grid(&Grid::empty(layout.shape));
        candidates.sets_mut().copy_from_slice(sets);
        let mut board = Board::bare(layout, candidates, unique);
        for (placed, set) in board.placed.iter_mut().zip(sets) {
            *placed = set.is_single();
        }
        board
    }

    /// The board of `candidates`, nothing placed.
    fn bare(layout: &'a Layout, candidates: Candidates, unique: bool) -> Board<'a> {
        let shape = layout.shape;
        let mut rows = vec![usize::MAX; shape.size()];
        let mut columns = vec![usize::MAX; shape.size()];
        for h in 0..layout.house_count() {
            match layout.kind(h) {
                House::Row(r) => rows[r as usize] = h,
                House::Column(c) => columns[c as usize] = h,
                _ => {}
            }
        }
        Board {
            layout,
            candidates,
            placed: vec![false; shape.cell_count()],
            unique,
            rows,
            columns,
        }
    }

    /// Narrows every cell's candidates to `marks` as well (the pencil marks a person has
    /// kept).
    ///
    /// # Panics
    /// If `marks` are of another shape.
    pub fn keep(&mut self, marks: &Candidates) {
        assert_eq!(
            self.candidates.shape(),
            marks.shape(),
            "marks of the board's shape"
        );
        let sets = self.candidates.sets_mut();
        for (set, &mark) in sets.iter_mut().zip(marks.sets()) {
            *set = *set & mark;
        }
    }

    /// The layout.
    pub fn layout(&self) -> &'a Layout {
        self.layout
    }

    /// The candidates.
    pub fn candidates(&self) -> &Candidates {
        &self.candidates
    }

    /// Whether the puzzle is known to have exactly one solution.
    pub fn unique(&self) -> bool {
        self.unique
    }

    /// The candidates of the cell with index `i`.
    #[inline]
    pub fn set(&self, i: usize) -> DigitSet {
        self.candidates.sets()[i]
    }

    /// Whether the cell with index `i` has been placed.
    #[inline]
    pub fn placed(&self, i: usize) -> bool {
        self.placed[i]
    }

    /// The cell with index `i`.
    #[inline]
    pub fn cell(&self, i: usize) -> Cell {
        self.layout
            .shape
            .cell_at(i)
            .expect("a cell index of the board")
    }

    /// Whether the cells with indices `a` and `b` must differ (share a house or a relation
    /// such as anti-knight).
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.layout.peers(a).contains(&(b as u32))
    }

    /// The cells of house `h` that may hold `digit`, by index.
    pub fn places(&self, h: usize, digit: Digit) -> Vec<usize> {
        self.layout
            .house(h)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.set(c).contains(digit))
            .collect()
    }

    /// The house indices of the rows (by 0-based row) and of the columns; `usize::MAX` for
    /// a line the rules lack (never, today: every rule set has rows and columns).
    pub fn lines(&self) -> [&[usize]; 2] {
        [&self.rows, &self.columns]
    }

    /// The cells not placed yet, by index.
    pub fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.placed.len()).filter(|&i| !self.placed[i])
    }

    /// The grid of the placed cells.
    pub fn grid(&self) -> Grid {
        let mut grid = Grid::empty(self.layout.shape);
        for (i, &placed) in self.placed.iter().enumerate() {
            if placed {
                grid.set(self.cell(i), self.set(i).only());
            }
        }
        grid
    }

    /// Whether every house must hold every digit among its candidates: on a grid taking
    /// more digits than a house has cells, once each house's candidates span exactly as
    /// many digits as it has cells (the digits chosen are known), every step of the ladder
    /// holds as on a classic grid.
    pub fn houses_are_full(&self) -> bool {
        self.layout.shape.is_exact()
            || (self.layout.houses()).all(|house| self.held(house).len() == house.len())
    }

    /// The digits house `h` must hold: every digit on a grid taking as many digits as a
    /// house has cells, or in a house of a cell per digit; on one taking more, the digits of
    /// its candidates once they are as many as its cells, and under the same-digits rule
    /// every digit placed anywhere (the houses all hold it). What hidden singles and locked
    /// candidates reason from.
    pub fn must_hold(&self, h: usize) -> DigitSet {
        let shape = self.layout.shape;
        let house = self.layout.house(h);
        if shape.is_exact() || house.len() == shape.digit_count() {
            return DigitSet::all(shape.digit_count());
        }
        let held = self.held(house);
        if held.len() == house.len() {
            return held;
        }
        let globals = self.layout.rules.globals();
        if globals.contains(crate::rules::GlobalRule::Doppelganger) {
            return self.doppelganger_holds(h);
        }
        if !globals.contains(crate::rules::GlobalRule::SameDigits) {
            return DigitSet::EMPTY;
        }
        (0..self.placed.len())
            .filter(|&i| self.placed[i])
            .filter_map(|i| self.set(i).only())
            .collect()
    }

    /// The digits house `h` must hold under the doppelgänger rule: a row, column or region
    /// holds the 0 (the grid's first digit), and every digit another house of its kind has
    /// no place for (one house of a kind misses each digit). Other houses: none.
    fn doppelganger_holds(&self, h: usize) -> DigitSet {
        use crate::grid::House;
        let kind = |house: House| match house {
            House::Row(_) => Some(0),
            House::Column(_) => Some(1),
            House::Box(_) | House::Region(..) => Some(2),
            _ => None,
        };
        let Some(mine) = kind(self.layout.kind(h)) else {
            return DigitSet::EMPTY;
        };
        let all = self.layout.shape.all_digits();
        let mut must = DigitSet::EMPTY;
        must.insert(crate::grid::Digit::from_index(0));
        for g in (0..self.layout.house_count()).filter(|&g| g != h) {
            if kind(self.layout.kind(g)) == Some(mine) {
                must = must | (all & !self.held(self.layout.house(g)));
            }
        }
        must
    }

    /// The digits among the candidates of `house`'s cells.
    fn held(&self, house: &[u32]) -> DigitSet {
        let sets = self.candidates.sets();
        (house.iter()).fold(DigitSet::EMPTY, |a, &c| a | sets[c as usize])
    }

    /// Where the board stands. A full board that breaks a constraint (one whose cells
    /// were filled by steps on other constraints, such as a full rank clue a tie breaks)
    /// is a contradiction, not a solution.
    pub fn standing(&self) -> Standing {
        // A house keeps at least as many digits as it has cells (every digit, when there
        // are no more).
        if self.candidates.sets().iter().any(|s| s.is_empty())
            || (self.layout.houses()).any(|house| self.held(house).len() < house.len())
        {
            Standing::Contradiction
        } else if self.placed.iter().all(|&p| p) {
            match self.broken() {
                None => Standing::Solved,
                Some(_) => Standing::Contradiction,
            }
        } else {
            Standing::Open
        }
    }

    /// On a full board, the index (among the rules' constraints) of the first constraint
    /// the filled grid breaks, if any; `None` while cells are open.
    pub fn broken(&self) -> Option<usize> {
        if !self.placed.iter().all(|&p| p) {
            return None;
        }
        self.layout.rules.broken_constraint(&self.grid().values())
    }

    /// Applies `step`: each placement fills its cell and removes its digit from the cell's
    /// peers; each elimination removes a candidate.
    pub fn apply(&mut self, step: &Step) {
        let shape = self.layout.shape;
        for placement in &step.placements {
            self.place(shape.index(placement.cell), placement.digit);
        }
        for elimination in &step.eliminations {
            self.candidates.sets_mut()[shape.index(elimination.cell)].remove(elimination.digit);
        }
    }

    /// Fills the cell with index `i` with `digit` and removes it from its peers.
    fn place(&mut self, i: usize, digit: Digit) {
        let sets = self.candidates.sets_mut();
        sets[i] = sets[i] & DigitSet::single(digit);
        self.placed[i] = true;
        for &peer in self.layout.peers(i) {
            sets[peer as usize].remove(digit);
        }
    }
}
