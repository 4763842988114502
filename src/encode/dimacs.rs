//! DIMACS output: a formula with comments that explain the encoding and variable numbering.

use std::io::{self, Write};

use varisat::dimacs::{DimacsHeader, write_dimacs_clauses, write_dimacs_header};
use varisat::{CnfFormula, Lit};

use super::{Encoding, EncodingKind, Numbering};

/// Writes `clauses` (the rules under `encoding`, variables numbered by `numbering`) and the
/// `extra` clauses that `what` describes as one DIMACS CNF, with comment lines describing
/// the encoding and the variable numbering.
pub fn write_cnf(
    out: &mut impl Write,
    encoding: &Encoding,
    numbering: &Numbering,
    clauses: &CnfFormula,
    extra: &[Vec<Lit>],
    what: &str,
) -> io::Result<()> {
    writeln!(
        out,
        "c satdoku: {} Sudoku ({}), {what}",
        encoding.shape(),
        encoding.rules_encoded()
    )?;
    let groups = match encoding.kind() {
        EncodingKind::Minimal => {
            "minimal encoding: an at-least-one clause for every cell, an at-most-one \
             constraint for every digit of every house"
        }
        EncodingKind::Extended => {
            "extended encoding: for every cell, and every digit of every house, an \
             at-least-one clause and an at-most-one constraint"
        }
        EncodingKind::Reduced => {
            "reduced encoding: the extended one with the givens substituted in (no \
             variables for given cells or for digits a given peer holds)"
        }
        EncodingKind::Propagated => {
            "propagated encoding: the reduced one after naked and hidden singles and locked \
             candidates (no variables for the cells and digits they decide)"
        }
    };
    writeln!(out, "c {groups}; at-most-one: {:?}", encoding.amo())?;
    for line in numbering.describe() {
        writeln!(out, "c {line}")?;
    }
    let var_count = extra
        .iter()
        .flatten()
        .map(|lit| lit.index() + 1)
        .fold(clauses.var_count(), usize::max);
    write_dimacs_header(
        out,
        DimacsHeader {
            var_count,
            clause_count: clauses.len() + extra.len(),
        },
    )?;
    write_dimacs_clauses(out, clauses.iter().chain(extra.iter().map(Vec::as_slice)))
}
