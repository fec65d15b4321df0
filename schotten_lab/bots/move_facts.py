"""Why a base-game (or expert) move is good, as exact before/after facts, rendered in English or French.

:func:`move_facts` compares the table before a placement with the table after it (and its claims),
seen from the mover's seat, and returns :class:`~schotten_lab.core.words.Facts`: one
:class:`~schotten_lab.core.words.Fact` a statement, each a phrase key of :data:`REASON_PHRASES` with
its fields (stone numbers, cards, players, formations, exact fractions), rendered by
``facts.in_words(lang)``. Every figure is exact; nothing is sampled.

The facts, most telling first (``key``: what it says):

- ``reason.claims_one`` / ``reason.claims_many``: the stones the turn claims (and that it wins the game);
- ``reason.unlocks``: a claim the placement makes provable, and why: the opponent formation it rules
  out there (the strongest that beat the mover's complete side), since with the card played now on the
  table the opponent can no longer beat that side (the proof reads the public pool: the card left it). The issue's example: Y1 kills north's Y1-Y2-Y3, so south's three 7s are
  provable;
- ``reason.kills``: an opponent formation the placement makes impossible (publicly: every
  completion of that rank from the cards off the table took the card played), with the stone and
  the card;
- ``reason.answers`` / ``reason.decisive``: the opponent's threat on the stone played: a complete side
  there, or a stone that would give the opponent the game;
- ``reason.next_claim`` (base game) / ``reason.next_claim_expert``: a claim the move makes provable
  for the next turn: a hand card that would then complete a provable side, or (expert variant, where
  claims open the turn) a complete side that will be provable at the start of the next turn;
- ``reason.keeps``: hand cards the opponent would need for their best formation on the stone played
  (from the mover's seat the opponent cannot get them; the proof does not know it);
- ``reason.opens`` / ``reason.builds`` / ``reason.completes`` (+ what the opponent needs to beat it,
  :func:`beat_fact`): what the mover's side of the stone becomes;
- ``reason.chance``: the stones whose seat outcome the move changes most (the mover's exact chance of
  winning the stone when both open sides are completed from the cards the mover does not see, a tie
  decided by completion order counting one half), before → after, at most :data:`MAX_CHANCES`.

``deep=False`` gives the cheap facts only (claims, what the side becomes, a complete opposing side):
the advisor's reason before this module, word for word in English. The slow obvious twins of the
fast paths (kills on completion masks, next-turn proofs) are in tests/bots/test_move_facts.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from ..analysis.claims import FormationWords
from ..core.cards import Card, CardMask, cards_of, mask_of
from ..core.formations import STRENGTH_BASE, Formation, Rank
from ..core.position import Position
from ..core.proof import ClaimStatus, decide_claim
from ..core.rules import STONE_COUNT, Player, RuleSet, holds_winning_set
from ..core.sides import best_side_completion, completion_masks
from ..core.stone import Stone
from ..core.tactics import Piece, Troop
from ..core.words import Fact, Facts, check_lang, formation, join, player, register, tactic
from ..core.words import TACTICS_WORDS as TACTIC_NAMES

MAX_CHANCES = 2
"""The seat-outcome changes a reason shows (the largest)."""
MIN_CHANCE_CHANGE = Fraction(1, 200)
"""A stone's chance must move by at least half a point to be mentioned."""
MAX_NEXT = 2
"""Next-turn claims a reason names."""

REASON_PHRASES = register(
    {
        "reason.opens": {"en": "opens stone {stone} with {cards}; {formation} still possible", "fr": "ouvre la borne {stone} avec {cards} ; {formation:indef} reste possible"},
        "reason.builds": {"en": "builds stone {stone} with {cards}; {formation} still possible", "fr": "poursuit la borne {stone} avec {cards} ; {formation:indef} reste possible"},
        "reason.completes": {"en": "completes {own} on stone {stone}", "fr": "complète {own:indef} sur la borne {stone}"},
        "reason.completes_stone": {"en": "completes stone {stone}", "fr": "complète son côté de la borne {stone}"},
        "reason.claims_one": {"en": "claims stone {stones}{wins}", "fr": "revendique la borne {stones}{wins}"},
        "reason.claims_many": {"en": "claims stones {stones}{wins}", "fr": "revendique les bornes {stones}{wins}"},
        "reason.wins_game": {"en": " and wins the game", "fr": " et gagne la partie"},
        "reason.pass": {"en": "no legal placement: pass", "fr": "aucune carte ne peut être posée : il faut passer"},
        "reason.answers": {"en": "answers {opponent}'s complete {other}", "fr": "répond au côté complet de {opponent}, qui forme {other:indef}"},
        "reason.decisive": {"en": "stone {stone} would give {opponent} the game", "fr": "la borne {stone} donnerait la partie à {opponent}"},
        "reason.kills": {"en": "rules out {formation:poss} on stone {stone}: it needed {card}", "fr": "rend impossible {formation:poss} sur la borne {stone} : il y fallait {card}"},
        "reason.unlocks": {
            "en": "rules out {formation:poss} on stone {stone} ({card} was needed): with {card} on the table, {opponent} can no longer beat {own:poss} there",
            "fr": "rend impossible {formation:poss} sur la borne {stone} (il y fallait {card}) : avec {card} sur la table, {opponent} ne peut plus battre {own:poss}",
        },
        "reason.next_claim": {
            "en": "next turn, {card} on stone {stone} completes {own:indef} that can be claimed at once",
            "fr": "au prochain tour, {card} sur la borne {stone} y complète {own:indef} aussitôt revendicable",
        },
        "reason.next_claim_expert": {
            "en": "stone {stone} can be claimed at the start of the next turn",
            "fr": "la borne {stone} pourra être revendiquée au début du prochain tour",
        },
        "reason.keeps": {
            "en": "holds {cards}, which {opponent} would need for {formation:indef} on stone {stone}",
            "fr": "garde {cards}, qu'il faudrait à {opponent} pour {formation:indef} sur la borne {stone}",
        },
        "reason.chance": {"en": "your chance on stone {stone}: {p} → {q}", "fr": "vos chances sur la borne {stone} : {p} → {q}"},
        "reason.beat_needs": {"en": "{opponent} needs {cards} to beat it", "fr": "il faudrait {cards} à {opponent} pour faire mieux"},
        "reason.beat_any": {
            "en": "{opponent} beats it with any of the {count} {unit} you have not seen (the strongest: {cards})",
            "fr": "{opponent} fait mieux avec n'importe laquelle des {count} {unit} que vous n'avez pas vues (la plus forte : {cards})",
        },
        "reason.beat_some": {
            "en": "{opponent} beats it with {count} of the {total} {unit} you have not seen (the strongest: {cards})",
            "fr": "{opponent} fait mieux avec {count} des {total} {unit} que vous n'avez pas vues (la plus forte : {cards})",
        },
        "reason.unit_cards": {"en": "cards", "fr": "cartes"},
        "reason.unit_pairs": {"en": "pairs", "fr": "paires"},
        "reason.unit_sets": {"en": "sets of {count}", "fr": "séries de {count}"},
        "reason.beat_hand": {
            "en": "not claimable yet (the proof counts your hand as unknown), but {opponent} could beat it only with your {cards}",
            "fr": "pas encore revendicable (la preuve ne connaît pas votre main), mais {opponent} ne pourrait faire mieux qu'avec votre {cards}",
        },
    }
)
"""The reasons' phrases (en, fr), each with the same ``{fields}``."""


# ---- values that render themselves -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RankWords:
    """A formation's rank (no sum: a formation still possible or ruled out), in any form:
    ``poss`` "north's color run" / « la suite couleur de Nord »."""

    rank: Rank
    capacity: int = 3
    owner: Player | None = None

    def in_words(self, lang: str = "en") -> str:
        return formation(self.rank.key, lang, self.capacity)

    def in_form(self, lang: str, form: str) -> str:
        if form != "poss" or self.owner is None:
            return formation(self.rank.key, lang, self.capacity, form)
        if check_lang(lang) == "en":
            return f"{player(self.owner, lang)}'s {formation(self.rank.key, lang, self.capacity)}"
        return f"{formation(self.rank.key, lang, self.capacity, 'def')} de {player(self.owner, lang)}"


@dataclass(frozen=True, slots=True)
class Numbers:
    """Stone numbers: "2, 5" in English (the reasons' old words), « 2 et 5 » in French."""

    numbers: tuple[int, ...]

    def in_words(self, lang: str = "en") -> str:
        names = [str(n) for n in self.numbers]
        return ", ".join(names) if check_lang(lang) == "en" else join(names, lang)


@dataclass(frozen=True, slots=True)
class Pieces:
    """Cards and elite troops in a row (``R8 Joker``), or as alternatives (``R6, R9 or G7``)."""

    pieces: tuple[Piece, ...]
    either: bool = False

    def in_words(self, lang: str = "en") -> str:
        names = [piece_name(p, lang) for p in self.pieces]
        if not self.either or len(names) == 1:
            return " ".join(names)
        word = " ou " if check_lang(lang) == "fr" else " or "
        return ", ".join(names[:-1]) + word + names[-1]


def piece_name(piece: Piece | str, lang: str = "en") -> str:
    """A piece as a player names it: ``R8``, ``Joker``, ``Joker (R8)`` once its identity is chosen
    (the tactics card in the language: « Porte-Bouclier »)."""
    if isinstance(piece, Troop):
        name = tactic(piece.kind, lang)
        return name if piece.identity is None else f"{name} ({piece.identity})"
    if isinstance(piece, str):
        return tactic(piece, lang) if piece in TACTIC_NAMES else piece
    return str(piece)


# ---- what the opponent needs to beat a complete side ---------------------------------------------------


def beat_fact(stone: Stone, me: Player, public: CardMask, seen: CardMask, rules: RuleSet) -> Fact:
    """What the opponent needs to beat ``me``'s complete side of ``stone`` (a claim the rules refuse),
    from ``me``'s seat: see :func:`~.tactics_reasons.beat_words`, which renders this fact in English."""
    them = me.opponent
    decision = decide_claim(stone, me, seen, rules)
    if decision.status is ClaimStatus.BEATEN:
        strongest = Pieces(tuple(decision.counterexample or ()))
        assert decision.own is not None
        _, strengths = completion_masks(stone.side(them), seen, capacity=stone.capacity, blind=stone.blind)
        beating = int(np.count_nonzero(strengths > decision.own.strength))
        if beating <= 1:
            return Fact.of("reason.beat_needs", opponent=them, cards=strongest)
        missing = stone.capacity - len(stone.side(them))
        unit = Fact.of({1: "reason.unit_cards", 2: "reason.unit_pairs"}.get(missing, "reason.unit_sets"), **({} if missing <= 2 else {"count": missing}))
        if beating == len(strengths):
            return Fact.of("reason.beat_any", opponent=them, count=beating, unit=unit, cards=strongest)
        return Fact.of("reason.beat_some", opponent=them, count=beating, total=len(strengths), unit=unit, cards=strongest)
    assert decision.status is ClaimStatus.PROVED and decision.own is not None, decision.status
    masks, strengths = completion_masks(stone.side(them), public, capacity=stone.capacity, blind=stone.blind)
    used = int(np.bitwise_or.reduce(masks[strengths > decision.own.strength], initial=np.uint64(0)))
    yours = cards_of(used & public & ~seen)
    assert yours, "a beating completion from the public pool but none from the viewer pool takes a hand card"
    return Fact.of("reason.beat_hand", opponent=them, cards=Pieces(tuple(yours), either=True))


# ---- the facts of a move ----------------------------------------------------------------------------


def placed(position: Position, card: Card, number: int) -> Position:
    """``position`` after the mover puts ``card`` (from the hand) on stone ``number`` (no claims, no
    draw): the side completed first is recorded."""
    me = position.to_move
    before = position.stone(number)
    stone = before.with_side(me, before.side(me) + (card,))
    if len(stone.side(me)) >= stone.capacity and stone.first_complete is None:
        stone = replace(stone, first_complete=me)
    hand = [c for c in position.hand(me) or () if c != card]
    return position.with_stone(number, stone).with_hand(me, hand)


def move_facts(
    position: Position, card: Card | None, number: int | None, claims: Sequence[int], wins: bool, *, deep: bool = True
) -> Facts:
    """The facts of the placement of ``card`` on stone ``number`` (1-9; ``None`` for a pass) by
    ``position.to_move``, and of the turn's ``claims`` (stones 1-9; ``wins``: they win the game),
    from the mover's seat (the opponent's hand is never read). See the module for the facts;
    ``deep=False`` keeps the cheap ones."""
    me = position.to_move
    them = me.opponent
    expert = position.rules.expert
    facts: list[Fact] = []
    claim_fact = _claims(claims, wins) if claims else None
    if expert and claim_fact is not None:
        facts.append(claim_fact)
    if card is None or number is None:
        if not expert and claim_fact is not None:  # a pass may still claim
            facts.append(claim_fact)
        if not wins:
            facts.append(Fact.of("reason.pass"))
        return Facts(tuple(facts))
    if expert and claims:  # the turn's claims come first, the placement follows on that table
        for k in claims:
            position = position.with_stone(k, replace(position.stone(k), claimed=me))
    after = placed(position, card, number)
    if not deep:  # the advisor's words before the deep facts, in their order
        facts.extend(_side(position, after, card, number))
        if not expert and claim_fact is not None:
            facts.append(claim_fact)
        answer = _complete_side(position, number)
        if answer is not None:
            facts.append(answer)
        return Facts(tuple(facts))
    if not expert and claim_fact is not None:
        facts.append(claim_fact)
    if not expert:
        facts.extend(_unlocks(position, card, number, claims))
    facts.extend(_kills(position, card, claims))
    facts.extend(_answers(position, number))
    facts.extend(_next_claims(position, after, card, number, claims))
    facts.extend(_keeps(after, number))
    facts.extend(_side(position, after, card, number))
    facts.extend(_chances(position, after, number, claims))
    return Facts(tuple(facts))


def _claims(claims: Sequence[int], wins: bool) -> Fact:
    key = "reason.claims_many" if len(claims) > 1 else "reason.claims_one"
    return Fact.of(key, stones=Numbers(tuple(claims)), wins=Fact.of("reason.wins_game") if wins else "")


def _side(before: Position, after: Position, card: Card, number: int) -> list[Fact]:
    """What the mover's side of stone ``number`` becomes (the advisor's words before the deep facts)."""
    me = before.to_move
    stone = after.stone(number)
    side = stone.side(me)
    if len(side) >= stone.capacity:
        verdict = decide_claim(stone, me, after.public_pool, after.rules)
        own = verdict.own
        out = [Fact.of("reason.completes", stone=number, own=FormationWords(own, stone.capacity)) if own else Fact.of("reason.completes_stone", stone=number)]
        if verdict.status is ClaimStatus.BEATEN:
            out.append(beat_fact(stone, me, after.public_pool, before.viewer_pool(me), after.rules))
        return out
    best = best_side_completion(side, after.public_pool, capacity=stone.capacity, blind=stone.blind)
    if best is None:
        return []
    key = "reason.opens" if len(side) == 1 else "reason.builds"
    return [Fact.of(key, stone=number, cards=Pieces(tuple(side)), formation=RankWords(best[0].rank, stone.capacity))]


def _complete_side(position: Position, number: int) -> Fact | None:
    me = position.to_move
    stone = position.stone(number)
    theirs = stone.side(me.opponent)
    if len(theirs) < stone.capacity:
        return None
    f = stone.formation(me.opponent)
    return Fact.of("reason.answers", opponent=me.opponent, other=FormationWords(f, stone.capacity, blind=stone.blind)) if f else None


def _answers(position: Position, number: int) -> list[Fact]:
    """The opponent's threat on the stone played: their complete side, and whether the stone would
    give them the game."""
    me = position.to_move
    them = me.opponent
    stone = position.stone(number)
    out: list[Fact] = []
    complete = _complete_side(position, number)
    if complete is not None:
        out.append(complete)
    if stone.side(them) and holds_winning_set(set(position.stones_held(them)) | {number}):
        out.append(Fact.of("reason.decisive", stone=number, opponent=them))
    return out


def _ranks(side: tuple[Piece, ...], pool: CardMask, stone: Stone) -> tuple[np.ndarray, np.ndarray]:
    masks, strengths = completion_masks(side, pool & ~mask_of(stone.clan_cards()), capacity=stone.capacity, blind=stone.blind)
    return masks, strengths // STRENGTH_BASE


def _kills(position: Position, card: Card, claims: Sequence[int]) -> list[Fact]:
    """Each open opponent side whose best still-possible rank drops when ``card`` leaves the public
    pool (every completion of that rank took it)."""
    me = position.to_move
    them = me.opponent
    pool = position.public_pool
    bit = np.uint64(1 << card.index)
    out: list[Fact] = []
    for n in range(1, STONE_COUNT + 1):
        stone = position.stone(n)
        theirs = stone.side(them)
        if stone.claimed is not None or n in claims or len(theirs) >= stone.capacity or stone.blind:
            continue
        masks, ranks = _ranks(theirs, pool, stone)
        if not len(ranks):
            continue
        best = int(ranks.max())
        left = ranks[(masks & bit) == 0]
        if (int(left.max()) if len(left) else 0) < best:
            out.append(Fact.of("reason.kills", formation=RankWords(Rank(best), stone.capacity, them), stone=n, card=card))
    return out


def _unlocks(position: Position, card: Card, number: int, claims: Sequence[int]) -> list[Fact]:
    """Claims on other stones than the one played: provable now only because ``card`` left the pool."""
    me = position.to_move
    out: list[Fact] = []
    for k in claims:
        if k == number:
            continue
        stone = position.stone(k)
        if decide_claim(stone, me, position.public_pool, position.rules).claimable:
            continue  # provable before the move already
        own = stone.formation(me)
        theirs = stone.side(me.opponent)
        if own is None or len(theirs) >= stone.capacity:
            continue
        masks, strengths = completion_masks(theirs, position.public_pool, capacity=stone.capacity, blind=stone.blind)
        beating = strengths[strengths > own.strength]
        if not len(beating):
            continue
        rank = RankWords(Rank(int(beating.max()) // STRENGTH_BASE), stone.capacity, me.opponent)
        out.append(Fact.of("reason.unlocks", formation=rank, card=card, opponent=me.opponent, own=FormationWords(own, stone.capacity, owner=me), stone=k))
    return out


def next_claims(position: Position) -> dict[tuple[int, Card], Formation]:
    """The base game's claims ``position.to_move`` could make next turn with one card: ``(stone, hand
    card)`` whose placement completes a side that is then provable on the public pool, with its
    formation."""
    me = position.to_move
    out: dict[tuple[int, Card], Formation] = {}
    for n in range(1, STONE_COUNT + 1):
        stone = position.stone(n)
        if stone.claimed is not None or len(stone.side(me)) != stone.capacity - 1:
            continue
        for h in position.clan_hand(me) or ():
            done = placed(position, h, n)
            verdict = decide_claim(done.stone(n), me, done.public_pool, done.rules)
            if verdict.claimable and verdict.own is not None:
                out[(n, h)] = verdict.own
    return out


def _next_claims(before: Position, after: Position, card: Card, number: int, claims: Sequence[int]) -> list[Fact]:
    me = before.to_move
    if before.rules.expert:  # claims open the next turn: complete sides provable then, not before
        out = []
        for n in range(1, STONE_COUNT + 1):
            stone = after.stone(n)
            if stone.claimed is not None or n in claims or len(stone.side(me)) < stone.capacity:
                continue
            if not decide_claim(stone, me, after.public_pool, after.rules).claimable:
                continue
            if n == number or not decide_claim(before.stone(n), me, before.public_pool, before.rules).claimable:
                out.append(Fact.of("reason.next_claim_expert", stone=n))
        return out[:MAX_NEXT]
    was = next_claims(before)
    now = {key: f for key, f in next_claims(after).items() if key[0] not in claims and key not in was}
    by_stone: dict[int, tuple[Formation, list[Card]]] = {}
    for (n, h), f in sorted(now.items(), key=lambda kv: -kv[1].strength):
        best, cards = by_stone.setdefault(n, (f, []))
        cards.append(h)
    ranked = sorted(by_stone.items(), key=lambda kv: (-kv[1][0].strength, kv[0]))[:MAX_NEXT]
    return [
        Fact.of("reason.next_claim", card=Pieces(tuple(cards), either=True), stone=n, own=FormationWords(f, after.stone(n).capacity))
        for n, (f, cards) in ranked
    ]


def _keeps(after: Position, number: int) -> list[Fact]:
    """Hand cards every completion of the opponent's best public rank on the stone played takes,
    when the opponent cannot reach that rank without them (the mover's side still open)."""
    me = after.to_move
    them = me.opponent
    stone = after.stone(number)
    theirs = stone.side(them)
    if len(stone.side(me)) >= stone.capacity or len(theirs) >= stone.capacity or stone.blind:
        return []
    hand = mask_of(after.clan_hand(me) or ())
    masks, ranks = _ranks(theirs, after.public_pool, stone)
    if not len(ranks):
        return []
    best = int(ranks.max())
    free = ranks[(masks & np.uint64(hand)) == 0]
    if (int(free.max()) if len(free) else 0) >= best:
        return []
    used = int(np.bitwise_or.reduce(masks[ranks == best], initial=np.uint64(0))) & hand
    return [Fact.of("reason.keeps", cards=Pieces(tuple(cards_of(used))), opponent=them, formation=RankWords(Rank(best), stone.capacity), stone=number)]


def _chances(before: Position, after: Position, number: int, claims: Sequence[int]) -> list[Fact]:
    """The stones whose seat outcome changes most: the one played, and those claimed."""
    from .tactics_reasons import stone_chance

    me = before.to_move
    pool = before.viewer_pool(me)  # the card moves from the hand to the table: the same pool after
    changes = []
    for n in dict.fromkeys((number, *claims)):
        was = stone_chance(before.stone(n), me, pool)
        now = Fraction(1) if n in claims else stone_chance(after.stone(n), me, pool)
        if was is not None and now is not None and abs(now - was) >= MIN_CHANCE_CHANGE:
            changes.append((abs(now - was), n, was, now))
    changes.sort(key=lambda c: (-c[0], c[1]))
    return [Fact.of("reason.chance", stone=n, p=was, q=now) for _, n, was, now in changes[:MAX_CHANCES]]


__all__ = ["MAX_CHANCES", "REASON_PHRASES", "Numbers", "Pieces", "RankWords", "beat_fact", "move_facts", "next_claims", "piece_name", "placed"]
