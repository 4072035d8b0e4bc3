//! The TUI's words: the header, screen titles, labels and status lines.

super::messages! {
    SCREEN_MESSAGES;
    TOO_SMALL = "终端太小", "Terminal too small";
    TOO_SMALL_SIZE = "需要 {need}，当前 {have}", "need {need}, have {have}";
    TOO_SMALL_QUIT = "按 q 退出", "q quits";
    TAB_CARDS = "卡片", "Cards";
    TAB_CALCULATORS = "计算器", "Calculators";
    TAB_DRILL = "练习", "Drill";
    TAB_STATS = "统计", "Stats";
    CARD_COUNT = "{n} 张卡片", "{n} cards";
    HELP_TITLE = "按键", "Keys";

    // Search.
    SEARCH_FOUND = "找到 {n} 张", "{n} found";
    SEARCH_TYPE = "输入以搜索标题、要点、标签和正文（中英文皆可）",
        "type to search titles, key points, tags and text (either language)";
    SEARCH_NONE = "没有匹配的卡片：换个说法或少写几个词",
        "no card matches: try other words or fewer of them";

    // Reader.
    NOT_LOADED = "（未加载）", " (not loaded)";
    FOLLOW_UP_KEYS = "{down}/{up} 选择，{open} 打开，{back} 返回",
        "{down}/{up} to choose, {open} to open, {back} to go back";
    NO_SUCH_FOLLOW_UP = "已加载的卡组中没有卡片 '{id}'", "no card '{id}' in the loaded decks";

    // Calculators.
    CALC_FIX_FIELD = "请修正左侧标有 ✗ 的字段", "fix the field marked ✗ on the left";
    CALC_NO_RESULT = " 无结果 ", " no result ";
    CALC_SPEC = "规格", "spec";
    CALC_EXPECTED = "预期", "expected";
    CALC_STEPS = " 步骤 {position} ", " steps {position} ";
    /// The steps pane's title word, as tests look for it.
    CALC_STEPS_WORD = "步骤", "steps";
    CALC_NO_PRESET = "'{id}' 没有计算器预设；按 {key} 打开计算器",
        "'{id}' has no calculator preset; press {key} for the calculators";
    CALC_PRESET_ERROR = "'{id}' 的预设：{error}", "'{id}' preset: {error}";
    CALC_PRESET_OF = "预设 {n}/{count}；{back}，再按 {again} 看下一个",
        "preset {n} of {count}; {back}, then {again} again for the next";
    CALC_LINKS_NOT_LOADED = "你的 [[links]] 预设未加载：{error}",
        "your [[links]] presets were not loaded: {error}";
    CHART_SPEC = "{shown}（规格 {spec}）", "{shown} (spec {spec})";
    CHART_YOUR_SIZE = "• 你的规模", "• your size";

    // Drill setup.
    DRILL_TITLE = "模拟面试", "Mock interview";
    DRILL_INTRO = "一道题、一个计时器、面试官会追问的问题，然后是参考答案、你答到的要点，以及你自己的评分 (1-4)。",
        "A question, a clock, the follow-ups an interviewer would push, then the reference \
         answer, the key points you covered, and your own grade (1-4).";
    DRILL_ROW_MODE = "模式", "mode";
    DRILL_ROW_QUESTIONS = "题数", "questions";
    DRILL_ROW_MINUTES = "每题分钟数", "minutes per answer";
    DRILL_ROW_TAG = "标签", "tag";
    DRILL_ROW_CARDS = "卡片", "cards";
    DRILL_MODE_INTERVIEW = "面试（最后反馈）", "interview (feedback at the end)";
    DRILL_NUMBERS_WORD = "数字题", "numbers";
    DRILL_MODE_NUMBERS = "数字题（估算，按数值和单位评分）", "numbers (estimates, graded with units)";
    DRILL_ROW_MIX = "穿插数字题", "numbers mixed in";
    DRILL_MIX_NEVER = "不穿插", "never";
    DRILL_MIX_SHARE = "{percent}% 的卡片之后", "after {percent}% of cards";
    DRILL_MODE_PRACTICE = "自由练习（每题反馈）", "practice (feedback after each answer)";
    DRILL_PICK_DUE_FIRST = "先到期的卡片，再任意", "due cards first, then any";
    DRILL_PICK_DUE_ONLY = "只要到期的卡片", "due cards only";
    DRILL_PICK_ANY = "任意卡片，随机", "any cards, at random";
    DRILL_ANY_TAG = "任意", "any";
    DRILL_START = " 开始   ", " start   ";
    DRILL_PRACTICE = " 自由练习   ", " practice   ";
    DRILL_ON_A_CARD = " 在卡片上（第 1 页）：该卡片及其追问，使用此模式和时间",
        " on a card (screen 1): that card and its follow-ups, with this mode and time";

    // Drill question.
    DRILL_INTERVIEW = "面试", "interview";
    DRILL_PRACTICE_MODE = "自由练习", "practice";
    DRILL_FOLLOW_UP_OF = " · {parent} 的追问", " · follow-up of {parent}";
    DRILL_FOLLOW_UP = " · 追问", " · follow-up";
    DRILL_QUESTION_OF = " 第 {n}/{total} 题{chain} · {mode} ", " question {n} of {total}{chain} · {mode} ";
    DRILL_PAUSED = "已暂停", "paused";
    DRILL_TOOK = "用时 {took} / {limit}", "took {took} of {limit}";
    DRILL_HINT = "提示：{point}", "hint: {point}";
    DRILL_BOX_TYPING = " 你的回答（{key} 离开输入框） ", " your answer ({key} leaves the box) ";
    DRILL_BOX_IDLE = " 你的回答（{type} 输入，{reveal} 揭示） ", " your answer ({type} to type, {reveal} to reveal) ";
    DRILL_PLACEHOLDER = "输入你的回答，或者口头回答。{leave} 离开输入框，{reveal} 揭示答案。",
        "Type your answer, or answer aloud. {leave} leaves the box, {reveal} reveals.";

    // Drill review and summary.
    REVIEW_MORE = "↓ 更多 · ", "↓ more · ";
    REVIEW_END = "末尾 · ", "end · ";
    REVIEW_ROWS = "{more}第 {first}-{last}/{total} 行 · {down} {up} PgUp/PgDn g/G 滚动",
        "{more}rows {first}-{last} of {total} · {down} {up} PgUp/PgDn g/G scroll";
    POINT_COVERED = "✓ 答到：", "✓ covered: ";
    POINT_HINTED = "◐ 提示：", "◐ hint: ";
    POINT_MISSED = "✗ 遗漏：", "✗ missed: ";
    REVIEW_POINTS = "要点 {count}/{total} 答到 · ", "key points {count}/{total} covered · ";
    REVIEW_GRADED = "评分：{grade}", "graded {grade}";
    REVIEW_NEXT = "  {key} 下一题", "  {key} next";
    REVIEW_GRADE = "评分：", "grade: ";
    REVIEW_GRADES = "1 重来  2 困难  3 良好  4 简单", "1 again  2 hard  3 good  4 easy";
    REVIEW_NOTHING_TYPED = "（未输入）", "(nothing typed)";
    REVIEW_REFERENCE = "参考答案（面试这样说）", "reference answer (how to say it)";
    REVIEW_YOUR_ANSWER = "你的回答", "your answer";
    GRADE_AGAIN = "重来", "again";
    GRADE_HARD = "困难", "hard";
    GRADE_GOOD = "良好", "good";
    GRADE_EASY = "简单", "easy";
    SUMMARY_TITLE = "练习总结", "Drill summary";
    SUMMARY_QUESTIONS_ONE = "{n} 道题", "{n} question";
    SUMMARY_QUESTIONS = "{n} 道题", "{n} questions";
    SUMMARY_LINE = "{questions} · 已评分 {graded} · 跳过 {skipped} · 用时 {took} / {limit} · 要点 {covered}/{total}",
        "{questions} · {graded} graded · {skipped} skipped · time {took} of {limit} · key points {covered}/{total}";
    SUMMARY_SKIPPED = "已跳过", "skipped";
    SUMMARY_NOT_GRADED = "未评分", "not graded";
    SUMMARY_WEAKEST = "最弱的标签：{tags}", "weakest tags: {tags}";
    SUMMARY_MISSING = "你总是遗漏的要点", "points you keep missing";
    SUMMARY_MISSED_POINT = "✗ {point}（{answers} 次中遗漏 {missed} 次，卡片 {card}）",
        "✗ {point} (missed {missed} of {answers}, card {card})";
    SUMMARY_SAVED_ONE = "{n} 个评分已存入进度 · {key} 离开", "{n} graded answer saved to your progress · {key} to leave";
    SUMMARY_SAVED = "{n} 个评分已存入进度 · {key} 离开", "{n} graded answers saved to your progress · {key} to leave";

    // Drill status lines.
    DRILL_NO_CARD = "没有可练习的卡片 '{id}'", "no card '{id}' to drill";
    DRILL_NO_TAG = "没有卡片带标签 '{tag}'", "no card has the tag '{tag}'";
    DRILL_NOTHING_DUE = "没有到期的卡片：每张都安排在以后", "nothing is due: every card is scheduled later";
    DRILL_EMPTY_DECK = "卡组是空的", "the deck is empty";
    DRILL_NOT_SAVED_YET = "尚未保存（会在下次保存时写入）：{error}", "not saved yet (kept for the next save): {error}";
    DRILL_NOT_SAVED = "未保存：{reason}", "not saved: {reason}";
    DRILL_SUMMARY_NOT_SAVED = "练习总结未保存：{error}", "the drill summary was not saved: {error}";
    DRILL_THIS_NOT_SAVED = "本次练习未保存：{reason}", "this drill was not saved: {reason}";
    DRILL_NO_DATA_DIR = "没有数据目录：请传入 --data-dir", "no data directory: pass --data-dir";
    DRILL_PROGRESS_AT = "进度：{path}", "progress: {path}";
    DRILL_PROGRESS_OFF = "进度未保存：{reason}", "progress is not being saved: {reason}";
    DRILL_TIME_UP = "时间到：你的回答已提交", "time is up: your answer was submitted";
    DRILL_DRAFT_BACK = "你在 {at} 留下的草稿已放回答案框", "the draft you left on {at} is back in the answer box";
    DRILL_NO_MORE_HINTS = "没有更多要点可揭示", "no more key points to reveal";
    DRILL_ONLY_FOLLOW_UPS = "只有追问可以跳过", "only follow-up questions can be skipped";
    DRILL_HOW_TO_END = "{end} 结束练习（{then}）；结束后 {back} 离开", "{end} ends the drill ({then}); {back} leaves it once it is over";
    DRILL_THEN_REVIEW = "接着回顾你的回答", "the review of your answers follows";
    DRILL_THEN_SUMMARY = "接着显示总结", "its summary follows";
    NUMBERS_NONE_ON_CARD = "卡片 '{id}' 没有数字题模板：`infraprep numbers` 会列出有模板的卡片",
        "card '{id}' has no number templates: `infraprep numbers` lists the cards that do";
    NUMBERS_NONE_WITH_TAG = "标签为 '{tag}' 的卡片都没有数字题模板",
        "no card with the tag '{tag}' has number templates";
    NUMBERS_NONE = "没有卡片带数字题模板", "no card has number templates";
    LANG_NOT_REMEMBERED = "无法记住语言：{error}", "could not remember the language: {error}";

    // Stats.
    STATS_TITLE = "进度", "Progress";
    STATS_TAGS = "各已练标签的强度（当前记住的概率），顺序同 `infraprep stats`",
        "strength per drilled tag (chance of recall now), as `infraprep stats` lists them";
    STATS_PER_DAY = "每日复习，今天在前", "reviews per day, today first";
    STATS_DUE = "未来 14 天到期", "due in the next 14 days";
    STATS_SECTIONS = "第 {first}-{last}/{count} 节（复习、预测、标签、数字题） · {down} {up} g/G 滚动",
        "sections {first}-{last} of {count} (reviews, forecast, tags, numbers) · {down} {up} g/G scroll";
    STATS_OF = "{took} / {limit}", "{took} of {limit}";
    STATS_REVIEWS_ONE = "{n} 次复习", "{n} review";
    STATS_REVIEWS = "{n} 次复习", "{n} reviews";
    STATS_TOTALS = "{reviews} · 见过 {seen}/{cards} 张卡片（{never} 张从未） · 今天到期 {due} · 记忆率 {retention} · 平均作答 {time}",
        "{reviews} · {seen} of {cards} cards seen ({never} never) · {due} due today · retention {retention} · average answer {time}";
}
