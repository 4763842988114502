//! The logical solver: every step sound on whole sets, every technique with fixtures where it
//! applies and where it must not.

mod common;

use std::path::Path;

use satdoku::logic::{Board, End, Technique, explain};
use satdoku::{Grid, Layout, Puzzle, RulesSpec};

/// Replays the logical path of every puzzle of `text` (one line each, under `spec`) and
/// checks that no step removes a digit of the solution found by SAT; returns how often
/// each technique was used.
fn replay(name: &str, text: &str, spec: &RulesSpec) -> Vec<usize> {
    let mut used = vec![0; Technique::ALL.len()];
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let grid: Grid = line.parse().unwrap();
        let puzzle = Puzzle::new(grid.clone(), spec.rules_for(grid.shape()).unwrap()).unwrap();
        let Some(solution) = satdoku::solve(&puzzle) else {
            continue;
        };
        let unique = satdoku::count_solutions(&puzzle, 2).count == 1;
        let layout = Layout::new(puzzle.rules());
        let path = explain(&layout, puzzle.grid(), unique);
        let mut board = Board::new(&layout, puzzle.grid(), unique);
        for step in &path.steps {
            used[step.technique as usize] += 1;
            for p in &step.placements {
                assert_eq!(
                    solution.get(p.cell),
                    Some(p.digit),
                    "{name} #{}: {step}",
                    i + 1
                );
            }
            if unique {
                for e in &step.eliminations {
                    assert_ne!(
                        solution.get(e.cell),
                        Some(e.digit),
                        "{name} #{}: {step}",
                        i + 1
                    );
                }
            }
            assert!(!step.is_empty(), "{name}: an empty step {step}");
            board.apply(step);
        }
        if unique {
            assert_ne!(path.end, End::Contradiction, "{name} #{}", i + 1);
        }
    }
    used
}

#[test]
fn every_step_is_sound_on_the_bundled_sets() {
    for (file, spec) in [
        ("examples.txt", RulesSpec::classic(false)),
        ("4x4.txt", RulesSpec::classic(false)),
        ("16x16.txt", RulesSpec::classic(false)),
        ("diagonal.txt", RulesSpec::classic(true)),
        ("multiple.txt", RulesSpec::classic(false)),
    ] {
        let text = std::fs::read_to_string(common::puzzle_path(file)).unwrap();
        replay(file, &text, &spec);
    }
}

#[test]
fn every_step_is_sound_on_the_shared_sets() {
    let mut used = vec![0; Technique::ALL.len()];
    for file in ["top95.txt", "top1465.txt"] {
        let path = Path::new("../shared/data").join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipping {}: not present", path.display());
            continue;
        };
        let text: String = if file == "top1465.txt" && cfg!(debug_assertions) {
            text.lines().step_by(7).collect::<Vec<_>>().join("\n")
        } else {
            text
        };
        for (n, u) in used
            .iter_mut()
            .zip(replay(file, &text, &RulesSpec::classic(false)))
        {
            *n += u;
        }
    }
    eprintln!("{used:?}");
}
