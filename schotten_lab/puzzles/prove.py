"""Proving puzzles' answers: the exact endgame solver for moves, the claim proof for claims.

- Endgame (deck empty, so every card is known): :func:`endgame_values` gives the exact value of
  every move (win, stalled game, loss: :mod:`schotten_lab.bots.endgame`); a puzzle's answer is the
  only winning move. Claims follow the solver's convention: after placing, every provable stone is
  claimed, in stone order, stopping at the win (``tests/bots/test_endgame.py`` checks that claiming
  at once never loses a won game).
- Claim: :func:`claimable_now` decides each stone with the rules' proof (docs/RULES.md, "Claims"),
  which counts the claimant's own hand as cards the opponent may still hold; in the tactics variant
  the position's default proof (wild troops at their best, the stone's combat modes, the discard
  pile out of play; docs/RULES.md, "Early claims under tactics").

:func:`check_puzzle` re-proves a puzzle and lists what does not hold (an empty list: proved).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis.claims import claim as claim_verdict
from ..bots.determinize import PLAYER_INDEX, view_of
from ..bots.endgame import LOSS, STALL, WIN, SolveTimeout, Solver, moves_of, solve_moves
from ..bots.sim import Sim
from ..core.cards import CARDS, Card
from ..core.position import Position
from ..core.proof import ClaimStatus, decide_claim
from ..core.rules import PLAYERS, Player
from ..core.words import Fact, Facts
from .format import Puzzle
from .format_words import MoveList, PuzzleProblem, StoneList, problem
from .words import Capitalized, Stones

Move = tuple[int, int]
"""A placement in the solver's int form: (card index 0-53, stone 0-8); ``(-1, -1)`` is a pass."""
MAX_NODES = 400_000
"""Default node budget for one endgame proof (all moves share one table)."""
LINE_TURNS = 40


class NotProved(Exception):
    """The proof did not finish within its budget (``fact``: the message in any language)."""

    def __init__(self, key: str, nodes: int) -> None:
        self.fact = Fact.of(key, count=nodes)
        super().__init__(self.fact.in_words("en"))


class ProofError(ValueError):
    """A puzzle the proof cannot replay: ``problem`` names the field and says what is wrong in any
    language (its English the ``str()``)."""

    def __init__(self, field: str, key: str, **fields: object) -> None:
        self.problem = problem(field, key, **fields)
        super().__init__(str(self.problem))


# ---- endgames -------------------------------------------------------------------------------------


def sim_of(position: Position) -> Sim:
    """The full-information state of an endgame position (deck empty: the unseen cards are exactly
    the opponent's hand). ``ValueError`` naming the field when it is not one."""
    if position.deck:
        raise ProofError("deck.clan", "pzf.endgame_deck_left", count=position.deck)
    view = view_of(position)
    return view.deal(list(view.hidden))


def endgame_values(position: Position, max_nodes: int = MAX_NODES) -> list[tuple[Move, int]]:
    """The exact value (win 1, stalled 0, loss -1, for the player to move) of every move."""
    try:
        return [(move, value) for move, value, _turns in solve_moves(sim_of(position), max_nodes=max_nodes)]
    except SolveTimeout:
        raise NotProved("pzf.no_proof", max_nodes) from None


def values_with(solver: Solver, sim: Sim) -> list[tuple[Move, int]]:
    """The exact value of every move of ``sim`` for its mover, with ``solver``'s table (shared across
    the positions of one endgame: its keys hold the whole state); :class:`SolveTimeout` past its budget."""
    me = sim.to_move
    out: list[tuple[Move, int]] = []
    for move in moves_of(sim):
        child = sim.copy()
        child.turn(*move)
        if child.winner >= 0:
            out.append((move, WIN if child.winner == me else LOSS))
        else:
            out.append((move, -solver.value(child)))
    return out


def unique_win(values: Sequence[tuple[Move, int]]) -> Move | None:
    """The only winning move, or ``None`` (no winning move, or several)."""
    wins = [move for move, value in values if value == WIN]
    return wins[0] if len(wins) == 1 and wins[0][0] >= 0 else None


def play_move(sim: Sim, move: Move) -> dict[str, Any]:
    """Play ``move`` on ``sim`` (changed) and return the turn as the bot protocol answers it."""
    player = PLAYERS[sim.to_move].value
    claims = sim.turn(move[0], move[1])
    play = None if move[0] < 0 else {"card": str(CARDS[move[0]]), "stone": move[1] + 1}
    return {"player": player, "play": play, "claim": sorted(s + 1 for s in claims)}


def best_move(sim: Sim, solver: Solver) -> Move:
    """A best move of the mover: one that wins at once if there is one, else the solver's choice."""
    me = sim.to_move
    for move in moves_of(sim):
        child = sim.copy()
        child.turn(*move)
        if child.winner == me:
            return move
    return solver.best_move(sim)


def line_from(sim: Sim, max_nodes: int = MAX_NODES, solver: Solver | None = None) -> list[dict[str, Any]]:
    """Best play from ``sim`` to the end of the game (each side the solver's best move), as turns
    (``solver``: a table to share, as within one endgame)."""
    solver = solver or Solver(max_nodes=max_nodes)
    sim = sim.copy()
    turns: list[dict[str, Any]] = []
    while sim.winner < 0 and not sim.stalled() and len(turns) < LINE_TURNS:
        try:
            move = best_move(sim, solver)
        except SolveTimeout:
            raise NotProved("pzf.no_proof_line", max_nodes) from None
        turns.append(play_move(sim, move))
    return turns


def forced_line(position: Position, move: Move, max_nodes: int = MAX_NODES, solver: Solver | None = None) -> list[dict[str, Any]]:
    """The answer ``move`` and a forced line after it, to the end of the game."""
    sim = sim_of(position)
    first = play_move(sim, move)
    return [first, *line_from(sim, max_nodes, solver)]


def refutation(position: Position, card: Card, stone: int, max_nodes: int = MAX_NODES) -> tuple[int, list[dict[str, Any]]]:
    """What a (wrong) move leads to: the solver's value after it (for the solver: 1, 0 or -1) and the
    line with best play from there, the move itself first."""
    sim = sim_of(position)
    me = sim.to_move
    first = play_move(sim, (card.index, stone - 1))
    if sim.winner >= 0:
        return (WIN if sim.winner == me else LOSS), [first]
    try:
        value = -Solver(max_nodes=max_nodes).value(sim)
    except SolveTimeout:
        raise NotProved("pzf.no_proof_refutation", max_nodes) from None
    return value, [first, *line_from(sim, max_nodes)]


def move_of(solution: Mapping[str, Any]) -> Move:
    play = solution["play"]
    return Card.parse(str(play["card"])).index, int(play["stone"]) - 1


def line_words(turns: Sequence[Mapping[str, Any]], winner: Player | None) -> Facts:
    """A line of turns in words: ``south R8 on 3 (claims 3), north G2 on 5, ..., south wins``."""
    parts: list[object] = []
    for turn in turns:
        claims: object = Fact.of("pz_e_place_claims", stones=Stones(turn["claim"])) if turn["claim"] else ""
        play = turn["play"]
        if play is None:
            move: object = Fact.of("pz_e_pass", claims=claims)
        else:
            move = Fact.of("pz_e_place", card=Card.parse(play["card"]), stone=play["stone"], claims=claims)
        parts.append(Fact.of("pz_e_turn", player=Player.parse(turn["player"]), move=move))
    if winner is not None:
        parts.append(Fact.of("pz_e_win", player=winner))
    return Facts(tuple(parts), sep=", ")


def winner_after(position: Position, turns: Sequence[Mapping[str, Any]]) -> Player | None:
    """Replay ``turns`` on the endgame ``position``; the winner at the end (``ValueError`` for an
    illegal turn)."""
    sim = sim_of(position)
    for i, turn in enumerate(turns):
        if sim.winner >= 0:
            raise ProofError(f"line[{i}]", "pzf.already_over")
        if PLAYERS[sim.to_move].value != turn["player"]:
            raise ProofError(f"line[{i}].player", "pzf.not_to_move", player=Player.parse(turn["player"]))
        play = turn["play"]
        if play is None:
            move: Move = (-1, -1)
        else:
            move = (Card.parse(play["card"]).index, int(play["stone"]) - 1)
        if move not in moves_of(sim):
            raise ProofError(f"line[{i}].play", "pzf.not_legal")
        claims = sorted(s + 1 for s in sim.turn(*move))
        if claims != list(turn["claim"]):
            raise ProofError(f"line[{i}].claim", "pzf.claims_after_that", stones=StoneList(tuple(claims)))
    return None if sim.winner < 0 else PLAYERS[sim.winner]


def endgame_explanation(position: Position, line: Sequence[Mapping[str, Any]]) -> Fact:
    play = line[0]["play"]
    winner = winner_after(position, line)
    if len(line) == 1:
        return Fact.of("pz_e_at_once", card=Card.parse(play["card"]), stone=play["stone"], player=position.to_move,
                       stones=Stones(line[0]["claim"]), opponent=position.to_move.opponent)  # fmt: skip
    shown: object = Fact.of("pz_e_line", turns=line_words(line, winner)) if len(line) > 1 else ""
    return Fact.of("pz_e_endgame", card=Card.parse(play["card"]), stone=play["stone"],
                   opponent=position.to_move.opponent, line=shown)  # fmt: skip


# ---- claims ---------------------------------------------------------------------------------------


def candidates(position: Position, player: Player | None = None) -> tuple[int, ...]:
    """Stones ``player`` (default: the player to move) could think of claiming: unclaimed, their
    side complete."""
    me = player or position.to_move
    return tuple(n for n, s in enumerate(position.stones, 1) if s.claimed is None and len(s.side(me)) >= 3)


def claimable_now(position: Position, player: Player | None = None) -> tuple[int, ...]:
    """Every stone ``player`` (default: the player to move) may claim now, by the rules' proof."""
    me = player or position.to_move
    pool = position.public_pool
    return tuple(
        n for n in candidates(position, me) if decide_claim(position.stone(n), me, pool, position.rules).claimable
    )


def claim_explanation(position: Position, question: Mapping[str, Any]) -> Fact | Facts:
    """Why each asked stone may or may not be claimed (the claim proof's own words), with the trap
    of the card in one's own hand named."""
    me = position.to_move
    asked = (int(question["stone"]),) if question["type"] == "stone" else candidates(position, me)
    parts: list[object] = []
    for number in asked:
        verdict = claim_verdict(position, number, me)
        why = verdict.facts or verdict.reason  # its words already name a card of one's own hand
        parts.append(why if len(asked) == 1 else Fact.of("pz_e_stone", stone=number, why=why))
    return Facts(tuple(parts), sep=" ")


def is_trap(position: Position, number: int, player: Player) -> bool:
    """The claim fails, but would be proved if the claimant's own hand were out of play (the card of
    the counterexample is in their own hand)."""
    s = position.stone(number)
    real = decide_claim(s, player, position.public_pool, position.rules)
    seen = decide_claim(s, player, position.viewer_pool(player), position.rules)
    return real.status is ClaimStatus.BEATEN and seen.claimable


# ---- re-proving a puzzle ------------------------------------------------------------------------------


def check_puzzle(puzzle: Puzzle, max_nodes: int = MAX_NODES) -> list[str]:
    """Re-prove ``puzzle``: the problems found, in English (an empty list when its answer is proved)."""
    return [str(p) for p in check_puzzle_problems(puzzle, max_nodes)]


def check_puzzle_problems(puzzle: Puzzle, max_nodes: int = MAX_NODES) -> list[PuzzleProblem]:
    """Re-prove ``puzzle``: the problems found, each said in any language (``in_words(lang)``)."""
    position = puzzle.position
    if puzzle.kind == "claim":
        found = list(claimable_now(position))
        if found != list(puzzle.claimable):
            return [problem("solution.claimable", "pzf.proof_gives", stones=StoneList(tuple(found)))]
        return []
    if puzzle.kind == "midgame":
        from .midgame import estimate_facts  # an estimate, not a proof: its figures are checked, and
                                             # tests/puzzles re-search a sample (midgame.recheck)
        return estimate_facts(puzzle)
    try:
        values = endgame_values(position, max_nodes)
    except NotProved as exc:
        return [PuzzleProblem("position", exc.fact)]
    wins = [m for m, v in values if v == WIN]
    move = move_of(puzzle.solution)
    problems: list[PuzzleProblem] = []
    if wins != [move]:
        problems.append(problem("solution.play", "pzf.winning_moves", moves=MoveList(tuple((str(CARDS[c]), s + 1) for c, s in wins))))
    sim = sim_of(position)
    claims = sorted(s + 1 for s in sim.turn(*move))
    if claims != list(puzzle.solution.get("claim", [])):
        problems.append(problem("solution.claim", "pzf.claims_after", stones=StoneList(tuple(claims))))
    try:
        winner = winner_after(position, puzzle.line)
    except ProofError as exc:
        problems.append(exc.problem)
    else:
        if winner is not position.to_move:
            problems.append(problem("line", "pzf.not_won"))
    return problems


__all__ = [
    "ProofError", "check_puzzle_problems",
    "LOSS", "MAX_NODES", "Move", "NotProved", "STALL", "WIN", "candidates", "check_puzzle", "claim_explanation",
    "claimable_now", "endgame_explanation", "endgame_values", "forced_line", "is_trap", "line_from", "line_words",
    "move_of", "refutation", "values_with", "sim_of", "unique_win", "winner_after", "PLAYER_INDEX",
]  # fmt: skip
