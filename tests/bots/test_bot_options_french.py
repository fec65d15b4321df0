"""The options a bot's factory refuses itself (bots/advisor.py's ``AdvisorBot``) and the tactics
search's refusal of an unknown hand (bots/tactics_search.py, the twin of bots/determinize.py's), in
French (issue 20); their English word for word as before (pinned from the tree before)."""

from __future__ import annotations

from typing import Any

import pytest

from schotten_lab.bots.advisor import AdvisorBot
from schotten_lab.bots.determinize import view_of
from schotten_lab.bots.tactics_search import tactics_view_of
from schotten_lab.cli import main
from schotten_lab.core.errors import SchottenError
from schotten_lab.core.position import Position

from ..core.test_french import french_problems

REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"budget": 0}, "budget: must be seconds a move, above 0 and at most 3600, not 0"),
    ({"budget": "fast"}, "budget: must be seconds a move, above 0 and at most 3600, not 'fast'"),
    ({"budget": 1e9}, "budget: must be seconds a move, above 0 and at most 3600, not 1000000000.0"),
    ({"iterations": 0}, "iterations: must be a whole number of rollouts from 1 to 10,000,000, not 0"),
    ({"iterations": 2.5}, "iterations: must be a whole number of rollouts from 1 to 10,000,000, not 2.5"),
    ({"seed": "x"}, "seed: must be a whole number, not 'x'"),
]


@pytest.mark.parametrize(("options", "english"), REFUSED)
def test_an_advisor_option_refused_is_said_in_both_languages(options: dict[str, Any], english: str) -> None:
    with pytest.raises(ValueError) as caught:  # still a ValueError, as documented
        AdvisorBot(**options)
    error = caught.value
    assert isinstance(error, SchottenError) and str(error) == english
    french = error.in_words("fr")
    assert french != english and not french_problems(french), (french, french_problems(french))


def test_the_bot_command_refuses_an_option_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "advisor", "--iterations", "0", "--lang", "fr"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("schotten-lab\u00a0: erreur\u00a0: iterations\u00a0: un nombre entier de parties simulées, de 1 à 10\u00a0000\u00a0000, "
                   "est attendu, et non 0")


def test_the_tactics_search_refuses_an_unknown_hand_as_its_twin_does() -> None:
    tactics = Position.from_notation("-/-/-/-/-/-/-/-/- ?7 R1R2R3R4R5R6R7 s d30 tactics t10")
    base = Position.from_notation("-/-/-/-/-/-/-/-/- ?6 B1B2B3B4B5B6 s d30")
    with pytest.raises(ValueError) as tactical:
        tactics_view_of(tactics)
    with pytest.raises(ValueError) as basic:
        view_of(base)
    assert str(tactical.value) == str(basic.value) == "hands.south: the hand of the player to move must be known"
    for lang in ("en", "fr"):
        assert tactical.value.in_words(lang) == basic.value.in_words(lang)  # type: ignore[attr-defined]
    assert not french_problems(tactical.value.in_words("fr"))  # type: ignore[attr-defined]
