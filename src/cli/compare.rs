//! `satdoku compare`: every solver on the same puzzles, timed, with an agreement check.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, ValueEnum};
use satdoku::solvers::{DISTINCT_SOLVERS, SOLVER_NAMES, SolverKind};
use satdoku::{Grid, Outcome, Puzzle, Solver};
use serde::Serialize;

use super::args::{InputArgs, ThreadArgs};
use super::input::{self, Item};
use super::output::Tally;
use super::progress::{notice, report};

/// The solver the default set runs only on puzzles up to 9×9: above, it spends the whole
/// timeout on nearly every puzzle.
const SMALL_ONLY: &str = "naive";
/// The largest grid side [`SMALL_ONLY`] runs on by default.
const SMALL_ONLY_MAX_SIZE: usize = 9;

/// Arguments of `satdoku compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    threads: ThreadArgs,
    /// The solvers to compare, separated by commas (default: every SAT encoding and every
    /// backtracker, but `naive` only on puzzles up to 9×9: above, it only times out).
    #[arg(long, value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(SOLVER_NAMES))]
    solvers: Vec<String>,
    /// Give up on a puzzle after this long, per solver (`2s`, `500ms`, `1m`); the puzzle
    /// counts as a timeout for that solver.
    #[arg(long, default_value = "10s", value_parser = humantime::parse_duration)]
    timeout: Duration,
    /// Output: an aligned `table`, one `json` object, or `csv`.
    #[arg(long, short = 'f', value_enum, default_value_t = CompareFormat::Table)]
    format: CompareFormat,
}

/// Layouts of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CompareFormat {
    /// A table for people.
    Table,
    /// One JSON object: the solvers' rows and any disagreements.
    Json,
    /// A header line and one line per solver.
    Csv,
}

/// One solver's results over the whole comparison (not the exit-status `Tally` of the
/// other commands).
struct SolverRun {
    name: &'static str,
    unit: &'static str,
    /// Time per puzzle, timeouts included.
    times: Vec<Duration>,
    /// Puzzles it was not run on (the default set leaves `naive` out above 9×9).
    skipped: usize,
    solved: usize,
    timeouts: usize,
    effort: u64,
    measured: usize,
}

/// One solver's attempt at one puzzle, made on a worker thread.
struct Attempt {
    answer: Answer,
    time: Duration,
    effort: Option<u64>,
}

/// A solver's row of the comparison.
#[derive(Serialize)]
struct Row {
    solver: &'static str,
    puzzles: usize,
    solved: usize,
    timeouts: usize,
    per_second: f64,
    median_ms: f64,
    p99_ms: f64,
    mean_effort: Option<f64>,
    effort_unit: &'static str,
}

/// A puzzle on which the solvers did not agree.
#[derive(Serialize)]
struct Disagreement {
    file: String,
    index: usize,
    line: usize,
    /// Each solver's answer: `no_solution`, `unique SOLUTION`, `multiple`, `timeout`,
    /// `wrong SOLUTION` for a grid that does not solve the puzzle, or `inconsistent (…)`
    /// when a solver's metered and fastest runs disagree.
    answers: Vec<(String, String)>,
}

/// The whole comparison, for `--format json`.
#[derive(Serialize)]
struct Report<'a> {
    puzzles: usize,
    invalid: usize,
    agree: bool,
    solvers: &'a [Row],
    disagreements: &'a [Disagreement],
}

/// A solver's answer on one puzzle, comparable between solvers.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    NoSolution,
    Unique(Grid),
    Multiple,
    Timeout,
    Wrong(Grid),
    /// The metered and the fastest run of one solver disagree: both answers.
    Inconsistent(String),
}

impl Answer {
    fn describe(&self) -> String {
        match self {
            Answer::NoSolution => "no_solution".into(),
            Answer::Unique(grid) => format!("unique {grid}"),
            Answer::Multiple => "multiple".into(),
            Answer::Timeout => "timeout".into(),
            Answer::Wrong(grid) => format!("wrong {grid}"),
            Answer::Inconsistent(both) => format!("inconsistent ({both})"),
        }
    }
}

/// Runs every solver on every puzzle and prints the comparison.
pub fn run(args: &CompareArgs) -> anyhow::Result<ExitCode> {
    args.input.unanswered(
        "compare times the backtrackers too, which fill in digits only, and this puzzle's regions are to be found (chaos construction): check, solve and count answer it",
    );
    super::sink::open().context("writing the output")?;
    let default_set = args.solvers.is_empty();
    let names: Vec<&str> = if default_set {
        DISTINCT_SOLVERS.to_vec()
    } else {
        args.solvers.iter().map(String::as_str).collect()
    };
    let kinds: Vec<SolverKind> = names
        .iter()
        .map(|name| name.parse().expect("clap checked the name"))
        .collect();
    // Two names for one solver (`sat` is `sat:propagated`) would time it twice.
    for (i, (kind, name)) in kinds.iter().zip(&names).enumerate() {
        if let Some(first) = kinds[..i].iter().position(|k| k == kind) {
            anyhow::bail!(
                "--solvers names {kind} twice (as {} and {name}): name each solver once",
                names[first]
            );
        }
    }
    let solvers =
        || -> Vec<Box<dyn Solver + Send>> { kinds.iter().map(|kind| kind.solver()).collect() };
    let mut runs: Vec<SolverRun> = solvers()
        .iter()
        .map(|solver| SolverRun {
            name: solver.name(),
            unit: solver.effort_unit(),
            times: Vec::new(),
            skipped: 0,
            solved: 0,
            timeouts: 0,
            effort: 0,
            measured: 0,
        })
        .collect();
    let pool = args.threads.pool()?;
    let mut puzzles = 0;
    let mut disagreements = Vec::new();
    let invalid = input::for_each_parallel(
        &args.input,
        &pool,
        solvers,
        |solvers, puzzle| -> Vec<Option<Attempt>> {
            solvers
                .iter_mut()
                .zip(&kinds)
                .map(|(solver, kind)| {
                    let left_out = default_set
                        && solver.name() == SMALL_ONLY
                        && puzzle.shape().size() > SMALL_ONLY_MAX_SIZE;
                    (!left_out).then(|| {
                        let timed_apart = kind.metering_costs_time();
                        attempt(solver.as_mut(), timed_apart, puzzle, args.timeout)
                    })
                })
                .collect()
        },
        |item: Item, attempts| {
            let Some(attempts) = attempts else {
                return Ok(());
            };
            puzzles += 1;
            for (run, attempt) in runs.iter_mut().zip(&attempts) {
                match attempt {
                    Some(attempt) => run.add(attempt),
                    None => run.skipped += 1,
                }
            }
            // Each solver run on the puzzle, with its answer.
            let answers: Vec<(&str, &Answer)> = runs
                .iter()
                .zip(&attempts)
                .filter_map(|(run, attempt)| Some((run.name, &attempt.as_ref()?.answer)))
                .collect();
            let decided: Vec<&Answer> = answers
                .iter()
                .map(|&(_, answer)| answer)
                .filter(|a| **a != Answer::Timeout)
                .collect();
            let agree = decided.windows(2).all(|pair| pair[0] == pair[1])
                && !decided
                    .iter()
                    .any(|a| matches!(a, Answer::Wrong(_) | Answer::Inconsistent(_)));
            if !agree {
                let disagreement = Disagreement {
                    file: item.file.to_string(),
                    index: item.index,
                    line: item.line,
                    answers: answers
                        .iter()
                        .map(|(name, answer)| (name.to_string(), answer.describe()))
                        .collect(),
                };
                report(&format!(
                    "satdoku: DISAGREEMENT on {} puzzle {} (line {}): {}",
                    disagreement.file,
                    disagreement.index,
                    disagreement.line,
                    disagreement
                        .answers
                        .iter()
                        .map(|(name, answer)| format!("{name}: {answer}"))
                        .collect::<Vec<_>>()
                        .join("; ")
                ));
                disagreements.push(disagreement);
            }
            Ok(())
        },
    )?;
    if let Some(run) = runs.iter().find(|run| run.skipped > 0) {
        notice(&format!(
            "satdoku: {} was left out of {} above {SMALL_ONLY_MAX_SIZE}×{SMALL_ONLY_MAX_SIZE}, \
             where it only times out (name it in --solvers to run it)",
            run.name,
            plural(run.skipped, "puzzle")
        ));
    }
    // The one exit-status rule: errors 2, disagreements (and solvers that answered
    // nothing) 1, Ctrl-C 130.
    let mut tally = Tally::default();
    tally.add_errors(invalid);
    tally.add_failures(disagreements.len());
    if puzzles == 0 {
        // No puzzle was read: the errors said why, and a table of zeros would look like
        // an answer.
        return Ok(tally.exit_code());
    }
    let silent: Vec<&str> = runs
        .iter()
        .filter(|run| run.solved == 0 && run.timeouts > 0)
        .map(|run| run.name)
        .collect();
    if !silent.is_empty() {
        report(&format!(
            "satdoku: {} answered no puzzle within --timeout {}",
            silent.join(", "),
            humantime::format_duration(args.timeout)
        ));
        tally.add_failures(silent.len());
    }
    // A solver run on no puzzle at all has no row.
    let rows: Vec<Row> = runs
        .iter_mut()
        .filter(|run| run.skipped == 0 || !run.times.is_empty())
        .map(|run| run.row(puzzles - run.skipped))
        .collect();
    let mut out = io::BufWriter::new(io::stdout().lock());
    match args.format {
        CompareFormat::Table => write_table(&mut out, &rows, puzzles, invalid, &disagreements),
        CompareFormat::Csv => write_csv(&mut out, &rows),
        CompareFormat::Json => {
            let report = Report {
                puzzles,
                invalid,
                agree: disagreements.is_empty(),
                solvers: &rows,
                disagreements: &disagreements,
            };
            serde_json::to_writer(&mut out, &report)
                .map_err(io::Error::from)
                .and_then(|()| writeln!(out))
        }
    }
    .and_then(|()| out.flush())
    .context("writing the output")?;
    Ok(tally.exit_code())
}

/// Runs one solver on one puzzle: solve and prove unique (up to two solutions). A solver
/// whose metering costs time (SAT: `timed_apart`, see
/// [`SolverKind::metering_costs_time`]) is timed on its run without a deadline, the one
/// `check` makes; its effort, and whether it finishes within the timeout, come from a
/// metered run against the deadline before it, untimed.
fn attempt(
    solver: &mut dyn Solver,
    timed_apart: bool,
    puzzle: &Puzzle,
    timeout: Duration,
) -> Attempt {
    let start = Instant::now();
    let metered = solver.run(puzzle, 2, Some(start + timeout));
    if metered.timed_out || !timed_apart {
        return judge(puzzle, metered, start.elapsed(), None);
    }
    let start = Instant::now();
    let fastest = solver.run(puzzle, 2, None);
    let time = start.elapsed();
    let effort = metered.effort;
    let answer = judge(puzzle, metered, time, None).answer;
    let attempt = judge(puzzle, fastest, time, effort);
    if attempt.answer == answer {
        return attempt;
    }
    // The two runs of one solver must agree too.
    Attempt {
        answer: Answer::Inconsistent(format!(
            "metered {}, fastest {}",
            answer.describe(),
            attempt.answer.describe()
        )),
        ..attempt
    }
}

/// The answer in `outcome`, taken in `time`, with `effort` (or the outcome's own).
fn judge(puzzle: &Puzzle, outcome: Outcome, time: Duration, effort: Option<u64>) -> Attempt {
    let answer = if outcome.timed_out {
        Answer::Timeout
    } else if let Some(wrong) = outcome.solutions.iter().find(|grid| !grid.solves(puzzle)) {
        Answer::Wrong(wrong.clone())
    } else {
        match outcome.found {
            0 => Answer::NoSolution,
            1 => Answer::Unique(outcome.solutions.into_iter().next().expect("one found")),
            _ => Answer::Multiple,
        }
    };
    Attempt {
        answer,
        time,
        effort: effort.or(outcome.effort),
    }
}

impl SolverRun {
    /// Counts one attempt in.
    fn add(&mut self, attempt: &Attempt) {
        self.times.push(attempt.time);
        if attempt.answer == Answer::Timeout {
            self.timeouts += 1;
            return;
        }
        self.solved += 1;
        if let Some(effort) = attempt.effort {
            self.effort += effort;
            self.measured += 1;
        }
    }

    fn row(&mut self, puzzles: usize) -> Row {
        self.times.sort_unstable();
        let total: Duration = self.times.iter().sum();
        let quantile = |q: f64| -> f64 {
            if self.times.is_empty() {
                return 0.0;
            }
            let i = ((self.times.len() - 1) as f64 * q).round() as usize;
            self.times[i].as_secs_f64() * 1e3
        };
        Row {
            solver: self.name,
            puzzles,
            solved: self.solved,
            timeouts: self.timeouts,
            per_second: if total.is_zero() {
                0.0
            } else {
                self.times.len() as f64 / total.as_secs_f64()
            },
            median_ms: quantile(0.5),
            p99_ms: quantile(0.99),
            mean_effort: (self.measured > 0).then(|| self.effort as f64 / self.measured as f64),
            effort_unit: self.unit,
        }
    }
}

/// A duration in milliseconds, in the unit that reads best.
fn human_ms(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else if ms >= 1.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{:.0} µs", ms * 1000.0)
    }
}

fn write_table(
    out: &mut impl Write,
    rows: &[Row],
    puzzles: usize,
    invalid: usize,
    disagreements: &[Disagreement],
) -> io::Result<()> {
    let header = [
        "solver",
        "solved",
        "timeouts",
        "puzzles/s",
        "median",
        "p99",
        "effort/puzzle",
        "",
    ];
    let cells: Vec<[String; 8]> = rows
        .iter()
        .map(|row| {
            [
                row.solver.to_string(),
                row.solved.to_string(),
                row.timeouts.to_string(),
                format!("{:.0}", row.per_second),
                human_ms(row.median_ms),
                human_ms(row.p99_ms),
                row.mean_effort.map_or("-".into(), |e| format!("{e:.1}")),
                row.effort_unit.to_string(),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            cells
                .iter()
                .map(|c| c[i].chars().count())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |out: &mut dyn Write, texts: &[&str]| -> io::Result<()> {
        let mut text = String::new();
        for (i, (cell, width)) in texts.iter().zip(&widths).enumerate() {
            let pad = width - cell.chars().count();
            // The solver's name left-aligned, numbers right-aligned, the effort's unit
            // after its number.
            if i == 0 {
                text.push_str(cell);
                text.push_str(&" ".repeat(pad));
            } else if i == texts.len() - 1 {
                text.push(' ');
                text.push_str(cell);
            } else {
                text.push_str("  ");
                text.push_str(&" ".repeat(pad));
                text.push_str(cell);
            }
        }
        writeln!(out, "{}", text.trim_end())
    };
    line(out, &header)?;
    for row in &cells {
        line(out, &row.each_ref().map(String::as_str))?;
    }
    let mut summary = plural(puzzles, "puzzle");
    if invalid > 0 {
        summary.push_str(&format!(" ({} skipped)", plural(invalid, "invalid one")));
    }
    let timeouts: usize = rows.iter().map(|row| row.timeouts).sum();
    if disagreements.is_empty() {
        summary.push_str(": all solvers agree");
    } else {
        summary.push_str(&format!(
            ": DISAGREEMENT on {} (see stderr)",
            plural(disagreements.len(), "puzzle")
        ));
    }
    if timeouts > 0 {
        summary.push_str(&format!(" ({} not compared)", plural(timeouts, "timeout")));
    }
    writeln!(out, "{summary}")
}

fn write_csv(out: &mut impl Write, rows: &[Row]) -> io::Result<()> {
    writeln!(
        out,
        "solver,puzzles,solved,timeouts,per_second,median_ms,p99_ms,mean_effort,effort_unit"
    )?;
    for row in rows {
        writeln!(
            out,
            "{},{},{},{},{:.1},{:.4},{:.4},{},{}",
            row.solver,
            row.puzzles,
            row.solved,
            row.timeouts,
            row.per_second,
            row.median_ms,
            row.p99_ms,
            row.mean_effort.map_or(String::new(), |e| format!("{e:.2}")),
            row.effort_unit
        )?;
    }
    Ok(())
}

/// `n` and `what`, in the plural unless `n` is 1.
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
