"""Rule checks on a position: every way it breaks the rules, as :class:`~.problem.Problem` values.

A position that parses but breaks the rules can still be built and inspected (python-chess's
``Board.status()`` idea): :func:`status` lists the problems, :func:`validate` raises them together.
:meth:`Position.status <.position.Position.status>` and ``validate`` delegate here. The rules
checked are those of docs/RULES.md; each problem names the JSON field it concerns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace

from .cards import Card, CardMask, format_cards
from .errors import IllegalPositionError
from .position import Position
from .problem import Problem
from .proof import ClaimStatus, decide_claim
from .rules import PLAYERS, STONE_COUNT, Player, RuleSet, holds_winning_set
from .stone import Stone
from .tactics import MODE_CARD, MODES, TACTICS_COPIES, TACTICS_TOTAL, TacticsLeft, Troop


def status(position: Position) -> list[Problem]:
    """Every way ``position`` breaks the rules (an empty list for a legal position)."""
    return list(_check(position))


def validate(position: Position) -> Position:
    """Return ``position`` itself, or raise :class:`IllegalPositionError` naming every problem."""
    problems = status(position)
    if problems:
        raise IllegalPositionError(problems)
    return position


def _check(pos: Position) -> Iterator[Problem]:
    rules = pos.rules
    if len(pos.stones) != STONE_COUNT:
        yield Problem("stones", f"has {len(pos.stones)} entries, expected {STONE_COUNT}")
    yield from _check_duplicates(pos)
    if rules.tactics:
        yield from _check_tactics(pos)
    else:
        yield from _check_base_material(pos)
    yield from _check_counts(pos)

    left = pos.tactics_left()
    pool = pos.public_pool
    for number, s in enumerate(pos.stones, 1):
        here = f"stones[{number - 1}]"
        capacity = s.capacity
        for p in PLAYERS:
            if len(s.side(p)) > capacity:
                yield Problem(
                    f"{here}.{p.value}",
                    f"has {len(s.side(p))} cards; a side holds at most {capacity}"
                    + (" under Mud fight" if capacity == 4 else ""),
                )
        complete = [p for p in PLAYERS if len(s.side(p)) == capacity]
        if s.first_complete is not None and s.first_complete not in complete:
            yield Problem(f"{here}.first_complete", f"names {s.first_complete.value}, whose side is not complete")
        if s.claimed is not None and all(len(s.side(p)) <= capacity for p in PLAYERS):
            problem = _claim_problem(s, s.claimed, pool, rules, left)
            if problem:
                yield Problem(f"{here}.claimed", problem)

    if any(len(s.side(p)) > s.capacity for s in pos.stones for p in PLAYERS):
        return
    wins = [p for p in PLAYERS if holds_winning_set(pos.stones_held(p))]
    if len(wins) == 2:
        yield Problem("stones", "both players hold a winning set of stones; the game ends at the first")


def _check_duplicates(pos: Position) -> Iterator[Problem]:
    seen: Counter[object] = Counter()
    where: dict[object, list[str]] = {}

    def note(pieces: Iterable[object], place: str) -> None:
        for c in pieces:
            key = c.kind if isinstance(c, Troop) else c
            seen[key] += 1
            where.setdefault(key, []).append(place)

    for number, s in enumerate(pos.stones, 1):
        for p in PLAYERS:
            note(s.side(p), f"stones[{number - 1}].{p.value}")
        note((MODE_CARD[m] for m in s.modes), f"stones[{number - 1}].modes")
    note(pos.discard, "discard")
    for p in PLAYERS:
        note(pos.hands[p] or (), f"hands.{p.value}")
    for key in sorted(seen, key=str):
        n = seen[key]
        limit = TACTICS_COPIES[key] if isinstance(key, str) else 1
        if n > limit:
            what = f"card {key}" if isinstance(key, Card) else f"tactics card {key}"
            copies = "exists once" if limit == 1 else f"has {limit} copies"
            yield Problem(where[key][limit], f"{what} appears {n} times ({', '.join(where[key])}); it {copies}")


def _check_base_material(pos: Position) -> Iterator[Problem]:
    if pos.discard:
        yield Problem("discard", "the base game has no discard pile")
    if pos.tactics_deck:
        yield Problem("deck.tactics", "the base game has no tactics deck")
    if any(pos.tactics_played.values()):
        yield Problem("tactics_played", "the base game has no tactics cards")
    for number, s in enumerate(pos.stones, 1):
        if s.modes:
            yield Problem(f"stones[{number - 1}].modes", "combat modes belong to the tactics variant")
        for p in PLAYERS:
            if any(isinstance(c, Troop) for c in s.side(p)):
                yield Problem(f"stones[{number - 1}].{p.value}", "elite troops belong to the tactics variant")
    for p in PLAYERS:
        if any(isinstance(c, str) for c in pos.hands[p] or ()):
            yield Problem(f"hands.{p.value}", "tactics cards belong to the tactics variant")


def _check_tactics(pos: Position) -> Iterator[Problem]:
    for number, s in enumerate(pos.stones, 1):
        for p in PLAYERS:
            jokers = sum(1 for c in s.side(p) if isinstance(c, Troop) and c.kind == "JOKER")
            if jokers > 1:
                yield Problem(f"stones[{number - 1}].{p.value}", f"has {jokers} Jokers; a player plays at most one Joker")
        unknown = set(s.modes) - set(MODES)
        if unknown:
            yield Problem(f"stones[{number - 1}].modes", f"unknown combat mode {sorted(unknown)[0]!r}")
    for p in PLAYERS:
        sides = [c for s in pos.stones for c in s.side(p) if isinstance(c, Troop) and c.kind == "JOKER"]
        if len(sides) > 1:
            yield Problem("stones", f"{p.value} has {len(sides)} Jokers on the table; a player plays at most one")
    played = pos.tactics_played
    for p in PLAYERS:
        if played[p] < 0:
            yield Problem(f"tactics_played.{p.value}", f"is negative ({played[p]})")
    if abs(played[Player.SOUTH] - played[Player.NORTH]) > 1:
        yield Problem(
            "tactics_played",
            f"south played {played[Player.SOUTH]} and north {played[Player.NORTH]}: a player may not play a "
            "tactics card while ahead of the opponent, so the counts differ by at most 1",
        )
    visible = sum(pos.tactics_on_table().values())
    if played[Player.SOUTH] + played[Player.NORTH] != visible:
        yield Problem(
            "tactics_played",
            f"adds up to {played[Player.SOUTH] + played[Player.NORTH]}, but {visible} tactics cards are on the "
            "stones and in the discard pile (every played tactics card stays visible)",
        )
    if pos.tactics_deck < 0:
        yield Problem("deck.tactics", f"is negative ({pos.tactics_deck})")


def _check_counts(pos: Position) -> Iterator[Problem]:
    rules = pos.rules
    drawing = pos.deck > 0 or pos.tactics_deck > 0
    for p in PLAYERS:
        size, hand = pos.hand_sizes[p], pos.hands[p]
        if hand is not None and len(hand) != size:
            yield Problem(f"hand_sizes.{p.value}", f"is {size} but the hand lists {len(hand)} cards")
        if size < 0:
            yield Problem(f"hand_sizes.{p.value}", f"is negative ({size})")
        elif size > rules.hand_limit:
            yield Problem(f"hands.{p.value}", f"holds {size} cards; a hand holds at most {rules.hand_limit}", kind="over-limit")
        elif drawing and size != rules.hand_limit:
            yield Problem(
                f"hands.{p.value}",
                f"holds {size} cards while the deck has {pos.deck + pos.tactics_deck}: "
                f"a player refills to {rules.hand_limit} after each card",
                kind="refill",
            )
    if pos.deck < 0:
        yield Problem("deck.clan", f"is negative ({pos.deck})")
    on_table = sum(len(s.south) + len(s.north) + len(s.modes) for s in pos.stones) + len(pos.discard)
    expected = 54 + (TACTICS_TOTAL if rules.tactics else 0)
    total = on_table + sum(pos.hand_sizes.values()) + pos.deck + pos.tactics_deck
    if total != expected:
        decks = f"deck {pos.deck}" + (f" + tactics deck {pos.tactics_deck}" if rules.tactics else "")
        yield Problem(
            "deck.clan",
            f"card counts do not add up to {expected}: {on_table} on the table + hands "
            f"{pos.hand_sizes[Player.SOUTH]} + {pos.hand_sizes[Player.NORTH]} + {decks} = {total}",
        )
    elif rules.tactics:
        clan_seen = bin(pos.table_mask).count("1") + sum(len(pos.clan_hand(p) or ()) for p in PLAYERS)
        unknown = sum(pos.hand_sizes[p] for p in PLAYERS if pos.hands[p] is None)
        if not clan_seen + pos.deck <= 54 <= clan_seen + pos.deck + unknown:
            yield Problem("deck.clan", f"{clan_seen} clan cards are seen and {pos.deck} in the deck: the 54 do not fit")


def _claim_problem(s: Stone, claimant: Player, pool: CardMask, rules: RuleSet, left: TacticsLeft) -> str | None:
    """Why the cards do not support ``claimant``'s claim of stone ``s``, or ``None`` if they do.

    The claim is judged as if the stone were still open, with the cards now on the table: a proof
    that held when the claim was made still holds (more cards are visible now, none fewer).
    """
    d = decide_claim(replace(s, claimed=None), claimant, pool, RuleSet(rules.variant), left)
    if d.claimable or d.status is ClaimStatus.TIE_UNKNOWN:
        return None
    them = claimant.opponent.value
    if d.status is ClaimStatus.INCOMPLETE:
        return f"{claimant.value} claimed it with an incomplete side ({len(s.side(claimant))} cards)"
    if d.status in (ClaimStatus.WEAKER, ClaimStatus.TIE_LOST):
        return f"{claimant.value}'s {d.own} does not beat {them}'s {d.other}"
    added = format_cards(d.counterexample or ())
    return f"{claimant.value} could not prove it: {them} can still add {added} for a {d.counter_formation}, beating {d.own}"


__all__ = ["Problem", "status", "validate"]
