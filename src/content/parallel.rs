//! Work over many cards on all cores, keeping their order: reading and parsing a big deck, and
//! checking its cards (`validate`), are each dominated by independent per-card work.

use std::hash::Hash;
use std::num::NonZero;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use rustc_hash::FxHashMap;

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

/// Results shared by the workers of [`map`]: a value computed once per key, e.g. a number
/// template's check, which a big deck repeats in many cards. The lock is not held while
/// computing, so two workers may compute the same key at once; both get the same value.
pub struct Memo<K, V> {
    done: Mutex<FxHashMap<K, V>>,
}

impl<K: Eq + Hash, V: Clone> Default for Memo<K, V> {
    fn default() -> Self {
        Memo {
            done: Mutex::new(FxHashMap::default()),
        }
    }
}

impl<K: Eq + Hash, V: Clone> Memo<K, V> {
    /// The value for `key`, computed by `f` the first time.
    pub fn get_or(&self, key: K, f: impl FnOnce() -> V) -> V {
        if let Some(value) = self.lock().get(&key) {
            return value.clone();
        }
        let value = f();
        self.lock().insert(key, value.clone());
        value
    }

    /// The map; a worker that panicked holding the lock left it whole (inserts are atomic).
    fn lock(&self) -> std::sync::MutexGuard<'_, FxHashMap<K, V>> {
        self.done.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::{AtomicUsize, MAX_THREADS, Memo, Ordering, map};

    #[test]
    fn a_memo_computes_each_key_once_across_workers() {
        let memo: Memo<usize, usize> = Memo::default();
        let calls = AtomicUsize::new(0);
        let items: Vec<usize> = (0..400).collect();
        let out = map(&items, |&i| {
            memo.get_or(i % 10, || {
                calls.fetch_add(1, Ordering::Relaxed);
                (i % 10) * 3
            })
        });
        assert_eq!(out, items.iter().map(|i| (i % 10) * 3).collect::<Vec<_>>());
        // A key may be computed by two workers at once, never more often than that.
        let calls = calls.load(Ordering::Relaxed);
        assert!((10..=10 * MAX_THREADS).contains(&calls), "{calls}");
    }

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
