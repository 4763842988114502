//! Pictures of puzzles as setters' tools draw them: the grid, its regions and rules, every constraint family, the givens, and overlays (a solution, candidates, a caption), as SVG and PNG.
//!
//! ```
//! use satdoku::format::Notation;
//! use satdoku::render::{Overlays, svg};
//! use satdoku::{Grid, Puzzle};
//! let grid: Grid = "1...3...2...4..1".parse()?;
//! let picture = svg(&Puzzle::standard(grid)?, &Notation::default(), &Overlays::default());
//! assert!(picture.starts_with("<svg") && picture.contains(r#"class="given""#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod glyphs;
#[cfg(feature = "png")]
mod png;
mod rules;
mod svg;

#[cfg(feature = "png")]
pub use png::{PngError, png};

use crate::check::Verdict;
use crate::constraint::{Mark, Point};
use crate::format::Notation;
use crate::grid::{Candidates, Cell, CellDigit, Grid};
use crate::logic::Step;
use crate::rules::Puzzle;
use crate::truth::SolutionCounts;
pub use svg::Escaped;
use svg::{Anchor, Num, Svg, TextStyle};

/// The most legend lines one kind of constraint gets; the rest are counted.
const LEGEND_PER_KIND: usize = 4;
/// Pixels per cell.
pub const CELL: f32 = 40.0;

/// The margin around a grid with nothing outside it, in cells.
const NARROW: f32 = 0.25;

/// The colour that shades a pencil mark by its share of the solutions.
const SHARE: &str = "#e08a00";

/// The colour of the lines naming what was not read as a rule.
const UNREAD: &str = "#c00000";

/// The height of a line of text below the grid (legend, caption), in cells.
const TEXT_LINE: f32 = 0.5;

/// The height of that text's capitals, in cells.
const TEXT_SIZE: f32 = 0.3;

/// What a picture shows beyond the puzzle itself.
#[derive(Clone, Debug, Default)]
pub struct Overlays<'a> {
    /// Digits to write in the cells the puzzle leaves blank (a solution), in another
    /// colour.
    pub solution: Option<&'a Grid>,
    /// Pencil marks in the cells the puzzle and the solution leave blank.
    pub candidates: Option<&'a Candidates>,
    /// Solution counts that shade each pencil mark by its share of the solutions (darker
    /// for more).
    pub shares: Option<&'a SolutionCounts>,
    /// Cells to mark (a step's cells, the cells where two solutions differ).
    pub cells: Vec<Cell>,
    /// Cells of a clash (givens that cannot hold together), shaded red.
    pub clash_cells: Vec<Cell>,
    /// Constraints of a clash, by index in the rules: their cells shaded red, their marks
    /// of class `clash`.
    pub clash_constraints: Vec<usize>,
    /// Candidates to mark as removed, by cell and digit value.
    pub removed: Vec<(Cell, usize)>,
    /// Candidates to mark as placed or kept, by cell and digit value.
    pub placed: Vec<(Cell, usize)>,
    /// Constraints in focus (the one a logical step reasons with), by index in the rules:
    /// their cells shaded blue, their marks of class `focus`.
    pub focus: Vec<usize>,
    /// Lines of text below the grid.
    pub caption: Vec<String>,
    /// The picture's title (for screen readers and browsers' tabs).
    pub title: String,
    /// What the puzzle's file draws or says that was not read as a rule, each named:
    /// listed below the grid in red (from the first panel), so that a picture never looks
    /// like the whole puzzle when it is not.
    pub unread: Vec<String>,
}

/// The panels that show `verdict` on `puzzle`, each with `base`'s overlays: the solution;
/// two solutions side by side, the cells where they differ marked; or the clash's givens
/// and constraints shaded red, the clash named below.
pub fn verdict_panels<'a>(
    puzzle: &Puzzle,
    verdict: &'a Verdict,
    notation: &Notation,
    base: &Overlays<'a>,
) -> Vec<Overlays<'a>> {
    match verdict {
        Verdict::Unique { solution } => vec![Overlays {
            solution: Some(solution),
            ..base.clone()
        }],
        Verdict::Multiple { first, second } => {
            let differ = verdict.differing_cells();
            let panel = |grid, which: &str| Overlays {
                solution: Some(grid),
                cells: differ.clone(),
                caption: vec![format!(
                    "{which} of several solutions: they differ in {} cell{} (marked)",
                    differ.len(),
                    if differ.len() == 1 { "" } else { "s" }
                )],
                ..base.clone()
            };
            vec![panel(first, "one"), panel(second, "another")]
        }
        Verdict::NoSolution {
            conflict,
            constraints,
            ..
        } => vec![Overlays {
            clash_cells: conflict.iter().map(|c| c.cell).collect(),
            clash_constraints: puzzle
                .rules()
                .constraints()
                .iter()
                .enumerate()
                .filter(|(_, c)| constraints.contains(c))
                .map(|(i, _)| i)
                .collect(),
            caption: vec![format!("no solution: {}", verdict.clash(notation))],
            ..base.clone()
        }],
    }
}

/// The overlays of a logical `step` on the candidates before it, with `base`'s others:
/// its cells marked, its placements and eliminations, and the constraint it reasons with
/// in focus.
pub fn step_overlays<'a>(
    step: &Step,
    candidates: &'a Candidates,
    base: Overlays<'a>,
) -> Overlays<'a> {
    let value = |c: &CellDigit| (c.cell, usize::from(c.digit.get()));
    let focus = step.constraint.into_iter().collect();
    Overlays {
        candidates: Some(candidates),
        cells: step.cells.clone(),
        removed: step.eliminations.iter().map(value).collect(),
        placed: step.placements.iter().map(value).collect(),
        focus,
        ..base
    }
}

/// The family's name as a class of the picture's elements: `killer cage` becomes
/// `killer-cage`, `X-sum` becomes `x-sum`.
pub fn class_name(kind: &str) -> String {
    let mut class = String::new();
    for c in kind.chars() {
        if c.is_ascii_alphanumeric() {
            class.push(c.to_ascii_lowercase());
        } else if !class.ends_with('-') {
            class.push('-');
        }
    }
    class.trim_matches('-').to_string()
}

/// One constraint's marks, with its class and text.
struct Drawn {
    class: String,
    title: String,
    marks: Vec<Mark>,
}

/// The picture of `puzzle` as SVG, its digits written in `notation`, with `overlays`.
pub fn svg(puzzle: &Puzzle, notation: &Notation, overlays: &Overlays<'_>) -> String {
    svg_panels(puzzle, notation, std::slice::from_ref(overlays))
}

/// Pictures of `puzzle` side by side in one SVG, one for each of `panels` (two solutions
/// of a puzzle with several, say); the first panel's title is the document's.
pub fn svg_panels(puzzle: &Puzzle, notation: &Notation, panels: &[Overlays<'_>]) -> String {
    let shape = puzzle.shape();
    let n = shape.size() as f32;
    let rules = puzzle.rules();
    let drawn: Vec<Drawn> = rules
        .constraints()
        .iter()
        .map(|c| Drawn {
            class: class_name(c.kind()),
            title: c.to_string(),
            marks: c.get().draw(shape),
        })
        .collect();
    let outside = drawn.iter().flat_map(|d| &d.marks).any(|mark| {
        mark.points()
            .iter()
            .any(|p| p.x < 0.0 || p.y < 0.0 || p.x > n || p.y > n)
    });
    let margin = if outside { 1.0 } else { NARROW };
    let mut legend = rules::legend(rules);
    // A line the legend has already (six lines under one rule) is said once, and a kind's
    // lines beyond the first few are counted, not drawn (a killer written as 28 rules).
    let mut beyond: Vec<(String, usize)> = Vec::new();
    for d in &drawn {
        for mark in &d.marks {
            let Mark::Legend(text) = mark else { continue };
            if legend.iter().any(|(_, said)| said == text) {
                continue;
            }
            if legend.iter().filter(|(class, _)| *class == d.class).count() < LEGEND_PER_KIND {
                legend.push((d.class.clone(), text.clone()));
            } else {
                match beyond.iter_mut().find(|(class, _)| *class == d.class) {
                    Some((_, more)) => *more += 1,
                    None => beyond.push((d.class.clone(), 1)),
                }
            }
        }
    }
    for (class, more) in beyond {
        legend.push((class, format!("… and {more} more like these")));
    }
    if let Some(first) = panels.first() {
        legend.extend(
            first
                .unread
                .iter()
                .map(|what| ("unread".to_string(), format!("not read as a rule: {what}"))),
        );
    }
    let panel_width = (n + 2.0 * margin) * CELL;
    // Text below the grid wraps to the panel's width.
    let room = panel_width - 2.0 * margin.max(NARROW) * CELL;
    let legend: Vec<(String, String)> = legend
        .into_iter()
        .flat_map(|(class, text)| {
            wrap(&text, room, TEXT_SIZE * CELL)
                .into_iter()
                .map(move |line| (class.clone(), line))
        })
        .collect();
    let captions: Vec<Vec<String>> = panels
        .iter()
        .map(|p| {
            p.caption
                .iter()
                .flat_map(|text| wrap(text, room, TEXT_SIZE * CELL))
                .collect()
        })
        .collect();
    let most = captions.iter().map(Vec::len).max().unwrap_or(0);
    let below = (legend.len() + most) as f32 * TEXT_LINE;
    let width = panel_width * panels.len().max(1) as f32;
    let height = (n + 2.0 * margin + below) * CELL + if below > 0.0 { CELL * 0.2 } else { 0.0 };

    let mut svg = Svg::default();
    svg.rect((0.0, 0.0), (width, height), Some("#ffffff"), None, 0.0, "");
    for (k, overlays) in panels.iter().enumerate() {
        svg.open(format_args!(
            r#"class="panel" transform="translate({} 0)""#,
            Num(panel_width * k as f32)
        ));
        let text = Below {
            legend: &legend,
            caption: &captions[k],
        };
        panel(&mut svg, puzzle, notation, overlays, &drawn, text, margin);
        svg.close();
    }
    let title = panels.first().map_or("", |p| p.title.as_str());
    svg.finish(width, height, title)
}

/// One panel: the grid with its rules, constraints and digits, and the legend and caption
/// below it.
fn panel(
    svg: &mut Svg,
    puzzle: &Puzzle,
    notation: &Notation,
    overlays: &Overlays<'_>,
    drawn: &[Drawn],
    below: Below<'_>,
    margin: f32,
) {
    let n = puzzle.shape().size() as f32;
    let rules = puzzle.rules();
    svg.open(format_args!(
        r#"class="puzzle" transform="translate({m} {m}) scale({CELL})""#,
        m = Num(margin * CELL)
    ));
    let clash = |i: usize| {
        if overlays.clash_constraints.contains(&i) {
            " clash"
        } else if overlays.focus.contains(&i) {
            " focus"
        } else {
            ""
        }
    };

    // Shading first: windows, extra regions, constraints' shaded cells, marked cells.
    svg.open(format_args!(r#"class="shading""#));
    rules::shading(svg, rules);
    for (i, d) in drawn.iter().enumerate() {
        layer(svg, i, d, clash(i), |m| matches!(m, Mark::Shade { .. }));
    }
    let shade = |svg: &mut Svg, cells: &[Cell], colour: &str, class: &str| {
        for &cell in cells {
            svg.cell(
                cell,
                colour,
                &format!(r#" class="{class}" data-cell="{cell}""#),
            );
        }
    };
    shade(svg, &overlays.cells, "#fff2a8", "marked");
    // A constraint's cells are shaded, unless it is a rule over the whole grid (drawn only
    // in the legend): shading every cell would hide what matters.
    let shaded = |i: usize| {
        drawn
            .get(i)
            .is_some_and(|d| d.marks.iter().any(|m| !matches!(m, Mark::Legend(_))))
    };
    let mut clashing = overlays.clash_cells.clone();
    for &i in &overlays.clash_constraints {
        if let Some(c) = rules.constraints().get(i).filter(|_| shaded(i)) {
            clashing.extend(c.get().cells(puzzle.shape()));
        }
    }
    clashing.sort();
    clashing.dedup();
    shade(svg, &clashing, "#f6c4c4", "clash");
    let mut focused: Vec<Cell> = overlays
        .focus
        .iter()
        .filter(|&&i| shaded(i))
        .filter_map(|&i| rules.constraints().get(i))
        .flat_map(|c| c.get().cells(puzzle.shape()))
        .filter(|cell| !overlays.cells.contains(cell))
        .collect();
    focused.sort();
    focused.dedup();
    shade(svg, &focused, "#d8e8fb", "focus");
    svg.close();

    // A solution's regions, when it found them (chaos construction), draw as the grid's.
    rules::grid_lines(svg, rules, overlays.solution.and_then(Grid::regions));

    svg.open(format_args!(r#"class="constraints""#));
    for (i, d) in drawn.iter().enumerate() {
        layer(svg, i, d, clash(i), |m| {
            matches!(
                m,
                Mark::Line { .. }
                    | Mark::Arrowhead { .. }
                    | Mark::Circle { .. }
                    | Mark::Square { .. }
            )
        });
    }
    for (i, d) in drawn.iter().enumerate() {
        layer(svg, i, d, clash(i), |m| matches!(m, Mark::Cage { .. }));
    }
    for (i, d) in drawn.iter().enumerate() {
        layer(svg, i, d, clash(i), |m| matches!(m, Mark::Text { .. }));
    }
    svg.close();

    let labelled: Vec<Cell> = drawn
        .iter()
        .flat_map(|d| &d.marks)
        .filter_map(|mark| match mark {
            Mark::Cage {
                cells,
                label: Some(_),
            } => cells.iter().min().copied(),
            _ => None,
        })
        .collect();
    let caged: Vec<Cell> = drawn
        .iter()
        .flat_map(|d| &d.marks)
        .flat_map(|mark| match mark {
            Mark::Cage { cells, .. } => cells.as_slice(),
            _ => &[],
        })
        .copied()
        .collect();
    let room = Room {
        labelled: &labelled,
        caged: &caged,
        widest: 0.0,
    };
    digits(svg, puzzle, notation, overlays, room);
    svg.close();

    // Legend and caption below the grid, in pixels.
    let mut y = (n + 2.0 * margin) * CELL;
    let lines = below
        .legend
        .iter()
        .map(|(class, text)| (format!("legend {class}"), text))
        .chain(
            below
                .caption
                .iter()
                .map(|line| ("caption".to_string(), line)),
        );
    for (class, text) in lines {
        svg.open(format_args!(
            r#"class="{class}" aria-label="{}""#,
            Escaped(text)
        ));
        svg.text(
            Point::new(margin * CELL, y + TEXT_LINE * CELL / 2.0),
            text,
            style(
                TEXT_SIZE * CELL,
                if class == "legend unread" {
                    UNREAD
                } else {
                    "#000000"
                },
                Anchor::Left,
            ),
        );
        svg.close();
        y += TEXT_LINE * CELL;
    }
}

/// The lines of text below a panel's grid, wrapped to its width: the legend's by class,
/// and the caption's.
#[derive(Clone, Copy)]
struct Below<'a> {
    legend: &'a [(String, String)],
    caption: &'a [String],
}

/// `text` in lines no wider than `room` pixels at `size`, broken at spaces (a word wider
/// than the room stands alone).
fn wrap(text: &str, room: f32, size: f32) -> Vec<String> {
    let font = glyphs::Font::get();
    let scale = size / font.cap_height;
    let fits = |line: &str| font.width(line) * scale <= room;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let longer = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && !fits(&longer) {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = longer;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A text style without a halo.
fn style(size: f32, colour: &'static str, anchor: Anchor) -> TextStyle {
    TextStyle {
        size,
        colour,
        anchor,
        halo: false,
    }
}

/// The marks of constraint `i` that `pick` takes, in a group of its class (none when it
/// has no such marks), `state` its extra class (` clash`, ` focus` or none).
fn layer(svg: &mut Svg, i: usize, drawn: &Drawn, state: &str, pick: impl Fn(&Mark) -> bool) {
    let marks: Vec<&Mark> = drawn.marks.iter().filter(|m| pick(m)).collect();
    if marks.is_empty() {
        return;
    }
    svg.open(format_args!(
        r#"class="constraint {}{}" data-index="{}" data-constraint="{}""#,
        drawn.class,
        state,
        i + 1,
        Escaped(&drawn.title)
    ));
    for mark in marks {
        paint(svg, mark);
    }
    svg.close();
}

/// Paints one mark (in grid units).
fn paint(svg: &mut Svg, mark: &Mark) {
    match mark {
        Mark::Cage { cells, label } => cage(svg, cells, label.as_deref()),
        Mark::Line {
            points,
            colour,
            width,
        } => svg.polyline(points, colour, *width, ""),
        Mark::Arrowhead { from, to, colour } => {
            let (dx, dy) = (to.x - from.x, to.y - from.y);
            let length = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
            let (ux, uy) = (dx / length, dy / length);
            let size = 0.2;
            let wing = |side: f32| {
                Point::new(
                    to.x - ux * size - uy * size * side,
                    to.y - uy * size + ux * size * side,
                )
            };
            svg.polyline(&[wing(0.8), *to, wing(-0.8)], colour, 0.05, "");
        }
        Mark::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => svg.circle(*centre, *radius, *fill, *stroke, 0.04),
        Mark::Square {
            centre,
            side,
            turned,
            fill,
            stroke,
        } => {
            let extra = if *turned {
                format!(
                    r#" transform="rotate(45 {} {})""#,
                    Num(centre.x),
                    Num(centre.y)
                )
            } else {
                String::new()
            };
            let side = if *turned { side / 2f32.sqrt() } else { *side };
            svg.rect(
                (centre.x - side / 2.0, centre.y - side / 2.0),
                (side, side),
                *fill,
                *stroke,
                0.04,
                &extra,
            );
        }
        Mark::Text {
            at,
            text,
            size,
            colour,
            halo,
        } => svg.text(
            *at,
            text,
            TextStyle {
                size: *size,
                colour,
                anchor: Anchor::Centre,
                halo: *halo,
            },
        ),
        Mark::Shade { cells, colour } => {
            for &cell in cells {
                svg.cell(cell, colour, "");
            }
        }
        Mark::Legend(_) => {}
    }
}

/// A killer cage's dashed outline, a little inside its cells' outer edges, and its label
/// in the corner of its first cell.
fn cage(svg: &mut Svg, cells: &[Cell], label: Option<&str>) {
    const INSET: f32 = 0.08;
    let inside = |r: isize, c: isize| {
        r >= 0 && c >= 0 && cells.contains(&Cell::new_unchecked(r as usize, c as usize))
    };
    let mut d = String::new();
    for &cell in cells {
        let (r, c) = (cell.row() as isize, cell.col() as isize);
        let centre = Point::centre(cell);
        // Each side facing out of the cage: outward normal, then the tangent.
        for (nr, nc) in [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)] {
            if inside(r + nr, c + nc) {
                continue;
            }
            let (tr, tc) = (nc, -nr);
            let end = |sign: isize| {
                let (ar, ac) = (r + tr * sign, c + tc * sign);
                let extent = if !inside(ar, ac) {
                    0.5 - INSET
                } else if !inside(ar + nr, ac + nc) {
                    0.5
                } else {
                    0.5 + INSET
                };
                let s = sign as f32;
                Point::new(
                    centre.x + nc as f32 * (0.5 - INSET) + tc as f32 * s * extent,
                    centre.y + nr as f32 * (0.5 - INSET) + tr as f32 * s * extent,
                )
            };
            let (a, b) = (end(-1), end(1));
            use std::fmt::Write;
            let _ = write!(d, "M{} {}L{} {}", Num(a.x), Num(a.y), Num(b.x), Num(b.y));
        }
    }
    svg.raw(format_args!(
        r##"<path class="cage-outline" d="{d}" fill="none" stroke="#000000" stroke-width="0.025" stroke-dasharray="0.08 0.06"/>"##
    ));
    if let (Some(label), Some(first)) = (label, cells.iter().min()) {
        svg.text(
            Point::new(first.col() as f32 + 0.04, first.row() as f32 + 0.04),
            label,
            TextStyle {
                size: 0.2,
                colour: "#000000",
                anchor: Anchor::TopLeft,
                halo: true,
            },
        );
    }
}

/// The digits: givens, then a solution's, then pencil marks; marked candidates.
/// `room` says which cells' pencil marks leave room for a cage's outline or total.
fn digits(
    svg: &mut Svg,
    puzzle: &Puzzle,
    notation: &Notation,
    overlays: &Overlays<'_>,
    room: Room<'_>,
) {
    let shape = puzzle.shape();
    let grid = puzzle.grid();
    let symbol = |value: usize| -> String {
        shape
            .digit(value)
            .map_or_else(|| value.to_string(), |d| notation.show(&d).to_string())
    };
    let widest = shape
        .digits()
        .map(|d| glyphs::Font::get().width(&notation.show(&d).to_string()))
        .fold(0.0f32, f32::max);
    // Digits 0.5 of a cell high, smaller when the widest symbol would not fit.
    let font = glyphs::Font::get();
    let size = (0.5f32).min(0.8 * font.cap_height / widest.max(1.0));
    for (class, colour, source) in [
        ("given", "#000000", Some(grid)),
        ("solved", "#1f5fbf", overlays.solution),
    ] {
        let Some(source) = source else { continue };
        svg.open(format_args!(r#"class="{class}s""#));
        for cell in shape.cells() {
            let Some(digit) = source.get(cell) else {
                continue;
            };
            if class == "solved" && grid.get(cell).is_some() {
                continue;
            }
            let text = symbol(usize::from(digit.get()));
            let at = Point::centre(cell);
            written(
                svg,
                Written {
                    class,
                    cell,
                    text: &text,
                    at,
                    size,
                    colour,
                },
                None,
            );
        }
        svg.close();
    }
    if let Some(candidates) = overlays.candidates {
        let room = Room { widest, ..room };
        pencil_marks(svg, puzzle, candidates, overlays, &symbol, room);
    }
}

/// What pencil marks must leave room for: the cells with a cage's total in their corner,
/// the cells inside a cage's outline, and the widest symbol (in font units).
#[derive(Clone, Copy)]
struct Room<'a> {
    labelled: &'a [Cell],
    caged: &'a [Cell],
    widest: f32,
}

/// Pencil marks: each candidate at its place in a small grid inside the cell; removed ones
/// struck through in red, placed or kept ones in green.
fn pencil_marks(
    svg: &mut Svg,
    puzzle: &Puzzle,
    candidates: &Candidates,
    overlays: &Overlays<'_>,
    symbol: &dyn Fn(usize) -> String,
    room: Room<'_>,
) {
    let (shape, given, widest) = (puzzle.shape(), puzzle.grid(), room.widest);
    // A slot for every digit the grid takes (1 to M, more than N on some grids).
    let n = shape.digit_count();
    let per_row = (n as f32).sqrt().ceil() as usize;
    let step = 1.0 / per_row as f32;
    let font = glyphs::Font::get();
    let size = (step * 0.6).min(step * 0.8 * font.cap_height / widest.max(1.0));
    svg.open(format_args!(r#"class="candidates""#));
    for cell in shape.cells() {
        if given.get(cell).is_some() || overlays.solution.is_some_and(|s| s.get(cell).is_some()) {
            continue;
        }
        let set = candidates.sets()[shape.index(cell)];
        for value in 1..=n {
            let Some(digit) = shape.digit(value) else {
                continue;
            };
            let removed = overlays.removed.contains(&(cell, value));
            if !set.contains(digit) && !removed {
                continue;
            }
            let placed = overlays.placed.contains(&(cell, value));
            let (class, colour) = match (removed, placed) {
                (true, _) => ("candidate removed", "#d02020"),
                (false, true) => ("candidate placed", "#158a2e"),
                _ => ("candidate", "#606060"),
            };
            let i = value - 1;
            // Below and right of a cage's total, or inside a cage's dashed outline, the
            // marks' grid shrinks to fit.
            let (inset, scale) = if room.labelled.contains(&cell) {
                (0.16, 0.8)
            } else if room.caged.contains(&cell) {
                (0.1, 0.8)
            } else {
                (0.0, 1.0)
            };
            let at = Point::new(
                cell.col() as f32 + inset + scale * step * ((i % per_row) as f32 + 0.5),
                cell.row() as f32 + inset + scale * step * ((i / per_row) as f32 + 0.5),
            );
            if let Some(shares) = overlays.shares {
                let share = shares.share(shape.index(cell), digit) as f32;
                let side = scale * step * 0.92;
                svg.rect(
                    (at.x - side / 2.0, at.y - side / 2.0),
                    (side, side),
                    Some(SHARE),
                    None,
                    0.0,
                    &format!(
                        r#" fill-opacity="{}" class="share" data-cell="{cell}" data-digit="{}""#,
                        Num(0.08 + 0.8 * share.clamp(0.0, 1.0)),
                        Escaped(&symbol(value))
                    ),
                );
            }
            let text = symbol(value);
            let strike = removed.then_some(step * 0.35);
            written(
                svg,
                Written {
                    class,
                    cell,
                    text: &text,
                    at,
                    size: size * scale,
                    colour,
                },
                strike,
            );
        }
    }
    svg.close();
}

/// A symbol written in a cell: its class, cell, text, centre, size and colour.
struct Written<'a> {
    class: &'a str,
    cell: Cell,
    text: &'a str,
    at: Point,
    size: f32,
    colour: &'static str,
}

/// Writes a symbol in a group naming its cell and digit, struck through (a stroke
/// `strike` long each way from its centre) when removed.
fn written(svg: &mut Svg, w: Written<'_>, strike: Option<f32>) {
    svg.open(format_args!(
        r#"class="{}" data-cell="{}" data-digit="{}""#,
        w.class,
        w.cell,
        Escaped(w.text)
    ));
    let style = TextStyle {
        size: w.size,
        colour: w.colour,
        anchor: Anchor::Centre,
        halo: false,
    };
    svg.text(w.at, w.text, style);
    if let Some(d) = strike {
        let at = w.at;
        svg.polyline(
            &[
                Point::new(at.x - d, at.y + d),
                Point::new(at.x + d, at.y - d),
            ],
            w.colour,
            0.02,
            "",
        );
    }
    svg.close();
}
