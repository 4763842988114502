//! A progress bar on stderr for long runs, shown only when stderr is a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Set by `--quiet`: no progress bar, summary or notice (errors and warnings still show).
static QUIET: AtomicBool = AtomicBool::new(false);

/// Silences progress bars, summaries and notices for the rest of the run.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether progress, summaries and notices are to be shown on stderr: it is a terminal
/// and `--quiet` was not given.
pub fn chatty() -> bool {
    !QUIET.load(Ordering::Relaxed) && std::io::stderr().is_terminal()
}

/// Whether `--quiet` was given.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Prints a notice or summary `line` on stderr unless `--quiet`.
pub fn notice(line: &str) {
    if !QUIET.load(Ordering::Relaxed) {
        report(line);
    }
}

/// The bar on screen, if any: messages on stderr are printed above it.
static SHOWN: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Prints `line` on stderr, above the progress bar when one is shown, so that the two do
/// not mix. Every message of a batch run goes through here.
pub fn report(line: &str) {
    let shown = SHOWN
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    match &*shown {
        Some(bar) => bar.suspend(|| eprintln!("{line}")),
        None => eprintln!("{line}"),
    }
}

/// How far a run will go, when that is known: what the bar measures its position in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Total {
    /// Unknown (standard input): a count, a rate and the time so far, no ETA.
    Unknown,
    /// This many items (`generate --count`).
    Items(u64),
    /// This many bytes of input files; the position is the bytes read through the last
    /// puzzle done.
    Bytes(u64),
}

/// Items done so far with their rate, and, when the total is known, a bar, the percentage
/// and an ETA: drawn on stderr a few times a second when it is a terminal, invisible
/// otherwise (so that logs and pipes stay clean).
pub struct Bar {
    bar: ProgressBar,
    total: Total,
    /// Items done (the bar's position counts bytes under [`Total::Bytes`]).
    done: Arc<AtomicU64>,
    /// The furthest byte reached: items finish out of order on several threads.
    furthest: AtomicU64,
}

impl Bar {
    /// A progress bar for `what` (`puzzles`) going to `total`.
    pub fn new(what: &str, total: Total) -> Bar {
        let target = if chatty() {
            ProgressDrawTarget::stderr_with_hz(4)
        } else {
            ProgressDrawTarget::hidden()
        };
        let length = match total {
            Total::Unknown => None,
            Total::Items(n) | Total::Bytes(n) => Some(n),
        };
        let bar = ProgressBar::with_draw_target(length, target);
        let template = if length.is_some() {
            format!(
                "{{spinner}} {{bar:24}} {{percent:>3}}% {{done}} {what}, {{rate}}, {{elapsed}}, ETA {{eta}}"
            )
        } else {
            format!("{{spinner}} {{done}} {what}, {{rate}}, {{elapsed}}")
        };
        let done = Arc::new(AtomicU64::new(0));
        let (count, rate) = (Arc::clone(&done), Arc::clone(&done));
        bar.set_style(
            ProgressStyle::with_template(&template)
                .expect("the template is valid")
                .progress_chars("=> ")
                .with_key(
                    "done",
                    move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{}", count.load(Ordering::Relaxed));
                    },
                )
                .with_key(
                    "rate",
                    move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let seconds = state.elapsed().as_secs_f64();
                        let done = rate.load(Ordering::Relaxed) as f64;
                        let per_second = if seconds > 0.0 { done / seconds } else { 0.0 };
                        let _ = write!(w, "{per_second:.0}/s");
                    },
                ),
        );
        if !bar.is_hidden() {
            bar.enable_steady_tick(Duration::from_millis(250));
            *SHOWN
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(bar.clone());
        }
        Bar {
            bar,
            total,
            done,
            furthest: AtomicU64::new(0),
        }
    }

    /// Counts one more item done, which took the input through byte `consumed` (of all the
    /// inputs; ignored unless the total is in bytes). Any thread may call it.
    pub fn inc(&self, consumed: u64) {
        self.done.fetch_add(1, Ordering::Relaxed);
        match self.total {
            Total::Unknown => {}
            Total::Items(_) => self.bar.inc(1),
            Total::Bytes(_) => {
                let furthest = self.furthest.fetch_max(consumed, Ordering::Relaxed);
                self.bar.set_position(furthest.max(consumed));
            }
        }
    }

    /// Erases the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
        SHOWN
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
    }
}

impl Drop for Bar {
    /// Erases the bar when a run ends early (an error) too.
    fn drop(&mut self) {
        self.finish();
    }
}
