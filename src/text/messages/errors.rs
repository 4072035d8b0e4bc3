//! Errors in both languages: usage errors (clap's error kinds, worded here), the config file's,
//! the progress file's and files the guard refuses. The core's error types keep their English
//! `Display`; the front ends pick these by error kind, filled with the same values.

super::messages! {
    ERROR_MESSAGES;
    // Usage errors, by clap's error kind.
    USAGE_UNKNOWN_ARG = "无法识别的参数 '{arg}'", "unexpected argument '{arg}' found";
    USAGE_NEAR_ARG = "提示：你是不是想用 {near}？", "tip: a similar argument exists: {near}";
    USAGE_NEAR_SUBCOMMAND = "提示：你是不是想用子命令 {near}？", "tip: a similar subcommand exists: {near}";
    USAGE_NEAR_VALUE = "提示：你是不是想写 {near}？", "tip: a similar value exists: {near}";
    USAGE_AS_VALUE = "提示：要把 '{arg}' 当作值，请写 '-- {arg}'", "tip: to pass '{arg}' as a value, use '-- {arg}'";
    USAGE_EXISTS = "提示：有 '{what}'", "tip: '{what}' exists";
    USAGE_INVALID_VALUE = "'{arg}' 的值 '{value}' 无效", "invalid value '{value}' for '{arg}'";
    USAGE_POSSIBLE_VALUES = "可选的值：{values}", "possible values: {values}";
    USAGE_VALUE_MISSING = "'{arg}' 需要一个值，但没有给出", "a value is required for '{arg}' but none was supplied";
    USAGE_BAD_VALUE = "'{arg}' 的值 '{value}' 无效：{hint}", "invalid value '{value}' for '{arg}': {hint}";
    USAGE_UNKNOWN_SUBCOMMAND = "无法识别的子命令 '{name}'", "unrecognized subcommand '{name}'";
    USAGE_MISSING_ARGS = "缺少必需的参数：{args}", "the following required arguments were not provided: {args}";
    USAGE_MISSING_SUBCOMMAND = "'{name}' 需要一个子命令，但没有给出；可用的子命令：{values}",
        "'{name}' requires a subcommand but one was not provided; subcommands: {values}";
    USAGE_CONFLICT = "参数 '{arg}' 不能与 {other} 一起使用", "the argument '{arg}' cannot be used with {other}";
    USAGE_CONFLICT_OTHERS = "其他给出的参数", "one or more of the other specified arguments";
    USAGE_REPEATED = "参数 '{arg}' 只能用一次", "the argument '{arg}' cannot be used multiple times";
    USAGE_EXTRA_VALUE = "'{arg}' 多了一个值 '{value}'；不需要更多的值", "unexpected value '{value}' for '{arg}' found; no more were expected";
    USAGE_VALUE_COUNT = "'{arg}' 需要 {expected} 个值，但给出了 {actual} 个", "{expected} values required for '{arg}' but {actual} were provided";
    USAGE_NO_EQUALS = "给 '{arg}' 赋值需要等号，例如 {arg}=VALUE", "equal sign is needed when assigning values to '{arg}'";
    USAGE_NOT_UTF8 = "命令行参数不是有效的 UTF-8", "an argument is not valid UTF-8";
    USAGE_OTHER = "命令行有误：{detail}", "invalid command line: {detail}";
    USAGE_HEADING = "用法：", "Usage:";
    USAGE_MORE = "运行 '{command} --help' 查看更多信息。", "For more information, try '{command} --help'.";
    USAGE_OPTIONS = "[选项]", "[OPTIONS]";
    USAGE_OPTIONS_HEADING = "选项", "Options";
    USAGE_ARGUMENTS_HEADING = "参数", "Arguments";
    USAGE_COMMANDS_HEADING = "命令", "Commands";
    USAGE_DEFAULT = "（默认：{value}）", " [default: {value}]";
    USAGE_ENV = "（环境变量：{name}）", " [env: {name}]";
    USAGE_CHOICES = "（可选：{values}）", " [possible values: {values}]";
    VERSION_CARDS = "{version}（内置 {cards} 张卡片）", "{version} ({cards} bundled cards)";

    // What a value should look like, by flag.
    VALUE_HINT_LANG = "请写 zh 或 en（`export anki|markdown` 还可以写 both）", "write zh or en (or both with `export anki|markdown`)";
    VALUE_HINT_MINUTES = "请写正数分钟，例如 3 或 1.5", "write a positive number of minutes, e.g. 3 or 1.5";
    VALUE_HINT_DATE = "请写成 YYYY-MM-DD，例如 2026-12-20", "write it as YYYY-MM-DD, e.g. 2026-12-20";
    VALUE_HINT_SECTION = "可选的节：short、detail、interview、followups", "sections: short, detail, interview, followups";
    VALUE_HINT_MODE = "请写 interview 或 practice", "write interview or practice";
    VALUE_HINT_POSITIVE = "请写 1 或更大的整数", "write a whole number of 1 or more";
    VALUE_HINT_WHOLE = "请写非负整数", "write a whole number";
    VALUE_HINT_NUMBER = "请写一个数，例如 0.15", "write a number, e.g. 0.15";
    VALUE_HINT_SEE_HELP = "见 `--help`", "see `--help`";

    // calc typed without quotes, or with a misspelt calculator.
    CALC_UNKNOWN = "没有计算器 '{name}'：你是不是想用 '{near}'？（计算器：{all}）",
        "unknown calculator '{name}': did you mean '{near}'? (calculators: {all})";
    CALC_QUOTE = "表达式是一个参数：请加引号，例如 infraprep calc \"{expression}\"（或写计算器名：{all}）",
        "an expression is one argument: quote it, as in infraprep calc \"{expression}\" (or name a calculator: {all})";
    CALC_GIVE_EXPRESSION = "请给出表达式，例如 \"10 GiB / 25 GB/s\"，或计算器名：{all}（见 --help）",
        "give an expression such as \"10 GiB / 25 GB/s\" or a calculator: {all} (see --help)";

    // The config file.
    CONFIG_PARSE = "{path}:{line}：配置文件有误：{message}", "{path}:{line}: {message}";
    CONFIG_UNKNOWN_KEY = "未知的键 {key}；可用的键：{keys}", "unknown field {key}, expected one of {keys}";
    CONFIG_BAD_VARIANT = "未知的值 {value}：可以写 {choices}", "unknown variant {value}, expected {choices}";
    CONFIG_BAD_TYPE = "值的类型不对：{detail}", "invalid type: {detail}";
    CONFIG_SYNTAX = "TOML 有误：{detail}", "{detail}";
    CONFIG_LINKS = "{path}：[[links]] 链路预设有误：{message}", "{path}: [[links]]: {message}";
    CONFIG_DATA_DIR_EMPTY = "{path}：data-dir：它是空的，这会把进度放进配置目录；请给出一个目录或删掉这一行",
        "{path}: data-dir: it is empty, which would put progress in the config directory; give a directory or remove the line";
    CONFIG_EXAM_DATE = "{path}：exam-date：'{value}' 不是日期：请写成 YYYY-MM-DD，例如 2026-12-20",
        "{path}: exam-date: '{value}' is not a date: write it as YYYY-MM-DD, e.g. 2026-12-20";
    CONFIG_NUMBERS_MIX = "{path}：numbers-mix：'{value}' 不是比例：请写 0（从不）到 1（每张有数字模板的卡片之后）之间的数，例如 0.3",
        "{path}: numbers-mix: '{value}' is not a share: give a number from 0 (never) to 1 (after every card with number templates), e.g. 0.3";
    CONFIG_FILE = "{path}：配置文件{problem}", "{path}: the config file {problem}";
    CONFIG_READ = "{path}：无法读取配置文件：{error}", "{path}: cannot read the config file: {error}";
    CONFIG_MISSING = "{path}：找不到配置文件；检查路径，或去掉 --config / INFRAPREP_CONFIG",
        "{path}: cannot read the config file: no such file";

    // Files the guard refuses, as a predicate after the file's name.
    FILE_NOT_REGULAR = "是{kind}，不是普通文件；请指向一个普通文件", "is {kind}, not a regular file; point to a regular file";
    FILE_TOO_LARGE = "有 {size}；上限是 {limit}：请确认这是你要的文件，或把它拆开",
        "is {size}; the limit is {limit}: check that this is the file you meant, or split it";
    FILE_GREW = "超过了上限 {limit}：请确认这是你要的文件，或把它拆开",
        "is larger than {limit}, the limit: check that this is the file you meant, or split it";
    FILE_NOT_UTF8 = "不是有效的 UTF-8（第 {at} 字节）：请存为 UTF-8", "is not valid UTF-8 (byte {at}): save it as UTF-8";
    FILE_IO = "无法读取：{error}", "cannot be read: {error}";
    KIND_DIRECTORY = "目录", "a directory";
    KIND_FIFO = "命名管道（FIFO）", "a FIFO";
    KIND_SOCKET = "套接字", "a socket";
    KIND_DEVICE = "设备", "a device";

    // The progress file.
    STORE_CORRUPT = "{path}：进度文件已损坏（{message}）；文件没有被改动；用 --set-aside-bad-progress 运行可把它移开并重新开始（旧文件会保留），或手动修复",
        "{path}: the progress file is damaged ({message}); it was left untouched; run with --set-aside-bad-progress to move it aside and start afresh (the bad file is kept), or fix it by hand";
    STORE_TOO_NEW = "{path}：进度文件的格式版本是 {found}，比这个 infraprep 新（{supported}）；文件没有被改动；请更新 infraprep",
        "{path}: the progress file has format version {found}, newer than this infraprep ({supported}); it was left untouched; update infraprep";
    STORE_FILE = "{path}：进度文件{problem}；文件没有被改动", "{path}: the progress file {problem}; it was left untouched";
    STORE_READ = "{path}：无法读取进度文件：{error}；请检查它的权限", "{path}: cannot read the progress file: {error}; check its permissions";
    STORE_WRITE = "{path}：无法保存进度：{error}；请检查磁盘和数据目录的权限（或用 --data-dir 换一个）",
        "{path}: cannot save progress: {error}; check the disk and the permissions of the data dir (or choose another with --data-dir)";
    STORE_NO_DIR = "不知道数据目录在哪里（没有家目录？）；请用 --data-dir DIR 或设置 INFRAPREP_DATA_DIR",
        "no data directory is known (no home directory?); pass --data-dir DIR or set INFRAPREP_DATA_DIR";
    STORE_UNPARSABLE = "内容无法解析", "the content cannot be parsed";

    // I/O errors, by kind.
    IO_NOT_FOUND = "文件不存在", "no such file";
    IO_DENIED = "没有权限", "permission denied";
    IO_OTHER = "输入输出错误（{error}）", "input/output error ({error})";
    OUTPUT_FAILED = "无法写出输出：{error}", "cannot write the output: {error}";
}
