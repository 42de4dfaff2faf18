# class-shared: what the teacher's class game and the phone both show; see web/locales/GLOSSARY.md.
class-title-abacus = Abacus：把你的预算分配到各种资源上（定理 1–2）
class-title-era = ERA：按公布的价格预定核心（Basic-Econ）
class-title-spot = 竞价实例还是按需实例：选择一个竞价策略
class-qr-too-long = 这段文字太长，无法生成二维码；请直接复制。
class-qr-of = { $text } 的二维码
class-data-ec2 = us-east-1b 中 EC2 m3.medium 竞价实例价格的 14 天记录（2016 年）
class-results-link-broken = 无法打开这个结果链接：{ $why }。请向老师重新索取。
class-round-cannot-run = 无法运行本轮：{ $why }
class-worker-unreadable = 游戏的后台线程无法读取一条消息：{ $error }
class-worker-stopped = 游戏的后台线程停止了：{ $error }
class-worker-not-loaded = 页面中计算各轮结果的部分无法加载（{ $error }）。请检查网络连接并重新加载页面。
class-data-not-loaded = 本游戏重放录制的数据，但{ $error }。请检查网络连接并重新加载页面。
class-worker-not-answering = 页面中计算各轮结果的部分不再响应。请重新加载页面。
class-worker-no-start = 这个浏览器无法启动页面中计算各轮结果的部分。
class-worker-unreadable-answer = 页面中计算各轮结果的部分给出了无法读取的回答。请重新加载页面。
class-worker-failed = 页面中计算各轮结果的部分停止了（{ $error }）。请重新加载页面。
class-worker-could-not-start = 页面中计算各轮结果的部分无法启动（{ $error }）。请重新加载页面。
