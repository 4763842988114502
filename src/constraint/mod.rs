//! Variant constraints (killer cages, thermometers, arrows, dots …): one file each, holding how files write it, its clauses and its check, behind the [`Constraint`] trait.

mod any_of;
mod apart;
mod arrow;
mod between;
mod border_count;
mod branches;
mod cage;
pub mod chaos_construction;
mod clone;
pub mod cnf;
mod count_distinct;
mod counting_circles;
mod counting_groups;
mod crust;
mod custom;
mod difference_arrow;
mod difference_count;
mod digit_count;
mod digit_pattern;
mod distance_rule;
mod distinct_regions;
mod doppelganger;
mod dot;
mod double_arrow;
pub mod drawing;
mod entropic_line;
mod equal_products;
mod equal_sums;
mod equality_cage;
mod expression;
mod extremum;
mod family;
mod flatmates;
mod full_rank;
mod hidden_skyscraper;
mod index_line;
mod indexer;
mod inequality;
mod linear;
mod little_killer;
mod lockout;
mod lunchbox;
mod modular_line;
mod nabner;
mod negative;
mod numbered_room;
mod order_sum;
mod outside;
mod palindrome;
mod parity;
mod parity_line;
mod parity_vision;
mod pencil_marks;
mod quadruple;
mod rank_ties;
mod region_count;
mod region_difference;
mod region_run;
mod region_subset;
mod region_sum_line;
mod region_tally;
mod rellik;
mod renban;
mod same_difference;
mod same_digits;
mod same_region;
mod same_values;
mod sandwich;
mod skyscraper;
mod slow_thermometer;
mod sum;
mod sum_line;
mod thermometer;
mod triad;
mod value_indexing;
mod walk;
mod weighted_sum;
mod whispers;
mod window;
mod written;
mod x_sum;
mod xv;
mod zipper;

use std::fmt;

pub use any_of::AnyOf;
pub use apart::{Apart, Spacing};
pub use arrow::Arrow;
pub use between::Between;
pub use border_count::BorderCount;
pub use branches::Branches;
pub use cage::{Cage, CageTotal};
pub use chaos_construction::ChaosConstruction;
pub use clone::CloneCells;
pub use cnf::{Atom, ConstraintCnf, Literal};
pub use count_distinct::CountDistinct;
pub use counting_circles::CountingCircles;
pub use counting_groups::CountingGroups;
pub use custom::{Combine, CustomRule, RulePairs, RulePart};
pub use difference_arrow::DifferenceArrow;
pub use difference_count::DifferenceCount;
pub use digit_count::{CountKind, DigitCount};
pub use digit_pattern::DigitPattern;
pub use distance_rule::{DistanceKind, DistanceRule};
pub use distinct_regions::DistinctRegions;
pub use doppelganger::Doppelganger;
pub use dot::{Dot, DotColour};
pub use double_arrow::DoubleArrow;
pub use drawing::{Mark, Point};
pub use entropic_line::EntropicLine;
pub use equal_products::EqualProducts;
pub use equal_sums::EqualSums;
pub use equality_cage::EqualityCage;
pub use expression::{Expression, ExpressionError};
pub use extremum::{Extremum, ExtremumKind};
pub(crate) use family::OnlyCells;
pub use family::{
    Family, Fields, ReadRecord, Record, RecordError, RecordFormat, Visit, families, family_named,
};
pub use flatmates::DutchFlatmates;
pub use full_rank::FullRank;
pub use hidden_skyscraper::HiddenSkyscraper;
pub use index_line::IndexLine;
pub use indexer::{Indexer, IndexerKind};
pub use inequality::GreaterThan;
pub use linear::LinearSum;
pub use little_killer::LittleKiller;
pub use lockout::Lockout;
pub use lunchbox::Lunchbox;
pub use modular_line::ModularLine;
pub use nabner::Nabner;
pub use negative::{Negative, NegativeKind};
pub use numbered_room::NumberedRoom;
pub use outside::Sightline;
pub use palindrome::Palindrome;
pub use parity::{Parity, ParityKind};
pub use parity_line::ParityLine;
pub use parity_vision::ParityVision;
pub(crate) use parity_vision::compass;
pub use pencil_marks::PencilMarks;
pub use quadruple::Quadruple;
pub use rank_ties::{RankTies, TieRule};
pub use region_count::RegionCount;
pub use region_difference::RegionDifferenceLine;
pub use region_run::RegionRun;
pub use region_subset::RegionSubsetLine;
pub use region_sum_line::RegionSumLine;
pub use rellik::Rellik;
pub use renban::Renban;
pub use same_difference::SameDifference;
pub use same_digits::SameDigits;
pub use same_region::SameRegion;
pub use same_values::SameValues;
pub use sandwich::Sandwich;
pub use skyscraper::Skyscraper;
pub use slow_thermometer::SlowThermometer;
pub use sum_line::SumLine;
pub use thermometer::Thermometer;
pub use value_indexing::ValueIndexing;
pub use weighted_sum::{Summands, WeightedSum};
pub use whispers::Whispers;
pub use window::{EveryWindow, WindowKind};
pub use written::{FieldValue, Unwritable, Written, WrittenRecord};
pub(crate) use written::{toml_only, whole_grid_rule};
pub use x_sum::XSum;
pub use xv::{Xv, XvLetter};
pub use zipper::Zipper;

use crate::grid::{Cell, DigitSet, Shape};

/// The values of a grid being checked: by cell, the number its digit stands for (1..=M, or
/// 0..M−1 on a grid whose digits start at 0), or none for a blank cell.
#[derive(Clone, Copy, Debug)]
pub struct CellValues<'a> {
    shape: Shape,
    values: &'a [u8],
}

impl<'a> CellValues<'a> {
    /// The digits of `shape`'s cells in reading order, by place (1..=M, as
    /// [`Digit::get`](crate::Digit::get) gives them), 0 for a blank cell.
    ///
    /// # Panics
    /// If `values` does not have one entry per cell.
    pub fn new(shape: Shape, values: &'a [u8]) -> CellValues<'a> {
        assert_eq!(values.len(), shape.cell_count(), "one value per cell");
        CellValues { shape, values }
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The digit of `cell` by place (1..=M), 0 when blank.
    pub fn raw(&self, cell: Cell) -> u8 {
        self.values[self.shape.index(cell)]
    }

    /// The number `cell`'s digit stands for ([`Shape::number`]: its place, or one less on
    /// a grid whose digits start at 0), `None` when blank.
    pub fn get(&self, cell: Cell) -> Option<usize> {
        match self.raw(cell) {
            0 => None,
            v => Some(self.shape.number(v as usize)),
        }
    }

    /// The place (1..=M) of `cell`'s digit, `None` when blank: what families that read
    /// only the digits' order compare (on a grid of digits from 0 a number can be 0).
    pub fn place(&self, cell: Cell) -> Option<usize> {
        match self.raw(cell) {
            0 => None,
            v => Some(v as usize),
        }
    }

    /// The digits of `cells` by place (1..=M), in order, 0 for a blank.
    pub fn digits_of(&self, cells: &[Cell]) -> Vec<usize> {
        cells.iter().map(|&c| self.raw(c) as usize).collect()
    }
}

/// One kind of variant constraint: its clauses, its check, and how it reads in messages.
///
/// Every implementation keeps the two in step: [`Constraint::admits`] is true on a
/// complete grid exactly when the grid satisfies the clauses of [`Constraint::encode`].
pub trait Constraint: fmt::Display {
    /// The cells it constrains on a grid of `shape` (every cell for rules over the whole
    /// grid).
    fn cells(&self, shape: Shape) -> Vec<Cell>;

    /// Why it cannot apply to a grid of `shape` beyond its cells lying inside (a sum no
    /// digits reach, a line longer than the digits allow …), if so.
    fn problem(&self, shape: Shape) -> Option<String>;

    /// What about it no setter's tool would draw (a line jumping between cells that do not
    /// touch, a dot between cells that are not neighbours), if anything: read as written,
    /// and worth a warning.
    fn oddity(&self) -> Option<String> {
        None
    }

    /// Adds its clauses to `cnf`.
    fn encode(&self, cnf: &mut ConstraintCnf);

    /// Whether the filled cells of `values` leave it satisfiable on its own: exact on a
    /// complete grid, and never false on a partial grid that some filling satisfies.
    fn admits(&self, values: &CellValues<'_>) -> bool;

    /// The groups of its cells that logic judges together (a cage's cells; each pair of
    /// neighbours of a rule over the whole grid): a candidate that no admitted filling of a
    /// group allows is ruled out, and two candidates of a group that no filling allows
    /// together are a weak link. One group of all its cells unless it says otherwise.
    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        vec![self.cells(shape)]
    }

    /// [`Constraint::admits`] where only cells of `scope` (one of [`Constraint::scopes`])
    /// may be filled beyond those the constraint does not look at: a rule over the whole
    /// grid checks the scope alone, and quickly. Never false where `admits` is true.
    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        let _ = scope;
        self.admits(values)
    }

    /// What each cell of `scope` (one of [`Constraint::scopes`]) keeps of its candidates
    /// `sets` (in the scope's order) by the constraint's own reasoning, where it has one that
    /// is cheaper than trying every filling of a long scope: never dropping a candidate that
    /// some filling the constraint allows holds, on a grid of `shape` (whose digits' numbers
    /// sums are of). `None`: logic tries the fillings.
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], shape: Shape) -> Option<Vec<DigitSet>> {
        let _ = (scope, sets, shape);
        None
    }

    /// The linear sums it states (Σ weight·digit = total) whatever the digits: a killer
    /// cage with one total, an arrow, a little killer, an XV pair, a weighted sum; equal
    /// sums, each group less the next equal to 0. Logic adds them to and takes them from the
    /// houses' sums.
    fn linear_sums(&self) -> Vec<LinearSum> {
        Vec::new()
    }

    /// How it looks in a picture of a grid of `shape`, as setters' tools draw it (a dashed
    /// cage with its total, a thermometer's bulb and line, a clue outside the grid …); a
    /// rule over the whole grid names itself in the legend.
    fn draw(&self, shape: Shape) -> Vec<Mark>;
}

/// The one table of families: each row its enum variant and type, its name in messages,
/// its rule in a sentence, and, for families files write one record at a time, its names in satdoku's TOML and in
/// f-puzzles (read by the type's `read`). Adding a family is a file of its own and a row
/// here.
/// A family's name in the plural: the one its row gives, or its name and an `s`.
macro_rules! plural {
    ($what:literal) => {
        concat!($what, "s")
    };
    ($what:literal, $plural:literal) => {
        $plural
    };
}

macro_rules! variants {
    ($($variant:ident($ty:ty) => $what:literal $(plural $plural:literal)? says $says:literal
        $(, toml $toml:expr, fpuzzles $fpuzzles:expr)?;)+) => {
        /// A variant constraint of any kind, as the rules hold it.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum VariantConstraint {
            $(
                #[doc = $what]
                $variant($ty),
            )+
        }

        impl VariantConstraint {
            /// The constraint, behind its trait.
            pub fn get(&self) -> &dyn Constraint {
                match self {
                    $(VariantConstraint::$variant(c) => c),+
                }
            }

            /// The kind's name, in the plural for counts (`killer cages`).
            pub fn kind_plural(&self) -> &'static str {
                match self {
                    $(VariantConstraint::$variant(_) => plural!($what $(, $plural)?)),+
                }
            }

            /// The kind's name in the singular (`killer cage`).
            pub fn kind(&self) -> &'static str {
                match self {
                    $(VariantConstraint::$variant(_) => $what),+
                }
            }

            /// The family's rule in a sentence, as a puzzle's rules text would say it (a
            /// picture's legend, the rules of a puzzle written for SudokuPad).
            pub fn rule_in_words(&self) -> &'static str {
                match self {
                    $(VariantConstraint::$variant(_) => $says),+
                }
            }

            /// The names of every kind, in the table's order.
            pub fn kinds() -> &'static [&'static str] {
                &[$($what),+]
            }

            /// The records of `format` that its family's reader reads back as this
            /// constraint (equal to it as the reader makes it, before the rules settle it),
            /// or why the format cannot hold it: rules over the whole grid (negative
            /// constraints, distance rules) have no record, being written with a file's
            /// rules.
            pub fn written(&self, format: RecordFormat) -> Written {
                match self {
                    $(VariantConstraint::$variant(c) => c.write(format)),+
                }
            }
        }

        $(
            impl From<$ty> for VariantConstraint {
                fn from(c: $ty) -> VariantConstraint {
                    VariantConstraint::$variant(c)
                }
            }
        )+

        /// The families files write one record at a time, in the table's order.
        static FAMILIES: &[Family] = &[
            $($(Family {
                toml: &$toml,
                fpuzzles: &$fpuzzles,
                read: <$ty>::read,
            },)?)+
        ];
    };
}

variants! {
    Cage(Cage) => "killer cage"
        says "Digits in a killer cage do not repeat and add up to its total where one is given.",
        toml ["cage"], fpuzzles ["killercage", "cage"];
    LittleKiller(LittleKiller) => "little killer"
        says "A little killer clue outside the grid gives the sum of the digits its arrow points along; digits may repeat.",
        toml ["little-killer"], fpuzzles ["littlekillersum"];
    Sandwich(Sandwich) => "sandwich" plural "sandwiches"
        says "A sandwich clue outside the grid gives the sum of the digits between the 1 and the largest digit of its row or column.",
        toml ["sandwich"], fpuzzles ["sandwichsum"];
    Thermometer(Thermometer) => "thermometer"
        says "Digits along a thermometer increase from its bulb.",
        toml ["thermometer"], fpuzzles ["thermometer"];
    SlowThermometer(SlowThermometer) => "slow thermometer"
        says "Digits along a slow thermometer increase or stay the same from its bulb.",
        toml ["slow-thermometer"], fpuzzles ["slowthermometer"];
    Arrow(Arrow) => "arrow"
        says "Digits along an arrow add up to the number in its circle; digits may repeat on an arrow.",
        toml ["arrow"], fpuzzles ["arrow"];
    Palindrome(Palindrome) => "palindrome"
        says "Digits along a palindrome read the same from either end.",
        toml ["palindrome"], fpuzzles ["palindrome"];
    Between(Between) => "between line"
        says "Digits on a between line are strictly between the digits in the circles at its ends.",
        toml ["between"], fpuzzles ["betweenline"];
    Renban(Renban) => "renban line"
        says "Digits on a renban line do not repeat and form a set of consecutive digits, in any order.",
        toml ["renban"], fpuzzles ["renban"];
    Whispers(Whispers) => "whispers line"
        says "Adjacent digits along a whispers line differ by at least the line's difference (5 on 9x9).",
        toml ["whispers"], fpuzzles ["whispers"];
    EntropicLine(EntropicLine) => "entropic line"
        says "Any three adjacent digits along an entropic line hold one low, one middle and one high digit (1-3, 4-6 and 7-9 on 9x9).",
        toml ["entropic-line"], fpuzzles ["entropicline"];
    ModularLine(ModularLine) => "modular line"
        says "Any three adjacent digits along a modular line leave three different remainders when divided by 3.",
        toml ["modular-line"], fpuzzles ["modularline"];
    Nabner(Nabner) => "nabner line"
        says "Digits on a nabner line do not repeat and no two of them are consecutive.",
        toml ["nabner"], fpuzzles ["nabner"];
    Dot(Dot) => "kropki dot"
        says "Digits joined by a white dot differ by 1 (or the dot's number); digits joined by a black dot are in the ratio 1:2 (or the dot's number).",
        toml ["white-dot", "black-dot"], fpuzzles ["difference", "ratio"];
    Xv(Xv) => "XV sum"
        says "Digits joined by an X add up to 10; digits joined by a V add up to 5.",
        toml ["xv"], fpuzzles ["xv"];
    Negative(Negative) => "negative constraint"
        says "All possible dots, or X and V, are given: digits not joined by one do not have its relation.";
    Parity(Parity) => "parity cell"
        says "A digit in a circle is odd; a digit in a square is even.",
        toml ["odd", "even"], fpuzzles ["odd", "even"];
    Extremum(Extremum) => "minimum or maximum cell"
        says "A digit in a minimum cell is smaller than its orthogonal neighbours; a digit in a maximum cell is larger.",
        toml ["minimum", "maximum"], fpuzzles ["minimum", "maximum"];
    Quadruple(Quadruple) => "quadruple"
        says "The digits in a quadruple's circle appear in the cells around it.",
        toml ["quadruple"], fpuzzles ["quadruple"];
    Clone(CloneCells) => "clone"
        says "Clones hold the same digits in the same places.",
        toml ["clone"], fpuzzles ["clone"];
    Rellik(Rellik) => "rellik cage"
        says "Digits in a rellik cage do not repeat, and no set of them adds up to its number.",
        toml ["rellik"], fpuzzles [];
    Indexer(Indexer) => "indexer"
        says "The digit in an indexer cell gives where, in its row, column or box, the number of the cell's own position goes.",
        toml ["row-indexer", "column-indexer", "box-indexer"],
        fpuzzles ["rowindexer", "columnindexer", "boxindexer"];
    Distance(DistanceRule) => "distance rule"
        says "Digits a set distance apart obey the rule named.";
    CountingCircles(CountingCircles) => "counting circles" plural "sets of counting circles"
        says "A digit in a circle counts the circles holding that digit: each digit appears in the circles as many times as its value, or not at all.",
        toml ["counting-circles"], fpuzzles ["countingcircles"];
    CountingGroups(CountingGroups) => "counting groups" plural "sets of counting groups"
        says "A digit in a set of counting groups is in as many of its groups as its value, or in none.",
        toml ["counting-groups"], fpuzzles ["countinggroups"];
    GreaterThan(GreaterThan) => "inequality sign"
        says "An inequality sign between two cells points to the smaller digit.",
        toml ["greater-than"], fpuzzles ["greaterthan"];
    Flatmates(DutchFlatmates) => "Dutch flatmates rule"
        says "Every middle digit has a 1 directly above it or the largest digit directly below it.";
    SameDigits(SameDigits) => "same digits rule"
        says "Every row, column and region holds the same digits, chosen from more digits than a row has cells.";
    BorderCount(BorderCount) => "border-count circle"
        says "A digit in a border-count circle is the number of region borders along its row and its column (the grid's edge is none).",
        toml ["border-count"], fpuzzles ["bordercount"];
    RegionRun(RegionRun) => "region-run clue"
        says "A digit in a region-run clue is how many cells of its region it sees along its arms (straight along its row and column unless the arms are drawn), each arm up to the first cell of another region, itself included.",
        toml ["region-run"], fpuzzles [];
    RegionCount(RegionCount) => "region-count clue"
        says "A digit in a region-count clue is how many cells of its set (the clue and the eight cells around it unless the set is drawn) lie in the region of the set's first cell, that cell included.",
        toml ["region-count"], fpuzzles [];
    DistinctRegions(DistinctRegions) => "distinct-regions clue"
        says "A digit in a distinct-regions clue is how many different regions its set of cells touches (the clue and the eight cells around it unless the set is drawn).",
        toml ["distinct-regions"], fpuzzles [];
    SameRegion(SameRegion) => "same-region cells" plural "sets of same-region cells"
        says "Cells joined as same region lie in one region.",
        toml ["same-region"], fpuzzles [];
    ChaosConstruction(ChaosConstruction) => "chaos construction rule"
        says "The regions are to be found: the grid splits into as many orthogonally connected regions as a row has cells, each as large as a row and holding every digit once.";
    Doppelganger(Doppelganger) => "doppelgänger rule"
        says "On a grid of the digits 0 to N, every row, column and region holds a 0 and misses one other digit; no two rows (columns, regions) miss the same digit, and at each 0 its row, column and region miss different digits.";
    RankTies(RankTies) => "full rank tie rule"
        says "Full rank without ties: no two rows or columns, read from either end, read the same number; with ties: a full rank clue's line may tie others, its rank one more than the lines strictly below it.";
    DigitCount(DigitCount) => "digit count"
        says "Cells with a digit count hold each digit it names as often as it says (at least, or exactly; a look-and-say clue 1223 is one 2 and two 3s); digits may repeat.",
        toml ["contains", "contains-exactly", "look-and-say"], fpuzzles ["lookandsay"];
    EqualSums(EqualSums) => "equal sums" plural "sets of equal sums"
        says "Groups of cells joined as equal sums have digits that add up to the same total.",
        toml ["equal-sums"], fpuzzles ["equalsums"];
    SameValues(SameValues) => "same-values groups" plural "sets of same-values groups"
        says "Groups joined as same values hold the same digits, as often each, in any order.",
        toml ["same-values"], fpuzzles [];
    EqualityCage(EqualityCage) => "equality cage"
        says "Digits in an equality cage do not repeat; it holds as many odd as even digits and as many low as high ones (never the middle digit).",
        toml ["equality-cage"], fpuzzles [];
    CountDistinct(CountDistinct) => "count-distinct clue"
        says "The digit in a count-distinct clue's first cell counts the different digits in its other cells.",
        toml ["count-distinct"], fpuzzles [];
    Apart(Apart) => "leaper or taxicab rule"
        says "Cells a leaper's move apart (or the taxicab distance given) hold different digits.",
        toml ["leaper", "taxicab"], fpuzzles [];
    Window(EveryWindow) => "window rule"
        says "Every 2×2 window holds a digit of each class the rule names.";
    RegionSumLine(RegionSumLine) => "region-sum line"
        says "Digits on a region-sum line have the same sum in each box it passes through.",
        toml ["region-sum-line"], fpuzzles ["regionsumline"];
    RegionSubsetLine(RegionSubsetLine) => "region-subset line"
        says "The regions cut a region-subset line into pieces; of any two pieces, the digits of one all appear on the other.",
        toml ["region-subset-line"], fpuzzles ["regionsubsetline"];
    ParityVision(ParityVision) => "parity-vision cell"
        says "A parity-vision cell sees the digits along its arrows to the grid's edge, and its digit is how many of them share its parity.",
        toml ["parity-vision"], fpuzzles ["parityvision"];
    IndexLine(IndexLine) => "index line"
        says "The digit in the Nth cell along an index line, from its start, is the position along the line where the digit N appears.",
        toml ["index-line"], fpuzzles ["indexline"];
    RegionDifferenceLine(RegionDifferenceLine) => "region-difference line"
        says "The regions cut a region-difference line into pieces of two cells; every piece's two digits differ by the same amount.",
        toml ["region-difference-line"], fpuzzles ["regiondifferenceline"];
    Zipper(Zipper) => "zipper line"
        says "Pairs of digits on a zipper line equally far from its middle each add up to its middle digit, or to one shared total where the line has no middle cell.",
        toml ["zipper-line"], fpuzzles ["zipperline"];
    ParityLine(ParityLine) => "parity line"
        says "Digits along a parity line alternate between odd and even.",
        toml ["parity-line"], fpuzzles ["parityline"];
    Lockout(Lockout) => "lockout line"
        says "The digits at the ends of a lockout line are 4 or more apart on 9x9, and no digit on the line is between them.",
        toml ["lockout"], fpuzzles ["lockout"];
    SumLine(SumLine) => "sum line"
        says "A sum line splits into runs of adjacent cells that each add up to its total.",
        toml ["sum-line"], fpuzzles ["sumline"];
    XSum(XSum) => "X-sum"
        says "An X-sum clue outside the grid gives the sum of the first X digits seen from it, X being the first digit.",
        toml ["x-sum"], fpuzzles ["xsum"];
    Skyscraper(Skyscraper) => "skyscraper"
        says "A skyscraper clue outside the grid counts the digits seen from it, a larger digit hiding the smaller ones behind it.",
        toml ["skyscraper"], fpuzzles ["skyscraper"];
    NumberedRoom(NumberedRoom) => "numbered room"
        says "A numbered room clue outside the grid is the digit in the X-th cell seen from it, X being the first digit.",
        toml ["numbered-room"], fpuzzles ["numberedroom"];
    DifferenceArrow(DifferenceArrow) => "difference arrow"
        says "The two digits on a difference arrow's shaft differ by the digit in its circle.",
        toml ["difference-arrow"], fpuzzles ["differencearrow"];
    DoubleArrow(DoubleArrow) => "double arrow"
        says "The digits in the circles at both ends of a double arrow add up to the sum of the digits between them.",
        toml ["double-arrow"], fpuzzles ["doublearrow"];
    Lunchbox(Lunchbox) => "lunchbox" plural "lunchboxes"
        says "Digits in a lunchbox do not repeat, and those between its smallest and largest digit add up to its clue.",
        toml ["lunchbox"], fpuzzles [];
    HiddenSkyscraper(HiddenSkyscraper) => "hidden skyscraper"
        says "A hidden-skyscraper clue outside the grid gives the first digit, seen from it, that a taller digit before it hides.",
        toml ["hidden-skyscraper"], fpuzzles [];
    EqualProducts(EqualProducts) => "equal products" plural "sets of equal products"
        says "Groups of cells joined as equal products have digits that multiply to the same product.",
        toml ["equal-products"], fpuzzles ["equalproducts"];
    WeightedSum(WeightedSum) => "weighted sum"
        says "Digits times their weights, or numbers read from groups of cells (roman-numeral cages), add up to the sum given.",
        toml ["weighted-sum"], fpuzzles ["weightedsum"];
    DifferenceCount(DifferenceCount) => "difference-count line"
        says "The difference between two neighbours on a difference-count line is the number of neighbouring pairs on the line with that difference.",
        toml ["difference-count-line"], fpuzzles ["differencecountline"];
    SameDifference(SameDifference) => "same-difference line"
        says "Neighbours along a same-difference line all differ by the same amount; along a sequence line the digits also run in order, up or down by the same step.",
        toml ["same-difference-line", "sequence-line"], fpuzzles ["samedifferenceline", "sequenceline"];
    FullRank(FullRank) => "full rank clue"
        says "A full rank clue outside the grid gives the rank of its row or column, read from the clue as a number, among all rows and columns read both ways (1 is the lowest); no line ties a clued one.",
        toml ["full-rank"], fpuzzles [];
    ValueIndexing(ValueIndexing) => "value-indexing arrow"
        says "The digit in a value-indexing arrow's second cell says how many cells further along the arrow its first cell's digit appears again.",
        toml ["value-indexing"], fpuzzles [];
    Custom(CustomRule) => "custom rule"
        says "A custom rule holds as its record writes it: an expression between pairs of its digits, over their sum or product, or a pattern its digits match in order.",
        toml ["rule"], fpuzzles [];
    AnyOf(AnyOf) => "any-of rule"
        says "Cells of an any-of rule hold the rule of at least one of the families it names.",
        toml ["any-of"], fpuzzles ["anyof"];
    PencilMarks(PencilMarks) => "pencil-marked cell"
        says "A cell with given pencil marks holds one of them.",
        toml ["marks"], fpuzzles [];
}

impl fmt::Display for VariantConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

impl VariantConstraint {
    /// The constraint with what it takes from the rules it joins settled: negative
    /// constraints learn which pairs carry dots or letters among `all` (those pairs are
    /// exempt), minimum and maximum cells which neighbours are of their kind (those are not
    /// compared), full rank clues the other clues, region-sum, region-subset and region-difference lines where the regions cut them, box indexers the regions
    /// they index (`region` gives the cells of the region holding a cell, its box or jigsaw
    /// region, in reading order; none for a cell outside the grid).
    pub(crate) fn settled(
        self,
        all: &[VariantConstraint],
        region: &dyn Fn(Cell) -> Vec<Cell>,
    ) -> VariantConstraint {
        match self {
            VariantConstraint::Negative(negative) => {
                VariantConstraint::Negative(negative.settled(all))
            }
            VariantConstraint::Extremum(extremum) => {
                VariantConstraint::Extremum(extremum.settled(all))
            }
            VariantConstraint::FullRank(clue) => {
                let ties = all.iter().any(
                    |c| matches!(c, VariantConstraint::RankTies(t) if t.rule() == TieRule::Allowed),
                );
                VariantConstraint::FullRank(clue.settled(all, ties))
            }
            VariantConstraint::RegionSumLine(line) => {
                VariantConstraint::RegionSumLine(line.settled(region))
            }
            VariantConstraint::RegionSubsetLine(line) => {
                VariantConstraint::RegionSubsetLine(line.settled(region))
            }
            VariantConstraint::RegionDifferenceLine(line) => {
                VariantConstraint::RegionDifferenceLine(line.settled(region))
            }
            VariantConstraint::Indexer(indexer) => {
                VariantConstraint::Indexer(indexer.settled(region))
            }
            VariantConstraint::BorderCount(circle) => {
                VariantConstraint::BorderCount(circle.settled(all, region))
            }
            VariantConstraint::RegionRun(clue) => {
                VariantConstraint::RegionRun(clue.settled(all, region))
            }
            VariantConstraint::RegionCount(clue) => {
                VariantConstraint::RegionCount(clue.settled(all, region))
            }
            VariantConstraint::DistinctRegions(clue) => {
                VariantConstraint::DistinctRegions(clue.settled(all, region))
            }
            VariantConstraint::SameRegion(cells) => {
                VariantConstraint::SameRegion(cells.settled(all, region))
            }
            VariantConstraint::AnyOf(any) => VariantConstraint::AnyOf(any.settled(all, region)),
            VariantConstraint::Doppelganger(rule) => {
                VariantConstraint::Doppelganger(rule.settled(region))
            }
            other => other,
        }
    }
}

impl VariantConstraint {
    /// Whether it reads the other constraints when settled (a negative constraint exempts
    /// their pairs, a minimum cell skips neighbours of its kind, a full rank clue ranks
    /// against the others): adding a constraint may then change what it rules out.
    pub(crate) fn reads_others(&self) -> bool {
        matches!(
            self,
            VariantConstraint::Negative(_)
                | VariantConstraint::Extremum(_)
                | VariantConstraint::FullRank(_)
                | VariantConstraint::AnyOf(_)
        )
    }

    /// It and, for rules combined with "or", each of its rules: what it states (a grey dot
    /// states a white dot and a black dot, and marks its pair as each does).
    pub fn with_parts(&self) -> Vec<&VariantConstraint> {
        match self {
            VariantConstraint::AnyOf(any) => std::iter::once(self).chain(any.parts()).collect(),
            _ => vec![self],
        }
    }

    /// Whether it reads the regions, given or to be found (chaos construction): a
    /// border-count circle counts their borders, region-run and region-count clues their
    /// cells, distinct-regions clues them, same-region cells share one (in an any-of, any of
    /// its parts). Rules without regions of either kind refuse it.
    pub fn reads_found_regions(&self) -> bool {
        if let VariantConstraint::AnyOf(any) = self {
            return any.parts().iter().any(Self::reads_found_regions);
        }
        matches!(
            self,
            VariantConstraint::BorderCount(_)
                | VariantConstraint::RegionRun(_)
                | VariantConstraint::RegionCount(_)
                | VariantConstraint::DistinctRegions(_)
                | VariantConstraint::SameRegion(_)
        )
    }

    /// Whether it is placed by the grid's given regions (a region-sum or region-subset
    /// line cut by them, a box indexer): a grid with no given regions cannot hold it.
    pub fn needs_regions(&self) -> bool {
        match self {
            VariantConstraint::RegionSumLine(_)
            | VariantConstraint::RegionSubsetLine(_)
            | VariantConstraint::RegionDifferenceLine(_) => true,
            VariantConstraint::Indexer(indexer) => indexer.kind() == IndexerKind::Box,
            VariantConstraint::AnyOf(any) => any.parts().iter().any(Self::needs_regions),
            _ => false,
        }
    }

    /// Whether its meaning holds on a grid taking more digits than a house has cells (a
    /// 6×6 filled from 1–9): true for the families that read digits only as numbers (sums,
    /// differences, order, parity, counting circles, Dutch flatmates, which read the
    /// grid's highest digit); false for those that need every house to hold every digit (a
    /// sandwich's 1 and largest digit, an indexer's positions, counts of digits in a house),
    /// which such a grid refuses.
    pub fn fits_more_digits(&self) -> bool {
        use VariantConstraint as V;
        if let V::AnyOf(any) = self {
            return any.parts().iter().all(Self::fits_more_digits);
        }
        matches!(
            self,
            V::Cage(_)
                | V::LittleKiller(_)
                | V::Thermometer(_)
                | V::SlowThermometer(_)
                | V::Arrow(_)
                | V::DifferenceArrow(_)
                | V::RegionDifferenceLine(_)
                | V::Palindrome(_)
                | V::Between(_)
                | V::Renban(_)
                | V::Whispers(_)
                | V::EntropicLine(_)
                | V::ModularLine(_)
                | V::Dot(_)
                | V::Xv(_)
                | V::Negative(_)
                | V::Parity(_)
                | V::PencilMarks(_)
                | V::Extremum(_)
                | V::Quadruple(_)
                | V::Clone(_)
                | V::GreaterThan(_)
                | V::EqualSums(_)
                | V::SameValues(_)
                | V::Window(_)
                | V::Skyscraper(_)
                | V::NumberedRoom(_)
                | V::RegionSumLine(_)
                | V::Zipper(_)
                | V::DoubleArrow(_)
                | V::SumLine(_)
                | V::EqualProducts(_)
                | V::WeightedSum(_)
                | V::Custom(_)
                | V::Flatmates(_)
                | V::CountingCircles(_)
                | V::SameDigits(_)
                | V::Doppelganger(_)
        )
    }

    /// Whether it reads right on a grid whose digits start at 0 ([`Shape::from_zero`]):
    /// true for the families that compare digits (order, differences, equality: lockout,
    /// nabner, parity and difference lines; skyscrapers, a 0 unseen; hidden skyscrapers), for
    /// those whose classes are thirds or
    /// remainders of the numbers (entropic and modular lines, every-window rules), and for
    /// those whose sums, ratios and parities are of the numbers the digits stand for
    /// (cages, little killers, arrows and pills, X and V, kropki dots, parity cells, the
    /// negative rules, knightmare, region-sum and zipper lines, double arrows, equal and
    /// weighted sums; counting circles, whose digits count as their numbers, a 0 in no
    /// circle; digit counts and look-and-say, which count numbers; equality cages, odd and
    /// even by number, low and high by place; sandwiches, whose crusts are the lowest and
    /// highest digit and whose sum is of numbers; leapers and taxicab distances, whose cells
    /// only differ; lunchboxes, rellik cages and sum lines, over numbers; x-sums, numbered
    /// rooms, indexers and value-indexing arrows, whose digits name positions by number,
    /// from 1, a 0 naming none, as sigh's solver reads them; rules written down, whose
    /// expressions and patterns are of the numbers); false for those that read a
    /// digit as a distance or a position with no source for the reading from 0 (index
    /// lines, anti-taxicab distances), which such a grid refuses by name.
    pub fn fits_zero_digits(&self) -> bool {
        use VariantConstraint as V;
        match self {
            V::AnyOf(any) => any.parts().iter().all(Self::fits_zero_digits),
            V::Distance(rule) => rule.kind() != DistanceKind::AntiTaxicab,
            V::Cage(_)
            | V::LittleKiller(_)
            | V::Arrow(_)
            | V::Thermometer(_)
            | V::SlowThermometer(_)
            | V::Palindrome(_)
            | V::Between(_)
            | V::Renban(_)
            | V::Whispers(_)
            | V::Dot(_)
            | V::Xv(_)
            | V::Negative(_)
            | V::Parity(_)
            | V::Clone(_)
            | V::Quadruple(_)
            | V::GreaterThan(_)
            | V::Apart(_)
            | V::SameDigits(_)
            | V::ChaosConstruction(_)
            | V::Doppelganger(_)
            | V::SameValues(_)
            | V::SameRegion(_)
            // Order and differences alone (the same on places and numbers); a skyscraper of
            // height 0, which no one sees.
            | V::Skyscraper(_)
            | V::Lockout(_)
            | V::Nabner(_)
            | V::Extremum(_)
            | V::ParityLine(_)
            | V::DifferenceCount(_)
            | V::RegionDifferenceLine(_)
            // Classes of numbers: thirds and remainders mod 3.
            | V::EntropicLine(_)
            | V::ModularLine(_)
            | V::Window(_)
            // Sums of numbers.
            | V::RegionSumLine(_)
            | V::Zipper(_)
            | V::DoubleArrow(_)
            | V::EqualSums(_)
            | V::WeightedSum(_)
            | V::CountingCircles(_)
            | V::HiddenSkyscraper(_)
            | V::DigitCount(_)
            | V::EqualityCage(_)
            | V::Sandwich(_)
            | V::Lunchbox(_)
            | V::Rellik(_)
            | V::SumLine(_)
            // Lines read as numbers compare as their places do.
            | V::FullRank(_)
            | V::RankTies(_)
            // Positions named by numbers from 1 (a 0 names none).
            | V::XSum(_)
            | V::NumberedRoom(_)
            | V::Indexer(_)
            | V::ValueIndexing(_)
            // Expressions and patterns over the numbers the digits stand for; marks of
            // the numbers.
            | V::Custom(_)
            | V::PencilMarks(_) => true,
            _ => false,
        }
    }
}

/// The cells of `groups` (a family of cell groups: equal sums, equal products, counting
/// groups), each once, in cell order.
pub(crate) fn groups_cells(groups: &[Vec<Cell>]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = groups.concat();
    cells.sort();
    cells.dedup();
    cells
}

/// Why `groups`, of the family called `what` in messages ("equal sums"), cannot be: fewer
/// than `least` groups, an empty group, or a cell twice in one group.
pub(crate) fn groups_problem(what: &str, least: usize, groups: &[Vec<Cell>]) -> Option<String> {
    if groups.len() < least {
        let count = if least == 1 {
            "one group"
        } else {
            "two groups"
        };
        return Some(format!("{what} need at least {count}"));
    }
    if groups.iter().any(Vec::is_empty) {
        return Some(format!("a group of {what} has no cells"));
    }
    (groups.iter().find_map(|g| repeated(g)))
        .map(|cell| format!("{cell} is listed twice in one group"))
}

/// Cells joined for messages: `r1c1-r1c2-r2c2`.
pub(crate) fn cell_list(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// The smallest and largest sums of `k` different values from 1..=n.
pub(crate) fn distinct_sum_range(k: usize, n: usize) -> (i64, i64) {
    let (k, n) = (k as i64, n as i64);
    (k * (k + 1) / 2, k * (2 * n - k + 1) / 2)
}

/// The pairs of orthogonally adjacent cells of `shape`, each once, the first before the
/// second in reading order.
pub(crate) fn orthogonal_pairs(shape: Shape) -> impl Iterator<Item = (Cell, Cell)> {
    shape.cells().flat_map(move |cell| {
        [(0, 1), (1, 0)].into_iter().filter_map(move |(dr, dc)| {
            shape
                .cell(cell.row() + dr, cell.col() + dc)
                .map(|other| (cell, other))
        })
    })
}

/// Whether the regions are to be found (chaos construction is among `all`): the clues
/// that read regions are then settled by the solution, not by given regions.
pub(crate) fn finds_regions(all: &[VariantConstraint]) -> bool {
    all.iter()
        .any(|c| matches!(c, VariantConstraint::ChaosConstruction(_)))
}

/// The orthogonal neighbours of `cell`.
pub(crate) fn neighbours(shape: Shape, cell: Cell) -> Vec<Cell> {
    let (r, c) = (cell.row() as isize, cell.col() as isize);
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .into_iter()
        .filter(|&(r, c)| r >= 0 && c >= 0)
        .filter_map(|(r, c)| shape.cell(r as usize, c as usize))
        .collect()
}

/// The [`Constraint`] methods every line family answers the same way from its `cells`
/// field: its cells, and a jump between cells that do not touch as its oddity.
macro_rules! line_cells_and_oddity {
    () => {
        fn cells(&self, _shape: Shape) -> Vec<Cell> {
            self.cells.clone()
        }

        fn oddity(&self) -> Option<String> {
            super::line_gap(&self.cells)
        }
    };
}
pub(crate) use line_cells_and_oddity;

/// The `cells` and `oddity` of [`Constraint`] for a line that may close on itself (see
/// [`ring`]): its distinct cells, and where its drawing jumps.
macro_rules! ring_cells_and_oddity {
    () => {
        fn cells(&self, _shape: Shape) -> Vec<Cell> {
            super::ring(&self.cells).0.to_vec()
        }

        fn oddity(&self) -> Option<String> {
            super::line_gap(&self.cells)
        }
    };
}
pub(crate) use ring_cells_and_oddity;

/// Where a line drawn through `cells` in order jumps: the first two consecutive cells that
/// do not touch (orthogonally or diagonally), as a warning's text.
pub(crate) fn line_gap(cells: &[Cell]) -> Option<String> {
    cells.windows(2).find_map(|pair| {
        let (a, b) = (pair[0], pair[1]);
        (a.row().abs_diff(b.row()) > 1 || a.col().abs_diff(b.col()) > 1)
            .then(|| format!("{a} and {b} follow each other on the line but do not touch"))
    })
}

/// Why a mark between `a` and `b` (a dot, an X or V) stands where no tool draws one: the
/// cells are not orthogonal neighbours.
pub(crate) fn pair_apart(a: Cell, b: Cell) -> Option<String> {
    (a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) != 1)
        .then(|| format!("{a} and {b} are not orthogonal neighbours"))
}

/// Why a line of `cells`, called `what` in messages, cannot be drawn: fewer than two
/// cells, or a cell twice. A line that closes on itself (its last cell its first) is named
/// as such: this family has two ends, and a loop has none.
pub(crate) fn line_problem(what: &str, cells: &[Cell]) -> Option<String> {
    if cells.len() < 2 {
        return Some(format!("a {what} needs at least two cells"));
    }
    if let (true, Some(first)) = (ring(cells).1, cells.first()) {
        return Some(format!(
            "the line closes on itself ({first} is its first and last cell), and a {what} \
             has two ends"
        ));
    }
    repeated(cells).map(|cell| format!("{cell} appears twice"))
}

/// A line that may close on itself (whispers, renban, entropic …, drawn as a loop in the
/// setters' tools): its cells without the last when that repeats the first, and whether it
/// did (a loop of three cells or more).
pub(crate) fn ring(cells: &[Cell]) -> (&[Cell], bool) {
    match cells {
        [first, middle @ .., last] if first == last && middle.len() >= 2 => {
            (&cells[..cells.len() - 1], true)
        }
        _ => (cells, false),
    }
}

/// Why a line that may close on itself cannot be drawn: fewer than two cells, or a cell
/// twice other than a loop's first cell at its end.
pub(crate) fn loop_problem(what: &str, cells: &[Cell]) -> Option<String> {
    line_problem(what, ring(cells).0)
}

/// Whether some cell appears twice in `cells`; the first repeated one.
pub(crate) fn repeated(cells: &[Cell]) -> Option<Cell> {
    cells
        .iter()
        .enumerate()
        .find(|&(i, c)| cells[..i].contains(c))
        .map(|(_, &c)| c)
}

/// Neighbours along `cells` are related by `allowed`: [`ConstraintCnf::relation`] per
/// pair (whispers, parity lines, slow thermometers).
pub(crate) fn relate_neighbours(
    cnf: &mut ConstraintCnf,
    cells: &[Cell],
    allowed: impl Fn(usize, usize) -> bool,
) {
    for pair in cells.windows(2) {
        cnf.relation(pair[0], pair[1], &allowed);
    }
}

/// Whether every two neighbours along `cells` that are both filled are related by
/// `allowed`: the check of [`relate_neighbours`] (exact on a complete line).
pub(crate) fn neighbours_admit(
    values: &CellValues<'_>,
    cells: &[Cell],
    allowed: impl Fn(usize, usize) -> bool,
) -> bool {
    cells
        .windows(2)
        .all(|p| match (values.get(p[0]), values.get(p[1])) {
            (Some(a), Some(b)) => allowed(a, b),
            _ => true,
        })
}

/// Whether the filled values among `cells` are all different.
pub(crate) fn filled_distinct(values: &CellValues<'_>, cells: &[Cell]) -> bool {
    let mut seen = 0u128;
    for &cell in cells {
        if let Some(v) = values.get(cell) {
            if seen & (1 << v) != 0 {
                return false;
            }
            seen |= 1 << v;
        }
    }
    true
}
