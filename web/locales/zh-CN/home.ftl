# home: see web/locales/GLOSSARY.md for the terms every message follows.

## The home page (home.rs)
home-lead = 在浏览器中运行四篇云计算论文中的经济机制：可以编辑每一项输入，看图表随之变化，并把场景作为链接分享。一切都在你的机器上运行。
home-available = 现已推出
home-coming-next = 即将推出
home-coming = 即将推出
home-exercises = 课堂练习
home-exercises-text = 每个链接都会打开某个机制的页面并载入一个练习：包含说明、带检查和提示的任务，学生的答案可以保存为文件上交。教师在
home-exercises-link = 课堂页面
home-exercises-text-end = 上收集这些文件。检查在学生的浏览器中运行，因此执意的学生可以读到答案：这些练习用于练习和教学，而不是考试。
home-exercise-tasks = — { $mechanism }，{ $count ->
       *[other] { $count } 个任务
    }
home-mechanism-abacus = Abacus 拍卖
home-mechanism-abacus_estimate = Abacus 效用估计
home-mechanism-shapley = 沙普利值计算器
home-mechanism-era = ERA 预定
home-mechanism-spot = 按需、竞价还是两者兼用
home-mechanism-cloudshare = CloudShare / DirectContr

## The cards (table.rs): paper citations as published
home-abacus-title = Abacus
home-abacus-paper = Zhang, Ma, Ding, Yang · IC2E 2013
home-abacus-summary = 一种把每个作业的预算拆分到各资源类型上的拍卖：份额 s_ij = b_ij^α / Σ_l b_lj^α；激励探索器（图 8）；与 FIFO 和 Fair 对比的概率调度器（图 9）。
home-abacus-open = 打开 Abacus
home-shapley-title = 沙普利值计算器
home-shapley-paper = Shapley 1953 · CloudShare 的公平性基准
home-shapley-summary = 精确计算至多 20 名参与者的任意合作博弈的沙普利值，博弈可由联盟表或公式（手套博弈、加权多数、随机）给出；附带效率检查和核检查。
home-shapley-open = 打开计算器
home-era-title = ERA
home-era-paper = Babaioff et al. · WWW 2017
home-era-summary = 预定请求“在 [A, D) 内占用 W 个核心、持续 T 个时隙、最多支付 V”，按预测需求以最便宜的开始时刻定价，并与首次适应（FirstFit）和按需定价对比；可请求报价；基于线性规划的需求预测器。
home-era-open = 打开 ERA
home-spot-title = 按需、竞价还是两者兼用
home-spot-paper = Menache et al. · ICAC 2014
home-spot-summary = 在竞价实例与按需实例之间选择的竞价策略，通过带延迟反馈的乘性权重在线学习：收益、遗憾和权重变化；EC2 价格历史和工作负载日志。
home-spot-open = 打开按需与竞价
home-cloudshare-title = CloudShare / DirectContr
home-cloudshare-paper = Pacholczyk et al. · CrossCloud 2018
home-cloudshare-summary = 联邦云之间公平、无需货币的资源共享，以精确的沙普利值为评判标准；以 FairShare 和轮转作为基线；调度、等待时间与公平等待时间的对比，以及日志窗口上的评分。
home-cloudshare-open = 打开 CloudShare
