# shapley: see web/locales/GLOSSARY.md for the terms every message follows.

## The page
shapley-title = Shapley value calculator
shapley-lead = Enter a cooperative game — what every coalition of players can earn on its own — and get each player's fair share: its average marginal contribution over all orders in which the grand coalition can form. CloudShare uses it as the fairness reference for federated clouds.

## Presets (the menu shows each preset by its description)
preset-shapley-glove = three-player glove game

## The presets' titles and notes (a preset loaded on a page is in the page's language: services/data.rs)
preset-title-shapley-glove = Glove game

## Players
shapley-players-legend = Players ({ $n })
shapley-player-name = Name of player { $n }
shapley-player-remove = Remove { $name }
shapley-player-remove-title = Remove this player
shapley-player-add = Add player
shapley-players-hint = Up to { $max } players (2^{ $max } − 1 coalitions). A new player starts as a null player: it adds nothing to any coalition.
shapley-add-blocked-game = A game has at most { $max } players.
shapley-add-blocked-use-formula = A coalition table is edited up to { $table } players ({ $coalitions } coalitions). To go up to { $max }, define the game by a formula below: players can then be added.
shapley-undo-remove-player = removing player { $n }
shapley-undo-formula = filling the coalition values from a formula

## Fill from a formula
shapley-formula-legend = Fill from a formula
shapley-formula-game = Game
shapley-formula-glove = Glove game
shapley-formula-majority = Weighted majority
shapley-formula-random = Random values
shapley-formula-left = Left gloves
shapley-formula-glove-hint = v(C) = number of pairs: min(left gloves in C, right gloves in C); everyone else holds a right glove.
shapley-formula-quota = Quota
shapley-formula-weights = Weights
shapley-formula-weights-placeholder = all 1
shapley-formula-majority-hint = v(C) = 1 if the weights in C add up to the quota, else 0. Comma-separated, one per player.
shapley-formula-from = From
shapley-formula-to = to
shapley-formula-lowest = Lowest value
shapley-formula-highest = Highest value
shapley-formula-random-hint = Independent uniform values drawn from the scenario's seed (above): the same seed gives the same game everywhere.
shapley-formula-fill = Fill
shapley-formula-materialize = Edit as a table
shapley-formula-is-glove = The table is the glove game, left gloves: { $left }.
shapley-formula-is-majority = The table is the majority game, quota { $quota }, equal weights.
shapley-formula-is-weighted = The table is the weighted majority game [{ $quota }; { $weights }].
shapley-formula-is-random = The table is the random values, uniform in [{ $low }, { $high }].

## The coalition table
shapley-table-read-only = Games with more than { $max } players are defined by their formula; the values below are read-only.

## Results
shapley-chart-title = Shapley value per player
shapley-chart-equal-split = equal split v(N)/n
shapley-results-player = Player
shapley-results-share = share of v(N)
shapley-results-grand = v(N), the grand coalition
shapley-results-gap = Efficiency gap Σφ − v(N)
    .title = Σφ − v(N): zero up to rounding, because the Shapley value is efficient
shapley-results-core = In the core?
    .title = Every coalition receives at least what it could earn alone
shapley-results-in-core = yes — no coalition would do better on its own
shapley-results-not-in-core = no — { "\u007B" }{ $members }{ "\u007D" } could earn { $value } alone but gets { $allocated }

## What the Shapley value is
shapley-explain-title = What the Shapley value is
shapley-explain-orders = Imagine the players joining one by one in a random order. Each player is paid its marginal contribution v(S ∪ { "\u007B" }i{ "\u007D" }) − v(S) to the players S already there. The Shapley value φᵢ is that payment averaged over all n! orders:
shapley-explain-formula = φᵢ = Σ over S ⊆ N∖{ "\u007B" }i{ "\u007D" } of  |S|! (n − |S| − 1)! / n!  ·  ( v(S ∪ { "\u007B" }i{ "\u007D" }) − v(S) )
shapley-explain-axioms = It is the only split that is efficient (Σφᵢ = v(N)), symmetric (interchangeable players get the same), gives nothing to a null player, and adds up over games (L. S. Shapley, 1953). It need not be in the core: in the glove game the lone left glove is so scarce that the core gives it everything, while the Shapley value still pays the right gloves for their part.
shapley-explain-cost = Computed exactly in O(2ⁿ · n) by one pass over the coalition table — 20 players take a fraction of a second.

shapley-seed-use = Random games draw every coalition's value from it.
