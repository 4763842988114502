//! DIMACS output: a formula with comments that explain the variable numbering.

use std::io::{self, Write};

use varisat::dimacs::{DimacsHeader, write_dimacs_clauses, write_dimacs_header};
use varisat::{CnfFormula, Lit};

use super::Encoding;

/// Writes `rules` (the rule clauses of `encoding`) and the `extra` clauses that `what`
/// describes as one DIMACS CNF, with comment lines describing it and the variable numbering.
pub fn write_cnf(
    out: &mut impl Write,
    encoding: &Encoding,
    rules: &CnfFormula,
    extra: &[Vec<Lit>],
    what: &str,
) -> io::Result<()> {
    let size = encoding.shape().size();
    writeln!(
        out,
        "c satdoku: {} {} Sudoku, {what}",
        encoding.shape(),
        encoding.variant()
    )?;
    writeln!(
        out,
        "c variable (r*{size} + c)*{size} + d + 1 (0-based row r, column c, digit d) means \
         cell r,c holds digit d+1"
    )?;
    writeln!(
        out,
        "c every cell, and every digit of every house: one at-least-one clause and an \
         at-most-one constraint ({:?}); variables past {} are auxiliary",
        encoding.amo(),
        encoding.cell_var_count()
    )?;
    let var_count = extra
        .iter()
        .flatten()
        .map(|lit| lit.index() + 1)
        .fold(rules.var_count(), usize::max);
    write_dimacs_header(
        out,
        DimacsHeader {
            var_count,
            clause_count: rules.len() + extra.len(),
        },
    )?;
    write_dimacs_clauses(out, rules.iter().chain(extra.iter().map(Vec::as_slice)))
}
