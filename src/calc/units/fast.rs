//! A direct reading of the plainest quantities (`450 GB/s`, `3200 Gbps`, `2 us`) without fend.
//!
//! The preset table and every form field parse such texts; fend runs each under a 200 ms budget
//! on a worker thread, which a loaded machine can overrun, making the bundled table fail to load.
//! Only a number followed by one unit of a short fixed list is read here; anything else goes to
//! fend, and a unit test checks that both readings agree.

use crate::calc::Kind;

/// (unit, bytes or seconds per unit, kind). Decimal prefixes are powers of 1000, `i` ones of 1024.
const UNITS: &[(&str, f64, Kind)] = &[
    ("B", 1.0, Kind::Size),
    ("KB", 1e3, Kind::Size),
    ("MB", 1e6, Kind::Size),
    ("GB", 1e9, Kind::Size),
    ("TB", 1e12, Kind::Size),
    ("KiB", 1024.0, Kind::Size),
    ("MiB", 1_048_576.0, Kind::Size),
    ("GiB", 1_073_741_824.0, Kind::Size),
    ("TiB", 1_099_511_627_776.0, Kind::Size),
    ("MB/s", 1e6, Kind::Rate),
    ("GB/s", 1e9, Kind::Rate),
    ("TB/s", 1e12, Kind::Rate),
    ("Mbps", 1e6 / 8.0, Kind::Rate),
    ("Gbps", 1e9 / 8.0, Kind::Rate),
    ("Tbps", 1e12 / 8.0, Kind::Rate),
    ("Gb/s", 1e9 / 8.0, Kind::Rate),
    ("Tb/s", 1e12 / 8.0, Kind::Rate),
    ("ns", 1e-9, Kind::Duration),
    ("us", 1e-6, Kind::Duration),
    ("µs", 1e-6, Kind::Duration),
    ("ms", 1e-3, Kind::Duration),
    ("s", 1.0, Kind::Duration),
    ("min", 60.0, Kind::Duration),
    ("h", 3600.0, Kind::Duration),
];

/// `Some((value in base units, kind))` for `NUMBER UNIT` with a listed unit, else `None`.
pub(crate) fn read(text: &str) -> Option<(f64, Kind)> {
    let text = text.trim();
    let split = text
        .find(|c: char| {
            !(c.is_ascii_digit() || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')
        })
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().ok().filter(|n: &f64| n.is_finite())?;
    let unit = unit.trim();
    UNITS
        .iter()
        .find(|(name, _, _)| *name == unit)
        .map(|(_, scale, kind)| (number * scale, *kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calc::fend_bridge;

    #[test]
    fn agrees_with_fend_on_every_unit() {
        for (unit, _, kind) in UNITS {
            let text = format!("2.5 {unit}");
            let (fast, fast_kind) = read(&text).expect(&text);
            let slow =
                fend_bridge::evaluate_expecting(&format!("(2.5 {unit})"), *kind).expect(&text);
            assert_eq!(fast_kind, slow.kind, "{text}");
            assert!(
                (fast - slow.value).abs() <= slow.value.abs() * 1e-12,
                "{text}: {fast} vs {}",
                slow.value
            );
        }
    }

    #[test]
    fn leaves_everything_else_to_fend() {
        for text in [
            "10 GiB / 2",
            "2^30 B",
            "1,000 GB",
            "5 gb",
            "GB",
            "1e400 B",
            "3 GBps",
            "1 B 2",
        ] {
            assert!(read(text).is_none(), "{text}");
        }
    }
}
