"""The play app speaks English and French (issue 20): every label, button, status line, message and
the advice table come from its phrase table (schotten_lab/views/play/words.py), French set in French
typography (the mechanical checks of tests/core/test_french.py). And the fixes of issue 19 item 4:
the status line agrees with the board's "to move" marker, moves in the advisor's order with a rank,
glyphs that Debian's default fonts have, a review title naming each player once."""

from __future__ import annotations

import html
import importlib.util
import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile

W = pytest.importorskip("ipywidgets")

from schotten_lab.bots import Budget
from schotten_lab.bots.advisor import Advice, MoveAdvice  # noqa: E402
from schotten_lab.core import words  # noqa: E402
from schotten_lab.core.cards import Card  # noqa: E402
from schotten_lab.core.rules import Player  # noqa: E402
from schotten_lab.game import Play, new_game, play_words  # noqa: E402
from schotten_lab.play.review import move_words  # noqa: E402
from schotten_lab.views.play import PLAY_PHRASES, PlayGame, advice_html  # noqa: E402
from schotten_lab.views.play import words as play_words_module  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _module(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FRENCH = _module(ROOT / "tests" / "core" / "test_french.py", "play_test_french")
french_problems = FRENCH.french_problems


class _Texts(HTMLParser):
    """The text of an HTML fragment (SVG text included), without what sits in a ``lang="en"`` element
    (the advisor's reasons, English by design) or in ``<style>``/``<script>``."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.english: list[str] = []
        self._stack: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._stack.append((tag, dict(attrs).get("lang") == "en" or tag in ("style", "script")))

    def handle_endtag(self, tag: str) -> None:
        while self._stack:
            if self._stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if data.strip():
            (self.english if any(flag for _, flag in self._stack) else self.texts).append(data.strip())


def html_texts(fragment: str) -> tuple[list[str], list[str]]:
    parser = _Texts()
    parser.feed(fragment)
    return parser.texts, parser.english


def widget_texts(widget: Any) -> list[str]:
    """Every word a widget tree shows: descriptions, tooltips, options' labels, HTML text."""
    out: list[str] = []
    for name in ("description", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value.strip():
            out.append(value)
    labels = getattr(widget, "_options_labels", None)
    if labels:
        out += [str(label) for label in labels]
    if isinstance(widget, W.HTML):
        out += html_texts(widget.value)[0]
    for child in getattr(widget, "children", ()):
        out += widget_texts(child)
    return out


def page(game: PlayGame) -> list[str]:
    return widget_texts(game.widget)


def finish(game: PlayGame, seed: int) -> None:
    """Play the person's turns to the end of the game by the widget's actions (random legal plays,
    every offered claim)."""
    rng = random.Random(seed)
    for _ in range(200):
        if game.state.over:
            return
        plays = game.state.legal_plays()
        if not plays:
            game.pass_turn()
            continue
        play = rng.choice(plays)
        game.select(play.card)
        game.place(play.stone)  # type: ignore[arg-type]
        if game._pending is not None:
            game.end_button.click()
    raise AssertionError("the game did not end")


def check_french(texts: list[str]) -> None:
    bad = {text: french_problems(text) for text in texts if french_problems(text)}
    assert not bad, list(bad.items())[:5]


def test_every_play_phrase_renders_in_french_with_french_typography() -> None:
    sample = _module(ROOT / "scripts" / "french_sample.py", "play_french_sample")
    rendered = dict(sample.phrase_lines(PLAY_PHRASES))
    assert set(rendered) == set(PLAY_PHRASES)
    check_french([text for text in rendered.values() if text])
    for key, texts in PLAY_PHRASES.items():
        assert words.fields_of(texts["en"]) == words.fields_of(texts["fr"]), key
    assert FRENCH.french_problems("Your turn: click a card")  # the checker does catch English


def test_a_whole_french_game_speaks_french_only(tmp_path: Path) -> None:
    """A French game by the widget's own actions: the settings, the board, every status line and
    message on the way (refusals too), the advice table, the save and the review are French, with
    French typography, the advisor's reasons too (bots/move_facts.py: nothing marked English, nothing said untranslated)."""
    game = PlayGame("random", seed=21, save_dir=tmp_path, lang="fr", advice_budget=Budget(rollouts=40))
    seen: list[str] = page(game)
    assert "Nouvelle partie" in seen and "Que jouerait le conseiller\u00a0?" in seen
    game.place(4)  # no card chosen: refused, in French
    assert game.message == "Choisissez d’abord une carte de votre main, puis la borne."
    game.select("R0")
    assert game.message.startswith("R0 n’est pas dans votre main (")
    game.pass_turn()
    assert game.message.startswith("Vous ne pouvez pas passer\u00a0: vous pouvez poser une carte Clan")
    advice = game.ask_advisor()
    assert advice is not None
    table = game.advice.value
    texts, english = html_texts(table)
    check_french(texts)
    assert any("Vu de votre place (Sud)" in text for text in texts) and "donnes" in texts
    assert not english and not any("ne sont pas encore traduites" in text for text in texts)  # reasons in French
    rng = random.Random(9)
    while not game.state.over:
        seen += page(game)
        plays = game.state.legal_plays()
        if not plays:
            game.pass_turn()
            continue
        play = rng.choice(plays)
        game.select(play.card)
        assert game.message == f"Vous avez choisi {play.card}\u00a0: cliquez maintenant sur une borne."
        game.place(play.stone)  # type: ignore[arg-type]
        if game._pending is not None:
            seen += page(game)
            game.end_button.click()
    seen += page(game)
    assert any(text.startswith("Partie terminée") for text in seen)
    n = len(game.state.turns)
    assert n > 6 and game.log.value.count(". ") >= 6 and f"{n}. " in game.log.value and f" {n - 6}. " not in game.log.value
    path = game.save("partie.json")
    assert path is not None and game.message.startswith(f"{len(game.state.turns)} tours enregistrés dans ")
    seen.append(game.message)
    game.save("../x.json")
    assert game.message.startswith("La partie n’a pas été enregistrée\u00a0: «\u00a0../x.json\u00a0» n’est pas")
    seen.append(game.message)
    game.review_button.click()
    seen.append(game.message)
    viewer = set(widget_texts(game.viewer.widget))  # the game viewer is not the play app's (another page's words)
    seen += [text for text in page(game) if text not in viewer]
    check_french(sorted(set(seen)))
    assert {"Revoir cette partie", "Finir le tour", "Votre main\u00a0:"} <= set(seen)


def test_english_pages_say_what_they_said_and_french_differs(tmp_path: Path) -> None:
    english = PlayGame("greedy", seed=3, save_dir=tmp_path, lang="en")
    french = PlayGame("greedy", seed=3, save_dir=tmp_path, lang="fr")
    assert english.message == "New game (deal 3): you are south, against greedy; you start."
    assert french.message == "Nouvelle partie (donne 3)\u00a0: vous jouez Sud, contre robot glouton\u00a0; vous commencez."
    assert english.end_button.description == "End turn" and french.end_button.description == "Finir le tour"
    assert [label for label, _ in french.strength.options][1] == "moyen (300 simulations)"
    assert french.record.players == english.record.players == {"south": "you (south)", "north": "greedy"}  # data
    shared = set(page(english)) & set(page(french))
    assert shared and not [text for text in shared if re.search(r"[a-z]{2,}", text)], shared  # digits, card codes


def test_the_language_comes_from_the_argument_the_address_or_schotten_lang(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="lang: unknown language 'de'"):
        PlayGame("random", seed=1, lang="de")
    monkeypatch.setenv("SCHOTTEN_LANG", "fr_FR.UTF-8")
    assert PlayGame("random", seed=1, save_dir=tmp_path).lang == "fr"
    assert PlayGame("random", seed=1, save_dir=tmp_path, lang="en").lang == "en"
    assert PlayGame.from_request("?lang=en&seed=2", save_dir=tmp_path).lang == "en"
    monkeypatch.delenv("SCHOTTEN_LANG")
    assert PlayGame("random", seed=1, save_dir=tmp_path).lang == "en"
    game = PlayGame.from_request("?lang=fr&opponent=stockfish&seat=east", save_dir=tmp_path)
    assert game.lang == "fr" and game.seat_choice.options[0][0] == "Sud"
    assert game.message == ("Ignoré dans l’adresse\u00a0: opponent «\u00a0stockfish\u00a0», seat «\u00a0east\u00a0» "
                            "(les valeurs par défaut s’appliquent).")
    bad = PlayGame.from_request("lang=xx", save_dir=tmp_path)
    assert bad.lang == "en" and bad.message == "Ignored from the address: lang 'xx' (the defaults are used)."


def test_the_engines_refusals_are_said_in_french(tmp_path: Path) -> None:
    game = PlayGame("random", seed=3, save_dir=tmp_path, lang="fr")
    for _ in range(3):  # fill south's side of stone 4
        game.play(str(game.state.hand(Player.SOUTH)[0]), 4)
    card = str(game.state.hand(Player.SOUTH)[0])
    game.select(card)
    state = game.state
    game.place(4)
    assert game.state is state
    assert game.message == f"{card} ne peut pas aller sur la borne 4\u00a0: votre côté de la borne 4 est déjà complet."
    check_french([game.message])
    english = PlayGame("random", seed=3, save_dir=tmp_path, lang="en")
    for _ in range(3):
        english.play(str(english.state.hand(Player.SOUTH)[0]), 4)
    english.select(card)
    english.place(4)
    assert english.message.startswith(f"{card} cannot go on stone 4: south's side of stone 4 already has 3 cards")


def test_moves_in_words_are_the_engines_words_in_english() -> None:
    """The play app's move words and the library's (game.play_words, play.review.move_words,
    MoveAdvice.label) are the same in English, for every kind of play; in French they are French."""
    from schotten_lab.play.selfplay import Matchup, play_game

    plays: list[Play] = []
    turns: list[dict[str, Any]] = []
    for seed in range(6):
        record = play_game(Matchup("random", "random", "tactics"), seed, 0)
        turns += list(record["turns"])
        state = new_game("tactics", False, seed=seed)
        plays += list(state.legal_plays())
    for turn in turns:
        play = turn.get("play")
        if isinstance(play, dict) and play["card"] not in ("HEADHUNTER",):
            plays.append(Play.from_dict({k: v for k, v in play.items() if k not in ("drawn", "returned", "returned_decks")}))
    kinds = {p.card if p.card in ("BANSHEE", "TRAITOR", "STRATEGIST", "HEADHUNTER") else p.kind for p in plays}
    assert {"clan", "troop", "mode"} <= kinds and len(kinds & {"BANSHEE", "TRAITOR", "STRATEGIST", "HEADHUNTER"}) >= 2, kinds
    for p in plays:
        assert play_words_module.play_text(p, "en") == play_words(p)
        check_french([play_words_module.play_text(p, "fr")])
    for turn in turns:
        assert play_words_module.turn_text(turn.get("play"), turn.get("claim"), "en") == move_words(turn.get("play"), turn.get("claim"))
    moves = [
        MoveAdvice(Card.parse("R8"), 3, (3, 5), 0.5, 0.1, 40, 0.0, ""),
        MoveAdvice(None, None, (2,), 0.5, 0.1, 40, 0.0, ""),
        MoveAdvice(None, None, (), 0.5, 0.1, 40, 0.0, "", put_back=("R8", "SPY")),
        MoveAdvice(None, None, (1,), 0.5, 0.1, 40, 0.0, "", put_back=()),
        MoveAdvice(None, None, (), 0.5, 0.1, 40, 0.0, "", play=plays[-1], deck="tactics"),
    ]
    for move in moves:
        assert play_words_module.advice_move_text(move, "en") == move.label()
        check_french([play_words_module.advice_move_text(move, "fr")])
    assert play_words_module.advice_move_text(moves[0], "fr") == "R8 sur la borne 3, revendique 3, 5"
    assert play_words_module.play_text(Play("SPY", 2), "fr") == "Espion sur la borne 2"


def test_tactics_cards_in_the_hand_are_named_in_the_language(tmp_path: Path) -> None:
    from schotten_lab.core.tactics import TACTICS_NAMES
    from schotten_lab.views.editor.buttons import piece_label

    for code in TACTICS_NAMES:
        assert play_words_module.short_label(code, "en") == piece_label(code)  # the editor's buttons
    assert play_words_module.short_label("SPY", "fr") == "ESP" and play_words_module.short_label("R8", "fr") == "R8"
    game = PlayGame("random", seed=1, variant="tactics", save_dir=tmp_path, lang="fr")
    game.deck_choice.value = "tactics"  # draw tactics cards into the hand
    for _ in range(3):
        play = next(p for p in game.state.legal_plays() if p.kind == "clan")
        game.play(play.card, play.stone)  # type: ignore[arg-type]
    hand = [str(c) for c in game.state.hand(Player.SOUTH)]
    assert any(c in TACTICS_NAMES for c in hand), hand
    buttons = {b.tooltip: b.description for b in game.hand_buttons if b.layout.display != "none"}
    assert len(buttons) == len(set(hand)) and all(words.tactic(c, "fr") in buttons for c in hand if c in TACTICS_NAMES)
    assert not [c for c in hand if c in TACTICS_NAMES and buttons[words.tactic(c, "fr")] != play_words_module.short_label(c, "fr")]


def _advice() -> Advice:
    chosen = MoveAdvice(Card.parse("G9"), 1, (), 0.52, 0.032, 60, 0.0, "chosen")
    second = MoveAdvice(Card.parse("R7"), 1, (), 0.539, 0.05, 40, -0.012, "second", change_stderr=0.02)
    same = MoveAdvice(Card.parse("Y2"), 4, (), 0.4, 0.06, 24, -0.125, "same", change_stderr=0.0)
    rough = MoveAdvice(Card.parse("P6"), 2, (), 0.812, 0.101, 6, -0.05, "rough", change_stderr=0.25)
    unsearched = MoveAdvice(Card.parse("B1"), 9, (), None, None, 0, None, "")
    return Advice(Player.SOUTH, (chosen, second, same, rough, unsearched), 0.52, 0.032, "Monte Carlo over deals", 200, 0.4)


def test_the_change_column_is_the_clis_and_the_rows_keep_the_advisors_order_with_their_rank() -> None:
    advice = _advice()
    cli = advice.table()
    for move in advice.moves:
        change = play_words_module.change_text(move, "en")
        line = next(line for line in cli.splitlines() if move.label() in line)
        assert (change in line) if move.change is not None else change == "—", (change, line)
    assert play_words_module.change_text(advice.moves[2], "en") == "-12.5 on all 24 deals"
    assert play_words_module.change_text(advice.moves[2], "fr") == "-12,5 sur les 24 donnes"
    assert play_words_module.change_text(advice.moves[1], "fr") == "-1,2 ±\u00a02,0"
    text = advice_html(advice, Player.SOUTH)
    ranks = [int(r) for r in re.findall(r"data-rank='(\d+)'", text)]
    labels = re.findall(r"data-rank='\d+'><td[^>]*>\d+</td><td[^>]*>([^<]*)</td>", text)
    assert ranks == [1, 2, 3, 5, 4]  # the rough row folds under the table, keeping its rank
    order = [m.label() for m in advice.moves]
    assert [order[k - 1] for k in ranks] == labels
    assert "Ranked as the advisor ranks them" in text and "the change ranks it, not its chance" in text
    assert "<th>#</th>" in text and "≈81% (rough)" in text and "not searched" in text
    french = advice_html(advice, Player.SOUTH, lang="fr")
    texts, english = html_texts(french)
    check_french(texts)
    assert "écart (points)" in texts and "≈ 81\u00a0% (approximatif)" in texts and english == ["chosen", "second", "same", "rough"]


def test_a_move_that_wins_at_once_is_not_said_to_empty_the_deck() -> None:
    from schotten_lab.bots.advisor import WINS_AT_ONCE

    win = MoveAdvice(Card.parse("R8"), 3, (3,), 1.0, None, 0, 0.0, "claims", turns=1)
    text = advice_html(Advice(Player.SOUTH, (win,), 1.0, None, WINS_AT_ONCE, 0, 0.0), Player.SOUTH)
    assert "a move wins the game at once" in text and "the deck is empty" not in text
    endgame = advice_html(Advice(Player.SOUTH, (win,), 1.0, None, "exact endgame", 0, 0.0), Player.SOUTH, lang="fr")
    assert "la pioche est vide" in endgame and "gagne tout de suite" in endgame


def _to_move_on_board(game: PlayGame) -> str | None:
    found = re.findall(r'class="player-label" data-player="(south|north)"[^>]*>[^<]*▶', game.board.value)
    assert len(found) <= 1
    return found[0] if found else None


def test_the_status_line_and_the_board_name_the_same_mover_even_while_the_bot_thinks_and_after_the_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 19: "Your turn: choose your claims" beside "North ▶ to move". The status names who
    moves; the board's marker must name the same player at every step: the person's turn, the
    claim step, while the bot searches (seen from inside its decide), and none once the game is won."""
    game = PlayGame("random", seed=5, save_dir=tmp_path, seat="north", you_start=False)
    during: list[tuple[str | None, str]] = []
    real = type(game.bot).decide

    def decide(bot: Any, observation: Any, turns: Any) -> Any:
        during.append((_to_move_on_board(game), game.status.value))
        return real(bot, observation, turns)

    monkeypatch.setattr(type(game.bot), "decide", decide)
    rng = random.Random(4)
    while not game.state.over:
        status = game.status.value
        assert "Your turn" in status and _to_move_on_board(game) == "north"
        plays = game.state.legal_plays()
        if not plays:
            game.pass_turn()
            continue
        play = rng.choice(plays)
        game.select(play.card)
        game.place(play.stone)  # type: ignore[arg-type]
        if game._pending is not None:
            assert "choose your claims" in game.status.value and _to_move_on_board(game) == "north"
            game.end_button.click()
    assert during and all(mover == "south" and "(south) is thinking" in status for mover, status in during)
    assert "Game over" in game.status.value
    assert _to_move_on_board(game) is None  # nobody moves in a won game: no marker beside "Game over"
    assert "to move" not in re.sub(r"<[^>]+>", " ", game.board.value)  # nor in the footer or the picture's title


def test_the_page_uses_only_glyphs_of_debians_default_fonts(tmp_path: Path) -> None:
    """⏮ and ⏭ showed as empty boxes in Debian's Chromium. Every character the play app shows, in
    both languages, is one DejaVu Sans (Debian's default sans-serif) draws: Latin-1 letters and a
    short list of punctuation checked on this machine with fc-list."""
    allowed = set("–—…±≈▶✓«»’\u00a0\u202f€•×·")
    for lang in ("en", "fr"):
        game = PlayGame("random", seed=8, save_dir=tmp_path, lang=lang, advice_budget=Budget(rollouts=30), variant="tactics")
        game.ask_advisor()
        texts = page(game)
        for _ in range(6):
            plays = game.state.legal_plays()
            if game.state.over or not plays or game.state.pending is not None:
                break
            play = next((p for p in plays if p.kind == "clan"), plays[0])
            if play.kind in ("clan", "troop", "mode"):
                game.play(play.card, play.stone)  # type: ignore[arg-type]
            texts += page(game)
        odd = {ch for text in texts for ch in text if ord(ch) > 0xFF and ch not in allowed}
        assert not odd, (lang, odd)


def test_the_review_title_of_a_played_game_names_each_player_once(tmp_path: Path) -> None:
    from schotten_lab.play.review import review_game
    from schotten_lab.views.review import review_html

    game = PlayGame("greedy", seed=2, save_dir=tmp_path, lang="fr")
    rng = random.Random(0)
    for _ in range(2):
        play = rng.choice(game.state.legal_plays())
        game.play(play.card, play.stone)  # type: ignore[arg-type]
    page_html = review_html(review_game(game.record, budget=Budget(rollouts=2), seed=0))
    title = html.unescape(re.search(r"<h1>(.*?)</h1>", page_html).group(1))  # type: ignore[union-attr]
    assert "you (south) vs north (greedy)" in title and title.count("south") == 1, title


def test_a_match_of_three_rounds_is_scored_by_the_rules_and_saved_as_match_at_1(tmp_path: Path) -> None:
    """Issue 19 item 4: a match of several rounds with the rules' scoring (5 to the round's winner,
    the loser's stones held), the other player starting each round, saved as match@1 and read back."""
    from schotten_lab.game import MATCH_FORMAT, read_match, round_points

    game = PlayGame("random", seed=7, save_dir=tmp_path, rounds=3, lang="fr")
    assert game.match_line.layout.display != "none" and game.next_round_button.layout.display == "none"
    assert "Manche 1 sur 3" in game.match_line.value
    game.next_round()
    assert game.message.startswith("Cette manche n’est pas terminée") and game.match_rounds == []
    firsts = []
    for k in range(3):
        firsts.append(game.state.first)
        finish(game, 30 + k)
        score = game.match.score
        assert f'data-you="{score[game.human.value]}"' in game.match_line.value
        if k < 2:
            assert game.next_round_button.layout.display != "none"
            game.seat_choice.value, game.opponent.value = "north", "greedy"  # changed mid-match: for the next New game
            game.next_round_button.click()
            assert (game.human, game.bot_name) == (Player.SOUTH, "random")
            assert game.message.startswith(f"Manche {k + 2} sur 3 (donne {7 + k + 1})")
    assert firsts == [Player.SOUTH, Player.NORTH, Player.SOUTH]
    assert game.next_round_button.layout.display == "none" and "Match terminé" in game.match_line.value
    check_french(html_texts(game.match_line.value)[0] + page(game))
    game.next_round()
    assert game.message.startswith("Le match est terminé")
    rounds = game.match.rounds
    assert len(rounds) == 3 and len({json.dumps(r.deal, sort_keys=True, default=str) for r in rounds}) == 3  # three deals
    expected = {"south": 0, "north": 0}
    for r in rounds:
        for seat, points in round_points(r).items():
            expected[seat] += points
    assert game.match.score == expected and max(expected.values()) >= 10  # two round wins at least between them
    path = game.save("match.json")
    assert path is not None

    data = json.loads(path.read_text())
    assert data["format"] == MATCH_FORMAT and data["score"] == expected and len(data["rounds"]) == 3
    assert read_match(path.read_text()).to_dict() == game.match.to_dict()
    single = PlayGame.from_request("rounds=3&seed=1", save_dir=tmp_path)
    assert single.rounds == 3 and PlayGame.from_request("rounds=4", save_dir=tmp_path).message.startswith(
        "Ignored from the address: rounds '4'")
    with pytest.raises(ValueError, match="rounds: 2 is not one of 1, 3, 5"):
        PlayGame("random", rounds=2)


@profile(8)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from([("base", False), ("base", True), ("tactics", False), ("tactics", True)]))
def test_a_played_turn_in_words_is_its_record_forms_words(seed: int, rules: tuple[str, bool]) -> None:
    """The app says a played :class:`Turn` from its fields (``record_turn_text``); the slow twin says
    its record form (``turn_text`` on ``to_dict()``). Equal on every turn of random games, in both
    languages (Headhunter's put-back count and the claims included)."""
    from schotten_lab.game import apply_turn
    from schotten_lab.game.playout import random_decision

    variant, expert = rules
    rng = random.Random(seed)
    state = new_game(variant, expert, seed=seed)
    while not state.over:
        state, _ = apply_turn(state, random_decision(state, rng))
    assert state.turns
    for turn in state.turns:
        record = turn.to_dict()
        for lang in ("en", "fr"):
            assert play_words_module.record_turn_text(turn, lang) == play_words_module.turn_text(record["play"], record["claim"], lang)
