//! Rules a user writes down (`[[rule]]`): a relation between two digits (or three in a row) as an expression, the digits' sum or product as an expression, or a pattern their digits match in order, over cells the record names or every pair of cells a move apart.
//!
//! Each part is compiled to clauses by what it says: a relation by tabulating the pairs of
//! digits it allows (binary clauses, as kropki dots are), three in a row by a clause per first
//! two digits listing the third digits allowed, a sum by the chain of partial sums
//! cages use, keeping the totals the expression accepts, a product by a chain of partial
//! products, a pattern by walking its automaton along the cells (the states after each
//! cell are the chain's). A record may give several parts: all of them hold.

use std::fmt;

use super::digit_pattern::DigitPattern;
use super::drawing::{GREY, Mark};
use super::expression::Expression;
use super::sum::{Chain, Term, cell_term};
use super::{
    Cage, CageTotal, CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError,
    RecordFormat, VariantConstraint, Written, WrittenRecord, cell_list, repeated, toml_only,
};
use crate::grid::{Cell, DigitSet, KNIGHT_MOVES, Shape};

/// Which pairs of cells a rule's relation holds between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulePairs {
    /// Each cell and the next along the cells, as a line's neighbours (the default).
    Line,
    /// Every two of the cells (a whole house's pairs, when the cells are a house).
    All,
    /// Cells side by side (orthogonal neighbours).
    Orthogonal,
    /// Cells touching diagonally.
    Diagonal,
    /// Cells a king's move apart (orthogonal or diagonal neighbours).
    King,
    /// Cells a knight's move apart.
    Knight,
}

impl RulePairs {
    /// Every kind, with its name in files.
    const NAMES: [(RulePairs, &'static str); 6] = [
        (RulePairs::Line, "line"),
        (RulePairs::All, "all"),
        (RulePairs::Orthogonal, "orthogonal"),
        (RulePairs::Diagonal, "diagonal"),
        (RulePairs::King, "king"),
        (RulePairs::Knight, "knight"),
    ];

    /// The name files give it (`pairs = "knight"`).
    pub fn name(self) -> &'static str {
        RulePairs::NAMES
            .iter()
            .find(|(p, _)| *p == self)
            .map(|(_, n)| *n)
            .expect("every kind has a name")
    }

    /// The steps between the cells of a pair, for the kinds that are moves.
    fn steps(self) -> Option<Vec<(isize, isize)>> {
        let orthogonal = vec![(0, 1), (1, 0), (0, -1), (-1, 0)];
        let diagonal = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match self {
            RulePairs::Line | RulePairs::All => None,
            RulePairs::Orthogonal => Some(orthogonal),
            RulePairs::Diagonal => Some(diagonal),
            RulePairs::King => Some([orthogonal, diagonal].concat()),
            RulePairs::Knight => Some(KNIGHT_MOVES.to_vec()),
        }
    }
}

/// One part of a rule: what holds of its cells' digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RulePart {
    /// An expression over `a` and `b`, the digits of each pair of cells (first, second).
    Relation(Expression),
    /// An expression over `a`, `b` and `c`, the digits of each three cells in a row along
    /// the cells.
    Triple(Expression),
    /// An expression over `s`, the sum of the digits.
    Sum(Expression),
    /// An expression over `p`, the product of the digits.
    Product(Expression),
    /// A pattern the digits match in order.
    Pattern(DigitPattern),
}

impl RulePart {
    /// Its key in a record.
    fn key(&self) -> &'static str {
        match self {
            RulePart::Relation(_) => RELATION.0,
            RulePart::Triple(_) => TRIPLE.0,
            RulePart::Sum(_) => SUM.0,
            RulePart::Product(_) => PRODUCT.0,
            RulePart::Pattern(_) => "regex",
        }
    }

    /// Its text as written.
    fn text(&self) -> &str {
        match self {
            RulePart::Relation(e)
            | RulePart::Triple(e)
            | RulePart::Sum(e)
            | RulePart::Product(e) => e.text(),
            RulePart::Pattern(p) => p.text(),
        }
    }
}

/// How a rule's parts combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combine {
    /// Every part holds (the default).
    All,
    /// At least one part holds.
    Any,
}

/// A rule written down: its cells (none: the whole grid), the pairs its relation holds
/// between, its parts and how they combine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CustomRule {
    cells: Vec<Cell>,
    pairs: RulePairs,
    parts: Vec<RulePart>,
    combine: Combine,
}

/// The key of a part written as an expression, and the names the expression uses.
type PartKey = (&'static str, &'static [&'static str]);

/// The parts written as expressions.
const RELATION: PartKey = ("relation", &["a", "b"]);
const TRIPLE: PartKey = ("triple", &["a", "b", "c"]);
const SUM: PartKey = ("sum", &["s"]);
const PRODUCT: PartKey = ("product", &["p"]);

impl CustomRule {
    /// Reads a `rule` record: `cells` (optional: without them, every pair of cells a move
    /// apart over the whole grid), `pairs`, at least one of `relation`, `triple`, `sum`,
    /// `product` and `regex`, and `combine` ("all", the default, or "any"). An expression or pattern
    /// that cannot be read is an error naming its key and the column.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cells = record.optional_cells("cells")?.unwrap_or_default();
        let pairs = match record.text("pairs")? {
            None if cells.is_empty() => {
                return Err(RecordError::why(
                    "needs `cells`, or `pairs` for a rule over the whole grid (orthogonal, diagonal, king or knight)",
                ));
            }
            None => RulePairs::Line,
            Some(name) => RulePairs::NAMES
                .iter()
                .find(|(_, n)| *n == name)
                .map(|(p, _)| *p)
                .ok_or_else(|| {
                    RecordError::why(format!(
                        "`pairs` is \"{name}\": it is one of {}",
                        RulePairs::NAMES.map(|(_, n)| format!("\"{n}\"")).join(", ")
                    ))
                })?,
        };
        let mut parts = Vec::new();
        type Make = fn(Expression) -> RulePart;
        let expressions: [(PartKey, Make); 4] = [
            (RELATION, RulePart::Relation),
            (TRIPLE, RulePart::Triple),
            (SUM, RulePart::Sum),
            (PRODUCT, RulePart::Product),
        ];
        // Each key holds one part, or a list of parts of its kind.
        for ((key, names), make) in expressions {
            for text in record.texts(key)?.unwrap_or_default() {
                let expression = Expression::parse(&text, names)
                    .map_err(|e| RecordError::why(format!("`{key}` = \"{text}\": {e}")))?;
                parts.push(make(expression));
            }
        }
        for text in record.texts("regex")?.unwrap_or_default() {
            let pattern = DigitPattern::parse(&text)
                .map_err(|e| RecordError::why(format!("`regex` = \"{text}\": {e}")))?;
            parts.push(RulePart::Pattern(pattern));
        }
        let combine = match record.text("combine")?.as_deref() {
            None | Some("all") => Combine::All,
            Some("any") => Combine::Any,
            Some(other) => {
                return Err(RecordError::why(format!(
                    "`combine` is \"{other}\": it is \"all\" (every part holds) or \"any\" (at least one)"
                )));
            }
        };
        let rule = CustomRule {
            cells,
            pairs,
            parts,
            combine,
        };
        if rule.parts.is_empty() {
            return Err(RecordError::why(
                "a rule says what holds: `relation`, `triple`, `sum`, `product` or `regex`",
            ));
        }
        if rule.cells.is_empty() && (rule.parts.len() > 1 || rule.relation().is_none()) {
            return Err(RecordError::why(
                "a rule over the whole grid is one `relation` between pairs of cells: three in a row, a sum, product or pattern needs `cells`",
            ));
        }
        Ok(vec![rule.into()])
    }

    /// The record that `read` reads back as this rule in satdoku's TOML.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        toml_only(self, "rules written down", format, || {
            let mut record = WrittenRecord::new("rule");
            if !self.cells.is_empty() {
                record = record.cells("cells", &self.cells);
            }
            if self.pairs != RulePairs::Line || self.cells.is_empty() {
                record = record.with("pairs", FieldValue::Text(self.pairs.name().into()));
            }
            // The parts of one kind under their key, in the order they are read: one as
            // text, several as a list.
            let order = [RELATION.0, TRIPLE.0, SUM.0, PRODUCT.0, "regex"];
            for key in order
                .into_iter()
                .filter(|k| self.parts.iter().any(|p| p.key() == *k))
            {
                let mut texts: Vec<String> = self
                    .parts
                    .iter()
                    .filter(|p| p.key() == key)
                    .map(|p| p.text().to_string())
                    .collect();
                record = record.with(
                    key,
                    match texts.len() {
                        1 => FieldValue::Text(texts.remove(0)),
                        _ => FieldValue::Texts(texts),
                    },
                );
            }
            if self.combine == Combine::Any {
                record = record.with("combine", FieldValue::Text("any".into()));
            }
            record
        })
    }

    /// A rule over `cells` (empty: the whole grid) whose `parts` hold, every one or at
    /// least one as `combine` says; a relation between the digits of each pair of `pairs`.
    pub fn new(
        cells: Vec<Cell>,
        pairs: RulePairs,
        parts: Vec<RulePart>,
        combine: Combine,
    ) -> CustomRule {
        CustomRule {
            cells,
            pairs,
            parts,
            combine,
        }
    }

    /// The relation part, if any.
    fn relation(&self) -> Option<&Expression> {
        self.parts.iter().find_map(|part| match part {
            RulePart::Relation(e) => Some(e),
            _ => None,
        })
    }

    /// Whether every part holds and a relation between every two cells forbids equal
    /// digits (the numbers of `shape`'s digits): the cells hold different digits.
    fn digits_differ(&self, shape: Shape) -> bool {
        self.combine == Combine::All
            && self.pairs == RulePairs::All
            && self.parts.iter().any(|part| match part {
                RulePart::Relation(r) => numbers(shape).all(|v| !r.holds(&[v, v])),
                _ => false,
            })
    }

    /// Whether the rule is judged pair by pair: its parts are relations that all hold.
    fn pairwise(&self) -> bool {
        self.combine == Combine::All
            && self
                .parts
                .iter()
                .all(|p| matches!(p, RulePart::Relation(_)))
    }

    /// The pairs of cells the relation holds between, the first of each its `a`.
    fn pairs(&self, shape: Shape) -> Vec<(Cell, Cell)> {
        match self.pairs.steps() {
            None if self.pairs == RulePairs::Line => {
                self.cells.windows(2).map(|w| (w[0], w[1])).collect()
            }
            None => (0..self.cells.len())
                .flat_map(|i| (i + 1..self.cells.len()).map(move |j| (i, j)))
                .map(|(i, j)| (self.cells[i], self.cells[j]))
                .collect(),
            Some(steps) if self.cells.is_empty() => shape.pairs_at(&steps).collect(),
            Some(steps) => shape
                .pairs_at(&steps)
                .filter(|(a, b)| self.cells.contains(a) && self.cells.contains(b))
                .collect(),
        }
    }

    /// The totals a sum may take with the numbers of the cells' digits (repeats allowed).
    fn totals(&self, sum: &Expression, shape: Shape) -> Vec<i64> {
        let k = self.cells.len() as i64;
        let (low, high) = (
            lowest(shape),
            lowest(shape) + shape.digit_count() as i64 - 1,
        );
        (k * low..=k * high).filter(|&s| sum.holds(&[s])).collect()
    }

    /// Adds the clauses of `part`.
    fn encode_part(&self, part: &RulePart, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let shape = cnf.shape();
        // The number digit `d` (its place, 1..=n) stands for.
        let number = |d: usize| shape.number(d) as i64;
        let terms = || -> Vec<Term> { self.cells.iter().map(|&c| cell_term(cnf, c, 1)).collect() };
        match part {
            RulePart::Relation(relation) => {
                let table: Vec<bool> = (0..n * n)
                    .map(|i| relation.holds(&[number(i / n + 1), number(i % n + 1)]))
                    .collect();
                // `relation` hands over the numbers; the table is by places.
                let at = |v: usize, w: usize| (shape.place(v) - 1) * n + shape.place(w) - 1;
                for (a, b) in self.pairs(shape) {
                    cnf.relation(a, b, |v, w| table[at(v, w)]);
                }
            }
            RulePart::Triple(triple) => {
                // Support clauses: with the first two digits u and v, the third is one the
                // expression allows (none: u and v cannot stand together there).
                let holds = |u: usize, v: usize, w: usize| triple.holds(&[u, v, w].map(number));
                for window in self.cells.windows(3) {
                    let [a, b, c] = [window[0], window[1], window[2]];
                    for u in 1..=n {
                        for v in 1..=n {
                            let allowed: Vec<usize> = (1..=n).filter(|&w| holds(u, v, w)).collect();
                            if allowed.len() == n {
                                continue;
                            }
                            let mut clause = vec![!cnf.holds(a, u), !cnf.holds(b, v)];
                            clause.extend(allowed.iter().map(|&w| cnf.holds(c, w)));
                            cnf.clause(clause);
                        }
                    }
                }
            }
            RulePart::Sum(sum) => {
                let terms = terms();
                Chain::one_of(cnf, &terms, &self.totals(sum, shape));
            }
            RulePart::Product(product) => {
                let terms = terms();
                let k = terms.len();
                Chain::walk(cnf, None, &terms, |i, p, v| {
                    let p = if i == 1 { v } else { p * v };
                    (i < k || product.holds(&[p])).then_some(p)
                });
            }
            RulePart::Pattern(pattern) => {
                // live[r][s]: from state s, some r digits end in an accepting state.
                let terms = terms();
                let k = terms.len();
                let count = pattern.state_count();
                let mut live = vec![(0..count).map(|s| pattern.accepts(s)).collect::<Vec<_>>()];
                for r in 1..=k {
                    let row = (0..count)
                        .map(|s| {
                            (1..=n).any(|d| {
                                (pattern.step(s, shape.number(d))).is_some_and(|t| live[r - 1][t])
                            })
                        })
                        .collect();
                    live.push(row);
                }
                Chain::walk(cnf, None, &terms, |i, s, d| {
                    let t = pattern.step(s as usize, d as usize)?;
                    live[k - i][t].then_some(t as i64)
                });
            }
        }
    }

    /// Whether the filled cells of `values` leave `part` satisfiable.
    fn part_admits(&self, part: &RulePart, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        let n = shape.digit_count() as i64;
        // The digits by place, 0 for a blank.
        let digits = || values.digits_of(&self.cells);
        match part {
            RulePart::Relation(relation) => self.pairs(values.shape()).into_iter().all(|(a, b)| {
                match (values.get(a), values.get(b)) {
                    (Some(v), Some(w)) => relation.holds(&[v as i64, w as i64]),
                    _ => true,
                }
            }),
            RulePart::Triple(triple) => self.cells.windows(3).all(|w| {
                match (values.get(w[0]), values.get(w[1]), values.get(w[2])) {
                    (Some(a), Some(b), Some(c)) => triple.holds(&[a, b, c].map(|d| d as i64)),
                    _ => true,
                }
            }),
            RulePart::Sum(sum) => {
                let digits = digits();
                let blanks = digits.iter().filter(|&&d| d == 0).count() as i64;
                let filled: i64 = (digits.iter())
                    .filter(|&&d| d != 0)
                    .map(|&d| shape.number(d) as i64)
                    .sum();
                let low = lowest(shape);
                let (lo, hi) = (filled + blanks * low, filled + blanks * (low + n - 1));
                self.totals(sum, shape)
                    .iter()
                    .any(|t| (lo..=hi).contains(t))
            }
            RulePart::Product(product) => {
                let digits = digits();
                digits.contains(&0)
                    || product.holds(&[digits.iter().map(|&d| shape.number(d) as i64).product()])
            }
            RulePart::Pattern(pattern) => pattern.can_match(&digits(), shape),
        }
    }
}

impl CustomRule {
    /// What the rule says, without its cells: its parts in words, joined as they combine.
    fn says(&self) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|part| match part {
                RulePart::Relation(relation) => {
                    let between = match self.pairs {
                        RulePairs::Line => "along the cells",
                        RulePairs::All => "between every two cells",
                        RulePairs::Orthogonal => "between orthogonal neighbours",
                        RulePairs::Diagonal => "between diagonal neighbours",
                        RulePairs::King => "between cells a king's move apart",
                        RulePairs::Knight => "between cells a knight's move apart",
                    };
                    format!("{relation} {between}")
                }
                RulePart::Triple(triple) => format!("{triple} for every three in a row"),
                RulePart::Sum(sum) => format!("sum s: {sum}"),
                RulePart::Product(product) => format!("product p: {product}"),
                RulePart::Pattern(pattern) => format!("digits match {}", pattern.text()),
            })
            .collect();
        let joint = match self.combine {
            Combine::All => "; ",
            Combine::Any => "; or ",
        };
        parts.join(joint)
    }
}

impl fmt::Display for CustomRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "custom rule")?;
        if !self.cells.is_empty() {
            write!(f, " {}", cell_list(&self.cells))?;
        }
        write!(f, " ({})", self.says())
    }
}

impl Constraint for CustomRule {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        if self.cells.is_empty() {
            shape.cells().collect()
        } else {
            self.cells.clone()
        }
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        // The largest number a digit stands for.
        let n = shape.number(shape.digit_count());
        if let Some(cell) = repeated(&self.cells) {
            return Some(format!("{cell} is listed twice"));
        }
        for part in &self.parts {
            match part {
                RulePart::Pattern(_) if n > DigitPattern::largest_digit() => {
                    return Some(format!(
                        "a pattern names digits up to {} (`Z`), not {n}",
                        DigitPattern::largest_digit()
                    ));
                }
                // The largest product must fit the arithmetic (2⁶²).
                RulePart::Product(_) if self.cells.len() as f64 * (n as f64).log2() >= 62.0 => {
                    return Some(format!(
                        "the product of {} digits up to {n} is too large to encode",
                        self.cells.len()
                    ));
                }
                _ => {}
            }
        }
        None
    }

    /// A relation, the rule's only part, between cells that make no pair.
    fn oddity(&self) -> Option<String> {
        let lone = matches!(self.pairs, RulePairs::Line | RulePairs::All) && self.cells.len() == 1;
        (lone && self.pairwise())
            .then(|| "its relation has no pair of cells to hold between".into())
    }

    /// Each part's clauses; for "any", each under a literal of its own, one of which holds.
    /// A sum over digits that a relation between every two keeps apart is a killer cage's
    /// sum, encoded as the cage encodes it (the digits every way to the totals needs or
    /// none allows, and the sets of digits that reach them); the cage's clauses keep the
    /// digits apart, so a relation that says no more (`a != b`) adds none.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        match self.combine {
            Combine::All => {
                let differ = self.digits_differ(shape);
                let has_sum = self.parts.iter().any(|p| matches!(p, RulePart::Sum(_)));
                for part in &self.parts {
                    match part {
                        RulePart::Sum(sum) if differ => {
                            let totals = self.totals(sum, shape).into_iter().map(|t| t as u32);
                            Cage::with_total(
                                self.cells.clone(),
                                CageTotal::Sums(totals.collect()),
                                false,
                            )
                            .encode(cnf);
                        }
                        RulePart::Relation(r) if differ && has_sum && only_differ(r, shape) => {}
                        _ => self.encode_part(part, cnf),
                    }
                }
            }
            Combine::Any => {
                let chosen: Vec<_> = self.parts.iter().map(|_| cnf.aux()).collect();
                cnf.clause(chosen.iter().copied());
                for (part, &guard) in self.parts.iter().zip(&chosen) {
                    cnf.under(guard, |cnf| self.encode_part(part, cnf));
                }
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let mut admitted = self.parts.iter().map(|part| self.part_admits(part, values));
        match self.combine {
            Combine::All => admitted.all(|a| a),
            Combine::Any => admitted.any(|a| a),
        }
    }

    /// Relations that all hold are judged pair by pair; anything else, on all the cells.
    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        if self.pairwise() {
            self.pairs(shape)
                .into_iter()
                .map(|(a, b)| vec![a, b])
                .collect()
        } else {
            vec![self.cells(shape)]
        }
    }

    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        match *scope {
            [a, b] if self.pairwise() => match (values.get(a), values.get(b)) {
                (Some(v), Some(w)) => self.parts.iter().all(|part| match part {
                    RulePart::Relation(r) => r.holds(&[v as i64, w as i64]),
                    _ => true,
                }),
                _ => true,
            },
            _ => self.admits(values),
        }
    }

    /// A pattern's cells, when every part must hold and the rule is judged on all its cells:
    /// the digits some sequence matching the pattern puts in each (exact for the pattern
    /// alone, and cheap on lines too long to try every filling).
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], shape: Shape) -> Option<Vec<DigitSet>> {
        if self.combine != Combine::All || scope != self.cells.as_slice() {
            return None;
        }
        self.parts.iter().find_map(|part| match part {
            RulePart::Pattern(pattern) => Some(pattern.supported(sets, shape)),
            _ => None,
        })
    }

    /// A grey line along a line's cells, an outline round a set's, and what the rule says
    /// in the legend, once for the rules that say the same (a rule over the whole grid
    /// draws nothing in the grid).
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = Vec::new();
        if !self.cells.is_empty() {
            let line = self.pairs == RulePairs::Line
                && self.parts.iter().all(|p| {
                    matches!(
                        p,
                        RulePart::Relation(_) | RulePart::Triple(_) | RulePart::Pattern(_)
                    )
                });
            if line {
                marks.push(Mark::line(&self.cells, GREY, 0.2));
            } else {
                // The sum's or product's expression where it is short (`s==16`), else `?`.
                let label = self
                    .parts
                    .iter()
                    .find_map(|p| match p {
                        RulePart::Sum(e) | RulePart::Product(e) => Some(e.text().replace(' ', "")),
                        _ => None,
                    })
                    .filter(|text| text.chars().count() <= 7)
                    .unwrap_or_else(|| "?".into());
                marks.push(Mark::Cage {
                    cells: self.cells.clone(),
                    label: Some(label),
                });
            }
        }
        marks.push(Mark::Legend(format!("custom rule: {}", self.says())));
        marks
    }
}

/// Whether `relation` says of two digits of `shape` exactly that they differ.
fn only_differ(relation: &Expression, shape: Shape) -> bool {
    numbers(shape).all(|v| numbers(shape).all(|w| relation.holds(&[v, w]) == (v != w)))
}

/// The number the lowest digit of `shape` stands for (0 or 1).
fn lowest(shape: Shape) -> i64 {
    shape.number(1) as i64
}

/// The numbers `shape`'s digits stand for, in order.
fn numbers(shape: Shape) -> impl Iterator<Item = i64> + Clone {
    let low = lowest(shape);
    low..low + shape.digit_count() as i64
}
