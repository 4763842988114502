//! SudokuPad's zipped JSON (its `PuzzleZipper`): short keys, quotes left out, empty objects elided — read back into JSON.

use serde_json::{Map, Value, json};

use super::SudokuPadError;

/// The full names of zipped keys (SudokuPad's `PuzzleZipper` table).
const ZIPPED_KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Reads SudokuPad's zipped JSON: strings in `'` or `"`, bare keys, empty objects left
/// out of lists (`[,,]` is three), `t` and `f` for true and false, `#0` and `#F` for black
/// and white, bare six-digit hex colours; then the keys' full names.
pub(super) fn unzip(text: &str) -> Result<Value, SudokuPadError> {
    let mut zipped = Zipped {
        chars: text.chars().collect(),
        at: 0,
        depth: 0,
    };
    let value = zipped.value()?;
    zipped.space();
    if zipped.at < zipped.chars.len() {
        return Err(zipped.error("text after the puzzle"));
    }
    Ok(unzip_keys(value))
}

/// `value` with every zipped key renamed, at every depth.
fn unzip_keys(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(key, value)| {
                    let key = ZIPPED_KEYS
                        .iter()
                        .find(|(zipped, _)| *zipped == key)
                        .map_or(key, |(_, full)| (*full).to_string());
                    (key, unzip_keys(value))
                })
                .collect(),
        ),
        Value::Array(list) => Value::Array(list.into_iter().map(unzip_keys).collect()),
        other => other,
    }
}

/// How deeply zipped JSON may nest (serde_json's own limit for plain JSON).
const MOST_DEPTH: usize = 128;

/// A reader of zipped JSON.
struct Zipped {
    chars: Vec<char>,
    at: usize,
    /// Objects and lists open at this point.
    depth: usize,
}

impl Zipped {
    fn error(&self, why: &str) -> SudokuPadError {
        SudokuPadError::Data {
            why: format!("zipped JSON, at character {}: {why}", self.at + 1),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn value(&mut self) -> Result<Value, SudokuPadError> {
        self.space();
        match self.peek() {
            Some('{' | '[') if self.depth >= MOST_DEPTH => {
                Err(self.error(&format!("nested more than {MOST_DEPTH} deep")))
            }
            Some('{') => {
                self.depth += 1;
                let value = self.object();
                self.depth -= 1;
                value
            }
            Some('[') => {
                self.depth += 1;
                let value = self.list();
                self.depth -= 1;
                value
            }
            Some(q @ ('"' | '\'')) => self.string(q).map(Value::String),
            Some(_) => Ok(self.bare()),
            None => Err(self.error("the text ends where a value should be")),
        }
    }

    fn object(&mut self) -> Result<Value, SudokuPadError> {
        self.at += 1;
        let mut map = Map::new();
        loop {
            self.space();
            match self.peek() {
                Some('}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                Some(',') => self.at += 1,
                Some(q @ ('"' | '\'')) => {
                    let key = self.string(q)?;
                    self.entry(&mut map, key)?;
                }
                Some(_) => {
                    let start = self.at;
                    while self
                        .peek()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
                    {
                        self.at += 1;
                    }
                    if self.at == start {
                        return Err(self.error("a key should be here"));
                    }
                    let key: String = self.chars[start..self.at].iter().collect();
                    self.entry(&mut map, key)?;
                }
                None => return Err(self.error("an object is not closed")),
            }
        }
    }

    fn entry(&mut self, map: &mut Map<String, Value>, key: String) -> Result<(), SudokuPadError> {
        self.space();
        if self.peek() != Some(':') {
            return Err(self.error("a `:` should follow the key"));
        }
        self.at += 1;
        let value = self.value()?;
        map.insert(key, value);
        Ok(())
    }

    fn list(&mut self) -> Result<Value, SudokuPadError> {
        self.at += 1;
        let mut list = Vec::new();
        self.space();
        if self.peek() == Some(']') {
            self.at += 1;
            return Ok(Value::Array(list));
        }
        loop {
            self.space();
            // An element left out between separators is an empty object.
            match self.peek() {
                Some(',' | ']') => list.push(Value::Object(Map::new())),
                _ => list.push(self.value()?),
            }
            self.space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(']') => {
                    self.at += 1;
                    return Ok(Value::Array(list));
                }
                _ => return Err(self.error("a `,` or `]` should be here")),
            }
        }
    }

    fn string(&mut self, quote: char) -> Result<String, SudokuPadError> {
        self.at += 1;
        let mut text = String::new();
        loop {
            match self.peek() {
                None => return Err(self.error("a string is not closed")),
                Some(c) if c == quote => {
                    self.at += 1;
                    return Ok(text);
                }
                Some('\\') => {
                    self.at += 1;
                    let escaped = self
                        .peek()
                        .ok_or_else(|| self.error("a string ends in `\\`"))?;
                    self.at += 1;
                    match escaped {
                        'n' => text.push('\n'),
                        't' => text.push('\t'),
                        'u' => {
                            let hex: String = self.chars.iter().skip(self.at).take(4).collect();
                            let code = u32::from_str_radix(&hex, 16)
                                .ok()
                                .filter(|_| hex.len() == 4)
                                .ok_or_else(|| {
                                    self.error("a `\\u` escape needs four hex digits")
                                })?;
                            text.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                            self.at += 4;
                        }
                        other => text.push(other),
                    }
                }
                Some(c) => {
                    text.push(c);
                    self.at += 1;
                }
            }
        }
    }

    /// A value without quotes: a number, `t`/`f`/`true`/`false`/`null`, or a colour.
    fn bare(&mut self) -> Value {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !matches!(c, ',' | '}' | ']') && !c.is_whitespace())
        {
            self.at += 1;
        }
        let word: String = self.chars[start..self.at].iter().collect();
        match word.as_str() {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => json!("#000000"),
            "#F" => json!("#FFFFFF"),
            w if w.len() == 6 && w.chars().all(|c| c.is_ascii_hexdigit()) => json!(format!("#{w}")),
            w => serde_json::from_str::<Value>(w).unwrap_or_else(|_| json!(w)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zipped_json_unzips_as_sudokupad_writes_it() {
        let value = unzip("{id:'x',cs:50,ce:[[{v:'1'},,{v:3}],[,,]],t:f,c:#0,c2:ff00aa}").unwrap();
        assert_eq!(
            value,
            json!({"id":"x","cellSize":50,"cells":[[{"value":"1"},{},{"value":3}],[{},{},{}]],
                   "title":false,"color":"#000000","backgroundColor":"#ff00aa"})
        );
        assert!(unzip("{ce:[[,],").is_err());
        assert_eq!(unzip("{a:'it\\'s'}").unwrap(), json!({"arrows":"it's"}));
        assert_eq!(unzip("{t:'Caf\\u00e9'}").unwrap(), json!({"title":"Café"}));
        // Deep nesting is an error, not a crash.
        let deep = "[".repeat(100_000);
        assert!(
            unzip(&deep)
                .unwrap_err()
                .to_string()
                .contains("nested more than")
        );
    }
}
