//! How a grid's rules draw: cell lines, the thick borders of boxes or jigsaw regions, diagonals, windows, extra regions and regions in pieces shaded, cells marked different, and the legend naming rules over the whole grid.

use std::fmt::Write;

use super::svg::{Anchor, Svg, TextStyle};
use crate::constraint::Point;
use crate::grid::{Cell, House, Relation};
use crate::rules::Rules;

/// Shades for extra regions, in turn.
const EXTRA_SHADES: [&str; 6] = [
    "#cde6f7", "#f7e1cd", "#d9f2d0", "#f2d0e6", "#e6e6c2", "#d6d0f2",
];

/// The grey of windoku's windows.
const WINDOW: &str = "#d9d9d9";

/// Tints for jigsaw regions in several pieces, in turn: a region's pieces share one.
const PIECES_SHADES: [&str; 4] = ["#fbe7a1", "#c9ecec", "#f4cfe0", "#dde9c4"];

/// The legend's lines for the rules over the whole grid that draw no shapes, and for the
/// shade of regions in pieces: by class, the text.
pub fn legend(rules: &Rules) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for rule in rules.globals().iter().filter(|rule| !rule.row().drawn) {
        // The rule's sentence, as a legend line: `anti-knight: cells … differ`.
        let says = rule.description().trim_end_matches('.');
        let mut text = says[..1].to_lowercase();
        text.push_str(&says[1..]);
        lines.push((format!("rule {}", rule.name()), text));
    }
    let houses = rules.houses();
    let mut regions = houses.iter().filter(|h| matches!(h, House::Region(..)));
    if regions.any(|&h| !connected(&rules.cells(h))) {
        let text = "a shade marks a jigsaw region in several pieces: its pieces share it";
        lines.push(("region-pieces".to_string(), text.to_string()));
    }
    lines
}

/// Windoku's windows, the extra regions, and jigsaw regions in several pieces (whose
/// borders alone would not say which pieces belong together), shaded.
pub fn shading(svg: &mut Svg, rules: &Rules) {
    let (mut extra, mut split) = (0, 0);
    for house in rules.houses() {
        let (class, colour) = match house {
            House::Region(..) if !connected(&rules.cells(house)) => {
                split += 1;
                (
                    "region-pieces",
                    PIECES_SHADES[(split - 1) % PIECES_SHADES.len()],
                )
            }
            House::Window(_) => ("rule windoku", WINDOW),
            House::Extra(_) => {
                extra += 1;
                (
                    "extra-region",
                    EXTRA_SHADES[(extra - 1) % EXTRA_SHADES.len()],
                )
            }
            _ => continue,
        };
        let mut d = String::new();
        for cell in rules.cells(house) {
            let _ = write!(d, "M{} {}h1v1h-1Z", cell.col(), cell.row());
        }
        svg.raw(format_args!(
            r#"<path class="{class}" data-house="{house}" d="{d}" fill="{colour}"/>"#
        ));
    }
}

/// Whether `cells` are one piece: each reached from the first through side neighbours.
fn connected(cells: &[Cell]) -> bool {
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(i) = stack.pop() {
        for (j, &other) in cells.iter().enumerate() {
            let a = cells[i];
            let side = a.row().abs_diff(other.row()) + a.col().abs_diff(other.col()) == 1;
            if side && !reached[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.into_iter().all(|r| r)
}

/// The grid's lines: thin between cells, thick around boxes, jigsaw regions or the regions a
/// solution found (`found`, each cell's) and the grid; diagonals; cells marked different
/// joined by a dotted line.
pub fn grid_lines(svg: &mut Svg, rules: &Rules, found: Option<&[u8]>) {
    let shape = rules.shape();
    let n = shape.size();
    let mut region = vec![usize::MAX; shape.cell_count()];
    let mut given = false;
    for (i, house) in rules
        .houses()
        .into_iter()
        .filter(|h| matches!(h, House::Box(_) | House::Region(..)))
        .enumerate()
    {
        let cells = rules.cells(house);
        // A region that is a whole row or column (f-puzzles' default on a grid without
        // boxes, such as 7×7) draws as no region: no thick line between rows.
        let line = |of: fn(Cell) -> usize| cells.iter().all(|&c| of(c) == of(cells[0]));
        if cells.len() == n && (line(Cell::row) || line(Cell::col)) {
            continue;
        }
        for cell in cells {
            region[shape.index(cell)] = i;
        }
        given = true;
    }
    // Regions a solution found (chaos construction) draw as the grid's, or beside given
    // boxes in a colour of their own.
    let found: Option<Vec<usize>> = found.map(|f| f.iter().map(|&r| usize::from(r)).collect());
    let found_apart = match found {
        Some(found) if given => Some(found),
        Some(found) => {
            region = found;
            None
        }
        None => None,
    };
    let mut thin = String::new();
    for k in 1..n {
        let _ = write!(thin, "M0 {k}H{n}M{k} 0V{n}");
    }
    svg.raw(format_args!(
        r##"<path class="cell-lines" d="{thin}" fill="none" stroke="#000000" stroke-width="0.02"/>"##
    ));

    for house in rules.houses() {
        if let House::MainDiagonal | House::AntiDiagonal = house {
            let (a, b) = if house == House::MainDiagonal {
                ((0, 0), (n, n))
            } else {
                ((n, 0), (0, n))
            };
            svg.raw(format_args!(
                r##"<path class="rule diagonal" data-house="{house}" d="M{} {}L{} {}" stroke="#6f6fe0" stroke-width="0.03" stroke-opacity="0.8"/>"##,
                a.0, a.1, b.0, b.1
            ));
        }
    }

    let thick = borders(&region, n);
    svg.raw(format_args!(
        r##"<path class="region-borders" d="{thick}" fill="none" stroke="#000000" stroke-width="0.06" stroke-linecap="square"/>"##
    ));
    if let Some(found) = found_apart {
        let path = borders(&found, n);
        svg.raw(format_args!(
            r##"<path class="found-region-borders" d="{path}" fill="none" stroke="#d0402a" stroke-width="0.05" stroke-linecap="square"/>"##
        ));
    }
    svg.raw(format_args!(
        r##"<rect class="grid-border" x="0" y="0" width="{n}" height="{n}" fill="none" stroke="#000000" stroke-width="0.08"/>"##
    ));

    for (a, b, relation) in rules.differences() {
        if relation != Relation::Marked {
            continue;
        }
        different(svg, a, b);
    }
}

/// The path of the borders between cells of different regions (`region`: each cell's, in
/// reading order, on an n×n grid).
fn borders(region: &[usize], n: usize) -> String {
    let mut path = String::new();
    let at = |r: usize, c: usize| region[r * n + c];
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n && at(r, c) != at(r, c + 1) {
                let _ = write!(path, "M{} {}V{}", c + 1, r, r + 1);
            }
            if r + 1 < n && at(r, c) != at(r + 1, c) {
                let _ = write!(path, "M{} {}H{}", c, r + 1, c + 1);
            }
        }
    }
    path
}

/// Two cells given as different: a dotted line between them and `≠` halfway.
fn different(svg: &mut Svg, a: Cell, b: Cell) {
    let (pa, pb) = (Point::centre(a), Point::centre(b));
    svg.open(format_args!(r#"class="different" data-cells="{a}-{b}""#));
    svg.polyline(
        &[pa.toward(pb, 0.25), pa.toward(pb, 0.75)],
        "#c03030",
        0.03,
        r#" stroke-dasharray="0.05 0.05""#,
    );
    let mid = Point::between(a, b);
    svg.circle(mid, 0.13, Some("#ffffff"), Some("#c03030"), 0.02);
    svg.text(
        mid,
        "≠",
        TextStyle {
            size: 0.14,
            colour: "#c03030",
            anchor: Anchor::Centre,
            halo: false,
        },
    );
    svg.close();
}
