//! A constraint's own logic: the candidates of a constraint's cells that no filling it allows holds.

use std::cell::RefCell;

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
                memo.entries.clear();
                memo.entries.resize_with(links.scopes().len(), || None);
            }
            for (k, scope) in links.scopes().iter().enumerate() {
                if scope.cells.iter().all(|&c| board.placed(c as usize)) {
                    continue;
                }
                let same = |(set, &c): (&DigitSet, &u32)| *set == board.set(c as usize);
                let entry = &mut memo.entries[k];
                let known = entry
                    .as_ref()
                    .is_some_and(|(sets, _)| sets.iter().zip(&scope.cells).all(same));
                if !known {
                    let constraint = layout.rules.constraints()[scope.constraint].get();
                    let cells: Vec<Cell> = scope
                        .cells
                        .iter()
                        .map(|&c| board.cell(c as usize))
                        .collect();
                    let sets: Vec<DigitSet> =
                        scope.cells.iter().map(|&c| board.set(c as usize)).collect();
                    // The constraint's own reasoning where it has one, else every filling.
                    let kept = match constraint.narrow(&cells, &sets) {
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
                    let sets = scope.cells.iter().map(|&c| board.set(c as usize)).collect();
                    *entry = Some((sets, kept));
                }
                let Some((_, Some(kept))) = entry else {
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

/// The searches remembered on one thread, for the weak links of one set of rules.
#[derive(Default)]
struct Memo {
    /// The weak links' id ([`WeakLinks::id`]).
    id: u64,
    /// By group: the candidates last searched, and what they kept.
    entries: Vec<Option<(Vec<DigitSet>, Kept)>>,
}

thread_local! {
    /// The searches done: a group whose candidates have not changed (from one step of a
    /// path to the next, or in a forcing chain's branch away from its cells) is not
    /// searched again. One set of rules at a time (a batch's next puzzle starts afresh).
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
    let mut sentence = Sentence::default().text(constraint);
    if scope.part {
        sentence = sentence.text(" at ").cells(&step.cells);
    }
    step.sentence = what_is_left(sentence.text(": every filling it allows has "), &left);
    Some(step)
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

/// The search for fillings of one group.
pub(super) struct Search<'s, 'b> {
    board: &'s Board<'b>,
    links: &'s WeakLinks,
    constraint: &'s dyn Constraint,
    /// The group's cells, for [`Constraint::admits_scope`].
    cells: Vec<Cell>,
    /// The open cells of the group, fewest candidates first.
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
        Search {
            board,
            links,
            constraint,
            cells: scope
                .cells
                .iter()
                .map(|&c| board.cell(c as usize))
                .collect(),
            held: vec![DigitSet::EMPTY; open.len()],
            open,
            values,
            nodes: 0,
            required: Vec::new(),
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
                if self.held[t].contains(digit) || !self.fits(t, digit) {
                    continue;
                }
                self.values[cell] = digit.get();
                if self.admits() {
                    self.fill(0)?;
                }
                self.values[cell] = 0;
            }
        }
        Ok(())
    }

    /// Fills the open cells from position `depth` on; whether a filling was found (each
    /// value of it is then held).
    fn fill(&mut self, depth: usize) -> Result<bool, OutOfWork> {
        if depth == self.open.len() {
            let placed =
                |(cells, digit): &(Vec<usize>, u8)| cells.iter().any(|&c| self.values[c] == *digit);
            if !self.required.iter().all(placed) {
                return Ok(false);
            }
            for (t, &cell) in self.open.iter().enumerate() {
                self.held[t].insert(Digit::new(self.values[cell]).expect("filled"));
            }
            return Ok(true);
        }
        let cell = self.open[depth];
        if self.values[cell] != 0 {
            return self.fill(depth + 1);
        }
        for digit in self.board.set(cell).iter() {
            if !self.fits(depth, digit) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > NODES {
                self.values[cell] = 0;
                return Err(OutOfWork);
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

    /// Whether `digit` in the open cell at position `t` agrees with the other open cells
    /// filled so far: no peer holds it, no value forbidden with it.
    fn fits(&self, t: usize, digit: Digit) -> bool {
        let size = self.board.layout().shape.digit_count();
        let cell = self.open[t];
        let node = (cell * size + digit.index()) as u32;
        self.open.iter().enumerate().all(|(u, &other)| {
            let v = self.values[other];
            u == t
                || v == 0
                || !((v == digit.get() && self.board.sees(cell, other))
                    || self
                        .links
                        .forbids(node, (other * size + v as usize - 1) as u32))
        })
    }

    /// Whether the constraint admits the values so far.
    fn admits(&self) -> bool {
        let shape = self.board.layout().shape;
        self.constraint
            .admits_scope(&CellValues::new(shape, self.values), &self.cells)
    }
}
