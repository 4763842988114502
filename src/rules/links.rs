//! The weak-link view of constraints: the groups of cells each constraint judges together, and the pairs of candidates it forbids together.

use std::sync::atomic::{AtomicU64, Ordering};

use super::Rules;
use crate::constraint::CellValues;

/// The most pairs of cell values tried when deriving one group's weak links: a group beyond
/// it keeps its logic (its fillings are still searched) but adds no links.
const PAIR_TRIALS: usize = 4_000_000;

/// A group of cells one constraint judges together (see
/// [`Constraint::scopes`](crate::constraint::Constraint::scopes)).
#[derive(Clone, Debug)]
pub struct Scope {
    /// The constraint, by its index among the rules' constraints.
    pub constraint: usize,
    /// The cells, by index.
    pub cells: Vec<u32>,
    /// Whether the group is a part of the constraint's cells (a pair of neighbours of a
    /// rule over the whole grid) rather than all of them.
    pub part: bool,
}

/// A candidate as a number: cell index · N + digit index.
pub type Node = u32;

/// What a puzzle's constraints say pair by pair: their [`Scope`]s, and for each candidate
/// the candidates of other cells that no filling of a group allows together with it (weak
/// links), beyond those the houses and relations already forbid (the same digit in a peer).
/// Sound by construction: a pair is a link only when the constraint rejects the two values
/// with every other cell blank, and a constraint never rejects a partial grid that some
/// filling satisfies.
#[derive(Clone, Debug, Default)]
pub struct WeakLinks {
    /// A number no other `WeakLinks` of this process has (see [`WeakLinks::id`]).
    id: u64,
    scopes: Vec<Scope>,
    /// The partners of node `n` are `partners[start[n] .. start[n+1]]`, sorted.
    partners: Vec<Node>,
    start: Vec<u32>,
}

impl WeakLinks {
    /// The scopes and weak links of `rules`' constraints; `peers(i)` are the cells that
    /// cell `i` must differ from.
    pub(crate) fn new<'p>(rules: &Rules, peers: impl Fn(usize) -> &'p [u32]) -> WeakLinks {
        let shape = rules.shape();
        let n = shape.digit_count();
        let mut scopes = Vec::new();
        for (k, constraint) in rules.constraints().iter().enumerate() {
            let all = constraint.get().cells(shape).len();
            for cells in constraint.get().scopes(shape) {
                let part = cells.len() < all;
                let cells = cells.iter().map(|&c| shape.index(c) as u32).collect();
                scopes.push(Scope {
                    constraint: k,
                    cells,
                    part,
                });
            }
        }
        let mut pairs: Vec<(Node, Node)> = Vec::new();
        let mut values = vec![0u8; shape.cell_count()];
        for scope in &scopes {
            let k = scope.cells.len();
            if k < 2 || k * (k - 1) / 2 * n * n > PAIR_TRIALS {
                continue;
            }
            let constraint = rules.constraints()[scope.constraint].get();
            let cells: Vec<_> = scope
                .cells
                .iter()
                .map(|&i| shape.cell_at(i as usize).expect("a cell of the grid"))
                .collect();
            let admits =
                |values: &[u8]| constraint.admits_scope(&CellValues::new(shape, values), &cells);
            // The values each cell may hold on its own: a value no filling allows is the
            // constraint's own logic, not a link.
            let alone: Vec<Vec<bool>> = scope
                .cells
                .iter()
                .map(|&i| {
                    (1..=n)
                        .map(|v| {
                            values[i as usize] = v as u8;
                            let ok = admits(&values);
                            values[i as usize] = 0;
                            ok
                        })
                        .collect()
                })
                .collect();
            for (x, &a) in scope.cells.iter().enumerate() {
                for (y, &b) in scope.cells.iter().enumerate().skip(x + 1) {
                    let seen = peers(a as usize).contains(&b);
                    for v in (1..=n).filter(|&v| alone[x][v - 1]) {
                        values[a as usize] = v as u8;
                        for w in (1..=n).filter(|&w| alone[y][w - 1]) {
                            if seen && v == w {
                                continue;
                            }
                            values[b as usize] = w as u8;
                            if !admits(&values) {
                                let p = a * n as u32 + v as u32 - 1;
                                let q = b * n as u32 + w as u32 - 1;
                                pairs.push((p, q));
                                pairs.push((q, p));
                            }
                        }
                        values[b as usize] = 0;
                    }
                    values[a as usize] = 0;
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let nodes = shape.cell_count() * n;
        let mut start = Vec::with_capacity(nodes + 1);
        let mut at = 0;
        for node in 0..nodes as Node {
            start.push(at as u32);
            while at < pairs.len() && pairs[at].0 == node {
                at += 1;
            }
        }
        start.push(at as u32);
        static NEXT: AtomicU64 = AtomicU64::new(1);
        WeakLinks {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            scopes,
            partners: pairs.into_iter().map(|(_, q)| q).collect(),
            start,
        }
    }

    /// A number that no other `WeakLinks` made by this process has: what logic keys its
    /// memos by (a memo kept by address could outlive the rules and meet others').
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The groups of cells the constraints judge together, constraint by constraint.
    pub fn scopes(&self) -> &[Scope] {
        &self.scopes
    }

    /// Whether there are any weak links.
    pub fn is_empty(&self) -> bool {
        self.partners.is_empty()
    }

    /// The candidates that no constraint allows together with `node`, sorted.
    #[inline]
    pub fn partners(&self, node: Node) -> &[Node] {
        match self.start.get(node as usize..node as usize + 2) {
            Some(&[from, to]) => &self.partners[from as usize..to as usize],
            _ => &[],
        }
    }

    /// Whether some constraint forbids `a` and `b` together.
    #[inline]
    pub fn forbids(&self, a: Node, b: Node) -> bool {
        self.partners(a).binary_search(&b).is_ok()
    }
}
