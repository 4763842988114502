//! The validator's own reading of the line rules that compare groups of a line's digits (region-sum, zipper …), on plain values: no code shared with the library.

/// Whether every group of digits has the same sum.
pub fn equal_sums(groups: &[Vec<u32>]) -> bool {
    let sums: Vec<u32> = groups.iter().map(|g| g.iter().sum()).collect();
    sums.windows(2).all(|w| w[0] == w[1])
}

/// Whether the digits the same distance from the line's centre add up alike, and on a line
/// of odd length to its centre digit.
pub fn zipper(x: &[u32]) -> bool {
    let len = x.len();
    let total = if len % 2 == 1 {
        x[len / 2]
    } else {
        x[0] + x[len - 1]
    };
    (0..len / 2).all(|i| x[i] + x[len - 1 - i] == total)
}

/// Whether neighbours along the line hold one odd and one even digit.
pub fn parity(x: &[u32]) -> bool {
    x.windows(2).all(|w| w[0] % 2 != w[1] % 2)
}

/// Whether the ends differ by `least` or more and no digit between them lies from the
/// smaller end's digit to the larger's.
pub fn lockout(x: &[u32], least: u32) -> bool {
    let (a, b) = (x[0], x[x.len() - 1]);
    let (lo, hi) = (a.min(b), a.max(b));
    hi - lo >= least && x[1..x.len() - 1].iter().all(|&v| v < lo || v > hi)
}

/// Whether the digits split into runs each adding up to `sum`: digits being positive, the
/// cuts can only fall where the running total reaches a multiple of `sum`, and must fall
/// at each one.
pub fn sum_line(x: &[u32], sum: u32) -> bool {
    let mut total = 0;
    let mut next_cut = sum;
    for &v in x {
        total += v;
        if total > next_cut {
            return false;
        }
        if total == next_cut {
            next_cut += sum;
        }
    }
    total + sum == next_cut
}

/// Whether the digits at the line's two ends (its circles) add up to the sum of the
/// digits between them (a line without cells between never does).
pub fn double_arrow(x: &[u32]) -> bool {
    match x {
        [first, between @ .., last] if !between.is_empty() => {
            first + last == between.iter().sum::<u32>()
        }
        _ => false,
    }
}

/// Whether the digits differ and those strictly between the smallest and the largest (in
/// either order along the cells) add up to `sum`.
pub fn lunchbox(x: &[u32], sum: u32) -> bool {
    let differ = (0..x.len()).all(|i| !x[..i].contains(&x[i]));
    let (Some(lo), Some(hi)) = (x.iter().min(), x.iter().max()) else {
        return false;
    };
    let a = x.iter().position(|v| v == lo).unwrap();
    let b = x.iter().position(|v| v == hi).unwrap();
    differ && a != b && x[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == sum
}
