# abacus: see web/locales/GLOSSARY.md for the terms every message follows.

## The page (mod.rs)
abacus-title = Abacus：拆分预算的拍卖
abacus-lead = 每个作业以一个预算和一个定义在各资源类型上的效用参与竞价；拍卖方把每份预算拆成子预算，并以概率 s_ij = b_ij^α / Σ_l b_lj^α 把资源 j 分给作业 i。任意修改一个数字，拍卖都会随输入即时重算。（Zhang, Ma, Ding, Yang, IC2E 2013。）
abacus-to-estimate = 根据已完成的作业估计效用 →
abacus-scheduler = 调度器
abacus-scheduler-off-hint = 在槽位上运行作业：用户随时间提交作业，并把 Abacus 与 FIFO 和 Fair 相比较。
abacus-scheduler-add = 添加调度器

## Explanations (explain.rs)
abacus-explain-alpha = α 的作用
abacus-explain-alpha-text = 份额为 s_ij = b_ij^α / Σ_l b_lj^α。α = 0 时，无论出多少钱，每个作业都得到每种资源的 1/n；α = 1 时，资源按出钱多少成比例分配。介于两者之间时，钱能买到优先权，但收益递减。论文把 α 限制在 [0, 1] 内，使每个作业的效用是其子预算的凹函数（引理 1）。
abacus-explain-split = 为什么拆分是自动的
abacus-explain-split-text = 作业只需给出总预算。拍卖方把每个作业的钱移到能买到最多效用的地方：它令 b_ij 与 (∂u_i/∂s_ij) · s_ij · (1 − s_ij) 成正比，逐个作业调整，直到不再变化。在这个不动点上，给定其他作业，每个作业的拆分就是它自己能选出的最优拆分（引理 2），因此用户手动拆分得不到任何好处（引理 3）。
abacus-explain-incentive = 激励相容
abacus-explain-incentive-text = 作业若报告更低的预算（引理 4：效用随预算上升），或报告与真实权重不同的权重（定理 2），其真实效用只会下降。条件是：每个用户同一时刻至多有一个运行中的作业——若有多个，用户可以在自己的作业之间挪钱。探索器针对每个报告重新运行拍卖，并在所得份额处计算真实效用；标出的点即如实报告。在这里，报告更低的预算从不划算。报告其他权重偶尔会略有好处（例如运行示例中的 J3 报告比值 0.45 可多得 0.0014）：在新的均衡下，其他作业的拆分会对该报告作出反应，而定理的论证没有考虑这一点。
abacus-explain-scheduler = 调度器
abacus-explain-scheduler-text = 份额就是概率：一个槽位空出时，它会分给一个有就绪任务的作业，按份额成比例随机选择。每当有作业到达或离开，拍卖都会重新计算。FIFO 和 Fair 在相同的到达序列上运行，以作比较。

## Editors (editors.rs)
abacus-auction = 拍卖
abacus-alpha-hint = α = 0 时每种资源平均分配（各得 1/n）；α = 1 时按子预算成比例分配。论文允许 α 取 [0, 1] 内的值，并证明了 α ≤ 0.5 时收敛。
abacus-stopping-rule = 停止规则
abacus-tolerance = 容差
abacus-max-rounds = 最大轮数
abacus-max-rounds-label = 最大轮数
abacus-stopping-hint = 当一轮中没有任何子预算的变化超过“容差 × 最大预算”时停止。
abacus-resource-types = 资源类型（{ $count }）
abacus-resource-name = 名称
abacus-resource-units = 单位数
abacus-resource-name-label = 资源 { $n } 的名称
abacus-resource-units-label = { $name } 的单位数
abacus-resource-remove-title = 删除此资源类型
abacus-resource-remove = 删除资源 { $n }
abacus-resource-add = 添加资源类型
abacus-jobs = 作业（{ $count }）
abacus-job = 作业
abacus-budget-dollars = 预算 $
abacus-utility = 效用
abacus-job-name-label = 作业 { $n } 的名称
abacus-job-budget-label = { $job } 的预算
abacus-job-utility-label = { $job } 的效用
abacus-utility-linear = 线性 w·s
abacus-utility-log = 对数 w·ln s
abacus-utility-power = 幂函数 w·sᵖ
abacus-utility-formula = 自定义公式 u(s)
abacus-job-formula-label = { $job } 的效用公式
abacus-job-weight-label = { $job } 在资源 { $n } 上的权重
abacus-exponent = 指数
abacus-job-remove-title = 删除此作业
abacus-job-remove = 删除作业 { $n }
abacus-job-formula-hint = 公式效用按资源名称读取作业的份额：{ $names }。每个变量是作业在该资源类型上的份额，取值 0 到 1。选择“自定义公式”时，会从该作业自身的效用展开式开始（拍卖结果相同）。可以试试 Leontief 3*min({ $a }/2, { $b })、Cobb–Douglas { $a }^0.5 * { $b }^0.5，或收益递减的 sqrt({ $a }) + 2*sqrt({ $b })。拍卖按精确计算的 ∂u/∂s 拆分预算；当效用对每个份额都是凹且非减的函数时，拍卖会收敛。
abacus-job-add = 添加作业

## The auction's results (results.rs)
abacus-chart-first-of = { $title }（仅显示 { $jobs } 个作业中的前 { $first } 个）
abacus-chart-shares = 各作业在各资源上的份额 s_ij
abacus-chart-share = 份额
abacus-chart-split = 子预算拆分 b_ij
abacus-chart-rounds = 各轮的子预算
abacus-chart-rounds-first = 各轮的子预算（前 { $first } 个作业）
abacus-chart-round = 轮次
abacus-chart-sub-budget = 子预算 $
abacus-chart-residual = 每轮子预算的最大变化
abacus-chart-max-change-dollars = 最大 |Δb| $
abacus-chart-max-change = 最大 |Δb|
abacus-converged-before = 经过
abacus-converged-after = 轮后收敛。
abacus-not-converged-before = 经过
abacus-not-converged-after = 轮仍未收敛：请提高轮数上限或容差。
abacus-not-converged-after-formula = 轮仍未收敛。原因可能在于公式效用：当效用对每个份额都是凹且非减的函数时，算法 2 能找到每个作业的最优响应（引理 2）；若公式是凸的或有折点（x^2、min、if），可能不存在能收敛到的拆分。否则，请提高轮数上限或容差。
abacus-results-label = 拍卖结果
abacus-results-share-title = 份额 s_ij
abacus-results-sub-budget-title = 子预算 b_ij
abacus-results-utility-title = 按作业的竞价计算的 u_i(s_i)
abacus-results-utility = 效用

## The incentive explorer (sweep.rs)
abacus-sweep = 激励探索器
abacus-sweep-off = — 关闭 —
abacus-sweep-over = 改变其报告的
abacus-sweep-budget = 预算
abacus-sweep-ratio = 权重比 w₁/w₂
abacus-sweep-from = 从
abacus-sweep-from-label = 扫描起点
abacus-sweep-to = 到
abacus-sweep-to-label = 扫描终点
abacus-sweep-points = 点数
abacus-sweep-points-label = 点数
abacus-sweep-axis-budget = { $job } 报告的预算 $
abacus-sweep-axis-ratio = { $job } 报告的权重比 w₁/w₂
abacus-sweep-true-series = { $job }（真实效用）
abacus-sweep-chart = 真实效用与报告的关系（图 8）
abacus-sweep-true-utility = 真实效用
abacus-sweep-truthful = 如实报告
abacus-sweep-truthful-best = 在此范围内，对 { $job } 而言没有任何报告优于如实报告：误报的最大增益为
abacus-sweep-truthful-best-end = 。
abacus-sweep-gain-before = 误报可带来
abacus-sweep-gain-after = 的增益（对 { $job } 而言）。定理 2 说这不可能，但其他作业的子预算会对报告作出反应；这样的实例确实存在（对权重报告，约占随机实例的 1–5 %；见文档）。报告更低的预算从不划算。
abacus-sweep-monotone = 效用随预算上升（引理 4）。
abacus-sweep-not-monotone = 这里效用并不随预算单调变化。

## Convergence statistics (study.rs)
abacus-study = 收敛统计（图 6）
abacus-study-hint = 取论文默认设置下的随机实例（32 个用户、4 种资源、α = 0.5、预算 U[50, 200]、权重 U[0.5, 2]），改变其中一项。容差 1e-10。
abacus-study-vary = 改变
abacus-study-users = 用户数
abacus-study-resources = 资源类型数
abacus-study-users-axis = 用户数
abacus-study-resources-axis = 资源类型数
abacus-study-chart = 收敛所需轮数，随机实例的平均值（图 6）
abacus-study-rounds = 轮数
abacus-study-linear = 线性效用
abacus-study-log = 对数效用
abacus-study-runs = 每点运行次数
abacus-study-runs-label = 每点运行次数
abacus-study-seed = 种子
abacus-study-seed-label = 种子
abacus-study-computing = 计算中…
abacus-study-compute = 计算
abacus-study-linear-column = 线性：平均（最大）
abacus-study-log-column = 对数：平均（最大）

## The scheduler (schedule.rs)
abacus-phases-in-order = 阶段按序执行（reduce 等待 map 完成）
abacus-horizon = 到达截止于（秒）
abacus-horizon-label = 时间范围
abacus-user = 用户
abacus-bids-title = 报告的预算（留空：即真实预算）
abacus-bids = 竞价 $
abacus-arrivals-title = 泊松到达（每分钟作业数）或明确的到达时刻（秒）
abacus-expected-arrival-times = 以秒为单位的到达时刻列表，例如 0, 30, 90
abacus-arrivals = 到达
abacus-user-utility-title = 真实效用：权重（w 列）或自定义公式
abacus-user-weight-title = 真实效用的权重
abacus-user-tasks = 任务数({ $resource })
abacus-user-time = 用时({ $resource }) 秒
abacus-reported-title = 用户竞价所用的效用：其真实效用，或自定义公式（即误报）
abacus-reported = 报告的效用
abacus-user-name-label = 用户名称
abacus-user-budget-label = 预算
abacus-user-reported-budget-label = 报告的预算
abacus-user-formula-label = 用户 { $user } 的效用公式
abacus-user-weight-label = 权重
abacus-user-tasks-label = 任务数
abacus-user-time-label = 任务用时
abacus-user-remove = 删除用户 { $n }
abacus-user-formula-hint = 公式效用按资源名称读取用户的份额：{ $names }。选择“自定义公式”时，会从该用户自身的效用展开式开始（调度结果相同）；报告的公式是用户在拍卖中竞价所用的效用，真实公式则是其作业的实际价值。
abacus-user-add = 添加用户
abacus-scheduler-off = 关闭调度器
abacus-scheduler-hint = 每个用户在时间范围内随机（泊松过程）提交作业；作业按资源类型运行其任务。在 Abacus 下，空出的槽位按份额成比例随机分给一个作业；FIFO 服务最早的作业，Fair 服务运行中任务最少的作业。三者使用相同的到达序列和种子（见上方）。
abacus-user-utility-label = 用户 { $user } 的效用
abacus-user-utility-weights = 权重 w
abacus-user-reported-label = 用户 { $user } 报告的效用
abacus-reported-true = 其真实效用
abacus-reported-weights = 文档中的权重
abacus-user-reported-formula-label = 用户 { $user } 报告的效用公式
abacus-response-chart = 各用户的平均响应时间（图 9）
abacus-seconds = 秒
abacus-busy-chart = { $policy } 下忙碌槽位随时间的变化
abacus-time-seconds = 时间（秒）
abacus-busy-fraction = 忙碌比例
abacus-policy = 策略
abacus-policy-jobs = 作业数
abacus-mean-response = 平均响应（秒）
abacus-makespan = 完工时间（秒）
abacus-busy = 忙碌({ $resource })
abacus-arrival-process = 到达过程
abacus-arrivals-rate = λ /分钟
abacus-arrivals-times = 时刻（秒）
abacus-arrivals-rate-label = 每分钟到达数
abacus-arrivals-times-label = 到达时刻（秒）

## What an edit replaces, for Undo (state.rs)
abacus-undo-remove-job = 删除作业 { $n }
abacus-undo-remove-resource = 删除资源 { $n }
abacus-undo-remove-user = 删除用户 { $n }
abacus-undo-job-utility = 切换作业 { $n } 的效用
abacus-undo-user-utility = 切换用户 { $n } 的效用
abacus-undo-sweep-off = 关闭激励探索器

## Utility estimation (estimate/)
abacus-estimate-title = Abacus：根据已完成的作业估计效用
abacus-estimate-lead = 不知道自身效用的用户以默认效用竞价；每个作业完成时，系统记录该作业在每种资源上的平均份额和一个测得的效用（例如 1 / 响应时间）。随后用回归恢复出权重（第 V 节）。
abacus-estimate-resource-n = 资源 { $n }
abacus-estimate-estimated = 估计值
abacus-estimate-true = 真实值
abacus-estimate-weights-chart = 权重，归一化使总和为 1（图 10）
abacus-estimate-weights-axis = w_j / Σ w
abacus-estimate-fit-chart = 各作业的测得效用与拟合效用
abacus-estimate-observation = 观测
abacus-estimate-measured = 测得
abacus-estimate-fitted = 拟合
abacus-estimate-fit = 拟合
abacus-estimate-linear = 线性：u = Σ w_j s̄_j
abacus-estimate-log = 对数：u = Σ w_j ln s̄_j
abacus-estimate-nnls = 非负权重（NNLS）
abacus-estimate-from-schedule = 由调度器得到的观测
abacus-estimate-from-schedule-text = 这次运行先在 Abacus 下调度其 Abacus 场景中的 { $users } 个用户，其中 { $user } 以默认效用（等权重）竞价，其真实效用保持隐藏；然后观测它最先完成的 { $jobs } 个作业：每个作业的平均份额 s̄ 以及{ $measure }。
abacus-estimate-measure-response = 1 / 响应时间（论文中的度量）
abacus-estimate-measure-hidden = 它在 s̄ 处的隐藏效用
abacus-estimate-observed = 这次运行观测了 { $jobs } 个作业（第一个：份额 { $shares }，效用
abacus-estimate-observed-end = ）。
abacus-estimate-resource = 资源
abacus-estimate-estimated-w = 估计的 w
abacus-estimate-true-w = 真实的 w
abacus-estimate-rss = 残差平方和为
abacus-estimate-rss-over = （基于
abacus-estimate-rss-jobs = 个作业）。
abacus-estimate-regression = 回归
abacus-estimate-regression-math = 对 w 最小化：  Σ_l ( u_l − Σ_j w_j φ(s̄_lj) )²，   φ(s) = s（线性）或 ln s（对数）
abacus-estimate-regression-text = 有 m 种资源类型时，m 个份额线性无关的作业就能精确确定权重；更多的作业可以平均掉测量噪声。非负最小二乘（Lawson–Hanson）使每个权重都 ≥ 0，效用的权重本应如此。对拍卖而言，只有权重之比才重要。
abacus-estimate-csv-error = 无法导入该 CSV；你的工作没有改变。
    { $error }
abacus-estimate-observations = 观测（{ $count }）
abacus-estimate-remove-resource = 删除资源类型 { $n }
abacus-estimate-share-label = 作业 { $job } 的份额 { $n }
abacus-estimate-utility-label = 作业 { $job } 的效用
abacus-estimate-true-weight-label = 真实权重 { $n }
abacus-estimate-true-weights-row = ← 真实权重（仅供比较）
abacus-estimate-compare = 与真实权重比较
abacus-estimate-import = 导入 CSV
abacus-estimate-export = 导出 CSV
abacus-estimate-example-title = 估计一个效用
abacus-estimate-csv-hint = CSV：先是一行表头，然后每个作业一行：其平均份额 s̄₁ … s̄ₘ，最后是测得的效用。
abacus-estimate-undo-kind = 切换观测的来源
abacus-estimate-undo-remove = 删除观测 { $n }
abacus-estimate-undo-import = 导入观测

## The presets (the core's descriptions, shown in the preset menu)
preset-abacus-running-example = 论文的运行示例（图 2–4；J2 和 J3 为重构）
preset-abacus-table-one = 表 I：三个泊松到达的用户，Abacus 对比 FIFO 与 Fair（图 8–9）
preset-abacus-convergence-linear = 图 6–7 的设置：32 个用户、4 种资源、线性效用
preset-abacus-convergence-log = 图 6–7 的设置：32 个用户、4 种资源、对数效用
preset-abacus-estimate-user-3 = 图 10：表 I 中的用户 3 以默认效用竞价；用 20 个作业的 1 / 响应时间拟合其权重
preset-abacus-estimate-user-3-model = 表 I 中的用户 3 以默认效用竞价；其作业按隐藏效用 6x + y 测量（可恢复出权重）
preset-abacus-estimate-example = 某用户的五个观测作业，其真实效用约为 6x + y

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-abacus-running-example = Abacus 运行示例（图 2–4）
preset-notes-abacus-running-example = J1 = ($100, 3x + 2y) 来自论文。J2 = ($200, 3x + 2y) 和 J3 = ($160, 2x + 4y) 是重建的（原图已丢失）：它们重现了正文报告的每个数字——J1 最终为 $64.0 / $36.0，份额为 0.309 / 0.236，且 J3 得到的 reduce 份额多于 J2。
preset-title-abacus-table-one = 表 I：三个用户，泊松到达
preset-notes-abacus-table-one = Map/reduce 任务时长分别为 30/20、15/40 和 60/10 秒；预算均为 $200；到达率分别为每分钟 2、1.5 和 1.1 个，持续 30 分钟。真实效用与任务时长呈线性关系，与论文相同（u1 = 3x + 2y）。激励探索器改变用户 3 报告的预算（图 8a）；调度比较 Abacus 与 FIFO 和 Fair（图 9）。
preset-title-abacus-convergence-linear = 收敛设置（图 6–7）：32 个用户、4 种资源
preset-notes-abacus-convergence-linear = 预算在 [50, 200] 上均匀分布，权重在 [0.5, 2] 上均匀分布，α = 0.5，与论文的默认设置相同；改变种子可得到另一个随机实例。
preset-title-abacus-convergence-log = { preset-title-abacus-convergence-linear }
preset-notes-abacus-convergence-log = { preset-notes-abacus-convergence-linear }
preset-title-abacus-estimate-user-3 = 从作业估计用户 3 的效用
preset-notes-abacus-estimate-user-3 = 用户 3 以默认效用（权重相等）竞价，其真实效用保持隐藏；每个观测是它在 Abacus 下完成的一个作业：该作业存续期间各资源的平均份额，以及测得的效用 1 / 响应时间（论文在 Hadoop 上的测量方式）。由“表 I：三个用户，泊松到达”（种子 1）生成。
preset-title-abacus-estimate-user-3-model = { preset-title-abacus-estimate-user-3 }
preset-notes-abacus-estimate-user-3-model = 用户 3 以默认效用（权重相等）竞价，其真实效用保持隐藏；每个观测是它在 Abacus 下完成的一个作业：该作业存续期间各资源的平均份额，以及它在这些份额下隐藏的真实效用（估计模型的测量方式）。由“表 I：三个用户，泊松到达”（种子 1）生成。

abacus-seed-use = 调度器用它抽取作业的到达时间和 Abacus 的槽位选择。
