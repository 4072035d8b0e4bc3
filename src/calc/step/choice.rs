//! The word choices of the step form (`--dtype`, `--recompute`, `--attention`, `--kernels`, the
//! FSDP flags): one table per choice holds each value's spellings, its id and, where the steps
//! name it, its description, so parsing, the id shown and the steps' words come from one place.

use crate::calc::CalcError;
use crate::text::Bi;

/// One value of a choice.
#[derive(Debug)]
pub(super) struct Choice<T> {
    /// Spellings, lower case; the first is the id shown for the value.
    pub names: &'static [&'static str],
    pub value: T,
    /// What the steps call the value, in English and Chinese; empty where they show the id.
    pub about: [&'static str; 2],
}

impl<T> Choice<T> {
    pub const fn new(names: &'static [&'static str], value: T) -> Self {
        Choice {
            names,
            value,
            about: ["", ""],
        }
    }

    /// The value with the words the steps describe it in.
    pub const fn about(mut self, en: &'static str, zh: &'static str) -> Self {
        self.about = [en, zh];
        self
    }
}

/// An enum read from a word through its table; `choices!` implements it with `FromStr`.
pub(super) trait Choose: Copy + PartialEq + 'static {
    /// The flag, for errors.
    const FLAG: &'static str;
    /// The choices as an error lists them.
    const EXPECTED: &'static str;
    /// Every value, each once.
    const CHOICES: &'static [Choice<Self>];

    /// The value's row of its table.
    fn choice(self) -> &'static Choice<Self> {
        Self::CHOICES
            .iter()
            .find(|c| c.value == self)
            .expect("every value has a row in its table (checked by the tests)")
    }

    /// The id: the value's first spelling.
    fn id(self) -> &'static str {
        self.choice().names[0]
    }

    /// What the steps call the value.
    fn about(self) -> Bi {
        let [en, zh] = self.choice().about;
        Bi::new(en, zh)
    }
}

/// The choice `text` spells (trimmed, any case), or an error naming `flag`, the text and the
/// `expected` choices.
pub(super) fn choose<T: Copy>(
    flag: &str,
    text: &str,
    choices: &[Choice<T>],
    expected: &str,
) -> Result<T, CalcError> {
    let key = text.trim().to_ascii_lowercase();
    choices
        .iter()
        .find(|c| c.names.contains(&key.as_str()))
        .map(|c| c.value)
        .ok_or_else(|| {
            let text = text.trim();
            CalcError::invalid(crate::bi!(
                "{flag} '{text}' is not {expected}",
                "{flag} '{text}' 不是 {expected}"
            ))
        })
}

/// Implements [`Choose`] for an enum from its flag, its expected-choices text and its table, and
/// `FromStr` through it.
macro_rules! choices {
    ($ty:ty, $flag:literal, $expected:literal, $choices:expr $(,)?) => {
        impl $crate::calc::step::choice::Choose for $ty {
            const FLAG: &'static str = $flag;
            const EXPECTED: &'static str = $expected;
            const CHOICES: &'static [$crate::calc::step::choice::Choice<Self>] = $choices;
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::calc::CalcError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                use $crate::calc::step::choice::Choose;
                $crate::calc::step::choice::choose(Self::FLAG, text, Self::CHOICES, Self::EXPECTED)
            }
        }
    };
}
pub(super) use choices;

#[cfg(test)]
mod tests {
    use super::Choose;
    use crate::calc::step::{AttentionKernel, Dtype, Kernels, Recompute};

    /// Each spelling names one value, reads back in any case, and each value's id reads back to it.
    fn check<T: Choose + std::str::FromStr + std::fmt::Debug>() {
        let mut seen = Vec::new();
        for choice in T::CHOICES {
            assert!(
                !choice.names.is_empty(),
                "{:?} has no spelling",
                choice.value
            );
            for name in choice.names {
                assert_eq!(*name, name.to_ascii_lowercase(), "{name} is not lower case");
                assert!(!seen.contains(name), "{name} is spelled twice");
                seen.push(name);
                let upper: T = name
                    .to_ascii_uppercase()
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}"));
                assert_eq!(upper, choice.value);
            }
            assert_eq!(choice.value.id(), choice.names[0]);
        }
        let wrong = "no-such-choice".parse::<T>();
        assert!(wrong.is_err());
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
        for choice in AttentionKernel::CHOICES {
            let about = choice.value.about();
            assert!(about.en().starts_with(choice.value.id()), "{about:?}");
            assert_ne!(about.en(), about.get(crate::content::Lang::Zh));
        }
    }
}
