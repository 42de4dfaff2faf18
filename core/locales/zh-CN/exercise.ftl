# exercise: the core's problems of its exercises as data; see web/locales/GLOSSARY.md.

## Verdicts: what a student is told after a check (and a teacher in the grades' tooltips).

exercise-verdict-correct = 正确。
exercise-verdict-saved = 答案已保存。老师会看到它是否正确。
exercise-verdict-not-quite = 不太对。
exercise-verdict-too-high = 不太对：偏高了。
exercise-verdict-too-low = 不太对：偏低了。
exercise-verdict-no-answer = 还没有作答。
exercise-verdict-not-a-number = 答案必须是一个数。
exercise-verdict-off-within = 不太对：相差 { $off }（误差在 ±{ $allow } 以内算正确）。
exercise-verdict-off = 不太对：相差 { $off }。
exercise-verdict-not-this-one = 不是这一项。
exercise-verdict-not-an-option = 答案必须是选项之一。
exercise-verdict-no-goal = 此题没有目标。
exercise-verdict-no-result = 你的场景没有可检查的结果：{ $why }
exercise-verdict-below = 还没达到：{ $value } 低于 { $bound }。
exercise-verdict-above = 还没达到：{ $value } 高于 { $bound }。
exercise-verdict-locks-changed = 锁定的字段被改动了（{ $list }）：练习固定了它们，请改回原值。
exercise-verdict-no-expected-answer = 没有预期答案

## Why a goal's scenario has no result (the end of exercise-verdict-no-result).

exercise-why-text = { $why }
exercise-why-no-scenario = 没有提交场景
exercise-why-unreadable = 无法读取该场景：{ $error }
exercise-why-other-mechanism = 该场景属于机制 { $mechanism }，而练习属于 { $exercise }
exercise-why-invalid = 该场景无效：{ $error }
exercise-why-no-goal = 此题没有目标
exercise-why-run-failed = 运行失败：{ $error }

## Grading warnings.

exercise-warn-no-fingerprint = { $file }：答案没有注明练习（没有指纹）；仍已评分
exercise-warn-other-exercise = { $file }：答案属于另一个练习（指纹 { $theirs }，本练习的是 { $ours }）；仍已评分

## Problems of an exercise document or an answers file, each at its JSON path.

exercise-err-answer-not-number-null = 数值题的答案必须是一个数，实际是null
exercise-err-answer-not-number-bool = 数值题的答案必须是一个数，实际是真/假值
exercise-err-answer-not-number-number = 数值题的答案必须是一个数，实际是数
exercise-err-answer-not-number-string = 数值题的答案必须是一个数，实际是字符串
exercise-err-answer-not-number-array = 数值题的答案必须是一个数，实际是数组
exercise-err-answer-not-number-object = 数值题的答案必须是一个数，实际是对象
exercise-err-no-such-option = 选项 { $index } 不存在：选项编号为 0 到 { $last }
exercise-err-none-of-the-options = { $text } 不是任何一个选项
exercise-err-choice-not-index-null = 选择题的答案是选项的序号（从 0 开始），实际是null
exercise-err-choice-not-index-bool = 选择题的答案是选项的序号（从 0 开始），实际是真/假值
exercise-err-choice-not-index-number = 选择题的答案是选项的序号（从 0 开始），实际是数
exercise-err-choice-not-index-string = 选择题的答案是选项的序号（从 0 开始），实际是字符串
exercise-err-choice-not-index-array = 选择题的答案是选项的序号（从 0 开始），实际是数组
exercise-err-choice-not-index-object = 选择题的答案是选项的序号（从 0 开始），实际是对象
exercise-err-goal-no-fixed-answer = 目标题没有固定答案
exercise-err-too-long = 最多 { $max } 个字符
exercise-err-pointer-start = { $pointer } 不是 JSON 指针：它必须以 "/" 开头，例如 "/alpha"
exercise-err-pointer-tilde = { $pointer } 不是 JSON 指针："~" 必须写作 "~0"（"/" 写作 "~1"）
exercise-err-points-to-nothing = { $pointer } 在结果中没有指向任何内容
exercise-err-not-finite = { $pointer } 不是有限的数
exercise-err-points-to-kind-null = { $pointer } 指向的是null，而不是数
exercise-err-points-to-kind-bool = { $pointer } 指向的是真/假值，而不是数
exercise-err-points-to-kind-number = { $pointer } 指向的是数，而不是数
exercise-err-points-to-kind-string = { $pointer } 指向的是字符串，而不是数
exercise-err-points-to-kind-array = { $pointer } 指向的是数组，而不是数
exercise-err-points-to-kind-object = { $pointer } 指向的是对象，而不是数
exercise-err-lang = { $lang } 不是语言标记：请写 "en" 或 "zh-CN" 这样的标记
exercise-err-lock-whole = 请锁定单个字段（例如 "/alpha"），而不是整个文档、它的版本或机制
exercise-err-lock-not-a-field = { $pointer } 不是练习场景中的字段
exercise-err-no-tasks = 一个练习至少需要一道题
exercise-err-too-many-tasks = 最多 { $max } 道题，实际有 { $count } 道
exercise-err-duplicate-id = { $id } 已是前面某道题的编号；编号必须唯一
exercise-err-bad-id = { $id }：编号由 1 到 { $max } 个字母、数字、"_"、"-" 或 "." 组成
exercise-err-no-prompt = 每道题都需要题目
exercise-err-too-many-hints = 最多 { $max } 条提示
exercise-err-goal-only-goals = 只有目标题才有目标
exercise-err-answer-required = 必填：{"{"} "result": 指针 {"}"} 或 {"{"} "value": … {"}"}
exercise-err-answer-one-of = "result"（一个指针）和 "value" 必须且只能给出其一
exercise-err-goal-answer = 目标题的答案是学生的场景
exercise-err-goal-predict = 目标题在学生自己的运行上检查：无需预测
exercise-err-goal-required = 必填：{"{"} "result": 指针, "min"/"max": 界限 {"}"}
exercise-err-not-finite-number = 必须是有限的数
exercise-err-goal-bounds = 请给出 "min"、"max" 或两者
exercise-err-goal-max-below-min = 小于 min（{ $max } < { $min }）
exercise-err-tolerance-only-numbers = 只有数值题才有容差
exercise-err-option-count = 选择题需要 2 到 { $max } 个选项
exercise-err-option-empty = 选项需要文字
exercise-err-options-only-choices = 只有选择题才有选项
exercise-err-goal-tolerance = 目标的界限就是它的容差
exercise-err-tolerance-negative = 必须是 ≥ 0 的有限数
exercise-err-no-exercise = 必填：此文档是一个没有练习的场景
exercise-err-unreadable = 无法读取
exercise-err-answers-object = 答案文件是一个 JSON 对象
exercise-err-answers-version = 此版本无法读取版本 { $version } 的答案文件（它读取版本 { $reads }）
