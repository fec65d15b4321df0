"""The classroom server's pure parts (schotten_lab/views/classroom/settings.py) and its gate, driven as
an ASGI app without a network: settings refused in one sentence, the token on every request and
websocket, the cap on seats, the idle rule. The real pages in Chromium: tests/browser/test_browser_classroom.py."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest

pytest.importorskip("solara", reason="the classroom extra (scripts/classroom.sh installs it into .venv-classroom)")

from schotten_lab.core.errors import UsageError
from schotten_lab.core.words import say
from schotten_lab.views.classroom.settings import (
    DEFAULT_IDLE_SECONDS,
    DEFAULT_MAX_SESSIONS,
    DEFAULT_PORT,
    TOKEN_COOKIE,
    Seats,
    check_token_choice,
    duration,
    idle_sessions,
    is_page,
    kernel_id_of,
    new_token,
    parse_settings,
    request_token,
    token_matches,
)

TOKEN = "sesame-token-1"


def test_defaults_are_safe() -> None:
    settings = parse_settings([], {})
    assert settings.bind == "127.0.0.1" and not settings.network
    assert settings.port == DEFAULT_PORT and settings.max_sessions == DEFAULT_MAX_SESSIONS
    assert settings.idle_seconds == DEFAULT_IDLE_SECONDS
    assert len(settings.token) >= 16 and settings.token != parse_settings([], {}).token  # random each time
    assert settings.address() == f"http://127.0.0.1:{DEFAULT_PORT}/editor?token={settings.token}"


def test_the_environment_and_the_command_line() -> None:
    env = {"PORT": "9001", "CLASSROOM_TOKEN": TOKEN, "CLASSROOM_MAX_SESSIONS": "12", "CLASSROOM_IDLE": "30"}
    settings = parse_settings([], env)
    assert (settings.port, settings.token, settings.max_sessions, settings.idle_seconds) == (9001, TOKEN, 12, 30.0)
    settings = parse_settings(["--port", "9002", "--max-sessions", "3", "--idle", "5", "--lang", "fr"], env)
    assert (settings.port, settings.max_sessions, settings.idle_seconds, settings.lang) == (9002, 3, 5.0, "fr")


def test_the_bot_workers() -> None:
    assert 1 <= parse_settings([], {}).bot_workers <= 2
    assert parse_settings([], {"CLASSROOM_BOT_WORKERS": "0"}).bot_workers == 0  # in the server's process
    assert parse_settings(["--bot-workers", "3"], {"CLASSROOM_BOT_WORKERS": "0"}).bot_workers == 3


def test_the_network_only_when_asked() -> None:
    assert parse_settings([], {}, public_host="10.0.0.7").public_host == "127.0.0.1"
    settings = parse_settings(["--network"], {"CLASSROOM_TOKEN": TOKEN}, public_host="10.0.0.7")
    assert settings.bind == "0.0.0.0" and settings.address("play") == f"http://10.0.0.7:{DEFAULT_PORT}/play?token={TOKEN}"


@pytest.mark.parametrize(("argv", "env", "field"), [
    ([], {"CLASSROOM_TOKEN": ""}, "CLASSROOM_TOKEN is set but empty"),
    ([], {"CLASSROOM_TOKEN": "short"}, "CLASSROOM_TOKEN: 'short' is not a token"),
    ([], {"CLASSROOM_TOKEN": "with space inside"}, "CLASSROOM_TOKEN"),
    ([], {"PORT": "http"}, "PORT: 'http' is not a whole number"),
    (["--port", "70000"], {}, "--port: 70000 is outside 1..65535"),
    (["--max-sessions", "0"], {}, "--max-sessions: 0 is outside"),
    (["--max-sessions", "9" * 5000], {}, "--max-sessions"),
    (["--idle", "soon"], {}, "--idle: 'soon' is not a number of seconds"),
    (["--idle", "0"], {}, "--idle: 0 is outside"),
    (["--lang", "de"], {}, "--lang: 'de' is not 'en' or 'fr'"),
    (["--bot-workers", "17"], {}, "--bot-workers: 17 is outside 0..16"),
    ([], {"CLASSROOM_BOT_WORKERS": "many"}, "--bot-workers: 'many' is not a whole number"),
    (["--port"], {}, "--port needs a value"),
    (["/etc/passwd"], {}, "unknown argument '/etc/passwd'"),
])
def test_bad_settings_are_one_bounded_sentence(argv: list[str], env: dict[str, str], field: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_settings(argv, env)
    message = str(caught.value)
    assert message.startswith(field) and "\n" not in message and len(message) < 220


def test_tokens() -> None:
    assert check_token_choice(TOKEN) == TOKEN
    token = new_token()
    assert check_token_choice(token) == token  # a generated one is always acceptable
    assert token_matches(TOKEN, TOKEN)
    assert not token_matches(None, TOKEN) and not token_matches("", TOKEN) and not token_matches(TOKEN + "x", TOKEN)
    assert not token_matches("sésame", TOKEN)  # not ASCII: refused, never an error


def test_the_token_comes_from_the_address_then_the_cookie() -> None:
    assert request_token(b"position=x&token=abc", None) == ("abc", True)
    assert request_token(b"", f"other=1; {TOKEN_COOKIE}=abc") == ("abc", False)
    assert request_token(b"token=new", f"{TOKEN_COOKIE}=old") == ("new", True)
    assert request_token(b"", None) == (None, False)
    assert request_token(b"", 'bad"cookie') == (None, False)


def test_pages_and_sessions_by_path() -> None:
    assert all(is_page(p) for p in ("/", "/editor", "/play", "/editor/"))
    assert not any(is_page(p) for p in ("/static/main.js", "/jupyter/api/kernels/x/channels", "/editorx"))
    assert kernel_id_of("/jupyter/api/kernels/k-1/channels") == "k-1"
    assert kernel_id_of("/jupyter/api/kernels/k-1") is None and kernel_id_of("/editor") is None


def test_seats_hold_the_cap_through_a_rush() -> None:
    seats = Seats(cap=2, reservation=60)
    assert seats.reserve(live=0, now=0) and seats.reserve(live=0, now=1)
    assert not seats.reserve(live=0, now=2)  # two pages served, no browser connected yet: full
    seats.connected(now=3)
    assert seats.taken(live=1, now=3) == 2 and not seats.reserve(live=1, now=3)
    assert seats.reserve(live=1, now=62)  # the unconnected page's reservation ran out
    assert Seats(cap=1).may_connect(live=0, now=0) and not Seats(cap=1).may_connect(live=1, now=0)


def test_idle_sessions() -> None:
    seen = {"a": 0.0, "b": 50.0, "c": 99.0}
    assert idle_sessions(seen, now=100.0, idle_seconds=50) == ["a", "b"]
    assert idle_sessions(seen, now=100.0, idle_seconds=1000) == []


def test_durations_in_both_languages() -> None:
    assert duration(1200) == "20 minutes" and duration(90) == "1.5 minutes" and duration(15) == "15 seconds"
    assert duration(15, "fr") == "15 secondes"
    assert say("classroom_full", "fr", cap=3).startswith("La classe est complète")


# --- the gate, as an ASGI app --------------------------------------------------------------------

class FakeContext:
    def __init__(self) -> None:
        import threading

        self.closed_event = threading.Event()
        self.closed = False
        self.entered = 0

    def __enter__(self) -> FakeContext:
        self.entered += 1
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def close(self, reason: str = "") -> None:
        self.closed = True
        self.closed_event.set()


def gate_with(contexts: dict[str, Any], clock: list[float], **settings: Any) -> Any:
    from schotten_lab.views.classroom.server import Gate
    from schotten_lab.views.classroom.settings import ClassroomSettings

    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.accept"})
            return
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"solara"})

    return Gate(app, ClassroomSettings(token=TOKEN, **settings), contexts, plotly_code=b"export default {}",
                clock=lambda: clock[0])


def call(gate: Any, kind: str, path: str, query: bytes = b"", cookie: str | None = None) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    inbox = [{"type": "websocket.connect"}, {"type": "websocket.receive", "text": "{}"}]

    async def receive() -> dict[str, Any]:
        return inbox.pop(0) if inbox else {"type": "websocket.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(dict(message))

    headers = [(b"cookie", cookie.encode())] if cookie else []
    scope = {"type": kind, "path": path, "query_string": query, "headers": headers, "method": "GET"}
    asyncio.run(gate(scope, receive, send))
    return sent


def status(sent: list[dict[str, Any]]) -> int:
    return int(sent[0]["status"])


def test_the_gate_asks_every_request_for_the_token() -> None:
    gate = gate_with({}, [0.0])
    assert status(call(gate, "http", "/editor")) == 403
    assert status(call(gate, "http", "/static/x.js", b"token=wrong-token")) == 403
    assert call(gate, "websocket", "/jupyter/api/kernels/k/channels")[0] == {"type": "websocket.close", "code": 1008}
    sent = call(gate, "http", "/static/x.js", f"token={TOKEN}".encode())
    assert status(sent) == 200
    assert (b"set-cookie", f"{TOKEN_COOKIE}={TOKEN}; Path=/; HttpOnly; SameSite=Lax".encode()) in sent[0]["headers"]
    assert status(call(gate, "http", "/static/x.js", cookie=f"{TOKEN_COOKIE}={TOKEN}")) == 200
    assert call(gate, "websocket", "/jupyter/api/kernels/k/channels", cookie=f"{TOKEN_COOKIE}={TOKEN}")[0]["type"] == "websocket.accept"
    refused = call(gate, "http", "/editor", b"token=nope")
    assert b"needs the class" in refused[1]["body"] and b"nope" not in refused[1]["body"]


def test_the_gate_serves_the_full_page_beyond_the_cap() -> None:
    contexts: dict[str, Any] = {"a": FakeContext()}
    gate = gate_with(contexts, [0.0], max_sessions=2)
    query = f"token={TOKEN}".encode()
    assert status(call(gate, "http", "/editor", query)) == 200  # a seat reserved for this page
    full = call(gate, "http", "/play", query)
    assert status(full) == 503 and b"The class is full: 2 students" in full[1]["body"]
    assert status(call(gate, "http", "/static/x.js", query)) == 200  # the seated students' files still come
    contexts["a"].close()
    assert status(call(gate, "http", "/play", query)) == 200  # a seat freed
    ws = call(gate, "websocket", "/jupyter/api/kernels/new/channels", query)
    assert ws[0] == {"type": "websocket.accept"}  # the browser of a page served: its seat was held
    seated = gate_with({"a": FakeContext(), "b": FakeContext()}, [0.0], max_sessions=2)
    ws = call(seated, "websocket", "/jupyter/api/kernels/new/channels", query)
    assert ws[0] == {"type": "websocket.close", "code": 1013}  # a session without a seat is refused
    assert call(seated, "websocket", "/jupyter/api/kernels/a/channels", query)[0] == {"type": "websocket.accept"}


def test_the_idle_watch_closes_only_idle_sessions() -> None:
    from schotten_lab.views.classroom.server import close_idle

    contexts: dict[str, Any] = {"old": FakeContext(), "busy": FakeContext()}
    clock = [0.0]
    gate = gate_with(contexts, clock, idle_seconds=100, max_sessions=2)
    query = f"token={TOKEN}".encode()
    call(gate, "websocket", "/jupyter/api/kernels/old/channels", query)
    clock[0] = 90.0
    call(gate, "websocket", "/jupyter/api/kernels/busy/channels", query)
    clock[0] = 120.0
    told: list[str] = []
    assert close_idle(gate, told.append) == ["old"]
    assert told == ["old"] and contexts["old"].entered == 1  # told inside its own session
    assert gate.live() == 1 and status(call(gate, "http", "/editor", query)) == 200  # its seat is free
    assert close_idle(gate, told.append) == []  # told once
    clock[0] = 200.0
    assert close_idle(gate, told.append) == ["busy"]


def test_the_announcement_puts_the_address_first() -> None:
    from schotten_lab.views.classroom.server import announce
    from schotten_lab.views.classroom.settings import ClassroomSettings

    out = io.StringIO()
    announce(ClassroomSettings(token=TOKEN, port=8999), out)
    first = out.getvalue().splitlines()[0]
    assert first == f"Board editor: http://127.0.0.1:8999/editor?token={TOKEN}  (Ctrl-C to stop)"
    assert "Warning" not in out.getvalue()
    out = io.StringIO()
    announce(ClassroomSettings(token=TOKEN, port=8999, network=True, public_host="10.1.2.3"), out)
    text = out.getvalue()
    assert text.splitlines()[0].endswith(f"http://10.1.2.3:8999/editor?token={TOKEN}  (Ctrl-C to stop)")
    assert "Warning: serving the room's network" in text and f"Token: {TOKEN}" in text
    assert "█" in text  # the QR code (segno)


def test_the_editor_page_builds_its_charts_on_demand() -> None:
    """The classroom's editor pages come without their charts (*Show the charts* builds them) unless
    ``CLASSROOM_CHARTS=1``: tests/views/test_editor_widgets.py tests the lazy charts themselves."""
    from schotten_lab.views.classroom import pages
    from schotten_lab.views.editor.panel import LAZY

    assert pages.CHARTS == LAZY


def test_the_trace_notes_each_sessions_messages(tmp_path: Any) -> None:
    """With a trace file (``$CLASSROOM_TRACE``, for benchmarks/classroom.py) the gate writes one line
    per websocket when it ends: its opening, each message received and sent, with its time and size;
    without one, nothing is written."""
    import json

    from schotten_lab.views.classroom.server import Gate
    from schotten_lab.views.classroom.settings import ClassroomSettings

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()  # the connection
        await send({"type": "websocket.accept"})
        clock[0] = 2.0
        await receive()  # a click
        clock[0] = 2.5
        await send({"type": "websocket.send", "text": "é" * 10})
        clock[0] = 3.0
        await send({"type": "websocket.send", "bytes": b"\0" * 7})

    clock = [1.0]
    trace = tmp_path / "trace.jsonl"
    query = f"token={TOKEN}".encode()
    gate = Gate(app, ClassroomSettings(token=TOKEN), {}, clock=lambda: clock[0], trace=trace)
    call(gate, "websocket", "/jupyter/api/kernels/k7/channels", query)
    call(gate, "websocket", "/static/x.js", query)  # not a session's websocket: not traced
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert lines == [{"kernel": "k7", "events": [[1.0, "open", 0], [2.0, "recv", 2], [2.5, "send", 20], [3.0, "send", 7]]}]
    untraced = Gate(app, ClassroomSettings(token=TOKEN), {}, clock=lambda: clock[0])
    clock[0] = 1.0
    call(untraced, "websocket", "/jupyter/api/kernels/k8/channels", query)
    assert trace.read_text().count("\n") == 1


def test_pages_are_built_a_few_at_a_time() -> None:
    """Thirty page builds at once would make every student's edit wait behind them (one GIL)."""
    import threading
    import time

    from schotten_lab.views.classroom import pages

    running, most, lock = [0], [0], threading.Lock()

    def build() -> int:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.02)
        with lock:
            running[0] -= 1
        return 7

    results: list[int] = []
    threads = [threading.Thread(target=lambda: results.append(pages.built_in_turn(build))) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [7] * 12 and most[0] == pages.BUILDS_AT_ONCE == 2


def test_a_build_that_fails_gives_its_turn_back() -> None:
    from schotten_lab.views.classroom import pages

    def broken() -> None:
        raise ValueError("position: not a position")

    for _ in range(pages.BUILDS_AT_ONCE + 1):
        with pytest.raises(ValueError, match="^position"):
            pages.built_in_turn(broken)
    assert pages.built_in_turn(lambda: 3) == 3
