//! A setter's palette: the families [`single_constraints`](super::single_constraints) may propose, and the candidates each offers on a puzzle.
//!
//! A family read from its cells alone (a kropki dot, a thermometer, a renban line, an odd
//! cell …) is offered on every cell, every pair of orthogonal neighbours, or every path of
//! king's moves up to the palette's line length, whichever its reader takes. Families with a
//! value take it from the puzzle's solutions: XV markers (X and V), arrows (a one-cell
//! circle and a shaft), killer cages over cells the setter names, sandwich clues on every
//! row and column, and little killer clues on every diagonal, each with the totals the
//! solutions give.

use crate::constraint::{
    Arrow, Cage, CellValues, Family, LittleKiller, OnlyCells, Record, RecordFormat, Sandwich,
    VariantConstraint, Xv, XvLetter, family_named,
};
use crate::grid::{Cell, Grid, House, Shape};
use crate::rules::Puzzle;

/// Why a palette cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PaletteError {
    /// A name that is no family of satdoku's TOML files.
    #[error(
        "`{0}` is no family of satdoku's puzzle files (write their table names: white-dot, xv, thermometer, cage …)"
    )]
    Unknown(String),
    /// A family that cannot be proposed from its cells alone or a solution's values.
    #[error(
        "`{0}` cannot be proposed: a palette takes the families read from their cells alone \
         (white-dot, black-dot, thermometer, renban, whispers, odd, even …), xv, arrow, cage, \
         sandwich and little-killer"
    )]
    NotOffered(String),
    /// Cages in the palette without the cells they go over.
    #[error("`cage` needs the cells of each cage to try (CLI: --cage r1c1-r1c2-r2c1)")]
    CageWithoutCells,
    /// Cage cells given without `cage` in the palette.
    #[error("cage cells are given but `cage` is not in the palette")]
    CellsWithoutCage,
    /// A line length below 2.
    #[error("a line length of {0}: lines are tried from 2 cells up, so it must be 2 or more")]
    LineLength(usize),
}

/// How a family read from its cells alone takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// One cell (an odd or even cell, a minimum).
    Cell,
    /// Two orthogonal neighbours (a kropki dot, an inequality sign).
    Pair,
    /// A path of king's moves (a thermometer, a renban line).
    Line,
}

/// One entry of a palette.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    /// A family read from its cells alone, under its TOML name.
    Cells { name: &'static str, form: Form },
    /// X and V markers between orthogonal neighbours.
    Xv,
    /// Arrows: a one-cell circle and a shaft along a path.
    Arrow,
    /// Killer cages over the cells named, with the totals of the solutions.
    Cage,
    /// Sandwich clues on every row and column.
    Sandwich,
    /// Little killer clues on every diagonal of two cells or more.
    LittleKiller,
    /// The families of the puzzle's own constraints that a palette offers.
    Rules,
}

/// The families a setter allows [`single_constraints`](super::single_constraints) to
/// propose, with the cells of the cages to try and the longest line.
///
/// ```
/// use satdoku::suggest::Palette;
/// let palette = Palette::new(&["white-dot", "thermometer", "xv"], Vec::new(), 3)?;
/// assert_eq!(palette.to_string(), "white-dot, thermometer, xv (lines of 2 to 3 cells)");
/// assert!(Palette::new(&["quadruple"], Vec::new(), 3).is_err());
/// # Ok::<(), satdoku::suggest::PaletteError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    entries: Vec<(String, Entry)>,
    cages: Vec<Vec<Cell>>,
    line_length: usize,
}

impl Palette {
    /// A palette of the families `names` (their TOML table names: `white-dot`, `xv`,
    /// `thermometer`, `cage` …; `rules` for those of the puzzle's own constraints that a
    /// palette offers, killer cages aside: their cells are named, through `cage`), the
    /// cells of each cage to try (`cage` needs some), and the longest line to try (2 cells
    /// or more).
    pub fn new(
        names: &[&str],
        cages: Vec<Vec<Cell>>,
        line_length: usize,
    ) -> Result<Palette, PaletteError> {
        if line_length < 2 {
            return Err(PaletteError::LineLength(line_length));
        }
        let mut entries = Vec::new();
        for &name in names {
            let entry = entry(name)?;
            if !entries.iter().any(|(_, e)| *e == entry) {
                entries.push((name.to_string(), entry));
            }
        }
        let has_cage = entries.iter().any(|(_, e)| *e == Entry::Cage);
        match (has_cage, cages.is_empty()) {
            (true, true) => return Err(PaletteError::CageWithoutCells),
            (false, false) => return Err(PaletteError::CellsWithoutCage),
            _ => {}
        }
        Ok(Palette {
            entries,
            cages,
            line_length,
        })
    }

    /// The constraints to try on `puzzle`, whose `solutions` are listed: those the palette
    /// offers that touch a cell where the solutions differ (one that does not is obeyed by
    /// all of them or none; all of them when a constraint of the puzzle reads the others,
    /// since a new one may then admit new grids), each valued by the solutions where it
    /// takes a value; repeats left out, fewest cells first.
    pub(crate) fn candidates(&self, puzzle: &Puzzle, solutions: &[Grid]) -> Vec<VariantConstraint> {
        let shape = puzzle.shape();
        let values: Vec<Vec<u8>> = solutions.iter().map(Grid::values).collect();
        let differs: Vec<bool> = (0..shape.cell_count())
            .map(|i| values.iter().any(|v| v[i] != values[0][i]))
            .collect();
        let reads_others =
            (puzzle.rules().constraints().iter()).any(VariantConstraint::reads_others);
        let touches = |c: &VariantConstraint| {
            reads_others
                || (c.get().cells(shape).iter()).any(|&cell| {
                    shape.cell(cell.row(), cell.col()).is_some() && differs[shape.index(cell)]
                })
        };
        let mut found: Vec<VariantConstraint> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (_, entry) in &self.entries {
            let entries = match entry {
                Entry::Rules => rules_entries(puzzle),
                other => vec![other.clone()],
            };
            for entry in entries {
                for candidate in self.offers(&entry, shape, &values) {
                    if touches(&candidate) && seen.insert(candidate.clone()) {
                        found.push(candidate);
                    }
                }
            }
        }
        found.sort_by_key(|c| c.get().cells(shape).len());
        found
    }

    /// Whether the palette has `rules`: the families the puzzle uses.
    pub(crate) fn has_rules(&self) -> bool {
        self.entries.iter().any(|(_, entry)| *entry == Entry::Rules)
    }

    /// What `entry` offers on a grid of `shape` whose solutions have `values`.
    fn offers(&self, entry: &Entry, shape: Shape, values: &[Vec<u8>]) -> Vec<VariantConstraint> {
        match *entry {
            Entry::Cells { name, form } => {
                let family = family_named(RecordFormat::Toml, name).expect("a palette's family");
                let cells: Vec<Vec<Cell>> = match form {
                    Form::Cell => shape.cells().map(|c| vec![c]).collect(),
                    Form::Pair => orthogonal_pairs(shape),
                    Form::Line => paths(shape, self.line_length),
                };
                (cells.into_iter())
                    .filter_map(|cells| read_cells(family, name, cells))
                    .flatten()
                    .collect()
            }
            Entry::Xv => (orthogonal_pairs(shape).into_iter())
                .flat_map(|p| [XvLetter::X, XvLetter::V].map(|l| Xv::new(p[0], p[1], l).into()))
                .collect(),
            Entry::Arrow => (paths(shape, self.line_length).into_iter())
                .map(|path| Arrow::new(vec![path[0]], path[1..].to_vec()).into())
                .collect(),
            Entry::Cage => (self.cages.iter())
                .flat_map(|cells| {
                    let most = (cells.len() * shape.digit_count()) as u32;
                    valued(shape, values, most, |sum| {
                        Cage::new(cells.clone(), Some(sum)).into()
                    })
                })
                .collect(),
            Entry::Sandwich => {
                let n = shape.size() as u8;
                let most = (2..shape.size() as u32).sum();
                ((0..n).flat_map(|i| [House::Row(i), House::Column(i)]))
                    .flat_map(|line| {
                        valued(shape, values, most, |sum| Sandwich::new(line, sum).into())
                    })
                    .collect()
            }
            Entry::LittleKiller => (diagonals(shape).into_iter())
                .flat_map(|cells| {
                    let most = (cells.len() * shape.digit_count()) as u32;
                    valued(shape, values, most, |sum| {
                        LittleKiller::new(cells.clone(), sum).into()
                    })
                })
                .collect(),
            Entry::Rules => Vec::new(),
        }
    }
}

impl std::fmt::Display for Palette {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.entries.iter().map(|(name, _)| name.as_str()).collect();
        write!(f, "{}", names.join(", "))?;
        let lines = (self.entries.iter()).any(|(_, e)| {
            matches!(
                e,
                Entry::Arrow
                    | Entry::Rules
                    | Entry::Cells {
                        form: Form::Line,
                        ..
                    }
            )
        });
        if lines {
            write!(f, " (lines of 2 to {} cells)", self.line_length)?;
        }
        Ok(())
    }
}

/// The entry a palette name stands for.
fn entry(name: &str) -> Result<Entry, PaletteError> {
    match name {
        "xv" => return Ok(Entry::Xv),
        "arrow" => return Ok(Entry::Arrow),
        "cage" => return Ok(Entry::Cage),
        "sandwich" => return Ok(Entry::Sandwich),
        "little-killer" => return Ok(Entry::LittleKiller),
        "rules" => return Ok(Entry::Rules),
        _ => {}
    }
    let family = family_named(RecordFormat::Toml, name)
        .ok_or_else(|| PaletteError::Unknown(name.to_string()))?;
    let name = *(family.toml.iter())
        .find(|&&n| n == name)
        .expect("the family was found under this name");
    form(family, name)
        .map(|form| Entry::Cells { name, form })
        .ok_or_else(|| PaletteError::NotOffered(name.to_string()))
}

/// How `family`'s reader takes cells alone under `name`, if it does: the first of a path
/// of three cells, a pair and one cell that it reads as one constraint (an odd-cell record
/// of three cells is three odd cells).
fn form(family: &'static Family, name: &'static str) -> Option<Form> {
    let cell = |c: usize| Cell::at(0, c).expect("a cell of any grid");
    [
        (Form::Line, vec![cell(0), cell(1), cell(2)]),
        (Form::Pair, vec![cell(0), cell(1)]),
        (Form::Cell, vec![cell(0)]),
    ]
    .into_iter()
    .find(|(_, cells)| read_cells(family, name, cells.clone()).is_some_and(|c| c.len() == 1))
    .map(|(form, _)| form)
}

/// What `family`'s reader makes of a record of `cells` alone under `name`, if it reads one.
fn read_cells(
    family: &Family,
    name: &'static str,
    cells: Vec<Cell>,
) -> Option<Vec<VariantConstraint>> {
    let mut fields = OnlyCells(Some(cells));
    (family.read)(&mut Record::new(
        RecordFormat::Toml,
        name,
        None,
        &mut fields,
    ))
    .ok()
}

/// The entries for the families of `puzzle`'s own constraints that a palette offers.
fn rules_entries(puzzle: &Puzzle) -> Vec<Entry> {
    let mut entries = Vec::new();
    for constraint in puzzle.rules().constraints() {
        let Ok(records) = constraint.written(RecordFormat::Toml) else {
            continue;
        };
        for record in records {
            if let Ok(entry) = entry(record.name)
                && entry != Entry::Cage
                && !entries.contains(&entry)
            {
                entries.push(entry);
            }
        }
    }
    entries
}

/// The families of `puzzle`'s constraints that `rules` in a palette does not offer (its
/// killer cages, offered only over cells named with `cage`; families valued otherwise than
/// by cells alone, such as quadruples; rules over the whole grid), each once by its TOML
/// name: named, never left out without a word.
pub(crate) fn rules_unoffered(puzzle: &Puzzle) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for constraint in puzzle.rules().constraints() {
        let records = match constraint.written(RecordFormat::Toml) {
            Ok(records) if !records.is_empty() => records,
            _ => {
                let name = constraint.to_string();
                if !names.contains(&name) {
                    names.push(name);
                }
                continue;
            }
        };
        for record in records {
            if (entry(record.name)).is_ok_and(|entry| entry != Entry::Cage) {
                continue;
            }
            let name = record.name.to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The constraints `make` gives for each total up to `most` that some solution (of
/// `values`) obeys, once each.
fn valued(
    shape: Shape,
    values: &[Vec<u8>],
    most: u32,
    make: impl Fn(u32) -> VariantConstraint,
) -> Vec<VariantConstraint> {
    let made: Vec<VariantConstraint> = (0..=most).map(make).collect();
    let obeyed =
        |c: &VariantConstraint| (values.iter()).any(|v| c.get().admits(&CellValues::new(shape, v)));
    made.into_iter().filter(obeyed).collect()
}

/// Every pair of orthogonal neighbours, each way round.
fn orthogonal_pairs(shape: Shape) -> Vec<Vec<Cell>> {
    (shape.pairs_at(&[(0, 1), (1, 0)]))
        .flat_map(|(a, b)| [vec![a, b], vec![b, a]])
        .collect()
}

/// Every path of 2 to `longest` different cells, each a king's move from the last.
fn paths(shape: Shape, longest: usize) -> Vec<Vec<Cell>> {
    const KING: [(isize, isize); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let mut found = Vec::new();
    let mut layer: Vec<Vec<Cell>> = shape.cells().map(|c| vec![c]).collect();
    for _ in 1..longest {
        let mut next = Vec::new();
        for path in &layer {
            let last = *path.last().expect("a path has cells");
            for step in KING {
                if let Some(cell) = shape.step(last, step).filter(|c| !path.contains(c)) {
                    let mut longer = path.clone();
                    longer.push(cell);
                    next.push(longer);
                }
            }
        }
        found.extend(next.iter().cloned());
        layer = next;
    }
    found
}

/// Every diagonal run of two cells or more, from the top row or the left or right column.
fn diagonals(shape: Shape) -> Vec<Vec<Cell>> {
    let n = shape.size();
    let mut found = Vec::new();
    for (dc, starts) in [(1isize, 0..n), (-1, 0..n)] {
        let left_or_right = if dc == 1 { 0 } else { n - 1 };
        let firsts = (starts.map(|c| (0, c))).chain((1..n).map(|r| (r, left_or_right)));
        for (r, c) in firsts {
            let mut cells = Vec::new();
            let mut at = shape.cell(r, c);
            while let Some(cell) = at {
                cells.push(cell);
                at = shape.step(cell, (1, dc));
            }
            if cells.len() >= 2 {
                found.push(cells);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_take_the_form_their_reader_reads() {
        let form_of = |name| match entry(name) {
            Ok(Entry::Cells { form, .. }) => Some(form),
            _ => None,
        };
        assert_eq!(form_of("white-dot"), Some(Form::Pair));
        assert_eq!(form_of("greater-than"), Some(Form::Line));
        assert_eq!(form_of("thermometer"), Some(Form::Line));
        assert_eq!(form_of("odd"), Some(Form::Cell));
        assert_eq!(
            entry("quadruple"),
            Err(PaletteError::NotOffered("quadruple".into()))
        );
        assert_eq!(
            entry("nonsense"),
            Err(PaletteError::Unknown("nonsense".into()))
        );
        for name in ["xv", "arrow", "cage", "sandwich", "little-killer", "rules"] {
            assert!(entry(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn paths_and_diagonals_are_counted_as_expected() {
        let shape = Shape::from_size(4).unwrap();
        // 4×4: 42 king's-move pairs each way round.
        assert_eq!(paths(shape, 2).len(), 84);
        assert_eq!(orthogonal_pairs(shape).len(), 48);
        // Two directions, 2N−3 diagonals of two cells or more each.
        assert_eq!(diagonals(shape).len(), 10);
    }
}
