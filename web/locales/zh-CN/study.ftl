# study: see web/locales/GLOSSARY.md for the terms every message follows.

## The study page (study/mod.rs)
study-unreadable = 后台线程发回的表格无法读取：{ $error }
study-progress = 批量研究进度
study-starting = 正在启动后台线程…
study-running-shards = 后台线程已完成 { $done } / { $shards } 个分片… { $percent } %
study-cancelled = 批量研究已取消。
study-failed = 批量研究无法运行：{ $error }
study-cancel = 取消
study-source-here = 在此运行的批量研究
study-source-file = 表格 { $name }
study-title = 批量研究
study-lead = 在网格和若干种子上改变场景中的任意数字，在后台线程中运行每一种组合，并把任意结果对任意被改变的参数作图：显示各种子上的平均值及其 95% 区间，每个算法、作业或组织一条线。这里的表格与
study-lead-end = 写出的表格相同，因此同一项研究无需修改即可在集群上运行（README：在集群上运行研究），在那里合并的表格也可以拖放到这里。
study-run-here = 在此运行批量研究（至多 1,000 个分片）
study-base = 基础文档
study-start-from = 从…开始
study-example = 示例（spot：四种策略）
study-open-on = 在{ $page }页面上打开的场景
study-mechanism-abacus = Abacus 拍卖
study-mechanism-abacus_estimate = Abacus 效用估计
study-mechanism-shapley = 沙普利值计算器
study-mechanism-era = ERA 预定
study-mechanism-spot = 按需、竞价还是两者兼用
study-mechanism-cloudshare = CloudShare / DirectContr
study-load = 载入文档…
study-base-label = 基础文档（场景 JSON）
study-vary = 改变的参数
study-vary-hint-list = 每行一个：指向文档内的 JSON 指针 = 一个列表
study-vary-hint-range = 或一个范围
study-vary-hint-as = （包含两端）——与
study-vary-hint-end = 相同。第一行变化最慢。
study-seeds = 种子
study-seeds-hint = /seed 从 1 到 N，变化最快（--seeds N）；区间基于这些种子计算
study-metrics = 额外指标
study-metrics-hint = 指向每个结果的 JSON 指针，附在主要指标旁（--metric）
study-running = 运行中…
study-run-shards = 运行 { $count } 个分片
study-run = 运行
study-elsewhere = 或对在别处合并的表格作图
study-drop-label = 选择表格…
study-drop-hint = 把由 cloudecon merge 生成的表格（CSV 或 JSON）拖放到这里。
