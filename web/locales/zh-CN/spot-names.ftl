# spot-names: see web/locales/GLOSSARY.md for the terms every message follows.
# How the spot page names its fields and results (prompts, lock notes, the teacher's lists).

spot-names-slot-minutes = 每时隙分钟数
spot-names-on-demand-price = 按需价格
spot-names-spot-price = 竞价实例价格模型
spot-names-spot-price-mean = 竞价实例平均价格
spot-names-spot-price-sd = 竞价实例价格的标准差
spot-names-spot-price-seed = 竞价实例价格的种子
spot-names-jobs = 作业
spot-names-job-count = 作业数
spot-names-mean-gap = 作业的平均间隔
spot-names-jobs-seed = 作业的种子
spot-names-policies = 策略
spot-names-delay = 延迟 d
spot-names-step-size = 步长
spot-names-payoff-scale = 收益缩放系数
spot-names-remaining-unit = 剩余时间的单位
spot-names-policy = 策略 { $name }
spot-names-policy-payoff = { $policy } 的总收益
spot-names-final-weight = { $policy } 的最终权重
spot-names-completed = { $policy } 完成的作业数
spot-names-drawn = 学习器抽到 { $policy } 的次数
spot-names-expected-payoff = 期望收益
spot-names-realized-payoff = 实际收益
spot-names-regret = 遗憾
spot-names-average-regret = 平均遗憾
spot-names-average-policy-regret = 策略平均遗憾
spot-names-regret-bound = 定理 1 的界
spot-names-best-policy = 最佳策略的位置
spot-names-price-slots = 价格时隙数
spot-names-lowest-price = 竞价实例最低价格
spot-names-highest-price = 竞价实例最高价格
