"""One test (or a few) per rule of RULES.md as the engine applies it, on positions set up by hand."""

from __future__ import annotations

import json

import numpy as np
import pytest

from schotten_lab.core.cards import CARDS, parse_cards
from schotten_lab.core.errors import SchottenError
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player
from schotten_lab.core.tactics import Troop
from schotten_lab.game import (
    TACTICS_DECK_ORDER,
    GameState,
    IllegalTurnError,
    Play,
    apply_turn,
    claimable_stones,
    claims_after,
    deal,
    headhunter_returns,
    legal_plays,
    may_pass,
    new_game,
    observation_from_dict,
    state_from_position,
)
from schotten_lab.game.apply import _apply

S, N = Player.SOUTH, Player.NORTH


def board(stones: dict[int, str] | None = None) -> str:
    return "/".join((stones or {}).get(n, "-") for n in range(1, 10))


def setup(stones: dict[int, str], south: str, north: str, *, to_move: str = "s", clan: str = "", tactics: tuple[str, ...] = (),
          extra: str = "", expert: bool = False) -> GameState:  # fmt: skip
    """A state from the notation of its table and hands, with the decks given top first."""
    words = [board(stones), south or "-", north or "-", to_move, f"d{len(parse_cards(clan)) if clan else 0}"]
    if extra or tactics:
        words += ["tactics", f"t{len(tactics)}", *extra.split()]
    if expert:
        words.append("expert")
    pos = Position.from_notation(" ".join(words))
    return state_from_position(pos, clan_deck=parse_cards(clan) if clan else (), tactics_deck=tactics)


def refused(state: GameState, decision: dict[str, object], rule: str) -> IllegalTurnError:
    with pytest.raises(IllegalTurnError) as info:
        apply_turn(state, decision)
    assert info.value.rule == rule, str(info.value)
    assert isinstance(info.value, SchottenError)
    return info.value


# ---------------------------------------------------------------------------------------------
# Deals and the start


def test_deal_follows_the_seeded_convention() -> None:
    rng = np.random.default_rng([7, 3])
    clan = [CARDS[i] for i in rng.permutation(54)]
    tactics = [TACTICS_DECK_ORDER[i] for i in rng.permutation(10)]
    d = deal(7, 3, "tactics")
    assert d.south == tuple(clan[:7]) and d.north == tuple(clan[7:14]) and d.clan == tuple(clan[14:])
    assert d.tactics == tuple(tactics)
    base = deal(7, 3)
    clan = [CARDS[i] for i in np.random.default_rng([7, 3]).permutation(54)]
    assert base.south == tuple(clan[:6]) and base.north == tuple(clan[6:12]) and base.clan == tuple(clan[12:])
    assert base.tactics == ()
    assert TACTICS_DECK_ORDER == ("JOKER", "JOKER", "SPY", "SHIELD", "BLIND", "MUD", "HEADHUNTER", "STRATEGIST", "BANSHEE", "TRAITOR")
    assert deal(7, 3) == deal(7, 3) and deal(7, 3) != deal(7, 4)


def test_new_game_deals_hands_and_hides_them() -> None:
    g = new_game("tactics", seed=1, first="north")
    assert g.to_move is N and len(g.hand(S)) == len(g.hand(N)) == 7
    assert len(g.clan_deck) == 40 and len(g.tactics_deck) == 10
    obs = g.observation(S)
    assert obs.hands[N] is None and obs.hand_sizes[N] == 7 and obs.hands[S] == g.hand(S)
    assert obs.deck == 40 and obs.tactics_deck == 10 and obs.to_move is N
    assert new_game(seed=1).position().hands[N] == deal(1).north


# ---------------------------------------------------------------------------------------------
# Placement, passes, draws


def test_every_card_of_the_hand_on_every_open_stone_is_legal() -> None:
    g = new_game(seed=2)
    plays = legal_plays(g.observation(S))
    assert len(plays) == 54 and len(set(plays)) == 54
    assert not may_pass(g.observation(S))
    g2, turn = apply_turn(g, {"play": {"card": str(g.hand(S)[0]), "stone": 5}, "claim": []})
    assert turn.to_dict() == {"player": "south", "play": {"card": str(g.hand(S)[0]), "stone": 5}, "claim": [], "draw": str(g.clan_deck[0])}
    assert g2.stones[4].south == (g.hand(S)[0],) and g2.to_move is N and g2.hand(S)[-1] == g.clan_deck[0]
    assert g.stones[4].south == ()  # the old state is unchanged


def test_placement_rules() -> None:
    g = setup({1: "R1R2R3-", 2: "Y1Y2Y3-B1B2B3@n"}, "R9G9", "N9", clan="P1P2")
    refused(g, {"play": {"card": "N9", "stone": 3}}, "hand")
    refused(g, {"play": {"card": "R9", "stone": 1}}, "side-full")
    refused(g, {"play": {"card": "R9", "stone": 2}}, "claimed-stone")
    refused(g, {"play": {"card": "R9", "stone": 10}}, "format")
    refused(g, {"play": {"card": "JOKER", "stone": 3}}, "variant")
    refused(g, {"player": "north", "play": {"card": "R9", "stone": 3}}, "turn-order")
    refused(g, {"play": None}, "pass")


def test_a_player_without_placement_passes_and_does_not_draw() -> None:
    full = {n: "R1R2R3-" if n == 1 else f"{c}1{c}2{c}3-" for n, c in zip(range(1, 10), "RBGYPNRBG")}
    full = {n: s for n, s in full.items() if n <= 6}
    stones = {**full, 7: "R4R5R6-", 8: "B4B5B6-", 9: "G4G5G6-"}
    g = setup(stones, "R9", "N9", clan="P7")
    assert legal_plays(g.observation(S)) == () and may_pass(g.observation(S))
    g2, turn = apply_turn(g, {"play": None, "claim": []})
    assert turn.to_dict()["play"] is None and turn.to_dict()["draw"] is None and g2.hand(S) == g.hand(S) and len(g2.clan_deck) == 1


def test_the_draw_takes_the_top_card_and_stops_when_the_deck_is_empty() -> None:
    g = setup({}, "R9G9", "N9", clan="P7P8")
    g, turn = apply_turn(g, {"play": {"card": "R9", "stone": 1}})
    assert turn.to_dict()["draw"] == "P7" and g.hand(S) == parse_cards("G9 P7")
    g = setup({}, "R9G9", "N9")
    g, turn = apply_turn(g, {"play": {"card": "R9", "stone": 1}})
    assert turn.to_dict()["draw"] is None and g.hand(S) == parse_cards("G9")


# ---------------------------------------------------------------------------------------------
# Claims


def test_the_three_eights_example_of_the_rules() -> None:
    # R8 in south's own hand: still possible for north, the claim waits
    g = setup({1: "N8B8G8-R9R7"}, "Y1Y2R8P5B3G9", "P1", clan="P2")
    assert claimable_stones(g.observation(S), S) == ()
    err = refused(g, {"play": {"card": "Y1", "stone": 2}, "claim": [1]}, "claim")
    assert "R8" in str(err) and "color run" in str(err)
    # R8 on the table: proved
    g = setup({1: "N8B8G8-R9R7", 3: "R8-"}, "Y1Y2P5B3G9", "P1", clan="P2")
    g2, turn = apply_turn(g, {"play": {"card": "Y1", "stone": 2}, "claim": [1]})
    assert turn.to_dict()["claim"] == [1] and g2.stones[0].claimed is S


def test_two_complete_sides_the_stronger_or_the_first_completed_wins() -> None:
    g = setup({1: "R1B2G4*-Y1P2N4"}, "R9", "N9", clan="P2")
    assert claimable_stones(g.observation(S), S) == (1,) and claimable_stones(g.observation(S), N) == ()
    g = setup({1: "R1B2G4-Y1P2N4*"}, "R9", "N9", clan="P2")
    assert claimable_stones(g.observation(S), S) == () and claimable_stones(g.observation(S), N) == (1,)
    g = setup({1: "R1B2G4-Y1P2N5"}, "R9", "N9", clan="P2")
    assert claimable_stones(g.observation(S), N) == (1,)
    refused(g, {"play": {"card": "R9", "stone": 2}, "claim": [1]}, "claim")


def test_the_tie_break_follows_the_order_of_completion_in_play() -> None:
    g = setup({1: "R1B2-Y1P2"}, "G4R9", "N4N9", clan="P7P8P9")
    g, _ = apply_turn(g, {"play": {"card": "G4", "stone": 1}})
    g, _ = apply_turn(g, {"play": {"card": "N4", "stone": 1}})
    assert g.stones[0].first_complete is S
    g, turn = apply_turn(g, {"play": {"card": "R9", "stone": 2}, "claim": [1]})
    assert turn.to_dict()["claim"] == [1]


def test_a_player_claims_after_a_pass_and_with_an_empty_deck() -> None:
    stones = {n: f"{c}1{c}2{c}3-" for n, c in zip(range(1, 10), "RBGYPNRBG")}
    stones = {1: "R7R8R9-R1B2", **{n: s for n, s in stones.items() if n > 1}}
    stones = {k: v.replace("R1R2R3", "Y4Y5Y6").replace("B1B2B3", "P4P5P6") for k, v in stones.items()}
    g = setup(stones, "G7", "N9")
    g, turn = apply_turn(g, {"play": None, "claim": [1]})
    assert turn.to_dict() == {"player": "south", "play": None, "claim": [1], "draw": None}


def test_the_game_ends_at_once_in_the_middle_of_the_claims() -> None:
    g = setup({1: "R1R2R3-@s", 2: "B1B2B3-@s", 3: "G7G8G9-", 5: "Y7Y8Y9-"}, "R9", "N9", clan="P7")
    g2, turn = apply_turn(g, {"play": {"card": "R9", "stone": 9}, "claim": [3, 5]})
    assert turn.to_dict()["claim"] == [3] and turn.to_dict()["draw"] is None
    assert g2.over and g2.winner is S and g2.reason == "adjacent" and g2.stones[4].claimed is None
    assert len(g2.clan_deck) == 1
    with pytest.raises(IllegalTurnError) as info:
        _apply(g, {"play": {"card": "R9", "stone": 9}, "claim": [3, 5]}, strict=True)
    assert info.value.rule == "game-over"
    refused(g2, {"play": None}, "game-over")


def test_five_scattered_stones_win() -> None:
    g = setup({1: "R1R2R3-@s", 3: "B1B2B3-@s", 5: "G1G2G3-@s", 7: "Y1Y2Y3-@s", 9: "P7P8P9-"}, "R9", "N9", clan="P7")
    g2, turn = apply_turn(g, {"play": {"card": "R9", "stone": 2}, "claim": [9]})
    assert g2.winner is S and g2.reason == "five" and turn.to_dict()["draw"] is None


def test_expert_claims_come_before_the_play() -> None:
    g = setup({1: "R7R8-R1B2", 3: "R9-"}, "R6G1", "N9P9", clan="P7P8P9Y9", expert=True)
    # R6 completes a color run, but in the expert variant the claims come first: not yet complete
    refused(g, {"play": {"card": "R6", "stone": 1}, "claim": [1]}, "claim")
    g, turn = apply_turn(g, {"play": {"card": "R6", "stone": 1}, "claim": []})
    assert claims_after(g.observation(N), None) == ()
    g, _ = apply_turn(g, {"play": {"card": "N9", "stone": 5}})
    g, turn = apply_turn(g, {"claim": [1], "play": {"card": "G1", "stone": 1}} | {"play": {"card": "G1", "stone": 2}})
    assert turn.to_dict()["claim"] == [1] and g.stones[0].claimed is S


def test_claims_after_the_play_in_the_base_game() -> None:
    g = setup({1: "R7R8-R1B2", 3: "R9-"}, "R6G1", "N9P9", clan="P7P8P9Y9")
    play = Play("R6", 1)
    assert claims_after(g.observation(S), play) == (1,) and g.claims_after(play) == (1,)
    g, turn = apply_turn(g, {"play": play.to_dict(), "claim": [1]})
    assert turn.to_dict()["claim"] == [1]


# ---------------------------------------------------------------------------------------------
# Tactics


def test_tactics_count_rule() -> None:
    g = setup({1: "[SPY]-"}, "R9[JOKER]", "N9", clan="P7", tactics=("MUD",), extra="p1:0")
    assert all(p.card == "R9" for p in legal_plays(g.observation(S)))
    refused(g, {"play": {"card": "JOKER", "stone": 2}}, "tactics-count")
    g = setup({1: "[SPY]-"}, "R9[JOKER]", "N9[MUD]", to_move="n", clan="P7", tactics=("BLIND",), extra="p1:0")
    g, _ = apply_turn(g, {"play": {"card": "MUD", "stone": 2}, "deck": "tactics"})
    assert g.tactics_played == (1, 1) and g.hand(N)[-1] == "BLIND"
    assert any(p.card == "JOKER" for p in legal_plays(g.observation(S)))


def test_one_joker_per_player() -> None:
    g = setup({1: "[JOKER]-"}, "R9[JOKER]", "N9", clan="P7", tactics=("MUD",), extra="p1:1")
    obs = g.observation(S)
    assert S in obs.jokers_played and not any(p.card == "JOKER" for p in legal_plays(obs))
    refused(g, {"play": {"card": "JOKER", "stone": 2}}, "joker")


def test_elite_troops_take_their_best_identity_when_the_stone_is_claimed() -> None:
    # R8 R9 + Joker: a color run 7-8-9; north's three 9s lose to it
    g = setup({1: "R8R9-B9G9Y9", 2: "-N1"}, "[JOKER]P1", "N9", clan="P7", tactics=("MUD",), extra="p0:0")
    g, turn = apply_turn(g, {"play": {"card": "JOKER", "stone": 1}, "claim": [1]})
    assert turn.to_dict()["claim"] == [1] and g.stones[0].south[-1] == Troop("JOKER")
    # the Spy is a 7, the Shield bearer a 1-3: Y7 Y8 + SHIELD is a sum only
    g = setup({1: "Y7Y8-B5G5P5"}, "[SHIELD]P1", "N9", clan="P7", tactics=("MUD",), extra="p0:0")
    g, _ = apply_turn(g, {"play": {"card": "SHIELD", "stone": 1}})
    assert claimable_stones(g.observation(S), N) == (1,)


def test_mud_fight_reopens_complete_sides_and_blind_mans_bluff_counts_sums() -> None:
    g = setup({1: "R1R2R3*-B7B8B9"}, "[MUD]P1", "N9", clan="P7", tactics=("BLIND",), extra="p0:0")
    assert claimable_stones(g.observation(S), N) == (1,)
    g, _ = apply_turn(g, {"play": {"card": "MUD", "stone": 1}})
    s = g.stones[0]
    assert s.modes == {"mud"} and s.capacity == 4 and s.first_complete is None
    assert claimable_stones(g.observation(N), N) == ()
    refused(g, {"play": {"card": "MUD", "stone": 2}}, "hand")
    # Blind-man's bluff: 9+9+9 beats a color run 1-2-3 on the sum
    g = setup({1: "R1R2R3*-B9G9P9"}, "[BLIND]P1", "N9", clan="P7", tactics=("MUD",), extra="p0:0")
    assert claimable_stones(g.observation(S), S) == (1,)
    g, _ = apply_turn(g, {"play": {"card": "BLIND", "stone": 1}})
    assert claimable_stones(g.observation(N), N) == (1,) and claimable_stones(g.observation(N), S) == ()
    refused(setup({1: "R1-+blind"}, "[BLIND]P1", "N9", clan="P7", tactics=("MUD",), extra="p0:0"),
            {"play": {"card": "BLIND", "stone": 1}}, "mode")  # fmt: skip


def test_both_modes_on_one_stone() -> None:
    g = setup({1: "R1R2R3-B9G9P9+mud"}, "[BLIND]P1", "N9", clan="P7", tactics=("MUD",), extra="p0:1 x[HEADHUNTER]")
    g, _ = apply_turn(g, {"play": {"card": "BLIND", "stone": 1}})
    assert g.stones[0].modes == {"mud", "blind"} and g.stones[0].capacity == 4


def test_headhunter_draws_three_then_puts_two_back_under_the_decks() -> None:
    g = setup({}, "[HEADHUNTER]R1R2", "N9", clan="P7P8P9Y9", tactics=("MUD", "BLIND"), extra="p0:0")
    plays = [p for p in legal_plays(g.observation(S)) if p.card == "HEADHUNTER"]
    assert {p.decks for p in plays} == {("clan",) * 3, ("clan", "clan", "tactics"), ("clan", "tactics", "tactics")}
    refused(g, {"play": {"card": "HEADHUNTER", "decks": ["clan"] * 3}, "claim": [1]}, "claim")  # checked at once
    g, partial = apply_turn(g, {"play": {"card": "HEADHUNTER", "decks": ["tactics", "clan", "clan"]}})
    assert partial.to_dict()["pending"] == "headhunter" and g.to_move is S and g.pending is not None
    obs = g.observation(S)
    assert obs.pending is not None and obs.pending.returns == 2
    assert sorted(map(str, g.hand(S))) == ["MUD", "P7", "P8", "R1", "R2"]
    assert g.observation(N).pending == obs.pending and g.observation(N).hands[S] is None
    assert ("MUD", "R1") in {tuple(sorted(map(str, c))) for c in headhunter_returns(obs)}
    assert observation_from_dict(json.loads(json.dumps(obs.to_dict()))).pending == obs.pending
    refused(g, {"play": {"card": "R1", "stone": 1}}, "headhunter")
    refused(g, {"return": ["R1"]}, "headhunter")
    refused(g, {"return": ["R1", "N9"]}, "hand")
    g, turn = apply_turn(g, {"return": ["R1", "MUD"]})
    assert turn.to_dict()["play"] == {"card": "HEADHUNTER", "decks": ["clan", "clan", "tactics"], "drawn": ["P7", "P8", "MUD"], "returned": ["R1", "MUD"]}
    assert turn.to_dict()["draw"] is None and turn.to_dict()["deck"] is None and g.to_move is N
    assert g.clan_deck == parse_cards("P9 Y9 R1") and g.tactics_deck == ("BLIND", "MUD")
    assert sorted(map(str, g.hand(S))) == ["P7", "P8", "R2"] and g.discard == ("HEADHUNTER",)


def test_headhunter_with_nearly_empty_decks_keeps_the_hand_size() -> None:
    g = setup({}, "[HEADHUNTER]R1R2", "N9", clan="P7", tactics=("MUD",), extra="p0:0")
    g, _ = apply_turn(g, {"play": {"card": "HEADHUNTER", "decks": ["clan", "tactics"]}})
    assert g.pending is not None and g.pending.returns == 1
    g, turn = apply_turn(g, {"return": ["P7"]})
    assert len(g.hand(S)) == 3 and g.clan_deck == parse_cards("P7")


def test_strategist_moves_or_discards_one_of_ones_own_cards() -> None:
    g = setup({1: "R1R2R3*-B1B2", 2: "R5-"}, "[STRATEGIST]P1", "N9", clan="P7", tactics=("MUD",), extra="p0:0")
    plays = {p for p in legal_plays(g.observation(S)) if p.card == "STRATEGIST"}
    assert Play("STRATEGIST", stone=None, source=1, target="R3") in plays and Play("STRATEGIST", 2, 1, "R3") in plays
    assert not any(p.source == 1 and p.stone == 1 for p in plays)
    refused(g, {"play": {"card": "STRATEGIST", "from": 1, "target": "B1", "stone": 3}}, "strategist")
    refused(g, {"play": {"card": "STRATEGIST", "from": 1, "target": "R3", "stone": 1}}, "strategist")
    g2, turn = apply_turn(g, {"play": {"card": "STRATEGIST", "from": 1, "target": "R3", "stone": 2}})
    assert g2.stones[0].south == parse_cards("R1 R2") and g2.stones[1].south == parse_cards("R5 R3")
    assert g2.stones[0].first_complete is None and g2.discard == ("STRATEGIST",)
    g3, _ = apply_turn(g, {"play": {"card": "STRATEGIST", "from": 1, "target": "R3", "stone": None}})
    assert g3.discard == ("STRATEGIST", CARDS[2]) and g3.table_mask == g.table_mask


def test_banshee_discards_an_opponents_card_and_traitor_takes_a_clan_card() -> None:
    g = setup({1: "R1R2-B1[SPY]", 2: "-"}, "[BANSHEE][TRAITOR]P1", "N9", clan="P7", tactics=("MUD",), extra="p0:0")
    plays = {p for p in legal_plays(g.observation(S)) if p.card in ("BANSHEE", "TRAITOR")}
    assert Play("BANSHEE", source=1, target="SPY") in plays and Play("TRAITOR", 2, 1, "B1") in plays
    assert not any(p.card == "TRAITOR" and p.target == "SPY" for p in plays)
    refused(g, {"play": {"card": "TRAITOR", "from": 1, "target": "SPY", "stone": 2}}, "traitor")
    refused(g, {"play": {"card": "BANSHEE", "from": 1, "target": "R1"}}, "banshee")
    g2, _ = apply_turn(g, {"play": {"card": "BANSHEE", "from": 1, "target": "SPY"}})
    assert g2.stones[0].north == parse_cards("B1") and g2.discard == ("BANSHEE", "SPY")
    g3, _ = apply_turn(g, {"play": {"card": "TRAITOR", "from": 1, "target": "B1", "stone": 1}})
    assert g3.stones[0].south == parse_cards("R1 R2 B1") and g3.stones[0].north == (Troop("SPY"),)
    assert g3.stones[0].first_complete is S


def test_deck_choice_and_no_voluntary_pass_in_tactics() -> None:
    g = setup({}, "[MUD]P1", "N9", clan="P7", tactics=("BLIND",), extra="p0:0")
    g2, turn = apply_turn(g, {"play": {"card": "P1", "stone": 1}, "deck": "tactics"})
    assert turn.to_dict()["draw"] == "BLIND" and turn.to_dict()["deck"] == "tactics"
    g2, turn = apply_turn(g, {"play": {"card": "P1", "stone": 1}})
    assert turn.to_dict()["draw"] == "P7" and turn.to_dict()["deck"] == "clan"
    refused(g, {"play": {"card": "P1", "stone": 1}, "deck": "both"}, "format")
    refused(setup({}, "[MUD]P1", "N9", clan="P7", extra="p0:0"), {"play": {"card": "P1", "stone": 1}, "deck": "tactics"}, "draw")
    refused(g, {"play": None}, "pass")
    # no clan card to place: a pass is allowed although MUD could be played
    g = setup({}, "[MUD]", "N9", clan="P7", tactics=("BLIND",), extra="p0:0")
    obs = g.observation(S)
    assert may_pass(obs) and legal_plays(obs)
    g2, turn = apply_turn(g, {"play": None})
    assert turn.to_dict()["play"] is None and turn.to_dict()["draw"] is None


def test_bad_decisions_get_bounded_errors() -> None:
    g = new_game(seed=3)
    for bad, rule in [
        ("R8", "format"),
        ({"play": "R8"}, "format"),
        ({"play": {"card": "ZZ", "stone": 1}}, "format"),
        ({"play": {"card": "R8" * 10_000, "stone": 1}}, "format"),
        ({"play": {"card": str(g.hand(S)[0]), "stone": True}}, "format"),
        ({"play": {"card": str(g.hand(S)[0]), "stone": 1, "color": "x"}}, "format"),
        ({"play": {"card": str(g.hand(S)[0]), "stone": 1}, "claim": "1"}, "format"),
        ({"play": {"card": str(g.hand(S)[0]), "stone": 1}, "claim": [1, 1]}, "claim"),
        ({"play": {"card": "JOKER=R8", "stone": 1}}, "format"),
        ({"return": ["R1", "R2"]}, "format"),
    ]:
        err = refused(g, bad, rule)  # type: ignore[arg-type]
        assert len(str(err)) < 400


def test_plays_round_trip_through_their_dicts() -> None:
    plays = [
        Play("R8", 3), Play("JOKER", 1), Play("MUD", 9), Play("HEADHUNTER", decks=("clan", "tactics", "tactics")),
        Play("STRATEGIST", 4, 2, "R3"), Play("STRATEGIST", None, 2, "SPY"), Play("BANSHEE", source=5, target="SHIELD"),
        Play("TRAITOR", 1, 7, "G9"),
    ]  # fmt: skip
    for p in plays:
        assert Play.from_dict(json.loads(json.dumps(p.to_dict()))) == p
    assert Play.from_dict({"card": "r8", "stone": 3}) == Play("R8", 3)


def test_an_opponents_wild_troop_counts_in_the_proof_and_discarded_cards_still_count() -> None:
    # south's three 8s against north's R9 + Joker: the Joker could be R8 with R7 still unseen
    g = setup({1: "N8B8G8-R9[JOKER]"}, "P1P2", "N9", clan="P7", tactics=("MUD",), extra="p0:1")
    assert claimable_stones(g.observation(S), S) == ()
    # the Banshee discards north's Joker: both tactics cards still count, and north still played a Joker
    g = setup({1: "N8B8G8-R9[JOKER]"}, "[BANSHEE]P2", "N9", clan="P7", tactics=("MUD",), extra="p0:1")
    g, _ = apply_turn(g, {"play": {"card": "BANSHEE", "from": 1, "target": "JOKER"}})
    assert g.tactics_played == (1, 1) and g.discard == ("BANSHEE", "JOKER")
    assert N in g.jokers_played and N in g.observation(N).jokers_played


def test_mud_fight_claims_need_four_cards_a_side() -> None:
    g = setup({1: "R6R7R8-B1B2B3+mud"}, "R9P1", "N9", clan="P7", tactics=("MUD",), extra="p1:1 x[HEADHUNTER]")
    assert claimable_stones(g.observation(S), S) == ()
    g, turn = apply_turn(g, {"play": {"card": "R9", "stone": 1}, "claim": [1]})
    assert turn.to_dict()["claim"] == [1] and g.stones[0].claimed is S  # a color run of four beats anything north can add
