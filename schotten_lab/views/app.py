"""The classroom app around the board editor (``apps/board_editor.ipynb``, served by Voilà).

What the app adds to :class:`~schotten_lab.views.editor.BoardEditor`:

- it opens the position given in the page address (``?position=NOTATION``, like a chess site's
  ``?fen=``; ``&flip=1`` turns the diagram round), else ``$SCHOTTEN_POSITION``, else the exercise;
- the address opens only what a visitor is entitled to (:func:`position_from_address`): a curated
  position by name (``?position=13_midgame``) or a position written in the address (notation or
  JSON, at most ``MAX_ADDRESS_CHARS``); never a file of the server. A refused address gets one fixed
  sentence that says nothing about the server's files. Only the operator's ``$SCHOTTEN_POSITION``
  may name a file (:func:`read_source`);
- a position that cannot be read is reported in one sentence above the board, and its text is kept
  in the editor's text box to correct and load; the page never shows a traceback;
- a diagram of the current position with a *Flip board* toggle (north at the bottom; it turns the
  editor's board round too, and the board's own toggle turns the diagram), and a link that reopens
  the current position.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import ipywidgets as W

from ..core.errors import SchottenError
from ..core.load import JSON_STARTS, LoadedPosition, load_position_text
from ..core.position import Position
from ..core.rules import Player
from ..core.svg import position_svg
from .editor import BoardEditor, Target

EXERCISE_NOTATION = "N8B8-R9R7/R8Y3-P2/-/-/-/-/-/-/- Y1Y2P5B3G9G1 ?6 s"
"""The classroom exercise: south's N8 B8 against north's R9 R7 on stone 1, R8 on stone 2."""

EXERCISE = (
    "South has two 8s (N8 B8) on stone 1; north has R9 R7 there and would need R8 for a colour run, "
    "but R8 is already on stone 2. Which third card on south's side lets south claim stone 1 at once, "
    "before north has even completed the side? Pick a card from the palette and watch the claims."
)
"""The exercise, stated at the top of the app."""

MAX_ERROR = 240
"""Characters of an error message shown in the app (a long input is cut, never the page)."""


def exercise() -> Position:
    """The position of the classroom exercise."""
    return Position.from_notation(EXERCISE_NOTATION)


def read_source(text: str) -> Position:
    """A legal position from a notation line, a JSON document or the path of a JSON file."""
    text = text.strip()
    if not text.startswith("{") and text.endswith(".json"):
        text = Path(text).read_text(encoding="utf-8")
    return load_position_text(text).position


CURATED_DIR = Path(__file__).resolve().parents[2] / "data" / "positions"
"""The curated positions a visitor may open by name (``13_midgame`` or ``13_midgame.json``)."""

MAX_ADDRESS_CHARS = 20_000
"""Longest position written in an address (a notation is under 2,000 characters, a JSON document
a few kB); a longer one is refused before it is read."""

CURATED_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}(\.json)?")
"""The shape of a curated position's name: no folder, no dot but the extension."""

REFUSED_ADDRESS = (
    "This address does not name a position this app can open: give a curated position by its name "
    "(such as 13_midgame) or the position itself, in the notation or as JSON."
)
"""The one sentence for every refused address: it says nothing about which files the server has."""


class AddressError(SchottenError):
    """A page address that names no position a visitor may open (the message is :data:`REFUSED_ADDRESS`,
    or the problem of a position the visitor wrote in the address, quoting only the visitor's text)."""


def curated_positions(folder: Path = CURATED_DIR) -> dict[str, Path]:
    """The curated position files by name, with and without ``.json`` (``{"13_midgame": path, ...}``)."""
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
    except OSError:
        return {}
    names: dict[str, Path] = {}
    for path in files:
        names[path.name] = names[path.stem] = path
    return names


def position_from_address(text: str, curated: Mapping[str, Path] | None = None) -> LoadedPosition:
    """The position an address's ``position=`` gives: a curated position by name (one of
    ``curated``, :func:`curated_positions` by default), else the text itself read as a notation
    line or a JSON document; never a path on the server. Raises :class:`AddressError`:
    :data:`REFUSED_ADDRESS` for a name that is not curated, anything shaped like a path, or text
    over :data:`MAX_ADDRESS_CHARS`; the reader's own message for a position written in the address
    that cannot be read (it quotes only that text)."""
    text = text.strip()
    if len(text) > MAX_ADDRESS_CHARS or not text:
        raise AddressError(REFUSED_ADDRESS)
    if CURATED_NAME.fullmatch(text):
        names = curated_positions() if curated is None else curated
        if text not in names:
            raise AddressError(REFUSED_ADDRESS)
        return load_position_text(names[text].read_text(encoding="utf-8"))
    if not text.startswith(JSON_STARTS) and _looks_like_a_path(text):
        raise AddressError(REFUSED_ADDRESS)
    try:
        return load_position_text(text)
    except RecursionError:
        raise AddressError("The position in the address is nested too deeply to read.") from None


NOTATION_ATTEMPT = re.compile(r"[A-Za-z0-9?*@+-]+(/[A-Za-z0-9?*@+-]+)+")
"""One word of stones joined by ``/`` (``R9R9/-/-``): a notation line missing its other fields, answered
with what is missing rather than refused as a path."""


def _looks_like_a_path(text: str) -> bool:
    """Whether non-JSON text is shaped like a file name rather than a notation line (a notation has
    nine stones joined by ``/`` and space-separated fields, never ``..``, ``~``, ``\\`` or an extension)."""
    return (text.startswith(("/", "~", ".", "\\")) or ".." in text or "\\" in text or "\x00" in text
            or re.search(r"\.[A-Za-z]{2,5}$", text) is not None
            or (len(text.split()) < 2 and NOTATION_ATTEMPT.fullmatch(text) is None))


def requested(query: str) -> tuple[str, bool]:
    """``(position text, flip)`` from a page's query string (``position=...&flip=1``)."""
    fields = parse_qs(query.lstrip("?"), keep_blank_values=True)
    text = fields.get("position", [""])[-1]
    flip = fields.get("flip", ["0"])[-1].strip().lower() in ("1", "true", "yes", "north")
    return text, flip


def error_sentence(text: str, exc: BaseException) -> str:
    """One sentence for a position that cannot be opened."""
    reason = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, OSError):
        reason = f"cannot read the file: {exc.strerror or reason}"
    if len(reason) > MAX_ERROR:
        reason = reason[: MAX_ERROR - 1] + "…"
    return (f"The position given could not be opened ({reason}); the exercise is shown instead, "
            "and your text is kept in the box under the board to correct and load.")


def share_link(position: Position) -> str:
    """The query string that reopens ``position`` in the app."""
    return "?position=" + quote(position.notation, safe="/*@-")


class BoardApp:
    """The board editor with the app's additions (see the module's docstring).

    ``editor`` (the :class:`BoardEditor`), ``error`` (the sentence shown, ``""`` when none),
    ``flip`` (ToggleButton), ``diagram`` and ``link`` (HTML), ``widget`` (the page).
    ``exercise_editor`` is an editor of the exercise already built (the app pre-builds one while
    the page is being requested); it is used when there is no position to open or it is bad.
    """

    def __init__(self, source: str = "", *, flip: bool = False, exercise_editor: BoardEditor | None = None,
                 from_address: bool = False) -> None:
        self.error = ""
        position: Position | None = None
        if source.strip():
            try:
                position = position_from_address(source).position if from_address else read_source(source)
            except AddressError as exc:
                self.error = str(exc) if str(exc) == REFUSED_ADDRESS else error_sentence(source, exc)
                if len(source) > MAX_ADDRESS_CHARS:
                    source = ""  # not kept: the box holds a position, not a flood
            except (SchottenError, ValueError, OSError) as exc:
                self.error = error_sentence(source, exc)
        if position is None:
            self.editor = exercise_editor if exercise_editor is not None else BoardEditor(exercise())
            self.editor.target.value = Target.side(1, Player.SOUTH)
        else:
            self.editor = BoardEditor(position)
        if self.error:
            self.editor.text.value = source  # kept, to correct and load
        self.message = W.HTML(f'<p class="sl-app-error" style="color:#b00020"><b>{html.escape(self.error)}</b></p>'
                              if self.error else "")
        self.flip = W.ToggleButton(value=flip, description="Flip board",
                                   tooltip="draw north at the bottom of the diagram")
        self.flip.add_class("sl-flip")
        self.diagram = W.HTML()
        self.diagram.add_class("sl-app-diagram")
        self.link = W.HTML()
        self.link.add_class("sl-app-link")
        self.flip.observe(lambda _: self.redraw(), "value")
        self.editor.flip.value = flip
        self._flip_link = W.link((self.flip, "value"), (self.editor.flip, "value"))  # one flip: board and diagram
        panel_update = self.editor.panel.update

        def update(position: Position, viewer: Player) -> None:  # every edit refreshes the panel
            panel_update(position, viewer)
            self.redraw()

        self.editor.panel.update = update  # type: ignore[method-assign]
        self.widget = W.VBox([self.message, self.editor.widget, W.HBox([self.flip, self.link]), self.diagram])
        self.widget.add_class("sl-app")
        self.redraw()

    def redraw(self) -> None:
        """Draw the current position (flipped or not) and its link."""
        position = self.editor.position
        stones = sorted({n for n, _ in self.editor.panel.claimable})
        bottom = Player.NORTH if self.flip.value else Player.SOUTH
        self.diagram.value = str(position_svg(position, highlight_stones=stones, bottom=bottom))
        link = share_link(position)
        self.link.value = f'<a href="{html.escape(link)}" title="open this position again">link to this position</a>'

    @classmethod
    def from_request(cls, query: str | None = None, *, exercise_editor: BoardEditor | None = None) -> BoardApp:
        """The app for a page request: the address's ``position`` (``$QUERY_STRING`` by default;
        :func:`position_from_address`: curated names and inline positions only), else the operator's
        ``$SCHOTTEN_POSITION`` (which may be a file), else the exercise."""
        text, flip = requested(os.environ.get("QUERY_STRING", "") if query is None else query)
        if text.strip():
            return cls(text, flip=flip, exercise_editor=exercise_editor, from_address=True)
        return cls(os.environ.get("SCHOTTEN_POSITION", ""), flip=flip, exercise_editor=exercise_editor)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["MAX_ADDRESS_CHARS", "REFUSED_ADDRESS", "AddressError", "BoardApp", "EXERCISE", "EXERCISE_NOTATION",
           "curated_positions", "error_sentence", "exercise", "position_from_address", "read_source", "requested",
           "share_link"]
