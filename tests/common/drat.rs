//! An independent DRAT proof checker for the tests.

/// A minimal forward checker of DRAT proofs (RUP lemmas; deletions ignored, which keeps
/// the check sound): every lemma must follow from the formula and earlier lemmas by unit
/// propagation, and the proof must reach the empty clause.
pub fn check_drat(cnf: &str, proof: &str) -> Result<(), String> {
    let parse = |line: &str| -> Vec<i64> {
        line.split_whitespace()
            .map(|t| t.parse().unwrap())
            .take_while(|&v| v != 0)
            .collect()
    };
    let mut clauses: Vec<Vec<i64>> = cnf
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p') && !l.trim().is_empty())
        .map(parse)
        .collect();
    let vars = clauses
        .iter()
        .flatten()
        .map(|l| l.unsigned_abs())
        .max()
        .unwrap_or(0) as usize;
    // Is there a conflict after assuming `assumed` and propagating units?
    let refutes = |clauses: &[Vec<i64>], assumed: &[i64]| -> bool {
        let mut value = vec![0i8; vars + 2];
        let set = |lit: i64, value: &mut Vec<i8>| -> bool {
            let v = lit.unsigned_abs() as usize;
            if v >= value.len() {
                return true;
            }
            let want = if lit > 0 { 1 } else { -1 };
            if value[v] == -want {
                return false;
            }
            value[v] = want;
            true
        };
        for &lit in assumed {
            if !set(-lit, &mut value) {
                return true;
            }
        }
        loop {
            let mut changed = false;
            for clause in clauses {
                let mut unassigned = None;
                let mut open = 0;
                let mut satisfied = false;
                for &lit in clause {
                    let v = lit.unsigned_abs() as usize;
                    let val = if v < value.len() { value[v] } else { 0 };
                    if val == 0 {
                        open += 1;
                        unassigned = Some(lit);
                    } else if (val > 0) == (lit > 0) {
                        satisfied = true;
                        break;
                    }
                }
                if satisfied {
                    continue;
                }
                match open {
                    0 => return true,
                    1 => {
                        set(unassigned.unwrap(), &mut value);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return false;
            }
        }
    };
    for line in proof.lines() {
        if line.starts_with('d') || line.trim().is_empty() {
            continue;
        }
        let lemma = parse(line);
        if !refutes(&clauses, &lemma) {
            return Err(format!("lemma {line} is not RUP"));
        }
        if lemma.is_empty() {
            return Ok(());
        }
        clauses.push(lemma);
    }
    if refutes(&clauses, &[]) {
        Ok(())
    } else {
        Err("the proof does not reach the empty clause".into())
    }
}
