"""The tactics variant's reasons in French: the same facts as the English words (bots.tactics_reasons),
every kind of play said in French with French typography and no English word left; the advisor's
tactics moves carry their facts, so no view marks them untranslated."""

from __future__ import annotations

from dataclasses import replace

import pytest

from schotten_lab.bots import Budget
from schotten_lab.bots import advise
from schotten_lab.bots.tactics_reasons import explain_facts, explain_play
from schotten_lab.core.load import load_position_text
from schotten_lab.game import Play
from tests.bots.test_tactics_reasons import chance, table
from tests.core.test_french import ROOT, french_problems


def fr(position, play, claims=()) -> str:
    line = explain_play(position, play, list(claims), "fr")
    assert not french_problems(line), (line, french_problems(line))
    assert explain_facts(position, play, list(claims)).in_words("en") == explain_play(position, play, list(claims))
    return line


def test_clan_cards_and_elite_troops_in_french() -> None:
    pos = table({4: "R6R7-B8B9"}, "R8Y1")
    assert fr(pos, Play("R8", 4)) == "complète une suite couleur (somme 21) sur la borne 4 ; il faudrait B7 à Nord pour faire mieux".replace(" ;", "\u00a0;")
    pos = table({1: "R8R9-B9G9Y9"}, "[JOKER]P1")
    assert fr(pos, Play("JOKER", 1), [1]) == (
        "complète une suite couleur (somme 24, avec le Joker en R7) sur la borne 1\u00a0; Joker\u00a0: n’importe quelle carte "
        "jusqu’à la revendication de la borne\u00a0; revendique la borne 1")
    pos = table({3: "Y7Y8-B5G5P5"}, "[SPY][SHIELD]P1")
    assert fr(pos, Play("SPY", 2)) == (
        "ouvre la borne 2 avec Espion\u00a0; une suite couleur reste possible\u00a0; Espion\u00a0: un 7 de n’importe quelle "
        "couleur jusqu’à la revendication de la borne")
    assert fr(pos, Play("SHIELD", 3)).startswith(
        "complète une couleur (somme 18, avec le Porte-Bouclier en Y3) sur la borne 3\u00a0; perd contre le brelan de Nord (somme 15)")
    pos = table({5: "-R1R2R3", 2: "B4B5-G1G2G3+mud"}, "B6P1", played=(0, 1))
    assert fr(pos, Play("B6", 2)) == "poursuit la borne 2 avec B4 B5 B6 (Combat de boue\u00a0: 4 cartes)\u00a0; une suite couleur reste possible"
    assert fr(pos, Play("P1", 5)).endswith("répond au côté complet de Nord, qui forme une suite couleur (somme 6)")


def test_combat_modes_and_ruses_in_french() -> None:
    before = table({5: "R1R2-B7B8B9"}, "[MUD]P1")
    after = table({5: "R1R2-B7B8B9+mud"}, "P1", played=(1, 0))
    assert fr(before, Play("MUD", 5)) == (
        "Combat de boue sur la borne 5\u00a0: il faut 4 cartes de chaque côté\u00a0; le côté complet de Nord demande une "
        f"quatrième carte\u00a0; vos chances sur cette borne\u00a0: {chance(before, 5).replace('.', ',').replace('%', chr(160) + '%')} → "
        f"{chance(after, 5).replace('.', ',').replace('%', chr(160) + '%')}")
    assert fr(table({3: "Y9G9-R4R5R6*"}, "[BLIND]P1"), Play("BLIND", 3)).startswith(
        "Colin-Maillard sur la borne 3\u00a0: seule la somme compte\u00a0; vos chances sur cette borne\u00a0: 0\u00a0% → ")
    banshee = table({3: "G7G8-B8[JOKER]"}, "[BANSHEE]P1", played=(0, 1))
    assert fr(banshee, Play("BANSHEE", source=3, target="JOKER")).startswith("la Banshee défausse la carte Joker de Nord sur la borne 3\u00a0; ")
    traitor = table({3: "G7G8-B8R9", 5: "R7R8-"}, "[TRAITOR]P1")
    line = fr(traitor, Play("TRAITOR", stone=5, source=3, target="R9"), [5])
    assert line.startswith("le Traître prend la carte R9 de Nord sur la borne 3 et la pose de votre côté de la borne 5\u00a0; "
                           "complète une suite couleur (somme 24) sur la borne 5\u00a0; vos chances\u00a0: sur la borne 3, ")
    assert line.endswith("\u00a0; sur la borne 5, " + line.split("sur la borne 5, ")[-1]) and line.endswith("revendique la borne 5")
    strategist = table({2: "G4R1-B5", 6: "G5G6-"}, "[STRATEGIST]P1")
    assert fr(strategist, Play("STRATEGIST", stone=6, source=2, target="G4")).startswith(
        "le Stratège déplace votre carte G4 de la borne 2 vers la borne 6\u00a0; ")
    assert fr(strategist, Play("STRATEGIST", stone=None, source=2, target="G4")).startswith(
        "le Stratège défausse votre carte G4 de la borne 2\u00a0; vos chances sur cette borne\u00a0: ")
    hunt = table({}, "[HEADHUNTER]P1")
    assert fr(hunt, Play("HEADHUNTER", decks=("clan", "clan", "tactics"))) == (
        "Chasseur de tête\u00a0: pioche 3 cartes (Clan, Clan, Tactique) et en remet 2 sous les pioches")
    assert fr(replace(hunt, deck=1, tactics_deck=0), Play("HEADHUNTER", decks=("clan",))) == (
        "Chasseur de tête\u00a0: pioche 1 carte (Clan) et la garde")
    assert fr(replace(hunt, deck=0, tactics_deck=0), Play("HEADHUNTER")) == (
        "Chasseur de tête\u00a0: les deux pioches sont vides, il ne pioche rien")


def test_claims_and_passes_in_french() -> None:
    pos = table({1: "R1R2R3-B1B2@s", 2: "Y7Y8Y9*-P1P2P3", 3: "N7N8-B4B5B6"}, "N9P4", north=5)
    assert fr(pos, Play("N9", 3), [2, 3]).endswith("revendique les bornes 2 et 3 et gagne la partie")
    full = {n: "R1R2R3-" if n == 1 else f"{'BGYPN'[n % 5]}{n}{'BGYPN'[(n + 1) % 5]}{n}{'BGYPN'[(n + 2) % 5]}{n}-" for n in range(1, 10)}
    assert fr(table(full, "R9[HEADHUNTER]", north=6), None) == "aucune carte Clan ne peut être posée\u00a0: il faut passer"


@pytest.mark.parametrize("name", ["23_tactics_midgame"])
def test_the_advisors_tactics_reasons_are_french(name: str) -> None:
    position = load_position_text((ROOT / "data" / "positions" / f"{name}.json").read_text(encoding="utf-8")).position
    advice = advise(position, budget=Budget(rollouts=30), seed=0)
    assert advice.moves and all(m.facts is not None for m in advice.moves if m.reason)
    for move in advice.moves:
        assert not move.reason_untranslated("fr")
        for text in (move.reason_words("fr"), move.label("fr")):
            assert not french_problems(text), (text, french_problems(text))
        assert move.reason_words("en") == move.reason
