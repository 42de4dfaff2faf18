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
