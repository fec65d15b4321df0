"""Mining puzzles from self-play, proving them, removing duplicates and rating them.

Game ``i`` of seed ``S`` is played on the search state (:class:`~schotten_lab.bots.sim.Sim`) from
``random.Random(S * 1_000_003 + i)``: a shuffled deal, and a pairing of policies chosen by ``i`` from
:data:`PAIRINGS` (``random``: uniform legal moves; ``heuristic``: the rollout policy,
:func:`~schotten_lab.bots.sim.greedy_play`; ``explorer``: the same with a third of its moves random).
Both players claim every provable stone, as the bots do. Every position met is a candidate:

- ``endgame``: a position with the deck empty and at least :data:`MIN_MOVES` legal moves, solved
  exactly; kept when exactly one move wins;
- ``claim``: a position where the player to move has a complete side on an unclaimed stone whose
  other side is open, at the start of a turn or at the claim moment (the card just placed; the draw
  made too, which changes no proof: hands do not count); the question is one stone ("may south claim stone 4 now?") or, with two such
  stones or more, every stone ("which stones may north claim?"). Kept when a solver of the rating
  ladder gets it wrong other than by chance (the trap of one's own hand, a proof resting on cards
  elsewhere on the table, a counterexample few completions reach) or, for one in
  :data:`PLAIN_SHARE`, as an easy one; at most :data:`CLAIMS_PER_GAME` a game, answers "yes" and "no"
  both taken when the game has them.

``variant="tactics"`` mines claim puzzles from tactics self-play instead (:mod:`.tactics`: the game
engine and the registry's bots), with the same questions, proofs and ladder (two solvers more).

Duplicates are removed up to the rules' symmetries (:func:`canonical_key`): swapping the seats,
reversing the stones (stone ``n`` becomes ``10 - n``: five stones or three adjacent are unchanged),
and renaming the colours. Games are mined in order, so the puzzles of a seed are the same for any
number of ``jobs``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..bots.determinize import observation
from ..bots.endgame import SolveTimeout, Solver, moves_of
from ..bots.sim import Sim, greedy_play, shuffled_game
from ..core.errors import ArgumentError
from ..core.position import Position
from ..core.rules import PLAYERS, Player
from . import midgame
from .format import Puzzle
from .format_words import Choices
from .prove import (
    NotProved,
    candidates,
    claim_explanation,
    claimable_now,
    endgame_explanation,
    forced_line,
    is_trap,
    unique_win,
    values_with,
)
from .rating import ENDGAME_LADDER, MIDGAME_LADDER, claim_failures, endgame_failures, ladder_of, midgame_failures, rating_of
from .tactics import TRAPS as TACTICS_TRAPS
from .words import Capitalized, Stones

PAIRINGS = (("random", "random"), ("random", "heuristic"), ("heuristic", "heuristic"), ("explorer", "heuristic"),
            ("explorer", "explorer"))  # fmt: skip
"""The policies of south and north, game ``i`` playing ``PAIRINGS[i % len(PAIRINGS)]``."""
MIN_MOVES = 4
"""An endgame puzzle offers at least this many legal moves (fewer is no puzzle)."""
PLAIN_SHARE = 0.15
"""Share of claim positions that no ladder solver beyond ``random`` fails, kept as easy puzzles."""
MINE_NODES = 400_000
"""Node budget of one game's endgame proofs while mining (the rest of a bigger endgame is skipped)."""
AT_ONCE_SHARE = 0.3
"""Share of endgame puzzles whose answer wins at once (by its claims) that are kept."""
MAX_HAND_CARDS = 9
"""Endgames are mined once both hands hold this many cards or fewer (a size a player can read through)."""
CLAIMS_PER_GAME = 3
"""Claim puzzles kept from one game at most (drawn at random from those found): variety."""
GAMES_PER_JOB = 5
"""Games one process mines per task (with ``jobs > 1``)."""
MAX_GAMES = 200_000
MIDGAME_FROM_TURN = 12
"""Midgame positions are searched from this turn of a game on (before it the table says little)."""
MIDGAMES_PER_GAME = 2
"""Midgame puzzles kept from one game at most (variety; the first ones met)."""
KINDS = ("endgame", "claim", "midgame")
VARIANTS = ("base", "tactics")
TACTICS_KINDS = ("claim",)
"""The kinds the tactics variant has (its claim proofs hold; the exact endgame solver is the base game's)."""


@dataclass(frozen=True)
class Candidate:
    """A proved puzzle before rating: its canonical key, and everything but the rating."""

    key: str
    puzzle: Puzzle


def policy(name: str) -> Callable[[Sim, random.Random], tuple[int, int]]:
    if name == "random":
        def uniform(sim: Sim, rng: random.Random) -> tuple[int, int]:
            return rng.choice(moves_of(sim))
        return uniform
    explore = 0.0 if name == "heuristic" else 1 / 3
    return lambda sim, rng: greedy_play(sim, rng, explore)


def full_position(sim: Sim) -> Position:
    """The position of ``sim`` seen by its player to move, the opponent's hand shown too."""
    me = sim.to_move
    seen = observation(sim, me)
    from ..core.cards import CARDS

    return seen.with_hand(PLAYERS[1 - me], tuple(CARDS[c] for c in sim.hands[1 - me]))


def mine_game(kind: str, seed: int, index: int, examined: list[int] | None = None) -> list[Candidate]:
    """The proved puzzles of one self-play game (in the order met); ``examined[0]`` is increased by
    the number of positions looked at (endgames: variations included)."""
    count = examined if examined is not None else [0]
    rng = random.Random(seed * 1_000_003 + index)
    sim = shuffled_game(rng.randrange(2**32))
    if index % 2:
        sim.to_move = 1
    south, north = PAIRINGS[index % len(PAIRINGS)]
    players = (policy(south), policy(north))
    found: list[Candidate] = []
    source = {"seed": seed, "game": index, "south": south, "north": north}
    solver = Solver(max_nodes=MINE_NODES)  # one table for the whole endgame (its keys hold the state)
    for turn in range(200):
        if sim.winner >= 0 or sim.stalled():
            break
        if kind == "endgame" and not sim.deck and len(sim.hands[0]) + len(sim.hands[1]) <= MAX_HAND_CARDS:
            try:
                found.extend(_endgame(sim, solver, {**source, "turn": turn}, count))
            except SolveTimeout:
                break
        if (kind == "midgame" and sim.deck and turn >= MIDGAME_FROM_TURN and len(found) < MIDGAMES_PER_GAME
                and len(moves_of(sim)) >= MIN_MOVES):  # fmt: skip
            count[0] += 1
            found.extend(_midgame(sim, {**source, "turn": turn}, count))
        move = players[sim.to_move](sim, rng)
        if kind == "claim":
            count[0] += 1
            found.extend(_claims(sim, rng, {**source, "turn": turn, "moment": "start"}))
            if move[0] >= 0:  # the claim moment: the card just placed (and the draw made: hands do not count)
                placed = sim.copy()
                placed.place(*move)
                if placed.deck:
                    placed.hands[placed.to_move].append(placed.deck.pop())
                count[0] += 1
                found.extend(_claims(placed, rng, {**source, "turn": turn, "moment": "placed"}))
        sim.turn(*move)
    if kind == "claim":
        found = _balanced(found, rng)
    return found


def _balanced(found: list[Candidate], rng: random.Random) -> list[Candidate]:
    """At most :data:`CLAIMS_PER_GAME` claim puzzles of one game: one answered yes, one answered no and
    one "which stones?" when the game has them, the rest at random (in the order met)."""
    if len(found) <= CLAIMS_PER_GAME:
        return found
    groups: dict[str, list[Candidate]] = {"yes": [], "no": [], "stones": []}
    for c in found:
        q = c.puzzle.question
        groups["stones" if q["type"] == "stones" else "yes" if int(q["stone"]) in c.puzzle.claimable else "no"].append(c)
    picked = [rng.choice(group) for group in groups.values() if group]
    rest = [c for c in found if c not in picked]
    picked += rng.sample(rest, max(0, CLAIMS_PER_GAME - len(picked)))
    return sorted(picked, key=found.index)


def _endgame(sim: Sim, solver: Solver, source: dict[str, Any], count: list[int]) -> list[Candidate]:
    """The puzzles of an endgame position and of the positions one move after it (variations)."""
    out: list[Candidate] = []
    for move in [None, *moves_of(sim)]:
        count[0] += 1
        branch = sim.copy()
        if move is not None:
            branch.turn(*move)
            if branch.winner >= 0 or branch.stalled():
                continue
        if len(moves_of(branch)) < MIN_MOVES:
            continue
        answer = unique_win(values_with(solver, branch))
        if answer is None:
            continue
        at_once = branch.copy()
        at_once.turn(*answer)
        if at_once.winner >= 0 and random.Random(repr((source, move))).random() >= AT_ONCE_SHARE:
            continue  # most "claim and win now" puzzles are left out: they are many and easy
        out.append(_endgame_puzzle(branch, answer, solver, {**source, "variation": move is not None}))
    return out


def _endgame_puzzle(sim: Sim, move: tuple[int, int], solver: Solver, source: dict[str, Any]) -> Candidate:
    position = full_position(sim)
    try:
        line = forced_line(position, move, MINE_NODES, solver)
    except NotProved:
        raise SolveTimeout from None
    first = line[0]
    solution = {"play": first["play"], "claim": first["claim"]}
    question = {"type": "move"}
    fact = endgame_explanation(position, line)
    key = canonical_key(position, question)
    puzzle = Puzzle(
        puzzle_id("endgame", key), "endgame", position, question, 0, solution,
        {"en": fact.in_words("en"), "fr": fact.in_words("fr")}, tuple(line), {}, source,
    )  # fmt: skip
    return Candidate(key, puzzle)


def _midgame(sim: Sim, source: dict[str, Any], count: list[int]) -> list[Candidate]:
    """The midgame puzzle of a position (screened by the advisor, then confirmed on every move), if any;
    ``count[1]`` is increased by the confirmations run."""
    position = observation(sim, sim.to_move)
    where = (source["seed"], source["game"], source["turn"])
    best = midgame.screen(position, midgame.seed_of("screen", *where))
    if best is None:
        return []
    if len(count) > 1:
        count[1] += 1
    est = midgame.confirm(position, best, midgame.CONFIRM_DEALS, midgame.seed_of("confirm", *where))
    if est is None:
        return []
    reason = midgame.reason_en(position, best)
    try:
        words = midgame.explanation(position, {"play": midgame.play_of(best).to_dict()}, est, reason)
    except ValueError:  # a reason clause without French: left out rather than half translated
        return []
    claims = sorted(s + 1 for s in sim.copy().turn(*best))
    solution = {"play": midgame.play_of(best).to_dict(), "claim": claims}
    question = {"type": "move"}
    key = canonical_key(position, question)
    puzzle = Puzzle(puzzle_id("midgame", key), "midgame", position, question, 0, solution, words, (), {}, source, est)
    return [Candidate(key, puzzle)]


def _claims(sim: Sim, rng: random.Random, source: dict[str, Any]) -> list[Candidate]:
    """The claim puzzles of a base-game search state (its player to move's view)."""
    return _claims_of(observation(sim, sim.to_move), rng, source)


def _claims_of(position: Position, rng: random.Random, source: dict[str, Any]) -> list[Candidate]:
    """The claim puzzles of ``position`` (the player to move's view), any variant."""
    return [claim_candidate(*found) for found in claim_questions(position, rng, source)]


def claim_questions(position: Position, rng: random.Random, source: dict[str, Any]) -> list[tuple[Position, dict[str, Any], dict[str, float], dict[str, Any]]]:
    """The claim questions of ``position`` kept (``(position, question, failures, source)``), before
    their explanations and keys are made (:func:`claim_candidate`)."""
    from .tactics import askable

    me = position.to_move
    early = askable(position, me)
    if not early:
        return []
    questions: list[dict[str, Any]] = [{"type": "stone", "stone": n} for n in early]
    if len(candidates(position, me)) >= 2:
        questions.append({"type": "stones"})
    ladder = ladder_of("claim", position)
    out = []
    for question in questions:
        failures = claim_failures(position, question)
        beyond_chance = any(failures[name] > 0.05 for name in ladder if name != "random")
        if not beyond_chance and rng.random() >= PLAIN_SHARE:
            continue
        out.append((position, question, failures, source))
    return out


def claim_candidate(position: Position, question: dict[str, Any], failures: dict[str, float],
                    source: dict[str, Any]) -> Candidate:  # fmt: skip
    """A claim puzzle, rated (its failure rates are exact and cheap)."""
    me = position.to_move
    solution = {"player": me.value, "claimable": list(claimable_now(position, me))}
    fact = claim_explanation(position, question)
    key = canonical_key(position, question)
    source = {**source, "trap": any(is_trap(position, n, me) for n in _asked(position, question))}
    words = {"en": sentence(fact.in_words("en")), "fr": sentence(fact.in_words("fr"))}
    if position.rules.tactics:
        from ..core.words import say
        from .tactics import traps

        per_stone = {n: traps(position, n, me) for n in _asked(position, question)}
        found = {t for named in per_stone.values() for t in named}
        source["traps"] = [t for t in TACTICS_TRAPS if t in found]
        to_come = [n for n, named in per_stone.items() if "tactics-to-come" in named]
        if to_come:  # the claim holds although an unplayed tactics card could undo it: say why
            key_to_come = "pz_e_to_come_one" if len(to_come) == 1 else "pz_e_to_come_many"
            words = {lang: text + say(key_to_come, lang, stones=Stones(to_come)) for lang, text in words.items()}
    puzzle = Puzzle(
        puzzle_id("claim", key), "claim", position, question, rating_of(failures, ladder_of("claim", position)), solution,
        words, (), failures, source,
    )  # fmt: skip
    return Candidate(key, puzzle)


def sentence(text: str) -> str:
    """``text`` with a capital first letter (the proofs' words start with a player's name)."""
    return text[:1].upper() + text[1:]


def _asked(position: Position, question: dict[str, Any]) -> tuple[int, ...]:
    return (int(question["stone"]),) if question["type"] == "stone" else candidates(position)


def rate(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with its solvers' failure rates and rating (endgames: runs the ladder's bots)."""
    if puzzle.kind == "claim":
        return puzzle
    from dataclasses import replace

    from .prove import move_of

    if puzzle.kind == "midgame":
        failures = midgame_failures(puzzle.position, move_of(puzzle.solution))
        return replace(puzzle, solvers=failures, rating=rating_of(failures, MIDGAME_LADDER))
    failures = endgame_failures(puzzle.position, move_of(puzzle.solution))
    return replace(puzzle, solvers=failures, rating=rating_of(failures, ENDGAME_LADDER))


# ---- symmetry -----------------------------------------------------------------------------------------


def canonical_key(position: Position, question: dict[str, Any]) -> str:
    """A text equal for two puzzles exactly when one is the other up to swapping the seats,
    reversing the stones and renaming the colours."""
    keys = []
    for swap in (False, True):
        for reverse in (False, True):
            keys.append(_key(position, question, swap, reverse))
    return min(keys)


def _key(position: Position, question: dict[str, Any], swap: bool, reverse: bool) -> str:
    def seat(p: Player) -> Player:
        return p.opponent if swap else p

    order = list(range(9))[::-1] if reverse else list(range(9))
    places: list[Sequence[Any]] = []
    rest: list[object] = []
    for i in order:
        s = position.stones[i]
        for p in PLAYERS:
            places.append(s.side(seat(p)))
        rest.append((_who(s.claimed, swap), _who(s.first_complete, swap)))
    for p in PLAYERS:
        places.append(position.hands[seat(p)] or ())
        rest.append(position.hand_sizes[seat(p)])
    signatures = []
    for colour in range(6):
        signatures.append(tuple(sum(1 << (c.value - 1) for c in place if getattr(c, "color", None) is not None
                                    and int(c.color) == colour) for place in places))  # fmt: skip
    q = dict(question)
    if "stone" in q and reverse:
        q["stone"] = 10 - int(q["stone"])
    if position.rules.tactics:  # troops, modes, the discard pile and the tactics cards (colours of troops kept)
        places.append(tuple(c for c in position.discard if not isinstance(c, str)))
        signatures = []
        for colour in range(6):
            signatures.append(tuple(sum(1 << (c.value - 1) for c in place if getattr(c, "color", None) is not None
                                        and int(c.color) == colour) for place in places))  # fmt: skip
        for i in order:
            s = position.stones[i]
            rest.append((sorted(s.modes), *(sorted(str(p) for p in s.side(seat(p0)) if not hasattr(p, "color"))
                                            for p0 in PLAYERS)))  # fmt: skip
        rest.append(sorted(str(c) for c in position.discard if isinstance(c, str)))
        for p in PLAYERS:
            rest.append(sorted(str(c) for c in position.hands[seat(p)] or () if isinstance(c, str)))
            rest.append(position.tactics_played.get(seat(p), 0))
        rest.append(position.tactics_deck)
    return repr((sorted(signatures), rest, _who(position.to_move, swap), position.deck, sorted(q.items())))


def _who(player: Player | None, swap: bool) -> str:
    if player is None:
        return "-"
    return (player.opponent if swap else player).value


def puzzle_id(kind: str, key: str) -> str:
    """``e-`` or ``c-`` (or ``m-``) and 10 hex digits of the canonical key's SHA-1."""
    return f"{kind[0]}-{hashlib.sha1(key.encode()).hexdigest()[:10]}"


# ---- the whole run ------------------------------------------------------------------------------------


@dataclass
class Run:
    """What a generation run did: games mined, positions looked at, puzzles found and kept."""

    games: int = 0
    positions: int = 0
    found: int = 0
    duplicates: int = 0
    kept: int = 0
    confirmed: int = 0
    """Midgame: positions that passed the screen and were searched on every move (kept or not)."""


def _mine_chunk(job: tuple[str, int, int, int, str]) -> list[tuple[list[Candidate], int, int]]:
    """Each game's puzzles, positions looked at and (midgame) positions confirmed."""
    kind, seed, start, stop, variant = job
    out: list[tuple[list[Candidate], int, int]] = []
    for index in range(start, stop):
        examined = [0, 0]
        if variant == "tactics":
            from . import tactics

            out.append((tactics.mine_game(seed, index, examined), examined[0], examined[1]))
        else:
            out.append((mine_game(kind, seed, index, examined), examined[0], examined[1]))
    return out


def generate(
    kind: str,
    count: int,
    seed: int,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    run: Run | None = None,
    max_seconds: float | None = None,
    variant: str = "base",
) -> list[Puzzle]:
    """``count`` proved, distinct, rated puzzles of ``kind`` mined from the games of ``seed``.

    ``variant`` ``"tactics"`` mines tactics self-play (claim puzzles only: :mod:`.tactics`).

    ``progress(n)`` is called as puzzles are kept (``n`` more). The result depends on ``kind``,
    ``count`` and ``seed`` only, never on ``jobs``. ``max_seconds`` stops mining new games once that
    much wall time has passed (checked between batches of games): the puzzles kept are then the
    first ones of the seed, the same as with a ``count`` of that many.
    """
    import time

    stop_at = None if max_seconds is None else time.perf_counter() + max_seconds
    if kind not in KINDS:
        raise ArgumentError.of("pzf.gen_kind", kind=kind, kinds=Choices(KINDS, "reprs"))
    if variant not in VARIANTS:
        raise ArgumentError.of("pzf.gen_variant", variant=variant, variants=Choices(VARIANTS, "or"))
    if variant == "tactics" and kind not in TACTICS_KINDS:
        raise ArgumentError.of("pzf.gen_tactics", kind=kind)
    run = run if run is not None else Run()
    seen: set[str] = set()
    kept: list[Puzzle] = []
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        mapper: Callable[..., Iterator[Any]] = pool.map if pool is not None else map
        start = 0
        while len(kept) < count and start < MAX_GAMES and (stop_at is None or time.perf_counter() < stop_at):
            per_job = 1 if jobs == 1 else GAMES_PER_JOB  # one process: stop at the game that completes the count
            width = per_job * max(jobs, 1) * 2
            chunk_jobs = [(kind, seed, a, a + per_job, variant) for a in range(start, start + width, per_job)]
            start += width
            fresh: list[Candidate] = []
            for games in mapper(_mine_chunk, chunk_jobs):
                for found, examined, confirmed in games:
                    if len(kept) + len(fresh) >= count:
                        break  # the games after the one that completes the count are not counted
                    run.games += 1
                    run.positions += examined
                    run.confirmed += confirmed
                    for candidate in found:
                        if len(kept) + len(fresh) >= count:
                            break
                        run.found += 1
                        if candidate.key in seen:
                            run.duplicates += 1
                            continue
                        seen.add(candidate.key)
                        fresh.append(candidate)
            for puzzle in mapper(rate, [c.puzzle for c in fresh]):
                kept.append(puzzle)
                run.kept += 1
                if progress is not None:
                    progress(1)
    finally:
        if pool is not None:
            pool.shutdown()
    return kept


def question_words(puzzle: Puzzle, lang: str = "en") -> str:
    """The puzzle's question in ``lang``."""
    from ..core.words import say

    who = Capitalized(puzzle.solver)
    if puzzle.kind == "claim":
        lead = say("pz_q_tactics", lang) if puzzle.position.rules.tactics else ""
        if puzzle.question["type"] == "stone":
            return lead + say("pz_q_stone", lang, player=who, stone=puzzle.question["stone"])
        return lead + say("pz_q_stones", lang, player=who)
    if puzzle.kind == "midgame":
        return say("pz_q_midgame", lang, player=who)
    return say("pz_q_endgame", lang, player=who)


__all__ = ["Candidate", "PAIRINGS", "Run", "canonical_key", "generate", "mine_game", "puzzle_id", "question_words", "rate"]
