//! Standard output in whole records: what is written for one puzzle reaches it whole or not at all, even when a second interrupt stops the run.

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

/// Standard output and the record being written to it.
struct Sink {
    /// Committed records on their way to standard output (`None` until [`open`]).
    writer: Option<BufWriter<Stdout>>,
    /// The record being written: one puzzle's lines, committed whole.
    record: Vec<u8>,
    /// Whether standard output is a terminal: each record is flushed as it is committed.
    interactive: bool,
}

static SINK: Mutex<Sink> = Mutex::new(Sink {
    writer: None,
    record: Vec::new(),
    interactive: false,
});

fn lock() -> MutexGuard<'static, Sink> {
    // A panic while writing leaves bytes, not broken invariants: go on with them.
    SINK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether standard output was closed when the program started (`>&-`). Rust's runtime
/// then gives descriptor 1 to `/dev/null` before `main`, and every write vanishes without
/// an error: so it is looked at before the runtime starts.
static CLOSED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
#[ctor::ctor(unsafe)]
fn note_closed() {
    // SAFETY: fcntl(F_GETFD) on a descriptor number only reads its flags; it fails
    // (EBADF) when the descriptor is not open. Nothing of Rust's runtime is used.
    let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
    CLOSED.store(closed, Ordering::Relaxed);
}

/// Makes standard output ready for records; an error when it is closed, so that a run
/// whose output goes nowhere fails instead of succeeding silently.
pub fn open() -> io::Result<()> {
    if CLOSED.load(Ordering::Relaxed) {
        return Err(io::Error::other(
            "standard output is closed (redirect it to a file or /dev/null instead)",
        ));
    }
    let mut sink = lock();
    if sink.writer.is_none() {
        let stdout = io::stdout();
        sink.interactive = stdout.is_terminal();
        sink.writer = Some(BufWriter::with_capacity(1 << 16, stdout));
    }
    Ok(())
}

/// The record being written, to write into (see [`commit`]).
pub fn record() -> impl Write {
    Record(lock())
}

struct Record(MutexGuard<'static, Sink>);

impl Write for Record {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.record.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.record.extend_from_slice(bytes);
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Ends the record being written: it goes to standard output whole (at once on a
/// terminal). Does nothing when nothing was written since the last one.
pub fn commit() -> io::Result<()> {
    let mut sink = lock();
    if sink.record.is_empty() {
        return Ok(());
    }
    let Sink {
        writer,
        record,
        interactive,
    } = &mut *sink;
    let writer = writer
        .as_mut()
        .expect("records are written only after the sink is opened");
    writer.write_all(record)?;
    record.clear();
    if *interactive {
        writer.flush()?;
    }
    Ok(())
}

/// Commits the record being written and flushes everything, so that a failed write is an
/// error and not a short output.
pub fn flush() -> io::Result<()> {
    commit()?;
    match lock().writer.as_mut() {
        Some(writer) => writer.flush(),
        None => Ok(()),
    }
}

/// On the way out of a run stopped at once: flushes every committed record (the record
/// being written is dropped, never written in part). Waits at most a second for a record
/// being committed; false when that did not end (standard output blocked) or the flush
/// failed. Nothing more is written after it: the sink stays locked, for the process to
/// exit.
pub fn rescue() -> bool {
    let start = Instant::now();
    let mut sink = loop {
        match SINK.try_lock() {
            Ok(sink) => break sink,
            Err(TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
            Err(TryLockError::WouldBlock) if start.elapsed() < Duration::from_secs(1) => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(TryLockError::WouldBlock) => return false,
        }
    };
    sink.record.clear();
    // A failed write here has nobody left to tell but the message that follows.
    let flushed = sink
        .writer
        .as_mut()
        .is_none_or(|writer| writer.flush().is_ok());
    // Held to the end: no record is started after these, to be cut short by the exit.
    std::mem::forget(sink);
    flushed
}
