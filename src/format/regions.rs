//! Region files: the jigsaw regions of a grid written as N rows of N symbols.

use crate::grid::Shape;
use crate::rules::{Jigsaw, RulesError};

/// A region grid that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegionsError {
    /// A number of rows that is no supported size.
    #[error("the region grid has {rows} rows: it needs N rows of N symbols, N from 4 to 64")]
    Rows {
        /// Rows found.
        rows: usize,
    },
    /// A row of the wrong length.
    #[error(
        "line {line}: row {row} of the region grid has {found} symbols, but the grid has {size} rows"
    )]
    RowLength {
        /// The line of the text.
        line: usize,
        /// The 1-based row.
        row: usize,
        /// Symbols found.
        found: usize,
        /// N.
        size: usize,
    },
    /// More region symbols than regions.
    #[error(
        "line {line}: the region grid names {found} regions, but a grid of {size} rows has {size}"
    )]
    Count {
        /// Regions named so far.
        found: usize,
        /// N.
        size: usize,
        /// The line where the extra region appears.
        line: usize,
    },
    /// The regions read make no jigsaw (a region of the wrong size).
    #[error(transparent)]
    Regions(#[from] RulesError),
}

impl RegionsError {
    /// The line of the text the error names, if it names one.
    pub fn line(&self) -> Option<usize> {
        match self {
            RegionsError::RowLength { line, .. } | RegionsError::Count { line, .. } => Some(*line),
            RegionsError::Rows { .. } | RegionsError::Regions(_) => None,
        }
    }

    /// The same error with its line `by` lines further down: for a region grid read from
    /// inside a file.
    pub fn shifted(mut self, by: usize) -> RegionsError {
        if let RegionsError::RowLength { line, .. } | RegionsError::Count { line, .. } = &mut self {
            *line += by;
        }
        self
    }
}

impl Jigsaw {
    /// Reads a region grid: N rows of N symbols, each symbol naming the region of its cell
    /// (spaces between symbols allowed; blank lines and text after `#` skipped). Every
    /// region must have exactly N cells; regions need not be connected.
    ///
    /// ```
    /// use satdoku::Jigsaw;
    /// let jigsaw = Jigsaw::parse("AABB\nAABB\nCCDD\nCDCD").unwrap();
    /// assert_eq!(jigsaw.shape().size(), 4);
    /// assert!(Jigsaw::parse("AAAB\nAABB\nCCDD\nCCDD").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Jigsaw, RegionsError> {
        let rows: Vec<(usize, Vec<char>)> = text
            .lines()
            .enumerate()
            .map(|(i, line)| {
                let content = line.split('#').next().unwrap_or_default();
                let line = if i == 0 {
                    content.trim_start_matches('\u{feff}')
                } else {
                    content
                };
                (i + 1, line.chars().filter(|c| !c.is_whitespace()).collect())
            })
            .filter(|(_, row): &(usize, Vec<char>)| !row.is_empty())
            .collect();
        let size = rows.len();
        let shape = Shape::from_size(size).ok_or(RegionsError::Rows { rows: size })?;
        let mut labels: Vec<char> = Vec::new();
        let mut region_of = Vec::with_capacity(shape.cell_count());
        for (row, (line, symbols)) in rows.iter().enumerate() {
            if symbols.len() != size {
                return Err(RegionsError::RowLength {
                    line: *line,
                    row: row + 1,
                    found: symbols.len(),
                    size,
                });
            }
            for &symbol in symbols {
                let region = match labels.iter().position(|&l| l == symbol) {
                    Some(region) => region,
                    None => {
                        labels.push(symbol);
                        labels.len() - 1
                    }
                };
                if region >= size {
                    return Err(RegionsError::Count {
                        found: labels.len(),
                        size,
                        line: *line,
                    });
                }
                region_of.push(region as u8);
            }
        }
        Ok(Jigsaw::new(shape, region_of, labels)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jigsaw_files_are_checked() {
        assert!(Jigsaw::parse("AB\nBA").is_err());
        let err = Jigsaw::parse("AAAB\nAABB\nCCDD\nCCDD").unwrap_err();
        assert!(err.to_string().contains("region A has 5 cells"), "{err}");
        let err = Jigsaw::parse("AAAA\nBBBB\nCCCC\nDDDE").unwrap_err();
        assert!(err.to_string().contains("line 4"), "{err}");
        let err = Jigsaw::parse("AAAA\nBBB\nCCCC\nDDDD").unwrap_err();
        assert!(err.to_string().contains("row 2"), "{err}");
        let jigsaw = Jigsaw::parse("# four\nA A B B\nA A B B\n\nC D C D\nC C D D\n").unwrap();
        assert!(!jigsaw.connected());
        assert_eq!(jigsaw.label(3), 'D');
    }
}
