# bench: see web/locales/GLOSSARY.md for the terms every message follows.

## Benchmark mode (bench.rs)
bench-missing = { $what } is missing
bench-unreadable = the worker sent an unreadable report: { $error }
bench-cancel = Cancel
bench-progress = Benchmark progress
bench-starting = Starting the background worker…
bench-timing = Timing workload { $current } of { $workloads } in a background worker… { $percent } %
bench-cancelled = Benchmark cancelled.
bench-failed = The benchmark failed: { $error }
bench-title = Benchmark mode
bench-lead = Times the same named workloads as
bench-lead-end = on this page's WebAssembly build, in a background worker: the page stays usable, and Cancel stops the benchmark before its next run. Compare the JSON with the native runner's; the methodology is in BENCHMARKS.md.
bench-running = Running…
bench-run = Run the benchmarks
bench-workload = workload
bench-runs = runs
bench-mean = mean (ms)
bench-min = min (ms)
