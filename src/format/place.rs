//! Places as f-puzzles names them (`R3C4`), also just outside the grid: one home for the f-puzzles reader, the drawings reader, the SudokuPad reader and the exporter.

/// f-puzzles' name of the place at 1-based `row` and `column` numbers, 0 and N+1 just
/// outside the grid: `R3C4`, `R0C4`.
pub(super) fn place_name(row: usize, column: usize) -> String {
    format!("R{row}C{column}")
}
