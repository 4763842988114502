//! The counter of conflicts in varisat's native proof stream, which also stops a search at a deadline or a conflict limit.

use std::cell::{Cell as Shared, RefCell};
use std::io::{self, Cursor, Write};
use std::rc::Rc;
use std::time::Instant;

use varisat::Lit;
use varisat_internal_proof::ProofStep;
use varisat_internal_proof::binary_format::Parser;

/// Counts the conflicts in varisat's native proof stream, and fails the write once the
/// deadline has passed or the conflict limit is exceeded, which stops varisat's search.
///
/// Varisat has no other way to report progress or be interrupted. Its native format (not
/// DRAT) records clauses added between calls and assumptions, so a metered solver stays
/// incremental: learned clauses carry over from call to call.
///
/// Each conflict adds the clause it learns (an `AtClause` step). Varisat also adds one
/// for every clause it shortens by a unit found at the root, and then deletes the longer
/// clause in the next step: such a step is not counted. The count therefore runs up to one
/// step behind the stream, and the bytes of a write refused at the deadline are not
/// counted at all.
pub(super) struct Meter {
    conflicts: Shared<u64>,
    deadline: Shared<Option<Instant>>,
    /// Conflicts allowed (checked as the proof stream is written, so the same search
    /// stops at the same point on every machine).
    conflict_limit: Shared<Option<u64>>,
    /// Set once a write has failed: varisat then writes the same bytes again as it drops
    /// its buffer, and every later write must fail too, uncounted.
    stopped: Shared<bool>,
    stream: RefCell<Stream>,
}

/// The part of the stream not yet counted.
#[derive(Default)]
struct Stream {
    /// The bytes of a step not yet written in full.
    pending: Vec<u8>,
    /// The length `pending` must reach before it is parsed again: a long step (a model,
    /// a batch of units) arrives in many writes and would otherwise be parsed from its
    /// start after each (0: parse at every write).
    retry_at: usize,
    parser: Parser,
    /// The literals of the last `AtClause` step, not yet counted: it is a conflict unless
    /// the next step deletes a clause it shortens.
    held: Option<Vec<Lit>>,
}

/// Incomplete steps at most this long are parsed again at every write.
const SHORT_STEP: usize = 1 << 12;

impl Meter {
    /// A meter at zero, without a deadline or a limit.
    pub(super) fn new() -> Meter {
        Meter {
            conflicts: Shared::new(0),
            deadline: Shared::new(None),
            conflict_limit: Shared::new(None),
            stopped: Shared::new(false),
            stream: RefCell::new(Stream::default()),
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

    /// Counts the conflicts among the complete steps of the stream, after `bytes`, keeping
    /// an incomplete last step for later; `all` parses even a long incomplete step now.
    fn count(&self, bytes: &[u8], all: bool) -> io::Result<()> {
        let mut stream = self.stream.borrow_mut();
        let Stream {
            pending,
            retry_at,
            parser,
            held,
        } = &mut *stream;
        pending.extend_from_slice(bytes);
        if !all && pending.len() < *retry_at {
            return Ok(());
        }
        let mut source = Cursor::new(&pending[..]);
        let mut parsed = 0;
        let mut conflicts = self.conflicts.get();
        loop {
            let step = match parser.parse_step(&mut source) {
                Ok(step) => step,
                // The end of the bytes written so far, inside a step: it is completed by
                // later writes.
                Err(error)
                    if error
                        .downcast_ref::<io::Error>()
                        .is_some_and(|e| e.kind() == io::ErrorKind::UnexpectedEof) =>
                {
                    break;
                }
                Err(error) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("varisat's proof stream does not parse: {error}"),
                    ));
                }
            };
            let deleted = match step {
                ProofStep::DeleteClause { clause, .. } => Some(clause),
                _ => None,
            };
            if let Some(lits) = held.take() {
                let shortened = deleted.is_some_and(|d| lits.iter().all(|l| d.contains(l)));
                conflicts += u64::from(!shortened);
            }
            if let ProofStep::AtClause { clause, .. } = step {
                *held = Some(clause.to_vec());
            }
            parsed = source.position() as usize;
        }
        pending.drain(..parsed);
        *retry_at = if pending.len() > SHORT_STEP {
            2 * pending.len()
        } else {
            0
        };
        self.conflicts.set(conflicts);
        Ok(())
    }

    /// Counts `bytes` (all of them when `all`), then fails if the search must stop.
    fn take(&self, bytes: &[u8], all: bool) -> io::Result<()> {
        if self.stopped.get() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        let late = self.deadline.get().is_some_and(|d| Instant::now() >= d);
        let result = if late {
            Err(io::ErrorKind::TimedOut.into())
        } else {
            self.count(bytes, all).and_then(|()| {
                let limit = self.conflict_limit.get();
                if limit.is_some_and(|limit| self.conflicts() > limit) {
                    Err(io::ErrorKind::TimedOut.into())
                } else {
                    Ok(())
                }
            })
        };
        self.stopped.set(result.is_err());
        result
    }
}

/// The writer varisat gets: shares its [`Meter`] with the search.
pub(super) struct MeterWriter(pub(super) Rc<Meter>);

impl Write for MeterWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.take(buf, false).map(|()| buf.len())
    }

    /// Varisat flushes as a call ends: everything written is counted.
    fn flush(&mut self) -> io::Result<()> {
        self.0.take(&[], true)
    }
}
