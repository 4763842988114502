//! Forcing chains: what follows from assuming candidates true or false (a contradiction, or one consequence of every case), on Sudoku Explainer's levels.
//!
//! A level says how one candidate leads to the next ([`Links`]) and which other techniques a
//! chain may use where singles stop; the finder of a level looks, from every candidate of
//! the board, for
//! - a contradiction: the candidate assumed true (or false) leads to a candidate both true
//!   and false, a cell without candidates or a house without a place for a digit;
//! - a double forcing chain: the candidate assumed true and assumed false lead to the same;
//! - a cell forcing chain: each candidate of a cell leads to the same;
//! - a region forcing chain: each place of a digit in a house leads to the same;
//!
//! and takes the one of least weight, then least complexity (the candidates its chains
//! hold, counted as Sudoku Explainer counts them: 0.1 more past 4, 6, 8, 12 … less 2).

mod engine;

use engine::{Branch, Contradiction, Counter, Engine, Links, Lit};

use super::{
    Aic, ConstraintLogic, Find, Fish, HiddenSubset, LockedCandidates, NakedSubset, Technique,
    XChain, XyChain, chain_length_tenths, metered, spend,
};
use crate::grid::{CellDigit, House};
use crate::logic::{Board, Sentence, Step};

/// The work one search may do when no path or step bounds it (see
/// [`STEP_WORK`](crate::logic::STEP_WORK)).
const BUDGET: u64 = crate::logic::STEP_WORK;

/// The most bits of reached literals one search keeps (bounds its memory on big grids).
const MEMORY: usize = 1 << 28;

/// How far a forcing chain reaches, easiest first: Sudoku Explainer's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Nishio (7.5): contradictions, one digit at a time.
    Nishio,
    /// Multiple (8.0): cell and region forcing chains over the board's links as they
    /// stand (static).
    Multiple,
    /// Dynamic (8.5): contradictions, double, cell and region forcing chains by singles on
    /// what each assumption leaves.
    Dynamic,
    /// Dynamic plus (9.0): dynamic, with locked candidates, naked and hidden pairs and
    /// X-wings where singles stop.
    Plus,
    /// Nested (9.5): dynamic plus, with X-chains, XY-chains and AICs too.
    NestedChains,
    /// Nested (10.0): with multiple forcing chains too.
    NestedMultiple,
    /// Nested (10.5): with dynamic forcing chains too.
    NestedDynamic,
}

/// The techniques every chain from dynamic plus on uses where singles stop.
static BASIC: [&dyn Find; 4] = [
    &LockedCandidates,
    &HiddenSubset { size: 2 },
    &NakedSubset { size: 2 },
    &Fish {
        size: 2,
        finned: false,
    },
];
/// The constraints' own logic, which every dynamic chain uses first where singles stop.
static CONSTRAINT: [&dyn Find; 1] = [&ConstraintLogic];
/// What nested chains add to [`BASIC`], by level.
static CHAINS: [&dyn Find; 3] = [&XChain, &XyChain, &Aic];
static MULTIPLE: [&dyn Find; 1] = [&ForcingChain {
    level: Level::Multiple,
}];
static DYNAMIC: [&dyn Find; 1] = [&ForcingChain {
    level: Level::Dynamic,
}];

impl Level {
    fn links(self) -> Links {
        match self {
            Level::Nishio => Links::Digit,
            Level::Multiple => Links::Static,
            _ => Links::Dynamic,
        }
    }

    /// The techniques a chain of this level uses where singles stop, in three parts: from
    /// dynamic chains on, the constraints' own logic first when the rules have constraints
    /// (`constrained`), then those of the level.
    fn inner(self, constrained: bool) -> [&'static [&'static dyn Find]; 3] {
        let own: &'static [&'static dyn Find] = match self {
            Level::Nishio | Level::Multiple => &[],
            _ if constrained => &CONSTRAINT,
            _ => &[],
        };
        match self {
            Level::Nishio | Level::Multiple | Level::Dynamic => [own, &[], &[]],
            Level::Plus => [own, &BASIC, &[]],
            Level::NestedChains => [own, &BASIC, &CHAINS],
            Level::NestedMultiple => [own, &BASIC, &MULTIPLE],
            Level::NestedDynamic => [own, &BASIC, &DYNAMIC],
        }
    }

    /// Whether a contradiction counts (static chains look for common consequences only).
    fn contradictions(self) -> bool {
        self != Level::Multiple
    }

    /// Whether common consequences count (Nishio looks for contradictions only).
    fn consequences(self) -> bool {
        self != Level::Nishio
    }
}

/// Forcing chains of one [`Level`].
#[derive(Clone, Copy, Debug)]
pub struct ForcingChain {
    /// How far the chains reach.
    pub level: Level,
}

/// A step found, with what orders it: weight, then complexity.
type Found = ((u8, u32), Step);

/// Whether `best` orders before (or with) a step of `key`, which then need not be made.
fn beaten(best: &Option<Found>, key: (u8, u32)) -> bool {
    best.as_ref().is_some_and(|(k, _)| *k <= key)
}

/// Keeps `step` in `best` when it orders before what is there.
fn keep(best: &mut Option<Found>, step: Step) {
    let key = (step.weight, step.complexity);
    if best.as_ref().is_none_or(|(k, _)| key < *k) {
        *best = Some((key, step));
    }
}

impl Find for ForcingChain {
    fn technique(&self) -> Technique {
        match self.level {
            Level::Nishio => Technique::NishioForcingChain,
            Level::Multiple => Technique::CellForcingChain,
            Level::Dynamic => Technique::DynamicForcingChain,
            Level::Plus => Technique::DynamicForcingChainPlus,
            Level::NestedChains => Technique::NestedForcingChain,
            Level::NestedMultiple => Technique::NestedMultipleForcingChain,
            Level::NestedDynamic => Technique::NestedDynamicForcingChain,
        }
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let engine = Engine::new(
            board,
            self.level.links(),
            self.level.inner(board.layout().has_constraints_for_logic()),
        );
        let search = Search {
            engine: &engine,
            finder: *self,
        };
        metered(BUDGET, || search.run())
    }
}

/// One search of a forcing-chain finder over a board.
struct Search<'e, 'b, 'a> {
    engine: &'e Engine<'b, 'a>,
    finder: ForcingChain,
}

/// Bits over literal indices.
struct Bits(Vec<u64>);

impl Bits {
    fn of(branch: &Branch, words: usize) -> Bits {
        let mut bits = vec![0u64; words];
        for lit in &branch.reached {
            let i = lit.index();
            bits[i / 64] |= 1 << (i % 64);
        }
        Bits(bits)
    }
}

impl Search<'_, '_, '_> {
    fn base(&self) -> u8 {
        self.finder.technique().weight()
    }

    /// What orders a step of the finder's technique of `complexity`: its weight, then
    /// its complexity.
    fn key(&self, complexity: usize) -> (u8, u32) {
        let weight = self.base() + chain_length_tenths(complexity.saturating_sub(2));
        (weight, complexity as u32)
    }

    /// A step of the finder's technique concluding `lit` (a placement when it is true, an
    /// elimination when false), weighing its base plus the increment of `complexity`.
    fn step(&self, complexity: usize, lit: Lit) -> Step {
        let engine = self.engine;
        let mut step = Step::new(self.finder.technique());
        (step.weight, step.complexity) = self.key(complexity);
        let item = CellDigit {
            cell: engine.board.cell(engine.cell(lit.node)),
            digit: engine.digit(lit.node),
        };
        if lit.on {
            step.placements = vec![item];
        } else {
            step.eliminations = vec![item];
        }
        step
    }

    fn run(&self) -> Option<Step> {
        let engine = self.engine;
        let board = engine.board;
        let level = self.finder.level;
        let lits = board.candidates().sets().len() * board.layout().shape.digit_count() * 2;
        let words = lits.div_ceil(64);
        let nodes: Vec<u32> = board
            .open_cells()
            .filter(|&c| board.set(c).len() > 1)
            .flat_map(|c| board.set(c).iter().map(move |d| engine.node(c, d)))
            .collect();
        if nodes.len() * words * 64 > MEMORY {
            return None;
        }
        let mut news = vec![0u64; words];
        for &node in &nodes {
            for on in [false, true] {
                let lit = Lit { node, on };
                if engine.news(lit) {
                    news[lit.index() / 64] |= 1 << (lit.index() % 64);
                }
            }
        }
        let mut counter = engine.counter();
        let mut best: Option<Found> = None;
        let mut reached_on: Vec<Option<Bits>> = Vec::with_capacity(nodes.len());
        let (mut on_branch, mut off_branch) = (engine.branch(), engine.branch());
        for &node in &nodes {
            let on = Lit { node, on: true };
            engine.follow(&mut on_branch, on);
            if !spend(on_branch.reached.len() as u64) {
                return best.map(|(_, s)| s);
            }
            if on_branch.contradiction.is_some() {
                if level.contradictions()
                    && let Some(step) = self.contradiction(&mut counter, &on_branch, &best)
                {
                    keep(&mut best, step);
                }
                reached_on.push(None);
                continue;
            }
            reached_on.push(Some(Bits::of(&on_branch, words)));
            if level.contradictions() || level.consequences() && level.links() == Links::Dynamic {
                engine.follow(&mut off_branch, on.not());
                if !spend(off_branch.reached.len() as u64) {
                    return best.map(|(_, s)| s);
                }
                if off_branch.contradiction.is_some() {
                    if level.contradictions()
                        && let Some(step) = self.contradiction(&mut counter, &off_branch, &best)
                    {
                        keep(&mut best, step);
                    }
                } else if level.consequences()
                    && level.links() == Links::Dynamic
                    && board.set(engine.cell(node)).len() > 2
                {
                    let branches = [&on_branch, &off_branch];
                    let intro = || {
                        Sentence::default()
                            .cells(&[board.cell(engine.cell(node))])
                            .text(" holds ")
                            .digit(engine.digit(node))
                            .text(" or not")
                    };
                    let assumptions = [on, on.not()];
                    if let Some(step) = self.common(
                        &mut counter,
                        &branches,
                        &assumptions,
                        &intro,
                        &[],
                        &news,
                        &best,
                    ) {
                        keep(&mut best, step);
                    }
                }
            }
        }
        if !level.consequences() {
            return best.map(|(_, s)| s);
        }
        // Cell forcing chains: every candidate of a cell.
        let index_of = |node: u32| nodes.binary_search(&node).ok();
        let least = if level == Level::Multiple { 3 } else { 2 };
        for cell in board.open_cells() {
            let set = board.set(cell);
            if set.len() < least {
                continue;
            }
            let group: Vec<u32> = set.iter().map(|d| engine.node(cell, d)).collect();
            let intro = || {
                Sentence::default()
                    .cells(&[board.cell(cell)])
                    .text(" holds one of ")
                    .digits(set)
            };
            if let Some(step) = self.group(
                &mut counter,
                &group,
                &reached_on,
                &index_of,
                &news,
                &intro,
                &[],
                &best,
            ) {
                keep(&mut best, step);
            }
        }
        // Region forcing chains: every place of a digit in a house (that must hold it).
        let layout = board.layout();
        let full = board.houses_are_full();
        for h in 0..layout.house_count() {
            let must = board.must_hold(h);
            for digit in layout.shape.digits() {
                if !full && !must.contains(digit) {
                    continue;
                }
                let places = board.places(h, digit);
                if places.len() < 2 || places.iter().any(|&c| board.placed(c)) {
                    continue;
                }
                let group: Vec<u32> = places.iter().map(|&c| engine.node(c, digit)).collect();
                let house = layout.kind(h);
                let intro = || {
                    Sentence::default()
                        .houses(&[house])
                        .text(" holds ")
                        .digit(digit)
                        .text(" in one of ")
                        .cells(&places.iter().map(|&c| board.cell(c)).collect::<Vec<_>>())
                };
                if let Some(mut step) = self.group(
                    &mut counter,
                    &group,
                    &reached_on,
                    &index_of,
                    &news,
                    &intro,
                    &[house],
                    &best,
                ) {
                    if level == Level::Multiple {
                        step.technique = Technique::RegionForcingChain;
                    }
                    keep(&mut best, step);
                }
            }
        }
        best.map(|(_, s)| s)
    }

    /// The step of a group of assumptions one of which holds (a cell's candidates, a
    /// digit's places in a house): what all their branches reach that is news.
    #[allow(clippy::too_many_arguments)]
    fn group(
        &self,
        counter: &mut Counter,
        group: &[u32],
        reached_on: &[Option<Bits>],
        index_of: &dyn Fn(u32) -> Option<usize>,
        news: &[u64],
        intro: &dyn Fn() -> Sentence,
        houses: &[House],
        best: &Option<Found>,
    ) -> Option<Step> {
        let mut common = news.to_vec();
        for &node in group {
            let Some(Some(bits)) = index_of(node).map(|i| reached_on[i].as_ref()) else {
                return None; // a contradiction's business
            };
            for (c, b) in common.iter_mut().zip(&bits.0) {
                *c &= b;
            }
        }
        // Each branch's chain holds its assumption and what it reaches: a step of the
        // group weighs at least that.
        if common.iter().all(|&w| w == 0) || beaten(best, self.key(2 * group.len())) {
            return None;
        }
        let engine = self.engine;
        let assumptions: Vec<Lit> = group.iter().map(|&node| Lit { node, on: true }).collect();
        let branches: Vec<Branch> = assumptions
            .iter()
            .map(|&a| {
                let mut branch = engine.branch();
                engine.follow(&mut branch, a);
                spend(branch.reached.len() as u64);
                branch
            })
            .collect();
        let refs: Vec<&Branch> = branches.iter().collect();
        let mut step = self.common(counter, &refs, &assumptions, intro, &common, news, best)?;
        step.houses = houses.to_vec();
        Some(step)
    }

    /// The news every branch reaches (among `only`, when given), least complex first, as a
    /// step; `None` also when `best` orders before it.
    #[allow(clippy::too_many_arguments)]
    fn common(
        &self,
        counter: &mut Counter,
        branches: &[&Branch],
        assumptions: &[Lit],
        intro: &dyn Fn() -> Sentence,
        only: &[u64],
        news: &[u64],
        best: &Option<Found>,
    ) -> Option<Step> {
        let engine = self.engine;
        let board = engine.board;
        let first = branches.first()?;
        let in_mask =
            |mask: &[u64], lit: Lit| mask[lit.index() / 64] >> (lit.index() % 64) & 1 == 1;
        let (complexity, lit) = first
            .reached
            .iter()
            .filter(|&&lit| in_mask(news, lit) && !assumptions.contains(&lit))
            .filter(|&&lit| only.is_empty() || in_mask(only, lit))
            .filter(|&&lit| branches.iter().all(|b| b.has(lit)))
            .map(|&lit| {
                let complexity: usize = branches
                    .iter()
                    .map(|b| engine.complexity(counter, b, &[lit]))
                    .sum();
                (complexity, lit)
            })
            .min_by_key(|&(complexity, _)| complexity)?;
        if beaten(best, self.key(complexity)) {
            return None;
        }
        let mut step = self.step(complexity, lit);
        step.cells = assumptions
            .iter()
            .map(|a| board.cell(engine.cell(a.node)))
            .collect();
        step.cells.dedup();
        let mut sentence = intro();
        for branch in branches {
            sentence = self.words(sentence.text("; "), branch, lit);
        }
        step.sentence = sentence;
        Some(step)
    }

    /// The step of a branch that ends in a contradiction: its assumption is false; `None`
    /// when `best` orders before it.
    fn contradiction(
        &self,
        counter: &mut Counter,
        branch: &Branch,
        best: &Option<Found>,
    ) -> Option<Step> {
        let engine = self.engine;
        let board = engine.board;
        let ends = engine.contradiction_lits(branch);
        let complexity = match branch.contradiction {
            // Sudoku Explainer counts the chain to each end of the contradiction.
            Some(Contradiction::Both(_)) => ends
                .iter()
                .map(|&l| engine.complexity(counter, branch, &[l]))
                .sum(),
            _ => engine.complexity(counter, branch, &ends) + 1,
        };
        if beaten(best, self.key(complexity)) {
            return None;
        }
        let assumption = branch.assumption;
        let (cell, digit) = (engine.cell(assumption.node), engine.digit(assumption.node));
        let mut step = self.step(complexity, assumption.not());
        step.cells = vec![board.cell(cell)];
        let last = match branch.contradiction {
            Some(Contradiction::Both(_)) | None => *branch.reached.last().expect("the assumption"),
            _ => *ends.last().unwrap_or(&assumption),
        };
        let mut sentence = self.words(Sentence::default().text("if "), branch, last);
        sentence = match branch.contradiction.expect("a contradiction") {
            Contradiction::Cell(c) => sentence
                .text(", and ")
                .cells(&[board.cell(c)])
                .text(" has no candidate left"),
            Contradiction::House(h, d) => sentence
                .text(", and ")
                .houses(&[board.layout().kind(h)])
                .text(" has no place for ")
                .digit(d),
            Contradiction::Both(node) => sentence
                .text(", and ")
                .cells(&[board.cell(engine.cell(node))])
                .text(" must and cannot hold ")
                .digit(engine.digit(node)),
        };
        step.sentence = sentence
            .text(", so ")
            .cells(&[board.cell(cell)])
            .text(if assumption.on { " loses " } else { " holds " })
            .digit(digit);
        Some(step)
    }

    /// The chain to `lit` in `branch`, in words, naming the inner step it starts from.
    fn words(&self, mut sentence: Sentence, branch: &Branch, lit: Lit) -> Sentence {
        let engine = self.engine;
        let chain = engine.chain(branch, lit);
        if chain[0] != branch.assumption {
            sentence = engine.words(sentence, &[branch.assumption]).text(" … ");
        }
        if let Some(k) = engine.inner_start(branch, lit) {
            sentence = sentence.text(format!("[{}] ", branch.inner[k].step.technique));
        }
        engine.words(sentence, &chain)
    }
}
