"""What a reason says the opponent needs is seen from the mover's seat (bots.tactics_reasons.beat_words,
used by the base-game advisor's explain and the tactics reasons' explain_play).

A claim proof may give the opponent any card off the table, the mover's own hand included; the
reasons name only cards the opponent could still get (the mover's viewer pool), or say that every
beating completion takes a card of the mover's hand. The slow twin: every completion of the
opponent's side, enumerated with itertools from the pools and scored by the reference strength
(tests/reference_tactics.py: the RULES table, every identity of a wild troop tried)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb

from hypothesis import given
from hypothesis import strategies as st

import reference_tactics as ref
from advisor_games import tactics_state
from helpers import profile
from strategies import positions
from schotten_lab.bots.advisor import explain, ordered_moves
from schotten_lab.bots.determinize import view_of
from schotten_lab.bots.tactics_reasons import explain_play
from schotten_lab.bots.turns import until_win, with_claims
from schotten_lab.core.cards import CARDS, Card, CardMask, cards_of, mask_of
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player
from schotten_lab.core.stone import Stone
from schotten_lab.game import apply_turn, claimable_stones, claims_after, legal_plays

S, N = Player.SOUTH, Player.NORTH
HAND_WORDS = "not claimable yet (the proof counts your hand as unknown), but"
MAX_TWIN_COMPLETIONS = 3_000
"""The twin enumerates at most this many completions (an empty side against a large pool is skipped)."""


# ---- the slow twin ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """What the reason must say of a complete side of the mover whose claim the rules refuse:
    ``needs`` the strength of the opponent's best beating completion from the viewer pool (the
    named cards must reach it), or ``None`` when none exists, and then ``yours``: every card of the
    mover's hand some beating completion from the public pool takes."""

    needs: int | None
    yours: frozenset[Card]
    beating: int = 0
    """How many completions from the viewer pool beat the mover's side ..."""
    total: int = 0
    """... of how many."""


def twin(stone: Stone, me: Player, public: CardMask, hand: CardMask) -> Expected | None:
    """The twin's verdict on ``stone`` (``me``'s side complete), ``None`` when the opponent's side is
    complete too, when no completion from the public pool beats ``me`` (the claim holds) or when
    there are too many to list."""
    theirs = stone.side(me.opponent)
    missing = stone.capacity - len(theirs)
    pool = cards_of(public)
    if missing <= 0 or comb(len(pool), missing) > MAX_TWIN_COMPLETIONS:  # both complete: no proof, no need
        return None
    own = ref.best_strength(stone.side(me)[: stone.capacity], blind=stone.blind)
    best_seen: int | None = None
    yours: set[Card] = set()
    beating = total = 0
    for added in combinations(pool, missing):
        held = [c for c in added if hand >> c.index & 1]
        total += not held
        strength = ref.best_strength(theirs + added, blind=stone.blind)
        if strength <= own:
            continue
        yours.update(held)
        if not held:
            beating += 1
            best_seen = strength if best_seen is None else max(best_seen, strength)
    if best_seen is None and not yours:
        return None
    return Expected(best_seen, frozenset() if best_seen is not None else frozenset(yours), beating, total)


def check_words(line: str, stone: Stone, me: Player, public: CardMask, hand: CardMask) -> str:
    """Assert that ``line`` says of ``stone`` what the twin expects; return which case it was."""
    them = me.opponent.value
    expected = twin(stone, me, public, hand)
    needs = re.search(rf"{them} needs ([^;]+?) to beat it", line) or re.search(
        rf"{them} beats it with (?:any of the ([\d,]+)|([\d,]+) of the ([\d,]+)) [a-z 0-9]+ you have not seen \(the strongest: ([^)]+)\)", line
    )
    only = re.search(rf"{re.escape(HAND_WORDS)} {them} could beat it only with your ([^;]+)", line)
    if expected is None:
        return "skipped" if needs or only else "claim holds"
    if expected.needs is not None:
        assert needs and not only, (line, expected)
        if needs.re.groups == 1:  # "needs X to beat it": the only beating completion
            assert expected.beating == 1, (line, expected)
            codes = needs.group(1)
        else:  # "beats it with B of the T ...": counted exactly
            beating, total = (int(needs.group(1).replace(",", "")),) * 2 if needs.group(1) else (int(needs.group(2).replace(",", "")), int(needs.group(3).replace(",", "")))
            assert (beating, total) == (expected.beating, expected.total) and beating > 1, (line, expected)
            codes = needs.group(4)
        named = tuple(Card.parse(code) for code in codes.split())
        assert all(public >> c.index & 1 and not hand >> c.index & 1 for c in named), (line, "not in the viewer pool")
        assert ref.best_strength(stone.side(me.opponent) + named, blind=stone.blind) == expected.needs, (line, expected)
        return "needs"
    assert only and not needs, (line, expected)
    named_cards = {Card.parse(code) for code in re.split(r", | or ", only.group(1))}
    assert named_cards == expected.yours, (line, expected)
    return "your hand"


# ---- set up by hand ---------------------------------------------------------------------------------


def test_a_counterexample_in_the_movers_hand_is_not_named_as_a_need() -> None:
    # north's only beating completion of B8 B9 against red 6-7-8 is B7: in south's hand here
    pos = Position.from_notation("-/-/-/R6R7-B8B9/-/-/-/-/- R8B7Y1Y2Y3G1 ?6 s d38")
    move = (Card.parse("R8").index, 3)
    assert explain(pos, view_of(pos), move, []) == (
        f"completes color run (sum 21) on stone 4; {HAND_WORDS} north could beat it only with your B7"
    )
    # B7 unseen: north may hold or draw it
    pos = Position.from_notation("-/-/-/R6R7-B8B9/-/-/-/-/- R8B6Y1Y2Y3G1 ?6 s d38")
    assert explain(pos, view_of(pos), move, []) == "completes color run (sum 21) on stone 4; north needs B7 to beat it"


def test_several_hand_cards_are_named_and_an_unseen_one_wins_over_them() -> None:
    # three 5s against north's two 8s: any other 8 beats them; P8 is on the table, three are in hand
    pos = Position.from_notation("R5B5-Y8B8/P8-/-/-/-/-/-/-/- G5R8G8N8Y1Y2 ?6 s d37")
    line = explain(pos, view_of(pos), (Card.parse("G5").index, 0), [])
    assert line.endswith(f"{HAND_WORDS} north could beat it only with your R8, G8 or N8")
    # one 8 unseen: north needs it (the strongest beating completion it could still get)
    pos = Position.from_notation("R5B5-Y8B8/-/-/-/-/-/-/-/- G5R8G8N8Y1Y2 ?6 s d38")
    line = explain(pos, view_of(pos), (Card.parse("G5").index, 0), [])
    assert "north needs P8 to beat it" in line and HAND_WORDS not in line


# ---- random positions against the twin ---------------------------------------------------------------


def base_cases(position: Position) -> Iterator[tuple[str, Stone, CardMask, CardMask]]:
    """Every placement of the mover that completes a side: its reason, the stone after it, the
    public pool after it and the mover's hand after it."""
    me = position.to_move
    view = view_of(position)
    moves, claims = ordered_moves(view)
    for card, stone in moves:
        if card < 0 or len(position.stone(stone + 1).side(me)) != 2:
            continue
        placed = CARDS[card]
        before = position.stone(stone + 1)
        after = before.with_side(me, before.side(me) + (placed,))
        hand = mask_of(position.clan_hand(me) or ()) & ~(1 << card)
        public = position.public_pool & ~(1 << card)
        yield explain(position, view, (card, stone), claims[(card, stone)]), after, public, hand


@profile(100)
@given(positions(min_table=10, max_table=40, known_hands=True, claims=False, expert=None))
def test_base_reasons_name_only_cards_the_opponent_could_get(position: Position) -> None:
    if position.winner() is not None or position.deck == 0 and not position.clan_hand(position.to_move):
        return
    for line, stone, public, hand in base_cases(position):
        check_words(line, stone, position.to_move, public, hand)


def tactics_cases(seed: int, turns: int, expert: bool) -> Iterator[tuple[str, Player, Stone, CardMask, CardMask]]:
    """After ``turns`` random turns of a tactics game: every legal play of the mover that leaves its
    side of the stone played on complete and the opponent's open, with its reason, the mover, that
    stone on the engine's true table after the play, the public pool there and the mover's hand
    (the clan cards of it still off the table)."""
    state = tactics_state(seed, turns, expert)
    if state is None:
        return
    me = state.to_move
    seen = state.observation(me)
    first: list[int] = until_win(seen, me, claimable_stones(seen, me)) if expert else []
    position = with_claims(seen, me, first)
    if position.winner():
        return
    hand = mask_of(seen.clan_hand(me) or ())
    for play in legal_plays(position):
        if play.stone is None or play.kind not in ("clan", "troop") and play.card not in ("TRAITOR", "STRATEGIST"):
            continue
        claims = first if expert else until_win(position, me, claims_after(position, play))
        shown = apply_turn(state, {"play": play, "claim": first})[0].position()
        stone = shown.stone(play.stone)
        if len(stone.side(me)) < stone.capacity or len(stone.side(me.opponent)) >= stone.capacity or stone.claimed:
            continue
        yield explain_play(seen, play, claims), me, stone, shown.public_pool, hand & shown.public_pool


@profile(60)
@given(seed=st.integers(0, 10**6), turns=st.integers(4, 60), expert=st.booleans())
def test_tactics_reasons_name_only_cards_the_opponent_could_get(seed: int, turns: int, expert: bool) -> None:
    for line, me, stone, public, hand in tactics_cases(seed, turns, expert):
        check_words(line, stone, me, public, hand)


def test_random_tactics_games_reach_both_wordings() -> None:
    """The twin comparison is not vacuous: fixed random games give both a need the opponent could
    meet and one only the mover's hand could (both checked against the twin)."""
    seen: dict[str, int] = {}
    for seed in range(8):
        for turns in (10, 20, 30, 40, 50):
            for expert in (False, True):
                for line, me, stone, public, hand in tactics_cases(seed, turns, expert):
                    case = check_words(line, stone, me, public, hand)
                    seen[case] = seen.get(case, 0) + 1
    assert seen.get("needs", 0) >= 10 and seen.get("your hand", 0) >= 1, seen


def test_a_side_most_cards_beat_says_how_many_not_one_card_it_needs() -> None:
    """The reviewer's case: north's G5 Y6 beats south's sum 12 with 39 of the 44 cards south has not
    seen (any but the 5 that leave it a sum of 11 to 12 or less), not just "R7"."""
    pos = Position.from_notation("R1B2-G5Y6/-/-/-/-/-/-/-/- N4P8Y9B9R3G4 ?6 s d38")
    line = explain(pos, view_of(pos), (Card.parse("B9").index, 0), [])
    assert line.endswith("north beats it with 39 of the 44 cards you have not seen (the strongest: R7)"), line
    line = explain(pos, view_of(pos), (Card.parse("N4").index, 0), [])
    assert line.endswith("north beats it with any of the 44 cards you have not seen (the strongest: R7)"), line
