"""Generation: deterministic for a seed (whatever the jobs), duplicates removed up to symmetry."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile
from puzzle_set import committed
from schotten_lab.core.cards import Card
from schotten_lab.core.position import Position, Stone
from schotten_lab.core.rules import PLAYERS
from schotten_lab.puzzles import check_puzzle
from schotten_lab.puzzles.generate import canonical_key, generate, mine_game


@pytest.mark.heavy
def test_generation_is_deterministic_for_a_seed() -> None:
    first = [p.to_json() for p in generate("claim", 2, seed=3)]
    again = [p.to_json() for p in generate("claim", 2, seed=3)]
    assert first == again and len(first) == 2
    assert [p.to_json() for p in generate("claim", 2, seed=4)] != first


def test_jobs_do_not_change_the_puzzles() -> None:
    one = [p.to_json() for p in generate("endgame", 2, seed=5)]
    two = [p.to_json() for p in generate("endgame", 2, seed=5, jobs=2)]
    assert one == two


def test_mined_puzzles_are_proved() -> None:
    found = [c.puzzle for i in range(6) for c in mine_game("endgame", 11, i)][:3]
    found += [c.puzzle for c in mine_game("claim", 11, 0)][:3]
    assert found
    for puzzle in found:
        assert check_puzzle(puzzle) == []


def swapped(position: Position) -> Position:
    """The same position with the seats swapped."""
    stones = tuple(
        Stone(s.north, s.south, None if s.claimed is None else s.claimed.opponent,
              None if s.first_complete is None else s.first_complete.opponent, s.modes)
        for s in position.stones
    )  # fmt: skip
    hands = {p: position.hands[p.opponent] for p in PLAYERS}
    sizes = {p: position.hand_sizes[p.opponent] for p in PLAYERS}
    played = {p: position.tactics_played.get(p.opponent, 0) for p in PLAYERS}
    return replace(position, stones=stones, hands=hands, hand_sizes=sizes, to_move=position.to_move.opponent,
                   tactics_played=played)  # fmt: skip


def recoloured(position: Position, perm: list[int]) -> Position:
    def card(c: object) -> object:  # tactics cards (troops, names) keep their place
        return Card(perm[c.index // 9] * 9 + c.index % 9) if isinstance(c, Card) else c

    stones = tuple(replace(s, south=tuple(map(card, s.south)), north=tuple(map(card, s.north))) for s in position.stones)  # type: ignore[arg-type]
    hands = {p: None if h is None else tuple(map(card, h)) for p, h in position.hands.items()}  # type: ignore[arg-type]
    return replace(position, stones=stones, hands=hands, discard=tuple(map(card, position.discard)))


@profile(30)
@given(st.data())
def test_the_canonical_key_sees_through_the_symmetries(data: st.DataObject) -> None:
    puzzle = data.draw(st.sampled_from(committed()))
    position, question = puzzle.position, dict(puzzle.question)
    key = canonical_key(position, question)
    perm = data.draw(st.permutations(range(6)))
    assert canonical_key(recoloured(position, list(perm)), question) == key
    assert canonical_key(swapped(position), question) == key
    reversed_question = dict(question)
    if "stone" in question:
        reversed_question["stone"] = 10 - question["stone"]
    flipped = replace(position, stones=position.stones[::-1])
    assert canonical_key(flipped, reversed_question) == key
    assert swapped(swapped(position)) == position


def test_the_canonical_key_tells_different_puzzles_apart() -> None:
    keys = {canonical_key(p.position, dict(p.question)) for p in committed()}
    assert len(keys) == len(committed())
