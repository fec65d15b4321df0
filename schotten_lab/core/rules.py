"""Rule sets as data: the variant, the claim timing and the proof options, in one frozen object.

Every analysis takes a :class:`RuleSet` explicitly (by default the one a position declares); there are
no global switches.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Literal

from .errors import ArgumentError, PlayerError, RulesError, excerpt
from .kernel import ADJACENT, FIVE
from .kernel import win_reason as kernel_win_reason

Variant = Literal["base", "tactics"]
VARIANTS: tuple[Variant, ...] = ("base", "tactics")


class Player(enum.StrEnum):
    """The two players: ``south`` (bottom of a diagram) and ``north``."""

    SOUTH = "south"
    NORTH = "north"

    @property
    def opponent(self) -> Player:
        return Player.NORTH if self is Player.SOUTH else Player.SOUTH

    @property
    def letter(self) -> str:
        return "s" if self is Player.SOUTH else "n"

    @classmethod
    def parse(cls, text: str | Player) -> Player:
        if isinstance(text, Player):
            return text
        t = str(text).strip().lower()
        for p in cls:
            if t in (p.value, p.letter):
                return p
        if not isinstance(text, str):
            raise PlayerError(f"a player must be 'south' or 'north', not {type(text).__name__} {excerpt(text)}")
        raise PlayerError(f"unknown player {excerpt(text)}: expected 'south' or 'north'")


PLAYERS: tuple[Player, Player] = (Player.SOUTH, Player.NORTH)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Which rules apply.

    - ``variant``: ``"base"`` or ``"tactics"``.
    - ``expert``: claims only at the start of one's own turn, before placing.
    - ``strict_proofs`` (tactics only): early-claim proofs also consider unplayed elite troops and
      combat modes; off by default, following Battle Line's rule (see docs/RULES.md).
    """

    variant: Variant = "base"
    expert: bool = False
    strict_proofs: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.variant, str) or self.variant not in VARIANTS:
            raise RulesError(f"unknown variant {excerpt(self.variant)}: expected 'base' or 'tactics'")
        for name in ("expert", "strict_proofs"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"RuleSet.{name} must be True or False, not {excerpt(getattr(self, name))}")

    @property
    def tactics(self) -> bool:
        return self.variant == "tactics"

    @property
    def hand_limit(self) -> int:
        """Cards a player holds while the deck lasts: 6 in the base game, 7 with tactics."""
        return 7 if self.tactics else 6

    @property
    def name(self) -> str:
        return self.variant + (" (expert)" if self.expert else "")


BASE = RuleSet()
BASE_EXPERT = RuleSet(expert=True)
TACTICS = RuleSet("tactics")
TACTICS_EXPERT = RuleSet("tactics", expert=True)

STONE_COUNT = 9
SIDE_SIZE = 3
MUD_SIDE_SIZE = 4


def side_capacity(modes: Collection[str] = ()) -> int:
    """Cards that complete a side on a stone with these combat modes: 4 under Mud fight, else 3."""
    return MUD_SIDE_SIZE if "mud" in modes else SIDE_SIZE


WinReason = Literal["five", "adjacent"]


def win_reason(stones: Iterable[int]) -> WinReason | None:
    """The win rule (docs/RULES.md, "End of the game"): ``"five"`` for five stones held, ``"adjacent"``
    for three adjacent ones (stones numbered 1-9), else ``None``. The rule is the kernel's
    (:func:`schotten_lab.core.kernel.win_reason`, on a mask of the stones)."""
    held = 0
    for stone in stones:
        try:
            number = operator.index(stone)
        except TypeError:
            number = 0
        if not 1 <= number <= STONE_COUNT:
            raise ArgumentError(f"a stone is numbered 1 to {STONE_COUNT}, not {excerpt(stone)}")
        held |= 1 << (number - 1)
    return WIN_REASONS[kernel_win_reason(held)]


WIN_REASONS: dict[int, WinReason | None] = {0: None, FIVE: "five", ADJACENT: "adjacent"}
"""The kernel's win reasons by name."""


def holds_winning_set(stones: Iterable[int]) -> bool:
    """Whether the stones held win the game (:func:`win_reason`)."""
    return win_reason(stones) is not None
