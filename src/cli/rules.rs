//! `satdoku rules`: how each puzzle's rules were read — every drawn element with the rule it was read as, every sentence of its rules' text with what it was read as, and what was left unread.

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::format::rules_text::{Reading, Sentence};
use serde::Serialize;

use super::args::{InputArgs, OutputArgs};
use super::input::{self, Item};
use super::output::{Output, RowHead, Status, Tally};

/// Arguments of `satdoku rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// One puzzle's reading, as a JSON row.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    head: RowHead<'a>,
    /// The rules the puzzle was read with (`boxes 3x3, 4 thermometers …`).
    #[serde(skip_serializing_if = "Option::is_none")]
    ruleset: Option<String>,
    /// Each drawn element read, with its rule.
    drawings: &'a [String],
    /// Each sentence of the rules' text and what it was read as.
    sentences: Vec<SentenceRow<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A sentence of the rules and what it was read as: `standard`, `decoration`, `states`
/// (with the rules it states) or `unread` (with why).
#[derive(Serialize)]
struct SentenceRow<'a> {
    text: &'a str,
    read_as: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rules: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<&'a str>,
}

impl<'a> SentenceRow<'a> {
    fn of(sentence: &'a Sentence) -> SentenceRow<'a> {
        let (read_as, rules, why) = match &sentence.reading {
            Reading::Standard => ("standard", Vec::new(), None),
            Reading::Decoration => ("decoration", Vec::new(), None),
            Reading::States(rules) => ("states", rules.clone(), None),
            Reading::Unread(why) => ("unread", Vec::new(), Some(why.as_str())),
        };
        SentenceRow {
            text: &sentence.text,
            read_as,
            rules,
            why,
        }
    }

    /// `[states thermometer] Digits along thermometers increase.`
    fn line(&self) -> String {
        let what = match (self.read_as, self.rules.as_slice(), self.why) {
            ("states", rules, _) => format!("states {}", rules.join(", ")),
            ("unread", _, Some(why)) => format!("unread: {why}"),
            (other, _, _) => other.to_string(),
        };
        format!("[{what}] {}", self.text)
    }
}

/// Prints how each puzzle of the input was read.
pub fn run(args: &RulesArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::stdout(args.output.format, args.input.alphabet()?)?;
    let mut tally = Tally::default();
    let errors = input::for_each(&args.input, |item: Item| {
        let error = item.error();
        let status = if error.is_some() {
            Status::Invalid
        } else {
            Status::Solved
        };
        tally.record(status, error.is_none());
        let sentences: Vec<SentenceRow<'_>> =
            item.reading.sentences.iter().map(SentenceRow::of).collect();
        if out.writes_rows() {
            out.write_row(&Row {
                head: RowHead::new(&item, status),
                ruleset: item.puzzle.as_ref().ok().map(|p| p.rules().to_string()),
                drawings: &item.reading.readings,
                sentences,
                error,
            })
        } else {
            let mut lines = vec![format!(
                "# {} puzzle {} (line {}): {}",
                item.file,
                item.index,
                item.line,
                match (&item.puzzle, &error) {
                    (Ok(puzzle), _) => format!("read with {}", puzzle.rules()),
                    (Err(_), Some(error)) => format!("invalid: {error}"),
                    (Err(_), None) => "invalid".to_string(),
                }
            )];
            lines.extend(item.reading.readings.iter().map(|r| format!("drawn: {r}")));
            lines.extend(sentences.iter().map(|s| format!("rules: {}", s.line())));
            lines.extend(item.unread().iter().map(|u| format!("unread: {u}")));
            lines.iter().try_for_each(|line| out.text(line))
        }
        .context("writing the output")?;
        out.commit().context("writing the output")
    })?;
    out.finish(tally, errors)
}
