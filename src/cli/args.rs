//! Flags shared by every command that reads puzzles or prints results.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use satdoku::format::{Alphabet, InputFormat, OutputFormat, ReadOptions, Settled};
use satdoku::rules::{GlobalRule, GlobalRules};
use satdoku::solvers::SolverKind;
use satdoku::{BoxShape, DigitRange, Jigsaw, RulesSpec};

/// Where puzzles come from and how to read them.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Puzzle files, read in turn; standard input when none is given or for `-`.
    pub files: Vec<PathBuf>,

    /// Layout of the input; `auto` detects it for each puzzle.
    #[arg(long, value_enum, default_value_t = InputKind::Auto)]
    pub input: InputKind,

    /// Digit symbols in order, e.g. `0123456789ABCDEF` (default 1-9 then A-Z).
    #[arg(long, value_name = "SYMBOLS")]
    pub alphabet: Option<String>,

    /// Read each input as a table (CSV or TSV, its first line a header) with the puzzles in
    /// this column, by name or number from 1; its other columns are carried into JSON rows
    /// (`columns`) and CSV output. Without it, an input whose header names a column
    /// `puzzle`, `quizzes`, `question`, `grid` … is read from that column.
    #[arg(long, value_name = "NAME|N", value_parser = |s: &str| s.parse::<satdoku::format::Column>())]
    pub column: Option<satdoku::format::Column>,

    #[command(flatten)]
    pub rules: RuleArgs,

    /// Stop at the first invalid puzzle instead of reporting it and going on.
    #[arg(long)]
    pub fail_fast: bool,

    /// Why the command cannot answer a puzzle whose regions are to be found (chaos
    /// construction), when it cannot: set by the command ([`InputArgs::unanswered`]), not a
    /// flag. Such a puzzle is then an invalid entry saying so.
    #[arg(skip)]
    pub regions_unanswered: std::sync::OnceLock<&'static str>,

    /// Refuse a puzzle whose file states something not read as a rule (an element drawn
    /// with no rule of its own, a sentence of its rules' text): it is invalid (exit
    /// status 2) instead of checked. Without it the verdict is given and names what was
    /// left unread (JSON: `unread`).
    #[arg(long)]
    pub strict: bool,

    /// Settle what lines of a colour mean where the rules' words leave it open, in SudokuPad
    /// data and f-puzzles' cosmetic lines: `--read 'line #67f067=whispers'` (a line family:
    /// whispers, renban, region-sum, entropic, modular, nabner, parity, zipper, palindrome),
    /// or `=decoration` for lines that are no rule. Repeat it for more colours.
    #[arg(long = "read", value_name = "line #RRGGBB=FAMILY", value_parser = |s: &str| s.parse::<Settled>().map_err(|e| e.to_string()))]
    pub settle: Vec<Settled>,

    /// Whether an argument that names no file is read as a grid itself (for `hint`).
    #[arg(skip)]
    pub inline_grids: bool,
}

/// The rules, shared by every command that reads or makes puzzles.
#[derive(Debug, Args)]
pub struct RuleArgs {
    /// Boxes of R rows by C columns (`2x3` for 6×6, `3x4` for 12×12), or `none` (rows and
    /// columns only: a Latin square of any size); default: each grid's usual boxes (square
    /// when N is a square).
    #[arg(long, value_name = "RxC", value_parser = parse_boxes)]
    pub boxes: Option<Boxes>,
    /// Jigsaw regions instead of boxes, from FILE: N rows of N symbols, each naming the
    /// region of its cell.
    #[arg(long, value_name = "FILE", conflicts_with = "boxes")]
    pub regions: Option<PathBuf>,
    /// The digits the grids take: `M` for 1 to M, where M is more than a row has cells (a
    /// 6×6 filled from 1-9: each row's, column's and region's digits differ, and each
    /// misses some; `--same-digits` makes them all hold the same ones), or a range from 0 or
    /// 1 (`0-8`: a 9×9 of digits 0 to 8, written 0-8 with . for a blank; `0-9`: ten digits).
    /// Default: 1 to N.
    #[arg(long, value_name = "M|0-M", value_parser = parse_digits)]
    pub digits: Option<DigitRange>,
    /// The rules over the whole grid: a flag each.
    #[command(flatten)]
    pub globals: GlobalFlags,
}

/// Parses `--digits` ([`DigitRange`]'s forms).
fn parse_digits(text: &str) -> Result<DigitRange, String> {
    text.parse::<DigitRange>().map_err(|e| e.to_string())
}

/// What `--boxes` asks for.
#[derive(Clone, Copy, Debug)]
pub enum Boxes {
    /// Boxes of this shape.
    Shape(BoxShape),
    /// No boxes: rows and columns only.
    None,
}

/// Reads `--boxes`: `none`, or a box shape.
fn parse_boxes(text: &str) -> Result<Boxes, String> {
    if text.trim() == "none" {
        return Ok(Boxes::None);
    }
    text.parse::<BoxShape>()
        .map(Boxes::Shape)
        .map_err(|e| format!("{e}, or `none`"))
}

/// A flag for each [`GlobalRule`] (`--diagonal`, `--anti-knight` …), named and described by
/// the rule itself, so that a new rule is a new flag without a line here.
#[derive(Debug, Default)]
pub struct GlobalFlags(pub GlobalRules);

impl clap::FromArgMatches for GlobalFlags {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        Ok(GlobalFlags(
            GlobalRule::ALL
                .into_iter()
                .filter(|rule| matches.get_flag(rule.name()))
                .collect(),
        ))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = GlobalFlags::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for GlobalFlags {
    fn augment_args(command: clap::Command) -> clap::Command {
        GlobalRule::ALL.into_iter().fold(command, |command, rule| {
            command.arg(
                clap::Arg::new(rule.name())
                    .long(rule.name())
                    .action(clap::ArgAction::SetTrue)
                    .help(rule.description().trim_end_matches('.')),
            )
        })
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        GlobalFlags::augment_args(command)
    }
}

impl RuleArgs {
    /// The rules chosen, for any grid size.
    pub fn spec(&self) -> anyhow::Result<RulesSpec> {
        let jigsaw = match &self.regions {
            None => None,
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?;
                let jigsaw = Jigsaw::parse(&text)
                    .with_context(|| format!("bad region file {}", path.display()))?;
                let apart = jigsaw.disconnected();
                if !apart.is_empty() {
                    let names: Vec<String> = apart.iter().map(char::to_string).collect();
                    super::progress::notice(&format!(
                        "satdoku: {}: region{} {} not connected (allowed)",
                        path.display(),
                        if apart.len() == 1 { "" } else { "s" },
                        names.join(", ") + if apart.len() == 1 { " is" } else { " are" }
                    ));
                }
                Some(jigsaw)
            }
        };
        let spec = RulesSpec {
            boxes: match self.boxes {
                Some(Boxes::Shape(shape)) => Some(shape),
                _ => None,
            },
            no_regions: matches!(self.boxes, Some(Boxes::None)),
            jigsaw,
            globals: self.globals.0,
            digits: self.digits.map(|d| d.count),
            from_zero: self.digits.is_some_and(|d| d.from_zero),
            ..RulesSpec::default()
        };
        // Rules that fit no grid at all are refused before reading any puzzle.
        let fixed = spec
            .jigsaw
            .as_ref()
            .map(Jigsaw::shape)
            .or(spec.boxes.map(BoxShape::shape));
        if let Some(shape) = fixed {
            spec.rules_for(shape)
                .map_err(|err| anyhow::anyhow!("{err}{}", super::flag_hints::rules(&err)))
                .context("bad rules")?;
        }
        Ok(spec)
    }
}

impl InputArgs {
    /// The alphabet chosen.
    pub fn alphabet(&self) -> anyhow::Result<Alphabet> {
        match &self.alphabet {
            None => Ok(Alphabet::default()),
            Some(symbols) => Alphabet::new(symbols).context("bad --alphabet"),
        }
    }

    /// The reader options chosen.
    pub fn read_options(&self) -> anyhow::Result<ReadOptions> {
        Ok(ReadOptions {
            input: match self.input {
                InputKind::Auto => InputFormat::Auto,
                InputKind::Line => InputFormat::Line,
                InputKind::Block => InputFormat::Block,
                InputKind::Tokens => InputFormat::Tokens,
            },
            alphabet: self.alphabet()?,
            digits: self.rules.digits.map(|d| d.count),
            from_zero: self.rules.digits.is_some_and(|d| d.from_zero),
            column: self.column.clone(),
        })
    }
}

/// Layouts accepted by `--input`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputKind {
    /// Detect the layout of each puzzle.
    Auto,
    /// N² symbols on one line.
    Line,
    /// N rows of N symbols, with optional `| + -` separators.
    Block,
    /// Rows of numbers separated by commas or spaces, 0 for blank.
    Tokens,
}

/// The flags of the commands that reason over a batch of puzzles without a choice of
/// solver (`explain`, `rate`, `candidates`): where the puzzles come from, how results are
/// printed, how many threads.
#[derive(Debug, Args)]
pub struct BatchArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
}

/// The flags of every command that solves a batch of puzzles (`solve`, `check`, `count`):
/// where the puzzles come from, how results are printed, which solver, how many threads.
#[derive(Debug, Args)]
pub struct SolvingArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
}

/// `--expect`: the solutions a table input gives, compared with each puzzle (`check`,
/// `solve`).
#[derive(Debug, Args)]
pub struct ExpectArgs {
    /// Compare each puzzle with the solution in this column of a table input (by name or
    /// number from 1): status `invalid_solution` when that grid cannot be read, is
    /// incomplete or breaks a rule, `mismatch` when it obeys every rule but differs from a
    /// given (exit status 1 for either, the reason in `error`).
    #[arg(long, value_name = "COLUMN", value_parser = |s: &str| s.parse::<satdoku::format::Column>())]
    pub expect: Option<satdoku::format::Column>,
}

/// Why logic cannot answer a puzzle whose regions are to be found.
pub const LOGIC_FINDS_NO_REGIONS: &str = "the logical steps reason about digits in known houses, and this puzzle's regions are to be found (chaos construction): check, solve and count answer it with the sat or auto solver";

impl InputArgs {
    /// Makes puzzles whose regions are to be found invalid entries, saying `why` (the
    /// command, or its solver, cannot find regions).
    pub fn unanswered(&self, why: &'static str) {
        // Set once, by the command before it reads: a second call changes nothing.
        let _ = self.regions_unanswered.set(why);
    }
}

/// Which solver to use.
#[derive(Debug, Args)]
pub struct SolverArgs {
    /// The solving approach: `auto` (the default: a backtracker within a budget of
    /// guesses, then SAT; see the README), `sat` (CNF and varisat, with its default
    /// encoding; `sat:` and an encoding's name for that one), `bitboard` (9×9 bitboards),
    /// `propagate` (candidate sets, singles and search), `dlx` (exact cover, dancing
    /// links) or `naive` (textbook backtracking).
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(satdoku::solvers::SOLVER_NAMES))]
    pub solver: Option<String>,
    /// Give up on a puzzle after this long (`2s`, `500ms`): it gets the status `timeout`
    /// and the batch goes on.
    #[arg(long, value_parser = humantime::parse_duration)]
    pub timeout: Option<std::time::Duration>,
}

impl SolverArgs {
    /// The approach's name: the one chosen, or `auto`.
    pub fn name(&self) -> &str {
        self.solver.as_deref().unwrap_or("auto")
    }

    /// A new solver of the chosen approach.
    pub fn make(&self) -> Box<dyn satdoku::Solver + Send> {
        satdoku::solvers::by_name(self.name()).expect("clap checked the name")
    }

    /// Why the chosen approach cannot answer a puzzle whose regions are to be found, if
    /// it cannot: the backtrackers fill digits only.
    pub fn regions_unanswered(&self) -> Option<&'static str> {
        (!matches!(self.name(), "auto") && !self.name().starts_with("sat")).then_some(
            "the backtrackers (bitboard, propagate, dlx, naive) fill in digits only, and this puzzle's regions are to be found (chaos construction): use --solver sat or auto",
        )
    }

    /// The deadline of a puzzle started now.
    pub fn deadline(&self) -> Option<std::time::Instant> {
        self.timeout.map(|t| std::time::Instant::now() + t)
    }
}

/// How results are printed.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output layout: grids as `line`, `block` or `tokens`, or a row per puzzle as JSON
    /// Lines (`json`) or CSV (`csv`: a table input's columns, then the command's fields).
    #[arg(long, short = 'f', value_enum, default_value_t = FormatKind::Line)]
    pub format: FormatKind,
}

/// Layouts accepted by `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatKind {
    /// N² symbols on one line.
    Line,
    /// A grid with box separators.
    Block,
    /// Rows of numbers.
    Tokens,
    /// One JSON object per puzzle per line.
    Json,
    /// A CSV table, a row per puzzle: a table input's own columns, then the command's
    /// fields (`status`, `solution` …); `file,index,line` first for other inputs.
    Csv,
}

impl FormatKind {
    /// The grid layout, `None` for JSON.
    pub fn grid_format(self) -> Option<OutputFormat> {
        match self {
            FormatKind::Line => Some(OutputFormat::Line),
            FormatKind::Block => Some(OutputFormat::Block),
            FormatKind::Tokens => Some(OutputFormat::Tokens),
            FormatKind::Json | FormatKind::Csv => None,
        }
    }
}

/// Parses a whole number of at least 1, for bounds such as `--limit` and `--count`.
pub fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// The most worker threads `--threads` takes: far more than cores gains nothing, and each
/// thread holds a solver.
pub const MAX_THREADS: u16 = 256;

/// Whether every thread races on each puzzle.
#[derive(Debug, Args)]
pub struct PortfolioArgs {
    /// Take puzzles one at a time, each raced by diversified SAT searches on every thread
    /// (`--threads`): the first answer wins, the others stop. For a few hard puzzles on a
    /// machine with many cores. Answers are the same either way; only the time varies.
    #[arg(long)]
    pub portfolio: bool,
}

impl PortfolioArgs {
    /// Refuses `--portfolio` with a solver that searches on one thread only.
    pub fn check(&self, solver: &SolverArgs) -> anyhow::Result<()> {
        let races = matches!(
            solver.name().parse(),
            Ok(SolverKind::Auto | SolverKind::Sat(_))
        );
        if self.portfolio && !races {
            anyhow::bail!(
                "--portfolio races SAT searches; the {} solver searches on one thread: \
                 use --solver sat or auto, or drop --portfolio",
                solver.name()
            );
        }
        Ok(())
    }
}

/// How many worker threads.
#[derive(Debug, Args)]
pub struct ThreadArgs {
    /// Worker threads, 1 to 256 (default: all cores). Output keeps the input order
    /// whatever the number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: Option<u16>,
}

impl ThreadArgs {
    /// A pool of the chosen number of threads.
    pub fn pool(&self) -> anyhow::Result<rayon::ThreadPool> {
        let mut builder = rayon::ThreadPoolBuilder::new();
        if let Some(threads) = self.threads {
            builder = builder.num_threads(usize::from(threads));
        }
        builder.build().context("starting worker threads")
    }
}
