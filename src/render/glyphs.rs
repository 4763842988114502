//! The bundled font's glyphs as SVG path data, so that pictures draw their text the same on every machine and need no font.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::OnceLock;

/// DejaVu Sans, cut down to the characters pictures write (its licence beside it).
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");

/// The character drawn for one the font lacks.
const MISSING: char = '?';

/// One glyph: its outline in font units (y up) and how far it moves the pen.
#[derive(Debug)]
pub struct Glyph {
    /// SVG path data of the outline, in font units with y pointing up.
    pub path: String,
    /// The advance, in font units.
    pub advance: f32,
}

/// The glyphs of the bundled font, with its measures.
#[derive(Debug)]
pub struct Font {
    glyphs: HashMap<char, Glyph>,
    /// The height of a capital letter (and a digit), in font units.
    pub cap_height: f32,
}

impl Font {
    /// The font, read once.
    pub fn get() -> &'static Font {
        static FONT_CELL: OnceLock<Font> = OnceLock::new();
        FONT_CELL.get_or_init(|| Font::read(FONT))
    }

    /// Reads every character of `data`'s character map.
    ///
    /// # Panics
    /// If `data` is not a font: the bundled one is, and the tests read it.
    fn read(data: &[u8]) -> Font {
        let face = ttf_parser::Face::parse(data, 0).expect("the bundled font reads");
        let mut glyphs = HashMap::new();
        let mut chars = Vec::new();
        if let Some(cmap) = face.tables().cmap {
            for table in cmap.subtables {
                table.codepoints(|code| {
                    if let Some(c) = char::from_u32(code) {
                        chars.push(c);
                    }
                });
            }
        }
        for c in chars {
            let Some(id) = face.glyph_index(c) else {
                continue;
            };
            let mut outline = Outline::default();
            face.outline_glyph(id, &mut outline);
            let advance = f32::from(face.glyph_hor_advance(id).unwrap_or(0));
            glyphs.insert(
                c,
                Glyph {
                    path: outline.path,
                    advance,
                },
            );
        }
        let cap_height = face
            .capital_height()
            .map_or(f32::from(face.units_per_em()) * 0.73, f32::from);
        Font { glyphs, cap_height }
    }

    /// The glyph drawn for `c` (the font's `?` when it lacks `c`), and the character it is.
    pub fn glyph(&self, c: char) -> (char, &Glyph) {
        match self.glyphs.get(&c) {
            Some(glyph) => (c, glyph),
            None => (MISSING, &self.glyphs[&MISSING]),
        }
    }

    /// How wide `text` is, in font units.
    pub fn width(&self, text: &str) -> f32 {
        text.chars().map(|c| self.glyph(c).1.advance).sum()
    }
}

/// Collects a glyph's outline as SVG path data.
#[derive(Default)]
struct Outline {
    path: String,
}

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.path, "M{x} {y}");
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.path, "L{x} {y}");
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = write!(self.path, "Q{x1} {y1} {x} {y}");
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ = write!(self.path, "C{x1} {y1} {x2} {y2} {x} {y}");
    }

    fn close(&mut self) {
        self.path.push('Z');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_has_every_symbol_pictures_write() {
        let font = Font::get();
        for c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz?*/[]≠−·".chars()
        {
            assert_eq!(font.glyph(c).0, c, "{c:?} is in the font");
        }
        assert!(!font.glyph('7').1.path.is_empty());
        assert!(font.glyph(' ').1.path.is_empty() && font.glyph(' ').1.advance > 0.0);
        assert_eq!(font.glyph('\u{4e00}').0, '?');
        assert!(font.cap_height > 1000.0 && font.width("10") > font.width("1"));
    }
}
