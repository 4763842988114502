//! Digit bitboards of classic and diagonal 9×9: the board, its propagation and probing, and the rule sets they apply to.

mod band;
mod board;

pub(crate) use board::Bitboard;

use crate::grid::{BoxShape, Candidates, Digit, DigitSet, Grid, Shape};
use crate::rules::{GlobalRule, Puzzle, Rules};

/// The rule sets the bitboards implement exactly (their propagation, and the search of the
/// [`BitboardSolver`](crate::BitboardSolver) over them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitboardRules {
    /// 9×9: rows, columns and 3×3 boxes.
    Classic,
    /// 9×9: rows, columns, 3×3 boxes and both main diagonals (X-Sudoku).
    Diagonal,
}

impl BitboardRules {
    /// The rule set of `rules` when the bitboards implement exactly those rules; `None`
    /// for anything else (other sizes, jigsaw regions, any extra region or relation, and
    /// any rule added to [`Rules`] later). The one place that decides: it compares the
    /// whole of `rules` with the rule sets it knows, so a rule it does not know never
    /// passes.
    ///
    /// ```
    /// use satdoku::solvers::BitboardRules;
    /// use satdoku::rules::GlobalRule;
    /// use satdoku::{Rules, Shape};
    /// let classic = Rules::standard(Shape::NINE)?;
    /// assert_eq!(BitboardRules::of(&classic), Some(BitboardRules::Classic));
    /// let diagonal = classic.clone().with_global(GlobalRule::Diagonal)?;
    /// assert_eq!(BitboardRules::of(&diagonal), Some(BitboardRules::Diagonal));
    /// assert_eq!(BitboardRules::of(&classic.with_global(GlobalRule::AntiKnight)?), None);
    /// assert_eq!(BitboardRules::of(&Rules::standard(Shape::from_size(4).unwrap())?), None);
    /// # Ok::<(), satdoku::RulesError>(())
    /// ```
    pub fn of(rules: &Rules) -> Option<BitboardRules> {
        // Digits from 0 are the same nine digits to the bitboards (which read no numbers).
        let zero = rules.shape().starts_at_zero();
        if rules.shape() != Shape::NINE && rules.shape() != Shape::NINE.from_zero() {
            return None;
        }
        // Given pencil marks are the board's starting candidates (see
        // [`Bitboard::of_puzzle`]): the rules without them decide.
        let marks_only =
            !rules.constraints().is_empty() && rules.constraints_beyond_marks().next().is_none();
        let unmarked;
        let rules = match marks_only {
            true => {
                unmarked = rules.with_constraints_kept(|_| false);
                &unmarked
            }
            false => rules,
        };
        let boxes = BoxShape::new(3, 3).ok()?;
        let from = |known: Rules| {
            if zero {
                known.from_zero().ok()
            } else {
                Some(known)
            }
        };
        let classic = from(Rules::boxes(boxes))?;
        let diagonal = from(Rules::boxes(boxes).with_global(GlobalRule::Diagonal).ok()?)?;
        [
            (BitboardRules::Classic, classic),
            (BitboardRules::Diagonal, diagonal),
        ]
        .into_iter()
        .find(|(_, known)| rules == known)
        .map(|(known, _)| known)
    }
}

impl Bitboard {
    /// The board of the givens of `grid` (9×9), not propagated yet.
    #[inline]
    pub(crate) fn of_givens(grid: &Grid) -> Bitboard {
        // The givens per band, and per band and digit; then each digit band at once: every
        // cell but the other digits' givens, and in a row with a given of the digit, that
        // given only — what assigning each given in turn leaves.
        let mut given = [0u32; 3];
        let mut of_digit = [[0u32; 9]; 3];
        for (i, digit) in grid.digits().iter().enumerate() {
            if let Some(digit) = digit {
                let (b, bit) = (i / 27, i % 27);
                given[b] |= 1 << bit;
                of_digit[b][digit.index()] |= 1 << bit;
            }
        }
        Bitboard::from_givens(given, of_digit)
    }

    /// The board of `puzzle` (9×9): its givens, and its given pencil marks kept; not
    /// propagated yet.
    pub(crate) fn of_puzzle(puzzle: &Puzzle) -> Bitboard {
        let mut board = Bitboard::of_givens(puzzle.grid());
        if let Some(marks) = puzzle.rules().pencil_marks() {
            board.keep_marks(&marks);
        }
        board
    }

    /// The candidates of every cell.
    fn candidates(&self) -> Candidates {
        let sets = (0..81)
            .map(|i| {
                let digits = self.digits_at(i / 27, (i % 27) as u32);
                (0..9)
                    .filter(|d| digits & 1 << d != 0)
                    .map(Digit::from_index)
                    .fold(DigitSet::EMPTY, |mut set, digit| {
                        set.insert(digit);
                        set
                    })
            })
            .collect();
        Candidates::from_sets(Shape::NINE, sets)
    }
}

/// The candidates of `puzzle`'s givens (and pencil marks) under `rules` after the bitboard
/// propagation and failed-literal probing of the cells with two candidates; `None` on a
/// contradiction.
pub(super) fn probed(rules: BitboardRules, puzzle: &Puzzle) -> Option<Candidates> {
    let mut board = Bitboard::of_puzzle(puzzle);
    let consistent = match rules {
        BitboardRules::Classic => board.propagate::<false>() && board.probe::<false>(),
        BitboardRules::Diagonal => board.propagate::<true>() && board.probe::<true>(),
    };
    consistent.then(|| board.candidates().reshaped(puzzle.shape()))
}
