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
