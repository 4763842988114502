//! Full rank: a clue outside the grid gives the rank of its row or column, read from the clue as a number, among all rows and columns read both ways.
//!
//! The meaning is the one of the published "Full Rank Sudoku" (Logic Masters) and of sigh's
//! Interactive Sudoku Solver (`FullRank`, with its default tie rule): every row and column
//! is read as a number from each end, the 4N numbers are ranked from 1 (lowest); a clue's
//! line is strictly above or below every other line (unclued lines may tie among
//! themselves), and its rank is one more than the number of lines below it. f-puzzles has no
//! field for it, so satdoku reads it from its TOML only (`[[full-rank]]`, placed as a
//! skyscraper is, with `rank`). Under the rule `full-rank-ties` a clue's line may tie others
//! and its rank is one more than the lines strictly below it; under `full-rank-no-ties` no
//! two lines tie at all (see `rank_ties`).
//!
//! Every digit starts exactly four lines, one from each edge (column 1 starts the rows read
//! from the left, and so on), so rank r means: the line starts with digit ⌈r/4⌉, and of
//! the three other lines starting with it, (r − 1) mod 4 are lower.

use std::cmp::Ordering;

use super::outside::outside_clue;
use super::{CellValues, Constraint, ConstraintCnf, Literal, Mark, Sightline};
use crate::grid::{Cell, Digit, DigitSet, House, Shape};

outside_clue! {
    /// A full rank clue: its line, read from the clue, is the `rank`-th lowest of the 4N
    /// numbers the rows and columns make read both ways.
    FullRank {
        rank,
        /// The puzzle's other full rank clues: where each stands and its rank.
        others: Vec<(Sightline, u32)>,
        /// Whether its line may tie others (the rule `full-rank-ties`): its rank is then one
        /// more than the lines strictly below it.
        ties: bool
    },
    "full rank clue", shown "rank {}", records "full-rank", ""
}

/// The four ways a line is read, each starting from one edge of the grid: the lines read one
/// way start in one edge house, a digit starting exactly one of them.
pub(super) const WAYS: [(bool, bool); 4] =
    [(false, false), (false, true), (true, false), (true, true)];

/// The lines read the way `(columns, from_end)`, on a grid of `n`: rows from the left or
/// right, columns from the top or bottom.
pub(super) fn lines_read(
    n: usize,
    (columns, from_end): (bool, bool),
) -> impl Iterator<Item = Sightline> {
    (0..n as u8).map(move |i| {
        let line = if columns {
            House::Column(i)
        } else {
            House::Row(i)
        };
        Sightline::new(line, from_end)
    })
}

/// The way `sight` is read.
fn way_of(sight: &Sightline) -> (bool, bool) {
    (matches!(sight.line(), House::Column(_)), sight.from_end())
}

/// How two lines of `values` compare as far as their filled prefix decides: `None` when an
/// empty cell comes before the first difference.
fn compare_sights(values: &CellValues<'_>, a: &Sightline, b: &Sightline) -> Option<Ordering> {
    let n = values.shape().size();
    for i in 0..n {
        match (values.get(a.cell(n, i)), values.get(b.cell(n, i))) {
            (Some(v), Some(w)) if v == w => continue,
            (Some(v), Some(w)) => return Some(v.cmp(&w)),
            _ => return None,
        }
    }
    Some(Ordering::Equal)
}

impl FullRank {
    /// The clue knowing the other full rank clues of `all`, and whether lines may tie it
    /// (`ties`).
    pub(crate) fn settled(mut self, all: &[super::VariantConstraint], ties: bool) -> FullRank {
        self.ties = ties;
        self.others = all
            .iter()
            .filter_map(|c| match c {
                super::VariantConstraint::FullRank(o) if o.sight != self.sight => {
                    Some((o.sight, o.rank))
                }
                _ => None,
            })
            .collect();
        self
    }

    /// The digit the clue's line starts with, and how many of the three other lines
    /// starting with it are lower.
    fn group(&self) -> (usize, usize) {
        let r = self.rank as usize;
        (r.div_ceil(4), (r - 1) % 4)
    }

    /// Why the clue's rank cannot stand on a grid of `shape`: there are 4N lines.
    fn clue_problem(&self, shape: Shape) -> Option<String> {
        let lines = 4 * shape.size();
        (!(1..=lines).contains(&(self.rank as usize))).then(|| {
            format!(
                "a {shape} grid has {lines} lines read both ways, ranked 1 to {lines}, not {}",
                self.rank
            )
        })
    }
}

/// What the candidates `sets` say of two lines `low` and `high` that start alike, place by
/// place past the first: whether the two places can hold equal digits (always, for one cell
/// the two lines share), and whether the low line's can hold the lower digit.
fn places(shape: Shape, sets: &[DigitSet], low: &[Cell], high: &[Cell]) -> (Vec<bool>, Vec<bool>) {
    let mut equal = Vec::new();
    let mut less = Vec::new();
    for (&x, &y) in low.iter().zip(high).skip(1) {
        let (p, q) = (sets[shape.index(x)], sets[shape.index(y)]);
        equal.push(x == y || !(p & q).is_empty());
        less.push(
            x != y
                && p.iter()
                    .next()
                    .zip(q.iter().last())
                    .is_some_and(|(a, b)| a < b),
        );
    }
    (equal, less)
}

/// Whether line `low` can read lower than line `high` (both starting alike), or as high
/// when `or_equal`, each cell taking its candidates independently: some place can hold the
/// lower digit with every place before it able to hold equal ones (or every place can).
fn can_read_lower(
    shape: Shape,
    sets: &[DigitSet],
    (low, high): (&[Cell], &[Cell]),
    or_equal: bool,
) -> bool {
    let (equal, less) = places(shape, sets, low, high);
    for (e, l) in equal.into_iter().zip(less) {
        if l {
            return true;
        }
        if !e {
            return false;
        }
    }
    or_equal
}

/// Narrows `sets` so that line `low` reads lower than line `high` (both starting alike), or
/// as high when `or_equal`, each cell taking its candidates independently (a relaxation:
/// what it removes no filling holds): a digit stays where some way to read lower keeps it —
/// a lower place before it (any digit then), or every place before it able to be equal and
/// here either a lower digit or an equal one with a lower place (or, `or_equal`, equal
/// places to the end) still possible after.
fn keep_lower(
    shape: Shape,
    sets: &mut [DigitSet],
    (low, high): (&[Cell], &[Cell]),
    or_equal: bool,
) {
    let (equal, less) = places(shape, sets, low, high);
    let k = equal.len();
    // later[i]: from place i on, equal places then a lower one (or to the end) are possible.
    let mut later = vec![false; k + 1];
    later[k] = or_equal;
    for i in (0..k).rev() {
        later[i] = less[i] || (equal[i] && later[i + 1]);
    }
    if !later[0] {
        // No way to read lower: no filling keeps the order.
        for &c in low.iter().chain(high) {
            sets[shape.index(c)] = DigitSet::EMPTY;
        }
        return;
    }
    // Before place i: every place able to be equal (prefix), and a lower place already
    // possible among them (decided).
    let (mut prefix, mut decided) = (true, false);
    for i in 0..k {
        if decided {
            break;
        }
        let (x, y) = (low[i + 1], high[i + 1]);
        let (p, q) = (sets[shape.index(x)], sets[shape.index(y)]);
        if x != y {
            let (most, least) = (q.iter().last(), p.iter().next());
            sets[shape.index(x)] = p
                .iter()
                .filter(|&v| most.is_some_and(|m| v < m) || (q.contains(v) && later[i + 1]))
                .collect();
            sets[shape.index(y)] = q
                .iter()
                .filter(|&w| least.is_some_and(|m| w > m) || (p.contains(w) && later[i + 1]))
                .collect();
        } else if !later[i + 1] {
            sets[shape.index(x)] = DigitSet::EMPTY;
        }
        decided |= less[i];
        prefix &= equal[i];
        if !prefix {
            break;
        }
    }
}

/// Literals implying that one line reads lower (or higher) than another that starts alike
/// (one direction is all a clue needs: each other line is counted lower or higher, never
/// both): a chain over the places after the first, each place lower, or equal and the rest
/// lower. The literals "a cell holds more than v" are made once per cell and v.
struct Comparer {
    /// By cell and digit v (1-based, v < N): a literal implying the cell holds more than v.
    above: Vec<Vec<Option<Literal>>>,
}

impl Comparer {
    fn new(shape: Shape) -> Comparer {
        let n = shape.size();
        Comparer {
            above: vec![vec![None; n]; shape.cell_count()],
        }
    }

    /// A literal implying `cell` holds more than `v` (1 ≤ v < N).
    fn above(&mut self, cnf: &mut ConstraintCnf, cell: Cell, v: usize) -> Literal {
        let n = cnf.size();
        let slot = &mut self.above[cnf.shape().index(cell)][v];
        if let Some(lit) = *slot {
            return lit;
        }
        let lit = cnf.aux();
        let mut clause = vec![!lit];
        clause.extend((v + 1..=n).map(|w| cnf.holds(cell, w)));
        cnf.clause(clause);
        self.above[cnf.shape().index(cell)][v] = Some(lit);
        lit
    }

    /// A literal implying `x < y` (x's digit lower than y's).
    fn less(&mut self, cnf: &mut ConstraintCnf, x: Cell, y: Cell) -> Literal {
        let n = cnf.size();
        let lit = cnf.aux();
        // x holds n: nothing above it.
        let top = cnf.holds(x, n);
        cnf.clause([!lit, !top]);
        for v in 1..n {
            let above = self.above(cnf, y, v);
            let holds = cnf.holds(x, v);
            cnf.clause([!lit, !holds, above]);
        }
        lit
    }

    /// A literal implying `x == y`.
    fn equal(cnf: &mut ConstraintCnf, x: Cell, y: Cell) -> Literal {
        let lit = cnf.aux();
        for v in 1..=cnf.size() {
            let (a, b) = (cnf.holds(x, v), cnf.holds(y, v));
            cnf.clause([!lit, !a, b]);
        }
        lit
    }

    /// Literals implying line `a` reads lower, and higher (or, `ties`, as high), than line
    /// `b` past their first places.
    fn order(
        &mut self,
        cnf: &mut ConstraintCnf,
        (a, b): (&[Cell], &[Cell]),
        ties: bool,
    ) -> (Literal, Literal) {
        // From the last place back: "lower from place i on", "higher from place i on"; past
        // the end, equal lines are neither (or, `ties`, count as high).
        let mut rest: Option<(Literal, Literal)> = None;
        if ties {
            let (never, always) = (cnf.aux(), cnf.aux());
            cnf.clause([!never]);
            cnf.clause([always]);
            rest = Some((never, always));
        }
        for i in (1..a.len()).rev() {
            let (lower, higher) = (cnf.aux(), cnf.aux());
            if a[i] == b[i] {
                // One cell: equal here, the order is the rest's.
                match rest {
                    Some((l, h)) => {
                        cnf.clause([!lower, l]);
                        cnf.clause([!higher, h]);
                    }
                    None => {
                        cnf.clause([!lower]);
                        cnf.clause([!higher]);
                    }
                }
            } else {
                let less = self.less(cnf, a[i], b[i]);
                let more = self.less(cnf, b[i], a[i]);
                match rest {
                    Some((l, h)) => {
                        let same = Comparer::equal(cnf, a[i], b[i]);
                        cnf.clause([!lower, less, same]);
                        cnf.clause([!lower, less, l]);
                        cnf.clause([!higher, more, same]);
                        cnf.clause([!higher, more, h]);
                    }
                    None => {
                        cnf.clause([!lower, less]);
                        cnf.clause([!higher, more]);
                    }
                }
            }
            rest = Some((lower, higher));
        }
        rest.unwrap_or_else(|| {
            let never = cnf.aux();
            cnf.clause([!never]);
            (never, never)
        })
    }
}

impl Constraint for FullRank {
    /// Every cell: the clue ranks its line against every other.
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        self.sight
            .problem(shape, "full rank clue")
            .or_else(|| self.clue_problem(shape))
    }

    /// The line starts with digit d = ⌈r/4⌉; for each of the three other edges, the line
    /// starting there with d is counted lower or higher than the clue's (a literal each,
    /// implying "the cell holds d and the line compares so"); at least (r − 1) mod 4 edges
    /// count lower and at least the rest higher. The rows and columns holding every digit
    /// once, exactly one line per edge starts with d, so the counts are exact and no line
    /// ties the clue's; when lines may tie it, "higher" is "as high", and exactly (r − 1)
    /// mod 4 lines are strictly lower.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let (d, below) = self.group();
        let line = self.sight.cells(n);
        let first = cnf.holds(line[0], d);
        cnf.clause([first]);
        let mut comparer = Comparer::new(cnf.shape());
        let (mut lower, mut higher) = (Vec::new(), Vec::new());
        for way in WAYS.into_iter().filter(|&w| w != way_of(&self.sight)) {
            let (edge_lower, edge_higher) = (cnf.aux(), cnf.aux());
            let (mut some_lower, mut some_higher) = (vec![!edge_lower], vec![!edge_higher]);
            for other in lines_read(n, way) {
                let cells = other.cells(n);
                let starts = cnf.holds(cells[0], d);
                let (l, h) = comparer.order(cnf, (&cells, &line), self.ties);
                for (order, some) in [(l, &mut some_lower), (h, &mut some_higher)] {
                    let counted = cnf.aux();
                    cnf.clause([!counted, starts]);
                    cnf.clause([!counted, order]);
                    some.push(counted);
                }
            }
            cnf.clause(some_lower);
            cnf.clause(some_higher);
            lower.push(edge_lower);
            higher.push(edge_higher);
        }
        cnf.at_least(&lower, below);
        cnf.at_least(&higher, 3 - below);
    }

    /// Exact on a complete grid: the line ties no other (unless lines may tie it), and one
    /// more than the lines strictly below it is the rank. On a partial grid (rows and
    /// columns holding every digit once in any filling): the line's first digit, and no more
    /// lines starting with it decided lower or higher (or as high) than the clue allows.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        // Called for every filling the logic weighs: no allocation here.
        let n = values.shape().size();
        let (d, below) = self.group();
        let others = || {
            WAYS.into_iter()
                .flat_map(move |way| lines_read(n, way))
                .filter(|s| *s != self.sight)
        };
        if values.shape().cells().all(|c| values.get(c).is_some()) {
            let mut lower = 0;
            for other in others() {
                match compare_sights(values, &other, &self.sight) {
                    Some(Ordering::Less) => lower += 1,
                    Some(Ordering::Equal) if !self.ties => return false,
                    _ => {}
                }
            }
            return lower + 1 == self.rank as usize;
        }
        // The first digit by place (on digits from 0 a number is a place less 1).
        if values.place(self.sight.cell(n, 0)).is_some_and(|v| v != d) {
            return false;
        }
        let (mut lower, mut higher) = (0, 0);
        for other in others().filter(|o| values.place(o.cell(n, 0)) == Some(d)) {
            match compare_sights(values, &other, &self.sight) {
                Some(Ordering::Less) => lower += 1,
                Some(Ordering::Greater) => higher += 1,
                Some(Ordering::Equal) if self.ties => higher += 1,
                Some(Ordering::Equal) => return false,
                None => {}
            }
        }
        lower <= below && higher <= 3 - below
    }

    /// The line's first cell keeps digit d = ⌈r/4⌉. Each other edge has one line starting
    /// with d, among those whose first cell may hold it; each such line is certainly lower,
    /// certainly higher, or either, from the first place the two lines may differ. When the
    /// edges certainly lower are as many as the clue's place allows, every other edge's line
    /// is higher: a line certainly lower cannot be it (its first cell loses d), and a line
    /// that is the only one left must read higher from its first open place on (and so for
    /// higher). A line equal to the clue's throughout cannot start with d. When lines may
    /// tie the clue's, "higher" is "as high", and every unclued line may be either.
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], _shape: Shape) -> Option<Vec<DigitSet>> {
        let cell_count = sets.len();
        let shape = Shape::from_cell_count(cell_count)?;
        if scope.len() != cell_count || scope.iter().enumerate().any(|(i, &c)| shape.index(c) != i)
        {
            return None;
        }
        let n = shape.size();
        let (d, below) = self.group();
        let digit = Digit::from_index(d - 1);
        let line = self.sight.cells(n);
        let mut sets = sets.to_vec();
        let first = shape.index(line[0]);
        sets[first] = sets[first] & DigitSet::single(digit);
        // By other edge: the lines that may start with d, each with whether it can read
        // lower and higher than the clue's.
        // The places in the group other clues take, and so those left to unclued lines.
        let mut free = [true; 4];
        free[below] = false;
        for &(_, rank) in &self.others {
            let (d2, place) = FullRank::new(self.sight, rank).group();
            if d2 == d {
                free[place] = false;
            }
        }
        let free_below = free[..below].contains(&true);
        let free_above = free[below + 1..].contains(&true);
        let mut edges: Vec<Vec<(Vec<Cell>, bool, bool)>> = Vec::new();
        for way in WAYS.into_iter().filter(|&w| w != way_of(&self.sight)) {
            let mut members = Vec::new();
            for other in lines_read(n, way) {
                let cells = other.cells(n);
                if !sets[shape.index(cells[0])].contains(digit) {
                    continue;
                }
                // A clued line is lower or higher as its rank says (as high, when of the
                // same rank and lines may tie); an unclued one takes a place no clue takes.
                let clued = self.others.iter().find(|(sight, _)| *sight == other);
                let (may_lower, may_higher) = match clued {
                    Some(&(_, rank)) if self.ties => (rank < self.rank, rank >= self.rank),
                    Some(&(_, rank)) => (rank < self.rank, rank > self.rank),
                    None if self.ties => (true, true),
                    None => (free_below, free_above),
                };
                let lower = may_lower && can_read_lower(shape, &sets, (&cells, &line), false);
                let higher = may_higher && can_read_lower(shape, &sets, (&line, &cells), self.ties);
                if lower || higher {
                    members.push((cells, lower, higher));
                } else {
                    sets[shape.index(cells[0])].remove(digit);
                }
            }
            edges.push(members);
        }
        let can_lower = edges.iter().filter(|m| m.iter().any(|m| m.1)).count();
        let can_higher = edges.iter().filter(|m| m.iter().any(|m| m.2)).count();
        // As many edges can be lower as must be: those are lower, the others higher (and so
        // for higher).
        let lower_settled = can_lower == below;
        let higher_settled = can_higher == 3 - below;
        for members in &edges {
            let edge_lower = members.iter().any(|m| m.1);
            let edge_higher = members.iter().any(|m| m.2);
            let must_lower = (lower_settled && edge_lower) || (higher_settled && !edge_higher);
            let must_higher = (higher_settled && edge_higher) || (lower_settled && !edge_lower);
            if !(must_lower || must_higher) {
                continue;
            }
            let mut left = Vec::new();
            for (cells, lower, higher) in members {
                if (must_lower && !lower) || (must_higher && !higher) {
                    sets[shape.index(cells[0])].remove(digit);
                } else {
                    left.push(cells);
                }
            }
            if let [only] = left[..] {
                if must_lower {
                    keep_lower(shape, &mut sets, (only, &line), false);
                } else {
                    keep_lower(shape, &mut sets, (&line, only), self.ties);
                }
            }
        }
        Some(sets)
    }

    fn draw(&self, shape: Shape) -> Vec<Mark> {
        vec![Mark::outside(
            self.sight.line(),
            self.sight.from_end(),
            shape,
            format!("#{}", self.clue_number()),
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::VariantConstraint;

    /// Every 4×4 grid (rows, columns and 2×2 boxes), as values in reading order.
    fn all_grids() -> Vec<Vec<u8>> {
        fn fill(g: &mut Vec<u8>, i: usize, out: &mut Vec<Vec<u8>>) {
            if i == 16 {
                out.push(g.clone());
                return;
            }
            let (r, c) = (i / 4, i % 4);
            for v in 1..=4u8 {
                let clash = (0..16).filter(|&j| j < i).any(|j| {
                    let (r2, c2) = (j / 4, j % 4);
                    g[j] == v && (r2 == r || c2 == c || (r2 / 2 == r / 2 && c2 / 2 == c / 2))
                });
                if !clash {
                    g[i] = v;
                    fill(g, i + 1, out);
                    g[i] = 0;
                }
            }
        }
        let mut out = Vec::new();
        fill(&mut vec![0; 16], 0, &mut out);
        out
    }

    /// On 4×4, with the clues of one grid's lines and candidates from a few grids, the
    /// narrowing keeps every candidate of every grid the clues and candidates allow, whether
    /// lines may tie the clues or not.
    #[test]
    fn narrowing_keeps_what_some_grid_uses() {
        let shape = Shape::from_size(4).unwrap();
        let grids = all_grids();
        assert_eq!(grids.len(), 288);
        let sights: Vec<Sightline> = WAYS.into_iter().flat_map(|w| lines_read(4, w)).collect();
        let cells: Vec<Cell> = shape.cells().collect();
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut narrowed_something = false;
        for round in 0..400 {
            let ties = round % 2 == 1;
            let g = &grids[next(grids.len())];
            let values = CellValues::new(shape, g);
            let rank_of = |s: &Sightline| {
                1 + sights
                    .iter()
                    .filter(|o| compare_sights(&values, o, s) == Some(Ordering::Less))
                    .count() as u32
            };
            let clued: Vec<FullRank> = (0..1 + next(3))
                .map(|_| {
                    let s = sights[next(sights.len())];
                    FullRank::new(s, rank_of(&s))
                })
                .collect();
            let all: Vec<VariantConstraint> = clued.iter().cloned().map(Into::into).collect();
            let clued: Vec<FullRank> = clued.into_iter().map(|c| c.settled(&all, ties)).collect();
            // Candidates: the digits of a few grids, cell by cell.
            let mut sets = vec![DigitSet::EMPTY; 16];
            for k in 0..1 + next(4) {
                let h = if k == 0 { g } else { &grids[next(grids.len())] };
                for (set, &v) in sets.iter_mut().zip(h) {
                    set.insert(Digit::new(v).unwrap());
                }
            }
            let fits = |h: &Vec<u8>| {
                let values = CellValues::new(shape, h);
                h.iter()
                    .zip(&sets)
                    .all(|(&v, s)| s.contains(Digit::new(v).unwrap()))
                    && clued.iter().all(|c| c.admits(&values))
            };
            let mut used = [DigitSet::EMPTY; 16];
            for h in grids.iter().filter(|h| fits(h)) {
                for (set, &v) in used.iter_mut().zip(h) {
                    set.insert(Digit::new(v).unwrap());
                }
            }
            for clue in &clued {
                let kept = clue.narrow(&cells, &sets, shape).unwrap();
                for i in 0..16 {
                    assert_eq!(kept[i] & used[i], used[i], "{clue} at cell {i}: {sets:?}");
                    narrowed_something |= kept[i] != sets[i];
                }
            }
        }
        assert!(narrowed_something);
    }
}
