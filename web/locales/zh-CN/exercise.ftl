# exercise: see web/locales/GLOSSARY.md for the terms every message follows.

## The bar of a page without an exercise.

exercise-bar-label = 课堂
exercise-make = 制作练习
exercise-make-hint = 把这个场景变成给全班的练习链接：带自动检查的题目、锁定的字段和提示。

## The student's view.

exercise-eyebrow = 练习
exercise-written-in = { $lang ->
        [en] 本练习以英文编写。
        [zh] 本练习以中文编写。
       *[other] 本练习以其他语言（{ $tag }）编写。
    }
exercise-preview-note = 预览：这就是学生看到的样子。
exercise-back-to-teacher = 返回教师模式
exercise-locked-list = 已锁定：{ $fields }。
exercise-locked-note = 已被练习锁定：{ $field }（保持老师设定的值）。
exercise-results-hidden = 在你回答完“先预测”的题目之前，结果是隐藏的：先预测，再运行。
exercise-checks-note = 检查在你的浏览器中进行；你的答案会随时保存在浏览器里。仅供练习和教学，不用于考试。
exercise-score-answered = 已回答 { $done } / { $total } 题。
exercise-score-right = 目前答对 { $right } / { $total } 题。
exercise-computing = 正在计算练习的答案…… { $percent } %
exercise-worker-loading = 正在加载计算练习答案的后台线程……
exercise-cannot-be-checked = 无法检查本练习：{ $error }
exercise-cannot-check-exercise = 无法检查本练习：{ $error }。请告诉老师；这次不计为一次尝试。
exercise-cannot-check-goal = 无法检查此题：它的目标 { $goal } 在结果中没有指向任何内容。请告诉老师；这次不计为一次尝试。
exercise-cannot-check-no-answer = 无法检查此题：它没有在练习的结果中指明答案。请告诉老师；这次不计为一次尝试。

## Why there is no result to check against.

exercise-why-scenario-problems = 你的场景有问题：{ $error }
exercise-why-not-finished = 运行尚未结束；结束后再检查
exercise-why-cancelled = 运行已取消
exercise-why-nothing-run = 还没有运行过
exercise-why-computing = 它的答案仍在计算中（{ $percent } %）：请稍后再检查
exercise-why-worker-loading = 计算答案的后台线程仍在加载
exercise-why-not-computed = 它的答案尚未计算

## One task.

exercise-your-answer = 你的答案
exercise-options-of-task = 第 { $number } 题的选项
exercise-goal-hint = 在页面上编辑场景，直到它的结果达到目标，然后检查：你的场景就是你的答案。
exercise-check = 检查
exercise-check-scenario = 检查我的场景
exercise-predict-badge = 先预测
    .title = 在你作答之前，结果保持隐藏
exercise-attempts = { $n ->
       *[other] 已尝试 { $n } 次
    }
exercise-show-hint = 显示提示（第 { $number } 条，共 { $total } 条）
exercise-type-a-number = 请先输入一个数。
exercise-not-a-number = “{ $text }”不是一个数：请输入一个数，例如 0.31。这次不计为一次尝试。

## The answers bar.

exercise-your-name = 你的姓名
exercise-download-answers = 下载我的答案
exercise-resume = 从文件继续
exercise-print = 打印练习单
exercise-leave = 退出练习
exercise-name-needed = 请先在练习顶部输入你的姓名：老师会看到它，文件也以它命名。
exercise-resume-no-exercise = 这些答案保存时没有对应特定的练习；仍已载入本练习——请重新检查。
exercise-resume-other-exercise = 这些答案是为另一个练习（或它的另一个版本）保存的；仍已载入本练习——请重新检查。
exercise-resume-failed = 无法从该文件继续：{ $error }

## When the student has changed the scenario.

exercise-changed-both = 你修改了场景。数值题和选择题问的是练习自己的场景，所以页面上的数现在可能不是它们的答案；目标题检查的是你的场景。
exercise-changed-asks = 你修改了场景。题目问的是练习自己的场景，所以页面上的数现在可能不是它们的答案。
exercise-changed-goals = 你修改了场景：目标题按它现在的样子检查。
exercise-back-to-scenario = 回到练习的场景
exercise-answers-stay = 你的答案会保留；此操作可以撤销。
exercise-scenario-restored = 页面重新显示练习的场景；你的答案已保留。
exercise-undo-back = 撤销：恢复我的场景

## Teacher mode.

exercise-teacher-mode = 教师模式
exercise-teacher-intro = 练习就是此页面当前的场景，加上你在这里写的内容。数值题按该场景的结果检查，结果在学生检查时计算：链接中不存储答案。
exercise-title-label = 标题
exercise-text-label = 说明（用空行分隔段落）
exercise-lang-label = 编写语言
exercise-tasks-heading = 题目（{ $count }）
exercise-done-asking = 完成提问
exercise-ask-on-page = ➕ 就页面上的一个数提问
exercise-ask-hint = 点击页面结果中的一个数（带虚线框），为它出一道题。
exercise-result-picker = 或者从列表中选取结果中的一个数
exercise-action-ask = 提问
exercise-action-goal = 目标
exercise-action-lock = 锁定
exercise-add-choice = 添加选择题
exercise-feedback-label = 检查之后，告诉学生
exercise-feedback-none = 什么也不说（由你给答案文件评分）
exercise-feedback-right-wrong = 对或错
exercise-feedback-direction = 对，或偏高 / 偏低
exercise-feedback-distance = 对，或相差多少（会很快泄露答案）
exercise-done-locking = 完成锁定
exercise-lock-on-page = 锁定页面上的字段
exercise-lock-hint = 点击页面上的一个字段（或在其上按回车）以锁定或解锁它；锁定的字段会变灰。
exercise-lock-picker = 或者从字段列表中选取
exercise-preview = 以学生身份预览
exercise-copy-link = 复制练习链接
exercise-download-exercise = 下载练习文件
exercise-close-teacher = 关闭教师模式
exercise-link-long = 这个链接长 { $length } 个字符——对许多聊天和电子邮件工具来说太长了。请改为分享练习文件（学生用页面的“导入”打开它）。
exercise-link-copied = 链接已复制到剪贴板（如果浏览器允许）：
exercise-link-label = 练习链接
exercise-no-result-yet = 场景还没有结果：请修正它的问题或等待运行结束
exercise-draft-number = { $place } 是多少？
exercise-draft-goal = 修改场景，使 { $place } 至少为 { $min }。
exercise-draft-choice = 哪一个……？
exercise-draft-option-first = 第一项
exercise-draft-option-second = 第二项

## One task in the teacher's editor.

exercise-task-kind = { $id }（{ $kind }）
exercise-kind-number = 数值题
exercise-kind-choice = 选择题
exercise-kind-goal = 目标题
exercise-now = 当前 { $value }
exercise-remove-task = 删除题目 { $id }
exercise-prompt-label = 题目
exercise-tolerance-abs = ± 绝对误差
exercise-tolerance-rel = ± 相对误差
exercise-predict-first = 先预测（作答前隐藏结果）
exercise-options-label = 选项，每行一个
exercise-right-option = 正确选项
exercise-at-least = 至少
exercise-at-most = 至多
exercise-hints-label = 提示，每行一条（逐条显示）
exercise-explanation-label = 解释（答对后显示）

## The teacher's pickers.

exercise-whole-field = （整个字段）
exercise-filter = 筛选
exercise-col-field = 字段
exercise-col-value = 值
exercise-col-actions = 操作
exercise-action-on = { $action } { $place }
exercise-more-rows = ……还有 { $count } 个：请筛选以找到它们。
