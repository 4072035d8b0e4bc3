//! The only place that talks to fend-core.
//!
//! fend answers with text, so a value is brought to SI base units by asking fend to convert it
//! (`(…) to bytes`) and reading the number back. When the conversion fails, fend's message names
//! the base dimension of the value (`units 'bit / second' and 'bit' are incompatible`), which tells
//! us what kind of quantity the user wrote with one extra evaluation at most.

use std::cell::RefCell;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::calc::guard;
use crate::text::Bi;

/// What kind of quantity a text evaluated to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Bytes (bits are converted).
    Size,
    /// Bytes per second.
    Rate,
    /// Seconds.
    Duration,
    /// A plain number.
    Count,
    /// Anything else (e.g. `GiB^2 / s`); the value is in the units fend printed.
    Other,
}

impl Kind {
    /// [`Kind::describe`] in both interface languages.
    pub fn describe_bi(self) -> Bi {
        let zh = match self {
            Kind::Size => "大小（字节）",
            Kind::Rate => "速率（字节每秒）",
            Kind::Duration => "时长（秒）",
            Kind::Count => "不带单位的纯数字",
            Kind::Other => "单位不常见的量",
        };
        Bi::new(self.describe(), zh)
    }

    /// A phrase for error messages: "a rate (bytes per second)".
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Size => "a size (bytes)",
            Kind::Rate => "a rate (bytes per second)",
            Kind::Duration => "a duration (seconds)",
            Kind::Count => "a plain number without units",
            Kind::Other => "a quantity with unusual units",
        }
    }
}

/// A value fend produced, in SI base units for the kinds we know.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Evaluated {
    pub value: f64,
    pub kind: Kind,
    /// fend's own rendering, used for [`Kind::Other`].
    pub text: String,
}

/// Stops fend after a time budget, so a pathological input (`2^2^2^2^30`) cannot freeze the TUI.
/// The budget is wall time, and a normal evaluation takes ~50 µs (release) to ~1 ms (debug); it
/// is set far above that (1 s) because a loaded machine can leave the worker unscheduled for
/// hundreds of milliseconds, and a bundled link preset that timed out would be a false error.
/// The guard's length and nesting limits keep every ordinary input far below it.
#[derive(Clone, Copy)]
struct Deadline(Instant);

impl fend_core::Interrupt for Deadline {
    fn should_interrupt(&self) -> bool {
        Instant::now() > self.0
    }
}

const BUDGET: Duration = Duration::from_secs(1);

/// How long past the budget we wait for fend to notice its interrupt. fend checks it only between
/// steps, so a slow step could run on; the caller gets an answer by then regardless.
const GRACE: Duration = Duration::from_millis(50);

/// fend runs on its own thread with this stack, so how deep it may recurse does not depend on the
/// caller's thread (2 MiB for test threads, 8 MiB for `main`). The guard's nesting and length
/// limits need well under 16 MiB even in a debug build; the rest is margin. Only touched pages
/// are committed, so the size costs address space, not memory.
const STACK_BYTES: usize = 64 << 20;

/// Longest text handed to fend, after link ids are written out as bandwidths (each id becomes
/// about 25 characters): four times the user-facing limit.
const MAX_FEND_CHARS: usize = 4 * guard::MAX_EXPRESSION_CHARS;

/// What the user sees when fend ran out of time.
fn too_slow() -> Bi {
    crate::bi!(
        "it took longer than the {ms} ms limit to compute; split it into smaller steps",
        "计算超过了 {ms} ms 的时限；请拆成更小的几步",
        ms = BUDGET.as_millis()
    )
}

/// fend's own message, which is English only: the Chinese form says where it comes from.
fn from_fend(message: String) -> Bi {
    let zh = match message.as_str() {
        "division by zero" => "除数为零".to_owned(),
        _ => format!("fend 无法计算：{message}"),
    };
    Bi::new(message, zh)
}

/// fend's own evaluation, on the current thread.
fn run_here(input: &str, deadline: Deadline) -> Result<String, Bi> {
    let mut context = fend_core::Context::new();
    fend_core::evaluate_with_interrupt(input, &mut context, &deadline)
        .map(|result| result.get_main_result().to_owned())
        .map_err(|message| {
            if message == "interrupted" {
                too_slow()
            } else {
                from_fend(message)
            }
        })
}

/// One evaluation for a worker thread.
struct Job {
    input: String,
    deadline: Deadline,
    reply: mpsc::Sender<Result<String, Bi>>,
}

thread_local! {
    /// This thread's fend worker. Starting a thread per evaluation costs 0.1-0.5 ms, more than
    /// the evaluation, so each calling thread keeps one worker; callers on different threads
    /// (the deck is checked on several) never queue behind each other.
    static WORKER: RefCell<Option<mpsc::Sender<Job>>> = const { RefCell::new(None) };
}

/// This thread's worker, started on first use.
fn worker() -> Result<mpsc::Sender<Job>, Bi> {
    WORKER.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some(sender) = slot.as_ref() {
            return Ok(sender.clone());
        }
        let (sender, jobs) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("fend".to_owned())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                for job in jobs {
                    // The caller stops listening only when it gave up waiting.
                    let _ = job.reply.send(run_here(&job.input, job.deadline));
                }
            })
            .map_err(|err| {
                crate::bi!(
                    "the calculator could not start a thread: {err}",
                    "计算器无法启动线程：{err}"
                )
            })?;
        *slot = Some(sender.clone());
        Ok(sender)
    })
}

/// Forgets this thread's worker after it missed a deadline or died: a late worker finishes its
/// job on its own (the guard's limits bound that work) and then ends, as its queue is closed.
fn forget_worker() {
    WORKER.with(|slot| slot.borrow_mut().take());
}

/// Runs fend on a worker thread with a known stack and waits at most until `deadline` (plus
/// [`GRACE`]). A panic inside fend reaches the caller as an error.
fn run(input: &str, deadline: Deadline) -> Result<String, Bi> {
    let chars = input.chars().count();
    if chars > MAX_FEND_CHARS {
        return Err(crate::bi!(
            "it is {chars} characters long once link ids are written out as bandwidths; \
             the limit is {MAX_FEND_CHARS}: use fewer link ids",
            "链路 id 展开为带宽后长 {chars} 个字符，上限为 {MAX_FEND_CHARS}：请少用几个链路 id"
        ));
    }
    let (reply, answer) = mpsc::channel();
    let mut job = Job {
        input: input.to_owned(),
        deadline,
        reply,
    };
    // A worker that died since its last job (fend panicked) is replaced once.
    for _ in 0..2 {
        match worker()?.send(job) {
            Ok(()) => break,
            Err(mpsc::SendError(returned)) => {
                forget_worker();
                job = returned;
            }
        }
    }
    let wait = deadline.0.saturating_duration_since(Instant::now()) + GRACE;
    match answer.recv_timeout(wait) {
        Ok(result) => result,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            forget_worker();
            Err(too_slow())
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            forget_worker();
            Err(Bi::new(
                "the calculator stopped on this input (an internal error in fend)",
                "计算器在这个输入上停止了（fend 内部错误）",
            ))
        }
    }
}

/// The base dimension fend names in an "incompatible units" message, if any.
fn incompatible_dimension(message: &str) -> Option<&str> {
    let rest = message.split("units '").nth(1)?;
    rest.split('\'').next()
}

/// Reads the leading number of a fend result such as `approx. 0.4294967296 s` or `50%`.
fn leading_number(text: &str) -> Option<f64> {
    let text = text.trim().trim_start_matches("approx. ");
    let number = text.split_whitespace().next()?;
    if let Some(percent) = number.strip_suffix('%') {
        return percent.parse::<f64>().ok().map(|p| p / 100.0);
    }
    number.parse().ok()
}

/// The fend conversion suffix that brings a value of `kind` to SI base units.
fn suffix(kind: Kind) -> &'static str {
    match kind {
        Kind::Size => " to bytes to 17 sf",
        Kind::Rate => " to bytes / s to 17 sf",
        Kind::Duration => " to s to 17 sf",
        // `to 1` makes fend cancel units it otherwise keeps side by side: `light year / km`
        // stays in those units (and would read as 1) unless brought to a plain number.
        Kind::Count => " to 1 to 17 sf",
        Kind::Other => "",
    }
}

fn finish(text: String, kind: Kind) -> Result<Evaluated, Bi> {
    // A real quantity prints as `number unit`; `1 + 2i` or `6e-17 + i` is complex, and reading
    // its leading number would give a silently wrong answer (`sqrt(-1)` = 6e-17).
    let complex = text
        .split_whitespace()
        .any(|token| token == "+" || token == "-")
        || text.trim_end().ends_with('i') && leading_number(&text).is_some();
    if complex {
        return Err(crate::bi!(
            "the result is the complex number '{z}'; the calculator works with real quantities",
            "结果是复数 '{z}'；计算器只处理实数量",
            z = text.trim_start_matches("approx. ")
        ));
    }
    let value = leading_number(&text).ok_or_else(|| {
        crate::bi!(
            "fend gave '{text}', not a number",
            "fend 给出 '{text}'，不是数字"
        )
    })?;
    Ok(Evaluated { value, kind, text })
}

/// fend's own rendering of already-cleaned text (for a value shown in the unit the user asked).
pub(crate) fn render(expr: &str) -> Result<String, Bi> {
    let text = run(expr, Deadline(Instant::now() + BUDGET))?;
    finish(text.clone(), Kind::Other).map(|_| text)
}

/// Evaluates already-cleaned text and returns its value in SI base units with its kind.
#[cfg(test)]
pub(crate) fn evaluate(expr: &str) -> Result<Evaluated, Bi> {
    evaluate_expecting(expr, Kind::Size)
}

/// Like [`evaluate`], trying `likely` first: one fend call when the guess is right, two otherwise.
///
/// Both fend calls share one [`BUDGET`], so an answer (or an error) comes within about 250 ms.
pub(crate) fn evaluate_expecting(expr: &str, likely: Kind) -> Result<Evaluated, Bi> {
    let deadline = Deadline(Instant::now() + BUDGET);
    let message = match run(&format!("({expr}){}", suffix(likely)), deadline) {
        Ok(text) => return finish(text, likely),
        Err(message) => message,
    };
    let kind = match incompatible_dimension(&message) {
        Some("bit") => Kind::Size,
        Some("bit / second") => Kind::Rate,
        Some("second") => Kind::Duration,
        Some("unitless") => Kind::Count,
        Some(_) => Kind::Other,
        None => return Err(message),
    };
    finish(run(&format!("({expr}){}", suffix(kind)), deadline)?, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_to_base_units() {
        let cases = [
            ("10 GiB", 10_737_418_240.0, Kind::Size),
            ("(200 Gbps)", 25e9, Kind::Rate),
            ("(2 us)", 2e-6, Kind::Duration),
            ("(10 GiB) / (25 GB/s)", 0.429_496_729_6, Kind::Duration),
            ("2 + 3", 5.0, Kind::Count),
            ("50%", 0.5, Kind::Count),
        ];
        for (input, want, kind) in cases {
            let got = evaluate(input).expect(input);
            assert_eq!(got.kind, kind, "{input}");
            assert!(
                (got.value - want).abs() <= want * 1e-12,
                "{input}: {}",
                got.value
            );
        }
    }

    #[test]
    fn reports_other_dimensions_and_errors() {
        assert_eq!(
            evaluate("(1 s) / (1 bit)").expect("s/bit").kind,
            Kind::Other
        );
        assert!(evaluate("10 GBs").is_err());
        assert!(evaluate("1 / 0").is_err());
    }

    #[test]
    fn complex_results_are_errors_not_wrong_numbers() {
        for input in ["sqrt(-1)", "2i + 1", "(-8)^(1/3)"] {
            let err = evaluate(input).expect_err(input);
            assert!(err.contains("complex number"), "{input}: {err}");
        }
    }

    #[test]
    fn interrupts_runaway_input() {
        let start = Instant::now();
        let _ = evaluate("2^2^2^2^2^2");
        assert!(start.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_slow_input_times_out_and_the_next_one_still_works() {
        let slow = "2^-".repeat(80) + "2";
        let start = Instant::now();
        let err = evaluate(&slow).expect_err("slow");
        assert!(err.contains("longer than the 1000 ms limit"), "{err}");
        assert!(start.elapsed() < Duration::from_secs(3));
        assert!((evaluate("2 + 3").expect("fast").value - 5.0).abs() < 1e-12);
    }
}
