//! A progress line on stderr for long runs, shown only when stderr is a terminal.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Puzzles done so far, with the rate: drawn on stderr a few times a second when it is a
/// terminal, invisible otherwise (so that logs and pipes stay clean).
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A progress line for `what` (`puzzles`).
    pub fn new(what: &str) -> Progress {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr_with_hz(4)
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(None, target);
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{{spinner}} {{human_pos}} {what}, {{rate}}, {{elapsed}} {{msg}}"
            ))
            .expect("the template is valid")
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}/s", state.per_sec());
                },
            ),
        );
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress { bar }
    }

    /// Counts one more done.
    pub fn inc(&self) {
        self.bar.inc(1);
    }

    /// Shows `message` after the count (e.g. what is running now).
    pub fn message(&self, message: &str) {
        self.bar.set_message(message.to_string());
    }

    /// Erases the line.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
