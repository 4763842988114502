//! Ctrl-C: the puzzles under way finish, what is done is written, and the exit status is 130.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Exit code after Ctrl-C (128 + SIGINT, the shell convention).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Interrupts this soon after the first are the same one: `timeout` and a signal to a
/// process group deliver two at once, and a key held down repeats.
pub const SAME_INTERRUPT: Duration = Duration::from_secs(1);

/// Set by the first Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// When the first Ctrl-C came.
static FIRST: OnceLock<Instant> = OnceLock::new();

/// Installs the handler: the first Ctrl-C asks every loop to stop starting new work (the
/// puzzles under way finish and are written, then the summary); more within
/// [`SAME_INTERRUPT`] count as that one. A later one stops at once: the output of every
/// puzzle written so far is flushed whole, the puzzles under way are dropped.
pub fn install() {
    // Failing to install (a handler set already) leaves the default: Ctrl-C ends at once.
    let _ = ctrlc::set_handler(|| {
        let now = Instant::now();
        let first = *FIRST.get_or_init(|| now);
        if first == now {
            INTERRUPTED.store(true, Ordering::SeqCst);
            super::progress::report(
                "satdoku: interrupted: finishing the puzzles under way (Ctrl-C again to stop at once)",
            );
        } else if now.duration_since(first) >= SAME_INTERRUPT {
            stop_at_once();
        }
    });
}

/// The second interrupt: what was written stays whole, and the process exits with 130.
fn stop_at_once() -> ! {
    let message = if super::sink::rescue() {
        "satdoku: stopped at once: the output written so far is whole; the puzzles under way were dropped"
    } else {
        "satdoku: stopped at once (standard output was taking no more)"
    };
    super::progress::report(message);
    std::process::exit(i32::from(EXIT_INTERRUPTED));
}

/// Whether Ctrl-C was pressed: loops start no new work.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
