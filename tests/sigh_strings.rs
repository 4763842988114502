//! Strings of sigh's Interactive Sudoku Solver (`.Cage~16~R1C8~R1C9.~R1C2_3`): the puzzles of its collection come out with their published solutions, or are refused by the element satdoku does not read.

use satdoku::format::{ReadOptions, Settled, read_text};
use satdoku::{AutoSolver, Grid, RulesSpec, Solver, Verdict};
use serde_json::Value;

/// The entries of sigh's collection (tests/data/sigh-collection, SOURCES.md there).
fn entries() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sigh-collection/entries.jsonl"
    );
    (std::fs::read_to_string(path).unwrap().lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Whether `grid` is the published solution `published` (a character a cell: its number,
/// letters past 9).
fn is_published(grid: &Grid, published: &str) -> bool {
    let shape = grid.shape();
    let numbers: Vec<Option<usize>> = (published.chars())
        .map(|c| c.to_digit(36).map(|n| n as usize))
        .collect();
    numbers.len() == shape.cell_count()
        && shape.cells().all(|cell| {
            let number = grid.get(cell).map(|d| shape.number(usize::from(d.get())));
            number == numbers[shape.index(cell)]
        })
}

/// Every entry whose string satdoku reads is unique with the solution sigh's collection
/// publishes beside it, but two that have more solutions, the published one among them
/// ("Sandwich snipe 18", below; "0-indexed: Sums and indexing", whose 201 solutions
/// tests/digits_from_zero.rs checks rule by rule); every other entry
/// is refused by the element it does not read (an automaton, a custom pair table, a
/// variable, a grid that is not square …), never read without it.
#[test]
fn sighs_collection_comes_out_right_or_refused() {
    let entries = entries();
    assert_eq!(entries.len(), 162);
    // Two threads, each a half (the slowest take seconds).
    let (half, rest) = entries.split_at(entries.len() / 2);
    let counts = std::thread::scope(|scope| {
        let first = scope.spawn(|| outcomes(half));
        let second = outcomes(rest);
        let first = first.join().unwrap();
        (first.0 + second.0, first.1 + second.1)
    });
    assert_eq!(counts, (130, 30));
}

/// How many of `entries` came out unique and refused, each as its `expect` says.
fn outcomes(entries: &[Value]) -> (usize, usize) {
    let (mut unique, mut refused) = (0, 0);
    for entry in entries {
        let name = entry["name"].as_str().unwrap();
        let input = entry["input"].as_str().unwrap();
        let published = entry["solution"].as_str().unwrap();
        let read = read_text(
            input,
            &ReadOptions::default(),
            &RulesSpec::default(),
            &Settled::default(),
        );
        let puzzle = read.map_err(|e| e.to_string()).and_then(|mut read| {
            assert_eq!(read.len(), 1, "{name}");
            read.remove(0).puzzle.map_err(|e| e.to_string())
        });
        match (entry["expect"].as_str().unwrap(), puzzle) {
            ("refused", Err(why)) => {
                assert!(why.contains("sigh's solver"), "{name}: {why}");
                refused += 1;
            }
            ("unique", Ok(puzzle)) => {
                let verdict = AutoSolver::default().check(&puzzle);
                let Verdict::Unique { solution } = verdict else {
                    panic!("{name}: {verdict:?}");
                };
                assert!(is_published(&solution, published), "{name}");
                unique += 1;
            }
            ("multiple", Ok(puzzle)) => {
                let verdict = AutoSolver::default().check(&puzzle);
                assert!(matches!(verdict, Verdict::Multiple { .. }), "{name}");
                // The published solution is one of them: given whole, it keeps the rules.
                let shape = puzzle.shape();
                let mut grid = Grid::empty(shape);
                for (cell, c) in shape.cells().zip(published.chars()) {
                    let number = c.to_digit(36).unwrap() as usize;
                    grid.set(cell, shape.digit_numbered(number));
                }
                let whole = satdoku::Puzzle::new(grid, puzzle.rules().clone()).unwrap();
                assert_eq!(AutoSolver::default().count(&whole, 2).count, 1, "{name}");
            }
            (expect, read) => panic!("{name}: expected {expect}, read {:?}", read.err()),
        }
    }
    (unique, refused)
}

/// The command reads a string of sigh's solver given in place of a file, in a file of its
/// own, piped in, and as a link to the solver (its `q=`, percent-encoded); what it does
/// not read is refused by element, with exit status 2.
#[cfg(feature = "cli")]
#[test]
fn the_command_reads_sighs_strings_and_links() {
    use crate::common::run;
    let text = ".Shape~4x4.Thermo~R1C1~R1C2~R1C3.Cage~3~R4C3~R4C4.~R2C1_3~R3C3_4~R2C4_2";
    let (code, out, err) = run(&["check", text], "");
    assert_eq!(code, Some(0), "{err}");
    let unique = out.trim().to_string();
    assert!(unique.starts_with("unique "), "{unique}");
    let (_, piped, _) = run(&["check"], text);
    assert_eq!(piped.trim(), unique);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzle.txt");
    std::fs::write(&file, format!("{text}\n")).unwrap();
    let (_, from_file, err) = run(&["check", file.to_str().unwrap()], "");
    assert_eq!(from_file.trim(), unique, "{err}");
    let encoded = text.replace('~', "%7E").replace('.', "%2E");
    let link = format!("https://sigh.github.io/Interactive-Sudoku-Solver/?q={encoded}");
    let (_, from_link, err) = run(&["check", &link], "");
    assert_eq!(from_link.trim(), unique, "{err}");
    let (code, _, err) = run(&["check", ".AntiKing.NFA~x~R1C1~R1C2"], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("element 2 (`NFA~x~R1C1~R1C2`)") && err.contains("`NFA`"),
        "{err}"
    );
}

/// "Sandwich snipe 18" (thirteen sandwich clues of 18, no givens) has at least two
/// solutions: the published one and this, each checked here clue by clue.
#[test]
fn sandwich_snipe_eighteen_has_a_second_solution() {
    let second =
        "584937261231684957967512843316759428845123679729846135152478396673291584498365712";
    let published =
        "584137269239684157167592843396751428845923671721846935952478316673219584418365792";
    let lines = [
        "C1", "C2", "C3", "R1", "R2", "R3", "R4", "R5", "R6", "C4", "C5", "C7", "C9",
    ];
    for grid in [second, published] {
        let g = crate::common::parse_line(grid);
        let empty = vec![vec![0; 9]; 9];
        crate::common::check_solution(&empty, &g, false).unwrap();
        for line in lines {
            let k = usize::from(line.as_bytes()[1] - b'1');
            let seq: Vec<u32> = match line.as_bytes()[0] {
                b'R' => g[k].clone(),
                _ => (0..9).map(|r| g[r][k]).collect(),
            };
            let one = seq.iter().position(|&v| v == 1).unwrap();
            let nine = seq.iter().position(|&v| v == 9).unwrap();
            let (a, b) = (one.min(nine), one.max(nine));
            assert_eq!(seq[a + 1..b].iter().sum::<u32>(), 18, "{line}");
        }
    }
}

/// Every element of every string of the collection, cut short or with an argument spoiled
/// (left empty, not a number, a cell off the grid), is read or refused with a reason: never
/// a panic.
#[test]
fn spoiled_elements_are_refused_never_a_panic() {
    let mut tried = 0;
    for entry in entries() {
        let input = entry["input"].as_str().unwrap();
        let elements: Vec<&str> = input.split('.').collect();
        for (i, element) in elements.iter().enumerate() {
            let parts: Vec<&str> = element.split('~').collect();
            let mut spoiled: Vec<String> = (1..parts.len().min(4))
                .map(|keep| parts[..keep].join("~"))
                .collect();
            for k in 1..parts.len().min(4) {
                for bad in ["", "x", "R0C0", "RgCg", "99999999999", "C"] {
                    let mut p = parts.clone();
                    p[k] = bad;
                    spoiled.push(p.join("~"));
                }
            }
            for bad in spoiled {
                let mut es = elements.clone();
                es[i] = &bad;
                let text = es.join(".");
                let read = satdoku::format::parse_iss(&text);
                if let Err(err) = read {
                    assert!(!err.to_string().is_empty());
                }
                tried += 1;
            }
        }
    }
    assert!(tried > 5_000, "{tried}");
}
