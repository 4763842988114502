//! `satdoku cnf`: each puzzle's CNF in DIMACS, for any other SAT solver.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use satdoku::SatSolver;
use satdoku::encode::{AmoEncoding, EncodingKind, Preprocess, write_cnf};

use super::args::InputArgs;
use super::input;
use super::output::{Status, Stems, Tally};

/// Arguments of `satdoku cnf`.
#[derive(Debug, Args)]
pub struct CnfArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Which clauses: `minimal` (cells at least one digit, houses each digit at most once),
    /// `extended` (both halves of every exactly-one), `reduced` (extended, with the givens
    /// substituted in and variables only for the candidates they leave), `propagated`
    /// (reduced after naked and hidden singles and locked candidates).
    #[arg(long, default_value = "extended", value_parser = PossibleValuesParser::new(EncodingKind::ALL.map(EncodingKind::name)).map(|s| s.parse::<EncodingKind>().expect("listed")))]
    encoding: EncodingKind,
    /// At-most-one encoding; `auto` chooses by size (pairwise up to 25×25).
    #[arg(long, default_value = AUTO, value_parser = PossibleValuesParser::new([AUTO].into_iter().chain(AmoEncoding::ALL.map(AmoEncoding::name))).map(|s| s.parse::<AmoEncoding>().ok()))]
    amo: AmoChoice,
    /// Write each puzzle's CNF to DIR/NAME-INDEX.cnf (NAME: the input file's stem, made unique when two inputs share it) instead
    /// of standard output, which takes a single puzzle.
    #[arg(long, value_name = "DIR")]
    output: Option<PathBuf>,
}

/// `--amo` that chooses the at-most-one encoding by size.
const AUTO: &str = "auto";

/// The at-most-one encoding of `--amo`, `None` for [`AUTO`]. (An alias, so that clap takes
/// it for one value rather than an optional argument.)
type AmoChoice = Option<AmoEncoding>;

/// Writes the CNF of every puzzle of the input.
pub fn run(args: &CnfArgs) -> anyhow::Result<ExitCode> {
    let mut solver = SatSolver::with_kind(args.encoding);
    if let Some(amo) = args.amo {
        solver = solver.with_amo(amo);
    }
    if let Some(dir) = &args.output {
        super::output::make_dir(dir)?;
    } else {
        super::sink::open().context("writing the output")?;
    }
    // Standard output takes one CNF: it is held until the input is known to hold no
    // other puzzle, so that a second puzzle leaves nothing written (a truncated set of
    // CNFs would be solved happily by any SAT solver).
    let mut held: Option<Vec<u8>> = None;
    let mut stems = Stems::default();
    let mut tally = Tally::default();
    let errors = input::for_each(&args.input, |item| {
        let Ok(puzzle) = &item.puzzle else {
            tally.record(Status::Invalid, false);
            return Ok(());
        };
        if args.output.is_none() && held.is_some() {
            anyhow::bail!(
                "{}: puzzle {} (line {}) is a second puzzle, and standard output takes one \
                 CNF: nothing was written; use --output DIR to write one file each",
                item.file,
                item.index,
                item.line
            );
        }
        let (encoding, numbering, formula) = solver.formula(puzzle);
        let what = format!(
            "puzzle {} of {} (line {}), {}",
            item.index,
            item.file,
            item.line,
            match args.encoding.preprocess() {
                Preprocess::Reduced => "givens substituted in",
                Preprocess::Propagated => "givens and what propagation decides substituted in",
                Preprocess::None => "givens as unit clauses",
            }
        );
        let write = |mut out: &mut dyn Write| {
            write_cnf(&mut out, &encoding, &numbering, &formula, &[], &what)
                .and_then(|()| out.flush())
        };
        match &args.output {
            Some(dir) => {
                let path = dir.join(format!("{}-{}.cnf", stems.of(&item.file), item.index));
                let file =
                    File::create(&path).with_context(|| format!("creating {}", path.display()))?;
                write(&mut BufWriter::new(file))
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            None => {
                let mut buffer = Vec::new();
                write(&mut buffer).context("writing the CNF to memory")?;
                held = Some(buffer);
            }
        }
        tally.record(Status::Solved, true);
        Ok(())
    })?;
    if let Some(cnf) = held {
        let mut out = io::stdout().lock();
        out.write_all(&cnf)
            .and_then(|()| out.flush())
            .context("writing the output")?;
    }
    tally.add_errors(errors.saturating_sub(tally.count(Status::Invalid)));
    Ok(tally.exit_code())
}
