"""The reasons of tactics-variant moves (bots.tactics_reasons.explain_play): words and exact chances on
positions set up by hand, bounded errors, and random games (never raises, never reads a hidden card)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor_games import tactics_state
from helpers import profile
from schotten_lab.analysis.outcome import stone_outcome
from schotten_lab.bots.tactics_reasons import TACTICS_WORDS, explain_play
from schotten_lab.bots.turns import until_win, with_claims
from schotten_lab.core.cards import Card, popcount
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player
from schotten_lab.core.tactics import TACTICS_TOTAL, Troop
from schotten_lab.core.words import percent
from schotten_lab.game import GameState, Play, apply_turn, claimable_stones, claims_after, legal_plays


S, N = Player.SOUTH, Player.NORTH


def board(stones: dict[int, str]) -> str:
    return "/".join(stones.get(n, "-") for n in range(1, 10))


def table(stones: dict[int, str], south: str, *, north: int = 6, played: tuple[int, int] = (0, 0), discard: str = "",
          to_move: str = "s", expert: bool = False) -> Position:  # fmt: skip
    """A legal tactics position: the table and south's hand in notation, north's hand hidden (all clan
    cards), the decks holding the rest. The mover's hand is known (to_move ``n``: the hand is north's
    and ``north`` is south's hidden hand size)."""
    hands = f"{south} ?{north}" if to_move == "s" else f"?{north} {south}"
    words = [board(stones), hands, to_move, "d0", "tactics", "t0", f"p{played[0]}:{played[1]}"]
    words += [f"x{discard}"] if discard else []
    words += ["expert"] if expert else []
    pos = Position.from_notation(" ".join(words))
    mover = Player.parse(to_move)
    known = pos.hands[mover] or ()
    tactics_seen = sum(pos.tactics_on_table().values()) + sum(isinstance(c, str) for c in known)
    clan_seen = popcount(pos.table_mask) + sum(isinstance(c, Card) for c in known)
    pos = replace(pos, deck=54 - clan_seen - north, tactics_deck=TACTICS_TOTAL - tactics_seen)
    assert [p for p in pos.status() if p.kind != "refill"] == [], pos.status()
    return pos


def chance(pos: Position, number: int, me: Player = S) -> str:
    """The mover's exact chance on a stone, independently: the library's stone outcome from the
    mover's viewer pool, a tie counting one half."""
    out = stone_outcome(pos, number, pool=pos.viewer_pool(me))
    return percent(out[me] + out.tie / 2)


# ---- clan cards and elite troops ----------------------------------------------------------------


def test_a_clan_card_completing_a_side_says_what_the_opponent_needs() -> None:
    pos = table({4: "R6R7-B8B9"}, "R8Y1")
    # only B7 gives north a formation above red 6-7-8 (a color run of sum 24)
    assert explain_play(pos, Play("R8", 4), []) == "completes color run (sum 21) on stone 4; north needs B7 to beat it"
    # B7 on the table: north cannot beat it, and south claims at once
    pos = table({4: "R6R7-B8B9", 1: "B7-"}, "R8Y1")
    assert explain_play(pos, Play("R8", 4), [4]) == "completes color run (sum 21) on stone 4; claims stone 4"
    assert explain_play(pos, Play("Y1", 2), []) == "opens stone 2 with Y1; color run still possible"


def test_a_card_the_opponent_needs_is_never_one_in_the_movers_hand() -> None:
    # the proof counts south's hand as unknown, so B7 in it refuses the claim; north cannot get it
    pos = table({4: "R6R7-B8B9"}, "R8B7")
    assert explain_play(pos, Play("R8", 4), []) == (
        "completes color run (sum 21) on stone 4; not claimable yet (the proof counts your hand as unknown), "
        "but north could beat it only with your B7"
    )
    # north on the move, with the same cards: the words are from north's seat
    pos = table({4: "B8B9-R6R7"}, "R8B7", to_move="n")
    assert explain_play(pos, Play("R8", 4), []).endswith("but south could beat it only with your B7")


def test_a_joker_completes_at_its_best_identity_and_says_it_is_wild() -> None:
    pos = table({1: "R8R9-B9G9Y9"}, "[JOKER]P1", played=(0, 0))
    line = explain_play(pos, Play("JOKER", 1), [1])
    assert line == (
        "completes color run (sum 24, Joker as R7) on stone 1; Joker: any card until the stone is claimed; claims stone 1"
    )


def test_spy_and_shield_bearer_say_their_range() -> None:
    pos = table({3: "Y7Y8-B5G5P5"}, "[SPY][SHIELD]P1")
    assert explain_play(pos, Play("SPY", 2), []) == (
        "opens stone 2 with Spy; color run still possible; Spy: a 7 of any colour until the stone is claimed"
    )
    # Y7 Y8 and a 1-3: at best a yellow color with Y3, which north's three 5s beat
    assert explain_play(pos, Play("SHIELD", 3), []) == (
        "completes color (sum 18, Shield bearer as Y3) on stone 3; loses to north's three of a kind (sum 15); "
        "Shield bearer: a 1, 2 or 3 of any colour until the stone is claimed"
    )


def test_a_card_on_a_mud_stone_says_four_cards_and_answers_a_complete_side() -> None:
    pos = table({5: "-R1R2R3", 2: "B4B5-G1G2G3+mud"}, "B6P1", played=(0, 1))
    assert explain_play(pos, Play("B6", 2), []) == "builds stone 2 with B4 B5 B6 (Mud fight: 4 cards); color run still possible"
    assert explain_play(pos, Play("P1", 5), []) == (
        "opens stone 5 with P1; color run still possible; answers north's complete color run (sum 6)"
    )


# ---- combat modes -------------------------------------------------------------------------------


def test_mud_fight_gives_the_exact_chance_before_and_after() -> None:
    before = table({5: "R1R2-B7B8B9"}, "[MUD]P1")
    after = table({5: "R1R2-B7B8B9+mud"}, "P1", played=(1, 0))
    assert chance(before, 5) != chance(after, 5)
    assert explain_play(before, Play("MUD", 5), []) == (
        f"Mud fight on stone 5: both sides need 4 cards; north's complete side needs a fourth card; "
        f"your chance there {chance(before, 5)} → {chance(after, 5)}"
    )


def test_blind_mans_bluff_gives_the_exact_chance_before_and_after() -> None:
    before = table({3: "Y9G9-R4R5R6*"}, "[BLIND]P1", to_move="s")
    after = table({3: "Y9G9-R4R5R6*+blind"}, "P1", played=(1, 0))
    assert explain_play(before, Play("BLIND", 3), []) == (
        f"Blind-man's bluff on stone 3: only sums count; your chance there {chance(before, 3)} → {chance(after, 3)}"
    )
    assert chance(before, 3) == percent(0) and chance(after, 3) != percent(0)  # a color run beaten on sums only


def test_the_chance_on_an_empty_mud_stone_is_one_half_by_symmetry() -> None:
    before = table({}, "[MUD]P1")
    after = table({1: "-+mud"}, "P1", played=(1, 0))
    assert chance(before, 1) == chance(after, 1) == percent(0.5)
    assert explain_play(before, Play("MUD", 1), []).endswith("your chance there 50.0% → 50.0%")


# ---- ruses --------------------------------------------------------------------------------------


def test_banshee_names_the_discarded_card_and_the_chance() -> None:
    before = table({3: "G7G8-B8R9"}, "[BANSHEE]P1")
    after = table({3: "G7G8-B8"}, "P1", played=(1, 0), discard="[BANSHEE]R9")
    assert explain_play(before, Play("BANSHEE", source=3, target="R9"), []) == (
        f"Banshee discards north's R9 from stone 3; your chance there {chance(before, 3)} → {chance(after, 3)}"
    )
    troop = table({3: "G7G8-B8[JOKER]"}, "[BANSHEE]P1", played=(0, 1))
    assert explain_play(troop, Play("BANSHEE", source=3, target="JOKER"), []).startswith("Banshee discards north's Joker from stone 3; ")


def test_traitor_moves_the_card_and_gives_both_chances() -> None:
    before = table({3: "G7G8-B8R9", 5: "R7R8-"}, "[TRAITOR]P1")
    after = table({3: "G7G8-B8", 5: "R7R8R9-"}, "P1", played=(1, 0), discard="[TRAITOR]")
    line = explain_play(before, Play("TRAITOR", stone=5, source=3, target="R9"), [5])
    assert chance(after, 5) == percent(1)  # red 7-8-9 first: nothing beats it
    assert line == (
        "Traitor takes north's R9 from stone 3 to your side of stone 5; completes color run (sum 24) on stone 5; "
        f"your chance on stone 3 {chance(before, 3)} → {chance(after, 3)}, on stone 5 {chance(before, 5)} → 100%; "
        "claims stone 5"
    )


def test_strategist_moves_or_discards_ones_own_card() -> None:
    before = table({2: "G4R1-B5", 6: "G5G6-"}, "[STRATEGIST]P1")
    moved = table({2: "R1-B5", 6: "G5G6G4-"}, "P1", played=(1, 0), discard="[STRATEGIST]")
    line = explain_play(before, Play("STRATEGIST", stone=6, source=2, target="G4"), [])
    assert line.startswith("Strategist moves your G4 from stone 2 to stone 6; completes color run (sum 15) on stone 6; ")
    assert line.endswith(
        f"your chance on stone 2 {chance(before, 2)} → {chance(moved, 2)}, on stone 6 {chance(before, 6)} → {chance(moved, 6)}"
    )
    dropped = table({2: "R1-B5", 6: "G5G6-"}, "P1", played=(1, 0), discard="[STRATEGIST]G4")
    assert explain_play(before, Play("STRATEGIST", stone=None, source=2, target="G4"), []) == (
        f"Strategist discards your G4 from stone 2; your chance there {chance(before, 2)} → {chance(dropped, 2)}"
    )


def test_headhunter_says_what_it_draws_and_puts_back() -> None:
    pos = table({}, "[HEADHUNTER]P1")
    assert explain_play(pos, Play("HEADHUNTER", decks=("clan", "clan", "tactics")), []) == (
        "Headhunter: draws 3 (clan, clan, tactics), puts 2 back under the decks"
    )
    # nearly empty decks (docs/GAME.md): one card fewer goes back than is drawn
    short = replace(pos, deck=1, tactics_deck=1)
    assert explain_play(short, Play("HEADHUNTER", decks=("clan", "tactics")), []) == (
        "Headhunter: draws 2 (clan, tactics), puts 1 back under the decks"
    )
    assert explain_play(replace(pos, deck=1, tactics_deck=0), Play("HEADHUNTER", decks=("clan",)), []) == (
        "Headhunter: draws 1 (clan), keeps it"
    )
    assert explain_play(replace(pos, deck=0, tactics_deck=0), Play("HEADHUNTER"), []) == (
        "Headhunter: both decks are empty, it draws nothing"
    )


def test_the_words_are_from_the_movers_seat_when_north_moves() -> None:
    before = table({3: "G7G8-B8R9"}, "[BANSHEE]P1", to_move="n")
    after = table({3: "G8-B8R9"}, "P1", to_move="n", played=(0, 1), discard="[BANSHEE]G7")
    assert explain_play(before, Play("BANSHEE", source=3, target="G7"), []) == (
        f"Banshee discards south's G7 from stone 3; your chance there {chance(before, 3, N)} → {chance(after, 3, N)}"
    )


# ---- claims and passes --------------------------------------------------------------------------


def test_claims_that_win_the_game_say_so() -> None:
    pos = table({1: "R1R2R3-B1B2@s", 2: "Y7Y8Y9*-P1P2P3", 3: "N7N8-B4B5B6"}, "N9P4", north=5)
    assert explain_play(pos, Play("N9", 3), [2, 3]) == "completes color run (sum 24) on stone 3; claims stones 2, 3 and wins the game"
    assert explain_play(pos, Play("P4", 4), [2]) == "opens stone 4 with P4; color run still possible; claims stone 2"


def test_expert_claims_come_first_and_a_winning_claim_ends_the_turn() -> None:
    pos = table({1: "R1R2R3-B1B2@s", 2: "Y7Y8Y9*-P1P2P3"}, "N9P4", north=5, expert=True)
    assert explain_play(pos, Play("P4", 4), [2]) == "claims stone 2; opens stone 4 with P4; color run still possible"
    win = table({1: "R1R2R3-B1B2@s", 2: "Y7Y8Y9*-P1P2P3", 3: "N7N8N9*-B4B5B6"}, "P4", north=5, expert=True)
    assert explain_play(win, None, [2, 3]) == "claims stones 2, 3 and wins the game"
    with pytest.raises(ValueError, match=r"^play: the claims"):
        explain_play(win, Play("P4", 4), [2, 3])


def test_a_pass_says_why() -> None:
    full = {n: "R1R2R3-" if n == 1 else f"{'BGYPN'[n % 5]}{n}{'BGYPN'[(n + 1) % 5]}{n}{'BGYPN'[(n + 2) % 5]}{n}-" for n in range(1, 10)}
    pos = table(full, "R9", north=6)
    assert legal_plays(pos) == ()
    assert explain_play(pos, None, []) == "no legal placement: pass"
    spare = table(full, "R9[HEADHUNTER]", north=6)
    assert legal_plays(spare)
    assert explain_play(spare, None, []) == "no clan card can be placed: pass"


# ---- bad input ----------------------------------------------------------------------------------


def test_bad_input_gets_a_bounded_error_naming_the_field() -> None:
    pos = table({4: "R6R7-B8B9", 1: "R1R2R3-"}, "R8Y1[MUD]", played=(1, 0), discard="[BANSHEE]")
    cases: list[tuple[object, object, object, str]] = [
        (pos, Play("R9", 4), [], r"^play: R9 on stone 4 is not legal here: R9 is not in south's hand"),
        (pos, Play("MUD", 4), [], r"^play: MUD on stone 4 is not legal here: south has played 1 tactics cards"),
        (pos, "R8", [], r"^play: must be a Play"),
        (pos, None, [], r"^play: a pass"),
        (pos, Play("R8", 4), [4], r"^claims: south cannot claim stone 4 after this play: north can still add B7"),
        (pos, Play("R8", 4), [0], r"^claims: 0 is not a stone number"),
        (pos, Play("R8", 4), "4", r"^claims: must be a list"),
        (pos, Play("R8", 4), [1, 1], r"^claims: a stone is listed twice"),
        (pos, Play("R8", 4), [2], r"^claims: south cannot claim stone 2 after this play: the side has 0 of 3 cards"),
        (pos.with_hand(S, None), Play("R8", 4), [], r"^position: south's hand is unknown"),
        ("R8", Play("R8", 4), [], r"^position: must be a Position"),
    ]
    for position, play, claims, message in cases:
        with pytest.raises(ValueError, match=message):
            explain_play(position, play, claims)  # type: ignore[arg-type]


# ---- random games -------------------------------------------------------------------------------

CARD_CODE = re.compile(r"\b[RBGYPN][1-9]\b")
NEEDS = re.compile(r"needs ((?:[RBGYPN][1-9] ?)+) to beat it")
WILD_AS = re.compile(r"\b(?:Joker|Spy|Shield bearer) as [RBGYPN][1-9]\b")


def hidden_codes(line: str) -> set[str]:
    """Card codes of the line other than a proof's counterexample and a wild troop's best identity
    (those range over cards nobody sees, by definition)."""
    return set(CARD_CODE.findall(WILD_AS.sub("", NEEDS.sub("", line))))


@profile(150)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 70), expert=st.booleans())
def test_every_legal_play_of_random_games_is_explained_without_hidden_cards(seed: int, turns: int, expert: bool) -> None:
    state = tactics_state(seed, turns, expert)
    if state is None:
        return
    me = state.to_move
    seen = state.observation(me)
    full = state.position()
    assert full.hands[me.opponent] is not None
    visible = {str(c) for s in seen.stones for c in s.cards() if isinstance(c, Card)}
    visible |= {str(p.identity) for s in seen.stones for p in s.cards() if isinstance(p, Troop) and p.identity}
    visible |= {str(c) for c in (*seen.discard, *(seen.hands[me] or ())) if isinstance(c, Card)}
    first: list[int] = []
    position: Position = seen
    if expert:
        first = until_win(seen, me, claimable_stones(seen, me))
        position = with_claims(seen, me, first)
    plays = legal_plays(position) if not (first and position.winner()) else ()
    for play in [*plays, None] if not plays or not any(p.kind == "clan" for p in plays) else plays:
        claims = first if expert else until_win(position, me, claims_after(position, play))
        line = explain_play(seen, play, claims)
        assert line and "\n" not in line
        assert hidden_codes(line) <= visible, (line, hidden_codes(line) - visible)
        assert explain_play(full, play, claims) == line  # the opponent's hand is never read
        if play is not None and play.is_tactics:
            assert TACTICS_WORDS[play.card] in line
        if play is not None and play.kind not in ("clan", "troop") and play.card != "HEADHUNTER":
            assert chances_said(state, play, first) in line


def chances_said(state: GameState, play: Play, claims: list[int]) -> str:
    """What a mode or ruse must say of the mover's chances, from the engine's true table after the
    play and the library's stone outcome (the mover's viewer pool: a play does not change it)."""
    me = state.to_move
    after, _turn = apply_turn(state, {"play": play, "claim": claims})
    pool = state.observation(me).viewer_pool(me)
    touched = [play.source or play.stone] + ([play.stone] if play.source and play.stone not in (None, play.source) else [])
    said = []
    for number in touched:
        assert number is not None
        was, now = stone_outcome(state.position(), number, pool=pool), stone_outcome(after.position(), number, pool=pool)
        if not (was.pairs and now.pairs):
            return ""
        where = "there" if len(touched) == 1 else f"on stone {number}"
        said.append(f"{where} {percent(was[me] + was.tie / 2)} → {percent(now[me] + now.tie / 2)}")
    return f"your chance {', '.join(said)}"
