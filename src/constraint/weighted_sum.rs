//! Weighted sums: digits times their weights add up to a total; numbers read from groups of cells (roman-numeral cages) are weights of powers of ten.
//!
//! Two ways to write one, both satdoku's TOML only (f-puzzles has no field for it):
//! `[[weighted-sum]]` with `cells`, `weights` and `sum` (sigh's Interactive Sudoku Solver's
//! `Sum` with coefficients), or with `numbers` and `sum`: each entry of `numbers` is a group
//! of cells read as a decimal number, first cell first, and the numbers add up to the sum —
//! the roman-numeral cages of setters ("numbers in cages connected by a C sum to 100",
//! Theta, Cracking the Cryptic). Digits may repeat unless the grid's houses forbid it.

use std::fmt;

use super::drawing::{GREY, Mark, Point};
use super::sum::{Chain, Term, cell_term, sum_admits};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list, repeated,
};
use crate::grid::{Cell, Shape};

/// What is summed: digits with weights, or numbers read from groups of cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Summands {
    /// Each cell's digit times the weight in the same place.
    Weighted(Vec<Cell>, Vec<u32>),
    /// Each group of cells read as a decimal number, its first cell the leading digit.
    Numbers(Vec<Vec<Cell>>),
}

/// A weighted sum: its summands add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WeightedSum {
    summands: Summands,
    sum: u32,
}

impl WeightedSum {
    /// Reads a weighted-sum record: `cells` with `weights`, or `numbers` (a list of cell
    /// groups), and `sum`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let summands = match record.optional_cells("cells")? {
            Some(cells) => {
                let weights = record.numbers("weights")?;
                if weights.len() != cells.len() {
                    return Err(RecordError::why(format!(
                        "`weights` holds {} numbers for {} cells: one weight per cell",
                        weights.len(),
                        cells.len()
                    )));
                }
                Summands::Weighted(cells, weights)
            }
            None => match record.optional_lines("numbers")? {
                Some(numbers) => Summands::Numbers(numbers),
                None => {
                    return Err(RecordError::why(
                        "needs `cells` with `weights`, or `numbers` (groups of cells, each read as a number)",
                    ));
                }
            },
        };
        let sum = record.required_number("sum")?;
        Ok(vec![WeightedSum::new(summands, sum).into()])
    }

    /// The record that `read` reads back as this sum: `weighted-sum` (f-puzzles has none:
    /// satdoku's extension field `weightedsum`, as SudokuPad's roman numerals between cages
    /// are read) with its summands and `sum`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::new(format.choose("weighted-sum", "weightedsum"));
        let record = match &self.summands {
            Summands::Weighted(cells, weights) => record
                .cells("cells", cells)
                .with("weights", FieldValue::Numbers(weights.clone())),
            Summands::Numbers(numbers) => {
                record.with("numbers", FieldValue::Lines(numbers.clone()))
            }
        };
        Ok(vec![record.with("sum", FieldValue::Number(self.sum))])
    }

    /// Summands adding up to `sum`.
    pub fn new(summands: Summands, sum: u32) -> WeightedSum {
        WeightedSum { summands, sum }
    }

    /// Each cell with its weight (a cell in two numbers twice).
    fn terms(&self) -> Vec<(Cell, i64)> {
        match &self.summands {
            Summands::Weighted(cells, weights) => cells
                .iter()
                .zip(weights)
                .map(|(&c, &w)| (c, i64::from(w)))
                .collect(),
            Summands::Numbers(numbers) => numbers
                .iter()
                .flat_map(|group| {
                    let k = group.len() as u32;
                    group
                        .iter()
                        .enumerate()
                        .map(move |(i, &c)| (c, 10i64.saturating_pow(k - 1 - i as u32)))
                })
                .collect(),
        }
    }
}

impl fmt::Display for WeightedSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = match &self.summands {
            Summands::Weighted(cells, weights) => cells
                .iter()
                .zip(weights)
                .map(|(c, w)| format!("{w}×{c}"))
                .collect(),
            Summands::Numbers(numbers) => numbers
                .iter()
                .map(|g| format!("number {}", cell_list(g)))
                .collect(),
        };
        write!(f, "weighted sum {} = {}", parts.join(" + "), self.sum)
    }
}

impl Constraint for WeightedSum {
    fn linear_sums(&self) -> Vec<super::LinearSum> {
        vec![super::LinearSum::new(self.terms(), i64::from(self.sum))]
    }

    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self.terms().into_iter().map(|(c, _)| c).collect();
        cells.sort();
        cells.dedup();
        cells
    }

    /// No summands, a number of no cells or longer than 9 digits, a cell twice in one
    /// number or in the weighted cells, or a sum the digits cannot reach.
    fn problem(&self, shape: Shape) -> Option<String> {
        match &self.summands {
            Summands::Weighted(cells, _) if cells.is_empty() => {
                return Some("a weighted sum needs at least one cell".into());
            }
            Summands::Weighted(cells, _) => {
                if let Some(cell) = repeated(cells) {
                    return Some(format!("{cell} is listed twice"));
                }
            }
            Summands::Numbers(numbers) => {
                if numbers.is_empty() || numbers.iter().any(Vec::is_empty) {
                    return Some("a sum of numbers needs numbers of at least one cell".into());
                }
                if numbers.iter().any(|g| g.len() > 9) {
                    return Some("a number read from cells has at most 9 digits".into());
                }
                if let Some(cell) = numbers.iter().find_map(|g| repeated(g)) {
                    return Some(format!("{cell} appears twice in one number"));
                }
            }
        }
        let (least, most) = (shape.lowest() as i64, shape.highest() as i64);
        let (lo, hi) = self.terms().iter().fold((0i64, 0i64), |(lo, hi), &(_, w)| {
            (
                lo + (w * least).min(w * most),
                hi + (w * least).max(w * most),
            )
        });
        (!(lo..=hi).contains(&i64::from(self.sum))).then(|| {
            format!(
                "digits {least} to {most} make this sum {lo} to {hi}, never {}",
                self.sum
            )
        })
    }

    /// A chain of partial sums over the weighted digits, largest weights first, keeping the
    /// partial sums from which the rest can still reach the total.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let mut terms = self.terms();
        terms.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
        let terms: Vec<Term> = terms
            .into_iter()
            .map(|(c, w)| cell_term(cnf, c, w))
            .collect();
        Chain::equal(cnf, &terms, i64::from(self.sum));
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let terms = self.terms();
        let digits: Vec<u8> = terms.iter().map(|&(c, _)| values.raw(c)).collect();
        let weights: Vec<i64> = terms.iter().map(|&(_, w)| w).collect();
        // By place (1..=M).
        let shape = values.shape();
        let places = shape.total_in_places(i64::from(self.sum), weights.iter().sum());
        let n = shape.digit_count() as i64;
        sum_admits(&digits, &weights, 1, n, places)
    }

    /// Numbers as cages, the sum written where the first two meet (as setters write a roman
    /// numeral between two cages), else in the first cage's corner; weighted cells joined
    /// by a thin line in their order, each with its weight written low in it and the sum
    /// written at the first.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let total = format!("={}", self.sum);
        match &self.summands {
            Summands::Numbers(numbers) => {
                let meet = match &numbers[..] {
                    [first, second, ..] => first.last().zip(second.first()).filter(|&(a, b)| {
                        a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1
                    }),
                    _ => None,
                };
                let mut marks: Vec<Mark> = numbers
                    .iter()
                    .enumerate()
                    .map(|(i, g)| Mark::Cage {
                        cells: g.clone(),
                        label: (i == 0 && meet.is_none()).then(|| total.clone()),
                    })
                    .collect();
                if let Some((&a, &b)) = meet {
                    marks.push(Mark::label(Point::between(a, b), total, 0.3));
                }
                marks
            }
            Summands::Weighted(cells, weights) => {
                let mut marks = vec![Mark::line(cells, GREY, 0.05)];
                for (&c, w) in cells.iter().zip(weights) {
                    let centre = Point::centre(c);
                    marks.push(Mark::label(
                        Point::new(centre.x, centre.y + 0.3),
                        format!("×{w}"),
                        0.22,
                    ));
                }
                let corner = Point::centre(cells[0]);
                marks.push(Mark::label(
                    Point::new(corner.x - 0.2, corner.y - 0.3),
                    total,
                    0.22,
                ));
                marks
            }
        }
    }
}
