//! The rules of a grid: its regions (boxes or jigsaw), extra regions, cells that differ and variant constraints; the puzzles they make, and their layout for the solvers.

mod error;
mod global;
mod layout;
mod links;
mod puzzle;
mod regions;
mod spec;

use std::fmt;

pub use error::{PuzzleError, RulesError};
pub use global::{Adds, FpuzzlesForm, GlobalRule, GlobalRuleRow, GlobalRules, Needs};
pub use layout::{Layout, layout_for};
pub use links::{Node, Scope, WeakLinks};
pub use puzzle::Puzzle;
pub use regions::{Jigsaw, Regions};
pub use spec::{DigitRange, DigitRangeError, RulesSpec};

use crate::constraint::{CellValues, PencilMarks, VariantConstraint};
use crate::grid::{BoxShape, Candidates, Cell, DigitSet, House, Relation, Shape};

/// The rules of one grid: which cell groups hold every digit once, and which cells must
/// differ. Rows and columns always do; then the regions (boxes or jigsaw), and the extra
/// regions and relations asked for.
///
/// ```
/// use satdoku::{BoxShape, Rules, Shape};
/// use satdoku::rules::GlobalRule;
/// let six = Rules::boxes(BoxShape::new(2, 3)?).with_global(GlobalRule::AntiKnight)?;
/// assert_eq!(six.shape(), Shape::from_size(6).unwrap());
/// assert_eq!(six.to_string(), "boxes 2x3, anti-knight");
/// # Ok::<(), satdoku::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    shape: Shape,
    regions: Regions,
    /// The rules over the whole grid.
    globals: GlobalRules,
    /// Extra regions given as cell lists, N distinct cells each.
    extra: Vec<Vec<Cell>>,
    /// Pairs of cells given as different, first before second in reading order.
    pairs: Vec<(Cell, Cell)>,
    /// Variant constraints (cages, thermometers, dots …), in the order given.
    constraints: Vec<VariantConstraint>,
}

impl Rules {
    /// Classic rules for `shape`: rows, columns and its [default boxes](BoxShape::default_for).
    /// An error when N is prime (no boxes fit: such grids need jigsaw regions).
    pub fn standard(shape: Shape) -> Result<Rules, RulesError> {
        BoxShape::default_for(shape)
            .map(Rules::boxes)
            .ok_or(RulesError::NoBoxes { shape })?
            // The shape's digits, 1 to N or more.
            .with_digits(shape.digit_count())
    }

    /// Rows, columns and boxes of `boxes`. Boxes of more than N cells
    /// ([`BoxShape::tiling`]) hold a cell per digit: the grid takes as many digits.
    ///
    /// ```
    /// use satdoku::{BoxShape, Rules, Shape};
    /// let six = Shape::from_size(6).unwrap();
    /// let rules = Rules::boxes(BoxShape::tiling(3, 3, six).unwrap());
    /// assert_eq!(rules.shape().to_string(), "6×6 with digits 1-9");
    /// assert_eq!(rules.houses().len(), 6 + 6 + 4);
    /// ```
    pub fn boxes(boxes: BoxShape) -> Rules {
        let shape = (boxes.shape())
            .with_digits(boxes.cells())
            .expect("a box has at most 64 cells");
        Rules::regions(shape, Regions::Boxes(boxes))
    }

    /// Rows, columns and jigsaw regions. Regions of more than N cells hold a cell per
    /// digit: the grid takes as many digits.
    pub fn jigsaw(jigsaw: Jigsaw) -> Rules {
        let shape = (jigsaw.shape())
            .with_digits(jigsaw.cells())
            .expect("a region has at most 64 cells");
        Rules::regions(shape, Regions::Jigsaw(jigsaw))
    }

    /// Rows and columns only, no regions: a Latin square of any size.
    pub fn without_regions(shape: Shape) -> Rules {
        Rules::regions(shape, Regions::None)
    }

    fn regions(shape: Shape, regions: Regions) -> Rules {
        Rules {
            shape,
            regions,
            globals: GlobalRules::NONE,
            extra: Vec::new(),
            pairs: Vec::new(),
            constraints: Vec::new(),
        }
    }

    /// The same rules on a grid taking the digits 1 to `digits` (M, from N to 64): each
    /// house's digits differ, and every house holds every digit only when M = N. Give it
    /// before the constraints (those whose meaning needs full houses are refused after).
    ///
    /// ```
    /// use satdoku::{Rules, Shape};
    /// let six = Rules::standard(Shape::from_size(6).unwrap())?.with_digits(9)?;
    /// assert_eq!(six.shape().to_string(), "6×6 with digits 1-9");
    /// // The same from a shape that takes the digits already.
    /// let wide = Shape::from_size(6).unwrap().with_digits(9).unwrap();
    /// assert_eq!(Rules::standard(wide)?, six);
    /// assert!(Rules::standard(Shape::NINE)?.with_digits(8).is_err());
    /// # Ok::<(), satdoku::RulesError>(())
    /// ```
    pub fn with_digits(mut self, digits: usize) -> Result<Rules, RulesError> {
        self.shape = self.shape.with_digits(digits).ok_or(RulesError::Digits {
            shape: self.shape,
            digits,
        })?;
        if let Some(constraint) = self.constraints.iter().find(|c| !c.fits_more_digits())
            && !self.shape.is_exact()
        {
            return Err(RulesError::NeedsEveryDigit {
                constraint: constraint.to_string(),
                kind: constraint.kind(),
                shape: self.shape,
            });
        }
        if let Some(boxes) = self.box_shape().filter(|b| !self.fits_region(b.cells())) {
            return Err(RulesError::BoxesNeedDigits { boxes });
        }
        if let Regions::Jigsaw(jigsaw) = &self.regions
            && !self.fits_region(jigsaw.cells())
        {
            return Err(RulesError::RegionsNeedDigits {
                shape: self.shape,
                cells: jigsaw.cells(),
            });
        }
        if let Some(i) = self.extra.iter().position(|r| !self.fits_region(r.len())) {
            return Err(RulesError::ExtraRegionSize {
                region: i + 1,
                cells: self.extra[i].len(),
                shape: self.shape,
            });
        }
        Ok(self)
    }

    /// The same rules on a grid whose digits start at 0: 0 to M−1 (M = N unless
    /// [`Rules::with_digits`] gave more). Sums, products and parities are of those numbers;
    /// a constraint whose family reads digits only as the numbers from 1 (an index line's
    /// positions, an anti-taxicab distance) is refused, before or after.
    ///
    /// ```
    /// use satdoku::{Rules, Shape};
    /// let rules = Rules::standard(Shape::NINE)?.with_digits(10)?.from_zero()?;
    /// assert_eq!(rules.shape().to_string(), "9×9 with digits 0-9");
    /// # Ok::<(), satdoku::RulesError>(())
    /// ```
    pub fn from_zero(mut self) -> Result<Rules, RulesError> {
        self.shape = self.shape.from_zero();
        if let Some(constraint) = self.constraints.iter().find(|c| !c.fits_zero_digits()) {
            return Err(RulesError::NeedsDigitsFromOne {
                constraint: constraint.to_string(),
                kind: constraint.kind(),
            });
        }
        // A sum the numbers from 0 cannot reach (a weighted sum, a double arrow's shaft).
        for constraint in &self.constraints {
            if let Some(problem) = constraint.get().problem(self.shape) {
                return Err(RulesError::Constraint {
                    index: None,
                    constraint: constraint.to_string(),
                    problem,
                });
            }
        }
        Ok(self)
    }

    /// With one more variant constraint. An error naming it when a cell lies outside the
    /// grid or it cannot apply (a sum no digits reach, a line longer than the digits allow).
    ///
    /// ```
    /// use satdoku::{Cell, Rules, Shape};
    /// use satdoku::constraint::Cage;
    /// let cells = vec![Cell::at(0, 0).unwrap(), Cell::at(0, 1).unwrap()];
    /// let rules = Rules::standard(Shape::NINE)?;
    /// assert!(rules.clone().with_constraint(Cage::new(cells.clone(), Some(3))).is_ok());
    /// let err = rules.with_constraint(Cage::new(cells, Some(40))).unwrap_err();
    /// assert!(err.to_string().starts_with("killer cage r1c1-r1c2 (sum 40): no 2 different digits"));
    /// # Ok::<(), satdoku::RulesError>(())
    /// ```
    pub fn with_constraint(
        self,
        constraint: impl Into<VariantConstraint>,
    ) -> Result<Rules, RulesError> {
        self.with_constraint_before(constraint.into(), &[])
    }

    /// With `constraint`, settled and judged among the rules it joins and the constraints
    /// `coming` after it (the rules over the whole grid a spec adds after its constraints:
    /// chaos construction decides whether a clue reads given regions or found ones).
    pub(crate) fn with_constraint_before(
        mut self,
        constraint: VariantConstraint,
        coming: &[VariantConstraint],
    ) -> Result<Rules, RulesError> {
        // Settled with the rules it joins before its problems are asked (a box indexer's
        // regions decide whether it can be indexed).
        let all: Vec<VariantConstraint> = (self.constraints.iter())
            .chain([&constraint])
            .chain(coming)
            .cloned()
            .collect();
        let constraint = constraint.settled(&all, &|cell| self.region_cells(cell));
        let bad = |problem: String| RulesError::Constraint {
            index: None,
            constraint: constraint.to_string(),
            problem,
        };
        // No regions first: a line the regions cut is cut into single cells without them.
        if self.regions == Regions::None && constraint.needs_regions() {
            return Err(bad(
                "the grid has no given regions (rows and columns only) to place it by".into(),
            ));
        }
        if self.shape.starts_at_zero() && !constraint.fits_zero_digits() {
            return Err(RulesError::NeedsDigitsFromOne {
                constraint: constraint.to_string(),
                kind: constraint.kind(),
            });
        }
        if let Some(problem) = constraint.get().problem(self.shape) {
            return Err(bad(problem));
        }
        if !self.shape.is_exact() && !constraint.fits_more_digits() {
            return Err(RulesError::NeedsEveryDigit {
                constraint: constraint.to_string(),
                kind: constraint.kind(),
                shape: self.shape,
            });
        }
        if let Some(cell) = constraint
            .get()
            .cells(self.shape)
            .into_iter()
            .find(|c| self.shape.cell(c.row(), c.col()).is_none())
        {
            return Err(bad(format!("{cell} is outside a {} grid", self.shape)));
        }
        // A rule over the whole grid that is a constraint is in the set of rules too, once.
        if let Some(rule) = GlobalRule::of_constraint(&constraint) {
            if self.globals.contains(rule) {
                return Ok(self);
            }
            self.globals = self.globals.with(rule);
        }
        self.constraints.push(constraint);
        self.settle();
        Ok(self)
    }

    /// With given pencil marks: every cell of `marks` whose set leaves out a digit of the
    /// grid holds one of its set ([`PencilMarks`], one constraint a cell, added at once). An
    /// error when `marks` are for another grid.
    ///
    /// ```
    /// use satdoku::{Candidates, Grid, Rules, Shape};
    /// let mut marks = Candidates::of_grid(&Grid::empty(Shape::from_size(4).unwrap()));
    /// marks.sets_mut()[0].remove(satdoku::Digit::new(1).unwrap());
    /// let rules = Rules::standard(Shape::from_size(4).unwrap())?.with_pencil_marks(&marks)?;
    /// assert_eq!(rules.constraints().len(), 1);
    /// assert_eq!(rules.constraints()[0].to_string(), "pencil-marked cell r1c1 (2, 3, 4)");
    /// # Ok::<(), satdoku::RulesError>(())
    /// ```
    pub fn with_pencil_marks(mut self, marks: &Candidates) -> Result<Rules, RulesError> {
        if marks.shape().size() != self.shape.size() {
            return Err(RulesError::ShapeMismatch {
                grid: marks.shape(),
                rules: self.shape,
                what: "the pencil marks",
            });
        }
        let all = DigitSet::all(self.shape.digit_count());
        for (cell, &set) in self.shape.cells().zip(marks.sets()) {
            if set == all {
                continue;
            }
            let constraint = PencilMarks::new(cell, set, self.shape);
            if let Some(problem) = crate::constraint::Constraint::problem(&constraint, self.shape) {
                return Err(RulesError::Constraint {
                    index: None,
                    constraint: constraint.to_string(),
                    problem,
                });
            }
            self.constraints.push(constraint.into());
        }
        self.settle();
        Ok(self)
    }

    /// The variant constraints beyond given pencil marks: those a solver must check or
    /// propagate and logic must judge (marks are every board's starting candidates).
    pub fn constraints_beyond_marks(&self) -> impl Iterator<Item = &VariantConstraint> {
        (self.constraints.iter()).filter(|c| !matches!(c, VariantConstraint::PencilMarks(_)))
    }

    /// The candidates the given pencil marks leave each cell (every digit where none are
    /// given): where logic starts.
    pub fn pencil_marks(&self) -> Option<Candidates> {
        let mut marked = self.constraints.iter().filter_map(|c| match c {
            VariantConstraint::PencilMarks(marks) => Some(marks),
            _ => None,
        });
        let first = marked.next()?;
        let all = DigitSet::all(self.shape.digit_count());
        let mut sets = vec![all; self.shape.cell_count()];
        for marks in std::iter::once(first).chain(marked) {
            let i = self.shape.index(marks.cell());
            sets[i] = sets[i] & marks.digits(self.shape);
        }
        Some(Candidates::from_sets(self.shape, sets))
    }

    /// The cells of the region (box or jigsaw region) holding `cell`, in reading order;
    /// none for a cell outside the grid or a grid without regions.
    fn region_cells(&self, cell: Cell) -> Vec<Cell> {
        if self.shape.cell(cell.row(), cell.col()).is_none() {
            return Vec::new();
        }
        let house = match &self.regions {
            Regions::Boxes(boxes) => House::Box(boxes.box_of(cell) as u8),
            Regions::Jigsaw(jigsaw) => {
                let r = jigsaw.region_of(cell);
                House::Region(r as u8, jigsaw.label(r))
            }
            Regions::None => return Vec::new(),
        };
        self.cells(house)
    }

    /// The same rules without the `i`-th variant constraint.
    pub fn without_constraint(&self, i: usize) -> Rules {
        let mut rules = self.clone();
        let removed = rules.constraints.remove(i);
        if let Some(rule) = GlobalRule::of_constraint(&removed) {
            rules.globals = rules.globals.without(rule);
        }
        rules.settle();
        rules
    }

    /// The same rules with only the variant constraints whose index `keep` accepts, each
    /// as it stands in the whole rules (a negative constraint still exempts the pairs of
    /// every dot, kept or not): the rules a clash of some of the constraints is judged
    /// under.
    pub fn with_constraints_kept(&self, keep: impl Fn(usize) -> bool) -> Rules {
        let mut rules = self.clone();
        rules.constraints = (self.constraints.iter().enumerate())
            .filter(|&(i, _)| keep(i))
            .map(|(_, c)| c.clone())
            .collect();
        for (i, constraint) in self.constraints.iter().enumerate() {
            if let (false, Some(rule)) = (keep(i), GlobalRule::of_constraint(constraint)) {
                rules.globals = rules.globals.without(rule);
            }
        }
        rules
    }

    /// Settles every constraint from the others and the regions (see
    /// `VariantConstraint::settled`), after the list changed.
    fn settle(&mut self) {
        let all = std::mem::take(&mut self.constraints);
        self.constraints = all
            .iter()
            .map(|c| c.clone().settled(&all, &|cell| self.region_cells(cell)))
            .collect();
    }

    /// The variant constraints, in the order given.
    pub fn constraints(&self) -> &[VariantConstraint] {
        &self.constraints
    }

    /// Whether the filled cells of `values` (by cell index, 0 blank) break no variant
    /// constraint: exact on a complete grid, and never false for a partial grid that each
    /// constraint alone allows to complete.
    pub fn admits(&self, values: &[u8]) -> bool {
        let values = CellValues::new(self.shape, values);
        self.constraints.iter().all(|c| c.get().admits(&values))
    }

    /// The index of the first variant constraint that the filled cells of `values` (by
    /// cell index, 0 blank) break, if any (see [`Rules::admits`]).
    pub fn broken_constraint(&self, values: &[u8]) -> Option<usize> {
        let values = CellValues::new(self.shape, values);
        self.constraints
            .iter()
            .position(|c| !c.get().admits(&values))
    }

    /// With one more region: `cells` must hold different digits, every digit once when
    /// they are as many as the digits. An error unless they are N distinct cells of the grid,
    /// or M on a grid taking M digits, more than a row has cells (a 7×7 of 1–9 with regions
    /// of nine cells: "squishdoku").
    pub fn with_extra_region(mut self, cells: &[Cell]) -> Result<Rules, RulesError> {
        let mut region: Vec<Cell> = cells
            .iter()
            .map(|&cell| self.inside(cell))
            .collect::<Result<_, _>>()?;
        region.sort();
        region.dedup();
        if !self.fits_region(region.len()) {
            return Err(RulesError::ExtraRegionSize {
                region: self.extra.len() + 1,
                cells: region.len(),
                shape: self.shape,
            });
        }
        self.extra.push(region);
        Ok(self)
    }

    /// Whether an extra region of `cells` cells fits the grid: N, or M on a grid of M digits.
    fn fits_region(&self, cells: usize) -> bool {
        cells == self.shape.size() || cells == self.shape.digit_count()
    }

    /// With one more pair of cells that must differ.
    pub fn with_different(mut self, a: Cell, b: Cell) -> Result<Rules, RulesError> {
        let (a, b) = (self.inside(a)?, self.inside(b)?);
        if a == b {
            return Err(RulesError::SamePair { cell: a });
        }
        let pair = (a.min(b), a.max(b));
        if !self.pairs.contains(&pair) {
            self.pairs.push(pair);
        }
        Ok(self)
    }

    /// `cell`, or an error naming it when it lies outside the grid.
    fn inside(&self, cell: Cell) -> Result<Cell, RulesError> {
        match self.shape.cell(cell.row(), cell.col()) {
            Some(cell) => Ok(cell),
            None => Err(RulesError::CellOutside {
                cell,
                shape: self.shape,
            }),
        }
    }

    /// With the rule `rule` over the whole grid too. An error when it cannot apply to
    /// these regions (windoku needs square boxes, disjoint groups boxes).
    pub fn with_global(mut self, rule: GlobalRule) -> Result<Rules, RulesError> {
        rule.check(&self.regions)?;
        if self.globals.contains(rule) {
            return Ok(self);
        }
        match rule.constraint() {
            // Its constraint joins the others (and the rule the set, there).
            Some(constraint) => self.with_constraint(constraint),
            None => {
                self.globals = self.globals.with(rule);
                Ok(self)
            }
        }
    }

    /// With every rule of `rules` over the whole grid too.
    pub fn with_globals(self, rules: GlobalRules) -> Result<Rules, RulesError> {
        rules.iter().try_fold(self, Rules::with_global)
    }

    /// The rules over the whole grid.
    pub fn globals(&self) -> GlobalRules {
        self.globals
    }

    /// An error when a constraint reads the regions (a border-count circle, a region-run
    /// clue …) and the grid
    /// has none, given or to be found.
    pub(crate) fn check_region_readers(&self) -> Result<(), RulesError> {
        if self.regions != Regions::None || self.finds_regions() {
            return Ok(());
        }
        match self
            .constraints
            .iter()
            .position(|c| c.reads_found_regions())
        {
            Some(i) => Err(RulesError::Constraint {
                index: Some(i),
                constraint: self.constraints[i].to_string(),
                problem: "the grid has no regions, given or to be found (chaos construction), \
                          for it to read"
                    .into(),
            }),
            None => Ok(()),
        }
    }

    /// Whether the regions are part of the answer (chaos construction): the grid draws
    /// none, and a solution finds them.
    pub fn finds_regions(&self) -> bool {
        self.globals.contains(GlobalRule::ChaosConstruction)
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The extra regions given as cell lists (not those of the rules over the whole grid).
    pub fn extra_regions(&self) -> &[Vec<Cell>] {
        &self.extra
    }

    /// The pairs of cells given as different, the first before the second in reading
    /// order (not those of anti-knight or anti-king).
    pub fn different_pairs(&self) -> &[(Cell, Cell)] {
        &self.pairs
    }

    /// The regions.
    pub fn region_kind(&self) -> &Regions {
        &self.regions
    }

    /// The boxes, when the regions are boxes.
    pub fn box_shape(&self) -> Option<BoxShape> {
        match &self.regions {
            Regions::Boxes(boxes) => Some(*boxes),
            Regions::Jigsaw(_) | Regions::None => None,
        }
    }

    /// Whether the rules are rows, columns and boxes only.
    pub fn is_standard(&self) -> bool {
        matches!(self.regions, Regions::Boxes(_))
            && !(!self.globals.is_empty()
                || !self.extra.is_empty()
                || !self.pairs.is_empty()
                || !self.constraints.is_empty())
    }

    /// Every house: rows, columns, regions, then the extra regions (diagonals, windows,
    /// disjoint groups).
    pub fn houses(&self) -> Vec<House> {
        let size = self.shape.size() as u8;
        let mut houses: Vec<House> = (0..size)
            .map(House::Row)
            .chain((0..size).map(House::Column))
            .collect();
        match &self.regions {
            Regions::Boxes(boxes) => houses.extend((0..boxes.count() as u8).map(House::Box)),
            Regions::Jigsaw(jigsaw) => houses.extend(
                (0..jigsaw.count() as u8).map(|r| House::Region(r, jigsaw.label(r as usize))),
            ),
            Regions::None => {}
        }
        for rule in self.globals.iter() {
            houses.extend(rule.houses(self.shape.size(), &self.regions));
        }
        houses.extend((0..self.extra.len() as u16).map(House::Extra));
        houses
    }

    /// The cells of `house` (N, or M for a box or extra region of a cell per digit; as many
    /// as there are boxes for a disjoint group), in reading order of the house.
    pub fn cells(&self, house: House) -> Vec<Cell> {
        let mut cells = Vec::with_capacity(self.shape.size());
        self.visit_cells(house, &mut |cell| {
            cells.push(cell);
            true
        });
        cells
    }

    /// Calls `each` on the cells of `house` in the order of [`Rules::cells`], without
    /// making a list, until it returns false; whether it went through them all.
    pub fn visit_cells(&self, house: House, each: &mut dyn FnMut(Cell) -> bool) -> bool {
        let size = self.shape.size();
        let at = |row: usize, col: usize| Cell::new_unchecked(row, col);
        match house {
            House::Row(r) => (0..size).all(|c| each(at(r as usize, c))),
            House::Column(c) => (0..size).all(|r| each(at(r, c as usize))),
            House::Box(b) => {
                let boxes = self.box_shape().expect("boxes have box houses");
                (0..boxes.cells()).all(|i| each(boxes.cell(b as usize, i)))
            }
            House::MainDiagonal => (0..size).all(|i| each(at(i, i))),
            House::AntiDiagonal => (0..size).all(|i| each(at(i, size - 1 - i))),
            House::Group(g) => {
                let boxes = self.box_shape().expect("disjoint groups need boxes");
                (0..boxes.count()).all(|b| each(boxes.cell(b, g as usize)))
            }
            House::Extra(e) => self.extra[e as usize].iter().all(|&cell| each(cell)),
            House::Region(r, _) => self
                .shape
                .cells()
                .filter(|&cell| match &self.regions {
                    Regions::Jigsaw(jigsaw) => jigsaw.region_of(cell) == r as usize,
                    Regions::Boxes(_) | Regions::None => false,
                })
                .all(each),
            House::Window(w) => {
                let n = self.box_shape().map_or(0, BoxShape::rows);
                let per_row = n - 1;
                let (top, left) = (
                    1 + (w as usize / per_row) * (n + 1),
                    1 + (w as usize % per_row) * (n + 1),
                );
                (0..size).all(|i| each(at(top + i / n, left + i % n)))
            }
        }
    }

    /// The pairs of cells that must differ by a relation other than a shared house
    /// (anti-knight, anti-king), each pair once with the first cell before the second in
    /// reading order. Pairs may also share a house.
    pub fn differences(&self) -> Vec<(Cell, Cell, Relation)> {
        let mut pairs = Vec::new();
        for (relation, steps) in self.globals.iter().filter_map(GlobalRule::moves) {
            pairs.extend(self.shape.pairs_at(steps).map(|(a, b)| (a, b, relation)));
        }
        pairs.extend(self.pairs.iter().map(|&(a, b)| (a, b, Relation::Marked)));
        pairs
    }
}

impl fmt::Display for Rules {
    /// A short, stable description: `boxes 3x3`, `jigsaw, anti-knight`,
    /// `boxes 3x3, diagonal, windoku`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.regions {
            Regions::Boxes(boxes) => write!(f, "boxes {boxes}")?,
            Regions::Jigsaw(_) => f.write_str("jigsaw")?,
            Regions::None => f.write_str("no regions")?,
        }
        if !self.shape.is_exact() || self.shape.starts_at_zero() {
            let (low, high) = (self.shape.lowest(), self.shape.highest());
            write!(f, ", digits {low}-{high}")?;
        }
        // The rules over the whole grid that add houses or moves, then the extra regions,
        // pairs and constraints; the rules that are constraints (non-consecutive,
        // knightmare …) last, by name.
        let (constraints, houses): (Vec<GlobalRule>, Vec<GlobalRule>) =
            self.globals.iter().partition(|rule| rule.is_constraint());
        for rule in houses {
            write!(f, ", {rule}")?;
        }
        let count = |f: &mut fmt::Formatter<'_>, n: usize, what: &str| match n {
            0 => Ok(()),
            1 => write!(f, ", 1 {what}"),
            n => write!(f, ", {n} {what}s"),
        };
        count(f, self.extra.len(), "extra region")?;
        count(f, self.pairs.len(), "marked pair")?;
        // The constraints by kind, in order of first appearance.
        let mut kinds: Vec<(&VariantConstraint, usize)> = Vec::new();
        let local = (self.constraints.iter()).filter(|c| GlobalRule::of_constraint(c).is_none());
        for constraint in local {
            match kinds
                .iter_mut()
                .find(|(c, _)| std::mem::discriminant(*c) == std::mem::discriminant(constraint))
            {
                Some((_, n)) => *n += 1,
                None => kinds.push((constraint, 1)),
            }
        }
        for (constraint, n) in kinds {
            if n == 1 {
                // "1 set of counting circles", "1 lunchbox".
                let plural = constraint.kind_plural();
                match plural.strip_prefix("sets of ") {
                    Some(rest) => write!(f, ", 1 set of {rest}")?,
                    None => write!(f, ", 1 {}", constraint.kind())?,
                }
            } else {
                write!(f, ", {n} {}", constraint.kind_plural())?
            }
        }
        for rule in constraints {
            write!(f, ", {rule}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_house_has_n_distinct_cells() {
        for boxes in ["2x2", "2x3", "3x3", "3x4", "4x4", "5x5"] {
            let boxes: BoxShape = boxes.parse().unwrap();
            let rules = Rules::boxes(boxes)
                .with_global(GlobalRule::Diagonal)
                .and_then(|r| r.with_global(GlobalRule::DisjointGroups))
                .unwrap();
            let rules = if boxes.is_square() {
                rules.with_global(GlobalRule::Windoku).unwrap()
            } else {
                rules
            };
            let shape = rules.shape();
            for house in rules.houses() {
                let mut cells = rules.cells(house);
                assert!(
                    cells
                        .iter()
                        .all(|c| c.row() < shape.size() && c.col() < shape.size())
                );
                cells.sort();
                cells.dedup();
                assert_eq!(cells.len(), shape.size(), "{house} under {rules}");
            }
        }
    }

    #[test]
    fn windoku_has_four_windows_on_nine() {
        let rules = Rules::standard(Shape::NINE)
            .unwrap()
            .with_global(GlobalRule::Windoku)
            .unwrap();
        let windows: Vec<String> = rules
            .houses()
            .into_iter()
            .filter(|h| matches!(h, House::Window(_)))
            .map(|h| rules.cells(h)[0].to_string())
            .collect();
        assert_eq!(windows, ["r2c2", "r2c6", "r6c2", "r6c6"]);
    }

    #[test]
    fn knight_and_king_pairs() {
        let rules = Rules::standard(Shape::NINE)
            .unwrap()
            .with_globals(
                [GlobalRule::AntiKnight, GlobalRule::AntiKing]
                    .into_iter()
                    .collect(),
            )
            .unwrap();
        let pairs = rules.differences();
        let knights = pairs
            .iter()
            .filter(|p| p.2 == Relation::Move("knight"))
            .count();
        let kings = pairs
            .iter()
            .filter(|p| p.2 == Relation::Move("king"))
            .count();
        // Knight moves on an 8×8 board: 168; on 9×9: 2·(2·7·8)=224 directed / 2 · 2.
        assert_eq!(knights, 2 * (8 * 7 + 7 * 8));
        assert_eq!(kings, 2 * 8 * 8);
    }
}
