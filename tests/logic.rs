//! The logical solver: every step sound on whole sets, every technique with fixtures where it
//! applies and where it must not.

use crate::common;

use std::path::Path;

use satdoku::logic::{
    Board, End, Find, LADDER, PATH_WORK, Technique, UniqueRectangle, digit_swap_preserves_rules,
    explain_within, next_step,
};
use satdoku::rules::GlobalRule;
use satdoku::{Grid, Jigsaw, Layout, Puzzle, RulesSpec};

/// Replays the logical path of every puzzle of `text` (one line each, under `spec`) and
/// checks that no step removes a digit of the solution found by SAT; returns how often
/// each technique was used.
fn replay(name: &str, text: &str, spec: &RulesSpec) -> Vec<usize> {
    replay_within(name, text, spec, PATH_WORK)
}

/// [`replay`] with the searches of each path bounded by `work`.
fn replay_within(name: &str, text: &str, spec: &RulesSpec, work: u64) -> Vec<usize> {
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
        let path = explain_within(&layout, puzzle.grid(), unique, work);
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
fn every_step_is_sound_on_the_variant_sets() {
    let jigsaw = |name: &str| {
        let text = std::fs::read_to_string(common::puzzle_path(name)).unwrap();
        Some(Jigsaw::parse(&text).unwrap())
    };
    let sets = [
        ("variants/6x6.txt", RulesSpec::default()),
        ("variants/12x12.txt", RulesSpec::default()),
        (
            "variants/jigsaw-9x9.txt",
            RulesSpec {
                jigsaw: jigsaw("variants/jigsaw-9x9.regions"),
                ..RulesSpec::default()
            },
        ),
        (
            "variants/jigsaw-6x6.txt",
            RulesSpec {
                jigsaw: jigsaw("variants/jigsaw-6x6.regions"),
                ..RulesSpec::default()
            },
        ),
        (
            "variants/windoku.txt",
            RulesSpec {
                globals: GlobalRule::Windoku.into(),
                ..RulesSpec::default()
            },
        ),
        (
            "variants/disjoint-groups.txt",
            RulesSpec {
                globals: GlobalRule::DisjointGroups.into(),
                ..RulesSpec::default()
            },
        ),
        (
            "variants/anti-knight.txt",
            RulesSpec {
                globals: GlobalRule::AntiKnight.into(),
                ..RulesSpec::default()
            },
        ),
        (
            "variants/anti-king.txt",
            RulesSpec {
                globals: GlobalRule::AntiKing.into(),
                ..RulesSpec::default()
            },
        ),
        (
            "variants/anti-knight-diagonal.txt",
            RulesSpec {
                globals: [GlobalRule::AntiKnight, GlobalRule::Diagonal]
                    .into_iter()
                    .collect(),
                ..RulesSpec::default()
            },
        ),
        ("diagonal-16x16.txt", RulesSpec::classic(true)),
    ];
    for (file, spec) in sets {
        let text = std::fs::read_to_string(common::puzzle_path(file)).unwrap();
        // Forcing chains nest deep on the sparse anti-knight diagonal and 16×16 puzzles: a
        // fiftieth of a path's usual work checks a good stretch of each path.
        replay_within(file, &text, &spec, PATH_WORK / 50);
    }
}

/// Named fixtures (from top1465, top95, the 17-clue list and hardest1106): each puzzle's
/// logical path uses its technique.
const FIXTURES: &[(Technique, &str)] = &[
    (
        Technique::HiddenSingle,
        "....41...9..5...81.7...96.....4.....3..6..14..8.1....3......83579.........2....1.",
    ),
    (
        Technique::NakedSingle,
        "................12..3.45...........6.1.......7....34.....1.6.7...4...8...5.2.....",
    ),
    (
        Technique::LockedCandidates,
        "....41...9..5...81.7...96.....4.....3..6..14..8.1....3......83579.........2....1.",
    ),
    (
        Technique::NakedPair,
        "................12..3.45........65...1.2.....7......8....1....6..5.3.4..4........",
    ),
    (
        Technique::XWing,
        "9...8.7...52...8...7.....9.6.9..8.....5496..2....7.....1..5....4..........714...3",
    ),
    (
        Technique::HiddenPair,
        "................12..3.45........65...1.2.....7......8....1....6..5.3.4..4........",
    ),
    (
        Technique::NakedTriple,
        "1.2.5...4....2.58.....9.2......7.94.518.....6..........952......7..3........69.7.",
    ),
    (
        Technique::Swordfish,
        ".6..5.4.3.2.1...........7..4.3...6..7..5........2.........8..5.6...4...........1.",
    ),
    (
        Technique::HiddenTriple,
        "7...5.......784.3......1....4.....71..7.....9.294...5.8...16....3....6.5......2..",
    ),
    (
        Technique::Skyscraper,
        "......82..18.36.....7........34.1...6...7..89........28...4.76..94.5...........4.",
    ),
    (
        Technique::TwoStringKite,
        ".634.....9...........9..25.........96.9...54........7..176....5.8.2.3.6.....74.2.",
    ),
    (
        Technique::TurbotFish,
        "..6......35..1.....17..3.5......9.4..2.35...8...2..6.........9.672.....3.8....7.6",
    ),
    (
        Technique::XyWing,
        "....7..8...6...5...2...3.61.1...7..2..8..534.2..9.......2......58...6.3.4...1....",
    ),
    (
        Technique::FinnedXWing,
        "....5...9.6.....3....3.941.3..6.....6..8.1..3.....5..7.315.7..4.5.....2.4...8....",
    ),
    (
        Technique::XyzWing,
        "9...4.5...2.....1....581....8...76..3....4..5.5.....97.......6..32..54..1....2...",
    ),
    (
        Technique::WWing,
        ".2.4....94..189.......62.5......63..3..94.5.......8.1..........8.2..4...964.....7",
    ),
    (
        Technique::UniqueRectangle,
        "...5...........9.1.5...4...6..4......73...8.4..2..6..3...7..6..9.....7.2..48.2.3.",
    ),
    (
        Technique::UniqueRectangleType2,
        "......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......9....",
    ),
    (
        Technique::UniqueRectangleType3,
        "2..7..1......5..9...1..4..3......8......4..6...9..6..27..5..6...5..7..3...6..3..1",
    ),
    (
        Technique::UniqueRectangleType4,
        "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
    ),
    (
        Technique::FinnedSwordfish,
        "..6......35..1.....17..3.5......9.4..2.35...8...2..6.........9.672.....3.8....7.6",
    ),
    (
        Technique::NakedQuad,
        ".2.4....94..189.......62.5......63..3..94.5.......8.1..........8.2..4...964.....7",
    ),
    (
        Technique::Jellyfish,
        ".....3...8..2..67..6.......51...2.4.......3..47.5....87..4..8....2.1....6..3..4.5",
    ),
    (
        Technique::HiddenQuad,
        "..6......35..1.....17..3.5......9.4..2.35...8...2..6.........9.672.....3.8....7.6",
    ),
    (
        Technique::FinnedJellyfish,
        "7....2..1...15..8.3........1..94.6.2..4.1..7...78......7..........2...699....3.1.",
    ),
    (
        Technique::XChain,
        ".56...3...7.....8.8.3..1..7.1.78.9.....9............432856.........2...5.6...91..",
    ),
    (
        Technique::XyChain,
        "....3.8......2....9....163...581...92.4.......8.5..........61....2.4....63....5..",
    ),
    (
        Technique::Aic,
        "..76.23..9..........6793....6.3..5..7.5...8....4....2.....167..........4..35.72..",
    ),
    (
        Technique::DirectLockedCandidates,
        "................12....34.........5....316......7...48......83...6..2....85.......",
    ),
    (
        Technique::DirectHiddenPair,
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ),
    (
        Technique::DirectHiddenTriple,
        "......31.6..5.....2...4.....39..8..........42.1.......5..6....7.8....9......5....",
    ),
    (
        Technique::Bug,
        "..............1..2..3....4.......5.6..4.......5...2..1...34..7..6.......1...8..3.",
    ),
    (
        Technique::NishioForcingChain,
        "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9",
    ),
    (
        Technique::CellForcingChain,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ),
    (
        Technique::RegionForcingChain,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ),
    (
        Technique::DynamicForcingChain,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ),
    (
        Technique::DynamicForcingChainPlus,
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ),
    (
        Technique::NestedForcingChain,
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ),
    (
        Technique::NestedMultipleForcingChain,
        "3.......8.7.5...1...6...4...9.2.1.......4.......97..2.4.....3...5...2.7...8.....6",
    ),
    (
        Technique::NestedDynamicForcingChain,
        "3.......8.7.5...1...6...4...9.2.1.......4.......97..2.4.....3...5...2.7...8.....6",
    ),
];

/// The finder of `technique` on the ladder.
fn finder(technique: Technique) -> &'static dyn Find {
    let finder = technique.finder().unwrap();
    assert!(LADDER.iter().any(|f| f.technique() == finder.technique()));
    finder
}

/// The board of `puzzle` just before the first step of `technique` on its path; every step
/// before it is checked against the puzzle's solution.
fn board_before<'a>(layout: &'a Layout, puzzle: &Puzzle, technique: Technique) -> Board<'a> {
    let solution = satdoku::solve(puzzle).unwrap();
    let mut board = Board::new(layout, puzzle.grid(), true);
    while let Some(step) = next_step(&board) {
        if step.technique == technique {
            return board;
        }
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{step}");
        }
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{step}");
        }
        board.apply(&step);
    }
    panic!("{technique} is not on the path of {}", puzzle.grid());
}

#[test]
fn every_technique_has_a_fixture_where_it_applies_once_and_not_on_a_solved_board() {
    // Each fixture's path reaches its technique, whose step is sound; with that step
    // applied the board does not offer it again, and no technique applies to the solved
    // board. (One pass per fixture: walking a path to its technique is the slow part.)
    let mut covered: Vec<Technique> = FIXTURES.iter().map(|(t, _)| *t).collect();
    for &(technique, line) in FIXTURES {
        let puzzle = Puzzle::standard(line.parse::<Grid>().unwrap()).unwrap();
        assert_eq!(satdoku::count_solutions(&puzzle, 2).count, 1);
        let layout = Layout::new(puzzle.rules());
        let mut board = board_before(&layout, &puzzle, technique);
        let step = finder(technique).find(&board).unwrap();
        let solution = satdoku::solve(&puzzle).unwrap();
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{step}");
        }
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{step}");
        }
        assert!(!step.sentence.to_string().is_empty());
        board.apply(&step);
        if let Some(again) = finder(technique).find(&board) {
            assert!(
                again.eliminations != step.eliminations || again.placements != step.placements,
                "{technique} repeats itself"
            );
        }
        let solved = Board::new(&layout, &solution, true);
        for finder in LADDER {
            assert!(
                finder.find(&solved).is_none(),
                "{} on a solved board",
                finder.technique()
            );
        }
    }
    covered.sort();
    covered.dedup();
    let missing: Vec<_> = Technique::ALL
        .into_iter()
        // Constraint techniques have their fixtures in tests/logic_constraints.rs.
        .filter(|t| {
            !covered.contains(t)
                && ![
                    Technique::Guess,
                    Technique::ConstraintLogic,
                    Technique::InniesOuties,
                    Technique::SumBounds,
                    // Same-digits grids only: tests/digits.rs.
                    Technique::UnusedDigit,
                    Technique::CageLockedCandidates,
                    Technique::ConstraintClaiming,
                    // Jigsaw grids only: below.
                    Technique::SetEquivalence,
                ]
                .contains(t)
        })
        .collect();
    assert!(missing.is_empty(), "no fixture for {missing:?}");
}

#[test]
fn jigsaw_paths_take_the_law_of_leftovers_and_boxes_never() {
    // The bundled jigsaw puzzles' paths use it (every step checked against SAT's solution).
    let regions = std::fs::read_to_string(common::puzzle_path("variants/jigsaw-9x9.regions"));
    let spec = RulesSpec {
        jigsaw: Some(Jigsaw::parse(&regions.unwrap()).unwrap()),
        ..RulesSpec::default()
    };
    let text = std::fs::read_to_string(common::puzzle_path("variants/jigsaw-9x9.txt")).unwrap();
    let used = replay("jigsaw-9x9", &text, &spec);
    assert!(used[Technique::SetEquivalence as usize] > 0, "{used:?}");
    // Rows and boxes leave nothing over that a person would count: never on boxes.
    for &(_, line) in FIXTURES {
        let puzzle = Puzzle::standard(line.parse::<Grid>().unwrap()).unwrap();
        let layout = Layout::new(puzzle.rules());
        let board = Board::new(&layout, puzzle.grid(), true);
        assert!(
            finder(Technique::SetEquivalence).find(&board).is_none(),
            "{line}"
        );
    }
}

#[test]
fn a_unique_rectangle_needs_a_puzzle_known_to_be_unique() {
    let (_, line) = FIXTURES
        .iter()
        .find(|(t, _)| *t == Technique::UniqueRectangle)
        .unwrap();
    let puzzle = Puzzle::standard(line.parse::<Grid>().unwrap()).unwrap();
    let layout = Layout::new(puzzle.rules());
    let board = board_before(&layout, &puzzle, Technique::UniqueRectangle);
    assert!(UniqueRectangle.find(&board).is_some());
    let unknown = Board::new(&layout, &board.grid(), false);
    assert!(UniqueRectangle.find(&unknown).is_none());
}

#[test]
fn a_digit_swap_is_allowed_only_under_plain_rules() {
    let nine = satdoku::Shape::NINE;
    // r1c1, r1c2, r2c1, r2c2: one box. r1c1, r1c4, r2c1, r2c4: two boxes, in pairs.
    let square = [0, 1, 9, 10];
    let wide = [0, 3, 9, 12];
    let diagonal = [0, 3, 27, 30];
    let plain = Layout::new(&RulesSpec::default().rules_for(nine).unwrap());
    assert!(digit_swap_preserves_rules(&plain, square));
    assert!(digit_swap_preserves_rules(&plain, wide));
    // r1c1, r1c4, r4c1, r4c4: four boxes with one corner each.
    assert!(!digit_swap_preserves_rules(&plain, diagonal));
    for spec in [
        RulesSpec::classic(true),
        RulesSpec {
            globals: GlobalRule::AntiKnight.into(),
            ..RulesSpec::default()
        },
        RulesSpec {
            globals: GlobalRule::Windoku.into(),
            ..RulesSpec::default()
        },
    ] {
        let layout = Layout::new(&spec.rules_for(nine).unwrap());
        assert!(!digit_swap_preserves_rules(&layout, wide), "{spec:?}");
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
