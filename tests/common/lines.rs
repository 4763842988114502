//! The validator's own reading of the line rules that compare groups of a line's digits (region-sum, zipper …), on plain values: no code shared with the library.

/// Whether every group of digits has the same sum.
pub fn equal_sums(groups: &[Vec<u32>]) -> bool {
    let sums: Vec<u32> = groups.iter().map(|g| g.iter().sum()).collect();
    sums.windows(2).all(|w| w[0] == w[1])
}
