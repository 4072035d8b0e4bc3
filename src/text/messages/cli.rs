//! The command line's words: messages, warnings and errors.

super::messages! {
    CLI_MESSAGES;
    ERROR = "错误：", "error:";
    WARNING = "警告：", "warning:";
    DRILL_NEEDS_TERMINAL = "drill 需要终端：请在终端里运行 `infraprep drill`（`infraprep stats` 和 `infraprep history export` 在哪里都能用）",
        "drill needs a terminal: run `infraprep drill` in one (`infraprep stats` and `infraprep history export` work anywhere)";
    APP_NEEDS_TERMINAL = "（交互界面需要终端；请在终端里运行 infraprep。）",
        "(The interactive app needs a terminal; run infraprep in one.)";
    CANNOT_START = "无法启动界面：{error}", "cannot start the interface: {error}";

    NO_CARD = "没有 id 或编号为 '{wanted}' 的卡片{hint}", "no card with id or number '{wanted}'{hint}";
    DID_YOU_MEAN = "；你是不是想找 {ids}？", "; did you mean {ids}?";
    NUMBERED = "；卡片编号从 {low} 到 {high}", "; cards are numbered {low} to {high}";
    LIST_SHOWS_ALL = "；`infraprep list` 列出所有卡片", "; `infraprep list` shows every card";
    CARDS_ABOUT = "；相关的卡片：{ids}", "; cards about it: {ids}";
    NO_CARDS_LOADED = "没有加载任何卡片", "no cards loaded";
    NO_TAG = "没有卡片带标签 '{tag}'；`infraprep list` 列出每张卡片的标签",
        "no card has the tag '{tag}'; `infraprep list` shows every card's tags";
    NO_TAG_DID_YOU_MEAN = "没有卡片带标签 '{tag}'；你是不是想找 {near}？",
        "no card has the tag '{tag}'; did you mean {near}?";

    SEARCH_NO_MATCH = "没有卡片匹配 '{text}'；换几个词或少写几个词，中英文都可以",
        "no card matches '{text}'; try fewer or other words, in English or Chinese";
    SEARCH_EMPTY = "搜索词是空的：请给出要找的词，例如 `infraprep search nvlink bandwidth` 或 `infraprep search 检查点 写入时间`",
        "the search query is empty: give words to look for, e.g. `infraprep search nvlink bandwidth` or `infraprep search 检查点 写入时间`";
    SEARCH_ONLY_COMMON = "'{text}' 只有搜索会忽略的常用词（如 `the`、`how`、`的`、`怎么`）：请加一个要找的词",
        "'{text}' holds only common words (such as `the`, `how`, `的`, `怎么`) that search ignores: add a word to look for";

    VALIDATE_OK = "ok：{n} 张卡片，没有问题", "ok: {n} cards, no problems";
    VALIDATE_PROBLEMS_ONE = "{n} 个问题，在 {files} 个文件中", "{n} problem in {files} file(s)";
    VALIDATE_PROBLEMS = "{n} 个问题，在 {files} 个文件中", "{n} problems in {files} file(s)";

    STATS_PROGRESS_IN = "进度文件：{path}", "Progress in {path}";
    STATS_REVIEWS_LABEL = "复习", "Reviews";
    STATS_REVIEWS_VALUE = "{reviews}（{drills} 次练习）", "{reviews} ({drills} drills)";
    STATS_SEEN_LABEL = "见过的卡片", "Cards seen";
    STATS_SEEN_VALUE = "{seen}/{cards}（{never} 张从未见过）", "{seen} of {cards} ({never} never seen)";
    STATS_DUE_LABEL = "今天到期", "Due today";
    STATS_RETENTION_LABEL = "记忆率", "Retention";
    STATS_RETENTION_VALUE = "首次之后的复习中 {percent}% 不是“重来”",
        "{percent}% of reviews after a card's first were not Again";
    STATS_TIME_LABEL = "作答时间", "Answer time";
    STATS_TIME_VALUE = "平均 {avg}，限时 {limit}；超时 {over} 次", "{avg} on average, limit {limit}; {over} over time";
    STATS_PER_DAY_HEADING = "每日复习", "Reviews per day";
    STATS_DUE_HEADING = "每日到期（今天含逾期）", "Due per day (today includes overdue)";
    STATS_TAG_HEADING = "各标签强度（当前记住的概率）", "Strength per tag (chance of recall now)";
    STATS_TAG_SEEN = "{seen}/{cards} 见过", "{seen}/{cards} seen";
    STATS_UNTOUCHED = "  {n} 个标签还没有见过的卡片（stats --json 会列出）",
        "  {n} tags with no card seen yet (stats --json lists them)";
    STATS_NO_REVIEWS = "还没有复习：`infraprep drill` 开始一场模拟面试。",
        "No reviews yet: `infraprep drill` starts a mock interview.";

    EXPORT_CANNOT_WRITE = "无法写入 {path}：{error}；用 -o 换一个文件", "cannot write {path}: {error}; choose another file with -o";
    EXPORT_WROTE = "已写入 {n} 张卡片到 {path}", "wrote {n} cards to {path}";

    GRADE_ANSWER_EITHER = "请用 --answer TEXT 或 --answer-file FILE（- 表示标准输入）给出答案",
        "give the answer with either --answer TEXT or --answer-file FILE (- for stdin)";
    GRADE_STDIN = "无法从标准输入读取答案：{error}", "cannot read the answer from stdin: {error}";
    GRADE_FILE_MISSING = "找不到答案文件 '{path}'；检查路径，或用 --answer 直接给出文本",
        "answer file '{path}' not found; check the path, or pass the text with --answer";
    GRADE_STDIN_NAME = "标准输入上的回答", "the answer on stdin";
    GRADE_TOO_LONG = "{what} 有 {size} 字节；回答最多按 {limit} 字节（64 KiB）评分：请缩短",
        "{what} is {size} bytes; an answer is graded up to {limit} bytes (64 KiB): shorten it";
    GRADE_FILE_TOO_LARGE = "答案文件 '{path}' 超过 {limit} 字节（64 KiB），这是评分的上限：请确认是你要的文件，或缩短它",
        "answer file '{path}' is larger than {limit} bytes (64 KiB), the most an answer is graded on: check it is the file you meant, or shorten it";
    GRADE_FILE_PROBLEM = "答案文件 '{path}' {problem}", "answer file '{path}' {problem}";
    GRADE_COVERED = "{title}：{covered}/{total} 个要点答到", "{title}: {covered} of {total} key points covered";
    GRADE_WORD_COVERED = "答到", "covered";
    GRADE_WORD_MISSED = "遗漏", "missed ";
    GRADE_MATCHED = "匹配：", "matched:";

    NUMBERS_DUE_NEEDS_DIR = "--due 需要进度文件：请给出 --data-dir", "--due needs the progress file: give --data-dir";
    NUMBERS_TOLERANCE = "--tolerance {value} 必须是 0 和 1 之间的小数，例如 0.15",
        "--tolerance {value} must be a fraction above 0 and below 1, e.g. 0.15";

    CALC_SPEC_EXPECTED = "规格 {spec}，预期 {expected}", "{spec} spec, {expected} expected";
    CALC_STEPS_HEADING = "步骤：", "steps:";
    LINKS_PER_DIRECTION = "所有带宽都是单向的；双向数字只列出，从不参与计算。",
        "All bandwidths are per direction; bidirectional figures are shown, never used.";
    LINKS_BIDIRECTIONAL = "，双向 {rate}", ", {rate} bidirectional";
    LINKS_FIGURES = "单向 {rate}{bidir}；延迟 {latency}；效率 {efficiency} → 预期 {expected}",
        "{rate} per direction{bidir}; latency {latency}; efficiency {efficiency} → expected {expected}";
    LINKS_BANDWIDTH = "带宽", "bandwidth";
    LINKS_LATENCY = "延迟", "latency";
    LINKS_EFFICIENCY = "效率", "efficiency";
    LINKS_NOTE = "备注", "note";

    HISTORY_TITLE = "# infraprep 历史", "# infraprep history";
    HISTORY_NONE = "还没有复习。", "No reviews yet.";
    HISTORY_GONE = "（卡片已不在卡组中）", "(card no longer in the deck)";
    HISTORY_GRADE = "评分 {n}（{grade}）", "grade {n} ({grade})";
    HISTORY_DRAFT = "草稿，从未提交", "draft, never submitted";
    HISTORY_UNGRADED = "尚未评分", "not graded yet";
    HISTORY_CARD = "卡片 `{id}`", "card `{id}`";
    HISTORY_TIME = "{used}/{limit}", "{used} of {limit}";
    HISTORY_POINTS = "要点 {covered}/{total}", "key points {covered}/{total}";
    HISTORY_FOLLOW_UP = "`{main}` 的追问", "follow-up of `{main}`";
    HISTORY_HINT = "用了提示", "hint used";
    HISTORY_NOTHING = "_（没有输入）_", "_(nothing typed)_";

    NUMBERS_ANSWERS = "答案", "Answers";
    NUMBERS_SEED = "种子 {seed}", "seed {seed}";
    LANG_BOTH_ONLY_EXPORTS = "--lang both 只能用于 `export anki` 和 `export markdown`；{command} 一次显示一种语言：请用 --lang zh 或 --lang en",
        "--lang both works only with `export anki` and `export markdown`; {command} shows one language at a time: use --lang zh or --lang en";
    THE_APP = "交互界面", "the interactive app";

    DIFFICULTY_CORE = "基础", "core";
    DIFFICULTY_INTERMEDIATE = "进阶", "intermediate";
    DIFFICULTY_ADVANCED = "高级", "advanced";

    PROGRESS_MOVED = "已把损坏的进度文件移到 {path}；从空进度开始", "moved the damaged progress file to {path}; starting with empty progress";
    PROGRESS_FINE = "{path}：进度文件完好（或不存在）；没有移动", "{path}: the progress file is fine (or absent); nothing was moved";

}
