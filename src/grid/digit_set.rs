//! A set of digits as a bitmask, used for candidates and for checking houses.

use std::fmt;
use std::ops::{BitAnd, BitOr, Not};

use super::Digit;

/// A set of digits 1..=64 in one machine word (bit `d − 1` for digit `d`).
///
/// Typed so that a set of digits is never confused with a set of cells.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct DigitSet(u64);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// Every digit 1..=`size`.
    ///
    /// # Panics
    /// If `size > 64`.
    pub const fn all(size: usize) -> DigitSet {
        assert!(size <= 64, "a DigitSet holds digits up to 64");
        if size == 64 {
            DigitSet(u64::MAX)
        } else {
            DigitSet((1u64 << size) - 1)
        }
    }

    /// The set holding only `digit`.
    pub const fn single(digit: Digit) -> DigitSet {
        DigitSet(1u64 << digit.index())
    }

    /// Whether `digit` is in the set.
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1u64 << digit.index()) != 0
    }

    /// Adds `digit`; returns whether it was new.
    pub fn insert(&mut self, digit: Digit) -> bool {
        let had = self.contains(digit);
        self.0 |= 1u64 << digit.index();
        !had
    }

    /// Removes `digit`; returns whether it was there.
    pub fn remove(&mut self, digit: Digit) -> bool {
        let had = self.contains(digit);
        self.0 &= !(1u64 << digit.index());
        had
    }

    /// The number of digits in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds exactly one digit (without counting them: a test of one bit).
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    /// The only digit of a one-digit set, `None` otherwise.
    pub fn only(self) -> Option<Digit> {
        if self.is_single() {
            Some(Digit::from_index(self.0.trailing_zeros() as usize))
        } else {
            None
        }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Digit::from_index(index))
        })
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl Not for DigitSet {
    type Output = DigitSet;
    fn not(self) -> DigitSet {
        DigitSet(!self.0)
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Digit::get)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let d = |v| Digit::new(v).unwrap();
        let mut set = DigitSet::EMPTY;
        assert!(set.insert(d(3)));
        assert!(!set.insert(d(3)));
        set.insert(d(64));
        assert_eq!(set.len(), 2);
        assert_eq!(set.iter().map(Digit::get).collect::<Vec<_>>(), vec![3, 64]);
        assert!(set.remove(d(64)));
        assert_eq!(set.only(), Some(d(3)));
        assert_eq!(DigitSet::all(9).len(), 9);
        assert_eq!(DigitSet::all(64).len(), 64);
        assert_eq!((DigitSet::all(9) & !set).len(), 8);
    }
}
