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
  determinizations. Each round deals the hidden cards at random a few times (uniformly, or, given
  the game's ``history``, weighted by what the opponent's plays say of its hand: :mod:`.inference`,
  :mod:`.tactics_inference`) and plays
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
Seeded: with ``budget=Budget(rollouts=N)`` (a rollout budget, and a node budget for the endgame
solver; :mod:`.budget`) the answer is reproducible; with ``Budget(seconds=S)``, how many rollouts fit
depends on the machine. The moves
are listed with the chosen one first, then by their change against it on the same deals
(:class:`MoveAdvice`).

One search for every variant: :func:`advise` checks its arguments, picks the variant's game
interface (:func:`search_game`: :class:`.base_search.BaseGame` for the base game and the expert
variant, :class:`.tactics_search.TacticsGame` for the tactics variant, a move then being a play and
the deck to draw from, or a Headhunter's put-back) and runs the steps of
:func:`.search_game.advise_game` on it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import CARDS
from ..core.errors import AnalysisError, ArgumentError, CardError, excerpt
from ..core.position import Position
from ..core.words import register
from ..core.tactics import parse_hand_card
from ..game import GameState, IllegalTurnError, Observation, Play, Turn, apply_turn, headhunter_returns, new_game, state_from_position
from .advice import (
    MAX_BUDGET as MAX_BUDGET, MAX_ITERATIONS as MAX_ITERATIONS, WINS_AT_ONCE as WINS_AT_ONCE, Advice, MoveAdvice, check_count,
    check_search, check_seed, check_width,
)  # fmt: skip
from .base_search import (
    ENDGAME_NODES_PER_ROLLOUT as ENDGAME_NODES_PER_ROLLOUT, SEARCH_WIDTH, BaseGame, candidate_moves as candidate_moves,
    diverse as diverse, explain as explain, explain_facts as explain_facts, ordered_moves as ordered_moves,
    play_out as _play_out, promising as promising,
)  # fmt: skip
from .budget import DEFAULT as DEFAULT_BUDGET, Budget, legacy_budget
from .determinize import view_of
from .search_game import EXPLAINED as EXPLAINED, ROLLOUTS_A_SECOND, SearchGame, advise_game, common_deals, width_for
from .tactics_inference import READ_SHARE
from .tactics_search import TacticsGame
from .sim import greedy_play
from .rollouts import (
    DEFAULT_POLICY, EXPLORE, check_explore, check_lookahead, check_policy, playout_cost, warm, worth_compiling,
)  # fmt: skip

ADVISOR_PHRASES = register({
    "advisor.game_over": {"en": "claimed: the game is over ({winner} has won)",
                          "fr": "bornes revendiquées : la partie est finie ({winner} a gagné), il n'y a plus de coup à conseiller"},
    "advisor.hand_unknown": {"en": "hands.{who}: the hand of the player to move must be known",
                             "fr": "main de {who} inconnue : pour conseiller un joueur, il faut connaître sa main"},
})  # fmt: skip
"""The advisor's refusal of a position it cannot search (en, fr)."""

# ---- the search ------------------------------------------------------------------------------------


def search_game(
    position: Position, *, width: int = SEARCH_WIDTH, policy: str = DEFAULT_POLICY, explore: float = EXPLORE, compiled: bool = False,
    history: Sequence[Turn | Mapping[str, Any]] | None = None, lookahead: int = 0, read_until: float | None = None,
) -> SearchGame[Any, Any]:
    """The game interface of ``position``'s variant (:class:`~.search_game.SearchGame`), seen by its
    player to move: :class:`.tactics_search.TacticsGame` in the tactics variant, else
    :class:`.base_search.BaseGame` (``policy``, ``explore`` and ``compiled`` choose its rollouts;
    ``history``, the game's turns, weights its deals by the opponent's plays: :mod:`.inference`,
    :mod:`.tactics_inference`;
    ``lookahead`` next placements searched in every play-out, 0 none; ``read_until``, on the clock,
    when the tactics variant's reading of the history stops).
    Raises ``ValueError`` naming the field for a position it cannot search (the mover's hand unknown)."""
    if position.rules.tactics:
        return TacticsGame(position, width=width, compiled=compiled, history=history, read_until=read_until)
    if position.clan_hand(position.to_move) is None:  # view_of refuses it too; here in the advisor's words
        raise AnalysisError.of("advisor.hand_unknown", who=position.to_move)
    return BaseGame(position, width=width, policy=policy, explore=explore, compiled=compiled, history=history, lookahead=lookahead)


def budget_width(position: Position, budget: Budget, compiled: bool, lookahead: int = 0) -> int:
    """The moves :func:`advise` searches by default: :func:`.search_game.width_for` the play-outs
    ``budget`` affords in the base game (on the clock at the cautious pace
    :data:`.search_game.ROLLOUTS_A_SECOND`, compiled or not), :data:`.search_game.SEARCH_WIDTH` in the tactics variant (its wider
    search is not measured)."""
    if position.rules.tactics:
        return SEARCH_WIDTH
    cost = playout_cost(lookahead)
    if budget.rollouts is not None:
        return width_for(budget.rollouts / cost)
    return width_for((budget.seconds or 0.0) * ROLLOUTS_A_SECOND[compiled] / cost)


def advise(
    position: Position,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    width: int | None = None,
    explain_all: bool = True,
    policy: str = DEFAULT_POLICY,
    explore: float = EXPLORE,
    history: Sequence[Turn | Mapping[str, Any]] | None = None,
    lookahead: int = 0,
    budget_seconds: float | None = None,
    iterations: int | None = None,
) -> Advice:
    """Rank every legal move of ``position.to_move`` with its probability of winning (see the module).

    ``budget`` (a :class:`~.budget.Budget`, default two seconds) bounds the search:
    ``Budget(seconds=S)`` by the clock (it may run over by one deal's rollouts; the exact endgame
    solver gets half the time left); ``Budget(rollouts=N)`` fixes the number of rollouts and bounds
    the exact endgame solver by nodes (``ENDGAME_NODES_PER_ROLLOUT * N``), never by the clock: the
    answer is the same for a seed on any machine under any load. ``budget_seconds=`` and
    ``iterations=`` are the deprecated spellings of earlier releases (:func:`.budget.legacy_budget`:
    a :class:`DeprecationWarning`; ``iterations`` wins over ``budget_seconds``, as before). Only the ``width`` most promising
    moves by the placement heuristic (and every move that claims) are searched by Monte Carlo; the
    others are listed with ``win`` ``None``. By default (``width=None``) the base game's budget
    chooses it (:func:`.search_game.width_for`: the 10 most promising at small budgets, every card on
    its three best stones from about 3,000 rollouts; on the clock from a cautious pace); the tactics
    variant searches :data:`~.search_game.SEARCH_WIDTH`. ``explain_all=False`` writes the reason of the best move
    only (what a bot needs). An opponent's hand shown in ``position`` is ignored (sampled like the
    deck): the advice is what the player to move can know. The chosen move's estimate (and
    ``current``) comes from fresh deals played after the search chose it, not from the deals that
    chose it (:func:`.advice.search`: ``N / 4`` more rollouts, or a fifth of the search
    time); a move that wins the game at once is an exact 1. Raises ``ValueError`` naming the field for
    a position it cannot search (hidden own hand, game over, bad counts), and
    :class:`~schotten_lab.core.errors.ArgumentError` naming the argument for a ``budget``,
    ``seed`` or ``width`` it cannot use. ``policy`` and ``explore``
    choose the base game's rollouts (:mod:`.rollouts`: the rollout policy by name, the share of random
    placements). ``lookahead``: in every play-out, after the opponent's reply by the rollout policy,
    the mover's that many most promising next placements are each rolled out
    :data:`~.rollouts.NEXT_TURN_ROLLOUTS` times and the best is played (the search sees one turn
    further than its heuristic); 0, the default, plays plain play-outs (measured as strong at equal
    rollouts: docs/ADVISOR.md, "Looking one turn further"). The search compares the next placements' means; the chosen move's estimate is measured on
    fresh deals with one more rollout of the next placement chosen (unbiased). A budget of rollouts
    counts all of them: a play-out that looks ahead costs ``lookahead * NEXT_TURN_ROLLOUTS`` (one
    more on the fresh deals). Tactics variant: see :mod:`.tactics_search` (no exact
    endgame there, no look-ahead).
    """
    started = time.perf_counter()
    if budget_seconds is not None or iterations is not None or not isinstance(budget, Budget):
        budget = legacy_budget(budget, "advise", seconds=budget_seconds, iterations=iterations)
    check_search(budget, seed, width)
    check_policy(policy)
    check_explore(explore)
    if position.winner() is not None:
        raise AnalysisError.of("advisor.game_over", winner=position.winner())  # a ValueError, as documented
    compiled = worth_compiling(budget.rollouts, budget.seconds or 0.0, position.rules.tactics)
    check_lookahead(lookahead)
    if width is None:
        width = budget_width(position, budget, compiled, lookahead)
    read_until = None if budget.seconds is None else started + READ_SHARE * budget.seconds
    game = search_game(
        position, width=width, policy=policy, explore=explore, compiled=compiled, history=history, lookahead=lookahead,
        read_until=read_until,
    )
    return advise_game(game, position, budget=budget, seed=seed, explain_all=explain_all, started=started)


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
    game = search_game(position, policy=policy, compiled=worth_compiling(deals * len(decided), 0.0, position.rules.tactics))
    return common_deals(game, [game.move_of(turn) for turn in decided], deals, random.Random(seed))


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


# ---- the bot -----------------------------------------------------------------------------------


class AdvisorBot:
    """The advisor as a :class:`~schotten_lab.bots.base.Bot`: plays :func:`advise`'s best move.

    ``budget`` a :class:`~.budget.Budget` a move (default two seconds; ``Budget(rollouts=N)`` is
    reproducible); ``policy`` the rollout policy (:data:`.rollouts.POLICIES`); ``lookahead`` the next
    placements each play-out searches (:func:`advise`; 0, the default: none); ``width`` the moves
    searched (:func:`advise`; ``None``, the default: by the budget). A number of seconds
    for ``budget``, and ``iterations=N``, are the deprecated spellings of earlier releases
    (:func:`.budget.legacy_budget`). ``seed`` makes a
    session reproducible with a budget of rollouts: one generator seeded once gives each decision its own
    seed, so the same requests in the same order get the same answers (a request repeated within a
    session is searched again with the next seed, and may get another move of near-equal value; a
    time budget depends on the machine's speed). The answer carries
    ``estimate`` (and ``stderr``) and ``reason`` as extra fields. In the tactics variant the answer
    names the deck to draw from, and a pending Headhunter is answered with the cards to put back.
    """

    name = "advisor"

    def __init__(
        self,
        budget: Budget | float = DEFAULT_BUDGET,
        iterations: int | None = None,
        seed: int | None = 0,
        policy: str = DEFAULT_POLICY,
        lookahead: int = 0,
        width: int | None = None,
    ) -> None:
        if iterations is not None or not isinstance(budget, Budget):
            budget = legacy_budget(budget, "AdvisorBot", iterations=iterations)  # bots/budget.py, bots/words.py
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentError.of("bot_opt.seed", value=seed)
        check_policy(policy)
        self.budget: Budget = budget
        self.seed = seed
        self.policy = policy
        self.lookahead = check_lookahead(lookahead)
        check_width(width)
        self.width = width
        warm()  # the compiled rollouts loaded now, not inside the first move's budget
        if self.lookahead:  # and the look-ahead's kernel, by a small search of the opening
            opening = new_game("base", seed=0)
            advise(
                opening.observation(opening.to_move), budget=Budget(rollouts=8 * playout_cost(self.lookahead, unbiased=True)),
                explain_all=False, lookahead=self.lookahead,
            )  # fmt: skip
        self._rng = random.Random(seed)
        self.last: Advice | None = None

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        advice = advise(
            observation,
            budget=self.budget,
            seed=self._rng.getrandbits(32),
            explain_all=False,
            policy=self.policy,
            history=history,
            lookahead=self.lookahead,
            width=self.width,
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


__all__ = [
    "ADVISOR_PHRASES", "Advice", "AdvisorBot", "MoveAdvice", "PolicyBot", "advise", "compare_turns", "explain", "explain_facts",
    "ordered_moves", "search_game",
]  # fmt: skip
