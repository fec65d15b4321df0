"""Rule checks on a position: every way it breaks the rules, as :class:`~.problem.Problem` values.

A position that parses but breaks the rules can still be built and inspected (python-chess's
``Board.status()`` idea): :func:`status` lists the problems, :func:`validate` raises them together.
:meth:`Position.status <.position.Position.status>` and ``validate`` delegate here. The rules
checked are those of docs/RULES.md; each problem names the JSON field it concerns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from .cards import Card, CardMask, format_cards
from .errors import IllegalPositionError
from .position import Position
from .problem import Problem, field_words
from .proof import ClaimStatus, decide_claim
from .rules import PLAYERS, STONE_COUNT, Player, RuleSet, holds_winning_set
from .stone import Stone
from .tactics import MODE_CARD, MODES, TACTICS_COPIES, TACTICS_TOTAL, TacticsLeft, Troop
from .words import Count, Fact, TacticName, formation, register, render

LEGALITY_PHRASES = register({
    "legal.stone_count": {"en": "has {count} entries, expected {expected}", "fr": "{count} bornes au lieu de {expected}"},
    "legal.side_over": {"en": "has {count} cards; a side holds at most {capacity}{mud}", "fr": "compte {count} cartes ; un côté en porte au plus {capacity}{mud}"},
    "legal.under_mud": {"en": " under Mud fight", "fr": " avec le Combat de boue"},
    "legal.first_incomplete": {"en": "names {player}, whose side is not complete", "fr": "désigne {player}, dont le côté n'est pas complet"},
    "legal.both_win": {"en": "both players hold a winning set of stones; the game ends at the first",
                       "fr": "les deux joueurs tiennent assez de bornes pour gagner ; la partie s'arrête au premier"},
    "legal.card": {"en": "card {card}", "fr": "la carte {card}"},
    "legal.tactics_card": {"en": "tactics card {card}", "fr": "la carte Tactique {card}"},
    "legal.once": {"en": "exists once", "fr": "n'existe qu'en un exemplaire"},
    "legal.copies": {"en": "has {count} copies", "fr": "existe en {count} exemplaires"},
    "legal.duplicate": {"en": "{what} appears {count} times ({places}); it {copies}", "fr": "{what} apparaît {count} fois ({places}) ; elle {copies}"},
    "legal.base_discard": {"en": "the base game has no discard pile", "fr": "le jeu de base n'a pas de défausse"},
    "legal.base_tactics_deck": {"en": "the base game has no tactics deck", "fr": "le jeu de base n'a pas de pioche Tactique"},
    "legal.base_tactics": {"en": "the base game has no tactics cards", "fr": "le jeu de base n'a pas de cartes Tactique"},
    "legal.base_modes": {"en": "combat modes belong to the tactics variant", "fr": "les modes de combat appartiennent à la variante tactique"},
    "legal.base_troops": {"en": "elite troops belong to the tactics variant", "fr": "les troupes d'élite appartiennent à la variante tactique"},
    "legal.base_hand": {"en": "tactics cards belong to the tactics variant", "fr": "les cartes Tactique appartiennent à la variante tactique"},
    "legal.jokers_side": {"en": "has {count} Jokers; a player plays at most one Joker", "fr": "compte {count} Jokers ; un joueur joue au plus un Joker"},
    "legal.unknown_mode": {"en": "unknown combat mode '{mode}'", "fr": "mode de combat inconnu « {mode} »"},
    "legal.jokers_table": {"en": "{player} has {count} Jokers on the table; a player plays at most one",
                           "fr": "{player} a {count} Jokers sur la table ; un joueur en joue au plus un"},
    "legal.negative": {"en": "is negative ({count})", "fr": "est négatif ({count})"},
    "legal.played_gap": {"en": "south played {south} and north {north}: a player may not play a tactics card while ahead of the opponent, so the counts differ by at most 1",
                         "fr": "Sud en a joué {south} et Nord {north} : on ne joue pas de carte Tactique quand on en a joué plus que l'adversaire, donc les deux nombres diffèrent d'au plus 1"},
    "legal.played_visible": {"en": "adds up to {total}, but {visible} tactics cards are on the stones and in the discard pile (every played tactics card stays visible)",
                             "fr": "font {total} en tout, mais {visible} cartes Tactique sont sur les bornes et dans la défausse (toute carte Tactique jouée reste visible)"},
    "legal.hand_size": {"en": "is {size} but the hand lists {count} cards", "fr": "vaut {size}, mais la main compte {count} cartes"},
    "legal.hand_over": {"en": "holds {size} cards; a hand holds at most {limit}", "fr": "compte {size} cartes ; une main en compte au plus {limit}"},
    "legal.refill": {"en": "holds {size} cards while the deck has {deck}: a player refills to {limit} after each card",
                     "fr": "compte {size} cartes alors que la pioche en a {deck} : on complète sa main à {limit} après chaque carte"},
    "legal.decks": {"en": "deck {deck}", "fr": "pioche {deck}"},
    "legal.decks_tactics": {"en": "deck {deck} + tactics deck {tactics}", "fr": "pioche {deck} + pioche Tactique {tactics}"},
    "legal.counts": {"en": "card counts do not add up to {expected}: {table} on the table + hands {south} + {north} + {decks} = {total}",
                     "fr": "le compte des cartes ne fait pas {expected} : {table} sur la table + mains {south} + {north} + {decks} = {total}"},
    "legal.clan_fit": {"en": "{seen} clan cards are seen and {deck} in the deck: the 54 do not fit",
                       "fr": "{seen} cartes Clan sont visibles et {deck} dans la pioche : le compte des 54 ne tombe pas juste"},
    "legal.claim_incomplete": {"en": "{player} claimed it with an incomplete side ({cards})",
                               "fr": "{player} l'a revendiquée avec un côté incomplet ({cards})"},
    "legal.claim_weaker": {"en": "{player}'s {own} does not beat {opponent}'s {other}",
                           "fr": "le côté de {player}, {own:indef}, ne bat pas celui de {opponent}, {other:indef}"},
    "legal.claim_unproved": {"en": "{player} could not prove it: {opponent} can still add {added} for a {counter}, beating {own}",
                             "fr": "{player} ne pouvait pas prouver sa revendication : {opponent} peut encore ajouter {added} pour {counter:indef}, qui bat {own:indef}"},
})  # fmt: skip
"""The problems' messages (en, fr); where they are: :func:`~.problem.field_words`."""


def _p(field: str, key: str, kind: str = "", **fields: object) -> Problem:
    """A problem whose message is phrase ``key`` (its English the message, the fact for other languages)."""
    fact = Fact.of(key, **fields)
    return Problem(field, fact.in_words("en"), kind, fact)


@dataclass(frozen=True, slots=True)
class PlaceList:
    """Field paths listed: ``stones[0].south, hands.north`` / « borne 1, côté Sud ; main de Nord »."""

    places: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        if lang == "en":
            return ", ".join(self.places)
        return "\u00a0; ".join(field_words(p, lang) for p in self.places)


@dataclass(frozen=True, slots=True)
class Named:
    """A formation in a problem: ``color run (sum 24)`` as :meth:`Formation.describe` writes it, with its articles in French."""

    formation: object

    def in_words(self, lang: str = "en") -> str:
        return self.formation.describe(lang) if self.formation is not None else ""  # type: ignore[attr-defined]

    def in_form(self, lang: str, form: str) -> str:
        f = self.formation
        if f is None or lang == "en":
            return self.in_words(lang)
        details = f"{f.total}" if f.rank.key == "sum" else f"{formation('sum', lang)} {f.total}"  # type: ignore[attr-defined]
        return f"{formation(f.rank.key, lang, form=form)} ({details})"  # type: ignore[attr-defined]


def status(position: Position) -> list[Problem]:
    """Every way ``position`` breaks the rules (an empty list for a legal position)."""
    return list(_check(position))


def validate(position: Position) -> Position:
    """Return ``position`` itself, or raise :class:`IllegalPositionError` naming every problem."""
    problems = status(position)
    if problems:
        raise IllegalPositionError(problems)
    return position


def _check(pos: Position) -> Iterator[Problem]:
    rules = pos.rules
    if len(pos.stones) != STONE_COUNT:
        yield _p("stones", "legal.stone_count", count=len(pos.stones), expected=STONE_COUNT)
    yield from _check_duplicates(pos)
    if rules.tactics:
        yield from _check_tactics(pos)
    else:
        yield from _check_base_material(pos)
    yield from _check_counts(pos)

    left = pos.tactics_left()
    pool = pos.public_pool
    for number, s in enumerate(pos.stones, 1):
        here = f"stones[{number - 1}]"
        capacity = s.capacity
        for p in PLAYERS:
            if len(s.side(p)) > capacity:
                yield _p(f"{here}.{p.value}", "legal.side_over", count=len(s.side(p)), capacity=capacity,
                         mud=Fact.of("legal.under_mud") if capacity == 4 else "")
        complete = [p for p in PLAYERS if len(s.side(p)) == capacity]
        if s.first_complete is not None and s.first_complete not in complete:
            yield _p(f"{here}.first_complete", "legal.first_incomplete", player=s.first_complete)
        if s.claimed is not None and all(len(s.side(p)) <= capacity for p in PLAYERS):
            problem = _claim_problem(s, s.claimed, pool, rules, left)
            if problem:
                yield Problem(f"{here}.claimed", render(problem, "en"), fact=problem)

    if any(len(s.side(p)) > s.capacity for s in pos.stones for p in PLAYERS):
        return
    wins = [p for p in PLAYERS if holds_winning_set(pos.stones_held(p))]
    if len(wins) == 2:
        yield _p("stones", "legal.both_win")


def _check_duplicates(pos: Position) -> Iterator[Problem]:
    seen: Counter[object] = Counter()
    where: dict[object, list[str]] = {}

    def note(pieces: Iterable[object], place: str) -> None:
        for c in pieces:
            key = c.kind if isinstance(c, Troop) else c
            seen[key] += 1
            where.setdefault(key, []).append(place)

    for number, s in enumerate(pos.stones, 1):
        for p in PLAYERS:
            note(s.side(p), f"stones[{number - 1}].{p.value}")
        note((MODE_CARD[m] for m in s.modes), f"stones[{number - 1}].modes")
    note(pos.discard, "discard")
    for p in PLAYERS:
        note(pos.hands[p] or (), f"hands.{p.value}")
    for key in sorted(seen, key=str):
        n = seen[key]
        limit = TACTICS_COPIES[key] if isinstance(key, str) else 1
        if n > limit:
            what = Fact.of("legal.card" if isinstance(key, Card) else "legal.tactics_card", card=str(key) if isinstance(key, Card) else TacticName(str(key)))
            copies = Fact.of("legal.once") if limit == 1 else Fact.of("legal.copies", count=limit)
            places = PlaceList(tuple(where[key]))
            yield _p(where[key][limit], "legal.duplicate", what=what, count=n, places=places, copies=copies)


def _check_base_material(pos: Position) -> Iterator[Problem]:
    if pos.discard:
        yield _p("discard", "legal.base_discard")
    if pos.tactics_deck:
        yield _p("deck.tactics", "legal.base_tactics_deck")
    if any(pos.tactics_played.values()):
        yield _p("tactics_played", "legal.base_tactics")
    for number, s in enumerate(pos.stones, 1):
        if s.modes:
            yield _p(f"stones[{number - 1}].modes", "legal.base_modes")
        for p in PLAYERS:
            if any(isinstance(c, Troop) for c in s.side(p)):
                yield _p(f"stones[{number - 1}].{p.value}", "legal.base_troops")
    for p in PLAYERS:
        if any(isinstance(c, str) for c in pos.hands[p] or ()):
            yield _p(f"hands.{p.value}", "legal.base_hand")


def _check_tactics(pos: Position) -> Iterator[Problem]:
    for number, s in enumerate(pos.stones, 1):
        for p in PLAYERS:
            jokers = sum(1 for c in s.side(p) if isinstance(c, Troop) and c.kind == "JOKER")
            if jokers > 1:
                yield _p(f"stones[{number - 1}].{p.value}", "legal.jokers_side", count=jokers)
        unknown = set(s.modes) - set(MODES)
        if unknown:
            yield _p(f"stones[{number - 1}].modes", "legal.unknown_mode", mode=str(sorted(unknown)[0]))
    for p in PLAYERS:
        sides = [c for s in pos.stones for c in s.side(p) if isinstance(c, Troop) and c.kind == "JOKER"]
        if len(sides) > 1:
            yield _p("stones", "legal.jokers_table", player=p, count=len(sides))
    played = pos.tactics_played
    for p in PLAYERS:
        if played[p] < 0:
            yield _p(f"tactics_played.{p.value}", "legal.negative", count=played[p])
    if abs(played[Player.SOUTH] - played[Player.NORTH]) > 1:
        yield _p("tactics_played", "legal.played_gap", south=played[Player.SOUTH], north=played[Player.NORTH])
    visible = sum(pos.tactics_on_table().values())
    if played[Player.SOUTH] + played[Player.NORTH] != visible:
        yield _p("tactics_played", "legal.played_visible", total=played[Player.SOUTH] + played[Player.NORTH], visible=visible)
    if pos.tactics_deck < 0:
        yield _p("deck.tactics", "legal.negative", count=pos.tactics_deck)


def _check_counts(pos: Position) -> Iterator[Problem]:
    rules = pos.rules
    drawing = pos.deck > 0 or pos.tactics_deck > 0
    for p in PLAYERS:
        size, hand = pos.hand_sizes[p], pos.hands[p]
        if hand is not None and len(hand) != size:
            yield _p(f"hand_sizes.{p.value}", "legal.hand_size", size=size, count=len(hand))
        if size < 0:
            yield _p(f"hand_sizes.{p.value}", "legal.negative", count=size)
        elif size > rules.hand_limit:
            yield _p(f"hands.{p.value}", "legal.hand_over", "over-limit", size=size, limit=rules.hand_limit)
        elif drawing and size != rules.hand_limit:
            yield _p(f"hands.{p.value}", "legal.refill", "refill", size=size, deck=pos.deck + pos.tactics_deck, limit=rules.hand_limit)
    if pos.deck < 0:
        yield _p("deck.clan", "legal.negative", count=pos.deck)
    on_table = sum(len(s.south) + len(s.north) + len(s.modes) for s in pos.stones) + len(pos.discard)
    expected = 54 + (TACTICS_TOTAL if rules.tactics else 0)
    total = on_table + sum(pos.hand_sizes.values()) + pos.deck + pos.tactics_deck
    if total != expected:
        decks = Fact.of("legal.decks_tactics" if rules.tactics else "legal.decks", deck=pos.deck, tactics=pos.tactics_deck)
        yield _p("deck.clan", "legal.counts", expected=expected, table=on_table, south=pos.hand_sizes[Player.SOUTH],
                 north=pos.hand_sizes[Player.NORTH], decks=decks, total=total)
    elif rules.tactics:
        clan_seen = bin(pos.table_mask).count("1") + sum(len(pos.clan_hand(p) or ()) for p in PLAYERS)
        unknown = sum(pos.hand_sizes[p] for p in PLAYERS if pos.hands[p] is None)
        if not clan_seen + pos.deck <= 54 <= clan_seen + pos.deck + unknown:
            yield _p("deck.clan", "legal.clan_fit", seen=clan_seen, deck=pos.deck)


def _claim_problem(s: Stone, claimant: Player, pool: CardMask, rules: RuleSet, left: TacticsLeft) -> Fact | None:
    """Why the cards do not support ``claimant``'s claim of stone ``s``, or ``None`` if they do.

    The claim is judged as if the stone were still open, with the cards now on the table: a proof
    that held when the claim was made still holds (more cards are visible now, none fewer).
    """
    d = decide_claim(replace(s, claimed=None), claimant, pool, RuleSet(rules.variant), left)
    if d.claimable or d.status is ClaimStatus.TIE_UNKNOWN:
        return None
    them = claimant.opponent
    if d.status is ClaimStatus.INCOMPLETE:
        return Fact.of("legal.claim_incomplete", player=claimant, cards=Count(len(s.side(claimant))))
    if d.status in (ClaimStatus.WEAKER, ClaimStatus.TIE_LOST):
        return Fact.of("legal.claim_weaker", player=claimant, own=Named(d.own), opponent=them, other=Named(d.other))
    added = format_cards(d.counterexample or ())
    return Fact.of("legal.claim_unproved", player=claimant, opponent=them, added=added, counter=Named(d.counter_formation), own=Named(d.own))


__all__ = ["Problem", "status", "validate"]
