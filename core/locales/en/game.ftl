# game: the core's problems of its games as data; see web/locales/GLOSSARY.md.

## The phone's decision form (labels and menu choices)
game-field = { $name }
game-number = { $value }
game-label-abacus-budget = Budget you report ($, at most your own)
game-label-abacus-weight = Weight you report for { $resource }
game-label-era-bid = The most you will pay ($)
game-label-spot-family = Family
game-choice-spot-rate-centric = rate-centric (a share σ on demand)
game-choice-spot-deadline-centric = deadline-centric (on demand in the last M hours)
game-label-spot-level = σ (rate-centric) or M (deadline-centric)
game-choice-spot-level = σ = { $sigma } or M = { $m }
game-label-spot-bid = Bid
game-choice-spot-fixed = a fixed bid
game-choice-spot-variable = a variable bid (recent prices + ε)
game-label-spot-fixed-bid = Fixed bid ($ per instance-hour)
game-label-spot-gamma = γ (variable bid: weight of older prices)
game-label-spot-epsilon = ε (variable bid: added to the average)

## Settings
game-err-from-to = must be from { $min } to { $max }, got { $value }
game-err-from-to-slots = must be from { $min } to { $max } slots, got { $value }
game-err-from-to-cores = must be from { $min } to { $max } cores, got { $value }
game-err-whole-from-to = must be a whole number from { $min } to { $max }, got { $value }
game-err-low-high = must be [low, high] with { $min } ≤ low ≤ high ≤ { $max }, got [{ $low }, { $high }]
game-err-resources-count = must name two or three resources, got { $n }
game-err-resource-name = must be a name of 1 to 20 characters
game-err-era-slack = the longest job and its slack ({ $slots } slots) must fit the horizon ({ $horizon })
game-err-era-max-bid = must be from the highest value ({ $highest }) to 100000, got { $value }
game-err-settings-object = must be an object such as {"{"}"game": "abacus", "seats": 12, "seed": 7{"}"}
game-err-game-missing = is missing (one of: abacus, era, spot)
game-err-game-unknown = must be one of { $names }, got { $value }
game-err-seats-missing = is missing (how many students play)
game-err-seed-whole = must be a whole number ≥ 0, got { $value }
game-err-seed-missing = is missing (the game's private types follow from it)
game-err-bool = must be true or false, got { $value }
game-err-session-object = must be a session object (from `cloudecon game new` or the teacher's page)
game-err-outside-settings = belongs outside `settings`
game-err-not-object = must be an object, got { $value }
game-err-not-session-field = is not a field of a session
game-err-id-mismatch = does not match the settings (their id is { $id }): the file was edited

## Decisions
game-err-field-range = { $field } must be from { $min } to { $max }, got { $value }
game-err-field-step = { $field } must be a multiple of { $step } from { $min }, got { $value }
game-err-no-budget = has no budget
game-err-no-bid = has no bid
game-err-abacus-weights = reports { $weights } weights; this game has { $resources } resources
game-err-abacus-budget-above = a budget of ${ $budget } is above the seat's own ${ $own }
game-err-abacus-zero-weights = every weight is 0: report at least one above 0
game-err-era-bid-above = a bid of ${ $bid } is above the game's ${ $max }
game-err-spot-no-type = a spot seat has no private type (every seat runs the same jobs at the same prices): give a decision
game-err-spot-not-policy = is not a policy
game-err-spot-not-game-policy = is not one of the game's policies
game-err-values-count = needs { $n } values, got { $got }
game-err-too-many-bits = needs more bits than a code holds
game-err-seat-not-in-game = seat { $seat } is not in this game (seats 1 to { $seats })

## Codes
game-err-paste-too-long = the text is { $bytes } bytes; paste at most { $max } at a time
game-err-code-symbol = `{ $symbol }` is not a symbol of a code (codes use 0–9 and A–Z without U)
game-err-code-length = a code has 3 to 31 symbols; this one has { $n }
game-err-code-check = a symbol is wrong or two are swapped (the check symbol does not match); type it again
game-err-code-settings = the session's settings are invalid
game-err-code-short = too short to be a decision code
game-err-code-version = a code of version { $version } (this page reads version { $reads })
game-err-code-other-game = a code of another game
game-err-code-round = a code of round { $round }; this is round { $current }
game-err-code-seat = seat { $seat }'s code { $reason }
game-err-code-long = not a decision code of this game (it is too long)
game-err-seat-colon = seat { $seat }: { $reason }
game-err-decision-short = is too short for a decision of this game
game-err-no-such-field = carries no { $field } of this game

## Links
game-err-join-too-long = is too long to be a game's join link
game-err-results-too-long = is too long to be a game's results link
game-err-link-damaged = is damaged: { $reason }
game-err-link-not-base64 = not base64url text
game-err-link-not-deflate = it could not be decompressed
game-err-link-not-json = its settings are not JSON
game-err-link-setting = cannot be read: the link is damaged
game-err-link-parts = a results link has three parts
game-err-link-round = its round is not a number from 1 to 63
game-err-link-not-base32 = its decisions are not base32
game-err-link-early = it ends early
game-err-link-long = it is too long
game-err-link-seat = is damaged: seat { $seat } { $reason }
game-err-link-seat-colon = is damaged: seat { $seat }: { $reason }

## Running a round
game-err-run-lacks = the run has no { $what }
game-err-job-no-shares = a job has no shares
game-err-request-no-decision = a request has no decision
game-err-policy-no-payoff = a policy has no payoff
game-err-no-outcome = the run has no outcome for this seat
game-err-nothing-to-run = no seat has decided and there are no robots: nothing to run
game-err-data-missing = this game replays { $description } ({ $name }), which is not loaded
game-err-document-invalid = the round's document is invalid ({ $error }); please report these settings
