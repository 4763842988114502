//! Rules combined with "or" (`[[any-of]]`): cells that hold the rule of at least one of the families a record names (a line that is renban or whispers, a dot that is white or black), each family read from the same cells, encoded under a literal of its own.
//!
//! Setters write such rules in words ("each line is either a renban or a German whispers
//! line: the solver must work out which"; "grey dots join digits that are consecutive or in
//! a 1:2 ratio"), and sigh's Interactive Sudoku Solver offers them as its `Or` of
//! constraints. Each family named is read as a record of its own with the any-of's cells
//! and nothing else, so it takes its defaults (whispers 5 apart on 9×9, a white dot's
//! difference of 1); a family whose record needs more than cells is refused by name.

use std::fmt;

use super::drawing::{GREY, Mark};
use super::family::{OnlyCells, family_named};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, cell_list,
};
use crate::grid::{Cell, Shape};

/// Cells holding at least one of several rules, each a family read from the same cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AnyOf {
    cells: Vec<Cell>,
    /// The families' names in satdoku's TOML, as the record gives them.
    families: Vec<&'static str>,
    /// Each family's constraint on the cells, in the same order.
    parts: Vec<VariantConstraint>,
}

impl AnyOf {
    /// Reads an any-of record (satdoku's TOML, and f-puzzles' `anyof` entries, the name
    /// f-puzzles' extension scheme gives it): its `cells` and `families`, the TOML names of
    /// two or more families each read from those cells alone.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let cells = record.cells("cells")?;
        let families = record
            .texts("families")?
            .ok_or_else(|| RecordError::why("needs `families`, the families it is any of"))?;
        Ok(vec![AnyOf::new(cells, &families, record.shape())?.into()])
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
            let family = family_named(RecordFormat::Toml, name)
                .ok_or_else(|| RecordError::why(format!("`{name}` is no family")))?;
            let name: &'static str = family
                .toml
                .iter()
                .find(|n| *n == name)
                .expect("the family found under the name");
            if name == "any-of" {
                return Err(RecordError::why("an any-of cannot hold another any-of"));
            }
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
            parts,
        })
    }

    /// The record that `read` reads back: `any-of` (f-puzzles: `anyof`) with its `cells`
    /// and `families`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let families = self.families.iter().map(ToString::to_string).collect();
        Ok(vec![
            WrittenRecord::new(format.choose("any-of", "anyof"))
                .cells("cells", &self.cells)
                .with("families", FieldValue::Texts(families)),
        ])
    }

    /// Its rules, each a family's constraint on its cells.
    pub fn parts(&self) -> &[VariantConstraint] {
        &self.parts
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
    /// Its families' names in messages, joined by "or": `renban line or whispers line`.
    fn either(&self) -> String {
        let names: Vec<&str> = self.parts.iter().map(VariantConstraint::kind).collect();
        names.join(" or ")
    }
}

impl fmt::Display for AnyOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "any of {} on {}", self.either(), cell_list(&self.cells))
    }
}

impl Constraint for AnyOf {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    /// A rule that cannot hold on the grid leaves the others; none that can is a problem.
    fn problem(&self, shape: Shape) -> Option<String> {
        let problems: Vec<String> = (self.parts.iter())
            .filter_map(|p| p.get().problem(shape).map(|why| format!("{p}: {why}")))
            .collect();
        (problems.len() == self.parts.len()).then(|| problems.join("; "))
    }

    fn oddity(&self) -> Option<String> {
        self.parts.iter().find_map(|p| p.get().oddity())
    }

    /// Each rule's clauses under a literal of its own, and one of the literals true; a
    /// rule that cannot hold on the grid gets no literal.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        let able: Vec<&VariantConstraint> = (self.parts.iter())
            .filter(|p| p.get().problem(shape).is_none())
            .collect();
        let chosen: Vec<_> = able.iter().map(|_| cnf.aux()).collect();
        cnf.clause(chosen.iter().copied());
        for (part, &guard) in able.iter().zip(&chosen) {
            cnf.under(guard, |cnf| part.get().encode(cnf));
        }
    }

    /// Some rule admits the values (a rule that cannot hold on the grid admits no complete
    /// grid, so it needs no leaving out here).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.parts.iter().any(|p| p.get().admits(values))
    }

    /// A grey line through its cells, and a line of the legend naming its rules (one for
    /// every any-of of the same families).
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![
            Mark::line(&self.cells, GREY, 0.2),
            Mark::Legend(format!("grey line: {} (at least one holds)", self.either())),
        ]
    }
}
