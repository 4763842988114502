//! satdoku's Python bindings: puzzles read from any input form, and check, count, solve, explain, rate, canon, render and generate on them, one at a time or in batches on every core.
//!
//! The module is `satdoku._satdoku`; the package `satdoku` (python/satdoku) re-exports it
//! with its type stubs. Results are dicts with the field names of the command's JSON rows
//! (`index`, `status`, `solutions` …), so that a batch's rows make a table at once.

mod puzzle;
mod rows;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;

use satdoku::format::{ReadOptions, Settled, read_file_text, read_text};
use satdoku::generate::{Options, generate as generate_one, seeds};
use satdoku::logic::Difficulty;
use satdoku::rate::SeBand;
use satdoku::rules::{GlobalRule, RulesSpec};
use satdoku::{BoxShape, DigitRange, Shape};

use puzzle::Puzzle;

/// mimalloc, as the command uses: batches allocate on every thread at once, where the
/// system allocator's locks cost a third of the time on two threads (`rate_all`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

create_exception!(
    satdoku,
    SatdokuError,
    PyException,
    "An error of satdoku's: its message is the command line's."
);
create_exception!(
    satdoku,
    InputError,
    SatdokuError,
    "A puzzle, rule or option that cannot be read: which line, cell or rule, and what was wrong."
);

/// An `InputError` with `message`.
fn input_error(message: impl std::fmt::Display) -> PyErr {
    InputError::new_err(message.to_string())
}

/// A call's `digits`: a count M (1 to M) or a range from 0 or 1 (`"0-8"`).
#[derive(FromPyObject)]
enum Digits {
    Count(usize),
    Range(String),
}

impl Digits {
    /// The range it names, or why none.
    fn range(&self) -> PyResult<DigitRange> {
        let text = match self {
            Digits::Count(m) => m.to_string(),
            Digits::Range(text) => text.clone(),
        };
        text.parse::<DigitRange>()
            .map_err(|e| input_error(format!("digits {text:?}: {e}")))
    }
}

/// The rules a call states beside a puzzle's own: global rules by name, boxes (`"2x3"`,
/// `"none"`) and the digits (1 to M, or a range such as `"0-8"`).
fn spec_of(rules: &[String], boxes: Option<&str>, digits: Option<Digits>) -> PyResult<RulesSpec> {
    let range = digits.as_ref().map(Digits::range).transpose()?;
    let mut spec = RulesSpec {
        digits: range.map(|r| r.count),
        from_zero: range.is_some_and(|r| r.from_zero),
        ..RulesSpec::default()
    };
    for name in rules {
        let rule: GlobalRule = name.parse().map_err(input_error)?;
        spec.globals = spec.globals.with(rule);
    }
    match boxes {
        None => {}
        Some("none") => spec.no_regions = true,
        Some(text) => spec.boxes = Some(text.parse::<BoxShape>().map_err(input_error)?),
    }
    Ok(spec)
}

/// Every puzzle of `text`, each with the error that makes it unusable.
fn read_all(text: &str, spec: &RulesSpec) -> PyResult<Vec<Result<Puzzle, String>>> {
    let read =
        read_text(text, &ReadOptions::default(), spec, &Settled::default()).map_err(input_error)?;
    Ok(read
        .into_iter()
        .map(|entry| {
            let index = entry.index;
            Puzzle::from_read(entry).map_err(|err| format!("puzzle {index}: {err}"))
        })
        .collect())
}

/// Every puzzle of `text`, in any form the command line reads (lines, blocks, tokens,
/// pencil marks, CSV/TSV tables with a header, satdoku's TOML, f-puzzles or SudokuPad data,
/// share links one a line), under `rules`, `boxes` and `digits` beside the text's own.
/// Raises `InputError` naming the first puzzle that cannot be used.
#[pyfunction]
#[pyo3(signature = (text, *, rules = Vec::new(), boxes = None, digits = None))]
fn read(
    text: &str,
    rules: Vec<String>,
    boxes: Option<&str>,
    digits: Option<Digits>,
) -> PyResult<Vec<Puzzle>> {
    let spec = spec_of(&rules, boxes, digits)?;
    read_all(text, &spec)?
        .into_iter()
        .map(|puzzle| puzzle.map_err(input_error))
        .collect()
}

/// The puzzles of the file at `path`, as `read` reads text.
#[pyfunction]
#[pyo3(signature = (path, *, rules = Vec::new(), boxes = None, digits = None))]
fn read_file(
    path: std::path::PathBuf,
    rules: Vec<String>,
    boxes: Option<&str>,
    digits: Option<Digits>,
) -> PyResult<Vec<Puzzle>> {
    let text =
        read_file_text(&path).map_err(|why| input_error(format!("{}: {why}", path.display())))?;
    read(&text, rules, boxes, digits)
}

/// A pool of `threads` threads (all cores when `None`), or why not.
fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|err| SatdokuError::new_err(err.to_string()))
}

/// The puzzles of a batch: each item a `Puzzle` or text holding exactly one puzzle (or
/// the error that makes it unusable).
fn batch(items: &Bound<'_, PyAny>) -> PyResult<Vec<Result<Puzzle, String>>> {
    let mut puzzles = Vec::new();
    for item in items.try_iter()? {
        let item = item?;
        let one = if let Ok(puzzle) = item.cast::<Puzzle>() {
            Ok(puzzle.get().clone())
        } else {
            let text: String = item.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "item {}: expected a Puzzle or a str, not {}",
                    puzzles.len() + 1,
                    item.get_type().name().map_or("?".into(), |n| n.to_string())
                ))
            })?;
            Puzzle::one(&text, &RulesSpec::default()).map_err(|err| err.to_string())
        };
        puzzles.push(one);
    }
    Ok(puzzles)
}

/// Runs `work` on every usable puzzle of `items` on `threads` threads, without the GIL,
/// and gives each its row (`index` from 1; `status` `invalid` and `error` for an unusable
/// one).
fn run_batch(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
    threads: Option<usize>,
    work: impl Fn(&rows::Entry<'_>) -> rows::Row + Sync,
) -> PyResult<Py<PyList>> {
    let puzzles = batch(items)?;
    let pool = pool(threads)?;
    let rows: Vec<rows::Row> = py.detach(|| {
        pool.install(|| {
            puzzles
                .par_iter()
                .map(|puzzle| match puzzle {
                    Ok(puzzle) => work(&puzzle.entry()),
                    Err(error) => rows::Row::invalid(error),
                })
                .collect()
        })
    });
    let list = PyList::empty(py);
    for (i, row) in rows.into_iter().enumerate() {
        list.append(row.indexed(i + 1).into_py(py)?)?;
    }
    Ok(list.unbind())
}

/// Checks every puzzle of `puzzles` (each a `Puzzle` or its text) on `threads` threads
/// (all cores by default): a row each, as `Puzzle.check` gives, with its `index`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads = None))]
fn check_all(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Py<PyList>> {
    run_batch(py, puzzles, threads, rows::check)
}

/// Solves every puzzle of `puzzles` (one solution each, no uniqueness proof), as
/// `check_all` runs.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads = None))]
fn solve_all(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Py<PyList>> {
    run_batch(py, puzzles, threads, rows::solve)
}

/// Counts the solutions of every puzzle of `puzzles` up to `limit`, as `check_all` runs.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit = 1000, threads = None))]
fn count_all(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: u64,
    threads: Option<usize>,
) -> PyResult<Py<PyList>> {
    run_batch(py, puzzles, threads, |p| rows::count(p, limit, None))
}

/// Rates every puzzle of `puzzles`, as `check_all` runs.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads = None))]
fn rate_all(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Py<PyList>> {
    run_batch(py, puzzles, threads, rows::rate)
}

/// The canonical form of every puzzle of `puzzles`, as `check_all` runs.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads = None))]
fn canon_all(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Py<PyList>> {
    run_batch(py, puzzles, threads, rows::canon)
}

/// `count` new puzzles of `size` (9 by default) under `rules`, `boxes` and `digits` (or
/// built on `layout`, a puzzle whose rules, constraints and givens each keeps), each unique; with
/// `givens` exactly that many, `difficulty` (`easy` … `expert`) or `rating` (an SE band
/// such as `"2.5-4"`), `symmetry` of the givens, and `minimal`. The k-th puzzle is the
/// first of the batch started from the k-th seed after `seed`. Generated on `threads`
/// threads without the GIL; `timeout` seconds for each puzzle.
#[pyfunction]
#[pyo3(signature = (size = None, *, count = 1, seed = 0, rules = Vec::new(), boxes = None,
    digits = None, layout = None, givens = None, difficulty = None, rating = None,
    symmetry = "none", minimal = false, timeout = None, threads = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    size: Option<usize>,
    count: usize,
    seed: u64,
    rules: Vec<String>,
    boxes: Option<&str>,
    digits: Option<Digits>,
    layout: Option<Bound<'_, Puzzle>>,
    givens: Option<usize>,
    difficulty: Option<&str>,
    rating: Option<&str>,
    symmetry: &str,
    minimal: bool,
    timeout: Option<f64>,
    threads: Option<usize>,
) -> PyResult<Vec<Puzzle>> {
    let built = match &layout {
        Some(layout) => {
            let layout = layout.get();
            if !rules.is_empty() || boxes.is_some() || digits.is_some() {
                return Err(input_error(
                    "a layout carries its own rules: give rules, boxes and digits in it",
                ));
            }
            if let Some(size) = size.filter(|&size| size != layout.inner().shape().size()) {
                return Err(input_error(format!(
                    "size {size}: the layout is {} cells a side",
                    layout.inner().shape().size()
                )));
            }
            if !layout.unread().is_empty() {
                return Err(input_error(format!(
                    "the layout states parts not read as rules: {}",
                    layout.unread().join("; ")
                )));
            }
            let inner = layout.inner();
            let mut options = Options::new(inner.rules().clone());
            options.keep = Some(inner.grid().clone());
            options
        }
        None => {
            let size = size.unwrap_or(9);
            let shape = Shape::from_size(size).ok_or_else(|| {
                input_error(format!(
                    "size {size}: grids are {} to {} cells a side",
                    Shape::MIN_SIZE,
                    Shape::MAX_SIZE
                ))
            })?;
            let spec = spec_of(&rules, boxes, digits)?;
            Options::new(spec.rules_for(shape).map_err(input_error)?)
        }
    };
    let mut options = built;
    options.givens = givens;
    options.minimal = minimal;
    options.symmetry = symmetry.parse().map_err(input_error)?;
    options.difficulty = difficulty
        .map(|d| d.parse::<Difficulty>())
        .transpose()
        .map_err(input_error)?;
    options.rating = rating
        .map(|r| r.parse::<SeBand>())
        .transpose()
        .map_err(input_error)?;
    satdoku::generate::check_options(&options).map_err(input_error)?;
    if let Some(seconds) = timeout
        && !(seconds.is_finite() && seconds > 0.0)
    {
        return Err(PyValueError::new_err(
            "timeout must be a positive number of seconds",
        ));
    }
    let pool = pool(threads)?;
    let seeds: Vec<u64> = seeds(seed).take(count).collect();
    let made: Vec<Result<Puzzle, String>> = py.detach(|| {
        pool.install(|| {
            seeds
                .par_iter()
                .map(|&seed| {
                    let mut options = options.clone();
                    options.deadline = timeout
                        .map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s));
                    generate_one(&options, seed)
                        .map(|made| Puzzle::generated(made.puzzle))
                        .map_err(|err| format!("seed {seed}: {err}"))
                })
                .collect()
        })
    });
    made.into_iter()
        .map(|one| one.map_err(SatdokuError::new_err))
        .collect()
}

/// The names of the rules over the whole grid (`rules=` of every call).
#[pyfunction]
fn rule_names() -> Vec<&'static str> {
    GlobalRule::ALL.iter().map(|rule| rule.name()).collect()
}

/// The module `satdoku._satdoku`.
#[pymodule]
fn _satdoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SatdokuError", m.py().get_type::<SatdokuError>())?;
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add_class::<Puzzle>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add_function(wrap_pyfunction!(check_all, m)?)?;
    m.add_function(wrap_pyfunction!(solve_all, m)?)?;
    m.add_function(wrap_pyfunction!(count_all, m)?)?;
    m.add_function(wrap_pyfunction!(rate_all, m)?)?;
    m.add_function(wrap_pyfunction!(canon_all, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(rule_names, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
