"""The board editor driven from Python: clicks, refused edits, undo/redo, load/save, the panel."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from schotten_lab.core import Player, Position  # noqa: E402
from schotten_lab.core import edit as ed  # noqa: E402
from schotten_lab.views.editor import BoardEditor, EditRefused, Target, panel_arrays  # noqa: E402
from schotten_lab.views.editor.panel import outcomes_html, seat_analysis  # noqa: E402

S, N = Player.SOUTH, Player.NORTH


def three_eights() -> Position:
    """docs/RULES.md's example one card short: south N8 B8 on stone 1, north R9 R7; R8 on stone 2."""
    return Position.build(
        {1: ("N8 B8", "R9 R7"), 2: ("R8 Y3", "P2")},
        south_hand="Y1 Y2 P5 B3 G9 G1",
    )


@pytest.fixture(scope="module")
def editor_charts() -> BoardEditor:
    return BoardEditor(three_eights())


@pytest.fixture
def editor() -> BoardEditor:
    return BoardEditor(three_eights(), charts=False)


# The edits themselves are tested in tests/core/test_edit.py, text loading in tests/core/test_load.py.


# --- the widget -----------------------------------------------------------------------------------


def test_palette_click_places_card_and_greys_it(editor: BoardEditor) -> None:
    editor.target.value = Target.side(1, S)
    assert not editor.palette["G8"].disabled
    editor.palette["G8"].click()
    assert [str(c) for c in editor.position.stone(1).south] == ["N8", "B8", "G8"]
    assert editor.palette["G8"].disabled
    assert editor.slots[(1, S)][2].description == "G8"
    assert editor.message.startswith("placed G8")


def test_used_cards_are_disabled(editor: BoardEditor) -> None:
    for code in ("N8", "B8", "R9", "R7", "R8", "Y3", "P2", "Y1", "G1"):
        assert editor.palette[code].disabled, code
    assert not editor.palette["R1"].disabled


def test_refused_edit_keeps_position_and_shows_message(editor: BoardEditor) -> None:
    editor.target.value = Target.side(1, S)
    editor.palette["G8"].click()
    before = editor.position
    editor.palette["Y8"].click()  # a fourth card
    assert editor.position == before
    assert editor.message.startswith("Refused")
    assert "Refused" in editor.message_html.value
    editor.stone_select.value = 2
    editor.claim_select.value = S  # stone 2 south is incomplete
    assert editor.position == before
    assert "incomplete" in editor.message
    assert editor.claim_select.value is None  # the control shows the position again


def test_click_placed_card_takes_it_back(editor: BoardEditor) -> None:
    before = editor.position
    editor.slots[(1, N)][0].click()  # R9
    assert [str(c) for c in editor.position.stone(1).north] == ["R7"]
    assert not editor.palette["R9"].disabled
    editor.undo_button.click()
    assert editor.position == before


def test_empty_slot_click_selects_target(editor: BoardEditor) -> None:
    editor.slots[(5, N)][0].click()
    assert editor.target.value == Target.side(5, N)
    editor.palette["R1"].click()
    assert [str(c) for c in editor.position.stone(5).north] == ["R1"]


def test_undo_redo(editor: BoardEditor) -> None:
    start = editor.position
    assert not editor.can_undo and editor.undo_button.disabled
    editor.target.value = Target.side(3, S)
    editor.palette["R1"].click()
    editor.palette["R2"].click()
    after = editor.position
    editor.undo_button.click()
    editor.undo_button.click()
    assert editor.position == start
    assert not editor.can_undo
    editor.redo_button.click()
    editor.redo_button.click()
    assert editor.position == after
    assert not editor.can_redo
    editor.undo()
    editor.palette["R5"].click()  # a new edit clears the redo stack
    assert not editor.can_redo


def test_claim_first_complete_turn_controls(editor: BoardEditor) -> None:
    editor.target.value = Target.side(1, S)
    editor.palette["G8"].click()
    editor.stone_select.value = 1
    assert editor.first_select.value is S
    editor.claim_select.value = S
    assert editor.position.stone(1).claimed is S
    editor.turn.value = N
    assert editor.position.to_move is N
    editor.claim_select.value = None
    assert editor.position.stone(1).claimed is None


def test_hand_entered_card_by_card(editor: BoardEditor) -> None:
    editor.target.value = Target.hand(N)
    codes = ["R1", "R2", "R3", "R4", "R5"]
    for code in codes:
        editor.palette[code].click()
        assert editor.position.hands[N] is None  # still a draft
        assert editor.palette[code].disabled
    editor.palette["R6"].click()
    assert [str(c) for c in editor.position.hands[N]] == codes + ["R6"]
    # taking a card back from a full hand turns it into a draft again
    editor.hand_buttons[N][0].click()
    assert editor.position.hands[N] is None
    assert [str(c) for c in editor.drafts[N]] == ["R2", "R3", "R4", "R5", "R6"]
    editor.palette["G2"].click()
    assert editor.position.hands[N] is not None and len(editor.position.hands[N]) == 6


def test_save_and_load_round_trip(editor: BoardEditor) -> None:
    original = editor.position
    editor.save_json_button.click()
    text = editor.text.value
    assert Position.from_json(text) == original
    editor.target.value = Target.side(4, N)
    editor.palette["R1"].click()
    assert editor.position != original
    editor.text.value = text
    editor.load_button.click()
    assert editor.position == original
    editor.save_notation_button.click()
    assert editor.text.value == original.notation
    editor.text.value = "garbage notation"
    editor.load_button.click()
    assert editor.position == original
    assert editor.message.startswith("Refused")


def blank_label(description: str) -> bool:
    """An empty slot's label: shows nothing, yet is not ``""`` (the browser side of ipywidgets keeps a
    button's old text when its description becomes empty, which left ghost cards on the board)."""
    return description != "" and description.strip() == ""


def test_taken_back_and_undone_slots_show_no_ghost_card(editor: BoardEditor) -> None:
    slot = editor.slots[(1, S)][2]
    assert blank_label(slot.description)  # empty from the start
    editor.target.value = Target.side(1, S)
    editor.palette["G8"].click()
    assert slot.description == "G8"
    slot.click()  # take G8 back
    assert editor.position.stone(1).south == editor.position.stone(1).south[:2]
    assert blank_label(slot.description) and "G8" not in slot.tooltip
    editor.palette["G8"].click()
    assert slot.description == "G8"
    editor.undo()
    assert blank_label(slot.description) and "G8" not in slot.tooltip
    editor.redo()
    assert slot.description == "G8"
    north = editor.slots[(1, N)]
    north[0].click()  # R9 back: R7 moves to the first slot, the second empties
    assert north[0].description == "R7" and blank_label(north[1].description)


def test_claim_buttons_claim(editor: BoardEditor) -> None:
    """Each claim the cards support now has a button in the panel; clicking it claims the stone."""
    assert editor.panel.claim_buttons == {} and editor.panel.claim_box.layout.display == "none"
    editor.target.value = Target.side(1, S)
    editor.palette["G8"].click()  # three 8s: R8 is on stone 2, so south's claim is proved
    button = editor.panel.claim_buttons[(1, S)]
    assert "south" in button.description and "1" in button.description
    assert editor.panel.claim_box.layout.display == "" and button in editor.panel.claim_box.children
    button.click()
    assert editor.position.stone(1).claimed is S
    assert editor.message == "stone 1 claimed by south"
    assert (1, S) not in editor.panel.claim_buttons  # a claimed stone has nothing left to claim
    editor.undo()
    assert editor.position.stone(1).claimed is None and (1, S) in editor.panel.claim_buttons


def test_sections_have_headings(editor: BoardEditor) -> None:
    def headings(box: object) -> list[str]:
        found = []
        for child in getattr(box, "children", ()):
            if "sl-heading" in getattr(child, "_dom_classes", ()):
                found.append(child.value)
            found += headings(child)
        return found

    palette = headings(editor.palette_box)
    assert any("Cards to place" in h for h in palette) and any("Tactics cards" in h for h in palette)
    everything = " ".join(headings(editor.widget))
    for words in ("Board", "Claims", "Load and save", "Target"):
        assert words in everything


def test_flip_turns_the_board_round(editor: BoardEditor) -> None:
    def order(column: int) -> list[str]:
        return [next(c for c in w._dom_classes if c.startswith(("sl-slot-", "sl-stone-")))
                for w in editor.columns[column - 1].children]

    def rows() -> list[str]:
        return [c for w in editor.board_box.children for c in w._dom_classes if c.startswith("sl-hand-row-")]

    assert editor.bottom is S and rows() == ["sl-hand-row-n", "sl-hand-row-s"]
    assert order(1)[3:6] == ["sl-slot-1-n-0", "sl-stone-1", "sl-slot-1-s-0"]  # first cards nearest the stone
    editor.flip.value = True
    assert editor.bottom is N and rows() == ["sl-hand-row-s", "sl-hand-row-n"]
    assert order(1)[3:6] == ["sl-slot-1-s-0", "sl-stone-1", "sl-slot-1-n-0"]
    assert order(1)[0] == "sl-slot-1-s-3" and order(1)[-1] == "sl-slot-1-n-3"
    editor.target.value = Target.side(1, S)
    editor.palette["G8"].click()  # editing works the same way round
    assert editor.slots[(1, S)][2].description == "G8"
    editor.flip.value = False
    assert order(1)[3:6] == ["sl-slot-1-n-0", "sl-stone-1", "sl-slot-1-s-0"]


def test_panel_shows_new_claim(editor_charts: BoardEditor) -> None:
    e = editor_charts
    assert e.panel.error == ""
    assert (1, S) not in e.panel.claimable
    assert "sl-claimable" not in e.panel.claims.value
    outcome_before = list(e.panel.figures["outcome"].data[0].y)
    e.target.value = Target.side(1, S)
    e.palette["G8"].click()
    assert (1, S) in e.panel.claimable
    assert 'class="sl-claimable" data-stone="1"' in e.panel.claims.value
    outcome_after = list(e.panel.figures["outcome"].data[0].y)
    assert outcome_after[0] == 1.0 and outcome_before[0] < 1.0  # south now wins stone 1 for sure
    cards = e.panel.figures["cards"].data[0]
    assert cards.text[0][7] == "S2"  # R8 lies on stone 2 south
    assert e.last_refresh_ms > 0
    e.undo()
    assert (1, S) not in e.panel.claimable


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_panel_arrays_match_fresh_charts(editor_charts: BoardEditor, lang: str) -> None:
    """The in-place updates show exactly what views/charts.py would draw from scratch."""
    from schotten_lab.analysis import analyze
    from schotten_lab.views import charts

    pos = ed.place(editor_charts.position, "P9", Target.side(4, N))
    pos = ed.set_claim(ed.place(ed.place(ed.place(pos, "Y7", Target.side(7, S)), "Y8", Target.side(7, S)),
                       "Y9", Target.side(7, S)), 7, S)
    analysis = analyze(pos, N)
    arrays = panel_arrays(analysis, lang)
    odds = charts.formation_odds_chart(analysis, lang=lang)
    for trace, new in zip(odds.data, arrays["odds"], strict=True):
        assert list(trace.y) == new["y"] and list(trace.customdata) == new["customdata"]
    for seen in (analysis, seat_analysis(pos, S)):  # north's hand unknown: public; south's known: seat
        seen_arrays = panel_arrays(seen, lang)
        outcome = charts.outcome_chart(seen, lang=lang, seat=True)
        for trace, new in zip(outcome.data, seen_arrays["outcome"], strict=True):
            assert list(trace.y) == new["y"] and list(trace.customdata) == new["customdata"]
            assert list(trace.marker.pattern.shape) == new["shape"]
        assert outcome.layout.title.text == seen_arrays["outcome_title"]
    assert "south" in panel_arrays(seat_analysis(pos, S), lang)["outcome_title"].lower().replace("sud", "south")
    cards = charts.card_map_chart(analysis, lang=lang)
    for trace, new in zip(cards.data, arrays["cards"], strict=True):
        assert [list(r) for r in trace.z] == new["z"]
        assert [list(r) for r in trace.text] == new["text"]
        assert [list(r) for r in trace.customdata] == new["customdata"]
    assert cards.layout.title.text == arrays["cards_titles"]["title"]
    subplots = arrays["cards_titles"]["subplots"]  # the chart's last annotation is its key (fixed text)
    assert tuple(a.text for a in cards.layout.annotations)[: len(subplots)] == subplots


def test_panel_outcomes_sum_to_one(editor_charts: BoardEditor) -> None:
    outcome = editor_charts.panel.figures["outcome"].data
    for n in range(9):
        assert sum(t.y[n] for t in outcome) == pytest.approx(1.0)


def test_panel_headline_is_the_viewers_outcome_with_the_public_one_beside() -> None:
    """docs/VIEWER.md's R6 example: south holds R6 for a colour run on stone 1 (R4 R5). Seen by south,
    counting the hand, the panel's headline figure is the viewer outcome; the public pool's is beside."""
    from schotten_lab.analysis import viewer_outcome
    from schotten_lab.core.words import percent

    pos = Position.from_notation("R4R5-B7G7/Y9-P2P3P4/N1N2N3-G8/-/-/-/-/-/- R6R1B2Y8G1N9 ?6 s")
    e = BoardEditor(pos, advisor=False)
    seen = viewer_outcome(pos, 1, S)
    public = e.panel.analysis.stone(1).outcome if e.panel.analysis else None
    assert public is not None and seen.exact and seen.south != public.south
    row = e.panel.outcomes.value.split("data-stone='1'>")[1].split("</tr>")[0]
    headline, beside = row.split("</b></td>")[1], row.split("</b></td>")[2]
    assert f"S {percent(seen.south)}" in headline and f"S {percent(public.south)}" in beside
    assert "counting south&#x27;s hand (R6 R1 B2 Y8 G1 N9)" in e.panel.outcomes.value
    outcome = e.panel.figures["outcome"]
    assert "seen by south" in outcome.layout.title.text
    assert outcome.data[0].y[0] == pytest.approx(float(seen.south))
    e.viewer.value = N  # north's hand is unknown: the public figures, said so
    assert "north&#x27;s hand is not known" in e.panel.outcomes.value
    assert "counting the hand" not in e.panel.outcomes.value
    assert outcome.data[0].y[0] == pytest.approx(float(public.south))
    assert "seen by" not in outcome.layout.title.text


def test_panel_says_the_game_is_over() -> None:
    won = Position.from_notation(
        "R4R5R6-Y2N3P9@s/B2Y3P1-G7G8G9/R1N1Y4-P6P7P8/B6B7B8-N2R2G1@s/G3B4B5-R8N5N6@s/Y7Y8Y9-P3P4B3@s/"
        "G2N4R7-Y5Y6P5/G4G5G6-N7N9/R9-B9 N8Y1 ?3 n d0"
    )
    analysis = seat_analysis(won, S)
    assert all(sa.outcome_viewer is None for sa in analysis.stones)
    assert "The game is over" in outcomes_html(analysis) and "<table" not in outcomes_html(analysis)


def test_panel_estimate_is_labelled_with_its_error() -> None:
    pos = Position.from_notation("R4R5-B7G7/Y9-P2P3P4/N1N2N3-G8/-/-/-/-/-/- R6R1B2Y8G1N9 ?6 s")
    analysis = seat_analysis(pos, S)
    empty = analysis.stone(5).outcome_viewer
    assert empty is not None and not empty.exact  # both sides empty: the labelled estimate
    row = outcomes_html(analysis).split("data-stone='5'>")[1].split("</tr>")[0]
    assert "≈" in row and "±" in row


def test_viewer_changes_card_map(editor_charts: BoardEditor) -> None:
    e = editor_charts
    e.viewer.value = N
    text = e.panel.figures["cards"].data[0].text
    assert text[3][0] != "hand"  # Y1 in south's hand is unseen for north
    assert "north" in e.panel.figures["cards"].layout.title.text
    e.viewer.value = S
    assert e.panel.figures["cards"].data[0].text[3][0] == "hand"


# --- explorers ------------------------------------------------------------------------------------


def test_claim_explorer_verdicts() -> None:
    from schotten_lab.views.explorers import ClaimExplorer

    pos = ed.place(three_eights(), "G8", Target.side(1, S))
    explorer = ClaimExplorer(pos, stone=1, player=S)
    assert explorer.verdict.claimable
    assert 'data-claimable="true"' in explorer.text.value
    # R8 back in the public pool: north's R9 R7 may become a color run
    hidden = ed.take_back(pos, "R8")
    explorer = ClaimExplorer(hidden, stone=1, player=S)
    assert not explorer.verdict.claimable
    assert [str(c) for c in explorer.verdict.counterexample] == ["R8"]
    assert "counterexample" in explorer.text.value
    explorer.stone.value = 2
    assert explorer.verdict.stone == 2 and not explorer.verdict.claimable


def test_odds_explorer_slider() -> None:
    from schotten_lab.core.formations import Rank
    from schotten_lab.views.explorers import OddsExplorer

    explorer = OddsExplorer(three_eights(), stone=1, player=S)
    at_zero = dict((r, p) for r, p, _ in explorer.rows)
    assert explorer.draws.max > 0
    explorer.draws.value = 5
    at_five = dict((r, p) for r, p, _ in explorer.rows)
    assert at_five[Rank.THREE_OF_A_KIND] > at_zero[Rank.THREE_OF_A_KIND]
    assert at_five[Rank.SUM] == 1
    assert "5 more draw" in explorer.table.value


def test_tactics_positions_load(editor: BoardEditor) -> None:
    """Tactics positions used to be refused; now they load (tests/views/test_editor_tactics.py has more)."""
    from schotten_lab.core.rules import TACTICS

    before = editor.position
    editor.text.value = Position.empty(TACTICS).to_json()
    editor.load_button.click()
    assert editor.position == Position.empty(TACTICS)
    assert editor.variant.value == "tactics"
    editor.undo()
    assert editor.position == before


def test_an_estimated_seat_split_marks_every_share_as_an_estimate() -> None:
    """Monte Carlo shares carry "≈": south, north and tie with their error, undecided too (no error of its own)."""
    from schotten_lab.views.editor.panel import _split_text

    text = _split_text(0.5, 0.3, 0.1, 0.1, {"south": 0.01, "north": 0.01, "tie": 0.005})
    assert text.count("≈") == 4 and "undecided ≈" in text
    assert "≈" not in _split_text(0.5, 0.3, 0.1, 0.1)
