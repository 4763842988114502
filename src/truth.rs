//! What the solvers know about a grid's solutions, for the logical tools: true candidates and wrong entries.

use crate::check::Verdict;
use crate::grid::{Candidates, Cell, CellDigit, DigitSet, Grid};
use crate::logic;
use crate::rules::{Layout, Puzzle};
use crate::solvers::{AutoSolver, GivensAs, SatSolver, Solver};
use varisat::Lit;

/// The true candidates of `puzzle`: for each cell, every digit it holds in at least one
/// solution; `None` when there is no solution. On a unique puzzle, the solution.
///
/// The first two solutions come from the [`AutoSolver`] (on sparse grids its backtracker
/// finds them in a fraction of SAT's time), and settle a unique puzzle at once. Each
/// solution found covers a digit of every cell; each digit not covered yet is then tested
/// by one incremental SAT search under the puzzle's rules (so any rule set), assuming it (a
/// new solution covers more; none proves the digit impossible). Digits that propagation
/// (singles, locked candidates; probing on classic and diagonal 9×9) removes are not tested.
///
/// Two symmetries widen what a solution covers, where the rules allow them:
/// - Without variant constraints the rules only ask digits to differ, so exchanging two
///   digits that no given uses turns a solution into another: a solution that puts such a
///   digit in a cell shows every such digit there.
/// - Under rows, columns and boxes alone, exchanging two rows of a band that hold no given
///   (or two bands that hold none), and likewise columns, keeps the givens and turns a
///   solution into another: a digit a solution puts in a cell may go to every cell its row
///   and column can be moved to.
///
/// On a nearly empty grid one solution then settles every digit (an empty-but-one 64×64
/// in about a second, where testing each cell took minutes).
///
/// ```
/// use satdoku::{Grid, Puzzle};
/// let puzzle = Puzzle::standard("1.........1.....".parse::<Grid>()?)?;
/// let candidates = satdoku::truth::true_candidates(&puzzle).expect("solvable");
/// assert_eq!(candidates.sets()[0].len(), 1);
/// assert_eq!(candidates.sets()[1].len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn true_candidates(puzzle: &Puzzle) -> Option<Candidates> {
    let shape = puzzle.shape();
    // Propagation removes only digits of no solution: those need no test. It finds a
    // contradiction only when there is no solution.
    let possible = logic::propagated(&Layout::new(puzzle.rules()), puzzle)?;
    let first = AutoSolver::default().run(puzzle, 2, None);
    if first.found == 0 {
        return None;
    }
    let mut cover = Cover::new(puzzle);
    for grid in &first.solutions {
        cover.add(grid);
    }
    if first.found == 1 {
        // Unique: the solution is every candidate.
        return Some(cover.found);
    }
    // Built only when some digit is left to test (on a big grid, building it is slow).
    let mut search = None;
    for (i, cell) in shape.cells().enumerate() {
        for digit in (possible.sets()[i] & !cover.found.sets()[i]).iter() {
            // Covered by a solution found since the loop reached this cell.
            if cover.found.sets()[i].contains(digit) {
                continue;
            }
            let search =
                search.get_or_insert_with(|| SatSolver::new().search(puzzle, GivensAs::Units));
            // No variable: the encoding ruled the digit out before the search.
            let Some(var) = search.numbering().var(cell, digit) else {
                continue;
            };
            if let Some(grid) = search.solution_with(&[var.positive()]) {
                cover.add(&grid);
            }
        }
    }
    Some(cover.found)
}

/// How cells of a puzzle with several solutions relate in every one of them, beyond what
/// their true candidates and the rules show: what a setter colours by hand to see where a
/// draft is loose.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relations {
    /// Pairs of cells that hold the same digit in every solution (each of them open: two
    /// or more true candidates), in reading order.
    pub equal: Vec<(Cell, Cell)>,
    /// Pairs of cells that never hold the same digit although they share a true candidate
    /// and no rule sets them apart (no common house, no anti-knight or other relation), in
    /// reading order.
    pub different: Vec<(Cell, Cell)>,
}

/// The solutions a relation search starts from, before it asks about single pairs.
const FIRST_SOLUTIONS: usize = 32;

/// How many solutions of a puzzle put each digit in each cell (their share of solutions,
/// which setters colour), counted over every solution listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionCounts {
    /// The solutions counted.
    pub total: u64,
    /// Whether they are every solution of the puzzle (else it has more than the limit, and
    /// the counts cover only those listed first).
    pub complete: bool,
    /// The cap of a capped count ([`capped_solution_counts`]): a digit counted this many
    /// times is used by at least as many solutions, perhaps more. `None` for a listing.
    pub cap: Option<u64>,
    /// Digits a cell may hold: the stride of `counts`.
    digits: usize,
    /// By cell index and digit: the solutions counted that put the digit there.
    counts: Vec<u64>,
}

impl SolutionCounts {
    /// The solutions counted that put `digit` in the cell with index `cell`.
    pub fn count(&self, cell: usize, digit: crate::grid::Digit) -> u64 {
        let count = self.counts[self.slot(cell, digit)];
        match self.cap {
            Some(cap) if !self.complete => count.min(cap),
            _ => count,
        }
    }

    /// Whether the count of `digit` in the cell with index `cell` stopped at the cap: the
    /// solutions that put it there are that many or more. Never once every solution has
    /// been counted.
    pub fn at_cap(&self, cell: usize, digit: crate::grid::Digit) -> bool {
        !self.complete && self.cap.is_some_and(|cap| self.count(cell, digit) >= cap)
    }

    /// The share of solutions that put `digit` in the cell with index `cell`, from 0 to 1:
    /// of every solution once all are counted, else of those listed or of the cap.
    pub fn share(&self, cell: usize, digit: crate::grid::Digit) -> f64 {
        let whole = match self.cap {
            Some(cap) if !self.complete => cap,
            _ => self.total,
        };
        self.count(cell, digit) as f64 / whole.max(1) as f64
    }

    /// Where the count of `digit` in the cell with index `cell` is kept.
    fn slot(&self, cell: usize, digit: crate::grid::Digit) -> usize {
        cell * self.digits + digit.index()
    }

    /// Adds one solution's digits to the counts.
    fn add(&mut self, solution: &Grid) {
        self.total += 1;
        for (cell, digit) in solution.digits().iter().enumerate() {
            if let Some(digit) = digit {
                let slot = self.slot(cell, *digit);
                self.counts[slot] += 1;
            }
        }
    }
}

/// The solutions of `puzzle` that put each digit in each cell, from listing them all (with
/// the SAT engine, under any rule set) up to `limit`: [`SolutionCounts::complete`] says
/// whether the puzzle has no more.
///
/// ```
/// use satdoku::{Grid, Puzzle, grid::Digit};
/// let puzzle = Puzzle::standard("12..34..........".parse::<Grid>()?)?;
/// let counts = satdoku::truth::solution_counts(&puzzle, 100);
/// assert!(counts.complete);
/// // r3c1 holds 2 or 4 in as many solutions each.
/// let (two, four) = (Digit::new(2).unwrap(), Digit::new(4).unwrap());
/// assert_eq!(counts.count(8, two) + counts.count(8, four), counts.total);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solution_counts(puzzle: &Puzzle, limit: u64) -> SolutionCounts {
    let mut counts = SolutionCounts::empty(puzzle, None);
    let found = SatSolver::new().for_each_solution(puzzle, limit.saturating_add(1), |solution| {
        if counts.total < limit {
            counts.add(&solution);
        }
        Ok::<_, std::convert::Infallible>(std::ops::ControlFlow::Continue(()))
    });
    counts.complete = match found {
        Ok(found) => found <= limit,
        Err(never) => match never {},
    };
    counts
}

/// How many solutions of `puzzle` put each digit in each cell, each count capped at `cap`
/// (at least 1): what a setter shades when there are too many solutions to list. A count
/// below the cap is exact; one at the cap means that many solutions or more
/// ([`SolutionCounts::at_cap`]). [`SolutionCounts::total`] is the solutions met on the way,
/// and [`SolutionCounts::complete`] says whether they are all the puzzle has.
///
/// One incremental SAT search under the puzzle's rules (so any rule set): each digit of each
/// cell counted below the cap so far is assumed, and solutions under it are listed until
/// its count reaches the cap or there are no more; every solution found is counted for all
/// of its digits and then forbidden, so no solution is counted twice. Digits that
/// propagation removes are not tested. Without variant constraints only one of the digits
/// no given uses is counted per cell (exchanging two of them maps the solutions with one in
/// a cell onto those with the other there), and under rows, columns and boxes alone one cell
/// per class of exchangeable rows and columns (as [`true_candidates`] uses them). At most `cells × digits × cap` solutions are listed;
/// usually far fewer, as each solution counts for every cell.
///
/// ```
/// use satdoku::{Grid, Puzzle, grid::Digit};
/// // An empty 4×4 has 288 solutions, 72 with each digit in each cell.
/// let puzzle = Puzzle::standard("................".parse::<Grid>()?)?;
/// let counts = satdoku::truth::capped_solution_counts(&puzzle, 10);
/// let one = Digit::new(1).unwrap();
/// assert_eq!(counts.count(0, one), 10);
/// assert!(counts.at_cap(0, one) && !counts.complete);
/// let exact = satdoku::truth::capped_solution_counts(&puzzle, 300);
/// assert_eq!((exact.count(0, one), exact.total), (72, 288));
/// assert!(!exact.at_cap(0, one) && exact.complete);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn capped_solution_counts(puzzle: &Puzzle, cap: u64) -> SolutionCounts {
    let cap = cap.max(1);
    let mut counts = SolutionCounts::empty(puzzle, Some(cap));
    let Some(possible) = logic::propagated(&Layout::new(puzzle.rules()), puzzle) else {
        // Propagation finds a contradiction only when there is no solution.
        counts.complete = true;
        return counts;
    };
    let shape = puzzle.shape();
    // Without variant constraints, exchanging two digits no given uses turns the solutions
    // with one of them in a cell into those with the other there: one of them is counted
    // per cell, the others get its count.
    let cover = Cover::new(puzzle);
    let free = cover.free;
    // Under rows, columns and boxes alone, exchanging two rows (or columns) of a class
    // keeps the givens and maps the solutions with a digit in one cell onto those with it
    // in the other: the first cell of each pair of classes is counted, the others get its
    // counts.
    let n = shape.size();
    let mut first_of_class = vec![usize::MAX; n * n];
    let stand_in_cell: Vec<usize> = (shape.cells().enumerate())
        .map(|(i, cell)| {
            let class = cover.row_class[cell.row()] * n + cover.col_class[cell.col()];
            if first_of_class[class] == usize::MAX {
                first_of_class[class] = i;
            }
            first_of_class[class]
        })
        .collect();
    let mut search = SatSolver::new().search(puzzle, GivensAs::Units);
    for (i, cell) in shape.cells().enumerate() {
        if stand_in_cell[i] != i {
            continue;
        }
        let stand_in = (possible.sets()[i] & free).iter().next();
        for digit in possible.sets()[i].iter() {
            if free.contains(digit) && Some(digit) != stand_in {
                continue;
            }
            let Some(var) = search.numbering().var(cell, digit) else {
                continue;
            };
            while counts.counts[counts.slot(i, digit)] < cap {
                let Some(grid) = search.solution_with(&[var.positive()]) else {
                    break;
                };
                counts.add(&grid);
                search.forbid(&grid);
            }
        }
    }
    // The stand-ins leave solutions unlisted: up to `cap` more are listed, so that a puzzle
    // with few solutions gets them all (and its total).
    let mut more = 0;
    while more < cap {
        let Some(grid) = search.next_solution() else {
            counts.complete = true;
            break;
        };
        counts.add(&grid);
        more += 1;
    }
    if !counts.complete {
        counts.complete = !search.satisfiable_with(&[]);
    }
    // A stand-in counted to the end was counted exactly: no later solution puts it there.
    // (Once every solution is listed, every count is exact and equals its stand-in's.)
    for (i, set) in possible.sets().iter().enumerate() {
        if let Some(stand_in) = (*set & free).iter().next() {
            let count = counts.counts[counts.slot(i, stand_in)];
            for digit in (*set & free).iter() {
                let slot = counts.slot(i, digit);
                counts.counts[slot] = count;
            }
        }
    }
    let digits = counts.digits;
    for (i, &from) in stand_in_cell.iter().enumerate() {
        if from != i {
            counts
                .counts
                .copy_within(from * digits..(from + 1) * digits, i * digits);
        }
    }
    counts
}

impl SolutionCounts {
    /// No solution counted yet, for `puzzle`'s grid.
    fn empty(puzzle: &Puzzle, cap: Option<u64>) -> SolutionCounts {
        let digits = puzzle.shape().digit_count();
        SolutionCounts {
            total: 0,
            complete: false,
            cap,
            digits,
            counts: vec![0; puzzle.shape().cell_count() * digits],
        }
    }
}

/// The forced relations of `puzzle`'s solutions ([`Relations`]), given its true candidates
/// `truth` (from [`true_candidates`]): pairs of open cells that are equal in every
/// solution, and pairs that share a true candidate, have no rule keeping them apart and yet
/// differ in every solution. Empty on a unique puzzle.
///
/// From the true candidates, every pair of open cells that could be equal (or differ) is a
/// claim; up to 32 solutions refute most claims at once; each claim left is one incremental
/// SAT call under the puzzle's rules, with a selector for "these two differ" (or "these two
/// are equal", one new variable per shared digit) assumed: a solution found refutes every
/// claim it breaks, none proves the claim.
///
/// ```
/// use satdoku::{Grid, Puzzle};
/// // Two solutions, 1 and 3 swapped in a rectangle: its opposite corners are equal.
/// let puzzle = Puzzle::standard(".2.4.4.221434321".parse::<Grid>()?)?;
/// let truth = satdoku::truth::true_candidates(&puzzle).expect("solvable");
/// let relations = satdoku::truth::forced_relations(&puzzle, &truth);
/// let shown: Vec<String> = relations.equal.iter().map(|(a, b)| format!("{a}={b}")).collect();
/// assert_eq!(shown, ["r1c1=r2c3", "r1c3=r2c1"]);
/// assert!(relations.different.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn forced_relations(puzzle: &Puzzle, truth: &Candidates) -> Relations {
    let shape = puzzle.shape();
    let sets = truth.sets();
    let open: Vec<usize> = (0..shape.cell_count())
        .filter(|&i| sets[i].len() > 1)
        .collect();
    if open.is_empty() {
        return Relations::default();
    }
    let layout = Layout::new(puzzle.rules());
    // A constraint keeps two cells apart when it forbids every digit they share in both
    // (two cells of a killer cage or a thermometer in no house together).
    let links = layout.weak_links();
    let m = shape.digit_count();
    let kept_apart = |a: usize, b: usize, shared: DigitSet| {
        let node = |cell: usize, d: crate::grid::Digit| (cell * m + d.index()) as u32;
        shared.iter().all(|d| links.forbids(node(a, d), node(b, d)))
    };
    // Claims: pairs that may be equal in every solution, and pairs that may differ in
    // every one (sharing a candidate, no rule between them).
    let mut equal = Vec::new();
    let mut different = Vec::new();
    for (k, &a) in open.iter().enumerate() {
        for &b in &open[k + 1..] {
            let shared = sets[a] & sets[b];
            if shared.is_empty() || layout.peers(a).contains(&(b as u32)) {
                continue;
            }
            if sets[a] == sets[b] {
                equal.push((a, b));
            }
            if !kept_apart(a, b, shared) {
                different.push((a, b));
            }
        }
    }
    let mut search = SatSolver::new().search(puzzle, GivensAs::Units);
    let cells: Vec<Cell> = shape.cells().collect();
    // Claims of each kind: [equal in every solution, different in every solution].
    let mut claims = [equal, different];
    let refute = |grid: &Grid, claims: &mut [Vec<(usize, usize)>; 2]| {
        let digit = |i: usize| grid.get(cells[i]);
        claims[0].retain(|&(a, b)| digit(a) == digit(b));
        claims[1].retain(|&(a, b)| digit(a) != digit(b));
    };
    for _ in 0..FIRST_SOLUTIONS {
        let Some(grid) = search.next_solution() else {
            break;
        };
        refute(&grid, &mut claims);
    }
    // Each claim left: a call assuming its opposite, under a selector of its own.
    let mut proved: [Vec<(Cell, Cell)>; 2] = Default::default();
    for kind in 0..2 {
        let mut k = 0;
        while k < claims[kind].len() {
            let (a, b) = claims[kind][k];
            let selector = search.new_var().positive();
            let shared: Vec<(Lit, Lit)> = (sets[a] & sets[b])
                .iter()
                .filter_map(|digit| {
                    let x = search.numbering().var(cells[a], digit)?;
                    let y = search.numbering().var(cells[b], digit)?;
                    Some((x.positive(), y.positive()))
                })
                .collect();
            if kind == 0 {
                // The two differ: no digit in both.
                for (x, y) in shared {
                    search.add_guarded(&[!selector, !x, !y]);
                }
            } else {
                // The two are equal: some digit in both.
                let mut some = vec![!selector];
                for (x, y) in shared {
                    let both = search.new_var().positive();
                    search.add_guarded(&[!both, x]);
                    search.add_guarded(&[!both, y]);
                    some.push(both);
                }
                search.add_guarded(&some);
            }
            match search.solution_with(&[selector]) {
                Some(grid) => refute(&grid, &mut claims),
                None => {
                    proved[kind].push((cells[a], cells[b]));
                    k += 1;
                }
            }
            search.add_guarded(&[!selector]);
        }
    }
    let [equal, different] = proved;
    Relations { equal, different }
}

/// The digits the solutions found so far show each cell may hold, widened by the
/// symmetries of the rules (see [`true_candidates`]).
struct Cover {
    /// The digits no given uses, when the rules let them be exchanged (none otherwise).
    free: DigitSet,
    /// Each row's class: rows one symmetry moves onto another share one (every row its own
    /// without the row symmetries).
    row_class: Vec<usize>,
    /// Each column's class, likewise.
    col_class: Vec<usize>,
    /// The digits found in some cell of each pair of classes (row class × column class).
    seen: Vec<DigitSet>,
    /// Each cell's digits found so far.
    found: Candidates,
}

impl Cover {
    /// Nothing found yet for `puzzle`.
    fn new(puzzle: &Puzzle) -> Cover {
        let (shape, rules) = (puzzle.shape(), puzzle.rules());
        let n = shape.size();
        let mut free = DigitSet::EMPTY;
        if rules.constraints().is_empty() {
            free = shape.all_digits();
            for (_, digit) in puzzle.grid().givens() {
                free.remove(digit);
            }
        }
        let (mut row_class, mut col_class): (Vec<usize>, Vec<usize>) =
            ((0..n).collect(), (0..n).collect());
        if let Some(boxes) = rules.box_shape().filter(|_| rules.is_standard()) {
            let (mut row_given, mut col_given) = (vec![false; n], vec![false; n]);
            for (cell, _) in puzzle.grid().givens() {
                row_given[cell.row()] = true;
                col_given[cell.col()] = true;
            }
            row_class = classes(&row_given, boxes.rows());
            col_class = classes(&col_given, boxes.cols());
        }
        Cover {
            free,
            seen: vec![DigitSet::EMPTY; n * n],
            row_class,
            col_class,
            found: Candidates::none(shape),
        }
    }

    /// Adds the solution `grid`: each of its digits, and what the symmetries make of it.
    fn add(&mut self, grid: &Grid) {
        let n = self.row_class.len();
        let class = |cell: Cell| self.row_class[cell.row()] * n + self.col_class[cell.col()];
        for (cell, digit) in grid.givens() {
            let seen = &mut self.seen[class(cell)];
            seen.insert(digit);
            if self.free.contains(digit) {
                *seen = *seen | self.free;
            }
        }
        for (set, cell) in self.found.sets_mut().iter_mut().zip(grid.shape().cells()) {
            *set = *set | self.seen[class(cell)];
        }
    }
}

/// The classes of the lines (rows or columns) of bands (or stacks) of `width` lines,
/// `given[i]` telling whether line `i` holds a given: a line with a given alone; the lines
/// without one in a band with a given together; the lines of every band without a given
/// together. Class numbers are line numbers.
fn classes(given: &[bool], width: usize) -> Vec<usize> {
    let band_free = |band: usize| !given[band * width..(band + 1) * width].iter().any(|&g| g);
    // The first line of the first band without a given: the class of all such bands.
    let free_bands = (0..given.len() / width)
        .find(|&b| band_free(b))
        .map(|b| b * width);
    (0..given.len())
        .map(|i| {
            let band = i / width;
            if given[i] {
                i
            } else if band_free(band) {
                free_bands.expect("a band without a given")
            } else {
                // The band's first line without a given.
                (band * width..)
                    .find(|&j| !given[j])
                    .expect("line i has none")
            }
        })
        .collect()
}

/// The filled cells of `puzzle` that are wrong, when it has no solution: the entries of
/// a clashing set of givens without which the rest has a solution. Empty when the puzzle
/// has a solution (or when no single entry is to blame: the rules alone have none).
///
/// ```
/// use satdoku::{Grid, Puzzle};
/// // Box 1 holds 1, 3 and 2, so r2c1 needs 4, which column 1 has at r4c1.
/// let puzzle = Puzzle::standard("13...2......4...".parse::<Grid>()?)?;
/// let wrong = satdoku::truth::wrong_entries(&puzzle);
/// assert!(!wrong.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn wrong_entries(puzzle: &Puzzle) -> Vec<CellDigit> {
    let mut solver = SatSolver::new();
    let Verdict::NoSolution { conflict, .. } = solver.check(puzzle) else {
        return Vec::new();
    };
    conflict
        .into_iter()
        .filter(|given| {
            let mut grid = puzzle.grid().clone();
            grid.set(given.cell, None);
            let without = puzzle.with_grid(grid).expect("fewer givens still agree");
            solver.solve(&without).is_some()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::grid::Shape;
    use crate::rules::{GlobalRule, Rules};

    /// The true candidates by definition: every solution enumerated (`None` past 500).
    fn by_enumeration(puzzle: &Puzzle) -> Option<Option<Candidates>> {
        let mut found = Candidates::none(puzzle.shape());
        let count = SatSolver::new()
            .for_each_solution(puzzle, 501, |grid| {
                for (set, &digit) in found.sets_mut().iter_mut().zip(grid.digits()) {
                    set.insert(digit.expect("a solution is complete"));
                }
                Ok::<_, ()>(ControlFlow::Continue(()))
            })
            .unwrap();
        (count <= 500).then(|| (count > 0).then_some(found))
    }

    #[test]
    fn true_candidates_are_the_digits_of_some_solution() {
        // Sparse 4×4 and 6×6 grids (digits free to exchange) under plain and global rules.
        let mut state = 7u64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut tried = 0;
        for size in [4, 6] {
            let shape = Shape::from_size(size).unwrap();
            for globals in [&[][..], &[GlobalRule::AntiKing], &[GlobalRule::Diagonal]] {
                let mut rules = Rules::standard(shape).unwrap();
                for &rule in globals {
                    rules = rules.with_global(rule).unwrap();
                }
                let rules = std::sync::Arc::new(rules);
                for _ in 0..12 {
                    let mut grid = Grid::empty(shape);
                    for cell in shape.cells() {
                        if next(if size == 4 { 8 } else { 3 }) == 0 {
                            grid.set(cell, shape.digit(1 + next(size as u64) as usize));
                        }
                    }
                    let Ok(puzzle) = Puzzle::new(grid, std::sync::Arc::clone(&rules)) else {
                        continue;
                    };
                    let Some(expected) = by_enumeration(&puzzle) else {
                        continue;
                    };
                    tried += 1;
                    assert_eq!(true_candidates(&puzzle), expected);
                }
            }
        }
        assert!(tried > 20, "{tried}");
    }

    #[test]
    fn an_empty_but_one_grid_has_every_digit_but_where_the_given_rules_it_out() {
        // Too many solutions to enumerate: the candidates follow from the rules alone.
        for (size, boxes) in [(12, (3, 4)), (16, (4, 4)), (25, (5, 5))] {
            let shape = Shape::from_size(size).unwrap();
            let boxes = crate::grid::BoxShape::new(boxes.0, boxes.1).unwrap();
            let mut grid = Grid::empty(shape);
            grid.set(Cell::at(0, 0).unwrap(), shape.digit(1));
            let puzzle = Puzzle::new(grid, Rules::boxes(boxes)).unwrap();
            let found = true_candidates(&puzzle).unwrap();
            for (cell, set) in shape.cells().zip(found.sets()) {
                let sees = cell.row() == 0
                    || cell.col() == 0
                    || (cell.row() < boxes.rows() && cell.col() < boxes.cols());
                let expected = match (cell.row(), cell.col()) {
                    (0, 0) => 1,
                    _ if sees => size - 1,
                    _ => size,
                };
                assert_eq!(set.len(), expected, "{size}×{size} {cell}");
            }
        }
    }
}
