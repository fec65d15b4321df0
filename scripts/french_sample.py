"""Write docs/french_sample.md: the French the toolkit writes, rendered, for a reviewer to read in one sitting.

    PYTHONPATH=. python scripts/french_sample.py            # rewrite docs/french_sample.md
    PYTHONPATH=. python scripts/french_sample.py --check    # exit 1 if the file is out of date

Sections: every phrase of core.words with sample fields; the claim explanations of every curated
position (both players, every stone with cards); the text report of three curated positions; the
labels of the diagrams, charts and HTML report; the advisor's reasons and a review; then every kind
of error and refusal (scripts/french_sample_errors.py, loaded by this script). tests/core/test_french.py
checks the file is up to date and checks the typography of every sentence mechanically (:func:`sentences`).
"""

from __future__ import annotations

from schotten_lab.bots import Budget

import argparse
import importlib.util
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "french_sample.md"
POSITIONS = ROOT / "data" / "positions"
REPORTED = ("04_three_eights_r8_in_own_hand", "13_midgame", "23_tactics_midgame")
"""The curated positions whose whole text report is in the sample."""


def sample_fields() -> dict[str, object]:
    """A plausible value for every field name the phrases use (a phrase takes the ones it names)."""
    from schotten_lab.analysis.claims import FormationWords
    from schotten_lab.core.cards import Card
    from schotten_lab.core.formations import evaluate
    from schotten_lab.core.location import Location
    from schotten_lab.core.rules import Player
    from schotten_lab.core.words import Fact, Facts, TacticName, percent, say

    S, N = Player.SOUTH, Player.NORTH
    three_eights = evaluate([Card.parse(c) for c in ("N8", "B8", "G8")])
    color_run = evaluate([Card.parse(c) for c in ("R7", "R8", "R9")])
    cards = tuple(Card.parse(c) for c in ("R9", "R7"))
    return {
        "viewer": S, "winner": N, "player": S, "owner": N, "opponent": N, "who": S, "claimer": S, "other_player": N,
        "how": "trois bornes côte à côte (4, 5, 6)", "what": "8", "stone": 5, "side": N, "stones": "les bornes 2, 5",
        "cards": cards, "card": Card.parse("R8"), "added": (Card.parse("R8"),), "mud": "", "more": 2, "count": 3,
        "own": FormationWords(three_eights, 3, owner=S), "other": FormationWords(color_run, 3, owner=N),
        "counter": FormationWords(color_run, 3), "formation": FormationWords(color_run, 3),
        "scenario": Facts((Fact.of("scenario_mode", mode=TacticName("MUD")),), sep="and_all"),
        "lead": "", "wild": "", "where": Location.on_stone(4, N), "mode": TacticName("BLIND"),
        "troop": TacticName("SPY"), "troops": Facts((TacticName("JOKER"),)), "value": 6, "need": 3, "capacity": 3,
        "tie": "", "threats": "il faudrait R8 à Nord pour une suite couleur (somme 24)", "place": Location.on_stone(4, N),
        "listed": "R8 (sur la borne 4, côté Nord)", "parts": "le Joker en R8", "samples": 2000, "n": 35, "t": 8,
        "game": "jeu de base", "mover": S, "decks": say("report_deck", "fr", n=35), "seat": "vu par Sud, qui connaît sa main",
        "modes": "", "sides": "Sud N8 B8 G8   Nord R9 R7", "reason": "le brelan de Sud (somme 24) est imbattable.",
        "public": f"suite couleur {percent(0.021, 'fr')}", "mine": f"couleur {percent(0.701, 'fr')}", "public_words": "côtés complétés au hasard",
        "p": Fraction(6, 17), "q": Fraction(11, 17), "d": Fraction(6, 17), "draws": 6, "line": say("report_shares", "fr", south=percent(0.979, "fr"), north=percent(0.021, "fr"), tie="0\u00a0%"),
        "decided": "", "estimate": say("estimate", "fr", samples=2000), "south": Fraction(1, 2),
        "north": Fraction(1, 3), "tie_p": Fraction(1, 6), "list": "5", "timing": "après avoir posé une carte",
        "other": FormationWords(color_run, 3, owner=N), "threats_list": "", "word": "revendicable", "strict": "",
        "proofs": say("cli_proofs_rulebook", "fr"), "names": "Joker, Stratège", "total": 24, "name": "brelan", "lang": "fr",
    }  # fmt: skip


def overrides() -> dict[str, dict[str, object]]:
    """Fields of the phrases whose field names mean something else elsewhere (a side's cards, a place)."""
    from schotten_lab.core.cards import Card
    from schotten_lab.core.location import Location
    from schotten_lab.core.rules import Player
    from schotten_lab.core.words import Count, Fact

    fields = sample_fields()
    R8, N = (Card.parse("R8"),), Player.NORTH
    lead = Fact.of("claim_unbeatable", own=fields["own"], wild="")
    beaten = {"side": tuple(Card.parse(c) for c in ("R9", "R7", "R8")), "where": Fact.of("not_on_table_one")}
    return {
        "claim_beaten": beaten,
        "claim_beaten_many": {**beaten, "added": tuple(Card.parse(c) for c in ("B4", "B6"))},
        "cards_one": {"count": 1},
        "claim_incomplete": {"cards": Count(2)},
        "cli_counterexample": {"cards": R8, "formation": ", soit une suite couleur (somme 24)"},
        "cli_counter_formation": {"formation": "une suite couleur (somme 24)"},
        "dead_card": {"place": Fact.of("place_on", where=Location.on_stone(4, N))},
        "in_own_hand_one": {"cards": R8},
        "proof_many": {"lead": lead, "count": 12, "more": Fact.of("and_more", count=3)},
        "proof_no_completion_beats": {"lead": lead},
        "proof_nothing_beats": {"lead": lead},
        "proof_threats": {"lead": lead},
        "report_claims": {"other": N, "threats": "la borne 6", "stones": "les bornes 2, 5"},
        "report_shares": {"south": Fraction(482, 1000), "north": Fraction(471, 1000), "tie": Fraction(47, 1000)},
        "threat": {"cards": R8, "where": Fact.of("dead_card", card=R8[0], place=Fact.of("place_discard"))},
        "threat_again": {"cards": R8, "where": Fact.of("dead_card", card=R8[0], place=Fact.of("place_discard"))},
        "tie_note": {"cards": (Card.parse("N9"),)},
        **reason_overrides(),
    }


def reason_overrides() -> dict[str, dict[str, object]]:
    """Fields of the advisor's and the review's phrases (bots/move_facts.py, bots/words.py, play/review.py)."""
    from schotten_lab.bots.move_facts import Numbers, Pieces, RankWords
    from schotten_lab.core.cards import Card
    from schotten_lab.core.formations import Rank
    from schotten_lab.core.rules import Player
    from schotten_lab.core.words import Fact
    from schotten_lab.play.review import Chance, MoveName

    N = Player.NORTH
    run, north_run = RankWords(Rank.COLOR_RUN), RankWords(Rank.COLOR_RUN, owner=N)
    pair = tuple(Card.parse(c) for c in ("G6", "G8"))
    reply = Fact.of("reason.claims_one", stones=Numbers((3,)), wins="")
    return {
        "reason.claims_one": {"stones": Numbers((4,)), "wins": ""},
        "reason.claims_many": {"stones": Numbers((2, 5)), "wins": Fact.of("reason.wins_game")},
        "reason.opens": {"formation": run},
        "reason.builds": {"formation": run},
        "reason.kills": {"formation": north_run},
        "reason.unlocks": {"formation": north_run},
        "reason.keeps": {"formation": run, "cards": pair},
        "reason.beat_needs": {"cards": (Card.parse("B7"),)},
        "reason.beat_any": {"unit": Fact.of("reason.unit_pairs"), "cards": pair, "count": 12},
        "reason.beat_some": {"unit": Fact.of("reason.unit_pairs"), "cards": pair, "count": 4, "total": 136},
        "reason.beat_hand": {"cards": Pieces(tuple(Card.parse(c) for c in ("R8", "G8", "N8")), either=True)},
        "review.allowed": {"move": MoveName(Card.parse("G9"), 5, (3,)), "reason": reply, "chance": Chance(0.72, 0.05)},
        "review.allowed_bare": {"move": MoveName(Card.parse("G9"), 5), "chance": Chance(0.72, 0.05)},
        "review.move_claims": {"move": MoveName(Card.parse("G9"), 5), "stones": Numbers((3,))},
        "review.outcomes": {"best": Fact.of("outcome.win_at_once"), "played": Fact.of("outcome.win_in", turns=3)},
        "outcome.win_in": {"turns": 3},
        "outcome.loss_in": {"turns": 5},
        **review_overrides(),
        **tactics_overrides(),
        **edit_overrides(),
    }


def edit_overrides() -> dict[str, dict[str, object]]:
    """Fields of a refused edit's reasons and of the legality problems (core/edit.py, core/legality.py, core/problem.py)."""
    from schotten_lab.core.cards import Card
    from schotten_lab.core.edit import PieceName
    from schotten_lab.core.formations import evaluate
    from schotten_lab.core.legality import Named, PlaceList
    from schotten_lab.core.rules import Player
    from schotten_lab.core.words import Count, Fact, TacticName

    S, N = Player.SOUTH, Player.NORTH
    run = Named(evaluate([Card.parse(c) for c in ("R7", "R8", "R9")]))
    kind = Named(evaluate([Card.parse(c) for c in ("B8", "G8", "N8")]))
    misfit = Fact.of("problem.line", where="main de Sud", what=Fact.of("legal.hand_over", size=7, limit=6))
    return {
        "edit.copies_both": {"name": TacticName("JOKER")}, "edit.copies_one": {"name": TacticName("SPY")},
        "edit.deck_misfit": {"deck": 3, "derived": 39, "why": misfit},
        "edit.tactics_deck_misfit": {"deck": 2, "why": misfit},
        "edit.mode_placed": {"card": TacticName("MUD")},
        "edit.need_tactics": {"what": Fact.of("edit.what_modes")},
        "edit.no_card_at": {"player": S, "stone": "2", "place": "1"}, "edit.no_discard_at": {"place": "2"},
        "edit.claimed_take": {"stone": "5", "owner": N, "piece": PieceName("SHIELD")},
        "edit.ruse": {"name": TacticName("BANSHEE")}, "edit.unknown_mode": {"mode": "boue"},
        "edit.variant_blank": {"variant": Fact.of("edit.variant_base")}, "edit.what_tactics": {"name": TacticName("SPY")},
        "edit.too_many": {"total": 54, "count": 55}, "edit.side_full": {"player": S, "stone": "5", "capacity": 4, "mud": Fact.of("edit.mud")},
        "legal.claim_incomplete": {"player": S, "cards": Count(2)},
        "legal.claim_unproved": {"player": S, "opponent": N, "added": "R8", "counter": run, "own": kind},
        "legal.claim_weaker": {"player": S, "own": kind, "opponent": N, "other": run},
        "legal.clan_fit": {"seen": 30, "deck": 30},
        "legal.counts": {"expected": 54, "table": 12, "south": 6, "north": 6, "decks": Fact.of("legal.decks", deck=31, tactics=0), "total": 55},
        "legal.decks": {"deck": 31, "tactics": 0}, "legal.decks_tactics": {"deck": 20, "tactics": 6},
        "legal.duplicate": {"what": Fact.of("legal.card", card="R8"), "count": 2, "places": PlaceList(("stones[0].south", "hands.north")),
                            "copies": Fact.of("legal.once")},
        "legal.hand_over": {"size": 7, "limit": 6}, "legal.hand_size": {"size": 6, "count": 5},
        "legal.played_gap": {"south": 3, "north": 1}, "legal.played_visible": {"total": 3, "visible": 2},
        "legal.refill": {"size": 5, "deck": 30, "limit": 6}, "legal.stone_count": {"count": 8, "expected": 9},
        "legal.unknown_mode": {"mode": "boue"}, "legal.tactics_card": {"card": TacticName("TRAITOR")},
        "problem.illegal": {"problems": Fact.of("problem.line", where="borne 1, côté Nord", what=Fact.of(
            "legal.duplicate", what=Fact.of("legal.card", card="R8"), count=2, places=PlaceList(("stones[0].south", "hands.north")),
            copies=Fact.of("legal.once")))},
        "adv.head": {"player": S, "chance": "80,0\u00a0% ±\u00a013,3", "method": Fact.of("adv.method_monte_carlo"), "rollouts": "2\u00a0000",
                     "seconds": "0,34"},
        "adv.on_all": {"count": 8}, "adv.deals": {"count": 10}, "adv.more": {"count": 12},
        "cli_adv.seat": {"me": S, "opponent": N}, "cli_adv.iterations": {"iterations": "2\u00a0000", "seed": "0"},
        "cli_adv.budget": {"budget": "2", "seed": "0"},
        "bot_opt.budget": {"name": "seconds", "most": "3600", "value": 0}, "bot_opt.iterations": {"name": "rollouts", "most": 10_000_000, "value": 0},
        "bot_opt.lookahead": {"most": 12, "value": 13},
        "bot_opt.budget_rollouts": {"name": "budget", "value": "Budget(seconds=2)"}, "bot_opt.budget_twice": {"old": "iterations"},
        "cli_adv.pending": {"me": S, "cards": Count(2, "cli_adv.card_one", "cli_adv.card_many"), "answer": '{"return": [...]}'},
        "cli_adv.card_one": {"count": 1}, "cli_adv.card_many": {"count": 2},
        "cli_adv.pending_claims": {"stones": "5, 9", "answer": '"claim": [5, 9]'},
        "problem.line": {"where": "main de Sud", "what": Fact.of("legal.hand_over", size=7, limit=6)},
    }  # fmt: skip


def tactics_overrides() -> dict[str, dict[str, object]]:
    """Fields of the tactics variant's reasons (bots/tactics_reasons.py)."""
    from fractions import Fraction

    from schotten_lab.analysis.claims import FormationWords
    from schotten_lab.bots.move_facts import Pieces
    from schotten_lab.bots.tactics_reasons import BestWords, CardWords, ChanceList, DeckList, HandCards, PlayWords, TroopFormation
    from schotten_lab.game import Play
    from schotten_lab.core.cards import Card
    from schotten_lab.core.formations import evaluate
    from schotten_lab.core.rules import Player
    from schotten_lab.core.tactics import Troop
    from schotten_lab.core.words import Fact

    S, N = Player.SOUTH, Player.NORTH
    run = evaluate([Card.parse(c) for c in ("R7", "R8", "R9")])
    kind = evaluate([Card.parse(c) for c in ("B5", "G5", "P5")])
    ruse = {"opponent": N, "piece": CardWords("R9"), "source": "3", "stone": "5"}
    other: dict[str, object] = {"other": FormationWords(kind, 3, owner=N)}
    chances = ChanceList((Fact.of("tr.chance_on", stone="3", p=Fraction(1, 2), q=Fraction(0)),
                          Fact.of("tr.chance_on", stone="5", p=Fraction(191, 1000), q=Fraction(1))))
    return {
        "tr.troop": {"troop": CardWords("SHIELD"), "range": Fact.of("tr.range_SHIELD")},
        "tr.banshee": {**ruse, "piece": CardWords(Troop("JOKER"))},
        "tr.traitor_same": ruse,
        "tr.traitor": ruse,
        "tr.strategist_discard": {"piece": CardWords("G4"), "source": "2"},
        "tr.strategist": {"piece": CardWords("G4"), "source": "2", "stone": "6"},
        "tr.completes": {"own": TroopFormation(run, 3, (("JOKER", "R7"),)), "stone": "1"},
        "tr.beats": other, "tr.loses": other, "tr.ties": other, "tr.ties_first": {**other, "player": S},
        "tr.opens": {"stone": "2", "cards": Pieces((Troop("SPY"),)), "mud": ""},
        "tr.builds": {"stone": "2", "cards": Pieces(tuple(Card.parse(c) for c in ("B4", "B5", "B6"))), "mud": Fact.of("tr.mud_four")},
        "tr.blind_possible": {"total": "26"},
        "tr.possible": {"formation": BestWords(evaluate([Card.parse(c) for c in ("G7", "N9", "R9")]), 4)},
        "tr.answers": {"opponent": N, "other": FormationWords(run, 3)},
        "tr.blind": {"stone": "3"}, "tr.mud": {"stone": "5"},
        "tr.hh_keep": {"count": 1, "decks": DeckList(("clan",))},
        "tr.hh_back": {"count": 3, "decks": DeckList(("clan", "clan", "tactics")), "back": 2},
        "tr.chance_there": {"p": Fraction(1, 2), "q": Fraction(3, 4)},
        "tr.chances": {"list": chances},
        "tr.chance_on": {"stone": "3", "p": Fraction(1, 2), "q": Fraction(0)},
        "tr.keeps_hand": {"cards": HandCards(("R1", "G9", "SPY"))},
        "tr.with_troops": {"troops": "le Joker en R7"},
        "tr.troop_as": {"troop": CardWords("JOKER"), "card": "R7"},
        "tr.err_cannot_claim": {"player": S, "stone": 4, "when": Fact.of("tr.when_after"),
                                "why": Fact.of("tr.why_beaten", opponent=N, cards=Pieces((Card.parse("B7"),)))},
        "tr.err_claims_shape": {"most": 9, "value": "4"}, "tr.err_claims_stone": {"value": 0, "most": 9},
        "tr.err_claims_twice": {"stones": "[1, 1]"}, "tr.err_game_ends": {"stone": 3, "next": 5},
        "tr.err_not_legal": {"play": PlayWords(Play("R9", 4)), "why": Fact.of("record.not_in_hand", card="R9", player=S)},
        "tr.err_not_position": {"type": "str"}, "tr.err_play_shape": {"value": "R8"},
        "tr.err_winning_claims": {"stones": "2, 3", "play": PlayWords(Play("P4", 4))},
        "tr.why_incomplete": {"count": 1, "capacity": 3},
    }  # fmt: skip


def review_overrides() -> dict[str, dict[str, object]]:
    """Fields of the review's table lines and summary (play/review.py) and of the moves in words (game/plays.py)."""
    from schotten_lab.core.cards import Card
    from schotten_lab.core.rules import Player
    from schotten_lab.core.words import Count, TacticName, chance, say
    from schotten_lab.play.review import MoveName

    best: dict[str, object] = {"best": MoveName(Card.parse("G5"), 2)}
    counts = ", ".join(say(key, "fr", count=n) for key, n in (("review.count_blunder_one", 0), ("review.count_mistake_one", 1),
                                                               ("review.count_inaccuracy_many", 2), ("review.count_unclear_many", 4)))
    placed = say("move.place", "fr", card="R8", stone="3")
    hunted = say("move.headhunter", "fr", decks="Clan, Tactique")
    return {
        "review.as_good": best,
        "review.best": best,
        "review.best_moves": {"count": 12},
        "review.interval": {"low": "-6,9", "high": "23,6"},
        "review.one_seat": {"seat": Player.NORTH},
        "review.row": {"before": chance(0.646, 0.07, "fr"), "after": chance(0.562, None, "fr"), "loss": chance(0.083, 0.078, "fr")},
        "review.summary": {"player": Player.SOUTH, "turns": Count(20, "review.turns_one", "review.turns_many"),
                           "best": say("review.best_moves", "fr", count=12), "counts": counts, "loss": "2,2 ±\u00a00,9"},
        "review.wrote": {"name": "revue.html"},
        **{f"review.count_{label}_one": {"count": 1} for label in ("blunder", "mistake", "inaccuracy", "unclear")},
        "review.turns_one": {"count": 1},
        "move.banshee": {"target": TacticName("SPY"), "source": "2"},
        "move.traitor": {"target": "R8", "source": "2", "stone": "5"},
        "move.strategist": {"target": TacticName("JOKER"), "source": "2", "stone": "6"},
        "move.strategist_discard": {"target": "R8", "source": "2"},
        "move.place": {"card": TacticName("SHIELD"), "stone": "4"},
        "move.headhunter": {"decks": "Clan, Clan, Tactique"},
        "move.claims": {"move": placed, "stones": "3, 4"},
        "move.returned": {"move": hunted, "count": "2"},
        "move.draw": {"move": placed, "deck": "Tactique"},
        "move.put_back": {"cards": "R1 R2"},
        "selfplay_header": {"south": "random", "north": "advisor", "variant": say("selfplay_variant_base", "fr"),
                            "expert": say("selfplay_expert", "fr"), "seed": "0", "engine": "python", "runner": say("runner.jobs", "fr", n=2)},
        "runner.dask": {"address": "tcp://ordonnanceur:8786"},
        "selfplay_wrote": {"n": 100, "name": "parties.jsonl"},
        "selfplay_wrote_one": {"n": 1, "name": "parties.jsonl"},
    }


def sampled_tables() -> dict[str, dict[str, str]]:
    """The phrase tables of the sample: core.words's and those of the modules that speak through it
    (a fixed list, so the sample does not depend on what else a process imported)."""
    from schotten_lab.analysis.board import REPORT_PHRASES
    from schotten_lab.bots.advice import ADVICE_PHRASES
    from schotten_lab.bots.move_facts import REASON_PHRASES
    from schotten_lab.bots.tactics_reasons import TACTICS_REASON_PHRASES
    from schotten_lab.bots.words import BOT_PHRASES
    from schotten_lab.cli.advise import ADVISE_PHRASES
    from schotten_lab.core.edit import EDIT_PHRASES
    from schotten_lab.core.legality import LEGALITY_PHRASES
    from schotten_lab.core.problem import PROBLEM_PHRASES
    from schotten_lab.core.words import PHRASES
    from schotten_lab.game.plays import MOVE_PHRASES
    from schotten_lab.play.distributed import RUNNER_PHRASES
    from schotten_lab.play.review import REVIEW_PHRASES
    from schotten_lab.play.selfplay import SUMMARY_PHRASES
    from schotten_lab.cli.io import ARGPARSE_PHRASES
    from schotten_lab.cli.records import GAME_CLI_PHRASES
    from schotten_lab.cli.values import VALUE_PHRASES
    from schotten_lab.game.record_words import RECORD_PHRASES

    return {**PHRASES, **REPORT_PHRASES, **SUMMARY_PHRASES, **BOT_PHRASES, **REASON_PHRASES, **REVIEW_PHRASES, **MOVE_PHRASES,
            **RUNNER_PHRASES, **TACTICS_REASON_PHRASES, **EDIT_PHRASES, **LEGALITY_PHRASES, **PROBLEM_PHRASES,
            **ADVICE_PHRASES, **ADVISE_PHRASES, **RECORD_PHRASES, **GAME_CLI_PHRASES, **ARGPARSE_PHRASES, **VALUE_PHRASES}


def phrase_lines(tables: dict[str, dict[str, str]] | None = None) -> Iterator[tuple[str, str]]:
    """Every phrase of ``tables`` (default :func:`sampled_tables`), in French, with sample fields:
    ``(key, sentence)``."""
    from schotten_lab.core import words

    fields, special = sample_fields(), overrides()
    for key, texts in sorted((sampled_tables() if tables is None else tables).items()):
        values = {name: fields.get(name, "R8") for name in words.fields_of(texts["fr"])}
        values.update(special.get(key, {}))
        yield key, words.say(key, "fr", **values).strip()


def claim_lines() -> Iterator[tuple[str, str]]:
    """The claim explanations of every curated position: ``(position and stone, sentence)``."""
    from schotten_lab.analysis import claim
    from schotten_lab.core.load import load_position_text
    from schotten_lab.core.rules import PLAYERS
    from schotten_lab.core.words import say

    for path in sorted(POSITIONS.glob("*.json")):
        position = load_position_text(path.read_text(encoding="utf-8")).position
        for number in range(1, 10):
            stone = position.stone(number)
            if stone.claimed is not None and number % 2:  # claimed stones: one example is enough
                continue
            for p in PLAYERS:
                if not stone.side(p) and stone.claimed is None:
                    continue
                verdict = claim(position, number, p)
                head = say("report_can" if verdict.claimable else "report_cannot", "fr", player=p, reason="").strip()
                yield f"{path.stem[:2]} borne {number}", f"{head} {verdict.explain('fr')}"
                if stone.claimed is not None:
                    break


def curated_lines() -> Iterator[tuple[str, str]]:
    """The French titles and descriptions of the curated positions."""
    import json

    for path in sorted(POSITIONS.glob("*.json")):
        french = json.loads(path.read_text(encoding="utf-8"))["translations"]["fr"]
        yield path.stem[:2], f"**{french['title']}** — {french['description']}"


def report_lines() -> Iterator[tuple[str, str]]:
    """The whole text report (``schotten-lab analyze --lang fr``) of a few curated positions, line by line."""
    from schotten_lab.analysis import analyze, format_report
    from schotten_lab.core.load import load_position_text

    for stem in REPORTED:
        position = load_position_text((POSITIONS / f"{stem}.json").read_text(encoding="utf-8")).position
        for line in format_report(analyze(position), "fr").splitlines():
            yield stem[:2], line.strip()


def label_lines() -> Iterator[tuple[str, str]]:
    """The French labels of the diagrams, charts and HTML report."""
    from schotten_lab.core.words import CHART_LABELS, DIAGRAM_LABELS, REPORT_LABELS

    for name, table in (("diagram", DIAGRAM_LABELS), ("chart", CHART_LABELS), ("report", REPORT_LABELS)):
        for key, value in table["fr"].items():
            if isinstance(value, str):
                yield f"{name}.{key}", value
            elif isinstance(value, dict):
                for sub, text in value.items():
                    yield f"{name}.{key}.{sub}", text
            else:
                yield f"{name}.{key}", ", ".join(value)


REASONED = ("13_midgame", "11_claimed_stones_midgame", "10_counterexample_three_of_a_kind", "23_tactics_midgame")
"""The curated positions whose advisor reasons (top moves, seeded) are in the sample."""


def reason_lines() -> Iterator[tuple[str, str]]:
    """The advisor's reasons of the top moves (``schotten-lab advise --lang fr``) of a few curated
    positions and of the issue's example, seeded (the same on every machine)."""
    from schotten_lab.bots import advise
    from schotten_lab.core.load import load_position_text
    from schotten_lab.core.position import Position

    cases = [(stem[:2], load_position_text((POSITIONS / f"{stem}.json").read_text(encoding="utf-8")).position) for stem in REASONED]
    cases.append(("Y1", Position.from_notation("-Y4/-/-/R7B7G7-Y2Y3/-/-/-/-/- Y1P9N9B1B2G3 ?6 s")))
    for where, position in cases:
        for move in advise(position, budget=Budget(rollouts=60), seed=0).moves[:5]:
            yield f"{where} {move.label('fr')}", move.reason_words("fr")


def review_lines() -> Iterator[tuple[str, str]]:
    """The text review (``schotten-lab review --lang fr``) of the first turns of a seeded game, line by
    line, and a one-seat record's first lines."""
    from schotten_lab.game import read_record, seat_record
    from schotten_lab.play.review import review_game
    from schotten_lab.play.selfplay import Matchup, play_game

    game = play_game(Matchup("random", "greedy"), 3, 0)
    short = {**game, "turns": game["turns"][:10], "result": None}
    for line in review_game(short, budget=Budget(rollouts=16), seed=1).text("fr").splitlines():
        yield "partie", line.strip()
    for line in review_game(seat_record(read_record(short), "north"), budget=Budget(rollouts=8), seed=0).text("fr").splitlines()[:3]:
        yield "un siège", line.strip()


def _errors_module() -> ModuleType:
    """scripts/french_sample_errors.py (the error sections), loaded by path: this script runs from
    anywhere, and tests load it by path too."""
    path = Path(__file__).resolve().with_name("french_sample_errors.py")
    spec = importlib.util.spec_from_file_location("french_sample_errors", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_ERRORS = _errors_module()
READER_INPUTS = _ERRORS.READER_INPUTS
(reader_error, reader_lines, record_lines, command_lines, file_lines, refusal_lines, turn_rule_lines, engine_lines,
 search_lines, bot_lines, puzzle_summary_lines, puzzle_file_lines, selfplay_lines, protocol_lines) = (
    getattr(_ERRORS, name) for name in ("reader_error", "reader_lines", "record_lines", "command_lines", "file_lines",
                                        "refusal_lines", "turn_rule_lines", "engine_lines", "search_lines", "bot_lines",
                                        "puzzle_summary_lines", "puzzle_file_lines", "selfplay_lines", "protocol_lines"))



def help_lines() -> Iterator[tuple[str, str]]:
    """Every help text of the command line (``schotten-lab COMMAND --help --lang fr``), in French."""
    from schotten_lab.cli import build_parser
    from schotten_lab.cli.help_words import help_words, parser_texts

    import os

    saved = os.environ.pop("SCHOTTEN_LANG", None)  # --lang's default is said in its help: the sample's is en
    try:
        parser = build_parser()
    finally:
        if saved is not None:
            os.environ["SCHOTTEN_LANG"] = saved
    for holder, name in parser_texts(parser):
        text = str(getattr(holder, name))
        said = help_words(text, "fr")
        if said is not None and said != text:
            where = getattr(holder, "prog", None) or "/".join(getattr(holder, "option_strings", ())) or getattr(holder, "dest", "") or "help"
            yield str(where), said


SECTIONS = (
    ("Les phrases de core.words (champs d'exemple)", phrase_lines),
    ("Les explications des revendications (positions commentées)", claim_lines),
    ("Les positions commentées : titres et descriptions", curated_lines),
    ("Le rapport texte (schotten-lab analyze --lang fr)", report_lines),
    ("Les libellés des schémas, graphiques et rapports", label_lines),
    ("Les raisons du conseiller (schotten-lab advise --lang fr)", reason_lines),
    ("La revue d'une partie (schotten-lab review --lang fr)", review_lines),
    ("Les erreurs de lecture d'une position (documents JSON et notations)", reader_lines),
    ("Les erreurs de lecture d'une partie enregistrée (schotten-lab replay --lang fr, review --lang fr)", record_lines),
    ("Les erreurs de la ligne de commande elle-même (argparse, --lang fr)", command_lines),
    ("Les fichiers de sortie refusés et les erreurs du système (core/files.py, --lang fr)", file_lines),
    ("Les refus de la revue, du conseiller et des commandes de problèmes (--lang fr, SCHOTTEN_LANG=fr)", refusal_lines),
    ("Les règles d'un tour que le moteur refuse (game/apply.py, game/work.py, play_problem)", turn_rule_lines),
    ("Les autres refus du moteur : forme d'une décision, pioches, revendications, Chasseur de tête (game/apply.py, game/work.py, game/plays.py)", engine_lines),
    ("Les refus de la recherche (bots/determinize.py)", search_lines),
    ("Les refus d'un bot : son nom, ses options (bots/base.py ; bot, selfplay)", bot_lines),
    ("Les résumés des commandes de problèmes (schotten-lab puzzles generate|check|sheet --lang fr)", puzzle_summary_lines),
    ("Les erreurs d'un fichier de problèmes (schotten-lab puzzles check --lang fr)", puzzle_file_lines),
    ("Les refus de selfplay : moteur, cluster Dask, budget de temps (schotten-lab selfplay --lang fr)", selfplay_lines),
    ("Les erreurs d'une requête de bot (schotten-lab bot --lang fr ; advise sur une requête)", protocol_lines),
    ("L'aide des commandes et des options (schotten-lab COMMANDE --help --lang fr)", help_lines),
)


def sentences() -> list[tuple[str, str, str]]:
    """Every rendered sentence: ``(section, where, text)``."""
    return [(title, where, text) for title, build in SECTIONS for where, text in build()]


def markdown() -> str:
    """The whole sample as Markdown (deterministic: no dates, seeded estimates)."""
    rows = sentences()
    out = [
        "# Le français de schotten_lab : un échantillon",
        "",
        f"{len(rows)} phrases et libellés rendus en français, générés par `scripts/french_sample.py` "
        "(`tests/core/test_french.py` vérifie que ce fichier est à jour et contrôle la typographie de "
        "chaque ligne). Voir docs/FRENCH.md.",
    ]
    current = None
    for title, where, text in rows:
        if title != current:
            out += ["", f"## {title}", ""]
            current = title
        out.append(f"- `{where}` {text}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/french_sample.md is out of date")
    args = parser.parse_args(argv)
    text = markdown()
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run scripts/french_sample.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
