"""The tactics variant's rollout kernel (:mod:`schotten_lab.bots.tactics_kernel`, its policy in
:mod:`schotten_lab.bots.tactics_policy_kernel`) against its twins.

- the object form (:class:`~schotten_lab.bots.tactics_sim.TacticsSim`, itself replayed move for move
  against the engine, played by :func:`~schotten_lab.bots.tactics_policy.tactics_rollout`), fed the
  same random stream: the same game to its end (winner, table, hands, decks, clock), from random
  states of random tactics games, base timing and expert;
- the policy's single decisions (a placement's value, the placement, the combat mode or ruse) alike;
- the plain path (the same source on lists) and the numba-compiled path: the same games;
- the search: the same advice on either path;
- the search's batch (every deal's play-outs in one kernel call, each move played once on the
  public table): the rows of the deal-by-deal play-outs, value for value.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile, tactics_after
from schotten_lab.bots import tactics_kernel as tk
from schotten_lab.bots import tactics_policy_kernel as tpk
from schotten_lab.bots.budget import Budget
from schotten_lab.bots.rollouts import _numba
from schotten_lab.bots.advice import deal_by_deal
from schotten_lab.bots.search_game import advise_game
from schotten_lab.bots.tactics_policy import placement_value, policy_play, policy_tactic, tactics_rollout
from schotten_lab.bots.tactics_search import EXPLORE_CUT, TacticsGame, kernel_rollout, rollout_functions
from schotten_lab.bots.tactics_sim import TacticsSim, card_code, from_state, piece_code, piece_of
from schotten_lab.core.cards import Card
from schotten_lab.core.tactics import Troop
from schotten_lab.game import apply_turn, new_game
from schotten_lab.game.plays import piece_code as play_name
from schotten_lab.game.playout import random_decision


def _state(seed: int, turns: int, expert: bool) -> TacticsSim | None:
    """The search state of :func:`helpers.tactics_after` (``None``: over, or a put-back pending)."""
    state = tactics_after(seed, turns, expert)
    return None if state is None else from_state(state)


def _kernel_game(sim: TacticsSim, seed: int, functions: object = tpk) -> tuple[int, list[int]]:
    """The kernel's rollout from ``sim`` (not changed) on ``functions``: the winner and the final state."""
    if functions is tpk:
        state: list[int] | np.ndarray = tk.state_of(sim)
        winner = tpk.rollout_seeded(state, seed, EXPLORE_CUT, [0] * 4, [0] * 27)
    else:
        state = np.asarray(tk.state_of(sim), dtype=np.int64)
        winner = int(functions.rollout_seeded(state, seed, EXPLORE_CUT, np.zeros(4, np.int64), np.zeros(27, np.int64)))  # type: ignore[attr-defined]
    return winner, [int(v) for v in state]


@profile(60)
@given(
    seed=st.integers(0, 10**6), turns=st.integers(0, 50), expert=st.booleans(), stream=st.integers(0, 2**32 - 1)
)
def test_a_kernel_rollout_is_the_object_form_game(seed: int, turns: int, expert: bool, stream: int) -> None:
    """From a random state, the kernel and the object form fed the same stream finish the same game:
    the same winner, and every field of the final state equal."""
    sim = _state(seed, turns, expert)
    if sim is None:
        return
    winner, final = _kernel_game(sim, stream)
    twin = sim.copy()
    twin_winner = tactics_rollout(twin, tk.XorRandom(stream))
    assert winner == twin_winner
    assert final == tk.state_of(twin)


@pytest.mark.parametrize("seed", range(40))
def test_rollouts_from_the_deal_are_the_object_form_games(seed: int) -> None:
    """Whole rollouts from a fresh deal (the search's typical start), half of them expert: the same games."""
    sim = from_state(new_game("tactics", seed % 2 == 1, seed=seed))
    winner, final = _kernel_game(sim, seed)
    twin = sim.copy()
    assert winner == tactics_rollout(twin, tk.XorRandom(seed))
    assert final == tk.state_of(twin)


def test_the_rollouts_play_every_tactics_card() -> None:
    """The comparison above is not vacuous: over 40 rollouts from the deal, every combat mode and ruse
    is played (read from the final states' discard: what left the hands and decks)."""
    played: set[int] = set()
    for seed in range(40):
        sim = from_state(new_game("tactics", seed=seed))
        twin = sim.copy()
        tactics_rollout(twin, tk.XorRandom(seed))
        played.update(code for code in twin.discard if code >= tk.BLIND_CARD)
        played.update(card_code(name) for name, bit in (("BLIND", 1), ("MUD", 2)) if any(m & bit for m in twin.modes))
    assert played == set(range(tk.BLIND_CARD, tk.TRAITOR + 1))


@profile(40)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 50), expert=st.booleans(), stream=st.integers(0, 2**32 - 1))
def test_single_decisions_agree(seed: int, turns: int, expert: bool, stream: int) -> None:
    """Every placement's value, the placement chosen and the combat mode or ruse chosen are the
    object form's (the same stream for the random choices)."""
    sim = _state(seed, turns, expert)
    if sim is None:
        return
    state = tk.state_of(sim)
    p = sim.to_move
    for code in sorted(set(sim.hands[p])):
        if code > tk.SHIELD:
            continue
        for stone in sim.free_stones(p):
            assert tpk.placement_value(state, code, stone, p) == placement_value(sim, code, stone, p)
    for explore in (0.0, 0.3):
        cut = tk.explore_cut(explore)
        r = [0] * 4
        tk.rng_seed(r, stream)
        choice = tpk.policy_play(state, r, cut)
        twin = policy_play(sim, tk.XorRandom(stream), explore)
        assert choice == ((-1, -1) if twin == -1 else twin)
        tk.rng_seed(r, stream)
        card, to, source, k = tpk.policy_tactic(state, r, cut, [0] * 27)
        play = policy_tactic(sim, tk.XorRandom(stream), explore)
        if play is None:
            assert card == -1
            continue
        assert card == card_code(play.card)
        assert to == (-1 if play.stone is None else play.stone - 1)
        assert source == (-1 if play.source is None else play.source - 1)
        if play.target is not None:
            owner = p if play.card == "STRATEGIST" else 1 - p
            side = sim.sides[2 * source + owner]
            assert play_name(piece_of(side[k])) == play.target


def test_the_explore_threshold_decides_as_the_object_form() -> None:
    """``x < explore_cut(e)`` exactly when ``x / 2**32 < e``, at the edge too."""
    for explore in (0.1, 0.25, 0.3, 1 / 3):
        cut = tk.explore_cut(explore)
        for x in (cut - 2, cut - 1, cut, cut + 1):
            assert (x < cut) == (x / 2**32 < explore)


def test_a_troop_with_a_fixed_identity_is_rolled_out_by_the_object_form() -> None:
    """A hand-set ``JOKER=R8`` has no int in the kernel: ``state_of`` refuses it naming the field, and
    :func:`kernel_rollout` plays that table in the object form, to a legal end."""
    sim = from_state(new_game("tactics", seed=3))
    fixed = piece_code(Troop("JOKER", Card.parse("R8")))
    sim.sides[0] = [fixed]
    assert not tk.fits(sim)
    with pytest.raises(ValueError, match="^state: "):
        tk.state_of(sim)
    assert kernel_rollout(sim.copy(), random.Random(1)) in (-1, 0, 1)


numba = _numba()


@pytest.mark.skipif(numba is None, reason="numba is not installed")
@pytest.mark.parametrize("seed", range(8))
def test_the_compiled_path_plays_the_plain_games(seed: int) -> None:
    """numba's compilation of the same source plays the same games (winner and final state), from
    random states of random games."""
    compiled = rollout_functions(True)
    assert compiled is not tpk
    for turns in (0, 12, 25, 40):
        sim = _state(seed, turns, seed % 2 == 1)
        if sim is None:
            continue
        for stream in (seed, seed + 1000):
            assert _kernel_game(sim, stream, compiled) == _kernel_game(sim, stream)


@pytest.mark.skipif(numba is None, reason="numba is not installed")
def test_the_search_gives_the_same_advice_on_either_path() -> None:
    """The tactics search, its rollouts compiled or plain: the same moves, estimates and errors."""
    rng = random.Random(3)
    state = new_game("tactics", seed=5)
    for _ in range(10):
        state, _turn = apply_turn(state, random_decision(state, rng))
    position = state.observation(state.to_move)
    answers = []
    for compiled in (False, True):
        game = TacticsGame(position, compiled=compiled)
        advice = advise_game(game, position, budget=Budget(rollouts=120), seed=4, explain_all=False, started=0.0)
        answers.append([(m.card, m.stone, m.play, m.deck, m.win, m.stderr, m.samples) for m in advice.moves])
    assert answers[0] == answers[1]
    assert any(win is not None for *_rest, win, _err, _n in answers[0])


def test_the_tactics_search_loads_the_compiled_kernel_sooner(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before anything is loaded, a tactics search compiles from 300 rollouts or 1 s (its plain
    rollouts are some 35 times slower), the base game's from 5,000 or 4 s; once loaded, always."""
    from schotten_lab.bots import rollouts

    monkeypatch.setattr(rollouts, "_loaded", [False])
    assert [rollouts.worth_compiling(n, 0.0, True) for n in (299, 300)] == [False, True]
    assert [rollouts.worth_compiling(None, s, True) for s in (0.9, 1.0)] == [False, True]
    assert [rollouts.worth_compiling(n, 0.0) for n in (4_999, 5_000)] == [False, True]
    assert [rollouts.worth_compiling(None, s) for s in (3.9, 4.0)] == [False, True]
    monkeypatch.setattr(rollouts, "_loaded", [True])
    assert rollouts.worth_compiling(1, 0.0, True) and rollouts.worth_compiling(1, 0.0)


# ---- the batch -----------------------------------------------------------------------------------------


def _game(seed: int, turns: int, expert: bool, compiled: bool = False) -> TacticsGame | None:
    """The search of the player to move after :func:`helpers.tactics_after` (``None``: none)."""
    state = tactics_after(seed, turns, expert)
    return None if state is None else TacticsGame(state.observation(state.to_move), compiled=compiled)


def _by_deal(game: TacticsGame, moves: list, deals: int, seed: int) -> list[list[float]]:
    """The slow twin of the batch: each deal dealt, each move played on a copy, then rolled out."""
    return deal_by_deal(game.deal, game.play_out)(moves, deals, seed)


@profile(8)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 50), expert=st.booleans(), deals=st.integers(0, 10**6))
def test_the_batch_gives_the_deal_by_deal_rows(seed: int, turns: int, expert: bool, deals: int) -> None:
    """Plain path, the moves the search plays out: every value of every deal is the deal-by-deal one."""
    game = _game(seed, turns, expert)
    if game is None:
        return
    moves = game.searched(game.moves()[0])
    assert game.batch()(moves, 2, deals) == _by_deal(game, moves, 2, deals)


@pytest.mark.skipif(numba is None, reason="numba is not installed")
def test_the_compiled_batch_gives_the_deal_by_deal_rows_for_every_move() -> None:
    """Compiled path, every legal move (all draws, Headhunters, moves that win at once) of 40 random
    positions, early to late, base timing and expert: the same rows. Not vacuous: the kernel plays most moves, and
    each kind of move the batch treats apart (no draw, either deck, a Headhunter played deal by deal,
    a game won at once) is among them."""
    kinds: set[str] = set()
    for seed, turns in [*((seed, 3 + seed) for seed in range(36)), (3, 55), (7, 55), (10, 55), (15, 55)]:
        game = _game(seed, turns, seed % 3 == 0, compiled=True)
        if game is None:
            continue
        moves = game.moves()[0]
        assert game.batch()(moves, 6, seed) == _by_deal(game, moves, 6, seed)
        for move in moves:
            after = game._after(move)
            if after is None:
                kinds.add("deal by deal")
            elif after[0][tk.WINNER] >= 0:
                kinds.add("won at once")
            else:
                kinds.add(("no draw", "clan", "tactics")[after[1] + 1])
    assert kinds == {"deal by deal", "won at once", "no draw", "clan", "tactics"}


def test_a_put_back_and_a_fixed_troop_are_played_deal_by_deal() -> None:
    """A pending Headhunter's put-backs (cards go under the hidden decks) and a table with a troop
    whose identity was fixed by hand have no kernel move: the batch plays them deal by deal, same rows."""
    state = None
    for seed in range(100):  # the first random game with a Headhunter put-back pending
        rng = random.Random(seed)
        state = new_game("tactics", seed=seed)
        while not state.over and state.pending is None:
            state, _turn = apply_turn(state, random_decision(state, rng))
        if state.pending is not None:
            break
    assert state is not None and state.pending is not None
    game = TacticsGame(state.observation(state.to_move))
    moves = game.moves()[0]
    assert all(m.put_back is not None for m in moves) and all(game._after(m) is None for m in moves)
    assert game.batch()(moves[:3], 2, 5) == _by_deal(game, moves[:3], 2, 5)
    game = _game(3, 8, False)
    assert game is not None
    fixed = piece_code(Troop("JOKER", Card.parse("R8")))
    sides = list(game.view.sides)
    sides[sides.index(())] = (fixed,)
    game.view = dataclasses.replace(game.view, sides=tuple(sides))
    moves = game.searched(game.moves()[0])[:3]
    assert all(game._after(m) is None for m in moves)
    assert game.batch()(moves, 2, 5) == _by_deal(game, moves, 2, 5)
