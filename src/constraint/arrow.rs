//! Arrows: the digits along the arrow add up to the number in its circle (a circle of several cells reads as a number).

use std::fmt;

use super::drawing::{GREY, Mark, Point, nearest, shaft};
use super::order_sum::Ordered;
use super::sum::{Term, cell_term, sum_admits};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    Unwritable, VariantConstraint, Written, WrittenRecord, cell_list, line_gap, repeated,
};
use crate::grid::{Cell, Shape};

/// An arrow: the digits of its shaft add up to its circle's number. A circle of one cell
/// holds a digit; a circle of several (a pill) reads as a decimal number, its cells in the
/// order given (left to right, top to bottom).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    circle: Vec<Cell>,
    shaft: Vec<Cell>,
}

impl Arrow {
    /// Reads an arrow record: the `circle` (or pill) and the shaft's `cells`; in f-puzzles
    /// the circle's `cells` and one shaft per line of `lines` (which starts in the circle).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok((circles_and_shafts(record)?.into_iter())
            .map(|(circle, shaft)| Arrow::new(circle, shaft).into())
            .collect())
    }

    /// The record that `read` reads back as this arrow: its `circle` and its shaft
    /// (`cells`) in satdoku's TOML; in f-puzzles the circle's `cells` and one line from the
    /// circle's cell nearest the shaft along the shaft (`lines`). A shaft through its own
    /// circle is unwritable there: the reader takes the circle's cells off the line.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        write_circle_and_shaft(self, ["arrow", "arrow"], &self.circle, &self.shaft, format)
    }

    /// An arrow from the `circle` cells along the `shaft` cells.
    pub fn new(circle: Vec<Cell>, shaft: Vec<Cell>) -> Arrow {
        Arrow { circle, shaft }
    }

    /// The weights of the circle's cells: 10^(m−1) … 1.
    fn circle_weights(&self) -> Vec<i64> {
        let m = self.circle.len() as u32;
        (0..m).map(|j| 10i64.pow(m - 1 - j)).collect()
    }
}

/// An arrow's circle (or pill) and its shaft, as a record draws them.
pub(crate) type CircleAndShaft = (Vec<Cell>, Vec<Cell>);

/// The circles and shafts an arrow-shaped record draws: `circle` and the shaft's `cells`
/// in satdoku's TOML; in f-puzzles the circle's `cells` (a pill's digits in the order
/// stored) and one shaft per line of `lines`, the circle's cells taken off the line.
pub(crate) fn circles_and_shafts(
    record: &mut Record<'_>,
) -> Result<Vec<CircleAndShaft>, RecordError> {
    match record.format() {
        RecordFormat::Toml => {
            let circle = record.cells("circle")?;
            Ok(vec![(circle, record.cells("cells")?)])
        }
        RecordFormat::Fpuzzles => {
            let circle = record.cells("cells")?;
            let lines = record.lines("lines")?;
            Ok(lines
                .into_iter()
                .map(|line| {
                    let shaft = line.into_iter().filter(|c| !circle.contains(c)).collect();
                    (circle.clone(), shaft)
                })
                .collect())
        }
    }
}

/// What about an arrow's `circle` and `shaft` no tool would draw: a circle or shaft that
/// jumps between cells, or a shaft starting away from its circle.
pub(crate) fn circle_and_shaft_oddity(circle: &[Cell], shaft: &[Cell]) -> Option<String> {
    let touches =
        |a: Cell, b: Cell| a.row().abs_diff(b.row()) <= 1 && a.col().abs_diff(b.col()) <= 1;
    if let Some(gap) = line_gap(circle) {
        return Some(gap);
    }
    match shaft.first() {
        Some(&start) if !circle.iter().any(|&c| touches(c, start)) => Some(format!(
            "its shaft starts at {start}, which does not touch its circle"
        )),
        _ => line_gap(shaft),
    }
}

/// The record [`circles_and_shafts`] reads back as `constraint`'s circle and shaft, under
/// `names` (its TOML table, its f-puzzles field). A shaft through its own circle is
/// unwritable in f-puzzles, whose reader takes the circle's cells off the line.
pub(crate) fn write_circle_and_shaft(
    constraint: &dyn fmt::Display,
    [toml, fpuzzles]: [&'static str; 2],
    circle: &[Cell],
    shaft: &[Cell],
    format: RecordFormat,
) -> Written {
    if format == RecordFormat::Toml {
        let record = WrittenRecord::new(toml).cells("circle", circle);
        return Ok(vec![record.cells("cells", shaft)]);
    }
    if let Some(cell) = shaft.iter().find(|c| circle.contains(c)) {
        return Err(Unwritable::new(
            constraint,
            format,
            format!("an arrow's line leaves its circle, and this shaft runs through {cell}"),
        ));
    }
    let start = shaft.first().and_then(|&first| nearest(circle, first));
    let line = start.into_iter().chain(shaft.iter().copied()).collect();
    let record = WrittenRecord::new(fpuzzles)
        .with("lines", FieldValue::Lines(vec![line]))
        .cells("cells", circle);
    Ok(vec![record])
}

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "arrow {} <- {}",
            cell_list(&self.circle),
            cell_list(&self.shaft)
        )
    }
}

impl Constraint for Arrow {
    fn linear_sums(&self) -> Vec<super::LinearSum> {
        let shaft = self.shaft.iter().map(|&c| (c, 1));
        let circle =
            (self.circle.iter().copied()).zip(self.circle_weights().into_iter().map(|w| -w));
        vec![super::LinearSum::new(shaft.chain(circle), 0)]
    }

    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        [&self.circle[..], &self.shaft[..]].concat()
    }

    fn oddity(&self) -> Option<String> {
        circle_and_shaft_oddity(&self.circle, &self.shaft)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (low, high) = (shape.lowest() as i64, shape.highest() as i64);
        if self.circle.is_empty() || self.shaft.is_empty() {
            return Some("an arrow needs a circle and at least one cell on its shaft".into());
        }
        if self.circle.len() > 6 {
            return Some("a circle of more than 6 cells makes too large a number".into());
        }
        if let Some(cell) = repeated(&self.cells(shape)) {
            return Some(format!("{cell} appears twice"));
        }
        let k = self.shaft.len() as i64;
        let weights = self.circle_weights();
        let (lo, hi) = (
            weights.iter().sum::<i64>() * low,
            weights.iter().sum::<i64>() * high,
        );
        (k * low > hi || k * high < lo).then(|| {
            format!("the shaft's {k} digits cannot add up to any number the circle can hold ({lo} to {hi})")
        })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        // The shaft's sum and the circle's number, each in the order encoding, tied.
        let weights = self.circle_weights();
        let shape = cnf.shape();
        let lo = weights.iter().sum::<i64>() * shape.lowest() as i64;
        let hi = weights.iter().sum::<i64>() * shape.highest() as i64;
        let circle: Vec<Term> = self
            .circle
            .iter()
            .zip(weights)
            .map(|(&c, w)| cell_term(cnf, c, w))
            .collect();
        let number = Ordered::sum(cnf, &circle, lo, hi);
        Ordered::cells_sum(cnf, &self.shaft, lo, hi).tie(cnf, &number);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let cells = self.cells(values.shape());
        let raw: Vec<u8> = cells.iter().map(|&c| values.raw(c)).collect();
        let weights: Vec<i64> = std::iter::repeat_n(1, self.shaft.len())
            .chain(self.circle_weights().into_iter().map(|w| -w))
            .collect();
        // cells() lists the circle first: put the weights in that order.
        let weights = [&weights[self.shaft.len()..], &weights[..self.shaft.len()]].concat();
        // Over the places (1..=M): each is one more than its number where digits start at
        // 0, so the weighted places add up to the weights' sum times that one.
        let shape = values.shape();
        let n = shape.digit_count() as i64;
        sum_admits(
            &raw,
            &weights,
            1,
            n,
            shape.total_in_places(0, weights.iter().sum()),
        )
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = Mark::pill(&self.circle, GREY);
        let from = self
            .shaft
            .first()
            .and_then(|&first| nearest(&self.circle, first));
        let radius = if self.circle.len() == 1 { 0.4 } else { 0.42 };
        marks.extend(shaft(from.map(Point::centre), radius, &self.shaft, GREY));
        marks
    }
}
