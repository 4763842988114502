//! Pencil-mark (Sukaku) puzzles in every command: on 4×4 grids every solver's count of random
//! marks equals the number of the 288 grids inside them, whichever form writes the marks (one
//! line, a grid of candidate lists, TOML, f-puzzles); the bundled Sukaku puzzles from outside
//! are unique with solutions inside their marks (read by the test itself) and rated as Sudoku
//! Explainer rates them; a Sukaku made of a classic puzzle's own candidates rates as the
//! classic puzzle does; and the lines that only look like marks stay classic puzzles.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{Plain, Rng, check_solution, parse_line, plain, run};
use satdoku::format::{PuzzleReader, ReadOptions};
use satdoku::{Puzzle, RulesSpec};

/// Each cell's candidates of a marks line of a grid of `n` (the test's own reading: digit d
/// at place d of a run of `n`).
fn marks_of(line: &str, n: usize) -> Vec<Vec<u32>> {
    let symbols: Vec<char> = line.chars().collect();
    assert_eq!(symbols.len(), n * n * n, "{line}");
    symbols
        .chunks(n)
        .map(|run| {
            (run.iter().enumerate())
                .filter(|&(_, &s)| s != '.')
                .map(|(place, &s)| {
                    let d = s.to_digit(36).unwrap();
                    assert_eq!(d as usize, place + 1, "{line}");
                    d
                })
                .collect()
        })
        .collect()
}

/// Whether `grid` keeps each cell inside its marks.
fn inside(grid: &Plain, marks: &[Vec<u32>]) -> bool {
    let n = grid.len();
    (0..n * n).all(|i| marks[i].contains(&grid[i / n][i % n]))
}

/// The puzzles of `text` as the library reads them, under the standard rules.
fn puzzles(text: &str) -> Vec<Puzzle> {
    PuzzleReader::new(text.as_bytes(), ReadOptions::default())
        .map(|entry| entry.unwrap().puzzle(&RulesSpec::default()).unwrap())
        .collect()
}

/// Random marks on a 4×4 grid: each cell all four digits, or a random part of them.
fn random_marks(rng: &mut Rng) -> Vec<Vec<u32>> {
    (0..16)
        .map(|_| match rng.below(3) {
            0 => (1..=4).collect(),
            _ => (1..=4).filter(|_| rng.below(3) != 0).collect(),
        })
        .collect()
}

/// The marks as a line (digit d at place d, `.` elsewhere).
fn line_of(marks: &[Vec<u32>], n: u32) -> String {
    marks
        .iter()
        .flat_map(|set| {
            (1..=n).map(move |d| {
                if set.contains(&d) {
                    char::from_digit(d, 36).unwrap()
                } else {
                    '.'
                }
            })
        })
        .collect()
}

/// The marks as a grid of candidate lists, `-` for none, one row a line.
fn grid_of(marks: &[Vec<u32>]) -> String {
    marks
        .chunks(4)
        .map(|row| {
            row.iter()
                .map(|set| match set.is_empty() {
                    true => "-".to_string(),
                    false => set.iter().map(u32::to_string).collect(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The marks as HoDoKu draws a grid of them: `.---.` borders, `:---+---:` between bands,
/// bars against the cells.
fn bordered_of(marks: &[Vec<u32>]) -> String {
    let rows: Vec<String> = grid_of(marks)
        .lines()
        .map(|row| {
            let cells: Vec<&str> = row.split(' ').collect();
            format!("|{} {}|{} {}|", cells[0], cells[1], cells[2], cells[3])
        })
        .collect();
    [
        ".-------.-------.",
        &rows[0],
        &rows[1],
        ":-------+-------:",
        &rows[2],
        &rows[3],
        "'-------'-------'",
    ]
    .join("\n")
}

/// The marks as satdoku's TOML: a `marks` table for each cell short of all four digits.
fn toml_of(marks: &[Vec<u32>]) -> String {
    let mut text = format!("boxes = \"2x2\"\npuzzle = \"{}\"\n", ".".repeat(16));
    for (i, set) in marks.iter().enumerate().filter(|(_, set)| set.len() < 4) {
        let digits: Vec<String> = set.iter().map(u32::to_string).collect();
        text += &format!(
            "[[marks]]\ncells = [\"r{}c{}\"]\ndigits = [{}]\n",
            i / 4 + 1,
            i % 4 + 1,
            digits.join(", ")
        );
    }
    text
}

/// The marks as f-puzzles JSON: each cell's `givenPencilMarks`.
fn fpuzzles_of(marks: &[Vec<u32>]) -> String {
    let rows: Vec<serde_json::Value> = marks
        .chunks(4)
        .map(|row| {
            row.iter()
                .map(|set| match set.len() {
                    4 => serde_json::json!({}),
                    _ => serde_json::json!({ "givenPencilMarks": set }),
                })
                .collect()
        })
        .collect();
    serde_json::json!({ "size": 4, "grid": rows }).to_string()
}

#[test]
fn every_form_of_random_marks_counts_the_grids_inside_them() {
    let grids = common::all_4x4_grids();
    let mut rng = Rng(0x5eed_cafe);
    let mut counts = Vec::new();
    let dir = tempfile::tempdir().unwrap();
    for _ in 0..60 {
        let marks = random_marks(&mut rng);
        let expected = grids.iter().filter(|g| inside(g, &marks)).count();
        counts.push(expected);
        let line = line_of(&marks, 4);
        let holds = |g: &Plain| inside(g, &marks);
        // A cell with no mark at all is no marks line (an 8×8 puzzle, or nothing).
        if marks.iter().any(Vec::is_empty) {
            let entry = PuzzleReader::new(line.as_bytes(), ReadOptions::default()).next();
            assert!(entry.unwrap().unwrap().marks.is_none(), "{line}");
            continue;
        }
        for puzzle in puzzles(&line) {
            common::every_solver_agrees(&puzzle, expected, &holds, &line);
        }
        // The other forms: the same count through the command line.
        let want = format!("{expected}\n");
        for grid in [grid_of(&marks), bordered_of(&marks)] {
            assert_eq!(run(&["count", "-"], &grid).1, want, "{grid}");
        }
        for (name, text) in [
            ("marks.toml", toml_of(&marks)),
            ("marks.json", fpuzzles_of(&marks)),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, &text).unwrap();
            let (_, out, err) = run(&["count", path.to_str().unwrap()], "");
            assert_eq!(out, want, "{text}\n{err}");
        }
    }
    // The draws cover puzzles without solutions, unique ones and many.
    assert!(counts.contains(&0) && counts.contains(&1) && counts.iter().any(|&c| c > 20));
}

/// The bundled Sukaku puzzles: each line with Sudoku Explainer's rating (the comment above
/// it).
fn bundled() -> Vec<(String, f64)> {
    let text = std::fs::read_to_string(common::puzzle_path("sukaku.txt")).unwrap();
    let mut rating = None;
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# SE ") {
            rating = Some(rest.split(':').next().unwrap().parse::<f64>().unwrap());
        } else if !line.starts_with('#') && !line.is_empty() {
            out.push((line.to_string(), rating.take().unwrap()));
        }
    }
    out
}

#[test]
fn bundled_sukaku_puzzles_are_unique_inside_their_marks() {
    let bundled = bundled();
    assert!(bundled.len() >= 25);
    let text: String = bundled
        .iter()
        .map(|(line, _)| format!("{line}\n"))
        .collect();
    let (code, out, err) = run(&["check", "-"], &text);
    assert_eq!(code, Some(0), "{err}");
    for ((line, _), row) in bundled.iter().zip(out.lines()) {
        let solution = row
            .strip_prefix("unique ")
            .unwrap_or_else(|| panic!("{row}"));
        let solution = parse_line(solution);
        check_solution(&vec![vec![0; 9]; 9], &solution, false).unwrap();
        assert!(inside(&solution, &marks_of(line, 9)), "{line}");
    }
}

/// Spearman's rank correlation of the pairs.
fn spearman(pairs: &[(f64, f64)]) -> f64 {
    let rank = |values: Vec<f64>| -> Vec<f64> {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        let mut ranks = vec![0.0; values.len()];
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
                j += 1;
            }
            for &k in &order[i..=j] {
                ranks[k] = (i + j) as f64 / 2.0;
            }
            i = j + 1;
        }
        ranks
    };
    let a = rank(pairs.iter().map(|p| p.0).collect());
    let b = rank(pairs.iter().map(|p| p.1).collect());
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&a), mean(&b));
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(&a, ma) * var(&b, mb)).sqrt()
}

#[test]
fn sukaku_ratings_agree_with_sudoku_explainer() {
    let bundled = bundled();
    let text: String = bundled
        .iter()
        .map(|(line, _)| format!("{line}\n"))
        .collect();
    let (code, out, err) = run(&["rate", "--scale", "se", "--format", "json", "-"], &text);
    assert_eq!(code, Some(0), "{err}");
    let rows = common::json_rows(&out);
    let pairs: Vec<(f64, f64)> = (bundled.iter().zip(&rows))
        .map(|((_, se), row)| (*se, row["rating"].as_f64().unwrap()))
        .collect();
    let exact = pairs.iter().filter(|(a, b)| (a - b).abs() < 0.05).count();
    let close = pairs
        .iter()
        .filter(|(a, b)| (a - b).abs() <= 0.5 + 1e-9)
        .count();
    assert!(
        exact >= 20 && close >= 26,
        "{exact} exact, {close} within 0.5: {pairs:?}"
    );
    assert!(spearman(&pairs) >= 0.95, "{pairs:?}");
}

/// The Sukaku of a classic puzzle: each given alone, each open cell the digits its peers'
/// givens leave.
fn sukaku_of(puzzle: &str) -> String {
    let g = parse_line(puzzle);
    let mut line = String::new();
    for r in 0..9 {
        for c in 0..9 {
            for d in 1..=9u32 {
                let peers_hold = (0..9).any(|k| g[r][k] == d || g[k][c] == d)
                    || (0..9).any(|k| g[r / 3 * 3 + k / 3][c / 3 * 3 + k % 3] == d);
                let kept = if g[r][c] != 0 {
                    g[r][c] == d
                } else {
                    !peers_hold
                };
                line.push(if kept {
                    char::from_digit(d, 10).unwrap()
                } else {
                    '.'
                });
            }
        }
    }
    line
}

#[test]
fn a_classic_puzzle_written_as_its_candidates_rates_as_the_classic_one() {
    let text = std::fs::read_to_string(common::puzzle_path("examples.txt")).unwrap();
    let classic: Vec<&str> = (text.lines())
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| &l[..81])
        .take(8)
        .collect();
    assert!(classic.len() >= 4);
    let marks: String = classic.iter().map(|p| sukaku_of(p) + "\n").collect();
    let rate = |input: &str| {
        let (code, out, err) = run(&["rate", "--scale", "se", "--format", "json", "-"], input);
        assert_eq!(code, Some(0), "{err}");
        let rows = common::json_rows(&out);
        rows.iter()
            .map(|r| (r["rating"].as_f64().unwrap(), r["hardest"].to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(rate(&marks), rate(&(classic.join("\n") + "\n")));
    // And every command takes them: the solution is the classic one's.
    let (_, solved, _) = run(&["solve", "-"], &(classic.join("\n") + "\n"));
    assert_eq!(run(&["solve", "-"], &marks).1, solved);
}

#[test]
fn lines_that_only_look_like_marks_stay_classic_puzzles() {
    // 64 symbols whose runs of four are not all digits at their places (or leave a cell
    // no candidate): 8×8 puzzles.
    for eight in ["12345678".repeat(8), "1234".to_string() + &".".repeat(60)] {
        let entry = PuzzleReader::new(eight.as_bytes(), ReadOptions::default())
            .next()
            .unwrap()
            .unwrap();
        assert!(entry.marks.is_none(), "{eight}");
        assert_eq!(entry.grid.unwrap().shape().size(), 8, "{eight}");
    }
    // The same runs with a candidate in every cell are marks.
    let marks = "1234".repeat(16);
    let entry = PuzzleReader::new(marks.as_bytes(), ReadOptions::default())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(entry.marks.unwrap().shape().size(), 4);
    // A 16×16 row of numbers whose two-digit numbers read as digit sets stays a row.
    let row: Vec<String> = (1..=16).map(|v| v.to_string()).collect();
    let mut grid = String::new();
    for r in 0..16 {
        let shifted: Vec<&str> = (0..16)
            .map(|c| row[(c + r * 4 + r / 4) % 16].as_str())
            .collect();
        grid += &(shifted.join(" ") + "\n");
    }
    let entry = PuzzleReader::new(grid.as_bytes(), ReadOptions::default())
        .next()
        .unwrap()
        .unwrap();
    assert!(entry.marks.is_none());
    assert_eq!(plain(&entry.grid.unwrap())[0][15], 16);
    // A grid of givens drawn with Sudoku Explainer's borders stays a grid of givens.
    let drawn = "*-----+-----*\n|1 . | . 2|\n|. 3 | . .|\n*-----+-----*\n|. . | . .|\n|. . | . .|\n*-----+-----*";
    let grid = satdoku::format::parse_one(drawn, &ReadOptions::default()).unwrap();
    assert_eq!(plain(&grid)[1][1], 3);
}

#[test]
fn a_marks_puzzle_keeps_its_marks_through_suggest_and_export() {
    let mut rng = Rng(42);
    let grids = common::all_4x4_grids();
    // Marks with several solutions.
    let marks = loop {
        let marks = random_marks(&mut rng);
        let n = grids.iter().filter(|g| inside(g, &marks)).count();
        if (3..50).contains(&n) && marks.iter().all(|m| !m.is_empty()) {
            break marks;
        }
    };
    let line = line_of(&marks, 4);
    let (code, out, err) = run(&["suggest", "--format", "json", "-"], &line);
    assert_eq!(code, Some(0), "{err}");
    let made = common::json_rows(&out)[0]["puzzle"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(made.len(), 64, "{made}");
    let (code, out, _) = run(&["check", "-"], &made);
    assert_eq!(code, Some(0));
    let solution = parse_line(out.split_whitespace().nth(1).unwrap());
    assert!(inside(&solution, &marks));
    // f-puzzles and TOML carry the marks; a SudokuPad link would lose them and is refused.
    let dir = tempfile::tempdir().unwrap();
    for (to, name) in [("fpuzzles-json", "marks.json"), ("toml", "marks.toml")] {
        let (code, file, err) = run(&["export", "--to", to, "-"], &line);
        assert_eq!(code, Some(0), "{err}");
        let path = dir.path().join(name);
        std::fs::write(&path, &file).unwrap();
        let (_, count, err) = run(&["count", path.to_str().unwrap()], "");
        assert_eq!(count, run(&["count", "-"], &line).1, "{file}\n{err}");
    }
    let (code, _, err) = run(&["export", "--to", "sudokupad", "-"], &line);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("pencil-marked cell"), "{err}");
}

#[test]
fn the_bitboards_start_from_the_marks_and_agree_with_sat() {
    use satdoku::{BitboardSolver, PropagateSolver, SatSolver, Solver};
    let mut rng = Rng(7);
    for (line, _) in bundled() {
        // The puzzle, and looser ones: a few cells given back every digit.
        let mut lines = vec![line.clone()];
        for _ in 0..3 {
            let mut loose: Vec<char> = line.chars().collect();
            for _ in 0..1 + rng.below(4) {
                let cell = rng.below(81);
                for d in 0..9 {
                    loose[cell * 9 + d] = char::from_digit(d as u32 + 1, 10).unwrap();
                }
            }
            lines.push(loose.into_iter().collect());
        }
        for text in lines {
            let puzzle = puzzles(&text).remove(0);
            let marks = marks_of(&text, 9);
            let mut bitboard = BitboardSolver::default();
            assert!(bitboard.applies(&puzzle));
            let mut counts = Vec::new();
            let solvers: [Box<dyn Solver>; 3] = [
                Box::new(bitboard),
                Box::new(PropagateSolver::default()),
                Box::new(SatSolver::new()),
            ];
            for mut solver in solvers {
                counts.push(solver.count(&puzzle, 20).count);
                let solution = solver.solve(&puzzle).unwrap();
                assert!(
                    inside(&plain(&solution), &marks),
                    "{}: {text}",
                    solver.name()
                );
                check_solution(&vec![vec![0; 9]; 9], &plain(&solution), false).unwrap();
            }
            assert!(
                counts.windows(2).all(|w| w[0] == w[1]),
                "{counts:?}: {text}"
            );
        }
    }
}

#[test]
fn a_puzzle_file_keeps_marks_and_a_grid_of_givens_refuses_them() {
    use satdoku::format::{PuzzleFile, parse_one};
    let (line, _) = bundled().remove(0);
    let file = PuzzleFile::parse(&format!("puzzle = \"{line}\"\n")).unwrap();
    let puzzle = file.puzzle(0).unwrap().unwrap();
    let marks = marks_of(&line, 9);
    let marked = marks.iter().filter(|m| m.len() < 9).count();
    assert_eq!(puzzle.rules().constraints().len(), marked);
    // Where a grid of digits is asked for (a solution column, `Grid::from_str`), marks are
    // an error, never an empty grid.
    let err = parse_one(&line, &ReadOptions::default()).unwrap_err();
    assert!(err.to_string().contains("pencil marks"), "{err}");
    assert!(line.parse::<satdoku::Grid>().is_err());
}
