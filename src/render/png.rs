//! Pictures as PNG: the SVG rasterised by resvg (its text is already outlines, so no font is needed and every machine draws the same pixels).

use resvg::{tiny_skia, usvg};

/// Why a picture could not become a PNG.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not read (satdoku's own never fails to).
    #[error("the picture's SVG does not read: {reason}")]
    Svg {
        /// What the SVG reader said.
        reason: String,
    },
    /// The picture is too large (or empty) to rasterise.
    #[error("a picture of {width}x{height} pixels cannot be rasterised")]
    Size {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// PNG encoding failed.
    #[error("encoding the PNG failed: {reason}")]
    Encode {
        /// What the encoder said.
        reason: String,
    },
}

/// `svg` rasterised at its own size (one pixel per unit) and encoded as PNG.
pub fn png(svg: &str) -> Result<Vec<u8>, PngError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| PngError::Svg {
        reason: e.to_string(),
    })?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size { width, height })?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| PngError::Encode {
        reason: e.to_string(),
    })
}
