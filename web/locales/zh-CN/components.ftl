# components: see web/locales/GLOSSARY.md for the terms every message follows.

## Scenario toolbar: share link, JSON export and import, reset
components-share = 分享链接
components-share-title = 复制一个能原样还原此场景的链接
components-export-json = 导出 JSON
components-import-json = 导入 JSON
components-reset = 重置
components-reset-title = 恢复为示例场景
components-import-failed = 无法导入该文件，你的工作未作改动。
components-share-too-long = 此场景太大，无法放进链接（{ $kb } KB）——请改为下载 JSON 文件。
components-share-very-long = 此场景生成的链接很长（{ $kb } KB）：有些应用会截断长链接，你的应用也可能如此——请改为下载 JSON 文件，以便稳妥地分享。
components-share-download-json = 下载 JSON 文件
components-share-copied = 链接已复制到剪贴板（如果浏览器允许）。链接包含整个场景，不会上传任何内容。
# $language: the page's language in its own name (English, 中文).
components-share-pin = 以{ $language }打开
components-percent = { $value }%

## Preset menu (each preset's description is `preset-<name>`, in its mechanism's area)
components-presets = 预设
components-presets-placeholder = 加载示例…
components-preset-edited = { $preset }（已修改）
components-preset-fetching = 正在加载{ $what }…

## Undo bar
components-undo-bring-back = 恢复我之前的工作
components-undo-link-note = 你打开的链接替换了你在此处编辑的场景。
components-undo = ↶ 撤销{ $what }
components-redo = ↷ 重做{ $what }
components-undo-title = 在文本框之外按 Ctrl+Z 效果相同
# What Undo takes back ($title: the scenario's or exercise's title)
components-replaced-loaded = 加载场景
components-replaced-loaded-title = 加载“{ $title }”
components-replaced-reset = 重置
components-replaced-link = 打开链接
components-replaced-exercise = 打开练习
components-replaced-exercise-title = 打开练习“{ $title }”
components-replaced-left-exercise = 离开练习
components-replaced-back-to-exercise = 回到练习的场景
# $fields: the locked fields, listed ("J1's budget and α")
components-locked-refused = 已被练习锁定：{ $fields }（此次修改未生效）。

## Run status
components-fix-these = 请先修正以下问题，才能看到结果：
# Between a JSON path (in code) and its problem.
components-path-colon = ：
components-path-problem = { $path }：{ $problem }
components-progress = 进度
components-running = 正在后台运行… { $percent }%
components-cancel = 取消
components-download-progress = 下载进度
components-loading-worker = 正在加载后台线程… { $received } / { $total } MB
components-loading-worker-so-far = 正在加载后台线程… 已下载 { $received } MB
components-computed-in-worker = 已在后台线程中算出。
components-computed-instantly = 随编辑即时算出。
components-run-cancelled = 运行已取消。修改场景即可再次运行。
components-run-failed = 运行失败：{ $reason }

## Results frame and downloads
components-stale = 已过时：这是上一个场景的结果。
components-download-json = 下载结果（JSON）
components-download-json-title = 与 `cloudecon run` 输出的文档相同
components-download-csv = 下载结果（CSV）
components-downloads-plain = 无论界面使用哪种语言，下载的文件都保留运行器的字段名和纯数字（小数点，不带千位分隔符），任何程序读取的结果都一样。

## Coalition values
components-coalition-values = 联盟价值
# $legend: the table's name; $count: how many coalitions
components-coalitions-legend = { $legend }（{ $count } 个联盟）
components-coalition = 联盟
components-coalition-size = 规模
# $members: the coalition, as {A, B}
components-coalition-value-of = { $members } 的价值

## File imports
components-swf-import = 导入工作负载日志（SWF）…
components-swf-failed = 无法读取该工作负载日志，作业未作改动。

## Pager
components-first-page = 第一页
components-previous-page = ‹ 上一页
components-page-rows = 第 { $first }–{ $last } 行，共 { $total } 行
components-next-page = 下一页 ›
components-last-page = 最后一页

## Formula fields: what a formula may read
components-formula-help = 变量与函数
components-formula-variable = 变量
components-formula-meaning = 含义
components-formula-unit = 单位
components-formula-syntax = 数字、+ − * / ^（乘方）、括号、比较运算 < <= > >= == !=、&& || !、if(条件, 成立时, 否则)、min 和 max（两个或更多参数）、abs、sqrt、exp、ln、log10、pow、floor、ceil。输入时会以“行:列”指出问题所在；你输入的文本会保留。

## Typed fields: text that does not read as a value
# $text: what was typed; $problem: why it does not read ("is not a finite number"); $value: the value still used
components-field-unreadable = “{ $text }”{ $problem }；改正之前仍使用 { $value }。
components-field-is-not = 不是{ $expected }
components-field-too-large-max = 太大：最多为 { $max }
components-field-too-large = 太大，超出了数值范围
components-expected-number = 有限的数（例如 0.25 或 0,25）
components-expected-whole = 0 到 { $max } 之间的整数
components-expected-text = 文本
components-expected-a-whole-number = 整数

## Title, notes and seed of every scenario
components-title = 标题
components-title-placeholder = 未命名场景
components-notes = 备注
components-notes-placeholder = 以纯文本显示
components-seed = 种子
components-seed-hint = 种子相同，结果就相同——在此处和命令行运行器中都一样。

## A problem in the page's words: the field named as the page labels it, then the problem
# Used when the problem goes on from its subject ("must be > 0"): "J1's budget must be > 0"
components-field-sentence = { $field }：{ $problem }
# Any other problem: "policy 2's σ: the on-demand rate σ is in [0, 1]"
components-field-sentence-colon = { $field }：{ $problem }

## How the pages name places without a name of their own (the mechanisms' names build on these)
# An element of a list: "job 2" ($item: the list's word for one element)
components-names-item = { $item } { $n }
components-names-element = 元素
# A possessive: "J1's"; for a name ending in "s": "Jobs'"
components-names-of = { $owner } 的
components-names-of-s = { $owner } 的
# $owner: a possessive (above); "J1's budget"
components-names-owned = { $owner } { $field }
components-names-nested = { $list } { $item }
components-names-the = { $field }
components-names-whole-scenario = 整个场景
components-names-title = 标题
components-names-notes = 备注
components-names-seed = 种子
# A list of names: "a, b and c"
components-names-and = { $first }和{ $last }
components-names-list-separator = 、

## Opening links and presets
components-link-unreadable = 无法打开分享链接：{ $reason }。改为显示示例场景。
# $mechanism: the mechanism's tag, quoted ("era")
components-link-no-page = 此版本中没有 { $mechanism } 场景的页面。
components-link-too-large = 无法在其页面上打开 { $mechanism } 场景（对网址而言太大）；请在该页面导入文件。
# $what: a data file (the Parallel Workloads Archive log…)
components-data-missing = 缺少{ $what }
components-preset-not-loaded = 预设“{ $preset }”未能加载：{ $reason }。

## The background worker's failures (after "The run failed:")
components-worker-unreadable = 后台线程返回了无法读取的结果：{ $reason }
components-worker-stalled = 后台线程的下载停滞了；修改场景即可重试
components-worker-did-not-start = 后台线程没有启动；修改场景即可重试
components-worker-not-responding = 后台线程停止了响应；修改场景即可重试
components-worker-not-loaded-retry = 无法加载后台线程（{ $reason }）；修改场景即可重试
components-worker-crashed-retry = 后台线程崩溃了（{ $reason }）；修改场景即可重试
components-worker-not-loaded = 无法加载后台线程（{ $reason }）
components-worker-crashed = 后台线程崩溃了（{ $reason }）

## Charts: buttons, the table behind "Show as table", and what every chart draws itself
components-chart-failed = 无法绘制此图表：{ $reason }
components-chart-show-table = 以表格显示
components-chart-hide-table = 隐藏表格
components-chart-png = 下载 PNG
components-chart-png-title = 将此图表保存为 PNG 图片（屏幕分辨率）
components-chart-svg = 下载 SVG
components-chart-svg-title = 将此图表保存为 SVG 矢量图（适合用于报告）
components-chart-no-canvas = 此浏览器无法在画布上绘图
components-chart-not-on-page = 图表不在页面上
components-chart-export-refused = 浏览器拒绝导出图片（{ $reason }）
components-chart-not-drawn = 图表尚未绘制
# $file: the file's name (weights-chart.png)
components-chart-could-not-save = 无法保存 { $file }：{ $reason }
components-chart-could-not-draw = 无法绘制 { $file }：{ $reason }
components-chart-nothing = 还没有可绘制的内容
components-chart-labels-mismatch = { $labels } 个标签对应 { $series } 的 { $values } 个值
# The table's accessible name ($chart: the chart's description)
components-chart-table-label = { $chart }（表格）
components-chart-category = 类别
# A line chart for screen readers: "Weights: share against round for J1, J2"
components-chart-lines-describe = { $title }：{ $series } 的 { $y } 随 { $x } 的变化
components-chart-interval-low = { $series }（95% 下限）
components-chart-interval-high = { $series }（95% 上限）
# A marked point, under the table: "truthful: round 1, share 0.5"
components-chart-marker = { $marker }：{ $x_label } { $x }，{ $y_label } { $y }
components-chart-row = 行
# $axis: the time axis's label (slot)
components-chart-start = 开始（{ $axis }）
components-chart-end = 结束（{ $axis }）
components-chart-window-from = 时间窗起点
components-chart-window-to = 时间窗终点
components-chart-group = 分组
# The legend's entry of a job's window [A, D)
components-chart-window = 时间窗

## Files and the browser's storage
components-file-export-failed = 无法导出文件：{ $reason }
components-file-read-failed = 无法读取文件：{ $reason }
components-storage-none = 此浏览器不允许使用本地存储
components-storage-none-edits = 此浏览器不允许使用本地存储；重新加载后所做的修改将丢失
components-storage-none-exercise = 此浏览器不允许使用本地存储；重新加载后练习将丢失
components-storage-none-answers = 此浏览器不允许使用本地存储；请下载你的答案以便保存
components-storage-full = 本地存储已满
components-storage-full-scenario = 无法自动保存：本地存储已满；请将场景导出为文件
components-storage-full-exercise = 无法保存练习：本地存储已满
components-storage-full-answers = 无法自动保存答案：本地存储已满；请将答案下载为文件
components-storage-full-draft = 无法保存草稿：本地存储已满
components-storage-full-undo = 无法保存“撤销”要恢复的内容：本地存储已满
components-storage-full-before-exercise = 无法保存你在练习之前的工作：本地存储已满
components-storage-full-study = 无法自动保存批量研究：本地存储已满
components-storage-full-table = 表格太大，重新加载后无法保留（本地存储已满）；请下载它
components-storage-unavailable = 本地存储不可用

## The formulas' variables (the core's catalogues: the runner's documentation says the same)
components-var-abacus-resource = 作业在该资源类型上的份额，按资源类型的名称引用（map、reduce、…）；名称不能用作公式变量名时，按位置写作 s1、s2、…
    .unit = 该资源类型时隙的比例，0 到 1
components-var-cloudshare-contribution = 在 t 时刻，该组织的处理器（含其自身的作业）上运行的各作业片的 Σ ψ（算法的 psi）
    .unit = ψ（sp、rel：核心单位 × 时间；surface：核心单位）
components-var-cloudshare-utility = 在 t 时刻，该组织自身各作业片（无论在何处运行）的 Σ ψ（算法的 psi）
    .unit = ψ（sp、rel：核心单位 × 时间；surface：核心单位）
components-var-cloudshare-usage = 在 t 时刻，该组织自身各作业片的 Σ ψ_surface：到 t 为止已执行的核心单位（FairShare 的用量）
    .unit = 核心单位
components-var-cloudshare-processors = 该组织的核心数（它在联邦中的份额；只提交作业的组织为 0）
    .unit = 核心
components-var-cloudshare-waiting = 就在本次选择之前，该组织队列中等待的作业片所请求的核心数（时长未知：调度器不预知作业时长）；作业片为单位大小时，即等待的作业片数
    .unit = 核心
components-var-cloudshare-last = 该组织上一次被选中的时间：它在本次模拟中最后一次被选中的序号（第一次选择为 1），从未被选中则为 0（轮转即 -last）
    .unit = 次选择
components-var-cloudshare-t = 计算优先级的时刻：当前时间 + 1（当前单位步的结束）
    .unit = 时间单位
components-var-era-demand-price = Basic-Econ 对此单位的价格：使此后仍将到来的预测需求超过剩余单位数的最高价格
    .unit = 每单位每时隙的金额
components-var-era-remaining = 此单位之后该时隙中资源仍空闲的单位数（容量 − 已承诺 − i）
    .unit = 单位
components-var-era-capacity = 该时隙中资源的容量
    .unit = 单位
components-var-era-promised = 该时隙中已承诺的单位数（先前的预定与本请求中靠前的部分）
    .unit = 单位
components-var-era-i = 这是该部分的第几个单位，从 1 开始（最后一个不足整数的单位：该部分的单位数）
    .unit = 单位
components-var-era-t = 正在定价的时隙
    .unit = 时隙
components-var-era-now = 为请求报价时所在的时隙（其提交时刻）
    .unit = 时隙
components-var-spot-m = 剩余时间：d − h 小时，含当前这一小时（"remaining_unit": "slots" 时为 d − h 个时隙·H）
    .unit = 小时（或时隙）
components-var-spot-r = 作业的剩余工作量
    .unit = 实例小时
components-var-spot-q = 到目前为止的成本（按需实例与竞价实例）
    .unit = 金额
components-var-spot-a = 这一小时可用的实例数：min(r, c)
    .unit = 实例
components-var-spot-c = 作业的并行度（同时使用的最多实例数）
    .unit = 实例
components-var-spot-p = 按需价格
    .unit = 每实例小时的金额
components-var-spot-v = 作业的价值，在截止时刻前完成即可获得
    .unit = 金额
components-var-spot-z = 作业的规模
    .unit = 实例小时
components-var-spot-h = 作业生命周期中的第几小时，从 0 开始
    .unit = 小时
components-var-spot-d = 作业的截止时刻，从其到达时算起
    .unit = 小时
components-var-spot-last = 这一小时之前那个时隙的竞价实例价格（第一个时隙之前为 p）
    .unit = 每实例小时的金额
components-var-spot-avg = 这一小时之前各竞价实例价格的 γ 加权平均，与可变竞价的平均方式相同，使用该族的 "gamma"（默认 0：即上一个价格；第一个时隙之前为 p）
    .unit = 每实例小时的金额
