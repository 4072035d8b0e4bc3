//! "Did you mean": the known names closest to a mistyped one, the obvious candidate first.
//!
//! A name one or two edits away (`nvlink-vs-infiniban`, `nvlnk`) ranks first, then names that
//! contain what was typed or are contained in it (`infiniband`, `12-nvlink-vs-infiniband.md`),
//! then names sharing a hyphen-separated part with it up to a typo.

/// Up to `max` of `candidates` that look like `wanted`, best first (ties keep input order).
pub fn did_you_mean<'a>(
    wanted: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    max: usize,
) -> Vec<&'a str> {
    let wanted = wanted.trim().to_lowercase();
    if wanted.is_empty() {
        return Vec::new();
    }
    let mut ranked: Vec<((u8, usize, usize), &'a str)> = candidates
        .into_iter()
        .filter_map(|candidate| closeness(&wanted, candidate).map(|key| (key, candidate)))
        .collect();
    ranked.sort_by_key(|(key, _)| *key);
    let mut out: Vec<&str> = Vec::new();
    for (_, candidate) in ranked {
        if !out.contains(&candidate) {
            out.push(candidate);
        }
        if out.len() == max {
            break;
        }
    }
    out
}

/// A sort key (class, distance, length difference) when `candidate` is close enough.
fn closeness(wanted: &str, candidate: &str) -> Option<(u8, usize, usize)> {
    let candidate = candidate.to_lowercase();
    if candidate == wanted {
        return None;
    }
    let distance = strsim::osa_distance(wanted, &candidate);
    let length = wanted.chars().count();
    let gap = length.abs_diff(candidate.chars().count());
    let allowed = match length {
        0..=3 => 1,
        4..=8 => 2,
        _ => 3,
    };
    if distance <= allowed {
        return Some((0, distance, gap));
    }
    let (shorter, longer) = if wanted.len() <= candidate.len() {
        (wanted, candidate.as_str())
    } else {
        (candidate.as_str(), wanted)
    };
    if shorter.chars().count() >= 3 && longer.contains(shorter) {
        return Some((1, gap, distance));
    }
    let shared = wanted
        .split(['-', '_', ' '])
        .filter(|part| part.chars().count() >= 4)
        .filter(|part| {
            candidate
                .split(['-', '_'])
                .any(|c| c == *part || strsim::osa_distance(c, part) <= 1)
        })
        .count();
    (shared > 0).then_some((2, usize::MAX - shared, distance))
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDS: &[&str] = &[
        "nvlink-generations",
        "nccl-nvlink-ib-paths",
        "nvlink-vs-infiniband",
        "infiniband-generations",
        "ib-congestion",
    ];

    #[test]
    fn one_typo_ranks_first() {
        let found = did_you_mean("nvlink-vs-infiniban", IDS.iter().copied(), 3);
        assert_eq!(found[0], "nvlink-vs-infiniband", "{found:?}");
        let found = did_you_mean("nvlnk", ["nccl", "nvlink", "nvls", "nvswitch"], 3);
        assert_eq!(found[0], "nvlink", "{found:?}");
    }

    #[test]
    fn containment_and_shared_parts_follow() {
        let found = did_you_mean("infiniband", IDS.iter().copied(), 3);
        assert!(found.contains(&"infiniband-generations"), "{found:?}");
        assert!(found.contains(&"nvlink-vs-infiniband"), "{found:?}");
        let found = did_you_mean("12-nvlink-vs-infiniband.md", IDS.iter().copied(), 1);
        assert_eq!(found, ["nvlink-vs-infiniband"]);
        let found = did_you_mean("congestoin-control", IDS.iter().copied(), 3);
        assert_eq!(found, ["ib-congestion"]);
    }

    #[test]
    fn nothing_close_gives_nothing() {
        assert!(did_you_mean("zzzz", IDS.iter().copied(), 3).is_empty());
        assert!(did_you_mean("  ", IDS.iter().copied(), 3).is_empty());
        assert!(did_you_mean("nvlink", ["nvlink"], 3).is_empty());
    }
}
