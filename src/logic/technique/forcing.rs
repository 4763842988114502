//! Forcing chains: what follows, by singles, from assuming a candidate true; a contradiction, or the same consequence of every candidate of a cell or every place of a digit.

use std::collections::VecDeque;

use super::{Find, Technique, chain_length_tenths};
use crate::grid::{CellDigit, Digit, DigitSet, House};
use crate::logic::{Board, Sentence, Step};

/// A literal: candidate `node` (cell index · N + digit index) true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lit {
    node: u32,
    on: bool,
}

impl Lit {
    fn index(self) -> usize {
        self.node as usize * 2 + usize::from(self.on)
    }
}

/// No parent: the assumption itself.
const NONE: u32 = u32::MAX;

/// The most literals all branches of one search may reach before it gives up (bounds the
/// time on big grids; a 9×9 search reaches far fewer).
const BUDGET: usize = 20_000_000;

/// Everything that follows from one assumption by singles: each literal reached, the
/// literal it follows from, and how far from the assumption; or the contradiction.
struct Branch {
    /// Per literal index: the literal it follows from ([`NONE`] for the assumption), or
    /// unreached (`u32::MAX - 1`).
    parent: Vec<u32>,
    /// Per literal index: links from the assumption.
    depth: Vec<u16>,
    /// The literals reached, in order.
    reached: Vec<Lit>,
    /// The literal after which a cell had no candidate or a house no place for a digit,
    /// and what went wrong.
    contradiction: Option<(Lit, Contradiction)>,
    /// What the branch assumes.
    assumption: Lit,
    /// The candidates as they stand in the branch.
    sets: Vec<DigitSet>,
    /// The literals reached and not yet followed.
    queue: VecDeque<Lit>,
    /// The candidates a nested branch removed, each with the branch that refuted it.
    inner: Vec<(Lit, Branch)>,
}

impl Branch {
    /// Takes `lit` as a fact of the branch, `depth` links in (from nothing: `parent` is
    /// [`NONE`]), updating the candidates.
    fn assume(&mut self, engine: &Engine<'_, '_>, lit: Lit, parent: u32, depth: u16) {
        let (cell, digit) = (engine.cell(lit.node), engine.digit(lit.node));
        if lit.on {
            self.sets[cell] = self.sets[cell] & DigitSet::single(digit);
        } else {
            self.sets[cell].remove(digit);
        }
        if self.parent[lit.index()] == UNREACHED {
            self.parent[lit.index()] = parent;
            self.depth[lit.index()] = depth;
            self.reached.push(lit);
            self.queue.push_back(lit);
        }
    }

    /// The branch emptied and started again from the candidates `sets` with `assumption`
    /// (its buffers kept).
    fn reset(&mut self, engine: &Engine<'_, '_>, sets: &[DigitSet], assumption: Lit) {
        for lit in self.reached.drain(..) {
            self.parent[lit.index()] = UNREACHED;
        }
        self.contradiction = None;
        self.assumption = assumption;
        self.sets.copy_from_slice(sets);
        self.queue.clear();
        self.inner.clear();
        self.assume(engine, assumption, NONE, 0);
    }

    /// Marks `lit` reached from `from`, to be followed.
    fn reach(&mut self, lit: Lit, from: Lit) {
        if self.parent[lit.index()] != UNREACHED {
            return;
        }
        self.parent[lit.index()] = from.index() as u32;
        self.depth[lit.index()] = self.depth[from.index()] + 1;
        self.reached.push(lit);
        self.queue.push_back(lit);
    }

    /// Whether the opposite of `lit` is reached.
    fn contradicts(&self, lit: Lit) -> bool {
        self.parent[Lit { on: !lit.on, ..lit }.index()] != UNREACHED
    }
}

/// What a contradiction is.
#[derive(Clone, Copy, Debug)]
enum Contradiction {
    /// The cell (by index) has no candidate left.
    Cell(usize),
    /// The house (by index) has no place left for the digit.
    House(usize, Digit),
    /// The candidate is both true and false.
    Both(u32),
}

const UNREACHED: u32 = u32::MAX - 1;

/// The search over one board: its candidates, and a branch made from any assumption.
struct Engine<'b, 'a> {
    board: &'b Board<'a>,
    size: usize,
}

impl<'b, 'a> Engine<'b, 'a> {
    fn new(board: &'b Board<'a>) -> Engine<'b, 'a> {
        Engine {
            board,
            size: board.layout().shape.size(),
        }
    }

    fn node(&self, cell: usize, digit: Digit) -> u32 {
        (cell * self.size + digit.index()) as u32
    }

    fn cell(&self, node: u32) -> usize {
        node as usize / self.size
    }

    fn digit(&self, node: u32) -> Digit {
        Digit::from_index(node as usize % self.size)
    }

    /// What follows from `assumption` by naked and hidden singles, from the board.
    fn branch(&self, assumption: Lit) -> Branch {
        self.branch_from(self.board.candidates().sets(), assumption)
    }

    /// What follows from `assumption` by naked and hidden singles, from the candidates
    /// `sets`.
    fn branch_from(&self, sets: &[DigitSet], assumption: Lit) -> Branch {
        let lits = self.size * self.size * self.size * 2;
        let mut branch = Branch {
            parent: vec![UNREACHED; lits],
            depth: vec![0; lits],
            reached: Vec::new(),
            contradiction: None,
            assumption,
            sets: sets.to_vec(),
            queue: VecDeque::new(),
            inner: Vec::new(),
        };
        branch.assume(self, assumption, NONE, 0);
        self.run(&mut branch);
        branch
    }

    /// What follows from `assumption` by singles and, `level` deep, by contradictions (see
    /// [`Engine::nested_from`]).
    fn nested_branch(&self, assumption: Lit, level: usize) -> Branch {
        let branch = self.branch(assumption);
        if level == 0 {
            branch
        } else {
            self.nested_from(branch, level)
        }
    }

    /// A candidate open in `branch` whose branch from there, `level` deep, ends in a
    /// contradiction: the shortest such.
    fn inner_contradiction(&self, branch: &Branch, level: usize) -> Option<(Lit, Branch)> {
        let mut best: Option<(u16, Lit, Branch)> = None;
        let mut scratch: Option<Branch> = None;
        // Cells with fewer candidates first; the shortest among the first that refute.
        for count in 2..=self.size {
            for cell in (0..branch.sets.len()).filter(|&c| branch.sets[c].len() == count) {
                for digit in branch.sets[cell].iter() {
                    let lit = Lit {
                        node: self.node(cell, digit),
                        on: true,
                    };
                    let mut inner = match scratch.take() {
                        Some(mut reused) => {
                            reused.reset(self, &branch.sets, lit);
                            self.run(&mut reused);
                            reused
                        }
                        None => self.branch_from(&branch.sets, lit),
                    };
                    if level > 0 && inner.contradiction.is_none() {
                        inner = self.nested_from(inner, level);
                    }
                    match inner.contradiction {
                        Some((at, _))
                            if best
                                .as_ref()
                                .is_none_or(|(l, ..)| inner.depth[at.index()] < *l) =>
                        {
                            best = Some((inner.depth[at.index()], lit, inner));
                        }
                        _ => scratch = Some(inner),
                    }
                }
            }
            if best.is_some() {
                break;
            }
        }
        best.map(|(_, lit, inner)| (lit, inner))
    }

    /// `branch` continued with contradictions `level` (1 or more) deep: each time singles
    /// stop, a candidate left whose own branch (from there, one level less deep) ends in a
    /// contradiction is removed, and singles go on.
    fn nested_from(&self, mut branch: Branch, level: usize) -> Branch {
        while branch.contradiction.is_none() {
            let Some((lit, inner)) = self.inner_contradiction(&branch, level - 1) else {
                break;
            };
            let off = Lit { on: false, ..lit };
            let depth = inner
                .contradiction
                .map_or(0, |(at, _)| inner.depth[at.index()] + 1);
            branch.inner.push((off, inner));
            branch.assume(self, off, NONE, depth);
            self.run(&mut branch);
        }
        branch
    }

    /// Runs singles on `branch` until they stop or contradict.
    fn run(&self, branch: &mut Branch) {
        let layout = self.board.layout();
        while let Some(lit) = branch.queue.pop_front() {
            let (cell, digit) = (self.cell(lit.node), self.digit(lit.node));
            if lit.on {
                // The cell's other digits, and the digit in its peers, are false.
                let others = branch.sets[cell] & !DigitSet::single(digit);
                branch.sets[cell] = branch.sets[cell] & DigitSet::single(digit);
                for other in others.iter() {
                    let off = Lit {
                        node: self.node(cell, other),
                        on: false,
                    };
                    branch.reach(off, lit);
                }
                for &peer in layout.peers(cell) {
                    let peer = peer as usize;
                    if branch.sets[peer].remove(digit) {
                        let off = Lit {
                            node: self.node(peer, digit),
                            on: false,
                        };
                        if branch.contradicts(off) {
                            branch.contradiction = Some((lit, Contradiction::Both(off.node)));
                            return;
                        }
                        branch.reach(off, lit);
                    }
                }
                continue;
            }
            // Off: a naked single in the cell, hidden singles in its houses.
            match branch.sets[cell].len() {
                0 => {
                    branch.contradiction = Some((lit, Contradiction::Cell(cell)));
                    return;
                }
                1 => {
                    let only = branch.sets[cell].only().expect("one candidate");
                    let on = Lit {
                        node: self.node(cell, only),
                        on: true,
                    };
                    branch.reach(on, lit);
                }
                _ => {}
            }
            for &h in layout.houses_of(cell) {
                let h = h as usize;
                let mut places = layout
                    .house(h)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| branch.sets[c].contains(digit));
                match (places.next(), places.next()) {
                    (None, _) => {
                        branch.contradiction = Some((lit, Contradiction::House(h, digit)));
                        return;
                    }
                    (Some(place), None) => {
                        let on = Lit {
                            node: self.node(place, digit),
                            on: true,
                        };
                        if branch.contradicts(on) {
                            branch.contradiction = Some((lit, Contradiction::Both(on.node)));
                            return;
                        }
                        branch.reach(on, lit);
                    }
                    _ => {}
                }
            }
        }
    }

    /// Whether `lit` says something new on the board: a placement of an open cell, or an
    /// elimination of a candidate still there.
    fn news(&self, lit: Lit) -> bool {
        let (cell, digit) = (self.cell(lit.node), self.digit(lit.node));
        if lit.on {
            !self.board.placed(cell)
        } else {
            self.board.set(cell).contains(digit)
        }
    }

    /// The chain from the assumption to `lit` in `branch`, assumption first.
    fn chain(&self, branch: &Branch, lit: Lit) -> Vec<Lit> {
        let mut chain = vec![lit];
        let mut at = branch.parent[lit.index()];
        while at != NONE && at != UNREACHED {
            let prev = Lit {
                node: at / 2,
                on: at % 2 == 1,
            };
            chain.push(prev);
            at = branch.parent[prev.index()];
        }
        chain.reverse();
        chain
    }

    /// `chain` in words: `r1c1=3 → r1c5≠3 → r1c5=7`.
    fn words(&self, mut sentence: Sentence, chain: &[Lit]) -> Sentence {
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

    /// How `branch` ends in its contradiction, in words: the chain to it, what went
    /// wrong, and, for each candidate a nested branch removed on the way, its own
    /// refutation.
    fn refutation(&self, sentence: Sentence, branch: &Branch) -> Sentence {
        let (at, what) = branch.contradiction.expect("a branch that contradicts");
        let chain = self.chain(branch, at);
        let board = self.board;
        let mut sentence = self
            .words(sentence.text("if "), &[branch.assumption])
            .text(": ");
        sentence = self.words(sentence, &chain).text(", and then ");
        sentence = match what {
            Contradiction::Cell(c) => sentence
                .cells(&[board.cell(c)])
                .text(" has no candidate left"),
            Contradiction::House(h, d) => sentence
                .houses(&[board.layout().kind(h)])
                .text(" has no place for ")
                .digit(d),
            Contradiction::Both(node) => sentence
                .cells(&[board.cell(self.cell(node))])
                .text(" must and cannot hold ")
                .digit(self.digit(node)),
        };
        for (off, inner) in &branch.inner {
            if chain.contains(off) {
                sentence = self.refutation(sentence.text(" (where "), inner).text(")");
            }
        }
        sentence
    }

    /// The open candidates of the board, as nodes.
    fn candidates(&self) -> Vec<u32> {
        self.board
            .open_cells()
            .flat_map(|c| self.board.set(c).iter().map(move |d| (c, d)))
            .map(|(c, d)| self.node(c, d))
            .collect()
    }
}

/// Contradiction forcing chain: a candidate assumed true leads, by singles, to a cell
/// without candidates or a house without a place for a digit; so it is false. At `level` 1
/// and up the chain may also use candidates that are themselves refuted so, one level less
/// deep (nested forcing chains).
#[derive(Clone, Copy, Debug)]
pub struct ContradictionChain {
    /// How deep contradictions nest inside the chain: 0 for singles only.
    pub level: usize,
}

impl Find for ContradictionChain {
    fn technique(&self) -> Technique {
        match self.level {
            0 => Technique::ContradictionChain,
            _ => Technique::NestedContradictionChain,
        }
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let engine = Engine::new(board);
        let mut best: Option<(usize, Lit, Branch)> = None;
        let mut spent = 0;
        for node in engine.candidates() {
            if spent > BUDGET {
                break;
            }
            let assumption = Lit { node, on: true };
            let branch = engine.nested_branch(assumption, self.level);
            spent += branch.reached.len();
            if let Some((at, _)) = branch.contradiction {
                let length = branch.depth[at.index()] as usize + 1;
                if best.as_ref().is_none_or(|(l, ..)| length < *l) {
                    best = Some((length, assumption, branch));
                }
            }
        }
        let (length, assumption, branch) = best?;
        let (cell, digit) = (engine.cell(assumption.node), engine.digit(assumption.node));
        let mut step = Step::new(self.technique());
        step.weight += chain_length_tenths(length);
        step.eliminations = vec![CellDigit {
            cell: board.cell(cell),
            digit,
        }];
        step.cells = vec![board.cell(cell)];
        step.sentence = engine
            .refutation(Sentence::default(), &branch)
            .text(", so ")
            .cells(&[board.cell(cell)])
            .text(" loses ")
            .digit(digit);
        Some(step)
    }
}

/// What every branch of a set of assumptions (one of which holds) leads to: the first new
/// literal reached in all of them, with the branches' total length, as a step.
fn common_consequence(
    engine: &Engine<'_, '_>,
    technique: Technique,
    assumptions: &[Lit],
    branches: &[Branch],
    intro: Sentence,
    pattern: &[usize],
    houses: &[House],
) -> Option<(usize, Step)> {
    let first = branches.first()?;
    let (length, lit) = first
        .reached
        .iter()
        .filter(|&&lit| engine.news(lit) && !assumptions.contains(&lit))
        .filter(|lit| branches.iter().all(|b| b.parent[lit.index()] != UNREACHED))
        .map(|&lit| {
            let length: usize = branches.iter().map(|b| b.depth[lit.index()] as usize).sum();
            (length, lit)
        })
        .min_by_key(|&(length, _)| length)?;
    let board = engine.board;
    let (cell, digit) = (engine.cell(lit.node), engine.digit(lit.node));
    let item = CellDigit {
        cell: board.cell(cell),
        digit,
    };
    let mut step = Step::new(technique);
    step.weight += chain_length_tenths(length);
    if lit.on {
        step.placements = vec![item];
    } else {
        step.eliminations = vec![item];
    }
    step.cells = pattern.iter().map(|&c| board.cell(c)).collect();
    step.houses = houses.to_vec();
    let mut sentence = intro;
    for branch in branches {
        sentence = engine.words(sentence.text("; "), &engine.chain(branch, lit));
    }
    step.sentence = sentence;
    Some((length, step))
}

/// Cell forcing chains: each candidate of a cell, assumed true, leads by singles to the
/// same placement or elimination; one of them holds, so it does.
#[derive(Clone, Copy, Debug)]
pub struct CellForcingChain;

impl Find for CellForcingChain {
    fn technique(&self) -> Technique {
        Technique::CellForcingChain
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let engine = Engine::new(board);
        let mut best: Option<(usize, Step)> = None;
        let mut spent = 0;
        for cell in board.open_cells() {
            if spent > BUDGET {
                break;
            }
            let set = board.set(cell);
            if set.len() < 2 {
                continue;
            }
            let assumptions: Vec<Lit> = set
                .iter()
                .map(|d| Lit {
                    node: engine.node(cell, d),
                    on: true,
                })
                .collect();
            let branches: Vec<Branch> = assumptions.iter().map(|&a| engine.branch(a)).collect();
            spent += branches.iter().map(|b| b.reached.len()).sum::<usize>();
            if branches.iter().any(|b| b.contradiction.is_some()) {
                continue; // a contradiction chain's business
            }
            let intro = Sentence::default()
                .cells(&[board.cell(cell)])
                .text(" holds one of ")
                .digits(set);
            let found = common_consequence(
                &engine,
                Technique::CellForcingChain,
                &assumptions,
                &branches,
                intro,
                &[cell],
                &[],
            );
            if let Some((length, step)) = found
                && best.as_ref().is_none_or(|(l, _)| length < *l)
            {
                best = Some((length, step));
            }
        }
        best.map(|(_, step)| step)
    }
}

/// Region forcing chains: each place of a digit in a house, assumed to hold it, leads by
/// singles to the same placement or elimination; one of them holds, so it does.
#[derive(Clone, Copy, Debug)]
pub struct RegionForcingChain;

impl Find for RegionForcingChain {
    fn technique(&self) -> Technique {
        Technique::RegionForcingChain
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let engine = Engine::new(board);
        let layout = board.layout();
        let mut best: Option<(usize, Step)> = None;
        let mut spent = 0;
        for h in 0..layout.house_count() {
            for digit in layout.shape.digits() {
                if spent > BUDGET {
                    return best.map(|(_, step)| step);
                }
                let places = board.places(h, digit);
                if places.len() < 2 || places.iter().any(|&c| board.placed(c)) {
                    continue;
                }
                let assumptions: Vec<Lit> = places
                    .iter()
                    .map(|&c| Lit {
                        node: engine.node(c, digit),
                        on: true,
                    })
                    .collect();
                let branches: Vec<Branch> = assumptions.iter().map(|&a| engine.branch(a)).collect();
                spent += branches.iter().map(|b| b.reached.len()).sum::<usize>();
                if branches.iter().any(|b| b.contradiction.is_some()) {
                    continue;
                }
                let house = layout.kind(h);
                let intro = Sentence::default()
                    .houses(&[house])
                    .text(" holds ")
                    .digit(digit)
                    .text(" in one of ")
                    .cells(&places.iter().map(|&c| board.cell(c)).collect::<Vec<_>>());
                let found = common_consequence(
                    &engine,
                    Technique::RegionForcingChain,
                    &assumptions,
                    &branches,
                    intro,
                    &places,
                    &[house],
                );
                if let Some((length, step)) = found
                    && best.as_ref().is_none_or(|(l, _)| length < *l)
                {
                    best = Some((length, step));
                }
            }
        }
        best.map(|(_, step)| step)
    }
}
