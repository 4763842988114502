//! Estimated numbers of solutions for puzzles with too many to list: random probes down the search tree (Knuth's estimator), each ending on a subtree small enough to count.
//!
//! A probe walks from the puzzle down one random branch of the search tree: at each node
//! it takes the open cell with the fewest candidates left by propagation and one of them
//! drawn uniformly, the node's weight multiplied by their number. The first node on the
//! way with at most [`SMALL`] solutions is counted exactly; the probe's value, that count
//! times the node's weight, has the number of solutions as its expectation (Knuth,
//! "Estimating the efficiency of backtrack programs", 1975; the exact small subtrees, as
//! in Purdom's partial backtracking, 1978, take away most of its spread). The mean of
//! many probes is the estimate, with an interval from their spread.
//!
//! Values are kept as natural logarithms ([`Magnitude`]): a near-empty 25×25 has more
//! solutions than an `f64` holds.

use std::fmt;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::Grid;
use crate::logic;
use crate::rules::{Layout, Puzzle};
use crate::solvers::{AutoSolver, BitboardSolver, Solver};

/// Branches with at most this many solutions are counted exactly rather than probed.
pub const SMALL: u64 = 64;

/// Standard errors on either side of the mean in the interval: the normal quantile of a
/// two-sided 99 % interval, which the skew of the probes brings to about 97 % (see
/// [`mean_interval`]).
const Z_WIDE: f64 = 2.575_829_303_548_901;

/// How an estimate is made: how many probes, from which seed, until when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sampling {
    /// Probes to run (at least 2 for an interval): four times as many halve it.
    pub probes: u32,
    /// The seed of the random draws: the same seed, puzzle and probes give the same
    /// estimate on every machine.
    pub seed: u64,
    /// Stop probing once this has passed (the estimate then rests on the probes done).
    pub deadline: Option<Instant>,
}

impl Default for Sampling {
    /// 1,000 probes from seed 0, without a deadline.
    fn default() -> Sampling {
        Sampling {
            probes: 1_000,
            seed: 0,
            deadline: None,
        }
    }
}

/// A non-negative number kept as its natural logarithm (zero as negative infinity), so
/// that counts far beyond `f64` stay exact in their exponent.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Magnitude {
    ln: f64,
}

impl Magnitude {
    /// Zero.
    pub const ZERO: Magnitude = Magnitude {
        ln: f64::NEG_INFINITY,
    };

    /// The magnitude of `value` (negative values count as zero).
    pub fn new(value: f64) -> Magnitude {
        Magnitude {
            ln: if value > 0.0 {
                value.ln()
            } else {
                f64::NEG_INFINITY
            },
        }
    }

    /// The magnitude whose natural logarithm is `ln`.
    pub fn from_ln(ln: f64) -> Magnitude {
        Magnitude { ln }
    }

    /// Its natural logarithm (negative infinity for zero).
    pub fn ln(self) -> f64 {
        self.ln
    }

    /// Its base-10 logarithm (negative infinity for zero).
    pub fn log10(self) -> f64 {
        self.ln / std::f64::consts::LN_10
    }

    /// As an `f64`: infinite beyond `f64::MAX`.
    pub fn value(self) -> f64 {
        self.ln.exp()
    }
}

impl serde::Serialize for Magnitude {
    /// A number of solutions in a JSON row: a number (whole below 10^15: logarithms leave
    /// 64.99999999999999 of 65), or past a double's range its text (`4.36e308`).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = self.value();
        if value < 1e15 {
            serializer.serialize_f64(value.round())
        } else if value.is_finite() {
            serializer.serialize_f64(value)
        } else {
            serializer.collect_str(self)
        }
    }
}

impl fmt::Display for Magnitude {
    /// Whole below 10,000 (`512`); above, three significant digits and a power of ten
    /// (`6.67e21`), exact in its exponent far beyond `f64`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ln == f64::NEG_INFINITY {
            return f.write_str("0");
        }
        if self.ln == f64::INFINITY {
            return f.write_str("infinity");
        }
        let log10 = self.log10();
        if log10 < 4.0 {
            return write!(f, "{}", self.value().round());
        }
        let mut exponent = log10.floor();
        let mut mantissa = 10f64.powf(log10 - exponent);
        if (mantissa * 100.0).round() >= 1000.0 {
            mantissa /= 10.0;
            exponent += 1.0;
        }
        write!(f, "{mantissa:.2}e{exponent}")
    }
}

/// An estimated number of solutions with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimate: the mean of the probes (or the exact count, see `exact`).
    pub value: Magnitude,
    /// The interval's lower end, at least the solutions known to exist.
    pub low: Magnitude,
    /// The interval's upper end.
    pub high: Magnitude,
    /// The probes it rests on (0 when the count is exact).
    pub probes: u32,
    /// How many probes of equal value would weigh as these do, (Σv)²/Σv²: far below
    /// `probes` when a few probes carry the mean, and then the interval likely too narrow
    /// (a rare large subtree was met, others like it likely missed).
    pub effective: f64,
    /// Whether `value` is the exact count: the puzzle has at most [`SMALL`] solutions,
    /// counted outright (then `low` and `high` equal it).
    pub exact: bool,
    /// Whether the deadline stopped the probes before all were run.
    pub timed_out: bool,
}

impl fmt::Display for Estimate {
    /// `about 6.67e21 (95% interval 6.10e21 to 7.24e21, 100 probes)`, or the exact count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exact {
            return write!(f, "{}", self.value);
        }
        let probes = if self.probes == 1 { "probe" } else { "probes" };
        write!(
            f,
            "about {} (95% interval {} to {}, {} {probes})",
            self.value, self.low, self.high, self.probes
        )
    }
}

/// Why no estimate was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EstimateError {
    /// The deadline passed before the first probe ended.
    #[error("the deadline passed before the first probe ended")]
    Timeout,
    /// Every probe ran into a contradiction (the puzzle has more than [`SMALL`] solutions,
    /// but none of the probes met one): more probes may.
    #[error("every probe ran into a contradiction; more probes may help")]
    DeadEnds,
}

/// Estimates the number of solutions of `puzzle` under any rule set: exact when it has at
/// most [`SMALL`]; otherwise the mean of `sampling.probes` random probes (see the module's
/// documentation), with a 95 % normal interval from their spread.
///
/// ```
/// use satdoku::{Grid, Puzzle};
/// use satdoku::estimate::{Sampling, estimate};
/// // An empty 4×4 has 288 solutions.
/// let puzzle = Puzzle::standard(Grid::empty(satdoku::Shape::from_size(4).unwrap()))?;
/// let found = estimate(&puzzle, &Sampling::default())?;
/// assert!(found.low.value() <= 288.0 && 288.0 <= found.high.value());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate(puzzle: &Puzzle, sampling: &Sampling) -> Result<Estimate, EstimateError> {
    // Without constraints the backtracker counts small subtrees far faster than SAT (the
    // auto solver would start each count with SAT once its budget of guesses runs out);
    // with them SAT propagates what the backtracker only checks.
    let mut solver: Box<dyn Solver> = if puzzle.rules().constraints_beyond_marks().next().is_none()
    {
        Box::new(BitboardSolver::default())
    } else {
        Box::new(AutoSolver::default())
    };
    let solver = solver.as_mut();
    let found = count_small(solver, puzzle, sampling.deadline)?;
    if let Some(count) = found {
        let value = Magnitude::new(count as f64);
        return Ok(Estimate {
            value,
            low: value,
            high: value,
            probes: 0,
            effective: 0.0,
            exact: true,
            timed_out: false,
        });
    }
    let layout = Layout::new(puzzle.rules());
    let mut values = Vec::with_capacity(sampling.probes as usize);
    let mut timed_out = false;
    for i in 0..sampling.probes {
        // A seed per probe: the probes do not depend on one another's draws.
        let mut rng = ChaCha8Rng::seed_from_u64(sampling.seed);
        rng.set_stream(u64::from(i));
        match probe(solver, &layout, puzzle, &mut rng, sampling.deadline) {
            Ok(value) => values.push(value),
            // Only the deadline stops a probe.
            Err(_) => {
                timed_out = true;
                break;
            }
        }
    }
    if values.is_empty() {
        return Err(EstimateError::Timeout);
    }
    if values.iter().all(|v| *v == Magnitude::ZERO) {
        return Err(EstimateError::DeadEnds);
    }
    // More than SMALL solutions are known to exist.
    let known = Magnitude::new((SMALL + 1) as f64);
    let (value, low, high) = mean_interval(&values);
    Ok(Estimate {
        value,
        low: if low < known { known } else { low },
        high: if high < known { known } else { high },
        probes: values.len() as u32,
        effective: effective(&values),
        exact: false,
        timed_out,
    })
}

/// The exact number of solutions of `puzzle` when it is at most [`SMALL`], else `None`.
fn count_small(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> Result<Option<u64>, EstimateError> {
    let outcome = solver.run(puzzle, SMALL + 1, deadline);
    if outcome.timed_out {
        return Err(EstimateError::Timeout);
    }
    Ok((outcome.found <= SMALL).then_some(outcome.found))
}

/// One probe from `puzzle` (which has more than [`SMALL`] solutions): a random descent
/// to the bottom of the search tree, then the first node on its way down with at most
/// [`SMALL`] solutions, found by steps up from the bottom and bisection (the counts only
/// shrink on the way down), counted exactly and weighted by the branching above it.
///
/// Drawing the whole path first and counting only about log₂ of its length nodes gives
/// the same value as stopping at that node on the way down, at a fraction of the cost (a
/// count of a node high in the tree is as dear as the descent).
fn probe(
    solver: &mut dyn Solver,
    layout: &Layout,
    puzzle: &Puzzle,
    rng: &mut impl Rng,
    deadline: Option<Instant>,
) -> Result<Magnitude, EstimateError> {
    // Each node with the natural logarithm of its weight: the product of the branching
    // above it. The last node has at most one solution, or none.
    let mut path = vec![(puzzle.clone(), 0.0)];
    loop {
        let (node, weight) = path.last().expect("the path starts at the puzzle");
        let Some(candidates) = logic::propagated(layout, node) else {
            break;
        };
        // The open cell with the fewest candidates.
        let shape = node.shape();
        let Some(cell) = (shape.cells())
            .filter(|&cell| candidates.sets()[shape.index(cell)].len() > 1)
            .min_by_key(|&cell| candidates.sets()[shape.index(cell)].len())
        else {
            break;
        };
        let digits = candidates.sets()[shape.index(cell)];
        let digit = (digits.iter())
            .nth(rng.random_range(0..digits.len()))
            .expect("a drawn candidate");
        let mut grid: Grid = node.grid().clone();
        grid.set(cell, Some(digit));
        let weight = weight + (digits.len() as f64).ln();
        match node.with_grid(grid) {
            Ok(child) => path.push((child, weight)),
            // A given that clashes with another: no solution below, and none counted.
            Err(_) => return Ok(Magnitude::ZERO),
        }
    }
    // The first small node lies in (large, small]: the puzzle is large, the last node
    // small. Steps up from the bottom double until a large node is met, then bisection:
    // nodes near the bottom are quick to count, those halfway down a big grid (a random
    // half-filled grid) slow.
    let (mut large, mut small) = (0, path.len() - 1);
    let mut count = count_small(solver, &path[small].0, deadline)?.unwrap_or(0);
    let mut step = 1;
    while small - large > 1 {
        let middle = if step > 0 && step < small - large {
            small - step
        } else {
            step = 0;
            large + (small - large) / 2
        };
        match count_small(solver, &path[middle].0, deadline)? {
            Some(found) => {
                (small, count) = (middle, found);
                step *= 2;
            }
            None => {
                large = middle;
                step = 0;
            }
        }
    }
    Ok(Magnitude::from_ln(path[small].1 + (count as f64).ln()))
}

/// The effective number of `values`, (Σv)²/Σv², computed relative to the largest.
fn effective(values: &[Magnitude]) -> f64 {
    let scale = values
        .iter()
        .map(|v| v.ln)
        .fold(f64::NEG_INFINITY, f64::max);
    let scaled = values.iter().map(|v| (v.ln - scale).exp());
    let (sum, squares) = scaled.fold((0.0, 0.0), |(s, q), y| (s + y, q + y * y));
    sum * sum / squares
}

/// The mean of `values` with its 95 % interval: the wider of the normal interval and Cox's
/// interval for the mean of a lognormal sample, each at [`Z_WIDE`] standard errors,
/// computed relative to the largest value so that none overflows.
///
/// Probe values are skewed (a rare probe meets a large subtree), so the spread of a sample
/// often understates the true one and the plain normal interval at 1.96 held the count
/// in only 90 % of trials; this one held it in 97 % (BENCHMARKS.md, "Estimated counts").
fn mean_interval(values: &[Magnitude]) -> (Magnitude, Magnitude, Magnitude) {
    let scale = values
        .iter()
        .map(|v| v.ln)
        .fold(f64::NEG_INFINITY, f64::max);
    let n = values.len() as f64;
    if values.len() < 2 {
        let mean = Magnitude::from_ln(scale - n.ln());
        return (mean, mean, Magnitude::from_ln(f64::INFINITY));
    }
    let scaled: Vec<f64> = values.iter().map(|v| (v.ln - scale).exp()).collect();
    let mean = scaled.iter().sum::<f64>() / n;
    let variance = scaled.iter().map(|y| (y - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let spread = Z_WIDE * (variance / n).sqrt();
    let back = |y: f64| {
        Magnitude::from_ln(if y > 0.0 {
            y.ln() + scale
        } else {
            f64::NEG_INFINITY
        })
    };
    let (mut low, mut high) = (back(mean - spread), back(mean + spread));
    // Cox: the lognormal mean exp(mu + s2/2), its log's standard error
    // sqrt(s2/n + s2^2/(2(n-1))). Probe values are positive: each ends on a node of more
    // than SMALL solutions.
    if values.iter().all(|v| v.ln > f64::NEG_INFINITY) {
        let mu = values.iter().map(|v| v.ln).sum::<f64>() / n;
        let s2 = values.iter().map(|v| (v.ln - mu).powi(2)).sum::<f64>() / (n - 1.0);
        let centre = mu + s2 / 2.0;
        let half = Z_WIDE * (s2 / n + s2 * s2 / (2.0 * (n - 1.0))).sqrt();
        low = Magnitude::from_ln(low.ln.min(centre - half));
        high = Magnitude::from_ln(high.ln.max(centre + half));
    }
    (back(mean), low, high)
}
