"""The tactics reasons' refusals of a turn that is not legal where it is asked (``explain_play``'s
errors naming the field) in French (issue 20), their English word for word as before (pinned from
the tree before they became facts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from schotten_lab.bots.tactics_reasons import explain_play
from schotten_lab.core.rules import Player
from schotten_lab.game import Play
from tests.bots.test_tactics_reasons import table
from tests.core.test_french import french_problems

S = Player.SOUTH


def bad_turns() -> dict[str, tuple[object, object, object]]:
    """One refused turn of each kind, by name: ``(position, play, claims)``."""
    pos = table({4: "R6R7-B8B9", 1: "R1R2R3-"}, "R8Y1[MUD]", played=(1, 0), discard="[BANSHEE]")
    win = table({1: "R1R2R3-B1B2@s", 2: "Y7Y8Y9*-P1P2P3", 3: "N7N8N9*-B4B5B6"}, "P4", north=5, expert=True)
    over = table({1: "R1R2R3-B1B2@s", 2: "Y7Y8Y9-P1P2P3@s", 3: "N7N8N9-B4B5B6@s"}, "P4", north=5)
    claimed = table({4: "R6R7-B8B9", 1: "R1R2R3-B1B2B3@n"}, "R8Y1", north=6)
    return {
        "not_in_hand": (pos, Play("R9", 4), []),
        "tactics_count": (pos, Play("MUD", 4), []),
        "play_shape": (pos, "R8", []),
        "pass": (pos, None, []),
        "beaten": (pos, Play("R8", 4), [4]),
        "stone_number": (pos, Play("R8", 4), [0]),
        "claims_shape": (pos, Play("R8", 4), "4"),
        "twice": (pos, Play("R8", 4), [1, 1]),
        "incomplete": (pos, Play("R8", 4), [2]),
        "hand_unknown": (pos.with_hand(S, None), Play("R8", 4), []),
        "not_position": ("R8", Play("R8", 4), []),
        "winning_claims": (win, Play("P4", 4), [2, 3]),
        "game_over": (over, Play("P4", 4), []),
        "claimed": (claimed, Play("R8", 4), [1]),
    }


ENGLISH: dict[str, str] = json.loads((Path(__file__).parent / "tactics_refusals_en.json").read_text(encoding="utf-8"))


def test_every_refusal_pinned_has_a_turn() -> None:
    assert set(bad_turns()) == set(ENGLISH)


@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_a_refused_turn_is_said_in_french_and_its_english_is_unchanged(name: str) -> None:
    position, play, claims = bad_turns()[name]
    with pytest.raises(ValueError) as caught:  # still a ValueError, as documented
        explain_play(position, play, claims)  # type: ignore[arg-type]
    assert str(caught.value) == ENGLISH[name]
    french = caught.value.in_words("fr")  # type: ignore[attr-defined]
    assert french != ENGLISH[name]
    assert not french_problems(french), (french, french_problems(french))
