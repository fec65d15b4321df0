"""The fast tactics analysis against the slow twins of tests/reference_tactics.py.

Random legal tactics positions (tests/strategies_tactics.py) and random sides: every wild troop's every
identity, every completion and every ordered pair of completions enumerated by the twins, compared
exactly (``Fraction`` equality) with the side engine, the claim proofs (default and strict), the formation
odds and the stone outcomes. Pools are kept small (many cards on the table, or an explicit random
sub-pool) so the enumerations stay fast. Known values computed by hand close the file.
"""

from __future__ import annotations

import math
from fractions import Fraction


from hypothesis import HealthCheck, given
from hypothesis import strategies as st

import reference_tactics as reft
import strategies_tactics as stt
from helpers import by_int, profile, sub_pool
from schotten_lab.analysis import claim, completion_odds, stone_outcome
from schotten_lab.core.cards import Card, mask_of, parse_cards
from schotten_lab.core.formations import Formation, Rank
from schotten_lab.core.position import Position, Stone
from schotten_lab.core.proof import Decision, decide_claim
from schotten_lab.core.rules import Player, RuleSet
from schotten_lab.core.sides import best_identities, side_completions, side_strength
from schotten_lab.core.tactics import Piece, Troop, parse_piece

S, N = Player.SOUTH, Player.NORTH
TACTICS = RuleSet("tactics")
STRICT = RuleSet("tactics", strict_proofs=True)
WORK = 6000
"""Most side evaluations (identity choices times completions) a twin does in one example."""



def pieces(text: str) -> tuple[Piece, ...]:
    return tuple(parse_piece(t) for t in text.split())


# ---- random sides ---------------------------------------------------------------------------------


@st.composite
def sides(draw: st.DrawFn, min_size: int = 3, max_size: int = 4) -> tuple[Piece, ...]:
    """A side of clan cards and at most one troop of each kind (wild or with an identity), shuffled."""
    size = draw(st.integers(min_size, max_size), label="side size")
    count = min(size, draw(st.sampled_from([0, 1, 1, 1, 2, 2, 3]), label="troop count"))
    kinds = draw(st.permutations(("JOKER", "SPY", "SHIELD")), label="troops")[:count]
    troops = [draw(stt.troops(k), label="troop") for k in kinds]
    style = draw(st.sampled_from(["random", "colour", "value"]), label="style")
    cards = list(reft.ALL_CARDS)
    if style == "colour":
        colour = draw(st.sampled_from(reft.COLOURS), label="colour")
        cards = [c for c in cards if reft.colour_of(c) == colour]
    elif style == "value":
        low = draw(st.integers(1, 7), label="values")
        cards = [c for c in cards if low <= reft.value_of(c) <= low + 2]
    clan = draw(st.lists(st.sampled_from(cards), unique=True, min_size=size - len(troops), max_size=size - len(troops)))
    return tuple(draw(st.permutations([*troops, *clan]), label="order"))


@profile(300, HealthCheck.filter_too_much)
@given(sides(), st.booleans())
def test_best_identities_match_every_identity(side: tuple[Piece, ...], blind: bool) -> None:
    """The best identity of every troop, over all of them: strength and a resolution that reaches it."""
    formation, resolved = best_identities(side, blind=blind)
    want, _ = reft.best_side(side, blind=blind)
    assert formation.strength == want, (side, formation)
    assert side_strength(side, blind=blind) == want
    assert len(resolved) == len(side)
    for piece, card in zip(side, resolved):
        assert card in reft.identities(piece)  # each piece stands for a card of its range
    assert reft.strength(resolved, blind=blind) == want  # and that choice really is that strong
    whole = side_completions(side, 0, capacity=len(side), blind=blind)
    assert whole.strengths.tolist() == [want] and whole.need == 0


@profile(250, HealthCheck.filter_too_much)
@given(sides(min_size=0, max_size=3), st.booleans(), st.booleans(), st.data())
def test_side_completions_match_the_twin(side: tuple[Piece, ...], mud: bool, blind: bool, data: st.DataObject) -> None:
    """Every completion from an explicit pool, with the side's strength: the same multiset both ways."""
    cap = 4 if mud else 3
    if len(side) >= cap:
        return
    need = cap - len(side)
    ids = reft.identity_count(side)
    free = [c for c in reft.ALL_CARDS if c not in side]
    pool = sub_pool(data, free, lambda k: math.comb(k, need) * ids <= WORK)
    fast = side_completions(side, mask_of(pool), capacity=cap, blind=blind)
    got = sorted((tuple(sorted(r)), s) for r, s in zip(fast.added.tolist(), fast.strengths.tolist()))
    slow = sorted(
        (tuple(sorted(c.index for c in added)), reft.best_strength(side + added, blind=blind))
        for added in reft.completions(side, pool, cap)
    )
    assert got == slow
    strengths = fast.strengths.tolist()
    assert strengths == sorted(strengths, reverse=True)  # strongest first
    best = fast.best()
    if slow:
        assert best is not None and best[0].strength == max(s for _, s in slow)
    else:
        assert best is None


# ---- claims ------------------------------------------------------------------------------------------


def check_claim(pos: Position, number: int, player: Player, strict: bool, pool: list[Card] | None = None) -> None:
    """The fast decision (and, on the public pool, the verdict in words) against the twin."""
    rules = STRICT if strict else TACTICS
    s = pos.stone(number)
    mask = pos.public_pool if pool is None else mask_of(pool)
    d = decide_claim(s, player, mask, rules, pos.tactics_left())
    slow = reft.claim(pos, number, player, strict=strict, pool=pool)
    where = f"{pos.notation} stone {number} {player.value} strict={strict}"
    assert d.claimable == slow.claimable, (where, d)
    assert (d.status == "tie_unknown") == slow.tie_break_unknown, where
    if slow.own is not None and not (d.scenario and d.status == "beaten"):
        assert d.own is not None and d.own.strength == slow.own, where
    if d.status == "needs_fourth":
        assert slow.needs_fourth and "mud" in d.scenario.added_modes, where
    if d.status == "beaten":
        check_counterexample(pos, s, player, d, slow, mask, where)
    if d.claimable:
        assert d.counterexample is None
    if pool is None:
        verdict = claim(pos, number, player, rules)
        assert verdict.claimable == d.claimable and verdict.counterexample == d.counterexample, where
        assert verdict.tie_break_unknown == slow.tie_break_unknown
        assert isinstance(verdict.reason, str) and verdict.reason
        assert (verdict.scenario is not None) == bool(d.scenario)


def check_counterexample(
    pos: Position, s: Stone, player: Player, d: Decision, slow: reft.RefClaim, mask: int, where: str
) -> None:
    """A counterexample really beats the claimant, in its scenario, and nothing there beats harder."""
    modes = frozenset(s.modes) | set(d.scenario.added_modes)
    scenario = reft.RefScenario(modes, tuple(d.scenario.added_modes), d.scenario.added_troop)
    assert scenario in slow.beating, (where, d.scenario, slow.beating.keys())
    ce = d.counterexample
    assert ce is not None
    troops = [p for p in ce if isinstance(p, Troop)]
    cards = [p for p in ce if isinstance(p, Card)]
    assert [t.kind for t in troops] == ([d.scenario.added_troop] if d.scenario.added_troop else [])
    assert all(t.wild for t in troops)
    assert len(set(cards)) == len(cards) and all(mask >> c.index & 1 for c in cards)  # pool cards only
    theirs = s.side(player.opponent)
    cap, blind = reft.capacity_of(modes), "blind" in modes
    assert len(theirs) + len(ce) == cap, where
    full = theirs + tuple(ce)
    got = reft.best_strength(full, blind=blind)
    own = reft.best_strength(s.side(player), blind=blind)
    assert got > own, where  # it really beats the claimant
    assert d.own is not None and d.own.strength == own  # the claimant's side in that scenario
    assert got == slow.best_beating[scenario], where  # and nothing beats harder in that scenario
    assert d.counter_formation is not None and d.counter_formation.strength == got


def claim_options(pos: Position, strict: bool) -> list[tuple[int, Player]]:
    return [
        (i, p)
        for i, s in enumerate(pos.stones, 1)
        for p in (S, N)
        if s.claimed is None and len(s.side(p)) >= s.capacity and reft.claim_work(pos, i, p, strict=strict) <= WORK
    ]


@profile(450, HealthCheck.filter_too_much)
@given(stt.small_pool_positions(max_pool=12), st.booleans(), st.data())
def test_claims_match_the_twin_on_the_public_pool(pos: Position, strict: bool, data: st.DataObject) -> None:
    options = claim_options(pos, strict)
    if not options:
        return
    for number, player in data.draw(st.lists(st.sampled_from(options), min_size=1, max_size=3, unique=True)):
        check_claim(pos, number, player, strict)


@profile(350, HealthCheck.filter_too_much)
@given(stt.tactics_positions(min_table=12), st.booleans(), st.data())
def test_claims_match_the_twin_on_a_sub_pool(pos: Position, strict: bool, data: st.DataObject) -> None:
    """Any position: the proof is run against a random part of the public pool the twin can enumerate."""
    options = [(i, p) for i, s in enumerate(pos.stones, 1) for p in (S, N) if s.claimed is None and len(s.side(p)) >= s.capacity]
    if not options:
        return
    number, player = data.draw(st.sampled_from(options), label="stone and player")
    public = reft.public_pool(pos)
    pool = sub_pool(data, public, lambda k: reft.claim_work(pos, number, player, strict=strict, pool_size=k) <= WORK)
    check_claim(pos, number, player, strict, pool)


@profile(150, HealthCheck.filter_too_much)
@given(stt.small_pool_positions(max_pool=10, claims=False))
def test_default_claims_are_never_harder_than_strict(pos: Position) -> None:
    """Strict only adds scenarios: what it allows, the default allows."""
    for number in range(1, 10):
        for p in (S, N):
            if reft.claim_work(pos, number, p, strict=True) > WORK:
                continue
            if claim(pos, number, p, STRICT).claimable:
                assert claim(pos, number, p).claimable


# ---- odds and outcomes ---------------------------------------------------------------------------


@profile(250, HealthCheck.filter_too_much)
@given(stt.tactics_positions(), stt.stone_numbers, stt.players, st.data())
def test_completion_odds_match_the_twin(pos: Position, number: int, player: Player, data: st.DataObject) -> None:
    s = pos.stone(number)
    side = s.side(player)
    need = max(0, s.capacity - len(side))
    ids = reft.identity_count(side)
    public = reft.public_pool(pos)
    cards = sub_pool(data, public, lambda k: math.comb(k, need) * ids <= WORK)
    default = cards == public
    fast = completion_odds(pos, number, player, None if default else mask_of(cards))
    slow = reft.completion_odds(side, cards, s.modes)
    assert by_int(fast.ranks) == slow.ranks
    assert fast.strengths == slow.strengths
    assert fast.completions == slow.completions
    assert fast.capacity == s.capacity and fast.complete == (len(side) >= s.capacity)
    if slow.completions:
        assert sum(fast.ranks.values()) == 1


def pair_work(stone: Stone, k: int) -> int:
    cap = stone.capacity
    a, b = max(0, cap - len(stone.south)), max(0, cap - len(stone.north))
    if k < a + b:
        return 0
    ids_s, ids_n = reft.identity_count(stone.south), reft.identity_count(stone.north)
    return math.comb(k, a) * (ids_s + math.comb(k - a, b) * ids_n)


@profile(300, HealthCheck.filter_too_much)
@given(stt.tactics_positions(claims=False), stt.stone_numbers, st.data())
def test_stone_outcome_matches_the_twin(pos: Position, number: int, data: st.DataObject) -> None:
    s = pos.stone(number)
    public = reft.public_pool(pos)
    cards = sub_pool(data, public, lambda k: pair_work(s, k) <= WORK)
    fast = stone_outcome(pos, number, None if cards == public else mask_of(cards))
    slow = reft.stone_outcome(s, cards)
    assert (fast.south, fast.north, fast.tie, fast.pairs) == (slow.south, slow.north, slow.tie, slow.pairs)
    if slow.pairs:
        assert fast.south + fast.north + fast.tie == 1
    if len(s.south) >= s.capacity or len(s.north) >= s.capacity:
        both = len(s.south) >= s.capacity and len(s.north) >= s.capacity
        assert fast.tie == 0 or (both and s.first_complete is None)


@profile(120, HealthCheck.filter_too_much)
@given(st.data())
def test_stone_outcome_of_an_empty_mud_stone(data: st.DataObject) -> None:
    """Two empty Mud fight sides (4 cards each, shared-card counting up to 4) on small explicit pools."""
    modes = frozenset(data.draw(st.sampled_from([{"mud"}, {"mud", "blind"}]), label="modes"))
    pos = stt_empty_with_modes(modes)
    cards = sorted(data.draw(st.sets(st.sampled_from(reft.ALL_CARDS), min_size=0, max_size=9), label="pool"))
    fast = stone_outcome(pos, 5, mask_of(cards))
    slow = reft.stone_outcome(pos.stone(5), cards)
    assert (fast.south, fast.north, fast.tie, fast.pairs) == (slow.south, slow.north, slow.tie, slow.pairs)
    assert fast.south == fast.north  # two empty sides: the same chance each way


def stt_empty_with_modes(modes: frozenset[str]) -> Position:
    """A legal tactics position whose stone 5 is empty under ``modes`` (the modes south and north played)."""
    played = "t9 p1:0" if len(modes) == 1 else "t8 p1:1"
    stone = "-" + "".join(f"+{m}" for m in sorted(modes))
    return Position.from_notation(f"-/-/-/-/{stone}/-/-/-/- ?7 ?7 s d40 tactics {played}").validate()


# ---- text forms -------------------------------------------------------------------------------------


@profile(400, HealthCheck.filter_too_much)
@given(stt.tactics_positions(claims=False))
def test_json_and_notation_round_trips(pos: Position) -> None:
    assert Position.from_json(pos.to_json()) == pos
    assert Position.from_json(pos.to_json(indent=None)) == pos
    text = pos.notation
    back = Position.from_notation(text)
    assert back == pos and back.notation == text
    assert back.status() == []


# ---- known values, computed by hand ----------------------------------------------------------------


def tactics_position(notation_stones: str, extra: str = "") -> Position:
    """A tactics position from the stones field; hands unknown, decks sized so 64 cards add up."""
    stones = Position.from_notation(f"{notation_stones} ?7 ?7 s d0 tactics {extra}".strip())
    on_table = sum(len(s.south) + len(s.north) + len(s.modes) for s in stones.stones) + len(stones.discard)
    played = sum(stones.tactics_on_table().values())
    clan_seen = on_table - played
    deck, tactics_deck = 54 - clan_seen - 14, 10 - played
    fields = f"{notation_stones} ?7 ?7 s d{deck} tactics t{tactics_deck} p{(played + 1) // 2}:{played // 2} {extra}"
    return Position.from_notation(fields.strip())


def test_a_joker_next_to_r9_r7_is_the_r8_of_a_colour_run() -> None:
    formation, resolved = best_identities(pieces("R9 JOKER R7"))
    assert formation == Formation(Rank.COLOR_RUN, 24) and resolved == parse_cards("R9 R8 R7")
    # the Joker may be R8 even with the real R8 on the table: south's three 8s lose
    pos = tactics_position("R8B8G8-R9R7[JOKER]/-/-/-/-/-/-/-/-")
    assert pos.status() == []
    assert not claim(pos, 1, S).claimable and claim(pos, 1, N).claimable
    assert "JOKER as R8" in claim(pos, 1, N).reason


def test_a_wild_joker_still_beats_three_eights_with_a_nine() -> None:
    """North R9 JOKER, R7 and R8 both on the table: no colour run is left, but the Joker as a 9 and
    any 9 off the table make three 9s, which beat south's three 8s."""
    pos = tactics_position("R8B8G8-R9[JOKER]/R7-/-/-/-/-/-/-/-")
    assert pos.status() == []
    v = claim(pos, 1, S)
    assert not v.claimable and v.counter_formation == Formation(Rank.THREE_OF_A_KIND, 27)
    assert v.counterexample is not None and [reft.value_of(c) for c in v.counterexample] == [9]  # type: ignore[arg-type]
    assert "JOKER" in v.reason


def test_spy_completes_three_sevens() -> None:
    assert best_identities(pieces("R7 SPY B7"))[0] == Formation(Rank.THREE_OF_A_KIND, 21)
    assert best_identities(pieces("R6 SPY R8"))[0] == Formation(Rank.COLOR_RUN, 21)
    assert best_identities(pieces("R7 SPY B7"), blind=True)[0] == Formation(Rank.SUM, 21)
    # a chosen identity is that card only: SPY=B7 beside R8 R9 is a run, not a colour run
    assert best_identities(pieces("R8 SPY=B7 R9"))[0] == Formation(Rank.RUN, 24)
    assert side_completions(pieces("R8 SPY=B7"), mask_of(parse_cards("R9")), capacity=3).strengths.tolist() == [224]


def test_shield_bearer_makes_a_low_colour_run_or_three_of_a_kind() -> None:
    assert best_identities(pieces("G1 SHIELD G2"))[0] == Formation(Rank.COLOR_RUN, 6)
    assert best_identities(pieces("G3 SHIELD G4"))[0] == Formation(Rank.COLOR_RUN, 9)
    assert best_identities(pieces("B3 SHIELD N3"))[0] == Formation(Rank.THREE_OF_A_KIND, 9)
    assert best_identities(pieces("B8 SHIELD N9"))[0] == Formation(Rank.SUM, 20)


def test_blind_mans_bluff_colour_run_loses_to_a_higher_sum() -> None:
    pos = tactics_position("R1R2R3-Y9P9N8+blind/-/-/-/-/-/-/-/-")
    assert pos.status() == []
    v = claim(pos, 1, N)
    assert v.claimable and v.own == Formation(Rank.SUM, 26)
    assert not claim(pos, 1, S).claimable
    assert stone_outcome(pos, 1).north == 1
    # without the mode the colour run wins
    plain = tactics_position("R1R2R3-Y9P9N8/-+blind/-/-/-/-/-/-/-")
    assert claim(plain, 1, S).claimable
    # a Joker under Blind-man's bluff is a 9
    assert best_identities(pieces("JOKER R1 R2"), blind=True)[0] == Formation(Rank.SUM, 12)


def test_mud_fight_reopens_a_complete_side() -> None:
    pos = tactics_position("R7R8R9-B1B2B3+mud/-/-/-/-/-/-/-/-")
    s = pos.stone(1)
    assert s.capacity == 4 and not s.is_complete(S) and s.formation(S) is None
    v = claim(pos, 1, S)
    assert not v.claimable and "4 under Mud fight" in v.reason
    odds = completion_odds(pos, 1, S)
    pool = len(reft.public_pool(pos))
    assert odds.completions == pool == 48
    # R6 makes a colour run of 4 (R6-R9), any other red a colour; three of a kind is gone for good
    assert odds.ranks[Rank.COLOR_RUN] == Fraction(1, 48) and odds.ranks[Rank.COLOR] == Fraction(5, 48)
    assert odds.ranks[Rank.THREE_OF_A_KIND] == 0
    assert odds.strengths[530] == Fraction(1, 48)
    # four of a kind under Mud fight, with a Spy: R7 B7 G7 SPY
    assert best_identities(pieces("R7 B7 G7 SPY"))[0] == Formation(Rank.THREE_OF_A_KIND, 28)
    assert Formation(Rank.THREE_OF_A_KIND, 28).describe(size=4) == "four of a kind (sum 28)"
    # Mud fight and Blind-man's bluff together: 4 cards, sums only
    assert best_identities(pieces("R6 R7 R8 R9"), blind=True)[0] == Formation(Rank.SUM, 30)


def test_a_claim_the_strict_option_blocks_but_the_default_allows() -> None:
    """docs/RULES.md's three 8s with R8 on the table: no clan card helps north, an unplayed Joker would."""
    pos = tactics_position("R8B8G8-R9R7/-/-/-/-/-/-/-/-")
    assert claim(pos, 1, S).claimable
    v = claim(pos, 1, S, STRICT)
    assert not v.claimable and v.scenario is not None
    # every combat mode and elite troop on the table or discarded: strict agrees with the default
    played = tactics_position(
        "R8B8G8-R9R7/[JOKER]-[JOKER]+blind/[SPY]-[SHIELD]+mud/-/-/-/-/-/-", "x[HEADHUNTER]"
    )
    assert played.status() == []
    assert claim(played, 1, S, STRICT).claimable


def test_strict_mud_needs_a_fourth_card() -> None:
    pos = tactics_position("R8B8G8-R9R7/[JOKER]-[JOKER]+blind/[SPY]-[SHIELD]/-/-/-/-/-/-")
    d = decide_claim(pos.stone(1), S, pos.public_pool, STRICT, pos.tactics_left())
    assert not d.claimable and d.status == "needs_fourth" and d.scenario.added_modes == ("mud",)
    assert reft.claim(pos, 1, S, strict=True).needs_fourth


def test_strict_troop_that_only_ties_does_not_beat() -> None:
    """South R1 B1 G1 completed first; an unplayed Shield bearer gives north Y1 P1 three 1s: a tie at best."""
    pos = tactics_position("R1B1G1-Y1P1/N1-[JOKER]+blind/[JOKER]-[SPY]+mud/-/-/-/-/-/-")
    assert pos.status() == []
    assert reft.claim(pos, 1, S, strict=True).claimable
    assert claim(pos, 1, S).claimable
    assert claim(pos, 1, S, STRICT).claimable


def test_discard_pile_counts_as_visible() -> None:
    """R8 in the discard pile (a Banshee took it): south's three 8s are proved against R9 R7."""
    pos = tactics_position("N8B8G8-R9R7/-/-/-/-/-/-/-/-", "x[BANSHEE]R8")
    assert pos.status() == []
    assert claim(pos, 1, S).claimable
    assert not claim(tactics_position("N8B8G8-R9R7/-/-/-/-/-/-/-/-", "x[BANSHEE]"), 1, S).claimable


def test_outcome_of_a_joker_against_a_mud_side_by_hand() -> None:
    """Mud fight: south R9 R8 R7 JOKER is at once a colour run of 4 (the Joker as R6, sum 30)."""
    pos = tactics_position("R9R8R7[JOKER]-B1B2B3+mud/-/-/-/-/-/-/-/-")
    assert pos.stone(1).formation(S) == Formation(Rank.COLOR_RUN, 30)
    # north B1 B2 B3 + one card: the best is B4 (colour run of 4, sum 10) which loses to 30
    out = stone_outcome(pos, 1)
    assert out.south == 1 and out.pairs == len(reft.public_pool(pos))
    assert claim(pos, 1, S).claimable


def test_strict_proofs_leave_two_complete_sides_to_the_stronger() -> None:
    """Strict concerns early-claim proofs: with both sides complete an unplayed Mud fight changes nothing."""
    pos = Position.from_notation("B2-N4/-/R9R7[JOKER]-Y8G8P8*/-/Y3-R8/-/-/-/- B1G3N6Y6P2R4N9 ?7 s d32 tactics t8 p1:0")
    assert pos.status() == []
    strict = RuleSet("tactics", strict_proofs=True)
    assert pos.tactics_left().counts["MUD"] == 1  # Mud fight is unplayed
    assert claim(pos, 3, Player.SOUTH, strict).claimable
    assert claim(pos, 3, Player.SOUTH).claimable
