"""Whole-position analysis: claims, odds and outcomes of all nine stones, and the card probabilities.

One call, :func:`analyze`, returns a :class:`BoardAnalysis` with a readable ``str``, ``to_dict()``
(the JSON schema of the CLI) and ``to_json()``. It is what the board editor refreshes on every edit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from ..core.cards import format_cards
from ..core.formations import RANKS_STRONGEST_FIRST, Rank
from ..core.position import Position, Stone
from ..core.rules import PLAYERS, Player, RuleSet
from ..core.tactics import Piece
from ..core.tactics import MODE_CARD
from ..core.words import estimate, fraction_percent, register, say, tactic
from .claims import ClaimVerdict, claim
from .common import check_player, check_position, check_rules, percent
from .odds import CompletionOdds, odds_of_side
from .outcome import Outcome, outcome_of_sides
from .pools import CardChance, card_probabilities, draws_left, tactics_probabilities
from .seat_outcome import Seat, ViewerOutcome
from .viewer import ViewerSideOdds, outcome_seen_by, side_odds_seen_by


@dataclass(frozen=True)
class StoneAnalysis:
    """Everything about one stone; ``claims``, ``odds`` and ``outcome`` are ``None`` once it is claimed."""

    number: int
    south: tuple[Piece, ...]
    north: tuple[Piece, ...]
    claimed: Player | None
    claims: dict[Player, ClaimVerdict] | None
    odds: dict[Player, CompletionOdds] | None
    outcome: Outcome | None
    outcome_viewer: ViewerOutcome | None = None
    """The outcome seen by the analysis's viewer (docs/VIEWER.md); None in the public view."""
    odds_viewer: dict[Player, ViewerSideOdds] | None = None

    def claimable_by(self) -> tuple[Player, ...]:
        if self.claims is None:
            return ()
        return tuple(p for p in PLAYERS if self.claims[p].claimable)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "stone": self.number,
            "south": [str(c) for c in self.south],
            "north": [str(c) for c in self.north],
            "claimed": self.claimed.value if self.claimed else None,
            "claim": None if self.claims is None else {p.value: self.claims[p].to_dict() for p in PLAYERS},
            "odds": None if self.odds is None else {p.value: self.odds[p].to_dict() for p in PLAYERS},
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }
        if self.outcome_viewer is not None:
            out["outcome_viewer"] = self.outcome_viewer.to_dict()
        if self.odds_viewer is not None:
            out["odds_viewer"] = {p.value: self.odds_viewer[p].to_dict() for p in PLAYERS}
        return out


@dataclass(frozen=True)
class BoardAnalysis:
    """The analysis of a whole position as ``viewer`` sees it (card probabilities use the viewer's pool)."""

    position: Position
    viewer: Player
    stones: tuple[StoneAnalysis, ...]
    cards: tuple[CardChance, ...]
    rules: RuleSet = RuleSet()
    tactics_cards: tuple[CardChance, ...] = ()

    @property
    def counts_hand(self) -> bool:
        """Whether the viewer's hand is known: the headline figures count it (docs/VIEWER.md);
        otherwise this is the public view."""
        return self.position.hands[self.viewer] is not None

    @property
    def winner(self) -> Player | None:
        """The player who has won the game (5 stones, or 3 adjacent ones), or None while it goes on."""
        return self.position.winner()

    @property
    def claim_now(self) -> tuple[int, ...]:
        """Stones the player to move may claim now: at the start of the turn under the expert
        rules, after placing a card otherwise (a proof that holds now still holds after placing)."""
        return self.claimable(self.position.to_move)

    @property
    def threats(self) -> tuple[int, ...]:
        """Stones the opponent of the player to move could claim at the start of their next turn
        (expert) or after their next card, if nothing changes there: their proof holds now."""
        return self.claimable(self.position.to_move.opponent)

    def stone(self, number: int) -> StoneAnalysis:
        return self.stones[number - 1]

    def claimable(self, player: Player | str) -> tuple[int, ...]:
        """The stones ``player`` can claim now."""
        who = Player.parse(player)
        return tuple(s.number for s in self.stones if who in s.claimable_by())

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "notation": self.position.notation,
            "rules": {
                "variant": self.rules.variant,
                "expert": self.rules.expert,
                "strict_proofs": self.rules.strict_proofs,
            },
            "viewer": self.viewer.value,
            "viewer_hand_counted": self.counts_hand,
            "to_move": self.position.to_move.value,
            "winner": None if self.winner is None else self.winner.value,
            "claim_now": list(self.claim_now),
            "threats": list(self.threats),
            "stones": [s.to_dict() for s in self.stones],
            "cards": [c.to_dict() for c in self.cards],
        }
        if self.rules.tactics:
            out["tactics_cards"] = [c.to_dict() for c in self.tactics_cards]
        return out

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def __str__(self) -> str:
        return format_report(self)

    def _repr_html_(self) -> str:
        from ..core.svg import position_svg

        svg = position_svg(self.position, highlight_stones=tuple(s.number for s in self.stones if s.claimable_by()))
        body = "".join(
            f"<li>{_html_escape(line)}</li>" for line in format_report(self).splitlines()[1:] if line.strip()
        )
        return f"<div>{svg}<ul style='font-family:monospace'>{body}</ul></div>"


def default_viewer(position: Position) -> Player:
    """The seat an analysis takes by default: the player whose hand is known; both known: the player
    to move; none known: the player to move, for the public view (no hand counted)."""
    known = [p for p in PLAYERS if position.hands[p] is not None]
    return known[0] if len(known) == 1 else position.to_move


def analyze(
    position: Position,
    viewer: Player | str | None = None,
    rules: RuleSet | None = None,
    *,
    seen: bool = True,
) -> BoardAnalysis:
    """Analyse every stone for both players and every card for ``viewer`` (default: :func:`default_viewer`).

    Public figures (``odds``, ``outcome``) complete the open sides from the public pool. When the
    viewer's hand is known, each open stone also gets the figures seen by the viewer
    (``outcome_viewer``, ``odds_viewer``; docs/VIEWER.md), unless the game is already won or
    ``seen`` is False (the public figures only: faster where an estimate would be computed).
    ``rules`` defaults to the position's rule set (pass one with ``strict_proofs=True`` for strict
    tactics proofs).
    """
    check_position(position)
    who = default_viewer(position) if viewer is None else check_player(viewer, "viewer")
    rules = check_rules(position, rules)
    pool = position.public_pool
    wanted = seen and position.hands[who] is not None and position.winner() is None
    seat = Seat.of(position, who) if wanted else None
    odds_cache: dict[tuple[object, ...], CompletionOdds] = {}
    outcome_cache: dict[tuple[object, ...], Outcome] = {}
    viewer_cache: dict[tuple[object, ...], tuple[ViewerOutcome, dict[Player, ViewerSideOdds]]] = {}
    stones = []
    for number, s in enumerate(position.stones, 1):
        if s.claimed is not None:
            stones.append(StoneAnalysis(number, s.south, s.north, s.claimed, None, None, None))
            continue
        claims = {p: claim(position, number, p, rules) for p in PLAYERS}
        setting = (s.capacity, s.blind)
        odds = {}
        for p in PLAYERS:
            side = s.side(p)
            key = (tuple(sorted(map(str, side))), setting)
            if key not in odds_cache:
                odds_cache[key] = odds_of_side(side, pool, capacity=s.capacity, blind=s.blind)
            odds[p] = odds_cache[key]
        okey = (tuple(map(str, s.south)), tuple(map(str, s.north)), s.first_complete, setting)
        if okey not in outcome_cache:
            outcome_cache[okey] = outcome_of_sides(
                s.south, s.north, pool, s.first_complete, capacity=s.capacity, blind=s.blind
            )
        figures: tuple[ViewerOutcome | None, dict[Player, ViewerSideOdds] | None] = (None, None)
        if seat is not None:
            if okey not in viewer_cache:
                viewer_cache[okey] = (
                    outcome_seen_by(s, seat),
                    {p: side_odds_seen_by(s, p, seat) for p in PLAYERS},
                )
            figures = viewer_cache[okey]
        stones.append(StoneAnalysis(number, s.south, s.north, None, claims, odds, outcome_cache[okey], *figures))
    return BoardAnalysis(
        position, who, tuple(stones), card_probabilities(position, who), rules, tactics_probabilities(position, who)
    )


REPORT_PHRASES = register(
    {
        "report_head": {"en": "{game} game, {mover} to move, {decks}; {seat}", "fr": "{game}, {mover} joue, {decks} ; {seat}"},
        "report_game_base": {"en": "base", "fr": "jeu de base"},
        "report_game_tactics": {"en": "tactics", "fr": "variante tactique"},
        "report_game_base_expert": {"en": "base (expert)", "fr": "jeu de base, variante expert"},
        "report_game_tactics_expert": {"en": "tactics (expert)", "fr": "variante tactique et expert"},
        "report_deck": {"en": "deck {n}", "fr": "pioche : {n} cartes"},
        "report_decks": {"en": "deck {n}, tactics deck {t}", "fr": "pioche : {n} cartes, pioche tactique : {t}"},
        "report_stone": {"en": "Stone {stone}{modes}: {sides}", "fr": "Borne {stone}{modes} : {sides}"},
        "report_side": {"en": "{player} {cards}", "fr": "{player} {cards}"},
        "report_claimed": {"en": "  claimed by {player}", "fr": "  revendiquée par {player}"},
        "report_can": {"en": "  {player} CAN claim: {reason}", "fr": "  {player} PEUT revendiquer : {reason}"},
        "report_cannot": {"en": "  {player} cannot claim: {reason}", "fr": "  {player} ne peut pas revendiquer : {reason}"},
        "report_odds": {"en": "  {player} odds: {public}", "fr": "  chances de {player} : {public}"},
        "report_odds_seen": {
            "en": "  {player} odds seen by {viewer}: {mine}; {public_words}: {public}",
            "fr": "  chances de {player} vues par {viewer} : {mine} ; {public_words} : {public}",
        },
        "report_cannot_complete": {
            "en": "cannot be completed from the {n} cards off the table",
            "fr": "impossible à compléter avec les {n} cartes hors de la table",
        },
        "report_cannot_complete_p": {"en": "cannot complete {p}", "fr": "côté incomplet : {p}"},
        "report_outcome": {"en": "  outcome: {line}{decided}", "fr": "  issue : {line}{decided}"},
        "report_outcome_seen": {"en": "  outcome {seat}: {line}", "fr": "  issue, {seat} : {line}"},
        "report_outcome_public": {"en": "  outcome, {public_words}: {line}{decided}", "fr": "  issue, {public_words} : {line}{decided}"},
        "report_shares": {"en": "south {south}, north {north}, tie {tie}", "fr": "Sud {south}, Nord {north}, égalité {tie}"},
        "report_decided": {"en": " (decided by who completes first)", "fr": " (au premier côté complet)"},
        "report_undecided": {"en": ", undecided {p} (a side cannot be completed)", "fr": ", indécis {p} (un côté ne peut pas être complété)"},
        "report_estimated": {"en": " ({estimate})", "fr": " ({estimate})"},
        "report_empty": {"en": "(empty)", "fr": "(vide)"},
        "report_incomplete": {"en": "{cards} (incomplete)", "fr": "{cards} (incomplet)"},
        "report_complete": {"en": "{cards} [{formation}]", "fr": "{cards} [{formation}]"},
        "report_timing_expert": {"en": "at the start of the turn (expert rules)", "fr": "en début de tour (variante expert)"},
        "report_timing": {"en": "after placing a card", "fr": "après avoir posé une carte"},
        "report_claims": {
            "en": "{claimer} can claim {stones} {timing}; {other} threatens {threats}.",
            "fr": "{claimer} peut revendiquer {stones} {timing} ; {other} menace {threats}.",
        },
        "report_no_stone": {"en": "no stone", "fr": "aucune borne"},
        "report_one_stone": {"en": "stone {list}", "fr": "la borne {list}"},
        "report_stones": {"en": "stones {list}", "fr": "les bornes {list}"},
        "cli_claim_head": {"en": "stone {stone}, {player}: {word}{strict}", "fr": "borne {stone}, {player} : {word}{strict}"},
        "cli_claimable": {"en": "claimable", "fr": "revendicable"},
        "cli_not_claimable": {"en": "not claimable", "fr": "pas revendicable"},
        "cli_counter_formation": {"en": ": {formation}", "fr": ", soit {formation}"},
        "cli_strict": {"en": " (strict proof)", "fr": " (preuve stricte)"},
        "cli_counterexample": {"en": "counterexample: {player} adds {cards}{formation}", "fr": "contre-exemple : {player} ajoute {cards}{formation}"},
        "cli_proofs_strict": {
            "en": "strict (unplayed combat modes and elite troops may block a claim)",
            "fr": "stricte (les modes de combat et les troupes d'élite pas encore joués peuvent empêcher une revendication)",
        },
        "cli_proofs_rulebook": {
            "en": "rulebook (unplayed tactics cards cannot block a claim; --strict for the strict proof)",
            "fr": "celle de la règle (les cartes Tactique pas encore jouées n'empêchent pas une revendication ; --strict pour la preuve stricte)",
        },
        "cli_proofs": {"en": "Claim proofs: {proofs}.", "fr": "Preuve des revendications : {proofs}."},
        "cli_tactics_none": {"en": "Tactics cards: none unseen by {viewer}.", "fr": "Cartes Tactique : {viewer} les a toutes vues."},
        "cli_tactics_unseen": {
            "en": "Tactics cards unseen by {viewer}: {names}; each copy is in {opponent}'s hand with {p} and in the tactics deck with {q}.",
            "fr": "Cartes Tactique que {viewer} n'a pas vues : {names} ; chaque exemplaire est dans la main de {opponent} avec la probabilité {p}, dans la pioche tactique avec {q}.",
        },
        "report_cards": {
            "en": "Cards: {n} unseen by {viewer}; each is in {opponent}'s hand with {p}, in the deck with {q}, and drawn by {viewer} in the {draws} draws left with {d}.",
            "fr": "Cartes : {n} cartes que {viewer} n'a pas vues ; chacune est dans la main de {opponent} avec la probabilité {p}, dans la pioche avec {q}, et {viewer} la piochera dans ses {draws} tirages restants avec {d}.",
        },
    }
)
"""The readable text report's phrases (:func:`format_report`)."""


def format_report(result: BoardAnalysis, lang: str = "en") -> str:
    """The readable text report, in ``lang``: one block per stone, then the viewer's card chances.

    Where the viewer's hand is known, each open stone's headline is the outcome seen by the viewer
    (docs/VIEWER.md), with the public-pool figure beside it; a won game says so instead of giving odds.
    """
    pos = result.position
    n = pos.deck
    decks = say("report_decks", lang, n=n, t=pos.tactics_deck) if pos.rules.tactics else say("report_deck", lang, n=n)
    game = "report_game_" + result.rules.variant + ("_expert" if result.rules.expert else "")
    lines = [say("report_head", lang, game=say(game, lang), mover=pos.to_move, decks=decks, seat=seat_words(result, lang))]
    over = result.winner is not None
    if over:
        lines.append(game_over_words(pos, lang))
    for s in result.stones:
        stone = pos.stone(s.number)
        names = sorted(stone.modes) if lang == "en" else [tactic(MODE_CARD[m], lang) for m in sorted(stone.modes)]
        modes = f" [{', '.join(names)}]" if stone.modes else ""
        sides = "   ".join(say("report_side", lang, player=p, cards=_side_text(stone, p, lang)) for p in PLAYERS)
        lines.append(say("report_stone", lang, stone=s.number, modes=modes, sides=sides))
        if s.claimed is not None:
            lines.append(say("report_claimed", lang, player=s.claimed))
            continue
        if over:
            continue
        lines.extend(_stone_lines(result, s, stone, lang))
    if over:
        return "\n".join(lines)
    claimer, other = pos.to_move, pos.to_move.opponent
    timing = say("report_timing_expert" if result.rules.expert else "report_timing", lang)
    lines.append(
        say("report_claims", lang, claimer=claimer, stones=_stone_list(result.claim_now, lang), timing=timing,
            other=other, threats=_stone_list(result.threats, lang))
    )
    unseen = [c for c in result.cards if c.unseen]
    if unseen:
        c = unseen[0]
        lines.append(
            say("report_cards", lang, n=len(unseen), viewer=result.viewer, opponent=result.viewer.opponent,
                p=fraction_percent(c.p_opponent_hand, lang), q=fraction_percent(c.p_deck, lang),
                draws=draws_left(pos, result.viewer), d=fraction_percent(c.p_draw, lang))
        )
    return "\n".join(lines)


def seat_words(result: BoardAnalysis, lang: str = "en") -> str:
    """From whose seat the figures are seen: ``seen by south, counting south's hand (N8 Y1)``, or the
    public view."""
    viewer = result.viewer
    if result.counts_hand:
        hand = format_cards(result.position.clan_hand(viewer) or ())
        return f"{say('viewer_figure', lang, viewer=viewer)} ({hand})"
    if all(result.position.hands[p] is None for p in PLAYERS):
        return say("public_view", lang)
    return f"{say('seen_by', lang, viewer=viewer)}: {say('hand_unknown', lang, viewer=viewer)}"


def game_over_words(position: Position, lang: str = "en") -> str:
    """``The game is over: south holds three adjacent stones (4, 5, 6).`` (the winner by Position.winner)."""
    winner = position.winner()
    assert winner is not None
    held = position.stones_held(winner)
    run = next((held[i : i + 3] for i in range(len(held) - 2) if held[i + 2] - held[i] == 2), None)
    how = say("three_adjacent", lang) if run else say("five_stones", lang)
    return say("game_over", lang, winner=winner, how=f"{how} ({', '.join(map(str, run or held))})")


def _stone_lines(result: BoardAnalysis, s: StoneAnalysis, stone: Stone, lang: str = "en") -> list[str]:
    """Claims, odds and outcome of one open stone: the viewer's figures first, the public ones beside."""
    assert s.claims is not None and s.odds is not None and s.outcome is not None
    lines = []
    for p in PLAYERS:
        v = s.claims[p]
        if stone.is_complete(p):
            lines.append(say("report_can" if v.claimable else "report_cannot", lang, player=p, reason=v.explain(lang)))
    viewer = result.viewer
    public_words = say("public_figure", lang)
    for p in PLAYERS:
        o = s.odds[p]
        if o.complete:
            continue
        public = _ranks_text(o.ranks, o.capacity, lang) if o.possible else say("report_cannot_complete", lang, n=o.pool_size)
        if s.odds_viewer is None:
            lines.append(say("report_odds", lang, player=p, public=public))
            continue
        seen = s.odds_viewer[p]
        mine = _ranks_text(seen.ranks, seen.capacity, lang)
        if seen.incomplete:
            cannot = say("report_cannot_complete_p", lang, p=percent(seen.incomplete, lang))
            mine = ", ".join(x for x in (mine, cannot) if x)
        lines.append(say("report_odds_seen", lang, player=p, viewer=viewer, mine=mine, public_words=public_words, public=public))
    out = s.outcome
    decided = say("report_decided", lang) if out.tie and not any(map(stone.is_complete, PLAYERS)) else ""
    public_line = say("report_shares", lang, south=percent(out.south, lang), north=percent(out.north, lang), tie=percent(out.tie, lang))
    if s.outcome_viewer is None:
        lines.append(say("report_outcome", lang, line=public_line, decided=decided))
        return lines
    seat = say("viewer_figure", lang, viewer=result.viewer)
    lines.append(say("report_outcome_seen", lang, seat=seat, line=_viewer_outcome_text(s.outcome_viewer, lang)))
    lines.append(say("report_outcome_public", lang, public_words=public_words, line=public_line, decided=decided))
    return lines


def _ranks_text(ranks: dict[Rank, Fraction], capacity: int, lang: str = "en") -> str:
    return ", ".join(f"{r.label(lang, size=capacity)} {percent(ranks[r], lang)}" for r in RANKS_STRONGEST_FIRST if ranks[r])


def _viewer_outcome_text(o: ViewerOutcome, lang: str = "en") -> str:
    def shown(key: str, p: Fraction) -> str:
        return estimate(float(p), o.stderr[key], lang) if not o.exact else percent(p, lang)

    text = say("report_shares", lang, south=shown("south", o.south), north=shown("north", o.north), tie=shown("tie", o.tie))
    if o.tie and o.exact:
        text += say("report_decided", lang)
    if o.undecided:
        text += say("report_undecided", lang, p=percent(o.undecided, lang))
    if not o.exact:
        text += say("report_estimated", lang, estimate=say("estimate", lang, samples=o.samples))
    return text


def _side_text(stone: Stone, player: Player, lang: str = "en") -> str:
    side = stone.side(player)
    if not side:
        return say("report_empty", lang)
    formation = stone.formation(player)
    if formation is not None:
        return say("report_complete", lang, cards=format_cards(side), formation=formation.describe(lang, size=stone.capacity))
    return say("report_incomplete", lang, cards=format_cards(side))


def _stone_list(numbers: tuple[int, ...], lang: str = "en") -> str:
    if not numbers:
        return say("report_no_stone", lang)
    return say("report_one_stone" if len(numbers) == 1 else "report_stones", lang, list=", ".join(map(str, numbers)))


def _html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
