//! The command line's help in Chinese: each English text is clap's (the doc comment or
//! `help`/`about`/`after_help` it is built from), matched by that text when the help is shown
//! in Chinese. Example blocks are translated line by line: the command lines stay, their
//! comments and the `Examples:` heading are translated. A test checks that every help text of
//! the command line has its Chinese, here or (calculator fields and abouts) in the registry.

super::messages! {
    HELP_MESSAGES;
    // Headings and clap's own texts.
    HELP_EXAMPLES = "示例：", "Examples:";
    HELP_EXAMPLE = "示例：", "Example:";
    HELP_PRINT_HELP_SHORT = "显示帮助（--help 显示更多）", "Print help (see more with '--help')";
    HELP_PRINT_HELP_LONG = "显示帮助（-h 显示摘要）", "Print help (see a summary with '-h')";
    HELP_PRINT_HELP = "显示帮助", "Print help";
    HELP_PRINT_VERSION = "显示版本", "Print version";
    HELP_HELP_SUBCOMMAND = "显示本帮助或给定子命令的帮助", "Print this message or the help of the given subcommand(s)";
    HELP_HELP_FOR = "显示子命令的帮助", "Print help for the subcommand(s)";

    // infraprep
    HELP_ABOUT = "为 LLM 训练基础设施面试学习、计算和练习：NVLink、NVSwitch、PCIe、InfiniBand、RoCE、NCCL 集合通信、并行、检查点、故障。",
        "Study, calculate and drill for interviews on LLM-training infrastructure: NVLink, NVSwitch, PCIe, InfiniBand, RoCE, NCCL collectives, parallelism, checkpoints, failures.";
    HELP_LANG = "内容语言：zh 或 en（默认：配置文件，然后 `LANG`/`LC_ALL`，然后 en）；`export anki` 和 `export markdown` 可用 `both`",
        "Content language: zh or en (default: the config file, then `LANG`/`LC_ALL`, then en); `both` for `export anki` and `export markdown`";
    HELP_DECK = "把 DIR 中的卡片加到内置卡组（可重复）", "Add the cards in DIR to the bundled deck (repeatable)";
    HELP_CONFIG = "从 FILE 读取设置，而不是默认的配置文件", "Read settings from FILE instead of the default config file";
    HELP_DATA_DIR = "练习进度保存在 DIR（默认：配置文件的 data-dir，然后 ~/.local/share/infraprep）",
        "Keep drill progress in DIR (default: the config file's data-dir, then ~/.local/share/infraprep)";
    HELP_SET_ASIDE = "把损坏的进度文件移开（加时间戳改名，从不删除），从空进度开始",
        "Move a damaged progress file aside (renamed with a timestamp, never deleted) and start with empty progress";
    HELP_COLOR = "何时使用颜色和粗体", "When to use colours and bold text";
    HELP_COLOR_AUTO = "在终端上使用颜色，除非设置了 `NO_COLOR`", "Colours on a terminal, unless `NO_COLOR` is set";
    HELP_EX_LIST_TAG = "  infraprep list --tag nvlink            带 nvlink 标签的卡片",
        "  infraprep list --tag nvlink            cards tagged nvlink";
    HELP_EX_SHOW_12 = "  infraprep show 12                      编号 12 的卡片，用你的语言",
        "  infraprep show 12                      the card numbered 12, in your language";
    HELP_EX_SEARCH = "  infraprep search \"nvl ib\"              模糊搜索；每个词都要匹配",
        "  infraprep search \"nvl ib\"              fuzzy search; every word must match";
    HELP_EX_VALIDATE = "  infraprep validate ~/my-deck           检查你自己的卡片",
        "  infraprep validate ~/my-deck           check your own cards";
    HELP_EX_CALC = "  infraprep calc \"10 GiB / nvlink3\"       快速的带宽算术",
        "  infraprep calc \"10 GiB / nvlink3\"       quick bandwidth arithmetic";
    HELP_EX_DECK = "  infraprep --deck ~/my-deck list        把你自己的卡片加到内置卡组",
        "  infraprep --deck ~/my-deck list        add your own cards to the bundled deck";
    HELP_EX_DRILL = "  infraprep drill --card 12              关于卡片 12 及其追问的模拟面试",
        "  infraprep drill --card 12              a mock interview on card 12 and its follow-ups";
    HELP_EX_STATS = "  infraprep stats                        复习、记忆率和到期安排",
        "  infraprep stats                        reviews, retention and what falls due";

    // Subcommands.
    HELP_LIST = "按课程顺序列出卡片", "List the cards, in curriculum order";
    HELP_SHOW = "显示一张卡片，或其中一节", "Show one card, or one section of it";
    HELP_SEARCH = "用两种语言搜索标题、要点、标签和各节，每张卡片附一段摘录",
        "Search titles, key points, tags and sections in both languages, with a snippet per card";
    HELP_SEARCH_AFTER = "像问同事一样提问，中英文皆可：大部分词需要匹配，\n同义词和缩写都算（`检查点` = checkpoint，`TP` = `张量并行`），允许一个拼写错误。",
        "Ask as you would a colleague, in English or Chinese: most of the words must match, \nsynonyms and abbreviations count (`检查点` = checkpoint, `TP` = `张量并行`), one typo is forgiven.";
    HELP_VALIDATE = "检查卡组中的问题；每个问题打印为 `path:line: message`，有问题时退出码为 1",
        "Check decks for problems; prints `path:line: message` for each and exits 1 if any";
    HELP_VALIDATE_AFTER = "不给 DIR 时检查内置卡组。DIR 中的卡片可以链接到内置卡片。\n计算器预设和卡片中写出的数字会用计算器核对。",
        "With no DIR, checks the bundled deck. Cards in DIRs may link to bundled cards.\nCalculator presets and stated figures are checked against the calculators.";
    HELP_CALC = "带单位的算术，以及各个计算器（`infraprep calc --help` 列出它们）",
        "Unit-aware arithmetic, and the calculators (`infraprep calc --help` lists them)";
    HELP_CALC_CONVENTIONS = "约定：所有带宽都是单向的；GB = 1e9 B，GiB = 2^30 B，Gb = 1e9 bit。",
        "Conventions: every bandwidth is per direction; GB = 1e9 B, GiB = 2^30 B, Gb = 1e9 bit.";
    HELP_CALC_EXPRESSION = "带单位的表达式；链路 id 代表它的单向带宽",
        "A unit-aware expression; link ids stand for their per-direction bandwidth";
    HELP_LINKS = "列出链路预设（单向带宽、延迟、效率）及其来源",
        "List the link presets (per-direction bandwidth, latency, efficiency) with their sources";
    HELP_LINKS_ID = "只显示这个预设", "Show only this preset";
    HELP_DRILL = "限时模拟面试：问题及追问、计时、提示、自评",
        "A timed mock interview: questions with their follow-ups, a clock, hints, self-grades";
    HELP_DRILL_AFTER = "需要终端。每次评分后都会保存进度。", "Needs a terminal. Progress is saved after every graded answer.";
    HELP_STATS = "你的进度：每日复习、记忆率、到期安排、各标签强度",
        "Your progress: reviews per day, retention, what falls due, strength per tag";
    HELP_HISTORY = "每个评过分的回答，以及你输入的内容", "Every graded answer, with what you typed";
    HELP_HISTORY_EXPORT = "打印每次复习：卡片、时间、评分、用时和你输入的回答",
        "Print every review: card, time, grade, seconds and your typed answer";
    HELP_GRADE = "一个回答答到了卡片的哪些要点，中英文皆可", "Which key points of a card an answer covers, in either language";
    HELP_GRADE_AFTER = "回答可以是英文、中文或混合；数字按数值计算（3.6 Tb/s = 450 GB/s）。",
        "The answer may be in English, Chinese or a mix; figures count by value (3.6 Tb/s = 450 GB/s).";
    HELP_NUMBERS = "来自卡片的估算题，由计算器给出答案，按数值和单位评分",
        "Back-of-envelope number questions from the cards, answered by the calculators and graded with units";
    HELP_EXPORT = "导出卡组或一个标签：Anki 文本导入格式，或一个 markdown 文档",
        "Export the deck or a tag: Anki's text import, or one markdown document";
    HELP_COMPLETIONS = "打印 shell 补全脚本（包括卡片 id、标签和链路 id）",
        "Print a shell completion script (card ids, tags and link ids included)";
    HELP_MAN = "打印 man 手册（roff）：`infraprep man | man -l -`", "Print the man page (roff): `infraprep man | man -l -`";

    // Arguments.
    HELP_CARD = "卡片的 id 或编号", "The card's id or number";
    HELP_ANSWER = "回答的文本", "The answer text";
    HELP_ANSWER_FILE = "从 FILE 读取回答（`-` 表示标准输入；最多 64 KiB）", "Read the answer from FILE (`-` for stdin; at most 64 KiB)";
    HELP_GRADE_JSON = "打印 JSON：{\"card\", \"covered\", \"total\", \"points\": [{\"index\", \"covered\", \"zh\", \"en\", \"matched\"}]}",
        "Print JSON: {\"card\", \"covered\", \"total\", \"points\": [{\"index\", \"covered\", \"zh\", \"en\", \"matched\"}]}";
    HELP_COUNT = "题目数，含追问（默认 5；用 --card 时是它的整条追问链）",
        "Number of questions, follow-ups included (default 5; with --card, its whole chain)";
    HELP_MINUTES = "每个回答的分钟数", "Minutes per answer";
    HELP_MAIN_TAG = "只练带这个标签的主问题", "Only main questions with this tag";
    HELP_DUE = "练习到期的卡片，逾期最久的在前", "Drill the cards that are due, most overdue first";
    HELP_DRILL_CARD = "这张卡片（id 或编号）及其追问", "This card (id or number) and its follow-ups";
    HELP_MODE = "interview：结束时给反馈；practice：每个回答后给反馈",
        "interview: feedback at the end; practice: feedback after each answer";
    HELP_EXAM_DATE = "安排到期队列，使每张卡片在这一天之前复习到（YYYY-MM-DD；默认：配置文件的 exam-date）",
        "Plan the due queue so every card is reviewed before this day (YYYY-MM-DD; default: the config file's exam-date)";
    HELP_DRILL_NUMBERS = "数字练习：来自卡片模板的估算题（到期的在前），每个回答后按数值和单位评分；--card 和 --tag 可缩小范围",
        "A numbers drill: back-of-envelope questions from the cards' templates (due ones first), graded by value and unit after each answer; --card and --tag narrow it";
    HELP_JSON_TEXT = "打印 JSON 而不是文本", "Print JSON instead of text";
    HELP_JSON_TABLE = "打印 JSON 而不是表格", "Print JSON instead of a table";
    HELP_FORMAT_MD = "Markdown，每次复习一节", "Markdown, one section per review";
    HELP_FORMAT_JSON = "复习的 JSON 数组", "A JSON array of reviews";
    HELP_TAG = "只看带这个标签的卡片", "Only cards with this tag";
    HELP_SECTION = "只显示这一节", "Only this section";
    HELP_QUERY = "要找的词；大部分需要匹配", "Words to look for; most must match";
    HELP_LIMIT = "最多这么多条结果", "At most this many results";
    HELP_DIRS = "要检查的卡组目录（默认：内置卡组）", "Deck directories to check (default: the bundled deck)";
    HELP_SHELL = "要生成补全脚本的 shell", "The shell to write a completion script for";

    // export
    HELP_EXPORT_ANKI = "Anki 一步导入的制表符分隔文件（文件 > 导入）：卡片为 Basic 笔记，每道数字题的几个变体为 Cloze 笔记。重新导入较新的导出会更新笔记（GUID 不变），不会重复。",
        "A tab-separated file Anki imports in one step (File > Import): Basic notes for the cards, Cloze notes for a few variants of each number question. Re-importing a newer export updates the notes (stable GUIDs) instead of duplicating them";
    HELP_EXPORT_MARKDOWN = "一个 markdown 文档：按课程顺序排列的卡片，附目录，追问是文档内链接，并附每张卡片的来源",
        "One markdown document, cards in curriculum order, with a contents list, follow-ups as links inside the document and each card's sources";
    HELP_EXPORT_BOTH = "导出两种语言，同 `--lang both`（默认：`--lang` 选的那一种）",
        "Export both languages, like `--lang both` (default: the one `--lang` picks)";
    HELP_OUTPUT = "写入 FILE 而不是标准输出", "Write to FILE instead of standard output";

    // numbers
    HELP_NUMBERS_CARD = "只用这张卡片的模板（id 或编号）", "Only this card's templates (id or number)";
    HELP_NUMBERS_COUNT = "题目数", "How many questions";
    HELP_SEED = "同样的种子给出同样的题目（默认：时钟；文本输出会打印它）",
        "The same seed gives the same questions (default: the clock; the text output prints it)";
    HELP_NUMBERS_DUE = "先问到期的模板（基于以前回答的间隔重复）", "Ask due templates first (spaced repetition over earlier answers)";
    HELP_ASK = "在标准输入上逐题提问并给输入的回答评分（记入进度文件）",
        "Ask each question on stdin and grade the typed answer (recorded in the progress file)";
    HELP_NUMBERS_GRADE = "按单位给一个输入的回答对照预期数字评分", "Grade one typed answer against an expected figure, with units";
    HELP_NUMBERS_STATS = "各计算器的数字准确率，以及最近七天最常见的失误",
        "Number accuracy per calculator and the slips made most in the last seven days";
    HELP_EXPECTED = "带单位的正确答案，例如 \"0.4295 s\"", "The right answer with its unit, e.g. \"0.4295 s\"";
    HELP_TYPED = "输入的回答，例如 \"430 ms\"、\"3.4 Tb/s\"、\"430毫秒\"", "The typed answer, e.g. \"430 ms\", \"3.4 Tb/s\", \"430毫秒\"";
    HELP_TOLERANCE = "仍算接近的相对误差", "Relative error still graded close";
    HELP_EX_NUMBERS = "  infraprep numbers                          五道题及其答案",
        "  infraprep numbers                          five questions with their answers";
    HELP_EX_NUMBERS_ASK = "  infraprep numbers --ask --count 5          用键盘作答；按单位评分",
        "  infraprep numbers --ask --count 5          answer on the keyboard; graded with units";
    HELP_NUMBERS_GRADING = "回答按数值和单位评分：5% 以内为精确，题目容差以内为接近\n（除非卡片另有规定，容差为 15%），并指出典型失误：x2（单向与双向），\nx8（bit 与 byte），x1.074（GiB 与 GB），x10，x1000，单位错误。",
        "Answers are graded by value with their unit: exact within 5%, close within the question's\ntolerance (15% unless the card says otherwise), and the classic slips are named: x2 (per\ndirection vs bidirectional), x8 (bits vs bytes), x1.074 (GiB vs GB), x10, x1000, a wrong unit.";

    // The calculators' notes under their examples.
    HELP_CALC_COLLECTIVE_NOTE = "SIZE 即 nccl-tests 的 size 列：allreduce/broadcast/reduce 是一个 rank 的缓冲区，\nallgather/reducescatter/alltoall 是整个缓冲区（n x chunk）。--inter-bw 按每块网卡计。",
        "SIZE is nccl-tests' size column: one rank's buffer for allreduce/broadcast/reduce, the total\nbuffer (n x chunk) for allgather/reducescatter/alltoall. --inter-bw is per NIC.";
    HELP_CALC_FABRIC_NOTE = "leaf 交换机把 d = floor(R·o/(o+1)) 个端口给节点，u = ceil(d/o) 个给 spine；最多 R 个 leaf 时为两层。",
        "Leaves give d = floor(R·o/(o+1)) ports to nodes and u = ceil(d/o) to spines; two tiers up to R leaves.";
    HELP_CALC_LAYOUT_NOTE = "rank 按 [TP, CP, PP, DP] 排列，TP 变化最快；TP 组必须放得进 NVLink 域（--gpus-per-node）。",
        "Ranks in the order [TP, CP, PP, DP], TP fastest; TP must fit the NVLink domain (--gpus-per-node).";
    HELP_CALC_MEMORY_NOTE = "只算模型状态（2Ψ 权重 + 2Ψ 梯度 + KΨ 优化器状态）；激活另计。",
        "Model state only (2Ψ weights + 2Ψ gradients + KΨ optimizer); activations come on top.";
    HELP_CALC_MFU_NOTE = "峰值按稠密算力：a100-bf16 (312e12)、h100-bf16 (989e12)；按 2:4 稀疏的峰值算，MFU 会减半。",
        "Peaks are dense: a100-bf16 (312e12), h100-bf16 (989e12); the 2:4-sparsity figures halve MFU.";
    HELP_CALC_OVERLAP_NOTE = "每个窗口的通信藏在下一个窗口的计算之下；最后一个（尾部）藏不住。",
        "Each window's communication runs under the next window's compute; the last one (the tail) cannot.";
    HELP_CALC_PIPELINE_NOTE = "bubble：占理想计算时间的 (p-1)/m，占整步的 (p-1)/(m+p-1)；交错调度再除以 v。",
        "Bubble: (p-1)/m of the ideal compute time, (p-1)/(m+p-1) of the step; interleaving divides by v.";
    HELP_CALC_STEP_NOTE = "步时间 = m·(stage + logits) + (p-1)/v·stage + p2p + 未被掩盖的 DP + 优化器：矩阵乘按 GPU 的\n可达（MAMF）速率，attention 按其内核公开的峰值占比，norm/激活/softmax 和 fp8 转换按\nHBM 带宽，TP 在关键路径上，FSDP 通信逐层计入未被掩盖的部分。",
        "step = m·(stage + logits) + (p-1)/v·stage + p2p + exposed DP + optimizer, with the matmuls at the\nGPU's achievable (MAMF) rate, attention at its kernel's published share of peak, norms/activations/\nsoftmax and fp8 casts at HBM bandwidth, TP on the critical path, FSDP traffic exposed layer by layer.";
    HELP_CALC_TP_NOTE = "字节数是每块 GPU 发送的量（接收同样多）：每次 all-reduce 为 2(t-1)/t x b·s·h·bytes。",
        "Bytes are what each GPU sends (as much is received): 2(t-1)/t x b·s·h·bytes per all-reduce.";
}
