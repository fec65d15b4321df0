"""The play page's address: ``?opponent=advisor&rollouts=300&seat=north&start=bot&seed=5`` (also
``variant=tactics``, ``expert=1``, ``lang=fr``, ``rounds=3``) read into :class:`~.widget.PlayGame`'s
options, and the fields it could not use (a bad value is ignored and said on the page, never an error).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from ...bots.budget import Budget
from ...core import words
from .parts import MAX_ROLLOUTS, MAX_SEED, OPPONENTS, ROUNDS, VARIANTS


def read_address(text: str, options: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """``options`` updated with the address's fields, and the ``(field, value)`` pairs refused."""
    fields = {k: v[-1] for k, v in parse_qs(text.lstrip("?")).items()}
    problems: list[tuple[str, str]] = []
    chosen: dict[str, Any] = dict(options)
    if fields.get("lang") in words.LANGS:
        chosen["lang"] = fields["lang"]
    elif "lang" in fields:
        problems.append(("lang", fields["lang"]))
    if fields.get("opponent") in OPPONENTS:
        chosen["opponent"] = fields["opponent"]
    elif "opponent" in fields:
        problems.append(("opponent", fields["opponent"]))
    for key, name in (("rollouts", "budget"), ("seed", "seed")):
        if key in fields:
            try:
                value = int(fields[key])
                if value < (1 if key == "rollouts" else 0) or value > (MAX_ROLLOUTS if key == "rollouts" else MAX_SEED):
                    raise ValueError
                chosen[name] = Budget(rollouts=value) if key == "rollouts" else value  # the advisor's strength: one Budget
            except ValueError:
                problems.append((key, fields[key]))
    if fields.get("seat") in ("south", "north"):
        chosen["seat"] = fields["seat"]
    elif "seat" in fields:
        problems.append(("seat", fields["seat"]))
    if fields.get("start") in ("you", "bot"):
        chosen["you_start"] = fields["start"] == "you"
    elif "start" in fields:
        problems.append(("start", fields["start"]))
    if fields.get("expert") in ("1", "true", "yes"):
        chosen["expert"] = True
    if fields.get("variant") in VARIANTS:
        chosen["variant"] = fields["variant"]
    elif "variant" in fields:
        problems.append(("variant", fields["variant"]))
    if fields.get("rounds") in {str(n) for n in ROUNDS}:
        chosen["rounds"] = int(fields["rounds"])
    elif "rounds" in fields:
        problems.append(("rounds", fields["rounds"]))
    return chosen, problems


__all__ = ["read_address"]
