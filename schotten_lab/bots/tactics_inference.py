"""What the opponent's plays say about its hand in the tactics variant: the advisor's weighted deals.

The tactics variant's twin of :mod:`.inference`, with the strong tactics heuristic as the model of the
opponent: ``greedy-tactics`` (:mod:`.tactics_greedy`) plays the play of best one-ply judgement
(:func:`~.tactics_judge.play_score`). So at each of the opponent's last :data:`~.inference.LOOK_BACK`
turns, an unseen clan card that, placed on some stone it could play on, would have scored **strictly
more** than the play it made, or an unseen tactics card one of whose legal plays would have, was not
in its hand then; if it is in its hand now, it was drawn since. The table before each of its turns
is rebuilt from the game's turns alone (:func:`~schotten_lab.game.records.public_replay`: every card
drawn unknown, whatever the turns say of it), so the reading uses only what the player to move has
seen.

What goes to the deals (:class:`Reading`) is, for each kind of card, the base game's
:class:`~.inference.Arrivals`: for each card, the most recent of the opponent's turns it would have
beaten (0: none), and the cards of that kind the opponent drew after each of its recent turns
(counted on the rebuilt table: a deck's size before and after each of its turns; a Headhunter's
draws as it named them). A deal whose opponent's hand has ``u`` cards that do not fit the draws
(:func:`misfits`, :func:`~.inference.unfit` for each kind) weighs :data:`TACTICS_DOUBT` to the
power ``u``, so an opponent who is not the heuristic only weakens the weighting, never makes a hand
impossible. The deals are drawn from that law exactly (:func:`hand_law`, used by
:meth:`.tactics_search.TacticsGame.deal_cards`): ``unfit`` reads only how many of a hand's cards
have each ``newer`` value, so the law is a law over those counts (305 of them at most in the games
measured), each hand then uniform within them. (Until round 17 the deals were drawn by rejection, at
most 64 shuffles, the last kept: 8.8% of the deals then gave the opponent a hand that does not fit,
where the law's own share is 2.7%; ``python benchmarks/tactics_reading.py``.) A card the opponent
played that an older turn's play rules out came in after that turn and spends one of the draws
since (:func:`~.inference.kept_draws`), as in the base game.

With no history, a history that does not replay under the rules or does not lead to the position's
table, or no turn of the opponent's to read, the deals stay uniform (:data:`NOTHING_READ`, and the
random stream is the one of the uniform deals).
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.cards import CARDS
from ..core.errors import SchottenError
from ..core.rules import PLAYERS
from ..core.tactics import TACTICS_NAMES
from ..game import GameState, Play, Turn, public_replay, read_turn
from .inference import LOOK_BACK, UNIFORM, Arrivals, kept_draws, unfit
from .tactics_judge import play_score
from .tactics_sim import NAME_OF, TacticsSim, card_code, from_state

TACTICS_DOUBT = 0.01
"""The chance a deal is kept for each of the opponent's cards that does not fit its draws: nearly a
rule, where the base game's :data:`~.inference.DOUBT` is 0.1 (at 1,000 rollouts a move against
``greedy-tactics``, 0.1 gained 1 point in 400 games, 0.01 gained 5.5: docs/ADVISOR.md, "Round 16")."""
READ_SHARE = 0.1
"""On the clock, the share of a move's time budget the reading may take (it goes on to the next
older turn only while the share lasts): 31 ms a decision is typical, 170 ms seen."""
KINDS = ("clan", "tactics")
"""The kinds of hidden cards the opponent's plays are read for."""
READ_ERRORS = (SchottenError, ValueError, TypeError, KeyError, AttributeError, IndexError)
"""What a history that is not this game's (or not a history) raises while it is read and replayed."""


def public_sim(state: GameState, mover: int) -> TacticsSim:
    """The search state of ``state``'s table, discard pile and counts, both hands and decks empty,
    ``mover`` to move: all that the one-ply judgement reads, besides the mover's hand."""
    sim = from_state(replace(state, hands=((), ()), clan_deck=(), tactics_deck=()))
    sim.to_move = mover
    return sim


def beats(table: TacticsSim, cards: Sequence[int], bar: int, plays: Callable[[int], Sequence[Play]]) -> list[bool]:
    """For each card of ``cards``: whether the mover of ``table`` would have judged one of its
    ``plays(card)``, the card in hand, strictly above ``bar`` (:func:`~.tactics_judge.play_score`)."""
    p = table.to_move
    found = []
    for x in cards:
        table.hands[p] = [x]
        found.append(any(play_score(table, play) > bar for play in plays(x)))
    table.hands[p] = []
    return found


@dataclass(frozen=True)
class Reading:
    """What the opponent's plays say of its hand, by kind: ``clan`` over the clan cards (0-53),
    ``tactics`` over the tactics cards (their codes, 54 on); :meth:`.tactics_search.TacticsGame.deal_cards`
    weights a deal by both."""

    clan: Arrivals = UNIFORM
    tactics: Arrivals = UNIFORM
    doubt: float = TACTICS_DOUBT
    """The chance a deal is kept for each card of the opponent's that does not fit its draws."""

    @property
    def uniform(self) -> bool:
        return self.clan.uniform and self.tactics.uniform


NOTHING_READ = Reading()
"""No inference: every deal of the hidden cards equally likely."""


def read_hand(
    me: int, expert: bool, sides: Sequence[Sequence[int]], claimed: Sequence[int], hidden_clan: Sequence[int],
    hidden_tactics: Sequence[int], history: Sequence[Turn | Mapping[str, Any]] | None, doubt: float = TACTICS_DOUBT,
    look_back: int = LOOK_BACK, kinds: tuple[str, ...] = KINDS, until: float | None = None,
) -> Reading:  # fmt: skip
    """The weighting of the deals seen from seat ``me`` (0 south, 1 north) whose table is ``sides``
    and ``claimed`` (the search view's ints) and whose unseen cards are ``hidden_clan`` and
    ``hidden_tactics``, that the opponent's plays in ``history`` support (see the module), for the
    ``kinds`` of cards read; :data:`NOTHING_READ` when there is nothing to read.
    On the clock, ``until`` (a :func:`time.perf_counter` time) stops the reading at the turn it
    reaches: the older turns are left unread (a budget of rollouts never reads the clock)."""
    if not history or not kinds:
        return NOTHING_READ
    try:
        turns = [read_turn(t) for t in history]  # who played what (a Headhunter's cards are not a decision's)
        states = public_replay([t.to_dict() if isinstance(t, Turn) else dict(t) for t in history], "tactics", expert)
        final = public_sim(states[-1], me)
    except READ_ERRORS:
        return NOTHING_READ
    if [sorted(s) for s in final.sides] != [sorted(s) for s in sides] or list(final.claimed) != list(claimed):
        return NOTHING_READ  # the history does not lead to this table
    other = 1 - me
    mine = [k for k, t in enumerate(turns) if t.player is PLAYERS[other]]
    read = [k for k in reversed(mine) if turns[k].play is not None][:look_back]
    if not read:
        return NOTHING_READ
    clan_newer = [0] * 54
    tactics_newer = [0] * (54 + len(TACTICS_NAMES))
    clan_cards = list(hidden_clan) if "clan" in kinds else []
    tactics_cards = sorted(set(hidden_tactics)) if "tactics" in kinds else []
    # the cards the opponent played at its read turns, by kind (turn j, card), and for each the most
    # recent older read turn it would have beaten (0: none): it came in after that turn, a draw spent
    played: dict[str, list[tuple[int, int]]] = {kind: [] for kind in kinds}
    for j, k in enumerate(read, start=1):
        card = card_code(turns[k].play.card)  # type: ignore[union-attr]
        kind = "clan" if card < 54 else "tactics"
        if kind in kinds:
            played[kind].append((j, card))
    came_after = {kind: [0] * len(cards) for kind, cards in played.items()}
    unseen = {"clan": (clan_cards, clan_newer), "tactics": (tactics_cards, tactics_newer)}
    for j, k in enumerate(read, start=1):
        if until is not None and time.perf_counter() > until:
            read = read[: j - 1]  # out of time: the more recent turns read so far
            break
        play = turns[k].play
        assert play is not None
        state = states[k]
        if expert:  # its claims came first and closed their stones (:func:`.turns.build_turn`)
            stones = list(state.stones)
            for number in turns[k].claim:
                stones[number - 1] = replace(stones[number - 1], claimed=PLAYERS[other])
            state = replace(state, stones=tuple(stones))
        before = public_sim(state, other)
        before.hands[other] = [] if play.card == "HEADHUNTER" else [card_code(play.card)]
        bar = play_score(before, play)  # a play the replay found legal: the heuristic scores every one
        free = [s + 1 for s in before.free_stones(other)]
        plays_of: dict[str, Callable[[int], Sequence[Play]]] = {
            "clan": lambda x: [Play(str(CARDS[x]), s) for s in free],
            "tactics": lambda x: _plays(state, other, x),
        }
        for kind, (cards, newer) in unseen.items():
            unread = [x for x in cards if not newer[x]]  # a card a more recent turn needs: no older one widens it
            later = [i for i, (turn, _) in enumerate(played.get(kind, ())) if turn < j and not came_after[kind][i]]
            found = beats(before, unread + [played[kind][i][1] for i in later], bar, plays_of[kind])
            for x, better in zip(unread, found):
                if better:
                    newer[x] = j
            for i, better in zip(later, found[len(unread) :]):
                if better:
                    came_after[kind][i] = j
    if not read:
        return NOTHING_READ
    clan_draws = kept_draws(_draws(turns, states, mine, read, "clan"), came_after.get("clan", ()))
    tactics_draws = kept_draws(_draws(turns, states, mine, read, "tactics"), came_after.get("tactics", ()))
    return Reading(
        Arrivals(tuple(clan_newer), clan_draws, doubt) if any(clan_newer) else UNIFORM,
        Arrivals(tuple(tactics_newer), tactics_draws, doubt) if any(tactics_newer) else UNIFORM,
        doubt,
    )


def hand_laws(
    reading: Reading, hidden_clan: tuple[int, ...], opponent_clan: int, hidden_tactics: tuple[int, ...],
    opponent_tactics: int,
) -> tuple[HandLaw, HandLaw]:  # fmt: skip
    """:func:`hand_law` of the opponent's clan cards and of its tactics cards under ``reading`` (the
    two kinds' weights multiply, so each is drawn alone)."""
    return (
        hand_law(reading.clan, hidden_clan, opponent_clan, reading.doubt),
        hand_law(reading.tactics, hidden_tactics, opponent_tactics, reading.doubt),
    )


def misfits(reading: Reading, clan: Sequence[int], tactics: Sequence[int]) -> int:
    """The opponent's cards that do not fit its draws (:func:`~.inference.unfit`) in a deal whose
    opponent holds the clan cards ``clan`` and the tactics cards ``tactics``."""
    u = 0 if reading.clan.uniform else unfit(clan, reading.clan)
    return u if reading.tactics.uniform else u + unfit(tactics, reading.tactics)


@dataclass(frozen=True)
class HandLaw:
    """The exact law of the opponent's cards of one kind under a reading (:func:`hand_law`): a hand
    is chosen by how many of its cards come from each *class* (the cards of one ``newer`` value,
    since :func:`~.inference.unfit` reads nothing else), then uniformly within each class."""

    classes: tuple[tuple[int, ...], ...]
    """The positions in the hidden cards of each class."""
    counts: tuple[tuple[int, ...], ...]
    """Every way of taking the hand from the classes: how many from each."""
    cumulative: tuple[float, ...]
    """The running total of the weights of :attr:`counts` (each ``doubt ** unfit`` times the number of hands)."""

    def deal(self, cards: Sequence[int], rng: random.Random) -> list[int]:
        """``cards`` (the hidden cards the law was made for) in the order of a deal: the opponent's
        hand drawn from the law (in random order), then the rest shuffled."""
        pick = bisect.bisect_right(self.cumulative, rng.random() * self.cumulative[-1])
        counts = self.counts[min(pick, len(self.counts) - 1)]
        taken: list[int] = []
        for positions, k in zip(self.classes, counts):
            if k:
                taken += rng.sample(positions, k)
        chosen = set(taken)
        rest = [i for i in range(len(cards)) if i not in chosen]
        rng.shuffle(taken)
        rng.shuffle(rest)
        return [cards[i] for i in taken + rest]

    def chance(self, cards: Sequence[int], held: Sequence[int]) -> float:
        """The chance that the opponent's hand is ``held`` (cards of ``cards``, the hidden cards the law
        was made for; a card held twice is two of its copies)."""
        positions: dict[int, list[int]] = {}
        for i, x in enumerate(cards):
            positions.setdefault(x, []).append(i)
        of_class = {i: c for c, members in enumerate(self.classes) for i in members}
        counts = [0] * len(self.classes)
        for x in held:
            counts[of_class[positions[x].pop()]] += 1
        k = self.counts.index(tuple(counts))
        weight = self.cumulative[k] - (self.cumulative[k - 1] if k else 0.0)
        hands = math.prod(math.comb(len(c), n) for c, n in zip(self.classes, counts))
        return weight / hands / self.cumulative[-1]


def hand_law(arrivals: Arrivals, cards: Sequence[int], hand: int, doubt: float) -> HandLaw:
    """The law of the opponent's ``hand`` cards among the hidden ``cards`` of one kind when a hand
    with ``u`` cards that do not fit ``arrivals`` (:func:`~.inference.unfit`) weighs ``doubt ** u``:
    the law that rejection approaches, exactly, however small the doubt."""
    by_class: dict[int, list[int]] = {}
    for i, x in enumerate(cards):
        by_class.setdefault(0 if arrivals.uniform else arrivals.newer[x], []).append(i)  # UNIFORM knows clan cards only
    keys = sorted(by_class)
    classes = tuple(tuple(by_class[j]) for j in keys)
    counts: list[tuple[int, ...]] = []
    cumulative: list[float] = []
    total = 0.0

    def walk(c: int, left: int, chosen: tuple[int, ...], ways: int) -> None:
        nonlocal total
        if c == len(keys):
            if not left:
                # one card of each class taken, as often as taken: unfit reads only the class
                one_each = [cards[members[0]] for members, k in zip(classes, chosen) for _ in range(k)]
                total += ways * doubt ** (0 if arrivals.uniform else unfit(one_each, arrivals))
                counts.append(chosen)
                cumulative.append(total)
            return
        for k in range(min(left, len(classes[c])) + 1):
            walk(c + 1, left - k, (*chosen, k), ways * math.comb(len(classes[c]), k))

    walk(0, hand, (), 1)
    return HandLaw(classes, tuple(counts), tuple(cumulative))


def _plays(state: GameState, player: int, code: int) -> tuple[Play, ...]:
    """The legal plays of the tactics card ``code`` for ``player`` to move in ``state`` (the card alone in hand)."""
    held = (NAME_OF[code],)
    hands = ((), held) if player else (held, ())
    return replace(state, hands=hands, to_move=PLAYERS[player], pending=None).legal_plays()


def _draws(
    turns: Sequence[Turn], states: Sequence[GameState], mine: Sequence[int], read: Sequence[int], deck: str
) -> tuple[int, ...]:
    """The cards of ``deck`` the opponent drew after each of its ``read`` turns (index 0: none): a
    Headhunter's draws as it named them, else what the deck lost during its turn."""
    drawn = {}
    for k in mine:
        play = turns[k].play
        if play is not None and play.card == "HEADHUNTER":
            drawn[k] = sum(d == deck for d in play.decks)
        else:
            drawn[k] = max(0, len(getattr(states[k], f"{deck}_deck")) - len(getattr(states[k + 1], f"{deck}_deck")))
    return (0, *(sum(drawn[k] for k in mine if k >= read[j]) for j in range(len(read))))


__all__ = [
    "KINDS", "NOTHING_READ", "READ_SHARE", "TACTICS_DOUBT", "HandLaw", "Reading", "beats", "hand_law", "hand_laws",
    "misfits", "public_sim", "read_hand",
]  # fmt: skip
