//! A pattern the digits along cells must match, written as a regular expression (`[1-4]+[6-9]+`), held as the table of a deterministic automaton over the digits.
//!
//! A digit is the character of the number it stands for, `0123456789ABC…` (10 is `A`, case
//! aside), as in satdoku's line format: `1` is the first digit of a grid from 1, the second
//! of a grid from 0. The whole sequence must match (the pattern is anchored at both ends).
//! The regular expression is parsed by `regex-syntax` (errors with their column) and made
//! a DFA by `regex-automata`; satdoku keeps only the states the digits reach.

use regex_automata::dfa::{Automaton, StartKind, dense};
use regex_automata::nfa::thompson;
use regex_automata::util::start;
use regex_automata::{Anchored, MatchKind};
use regex_syntax::hir::{Hir, Look};

use super::expression::ExpressionError;
use crate::grid::{DEFAULT_SYMBOLS, Digit, DigitSet, Shape};

/// The most automaton states a pattern may have, beyond which it is refused as too large.
const MAX_STATES: usize = 20_000;

/// No state: the digits so far cannot start a match.
const DEAD: u32 = u32::MAX;

/// A pattern over digits: from state 0, the digit standing for number v leads from state s
/// to `next[s][v]` (or nowhere); the digits match when they end in an accepting state. Every state kept
/// can still reach an accepting one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DigitPattern {
    text: String,
    next: Vec<Vec<u32>>,
    accepts: Vec<bool>,
}

impl DigitPattern {
    /// Reads `text`, a regular expression over the numbers' symbols (`0`…`9`, then `A`… for
    /// 10 …).
    ///
    /// ```
    /// use satdoku::constraint::DigitPattern;
    /// let pattern = DigitPattern::parse("[1-4]+[6-9]+").unwrap();
    /// assert!(pattern.matches(&[1, 3, 9]) && !pattern.matches(&[1, 5, 9]));
    /// assert_eq!(DigitPattern::parse("[1-4]+(").unwrap_err().column, 7);
    /// ```
    pub fn parse(text: &str) -> Result<DigitPattern, ExpressionError> {
        let hir = regex_syntax::ParserBuilder::new()
            .unicode(false)
            .utf8(false)
            .case_insensitive(true)
            .build()
            .parse(text)
            .map_err(|error| {
                let (column, why) = match &error {
                    regex_syntax::Error::Parse(e) => (e.span().start.column, e.kind().to_string()),
                    regex_syntax::Error::Translate(e) => {
                        (e.span().start.column, e.kind().to_string())
                    }
                    other => (1, other.to_string()),
                };
                ExpressionError { column, why }
            })?;
        // The whole sequence matches: anchored at the start by the search, at the end here.
        let whole = Hir::concat(vec![hir, Hir::look(Look::End)]);
        let too_large = |why: String| ExpressionError { column: 1, why };
        let nfa = thompson::Compiler::new()
            .configure(thompson::Config::new().utf8(false))
            .build_from_hir(&whole)
            .map_err(|e| too_large(format!("the pattern cannot be compiled: {e}")))?;
        let dfa = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .match_kind(MatchKind::All)
                    .start_kind(StartKind::Anchored)
                    .dfa_size_limit(Some(1 << 24)),
            )
            .build_from_nfa(&nfa)
            .map_err(|e| too_large(format!("the pattern is too large: {e}")))?;
        let start = dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .map_err(|e| too_large(format!("the pattern cannot start: {e}")))?;
        // The states the numbers' symbols reach from the start, numbered in order found.
        let symbols: Vec<u8> = std::iter::once(b'0')
            .chain(DEFAULT_SYMBOLS.bytes())
            .collect();
        let mut ids = vec![start];
        let mut next: Vec<Vec<u32>> = Vec::new();
        let mut accepts = Vec::new();
        let mut i = 0;
        while i < ids.len() {
            let id = ids[i];
            accepts.push(dfa.is_match_state(dfa.next_eoi_state(id)));
            let mut row = Vec::with_capacity(symbols.len());
            for &symbol in &symbols {
                let to = dfa.next_state(id, symbol);
                if dfa.is_dead_state(to) || dfa.is_quit_state(to) {
                    row.push(DEAD);
                    continue;
                }
                let index = ids.iter().position(|&s| s == to).unwrap_or_else(|| {
                    ids.push(to);
                    ids.len() - 1
                });
                if ids.len() > MAX_STATES {
                    return Err(too_large(format!(
                        "the pattern needs more than {MAX_STATES} states"
                    )));
                }
                row.push(index as u32);
            }
            next.push(row);
            i += 1;
        }
        let mut pattern = DigitPattern {
            text: text.trim().to_string(),
            next,
            accepts,
        };
        pattern.prune();
        Ok(pattern)
    }

    /// Sends every step into a state that reaches no accepting state to nowhere.
    fn prune(&mut self) {
        let mut live = self.accepts.clone();
        loop {
            let mut changed = false;
            for s in 0..self.next.len() {
                if !live[s] && self.next[s].iter().any(|&t| t != DEAD && live[t as usize]) {
                    live[s] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for row in &mut self.next {
            for t in row.iter_mut() {
                if *t != DEAD && !live[*t as usize] {
                    *t = DEAD;
                }
            }
        }
    }

    /// The pattern as written (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The number of states, numbered from 0 (the start).
    pub fn state_count(&self) -> usize {
        self.next.len()
    }

    /// The largest digit the pattern can name (35: `Z`).
    pub fn largest_digit() -> usize {
        DEFAULT_SYMBOLS.len()
    }

    /// The state the digit standing for `number` leads to from `state`, if any.
    pub fn step(&self, state: usize, number: usize) -> Option<usize> {
        match self.next[state][number] {
            DEAD => None,
            t => Some(t as usize),
        }
    }

    /// Whether `state` accepts (the digits that led there match).
    pub fn accepts(&self, state: usize) -> bool {
        self.accepts[state]
    }

    /// Whether the digits standing for `numbers` match the pattern.
    pub fn matches(&self, numbers: &[usize]) -> bool {
        let mut state = 0;
        for &d in numbers {
            match self.step(state, d) {
                Some(t) => state = t,
                None => return false,
            }
        }
        self.accepts(state)
    }

    /// What each cell keeps of its candidates `sets` (the cells in order) on a grid of
    /// `shape`: the digits some matching sequence drawn from the candidates puts there
    /// (exact for the pattern alone).
    pub fn supported(&self, sets: &[DigitSet], shape: Shape) -> Vec<DigitSet> {
        super::walk::supported(
            sets,
            self.next.len(),
            |s, d| self.step(s, shape.number(d.index() + 1)),
            |s| self.accepts[s],
        )
    }

    /// Whether the digits of a grid of `shape`, by place (1..=M, 0 for a blank that may be
    /// any), can still match.
    pub fn can_match(&self, digits: &[usize], shape: Shape) -> bool {
        let n = shape.digit_count();
        let states = self.next.len();
        if states > u128::BITS as usize {
            let sets: Vec<DigitSet> = digits
                .iter()
                .map(|&d| match Digit::new(d as u8) {
                    Some(digit) => DigitSet::single(digit),
                    None => DigitSet::all(n),
                })
                .collect();
            let step = |s: usize, d: Digit| self.step(s, shape.number(d.index() + 1));
            let reached = super::walk::reachable(&sets, states, step);
            let last = reached.last().expect("one layer per cell and the start");
            return (0..states).any(|s| last[s] && self.accepts(s));
        }
        // Few states (every pattern a setter writes): the states reached so far as the bits
        // of one number, nothing allocated (partial grids are checked this way by the
        // thousand on a logical path).
        let mut reached: u128 = 1;
        for &d in digits {
            let digits = if d == 0 { 1..=n } else { d..=d };
            let mut after: u128 = 0;
            let mut from = reached;
            while from != 0 {
                let s = from.trailing_zeros() as usize;
                from &= from - 1;
                for d in digits.clone() {
                    if let Some(t) = self.next[s].get(shape.number(d)).filter(|&&t| t != DEAD) {
                        after |= 1 << t;
                    }
                }
            }
            if after == 0 {
                return false;
            }
            reached = after;
        }
        (0..states).any(|s| reached >> s & 1 == 1 && self.accepts(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_whole_sequences() {
        let p = DigitPattern::parse("1[2-9]*").unwrap();
        assert!(p.matches(&[1]) && p.matches(&[1, 5, 9]));
        assert!(!p.matches(&[2, 1]) && !p.matches(&[1, 1]) && !p.matches(&[]));
        let hex = DigitPattern::parse("[a-c]G").unwrap();
        assert!(hex.matches(&[10, 16]) && hex.matches(&[12, 16]) && !hex.matches(&[9, 16]));
        let any = DigitPattern::parse(".*").unwrap();
        assert!(any.matches(&[]) && any.matches(&[16, 1, 35]));
        // Alternation and repetition.
        let parity =
            DigitPattern::parse("([13579][2468])*[13579]?|([2468][13579])*[2468]?").unwrap();
        assert!(parity.matches(&[1, 2, 3]) && parity.matches(&[2, 1]) && !parity.matches(&[1, 3]));
    }

    #[test]
    fn partial_digits_match_when_some_filling_does() {
        let p = DigitPattern::parse("[1-4]+[6-9]+").unwrap();
        assert!(p.can_match(&[0, 0, 9], Shape::NINE));
        assert!(!p.can_match(&[0, 5, 0], Shape::NINE));
        assert!(!p.can_match(&[9, 0], Shape::NINE));
        // On a grid from 0, the digit in place 9 stands for 8, and `0` is a digit.
        let from_zero = Shape::NINE.from_zero();
        assert!(p.can_match(&[0, 0, 9], from_zero));
        assert!(!p.can_match(&[0, 0, 5], from_zero));
        let zero = DigitPattern::parse("0[1-8]").unwrap();
        assert!(zero.can_match(&[1, 0], from_zero) && !zero.can_match(&[1, 0], Shape::NINE));
        // Past 128 states (a pattern no setter writes, but allowed): the same answers.
        let long = DigitPattern::parse("(1[2-9]){70}").unwrap();
        assert!(long.next.len() > 128);
        let mut digits = vec![0; 140];
        assert!(long.can_match(&digits, Shape::NINE));
        digits[1] = 1;
        assert!(
            !long.can_match(&digits, Shape::NINE) && !long.can_match(&digits[..139], Shape::NINE)
        );
        // A pattern needing digits above the grid's.
        let big = DigitPattern::parse("A").unwrap();
        assert!(
            !big.can_match(&[0], Shape::NINE) && big.can_match(&[0], Shape::from_size(16).unwrap())
        );
    }

    #[test]
    fn supported_digits_are_those_some_match_uses() {
        let p = DigitPattern::parse("[1-4]+[6-9]+").unwrap();
        let set = |ds: &[u8]| {
            let mut s = DigitSet::EMPTY;
            for &d in ds {
                s.insert(Digit::new(d).unwrap());
            }
            s
        };
        let all = set(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // Three cells, the last a 4: nothing matches.
        let kept = p.supported(&[all, all, set(&[4])], Shape::NINE);
        assert!(kept.iter().all(|s| s.is_empty()));
        // The first cell low, the last high, the middle either; 5 nowhere.
        let kept = p.supported(&[all, all, all], Shape::NINE);
        assert_eq!(
            kept,
            [
                set(&[1, 2, 3, 4]),
                set(&[1, 2, 3, 4, 6, 7, 8, 9]),
                set(&[6, 7, 8, 9])
            ]
        );
        // Against every filling, on a pattern with a counted repeat.
        let p = DigitPattern::parse("(12|3)*4?").unwrap();
        let sets = [set(&[1, 3, 4]), set(&[1, 2, 3]), set(&[2, 4])];
        let mut by_hand = [DigitSet::EMPTY; 3];
        for a in sets[0].iter() {
            for b in sets[1].iter() {
                for c in sets[2].iter() {
                    let digits = [a, b, c].map(|d| d.index() + 1);
                    if p.matches(&digits) {
                        by_hand[0].insert(a);
                        by_hand[1].insert(b);
                        by_hand[2].insert(c);
                    }
                }
            }
        }
        assert_eq!(p.supported(&sets, Shape::NINE), by_hand);
    }

    #[test]
    fn bad_patterns_say_where() {
        let e = DigitPattern::parse("12(3").unwrap_err();
        assert_eq!(e.column, 3, "{e}");
        let e = DigitPattern::parse("[9-1]").unwrap_err();
        assert_eq!(e.column, 2, "{e}");
        let e = DigitPattern::parse("1{2,1}").unwrap_err();
        assert!(e.column > 1, "{e}");
    }
}
