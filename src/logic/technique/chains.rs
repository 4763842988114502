//! Chains: X-chains, XY-chains and alternating inference chains (AIC), over one link engine.

use super::{Find, Technique, chain_length_tenths, spend};
use crate::grid::{CellDigit, Digit, DigitSet};
use crate::logic::{Board, Sentence, Step};

/// The longest chain looked for, in links.
const MAX_LINKS: usize = 16;

/// The most links one search follows (over all its starts) before it gives up: bounds
/// the time on big grids (a 9×9 search follows far fewer).
const BUDGET: usize = 20_000_000;

/// Which links a kind of chain uses.
#[derive(Clone, Copy, Debug)]
struct Links {
    /// Strong links inside a cell with two candidates.
    cell_strong: bool,
    /// Strong links between the only two places of a digit in a house.
    house_strong: bool,
    /// Weak links inside a cell (two digits of one cell).
    cell_weak: bool,
}

/// X-chain: one digit's conjugate pairs (strong links) joined by cells that see each
/// other (weak links); covers simple colouring. 6.5 and up with length.
#[derive(Clone, Copy, Debug)]
pub struct XChain;

/// XY-chain: cells with two candidates, each joined to the next by a shared digit. 6.6
/// and up with length.
#[derive(Clone, Copy, Debug)]
pub struct XyChain;

/// Alternating inference chain: any strong links (a cell's two candidates, a digit's two
/// places in a house) alternating with any weak links. 7.0 and up with length.
#[derive(Clone, Copy, Debug)]
pub struct Aic;

impl Find for XChain {
    fn technique(&self) -> Technique {
        Technique::XChain
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let links = Links {
            cell_strong: false,
            house_strong: true,
            cell_weak: false,
        };
        Engine::new(board, links).shortest(Technique::XChain)
    }
}

impl Find for XyChain {
    fn technique(&self) -> Technique {
        Technique::XyChain
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let links = Links {
            cell_strong: true,
            house_strong: false,
            cell_weak: false,
        };
        Engine::new(board, links).shortest(Technique::XyChain)
    }
}

impl Find for Aic {
    fn technique(&self) -> Technique {
        Technique::Aic
    }

    fn find(&self, board: &Board<'_>) -> Option<Step> {
        let links = Links {
            cell_strong: true,
            house_strong: true,
            cell_weak: true,
        };
        Engine::new(board, links).shortest(Technique::Aic)
    }
}

/// A candidate as a node: cell index · N + digit index.
type Node = u32;

/// The chain search over one board.
struct Engine<'b, 'a> {
    board: &'b Board<'a>,
    links: Links,
    size: usize,
    /// The strong partners of each node.
    strong: Vec<Vec<Node>>,
}

impl<'b, 'a> Engine<'b, 'a> {
    fn new(board: &'b Board<'a>, links: Links) -> Engine<'b, 'a> {
        let layout = board.layout();
        let size = layout.shape.digit_count();
        let mut strong = vec![Vec::new(); layout.shape.cell_count() * size];
        if links.cell_strong {
            for c in board.open_cells() {
                let set = board.set(c);
                if set.len() == 2 {
                    let [x, y] = [set.iter().next(), set.iter().nth(1)].map(|d| d.expect("two"));
                    strong[c * size + x.index()].push((c * size + y.index()) as Node);
                    strong[c * size + y.index()].push((c * size + x.index()) as Node);
                }
            }
        }
        if links.house_strong {
            for digit in layout.shape.digits() {
                for (_, a, b) in super::single_digit::conjugate_pairs(board, digit) {
                    let (na, nb) = (a * size + digit.index(), b * size + digit.index());
                    if !strong[na].contains(&(nb as Node)) {
                        strong[na].push(nb as Node);
                        strong[nb].push(na as Node);
                    }
                }
            }
        }
        Engine {
            board,
            links,
            size,
            strong,
        }
    }

    fn cell(&self, n: Node) -> usize {
        n as usize / self.size
    }

    fn digit(&self, n: Node) -> Digit {
        Digit::from_index(n as usize % self.size)
    }

    /// The nodes that cannot be true together with `n` (open cells only): the cell's
    /// other digits (when the chain kind allows), and the digit in the cell's peers.
    fn weak(&self, n: Node, cell_weak: bool, out: &mut Vec<Node>) {
        out.clear();
        let (c, digit) = (self.cell(n), self.digit(n));
        if cell_weak {
            for d in (self.board.set(c) & !DigitSet::single(digit)).iter() {
                out.push((c * self.size + d.index()) as Node);
            }
        }
        for &p in self.board.layout().peers(c) {
            let p = p as usize;
            if !self.board.placed(p) && self.board.set(p).contains(digit) {
                out.push((p * self.size + digit.index()) as Node);
            }
        }
        // The constraints' weak links: between two digits only where the chain kind
        // links digits of a cell (X-chains and XY-chains follow one digit across cells).
        for &m in self.board.layout().weak_links().partners(n) {
            let (p, d) = (self.cell(m), self.digit(m));
            if !self.board.placed(p) && self.board.set(p).contains(d) && (cell_weak || d == digit) {
                out.push(m);
            }
        }
    }

    /// Whether `a` and `b` cannot both be true.
    fn excludes(&self, a: Node, b: Node) -> bool {
        let (ca, cb) = (self.cell(a), self.cell(b));
        a != b
            && if ca == cb {
                true
            } else {
                (self.digit(a) == self.digit(b) && self.board.sees(ca, cb))
                    || self.board.layout().weak_links().forbids(a, b)
            }
    }

    /// The shortest chain with an elimination, as a step of `technique`. From each start
    /// node S assumed false, a breadth-first search alternates strong links (to a node
    /// then true) and weak links (to a node then false); each node T reached true gives
    /// "S or T", so any candidate excluding both is false.
    fn shortest(&self, technique: Technique) -> Option<Step> {
        let nodes = self.strong.len();
        // Per state (node · 2 + on): the state it was reached from, and its depth.
        let mut parent = vec![u32::MAX; nodes * 2];
        let mut touched: Vec<usize> = Vec::new();
        let mut best: Option<(usize, Vec<u32>, Vec<CellDigit>)> = None;
        let mut weak = Vec::new();
        let mut start_weak = Vec::new();
        let mut spent = 0;
        for start in 0..nodes as Node {
            if spent > BUDGET {
                break;
            }
            if self.strong[start as usize].is_empty() {
                continue;
            }
            let limit = best.as_ref().map_or(MAX_LINKS, |(len, ..)| len - 1);
            self.weak(start, true, &mut start_weak);
            for &t in &touched {
                parent[t] = u32::MAX;
            }
            touched.clear();
            let first = start as usize * 2;
            parent[first] = first as u32;
            touched.push(first);
            let mut frontier = vec![first];
            let mut depth = 0;
            'search: while !frontier.is_empty() && depth < limit {
                depth += 1;
                let mut next = Vec::new();
                for &state in &frontier {
                    let (node, on) = ((state / 2) as Node, state % 2 == 1);
                    let targets: &[Node] = if on {
                        self.weak(node, self.links.cell_weak, &mut weak);
                        &weak
                    } else {
                        &self.strong[node as usize]
                    };
                    spent += targets.len();
                    if !spend(targets.len() as u64) {
                        break 'search;
                    }
                    for &t in targets {
                        let reached = t as usize * 2 + usize::from(!on);
                        if parent[reached] != u32::MAX {
                            continue;
                        }
                        parent[reached] = state as u32;
                        touched.push(reached);
                        next.push(reached);
                        if on || t == start {
                            continue;
                        }
                        let eliminations: Vec<CellDigit> = start_weak
                            .iter()
                            .copied()
                            .filter(|&e| e != t && self.excludes(e, t))
                            .map(|e| CellDigit {
                                cell: self.board.cell(self.cell(e)),
                                digit: self.digit(e),
                            })
                            .collect();
                        if !eliminations.is_empty() {
                            let mut chain = vec![reached as u32];
                            let mut s = reached;
                            while parent[s] as usize != s {
                                s = parent[s] as usize;
                                chain.push(s as u32);
                            }
                            chain.reverse();
                            best = Some((depth, chain, eliminations));
                            break 'search;
                        }
                    }
                }
                frontier = next;
            }
        }
        let (links, chain, eliminations) = best?;
        let mut step = Step::new(technique);
        // Sudoku Explainer counts the candidates of the chain: the links and the end assumed
        // true and false.
        step.weight = technique.weight() + chain_length_tenths(links + 1);
        step.eliminations = eliminations;
        let mut sentence = Sentence::default();
        for (i, &state) in chain.iter().enumerate() {
            let node = state / 2;
            let cell = self.board.cell(self.cell(node));
            if !step.cells.contains(&cell) {
                step.cells.push(cell);
            }
            sentence = match i {
                0 => sentence.text(format!("if {cell} is not ")),
                _ if state % 2 == 1 => sentence.text(format!(" ⇒ {cell} is ")),
                _ => sentence.text(format!(" ⇒ {cell} is not ")),
            }
            .digit(self.digit(node));
        }
        let (first, last) = (chain[0] / 2, chain[chain.len() - 1] / 2);
        step.sentence = sentence
            .text(format!("; so {}=", self.board.cell(self.cell(first))))
            .digit(self.digit(first))
            .text(format!(" or {}=", self.board.cell(self.cell(last))))
            .digit(self.digit(last))
            .text(", and ")
            .cell_digits(&step.eliminations)
            .text(if step.eliminations.len() == 1 {
                " is false"
            } else {
                " are false"
            });
        Some(step)
    }
}
