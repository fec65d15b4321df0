"""The play-against-a-bot widget, driven from Python: whole games by clicks, claims offered by the
engine, refusals in one sentence with the game kept, the advisor from the player's seat only, records
saved, read back and replayed."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from schotten_lab.bots import Budget, make_bot  # noqa: E402
from schotten_lab.core.position import Position  # noqa: E402
from schotten_lab.core.rules import Player  # noqa: E402
from schotten_lab.game import FORMAT, Turn, apply_turn, read_record, replay_states, validate_record  # noqa: E402
from schotten_lab.views.play import PlayGame, bot_label, safe_file_name  # noqa: E402


def click_turn(game: PlayGame, rng: random.Random, claim: bool = True) -> None:
    """One turn of the person by clicks: a random legal card and stone, every offered claim (or none)."""
    plays = game.state.legal_plays()
    if game.state.expert and not claim:
        game.set_claims([])
    if not plays:
        game.pass_button.click()
        return
    play = rng.choice(plays)
    hand = [str(c) for c in game.state.hand(game.human)]
    game.hand_buttons[hand.index(play.card)].click()
    assert game.message == f"{play.card} chosen: now click a stone."
    game.stone_buttons[play.stone - 1].click()  # type: ignore[operator]
    if game.claim_row.layout.display != "none" and not game.state.expert:
        if not claim:
            game.set_claims([])
        game.end_button.click()


def play_out(game: PlayGame, seed: int, claim: bool = True, limit: int = 200) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if game.state.over:
            return
        before = len(game.state.turns)
        click_turn(game, rng, claim)
        assert len(game.state.turns) > before, game.message
    raise AssertionError("the game did not end")


def test_a_whole_game_against_random_by_clicks_is_saved_read_and_replayed(tmp_path: Path) -> None:
    game = PlayGame("random", seed=11, save_dir=tmp_path)
    assert game.state.to_move is Player.SOUTH and game.state.turns == ()
    play_out(game, 1)
    state = game.state
    assert state.over and state.winner is not None
    assert "Game over" in game.status.value and game.stone_buttons[0].disabled
    path = game.save("first.json")
    assert path == tmp_path / "first.json" and game.saved == path
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["players"] == {"south": "you (south)", "north": "random"}
    assert data["result"]["winner"] == state.winner.value  # type: ignore[union-attr]
    record = read_record(path.read_text())
    final = validate_record(record)
    assert final.winner is state.winner and final.reason == state.reason
    states = list(replay_states(record))
    assert len(states) == len(state.turns)
    assert [s.claimed() for s in states[-1:]] == [state.claimed()]
    game.review_button.click()
    assert game.viewer.turn == len(state.turns) and game.viewer.widget in game.review_box.children
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_the_bot_starts_plays_north_and_the_person_wins_or_loses_from_either_seat(tmp_path: Path) -> None:
    game = PlayGame("greedy", seat="north", you_start=False, seed=5, save_dir=tmp_path)
    assert game.human is Player.NORTH and len(game.state.turns) == 1
    assert game.state.turns[0].player is Player.SOUTH and game.state.to_move is Player.NORTH
    assert "South played" in game.message and len(game.last_bot_seconds) == 1
    play_out(game, 2)
    assert game.state.over
    record = read_record(game.save("north.json").read_text())  # type: ignore[union-attr]
    assert record.players == {"north": "you (north)", "south": "greedy"} and record.first is Player.SOUTH


def test_refusals_are_one_sentence_and_keep_the_game(tmp_path: Path) -> None:
    game = PlayGame("random", seed=3, save_dir=tmp_path)
    hand = [str(c) for c in game.state.hand(Player.SOUTH)]

    def refused(action: Any, *args: Any, starts: str) -> None:
        state = game.state
        action(*args)
        assert game.state is state, "a refused action changed the game"
        assert game.message.startswith(starts), game.message
        assert game.message.count(". ") == 0 and "Traceback" not in game.message
        assert "sl-play-refusal" in game.message_html.value

    refused(game.place, 4, starts="Choose a card of your hand first")
    refused(game.select, "R0", starts="R0 is not in your hand")
    refused(game.end_turn, starts="There is no turn to end")
    refused(game.pass_turn, starts="You cannot pass: south can place a clan card")
    for _ in range(3):  # fill stone 4
        game.play(str(game.state.hand(Player.SOUTH)[0]), 4)
    card = str(game.state.hand(Player.SOUTH)[0])
    game.select(card)
    refused(game.place, 4, starts=f"{card} cannot go on stone 4: south's side of stone 4 already has 3 cards")
    assert game.message.endswith(".")
    game.select(card)  # un-chosen
    assert game._selected is None
    refused(game.save, "../up.json", starts="The record was not saved")
    refused(game.save, "notes.txt", starts="The record was not saved")
    assert not list(tmp_path.iterdir())
    play_out(game, 4)
    refused(game.select, card, starts="The game is over")
    refused(game.ask_advisor, starts="The game is over")
    assert hand  # the deal's hand was shown


def test_out_of_turn_when_the_bot_has_not_moved() -> None:
    game = PlayGame("random", seed=8, save_dir="unused")
    game.state, _ = apply_turn(game.state, {"play": game.state.legal_plays()[0].to_dict(), "claim": []})
    # north (the bot) to move, as when a click arrives before the bot's move
    state = game.state
    game.place(1)
    assert game.state is state and game.message == "It is north's turn (the bot), not yours."


@pytest.mark.parametrize(("variant", "expert"), [("base", False), ("base", True), ("tactics", False)])
def test_a_turn_of_the_person_asks_the_engine_once_and_keeps_its_state(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variant: str, expert: bool
) -> None:
    """One engine call a turn; two only when claims are offered (the placement alone, then the turn
    with the chosen claims: another decision), and the bot plays on the very state the engine returned."""
    import schotten_lab.views.play.widget as widget

    calls: list[tuple[Any, Turn | Mapping[str, Any], Any]] = []

    def counted(state: Any, decision: Turn | Mapping[str, Any]) -> Any:
        new, turn = apply_turn(state, decision)
        calls.append((state, decision, new))
        return new, turn

    monkeypatch.setattr(widget, "apply_turn", counted)
    for seed in range(3):
        game = PlayGame("random", seed=seed, variant=variant, expert=expert, save_dir=tmp_path)
        rng = random.Random(seed)
        calls.clear()
        offers = 0
        while not game.state.over:
            if game.state.pending is not None:  # Headhunter's put-back: one more engine call
                game._returns = [str(c) for c in game.state.hand(game.human)][: game.state.pending.returns]
                game.return_button.click()
                continue
            plays = game.state.legal_plays()
            if not plays:
                game.pass_button.click()
                continue
            play = rng.choice(plays)
            game.select(play.card)
            if game.ruse_row.layout.display != "none":
                game.ruse_choice.value = play
                game.ruse_button.click()
            else:
                game.place(play.stone)  # type: ignore[arg-type]
            if game._pending is not None:
                offers += 1
                game.end_button.click()
        mine = [(before, decision, after) for before, decision, after in calls if before.to_move is game.human]
        headhunter = sum(1 for t in game.state.turns if t.player is game.human and t.put_back is not None)
        human_turns = sum(1 for t in game.state.turns if t.player is game.human)
        assert len(mine) == human_turns + headhunter + offers
        for k, (_, decision, after) in enumerate(calls[:-1]):
            if calls[k + 1][0].to_move is not after.to_move or after.pending is not None:
                continue  # a trial placement whose claims were offered, or Headhunter's first step
            assert calls[k + 1][0] is after, decision  # the next turn starts from the state returned


def test_a_click_during_the_bots_search_is_refused_and_changes_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The bot moves in the kernel's thread; a click handled during its search (here, from inside
    its ``decide``) finds the bot's turn and is refused."""
    spy = Spy()
    monkeypatch.setattr("schotten_lab.views.play.widget.make_opponent", lambda *_: spy)
    game = PlayGame("random", seed=7, save_dir=tmp_path, advice_budget=Budget(rollouts=20))
    tried: list[tuple[bool, str]] = []
    inner = spy.decide

    def decide(observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> dict[str, Any]:
        state = game.state
        card = str(state.hand(game.human)[0])
        for click in (lambda: game.select(card), lambda: game.hand_buttons[0].click(), lambda: game.place(1),
                      game.pass_turn, game.end_turn, game.ask_advisor, game.pass_button.click):
            click()
            tried.append((game.state is state and game._selected is None, game.message))
        return inner(observation, history)

    monkeypatch.setattr(spy, "decide", decide)
    play = game.state.legal_plays()[0]
    game.play(play.card, play.stone)  # type: ignore[arg-type]
    assert len(tried) == 7 and all(kept for kept, _ in tried), tried
    assert {message for _, message in tried} == {"It is north's turn (the bot), not yours."}
    assert game.state.to_move is game.human and len(game.state.turns) == 2 and not game.advice.value


def test_claims_are_offered_after_the_placement_only_when_the_engine_proves_them(tmp_path: Path) -> None:
    game = PlayGame("random", seed=21, save_dir=tmp_path)
    rng = random.Random(9)
    offered_seen = declined = 0
    while not game.state.over:
        plays = game.state.legal_plays()
        if not plays:
            game.pass_turn()
            continue
        play = rng.choice(plays)
        expected = game.state.claims_after(play)
        before = len(game.state.turns)
        game.select(play.card)
        game.place(play.stone)  # type: ignore[arg-type]
        if not expected:
            assert game._pending is None and len(game.state.turns) > before
            continue
        offered_seen += 1
        assert game.offered_claims() == expected and len(game.state.turns) == before
        assert all(game.claim_buttons[n - 1].layout.display != "none" for n in expected)
        assert "stroke-dasharray" in game.board.value  # the claimable stones are framed
        game.back_button.click()  # take it back: nothing happened
        assert game._pending is None and game._selected == play.card and len(game.state.turns) == before
        game.place(play.stone)  # type: ignore[arg-type]
        keep = [] if declined == 0 else list(expected)
        game.set_claims(keep)
        game.end_button.click()
        mine = [t for t in game.state.turns[before:] if t.player is Player.SOUTH][0]
        assert list(mine.claim) == keep[: len(mine.claim)]
        declined += 1
    assert offered_seen >= 2


def test_expert_timing_offers_claims_before_the_play(tmp_path: Path) -> None:
    for seed in range(30):
        game = PlayGame("random", seed=seed, expert=True, save_dir=tmp_path)
        rng = random.Random(seed)
        while not game.state.over:
            offered = game.offered_claims()
            if offered:
                assert offered == game.state.claimable()
                before = len(game.state.turns)
                plays = game.state.legal_plays()
                if plays:
                    play = rng.choice(plays)
                    game.play(play.card, play.stone, claims=offered[:1])  # type: ignore[arg-type]
                else:
                    game.set_claims(offered[:1])
                    game.end_turn()
                turn = game.state.turns[before]
                assert list(turn.claim) == [offered[0]]
                assert game.state.stones[offered[0] - 1].claimed is game.human
                validate_record(game.record)
                return
            click_turn(game, rng, claim=False)
    raise AssertionError("no claim was offered in 30 expert games")


class Spy:
    """A bot that records what it is shown and plays the random bot's move."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[Position] = []
        self.inner = make_bot("random", seed=0)

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> dict[str, Any]:
        self.seen.append(observation)
        return self.inner.decide(observation, history)


def test_neither_the_bot_nor_the_advisor_sees_the_other_hand(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    spy = Spy()
    monkeypatch.setattr("schotten_lab.views.play.widget.make_opponent", lambda *_: spy)
    game = PlayGame("random", seat="north", you_start=False, seed=2, save_dir=tmp_path, advice_budget=Budget(rollouts=40))
    play_out(game, 3)
    assert spy.seen and all(o.hands[Player.NORTH] is None and o.hands[Player.SOUTH] is not None for o in spy.seen)

    import schotten_lab.bots as bots

    asked: list[Position] = []
    real = bots.advise

    def advise(position: Position, **options: Any) -> Any:
        asked.append(position)
        return real(position, **options)

    monkeypatch.setattr(bots, "advise", advise)
    game.seed_box.value = 6
    game.new_button.click()
    assert len(game.state.turns) == 1 and not game.advice.value
    advice = game.ask_advisor()
    assert advice is not None and advice.player is Player.NORTH
    assert asked[0].hands[Player.SOUTH] is None and asked[0].hands[Player.NORTH] is not None
    text = game.advice.value
    assert "Seen from your seat (north)" in text and "±" in text and "standard error" in text
    assert advice.best.label() in text
    best = advice.best
    game.play(str(best.card), best.stone)  # type: ignore[arg-type]
    assert game.advice.value == ""  # the advice was for the position before


def test_new_game_uses_the_settings_and_the_strength_control(tmp_path: Path) -> None:
    game = PlayGame("advisor", Budget(rollouts=50), seed=1, save_dir=tmp_path)
    assert game.bot_name == bot_label("advisor", 50) == "advisor(50 rollouts)"
    assert game.strength.layout.display != "none"
    game.opponent.value = "greedy"
    assert game.strength.layout.display == "none"
    game.starts.value = False
    game.seat_choice.value = "north"
    game.new_game()
    assert game.players == {"north": "you (north)", "south": "greedy"} and len(game.state.turns) == 1


def test_the_address_chooses_the_game(tmp_path: Path) -> None:
    game = PlayGame.from_request("?opponent=greedy&seat=north&start=bot&seed=12", save_dir=tmp_path)
    assert (game.bot_name, game.human, len(game.state.turns), int(game.seed_box.value)) == ("greedy", Player.NORTH, 1, 12)
    bad = PlayGame.from_request("opponent=stockfish&rollouts=-3&seat=east", save_dir=tmp_path)
    assert bad.message.startswith("Ignored from the address: opponent 'stockfish', rollouts '-3', seat 'east'")
    assert bad.bot_name.startswith("advisor") and bad.human is Player.SOUTH
    # more rollouts than the strongest advisor offered: ignored and said, never a crash or a frozen kernel
    greedy = PlayGame.from_request("opponent=advisor&rollouts=99999999", save_dir=tmp_path)
    assert greedy.message.startswith("Ignored from the address: rollouts '99999999'")
    with pytest.raises(ValueError, match="rollouts: must be from 1 to 3000"):
        PlayGame("advisor", Budget(rollouts=10_000_000))


def test_play_places_a_card_already_chosen(tmp_path: Path) -> None:
    game = PlayGame("random", seed=4, save_dir=tmp_path)
    play = game.state.legal_plays()[0]
    game.select(str(play.card))
    game.play(str(play.card), play.stone)  # not un-chosen by a second select
    assert len(game.state.turns) >= 1 and str(play.card) not in [str(c) for c in game.state.hand(game.human)]


@pytest.mark.parametrize("name", ["", "a/b.json", ".hidden.json", "game.txt", "..", "x\\y.json"])
def test_only_plain_json_file_names_are_written(name: str) -> None:
    with pytest.raises(ValueError):
        safe_file_name(name)
    assert safe_file_name(" my game.json ") == "my game.json"


def test_a_seed_out_of_range_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="seed: must be from 0"):
        PlayGame("random", seed=-1)
    game = PlayGame("random", seed=0, save_dir="unused")
    game.seed_box.value = -5  # the bounded box clamps what the page sends
    assert game.seed_box.value == 0


def test_the_advice_table_says_whose_seat_and_whether_it_is_exact() -> None:
    from schotten_lab.bots.advisor import Advice, MoveAdvice
    from schotten_lab.core.cards import Card
    from schotten_lab.views.play import advice_html

    move = MoveAdvice(Card.parse("R8"), 3, (), 0.625, 0.021, 400, 0.0, "builds stone 3 <with> R8")
    shaky = MoveAdvice(Card.parse("B2"), 1, (), None, None, 0, None, "")
    estimate = advice_html(Advice(Player.NORTH, (move, shaky), 0.625, 0.021, "Monte Carlo over deals", 800, 0.5), Player.NORTH)
    assert "Seen from your seat (north)" in estimate and "62.5% ±2.1" in estimate and "one standard error" in estimate
    assert "not searched" in estimate and "&lt;with&gt;" in estimate  # reasons are escaped
    exact = MoveAdvice(Card.parse("R8"), 3, (3,), 1.0, None, 0, 0.0, "wins")
    text = advice_html(Advice(Player.SOUTH, (exact,), 1.0, None, "exact endgame", 0, 0.1), Player.SOUTH)
    assert "100.0% exact" in text and "Exact: the deck is empty" in text and "±" not in text


def tactics_turn(game: PlayGame, rng: random.Random) -> None:
    """One turn of the person in the tactics variant, by the widget's actions: a random legal play
    (ruses through their menu), a random deck to draw from, a random Headhunter put-back."""
    from schotten_lab.core.tactics import RUSES

    state = game.state
    if state.pending is not None:
        for code in rng.sample([str(c) for c in state.hand(game.human)], state.pending.returns):
            game.hand_buttons[[str(c) for c in game.state.hand(game.human)].index(code)].click()
        game.return_button.click()
        return
    game.deck_choice.value = rng.choice(["clan", "tactics"])
    options: list[Any] = list(state.legal_plays()) + ([None] if game._may_pass() else [])
    choice = rng.choice(options)
    if choice is None:
        game.pass_button.click()
        return
    game.select(choice.card)
    if choice.card in RUSES:
        assert choice in [value for _, value in game.ruse_choice.options]
        game.ruse_choice.value = choice
        game.ruse_button.click()
    else:
        game.stone_buttons[choice.stone - 1].click()
    if game._pending is not None:
        game.end_button.click()


def test_whole_tactics_games_with_ruses_and_headhunter(tmp_path: Path) -> None:
    from schotten_lab.core.tactics import RUSES

    ruses: set[str] = set()
    for seed in range(8):
        game = PlayGame("greedy", seed=seed, variant="tactics", expert=seed % 2 == 1, save_dir=tmp_path)
        rng = random.Random(seed)
        for _ in range(300):
            if game.state.over:
                break
            before = (len(game.state.turns), game.state.pending)
            tactics_turn(game, rng)
            assert (len(game.state.turns), game.state.pending) != before, game.message
            if game.state.pending is not None:
                assert "Headhunter drew" in game.message and game.return_button.layout.display != "none"
                refused = game.state
                game.place(1)
                assert game.state is refused and game.message.startswith("Headhunter first")
        assert game.state.over, "a tactics game did not end"
        record = read_record(game.save(f"tactics-{seed}.json").read_text())  # type: ignore[union-attr]
        assert record.variant == "tactics" and validate_record(record).winner is game.state.winner
        ruses |= {str(t["play"]["card"]) for t in record.turns
                  if t["player"] == game.human.value and isinstance(t.get("play"), dict) and t["play"]["card"] in RUSES}
    assert "HEADHUNTER" in ruses and len(ruses) >= 3, ruses


def test_tactics_refusals_and_the_advisor_ranks_tactics_moves_too(tmp_path: Path) -> None:
    game = PlayGame("advisor", Budget(rollouts=50), seed=1, variant="tactics", save_dir=tmp_path, advice_budget=Budget(rollouts=60))
    assert "greedy" not in game.message  # the advisor searches the tactics variant (it once played greedy's move)
    assert game.deck_choice.layout.display != "none"
    advice = game.ask_advisor()
    assert advice is not None and advice.player is Player.SOUTH and "Seen from your seat (south)" in game.advice.value
    assert str(advice.best.card) in [str(c) for c in game.state.hand(Player.SOUTH)]
    hand = [str(c) for c in game.state.hand(Player.SOUTH)]
    tactic = next((c for c in hand if not c[-1].isdigit()), None)
    if tactic is not None:
        from schotten_lab.core.tactics import RUSES

        game.select(tactic)
        if tactic in RUSES:
            state = game.state
            game.place(2)
            assert game.state is state and "menu" in game.message
    assert PlayGame.from_request("variant=tactics&seed=2", save_dir=tmp_path).state.rules.tactics


def test_review_with_the_advisors_judgement_of_every_turn(tmp_path: Path) -> None:
    game = PlayGame("greedy", seed=13, save_dir=tmp_path)
    play_out(game, 5)
    game.review_iterations = 4
    game.judge.value = True
    game.review_button.click()
    review = game.viewer.review
    assert review is not None and len(review.turns) == len(game.state.turns)
    assert game.viewer.chart in game.viewer.widget.children and "review-cursor" in game.viewer.chart.value
    assert game.message.endswith("the chart marks the shown turn.")
    path = game.save("judged.json")
    game.review_button.click()  # the record in memory, which is what the file holds
    assert path is not None and game.viewer.record.to_dict() == read_record(path.read_text()).to_dict()

    tactics = PlayGame("random", seed=2, variant="tactics", save_dir=tmp_path)
    tactics.review_iterations = 4
    tactics.judge.value = True
    for _ in range(2):
        tactics_turn(tactics, random.Random(0))
    tactics.review_button.click()  # the advisor judges tactics turns too
    judged = tactics.viewer.review
    assert judged is not None and len(judged.turns) == len(tactics.record.turns)
    assert tactics.message.endswith("the chart marks the shown turn.")


def test_the_review_shows_the_game_in_memory_whatever_became_of_the_file(tmp_path: Path) -> None:
    game = PlayGame("random", seed=9, save_dir=tmp_path)
    rng = random.Random(1)
    for _ in range(3):
        click_turn(game, rng)
    path = game.save("early.json")
    assert path is not None
    for _ in range(2):
        click_turn(game, rng)
    game.review_button.click()  # the file is older than the game: the game as it is now
    assert game.viewer.record.to_dict() == game.record.to_dict() and game.viewer.turns == len(game.state.turns)
    path.write_text("{ not a record", encoding="utf-8")  # changed since
    game.review_button.click()
    assert game.viewer.record.to_dict() == game.record.to_dict() and "cannot open" not in game.message
    path.unlink()  # moved away
    game.review_button.click()
    assert game.viewer.record.to_dict() == game.record.to_dict() and "cannot open" not in game.message


def test_a_save_that_does_not_read_back_as_the_game_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import schotten_lab.views.play.records as records  # the module that saves

    other = PlayGame("random", seed=10, save_dir=tmp_path)
    click_turn(other, random.Random(0))
    game = PlayGame("random", seed=9, save_dir=tmp_path)
    click_turn(game, random.Random(0))
    real = records.write_text_atomic
    monkeypatch.setattr(records, "write_text_atomic", lambda path, _: real(path, other.record.to_json()))
    assert game.save("swapped.json") is None and game.saved is None
    assert game.message.startswith("The record was not saved:") and "does not read back as the game written" in game.message


def _to_move_on_board(game: PlayGame) -> str | None:
    """The player the board's "▶ to move" label names (``None`` when neither)."""
    import re

    found = re.findall(r'class="player-label" data-player="(south|north)"[^>]*>[^<]*▶', game.board.value)
    return found[0] if found else None


def test_the_board_agrees_with_the_status_line_and_the_bots_hand_shows_after_the_game(tmp_path: Path) -> None:
    """Issue 19: the claim step said "Your turn: choose your claims" while the board said "North ▶
    to move"; the bot's hand stayed hidden after the game."""
    game = PlayGame("random", seed=21, save_dir=tmp_path)
    rng = random.Random(9)
    pending_seen = 0
    while not game.state.over:
        assert _to_move_on_board(game) == game.human.value  # the bot has moved: always the person's turn here
        plays = game.state.legal_plays()
        if not plays:
            game.pass_turn()
            continue
        play = rng.choice(plays)
        game.select(play.card)
        game.place(play.stone)  # type: ignore[arg-type]
        if game._pending is not None:
            pending_seen += 1
            assert "Your turn: choose your claims" in game.status.value
            assert _to_move_on_board(game) == game.human.value
            game.end_button.click()
    assert pending_seen >= 1
    for seed in range(3, 30):  # a game that ends with cards in the bot's hand
        game = PlayGame("random", seed=seed, save_dir=tmp_path)
        play_out(game, seed)
        if game.state.hand(game.bot_seat):
            break
    import re

    labels = dict(re.findall(r'class="player-label" data-player="(south|north)"[^>]*>([^<]*)<', game.board.value))
    size = len(game.state.hand(game.bot_seat))
    assert size and labels[game.bot_seat.value].endswith(f"hand: {size} card{'s' * (size > 1)}")  # not "hidden"
    assert "both hands shown" in game.board.value


def test_the_advice_table_shows_the_change_the_deals_and_folds_rough_rows() -> None:
    """Issue 19: 'G9 on stone 1 52.0% ±3.2' above 'R7 on stone 1 53.9%' with no change column, and
    rows from 4-8 deals shown with ±25 as if they were figures."""
    from schotten_lab.bots.advisor import Advice, MoveAdvice
    from schotten_lab.core.cards import Card
    from schotten_lab.views.play import advice_html

    chosen = MoveAdvice(Card.parse("G9"), 1, (), 0.52, 0.032, 60, 0.0, "chosen")
    second = MoveAdvice(Card.parse("R7"), 1, (), 0.539, 0.05, 40, -0.012, "second", change_stderr=0.02)
    rough = MoveAdvice(Card.parse("P6"), 2, (), 0.812, 0.101, 6, -0.05, "rough", change_stderr=0.25)
    page = advice_html(Advice(Player.SOUTH, (chosen, second, rough), 0.52, 0.032, "Monte Carlo over deals", 200, 0.4), Player.SOUTH)
    assert "<th>change (points)</th>" in page and "<th>deals</th>" in page
    main, folded = page.split("<details", 1)
    assert main.index("G9 on stone 1") < main.index("R7 on stone 1") and "-1.2 ±2.0" in main and ">40<" in main
    assert "P6 on stone 2" not in main and "P6 on stone 2" in folded and "1 rough move" in folded
    assert "±10.1" not in page and "≈81% (rough)" in folded
    exact = MoveAdvice(Card.parse("R8"), 3, (3,), 1.0, None, 0, 0.0, "claims", turns=1)
    text = advice_html(Advice(Player.SOUTH, (exact,), 1.0, None, "exact endgame", 0, 0.1), Player.SOUTH)
    assert "wins at once; claims" in text and "<details" not in text


def test_the_viewer_buttons_use_no_glyphs_missing_from_debian_fonts() -> None:
    """⏮ and ⏭ rendered as empty boxes in Debian's Chromium: the viewer says first / last."""
    from schotten_lab.views.game_viewer import GameViewer
    from schotten_lab.play.selfplay import Matchup, play_game

    viewer = GameViewer(play_game(Matchup("random", "random"), 1, 0))
    labels = [viewer.first.description, viewer.prev.description, viewer.next.description, viewer.last.description]
    assert labels[0] == "first" and labels[3] == "last"
    assert not any(ch in "".join(labels) for ch in "⏮⏭⏪⏩")
