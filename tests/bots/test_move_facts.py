"""The advisor's reasons as exact facts (bots/move_facts.py): each kind of fact appears on a position
built for it and not on its twin without it; the fast paths (completion masks, the next turn's
proofs) against slow obvious twins on random positions; the French rendering typeset."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

from hypothesis import given

import reference_tactics as ref
from helpers import profile
from strategies import positions
from schotten_lab.bots import Budget
from schotten_lab.analysis.claims import claim
from schotten_lab.analysis.outcome import stone_outcome
from schotten_lab.bots import advise
from schotten_lab.bots.advisor import explain, explain_facts, ordered_moves
from schotten_lab.bots.determinize import view_of
from schotten_lab.bots.move_facts import move_facts, next_claims, placed
from schotten_lab.core.cards import CARDS, Card, cards_of
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player
from schotten_lab.core.words import Facts

S, N = Player.SOUTH, Player.NORTH
ROOT = Path(__file__).resolve().parents[2]
MAX_TWIN = 3_000
"""The twin enumerates at most this many completions of a side."""


def _french_problems():
    spec = importlib.util.spec_from_file_location("test_french", ROOT / "tests" / "core" / "test_french.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.french_problems


def facts_of(position: Position, code: str, stone: int) -> Facts:
    """The deep facts of ``code`` on ``stone`` (1-9) with the claims the advisor would make."""
    move = (Card.parse(code).index, stone - 1)
    _, claims = ordered_moves(view_of(position))
    return explain_facts(position, view_of(position), move, claims[move])


def keyed(facts: Facts, key: str) -> list:
    return [f for f in facts.items if f.key == key]


# ---- each kind of fact, where it must appear and where it must not -------------------------------------

ISSUE = Position.from_notation("-Y4/-/-/R7B7G7-Y2Y3/-/-/-/-/- Y1P9N9B1B2G3 ?6 s")
"""The issue's example: Y4 is dead, so only Y1 Y2 Y3 beats south's three 7s on stone 4; south holds Y1."""


def test_playing_y1_kills_norths_color_run_and_makes_the_three_sevens_provable() -> None:
    facts = facts_of(ISSUE, "Y1", 8)
    (unlock,) = keyed(facts, "reason.unlocks")
    assert unlock["stone"] == 4 and unlock["card"] == Card.parse("Y1")
    assert unlock["formation"].rank.key == "color_run" and unlock["formation"].owner is N
    assert not keyed(facts, "reason.kills")  # stone 4 is claimed: the unlock says it
    assert keyed(facts, "reason.claims_one")[0]["stones"].numbers == (4,)
    text = facts.in_words("en")
    assert text.startswith(
        "claims stone 4; rules out north's color run on stone 4 (Y1 was needed): with Y1 on the table, "
        "north can no longer beat south's three of a kind (sum 21) there"
    ), text
    fr = facts.in_words("fr")
    assert "rend impossible la suite couleur de Nord sur la borne 4 (il y fallait Y1)\u00a0: avec Y1 sur la table, Nord ne peut plus battre le brelan de Sud (somme 21)" in fr, fr
    # not claimed (the twin position with Y1 on another stone than the one it frees): the kill itself
    pos = Position.from_notation("-Y4/-/-/R7B7-Y2Y3/-/-/-/-/- Y1P9N9B1B2G3 ?6 s")
    (kill,) = keyed(facts_of(pos, "Y1", 8), "reason.kills")
    assert kill["stone"] == 4 and kill["formation"].rank.key == "color_run" and kill["card"] == Card.parse("Y1")
    assert "rules out north's color run on stone 4: it needed Y1" in facts_of(pos, "Y1", 8).in_words("en")


def test_a_card_that_takes_nothing_from_the_opponent_kills_and_unlocks_nothing() -> None:
    facts = facts_of(ISSUE, "P9", 8)
    assert not keyed(facts, "reason.kills") and not keyed(facts, "reason.unlocks") and not keyed(facts, "reason.claims_one")
    # Y4 unseen instead of dead: Y2 Y3 Y4 is still possible, so Y1 kills nothing and proves nothing
    open_four = Position.from_notation("-/-/-/R7B7G7-Y2Y3/-/-/-/-/- Y1P9N9B1B2G3 ?6 s")
    facts = facts_of(open_four, "Y1", 8)
    assert not keyed(facts, "reason.kills") and not keyed(facts, "reason.unlocks")


def test_the_advisor_says_it_on_the_issues_position() -> None:
    advice = advise(ISSUE, budget=Budget(rollouts=40), seed=0)
    y1 = next(m for m in advice.moves if str(m.card) == "Y1" and 4 in m.claims)
    assert "north can no longer beat south's three of a kind" in y1.reason and y1.facts is not None, y1.reason
    assert y1.reason == y1.reason_words("en") and "Nord ne peut plus battre" in y1.reason_words("fr")
    assert "Nord ne peut plus battre" in advice.table(limit=len(advice.moves), lang="fr")


NEXT = Position.from_notation("-/R7-/-/-/-/-/-/-/- R8R9B1B2G3P4 ?6 s")


def test_a_move_that_sets_up_a_claim_for_the_next_turn() -> None:
    facts = facts_of(NEXT, "R8", 2)
    (fact,) = keyed(facts, "reason.next_claim")
    assert fact["stone"] == 2 and fact["card"].pieces == (Card.parse("R9"),)
    assert "next turn, R9 on stone 2 completes a color run (sum 24) that can be claimed at once" in facts.in_words("en")
    assert not keyed(facts_of(NEXT, "B1", 5), "reason.next_claim")


def test_an_expert_side_provable_at_the_start_of_the_next_turn() -> None:
    pos = Position.from_notation("-/R7R8-/-/-/-/-/-/-/- R9B1B2G3P4N5 ?6 s expert")
    assert [f["stone"] for f in keyed(facts_of(pos, "R9", 2), "reason.next_claim_expert")] == [2]
    assert not keyed(facts_of(pos, "B1", 5), "reason.next_claim_expert")


THREAT = Position.from_notation("-B9B8B7@n/-N9N8N7@n/R5-Y9Y8Y7/-/-/-/-/-/- R6B1B2G3P4N5 ?6 s")


def test_a_move_that_answers_a_complete_side_on_a_decisive_stone() -> None:
    facts = facts_of(THREAT, "R6", 3)
    assert keyed(facts, "reason.answers") and keyed(facts, "reason.decisive")[0]["stone"] == 3
    assert "stone 3 would give north the game" in facts.in_words("en")
    assert "la borne 3 donnerait la partie à Nord" in facts.in_words("fr")
    elsewhere = facts_of(THREAT, "R6", 9)
    assert not keyed(elsewhere, "reason.answers") and not keyed(elsewhere, "reason.decisive")


def test_cards_held_that_the_opponent_needs_on_the_stone_played() -> None:
    pos = Position.from_notation("-/-/-/-/-/-/-/P5-Y2Y3/- Y1Y4B1B2G3N9 ?6 s")
    (keep,) = keyed(facts_of(pos, "B1", 8), "reason.keeps")
    assert keep["cards"].pieces == (Card.parse("Y1"), Card.parse("Y4")) and keep["formation"].rank.key == "color_run"
    unseen = Position.from_notation("-/-/-/-/-/-/-/P5-Y2Y3/- Y1B6B1B2G3N9 ?6 s")  # Y4 unseen: north may get it
    assert not keyed(facts_of(unseen, "B1", 8), "reason.keeps")
    assert not keyed(facts_of(unseen, "Y1", 8), "reason.kills")


def test_the_seat_outcome_change_is_the_analysis_modules_exact_figure() -> None:
    pos = Position.from_notation("-/-/-/-/-/-/-/P5-Y2Y3/- Y1Y4B1B2G3N9 ?6 s")
    (change,) = keyed(facts_of(pos, "Y4", 8), "reason.chance")
    after = placed(pos, Card.parse("Y4"), 8)
    for when, position in (("p", pos), ("q", after)):
        out = stone_outcome(position, 8, pos.viewer_pool(S))
        assert change[when] == out[S] + out.tie / 2
    assert change["q"] > change["p"]
    assert [f["stone"] for f in keyed(facts_of(pos, "N9", 9), "reason.chance")] in ([], [9])  # only the stone played


def test_the_cheap_reasons_are_the_advisors_old_words() -> None:
    view = view_of(ISSUE)
    move = (Card.parse("Y1").index, 7)
    _, claims = ordered_moves(view)
    assert explain(ISSUE, view, move, claims[move]) == "opens stone 8 with Y1; three of a kind still possible; claims stone 4"
    assert explain(ISSUE, view, move, claims[move], "fr") == "ouvre la borne 8 avec Y1\u00a0; un brelan reste possible\u00a0; revendique la borne 4"


def test_french_reasons_are_typeset() -> None:
    french_problems = _french_problems()
    for pos in (ISSUE, NEXT, THREAT):
        view = view_of(pos)
        moves, claims = ordered_moves(view)
        for move in moves[:12]:
            text = explain_facts(pos, view, move, claims[move]).in_words("fr")
            assert not french_problems(text), (text, french_problems(text))


# ---- the fast paths against slow obvious twins ----------------------------------------------------------


def twin_best_rank(side: tuple, pool: list[Card]) -> int | None:
    """The best rank an open side reaches with cards of ``pool``, every completion enumerated."""
    missing = 3 - len(side)
    if comb(len(pool), missing) > MAX_TWIN:
        return None
    best = 0
    for added in combinations(pool, missing):
        best = max(best, ref.best_strength(side + added) // 100)
    return best


def check_keeps(facts: Facts, after: Position, number: int) -> None:
    """The twin of ``reason.keeps``: every completion of the opponent's side of the stone played,
    enumerated from the public pool, against those that take no card of the mover's hand."""
    me = after.to_move
    stone = after.stone(number)
    theirs = stone.side(me.opponent)
    keeps = keyed(facts, "reason.keeps")
    if len(stone.side(me)) >= 3 or len(theirs) >= 3:
        assert not keeps
        return
    pool = cards_of(after.public_pool)
    hand = set(after.clan_hand(me) or ())
    if comb(len(pool), 3 - len(theirs)) > MAX_TWIN:
        return
    ranks = [(ref.best_strength(theirs + added) // 100, set(added) & hand) for added in combinations(pool, 3 - len(theirs))]
    best = max(r for r, _ in ranks)
    free = max((r for r, held in ranks if not held), default=0)
    assert bool(keeps) == (free < best), (after.notation, number, best, free)
    if keeps:
        named = set(keeps[0]["cards"].pieces)
        assert named == set().union(*(held for r, held in ranks if r == best)) and int(keeps[0]["formation"].rank) == best


@profile(12)
@given(positions(min_table=14, max_table=40, known_hands=True, claims=False, expert=False))
def test_kills_and_next_turn_claims_match_the_twins(position: Position) -> None:
    me = position.to_move
    them = me.opponent
    if position.winner() is not None or not position.clan_hand(me):
        return
    for card in position.clan_hand(me)[:3]:
        open_stones = [n for n in range(1, 10) if position.stone(n).claimed is None and len(position.stone(n).side(me)) < 3]
        if not open_stones:
            return
        number = open_stones[0]
        facts = move_facts(position, card, number, (), False)
        killed = {f["stone"]: f["formation"].rank for f in keyed(facts, "reason.kills")}
        pool = cards_of(position.public_pool)
        for n in range(1, 10):
            stone = position.stone(n)
            theirs = stone.side(them)
            if stone.claimed is not None or len(theirs) >= 3:
                continue
            before = twin_best_rank(theirs, pool)
            if before is None:
                continue
            after = twin_best_rank(theirs, [c for c in pool if c != card])
            assert (n in killed) == (after < before), (position.notation, card, n, before, after)
            if n in killed:
                assert int(killed[n]) == before
        after_move = placed(position, card, number)
        check_keeps(facts, after_move, number)
        twin = {
            (n, h)
            for n in range(1, 10)
            if after_move.stone(n).claimed is None and len(after_move.stone(n).side(me)) == 2
            for h in after_move.clan_hand(me) or ()
            if claim(placed(after_move, h, n), n, me).claimable
        }
        assert set(next_claims(after_move)) == twin, position.notation


def test_a_pass_and_a_win_at_once() -> None:
    assert move_facts(ISSUE, None, None, (), False).in_words("en") == "no legal placement: pass"
    assert move_facts(ISSUE, None, None, (4,), True).in_words("fr") == "revendique la borne 4 et gagne la partie"
    assert not keyed(move_facts(ISSUE, None, None, (), False), "reason.chance")
    (change,) = keyed(facts_of(ISSUE, "Y1", 8), "reason.chance")[:1] or [None]
    assert change is None or isinstance(change["p"], Fraction)


def test_only_a_reason_without_facts_is_untranslated() -> None:
    """A French page marks a reason English only when it has no facts (the tactics variant's text)."""
    position = Position.from_notation("-Y4/-/-/R7B7G7-Y2Y3/-/-/-/-/- Y1P9N9B1B2G3 ?6 s")
    best = advise(position, budget=Budget(rollouts=50), seed=0).best
    assert best.facts is not None and best.reason
    assert not best.reason_untranslated("fr") and not best.reason_untranslated("en")
    text_only = replace(best, facts=None)
    assert text_only.reason_untranslated("fr") and not text_only.reason_untranslated("en")
    assert text_only.reason_words("fr") == best.reason
