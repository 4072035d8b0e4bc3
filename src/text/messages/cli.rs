//! The command line's words: messages, warnings and errors.

super::messages! {
    CLI_MESSAGES;
    ERROR = "错误：", "error:";
    WARNING = "警告：", "warning:";
}
