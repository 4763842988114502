//! The board (nine digit bitboards of three bands, the unplaced cells), its propagation to a fixed point, and probing.

use super::band::{BandCells, matched_pairs, single_columns};
use crate::grid::{Candidates, Digit};

/// A 9×9 position, of propagation or of the bitboard search: where each digit may still
/// go, and which cells are placed.
///
/// Invariants kept by every method: a placed cell is a candidate of its digit only, and is
/// the only candidate of that digit in its row, column and box (and diagonal, under the
/// diagonal rule) once propagation has reached its fixed point.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bitboard {
    /// `cands[b][d]`: the cells of band `b` where digit `d` (0-based) may go, placed ones
    /// included. A band's nine digits side by side, so that they are updated together.
    cands: [[BandCells; 9]; 3],
    /// The cells without a digit yet, per band.
    unplaced: [BandCells; 3],
    /// The digit bands changed since they were last propagated: bit `9·b + d`.
    dirty: u32,
}

/// The cells of the main diagonal (top left to bottom right), per band.
const MAIN: [BandCells; 3] = diagonal(false);
/// The cells of the anti-diagonal (top right to bottom left), per band.
const ANTI: [BandCells; 3] = diagonal(true);

/// Every digit band: bit `9·b + d` for band `b` and digit `d`.
const ALL_DIGIT_BANDS: u32 = (1 << 27) - 1;

/// The other two bands of each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// For each bit of a band (the rest unused), the cells of its row and box, and its column.
const HOUSES: [(BandCells, u32); 32] = houses();

const fn houses() -> [(BandCells, u32); 32] {
    let mut houses = [(BandCells::NONE, 0); 32];
    let mut bit = 0;
    while bit < 27 {
        let (row, column) = (bit / 9, bit % 9);
        let house = BandCells::row(row).0 | BandCells::columns(0b111 << (column / 3 * 3)).0;
        houses[bit as usize] = (BandCells(house), column);
        bit += 1;
    }
    houses
}

const fn diagonal(anti: bool) -> [BandCells; 3] {
    let mut masks = [BandCells::NONE; 3];
    let mut r = 0;
    while r < 9 {
        let c = if anti { 8 - r } else { r };
        masks[r / 3].0 |= 1 << ((r % 3) * 9 + c);
        r += 1;
    }
    masks
}

impl Bitboard {
    /// The empty grid: every digit anywhere.
    pub(crate) fn empty() -> Bitboard {
        Bitboard {
            cands: [[BandCells::ALL; 9]; 3],
            unplaced: [BandCells::ALL; 3],
            dirty: ALL_DIGIT_BANDS,
        }
    }

    /// The board of givens, not propagated: `given[b]`, the cells of band `b` with a
    /// given; `of_digit[b][d]`, those with digit `d`. The same board as assigning each
    /// given in turn to the empty board.
    pub(crate) fn from_givens(given: [u32; 3], of_digit: [[u32; 9]; 3]) -> Bitboard {
        let mut board = Bitboard::empty();
        for (b, digits) in of_digit.iter().enumerate() {
            for (d, &own) in digits.iter().enumerate() {
                let own = BandCells(own);
                let mut cells = BandCells::ALL & !(BandCells(given[b]) & !own);
                if !own.is_empty() {
                    for r in 0..3 {
                        let row = BandCells::row(r);
                        let in_row = (own & row).0;
                        if in_row & in_row.wrapping_sub(1) != 0 {
                            // Two (the givens clash): each takes the other's place away.
                            cells &= !row;
                        } else if in_row != 0 {
                            // A given of `d`: the digit's only cell in its row.
                            cells &= !row | own;
                        }
                    }
                }
                board.cands[b][d] = cells;
            }
        }
        board
    }

    /// Keeps only `keep` of digit `d`'s cells in band `b`, marking the digit band to
    /// propagate when that removes one.
    #[inline]
    fn keep(&mut self, d: usize, b: usize, keep: BandCells) {
        let old = self.cands[b][d];
        let new = old & keep;
        self.cands[b][d] = new;
        self.dirty |= u32::from(new != old) << (9 * b + d);
    }

    /// Keeps only each cell's digits in `marks` (9×9 given pencil marks).
    pub(crate) fn keep_marks(&mut self, marks: &Candidates) {
        for (i, set) in marks.sets().iter().enumerate() {
            let (b, bit) = (i / 27, (i % 27) as u32);
            for d in 0..9 {
                if !set.contains(Digit::from_index(d)) {
                    self.keep(d, b, !BandCells::cell(bit));
                }
            }
        }
    }

    /// Whether digit `d` may go at bit `bit` of band `b`.
    #[inline]
    pub(crate) fn allows(&self, d: usize, b: usize, bit: u32) -> bool {
        !(self.cands[b][d] & BandCells::cell(bit)).is_empty()
    }

    /// Puts digit `d` at bit `bit` of band `b` (a candidate there): every other digit
    /// leaves the cell and `d` leaves the rest of the cell's row; propagation does the rest.
    #[inline]
    pub(crate) fn assign(&mut self, d: usize, b: usize, bit: u32) {
        let cell = BandCells::cell(bit);
        for e in 0..9 {
            if e != d {
                self.keep(e, b, !cell);
            }
        }
        self.keep(d, b, !BandCells::row(bit / 9) | cell);
    }

    /// Propagates to a fixed point: locked candidates and row singles band by band (a
    /// column that holds the digit alone in its stack of the band, and the diagonals when
    /// `DIAGONAL` of each digit placed, cleared in the other bands), then naked
    /// singles, hidden singles in columns (and diagonals), until nothing changes. False on
    /// a contradiction.
    pub(crate) fn propagate<const DIAGONAL: bool>(&mut self) -> bool {
        let mut touched = 0u16;
        loop {
            if self.dirty == 0 {
                // The cheaper passes first: the column pass waits for naked singles to
                // run dry (the fixed point is the same in any order).
                let Some(found) = self.naked_singles() else {
                    return false;
                };
                if found {
                    continue;
                }
                if !self.columns(touched) {
                    return false;
                }
                if DIAGONAL && !self.diagonal_singles() {
                    return false;
                }
                touched = 0;
                if self.dirty == 0 {
                    return true;
                }
            }
            // The digit bands dirty now, in order; those they mark wait for the next round.
            let mut round = self.dirty;
            while round != 0 {
                let i = round.trailing_zeros() as usize;
                round &= round - 1;
                let (b, d) = (i / 9, i % 9);
                touched |= 1 << d;
                if !self.update::<DIAGONAL>(d, b) {
                    return false;
                }
            }
        }
    }

    /// Propagates digit `d` in band `b`: locked candidates, then places the digit at the
    /// cells alone in their row, which removes every other digit from them; a column
    /// alone in its stack (as a placed cell's is) and the diagonals of placed cells lose
    /// the digit in the other bands. Marks the digit bands it changes, and clears its own
    /// mark (locking twice changes nothing). Written without branches where it can be:
    /// which way they go is hard to predict.
    #[inline]
    fn update<const DIAGONAL: bool>(&mut self, d: usize, b: usize) -> bool {
        let locked = self.cands[b][d].lock();
        if locked.is_empty() {
            return false;
        }
        // Two row singles in one column would share a box: `lock` has ruled that out.
        let placed = locked.row_singles() & self.unplaced[b];
        let mut changed = 0u32;
        if !placed.is_empty() {
            self.unplaced[b] &= !placed;
            // Every other digit leaves the placed cells (`d` is set again below).
            for (e, cells) in self.cands[b].iter_mut().enumerate() {
                let old = *cells;
                *cells = old & !placed;
                changed |= u32::from(*cells != old) << e;
            }
        }
        self.cands[b][d] = locked;
        self.dirty = (self.dirty | changed << (9 * b)) & !(1 << (9 * b + d));
        // A stack where the digit keeps one column of this band: the other bands lose
        // that column (the placed cells' columns among them).
        let columns = BandCells::columns(single_columns(locked.column_union()));
        for other in OTHER_BANDS[b] {
            let mut gone = columns;
            if DIAGONAL {
                let on = |diagonal: &[BandCells; 3]| {
                    BandCells(u32::from(!(placed & diagonal[b]).is_empty()).wrapping_neg())
                        & diagonal[other]
                };
                gone |= on(&MAIN) | on(&ANTI);
            }
            self.keep(d, other, !gone);
        }
        true
    }

    /// Each digit band's cells, counted up to three per cell: (at least one digit, at
    /// least two, at least three).
    #[inline]
    fn digit_counts(&self, b: usize) -> (BandCells, BandCells, BandCells) {
        let (mut one, mut two, mut three) = (BandCells::NONE, BandCells::NONE, BandCells::NONE);
        for d in 0..9 {
            let cells = self.cands[b][d];
            three |= two & cells;
            two |= one & cells;
            one |= cells;
        }
        (one, two, three)
    }

    /// Places the digit of every unplaced cell with one candidate: whether there was one
    /// (on a board whose digit bands are all propagated, placing it changes the board);
    /// `None` when a cell has no candidate.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for b in 0..3 {
            let (one, two, _) = self.digit_counts(b);
            let unplaced = self.unplaced[b];
            if !(unplaced & !one).is_empty() {
                return None;
            }
            let naked = unplaced & !two;
            if naked.is_empty() {
                continue;
            }
            found = true;
            for d in 0..9 {
                for bit in (self.cands[b][d] & naked).bits() {
                    // Another naked single of `d` in the same row may have taken it.
                    if self.allows(d, b, bit) {
                        self.keep(d, b, !BandCells::row(bit / 9) | BandCells::cell(bit));
                    }
                }
            }
        }
        Some(found)
    }

    /// Per digit of `touched` (bit `d`), locked candidates between columns and boxes (in each stack, the three
    /// columns matched one to one with the three bands), then each digit whose column
    /// holds it in one cell only placed there; false when a column or a box has no place
    /// for a digit.
    fn columns(&mut self, mut touched: u16) -> bool {
        while touched != 0 {
            let d = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let mut unions = [0, 1, 2].map(|b| self.cands[b][d].column_union());
            if unions[0] | unions[1] | unions[2] != 0x1ff {
                return false;
            }
            // In stack `s`, pair (band b, column j) is bit 3·b + j.
            let mut allowed = [0u32; 3];
            for s in 0..3 {
                let present = (unions[0] >> (3 * s)) & 7
                    | ((unions[1] >> (3 * s)) & 7) << 3
                    | ((unions[2] >> (3 * s)) & 7) << 6;
                let kept = matched_pairs(present);
                if kept == 0 {
                    return false;
                }
                for (b, columns) in allowed.iter_mut().enumerate() {
                    *columns |= ((kept >> (3 * b)) & 7) << (3 * s);
                }
            }
            for b in 0..3 {
                if allowed[b] != unions[b] {
                    unions[b] = allowed[b];
                    self.keep(d, b, BandCells::columns(allowed[b]));
                }
            }
            for b in 0..3 {
                let cells = self.cands[b][d];
                let alone = unions[b]
                    & !unions[(b + 1) % 3]
                    & !unions[(b + 2) % 3]
                    & !cells.column_repeats();
                if alone == 0 {
                    continue;
                }
                let found = cells & BandCells::columns(alone) & self.unplaced[b];
                for bit in found.bits() {
                    if self.allows(d, b, bit) {
                        self.keep(d, b, !BandCells::row(bit / 9) | BandCells::cell(bit));
                    }
                }
            }
        }
        true
    }

    /// Places each digit whose diagonal holds it in one cell only; false when a diagonal
    /// has no place for a digit.
    fn diagonal_singles(&mut self) -> bool {
        for d in 0..9 {
            for diagonal in [MAIN, ANTI] {
                let on = [0, 1, 2].map(|b| self.cands[b][d] & diagonal[b]);
                match on.iter().map(|cells| cells.len()).sum::<u32>() {
                    0 => return false,
                    1 => {
                        let b = on
                            .iter()
                            .position(|cells| !cells.is_empty())
                            .expect("one cell");
                        let bit = on[b].first();
                        if !(self.unplaced[b] & on[b]).is_empty() {
                            self.assign(d, b, bit);
                        }
                    }
                    _ => {}
                }
            }
        }
        true
    }

    /// The cell to branch on, as (band, bit): of the unplaced cells with two candidates,
    /// the one whose digits leave the most candidates when placed (counted by
    /// [`peers_with`](Bitboard::peers_with): the branches propagate furthest), the first
    /// such; else the first with the fewest candidates; `None` when every cell is placed.
    pub(crate) fn branch_cell(&self) -> Option<(usize, u32)> {
        let mut best = None;
        let mut most = 0;
        for b in 0..3 {
            let (_, two, three) = self.digit_counts(b);
            for bit in (two & !three & self.unplaced[b]).bits() {
                let mut digits = self.digits_at(b, bit);
                let mut score = 0;
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    score += self.peers_with(d, b, bit);
                }
                if score > most {
                    (best, most) = (Some((b, bit)), score);
                }
            }
        }
        if best.is_some() {
            return best;
        }
        let mut fewest = u32::MAX;
        for b in 0..3 {
            for bit in self.unplaced[b].bits() {
                let n = self.digits_at(b, bit).count_ones();
                if n < fewest {
                    (best, fewest) = (Some((b, bit)), n);
                }
            }
        }
        best
    }

    /// How many cells of the row, box and column of bit `bit` of band `b` (itself
    /// included) may hold digit `d`: the candidates that placing `d` there removes.
    #[inline]
    fn peers_with(&self, d: usize, b: usize, bit: u32) -> u32 {
        let (house, column) = HOUSES[bit as usize];
        let in_column = |cells: BandCells| u64::from(cells.0 >> column) & 0x40201;
        let column_cells =
            in_column(self.cands[0][d]) + in_column(self.cands[1][d]) + in_column(self.cands[2][d]);
        // Bits 0, 9 and 18 summed into bits 18–19 (no carry reaches them from below).
        let in_column = ((column_cells * 0x40201) >> 18) & 0xf;
        (self.cands[b][d] & house).len() + in_column as u32
    }

    /// The digits that may go at bit `bit` of band `b`, as bit `d` for digit `d` (0-based).
    #[inline]
    pub(crate) fn digits_at(&self, b: usize, bit: u32) -> u16 {
        let mut digits = 0;
        for (d, cells) in self.cands[b].iter().enumerate() {
            digits |= (((cells.0 >> bit) & 1) as u16) << d;
        }
        digits
    }

    /// Failed-literal probing after [`propagate`](Bitboard::propagate): each digit of each
    /// unplaced cell with two candidates is tried on a copy; a digit whose propagation
    /// fails leaves the cell (so the other one is placed), and the board is propagated
    /// again, until no probe fails. False on a contradiction. Sound: only digits that
    /// propagation refutes are removed.
    pub(crate) fn probe<const DIAGONAL: bool>(&mut self) -> bool {
        'again: loop {
            for b in 0..3 {
                let (_, two, three) = self.digit_counts(b);
                for bit in (two & !three & self.unplaced[b]).bits() {
                    let mut digits = self.digits_at(b, bit);
                    while digits != 0 {
                        let d = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        let mut trial = *self;
                        trial.assign(d, b, bit);
                        if !trial.propagate::<DIAGONAL>() {
                            self.keep(d, b, !BandCells::cell(bit));
                            if !self.propagate::<DIAGONAL>() {
                                return false;
                            }
                            continue 'again;
                        }
                    }
                }
            }
            return true;
        }
    }

    /// The digit (1–9) of each cell, in reading order, once every cell is placed.
    pub(crate) fn values(&self) -> [u8; 81] {
        let mut values = [0; 81];
        for (b, digits) in self.cands.iter().enumerate() {
            for (d, cells) in digits.iter().enumerate() {
                for bit in cells.bits() {
                    values[27 * b + bit as usize] = d as u8 + 1;
                }
            }
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board of an 81-character puzzle (`.` blank), givens assigned, not propagated.
    fn board(text: &str) -> Bitboard {
        let mut board = Bitboard::empty();
        for (i, ch) in text.chars().enumerate() {
            if let Some(v) = ch.to_digit(10) {
                board.assign(v as usize - 1, i / 27, (i % 27) as u32);
            }
        }
        board
    }

    /// A puzzle that naked and hidden singles solve, and its solution.
    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const EASY_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn text(values: &[u8; 81]) -> String {
        values.iter().map(|v| char::from(b'0' + v)).collect()
    }

    #[test]
    fn givens_at_once_are_givens_in_turn() {
        // Random grids of givens, clashing ones too: the same board either way.
        let mut state = 12345u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200 {
            let (mut given, mut of_digit) = ([0u32; 3], [[0u32; 9]; 3]);
            let mut in_turn = Bitboard::empty();
            for i in 0..81 {
                if next() % 4 == 0 {
                    let (b, bit, d) = (i / 27, (i % 27) as u32, (next() % 9) as usize);
                    given[b] |= 1 << bit;
                    of_digit[b][d] |= 1 << bit;
                    in_turn.assign(d, b, bit);
                }
            }
            let at_once = Bitboard::from_givens(given, of_digit);
            assert_eq!(at_once.cands, in_turn.cands);
            assert_eq!(at_once.unplaced, in_turn.unplaced);
        }
    }

    #[test]
    fn singles_solve_an_easy_puzzle() {
        let mut easy = board(EASY);
        assert!(easy.propagate::<false>());
        assert_eq!(easy.branch_cell(), None);
        assert_eq!(text(&easy.values()), EASY_SOLUTION);
    }

    #[test]
    fn propagation_keeps_the_givens_and_every_solution() {
        // Blank every third cell of the solution: propagation must not lose its digits.
        let sparse: String = EASY_SOLUTION
            .chars()
            .enumerate()
            .map(|(i, c)| if i % 3 == 0 { '.' } else { c })
            .collect();
        let mut sparse = board(&sparse);
        assert!(sparse.propagate::<false>());
        for (i, digit) in EASY_SOLUTION.bytes().enumerate() {
            let d = usize::from(digit - b'1');
            assert!(sparse.allows(d, i / 27, (i % 27) as u32), "cell {i}");
        }
    }

    #[test]
    fn a_digit_with_no_place_is_a_contradiction() {
        // Row 1 holds 2–9 and needs its 1 at r1c9, but r5c9 is a 1.
        let mut text: Vec<char> = "23456789.".chars().chain(['.'; 72]).collect();
        text[4 * 9 + 8] = '1';
        let mut clash = board(&text.iter().collect::<String>());
        assert!(!clash.propagate::<false>());
    }

    #[test]
    fn two_givens_alike_in_a_column_are_a_contradiction() {
        let mut text = ['.'; 81];
        text[0] = '5';
        text[9 * 8] = '5';
        let mut clash = board(&text.iter().collect::<String>());
        assert!(!clash.propagate::<false>());
    }

    #[test]
    fn the_diagonal_rule_removes_a_digit_along_the_diagonal() {
        let mut text = ['.'; 81];
        text[0] = '7'; // r1c1, on the main diagonal
        let text: String = text.iter().collect();
        let mut plain = board(&text);
        assert!(plain.propagate::<false>());
        assert!(plain.allows(6, 2, 26)); // r9c9 may be 7 without the rule
        let mut diagonal = board(&text);
        assert!(diagonal.propagate::<true>());
        assert!(!diagonal.allows(6, 2, 26)); // r9c9
        assert!(!diagonal.allows(6, 1, 13)); // r5c5
        assert!(diagonal.allows(6, 2, 20)); // r9c3: on no diagonal
    }

    #[test]
    fn the_branch_cell_has_the_fewest_candidates() {
        let hard =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let mut hard = board(hard);
        assert!(hard.propagate::<false>());
        let (b, bit) = hard.branch_cell().expect("not solved by propagation");
        let count = |b: usize, bit: u32| hard.digits_at(b, bit).count_ones();
        let fewest = (0..3)
            .flat_map(|b| hard.unplaced[b].bits().map(move |bit| (b, bit)))
            .map(|(b, bit)| count(b, bit))
            .min()
            .unwrap();
        assert!(fewest >= 2);
        assert_eq!(count(b, bit), fewest);
        assert!(!(hard.unplaced[b] & BandCells::cell(bit)).is_empty());
    }

    #[test]
    fn the_branch_cell_reaches_furthest() {
        // The candidates of digit `d` in the row, box and column of a cell, counted from
        // the definition (the cell itself twice, as in its row and in its column).
        let reach = |board: &Bitboard, b: usize, bit: u32| {
            let (r, c) = (3 * b as u32 + bit / 9, bit % 9);
            (0..9)
                .filter(|&d| board.allows(d, b, bit))
                .map(|d| {
                    let seen = (0..81u32).filter(|&i| {
                        let (r2, c2) = (i / 9, i % 9);
                        let row_or_box = r2 == r || (r2 / 3 == r / 3 && c2 / 3 == c / 3);
                        row_or_box && board.allows(d, (i / 27) as usize, i % 27)
                    });
                    let column = (0..9u32).filter(|&r2| {
                        let i = r2 * 9 + c;
                        board.allows(d, (i / 27) as usize, i % 27)
                    });
                    seen.count() + column.count()
                })
                .sum::<usize>()
        };
        // Every board of the search tree of two hard puzzles (up to a bound): boards with
        // many pair cells.
        let mut tried = 0;
        for hard in [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ] {
            let mut stack = vec![board(hard)];
            let mut nodes = 0;
            while let Some(mut board) = stack.pop() {
                nodes += 1;
                if nodes > 300 || !board.propagate::<false>() {
                    continue;
                }
                let Some((b, bit)) = board.branch_cell() else {
                    continue;
                };
                let pairs: Vec<(usize, u32)> = (0..3)
                    .flat_map(|b| board.unplaced[b].bits().map(move |bit| (b, bit)))
                    .filter(|&(b, bit)| board.digits_at(b, bit).count_ones() == 2)
                    .collect();
                if pairs.len() >= 2 {
                    tried += 1;
                    assert!(pairs.contains(&(b, bit)));
                    let most = pairs.iter().map(|&(b, bit)| reach(&board, b, bit)).max();
                    assert_eq!(Some(reach(&board, b, bit)), most);
                }
                let digits = board.digits_at(b, bit);
                for d in (0..9).filter(|d| digits & 1 << d != 0) {
                    let mut next = board;
                    next.assign(d, b, bit);
                    stack.push(next);
                }
            }
        }
        assert!(tried > 0);
    }
}
