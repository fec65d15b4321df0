"""The advisor in the tactics variant: determinized Monte Carlo on :mod:`.tactics_sim`.

What the player to move sees (:class:`TacticsView`): the table, the discard pile, their own hand,
the opponent's hand size and both decks' sizes. The hidden cards split exactly by kind: the tactics
cards not seen anywhere are in the opponent's hand or the tactics deck, and the deck's size is
public, so the opponent holds ``hidden tactics - tactics deck`` of them; the same for clan cards.
:meth:`TacticsView.sample` deals each kind uniformly; given the game's turns, the search weights
the deals by what the opponent's plays say of its hand (:mod:`.tactics_inference`,
:meth:`TacticsGame.deal_cards`).

The search is the one of every variant (:func:`.search_game.advise_game`, over :class:`TacticsGame`,
this variant's game interface): successive halving on shared deals, the first move played exactly on
each deal, the game finished by the rollout policy of :mod:`.tactics_policy` (which plays combat
modes, ruses and both decks) as :mod:`.tactics_policy_kernel` plays it: compiled by numba once the
compiled rollouts are loaded, else on a Python list, the very same games either way
(:func:`kernel_rollout`). Only the draw after the move and the hidden cards differ between deals, so
the search plays each move once on the public table and then every deal's play-outs in one kernel
call (:meth:`TacticsGame.batch`: the same values as one deal at a time, faster). A move is a play
and the deck to draw from afterwards; after a Headhunter, the cards to put back. The candidates,
ordered by the one-ply judgement :func:`.tactics_judge.play_score` (the strong heuristic
``greedy-tactics``'s): the ``width`` most promising clan and troop placements, the two most
promising plays of every combat mode and ruse in hand that turns some stone, and Headhunter's draws;
the :data:`BOTH_DECKS` first are searched with both draws, the others with the rollout policy's.
After a Headhunter the :data:`PUT_BACKS_SEARCHED` most promising put-backs are searched. No exact
endgame here: with the tactics cards, an empty clan deck does not end the hidden information.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Any

import numpy as np

from ..core.cards import CARDS, indices_of
from ..core.errors import ArgumentError, excerpt
from ..core.position import Position
from ..core.rules import PLAYERS, Player
from ..core.tactics import parse_hand_card
from ..core.words import Facts
from ..game import Observation, Play, Turn, legal_plays, may_pass
from ..game.observation import jokers_on_table
from .budget import Budget
from .advice import Advice, Batch, MoveAdvice, check_search, score
from .search_game import SEARCH_WIDTH, advise_game, diverse
from .determinize import PLAYER_INDEX
from .tactics_inference import HandLaw, hand_laws, read_hand
from .tactics_judge import IDLE_SCORE, play_score
from . import tactics_kernel, tactics_policy_kernel
from .rollouts import _numba, worth_compiling
from .tactics_policy import keep_value, policy_deck, put_back_choice, tactics_rollout
from .tactics_sim import MODE_BIT, TacticsSim, card_code, hand_card, hand_code, piece_code
from .turns import with_claims

PER_RUSE = 2
"""Plays searched for each combat mode or ruse in hand (the best by :func:`~.tactics_judge.play_score`;
one that turns no stone is not searched)."""
BOTH_DECKS = 2
"""The most promising plays searched with both draws; the others with the draw the rollout policy
would make (the other draw is listed, unsearched)."""


@dataclass(frozen=True, slots=True)
class TacticsMove:
    """One candidate turn: ``play`` (``None``: pass) and the deck drawn from afterwards (``None``: no
    choice), or ``put_back`` (card codes) answering a pending Headhunter."""

    play: Play | None
    deck: str | None = None
    put_back: tuple[int, ...] | None = None


@dataclass(frozen=True)
class TacticsView:
    """What the player to move sees, in the search's int form (see :mod:`.tactics_sim`)."""

    sides: tuple[tuple[int, ...], ...]
    done: tuple[int, ...]
    modes: tuple[int, ...]
    claimed: tuple[int, ...]
    hand: tuple[int, ...]
    hidden_clan: tuple[int, ...]
    hidden_tactics: tuple[int, ...]
    opponent_clan: int
    opponent_tactics: int
    discard: tuple[int, ...]
    played: tuple[int, int]
    jokers: tuple[bool, bool]
    me: int
    expert: bool
    returns: int | None
    """A pending Headhunter's put-back count (``None``: an ordinary turn)."""

    def deal(self, clan: Sequence[int], tactics: Sequence[int]) -> TacticsSim:
        """The full state in which the hidden clan cards are ``clan`` (the opponent's first, then the
        clan deck from its top) and the hidden tactics cards ``tactics`` (likewise)."""
        hands: list[list[int]] = [[], []]
        hands[self.me] = list(self.hand)
        hands[1 - self.me] = [*clan[: self.opponent_clan], *tactics[: self.opponent_tactics]]
        clan_deck = list(clan[self.opponent_clan :])
        clan_deck.reverse()  # drawn from the end
        tactics_deck = list(tactics[self.opponent_tactics :])
        tactics_deck.reverse()
        return TacticsSim(
            [list(s) for s in self.sides], list(self.done), list(self.modes), list(self.claimed), hands,
            clan_deck, tactics_deck, list(self.discard), list(self.played), list(self.jokers), self.me, self.expert,
        )  # fmt: skip

    def neutral(self) -> TacticsSim:
        """A state for what does not depend on the hidden cards (claims, the table after a play)."""
        return self.deal(self.hidden_clan, self.hidden_tactics)

    def sample(self, rng: random.Random) -> TacticsSim:
        """One full state consistent with the view, uniformly over the hidden cards of each kind."""
        clan = list(self.hidden_clan)
        rng.shuffle(clan)
        tactics = list(self.hidden_tactics)
        rng.shuffle(tactics)
        return self.deal(clan, tactics)


def tactics_view_of(position: Position) -> TacticsView:
    """The search view of a tactics-variant ``position`` seen by its player to move.

    Raises ``ValueError`` naming the field when it cannot be searched: the mover's hand unknown, or
    hidden cards that do not add up to the opponent's hand and the decks.
    """
    mover = position.to_move
    hand = position.hands[mover]
    if hand is None:
        raise ArgumentError.of("search.hand_unknown", who=mover)  # bots/determinize.py's words, said in any language
    sides: list[tuple[int, ...]] = []
    done: list[int] = []
    for stone in position.stones:
        times = [-1, -1]
        complete = [len(stone.side(p)) >= stone.capacity for p in PLAYERS]
        first = stone.first_complete
        if first is None and all(complete):
            first = mover.opponent  # unknown order: the cautious guess
        for i, p in enumerate(PLAYERS):
            sides.append(tuple(piece_code(c) for c in stone.side(p)))
            if complete[i]:
                times[i] = 0 if first is p else 1
        done.extend(times)
    me = PLAYER_INDEX[mover]
    hidden_clan = tuple(indices_of(position.viewer_pool(mover)))
    left = dict(position.tactics_left().counts)  # not on the table nor discarded: in a hand or the deck
    for card in hand:
        if isinstance(card, str):
            left[card] -= 1
    if any(n < 0 for n in left.values()):
        raise ValueError("tactics: more copies of a tactics card are seen than exist")
    hidden_tactics = tuple(card_code(name) for name, n in left.items() for _ in range(n))
    opponent = mover.opponent
    size = position.hand_sizes[opponent]
    opponent_tactics = len(hidden_tactics) - position.tactics_deck
    opponent_clan = size - opponent_tactics
    if opponent_tactics < 0 or opponent_clan < 0 or len(hidden_clan) - position.deck != opponent_clan:
        raise ValueError(
            f"hand_sizes.{opponent.value}: {size} cards in hand plus {position.deck} clan and {position.tactics_deck} "
            f"tactics cards in the decks do not match the {len(hidden_clan)} unseen clan and {len(hidden_tactics)} "
            "unseen tactics cards"
        )
    jokers = position.jokers_played if isinstance(position, Observation) else jokers_on_table(position.stones)
    pending = getattr(position, "pending", None)
    return TacticsView(
        tuple(sides),
        tuple(done),
        tuple(sum(MODE_BIT[m] for m in s.modes) for s in position.stones),
        tuple(-1 if s.claimed is None else PLAYER_INDEX[s.claimed] for s in position.stones),
        tuple(hand_code(c) for c in hand),
        hidden_clan,
        hidden_tactics,
        opponent_clan,
        opponent_tactics,
        tuple(hand_code(c) for c in position.discard),
        (position.tactics_played.get(Player.SOUTH, 0), position.tactics_played.get(Player.NORTH, 0)),
        (Player.SOUTH in jokers, Player.NORTH in jokers),
        me,
        position.rules.expert,
        None if pending is None else int(pending.returns),
    )


# ---- turns on the search state ---------------------------------------------------------------------


def play_move(sim: TacticsSim, move: TacticsMove, draws: bool = True) -> list[int]:
    """The mover's whole turn ``move`` on ``sim`` (every provable stone claimed, expert claims first);
    a Headhunter puts back by :func:`put_back_choice`. Returns the stones claimed (0-based). Without
    ``draws`` a play's draw is left out (:meth:`TacticsGame.batch` makes it deal by deal)."""
    if move.put_back is not None:
        sim.put_back(move.put_back)
        return sim.end_turn(True, draw=False)
    claims = sim.start_turn()
    if sim.winner >= 0:
        return claims
    play = move.play
    if play is None:
        return claims + sim.end_turn(False)
    sim.apply_play(play)
    if play.card == "HEADHUNTER":
        sim.put_back(put_back_choice(sim.hands[sim.to_move], min(2, max(0, len(play.decks) - 1))))
        return claims + sim.end_turn(True, draw=False)
    return claims + sim.end_turn(True, move.deck == "tactics", draw=draws)


EXPLORE_CUT = tactics_kernel.explore_cut(0.1)
"""The rollouts' share of random turns (:func:`.tactics_policy.tactics_rollout`'s ``explore``)."""


def rollout_functions(compiled: bool) -> Any:
    """The tactics kernel's functions: compiled by numba when asked and numba is importable (the
    first time in an install numba compiles them, some 25 s, then reads them from its cache), else
    the plain module. Both play the same games."""
    numba = _numba() if compiled else None
    return tactics_policy_kernel if numba is None else tactics_policy_kernel.compiled(numba)


def kernel_rollout(sim: TacticsSim, rng: random.Random, functions: Any = tactics_policy_kernel) -> int:
    """The end of ``sim``'s game by the rollout policy on the kernel ``functions``
    (:func:`rollout_functions`; ``sim`` itself is not played on), its random stream seeded from
    ``rng``: the winner, -1 if stalled. A table with a troop whose identity was fixed by hand has no
    int form there: the object form (:func:`.tactics_policy.tactics_rollout`) plays it, on ``sim``
    and ``rng``."""
    try:
        ints = tactics_kernel.state_of(sim)  # (it checks that the table fits)
    except ValueError:
        return tactics_rollout(sim, rng)
    seed = rng.getrandbits(32)
    if functions is tactics_policy_kernel:
        return tactics_policy_kernel.rollout_seeded(ints, seed, EXPLORE_CUT, [0] * 4, [0] * 27)
    state = np.asarray(ints, dtype=np.int64)
    return int(functions.rollout_seeded(state, seed, EXPLORE_CUT, np.zeros(4, np.int64), np.zeros(27, np.int64)))


def play_out(
    deal: TacticsSim, move: TacticsMove, me: int, rng: random.Random, functions: Any = tactics_policy_kernel
) -> float:
    """``move`` on a copy of ``deal``, then the rollout policy (:func:`kernel_rollout` on
    ``functions``): the game's value for ``me``."""
    sim = deal.copy()
    play_move(sim, move)
    return score(sim.winner if sim.winner >= 0 else kernel_rollout(sim, rng, functions), me)


def tactics_move(turn: Turn | Mapping[str, Any]) -> TacticsMove:
    """A decision (a :class:`~schotten_lab.game.Turn`, or a turn as JSON brings it: docs/reference/formats.md,
    "A turn", or a record's) as a search move. A mapping's form is checked (a bad play, deck or
    put-back raises a :class:`~schotten_lab.core.errors.SchottenError` naming the field), not its
    legality: :func:`.advisor.compare_turns` checks that by the engine's rules first."""
    if isinstance(turn, Turn):
        if turn.put_back is not None:
            return TacticsMove(None, None, tuple(hand_code(parse_hand_card(c)) for c in turn.put_back if c is not None))
        return TacticsMove(turn.play, turn.deck)
    if not isinstance(turn, Mapping):
        raise ArgumentError(f"turn: must be an object like {{'play': {{'card': 'R8', 'stone': 3}}}}, not {excerpt(turn)}")
    if "return" in turn:
        returned = turn["return"]
        if not isinstance(returned, list):
            raise ArgumentError(f"return: must list the cards to put back, not {excerpt(returned)}")
        return TacticsMove(None, None, tuple(hand_code(parse_hand_card(c)) for c in returned))
    raw = turn.get("play")
    deck = turn.get("deck")
    if deck not in (None, "clan", "tactics"):
        raise ArgumentError(f"deck: must be 'clan' or 'tactics', not {excerpt(deck)}")
    return TacticsMove(None if raw is None else Play.from_dict(raw), deck)


# ---- candidates -------------------------------------------------------------------------------------


Candidates = tuple[list[TacticsMove], list[TacticsMove], dict[TacticsMove, list[int]]]


def candidates(view: TacticsView, position: Position, width: int) -> Candidates:
    """Every legal move (heuristic order, most promising first), the ones to search, and the stones
    (0-based) each move claims (claims depend on the public table only)."""
    if view.returns is not None:
        return _put_backs(view, view.returns)
    base = view.neutral()
    me = view.me
    start = base.copy()
    early = start.start_turn()
    if start.winner >= 0:
        only = TacticsMove(None)
        return [only], [only], {only: early}
    shown = with_claims(position, position.to_move, [s + 1 for s in early]) if early else position
    plays = legal_plays(shown)
    claims: dict[Play | None, list[int]] = {}
    won: set[Play | None] = set()
    scored: list[tuple[int, Play]] = []
    for play in plays:
        finished = base.copy()
        claims[play] = play_move(finished, TacticsMove(play))
        if finished.winner >= 0:
            won.add(play)
        scored.append((play_score(start, play), play))
    scored.sort(key=lambda x: x[0], reverse=True)
    ordered: list[Play | None] = [play for _, play in scored]
    if may_pass(shown):  # no clan card can be placed: passing is a choice (the only one without plays)
        ordered.append(None)
        claims[None] = play_move(base.copy(), TacticsMove(None))
    idle = {play for score, play in scored if play.kind not in ("clan", "troop") and score <= IDLE_SCORE}
    searched_plays = [p for p in _searched(ordered, width) if p not in idle or p is ordered[0]]
    decks = [d for d, n in (("clan", len(base.clan_deck)), ("tactics", len(base.tactics_deck))) if n]
    moves: list[TacticsMove] = []
    searched: list[TacticsMove] = []
    for option in ordered:
        if option is None or option.card == "HEADHUNTER" or not decks or option in won:
            options = [TacticsMove(option)]  # no draw follows (a pass, Headhunter's own draws, the game won)
            chosen = options
        else:
            options = [TacticsMove(option, deck) for deck in decks]
            chosen = options if option in searched_plays[:BOTH_DECKS] else [_policy_deck(start, option, options)]
        moves += options
        if option in searched_plays:
            searched += chosen
    return moves, searched, {m: claims[m.play] for m in moves}


def _policy_deck(start: TacticsSim, play: Play, options: Sequence[TacticsMove]) -> TacticsMove:
    """Of a play's draws, the one the rollout policy would make (:func:`~.tactics_policy.policy_deck`
    on the hand the play leaves)."""
    after = start.copy()
    after.apply_play(play)
    wanted = "tactics" if policy_deck(after, after.to_move) else "clan"
    return next((m for m in options if m.deck == wanted), options[0])


PUT_BACKS_SEARCHED = 6
"""Put-back choices searched after a Headhunter (the most promising by :func:`~.tactics_policy.keep_value`); the
others are listed unsearched, so that the budget gives each searched choice enough deals."""


def _put_backs(view: TacticsView, returns: int) -> Candidates:
    """A pending Headhunter: every distinct choice of cards to put back, the rollout's choice first,
    then by the :func:`~.tactics_policy.keep_value` they give up (least first); the first :data:`PUT_BACKS_SEARCHED`
    are searched."""
    base = view.neutral()
    hand = sorted(view.hand)
    usual = tuple(sorted(put_back_choice(hand, returns)))
    keep = {c: keep_value(base, view.me, c) for c in set(hand)}
    choices = sorted(
        {tuple(sorted(c)) for c in combinations(hand, returns)},
        key=lambda c: (c != usual, sum(keep[x] for x in c), c),
    )
    moves = [TacticsMove(None, None, c) for c in choices]
    return moves, moves[:PUT_BACKS_SEARCHED], {m: play_move(base.copy(), m) for m in moves}


def _searched(ordered: Sequence[Play | None], width: int) -> list[Play | None]:
    """The plays worth searching: the ``width`` best clan and troop placements (:func:`.search_game.diverse`:
    no piece on more than 3 stones),
    the :data:`PER_RUSE` best plays of each combat mode and ruse, and the pass if it is allowed."""
    placements = [p for p in ordered if p is not None and p.kind in ("clan", "troop")]
    out: list[Play | None] = [*diverse(placements, width, lambda p: p.card)]
    per_kind: dict[str, int] = {}
    for play in ordered:
        if play is None:
            out.append(None)
        elif play.kind not in ("clan", "troop") and per_kind.get(play.card, 0) < PER_RUSE:
            per_kind[play.card] = per_kind.get(play.card, 0) + 1
            out.append(play)
    return out


# ---- the advice ---------------------------------------------------------------------------------------


class TacticsGame:
    """The tactics variant seen by ``position``'s player to move, as the one search plays it
    (:class:`~.search_game.SearchGame`): the candidates of :func:`candidates` (``width`` placements
    searched), the hidden cards dealt by :meth:`TacticsView.sample` and each deal played out as
    :func:`play_out` plays it, a batch of deals in one kernel call (:meth:`batch`); no exact
    endgame (with the tactics cards, an empty clan deck does not end the hidden information); the
    reasons are :mod:`.tactics_reasons`'s."""

    method = "Monte Carlo over deals (tactics)"
    costly_reasons = True
    """A Mud fight's exact chances can cost a tenth of a second."""
    playout_cost = 1
    """A play-out is one rollout."""
    measure_cost = 1

    def __init__(
        self, position: Position, *, width: int = SEARCH_WIDTH, compiled: bool = False,
        history: Sequence[Turn | Mapping[str, Any]] | None = None, read_until: float | None = None,
    ) -> None:  # fmt: skip
        self.position = position
        self.functions = rollout_functions(compiled)
        self.view = view = tactics_view_of(position)
        self.me = view.me
        self.width = width
        self.reading = read_hand(
            view.me, view.expert, view.sides, view.claimed, view.hidden_clan, view.hidden_tactics, history,
            until=read_until,
        )
        """How the opponent's plays in ``history`` weight the deals (:mod:`.tactics_inference`; on the
        clock, read until ``read_until``)."""
        self._candidates: Candidates | None = None
        self._afters: dict[TacticsMove, tuple[list[int], int] | None] = {}

    def _listed(self) -> Candidates:
        """:func:`candidates`, computed once (it lists the moves and chooses the searched ones together)."""
        if self._candidates is None:
            self._candidates = candidates(self.view, self.position, max(self.width, 1))
        return self._candidates

    def moves(self) -> tuple[list[TacticsMove], dict[TacticsMove, list[int]]]:
        moves, _searched, claims = self._listed()
        return moves, claims

    def searched(self, moves: Sequence[TacticsMove]) -> list[TacticsMove]:
        return self._listed()[1]

    def winner_after(self, move: TacticsMove) -> int:
        after = self.view.neutral()
        play_move(after, move)
        return after.winner

    def held(self, claims: Mapping[TacticsMove, Sequence[int]]) -> None:
        return None  # no tie-break by the stones held here, as before the one search (it could reorder ties)

    def solve(self, moves: Sequence[TacticsMove], deadline: float, iterations: int | None) -> None:
        return None

    def deal(self, rng: random.Random) -> TacticsSim:
        return self.view.deal(*self.deal_cards(rng))

    def deal_cards(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """The hidden clan cards and the hidden tactics cards of one deal, in :meth:`TacticsView.deal`'s
        order: shuffled uniformly (:meth:`TacticsView.sample`'s stream) or, when the opponent's plays
        say something (:attr:`reading`), the opponent's hand of each kind drawn from the exact law
        :func:`.tactics_inference.hand_law` (``doubt ** u`` for ``u`` cards that do not fit its draws)."""
        view, reading = self.view, self.reading
        if reading.uniform:
            clan = list(view.hidden_clan)
            rng.shuffle(clan)
            tactics = list(view.hidden_tactics)
            rng.shuffle(tactics)
            return clan, tactics
        clan_law, tactics_law = self.laws
        return clan_law.deal(view.hidden_clan, rng), tactics_law.deal(view.hidden_tactics, rng)

    @cached_property
    def laws(self) -> tuple[HandLaw, HandLaw]:
        """The laws of the opponent's clan and tactics cards under :attr:`reading` (made at the first deal)."""
        view = self.view
        return hand_laws(self.reading, view.hidden_clan, view.opponent_clan, view.hidden_tactics, view.opponent_tactics)

    def play_out(self, state: TacticsSim, move: TacticsMove, rng: random.Random) -> float:
        return play_out(state, move, self.me, rng, self.functions)

    def batch(self) -> Batch[TacticsMove]:
        """:func:`.advice.deal_by_deal` of :meth:`deal` and :meth:`play_out`, with the same rows, but
        each move played once on the public table (:meth:`_after`) and every deal's play-outs of the
        moves that allow it in one kernel call (:func:`.tactics_policy_kernel.play_deals`): only the
        draw after the move and the hidden cards differ between deals. A Headhunter, a put-back and a
        table the kernel cannot hold are played out deal by deal."""
        return self._batch

    def _after(self, move: TacticsMove) -> tuple[list[int], int] | None:
        """``move`` on the public table as :func:`play_move` plays it, the draw left out: the int
        state and the deck drawn from afterwards (0 clan, 1 tactics, -1 none); ``None`` when the move
        draws hidden cards itself (a Headhunter) or puts cards under a deck, or the table has no int
        state."""
        if move in self._afters:
            return self._afters[move]
        after: tuple[list[int], int] | None = None
        if move.put_back is None and (move.play is None or move.play.card != "HEADHUNTER"):
            sim = self.view.neutral()
            play_move(sim, move, draws=False)
            draw = -1  # the deck end_turn would have drawn from (a pass draws nothing)
            if move.play is not None and sim.winner < 0 and (sim.clan_deck or sim.tactics_deck):
                draw = int((move.deck == "tactics" and bool(sim.tactics_deck)) or not sim.clan_deck)
            try:
                after = (tactics_kernel.state_of(sim), draw)
            except ValueError:
                after = None
        self._afters[move] = after
        return after

    def _batch(self, moves: Sequence[TacticsMove], deals: int, seed: int) -> list[list[float]]:
        """The rows of :func:`.advice.deal_by_deal` for ``moves`` on ``deals`` deals from ``seed``."""
        rng = random.Random(seed)
        view = self.view
        afters = [self._after(m) for m in moves]
        fast = [i for i, a in enumerate(afters) if a is not None]
        slow = [i for i, a in enumerate(afters) if a is None]
        clans: list[int] = []
        tactics: list[int] = []
        seeds: list[int] = []
        rows: list[list[float]] = []
        for _ in range(deals):
            clan, hidden_tactics = self.deal_cards(rng)
            rollout_seed = rng.getrandbits(32)
            row = [0.0] * len(moves)
            if slow:
                state = view.deal(clan, hidden_tactics)
                for i in slow:
                    row[i] = play_out(state, moves[i], self.me, random.Random(rollout_seed), self.functions)
            clans += clan
            tactics += hidden_tactics
            seeds.append(random.Random(rollout_seed).getrandbits(32))
            rows.append(row)
        if fast and deals:
            winners = self._play_deals([a for a in afters if a is not None], clans, tactics, seeds)
            for d, row in enumerate(rows):
                for k, i in enumerate(fast):
                    row[i] = score(winners[d * len(fast) + k], self.me)
        return rows

    def _play_deals(
        self, afters: Sequence[tuple[list[int], int]], clans: list[int], tactics: list[int], seeds: list[int]
    ) -> list[int]:
        """:func:`.tactics_policy_kernel.play_deals` on this game's kernel functions (plain: lists;
        compiled: int64 arrays): the winner of each deal's play-out of each move, deal by deal."""
        view = self.view
        split = [len(view.hidden_clan), view.opponent_clan, len(view.hidden_tactics), view.opponent_tactics]
        states = [x for state, _ in afters for x in state]
        draws = [draw for _, draw in afters]
        size = len(seeds) * len(afters)
        f = self.functions
        if f is tactics_policy_kernel:
            out = [0] * size
            f.play_deals(states, draws, len(afters), self.me, clans, tactics, split, seeds, EXPLORE_CUT,
                         [0] * tactics_kernel.SIZE, [0] * 4, [0] * 27, out)  # fmt: skip
            return out
        array = np.asarray
        result = np.zeros(size, np.int64)
        f.play_deals(
            array(states, np.int64), array(draws, np.int64), len(afters), self.me, array(clans, np.int64),
            array(tactics, np.int64), array(split, np.int64), array(seeds, np.int64), EXPLORE_CUT,
            np.zeros(tactics_kernel.SIZE, np.int64), np.zeros(4, np.int64), np.zeros(27, np.int64), result,
        )  # fmt: skip
        return [int(w) for w in result]

    def measure(self) -> None:
        return None

    def facts(self, move: TacticsMove, claims: Sequence[int], deep: bool) -> Facts:
        from .tactics_reasons import explain_facts, hand_kept

        if move.put_back is not None:
            return Facts((hand_kept(_hand_words(self.view, move.put_back)),))
        return explain_facts(self.position, move.play, tuple(s + 1 for s in claims), chances=deep)

    def move_advice(self, move: TacticsMove) -> MoveAdvice:
        play = move.play
        card = play.card if play is not None and play.kind == "clan" else None
        return MoveAdvice(
            None if card is None else CARDS[card_code(card)],
            None if card is None or play is None else play.stone,
            (), None, None, 0, None, "",
            play=play if play is not None and play.kind != "clan" else None,
            deck=move.deck,
            put_back=None if move.put_back is None else tuple(str(hand_card(c)) for c in move.put_back),
        )  # fmt: skip

    def move_of(self, turn: Turn) -> TacticsMove:
        return tactics_move(turn)


def advise_tactics(
    position: Position,
    *,
    budget: Budget,
    seed: int,
    width: int,
    explain_all: bool,
    started: float,
) -> Advice:
    """:func:`.advisor.advise` in the tactics variant: the one search (:func:`.search_game.advise_game`)
    over :class:`TacticsGame`."""
    check_search(budget, seed, width)
    return advise_game(
        TacticsGame(position, width=width, compiled=worth_compiling(budget.rollouts, budget.seconds or 0.0, True)), position,
        budget=budget, seed=seed,
        explain_all=explain_all, started=started,
    )  # fmt: skip


def _hand_words(view: TacticsView, put_back: Sequence[int]) -> tuple[str, ...]:
    """The codes of the hand cards kept after ``put_back``, clan cards first."""
    kept = list(view.hand)
    for code in put_back:
        kept.remove(code)
    return tuple(str(hand_card(c)) for c in sorted(kept, key=lambda c: (c >= 54, c)))


__all__ = [
    "TacticsGame", "TacticsMove", "TacticsView", "advise_tactics", "candidates", "play_move", "play_out", "tactics_move",
    "tactics_view_of",
]  # fmt: skip
