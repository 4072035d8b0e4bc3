//! The word choices of the step form (`--dtype`, `--recompute`, `--attention`, `--kernels`):
//! `choice_enum!` declares each enum with one row per value, holding its id (through
//! `enum_ids!`), its other spellings and, where the steps name the value, its words in both
//! languages, so parsing, printing, `--json` and the steps all read the same rows.

use crate::calc::CalcError;
use crate::calc::ids::Ids;
use crate::text::Bi;

/// One value of a choice, beside its id.
#[derive(Debug)]
pub(super) struct Choice<T> {
    pub value: T,
    /// Spellings besides the id, lower case.
    pub also: &'static [&'static str],
    /// What the steps call the value, English then Chinese; empty where they show the id.
    pub about: &'static [&'static str],
}

/// An enum read from a word through its table; declared with `choice_enum!`.
pub(super) trait Choose: Ids {
    /// The flag, for errors.
    const FLAG: &'static str;
    /// The choices as an error lists them.
    const EXPECTED: &'static str;
    /// One row per value.
    const CHOICES: &'static [Choice<Self>];

    /// The value `key` (trimmed, lower case) spells.
    fn spelled(key: &str) -> Option<Self> {
        Self::CHOICES
            .iter()
            .find(|c| c.value.id() == key || c.also.contains(&key))
            .map(|c| c.value)
    }

    /// What the steps call the value (empty if its row has no words).
    fn about(self) -> Bi {
        match Self::CHOICES
            .iter()
            .find(|c| c.value == self)
            .map(|c| c.about)
        {
            Some([en, zh]) => Bi::new(*en, *zh),
            _ => Bi::default(),
        }
    }
}

/// The value `find` gives for `text` (trimmed, lower case), or an error naming `flag`, the text
/// and the `expected` choices.
pub(super) fn choose<T>(
    flag: &str,
    text: &str,
    expected: &str,
    find: impl Fn(&str) -> Option<T>,
) -> Result<T, CalcError> {
    let text = text.trim();
    find(&text.to_ascii_lowercase()).ok_or_else(|| {
        CalcError::invalid(crate::bi!(
            "{flag} '{text}' is not {expected}",
            "{flag} '{text}' 不是 {expected}"
        ))
    })
}

/// Declares an enum of word choices, one row per value: its id, its other spellings and, where
/// the steps name it, its words in English and Chinese
/// (`Flash = "flash" | "flash2" => "flash (…)", "flash（…）",`). The flag and the choices as an
/// error lists them follow the enum's name. Gives what `enum_ids!` gives, [`Choose`] and
/// `FromStr`.
macro_rules! choice_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident($flag:literal, $expected:literal) {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident = $id:literal $(| $also:literal)* $(=> $en:literal, $zh:literal)?,
            )+
        }
    ) => {
        $crate::calc::ids::enum_ids! {
            $(#[$meta])*
            $vis enum $name {
                $($(#[$variant_meta])* $variant = $id,)+
            }
        }

        impl $crate::calc::step::choice::Choose for $name {
            const FLAG: &'static str = $flag;
            const EXPECTED: &'static str = $expected;
            const CHOICES: &'static [$crate::calc::step::choice::Choice<Self>] = &[$(
                $crate::calc::step::choice::Choice {
                    value: $name::$variant,
                    also: &[$($also),*],
                    about: &[$($en, $zh)?],
                },
            )+];
        }

        impl std::str::FromStr for $name {
            type Err = $crate::calc::CalcError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                use $crate::calc::step::choice::{Choose, choose};
                choose(Self::FLAG, text, Self::EXPECTED, Self::spelled)
            }
        }
    };
}
pub(super) use choice_enum;

#[cfg(test)]
mod tests {
    use super::Choose;
    use crate::calc::ids::Ids;
    use crate::calc::step::{AttentionKernel, Dtype, Kernels, Recompute};
    use crate::content::Lang;

    /// Each spelling names one value and reads back in any case.
    fn check<T: Choose + std::str::FromStr + std::fmt::Debug>() {
        let mut seen = Vec::new();
        for choice in T::CHOICES {
            for name in choice.also.iter().chain([&choice.value.id()]) {
                assert_eq!(*name, name.to_ascii_lowercase(), "{name} is not lower case");
                assert!(!seen.contains(name), "{name} is spelled twice");
                seen.push(name);
                let upper: T = format!(" {} ", name.to_ascii_uppercase())
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}"));
                assert_eq!(upper, choice.value);
            }
        }
        assert!("no-such-choice".parse::<T>().is_err());
    }

    #[test]
    fn every_table_reads_back() {
        check::<Dtype>();
        check::<Recompute>();
        check::<AttentionKernel>();
        check::<Kernels>();
    }

    #[test]
    fn every_attention_kernel_is_described_in_both_languages() {
        for kernel in AttentionKernel::ALL {
            let about = kernel.about();
            assert!(about.en().starts_with(kernel.id()), "{about:?}");
            assert_ne!(about.en(), about.get(Lang::Zh));
        }
    }
}
