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
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..analysis.claims import FormationWords
from ..analysis.outcome import outcome_of_sides
from ..core.cards import Card, CardMask, mask_of
from ..core.errors import ArgumentError
from ..core.formations import Formation, Rank
from ..core.position import Position
from ..core.proof import ClaimStatus, Decision, decide_claim
from ..core.rules import STONE_COUNT, TACTICS, Player, RuleSet, holds_winning_set
from ..core.sides import best_side_completion
from ..core.stone import Stone
from ..core.tactics import Piece, Troop
from ..core.words import TACTICS_WORDS as CORE_TACTICS_WORDS
from ..core.words import Fact, Facts, TacticName, formation, join, number, register, say, with_article
from ..game import Play, deck_words, legal_plays, may_pass, play_words
from ..game.plays import claim_holds, play_problem, seat_of
from .move_facts import Numbers, Pieces, beat_fact, piece_name
from .turns import after_play, seen_state, with_claims

TACTICS_WORDS: dict[str, str] = {code: texts["en"] for code, texts in CORE_TACTICS_WORDS.items()}
"""Each tactics card's name in English words (docs/RULES.md, "Tactics variant"; French:
:data:`schotten_lab.core.words.TACTICS_WORDS`)."""

TROOP_RANGE_WORDS: dict[str, str] = {
    "JOKER": "any card",
    "SPY": "a 7 of any colour",
    "SHIELD": "a 1, 2 or 3 of any colour",
}
"""What an elite troop may stand for until its stone is claimed (English; the phrases ``tr.range_*``)."""

TACTICS_REASON_PHRASES = register(
    {
        "tr.pass_no_clan": {"en": "no clan card can be placed: pass", "fr": "aucune carte Clan ne peut être posée : il faut passer"},
        "tr.troop": {"en": "{troop}: {range} until the stone is claimed", "fr": "{troop} : {range} jusqu'à la revendication de la borne"},
        "tr.range_JOKER": {"en": "any card", "fr": "n'importe quelle carte"},
        "tr.range_SPY": {"en": "a 7 of any colour", "fr": "un 7 de n'importe quelle couleur"},
        "tr.range_SHIELD": {"en": "a 1, 2 or 3 of any colour", "fr": "un 1, un 2 ou un 3 de n'importe quelle couleur"},
        "tr.banshee": {"en": "Banshee discards {opponent}'s {piece} from stone {source}",
                       "fr": "la Banshee défausse la carte {piece} de {opponent} sur la borne {source}"},
        "tr.traitor_same": {"en": "Traitor takes {opponent}'s {piece} on stone {source} over to your side",
                            "fr": "le Traître prend la carte {piece} de {opponent} sur la borne {source} et la passe de votre côté"},
        "tr.traitor": {"en": "Traitor takes {opponent}'s {piece} from stone {source} to your side of stone {stone}",
                       "fr": "le Traître prend la carte {piece} de {opponent} sur la borne {source} et la pose de votre côté de la borne {stone}"},
        "tr.strategist_discard": {"en": "Strategist discards your {piece} from stone {source}",
                                  "fr": "le Stratège défausse votre carte {piece} de la borne {source}"},
        "tr.strategist": {"en": "Strategist moves your {piece} from stone {source} to stone {stone}",
                          "fr": "le Stratège déplace votre carte {piece} de la borne {source} vers la borne {stone}"},
        "tr.completes": {"en": "completes {own} on stone {stone}", "fr": "complète {own:indef} sur la borne {stone}"},
        "tr.cannot_beat": {"en": "{opponent} cannot beat it", "fr": "{opponent} ne peut pas faire mieux"},
        "tr.beats": {"en": "beats {other:poss}", "fr": "bat {other:poss}"},
        "tr.loses": {"en": "loses to {other:poss}", "fr": "perd contre {other:poss}"},
        "tr.ties": {"en": "ties {other:poss}", "fr": "fait jeu égal avec {other:poss}"},
        "tr.ties_first": {"en": "ties {other:poss}; {player} completed first",
                          "fr": "fait jeu égal avec {other:poss} ; {player} a complété son côté en premier"},
        "tr.opens": {"en": "opens stone {stone} with {cards}{mud}", "fr": "ouvre la borne {stone} avec {cards}{mud}"},
        "tr.builds": {"en": "builds stone {stone} with {cards}{mud}", "fr": "poursuit la borne {stone} avec {cards}{mud}"},
        "tr.mud_four": {"en": " (Mud fight: 4 cards)", "fr": " (Combat de boue : 4 cartes)"},
        "tr.no_completion": {"en": "it can no longer be completed", "fr": "ce côté ne peut plus être complété"},
        "tr.blind_possible": {"en": "sum up to {total} still possible (Blind-man's bluff: sums only)",
                              "fr": "une somme jusqu'à {total} reste possible (Colin-Maillard : seule la somme compte)"},
        "tr.possible": {"en": "{formation} still possible", "fr": "{formation:indef} reste possible"},
        "tr.answers": {"en": "answers {opponent}'s complete {other}", "fr": "répond au côté complet de {opponent}, qui forme {other:indef}"},
        "tr.blind": {"en": "Blind-man's bluff on stone {stone}: only sums count", "fr": "Colin-Maillard sur la borne {stone} : seule la somme compte"},
        "tr.blind_mud": {"en": " (with the Mud fight: 4 cards a side)", "fr": " (avec le Combat de boue : 4 cartes de chaque côté)"},
        "tr.mud": {"en": "Mud fight on stone {stone}: both sides need 4 cards", "fr": "Combat de boue sur la borne {stone} : il faut 4 cartes de chaque côté"},
        "tr.mud_blind": {"en": ", sums only (with the Blind-man's bluff)", "fr": ", et seule la somme compte (avec le Colin-Maillard)"},
        "tr.reopened_mine": {"en": "; your complete side needs a fourth card", "fr": " ; votre côté complet demande une quatrième carte"},
        "tr.reopened_theirs": {"en": "; {opponent}'s complete side needs a fourth card",
                               "fr": " ; le côté complet de {opponent} demande une quatrième carte"},
        "tr.reopened_both": {"en": "; your and {opponent}'s complete sides need a fourth card",
                             "fr": " ; votre côté complet et celui de {opponent} demandent une quatrième carte"},
        "tr.hh_empty": {"en": "Headhunter: both decks are empty, it draws nothing",
                        "fr": "Chasseur de tête : les deux pioches sont vides, il ne pioche rien"},
        "tr.hh_keep": {"en": "Headhunter: draws {count} ({decks}), keeps it", "fr": "Chasseur de tête : pioche {count} carte ({decks}) et la garde"},
        "tr.hh_back": {"en": "Headhunter: draws {count} ({decks}), puts {back} back under the decks",
                       "fr": "Chasseur de tête : pioche {count} cartes ({decks}) et en remet {back} sous les pioches"},
        "tr.chance_there": {"en": "your chance there {p} → {q}", "fr": "vos chances sur cette borne : {p} → {q}"},
        "tr.chances": {"en": "your chance {list}", "fr": "vos chances : {list}"},
        "tr.chance_on": {"en": "on stone {stone} {p} → {q}", "fr": "sur la borne {stone}, {p} → {q}"},
        "tr.keeps_hand": {"en": "keeps {cards}", "fr": "garde {cards}"},
        "tr.with_troops": {"en": "{troops}", "fr": "avec {troops}"},
        "tr.troop_as": {"en": "{troop} as {card}", "fr": "{troop:le} en {card}"},
        # explain_play's refusals of a turn that is not legal where it is asked (ArgumentError, a ValueError)
        "tr.err_winning_claims": {"en": "play: the claims of stones {stones} win the game: no play follows, not {play}",
                                  "fr": "argument \"play\" : revendiquer les bornes {stones} gagne la partie : aucun coup ne suit, et non {play}"},
        "tr.err_pass": {"en": "play: a pass (None) is allowed only without a clan card to place, and {player} can place one",
                        "fr": "argument \"play\" : on ne passe (None) que si aucune carte Clan ne peut être posée, or {player} peut en poser une"},
        "tr.err_not_position": {"en": "position: must be a Position or an Observation, not {type}",
                                "fr": "argument \"position\" : un objet Position ou Observation est attendu, et non {type}"},
        "tr.err_hand_unknown": {"en": "position: {player}'s hand is unknown; the reasons of {player}'s moves need it",
                                "fr": "argument \"position\" : la main de {player} est inconnue, or les raisons de ses coups en ont besoin"},
        "tr.err_pending": {"en": "position.pending: a Headhunter put-back is pending; explain the Headhunter play before it",
                           "fr": "argument \"position\", champ \"pending\" : le Chasseur de tête attend que des cartes soient remises ; expliquez le coup du Chasseur de tête avant"},
        "tr.err_game_over": {"en": "position: the game is over ({winner} has won)", "fr": "argument \"position\" : la partie est finie ({winner} a gagné)"},
        "tr.err_claims_shape": {"en": "claims: must be a list of stone numbers 1-{most}, not {value:q}",
                                "fr": "argument \"claims\" : une liste de numéros de bornes de 1 à {most} est attendue, et non {value:q}"},
        "tr.err_claims_stone": {"en": "claims: {value:q} is not a stone number 1-{most}", "fr": "argument \"claims\" : {value:q} n'est pas un numéro de borne de 1 à {most}"},
        "tr.err_claims_twice": {"en": "claims: a stone is listed twice in {stones}", "fr": "argument \"claims\" : une borne apparaît deux fois dans {stones}"},
        "tr.err_play_shape": {"en": "play: must be a Play from legal_plays(position) or None (a pass), not {value:q}",
                              "fr": "argument \"play\" : un Play de legal_plays(position) ou None (une passe) est attendu, et non {value:q}"},
        "tr.err_not_legal": {"en": "play: {play} is not legal here: {why}", "fr": "argument \"play\" : {play} n'est pas légal ici : {why}"},
        "tr.err_not_among": {"en": "it is not among the legal plays", "fr": "ce coup n'est pas parmi les coups légaux"},
        "tr.err_game_ends": {"en": "claims: the game ends at the claim of stone {stone}; stone {next} cannot follow",
                             "fr": "argument \"claims\" : la partie s'arrête à la revendication de la borne {stone} ; la borne {next} ne peut pas suivre"},
        "tr.err_cannot_claim": {"en": "claims: {player} cannot claim stone {stone} {when}: {why}",
                                "fr": "argument \"claims\" : {player} ne peut pas revendiquer la borne {stone} {when} : {why}"},
        "tr.when_now": {"en": "now", "fr": "maintenant"},
        "tr.when_after": {"en": "after this play", "fr": "après ce coup"},
        "tr.why_claimed": {"en": "it is claimed by {owner}", "fr": "elle est revendiquée par {owner}"},
        "tr.why_incomplete": {"en": "the side has {count} of {capacity} cards", "fr": "le côté n'a que {count} des {capacity} cartes"},
        "tr.why_beaten": {"en": "{opponent} can still add {cards} and beat it", "fr": "{opponent} peut encore ajouter {cards} et faire mieux"},
        "tr.why_not_beaten": {"en": "{opponent}'s side is not beaten", "fr": "le côté de {opponent} n'est pas battu"},
    }
)
"""The tactics variant's reasons (en, fr): the English is the reasons' historical words."""


@dataclass(frozen=True, slots=True)
class PlayWords:
    """A play in a refusal: ``R8 on stone 3`` (its ``str``, as the refusals always wrote it) / « R8 sur la borne 3 »."""

    play: Play

    def in_words(self, lang: str = "en") -> str:
        return str(self.play) if lang == "en" else play_words(self.play, lang)


@dataclass(frozen=True, slots=True)
class CardWords:
    """A piece as a player names it: ``R8``, ``Joker``, ``Joker (R8)`` once its identity is chosen;
    French « Porte-Bouclier »."""

    piece: object

    def in_words(self, lang: str = "en") -> str:
        return piece_name(self.piece, lang)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class HandCards:
    """Cards of a hand by their codes: ``R1 SPY`` in English (the put-back's historical words), « R1 Espion »."""

    codes: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        return " ".join(TacticName(c).in_words(lang) if c in CORE_TACTICS_WORDS else c for c in self.codes)


@dataclass(frozen=True, slots=True)
class TroopFormation:
    """A complete side's formation with its wild troops at their best: ``color run (sum 24, Joker as
    R8)`` / « une suite couleur (somme 24, avec le Joker en R8) »."""

    formation: Formation
    size: int
    named: tuple[tuple[str, str], ...] = ()

    def in_words(self, lang: str = "en") -> str:
        return self.in_form(lang, "bare")

    def in_form(self, lang: str, form: str) -> str:
        own = self.formation
        shown = form if form in ("def", "indef") else "bare"
        if lang == "en":
            troops = [f"{TACTICS_WORDS[code]} as {card}" for code, card in self.named]
            if own.rank is Rank.SUM:
                return f"sum {own.total}" + (f" ({', '.join(troops)})" if troops else "")
            return f"{own.rank.label(size=self.size)} ({', '.join([f'sum {own.total}', *troops])})"
        named = [say("tr.troop_as", lang, troop=TacticName(code), card=card) for code, card in self.named]
        with_troops = say("tr.with_troops", lang, troops=join(named, lang)) if named else ""
        if own.rank is Rank.SUM:
            name = with_article(formation("sum", lang), lang, shown)
            return f"{name} de {number(own.total, lang)}" + (f" ({with_troops})" if named else "")
        details = [f"{formation('sum', lang)} {own.total}", *([with_troops] if named else [])]
        return f"{formation(own.rank.key, lang, self.size, shown)} ({', '.join(details)})"


@dataclass(frozen=True, slots=True)
class BestWords:
    """The best formation still possible: ``sum 12`` or ``color run`` / « une somme de 12 », « une suite couleur »."""

    formation: Formation
    size: int

    def in_words(self, lang: str = "en") -> str:
        return self.in_form(lang, "bare")

    def in_form(self, lang: str, form: str) -> str:
        shown = form if form in ("def", "indef") else "bare"
        if self.formation.rank is Rank.SUM:
            if lang == "en":
                return f"sum {self.formation.total}"
            return f"{with_article(formation('sum', lang), lang, shown)} de {number(self.formation.total, lang)}"
        return formation(self.formation.rank.key, lang, self.size, shown)


@dataclass(frozen=True, slots=True)
class ChanceList:
    """The mover's chances on several stones: "on stone 3 30.0% → 55.0%, on stone 5 …" (French: « ; »)."""

    items: tuple[Fact, ...]

    def in_words(self, lang: str = "en") -> str:
        return (", " if lang == "en" else "\u00a0; ").join(item.in_words(lang) for item in self.items)


def explain_play(position: Position, play: Play | None, claims: Sequence[int], lang: str = "en") -> str:
    """One line (parts joined by ``"; "``) saying what ``play`` and ``claims`` do for the player to move,
    in ``lang`` (:func:`explain_facts` rendered).

    ``position`` is what that player sees (a ``Position`` or an ``Observation`` with their hand
    known; an opponent's hand shown in it is ignored); ``play`` one of
    :func:`~schotten_lab.game.legal_plays` or ``None`` for a pass; ``claims`` the stones (1-9) the turn
    claims: in the expert variant before the play (a stone ``position`` already shows claimed by the
    mover counts as claimed this turn), otherwise after it. Raises ``ValueError`` naming the field
    (``position``, ``play`` or ``claims``) for a turn that is not legal there.
    """
    return explain_facts(position, play, claims).in_words(lang)


def explain_facts(position: Position, play: Play | None, claims: Sequence[int], *, chances: bool = True) -> Facts:
    """What ``play`` and ``claims`` do for the player to move, as facts (phrases of
    :data:`TACTICS_REASON_PHRASES` and the base game's :data:`~.move_facts.REASON_PHRASES`), rendered
    in any language with ``in_words(lang)``; the arguments and errors of :func:`explain_play`.
    ``chances=False`` leaves out the exact chances on the stones the play changes, the one part that
    can take a tenth of a second or more (a Mud fight's 4-card sides): what a search short of time gives."""
    view = _mover_view(position)
    me = view.to_move
    made = _check_claims(claims)
    parts: list[object] = []
    before = view
    if view.rules.expert and made:
        _check_claims_hold(view, made, me, "tr.when_now", shown_claimed=True)
        parts.append(_claim_words(view, me, made))
        before = with_claims(view, me, [n for n in made if view.stone(n).claimed is None])
        if holds_winning_set(before.stones_held(me)):
            if play is not None:
                raise ArgumentError.of("tr.err_winning_claims", stones=_numbers(made), play=PlayWords(play))
            return Facts(tuple(parts))
    if play is None:
        if not may_pass(before):
            raise ArgumentError.of("tr.err_pass", player=me)
        parts.append(Fact.of("reason.pass") if not legal_plays(before) else Fact.of("tr.pass_no_clan"))
        after = before
    else:
        _check_play(before, play)
        after = after_play(seen_state(before), play)
        parts.extend(_play_words(before, after, play, me, made, chances))
    if not view.rules.expert and made:
        _check_claims_hold(after, made, me, "tr.when_after")
        parts.append(_claim_words(after, me, made))
    return Facts(tuple(p for p in parts if p is not None))


def hand_kept(codes: Sequence[str]) -> Fact:
    """A Headhunter's put-back as a reason: the cards kept, ``keeps R1 SPY`` / « garde R1 Espion »."""
    return Fact.of("tr.keeps_hand", cards=HandCards(tuple(codes)))


# ---- checking the input -------------------------------------------------------------------------


def _mover_view(position: object) -> Position:
    """The position as the player to move sees it: the opponent's hand hidden (size kept)."""
    if not isinstance(position, Position):
        raise ArgumentError.of("tr.err_not_position", type=type(position).__name__)
    me = position.to_move
    if position.hands[me] is None:
        raise ArgumentError.of("tr.err_hand_unknown", player=me)
    if getattr(position, "pending", None) is not None:
        raise ArgumentError.of("tr.err_pending")
    if position.winner() is not None:
        raise ArgumentError.of("tr.err_game_over", winner=position.winner())
    return position.with_hand(me.opponent, None) if position.hands[me.opponent] is not None else position


def _check_claims(claims: object) -> tuple[int, ...]:
    if isinstance(claims, (str, bytes)) or not isinstance(claims, Sequence):
        raise ArgumentError.of("tr.err_claims_shape", most=STONE_COUNT, value=claims)
    for n in claims:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= STONE_COUNT:
            raise ArgumentError.of("tr.err_claims_stone", value=n, most=STONE_COUNT)
    if len(set(claims)) != len(claims):
        raise ArgumentError.of("tr.err_claims_twice", stones=str(list(claims)))
    return tuple(claims)


def _check_play(position: Position, play: object) -> None:
    if not isinstance(play, Play):
        raise ArgumentError.of("tr.err_play_shape", value=play)
    if play in legal_plays(position):
        return
    problem = play_problem(seat_of(position), play)
    why = problem[1] if problem else Fact.of("tr.err_not_among")
    raise ArgumentError.of("tr.err_not_legal", play=PlayWords(play), why=why)


def _check_claims_hold(position: Position, claims: Sequence[int], me: Player, when: str, shown_claimed: bool = False) -> None:
    """Raise unless ``me`` may make ``claims`` in order on ``position`` (the game ends at a winning one);
    ``shown_claimed``: a stone ``position`` already shows claimed by ``me`` counts as this turn's claim."""
    held = set(position.stones_held(me))
    pool = position.public_pool
    for k, n in enumerate(claims):
        if holds_winning_set(held):
            raise ArgumentError.of("tr.err_game_ends", stone=claims[k - 1], next=n)
        stone = position.stone(n)
        if stone.claimed is me and shown_claimed:
            held.add(n)
            continue
        if not claim_holds(stone, me, pool):
            why = _refusal(decide_claim(stone, me, pool, TACTICS), stone, me)
            raise ArgumentError.of("tr.err_cannot_claim", player=me, stone=n, when=Fact.of(when), why=why)
        held.add(n)


def _refusal(decision: Decision, stone: Stone, me: Player) -> Fact:
    them = me.opponent
    if decision.status is ClaimStatus.CLAIMED:
        return Fact.of("tr.why_claimed", owner=stone.claimed)
    if decision.status is ClaimStatus.INCOMPLETE:
        return Fact.of("tr.why_incomplete", count=len(stone.side(me)), capacity=stone.capacity)
    if decision.status is ClaimStatus.BEATEN:
        return Fact.of("tr.why_beaten", opponent=them, cards=Pieces(tuple(decision.counterexample or ())))
    return Fact.of("tr.why_not_beaten", opponent=them)


# ---- words --------------------------------------------------------------------------------------


def _play_words(
    before: Position, after: Position, play: Play, me: Player, claims: Sequence[int], chances: bool = True
) -> list[object]:
    """The parts saying what ``play`` does (the claims apart); the chances on the stones it changes
    when ``chances``."""
    them = me.opponent
    pool = before.viewer_pool(me)

    def chances_on(stones: Sequence[int]) -> Fact | None:
        return _chances(before, after, stones, me, pool) if chances else None

    kind = play.kind
    if kind in ("clan", "troop"):
        assert play.stone is not None
        placed = _placement_words(before, after, play.stone, me, claims)
        if kind == "troop":
            placed.append(Fact.of("tr.troop", troop=CardWords(play.card), range=Fact.of(f"tr.range_{play.card}")))
        return placed
    if kind == "mode":
        assert play.stone is not None
        return [w for w in (_mode_words(before, after, play, me), chances_on((play.stone,))) if w is not None]
    if play.card == "HEADHUNTER":
        return [_headhunter_words(play)]
    assert play.source is not None and play.target is not None
    piece = CardWords(play.target)
    if play.card == "BANSHEE":
        banshee = Fact.of("tr.banshee", opponent=them, piece=piece, source=str(play.source))
        return [w for w in (banshee, chances_on((play.source,))) if w is not None]
    touched = (play.source,) if play.stone in (None, play.source) else (play.source, play.stone)
    words: list[object]
    if play.card == "TRAITOR":
        assert play.stone is not None
        if play.stone == play.source:
            words = [Fact.of("tr.traitor_same", opponent=them, piece=piece, source=str(play.source))]
        else:
            words = [Fact.of("tr.traitor", opponent=them, piece=piece, source=str(play.source), stone=str(play.stone))]
    elif play.stone is None:
        words = [Fact.of("tr.strategist_discard", piece=piece, source=str(play.source))]
    else:
        words = [Fact.of("tr.strategist", piece=piece, source=str(play.source), stone=str(play.stone))]
    if play.stone is not None:
        words.extend(_placement_words(before, after, play.stone, me, claims, threat=False))
    words.append(chances_on(touched))
    return [w for w in words if w is not None]


def _placement_words(
    before: Position, after: Position, number: int, me: Player, claims: Sequence[int], threat: bool = True
) -> list[object]:
    """What the mover's side of stone ``number`` becomes: the formation completed and how it stands
    against the opponent, or the formation still possible."""
    them = me.opponent
    stone = after.stone(number)
    side = stone.side(me)
    size, blind = stone.capacity, stone.blind
    words: list[object] = []
    if len(side) >= size:
        decision = decide_claim(stone, me, after.public_pool, TACTICS)
        own = decision.own
        assert own is not None
        named = tuple((p.kind, str(card)) for p, card in zip(side, decision.own_resolved) if isinstance(p, Troop) and p.wild)
        words.append(Fact.of("tr.completes", own=TroopFormation(own, size, named), stone=str(number)))
        status = decision.status
        other = None if decision.other is None else FormationWords(decision.other, size, owner=them)
        if status is ClaimStatus.BEATEN:
            words.append(beat_fact(stone, me, after.public_pool, before.viewer_pool(me), TACTICS))
        elif status is ClaimStatus.PROVED and number not in claims:
            words.append(Fact.of("tr.cannot_beat", opponent=them))
        elif status is ClaimStatus.STRONGER and number not in claims:
            words.append(Fact.of("tr.beats", other=other))
        elif status is ClaimStatus.WEAKER:
            words.append(Fact.of("tr.loses", other=other))
        elif status in (ClaimStatus.TIE_WON, ClaimStatus.TIE_LOST, ClaimStatus.TIE_UNKNOWN):
            first = stone.first_complete
            words.append(Fact.of("tr.ties_first", other=other, player=first) if first else Fact.of("tr.ties", other=other))
        return words
    mud = Fact.of("tr.mud_four") if size == 4 else ""
    words.append(Fact.of("tr.opens" if len(side) == 1 else "tr.builds", stone=str(number), cards=Pieces(tuple(side)), mud=mud))
    best = best_side_completion(side, after.public_pool, capacity=size, blind=blind)
    if best is None:
        words.append(Fact.of("tr.no_completion"))
    elif blind:
        words.append(Fact.of("tr.blind_possible", total=str(best[0].total)))
    else:
        words.append(Fact.of("tr.possible", formation=BestWords(best[0], size)))
    if threat and len(stone.side(them)) >= size:
        formed = stone.formation(them)
        words.append(Fact.of("tr.answers", opponent=them, other=FormationWords(formed, 3) if formed is not None else ""))
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


def _mode_words(before: Position, after: Position, play: Play, me: Player) -> Facts:
    assert play.stone is not None
    number = str(play.stone)
    if play.card == "BLIND":
        parts: list[object] = [Fact.of("tr.blind", stone=number)]
        if "mud" in before.stone(play.stone).modes:
            parts.append(Fact.of("tr.blind_mud"))
        return Facts(tuple(parts), sep="")
    parts = [Fact.of("tr.mud", stone=number)]
    if "blind" in before.stone(play.stone).modes:
        parts.append(Fact.of("tr.mud_blind"))
    reopened = [p for p in (me, me.opponent) if len(before.stone(play.stone).side(p)) == 3]
    if len(reopened) == 2:
        parts.append(Fact.of("tr.reopened_both", opponent=me.opponent))
    elif reopened == [me]:
        parts.append(Fact.of("tr.reopened_mine"))
    elif reopened:
        parts.append(Fact.of("tr.reopened_theirs", opponent=me.opponent))
    return Facts(tuple(parts), sep="")


@dataclass(frozen=True, slots=True)
class DeckList:
    """The decks a Headhunter draws from: ``clan, tactics`` / « Clan, Tactique »."""

    decks: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        return ", ".join(deck_words(d, lang) for d in self.decks)


def _headhunter_words(play: Play) -> Fact:
    drawn = len(play.decks)
    if drawn == 0:
        return Fact.of("tr.hh_empty")
    back = min(2, drawn - 1)  # docs/GAME.md: 2, or fewer when the decks hold under 3 cards
    decks = DeckList(tuple(play.decks))
    if drawn == 1:
        return Fact.of("tr.hh_keep", count=drawn, decks=decks)
    return Fact.of("tr.hh_back", count=drawn, decks=decks, back=back)


def _chances(before: Position, after: Position, stones: Sequence[int], me: Player, pool: CardMask) -> Fact | None:
    """``your chance there 30.0% → 55.0%`` (or per stone), or ``None`` when a stone cannot be completed."""
    shown = []
    for number in stones:
        was, now = _chance(before.stone(number), me, pool), _chance(after.stone(number), me, pool)
        if was is None or now is None:
            continue
        shown.append((number, was, now))
    if not shown:
        return None
    if len(stones) == 1:
        _, was, now = shown[0]
        return Fact.of("tr.chance_there", p=was, q=now)
    return Fact.of("tr.chances", list=ChanceList(tuple(Fact.of("tr.chance_on", stone=str(n), p=was, q=now) for n, was, now in shown)))


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


def _claim_words(position: Position, me: Player, claims: Sequence[int]) -> Fact:
    held = set(position.stones_held(me)) | set(claims)
    wins = Fact.of("reason.wins_game") if holds_winning_set(held) else ""
    return Fact.of("reason.claims_many" if len(claims) > 1 else "reason.claims_one", stones=Numbers(tuple(claims)), wins=wins)


def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


__all__ = ["TACTICS_REASON_PHRASES", "TACTICS_WORDS", "TROOP_RANGE_WORDS", "beat_words", "explain_facts", "explain_play", "hand_kept"]
