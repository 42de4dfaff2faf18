# shapley-names: see web/locales/GLOSSARY.md for the terms every message follows.
# How the Shapley page names its fields and results (teacher's prompts, lock notes, lists).

# A player's name as the owner of what follows ($s is "yes" when the name ends in "s").
shapley-names-owner = { $s ->
    [yes] { $name }'
   *[no] { $name }'s
    }
shapley-names-players = the players
shapley-names-player = player { $name }
shapley-names-coalitions = the coalition values
shapley-names-members = the members of { $coalition }
shapley-names-game = the game
shapley-names-quota = the quota
shapley-names-weight = { $owner } weight
shapley-names-value = { $owner } Shapley value
shapley-names-grand-value = v(N), the grand coalition's value
shapley-names-efficiency-gap = the efficiency gap
shapley-names-blocking-value = the value of the coalition that blocks the core
shapley-names-blocking-allocated = what that coalition is allocated
