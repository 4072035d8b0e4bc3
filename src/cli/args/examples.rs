//! The examples and notes after each subcommand's help, kept apart from the flags they
//! illustrate. `tests/readme.rs` runs every command line in them.

pub(super) const LIST: &str = "Examples:\n  infraprep list\n  infraprep list --tag nccl --lang zh\n  infraprep list --json | jq '.[].id'";

pub(super) const SHOW: &str = "Examples:\n  infraprep show 12\n  infraprep show nvlink-vs-infiniband --section short\n  infraprep show 3 --lang zh | less -R";

pub(super) const SEARCH: &str = "Ask as you would a colleague, in English or Chinese: most of the words must match, \nsynonyms and abbreviations count (`检查点` = checkpoint, `TP` = `张量并行`), one typo is forgiven.\n\nExamples:\n  infraprep search \"IB 和 NVLink 的区别\"\n  infraprep search 训练卡住了怎么排查\n  infraprep search checkpoint interval --limit 5 --json";

pub(super) const VALIDATE: &str = "With no DIR, checks the bundled deck. Cards in DIRs may link to bundled cards.\nCalculator presets and stated figures are checked against the calculators.\n\nExamples:\n  infraprep validate\n  infraprep validate ~/my-deck";

pub(super) const DRILL: &str = "Needs a terminal. Progress is saved after every graded answer.\n\nExamples:\n  infraprep drill\n  infraprep drill --card 12 --mode practice\n  infraprep drill --due --exam-date 2026-12-20\n  infraprep drill --tag nccl --count 4 --minutes 2\n  infraprep drill --numbers --count 5";

pub(super) const STATS: &str = "Examples:\n  infraprep stats\n  infraprep stats --json | jq .due_today\n  infraprep --data-dir ~/prep stats";

pub(super) const GRADE: &str = "The answer may be in English, Chinese or a mix; figures count by value (3.6 Tb/s = 450 GB/s).\n\nExamples:\n  infraprep grade 12 --answer \"NVLink 3: 300 GB/s per direction; TP stays on NVLink\"\n  infraprep grade nvlink-generations --answer-file answer.md --json\n  pbpaste | infraprep grade 2 --answer-file -";

pub(super) const COMPLETIONS: &str = "Examples:\n  infraprep completions bash > ~/.local/share/bash-completion/completions/infraprep\n  infraprep completions zsh > ~/.zfunc/_infraprep\n  infraprep completions fish > ~/.config/fish/completions/infraprep.fish";

pub(super) const HISTORY_EXPORT: &str = "Examples:\n  infraprep history export > answers.md\n  infraprep history export --format json | jq '.[].answer'";
