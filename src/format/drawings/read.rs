//! SudokuPad's drawings read as the rules they draw: thermometers, arrows, little killers, kropki dots, XV, odd and even cells, clues outside the grid, and lines by their colour and the rules' words — each element read, known decoration, or unread.
//!
//! SudokuPad stores drawings, not rules: a thermometer is a thick line ending in a round
//! bulb, a kropki dot a small circle on the edge between two cells, a whispers line a
//! green line. Each reader here finds its shape (the way f-puzzles' export, Sudoku Maker
//! and setters draw it, in any colour), and an element is read only when the rules' words
//! agree: they name its family (a line's family is the one named beside its colour, or the
//! only line family named). What is drawn like a rule the words never name, and what no
//! reader takes, is unread, named with what it could be; an element without text whose
//! colour no rule names is decoration.

use serde_json::{Value, json};

use super::scene::{
    Colour, Point, Scene, Shape, Stroke, at_centre, cell_at, cells_along, cells_name, edge_at,
};
use crate::format::rules_text::Mention;

/// What the drawings were read as.
#[derive(Debug, Default)]
pub(crate) struct Reading {
    /// f-puzzles fields and their entries, for the f-puzzles reader to take as rules.
    pub(crate) entries: Vec<(&'static str, Value)>,
    /// f-puzzles flags the drawings set (`diagonal+`).
    pub(crate) flags: Vec<&'static str>,
    /// Each element read, with what it was read as (`thermometer r1c1-r1c3 (line 2, underlay 1)`).
    pub(crate) read: Vec<String>,
    /// Each element not read, named with what it could be.
    pub(crate) unread: Vec<String>,
}

impl Reading {
    /// Adds the rules read to f-puzzles `fields`: each entry to its field's list, each flag
    /// set. What was read and unread stays.
    pub(crate) fn add_to(&mut self, fields: &mut serde_json::Map<String, Value>) {
        for (field, entry) in self.entries.drain(..) {
            match fields.get_mut(field).and_then(Value::as_array_mut) {
                Some(list) => list.push(entry),
                None => {
                    fields.insert(field.into(), json!([entry]));
                }
            }
        }
        for flag in self.flags.drain(..) {
            fields.insert(flag.into(), json!(true));
        }
    }
}

/// The rules' words, for the readers: which rules each sentence names, and beside which
/// colours.
pub(crate) struct Words<'a> {
    pub(crate) mentions: &'a [Mention],
}

impl Words<'_> {
    /// Whether some sentence names the rule `topic`.
    fn name(&self, topic: &str) -> bool {
        self.mentions.iter().any(|m| m.topics.contains(&topic))
    }

    /// Whether some sentence has the phrase.
    fn say(&self, phrase: &str) -> bool {
        self.mentions.iter().any(|m| m.has(phrase))
    }

    /// Whether some sentence names the colour (or a colour taken for it: pink and
    /// purple, teal and blue).
    fn colour(&self, name: &str) -> bool {
        self.mentions
            .iter()
            .any(|m| m.colours.iter().any(|c| alike(c, name)))
    }

    /// The line families named in sentences that name a colour like `name`.
    fn families_beside(&self, name: &str) -> Vec<&'static str> {
        let mut found: Vec<&'static str> = self
            .mentions
            .iter()
            .filter(|m| m.colours.iter().any(|c| alike(c, name)))
            .flat_map(|m| m.topics.iter().copied())
            .filter(|t| LINE_FAMILIES.iter().any(|(family, _)| family == t))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The line families the words name anywhere.
    fn line_families(&self) -> Vec<&'static str> {
        let mut found: Vec<&'static str> = LINE_FAMILIES
            .iter()
            .map(|(family, _)| *family)
            .filter(|family| self.name(family))
            .collect();
        found.dedup();
        found
    }
}

/// Whether two colour names may be the same colour as words say it.
fn alike(a: &str, b: &str) -> bool {
    a == b
        || matches!(
            (a, b),
            ("pink", "purple") | ("purple", "pink") | ("teal", "blue") | ("blue", "teal")
        )
}

/// Line families read from a line's drawing and the rules' words: the rule's name (as
/// the rules' words name it) and its f-puzzles field.
const LINE_FAMILIES: &[(&str, &str)] = &[
    ("whispers line", "whispers"),
    ("renban line", "renban"),
    ("region-sum line", "regionsumline"),
    ("entropic line", "entropicline"),
    ("modular line", "modularline"),
    ("nabner line", "nabner"),
    ("parity line", "parityline"),
    ("zipper line", "zipperline"),
    ("palindrome", "palindrome"),
];

/// Line families whose rule is over each line as a whole (its set of digits, its pieces, its
/// middle): lines of one that meet are not read as separate lines.
const WHOLE_LINE: &[&str] = &[
    "renban line",
    "region-sum line",
    "nabner line",
    "zipper line",
    "palindrome",
];

/// The colours f-puzzles' userscript (Rangsk's new constraints) draws its lines in, which
/// SudokuPad keeps: a hint the words must still agree with. With each, the width the
/// userscript writes today (f-puzzles units, 32 pixels each); the first of a family is
/// how satdoku draws it for SudokuPad (see [`drawn_line`]).
const SIGNATURES: &[(&str, &str, f64)] = &[
    ("#f067f0", "renban line", 0.25),
    ("#c060c0", "renban line", 0.4),
    ("#67f067", "whispers line", 0.1875),
    ("#ff9a00", "whispers line", 0.1875),
    ("#ffccaa", "entropic line", 0.15625),
    ("#33bbbb", "modular line", 0.15625),
    ("#2ecbff", "region-sum line", 0.15625),
    ("#c9c883", "nabner line", 0.25),
    ("#cdb1ec", "zipper line", 0.15625),
];

/// How the line family of f-puzzles field `field` is drawn as a cosmetic line, as
/// f-puzzles' userscript copies it for SudokuPad (which reads no such field): its colour,
/// its width, and the family's name (which a rules text names beside the colour).
pub(crate) fn drawn_line(field: &str) -> Option<(&'static str, f64, &'static str)> {
    let (family, _) = LINE_FAMILIES.iter().find(|(_, f)| *f == field)?;
    SIGNATURES
        .iter()
        .find(|(_, f, _)| f == family)
        .map(|&(colour, family, width)| (colour, width, family))
}

/// f-puzzles' name of a 0-based cell (`R3C4`), also outside the grid (`R0C4`).
fn fp((r, c): (isize, isize)) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

fn fp_cells(cells: &[(usize, usize)]) -> Vec<String> {
    cells
        .iter()
        .map(|&(r, c)| fp((r as isize, c as isize)))
        .collect()
}

/// A round shape that can be a bulb or an arrow's circle: a circle (or a pill) of about a
/// cell, its centre on cells of the grid.
fn circle_cells(shape: &Shape, n: usize) -> Option<Vec<(usize, usize)>> {
    if !shape.rounded || shape.width < 0.55 || shape.height < 0.55 || !shape.text.is_empty() {
        return None;
    }
    let (r, c) = shape.center;
    let rows = (shape.height.round().max(1.0)) as usize;
    let cols = (shape.width.round().max(1.0)) as usize;
    let top = r - rows as f64 / 2.0 + 0.5;
    let left = c - cols as f64 / 2.0 + 0.5;
    let mut cells = Vec::new();
    for i in 0..rows {
        for j in 0..cols {
            let p = (top + i as f64, left + j as f64);
            if !at_centre(p) {
                return None;
            }
            cells.push(cell_at(p, n)?);
        }
    }
    Some(cells)
}

/// Whether point `p` lies on or in the circle of `shape` (within a tenth of a cell).
fn in_shape(p: Point, shape: &Shape) -> bool {
    (p.0 - shape.center.0).abs() <= shape.height / 2.0 + 0.1
        && (p.1 - shape.center.1).abs() <= shape.width / 2.0 + 0.1
}

/// Lines of one style (colour and width): the style's key, its colour, and each line's
/// place among the strokes with its cells.
type Style = (String, Colour, Vec<(usize, Vec<(usize, usize)>)>);

/// The reader's state: what each element has become.
struct Readers<'a> {
    scene: &'a Scene,
    n: usize,
    words: Words<'a>,
    /// Strokes and shapes taken by a reader.
    stroke_taken: Vec<bool>,
    shape_taken: Vec<bool>,
    out: Reading,
}

/// Reads the drawings of `scene` on an `n`×`n` grid, with the rules' `words`.
pub(crate) fn read(scene: &Scene, n: usize, words: Words<'_>) -> Reading {
    let mut readers = Readers {
        scene,
        n,
        words,
        stroke_taken: vec![false; scene.strokes.len()],
        shape_taken: vec![false; scene.shapes.len()],
        out: Reading::default(),
    };
    readers.thermometers();
    readers.arrows();
    readers.little_killers();
    readers.dots_and_letters();
    readers.parity_cells();
    readers.outside_clues();
    readers.diagonals();
    readers.lines();
    readers.rest();
    readers.out
}

impl Readers<'_> {
    /// Records an element read as `family` (`field`, `entry` for the f-puzzles reader)
    /// when the words name it, else names it unread as what it looks like.
    fn found(&mut self, topic: &str, field: &'static str, entry: Value, what: String) {
        if self.words.name(topic) {
            self.out.entries.push((field, entry));
            self.out.read.push(what);
        } else {
            self.out.unread.push(format!(
                "{what}: drawn as a {topic}, and the rules do not name one"
            ));
        }
    }

    fn stroke_name(stroke: &Stroke) -> String {
        stroke.label.clone()
    }

    fn shape_name(shape: &Shape) -> String {
        shape.label.clone()
    }

    /// A thick line from a round bulb: a thermometer, slow when the words say so.
    fn thermometers(&mut self) {
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if stroke.arrow || stroke.thickness < 4.0 {
                continue;
            }
            let ends = [stroke.points[0], stroke.points[stroke.points.len() - 1]];
            let bulb = self.scene.shapes.iter().position(|shape| {
                // A bulb of the line's own colour (an arrow's white circle is no bulb).
                let coloured = match (shape.fill, stroke.colour) {
                    (Some(fill), Some(line)) => fill.near(line) || fill.name() == line.name(),
                    _ => false,
                };
                coloured
                    && circle_cells(shape, self.n).is_some_and(|cells| cells.len() == 1)
                    && (shape.width - shape.height).abs() < 0.05
                    && ends
                        .iter()
                        .any(|&end| in_shape(end, shape) && at_centre(end))
            });
            let Some(b) = bulb else {
                continue;
            };
            let shape = &self.scene.shapes[b];
            let Some(mut cells) = cells_along(&stroke.points, self.n) else {
                continue;
            };
            if !in_shape(stroke.points[0], shape) {
                cells.reverse();
            }
            if cells.len() < 2 {
                continue;
            }
            self.stroke_taken[i] = true;
            self.shape_taken[b] = true;
            let slow = self.words.name("slow thermometer");
            let (topic, field) = if slow {
                ("slow thermometer", "slowthermometer")
            } else {
                ("thermometer", "thermometer")
            };
            let what = format!(
                "{topic} {} ({}, {})",
                cells_name(&cells),
                Self::stroke_name(stroke),
                Self::shape_name(shape)
            );
            self.found(topic, field, json!({"lines": [fp_cells(&cells)]}), what);
        }
    }

    /// An arrow whose tail starts in a circle (or pill) on the grid: an arrow sum.
    fn arrows(&mut self) {
        // Without a head when the words speak of arrows: a line from a light circle.
        let headless = self.words.name("arrow");
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if self.stroke_taken[i] || !(stroke.arrow || headless) {
                continue;
            }
            let circle_at = |p: Point| {
                self.scene.shapes.iter().enumerate().find_map(|(b, s)| {
                    // A shaft drawn in its circle's colour.
                    let light = s.fill.is_none_or(|c| c.name() == "white")
                        && s.border
                            .zip(stroke.colour)
                            .is_some_and(|(b, l)| b.near(l) || b.name() == l.name());
                    circle_cells(s, self.n)
                        .filter(|_| in_shape(p, s) && (stroke.arrow || light))
                        .map(|cells| (b, cells))
                })
            };
            let mut points = stroke.points.clone();
            let found = match circle_at(points[0]) {
                Some(found) => Some(found),
                None if !stroke.arrow => {
                    points.reverse();
                    circle_at(points[0])
                }
                None => None,
            };
            let Some((b, circle)) = found else {
                continue;
            };
            let Some(cells) = cells_along(&points, self.n) else {
                continue;
            };
            let shaft: Vec<(usize, usize)> =
                cells.into_iter().filter(|c| !circle.contains(c)).collect();
            if shaft.is_empty() {
                continue;
            }
            self.stroke_taken[i] = true;
            self.shape_taken[b] = true;
            let mut line = fp_cells(&circle[..1]);
            line.extend(fp_cells(&shaft));
            let what = format!(
                "arrow {} from {} ({}, {})",
                cells_name(&shaft),
                cells_name(&circle),
                Self::stroke_name(stroke),
                Self::shape_name(&self.scene.shapes[b])
            );
            self.found(
                "arrow",
                "arrow",
                json!({"cells": fp_cells(&circle), "lines": [line]}),
                what,
            );
        }
    }

    /// A short diagonal arrow outside the grid pointing in, with a number beside it: a
    /// little killer clue over the diagonal it points along.
    fn little_killers(&mut self) {
        let n = self.n as isize;
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if !stroke.arrow || self.stroke_taken[i] || stroke.points.len() != 2 {
                continue;
            }
            let (a, b) = (stroke.points[0], stroke.points[1]);
            let (dr, dc) = (b.0 - a.0, b.1 - a.1);
            if cell_at(a, self.n).is_some() || dr.abs() < 0.05 || (dr.abs() - dc.abs()).abs() > 0.05
            {
                continue;
            }
            let (sr, sc) = (dr.signum() as isize, dc.signum() as isize);
            // The clue's cell outside the grid, and the diagonal from it.
            let (cr, cc) = (a.0.floor() as isize, a.1.floor() as isize);
            let mut cells = Vec::new();
            let (mut r, mut c) = (cr + sr, cc + sc);
            while (0..n).contains(&r) && (0..n).contains(&c) {
                cells.push((r as usize, c as usize));
                r += sr;
                c += sc;
            }
            if cells.is_empty() {
                continue;
            }
            // Its number: a text in the clue's cell.
            let label = self.scene.shapes.iter().position(|s| {
                !s.text.is_empty()
                    && (s.center.0.floor() as isize, s.center.1.floor() as isize) == (cr, cc)
            });
            self.stroke_taken[i] = true;
            let Some(l) = label else {
                self.out.unread.push(format!(
                    "{} pointing along {}: a little killer arrow without a total",
                    Self::stroke_name(stroke),
                    cells_name(&cells)
                ));
                continue;
            };
            self.shape_taken[l] = true;
            let total = self.scene.shapes[l].text.clone();
            if total.parse::<u32>().is_err() {
                self.out.unread.push(format!(
                    "{} pointing along {} with {total:?}: a little killer arrow without a \
                     total",
                    Self::stroke_name(stroke),
                    cells_name(&cells)
                ));
                continue;
            }
            let what = format!(
                "little killer {} = {total} ({}, {})",
                cells_name(&cells),
                Self::stroke_name(stroke),
                Self::shape_name(&self.scene.shapes[l])
            );
            let entry = json!({"cell": fp((cr, cc)), "cells": fp_cells(&cells), "value": total});
            self.found("little killer sum", "littlekillersum", entry, what);
        }
    }

    /// Small circles on the edge between two cells (white or black kropki dots), and X or V
    /// on such an edge.
    fn dots_and_letters(&mut self) {
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            if self.shape_taken[i] {
                continue;
            }
            let Some(pair) = edge_at(shape.center, self.n) else {
                continue;
            };
            let cells = fp_cells(&pair);
            let text = shape.text.to_uppercase();
            let small = shape.width <= 0.5 && shape.height <= 0.5;
            if matches!(text.as_str(), "X" | "V") && small {
                self.shape_taken[i] = true;
                let what = format!("{text} {} ({})", cells_name(&pair), Self::shape_name(shape));
                self.found("XV sum", "xv", json!({"cells": cells, "value": text}), what);
            } else if shape.rounded && small && shape.width >= 0.15 {
                let dark = |c: Option<Colour>| c.is_some_and(|c| c.name() == "black");
                let light = |c: Option<Colour>| c.is_some_and(|c| c.name() == "white");
                let field = if dark(shape.fill) {
                    "ratio"
                } else if light(shape.fill) && shape.border.is_some() {
                    "difference"
                } else {
                    continue;
                };
                self.shape_taken[i] = true;
                let colour = if field == "ratio" { "black" } else { "white" };
                let mut entry = json!({"cells": cells});
                if !shape.text.is_empty() {
                    entry["value"] = json!(shape.text);
                }
                let what = format!(
                    "{colour} dot {} ({})",
                    cells_name(&pair),
                    Self::shape_name(shape)
                );
                self.found("kropki dot", field, entry, what);
            }
        }
    }

    /// A grey shape in a cell, without text: odd (a circle) or even (a square) when the
    /// words speak of odd and even digits.
    fn parity_cells(&mut self) {
        if !self.words.name("parity cell") {
            return;
        }
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            if self.shape_taken[i] || !shape.text.is_empty() || !at_centre(shape.center) {
                continue;
            }
            let grey = shape.fill.is_some_and(|c| c.name() == "grey");
            let size =
                (0.45..=0.9).contains(&shape.width) && (shape.width - shape.height).abs() < 0.05;
            let Some(cell) = cell_at(shape.center, self.n).filter(|_| grey && size) else {
                continue;
            };
            let (field, word) = if shape.rounded {
                ("odd", "odd")
            } else {
                ("even", "even")
            };
            if !self.words.say(word) {
                continue;
            }
            self.shape_taken[i] = true;
            let what = format!(
                "{word} cell {} ({})",
                cells_name(&[cell]),
                Self::shape_name(shape)
            );
            self.out
                .entries
                .push((field, json!({"cell": fp_cells(&[cell])[0]})));
            self.out.read.push(what);
        }
    }

    /// Numbers outside the grid beside a row or a column, not taken by a little killer:
    /// sandwich sums, X-sums, skyscrapers or numbered rooms, whichever the words name
    /// (only one of them).
    fn outside_clues(&mut self) {
        let kinds: Vec<(&str, &'static str)> = [
            ("sandwich sum", "sandwichsum"),
            ("X-sum", "xsum"),
            ("skyscraper clue", "skyscraper"),
            ("numbered room", "numberedroom"),
        ]
        .into_iter()
        .filter(|(topic, _)| self.words.name(topic))
        .collect();
        let n = self.n as isize;
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            if self.shape_taken[i] || shape.text.parse::<u32>().is_err() {
                continue;
            }
            let (r, c) = (
                shape.center.0.floor() as isize,
                shape.center.1.floor() as isize,
            );
            let beside_row = (r >= 0 && r < n) && (c == -1 || c == n);
            let beside_column = (c >= 0 && c < n) && (r == -1 || r == n);
            if !(beside_row || beside_column) {
                continue;
            }
            let what = format!(
                "clue {} beside {} ({})",
                shape.text,
                fp((r, c)),
                Self::shape_name(shape)
            );
            self.shape_taken[i] = true;
            match kinds.as_slice() {
                [(topic, field)] => {
                    self.out
                        .entries
                        .push((field, json!({"cell": fp((r, c)), "value": shape.text})));
                    self.out.read.push(format!("{topic} {what}"));
                }
                [] => self.out.unread.push(format!(
                    "{what}: a clue outside the grid the rules name no kind of"
                )),
                _ => self.out.unread.push(format!(
                    "{what}: a clue outside the grid of one of several kinds the rules name"
                )),
            }
        }
    }

    /// A thin line from corner to corner of the grid: a diagonal whose digits differ, when
    /// the words speak of diagonals.
    fn diagonals(&mut self) {
        let n = self.n as f64;
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if stroke.arrow || self.stroke_taken[i] || stroke.points.len() != 2 {
                continue;
            }
            let near = |p: Point, q: Point| (p.0 - q.0).abs() < 0.3 && (p.1 - q.1).abs() < 0.3;
            let (a, b) = (stroke.points[0], stroke.points[1]);
            let main = (near(a, (0.0, 0.0)) && near(b, (n, n)))
                || (near(b, (0.0, 0.0)) && near(a, (n, n)));
            let anti = (near(a, (0.0, n)) && near(b, (n, 0.0)))
                || (near(b, (0.0, n)) && near(a, (n, 0.0)));
            let flag = match (main, anti) {
                (true, _) => "diagonal-",
                (_, true) => "diagonal+",
                _ => continue,
            };
            self.stroke_taken[i] = true;
            let what = format!(
                "the {} diagonal ({})",
                if main { "main" } else { "anti-" },
                Self::stroke_name(stroke)
            );
            if self.words.name("diagonal") {
                self.out.flags.push(flag);
                self.out.read.push(what);
            } else {
                self.out.unread.push(format!(
                    "{what}: drawn as a diagonal, and the rules do not name one"
                ));
            }
        }
    }

    /// Lines through cells' centres, by style (colour and width): the line family named
    /// beside their colour, or the only line family the words name, or f-puzzles'
    /// userscript colour when the words name that family.
    fn lines(&mut self) {
        // The styles of the lines left, and their lines with cells.
        let mut styles: Vec<Style> = Vec::new();
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if stroke.arrow || self.stroke_taken[i] || stroke.thickness < 2.5 {
                continue;
            }
            let Some(colour) = stroke.colour else {
                continue;
            };
            if !stroke
                .points
                .iter()
                .all(|&p| at_centre(p) && cell_at(p, self.n).is_some())
            {
                continue;
            }
            let Some(cells) = cells_along(&stroke.points, self.n).filter(|c| c.len() >= 2) else {
                continue;
            };
            let key = format!("{} {:.1}", colour.hex(), stroke.thickness);
            match styles.iter_mut().find(|s| s.0 == key) {
                Some(style) => style.2.push((i, cells)),
                None => styles.push((key, colour, vec![(i, cells)])),
            }
        }
        let named = self.words.line_families();
        let single = styles.len() == 1 && named.len() == 1;
        for (_, colour, lines) in styles {
            let beside = self.words.families_beside(colour.name());
            let signature = SIGNATURES
                .iter()
                .find(|(hex, _, _)| Colour::parse(hex).is_some_and(|c| c.near(colour)))
                .map(|(_, family, _)| *family)
                .filter(|family| named.contains(family));
            let family = match beside.as_slice() {
                [family] => Some(*family),
                [] if single => Some(named[0]),
                [] => signature,
                _ => None,
            };
            let all: Vec<Vec<(usize, usize)>> = lines.iter().map(|(_, c)| c.clone()).collect();
            for (k, (i, cells)) in lines.into_iter().enumerate() {
                self.stroke_taken[i] = true;
                let stroke = &self.scene.strokes[i];
                // Where two lines of a style meet: for a family whose rule is over the
                // line as a whole, how they join is not read.
                let junction = all.iter().enumerate().find_map(|(j, other)| {
                    (j != k)
                        .then(|| cells.iter().find(|c| other.contains(c)))
                        .flatten()
                });
                let drawn = format!(
                    "{} line {} ({}, {})",
                    colour.name(),
                    cells_name(&cells),
                    Self::stroke_name(stroke),
                    colour.hex()
                );
                let Some(family) = family else {
                    let why = match beside.as_slice() {
                        [] => "no rule names its colour".to_string(),
                        several => {
                            format!("the rules name {} beside its colour", several.join(" and "))
                        }
                    };
                    self.out.unread.push(format!("{drawn}: {why}"));
                    continue;
                };
                if let Some(&at) = junction.filter(|_| WHOLE_LINE.contains(&family)) {
                    self.out.unread.push(format!(
                        "{drawn}: a {family} joined to another at {}, and how the two make \
                         one rule is not read",
                        cells_name(&[at])
                    ));
                    continue;
                }
                let field = LINE_FAMILIES
                    .iter()
                    .find(|(f, _)| *f == family)
                    .map_or("", |(_, field)| *field);
                let mut entry = json!({"lines": [fp_cells(&cells)]});
                if family == "whispers line"
                    && (self.words.say("dutch") || self.words.say("at least 4"))
                {
                    entry["value"] = json!(4);
                }
                self.out.entries.push((field, entry));
                self.out.read.push(format!("{family}: {drawn}"));
            }
        }
    }

    /// What no reader took: unread when it carries text, is an arrow, or is a line
    /// through cells whose colour the rules name (or which has none, or whose rules speak
    /// of lines); decoration otherwise (a frame, a shading no rule names).
    fn rest(&mut self) {
        let lines_named = self.words.say("line*");
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if self.stroke_taken[i] {
                continue;
            }
            let through_cells = stroke
                .points
                .iter()
                .all(|&p| at_centre(p) && cell_at(p, self.n).is_some());
            let named = match stroke.colour {
                Some(c) => self.words.colour(c.name()),
                None => true,
            };
            if stroke.arrow || (through_cells && (named || lines_named)) {
                let colour = stroke
                    .colour
                    .map_or("no colour".into(), |c| c.name().to_string());
                let cells = cells_along(&stroke.points, self.n).unwrap_or_default();
                self.out.unread.push(format!(
                    "{} ({colour}{}{}): no rule read from it",
                    Self::stroke_name(stroke),
                    if cells.is_empty() { "" } else { ", " },
                    cells_name(&cells)
                ));
            }
        }
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            if self.shape_taken[i] {
                continue;
            }
            let named = [shape.fill, shape.border]
                .iter()
                .flatten()
                .any(|c| c.name() != "white" && c.name() != "black" && self.words.colour(c.name()));
            if !shape.text.is_empty() || named {
                let at = cell_at(shape.center, self.n)
                    .map_or(format!("at {:?}", shape.center), |c| {
                        format!("in {}", cells_name(&[c]))
                    });
                let text = if shape.text.is_empty() {
                    String::new()
                } else {
                    format!(" {:?}", shape.text)
                };
                self.out.unread.push(format!(
                    "{}{text} {at}: no rule read from it",
                    Self::shape_name(shape)
                ));
            }
        }
    }
}
