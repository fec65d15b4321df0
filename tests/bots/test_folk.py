"""Folk-wisdom variants: the baseline plays exactly as the advisor's PolicyBot, and each variant's score
differs from the baseline's only on the placements its advice names (checked against independent
re-statements of each advice on every placement of positions from seeded games)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from schotten_lab import game
from schotten_lab.bots import make_bot
from schotten_lab.bots.advisor import PolicyBot
from schotten_lab.bots.determinize import view_of
from schotten_lab.bots.folk import ADVICE, AVOID, FolkBot, check_advice, folk_play, folk_score, needed_cards
from schotten_lab.bots.sim import STRENGTH, Sim
from schotten_lab.play.arena import timed_game


def positions(games: int, seed: int) -> Iterator[Sim]:
    """The search state seen by the mover at every turn of seeded games between a random bot and the
    policy (random play makes varied tables; the policy makes pairs, runs and claims)."""
    for index in range(games):
        bots = (make_bot("random", seed=index), PolicyBot(seed=index))
        state = game.new_game(seed=seed, index=index)
        while not state.over:
            observation = state.observation(state.to_move)
            view = view_of(observation)
            yield view.deal(list(view.hidden))
            decision = bots[0 if state.to_move.value == "south" else 1].decide(observation)
            state, _ = game.apply_turn(state, decision)


def slow_needed(sim: Sim, player: int) -> set[int]:
    """Cards that raise the best completion of a two-card opponent side at an open stone, by trying
    every third card of the pool (no rank cascade)."""
    pool = [c for c in range(54) if not (sim.table >> c & 1)]
    needed: set[int] = set()
    for stone in range(9):
        theirs = sim.sides[2 * stone + 1 - player]
        if sim.claimed[stone] >= 0 or len(theirs) != 2:
            continue
        best = max(STRENGTH[theirs[0] * 2916 + theirs[1] * 54 + x] for x in pool)
        for card in pool:
            without = max(STRENGTH[theirs[0] * 2916 + theirs[1] * 54 + x] for x in pool if x != card)
            if without < best:
                needed.add(card)
    return needed


def expected_change(sim: Sim, card: int, stone: int, player: int, advice: str, base: int) -> int:
    """What the advice adds to the baseline score, restated from the module docstring."""
    mine = sim.sides[2 * stone + player]
    theirs = sim.sides[2 * stone + 1 - player]
    if advice == "kind_over_run":
        return 480 + 2 * (card % 9) - base if len(mine) == 1 and mine[0] % 9 == card % 9 else 0
    if advice == "keep_needed":
        return -AVOID if card in slow_needed(sim, player) else 0
    if advice == "adjacent_focus":
        best = 0
        for start in range(7):
            window = range(start, start + 3)
            if stone in window and all(sim.claimed[s] != 1 - player for s in window):
                best = max(best, sum(sim.claimed[s] == player for s in window))
        return 40 * best
    if advice == "middle_first":
        return {0: 0, 1: 10, 2: 20, 3: 30, 4: 40, 5: 30, 6: 20, 7: 10, 8: 0}[stone]
    assert advice == "hide_pairs"
    return -AVOID if len(mine) == 1 and len(theirs) < 2 else 0


SIMS = list(positions(games=6, seed=11))


def test_the_baseline_plays_exactly_as_the_policy_bot() -> None:
    for index in range(8):
        state = game.new_game(seed=3, index=index)
        policy, folk = PolicyBot(seed=index), FolkBot(None)
        while not state.over:
            observation = state.observation(state.to_move)
            decision = policy.decide(observation)
            assert folk.decide(observation) == decision
            state, _ = game.apply_turn(state, decision)


@pytest.mark.heavy
@pytest.mark.parametrize("advice", list(ADVICE))
def test_a_variant_differs_from_the_baseline_only_where_its_advice_says(advice: str) -> None:
    changed = 0
    for sim in SIMS:
        player = sim.to_move
        needed = needed_cards(sim, player) if advice == "keep_needed" else 0
        for stone in sim.open_stones(player):
            for card in sim.hands[player]:
                base = folk_score(sim, card, stone, player, None)
                change = folk_score(sim, card, stone, player, advice, needed) - base
                assert change == expected_change(sim, card, stone, player, advice, base), (advice, card, stone)
                changed += change != 0
    assert changed > 0  # the advice did apply somewhere in these games


def test_needed_cards_match_the_slow_count() -> None:
    seen = 0
    for sim in SIMS:
        for player in (0, 1):
            mask = needed_cards(sim, player)
            assert {c for c in range(54) if mask >> c & 1} == slow_needed(sim, player)
            seen += mask != 0
    assert seen > 0


def test_a_variant_changes_some_moves_and_plays_legal_games() -> None:
    for advice in ADVICE:
        moved = sum(folk_play(sim, advice) != folk_play(sim, None) for sim in SIMS)
        assert moved > 0, advice
        result = timed_game((FolkBot(advice), FolkBot(None)), seed=5, index=1)  # the engine refuses illegal turns
        assert result.winner in (-1, 0, 1) and len(result.claimed) == 9


def test_unknown_advice_is_refused_naming_the_choices() -> None:
    assert check_advice(None) is None and check_advice("hide_pairs") == "hide_pairs"
    with pytest.raises(ValueError, match="advice: unknown 'folklore'.*kind_over_run"):
        FolkBot("folklore")
