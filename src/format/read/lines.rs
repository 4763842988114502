//! Line input in bounded memory, with look-ahead.
//!
//! Lines are read with a bounded buffer: a line longer than [`MAX_LINE`] bytes (more than a
//! 64×64 grid needs on one line) is an error of its own, skipped without being held in memory,
//! and reading goes on with the next line. A UTF-8 byte-order mark at the start of a line is
//! skipped.

use std::collections::VecDeque;
use std::io::{self, BufRead};

/// The longest line read, in bytes. A 64×64 grid on one line as numbers takes 16 KiB
/// (`64, ` per cell); the rest is room for brackets, quotes, spaces and metadata.
pub const MAX_LINE: usize = 64 * 1024;

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The encoding of `bytes`, the start of a text, when it is UTF-16 (with a byte-order mark,
/// or without one as ASCII text, every other byte zero), which satdoku does not read:
/// `UTF-16 (little-endian)`. `None` for anything else.
pub fn utf16(bytes: &[u8]) -> Option<&'static str> {
    const LITTLE: &str = "UTF-16 (little-endian)";
    const BIG: &str = "UTF-16 (big-endian)";
    match bytes {
        [0xFF, 0xFE, ..] => return Some(LITTLE),
        [0xFE, 0xFF, ..] => return Some(BIG),
        _ => {}
    }
    let start = &bytes[..bytes.len().min(64) & !1];
    if start.len() < 4 {
        return None;
    }
    let (even, odd): (Vec<u8>, Vec<u8>) = start.chunks(2).map(|pair| (pair[0], pair[1])).unzip();
    let ascii = |bytes: &[u8]| bytes.iter().all(|&b| b != 0 && b.is_ascii());
    let zero = |bytes: &[u8]| bytes.iter().all(|&b| b == 0);
    if ascii(&even) && zero(&odd) {
        Some(LITTLE)
    } else if zero(&even) && ascii(&odd) {
        Some(BIG)
    } else {
        None
    }
}

/// One input line.
pub(super) struct Line {
    /// Its 1-based number.
    pub(super) number: usize,
    /// Its length in bytes, end of line included.
    pub(super) bytes: u64,
    /// Its text without the end of line (and without a byte-order mark); cut after
    /// [`MAX_LINE`] bytes.
    pub(super) text: String,
    /// Whether the line was too long to read.
    pub(super) too_long: bool,
}

/// The lines of an input, read on demand, with the lines read ahead and not yet consumed.
pub(super) struct Lines<R> {
    input: R,
    /// Lines read from `input` so far.
    lines_read: usize,
    /// Lines read ahead and not yet consumed.
    pending: VecDeque<Line>,
    /// Bytes of the lines consumed so far.
    consumed: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`, none read yet.
    pub(super) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            lines_read: 0,
            pending: VecDeque::new(),
            consumed: 0,
            buf: Vec::new(),
        }
    }

    /// Bytes of the lines consumed so far (lines read ahead are not counted until consumed).
    pub(super) fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Reads one more line from the input into `pending`, keeping at most [`MAX_LINE`]
    /// bytes of it; false at the end.
    fn read_ahead(&mut self) -> io::Result<bool> {
        self.buf.clear();
        let mut bytes = 0u64;
        let mut cut = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            if chunk.is_empty() {
                break;
            }
            let (end, used) = match memchr::memchr(b'\n', chunk) {
                Some(newline) => (newline, newline + 1),
                None => (chunk.len(), chunk.len()),
            };
            // Room for the line, a byte-order mark and a carriage return.
            let room = (MAX_LINE + BOM.len() + 1).saturating_sub(self.buf.len());
            cut |= end > room;
            self.buf.extend_from_slice(&chunk[..end.min(room)]);
            let done = used > end;
            self.input.consume(used);
            bytes += used as u64;
            if done {
                break;
            }
        }
        if bytes == 0 {
            return Ok(false);
        }
        if self.lines_read == 0
            && let Some(encoding) = utf16(&self.buf)
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the input is {encoding}: save it as UTF-8"),
            ));
        }
        self.lines_read += 1;
        let mut text: &[u8] = &self.buf;
        if let Some(rest) = text.strip_prefix(BOM) {
            text = rest;
        }
        if !cut {
            while let Some(rest) = text.strip_suffix(b"\r") {
                text = rest;
            }
        }
        let cut = cut || text.len() > MAX_LINE;
        let text = &text[..text.len().min(MAX_LINE)];
        let text = match std::str::from_utf8(text) {
            Ok(valid) => valid.to_owned(),
            Err(_) => String::from_utf8_lossy(text).into_owned(),
        };
        // A comment starting within the limit makes the rest of the line a comment too.
        let too_long = cut && !text.contains('#') && !text.contains("//");
        self.pending.push_back(Line {
            number: self.lines_read,
            bytes,
            text,
            too_long,
        });
        Ok(true)
    }

    /// Consumes the next line; `None` at the end of the input.
    pub(super) fn next_line(&mut self) -> io::Result<Option<Line>> {
        if self.pending.is_empty() && !self.read_ahead()? {
            return Ok(None);
        }
        Ok(self.pending.pop_front().inspect(|line| {
            self.consumed += line.bytes;
        }))
    }

    /// Puts back a line `next_line` returned.
    pub(super) fn unread(&mut self, line: Line) {
        self.consumed -= line.bytes;
        self.pending.push_front(line);
    }

    /// The `k`-th line after the current one, without consuming it.
    pub(super) fn peek(&mut self, k: usize) -> io::Result<Option<&Line>> {
        while self.pending.len() <= k {
            if !self.read_ahead()? {
                return Ok(None);
            }
        }
        Ok(self.pending.get(k))
    }

    /// The capacity of the line buffer, which stays bounded however long a line is.
    #[cfg(test)]
    pub(super) fn buffer_capacity(&self) -> usize {
        self.buf.capacity()
    }
}
