//! Enums named by fixed ids (`allreduce`, `bf16-adam`, `zero-3`): [`enum_ids!`] declares each
//! value with its id once, and printing, `--json` and parsing all read that one list.

/// An enum whose every value has one id; declared with [`enum_ids!`].
pub trait Ids: Copy + PartialEq + 'static {
    /// Every value with its id, in declaration order.
    const IDS: &'static [(Self, &'static str)];

    /// This value's id.
    fn id(self) -> &'static str;

    /// The value whose id is `key`, which the caller has normalised (trimmed, lower case).
    fn from_id(key: &str) -> Option<Self> {
        Self::IDS
            .iter()
            .find(|(_, id)| *id == key)
            .map(|(value, _)| *value)
    }
}

/// Declares an enum whose values each carry one id (`AllReduce = "allreduce"`): the enum, `ALL`
/// its values, its [`Ids`] table, `Display` (the id) and `Serialize` (the id as a JSON string).
macro_rules! enum_ids {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $id:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: [$name; [$($id),+].len()] = [$($name::$variant),+];

            /// Every id, in declaration order: the words a form or `--help` offers.
            pub const NAMES: [&'static str; [$($id),+].len()] = [$($id),+];
        }

        impl $crate::calc::ids::Ids for $name {
            const IDS: &'static [($name, &'static str)] = &[$(($name::$variant, $id),)+];

            fn id(self) -> &'static str {
                match self {
                    $($name::$variant => $id,)+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::calc::ids::Ids::id(*self))
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str($crate::calc::ids::Ids::id(*self))
            }
        }
    };
}

pub(crate) use enum_ids;

#[cfg(test)]
mod tests {
    use super::Ids;
    use crate::calc::step::{AttentionKernel, Dtype, Kernels, Recompute};
    use crate::calc::{Algorithm, Op, Recipe, Stage};

    /// Every id reads back to its value, prints as itself and is its JSON.
    fn round_trips<T: Ids + std::fmt::Debug + std::fmt::Display + serde::Serialize>() {
        for (value, id) in T::IDS {
            assert_eq!(T::from_id(id), Some(*value), "{id}");
            assert_eq!(value.to_string(), *id);
            assert_eq!(serde_json::to_value(value).ok(), Some((*id).into()));
        }
    }

    #[test]
    fn ids_read_back() {
        round_trips::<Op>();
        round_trips::<Algorithm>();
        round_trips::<Recipe>();
        round_trips::<Stage>();
        round_trips::<Dtype>();
        round_trips::<Recompute>();
        round_trips::<AttentionKernel>();
        round_trips::<Kernels>();
    }
}
