//! A constraint's own logic: the candidates of a constraint's cells that no filling it allows holds.

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use super::{Find, Technique, spend};
use crate::constraint::{CellValues, Constraint};
use crate::grid::{Cell, CellDigit, Digit, DigitSet};
use crate::logic::{Board, Sentence, Step};
use crate::rules::{Scope, WeakLinks};

/// The most partial fillings one group's search tries before it gives up on the group
/// (which then rules nothing out: a group is only judged when it is judged in full).
const NODES: usize = 100_000;

/// A constraint's own logic, for every family alike: for each group of cells a constraint
/// judges together ([`Constraint::scopes`]: a cage's cells, a line's, two neighbours of a
/// rule over the whole grid), the candidates that no filling of the group from the cells'
/// candidates holds, the constraint allowing it, the cells that see each other differing
/// and no two values forbidden together ([`WeakLinks`]). A killer cage of 16 in two cells
/// keeps {7,9}; a thermometer's bulb loses what leaves no room above it.
#[derive(Clone, Copy, Debug)]
pub struct ConstraintLogic;

impl Find for ConstraintLogic {
    fn technique(&self) -> Technique {
        Technique::ConstraintLogic
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let layout = board.layout();
        if !layout.has_constraints_for_logic() {
            return None;
        }
        let links = layout.weak_links();
        let shape = layout.shape;
        // The values a group's search looks at: its own cells' only (blank between
        // searches), so that what it finds depends on the group's candidates alone.
        let mut values = vec![0u8; shape.cell_count()];
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            let mut lightest: Option<Step> = None;
            if memo.id != links.id() {
                memo.id = links.id();
                memo.kept.clear();
            }
            // The group and its candidates, the key of a search in the memo (one buffer
            // for every group).
            let mut key: (u32, Vec<DigitSet>) = (0, Vec::new());
            for (k, scope) in links.scopes().iter().enumerate() {
                if scope.cells.iter().all(|&c| board.placed(c as usize)) {
                    // Nothing left to narrow, but the digits placed may break the
                    // constraint (a forcing chain's branch fills a cage by singles at once).
                    match broken(board, scope, &mut values) {
                        Some(step) => return Some(step),
                        None => continue,
                    }
                }
                key.0 = k as u32;
                key.1.clear();
                key.1
                    .extend(scope.cells.iter().map(|&c| board.set(c as usize)));
                if !memo.kept.contains_key(&key) {
                    let constraint = layout.rules.constraints()[scope.constraint].get();
                    let cells: Vec<Cell> = scope
                        .cells
                        .iter()
                        .map(|&c| board.cell(c as usize))
                        .collect();
                    // The constraint's own reasoning where it has one, else every filling.
                    let kept = match constraint.narrow(&cells, &key.1, shape) {
                        Some(kept) => {
                            if !spend(scope.cells.len() as u64 * 81) {
                                return None;
                            }
                            Some(kept)
                        }
                        None => {
                            let mut search =
                                Search::new(board, links, constraint, scope, &mut values);
                            let kept = search.kept(scope);
                            // A node costs a check of the constraint over its cells.
                            if !spend((search.nodes as u64 + 1) * scope.cells.len() as u64) {
                                return None;
                            }
                            kept
                        }
                    };
                    if memo.kept.len() >= MEMO_SEARCHES {
                        memo.kept.clear();
                    }
                    memo.kept.insert(key.clone(), kept);
                }
                let Some(kept) = &memo.kept[&key] else {
                    continue;
                };
                let constraint = &layout.rules.constraints()[scope.constraint];
                if let Some(step) = step(board, scope, constraint, kept) {
                    // The lightest step (fewest open cells judged at once), the first of
                    // those: a person takes the domino before the seven-cell cage.
                    if step.weight == Technique::ConstraintLogic.weight() {
                        return Some(step);
                    }
                    if lightest
                        .as_ref()
                        .is_none_or(|l: &Step| step.weight < l.weight)
                    {
                        lightest = Some(step);
                    }
                }
            }
            lightest
        })
    }
}

/// What a group's search found for the candidates of its cells: what each cell keeps (in
/// the group's order), `None` when the search ran out of work.
pub(super) type Kept = Option<Vec<DigitSet>>;

/// The most searches the memo of one thread keeps: once full, it starts afresh (a few
/// tens of megabytes at most).
const MEMO_SEARCHES: usize = 1 << 18;

/// The searches remembered on one thread, for the weak links of one set of rules.
#[derive(Default)]
struct Memo {
    /// The weak links' id ([`WeakLinks::id`]).
    id: u64,
    /// By group (its index among the scopes) and the candidates of its cells searched:
    /// what they kept.
    kept: FxHashMap<(u32, Vec<DigitSet>), Kept>,
}

thread_local! {
    /// The searches done: a group whose candidates are as they were once before (from one
    /// step of a path to the next, in a forcing chain's branches, which come back to the
    /// same candidates again and again) is not searched again. One set of rules at a time
    /// (a batch's next puzzle starts afresh).
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The step of `scope` whose open cells keep `kept`, if that rules anything out.
fn step(
    board: &Board<'_>,
    scope: &Scope,
    constraint: &crate::constraint::VariantConstraint,
    kept: &[DigitSet],
) -> Option<Step> {
    let (mut step, left) = narrowed(board, Technique::ConstraintLogic, &scope.cells, kept)?;
    step.constraint = Some(scope.constraint);
    let open = scope.cells.iter().filter(|&&c| !board.placed(c as usize));
    step.weight += open_cells_tenths(open.count());
    let sentence = named(constraint, scope, &step.cells);
    step.sentence = what_is_left(sentence.text(": every filling it allows has "), &left);
    Some(step)
}

/// The step of `scope`, every cell of it placed, when the digits placed break its
/// constraint: each cell loses its digit (a contradiction); `None` when they keep it.
fn broken(board: &Board<'_>, scope: &Scope, values: &mut [u8]) -> Option<Step> {
    let layout = board.layout();
    let constraint = &layout.rules.constraints()[scope.constraint];
    let cells: Vec<Cell> = (scope.cells.iter())
        .map(|&c| board.cell(c as usize))
        .collect();
    for &c in &scope.cells {
        values[c as usize] = board.set(c as usize).only().map_or(0, Digit::get);
    }
    let kept = constraint
        .get()
        .admits_scope(&CellValues::new(layout.shape, values), &cells);
    for &c in &scope.cells {
        values[c as usize] = 0;
    }
    if kept {
        return None;
    }
    let (mut step, _) = narrowed(
        board,
        Technique::ConstraintLogic,
        &scope.cells,
        &vec![DigitSet::EMPTY; scope.cells.len()],
    )?;
    step.constraint = Some(scope.constraint);
    step.sentence =
        named(constraint, scope, &step.cells).text(": the digits placed in it break it");
    Some(step)
}

/// A sentence naming `scope`'s constraint, and its `cells` when the scope is part of it.
fn named(
    constraint: &crate::constraint::VariantConstraint,
    scope: &Scope,
    cells: &[Cell],
) -> Sentence {
    let sentence = Sentence::default().text(constraint);
    match scope.part {
        true => sentence.text(" at ").cells(cells),
        false => sentence,
    }
}

/// What a constraint step weighs beyond its row, in tenths: a tenth for each open cell past
/// two that it judges together (a person weighs the fillings of those cells at once: a
/// domino's or a two-cell cage's are seen at a glance, a seven-cell cage's take working
/// out), a whole point at most.
pub(super) fn open_cells_tenths(open: usize) -> u8 {
    open.saturating_sub(2).min(10) as u8
}

/// A step of `technique` over `cells` (by index) narrowing each to what it keeps in
/// `kept`, with the cells that lose candidates and what they keep; `None` when nothing
/// goes.
pub(super) fn narrowed(
    board: &Board<'_>,
    technique: Technique,
    cells: &[u32],
    kept: &[DigitSet],
) -> Option<(Step, Vec<(Cell, DigitSet)>)> {
    let mut step = Step::new(technique);
    let mut left = Vec::new();
    for (&i, &keep) in cells.iter().zip(kept) {
        let i = i as usize;
        let cell = board.cell(i);
        let gone = board.set(i) & !keep;
        if gone.is_empty() {
            continue;
        }
        step.eliminations
            .extend(gone.iter().map(|digit| CellDigit { cell, digit }));
        left.push((cell, keep));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.cells = cells.iter().map(|&c| board.cell(c as usize)).collect();
    Some((step, left))
}

/// `sentence` followed by what each cell of `left` keeps: `r1c1 in {7,9}, r1c2=8`.
pub(super) fn what_is_left(mut sentence: Sentence, left: &[(Cell, DigitSet)]) -> Sentence {
    for (n, &(cell, keep)) in left.iter().enumerate() {
        if n > 0 {
            sentence = sentence.text(", ");
        }
        sentence = match keep.only() {
            Some(digit) => sentence.text(format!("{cell}=")).digit(digit),
            None if keep.is_empty() => sentence.text(format!("no digit in {cell}")),
            None => sentence.text(format!("{cell} in ")).digits(keep),
        };
    }
    sentence
}

/// The search for fillings of one group: a depth-first search that tries the open cell with
/// the fewest candidates left first and, on each value it tries, strikes from the other
/// open cells what that value forbids (a peer's same digit, a weak link), backing out as
/// soon as a cell has nothing left (forward checking).
pub(super) struct Search<'s, 'b> {
    board: &'s Board<'b>,
    constraint: &'s dyn Constraint,
    /// The group's cells, for [`Constraint::admits_scope`].
    cells: Vec<Cell>,
    /// The open cells of the group (by index), fewest candidates first.
    open: Vec<usize>,
    /// The grid's values: the group's placed cells, and the filling being tried (every
    /// other cell blank).
    values: &'s mut Vec<u8>,
    /// The candidates of each open cell some filling holds.
    held: Vec<DigitSet>,
    pub(super) nodes: usize,
    /// Digits a filling must place, each in one of its cells (by index): what a house that
    /// holds the digit only among the group's cells requires.
    required: Vec<(Vec<usize>, u8)>,
    /// The digits of the grid.
    digits: usize,
    /// Whether open cells `t` and `u` see each other, at `t * open + u`.
    sees: Vec<bool>,
    /// What open cell `t` holding the digit of index `d` forbids in the other open cells by
    /// weak links, at `t * digits + d`: each other open cell with the digits it loses.
    linked: Vec<Vec<(usize, DigitSet)>>,
    /// The candidates left to each open cell, a row of `open.len()` per depth.
    domains: Vec<DigitSet>,
}

/// The search ran out of [`NODES`].
struct OutOfWork;

impl<'s, 'b> Search<'s, 'b> {
    pub(super) fn new(
        board: &'s Board<'b>,
        links: &'s WeakLinks,
        constraint: &'s dyn Constraint,
        scope: &Scope,
        values: &'s mut Vec<u8>,
    ) -> Search<'s, 'b> {
        let mut open: Vec<usize> = scope
            .cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !board.placed(c))
            .collect();
        open.sort_by_key(|&c| board.set(c).len());
        for &c in &scope.cells {
            if board.placed(c as usize) {
                values[c as usize] = board.set(c as usize).only().map_or(0, Digit::get);
            }
        }
        let digits = board.layout().shape.digit_count();
        let k = open.len();
        let mut sees = vec![false; k * k];
        for t in 0..k {
            for u in 0..t {
                let seen = board.sees(open[t], open[u]);
                sees[t * k + u] = seen;
                sees[u * k + t] = seen;
            }
        }
        let mut linked = vec![Vec::new(); k * digits];
        if !links.is_empty() {
            for (t, &cell) in open.iter().enumerate() {
                for digit in board.set(cell).iter() {
                    let node = (cell * digits + digit.index()) as u32;
                    let entry: &mut Vec<(usize, DigitSet)> =
                        &mut linked[t * digits + digit.index()];
                    for &partner in links.partners(node) {
                        let (other, lost) = (partner as usize / digits, partner as usize % digits);
                        let Some(u) = open.iter().position(|&o| o == other) else {
                            continue;
                        };
                        if u == t {
                            continue;
                        }
                        let lost = Digit::from_index(lost);
                        match entry.iter_mut().find(|(v, _)| *v == u) {
                            Some((_, set)) => {
                                set.insert(lost);
                            }
                            None => entry.push((u, DigitSet::single(lost))),
                        }
                    }
                }
            }
        }
        let mut domains = vec![DigitSet::EMPTY; k * (k + 1)];
        for (t, &cell) in open.iter().enumerate() {
            domains[t] = board.set(cell);
        }
        Search {
            board,
            constraint,
            cells: scope
                .cells
                .iter()
                .map(|&c| board.cell(c as usize))
                .collect(),
            held: vec![DigitSet::EMPTY; k],
            open,
            values,
            nodes: 0,
            required: Vec::new(),
            digits,
            sees,
            linked,
            domains,
        }
    }

    /// The same search, its fillings each placing every digit of `required` in one of its
    /// cells (by index).
    pub(super) fn requiring(self, required: Vec<(Vec<usize>, Digit)>) -> Search<'s, 'b> {
        let required = (required.into_iter())
            .map(|(cells, digit)| (cells, digit.get()))
            .collect();
        Search { required, ..self }
    }

    /// What each cell of the group keeps, in the group's order (the candidates some
    /// filling holds; a placed cell keeps its digit); `None` when the search ran out of
    /// work.
    pub(super) fn kept(&mut self, scope: &Scope) -> Kept {
        let result = self.run();
        for &c in &scope.cells {
            self.values[c as usize] = 0;
        }
        result.ok()?;
        let kept = scope.cells.iter().map(|&c| {
            let c = c as usize;
            match self.open.iter().position(|&o| o == c) {
                Some(t) => self.held[t],
                None => self.board.set(c),
            }
        });
        Some(kept.collect())
    }

    fn run(&mut self) -> Result<(), OutOfWork> {
        if !self.admits() {
            return Ok(());
        }
        for t in 0..self.open.len() {
            let cell = self.open[t];
            for digit in self.board.set(cell).iter() {
                if self.held[t].contains(digit) || !self.strike(0, t, digit) {
                    continue;
                }
                self.values[cell] = digit.get();
                if self.admits() {
                    self.fill(1)?;
                }
                self.values[cell] = 0;
            }
        }
        Ok(())
    }

    /// Fills the open cells left, `depth` of them filled and their candidates at row
    /// `depth` of the domains; whether a filling was found (each value of it is then held).
    fn fill(&mut self, depth: usize) -> Result<bool, OutOfWork> {
        let k = self.open.len();
        let row = depth * k;
        // The open cell left with the fewest candidates.
        let next = (0..k)
            .filter(|&u| self.values[self.open[u]] == 0)
            .min_by_key(|&u| self.domains[row + u].len());
        let Some(t) = next else {
            let placed =
                |(cells, digit): &(Vec<usize>, u8)| cells.iter().any(|&c| self.values[c] == *digit);
            if !self.required.iter().all(placed) {
                return Ok(false);
            }
            for (t, &cell) in self.open.iter().enumerate() {
                self.held[t].insert(Digit::new(self.values[cell]).expect("filled"));
            }
            return Ok(true);
        };
        let cell = self.open[t];
        let domain = self.domains[row + t];
        // Digits no filling found holds here yet first: a filling then teaches more.
        let fresh = domain & !self.held[t];
        for digit in fresh.iter().chain((domain & self.held[t]).iter()) {
            self.nodes += 1;
            if self.nodes > NODES {
                return Err(OutOfWork);
            }
            if !self.strike(depth, t, digit) {
                continue;
            }
            self.values[cell] = digit.get();
            if self.admits() && self.fill(depth + 1)? {
                self.values[cell] = 0;
                return Ok(true);
            }
            self.values[cell] = 0;
        }
        Ok(false)
    }

    /// Row `depth + 1` of the domains: row `depth` with open cell `t` holding `digit` and
    /// what that forbids struck from the open cells not yet filled; whether every cell
    /// keeps a candidate.
    fn strike(&mut self, depth: usize, t: usize, digit: Digit) -> bool {
        let k = self.open.len();
        let (before, after) = self.domains.split_at_mut((depth + 1) * k);
        let (from, to) = (&before[depth * k..], &mut after[..k]);
        for u in 0..k {
            let mut set = from[u];
            if u != t && self.values[self.open[u]] == 0 && self.sees[t * k + u] {
                set.remove(digit);
            }
            to[u] = set;
        }
        to[t] = DigitSet::single(digit);
        for &(u, lost) in &self.linked[t * self.digits + digit.index()] {
            if self.values[self.open[u]] == 0 {
                to[u] = to[u] & !lost;
            }
        }
        to.iter().all(|set| !set.is_empty())
    }

    /// Whether the constraint admits the values so far.
    fn admits(&self) -> bool {
        let shape = self.board.layout().shape;
        self.constraint
            .admits_scope(&CellValues::new(shape, self.values), &self.cells)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::constraint::{Cage, CageTotal, Thermometer};
    use crate::grid::Shape;
    use crate::rules::{Layout, Rules};

    fn cells(names: &str) -> Vec<Cell> {
        names.split(' ').map(|n| n.parse().unwrap()).collect()
    }

    /// What each open cell of `scope` holds in some filling, tried one by one: every
    /// value from its candidates, the open cells that see each other differing, no two
    /// linked values, the constraint admitting all.
    fn every_filling(
        board: &Board<'_>,
        links: &WeakLinks,
        constraint: &dyn Constraint,
        scope: &Scope,
    ) -> Vec<DigitSet> {
        let shape = board.layout().shape;
        let n = shape.digit_count();
        let all: Vec<usize> = scope.cells.iter().map(|&c| c as usize).collect();
        let open: Vec<usize> = all.iter().copied().filter(|&c| !board.placed(c)).collect();
        let scope_cells: Vec<Cell> = all.iter().map(|&c| board.cell(c)).collect();
        let mut held = vec![DigitSet::EMPTY; all.len()];
        let mut values = vec![0u8; shape.cell_count()];
        for &c in &all {
            if board.placed(c) {
                values[c] = board.set(c).only().unwrap().get();
            }
        }
        let mut counter = vec![0usize; open.len()];
        loop {
            for (k, &c) in open.iter().enumerate() {
                values[c] = counter[k] as u8 + 1;
            }
            let fits = open
                .iter()
                .all(|&c| board.set(c).contains(Digit::new(values[c]).unwrap()))
                && open.iter().all(|&a| {
                    open.iter().all(|&b| {
                        let node = |c: usize| (c * n + values[c] as usize - 1) as u32;
                        let clash = values[a] == values[b] && board.sees(a, b);
                        a == b || !clash && !links.forbids(node(a), node(b))
                    })
                })
                && constraint.admits_scope(&CellValues::new(shape, &values), &scope_cells);
            if fits {
                for (k, &c) in all.iter().enumerate() {
                    held[k].insert(Digit::new(values[c]).unwrap());
                }
            }
            if open.is_empty() {
                break;
            }
            // The next assignment, as a number in base n.
            let mut k = 0;
            while k < open.len() {
                counter[k] += 1;
                if counter[k] < n {
                    break;
                }
                counter[k] = 0;
                k += 1;
            }
            if k == open.len() {
                break;
            }
        }
        // A placed cell keeps its digit whatever the fillings.
        for (k, &c) in all.iter().enumerate() {
            if board.placed(c) {
                held[k] = board.set(c);
            }
        }
        held
    }

    #[test]
    fn the_search_keeps_what_every_filling_tried_one_by_one_holds() {
        // A 6×6 grid with a cage whose cells partly see each other, a thermometer through
        // two of its cells (what one forbids the other's group must heed) and a cage whose
        // digits may repeat (only its cells that see each other differ), under random candidates (some cells reduced to one digit).
        let six = Shape::from_size(6).unwrap();
        let rules = Rules::standard(six)
            .unwrap()
            .with_constraint(Cage::new(cells("r1c1 r1c2 r2c2 r3c3"), Some(14)))
            .unwrap()
            .with_constraint(Thermometer::new(cells("r2c2 r3c3 r4c2 r5c3")))
            .unwrap()
            .with_constraint(Cage::with_total(
                cells("r4c5 r5c5 r5c6 r6c5 r6c6"),
                CageTotal::Sums(vec![16]),
                true,
            ))
            .unwrap();
        let rules = Arc::new(rules);
        let layout = Layout::new(&rules);
        let links = layout.weak_links();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut judged, mut narrowed) = (0, 0);
        for _ in 0..400 {
            let sets: Vec<DigitSet> = (0..six.cell_count())
                .map(|_| {
                    let bits = next();
                    let set: DigitSet = (0..6)
                        .filter(|&d| bits >> (3 + d) & 1 == 1)
                        .map(Digit::from_index)
                        .collect();
                    if bits % 5 == 0 {
                        DigitSet::single(Digit::from_index((bits >> 12) as usize % 6))
                    } else if set.is_empty() {
                        DigitSet::all(6)
                    } else {
                        set
                    }
                })
                .collect();
            let board = Board::with_sets(&layout, &sets, false);
            for scope in links.scopes() {
                let constraint = rules.constraints()[scope.constraint].get();
                let mut values = vec![0u8; six.cell_count()];
                let mut search = Search::new(&board, links, constraint, scope, &mut values);
                let kept = search
                    .kept(scope)
                    .expect("a small group is searched in full");
                let expected = every_filling(&board, links, constraint, scope);
                assert_eq!(
                    kept, expected,
                    "candidates {sets:?}, scope {:?}",
                    scope.cells
                );
                judged += 1;
                narrowed += usize::from(
                    kept.iter()
                        .zip(&scope.cells)
                        .any(|(k, &c)| *k != sets[c as usize]),
                );
            }
        }
        // Groups of every kind: some narrowed, some left whole.
        assert!(narrowed > 50 && narrowed < judged, "{narrowed} of {judged}");
    }

    #[test]
    fn a_group_whose_cells_are_all_placed_is_checked() {
        // A forcing chain's branch may place every cell of a cage by singles at once: the
        // cage is then judged by its digits, a contradiction when they break it.
        let four = Shape::from_size(4).unwrap();
        let rules = Rules::standard(four)
            .unwrap()
            .with_constraint(Cage::new(cells("r1c1 r1c2"), Some(3)))
            .unwrap();
        let rules = Arc::new(rules);
        let layout = Layout::new(&rules);
        let board_with = |second: usize| {
            let mut sets = vec![DigitSet::all(4); four.cell_count()];
            sets[0] = DigitSet::single(Digit::from_index(0));
            sets[1] = DigitSet::single(Digit::from_index(second - 1));
            sets
        };
        let broken = board_with(3);
        let board = Board::with_sets(&layout, &broken, false);
        let step = ConstraintLogic
            .find(&board)
            .expect("1 + 3 breaks the cage of 3");
        let gone: Vec<String> = step.eliminations.iter().map(|e| e.to_string()).collect();
        assert_eq!(gone, ["r1c1=1", "r1c2=3"], "each cell loses its digit");
        assert!(step.to_string().contains("break"), "{step}");
        let kept = board_with(2);
        assert!(
            ConstraintLogic
                .find(&Board::with_sets(&layout, &kept, false))
                .is_none()
        );
    }
}
