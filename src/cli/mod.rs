//! The command line: argument parsing, shared input and output handling, one file per command.

mod args;
mod candidates;
mod canon;
mod check;
mod cnf;
mod compare;
mod count;
mod expect;
mod explain;
mod export;
mod flag_hints;
mod generate;
mod hint;
mod input;
mod interrupt;
mod output;
mod progress;
mod proof;
mod rate;
mod render;
mod report;
mod rules;
mod shell;
mod sink;
mod solve;
mod step;
mod suggest;
mod transform;

use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Exit code: every puzzle solved.
pub const EXIT_OK: u8 = 0;
/// Exit code: at least one puzzle has no solution.
pub const EXIT_FAILED: u8 = 1;
/// Exit code: bad input or usage.
pub const EXIT_ERROR: u8 = 2;

/// Solve, check and compare Sudoku puzzles of every size with a SAT solver.
#[derive(Debug, Parser)]
#[command(
    name = "satdoku",
    version,
    about,
    max_term_width = 100,
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress bar, summary or notice on stderr (errors and warnings still show).
    #[arg(long, short, global = true)]
    quiet: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every puzzle of the input and print one solution each.
    ///
    /// Exit status: 0 when every puzzle was solved, 1 when at least one has no solution,
    /// 2 when an input was unreadable or a puzzle invalid (the rest are still solved).
    Solve(solve::SolveArgs),
    /// Tell whether each puzzle has exactly one solution, with the evidence.
    ///
    /// Prints one verdict per puzzle: `unique` and the solution; `multiple`, two solutions
    /// and the cells where they differ; `no_solution` and the givens and constraints that
    /// clash, shrunk to a minimal set within a budget (`clash (not minimal)` when it ran out).
    /// Exit status: 0 when every puzzle is unique, 1 when any is not, 2 on input errors.
    Check(check::CheckArgs),
    /// Count the solutions of each puzzle, up to a limit.
    ///
    /// Exit status: 0 when every puzzle has a solution, 1 when any has none, 2 on input
    /// errors.
    Count(count::CountArgs),
    /// Write each puzzle's CNF in DIMACS, for any SAT solver.
    ///
    /// The rules plus the givens as unit clauses (or, with `--encoding reduced`, substituted
    /// in). Variable (r·N + c)·N + d + 1 means cell r,c (0-based) holds digit d+1; the
    /// reduced encoding lists its numbering in comments.
    Cnf(cnf::CnfArgs),
    /// Run several solvers on the same puzzles: speed, effort, and whether they agree.
    ///
    /// Each solver solves each puzzle and proves it unique (searches for two solutions),
    /// under a per-puzzle timeout. Prints, per solver, puzzles solved, timeouts,
    /// puzzles/second, median and 99th-percentile time, and mean effort in the solver's
    /// unit. Every disagreement is reported on stderr with the puzzle. Exit status: 0 when
    /// all agree, 1 on any disagreement, 2 on input errors.
    ///
    /// Puzzles run in parallel on --threads workers; times are per puzzle on its worker,
    /// and puzzles/second is one core's throughput. Use --threads 1 on a busy machine.
    Compare(compare::CompareArgs),
    /// Generate new puzzles with exactly one solution.
    ///
    /// From a random solution grid, givens are removed (in orbits, under --symmetry) while
    /// the SAT solver proves the solution still unique; every puzzle is checked again by a
    /// second solver. The same --seed and options give the same puzzles on every machine.
    /// Exit status: 0 when every puzzle was made, 1 when any timed out, 2 on errors.
    Generate(generate::GenerateArgs),
    /// Rate how hard each puzzle is for a person.
    ///
    /// A logical solver applies the easiest technique that makes progress (Sudoku Explainer's
    /// ladder): singles is `easy`; locked candidates and pairs, `medium`; triples, fish,
    /// wings and unique rectangles, `hard`; chains and forcing chains, `expert` (and
    /// `guess` when even those stop). Printed with the hardest
    /// technique, the number of steps and the guesses a backtracker needs. Puzzles without
    /// exactly one solution are not rated. Exit status as for `check`.
    ///
    /// Bounds: a puzzle's logical path may do a fixed amount of work (candidates reached
    /// and links followed, the same on every machine: about a minute), one step a fifth of
    /// it; a path that uses it up is rated as guessing. On a terminal, a puzzle running for
    /// more than 2 s is named beside the progress bar, with its steps and the share of its
    /// work left.
    Rate(rate::RateArgs),
    /// Show the logical path through each puzzle: one step a line, each with its technique,
    /// what it places and removes, and why.
    ///
    /// Techniques run easiest first (singles, locked candidates, subsets, fish, wings,
    /// single-digit patterns, unique rectangles, chains). When no technique applies, the
    /// candidates left are printed: logic never guesses. Exit status as for `check`.
    ///
    /// Bounds: a path may do a fixed amount of work (candidates reached and links followed,
    /// the same on every machine: about a minute), one step a fifth of it; a path that uses
    /// it up stops there, as stuck. On a terminal, a puzzle running for more than 2 s is
    /// named beside the progress bar, with its steps and the share of its work left.
    Explain(explain::ExplainArgs),
    /// Give the next simplest step for each grid (a puzzle, or one partly filled in).
    ///
    /// GRID is a file, `-`, or the grid itself on one line. When the filled cells leave no
    /// solution, names the entries that are wrong instead. Exit status: 0 when a step is
    /// given (or the grid is solved), 1 when an entry is wrong or nothing applies, 2 on
    /// input errors (two equal digits in a house are named there).
    ///
    /// Bounds: the step may do a fixed amount of work (candidates reached and links
    /// followed, the same on every machine: about 15 s); a step not found within it is not
    /// given.
    Hint(hint::HintArgs),
    /// Print the true candidates of each puzzle: every digit a cell holds in at least one
    /// solution.
    ///
    /// Found by one incremental SAT search under the puzzle's rules. Printed as a candidate
    /// grid (`--format line` or `block`) or JSON. Exit status: 0 when every puzzle has a
    /// solution, 1 when any has none, 2 on input errors.
    Candidates(candidates::CandidatesArgs),
    /// Write each puzzle's canonical form: the least of the puzzles that the symmetries of
    /// its rules make of it, so that two puzzles are the same in disguise exactly when their
    /// forms are equal.
    ///
    /// The symmetries: for rows, columns and boxes, rows inside their band, bands, columns
    /// inside their stack, stacks, transposition (square boxes) and any relabelling of the
    /// digits; for rules that add houses or pairs (diagonals, windows, anti-knight, jigsaw
    /// regions …), those of them (or of the grid's 8 turns and mirrors) that keep every
    /// house and pair; for constraints (cages, lines, dots, pencil marks …), none: the
    /// form is the puzzle. The least is taken cell by cell in reading order, a blank before
    /// any digit ("minlex"). Exit status: 0; 1 when a form was not computed (a dense row of
    /// a grid from 12×12 up ties in more arrangements than the bound: status `timeout`); 2
    /// on input errors.
    Canon(canon::CanonArgs),
    /// Write random equivalent copies of each puzzle, made by the symmetries of its rules
    /// (as `canon` names them), with the input's solutions (`--expect COLUMN`) transformed
    /// alike.
    ///
    /// The same --seed and input give the same copies on every machine. Exit status: 0, or
    /// 2 on input errors.
    Transform(transform::TransformArgs),
    /// Suggest what makes each puzzle with several solutions unique: the fewest givens to
    /// add, and how the puzzle then solves.
    ///
    /// Givens that make a puzzle unique keep one of its solutions and must meet, for every
    /// other, a cell where it differs: the fewest are a smallest hitting set of those
    /// differences, over every solution kept. Up to --limit solutions, all are listed and
    /// the answer is the fewest possible; past it, givens are first added one at a time
    /// where the solutions differ most, and the answer says so. Each line: the givens
    /// (`r1c3=5`), how sure, the puzzle with them in the line format and its rating as
    /// `rate` prints it; JSON `givens`, `fewest`, `solutions`, `all_solutions`, `puzzle`,
    /// `rating`, `hardest` (and `written`: the puzzle made in the form --to names, with
    /// the constraints the line format leaves out). For a puzzle with no solution: each
    /// given and constraint whose removal alone gives it solutions (JSON `removals`). Exit
    /// status: 0 when every puzzle has a solution, 1 when any has none, 2 on input errors
    /// or a puzzle --to cannot write.
    Suggest(suggest::SuggestArgs),
    /// Draw each puzzle as setters' tools draw it, as SVG or PNG.
    ///
    /// The grid with its boxes or jigsaw regions (a region in several pieces shaded),
    /// diagonals, windows and extra regions, every
    /// constraint (cages with their totals, thermometers, arrows, dots, lines, clues outside
    /// the grid …) and the givens; rules over the whole grid are named below it. With
    /// --solution, --candidates or --step, what satdoku found is drawn on it. One puzzle goes
    /// to standard output; with --output DIR, one file per puzzle. Exit status: 0 when every
    /// puzzle was drawn, 1 when a --step is past a puzzle's path, 2 on input errors.
    Render(render::RenderArgs),
    /// Write one self-contained HTML page about the puzzles of the input.
    ///
    /// A summary table (verdict, difficulty, hardest technique, SE rating, steps), then per puzzle its picture (with its solution, two
    /// solutions side by side, or its clash shaded), rules, verdict, rating and the logical
    /// path, folded. No scripts, fonts or anything from the network: it opens in any
    /// browser. Written to standard output. Exit status: 0, or 2 on input errors.
    ///
    /// Bounds: each logical path as for `explain` (about a minute of work, then stuck). On
    /// a terminal, a puzzle running for more than 2 s is named beside the progress bar.
    Report(report::ReportArgs),
    /// Show how each puzzle's rules were read: every drawn element with the rule it was
    /// read as, every sentence of the rules' text with what it was read as, and what was
    /// left unread.
    ///
    /// SudokuPad stores drawings and f-puzzles cosmetic shapes; their meaning comes from the
    /// rules' words. A drawn element is read when its shape and the words agree (a line by
    /// the family named beside its colour); a sentence is standard, decoration, a statement
    /// of rules the puzzle states, or unread. Exit status: 0, or 2 on input errors.
    Rules(rules::RulesArgs),
    /// Write each puzzle for the setters' tools: a SudokuPad or f-puzzles link, f-puzzles
    /// JSON, or satdoku's TOML.
    ///
    /// Any puzzle satdoku reads (a line, TOML, f-puzzles, SudokuPad) is written with its
    /// regions, rules over the whole grid, constraints, givens, title, author and rules
    /// text (a sentence per rule where it has none); reading what was written gives the
    /// same puzzle. What a form cannot hold is refused by name, never left out: a rellik cage
    /// in f-puzzles, a grid over 16×16 in f-puzzles' editor, or in a SudokuPad link a family
    /// SudokuPad's import of f-puzzles data drops (an X-sum, a lockout line …). One line per puzzle (TOML: one file's text per puzzle). Exit status:
    /// 0, or 2 when a puzzle cannot be read or written.
    Export(export::ExportArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell or elvish).
    ///
    /// For example `satdoku completions bash > ~/.local/share/bash-completion/completions/satdoku`,
    /// or `satdoku completions zsh > ~/.zfunc/_satdoku` with `~/.zfunc` on `fpath`.
    Completions(shell::CompletionsArgs),
    /// Print the man page in roff: `satdoku man | man -l -`.
    ///
    /// The main page, `satdoku(1)`, lists the commands; `satdoku man solve` prints
    /// `satdoku-solve(1)`, and `--dir DIR` writes every page there.
    Man(shell::ManArgs),
}

/// Parses the command line and runs the command.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    progress::set_quiet(cli.quiet);
    interrupt::install();
    match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Count(args) => count::run(&args),
        Command::Cnf(args) => cnf::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Hint(args) => hint::run(args),
        Command::Candidates(args) => candidates::run(&args),
        Command::Canon(args) => canon::run(&args),
        Command::Transform(args) => transform::run(&args),
        Command::Suggest(args) => suggest::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Completions(args) => shell::completions(&args, Cli::command()),
        Command::Man(args) => shell::man(&args, Cli::command()),
    }
}

pub use progress::escaped;

/// Whether `err` comes from writing to a closed pipe, which ends the program quietly.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
