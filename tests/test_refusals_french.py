"""The last refusals in French (issue 20): a review's (``ReviewError``), the advisor's refusal of a
position it cannot search, and the puzzle commands' checks after parsing, each with its English
word for word as before and its French through the typography checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from schotten_lab.bots import Budget
from schotten_lab.bots import advise
from schotten_lab.cli import main
from schotten_lab.core.errors import AnalysisError
from schotten_lab.core.position import Position
from schotten_lab.game import IllegalTurnError
from schotten_lab.play.review import MAX_ITERATIONS, ReviewError, review_game

from .core.test_french import french_problems

ROOT = Path(__file__).resolve().parents[1]
GAME_OVER = "R9R8R7*-B1G2Y4@s/G9G8G7*-B2N3P5@s/Y9Y8Y7*-R1N4P6@s/-/-/-/-/-/- B3B4B5B6B7B8 ?6 n"
HIDDEN_MOVER = ROOT / "data" / "positions" / "03_three_eights_r8_unseen.json"
ONE_SEAT_HIDDEN = {"format": "schotten-lab/game@1", "deal": {"hands": {"south": None, "north": None}, "clan": None}, "turns": []}


def _review_error(record: object, **kwargs: object) -> ReviewError:
    with pytest.raises(ReviewError) as caught:
        review_game(record, **kwargs)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(
    ("record", "kwargs", "english", "french"),
    [
        ({}, {"iterations": 0}, f"iterations: must be a whole number of rollouts from 1 to {MAX_ITERATIONS:,}, not 0",
         "iterations\u00a0: un nombre entier de simulations de 1 à 50\u00a0000 est attendu, et non 0"),
        ({}, {"iterations": "x"}, f"iterations: must be a whole number of rollouts from 1 to {MAX_ITERATIONS:,}, not 'x'",
         "iterations\u00a0: un nombre entier de simulations de 1 à 50\u00a0000 est attendu, et non «\u00a0x\u00a0»"),
        ({"format": "x"}, {}, "record, format (format): is 'x'; this version reads 'schotten-lab/game@1'",
         "partie, format (forme)\u00a0: vaut «\u00a0x\u00a0»\u00a0; cette version lit «\u00a0schotten-lab/game@1\u00a0»"),
        (ONE_SEAT_HIDDEN, {}, "deal.hands: neither hand is fully known; a one-seat record gives that seat's hand",
         "mains de la donne\u00a0: aucune des deux n’est entièrement connue\u00a0; une partie vue d’un seul siège donne la main de ce siège"),
    ],
)  # fmt: skip
def test_a_review_error_keeps_its_english_and_says_itself_in_french(
    record: object, kwargs: dict[str, object], english: str, french: str
) -> None:
    error = _review_error(record, **kwargs)
    assert str(error) == english and error.in_words("en") == english
    assert error.in_words("fr") == french
    assert not french_problems(french.replace("iterations", "X").replace("schotten-lab/game@1", "X")), french_problems(french)


def test_the_advisor_says_why_it_cannot_search_in_both_languages() -> None:
    with pytest.raises(AnalysisError) as over:
        advise(Position.from_notation(GAME_OVER), budget=Budget(rollouts=10))
    assert isinstance(over.value, ValueError) and str(over.value) == "claimed: the game is over (south has won)"
    french = over.value.in_words("fr")
    assert french == "bornes revendiquées\u00a0: la partie est finie (Sud a gagné), il n’y a plus de coup à conseiller"
    assert not french_problems(french)
    with pytest.raises(AnalysisError) as hidden:
        advise(Position.from_json(HIDDEN_MOVER.read_text(encoding="utf-8")), budget=Budget(rollouts=10))
    assert str(hidden.value) == "hands.north: the hand of the player to move must be known"
    assert hidden.value.in_words("fr") == "main de Nord inconnue\u00a0: pour conseiller un joueur, il faut connaître sa main"


def _stderr(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize(
    ("argv", "english", "french"),
    [
        (["advise", "-n", GAME_OVER], "schotten-lab: error: notation: cannot advise: claimed: the game is over (south has won)",
         "schotten-lab\u00a0: erreur\u00a0: notation\u00a0: pas de conseil possible\u00a0: bornes revendiquées\u00a0: la partie est finie (Sud a gagné)"),
        (["advise", str(HIDDEN_MOVER)], f"schotten-lab: error: {HIDDEN_MOVER}: cannot advise: hands.north: the hand of the player",
         f"schotten-lab\u00a0: erreur\u00a0: {HIDDEN_MOVER}\u00a0: pas de conseil possible\u00a0: main de Nord inconnue"),
        (["puzzles", "generate", "--kind", "endgame", "-n", "1", "-o", "x.jsonl", "--jobs", "0"],
         "schotten-lab: error: --jobs: must be from 1 to 64, not 0", "schotten-lab\u00a0: erreur\u00a0: --jobs\u00a0: un nombre de 1 à 64 est attendu, et non 0"),
        (["puzzles", "generate", "--kind", "endgame", "-n", "1", "-o", "x.jsonl", "--variant", "tactics"],
         "schotten-lab: error: --variant tactics: only claim puzzles (--kind claim), not endgame: the exact endgame solver is the base game's",
         "schotten-lab\u00a0: erreur\u00a0: --variant tactics\u00a0: seuls les problèmes de revendication existent (--kind «\u00a0claim\u00a0»)"),
        (["puzzles", "generate", "--kind", "endgame", "-n", "1", "-o", "x.txt"],
         "schotten-lab: error: 'x.txt': '.txt' is not a format this writes; use .jsonl",
         "schotten-lab\u00a0: erreur\u00a0: «\u00a0x.txt\u00a0»\u00a0: «\u00a0.txt\u00a0» n’est pas un format que cette commande écrit\u00a0; utilisez .jsonl"),
        (["puzzles", "sheet", "empty.jsonl", "-o", "s.html", "--kind", "claim"], "schotten-lab: error: empty.jsonl: no puzzle of kind claim to print",
         "schotten-lab\u00a0: erreur\u00a0: empty.jsonl\u00a0: aucun problème de type «\u00a0claim\u00a0» à imprimer"),
        (["puzzles", "sheet", "empty.jsonl", "-o", "s.html"], "schotten-lab: error: empty.jsonl: no puzzle to print",
         "schotten-lab\u00a0: erreur\u00a0: empty.jsonl\u00a0: aucun problème à imprimer"),
        (["claim", "nope.json", "-s", "1", "-p", "south"], "schotten-lab: error: nope.json: no such file",
         "schotten-lab\u00a0: erreur\u00a0: nope.json\u00a0: ce fichier n’existe pas"),
        (["claim", ".", "-s", "1", "-p", "south"], "schotten-lab: error: .: is a directory, not a position file",
         "schotten-lab\u00a0: erreur\u00a0: .\u00a0: c’est un dossier, et non un fichier de position"),
        (["claim", "-s", "1", "-p", "south"], "schotten-lab: error: a position is required: a JSON file, or --notation",
         "schotten-lab\u00a0: erreur\u00a0: il faut une position\u00a0: un fichier JSON, ou --notation"),
        (["claim", "x.json", "-n", "x", "-s", "1", "-p", "south"], "schotten-lab: error: give either a position file or --notation, not both",
         "schotten-lab\u00a0: erreur\u00a0: donnez un fichier de position ou --notation, mais pas les deux"),
        (["analyze"], "schotten-lab: error: a position is required: a JSON file, '-' for JSON Lines on stdin, or --notation",
         "schotten-lab\u00a0: erreur\u00a0: il faut une position\u00a0: un fichier JSON, «\u00a0-\u00a0» pour du JSON Lines"),
        (["analyze", "-", "x.json"], "schotten-lab: error: '-' (JSON Lines on stdin) cannot be mixed with files",
         "schotten-lab\u00a0: erreur\u00a0: «\u00a0-\u00a0» (du JSON Lines sur l’entrée standard) ne se mélange pas avec des fichiers"),
        (["analyze", "x.json", "-n", "x"], "schotten-lab: error: give either position files or --notation, not both",
         "schotten-lab\u00a0: erreur\u00a0: donnez des fichiers de position ou --notation, mais pas les deux"),
        (["analyze", "x.json", "--jobs", "2"], "schotten-lab: error: --jobs: runs a batch (several files, or '-'), not one position",
         "schotten-lab\u00a0: erreur\u00a0: --jobs\u00a0: sert à un lot (plusieurs fichiers, ou «\u00a0-\u00a0»), et non à une seule position"),
        (["claim", "bad.json", "-s", "1", "-p", "south"], "schotten-lab: error: bad.json: not UTF-8 text (bad byte at offset 0)",
         "schotten-lab\u00a0: erreur\u00a0: bad.json\u00a0: ce n’est pas du texte UTF-8 (octet invalide à la position 0)"),
    ],
)  # fmt: skip
def test_the_command_line_says_these_refusals_in_french(
    argv: list[str], english: str, french: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    (tmp_path / "bad.json").write_bytes(b"\xff")
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    assert _stderr(argv, capsys).startswith(english)
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    line = _stderr(argv if argv[:2] == ["puzzles", "generate"] else [*argv, "--lang", "fr"], capsys)  # generate: SCHOTTEN_LANG
    assert line.startswith(french), line
    assert not french_problems(line.replace(str(HIDDEN_MOVER), "X")), french_problems(line)


def _illegal(state: object, decision: dict[str, object]) -> IllegalTurnError:
    from schotten_lab.game.apply import apply_turn

    with pytest.raises(IllegalTurnError) as caught:
        apply_turn(state, decision)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(
    ("decision", "english", "french"),
    [
        ({"play": {"card": "R8", "stone": 3}}, "illegal turn (hand): R8 is not in south's hand",
         "coup illégal (main)\u00a0: R8 n’est pas dans la main de Sud"),
        ({"player": "north", "play": {"card": "G8", "stone": 3}}, "illegal turn (turn-order): it is south's turn, not 'north''s",
         "coup illégal (ordre des tours)\u00a0: c’est à Sud de jouer, et non à «\u00a0north\u00a0»"),
        ({"play": {"card": "SPY", "stone": 3}}, "illegal turn (variant): SPY is a tactics card; the base game has none",
         "coup illégal (variante)\u00a0: SPY est une carte Tactique\u00a0; le jeu de base n’en a pas"),
    ],
)  # fmt: skip
def test_a_turn_refused_by_the_engine_says_its_rule_in_french(decision: dict[str, object], english: str, french: str) -> None:
    from schotten_lab.game import new_game

    state = new_game("base", False)  # the seeded deal (seed 0): south holds N1 B3 G1 B2 G6 Y2
    assert "R8" not in {str(card) for card in state.hands[0]}
    error = _illegal(state, decision)
    assert str(error) == english and error.in_words("fr") == french
    assert not french_problems(french), french_problems(french)


def test_the_engines_rules_in_words_keep_their_english_and_are_french() -> None:
    from schotten_lab.core.rules import Player
    from schotten_lab.core.words import Fact, TacticName
    from schotten_lab.game.record_words import TURN_RULE_PHRASES, Verbatim

    cases = [
        (Fact.of("record.side_full", player=Player.NORTH, stone=Verbatim("4"), count=Verbatim("3"), capacity=Verbatim("3")),
         "north's side of stone 4 already has 3 cards (capacity 3)", "le côté de Nord sur la borne 4 a déjà 3 cartes (il en tient 3)"),
        (Fact.of("record.stone_closed", stone=Verbatim("2"), player=Player.SOUTH), "stone 2 is claimed (by south): it is closed",
         "la borne 2 est revendiquée (par Sud)\u00a0: elle est fermée"),
        (Fact.of("record.mode_twice", stone=Verbatim("5"), card=TacticName("MUD")), "stone 5 already has MUD", "la borne 5 a déjà le Combat de boue"),
        (Fact.of("record.tactics_ahead", player=Player.SOUTH, mine=Verbatim("2"), theirs=Verbatim("1")),
         "south has played 2 tactics cards and the opponent 1: a player may not play a tactics card while ahead of the opponent",
         "Sud a joué 2 cartes Tactique et son adversaire 1\u00a0: on ne peut pas jouer une carte Tactique quand on en a déjà joué plus que l’adversaire"),
    ]  # fmt: skip
    for fact, english, french in cases:
        assert fact.in_words("en") == english and fact.in_words("fr") == french
    for key in TURN_RULE_PHRASES:
        assert set(TURN_RULE_PHRASES[key]) == {"en", "fr"}


def test_replay_says_a_rule_of_the_engine_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.json"
    record.write_text('{"format": "schotten-lab/game@1", "deal": {"hands": {"south": ["R1", "R2", "R3", "R4", "R5", "R6"], '
                      '"north": ["B1", "B2", "B3", "B4", "B5", "B6"]}, "clan": null}, "turns": [{"player": "south", '
                      '"play": {"card": "R8", "stone": 3}}]}', encoding="utf-8")  # fmt: skip
    english = _stderr(["replay", str(record)], capsys)
    assert english.endswith("turn 1 (hand): R8 is not in south's hand"), english
    french = _stderr(["replay", str(record), "--lang", "fr"], capsys)
    assert french.endswith("tour 1 (main)\u00a0: R8 n’est pas dans la main de Sud"), french


@pytest.mark.parametrize(
    ("notation", "english", "french"),
    [
        ("-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s d35 tactics t10", "variant: the search covers the base game only",
         "variante\u00a0: la recherche ne couvre que le jeu de base"),
        ("-/-/-/-/-/-/-/-/- ?6 B1B2B3B4B5B6 s d30", "hands.south: the hand of the player to move must be known",
         "main de Sud inconnue\u00a0: pour chercher un coup, il faut connaître la main du joueur qui joue"),
        ("-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s d30", "hand_sizes.north: 6 cards in hand plus 30 in the deck do not match the 48 unseen cards",
         "cartes en main de Nord\u00a0: 6 en main et 30 dans la pioche ne font pas les 48 cartes non vues"),
    ],
)  # fmt: skip
def test_the_search_says_why_it_cannot_search_in_both_languages(notation: str, english: str, french: str) -> None:
    from schotten_lab.bots.determinize import view_of

    with pytest.raises(AnalysisError) as caught:
        view_of(Position.from_notation(notation))
    assert isinstance(caught.value, ValueError) and str(caught.value) == english
    assert caught.value.in_words("fr") == french
    assert not french_problems(french), french_problems(french)


@pytest.mark.parametrize(
    ("argv", "english", "french"),
    [
        (["bot", "nope"], "schotten-lab: error: unknown bot 'nope': expected one of advisor, greedy, greedy-tactics, greedy-weak, random",
         "schotten-lab\u00a0: erreur\u00a0: bot inconnu «\u00a0nope\u00a0» (bots possibles\u00a0: «\u00a0advisor\u00a0», «\u00a0greedy\u00a0», «\u00a0greedy-tactics\u00a0», «\u00a0greedy-weak\u00a0», «\u00a0random\u00a0»)"),
        (["bot", "random", "--option", "x=1"], "schotten-lab: error: bot 'random': bad options ['x'] (it takes: seed)",
         "schotten-lab\u00a0: erreur\u00a0: bot «\u00a0random\u00a0»\u00a0: il n’accepte pas «\u00a0x\u00a0» (ses options\u00a0: «\u00a0seed\u00a0»)"),
        (["selfplay", "--south", "random", "--north", "random", "-g", "1", "--south-option", "depth=3", "-o", "x.jsonl"],
         "schotten-lab: error: --south-option: bot 'random': bad options ['depth'] (it takes: seed)",
         "schotten-lab\u00a0: erreur\u00a0: --south-option\u00a0: bot «\u00a0random\u00a0»\u00a0: il n’accepte pas «\u00a0depth\u00a0» (ses options\u00a0: «\u00a0seed\u00a0»)"),
    ],
)  # fmt: skip
def test_a_bots_refusal_of_its_name_or_options_follows_the_language(
    argv: list[str], english: str, french: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    assert _stderr(argv, capsys) == english
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    assert _stderr(argv, capsys) == french
    assert not french_problems(french), french_problems(french)
    assert not (tmp_path / "x.jsonl").exists()
