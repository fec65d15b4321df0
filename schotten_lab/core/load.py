"""Reading a position from text in either form: a JSON document or the one-line notation.

One function, :func:`load_position_text`, for every reader (the command line, the board editor,
notebooks): the same dispatch, the same errors, the same legality check.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import PositionFormatError
from .position import Position
from .position_json import json_document, position_from_dict
from .words import Fact

JSON_STARTS = ("{", "[", '"')
"""A text starting with one of these (after blanks) is read as JSON; a notation line never does."""


@dataclass(frozen=True, slots=True)
class LoadedPosition:
    """A legal position read from text, with the title and description a JSON document may carry."""

    position: Position
    title: str | None = None
    description: str | None = None
    translations: dict[str, dict[str, str]] = field(default_factory=dict)
    """Curated titles and descriptions in other languages: ``{"fr": {"title": ..., "description": ...}}``."""


def load_position_text(text: str) -> LoadedPosition:
    """A legal position from a JSON document (text starting with ``{``) or a notation line.

    Raises a :class:`~.errors.SchottenError` naming the problem: :class:`~.errors.PositionFormatError`
    (empty text, bad JSON, a wrong field), :class:`~.errors.NotationError` or
    :class:`~.errors.CardError` (a bad notation line or card), :class:`~.errors.IllegalPositionError`
    (a position that reads but breaks the rules).
    """
    text = text.strip().lstrip("\ufeff")  # a byte-order mark is not part of the position
    if not text:
        raise PositionFormatError("", Fact.of("reader.nothing"))
    if not text.startswith(JSON_STARTS):
        return LoadedPosition(Position.from_notation(text).validate())
    data = json_document(text)
    position = position_from_dict(data).validate()
    title, description = (data.get("title"), data.get("description")) if isinstance(data, dict) else (None, None)
    translations = data.get("translations", {}) if isinstance(data, dict) else {}
    return LoadedPosition(
        position,
        title if isinstance(title, str) else None,
        description if isinstance(description, str) else None,
        dict(translations),  # checked by position_from_dict: {lang: {"title"|"description": text}}
    )


__all__ = ["LoadedPosition", "load_position_text"]
