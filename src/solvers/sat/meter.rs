//! The counter of conflicts in varisat's binary DRAT proof stream, which also stops a search at a deadline or a conflict limit.

use std::cell::Cell as Shared;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::Instant;

/// Counts the learned clauses of a binary DRAT proof stream (one per conflict), and fails
/// the write once the deadline has passed, which stops varisat's search.
pub(super) struct Meter {
    conflicts: Shared<u64>,
    in_step: Shared<bool>,
    deadline: Shared<Option<Instant>>,
    /// Conflicts allowed (checked as the proof stream is written, so the same search
    /// stops at the same point on every machine).
    conflict_limit: Shared<Option<u64>>,
}

impl Meter {
    /// A meter at zero, without a deadline or a limit.
    pub(super) fn new() -> Meter {
        Meter {
            conflicts: Shared::new(0),
            in_step: Shared::new(false),
            deadline: Shared::new(None),
            conflict_limit: Shared::new(None),
        }
    }

    /// Conflicts counted since the last [reset](Meter::reset).
    pub(super) fn conflicts(&self) -> u64 {
        self.conflicts.get()
    }

    /// Starts counting again from zero, for a fresh proof stream.
    pub(super) fn reset(&self) {
        self.conflicts.set(0);
        self.in_step.set(false);
    }

    /// Fails the writes (and so stops the search) once `deadline` has passed.
    pub(super) fn set_deadline(&self, deadline: Option<Instant>) {
        self.deadline.set(deadline);
    }

    /// Fails the writes once more than `limit` conflicts are counted.
    pub(super) fn set_conflict_limit(&self, limit: Option<u64>) {
        self.conflict_limit.set(limit);
    }
}

/// The writer varisat gets: shares its [`Meter`] with the search.
pub(super) struct MeterWriter(pub(super) Rc<Meter>);

impl Write for MeterWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let meter = &self.0;
        if meter.deadline.get().is_some_and(|d| Instant::now() >= d) {
            return Err(io::ErrorKind::TimedOut.into());
        }
        // Each step is `a` (added) or `d` (deleted), then literals as variable-length
        // numbers, whose bytes are never 0, then a 0.
        let (mut conflicts, mut in_step) = (meter.conflicts.get(), meter.in_step.get());
        for &byte in buf {
            if !in_step {
                conflicts += u64::from(byte == b'a');
                in_step = true;
            } else if byte == 0 {
                in_step = false;
            }
        }
        meter.conflicts.set(conflicts);
        meter.in_step.set(in_step);
        if meter
            .conflict_limit
            .get()
            .is_some_and(|limit| conflicts > limit)
        {
            return Err(io::ErrorKind::TimedOut.into());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
