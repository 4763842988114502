//! What SudokuPad draws, typed: lines, arrows and shapes (underlays and overlays) with their colours and places on the grid, the geometry the readers of elements need.
//!
//! Points are `[row, column]` in cells from the grid's top-left corner: cell (r, c),
//! 0-based, spans `[r, r+1] × [c, c+1]`, its centre at `[r+0.5, c+0.5]`.

use serde_json::Value;

/// A colour as SudokuPad writes it (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `none`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Colour {
    /// Red, green, blue, from 0 to 255.
    pub(crate) rgb: [u8; 3],
    /// Opacity from 0 (none) to 1.
    pub(crate) alpha: f64,
}

impl Colour {
    /// The colour written as `text`; `None` for `none`, transparent, or what does not read.
    pub(crate) fn parse(text: &str) -> Option<Colour> {
        let hex = text.trim().strip_prefix('#')?;
        let digit = |i: usize, len: usize| u8::from_str_radix(hex.get(i..i + len)?, 16).ok();
        let (rgb, alpha) = match hex.len() {
            3 | 4 => {
                let short = |i| digit(i, 1).map(|d| d * 17);
                let alpha = if hex.len() == 4 { short(3)? } else { 255 };
                ([short(0)?, short(1)?, short(2)?], alpha)
            }
            6 | 8 => {
                let alpha = if hex.len() == 8 { digit(6, 2)? } else { 255 };
                ([digit(0, 2)?, digit(2, 2)?, digit(4, 2)?], alpha)
            }
            _ => return None,
        };
        (alpha > 0).then_some(Colour {
            rgb,
            alpha: f64::from(alpha) / 255.0,
        })
    }

    /// The colour's name as rules text says it: `grey`, `black`, `white`, or a hue (`red`,
    /// `orange`, `yellow`, `green`, `teal`, `blue`, `purple`, `pink`) — of the colour as it
    /// shows on a white page (a translucent black is grey).
    pub(crate) fn name(self) -> &'static str {
        let [r, g, b] = self
            .rgb
            .map(|v| (f64::from(v) * self.alpha + 255.0 * (1.0 - self.alpha)) / 255.0);
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let lightness = (max + min) / 2.0;
        let chroma = max - min;
        if chroma < 0.12 {
            return match lightness {
                l if l < 0.2 => "black",
                l if l > 0.93 => "white",
                _ => "grey",
            };
        }
        let hue = if max == r {
            60.0 * ((g - b) / chroma).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / chroma + 2.0)
        } else {
            60.0 * ((r - g) / chroma + 4.0)
        };
        match hue {
            h if !(15.0..345.0).contains(&h) => "red",
            h if h < 42.0 && lightness < 0.45 => "brown",
            h if h < 42.0 => "orange",
            h if h < 70.0 => "yellow",
            h if h < 160.0 => "green",
            h if h < 190.0 => "teal",
            h if h < 250.0 => "blue",
            h if h < 285.0 => "purple",
            _ => "pink",
        }
    }

    /// Whether the two colours look alike (each channel within `20` of 255).
    pub(crate) fn near(self, other: Colour) -> bool {
        self.rgb
            .iter()
            .zip(other.rgb)
            .all(|(&a, b)| a.abs_diff(b) <= 20)
    }

    /// `#rrggbb`, for messages and for telling styles apart.
    pub(crate) fn hex(self) -> String {
        let [r, g, b] = self.rgb;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// A point `[row, column]`.
pub(crate) type Point = (f64, f64);

/// A line (`lines`) or an arrow (`arrows`: its head at the last point).
#[derive(Clone, Debug)]
pub(crate) struct Stroke {
    /// Its name in messages: its kind and place in its list (`line 3`, `arrow 2`).
    pub(crate) label: String,
    /// Whether it is an arrow.
    pub(crate) arrow: bool,
    pub(crate) points: Vec<Point>,
    pub(crate) colour: Option<Colour>,
    /// Width in pixels of a 64-pixel cell.
    pub(crate) thickness: f64,
}

/// A rectangle or circle drawn under (`underlays`) or over (`overlays`) the digits, maybe
/// with text.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    /// Its name in messages: its kind and place in its list (`overlay 4`).
    pub(crate) label: String,
    pub(crate) center: Point,
    pub(crate) width: f64,
    pub(crate) height: f64,
    pub(crate) rounded: bool,
    pub(crate) fill: Option<Colour>,
    pub(crate) border: Option<Colour>,
    /// Its text, trimmed; empty when it has none.
    pub(crate) text: String,
}

/// The drawn elements of a puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scene {
    pub(crate) strokes: Vec<Stroke>,
    pub(crate) shapes: Vec<Shape>,
}

/// A number in SudokuPad's JSON (a number, or a string of one).
fn number(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A point: a list of two numbers.
fn point(value: &Value) -> Option<Point> {
    let pair = value.as_array().filter(|p| p.len() == 2)?;
    Some((number(pair.first())?, number(pair.get(1))?))
}

/// A colour field: its colour, `None` when absent, `none` or transparent.
fn colour(value: Option<&Value>) -> Option<Colour> {
    value.and_then(Value::as_str).and_then(Colour::parse)
}

impl Scene {
    /// The elements of SudokuPad's JSON `fields`: `lines`, `arrows`, `underlays` and
    /// `overlays`. An element without the fields its kind needs (points, a centre) is
    /// `Err` with its name.
    pub(crate) fn read(fields: &serde_json::Map<String, Value>) -> Result<Scene, String> {
        let mut scene = Scene::default();
        for (key, arrow) in [("lines", false), ("arrows", true)] {
            for (i, entry) in list(fields, key).iter().enumerate() {
                let what = || format!("{} {}", &key[..key.len() - 1], i + 1);
                let points: Option<Vec<Point>> = entry
                    .get("wayPoints")
                    .and_then(Value::as_array)
                    .map(|points| points.iter().map(point).collect())
                    .unwrap_or(None);
                let points = points
                    .filter(|p| p.len() >= 2)
                    .ok_or_else(|| format!("{}: no points (`wayPoints`)", what()))?;
                scene.strokes.push(Stroke {
                    label: what(),
                    arrow,
                    points,
                    colour: colour(entry.get("color")),
                    thickness: number(entry.get("thickness")).unwrap_or(1.0),
                });
            }
        }
        for key in ["underlays", "overlays"] {
            for (i, entry) in list(fields, key).iter().enumerate() {
                let what = || format!("{} {}", &key[..key.len() - 1], i + 1);
                let center = entry
                    .get("center")
                    .and_then(point)
                    .ok_or_else(|| format!("{}: no centre (`center`)", what()))?;
                let text = match entry.get("text") {
                    Some(Value::String(text)) => text.trim().to_string(),
                    Some(Value::Number(n)) => n.to_string(),
                    _ => String::new(),
                };
                scene.shapes.push(Shape {
                    label: what(),
                    center,
                    width: number(entry.get("width")).unwrap_or(1.0),
                    height: number(entry.get("height")).unwrap_or(1.0),
                    rounded: matches!(entry.get("rounded"), Some(Value::Bool(true)))
                        || number(entry.get("rounded")).is_some_and(|r| r > 0.0),
                    fill: colour(entry.get("backgroundColor")),
                    border: colour(entry.get("borderColor")),
                    text,
                });
            }
        }
        Ok(scene)
    }
}

impl Scene {
    /// The cosmetic shapes of an f-puzzles file (`fields`), not drawn by a constraint
    /// (`fromConstraint`), as SudokuPad draws them (see its f-puzzles import): a `line`
    /// through its cells' centres, `outlineC` and 32 pixels per unit of `width`; a
    /// `circle` or `rectangle` over its cells (`baseC`, `outlineC`, `value`); a `text`.
    pub(crate) fn from_fpuzzles(fields: &serde_json::Map<String, Value>) -> Scene {
        let centre = |name: &Value| -> Option<Point> {
            let cell: crate::grid::Cell = name.as_str()?.parse().ok()?;
            Some((cell.row() as f64 + 0.5, cell.col() as f64 + 0.5))
        };
        let mut scene = Scene::default();
        let drawn = |entry: &Value| {
            entry
                .get("fromConstraint")
                .is_some_and(|f| !f.is_null() && f != &Value::Bool(false))
        };
        for (i, entry) in list(fields, "line").iter().enumerate() {
            if drawn(entry) {
                continue;
            }
            for line in entry
                .get("lines")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let points: Option<Vec<Point>> = line
                    .as_array()
                    .map(|cells| cells.iter().map(centre).collect())
                    .unwrap_or(None);
                let Some(points) = points.filter(|p| p.len() >= 2) else {
                    continue;
                };
                scene.strokes.push(Stroke {
                    label: format!("cosmetic line {}", i + 1),
                    arrow: false,
                    points,
                    colour: colour(entry.get("outlineC")),
                    thickness: 32.0 * number(entry.get("width")).unwrap_or(0.2),
                });
            }
        }
        for (key, rounded) in [("circle", true), ("rectangle", false), ("text", false)] {
            for (i, entry) in list(fields, key).iter().enumerate() {
                if drawn(entry) {
                    continue;
                }
                let centres: Vec<Point> = entry
                    .get("cells")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(centre)
                    .collect();
                if centres.is_empty() {
                    continue;
                }
                let k = centres.len() as f64;
                let center = (
                    centres.iter().map(|p| p.0).sum::<f64>() / k,
                    centres.iter().map(|p| p.1).sum::<f64>() / k,
                );
                let text = match entry.get("value") {
                    Some(Value::String(text)) => text.trim().to_string(),
                    Some(Value::Number(n)) => n.to_string(),
                    _ => String::new(),
                };
                let size = if key == "text" { 0.25 } else { 1.0 };
                scene.shapes.push(Shape {
                    label: format!("cosmetic {key} {}", i + 1),
                    center,
                    width: number(entry.get("width")).unwrap_or(size),
                    height: number(entry.get("height")).unwrap_or(size),
                    rounded,
                    fill: colour(entry.get("baseC")),
                    border: colour(entry.get("outlineC")),
                    text,
                });
            }
        }
        scene
    }
}

/// The list under `key` (none when absent or not a list).
fn list<'a>(fields: &'a serde_json::Map<String, Value>, key: &str) -> &'a [Value] {
    fields
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The cell `[row, column]` (0-based) a point lies in on an `n`×`n` grid; `None` outside.
pub(crate) fn cell_at((r, c): Point, n: usize) -> Option<(usize, usize)> {
    let inside = |v: f64| (0.0..n as f64).contains(&v);
    (inside(r) && inside(c)).then_some((r as usize, c as usize))
}

/// Whether a point is a cell's centre (within a tenth of a cell).
pub(crate) fn at_centre((r, c): Point) -> bool {
    (r.fract() - 0.5).abs() < 0.1 && (c.fract() - 0.5).abs() < 0.1
}

/// Whether a point is near a cell's centre (within a quarter of a cell): where a line that
/// stops short of the centre, or rounds a corner, still stands for the cell.
pub(crate) fn near_centre((r, c): Point) -> bool {
    (r.fract() - 0.5).abs() < 0.26 && (c.fract() - 0.5).abs() < 0.26
}

/// The two cells a point on the edge between them stands for: the middle of a side shared
/// by two orthogonal neighbours of the `n`×`n` grid (within a tenth of a cell).
pub(crate) fn edge_at((r, c): Point, n: usize) -> Option<[(usize, usize); 2]> {
    let near = |v: f64, to: f64| (v - to).abs() < 0.1;
    let (rr, cr) = (r.round(), c.round());
    let pair = if near(r, rr) && near(c.fract(), 0.5) && rr >= 1.0 {
        // A horizontal edge: the cells above and below.
        let (row, col) = (rr as usize, c.floor() as usize);
        [(row - 1, col), (row, col)]
    } else if near(c, cr) && near(r.fract(), 0.5) && cr >= 1.0 {
        let (row, col) = (r.floor() as usize, cr as usize);
        [(row, col - 1), (row, col)]
    } else {
        return None;
    };
    pair.iter().all(|&(r, c)| r < n && c < n).then_some(pair)
}

/// The cells a stroke passes through on an `n`×`n` grid, in order: the cell of each of
/// its points inside the grid and those on the straight runs between them (a run along a
/// row, a column or a diagonal), each once in a row. `None` when a run between two cells
/// is neither straight nor a step.
pub(crate) fn cells_along(points: &[Point], n: usize) -> Option<Vec<(usize, usize)>> {
    let mut cells: Vec<(usize, usize)> = Vec::new();
    for &p in points {
        let Some(cell) = cell_at(p, n) else {
            continue;
        };
        if let Some(&(r0, c0)) = cells.last() {
            if (r0, c0) == cell {
                continue;
            }
            let (dr, dc) = (cell.0 as isize - r0 as isize, cell.1 as isize - c0 as isize);
            let steps = dr.abs().max(dc.abs());
            if (dr != 0 && dc != 0 && dr.abs() != dc.abs()) || steps == 0 {
                return None;
            }
            for k in 1..steps {
                let r = r0 as isize + dr / steps * k;
                let c = c0 as isize + dc / steps * k;
                cells.push((r as usize, c as usize));
            }
        }
        cells.push(cell);
    }
    Some(cells)
}

/// `r3c4` for a 0-based cell.
pub(crate) fn cell_name((r, c): (usize, usize)) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// `r1c1-r1c2-r2c2` for cells in order.
pub(crate) fn cells_name(cells: &[(usize, usize)]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_read_as_sudokupad_writes_them_and_have_names() {
        let green = Colour::parse("#67f067ff").unwrap();
        assert_eq!(green.name(), "green");
        assert_eq!(Colour::parse("#F067F0").unwrap().name(), "pink");
        assert_eq!(Colour::parse("#2ECBFF").unwrap().name(), "blue");
        assert_eq!(Colour::parse("#cccf").unwrap().name(), "grey");
        assert_eq!(Colour::parse("#000").unwrap().name(), "black");
        assert_eq!(Colour::parse("#0003").unwrap().name(), "grey");
        assert!(Colour::parse("#0000").is_none());
        assert!(Colour::parse("none").is_none());
        assert!((Colour::parse("#fff3").unwrap().alpha - 0.2).abs() < 0.01);
    }

    #[test]
    fn strokes_pass_through_the_cells_between_their_points() {
        let cells = cells_along(&[(4.78, 3.22), (5.5, 2.5), (5.5, 0.5), (3.5, 2.5)], 9).unwrap();
        assert_eq!(cells, [(4, 3), (5, 2), (5, 1), (5, 0), (4, 1), (3, 2)]);
        assert_eq!(edge_at((1.0, 0.5), 9), Some([(0, 0), (1, 0)]));
        assert_eq!(edge_at((0.5, 3.0), 9), Some([(0, 2), (0, 3)]));
        assert_eq!(edge_at((0.5, 0.5), 9), None);
        assert!(cells_along(&[(0.5, 0.5), (1.5, 2.5)], 9).is_none());
    }
}
