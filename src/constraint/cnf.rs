//! A constraint's clauses over "cell holds value" and auxiliary literals, before any variable numbering.

use std::ops::Not;
use std::sync::Arc;

use crate::grid::{Cell, Shape};

/// A variable of a constraint's clauses: "a cell holds a value" (1..=N), or an auxiliary
/// variable of the constraint (numbered from 0 per constraint).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    /// The cell holds the value.
    Holds(Cell, u8),
    /// An auxiliary variable.
    Aux(u32),
    /// The cell lies in region k (0-based) of the regions the puzzle finds (chaos
    /// construction): one variable shared by every constraint that names it.
    Region(Cell, u8),
}

/// An [`Atom`] or its negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal {
    /// The variable.
    pub atom: Atom,
    /// Whether the literal is the variable itself (true) or its negation.
    pub positive: bool,
}

impl Not for Literal {
    type Output = Literal;
    fn not(self) -> Literal {
        Literal {
            positive: !self.positive,
            ..self
        }
    }
}

/// The clauses of one constraint: what an encoder maps onto its numbering (a cell decided
/// before encoding makes its literals constants).
#[derive(Clone, Debug)]
pub struct ConstraintCnf {
    shape: Shape,
    houses: Arc<Vec<Vec<Cell>>>,
    aux: u32,
    clauses: Vec<Vec<Literal>>,
    /// Literals under which the clauses being added hold (see [`ConstraintCnf::under`]).
    guards: Vec<Literal>,
}

impl ConstraintCnf {
    /// No clauses yet, for a grid of `shape`.
    pub fn new(shape: Shape) -> ConstraintCnf {
        ConstraintCnf::with_houses(shape, Arc::default())
    }

    /// No clauses yet, for a grid of `shape` whose rules put each value once in each of
    /// `houses` (N cells each): a constraint may add clauses that follow from them, which
    /// propagate further (a sum over most of a house is N(N+1)/2 minus the rest).
    pub fn with_houses(shape: Shape, houses: Arc<Vec<Vec<Cell>>>) -> ConstraintCnf {
        debug_assert!(houses.iter().all(|h| h.len() == shape.size()));
        ConstraintCnf {
            shape,
            houses,
            aux: 0,
            clauses: Vec::new(),
            guards: Vec::new(),
        }
    }

    /// The houses whose cells the rules keep different (none when not told): each holds
    /// every value once only when the grid takes as many digits as a house has cells.
    pub fn houses(&self) -> &[Vec<Cell>] {
        &self.houses
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// M, the largest value (N unless the grid takes more digits than a house has cells).
    pub fn size(&self) -> usize {
        self.shape.digit_count()
    }

    /// The literal "`cell` holds `value`" (1..=M).
    pub fn holds(&self, cell: Cell, value: usize) -> Literal {
        debug_assert!((1..=self.size()).contains(&value));
        Literal {
            atom: Atom::Holds(cell, value as u8),
            positive: true,
        }
    }

    /// The literal "`cell` lies in region `region`" (0-based, below N) of the regions the
    /// puzzle finds (chaos construction).
    pub fn in_region(&self, cell: Cell, region: usize) -> Literal {
        debug_assert!(region < self.shape.size());
        Literal {
            atom: Atom::Region(cell, region as u8),
            positive: true,
        }
    }

    /// A new variable true exactly when `a` and `b` lie in one region of the regions the
    /// puzzle finds (each cell lies in exactly one, which the chaos construction rule
    /// states): for each region, both in it make it true, and it true with `a` in it puts
    /// `b` there too.
    pub fn same_region(&mut self, a: Cell, b: Cell) -> Literal {
        let same = self.aux();
        for k in 0..self.shape.size() {
            let (x, y) = (self.in_region(a, k), self.in_region(b, k));
            self.clause([!x, !y, same]);
            self.clause([!same, !x, y]);
        }
        same
    }

    /// A new auxiliary variable, as a positive literal.
    pub fn aux(&mut self) -> Literal {
        self.aux += 1;
        Literal {
            atom: Atom::Aux(self.aux - 1),
            positive: true,
        }
    }

    /// The number of auxiliary variables.
    pub fn aux_count(&self) -> u32 {
        self.aux
    }

    /// Adds a clause: at least one of `lits` is true (none: the constraint cannot hold);
    /// inside [`ConstraintCnf::under`], only when its guards hold.
    pub fn clause(&mut self, lits: impl IntoIterator<Item = Literal>) {
        let mut clause: Vec<Literal> = lits.into_iter().collect();
        clause.extend(self.guards.iter().map(|&g| !g));
        self.clauses.push(clause);
    }

    /// The clauses `add` adds hold only when `guard` does: a part of a constraint that may
    /// or may not apply (one of several alternatives).
    pub fn under(&mut self, guard: Literal, add: impl FnOnce(&mut ConstraintCnf)) {
        self.guards.push(guard);
        add(self);
        self.guards.pop();
    }

    /// The clauses.
    pub fn clauses(&self) -> &[Vec<Literal>] {
        &self.clauses
    }

    /// `cell` never holds `value`.
    pub fn forbid(&mut self, cell: Cell, value: usize) {
        let lit = self.holds(cell, value);
        self.clause([!lit]);
    }

    /// The values of `a` and `b` are related by `allowed`, which is given the numbers their
    /// digits stand for ([`Shape::number`]; a's first). For each value
    /// v of `a`, either a binary clause per partner v forbids (when they are fewer than those
    /// it allows), or one clause lists the partners it allows (the support encoding). Either
    /// way unit propagation reaches arc consistency both ways, the cells holding one value
    /// each; binary clauses suit the CDCL solver best.
    pub fn relation(&mut self, a: Cell, b: Cell, allowed: impl Fn(usize, usize) -> bool) {
        let (n, shape) = (self.size(), self.shape);
        for v in 1..=n {
            let (partners, forbidden): (Vec<usize>, Vec<usize>) =
                (1..=n).partition(|&w| allowed(shape.number(v), shape.number(w)));
            let x = self.holds(a, v);
            if forbidden.len() <= partners.len() {
                for w in forbidden {
                    let y = self.holds(b, w);
                    self.clause([!x, !y]);
                }
            } else {
                let mut clause = vec![!x];
                clause.extend(partners.iter().map(|&w| self.holds(b, w)));
                self.clause(clause);
            }
        }
    }

    /// A new variable true exactly when some cell of `cells` holds `value`.
    pub fn any_holds(&mut self, cells: &[Cell], value: usize) -> Literal {
        let any = self.aux();
        let mut back = vec![!any];
        for &cell in cells {
            let lit = self.holds(cell, value);
            self.clause([!lit, any]);
            back.push(lit);
        }
        self.clause(back);
        any
    }

    /// The cells hold different values: a binary clause per value and pair.
    pub fn all_different(&mut self, cells: &[Cell]) {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                for v in 1..=self.size() {
                    let (x, y) = (self.holds(a, v), self.holds(b, v));
                    self.clause([!x, !y]);
                }
            }
        }
    }

    /// At least `m` of `lits` are true: every `len − m + 1` of them hold a true one.
    pub fn at_least(&mut self, lits: &[Literal], m: usize) {
        if m == 0 {
            return;
        }
        if m > lits.len() {
            self.clause([]);
            return;
        }
        let k = lits.len() - m + 1;
        let mut pick: Vec<usize> = (0..k).collect();
        loop {
            self.clause(pick.iter().map(|&i| lits[i]));
            // The next k-subset in lexicographic order.
            let mut i = k;
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                if pick[i] < lits.len() - k + i {
                    break;
                }
                if i == 0 {
                    return;
                }
            }
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }

    /// At most one of `lits` is true: Sinz's sequential counter (3k − 4 clauses, k − 1 new
    /// variables).
    pub fn at_most_one(&mut self, lits: &[Literal]) {
        let k = lits.len();
        if k < 2 {
            return;
        }
        let counts: Vec<Literal> = (0..k - 1).map(|_| self.aux()).collect();
        self.clause([!lits[0], counts[0]]);
        for i in 1..k - 1 {
            self.clause([!lits[i], counts[i]]);
            self.clause([!counts[i - 1], counts[i]]);
            self.clause([!lits[i], !counts[i - 1]]);
        }
        self.clause([!lits[k - 1], !counts[k - 2]]);
    }

    /// A new variable true exactly when `cell` holds one of `values`.
    pub fn holds_any(&mut self, cell: Cell, values: impl IntoIterator<Item = usize>) -> Literal {
        let any = self.aux();
        let mut clause = vec![!any];
        for v in values {
            let lit = self.holds(cell, v);
            self.clause([!lit, any]);
            clause.push(lit);
        }
        self.clause(clause);
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_least_m_takes_every_subset_of_the_right_size() {
        let shape = Shape::from_size(4).unwrap();
        let mut cnf = ConstraintCnf::new(shape);
        let lits: Vec<Literal> = (0..4).map(|_| cnf.aux()).collect();
        cnf.at_least(&lits, 2);
        // At least 2 of 4: every 3 of them hold a true one, C(4,3) = 4 clauses.
        assert_eq!(cnf.clauses().len(), 4);
        assert!(cnf.clauses().iter().all(|c| c.len() == 3));
        let mut cnf = ConstraintCnf::new(shape);
        cnf.at_least(&lits, 5);
        assert_eq!(cnf.clauses(), [Vec::<Literal>::new()]);
    }
}
