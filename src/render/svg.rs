//! An SVG document being written: groups, shapes and text (as outlines of the bundled font's glyphs), with numbers kept short and attributes escaped.

use std::collections::BTreeSet;
use std::fmt::{self, Write};

use super::glyphs::Font;
use crate::constraint::Point;
use crate::grid::Cell;

/// A number as SVG writes it here: at most three decimals, no trailing zeros.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f32);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rounded = (self.0 * 1000.0).round() / 1000.0;
        // -0 reads as 0.
        let rounded = if rounded == 0.0 { 0.0 } else { rounded };
        write!(f, "{rounded}")
    }
}

/// Text escaped for an attribute value or element content.
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                // XML has no place for other control characters.
                c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => {
                    f.write_char('\u{fffd}')?
                }
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// Where text stands relative to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Centred on the point, across and up and down.
    Centre,
    /// Its top-left corner at the point.
    TopLeft,
    /// Its left end at the point, centred up and down.
    Left,
}

/// How a piece of text is drawn.
#[derive(Clone, Copy, Debug)]
pub struct TextStyle {
    /// The height of a capital or digit, in the units of the group it is drawn in.
    pub size: f32,
    /// Its colour.
    pub colour: &'static str,
    /// Where it stands relative to its point.
    pub anchor: Anchor,
    /// A white outline behind it.
    pub halo: bool,
}

/// An SVG document being written: its body, and the glyphs the body uses (defined once,
/// at the top, when it is finished).
#[derive(Default)]
pub struct Svg {
    body: String,
    used: BTreeSet<char>,
}

impl Svg {
    /// Opens a group with the attributes `attrs` (written as given: escape values with
    /// [`Escaped`]).
    pub fn open(&mut self, attrs: fmt::Arguments<'_>) {
        let _ = writeln!(self.body, "<g {attrs}>");
    }

    /// Closes the last group opened.
    pub fn close(&mut self) {
        self.body.push_str("</g>\n");
    }

    /// Writes an element as given.
    pub fn raw(&mut self, element: fmt::Arguments<'_>) {
        let _ = self.body.write_fmt(element);
        self.body.push('\n');
    }

    /// A polyline through `points`.
    pub fn polyline(&mut self, points: &[Point], colour: &str, width: f32, extra: &str) {
        let mut d = String::new();
        for (i, p) in points.iter().enumerate() {
            let _ = write!(
                d,
                "{}{} {}",
                if i == 0 { "M" } else { "L" },
                Num(p.x),
                Num(p.y)
            );
        }
        self.raw(format_args!(
            r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"{extra}/>"#,
            Num(width)
        ));
    }

    /// A circle.
    pub fn circle(
        &mut self,
        centre: Point,
        radius: f32,
        fill: Option<&str>,
        stroke: Option<&str>,
        width: f32,
    ) {
        self.raw(format_args!(
            r#"<circle cx="{}" cy="{}" r="{}" fill="{}"{}/>"#,
            Num(centre.x),
            Num(centre.y),
            Num(radius),
            fill.unwrap_or("none"),
            Stroke(stroke, width)
        ));
    }

    /// A rectangle from `(x, y)`, `w` by `h`, with extra attributes.
    #[allow(clippy::too_many_arguments)]
    pub fn rect(
        &mut self,
        (x, y): (f32, f32),
        (w, h): (f32, f32),
        fill: Option<&str>,
        stroke: Option<&str>,
        width: f32,
        extra: &str,
    ) {
        self.raw(format_args!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"{}{extra}/>"#,
            Num(x),
            Num(y),
            Num(w),
            Num(h),
            fill.unwrap_or("none"),
            Stroke(stroke, width)
        ));
    }

    /// `cell` filled with `colour` (in grid units), with extra attributes.
    pub fn cell(&mut self, cell: Cell, colour: &str, extra: &str) {
        self.rect(
            (cell.col() as f32, cell.row() as f32),
            (1.0, 1.0),
            Some(colour),
            None,
            0.0,
            extra,
        );
    }

    /// `text` at `at`, drawn as glyph outlines.
    pub fn text(&mut self, at: Point, text: &str, style: TextStyle) {
        let font = Font::get();
        let scale = style.size / font.cap_height;
        let width = font.width(text) * scale;
        let x = match style.anchor {
            Anchor::Centre => at.x - width / 2.0,
            Anchor::TopLeft | Anchor::Left => at.x,
        };
        let baseline = match style.anchor {
            Anchor::Centre | Anchor::Left => at.y + style.size / 2.0,
            Anchor::TopLeft => at.y + style.size,
        };
        let mut uses = String::new();
        let mut pen = 0.0;
        for c in text.chars() {
            let (drawn, glyph) = font.glyph(c);
            if !glyph.path.is_empty() {
                self.used.insert(drawn);
                let _ = write!(uses, r##"<use href="#{}" x="{}"/>"##, GlyphId(drawn), pen);
            }
            pen += glyph.advance;
        }
        if uses.is_empty() {
            return;
        }
        let transform = format!(
            "translate({} {}) scale({} {})",
            Num(x),
            Num(baseline),
            scale,
            -scale
        );
        if style.halo {
            // The outline is in font units: a tenth of the text's height.
            let halo = Num(style.size * 0.3 / scale);
            self.raw(format_args!(
                r##"<g transform="{transform}" fill="#ffffff" stroke="#ffffff" stroke-width="{halo}" stroke-linejoin="round">{uses}</g>"##
            ));
        }
        self.raw(format_args!(
            r#"<g transform="{transform}" fill="{}">{uses}</g>"#,
            style.colour
        ));
    }

    /// The whole document, `width` by `height` pixels, `title` its title.
    pub fn finish(self, width: f32, height: f32, title: &str) -> String {
        let font = Font::get();
        let mut out = String::with_capacity(self.body.len() + 2048);
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
            w = Num(width.ceil()),
            h = Num(height.ceil())
        );
        let _ = writeln!(out, "<title>{}</title>", Escaped(title));
        if !self.used.is_empty() {
            out.push_str("<defs>\n");
            for &c in &self.used {
                let _ = writeln!(
                    out,
                    r#"<path id="{}" d="{}"/>"#,
                    GlyphId(c),
                    font.glyph(c).1.path
                );
            }
            out.push_str("</defs>\n");
        }
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }
}

/// The id of a glyph's definition: `glyph-` and its code point.
struct GlyphId(char);

impl fmt::Display for GlyphId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "glyph-{:x}", u32::from(self.0))
    }
}

/// A stroke's attributes, or none.
struct Stroke<'a>(Option<&'a str>, f32);

impl fmt::Display for Stroke<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(colour) => write!(f, r#" stroke="{colour}" stroke-width="{}""#, Num(self.1)),
            None => Ok(()),
        }
    }
}
