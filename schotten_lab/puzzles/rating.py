"""Rating puzzles by how often solvers of known strength fail them (docs/PUZZLES.md, "Ratings").

Each kind has a ladder of solvers, weakest first. A solver's **failure rate** on a puzzle is exact
where the solver is a known random process, and measured over a few seeds otherwise:

- endgame: ``random`` (a uniformly random legal move: fails with probability 1 - 1/moves, exact),
  ``heuristic`` (the rollout policy, :func:`schotten_lab.bots.sim.greedy_play`: 0 or 1), ``greedy``
  (the greedy bot, 3 seeds) and ``advisor-2``, ``advisor-8`` (the advisor with 2 and 8 rollouts, 2
  seeds each: with more, its exact endgame solver settles these small endgames), the last three from the solver's seat (the opponent's hand hidden, as in a game);
- claim: ``random`` (a coin per stone asked: exact), ``pessimist`` (claims only what no card at all
  could beat: forgets that cards elsewhere on the table are out of play), ``hand-trap`` (proves with
  the cards it cannot see, so forgets that its own hand counts for the opponent), ``sampler-3`` and
  ``sampler-10`` (claim unless one of 3 or 10 random completions of the opponent's side beats them:
  exact, (1 - p)^k with p the share of completions that beat);
- tactics claim (the tactics variant's ladder, :data:`TACTICS_CLAIM_LADDER`): the same five, each
  reading the stone as it lies (wild troops at their best, combat modes), and two more for the
  tactics traps: ``forgets-modes`` (judges the stone as if it had no Blind-man's bluff, and no Mud
  fight while its sides hold 3 cards or fewer: formations count, a third card completes) and
  ``fears-tactics`` (the strict proof: refuses a claim that an unplayed Joker, Spy, Shield bearer or
  combat mode could still undo, which the default rule, Battle Line's, does not ask).

The **rating** maps the mean failure rate over the kind's ladder, ``f`` in [0, 1], to
``RATING_FLOOR + RATING_SPAN * f`` rounded (600 for a puzzle every solver gets right, 2000 for one
they all fail); :func:`band` names the rating's level.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from math import comb

from ..bots.advisor import advise
from ..bots.budget import Budget
from ..bots.endgame import moves_of
from ..bots.simple import GreedyBot
from ..bots.sim import Sim, greedy_play
from ..core.cards import FULL_DECK, Card, mask_of
from ..core.errors import ArgumentError
from ..core.position import Position, Stone
from ..core.proof import decide_claim
from ..core.rules import Player, RuleSet
from ..core.sides import completion_masks, side_strength
from ..game import Turn
from .format_words import PUZZLE_FORMAT_PHRASES  # noqa: F401  (its phrases: the refusals below)
from .prove import Move, candidates, claimable_now, sim_of

RATING_FLOOR = 600
RATING_SPAN = 1400
BANDS = ((900, "easy"), (1200, "medium"), (1500, "hard"), (10_000, "expert"))
"""Upper bounds (exclusive) of each level's ratings."""
ENDGAME_LADDER = ("random", "heuristic", "greedy", "advisor-2", "advisor-8")
CLAIM_LADDER = ("random", "pessimist", "hand-trap", "sampler-3", "sampler-10")
MIDGAME_LADDER = ("random", "heuristic", "greedy", "advisor-20", "advisor-200")
TACTICS_CLAIM_LADDER = (*CLAIM_LADDER, "forgets-modes", "fears-tactics")
LADDERS = {"endgame": ENDGAME_LADDER, "claim": CLAIM_LADDER, "midgame": MIDGAME_LADDER}


def ladder_of(kind: str, position: Position) -> tuple[str, ...]:
    """The ladder that rates a puzzle of ``kind`` on ``position`` (tactics claims have their own)."""
    if kind == "claim" and position.rules.tactics:
        return TACTICS_CLAIM_LADDER
    return LADDERS[kind]


def rating_of(failures: Mapping[str, float], ladder: tuple[str, ...]) -> int:
    """The rating of failure rates over ``ladder`` (every solver of the ladder must be given)."""
    missing = [name for name in ladder if name not in failures]
    if missing:
        raise ArgumentError.of("pzf.rate_missing", names=", ".join(missing))
    rates = [float(failures[name]) for name in ladder]
    if any(not 0 <= r <= 1 for r in rates):
        raise ArgumentError.of("pzf.rate_range")
    return round(RATING_FLOOR + RATING_SPAN * sum(rates) / len(rates))


def band(rating: int) -> str:
    """The level of a rating: ``easy`` (under 900), ``medium`` (under 1200), ``hard`` (under 1500), ``expert``."""
    for bound, name in BANDS:
        if rating < bound:
            return name
    return BANDS[-1][1]


def observation_of(position: Position) -> Position:
    """The position as the solver sees it in a game: the opponent's hand hidden."""
    return position.with_hand(position.to_move.opponent, None)


# ---- endgames -------------------------------------------------------------------------------------


def endgame_failures(position: Position, answer: Move, *, quick: bool = False) -> dict[str, float]:
    """The failure rate of each endgame solver on a puzzle whose only winning move is ``answer``
    (``quick``: the exact and one-shot solvers only, for tests)."""
    sim = sim_of(position)
    moves = moves_of(sim)
    out: dict[str, float] = {"random": 1 - 1 / len(moves)}
    import random

    out["heuristic"] = float(greedy_play(sim.copy(), random.Random(0)) != answer)
    if quick:
        return out
    seen = observation_of(position)
    out["greedy"] = _mean(lambda seed: _chosen(GreedyBot(seed).decide(seen)) != answer, 3)
    for rollouts in (2, 8):
        out[f"advisor-{rollouts}"] = _advisor_failures(seen, answer, rollouts)
    return out


# ---- midgame ---------------------------------------------------------------------------------------


def midgame_failures(position: Position, answer: Move) -> dict[str, float]:
    """The failure rate of each midgame solver on a puzzle whose answer is ``answer``, all from the
    solver's seat (the opponent's hand hidden): ``random`` (exact), ``heuristic`` (the rollout policy,
    :class:`~schotten_lab.bots.advisor.PolicyBot`, which reads only the table and its own hand),
    ``greedy`` (3 seeds), ``advisor-20`` and ``advisor-200`` (the advisor with 20 and 200 rollouts,
    2 seeds each)."""
    from ..bots.advisor import PolicyBot

    seen = observation_of(position)
    moves = moves_of(sim_of_seen(seen))
    out: dict[str, float] = {"random": 1 - 1 / len(moves)}
    out["heuristic"] = float(_chosen(PolicyBot(0).decide(seen)) != answer)
    out["greedy"] = _mean(lambda seed: _chosen(GreedyBot(seed).decide(seen)) != answer, 3)
    for rollouts in (20, 200):
        out[f"advisor-{rollouts}"] = _advisor_failures(seen, answer, rollouts)
    return out


def sim_of_seen(seen: Position) -> Sim:
    """A search state of ``seen`` with the hidden cards dealt in their listed order (the mover's legal
    moves do not depend on the deal)."""
    from ..bots.determinize import view_of

    view = view_of(seen)
    return view.deal(list(view.hidden))


def _chosen(decision: Turn) -> Move:
    """A bot's decision as the search's ``(card index, stone 0-8)``; a pass is ``(-1, -1)``."""
    play = decision.play
    if play is None or play.stone is None:
        return (-1, -1)
    return Card.parse(play.card).index, play.stone - 1


def _advisor_failures(seen: Position, answer: Move, rollouts: int, seeds: int = 2) -> float:
    """How often the advisor at ``rollouts`` a move misses ``answer`` over ``seeds`` seeds."""
    def fails(seed: int) -> bool:
        best = advise(seen, budget=Budget(rollouts=rollouts), seed=seed, explain_all=False).best
        return best.card is None or (best.card.index, (best.stone or 0) - 1) != answer

    return _mean(fails, seeds)


def _mean(fails: Callable[[int], bool], seeds: int) -> float:
    return sum(bool(fails(seed)) for seed in range(seeds)) / seeds


# ---- claims ---------------------------------------------------------------------------------------


def claim_failures(position: Position, question: Mapping[str, object]) -> dict[str, float]:
    """The failure rate of each claim solver on a claim question (``{"type": "stone", "stone": n}`` or
    ``{"type": "stones"}``), seen from the player to move."""
    me = position.to_move
    asked = (int(str(question["stone"])),) if question["type"] == "stone" else candidates(position, me)
    truth = set(claimable_now(position, me))
    out: dict[str, float] = {"random": 1 - 0.5 ** len(asked)}
    def pessimist(n: int) -> int:
        return FULL_DECK & ~mask_of(position.stone(n).clan_cards())

    def hand_trap(n: int) -> int:
        return position.viewer_pool(me)

    pools: tuple[tuple[str, Callable[[int], int]], ...] = (("pessimist", pessimist), ("hand-trap", hand_trap))
    for name, pool_of in pools:
        wrong = any(decide_claim(position.stone(n), me, pool_of(n), position.rules).claimable != (n in truth) for n in asked)
        out[name] = float(wrong)
    for k in (3, 10):
        right = Fraction(1)
        for n in asked:
            if n not in truth and position.stone(n).is_complete(me):  # incomplete: no sampler claims it
                right *= 1 - Fraction(1 - beating_share(position, n, me)) ** k
        out[f"sampler-{k}"] = float(1 - right)
    if position.rules.tactics:
        forgets = any(decide_claim(modes_forgotten(position.stone(n), me), me, position.public_pool, position.rules).claimable
                      != (n in truth) for n in asked)  # fmt: skip
        out["forgets-modes"] = float(forgets)
        strict, left = RuleSet("tactics", strict_proofs=True), position.tactics_left()
        fears = any(decide_claim(position.stone(n), me, position.public_pool, strict, left).claimable != (n in truth)
                    for n in asked)  # fmt: skip
        out["fears-tactics"] = float(fears)
    return out


def modes_forgotten(stone: Stone, player: Player) -> Stone:
    """``stone`` as a player who forgets the combat modes sees it: no Blind-man's bluff, and no Mud fight
    while both sides hold 3 cards or fewer (a fourth card on a side cannot be overlooked)."""
    modes = set(stone.modes) - {"blind"}
    if "mud" in modes and max(len(stone.south), len(stone.north)) <= 3:
        modes.discard("mud")
    first = stone.first_complete
    if first is None and len(stone.side(player)) >= 3 and len(stone.side(player.opponent)) < 3:
        first = player  # a 3-card side the player thinks complete came first
    return replace(stone, modes=frozenset(modes), first_complete=first)


def beating_share(position: Position, number: int, player: Player) -> Fraction:
    """The share of the opponent's completions of stone ``number`` (distinct cards of the public
    pool, all equally likely) that beat ``player``'s complete side; a full tie goes to ``player``,
    who completed first."""
    s = position.stone(number)
    theirs = s.side(player.opponent)
    need = s.capacity - len(theirs)
    pool = position.public_pool
    total = comb(pool.bit_count(), need)
    if need <= 0 or total == 0:
        return Fraction(0)
    own = side_strength(s.side(player)[: s.capacity], blind=s.blind)
    _masks, strengths = completion_masks(theirs, pool, capacity=s.capacity, blind=s.blind)
    return Fraction(int((strengths > own).sum()), total)


__all__ = [
    "BANDS", "CLAIM_LADDER", "TACTICS_CLAIM_LADDER", "ladder_of", "modes_forgotten", "ENDGAME_LADDER", "LADDERS", "MIDGAME_LADDER", "midgame_failures", "RATING_FLOOR", "RATING_SPAN", "band", "beating_share",
    "claim_failures", "endgame_failures", "observation_of", "rating_of",
]  # fmt: skip
