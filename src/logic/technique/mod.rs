//! The techniques of the logical solver: one table of them, easiest first, and one file per family of finders.
//!
//! The table (the `techniques!` invocation in this file) has one row per [`Technique`]: its
//! doc line, its variant, its name (as `explain`, `hint` and `rate` print it and JSON
//! writes it), its weight on the SE scale, its [`Difficulty`], and the finder that looks for
//! it ([`Find`]). Everything else about a technique is read from its row: the [`Technique`]
//! enum and its names, [`Technique::weight`], [`Technique::difficulty`],
//! [`Technique::finder`], the [`LADDER`] (the rows' finders in the table's order) and the
//! scale table in [`Technique`]'s documentation.
//!
//! # Adding a technique
//!
//! 1. Write its finder in a new file of this folder, declared by a `mod` line here: a type
//!    implementing [`Find`] (documented, the file opening with one `//!` line), whose
//!    [`Find::technique`] is the new row's technique and whose steps start from
//!    [`Step::new`] (the row's weight; a step may weigh more, never less). A technique of
//!    a constraint family is one like the others: its finder finds nothing on a board
//!    whose rules lack the constraint. (A new family needs none: [`ConstraintLogic`] and
//!    the weak links reason with every family through its `scopes` and its check of
//!    partial grids, `Constraint::admits_scope`.)
//! 2. Add one row to the table, at its place on the ladder: rows run easiest first, and a
//!    row never weighs less than the one before it (a test checks). A row is its doc line,
//!    then `Variant: "name", weight, Difficulty, found by Finder { .. };`. A technique that
//!    the finder of an easier row reports has `reported by ThatRow` instead (the skyscraper's
//!    finder names its step a 2-string kite or a turbot fish by the houses it joins); one a
//!    finder of several sizes reports gets one row per size (`Fish { size: 3, finned: true }`).
//! 3. Give it a fixture in `tests/logic.rs` (a puzzle whose path uses it; a test asks one of
//!    every technique), and name it in the README's list of techniques and its scale table.
//!
//! Nothing else changes: no `pub use` is needed (the ladder and [`Technique::finder`] reach
//! the finder; re-export its type from `logic` only if callers need it by name).

mod bug;
mod cage_locked;
mod chains;
mod constraint;
mod constraint_claiming;
mod digit_sets;
mod direct;
mod fish;
mod forcing;
mod innies;
mod locked;
mod set_equivalence;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod sum_bounds;
mod unique_rectangle;
mod unused_digit;
mod wings;

pub use bug::Bug;
pub use cage_locked::CageLockedCandidates;
pub use chains::{Aic, XChain, XyChain};
pub use constraint::ConstraintLogic;
pub use constraint_claiming::ConstraintClaiming;
pub use direct::{DirectHiddenSubset, DirectLockedCandidates};
pub use fish::Fish;
pub use forcing::{ForcingChain, Level};
pub use innies::InniesOuties;
pub use locked::LockedCandidates;
pub use set_equivalence::SetEquivalence;
pub use single_digit::TurbotFish;
pub use singles::{HiddenSingle, NakedSingle};
pub use step::{Sentence, Step};
pub use subsets::{HiddenSubset, NakedSubset};
pub use sum_bounds::SumBounds;
pub use unique_rectangle::{UniqueRectangle, digit_swap_preserves_rules};
pub use unused_digit::UnusedDigit;
pub use wings::{WWing, XyWing, XyzWing};

use super::Board;
use crate::grid::{CellDigit, Digit};

/// A technique: it looks at a board and finds one step it allows, without changing the
/// board ([`Board::apply`] makes the change, whatever the technique).
pub trait Find: Sync {
    /// The technique of this finder's row in the table (the easiest it reports when it
    /// reports several, such as [`Technique::Skyscraper`] and [`Technique::TwoStringKite`]).
    fn technique(&self) -> Technique;

    /// One step of this technique on `board` that eliminates or places something, or
    /// `None` when there is none.
    fn find(&self, board: &Board<'_>) -> Option<Step>;
}

/// How hard a puzzle is for a person, by the hardest technique it needs (the difficulty
/// column of [`Technique`]'s table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Singles, and the direct steps that finish a house at once (a pointing, claiming or
    /// hidden pair or triple whose hidden single follows in the same step, which Sudoku
    /// Explainer rates below or next to a naked single).
    Easy,
    /// Also locked candidates (pointing and claiming) and naked or hidden pairs.
    Medium,
    /// Also the patterns short of chains: larger subsets, fish, wings, unique rectangles,
    /// the bivalue universal grave, and the single-digit patterns and W-wings that Sudoku
    /// Explainer rates as chains.
    Hard,
    /// None of these suffice: it needs chains or forcing chains (or guessing, when even
    /// those stop).
    Expert,
}

crate::named::named_enum!(Difficulty, "difficulty", {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
    Expert => "expert",
});

/// Makes [`Technique`], its names, weights, difficulties and finders, the [`LADDER`] and the
/// scale table from the rows of the table (see the module's documentation).
macro_rules! techniques {
    (@finder) => { None };
    (@finder reported by $reporter:ident) => { Technique::$reporter.finder() };
    (@finder $finder:expr) => { Some(&$finder as &'static dyn Find) };
    ($(
        $(#[doc = $doc:literal])+
        $variant:ident: $name:literal, $se:literal, $difficulty:ident
            $(, found by $finder:expr)? $(, reported by $reporter:ident)?;
    )+) => {
        /// The techniques of the logical solver, easiest first: the order of the [`LADDER`].
        ///
        /// Each has a name (as `explain`, `hint` and `rate` print it), a weight on the SE scale
        /// (modelled on Sudoku Explainer's: the rating of a puzzle is the weight of the
        /// heaviest step of its logical path, 10.0 when logic stops) and a [`Difficulty`]:
        ///
        #[doc = concat!(
            "| SE | name | difficulty | technique |\n|---:|---|---|---|\n",
            $("| ", $se, " | `", $name, "` | [", stringify!($difficulty), "](Difficulty::",
                stringify!($difficulty), ") |", $($doc,)+ " |\n",)+
        )]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Technique {
            $($(#[doc = $doc])+ $variant,)+
        }

        crate::named::named_enum!(Technique, "technique", { $($variant => $name),+ });

        impl Technique {
            /// The difficulty a puzzle that needs this technique has.
            pub fn difficulty(self) -> Difficulty {
                match self {
                    $(Technique::$variant => Difficulty::$difficulty,)+
                }
            }

            /// The technique's weight on the SE scale, in tenths: 15 is 1.5 (the scale is
            /// tabled in [`Technique`]'s documentation). A step may weigh more (a hidden single
            /// in a line, a long chain), never less.
            pub const fn weight(self) -> u8 {
                match self {
                    $(Technique::$variant => const { tenths($se) },)+
                }
            }

            /// The finder that reports this technique (for some, the finder of an easier
            /// one: a 2-string kite is found by the skyscraper's); `None` for guessing.
            pub fn finder(self) -> Option<&'static dyn Find> {
                match self {
                    $(Technique::$variant => {
                        techniques!(@finder $($finder)? $(reported by $reporter)?)
                    })+
                }
            }
        }

        /// Every technique's finder, easiest first: the order in which the logical solver
        /// tries them (that of [`Technique`], whose weights never fall along it).
        pub static LADDER: [&dyn Find; [$($(stringify!($finder),)?)+].len()] =
            [$($(&$finder,)?)+];
    };
}

techniques! {
    /// A digit with one place left in a house: 1.2 in a box or region, 1.5 in a line.
    HiddenSingle: "hidden_single", 1.2, Easy, found by HiddenSingle;
    /// Under the same-digits rule on a grid taking more digits than a house has cells: a
    /// digit one house has no place for is in no house, and every cell loses it.
    UnusedDigit: "unused_digit", 1.2, Easy, found by UnusedDigit;
    /// Locked candidates whose eliminations leave a hidden single at once, taken as one
    /// step with it (pointing 1.7, claiming 1.9).
    DirectLockedCandidates: "direct_locked_candidates", 1.7, Easy,
        found by DirectLockedCandidates;
    /// A hidden pair whose eliminations leave a hidden single in its house at once, taken
    /// as one step with it.
    DirectHiddenPair: "direct_hidden_pair", 2.0, Easy, found by DirectHiddenSubset { size: 2 };
    /// A cell with one candidate left.
    NakedSingle: "naked_single", 2.3, Easy, found by NakedSingle;
    /// A hidden triple whose eliminations leave a hidden single in its house at once.
    DirectHiddenTriple: "direct_hidden_triple", 2.5, Easy,
        found by DirectHiddenSubset { size: 3 };
    /// A variant constraint's own logic: the candidates of its cells (or of a group of
    /// them it judges together) that no filling it allows holds; a tenth more for each open
    /// cell past two that the step judges together (3.5 at most).
    ConstraintLogic: "constraint", 2.5, Medium, found by ConstraintLogic;
    /// Innies and outies: the cells a house's (or two or three lines') sums — killer cages,
    /// arrows, little killers, XV pairs, weighted sums — leave out, or reach beyond it with,
    /// add up to what the houses' and the sums' totals leave; a tenth more for each house
    /// past the first and each open cell left over past the first.
    InniesOuties: "innies_outies", 2.5, Medium, found by InniesOuties;
    /// A digit that one house holds only where it meets another leaves the rest of the
    /// other (pointing: a box onto a line, 2.6; claiming: a line onto a box, 2.8).
    LockedCandidates: "locked_candidates", 2.6, Medium, found by LockedCandidates;
    /// A digit every set of digits a killer cage can hold contains leaves what sees all
    /// its places in the cage (pointing); a digit a house holds only inside a cage leaves
    /// the cage's other cells (claiming).
    CageLockedCandidates: "cage_locked_candidates", 2.7, Medium, found by CageLockedCandidates;
    /// A house that holds a digit only among a constraint's cells: the constraint's
    /// fillings must place it there, and candidates no such filling holds go.
    ConstraintClaiming: "constraint_claiming", 2.8, Medium, found by ConstraintClaiming;
    /// The law of leftovers on jigsaw grids: k neighbouring rows (or columns) and the k
    /// regions most inside them hold the same digits, so the lines' cells outside the
    /// regions and the regions' cells outside the lines do too; what one side cannot hold
    /// the other loses.
    SetEquivalence: "set_equivalence", 2.9, Medium, found by SetEquivalence;
    /// Sum bounds: what houses leave once sums are off (as for innies and outies), too
    /// many cells to fill one by one, bounded by groups of cells sharing a house (their
    /// digits differ); a group keeps the digit sets whose sums fit what the others leave. A
    /// tenth more for each house past the first and each group past the first.
    SumBounds: "sum_bounds", 2.9, Medium, found by SumBounds;
    /// Two cells of a house with the same two candidates: the rest of the house loses them.
    NakedPair: "naked_pair", 3.0, Medium, found by NakedSubset { size: 2 };
    /// A digit whose places in two rows lie in the same two columns (or the other way
    /// round): the rest of those columns lose it.
    XWing: "x_wing", 3.2, Hard, found by Fish { size: 2, finned: false };
    /// Two digits with the same two places in a house: those cells lose other candidates.
    HiddenPair: "hidden_pair", 3.4, Medium, found by HiddenSubset { size: 2 };
    /// Three cells of a house with three candidates between them.
    NakedTriple: "naked_triple", 3.6, Hard, found by NakedSubset { size: 3 };
    /// The fish of three rows and three columns.
    Swordfish: "swordfish", 3.8, Hard, found by Fish { size: 3, finned: false };
    /// Three digits with three places between them in a house.
    HiddenTriple: "hidden_triple", 4.0, Hard, found by HiddenSubset { size: 3 };
    /// A bivalue pivot XY seeing bivalue pincers XZ and YZ: Z leaves what sees both.
    XyWing: "xy_wing", 4.2, Hard, found by XyWing;
    /// A pivot XYZ seeing pincers XZ and YZ: Z leaves what sees all three.
    XyzWing: "xyz_wing", 4.4, Hard, found by XyzWing;
    /// Unique rectangle type 1: three corners of a rectangle hold only the same two digits;
    /// the fourth loses them (types 1 to 4 only in a puzzle known to be unique).
    UniqueRectangle: "unique_rectangle", 4.5, Hard, found by UniqueRectangle;
    /// Type 2: the other two corners hold the two digits and one more, the same in both:
    /// what sees both loses it.
    UniqueRectangleType2: "unique_rectangle_type_2", 4.5, Hard, reported by UniqueRectangle;
    /// Type 4: the other two corners share a house where one of the two digits has no other
    /// place: they lose the other digit.
    UniqueRectangleType4: "unique_rectangle_type_4", 4.5, Hard, reported by UniqueRectangle;
    /// Type 3: the other two corners' extra digits, as one cell, make a naked set with
    /// cells of a house they share; 0.1 more for each digit of the set past two.
    UniqueRectangleType3: "unique_rectangle_type_3", 4.6, Hard, reported by UniqueRectangle;
    /// Four cells of a house with four candidates between them.
    NakedQuad: "naked_quad", 5.0, Hard, found by NakedSubset { size: 4 };
    /// The fish of four rows and four columns.
    Jellyfish: "jellyfish", 5.2, Hard, found by Fish { size: 4, finned: false };
    /// Four digits with four places between them in a house.
    HiddenQuad: "hidden_quad", 5.4, Hard, found by HiddenSubset { size: 4 };
    /// Bivalue universal grave, type 1: every open cell has two candidates but one, which
    /// has three; without its third digit each digit would have two places in every house
    /// and the puzzle two solutions, so that cell holds the third (only in a puzzle known
    /// to be unique).
    Bug: "bug", 5.6, Hard, found by Bug;
    /// Two conjugate pairs of a digit in parallel lines, joined at one end (the X-chain
    /// Sudoku Explainer calls a turbot fish).
    Skyscraper: "skyscraper", 6.6, Hard, found by TurbotFish;
    /// Two conjugate pairs of a digit, one in a row and one in a column, joined in a box.
    TwoStringKite: "two_string_kite", 6.6, Hard, reported by Skyscraper;
    /// Two conjugate pairs of a digit joined by a weak link, in any other houses.
    TurbotFish: "turbot_fish", 6.6, Hard, reported by Skyscraper;
    /// An X-wing with fins: what sees every fin and lies in the cover loses the digit (an
    /// X-chain for Sudoku Explainer: 6.7).
    FinnedXWing: "finned_x_wing", 6.6, Hard, found by Fish { size: 2, finned: true };
    /// A swordfish with fins (6.8).
    FinnedSwordfish: "finned_swordfish", 6.6, Hard, found by Fish { size: 3, finned: true };
    /// A jellyfish with fins (6.9).
    FinnedJellyfish: "finned_jellyfish", 6.6, Hard, found by Fish { size: 4, finned: true };
    /// A chain of one digit's conjugate pairs (simple colouring, X-chains); 0.1 more past
    /// 4, 6, 8, 12 … candidates in the chain, as Sudoku Explainer counts them.
    XChain: "x_chain", 6.6, Expert, found by XChain;
    /// Two XY cells joined by a conjugate pair of X: Y leaves what sees both (a forcing
    /// chain of six candidates for Sudoku Explainer: 7.1).
    WWing: "w_wing", 7.0, Hard, found by WWing;
    /// A chain of bivalue cells; 0.1 more past 4, 6, 8, 12 … candidates.
    XyChain: "xy_chain", 7.0, Expert, found by XyChain;
    /// An alternating inference chain over any strong and weak links; 0.1 more past 4, 6,
    /// 8, 12 … candidates.
    Aic: "aic", 7.0, Expert, found by Aic;
    /// A candidate assumed true (or false) leads, one digit at a time, to a contradiction,
    /// so it is false (true): Sudoku Explainer's Nishio forcing chain.
    NishioForcingChain: "nishio_forcing_chain", 7.5, Expert,
        found by ForcingChain { level: Level::Nishio };
    /// Every candidate of a cell (of three or more), assumed true, leads over the board's
    /// links to the same placement or elimination (static cell forcing chains).
    CellForcingChain: "cell_forcing_chain", 8.0, Expert,
        found by ForcingChain { level: Level::Multiple };
    /// Every place of a digit in a house, assumed to hold it, leads over the board's links
    /// to the same placement or elimination (static region forcing chains).
    RegionForcingChain: "region_forcing_chain", 8.0, Expert, reported by CellForcingChain;
    /// By singles on what each assumption leaves: a candidate leads to a contradiction, or
    /// it and its negation, every candidate of a cell or every place of a digit in a house
    /// lead to the same (dynamic forcing chains).
    DynamicForcingChain: "dynamic_forcing_chain", 8.5, Expert,
        found by ForcingChain { level: Level::Dynamic };
    /// Dynamic forcing chains that also take locked candidates, naked and hidden pairs and
    /// X-wings where singles stop.
    DynamicForcingChainPlus: "dynamic_forcing_chain_plus", 9.0, Expert,
        found by ForcingChain { level: Level::Plus };
    /// Dynamic forcing chains plus, that also take X-chains, XY-chains and AICs inside.
    NestedForcingChain: "nested_forcing_chain", 9.5, Expert,
        found by ForcingChain { level: Level::NestedChains };
    /// Dynamic forcing chains plus, that also take static cell and region forcing chains
    /// inside.
    NestedMultipleForcingChain: "nested_multiple_forcing_chain", 10.0, Expert,
        found by ForcingChain { level: Level::NestedMultiple };
    /// Dynamic forcing chains plus, that also take dynamic forcing chains inside.
    NestedDynamicForcingChain: "nested_dynamic_forcing_chain", 10.5, Expert,
        found by ForcingChain { level: Level::NestedDynamic };
    /// None of the above makes progress: the search has to guess.
    Guess: "guess", 20.0, Expert;
}

impl Technique {
    /// Whether the technique reasons only from cells that differ (a house's, a rule's, a
    /// constraint's), or from where a digit must go only for the digits a house must hold
    /// ([`Board::must_hold`](crate::logic::Board::must_hold)): the techniques still sound
    /// on a grid taking more digits than a house has cells, where a house need not hold
    /// every digit. Forcing chains are among them: their houses reason only from the
    /// digits a house must hold, on the board or (under the same-digits rule) once a branch
    /// places the digit anywhere.
    pub fn sound_without_full_houses(self) -> bool {
        matches!(
            self,
            Technique::HiddenSingle
                | Technique::UnusedDigit
                | Technique::LockedCandidates
                | Technique::NakedSingle
                | Technique::ConstraintLogic
                | Technique::NakedPair
                | Technique::NakedTriple
                | Technique::NakedQuad
                | Technique::XyWing
                | Technique::XyzWing
                | Technique::XyChain
                | Technique::NishioForcingChain
                | Technique::CellForcingChain
                | Technique::RegionForcingChain
                | Technique::DynamicForcingChain
                | Technique::DynamicForcingChainPlus
                | Technique::NestedForcingChain
                | Technique::NestedMultipleForcingChain
                | Technique::NestedDynamicForcingChain
        )
    }
}

/// A rating of the SE scale (one decimal, as the table writes it) in tenths.
const fn tenths(rating: f64) -> u8 {
    assert!(rating > 0.0 && rating < 25.0, "a rating is 0.1 to 25.0");
    (rating * 10.0 + 0.5) as u8
}

/// The SE increment for a chain of `length` links: 0.1 each time the length passes 4, 6,
/// 8, 12, 16, 24, 32 … (in tenths).
pub(crate) fn chain_length_tenths(length: usize) -> u8 {
    let (mut added, mut ceil, mut odd) = (0u8, 4usize, false);
    while length > ceil {
        added = added.saturating_add(1);
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

thread_local! {
    /// The work left to the outermost metered search on this thread, if one runs.
    static METER: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with `budget` units of work for the searches it makes ([`spend`]); a metered
/// search inside another shares the outer one's budget. Bounds forcing chains, whose nested
/// levels run whole techniques inside each branch, by work done rather than by time, so
/// that a path is the same on every machine.
pub(crate) fn metered<R>(budget: u64, f: impl FnOnce() -> R) -> R {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            METER.with(|m| m.set(None));
        }
    }
    if METER.with(|m| m.get().is_some()) {
        return f();
    }
    METER.with(|m| m.set(Some(budget)));
    super::progress::started(budget);
    let _reset = Reset;
    f()
}

/// Spends `work` units of the running metered search's budget; false once it is gone
/// (always true outside a metered search).
pub(crate) fn spend(work: u64) -> bool {
    METER.with(|m| match m.get() {
        None => true,
        Some(before) => {
            let left = before.saturating_sub(work);
            m.set(Some(left));
            super::progress::spent(before, left);
            left > 0
        }
    })
}

/// The eliminations of `digit` from every open cell that sees all of `cells` (not one of
/// them).
pub(super) fn seen_by_all(board: &Board<'_>, cells: &[usize], digit: Digit) -> Vec<CellDigit> {
    board
        .layout()
        .peers(cells[0])
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| {
            board.set(c).contains(digit)
                && !board.placed(c)
                && !cells.contains(&c)
                && cells[1..].iter().all(|&o| board.sees(c, o))
        })
        .map(|c| CellDigit {
            cell: board.cell(c),
            digit,
        })
        .collect()
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
            Technique::ALL
                .windows(2)
                .all(|w| w[0].weight() <= w[1].weight())
        );
    }

    #[test]
    fn each_finder_reports_its_row_and_the_ladder_holds_each_once() {
        let mut own = Vec::new();
        for technique in Technique::ALL {
            let Some(finder) = technique.finder() else {
                assert_eq!(technique, Technique::Guess);
                continue;
            };
            assert!(finder.technique() <= technique, "{technique}");
            if finder.technique() == technique {
                own.push(technique);
            }
        }
        let ladder: Vec<Technique> = LADDER.iter().map(|f| f.technique()).collect();
        assert_eq!(ladder, own);
    }

    #[test]
    fn weights_are_the_tables_in_tenths() {
        assert_eq!(Technique::HiddenSingle.weight(), 12);
        assert_eq!(Technique::NakedSingle.weight(), 23);
        assert_eq!(Technique::TurbotFish.weight(), 66);
        assert_eq!(Technique::Aic.weight(), 70);
        assert_eq!(Technique::Guess.weight(), 200);
    }

    #[test]
    fn chain_length_adds_a_tenth_past_each_threshold() {
        // Thresholds 4, 6, 8, 12, 16, 24 …: alternately times 3/2 and 4/3.
        for (length, tenths) in [(4, 0), (5, 1), (6, 1), (7, 2), (8, 2), (9, 3), (12, 3)] {
            assert_eq!(chain_length_tenths(length), tenths, "length {length}");
        }
        assert_eq!(chain_length_tenths(13), 4);
        assert_eq!(chain_length_tenths(17), 5);
    }
}
