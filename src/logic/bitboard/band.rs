//! One band of one digit's bitboard: 27 bits for three rows of nine cells, and the tables that reason on it.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// Cells of one band (three rows of a 9×9 grid) as 27 bits: bit `9·r + c` is the cell at
/// row `r` of the band (0–2) and column `c` (0–8). Bits 27–31 are always clear.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct BandCells(pub(super) u32);

impl BandCells {
    /// No cell.
    pub(super) const NONE: BandCells = BandCells(0);
    /// Every cell of the band.
    pub(super) const ALL: BandCells = BandCells((1 << 27) - 1);

    /// The one cell at `bit` (0–26).
    #[inline]
    pub(super) const fn cell(bit: u32) -> BandCells {
        BandCells(1 << bit)
    }

    /// The nine cells of row `r` (0–2) of the band.
    #[inline]
    pub(super) const fn row(r: u32) -> BandCells {
        BandCells(0x1ff << (9 * r))
    }

    /// The cells of the columns in the 9-bit set `columns`, in all three rows.
    #[inline]
    pub(super) const fn columns(columns: u32) -> BandCells {
        BandCells(columns | columns << 9 | columns << 18)
    }

    /// Whether no cell is in the set.
    #[inline]
    pub(super) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest cell's bit, when the set is not empty.
    #[inline]
    pub(super) const fn first(self) -> u32 {
        self.0.trailing_zeros()
    }

    /// The number of cells.
    #[inline]
    pub(super) const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The columns (9 bits) holding at least one of the cells.
    #[inline]
    pub(super) const fn column_union(self) -> u32 {
        (self.0 | self.0 >> 9 | self.0 >> 18) & 0x1ff
    }

    /// The columns (9 bits) holding two or three of the cells.
    #[inline]
    pub(super) const fn column_repeats(self) -> u32 {
        let (a, b, c) = (self.0 & 0x1ff, (self.0 >> 9) & 0x1ff, self.0 >> 18);
        (a & b) | (a & c) | (b & c)
    }

    /// The cells that are alone in their row of the band, when every row has a cell (as
    /// after [`lock`](BandCells::lock)).
    #[inline]
    pub(super) const fn row_singles(self) -> BandCells {
        // Each row's lowest cell cleared, the three rows at once: no row is empty, so no
        // borrow crosses from one row into the next.
        let rest = self.0 & self.0.wrapping_sub(ROW_LOWS);
        // Bit 8 of each row: whether anything is left in it.
        let left = (((rest & ROW_LOW8) + ROW_LOW8) | rest) & ROW_HIGHS;
        BandCells(self.0 & !((left >> 8) * 0x1ff))
    }

    /// Locked candidates within the band, for one digit: the digit fills one mini-row
    /// (three cells of one row and one box) in each row and in each box, at three rows and
    /// three boxes matched one to one. The cells kept are those of the mini-rows that take
    /// part in some such matching; none when no matching exists (a contradiction).
    #[inline]
    pub(super) fn lock(self) -> BandCells {
        let m = self.0;
        // The masks keep every index within its table (no bound checks).
        let minirows = MINIROWS[(m & 0x1ff) as usize] as usize
            | (MINIROWS[((m >> 9) & 0x1ff) as usize] as usize) << 3
            | (MINIROWS[((m >> 18) & 0x1ff) as usize] as usize) << 6;
        BandCells(m & MATCHED_CELLS[minirows & 0x1ff])
    }

    /// The bits of the cells, lowest first.
    #[inline]
    pub(super) fn bits(self) -> impl Iterator<Item = u32> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                bit
            })
        })
    }
}

impl BitAnd for BandCells {
    type Output = BandCells;
    #[inline]
    fn bitand(self, other: BandCells) -> BandCells {
        BandCells(self.0 & other.0)
    }
}

impl BitOr for BandCells {
    type Output = BandCells;
    #[inline]
    fn bitor(self, other: BandCells) -> BandCells {
        BandCells(self.0 | other.0)
    }
}

impl BitAndAssign for BandCells {
    #[inline]
    fn bitand_assign(&mut self, other: BandCells) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for BandCells {
    #[inline]
    fn bitor_assign(&mut self, other: BandCells) {
        self.0 |= other.0;
    }
}

impl Not for BandCells {
    type Output = BandCells;
    #[inline]
    fn not(self) -> BandCells {
        BandCells(!self.0 & BandCells::ALL.0)
    }
}

/// The first cell of each row.
const ROW_LOWS: u32 = 1 | 1 << 9 | 1 << 18;
/// The last cell of each row.
const ROW_HIGHS: u32 = ROW_LOWS << 8;
/// All but the last cell of each row.
const ROW_LOW8: u32 = 0xff * ROW_LOWS;

/// For the nine cells of one row (9 bits), the boxes (3 bits) where the row has any.
static MINIROWS: [u8; 512] = minirows();

/// For the mini-rows present (9 bits, bit `3·r + b` for row `r` and box `b` of the band),
/// the cells (27 bits) of those mini-rows that take part in a matching of the band's three
/// rows to its three boxes using present mini-rows only.
static MATCHED_CELLS: [u32; 512] = matched_cells();

/// For the pairs present of a 3×3 relation (9 bits, bit `3·i + j` for `i` and `j` of 0–2),
/// those (9 bits) that take part in a perfect matching of the `i`s to the `j`s using present
/// pairs only: none when there is no such matching.
static MATCHED: [u16; 512] = matched();

/// The pairs of `present` (bit `3·i + j`) that take part in a perfect matching of three
/// `i`s to three `j`s (see [`MATCHED`]): in a band, rows to boxes; in a stack, bands to
/// columns.
#[inline]
pub(super) fn matched_pairs(present: u32) -> u32 {
    u32::from(MATCHED[present as usize])
}

/// For the columns (9 bits) of one digit in one band, those alone in their stack (3 bits
/// each): in a stack with one column the digit is there, so the other bands lose it.
static SINGLE_COLUMNS: [u16; 512] = single_columns_table();

/// The columns of `columns` (9 bits) that are the only one of their stack.
#[inline]
pub(super) fn single_columns(columns: u32) -> u32 {
    u32::from(SINGLE_COLUMNS[columns as usize])
}

const fn single_columns_table() -> [u16; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut s = 0;
        while s < 3 {
            let stack = (columns >> (3 * s)) & 7;
            if stack == 1 || stack == 2 || stack == 4 {
                table[columns] |= (stack << (3 * s)) as u16;
            }
            s += 1;
        }
        columns += 1;
    }
    table
}

const fn minirows() -> [u8; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut b = 0;
        while b < 3 {
            if row & (7 << (3 * b)) != 0 {
                table[row] |= 1 << b;
            }
            b += 1;
        }
        row += 1;
    }
    table
}

/// The six ways to match three rows to three boxes, each as the box of rows 0, 1, 2.
const MATCHINGS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn matched() -> [u16; 512] {
    let mut table = [0; 512];
    let mut present: u16 = 0;
    while present < 512 {
        let mut i = 0;
        while i < MATCHINGS.len() {
            let used = (1 << MATCHINGS[i][0])
                | (1 << (3 + MATCHINGS[i][1]))
                | (1 << (6 + MATCHINGS[i][2]));
            if present & used == used {
                table[present as usize] |= used;
            }
            i += 1;
        }
        present += 1;
    }
    table
}

const fn matched_cells() -> [u32; 512] {
    let kept_of = matched();
    let mut table = [0; 512];
    let mut present: u32 = 0;
    while present < 512 {
        let kept = kept_of[present as usize] as u32;
        // Mini-row 3·r + b covers cells 9·r + 3·b to 9·r + 3·b + 2, bits 3·(3·r + b) up.
        let mut cells = 0;
        let mut m = 0;
        while m < 9 {
            if kept & (1 << m) != 0 {
                cells |= 7 << (3 * m);
            }
            m += 1;
        }
        table[present as usize] = cells;
        present += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_columns_tile_the_band() {
        let rows = BandCells::row(0) | BandCells::row(1) | BandCells::row(2);
        assert_eq!(rows, BandCells::ALL);
        assert_eq!(BandCells::columns(0x1ff), BandCells::ALL);
        assert_eq!(BandCells::columns(1 << 4).len(), 3);
        assert_eq!((!BandCells::cell(5)).len(), 26);
    }

    #[test]
    fn columns_fold_the_rows() {
        // r0c0, r1c0, r2c3.
        let cells = BandCells::cell(0) | BandCells::cell(9) | BandCells::cell(21);
        assert_eq!(cells.column_union(), 0b1001);
        assert_eq!(cells.column_repeats(), 0b1);
    }

    #[test]
    fn row_singles_are_cells_alone_in_their_row() {
        let cells =
            BandCells::cell(3) | BandCells::cell(10) | BandCells::cell(11) | BandCells::cell(26);
        assert_eq!(
            cells.row_singles(),
            BandCells::cell(3) | BandCells::cell(26)
        );
        assert_eq!(BandCells::ALL.row_singles(), BandCells::NONE);
        for bit in 0..27 {
            let row = BandCells::row(bit / 9);
            let cells = BandCells::cell(bit) | (BandCells::ALL & !row);
            assert_eq!(cells.row_singles(), BandCells::cell(bit));
        }
    }

    #[test]
    fn a_full_band_keeps_every_cell() {
        assert_eq!(BandCells::ALL.lock(), BandCells::ALL);
    }

    #[test]
    fn pointing_and_claiming_remove_candidates() {
        // Row 0 holds the digit only in box 0 (claiming): boxes 0's other rows lose it.
        let cells = BandCells::ALL & !(BandCells::row(0) & !BandCells(0b111));
        let locked = cells.lock();
        assert_eq!(locked & BandCells::row(0), BandCells(0b111));
        assert_eq!(locked & BandCells(0b111 << 9), BandCells::NONE);
        assert_eq!(locked & BandCells(0b111 << 18), BandCells::NONE);
        assert_eq!(locked.len(), 3 + 6 + 6);
    }

    #[test]
    fn no_matching_is_a_contradiction() {
        // Rows 0 and 1 both only in box 0.
        let cells = BandCells(0b111) | BandCells(0b111 << 9) | BandCells::row(2);
        assert_eq!(cells.lock(), BandCells::NONE);
        // A row without the digit.
        assert_eq!(
            (BandCells::row(0) | BandCells::row(1)).lock(),
            BandCells::NONE
        );
    }

    #[test]
    fn matchings_keep_the_pairs_of_some_perfect_matching() {
        assert_eq!(matched_pairs(0x1ff), 0x1ff);
        // The identity and one more pair: only the identity matches.
        assert_eq!(matched_pairs(0b100_010_001 | 0b010), 0b100_010_001);
        // i = 0 and i = 1 both only to j = 0: no matching.
        assert_eq!(matched_pairs(0b111_001_001), 0);
    }

    #[test]
    fn single_columns_are_alone_in_their_stack() {
        // Stack 0: column 1 alone; stack 1: columns 3 and 5; stack 2: column 8 alone.
        assert_eq!(single_columns(0b100_101_010), 0b100_000_010);
        assert_eq!(single_columns(0x1ff), 0);
        assert_eq!(single_columns(0), 0);
        for columns in 0..512u32 {
            for s in 0..3 {
                let stack = (columns >> (3 * s)) & 7;
                let kept = (single_columns(columns) >> (3 * s)) & 7;
                assert_eq!(kept, if stack.count_ones() == 1 { stack } else { 0 });
            }
        }
    }

    #[test]
    fn bits_lists_each_cell() {
        let cells = BandCells::cell(0) | BandCells::cell(26);
        assert_eq!(cells.bits().collect::<Vec<_>>(), [0, 26]);
        assert_eq!(cells.first(), 0);
    }
}
