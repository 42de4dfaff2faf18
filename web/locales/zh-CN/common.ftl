# common：每个页面包共有的外壳（页眉、页脚、加载提示、链接、横幅）。
# 术语以 web/locales/GLOSSARY.md 为准。

brand = CloudEcon 演练场
skip-to-content = 跳到正文
menu = 菜单
nav-label = 页面
lang-label = 语言
nav-home = 机制
nav-abacus = Abacus
nav-shapley = 沙普利值计算器
nav-era = ERA
nav-spot = 竞价实例
nav-cloudshare = CloudShare
nav-classroom = 课堂
nav-game = 课堂博弈
nav-study = 批量研究
nav-bench = 性能测试

footer-private = 完全在你的浏览器中运行：任何数据都不会离开本页。
footer-same-numbers = 同样的场景和种子，得到同样的数字——这里如此，
footer-runner = 命令行运行器中亦然。

loading-page = 正在加载页面…
link-page-failed = 无法打开分享链接所在的页面；请再次打开该链接。
link-unknown-mechanism = 该链接包含一个 { $mechanism } 场景，当前版本的演练场无法打开。
link-unreadable = 无法打开分享链接：{ $reason }。

not-found-title = 找不到页面
not-found-text = 这个地址上什么也没有。
not-found-back = 返回机制列表

# 页脚的离线状态与更新提示。
offline-checking = 离线使用：正在检查…
offline-impossible = 此处无法离线使用：{ $reason }。
offline-no-window = 没有浏览器窗口
offline-needs-https = 浏览器只为 https 地址（或 localhost）保存离线页面
offline-unsupported = 此浏览器无法保存离线页面
offline-refused = 浏览器拒绝了离线工作线程
offline-megabytes = { $size } MB
offline-off = 尚未保存以供离线使用。
offline-start = 保存以供离线使用
offline-download-size = （一次性下载约 { $size }）
offline-preparing = 正在保存演练场以供离线使用：
offline-progress = 离线下载
offline-of = { $done } / { $total }
offline-starting = 正在开始…
offline-ready = 可离线使用：每个页面、预设和数据文件都无需网络即可打开。
offline-ready-size = 可离线使用：每个页面、预设和数据文件都无需网络即可打开（已一次性下载 { $size }）。
offline-updating = 正在下载新版本：{ $done } / { $total }。
offline-remove = 删除离线副本
offline-failed = 未能保存演练场以供离线使用（{ $reason }）。
offline-retry = 重试
update-ready = 演练场有新版本了。你的工作已保存；方便时重新加载即可。
update-reload = 重新加载以更新
update-reload-now = 重新加载
update-later = 稍后
update-elsewhere = 演练场已在另一个标签页中更新。请重新加载本页以使用新版本。

panic-message = 演练场内部出错，本页已停止工作：{ $info }。你的场景已自动保存；请重新加载页面继续。
dismiss = 关闭

# 演练场自身的某个文件为何未能下载（嵌在另一条消息中）。
download-no-window = 页面没有窗口
download-no-network = 无法连接网络
download-no-response = 没有响应
download-unreadable = 无法读取下载内容
download-interrupted = 下载中断了
download-damaged = 压缩文件已损坏
download-abandoned = 下载被放弃了
download-could-not-load = 无法加载 { $file }：{ $error }
download-not-text = 该文件不是文本
# 一个记录数据文件包含什么（用在状态行或失败说明中），以及两个之间的连接词。
data-file-nasa-ipsc = NASA Ames iPSC/860 日志的前 14 天
data-file-lcg = LCG 网格日志的前 24 小时
data-file-ec2 = us-east-1b 中 EC2 m3.medium 竞价实例价格的 14 天记录（2016 年）
data-files-and = 和
