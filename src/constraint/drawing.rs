//! What a constraint looks like in a picture: the marks each family draws (cages, lines, circles, dots, clues outside the grid …), in grid units, for the pictures to paint.

use crate::grid::{Cell, House, Shape};

/// A point of a picture in grid units: x to the right, y downwards, (0, 0) the grid's
/// top-left corner and (N, N) its bottom-right one; a cell is one unit wide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Across, from the grid's left edge.
    pub x: f32,
    /// Down, from the grid's top edge.
    pub y: f32,
}

impl Point {
    /// The point at `(x, y)`.
    pub fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }

    /// The centre of `cell`.
    pub fn centre(cell: Cell) -> Point {
        Point::new(cell.col() as f32 + 0.5, cell.row() as f32 + 0.5)
    }

    /// The point a fraction `t` of the way from `self` to `other`.
    pub fn toward(self, other: Point, t: f32) -> Point {
        Point::new(
            self.x + (other.x - self.x) * t,
            self.y + (other.y - self.y) * t,
        )
    }

    /// The point halfway between the centres of `a` and `b` (on their shared edge when
    /// they are neighbours).
    pub fn between(a: Cell, b: Cell) -> Point {
        Point::centre(a).toward(Point::centre(b), 0.5)
    }

    /// Where a clue outside a grid of `shape` stands beside `line` (a row or column): left
    /// of a row or above a column, or right or below when `from_end`.
    pub fn outside(line: House, from_end: bool, shape: Shape) -> Point {
        let n = shape.size() as f32;
        let edge = if from_end { n + 0.5 } else { -0.5 };
        match line {
            House::Row(r) => Point::new(edge, f32::from(r) + 0.5),
            House::Column(c) => Point::new(f32::from(c) + 0.5, edge),
            // Other houses have no outside: the clue stands at the top-left corner.
            _ => Point::new(-0.5, -0.5),
        }
    }
}

/// A colour as SVG writes it (`#rrggbb`).
pub type Colour = &'static str;

/// The grey of most lines, circles and clues.
pub const GREY: Colour = "#a0a0a0";

/// One mark of a picture.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A dashed outline just inside the outer edges of `cells`, with `label` (its total) in
    /// the top-left corner of its first cell in reading order.
    Cage {
        /// The cells inside the outline.
        cells: Vec<Cell>,
        /// The text in its corner.
        label: Option<String>,
    },
    /// A line through `points`, `width` wide, with round ends and joins.
    Line {
        /// The points in order.
        points: Vec<Point>,
        /// Its colour.
        colour: Colour,
        /// Its width in grid units.
        width: f32,
    },
    /// An open arrowhead at `to`, pointing away from `from`.
    Arrowhead {
        /// A point behind the head, giving its direction.
        from: Point,
        /// The tip.
        to: Point,
        /// Its colour.
        colour: Colour,
    },
    /// A circle, filled, outlined or both.
    Circle {
        /// Its centre.
        centre: Point,
        /// Its radius in grid units.
        radius: f32,
        /// The fill, if any.
        fill: Option<Colour>,
        /// The outline, if any.
        stroke: Option<Colour>,
    },
    /// A square (a diamond when `turned`), filled, outlined or both.
    Square {
        /// Its centre.
        centre: Point,
        /// Its side in grid units.
        side: f32,
        /// Turned by 45°.
        turned: bool,
        /// The fill, if any.
        fill: Option<Colour>,
        /// The outline, if any.
        stroke: Option<Colour>,
    },
    /// Text centred on `at`, `size` high, on a white halo when `halo`.
    Text {
        /// The centre of the text.
        at: Point,
        /// What it says.
        text: String,
        /// Its height in grid units.
        size: f32,
        /// Its colour.
        colour: Colour,
        /// A white outline behind it, so that it reads over lines.
        halo: bool,
    },
    /// `cells` shaded with `colour`.
    Shade {
        /// The cells.
        cells: Vec<Cell>,
        /// The shade.
        colour: Colour,
    },
    /// A rule over the whole grid, named in a line of text below it.
    Legend(String),
}

impl Mark {
    /// A line through the centres of `cells`.
    pub fn line(cells: &[Cell], colour: Colour, width: f32) -> Mark {
        Mark::Line {
            points: cells.iter().map(|&c| Point::centre(c)).collect(),
            colour,
            width,
        }
    }

    /// A line through the centres of `cells` with a white circle outlined in `colour` on
    /// each end cell (a between line, a double arrow).
    pub fn line_between_rings(cells: &[Cell], colour: Colour, width: f32) -> Vec<Mark> {
        let mut marks = vec![Mark::line(cells, colour, width)];
        for end in [cells.first(), cells.last()].into_iter().flatten() {
            marks.push(Mark::ring(*end, 0.4, colour));
        }
        marks
    }

    /// A filled circle on `cell` of `radius`.
    pub fn disc(cell: Cell, radius: f32, colour: Colour) -> Mark {
        Mark::Circle {
            centre: Point::centre(cell),
            radius,
            fill: Some(colour),
            stroke: None,
        }
    }

    /// A white circle outlined in `colour` on `cell` of `radius`.
    pub fn ring(cell: Cell, radius: f32, colour: Colour) -> Mark {
        Mark::Circle {
            centre: Point::centre(cell),
            radius,
            fill: Some("#ffffff"),
            stroke: Some(colour),
        }
    }

    /// Text centred on `at` on a white halo.
    pub fn label(at: Point, text: impl Into<String>, size: f32) -> Mark {
        Mark::Text {
            at,
            text: text.into(),
            size,
            colour: "#000000",
            halo: true,
        }
    }

    /// A white circle (one cell) or pill (several neighbouring cells, in order) outlined in
    /// `colour` around `cells`: an arrow's circle, a double arrow's ends.
    pub fn pill(cells: &[Cell], colour: Colour) -> Vec<Mark> {
        if cells.len() == 1 {
            return vec![Mark::ring(cells[0], 0.4, colour)];
        }
        vec![
            Mark::line(cells, colour, 0.84),
            Mark::line(cells, "#ffffff", 0.78),
        ]
    }

    /// A clue outside the grid beside `line` (a row or column; after its end when
    /// `from_end`): its text.
    pub fn outside(line: House, from_end: bool, shape: Shape, text: impl Into<String>) -> Mark {
        Mark::Text {
            at: Point::outside(line, from_end, shape),
            text: text.into(),
            size: 0.5,
            colour: "#000000",
            halo: false,
        }
    }

    /// The points it draws through (its extent, for the picture's margins).
    pub fn points(&self) -> Vec<Point> {
        match self {
            Mark::Cage { cells, .. } | Mark::Shade { cells, .. } => {
                cells.iter().map(|&c| Point::centre(c)).collect()
            }
            Mark::Line { points, .. } => points.clone(),
            Mark::Arrowhead { from, to, .. } => vec![*from, *to],
            Mark::Circle { centre, .. } | Mark::Square { centre, .. } => vec![*centre],
            Mark::Text { at, .. } => vec![*at],
            Mark::Legend(_) => Vec::new(),
        }
    }
}

/// The marks of a line along `cells` with an arrowhead at its end, starting at the edge of
/// a circle of `radius` around `from` (the shaft of an arrow leaving its circle).
pub fn shaft(from: Option<Point>, radius: f32, cells: &[Cell], colour: Colour) -> Vec<Mark> {
    let mut points: Vec<Point> = cells.iter().map(|&c| Point::centre(c)).collect();
    if let (Some(start), Some(&first)) = (from, points.first()) {
        let (dx, dy) = (first.x - start.x, first.y - start.y);
        let length = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
        points.insert(
            0,
            Point::new(
                start.x + dx * radius / length,
                start.y + dy * radius / length,
            ),
        );
    }
    let mut marks = Vec::new();
    if points.len() >= 2 {
        let (a, b) = (points[points.len() - 2], points[points.len() - 1]);
        marks.push(Mark::Line {
            points,
            colour,
            width: 0.05,
        });
        marks.push(Mark::Arrowhead {
            from: a,
            to: b,
            colour,
        });
    }
    marks
}

/// The cell of `cells` nearest to `to`: the cell of an arrow's circle its shaft leaves from
/// (the one touching the shaft's first cell).
pub fn nearest(cells: &[Cell], to: Cell) -> Option<Cell> {
    cells.iter().copied().min_by_key(|c| {
        let (dr, dc) = (c.row().abs_diff(to.row()), c.col().abs_diff(to.col()));
        dr * dr + dc * dc
    })
}
