//! The techniques of the logical solver, one file per family, each behind [`Find`].

mod chains;
mod fish;
mod locked;
mod single_digit;
mod singles;
mod subsets;
mod unique_rectangle;
mod wings;

pub use chains::{Aic, XChain, XyChain};
pub use fish::Fish;
pub use locked::LockedCandidates;
pub use single_digit::TurbotFish;
pub use singles::{HiddenSingle, NakedSingle};
pub use subsets::{HiddenSubset, NakedSubset};
pub use unique_rectangle::{UniqueRectangle, digit_swap_preserves_rules};
pub use wings::{WWing, XyWing, XyzWing};

use super::{Board, Step};

/// A technique: it looks at a board and finds one step it allows, without changing the
/// board ([`Board::apply`] makes the change, whatever the technique).
pub trait Find: Sync {
    /// The technique this finder looks for (its easiest variant when it has several, such
    /// as [`Technique::Skyscraper`] and [`Technique::TwoStringKite`]).
    fn technique(&self) -> Technique;

    /// One step of this technique on `board` that eliminates or places something, or
    /// `None` when there is none.
    fn find(&self, board: &Board<'_>) -> Option<Step>;
}

/// Every technique's finder, easiest first: the order in which the logical solver tries
/// them (by [`Technique::weight`]).
pub static LADDER: [&dyn Find; 23] = [
    &HiddenSingle,
    &NakedSingle,
    &LockedCandidates,
    &NakedSubset { size: 2 },
    &Fish {
        size: 2,
        finned: false,
    },
    &HiddenSubset { size: 2 },
    &NakedSubset { size: 3 },
    &Fish {
        size: 3,
        finned: false,
    },
    &HiddenSubset { size: 3 },
    &TurbotFish,
    &XyWing,
    &Fish {
        size: 2,
        finned: true,
    },
    &XyzWing,
    &WWing,
    &UniqueRectangle,
    &Fish {
        size: 3,
        finned: true,
    },
    &NakedSubset { size: 4 },
    &Fish {
        size: 4,
        finned: false,
    },
    &HiddenSubset { size: 4 },
    &Fish {
        size: 4,
        finned: true,
    },
    &XChain,
    &XyChain,
    &Aic,
];

/// How hard a puzzle is for a person, by the hardest technique it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Singles only: naked and hidden singles solve it.
    Easy,
    /// Also locked candidates (pointing and claiming) and naked or hidden pairs.
    Medium,
    /// Also subsets of three and four, fish (X-wing, swordfish, jellyfish, finned or not), skyscrapers,
    /// 2-string kites, wings (XY, XYZ, W) and unique rectangles.
    Hard,
    /// None of these suffice: it needs chains (X-chains, XY-chains, AIC) or guessing.
    Expert,
}

crate::named::named_enum!(Difficulty, "difficulty", {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
    Expert => "expert",
});

/// The techniques of the logical solver, in the order of [`LADDER`] (easiest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit that one house holds only where it meets another leaves the rest of the
    /// other (pointing: a box onto a line; claiming: a line onto a box).
    LockedCandidates,
    /// Two cells of a house with the same two candidates: the rest of the house loses them.
    NakedPair,
    /// A digit whose places in two rows lie in the same two columns (or the other way
    /// round): the rest of those columns lose it.
    XWing,
    /// Two digits with the same two places in a house: those cells lose other candidates.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// The fish of three rows and three columns.
    Swordfish,
    /// Three digits with three places between them in a house.
    HiddenTriple,
    /// Two conjugate pairs of a digit in parallel lines, joined at one end.
    Skyscraper,
    /// Two conjugate pairs of a digit, one in a row and one in a column, joined in a box.
    TwoStringKite,
    /// Two conjugate pairs of a digit joined by a weak link, in any other houses.
    TurbotFish,
    /// A bivalue pivot XY seeing bivalue pincers XZ and YZ: Z leaves what sees both.
    XyWing,
    /// An X-wing with fins: what sees every fin and lies in the cover loses the digit.
    FinnedXWing,
    /// A pivot XYZ seeing pincers XZ and YZ: Z leaves what sees all three.
    XyzWing,
    /// Two XY cells joined by a conjugate pair of X: Y leaves what sees both.
    WWing,
    /// Type 1: three corners of a rectangle hold only the same two digits; the fourth
    /// loses them (only in a puzzle known to be unique).
    UniqueRectangle,
    /// A swordfish with fins.
    FinnedSwordfish,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// The fish of four rows and four columns.
    Jellyfish,
    /// Four digits with four places between them in a house.
    HiddenQuad,
    /// A jellyfish with fins.
    FinnedJellyfish,
    /// A chain of one digit's conjugate pairs (simple colouring, X-chains).
    XChain,
    /// A chain of bivalue cells.
    XyChain,
    /// An alternating inference chain over any strong and weak links.
    Aic,
    /// None of the above makes progress: the search has to guess.
    Guess,
}

crate::named::named_enum!(Technique, "technique", {
    HiddenSingle => "hidden_single",
    NakedSingle => "naked_single",
    LockedCandidates => "locked_candidates",
    NakedPair => "naked_pair",
    XWing => "x_wing",
    HiddenPair => "hidden_pair",
    NakedTriple => "naked_triple",
    Swordfish => "swordfish",
    HiddenTriple => "hidden_triple",
    Skyscraper => "skyscraper",
    TwoStringKite => "two_string_kite",
    TurbotFish => "turbot_fish",
    XyWing => "xy_wing",
    FinnedXWing => "finned_x_wing",
    XyzWing => "xyz_wing",
    WWing => "w_wing",
    UniqueRectangle => "unique_rectangle",
    FinnedSwordfish => "finned_swordfish",
    NakedQuad => "naked_quad",
    Jellyfish => "jellyfish",
    HiddenQuad => "hidden_quad",
    FinnedJellyfish => "finned_jellyfish",
    XChain => "x_chain",
    XyChain => "xy_chain",
    Aic => "aic",
    Guess => "guess",
});

impl Technique {
    /// The difficulty a puzzle that needs this technique has.
    pub fn difficulty(self) -> Difficulty {
        use Technique::*;
        match self {
            NakedSingle | HiddenSingle => Difficulty::Easy,
            LockedCandidates | NakedPair | HiddenPair => Difficulty::Medium,
            XChain | XyChain | Aic | Guess => Difficulty::Expert,
            _ => Difficulty::Hard,
        }
    }

    /// The technique's weight on the SE scale (modelled on Sudoku Explainer's), in tenths:
    /// 15 is 1.5. A step may weigh more (a hidden single in a line, a long chain), never
    /// less. See [`crate::rate`] for the scale.
    pub fn weight(self) -> u8 {
        use Technique::*;
        match self {
            HiddenSingle => 12,
            NakedSingle => 23,
            LockedCandidates => 26,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            Skyscraper => 40,
            TwoStringKite => 41,
            TurbotFish => 42,
            XyWing => 42,
            FinnedXWing => 43,
            XyzWing => 44,
            WWing => 44,
            UniqueRectangle => 45,
            FinnedSwordfish => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            FinnedJellyfish => 56,
            XChain => 65,
            XyChain => 66,
            Aic => 70,
            Guess => 100,
        }
    }
}

/// Calls `f` on every `k`-element subset of `items` (in lexicographic order of positions)
/// until it returns something, and returns that.
pub(crate) fn first_subset<T: Copy, R>(
    items: &[T],
    k: usize,
    mut f: impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    fn go<T: Copy, R>(
        items: &[T],
        k: usize,
        from: usize,
        pick: &mut Vec<T>,
        f: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if pick.len() == k {
            return f(pick);
        }
        for i in from..items.len() {
            if items.len() - i < k - pick.len() {
                break;
            }
            pick.push(items[i]);
            let found = go(items, k, i + 1, pick, f);
            pick.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    go(items, k, 0, &mut Vec::with_capacity(k), &mut f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_runs_easiest_first_in_the_order_of_the_techniques() {
        let techniques: Vec<Technique> = LADDER.iter().map(|f| f.technique()).collect();
        assert!(techniques.windows(2).all(|w| w[0] < w[1]), "{techniques:?}");
        assert!(
            techniques
                .windows(2)
                .all(|w| w[0].weight() <= w[1].weight())
        );
    }
}
