"""The board editor: build or edit a position by clicking, with a live analysis panel beside it.

The rules of editing live in :mod:`schotten_lab.core.edit` (``place``, ``take_back``, ``set_claim``,
``set_mode`` ...: plain functions over immutable positions, each returning a new legal position or
raising :class:`EditRefused` with the reason); this package holds only widgets and layout:

- :mod:`.widget`: :class:`BoardEditor`, the palette, the board and the controls, wired to those edits;
- :mod:`.drawing`: :class:`~.drawing.EditorView`, how the position is drawn on those widgets;
- :mod:`.panel`: :class:`AnalysisPanel`, the claims (a button for each claim that may be made now)
  and the board charts, updated in place;
- :mod:`.advisor`: :class:`AdvisorPanel`, "What should I play?": the advisor's ranked moves for the
  player to move, searched in the background after each edit (or on request) with a budget control;
- :mod:`.buttons`: the card buttons' labels and colours (the cards' own palette);
- :mod:`.words`: every word of the above, in English and French (``BoardEditor(lang="fr")``; default
  ``SCHOTTEN_LANG``).

Base game and tactics variant alike (elite troops, combat modes, the discard pile; who played a
tactics card and the decks follow the rules of :mod:`schotten_lab.core.edit`).

    >>> from schotten_lab.views.editor import BoardEditor
    >>> editor = BoardEditor()          # an empty board; BoardEditor(position) to edit one
    >>> editor                          # in Jupyter: the palette, the board and the analysis panel
"""

from __future__ import annotations

from ..._names import reexports as _reexports
from ...core.edit import EditRefused as EditRefused, Target as Target
from .advisor import (
    AdvisorPanel as AdvisorPanel,
    advice_for as advice_for,
    advice_html as advice_html,
    unsearchable as unsearchable,
)
from .buttons import piece_label as piece_label
from .panel import (
    AnalysisPanel as AnalysisPanel,
    claimable as claimable,
    claims_html as claims_html,
    claims_table as claims_table,
    make_figure_widgets as make_figure_widgets,
    panel_arrays as panel_arrays,
    update_figures as update_figures,
)
from .widget import MODE_WORDS as MODE_WORDS, BoardEditor as BoardEditor

__all__ = sorted(_reexports(__file__))
