//! The minimal-lexicographic form under band, stack, row, column, transposition and relabelling moves, found row by row with every tie kept.
//!
//! Output rows are chosen one at a time: each surviving arrangement tries every source row
//! it may take next (any row of an unused band when a band starts, else a row left in its
//! band), the least row string over all of them wins and every arrangement that reaches it
//! goes on. Columns are never enumerated blindly: columns blank in every row chosen so far
//! are interchangeable, so they stay a set ("free"), which sits first in its stack, and
//! stacks blank so far sit first in the grid. A row orders only the free columns and
//! stacks it gives digits to: blanks first, then digits by label (digits without a label
//! yet last, labelled as they appear); a tie between such orders is kept as several
//! arrangements. Every step keeps all arrangements that reach the least string, so the
//! result is the true minimum.

use super::Transform;
use super::transform::cell_map;
use crate::grid::Shape;

/// The largest grid side (bitmasks of rows and columns fit in a `u64`).
const MAX: usize = 64;
/// Marks a digit without a label yet while a row string is built.
const UNLABELLED: u8 = u8::MAX;
/// The most arrangements kept after one row (about 40 MB): a dense row of a large grid
/// ties in more orders than this, and its form is not computed.
pub(crate) const MOST_ARRANGEMENTS: usize = 1 << 17;

/// Where the move group comes from: bands of `band` rows, stacks of `stack` columns, and
/// whether rows and columns may trade places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Blocks {
    /// Rows per band (the boxes' height; N when rows move freely).
    pub band: usize,
    /// Columns per stack (the boxes' width; N when columns move freely).
    pub stack: usize,
    /// Whether transposition keeps the rules (square boxes, or none).
    pub transpose: bool,
}

/// One arrangement consistent with the rows chosen so far, on a grid of side at most `M`.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Arrangement<const M: usize> {
    /// Whether it reads the transposed grid.
    transposed: bool,
    /// Source rows used.
    rows_used: u64,
    /// Source row of each output row chosen so far.
    rows: [u8; M],
    /// Source stack at each output slot: the free stacks first.
    stacks: [u8; M],
    /// Each source stack's columns in output order, `stack` per stack: its free columns
    /// first (in increasing order, so that equal arrangements compare equal).
    within: [u8; M],
    /// Source columns blank in every chosen row.
    free_columns: u64,
    /// How many stacks are blank in every chosen row (the first slots).
    free_stacks: usize,
    /// The label of each source value: 0 for a blank, [`UNLABELLED`] for a digit without
    /// one yet.
    labels: [u8; MAX + 1],
    /// The next label to give.
    next: u8,
}

/// The puzzle's cells as values (0 blank), straight and transposed.
struct Source<'a> {
    n: usize,
    blocks: Blocks,
    straight: &'a [u8],
    transposed: Vec<u8>,
    /// How many stacks (N / the stack's width).
    stacks: usize,
    /// The rows of each band, and of the band of each row, as bitmasks.
    band_rows: [u64; MAX],
    /// The columns of each stack as bitmasks.
    stack_columns: [u64; MAX],
}

impl Source<'_> {
    fn row(&self, transposed: bool, r: usize) -> &[u8] {
        let grid = if transposed {
            &self.transposed
        } else {
            self.straight
        };
        &grid[r * self.n..(r + 1) * self.n]
    }
}

/// Why a least form was not computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unfound {
    /// The grid is larger than 64, or the blocks do not tile it.
    Unfit,
    /// Output row `row` (1-based) ties in more than [`MOST_ARRANGEMENTS`] arrangements.
    Ties { row: usize },
}

/// The least form of `values` (a grid of side `n` in reading order, 0 for a blank cell,
/// digits 1 to `digits`) under `blocks`' moves with every relabelling, and a transformation
/// that gives it.
pub(crate) fn minlex(
    shape: Shape,
    values: &[u8],
    blocks: Blocks,
) -> Result<(Vec<u8>, Transform), Unfound> {
    // Arrangements sized for the grid: copied and compared all the time.
    if shape.size() <= 16 {
        search::<16>(shape, values, blocks)
    } else {
        search::<MAX>(shape, values, blocks)
    }
}

/// [`minlex`] with arrangements for grids of side at most `M`.
fn search<const M: usize>(
    shape: Shape,
    values: &[u8],
    blocks: Blocks,
) -> Result<(Vec<u8>, Transform), Unfound> {
    let n = shape.size();
    if n > M
        || values.len() != n * n
        || blocks.band == 0
        || blocks.stack == 0
        || !n.is_multiple_of(blocks.band)
        || !n.is_multiple_of(blocks.stack)
        || values.iter().any(|&v| v as usize > shape.digit_count())
    {
        return Err(Unfound::Unfit);
    }
    let transposed = (0..n * n).map(|i| values[(i % n) * n + i / n]).collect();
    let lines = |size: usize| {
        let mut masks = [0u64; MAX];
        for (line, mask) in masks[..n].iter_mut().enumerate() {
            let start = line / size * size;
            *mask = (start..start + size).fold(0, |m, l| m | (1 << l));
        }
        masks
    };
    let source = Source {
        n,
        blocks,
        straight: values,
        transposed,
        stacks: n / blocks.stack,
        band_rows: lines(blocks.band),
        stack_columns: {
            // By stack rather than by column.
            let by_column = lines(blocks.stack);
            let mut masks = [0u64; MAX];
            for s in 0..n / blocks.stack {
                masks[s] = by_column[s * blocks.stack];
            }
            masks
        },
    };
    let start = |transposed: bool| {
        let mut arrangement = Arrangement {
            transposed,
            rows_used: 0,
            rows: [0; M],
            stacks: [0; M],
            within: [0; M],
            free_columns: if n == MAX { u64::MAX } else { (1 << n) - 1 },
            free_stacks: n / blocks.stack,
            labels: [UNLABELLED; MAX + 1],
            next: 1,
        };
        arrangement.labels[0] = 0;
        for i in 0..n {
            arrangement.within[i] = i as u8;
            arrangement.stacks[i] = i as u8;
        }
        arrangement
    };
    let mut arrangements = vec![start(false)];
    if blocks.transpose {
        arrangements.push(start(true));
    }
    let mut form = Vec::with_capacity(n * n);
    let mut winners: Vec<(usize, usize)> = Vec::new();
    let mut next: Vec<Arrangement<M>> = Vec::new();
    let mut key = [0u8; MAX];
    let mut best = [0u8; MAX];
    for k in 0..n {
        winners.clear();
        for (a, arrangement) in arrangements.iter().enumerate() {
            for r in arrangement.candidates(&source, k) {
                let row = source.row(arrangement.transposed, r);
                let bound = (!winners.is_empty()).then_some(&best[..n]);
                match arrangement.row_string(&source, row, bound, &mut key) {
                    Some(std::cmp::Ordering::Less) => {
                        winners.clear();
                        best[..n].copy_from_slice(&key[..n]);
                        winners.push((a, r));
                    }
                    Some(std::cmp::Ordering::Equal) => winners.push((a, r)),
                    Some(std::cmp::Ordering::Greater) | None => {}
                }
            }
        }
        next.clear();
        for &(a, r) in &winners {
            if !arrangements[a].expand(&source, k, r, &mut next) {
                return Err(Unfound::Ties { row: k + 1 });
            }
        }
        dedup(&mut next);
        std::mem::swap(&mut arrangements, &mut next);
        form.extend_from_slice(&best[..n]);
    }
    let transform = (arrangements.first())
        .ok_or(Unfound::Unfit)?
        .transform(shape, &source);
    Ok((form, transform))
}

/// Drops repeated arrangements (the same future from rows taken in another order).
fn dedup<const M: usize>(arrangements: &mut Vec<Arrangement<M>>) {
    if arrangements.len() < 2 {
        return;
    }
    if arrangements.len() <= 16 {
        let mut kept = 0;
        for i in 0..arrangements.len() {
            if !arrangements[..kept]
                .iter()
                .any(|a| a.same_future(&arrangements[i]))
            {
                arrangements.swap(kept, i);
                kept += 1;
            }
        }
        arrangements.truncate(kept);
    } else {
        let mut seen = std::collections::HashSet::new();
        arrangements.retain(|a| seen.insert(a.future()));
    }
}

impl<const M: usize> Arrangement<M> {
    /// What decides the rest of the form (the rows already chosen do not).
    fn future(&self) -> (bool, u64, [u8; M], [u8; M], u64, [u8; MAX + 1]) {
        (
            self.transposed,
            self.rows_used,
            self.stacks,
            self.within,
            self.free_columns,
            self.labels,
        )
    }

    fn same_future(&self, other: &Arrangement<M>) -> bool {
        self.transposed == other.transposed
            && self.rows_used == other.rows_used
            && self.free_columns == other.free_columns
            && self.next == other.next
            && self.stacks == other.stacks
            && self.within == other.within
            && self.labels == other.labels
    }

    /// The source rows output row `k` may take.
    fn candidates(&self, source: &Source, k: usize) -> impl Iterator<Item = usize> + use<M> {
        let mut rows = if k.is_multiple_of(source.blocks.band) {
            // Every row of a band none of whose rows is used.
            (0..source.n)
                .step_by(source.blocks.band)
                .map(|first| source.band_rows[first])
                .filter(|&band| band & self.rows_used == 0)
                .fold(0, |all, band| all | band)
        } else {
            source.band_rows[self.rows[k - 1] as usize] & !self.rows_used
        };
        std::iter::from_fn(move || {
            (rows != 0).then(|| {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                r
            })
        })
    }

    /// The value `v` shows under the labels so far.
    fn label(&self, v: u8) -> u8 {
        self.labels[v as usize]
    }

    /// Writes into `out` the least string row `row` can show as the next output row, and
    /// compares it with `bound`: `None` once it is certainly greater (the rest unwritten).
    fn row_string(
        &self,
        source: &Source,
        row: &[u8],
        bound: Option<&[u8]>,
        out: &mut [u8; MAX],
    ) -> Option<std::cmp::Ordering> {
        let n = source.n;
        let width = source.blocks.stack;
        // The free stacks, each as its sorted values, in sorted order.
        let mut at = 0;
        if self.free_stacks > 0 && width <= 8 {
            // Each stack's sorted values packed into a number, first value highest: numbers
            // compare as the values do.
            let mut keys = [0u64; MAX];
            for (slot, key) in keys[..self.free_stacks].iter_mut().enumerate() {
                let s = self.stacks[slot] as usize;
                let mut values = [0u8; 8];
                for (j, v) in values[..width].iter_mut().enumerate() {
                    *v = self.label(row[s * width + j]);
                }
                values[..width].sort_unstable();
                *key = values[..width]
                    .iter()
                    .fold(0u64, |packed, &v| (packed << 8) | u64::from(v));
            }
            keys[..self.free_stacks].sort_unstable();
            for &key in &keys[..self.free_stacks] {
                for j in 0..width {
                    out[at + j] = (key >> (8 * (width - 1 - j))) as u8;
                }
                at += width;
            }
        } else if self.free_stacks > 0 {
            let mut order = [0u8; MAX];
            let mut values = [0u8; MAX];
            for slot in 0..self.free_stacks {
                let s = self.stacks[slot] as usize;
                let key = &mut values[slot * width..(slot + 1) * width];
                for (j, v) in key.iter_mut().enumerate() {
                    *v = self.label(row[s * width + j]);
                }
                key.sort_unstable();
                order[slot] = slot as u8;
            }
            let key_of = |slot: u8| &values[slot as usize * width..(slot as usize + 1) * width];
            order[..self.free_stacks].sort_unstable_by(|&a, &b| key_of(a).cmp(key_of(b)));
            for &slot in &order[..self.free_stacks] {
                out[at..at + width].copy_from_slice(key_of(slot));
                at += width;
            }
        }
        for slot in self.free_stacks..source.stacks {
            let s = self.stacks[slot] as usize;
            let columns = &self.within[s * width..(s + 1) * width];
            let free = (self.free_columns & source.stack_columns[s]).count_ones() as usize;
            for (j, &c) in columns.iter().enumerate() {
                out[at + j] = self.label(row[c as usize]);
            }
            out[at..at + free].sort_unstable();
            at += width;
        }
        let mut next = self.next;
        // Without a bound, the string is the least so far.
        let mut order = if bound.is_some() {
            std::cmp::Ordering::Equal
        } else {
            std::cmp::Ordering::Less
        };
        for (i, v) in out[..n].iter_mut().enumerate() {
            if *v == UNLABELLED {
                *v = next;
                next += 1;
            }
            if let Some(bound) = bound
                && order == std::cmp::Ordering::Equal
            {
                order = (*v).cmp(&bound[i]);
                if order == std::cmp::Ordering::Greater {
                    return None;
                }
            }
        }
        Some(order)
    }

    /// Every arrangement that takes source row `r` as output row `k` and shows its least
    /// string, pushed onto `out`; false, with nothing pushed, when that would make `out`
    /// longer than [`MOST_ARRANGEMENTS`].
    fn expand(&self, source: &Source, k: usize, r: usize, out: &mut Vec<Arrangement<M>>) -> bool {
        let n = source.n;
        let width = source.blocks.stack;
        let row = source.row(self.transposed, r);
        let mut base = self.clone();
        base.rows[k] = r as u8;
        base.rows_used |= 1 << r;
        let given = |c: u8| row[c as usize] != 0;
        // Ranges to permute: (in stacks?, start, end).
        let mut ties = Ties::default();
        // Each stack's free columns: blank ones first (still free), then those given a
        // digit, by label, unlabelled last; runs of equal labels are ties.
        for s in 0..n / width {
            let columns = &mut base.within[s * width..(s + 1) * width];
            let free = columns
                .iter()
                .take_while(|&&c| self.free_columns & (1 << c) != 0)
                .count();
            let part = &mut columns[..free];
            part.sort_unstable_by_key(|&c| (given(c), self.label(row[c as usize]), c));
            let blank = part.iter().take_while(|&&c| !given(c)).count();
            let mut i = blank;
            while i < free {
                let label = self.label(row[part[i] as usize]);
                let mut j = i + 1;
                while j < free && self.label(row[part[j] as usize]) == label {
                    j += 1;
                }
                if j - i > 1 {
                    ties.push((false, s * width + i, s * width + j));
                }
                i = j;
            }
            for &c in &part[blank..] {
                base.free_columns &= !(1 << c);
            }
        }
        // The free stacks: blank ones first (still free), then by their sorted labels.
        if self.free_stacks > 0 {
            // Each stack's values, sorted, by source stack.
            let mut keys = [0u8; MAX];
            for &s in &base.stacks[..self.free_stacks] {
                let s = s as usize;
                for j in 0..width {
                    keys[s * width + j] = self.label(row[s * width + j]);
                }
                keys[s * width..(s + 1) * width].sort_unstable();
            }
            let key = |s: u8| &keys[s as usize * width..(s as usize + 1) * width];
            let slots = &mut base.stacks[..self.free_stacks];
            // A blank stack's sorted values end in 0.
            slots.sort_unstable_by(|&a, &b| {
                (key(a)[width - 1] != 0, key(a), a).cmp(&(key(b)[width - 1] != 0, key(b), b))
            });
            let blank = slots
                .iter()
                .take_while(|&&s| key(s)[width - 1] == 0)
                .count();
            let mut i = blank;
            while i < slots.len() {
                let mut j = i + 1;
                while j < slots.len() && key(slots[j]) == key(slots[i]) {
                    j += 1;
                }
                if j - i > 1 {
                    ties.push((true, i, j));
                }
                i = j;
            }
            base.free_stacks = blank;
        }
        let factorial = |k: usize| (1..=k).fold(1usize, |a, b| a.saturating_mul(b));
        let count = (ties.ranges[..ties.len].iter()).fold(1usize, |a, &(_, start, end)| {
            a.saturating_mul(factorial(end - start))
        });
        if out.len().saturating_add(count) > MOST_ARRANGEMENTS {
            return false;
        }
        if ties.len == 0 {
            base.label_row(source, row);
            out.push(base);
            return true;
        }
        permute(
            &mut base,
            &ties.ranges[..ties.len],
            0,
            &mut |arrangement: &Arrangement<M>| {
                let mut done = arrangement.clone();
                done.label_row(source, row);
                out.push(done);
            },
        );
        true
    }

    /// Gives labels to the digits of `row`, now placed, that have none, in output order.
    fn label_row(&mut self, source: &Source, row: &[u8]) {
        let width = source.blocks.stack;
        for slot in 0..source.n / width {
            let s = self.stacks[slot] as usize;
            for j in 0..width {
                let v = row[self.within[s * width + j] as usize];
                if self.labels[v as usize] == UNLABELLED {
                    self.labels[v as usize] = self.next;
                    self.next += 1;
                }
            }
        }
    }

    /// The transformation this arrangement makes: digits never seen take the labels left,
    /// in increasing order.
    fn transform(&self, shape: Shape, source: &Source) -> Transform {
        let n = source.n;
        let width = source.blocks.stack;
        let mut columns = Vec::with_capacity(n);
        for slot in 0..n / width {
            let s = self.stacks[slot] as usize;
            columns.extend_from_slice(&self.within[s * width..(s + 1) * width]);
        }
        let mut labels = self.labels;
        let mut next = self.next;
        let digits = shape.digit_count();
        for label in &mut labels[1..=digits] {
            if *label == UNLABELLED {
                *label = next;
                next += 1;
            }
        }
        let from = cell_map(n, &self.rows[..n], &columns, self.transposed);
        Transform::from_parts(shape, from, labels[1..=digits].to_vec())
    }
}

/// Ranges of an arrangement whose orders tie: (of stacks rather than columns, start, end).
struct Ties {
    ranges: [(bool, usize, usize); MAX],
    len: usize,
}

impl Default for Ties {
    fn default() -> Ties {
        Ties {
            ranges: [(false, 0, 0); MAX],
            len: 0,
        }
    }
}

impl Ties {
    fn push(&mut self, range: (bool, usize, usize)) {
        self.ranges[self.len] = range;
        self.len += 1;
    }
}

/// Calls `each` on every arrangement reached by permuting the ranges of `ties` from the
/// `i`-th on.
fn permute<const M: usize>(
    arrangement: &mut Arrangement<M>,
    ties: &[(bool, usize, usize)],
    i: usize,
    each: &mut dyn FnMut(&Arrangement<M>),
) {
    let Some(&(stacks, start, end)) = ties.get(i) else {
        each(arrangement);
        return;
    };
    // Heap's algorithm over the range, the rest permuted for each order.
    let len = end - start;
    let mut counters = [0usize; MAX];
    permute(arrangement, ties, i + 1, each);
    let mut j = 1;
    while j < len {
        if counters[j] < j {
            let swap = if j % 2 == 0 { 0 } else { counters[j] };
            let slice = if stacks {
                &mut arrangement.stacks[start..end]
            } else {
                &mut arrangement.within[start..end]
            };
            slice.swap(swap, j);
            permute(arrangement, ties, i + 1, each);
            counters[j] += 1;
            j = 1;
        } else {
            counters[j] = 0;
            j += 1;
        }
    }
}
