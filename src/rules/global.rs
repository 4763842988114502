//! The rules over the whole grid that a name turns on (diagonal, windoku, anti-knight, non-consecutive, knightmare …): one table row each, which the rules, every reader and writer, the drawing's legend and the command line read.

use std::fmt;

use super::{Regions, RulesError};
use crate::constraint::{
    ChaosConstruction, DistanceKind, DistanceRule, Doppelganger, DutchFlatmates, EveryWindow,
    Negative, NegativeKind, RankTies, SameDigits, TieRule, VariantConstraint, WindowKind,
};
use crate::grid::{BoxShape, House, KNIGHT_MOVES, Relation, leaps};

/// A rule over the whole grid, turned on by its name. Everything about it is its row of
/// the table ([`GlobalRule::row`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GlobalRule {
    /// Both main diagonals hold every digit (X-Sudoku).
    Diagonal,
    /// Windoku's windows hold every digit: boxes one cell in from the edges and one apart
    /// ((n−1)² windows of n×n on grids of n×n boxes).
    Windoku,
    /// The cells at one position of every box hold every digit (differ, on boxes of a
    /// cell per digit, which are fewer than the digits).
    DisjointGroups,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart (diagonally touching) differ.
    AntiKing,
    /// Cells a camel's move apart (1 and 3) differ.
    AntiCamel,
    /// Cells a zebra's move apart (2 and 3) differ.
    AntiZebra,
    /// Cells a giraffe's move apart (1 and 4) differ.
    AntiGiraffe,
    /// No two orthogonal neighbours without a kropki dot differ by 1.
    NonConsecutive,
    /// No two diagonal neighbours differ by 1.
    DiagonalNonConsecutive,
    /// Every white dot is given: unmarked neighbours never differ by 1 nor by any white
    /// dot's number.
    NegativeDifference,
    /// Every black dot is given: unmarked neighbours are never in a ratio of 2 nor of any
    /// black dot's number.
    NegativeRatio,
    /// Every X and V is given: unmarked neighbours never add up to 10 or 5.
    NegativeXv,
    /// Cells a knight's move apart never add up to 5 or 15 (9×9).
    Knightmare,
    /// A digit d is never at taxicab distance d from another d.
    AntiTaxicab,
    /// Every 2×2 window holds a low, a middle and a high digit.
    GlobalEntropy,
    /// Every 2×2 window holds a digit of each remainder mod 3.
    GlobalModular,
    /// Every middle digit has a 1 directly above it or the largest digit directly below.
    DutchFlatmates,
    /// Every house holds the same digits, chosen from more than a house has cells.
    SameDigits,
    /// The regions are to be found: N orthogonally connected regions of N cells, each
    /// holding every digit once.
    ChaosConstruction,
    /// On a grid of the digits 0 to N, every house holds a 0 and misses one other digit,
    /// no two houses of a kind the same, and at each 0 its houses miss different digits.
    Doppelganger,
    /// Full rank without ties: no two rows or columns, read from either end, read alike.
    FullRankNoTies,
    /// Full rank with ties: a full rank clue's line may tie others, its rank one more than
    /// the lines strictly below it.
    FullRankTies,
}

crate::named::named_enum!(GlobalRule, "rule", {
    Diagonal => "diagonal",
    Windoku => "windoku",
    DisjointGroups => "disjoint-groups",
    AntiKnight => "anti-knight",
    AntiKing => "anti-king",
    AntiCamel => "anti-camel",
    AntiZebra => "anti-zebra",
    AntiGiraffe => "anti-giraffe",
    NonConsecutive => "non-consecutive",
    DiagonalNonConsecutive => "diagonal-non-consecutive",
    NegativeDifference => "negative-difference",
    NegativeRatio => "negative-ratio",
    NegativeXv => "negative-xv",
    Knightmare => "knightmare",
    AntiTaxicab => "anti-taxicab",
    GlobalEntropy => "global-entropy",
    GlobalModular => "global-modular",
    DutchFlatmates => "dutch-flatmates",
    SameDigits => "same-digits",
    ChaosConstruction => "chaos-construction",
    Doppelganger => "doppelganger",
    FullRankNoTies => "full-rank-no-ties",
    FullRankTies => "full-rank-ties",
});

/// What a rule adds to the grid's rules.
#[derive(Clone, Copy, Debug)]
pub enum Adds {
    /// Houses that hold every digit, on a grid of this size with these boxes (none for
    /// jigsaw regions).
    Houses(fn(usize, Option<BoxShape>) -> Vec<House>),
    /// Cells these steps apart differ, for this reason.
    Moves(Relation, &'static [(isize, isize)]),
    /// A negative constraint over the unmarked neighbours (one entry of the constraints,
    /// settled from the dots or X and V of the others).
    Negative(NegativeKind),
    /// A rule on the digits of cells a set distance apart (one entry of the constraints).
    Distance(DistanceKind),
    /// A rule on every 2×2 window (one entry of the constraints).
    Window(WindowKind),
    /// Dutch flatmates (one entry of the constraints).
    Flatmates,
    /// The same digits in every house (one entry of the constraints).
    SameDigits,
    /// Regions to be found (one entry of the constraints).
    Regions,
    /// Doppelgänger (one entry of the constraints).
    Doppelganger,
    /// A tie rule of full rank (one entry of the constraints).
    RankTies(TieRule),
}

/// What a rule needs of the grid's regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Nothing.
    Nothing,
    /// Boxes, not jigsaw regions.
    Boxes,
    /// Square boxes (4×4, 9×9, 16×16 …).
    SquareBoxes,
    /// No jigsaw regions: it finds its regions (boxes, where kept, stay houses beside them).
    NoJigsaw,
}

/// How f-puzzles writes a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpuzzlesForm {
    /// A field that is true (`"antiknight": true`).
    Flag(&'static str),
    /// Both diagonal fields, `diagonal+` and `diagonal-`.
    BothDiagonals,
    /// Its houses written as extra regions (f-puzzles has no windoku flag).
    ExtraRegions,
    /// An entry of its `negative` list (`"ratio"`).
    Negative(&'static str),
    /// No form: f-puzzles cannot hold it.
    None,
}

/// One row of the table of rules over the whole grid.
#[derive(Clone, Copy, Debug)]
pub struct GlobalRuleRow {
    /// The rule.
    pub rule: GlobalRule,
    /// Its name in messages (`disjoint groups`; files and flags write [`GlobalRule::name`]).
    pub title: &'static str,
    /// What it says, a sentence: the flag's help, the legend and the rules written out.
    pub says: &'static str,
    /// What it needs of the regions.
    pub needs: Needs,
    /// What it adds.
    pub adds: Adds,
    /// Whether a picture draws it in the grid (diagonals, windows): else the legend names it.
    pub drawn: bool,
    /// How f-puzzles writes it.
    pub fpuzzles: FpuzzlesForm,
    /// Its `global` entry in SudokuPad data converted from f-puzzles (`antiratio`).
    pub sudokupad: Option<&'static str>,
    /// The topic under which a puzzle's rules text names it: its title, or one it shares
    /// with rules the same words name (`negative`: all possible dots are given).
    pub topic: &'static str,
    /// The phrases that name its topic in a puzzle's rules text (`*` ends a word's stem).
    pub words: &'static [&'static str],
}

/// The steps from a cell to the cells it must differ from under anti-king (diagonal
/// neighbours; orthogonal ones share a row or column already).
const KING_MOVES: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A camel's steps: one cell one way, three the other.
const CAMEL_MOVES: [(isize, isize); 8] = leaps(1, 3);

/// A zebra's steps: two cells one way, three the other.
const ZEBRA_MOVES: [(isize, isize); 8] = leaps(2, 3);

/// A giraffe's steps: one cell one way, four the other.
const GIRAFFE_MOVES: [(isize, isize); 8] = leaps(1, 4);

/// The phrases that say every dot (X and V) is given.
const ALL_GIVEN: &[&str] = &[
    "all possible",
    "all dots",
    "all kropki",
    "negative constraint",
    // "All X's and V's are given", "All blue squares are given".
    "all * are given",
    "all * * are given",
    "all * * * are given",
];

/// The table, in the order of [`GlobalRule::ALL`].
const TABLE: [GlobalRuleRow; GlobalRule::ALL.len()] = [
    GlobalRuleRow {
        rule: GlobalRule::Diagonal,
        title: "diagonal",
        says: "Diagonal (X) Sudoku: both main diagonals hold every digit too.",
        needs: Needs::Nothing,
        adds: Adds::Houses(|_, _| vec![House::MainDiagonal, House::AntiDiagonal]),
        drawn: true,
        fpuzzles: FpuzzlesForm::BothDiagonals,
        sudokupad: None,
        topic: "diagonal",
        words: &["diagonal*"],
    },
    GlobalRuleRow {
        rule: GlobalRule::Windoku,
        title: "windoku",
        says: "Windoku (hyper): four extra boxes on 9×9, one cell in from the edges.",
        needs: Needs::SquareBoxes,
        adds: Adds::Houses(|_, boxes| {
            let n = boxes.map_or(0, BoxShape::rows);
            (0..(n.saturating_sub(1) * n.saturating_sub(1)) as u8)
                .map(House::Window)
                .collect()
        }),
        drawn: true,
        fpuzzles: FpuzzlesForm::ExtraRegions,
        sudokupad: None,
        topic: "windoku",
        words: &["windoku", "hyper"],
    },
    GlobalRuleRow {
        rule: GlobalRule::DisjointGroups,
        title: "disjoint groups",
        says: "Disjoint groups: the cells at one position of every box hold every digit too (differ, when boxes are fewer than digits).",
        needs: Needs::Boxes,
        adds: Adds::Houses(|_, boxes| {
            (0..boxes.map_or(0, BoxShape::cells) as u8)
                .map(House::Group)
                .collect()
        }),
        drawn: false,
        fpuzzles: FpuzzlesForm::Flag("disjointgroups"),
        sudokupad: Some("disjoint"),
        topic: "disjoint groups",
        words: &["disjoint"],
    },
    GlobalRuleRow {
        rule: GlobalRule::AntiKnight,
        title: "anti-knight",
        says: "Anti-knight: cells a knight's move apart differ.",
        needs: Needs::Nothing,
        adds: Adds::Moves(Relation::Move("knight"), &KNIGHT_MOVES),
        drawn: false,
        fpuzzles: FpuzzlesForm::Flag("antiknight"),
        sudokupad: Some("antiknight"),
        topic: "anti-knight",
        words: &["knight", "anti-knight", "antiknight"],
    },
    GlobalRuleRow {
        rule: GlobalRule::AntiKing,
        title: "anti-king",
        says: "Anti-king: cells a king's move apart (touching at a corner) differ.",
        needs: Needs::Nothing,
        adds: Adds::Moves(Relation::Move("king"), &KING_MOVES),
        drawn: false,
        fpuzzles: FpuzzlesForm::Flag("antiking"),
        sudokupad: Some("antiking"),
        topic: "anti-king",
        words: &["king", "anti-king", "antiking"],
    },
    GlobalRuleRow {
        rule: GlobalRule::AntiCamel,
        title: "anti-camel",
        says: "Anti-camel: cells a camel's move apart (1 and 3 cells) differ.",
        needs: Needs::Nothing,
        adds: Adds::Moves(Relation::Move("camel"), &CAMEL_MOVES),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "anti-camel",
        words: &["camel", "anti-camel", "anticamel"],
    },
    GlobalRuleRow {
        rule: GlobalRule::AntiZebra,
        title: "anti-zebra",
        says: "Anti-zebra: cells a zebra's move apart (2 and 3 cells) differ.",
        needs: Needs::Nothing,
        adds: Adds::Moves(Relation::Move("zebra"), &ZEBRA_MOVES),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "anti-zebra",
        words: &["zebra", "anti-zebra", "antizebra"],
    },
    GlobalRuleRow {
        rule: GlobalRule::AntiGiraffe,
        title: "anti-giraffe",
        says: "Anti-giraffe: cells a giraffe's move apart (1 and 4 cells) differ.",
        needs: Needs::Nothing,
        adds: Adds::Moves(Relation::Move("giraffe"), &GIRAFFE_MOVES),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "anti-giraffe",
        words: &["giraffe", "anti-giraffe", "antigiraffe"],
    },
    GlobalRuleRow {
        rule: GlobalRule::NonConsecutive,
        title: "non-consecutive",
        says: "Non-consecutive: orthogonally adjacent digits are never consecutive.",
        needs: Needs::Nothing,
        adds: Adds::Negative(NegativeKind::NonConsecutive),
        drawn: false,
        fpuzzles: FpuzzlesForm::Flag("nonconsecutive"),
        sudokupad: Some("nonconsecutive"),
        topic: "non-consecutive",
        words: &["non-consecutive", "nonconsecutive"],
    },
    GlobalRuleRow {
        rule: GlobalRule::DiagonalNonConsecutive,
        title: "diagonal non-consecutive",
        says: "Diagonal non-consecutive: diagonally adjacent digits are never consecutive.",
        needs: Needs::Nothing,
        adds: Adds::Distance(DistanceKind::DiagonalNonConsecutive),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "diagonal non-consecutive",
        words: &[
            "diagonally adjacent",
            "diagonally non-consecutive",
            "diagonal non-consecutive",
            "diagonally touching",
        ],
    },
    GlobalRuleRow {
        rule: GlobalRule::NegativeDifference,
        title: "negative difference",
        says: "All possible white dots are given.",
        needs: Needs::Nothing,
        adds: Adds::Negative(NegativeKind::Difference),
        drawn: false,
        fpuzzles: FpuzzlesForm::Negative("difference"),
        sudokupad: Some("antidifference"),
        topic: "negative",
        words: ALL_GIVEN,
    },
    GlobalRuleRow {
        rule: GlobalRule::NegativeRatio,
        title: "negative ratio",
        says: "All possible black dots are given.",
        needs: Needs::Nothing,
        adds: Adds::Negative(NegativeKind::Ratio),
        drawn: false,
        fpuzzles: FpuzzlesForm::Negative("ratio"),
        sudokupad: Some("antiratio"),
        topic: "negative",
        words: ALL_GIVEN,
    },
    GlobalRuleRow {
        rule: GlobalRule::NegativeXv,
        title: "negative XV",
        says: "All possible X and V are given.",
        needs: Needs::Nothing,
        adds: Adds::Negative(NegativeKind::Xv),
        drawn: false,
        fpuzzles: FpuzzlesForm::Negative("xv"),
        sudokupad: Some("antixv"),
        topic: "negative",
        words: ALL_GIVEN,
    },
    GlobalRuleRow {
        rule: GlobalRule::Knightmare,
        title: "knightmare",
        says: "Knightmare: digits a knight's move apart never add up to 5 or 15 (9×9).",
        needs: Needs::Nothing,
        adds: Adds::Distance(DistanceKind::Knightmare),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "knightmare",
        words: &["knightmare"],
    },
    GlobalRuleRow {
        rule: GlobalRule::AntiTaxicab,
        title: "anti-taxicab",
        says: "Anti-taxicab: no digit d is d orthogonal steps from another d.",
        needs: Needs::Nothing,
        adds: Adds::Distance(DistanceKind::AntiTaxicab),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "anti-taxicab",
        words: &["taxicab"],
    },
    GlobalRuleRow {
        rule: GlobalRule::GlobalEntropy,
        title: "global entropy",
        says: "Global entropy: every 2×2 window holds a low, a middle and a high digit (1-3, 4-6, 7-9 on 9×9).",
        needs: Needs::Nothing,
        adds: Adds::Window(WindowKind::Entropy),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "global entropy",
        words: &["global entropy", "entropy sudoku"],
    },
    GlobalRuleRow {
        rule: GlobalRule::GlobalModular,
        title: "global modular",
        says: "Global modular: every 2×2 window holds a digit of each remainder mod 3 (1-4-7, 2-5-8, 3-6-9 on 9×9).",
        needs: Needs::Nothing,
        adds: Adds::Window(WindowKind::Modular),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "global modular",
        words: &["global mod*", "mod 3", "modulo 3", "modular sudoku"],
    },
    GlobalRuleRow {
        rule: GlobalRule::DutchFlatmates,
        title: "Dutch flatmates",
        says: "Dutch flatmates: every middle digit (5 on 9×9) has a 1 directly above it or the largest digit (9) directly below it.",
        needs: Needs::Nothing,
        adds: Adds::Flatmates,
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "Dutch flatmates",
        words: &[
            "flatmate*",
            "dutch flatmate*",
            "directly above it or a * directly below",
        ],
    },
    GlobalRuleRow {
        rule: GlobalRule::SameDigits,
        title: "same digits",
        says: "Same digits: every row, column and region holds the same digits, chosen from the grid's digits (a grid taking more digits than a row has cells, such as a 6×6 filled from 1-9).",
        needs: Needs::Nothing,
        adds: Adds::SameDigits,
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "same digits",
        // Not "the same digits" alone: clones hold the same digits too.
        words: &[
            "same set of digits",
            "same * subset",
            "select * different digits",
            "selected digits",
            "these * digits only",
            "chosen digits",
        ],
    },
    GlobalRuleRow {
        rule: GlobalRule::ChaosConstruction,
        title: "chaos construction",
        says: "Chaos construction: the regions are to be found, as many orthogonally connected regions as a row has cells, each as large as a row and holding every digit once.",
        needs: Needs::NoJigsaw,
        adds: Adds::Regions,
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "chaos construction",
        words: &[
            "chaos construction",
            "region* must be determined",
            "region* * must be determined",
            "divide the grid into * regions",
            "divide the grid into * * regions",
            "divide the grid into * * * regions",
            "regions of * orthogonally connected cells",
            "* orthogonally connected cells",
        ],
    },
    GlobalRuleRow {
        rule: GlobalRule::Doppelganger,
        title: "doppelgänger",
        says: "Doppelgänger: on a grid of the digits 0 to N (0-9 on a 9×9), every row, column and region holds a 0 and misses one of the other digits; no two rows, no two columns and no two regions miss the same digit, and at each 0 its row, column and region miss three different digits.",
        needs: Needs::Nothing,
        adds: Adds::Doppelganger,
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "doppelgänger",
        words: &["doppelg*"],
    },
    GlobalRuleRow {
        rule: GlobalRule::FullRankNoTies,
        title: "full rank without ties",
        says: "Full rank without ties: no two rows or columns, read from either end, read the same number (sigh's full rank ties \"none\"), with or without full rank clues.",
        needs: Needs::Nothing,
        adds: Adds::RankTies(TieRule::Never),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "full rank ties",
        words: &["tie", "ties", "tied"],
    },
    GlobalRuleRow {
        rule: GlobalRule::FullRankTies,
        title: "full rank with ties",
        says: "Full rank with ties: a full rank clue's line may tie other lines (two clues of one rank tie each other), its rank one more than the lines strictly below it (sigh's full rank ties \"any\").",
        needs: Needs::Nothing,
        adds: Adds::RankTies(TieRule::Allowed),
        drawn: false,
        fpuzzles: FpuzzlesForm::None,
        sudokupad: None,
        topic: "full rank ties",
        words: &["tie", "ties", "tied"],
    },
];

impl GlobalRule {
    /// The rule's row of the table.
    pub fn row(self) -> &'static GlobalRuleRow {
        &TABLE[self as usize]
    }

    /// What the rule says, in a sentence (the command line's help for its flag).
    pub fn description(self) -> &'static str {
        self.row().says
    }

    /// The rule's name in messages: `disjoint groups` where files write `disjoint-groups`.
    pub fn title(self) -> &'static str {
        self.row().title
    }

    /// The rule whose constraint `constraint` is (a negative constraint, a distance rule),
    /// if it is one.
    pub fn of_constraint(constraint: &VariantConstraint) -> Option<GlobalRule> {
        GlobalRule::ALL
            .into_iter()
            .find(|rule| match (rule.row().adds, constraint) {
                (Adds::Negative(kind), VariantConstraint::Negative(c)) => c.kind() == kind,
                (Adds::Distance(kind), VariantConstraint::Distance(c)) => c.kind() == kind,
                (Adds::Window(kind), VariantConstraint::Window(c)) => c.kind() == kind,
                (Adds::Flatmates, VariantConstraint::Flatmates(_)) => true,
                (Adds::SameDigits, VariantConstraint::SameDigits(_)) => true,
                (Adds::Regions, VariantConstraint::ChaosConstruction(_)) => true,
                (Adds::Doppelganger, VariantConstraint::Doppelganger(_)) => true,
                (Adds::RankTies(rule), VariantConstraint::RankTies(c)) => c.rule() == rule,
                _ => false,
            })
    }

    /// The constraint the rule adds to the constraints, if it adds one.
    pub(crate) fn constraint(self) -> Option<VariantConstraint> {
        match self.row().adds {
            Adds::Negative(kind) => Some(Negative::new(kind).into()),
            Adds::Distance(kind) => Some(DistanceRule::new(kind).into()),
            Adds::Window(kind) => Some(EveryWindow::new(kind).into()),
            Adds::Flatmates => Some(DutchFlatmates.into()),
            Adds::SameDigits => Some(SameDigits.into()),
            Adds::Regions => Some(ChaosConstruction.into()),
            Adds::Doppelganger => Some(Doppelganger::new().into()),
            Adds::RankTies(rule) => Some(RankTies::new(rule).into()),
            Adds::Houses(_) | Adds::Moves(..) => None,
        }
    }

    /// An error when the rule cannot apply to a grid tiled by `regions`.
    pub(crate) fn check(self, regions: &Regions) -> Result<(), RulesError> {
        let needs = match (self.row().needs, regions) {
            (Needs::Nothing, _) => return Ok(()),
            (Needs::SquareBoxes, Regions::Boxes(b)) if b.is_square() && b.is_exact() => {
                return Ok(());
            }
            (Needs::SquareBoxes, _) => "square boxes (4×4, 9×9, 16×16 …)",
            (Needs::Boxes, Regions::Boxes(_)) => return Ok(()),
            (Needs::Boxes, Regions::Jigsaw(_)) => "boxes (not jigsaw regions)",
            (Needs::Boxes, Regions::None) => "boxes",
            (Needs::NoJigsaw, Regions::None | Regions::Boxes(_)) => return Ok(()),
            (Needs::NoJigsaw, Regions::Jigsaw(_)) => {
                "a grid without jigsaw regions: it finds its regions (beside the boxes, if kept)"
            }
        };
        Err(RulesError::Needs {
            rule: self.title(),
            needs,
        })
    }

    /// The houses the rule adds on a grid of N×N tiled by `regions` (which [`check`]
    /// accepted).
    ///
    /// [`check`]: GlobalRule::check
    pub(crate) fn houses(self, size: usize, regions: &Regions) -> Vec<House> {
        let boxes = match regions {
            Regions::Boxes(boxes) => Some(*boxes),
            Regions::Jigsaw(_) | Regions::None => None,
        };
        match self.row().adds {
            Adds::Houses(houses) => houses(size, boxes),
            Adds::Moves(..)
            | Adds::Negative(_)
            | Adds::Distance(_)
            | Adds::Window(_)
            | Adds::Flatmates
            | Adds::SameDigits
            | Adds::Regions
            | Adds::Doppelganger
            | Adds::RankTies(_) => Vec::new(),
        }
    }

    /// The steps at which cells must differ under the rule, and why they differ.
    pub(crate) fn moves(self) -> Option<(Relation, &'static [(isize, isize)])> {
        match self.row().adds {
            Adds::Moves(relation, steps) => Some((relation, steps)),
            Adds::Houses(_)
            | Adds::Negative(_)
            | Adds::Distance(_)
            | Adds::Window(_)
            | Adds::Flatmates
            | Adds::SameDigits
            | Adds::Regions
            | Adds::Doppelganger
            | Adds::RankTies(_) => None,
        }
    }

    /// Whether the rule is one entry of the constraints (a negative constraint, a
    /// distance rule) rather than houses or moves.
    pub fn is_constraint(self) -> bool {
        self.constraint().is_some()
    }
}

/// A set of [`GlobalRule`]s.
///
/// ```
/// use satdoku::rules::{GlobalRule, GlobalRules};
/// let rules = GlobalRules::from_iter([GlobalRule::AntiKing, GlobalRule::Diagonal]);
/// assert!(rules.contains(GlobalRule::Diagonal));
/// assert_eq!(rules.to_string(), "diagonal, anti-king");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GlobalRules(u32);

impl GlobalRules {
    /// No global rule.
    pub const NONE: GlobalRules = GlobalRules(0);

    /// Whether `rule` is in the set.
    pub fn contains(self, rule: GlobalRule) -> bool {
        self.0 & 1 << rule as u32 != 0
    }

    /// The set with `rule` in it too.
    pub fn with(self, rule: GlobalRule) -> GlobalRules {
        GlobalRules(self.0 | 1 << rule as u32)
    }

    /// The set without `rule`.
    pub fn without(self, rule: GlobalRule) -> GlobalRules {
        GlobalRules(self.0 & !(1 << rule as u32))
    }

    /// The rules of either set.
    pub fn union(self, other: GlobalRules) -> GlobalRules {
        GlobalRules(self.0 | other.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rules in the set, in the order of [`GlobalRule::ALL`].
    pub fn iter(self) -> impl Iterator<Item = GlobalRule> {
        GlobalRule::ALL
            .into_iter()
            .filter(move |&r| self.contains(r))
    }
}

impl From<GlobalRule> for GlobalRules {
    fn from(rule: GlobalRule) -> GlobalRules {
        GlobalRules::NONE.with(rule)
    }
}

impl FromIterator<GlobalRule> for GlobalRules {
    fn from_iter<I: IntoIterator<Item = GlobalRule>>(rules: I) -> GlobalRules {
        rules.into_iter().fold(GlobalRules::NONE, GlobalRules::with)
    }
}

impl Extend<GlobalRule> for GlobalRules {
    fn extend<I: IntoIterator<Item = GlobalRule>>(&mut self, rules: I) {
        *self = rules.into_iter().fold(*self, GlobalRules::with);
    }
}

/// The names, comma-separated, in the order of [`GlobalRule::ALL`].
impl fmt::Display for GlobalRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rule) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(rule.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_is_its_rules_and_names_differ() {
        for (i, rule) in GlobalRule::ALL.into_iter().enumerate() {
            assert_eq!(rule.row().rule, rule, "row {i}");
            assert!(rule.row().says.ends_with('.'), "{rule}");
            assert!(!rule.row().words.is_empty(), "{rule}");
            let constraint = rule.constraint();
            assert_eq!(constraint.is_some(), rule.is_constraint(), "{rule}");
            if let Some(constraint) = constraint {
                assert_eq!(GlobalRule::of_constraint(&constraint), Some(rule));
            }
        }
        let mut titles: Vec<&str> = GlobalRule::ALL.iter().map(|r| r.title()).collect();
        titles.sort();
        titles.dedup();
        assert_eq!(titles.len(), GlobalRule::ALL.len());
        assert!(GlobalRule::ALL.len() <= 32, "GlobalRules holds 32");
    }
}
