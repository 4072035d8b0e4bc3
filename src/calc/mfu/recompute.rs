//! How much of the forward pass is recomputed, for HFU.

use std::fmt;
use std::str::FromStr;

use crate::calc::{CalcError, format};

/// Activation recomputation, which HFU counts and MFU does not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Recompute {
    None,
    /// Only the attention core (`QKᵀ`, softmax, `softmax·V`): 4·L·H·Q·T more per token.
    Selective,
    /// The whole forward pass again: 2N + 4·L·H·Q·T more per token.
    Full,
    /// This fraction of the forward pass, in [0, 1].
    Fraction(f64),
}

impl Recompute {
    /// FLOPs per token recomputed, given N and the attention term 12·L·H·Q·T.
    pub fn extra_flops(self, params: f64, attention: f64) -> f64 {
        let forward = 2.0 * params + attention / 3.0;
        match self {
            Recompute::None => 0.0,
            Recompute::Selective => attention / 3.0,
            Recompute::Full => forward,
            Recompute::Fraction(share) => share * forward,
        }
    }
}

impl fmt::Display for Recompute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recompute::None => f.write_str("none"),
            Recompute::Selective => f.write_str("selective"),
            Recompute::Full => f.write_str("full"),
            Recompute::Fraction(share) => f.write_str(&format::sig(*share, 4)),
        }
    }
}

impl FromStr for Recompute {
    type Err = CalcError;

    /// `none`, `selective`, `full`, or a fraction of the forward pass such as `0.5` or `50%`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let input = text.trim();
        match input.to_ascii_lowercase().as_str() {
            "none" | "no" | "off" => return Ok(Recompute::None),
            "selective" => return Ok(Recompute::Selective),
            "full" => return Ok(Recompute::Full),
            _ => {}
        }
        let share = match input.strip_suffix('%') {
            Some(percent) => percent.trim().parse::<f64>().map(|p| p / 100.0),
            None => input.parse::<f64>(),
        };
        match share {
            Ok(share) if (0.0..=1.0).contains(&share) => Ok(Recompute::Fraction(share)),
            _ => Err(CalcError::invalid(crate::bi!(
                "recompute '{input}' is not none, selective, full or a fraction of the forward pass from 0 to 1 (e.g. 0.5 or 50%)",
                "重计算 '{input}' 不是 none、selective、full，也不是 0 到 1 之间的前向比例（如 0.5 或 50%）"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_fractions() {
        assert_eq!("FULL".parse::<Recompute>().expect("full"), Recompute::Full);
        assert_eq!("none".parse::<Recompute>().expect("none"), Recompute::None);
        assert_eq!(
            "50%".parse::<Recompute>().expect("50%"),
            Recompute::Fraction(0.5)
        );
        for bad in ["some", "1.5", "-0.1", "NaN", ""] {
            let err = bad.parse::<Recompute>().expect_err(bad).to_string();
            assert!(err.contains(&format!("'{bad}'")), "{bad}: {err}");
        }
    }

    #[test]
    fn full_is_one_more_forward_pass() {
        // N = 70e9, 12·L·H·Q·T = 64.42e9: full adds 2N + 4·L·H·Q·T = 140e9 + 21.47e9.
        let attention = 12.0 * 80.0 * 64.0 * 128.0 * 8192.0;
        let full = Recompute::Full.extra_flops(70e9, attention);
        assert!((full - (140e9 + attention / 3.0)).abs() < 1.0);
        assert!((Recompute::Fraction(1.0).extra_flops(70e9, attention) - full).abs() < 1.0);
        assert!((Recompute::Selective.extra_flops(70e9, attention) - attention / 3.0).abs() < 1.0);
    }
}
