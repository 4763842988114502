//! The Python class `Puzzle`: one puzzle with what its file said, and every command on it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use satdoku::estimate::Sampling;
use satdoku::format::{Notation, ReadOptions, ReadPuzzle, Settled, SourceError, read_text};
use satdoku::render::{Overlays, png, svg};
use satdoku::rules::RulesSpec;
use satdoku::{AutoSolver, Grid, Solver};

use crate::rows::{self, Row};

/// One puzzle, read from any form the command line reads (a line of 81 symbols, a block,
/// pencil marks, satdoku's TOML, f-puzzles or SudokuPad data, a share link), with its
/// rules: its own, and `rules`, `boxes` and `digits` given beside it.
#[pyclass(frozen, module = "satdoku", name = "Puzzle")]
#[derive(Clone)]
pub struct Puzzle {
    inner: satdoku::Puzzle,
    notation: Notation,
    unread: Vec<String>,
    title: Option<String>,
    author: Option<String>,
    record: Vec<(String, String)>,
}

impl Puzzle {
    /// The puzzle of an entry of [`read_text`], or why it is unusable.
    pub fn from_read(entry: ReadPuzzle) -> Result<Puzzle, SourceError> {
        Ok(Puzzle {
            inner: entry.puzzle?,
            notation: entry.notation,
            unread: entry.unread,
            title: entry.title,
            author: entry.author,
            record: (entry.record.iter())
                .flat_map(|record| record.pairs())
                .map(|(name, field)| (name.to_string(), field.to_string()))
                .collect(),
        })
    }

    /// The one puzzle of `text` under `spec`, or why there is none (or several).
    pub fn one(text: &str, spec: &RulesSpec) -> Result<Puzzle, String> {
        let mut read = read_text(text, &ReadOptions::default(), spec, &Settled::default())
            .map_err(|err| err.to_string())?;
        if read.len() > 1 {
            return Err(format!(
                "the text holds {} puzzles: read them with satdoku.read",
                read.len()
            ));
        }
        let entry = read.pop().expect("read_text gives at least one puzzle");
        Puzzle::from_read(entry).map_err(|err| err.to_string())
    }

    /// A puzzle `generate` made.
    pub fn generated(inner: satdoku::Puzzle) -> Puzzle {
        Puzzle {
            notation: Notation::default_for(inner.shape()),
            inner,
            unread: Vec::new(),
            title: None,
            author: None,
            record: Vec::new(),
        }
    }

    /// The puzzle itself.
    pub fn inner(&self) -> &satdoku::Puzzle {
        &self.inner
    }

    /// What its file drew or said that was not read as a rule.
    pub fn unread(&self) -> &[String] {
        &self.unread
    }

    /// How it writes its digits.
    pub fn notation(&self) -> &Notation {
        &self.notation
    }

    /// `grid` as one line in the puzzle's notation (`.` for a blank), its regions after a
    /// space when they are part of the answer (chaos construction).
    pub fn line(&self, grid: &Grid) -> String {
        self.entry().line(grid)
    }

    /// The puzzle as the rows of each command read it.
    pub fn entry(&self) -> rows::Entry<'_> {
        rows::Entry {
            puzzle: &self.inner,
            notation: &self.notation,
            unread: &self.unread,
        }
    }

    /// An `InputError` when the puzzle's regions are to be found (chaos construction):
    /// `what` (logic, canonical forms) works on digits in known houses.
    fn digits_only(&self, what: &str) -> PyResult<()> {
        if self.inner.rules().finds_regions() {
            return Err(crate::input_error(format!(
                "{what} works on digits in known houses, and this puzzle's regions are to be \
                 found (chaos construction): check, solve and count answer it"
            )));
        }
        Ok(())
    }

    /// `row` as a Python dict, with the unread parts when there are some.
    fn answer(&self, py: Python<'_>, row: Row) -> PyResult<Py<PyAny>> {
        row.unread(&self.unread).into_py(py)
    }
}

#[pymethods]
impl Puzzle {
    /// The one puzzle of `text`; `InputError` when it holds none, several, or one that
    /// cannot be used (its givens clash, its rules do not fit it).
    #[new]
    #[pyo3(signature = (text, *, rules = Vec::new(), boxes = None, digits = None))]
    fn new(
        text: &str,
        rules: Vec<String>,
        boxes: Option<&str>,
        digits: Option<crate::Digits>,
    ) -> PyResult<Puzzle> {
        let spec = crate::spec_of(&rules, boxes, digits)?;
        Puzzle::one(text, &spec).map_err(crate::input_error)
    }

    /// Cells to a side.
    #[getter]
    fn size(&self) -> usize {
        self.inner.shape().size()
    }

    /// How many digits the grid takes (1 to this).
    #[getter]
    fn digits(&self) -> usize {
        self.inner.shape().digit_count()
    }

    /// The givens as one line (`.` for a blank cell).
    #[getter]
    fn grid(&self) -> String {
        self.line(self.inner.grid())
    }

    /// How many givens.
    #[getter]
    fn givens(&self) -> usize {
        self.inner.grid().given_count()
    }

    /// The rules over the whole grid, by name (`diagonal`, `anti-knight` …).
    #[getter]
    fn rules(&self) -> Vec<&'static str> {
        self.inner
            .rules()
            .globals()
            .iter()
            .map(|r| r.name())
            .collect()
    }

    /// The variant constraints (cages, lines, dots …), each in words.
    #[getter]
    fn constraints(&self) -> Vec<String> {
        (self.inner.rules().constraints().iter())
            .map(ToString::to_string)
            .collect()
    }

    /// What the puzzle's file drew or said that was not read as a rule, each named: a
    /// verdict without it may be wrong.
    #[getter(unread)]
    fn unread_parts(&self) -> Vec<String> {
        self.unread.clone()
    }

    /// The file's title, if it has one.
    #[getter]
    fn title(&self) -> Option<String> {
        self.title.clone()
    }

    /// The file's author, if it names one.
    #[getter]
    fn author(&self) -> Option<String> {
        self.author.clone()
    }

    /// Its row's fields by column name, when it was read from a table (CSV or TSV with a
    /// header); empty otherwise.
    #[getter]
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, field) in &self.record {
            dict.set_item(name, field)?;
        }
        Ok(dict)
    }

    /// Whether the puzzle has exactly one solution: `status` `unique` (with `solution`),
    /// `multiple` (two `solutions` and the cells where they `differ`), or `no_solution`
    /// (the clashing givens in `conflict` and `constraints`).
    fn check(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let row = py.detach(|| rows::check(&self.entry()));
        self.answer(py, row)
    }

    /// A solution (the grid as one line), or `None` when there is none.
    fn solve(&self, py: Python<'_>) -> Option<String> {
        py.detach(|| AutoSolver::default().solve(&self.inner))
            .map(|grid| self.line(&grid))
    }

    /// The number of solutions, counted up to `limit`: `count`, and `complete` (false when
    /// the limit stopped the count). With `estimate`, a count past the limit is estimated
    /// from `probes` random descents drawn from `seed` (Knuth's estimator): `estimate`,
    /// its 95 % interval `low` to `high`, `probes` and `effective` (far below `probes`:
    /// a few probes carry the mean, and the interval is likely too narrow).
    #[pyo3(signature = (limit = 1000, *, estimate = false, probes = 1000, seed = 0))]
    fn count(
        &self,
        py: Python<'_>,
        limit: u64,
        estimate: bool,
        probes: u32,
        seed: u64,
    ) -> PyResult<Py<PyAny>> {
        if estimate && probes < 2 {
            return Err(PyValueError::new_err(
                "probes must be at least 2 for an interval",
            ));
        }
        let sampling = Sampling {
            probes,
            seed,
            deadline: None,
        };
        let row = py.detach(|| rows::count(&self.entry(), limit, estimate.then_some(&sampling)));
        self.answer(py, row)
    }

    /// How many solutions put each digit in each open cell: every solution up to `limit`,
    /// or with `cap` each count up to the cap (`counts`: `{"r1c3": {"1": 20, "2": 201}}`,
    /// and `solutions`, `all_solutions`, `cap`).
    #[pyo3(signature = (limit = 1000, *, cap = None))]
    fn solution_counts(&self, py: Python<'_>, limit: u64, cap: Option<u64>) -> PyResult<Py<PyAny>> {
        self.digits_only("counting solutions by cell")?;
        if cap == Some(0) {
            return Err(PyValueError::new_err("cap must be at least 1"));
        }
        let row = py.detach(|| rows::solution_counts(&self.entry(), limit, cap));
        self.answer(py, row)
    }

    /// The logical path: `steps` (each with its `technique`, `sentence`, `placements`,
    /// `eliminations` and `rating`) and how it `end`s (`solved`, `stuck`,
    /// `contradiction`).
    fn explain(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.digits_only("logic")?;
        let row = py.detach(|| rows::explain(&self.entry()));
        self.answer(py, row)
    }

    /// The puzzle's difficulty: `rating` on Sudoku Explainer's scale (variant steps weighed
    /// on it as the README tables them), `difficulty`, the `hardest` technique, `steps`,
    /// `guesses`.
    fn rate(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.digits_only("rating")?;
        let row = py.detach(|| rows::rate(&self.entry()));
        self.answer(py, row)
    }

    /// The canonical form of the givens: the least of the puzzle's disguises under the
    /// transformations that keep its rules (equal for two puzzles exactly when they are
    /// the same up to symmetry); `InputError` where no transformation keeps them.
    fn canon(&self) -> PyResult<String> {
        self.digits_only("the canonical form")?;
        rows::canonical(&self.entry()).map_err(crate::input_error)
    }

    /// A picture of the puzzle: `svg` text or `png` bytes, with its solution written in
    /// when `solution` is true.
    #[pyo3(signature = (format = "svg", *, solution = false))]
    fn render(&self, py: Python<'_>, format: &str, solution: bool) -> PyResult<Py<PyAny>> {
        if !matches!(format, "svg" | "png") {
            return Err(PyValueError::new_err(format!(
                "format {format:?}: expected \"svg\" or \"png\""
            )));
        }
        let solved = match solution {
            true => py.detach(|| AutoSolver::default().solve(&self.inner)),
            false => None,
        };
        let overlays = Overlays {
            solution: solved.as_ref(),
            unread: self.unread.clone(),
            title: self.title.clone().unwrap_or_else(|| "Sudoku".into()),
            ..Overlays::default()
        };
        let picture = svg(&self.inner, &self.notation, &overlays);
        if format == "svg" {
            return Ok(picture.into_pyobject(py)?.into_any().unbind());
        }
        let bytes = py
            .detach(|| png(&picture))
            .map_err(|err| crate::SatdokuError::new_err(err.to_string()))?;
        Ok(PyBytes::new(py, &bytes).into_any().unbind())
    }

    fn __str__(&self) -> String {
        self.grid()
    }

    fn __repr__(&self) -> String {
        format!("satdoku.Puzzle({:?})", self.grid())
    }
}
