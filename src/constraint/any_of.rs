//! Rules combined with "or" (`[[any-of]]`): at least one of several alternatives holds, each a family read from the record's cells (a line that is renban or whispers) or constraints written out in full beneath it (a cage or a lunchbox of 11), every alternative encoded under a literal of its own.
//!
//! Setters write such rules in words ("each line is either a renban or a German whispers
//! line: the solver must work out which"; "grey dots join digits that are consecutive or in
//! a 1:2 ratio"), and sigh's Interactive Sudoku Solver offers them as its `Or` of
//! constraints (with `And` inside). In the short form each family named is read as a record
//! of its own with the any-of's cells and nothing else, so it takes its defaults (whispers 5
//! apart on 9×9, a white dot's difference of 1); a family whose record needs more than cells
//! is refused by name. In the long form each record nested under the any-of
//! (`[[any-of.cage]]`) is an alternative, and an `[[any-of.all-of]]` holding records of its
//! own (`[[any-of.all-of.thermometer]]`) is one alternative of them all.

use std::fmt;

use super::drawing::{GREY, Mark};
use super::family::{Family, Fields, OnlyCells, family_named};
use super::written::toml_only;
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list,
};
use crate::grid::{Cell, Shape};

/// At least one of several alternatives holding: each a family read from the same cells,
/// or constraints written out in full (all of which hold in that alternative).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AnyOf {
    /// The record's cells (short form; none when the alternatives are written out).
    cells: Vec<Cell>,
    /// The families' names in satdoku's TOML, as the record gives them (short form); empty
    /// when the alternatives are written out.
    families: Vec<&'static str>,
    /// The alternatives' constraints, one after another.
    parts: Vec<VariantConstraint>,
    /// Where each alternative ends in `parts`.
    ends: Vec<usize>,
}

/// The key under an any-of of one alternative made of several records.
const ALL_OF: &str = "all-of";

impl AnyOf {
    /// Reads an any-of record (satdoku's TOML, and f-puzzles' `anyof` entries, the name
    /// f-puzzles' extension scheme gives it): its `cells` and `families`, the TOML names of
    /// two or more families each read from those cells alone.
    ///
    /// Or, in satdoku's TOML, its alternatives as records nested under it: each
    /// `[[any-of.FAMILY]]` table one alternative, each `[[any-of.all-of]]` one alternative
    /// of the records nested in it.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let Some(families) = record.texts("families")? else {
            let (format, shape) = (record.format(), record.shape());
            let mut alternatives = Vec::new();
            record.nested(&mut |key, fields| {
                alternatives.push(alternative(format, shape, key, fields)?);
                Ok(())
            })?;
            if alternatives.is_empty() {
                return Err(RecordError::why(
                    "needs `families` (the families its `cells` are any of), or the constraints it is any of, each a table under it (`[[any-of.cage]]`)",
                ));
            }
            return Ok(vec![AnyOf::of(alternatives)?.into()]);
        };
        let cells = record.cells("cells")?;
        Ok(vec![AnyOf::new(cells, &families, record.shape())?.into()])
    }

    /// At least one of `alternatives` holding, each the constraints that all hold in it.
    /// Refused: fewer than two alternatives, an empty one, and an any-of inside another.
    pub fn of(alternatives: Vec<Vec<VariantConstraint>>) -> Result<AnyOf, RecordError> {
        if alternatives.len() < 2 {
            return Err(RecordError::why(
                "needs two or more alternatives: one is a constraint of its own",
            ));
        }
        let mut parts = Vec::new();
        let mut ends = Vec::new();
        for alternative in alternatives {
            if alternative.is_empty() {
                return Err(RecordError::why("an alternative holds no constraint"));
            }
            if (alternative.iter()).any(|p| matches!(p, VariantConstraint::AnyOf(_))) {
                return Err(RecordError::why("an any-of cannot hold another any-of"));
            }
            parts.extend(alternative);
            ends.push(parts.len());
        }
        Ok(AnyOf {
            cells: Vec::new(),
            families: Vec::new(),
            parts,
            ends,
        })
    }

    /// Cells `cells` holding the rule of at least one of `families` (TOML names: `renban`,
    /// `whispers`, `white-dot` …), each read from the cells alone on a grid of `shape`
    /// when known. Refused: fewer than two families, a name no family has, an any-of
    /// inside another, and a family whose record needs more than its cells.
    pub fn new(
        cells: Vec<Cell>,
        families: &[String],
        shape: Option<Shape>,
    ) -> Result<AnyOf, RecordError> {
        if families.len() < 2 {
            return Err(RecordError::why(
                "needs two or more `families`: one family is a record of its own",
            ));
        }
        let mut names = Vec::new();
        let mut parts = Vec::new();
        for name in families {
            let (family, name) = part_family(RecordFormat::Toml, name, "")?;
            let mut fields = OnlyCells(Some(cells.clone()));
            let mut record = Record::new(RecordFormat::Toml, name, shape, &mut fields);
            let read = (family.read)(&mut record).map_err(|why| {
                RecordError::why(format!("family `{name}` from the cells alone: {why}"))
            })?;
            let [part] = <[VariantConstraint; 1]>::try_from(read).map_err(|read| {
                RecordError::why(format!(
                    "family `{name}` reads {} constraints from the cells, not one",
                    read.len()
                ))
            })?;
            names.push(name);
            parts.push(part);
        }
        Ok(AnyOf {
            cells,
            families: names,
            ends: (1..=parts.len()).collect(),
            parts,
        })
    }

    /// The record that `read` reads back: `any-of` (f-puzzles: `anyof`) with its `cells`
    /// and `families`.
    /// Written out in full (satdoku's TOML only), each alternative's records nested under
    /// it.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        if self.families.is_empty() {
            let mut alternatives = Vec::new();
            for alternative in self.alternatives() {
                let mut records = Vec::new();
                for part in alternative {
                    records.extend(part.written(format)?);
                }
                alternatives.push(records);
            }
            return toml_only(self, "constraints combined with \"or\"", format, || {
                let mut record = WrittenRecord::new("any-of");
                for records in alternatives {
                    record = match &records[..] {
                        [one] => record.with(one.name, FieldValue::Records(vec![one.clone()])),
                        _ => {
                            let mut all = WrittenRecord::new(ALL_OF);
                            for one in records {
                                all = all.with(one.name, FieldValue::Records(vec![one]));
                            }
                            record.with(ALL_OF, FieldValue::Records(vec![all]))
                        }
                    };
                }
                record
            });
        }
        let families = self.families.iter().map(ToString::to_string).collect();
        Ok(vec![
            WrittenRecord::new(format.choose("any-of", "anyof"))
                .cells("cells", &self.cells)
                .with("families", FieldValue::Texts(families)),
        ])
    }

    /// Its rules: every alternative's constraints, one alternative after another.
    pub fn parts(&self) -> &[VariantConstraint] {
        &self.parts
    }

    /// Its alternatives, each the constraints that all hold in it.
    pub fn alternatives(&self) -> impl Iterator<Item = &[VariantConstraint]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(start, end)| &self.parts[start..end])
    }

    /// The same, its rules settled with the rules it joins (see
    /// [`VariantConstraint::settled`]).
    pub(crate) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
    ) -> AnyOf {
        AnyOf {
            parts: (self.parts.into_iter())
                .map(|part| part.settled(all, region))
                .collect(),
            ..self
        }
    }
}

impl AnyOf {
    /// Its families' names in messages, joined by "or": `renban line or whispers line`;
    /// alternatives written out, each as its constraints read (several joined by "and").
    fn either(&self) -> String {
        if !self.families.is_empty() {
            let names: Vec<&str> = self.parts.iter().map(VariantConstraint::kind).collect();
            return names.join(" or ");
        }
        let alternatives: Vec<String> = (self.alternatives())
            .map(|parts| match parts {
                [one] => one.to_string(),
                _ => {
                    let all: Vec<String> = parts.iter().map(ToString::to_string).collect();
                    format!("({})", all.join(" and "))
                }
            })
            .collect();
        alternatives.join(" or ")
    }
}

impl fmt::Display for AnyOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.families.is_empty() {
            true => write!(f, "any of {}", self.either()),
            false => write!(f, "any of {} on {}", self.either(), cell_list(&self.cells)),
        }
    }
}

/// One alternative written under an any-of as `key`: the constraints of the record of
/// family `key`, or of each record nested in an `all-of`.
fn alternative(
    format: RecordFormat,
    shape: Option<Shape>,
    key: &str,
    fields: &mut dyn Fields,
) -> Result<Vec<VariantConstraint>, RecordError> {
    if key != ALL_OF {
        return nested_record(format, shape, key, fields);
    }
    let mut parts = Vec::new();
    fields.nested(&mut |key, fields| {
        if key == ALL_OF {
            return Err(RecordError::why(
                "an all-of holds records of families, not another all-of",
            ));
        }
        parts.extend(nested_record(format, shape, key, fields)?);
        Ok(())
    })?;
    Ok(parts)
}

/// The family named `key` (`place`: where it stands, said in the error) and its TOML name, for a
/// part of an any-of: an error when no family has the name, or it is another any-of.
fn part_family(
    format: RecordFormat,
    key: &str,
    place: &str,
) -> Result<(&'static Family, &'static str), RecordError> {
    let family = family_named(format, key)
        .ok_or_else(|| RecordError::why(format!("`{key}`{place} is no family")))?;
    let name: &'static str = (family.toml.iter())
        .find(|n| **n == key)
        .expect("the family found under the name");
    match name {
        "any-of" => Err(RecordError::why("an any-of cannot hold another any-of")),
        _ => Ok((family, name)),
    }
}

/// The constraints of a record of family `key` nested under an any-of.
fn nested_record(
    format: RecordFormat,
    shape: Option<Shape>,
    key: &str,
    fields: &mut dyn Fields,
) -> Result<Vec<VariantConstraint>, RecordError> {
    let (family, name) = part_family(format, key, " under it")?;
    (family.read)(&mut Record::new(format, name, shape, fields))
        .map_err(|why| RecordError::why(format!("its `{name}`: {why}")))
}

impl Constraint for AnyOf {
    /// The record's cells, or every alternative's, each once.
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        if !self.families.is_empty() {
            return self.cells.clone();
        }
        let mut cells: Vec<Cell> = Vec::new();
        for part in &self.parts {
            for cell in part.get().cells(shape) {
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
        cells
    }

    /// An alternative that cannot hold on the grid (a clue no line can meet, which an `Or`
    /// of sigh's solver may offer beside one that can) leaves the others; none that can is
    /// a problem, naming each one's.
    fn problem(&self, shape: Shape) -> Option<String> {
        let problems: Vec<String> = (self.alternatives())
            .filter_map(|parts| {
                (parts.iter()).find_map(|p| p.get().problem(shape).map(|why| format!("{p}: {why}")))
            })
            .collect();
        (problems.len() == self.ends.len()).then(|| problems.join("; "))
    }

    fn oddity(&self) -> Option<String> {
        self.parts.iter().find_map(|p| p.get().oddity())
    }

    /// Each rule's clauses under a literal of its own, and one of the literals true; a
    /// rule that cannot hold on the grid gets no literal.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        let able: Vec<&[VariantConstraint]> = (self.alternatives())
            .filter(|parts| parts.iter().all(|p| p.get().problem(shape).is_none()))
            .collect();
        let chosen: Vec<_> = able.iter().map(|_| cnf.aux()).collect();
        cnf.clause(chosen.iter().copied());
        for (parts, &guard) in able.iter().zip(&chosen) {
            for part in parts.iter() {
                cnf.under(guard, |cnf| part.get().encode(cnf));
            }
        }
    }

    /// Some alternative admits the values, every constraint of it (one that cannot hold on
    /// the grid admits no complete grid, so it needs no leaving out here).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        (self.alternatives()).any(|parts| parts.iter().all(|p| p.get().admits(values)))
    }

    /// A grey line through its cells and a line of the legend naming its rules (one for
    /// every any-of of the same families); written out, each constraint drawn as its own
    /// (the same mark once) and a line of the legend naming their kinds.
    fn draw(&self, shape: Shape) -> Vec<Mark> {
        if !self.families.is_empty() {
            return vec![
                Mark::line(&self.cells, GREY, 0.2),
                Mark::Legend(format!("grey line: {} (at least one holds)", self.either())),
            ];
        }
        let mut marks: Vec<Mark> = Vec::new();
        for part in &self.parts {
            for mark in part.get().draw(shape) {
                if !matches!(mark, Mark::Legend(_)) && !marks.contains(&mark) {
                    marks.push(mark);
                }
            }
        }
        let kinds: Vec<String> = (self.alternatives())
            .map(|parts| {
                let kinds: Vec<&str> = parts.iter().map(VariantConstraint::kind).collect();
                kinds.join(" and ")
            })
            .collect();
        marks.push(Mark::Legend(format!(
            "any of {}: at least one holds",
            kinds.join(" or ")
        )));
        marks
    }
}
