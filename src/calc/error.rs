//! The one error type of the calculator engine.
//!
//! Every message names the bad value in single quotes and says what to do instead, because these
//! errors are shown as-is on the command line and in the TUI's form fields.

use thiserror::Error;

use crate::content::Lang;
use crate::text::Bi;

/// Why a calculation could not be done.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CalcError {
    /// The text was read, but it is the wrong kind of quantity (a rate where a size is wanted).
    #[error("'{input}' is {found}, but {wanted} is needed here: {hint}")]
    WrongKind {
        input: String,
        found: Bi,
        wanted: Bi,
        hint: Bi,
    },
    /// The text could not be read as a quantity at all.
    #[error("'{input}' could not be read: {reason}; {hint}")]
    Unreadable { input: String, reason: Bi, hint: Bi },
    /// A value was read but is outside what makes sense (zero, negative, huge).
    #[error("{what} '{input}' {problem}")]
    OutOfRange {
        what: &'static str,
        input: String,
        problem: Bi,
    },
    /// A link id that is neither bundled nor in the user's config.
    #[error("unknown link '{id}'{examples}")]
    UnknownLink { id: String, examples: Bi },
    /// Options that do not fit together, or a required one that is missing.
    #[error("{0}")]
    Invalid(Bi),
    /// Writing the result failed (a full disk, a read-only file).
    #[error("could not write the output: {0}")]
    Output(String),
    /// The reader of the output went away (`| head`): not an error, the command just stops.
    #[error("the output was closed")]
    ClosedPipe,
    /// A hardware table (bundled or user override) that fails validation.
    #[error("link preset '{id}': {problem}")]
    BadPreset { id: String, problem: Bi },
}

impl CalcError {
    /// Shorthand for [`CalcError::Invalid`].
    pub(crate) fn invalid(message: impl Into<Bi>) -> Self {
        Self::Invalid(message.into())
    }

    /// Wraps an output error; a closed pipe is [`CalcError::ClosedPipe`].
    pub fn output(error: &std::io::Error) -> Self {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            Self::ClosedPipe
        } else {
            Self::Output(error.to_string())
        }
    }

    /// Shorthand for [`CalcError::OutOfRange`].
    pub(crate) fn range(
        what: &'static str,
        input: impl Into<String>,
        problem: impl Into<Bi>,
    ) -> Self {
        Self::OutOfRange {
            what,
            input: input.into(),
            problem: problem.into(),
        }
    }

    /// The message in both interface languages; `Display` gives the English one.
    pub fn text(&self) -> Bi {
        Bi::build(|lang| {
            let zh = lang == Lang::Zh;
            match self {
                Self::WrongKind {
                    input,
                    found,
                    wanted,
                    hint,
                } => {
                    let (found, wanted, hint) = (found.get(lang), wanted.get(lang), hint.get(lang));
                    if zh {
                        format!("'{input}' 是{found}，这里需要{wanted}：{hint}")
                    } else {
                        format!("'{input}' is {found}, but {wanted} is needed here: {hint}")
                    }
                }
                Self::Unreadable {
                    input,
                    reason,
                    hint,
                } => {
                    let (reason, hint) = (reason.get(lang), hint.get(lang));
                    if zh {
                        format!("无法读取 '{input}'：{reason}；{hint}")
                    } else {
                        format!("'{input}' could not be read: {reason}; {hint}")
                    }
                }
                Self::OutOfRange {
                    what,
                    input,
                    problem,
                } => {
                    let what = if zh { what_zh(what) } else { what };
                    format!("{what} '{input}' {}", problem.get(lang))
                }
                Self::UnknownLink { id, examples } => {
                    if zh {
                        format!("未知链路 '{id}'{}", examples.get(lang))
                    } else {
                        format!("unknown link '{id}'{}", examples.get(lang))
                    }
                }
                Self::Invalid(message) => message.get(lang).to_owned(),
                Self::Output(message) => {
                    if zh {
                        format!("无法写出结果：{message}")
                    } else {
                        format!("could not write the output: {message}")
                    }
                }
                Self::ClosedPipe => {
                    if zh {
                        "输出已被关闭".to_owned()
                    } else {
                        "the output was closed".to_owned()
                    }
                }
                Self::BadPreset { id, problem } => {
                    if zh {
                        format!("链路预设 '{id}'：{}", problem.get(lang))
                    } else {
                        format!("link preset '{id}': {}", problem.get(lang))
                    }
                }
            }
        })
    }
}

/// Chinese names of the values [`CalcError::OutOfRange`] names; others stay as written.
const WHAT_ZH: &[(&str, &str)] = &[
    ("size", "大小"),
    ("rate", "速率"),
    ("duration", "时长"),
    ("value", "数值"),
    ("efficiency", "效率"),
    ("parameter count", "参数量"),
    ("bytes per element", "每元素字节数"),
    ("bytes per parameter", "每参数字节数"),
    ("optimizer bytes per parameter", "每参数优化器字节数"),
    ("expression", "表达式"),
    ("figure", "数值"),
    ("ranks", "rank 数"),
    ("n", "rank 数"),
    ("nodes", "节点数"),
    ("--nodes", "节点数"),
    ("GPUs", "GPU 数"),
    ("--gpus", "GPU 数"),
    ("GPUs per node", "每节点 GPU 数"),
    ("--gpus-per-node", "每节点 GPU 数"),
    ("NICs per node", "每节点网卡数"),
    ("--nics-per-node", "每节点网卡数"),
    ("layers", "层数"),
    ("stages", "stage 数"),
    ("micro-batches", "micro-batch 数"),
    ("micro-batch", "micro-batch"),
    ("micro-batch size", "micro-batch 大小"),
    ("interleave", "交错数"),
    ("windows", "窗口数"),
    ("global batch", "全局 batch"),
    ("sequence length", "序列长度"),
    ("hidden size", "hidden size"),
    ("tokens per second", "每秒 token 数"),
    ("peak FLOP/s", "峰值 FLOP/s"),
    ("oversubscription", "超额订阅比"),
    ("switch radix", "交换机端口数"),
    ("pod size", "pod 规模"),
    ("shard group", "分片组"),
    ("tensor-parallel size", "张量并行度"),
];

/// `what` in Chinese when known.
fn what_zh(what: &str) -> &str {
    WHAT_ZH
        .iter()
        .find(|(en, _)| *en == what)
        .map_or(what, |(_, zh)| zh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_english_by_display_and_chinese_on_request() {
        let error = CalcError::WrongKind {
            input: "5 GB/s".to_owned(),
            found: Bi::new("a rate", "速率"),
            wanted: Bi::new("a size", "大小"),
            hint: Bi::new("give bytes, e.g. 10 GiB", "请给字节数，如 10 GiB"),
        };
        assert_eq!(error.text().get(Lang::En), error.to_string());
        assert_eq!(
            error.text().get(Lang::Zh),
            "'5 GB/s' 是速率，这里需要大小：请给字节数，如 10 GiB"
        );
        let plain = CalcError::invalid("give --tp");
        assert_eq!(
            plain.text().get(Lang::Zh),
            "give --tp",
            "untranslated falls back"
        );
    }
}
