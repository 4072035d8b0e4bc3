//! The key table's words: where a binding applies, its footer hint and its help line.
//! Footer hints start with the key as the footer shows it, then one space, then the label.

super::messages! {
    KEY_MESSAGES;
    CTX_GLOBAL = "任何地方", "Everywhere";
    CTX_LIST = "卡片列表", "Card list";
    CTX_READER = "阅读卡片", "Reading a card";
    CTX_SEARCH = "搜索框", "Search box";
    CTX_HELP = "本帮助", "This help";
    CTX_PROMPT = "快速计算 (=)", "Quick arithmetic (=)";
    CTX_CALC = "计算器", "Calculators";
    CTX_CALC_EDIT = "编辑计算器字段", "Editing a calculator field";
    CTX_DRILL_IDLE = "练习设置", "Drill screen";
    CTX_DRILL = "练习中", "During a drill";
    CTX_DRILL_ANSWER = "输入答案", "Typing an answer";
    CTX_STATS = "统计", "Stats screen";

    HINT_MOVE = "j/k 移动", "j/k move";
    HINT_READ = "Enter 阅读", "Enter read";
    HINT_SCROLL = "j/k 滚动", "j/k scroll";
    HINT_SECTION = "Tab 分节", "Tab section";
    HINT_FOLLOW_UP = "Enter 追问", "Enter follow-up";
    HINT_BACK = "Esc 返回", "Esc back";
    HINT_CALC = "c 计算", "c calc";
    HINT_SELECT = "↑/↓ 选择", "↑/↓ select";
    HINT_OPEN = "Enter 打开", "Enter open";
    HINT_CANCEL = "Esc 取消", "Esc cancel";
    HINT_EVALUATE = "Enter 计算", "Enter evaluate";
    HINT_HISTORY = "↑/↓ 历史", "↑/↓ history";
    HINT_CLOSE = "Esc 关闭", "Esc close";
    HINT_DRILL = "d 练习", "d drill";
    HINT_ROW = "j/k 行", "j/k row";
    HINT_CHANGE = "h/l 更改", "h/l change";
    HINT_START = "Enter 开始", "Enter start";
    HINT_PRACTICE = "p 自由练习", "p practice";
    HINT_LEAVE_BOX = "Esc 离开输入框", "Esc leave box";
    HINT_REVEAL = "Space 揭示", "Space reveal";
    HINT_GRADE = "1-4 评分", "1-4 grade";
    HINT_NEXT = "n 下一题", "n next";
    HINT_TYPE = "i 输入", "i type";
    HINT_HINT = "h 提示", "h hint";
    HINT_PAUSE = "p 暂停", "p pause";
    HINT_SKIP = "s 跳过", "s skip";
    HINT_END = "q 结束", "q end";
    HINT_FIELD = "Tab 字段", "Tab field";
    HINT_EDIT = "Enter 编辑", "Enter edit";
    HINT_CALCULATOR = "←/→ 计算器", "←/→ calc";
    HINT_STEPS = "PgDn 步骤", "PgDn steps";
    HINT_DONE = "Enter 完成", "Enter done";
    HINT_NEXT_FIELD = "Tab 下一项", "Tab next";
    HINT_CHOICES = "↑/↓ 选项", "↑/↓ choices";
    HINT_QUIT = "q 退出", "q quit";
    HINT_HELP = "? 帮助", "? help";
    HINT_SEARCH = "/ 搜索", "/ search";
    HINT_LANG = "L 中/EN", "L 中/EN";
    HINT_QUICK_CALC = "= 计算", "= calc";

    KEY_TEXT = "编辑：移动、删除、删到行首 (Ctrl-u)、删词 (Ctrl-w)、撤销",
        "Edit: move, delete, to start (Ctrl-u), word (Ctrl-w), undo";
    KEY_NEXT_CARD = "下一张卡片", "Next card";
    KEY_PREVIOUS_CARD = "上一张卡片", "Previous card";
    KEY_PAGE_DOWN = "向下翻页", "Page down";
    KEY_PAGE_UP = "向上翻页", "Page up";
    KEY_FIRST_CARD = "第一张卡片", "First card";
    KEY_LAST_CARD = "最后一张卡片", "Last card";
    KEY_READ = "阅读选中的卡片", "Read the selected card";
    KEY_OPEN_CALC_SELECTED = "打开选中卡片的计算器", "Open the selected card's calculator";
    KEY_SCROLL_DOWN_FOLLOW = "向下滚动（或下一个追问）", "Scroll down (or next follow-up)";
    KEY_SCROLL_UP_FOLLOW = "向上滚动（或上一个追问）", "Scroll up (or previous follow-up)";
    KEY_SECTION_TOP = "本节开头", "Top of the section";
    KEY_SECTION_END = "本节末尾", "End of the section";
    KEY_NEXT_SECTION = "下一节", "Next section";
    KEY_PREVIOUS_SECTION = "上一节", "Previous section";
    KEY_OPEN_FOLLOW_UP = "打开选中的追问卡片", "Open the selected follow-up card";
    KEY_READER_BACK = "回到上一张卡片或列表", "Back to the previous card, or the list";
    KEY_OPEN_CALC_CARD = "打开本卡片的计算器（已预填）", "Open this card's calculator, pre-filled";
    KEY_NEXT_RESULT = "下一个结果", "Next result";
    KEY_PREVIOUS_RESULT = "上一个结果", "Previous result";
    KEY_OPEN_SELECTED = "打开选中的卡片", "Open the selected card";
    KEY_CLOSE_SEARCH = "关闭搜索", "Close the search";
    KEY_EVALUATE = "计算表达式", "Evaluate the expression";
    KEY_PREVIOUS_EXPRESSION = "上一个表达式", "Previous expression";
    KEY_NEXT_EXPRESSION = "下一个表达式", "Next expression";
    KEY_CLOSE_PROMPT = "关闭输入行", "Close the prompt";
    KEY_DRILL_SELECTED = "练习选中的卡片及其追问", "Drill the selected card and its follow-ups";
    KEY_DRILL_THIS = "练习本卡片及其追问", "Drill this card and its follow-ups";
    KEY_NEXT_SETTING = "下一项设置", "Next setting";
    KEY_PREVIOUS_SETTING = "上一项设置", "Previous setting";
    KEY_CHANGE_SETTING = "更改设置", "Change the setting";
    KEY_CHANGE_SETTING_BACK = "反向更改设置", "Change the setting back";
    KEY_START_DRILL = "按这些设置开始练习", "Start a drill with these settings";
    KEY_START_PRACTICE = "按这些设置开始自由练习", "Start a practice drill with these settings";
    KEY_LEAVE_BOX = "离开答案框（i 返回）", "Leave the answer box (i goes back)";
    KEY_REVEAL = "揭示答案（面试：下一题）；回顾中向下翻页",
        "Reveal (interview: next question); in a review, page down";
    KEY_SUBMIT_NUMBER = "提交数字题答案（口头回答中：换行）",
        "Submit a number answer (in a spoken answer: a new line)";
    KEY_NUMBER_CALCULATOR = "数字题答完后：用题目的输入打开它的计算器",
        "After a number answer: its calculator with its inputs";
    KEY_SCROLL_REVIEW_DOWN = "向下滚动回顾或总结", "Scroll the review or summary down";
    KEY_SCROLL_REVIEW_UP = "向上滚动回顾或总结", "Scroll the review or summary up";
    KEY_TOP = "顶部", "Top";
    KEY_BOTTOM = "底部", "Bottom";
    KEY_GRADE_AGAIN = "评分：重来", "Grade: again";
    KEY_GRADE_HARD = "评分：困难", "Grade: hard";
    KEY_GRADE_GOOD = "评分：良好", "Grade: good";
    KEY_GRADE_EASY = "评分：简单", "Grade: easy";
    KEY_NEXT_QUESTION = "评分后下一题", "Next question, after grading";
    KEY_BACK_TO_BOX = "回到答案框", "Back into the answer box";
    KEY_HINT = "揭示一个要点（回顾中会注明）", "Reveal one key point (noted in the review)";
    KEY_PAUSE = "暂停或继续计时", "Pause or resume the clock";
    KEY_SKIP = "跳过这个追问", "Skip this follow-up";
    KEY_END = "结束练习；面试模式先显示回顾",
        "End the drill; an interview shows the review first";
    KEY_LEAVE_DRILL = "离开已结束的练习（之前：提示如何结束）",
        "Leave a finished drill (before: says how to end)";
    KEY_NEXT_FIELD = "下一个字段", "Next field";
    KEY_PREVIOUS_FIELD = "上一个字段", "Previous field";
    KEY_EDIT_FIELD = "编辑字段（结果随输入更新）", "Edit the field (results update as you type)";
    KEY_TYPE_NUMBER = "输入数字：替换字段的值", "Type a number: replaces the field's value";
    KEY_NEXT_CALCULATOR = "下一个计算器", "Next calculator";
    KEY_PREVIOUS_CALCULATOR = "上一个计算器", "Previous calculator";
    KEY_STEPS_DOWN = "向下滚动步骤", "Scroll the steps down";
    KEY_STEPS_UP = "向上滚动步骤", "Scroll the steps up";
    KEY_CALC_BACK = "回到打开它的卡片或卡片列表", "Back to the card that opened it, or the cards";
    KEY_STOP_EDITING = "停止编辑", "Stop editing";
    KEY_EDIT_NEXT = "停止编辑并转到下一个字段", "Stop editing and go to the next field";
    KEY_PREVIOUS_CHOICE = "上一个选项（运算、算法、链路 id）",
        "Previous choice (operations, algorithms, link ids)";
    KEY_NEXT_CHOICE = "下一个选项", "Next choice";
    KEY_CLOSE_HELP = "关闭本帮助", "Close this help";
    KEY_SCROLL_DOWN = "向下滚动", "Scroll down";
    KEY_SCROLL_UP = "向上滚动", "Scroll up";
    KEY_QUIT_ANYWHERE = "退出（任何地方）", "Quit, from anywhere";
    KEY_STATS_NEXT = "下一节（复习、预测、标签）", "Next section (reviews, forecast, tags)";
    KEY_FIRST_SECTION = "第一节", "First section";
    KEY_LAST_SECTION = "最后一节", "Last section";
    KEY_QUIT = "退出", "Quit";
    KEY_SHOW_HELP = "显示所有按键", "Show all keys";
    KEY_SEARCH = "搜索卡片（模糊匹配，中英文皆可）", "Search cards (fuzzy, both languages)";
    KEY_TOGGLE_LANG = "切换语言：卡片，以及未设 ui-lang 时的界面（会记住）",
        "Switch language: cards, and the interface unless ui-lang is set (remembered)";
    KEY_QUICK_CALC = "快速计算，例如 10 GiB / nvlink3", "Quick arithmetic, e.g. 10 GiB / nvlink3";
    KEY_CARDS_SCREEN = "卡片页", "Cards screen";
    KEY_CALCULATORS_SCREEN = "计算器页", "Calculators screen";
    KEY_DRILL_SCREEN = "练习页", "Drill screen";
    KEY_STATS_SCREEN = "统计页", "Stats screen";
}
