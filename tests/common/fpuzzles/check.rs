//! One constraint of an f-puzzles puzzle as the validator reads it, and whether a filled grid keeps it.

use super::Pos;
use crate::common::{Plain, lines};

/// One constraint of an f-puzzles puzzle, as plain data.
#[derive(Clone, Debug)]
pub enum Check {
    Cage(Vec<Pos>, Option<u32>),
    /// A multi-sum cage (a cosmetic cage valued `DR` and a root): digits differ, and the
    /// digital root of their sum is the root.
    RootCage(Vec<Pos>, u32),
    LittleKiller(Vec<Pos>, u32),
    Sandwich(Vec<Pos>, u32),
    Thermo(Vec<Pos>),
    /// A slow thermometer: the digits never decrease along it.
    SlowThermo(Vec<Pos>),
    /// An entropic line: cells up to two apart hold digits of different thirds of 1..=N.
    Entropic(Vec<Pos>),
    /// A modular line: cells up to two apart hold digits of different remainders mod 3.
    Modular(Vec<Pos>),
    /// A nabner line: any two of its digits differ by two or more.
    Nabner(Vec<Pos>),
    Arrow(Vec<Pos>, Vec<Pos>),
    Palindrome(Vec<Pos>),
    Between(Vec<Pos>),
    Renban(Vec<Pos>),
    /// A whispers line and its least difference.
    Whispers(Vec<Pos>, u32),
    White(Pos, Pos, u32),
    Black(Pos, Pos, u32),
    Xv(Pos, Pos, u32),
    Odd(Pos),
    Even(Pos),
    /// A minimum cell, with the other minimum cells (neighbours among them are not compared).
    Min(Pos, Vec<Pos>),
    /// A maximum cell, with the other maximum cells.
    Max(Pos, Vec<Pos>),
    Quad(Vec<Pos>, Vec<u32>),
    Clone(Vec<Pos>, Vec<Pos>),
    /// An indexer cell, the house it indexes (in order) and its own 1-based place there:
    /// the digit v in the cell puts that place at the house's v-th cell.
    Indexer(Pos, Vec<Pos>, u32),
    /// Unmarked orthogonal pairs never differ by any of these.
    NoDifference(Vec<u32>, Vec<(Pos, Pos)>),
    /// Unmarked orthogonal pairs are never in any of these ratios.
    NoRatio(Vec<u32>, Vec<(Pos, Pos)>),
    /// Unmarked orthogonal pairs never add up to 10 or 5.
    NoXv(Vec<(Pos, Pos)>),
    /// A region-sum line, cut into its runs of cells in one region: equal sums.
    RegionSum(Vec<Vec<Pos>>),
    /// A zipper line: mirrored digits add up alike (to the centre digit on an odd line).
    Zipper(Vec<Pos>),
    /// A parity line: neighbours on it alternate odd and even.
    ParityLine(Vec<Pos>),
    /// A lockout line and its ends' least difference (half the digits, rounded down).
    Lockout(Vec<Pos>, u32),
    /// A sum line and its total: it splits into runs each adding up to it.
    SumLine(Vec<Pos>, u32),
    /// An X-sum: the line from the clue; its first X digits add up to the total, X the first.
    XSum(Vec<Pos>, u32),
    /// A skyscraper clue: the line from the clue; this many digits top all before them.
    Skyscraper(Vec<Pos>, u32),
    /// A numbered room: the line from the clue; its X-th cell holds the digit, X the first.
    NumberedRoom(Vec<Pos>, u32),
    /// A double arrow: its two end digits add up to the digits between them.
    DoubleArrow(Vec<Pos>),
}

fn neighbours(n: usize, (r, c): Pos) -> Vec<Pos> {
    let mut out = Vec::new();
    if r > 0 {
        out.push((r - 1, c));
    }
    if r + 1 < n {
        out.push((r + 1, c));
    }
    if c > 0 {
        out.push((r, c - 1));
    }
    if c + 1 < n {
        out.push((r, c + 1));
    }
    out
}

impl Check {
    /// The cells whose values decide the check.
    pub fn cells(&self, n: usize) -> Vec<Pos> {
        match self {
            Check::Cage(c, _)
            | Check::RootCage(c, _)
            | Check::LittleKiller(c, _)
            | Check::Sandwich(c, _) => c.clone(),
            Check::Thermo(c)
            | Check::SlowThermo(c)
            | Check::Entropic(c)
            | Check::Modular(c)
            | Check::Nabner(c)
            | Check::Palindrome(c)
            | Check::Between(c)
            | Check::Renban(c)
            | Check::Whispers(c, _) => c.clone(),
            Check::Arrow(a, b) | Check::Clone(a, b) => [a.clone(), b.clone()].concat(),
            Check::White(a, b, _) | Check::Black(a, b, _) | Check::Xv(a, b, _) => vec![*a, *b],
            Check::Odd(c) | Check::Even(c) => vec![*c],
            Check::Min(c, set) | Check::Max(c, set) => {
                let mut cells = vec![*c];
                cells.extend(neighbours(n, *c).into_iter().filter(|o| !set.contains(o)));
                cells
            }
            Check::Quad(c, _) => c.clone(),
            Check::Indexer(c, house, _) => [vec![*c], house.clone()].concat(),
            Check::RegionSum(runs) => runs.concat(),
            Check::Zipper(c) | Check::ParityLine(c) => c.clone(),
            Check::Lockout(c, _) | Check::SumLine(c, _) => c.clone(),
            Check::NoDifference(_, p) | Check::NoRatio(_, p) | Check::NoXv(p) => {
                p.iter().flat_map(|&(a, b)| [a, b]).collect()
            }
            Check::XSum(c, _) | Check::Skyscraper(c, _) | Check::NumberedRoom(c, _) => c.clone(),
            Check::DoubleArrow(c) => c.clone(),
        }
    }

    /// Whether the check holds on `g`, every cell of it filled.
    pub fn holds(&self, g: &Plain) -> bool {
        let n = g.len();
        let v = |p: &Pos| g[p.0][p.1];
        let vals = |c: &[Pos]| c.iter().map(v).collect::<Vec<u32>>();
        let distinct = |x: &[u32]| (0..x.len()).all(|i| !x[..i].contains(&x[i]));
        match self {
            Check::Cage(c, sum) => {
                let x = vals(c);
                distinct(&x) && sum.is_none_or(|s| x.iter().sum::<u32>() == s)
            }
            Check::RootCage(c, root) => {
                let x = vals(c);
                let mut s: u32 = x.iter().sum();
                while s > 9 {
                    s = s.to_string().bytes().map(|b| (b - b'0') as u32).sum();
                }
                distinct(&x) && s == *root
            }
            Check::LittleKiller(c, s) => vals(c).iter().sum::<u32>() == *s,
            Check::Sandwich(c, s) => {
                let x = vals(c);
                let a = x.iter().position(|&d| d == 1).unwrap();
                let b = x.iter().position(|&d| d == n as u32).unwrap();
                x[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == *s
            }
            Check::Thermo(c) => vals(c).windows(2).all(|w| w[0] < w[1]),
            Check::SlowThermo(c) => vals(c).windows(2).all(|w| w[0] <= w[1]),
            Check::Entropic(c) => {
                let third = |v: u32| (v - 1) / (n as u32 / 3);
                apart_within_two(&vals(unlooped(c)), unlooped(c).len() < c.len(), third)
            }
            Check::Modular(c) => {
                apart_within_two(&vals(unlooped(c)), unlooped(c).len() < c.len(), |v| v % 3)
            }
            Check::Nabner(c) => {
                let x = vals(unlooped(c));
                (0..x.len()).all(|i| (i + 1..x.len()).all(|j| x[i].abs_diff(x[j]) >= 2))
            }
            Check::Arrow(circle, shaft) => {
                let number = vals(circle).iter().fold(0, |acc, d| acc * 10 + d);
                vals(shaft).iter().sum::<u32>() == number
            }
            Check::Palindrome(c) => {
                let x = vals(c);
                x.iter().eq(x.iter().rev())
            }
            Check::Between(c) => {
                let x = vals(c);
                let (a, b) = (x[0], x[x.len() - 1]);
                x[1..x.len() - 1]
                    .iter()
                    .all(|&d| a.min(b) < d && d < a.max(b))
            }
            Check::Renban(c) => {
                let x = vals(unlooped(c));
                distinct(&x)
                    && x.iter().max().unwrap() - x.iter().min().unwrap() == x.len() as u32 - 1
            }
            Check::Whispers(c, least) => vals(c).windows(2).all(|w| w[0].abs_diff(w[1]) >= *least),
            Check::White(a, b, d) => v(a).abs_diff(v(b)) == *d,
            Check::Black(a, b, k) => v(a) == v(b) * k || v(b) == v(a) * k,
            Check::Xv(a, b, s) => v(a) + v(b) == *s,
            Check::Odd(c) => v(c) % 2 == 1,
            Check::Even(c) => v(c) % 2 == 0,
            Check::Min(c, set) => neighbours(n, *c)
                .iter()
                .filter(|o| !set.contains(o))
                .all(|o| v(c) < v(o)),
            Check::Max(c, set) => neighbours(n, *c)
                .iter()
                .filter(|o| !set.contains(o))
                .all(|o| v(c) > v(o)),
            Check::Quad(c, values) => {
                let x = vals(c);
                values.iter().all(|d| {
                    x.iter().filter(|&&y| y == *d).count()
                        >= values.iter().filter(|&&e| e == *d).count()
                })
            }
            Check::Clone(a, b) => vals(a) == vals(b),
            Check::Indexer(c, house, place) => v(&house[v(c) as usize - 1]) == *place,
            Check::NoDifference(ds, pairs) => pairs
                .iter()
                .all(|(a, b)| !ds.contains(&v(a).abs_diff(v(b)))),
            Check::NoRatio(ks, pairs) => pairs
                .iter()
                .all(|(a, b)| !ks.iter().any(|k| v(a) == v(b) * k || v(b) == v(a) * k)),
            Check::NoXv(pairs) => pairs.iter().all(|(a, b)| ![5, 10].contains(&(v(a) + v(b)))),
            Check::RegionSum(runs) => {
                lines::equal_sums(&runs.iter().map(|r| vals(r)).collect::<Vec<_>>())
            }
            Check::Zipper(c) => lines::zipper(&vals(c)),
            Check::ParityLine(c) => lines::parity(&vals(c)),
            Check::Lockout(c, least) => lines::lockout(&vals(c), *least),
            Check::SumLine(c, sum) => lines::sum_line(&vals(c), *sum),
            Check::XSum(c, total) => {
                let x = vals(c);
                x[..x[0] as usize].iter().sum::<u32>() == *total
            }
            Check::Skyscraper(c, count) => {
                let x = vals(c);
                let visible = (0..x.len()).filter(|&i| x[..i].iter().all(|&h| h < x[i]));
                visible.count() as u32 == *count
            }
            Check::NumberedRoom(c, digit) => {
                // A first digit past the line's end (a grid of more digits) names no cell.
                let x = vals(c);
                x.get(x[0] as usize - 1) == Some(digit)
            }
            Check::DoubleArrow(c) => lines::double_arrow(&vals(c)),
        }
    }
}

/// Whether digits at most two apart in `values` fall into different classes.
fn apart_within_two(values: &[u32], looped: bool, class: impl Fn(u32) -> u32) -> bool {
    // Round a loop the three in a row wrap past its end.
    if looped {
        let k = values.len();
        return (0..k).all(|i| {
            (1..=2).all(|gap| {
                let j = (i + gap) % k;
                j == i || class(values[i]) != class(values[j])
            })
        });
    }
    (0..values.len())
        .all(|i| (i + 1..values.len().min(i + 3)).all(|j| class(values[i]) != class(values[j])))
}

/// A line's cells, once each: a loop's first cell, repeated at its end, only at its start.
pub fn unlooped(cells: &[Pos]) -> &[Pos] {
    match cells {
        [first, middle @ .., last] if first == last && middle.len() >= 2 => {
            &cells[..cells.len() - 1]
        }
        _ => cells,
    }
}
