//! Enums with names: the values a command-line flag takes and output prints.

/// A name that is not one of the values of a named enum.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {name:?} (expected {})", expected.join(", "))]
pub struct UnknownName {
    /// What was named (`encoding`, `difficulty`).
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names there are.
    pub expected: &'static [&'static str],
}

/// Gives an enum of unit variants `ALL`, `name()`, `Display` and `FromStr` from one list of
/// variants and names.
macro_rules! named_enum {
    ($ty:ident, $what:literal, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// The value's name, as on the command line and in output.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::named::UnknownName;

            fn from_str(s: &str) -> Result<$ty, $crate::named::UnknownName> {
                $ty::ALL
                    .into_iter()
                    .find(|value| value.name() == s)
                    .ok_or_else(|| $crate::named::UnknownName {
                        what: $what,
                        name: s.to_string(),
                        expected: &[$($name),+],
                    })
            }
        }
    };
}

pub(crate) use named_enum;
