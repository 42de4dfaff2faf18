# era：ERA 页面（编辑器、结果、报价、需求曲线、算法比较、说明）及其预设的描述。
# 术语以 web/locales/GLOSSARY.md 为准。

## 页面

era-title = ERA：按预测需求定价的预定
era-lead = 用户提交预定请求：“在 [A, D) 内的某段时间，需要 W 个单位、连续 T 个时隙，我最多支付 V”；ERA 立即答复——给出一个当下就固定的价格，或者拒绝——并维护一份计划。Basic-Econ 按每个单位会挤占的预测需求为其定价，并选择窗口内最便宜的开始时间。任何内容都可以编辑：小场景会随输入即时重算。（Babaioff 等，WWW 2017。）

## 预设（预设菜单显示 `preset-<name>`）

preset-era-basic = 单一资源上的四个竞价，可手工验算
preset-era-day-night = 第 3.3 节：低/中/高价值作业，白天与夜晚，LP 预测器
preset-era-day-night-spread = 第 3.3 节，改用朴素的分散预测器
preset-era-yahoo = 第 4 节：类雅虎工作负载，6 类 × 约 1,450 个作业，Basic-Econ
preset-era-yahoo-first-fit = 同一工作负载，改用不看价值的首次适应（FirstFit），价格为 0
preset-era-azure = 图 3：Basic-Econ，价格限定在按需价格的 [65%, 100%]
preset-era-azure-late-penalty = 图 3：有价格界限的 Basic-Econ，加指数延迟惩罚
preset-era-azure-first-fit = 图 3：首次适应（FirstFit），按需价格的 65%
preset-era-azure-on-demand = 图 3：按需，价格为 100%

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-era-basic = ERA：四个竞价，一种资源
preset-notes-era-basic = 预测需求：白天（时隙 0–5）8 个核心，每核心·时隙 $2；夜间（6–11）2 个核心，每核心·时隙 $1；容量 10。每个报价是在时间窗口内最便宜的起始时刻上，各单位边际价格之和。
preset-title-era-day-night = ERA：白天与夜晚，LP 预测器
preset-notes-era-day-night = 第 3.3 节：低、中、高价值作业都申请全部容量；高价值作业只在白天出现。LP 预测器看出中价值作业会占满夜晚，因此夜晚的价格为 $5，低价值作业被拒绝。
preset-title-era-day-night-spread = ERA：白天与夜晚，分散预测器
preset-notes-era-day-night-spread = 第 3.3 节，改用朴素的分散预测器：它把一半的低价值需求和一半的中价值需求计入夜晚，把夜晚的一半定价为 $1，并以牺牲中价值作业为代价接受低价值作业。
preset-title-era-yahoo = ERA：类雅虎工作负载，Basic-Econ
preset-notes-era-yahoo = 第 4 节：六类作业，每类约 1,450 个；yahoo-5 类的作业最大，每单位约 $1，其余各类约 $10；100 个核心的集群远远不够。论文报告：不看价值的贪心算法获得所申请价值的 ≈ 10%，Basic-Econ 获得 ≈ 51%。
preset-title-era-yahoo-first-fit = ERA：类雅虎工作负载，不看价值的首次适应（FirstFit）
preset-notes-era-yahoo-first-fit = { preset-notes-era-yahoo }
preset-title-era-azure = ERA 管理云中份额变化的一部分：Basic-Econ
preset-notes-era-azure = 图 3 的缩小版：ERA 管理一个云的 20%（100 个核心，云的其余部分繁忙时降至 40 个）；按需价格为每核心·时隙 $1；Basic-Econ 的单位价格限定在它的 [65%, 100%]，首次适应（FirstFit）收取 65%，按需收取 100%。比较收入和延迟的作业。
preset-title-era-azure-late-penalty = ERA 管理云中份额变化的一部分：带延迟惩罚的 Basic-Econ
preset-notes-era-azure-late-penalty = { preset-notes-era-azure }
preset-title-era-azure-first-fit = ERA 管理云中份额变化的一部分：首次适应（FirstFit）
preset-notes-era-azure-first-fit = { preset-notes-era-azure }
preset-title-era-azure-on-demand = ERA 管理云中份额变化的一部分：按需
preset-notes-era-azure-on-demand = { preset-notes-era-azure }

## ERA 如何定价，以及为什么（explain.rs）

era-explain-summary = ERA 如何定价，以及为什么
era-explain-quote-heading = 报价如何计算（Basic-Econ）
era-explain-quote = 一个竞价要求在 [A, D) 内的某段时间使用 W 个单位、连续 T 个时隙。在时隙 t，该竞价的第 i 个单位会给其他所有人留下 R_i = capacity(t) − promised(t) − i 个单位。预测器给出每个价格下预期的需求量；第 i 个单位的价格，是使这部分需求再也放不下的最高价格 p，即它所挤占的需求的价值：
era-explain-price-math = price_t(i) = max {"{"} p : demand_t(p) > capacity(t) − promised(t) − i {"}"}   （若不存在则为 0；放不下则为 ∞）
era-explain-still-to-come = demand_t(p) 是尚未到来的预测需求：正如论文中的预测器所说，是“从当前时间到 t 之间到达的需求”。对于在 now 提交的竞价，一个历史请求只有在 now 或之后提交时才计入；已经到达的需求包含在 promised(t) 中（或已被拒绝），再计一次会使所有价格偏高。因此，同一个时隙随着时间临近、剩余待到达的需求减少而变得更便宜。设周期为 P 时，在实际时隙 t 看到的历史时隙 t′，其请求的提交时刻会平移 t − t′。
era-explain-quote-math = 报价 = 对所有开始时间 s 取最小值  Σ_{"{"}t=s{"}"}^{"{"}s+T−1{"}"} Σ_{"{"}i=1{"}"}^{"{"}W{"}"} price_t(i)
era-explain-earliest = ERA 选择最早的最便宜开始时间。设有价格界限时，每个单位的价格被截断到 [min, max] 内；延迟惩罚只在选择开始时间时让较晚的开始显得更贵，并不改变价格。
era-explain-truthful-heading = 为什么它是真实的（激励相容）
era-explain-truthful = 算法只根据请求本身报价——单位数、时长、窗口、提交时刻——从不查看价值。随后 ERA 只比较一次：当且仅当价值 ≥ 报价时接受，用户支付报价而不是价值。出价高于自己的价值，只可能赢得一个成本高于其价值的作业；出价低于价值，只可能失去一个你本愿意以该价格运行的作业。因此，无论别人怎么做，最优的出价就是真实价值（这是一种公示价格，就像“请求报价”表单那样）。
era-explain-spread-heading = 为什么分散会低估夜间价格（第 3.2 节）
era-explain-spread = 在白天/夜晚的例子中，高价值作业只能在白天运行；中、低价值作业白天夜晚都能运行，而每一类单独就能占满整个云。分散法把每个灵活作业按少量计入其窗口内的每个时隙，于是一半的中价值需求和一半的低价值需求出现在夜间：夜间看起来只有一半被中价值作业占用，其一半的单位按低价值定价。低价值作业在夜间被接受，挤掉了之后到来的中价值作业。在最优调度中，高价值作业占用白天，中价值作业占满整个夜晚：夜间的真实价格是中等价值。请比较 era-day-night 和 era-day-night-spread 两个预设。
era-explain-lp-heading = LP 做了什么
era-explain-lp = LP 预测器求解历史请求最优分配的松弛问题：x_jt ∈ [0, 1] 是作业 j 在其窗口内时刻 t 运行的单位所占比例，Σ_t x_jt ≤ T_j，Σ_j W_j x_jt ≤ capacity(t)，最大化 Σ_j (V_j / T_j) Σ_t x_jt。LP 把每个作业放在哪里，就说明它在哪里值得运行：时刻 t 的需求曲线为各作业的 {"{"} W_j x_jt 个单位，单位价格 V_j / (W_j T_j) {"}"}。设周期为 P 时，每个实际时隙取相同相位（mod P）的历史时隙的曲线并求平均。LP 对整个历史只求解一次，且为精确解（作为网络流问题）；当多种分配同样好时，作业按单位价值排序（相同时按历史顺序），各自占用窗口内最早的空闲时隙，后来的作业只有在需要腾出空间时才会在窗口内移动先前的作业。在 now 的报价只计入在 now 或之后提交的请求的条目。
era-explain-baselines-heading = 基线算法
era-explain-baselines = 首次适应（FirstFit）在作业能放下的最早时隙开始运行它，按每单位每时隙的固定价格收费，不管作业价值多少；按需算法在该时隙未允诺的容量足够时立即开始运行，这可能使之后的时隙超额分配（作业随后共享容量并延迟完成）。两者都不看价值：谁先来就用谁填满云。

## 云（editors.rs）

era-cloud = 云
era-horizon = 时间范围（时隙数）
era-horizon-label = 时间范围（时隙数）
era-slot-minutes = 每个时隙的分钟数
era-slot-minutes-label = 每个时隙的分钟数
era-resource = 资源
era-virtual = 虚拟
    .title = 一种打包约束：供配置使用，从不出售
era-virtual-label = 虚拟
era-capacity = 容量
    .title = 一个数，或从时隙 0 开始的阶梯“时隙:容量, …”
era-resource-name-label = 资源 { $n } 的名称
era-capacity-label = { $resource } 的容量
era-remove-resource = 删除这个资源
era-remove-resource-label = 删除资源 { $n }
era-add-resource = 添加资源
era-capacity-hint = 容量：一个数，或阶梯，例如“0:100, 24:90”（从时隙 0 起为 100 个单位；从时隙 24 起为 90）。竞价购买的是配置；默认每个非虚拟资源对应一个同名配置。
era-configuration = 配置
era-formal = 正式（出售）
    .title = 每单位出售的资源量，例如 2 cpu + 4 mem
era-actual = 实际（使用）
    .title = 每单位实际使用的资源量（留空：与正式相同）
era-configuration-name-label = 配置 { $n } 的名称
era-formal-label = { $configuration } 的正式资源量
era-actual-label = { $configuration } 的实际资源量（留空：与正式相同）
era-remove-configuration = 删除这个配置
era-remove-configuration-label = 删除配置 { $n }
era-add-configuration = 添加配置
era-configurations-none-hint = 没有配置：每个非虚拟资源对应一个同名配置，每单位占用一个资源单位。
era-configurations-hint = 配置每单位的资源量，例如“2 cpu + 4 mem”；实际留空表示与正式相同。竞价注明所用的配置（留空：第一个）。

## 算法（editors.rs、state.rs）

era-algorithm = 算法
era-algorithm-basic-econ = Basic-Econ（算法 1）
era-algorithm-first-fit = 首次适应（FirstFit）（贪婪，固定价格）
era-algorithm-on-demand = 按需（立即开始，固定价格）
era-algorithm-formula = 使用你的单位价格公式的 Basic-Econ
era-min-price = 单位价格 ≥
era-min-price-label = 最低单位价格
era-max-price-label = 最高单位价格（留空：无上限）
era-late-penalty = 延迟惩罚
era-late-penalty-label = 延迟惩罚
era-price-bounds-hint = 每个单位在每个时隙的价格被截断到 [min, max] 内（max 留空：无上限）。选择开始时间时，延迟惩罚把开始时间 s 的总价乘以 (1 + penalty)^(s − A)——不计入价格。
era-show-as-formula = 显示为公式
era-show-as-formula-hint = 把 Basic-Econ 的价格写成单位价格公式 demand_price，界限和延迟惩罚不变：结果相同，可以作为修改的起点。
era-unit-price-formula = 单位价格 =
era-unit-price-formula-label = 单位价格公式
era-unit-price-formula-hint = 每个时隙 t 的每个单位 i 都按这个公式定价，再截断到 [min, max] 内；放不下的单位无论公式如何都无法定价，总价最低的开始时间胜出，与 Basic-Econ 相同。demand_price 是 Basic-Econ 自身的价格：公式 demand_price 得到的就是 Basic-Econ 的结果。可以试试 demand_price * (1 + promised / capacity)（时隙越满越贵）、max(demand_price, 2) 或 if(t - now < 3, 2 * demand_price, demand_price)。
era-unit-price = 单位价格 $
era-unit-price-label = 单位价格
era-first-fit-hint = 在该部分能放下的最早时间开始；价格 = 单位价格 × 单位数 × 时长。
era-on-demand-hint = 若提交时隙中未允诺的容量足够，就在提交时立即开始（之后的时隙可能超额分配，因此作业可能延迟完成）。

## 需求预测器（editors.rs、state.rs）

era-predictor = 需求预测器
era-predictor-label = 预测器
era-predictor-none = 无（竞价放得下的地方价格为 0）
era-predictor-explicit = 显式需求曲线
era-predictor-spread = 分散历史需求（朴素）
era-predictor-lp = 基于历史的 LP
era-predictor-none-hint = 没有预测需求：每个放得下的单位价格为 0（再按价格界限截断）。
era-per-resource-curves = { $resources } 的按资源曲线（保留，在 JSON 导出中可见）。
era-history-list = 历史：{ $n } 个请求。
era-history-generated = 历史：由一个含 { $classes } 个类别的生成器以种子 { $seed } 生成（约 { $requests } 个请求）。
era-period = 周期（时隙数）
era-period-label = 周期（留空：无）
era-period-hint = 设周期为 P，实际时隙 t 取所有满足 t′ ≡ t (mod P) 的历史时隙 t′ 的曲线，单位数除以这些时隙的个数。留空：历史时隙 t 预测时隙 t。
era-use-history = 把这些请求用作历史（{ $n }）
era-slot = 时隙
era-explicit-demand = 预测需求（单位数@$）
    .title = 单位数@单位价值, …（价格 p 下的需求：价值不低于 p 的单位数）
era-explicit-slot-label = 时隙 { $slot } 的需求

## 实际使用量（editors.rs）

era-usage = 实际使用量
era-usage-on = 作业实际需要的少于预定的
era-usage-label = 实际使用的预定比例
era-usage-hint = 一个 (0, 1] 内的比例，或一个范围，例如 0.5–1，按种子为每个竞价抽取：作业只需要其时隙的这一比例，会提前完成；完成的作业释放其之后已允诺的时隙。

## 撤销所撤回的操作（state.rs）

era-undo-remove-resource = 删除资源 { $n }
era-undo-algorithm = 切换算法
era-undo-predictor = 切换需求预测器
era-undo-history-from-requests = 用当前请求替换历史
era-undo-remove-request = 删除请求 { $n }
era-undo-remove-history-bid = 删除历史竞价 { $n }
era-undo-generated-requests = 在表格与生成器之间切换请求
era-undo-generated-history = 在表格与生成器之间切换历史竞价
era-undo-remove-class = 删除类别 { $n }
era-undo-remove-configuration = 删除配置 { $n }

## 竞价与历史请求（bids.rs）

era-bids-legend = 竞价（{ $n }）
era-history-legend = 历史请求（{ $n }）
era-col-id = ID
era-col-submit = 提交
    .title = 提交竞价的时隙
era-col-value = V $
    .title = 价值：用户最多支付的金额
era-col-count = W
    .title = 数量：配置的单位数
era-col-duration = T
    .title = 时长：连续的时隙数
era-col-arrival = A
    .title = 开始时刻：最早的时隙
era-col-deadline = D
    .title = 截止时刻：必须在这个时隙之前完成
era-col-config = 配置
    .title = 配置（留空：第一个）
era-bid-id-label = 竞价 { $n } 的 ID
era-history-id-label = 历史请求 { $n } 的 ID
era-bid-submit-label = { $bid } 的提交时刻
era-bid-value-label = { $bid } 的价值
era-bid-count-label = { $bid } 的数量
era-bid-duration-label = { $bid } 的时长
era-bid-arrival-label = { $bid } 的开始时刻
era-bid-deadline-label = { $bid } 的截止时刻
era-bid-config-label = { $bid } 的配置
era-bid-config-placeholder = 第一个
era-bid-no-parts = 没有部分
era-bid-more-parts = 另有 { $n } 个部分
era-remove-bid = 删除这个竞价
era-remove-history-bid = 删除这个历史请求
era-remove-bid-label = 删除竞价 { $n }
era-remove-history-bid-label = 删除历史请求 { $n }
era-add-bid = 添加竞价
era-add-history-bid = 添加历史请求
era-use-generator = 改用生成器
era-bids-hint = 一个竞价要求在 [A, D)（开始时刻、截止时刻）内使用 W 个单位（数量）、连续 T 个时隙（时长），不早于其提交时隙开始，最多支付 V（价值）。含多个部分的竞价（导入的）只显示第一部分；其余部分保持不变。

## 生成器（bids.rs）

era-generated-bids-legend = 生成的竞价（{ $n } 个类别）
era-generated-history-legend = 生成的历史（{ $n } 个类别）
era-history-seed = 历史种子
era-history-seed-label = 历史的种子
era-class = 类别
era-class-rate = 速率
    .title = 每个时隙的平均请求数（泊松分布）
era-class-count = 数量
    .title = 单位数
era-class-duration = 时长
    .title = 时隙数
era-class-slack = 松弛
    .title = 窗口长度减去时长
era-class-advance = 提前量
    .title = 开始时刻减去提交时刻（提前预定）
era-class-unit-value = 单位价值
    .title = 每单位每时隙的 $
era-class-name-label = 类别名称
era-class-rate-label = 速率
era-class-count-label = 数量
era-class-duration-label = 时长
era-class-slack-label = 松弛
era-class-advance-label = 提前量
era-class-unit-value-label = 单位价值
era-remove-class-label = 删除类别 { $n }
era-add-class = 添加类别
era-freeze = 把抽取的竞价作为列表编辑
era-generator-hint = 每个字段可以是一个数、一个范围“low–high”（均匀分布）、“exp 均值”或一个选择集“{"{"}a, b{"}"}”。竞价的价值 = 单位价值 × 单位数 × 时长。抽取结果由种子决定。
era-drawn-summary = 由种子抽取的 { $n } 个竞价（只读）
era-drawn-label = 抽取的竞价
era-value-dollars = 价值 $
era-window = 窗口

## 字段文本错在哪里（fields.rs），接在文本之后

era-problem-slots = 不是整数个时隙
era-problem-optional-number = 不是有限的数，也不是留空（表示无）
era-problem-optional-slots = 不是整数个时隙，也不是留空（表示无）
era-problem-dist = 不是一个数、范围“low–high”（均匀分布）、“exp 均值”或选择集“{"{"}a, b, …{"}"}”
era-problem-capacity = 不是一个数，也不是从时隙 0 开始的阶梯“时隙:容量, …”
era-problem-curve = 不是形如“单位数@单位价值, …”的点列（留空：无需求）
era-problem-amounts = 不是形如“2 cpu + 4 mem”的资源量
era-problem-optional-amounts = 不是形如“2 cpu + 4 mem”的资源量，也不是留空（表示与正式相同）

## 一次运行的结果（results.rs）

# `$accepted` 和 `$revenue` 是数字（各在自己的元素中），`$total` 是竞价总数。
era-summary = { $total } 个竞价中接受了 { $accepted } 个；收入 ${ $revenue }；效率 { $efficiency }。
era-metric-requested-value = 请求的价值 $
    .title = Σ 所有竞价的价值
era-metric-accepted-value = 接受的价值 $
    .title = Σ 已接受竞价的价值
era-metric-completed-on-time = 按时完成的价值 $
    .title = Σ 在截止时刻前完成的已接受竞价的价值
era-metric-efficiency = 效率
    .title = 按时完成的价值 / 请求的价值
era-metric-revenue = 收入 $
    .title = Σ 所收取的价格
era-metric-accepted = 接受
era-metric-rejected = 拒绝
era-metric-late-jobs = 延迟作业
    .title = 在截止时刻之后才完成的已接受作业
era-metric-late-fraction = 延迟比例
    .title = 延迟作业数 / 接受数
era-metric-utilization = { $resource } 的利用率
    .title = Σ_t min(已使用, 容量) / Σ_t 容量
era-decisions-label = 决策
era-decision = 决策
era-start = 开始
era-price-dollars = 价格 $
era-quote-dollars = 报价 $
    .title = 算法的报价，在不知道价值的情况下给出
era-finish = 完成
era-why = 拒绝 / 延迟原因
era-accepted = 接受
era-rejected = 拒绝
era-late = 延迟
era-on-time = 按时
era-reason-closed = 在时间范围结束时或之后提交
era-reason-window-too-short = 第 { $part } 部分：其窗口（从 max(开始时刻, 提交时刻) 到 min(截止时刻, 时间范围)）短于其时长
era-reason-does-not-fit = 第 { $part } 部分：窗口内没有能在容量之内放下它的开始时间
era-reason-value-below = 价值低于报价
era-gantt-bids = 竞价
era-gantt-title = 各时隙上已接受的作业
era-gantt-title-first = 各时隙上已接受的作业（{ $parts } 个部分中的前 { $shown } 个）
era-units = 单位数
era-usage-chart-title = 容量、已允诺与已使用：{ $resource }
era-series-capacity = 容量
era-series-promised = 已允诺
era-series-used = 已使用
era-price-chart-title = 第一个单位在其时隙看到的价格（now = t），price_t(1)
era-per-unit-and-slot = 每单位每时隙的 $
era-gantt-colour = 作业着色依据
era-gantt-colour-late = 按时 / 延迟
era-gantt-empty = 没有接受任何作业：没有可画的内容。
era-charts-hint = “已允诺”是运行结束时的计划：提前完成的作业已释放其之后的时隙。价格是运行结束后到达的竞价在每个时隙为第一个单位支付的价格。

## 同一工作负载下的所有算法（compare.rs）

era-compare-basic-econ = Basic-Econ
era-compare-first-fit = 首次适应（FirstFit）
era-compare-on-demand = 按需
era-compare-formula = 你的公式
era-compare-efficiency-pct = 效率 %
era-compare-utilisation-pct = 利用率 %
era-compare-late-pct = 延迟 %
era-compare-chart-title = 同一工作负载在各算法下的表现
era-compare-revenue-chart-title = 各算法下的收入
era-compare-heading = 同一工作负载下的所有算法
era-compare-price = 首次适应（FirstFit）与按需的单位价格 $
era-compare-price-label = 固定单位价格
era-compare-run = 比较各算法
era-compare-hint = Basic-Econ 使用上面的选项运行（若选择了其他算法则不设选项）；若使用单位价格公式，公式会与具有相同界限的 Basic-Econ 并排运行。固定价格算法收取 单位价格 × 单位数 × 时长。竞价相同，种子相同。
era-compare-stale = 场景在这次比较之后已有改动：再按一次按钮即可更新。
era-compare-algorithm = 算法
era-compare-utilisation = 利用率
era-compare-accepted = { $total } 个中接受 { $accepted } 个

## 某个时隙的预测需求（demand.rs）

era-demand-series = 时隙 { $slot } 的 demand_t(p)，在 { $now } 时看到
era-demand-free = 容量 − 已允诺
era-demand-first-unit = 第一个单位 ${ $price }
era-demand-chart-title = { $resource } 在时隙 { $slot } 的预测需求
era-demand-price-axis = 价格：每单位每时隙的 $
era-demand-invalid = 先解决场景中的问题，才能看到它的预测需求。
era-demand-large = 基于这份历史的 LP 规模很大：在这里求解会让页面卡住。
era-demand-solve = 仍然求解
era-demand-empty = 对于在 { $now } 提交的竞价，时隙 { $slot } 已没有尚未到来的预测需求：那里每个放得下的单位价格为 0（或最低价格）。
era-demand-heading = 某个时隙的预测需求
era-demand-slot-label = 时隙
era-demand-now = 竞价的提交时刻
era-demand-now-label = 提交时刻
era-demand-hint = 新竞价在这个时隙的第 i 个单位，价格是满足 demand_t(p) > 容量 − 已允诺 − i 的最高 p：即它会挤占的预测需求的价值。正如论文中的预测器所说，只有从竞价提交时刻起到达的需求才计入：更早提交的历史请求已经到达（包含在已允诺中），因此越晚的报价看到的历史越少。

## 请求报价（quote.rs）

era-quote-count-problem = 数量必须 > 0
era-quote-duration-problem = 时长至少为 1 个时隙
era-quote-deadline-problem = 截止时刻不能早于开始时刻
era-quote-invalid = 请先解决场景中的问题
era-quote-press = 按“报价”，根据计划为这个竞价定价。
era-quote-none = 无法报价：{ $reason }
era-quote-rejects = 无论价值多少，ERA 都会拒绝这个竞价：{ $reason }
era-quote-accepted = 接受：价值 { $value } ≥ 报价 { $quote }；用户支付 { $quote }，从时隙 { $slot } 开始运行。
era-quote-rejected = 拒绝：价值 { $value } < 报价 { $quote }。
# `$price` 和 `$starts` 是数字，各在自己的元素中。
era-quote-price = 报价：${ $price }，从时隙 { $starts } 开始
era-quote-now = ——在时隙 { $slot } 报价，依据从那时起预计到达的需求
era-quote-value = 现在输入你的价值 $
era-quote-value-label = 你的价值
era-quote-type-value = 输入你最多愿意支付的金额：当且仅当价值 ≥ 报价时，ERA 接受。
era-quote-heading = 请求报价
era-quote-hint = 输入一个不含价值的竞价。ERA 依据其提交时隙的计划（更早提交的竞价已有决定）以及从那时起尚未到来的预测需求为它报价：即其窗口内最便宜的开始时间及该处的价格。算法从不查看价值——它只报价；随后 ERA 只比较一次，当且仅当价值 ≥ 报价时接受，因此按真实价值出价永远是最优的。
era-quote-count-label = 单位数
era-quote-arrival = 开始时刻
era-quote-arrival-label = 开始时刻
era-quote-deadline = 截止时刻
era-quote-deadline-label = 截止时刻
era-quote-submit-label = 提交时隙
era-quote-button = 报价

era-seed-use = 生成的工作负载与历史，以及作业的实际用量，都由它抽取。
