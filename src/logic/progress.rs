//! How far a logical path has come, shown from another thread: the steps taken and the share of its work budget left.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// How far the logical paths explained under [`watched`] have come: the steps of the
/// current path and what is left of its work budget ([`PATH_WORK`](super::PATH_WORK) or
/// the caller's). Updated after each step, and during a long step every 2²⁰ units of work,
/// so that a display can tell a slow path from a stuck program.
#[derive(Debug, Default)]
pub struct PathProgress {
    /// Steps taken by the current path.
    steps: AtomicUsize,
    /// The work budget of the current path (0 before one starts).
    budget: AtomicU64,
    /// The work left of it.
    left: AtomicU64,
}

impl PathProgress {
    /// Steps taken by the current path.
    pub fn steps(&self) -> usize {
        self.steps.load(Ordering::Relaxed)
    }

    /// The share of the current path's work budget left, from 0 to 1; `None` before a
    /// path starts.
    pub fn work_left(&self) -> Option<f64> {
        let budget = self.budget.load(Ordering::Relaxed);
        (budget > 0).then(|| self.left.load(Ordering::Relaxed) as f64 / budget as f64)
    }
}

thread_local! {
    /// Where the paths explained on this thread show their progress, if anyone watches.
    static WATCH: RefCell<Option<Arc<PathProgress>>> = const { RefCell::new(None) };
}

/// Runs `f`, every logical path it explains on this thread showing how far it has come in
/// `progress`.
pub fn watched<R>(progress: &Arc<PathProgress>, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<Arc<PathProgress>>);
    impl Drop for Reset {
        fn drop(&mut self) {
            WATCH.with(|w| *w.borrow_mut() = self.0.take());
        }
    }
    let _reset = Reset(WATCH.with(|w| w.borrow_mut().replace(Arc::clone(progress))));
    f()
}

/// Calls `f` on the progress watched on this thread, if any.
fn with_watch(f: impl FnOnce(&PathProgress)) {
    WATCH.with(|w| {
        if let Some(progress) = &*w.borrow() {
            f(progress);
        }
    });
}

/// A metered search with `budget` units of work starts.
pub(crate) fn started(budget: u64) {
    with_watch(|p| {
        p.steps.store(0, Ordering::Relaxed);
        p.budget.store(budget, Ordering::Relaxed);
        p.left.store(budget, Ordering::Relaxed);
    });
}

/// The metered search has `left` units of work left, `before` a moment ago: shown when a
/// multiple of 2²⁰ lies between.
#[inline]
pub(crate) fn spent(before: u64, left: u64) {
    if (before ^ left) >> 20 != 0 {
        with_watch(|p| p.left.store(left, Ordering::Relaxed));
    }
}

/// The path has taken `steps` steps.
pub(crate) fn stepped(steps: usize) {
    with_watch(|p| p.steps.store(steps, Ordering::Relaxed));
}
