"""The fast random self-play kernel against its slow twin: every record is replayed through the core
library, and at every turn the claims made must be exactly the stones ``analysis.claim`` proves
(none skipped, none unproved), the placements legal, the cards conserved and the end detected at once."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.analysis import claim
from schotten_lab.core.cards import CARDS, Card
from schotten_lab.core.position import Position, Stone
from schotten_lab.core.rules import BASE, BASE_EXPERT, PLAYERS, Player
from schotten_lab.play import fastplay
from schotten_lab.play.fastplay import FastPlayUnavailable, random_game_lines, random_games

pytestmark = pytest.mark.skipif(not fastplay.available(), reason="numba is not installed")

REPLAYED = int(os.environ.get("SCHOTTEN_FASTPLAY_GAMES", "60"))
"""Games per variant replayed through the core library (0.1-0.3 s each); raise it for a long run."""


class Replay:
    """A base game rebuilt with core objects only, from a record's deal."""

    def __init__(self, record: dict[str, Any]) -> None:
        deal = record["deal"]
        self.expert: bool = record["expert"]
        self.hands = {p: [Card.parse(c) for c in deal["hands"][p.value]] for p in PLAYERS}
        self.deck = [Card.parse(c) for c in deal["clan"]]
        self.stones = [Stone() for _ in range(9)]

    def position(self, to_move: Player) -> Position:
        pos = Position.assemble(
            tuple(self.stones), {p: tuple(self.hands[p]) for p in PLAYERS}, {}, len(self.deck), to_move,
            BASE_EXPERT if self.expert else BASE,
        )  # fmt: skip
        return pos

    def provable(self, player: Player) -> list[int]:
        """The claims a player who claims every provable stone makes now, in order, up to a win."""
        pos = self.position(player)
        made: list[int] = []
        for number in range(1, 10):
            if self.stones[number - 1].claimed is None and claim(pos, number, player).claimable:
                made.append(number)
                self.stones[number - 1] = replace(self.stones[number - 1], claimed=player)
                if self.winner() is player:
                    break
        return made

    def winner(self) -> Player | None:
        return Position(stones=tuple(self.stones)).winner()

    def open_slots(self, player: Player) -> list[int]:
        return [n for n, s in enumerate(self.stones, 1) if s.claimed is None and len(s.side(player)) < 3]

    def place(self, player: Player, card: Card, number: int) -> None:
        assert card in self.hands[player], f"{card} is not in {player.value}'s hand"
        assert number in self.open_slots(player), f"stone {number} has no free slot for {player.value}"
        self.hands[player].remove(card)
        s = self.stones[number - 1]
        s = s.with_side(player, s.side(player) + (card,))
        if len(s.side(player)) == 3 and len(s.side(player.opponent)) < 3:
            s = replace(s, first_complete=player)
        self.stones[number - 1] = s

    def conserved(self) -> None:
        everywhere = [c for p in PLAYERS for c in self.hands[p]] + self.deck
        everywhere += [c for s in self.stones for c in s.cards()]
        assert sorted(everywhere) == list(CARDS)


def check_record(record: dict[str, Any], seed: int, i: int) -> None:
    """Replay one kernel record through the core library, asserting every rule at every turn."""
    clan = np.random.default_rng([seed, i]).permutation(54).tolist()
    deal = record["deal"]
    assert deal["hands"]["south"] + deal["hands"]["north"] + deal["clan"] == [str(CARDS[c]) for c in clan]
    assert record["first"] == ("south" if i % 2 == 0 else "north")
    game = Replay(record)
    to_move = Player(record["first"])
    for number, turn in enumerate(record["turns"], 1):
        where = f"game {i} turn {number}"
        assert game.position(to_move).status() == [], where
        assert game.winner() is None, f"{where}: the game was already over"
        assert turn["player"] == to_move.value, where
        expected: list[int] = []
        if game.expert:
            expected = game.provable(to_move)
        over = game.winner() is not None
        if turn["play"] is None:
            assert over or not game.hands[to_move] or not game.open_slots(to_move), f"{where}: a pass with a legal play"
        else:
            assert not over, f"{where}: a play after the game ended"
            game.place(to_move, Card.parse(turn["play"]["card"]), turn["play"]["stone"])
        if not game.expert:
            expected = game.provable(to_move)
        assert turn["claim"] == expected, f"{where}: claimed {turn['claim']}, provable {expected}"
        over = game.winner() is not None
        if turn["play"] is not None and not over and game.deck:
            assert turn["draw"] == str(game.deck[0]), f"{where}: draw"
            game.hands[to_move].append(game.deck.pop(0))
        else:
            assert turn["draw"] is None, f"{where}: drew {turn['draw']}"
        game.conserved()
        to_move = to_move.opponent
    winner = game.winner()
    assert winner is not None, f"game {i} ended without a winner"
    result = record["result"]
    assert result["winner"] == winner.value
    held = [n for n, s in enumerate(game.stones, 1) if s.claimed is winner]
    assert result["reason"] == ("five" if len(held) >= 5 else "adjacent")
    assert result["claimed"] == [s.claimed.value if s.claimed else None for s in game.stones]


@pytest.mark.heavy
@pytest.mark.parametrize("expert", [False, True], ids=["base", "expert"])
def test_every_claim_is_proved_and_none_is_skipped(expert: bool) -> None:
    seed = 20261201 + expert
    for i, record in enumerate(random_games(REPLAYED, seed, expert=expert)):
        check_record(record, seed, i)


@pytest.mark.heavy
@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**130) | st.integers(0, 2**32 + 5),
    start=st.integers(0, 2**34) | st.integers(2**32 - 3, 2**32 + 3),
)
def test_the_kernel_deals_exactly_as_numpy(seed: int, start: int) -> None:
    """The kernel's copy of ``SeedSequence``/``PCG64``/``permutation`` matches numpy bit for bit."""
    indices = range(start, start + 3)
    ours = fastplay.deal_arrays(seed, indices)
    numpys = fastplay.deal_arrays_numpy(seed, indices)
    for a, b in zip(ours, numpys):
        assert a.tolist() == b.tolist()


@pytest.mark.heavy
def test_records_have_the_game_record_shape() -> None:
    record = next(random_games(1, 5, start=3))
    assert list(record) == ["format", "variant", "expert", "players", "first", "deal", "turns", "result"]
    assert record["format"] == "schotten-lab/game@1" and record["variant"] == "base"
    assert record["players"] == {"south": "random", "north": "random"}
    assert record["first"] == "north"
    assert record["deal"]["tactics"] == [] and len(record["deal"]["clan"]) == 42
    for turn in record["turns"]:
        assert list(turn) == ["player", "play", "claim", "draw"]
    assert json.loads(json.dumps(record)) == record


def test_games_split_anywhere_give_the_same_records() -> None:
    whole = list(random_game_lines(600, 11, expert=True))
    parts = [*random_game_lines(300, 11, expert=True), *random_game_lines(300, 11, expert=True, start=300)]
    assert parts == whole
    assert list(random_game_lines(7, 11, expert=True, start=257)) == whole[257:264]
    assert list(random_game_lines(5, 12, expert=True)) != whole[:5]


@pytest.mark.parametrize("expert", [False, True], ids=["base", "expert"])
def test_json_lines_are_the_records_dumped(expert: bool) -> None:
    records = list(random_games(300, 3, expert=expert))
    lines = list(random_game_lines(300, 3, expert=expert))
    assert lines == [json.dumps(r) for r in records]
    compact = list(random_game_lines(300, 3, expert=expert, compact=True))
    assert compact == [json.dumps(r, separators=(",", ":")) for r in records]


def test_placements_are_uniform_over_cards_and_stones() -> None:
    """Over 3,000 first turns the stone (1-9) and the hand position (0-5) of the card played are
    each within 5 standard deviations of uniform (the games are seeded: this cannot flake)."""
    games = 3000
    stones: Counter[int] = Counter()
    slots: Counter[int] = Counter()
    for record in random_games(games, 99):
        first = record["turns"][0]
        stones[first["play"]["stone"]] += 1
        slots[record["deal"]["hands"][record["first"]].index(first["play"]["card"])] += 1
    for counts, k in ((stones, 9), (slots, 6)):
        assert sorted(counts) == list(range(min(counts), min(counts) + k))
        mean, sd = games / k, (games * (1 / k) * (1 - 1 / k)) ** 0.5
        assert all(abs(n - mean) < 5 * sd for n in counts.values()), counts


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_bad_arguments_are_refused_naming_them(bad: Any) -> None:
    for name, call in (
        ("games", lambda: random_games(bad, 1)),
        ("seed", lambda: random_games(1, bad)),
        ("start", lambda: random_game_lines(1, 1, start=bad)),
        ("expert", lambda: random_games(1, 1, expert=bad if bad is not True else 1)),
    ):
        with pytest.raises(ValueError, match=name):
            next(iter(call()))


def test_without_numba_the_error_is_an_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)
    monkeypatch.delitem(sys.modules, "schotten_lab.play._kernel")
    fastplay._kernel.cache_clear()
    try:
        assert not fastplay.available()
        with pytest.raises(FastPlayUnavailable, match="numba"):
            next(random_games(1, 1))
        with pytest.raises(ImportError):
            next(random_game_lines(1, 1))
    finally:
        fastplay._kernel.cache_clear()


@pytest.mark.parametrize("expert", [False, True], ids=["base", "expert"])
def test_records_validate_and_replay_in_the_game_engine(expert: bool) -> None:
    """The ``game`` layer (an independent implementation of the rules and of records) accepts every
    record, agrees on the result, and deals the same cards."""
    from schotten_lab.game import deal, read_record, replay, validate_record

    seed = 404 + expert
    for i, line in enumerate(random_game_lines(150, seed, expert=expert, compact=True)):
        record = json.loads(line)
        final = validate_record(line)
        assert final.over and final.winner is not None and final.winner.value == record["result"]["winner"]
        assert final.reason == record["result"]["reason"]
        expected = deal(seed, i)
        assert read_record(record).deal == expected, f"game {i}"
        if i % 15 == 0:
            positions = list(replay(record))
            assert len(positions) == len(record["turns"])
            last = positions[-1]
            assert [s.claimed.value if s.claimed else None for s in last.stones] == record["result"]["claimed"]


@pytest.mark.parametrize("expert", [False, True], ids=["base", "expert"])
def test_the_kernel_run_as_plain_python_gives_the_same_records(expert: bool) -> None:
    """Both paths of the one source: with ``NUMBA_DISABLE_JIT=1`` the game loop and the core's rules
    kernel run as plain Python (numpy scalars wrapping around where the compiled code's uint64 does),
    and the records are those of the compiled kernel."""
    import subprocess

    code = (
        "import sys, warnings; warnings.simplefilter('ignore', RuntimeWarning)\n"
        "from schotten_lab.play.fastplay import random_game_lines\n"
        f"sys.stdout.write('\\n'.join(random_game_lines(12, 31, expert={expert})))"
    )
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == list(random_game_lines(12, 31, expert=expert))
