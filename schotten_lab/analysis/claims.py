"""Claim feasibility (docs/ANALYSIS.md §1): exact proofs, counterexamples, and explanations in words.

An early claim is proved when no completion of the opponent's side with distinct cards of the public
pool ``U`` (cards not on the table; both hands count as possible) beats the claimant. The search is
one vectorised pass over the strength-sorted table of all 3-card hands, so the strongest beating
completion, when there is one, is simply the first hand that fits.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import numpy as np

from ..core.cards import FULL_DECK, Card, cards_of, mask_of
from ..core.formations import BLIND_CUBE, STRENGTH_CUBE, Formation, strengths_of
from ..core.location import Place
from ..core.position import Position, Stone
from ..core.proof import ClaimStatus, Decision, Scenario, decide_claim
from ..core.rules import Player, RuleSet
from ..core.sides import completion_masks, side_strength
from ..core.tactics import MODE_CARD, Piece, Troop
from ..core.words import Count, Fact, Facts, TacticName, formation, player, render, with_article
from .common import check_player, check_rules, check_stone

MAX_LISTED_THREATS = 3


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """Whether ``player`` may claim ``stone`` now, and why.

    ``status`` says why (a :class:`~schotten_lab.core.proof.ClaimStatus`); ``facts`` is the
    explanation as structured facts, rendered by :meth:`explain` in English or French (``reason`` is
    the English text, rendered when first read). ``counterexample`` holds the cards the opponent would ADD to their side: the
    strongest completion that beats the claimant (``None`` when the claim holds or fails for another
    reason); ``alternatives`` lists every card that would do as well as a one-card counterexample.
    """

    stone: int
    player: Player
    claimable: bool
    own: Formation | None = None
    counterexample: tuple[Piece, ...] | None = None
    counter_formation: Formation | None = None
    tie_break_unknown: bool = False
    scenario: str | None = None
    """Strict proofs: the unplayed tactics that would make the counterexample possible."""
    status: ClaimStatus = ClaimStatus.PROVED
    facts: Fact | None = None
    alternatives: tuple[Card, ...] = ()
    _reason: str | None = field(default=None, init=False, repr=False, compare=False)
    """The English words of ``facts``, kept once :attr:`reason` has rendered them."""

    @property
    def reason(self) -> str:
        """The explanation in English (``facts`` rendered on first reading, then kept)."""
        if self._reason is None:
            object.__setattr__(self, "_reason", "" if self.facts is None else self.facts.in_words("en"))
        assert self._reason is not None
        return self._reason

    def __bool__(self) -> bool:
        return self.claimable

    def explain(self, lang: str = "en") -> str:
        """The explanation in ``lang`` (``en`` or ``fr``)."""
        return self.reason if self.facts is None else self.facts.in_words(lang)

    def __str__(self) -> str:
        verdict = "can claim" if self.claimable else "cannot claim"
        return f"{self.player.value} {verdict} stone {self.stone}: {self.reason}"

    def _repr_html_(self) -> str:
        color = "#1b5e20" if self.claimable else "#b71c1c"
        verdict = "can claim" if self.claimable else "cannot claim"
        return (
            f"<p><b style='color:{color}'>{self.player.value} {verdict} stone {self.stone}</b>: "
            f"{html.escape(self.reason)}</p>"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "claimable": self.claimable,
            "status": self.status.value,
            "counterexample": None if self.counterexample is None else [str(c) for c in self.counterexample],
            "alternatives": [str(c) for c in self.alternatives],
            "reason": self.reason,
            "facts": None if self.facts is None else self.facts.to_dict(),
            "formation": None if self.own is None else self.own.rank.key,
            "strength": None if self.own is None else self.own.strength,
            "counter_formation": None if self.counter_formation is None else self.counter_formation.rank.key,
            "tie_break_unknown": self.tie_break_unknown,
            "scenario": self.scenario,
        }


def claim(position: Position, stone: int, player: Player | str, rules: RuleSet | None = None) -> ClaimVerdict:
    """Decide whether ``player`` may claim stone ``stone`` (1-9) now, with proof or counterexample.

    ``rules`` defaults to the position's rule set; pass ``RuleSet("tactics", strict_proofs=True)``
    for the strict proof (unplayed combat modes and elite troops may block a claim).
    """
    number = check_stone(position, stone)
    me = check_player(player)
    rules = check_rules(position, rules)
    s = position.stone(number)
    left = position.tactics_left() if rules.tactics and rules.strict_proofs else None  # only strict proofs use it
    d = decide_claim(s, me, position.public_pool, rules, left)
    alternatives = _alternatives(position, s, me, d)
    facts = _explain(position, number, me, d, alternatives)
    return ClaimVerdict(
        number,
        me,
        d.claimable,
        own=d.own,
        counterexample=d.counterexample,
        counter_formation=d.counter_formation,
        tie_break_unknown=d.status is ClaimStatus.TIE_UNKNOWN,
        scenario=d.scenario.describe() if d.scenario else None,
        status=d.status,
        facts=facts,
        alternatives=alternatives,
    )


@dataclass(frozen=True, slots=True)
class FormationWords:
    """A formation in words, in any language (``blind``: sums only under Blind-man's bluff).

    Its forms (a phrase's ``{own:poss}``): ``def`` « le brelan (somme 24) », ``indef`` « un brelan
    (somme 24) », ``poss`` « le brelan de Sud (somme 24) » / "south's three of a kind (sum 24)" (the
    ``owner``'s)."""

    formation: Formation
    capacity: int
    blind: bool = False
    owner: Player | None = None
    troops: object = ""
    """The troops' identities (``", with JOKER as R8"``): after the formation in English, inside its
    parentheses in French (« la suite couleur de Sud (somme 24, avec le Joker en R8) »)."""

    def in_words(self, lang: str = "en") -> str:
        return self.in_form(lang, "bare")

    def in_form(self, lang: str, form: str) -> str:
        f = self.formation
        blind = Fact.of("blind_note").in_words(lang) if self.blind else ""
        troops = render(self.troops, lang)
        if lang == "en":
            text = f.describe(lang, size=self.capacity)
            if form == "poss" and self.owner is not None:
                text = f"{player(self.owner, lang)}'s {text}"
            else:
                text = with_article(text, lang, "def" if form == "poss" else form)
            return text + blind + troops
        name = formation(f.rank.key, lang, size=self.capacity, form="def" if form == "poss" else form)
        if form == "poss" and self.owner is not None:
            name += f" de {player(self.owner, lang)}"
        details = [str(f.total) if f.rank.key == "sum" else f"{formation('sum', lang)} {f.total}"]
        details += [part.strip(" ,()") for part in (blind, troops) if part]
        return f"{name} ({', '.join(details)})"


def scenario_words(scenario: Scenario) -> Facts:
    """What a strict proof assumes, as facts: ``an unplayed MUD were put on the stone and ...``."""
    parts: list[object] = [Fact.of("scenario_mode", mode=TacticName(MODE_CARD[m])) for m in scenario.added_modes]
    if scenario.added_troop:
        parts.append(Fact.of("scenario_troop", troop=TacticName(scenario.added_troop)))
    return Facts(tuple(parts), sep="and_all")


def _cards(n: int) -> Fact | Count:
    return Fact.of("cards_none") if n == 0 else Count(n)


def _explain(position: Position, number: int, me: Player, d: Decision, alternatives: tuple[Card, ...]) -> Fact:
    s = position.stone(number)
    them = me.opponent
    mine = s.side(me)
    own: object = _formation_words(d.own, s, owner=me, troops=_troop_note(mine, d.own_resolved)) if d.own else ""
    other: object = _formation_words(d.other, s, owner=them) if d.other else ""
    if s.claimed is not None:
        return Fact.of("claim_claimed", stone=number, owner=s.claimed)
    status = d.status
    if status is ClaimStatus.INCOMPLETE:
        mud = Fact.of("mud_four") if s.capacity == 4 else ""
        return Fact.of("claim_incomplete", player=me, cards=_cards(len(mine)), mud=mud, more=s.capacity - len(mine))
    if status in (ClaimStatus.STRONGER, ClaimStatus.WEAKER):
        return Fact.of(f"claim_{status.value}", player=me, opponent=them, own=own, other=other)
    if status in (ClaimStatus.TIE_WON, ClaimStatus.TIE_LOST, ClaimStatus.TIE_UNKNOWN):
        return Fact.of(f"claim_{status.value}", player=me, opponent=them, other=other)
    if status is ClaimStatus.NEEDS_FOURTH:
        return Fact.of("claim_needs_fourth", scenario=scenario_words(d.scenario), player=me)
    if status is ClaimStatus.BEATEN:
        return _counter_reason(position, s, me, d, own, alternatives)
    return _proof_reason(position, number, me, d, own)


def _formation_words(
    f: Formation | None, s: Stone, blind: bool = False, owner: Player | None = None, troops: object = ""
) -> FormationWords | str:
    """A formation in words; ``blind`` marks a Blind-man's bluff the stone only has in a strict scenario;
    ``owner`` is the player whose side it is (for « le brelan de Sud »)."""
    if f is None:
        return ""
    return FormationWords(f, s.capacity, s.blind or blind, owner, troops)


def _troop_note(side: tuple[Piece, ...], resolved: tuple[Card, ...]) -> Fact | str:
    """``", with JOKER as R8"`` for the troops of a complete side, at their best identities."""
    if not resolved or not any(isinstance(p, Troop) and p.wild for p in side):
        return ""
    parts = tuple(
        Fact.of("troop_as", troop=TacticName(p.kind), card=c) for p, c in zip(side, resolved) if isinstance(p, Troop) and p.wild
    )
    return Fact.of("troops_as", parts=Facts(parts, sep=", "))


def _alternatives(position: Position, s: Stone, me: Player, d: Decision) -> tuple[Card, ...]:
    """Every card of the public pool that would do exactly as well as a one-card counterexample."""
    added = d.counterexample or ()
    if d.status is not ClaimStatus.BEATEN or d.scenario or len(added) != 1 or not isinstance(added[0], Card):
        return ()
    theirs = s.side(me.opponent)
    target = side_strength(theirs + added[: s.capacity], blind=s.blind)
    pool = cards_of(position.public_pool)
    if all(isinstance(p, Card) for p in theirs) and len(theirs) + 1 == s.capacity:
        # clan cards only: every one-card completion through the one ranking rule at once
        strengths = _one_card_strengths([p for p in theirs if isinstance(p, Card)], pool, s.blind)
        same = tuple(c for c, x in zip(pool, strengths.tolist()) if x == target)
    else:
        same = tuple(c for c in pool if side_strength(theirs + (c,), blind=s.blind) == target)
    return same if len(same) > 1 else ()


def _one_card_strengths(side: list[Card], pool: tuple[Card, ...], blind: bool) -> np.ndarray:
    """The strength of ``side`` plus each card of ``pool`` (:func:`~schotten_lab.core.formations.strengths_of`;
    three cards: read from the cube it built)."""
    fixed = [c.index for c in side]
    if len(fixed) == 2:
        cube = BLIND_CUBE if blind else STRENGTH_CUBE
        return cube[fixed[0], fixed[1], [c.index for c in pool]].astype(np.int64)
    rows = np.array([[*fixed, c.index] for c in pool], dtype=np.int64).reshape(len(pool), len(side) + 1)
    return strengths_of(rows // 9, rows % 9 + 1, blind=blind)


def _counter_reason(
    position: Position, s: Stone, me: Player, d: Decision, own: object, alternatives: tuple[Card, ...]
) -> Fact:
    them = me.opponent
    added = d.counterexample or ()
    theirs = s.side(them) + tuple(a for a in added if isinstance(a, Troop))
    cards = [a for a in added if isinstance(a, Card)]
    side = (*theirs, *sorted(cards))
    lead: object = Fact.of("if_scenario", scenario=scenario_words(d.scenario)) if d.scenario else ""
    if "blind" in d.scenario.added_modes and not s.blind:
        # the scenario's Blind-man's bluff: both formations are sums only
        own = _formation_words(d.own, s, blind=True, owner=me, troops=_troop_note(s.side(me), d.own_resolved))
    counter = _formation_words(d.counter_formation, s, blind="blind" in d.scenario.added_modes)
    shown: object = tuple(added)
    side_shown: object = side
    if alternatives and len({c.value for c in alternatives}) == 1:
        value = alternatives[0].value
        shown = Fact.of("any_of_value", value=value, cards=alternatives)
        side_shown = Facts((tuple(theirs), Fact.of("and_a_value", value=value)), sep="")
    wild = [p for p in theirs if isinstance(p, Troop) and p.wild]
    wild_note: object = Fact.of("wild_best", troops=Facts(tuple(TacticName(p.kind) for p in wild), sep=", "), opponent=them) if wild else ""
    own_hand = set(position.hands[me] or ())
    candidates = list(alternatives) or cards
    in_my_hand = tuple(c for c in candidates if c in own_hand)
    where: object = ""
    if in_my_hand:
        where = Fact.of("in_own_hand_one" if len(in_my_hand) == 1 else "in_own_hand_many", cards=in_my_hand, player=me)
    elif cards:
        where = Fact.of("not_on_table_one" if len(candidates) == 1 else "not_on_table_many")
    several = len(added) > 1 and not (alternatives and len({c.value for c in alternatives}) == 1)
    return Fact.of(
        "claim_beaten_many" if several else "claim_beaten",  # French: « B4 B6 lui donneraient »
        lead=lead,
        opponent=them,
        added=shown,
        side=side_shown,
        counter=counter,
        player=me,
        own=own,
        wild=wild_note,
        where=where,
    )


def _proof_reason(position: Position, number: int, me: Player, d: Decision, own: object) -> Fact:
    them = me.opponent
    s = position.stone(number)
    theirs = s.side(them)
    need = s.capacity - len(theirs)
    if d.best is None:
        return Fact.of("claim_no_completion", opponent=them, need=need)
    # Completions that would beat the claimant if every card off this stone were available:
    # each of them needs at least one card that is already on the table elsewhere.
    stone_mask = mask_of(s.clan_cards())
    masks, strengths = completion_masks(theirs, FULL_DECK & ~stone_mask, capacity=s.capacity, blind=s.blind)
    assert d.own is not None  # a proof is about the claimant's complete side
    beating = strengths > d.own.strength
    threats, threat_strengths = masks[beating], strengths[beating]
    wild = [p for p in theirs if isinstance(p, Troop) and p.wild]
    even: object = Fact.of("even_wild", troops=Facts(tuple(TacticName(p.kind) for p in wild), sep=", "), opponent=them) if wild else ""
    lead = Fact.of("claim_unbeatable", player=me, own=own, wild=even)
    tie_note: object = ""
    best_formation, best_cards = d.best
    if best_formation.strength == d.own.strength:
        tie_note = Fact.of(
            "tie_note", opponent=them, cards=tuple(best_cards), formation=_formation_words(best_formation, s), player=me
        )
    if len(threats) == 0:
        if not theirs:
            return Fact.of("proof_nothing_beats", lead=lead, capacity=s.capacity, tie=tie_note)
        return Fact.of("proof_no_completion_beats", lead=lead, opponent=them, cards=tuple(theirs), tie=tie_note)
    dead_mask = position.table_mask & ~stone_mask
    if len(threats) <= MAX_LISTED_THREATS:
        parts: list[Fact] = []
        order = sorted(range(len(threats)), key=lambda t: (-int(threat_strengths[t]), int(threats[t])))
        for t in order:
            cards = cards_of(int(threats[t]))
            dead = [c for c in cards if dead_mask >> c.index & 1]
            formation = _formation_words(Formation.from_strength(int(threat_strengths[t])), s)
            where = Facts(tuple(Fact.of("dead_card", card=c, place=_place(position, c)) for c in dead), sep=", ")
            key = "threat_again" if parts else "threat"  # French names the opponent once: « il lui faudrait… »
            parts.append(Fact.of(key, opponent=them, cards=cards, formation=formation, where=where))
        return Fact.of("proof_threats", lead=lead, threats=Facts(tuple(parts), sep="; "), tie=tie_note)
    used = int(np.bitwise_or.reduce(threats))
    dead_cards = list(cards_of(used & dead_mask))
    listed = Facts(tuple(Fact.of("card_place", card=c, place=_place(position, c)) for c in dead_cards[:6]), sep=", ")
    more: object = Fact.of("and_more", count=len(dead_cards) - 6) if len(dead_cards) > 6 else ""
    return Fact.of("proof_many", lead=lead, count=len(threats), listed=listed, more=more, tie=tie_note)


def _place(position: Position, card: Card) -> Fact:
    where = position.locate(card)
    return Fact.of("place_discard") if where.kind is Place.DISCARD else Fact.of("place_on", where=where)
