"""The advisor: "what should I play here?", answered with win chances and reasons.

:func:`advise` ranks every legal placement of the player to move, seen from that seat only (the
opponent's hand and the deck order are never looked at: they are sampled, see
:mod:`.determinize`). Each move's probability of winning the game is

- **exact** once the clan deck is empty (the game is then one of perfect information and
  :mod:`.endgame` solves it; a stalled game counts one half), when the solver finishes within the
  budget; a won or lost move then also has its turns to the end under best play
  (:attr:`MoveAdvice.turns`), and the ranking plays like an engine: among winning moves the
  quickest win (a move that wins at once first), among losing ones the longest resistance, ties
  then by the stones held after the move;
- otherwise a **Monte Carlo estimate** with its standard error: flat Monte Carlo over
  determinizations. Each round deals the hidden cards uniformly at random a few times and plays
  every remaining candidate move on the *same* deals (common random numbers, so moves are compared
  on equal luck), then finishes the game with a fast heuristic rollout for both sides (the best
  placement by a formation score, with 10% random placements; every provable stone claimed at
  once). After each round the worse half of the candidates is dropped (successive halving), so
  the budget goes to the moves that matter. The estimate is the rollout policy's win rate, not the
  value under perfect play; the chosen move's is measured again on fresh deals once it is chosen
  (the best of several noisy estimates reads high).
- **exact** (1) for a move that wins the game at once: its claims rest on the table alone.

The turn's claims are not searched: the advisor claims every stone it can prove (a proved claim
cannot be lost; in the base game they follow the placement, in the expert variant they come first).
Seeded: with ``iterations`` (a rollout budget, and a node budget for the endgame solver) the answer
is reproducible; with a time budget only, how many rollouts fit depends on the machine. The moves
are listed with the chosen one first, then by their change against it on the same deals
(:class:`MoveAdvice`). Base game and expert variant here; the tactics variant is searched the
same way on its own state (:mod:`.tactics_search`), a move then being a play and the deck to draw
from, or a Headhunter's put-back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import CARDS, Card
from ..core.errors import AnalysisError, ArgumentError, CardError, excerpt
from ..core.position import Position
from ..core.words import Facts, register
from ..core.rules import Player
from ..core.tactics import parse_hand_card
from ..game import GameState, IllegalTurnError, Observation, Play, Turn, apply_turn, headhunter_returns, state_from_position
from .advice import (
    MAX_BUDGET as MAX_BUDGET, MAX_ITERATIONS as MAX_ITERATIONS, WINS_AT_ONCE, Advice, MoveAdvice, Result, check_count, check_search, check_seed,
    ranked, score, search,
)  # fmt: skip
from .determinize import View, sample, view_of
from .endgame import SolveTimeout, solve_moves
from .tactics_search import advise_tactics, tactics_move, tactics_view_of
from .tactics_search import play_out as tactics_play_out
from .sim import Sim, greedy_play, placement_score, rollout
from .rollouts import DEFAULT_POLICY, EXPLORE, POLICIES, Rollouts, placement_values, warm, worth_compiling
from .move_facts import move_facts

ADVISOR_PHRASES = register({
    "advisor.game_over": {"en": "claimed: the game is over ({winner} has won)",
                          "fr": "bornes revendiquées : la partie est finie ({winner} a gagné), il n'y a plus de coup à conseiller"},
    "advisor.hand_unknown": {"en": "hands.{who}: the hand of the player to move must be known",
                             "fr": "main de {who} inconnue : pour conseiller un joueur, il faut connaître sa main"},
})  # fmt: skip
"""The advisor's refusal of a position it cannot search (en, fr)."""

PLAYER_OF = (Player.SOUTH, Player.NORTH)
EXPLAINED = 5
"""The top moves whose reasons carry the deep facts (:mod:`.move_facts`); the others get the cheap ones."""
SEARCH_WIDTH = 10
"""Moves searched by Monte Carlo: the most promising by the placement heuristic."""
ENDGAME_NODES_PER_ROLLOUT = 200
"""With an ``iterations`` budget, the endgame solver's node budget per iteration (reproducible)."""


# ---- the search ------------------------------------------------------------------------------------


def candidate_moves(view: View) -> list[tuple[int, int]]:
    """Every placement (card, stone 0-8) of the mover, or a pass ``(-1, -1)`` when there is none
    (or when, in the expert variant, the turn's claims already win the game)."""
    start = view.deal(list(view.hidden))
    if view.expert:
        start.claim_all(view.me)
        if start.winner >= 0:
            return [(-1, -1)]
    stones = start.open_stones(view.me)
    if not stones or not view.hand:
        return [(-1, -1)]
    return [(card, stone) for card in view.hand for stone in stones]


def advise(
    position: Position,
    *,
    budget_seconds: float = 2.0,
    iterations: int | None = None,
    seed: int = 0,
    width: int = SEARCH_WIDTH,
    explain_all: bool = True,
    policy: str = DEFAULT_POLICY,
    explore: float = EXPLORE,
    history: Sequence[Turn | Mapping[str, Any]] | None = None,
) -> Advice:
    """Rank every legal move of ``position.to_move`` with its probability of winning (see the module).

    ``budget_seconds`` bounds the search (it may run over by one deal's rollouts); ``iterations``
    instead fixes the number of rollouts and bounds the exact endgame solver by nodes
    (``ENDGAME_NODES_PER_ROLLOUT * iterations``), never by the clock: the answer is the same for a
    seed on any machine under any load (without ``iterations`` the solver gets half the time left). Only the ``width`` most promising
    moves by the placement heuristic (and every move that claims) are searched by Monte Carlo; the
    others are listed with ``win`` ``None``. ``explain_all=False`` writes the reason of the best move
    only (what a bot needs). An opponent's hand shown in ``position`` is ignored (sampled like the
    deck): the advice is what the player to move can know. The chosen move's estimate (and
    ``current``) comes from fresh deals played after the search chose it, not from the deals that
    chose it (:func:`.advice.search`: ``iterations / 4`` more rollouts, or a fifth of the search
    time); a move that wins the game at once is an exact 1. Raises ``ValueError`` naming the field for
    a position it cannot search (hidden own hand, game over, bad counts), and
    :class:`~schotten_lab.core.errors.ArgumentError` naming the argument for a budget, ``iterations``,
    ``seed`` or ``width`` it cannot use (``budget_seconds=nan`` included). ``policy`` and ``explore``
    choose the base game's rollouts (:mod:`.rollouts`: the rollout policy by name, the share of random
    placements). Tactics variant: see :mod:`.tactics_search` (no exact endgame there).
    """
    started = time.perf_counter()
    check_search(budget_seconds, iterations, seed, width)
    if policy not in POLICIES:
        raise ArgumentError(f"policy: must be one of {', '.join(POLICIES)}, not {excerpt(policy)}")
    if isinstance(explore, bool) or not isinstance(explore, (int, float)) or not 0 <= explore <= 1:
        raise ArgumentError(f"explore: must be a share of random placements from 0 to 1, not {excerpt(explore)}")
    if position.winner() is not None:
        raise AnalysisError.of("advisor.game_over", winner=position.winner())  # a ValueError, as documented
    if position.rules.tactics:
        return advise_tactics(
            position, budget_seconds=budget_seconds, iterations=iterations, seed=seed, width=width,
            explain_all=explain_all, started=started,
        )  # fmt: skip
    if position.clan_hand(position.to_move) is None:  # view_of refuses it too; here in words
        raise AnalysisError.of("advisor.hand_unknown", who=position.to_move)
    view = view_of(position)
    moves, claims_of = ordered_moves(view)
    rng = random.Random(seed)
    # keep a share of the budget for the reasons (all moves: 20%, the best one: 5%)
    deadline = started + budget_seconds * (0.8 if explain_all else 0.95)
    results: dict[tuple[int, int], Result] = {}
    changes: dict[tuple[int, int], tuple[float | None, float | None]] = {}
    order: list[tuple[int, int]] = []
    turns: dict[tuple[int, int], int | None] = {}
    holding = sum(owner == view.me for owner in view.claimed)
    held = {move: holding + len(claims) for move, claims in claims_of.items()}
    rollouts = 0
    method = "exact endgame"
    if view.deck_size == 0:
        try:
            sim = view.deal(list(view.hidden))
            if iterations is None:  # the clock: half the time left, the rest for Monte Carlo if it fails
                left, nodes = max(0.5 * (deadline - time.perf_counter()), 0.05), None
            else:  # a node budget, not the clock: the answer does not depend on the machine's load
                left, nodes = None, ENDGAME_NODES_PER_ROLLOUT * iterations
            for move, value, ends in solve_moves(sim, left, moves, max_nodes=nodes):
                results[move] = ((value + 1) / 2, None, 0)
                turns[move] = ends
            order, changes = ranked(moves, results, {}, turns, held)
        except SolveTimeout:
            results.clear()
            turns.clear()
    if not results:
        certain = _certain(view, moves)
        method = WINS_AT_ONCE if 1.0 in certain.values() else "Monte Carlo over deals"
        compiled = worth_compiling(iterations, budget_seconds)
        order, results, changes, rollouts = search(
            moves, diverse(view, promising(view, moves, compiled), max(width, 1)), certain, lambda r: sample(view, r),
            lambda deal, move, r: _play_out(deal, move, view.me, r), rng, (time.perf_counter(), deadline), iterations,
            held, Rollouts(view, policy, explore, compiled, history).play,
        )  # fmt: skip
        turns = dict.fromkeys(certain, 1)
    chosen = order[0]
    current, current_se = results[chosen][0] or 0.0, results[chosen][1]
    described = []
    for rank, move in enumerate(order):
        win, error, n = results[move]
        claims = claims_of[move]
        facts = explain_facts(position, view, move, claims, deep=rank < EXPLAINED) if explain_all or rank == 0 else None
        described.append(
            MoveAdvice(
                None if move[0] < 0 else CARDS[move[0]],
                None if move[0] < 0 else move[1] + 1,
                tuple(s + 1 for s in claims),
                win,
                error,
                n,
                changes[move][0],
                "" if facts is None else facts.in_words("en"),
                changes[move][1],
                turns=turns.get(move) if error is None and win in (0.0, 1.0) else None,
                facts=facts,
            )
        )
    return Advice(
        position.to_move,
        tuple(described),
        current,
        current_se,
        method,
        rollouts,
        time.perf_counter() - started,
    )


def compare_turns(
    position: Position, turns: Sequence[Turn | Mapping[str, Any]], deals: int, seed: int, *, policy: str = DEFAULT_POLICY
) -> list[list[float]]:
    """The mover's game value after each of ``turns`` on the same ``deals`` fresh random deals and
    rollouts (common random numbers): ``values[k][d]`` for turn ``k`` on deal ``d`` (1 won, 0 lost,
    one half stalled). A turn is a decision (:class:`~schotten_lab.game.Turn`: its play and deck, or
    a Headhunter's put-back); the mover then claims every stone it can prove, as the search does.
    Seen from the mover's seat, like :func:`advise` (the review scores played moves with it).

    A turn may also come as JSON brings it (docs/reference/formats.md, "A turn": ``play``, ``deck``;
    a put-back as ``{"return": [...]}``), from a record or the command line: it is read once here,
    and its record-only fields are ignored.

    Every turn is checked first by the engine's own rules (:func:`~schotten_lab.game.apply_turn`
    on what the position shows): a turn that is malformed or not legal here raises one
    :class:`~schotten_lab.core.errors.ArgumentError` naming it and its field (``turns[1].play: ...``);
    so do ``deals`` outside 1 to :data:`MAX_ITERATIONS`, a seed that is not a whole number, and a
    finished game. ``policy`` names the base game's rollout policy (:data:`~.rollouts.POLICIES`)."""
    check_count("deals", deals, "deals", MAX_ITERATIONS)
    check_seed(seed)
    decided = _check_turns(position, turns)
    rng = random.Random(seed)
    values: list[list[float]] = [[] for _ in turns]
    if position.rules.tactics:
        tview = tactics_view_of(position)
        tmoves = [tactics_move(turn) for turn in decided]
        for _ in range(deals):
            tdeal = tview.sample(rng)
            rollout_seed = rng.getrandbits(32)
            for k, tmove in enumerate(tmoves):
                values[k].append(tactics_play_out(tdeal, tmove, tview.me, random.Random(rollout_seed)))
        return values
    view = view_of(position)
    moves = [_base_move(turn) for turn in decided]
    for row in Rollouts(view, policy=policy, compiled=worth_compiling(deals * len(moves), 0.0)).play(moves, deals, rng.getrandbits(32)):
        for k, value in enumerate(row):
            values[k].append(value)
    return values


def _check_turns(position: Position, turns: object) -> list[Turn]:
    """Refuse a turn the rules do not allow in ``position`` (see :func:`compare_turns`): the engine
    plays it on the position's state (hidden cards unknown) in three steps, the play alone, then with
    the deck drawn from, then the whole turn (player, claims), so the error names the field at fault.
    The turns, checked, as :class:`~schotten_lab.game.Turn` values."""
    if isinstance(turns, (str, bytes)) or not isinstance(turns, Sequence):
        raise ArgumentError(f"turns: must be a list of turns, not {excerpt(turns)}")
    winner = position.winner()
    if winner is not None:
        raise ArgumentError(f"claimed: the game is over ({winner.value} has won): no turn to compare")
    state = state_from_position(position)
    pending = position.pending if isinstance(position, Observation) else None
    checked: list[Turn] = []
    for k, turn in enumerate(turns):
        where = f"turns[{k}]"
        if isinstance(turn, Turn):
            checked.append(_check_turn(state, pending is not None, turn, where, position))
            continue
        if not isinstance(turn, Mapping):
            raise ArgumentError(f"{where}: must be a turn like {{'play': {{'card': 'R8', 'stone': 3}}}}, not {excerpt(turn)}")
        if pending is not None or "return" in turn:
            _check_put_back(position, turn.get("return"), "return" in turn, where)
            checked.append(Turn(put_back=tuple(str(parse_hand_card(c)) for c in turn["return"])))
            continue
        steps = (("play", {"play": turn.get("play")}), ("deck", {"play": turn.get("play"), "deck": turn.get("deck")}))
        for field, decision in (*steps, ("claim", turn)):
            _engine_check(state, decision, field, where)
        raw_play = turn.get("play")
        checked.append(Turn(play=None if raw_play is None else Play.from_dict(raw_play), deck=turn.get("deck")))
    return checked


def _check_turn(state: GameState, pending: bool, turn: Turn, where: str, position: Position) -> Turn:
    """One :class:`~schotten_lab.game.Turn` checked as :func:`_check_turns` checks a mapping."""
    if pending or turn.put_back is not None:
        _check_put_back(position, turn.put_back, turn.put_back is not None, where)
        return turn
    steps = (("play", Turn(play=turn.play)), ("deck", Turn(play=turn.play, deck=turn.deck)))
    for field, decision in (*steps, ("claim", turn)):
        _engine_check(state, decision, field, where)
    return turn


def _engine_check(state: GameState, decision: Turn | Mapping[str, Any], field: str, where: str) -> None:
    try:
        apply_turn(state, decision)
    except IllegalTurnError as exc:
        raise ArgumentError(f"{where}.{'player' if exc.rule == 'turn-order' else field}: {exc.problem} ({exc.rule})") from None


def _check_put_back(position: Position, raw: object, answered: bool, where: str) -> None:
    """A pending Headhunter's answer: ``return`` (``raw``; ``answered``: given at all) lists one of
    the library's choices of cards to put back."""
    choices = {tuple(sorted(str(c) for c in choice)) for choice in headhunter_returns(position)}
    if not choices:
        raise ArgumentError(f"{where}.return: answers a pending Headhunter only, and none is pending here")
    if not answered:
        raise ArgumentError(f"{where}: a Headhunter is pending: the turn must be {{'return': [cards to put back]}}")
    try:
        codes = tuple(sorted(str(parse_hand_card(c)) for c in raw)) if isinstance(raw, (list, tuple)) else None
    except CardError:
        codes = None
    if codes not in choices:
        returns = len(next(iter(choices)))
        shown = list(raw) if isinstance(raw, tuple) else raw
        raise ArgumentError(f"{where}.return: must list {returns} cards of the hand to put back, not {excerpt(shown)}")


def _base_move(turn: Turn) -> tuple[int, int]:
    """A (checked) turn's placement as the search's ``(card index, stone 0-8)``; a pass is ``(-1, -1)``."""
    if turn.play is None or turn.play.stone is None:
        return (-1, -1)
    return (Card.parse(turn.play.card).index, turn.play.stone - 1)


def _certain(view: View, moves: Sequence[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """The moves after which the game is over, with their exact value for the mover: a win by the
    turn's claims, which rest on the table alone (the same on every deal)."""
    base = view.deal(list(view.hidden))
    out: dict[tuple[int, int], float] = {}
    for move in moves:
        after = base.copy()
        after.turn(*move)
        if after.winner >= 0:
            out[move] = score(after.winner, view.me)
    return out


def _play_out(deal: Sim, move: tuple[int, int], me: int, rng: random.Random) -> float:
    """``move`` on a copy of ``deal``, then the heuristic rollout: the game's value for ``me``."""
    sim = deal.copy()
    sim.turn(*move)
    return score(sim.winner if sim.winner >= 0 else rollout(sim, rng), me)


def diverse(view: View, moves: list[tuple[int, int]], width: int) -> list[tuple[int, int]]:
    """The first ``width`` of ``moves`` (best first), skipping near-duplicates: one card on several
    bare stones (both sides empty) counts once, and no card takes more than 3 places."""
    chosen: list[tuple[int, int]] = []
    bare_cards: set[int] = set()
    per_card: dict[int, int] = {}
    for card, stone in moves:
        if len(chosen) == width:
            break
        bare = card >= 0 and not view.sides[2 * stone] and not view.sides[2 * stone + 1]
        if card >= 0 and ((bare and card in bare_cards) or per_card.get(card, 0) >= 3):
            continue
        if bare:
            bare_cards.add(card)
        per_card[card] = per_card.get(card, 0) + 1
        chosen.append((card, stone))
    return chosen or moves[:width]


def promising(view: View, moves: list[tuple[int, int]], compiled: bool | None = None) -> list[tuple[int, int]]:
    """``moves`` most promising first by the strong one-ply heuristic (:func:`.greedy.placement_value`,
    from the mover's seat: a win, the stones proved, the best formation still reachable), ties in
    the given order: the moves the Monte Carlo search tries. ``compiled``: the rollout kernel's path
    (by default compiled once it is loaded; the same values either way)."""
    if len(moves) < 2:
        return moves
    values = placement_values(view.deal(list(view.hidden)), moves, worth_compiling(None, 0.0) if compiled is None else compiled)
    rank = {move: k for k, move in enumerate(moves)}
    return sorted(moves, key=lambda m: (-values[rank[m]], rank[m]))


def ordered_moves(view: View) -> tuple[list[tuple[int, int]], dict[tuple[int, int], list[int]]]:
    """The candidate moves, most promising first (moves that claim, then by the placement
    heuristic), and the stones (0-based) each one claims: claims depend on the table only."""
    moves = candidate_moves(view)
    base = view.deal(list(view.hidden))
    me = view.me
    claims: dict[tuple[int, int], list[int]] = {}
    for move in moves:
        claims[move] = base.copy().turn(*move)
    if len(moves) > 1:
        moves.sort(key=lambda m: (len(claims[m]), placement_score(base, m[0], m[1], me)), reverse=True)
    return moves, claims


# ---- reasons in words --------------------------------------------------------------------------


def explain(
    position: Position, view: View, move: tuple[int, int], claims: Sequence[int], lang: str = "en", *, deep: bool = False
) -> str:
    """Why a move is interesting, in words (:func:`explain_facts` rendered in ``lang``): by default
    the cheap facts (claims it makes, the formation it builds or completes, what the opponent would
    need to beat it, seen from the mover's seat: :func:`~.move_facts.beat_fact`); ``deep`` adds what
    it does to the opponent (:mod:`.move_facts`)."""
    return explain_facts(position, view, move, claims, deep=deep).in_words(lang)


def explain_facts(position: Position, view: View, move: tuple[int, int], claims: Sequence[int], *, deep: bool = True) -> Facts:
    """The exact before/after facts of a move (``(card index, stone 0-8)``, ``(-1, -1)`` a pass) and
    its claims (stones 0-8), from the mover's seat: :func:`~.move_facts.move_facts`."""
    card, stone = move
    sim = view.deal(list(view.hidden))
    return move_facts(
        position, None if card < 0 else CARDS[card], None if card < 0 else stone + 1, [s + 1 for s in claims], _wins(sim, move), deep=deep
    )


def _wins(sim: Sim, move: tuple[int, int]) -> bool:
    """Whether ``move`` (with its claims) wins the game for the player to move at once."""
    after = sim.copy()
    after.turn(*move)
    return after.winner == sim.to_move


# ---- the bot -----------------------------------------------------------------------------------


class AdvisorBot:
    """The advisor as a :class:`~schotten_lab.bots.base.Bot`: plays :func:`advise`'s best move.

    ``budget`` seconds a move (default 2.0) or ``iterations`` rollouts a move; ``policy`` the rollout
    policy (:data:`.rollouts.POLICIES`). ``seed`` makes a
    session reproducible with ``iterations``: one generator seeded once gives each decision its own
    seed, so the same requests in the same order get the same answers (a request repeated within a
    session is searched again with the next seed, and may get another move of near-equal value; a
    time budget depends on the machine's speed). The answer carries
    ``estimate`` (and ``stderr``) and ``reason`` as extra fields. In the tactics variant the answer
    names the deck to draw from, and a pending Headhunter is answered with the cards to put back.
    """

    name = "advisor"

    def __init__(
        self, budget: float = 2.0, iterations: int | None = None, seed: int | None = 0, policy: str = DEFAULT_POLICY
    ) -> None:
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget <= MAX_BUDGET:
            raise ArgumentError.of("bot_opt.budget", most=f"{MAX_BUDGET:g}", value=budget)  # bots/words.py
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS
        ):
            raise ArgumentError.of("bot_opt.iterations", most=MAX_ITERATIONS, value=iterations)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentError.of("bot_opt.seed", value=seed)
        if policy not in POLICIES:
            raise ValueError(f"policy: must be one of {', '.join(POLICIES)}, not {policy!r}")
        self.budget = float(budget)
        self.iterations = iterations
        self.seed = seed
        self.policy = policy
        warm()  # the compiled rollouts loaded now, not inside the first move's budget
        self._rng = random.Random(seed)
        self.last: Advice | None = None

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        advice = advise(
            observation,
            budget_seconds=self.budget,
            iterations=self.iterations,
            seed=self._rng.getrandbits(32),
            explain_all=False,
            policy=self.policy,
            history=history,
        )
        self.last = advice
        return advice.decision()


class PolicyBot:
    """The advisor's rollout policy alone as a bot (no search): the best placement by the formation
    heuristic, every provable stone claimed. A baseline: what the search adds is measured against it."""

    name = "policy"

    def __init__(self, seed: int | None = 0, explore: float = 0.0) -> None:
        self._rng = random.Random(seed)
        self.explore = explore

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        view = view_of(observation)
        sim = view.deal(list(view.hidden))  # the policy reads the table and its own hand only
        card, stone = greedy_play(sim, self._rng, self.explore)
        claims = sim.turn(card, stone)
        if card >= 0 and card in sim.hands[view.me]:
            card = -1  # expert: the claims at the start of the turn won the game, no placement
        play = None if card < 0 else Play(str(CARDS[card]), stone + 1)
        return Turn(observation.to_move, play, tuple(s + 1 for s in claims))


__all__ = ["ADVISOR_PHRASES", "Advice", "AdvisorBot", "MoveAdvice", "PolicyBot", "advise", "compare_turns", "explain", "explain_facts", "ordered_moves"]
