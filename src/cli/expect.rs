//! `--expect COLUMN`: the solution a table's column gives for each puzzle, checked against the puzzle's rules and givens.

use satdoku::format::{Column, Notation, ReadOptions, parse_one};
use satdoku::{Puzzle, Solver};

use super::args::ExpectArgs;
use super::input::Item;
use super::output::Status;

/// What the expected solution of `item` says of `puzzle` under `args`: `None` without
/// `--expect` or when it is a solution of the puzzle, else the status and why (see
/// [`judge`]).
pub fn judged(args: &ExpectArgs, item: &Item, puzzle: &Puzzle) -> Option<(Status, String)> {
    let column = args.expect.as_ref()?;
    judge(item, column, puzzle, &item.notation)
}

/// What the solution in `column` of `item`'s row says of `puzzle`: `None` when it is a
/// solution of the puzzle (complete, breaking no rule, keeping every given), else the
/// status (`invalid_solution`, or `mismatch` when only a given differs) and why.
pub fn judge(
    item: &Item,
    column: &Column,
    puzzle: &Puzzle,
    notation: &Notation,
) -> Option<(Status, String)> {
    let invalid = |why: String| Some((Status::InvalidSolution, why));
    let grid = match read(item, column, puzzle, notation) {
        Ok(grid) => grid,
        Err(why) => return invalid(why),
    };
    if let Some(conflict) = grid.conflict(puzzle.rules()) {
        return invalid(format!(
            "the solution breaks a rule: {}",
            notation.show(&conflict)
        ));
    }
    let values = grid.values();
    if let Some(k) = puzzle.rules().broken_constraint(&values) {
        let constraint = &puzzle.rules().constraints()[k];
        return invalid(format!("the solution breaks the {constraint}"));
    }
    // Regions to be found: the digits are a solution when some regions complete them
    // under every rule (the clues that count the regions' borders too), which SAT decides.
    if puzzle.rules().finds_regions() {
        let whole = Puzzle::new(grid.clone(), std::sync::Arc::clone(puzzle.rules()));
        let completed = whole.is_ok_and(|whole| satdoku::SatSolver::new().solve(&whole).is_some());
        if !completed {
            return invalid(
                "no regions complete the solution's digits under the puzzle's rules".into(),
            );
        }
    }
    let differs = (puzzle.grid().givens()).find(|&(cell, digit)| grid.get(cell) != Some(digit));
    differs.map(|(cell, digit)| {
        let found = grid.get(cell).expect("the solution is complete");
        (
            Status::Mismatch,
            format!(
                "the solution has {} at {}, where the puzzle gives {}",
                notation.show(&found),
                cell,
                notation.show(&digit)
            ),
        )
    })
}

/// The complete grid in `column` of `item`'s row, of `puzzle`'s shape (not yet checked
/// against its rules), or why there is none.
pub fn read(
    item: &Item,
    column: &Column,
    puzzle: &Puzzle,
    notation: &Notation,
) -> Result<satdoku::Grid, String> {
    let invalid = Err;
    let Some(record) = &item.record else {
        return invalid(format!(
            "--expect {column} reads a column of a table (CSV or TSV with a header), and this input is none"
        ));
    };
    let Some(text) = record.get(column) else {
        return invalid(format!(
            "no column {column} for --expect (the columns: {})",
            record.header().join(", ")
        ));
    };
    if text.trim().is_empty() {
        return invalid(format!("the solution column ({column}) is empty"));
    }
    let shape = puzzle.shape();
    let options = ReadOptions {
        alphabet: match notation {
            Notation::Symbols(alphabet) => (**alphabet).clone(),
            Notation::Numbers | Notation::FromZero => ReadOptions::default().alphabet,
        },
        // Read with the puzzle's digits: as many, and from 0 where its are.
        digits: Some(shape.digit_count()),
        from_zero: shape.starts_at_zero(),
        ..ReadOptions::default()
    };
    let grid = match parse_one(text, &options).map(|g| g.reshaped(shape)) {
        Err(error) => return invalid(format!("the solution cannot be read: {error}")),
        Ok(None) => {
            return invalid(format!(
                "the solution is no {}×{} grid",
                shape.size(),
                shape.size()
            ));
        }
        Ok(Some(grid)) => grid,
    };
    if let Some(cell) = shape.cells().find(|&c| grid.get(c).is_none()) {
        return invalid(format!("the solution leaves {} blank", cell));
    }
    Ok(grid)
}
