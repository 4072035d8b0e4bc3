//! Work over many cards on all cores, keeping their order: reading and parsing a big deck, and
//! checking its cards (`validate`), are each dominated by independent per-card work.

use std::num::NonZero;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Most threads used: past this, a deck load is bound by the disk, not the cores.
const MAX_THREADS: usize = 8;

/// `f` of every item, in order, computed on up to [`MAX_THREADS`] threads. Workers take the next
/// item from a shared counter, so one slow item does not leave the other cores idle. Few items,
/// or one core, run on the calling thread. A panic in `f` is passed on to the caller.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, NonZero::get)
        .min(MAX_THREADS);
    if threads < 2 || items.len() < 8 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break out };
                        out.push((i, f(item)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::map;

    #[test]
    fn keeps_the_order_of_many_and_few_items() {
        for n in [0, 1, 7, 8, 1000] {
            let items: Vec<usize> = (0..n).collect();
            let squares = map(&items, |i| i * i);
            assert_eq!(squares, items.iter().map(|i| i * i).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_panic_in_a_worker_reaches_the_caller() {
        let items: Vec<usize> = (0..100).collect();
        let result = std::panic::catch_unwind(|| {
            map(&items, |&i| {
                assert!(i != 57, "item 57");
                i
            })
        });
        assert!(result.is_err());
    }
}
