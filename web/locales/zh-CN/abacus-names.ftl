# abacus-names: see web/locales/GLOSSARY.md for the terms every message follows.
# How the Abacus pages name their fields in problems, prompts and lock notes ("J1's budget").

# An owner's name before what it owns: "J1 的" (Chinese does not look at $ends).
abacus-names-of = { $ends ->
       *[other] { $name } 的
    }
abacus-names-tolerance = 容差
abacus-names-max-iterations = 最大轮数
abacus-names-trace = 轨迹记录
abacus-names-resources = 资源类型
abacus-names-resource = 资源 { $resource }
abacus-names-resource-name = 资源 { $n } 的名称
abacus-names-resource-units = { $owner }单位数
abacus-names-jobs = 作业列表
abacus-names-job-name = 作业 { $n } 的名称
abacus-names-job-budget = { $owner }预算
abacus-names-job-utility = { $owner }效用
abacus-names-job-weight = { $owner }在 { $resource } 上的权重
abacus-names-job-exponent = { $owner }指数 p
abacus-names-job-formula = { $owner }效用公式
abacus-names-sweep = 扫描
abacus-names-sweep-job = 被扫描的作业
abacus-names-sweep-over = 扫描改变的量
abacus-names-sweep-from = 扫描起点
abacus-names-sweep-to = 扫描终点
abacus-names-sweep-points = 扫描点数
abacus-names-schedule = 调度器
abacus-names-policies = 调度策略
abacus-names-phases-in-order = map 之后再 reduce
abacus-names-horizon = 调度器的时间范围
abacus-names-users = 调度器的用户
abacus-names-user-formula = { $owner }效用公式
abacus-names-user-reported-formula = { $owner }报告的效用公式
abacus-names-share = { $owner }在 { $resource } 上的份额
abacus-names-sub-budget = { $owner }用于 { $resource } 的子预算
abacus-names-iterations = 轮数
abacus-names-round-change = 第 { $n } 轮中子预算的最大变化
abacus-names-max-gain = 误报的最大增益
abacus-names-truthful-utility = 如实报告时的真实效用
abacus-names-point-utility = 扫描点 { $n } 处的真实效用
abacus-names-point-report = 扫描点 { $n } 处的报告
abacus-names-makespan = { $policy } 下的完工时间
abacus-names-mean-response = { $policy } 下的平均响应时间
abacus-names-auctions = { $policy } 下的拍卖次数
abacus-names-utilisation = { $policy } 下 { $resource } 的利用率
abacus-names-user-mean-response = { $policy } 下{ $owner }平均响应时间
abacus-names-user-jobs = { $policy } 下{ $owner }作业数

## Utility estimation (estimate.rs)
abacus-names-estimate-kind = 效用形式
abacus-names-estimate-non-negative = 非负权重
abacus-names-estimate-observations = 观测
abacus-names-estimate-utility = 观测作业 { $job } 的效用
abacus-names-estimate-share = 观测作业 { $job } 在资源 { $n } 上的份额
abacus-names-estimate-true-weights = 真实权重
abacus-names-estimate-true-weight = 资源 { $n } 的真实权重
abacus-names-estimate-weight = 资源 { $n } 的拟合权重
abacus-names-estimate-fitted = 观测作业 { $job } 的拟合效用
abacus-names-estimate-rss = 残差平方和
abacus-names-estimate-used = 使用的观测作业数
