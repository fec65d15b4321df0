"""The engine's last English refusals in French (issue 20): the draws, a claim not proved (with its
formations), a pass while a clan card can be placed, a decision's shape and deck choice, the
Headhunter's counts and a stone number out of 1-9. Each keeps its English ``str()`` word for word as
before and says itself in French with French typography."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

from schotten_lab.core.rules import Player
from schotten_lab.game import IllegalTurnError, new_game
from schotten_lab.game.plays import Play
from schotten_lab.game.apply import _apply
from schotten_lab.game.state import GameState
from schotten_lab.game.turn import Turn

from ..core.test_french import french_problems
from .test_engine_rules import setup

ROOT = Path(__file__).resolve().parents[2]


def _claims() -> GameState:
    return setup({1: "R1R2R3-B7B8B9", 2: "R4R5R6-", 3: "Y1Y2Y3-G7G8G9@n", 4: "P1P2-"}, "R9", "N9", clan="P7")


def _mud() -> GameState:
    return setup({}, "[MUD]P1", "N9", clan="P7", tactics=("BLIND",), extra="p0:0")


def _headhunter(clan: str = "P7P8P9Y9", tactics: tuple[str, ...] = ("MUD", "BLIND")) -> GameState:
    return setup({}, "[HEADHUNTER]R1R2", "N9", clan=clan, tactics=tactics, extra="p0:0")


def _pending() -> GameState:
    state, _ = _apply(_headhunter(), {"play": {"card": "HEADHUNTER", "decks": ["clan"] * 3}})
    return state


def _ending() -> GameState:
    return setup({1: "R1R2R3-@s", 2: "B1B2B3-@s", 3: "G7G8G9-", 5: "Y7Y8Y9-"}, "R9", "N9", clan="P7")


R9 = {"card": "R9", "stone": 9}
CASES: list[tuple[Callable[[], GameState], object, dict[str, object], str, str]] = [
    (_claims, {"play": R9, "claim": [1]}, {},
     "illegal turn (claim): stone 1: south's color run (sum 6) does not beat north's color run (sum 24)",
     "coup illégal (revendication)\u00a0: borne 1\u00a0: le côté de Sud, une suite couleur (somme 6), ne bat pas celui de Nord, une suite couleur (somme 24)"),
    (_claims, {"play": R9, "claim": [2]}, {},
     "illegal turn (claim): stone 2: not proved; north can still add Y7 Y8 Y9 for a color run (sum 24), beating color run (sum 15)",
     "coup illégal (revendication)\u00a0: borne 2\u00a0: rien n’est prouvé\u00a0: Nord peut encore ajouter Y7 Y8 Y9 pour une suite couleur (somme 24), qui bat une suite couleur (somme 15)"),
    (_claims, {"play": R9, "claim": [3]}, {}, "illegal turn (claim): stone 3 is already claimed by north",
     "coup illégal (revendication)\u00a0: la borne 3 est déjà revendiquée par Nord"),
    (_claims, {"play": R9, "claim": [4]}, {}, "illegal turn (claim): stone 4: south's side is not complete (2 of 3 cards)",
     "coup illégal (revendication)\u00a0: borne 4\u00a0: le côté de Sud n’est pas complet (2 cartes sur 3)"),
    (_mud, {"play": {"card": "P1", "stone": 1}, "deck": "both"}, {}, "illegal turn (format): deck must be 'clan' or tactics, not 'both'",
     "coup illégal (forme)\u00a0: la pioche doit être «\u00a0clan\u00a0» ou «\u00a0tactics\u00a0», et non «\u00a0both\u00a0»"),
    (lambda: new_game("base", False), {"deck": 3}, {}, "illegal turn (format): deck must be 'clan', not 3",
     "coup illégal (forme)\u00a0: la pioche doit être «\u00a0clan\u00a0», et non 3"),
    (lambda: setup({}, "[MUD]P1", "N9", clan="P7", extra="p0:0"), {"play": {"card": "P1", "stone": 1}, "deck": "tactics"}, {},
     "illegal turn (draw): the tactics deck is empty: draw from the other one",
     "coup illégal (pioche)\u00a0: la pioche Tactique est vide\u00a0: piochez dans l’autre"),
    (lambda: setup({}, "R9", "N9", clan="P7"), {"play": R9}, {"seen_draw": "B5"}, "illegal turn (draw): the top of the clan deck is P7, not B5",
     "coup illégal (pioche)\u00a0: la carte du dessus de la pioche Clan est P7, et non B5"),
    (_headhunter, {"play": {"card": "HEADHUNTER", "decks": ["clan"]}}, {},
     "illegal turn (headhunter): Headhunter draws 3 cards here (decks hold 4 clan and 2 tactics), not 1",
     "coup illégal (Chasseur de tête)\u00a0: le Chasseur de tête pioche ici 3 cartes (la pioche Clan en a 4 et la pioche Tactique 2), et non 1"),
    (lambda: _headhunter("P7", ("MUD",)), {"play": {"card": "HEADHUNTER", "decks": ["clan", "clan"]}}, {},
     "illegal turn (headhunter): the decks hold 1 clan and 1 tactics cards: cannot draw ['clan', 'clan']",
     "coup illégal (Chasseur de tête)\u00a0: la pioche Clan a 1 carte et la pioche Tactique 1 carte\u00a0: impossible de piocher 2 cartes Clan"),
    (_pending, {"return": ["R1"]}, {},
     "illegal turn (headhunter): Headhunter puts 2 cards of the hand back under the decks: answer {'return': [...]} with 2 cards, not ['R1']",
     "coup illégal (Chasseur de tête)\u00a0: le Chasseur de tête remet 2 cartes de la main sous les pioches\u00a0: la réponse «\u00a0return\u00a0» doit nommer 2 cartes, et non une liste"),
    (_mud, Turn(Player.SOUTH, Play("MUD", stone=None)), {}, "illegal turn (format): play.stone must be a stone number 1-9, not None",
     "coup illégal (forme)\u00a0: la borne du coup doit être un numéro de borne de 1 à 9, et non null"),
    (_ending, {"play": R9, "claim": [3, 5]}, {"strict": True},
     "illegal turn (game-over): the game ended at the claim of stone 3: no further claims (stone 5)",
     "coup illégal (partie finie)\u00a0: la partie s’est terminée quand la borne 3 a été revendiquée\u00a0: plus aucune revendication (borne 5)"),
    (lambda: new_game("base", False), {"play": None}, {},
     "illegal turn (pass): south can place a clan card: passing is allowed only without a legal placement",
     "coup illégal (passe)\u00a0: Sud peut poser une carte Clan\u00a0: on ne passe que si aucune carte ne peut être posée"),
    (lambda: new_game("base", False), 5, {}, "illegal turn (format): a decision must be an object like {'play': ..., 'claim': []}, not 5",
     "coup illégal (forme)\u00a0: une décision doit être un objet avec «\u00a0play\u00a0» et «\u00a0claim\u00a0», et non 5"),
    (lambda: new_game("base", False), {"return": []}, {}, "illegal turn (format): 'return' answers a pending Headhunter only",
     "coup illégal (forme)\u00a0: «\u00a0return\u00a0» ne sert qu’à répondre à un Chasseur de tête en cours"),
    (lambda: new_game("base", False), {"play": None, "claim": [10]}, {}, "illegal turn (format): claim lists 10; stones are numbered 1-9",
     "coup illégal (forme)\u00a0: la revendication nomme 10\u00a0; les bornes sont numérotées de 1 à 9"),
    (lambda: new_game("base", False), {"play": None, "claim": "x"}, {}, "illegal turn (format): claim must be a list of stone numbers 1-9, not 'x'",
     "coup illégal (forme)\u00a0: la revendication doit être une liste de numéros de bornes, de 1 à 9, et non «\u00a0x\u00a0»"),
    (lambda: new_game("base", False), {"play": None, "claim": [2, 2]}, {}, "illegal turn (claim): claim lists a stone twice: [2, 2]",
     "coup illégal (revendication)\u00a0: la revendication nomme deux fois la même borne\u00a0: [2, 2]"),
    (_pending, {"return": ["R1", 5]}, {}, "illegal turn (format): return lists 5; expected card codes",
     "coup illégal (forme)\u00a0: «\u00a0return\u00a0» contient 5, qui n’est pas un code de carte"),
]  # fmt: skip


@pytest.mark.parametrize(("state", "decision", "kwargs", "english", "french"), CASES)
def test_an_engine_refusal_keeps_its_english_and_says_itself_in_french(
    state: Callable[[], GameState], decision: object, kwargs: dict[str, object], english: str, french: str
) -> None:
    with pytest.raises(IllegalTurnError) as caught:
        _apply(state(), decision, **kwargs)  # type: ignore[arg-type]
    assert str(caught.value) == english and caught.value.in_words("en") == english
    assert caught.value.in_words("fr") == french
    assert not french_problems(french), french_problems(french)


@pytest.mark.parametrize("module", ["game/apply.py", "game/work.py", "game/state.py", "game/plays.py", "game/turn.py"])
def test_the_engine_refuses_in_facts_not_in_english_strings(module: str) -> None:
    """Every ``IllegalTurnError`` of the engine and every rule problem it returns carries a fact
    (phrase tables), so no refusal of these modules is left English under ``--lang fr``."""
    tree = ast.parse((ROOT / "schotten_lab" / module).read_text(encoding="utf-8"))
    english = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalTurnError" and len(node.args) == 2:
            message = node.args[1]
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 2:
            message = node.value.elts[1]  # a rule problem: (rule, message)
            if not (isinstance(node.value.elts[0], ast.Constant) and isinstance(node.value.elts[0].value, str)):
                continue
        else:
            continue
        if isinstance(message, ast.JoinedStr) or (isinstance(message, ast.Constant) and isinstance(message.value, str)):
            english.append(f"line {node.lineno}: {ast.unparse(message)[:60]}")
    assert not english, english


def test_reading_a_turn_names_a_bad_player_in_both_languages() -> None:
    from schotten_lab.game import read_turn

    with pytest.raises(IllegalTurnError) as caught:
        read_turn({"player": "east", "play": None})
    assert str(caught.value) == "illegal turn (format): player must be 'south' or 'north', not 'east'"
    french = caught.value.in_words("fr")
    assert french == "coup illégal (forme)\u00a0: le joueur doit être «\u00a0south\u00a0» ou «\u00a0north\u00a0», et non «\u00a0east\u00a0»"
    assert not french_problems(french), french_problems(french)
