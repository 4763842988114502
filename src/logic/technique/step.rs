//! A step of logic: what a technique found, in data and in words.

use std::fmt;

use super::Technique;
use crate::format::{Notation, Spell};
use crate::grid::{Cell, CellDigit, Digit, DigitSet, House};

/// One step of a logical solution, as a technique found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The cells filled, with their digits.
    pub placements: Vec<CellDigit>,
    /// The candidates removed.
    pub eliminations: Vec<CellDigit>,
    /// The cells of the pattern (not those that only lose candidates).
    pub cells: Vec<Cell>,
    /// The houses of the pattern.
    pub houses: Vec<House>,
    /// The step in words.
    pub sentence: Sentence,
    /// The step's weight on the SE scale, in tenths (see [`Technique::weight`]).
    pub weight: u8,
    /// How many candidates the step's chains hold, counted as Sudoku Explainer counts a
    /// chain's complexity (each candidate once per chain, nested chains added); 0 for a
    /// step that is no chain. Its weight grows with it.
    pub complexity: u32,
    /// The variant constraint whose own logic the step is, by its index in the rules'
    /// constraints ([`Rules::constraints`](crate::Rules::constraints)); `None` for a step
    /// of the rules' houses.
    pub constraint: Option<usize>,
}

impl Step {
    /// A step of `technique` with its usual weight and nothing in it yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            sentence: Sentence::default(),
            weight: technique.weight(),
            complexity: 0,
            constraint: None,
        }
    }

    /// Whether the step changes nothing.
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }
}

impl Spell for Step {
    /// `hidden_single: r3c7=5, the only place of 5 in box 3`.
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.technique)?;
        self.sentence.spell(notation, f)
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spell(&Notation::Numbers, f)
    }
}

/// A sentence about a step, held in parts so that its digits are written in the puzzle's
/// own symbols ([`Notation`]) when it is printed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sentence(Vec<Part>);

/// A part of a [`Sentence`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    Text(String),
    Digit(Digit),
    Digits(DigitSet),
}

impl Sentence {
    /// Adds text.
    pub fn text(mut self, text: impl fmt::Display) -> Sentence {
        let text = text.to_string();
        match self.0.last_mut() {
            Some(Part::Text(last)) => last.push_str(&text),
            _ => self.0.push(Part::Text(text)),
        }
        self
    }

    /// Adds a digit.
    pub fn digit(mut self, digit: Digit) -> Sentence {
        self.0.push(Part::Digit(digit));
        self
    }

    /// Adds a set of digits, written `{3,5}` (a single digit as itself).
    pub fn digits(mut self, digits: DigitSet) -> Sentence {
        self.0.push(match digits.only() {
            Some(digit) => Part::Digit(digit),
            None => Part::Digits(digits),
        });
        self
    }

    /// Adds cells, written `r1c1, r1c2`.
    pub fn cells(self, cells: &[Cell]) -> Sentence {
        self.list(cells)
    }

    /// Adds houses, written `row 1, box 2`.
    pub fn houses(self, houses: &[House]) -> Sentence {
        self.list(houses)
    }

    /// Adds cell-digit pairs, written `r1c1=5, r2c2=5`.
    pub fn cell_digits(mut self, items: &[CellDigit]) -> Sentence {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self = self.text(", ");
            }
            self = self.text(format!("{}=", item.cell)).digit(item.digit);
        }
        self
    }

    fn list<T: fmt::Display>(self, items: &[T]) -> Sentence {
        let text: Vec<String> = items.iter().map(T::to_string).collect();
        self.text(text.join(", "))
    }
}

impl Spell for Sentence {
    fn spell(&self, notation: &Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for part in &self.0 {
            match part {
                Part::Text(text) => f.write_str(text)?,
                Part::Digit(digit) => notation.write_digit(f, *digit)?,
                Part::Digits(digits) => {
                    f.write_str("{")?;
                    for (i, digit) in digits.iter().enumerate() {
                        if i > 0 {
                            f.write_str(",")?;
                        }
                        notation.write_digit(f, digit)?;
                    }
                    f.write_str("}")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Sentence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spell(&Notation::Numbers, f)
    }
}
