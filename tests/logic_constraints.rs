//! Logic under variant constraints: every step on every bundled constraint puzzle sound against the SAT solution, constraint steps named, and puzzles that need only their constraints' own logic and singles solved to the end.

use crate::common;

use std::path::Path;

use satdoku::format::{PuzzleFile, parse_one};
use satdoku::logic::{End, PATH_WORK, Path as LogicPath, Technique, explain_within};
use satdoku::{Grid, Layout, Puzzle};

/// The puzzle's logical path within `work`, every step checked against a solution found
/// by SAT: a placement is the solution's digit, an elimination never removes it; a step
/// of a constraint's own logic names its constraint.
fn checked_path<'a>(
    name: &str,
    puzzle: &Puzzle,
    layout: &'a Layout,
    work: u64,
) -> (LogicPath<'a>, bool) {
    let solution = satdoku::solve(puzzle);
    let unique = satdoku::count_solutions(puzzle, 2).count == 1;
    let path = explain_within(layout, puzzle.grid(), unique, work);
    let constraints: Vec<String> = puzzle
        .rules()
        .constraints()
        .iter()
        .map(ToString::to_string)
        .collect();
    for step in &path.steps {
        assert!(!step.is_empty(), "{name}: an empty step {step}");
        if let Some(solution) = &solution {
            for p in &step.placements {
                assert_eq!(solution.get(p.cell), Some(p.digit), "{name}: {step}");
            }
            for e in &step.eliminations {
                assert_ne!(solution.get(e.cell), Some(e.digit), "{name}: {step}");
            }
        }
        if step.technique == Technique::ConstraintLogic {
            let index = step.constraint.expect("a constraint step names it");
            let named = constraints
                .get(index)
                .expect("an index of the rules' constraints");
            assert!(step.to_string().contains(named.as_str()), "{name}: {step}");
        } else {
            assert_eq!(step.constraint, None, "{name}: {step}");
        }
    }
    match solution {
        Some(_) => assert_ne!(path.end, End::Contradiction, "{name}"),
        None => assert_ne!(path.end, End::Solved, "{name}"),
    }
    (path, unique)
}

#[test]
fn every_step_is_sound_on_every_bundled_constraint_puzzle() {
    let files = common::constraint_files();
    assert!(files.len() > 100, "{}", files.len());
    // Forcing chains take long where a family's logic is not enough: a 150th of a path's
    // usual work checks a good stretch of every path.
    // Two workers take the next file in turn (paths differ in length a hundredfold: fixed
    // halves left one worker idle half the time).
    let next = std::sync::atomic::AtomicUsize::new(0);
    let with_own_logic: usize = std::thread::scope(|s| {
        let workers = [(); 2].map(|()| {
            s.spawn(|| {
                let mut with_own_logic = 0;
                while let Some(path) =
                    files.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    let name = path.file_name().unwrap().to_string_lossy();
                    let puzzle = common::library_puzzle(path);
                    let layout = Layout::new(puzzle.rules());
                    let (logic, _) = checked_path(&name, &puzzle, &layout, PATH_WORK / 150);
                    if logic
                        .steps
                        .iter()
                        .any(|s| s.technique == Technique::ConstraintLogic)
                    {
                        with_own_logic += 1;
                    }
                }
                with_own_logic
            })
        });
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    // Nearly every path takes steps of its constraints' own logic (a few start with
    // forcing chains, whose branches use it, and end within the bound); given pencil marks
    // alone leave it nothing (a board starts from them).
    let judged = (files.iter())
        .filter(|path| {
            let puzzle = common::library_puzzle(path);
            Layout::new(puzzle.rules()).has_constraints_for_logic()
        })
        .count();
    assert!(
        with_own_logic * 10 >= judged * 9,
        "{with_own_logic} of {judged}"
    );
}

#[test]
fn a_family_whose_own_logic_suffices_is_solved_with_singles_alone() {
    for name in [
        "entropic-line-3.json",
        "non-consecutive-3.json",
        "numbered-room-3.json",
        "odd-even-3.json",
        "parity-line-3.json",
        "quadruple-3.json",
        "x-sum-3.json",
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("puzzles/variants/constraints")
            .join(name);
        let puzzle = common::library_puzzle(&path);
        let layout = Layout::new(puzzle.rules());
        let (logic, unique) = checked_path(name, &puzzle, &layout, PATH_WORK);
        assert!(unique, "{name}");
        assert_eq!(logic.end, End::Solved, "{name}");
        let used: Vec<Technique> = logic.steps.iter().map(|s| s.technique).collect();
        assert!(
            used.iter().all(|t| matches!(
                t,
                Technique::HiddenSingle | Technique::NakedSingle | Technique::ConstraintLogic
            )),
            "{name}: {used:?}"
        );
    }
}

/// The first step of the rules file `toml` (one puzzle).
fn first_step(toml: &str) -> satdoku::logic::Step {
    let file = PuzzleFile::parse(toml).unwrap();
    let grid: Grid = parse_one(&file.puzzles[0].text, &Default::default()).unwrap();
    let puzzle = Puzzle::new(grid.clone(), file.spec.rules_for(grid.shape()).unwrap()).unwrap();
    let layout = Layout::new(puzzle.rules());
    let board = satdoku::logic::Board::new(&layout, puzzle.grid(), false);
    satdoku::logic::next_step(&board).unwrap()
}

#[test]
fn a_constraint_step_keeps_what_its_fillings_hold() {
    // A 4×4 cage of 7 in two cells of a row: 3+4 only (1+6, 2+5 need digits beyond 4).
    let step = first_step(
        "puzzle = \"................\"\n[[cage]]\ncells = [\"r1c1\", \"r1c2\"]\nsum = 7\n",
    );
    assert_eq!(step.technique, Technique::ConstraintLogic);
    // The puzzle's first (and only) constraint, by index.
    assert_eq!(step.constraint, Some(0));
    assert_eq!(
        step.to_string(),
        "constraint: killer cage r1c1-r1c2 (sum 7): every filling it allows has r1c1 in {3,4}, \
         r1c2 in {3,4}"
    );
    let gone: Vec<String> = step.eliminations.iter().map(ToString::to_string).collect();
    assert_eq!(gone, ["r1c1=1", "r1c1=2", "r1c2=1", "r1c2=2"]);
    // A thermometer of four cells on a 4×4 grid: 1, 2, 3, 4 from its bulb.
    let step = first_step(
        "puzzle = \"................\"\n[[thermometer]]\ncells = [\"r1c1\", \"r2c1\", \"r3c1\", \"r4c1\"]\n",
    );
    assert!(
        step.to_string().contains("r1c1=1, r2c1=2, r3c1=3, r4c1=4"),
        "{step}"
    );
    // Non-consecutive, judged pair by pair: the 1 in r1c1 leaves its neighbour r1c2 no 2.
    let step = first_step("rules = [\"non-consecutive\"]\npuzzle = \"1...............\"\n");
    assert_eq!(step.technique, Technique::ConstraintLogic);
    assert!(step.to_string().contains(" at r1c1, r1c2: "), "{step}");
    let gone: Vec<String> = step.eliminations.iter().map(ToString::to_string).collect();
    assert_eq!(gone, ["r1c2=2"]);
}

#[test]
fn no_weak_link_joins_two_digits_of_a_solution() {
    let mut links = 0;
    for path in common::constraint_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let puzzle = common::library_puzzle(&path);
        let Some(solution) = satdoku::solve(&puzzle) else {
            continue;
        };
        let layout = Layout::new(puzzle.rules());
        let shape = layout.shape;
        let n = shape.digit_count();
        let node = |i: usize| {
            let cell = shape.cell_at(i).unwrap();
            (i * n + solution.get(cell).unwrap().index()) as u32
        };
        let weak = layout.weak_links();
        for a in 0..shape.cell_count() {
            let partners = weak.partners(node(a));
            links += partners.len();
            for b in 0..shape.cell_count() {
                assert!(
                    !partners.contains(&node(b)),
                    "{name}: the solution's {} and {} are linked",
                    shape.cell_at(a).unwrap(),
                    shape.cell_at(b).unwrap()
                );
            }
        }
    }
    // The bundled constraints forbid many pairs: the check has something to check.
    assert!(links > 0);
}

/// The steps of `technique` on the path of the bundled constraint puzzle `name`, which logic
/// solves with every step checked (see [`checked_path`]).
fn steps_of(name: &str, technique: Technique) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles/variants/constraints")
        .join(name);
    let puzzle = common::library_puzzle(&path);
    let layout = Layout::new(puzzle.rules());
    let (logic, _) = checked_path(name, &puzzle, &layout, PATH_WORK);
    assert_eq!(logic.end, End::Solved, "{name}");
    let steps: Vec<String> = (logic.steps.iter())
        .filter(|s| s.technique == technique)
        .map(ToString::to_string)
        .collect();
    assert!(!steps.is_empty(), "{name}: no {technique}");
    steps
}

#[test]
fn killer_paths_take_innies_and_outies() {
    for name in ["killer-1.json", "killer-2.json"] {
        let innies = steps_of(name, Technique::InniesOuties);
        // Each names its houses and the sum it found, and no single constraint.
        assert!(
            innies
                .iter()
                .all(|s| s.contains(" up to ") && s.contains(" = ")),
            "{innies:?}"
        );
    }
}

#[test]
fn sums_across_two_boxes_take_little_killers_off() {
    // A 6×6 little killer puzzle: boxes 3 and 5, one above the other, add up to 42, and
    // the little killers reaching into them leave five cells (one counted against).
    let innies = steps_of("little-killer-3.json", Technique::InniesOuties);
    assert!(
        innies.iter().any(|s| s
            .contains("box 3, box 5 add up to 42; taking off the 3 little killers reaching in")),
        "{innies:?}"
    );
}

#[test]
fn sums_over_many_cells_are_bounded_by_groups_that_share_a_house() {
    // An arrow inside box 1 leaves seven cells, its circle counted twice: the six others
    // share the box, so they make 21 at least and the circle loses what would need less.
    let steps = steps_of("arrow-2.json", Technique::SumBounds);
    assert!(
        steps.iter().any(|s| s.contains(
            "box 1 adds up to 45; taking off the arrow wholly inside (stating 0), r1c3 + r2c1 \
             + 2×r2c2 + r2c3 + r3c1 + r3c2 + r3c3 = 45; the cells of a house differ, so \
             r1c3+r2c1+r2c3+r3c1+r3c2+r3c3 (box 1) make 27 to 35"
        )),
        "{steps:?}"
    );
    // Region-sum lines state equal sums of their pieces, bounded the same way.
    let steps = steps_of("region-sum-line-2.json", Technique::SumBounds);
    assert!(
        steps
            .iter()
            .all(|s| s.contains("region-sum line") && s.contains(" make ")),
        "{steps:?}"
    );
}

#[test]
fn killer_paths_take_locked_candidates_by_cage() {
    // A multi-sum killer (cages of any sum of a digital root, published reading of
    // f-puzzles' cosmetic cages): its 2-cell cage of root 8 beside the row's others can hold
    // only {2,6}, so the rest of the row loses 2 and 6 before any pair is found.
    let cage_steps = steps_of("multisum-killer-2.json", Technique::CageLockedCandidates);
    assert!(
        cage_steps.iter().all(
            |s| s.contains("cage pointing: every set of digits killer cage ")
                || s.contains("cage claiming: ")
        ),
        "{cage_steps:?}"
    );
}

#[test]
fn arrow_paths_take_claiming_by_constraint() {
    // A house holding a digit only among an arrow's cells: the arrow's fillings must place
    // it there (every step of the path checked against SAT's solution).
    let steps = steps_of("arrow-1.json", Technique::ConstraintClaiming);
    assert!(
        steps
            .iter()
            .all(|s| s.contains(" must hold ")
                && s.contains(": every filling it allows that does has ")),
        "{steps:?}"
    );
}

/// A puzzle without solutions whose logic fills every cell ends in a contradiction, never
/// solved: sigh's 4×4 full rank clues that need ties allowed, read without the tie rule,
/// fill the grid by the clues' steps and singles, and the full grid ties the clued row 4
/// (read from the left) with row 3 (read from the right), which the clue forbids; the board
/// names that clue.
#[test]
fn a_full_grid_that_breaks_a_constraint_is_a_contradiction() {
    let text = "puzzle = \"................\"\n\
        [[full-rank]]\ncolumn = 1\nside = \"top\"\nrank = 10\n\
        [[full-rank]]\ncolumn = 2\nside = \"top\"\nrank = 15\n\
        [[full-rank]]\nrow = 4\nside = \"left\"\nrank = 5\n";
    let puzzle = PuzzleFile::parse(text).unwrap().puzzle(0).unwrap().unwrap();
    assert!(satdoku::solve(&puzzle).is_none());
    let layout = Layout::new(puzzle.rules());
    let path = explain_within(&layout, puzzle.grid(), false, PATH_WORK);
    let full = path.board.grid();
    assert_eq!(full.to_string(), "3421124341322314", "the tied grid");
    assert_eq!(path.end, End::Contradiction);
    // The row 4 clue, the third constraint, is the one the full grid breaks.
    assert_eq!(path.board.broken(), Some(2));
}
