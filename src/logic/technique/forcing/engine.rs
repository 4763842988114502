//! The forcing engine: what follows from assuming a candidate true or false, by singles and, nested, by other techniques, with each consequence's ancestors.

use std::collections::VecDeque;

use crate::grid::{Digit, DigitSet};
use crate::logic::technique::{Find, spend};
use crate::logic::{Board, Sentence, Step};
use crate::rules::WeakLinks;

/// A literal: candidate `node` (cell index · N + digit index) true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Lit {
    /// The candidate.
    pub node: u32,
    /// True or false.
    pub on: bool,
}

impl Lit {
    /// The literal's index in a branch's tables.
    pub fn index(self) -> usize {
        self.node as usize * 2 + usize::from(self.on)
    }

    /// The literal of index `i`.
    pub fn at(i: usize) -> Lit {
        Lit {
            node: (i / 2) as u32,
            on: i % 2 == 1,
        }
    }

    /// The opposite literal.
    pub fn not(self) -> Lit {
        Lit {
            on: !self.on,
            ..self
        }
    }
}

/// How one literal leads to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Links {
    /// One digit at a time (Nishio): a true candidate rules its digit out of its peers,
    /// and a digit's last place in a house holds it; a cell's other digits are not looked
    /// at.
    Digit,
    /// The links of the board as it stands (static chains): a true candidate rules out
    /// its cell's other digits and its digit in its peers; a false one makes true the
    /// other candidate of a cell with two, or the other place of a digit with two in a
    /// house, however much the assumption has removed.
    Static,
    /// Singles on what the assumption leaves (dynamic chains): a cell's last candidate, a
    /// digit's last place in a house.
    Dynamic,
}

/// Not reached (trigger table).
const UNREACHED: u32 = u32::MAX;
/// Assumed, not derived (trigger table).
const ASSUMED: u32 = u32::MAX - 1;
/// A naked single: the cell's other candidates are false (cause table).
const NAKED: u32 = u32::MAX - 2;
/// Flag of a hidden single in house `h` (cause `HOUSE | h`).
const HOUSE: u32 = 1 << 31;
/// Flag of the consequence of inner step `k` (trigger and cause `INNER | k`).
const INNER: u32 = 1 << 30;

/// The literal index a trigger names, if it names one.
fn trigger_lit(code: u32) -> Option<usize> {
    (code < INNER).then_some(code as usize)
}

/// The inner step a trigger or cause names, if it names one.
fn inner_of(code: u32) -> Option<usize> {
    (code & (HOUSE | INNER) == INNER).then_some((code & !INNER) as usize)
}

/// The house of a hidden-single cause, if it is one.
fn house_of(code: u32) -> Option<usize> {
    (code & (HOUSE | INNER) == HOUSE).then_some((code & !HOUSE) as usize)
}

/// What went wrong in a branch.
#[derive(Clone, Copy, Debug)]
pub(super) enum Contradiction {
    /// The candidate (node) is both true and false.
    Both(u32),
    /// The cell (by index) has no candidate left.
    Cell(usize),
    /// The house (by index) has no place left for the digit.
    House(usize, Digit),
}

/// A step of another technique taken inside a branch where singles stopped.
pub(super) struct InnerStep {
    /// The step, on the branch's candidates.
    pub step: Step,
    /// The literals (indices) of the branch it rests on.
    pub parents: Vec<u32>,
}

/// Everything that follows from one assumption.
pub(super) struct Branch {
    /// Per literal index: the literal it follows from, [`ASSUMED`], `INNER | k`, or
    /// [`UNREACHED`].
    trigger: Vec<u32>,
    /// Per literal index of a true literal: how it follows ([`NAKED`], `HOUSE | h`,
    /// `INNER | k`).
    cause: Vec<u32>,
    /// The literals reached, in order.
    pub reached: Vec<Lit>,
    /// The contradiction the branch ends in, if any.
    pub contradiction: Option<Contradiction>,
    /// What the branch assumes.
    pub assumption: Lit,
    /// The candidates as they stand in the branch (dynamic links).
    pub sets: Vec<DigitSet>,
    /// Per house · N + digit index: the places the digit has in the house in `sets`.
    places: Vec<u16>,
    queue: VecDeque<Lit>,
    /// The inner steps taken.
    pub inner: Vec<InnerStep>,
    /// Under the same-digits rule on a grid whose houses may miss digits: per digit index,
    /// the true literal (index) that placed the digit first in the branch, which every
    /// house must then hold, or [`UNREACHED`].
    chosen_by: Vec<u32>,
    /// Under the same-digits rule: the digits the branch has found in no house (every cell
    /// has lost them once).
    unused: DigitSet,
}

impl Branch {
    /// Whether `lit` is reached.
    pub fn has(&self, lit: Lit) -> bool {
        self.trigger[lit.index()] != UNREACHED
    }

    /// Marks `lit` reached from `trigger` by `cause`; a contradiction when its opposite
    /// is reached already.
    fn reach(&mut self, lit: Lit, trigger: u32, cause: u32) {
        let i = lit.index();
        if self.trigger[i] != UNREACHED {
            return;
        }
        self.trigger[i] = trigger;
        self.cause[i] = cause;
        self.reached.push(lit);
        if self.has(lit.not()) {
            self.contradiction = Some(Contradiction::Both(lit.node));
        } else {
            self.queue.push_back(lit);
        }
    }
}

/// Marks for counting ancestors.
pub(super) struct Counter {
    seen: Vec<u32>,
    inner_seen: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
}

/// The search over one board.
pub(super) struct Engine<'b, 'a> {
    /// The board.
    pub board: &'b Board<'a>,
    size: usize,
    links: Links,
    inner: [&'b [&'static dyn Find]; 3],
    /// The constraints' weak links (none without constraints).
    weak: Option<&'b WeakLinks>,
    /// Per house · N + digit index: the places the digit has in the house on the board.
    places: Vec<u16>,
    /// Per house: the digits it must hold on the board ([`Board::must_hold`]): where one
    /// must go is reasoned from for these only (every digit on a classic grid).
    must: Vec<DigitSet>,
    /// Whether the same-digits rule holds on a grid whose houses may miss digits: a digit
    /// placed anywhere in a branch must then be in every house.
    chooses: bool,
    /// Whether every house must hold every digit (the board's houses are full).
    full: bool,
}

impl<'b, 'a> Engine<'b, 'a> {
    /// The engine of `board` with `links`, taking the steps of the `inner` techniques (the
    /// first that finds one, the first part's before the second's) where singles stop.
    pub fn new(board: &'b Board<'a>, links: Links, inner: [&'b [&'static dyn Find]; 3]) -> Self {
        let layout = board.layout();
        let size = layout.shape.digit_count();
        let mut places = vec![0u16; layout.house_count() * size];
        for h in 0..layout.house_count() {
            for &c in layout.house(h) {
                for d in board.set(c as usize).iter() {
                    places[h * size + d.index()] += 1;
                }
            }
        }
        let weak = Some(layout.weak_links()).filter(|w| !w.is_empty());
        let full = board.houses_are_full();
        let must = (0..layout.house_count())
            .map(|h| match full {
                true => DigitSet::all(size),
                false => board.must_hold(h),
            })
            .collect();
        let chooses =
            !full && (layout.rules.globals()).contains(crate::rules::GlobalRule::SameDigits);
        Engine {
            board,
            size,
            links,
            inner,
            weak,
            places,
            must,
            chooses,
            full,
        }
    }

    /// The node of `digit` in the cell with index `cell`.
    pub fn node(&self, cell: usize, digit: Digit) -> u32 {
        (cell * self.size + digit.index()) as u32
    }

    /// The cell (index) of `node`.
    pub fn cell(&self, node: u32) -> usize {
        node as usize / self.size
    }

    /// The digit of `node`.
    pub fn digit(&self, node: u32) -> Digit {
        Digit::from_index(node as usize % self.size)
    }

    /// A literal of `digit` in the cell with index `cell`.
    pub fn lit(&self, cell: usize, digit: Digit, on: bool) -> Lit {
        Lit {
            node: self.node(cell, digit),
            on,
        }
    }

    /// An empty branch for this board.
    pub fn branch(&self) -> Branch {
        let lits = self.board.candidates().sets().len() * self.size * 2;
        Branch {
            trigger: vec![UNREACHED; lits],
            cause: vec![UNREACHED; lits],
            reached: Vec::new(),
            contradiction: None,
            assumption: Lit { node: 0, on: false },
            sets: self.board.candidates().sets().to_vec(),
            places: self.places.clone(),
            queue: VecDeque::new(),
            inner: Vec::new(),
            chosen_by: vec![UNREACHED; self.size],
            unused: DigitSet::EMPTY,
        }
    }

    /// A counter for [`Engine::complexity`].
    pub fn counter(&self) -> Counter {
        let lits = self.board.candidates().sets().len() * self.size * 2;
        Counter {
            seen: vec![0; lits],
            inner_seen: Vec::new(),
            generation: 0,
            stack: Vec::new(),
        }
    }

    /// Empties `branch` and follows `assumption` in it to the end.
    pub fn follow(&self, branch: &mut Branch, assumption: Lit) {
        for lit in branch.reached.drain(..) {
            branch.trigger[lit.index()] = UNREACHED;
        }
        branch.contradiction = None;
        branch.assumption = assumption;
        branch.sets.copy_from_slice(self.board.candidates().sets());
        branch.places.copy_from_slice(&self.places);
        branch.queue.clear();
        branch.inner.clear();
        branch.chosen_by.fill(UNREACHED);
        branch.unused = DigitSet::EMPTY;
        self.assume(branch, assumption, ASSUMED);
        self.run(branch);
    }

    /// Removes `digit` from the cell with index `cell` in the branch; whether it was there.
    #[inline]
    fn remove(&self, branch: &mut Branch, cell: usize, digit: Digit) -> bool {
        if !branch.sets[cell].remove(digit) {
            return false;
        }
        for &h in self.board.layout().houses_of(cell) {
            branch.places[h as usize * self.size + digit.index()] -= 1;
        }
        true
    }

    /// Takes `lit` as a fact of the branch (from `trigger`), updating the candidates.
    fn assume(&self, branch: &mut Branch, lit: Lit, trigger: u32) {
        let (cell, digit) = (self.cell(lit.node), self.digit(lit.node));
        if self.links != Links::Static {
            if lit.on {
                if self.links == Links::Dynamic {
                    for other in (branch.sets[cell] & !DigitSet::single(digit)).iter() {
                        self.remove(branch, cell, other);
                    }
                }
            } else {
                self.remove(branch, cell, digit);
            }
        }
        branch.reach(lit, trigger, trigger);
    }

    /// Follows the queue of `branch` until it is empty or contradicts; where singles stop,
    /// takes an inner step and goes on.
    fn run(&self, branch: &mut Branch) {
        loop {
            while let Some(lit) = branch.queue.pop_front() {
                if lit.on {
                    self.on(branch, lit);
                } else {
                    self.off(branch, lit);
                }
                if branch.contradiction.is_some() {
                    return;
                }
            }
            if self.inner.iter().all(|part| part.is_empty()) || !self.inner_step(branch) {
                return;
            }
        }
    }

    /// What a true literal rules out.
    fn on(&self, branch: &mut Branch, lit: Lit) {
        let (cell, digit) = (self.cell(lit.node), self.digit(lit.node));
        let from = lit.index() as u32;
        let layout = self.board.layout();
        match self.links {
            Links::Static => {
                for other in (self.board.set(cell) & !DigitSet::single(digit)).iter() {
                    branch.reach(self.lit(cell, other, false), from, from);
                }
                for &peer in layout.peers(cell) {
                    if self.board.set(peer as usize).contains(digit) {
                        branch.reach(self.lit(peer as usize, digit, false), from, from);
                    }
                }
                for &other in self.weak.map_or(&[][..], |w| w.partners(lit.node)) {
                    let (c, d) = (self.cell(other), self.digit(other));
                    if self.board.set(c).contains(d) {
                        branch.reach(self.lit(c, d, false), from, from);
                    }
                }
            }
            Links::Dynamic | Links::Digit => {
                if self.links == Links::Dynamic {
                    let others = branch.sets[cell] & !DigitSet::single(digit);
                    for other in others.iter() {
                        self.remove(branch, cell, other);
                        branch.reach(self.lit(cell, other, false), from, from);
                    }
                }
                for &peer in layout.peers(cell) {
                    let peer = peer as usize;
                    if self.remove(branch, peer, digit) {
                        branch.reach(self.lit(peer, digit, false), from, from);
                    }
                }
                for &other in self.weak.map_or(&[][..], |w| w.partners(lit.node)) {
                    let (c, d) = (self.cell(other), self.digit(other));
                    // Nishio follows one digit.
                    if (self.links == Links::Dynamic || d == digit) && self.remove(branch, c, d) {
                        branch.reach(self.lit(c, d, false), from, from);
                    }
                }
                if self.chooses {
                    self.choose(branch, lit);
                }
            }
        }
    }

    /// Under the same-digits rule on a grid whose houses may miss digits: the digit of the
    /// true `lit`, placed for the first time in the branch, is in every house; a house left
    /// one place for it has it there, a house left none is a contradiction.
    fn choose(&self, branch: &mut Branch, lit: Lit) {
        let digit = self.digit(lit.node);
        if branch.chosen_by[digit.index()] != UNREACHED
            || self.must.iter().all(|must| must.contains(digit))
        {
            return;
        }
        let from = lit.index() as u32;
        branch.chosen_by[digit.index()] = from;
        let layout = self.board.layout();
        for h in 0..layout.house_count() {
            if self.must[h].contains(digit) {
                continue;
            }
            match branch.places[h * self.size + digit.index()] {
                0 => {
                    branch.contradiction = Some(Contradiction::House(h, digit));
                    return;
                }
                1 => {
                    let place = (layout.house(h).iter())
                        .map(|&c| c as usize)
                        .find(|&c| branch.sets[c].contains(digit))
                        .expect("one place left");
                    branch.reach(self.lit(place, digit, true), from, HOUSE | h as u32);
                    if branch.contradiction.is_some() {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// Under the same-digits rule, house `h` has no place left for `digit` in `branch` (since
    /// the true literal `from`): no house holds it, and every cell loses it.
    fn unused(&self, branch: &mut Branch, h: usize, digit: Digit, from: u32) {
        if !branch.unused.insert(digit) {
            return; // every cell has lost it already
        }
        for c in 0..branch.sets.len() {
            if self.remove(branch, c, digit) {
                branch.reach(self.lit(c, digit, false), from, HOUSE | h as u32);
                if branch.contradiction.is_some() {
                    return;
                }
            }
        }
    }

    /// Whether house `h` must hold `digit` in `branch`: on the board, or chosen in the
    /// branch under the same-digits rule.
    fn must_hold(&self, branch: &Branch, h: usize, digit: Digit) -> bool {
        self.full || self.must[h].contains(digit) || branch.chosen_by[digit.index()] != UNREACHED
    }

    /// The literal that chose `digit` for house `h` in `branch`, when the board did not.
    fn chooser(&self, branch: &Branch, h: usize, digit: Digit) -> Option<Lit> {
        let by = branch.chosen_by[digit.index()];
        (!self.must[h].contains(digit) && by != UNREACHED).then(|| Lit::at(by as usize))
    }

    /// The candidates of the cell with index `c` that the links look at.
    #[inline]
    fn set_of(&self, branch: &Branch, c: usize) -> DigitSet {
        match self.links {
            Links::Static => self.board.set(c),
            _ => branch.sets[c],
        }
    }

    /// What a false literal makes true.
    fn off(&self, branch: &mut Branch, lit: Lit) {
        let (cell, digit) = (self.cell(lit.node), self.digit(lit.node));
        let from = lit.index() as u32;
        let layout = self.board.layout();
        // Static links need two candidates where dynamic ones need one left.
        let left = usize::from(self.links == Links::Static);
        let own = self.set_of(branch, cell);
        if self.links != Links::Digit {
            let set = own & !DigitSet::single(digit);
            if set.is_empty() {
                if self.links == Links::Dynamic {
                    branch.contradiction = Some(Contradiction::Cell(cell));
                    return;
                }
            } else if let Some(only) = set.only()
                && (if left == 0 {
                    own.is_single()
                } else {
                    own.len() == 2
                })
            {
                branch.reach(self.lit(cell, only, true), from, NAKED);
            }
        }
        for &h in layout.houses_of(cell) {
            let h = h as usize;
            if !self.must_hold(branch, h, digit) {
                // A house that may miss the digit; left no place for it under the
                // same-digits rule, no house holds it.
                if self.chooses
                    && self.links != Links::Static
                    && branch.places[h * self.size + digit.index()] == 0
                {
                    self.unused(branch, h, digit, from);
                    if branch.contradiction.is_some() {
                        return;
                    }
                }
                continue;
            }
            // The places the digit has in the house besides this cell.
            let others = match self.links {
                Links::Static => self.places[h * self.size + digit.index()] as usize - 1,
                _ => branch.places[h * self.size + digit.index()] as usize,
            };
            match others {
                0 if self.links != Links::Static => {
                    branch.contradiction = Some(Contradiction::House(h, digit));
                    return;
                }
                1 => {
                    let place = layout
                        .house(h)
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| c != cell && self.set_of(branch, c).contains(digit))
                        .expect("one place left");
                    branch.reach(self.lit(place, digit, true), from, HOUSE | h as u32);
                    if branch.contradiction.is_some() {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// Takes the first step an inner technique finds on the branch's candidates; whether
    /// there was one.
    fn inner_step(&self, branch: &mut Branch) -> bool {
        let layout = self.board.layout();
        if !spend(branch.sets.len() as u64) {
            return false;
        }
        let inner_board = Board::with_sets(layout, &branch.sets, false);
        let full = inner_board.houses_are_full();
        let Some(step) = (self.inner.iter())
            .flat_map(|part| part.iter())
            .filter(|f| full || f.technique().sound_without_full_houses())
            .find_map(|f| f.find(&inner_board))
        else {
            return false;
        };
        let shape = layout.shape;
        // What the step rests on: the candidates the branch removed in its cells, and in
        // its houses those of the digits it removes or places.
        let digits = step
            .eliminations
            .iter()
            .chain(&step.placements)
            .fold(DigitSet::EMPTY, |a, e| a | DigitSet::single(e.digit));
        let mut parents = Vec::new();
        let add = |c: usize, ds: DigitSet, parents: &mut Vec<u32>| {
            for d in (self.board.set(c) & !branch.sets[c] & ds).iter() {
                let off = self.lit(c, d, false);
                if branch.has(off) && !parents.contains(&(off.index() as u32)) {
                    parents.push(off.index() as u32);
                }
            }
        };
        for &cell in &step.cells {
            add(shape.index(cell), shape.all_digits(), &mut parents);
        }
        for &house in &step.houses {
            if let Some(h) = (0..layout.house_count()).find(|&h| layout.kind(h) == house) {
                for &c in layout.house(h) {
                    add(c as usize, digits, &mut parents);
                }
            }
        }
        let k = INNER | branch.inner.len() as u32;
        let (placements, eliminations) = (step.placements.clone(), step.eliminations.clone());
        branch.inner.push(InnerStep { step, parents });
        let before = branch.reached.len();
        for p in placements {
            let c = shape.index(p.cell);
            if branch.sets[c].contains(p.digit) {
                self.assume(branch, self.lit(c, p.digit, true), k);
            }
        }
        for e in eliminations {
            let c = shape.index(e.cell);
            if branch.sets[c].contains(e.digit) {
                self.assume(branch, self.lit(c, e.digit, false), k);
            }
        }
        branch.reached.len() > before
    }

    /// The literals `lit` follows from directly.
    fn parents(&self, branch: &Branch, lit: Lit, out: &mut Vec<u32>) {
        let i = lit.index();
        let trigger = branch.trigger[i];
        if let Some(k) = inner_of(trigger) {
            out.extend(&branch.inner[k].parents);
            return;
        }
        let Some(from) = trigger_lit(trigger) else {
            return; // assumed
        };
        let (cell, digit) = (self.cell(lit.node), self.digit(lit.node));
        let cause = branch.cause[i];
        if !lit.on {
            match house_of(cause) {
                // An unused digit: its places in the house are all false.
                Some(h) => {
                    for &c in self.board.layout().house(h) {
                        let off = self.lit(c as usize, digit, false);
                        if self.board.set(c as usize).contains(digit) && branch.has(off) {
                            out.push(off.index() as u32);
                        }
                    }
                }
                None => out.push(from as u32),
            }
            return;
        }
        if cause == NAKED {
            for other in (self.board.set(cell) & !DigitSet::single(digit)).iter() {
                let off = self.lit(cell, other, false);
                if branch.has(off) {
                    out.push(off.index() as u32);
                }
            }
        } else if let Some(h) = house_of(cause) {
            for &c in self.board.layout().house(h) {
                let c = c as usize;
                let off = self.lit(c, digit, false);
                if c != cell && self.board.set(c).contains(digit) && branch.has(off) {
                    out.push(off.index() as u32);
                }
            }
            if let Some(by) = self.chooser(branch, h, digit) {
                out.push(by.index() as u32);
            }
        } else {
            out.push(from as u32);
        }
    }

    /// How many literals `lits` rest on in `branch`, themselves included, each once, plus
    /// the complexity of each inner step among them (Sudoku Explainer's ancestor count).
    pub fn complexity(&self, counter: &mut Counter, branch: &Branch, lits: &[Lit]) -> usize {
        counter.generation += 1;
        if counter.generation == u32::MAX {
            counter.seen.fill(0);
            counter.generation = 1;
        }
        let generation = counter.generation;
        counter.inner_seen.resize(branch.inner.len(), 0);
        let mut count = 0;
        let mut parents = Vec::new();
        counter.stack.clear();
        counter.stack.extend(lits.iter().map(|l| l.index() as u32));
        while let Some(i) = counter.stack.pop() {
            let i = i as usize;
            if counter.seen[i] == generation {
                continue;
            }
            counter.seen[i] = generation;
            count += 1;
            if let Some(k) = inner_of(branch.trigger[i])
                && counter.inner_seen[k] != generation
            {
                counter.inner_seen[k] = generation;
                count += branch.inner[k].step.complexity as usize;
            }
            parents.clear();
            self.parents(branch, Lit::at(i), &mut parents);
            counter.stack.extend(&parents);
        }
        count
    }

    /// The literals that make `branch`'s contradiction: the candidate both true and false,
    /// or the false literals of the empty cell or of the digit in the empty house.
    pub fn contradiction_lits(&self, branch: &Branch) -> Vec<Lit> {
        match branch.contradiction {
            None => Vec::new(),
            Some(Contradiction::Both(node)) => {
                vec![Lit { node, on: true }, Lit { node, on: false }]
            }
            Some(Contradiction::Cell(c)) => self
                .board
                .set(c)
                .iter()
                .map(|d| self.lit(c, d, false))
                .filter(|&l| branch.has(l))
                .collect(),
            Some(Contradiction::House(h, d)) => (self.board.layout().house(h).iter())
                .map(|&c| self.lit(c as usize, d, false))
                .filter(|&l| branch.has(l))
                .chain(self.chooser(branch, h, d))
                .collect(),
        }
    }

    /// The inner step (its index) the chain to `lit` starts from, if it starts from one.
    pub fn inner_start(&self, branch: &Branch, lit: Lit) -> Option<usize> {
        let first = self.chain(branch, lit)[0];
        inner_of(branch.trigger[first.index()])
    }

    /// The chain of triggers from the assumption (or an inner step) to `lit`, first first.
    pub fn chain(&self, branch: &Branch, lit: Lit) -> Vec<Lit> {
        let mut chain = vec![lit];
        let mut at = branch.trigger[lit.index()];
        while let Some(i) = trigger_lit(at) {
            let prev = Lit::at(i);
            chain.push(prev);
            at = branch.trigger[prev.index()];
        }
        chain.reverse();
        chain
    }

    /// `chain` in words: `r1c1=3 → r1c5≠3 → r1c5=7`.
    pub fn words(&self, mut sentence: Sentence, chain: &[Lit]) -> Sentence {
        for (i, lit) in chain.iter().enumerate() {
            if i > 0 {
                sentence = sentence.text(" → ");
            }
            sentence = sentence
                .cells(&[self.board.cell(self.cell(lit.node))])
                .text(if lit.on { "=" } else { "≠" })
                .digit(self.digit(lit.node));
        }
        sentence
    }

    /// Whether `lit` says something new on the board: a placement of an open cell, or an
    /// elimination of a candidate still there.
    pub fn news(&self, lit: Lit) -> bool {
        let (cell, digit) = (self.cell(lit.node), self.digit(lit.node));
        if lit.on {
            !self.board.placed(cell)
        } else {
            self.board.set(cell).contains(digit)
        }
    }
}
