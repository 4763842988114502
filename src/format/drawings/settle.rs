//! What a user says a drawing means where the rules' words do not settle it (`--read 'line #67f067=whispers'`): a line colour read as a line family, or as decoration.

use std::fmt;
use std::str::FromStr;

use super::scene::Colour;

/// What lines of one colour are read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineMeaning {
    /// A line family (`whispers line`).
    Family(&'static str),
    /// A drawing with no rule.
    Decoration,
}

/// How the user settles drawings the words leave open: each entry a line colour and what
/// such lines are read as, whatever the rules' words say (the words still tell a line's
/// colour from the others).
///
/// ```
/// use satdoku::format::Settled;
/// let mut settled = Settled::default();
/// settled.add("line #67f067=whispers")?;
/// settled.add("line #f067f0 = renban line")?;
/// settled.add("line #000=decoration")?;
/// assert_eq!(settled.to_string(), "line #67f067=whispers line, line #f067f0=renban line, line #000000=decoration");
/// assert!(settled.add("line green=whispers").unwrap_err().to_string().contains("#RRGGBB"));
/// assert!(settled.add("line #67f067=cage").unwrap_err().to_string().contains("renban"));
/// # Ok::<(), satdoku::format::SettleError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settled {
    lines: Vec<(Colour, LineMeaning)>,
}

/// Why a `--read` entry does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--read {entry:?}: {why}")]
pub struct SettleError {
    /// The entry as given.
    pub entry: String,
    /// What is wrong with it.
    pub why: String,
}

impl Settled {
    /// Adds an entry `line COLOUR=MEANING`: a colour as `#RRGGBB` (or `#RGB`), a line
    /// family (`whispers`, `renban line`, `region-sum` …) or `decoration`.
    pub fn add(&mut self, entry: &str) -> Result<(), SettleError> {
        let bad = |why: String| SettleError {
            entry: entry.to_string(),
            why,
        };
        let (style, meaning) = entry
            .split_once('=')
            .ok_or_else(|| bad("it says `line #RRGGBB=FAMILY`".into()))?;
        let colour = style
            .trim()
            .strip_prefix("line")
            .map(str::trim)
            .ok_or_else(|| bad("only lines are settled so: `line #RRGGBB=FAMILY`".into()))?;
        let colour = Colour::parse(colour)
            .filter(|_| colour.starts_with('#'))
            .ok_or_else(|| bad(format!("{colour:?} is not a colour as #RRGGBB")))?;
        let meaning = meaning.trim().to_lowercase();
        let families = super::lines::line_family_names();
        let meaning = if meaning == "decoration" {
            LineMeaning::Decoration
        } else {
            let wanted = meaning.trim_end_matches(" line");
            let family = families
                .iter()
                .find(|f| f.trim_end_matches(" line") == wanted)
                .ok_or_else(|| {
                    bad(format!(
                        "{meaning:?} is no line family satdoku reads by colour ({}, or decoration)",
                        families.join(", ")
                    ))
                })?;
            LineMeaning::Family(family)
        };
        self.lines.retain(|(c, _)| *c != colour);
        self.lines.push((colour, meaning));
        Ok(())
    }

    /// With every entry of `other` too (a later entry for a colour replaces an earlier).
    pub fn merge(&mut self, other: &Settled) {
        for &(colour, meaning) in &other.lines {
            self.lines.retain(|(c, _)| *c != colour);
            self.lines.push((colour, meaning));
        }
    }

    /// What lines of `colour` are read as, when the user said.
    pub(crate) fn line(&self, colour: Colour) -> Option<LineMeaning> {
        self.lines
            .iter()
            .find(|(c, _)| c.near(colour))
            .map(|&(_, meaning)| meaning)
    }

    /// Whether nothing is settled.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

impl FromStr for Settled {
    type Err = SettleError;

    /// One entry (see [`Settled::add`]).
    fn from_str(entry: &str) -> Result<Settled, SettleError> {
        let mut settled = Settled::default();
        settled.add(entry)?;
        Ok(settled)
    }
}

impl fmt::Display for Settled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entries: Vec<String> = self
            .lines
            .iter()
            .map(|(colour, meaning)| {
                let meaning = match meaning {
                    LineMeaning::Family(family) => family,
                    LineMeaning::Decoration => "decoration",
                };
                format!("line {}={meaning}", colour.hex())
            })
            .collect();
        f.write_str(&entries.join(", "))
    }
}
