"""A refused edit and an illegal position in French: core.edit's reasons and the legality problems are
facts, said in either language (the English unchanged), with French typography."""

from __future__ import annotations

import pytest

from schotten_lab.core import edit
from schotten_lab.core.cards import Card
from schotten_lab.core.errors import IllegalPositionError
from schotten_lab.core.load import load_position_text
from schotten_lab.core.position import Position
from schotten_lab.core.problem import field_words
from schotten_lab.core.rules import TACTICS
from tests.core.test_french import french_problems

BASE = Position.from_notation("R8R9R7-/-/-/-/-/-/-/-/- ?6 ?6 s")
TACTICAL = Position.empty(TACTICS)

REFUSED = [
    (lambda: edit.place(BASE, Card.parse("R8"), edit.Target.side(2, "north")),
     "R8 is already placed (stone 1 south)", "la carte R8 est déjà posée (borne 1, côté Sud)"),
    (lambda: edit.place(BASE, Card.parse("B1"), edit.Target.side(1, "south")),
     "stone 1 south already holds 3 cards", "le côté de Sud de la borne 1 a déjà 3 cartes"),
    (lambda: edit.set_mode(BASE, 1, "mud"), "combat modes belong to the tactics variant: switch an empty board to tactics, "
     "or load a tactics position", "les modes de combat appartiennent à la variante tactique\u00a0: passez un plateau vide en "
     "variante tactique, ou chargez une position tactique"),
    (lambda: edit.take_back_at(BASE, 2, "south", 0), "stone 2 south has no card at place 1",
     "le côté de Sud de la borne 2 n’a pas de carte en position 1"),
    (lambda: edit.set_claim(BASE, 1, "north"), "stones[0].claimed: north claimed it with an incomplete side (0 cards)",
     "borne 1, revendication\u00a0: Nord l’a revendiquée avec un côté incomplet (0 carte)"),
    (lambda: edit.take_back(BASE, Card.parse("G1")), "G1 is not placed anywhere", "la carte G1 n’est posée nulle part"),
    (lambda: edit.set_variant(BASE, "tactics"), "the variant switches on an empty board only: click New board first (this base "
     "position has cards placed)", "on ne change de variante que sur un plateau vide\u00a0: cliquez d’abord sur Nouveau plateau "
     "(cette position, jeu de base, a des cartes posées)"),
    (lambda: edit.place(TACTICAL, "BANSHEE", edit.Target.side(2, "north")),
     "BANSHEE is a ruse: it goes onto the discard pile (choose the discard pile as the target)",
     "la Banshee est une ruse\u00a0: cette carte va sur la défausse (choisissez la défausse comme destination)"),
    (lambda: edit.set_mode(edit.set_mode(TACTICAL, 2, "mud"), 3, "mud"), "MUD is already placed (one copy): take it back first",
     "le Combat de boue est déjà posé (un seul exemplaire)\u00a0: reprenez-le d’abord"),
    (lambda: edit.take_back_discard(TACTICAL, 0), "the discard pile has no card at place 1", "la défausse n’a pas de carte en position 1"),
]


@pytest.mark.parametrize(("act", "english", "french"), REFUSED)
def test_a_refused_edit_says_why_in_both_languages(act, english: str, french: str) -> None:
    with pytest.raises(edit.EditRefused) as info:
        act()
    assert str(info.value) == info.value.in_words("en") == english
    assert info.value.in_words("fr") == french
    assert not french_problems(french)


def test_a_deck_that_does_not_fit_says_every_problem_in_french() -> None:
    with pytest.raises(edit.EditRefused) as info:
        edit.set_deck(BASE, 3)
    said = info.value.in_words("fr")
    assert said.startswith("une pioche de 3 cartes ne correspond pas aux cartes posées (elle en compte 39)\u00a0: main de Sud\u00a0: ")
    assert not french_problems(said) and "hands" not in said


def test_an_illegal_position_read_says_its_problems_in_french() -> None:
    with pytest.raises(IllegalPositionError) as info:
        load_position_text("R8R9R7-R8/-/-/-/-/-/-/-/- ?6 ?6 s")
    assert str(info.value).startswith("illegal position: stones[0].north: card R8 appears 2 times")
    said = info.value.in_words("fr")
    assert said == ("position illégale\u00a0: borne 1, côté Nord\u00a0: la carte R8 apparaît 2 fois (borne 1, côté Sud\u00a0; "
                    "borne 1, côté Nord)\u00a0; elle n’existe qu’en un exemplaire")


@pytest.mark.parametrize("notation", [
    "R8R9R7R6-/-/-/-/-/-/-/-/- ?6 ?6 s",          # a side over its capacity
    "R8R9R7-B1B2B3/-/-/-/-/-/-/-/- ?7 ?6 s",      # a hand over the limit
    "R8R9R7-B1B2@n/-/-/-/-/-/-/-/- ?6 ?6 s",      # an incomplete side's claim
])
def test_every_problem_found_is_said_in_french(notation: str) -> None:
    position = Position.from_notation(notation)
    problems = position.status()
    assert problems
    for problem in problems:
        said = problem.in_words("fr")
        assert not french_problems(said), said
        assert not any(word in said for word in ("stones[", "hands.", "deck.", "tactics_played")), said


def test_field_paths_in_french() -> None:
    assert field_words("stones[3].south", "fr") == "borne 4, côté Sud"
    assert field_words("stones[0].claimed", "fr") == "borne 1, revendication"
    assert field_words("hand_sizes.north", "fr") == "taille de la main de Nord"
    assert field_words("deck.tactics", "fr") == "pioche Tactique"
    assert field_words("stones[3].south") == "stones[3].south"
