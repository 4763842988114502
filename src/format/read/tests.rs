//! Tests of the reader: layouts, arrays, metadata, headers, hexadoku, long lines and messages.

use std::io;

use super::hexadoku::HEX;
use super::*;

/// The Wikipedia example puzzle on one line.
const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The Wikipedia example as rows of numbers.
const ROWS: [&str; 9] = [
    "5, 3, 0, 0, 7, 0, 0, 0, 0",
    "6, 0, 0, 1, 9, 5, 0, 0, 0",
    "0, 9, 8, 0, 0, 0, 0, 6, 0",
    "8, 0, 0, 0, 6, 0, 0, 0, 3",
    "4, 0, 0, 8, 0, 3, 0, 0, 1",
    "7, 0, 0, 0, 2, 0, 0, 0, 6",
    "0, 6, 0, 0, 0, 0, 2, 8, 0",
    "0, 0, 0, 4, 1, 9, 0, 0, 5",
    "0, 0, 0, 0, 8, 0, 0, 7, 9",
];

fn read_with(text: &str, options: ReadOptions) -> Vec<Entry> {
    PuzzleReader::new(text.as_bytes(), options)
        .collect::<io::Result<_>>()
        .unwrap()
}

fn read(text: &str) -> Vec<Entry> {
    read_with(text, ReadOptions::default())
}

fn forced(input: InputFormat) -> ReadOptions {
    ReadOptions {
        input,
        ..ReadOptions::default()
    }
}

fn wikipedia() -> Grid {
    parse_one(WIKIPEDIA, &ReadOptions::default()).unwrap()
}

/// The grids of `text`, which must all read.
fn grids(text: &str) -> Vec<Grid> {
    read(text)
        .into_iter()
        .map(|e| e.grid.unwrap_or_else(|err| panic!("{err}\n{text}")))
        .collect()
}

/// The message of the only entry of `text`, which must not read.
fn error(text: &str, options: ReadOptions) -> String {
    let entries = read_with(text, options);
    assert_eq!(entries.len(), 1, "{text}");
    entries[0].grid.as_ref().unwrap_err().to_string()
}

/// `rows` bracketed as `open row close,` lines between `head` and `tail`.
fn array(head: &str, open: &str, close: &str, tail: &str) -> String {
    let rows: Vec<String> = ROWS
        .iter()
        .map(|r| format!("  {open}{r}{close},"))
        .collect();
    format!("{head}\n{}\n{tail}\n", rows.join("\n"))
}

#[test]
fn a_byte_order_mark_is_skipped() {
    assert_eq!(grids(&format!("\u{FEFF}{WIKIPEDIA}\n")), [wikipedia()]);
    let tokens = format!("\u{FEFF}{}\n", ROWS.join("\n"));
    let entries = read(&tokens);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].grid, Ok(wikipedia()));
    assert_eq!(entries[0].consumed, tokens.len() as u64);
    // Files joined with `cat` keep the second file's mark at the start of a line.
    let joined = format!("\u{FEFF}{WIKIPEDIA}\n\u{FEFF}{WIKIPEDIA}\r\n");
    assert_eq!(grids(&joined), [wikipedia(), wikipedia()]);
}

#[test]
fn c_java_and_c_sharp_arrays_are_tokens_grids() {
    for text in [
        array("int grid[9][9] = {", "{", "}", "};"),
        array(
            "static const int puzzle[9][9] = {  // row by row",
            "{",
            "}",
            "};",
        ),
        array("int[][] grid = {", "{", "}", "};"),
        array("int[][] grid = new int[][] {", "{", "}", "};"),
        array("int[,] grid = new int[9, 9] {", "{", "}", "};"),
        array("grid := [9][9]int{", "{", "}", "}"),
        // Without the declaration, or with each row's braces only.
        array("", "{", "}", ""),
    ] {
        let entries = read(&text);
        assert_eq!(entries.len(), 1, "{text}");
        assert_eq!(entries[0].grid, Ok(wikipedia()), "{text}");
        assert_eq!(entries[0].notation, Notation::Numbers);
        assert_eq!(entries[0].line, 2, "{text}");
    }
    // The whole array on one line.
    let braced: Vec<String> = ROWS.iter().map(|r| format!("{{{r}}}")).collect();
    let one_line = format!("int grid[9][9] = {{{}}};", braced.join(", "));
    assert_eq!(grids(&one_line), [wikipedia()]);
}

#[test]
fn python_json_and_rust_arrays_are_tokens_grids() {
    let lists: Vec<String> = ROWS.iter().map(|r| format!("[{r}]")).collect();
    let python = format!("grid = [{}]\n", lists.join(",\n        "));
    let json = format!("[{}]\n", lists.join(",").replace(' ', ""));
    let keyed = format!("{{\"id\": \"w\", \"puzzle\": [{}]}}\n", lists.join(", "));
    let quoted = json.replace(",0", ",\".\"").replace("[0", "[\".\"");
    let rust = array("let grid: [[u8; 9]; 9] = [", "[", "]", "];");
    let numpy = format!("grid = np.array([{}])\n", lists.join(",\n  "));
    for text in [python, json, keyed, quoted, rust, numpy] {
        let entries = read(&text);
        assert_eq!(entries.len(), 1, "{text}");
        assert_eq!(entries[0].grid, Ok(wikipedia()), "{text}");
    }
    // One list of 9 is a row: alone, a grid that ends too soon.
    let row = "[['5', '3', '.', '.', '7', '.', '.', '.', '.']]";
    let message = error(row, ReadOptions::default());
    assert!(message.contains("ends after 1 of its 9 rows"), "{message}");
}

#[test]
fn array_lines_that_are_no_grid_are_errors() {
    assert_eq!(
        read("[[1, 2], [3, 4, 5]]")[0].grid,
        Err(ParseError::ArrayShape {
            line: 1,
            lists: 2,
            numbers: 5
        })
    );
    let mut lists: Vec<String> = ROWS.iter().map(|r| format!("[{r}]")).collect();
    lists[3] = "[8, 0, 0, 0, 6, 0, 0, 0]".to_string();
    assert_eq!(
        read(&format!("[{}]", lists.join(", ")))[0].grid,
        Err(ParseError::RowLength {
            line: 1,
            row: 4,
            found: 8,
            expected: 9
        })
    );
    let message = error("{1, 2, x, 4}", ReadOptions::default());
    assert!(message.contains("'x' is not a number"), "{message}");
    // Brackets alone carry no cells and no puzzle.
    assert!(read("grid = [\n]\n};\n").is_empty());
}

#[test]
fn text_after_a_one_line_puzzle_is_metadata() {
    for text in [
        format!("{WIKIPEDIA}\tPlatinum Blonde"),
        format!("{WIKIPEDIA}:1:{}", WIKIPEDIA.replace('.', "1")),
        format!("{WIKIPEDIA},"),
        format!("{WIKIPEDIA},{},Easy,", WIKIPEDIA.replace('.', "1")),
        format!("{WIKIPEDIA} box duplicate"),
        "53.|.7.|...|6..|195|...|.98|...|.6.|8..|.6.|..3|4..|8.3|..1|7..|.2.|..6|.6.|...|28.|...|419|..5|...|.8.|.79 hard".to_string(),
    ] {
        let entries = read(&text);
        assert_eq!(entries.len(), 1, "{text}");
        assert_eq!(entries[0].grid, Ok(wikipedia()), "{text}");
    }
    // A 4×4 puzzle with a name is no 16×16 row, even with 15 more lines of 16.
    let four = "1..2......3.4...";
    let text = format!("{four} first\n{}", format!("{four}\n").repeat(15));
    let entries = read(&text);
    assert_eq!(entries.len(), 16);
    assert!(
        entries
            .iter()
            .all(|e| e.grid.as_ref().unwrap().shape().size() == 4)
    );
    // `--input line` reads metadata too; block and tokens layouts do not.
    let named = format!("{WIKIPEDIA} hard");
    assert_eq!(
        read_with(&named, forced(InputFormat::Line))[0].grid,
        Ok(wikipedia())
    );
    assert!(
        read_with(&named, forced(InputFormat::Block))[0]
            .grid
            .is_err()
    );
}

#[test]
fn metadata_leaves_other_layouts_alone() {
    // A 16×16 written as 16 runs of 16 is one puzzle, not a 4×4 and metadata.
    let sixteen = "1234567890ABCDEF".replace('0', ".");
    let spaced = vec![sixteen.as_str(); 16].join(" ");
    let entries = read(&spaced);
    assert_eq!(entries.len(), 1);
    let grid = entries[0].grid.as_ref().unwrap();
    assert_eq!(grid.shape().size(), 16);
    assert_eq!(grid.given_count(), 240);
    // Block rows with spaces and tokens rows are rows still.
    let block = "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
                 8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n\
                 . 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n";
    assert_eq!(grids(block), [wikipedia()]);
    assert_eq!(grids(&ROWS.join("\n")), [wikipedia()]);
}

#[test]
fn underscore_is_a_blank() {
    assert_eq!(grids(&WIKIPEDIA.replace('.', "_")), [wikipedia()]);
    let tokens = ROWS.join("\n").replace(" 0", " _");
    assert_eq!(grids(&tokens), [wikipedia()]);
    let spaced = "5 3 _ _ 7 _ _ _ _\n".to_string();
    assert!(
        read(&spaced)[0]
            .grid
            .as_ref()
            .is_err_and(|e| matches!(e, ParseError::Incomplete { .. }))
    );
}

#[test]
fn headers_of_collections_are_skipped() {
    // Project Euler 96: `Grid NN` and nine rows, no blank line between grids.
    let euler = "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n\
                 006708200\n002609500\n800203009\n005010300\nGrid 02\n200080300\n\
                 060070084\n030500209\n000105408\n000000000\n402706000\n301007040\n\
                 720040060\n004010003\n";
    let entries = read(euler);
    assert_eq!(entries.len(), 2);
    assert_eq!((entries[0].index, entries[0].line), (1, 2));
    assert_eq!((entries[1].index, entries[1].line), (2, 12));
    assert!(entries.iter().all(|e| e.grid.is_ok()));
    // A header ends a grid that is short of rows.
    let second = euler.split_once("Grid 02").unwrap().1;
    let short = format!("Grid 01\n003020600\n900305001\nGrid 02{second}");
    let entries = read(&short);
    assert_eq!(entries.len(), 2);
    assert!(matches!(
        entries[0].grid,
        Err(ParseError::Incomplete { found: 2, .. })
    ));
    assert!(entries[1].grid.is_ok());
    // A count on the first line, a CSV header.
    assert_eq!(grids(&format!("95\n{WIKIPEDIA}\n{WIKIPEDIA}\n")).len(), 2);
    assert_eq!(grids(&format!("# top\n1000\n{WIKIPEDIA}\n")).len(), 1);
    let csv =
        format!("Puzzle,Solution,Pointing Pairs/Triples,Time (milliseconds),\n{WIKIPEDIA},\n");
    assert_eq!(grids(&csv), [wikipedia()]);
    // A count only on the first line: later, a lone number is a bad puzzle.
    let entries = read(&format!("{WIKIPEDIA}\n95\n"));
    assert_eq!(entries.len(), 2);
    assert!(entries[1].grid.is_err());
}

#[test]
fn headers_never_hide_a_grid_row() {
    // A first line of 4 digits followed by 4-cell rows is a 4×4 grid.
    let entries = read("1000\n0200\n0030\n0004\n");
    assert_eq!(entries.len(), 1);
    assert!(entries[0].grid.is_ok());
    // A word and a number that are a row in the alphabet are a row.
    let options = ReadOptions {
        alphabet: Alphabet::new("12AB").unwrap(),
        ..ReadOptions::default()
    };
    let entries = read_with("AB 12\n12 AB\nB1 2A\n2A B1\n", options);
    assert_eq!(entries.len(), 1);
    assert!(entries[0].grid.is_ok());
    // Words with single letters are not a CSV header: a bad tokens row.
    assert!(read("x, y, z\n")[0].grid.is_err());
}

/// The first 16×16 puzzle of the bundled set, in the default alphabet.
fn sixteen() -> String {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/16x16.txt")).unwrap();
    text.lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .to_string()
}

/// `text` with the default 16×16 symbols written as a hexadoku's.
fn to_hex(text: &str) -> String {
    text.chars()
        .map(|c| match "123456789ABCDEFG".find(c) {
            Some(i) => HEX.as_bytes()[i] as char,
            None => c,
        })
        .collect()
}

#[test]
fn hexadoku_is_read_with_zero_as_a_digit() {
    let puzzle = sixteen();
    let expected = parse_one(&puzzle, &ReadOptions::default()).unwrap();
    let hex = to_hex(&puzzle);
    assert!(hex.contains('0') && hex.contains('.') && !hex.contains('G'));
    for text in [hex.clone(), hex.replace('.', "_"), hex.to_lowercase()] {
        let entries = read(&text);
        assert_eq!(entries[0].grid, Ok(expected.clone()), "{text}");
        assert_eq!(
            entries[0].notation,
            Notation::symbols(Alphabet::new(HEX).unwrap())
        );
        assert!(entries[0].warnings.is_empty());
    }
    // As 16 rows of a block grid too.
    let rows: Vec<&str> = (0..16).map(|r| &hex[r * 16..(r + 1) * 16]).collect();
    assert_eq!(grids(&rows.join("\n")), std::slice::from_ref(&expected));
    // Messages name the digits as the hexadoku writes them: 11 is `A`.
    let clash = format!("AA{}", &hex[2..]);
    let entry = read(&clash).remove(0);
    let notation = entry.notation.clone();
    let err = entry.puzzle(&RulesSpec::default()).unwrap_err();
    assert!(notation.show(&err).to_string().contains("two As in row 1"));
}

#[test]
fn an_ambiguous_zero_is_read_as_blank_with_a_warning() {
    // No G and no other blank: 0 is a blank, as in the default alphabet, but flagged.
    let puzzle = sixteen().replace('G', ".").replace('.', "0");
    let entries = read(&puzzle);
    let expected = parse_one(&puzzle.replace('0', "."), &ReadOptions::default()).unwrap();
    assert_eq!(entries[0].grid, Ok(expected));
    assert_eq!(entries[0].notation, Notation::default());
    assert_eq!(
        entries[0].warnings,
        [ReadWarning::ZeroReadAsBlank { line: 1 }]
    );
    assert!(
        entries[0].warnings[0]
            .to_string()
            .ends_with("read it with the hexadoku alphabet")
    );
    // With a G the default alphabet is certain; a chosen alphabet is never second-guessed.
    let with_g = sixteen().replace('.', "0");
    assert!(read(&with_g)[0].warnings.is_empty());
    let options = ReadOptions {
        alphabet: Alphabet::new("123456789ABCDEFG").unwrap(),
        ..ReadOptions::default()
    };
    let hex = to_hex(&sixteen());
    let entries = read_with(&hex, options);
    assert!(entries[0].warnings.is_empty());
    assert!(entries[0].grid.is_ok());
    assert_ne!(entries[0].grid, read(&hex)[0].grid);
    // Other sizes keep 0 as a blank without a word.
    assert!(read(&WIKIPEDIA.replace('.', "0"))[0].warnings.is_empty());
}

/// An input of `len` bytes of `1,` and then `tail`, made as it is read.
struct Endless {
    left: usize,
    tail: io::Cursor<Vec<u8>>,
    chunk: Vec<u8>,
}

impl io::Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            return self.tail.read(buf);
        }
        let n = buf.len().min(self.left).min(self.chunk.len());
        buf[..n].copy_from_slice(&self.chunk[..n]);
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn a_too_long_line_is_skipped_in_bounded_memory() {
    let len = 16 * 1024 * 1024;
    let input = Endless {
        left: len,
        tail: io::Cursor::new(format!("\n{WIKIPEDIA}\n").into_bytes()),
        chunk: b"1,".repeat(4096),
    };
    let mut reader = PuzzleReader::new(io::BufReader::new(input), ReadOptions::default());
    let first = reader.next().unwrap().unwrap();
    assert_eq!(
        first.grid,
        Err(ParseError::LineTooLong {
            line: 1,
            limit: MAX_LINE
        })
    );
    assert_eq!(first.consumed, len as u64 + 1);
    assert!(
        reader.lines.buffer_capacity() <= 2 * MAX_LINE,
        "{}",
        reader.lines.buffer_capacity()
    );
    let second = reader.next().unwrap().unwrap();
    assert_eq!((second.index, second.line), (2, 2));
    assert_eq!(second.grid, Ok(wikipedia()));
    assert!(reader.next().is_none());
    let message = first.grid.unwrap_err().to_string();
    assert!(
        message.starts_with("line 1: longer than 65536 bytes"),
        "{message}"
    );
}

#[test]
fn long_lines_inside_grids_and_comments() {
    // A long line ends the grid it interrupts and is reported on its own.
    let long = "1".repeat(MAX_LINE + 1);
    let text = format!("{}\n{long}\n{WIKIPEDIA}\n", ROWS[..2].join("\n"));
    let entries = read(&text);
    assert_eq!(entries.len(), 3);
    assert!(matches!(
        entries[0].grid,
        Err(ParseError::Incomplete { .. })
    ));
    assert!(matches!(
        entries[1].grid,
        Err(ParseError::LineTooLong { line: 3, .. })
    ));
    assert_eq!(entries[2].grid, Ok(wikipedia()));
    // A line of exactly the limit is read; a long comment is a comment.
    let exact = format!("{WIKIPEDIA} {}", "x".repeat(MAX_LINE - WIKIPEDIA.len() - 1));
    assert_eq!(grids(&exact), [wikipedia()]);
    let comment = format!("{WIKIPEDIA} # {long}{long}\r\n{WIKIPEDIA}\n");
    assert_eq!(grids(&comment), [wikipedia(), wikipedia()]);
}

#[test]
fn length_messages_fit_the_layout_read() {
    let block = error(WIKIPEDIA, forced(InputFormat::Block));
    assert_eq!(
        block,
        "line 1: 81 symbols fit no row of a block grid (a row has 4 to 64 \
         cells); it looks like a one-line puzzle"
    );
    let line = error("53..7....", forced(InputFormat::Line));
    assert!(line.starts_with("line 1: 9 symbols fit no supported grid on one line"));
    assert!(line.ends_with("it looks like a row of a block grid"));
    assert!(!error("5 3 7 7 1", forced(InputFormat::Block)).contains("looks like"));
    let numbers = error("1, 2, 3", ReadOptions::default());
    assert!(
        numbers.starts_with("line 1: 3 numbers fit no supported grid"),
        "{numbers}"
    );
    let symbols = error("12.", ReadOptions::default());
    assert!(
        symbols.starts_with("line 1: 3 symbols fit no supported grid"),
        "{symbols}"
    );
    let forced_tokens = error("1 2 3", forced(InputFormat::Tokens));
    assert!(
        forced_tokens.starts_with("line 1: 3 numbers"),
        "{forced_tokens}"
    );
}
