# bench: see web/locales/GLOSSARY.md for the terms every message follows.

## Benchmark mode (bench.rs)
bench-missing = 缺少{ $what }
bench-unreadable = 后台线程发回的报告无法读取：{ $error }
bench-cancel = 取消
bench-progress = 基准测试进度
bench-starting = 正在启动后台线程…
bench-timing = 正在后台线程中计时第 { $current } 个工作负载（共 { $workloads } 个）… { $percent } %
bench-cancelled = 基准测试已取消。
bench-failed = 基准测试失败：{ $error }
bench-title = 基准测试模式
bench-lead = 在本页的 WebAssembly 构建上、于后台线程中，为与
bench-lead-end = 相同的具名工作负载计时：页面保持可用，“取消”会在下一次运行前停止基准测试。请把 JSON 与原生运行器的结果比较；方法说明见 BENCHMARKS.md。
bench-running = 运行中…
bench-run = 运行基准测试
bench-workload = 工作负载
bench-runs = 运行次数
bench-mean = 平均（毫秒）
bench-min = 最小（毫秒）
