"""The classroom server: Solara's Starlette app behind :class:`Gate` (token, cap, idle sessions), run
by uvicorn. ``python -m schotten_lab.views.classroom --help`` (or ``bash scripts/classroom.sh``).

Solara reads its settings from the environment when it is first imported, so :func:`configure` sets
them before :func:`build_app` imports it: production mode, no telemetry, no banner, the front end
from the ``solara-assets`` copy (no CDN), closed tabs' sessions dropped after a minute.
"""

from __future__ import annotations

import asyncio
import gzip
import html
import json
import os
import socket
import sys
import threading
import time
import warnings
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from pathlib import Path
from typing import Any

from ...core.errors import UsageError
from ...core.words import say
from .settings import (
    TOKEN_COOKIE,
    ClassroomSettings,
    Seats,
    duration,
    idle_sessions,
    is_page,
    kernel_id_of,
    parse_settings,
    request_token,
    token_matches,
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PLOTLY_PATH = "/_classroom/plotly-widget.js"
"""Where the server hands out plotly's widget code once per browser (see :func:`share_plotly_code`)."""
CLOSED_TAB_SECONDS = 60
"""A session whose page was left without closing (a lost connection) is dropped after this long."""


def configure(settings: ClassroomSettings) -> None:
    """Solara's settings (environment variables read when Solara is imported) for the classroom."""
    os.environ["SOLARA_APP"] = "schotten_lab.views.classroom.pages"
    os.environ["SOLARA_MODE"] = "production"
    os.environ["SOLARA_TELEMETRY_MIXPANEL_ENABLE"] = "false"
    os.environ["SOLARA_THEME_SHOW_BANNER"] = "false"
    os.environ["SOLARA_THEME_TITLE"] = say("classroom_title", settings.lang)
    os.environ["SOLARA_KERNEL_CULL_TIMEOUT"] = f"{min(CLOSED_TAB_SECONDS, int(settings.idle_seconds))}s"
    os.environ["SOLARA_ASSETS_PROXY"] = "true"  # served from solara-assets' copy in the environment
    os.environ["SOLARA_CLASSROOM_IDLE"] = str(settings.idle_seconds)
    os.environ["SOLARA_CLASSROOM_LANG"] = settings.lang


def page(title: str, sentence: str, status: int) -> tuple[int, bytes]:
    """A small HTML page saying one sentence (the full class, a missing token)."""
    body = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head>"
            f"<body style='font-family:sans-serif;margin:3em'><h1>{html.escape(title)}</h1>"
            f"<p class='sl-classroom-message' data-status='{status}'>{html.escape(sentence)}</p></body></html>")
    return status, body.encode("utf-8")


async def respond(send: Send, status: int, body: bytes, content_type: bytes = b"text/html; charset=utf-8",
                  headers: list[tuple[bytes, bytes]] | None = None) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", content_type), (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class Gate:
    """In front of Solara's app, on every request and websocket: the token (from ``?token=``, then a
    cookie the gate sets), the cap on sessions (:class:`Seats`), the idle clock of each session (its
    browser's last message), and plotly's widget code (:data:`PLOTLY_PATH`).

    ``contexts`` maps a session's id to its Solara kernel context (``solara.server.kernel_context.contexts``).
    ``trace``: a file where each session's websocket messages are written when it ends, one JSON line
    ``{"kernel": id, "events": [[time, "open" | "recv" | "send", bytes], ...]}`` (times of ``clock``,
    the machine's monotonic clock): how benchmarks/classroom.py tells the server's share of a page
    and of an edit from the browser's (``$CLASSROOM_TRACE``; off by default).
    """

    def __init__(self, app: ASGIApp, settings: ClassroomSettings, contexts: Mapping[str, Any],
                 *, plotly_code: bytes = b"", clock: Callable[[], float] = time.monotonic,
                 trace: Path | None = None) -> None:
        self.app = app
        self.settings = settings
        self.contexts = contexts
        self.seats = Seats(settings.max_sessions)
        self.last_seen: dict[str, float] = {}
        self.retired: set[str] = set()  # closed for idleness: no seat, only the sentence saying so
        self.clock = clock
        self._lock = threading.Lock()
        self._plotly_gzip = gzip.compress(plotly_code, 6) if plotly_code else b""
        self.trace = trace

    def live(self) -> int:
        """Sessions open now."""
        return sum(1 for k, c in list(self.contexts.items()) if not c.closed_event.is_set() and k not in self.retired)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        cookie = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"cookie"), None)
        given, from_address = request_token(scope.get("query_string", b""), cookie)
        lang = self.settings.lang
        if not token_matches(given, self.settings.token):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
            else:
                await respond(send, *page(say("classroom_title", lang), say("classroom_no_token", lang), 403))
            return
        path = scope["path"]
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send, path)
            return
        if path == PLOTLY_PATH and self._plotly_gzip:
            await respond(send, 200, self._plotly_gzip, b"text/javascript; charset=utf-8",
                          [(b"content-encoding", b"gzip"), (b"access-control-allow-origin", b"*")])
            return
        if is_page(path) and scope.get("method") == "GET":
            with self._lock:
                free = self.seats.reserve(self.live(), self.clock())
            if not free:
                cap = self.settings.max_sessions
                await respond(send, *page(say("classroom_title", lang), say("classroom_full", lang, cap=cap), 503))
                return
        if from_address:
            send = self._with_cookie(send)
        await self.app(scope, receive, send)

    def _with_cookie(self, send: Send) -> Send:
        cookie = f"{TOKEN_COOKIE}={self.settings.token}; Path=/; HttpOnly; SameSite=Lax".encode()

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message, headers=[*message.get("headers", []), (b"set-cookie", cookie)])
            await send(message)

        return send_with_cookie

    async def _websocket(self, scope: Scope, receive: Receive, send: Send, path: str) -> None:
        kernel_id = kernel_id_of(path)
        if kernel_id is None:
            await self.app(scope, receive, send)
            return
        with self._lock:
            known = kernel_id in self.contexts
            if not known:
                if not self.seats.may_connect(self.live(), self.clock()):
                    await send({"type": "websocket.close", "code": 1013})  # try again later
                    return
                self.seats.connected(self.clock())
            if kernel_id not in self.retired:
                self.last_seen[kernel_id] = self.clock()

        events: list[tuple[float, str, int]] = [(self.clock(), "open", 0)]

        async def receive_and_note() -> Message:
            message = await receive()
            if message["type"] == "websocket.receive":
                if kernel_id not in self.retired:
                    self.last_seen[kernel_id] = self.clock()
                if self.trace is not None:
                    events.append((self.clock(), "recv", _size(message)))
            return message

        async def send_and_note(message: Message) -> None:
            await send(message)
            if message["type"] == "websocket.send":
                events.append((self.clock(), "send", _size(message)))

        try:
            await self.app(scope, receive_and_note, send if self.trace is None else send_and_note)
        finally:
            if self.trace is not None:
                line = json.dumps({"kernel": kernel_id, "events": events}) + "\n"
                with self._lock, self.trace.open("a", encoding="utf-8") as out:
                    out.write(line)

    def idle(self) -> list[str]:
        """The sessions idle for the settings' time (forgotten ones are dropped from the clock)."""
        for kernel_id in [k for k in self.last_seen if k not in self.contexts]:
            self.last_seen.pop(kernel_id, None)
        self.retired &= set(self.contexts)
        return idle_sessions(self.last_seen, self.clock(), self.settings.idle_seconds)


def _size(message: Message) -> int:
    """The bytes of a websocket message's payload (text or binary)."""
    payload = message.get("text") or message.get("bytes") or b""
    return len(payload.encode() if isinstance(payload, str) else payload)


def close_idle(gate: Gate, notify: Callable[[str], None]) -> list[str]:
    """Close the idle sessions: each page's app is replaced by a sentence saying why (``notify``,
    run inside the session) and its widgets closed; the seat is freed at once. The small session
    left (the sentence) ends when its tab is closed or its connection lost."""
    closed = gate.idle()
    for kernel_id in closed:
        gate.last_seen.pop(kernel_id, None)
        gate.retired.add(kernel_id)
        context = gate.contexts.get(kernel_id)
        if context is None:
            continue
        try:
            with context:
                notify(kernel_id)
        except Exception:  # noqa: BLE001 - a page that cannot be told is closed all the same
            context.close(reason="idle")
    return closed


def start_idle_watch(gate: Gate, notify: Callable[[str], None]) -> threading.Thread:
    """A daemon thread closing idle sessions, checking a few times per idle period."""
    period = max(0.5, min(30.0, gate.settings.idle_seconds / 4))

    def watch() -> None:
        while True:
            time.sleep(period)
            close_idle(gate, notify)

    thread = threading.Thread(target=watch, name="classroom-idle", daemon=True)
    thread.start()
    return thread


def share_plotly_code(settings: ClassroomSettings) -> bytes:
    """Have every plotly FigureWidget load its JavaScript from :data:`PLOTLY_PATH` (once per browser,
    cached) instead of carrying the 5 MB bundle in its state (three times per editor page); the
    code served there."""
    import plotly.basewidget as basewidget

    code = (Path(basewidget.__file__).parent / "package_data" / "widgetbundle.js").read_bytes()
    version = str(len(code))
    url = f"http://{settings.public_host}:{settings.port}{PLOTLY_PATH}?v={version}&token={settings.token}"
    basewidget.BaseFigureWidget._esm = url
    return code


def build_app(settings: ClassroomSettings) -> Gate:
    """Solara's app for the classroom pages behind the gate."""
    configure(settings)
    # plain http on a local network: Solara falls back to SameSite=Lax cookies, and says so per page
    warnings.filterwarnings("ignore", message="Cookies with samesite=none require https")
    import solara.server.kernel_context as kernel_context
    import solara.server.starlette as solara_starlette

    from . import pages

    trace = os.environ.get("CLASSROOM_TRACE")
    gate = Gate(solara_starlette.app, settings, kernel_context.contexts, plotly_code=share_plotly_code(settings),
                trace=Path(trace) if trace else None)
    start_idle_watch(gate, pages.notify_idle)
    if settings.bot_workers:
        from ..play import thinking

        try:  # the advisor's searches in processes of their own, each bounded by its reply's deadline
            thinking.start_pool(settings.bot_workers, trace=Path(f"{trace}.searches") if trace else None)
        except (OSError, RuntimeError, TimeoutError) as exc:  # the searches then run in this process, as in Voilà
            print(f"classroom: the bot workers could not start ({type(exc).__name__}: {exc}); "
                  "the advisor searches in the server's process", file=sys.stderr)
    try:
        pages.warm_up()  # before the server answers: the first student's page costs what the others' do
    except Exception as exc:  # noqa: BLE001 - a server that could not warm up still serves, only slower
        print(f"classroom: warm-up skipped ({type(exc).__name__}: {exc})", file=sys.stderr)
    return gate


def lan_address() -> str:
    """This machine's address on the room's network (no packet sent), else its host name."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def port_free(host: str, port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def announce(settings: ClassroomSettings, out: Any = sys.stdout) -> None:
    """What the teacher sees: the address with its token on one line (first), the limits, and with
    ``--network`` a warning, the token alone and a QR code of the address."""
    lang = settings.lang
    print(say("classroom_started", lang, app=say("classroom_editor", lang), address=settings.address("editor")), file=out)
    print(say("classroom_started", lang, app=say("classroom_play", lang), address=settings.address("play")), file=out)
    print(say("classroom_limits", lang, cap=settings.max_sessions, duration=duration(settings.idle_seconds, lang)), file=out)
    if settings.network:
        print(say("classroom_network_warning", lang), file=out)
        print(f"    {settings.address('editor')}", file=out)
        print(say("classroom_token_line", lang, token=settings.token), file=out)
        try:
            import segno
        except ImportError:
            pass
        else:
            segno.make(settings.address("editor"), error="m").terminal(out=out, compact=True)
    out.flush()


def main(argv: list[str] | None = None) -> int:
    """Start the classroom server (blocks until Ctrl-C); 2 for a bad argument, in one sentence."""
    try:
        settings = parse_settings(sys.argv[1:] if argv is None else argv, os.environ,
                                  public_host=lan_address() if "--network" in (argv or sys.argv) else None)
        if not port_free(settings.bind, settings.port):
            raise UsageError(f"--port: {settings.port} is already in use on {settings.bind}; choose another with PORT=...")
        import uvicorn
    except UsageError as exc:
        print(f"classroom: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:
        print(f"classroom: {exc.name} is missing: install the classroom extra (bash scripts/setup.sh)", file=sys.stderr)
        return 2
    announce(settings)  # at once: the pages answer a few seconds later, once the imports are done
    app = build_app(settings)
    config = uvicorn.Config(app, host=settings.bind, port=settings.port, log_level="warning", lifespan="on")
    try:
        asyncio.run(uvicorn.Server(config).serve())
    except KeyboardInterrupt:
        pass
    finally:
        from ..play import thinking

        thinking.stop_pool()
    return 0


__all__ = ["Gate", "PLOTLY_PATH", "announce", "build_app", "close_idle", "configure", "main", "page"]
