//! A progress bar on stderr for long runs, shown only when stderr is a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use satdoku::format::Shown;
use satdoku::logic::PathProgress;

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
/// not mix. Every message of a batch run goes through here. Control characters from the
/// input (a tab, an escape sequence) are shown as escapes, never sent to the terminal.
pub fn report(line: &str) {
    let line = escaped(line);
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
    /// The puzzles under way, when the bar is shown: the one running longest is named.
    running: Arc<Mutex<Running>>,
}

/// The puzzles under way, each with when it started and how far its logic has come.
#[derive(Default)]
struct Running {
    next: u64,
    puzzles: Vec<(u64, String, Instant, Arc<PathProgress>)>,
}

/// How long a puzzle runs before the bar names it.
const SLOW: Duration = Duration::from_secs(2);

impl Running {
    /// ` · puzzle 3 (line 5): 12 s, step 41, 62 % of its work left`, for the puzzle under
    /// way longest when that is longer than [`SLOW`]; empty otherwise.
    fn slowest(&self) -> String {
        let Some((_, label, start, path)) = self.puzzles.iter().min_by_key(|p| p.2) else {
            return String::new();
        };
        let elapsed = start.elapsed();
        if elapsed < SLOW {
            return String::new();
        }
        let mut text = format!(" · {label}: {} s", elapsed.as_secs());
        if let Some(left) = path.work_left() {
            text.push_str(&format!(
                ", step {}, {:.0} % of its logic's work left",
                path.steps(),
                left * 100.0
            ));
        }
        text
    }
}

/// A puzzle under way, named by the bar while it runs long; gone from it when dropped.
pub struct Watch<'a> {
    running: (&'a Mutex<Running>, u64),
    /// Where the puzzle's logical paths show how far they have come (see
    /// [`satdoku::logic::watched`]).
    pub path: Arc<PathProgress>,
}

impl Drop for Watch<'_> {
    fn drop(&mut self) {
        let (running, id) = self.running;
        let mut running = running.lock().unwrap_or_else(|p| p.into_inner());
        running.puzzles.retain(|p| p.0 != id);
    }
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
                "{{spinner}} {{bar:24}} {{percent:>3}}% {{done}} {what}, {{rate}}, {{elapsed}}, ETA {{eta}}{{slowest}}"
            )
        } else {
            format!("{{spinner}} {{done}} {what}, {{rate}}, {{elapsed}}{{slowest}}")
        };
        let running = Arc::new(Mutex::new(Running::default()));
        let slowest = Arc::clone(&running);
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
                    "slowest",
                    move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let running = slowest.lock().unwrap_or_else(|p| p.into_inner());
                        let _ = w.write_str(&running.slowest());
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
            running,
        }
    }

    /// Marks the puzzle `label` (`puzzle 3 (line 5)`) under way until the watch is dropped:
    /// the bar names it when it runs long, with how far its logic has come. `None` (and
    /// nothing made) when the bar is not shown.
    pub fn watch(&self, label: impl FnOnce() -> String) -> Option<Watch<'_>> {
        if self.bar.is_hidden() {
            return None;
        }
        let path = Arc::new(PathProgress::default());
        let mut running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        let id = running.next;
        running.next += 1;
        running
            .puzzles
            .push((id, label(), Instant::now(), Arc::clone(&path)));
        Some(Watch {
            running: (&self.running, id),
            path,
        })
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

/// `text` with every control character but the line breaks between its lines written as
/// an escape (see [`Shown`]).
pub fn escaped(text: &str) -> String {
    text.split('\n')
        .map(|line| Shown(line).to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
