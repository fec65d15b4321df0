"""Hypothesis strategies for random LEGAL tactics-variant positions.

Every position drawn passes :meth:`Position.status`: elite troops (wild or with an identity) on the
sides, at most one Joker per player on the table, combat modes on stones (a Mud fight side holds up to
4 pieces), played ruses and a few discarded cards in the discard pile (a clan card or a troop reaches
the discard only through a played Banshee or Strategist), hands of 7 while either deck lasts, 64 cards
in all, ``tactics_played`` adding up to the tactics cards on the table and differing by at most 1,
``first_complete`` only on complete sides, claims the cards support (checked with the slow twin), and
never two winning sets of stones.

``min_table``/``max_table`` bound the clan cards on the stones: many cards on the table keep the
public pool small, which is what keeps the twins' enumerations fast.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

import reference_tactics as reft
from schotten_lab.core.cards import Card
from schotten_lab.core.position import Position, Stone
from schotten_lab.core.rules import RuleSet, Player
from schotten_lab.core.tactics import HandCard, Piece, Troop

S, N = Player.SOUTH, Player.NORTH
PLAYERS = (S, N)
TACTICS_CARDS = ("JOKER", "JOKER", "SPY", "SHIELD", "BLIND", "MUD", "HEADHUNTER", "STRATEGIST", "BANSHEE", "TRAITOR")
"""The ten tactics cards, one entry per copy."""

MAX_CLAIM_WORK = 4000
"""Claims are only attempted where the twin's proof stays below this many side evaluations."""

players = st.sampled_from(PLAYERS)
stone_numbers = st.integers(1, 9)


@st.composite
def troops(draw: st.DrawFn, kind: str) -> Troop:
    """A troop of ``kind``, wild or (less often) with an identity of its range."""
    if draw(st.integers(0, 3), label=f"{kind} identity?") == 0:
        return Troop(kind, draw(st.sampled_from(reft.troop_range(kind)), label=f"{kind} identity"))  # type: ignore[arg-type]
    return Troop(kind)  # type: ignore[arg-type]


@st.composite
def tactics_positions(
    draw: st.DrawFn,
    min_table: int = 0,
    max_table: int = 54,
    known_hands: bool | None = None,
    claims: bool = True,
    expert: bool | None = None,
    tactics_weight: int = 2,
) -> Position:
    """A random legal tactics position with ``min_table``..``max_table`` clan cards on the stones.

    ``tactics_weight`` (0-3) makes played tactics cards rarer or more common (0: none played).
    """
    # -- which tactics cards were played, and where they lie --------------------------------------
    played_flags = [draw(st.integers(0, 3), label=f"played {name}") < tactics_weight for name in TACTICS_CARDS]
    played = [name for name, f in zip(TACTICS_CARDS, played_flags) if f]
    modes: list[set[str]] = [set() for _ in range(9)]
    sides: dict[tuple[int, Player], list[Piece]] = {(i, p): [] for i in range(9) for p in PLAYERS}
    discard: list[HandCard] = []
    for name in ("HEADHUNTER", "STRATEGIST", "BANSHEE", "TRAITOR"):
        if name in played:
            discard.append(name)
    may_discard = sum(1 for name in ("STRATEGIST", "BANSHEE") if name in played)
    for name in ("BLIND", "MUD"):
        if name in played:
            modes[draw(st.integers(0, 8), label=f"{name} stone")].add(name.lower())
    joker_owners: list[Player] = []
    for name in [n for n in played if n in ("JOKER", "SPY", "SHIELD")]:
        if may_discard and draw(st.integers(0, 4), label=f"{name} discarded") == 0:
            discard.append(name)
            may_discard -= 1
            continue
        owner = draw(players, label=f"{name} owner")
        if name == "JOKER":
            if owner in joker_owners:
                owner = owner.opponent
            joker_owners.append(owner)
        stone = draw(st.integers(0, 8), label=f"{name} stone")
        cap = reft.capacity_of(modes[stone])
        if len(sides[stone, owner]) >= cap:
            continue  # no room: leave it unplayed
        sides[stone, owner].append(draw(troops(name), label=f"{name} troop"))
    discard_order = draw(st.permutations(discard), label="discard order")
    discard = list(discard_order)

    # -- clan cards on the stones and in the discard pile ------------------------------------------
    deck_order = list(draw(st.permutations(reft.ALL_CARDS), label="card order"))
    discarded_clan = draw(st.integers(0, may_discard), label="clan cards discarded")
    for _ in range(discarded_clan):
        discard.insert(draw(st.integers(0, len(discard)), label="discard slot"), deck_order.pop())
    slots = [(i, p) for i in range(9) for p in PLAYERS for _ in range(reft.capacity_of(modes[i]) - len(sides[i, p]))]
    n_table = min(draw(st.integers(min_table, max_table), label="clan cards on the table"), len(slots), len(deck_order))
    on_table = deck_order[:n_table]
    style = draw(st.sampled_from(["random", "by_colour", "by_value"]), label="style")
    if style == "by_colour":
        on_table.sort(key=lambda c: (reft.colour_of(c), reft.value_of(c)))
    elif style == "by_value":
        on_table.sort(key=lambda c: (reft.value_of(c), reft.colour_of(c)))
    chosen = draw(st.permutations(range(len(slots))), label="slots")[:n_table]
    for card, slot in zip(on_table, sorted(chosen)):
        sides[slots[slot]].append(card)
    for key, pieces in sides.items():
        if len(pieces) > 1:
            sides[key] = list(draw(st.permutations(pieces), label="placement order"))

    # -- tactics counts, hands and decks ------------------------------------------------------------
    total_played = sum(len([p for p in v if isinstance(p, Troop)]) for v in sides.values())
    total_played += sum(len(m) for m in modes) + sum(1 for c in discard if isinstance(c, str))
    need = {p: sum(1 for i in range(9) for c in sides[i, p] if isinstance(c, Troop)) for p in PLAYERS}
    options = [(k, total_played - k) for k in {total_played // 2, (total_played + 1) // 2}]
    fitting = [o for o in options if o[0] >= need[S] and o[1] >= need[N]] or options
    south_played, north_played = draw(st.sampled_from(sorted(fitting)), label="tactics played")

    clan_rest = deck_order[n_table:]
    tactics_rest = list(TACTICS_CARDS)
    for c in [c for v in sides.values() for c in v if isinstance(c, Troop)]:
        tactics_rest.remove(c.kind)
    for m in (m for ms in modes for m in ms):
        tactics_rest.remove(m.upper())
    for c in discard:
        if isinstance(c, str):
            tactics_rest.remove(c)
    rest: list[HandCard] = [*clan_rest, *tactics_rest]
    rest_order = draw(st.permutations(range(len(rest))), label="hidden order")
    if len(rest) > 14:
        sizes = {S: 7, N: 7}
    else:
        south = draw(st.integers(max(0, len(rest) - 7), min(7, len(rest))), label="south hand size")
        sizes = {S: south, N: len(rest) - south}
    # the hands take a random part of what is off the table; the rest are the two decks
    in_hands = [rest[i] for i in rest_order[: sizes[S] + sizes[N]]]
    held = {S: tuple(in_hands[: sizes[S]]), N: tuple(in_hands[sizes[S] :])}
    hidden_rest = [rest[i] for i in rest_order[sizes[S] + sizes[N] :]]
    deck = sum(1 for c in hidden_rest if isinstance(c, Card))
    tactics_deck = len(hidden_rest) - deck
    hands: dict[Player, tuple[HandCard, ...] | None] = {}
    for p in PLAYERS:
        known = draw(st.booleans(), label=f"{p} hand known") if known_hands is None else known_hands
        hands[p] = held[p] if known else None

    stones = []
    for i in range(9):
        s = Stone(tuple(sides[i, S]), tuple(sides[i, N]), modes=frozenset(modes[i]))
        done = [p for p in PLAYERS if len(s.side(p)) == s.capacity]
        if done:
            s = replace(s, first_complete=draw(st.sampled_from([None, *done]), label=f"first_complete {i + 1}"))
        stones.append(s)
    is_expert = expert if expert is not None else draw(st.booleans(), label="expert")
    pos = Position(
        stones=tuple(stones),
        hands=hands,
        hand_sizes=sizes,
        deck=deck,
        to_move=draw(players, label="to move"),
        rules=RuleSet("tactics", expert=is_expert),
        discard=tuple(discard),
        tactics_deck=tactics_deck,
        tactics_played={S: south_played, N: north_played},
    )
    if claims:
        pos = _add_claims(draw, pos)
    return pos


def _add_claims(draw: st.DrawFn, pos: Position) -> Position:
    """Claim some stones the default proof supports (at most 5, so no two winning sets appear)."""
    stones = list(pos.stones)
    made = 0
    for i, s in enumerate(stones):
        if made >= 5:
            break
        for p in PLAYERS:
            if len(s.side(p)) < s.capacity or reft.claim_work(pos, i + 1, p) > MAX_CLAIM_WORK:
                continue
            if reft.claim(pos, i + 1, p).claimable and draw(st.booleans(), label=f"claim {i + 1} {p}"):
                stones[i] = replace(s, claimed=p)
                made += 1
                break
    return replace(pos, stones=tuple(stones))


def small_pool_positions(max_pool: int = 12, **kwargs: object) -> st.SearchStrategy[Position]:
    """Tactics positions with at least ``54 - max_pool`` clan cards on the stones (when they fit)."""
    return tactics_positions(min_table=54 - max_pool, **kwargs)  # type: ignore[arg-type]
