"""The classroom server's settings and the pure decisions it makes (no server imported here, so the
unit tests and the command line read them without Solara).

Settings come from the command line, else the environment, else the defaults below; every bad value
is refused in one sentence naming the option (:class:`~schotten_lab.core.errors.UsageError`).
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from ...core.errors import UsageError, excerpt
from .words import WORDS  # noqa: F401 - registers the classroom's phrases

DEFAULT_PORT = 8870
"""The port when neither ``--port`` nor ``$PORT`` gives one (Voilà's apps use 8866)."""
DEFAULT_IDLE_SECONDS = 1200
"""A session without a click or key for this long (20 minutes) is closed, its seat freed."""
DEFAULT_MAX_SESSIONS = 40
"""Sessions served at once (a class of 30 and a few spare tabs); further visitors get the full page."""
MAX_SESSIONS_LIMIT = 500
"""The largest cap accepted (each session holds about 10–20 MB of widgets)."""
RESERVATION_SECONDS = 60.0
"""A page served holds a seat this long while its browser connects (so a rush cannot pass the cap)."""
TOKEN_COOKIE = "schotten_classroom_token"
"""The cookie that carries the token after the first page (the address has it only once)."""
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_.~-]{8,128}")
"""A token the teacher may choose: 8 to 128 characters that need no escaping in an address."""
LOOPBACK = "127.0.0.1"
NETWORK = "0.0.0.0"
DEFAULT_BOT_WORKERS = max(1, min(2, os.cpu_count() or 1))
"""Processes for the play pages' advisor searches (:mod:`schotten_lab.views.play.thinking`): the
machine's cores, at most 2 (the server keeps its own process for the pages and edits)."""
MAX_BOT_WORKERS = 16
APPS = ("editor", "play")
"""The pages: ``/editor`` (the board editor) and ``/play`` (a game against a bot); ``/`` is the editor."""


@dataclass(frozen=True, slots=True)
class ClassroomSettings:
    """What the teacher chose: ``token``, ``port``, ``network`` (serve the room's network, not only
    this machine), ``idle_seconds``, ``max_sessions``, ``lang`` (the server's own pages),
    ``public_host`` (the host name printed in the address; the machine's address on the network) and
    ``bot_workers`` (processes for the advisor's searches; 0: in the server's own process)."""

    token: str
    port: int = DEFAULT_PORT
    network: bool = False
    idle_seconds: float = DEFAULT_IDLE_SECONDS
    max_sessions: int = DEFAULT_MAX_SESSIONS
    lang: str = "en"
    public_host: str = LOOPBACK
    bot_workers: int = DEFAULT_BOT_WORKERS

    @property
    def bind(self) -> str:
        """The address the server listens on: this machine only unless the network was asked for."""
        return NETWORK if self.network else LOOPBACK

    def address(self, app: str = "editor") -> str:
        """The address to give the students, token included."""
        return f"http://{self.public_host}:{self.port}/{app}?token={self.token}"


def new_token() -> str:
    """A fresh random token (16 characters, about 96 bits)."""
    return secrets.token_urlsafe(12)


def check_token_choice(token: str, field: str = "CLASSROOM_TOKEN") -> str:
    """``token`` if the teacher may use it; an empty or odd one is refused in one sentence."""
    if token == "":
        raise UsageError(f"{field} is set but empty; refusing to run a server without a token")
    if not TOKEN_PATTERN.fullmatch(token):
        raise UsageError(f"{field}: {excerpt(token)} is not a token: use 8 to 128 letters, digits or '_-.~'")
    return token


def _int(text: str, field: str, low: int, high: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise UsageError(f"{field}: {excerpt(text)} is not a whole number") from None
    if not low <= value <= high:
        raise UsageError(f"{field}: {value} is outside {low}..{high}")
    return value


def _seconds(text: str, field: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise UsageError(f"{field}: {excerpt(text)} is not a number of seconds") from None
    if not 1 <= value <= 7 * 24 * 3600:
        raise UsageError(f"{field}: {text.strip()} is outside 1..604800 seconds")
    return value


USAGE = ("usage: python -m schotten_lab.views.classroom [--network] [--port PORT] [--max-sessions N] "
         "[--idle SECONDS] [--lang en|fr] [--bot-workers N]")


def parse_settings(argv: Sequence[str], env: Mapping[str, str], *, public_host: str | None = None) -> ClassroomSettings:
    """Settings from the command line ``argv`` and the environment ``env`` (``PORT``,
    ``CLASSROOM_TOKEN``, ``CLASSROOM_MAX_SESSIONS``, ``CLASSROOM_IDLE``, ``CLASSROOM_LANG``,
    ``CLASSROOM_BOT_WORKERS``: 0 searches in the server's own process); the
    command line wins. ``public_host`` is the host printed with ``--network`` (found by the server)."""
    options: dict[str, str] = {}
    network = False
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--network":
            network = True
        elif arg in ("--port", "--max-sessions", "--idle", "--lang", "--bot-workers"):
            if not args:
                raise UsageError(f"{arg} needs a value ({USAGE})")
            options[arg] = args.pop(0)
        elif arg in ("-h", "--help"):
            raise UsageError(USAGE)
        else:
            raise UsageError(f"unknown argument {excerpt(arg)} ({USAGE})")
    port = _int(options.get("--port", env.get("PORT", str(DEFAULT_PORT))), "--port" if "--port" in options else "PORT",
                1, 65535)
    max_sessions = _int(options.get("--max-sessions", env.get("CLASSROOM_MAX_SESSIONS", str(DEFAULT_MAX_SESSIONS))),
                        "--max-sessions", 1, MAX_SESSIONS_LIMIT)
    idle = _seconds(options.get("--idle", env.get("CLASSROOM_IDLE", str(DEFAULT_IDLE_SECONDS))), "--idle")
    lang = options.get("--lang", env.get("CLASSROOM_LANG", "en")).strip()
    if lang not in ("en", "fr"):
        raise UsageError(f"--lang: {excerpt(lang)} is not 'en' or 'fr'")
    bot_workers = _int(options.get("--bot-workers", env.get("CLASSROOM_BOT_WORKERS", str(DEFAULT_BOT_WORKERS))),
                       "--bot-workers", 0, MAX_BOT_WORKERS)
    token = check_token_choice(env["CLASSROOM_TOKEN"]) if "CLASSROOM_TOKEN" in env else new_token()
    host = (public_host or LOOPBACK) if network else LOOPBACK
    return ClassroomSettings(token=token, port=port, network=network, idle_seconds=idle, max_sessions=max_sessions,
                             lang=lang, public_host=host, bot_workers=bot_workers)


def token_matches(given: str | None, token: str) -> bool:
    """Whether ``given`` is the token (compared in constant time)."""
    return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


def request_token(query_string: bytes, cookie_header: str | None) -> tuple[str | None, bool]:
    """The token a request carries and whether it came in the address (``?token=``, then the server
    sets the cookie) rather than the cookie."""
    query = parse_qs(query_string.decode("latin-1"), keep_blank_values=True)
    if "token" in query:
        return query["token"][-1], True
    if cookie_header:
        cookie = SimpleCookie()
        try:
            cookie.load(cookie_header)
        except Exception:  # noqa: BLE001 - a malformed cookie header is no token
            return None, False
        if TOKEN_COOKIE in cookie:
            return cookie[TOKEN_COOKIE].value, False
    return None, False


def is_page(path: str) -> bool:
    """Whether ``path`` asks for a page (a new session) rather than the server's files or sockets."""
    return path.rstrip("/") in ("", *(f"/{app}" for app in APPS))


def kernel_id_of(path: str) -> str | None:
    """The session (Solara's virtual kernel) a websocket path belongs to, ``None`` for other paths."""
    match = re.fullmatch(r"/jupyter/api/kernels/([^/]+)/[^/]+", path)
    return match.group(1) if match else None


class Seats:
    """The cap on sessions: ``live`` sessions plus pages served in the last
    :data:`RESERVATION_SECONDS` whose browser has not connected yet; pure (the clock is passed in)."""

    def __init__(self, cap: int, reservation: float = RESERVATION_SECONDS) -> None:
        self.cap = cap
        self.reservation = reservation
        self._pending: list[float] = []

    def _expire(self, now: float) -> None:
        self._pending = [t for t in self._pending if now - t < self.reservation]

    def taken(self, live: int, now: float) -> int:
        """Seats in use: ``live`` sessions and the pending reservations."""
        self._expire(now)
        return live + len(self._pending)

    def reserve(self, live: int, now: float) -> bool:
        """Hold a seat for a page about to be served; False when the class is full."""
        if self.taken(live, now) >= self.cap:
            return False
        self._pending.append(now)
        return True

    def connected(self, now: float) -> None:
        """A browser connected its session: its reservation becomes a live session."""
        self._expire(now)
        if self._pending:
            self._pending.pop(0)

    def may_connect(self, live: int, now: float) -> bool:
        """Whether a session may start (a websocket without a served page counts too)."""
        self._expire(now)
        return live + max(len(self._pending) - 1, 0) < self.cap


def duration(seconds: float, lang: str = "en") -> str:
    """``seconds`` in words: whole minutes from a minute on ("20 minutes"), else seconds ("15 seconds")."""
    from ...core.words import say

    if seconds >= 60:
        return say("classroom_minutes", lang, count=f"{seconds / 60:.3g}")
    return say("classroom_seconds", lang, count=f"{seconds:.3g}")


def idle_sessions(last_seen: Mapping[str, float], now: float, idle_seconds: float) -> list[str]:
    """The sessions whose last message from the browser is ``idle_seconds`` old or older."""
    return sorted(k for k, t in last_seen.items() if now - t >= idle_seconds)


__all__ = ["APPS", "ClassroomSettings", "DEFAULT_IDLE_SECONDS", "DEFAULT_MAX_SESSIONS", "DEFAULT_PORT", "Seats",
           "TOKEN_COOKIE", "check_token_choice", "duration", "idle_sessions", "is_page", "kernel_id_of", "new_token",
           "parse_settings", "request_token", "token_matches"]
