//! The counter of conflicts in varisat's native proof stream, which also stops a search at a deadline or a conflict limit.

use std::cell::{Cell as Shared, RefCell};
use std::io::{self, Cursor, Write};
use std::rc::Rc;
use std::time::Instant;

use varisat_internal_proof::ProofStep;
use varisat_internal_proof::binary_format::Parser;

/// Counts the learned clauses of varisat's native proof stream (one per conflict), and
/// fails the write once the deadline has passed or the conflict limit is exceeded, which
/// stops varisat's search.
///
/// Varisat has no other way to report progress or be interrupted. Its native format (not
/// DRAT) records clauses added between calls and assumptions, so a metered solver stays
/// incremental: learned clauses carry over from call to call.
pub(super) struct Meter {
    conflicts: Shared<u64>,
    deadline: Shared<Option<Instant>>,
    /// Conflicts allowed (checked as the proof stream is written, so the same search
    /// stops at the same point on every machine).
    conflict_limit: Shared<Option<u64>>,
    /// The bytes of a step not yet written in full, and the parser of steps.
    pending: RefCell<(Vec<u8>, Parser)>,
}

impl Meter {
    /// A meter at zero, without a deadline or a limit.
    pub(super) fn new() -> Meter {
        Meter {
            conflicts: Shared::new(0),
            deadline: Shared::new(None),
            conflict_limit: Shared::new(None),
            pending: RefCell::new((Vec::new(), Parser::default())),
        }
    }

    /// Conflicts counted so far, over every call of the solver.
    pub(super) fn conflicts(&self) -> u64 {
        self.conflicts.get()
    }

    /// Fails the writes (and so stops the search) once `deadline` has passed.
    pub(super) fn set_deadline(&self, deadline: Option<Instant>) {
        self.deadline.set(deadline);
    }

    /// Fails the writes once more than `limit` conflicts are counted.
    pub(super) fn set_conflict_limit(&self, limit: Option<u64>) {
        self.conflict_limit.set(limit);
    }

    /// Counts the learned clauses among the complete steps of `bytes` (after what an
    /// earlier call left pending), keeping an incomplete last step for the next call.
    fn count(&self, bytes: &[u8]) {
        let mut pending = self.pending.borrow_mut();
        let (buffer, parser) = &mut *pending;
        buffer.extend_from_slice(bytes);
        let mut source = Cursor::new(&buffer[..]);
        let mut parsed = 0;
        let mut conflicts = self.conflicts.get();
        // A step cut off by the end of the buffer fails to parse: it is completed by the
        // next write.
        while let Ok(step) = parser.parse_step(&mut source) {
            // Each conflict adds the clause it learns (long ones as redundant, units and
            // binary ones as irredundant); simplifying the formula by units found at the
            // root adds a few more, which are counted as well.
            if let ProofStep::AtClause { .. } = step {
                conflicts += 1;
            }
            parsed = source.position() as usize;
        }
        buffer.drain(..parsed);
        self.conflicts.set(conflicts);
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
        meter.count(buf);
        if meter
            .conflict_limit
            .get()
            .is_some_and(|limit| meter.conflicts() > limit)
        {
            return Err(io::ErrorKind::TimedOut.into());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
