"""Languages, French typography and figures as text: the one rounding rule of a probability.

- :data:`LANGS`, :func:`check_lang`, :func:`default_lang` (``SCHOTTEN_LANG``), :class:`WordsError`.
- :func:`typeset_fr` (a no-break space before ``: ; ! ? %``, guillemets, the typographic apostrophe)
  and :func:`typeset`.
- :func:`number`, :func:`percent`, :func:`fraction`, :func:`fraction_percent`, :func:`chance`,
  :func:`estimate`: figures in a language (a decimal comma and a no-break space in French).

Everything here is re-exported by :mod:`schotten_lab.core.words`, the module callers import.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from fractions import Fraction

from .errors import SchottenError

LANGS = ("en", "fr")
"""The languages every phrase exists in."""

LANG_ENV = "SCHOTTEN_LANG"
"""The environment variable that sets the default language of the CLI and the widgets."""

NBSP = "\u00a0"
"""The no-break space French typography puts before ``: ; ! ? %`` and between groups of digits."""

Phrases = dict[str, dict[str, str]]


class WordsError(SchottenError):
    """An unknown language or phrase key, or a phrase missing one of its fields."""



def check_lang(lang: str) -> str:
    """``lang`` itself if it is a known language, else a :class:`WordsError` naming it."""
    if lang not in LANGS:
        raise WordsError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")
    return lang


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language named by ``SCHOTTEN_LANG`` (``fr``, ``fr_FR.UTF-8``...), else ``"en"``."""
    value = (os.environ if environ is None else environ).get(LANG_ENV, "").strip().lower()[:2]
    return value if value in LANGS else "en"


# ---- typography ------------------------------------------------------------------------------------

_BEFORE_PUNCT = re.compile(r"[ \u00a0\u202f]*([:;!?])(?=\s|$|[)»])")
_BEFORE_PERCENT = re.compile(r"(?<=[\w)])[ \u00a0\u202f]*%")
_QUOTED = re.compile(r'"([^"]*)"')


def typeset_fr(text: str) -> str:
    """French typography on prose: a no-break space before ``: ; ! ?`` (when they end a word) and
    ``%``, ``«\u00a0guillemets\u00a0»`` for straight double quotes, the typographic apostrophe.

    Apply it to words, not to notations (``?6`` in a position's notation stays as it is): :func:`say`
    applies it to a phrase's literal text only, never to the fields filled in.
    """
    text = _QUOTED.sub(lambda m: f"«{NBSP}{m.group(1).strip()}{NBSP}»", text)
    text = re.sub(r"«[ \u00a0\u202f]*", "«" + NBSP, text)
    text = re.sub(r"[ \u00a0\u202f]*»", NBSP + "»", text)
    text = _BEFORE_PUNCT.sub(lambda m: NBSP + m.group(1), text)
    text = _BEFORE_PERCENT.sub(NBSP + "%", text)
    return text.replace("'", "’")


def typeset(text: str, lang: str = "en") -> str:
    """``text`` with the typography of ``lang`` (French: :func:`typeset_fr`; English: as it is)."""
    return typeset_fr(text) if check_lang(lang) == "fr" else text


def number(n: int | float, lang: str = "en", digits: int | None = None) -> str:
    """A count or a measure: ``24,804`` / ``24 804`` (no-break space), ``0.25`` / ``0,25``;
    ``digits`` fixes the decimals."""
    text = f"{n:,}" if digits is None else f"{n:,.{digits}f}"
    if check_lang(lang) == "fr":
        return text.replace(",", NBSP).replace(".", ",")
    return text


# ---- probabilities ---------------------------------------------------------------------------------


def _pct(text: str, lang: str) -> str:
    """``"37.5%"`` as ``lang`` writes it: ``"37,5 %"`` in French (decimal comma, no-break space)."""
    if check_lang(lang) == "fr":
        return text.replace(".", ",").replace("%", NBSP + "%")
    return text


def percent(p: Fraction | float, lang: str = "en") -> str:
    """A probability as a short percentage: ``"37.5%"`` (``"37,5 %"`` in French, with a no-break
    space); ``"<0.1%"`` and ``">99.9%"`` near the ends, so a possible event never reads as 0% and an
    uncertain one never as 100%."""
    value = float(p) * 100
    if value in (0, 100):
        text = f"{value:.0f}%"
    elif value < 0.1:
        text = "<0.1%"
    elif value > 99.9:
        text = ">99.9%"
    else:
        text = f"{value:.1f}%"
    return _pct(text, lang)


def fraction(p: Fraction) -> str:
    """An exact probability: ``"3/46"``, or ``"0"``/``"1"`` when it is certain."""
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def fraction_percent(p: Fraction | float, lang: str = "en", *, approx: bool = False) -> str:
    """The exact fraction and its percentage.

    ``approx=False``: ``"3/46 (6.5%)"``, a certainty as ``"0"``/``"1"`` (reports in sentences);
    ``approx=True``: ``"3/46 ≈ 6.5%"``, a certainty or a float as its percentage (tables, charts).
    """
    if not isinstance(p, Fraction):
        return percent(p, lang)
    if p.denominator == 1:
        return percent(p, lang) if approx else str(p.numerator)
    return f"{fraction(p)} ≈ {percent(p, lang)}" if approx else f"{fraction(p)} ({percent(p, lang)})"


def chance(p: float | None, stderr: float | None = None, lang: str = "en", *, mark_exact: bool = False) -> str:
    """A win chance (or a loss of one) in a table: ``"39.0%"``; an estimate ``"39.0% ±4.9"`` (one
    standard error, in points; French ``"39,0 % ± 4,9"``); ``"—"`` for none; ``mark_exact`` adds
    ``" exact"`` to a value without error. Unlike :func:`percent` it keeps the sign and the ends: a
    loss may be negative noise."""
    if p is None:
        return "—"
    fr = check_lang(lang) == "fr"
    text = _pct(f"{100 * p:.1f}%", lang)
    if stderr is not None:
        error = f"{100 * stderr:.1f}"
        text += f" ±{NBSP}{error.replace('.', ',')}" if fr else f" ±{error}"
    elif mark_exact:
        text += " exact"
    return text


def estimate(p: float, stderr: float, lang: str = "en") -> str:
    """A Monte Carlo estimate with its standard error: ``"37.5% ± 0.4%"`` (``"37,5 % ± 0,4 %"``)."""
    sep = f" ±{NBSP}" if check_lang(lang) == "fr" else " ± "
    return f"{percent(p, lang)}{sep}{percent(stderr, lang)}"



__all__ = [
    "LANGS", "LANG_ENV", "NBSP", "Phrases", "WordsError", "chance", "check_lang", "default_lang", "estimate",
    "fraction", "fraction_percent", "number", "percent", "typeset", "typeset_fr",
]  # fmt: skip
