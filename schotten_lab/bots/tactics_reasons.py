"""Why a tactics-variant move is interesting, in words a player understands.

:func:`explain_play` describes one turn of the player to move (a play, or a pass, and the stones the
turn claims) in one short line, seen from the mover's seat: it reads the table, the discard pile,
the mover's own hand and the pools they give (the public pool for proofs, the mover's viewer pool
for chances), never the opponent's hand nor the decks. The table after the play is the engine's own
(:func:`~.turns.after_play`), so every rule (Mud fight reopening a side, a Traitor's card changing
sides, ...) is the engine's.

What each play says:

- clan card or elite troop: the formation it completes (troops at their best identity) and what
  the opponent needs to beat it, or the formation still possible on the side it opens or builds; a
  troop says what it may stand for ("Joker: any card until the stone is claimed");
- combat mode: what it changes ("Mud fight on stone 4: both sides need 4 cards") and the mover's
  chance of winning that stone before and after it;
- Banshee, Traitor, Strategist: which card goes where, and the mover's chance on each stone it
  touches before and after; Headhunter: what it draws and puts back;
- claims: "claims stones 2, 5 and wins the game" (before the play in the expert variant, after it
  otherwise); a pass: "no legal placement: pass".

A chance is the mover's exact chance of winning the stone when both open sides are completed with
disjoint uniform random cards of the mover's viewer pool (the clan cards the mover does not see), a
tie decided by completion order counting one half (as :func:`~.simple.stone_chance`). A play moves
cards between the hand, the stones and the discard pile only, so that pool is the same before and
after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from ..analysis.outcome import outcome_of_sides
from ..core.cards import Card, CardMask, mask_of
from ..core.formations import Formation, Rank
from ..core.position import Position
from ..core.proof import ClaimStatus, Decision, decide_claim
from ..core.rules import STONE_COUNT, TACTICS, Player, RuleSet, holds_winning_set
from ..core.sides import best_side_completion
from ..core.stone import Stone
from ..core.tactics import Piece, Troop
from ..core.words import percent
from ..game import Play, legal_plays, may_pass
from ..game.plays import claim_holds, play_problem, seat_of
from .move_facts import beat_fact
from .turns import after_play, seen_state, with_claims

TACTICS_WORDS: dict[str, str] = {
    "JOKER": "Joker",
    "SPY": "Spy",
    "SHIELD": "Shield bearer",
    "BLIND": "Blind-man's bluff",
    "MUD": "Mud fight",
    "HEADHUNTER": "Headhunter",
    "STRATEGIST": "Strategist",
    "BANSHEE": "Banshee",
    "TRAITOR": "Traitor",
}
"""Each tactics card's name in words (docs/RULES.md, "Tactics variant")."""

TROOP_RANGE_WORDS: dict[str, str] = {
    "JOKER": "any card",
    "SPY": "a 7 of any colour",
    "SHIELD": "a 1, 2 or 3 of any colour",
}
"""What an elite troop may stand for until its stone is claimed."""


def explain_play(position: Position, play: Play | None, claims: Sequence[int]) -> str:
    """One line (parts joined by ``"; "``) saying what ``play`` and ``claims`` do for the player to move.

    ``position`` is what that player sees (a ``Position`` or an ``Observation`` with their hand
    known; an opponent's hand shown in it is ignored); ``play`` one of
    :func:`~schotten_lab.game.legal_plays` or ``None`` for a pass; ``claims`` the stones (1-9) the turn
    claims: in the expert variant before the play (a stone ``position`` already shows claimed by the
    mover counts as claimed this turn), otherwise after it. Raises ``ValueError`` naming the field
    (``position``, ``play`` or ``claims``) for a turn that is not legal there.
    """
    view = _mover_view(position)
    me = view.to_move
    made = _check_claims(claims)
    parts: list[str] = []
    before = view
    if view.rules.expert and made:
        _check_claims_hold(view, made, me, "now", shown_claimed=True)
        parts.append(_claim_words(view, me, made))
        before = with_claims(view, me, [n for n in made if view.stone(n).claimed is None])
        if holds_winning_set(before.stones_held(me)):
            if play is not None:
                raise ValueError(f"play: the claims of stones {_numbers(made)} win the game: no play follows, not {play}")
            return "; ".join(parts)
    if play is None:
        if not may_pass(before):
            raise ValueError(f"play: a pass (None) is allowed only without a clan card to place, and {me.value} can place one")
        parts.append("no legal placement: pass" if not legal_plays(before) else "no clan card can be placed: pass")
        after = before
    else:
        _check_play(before, play)
        after = after_play(seen_state(before), play)
        parts.extend(_play_words(before, after, play, me, made))
    if not view.rules.expert and made:
        _check_claims_hold(after, made, me, "after this play")
        parts.append(_claim_words(after, me, made))
    return "; ".join(p for p in parts if p)


# ---- checking the input -------------------------------------------------------------------------


def _mover_view(position: object) -> Position:
    """The position as the player to move sees it: the opponent's hand hidden (size kept)."""
    if not isinstance(position, Position):
        raise ValueError(f"position: must be a Position or an Observation, not {type(position).__name__}")
    me = position.to_move
    if position.hands[me] is None:
        raise ValueError(f"position: {me.value}'s hand is unknown; the reasons of {me.value}'s moves need it")
    if getattr(position, "pending", None) is not None:
        raise ValueError("position.pending: a Headhunter put-back is pending; explain the Headhunter play before it")
    if position.winner() is not None:
        raise ValueError(f"position: the game is over ({position.winner().value} has won)")  # type: ignore[union-attr]
    return position.with_hand(me.opponent, None) if position.hands[me.opponent] is not None else position


def _check_claims(claims: object) -> tuple[int, ...]:
    if isinstance(claims, (str, bytes)) or not isinstance(claims, Sequence):
        raise ValueError(f"claims: must be a list of stone numbers 1-{STONE_COUNT}, not {claims!r}")
    for n in claims:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= STONE_COUNT:
            raise ValueError(f"claims: {n!r} is not a stone number 1-{STONE_COUNT}")
    if len(set(claims)) != len(claims):
        raise ValueError(f"claims: a stone is listed twice in {list(claims)}")
    return tuple(claims)


def _check_play(position: Position, play: object) -> None:
    if not isinstance(play, Play):
        raise ValueError(f"play: must be a Play from legal_plays(position) or None (a pass), not {play!r}")
    if play in legal_plays(position):
        return
    problem = play_problem(seat_of(position), play)
    why = problem[1] if problem else "it is not among the legal plays"
    raise ValueError(f"play: {play} is not legal here: {why}")


def _check_claims_hold(position: Position, claims: Sequence[int], me: Player, when: str, shown_claimed: bool = False) -> None:
    """Raise unless ``me`` may make ``claims`` in order on ``position`` (the game ends at a winning one);
    ``shown_claimed``: a stone ``position`` already shows claimed by ``me`` counts as this turn's claim."""
    held = set(position.stones_held(me))
    pool = position.public_pool
    for k, n in enumerate(claims):
        if holds_winning_set(held):
            raise ValueError(f"claims: the game ends at the claim of stone {claims[k - 1]}; stone {n} cannot follow")
        stone = position.stone(n)
        if stone.claimed is me and shown_claimed:
            held.add(n)
            continue
        if not claim_holds(stone, me, pool):
            why = _refusal(decide_claim(stone, me, pool, TACTICS), stone, me)
            raise ValueError(f"claims: {me.value} cannot claim stone {n} {when}: {why}")
        held.add(n)


def _refusal(decision: Decision, stone: Stone, me: Player) -> str:
    them = me.opponent.value
    if decision.status is ClaimStatus.CLAIMED:
        return f"it is claimed by {stone.claimed.value}"  # type: ignore[union-attr]
    if decision.status is ClaimStatus.INCOMPLETE:
        return f"the side has {len(stone.side(me))} of {stone.capacity} cards"
    if decision.status is ClaimStatus.BEATEN:
        return f"{them} can still add {_cards(decision.counterexample or ())} and beat it"
    return f"{them}'s side is not beaten"


# ---- words --------------------------------------------------------------------------------------


def _play_words(before: Position, after: Position, play: Play, me: Player, claims: Sequence[int]) -> list[str]:
    """The parts saying what ``play`` does (the claims apart)."""
    them = me.opponent.value
    pool = before.viewer_pool(me)
    kind = play.kind
    if kind in ("clan", "troop"):
        assert play.stone is not None
        words = _placement_words(before, after, play.stone, me, claims)
        if kind == "troop":
            words.append(f"{TACTICS_WORDS[play.card]}: {TROOP_RANGE_WORDS[play.card]} until the stone is claimed")
        return words
    if kind == "mode":
        assert play.stone is not None
        return [_mode_words(before, after, play, me), _chances(before, after, (play.stone,), me, pool)]
    if play.card == "HEADHUNTER":
        return [_headhunter_words(play)]
    assert play.source is not None and play.target is not None
    piece = _piece_words(play.target)
    if play.card == "BANSHEE":
        return [f"Banshee discards {them}'s {piece} from stone {play.source}", _chances(before, after, (play.source,), me, pool)]
    touched = (play.source,) if play.stone in (None, play.source) else (play.source, play.stone)
    if play.card == "TRAITOR":
        assert play.stone is not None
        where = f"on stone {play.source} over to your side" if play.stone == play.source else f"from stone {play.source} to your side of stone {play.stone}"
        words = [f"Traitor takes {them}'s {piece} {where}"]
    elif play.stone is None:
        words = [f"Strategist discards your {piece} from stone {play.source}"]
    else:
        words = [f"Strategist moves your {piece} from stone {play.source} to stone {play.stone}"]
    if play.stone is not None:
        words.extend(_placement_words(before, after, play.stone, me, claims, threat=False))
    words.append(_chances(before, after, touched, me, pool))
    return [w for w in words if w]


def _placement_words(
    before: Position, after: Position, number: int, me: Player, claims: Sequence[int], threat: bool = True
) -> list[str]:
    """What the mover's side of stone ``number`` becomes: the formation completed and how it stands
    against the opponent, or the formation still possible."""
    them = me.opponent
    stone = after.stone(number)
    side = stone.side(me)
    size, blind = stone.capacity, stone.blind
    words: list[str] = []
    if len(side) >= size:
        decision = decide_claim(stone, me, after.public_pool, TACTICS)
        own = decision.own
        assert own is not None
        words.append(f"completes {_formation_words(own, size, side, decision.own_resolved)} on stone {number}")
        status = decision.status
        other = "" if decision.other is None else decision.other.describe(size=size)
        if status is ClaimStatus.BEATEN:
            words.append(beat_words(stone, me, after.public_pool, before.viewer_pool(me), TACTICS))
        elif status is ClaimStatus.PROVED and number not in claims:
            words.append(f"{them.value} cannot beat it")
        elif status is ClaimStatus.STRONGER and number not in claims:
            words.append(f"beats {them.value}'s {other}")
        elif status is ClaimStatus.WEAKER:
            words.append(f"loses to {them.value}'s {other}")
        elif status in (ClaimStatus.TIE_WON, ClaimStatus.TIE_LOST, ClaimStatus.TIE_UNKNOWN):
            first = stone.first_complete
            words.append(f"ties {them.value}'s {other}" + (f"; {first.value} completed first" if first else ""))
        return words
    kind = "opens" if len(side) == 1 else "builds"
    mud = " (Mud fight: 4 cards)" if size == 4 else ""
    words.append(f"{kind} stone {number} with {_pieces(side)}{mud}")
    best = best_side_completion(side, after.public_pool, capacity=size, blind=blind)
    if best is None:
        words.append("it can no longer be completed")
    elif blind:
        words.append(f"sum up to {best[0].total} still possible (Blind-man's bluff: sums only)")
    else:
        words.append(f"{_best_words(best[0], size)} still possible")
    if threat and len(stone.side(them)) >= size:
        words.append(f"answers {them.value}'s complete {stone.formation(them)}")
    return words


def beat_words(stone: Stone, me: Player, public: CardMask, seen: CardMask, rules: RuleSet) -> str:
    """What the opponent needs to beat ``me``'s complete side of ``stone``, from ``me``'s seat, when
    the rules refuse the claim (the proof on the ``public`` pool finds a beating completion): the one
    beating completion, or how many of the completions from the unseen cards beat it, exactly, and
    the strongest of them.

    The proof may give the opponent any clan card off the table, ``me``'s own hand included; from the
    mover's seat the opponent can only get cards of ``seen``, the mover's viewer pool. So the cards
    named are the strongest beating completion from that pool (the proof's own search,
    :func:`~schotten_lab.core.proof.decide_claim`, on the smaller pool); when there is none, every
    beating completion takes a card of the mover's hand (``public`` minus ``seen``), and the words
    say so, naming each hand card some beating completion takes."""
    return beat_fact(stone, me, public, seen, rules).in_words("en")


def _best_words(best: Formation, size: int) -> str:
    if best.rank is Rank.SUM:
        return f"sum {best.total}"
    return best.rank.label(size=size)


def _mode_words(before: Position, after: Position, play: Play, me: Player) -> str:
    assert play.stone is not None
    number = play.stone
    if play.card == "BLIND":
        words = f"Blind-man's bluff on stone {number}: only sums count"
        if "mud" in before.stone(number).modes:
            words += " (with the Mud fight: 4 cards a side)"
        return words
    words = f"Mud fight on stone {number}: both sides need 4 cards"
    if "blind" in before.stone(number).modes:
        words += ", sums only (with the Blind-man's bluff)"
    reopened = [p for p in (me, me.opponent) if len(before.stone(number).side(p)) == 3]
    if reopened:
        who = " and ".join("your" if p is me else f"{p.value}'s" for p in reopened)
        words += f"; {who} complete side{'s' if len(reopened) > 1 else ''} need{'' if len(reopened) > 1 else 's'} a fourth card"
    return words


def _headhunter_words(play: Play) -> str:
    drawn = len(play.decks)
    if drawn == 0:
        return "Headhunter: both decks are empty, it draws nothing"
    back = min(2, drawn - 1)  # docs/GAME.md: 2, or fewer when the decks hold under 3 cards
    keep = "keeps it" if drawn == 1 else f"puts {back} back under the decks"
    return f"Headhunter: draws {drawn} ({', '.join(play.decks)}), {keep}"


def _chances(before: Position, after: Position, stones: Sequence[int], me: Player, pool: CardMask) -> str:
    """``your chance there 30.0% → 55.0%`` (or per stone), or ``""`` when a stone cannot be completed."""
    shown = []
    for number in stones:
        was, now = _chance(before.stone(number), me, pool), _chance(after.stone(number), me, pool)
        if was is None or now is None:
            continue
        where = "there" if len(stones) == 1 else f"on stone {number}"
        shown.append(f"{where} {percent(was)} → {percent(now)}")
    return f"your chance {', '.join(shown)}" if shown else ""


def _chance(stone: Stone, me: Player, pool: CardMask) -> Fraction | None:
    """``me``'s exact chance of winning ``stone`` (see the module), ``None`` when the pool cannot
    complete its open sides."""
    if stone.claimed is not None:
        return Fraction(int(stone.claimed is me))
    south, north = stone.south, stone.north
    capacity = stone.capacity
    if max(len(south), len(north)) < capacity and sorted(map(str, south)) == sorted(map(str, north)):
        return Fraction(1, 2)  # two open sides alike (e.g. both empty): each wins as often, a tie counts one half
    return _side_chance(south, north, stone.first_complete, stone.modes, pool & ~mask_of(stone.clan_cards()), me)


stone_chance = _chance
"""``me``'s exact chance of winning a stone from a pool (see the module); the base game's reasons use it too."""


@lru_cache(maxsize=4096)
def _side_chance(
    south: tuple[Piece, ...], north: tuple[Piece, ...], first: Player | None, modes: frozenset[str], pool: CardMask, me: Player
) -> Fraction | None:
    capacity = 4 if "mud" in modes else 3
    out = outcome_of_sides(south, north, pool, first, capacity=capacity, blind="blind" in modes)
    if out.pairs == 0:
        return None
    return out[me] + out.tie / 2


def _claim_words(position: Position, me: Player, claims: Sequence[int]) -> str:
    held = set(position.stones_held(me)) | set(claims)
    suffix = " and wins the game" if holds_winning_set(held) else ""
    return f"claims stone{'s' * (len(claims) > 1)} {_numbers(claims)}{suffix}"


def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _piece_words(piece: Piece | str) -> str:
    """A piece as a player names it: ``R8``, ``Joker``, ``Joker (R8)`` once its identity is chosen."""
    if isinstance(piece, Troop):
        name = TACTICS_WORDS[piece.kind]
        return name if piece.identity is None else f"{name} ({piece.identity})"
    if isinstance(piece, str):
        return TACTICS_WORDS.get(piece, piece)
    return str(piece)


def _pieces(pieces: Sequence[Piece]) -> str:
    return " ".join(_piece_words(p) for p in pieces)


def _cards(cards: Sequence[Piece]) -> str:
    return " ".join(_piece_words(c) for c in cards)


def _formation_words(own: Formation, size: int, side: Sequence[Piece], resolved: Sequence[Card]) -> str:
    """``color run (sum 24, Joker as R8)``: a complete side's formation, its wild troops at their best."""
    named = [f"{TACTICS_WORDS[p.kind]} as {card}" for p, card in zip(side, resolved) if isinstance(p, Troop) and p.wild]
    details = ", ".join([f"sum {own.total}", *named])
    return f"sum {own.total}" + (f" ({', '.join(named)})" if named else "") if own.rank is Rank.SUM else f"{own.rank.label(size=size)} ({details})"


__all__ = ["TACTICS_WORDS", "TROOP_RANGE_WORDS", "beat_words", "explain_play"]
