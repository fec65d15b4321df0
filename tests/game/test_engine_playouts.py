"""Random playouts with invariants at every step (in the style of OpenSpiel's random_sim_test).

Every step of every game checks: card conservation (54 clan cards and 10 tactics cards, each exactly
once somewhere), side capacities, hand sizes, the tactics-count rule, that every claim was provable
when it was made (by the core proof; on a sample also by the slow twins of tests/reference*.py), that
the engine's fast claim check agrees with the core proof on every complete side, that observations
never show a hidden card, that the core's own rule checks (``Position.status``) accept every position,
and that every game ends. Every game's record round-trips through JSON,
validates, and replays to the same positions (a sample also from each seat).

CI plays 1,000 games (70 s before, halved for CI time); ``SCHOTTEN_LONG=1`` plays 100,000 (25,000 per mode, in chunks of 5,000).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from dataclasses import replace

import pytest
import reference
import reference_tactics

from schotten_lab.core.cards import FULL_DECK, Card
from schotten_lab.core.proof import decide_claim
from schotten_lab.core.rules import PLAYERS, Player, RuleSet
from schotten_lab.core.tactics import TACTICS_COPIES, Troop
from schotten_lab.game import (
    GameState,
    Turn,
    apply_turn,
    new_game,
    read_record,
    record_from_game,
    replay,
    replay_states,
    seat_record,
    validate_record,
)
from schotten_lab.game.plays import claim_holds
from schotten_lab.game.playout import random_decision

MODES = [("base", False), ("base", True), ("tactics", False), ("tactics", True)]
LONG = os.environ.get("SCHOTTEN_LONG") == "1"
CI_GAMES = {("base", False): 400, ("base", True): 200, ("tactics", False): 250, ("tactics", True): 150}
HEAVY_EVERY = 100 if LONG else 20
"""Every n-th game also checks observations, the fast claim check, the slow twins and one-seat records."""
MAX_STEPS = 400
CODE = re.compile(r'"([RBGYPN][1-9]|JOKER|SPY|SHIELD|BLIND|MUD|HEADHUNTER|STRATEGIST|BANSHEE|TRAITOR)(=[A-Z0-9]+)?"')


def check_conservation(state: GameState) -> None:
    clan_mask, clan_count = 0, 0
    tactics: Counter[str] = Counter()
    pieces: list[object] = [*state.hands[0], *state.hands[1], *state.clan_deck, *state.tactics_deck, *state.discard]
    for s in state.stones:
        pieces += s.south
        pieces += s.north
        tactics.update(m.upper() for m in s.modes)
    for p in pieces:
        if type(p) is Card:
            clan_mask |= 1 << p.index
            clan_count += 1
        elif isinstance(p, Troop):
            tactics[p.kind] += 1
        else:
            assert isinstance(p, str), p
            tactics[p] += 1
    assert clan_mask == FULL_DECK and clan_count == 54, "every clan card exactly once"
    assert tactics == (TACTICS_COPIES if state.rules.tactics else Counter())


def check_table(state: GameState) -> None:
    limit = state.rules.hand_limit + (2 if state.pending else 0)
    for s in state.stones:
        for p in PLAYERS:
            assert len(s.side(p)) <= s.capacity
            if s.first_complete is not None:
                assert len(s.side(s.first_complete)) >= s.capacity
    for hand in state.hands:
        assert len(hand) <= limit
    a, b = state.tactics_played
    assert abs(a - b) <= 1, "the tactics-count rule keeps the counts within one"
    assert state.table_mask == FULL_DECK & ~state.public_pool
    if state.rules.tactics:
        for p in PLAYERS:
            jokers = sum(1 for s in state.stones for c in s.side(p) if isinstance(c, Troop) and c.kind == "JOKER")
            assert jokers <= 1


def check_observations(state: GameState) -> None:
    for viewer in PLAYERS:
        obs = state.observation(viewer)
        assert obs.hands[viewer.opponent] is None
        assert obs.hand_sizes[viewer.opponent] == len(state.hand(viewer.opponent))
        assert obs.deck == len(state.clan_deck) and obs.tactics_deck == len(state.tactics_deck)
        shown = Counter(m.group(1) for m in CODE.finditer(json.dumps(obs.to_dict())))
        public: Counter[str] = Counter(str(c) for c in state.hand(viewer))
        public.update(str(c) if not isinstance(c, Troop) else c.kind for s in state.stones for c in s.cards())
        # (combat modes are written in lower case in a stone's "modes": not matched, not counted)
        public.update(str(c) for c in state.discard)
        assert shown == public, "an observation shows exactly the table, the discard pile and the viewer's hand"


def check_core_status(position: object, state: GameState) -> None:
    """The core's own rule checks (Position.status) find nothing wrong with a position of the game;
    at the end the only difference allowed is the draw that does not happen after the winning claim."""
    from schotten_lab.core.position import Position

    assert isinstance(position, Position)
    problems = position.status()
    if state.over:
        problems = [p for p in problems if "refills" not in p.message]
    assert problems == [], problems


def check_claims(before: GameState, after: GameState, turn: Turn, sample: bool) -> None:
    """Each claim held when it was made: in the expert variant on the table before the play, otherwise
    on the table after it (claims and the draw do not change the table)."""
    player = turn.player
    moment = before if before.rules.expert else after
    pool = moment.public_pool
    rules = RuleSet(moment.rules.variant)
    assert player is not None
    for n in turn.claim:
        stone = replace(moment.stones[n - 1], claimed=None)
        assert after.stones[n - 1].claimed is player
        assert decide_claim(stone, player, pool, rules).claimable, f"stone {n} claimed without proof"
        if sample:
            pos = moment.position().with_stone(n, stone)
            if moment.rules.tactics:
                if reference_tactics.claim_work(pos, n, player) < 40_000:
                    assert reference_tactics.claim(pos, n, player).claimable
            else:
                assert reference.claim(pos, n, player).claimable


def check_fast_claims(state: GameState) -> None:
    """The engine's remembered-completion claim check agrees with the core proof on every complete side."""
    pool = state.public_pool
    rules = RuleSet(state.rules.variant)
    for s in state.stones:
        for p in PLAYERS:
            if s.claimed is None and len(s.side(p)) >= s.capacity:
                assert claim_holds(s, p, pool) == decide_claim(s, p, pool, rules).claimable, (str(s), p)


def fingerprint(state: GameState) -> tuple[object, ...]:
    return (state.stones, state.hands, state.clan_deck, state.tactics_deck, state.discard, state.to_move, state.tactics_played)


def play_checked(variant: str, expert: bool, index: int, *, seed: int = 20261201, heavy: bool = False) -> GameState:
    rng = random.Random(index)
    state = new_game(variant, expert, seed=seed, index=index, first=PLAYERS[index % 2])
    positions: list[dict[str, object]] = []
    fingerprints = []
    for _ in range(MAX_STEPS):
        if state.over:
            break
        decision = random_decision(state, rng)
        before = state
        state, turn = apply_turn(state, decision)
        check_conservation(state)
        check_table(state)
        if heavy:
            check_observations(state)
            check_fast_claims(state)
        if state.pending is None:
            # (a Headhunter turn began one step earlier; it moves no clan card, so the proofs are the same)
            check_claims(before, state, turn, sample=heavy)
            assert state.turns[-1] == turn
            fingerprints.append(fingerprint(state))
            if heavy:
                position = state.position().as_position()
                positions.append(position.to_dict())
                check_core_status(position, state)
    assert state.over, f"game {index} did not end in {MAX_STEPS} steps"
    if state.reason == "blocked":
        assert state.winner is None
    else:
        assert state.winner is not None and state.position().winner() is state.winner
    # records: JSON round trip, validation, replay to the same positions
    record = record_from_game(state, {"south": "random", "north": "random"})
    text = record.to_json()
    assert read_record(text).to_dict() == record.to_dict() == json.loads(text)
    final = validate_record(text)
    assert final.reason == state.reason and final.winner == state.winner
    assert fingerprint(final) == fingerprint(state)
    if heavy:
        assert [fingerprint(s) for s in replay_states(text)] == fingerprints
        assert [p.to_dict() for p in replay(text)] == positions
        for seat in PLAYERS:
            seen = seat_record(record, seat)
            assert validate_record(seen.to_json()).winner == state.winner or state.reason == "blocked"
            replayed = [p.to_dict() for p in replay(seen.to_json())]
            assert len(replayed) == len(positions)
            for mine, full in zip(replayed, positions):
                assert mine["hands"] == {seat.value: full["hands"][seat.value], seat.opponent.value: None}  # type: ignore[index]
                assert {k: v for k, v in mine.items() if k != "hands"} == {k: v for k, v in full.items() if k != "hands"}
    return state


LONG_CHUNKS, LONG_CHUNK = 5, 5_000
CASES = [(v, e, chunk) for v, e in MODES for chunk in range(LONG_CHUNKS if LONG else 1)]


@pytest.mark.heavy
@pytest.mark.parametrize(
    ("variant", "expert", "chunk"), CASES, ids=[f"{v}{'-expert' if e else ''}-{c}" for v, e, c in CASES]
)
def test_random_playouts_keep_every_invariant(variant: str, expert: bool, chunk: int) -> None:
    """CI: one chunk per mode (a few hundred games); long: 5 chunks of 5,000 games per mode."""
    reasons: Counter[str | None] = Counter()
    games = LONG_CHUNK if LONG else CI_GAMES[(variant, expert)]
    for index in range(chunk * games, (chunk + 1) * games):
        state = play_checked(variant, expert, index, heavy=index % HEAVY_EVERY == 0)
        reasons[state.reason] += 1
    assert reasons["five"] > 0 and reasons["adjacent"] > 0
    assert sum(reasons.values()) == games
