//! The line families drawings are read as: each one's name as the rules' words give it, its f-puzzles field, and the colours and widths setters' tools draw it in.

/// Line families read from a line's drawing and the rules' words: the rule's name (as
/// the rules' words name it) and its f-puzzles field.
pub(super) const LINE_FAMILIES: &[(&str, &str)] = &[
    ("whispers line", "whispers"),
    ("renban line", "renban"),
    ("region-sum line", "regionsumline"),
    ("entropic line", "entropicline"),
    ("modular line", "modularline"),
    ("nabner line", "nabner"),
    ("parity line", "parityline"),
    ("zipper line", "zipperline"),
    ("palindrome", "palindrome"),
    ("difference-count line", "differencecountline"),
    ("region-subset line", "regionsubsetline"),
    ("region-difference line", "regiondifferenceline"),
    ("index line", "indexline"),
    ("sum line", "sumline"),
    ("same-difference line", "samedifferenceline"),
    ("lockout line", "lockout"),
    // Its two halves add up alike: a set of equal sums (satdoku's extension field). Each
    // line on its own: lines of four that meet at their ends are read as separate lines,
    // as "each line of four cells" says.
    ("equal-halves line", "equalsums"),
];

/// Line families whose rule is over each line as a whole (its set of digits, its pieces, its
/// middle): lines of one that meet are not read as separate lines.
pub(super) const WHOLE_LINE: &[&str] = &[
    "renban line",
    "region-sum line",
    "nabner line",
    "zipper line",
    "palindrome",
    "difference-count line",
    "region-subset line",
    "region-difference line",
    "index line",
    "sum line",
    "same-difference line",
    "lockout line",
];

/// Of [`WHOLE_LINE`], the families whose rule reads lines of one that meet as one line with
/// branches (its cells as a set, or its pieces in each region joined where they meet).
pub(super) const BRANCHING: &[&str] = &["renban line", "region-sum line", "nabner line"];

/// The colours f-puzzles' userscript (Rangsk's new constraints) draws its lines in, which
/// SudokuPad keeps: a hint the words must still agree with. With each, the width the
/// userscript writes today (f-puzzles units, 32 pixels each); the first of a family is
/// how satdoku draws it for SudokuPad (see [`drawn_line`]).
pub(super) const SIGNATURES: &[(&str, &str, f64)] = &[
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

/// The line families read from a line's colour and the rules' words (`whispers line` …).
pub(crate) fn line_family_names() -> Vec<&'static str> {
    LINE_FAMILIES.iter().map(|(family, _)| *family).collect()
}

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
