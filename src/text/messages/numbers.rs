//! The number drill's words: the answer box, verdicts, named slips and their statistics, in
//! the TUI and on the command line (`infraprep numbers --ask`, `infraprep numbers stats`).

super::messages! {
    NUMBER_MESSAGES;
    // Verdicts: a word each, so a verdict reads without colour.
    NUM_EXACT = "准确", "exact";
    NUM_CLOSE = "接近", "close";
    NUM_OFF = "偏差大", "off";
    /// The off verdict in the review table's narrow column.
    NUM_OFF_SHORT = "偏差", "off";

    // The drill screen.
    NUM_FOLLOW_UP = "面试官接着问：那算一下数字——", "The interviewer goes on: so, in numbers —";
    NUM_NOT_A_QUANTITY = "不是数值加单位：{error}", "not a number with a unit: {error}";
    NUM_PLACEHOLDER = "例如 430 ms、3.4 Tb/s、12 GB、1.5 小时", "e.g. 430 ms, 3.4 Tb/s, 12 GB, 1.5 h";
    NUM_BOX_TYPING = "你的答案：数值加单位 · Enter 提交", "your answer: a number with its unit · Enter submits";
    NUM_BOX_IDLE = "{type} 输入 · {submit} 提交", "{type} to type · {submit} to submit";
    NUM_NEXT = "{key} 下一题", "{key} next";
    NUM_OPENS_CALC = "用这道题的输入打开计算器", "opens the calculator with these inputs";
    NUM_STEPS_TITLE = "计算器的步骤", "how the calculator works it out";
    NUM_NO_ANSWER = "（未作答）", "(no answer)";
    NUM_YOU = "你的答案：", "you: ";
    NUM_ANSWER_LABEL = "答案：", "answer: ";
    NUM_SLIP = "失误：", "slip: ";
    NUM_CALC_AFTER_ANSWER = "答完数字题后可以用计算器打开这道题的输入",
        "after a number answer this opens its calculator with its inputs";
    NUM_CALC_CANNOT_OPEN = "这道题的计算器打不开", "this question's calculator could not be opened";
    NUM_CALC_FILLED = "已填入这道题的输入；按 {esc} 回到练习",
        "this question's inputs are filled in; {esc} goes back to the drill";

    // The stats screen's number section.
    NUM_STATS_TITLE = "数字题：各计算器答对（准确或接近）的比例",
        "number answers: right (exact or close) per calculator";
    NUM_STATS_NONE = "还没有数字题的作答：在练习页把模式换成数字题试试",
        "no number answers yet: choose the numbers mode on the drill screen";
    NUM_STATS_ROW = "{right}%，共 {asked} 题（准确 {exact}，接近 {close}，偏差大 {off}）",
        "{right}% of {asked} (exact {exact}, close {close}, off {off})";
    NUM_STATS_SLIPS = "近 7 天最常见的失误", "slips you made most in the last 7 days";
    NUM_SLIP_WEEK_ONE = "{slip}：本周 1 次", "{slip}: once this week";
    NUM_SLIP_WEEK_MANY = "{slip}：本周 {n} 次", "{slip}: {n} times this week";

    // Slip names in the statistics: the code in English, a word in Chinese.
    SLIP_DIRECTION = "单向/双向", "direction";
    SLIP_BITS_BYTES = "比特/字节", "bits-bytes";
    SLIP_GIB_GB = "GiB/GB", "gib-gb";
    SLIP_ORDER_OF_MAGNITUDE = "数量级", "order-of-magnitude";
    SLIP_PREFIX = "单位前缀", "prefix";
    SLIP_WRONG_KIND = "量纲不对", "wrong-kind";
    SLIP_MISSING_UNIT = "没写单位", "missing-unit";

    // What each slip usually is, in a sentence.
    DIAG_DIRECTION = "差 2 倍：是不是把单向和双向（两个方向相加）弄混了？",
        "off by 2×: per direction against bidirectional (both directions added)?";
    DIAG_BITS_BYTES = "差 8 倍：是不是把比特当成了字节（Gb/s 与 GB/s）？",
        "off by 8×: bits taken for bytes (Gb/s against GB/s)?";
    DIAG_GIB_GB = "差 1.074 倍：是不是把 GiB（2^30 字节）和 GB（10^9 字节）弄混了？",
        "off by 1.074×: GiB (2^30 B) against GB (10^9 B)?";
    DIAG_ORDER_OF_MAGNITUDE = "差 10 倍：数量级错了", "off by 10×: an order of magnitude";
    DIAG_PREFIX = "差 1000 倍：单位前缀错了（ms 与 s、MB 与 GB）？",
        "off by 1000×: a unit prefix (ms for s, MB for GB)?";
    DIAG_WRONG_KIND = "答的量纲和问的不一样", "a different kind of quantity from the one asked";
    DIAG_MISSING_UNIT = "只有数字没有单位：要说出单位", "a number without its unit: say the unit";

    // `infraprep numbers --ask` and `infraprep numbers stats`.
    NUM_SKIPPED = "跳过", "skipped";
    NUM_CLI_ANSWER = "答案: {answer}", "answer: {answer}";
    NUM_CLI_SUMMARY = "准确 {exact}，接近 {close}，偏差大 {off}", "exact {exact}, close {close}, off {off}";
    NUM_CLI_NONE = "还没有数字题的作答：`infraprep numbers --ask` 可以出几道",
        "no number answers yet: `infraprep numbers --ask` asks some";
    NUM_CLI_SLIPS = "近 7 天的失误", "Slips in the last 7 days";
    NUM_CLI_TIMES = "{n} 次", "{n} times";
}
