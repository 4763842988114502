//! SudokuPad's compact classic sudoku (`classic…` ids, what its editor's "new classic sudoku" opens): the givens in reading order, zipped one of two ways (its `PuzzleTools.unzip`).

/// The first way: digits as they are, a letter or sign for a run of that many blanks.
const RUNS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_";
/// The second way: each symbol a digit (0 for blank) and up to five blanks after it.
const PAIRS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx";

/// The first way unzipped (`_` for a blank).
fn runs(zipped: &str) -> String {
    let mut out = String::new();
    for ch in zipped.chars() {
        match RUNS.find(ch) {
            Some(blanks) => out.extend(std::iter::repeat_n('_', blanks)),
            None => out.push(ch),
        }
    }
    out
}

/// The second way unzipped (`0` for a blank).
fn pairs(zipped: &str) -> String {
    let mut out = String::new();
    for ch in zipped.chars() {
        let code = PAIRS.find(ch).unwrap_or(0);
        out.push(char::from(b'0' + (code % 10) as u8));
        out.extend(std::iter::repeat_n('0', code / 10));
    }
    out
}

/// The givens of `zipped`, `0` for a blank, told apart as SudokuPad tells the two ways
/// (a square number of cells wins); `None` for symbols neither way has.
pub(super) fn unzip(zipped: &str) -> Option<String> {
    let first = !zipped.is_empty()
        && zipped
            .chars()
            .all(|ch| ('1'..='9').contains(&ch) || RUNS.contains(ch));
    let second = !zipped.is_empty() && zipped.chars().all(|ch| PAIRS.contains(ch));
    let square = |text: &String| {
        let n = (text.chars().count() as f64).sqrt();
        n.fract() == 0.0
    };
    let text = match (first, second) {
        (false, false) if zipped.is_empty() => "0".repeat(81),
        (false, false) => return None,
        (true, false) => runs(zipped),
        (false, true) => pairs(zipped),
        (true, true) => {
            let second = pairs(zipped);
            let first = runs(zipped);
            if square(&second) || !square(&first) {
                second
            } else {
                first
            }
        }
    };
    Some(
        text.chars()
            .map(|ch| if ('1'..='9').contains(&ch) { ch } else { '0' })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Zipped by SudokuPad's own `PuzzleTools` (its client's puzzletools.js, run in node):
    /// the same givens either way.
    #[test]
    fn both_ways_unzip_as_sudokupad_zips_them() {
        let givens =
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
        assert_eq!(
            unzip("53C7E6C195E98E6B8D6D34C8B3C17D2D6B6E28E419C5E8C79").as_deref(),
            Some(givens)
        );
        assert_eq!(
            unzip("5NlQ19j9mGca3OIN1bWGk2m41TjS79").as_deref(),
            Some(givens)
        );
        assert_eq!(unzip("").map(|g| g.len()), Some(81));
        assert_eq!(unzip("5#1"), None);
    }
}
