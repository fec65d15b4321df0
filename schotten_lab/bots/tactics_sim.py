"""The search state of the tactics variant: a fast, mutable, full-information game for rollouts.

The tactics twin of :mod:`.sim` (read that first): cards are ints, a side is a list of ints, players
are 0 (south) and 1 (north). The tactics cards are ints too:

- in a hand, the deck or the discard pile: :data:`TACTICS_CODE` (``JOKER`` 54, ``SPY`` 55,
  ``SHIELD`` 56, ``BLIND`` 57, ``MUD`` 58, ``HEADHUNTER`` 59, ``STRATEGIST`` 60, ``BANSHEE`` 61,
  ``TRAITOR`` 62);
- on a side, a wild elite troop is its hand code (54-56); a troop whose owner already chose its
  identity (``JOKER=R8``, only in positions set up by hand) gets an interned code from 64 up;
- a stone's combat modes are bits (:data:`BLIND` 1, :data:`MUD` 2).

The rules are the engine's (docs/RULES.md, :mod:`schotten_lab.game.apply`), turn by turn: every play
(:meth:`TacticsSim.apply_play` takes the engine's :class:`~schotten_lab.game.Play`), the claim
proof (plain stones by the base game's rank cascade, stones with troops or modes by the engine's own
rules kernel's :func:`~schotten_lab.core.kernel.tactics_claim_proved` on the same ints), the tie-break by
the latest completion (a clock tick per side, as the engine's ``complete_at``), Headhunter's draws
and put-back, the tactics-count and one-Joker limits, the draw from the chosen deck. The tests replay
random engine games move for move on this state and compare everything.

The rollout policy that plays on this state is :mod:`.tactics_policy`'s (the search plays its
compiled twin on ints, :mod:`.tactics_kernel`; this state is the twin's reference). Both call the rules
kernel through :data:`RULES`: its plain functions, or their numba twins once the compiled rollouts
are loaded (:func:`~.rollouts.warm`), the same answers at about twice the rollouts a second.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import kernel
from ..core.cards import CARDS, Card
from ..core.kernel import FIXED, STRENGTH
from ..core.rules import PLAYERS
from ..core.tactics import TACTICS_NAMES, HandCard, Piece, Troop
from ..game import GameState, Play
from ..game.plays import piece_code as play_name
from .sim import FULL, Board, winner_of

TACTICS_CODE: dict[str, int] = {name: 54 + k for k, name in enumerate(TACTICS_NAMES)}
"""A tactics card's int in a hand, deck or the discard pile (JOKER 54 ... TRAITOR 62)."""
NAME_OF: dict[int, str] = {code: name for name, code in TACTICS_CODE.items()}
JOKER, SPY, SHIELD = TACTICS_CODE["JOKER"], TACTICS_CODE["SPY"], TACTICS_CODE["SHIELD"]
BLIND_CARD, MUD_CARD = TACTICS_CODE["BLIND"], TACTICS_CODE["MUD"]
HEADHUNTER, STRATEGIST = TACTICS_CODE["HEADHUNTER"], TACTICS_CODE["STRATEGIST"]
BANSHEE, TRAITOR = TACTICS_CODE["BANSHEE"], TACTICS_CODE["TRAITOR"]
TROOPS = (JOKER, SPY, SHIELD)
BLIND, MUD = 1, 2
MODE_BIT = {"blind": BLIND, "mud": MUD}
MODE_OF_CARD = {BLIND_CARD: BLIND, MUD_CARD: MUD}

_PIECES: list[Piece] = [*CARDS, Troop("JOKER"), Troop("SPY"), Troop("SHIELD")]
_PIECES += [Troop("JOKER")] * (64 - len(_PIECES))  # 57-63: unused on a side (hand-only codes)
_PIECE_CODE: dict[Piece, int] = {p: k for k, p in enumerate(_PIECES[:57])}
_CLAN_CODE: dict[str, int] = {str(c): c.index for c in CARDS}


_KERNEL_INT: list[int] = list(range(57)) + [-1] * 7
"""``_KERNEL_INT[code]``: the rules kernel's int for a side piece (an interned troop: ``FIXED + card``)."""


def piece_code(piece: Piece) -> int:
    """A side piece's int (a troop with a chosen identity is interned on first sight)."""
    code = _PIECE_CODE.get(piece)
    if code is None:
        code = _PIECE_CODE[piece] = len(_PIECES)
        _PIECES.append(piece)
        assert isinstance(piece, Troop) and piece.identity is not None
        _KERNEL_INT.append(FIXED + piece.identity.index)
    return code


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules kernel's functions the tactics search calls (:mod:`schotten_lab.core.kernel`)."""

    best_completion: Callable[..., int]
    claim_proved: Callable[..., bool]
    side_best: Callable[..., int]
    tactics_claim_proved: Callable[..., bool]

    @classmethod
    def of(cls, functions: Any) -> Rules:
        """The four functions of ``functions`` (the kernel module, or :func:`~schotten_lab.core.kernel.compiled`'s namespace)."""
        return cls(functions.best_completion, functions.claim_proved, functions.side_best, functions.tactics_claim_proved)


PLAIN_RULES = Rules.of(kernel)
RULES = PLAIN_RULES
"""The rules the tactics search calls now: :data:`PLAIN_RULES`, or the compiled twins
(:func:`use_rules`). Both give the same answers (tests/core/test_kernel_tactics.py compares them);
the compiled ones make a search's rollouts about twice as fast (benchmarks/tactics_rollouts.py)."""


def use_rules(functions: Any) -> None:
    """Make the tactics search call the rules of ``functions`` (:meth:`Rules.of`: the plain kernel,
    or :func:`schotten_lab.core.kernel.compiled`'s twins), for the whole process."""
    global RULES
    RULES = Rules.of(functions)


def kernel_args(side: Sequence[int]) -> tuple[int, int, int, int, int]:
    """A side of piece codes as the rules kernel reads it (``count, a, b, c, d``)."""
    k = _KERNEL_INT
    n = len(side)
    return (
        n, k[side[0]] if n else -1, k[side[1]] if n > 1 else -1, k[side[2]] if n > 2 else -1, k[side[3]] if n > 3 else -1,
    )  # fmt: skip


_COMPLETE: dict[tuple[object, ...], int] = {}
"""Complete sides' strengths already asked (they depend on the pieces alone), emptied past 200,000."""


def side_value(side: Sequence[int], capacity: int, blind: bool, pool: int) -> int:
    """The strength of the strongest filling of ``side`` (piece codes) from ``pool`` (the side's own
    strength when complete; -1 when the pool is too small): :func:`~schotten_lab.core.kernel.side_best`
    (remembered for complete sides)."""
    if len(side) < capacity:
        return RULES.side_best(*kernel_args(side), capacity, blind, pool)
    key = (*side, capacity, blind)
    found = _COMPLETE.get(key)
    if found is None:
        if len(_COMPLETE) > 200_000:
            _COMPLETE.clear()
        found = _COMPLETE[key] = RULES.side_best(*kernel_args(side), capacity, blind, 0)
    return found


def piece_of(code: int) -> Piece:
    return _PIECES[code]


def hand_code(card: HandCard) -> int:
    return card.index if isinstance(card, Card) else TACTICS_CODE[card]


def hand_card(code: int) -> HandCard:
    return CARDS[code] if code < 54 else NAME_OF[code]


def card_code(name: str) -> int:
    """The int of a card as a play names it (``R8``, ``JOKER``, ``MUD``)."""
    code = TACTICS_CODE.get(name)
    return _CLAN_CODE[name] if code is None else code


def _discarded(code: int) -> int:
    """What a side piece becomes in the discard pile (a troop goes back to its name)."""
    return code if code < 54 else TACTICS_CODE[play_name(_PIECES[code])]


class TacticsSim(Board):
    """A full-information tactics-variant state (mutable; :meth:`copy` before branching).

    ``sides[2 * stone + player]`` lists the pieces in placement order; ``done`` the same index's clock
    tick of its latest completion (-1 while incomplete); ``modes[stone]`` bits; decks are drawn from
    their end (``put_under`` inserts at the front); ``gone`` is the mask of clan cards on the table and
    in the discard pile (a claim proof's pool is the rest); ``played`` counts tactics cards played,
    ``jokers[p]`` whether ``p`` has played a Joker.
    """

    __slots__ = (
        "sides", "done", "modes", "claimed", "hands", "clan_deck", "tactics_deck", "discard", "gone",
        "played", "jokers", "to_move", "winner", "expert", "passes", "clock", "early",
    )  # fmt: skip

    def __init__(
        self,
        sides: list[list[int]],
        done: list[int],
        modes: list[int],
        claimed: list[int],
        hands: list[list[int]],
        clan_deck: list[int],
        tactics_deck: list[int],
        discard: list[int],
        played: list[int],
        jokers: list[bool],
        to_move: int,
        expert: bool = False,
        clock: int = 2,
    ) -> None:
        self.sides = sides
        self.done = done
        self.modes = modes
        self.claimed = claimed
        self.hands = hands
        self.clan_deck = clan_deck
        self.tactics_deck = tactics_deck
        self.discard = discard
        self.played = played
        self.jokers = jokers
        self.to_move = to_move
        self.expert = expert
        self.passes = 0
        self.clock = clock
        self.early = False
        gone = 0
        for side in sides:
            for code in side:
                if code < 54:
                    gone |= 1 << code
        for code in discard:
            if code < 54:
                gone |= 1 << code
        self.gone = gone
        self.winner = winner_of(self.claimed)

    def copy(self) -> TacticsSim:
        new = TacticsSim.__new__(TacticsSim)
        new.sides = [list(s) for s in self.sides]
        new.done = list(self.done)
        new.modes = list(self.modes)
        new.claimed = list(self.claimed)
        new.hands = [list(self.hands[0]), list(self.hands[1])]
        new.clan_deck = list(self.clan_deck)
        new.tactics_deck = list(self.tactics_deck)
        new.discard = list(self.discard)
        new.gone = self.gone
        new.played = list(self.played)
        new.jokers = list(self.jokers)
        new.to_move = self.to_move
        new.winner = self.winner
        new.expert = self.expert
        new.passes = self.passes
        new.clock = self.clock
        new.early = self.early
        return new

    # ---- the table ------------------------------------------------------------------------------

    def capacity(self, stone: int) -> int:
        return 4 if self.modes[stone] & MUD else 3

    def free_stones(self, player: int) -> list[int]:
        """Stones where ``player`` may place: unclaimed, with room on their side."""
        sides, modes, claimed = self.sides, self.modes, self.claimed
        return [i for i in range(9) if claimed[i] < 0 and len(sides[2 * i + player]) < (4 if modes[i] & MUD else 3)]

    def _set_side(self, stone: int, player: int, side: list[int]) -> None:
        """Replace a side, keeping the completion clock as the engine does (``_Work._restone``)."""
        self.sides[2 * stone + player] = side
        self._retime(stone)

    def _retime(self, stone: int) -> None:
        capacity = self.capacity(stone)
        for k in (2 * stone, 2 * stone + 1):
            if len(self.sides[k]) >= capacity:
                if self.done[k] < 0:
                    self.done[k] = self.clock
                    self.clock += 1
            else:
                self.done[k] = -1

    def first_complete(self, stone: int) -> int:
        """The player whose side became complete the earliest (latest completion counted), or -1."""
        a, b = self.done[2 * stone], self.done[2 * stone + 1]
        if a >= 0 and (b < 0 or a < b):
            return 0
        return 1 if b >= 0 else -1

    def can_claim(self, stone: int, player: int) -> bool:
        """The claim rule with the default proof (docs/RULES.md "Early claims under tactics")."""
        if self.claimed[stone] >= 0:
            return False
        modes = self.modes[stone]
        capacity = 4 if modes & MUD else 3
        mine = self.sides[2 * stone + player]
        if len(mine) < capacity:
            return False
        theirs = self.sides[2 * stone + 1 - player]
        if not modes and max(mine) < 54 and (not theirs or max(theirs) < 54):
            # clan cards only, no combat mode: the base game's rule, the kernel's
            own = STRENGTH[mine[0] * 2916 + mine[1] * 54 + mine[2]]
            k = len(theirs)
            cards = (*theirs, -1, -1, -1)
            return RULES.claim_proved(own, k, cards[0], cards[1], cards[2], k == 3 and self.first_complete(stone) == player, FULL & ~self.gone)
        tie_won = self.first_complete(stone) == player
        return RULES.tactics_claim_proved(
            *kernel_args(mine), *kernel_args(theirs), capacity, bool(modes & BLIND), tie_won, FULL & ~self.gone
        )

    def claimable(self, player: int) -> list[int]:
        return [i for i in range(9) if self.can_claim(i, player)]

    def may_play_tactics(self, player: int) -> bool:
        return self.played[player] <= self.played[1 - player]

    # ---- plays ----------------------------------------------------------------------------------

    def place(self, code: int, stone: int) -> None:
        """Put a clan card or an elite troop from the mover's hand on their side of ``stone``."""
        p = self.to_move
        self.hands[p].remove(code)
        if code >= 54:
            self.played[p] += 1
            if code == JOKER:
                self.jokers[p] = True
        else:
            self.gone |= 1 << code
        self._set_side(stone, p, [*self.sides[2 * stone + p], code])

    def apply_play(self, play: Play) -> None:
        """The mover's play (no legality check; the engine's :class:`Play`). Headhunter only draws
        here: :meth:`put_back` is its second step."""
        p = self.to_move
        card = play.card
        code = card_code(card)
        if code < 54 or code in TROOPS:
            assert play.stone is not None
            self.place(code, play.stone - 1)
            return
        self.hands[p].remove(code)
        self.played[p] += 1
        if code in MODE_OF_CARD:
            assert play.stone is not None
            stone = play.stone - 1
            self.modes[stone] |= MODE_OF_CARD[code]
            self._retime(stone)
            return
        self.discard.append(code)
        if code == HEADHUNTER:
            for deck in play.decks:
                self._draw(p, deck == "tactics")
            return
        assert play.source is not None and play.target is not None
        owner = p if code == STRATEGIST else 1 - p
        source = play.source - 1
        side = list(self.sides[2 * source + owner])
        target = next(k for k, c in enumerate(side) if play_name(_PIECES[c]) == play.target)
        piece = side.pop(target)
        self._set_side(source, owner, side)
        if play.stone is None or code == BANSHEE:
            self.discard.append(_discarded(piece))
            return
        self._set_side(play.stone - 1, p, [*self.sides[2 * (play.stone - 1) + p], piece])

    def put_back(self, codes: Sequence[int]) -> None:
        """Headhunter's second step: ``codes`` from the mover's hand go under their decks."""
        hand = self.hands[self.to_move]
        for code in codes:
            hand.remove(code)
            (self.clan_deck if code < 54 else self.tactics_deck).insert(0, code)

    def _draw(self, player: int, tactics: bool) -> None:
        deck = self.tactics_deck if tactics else self.clan_deck
        self.hands[player].append(deck.pop())

    def end_turn(self, played: bool, tactics_deck: bool = False, draw: bool | None = None) -> list[int]:
        """After the play: the base game's claims, the draw, the next player; returns the claims.

        ``played``: the mover played a card (else passed). ``draw`` (default ``played``; Headhunter
        draws no more): one card, from the tactics deck when ``tactics_deck`` and it is not empty,
        else from the other deck."""
        p = self.to_move
        claims: list[int] = []
        if not self.expert:
            claims = self.claim_all(p)
            if self.winner >= 0:
                return claims
        if (played if draw is None else draw) and (self.clan_deck or self.tactics_deck):
            self._draw(p, (tactics_deck and bool(self.tactics_deck)) or not self.clan_deck)
        self.passes = 0 if played or claims or self.early else self.passes + 1
        self.early = False
        self.to_move = 1 - p
        return claims

    def start_turn(self) -> list[int]:
        """Expert variant: the claims at the start of the turn (none in the base game)."""
        claims = self.claim_all(self.to_move) if self.expert else []
        self.early = bool(claims)
        return claims

    def stalled(self) -> bool:
        """Both players passed in turn twice with nothing claimed: the game cannot go on (rollouts)."""
        return self.passes >= 4


def from_state(state: GameState) -> TacticsSim:
    """The search state of a full-information engine state (every card known)."""
    sides: list[list[int]] = []
    done: list[int] = []
    modes: list[int] = []
    for stone, times in zip(state.stones, state.complete_at):
        for p in PLAYERS:
            sides.append([piece_code(c) for c in stone.side(p)])
        done.extend(-1 if t is None else t for t in times)
        modes.append(sum(MODE_BIT[m] for m in stone.modes))
    if any(None in h for h in state.hands) or None in state.clan_deck or None in state.tactics_deck:
        raise ValueError("state: the search state needs every card known")
    sim = TacticsSim(
        sides,
        done,
        modes,
        [-1 if s.claimed is None else PLAYERS.index(s.claimed) for s in state.stones],
        [[hand_code(c) for c in state.hands[p]] for p in (0, 1)],  # type: ignore[arg-type]
        [hand_code(c) for c in reversed(state.clan_deck)],  # type: ignore[arg-type]
        [hand_code(c) for c in reversed(state.tactics_deck)],  # type: ignore[arg-type]
        [hand_code(c) for c in state.discard],
        list(state.tactics_played),
        [p in state.jokers_played for p in PLAYERS],
        PLAYERS.index(state.to_move),
        state.rules.expert,
        state.clock,
    )
    sim.passes = state.passes
    return sim
