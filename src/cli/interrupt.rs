//! Ctrl-C: the puzzles under way finish, what is done is written, and the exit status is 130.

use std::sync::atomic::{AtomicBool, Ordering};

/// Exit code after Ctrl-C (128 + SIGINT, the shell convention).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Set by the first Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler: the first Ctrl-C asks every loop to stop starting new work (the
/// puzzles under way finish and are written, then the summary); a second one exits at once.
pub fn install() {
    // Failing to install (a handler set already) leaves the default: Ctrl-C ends at once.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
        super::progress::report(
            "satdoku: interrupted: finishing the puzzles under way (Ctrl-C again to stop at once)",
        );
    });
}

/// Whether Ctrl-C was pressed: loops start no new work.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
