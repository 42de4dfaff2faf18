# spot: see web/locales/GLOSSARY.md for the terms every message follows.

## The page (mod.rs)
spot-title = 按需、竞价，还是两者兼用：在线学习的竞价策略
spot-lead = 每个作业必须在截止时刻前完成其工作，可以使用按需实例（始终可用，价格 p），也可以使用竞价实例（更便宜，但只要竞价实例价格超过你的竞价就会停止）。数百个策略各自规定如何混用两者以及竞价多少；一个反馈有延迟的学习器在事先不知道价格的情况下找出最佳策略。任何内容都可以编辑：小规模场景在输入时即时重新计算。（Menache 等，ICAC 2014。）

## Presets (the shared preset menu asks for preset-<name>)
preset-spot-basic = 4 个策略、300 个作业：边输入边学习
preset-spot-exp1 = 实验 1：408 个策略，平均价格 0.15（图 2）
preset-spot-exp2 = 实验 2：204 个速率中心型策略，均值 0.1（图 3）
preset-spot-exp3 = 实验 3：10% 的作业之后均值升至 0.2（图 4）
preset-spot-exp4 = 实验 4：每小时在 0.3 与 0 之间交替（图 5）
preset-spot-real = 真实数据：EC2 m3.medium 价格、NASA iPSC 作业、504 个策略（图 6–7）

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-spot-basic = 竞价实例还是按需实例：四个策略
preset-notes-spot-basic = 竞价实例价格为每实例·小时 0.15 + 0.05·N(0,1)，按需价格 0.25。四个策略：全部按需；只用竞价实例并以按需价格竞价；只用竞价实例并以 0.1 竞价；截止中心型、以上一个价格 + 0.02 竞价。学习器的权重向最好的策略移动。
preset-title-spot-exp1 = 竞价实例，实验 1：408 个策略（图 2）
preset-notes-spot-exp1 = 第 4.1 节，实验 1：竞价实例价格为每个 5 分钟时隙 0.15 + 0.05·N(0,1)（低于 0 时取 0），按需价格 0.25，由论文的生成器产生 10,000 个作业，408 个策略（先是 204 个速率中心型，然后是 204 个截止中心型）。
preset-title-spot-exp2 = 竞价实例，实验 2：平稳价格，均值 0.1（图 3）
preset-notes-spot-exp2 = 第 4.1 节，实验 2：竞价实例价格为 0.1 + 0.05·N(0,1)，204 个速率中心型策略，10,000 个作业。论文：事后看最好的策略以固定的 0.25（按需价格）竞价，学习器几乎把全部权重都放在它上面。
preset-title-spot-exp3 = 竞价实例，实验 3：10% 的作业之后价格上涨（图 4）
preset-notes-spot-exp3 = 第 4.1 节，实验 3：前 10% 的作业期间竞价实例价格为 0.1 + 0.05·N(0,1)，之后为 0.2 + 0.05·N(0,1)；204 个速率中心型策略，10,000 个作业。论文：此时最好的策略是只用按需实例的策略。当 m 按时隙计数（如算法 1 所写）时确实如此；当 m 以小时计（默认）时，只用竞价实例并以较高的可变竞价出价的策略胜出。
preset-title-spot-exp4 = 竞价实例，实验 4：价格每小时在 0.3 与 0 之间交替（图 5）
preset-notes-spot-exp4 = 第 4.1 节，实验 4：竞价实例价格一小时为 0.3，下一小时为 0，如此交替；204 个速率中心型策略，10,000 个作业。论文：最好的策略以上一个价格竞价（γ = 0 的可变竞价）。
preset-title-spot-real = 竞价实例，真实数据：EC2 价格与 NASA iPSC 日志（图 6–7）
preset-notes-spot-real = 第 4.2 节，使用公开数据：us-east-1b 中 m3.medium 自 2016-03-24 起的竞价实例价格（14 天，循环回放），按需价格每小时 $0.067；NASA Ames iPSC/860 日志（Parallel Workloads Archive）前 14 天的作业，循环回放至 20,000 个作业，规模 z = 运行时间 × 处理器数，c = 处理器数。与第 4.2 节相同：价值 v = z·p·(5 + U[0, 1])（价值系数 5–6），截止时刻为作业在其 c 个实例上的完成时间，即 ⌈z/c⌉ 小时（截止系数 1–1）。504 个策略按论文的顺序排列；12 个固定竞价覆盖记录的价格序列，正如论文的 .15 … .7 覆盖它自己的序列：它们是 14 天内各时隙价格的 k/12 分位数（k = 1 … 12），即 $0.0093 … $0.0119 以及最大值 $0.70（论文的网格会高于除尖峰外的所有价格，所有固定竞价策略将不分胜负）。收益（每个作业约 $2）在权重更新中乘以 0.5，使其量级约为 ±1。m 以小时计时，在这些紧迫的截止时刻下，每个速率中心型策略从第一个小时起就使用按需实例；m 按时隙计数，它们才会使用竞价实例。

## Undo: what an edit replaces (state.rs)
spot-replaces-price-model = 切换竞价实例价格模型
spot-replaces-jobs-kind = 切换作业来源
spot-replaces-swf = 载入负载日志
spot-replaces-job = 删除作业 { $n }
spot-replaces-policies = 替换策略
spot-replaces-policy = 删除策略 { $n }

## Menus (state.rs)
spot-price-kind-trace = 序列（每个时隙一个价格，循环使用）
spot-price-kind-gaussian = 高斯（mean + sd·N(0,1)，低于 0 时取 0）
spot-price-kind-schedule = 分段（从指定作业起换用其他模型）
spot-price-kind-alternating = 交替（先高后低，各持续若干小时）
spot-price-kind-ec2 = EC2 价格历史（CSV）
spot-jobs-kind-generator = 论文的生成器
spot-jobs-kind-list = 作业表
spot-jobs-kind-swf = 负载日志（SWF）

## Typed fields (fields.rs): after the text typed, why it is not a value
spot-not-factor = 不是一个范围“低–高”（或“低, 高”）
spot-not-numbers = 不是以逗号分隔的数字
spot-not-wholes = 不是以逗号分隔的整数
spot-not-counts = 不是以逗号分隔的作业数（留空则为 500, 1000, 2500, 5000）
spot-not-optional-count = 不是表示作业数的整数（留空则将日志重放一遍）
spot-not-delay = 不是 "auto"，也不是表示作业数的整数
spot-not-time = 不是形如 2016-03-24T00:00:00Z 的时间
spot-not-grid = 不是“名称 = 数字”形式、以分号分隔的参数（b = 0.1, 0.2; eps = 0, 0.05）

## Market (editors.rs)
spot-market = 市场
spot-slot-minutes = 每时隙分钟数
spot-slot-minutes-label = 每时隙分钟数
spot-on-demand-price = 按需价格 p（$/小时）
spot-on-demand-price-label = 按需实例每实例小时的价格
spot-market-hint = 竞价实例价格每个时隙变化一次；实例按小时计费。时隙长度须整除 60。
spot-spot-price = 竞价实例价格

## The time left (editors.rs)
spot-remaining = 剩余时间 m
spot-remaining-slots = 按 { $minutes } 分钟的时隙计算 m，与算法 1 的写法一致（关闭：按小时）
spot-remaining-quote = “令 m 为距作业截止时刻剩余的时隙数（包括当前时隙）”
spot-remaining-source = 算法 1，Menache 等，ICAC 2014
spot-remaining-note = 策略每小时决策一次，因此“时隙”既可以指小时，也可以指论文中 { $minutes } 分钟的时隙。m 只出现在三个判断中：速率中心型的 (σ + m − 1)·min(r, c) < r（此时全部改用按需实例）、截止中心型的 r > m·c（放弃）以及 m > M（只用竞价实例）。按小时计（默认）时 m = d − h；按时隙计时 m = (d − h)·{ $per_hour }，此时改用按需实例的兜底几乎从不触发。

## Learner (editors.rs)
spot-learner = 学习器
spot-delay = 延迟 d（作业数）
spot-delay-label = 延迟：auto 或作业数
spot-delay-note = "auto"：一个作业生命周期内到达的作业数的最大值（作业的收益要到那时才知道），即算法 2 所要求的上界。作业 j 之后的更新使用作业 j − d 的收益。在论文的合成实验中，auto 得到 88，而论文报告的是 66：66 符合一个作业生命周期内到达数的期望，而不是最大值；更大的 d 仍是合法的上界，只是步长更保守。
spot-step = 步长 η
spot-step-label = 步长规则
spot-step-algorithm = 算法：√(2 ln n / (d (j − d)))
spot-step-theorem = 定理 1：√(ln n / (2 d (j − d)))
spot-step-constant-label = 步长常数 c
spot-payoff-scale = 收益缩放系数
spot-payoff-scale-label = 收益缩放系数
spot-snapshots = 权重快照时刻（作业数）
spot-snapshots-label = 快照的作业数（留空：500, 1000, 2500, 5000）
spot-learner-hint = 收益只在权重更新中乘以缩放系数（总额不缩放）。快照：作业数（留空：500, 1000, 2500, 5000；总会加上最后一个作业）。

## Price models (prices.rs)
spot-price-model-label = 价格模型
spot-trace-prices = 各时隙价格
spot-trace-prices-label = 各时隙价格
spot-trace-hint = 共 { $count } 个价格，运行需要更多时隙时从头循环。
spot-gaussian-mean = 均值
spot-gaussian-mean-label = 竞价实例平均价格
spot-gaussian-sd = 标准差
spot-gaussian-sd-label = 标准差
spot-gaussian-seed = 种子
spot-gaussian-seed-label = 价格的种子
spot-gaussian-hint = 每个时隙的价格为 mean + sd·N(0,1)，低于 0 时取 0，由此种子（而非文档的种子）抽取。
spot-alternating-high = 高
spot-alternating-high-label = 高价
spot-alternating-low = 低
spot-alternating-low-label = 低价
spot-alternating-period = 各持续小时数
spot-alternating-period-label = 每个阶段的小时数
spot-switch-legend = 模型 { $n }
spot-switch-from = 起始作业
spot-switch-from-label = 模型 { $n } 从哪个作业起生效
spot-switch-remove = 删除此模型
spot-switch-remove-label = 删除模型 { $n }
spot-switch-hint = [0, 1) 内的作业比例（0.1 = 前 10 % 的作业之后），或作业序号 ≥ 1。
spot-switch-add = 添加模型
spot-preview-title = 竞价实例价格，前 { $hours } 小时
spot-preview-x = 小时
spot-preview-y = 每实例小时的价格（$）
spot-preview-series = 竞价实例价格
spot-preview-on-demand = 按需价格 p
spot-preview-empty = 修正问题后即可看到价格。
spot-preview-hours = 显示小时数
spot-preview-hours-label = 显示价格的小时数
spot-preview-summary = { $slots } 个时隙，共 { $hours } 小时；均值 ${ $mean }；{ $percent } % 的时隙价格不高于按需价格。

## EC2 price history (ec2.rs)
spot-ec2-no-rows = 文件中没有价格行；价格模型未改变。
spot-ec2-unreadable = 无法读取价格文件；价格模型未改变。
spot-ec2-import = 导入 EC2 价格 CSV…
spot-ec2-no-file = 尚无文件：请选择一份竞价实例价格历史（CSV：timestamp、availability_zone 或 region、instance_type、product_description、spot_price_usd_per_hour）。
spot-ec2-summary = { $series } 个序列，{ $rows } 行，{ $kb } KB。
spot-ec2-bad-file = 无法读取该文件：{ $reason }
spot-ec2-instance-type = 实例类型
spot-ec2-location = 位置
spot-ec2-product = 产品
spot-ec2-start = 时隙 0 的时间
spot-ec2-start-label = 时隙 0 的时间
spot-ec2-span = 此序列：{ $first } 至 { $last } 之间价格变化 { $rows } 次，每小时 ${ $min } 至 ${ $max }。最后一次变化之后的时隙从头循环。

## Jobs (jobs.rs)
spot-jobs = 作业
spot-jobs-source-label = 作业来源
spot-jobs-add = 添加作业
spot-jobs-table-hint = 作业按到达顺序运行（同时到达时按表中顺序）。
spot-gen-count = 作业数
spot-gen-count-label = 作业数量
spot-gen-gap = 平均间隔（分钟）
spot-gen-gap-label = 到达的平均间隔（分钟）
spot-gen-size = 最大规模 z（实例小时）
spot-gen-size-label = 最大规模
spot-gen-parallelism = 并行度 c
spot-gen-parallelism-label = 并行度
spot-gen-value = 价值系数
spot-gen-value-label = 价值系数范围
spot-gen-deadline = 截止时刻系数
spot-gen-deadline-label = 截止时刻系数范围
spot-gen-seed = 种子
spot-gen-seed-label = 作业的种子
spot-gen-hint = 泊松到达；规模 z ~ U(0, 最大规模]；价值 v = x·p·z，其中 x ~ U[价值系数]；截止时刻为 ⌈x·z/c⌉ 小时，其中 x ~ U[截止时刻系数]；由生成器自己的种子抽取。
spot-job-arrival = 到达（时隙）
spot-job-arrival-title = 到达的时隙
spot-job-deadline = 截止时刻（小时）
spot-job-deadline-title = 到达后的小时数
spot-job-size = 规模 z
spot-job-size-title = 工作量（实例小时）
spot-job-parallelism = 并行度 c
spot-job-parallelism-title = 同时使用的最多实例数
spot-job-value = 价值 v
spot-job-value-title = 在截止时刻前完成即可获得
spot-job-arrival-label = 作业 { $n } 的到达时隙
spot-job-deadline-label = 作业 { $n } 的截止时刻
spot-job-size-label = 作业 { $n } 的规模
spot-job-parallelism-label = 作业 { $n } 的并行度
spot-job-value-label = 作业 { $n } 的价值
spot-job-remove = 删除此作业
spot-job-remove-label = 删除作业 { $n }
spot-swf-empty = 尚无日志：请导入一份标准负载格式（SWF）文件（Parallel Workloads Archive）。
spot-swf-summary = 日志中 { $total } 个作业里有 { $usable } 个可用（{ $kb } KB）。
spot-swf-unreadable = 无法读取该日志：{ $reason }
spot-swf-count = 作业数
spot-swf-count-label = 作业数（留空：日志重放一遍）
spot-swf-seed = 种子
spot-swf-seed-label = 价值与截止时刻的种子
spot-swf-value = 价值系数
spot-swf-value-label = 价值系数范围
spot-swf-deadline = 截止时刻系数
spot-swf-deadline-label = 截止时刻系数范围
spot-swf-hint = 每个可用作业（已完成、运行时间与处理器数均大于 0）变为工作量 z = 运行时间 × 处理器数（实例小时），c = 处理器数，在其提交时刻到达；价值与截止时刻的抽取方式与生成器相同。给定作业数时，日志会重放直到达到该数量。

## Policies (policies.rs)
spot-policies = 策略（{ $count }）
spot-policy-set-label = 策略集
spot-set-synthetic = 论文的合成数据策略集（408 个；竞价 .1–.25）
spot-set-real = 论文的真实数据策略集（504 个；竞价 .15–.7）
spot-set-list = 自定义列表
spot-show-as-formula = 显示为公式族
spot-show-as-formula-hint = 把论文的策略写成四个公式族（速率中心型与截止中心型，固定竞价与可变竞价）：专家相同、顺序相同，因此结果也相同——可作为编辑的起点。
spot-add-formula = 添加公式族
spot-add-formula-hint = 用公式写出你自己的策略，与论文的策略并列：参数取值的每种组合都是学习器的一个专家。
spot-paper-set-hint = 先是速率中心型策略（σ = 0, .2, …, 1），再是截止中心型（M = 0, …, 5）；每类中先是固定竞价，再是可变竞价（γ ∈ { $gammas } × ε ∈ { $epsilons }）。选择“自定义列表”即可逐个编辑。
spot-builder = 生成列表：策略族 × 竞价
spot-build-rate = 速率中心型，σ =
spot-build-sigmas-label = σ 列表
spot-build-deadline = 截止中心型，M =
spot-build-thresholds-label = M 列表
spot-build-fixed = 固定竞价，b =
spot-build-bids-label = b 列表
spot-build-variable = 可变竞价，γ =
spot-build-gammas-label = γ 列表
spot-build-epsilons-label = ε 列表
spot-build-use = 使用这 { $count } 个策略
spot-build-hint = 把列表写入场景（替换当前策略）；超出范围的值会作为列表的问题显示。
spot-formula-legend = 公式族（策略条目 { $entry }）：{ $experts } 个专家
spot-formula-drop = 放弃条件
spot-formula-drop-label = 放弃条件
spot-formula-on-demand = 按需实例数 =
spot-formula-on-demand-label = 按需实例数公式
spot-formula-spot = 竞价实例数 =
spot-formula-spot-label = 竞价实例数公式
spot-formula-bid = 竞价 =
spot-formula-bid-label = 竞价公式
spot-formula-params = 参数
spot-formula-params-label = 参数网格
spot-formula-gamma = avg 的 γ
spot-formula-remove-label = 删除公式族 { $n }
spot-formula-remove = 删除
spot-formula-hint = 作业的每个小时：先检查放弃条件（被放弃的作业不再付费）；然后计算实例数，先把按需实例数限制在 [0, a] 内，再把竞价实例数限制在 [0, a − 按需实例数] 内；只有运行竞价实例时才用到竞价。可以试试 bid = avg + eps，参数 eps = 0, 0.02, 0.05，γ = 0.6（跟踪平均价格的竞价），或 bid = p + 0.1（高于按需价格：竞价实例仍按竞价实例价格付费）。
spot-set-entry = 论文的{ $set ->
        [synthetic] 合成数据
       *[real] 真实数据
    }策略集（{ $count } 个策略）
spot-formula-entry = { $name }：{ $count } 个专家（在上方编辑）
spot-table-label = 标签
spot-table-family = σ 或 M
spot-table-family-title = σ：按需运行的份额；M：改用按需实例时剩余的小时数
spot-table-bid = 竞价
spot-table-bid-title = 固定竞价 b，或可变竞价：γ 与 ε
spot-remove-entry = 删除此条目
spot-remove-policy = 删除此策略
spot-remove-policy-label = 删除策略 { $n }
spot-as-formula-title = 把此策略显示为公式族（同一个专家）
spot-as-formula-label = 把策略 { $n } 显示为公式
spot-sigma-label = 策略 { $n } 的 σ
spot-threshold-label = 策略 { $n } 的 M
spot-bid-label = 策略 { $n } 的竞价
spot-gamma-label = 策略 { $n } 的 γ
spot-epsilon-label = 策略 { $n } 的 ε

## Results (results.rs)
spot-policy-n = 策略 { $n }
spot-summary-jobs = { " " }个作业，{ $policies } 个策略，延迟 d ={ " " }
spot-summary-best = ；最佳策略 { $best }；学习器的平均遗憾{ " " }
spot-summary-average-policy = （随机策略的平均遗憾：
spot-summary-end = ）。
spot-metric-jobs = 作业数 J
spot-metric-jobs-title = 处理的作业数
spot-metric-delay = 延迟 d
spot-metric-delay-title = 作业的收益在 d 个作业之后才传到学习器
spot-metric-expected = 期望收益
spot-metric-expected-title = { $formula }：学习器按其抽取平均获得的收益
spot-metric-realized = 实际收益
spot-metric-realized-title = 所抽到策略的 { $formula }（取决于种子）
spot-metric-best-payoff = 最佳策略的收益
spot-metric-best-payoff-title = 事后来看，单个策略的最大总收益
spot-metric-regret = 遗憾
spot-metric-regret-title = 最佳策略的总收益 − 期望收益
spot-metric-average-regret = 平均遗憾
spot-metric-average-regret-title = 遗憾 / J
spot-metric-average-policy-regret = 策略平均遗憾
spot-metric-average-policy-regret-title = 各策略的（最佳总收益 − 其总收益）/ J 的平均值：随机挑选一个策略的遗憾
spot-metric-bound = 定理 1 的界
spot-metric-bound-title = 9·√(2 d ln(n/δ) / J)，δ = 0.05；假设收益在 [0, 1] 内
spot-metric-best = 最佳策略
spot-metric-prices = 竞价实例价格
spot-metric-prices-slots = { " " }个时隙，均值{ " " }
spot-metric-prices-sep = ，
spot-best-label = 最佳策略
spot-best-caption = 按总收益排名前 { $count } 的策略
spot-best-policy = 策略
spot-best-meaning = 做法
spot-best-payoff = 总收益
spot-best-weight = 最终权重
spot-best-weight-title = 最后一次更新后学习器给出的权重
spot-best-completed = 完成数
spot-best-completed-title = 在截止时刻前完成的作业数
spot-chart-payoff-title = 各策略的总收益
spot-chart-payoff-y = 总收益
spot-chart-payoff-reference = 学习器的期望收益
spot-chart-snapshot-title = { $jobs } 个作业之后的权重
spot-chart-weight = 权重
spot-chart-weights-title = 排名靠前的策略的权重随作业的变化
spot-chart-jobs = 作业数
spot-chart-regret-title = 平均遗憾随作业的变化
spot-chart-regret-y = 平均遗憾
spot-chart-learner = 学习器
spot-chart-random = 随机选一个策略
spot-chart-bound = 定理 1 的界（收益在 [0, 1] 内）
spot-payoff-chart-hint = 柱：每个策略在全部作业上的总收益，按序号排列（见策略列表）。虚线：学习器的期望收益，可与最高的柱比较。
spot-snapshots-hint = 学习器在给定作业数之后的权重：权重逐渐集中到最佳策略上。
spot-show-bound = 显示定理 1 的界
spot-bound-note-start = 该界（
spot-bound-note-end = ）假设收益在 [0, 1] 内；而这里的收益以美元计（v − 成本），因此它只说明曲线的形状（按 1/√J 缩小），并非保证。隐藏它即可按遗憾自身的尺度查看。

## How it works (explain.rs)
spot-explain-summary = 策略与学习器如何工作
spot-explain-choice-title = 按需还是竞价
spot-explain-choice = 如果作业的 z 实例小时工作量在截止时刻前完成，且同时最多使用 c 个实例，作业就带来价值 v。按需实例每小时花费 p，并且始终运行。竞价实例在竞价实例价格不高于你的竞价的每个时隙运行，按竞价实例价格付费；价格高于竞价时就停止。作业按时完成时收益为 v − 成本，否则为 − 成本：收益可能为负。
spot-explain-ties = 相等的处理：与竞价相差在 10⁻¹² 以内（大于 1 时按相对误差计）的价格视为相等，不会让实例停止。可变竞价是过去价格的平均值：价格长时间不变之后，它与价格只在最后几位上不同，否则就只能由舍入来决定。
spot-explain-families-title = 两类策略
spot-explain-families = 速率中心型（RC σ）：每小时，作业的实例中有 σ 的份额按需运行，其余用竞价实例。σ = 0 表示只用竞价实例，σ = 1 表示只用按需实例。截止中心型（DC M）：只用竞价实例，直到距截止时刻只剩 M 小时，之后只用按需实例。当只有改用按需实例才能按时完成时，速率中心型策略也会全部改用按需实例；参见表中每个策略的“做法”。
spot-explain-bids-title = 固定竞价与可变竞价
spot-explain-bids = 固定竞价 b 每小时都相同。可变竞价跟随市场：以每小时权重 γ 对过去的竞价实例价格取平均（γ = 0：最近的价格），再加上 ε。竞价高能让竞价实例在价格尖峰期间继续运行；竞价低能省钱，但有来不及完成的风险。
spot-explain-delay-title = 为什么反馈有延迟，d 是什么
spot-explain-delay = 学习器（Hedge，即论文的算法 2）为每个策略保留一个权重，按权重为每个新作业抽取所用的策略，并把每个权重乘以 exp(η · scale · payoff)。但作业的收益要到它结束时才知道，而那时已经有更多作业到达并被分配了策略。延迟为 d 时，作业 j 之后的更新使用作业 j − d 的收益。"auto" 把 d 取为一个作业生命周期内到达的作业数的最大值，这样每个收益在被使用时都已知。
spot-explain-auto-delay = 任何上界都能保证理论结论成立；更大的 d 只是让步长更小。在论文的合成实验中，auto 得到 d = 88，而论文报告的是 66：66 大约是最长生命周期内（每小时 6 个，持续 10–11 小时）到达作业数的期望，而不是 10,000 个作业中的最大值。我们保留最大值，它是合法的上界。
spot-explain-m-title = 剩余时间 m：小时还是时隙
spot-explain-m = 算法 1 写的是“令 m 为距作业截止时刻剩余的时隙数”，但它每小时才决策一次。按小时计 m（默认）时，一旦只用竞价实例可能错过截止时刻，速率中心型策略就会改用按需实例，在最后一小时则总会如此；按原文的 5 分钟时隙计时，它几乎从不这样做，截止中心型策略也一直使用竞价实例。只有按时隙理解，才会像论文那样在实验 3 中由按需实例胜出。论文的实验在两种理解下的结果（每个作业的平均遗憾：先是学习器的，再是策略平均的）：
spot-readings-label = 两种理解下的论文实验
spot-readings-experiment = 实验
spot-readings-paper = 论文
spot-readings-hours = m 按小时计
spot-readings-slots = m 按时隙计
spot-readings-1 = 1（均值 0.15，408 个策略）
spot-readings-1-paper = 两类策略都在最佳之列
spot-readings-1-hours = RC σ=0 fixed b=.25 最佳，两类策略都在前 5 名；0.053 对 3.54
spot-readings-1-slots = RC σ=0 var γ=.8 ε=.1 最佳，两类策略都在前 5 名；0.122 对 7.19
spot-readings-2 = 2（均值 0.1）
spot-readings-2-paper = 固定竞价 0.25 最佳；1.3 对 7.5
spot-readings-2-hours = RC σ=0 fixed b=.25 最佳；0.046 对 4.67
spot-readings-2-slots = RC σ=0 fixed b=.25 最佳；0.116 对 11.53
spot-readings-3 = 3（均值 0.1，之后 0.2）
spot-readings-3-paper = 只用按需实例最佳；0.5 对 4.8
spot-readings-3-hours = 只用竞价实例（可变竞价 + .1）最佳，全部按需在 204 个中排第 49（低 24 %）；0.167 对 1.82
spot-readings-3-slots = 全部按需最佳（第 1）；0.572 对 6.70
spot-readings-4 = 4（每小时在 0.3 与 0 之间交替）
spot-readings-4-paper = γ = 0 最佳；0.8 对 4.5
spot-readings-4-hours = RC σ=0 var γ=0 最佳；0.027 对 3.26
spot-readings-4-slots = RC σ=0 var γ=0 最佳；0.072 对 7.77
spot-readings-real = 真实数据（504 个策略）
spot-readings-real-paper = 某个速率中心型固定竞价策略最佳；学习器的遗憾仅为策略的 1/34
spot-readings-real-hours = DC M=0 fixed b=.7 最佳（速率中心型策略改用按需实例）；仅为 1/16
spot-readings-real-slots = RC σ=0 fixed b=.7 最佳（与该竞价下的 DC 并列）；仅为 1/27
spot-explain-regret-title = 遗憾
spot-explain-regret = 遗憾 = 最佳单一策略的总收益（只有事后才知道）减去学习器的期望收益；平均遗憾再除以作业数 J。随着 J 增大，它应趋向 0，并远低于“随机选一个策略”那条线（各策略自身遗憾的平均值）：学习器无需被告知就能找到好的策略。
spot-explain-bound-title = 界假设收益在 [0, 1] 内
spot-explain-bound = 对 n 个策略，若每个收益都在 [0, 1] 内，定理 1 以概率 1 − δ（这里 δ = 0.05）把平均遗憾限制在 9·√(2 d ln(n/δ) / J) 以内。这里的收益以美元计：要让定理适用，需把收益缩放到 [0, 1] 内（payoff_scale 在权重更新中乘以收益）；图中显示的界仅作参考。
spot-explain-scale = 只有权重更新会用到它：w ∝ w · exp(η · scale · f)。缩放系数越大，学习器越果断（权重集中得越快）；越小则越谨慎。报告的总额与遗憾都未经缩放。

spot-seed-use = 它决定学习器抽取所用策略的结果（实际收益）；价格模型和作业生成器有各自的种子。

spot-meaning-formula = 当 { $drop } 时放弃；否则按需实例 { $on_demand }、竞价实例 { $spot }，竞价 { $bid }
spot-meaning-formula-avg = { $meaning }（avg 的 γ={ $gamma }）
spot-meaning-bid-fixed = 竞价 { $b }
spot-meaning-last-price = 上一个价格
spot-meaning-average = 过去价格的平均值（每小时权重 γ={ $gamma }）
spot-meaning-bid = 以{ $price }竞价
spot-meaning-bid-plus = 以{ $price } + { $epsilon } 竞价
spot-meaning-spot-save = 只用竞价实例，{ $bid }；仅为保住截止时刻才用按需实例
spot-meaning-on-demand-only = 只用按需实例
spot-meaning-rate = { $percent }% 用按需实例，其余用竞价实例（{ $bid }）；为保住截止时刻全部改用按需实例
spot-meaning-spot-only = 只用竞价实例，{ $bid }
spot-meaning-deadline = 只用竞价实例（{ $bid }），直到只剩 { $m } 小时，之后只用按需实例
