//! Problems in card files, in both languages. The English of each is the exact sentence the
//! content checks write, with the values as `{placeholders}`: the front end recognises a
//! problem's message by it, takes the values back out and fills the Chinese. A message no
//! template matches is shown as written.

super::messages! {
    PROBLEM_MESSAGES;
    PROBLEM_SKIPPED = "（已跳过这张卡片）", " (card skipped)";
    PROBLEM_BOTH_LANGUAGES = "卡片需要两种语言", "a card needs both languages";
    PROBLEM_UNKNOWN_CITATION = "引用 '[^{key}]' 没有对应的来源：请加一个 key = \"{key}\" 的 [[sources]] 条目",
        "citation '[^{key}]' names no source: add a [[sources]] entry with key = \"{key}\"";
    PROBLEM_UNCITED = "来源 '{key}' 从未被引用：请在它支持的数字后写 [^{key}]，或删掉它",
        "source '{key}' is never cited: put [^{key}] after the figure it supports, or remove it";
    PROBLEM_FOLLOW_UPS_DIFFER = "两种语言的追问不一致：zh 列出 [{zh}]，en 列出 [{en}]",
        "follow-ups differ between languages: zh lists [{zh}], en lists [{en}]";
    PROBLEM_SELF_FOLLOW_UP = "追问 '{id}' 指向卡片自己", "follow-up '{id}' points at the card itself";
    PROBLEM_NO_QUESTION = "指向 '{id}' 的追问没有问题文本", "follow-up link to '{id}' has no question text";
    PROBLEM_LANGUAGE_TWICE = "语言 '{lang}' 出现了两次", "language '{lang}' appears twice";
    PROBLEM_SECTION_OUTSIDE = "节标题 '{text}' 不在语言标题之下", "section heading '{text}' is not inside a language heading";
    PROBLEM_SECTION_TWICE = "节 '{section}' 在 '{lang}' 中出现了两次", "section '{section}' appears twice in '{lang}'";
    PROBLEM_MISSING_LANGUAGE = "缺少语言 '{lang}'：请加一个 '# ... {#{lang}}' 标题及其四节",
        "missing language '{lang}': add a '# ... {#{lang}}' heading with its four sections";
    PROBLEM_MISSING_SECTION = "'{lang}' 中缺少节 '{section}'：请加一个 '## ... {#{section}}' 标题",
        "missing section '{section}' in '{lang}': add a '## ... {#{section}}' heading";
    PROBLEM_FRONT_MATTER_KEY = "前置元数据：未知的键 {key}；可用的键：{keys}",
        "front matter: unknown field {key}, expected one of {keys}";
    PROBLEM_FRONT_MATTER = "前置元数据有误（TOML）：{detail}", "front matter: {detail}";
    PROBLEM_SLUG = "id '{id}' 必须是 slug：小写字母、数字和单个 '-'",
        "id '{id}' must be a slug: lower-case letters, digits and single '-'";
    PROBLEM_NUMBER_POSITIVE = "number 必须是 1 或更大", "number must be 1 or more";
    PROBLEM_TITLE_EMPTY = "title.{lang} 是空的", "title.{lang} is empty";
    PROBLEM_TAG_WORD = "标签 '{tag}' 必须是一个不含空格的词", "tag '{tag}' must be one word without spaces";
    PROBLEM_NO_KEY_POINTS = "'{lang}' 中缺少要点：请加 [[key-points.{lang}]] 条目",
        "missing key points in '{lang}': add [[key-points.{lang}]] entries";
    PROBLEM_EMPTY_POINT = "'{lang}' 中的要点 {n} 的 'point' 是空的", "key point {n} in '{lang}' has an empty 'point'";
    PROBLEM_TEMPLATE_TWICE = "数字模板 id '{id}' 在这张卡片中用了两次", "number template id '{id}' is used twice in this card";
    PROBLEM_FIGURE_PAIR = "数字核对需要同时有 'expr' 和 'expect'", "a figure needs both 'expr' and 'expect'";
    PROBLEM_MISSING_SOURCES = "缺少来源：每个数字都要引用一个 [[sources]] 条目（key、title、url 或 document）",
        "missing sources: every figure cites a [[sources]] entry (key, title, url or document)";
    PROBLEM_SOURCE_KEY_WORD = "来源 key '{key}' 必须是一个词", "source key '{key}' must be one word";
    PROBLEM_SOURCE_KEY_TWICE = "来源 key '{key}' 用了两次", "source key '{key}' is used twice";
    PROBLEM_SOURCE_NO_TITLE = "来源 '{key}' 的标题是空的", "source '{key}' has an empty title";
    PROBLEM_SOURCE_NO_PLACE = "来源 '{key}' 需要 'url' 或 'document'", "source '{key}' needs a 'url' or a 'document'";
    PROBLEM_SOURCE_URL = "来源 '{key}' 的 url 是 '{url}'：它必须以 https:// 开头",
        "source '{key}' has url '{url}': it must start with https://";
    PROBLEM_DUPLICATE_ID = "重复的 id '{id}'：{place} 已经用了它；id 在所有卡组中必须唯一",
        "duplicate id '{id}': {place} already uses it; ids are unique across decks";
    PROBLEM_UNKNOWN_CARD_NEAR = "链接到不存在的卡片 '{id}'（你是不是想用 '{near}'？）",
        "link to unknown card '{id}' (did you mean '{near}'?)";
    PROBLEM_UNKNOWN_CARD = "链接到不存在的卡片 '{id}'", "link to unknown card '{id}'";
    PROBLEM_NUMBER_TAKEN = "编号 {number} 也被 '{id}'（{path}）用了", "number {number} is also used by '{id}' ({path})";
    PROBLEM_PRESET = "计算器预设：{detail}", "calculator preset: {detail}";
    PROBLEM_CALC_PRESET = "'{calc}' 计算器预设：{detail}", "'{calc}' calculator preset: {detail}";
    PROBLEM_LEVEL1 = "一级标题 '{text}' 必须指明语言：以 {#zh} 或 {#en} 结尾",
        "level-1 heading '{text}' must name a language: end it with {#zh} or {#en}";
    PROBLEM_LEVEL2 = "二级标题 '{text}' 必须指明一节：以 {#short}、{#detail}、{#interview} 或 {#followups} 结尾（其他标题用 ###）",
        "level-2 heading '{text}' must name a section: end it with {#short}, {#detail}, {#interview} or {#followups} (use ### for other headings)";
    PROBLEM_FOLLOW_UP_LINK = "追问 '{text}' 必须链接到一张卡片：写成 (card:ID)",
        "follow-up '{text}' must link to a card: use (card:ID)";
    PROBLEM_POINT_NO_TERM = "'{lang}' 中的要点 {n}（'{point}'）至少需要一个非空且不是可选（'?'）的术语",
        "key point {n} in '{lang}' ('{point}') needs at least one non-empty term that is not optional ('?')";
    PROBLEM_POINT_TERM_NO_SPELLING = "'{lang}' 中的要点 {n}：术语 '{term}' 没有任何写法",
        "key point {n} in '{lang}': term '{term}' has no spelling";
    PROBLEM_POINT_TERM_ZERO = "'{lang}' 中的要点 {n}：术语 '{term}' 的 '0 of:' 什么也没要求；请写 1 或更多",
        "key point {n} in '{lang}': term '{term}' '0 of:' asks for nothing; write 1 or more";
    PROBLEM_POINT_TERM_TOO_MANY = "'{lang}' 中的要点 {n}：术语 '{term}' 要求 {k} 个写法中的 {want} 个以上；请多列几个或降低数目",
        "key point {n} in '{lang}': term '{term}' asks for {want} of {k} spellings; list more or lower the number";
    PROBLEM_POINTS_PAIR = "要点按位置成对，但 zh 有 {zh} 个、en 有 {en} 个：两种语言要给出相同顺序的相同要点",
        "key points come in pairs by position, but zh has {zh} and en has {en}: give both languages the same points in the same order";
    PROBLEM_PROBE_POINT = "probes.{id}：要点 {index} 不存在；位置从 0 数起，这张卡片有 {points} 个",
        "probes.{id}: key point {index} does not exist; positions count from 0 and this card has {points}";
    PROBLEM_PROBE_FOLLOW_UP = "probes 列出的 '{id}' 不是这张卡片的追问：请用 [{ids}] 之一",
        "probes names '{id}', which is not a follow-up of this card: use one of [{ids}]";
    PROBLEM_EMPTY_FILE = "空的卡片文件：需要用 '+++' 行包住的前置元数据和正文",
        "empty card file: it needs front matter between '+++' lines and a body";
    PROBLEM_FRONT_MATTER_OPEN = "前置元数据没有结束：在它后面加一行 '+++'",
        "front matter is not closed: add a line '+++' after it";
    PROBLEM_NUMBER_TEMPLATE = "数字模板有误（TOML）：{detail}", "number template: {detail}";
    PROBLEM_GLOSSARY = "术语表有误（TOML）：{detail}", "glossary: {detail}";
    PROBLEM_BROKEN_LINK = "符号链接已损坏：{detail}", "broken symlink: {detail}";
    PROBLEM_DIR_ENTRY = "目录中有一项无法读取：{detail}", "an entry of this directory cannot be read: {detail}";
    PROBLEM_DIR_UNREADABLE_CARDS = "无法读取目录：{detail}（其中的卡片已跳过）",
        "cannot read the directory: {detail} (its cards are skipped)";
    PROBLEM_DIR_UNREADABLE = "无法读取目录：{detail}", "cannot read the directory: {detail}";
    PROBLEM_ENTRY_UNREADABLE = "无法读取这一项：{detail}", "cannot read this entry: {detail}";
    PROBLEM_PRESET_FIELD = "'{key}' 不是 {calc} 计算器的字段；它的字段有：{fields}",
        "'{key}' is not a field of the {calc} calculator; its fields are: {fields}";
    PROBLEM_TEMPLATE_NAMED = "数字模板 '{id}'：{detail}", "number template '{id}': {detail}";
    PROBLEM_NOT_LINK = "'{placeholder}'：'{value}' 不是链路 id", "'{placeholder}': '{value}' is not a link id";
}
