# cloudshare: see web/locales/GLOSSARY.md for the terms every message follows.

## The page
cloudshare-title = CloudShare：联邦云中公平的非货币调度
cloudshare-lead = 各提供商把处理器汇集起来，互相运行对方的作业，其间没有金钱往来。这种共享公平吗？基准是沙普利值：每个提供商对联邦总等待时间的平均影响。DirectContr 优先服务贡献超出所得最多的提供商；FairShare 和轮转是基线。任何内容都可以编辑：小场景会随输入即时重新计算。（Pacholczyk et al., CrossCloud 2018.）

## Presets (the menu shows each preset by its description)
preset-cloudshare-toy = 论文中的例子：DirectContr 对比 FairShare（图 2–3）
preset-cloudshare-scenario1 = 场景 1：处理器数相等，用户随机分配，表 1 的得分
preset-cloudshare-scenario2 = 场景 2：处理器数服从 Zipf 分布，用户随机分配
preset-cloudshare-scenario3 = 场景 3：本地背景负载

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-cloudshare-toy = CloudShare：论文中两个组织的例子（图 2–3）
preset-notes-cloudshare-toy = A 和 B 各有一台机器。A 在 0、2、4、6 和 8 时刻各提交一个 2 单位的作业；B 在时刻 4 提交两个 3 单位的作业。在时刻 4，DirectContr 看到的优先级相等（到目前为止每个作业都在本地运行），于是把 A 的机器留给 A；FairShare 偏向 B（A 已用完它的份额），把两台机器都给了 B，使 A 的第 3、4、5 个作业总共推迟了 5 个单位。这里作业不切分，所以每个算法都与它自己的沙普利参照比较。
preset-title-cloudshare-scenario1 = CloudShare 场景 1：处理器数相等，用户随机分配（NASA iPSC/860）
preset-notes-cloudshare-scenario1 = 五个组织各有 26 个处理器（iPSC/860 有 128 个节点），日志中的每个用户被映射到一个随机组织；作业被切分为单位大小的单处理器片段（1 小时）；先是从第 72 小时开始的一天，然后是日志前 14 天中 20 个随机的 24 小时窗口上的表 1 得分。
preset-title-cloudshare-scenario2 = CloudShare 场景 2：处理器数服从 Zipf 分布，用户随机分配（NASA iPSC/860）
preset-notes-cloudshare-scenario2 = 同场景 1，但 130 个处理器按 Zipf 定律（s = 1：57、29、19、14、11）分布在五个组织之间。
preset-title-cloudshare-scenario3 = CloudShare 场景 3：本地用户的背景负载（NASA iPSC/860）
preset-notes-cloudshare-scenario3 = 同场景 1，但一半的用户（由种子抽取）是其组织的本地用户：他们的作业只在本组织的处理器上运行，先于联邦作业运行，且不计入公平性核算——一个组织借出的容量随其本地负载而变化。

## Organizations
cloudshare-orgs-legend = 组织（{ $n }）
cloudshare-orgs-kind-label = 组织的给出方式
cloudshare-orgs-kind-list = 列表（名称、处理器）
cloudshare-orgs-kind-equal = N 个组织，处理器数相等
cloudshare-orgs-kind-zipf = N 个组织，处理器数服从 Zipf 定律
cloudshare-org-name = 名称
cloudshare-org-processors = 处理器
    .title = 相同的单核处理器
cloudshare-org-name-label = 组织 { $n } 的名称
cloudshare-org-processors-label = 组织 { $n } 的处理器数
cloudshare-org-machines = 各机器核心数为 { $cores }
cloudshare-org-remove-title = 删除这个组织
cloudshare-org-remove = 删除组织 { $n }
cloudshare-org-add = 添加组织
cloudshare-orgs-count = 组织数
cloudshare-orgs-count-label = 组织的数量
cloudshare-orgs-equal = 每个组织的处理器数
cloudshare-orgs-equal-label = 每个组织的处理器数
cloudshare-orgs-total = 处理器总数
cloudshare-orgs-total-label = 处理器总数
cloudshare-orgs-zipf-s = Zipf s
cloudshare-orgs-zipf-s-label = Zipf 指数
cloudshare-orgs-summary = 命名为 O1 … O{ $count }。
cloudshare-orgs-summary-zipf = 处理器：{ $processors }。命名为 O1 … O{ $count }。
cloudshare-orgs-hint = 处理器数为 0 的组织只提交作业。重命名一个组织时，作业中的名称也会随之更改。

## Jobs
cloudshare-jobs-legend = 作业
cloudshare-jobs-kind-label = 作业的来源
cloudshare-jobs-kind-list = 作业表
cloudshare-jobs-kind-generator = 随机作业（生成器）
cloudshare-jobs-kind-swf = 负载日志的一个时间窗口（SWF）
cloudshare-job-add = 添加作业
cloudshare-jobs-hint = 时间以整数单位计。同一组织的等待作业按释放时间顺序开始（相同时按表中顺序）。
cloudshare-job-org = 组织
    .title = 提交该作业的组织
cloudshare-job-release = 释放
    .title = 提交的时刻
cloudshare-job-duration = 时长
    .title = 运行的时间单位数（调度器事先不知道）
cloudshare-job-cores = 核心
    .title = 同时占用的处理器数
cloudshare-job-org-label = 作业 { $n } 的组织
cloudshare-job-release-label = 作业 { $n } 的释放时间
cloudshare-job-duration-label = 作业 { $n } 的时长
cloudshare-job-cores-label = 作业 { $n } 的核心数
cloudshare-job-remove-title = 删除这个作业
cloudshare-job-remove = 删除作业 { $n }
cloudshare-gen-count = 作业数
cloudshare-gen-count-label = 作业的数量
cloudshare-gen-horizon = 时间范围
cloudshare-gen-horizon-label = 释放时间在 [0, 时间范围) 内
cloudshare-gen-duration = 时长
cloudshare-gen-duration-label = 时长范围
cloudshare-gen-cores = 核心
cloudshare-gen-cores-label = 核心数范围
cloudshare-gen-hint = 每个作业：组织均匀随机抽取，释放时间在 [0, 时间范围) 上均匀分布，时长和核心数为各自范围内均匀分布的整数（由文档的种子抽取）。
cloudshare-range-problem = 不是“下限–上限”形式的整数（或单个数）

## A window of a workload log
cloudshare-swf-none = 还没有日志：请导入一个标准负载格式（Standard Workload Format）文件（Parallel Workloads Archive）。
cloudshare-swf-summary = 日志中共 { $total } 个作业，其中 { $usable } 个可用，提交时间跨度 { $hours } 小时。
cloudshare-swf-unreadable = 无法读取该日志：{ $reason }
cloudshare-swf-slider = 窗口起始小时
cloudshare-swf-slider-label = 窗口的起点：日志第一个作业之后的小时数
cloudshare-swf-start-label = 窗口的起点（小时）
cloudshare-swf-window = 日志第 [{ $from }, { $to }) 小时内提交了 { $jobs } 个作业。
cloudshare-swf-hours = 窗口（小时）
cloudshare-swf-hours-label = 窗口长度（小时）
cloudshare-swf-unit = 时间单位（秒）
cloudshare-swf-unit-label = 每个时间单位的秒数
cloudshare-swf-users = 用户
cloudshare-swf-users-modulo = 用户 u → 组织 u mod N
cloudshare-swf-users-random = 每个用户分到一个随机组织（种子）
cloudshare-swf-local = 本地用户
cloudshare-swf-local-label = 本地用户的比例
cloudshare-swf-hint = 窗口内提交的作业（已完成、运行时间和处理器数 > 0）：释放时间 = ⌊(提交时刻 − 窗口起点) / 单位⌋，时长 = ⌈运行时间 / 单位⌉，核心数 = 处理器数。本地用户的作业（场景 3）只在其所属组织的处理器上运行，且不计入公平性核算。

## Algorithms and fairness
cloudshare-options-legend = 算法与公平性
cloudshare-split-unit = 把作业切分为单位长度、单核的片段（split_unit）
cloudshare-method = 沙普利值
cloudshare-method-auto = 不超过 12 个组织时精确计算，否则抽样
cloudshare-method-exact = 精确计算（每个联盟；最多 20 个组织）
cloudshare-method-sample = 抽样排列（95 % 置信区间）
cloudshare-permutations = 排列数
cloudshare-permutations-label = 抽样的排列数
cloudshare-psi-sp = ψ_sp（抗策略操纵，ORIG_DIRECT 所用）
cloudshare-psi-rel = ψ_rel（从释放时间起算，REL_DIRECT 所用）
cloudshare-psi-surface = ψ_surface = 核心数 × 单位数（SIMPL_DIRECT 所用）
cloudshare-formula-name = 名称
cloudshare-formula-name-label = 公式算法 { $n } 的名称
cloudshare-formula-priority = 优先级 =
cloudshare-formula-priority-label = { $name } 的优先级公式
cloudshare-remove = 删除
cloudshare-formula-remove = 删除公式算法 { $name }
cloudshare-formula-add = 添加优先级公式
cloudshare-twins = 以公式显示：
cloudshare-twin = 添加写成优先级公式的 { $algorithm }（{ $priority }）：结果相同，可作为编辑的起点
cloudshare-formula-hint = 每次选择空闲处理器之前，每个有等待工作的组织都得到这个优先级（与内置算法一样在 t = now + 1 时求值）；最高者胜出，相同时归于排在前面的组织。在 ψ_sp、ψ_rel 或 ψ_surface 下，contribution − utility 即 ORIG_DIRECT、REL_DIRECT 或 SIMPL_DIRECT；if(processors > 0, -usage / processors, -1e308) 即 FAIRSHARE；-last 即 ROUND_ROBIN。试试 contribution - utility + waiting（按等待工作量定优先级）。

## Federation and scoring
cloudshare-federation-legend = 联邦与评分（可选）
cloudshare-federation-on = 分布式形式：占用较少时，代理开放机器
cloudshare-threshold = 开放阈值
cloudshare-threshold-label = 站点出借机器的占用比例上限（忙碌核心数 / 核心数）
cloudshare-leave-org = 退出的组织
cloudshare-leave-time = 时刻
cloudshare-leave-org-label = 退出 { $n } 的组织
cloudshare-leave-time-label = 退出 { $n } 的时刻
cloudshare-leave-remove = 删除退出 { $n }
cloudshare-leave-add = 添加退出
cloudshare-federation-hint = 只有当站点的占用比例（忙碌核心数 / 核心数，自身作业和外来作业都算）低于阈值时，站点才把空闲机器借给外来作业——默认 0.7，即论文中的 30 % 不被占用。站点退出时，在其上运行的外来作业回到队列，如同刚提交一样（其释放时间和等待时间从退出时刻算起），其等待中的作业被撤回。
cloudshare-runs-on = 在日志的随机时间窗口上为各算法评分（表 1）
cloudshare-runs-windows = 窗口数
cloudshare-runs-windows-label = 评分的窗口数
cloudshare-runs-seed = 种子
cloudshare-runs-seed-label = 窗口的种子
cloudshare-runs-need-log = 按窗口评分需要来自负载日志的作业。

## Results
cloudshare-summary-orgs = { $n } 个组织，
cloudshare-summary-pieces = 个片段，
cloudshare-summary-simulations = 次模拟；沙普利值{ $method }
cloudshare-summary-exact = 为精确值
cloudshare-summary-sampled = 为抽样值（95 % 置信区间以 ± 表示）
cloudshare-summary-fairest = ；最公平：{ $algorithm }（不公平度
cloudshare-summary-fairest-end = ）
cloudshare-summary-end = 。
cloudshare-no-common-reference = 作业没有切分为单位片段（split_unit 关闭）：联盟的总等待时间取决于算法，因此每个算法都以它自己的沙普利值来评判——这种比较没有共同的基准。
cloudshare-waits-region = 等待时间
cloudshare-waits-caption = 每个组织的总等待时间（对其所有片段求和 Σ 开始 − 释放）
cloudshare-waits-org = 组织
cloudshare-waits-cores = 核心
cloudshare-waits-phi-title = 组织的沙普利值：它公平的总等待时间
cloudshare-waits-phi = φ（公平等待时间）
cloudshare-waits-phi-own = φ（按算法）
cloudshare-algorithms-region = 算法
cloudshare-algorithm = 算法
cloudshare-algorithms-waits = 等待时间
cloudshare-unfairness = 不公平度
cloudshare-algorithms-utilization = 利用率
    .title = 处理器忙碌时间 / (处理器数 × 完工时间)
cloudshare-algorithms-makespan = 完工时间
cloudshare-no-schedule = 未绘制调度图：片段超过 10,000 个时结果中不含调度（此处为
cloudshare-no-schedule-end = 个）。
cloudshare-coalitions-legend = 联盟价值 v(C)
cloudshare-coalitions-sampled = v(C) = 联盟 C 在自己的处理器上的总等待时间，仅列出抽样排列模拟过的联盟。
cloudshare-coalitions-common = v(C) = 联盟 C 在自己的处理器上的总等待时间；切分为单位片段时，每个算法给出相同的值。
cloudshare-coalitions-own = v(C) = 联盟 C 在自己的处理器上、按第一个算法运行时的总等待时间；不切分为单位片段时，每个算法各有自己的值。
cloudshare-scores-caption = { $n } 个窗口上的得分：在每个窗口中，一个算法每严格比另一个算法更公平，就得一分
cloudshare-points = 得分
cloudshare-runs-region = 各窗口的得分
cloudshare-runs-pieces = 片段
cloudshare-runs-not-scored = 没有作业：不评分

## Charts
cloudshare-chart-time = 时间
cloudshare-chart-fair-wait = 沙普利公平等待时间 φ
cloudshare-chart-phi-of = { $algorithms } 的 φ
cloudshare-chart-waits = 每个组织的总等待时间：各算法与公平等待时间对比
cloudshare-chart-total-wait = 总等待时间
cloudshare-chart-unfairness = 各算法的不公平度（Σ |等待时间 − φ|）
cloudshare-chart-points = 评分窗口上的得分

## Undo ("Undo …")
cloudshare-undo-orgs-kind = 切换组织的给出方式
cloudshare-undo-jobs-kind = 切换作业的来源
cloudshare-undo-swf = 加载负载日志
cloudshare-undo-remove-job = 删除作业 { $n }
cloudshare-undo-remove-formula = 删除优先级公式 { $n }

## How fairness is measured
cloudshare-explain-summary = 如何衡量公平，算法如何选择
cloudshare-explain-shapley = 提供商的沙普利值
cloudshare-explain-shapley-text = 各组织汇集处理器，没有金钱往来。博弈的价值 v(C) 是联盟 C 单独在自己的处理器上运行时，C 的作业的总等待时间。提供商的沙普利值 φ_o 是它在联邦所有可能的形成顺序上，对联邦总等待时间的平均边际影响 v(C ∪ { "\u007B" }o{ "\u007D" }) − v(C)：即它公平的总等待时间。φ 为负，表示它的加入使其他组织的等待时间缩短得比它自己作业的等待时间还多——它带来了空闲的处理器。算法的不公平度为 Σ_o |wait(o) − φ_o|。
cloudshare-explain-formula = φ_o = 对所有 C ⊆ O∖{ "\u007B" }o{ "\u007D" } 求和 |C|! (N − |C| − 1)! / N! · (v(C ∪ { "\u007B" }o{ "\u007D" }) − v(C))
cloudshare-explain-exact = 精确值需要 2^N − 1 次联盟模拟（最多 20 个组织）；超过时对排列进行抽样（使用种子），每个 φ 都附带其 95 % 置信区间的半宽。
cloudshare-explain-unit = 为什么单位片段给出统一的基准
cloudshare-explain-unit-text = 启用 split_unit 时，每个作业都变成单位长度、单核的片段。这里的每个算法在相同处理器上都是保持工作（work-conserving）的，因此无论顺序如何，每一时刻运行的片段数都相同：联盟的总等待时间在每个算法下都一样，v(C)——从而 φ——对所有算法都相同。不切分时，总等待时间取决于哪个作业先运行，于是每个算法自己的联盟模拟给出它自己的 v 和自己的沙普利基准：这时的比较没有共同的基准。
cloudshare-explain-direct = DirectContr：贡献减去效用
cloudshare-explain-direct-text = 每当有处理器空闲，DirectContr 就服务贡献（在其处理器上运行的片段的效用，无论片段属于谁）超出其效用（它自己的片段的效用，无论在哪里运行）最多的组织，两者都在当前时隙结束时求值。对于在 s 开始、在 r 释放、占用 c 个核心、到时刻 t 已完成 q 个单位的片段：
cloudshare-explain-psi-sp = ψ_sp（ORIG_DIRECT）：c · Σ_{ "\u007B" }τ=s{ "\u007D" }^{ "\u007B" }s+q−1{ "\u007D" } (t − τ)——越早完成的单位工作价值越高（抗策略操纵）。
cloudshare-explain-psi-rel = ψ_rel（REL_DIRECT）：c · Σ_{ "\u007B" }τ=s{ "\u007D" }^{ "\u007B" }s+q−1{ "\u007D" } (t − r − (τ − s)) = c · q · (t − r − (q − 1)/2) = ψ_sp + c · q · (s − r)——时间从释放而不是开始算起：一个已完成的片段无论开始多晚，价值都是 c · p · (t − r − (p − 1)/2)，因此正如论文所说，释放时间“抵消”了早期决策的持久优势。
cloudshare-explain-psi-surface = ψ_surface（SIMPL_DIRECT）：c · q——完成的工作量。
cloudshare-explain-reconstruction = 我们手头的论文文本缺失了方程 (1)–(4)。上面的确切形式沿用了作者较早的工作（Skowron 和 Rzadca，2013 年和 2014 年，论文中有引用），属于重构；尤其 ψ_rel 是我们自己的——论文只说释放时间抵消了早期决策的优势。早先的一种理解减去了等待时间，即 ψ_sp − c · q · (s − r)，这使本应消除的效应加倍：当时 REL_DIRECT 在我们的运行中得 0–25 分，而现在为 31–94 分（见下表）。
cloudshare-explain-split-note = 单位片段与论文中的例子（预设 cloudshare-toy，打开 split_unit）：ORIG_DIRECT 和 REL_DIRECT 最终的不公平度为 16。这由定义推出，并不是程序错误。切分为单位片段后，A 在时刻 0 和 2 的两个 2 单位作业各有一个片段在 B 空闲的机器上运行。沙普利值不会因为 A 使用了 B 没在用的机器而向 A 收费，但 DirectContr 把它记为 A 欠 B 的债：B 的优先级（贡献 − 效用）是这两个片段的 ψ，即 (t − 0) + (t − 2) = 2t − 2——在 ψ_rel 下也一样，因为两者都在释放时开始——所以在时刻 4 的选择于 5 求值时为 8，并且每个时间单位增加 2。B 从时刻 4 起占用两台机器，直到它的 6 个片段都已开始；A 在时刻 4、6、8 的作业等待 6 + 4 + 2 = 12，而公平的 φ_A = 4，B 等待 6，而 φ_B = 14（v({ "\u007B" }A{ "\u007D" }) = 5，v({ "\u007B" }B{ "\u007D" }) = 15，v({ "\u007B" }A, B{ "\u007D" }) = 18）：|12 − 4| + |6 − 14| = 16。SIMPL_DIRECT 的债保持为 2 个单位（ψ = c · q）：不公平度 8；FAIRSHARE 为 14；ROUND_ROBIN 为 2。不切分为单位片段时（论文的图 2–3），A 从不借用 B 的机器，DirectContr 完全公平。
cloudshare-explain-baselines = 基线
cloudshare-explain-baselines-text = FAIRSHARE 按处理器数成比例地给每个组织分配份额，并服务单位份额使用量（完成的工作量，ψ_surface）最小的组织——它奖励组织拥有的资源，而不是出借的资源。ROUND_ROBIN 服务最久未被选中的组织。两者都不考虑谁帮助了谁，这就是它们可能远离沙普利值的原因。
cloudshare-explain-distributed = 分布式形式
cloudshare-explain-distributed-text = 启用 federation 配置时，每个站点的代理只在其占用比例——忙碌核心数 / 核心数，自身作业和外来作业都算——低于开放阈值（默认 0.7，即论文中的“30% 的 CPU 总算力不被占用”）时，才把空闲处理器借给外来作业：忙碌数 / 核心数一旦达到阈值，出借即停止。站点可以退出：在其上运行的外来作业失去已完成的工作，回到队列，“如同刚提交一样”——它们的释放时间以及等待时间从退出时刻算起——而该站点等待中的作业被撤回。
cloudshare-explain-table1 = 论文表 1 与我们的结果
cloudshare-explain-table1-text = 论文在四个日志（HPC2N、DAS2、LPC EGEE 和 MetaCentrum）的 20 个随机 24 小时窗口上为五个组织评分：在每个窗口中，一个算法每严格比另一个算法更公平，就得一分。论文报告说，SIMPL_DIRECT 和 REL_DIRECT 在每个场景中都胜过 FAIRSHARE。我们的运行使用另外两个日志，各 24 个窗口（NASA iPSC/860 和 LCG 网格；scripts/cloudshare_scores.py）：在 LCG 上三个场景都是如此，在 NASA 上场景 3 也是如此，但 NASA 的场景 2 不是（REL_DIRECT 39，SIMPL_DIRECT 37，FAIRSHARE 56），NASA 的场景 1 中 REL_DIRECT 也不是（31 对 40）。
cloudshare-table1-paper = 论文，场景 1 / 2 / 3
cloudshare-table1-nasa = NASA iPSC/860，1 / 2 / 3
cloudshare-table1-lcg = LCG，1 / 2 / 3

cloudshare-seed-use = 它把日志的用户映射到组织（“random”）、选出本地用户、抽取生成器的作业、沙普利值的抽样排列以及评分的窗口。

cloudshare-unfairness-formula = Σ_o |wait(o) − φ_o|
cloudshare-gantt-title = { $algorithm }
