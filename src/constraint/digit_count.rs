//! Digit counts over a set of cells: it holds listed digits at least (contains) or exactly (contains exactly, look-and-say) as many times as listed; other digits are free, and digits may repeat.
//!
//! The meanings are sigh's Interactive Sudoku Solver's: `ContainAtLeast~digits~cells` (each
//! listed digit at least as often as it is listed), `ContainExact~digits~cells` (exactly as
//! often), and `LookAndSay~clue~cells` (the clue read as count–digit pairs: `1223` is one 2
//! and two 3s; a count of 0 means the digit is absent; digits not named are free).
//! f-puzzles has no field for them: satdoku reads them from its TOML (`[[contains]]` and
//! `[[contains-exactly]]` with `cells` and `digits`, `[[look-and-say]]` with `cells` and
//! `clue`) and a look-and-say clue also from an f-puzzles extension entry `lookandsay`
//! (`cells` and `clue`), which SudokuPad's indicated look-and-say diagonals are read into.

use std::fmt;

use super::drawing::Mark;
use super::sum::{Chain, count_terms};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, repeated, toml_only,
};
use crate::grid::{Cell, Shape};

/// How a digit count clue reads its digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountKind {
    /// Each listed digit at least as often as listed.
    AtLeast,
    /// Each listed digit exactly as often as listed.
    Exactly,
    /// A look-and-say clue: count–digit pairs, each digit exactly that often.
    LookAndSay,
}

/// A digit count clue over a set of cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DigitCount {
    cells: Vec<Cell>,
    kind: CountKind,
    /// Each digit named, with its count, in the order named.
    counts: Vec<(u32, u32)>,
    /// The clue as written (`1223`), for a look-and-say clue.
    clue: Option<String>,
}

impl DigitCount {
    /// Reads a `contains`, `contains-exactly` or `look-and-say` record: its `cells`, and its
    /// `digits` (a list; a digit repeated must appear that often) or its `clue` (count–digit
    /// pairs, as a number or a string).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cells = record.cells("cells")?;
        let counted = match record.name() {
            "look-and-say" | "lookandsay" => {
                let clue = (record.text("clue")?)
                    .ok_or_else(|| RecordError::why("needs `clue` (a string: \"1223\")"))?;
                DigitCount::look_and_say(cells, &clue).map_err(RecordError::why)?
            }
            name => {
                let kind = match name {
                    "contains-exactly" => CountKind::Exactly,
                    _ => CountKind::AtLeast,
                };
                DigitCount::listed(cells, kind, &record.numbers("digits")?)
            }
        };
        Ok(vec![counted.into()])
    }

    /// The record that `read` reads back as this clue in satdoku's TOML; in f-puzzles a
    /// look-and-say clue only, as the extension entry `lookandsay` (its `cells` and `clue`,
    /// the name f-puzzles' extension scheme gives such a tool).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = |name| WrittenRecord::new(name).cells("cells", &self.cells);
        if let (RecordFormat::Fpuzzles, CountKind::LookAndSay, Some(clue)) =
            (format, self.kind, &self.clue)
        {
            let entry = record("lookandsay").with("clue", FieldValue::Text(clue.clone()));
            return Ok(vec![entry]);
        }
        let listed = || {
            let digits = (self.counts.iter())
                .flat_map(|&(d, k)| std::iter::repeat_n(d, k as usize))
                .collect();
            FieldValue::Numbers(digits)
        };
        toml_only(self, "digit counts", format, || {
            match (self.kind, &self.clue) {
                (CountKind::LookAndSay, Some(clue)) => {
                    record("look-and-say").with("clue", FieldValue::Text(clue.clone()))
                }
                (CountKind::Exactly | CountKind::LookAndSay, _) => {
                    record("contains-exactly").with("digits", listed())
                }
                (CountKind::AtLeast, _) => record("contains").with("digits", listed()),
            }
        })
    }

    /// `cells` holding each of `digits` at least (`AtLeast`) or exactly (`Exactly`) as often
    /// as it is listed.
    pub fn listed(cells: Vec<Cell>, kind: CountKind, digits: &[u32]) -> DigitCount {
        let mut counts: Vec<(u32, u32)> = Vec::new();
        for &d in digits {
            match counts.iter_mut().find(|(e, _)| *e == d) {
                Some((_, k)) => *k += 1,
                None => counts.push((d, 1)),
            }
        }
        DigitCount {
            cells,
            kind,
            counts,
            clue: None,
        }
    }

    /// `cells` with a look-and-say `clue` (`1223`: one 2 and two 3s), or why it cannot be
    /// read: an odd number of digits, a character that is no digit, a digit named twice.
    pub fn look_and_say(cells: Vec<Cell>, clue: &str) -> Result<DigitCount, String> {
        let digits: Vec<u32> = clue
            .chars()
            .map(|c| c.to_digit(10))
            .collect::<Option<_>>()
            .ok_or_else(|| format!("look-and-say clue {clue:?} is not a string of digits"))?;
        if digits.is_empty() || digits.len() % 2 == 1 {
            return Err(format!(
                "look-and-say clue {clue:?} is not pairs of a count and a digit"
            ));
        }
        let mut counts: Vec<(u32, u32)> = Vec::new();
        for pair in digits.chunks(2) {
            let (count, digit) = (pair[0], pair[1]);
            if counts.iter().any(|&(d, _)| d == digit) {
                return Err(format!("look-and-say clue {clue:?} names {digit} twice"));
            }
            counts.push((digit, count));
        }
        Ok(DigitCount {
            cells,
            kind: CountKind::LookAndSay,
            counts,
            clue: Some(clue.to_string()),
        })
    }

    /// Whether each named digit must appear exactly as often (not at least).
    fn exact(&self) -> bool {
        self.kind != CountKind::AtLeast
    }

    /// Whether the filled cells of `values` (by place, 0 blank) on a grid of `shape` leave
    /// room for the counts (of numbers): no exact count passed, and the blanks enough for
    /// what the counts still need.
    fn counts_admit(&self, values: &[usize], shape: Shape) -> bool {
        let blanks = values.iter().filter(|&&v| v == 0).count();
        let mut needed = 0;
        for &(d, k) in &self.counts {
            let place = shape.place(d as usize);
            let have = values.iter().filter(|&&v| v == place).count();
            if self.exact() && have > k as usize {
                return false;
            }
            needed += (k as usize).saturating_sub(have);
        }
        needed <= blanks
    }
}

impl fmt::Display for DigitCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = cell_list(&self.cells);
        let listed = || {
            (self.counts.iter())
                .map(|&(d, k)| format!("{k}×{d}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (self.kind, &self.clue) {
            (CountKind::LookAndSay, Some(clue)) => write!(f, "look-and-say {cells} ({clue})"),
            (CountKind::AtLeast, _) => write!(f, "contains {cells} (at least {})", listed()),
            _ => write!(f, "contains exactly {cells} ({})", listed()),
        }
    }
}

impl Constraint for DigitCount {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if let Some(cell) = repeated(&self.cells) {
            return Some(format!("{cell} is listed twice"));
        }
        let unknown = |&&(d, _): &&(u32, u32)| shape.digit_numbered(d as usize).is_none();
        if let Some(&(d, _)) = self.counts.iter().find(unknown) {
            let (low, high) = (shape.lowest(), shape.highest());
            return Some(format!("{d} is not a digit from {low} to {high}"));
        }
        let needed: u32 = self.counts.iter().map(|&(_, k)| k).sum();
        (needed as usize > self.cells.len()).then(|| {
            format!(
                "{} cells cannot hold {needed} digits counted",
                self.cells.len()
            )
        })
    }

    /// Per digit named, a chain of partial counts over the cells (each adds 1 where it
    /// holds the digit) ending at the count, or at or above it.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let len = self.cells.len() as i64;
        let shape = cnf.shape();
        for &(d, k) in &self.counts {
            let terms = count_terms(cnf, &self.cells, shape.place(d as usize));
            let totals: Vec<i64> = if self.exact() {
                vec![i64::from(k)]
            } else {
                (i64::from(k)..=len).collect()
            };
            Chain::one_of(cnf, &terms, &totals);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.counts_admit(&values.digits_of(&self.cells), values.shape())
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let label = match (&self.clue, self.kind) {
            (Some(clue), _) => clue.clone(),
            (None, kind) => {
                let digits: String = (self.counts.iter())
                    .flat_map(|&(d, k)| std::iter::repeat_n(d.to_string(), k as usize))
                    .collect();
                match kind {
                    CountKind::AtLeast => format!("{digits}+"),
                    _ => format!("={digits}"),
                }
            }
        };
        vec![Mark::Cage {
            cells: self.cells.clone(),
            label: Some(label),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_and_say_clues_read_as_count_digit_pairs() {
        let clue = DigitCount::look_and_say(Vec::new(), "1223").unwrap();
        assert_eq!(clue.counts, [(2, 1), (3, 2)]);
        assert!(DigitCount::look_and_say(Vec::new(), "122").is_err());
        assert!(DigitCount::look_and_say(Vec::new(), "1212").is_err());
        assert!(DigitCount::look_and_say(Vec::new(), "1a").is_err());
        // A count of 0: the digit is absent.
        let absent = DigitCount::look_and_say(Vec::new(), "05").unwrap();
        assert!(!absent.counts_admit(&[5, 0], Shape::NINE));
        assert!(absent.counts_admit(&[4, 0], Shape::NINE));
        // From 0, the 5 is the digit of place 6; a 0 is a digit ("10": one 0, place 1).
        assert!(!absent.counts_admit(&[6, 0], Shape::NINE.from_zero()));
        assert!(absent.counts_admit(&[5, 0], Shape::NINE.from_zero()));
        let zero = DigitCount::look_and_say(Vec::new(), "10").unwrap();
        assert!(zero.counts_admit(&[1, 3], Shape::NINE.from_zero()));
        assert!(!zero.counts_admit(&[2, 3], Shape::NINE.from_zero()));
    }
}
