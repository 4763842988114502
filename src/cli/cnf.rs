//! `satdoku cnf`: each puzzle's CNF in DIMACS, for any other SAT solver.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use satdoku::SatSolver;
use satdoku::encode::{AmoEncoding, EncodingKind, write_cnf};

use super::args::InputArgs;
use super::input;
use super::output::{Status, Tally, stem};

/// Arguments of `satdoku cnf`.
#[derive(Debug, Args)]
pub struct CnfArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Which clauses: `minimal` (cells at least one digit, houses each digit at most once),
    /// `extended` (both halves of every exactly-one), `reduced` (extended, with the givens
    /// substituted in and variables only for the candidates they leave), `propagated`
    /// (reduced after naked and hidden singles and locked candidates).
    #[arg(long, value_enum, default_value_t = Kind::Extended)]
    encoding: Kind,
    /// At-most-one encoding; `auto` chooses by size (pairwise up to 25×25).
    #[arg(long, value_enum, default_value_t = Amo::Auto)]
    amo: Amo,
    /// Write each puzzle's CNF to DIR/NAME-INDEX.cnf (NAME: the input file's stem) instead
    /// of standard output, which takes a single puzzle.
    #[arg(long, value_name = "DIR")]
    output: Option<PathBuf>,
}

/// At-most-one encodings for `--amo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Amo {
    /// By grid size.
    Auto,
    /// A binary clause per pair.
    Pairwise,
    /// Sinz's sequential counter.
    Sequential,
    /// Commander variables over groups of three.
    Commander,
    /// Chen's product encoding.
    Product,
}

/// Encodings for `--encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Kind {
    /// At-least-one per cell, at-most-one per house and digit.
    Minimal,
    /// Exactly one per cell, and per house and digit.
    Extended,
    /// Extended with the givens substituted in.
    Reduced,
    /// Reduced after singles and locked candidates.
    Propagated,
}

/// Writes the CNF of every puzzle of the input.
pub fn run(args: &CnfArgs) -> anyhow::Result<ExitCode> {
    let mut solver = SatSolver::with_kind(match args.encoding {
        Kind::Minimal => EncodingKind::Minimal,
        Kind::Extended => EncodingKind::Extended,
        Kind::Reduced => EncodingKind::Reduced,
        Kind::Propagated => EncodingKind::Propagated,
    });
    solver = match args.amo {
        Amo::Auto => solver,
        Amo::Pairwise => solver.with_amo(AmoEncoding::Pairwise),
        Amo::Sequential => solver.with_amo(AmoEncoding::Sequential),
        Amo::Commander => solver.with_amo(AmoEncoding::Commander),
        Amo::Product => solver.with_amo(AmoEncoding::Product),
    };
    if let Some(dir) = &args.output {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    // Standard output takes one CNF: it is held until the input is known to hold no
    // other puzzle, so that a second puzzle leaves nothing written (a truncated set of
    // CNFs would be solved happily by any SAT solver).
    let mut held: Option<Vec<u8>> = None;
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
            match args.encoding {
                Kind::Reduced => "givens substituted in",
                Kind::Propagated => "givens and what propagation decides substituted in",
                Kind::Minimal | Kind::Extended => "givens as unit clauses",
            }
        );
        let write = |mut out: &mut dyn Write| {
            write_cnf(&mut out, &encoding, &numbering, &formula, &[], &what)
                .and_then(|()| out.flush())
        };
        match &args.output {
            Some(dir) => {
                let path = dir.join(format!("{}-{}.cnf", stem(item.file), item.index));
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
