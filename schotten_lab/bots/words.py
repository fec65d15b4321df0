"""The bots' own phrases (registered with :func:`~schotten_lab.core.words.register`): an exact
outcome with its distance to the end ("wins in 3 turns"), the options a bot refuses, in English and French."""

from __future__ import annotations

from ..core.words import Phrases, register, say

BOT_PHRASES: Phrases = register(
    {
        "outcome.win_at_once": {"en": "wins at once", "fr": "gagne tout de suite"},
        "outcome.win_in": {"en": "wins in {turns} turns", "fr": "gagne en {turns} tours"},
        "outcome.loss_next": {"en": "loses on the next turn at best", "fr": "perd au tour suivant au mieux"},
        "outcome.loss_in": {"en": "loses in {turns} turns at best", "fr": "perd en {turns} tours au mieux"},
        # the options a bot's factory refuses itself (bots/advisor.py's AdvisorBot; bots/tactics_search.py)
        # the search budget (bots/budget.py: Budget's fields, or the old keyword a caller used)
        "bot_opt.budget": {"en": "{name}: must be seconds a move, above 0 and at most {most}, not {value:q}",
                           "fr": "{name} : un nombre de secondes par coup, plus de 0 et au plus {most}, est attendu, et non {value:q}"},
        "bot_opt.iterations": {"en": "{name}: must be a whole number of rollouts from 1 to {most}, not {value:q}",
                               "fr": "{name} : un nombre entier de parties simulées, de 1 à {most}, est attendu, et non {value:q}"},
        "bot_opt.budget_one": {"en": "budget: must be exactly one of seconds and rollouts, e.g. Budget(seconds=2) or Budget(rollouts=300)",
                               "fr": "budget : exactement l’une des deux valeurs seconds et rollouts est attendue, par exemple Budget(seconds=2) ou Budget(rollouts=300)"},
        "bot_opt.budget_twice": {"en": "budget: given twice, as a Budget and as {old}=...; give the Budget alone",
                                 "fr": "budget : donné deux fois, comme Budget et comme {old}=… ; donnez le Budget seul"},
        "bot_opt.budget_rollouts": {"en": "{name}: must be a number of rollouts here, Budget(rollouts=N), not {value}",
                                    "fr": "{name} : un nombre de parties simulées est attendu ici, Budget(rollouts=N), et non {value}"},
        "bot_opt.budget_type": {"en": "budget: must be a Budget, e.g. Budget(seconds=2) or Budget(rollouts=300), not {value:q}",
                                "fr": "budget : un Budget est attendu, par exemple Budget(seconds=2) ou Budget(rollouts=300), et non {value:q}"},
        "bot_opt.seed": {"en": "seed: must be a whole number, not {value:q}", "fr": "seed : un nombre entier est attendu, et non {value:q}"},
        # the rollouts' options (bots/rollouts.py's check_policy, check_explore: advise, AdvisorBot, Rollouts)
        "bot_opt.policy": {"en": "policy: must be one of {names}, not {value:q}",
                           "fr": "policy : l’une des politiques de simulation {names} est attendue, et non {value:q}"},
        "bot_opt.explore": {"en": "explore: must be a share of random placements from 0 to 1, not {value:q}",
                            "fr": "explore : une part de placements au hasard, de 0 à 1, est attendue, et non {value:q}"},
        "bot_opt.lookahead": {"en": "lookahead: must be a whole number of next placements from 0 to {most}, not {value:q}",
                              "fr": "lookahead : un nombre entier de placements suivants, de 0 à {most}, est attendu, et non {value:q}"},
    }
)
"""Phrases by key, each with the same ``{fields}`` in both languages. A distance counts turns of both
players, this one included: "wins in 3 turns" is this turn, the opponent's reply, and the winning turn."""


def outcome_words(win: float | None, turns: int | None, lang: str = "en") -> str:
    """An exact win (``win`` 1) or loss (0) with its turns to the end in words; ``""`` otherwise
    (an estimate, a stall, or no distance known)."""
    if turns is None or win not in (0.0, 1.0):
        return ""
    if win == 1.0:
        return say("outcome.win_at_once", lang) if turns == 1 else say("outcome.win_in", lang, turns=turns)
    return say("outcome.loss_next", lang) if turns <= 2 else say("outcome.loss_in", lang, turns=turns)


__all__ = ["BOT_PHRASES", "outcome_words"]
