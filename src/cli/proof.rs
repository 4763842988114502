//! Writing uniqueness certificates for `check --proof DIR`.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

use anyhow::Context;
use satdoku::proof::ProofFormat;
use satdoku::{Grid, Puzzle, SatSolver};

/// Writes `DIR/NAME-INDEX.cnf` and `DIR/NAME-INDEX.drat` for a unique puzzle, NAME being the
/// input's name in file names (its stem: `stdin` for standard input, `link` for a share
/// link; see [`super::output::Stems`]).
pub fn write(
    dir: &Path,
    name: &str,
    index: usize,
    solver: &mut SatSolver,
    puzzle: &Puzzle,
    solution: &Grid,
) -> anyhow::Result<()> {
    let base = dir.join(format!("{name}-{index}"));
    let create = |ext: &str| -> anyhow::Result<BufWriter<File>> {
        let path = base.with_extension(ext);
        Ok(BufWriter::new(
            File::create(&path).with_context(|| format!("creating {}", path.display()))?,
        ))
    };
    let (mut cnf, mut proof) = (create("cnf")?, create("drat")?);
    solver
        .prove_unique(puzzle, solution, &mut cnf, &mut proof, ProofFormat::Drat)
        .with_context(|| format!("writing the proof {}.drat", base.display()))?;
    use std::io::Write;
    cnf.flush()?;
    proof.flush()?;
    Ok(())
}
