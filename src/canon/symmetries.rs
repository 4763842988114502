//! Which transformations keep a set of rules, and the least form of a grid under them.

use std::collections::HashSet;
use std::fmt;

use rand::Rng;
use rand::seq::SliceRandom;

use super::Transform;
use super::minlex::{Blocks, MOST_ARRANGEMENTS, Unfound, minlex};
use super::transform::cell_map;
use crate::grid::{Cell, Grid, House, Shape};
use crate::rules::{Regions, Rules};

/// Beyond this many moves of rows and columns the moves that keep the rules are looked for
/// among the grid's turns and mirrors only.
const MOST_MOVES_SEARCHED: u64 = 4_000_000;

/// Why a canonical form was not computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CanonError {
    /// A row ties in too many arrangements to follow (a dense row of a large grid: every
    /// order of its unlabelled digits inside a stack is a different future).
    #[error(
        "its canonical form was not computed: row {row} ties in more than {most} arrangements \
         (a dense row of a large grid)"
    )]
    Ties {
        /// The row of the form (1-based) where the ties grew too many.
        row: usize,
        /// The most arrangements followed.
        most: usize,
    },
    /// The grid is not of the rules' shape.
    #[error("a {grid} grid under rules for {rules}")]
    Shape {
        /// The grid's shape.
        grid: Shape,
        /// The rules' shape.
        rules: Shape,
    },
}

/// The transformations that keep a set of rules: what a puzzle's canonical form is taken
/// under.
///
/// - Rows, columns and boxes alone (or rows and columns alone): rows inside their band,
///   bands, columns inside their stack, stacks, transposition when the boxes are square,
///   and any relabelling of the digits — the whole group (3,359,232 moves of cells on 9×9).
/// - Rules that add houses or pairs over the whole grid (diagonals, windows, anti-knight,
///   jigsaw regions, extra regions …): the moves among those above (on grids up to 8×8 and
///   9×9), or among the grid's 8 turns and mirrors (larger grids, jigsaw), that map every
///   house and every pair of the rules onto one of the rules, and any relabelling.
/// - Rules with constraints (cages, lines, dots, pencil marks, rules on digits' values such
///   as non-consecutive): none — nothing moves, no digit changes.
#[derive(Clone, Debug)]
pub struct Symmetries {
    shape: Shape,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Blocks(Blocks),
    /// These moves of cells (each the old cell of every new cell), the identity first.
    Listed(Vec<Vec<u16>>),
    Fixed,
}

impl Symmetries {
    /// The transformations that keep `rules`.
    ///
    /// ```
    /// use satdoku::{Rules, Shape};
    /// use satdoku::canon::Symmetries;
    /// use satdoku::rules::GlobalRule;
    /// let classic = Rules::standard(Shape::NINE)?;
    /// assert_eq!(Symmetries::of(&classic).moves(), 3_359_232);
    /// let x = classic.clone().with_global(GlobalRule::Diagonal)?;
    /// assert!(Symmetries::of(&x).moves() > 8);
    /// # Ok::<(), satdoku::RulesError>(())
    /// ```
    pub fn of(rules: &Rules) -> Symmetries {
        let shape = rules.shape();
        let n = shape.size();
        let plain = rules.globals().is_empty()
            && rules.extra_regions().is_empty()
            && rules.different_pairs().is_empty();
        let kind = if !rules.constraints().is_empty() {
            Kind::Fixed
        } else {
            match rules.region_kind() {
                Regions::Boxes(boxes) if plain => Kind::Blocks(Blocks {
                    band: boxes.rows(),
                    stack: boxes.cols(),
                    transpose: boxes.is_square(),
                }),
                Regions::None if plain => Kind::Blocks(Blocks {
                    band: n,
                    stack: n,
                    transpose: true,
                }),
                regions => {
                    let maps = match regions {
                        Regions::Boxes(boxes)
                            if block_moves(boxes.rows(), boxes.cols()) <= MOST_MOVES_SEARCHED =>
                        {
                            // Rows, columns and boxes are kept by every such move.
                            let structure = Structure::of(rules, true);
                            block_maps(n, boxes.rows(), boxes.cols(), &structure)
                        }
                        _ => {
                            let structure = Structure::of(rules, false);
                            (turns_and_mirrors(n))
                                .filter(|map| structure.kept_by(|i| map[i]))
                                .collect()
                        }
                    };
                    Kind::Listed(maps)
                }
            }
        };
        Symmetries { shape, kind }
    }

    /// How many moves of cells the group has (digits relabelled besides, when
    /// [`relabels`](Symmetries::relabels)).
    pub fn moves(&self) -> u64 {
        match &self.kind {
            Kind::Blocks(blocks) => {
                let n = self.shape.size();
                let rows = arrangements(blocks.band, n / blocks.band);
                let columns = arrangements(blocks.stack, n / blocks.stack);
                rows.saturating_mul(columns)
                    .saturating_mul(if blocks.transpose { 2 } else { 1 })
            }
            Kind::Listed(maps) => maps.len() as u64,
            Kind::Fixed => 1,
        }
    }

    /// Whether digits may be relabelled.
    pub fn relabels(&self) -> bool {
        !matches!(self.kind, Kind::Fixed)
    }

    /// The least form of `grid` (a puzzle's givens, or a solution up to 9×9: a full row
    /// of a larger grid ties in more arrangements than the bound): of every grid the
    /// transformations make of it, the least in reading order, a blank cell before any
    /// digit and digits by value ("minlex"); and one transformation that makes it.
    ///
    /// ```
    /// use satdoku::{Grid, Rules, Shape};
    /// use satdoku::canon::Symmetries;
    /// let classic = Symmetries::of(&Rules::standard(Shape::NINE)?);
    /// let grid: Grid = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
    ///     .parse()?;
    /// let (form, transform) = classic.canonical(&grid)?;
    /// assert_eq!(transform.apply(&grid), form);
    /// assert_eq!(classic.canonical(&form)?.0, form);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical(&self, grid: &Grid) -> Result<(Grid, Transform), CanonError> {
        if grid.shape() != self.shape {
            return Err(CanonError::Shape {
                grid: grid.shape(),
                rules: self.shape,
            });
        }
        let values = grid.values();
        let transform = match &self.kind {
            Kind::Blocks(blocks) => match minlex(self.shape, &values, *blocks) {
                Ok((values, transform)) => {
                    // The form as the search wrote it, which the transformation makes.
                    let form = Grid::from_values(self.shape, &values);
                    debug_assert_eq!(transform.apply(grid), form);
                    return Ok((form, transform));
                }
                Err(Unfound::Ties { row }) => {
                    return Err(CanonError::Ties {
                        row,
                        most: MOST_ARRANGEMENTS,
                    });
                }
                Err(Unfound::Unfit) => {
                    return Err(CanonError::Shape {
                        grid: grid.shape(),
                        rules: self.shape,
                    });
                }
            },
            Kind::Listed(maps) => least_listed(self.shape, &values, maps),
            Kind::Fixed => Transform::identity(self.shape),
        };
        Ok((transform.apply(grid), transform))
    }

    /// A transformation drawn at random from the group, every one as likely.
    pub fn random(&self, rng: &mut impl Rng) -> Transform {
        let n = self.shape.size();
        let mut digits: Vec<u8> = (1..=self.shape.digit_count() as u8).collect();
        let from = match &self.kind {
            Kind::Fixed => return Transform::identity(self.shape),
            Kind::Listed(maps) => maps[rng.random_range(0..maps.len())].clone(),
            Kind::Blocks(blocks) => {
                let rows = shuffled_blocks(n, blocks.band, rng);
                let columns = shuffled_blocks(n, blocks.stack, rng);
                let transposed = blocks.transpose && rng.random_bool(0.5);
                cell_map(n, &rows, &columns, transposed)
            }
        };
        digits.shuffle(rng);
        Transform::new(self.shape, from, digits).expect("a permutation")
    }
}

impl fmt::Display for Symmetries {
    /// `3359232 moves of cells and relabelling`, `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Fixed => f.write_str("none"),
            Kind::Blocks(_) | Kind::Listed(_) => {
                write!(f, "{} moves of cells and relabelling", self.moves())
            }
        }
    }
}

/// The ways to arrange `blocks` blocks of `size` lines each: the blocks in any order, the
/// lines inside each in any order.
fn arrangements(size: usize, blocks: usize) -> u64 {
    let factorial = |k: usize| (1..=k as u64).fold(1u64, |a, b| a.saturating_mul(b));
    (0..blocks).fold(factorial(blocks), |a, _| a.saturating_mul(factorial(size)))
}

/// The moves of cells by rows and columns kept in boxes of `rows` × `cols` (and
/// transposition for square boxes).
fn block_moves(rows: usize, cols: usize) -> u64 {
    let n = rows * cols;
    arrangements(rows, n / rows)
        .saturating_mul(arrangements(cols, n / cols))
        .saturating_mul(if rows == cols { 2 } else { 1 })
}

/// Every order of `0..n` that keeps blocks of `size` together.
fn block_orders(n: usize, size: usize) -> Vec<Vec<u8>> {
    let mut orders = vec![Vec::new()];
    let blocks: Vec<usize> = (0..n / size).collect();
    for block_order in permutations(&blocks) {
        let mut grown = vec![Vec::new()];
        for &b in &block_order {
            let lines: Vec<usize> = (b * size..(b + 1) * size).collect();
            let inner = permutations(&lines);
            grown = grown
                .iter()
                .flat_map(|prefix: &Vec<u8>| {
                    inner.iter().map(move |order| {
                        let mut next = prefix.clone();
                        next.extend(order.iter().map(|&l| l as u8));
                        next
                    })
                })
                .collect();
        }
        orders.extend(grown);
    }
    orders.retain(|order| !order.is_empty());
    orders
}

/// Every order of `items`.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

/// A random order of `0..n` that keeps blocks of `size` together.
fn shuffled_blocks(n: usize, size: usize, rng: &mut impl Rng) -> Vec<u8> {
    let mut blocks: Vec<usize> = (0..n / size).collect();
    blocks.shuffle(rng);
    let mut order = Vec::with_capacity(n);
    for b in blocks {
        let mut lines: Vec<u8> = (b * size..(b + 1) * size).map(|l| l as u8).collect();
        lines.shuffle(rng);
        order.extend(lines);
    }
    order
}

/// The moves of cells by rows and columns kept in boxes of `rows` × `cols` (and
/// transposition for square boxes) that keep `structure`.
fn block_maps(n: usize, rows: usize, cols: usize, structure: &Structure) -> Vec<Vec<u16>> {
    let row_orders = block_orders(n, rows);
    let column_orders = block_orders(n, cols);
    let flips: &[bool] = if rows == cols {
        &[false, true]
    } else {
        &[false]
    };
    let mut kept = Vec::new();
    for &transposed in flips {
        for r in &row_orders {
            for c in &column_orders {
                let old = |i: usize| {
                    let (a, b) = (r[i / n] as usize, c[i % n] as usize);
                    let (a, b) = if transposed { (b, a) } else { (a, b) };
                    (a * n + b) as u16
                };
                if structure.kept_by(old) {
                    kept.push(cell_map(n, r, c, transposed));
                }
            }
        }
    }
    kept
}

/// The grid's 8 turns and mirrors.
fn turns_and_mirrors(n: usize) -> impl Iterator<Item = Vec<u16>> {
    let last = n - 1;
    (0..8).map(move |k| {
        (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let (r, c) = match k {
                    0 => (r, c),
                    1 => (c, last - r),
                    2 => (last - r, last - c),
                    3 => (last - c, r),
                    4 => (r, last - c),
                    5 => (last - r, c),
                    6 => (c, r),
                    _ => (last - c, last - r),
                };
                (r * n + c) as u16
            })
            .collect()
    })
}

/// The houses and pairs of a set of rules, as cell indices, to test moves against.
struct Structure {
    houses: Vec<Vec<u16>>,
    known: HashSet<Vec<u16>>,
    pairs: Vec<(u16, u16, usize)>,
    known_pairs: HashSet<(u16, u16, usize)>,
}

impl Structure {
    /// The structure of `rules`; without rows, columns and boxes when `lines_and_boxes_kept`
    /// (the moves tested keep them all), though moves must still map the other houses
    /// onto any of the rules' houses.
    fn of(rules: &Rules, lines_and_boxes_kept: bool) -> Structure {
        let n = rules.shape().size();
        let index = |cell: Cell| (cell.row() * n + cell.col()) as u16;
        let mut houses: Vec<Vec<u16>> = rules
            .houses()
            .into_iter()
            .map(|house| {
                let mut cells: Vec<u16> = rules.cells(house).into_iter().map(index).collect();
                cells.sort_unstable();
                cells
            })
            .collect();
        let known = houses.iter().cloned().collect();
        if lines_and_boxes_kept {
            let standard = (rules.houses().into_iter())
                .map(|house| matches!(house, House::Row(_) | House::Column(_) | House::Box(_)));
            let checked: Vec<bool> = standard.map(|s| !s).collect();
            let mut keep = checked.iter();
            houses.retain(|_| *keep.next().expect("one flag a house"));
        }
        let mut kinds: Vec<String> = Vec::new();
        let pairs: Vec<(u16, u16, usize)> = rules
            .differences()
            .into_iter()
            .map(|(a, b, relation)| {
                let name = relation.to_string();
                let kind = match kinds.iter().position(|k| *k == name) {
                    Some(k) => k,
                    None => {
                        kinds.push(name);
                        kinds.len() - 1
                    }
                };
                let (a, b) = (index(a), index(b));
                (a.min(b), a.max(b), kind)
            })
            .collect();
        let known_pairs = pairs.iter().copied().collect();
        // The houses a move of rows and columns may break (diagonals, windows, extra
        // regions) come after rows, columns and boxes: test them first.
        houses.reverse();
        Structure {
            houses,
            known,
            pairs,
            known_pairs,
        }
    }

    /// Whether the move `old` (the old cell of every new cell) maps every house and pair
    /// onto one of the rules.
    fn kept_by(&self, old: impl Fn(usize) -> u16) -> bool {
        let mut image = [0u16; 64];
        self.houses.iter().all(|house| {
            let image = &mut image[..house.len()];
            for (slot, &c) in image.iter_mut().zip(house) {
                *slot = old(c as usize);
            }
            image.sort_unstable();
            self.known.contains(&image[..])
        }) && self.pairs.iter().all(|&(a, b, kind)| {
            let (a, b) = (old(a as usize), old(b as usize));
            self.known_pairs.contains(&(a.min(b), a.max(b), kind))
        })
    }
}

/// The least relabelled grid among `maps`' moves of `values`, as a transformation.
fn least_listed(shape: Shape, values: &[u8], maps: &[Vec<u16>]) -> Transform {
    let digits = shape.digit_count();
    let mut best: Option<(Vec<u8>, usize)> = None;
    let mut form = vec![0u8; values.len()];
    let mut labels = vec![0u8; digits + 1];
    'maps: for (m, map) in maps.iter().enumerate() {
        labels.fill(0);
        let mut next = 1;
        let mut tied = best.is_some();
        for (i, &from) in map.iter().enumerate() {
            let v = values[from as usize];
            let label = if v == 0 {
                0
            } else {
                if labels[v as usize] == 0 {
                    labels[v as usize] = next;
                    next += 1;
                }
                labels[v as usize]
            };
            form[i] = label;
            if tied && let Some((least, _)) = &best {
                match label.cmp(&least[i]) {
                    std::cmp::Ordering::Greater => continue 'maps,
                    std::cmp::Ordering::Less => tied = false,
                    std::cmp::Ordering::Equal => {}
                }
            }
        }
        if best.as_ref().is_none_or(|(least, _)| form < *least) {
            best = Some((form.clone(), m));
        }
    }
    let (_, m) = best.expect("the identity is always listed");
    let map = &maps[m];
    let mut labels = vec![0u8; digits + 1];
    let mut next = 1;
    for &from in map {
        let v = values[from as usize] as usize;
        if v != 0 && labels[v] == 0 {
            labels[v] = next;
            next += 1;
        }
    }
    for label in &mut labels[1..] {
        if *label == 0 {
            *label = next;
            next += 1;
        }
    }
    Transform::new(shape, map.clone(), labels[1..].to_vec()).expect("a permutation")
}
