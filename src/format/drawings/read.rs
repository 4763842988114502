//! SudokuPad's drawings read as the rules they draw: thermometers, arrows, little killers, kropki dots, XV, odd and even cells, between lines, quadruples, minimum and maximum cells, clones, clues outside the grid, and lines by their colour and the rules' words — each element read, known decoration, or unread.
//!
//! SudokuPad stores drawings, not rules: a thermometer is a thick line ending in a round
//! bulb, a kropki dot a small circle on the edge between two cells, a whispers line a
//! green line. Each reader here finds its shape (the way f-puzzles' export, Sudoku Maker
//! and setters draw it, in any colour), and an element is read only when the rules' words
//! agree: they name its family (a line's family is the one named beside its colour, or the
//! only line family named). What is drawn like a rule the words never name, and what no
//! reader takes, is unread, named with what it could be; an element without text whose
//! colour no rule names is decoration. What f-puzzles' SudokuPad import draws for rules
//! SudokuPad does not read (between lines, quadruples, minimum and maximum cells, clones:
//! its `fpuzzlesdecoder`) is read by the shapes it draws; clones only when their shapes
//! pair them one way, as the shading does not say which groups pair.

use serde_json::{Value, json};

use super::lines::{BRANCHING, LINE_FAMILIES, SIGNATURES, WHOLE_LINE};
use super::scene::{
    Colour, Point, Scene, Shape, Stroke, at_centre, cell_at, cells_along, cells_name, edge_at,
    near_centre,
};
use super::{LineMeaning, Settled};
use crate::constraint::compass;
use crate::format::rules_text::Mention;

/// A line read from the drawings: its colour and its cells (row, column from 0).
type DrawnLine = (Option<Colour>, Vec<(usize, usize)>);

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
    /// What the user says lines of a colour are (`--read`), whatever the words say.
    pub(crate) settled: &'a Settled,
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

    /// Whether some sentence compares shaded cells with their unshaded neighbours, the
    /// shaded ones greater (fortress cells: maximum cells) or, when not `greater`, smaller
    /// (minimum cells).
    fn fortress(&self, greater: bool) -> bool {
        let comparisons: &[&str] = if greater {
            &["greater", "larger", "higher", "bigger"]
        } else {
            &["less", "smaller", "lower"]
        };
        self.mentions
            .iter()
            .any(|m| m.has("unshaded") && m.has("shaded") && comparisons.iter().any(|w| m.has(w)))
    }

    /// The number after "sum to" (or "sums to", "add up to") in a sentence naming the rule
    /// `topic`: a sum line's total, which the words give ("segments that each sum to 10").
    fn total(&self, topic: &str) -> Option<u32> {
        self.mentions
            .iter()
            .filter(|m| m.topics.contains(&topic))
            .find_map(|m| sum_after(&m.words))
    }

    /// The sums a sentence naming a colour like `colour` gives markers of it: 10 and 5 where
    /// they are "either X or V", else the number it says they sum to ("cells connected by a
    /// blue square must sum to 7").
    fn marker_sums(&self, colour: &str) -> Option<Vec<u32>> {
        self.mentions
            .iter()
            .filter(|m| m.colours.iter().any(|c| alike(c, colour)))
            .find_map(|m| {
                if m.has("x or v") {
                    Some(vec![10, 5])
                } else {
                    sum_after(&m.words).map(|sum| vec![sum])
                }
            })
    }

    /// Whether some sentence names the colour (or a colour taken for it: pink and
    /// purple, teal and blue).
    fn colour(&self, name: &str) -> bool {
        self.mentions
            .iter()
            .any(|m| m.colours.iter().any(|c| alike(c, name)))
    }

    /// Whether some sentence gives grey dots either a white dot's rule or a black dot's
    /// ("cells separated by a grey dot are either consecutive or in a 1:2 ratio").
    fn grey_dots_either(&self) -> bool {
        self.mentions.iter().any(|m| {
            m.colours.contains(&"grey")
                && m.has("dot*")
                && m.has("consecutive")
                && m.has("ratio")
                && m.has("or")
        })
    }

    /// The number after "at least" in a sentence naming the rule `topic` (a lockout line's
    /// least difference between its ends).
    fn at_least(&self, topic: &str) -> Option<u32> {
        self.mentions
            .iter()
            .filter(|m| m.topics.contains(&topic))
            .find_map(|m| {
                m.words.windows(3).find_map(|w| {
                    (w[0] == "at" && w[1] == "least")
                        .then(|| w[2].parse().ok())
                        .flatten()
                })
            })
    }

    /// Whether some sentence names the rule `topic` and has the phrase.
    fn names_with(&self, topic: &str, phrase: &str) -> bool {
        self.mentions
            .iter()
            .any(|m| m.topics.contains(&topic) && m.has(phrase))
    }

    /// Whether some sentence names the rule `topic` and a colour like `name`.
    fn names_beside(&self, topic: &str, name: &str) -> bool {
        self.mentions
            .iter()
            .any(|m| m.topics.contains(&topic) && m.colours.iter().any(|c| alike(c, name)))
    }

    /// Whether one sentence gives lines every one of `families` at once ("Grey lines are
    /// entropic AND modular", "the lines are both whispers and palindromes"): it names
    /// them all, joined by "and" or "both", never by "or".
    fn all_at_once(&self, families: &[&'static str]) -> bool {
        families.len() > 1
            && self.mentions.iter().any(|m| {
                let topics = m.narrowed_topics();
                families.iter().all(|f| topics.contains(f))
                    && (m.has("both") || m.has("and"))
                    && !m.has("or")
                    && !m.has("either")
            })
    }

    /// The line families named in sentences that name a colour like `name`.
    fn families_beside(&self, name: &str) -> Vec<&'static str> {
        let mut found: Vec<&'static str> = self
            .mentions
            .iter()
            .filter(|m| m.colours.iter().any(|c| alike(c, name)))
            .flat_map(|m| m.narrowed_topics())
            .filter(|t| LINE_FAMILIES.iter().any(|(family, _)| family == t))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The one line family named in sentences that speak of lines of any colour ("on a
    /// coloured line"), if exactly one is.
    fn any_colour_family(&self) -> Option<&'static str> {
        let mut found: Vec<&'static str> = self
            .mentions
            .iter()
            .filter(|m| m.any_colour())
            .flat_map(|m| m.narrowed_topics())
            .filter(|t| LINE_FAMILIES.iter().any(|(family, _)| family == t))
            .collect();
        found.sort_unstable();
        found.dedup();
        match found[..] {
            [family] => Some(family),
            _ => None,
        }
    }

    /// The line families the words name anywhere.
    fn line_families(&self) -> Vec<&'static str> {
        let mut found: Vec<&'static str> = LINE_FAMILIES
            .iter()
            .map(|(family, _)| *family)
            .filter(|family| (self.mentions.iter()).any(|m| m.narrowed_topics().contains(family)))
            .collect();
        found.dedup();
        found
    }
}

/// The number after "sum to" (or "sums to", "add up to") in a sentence's words.
fn sum_after(words: &[String]) -> Option<u32> {
    (0..words.len()).find_map(|i| {
        let number = match &words[i..] {
            [sum, to, n, ..] if matches!(sum.as_str(), "sum" | "sums") && to == "to" => n,
            [add, up, to, n, ..]
                if matches!(add.as_str(), "add" | "adds") && up == "up" && to == "to" =>
            {
                n
            }
            _ => return None,
        };
        number.parse().ok()
    })
}

/// Whether two colour names may be the same colour as words say it.
fn alike(a: &str, b: &str) -> bool {
    a == b
        || matches!(
            (a, b),
            ("pink", "purple") | ("purple", "pink") | ("teal", "blue") | ("blue", "teal")
        )
}

/// f-puzzles' name of a 0-based cell (`R3C4`), also outside the grid (`R0C4`).
fn fp((r, c): (isize, isize)) -> String {
    crate::format::place::place_name((r + 1).max(0) as usize, (c + 1).max(0) as usize)
}

fn fp_cells(cells: &[(usize, usize)]) -> Vec<String> {
    cells
        .iter()
        .map(|&(r, c)| fp((r as isize, c as isize)))
        .collect()
}

/// Lines that meet as one line and its branches: the first line's cells up to where it
/// first comes back to a cell of its own, then every other piece (each line cut where it
/// comes back to a cell of its own) as a branch from a cell already drawn — from its first
/// cell, its last (reversed), or a middle one (two branches). `None` when some piece never
/// meets what is drawn.
fn branched(paths: &[Vec<(usize, usize)>]) -> Option<BranchedLine> {
    // Pieces without a cell twice; consecutive pieces of one path share their end cell.
    let mut pieces: Vec<Vec<(usize, usize)>> = Vec::new();
    for path in paths {
        let mut piece: Vec<(usize, usize)> = Vec::new();
        for &cell in path {
            if piece.contains(&cell) {
                let last = *piece.last()?;
                pieces.push(std::mem::replace(&mut piece, vec![last]));
            }
            piece.push(cell);
        }
        if piece.len() >= 2 {
            pieces.push(piece);
        }
    }
    let mut pieces = pieces.into_iter();
    let line = pieces.next()?;
    let mut drawn = line.clone();
    let mut pending: Vec<Vec<(usize, usize)>> = pieces.collect();
    let mut branches = Vec::new();
    while !pending.is_empty() {
        let (p, at) = pending.iter().enumerate().find_map(|(p, piece)| {
            piece
                .iter()
                .position(|c| drawn.contains(c))
                .map(|at| (p, at))
        })?;
        let piece = pending.remove(p);
        let mut before: Vec<(usize, usize)> = piece[..=at].to_vec();
        before.reverse();
        for branch in [piece[at..].to_vec(), before] {
            if branch.len() >= 2 {
                drawn.extend_from_slice(&branch[1..]);
                branches.push(branch);
            }
        }
    }
    Some((line, branches))
}

/// A line and its branches, as [`branched`] finds them.
type BranchedLine = (Vec<(usize, usize)>, Vec<Vec<(usize, usize)>>);

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

/// A light circle on one cell, as at a between line's ends: round, at most a cell wide,
/// white or unfilled with a border, without text. Its cell.
fn end_circle(shape: &Shape, n: usize) -> Option<(usize, usize)> {
    let light = shape.fill.is_none_or(|c| c.name() == "white") && shape.border.is_some();
    let size = (0.5..=1.0).contains(&shape.width) && (shape.width - shape.height).abs() < 0.05;
    if !(light && size && shape.rounded && shape.text.is_empty() && at_centre(shape.center)) {
        return None;
    }
    cell_at(shape.center, n)
}

/// A grey square over one cell, without text, as f-puzzles' SudokuPad import shades
/// minimum, maximum and clone cells. Its cell.
fn grey_square(shape: &Shape, n: usize) -> Option<(usize, usize)> {
    let grey = shape.fill.is_some_and(|c| c.name() == "grey");
    let size = (0.9..=1.1).contains(&shape.width) && (0.9..=1.1).contains(&shape.height);
    if !(grey && size && !shape.rounded && shape.text.is_empty() && at_centre(shape.center)) {
        return None;
    }
    cell_at(shape.center, n)
}

/// A step from a cell to another, or a cell's place in a shape: `(rows, columns)`.
type Step = (isize, isize);

/// A mark as f-puzzles' SudokuPad import draws it in a minimum or maximum cell toward a
/// neighbour: a thin black chevron of three points, its wings level and its tip a small
/// step off their middle, inside one cell near one of its sides. Its cell, that side (a
/// step `(row, column)`), and whether the tip points out of the cell (a maximum's) rather
/// than in (a minimum's).
fn chevron(stroke: &Stroke, n: usize) -> Option<((usize, usize), Step, bool)> {
    let black = stroke.colour.is_some_and(|c| c.name() == "black");
    if stroke.arrow || !black || stroke.thickness > 3.0 {
        return None;
    }
    let [a, tip, b] = stroke.points[..] else {
        return None;
    };
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let (v, w) = ((tip.0 - mid.0, tip.1 - mid.1), (a.0 - mid.0, a.1 - mid.1));
    // Each vector as (along the tip's axis, across it).
    let vertical = v.0.abs() > v.1.abs();
    let axes = |p: Point| if vertical { p } else { (p.1, p.0) };
    let (v, w) = (axes(v), axes(w));
    if !(0.02..=0.2).contains(&v.0.abs())
        || v.1.abs() > 0.02
        || w.0.abs() > 0.02
        || !(0.03..=0.3).contains(&w.1.abs())
    {
        return None;
    }
    let cell = cell_at(mid, n)?;
    if cell_at(tip, n) != Some(cell) {
        return None;
    }
    let centre = axes((cell.0 as f64 + 0.5, cell.1 as f64 + 0.5));
    let m = axes(mid);
    let off = m.0 - centre.0;
    if !(0.25..=0.49).contains(&off.abs()) || (m.1 - centre.1).abs() > 0.05 {
        return None;
    }
    let sign = if off > 0.0 { 1 } else { -1 };
    let side = if vertical { (sign, 0) } else { (0, sign) };
    Some((cell, side, v.0 * off > 0.0))
}

/// The digits of a quadruple's text: one to four digits of the grid, apart (f-puzzles'
/// SudokuPad import writes `1 2\n3 4` with thin spaces; commas too) or, on a grid of at
/// most nine digits, together (`12`).
fn quadruple_digits(text: &str, n: usize) -> Option<Vec<u32>> {
    let digit = |d: u32| (1..=n as u32).contains(&d).then_some(d);
    let mut digits = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        match token.parse::<u32>().ok().and_then(digit) {
            Some(d) => digits.push(d),
            None if n <= 9 => {
                for c in token.chars() {
                    digits.push(c.to_digit(10).and_then(digit)?);
                }
            }
            None => return None,
        }
    }
    (1..=4).contains(&digits.len()).then_some(digits)
}

/// The orthogonally connected groups of `cells`, each in reading order.
fn connected(cells: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut seen = vec![false; cells.len()];
    let mut groups = Vec::new();
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut group = vec![cells[start]];
        let mut k = 0;
        while let Some(&(r, c)) = group.get(k) {
            for (j, &(r2, c2)) in cells.iter().enumerate() {
                if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    seen[j] = true;
                    group.push((r2, c2));
                }
            }
            k += 1;
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}

/// Lines of one style (colour and width): the style's key, its colour, and each line's
/// place among the strokes with its cells and the cells where it stops short of the centre
/// (an end drawn apart from another line's there).
type Style = (String, Colour, Vec<StyledLine>);

/// A line of a [`Style`]: its stroke, its cells, and the end cells it stops short in.
type StyledLine = (usize, Vec<(usize, usize)>, Vec<(usize, usize)>);

/// The reader's state: what each element has become.
struct Readers<'a> {
    scene: &'a Scene,
    n: usize,
    words: Words<'a>,
    /// The cells of the puzzle's killer cages, read before the drawings.
    cages: &'a [Vec<(usize, usize)>],
    /// Strokes and shapes taken by a reader.
    stroke_taken: Vec<bool>,
    shape_taken: Vec<bool>,
    out: Reading,
}

/// Reads the drawings of `scene` on an `n`×`n` grid, with the rules' `words` and the
/// puzzle's killer `cages` (which roman numerals between them join).
pub(crate) fn read(
    scene: &Scene,
    n: usize,
    words: Words<'_>,
    cages: &[Vec<(usize, usize)>],
) -> Reading {
    let mut readers = Readers {
        scene,
        n,
        words,
        cages,
        stroke_taken: vec![false; scene.strokes.len()],
        shape_taken: vec![false; scene.shapes.len()],
        out: Reading::default(),
    };
    readers.thermometers();
    readers.between_lines();
    readers.arrows();
    readers.little_killers();
    readers.sight_arrows();
    readers.roman_numerals();
    readers.dots_and_letters();
    readers.quadruples();
    readers.counting_circles();
    readers.border_counts();
    readers.parity_cells();
    readers.extrema();
    readers.clones();
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

    /// The thermometers the words give, as their topic and f-puzzles field: slow when the
    /// words say so.
    fn thermometer_kind(&self) -> (&'static str, &'static str) {
        if self.words.name("slow thermometer") {
            ("slow thermometer", "slowthermometer")
        } else {
            ("thermometer", "thermometer")
        }
    }

    /// A thick line from a round bulb: a thermometer, slow when the words say so.
    fn thermometers(&mut self) {
        let mut thermometers = Vec::new();
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
            let (topic, field) = self.thermometer_kind();
            let what = format!(
                "{topic} {} ({}, {})",
                cells_name(&cells),
                Self::stroke_name(stroke),
                Self::shape_name(shape)
            );
            self.found(topic, field, json!({"lines": [fp_cells(&cells)]}), what);
            thermometers.push((stroke.colour, cells));
        }
        self.thermometer_branches(thermometers);
    }

    /// Thick lines of a thermometer's colour that leave one of its cells (no bulb of their
    /// own): branches, each a thermometer from the bulb along the first line to where the
    /// branch leaves it and on along the branch (branches of branches too).
    fn thermometer_branches(&mut self, mut thermometers: Vec<DrawnLine>) {
        let (topic, field) = self.thermometer_kind();
        loop {
            let mut grew = None;
            'strokes: for (i, stroke) in self.scene.strokes.iter().enumerate() {
                if stroke.arrow || self.stroke_taken[i] || stroke.thickness < 4.0 {
                    continue;
                }
                if !stroke.points.iter().all(|&p| at_centre(p)) {
                    continue;
                }
                let Some(cells) = cells_along(&stroke.points, self.n).filter(|c| c.len() >= 2)
                else {
                    continue;
                };
                for (colour, path) in &thermometers {
                    let same = colour
                        .zip(stroke.colour)
                        .is_some_and(|(a, b)| a.near(b) || a.name() == b.name());
                    if !same {
                        continue;
                    }
                    let mut branch = cells.clone();
                    if !path.contains(&branch[0]) {
                        branch.reverse();
                    }
                    let Some(at) = path.iter().position(|&c| c == branch[0]) else {
                        continue;
                    };
                    let mut whole = path[..=at].to_vec();
                    whole.extend_from_slice(&branch[1..]);
                    if branch[1..].iter().any(|c| path[..=at].contains(c)) {
                        continue;
                    }
                    grew = Some((i, *colour, whole));
                    break 'strokes;
                }
            }
            let Some((i, colour, whole)) = grew else {
                return;
            };
            self.stroke_taken[i] = true;
            let what = format!(
                "{topic} {} ({}, a branch of a thermometer from its bulb)",
                cells_name(&whole),
                Self::stroke_name(&self.scene.strokes[i]),
            );
            self.found(topic, field, json!({"lines": [fp_cells(&whole)]}), what);
            thermometers.push((colour, whole));
        }
    }

    /// An arrow whose tail starts in a circle (or pill) on the grid: an arrow sum, or a
    /// difference arrow where the words give arrows a difference.
    fn arrows(&mut self) {
        // Without a head when the words speak of arrows: a line from a light circle.
        // Where the words give arrows both a sum and a difference, which arrow is which is
        // not read: sum arrows, and the difference named unread.
        let difference = self.words.name("difference arrow") && !self.words.name("arrow");
        let headless = self.words.name("arrow") || difference;
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
            // Arrows the words give a difference ("digits on an arrow have the DIFFERENCE
            // of the digit in the attached circle").
            let (topic, field) = match difference {
                true => ("difference arrow", "differencearrow"),
                false => ("arrow", "arrow"),
            };
            let what = format!(
                "{topic} {} from {} ({}, {})",
                cells_name(&shaft),
                cells_name(&circle),
                Self::stroke_name(stroke),
                Self::shape_name(&self.scene.shapes[b])
            );
            self.found(
                topic,
                field,
                json!({"cells": fp_cells(&circle), "lines": [line]}),
                what,
            );
        }
    }

    /// A short diagonal arrow outside the grid pointing in, with a number beside it: a
    /// little killer clue over the diagonal it points along (a look-and-say clue where the
    /// words read indicated diagonals so; every indicated diagonal, with a total or a `?`,
    /// also one of a set of counting groups where the words count the arrow diagonals that
    /// contain a digit). Without a number, where the
    /// rules give the indicated diagonals the same product, the diagonals are one set of
    /// equal products.
    fn little_killers(&mut self) {
        let n = self.n as isize;
        let products = self.words.name("equal products");
        let sums = self.words.name("equal sums");
        // Diagonals the words read as look-and-say clues (and no little killer named).
        let look_and_say = self.words.mentions.iter().any(|m| {
            m.narrowed_topics().contains(&"digit count")
                && (m.has("look and say") || m.has("look-and-say"))
                && m.has("diagonal*")
        });
        let look_and_say = look_and_say
            && !(self.words.mentions.iter())
                .any(|m| m.narrowed_topics().contains(&"little killer"));
        // Every indicated diagonal in one set of counting groups, where the words count
        // "how many arrow diagonals contain that digit" (a `?` marks one without a total).
        let counting = self.words.name("counting groups");
        let mut counted: Vec<(Vec<(usize, usize)>, String)> = Vec::new();
        let mut diagonals: Vec<(Vec<(usize, usize)>, String)> = Vec::new();
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
            if counting {
                counted.push((cells.clone(), Self::stroke_name(stroke)));
            }
            let no_total = |text: &str| text.trim() == "?" && counting;
            let Some(l) = label.filter(|&l| !no_total(&self.scene.shapes[l].text)) else {
                if let Some(l) = label {
                    // A `?`: a counted diagonal without a total.
                    self.shape_taken[l] = true;
                    continue;
                }
                if counting {
                    continue;
                }
                if products || sums {
                    diagonals.push((cells, Self::stroke_name(stroke)));
                    continue;
                }
                self.out.unread.push(format!(
                    "{} pointing along {}: a little killer arrow without a total",
                    Self::stroke_name(stroke),
                    cells_name(&cells)
                ));
                continue;
            };
            self.shape_taken[l] = true;
            let total = self.scene.shapes[l].text.clone();
            if look_and_say {
                // "An indicated diagonal is read as a 'Look and Say' clue": count–digit
                // pairs, which the f-puzzles reader checks.
                let what = format!(
                    "look-and-say clue {total} on {} ({}, {})",
                    cells_name(&cells),
                    Self::stroke_name(stroke),
                    Self::shape_name(&self.scene.shapes[l])
                );
                let entry = json!({"cells": fp_cells(&cells), "clue": total});
                self.found("digit count", "lookandsay", entry, what);
                continue;
            }
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
            self.found("little killer", "littlekillersum", entry, what);
        }
        if !counted.is_empty() {
            let groups: Vec<Value> = counted.iter().map(|(c, _)| json!(fp_cells(c))).collect();
            self.out
                .entries
                .push(("countinggroups", json!({ "groups": groups })));
            for (cells, label) in &counted {
                self.out.read.push(format!(
                    "counting groups: the diagonal {} ({label})",
                    cells_name(cells)
                ));
            }
        }
        if diagonals.len() >= 2 && products != sums {
            let (field, what) = match products {
                true => ("equalproducts", "equal products"),
                false => ("equalsums", "equal sums"),
            };
            let groups: Vec<Value> = diagonals.iter().map(|(c, _)| json!(fp_cells(c))).collect();
            self.out.entries.push((field, json!({ "groups": groups })));
            for (cells, label) in &diagonals {
                self.out.read.push(format!(
                    "{what}: the diagonal {} ({label})",
                    cells_name(cells)
                ));
            }
        } else {
            for (cells, label) in &diagonals {
                self.out.unread.push(format!(
                    "{label} pointing along {}: a little killer arrow without a total, the \
                     only diagonal indicated",
                    cells_name(cells)
                ));
            }
        }
    }

    /// Short arrows inside cells, where the words speak of cells that see along their
    /// arrows ("Each cell with arrows counts the number of digits it sees with the same
    /// parity as itself"): a parity-vision cell per cell, its arrows' directions.
    fn sight_arrows(&mut self) {
        if !self.words.name("parity-vision cell") {
            return;
        }
        // Each cell with arrows: its directions and the arrows' names.
        type Sighted = ((usize, usize), Vec<&'static str>, Vec<String>);
        let mut cells: Vec<Sighted> = Vec::new();
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if !stroke.arrow || self.stroke_taken[i] || stroke.points.len() != 2 {
                continue;
            }
            let (a, b) = (stroke.points[0], stroke.points[1]);
            let (Some(from), Some(to)) = (cell_at(a, self.n), cell_at(b, self.n)) else {
                continue;
            };
            let (dr, dc) = (b.0 - a.0, b.1 - a.1);
            let step = |d: f64| {
                if d.abs() < 0.05 {
                    0
                } else {
                    d.signum() as isize
                }
            };
            let Some(name) = compass(step(dr), step(dc)).filter(|_| from == to) else {
                continue;
            };
            self.stroke_taken[i] = true;
            match cells.iter_mut().find(|(c, _, _)| *c == from) {
                Some((_, names, labels)) => {
                    names.push(name);
                    labels.push(Self::stroke_name(stroke));
                }
                None => cells.push((from, vec![name], vec![Self::stroke_name(stroke)])),
            }
        }
        for (cell, names, labels) in cells {
            let what = format!(
                "parity-vision cell {} seeing {} ({})",
                cells_name(&[cell]),
                names.join(", "),
                labels.join(", ")
            );
            let entry = json!({"cell": fp_cells(&[cell])[0], "directions": names});
            self.found("parity-vision cell", "parityvision", entry, what);
        }
    }

    /// Roman numerals (C, D, L, M) on the edge between two killer cages, where the rules
    /// speak of roman numeral cages: the cages' numbers, read top to bottom or left to
    /// right, add up to the numeral's value (a weighted sum of numbers).
    fn roman_numerals(&mut self) {
        if !self.words.name("weighted sum") {
            return;
        }
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            let value = match shape.text.trim() {
                "L" => 50,
                "C" => 100,
                "D" => 500,
                "M" => 1000,
                _ => continue,
            };
            if self.shape_taken[i] {
                continue;
            }
            let Some(pair) = edge_at(shape.center, self.n) else {
                continue;
            };
            let cage_of = |cell: (usize, usize)| self.cages.iter().find(|c| c.contains(&cell));
            let (Some(a), Some(b)) = (cage_of(pair[0]), cage_of(pair[1])) else {
                continue;
            };
            if a == b {
                continue;
            }
            self.shape_taken[i] = true;
            // Each cage's cells in reading order: top to bottom, left to right.
            let number = |cage: &Vec<(usize, usize)>| {
                let mut cells = cage.clone();
                cells.sort_unstable();
                fp_cells(&cells)
            };
            let what = format!(
                "{} between the cages {} and {} ({}): their numbers add up to {value}",
                shape.text.trim(),
                cells_name(a),
                cells_name(b),
                Self::shape_name(shape)
            );
            self.out.entries.push((
                "weightedsum",
                json!({"numbers": [number(a), number(b)], "sum": value}),
            ));
            self.out.read.push(what);
        }
    }

    /// Small circles on the edge between two cells (white or black kropki dots), and X or V
    /// on such an edge.
    fn dots_and_letters(&mut self) {
        // A letter V between cells one above the other is an inequality sign where the
        // words name those and no XV, and no XV letter is drawn.
        let v_sign = self.words.name("inequality sign")
            && !self.words.name("XV sum")
            && !self.xv_letters_drawn();
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
            // An inequality sign on the edge: `<` `>` between cells side by side, `^` `˄`
            // `∧` (`˅` `∨`) between cells one above the other, pointing to the smaller.
            let side_by_side = pair[0].0 == pair[1].0;
            let greater = match (shape.text.as_str(), side_by_side) {
                (">", true) | ("˅" | "∨", false) => Some([pair[0], pair[1]]),
                ("v" | "V", false) if v_sign => Some([pair[0], pair[1]]),
                ("<", true) | ("^" | "˄" | "∧", false) => Some([pair[1], pair[0]]),
                _ => None,
            };
            if let Some(order) = greater {
                self.shape_taken[i] = true;
                let what = format!(
                    "inequality sign {} > {} ({})",
                    cells_name(&order[..1]),
                    cells_name(&order[1..]),
                    Self::shape_name(shape)
                );
                let entry = json!({"cells": fp_cells(&order)});
                self.found("inequality sign", "greaterthan", entry, what);
            } else if let Some(sums) = (shape.fill)
                .filter(|_| small && text.is_empty())
                .and_then(|fill| self.words.marker_sums(fill.name()))
            {
                // A marker of a colour the words give a sum ("cells connected by a blue
                // square must sum to 7"), or either X or V ("the green dots").
                self.shape_taken[i] = true;
                let colour = shape.fill.map_or("", |c| c.name());
                let what = format!(
                    "{colour} marker {} ({}): {}",
                    cells_name(&pair),
                    Self::shape_name(shape),
                    match &sums[..] {
                        [sum] => format!("digits adding up to {sum}"),
                        _ => "an X or a V".to_string(),
                    }
                );
                let entry = json!({"cells": cells, "sums": sums});
                self.found("XV sum", "xv", entry, what);
            } else if matches!(text.as_str(), "X" | "V") && small {
                self.shape_taken[i] = true;
                let what = format!("{text} {} ({})", cells_name(&pair), Self::shape_name(shape));
                self.found("XV sum", "xv", json!({"cells": cells, "value": text}), what);
            } else if shape.rounded && small && shape.width >= 0.15 {
                let dark = |c: Option<Colour>| c.is_some_and(|c| c.name() == "black");
                let light = |c: Option<Colour>| c.is_some_and(|c| c.name() == "white");
                let grey = shape.fill.is_some_and(|c| c.name() == "grey");
                if grey && self.words.grey_dots_either() {
                    self.shape_taken[i] = true;
                    let what = format!(
                        "grey dot {} ({}): a white or a black dot",
                        cells_name(&pair),
                        Self::shape_name(shape)
                    );
                    let entry = json!({"cells": cells, "families": ["white-dot", "black-dot"]});
                    self.found("kropki dot", "anyof", entry, what);
                    continue;
                }
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

    /// Whether an X, or a V between cells side by side, is drawn on an edge: letters of XV,
    /// so that a V between cells one above the other is one too.
    fn xv_letters_drawn(&self) -> bool {
        self.scene.shapes.iter().any(|shape| {
            let text = shape.text.to_uppercase();
            edge_at(shape.center, self.n)
                .is_some_and(|pair| text == "X" || (text == "V" && pair[0].0 == pair[1].0))
        })
    }

    /// Circles in cells, without text, when the words speak of counting circles ("any
    /// digit in a circle indicates exactly how many circles contain that digit"): one set
    /// of all of them.
    fn counting_circles(&mut self) {
        if !self.words.name("counting circles") {
            return;
        }
        let (cells, taken) = self.cell_circles();
        if cells.is_empty() {
            return;
        }
        for &i in &taken {
            self.shape_taken[i] = true;
        }
        self.out.read.push(format!(
            "counting circles {} ({} circles)",
            cells_name(&cells),
            cells.len()
        ));
        self.out
            .entries
            .push(("countingcircles", json!({"cells": fp_cells(&cells)})));
    }

    /// Circles in cells, without text, when the words speak of borders between regions
    /// ("a digit in a circle indicates the number of borders between regions it sees in
    /// its row and column"): a border-count circle each.
    fn border_counts(&mut self) {
        if !self.words.name("border-count circle") {
            return;
        }
        let (cells, taken) = self.cell_circles();
        for &i in &taken {
            self.shape_taken[i] = true;
        }
        for cell in cells {
            self.out
                .read
                .push(format!("border-count circle {}", cells_name(&[cell])));
            self.out
                .entries
                .push(("bordercount", json!({"cell": fp_cells(&[cell])})));
        }
    }

    /// The circles drawn in cells without text, one a cell, not read yet: their cells and
    /// the shapes' indices.
    fn cell_circles(&self) -> (Vec<(usize, usize)>, Vec<usize>) {
        let mut cells = Vec::new();
        let mut taken = Vec::new();
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            if self.shape_taken[i] || !shape.text.is_empty() || !shape.rounded {
                continue;
            }
            let size =
                (0.45..=0.95).contains(&shape.width) && (shape.width - shape.height).abs() < 0.05;
            let Some(cell) = cell_at(shape.center, self.n)
                .filter(|cell| size && at_centre(shape.center) && !cells.contains(cell))
            else {
                continue;
            };
            cells.push(cell);
            taken.push(i);
        }
        (cells, taken)
    }

    /// A grey shape in a cell (or one of a colour the words name with odd or even
    /// digits), without text: odd (a circle) or even (a square) when the words speak of odd
    /// and even digits.
    fn parity_cells(&mut self) {
        if !self.words.name("parity cell") {
            return;
        }
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            if self.shape_taken[i] || !shape.text.is_empty() || !at_centre(shape.center) {
                continue;
            }
            // Grey, as f-puzzles draws them, or a colour the words give odd or even cells
            // ("The yellow circles contain odd digits"); a square only outlined in grey
            // where the words speak of a grey square.
            let named = |colour: Option<Colour>| {
                colour.is_some_and(|c| {
                    c.name() == "grey" || self.words.names_beside("parity cell", c.name())
                })
            };
            let grey_square = ["grey square*", "gray square*"]
                .iter()
                .any(|phrase| self.words.say(phrase));
            let grey = named(shape.fill) || (!shape.rounded && grey_square && named(shape.border));
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
            ("sandwich", "sandwichsum"),
            ("X-sum", "xsum"),
            ("skyscraper", "skyscraper"),
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
    /// userscript colour when the words name that family. A line may stop short of an end
    /// cell's centre or round a corner (within a quarter of a cell of the centre); two
    /// lines that meet in a cell where both stop short are drawn apart, not joined.
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
                .all(|&p| near_centre(p) && cell_at(p, self.n).is_some())
            {
                continue;
            }
            let Some(cells) = cells_along(&stroke.points, self.n).filter(|c| c.len() >= 2) else {
                continue;
            };
            let short: Vec<(usize, usize)> = [stroke.points.first(), stroke.points.last()]
                .into_iter()
                .flatten()
                .filter(|&&p| !at_centre(p))
                .filter_map(|&p| cell_at(p, self.n))
                .collect();
            let key = format!("{} {:.1}", colour.hex(), stroke.thickness);
            match styles.iter_mut().find(|s| s.0 == key) {
                Some(style) => style.2.push((i, cells, short)),
                None => styles.push((key, colour, vec![(i, cells, short)])),
            }
        }
        // A wider line under a line of another style through the same cells is its outline
        // (a white line drawn over a grey one): decoration.
        let every: Vec<(usize, Vec<(usize, usize)>)> = (styles.iter())
            .flat_map(|s| s.2.iter().map(|(i, cells, _)| (*i, cells.clone())))
            .collect();
        for style in &mut styles {
            style.2.retain(|(i, cells, _)| {
                let width = self.scene.strokes[*i].thickness;
                let reversed: Vec<(usize, usize)> = cells.iter().rev().copied().collect();
                let Some(&(over, _)) = every.iter().find(|(j, other)| {
                    (*other == *cells || *other == reversed)
                        && self.scene.strokes[*j].thickness < width
                        && self.scene.strokes[*j].colour != self.scene.strokes[*i].colour
                }) else {
                    return true;
                };
                self.stroke_taken[*i] = true;
                self.out.read.push(format!(
                    "decoration: {} line {} ({}), the outline of {}",
                    style.1.name(),
                    cells_name(cells),
                    Self::stroke_name(&self.scene.strokes[*i]),
                    Self::stroke_name(&self.scene.strokes[over])
                ));
                false
            });
        }
        styles.retain(|s| !s.2.is_empty());
        let named = self.words.line_families();
        let single = styles.len() == 1 && named.len() == 1;
        let any_colour = self.words.any_colour_family();
        for (_, colour, lines) in styles {
            let beside = self.words.families_beside(colour.name());
            let signature = SIGNATURES
                .iter()
                .find(|(hex, _, _)| Colour::parse(hex).is_some_and(|c| c.near(colour)))
                .map(|(_, family, _)| *family)
                .filter(|family| named.contains(family));
            let families: Vec<&'static str> =
                match (self.words.settled.line(colour), beside.as_slice()) {
                    (None, several) if self.words.all_at_once(several) => several.to_vec(),
                    (Some(LineMeaning::Family(family)), _) => vec![family],
                    (Some(LineMeaning::Decoration), _) => {
                        for (i, cells, _) in &lines {
                            self.stroke_taken[*i] = true;
                            self.out.read.push(format!(
                                "decoration (--read): {} line {} ({})",
                                colour.name(),
                                cells_name(cells),
                                Self::stroke_name(&self.scene.strokes[*i])
                            ));
                        }
                        continue;
                    }
                    (None, [family]) => vec![*family],
                    (None, []) if any_colour.is_some() => any_colour.into_iter().collect(),
                    (None, []) if single => vec![named[0]],
                    (None, []) => signature.into_iter().collect(),
                    (None, _) => Vec::new(),
                };
            // Where two lines of a style meet (two ends that both stop short in a cell are
            // drawn apart): one line with branches for families that read them so.
            let meet = |k: usize, j: usize| {
                let ((_, cells, short), (_, other, apart)) = (&lines[k], &lines[j]);
                (j != k)
                    .then(|| {
                        cells.iter().find(|c| {
                            other.contains(c) && !(short.contains(c) && apart.contains(c))
                        })
                    })
                    .flatten()
            };
            let branching = !families.is_empty() && families.iter().all(|f| BRANCHING.contains(f));
            let mut grouped = vec![false; lines.len()];
            if branching {
                for k in 0..lines.len() {
                    if grouped[k] {
                        continue;
                    }
                    let mut group = vec![k];
                    let mut next = 0;
                    while next < group.len() {
                        let at = group[next];
                        for j in 0..lines.len() {
                            if !group.contains(&j) && meet(at, j).is_some() {
                                group.push(j);
                            }
                        }
                        next += 1;
                    }
                    if group.len() < 2 {
                        continue;
                    }
                    group.sort_unstable();
                    for &j in &group {
                        grouped[j] = true;
                        self.stroke_taken[lines[j].0] = true;
                    }
                    let paths: Vec<Vec<(usize, usize)>> =
                        group.iter().map(|&j| lines[j].1.clone()).collect();
                    let strokes: Vec<String> = (group.iter())
                        .map(|&j| Self::stroke_name(&self.scene.strokes[lines[j].0]))
                        .collect();
                    let drawn = format!(
                        "{} lines {} ({}, {})",
                        colour.name(),
                        (paths.iter().map(|p| cells_name(p)))
                            .collect::<Vec<_>>()
                            .join(" and "),
                        strokes.join(", "),
                        colour.hex()
                    );
                    let Some((line, branches)) = branched(&paths) else {
                        self.out.unread.push(format!(
                            "{drawn}: lines that meet, and how they make one line is not read"
                        ));
                        continue;
                    };
                    for &family in &families {
                        let field = LINE_FAMILIES
                            .iter()
                            .find(|(f, _)| *f == family)
                            .map_or("", |(_, field)| *field);
                        let branch_cells: Vec<Vec<String>> =
                            branches.iter().map(|b| fp_cells(b)).collect();
                        let entry = json!({"lines": [fp_cells(&line)], "branches": branch_cells});
                        self.out.entries.push((field, entry));
                        self.out
                            .read
                            .push(format!("{family}: {drawn}, one line with branches"));
                    }
                }
            }
            for (k, (i, cells, _)) in lines.iter().enumerate() {
                if grouped[k] {
                    continue;
                }
                self.stroke_taken[*i] = true;
                let stroke = &self.scene.strokes[*i];
                // For a family whose rule is over the line as a whole, how lines that meet
                // join is not read.
                let junction = (0..lines.len()).find_map(|j| meet(k, j));
                let drawn = format!(
                    "{} line {} ({}, {})",
                    colour.name(),
                    cells_name(cells),
                    Self::stroke_name(stroke),
                    colour.hex()
                );
                if families.is_empty() {
                    let why = match beside.as_slice() {
                        [] => "no rule names its colour".to_string(),
                        several => {
                            format!("the rules name {} beside its colour", several.join(" and "))
                        }
                    };
                    self.out.unread.push(format!("{drawn}: {why}"));
                    continue;
                }
                for &family in &families {
                    if let Some(&at) = junction.filter(|_| WHOLE_LINE.contains(&family)) {
                        self.out.unread.push(format!(
                            "{drawn}: a {family} joined to another at {}, and how the two make \
                         one rule is not read",
                            cells_name(&[at])
                        ));
                        continue;
                    }
                    let mut field = LINE_FAMILIES
                        .iter()
                        .find(|(f, _)| *f == family)
                        .map_or("", |(_, field)| *field);
                    // "Sequence lines contain digits in order": a same-difference line
                    // whose digits run in order.
                    if family == "same-difference line"
                        && (self.words.names_with(family, "sequence")
                            || self.words.names_with(family, "in order"))
                    {
                        field = "sequenceline";
                    }
                    // An index line starts at the end a mark (a diamond) stands on.
                    let mut oriented = cells.clone();
                    if family == "index line" {
                        match self.marked_ends(cells) {
                            [true, false] => {}
                            [false, true] => oriented.reverse(),
                            _ => {
                                self.out.unread.push(format!(
                                    "{drawn}: an index line, and no mark on one end only says \
                                     where it starts"
                                ));
                                continue;
                            }
                        }
                    }
                    let mut entry = json!({"lines": [fp_cells(&oriented)]});
                    // "The sum of the first two digits equals the sum of the last two": on
                    // a line of four cells, its halves; halves of longer lines where the
                    // words say halves.
                    if family == "equal-halves line" {
                        let len = cells.len();
                        if len % 2 == 1 || (len != 4 && !self.words.names_with(family, "half*")) {
                            self.out.unread.push(format!(
                                "{drawn}: a line of {len} cells, and which of its digits add up \
                                 alike the words say only for four cells or even halves"
                            ));
                            continue;
                        }
                        let (first, last) = cells.split_at(len / 2);
                        entry = json!({"groups": [fp_cells(first), fp_cells(last)]});
                    }
                    if family == "sum line" {
                        let Some(total) = self.words.total(family) else {
                            self.out.unread.push(format!(
                                "{drawn}: a sum line, and the rules give no total it sums to"
                            ));
                            continue;
                        };
                        entry["value"] = json!(total);
                    }
                    if family == "whispers line"
                        && (self.words.say("dutch") || self.words.say("at least 4"))
                    {
                        entry["value"] = json!(4);
                    }
                    // "The endpoints, which have a difference of at least 4".
                    if family == "lockout line"
                        && let Some(least) = self.words.at_least(family)
                    {
                        entry["value"] = json!(least);
                    }
                    self.out.entries.push((field, entry));
                    let named = if field == "sequenceline" {
                        "sequence line"
                    } else {
                        family
                    };
                    let start = match family {
                        "index line" => format!(", starting at {}", cells_name(&oriented[..1])),
                        _ => String::new(),
                    };
                    self.out.read.push(format!("{named}: {drawn}{start}"));
                    if family == "zipper line" {
                        self.centre_marks(cells, &drawn);
                    }
                    if family == "lockout line" || family == "index line" {
                        self.end_marks(cells, &drawn);
                    }
                }
            }
        }
    }

    /// Whether a mark without text, no larger than a cell and not yet read, stands centred on
    /// each end cell of the line through `cells` (an index line's diamond on its start).
    fn marked_ends(&self, cells: &[(usize, usize)]) -> [bool; 2] {
        let centre = |(r, c): (usize, usize)| (r as f64 + 0.5, c as f64 + 0.5);
        [cells[0], cells[cells.len() - 1]]
            .map(|end| (0..self.scene.shapes.len()).any(|i| self.free_mark(i, &[centre(end)], 1.0)))
    }

    /// Whether shape `i` is a mark no reader took, without text, no wider or taller than
    /// `most`, centred on one of `points`.
    fn free_mark(&self, i: usize, points: &[Point], most: f64) -> bool {
        let shape = &self.scene.shapes[i];
        let near =
            (points.iter()).any(|p| (shape.center.0 - p.0).hypot(shape.center.1 - p.1) < 0.1);
        !self.shape_taken[i]
            && shape.text.is_empty()
            && shape.width <= most
            && shape.height <= most
            && near
    }

    /// The marks without text centred on the two end cells of the lockout line through
    /// `cells` (diamonds, circles), as setters mark the ends whose digits lock the others
    /// out: decoration of the line.
    fn end_marks(&mut self, cells: &[(usize, usize)], drawn: &str) {
        let centre = |(r, c): (usize, usize)| (r as f64 + 0.5, c as f64 + 0.5);
        let ends = [centre(cells[0]), centre(cells[cells.len() - 1])];
        self.marks_at(&ends, 1.0, &format!("an end mark of {drawn}"));
    }

    /// The small marks without text at the centre of the zipper line through `cells` (a
    /// dot or circle on its middle cell, a diamond on the edge between its two middle
    /// cells), as setters mark where its pairs' total is read: decoration of the line.
    fn centre_marks(&mut self, cells: &[(usize, usize)], drawn: &str) {
        let k = cells.len();
        let centre = |(r, c): (usize, usize)| (r as f64 + 0.5, c as f64 + 0.5);
        let (a, b) = if k % 2 == 1 {
            (centre(cells[k / 2]), centre(cells[k / 2]))
        } else {
            (centre(cells[k / 2 - 1]), centre(cells[k / 2]))
        };
        let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        self.marks_at(&[middle], 0.6, &format!("the centre mark of {drawn}"));
    }

    /// The shapes without text, no wider or taller than `most`, centred on one of `points`:
    /// decoration, as `what` (a line's marks).
    fn marks_at(&mut self, points: &[Point], most: f64, what: &str) {
        for i in 0..self.scene.shapes.len() {
            if !self.free_mark(i, points, most) {
                continue;
            }
            self.shape_taken[i] = true;
            let name = Self::shape_name(&self.scene.shapes[i]);
            self.out.read.push(format!("decoration: {name}, {what}"));
        }
    }

    /// What no reader took: unread when it carries text, is an arrow, is a line in the
    /// grid whose colour the rules name (or which has none), or a line through cells when
    /// the rules speak of lines; decoration otherwise (a frame, a shading no rule names).
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
            // A line the rules name by its colour is unread wherever it runs in the grid
            // (ends short of a cell's centre too), never taken for decoration.
            let inside = stroke.points.iter().all(|&(r, c)| {
                let within = |v: f64| (-0.01..=self.n as f64 + 0.01).contains(&v);
                within(r) && within(c)
            });
            if stroke.arrow || (through_cells && lines_named) || (inside && named) {
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
        // Circles the rules speak of ("a digit in a circle …") that no reader took.
        let circles_named = self.words.say("circle*");
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            if self.shape_taken[i] {
                continue;
            }
            let named = [shape.fill, shape.border]
                .iter()
                .flatten()
                .any(|c| c.name() != "white" && c.name() != "black" && self.words.colour(c.name()));
            let circle = circles_named
                && shape.rounded
                && cell_at(shape.center, self.n).is_some()
                && (0.3..=1.0).contains(&shape.width);
            if !shape.text.is_empty() || named || circle {
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

/// Readers of what f-puzzles' SudokuPad import draws for between lines, quadruples,
/// minimum and maximum cells and clones (its `fpuzzlesdecoder`), which SudokuPad itself
/// reads as no rule.
impl Readers<'_> {
    /// A line from one light circle on a cell to another, of the circles' colour: a
    /// between line (its ends may stop at the circles' edges, as f-puzzles' SudokuPad
    /// import draws them).
    fn between_lines(&mut self) {
        let shapes = &self.scene.shapes;
        let circles: Vec<Option<(usize, usize)>> =
            shapes.iter().map(|s| end_circle(s, self.n)).collect();
        // Circles at a between line's end, which other between lines may share.
        let mut ends = vec![false; shapes.len()];
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if stroke.arrow || self.stroke_taken[i] {
                continue;
            }
            // The circle an end lies in (the nearest, of those free or at an end).
            let circle_of = |p: Point| {
                let distance = |b: usize| {
                    let (r, c) = shapes[b].center;
                    (p.0 - r).hypot(p.1 - c)
                };
                (0..shapes.len())
                    .filter(|&b| {
                        circles[b].is_some()
                            && (!self.shape_taken[b] || ends[b])
                            && in_shape(p, &shapes[b])
                    })
                    .min_by(|&a, &b| distance(a).total_cmp(&distance(b)))
                    .and_then(|b| circles[b].map(|cell| (b, cell)))
            };
            let last = stroke.points.len() - 1;
            let (Some((a, from)), Some((b, to))) =
                (circle_of(stroke.points[0]), circle_of(stroke.points[last]))
            else {
                continue;
            };
            // A line of its circles' colour (a line of another colour, as a renban line
            // from one arrow's circle to another's, is no between line).
            let coloured = |b: usize| {
                shapes[b]
                    .border
                    .zip(stroke.colour)
                    .is_some_and(|(c, l)| c.near(l) || c.name() == l.name())
            };
            let inner = &stroke.points[1..last];
            if from == to
                || !coloured(a)
                || !coloured(b)
                || !inner
                    .iter()
                    .all(|&p| at_centre(p) && cell_at(p, self.n).is_some())
            {
                continue;
            }
            let mut points = vec![shapes[a].center];
            points.extend_from_slice(inner);
            points.push(shapes[b].center);
            let Some(cells) = cells_along(&points, self.n) else {
                continue;
            };
            self.stroke_taken[i] = true;
            // Every circle on either end cell (the import draws one per line's end).
            for (k, circle) in circles.iter().enumerate() {
                if circle.is_some_and(|c| c == from || c == to) && !self.shape_taken[k] {
                    self.shape_taken[k] = true;
                    ends[k] = true;
                }
            }
            let what = format!(
                "between line {} ({}, {}, {})",
                cells_name(&cells),
                Self::stroke_name(stroke),
                Self::shape_name(&shapes[a]),
                Self::shape_name(&shapes[b])
            );
            self.found(
                "between line",
                "betweenline",
                json!({"lines": [fp_cells(&cells)]}),
                what,
            );
        }
    }

    /// A white circle with one to four digits on a corner shared by four cells: a
    /// quadruple.
    fn quadruples(&mut self) {
        let n = self.n;
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            if self.shape_taken[i] || !shape.rounded || shape.text.is_empty() {
                continue;
            }
            let light = shape.fill.is_none_or(|c| c.name() == "white");
            let size =
                (0.4..=1.0).contains(&shape.width) && (shape.width - shape.height).abs() < 0.05;
            let (r, c) = (shape.center.0.round(), shape.center.1.round());
            let inside = |v: f64| (1.0..n as f64).contains(&v);
            let corner = (shape.center.0 - r).abs() < 0.1
                && (shape.center.1 - c).abs() < 0.1
                && inside(r)
                && inside(c);
            let Some(digits) = quadruple_digits(&shape.text, n).filter(|_| light && size && corner)
            else {
                continue;
            };
            let (r, c) = (r as usize, c as usize);
            let cells = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)];
            self.shape_taken[i] = true;
            let listed: Vec<String> = digits.iter().map(u32::to_string).collect();
            let what = format!(
                "quadruple {} around {} ({})",
                listed.join(" "),
                cells_name(&cells),
                Self::shape_name(shape)
            );
            self.found(
                "quadruple",
                "quadruple",
                json!({"cells": fp_cells(&cells), "values": digits}),
                what,
            );
        }
    }

    /// Grey cells with a chevron toward each neighbour not of their kind, its tip in
    /// (minimum cells) or out (maximum cells), as f-puzzles' SudokuPad import draws them;
    /// and a grey cell without chevrons whose neighbours are all of one kind, which may be
    /// of that kind too, unread.
    fn extrema(&mut self) {
        let n = self.n;
        let shapes = &self.scene.shapes;
        // Each marked cell: its grey square, its chevrons' strokes, sides and tips.
        type Marks = (usize, Vec<usize>, Vec<Step>, Vec<bool>);
        let mut marked: Vec<((usize, usize), Marks)> = Vec::new();
        for (i, stroke) in self.scene.strokes.iter().enumerate() {
            if self.stroke_taken[i] {
                continue;
            }
            let Some((cell, side, out)) = chevron(stroke, n) else {
                continue;
            };
            if let Some((_, (_, strokes, sides, outs))) =
                marked.iter_mut().find(|(c, _)| *c == cell)
            {
                strokes.push(i);
                sides.push(side);
                outs.push(out);
                continue;
            }
            let square = (0..shapes.len())
                .find(|&s| !self.shape_taken[s] && grey_square(&shapes[s], n) == Some(cell));
            // Chevrons without the grey square are not the import's drawing: left.
            if let Some(square) = square {
                marked.push((cell, (square, vec![i], vec![side], vec![out])));
            }
        }
        let kinds: Vec<Option<&'static str>> = marked
            .iter()
            .map(|(_, (_, _, _, outs))| {
                if outs.iter().all(|&o| o) {
                    Some("maximum")
                } else if outs.iter().all(|&o| !o) {
                    Some("minimum")
                } else {
                    None
                }
            })
            .collect();
        let kind_at = |cell: (usize, usize)| {
            marked
                .iter()
                .position(|(c, _)| *c == cell)
                .and_then(|k| kinds[k])
        };
        let steps: [Step; 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
        let neighbour = |(r, c): (usize, usize), (dr, dc): Step| {
            let (r, c) = (r as isize + dr, c as isize + dc);
            ((0..n as isize).contains(&r) && (0..n as isize).contains(&c))
                .then_some((r as usize, c as usize))
        };
        let named = self.words.name("minimum or maximum cell");
        for (k, (cell, (square, strokes, sides, _))) in marked.iter().enumerate() {
            self.shape_taken[*square] = true;
            for &s in strokes {
                self.stroke_taken[s] = true;
            }
            let labels: Vec<String> = std::iter::once(Self::shape_name(&shapes[*square]))
                .chain(
                    strokes
                        .iter()
                        .map(|&s| Self::stroke_name(&self.scene.strokes[s])),
                )
                .collect();
            let at = format!("{} ({})", cells_name(&[*cell]), labels.join(", "));
            let Some(kind) = kinds[k] else {
                self.out.unread.push(format!(
                    "grey cell {at}: chevrons pointing both in and out, neither a minimum nor \
                     a maximum cell"
                ));
                continue;
            };
            // The import marks every neighbour in the grid not of the cell's kind.
            let mut expected: Vec<Step> = steps
                .into_iter()
                .filter(|&step| neighbour(*cell, step).is_some_and(|c| kind_at(c) != Some(kind)))
                .collect();
            let mut drawn = sides.clone();
            expected.sort_unstable();
            drawn.sort_unstable();
            drawn.dedup();
            let what = format!("{kind} cell {at}");
            let plural = if kind == "minimum" {
                "minima"
            } else {
                "maxima"
            };
            if drawn != expected {
                self.out.unread.push(format!(
                    "{what}: chevrons toward some neighbours only, not as f-puzzles marks a \
                     {kind} cell (toward every neighbour of another kind)"
                ));
            } else if !named {
                self.out.unread.push(format!(
                    "{what}: drawn as a {kind} cell, and the rules do not name one"
                ));
            } else if !(self.words.say(kind)
                || self.words.say(plural)
                || self.words.fortress(kind == "maximum"))
            {
                self.out.unread.push(format!(
                    "{what}: drawn as a {kind} cell, and the rules do not name {kind} cells"
                ));
            } else {
                self.out
                    .entries
                    .push((kind, json!({"cell": fp_cells(&[*cell])[0]})));
                self.out.read.push(what);
            }
        }
        if !named || marked.is_empty() {
            return;
        }
        for (i, shape) in shapes.iter().enumerate() {
            let Some(cell) = grey_square(shape, n).filter(|_| !self.shape_taken[i]) else {
                continue;
            };
            let around: Vec<Option<&str>> = steps
                .iter()
                .filter_map(|&step| neighbour(cell, step))
                .map(kind_at)
                .collect();
            let Some(&Some(kind)) = around.first() else {
                continue;
            };
            if around.iter().all(|&k| k == Some(kind)) {
                self.shape_taken[i] = true;
                self.out.unread.push(format!(
                    "grey cell {} ({}): among {kind} cells, without chevrons: whether it is \
                     one is not drawn",
                    cells_name(&[cell]),
                    Self::shape_name(shape)
                ));
            }
        }
    }

    /// Groups of grey squares of one shape, as f-puzzles' SudokuPad import shades clones
    /// (which cells pair is not drawn): each group the clone of the others of its shape,
    /// cell for cell as one shifts onto the other, when that is the only pairing — every
    /// group has one or two others of its shape, no more; else all unread. Squares
    /// bordered in their own grey (the import's) are the clones when there are any; other
    /// grey squares are then decoration.
    fn clones(&mut self) {
        let n = self.n;
        let named = self.words.name("clone");
        let mut squares: Vec<(usize, (usize, usize), bool)> = Vec::new();
        for (i, shape) in self.scene.shapes.iter().enumerate() {
            let Some(cell) = grey_square(shape, n).filter(|_| !self.shape_taken[i]) else {
                continue;
            };
            let bordered = shape.border.zip(shape.fill).is_some_and(|(b, f)| b.near(f));
            squares.push((i, cell, bordered));
        }
        // Without words, only the import's squares are taken as drawn clones.
        if !named || squares.iter().any(|s| s.2) {
            squares.retain(|s| s.2);
        }
        if squares.is_empty() {
            return;
        }
        let mut cells: Vec<(usize, usize)> = squares.iter().map(|s| s.1).collect();
        cells.sort_unstable();
        cells.dedup();
        let groups = connected(&cells);
        for &(i, _, _) in &squares {
            self.shape_taken[i] = true;
        }
        let labels = |group: &[(usize, usize)]| {
            let labels: Vec<String> = squares
                .iter()
                .filter(|s| group.contains(&s.1))
                .map(|s| Self::shape_name(&self.scene.shapes[s.0]))
                .collect();
            labels.join(", ")
        };
        if !named {
            for group in &groups {
                self.out.unread.push(format!(
                    "grey cells {} ({}): shaded as a clone, and the rules do not name clones",
                    cells_name(group),
                    labels(group)
                ));
            }
            return;
        }
        // Clones that may turn or mirror (as a sentence about clones says) pair their cells
        // in a way the shading does not show.
        let turned = self
            .words
            .mentions
            .iter()
            .filter(|m| m.topics.contains(&"clone"))
            .any(|m| {
                ["rotat*", "reflect*", "mirror*", "turn*"]
                    .iter()
                    .any(|w| m.has(w))
            });
        let shape_of = |group: &[(usize, usize)]| -> Vec<Step> {
            let (r0, c0) = (group[0].0 as isize, group[0].1 as isize);
            group
                .iter()
                .map(|&(r, c)| (r as isize - r0, c as isize - c0))
                .collect()
        };
        let mut classes: Vec<(Vec<Step>, Vec<usize>)> = Vec::new();
        for (k, group) in groups.iter().enumerate() {
            let shape = shape_of(group);
            match classes.iter_mut().find(|(s, _)| *s == shape) {
                Some((_, members)) => members.push(k),
                None => classes.push((shape, vec![k])),
            }
        }
        // One group without its like, or a shape shaded four times or more, leaves every
        // pairing in doubt: a group may be two clones touching, or a clone in pieces.
        let why = if turned {
            Some("the rules let clones turn or mirror, and which cell copies which is not drawn")
        } else if classes.iter().any(|(_, m)| m.len() == 1) {
            Some(
                "not every grey group has another of its shape (clones that touch, or turn, are not read)",
            )
        } else if classes.iter().any(|(_, m)| m.len() > 3) {
            Some(
                "four or more grey groups of one shape, and which are clones of which is not drawn",
            )
        } else {
            None
        };
        if let Some(why) = why {
            for group in &groups {
                self.out.unread.push(format!(
                    "grey cells {} ({}): {why}",
                    cells_name(group),
                    labels(group)
                ));
            }
            return;
        }
        for (_, members) in classes {
            let first = &groups[members[0]];
            for &k in &members[1..] {
                let copy = &groups[k];
                self.out.entries.push((
                    "clone",
                    json!({"cells": fp_cells(first), "cloneCells": fp_cells(copy)}),
                ));
                self.out.read.push(format!(
                    "clone {} = {} ({}; {})",
                    cells_name(first),
                    cells_name(copy),
                    labels(first),
                    labels(copy)
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::rules_text::mentions;

    /// The reading of SudokuPad elements `fields` on a 9×9 grid under the rules `rules`.
    fn reading(fields: Value, rules: &str) -> Reading {
        settled_reading(fields, rules, &super::super::Settled::default())
    }

    /// [`reading`], with lines settled as `settled` says.
    fn settled_reading(fields: Value, rules: &str, settled: &super::super::Settled) -> Reading {
        let scene = Scene::read(fields.as_object().unwrap()).unwrap();
        let mentions = mentions(rules);
        read(
            &scene,
            9,
            Words {
                mentions: &mentions,
                settled,
            },
            &[],
        )
    }

    #[test]
    fn odd_and_even_cells_take_the_colour_the_words_give_them() {
        let fields = json!({"underlays": [
            {"center": [3.5, 0.5], "width": 0.7, "height": 0.7, "rounded": true, "backgroundColor": "#d4da31e6"},
            {"center": [1.5, 1.5], "width": 0.7, "height": 0.7, "rounded": false, "backgroundColor": "#d4da31e6"},
        ]});
        let read = reading(
            fields.clone(),
            "The yellow circles contain odd digits. The yellow squares contain even digits.",
        );
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        let fields_read: Vec<&str> = read.entries.iter().map(|(f, _)| *f).collect();
        assert_eq!(fields_read, ["odd", "even"]);
        // A colour the words do not give them: no parity read.
        let other = reading(
            fields,
            "Circles contain odd digits; squares contain even digits.",
        );
        assert!(other.entries.is_empty(), "{:?}", other.entries);
    }

    #[test]
    fn a_line_the_words_leave_open_is_read_as_the_user_settles_it() {
        let fields = json!({"lines": [
            {"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#1fe692", "thickness": 8},
            {"wayPoints": [[4.5, 0.5], [4.5, 2.5]], "color": "#333333", "thickness": 8},
        ]});
        // Two families named, neither beside a colour: both lines unread.
        let rules = "Renban lines hold consecutive digits. Whispers lines differ by 5.";
        let open = reading(fields.clone(), rules);
        assert_eq!(open.unread.len(), 2, "{:?}", open.unread);
        let mut settled = super::super::Settled::default();
        settled.add("line #1fe692=whispers").unwrap();
        settled.add("line #333=decoration").unwrap();
        let read = settled_reading(fields, rules, &settled);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1);
        assert_eq!(read.entries[0].0, "whispers");
        assert!(
            read.read
                .iter()
                .any(|r| r.starts_with("decoration (--read)"))
        );
    }

    #[test]
    fn lines_one_sentence_gives_two_families_at_once_are_read_as_both() {
        let fields = json!({"lines": [
            {"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#b9b9b9", "thickness": 10},
        ]});
        let both = reading(fields.clone(), "Grey lines are entropic AND modular.");
        assert!(both.unread.is_empty(), "{:?}", both.unread);
        let fields_read: Vec<&str> = both.entries.iter().map(|e| e.0).collect();
        assert_eq!(fields_read, ["entropicline", "modularline"]);
        // One or the other: unread.
        let either = reading(fields, "Grey lines are either entropic or modular lines.");
        assert!(either.entries.is_empty(), "{:?}", either.entries);
        assert_eq!(either.unread.len(), 1, "{:?}", either.unread);
    }

    #[test]
    fn inequality_signs_drawn_as_text_on_an_edge_point_to_the_smaller_digit() {
        // `>` between r6c2 and r6c3 (published "Moving Day?"), `^` between r1c1 and r2c1.
        let fields = json!({"overlays": [
            {"center": [5.5, 2], "width": 0, "height": 0.894, "text": ">"},
            {"center": [1, 0.5], "width": 0, "height": 0.894, "text": "^"},
        ]});
        let read = reading(
            fields.clone(),
            "The inequality sign points to the lower digit.",
        );
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        let cells: Vec<&Value> = read.entries.iter().map(|e| &e.1["cells"]).collect();
        assert_eq!(cells, [&json!(["R6C2", "R6C3"]), &json!(["R2C1", "R1C1"])]);
        assert!(read.entries.iter().all(|e| e.0 == "greaterthan"));
        // Words that name no inequality: drawn, and named unread.
        let other = reading(fields, "Normal sudoku rules apply.");
        assert!(other.entries.is_empty(), "{:?}", other.entries);
        assert_eq!(other.unread.len(), 2, "{:?}", other.unread);
    }

    #[test]
    fn a_v_between_cells_one_above_the_other_is_an_inequality_where_no_xv_is_named() {
        // Published "What A Twist" (sb090): a V between r1c1 and r2c1.
        let fields = json!({"overlays": [
            {"center": [1, 0.5], "width": 0.4, "height": 0.4, "text": "V"},
        ]});
        let read = reading(
            fields.clone(),
            "An inequality symbol ‘points’ to the lower digit.",
        );
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "greaterthan");
        assert_eq!(read.entries[0].1["cells"], json!(["R1C1", "R2C1"]));
        // Words that name XV too: the V is a V.
        let xv = reading(
            fields,
            "An inequality symbol points to the lower digit. Digits joined by a V sum to 5.",
        );
        assert_eq!(xv.entries.len(), 1, "{:?}", xv.entries);
        assert_eq!(xv.entries[0].0, "xv");
        // An X drawn too: the V is a letter of XV, whatever the words call it.
        let with_x = json!({"overlays": [
            {"center": [1, 0.5], "width": 0.4, "height": 0.4, "text": "V"},
            {"center": [3.5, 1], "width": 0.4, "height": 0.4, "text": "X"},
        ]});
        let lettered = reading(with_x, "An inequality symbol points to the lower digit.");
        assert!(lettered.entries.is_empty(), "{:?}", lettered.entries);
        assert_eq!(lettered.unread.len(), 2, "{:?}", lettered.unread);
    }

    #[test]
    fn indicated_diagonals_are_look_and_say_clues_when_the_words_read_them_so() {
        // Published "What A Twist" (sb090): 26 along the main diagonal of a 9×9 here.
        let fields = json!({
            "arrows": [{"wayPoints": [[-0.35, -0.35], [0.15, 0.15]]}],
            "overlays": [{"center": [-0.5, -0.5], "width": 0.5, "height": 0.5, "text": "26"}],
        });
        let words = "An indicated diagonal is read as a 'Look and Say' clue, where the first \
                     digit indicates the amount of times the second digit appears along the \
                     diagonal.";
        let read = reading(fields.clone(), words);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "lookandsay");
        assert_eq!(read.entries[0].1["clue"], json!("26"));
        assert_eq!(read.entries[0].1["cells"].as_array().unwrap().len(), 9);
        // Words of little killers: a little killer.
        let killer = reading(
            fields.clone(),
            "Little killer clues give the sum of their diagonal.",
        );
        assert_eq!(killer.entries[0].0, "littlekillersum");
        // Little killers in other words beside a look-and-say sentence: never look-and-say.
        let both = reading(
            fields,
            "Clues by an arrow give the sum of the digits along that diagonal. Digits on the \
             main diagonal form a look and say sequence.",
        );
        assert!(
            both.entries.iter().all(|e| e.0 != "lookandsay"),
            "{:?}",
            both.entries
        );
    }

    #[test]
    fn indicated_diagonals_are_counting_groups_when_the_words_count_them() {
        // Published "Little Killer Counting" (sb096): arrows with totals and with `?`.
        let fields = json!({
            "arrows": [
                {"wayPoints": [[-0.35, 3.65], [0.15, 4.15]]},
                {"wayPoints": [[2.65, -0.35], [3.15, 0.15]]},
            ],
            "overlays": [
                {"center": [-0.5, 3.5], "width": 0.5, "height": 0.5, "text": "12"},
                {"center": [2.5, -0.5], "width": 0.5, "height": 0.5, "text": "?"},
            ],
        });
        let words = "Digits along a diagonal marked by an arrow sum to the digit on the arrow, if \
                     one is given. Any digit along an 'arrow diagonal' indicates exactly how \
                     many arrow diagonals contain that digit.";
        let read = reading(fields.clone(), words);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        let fields: Vec<&str> = read.entries.iter().map(|e| e.0).collect();
        assert_eq!(fields, ["littlekillersum", "countinggroups"]);
        assert_eq!(read.entries[1].1["groups"].as_array().unwrap().len(), 2);
        // Without the counting words, the `?` is a little killer arrow without a total.
        let plain = reading(
            json!({"arrows": [{"wayPoints": [[2.65, -0.35], [3.15, 0.15]]}],
                   "overlays": [{"center": [2.5, -0.5], "width": 0.5, "height": 0.5, "text": "?"}]}),
            "Digits along a diagonal marked by an arrow sum to the digit on the arrow.",
        );
        assert_eq!(plain.unread.len(), 1, "{:?}", plain.unread);
    }

    #[test]
    fn diagonals_indicated_without_totals_are_equal_sums_when_the_words_say_so() {
        let fields = json!({"arrows": [
            {"wayPoints": [[-0.35, 3.65], [0.15, 4.15]]},
            {"wayPoints": [[2.65, -0.35], [3.15, 0.15]]},
        ]});
        let read = reading(fields, "Both indicated diagonals have the same sum.");
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "equalsums");
    }

    #[test]
    fn circles_in_cells_are_one_set_of_counting_circles_when_the_words_count_them() {
        let circle = |r: f64, c: f64| json!({"center": [r, c], "width": 0.82, "height": 0.82, "rounded": true, "backgroundColor": "#000000"});
        let fields = json!({"underlays": [circle(0.5, 0.5), circle(2.5, 3.5), circle(8.5, 8.5)]});
        let read = reading(
            fields.clone(),
            "Any digit in a circle indicates exactly how many circles contain that digit.",
        );
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "countingcircles");
        assert_eq!(read.entries[0].1["cells"].as_array().unwrap().len(), 3);
        // Words that count nothing: no counting circles.
        let other = reading(fields, "Normal sudoku rules apply.");
        assert!(other.entries.is_empty(), "{:?}", other.entries);
    }

    #[test]
    fn lines_of_every_colour_take_the_family_words_give_coloured_lines() {
        let fields = json!({"lines": [
            {"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#b7f68c", "thickness": 8},
            {"wayPoints": [[4.5, 0.5], [4.5, 2.5]], "color": "#dfb1f4", "thickness": 8},
        ]});
        let rules = "The difference between two adjacent digits on a coloured line indicates \
                     exactly how many pairs of adjacent digits along that line have that exact \
                     difference.";
        let read = reading(fields.clone(), rules);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        let fields_read: Vec<&str> = read.entries.iter().map(|(f, _)| *f).collect();
        assert_eq!(fields_read, ["differencecountline", "differencecountline"]);
        // Two families on coloured lines: neither taken for every colour.
        let two = reading(
            fields,
            "Digits on a coloured line are renban. Coloured lines are whispers lines too.",
        );
        assert_eq!(two.unread.len(), 2, "{:?}", two.unread);
    }

    #[test]
    fn lines_that_meet_make_one_line_whose_other_pieces_branch_from_drawn_cells() {
        // Published "Nautilus": a renban drawn as a lasso (r3c9-…-r1c7 and back to r2c8)
        // and a tail from r2c8.
        let lasso = vec![(2, 8), (1, 7), (2, 6), (1, 5), (0, 6), (1, 7)];
        let tail = vec![(1, 7), (0, 8)];
        let (line, branches) = branched(&[lasso, tail]).unwrap();
        assert_eq!(line, [(2, 8), (1, 7), (2, 6), (1, 5), (0, 6)]);
        assert_eq!(branches, [vec![(0, 6), (1, 7)], vec![(1, 7), (0, 8)]]);
        // A line that crosses another's middle: two branches from the crossing.
        let (_, branches) =
            branched(&[vec![(0, 0), (0, 1), (0, 2)], vec![(1, 0), (0, 1), (1, 2)]]).unwrap();
        assert_eq!(branches, [vec![(0, 1), (1, 2)], vec![(0, 1), (1, 0)]]);
        // Lines that never meet: no one line.
        assert!(branched(&[vec![(0, 0), (0, 1)], vec![(5, 5), (5, 6)]]).is_none());
    }

    #[test]
    fn a_thermometer_branch_runs_from_the_bulb_to_where_it_leaves_and_on() {
        // Published "The Two Headed Martian" (Scojo): a grey slow thermometer r7c5-r8c5-r9c4
        // with a branch r8c5-r9c6, and a branch of that branch.
        let fields = json!({
            "lines": [
                {"wayPoints": [[6.5, 4.5], [7.5, 4.5], [8.5, 3.5]], "color": "#BFBFBF", "thickness": 10},
                {"wayPoints": [[7.5, 4.5], [8.5, 5.5]], "color": "#BFBFBF", "thickness": 10},
                {"wayPoints": [[8.5, 7.5], [8.5, 6.5], [8.5, 5.5]], "color": "#BFBFBF", "thickness": 10},
                {"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#BFBFBF", "thickness": 10},
            ],
            "underlays": [{"center": [6.5, 4.5], "width": 0.7, "height": 0.7, "rounded": true, "backgroundColor": "#BFBFBF"}],
        });
        let rules = "Digits along a gray thermometer must increase from bulb to tip.";
        let read = reading(fields, rules);
        let lines: Vec<String> = (read.entries.iter())
            .map(|(f, e)| format!("{f} {}", e["lines"][0]))
            .collect();
        assert_eq!(
            lines,
            [
                r#"thermometer ["R7C5","R8C5","R9C4"]"#,
                r#"thermometer ["R7C5","R8C5","R9C6"]"#,
                r#"thermometer ["R7C5","R8C5","R9C6","R9C7","R9C8"]"#,
            ]
        );
        // A grey line touching no thermometer is no branch: unread, its colour named.
        assert_eq!(read.unread.len(), 1, "{:?}", read.unread);
        assert!(read.unread[0].contains("r1c1"), "{:?}", read.unread);
    }

    #[test]
    fn a_zipper_lines_centre_marks_are_its_decoration_and_marks_elsewhere_stay_unread() {
        // Published "Zip Zag" (Sujoyku & Egubachu): a lavender dot on each zipper's middle
        // cell; "Aad-van-ced Zippers" (gdc): a diamond on the edge between the two middle
        // cells of an even line.
        let dot = |r: f64, c: f64| json!({"center": [r, c], "width": 0.44, "height": 0.44, "rounded": 1, "backgroundColor": "#DFC5FEFF"});
        let fields = json!({
            "lines": [
                {"wayPoints": [[0.5, 8.5], [2.5, 6.5], [2.5, 4.5]], "color": "#DFC5FE", "thickness": 11},
                {"wayPoints": [[5.5, 0.5], [5.5, 3.5]], "color": "#DFC5FE", "thickness": 11},
            ],
            "underlays": [dot(2.5, 6.5), dot(5.5, 2.0), dot(7.5, 7.5)],
        });
        let rules = "Zipper lines: Cells on a lavender zipper line at an equal distance to the \
                     center, which is marked with a dot, sum to the digit at the center.";
        let read = reading(fields, rules);
        let fields_read: Vec<&str> = read.entries.iter().map(|(f, _)| *f).collect();
        assert_eq!(fields_read, ["zipperline", "zipperline"]);
        let marks = read
            .read
            .iter()
            .filter(|r| r.contains("centre mark"))
            .count();
        assert_eq!(marks, 2, "{:?}", read.read);
        // The dot in r8c8 is on no zipper's centre: unread, as the rules speak of dots.
        assert_eq!(read.unread.len(), 1, "{:?}", read.unread);
        assert!(read.unread[0].contains("r8c8"), "{:?}", read.unread);
    }

    #[test]
    fn lines_that_stop_short_where_they_meet_are_apart_and_lines_through_one_centre_join() {
        // Two region-sum lines ending 0.2 either side of r1c5's centre (as Sudoku Maker
        // draws them, published "Stronghold"), one rounding a corner off-centre.
        let apart = json!({"lines": [
            {"wayPoints": [[0.5, 4.3], [0.5, 2.5], [2.3, 2.5], [2.5, 2.3], [2.5, 0.5]], "color": "#2ecbff", "thickness": 10},
            {"wayPoints": [[0.5, 4.7], [0.5, 6.5]], "color": "#2ecbff", "thickness": 10},
        ]});
        let rules = "Along each blue line, digits in each region must sum to the same total.";
        let read = reading(apart, rules);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        let lines: Vec<usize> = (read.entries.iter())
            .map(|(_, e)| e["lines"][0].as_array().unwrap().len())
            .collect();
        assert_eq!(lines, [7, 3]);
        // The same lines ending at r1c5's centre: joined there, one line with a branch.
        let joined = json!({"lines": [
            {"wayPoints": [[0.5, 4.5], [0.5, 2.5]], "color": "#2ecbff", "thickness": 10},
            {"wayPoints": [[0.5, 4.5], [0.5, 6.5]], "color": "#2ecbff", "thickness": 10},
        ]});
        let read = reading(joined.clone(), rules);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].1["branches"][0][0], "R1C5");
        // Palindromes so joined: how the two make one rule is not read.
        let read = reading(joined, "Blue lines are palindromes.");
        assert_eq!(read.unread.len(), 2, "{:?}", read.unread);
        assert!(read.unread[0].contains("joined to another at r1c5"));
    }

    #[test]
    fn lines_whose_first_two_digits_add_up_as_the_last_two_are_equal_halves() {
        // Published "Four Triangles": lines of four meeting at their ends, each its own line.
        let fields = json!({"lines": [
            {"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": "#6bab4c", "thickness": 8},
            {"wayPoints": [[0.5, 3.5], [3.5, 3.5]], "color": "#6bab4c", "thickness": 8},
            {"wayPoints": [[4.5, 4.5], [4.5, 6.5]], "color": "#6bab4c", "thickness": 8},
        ]});
        let rules = "In each line of four cells the sum of the first two digits equals the sum \
                     of the last two digits.";
        let read = reading(fields, rules);
        let groups: Vec<&Value> = read.entries.iter().map(|(_, e)| &e["groups"]).collect();
        assert!(read.entries.iter().all(|(field, _)| *field == "equalsums"));
        assert_eq!(
            groups,
            [
                &json!([["R1C1", "R1C2"], ["R1C3", "R1C4"]]),
                &json!([["R1C4", "R2C4"], ["R3C4", "R4C4"]]),
            ]
        );
        // A line of three cells: which digits add up alike is not said.
        assert_eq!(read.unread.len(), 1, "{:?}", read.unread);
        assert!(
            read.unread[0].contains("a line of 3 cells"),
            "{:?}",
            read.unread
        );
    }

    #[test]
    fn a_sum_line_takes_its_total_from_the_words_and_its_grey_outline_is_decoration() {
        // A white line drawn over a wider grey one through the same cells (published
        // "Granular Impurities").
        let fields = json!({"lines": [
            {"wayPoints": [[0.5, 0.5], [0.5, 2.5], [1.5, 2.5]], "color": "#aaaaaa", "thickness": 12},
            {"wayPoints": [[0.5, 0.5], [0.5, 2.5], [1.5, 2.5]], "color": "#ffffff", "thickness": 6},
        ]});
        let read = reading(
            fields.clone(),
            "Each white line can be divided into one or more segments that each sum to 10.",
        );
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "sumline");
        assert_eq!(read.entries[0].1["value"], 10);
        assert!(
            read.read
                .iter()
                .any(|r| r.contains("the outline of line 2"))
        );
        // No total in the words: the line is named unread, not given one.
        let read = reading(fields, "The white line is a sum line.");
        assert!(read.entries.is_empty(), "{:?}", read.entries);
        assert!(
            read.unread.iter().any(|u| u.contains("no total")),
            "{:?}",
            read.unread
        );
    }

    #[test]
    fn an_index_line_starts_at_the_end_its_diamond_stands_on() {
        // Published "Who Knew" (sb054), in small: a turquoise line drawn towards its diamond.
        let diamond = |r: f64, c: f64| json!({"center": [r, c], "width": 0.6, "height": 0.6, "backgroundColor": "#ffffff"});
        let line = json!({"wayPoints": [[2.5, 8.5], [1.5, 8.5], [0.5, 8.5], [0.5, 7.5]], "color": "#71ded2ff", "thickness": 10});
        let rules = "Index lines: Each turquoise line is an Index Line, i.e. the digit in the Nth \
            cell along such a line (starting from the diamond) indicates the position along \
            the line where the digit N appears.";
        let read = reading(
            json!({"lines": [line.clone()], "underlays": [diamond(0.5, 7.5)]}),
            rules,
        );
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "indexline");
        assert_eq!(
            read.entries[0].1["lines"][0],
            json!(["R1C8", "R1C9", "R2C9", "R3C9"])
        );
        // No mark to say where it starts: named unread.
        let bare = reading(json!({"lines": [line]}), rules);
        assert!(bare.entries.is_empty(), "{:?}", bare.entries);
        assert!(
            bare.unread.iter().any(|u| u.contains("where it starts")),
            "{:?}",
            bare.unread
        );
    }

    #[test]
    fn sequence_and_lockout_lines_and_grey_dots_read_as_the_words_give_them() {
        // Published "Pumpkin Wizard" (Lizzy01), in small: a grey sequence line, a purple
        // lockout line with diamonds on its ends, a grey dot.
        let diamond = |r: f64, c: f64| json!({"center": [r, c], "width": 0.587, "height": 0.587, "backgroundColor": "#ebeaffd6"});
        let fields = json!({
            "lines": [
                {"wayPoints": [[4.5, 3.5], [4.5, 2.5], [3.5, 2.5]], "color": "#9d9d9dff", "thickness": 10},
                {"wayPoints": [[8.5, 2.5], [8.5, 1.5], [7.5, 0.5]], "color": "#9b86ecff", "thickness": 8},
            ],
            "overlays": [
                diamond(8.5, 2.5),
                diamond(7.5, 0.5),
                {"center": [2.0, 5.5], "width": 0.31, "height": 0.31, "rounded": true,
                 "backgroundColor": "#383838", "borderColor": "#000000"},
            ],
        });
        let rules = "Grey sequence lines contain digits in order, with the same difference \
            between each adjacent pair. Digits along a purple lockout line must not be between \
            the values of the diamond endpoints, which have a difference of at least 3. Cells \
            separated by a grey dot are either consecutive or in a 1:2 ratio (or both).";
        let read = reading(fields.clone(), rules);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        let field = |name: &str| read.entries.iter().find(|(f, _)| *f == name).map(|e| &e.1);
        assert_eq!(field("sequenceline").unwrap()["lines"][0][0], "R5C4");
        assert_eq!(field("lockout").unwrap()["value"], 3);
        assert_eq!(
            field("anyof").unwrap()["families"],
            json!(["white-dot", "black-dot"])
        );
        assert!(field("whispers").is_none(), "{:?}", read.entries);
        let marks = read
            .read
            .iter()
            .filter(|r| r.contains("an end mark"))
            .count();
        assert_eq!(marks, 2, "{:?}", read.read);
        // Same difference without order; a grey dot the words give one rule only: unread.
        let rules = "Every pair of adjacent cells along a 'same difference' line has the same \
            difference. Cells separated by a grey dot are consecutive.";
        let mut fields = fields;
        fields["lines"].as_array_mut().unwrap().truncate(1);
        let read = reading(fields, rules);
        let field = |name: &str| read.entries.iter().find(|(f, _)| *f == name).map(|e| &e.1);
        assert!(field("samedifferenceline").is_some(), "{:?}", read.entries);
        assert!(field("anyof").is_none(), "{:?}", read.entries);
        assert!(
            read.unread.iter().any(|u| u.contains("overlay 3")),
            "{:?}",
            read.unread
        );
    }

    #[test]
    fn coloured_markers_take_the_sums_the_words_give_their_colour() {
        // Published "Stolen Numerals XVII-5" (NurglesGift), in small: a green dot that is an
        // X or a V, a blue square whose digits add up to 7, a red dot no sentence names.
        let marker = |r: f64, c: f64, fill: &str, rounded: bool| {
            json!({"center": [r, c], "width": 0.25, "height": 0.25, "rounded": rounded,
                   "backgroundColor": fill, "borderColor": "#000000"})
        };
        let fields = json!({"overlays": [
            marker(8.0, 5.5, "#38DE00", true),
            marker(1.0, 8.5, "#00E1FF", false),
            marker(4.0, 4.5, "#ff0000", true),
        ]});
        let rules = "The green dots are either X or V. Cells connected by a blue square must \
            sum to 7. All X's and V's are given.";
        let read = reading(fields, rules);
        let sums: Vec<&Value> = (read.entries.iter())
            .filter(|(field, _)| *field == "xv")
            .map(|(_, entry)| &entry["sums"])
            .collect();
        // The red dot, whose colour no sentence names, is no marker.
        assert_eq!(sums, [&json!([10, 5]), &json!([7])], "{:?}", read.entries);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
    }

    #[test]
    fn roman_numerals_between_cages_join_their_numbers_when_the_words_say_so() {
        // A D on the edge between two vertical cages of three (published "Theta").
        let fields = json!({"overlays": [
            {"center": [5, 2.5], "width": 0, "height": 0.551, "text": "D", "fontSize": 16.8},
        ]});
        let cages = [vec![(2, 2), (3, 2), (4, 2)], vec![(7, 2), (5, 2), (6, 2)]];
        let scene = Scene::read(fields.as_object().unwrap()).unwrap();
        let settled = super::super::Settled::default();
        let with = |rules: &str| {
            let mentions = mentions(rules);
            let words = Words {
                mentions: &mentions,
                settled: &settled,
            };
            read(&scene, 9, words, &cages)
        };
        let read = with("Roman Numeral Cages: Numbers in cages connected by a D sum to 500.");
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "weightedsum");
        assert_eq!(read.entries[0].1["sum"], 500);
        // Each cage's cells in reading order, whatever order it was drawn in.
        assert_eq!(
            read.entries[0].1["numbers"],
            json!([["R3C3", "R4C3", "R5C3"], ["R6C3", "R7C3", "R8C3"]])
        );
        // Rules that speak of no roman numerals: the letter is not read as one.
        let other = with("Digits in cages sum to the total given.");
        assert!(other.entries.is_empty(), "{:?}", other.entries);
        assert!(!other.unread.is_empty(), "{:?}", other.unread);
    }

    #[test]
    fn diagonals_indicated_without_totals_are_equal_products_when_the_words_say_so() {
        // Arrows outside the grid pointing in along two diagonals, no number beside them
        // (published "Cross Product").
        let fields = json!({"arrows": [
            {"wayPoints": [[-0.35, 3.65], [0.15, 4.15]]},
            {"wayPoints": [[2.65, -0.35], [3.15, 0.15]]},
        ]});
        let rules = "Every indicated diagonal has the same product.";
        let read = reading(fields.clone(), rules);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "equalproducts");
        let groups = read.entries[0].1["groups"].as_array().unwrap();
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].as_array().unwrap().len(), 5);
        // Words that give them no product: little killer arrows without totals, unread.
        let other = reading(
            fields,
            "Little killer clues give the sum of their diagonal.",
        );
        assert!(other.entries.is_empty(), "{:?}", other.entries);
        assert_eq!(other.unread.len(), 2, "{:?}", other.unread);
    }

    #[test]
    fn shaded_cells_greater_than_unshaded_neighbours_are_maximum_cells() {
        // A grey square at r5c5 with a chevron out toward each neighbour.
        let chevron = |points: [[f64; 2]; 3]| json!({"wayPoints": points, "color": "#000000", "thickness": 1});
        let fields = json!({
            "underlays": [{"center": [4.5, 4.5], "width": 1, "height": 1, "backgroundColor": "#cccccc"}],
            "lines": [
                chevron([[4.38, 4.11], [4.5, 4.06], [4.62, 4.11]]),
                chevron([[4.38, 4.89], [4.5, 4.94], [4.62, 4.89]]),
                chevron([[4.11, 4.38], [4.06, 4.5], [4.11, 4.62]]),
                chevron([[4.89, 4.38], [4.94, 4.5], [4.89, 4.62]]),
            ],
        });
        let fortress = "Digits in grey shaded cells must be greater than all neighbouring \
                        unshaded cells.";
        let read = reading(fields.clone(), fortress);
        assert!(read.unread.is_empty(), "{:?}", read.unread);
        assert_eq!(read.entries.len(), 1, "{:?}", read.entries);
        assert_eq!(read.entries[0].0, "maximum");
        // Smaller than the unshaded neighbours: not what the chevrons draw.
        let smaller = reading(
            fields,
            "Digits in shaded cells are less than their unshaded neighbours.",
        );
        assert!(smaller.entries.is_empty(), "{:?}", smaller.entries);
    }

    fn stroke(points: &[Point]) -> Stroke {
        Stroke {
            label: "line 1".into(),
            arrow: false,
            points: points.to_vec(),
            colour: Colour::parse("#000000"),
            thickness: 1.0,
        }
    }

    #[test]
    fn chevrons_point_in_for_minimum_cells_and_out_for_maximum_cells() {
        // As f-puzzles' SudokuPad import marks r5c5 toward r4c5 and toward r5c6.
        let up_min = stroke(&[(4.06, 4.4), (4.11, 4.5), (4.06, 4.6)]);
        assert_eq!(chevron(&up_min, 9), Some(((4, 4), (-1, 0), false)));
        let up_max = stroke(&[(4.11, 4.4), (4.06, 4.5), (4.11, 4.6)]);
        assert_eq!(chevron(&up_max, 9), Some(((4, 4), (-1, 0), true)));
        let right_max = stroke(&[(4.6, 4.89), (4.5, 4.94), (4.4, 4.89)]);
        assert_eq!(chevron(&right_max, 9), Some(((4, 4), (0, 1), true)));
        // An inequality sign astride the edge between two cells is no such mark.
        let astride = stroke(&[(3.9, 4.4), (4.1, 4.5), (3.9, 4.6)]);
        assert_eq!(chevron(&astride, 9), None);
    }

    #[test]
    fn quadruple_texts_read_as_the_import_writes_them() {
        assert_eq!(
            quadruple_digits("1\u{2009}2\n3\u{2009}4", 9),
            Some(vec![1, 2, 3, 4])
        );
        assert_eq!(quadruple_digits("7 8\n9", 9), Some(vec![7, 8, 9]));
        assert_eq!(quadruple_digits("12", 9), Some(vec![1, 2]));
        assert_eq!(quadruple_digits("12", 16), Some(vec![12]));
        assert_eq!(quadruple_digits("1 2 3 4 5", 9), None);
        assert_eq!(quadruple_digits("0", 9), None);
        assert_eq!(quadruple_digits("?", 9), None);
    }

    #[test]
    fn a_line_of_another_colour_between_two_circles_is_no_between_line() {
        // A renban line from one arrow's circle to another's (as in a published puzzle).
        let circle = |r: f64, c: f64| {
            json!({"center": [r, c], "width": 0.82, "height": 0.82, "rounded": true,
                "backgroundColor": "#FFFFFF", "borderColor": "#aaaf"})
        };
        let fields = json!({
            "lines": [{"wayPoints": [[0.5, 4.5], [4.5, 0.5]], "color": "#f067f0ff",
                "thickness": 9.6}],
            "overlays": [circle(4.5, 0.5), circle(0.5, 4.5)],
        });
        let rules = "Digits on a purple line are a set of consecutive digits in any order. \
                     Digits on a between line are strictly between the digits at its ends.";
        let out = reading(fields, rules);
        assert_eq!(out.entries.len(), 1);
        assert_eq!(out.entries[0].0, "renban");
    }

    #[test]
    fn clones_are_paired_only_when_their_shapes_allow_one_pairing() {
        let square = |r: usize, c: usize| {
            json!({"center": [r as f64 + 0.5, c as f64 + 0.5], "width": 1, "height": 1,
                "rounded": false, "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"})
        };
        let rules = "Clones hold the same digits in the same places.";
        // Three groups of one L shape: each is the clone of the first.
        let l = |r: usize, c: usize| vec![square(r, c), square(r + 1, c), square(r + 1, c + 1)];
        let squares: Vec<Value> = [l(0, 0), l(4, 4), l(6, 0)].concat();
        let out = reading(json!({ "underlays": squares }), rules);
        assert_eq!(out.entries.len(), 2, "{:?}", out.unread);
        assert_eq!(
            out.entries[0].1,
            json!({"cells": ["R1C1", "R2C1", "R2C2"], "cloneCells": ["R5C5", "R6C5", "R6C6"]})
        );
        // A group without its like leaves every pairing in doubt.
        let squares: Vec<Value> = [l(0, 0), l(4, 4), vec![square(8, 8)]].concat();
        let out = reading(json!({ "underlays": squares }), rules);
        assert!(out.entries.is_empty());
        assert_eq!(out.unread.len(), 3);
        // Clones that may turn pair their cells in a way the shading does not show.
        let squares: Vec<Value> = [l(0, 0), l(4, 4)].concat();
        let turning = "Clones hold the same digits in the same places; a clone may be rotated.";
        assert!(
            reading(json!({ "underlays": squares }), turning)
                .entries
                .is_empty()
        );
    }
}
