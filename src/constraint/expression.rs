//! Expressions in rules a user writes down (`|a - b| >= 4`, `a + b in {5, 10}`, `s % 5 == 0`): parsed with their grammar (expression.pest), checked for types, and evaluated on whole numbers.
//!
//! The language: whole numbers; the names the rule provides (`a` and `b` for a relation
//! between two digits, `s` for a sum, `p` for a product); `+ - * / %` (division rounds
//! toward zero); `|x|`, `abs(x)`, `min(x, …)`, `max(x, …)`; comparisons `== = != < <= > >=`;
//! sets `x in {1, 3, 5..9}`; logic `&& and`, `|| or`, `! not`; brackets. Operators bind as in
//! Rust (`*` before `+` before comparisons before `&&` before `||`). A division by zero makes
//! the expression false for those values.

use std::fmt;
use std::ops::Range;

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};

use grammar::{Grammar, Rule};

/// The parser pest generates from expression.pest, with its `Rule` names.
mod grammar {
    /// The generated parser.
    #[derive(pest_derive::Parser)]
    #[grammar = "constraint/expression.pest"]
    pub(super) struct Grammar;
}

/// Why an expression cannot be read: where (1-based, in characters) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {why}")]
pub struct ExpressionError {
    /// The character of the text where the error is found (1 is the first).
    pub column: usize,
    /// What is wrong there.
    pub why: String,
}

/// An operator between two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// A node of a parsed expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Number(i64),
    /// The value of the rule's name at this index.
    Name(usize),
    Neg(Box<Node>),
    Not(Box<Node>),
    Abs(Box<Node>),
    Min(Vec<Node>),
    Max(Vec<Node>),
    Binary(BinaryOp, Box<Node>, Box<Node>),
    /// Membership of a set of single values and inclusive ranges.
    In(Box<Node>, Vec<(Node, Option<Node>)>),
}

/// What a node's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Type {
    Number,
    Truth,
    Set,
}

impl Type {
    /// The type as messages name it.
    fn words(self) -> &'static str {
        match self {
            Type::Number => "a number",
            Type::Truth => "true or false",
            Type::Set => "a set",
        }
    }
}

/// A value while evaluating: a number, or true/false as 1/0; `None` after a division by zero
/// or an overflow.
type Value = Option<i64>;

/// A parsed expression, true or false for each value of its names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expression {
    text: String,
    names: Vec<&'static str>,
    root: Node,
}

impl Expression {
    /// Reads `text`, an expression whose value is true or false, over `names` (their values
    /// come in that order to [`Expression::holds`]).
    ///
    /// ```
    /// use satdoku::constraint::Expression;
    /// let far = Expression::parse("|a - b| >= 4", &["a", "b"]).unwrap();
    /// assert!(far.holds(&[1, 5]) && !far.holds(&[2, 5]));
    /// let error = Expression::parse("|a - b >= 4", &["a", "b"]).unwrap_err();
    /// assert_eq!(error.column, 12);
    /// ```
    pub fn parse(text: &str, names: &[&'static str]) -> Result<Expression, ExpressionError> {
        let mut pairs = Grammar::parse(Rule::formula, text).map_err(|e| syntax_error(text, e))?;
        let formula = pairs.next().expect("the grammar's one formula");
        let expr = formula
            .into_inner()
            .next()
            .expect("a formula holds an expression");
        let builder = Builder { names, text };
        let (root, ty) = builder.expr(expr)?;
        if ty != Type::Truth {
            return Err(ExpressionError {
                column: 1,
                why: format!(
                    "the expression is {}, not a condition (true or false)",
                    ty.words()
                ),
            });
        }
        Ok(Expression {
            text: text.trim().to_string(),
            names: names.to_vec(),
            root,
        })
    }

    /// Whether the expression holds for `values` of its names (in the order given to
    /// [`Expression::parse`]).
    pub fn holds(&self, values: &[i64]) -> bool {
        debug_assert_eq!(values.len(), self.names.len());
        eval(&self.root, values) == Some(1)
    }

    /// Whether the expression uses the name at `index`.
    pub fn uses(&self, index: usize) -> bool {
        uses(&self.root, index)
    }

    /// The text as written (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A grammar error as an [`ExpressionError`]: its column, and what was expected there in
/// words.
fn syntax_error(text: &str, error: pest::error::Error<Rule>) -> ExpressionError {
    let at = match error.location {
        InputLocation::Pos(at) | InputLocation::Span((at, _)) => at,
    };
    let column = text[..at.min(text.len())].chars().count() + 1;
    let found = match text[at.min(text.len())..].chars().next() {
        Some(c) => format!("`{c}`"),
        None => "the end".to_string(),
    };
    let why = match error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let expected: Vec<&str> = positives.iter().filter_map(|&r| rule_words(r)).collect();
            match expected.len() {
                0 => format!("{found} is out of place"),
                _ => format!("expected {}, found {found}", or_list(&expected)),
            }
        }
        ErrorVariant::CustomError { message } => message,
    };
    ExpressionError { column, why }
}

/// What a grammar rule is, in a message (`None`: too fine to mention).
fn rule_words(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::expr
        | Rule::number
        | Rule::name
        | Rule::call
        | Rule::function
        | Rule::set
        | Rule::item
        | Rule::bars
        | Rule::neg
        | Rule::not => "a value",
        Rule::or
        | Rule::and
        | Rule::le
        | Rule::ge
        | Rule::ne
        | Rule::eq
        | Rule::lt
        | Rule::gt
        | Rule::add
        | Rule::sub
        | Rule::mul
        | Rule::div
        | Rule::rem
        | Rule::in_set => "an operator",
        Rule::EOI => "the end",
        Rule::close => "`)`",
        Rule::close_set => "`}`",
        Rule::bar => "`|`",
        _ => return None,
    })
}

/// `x`, `x or y`, `x, y or z`.
fn or_list(words: &[&str]) -> String {
    let mut unique: Vec<&str> = Vec::new();
    for w in words {
        if !unique.contains(w) {
            unique.push(w);
        }
    }
    match unique.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The operators' precedence, loosest first (as Rust binds them).
fn pratt() -> PrattParser<Rule> {
    PrattParser::new()
        .op(Op::infix(Rule::or, Assoc::Left))
        .op(Op::infix(Rule::and, Assoc::Left))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left)
            | Op::infix(Rule::in_set, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left)
            | Op::infix(Rule::div, Assoc::Left)
            | Op::infix(Rule::rem, Assoc::Left))
        .op(Op::prefix(Rule::neg) | Op::prefix(Rule::not))
}

/// Builds nodes from the grammar's pairs, checking names and types.
struct Builder<'a> {
    names: &'a [&'static str],
    text: &'a str,
}

/// A node with its type, or an error.
type Built = Result<(Node, Type), ExpressionError>;

impl Builder<'_> {
    /// The column of byte `at`.
    fn column(&self, at: usize) -> usize {
        self.text[..at].chars().count() + 1
    }

    /// An error at `pair`.
    fn error(&self, pair: &Pair<'_, Rule>, why: String) -> ExpressionError {
        ExpressionError {
            column: self.column(pair.as_span().start()),
            why,
        }
    }

    /// `built`, the value of the text at `at`, checked to be of type `want`.
    fn want(
        &self,
        at: Range<usize>,
        built: (Node, Type),
        want: Type,
    ) -> Result<Node, ExpressionError> {
        if built.1 == want {
            Ok(built.0)
        } else {
            Err(ExpressionError {
                column: self.column(at.start),
                why: format!(
                    "`{}` is {}, where {} is needed",
                    self.text[at].trim(),
                    built.1.words(),
                    want.words()
                ),
            })
        }
    }

    /// An `expr` pair.
    fn expr(&self, expr: Pair<'_, Rule>) -> Built {
        self.operators(expr.into_inner())
    }

    /// A sequence of prefixes, primaries and infixes, bound by precedence.
    fn operators(&self, pairs: Pairs<'_, Rule>) -> Built {
        // Each operand keeps where its text stands, to place a type error.
        type Operand = Result<((Node, Type), Range<usize>), ExpressionError>;
        let span = |pair: &Pair<'_, Rule>| pair.as_span().start()..pair.as_span().end();
        let result: Operand = pratt()
            .map_primary(|pair| Ok((self.primary(pair.clone())?, span(&pair))))
            .map_prefix(|op, operand| {
                let (inner, at) = operand?;
                let whole = span(&op).start..at.end;
                let node = match op.as_rule() {
                    Rule::neg => (
                        Node::Neg(Box::new(self.want(at, inner, Type::Number)?)),
                        Type::Number,
                    ),
                    _ => (
                        Node::Not(Box::new(self.want(at, inner, Type::Truth)?)),
                        Type::Truth,
                    ),
                };
                Ok((node, whole))
            })
            .map_infix(|lhs, op, rhs| {
                let (l, lat) = lhs?;
                let (r, rat) = rhs?;
                let whole = lat.start..rat.end;
                let (node, ty) = match op.as_rule() {
                    Rule::in_set => {
                        let l = self.want(lat, l, Type::Number)?;
                        let Node::In(_, items) = self.want(rat, r, Type::Set)? else {
                            unreachable!("only a set literal is of type set")
                        };
                        (Node::In(Box::new(l), items), Type::Truth)
                    }
                    Rule::or | Rule::and => {
                        let o = if op.as_rule() == Rule::or {
                            BinaryOp::Or
                        } else {
                            BinaryOp::And
                        };
                        let l = self.want(lat, l, Type::Truth)?;
                        let r = self.want(rat, r, Type::Truth)?;
                        (Node::Binary(o, Box::new(l), Box::new(r)), Type::Truth)
                    }
                    rule => {
                        let (o, ty) = match rule {
                            Rule::eq => (BinaryOp::Eq, Type::Truth),
                            Rule::ne => (BinaryOp::Ne, Type::Truth),
                            Rule::lt => (BinaryOp::Lt, Type::Truth),
                            Rule::le => (BinaryOp::Le, Type::Truth),
                            Rule::gt => (BinaryOp::Gt, Type::Truth),
                            Rule::ge => (BinaryOp::Ge, Type::Truth),
                            Rule::add => (BinaryOp::Add, Type::Number),
                            Rule::sub => (BinaryOp::Sub, Type::Number),
                            Rule::mul => (BinaryOp::Mul, Type::Number),
                            Rule::div => (BinaryOp::Div, Type::Number),
                            _ => (BinaryOp::Rem, Type::Number),
                        };
                        // `==` and `!=` compare truths with truths (`(a > 3) == (b > 3)`)
                        // as well as numbers with numbers; the rest take numbers.
                        let equality = matches!(o, BinaryOp::Eq | BinaryOp::Ne);
                        let want = if equality && l.1 == Type::Truth {
                            Type::Truth
                        } else {
                            Type::Number
                        };
                        let l = self.want(lat, l, want)?;
                        let r = self.want(rat, r, want)?;
                        (Node::Binary(o, Box::new(l), Box::new(r)), ty)
                    }
                };
                Ok(((node, ty), whole))
            })
            .parse(pairs);
        result.map(|(built, _)| built)
    }

    /// A primary: a number, a name, a call, a set, `|x|` or a bracketed expression.
    fn primary(&self, pair: Pair<'_, Rule>) -> Built {
        match pair.as_rule() {
            Rule::number => pair
                .as_str()
                .parse::<i64>()
                .ok()
                .filter(|&n| n <= 1 << 40)
                .map(|n| (Node::Number(n), Type::Number))
                .ok_or_else(|| self.error(&pair, format!("{} is too large", pair.as_str()))),
            Rule::name => {
                let name = pair.as_str();
                match self.names.iter().position(|&n| n == name) {
                    Some(i) => Ok((Node::Name(i), Type::Number)),
                    None => Err(self.error(
                        &pair,
                        format!(
                            "`{name}` is not a name here: this rule's {} {}",
                            if self.names.len() == 1 {
                                "name is"
                            } else {
                                "names are"
                            },
                            self.names
                                .iter()
                                .map(|n| format!("`{n}`"))
                                .collect::<Vec<_>>()
                                .join(" and ")
                        ),
                    )),
                }
            }
            Rule::expr => self.expr(pair),
            Rule::group => self.expr(
                pair.into_inner()
                    .next()
                    .expect("a group holds an expression"),
            ),
            Rule::bars => {
                let inner = pair.into_inner().next().expect("bars hold an expression");
                let at = inner.as_span().start()..inner.as_span().end();
                let n = self.want(at, self.expr(inner)?, Type::Number)?;
                Ok((Node::Abs(Box::new(n)), Type::Number))
            }
            Rule::call => {
                let mut inner = pair.clone().into_inner();
                let function = inner.next().expect("a call names its function").as_str();
                let mut args = Vec::new();
                for arg in inner.filter(|p| p.as_rule() == Rule::expr) {
                    let at = arg.as_span().start()..arg.as_span().end();
                    args.push(self.want(at, self.expr(arg)?, Type::Number)?);
                }
                let node = match (function, args.len()) {
                    ("abs", 1) => Node::Abs(Box::new(args.pop().expect("one argument"))),
                    ("abs", k) => {
                        return Err(self.error(&pair, format!("abs takes 1 value, not {k}")));
                    }
                    ("min", _) => Node::Min(args),
                    _ => Node::Max(args),
                };
                Ok((node, Type::Number))
            }
            Rule::set => {
                let mut items = Vec::new();
                for item in pair.into_inner().filter(|p| p.as_rule() == Rule::item) {
                    let mut ends = item.into_inner();
                    let end = |pair: Option<Pair<'_, Rule>>| -> Result<Option<Node>, _> {
                        match pair {
                            None => Ok(None),
                            Some(pair) => {
                                let at = pair.as_span().start()..pair.as_span().end();
                                Ok(Some(self.want(at, self.expr(pair)?, Type::Number)?))
                            }
                        }
                    };
                    let low = end(ends.next())?.expect("an item holds a value");
                    items.push((low, end(ends.next())?));
                }
                Ok((Node::In(Box::new(Node::Number(0)), items), Type::Set))
            }
            other => unreachable!("{other:?} is no primary"),
        }
    }
}

/// Whether `node` uses the name at `index`.
fn uses(node: &Node, index: usize) -> bool {
    match node {
        Node::Number(_) => false,
        Node::Name(i) => *i == index,
        Node::Neg(n) | Node::Not(n) | Node::Abs(n) => uses(n, index),
        Node::Min(args) | Node::Max(args) => args.iter().any(|n| uses(n, index)),
        Node::Binary(_, l, r) => uses(l, index) || uses(r, index),
        Node::In(x, items) => {
            uses(x, index)
                || items
                    .iter()
                    .any(|(lo, hi)| uses(lo, index) || hi.as_ref().is_some_and(|h| uses(h, index)))
        }
    }
}

/// The value of `node` for `values` of the names (truths as 1 and 0).
fn eval(node: &Node, values: &[i64]) -> Value {
    let truth = |b: bool| Some(i64::from(b));
    match node {
        Node::Number(n) => Some(*n),
        Node::Name(i) => Some(values[*i]),
        Node::Neg(n) => eval(n, values)?.checked_neg(),
        Node::Not(n) => truth(eval(n, values)? == 0),
        Node::Abs(n) => eval(n, values)?.checked_abs(),
        Node::Min(args) => args.iter().map(|n| eval(n, values)).min()?,
        Node::Max(args) => args
            .iter()
            .map(|n| eval(n, values))
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .max(),
        Node::In(x, items) => {
            let x = eval(x, values)?;
            for (lo, hi) in items {
                let lo = eval(lo, values)?;
                let hi = match hi {
                    Some(hi) => eval(hi, values)?,
                    None => lo,
                };
                if (lo..=hi).contains(&x) {
                    return truth(true);
                }
            }
            truth(false)
        }
        Node::Binary(op, l, r) => {
            let l = eval(l, values)?;
            // Logic short-circuits: `b != 0 && a / b == 2` is false, not undefined, at b = 0.
            match op {
                BinaryOp::And if l == 0 => return truth(false),
                BinaryOp::Or if l != 0 => return truth(true),
                _ => {}
            }
            let r = eval(r, values)?;
            match op {
                BinaryOp::Or | BinaryOp::And => truth(r != 0),
                BinaryOp::Eq => truth(l == r),
                BinaryOp::Ne => truth(l != r),
                BinaryOp::Lt => truth(l < r),
                BinaryOp::Le => truth(l <= r),
                BinaryOp::Gt => truth(l > r),
                BinaryOp::Ge => truth(l >= r),
                BinaryOp::Add => l.checked_add(r),
                BinaryOp::Sub => l.checked_sub(r),
                BinaryOp::Mul => l.checked_mul(r),
                BinaryOp::Div => l.checked_div(r),
                BinaryOp::Rem => l.checked_rem(r),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(text: &str) -> Expression {
        Expression::parse(text, &["a", "b"]).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn table(e: &Expression) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for a in 1..=9 {
            for b in 1..=9 {
                if e.holds(&[a, b]) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    fn by_hand(f: impl Fn(i64, i64) -> bool) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for a in 1..=9 {
            for b in 1..=9 {
                if f(a, b) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    #[test]
    fn expressions_mean_what_rust_would() {
        type Case = (&'static str, Box<dyn Fn(i64, i64) -> bool>);
        let cases: Vec<Case> = vec![
            ("|a - b| >= 4", Box::new(|a, b| (a - b).abs() >= 4)),
            ("abs(a-b)>=4", Box::new(|a, b| (a - b).abs() >= 4)),
            (
                "a + b in {5, 10}",
                Box::new(|a, b| a + b == 5 || a + b == 10),
            ),
            ("a > b", Box::new(|a, b| a > b)),
            (
                "a == 2 * b || b == 2 * a",
                Box::new(|a, b| a == 2 * b || b == 2 * a),
            ),
            (
                "a = 2*b or b = 2*a",
                Box::new(|a, b| a == 2 * b || b == 2 * a),
            ),
            ("a + b * 2 == 7", Box::new(|a, b| a + b * 2 == 7)),
            ("(a + b) * 2 == 14", Box::new(|a, b| (a + b) * 2 == 14)),
            (
                "a % 3 != b % 3 && not (a in {1..3})",
                Box::new(|a, b| a % 3 != b % 3 && a > 3),
            ),
            ("!(a < 5) == (b < 5)", Box::new(|a, b| (a >= 5) == (b < 5))),
            ("b / a == 3", Box::new(|a, b| b / a == 3)),
            ("a - -b == 10", Box::new(|a, b| a + b == 10)),
            (
                "min(a, b) * 2 <= max(a, b, 3)",
                Box::new(|a, b| a.min(b) * 2 <= a.max(b).max(3)),
            ),
            ("a in {}", Box::new(|_, _| false)),
            ("a in {b - 1 .. b + 1}", Box::new(|a, b| (a - b).abs() <= 1)),
            ("a != b and a + b < 2", Box::new(|_, _| false)),
        ];
        for (text, f) in cases {
            assert_eq!(table(&pair(text)), by_hand(f), "{text}");
        }
    }

    #[test]
    fn division_by_zero_is_false_and_logic_short_circuits() {
        let e = Expression::parse("10 / (a - b) == 5", &["a", "b"]).unwrap();
        assert!(!e.holds(&[3, 3]) && e.holds(&[3, 1]));
        let e = Expression::parse("a == b || 10 / (a - b) == 5", &["a", "b"]).unwrap();
        assert!(e.holds(&[3, 3]));
    }

    #[test]
    fn errors_say_where_and_what() {
        // The text, the column of the error, and words its message holds.
        let cases = [
            ("|a - b >= 4", 12, "`|`"),
            ("(a + b == 1", 12, "`)`"),
            (
                "a + c > 3",
                5,
                "`c` is not a name here: this rule's names are `a` and `b`",
            ),
            ("a + b", 1, "not a condition"),
            (
                "a + (b > 2) == 3",
                5,
                "`(b > 2)` is true or false, where a number",
            ),
            ("a > b > 1", 1, "`a > b` is true or false, where a number"),
            ("a in 3", 6, "where a set is needed"),
            ("a ** b == 1", 4, "expected a value, found `*`"),
            ("", 1, "expected a value, found the end"),
            ("abs(a, b) == 1", 1, "abs takes 1 value, not 2"),
            ("a == 99999999999999999999", 6, "too large"),
            ("a == b)", 7, "found `)`"),
        ];
        for (text, column, words) in cases {
            let e = Expression::parse(text, &["a", "b"]).unwrap_err();
            assert_eq!(e.column, column, "{text}: {e}");
            assert!(e.why.contains(words), "{text}: {e}");
        }
    }

    #[test]
    fn uses_names_its_names() {
        let e = Expression::parse("s % 5 == 0", &["s"]).unwrap();
        assert!(e.uses(0));
        let e = pair("a > 3");
        assert!(e.uses(0) && !e.uses(1));
        assert_eq!(e.to_string(), "a > 3");
    }
}
