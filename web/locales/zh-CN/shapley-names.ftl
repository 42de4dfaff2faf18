# shapley-names: see web/locales/GLOSSARY.md for the terms every message follows.
# How the Shapley page names its fields and results (teacher's prompts, lock notes, lists).

# A player's name as the owner of what follows ($s: English only, whether the name ends in "s").
shapley-names-owner = { $s ->
   *[other] { $name } 的
    }
shapley-names-players = 参与者
shapley-names-player = 参与者 { $name }
shapley-names-coalitions = 联盟价值
shapley-names-members = { $coalition } 的成员
shapley-names-game = 博弈
shapley-names-quota = 配额
shapley-names-weight = { $owner }权重
shapley-names-value = { $owner }沙普利值
shapley-names-grand-value = v(N)，大联盟的价值
shapley-names-efficiency-gap = 效率差
shapley-names-blocking-value = 使分配不在核中的联盟的价值
shapley-names-blocking-allocated = 该联盟分得的数额
