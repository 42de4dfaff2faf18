# game: the core's problems of its games as data; see web/locales/GLOSSARY.md.

## The phone's decision form (labels and menu choices)
game-field = { $name }
game-number = { $value }
game-label-abacus-budget = 你申报的预算（$，不超过你自己的预算）
game-label-abacus-weight = 你为 { $resource } 申报的权重
game-label-era-bid = 你最多愿意支付（$）
game-label-spot-family = 策略类型
game-choice-spot-rate-centric = 速率中心型（σ 的份额用按需实例）
game-choice-spot-deadline-centric = 截止中心型（最后 M 小时用按需实例）
game-label-spot-level = σ（速率中心型）或 M（截止中心型）
game-choice-spot-level = σ = { $sigma } 或 M = { $m }
game-label-spot-bid = 竞价
game-choice-spot-fixed = 固定竞价
game-choice-spot-variable = 可变竞价（近期价格 + ε）
game-label-spot-fixed-bid = 固定竞价（每实例小时 $）
game-label-spot-gamma = γ（可变竞价：较早价格的权重）
game-label-spot-epsilon = ε（可变竞价：加在平均价格上）

## Settings
game-err-from-to = 必须在 { $min } 到 { $max } 之间，实际为 { $value }
game-err-from-to-slots = 必须在 { $min } 到 { $max } 个时隙之间，实际为 { $value }
game-err-from-to-cores = 必须在 { $min } 到 { $max } 个核心之间，实际为 { $value }
game-err-whole-from-to = 必须是 { $min } 到 { $max } 之间的整数，实际为 { $value }
game-err-low-high = 必须是 [下限, 上限]，且 { $min } ≤ 下限 ≤ 上限 ≤ { $max }，实际为 [{ $low }, { $high }]
game-err-resources-count = 必须列出两种或三种资源，实际为 { $n } 种
game-err-resource-name = 必须是 1 到 20 个字符的名称
game-err-era-slack = 最长的作业加上它的余量（{ $slots } 个时隙）必须放得进时间范围（{ $horizon }）
game-err-era-max-bid = 必须在最高价值（{ $highest }）到 100000 之间，实际为 { $value }
game-err-settings-object = 必须是一个对象，例如 {"{"}"game": "abacus", "seats": 12, "seed": 7{"}"}
game-err-game-missing = 缺失（可选：abacus、era、spot）
game-err-game-unknown = 必须是 { $names } 之一，实际为 { $value }
game-err-seats-missing = 缺失（有多少名学生参与）
game-err-seed-whole = 必须是 ≥ 0 的整数，实际为 { $value }
game-err-seed-missing = 缺失（游戏的私有类型由它决定）
game-err-bool = 必须是 true 或 false，实际为 { $value }
game-err-session-object = 必须是一个会话对象（来自 `cloudecon game new` 或教师页面）
game-err-outside-settings = 应放在 `settings` 之外
game-err-not-object = 必须是一个对象，实际为 { $value }
game-err-not-session-field = 不是会话的字段
game-err-id-mismatch = 与设置不符（设置的编号是 { $id }）：文件被修改过

## Decisions
game-err-field-range = { $field } 必须在 { $min } 到 { $max } 之间，实际为 { $value }
game-err-field-step = { $field } 必须是从 { $min } 起 { $step } 的倍数，实际为 { $value }
game-err-no-budget = 没有预算
game-err-no-bid = 没有竞价
game-err-abacus-weights = 申报了 { $weights } 个权重；本游戏有 { $resources } 种资源
game-err-abacus-budget-above = 预算 ${ $budget } 高于该座位自己的 ${ $own }
game-err-abacus-zero-weights = 所有权重都是 0：至少申报一个大于 0 的权重
game-err-era-bid-above = 竞价 ${ $bid } 高于本游戏的上限 ${ $max }
game-err-spot-no-type = 竞价实例游戏的座位没有私有类型（每个座位以相同价格运行相同的作业）：请给出一个决策
game-err-spot-not-policy = 不是一个策略
game-err-spot-not-game-policy = 不是本游戏的策略之一
game-err-values-count = 需要 { $n } 个值，实际为 { $got } 个
game-err-too-many-bits = 需要的位数超过了一个决策码能容纳的
game-err-seat-not-in-game = 座位 { $seat } 不在本游戏中（座位 1 到 { $seats }）

## Codes
game-err-paste-too-long = 这段文字有 { $bytes } 字节；一次最多粘贴 { $max } 字节
game-err-code-symbol = `{ $symbol }` 不是决策码的字符（决策码使用 0–9 和除 U 以外的 A–Z）
game-err-code-length = 决策码有 3 到 31 个字符；这个有 { $n } 个
game-err-code-check = 有一个字符错了，或两个字符顺序颠倒（校验字符不符）；请重新输入
game-err-code-settings = 会话的设置无效
game-err-code-short = 太短，不是决策码
game-err-code-version = 版本 { $version } 的决策码（本页面读取版本 { $reads }）
game-err-code-other-game = 另一局游戏的决策码
game-err-code-round = 第 { $round } 轮的决策码；现在是第 { $current } 轮
game-err-code-seat = 座位 { $seat } 的决策码{ $reason }
game-err-code-long = 不是本游戏的决策码（太长）
game-err-seat-colon = 座位 { $seat }：{ $reason }
game-err-decision-short = 太短，不足以表示本游戏的决策
game-err-no-such-field = 含有本游戏没有的 { $field }

## Links
game-err-join-too-long = 太长，不是游戏的加入链接
game-err-results-too-long = 太长，不是游戏的结果链接
game-err-link-damaged = 已损坏：{ $reason }
game-err-link-not-base64 = 不是 base64url 文本
game-err-link-not-deflate = 无法解压
game-err-link-not-json = 其中的设置不是 JSON
game-err-link-setting = 无法读取：链接已损坏
game-err-link-parts = 结果链接应由三部分组成
game-err-link-round = 其中的轮次不是 1 到 63 之间的数
game-err-link-not-base32 = 其中的决策不是 base32
game-err-link-early = 提前结束了
game-err-link-long = 太长了
game-err-link-seat = 已损坏：座位 { $seat } { $reason }
game-err-link-seat-colon = 已损坏：座位 { $seat }：{ $reason }

## Running a round
game-err-run-lacks = 运行结果中没有 { $what }
game-err-job-no-shares = 某个作业没有份额
game-err-request-no-decision = 某个请求没有决定
game-err-policy-no-payoff = 某个策略没有收益
game-err-no-outcome = 运行结果中没有这个座位的结果
game-err-nothing-to-run = 没有座位作出决策，也没有机器人：无可运行
game-err-data-missing = 本游戏重放 { $description }（{ $name }），但它尚未加载
game-err-document-invalid = 本轮的文档无效（{ $error }）；请报告这些设置
