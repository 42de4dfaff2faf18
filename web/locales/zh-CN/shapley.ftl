# shapley: see web/locales/GLOSSARY.md for the terms every message follows.

## The page
shapley-title = 沙普利值计算器
shapley-lead = 输入一个合作博弈——每个参与者联盟单独能获得多少——即可得到每个参与者的公平份额：在大联盟所有可能的形成顺序上，它的平均边际贡献。CloudShare 以它作为联邦云公平性的基准。

## Presets (the menu shows each preset by its description)
preset-shapley-glove = 三人手套博弈

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-shapley-glove = 手套博弈

## Players
shapley-players-legend = 参与者（{ $n }）
shapley-player-name = 参与者 { $n } 的名称
shapley-player-remove = 删除 { $name }
shapley-player-remove-title = 删除这个参与者
shapley-player-add = 添加参与者
shapley-players-hint = 最多 { $max } 个参与者（2^{ $max } − 1 个联盟）。新参与者起初是零贡献参与者：它不给任何联盟增加价值。
shapley-add-blocked-game = 一个博弈最多有 { $max } 个参与者。
shapley-add-blocked-use-formula = 联盟价值表最多可编辑 { $table } 个参与者（{ $coalitions } 个联盟）。若要增加到 { $max } 个，请在下方用公式定义博弈，之后即可继续添加参与者。
shapley-undo-remove-player = 删除参与者 { $n }
shapley-undo-formula = 用公式填充联盟价值

## Fill from a formula
shapley-formula-legend = 用公式填充
shapley-formula-game = 博弈
shapley-formula-glove = 手套博弈
shapley-formula-majority = 加权多数博弈
shapley-formula-random = 随机价值
shapley-formula-left = 左手套
shapley-formula-glove-hint = v(C) = 配成的双数：min(C 中的左手套数, C 中的右手套数)；其他人都持有右手套。
shapley-formula-quota = 配额
shapley-formula-weights = 权重
shapley-formula-weights-placeholder = 全为 1
shapley-formula-majority-hint = 若 C 中的权重之和达到配额，v(C) = 1，否则为 0。用逗号分隔，每个参与者一个。
shapley-formula-from = 从
shapley-formula-to = 到
shapley-formula-lowest = 最小值
shapley-formula-highest = 最大值
shapley-formula-random-hint = 由场景的种子（见上方）抽取的独立均匀随机值：同一个种子在任何地方都给出同一个博弈。
shapley-formula-fill = 填充
shapley-formula-materialize = 改为按表格编辑
shapley-formula-is-glove = 该表是手套博弈，左手套：{ $left }。
shapley-formula-is-majority = 该表是多数博弈，配额 { $quota }，权重相等。
shapley-formula-is-weighted = 该表是加权多数博弈 [{ $quota }; { $weights }]。
shapley-formula-is-random = 该表是随机价值，在 [{ $low }, { $high }] 上均匀分布。

## The coalition table
shapley-table-read-only = 参与者超过 { $max } 个的博弈由公式定义；下方的价值为只读。

## Results
shapley-chart-title = 每个参与者的沙普利值
shapley-chart-equal-split = 平均分配 v(N)/n
shapley-results-player = 参与者
shapley-results-share = 占 v(N) 的份额
shapley-results-grand = v(N)，大联盟的价值
shapley-results-gap = 效率差 Σφ − v(N)
    .title = Σφ − v(N)：除舍入误差外为零，因为沙普利值满足有效性
shapley-results-core = 是否在核中？
    .title = 每个联盟分得的都不少于它单独能获得的
shapley-results-in-core = 是——没有哪个联盟单独行动会更好
shapley-results-not-in-core = 否——{ "\u007B" }{ $members }{ "\u007D" } 单独能获得 { $value }，却只分得 { $allocated }

## What the Shapley value is
shapley-explain-title = 什么是沙普利值
shapley-explain-orders = 设想参与者按随机顺序逐个加入。每个参与者得到它对已在场的参与者 S 的边际贡献 v(S ∪ { "\u007B" }i{ "\u007D" }) − v(S)。沙普利值 φᵢ 就是这笔报酬在全部 n! 种顺序上的平均值：
shapley-explain-formula = φᵢ = 对所有 S ⊆ N∖{ "\u007B" }i{ "\u007D" } 求和  |S|! (n − |S| − 1)! / n!  ·  ( v(S ∪ { "\u007B" }i{ "\u007D" }) − v(S) )
shapley-explain-axioms = 它是唯一同时满足以下性质的分配：有效性（Σφᵢ = v(N)）、对称性（可互换的参与者分得相同）、零贡献参与者一无所得、对博弈可加（L. S. Shapley，1953）。它不一定在核中：在手套博弈里，唯一的左手套如此稀缺，以致核把全部价值都给了它，而沙普利值仍会为右手套的贡献付酬。
shapley-explain-cost = 只需对联盟价值表扫描一遍，即可在 O(2ⁿ · n) 时间内精确计算——20 个参与者也只需不到一秒。

shapley-seed-use = 随机博弈的每个联盟价值都由它抽取。
