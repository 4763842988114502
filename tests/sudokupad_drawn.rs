//! What SudokuPad draws for f-puzzles' between lines, quadruples, minimum and maximum cells and clones (its f-puzzles import), and lines of one colour that meet: read as those rules when the rules' words name them and counted against brute force, named unread when they do not.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use serde_json::{Value, json};

use common::{PlainRules, brute_force_solutions_under, satdoku, stderr_of};

type Grid = Vec<Vec<u32>>;

/// A 4×4 SudokuPad puzzle with 2×2 regions, r1c1 = 1, the rules' text `rules` and the
/// drawn elements `drawn` (`lines`, `overlays`, `underlays`), as a link.
fn link(rules: &str, drawn: Value) -> String {
    let mut cells = vec![vec![json!({}); 4]; 4];
    cells[0][0] = json!({"value": 1});
    let region =
        |r0: usize, c0: usize| json!([[r0, c0], [r0, c0 + 1], [r0 + 1, c0], [r0 + 1, c0 + 1]]);
    let mut puzzle = json!({
        "id": "fpuzzle0",
        "cellSize": 50,
        "cells": cells,
        "regions": [region(0, 0), region(0, 2), region(2, 0), region(2, 2)],
        "cages": [{"value": "title: Drawn"}, {"value": format!("rules: {rules}")}],
    });
    for (key, list) in drawn.as_object().unwrap() {
        puzzle[key] = list.clone();
    }
    format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(&puzzle.to_string())
    )
}

/// `satdoku count` on a link: its count and stderr.
fn count(link: &str) -> (String, String) {
    let out = satdoku()
        .args(["count", "--limit", "1000", link])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    (
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
        stderr_of(&out),
    )
}

/// `satdoku rules` on a link: what was read and unread.
fn rules(link: &str) -> String {
    let out = satdoku().args(["rules", link]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The 4×4 solutions with r1c1 = 1 that `keep` keeps, counted by brute force.
fn brute(keep: impl Fn(&Grid) -> bool) -> String {
    let mut puzzle = vec![vec![0; 4]; 4];
    puzzle[0][0] = 1;
    let mut found = 0;
    brute_force_solutions_under(&puzzle, &PlainRules::default(), 1000, &mut |g| {
        if keep(g) {
            found += 1;
        }
    });
    found.to_string()
}

/// The centre of 0-based cell (r, c).
fn centre((r, c): (usize, usize)) -> [f64; 2] {
    [r as f64 + 0.5, c as f64 + 0.5]
}

/// A between line along `cells` as SudokuPad's f-puzzles import draws it: a grey-bordered
/// white circle on each end and a thin grey line whose ends are pulled in toward the next
/// point by 0.4 of their distance, to a tenth.
fn between_line(cells: &[(usize, usize)]) -> (Value, Value) {
    let circle = |cell| {
        json!({"borderColor": "#CFCFCF", "backgroundColor": "#FFFFFF", "center": centre(cell),
            "fontSize": 16, "borderSize": 2, "rounded": true, "width": 0.8, "height": 0.8})
    };
    let mut points: Vec<[f64; 2]> = cells.iter().map(|&c| centre(c)).collect();
    let pull = |from: [f64; 2], to: [f64; 2]| {
        let (dr, dc) = (to[0] - from[0], to[1] - from[1]);
        let dist = dr.hypot(dc);
        let step = |d: f64| (10.0 * 0.4 * d.signum() / dist).round() / 10.0;
        [from[0] + step(dr), from[1] + step(dc)]
    };
    let last = points.len() - 1;
    points[0] = pull(points[0], points[1]);
    points[last] = pull(points[last], points[last - 1]);
    (
        json!([circle(cells[0]), circle(cells[last])]),
        json!({"color": "#CFCFCF", "thickness": 2, "wayPoints": points}),
    )
}

#[test]
fn between_lines_are_read_when_the_rules_name_them() {
    let cells = [(0, 0), (1, 1), (2, 2)];
    let (circles, line) = between_line(&cells);
    let drawn = json!({"overlays": circles, "lines": [line]});
    let named = link(
        "Normal sudoku rules apply. Digits on a between line are strictly between the digits \
         in the circles at its ends.",
        drawn.clone(),
    );
    let expected = brute(|g| {
        let (a, b) = (g[0][0].min(g[2][2]), g[0][0].max(g[2][2]));
        a < g[1][1] && g[1][1] < b
    });
    assert!(expected != "0" && expected != brute(|_| true));
    let (out, err) = count(&named);
    assert_eq!(out, expected, "{err}");
    assert!(!err.contains("warning"), "{err}");
    assert!(
        rules(&named).contains("drawn: between line r1c1-r2c2-r3c3 (line 1, overlay 1, overlay 2)"),
        "{}",
        rules(&named)
    );
    // The same drawing under rules that do not name it: named unread, counted without it.
    let (out, err) = count(&link("Normal sudoku rules apply.", drawn));
    assert_eq!(out, brute(|_| true));
    assert!(
        err.contains("1 part not read as rules")
            && err.contains(
                "between line r1c1-r2c2-r3c3 (line 1, overlay 1, overlay 2): drawn as a between \
                 line, and the rules do not name one"
            ),
        "{err}"
    );
}

#[test]
fn quadruples_are_read_when_the_rules_name_them() {
    // Values 1, 1, 2 as the import writes them: thin spaces between pairs, a line break.
    let circle = json!({"backgroundColor": "#FFFFFF", "borderColor": "#000000", "center": [2, 2],
        "fontSize": 14, "rounded": true, "width": 0.7, "height": 0.7, "text": "1\u{2009}1\n2"});
    let drawn = json!({"overlays": [circle]});
    let named = link(
        "Normal sudoku rules apply. The digits in a quadruple's circle appear in the four \
         cells around it.",
        drawn.clone(),
    );
    let expected = brute(|g| {
        let around = [g[1][1], g[1][2], g[2][1], g[2][2]];
        around.iter().filter(|&&d| d == 1).count() >= 2 && around.contains(&2)
    });
    assert!(expected != "0" && expected != brute(|_| true));
    let (out, err) = count(&named);
    assert_eq!(out, expected, "{err}");
    assert!(!err.contains("warning"), "{err}");
    let (out, err) = count(&link("Normal sudoku rules apply.", drawn));
    assert_eq!(out, brute(|_| true));
    assert!(
        err.contains(
            "quadruple 1 1 2 around r2c2-r2c3-r3c2-r3c3 (overlay 1): drawn as a quadruple, and \
             the rules do not name one"
        ),
        "{err}"
    );
}

/// Minimum (`inwards`) or maximum cells as SudokuPad's f-puzzles import draws them: a grey
/// square on each, and a thin black chevron toward each neighbour in the grid not of the
/// same kind, its tip in (minimum) or out (maximum).
fn extrema(cells: &[(usize, usize)], inwards: bool) -> (Vec<Value>, Vec<Value>) {
    let (a, b) = if inwards { (0.44, 0.39) } else { (0.39, 0.44) };
    let (mut squares, mut chevrons) = (Vec::new(), Vec::new());
    for &cell in cells {
        let [r, c] = centre(cell);
        squares.push(
            json!({"backgroundColor": "#ccc", "center": [r, c], "rounded": false,
            "width": 1, "height": 1}),
        );
        for (dy, dx) in [(-1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, -1.0)] {
            let (nr, nc) = (r + dy, c + dx);
            let near = |&(r2, c2): &(usize, usize)| centre((r2, c2)) == [nr, nc];
            if !(0.0..4.0).contains(&nr) || !(0.0..4.0).contains(&nc) || cells.iter().any(near) {
                continue;
            }
            chevrons.push(json!({"color": "#000000", "thickness": 1, "wayPoints": [
                [r + dy * a + 0.1 * dx, c + dx * a + 0.1 * dy],
                [r + dy * b, c + dx * b],
                [r + dy * a - 0.1 * dx, c + dx * a - 0.1 * dy],
            ]}));
        }
    }
    (squares, chevrons)
}

#[test]
fn minimum_and_maximum_cells_are_read_when_the_rules_name_them() {
    let (mut squares, mut chevrons) = extrema(&[(0, 0)], true);
    // Two maximum cells side by side: each above its other neighbours, free between them.
    let (more_squares, more_chevrons) = extrema(&[(3, 2), (3, 3)], false);
    squares.extend(more_squares);
    chevrons.extend(more_chevrons);
    let drawn = json!({"underlays": squares, "lines": chevrons});
    let named = link(
        "Normal sudoku rules apply. A digit in a minimum cell is smaller than its orthogonal \
         neighbours; a digit in a maximum cell is larger.",
        drawn.clone(),
    );
    let expected = brute(|g| {
        g[0][0] < g[0][1]
            && g[0][0] < g[1][0]
            && g[3][2] > g[2][2]
            && g[3][2] > g[3][1]
            && g[3][3] > g[2][3]
    });
    assert!(expected != "0" && expected != brute(|_| true));
    let (out, err) = count(&named);
    assert_eq!(out, expected, "{err}");
    assert!(!err.contains("warning"), "{err}");
    let read = rules(&named);
    assert!(
        read.contains("drawn: minimum cell r1c1 (underlay 1, line 1, line 2)")
            && read.contains("drawn: maximum cell r4c4 (underlay 3, line 5)"),
        "{read}"
    );
    let (out, err) = count(&link("Normal sudoku rules apply.", drawn));
    assert_eq!(out, brute(|_| true));
    assert!(
        err.contains("3 parts not read as rules")
            && err.contains(
                "minimum cell r1c1 (underlay 1, line 1, line 2): drawn as a minimum cell, and \
                 the rules do not name one"
            ),
        "{err}"
    );
}

/// Clones as SudokuPad's f-puzzles import shades them: a grey square, bordered in its own
/// grey, on every cell of each pair of groups (which cells pair is not drawn).
fn clone_squares(cells: &[(usize, usize)]) -> Vec<Value> {
    cells
        .iter()
        .map(|&cell| {
            json!({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": centre(cell),
                "rounded": false, "width": 1, "height": 1})
        })
        .collect()
}

#[test]
fn clones_are_read_when_their_shapes_pair_them_and_the_rules_name_them() {
    let words = "Normal sudoku rules apply. Clones hold the same digits in the same places.";
    // r1c1-r1c2 and r3c3-r3c4: the only two grey groups, of one shape.
    let drawn = json!({"underlays": clone_squares(&[(0, 0), (0, 1), (2, 2), (2, 3)])});
    let expected = brute(|g| g[0][0] == g[2][2] && g[0][1] == g[2][3]);
    assert!(expected != "0" && expected != brute(|_| true));
    let named = link(words, drawn.clone());
    let (out, err) = count(&named);
    assert_eq!(out, expected, "{err}");
    assert!(!err.contains("warning"), "{err}");
    assert!(
        rules(&named).contains("drawn: clone r1c1-r1c2 = r3c3-r3c4"),
        "{}",
        rules(&named)
    );
    let (out, err) = count(&link("Normal sudoku rules apply.", drawn));
    assert_eq!(out, brute(|_| true));
    assert!(
        err.contains(
            "grey cells r1c1-r1c2 (underlay 1, underlay 2): shaded as a clone, and the rules do \
             not name clones"
        ),
        "{err}"
    );
    // Four single grey cells: which pairs with which is not drawn, so none is guessed.
    let drawn = json!({"underlays": clone_squares(&[(0, 0), (3, 3), (1, 2), (2, 0)])});
    let (out, err) = count(&link(words, drawn));
    assert_eq!(out, brute(|_| true));
    assert!(
        err.contains("5 parts not read as rules")
            && err.contains(
                "grey cells r1c1 (underlay 1): four or more grey groups of one shape, and which \
                 are clones of which is not drawn"
            ),
        "{err}"
    );
}

/// A thick line through the centres of `cells` in `colour`, as SudokuPad draws lines.
fn line(cells: &[(usize, usize)], colour: &str) -> Value {
    let points: Vec<[f64; 2]> = cells.iter().map(|&c| centre(c)).collect();
    json!({"wayPoints": points, "color": colour, "thickness": 10})
}

#[test]
fn lines_of_one_colour_that_meet_are_one_line_with_branches() {
    // A region-sum line r3c1-r3c2-r3c3 with a branch r3c1-r2c1, as published "Nautilus"
    // draws its forking shell: the fork in box 3 is one piece (r3c1 + r3c2), and r3c3 and
    // r2c1 each equal its sum.
    let blue = json!({"lines": [
        line(&[(2, 0), (2, 1), (2, 2)], "#2ecbff"),
        line(&[(2, 0), (1, 0)], "#2ecbff"),
    ]});
    let sums = link(
        "Normal sudoku rules apply. Box borders divide each blue line into segments with the \
         same sum.",
        blue,
    );
    let expected = brute(|g| {
        let fork = g[2][0] + g[2][1];
        g[2][2] == fork && g[1][0] == fork
    });
    assert!(expected != "0", "a count that tells readings apart");
    let (out, err) = count(&sums);
    assert_eq!(out, expected, "{err}");
    assert!(!err.contains("warning"), "{err}");
    assert!(
        rules(&sums).contains("one line with branches"),
        "{}",
        rules(&sums)
    );
    // A renban drawn the same way: its four cells hold four consecutive digits.
    let pink = json!({"lines": [
        line(&[(1, 0), (1, 1), (1, 2)], "#f067f0"),
        line(&[(1, 1), (2, 1)], "#f067f0"),
    ]});
    let renban = link(
        "Normal sudoku rules apply. Digits along a pink line form a set of consecutive digits \
         in any order, without repetition.",
        pink,
    );
    let expected = brute(|g| {
        let mut set = vec![g[1][0], g[1][1], g[1][2], g[2][1]];
        set.sort_unstable();
        set.dedup();
        set.len() == 4
    });
    assert!(expected != "0" && expected != brute(|_| true));
    let (out, err) = count(&renban);
    assert_eq!(out, expected, "{err}");
    assert!(!err.contains("warning"), "{err}");
}
