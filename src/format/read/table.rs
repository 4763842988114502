//! Tables of puzzles: CSV or TSV with a header, a puzzle in one column of each row, the other columns kept with it.

use std::sync::Arc;

use crate::format::{Column, ParseError};

/// Header names taken for the puzzle column when none is asked for (case aside): those of
/// the public datasets (`quizzes,solutions`; `id,puzzle,solution,clues,difficulty`;
/// `source,question,answer,rating`).
const PUZZLE_NAMES: &[&str] = &[
    "puzzle", "puzzles", "quizzes", "quiz", "question", "grid", "sudoku", "problem", "board",
];

/// One row of a table: the header's names and this row's fields, in order (a short row's
/// missing fields are empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    header: Arc<[String]>,
    fields: Vec<String>,
    puzzle: usize,
}

impl Record {
    /// The header's column names.
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// The row's fields, one per column of the header.
    pub fn fields(&self) -> &[String] {
        &self.fields
    }

    /// The position (from 0) of the column the puzzle was read from.
    pub fn puzzle_column(&self) -> usize {
        self.puzzle
    }

    /// The field of `column`, if the header has it.
    pub fn get(&self, column: &Column) -> Option<&str> {
        column
            .position(&self.header)
            .map(|k| self.fields[k].as_str())
    }

    /// Each column's name with this row's field, in the header's order.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.header
            .iter()
            .map(String::as_str)
            .zip(self.fields.iter().map(String::as_str))
    }
}

/// A table being read: its header, how its fields are separated (and the CSV reader that
/// splits them, built once: building one costs more than splitting a row), and its puzzle
/// column.
#[derive(Debug)]
pub(super) struct Table {
    header: Arc<[String]>,
    delimiter: u8,
    reader: csv_core::Reader,
    puzzle: usize,
}

impl Table {
    /// The table whose header is `text` (line `line`): `column` its puzzle column, or, when
    /// none is asked for, the first column a dataset names so. `Ok(None)`: no column is
    /// asked for and the line is no such header; an error: the header lacks the column.
    pub(super) fn start(
        line: usize,
        text: &str,
        column: Option<&Column>,
    ) -> Result<Option<Table>, ParseError> {
        let delimiter = delimiter_of(text);
        if column.is_none() && !text.contains([',', '\t', ';']) {
            // One column at most: no dataset's header.
            return Ok(None);
        }
        let mut reader = csv_reader(delimiter);
        let header: Arc<[String]> = match split(&mut reader, delimiter, text) {
            Ok(fields) => fields.into_iter().map(|f| f.trim().to_string()).collect(),
            Err(why) if column.is_some() => return Err(ParseError::BadRow { line, why }),
            Err(_) => return Ok(None),
        };
        let puzzle = match column {
            Some(column) => column
                .position(&header)
                .ok_or_else(|| ParseError::NoColumn {
                    line,
                    column: column.clone(),
                    header: header.to_vec(),
                })?,
            None => {
                // A header: several columns, each named by a word, one of them a puzzle's.
                let named = |h: &String| h.starts_with(|c: char| c.is_ascii_alphabetic());
                let found = (header.len() > 1 && header.iter().all(named))
                    .then(|| {
                        (header.iter())
                            .position(|h| PUZZLE_NAMES.iter().any(|n| h.eq_ignore_ascii_case(n)))
                    })
                    .flatten();
                match found {
                    Some(k) => k,
                    None => return Ok(None),
                }
            }
        };
        Ok(Some(Table {
            header,
            delimiter,
            reader,
            puzzle,
        }))
    }

    /// The row on line `line`, and the text of its puzzle column; an error when the line
    /// has more fields than the header, an unclosed quote or no puzzle.
    pub(super) fn row(&mut self, line: usize, text: &str) -> Result<(Record, String), ParseError> {
        let bad = |why: String| ParseError::BadRow { line, why };
        let mut fields = split(&mut self.reader, self.delimiter, text).map_err(bad)?;
        if fields.len() > self.header.len() {
            return Err(bad(format!(
                "{} fields, and the header names {} columns",
                fields.len(),
                self.header.len()
            )));
        }
        fields.resize(self.header.len(), String::new());
        let puzzle = fields[self.puzzle].trim().to_string();
        if puzzle.is_empty() {
            return Err(bad(format!(
                "the puzzle column ({}) is empty",
                self.header[self.puzzle]
            )));
        }
        let record = Record {
            header: Arc::clone(&self.header),
            fields,
            puzzle: self.puzzle,
        };
        Ok((record, puzzle))
    }
}

/// The separator of a table's fields, from its header line: a tab when it has one, else a
/// semicolon when it has one and no comma, else a comma.
fn delimiter_of(header: &str) -> u8 {
    if header.contains('\t') {
        b'\t'
    } else if header.contains(';') && !header.contains(',') {
        b';'
    } else {
        b','
    }
}

/// A CSV reader of fields separated by `delimiter`, quoted as CSV quotes them (`"a ""b"",
/// c"`). Only a line feed ends a record: a carriage return or other control byte inside a
/// line stays in its field.
fn csv_reader(delimiter: u8) -> csv_core::Reader {
    csv_core::ReaderBuilder::new()
        .delimiter(delimiter)
        .terminator(csv_core::Terminator::Any(b'\n'))
        .build()
}

/// The fields of one line of a table, split by `reader` (of fields separated by
/// `delimiter`), or why it cannot be split.
fn split(reader: &mut csv_core::Reader, delimiter: u8, text: &str) -> Result<Vec<String>, String> {
    if text.bytes().filter(|&b| b == b'"').count() % 2 == 1 {
        return Err("a quote that is not closed (a field cannot go on to the next line)".into());
    }
    reader.reset();
    let input = text.as_bytes();
    // Room for every byte and for a field at every delimiter; a call with no input left
    // ends the record. The ends count from the record's start, across calls.
    let mut output = vec![0; input.len()];
    let mut ends = vec![0; 1 + input.iter().filter(|&&b| b == delimiter).count()];
    let (mut read, mut written, mut count) = (0, 0, 0);
    for _ in 0..input.len() + 2 {
        let (result, i, o, e) =
            reader.read_record(&input[read..], &mut output[written..], &mut ends[count..]);
        read += i;
        written += o;
        count += e;
        match result {
            csv_core::ReadRecordResult::Record | csv_core::ReadRecordResult::End => break,
            csv_core::ReadRecordResult::InputEmpty => {}
            csv_core::ReadRecordResult::OutputFull | csv_core::ReadRecordResult::OutputEndsFull => {
                return Err("a row that cannot be split into fields".into());
            }
        }
    }
    if read < input.len() {
        return Err("a row that cannot be split into fields".into());
    }
    let mut start = 0;
    let mut out = Vec::with_capacity(count);
    for &end in &ends[..count] {
        out.push(String::from_utf8_lossy(&output[start..end]).into_owned());
        start = end;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_split_as_csv_writes_them() {
        assert_eq!(
            split(&mut csv_reader(b','), b',', "a,b,,c").unwrap(),
            ["a", "b", "", "c"]
        );
        assert_eq!(
            split(&mut csv_reader(b','), b',', "\"x, \"\"y\"\"\",2").unwrap(),
            ["x, \"y\"", "2"]
        );
        assert_eq!(
            split(&mut csv_reader(b'\t'), b'\t', "a\tb c").unwrap(),
            ["a", "b c"]
        );
        assert_eq!(
            split(&mut csv_reader(b','), b',', "only").unwrap(),
            ["only"]
        );
        assert!(split(&mut csv_reader(b','), b',', "\"open,2").is_err());
        // A carriage return or a form feed inside a line stays in its field.
        assert_eq!(
            split(&mut csv_reader(b','), b',', "a\rb,c\x0c").unwrap(),
            ["a\rb", "c\x0c"]
        );
    }

    #[test]
    fn headers_naming_a_puzzle_column_start_a_table() {
        let table = Table::start(1, "id,Puzzle,solution", None)
            .unwrap()
            .unwrap();
        assert_eq!(table.puzzle, 1);
        assert_eq!(&*table.header, ["id", "Puzzle", "solution"]);
        // Not a table unless asked: one column, or no column named as a puzzle's.
        assert!(Table::start(1, "puzzle", None).unwrap().is_none());
        assert!(Table::start(1, "id,givens", None).unwrap().is_none());
        assert!(Table::start(1, "1..2,3", None).unwrap().is_none());
        // Asked by name or number, case aside; a missing column is an error.
        let asked = Table::start(1, "a\tB", Some(&Column::Name("b".into()))).unwrap();
        assert_eq!(asked.unwrap().puzzle, 1);
        assert_eq!(
            Table::start(1, "a;b", Some(&Column::Number(2)))
                .unwrap()
                .unwrap()
                .delimiter,
            b';'
        );
        let missing = Table::start(3, "a,b", Some(&Column::Number(3))).unwrap_err();
        assert_eq!(
            missing.to_string(),
            "line 3: the header has no column 3 (its columns: a, b)"
        );
    }

    #[test]
    fn rows_keep_every_field_and_name_what_is_wrong() {
        let mut table = Table::start(1, "id,puzzle,rating", None).unwrap().unwrap();
        let (record, puzzle) = table.row(2, "7, 1..2 ,").unwrap();
        assert_eq!(puzzle, "1..2");
        assert_eq!(record.fields(), ["7", " 1..2 ", ""]);
        assert_eq!(record.get(&Column::Name("ID".into())), Some("7"));
        let (short, _) = table.row(3, "8,1234").unwrap();
        assert_eq!(short.fields(), ["8", "1234", ""]);
        let long = table.row(4, "1,2,3,4").unwrap_err().to_string();
        assert_eq!(long, "line 4: 4 fields, and the header names 3 columns");
        let empty = table.row(5, "9,,3").unwrap_err().to_string();
        assert_eq!(empty, "line 5: the puzzle column (puzzle) is empty");
    }
}
