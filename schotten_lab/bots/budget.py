"""The search budget as one value: :class:`Budget`, either a number of rollouts or seconds.

Every public function that searches takes ``budget: Budget`` (:func:`.advisor.advise`,
:class:`.advisor.AdvisorBot`, the review, the views, the classroom pool), so one concept has one
name. ``Budget(rollouts=300)`` fixes the number of rollouts (and the exact endgame solver's node
budget): the answer for a seed is the same on any machine under any load, and no clock is read.
``Budget(seconds=2.0)`` bounds the search by the clock instead: how many rollouts fit depends on the
machine. Exactly one of the two is given, checked once when the value is made, with the ``bot_opt.*``
phrases (bots/words.py, English and French).

The keywords of earlier releases (``budget_seconds=``, ``iterations=``, a plain number for
``budget=``, ``rollouts=``) still work for one release: :func:`legacy_budget` turns them into a
:class:`Budget` with a :class:`DeprecationWarning` naming the new spelling, the one place that does.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import ArgumentError
from .words import BOT_PHRASES  # noqa: F401 - the bot_opt.* phrases registered

MAX_SECONDS = 3600.0
"""Longest time budget a move (seconds): more is a typo."""
MAX_ROLLOUTS = 10_000_000
"""Largest rollout budget a move."""
DEFAULT_SECONDS = 2.0
"""The advisor's default: two seconds a move."""


def check_seconds(value: object, name: str = "seconds") -> float:
    """``value`` as seconds of search, above 0 and at most :data:`MAX_SECONDS` (``nan`` is refused:
    no clock ever passes it); an :class:`ArgumentError` naming ``name`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_SECONDS:
        raise ArgumentError.of("bot_opt.budget", name=name, most=f"{MAX_SECONDS:g}", value=value)  # bots/words.py
    return float(value)


def check_rollouts(value: object, name: str = "rollouts") -> int:
    """``value`` as a whole number of rollouts from 1 to :data:`MAX_ROLLOUTS`; an
    :class:`ArgumentError` naming ``name`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROLLOUTS:
        raise ArgumentError.of("bot_opt.iterations", name=name, most=MAX_ROLLOUTS, value=value)
    return value


@dataclass(frozen=True, kw_only=True)
class Budget:
    """How long a search may think: ``Budget(rollouts=300)`` (reproducible: the same answer for a
    seed on any machine) or ``Budget(seconds=2.0)`` (the clock: the rollouts that fit depend on the
    machine), exactly one of the two. Raises :class:`~schotten_lab.core.errors.ArgumentError` (a
    ``ValueError``) naming the field for a bad value, or when neither or both are given."""

    rollouts: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.rollouts is None) == (self.seconds is None):
            raise ArgumentError.of("bot_opt.budget_one")
        if self.rollouts is not None:
            check_rollouts(self.rollouts)
        else:
            object.__setattr__(self, "seconds", check_seconds(self.seconds))

    @classmethod
    def of(cls, seconds: float | None = None, rollouts: int | None = None) -> Budget:
        """The budget of two optional values (a command line's ``--budget`` and ``--iterations``):
        the rollouts when given, else the seconds, else :data:`DEFAULT_SECONDS`; both given is refused."""
        if seconds is None and rollouts is None:
            return cls(seconds=DEFAULT_SECONDS)
        return cls(seconds=seconds, rollouts=rollouts)

    @property
    def on_the_clock(self) -> bool:
        """Whether the clock bounds the search (then its answer depends on the machine's speed and load)."""
        return self.seconds is not None

    def to_dict(self) -> dict[str, float | int]:
        """``{"rollouts": 300}`` or ``{"seconds": 2.0}``: the ``"budget"`` key of the JSON outputs."""
        return {"rollouts": self.rollouts} if self.rollouts is not None else {"seconds": float(self.seconds or 0.0)}

    @classmethod
    def from_dict(cls, data: object) -> Budget:
        """The budget :meth:`to_dict` wrote; a mapping with other keys than exactly one of
        ``rollouts`` and ``seconds`` is refused with an :class:`ArgumentError`."""
        if not isinstance(data, Mapping) or len(data) != 1 or not set(data) <= {"rollouts", "seconds"}:
            raise ArgumentError.of("bot_opt.budget_one")
        return cls(**{str(k): v for k, v in data.items()})

    def __repr__(self) -> str:
        """``Budget(rollouts=300)``, ``Budget(seconds=2)``, ``Budget(seconds=0.5)``: Python that makes it again."""
        if self.rollouts is not None:
            return f"Budget(rollouts={self.rollouts})"
        seconds = self.seconds or 0.0
        return f"Budget(seconds={int(seconds) if seconds.is_integer() else seconds!r})"

    def __str__(self) -> str:
        """A short label: ``300 rollouts`` or ``2 s``."""
        return f"{self.rollouts:,} rollouts" if self.rollouts is not None else f"{self.seconds:g} s"


DEFAULT = Budget(seconds=DEFAULT_SECONDS)
"""The advisor's default budget: two seconds a move."""


def legacy_budget(
    budget: object,
    where: str,
    *,
    seconds: object = None,
    iterations: object = None,
    rollouts: object = None,
    seconds_name: str = "budget_seconds",
    rollouts_name: str = "rollouts",
    new_name: str = "budget",
    default: Budget = DEFAULT,
    stacklevel: int = 3,
) -> Budget:
    """The one place where the keywords of earlier releases become a :class:`Budget`.

    ``budget`` is what the caller gave as ``budget=`` (a :class:`Budget`, ``None`` or the caller's
    ``default`` object itself for none given, or a plain number of seconds as ``AdvisorBot(budget=2.0)`` took); ``seconds`` (named ``seconds_name``
    in messages), ``iterations`` and ``rollouts`` (named ``rollouts_name``) the old keywords
    (``None``: not given); ``new_name`` is the keyword that replaces them. As before, a
    number of rollouts wins over seconds (the search never read the clock then). Each old spelling
    gives a :class:`DeprecationWarning` naming ``where``'s new one; a bad old value is refused with
    the same sentence as before, naming the old keyword (a ``budget`` that is neither a
    :class:`Budget` nor a number is refused as a bad number of seconds); a :class:`Budget` given with
    old keywords is refused."""
    count = iterations if iterations is not None else rollouts
    count_name = "iterations" if iterations is not None else rollouts_name
    if budget is default:  # the function's default: not given
        budget = None
    if isinstance(budget, Budget):
        if seconds is not None or count is not None:
            old = seconds_name if seconds is not None else count_name
            raise ArgumentError.of("bot_opt.budget_twice", old=old)
        return budget
    if budget is not None and seconds is not None:
        raise ArgumentError.of("bot_opt.budget_twice", old=seconds_name)
    if count is None and seconds is None and budget is None:
        return default
    if budget is not None:  # a plain number of seconds, as before: anything else refused in those words
        check_seconds(budget, "budget")
    if count is not None:
        new = Budget(rollouts=check_rollouts(count, count_name))
        if seconds is not None:  # ignored by the search, as before, but still checked
            check_seconds(seconds, seconds_name)
        old = count_name
    else:
        given, old = (budget, "budget") if budget is not None else (seconds, seconds_name)
        new = Budget(seconds=check_seconds(given, old))
    warnings.warn(f"{where}({old}=...) is deprecated: use {where}({new_name}={new!r})", DeprecationWarning, stacklevel=stacklevel)
    return new


def rollout_budget(
    budget: object, where: str, *, rollouts: object = None, name: str = "budget", rollouts_name: str = "rollouts",
    default: Budget,
) -> Budget:
    """A budget that must be a number of rollouts (a level of the play page, the editor's panel, the
    classroom pool), ``default`` when none is given. ``budget`` (named ``name``) is a
    :class:`Budget` of rollouts; a plain whole number there, or ``rollouts=N`` (named
    ``rollouts_name``), is the deprecated spelling of earlier releases, converted by
    :func:`legacy_budget` with its warning; a budget of seconds is refused with an
    :class:`ArgumentError` naming ``name``."""
    if isinstance(budget, int) and not isinstance(budget, bool):  # a level as a plain number, as before
        if rollouts is not None:
            raise ArgumentError.of("bot_opt.budget_twice", old=rollouts_name)
        budget, rollouts = None, budget
    if budget is default:
        budget = None
    if rollouts is not None or not isinstance(budget, Budget):
        budget = legacy_budget(budget, where, rollouts=rollouts, rollouts_name=rollouts_name, new_name=name, default=default,
                               stacklevel=4)
    if budget.rollouts is None:
        raise ArgumentError.of("bot_opt.budget_rollouts", name=name, value=repr(budget))
    return budget


def budget_options(options: Mapping[str, Any], where: str = "budget") -> dict[str, Any]:
    """A bot's options with the command line's budget spellings (``budget=SECONDS``,
    ``iterations=N``, ``seconds=S``, ``rollouts=N``) made one ``budget`` :class:`Budget` (the other
    options unchanged); two of them given is refused with an :class:`ArgumentError`."""
    given = {k: options[k] for k in ("budget", "seconds", "iterations", "rollouts") if k in options}
    rest = {k: v for k, v in options.items() if k not in given}
    if not given:
        return rest
    if len(given) > 1:
        raise ArgumentError.of("bot_opt.budget_one")
    (name, value), = given.items()
    if isinstance(value, Budget):
        rest["budget"] = value
    elif name in ("iterations", "rollouts"):
        rest["budget"] = Budget(rollouts=check_rollouts(value, name))
    elif isinstance(value, Mapping):
        rest["budget"] = Budget.from_dict(value)
    else:
        rest["budget"] = Budget(seconds=check_seconds(value, name))
    return rest


__all__ = ["DEFAULT", "DEFAULT_SECONDS", "MAX_ROLLOUTS", "MAX_SECONDS", "Budget", "budget_options", "check_rollouts",
           "check_seconds", "legacy_budget", "rollout_budget"]
