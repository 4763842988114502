//! One constraint as a file writes it (the mirror of a [`Record`](super::Record)): the name of its record and its fields, in satdoku's TOML or in f-puzzles JSON.

use super::RecordFormat;
use crate::grid::Cell;

/// A field's value as a record writes it; each file writer spells it its own way (f-puzzles
/// names cells `R1C1`, satdoku's TOML `r1c1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldValue {
    /// A list of cells.
    Cells(Vec<Cell>),
    /// Lists of cells (f-puzzles' `lines`).
    Lines(Vec<Vec<Cell>>),
    /// A place by 1-based row and column numbers, 0 and N+1 just outside the grid (the clue
    /// cell of an f-puzzles sandwich).
    Position(usize, usize),
    /// The place just past the grid's last column, in row (1-based) …: an f-puzzles clue at
    /// the right, which only the grid's size numbers (`R3C10` on 9×9); the file writer does.
    PastLastColumn(usize),
    /// The place just past the grid's last row, in column (1-based) …: a clue at the bottom.
    PastLastRow(usize),
    /// A whole number.
    Number(u32),
    /// Whole numbers.
    Numbers(Vec<u32>),
    /// Text (f-puzzles writes its clues' numbers as text: `"value": "12"`).
    Text(String),
    /// Several texts (a rule's parts of one kind).
    Texts(Vec<String>),
    /// True or false.
    Flag(bool),
    /// Records nested under this one, each under the key's name (an any-of's alternatives,
    /// `[[any-of.cage]]` in satdoku's TOML).
    Records(Vec<WrittenRecord>),
}

/// One record of a file: what a family's reader reads back as the constraint written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenRecord {
    /// The table or field it goes under (`cage`, `killercage`).
    pub name: &'static str,
    /// Its fields, in the order written.
    pub fields: Vec<(&'static str, FieldValue)>,
}

impl WrittenRecord {
    /// A record under `name` with no fields yet.
    pub fn new(name: &'static str) -> WrittenRecord {
        WrittenRecord {
            name,
            fields: Vec::new(),
        }
    }

    /// With `key` holding `value`.
    pub fn with(mut self, key: &'static str, value: FieldValue) -> WrittenRecord {
        self.fields.push((key, value));
        self
    }

    /// With `key` holding `cells`.
    pub fn cells(self, key: &'static str, cells: &[Cell]) -> WrittenRecord {
        self.with(key, FieldValue::Cells(cells.to_vec()))
    }

    /// With a number under `key`: a number in satdoku's TOML, text in f-puzzles (which
    /// writes its clues' numbers so).
    pub fn number(self, format: RecordFormat, key: &'static str, n: u32) -> WrittenRecord {
        match format {
            RecordFormat::Toml => self.with(key, FieldValue::Number(n)),
            RecordFormat::Fpuzzles => self.with(key, FieldValue::Text(n.to_string())),
        }
    }

    /// With a number under `key` as [`WrittenRecord::number`] writes it, when there is one
    /// (a reader's default otherwise).
    pub fn optional_number(
        self,
        format: RecordFormat,
        key: &'static str,
        n: Option<u32>,
    ) -> WrittenRecord {
        match n {
            Some(n) => self.number(format, key, n),
            None => self,
        }
    }

    /// A record of a family drawn as a line along `cells`: its cells in satdoku's TOML, a
    /// list of one line in f-puzzles (`lines`), under `toml` or `fpuzzles` by `format`.
    pub fn path(
        format: RecordFormat,
        toml: &'static str,
        fpuzzles: &'static str,
        cells: &[Cell],
    ) -> WrittenRecord {
        match format {
            RecordFormat::Toml => WrittenRecord::new(toml).cells("cells", cells),
            RecordFormat::Fpuzzles => {
                WrittenRecord::new(fpuzzles).with("lines", FieldValue::Lines(vec![cells.to_vec()]))
            }
        }
    }

    /// A record of a family that marks one cell: `cells` in satdoku's TOML, `cell` in
    /// f-puzzles.
    pub fn single(
        format: RecordFormat,
        toml: &'static str,
        fpuzzles: &'static str,
        cell: Cell,
    ) -> WrittenRecord {
        match format {
            RecordFormat::Toml => WrittenRecord::new(toml).cells("cells", &[cell]),
            RecordFormat::Fpuzzles => WrittenRecord::new(fpuzzles).cells("cell", &[cell]),
        }
    }
}

impl RecordFormat {
    /// `toml` in satdoku's TOML, `fpuzzles` in f-puzzles: a name or key as each format
    /// spells it.
    pub(crate) fn choose(self, toml: &'static str, fpuzzles: &'static str) -> &'static str {
        match self {
            RecordFormat::Toml => toml,
            RecordFormat::Fpuzzles => fpuzzles,
        }
    }
}

/// Why a constraint has no record in a format: the format has no field for its family
/// (f-puzzles has no rellik cage), or none for this one (a cage with several totals).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{constraint}: {format} has no field for it ({why})")]
pub struct Unwritable {
    /// The constraint, as messages name it.
    pub constraint: String,
    /// The format (`f-puzzles`).
    pub format: &'static str,
    /// What it lacks.
    pub why: String,
}

impl Unwritable {
    /// `constraint` has no record in `format`, for the reason `why`.
    pub fn new(
        constraint: &dyn std::fmt::Display,
        format: RecordFormat,
        why: impl Into<String>,
    ) -> Unwritable {
        Unwritable {
            constraint: constraint.to_string(),
            format: match format {
                RecordFormat::Toml => "satdoku's TOML",
                RecordFormat::Fpuzzles => "f-puzzles",
            },
            why: why.into(),
        }
    }
}

/// What a family's writer gives: the records that read back as the constraint (usually
/// one), or why the format cannot hold it.
pub type Written = Result<Vec<WrittenRecord>, Unwritable>;

/// What the writer of a rule over the whole grid gives: no record, as a file writes such a
/// rule with its rules (satdoku's `rules` list, f-puzzles' flags).
pub(crate) fn whole_grid_rule(constraint: &dyn std::fmt::Display, format: RecordFormat) -> Written {
    Err(Unwritable::new(
        constraint,
        format,
        "a rule over the whole grid: written with the file's rules",
    ))
}

/// What the writer of a family only satdoku's TOML holds gives: `record` in TOML; in
/// f-puzzles, which neither draws it nor has an extension that does, a refusal naming
/// `constraint` (its `what`, such as "counting circles").
pub(crate) fn toml_only(
    constraint: &dyn std::fmt::Display,
    what: &str,
    format: RecordFormat,
    record: impl FnOnce() -> WrittenRecord,
) -> Written {
    match format {
        RecordFormat::Toml => Ok(vec![record()]),
        RecordFormat::Fpuzzles => Err(Unwritable::new(
            constraint,
            format,
            format!("neither it nor its extensions draw {what}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::constraint::{
        AnyOf, Apart, Arrow, Between, BorderCount, Branches, Cage, CageTotal, ChaosConstruction,
        CloneCells, Combine, CountDistinct, CountKind, CountingCircles, CountingGroups, CustomRule,
        DifferenceArrow, DifferenceCount, DigitCount, DigitPattern, DistanceKind, DistanceRule,
        DistinctRegions, Doppelganger, Dot, DotColour, DoubleArrow, DutchFlatmates, EntropicLine,
        EqualProducts, EqualSums, EqualityCage, EveryWindow, Expression, Extremum, ExtremumKind,
        Fields, FullRank, GreaterThan, HiddenSkyscraper, IndexLine, Indexer, IndexerKind,
        LittleKiller, Lockout, Lunchbox, ModularLine, Nabner, Negative, NegativeKind, NumberedRoom,
        Palindrome, Parity, ParityKind, ParityLine, ParityVision, PencilMarks, Quadruple, RankTies,
        Record, RecordError, RegionCount, RegionDifferenceLine, RegionRun, RegionSubsetLine,
        RegionSumLine, Rellik, Renban, RulePairs, RulePart, SameDifference, SameDigits, SameRegion,
        SameValues, Sandwich, Sightline, Skyscraper, SlowThermometer, Spacing, SumLine, Summands,
        Thermometer, TieRule, ValueIndexing, VariantConstraint, WeightedSum, Whispers, WindowKind,
        XSum, Xv, XvLetter, Zipper, family_named,
    };
    use crate::grid::{DigitSet, House, Shape};

    const TOML: RecordFormat = RecordFormat::Toml;
    const FPUZZLES: RecordFormat = RecordFormat::Fpuzzles;
    /// Formats a sample is unwritable in: none, f-puzzles, or both.
    const ANYWHERE: &[RecordFormat] = &[];
    const NOT_FPUZZLES: &[RecordFormat] = &[FPUZZLES];
    const NOWHERE: &[RecordFormat] = &[TOML, FPUZZLES];

    /// A written record handed to a family's reader, as a file reader would hand it the
    /// record's fields: each of the types that format's reader takes under a key, and the
    /// keys read noted.
    struct WrittenFields {
        format: RecordFormat,
        /// The grid's size, which numbers places past its end.
        size: usize,
        record: WrittenRecord,
        read: Vec<String>,
    }

    impl WrittenFields {
        fn get(&mut self, key: &str) -> Option<FieldValue> {
            self.read.push(key.to_string());
            let found = self.record.fields.iter().find(|(k, _)| *k == key);
            found.map(|(_, value)| value.clone())
        }

        /// The keys written and never read (f-puzzles' `direction` only draws).
        fn unread(&self) -> Vec<&'static str> {
            let drawing = |key: &str| self.format == FPUZZLES && key == "direction";
            self.record
                .fields
                .iter()
                .map(|&(key, _)| key)
                .filter(|key| !drawing(key) && !self.read.iter().any(|read| read == key))
                .collect()
        }
    }

    fn wrong(key: &str, value: FieldValue) -> RecordError {
        RecordError::why(format!("`{key}` holds {value:?}, of the wrong type"))
    }

    impl Fields for WrittenFields {
        fn cells(&mut self, key: &str) -> Result<Option<Vec<Cell>>, RecordError> {
            match self.get(key) {
                None => Ok(None),
                Some(FieldValue::Cells(cells)) => Ok(Some(cells)),
                Some(other) => Err(wrong(key, other)),
            }
        }

        fn lines(&mut self, key: &str) -> Result<Option<Vec<Vec<Cell>>>, RecordError> {
            match self.get(key) {
                None => Ok(None),
                Some(FieldValue::Lines(lines)) => Ok(Some(lines)),
                Some(other) => Err(wrong(key, other)),
            }
        }

        fn position(&mut self, key: &str) -> Result<Option<(usize, usize)>, RecordError> {
            match self.get(key) {
                None => Ok(None),
                Some(FieldValue::Position(r, c)) => Ok(Some((r, c))),
                Some(FieldValue::PastLastColumn(r)) => Ok(Some((r, self.size + 1))),
                Some(FieldValue::PastLastRow(c)) => Ok(Some((self.size + 1, c))),
                Some(other) => Err(wrong(key, other)),
            }
        }

        /// A number; in f-puzzles also text holding one (blank: none), as it writes them.
        fn number(&mut self, key: &str) -> Result<Option<u32>, RecordError> {
            match self.get(key) {
                None => Ok(None),
                Some(FieldValue::Number(n)) => Ok(Some(n)),
                Some(FieldValue::Text(text)) if self.format == FPUZZLES => {
                    let text = text.trim();
                    match text.is_empty() {
                        true => Ok(None),
                        false => text.parse().map(Some).map_err(|_| {
                            RecordError::why(format!("`{key}` holds {text:?}, not a number"))
                        }),
                    }
                }
                Some(other) => Err(wrong(key, other)),
            }
        }

        fn numbers(&mut self, key: &str) -> Result<Option<Vec<u32>>, RecordError> {
            match self.get(key) {
                None => Ok(None),
                Some(FieldValue::Numbers(numbers)) => Ok(Some(numbers)),
                Some(other) => Err(wrong(key, other)),
            }
        }

        fn text(&mut self, key: &str) -> Result<Option<String>, RecordError> {
            match self.get(key) {
                None => Ok(None),
                Some(FieldValue::Text(text)) => Ok(Some(text)),
                Some(other) => Err(wrong(key, other)),
            }
        }

        fn texts(&mut self, key: &str) -> Result<Option<Vec<String>>, RecordError> {
            match self.get(key) {
                None => Ok(None),
                Some(FieldValue::Text(text)) => Ok(Some(vec![text])),
                Some(FieldValue::Texts(texts)) => Ok(Some(texts)),
                Some(other) => Err(wrong(key, other)),
            }
        }

        fn flag(&mut self, key: &str) -> Result<Option<bool>, RecordError> {
            match self.get(key) {
                None => Ok(None),
                Some(FieldValue::Flag(flag)) => Ok(Some(flag)),
                Some(other) => Err(wrong(key, other)),
            }
        }

        fn skip(&mut self, key: &str) {
            self.read.push(key.to_string());
        }

        fn nested(&mut self, visit: &mut crate::constraint::Visit<'_>) -> Result<(), RecordError> {
            let fields = self.record.fields.clone();
            for (key, value) in fields {
                let FieldValue::Records(records) = value else {
                    continue;
                };
                self.read.push(key.to_string());
                for record in records {
                    let mut inner = WrittenFields {
                        format: self.format,
                        size: self.size,
                        record,
                        read: Vec::new(),
                    };
                    visit(key, &mut inner)?;
                    assert_eq!(inner.unread(), Vec::<&str>::new(), "under {key}");
                }
            }
            Ok(())
        }
    }

    fn cells(names: &str) -> Vec<Cell> {
        names.split(' ').map(|n| n.parse().unwrap()).collect()
    }

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    /// A line of `len` cells from 1-based `(row, column)`, stepping by `(dr, dc)`.
    fn run(from: (usize, usize), step: (isize, isize), len: usize) -> Vec<Cell> {
        (0..len as isize)
            .map(|k| {
                let r = from.0 as isize - 1 + k * step.0;
                let c = from.1 as isize - 1 + k * step.1;
                Cell::at(r as usize, c as usize).unwrap()
            })
            .collect()
    }

    /// Constraints of every family, as their readers build them (before the rules settle
    /// them), each with the formats it cannot be written in.
    fn samples() -> Vec<(VariantConstraint, &'static [RecordFormat])> {
        let loop_ = || cells("r1c1 r1c2 r2c2 r2c1 r1c1");
        let line = || cells("r5c1 r5c2 r6c3 r7c3");
        let lines: Vec<VariantConstraint> = vec![
            Thermometer::new(line()).into(),
            SlowThermometer::new(line()).into(),
            Palindrome::new(line()).into(),
            Between::new(line()).into(),
            DoubleArrow::new(line()).into(),
            Zipper::new(line()).into(),
            Renban::new(line()).into(),
            Renban::new(loop_()).into(),
            EntropicLine::new(line()).into(),
            EntropicLine::new(loop_()).into(),
            ModularLine::new(line()).into(),
            ModularLine::new(loop_()).into(),
            Nabner::new(line()).into(),
            Nabner::new(loop_()).into(),
            ParityLine::new(line()).into(),
            ParityLine::new(loop_()).into(),
            RegionSumLine::new(line()).into(),
            RegionSumLine::new(cells("r3c3 r3c4 r4c4 r4c3 r3c3")).into(),
            RegionSubsetLine::new(line()).into(),
            RegionDifferenceLine::new(line()).into(),
            IndexLine::new(line()).into(),
            Whispers::new(line(), None).into(),
            Whispers::new(loop_(), None).into(),
            Whispers::new(line(), Some(4)).into(),
            Whispers::new(line(), Some(5)).into(),
            SumLine::new(line(), 10).into(),
            Lockout::new(line(), None).into(),
        ];
        let mut samples: Vec<(VariantConstraint, &'static [RecordFormat])> =
            lines.into_iter().map(|c| (c, ANYWHERE)).collect();
        samples.push((Lockout::new(line(), Some(3)).into(), ANYWHERE));
        // Rules combined with "or".
        let families = ["renban".to_string(), "whispers".to_string()];
        samples.push((
            AnyOf::new(line(), &families, Some(Shape::NINE))
                .unwrap()
                .into(),
            ANYWHERE,
        ));
        samples.push((
            SameValues::new(vec![cells("r1c1 r1c2"), cells("r5c5 r9c9")]).into(),
            NOT_FPUZZLES,
        ));
        // Alternatives written out in full, one of two constraints together.
        samples.push((
            AnyOf::of(vec![
                vec![Cage::new(cells("r1c1 r1c2 r2c1"), Some(10)).into()],
                vec![
                    Thermometer::new(line()).into(),
                    Cage::new(cells("r9c1 r9c2"), Some(3)).into(),
                ],
            ])
            .unwrap()
            .into(),
            NOT_FPUZZLES,
        ));
        // Lines with branches: satdoku's TOML writes them, f-puzzles holds none.
        let branches = || Branches::new(vec![cells("r5c2 r4c2 r3c2"), cells("r3c2 r3c3")]);
        samples.extend([
            (Renban::branched(line(), branches()).into(), NOT_FPUZZLES),
            (Nabner::branched(line(), branches()).into(), NOT_FPUZZLES),
            (
                RegionSumLine::branched(line(), branches()).into(),
                NOT_FPUZZLES,
            ),
        ]);

        let three = || cells("r1c1 r1c2 r2c1");
        let cage = |total, repeats| Cage::with_total(three(), total, repeats).into();
        samples.extend([
            (Cage::new(three(), None).into(), ANYWHERE),
            (Cage::new(three(), Some(10)).into(), ANYWHERE),
            (cage(CageTotal::DigitalRoot(7), false), ANYWHERE),
            (cage(CageTotal::Sums(vec![15, 10]), false), NOT_FPUZZLES),
            (cage(CageTotal::Sums(Vec::new()), false), NOT_FPUZZLES),
            (cage(CageTotal::DigitalRoot(12), false), NOT_FPUZZLES),
            (cage(CageTotal::Sums(vec![8]), true), NOT_FPUZZLES),
            (cage(CageTotal::DigitalRoot(3), true), NOT_FPUZZLES),
            (cage(CageTotal::Any, true), NOT_FPUZZLES),
        ]);

        // Little killers: one-cell corners, a long one each way, and cells f-puzzles
        // cannot draw.
        for corner in ["r1c1", "r1c9", "r9c1", "r9c9"] {
            samples.push((LittleKiller::new(cells(corner), 5).into(), ANYWHERE));
        }
        for (from, step) in [
            ((1, 2), (1, 1)),
            ((1, 8), (1, -1)),
            ((9, 2), (-1, 1)),
            ((9, 8), (-1, -1)),
        ] {
            samples.push((LittleKiller::new(run(from, step, 8), 40).into(), ANYWHERE));
        }
        samples.extend([
            (
                LittleKiller::new(cells("r1c1 r1c2"), 3).into(),
                NOT_FPUZZLES,
            ),
            (
                LittleKiller::new(cells("r1c1 r2c2 r4c4"), 9).into(),
                NOT_FPUZZLES,
            ),
            (LittleKiller::new(Vec::new(), 0).into(), NOT_FPUZZLES),
        ]);

        // Clues outside the grid, on every side.
        samples.extend([
            (Sandwich::new(House::Row(2), 12).into(), ANYWHERE),
            (Sandwich::new(House::Column(8), 0).into(), ANYWHERE),
            (Sandwich::new(House::Box(0), 5).into(), NOWHERE),
        ]);
        let sides = [
            Sightline::new(House::Row(0), false),
            Sightline::new(House::Row(4), true),
            Sightline::new(House::Column(2), false),
            Sightline::new(House::Column(8), true),
        ];
        for sight in sides {
            samples.extend([
                (XSum::new(sight, 15).into(), ANYWHERE),
                (Skyscraper::new(sight, 3).into(), ANYWHERE),
                (NumberedRoom::new(sight, 7).into(), ANYWHERE),
                (HiddenSkyscraper::new(sight, 4).into(), NOT_FPUZZLES),
                (FullRank::new(sight, 17).into(), NOT_FPUZZLES),
            ]);
        }
        let boxed = Sightline::new(House::Box(4), false);
        samples.extend([
            (XSum::new(boxed, 15).into(), NOWHERE),
            (Skyscraper::new(boxed, 3).into(), NOWHERE),
            (NumberedRoom::new(boxed, 7).into(), NOWHERE),
        ]);

        let (a, b) = (cell("r4c4"), cell("r4c5"));
        samples.extend([
            (
                Arrow::new(cells("r1c1"), cells("r2c2 r3c3")).into(),
                ANYWHERE,
            ),
            (
                Arrow::new(cells("r1c1 r1c2"), cells("r2c3 r3c4 r4c5")).into(),
                ANYWHERE,
            ),
            (
                Arrow::new(cells("r1c1"), cells("r2c2 r1c1")).into(),
                NOT_FPUZZLES,
            ),
            (
                DifferenceArrow::new(cells("r1c1"), cells("r2c2 r3c3")).into(),
                ANYWHERE,
            ),
            (Dot::new(a, b, DotColour::White(1)).into(), ANYWHERE),
            (Dot::new(a, b, DotColour::White(3)).into(), ANYWHERE),
            (Dot::new(a, b, DotColour::Black(2)).into(), ANYWHERE),
            (Dot::new(a, b, DotColour::Black(3)).into(), ANYWHERE),
            (Xv::new(a, b, XvLetter::X).into(), ANYWHERE),
            (Xv::new(a, b, XvLetter::V).into(), ANYWHERE),
            (Xv::with_sum(a, b, 7).into(), NOT_FPUZZLES),
            (Xv::with_sums(a, b, vec![10, 5]).into(), NOT_FPUZZLES),
            (Xv::with_sums(a, b, vec![7, 9]).into(), NOT_FPUZZLES),
            (Parity::new(a, ParityKind::Odd).into(), ANYWHERE),
            (Parity::new(a, ParityKind::Even).into(), ANYWHERE),
            (Extremum::new(a, ExtremumKind::Minimum).into(), ANYWHERE),
            (Extremum::new(a, ExtremumKind::Maximum).into(), ANYWHERE),
            (
                Quadruple::new(cells("r1c1 r1c2 r2c1 r2c2"), vec![2, 1]).into(),
                ANYWHERE,
            ),
            (
                Quadruple::new(cells("r8c8 r8c9 r9c8 r9c9"), vec![5, 3, 3]).into(),
                ANYWHERE,
            ),
            (
                CloneCells::new(cells("r1c1 r1c2"), cells("r9c8 r9c9")).into(),
                ANYWHERE,
            ),
            (Rellik::new(three(), 7).into(), NOT_FPUZZLES),
            (CountingCircles::new(three()).into(), ANYWHERE),
            (Apart::new(Spacing::Leap(1, 3)).into(), NOT_FPUZZLES),
            (Apart::new(Spacing::Taxicab(3)).into(), NOT_FPUZZLES),
            (CountDistinct::new(three()).into(), NOT_FPUZZLES),
            (
                ValueIndexing::new(cells("r1c4 r2c4 r2c3 r2c2 r2c1")).into(),
                NOT_FPUZZLES,
            ),
            (
                CustomRule::new(
                    three(),
                    RulePairs::Line,
                    vec![
                        RulePart::Relation(Expression::parse("|a - b| >= 2", &["a", "b"]).unwrap()),
                        RulePart::Triple(
                            Expression::parse("a < b && b < c", &["a", "b", "c"]).unwrap(),
                        ),
                        RulePart::Sum(Expression::parse("s in {10..12}", &["s"]).unwrap()),
                        RulePart::Pattern(DigitPattern::parse("1.*").unwrap()),
                    ],
                    Combine::Any,
                )
                .into(),
                NOT_FPUZZLES,
            ),
            (
                CustomRule::new(
                    Vec::new(),
                    RulePairs::Knight,
                    vec![RulePart::Relation(
                        Expression::parse("a != b", &["a", "b"]).unwrap(),
                    )],
                    Combine::All,
                )
                .into(),
                NOT_FPUZZLES,
            ),
            (
                CustomRule::new(
                    three(),
                    RulePairs::All,
                    vec![RulePart::Product(
                        Expression::parse("p == 6", &["p"]).unwrap(),
                    )],
                    Combine::All,
                )
                .into(),
                NOT_FPUZZLES,
            ),
            (
                EqualityCage::new(cells("r1c1 r1c2 r2c1 r2c2")).into(),
                NOT_FPUZZLES,
            ),
            (
                DifferenceCount::new(cells("r1c1 r1c2 r2c2 r2c1 r1c1")).into(),
                ANYWHERE,
            ),
            (
                SameDifference::new(cells("r1c1 r1c2 r2c2 r2c1 r1c1")).into(),
                ANYWHERE,
            ),
            (SameDifference::sequence(three()).into(), ANYWHERE),
            (
                WeightedSum::new(Summands::Weighted(three(), vec![1, 2, 3]), 20).into(),
                ANYWHERE,
            ),
            (
                WeightedSum::new(
                    Summands::Numbers(vec![cells("r1c1 r1c2"), cells("r1c3 r1c4")]),
                    100,
                )
                .into(),
                ANYWHERE,
            ),
            (
                EqualSums::new(vec![three(), cells("r5c5 r5c6"), cells("r1c1")]).into(),
                ANYWHERE,
            ),
            (
                EqualProducts::new(vec![three(), cells("r5c5 r5c6")]).into(),
                ANYWHERE,
            ),
            (
                DigitCount::listed(three(), CountKind::AtLeast, &[1, 1]).into(),
                NOT_FPUZZLES,
            ),
            (
                DigitCount::listed(three(), CountKind::Exactly, &[2, 5]).into(),
                NOT_FPUZZLES,
            ),
            (
                DigitCount::look_and_say(three(), "1223").unwrap().into(),
                ANYWHERE,
            ),
            (
                CountingGroups::new(vec![three(), cells("r5c5 r6c6")]).into(),
                ANYWHERE,
            ),
            (
                ParityVision::new(cell("r4c4"), &["s", "ne"])
                    .unwrap()
                    .into(),
                ANYWHERE,
            ),
            (GreaterThan::new(cells("r4c4 r4c5 r5c4")).into(), ANYWHERE),
            (DutchFlatmates.into(), NOWHERE),
            (SameDigits.into(), NOWHERE),
            (ChaosConstruction.into(), NOWHERE),
            (Doppelganger::new().into(), NOWHERE),
            (RankTies::new(TieRule::Never).into(), NOWHERE),
            (RankTies::new(TieRule::Allowed).into(), NOWHERE),
            (BorderCount::new(cell("r2c3")).into(), ANYWHERE),
            (
                RegionRun::new(cell("r2c3"), None, true).into(),
                NOT_FPUZZLES,
            ),
            (
                RegionRun::new(
                    cell("r5c5"),
                    Some(vec![cells("r5c6 r5c7"), cells("r4c5")]),
                    false,
                )
                .into(),
                NOT_FPUZZLES,
            ),
            (
                RegionCount::new(cell("r1c1"), None, true).into(),
                NOT_FPUZZLES,
            ),
            (
                RegionCount::new(cell("r9c9"), Some(cells("r8c8 r1c1 r2c2")), false).into(),
                NOT_FPUZZLES,
            ),
            (
                SameRegion::new(cells("r1c1 r2c2 r9c9")).into(),
                NOT_FPUZZLES,
            ),
            (
                DistinctRegions::new(cell("r5c5"), None).into(),
                NOT_FPUZZLES,
            ),
            (
                DistinctRegions::new(cell("r1c1"), Some(cells("r2c2 r3c3"))).into(),
                NOT_FPUZZLES,
            ),
            (
                Lunchbox::new(cells("r1c1 r1c2 r1c3 r1c4"), 7).into(),
                NOT_FPUZZLES,
            ),
            (Lunchbox::on_line(House::Row(3), 20).into(), NOT_FPUZZLES),
            (Lunchbox::on_line(House::Column(0), 0).into(), NOT_FPUZZLES),
            (Lunchbox::on_line(House::Box(1), 5).into(), NOWHERE),
        ]);
        for kind in [IndexerKind::Row, IndexerKind::Column, IndexerKind::Box] {
            samples.push((Indexer::new(kind, cells("r1c1 r5c5 r9c9")).into(), ANYWHERE));
        }
        for kind in NegativeKind::ALL {
            samples.push((Negative::new(kind).into(), NOWHERE));
        }
        for kind in DistanceKind::ALL {
            samples.push((DistanceRule::new(kind).into(), NOWHERE));
        }
        for kind in WindowKind::ALL {
            samples.push((EveryWindow::new(kind).into(), NOWHERE));
        }
        // Given pencil marks: f-puzzles keeps them in its grid, not as records.
        let marks = [1, 4, 9].into_iter().filter_map(crate::grid::Digit::new);
        let marks = PencilMarks::new(
            cells("r2c3")[0],
            marks.fold(DigitSet::EMPTY, |mut s, d| {
                s.insert(d);
                s
            }),
            Shape::NINE,
        );
        samples.push((marks.into(), NOT_FPUZZLES));
        samples
    }

    /// What the family reader of each record reads: the constraints, in order.
    fn read_back(
        format: RecordFormat,
        shape: Shape,
        records: Vec<WrittenRecord>,
    ) -> Vec<VariantConstraint> {
        let mut read = Vec::new();
        for record in records {
            let name = record.name;
            let family = family_named(format, name)
                .unwrap_or_else(|| panic!("no family reads {name} in {format:?}"));
            let mut fields = WrittenFields {
                format,
                size: shape.size(),
                record,
                read: Vec::new(),
            };
            // As the file readers do: f-puzzles files give the grid's size first, satdoku's
            // TOML files do not.
            let given = (format == FPUZZLES).then_some(shape);
            let constraints = (family.read)(&mut Record::new(format, name, given, &mut fields))
                .unwrap_or_else(|error| panic!("{name} in {format:?}: {error}"));
            assert!(
                fields.unread().is_empty(),
                "{name} in {format:?}: fields {:?} unread",
                fields.unread()
            );
            read.extend(constraints);
        }
        read
    }

    #[test]
    fn every_family_reads_back_what_it_writes() {
        let shape = Shape::NINE;
        let samples = samples();
        for format in [TOML, FPUZZLES] {
            for (constraint, unwritable) in &samples {
                let written = constraint.written(format);
                match (written, unwritable.contains(&format)) {
                    (Err(error), true) => {
                        assert_eq!(error.constraint, constraint.to_string());
                        let name = if format == TOML {
                            "satdoku's TOML"
                        } else {
                            "f-puzzles"
                        };
                        assert_eq!(error.format, name);
                    }
                    (Err(error), false) => panic!("{constraint} in {format:?}: {error}"),
                    (Ok(records), true) => {
                        panic!("{constraint} in {format:?}: written as {records:?}")
                    }
                    (Ok(records), false) => {
                        assert!(!records.is_empty(), "{constraint} in {format:?}");
                        assert_eq!(
                            read_back(format, shape, records.clone()),
                            vec![constraint.clone()],
                            "{constraint} in {format:?}, written as {records:?}"
                        );
                    }
                }
            }
        }
        let sampled: BTreeSet<&str> = samples.iter().map(|(c, _)| c.kind()).collect();
        let kinds: BTreeSet<&str> = VariantConstraint::kinds().iter().copied().collect();
        assert_eq!(sampled, kinds, "every family sampled");
    }

    #[test]
    fn clues_are_placed_as_f_puzzles_places_them() {
        let fields = |constraint: VariantConstraint| {
            let records = constraint
                .written(FPUZZLES)
                .unwrap_or_else(|error| panic!("{error}"));
            // Places past the grid's end numbered as on 9×9.
            let mut fields = records[0].fields.clone();
            for (_, value) in &mut fields {
                *value = match *value {
                    FieldValue::PastLastColumn(r) => FieldValue::Position(r, 10),
                    FieldValue::PastLastRow(c) => FieldValue::Position(10, c),
                    ref other => other.clone(),
                };
            }
            fields
        };
        let position = |r, c| ("cell", FieldValue::Position(r, c));
        let direction = |d: &str| ("direction", FieldValue::Text(d.into()));
        let killer = |cells, sum| fields(LittleKiller::new(cells, sum).into());
        assert_eq!(
            killer(run((1, 2), (1, 1), 8), 40)[..2],
            [position(0, 1), direction("DR")]
        );
        assert_eq!(
            killer(run((9, 8), (-1, -1), 8), 40)[..2],
            [position(10, 9), direction("UL")]
        );
        assert_eq!(
            killer(cells("r1c9"), 5)[..2],
            [position(0, 10), direction("DL")]
        );
        assert_eq!(
            killer(cells("r9c1"), 5)[..2],
            [position(10, 0), direction("UR")]
        );
        let sight = |line, from_end| Sightline::new(line, from_end);
        let xsum = |line, from_end| fields(XSum::new(sight(line, from_end), 15).into())[0].clone();
        assert_eq!(xsum(House::Row(4), true), position(5, 10));
        assert_eq!(xsum(House::Row(4), false), position(5, 0));
        assert_eq!(xsum(House::Column(2), true), position(10, 3));
        assert_eq!(xsum(House::Column(2), false), position(0, 3));
        let sandwich = fields(Sandwich::new(House::Column(8), 0).into());
        assert_eq!(
            sandwich,
            [position(0, 9), ("value", FieldValue::Text("0".into()))]
        );
        let arrow = fields(Arrow::new(cells("r1c1 r1c2"), cells("r2c3 r3c4")).into());
        assert_eq!(
            arrow[0],
            ("lines", FieldValue::Lines(vec![cells("r1c2 r2c3 r3c4")]))
        );
    }

    /// A constraint is named in messages as its family's table row names it: its display
    /// starts with the family's name, or, for families of several sorts, with the name of
    /// the record that writes it (`white dot`, `odd cell`, `row indexer`); the rules over
    /// the whole grid, which no record writes, are named by the rules' own table.
    #[test]
    fn messages_name_a_constraint_as_its_table_row_does() {
        for (constraint, _) in samples() {
            let shown = constraint.to_string();
            let by_record = match constraint.written(TOML) {
                Ok(records) => records.iter().any(|r| {
                    shown.starts_with(r.name) || shown.starts_with(&r.name.replace('-', " "))
                }),
                Err(_) => true,
            };
            assert!(
                shown.starts_with(constraint.kind()) || by_record,
                "{shown:?} is a {}",
                constraint.kind()
            );
        }
    }
}
