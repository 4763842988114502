//! The rules over the whole grid that a name turns on (diagonal, windoku, disjoint groups, anti-knight, anti-king): the one list that the rules, every reader and writer and the command line iterate.

use std::fmt;

use super::{Regions, RulesError};
use crate::grid::{BoxShape, House, KNIGHT_MOVES, Relation};

/// A rule over the whole grid, turned on by its name.
///
/// Adding one is a variant here and an arm in each `match` of this file: its name, what it
/// says, what it needs, and the houses or the cell pairs it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GlobalRule {
    /// Both main diagonals hold every digit (X-Sudoku).
    Diagonal,
    /// Windoku's windows hold every digit: boxes one cell in from the edges and one apart
    /// ((n−1)² windows of n×n on grids of n×n boxes).
    Windoku,
    /// The cells at one position of every box hold every digit.
    DisjointGroups,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart (diagonally touching) differ.
    AntiKing,
}

crate::named::named_enum!(GlobalRule, "rule", {
    Diagonal => "diagonal",
    Windoku => "windoku",
    DisjointGroups => "disjoint-groups",
    AntiKnight => "anti-knight",
    AntiKing => "anti-king",
});

/// The steps from a cell to the cells it must differ from under anti-king (diagonal
/// neighbours; orthogonal ones share a row or column already).
const KING_MOVES: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl GlobalRule {
    /// What the rule says, in a sentence (the command line's help for its flag).
    pub fn description(self) -> &'static str {
        match self {
            GlobalRule::Diagonal => {
                "Diagonal (X) Sudoku: both main diagonals hold every digit too."
            }
            GlobalRule::Windoku => {
                "Windoku (hyper): four extra boxes on 9×9, one cell in from the edges."
            }
            GlobalRule::DisjointGroups => {
                "Disjoint groups: the cells at one position of every box hold every digit too."
            }
            GlobalRule::AntiKnight => "Anti-knight: cells a knight's move apart differ.",
            GlobalRule::AntiKing => {
                "Anti-king: cells a king's move apart (touching at a corner) differ."
            }
        }
    }

    /// The rule's name in messages: `disjoint groups` where files write `disjoint-groups`.
    pub fn title(self) -> &'static str {
        match self {
            GlobalRule::DisjointGroups => "disjoint groups",
            other => other.name(),
        }
    }

    /// The f-puzzles field (a flag) that turns it on, where f-puzzles has exactly one:
    /// f-puzzles draws the diagonals as two fields (`diagonal+`, `diagonal-`) and has no
    /// windoku flag.
    pub fn fpuzzles_field(self) -> Option<&'static str> {
        match self {
            GlobalRule::Diagonal | GlobalRule::Windoku => None,
            GlobalRule::DisjointGroups => Some("disjointgroups"),
            GlobalRule::AntiKnight => Some("antiknight"),
            GlobalRule::AntiKing => Some("antiking"),
        }
    }

    /// An error when the rule cannot apply to a grid tiled by `regions`.
    pub(crate) fn check(self, regions: &Regions) -> Result<(), RulesError> {
        let needs = match (self, regions) {
            (GlobalRule::Windoku, Regions::Boxes(b)) if b.is_square() => return Ok(()),
            (GlobalRule::Windoku, _) => "square boxes (4×4, 9×9, 16×16 …)",
            (GlobalRule::DisjointGroups, Regions::Jigsaw(_)) => "boxes (not jigsaw regions)",
            _ => return Ok(()),
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
            Regions::Jigsaw(_) => None,
        };
        match self {
            GlobalRule::Diagonal => vec![House::MainDiagonal, House::AntiDiagonal],
            GlobalRule::Windoku => {
                let n = boxes.map_or(0, BoxShape::rows);
                (0..((n - 1) * (n - 1)) as u8).map(House::Window).collect()
            }
            GlobalRule::DisjointGroups => (0..size as u8).map(House::Group).collect(),
            GlobalRule::AntiKnight | GlobalRule::AntiKing => Vec::new(),
        }
    }

    /// The steps at which cells must differ under the rule, and why they differ.
    pub(crate) fn moves(self) -> Option<(Relation, &'static [(isize, isize)])> {
        match self {
            GlobalRule::AntiKnight => Some((Relation::KnightMove, &KNIGHT_MOVES)),
            GlobalRule::AntiKing => Some((Relation::KingMove, &KING_MOVES)),
            GlobalRule::Diagonal | GlobalRule::Windoku | GlobalRule::DisjointGroups => None,
        }
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
pub struct GlobalRules(u8);

impl GlobalRules {
    /// No global rule.
    pub const NONE: GlobalRules = GlobalRules(0);

    /// Whether `rule` is in the set.
    pub fn contains(self, rule: GlobalRule) -> bool {
        self.0 & 1 << rule as u8 != 0
    }

    /// The set with `rule` in it too.
    pub fn with(self, rule: GlobalRule) -> GlobalRules {
        GlobalRules(self.0 | 1 << rule as u8)
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
