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
  the current position;
- the language of the page: ``?lang=fr`` (or ``en``), else ``$SCHOTTEN_LANG``, else English
  (:func:`requested_lang`); every word of the app and of its editor follows it (:data:`APP_PHRASES`),
  and an unknown language is refused in one sentence above the board (the page is then in the
  default language).
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
from ..core.words import LANGS, Phrases, check_lang, default_lang, register, say
from .editor import BoardEditor, Target
from .editor.panel import ChartsOption

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


APP_PHRASES: Phrases = register({
    "app.title": {"en": "Schotten Totten board editor", "fr": "Éditeur de plateau de Schotten Totten"},
    "app.exercise": {
        "en": "<b>The exercise.</b> " + EXERCISE,
        "fr": "<b>L'exercice.</b> Sud a deux 8 (N8 B8) sur la borne 1 ; Nord y a R9 R7 et aurait besoin du R8 pour "
              "une suite couleur, mais le R8 est déjà sur la borne 2. Quelle troisième carte, posée du côté de Sud, "
              "permet à Sud de revendiquer la borne 1 tout de suite, avant même que Nord ait complété son côté ? "
              "Choisissez une carte de la palette et regardez les revendications.",
    },
    "app.how_to": {
        "en": "<b>How to edit.</b> Pick a target (a side of a stone, or a hand), click a card of the palette to place it, "
              "click a placed card to take it back. The analysis panel (claims, who wins each stone seen from your seat "
              "and from the public pool, odds, remaining cards) updates on every edit; <i>What should I play?</i> ranks "
              "the moves of the player to move a moment later (the advisor searches in the background; choose its "
              "budget). <i>Flip board</i> turns the board and the diagram under it round; the link beside it reopens "
              "the current position (<code>?position=NOTATION</code> in the address opens any position, "
              "<code>&amp;lang=fr</code> shows the page in French).",
        "fr": "<b>Comment modifier.</b> Choisissez où poser (un côté d'une borne, ou une main), cliquez sur une carte de "
              "la palette pour la poser, sur une carte posée pour la reprendre. Le panneau d'analyse (revendications, "
              "qui gagne chaque borne vu de votre place et d'après les cartes hors de la table, chances, cartes "
              "restantes) se met à jour à chaque modification ; <i>Que jouer\u00a0?</i> classe un instant plus tard les "
              "coups du joueur qui joue (le conseiller cherche en arrière-plan ; choisissez son budget). "
              "<i>Retourner</i> fait pivoter le plateau et le schéma dessous ; le lien à côté rouvre la position "
              "actuelle (<code>?position=NOTATION</code> dans l'adresse ouvre n'importe quelle position, "
              "<code>&amp;lang=en</code> affiche la page en anglais).",
    },
    "app.refused": {
        "en": REFUSED_ADDRESS,
        "fr": "Cette adresse ne désigne aucune position que cette application peut ouvrir : donnez une position "
              "commentée par son nom (comme 13_midgame) ou la position elle-même, en notation ou en JSON.",
    },
    "app.not_opened": {
        "en": "The position given could not be opened ({reason}); the exercise is shown instead, "
              "and your text is kept in the box under the board to correct and load.",
        "fr": "La position donnée n'a pas pu être ouverte ({reason}) ; l'exercice est affiché à la place, "
              "et votre texte est gardé dans la zone sous le plateau, pour le corriger et le charger.",
    },
    "app.cannot_read_file": {"en": "cannot read the file: {reason}", "fr": "fichier illisible : {reason}"},
    "app.bad_lang": {
        "en": "This address asks for the language \u201c{value}\u201d, which this app does not speak "
              "(lang=en or lang=fr): the page is in English.",
        "fr": "Cette adresse demande la langue « {value} », que cette application ne parle pas "
              "(lang=en ou lang=fr) : la page est en français.",
    },
    "app.pz_title": {"en": "Schotten Totten puzzles", "fr": "Problèmes de Schotten Totten"},
    "app.pz_how_to": {
        "en": "<b>How to play.</b> An <i>endgame</i> puzzle: the deck is empty and every card is known; click a card of "
              "your hand, then the stone to put it on: only one move wins by force. A <i>claim</i> puzzle: may you claim "
              "that stone now (<i>Yes</i> / <i>No</i>), or which stones may you claim (tick them, then <i>Check</i>)? "
              "Remember that a proof counts the cards of your own hand as cards your opponent may still hold. Every "
              "answer is proved; a wrong move shows the opponent's refutation. Filter by kind, variant "
              "(the base game, or the tactics variant's claim puzzles) and rating; <i>Next puzzle</i> for another one (<code>?lang=fr</code> in the address: in French).",
        "fr": "<b>Comment jouer.</b> Un problème de <i>finale</i> : la pioche est vide et toutes les cartes sont connues ; "
              "cliquez sur une carte de votre main, puis sur la borne où la poser : un seul coup gagne à coup sûr. Un "
              "problème de <i>revendication</i> : pouvez-vous revendiquer cette borne maintenant (<i>Oui</i> / "
              "<i>Non</i>), ou quelles bornes pouvez-vous revendiquer (cochez-les, puis <i>Vérifier</i>) ? N'oubliez "
              "pas qu'une preuve compte les cartes de votre propre main parmi celles que l'adversaire peut encore "
              "avoir. Chaque réponse est prouvée ; un mauvais coup montre la réfutation de l'adversaire. Filtrez par "
              "type, par variante (le jeu de base, ou les revendications de la variante tactique) et par classement ; <i>Problème suivant</i> pour en voir un autre (<code>?lang=en</code> dans "
              "l'adresse : en anglais).",
    },
    "app.flip": {"en": "Flip board", "fr": "Retourner"},
    "app.flip_tip": {"en": "draw north at the bottom of the diagram", "fr": "dessiner Nord en bas du schéma"},
    "app.link": {"en": "link to this position", "fr": "lien vers cette position"},
    "app.link_tip": {"en": "open this position again", "fr": "rouvrir cette position"},
})
"""The app's own phrases (``app.*``; the editor's are :mod:`.editor.words`'), in English and French."""

MAX_LANG_SHOWN = 20
"""Characters of a refused ``lang`` value quoted back (a long one is cut)."""


def puzzle_intro(lang: str = "en") -> str:
    """The puzzle trainer app's title and how to play (HTML), in ``lang``."""
    return f"<h1>{html.escape(say('app.pz_title', lang))}</h1><p>{say('app.pz_how_to', lang)}</p>"


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


def requested_lang(query: str, default: str | None = None) -> tuple[str, str]:
    """``(language, refusal)`` from a page's query string: its ``lang=`` (``en`` or ``fr``, any case),
    else ``default`` (default: :func:`~schotten_lab.core.words.default_lang`, ``$SCHOTTEN_LANG``).
    An unknown ``lang`` gives the default and one sentence saying so, in the default language
    (quoting at most :data:`MAX_LANG_SHOWN` characters of the value); else the refusal is ``""``."""
    fallback = check_lang(default_lang() if default is None else default)
    values = parse_qs(query.lstrip("?"), keep_blank_values=True).get("lang")
    if not values:
        return fallback, ""
    value = values[-1].strip()
    if value.lower() in LANGS:
        return value.lower(), ""
    shown = value if len(value) <= MAX_LANG_SHOWN else value[:MAX_LANG_SHOWN] + "…"
    return fallback, say("app.bad_lang", fallback, value=shown)


def error_sentence(text: str, exc: BaseException, lang: str = "en") -> str:
    """One sentence for a position that cannot be opened (the reader's reason, cut to
    :data:`MAX_ERROR` characters: in ``lang`` when the error has the words, an illegal position's
    problems say, else the reader's own words, English)."""
    said = getattr(exc, "in_words", None)
    text_of = str(said(lang) if callable(said) else exc)
    reason = re.sub(r"[^\S\u00a0\u202f]+", " ", text_of).strip(" ") or type(exc).__name__  # French no-break spaces kept
    if isinstance(exc, OSError):
        reason = say("app.cannot_read_file", lang, reason=exc.strerror or reason)
    if len(reason) > MAX_ERROR:
        reason = reason[: MAX_ERROR - 1] + "…"
    return say("app.not_opened", lang, reason=reason)


def share_link(position: Position, lang: str = "en") -> str:
    """The query string that reopens ``position`` in the app (in ``lang``: ``&lang=fr`` unless English)."""
    tail = "" if check_lang(lang) == "en" else f"&lang={lang}"
    return "?position=" + quote(position.notation, safe="/*@-") + tail


class BoardApp:
    """The board editor with the app's additions (see the module's docstring).

    ``editor`` (the :class:`BoardEditor`), ``error`` (the sentence shown, ``""`` when none),
    ``flip`` (ToggleButton), ``diagram`` and ``link`` (HTML), ``widget`` (the page).
    ``exercise_editor`` is an editor of the exercise already built (the app pre-builds one while
    the page is being requested); it is used when there is no position to open or it is bad, and it
    speaks the page's language. ``lang`` (``"en"``/``"fr"``, default ``$SCHOTTEN_LANG``): the page's
    language; ``notice``: a sentence to show above the board (a refused ``lang``); ``intro``: the
    title, the exercise and how to edit above the editor (``intro``, HTML; the Voilà app shows it).
    ``charts``: the editor's charts (True, False, or ``"lazy"``: built when *Show the charts* is pressed;
    the classroom server's choice).
    """

    def __init__(self, source: str = "", *, flip: bool = False, exercise_editor: BoardEditor | None = None,
                 from_address: bool = False, lang: str | None = None, notice: str = "", intro: bool = False,
                 charts: ChartsOption = True) -> None:
        self.lang = lang = check_lang(default_lang() if lang is None else lang)
        if exercise_editor is not None and exercise_editor.lang != lang:
            exercise_editor = None  # built in another language: a new one
        self.error = ""
        position: Position | None = None
        if source.strip():
            try:
                position = position_from_address(source).position if from_address else read_source(source)
            except AddressError as exc:
                self.error = say("app.refused", lang) if str(exc) == REFUSED_ADDRESS else error_sentence(source, exc, lang)
                if len(source) > MAX_ADDRESS_CHARS:
                    source = ""  # not kept: the box holds a position, not a flood
            except (SchottenError, ValueError, OSError) as exc:
                self.error = error_sentence(source, exc, lang)
        if position is None:
            self.editor = exercise_editor if exercise_editor is not None else BoardEditor(exercise(), lang=lang, charts=charts)
            self.editor.target.value = Target.side(1, Player.SOUTH)
        else:
            self.editor = BoardEditor(position, lang=lang, charts=charts)
        if self.error:
            self.editor.text.value = source  # kept, to correct and load
        self.notice = notice
        shown = " ".join(s for s in (notice, self.error) if s)
        self.message = W.HTML(f'<p class="sl-app-error" style="color:#b00020"><b>{html.escape(shown)}</b></p>'
                              if shown else "")
        self.intro = W.HTML(f"<h1>{html.escape(say('app.title', lang))}</h1><p>{say('app.exercise', lang)}</p>"
                            f"<p>{say('app.how_to', lang)}</p>" if intro else "")
        self.intro.add_class("sl-app-intro")
        self.flip = W.ToggleButton(value=flip, description=say("app.flip", lang), tooltip=say("app.flip_tip", lang))
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
        parts = [self.intro] if intro else []
        self.widget = W.VBox([*parts, self.message, self.editor.widget, W.HBox([self.flip, self.link]), self.diagram])
        self.widget.add_class("sl-app")
        self.redraw()

    def redraw(self) -> None:
        """Draw the current position (flipped or not) and its link."""
        position = self.editor.position
        stones = sorted({n for n, _ in self.editor.panel.claimable})
        bottom = Player.NORTH if self.flip.value else Player.SOUTH
        self.diagram.value = str(position_svg(position, highlight_stones=stones, bottom=bottom, lang=self.lang))
        link = share_link(position, self.lang)
        self.link.value = (f'<a href="{html.escape(link)}" title="{html.escape(say("app.link_tip", self.lang))}">'
                           f'{html.escape(say("app.link", self.lang))}</a>')

    @classmethod
    def from_request(cls, query: str | None = None, *, exercise_editor: BoardEditor | None = None,
                     lang: str | None = None, intro: bool = False, charts: ChartsOption = True) -> BoardApp:
        """The app for a page request: the address's ``position`` (``$QUERY_STRING`` by default;
        :func:`position_from_address`: curated names and inline positions only), else the operator's
        ``$SCHOTTEN_POSITION`` (which may be a file), else the exercise; in the address's ``lang``,
        else ``lang`` (default ``$SCHOTTEN_LANG``: :func:`requested_lang`)."""
        query = os.environ.get("QUERY_STRING", "") if query is None else query
        text, flip = requested(query)
        chosen, notice = requested_lang(query, lang)
        options: dict[str, Any] = {"flip": flip, "exercise_editor": exercise_editor, "lang": chosen, "notice": notice,
                                   "intro": intro, "charts": charts}
        if text.strip():
            return cls(text, from_address=True, **options)
        return cls(os.environ.get("SCHOTTEN_POSITION", ""), **options)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = [
    "APP_PHRASES", "EXERCISE", "EXERCISE_NOTATION", "MAX_ADDRESS_CHARS", "REFUSED_ADDRESS", "AddressError", "BoardApp",
    "curated_positions", "error_sentence", "exercise", "position_from_address", "puzzle_intro", "read_source",
    "requested", "requested_lang", "share_link",
]
