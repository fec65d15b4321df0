"""Tactics claim puzzles (data/puzzles/tactics_claim.jsonl): the committed set re-proved by the proof
and by the brute-force twin of tests/reference_tactics.py (every identity of every wild troop, every
completion), their ratings and traps recomputed, the traps on positions set up by hand, generation
reproducible for a seed."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

import reference_tactics as reft
from puzzle_set import FOLDER
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player
from schotten_lab.puzzles import Puzzle, check_puzzle, read_puzzles
from schotten_lab.puzzles.generate import canonical_key, claim_candidate, generate
from schotten_lab.puzzles.prove import candidates, claimable_now
from schotten_lab.puzzles.rating import TACTICS_CLAIM_LADDER, band, claim_failures, ladder_of, rating_of
from schotten_lab.puzzles.tactics import TRAPS, askable, traps

S, N = Player.SOUTH, Player.NORTH
FILE = FOLDER / "tactics_claim.jsonl"


@cache
def tactics_set() -> tuple[Puzzle, ...]:
    return tuple(read_puzzles(FILE))


def tactics_position(stones: str, extra: str = "", south: str = "?7") -> Position:
    """A tactics position from the stones field (south to move, north's hand unknown, decks summing up)."""
    probe = Position.from_notation(f"{stones} ?7 ?7 s d0 tactics {extra}".strip())
    on_table = sum(len(s.south) + len(s.north) + len(s.modes) for s in probe.stones) + len(probe.discard)
    played = sum(probe.tactics_on_table().values())
    deck, tactics_deck = 54 - (on_table - played) - 14, 10 - played
    fields = f"{stones} {south} ?7 s d{deck} tactics t{tactics_deck} p{(played + 1) // 2}:{played // 2} {extra}"
    position = Position.from_notation(fields.strip())
    assert position.status() == []
    return position


def twin_claim(position: Position, number: int, player: Player) -> bool:
    """The brute-force twin's default verdict (:func:`reference_tactics.claim`, ``strict=False``), from its
    own pieces, stopping at the first beating completion: every identity of every wild troop (the
    twin's ``best_strength``), every completion of the opponent's side from the public pool."""
    s = position.stones[number - 1]
    mine, theirs = s.side(player), s.side(player.opponent)
    cap, blind = reft.capacity_of(s.modes), "blind" in s.modes
    if s.claimed is not None or len(mine) < cap:
        return False
    own = reft.best_strength(mine, blind=blind)
    if len(theirs) >= cap:
        other = reft.best_strength(theirs, blind=blind)
        return own > other or (own == other and s.first_complete is player)
    pool = reft.public_pool(position)
    return not any(reft.best_strength(theirs + added, blind=blind) > own for added in reft.completions(theirs, pool, cap))


def twin_claimable(puzzle: Puzzle) -> list[int]:
    me = puzzle.solver
    return [n for n in candidates(puzzle.position, me) if twin_claim(puzzle.position, n, me)]


# ---- the committed set -------------------------------------------------------------------------------


def test_the_tactics_set_is_tactics_claims_of_every_kind_of_question() -> None:
    puzzles = tactics_set()
    assert 60 <= len(puzzles) <= 100
    assert all(p.kind == "claim" and p.position.rules.variant == "tactics" for p in puzzles)
    assert all(p.solution["player"] == p.solver.value for p in puzzles)
    asked = Counter(p.question["type"] for p in puzzles)
    assert asked["stone"] >= 30 and asked["stones"] >= 10
    answers = Counter(int(p.question["stone"]) in p.claimable for p in puzzles if p.question["type"] == "stone")
    assert answers[True] >= 10 and answers[False] >= 10  # neither "yes" nor "no" is a safe guess
    assert len({band(p.rating) for p in puzzles}) >= 3
    assert len({canonical_key(p.position, p.question) for p in puzzles}) == len(puzzles)


def test_every_tactics_puzzle_is_re_proved_by_the_proof_and_the_twin() -> None:
    puzzles = tactics_set()
    problems = {p.id: check_puzzle(p) for p in puzzles}
    assert {k: v for k, v in problems.items() if v} == {}
    assert [p.id for p in puzzles if twin_claimable(p) != list(p.claimable)] == []
    # and the twin's own claim() (its full enumeration, no early stop) on every third puzzle, where it is small
    checked = 0
    for p in puzzles[::3]:
        for n in candidates(p.position):
            if reft.claim_work(p.position, n, p.solver) <= 3_000:
                assert reft.claim(p.position, n, p.solver).claimable == (n in p.claimable), (p.id, n)
                checked += 1
    assert checked >= 40


def test_ratings_and_traps_are_recomputed() -> None:
    seen: Counter[str] = Counter()
    for p in tactics_set():
        failures = claim_failures(p.position, p.question)
        assert set(failures) == set(TACTICS_CLAIM_LADDER) == set(p.solvers)
        assert all(abs(failures[k] - p.solvers[k]) < 1e-4 for k in failures), p.id
        assert p.rating == rating_of(failures, ladder_of("claim", p.position))
        asked = (int(p.question["stone"]),) if p.question["type"] == "stone" else candidates(p.position)
        found = {t for n in asked for t in traps(p.position, n, p.solver)}
        assert p.source["traps"] == [t for t in TRAPS if t in found], p.id
        seen.update(p.source["traps"])
    for trap in ("own-hand", "tactics-to-come", "mud-fourth", "blind-sums", "wild-troop"):
        assert seen[trap] >= 1, trap  # the tactics traps of issue 23, each met at least once


# ---- the traps, by hand --------------------------------------------------------------------------------


def question(position: Position, stone: int) -> dict[str, object]:
    return {"type": "stone", "stone": stone}


def test_a_mud_fight_side_of_three_needs_a_fourth_card() -> None:
    pos = tactics_position("R7R8R9-B1B2+mud/-/-/-/-/-/-/-/-")
    assert askable(pos) == (1,) and claimable_now(pos) == ()
    assert traps(pos, 1, S) == ("mud-fourth",)
    failures = claim_failures(pos, question(pos, 1))
    assert failures["forgets-modes"] == 1  # it claims the colour run as if 3 cards completed it
    assert failures["sampler-3"] == 0 and failures["pessimist"] == 0  # the rules-aware solvers refuse
    assert not reft.claim(pos, 1, S).claimable and not twin_claim(pos, 1, S)


def test_blind_mans_bluff_ignores_the_colour_run() -> None:
    pos = tactics_position("R1R2R3-Y9P9+blind/-/-/-/-/-/-/-/-")
    assert claimable_now(pos) == () and "blind-sums" in traps(pos, 1, S)
    assert claim_failures(pos, question(pos, 1))["forgets-modes"] == 1
    plain = tactics_position("R1R2R3-Y9P9/-+blind/-/-/-/-/-/-/-")  # the mode on another stone
    assert claimable_now(plain) == (1,) and "blind-sums" not in traps(plain, 1, S)


def test_a_tactics_card_that_could_still_come_does_not_block_the_claim() -> None:
    """docs/RULES.md's three 8s beside north R9 R7, R8 on the table: no clan card helps north, an
    unplayed Joker would; the default rule allows the claim, the strict proof (fears-tactics) does not."""
    pos = tactics_position("R8B8G8-R9R7/-/-/-/-/-/-/-/-")
    assert claimable_now(pos) == (1,) and reft.claim(pos, 1, S).claimable and twin_claim(pos, 1, S)
    assert traps(pos, 1, S) == ("tactics-to-come",)
    assert claim_failures(pos, question(pos, 1))["fears-tactics"] == 1


def test_the_card_in_ones_own_hand() -> None:
    """South N8 B8 G8 against north R9 R7: the R8 in south's own hand still counts for north."""
    pos = tactics_position("N8B8G8-R9R7/-/-/-/-/-/-/-/-", south="R8Y1Y2Y3Y4Y5Y6")
    assert claimable_now(pos) == () and "own-hand" in traps(pos, 1, S)
    assert not reft.claim(pos, 1, S).claimable and not twin_claim(pos, 1, S)
    assert claim_failures(pos, question(pos, 1))["hand-trap"] == 1
    c = claim_candidate(pos, {"type": "stone", "stone": 1}, claim_failures(pos, question(pos, 1)), {})
    assert c.puzzle.explanation["en"].startswith("North") and "own hand" in c.puzzle.explanation["en"]
    assert "propre main" in c.puzzle.explanation["fr"] or "main de Sud" in c.puzzle.explanation["fr"]


# ---- generation --------------------------------------------------------------------------------------


def test_the_tactics_variant_has_claim_puzzles_only() -> None:
    with pytest.raises(ValueError, match="claim puzzles only"):
        generate("endgame", 1, seed=1, variant="tactics")
    with pytest.raises(ValueError, match="variant"):
        generate("claim", 1, seed=1, variant="expert")


@pytest.mark.heavy
def test_tactics_generation_is_reproducible_for_a_seed() -> None:
    first = [p.to_json() for p in generate("claim", 2, seed=1, variant="tactics")]
    again = [p.to_json() for p in generate("claim", 2, seed=1, variant="tactics")]
    assert first == again and len(first) == 2
    committed = [p.to_json() for p in tactics_set()[:2]]
    assert first == committed  # the committed file is the seed's: its first puzzles come again


def test_a_sheet_of_tactics_claims_says_the_variant() -> None:
    from schotten_lab.puzzles.generate import question_words
    from schotten_lab.puzzles.sheet import sheet_html

    chosen = list(tactics_set()[:3])
    assert question_words(chosen[0]).startswith("Tactics variant. ")
    assert question_words(chosen[0], "fr").startswith("Variante tactique. ")
    page = sheet_html(chosen, lang="fr")
    assert page.count("<svg") == 3 and page.count("Variante tactique") >= 3


def test_a_claim_a_tactics_card_could_undo_says_why_it_holds() -> None:
    with_note = [p for p in tactics_set() if "tactics-to-come" in p.source["traps"]]
    assert with_note
    for p in with_note:
        assert "Battle Line's rule" in p.explanation["en"] and "règle de Battle Line" in p.explanation["fr"]
    assert not any("Battle Line" in p.explanation["en"] for p in tactics_set() if "tactics-to-come" not in p.source["traps"])
