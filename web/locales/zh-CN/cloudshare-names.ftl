# cloudshare-names: see web/locales/GLOSSARY.md for the terms every message follows.
# How the CloudShare page names its fields and results (teacher's prompts, lock notes, lists).

# A name as the owner of what follows ($s: English only, whether the name ends in "s").
cloudshare-names-owner = { $s ->
   *[other] { $name } 的
    }
cloudshare-names-quoted = “{ $name }”
cloudshare-names-algorithm = 算法 { $n }
cloudshare-names-job = 作业 { $n }
cloudshare-names-job-of = 作业 { $n }（{ $org }）
cloudshare-names-release = 释放时间
cloudshare-names-duration = 时长
cloudshare-names-job-cores = 核心数
cloudshare-names-organizations = 组织
cloudshare-names-processors = { $owner }处理器数
cloudshare-names-org-name = 组织 { $n } 的名称
cloudshare-names-jobs = 作业
cloudshare-names-job-org = 作业 { $n } 的组织
cloudshare-names-job-field = { $owner }{ $field }
cloudshare-names-algorithms = 算法
cloudshare-names-priority = { $algorithm } 的优先级公式
cloudshare-names-formula-name = 公式算法 { $n } 的名称
cloudshare-names-psi = { $algorithm } 的 ψ
cloudshare-names-split-unit = 单位片段
cloudshare-names-method = 沙普利值的计算方式
cloudshare-names-permutations = 排列数
cloudshare-names-federation = 联邦
cloudshare-names-threshold = 站点出借机器的占用比例上限
cloudshare-names-runs = 评分的窗口
cloudshare-names-wait = { $algorithm } 下{ $owner }等待时间
cloudshare-names-unfairness = { $algorithm } 的不公平度
cloudshare-names-makespan = { $algorithm } 下的完工时间
cloudshare-names-utilization = { $algorithm } 下的利用率
cloudshare-names-shapley-under = { $algorithm } 下{ $owner }沙普利值
cloudshare-names-cores = { $owner }核心数
cloudshare-names-shapley = { $owner }沙普利值
cloudshare-names-pieces = 片段数
cloudshare-names-simulations = 模拟次数
cloudshare-names-score = { $algorithm } 的得分
cloudshare-names-window-start = 窗口 { $n } 的起点（小时）
cloudshare-names-window-pieces = 窗口 { $n } 中的片段数
cloudshare-names-window-unfairness = 窗口 { $n } 中 { $algorithm } 的不公平度
