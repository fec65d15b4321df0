"""Fuzzing the inputs: the CLI, the notation and the JSON reader never crash on any input.

A seeded mutation loop turns the curated positions (JSON and notation) into broken inputs (byte
flips, cuts, splices, wrong types, huge numbers, deep nesting, non-ASCII digits, control
characters, bad UTF-8, BOMs) and checks that:

- the CLI answers every one with exit 0, 1 or 2 and, on exit 2, one bounded line on stderr: never
  exit 3 (an internal error) nor a traceback;
- the readers return a position or raise a documented :class:`SchottenError`, nothing else, and
  ``status()`` of what they return never raises.

Hypothesis adds arbitrary text and JSON values. The CI run is small (about 30 s); set
``SCHOTTEN_FUZZ=N`` to multiply every case count by N (``SCHOTTEN_FUZZ=20`` is the long run).
"""

from __future__ import annotations

import io
import json
import os
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schotten_lab import cli
from schotten_lab.core import Position, SchottenError
from schotten_lab.core.notation import from_notation
from schotten_lab.core.position_json import position_from_dict, position_from_json

ROOT = Path(__file__).resolve().parent.parent
SEEDS = sorted((ROOT / "data" / "positions").glob("*.json"))
SCALE = int(os.environ.get("SCHOTTEN_FUZZ", "1"))
MAX_STDERR = 1_000

WEIRD_VALUES: list[Any] = [
    None, True, -1, 0, 10**40, 1.5, float("inf"), "", "R8" * 500, "\x1b[31mred", "٣", "²", "R\u0668",
    [], {}, [[[]]], ["R8"] * 70, {"south": None}, "JOKER=R8", "SPY=R8", "[JOKER]", "\ud800", "\x00",
]  # fmt: skip
WEIRD_TEXTS = [
    "\ufeff", "\x00", "\x1b[2J", "²", "٣", "\u202e", "\r", "\n", "[", "]", "{", "}", "\"", "\\", "/", "-",
    "?", "*", "@", "+mud", "+blind", "[JOKER]", "[SPY=B7]", "x", "d", "t", "p1:1", "9" * 50, "tactics",
    "expert", " ", "\t",
]  # fmt: skip


def _notations() -> list[str]:
    return [Position.from_json(p.read_text(encoding="utf-8")).notation for p in SEEDS]


def _documents() -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in SEEDS]


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path (keys and indices) into a JSON value."""
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*prefix, i))


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[head] = _replace(doc[head], tuple(rest), value)
    return copy


def mutate_text(text: str, rng: random.Random) -> str:
    """One to three random edits of a string: cut, duplicate, insert a weird piece, swap characters."""
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randint(0, 12))
        kind = rng.randrange(5)
        if kind == 0:
            text = text[:i] + text[j:]
        elif kind == 1:
            text = text[:i] + text[i:j] * rng.randint(2, 40) + text[j:]
        elif kind == 2:
            text = text[:i] + rng.choice(WEIRD_TEXTS) + text[i:]
        elif kind == 3 and text:
            k = rng.randrange(len(text))
            text = text[:k] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)])) + text[k + 1 :]
        else:
            text = text[:i] + text[j : j + (j - i)] + text[i:j] + text[j + (j - i) :]
    return text


def mutate_document(doc: dict[str, Any], rng: random.Random) -> Any:
    """A document with one field replaced by a weird value, a field added or removed, or deep nesting."""
    kind = rng.randrange(4)
    paths = list(_paths(doc))
    if kind == 0:
        return _replace(doc, rng.choice(paths), rng.choice(WEIRD_VALUES))
    if kind == 1:
        path = rng.choice([p for p in paths if p])
        parent = _replace(doc, (), doc)
        target = parent
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, dict):
            target = {k: v for k, v in target.items() if k != path[-1]}
        return _replace(doc, path[:-1], target) if path[:-1] else target
    if kind == 2:
        depth = rng.choice([50, 500, 5_000, 50_000])
        return _replace(doc, rng.choice(paths), "DEEP" + str(depth))
    return _replace(doc, rng.choice(paths), rng.choice([10**4000, -(10**50), 2**64]))


def _serialize(doc: Any) -> str:
    text = json.dumps(doc)
    for depth in (50, 500, 5_000, 50_000):
        text = text.replace(f'"DEEP{depth}"', "[" * depth + "]" * depth)
    return text


def run_cli(argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """The CLI in-process with a binary stdin; (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    try:
        code = cli.main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def check_cli_answer(code: int, err: str, what: str) -> None:
    assert code in (0, 1, 2), f"exit {code} for {what}: {err[:300]}"
    assert "Traceback" not in err, what
    if code == 2:
        assert err.count("\n") == 1 and len(err) <= MAX_STDERR, f"{what}: {err[:300]!r}"


def check_reader(read: Callable[[], Position], what: str) -> str:
    """``read()`` gives a position (whose status() works) or a documented error; which one."""
    try:
        position = read()
    except SchottenError as exc:
        assert len(str(exc)) <= 3_000, f"{what}: message of {len(str(exc))} characters"
        return "error"
    position.status()
    return "read"


def test_mutated_json_documents_through_the_cli_and_the_reader(tmp_path: Path) -> None:
    rng = random.Random(7)
    docs = _documents()
    counts = {"read": 0, "error": 0}
    cases = 250 * SCALE
    for case in range(cases):
        doc = rng.choice(docs)
        text = _serialize(mutate_document(doc, rng)) if rng.random() < 0.6 else mutate_text(json.dumps(doc), rng)
        counts[check_reader(lambda: position_from_json(text), f"case {case}")] += 1
        data = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.1:
            data = b"\xef\xbb\xbf" + data
        if rng.random() < 0.1:
            k = rng.randrange(len(data))
            data = data[:k] + bytes([rng.randrange(0x80, 0x100)]) + data[k + 1 :]
        path = tmp_path / "case.json"
        path.write_bytes(data)
        code, _, err = run_cli(["notation", str(path)])
        check_cli_answer(code, err, f"case {case}: notation FILE")
        code, _, err = run_cli(["claim", "-", "--stone", str(rng.randint(1, 9)), "--player", "south"], data)
        check_cli_answer(code, err, f"case {case}: claim -")
    assert counts["error"] > cases // 4  # the mutations do break documents
    print(f"fuzzed {cases} JSON documents x 3 (reader, notation FILE, claim -): {counts}")


def test_mutated_notations_through_the_cli_and_the_reader() -> None:
    rng = random.Random(11)
    seeds = _notations()
    counts = {"read": 0, "error": 0}
    cases = 600 * SCALE
    for case in range(cases):
        text = mutate_text(rng.choice(seeds), rng)
        counts[check_reader(lambda: from_notation(text), f"notation case {case}")] += 1
        if "\x00" in text or "\ud800" in text:
            continue  # not passable as a command-line argument
        code, _, err = run_cli(["notation", "--notation", text])
        check_cli_answer(code, err, f"notation case {case}: {text[:80]!r}")
    assert counts["error"] > cases // 4
    print(f"fuzzed {cases} notations x 2 (reader, CLI): {counts}")


def test_mutated_batches_never_abort() -> None:
    """JSON Lines batches of mutated lines: one output line per input line, in order, never exit 3."""
    rng = random.Random(13)
    lines = [json.dumps(d) for d in _documents()[:6]]
    batches = 6 * SCALE
    total = 0
    for _ in range(batches):
        chosen = [rng.choice(lines) for _ in range(8)]
        chosen = [mutate_text(t, rng) if rng.random() < 0.7 else t for t in chosen]
        raw = [t.replace("\n", " ").encode("utf-8", "surrogatepass") for t in chosen]
        raw = [r if r.strip() else b"{}" for r in raw]
        code, out, err = run_cli(["analyze", "-"], b"\n".join(raw) + b"\n")
        assert code in (0, 1), err
        numbers = [json.loads(line)["line"] for line in out.splitlines()]
        assert numbers == list(range(1, len(raw) + 1))
        total += len(raw)
    print(f"fuzzed {batches} batches, {total} lines")


@settings(max_examples=300 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_any_text_is_a_notation_or_a_notation_error(text: str) -> None:
    check_reader(lambda: from_notation(text), repr(text))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=30,
)
FIELDS = ["format", "variant", "expert", "to_move", "stones", "hands", "hand_sizes", "deck", "discard", "tactics_played"]


@settings(max_examples=300 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_json_value_is_a_position_or_a_format_error(data: st.DataObject) -> None:
    doc = dict(data.draw(st.sampled_from(_documents())))
    for field in data.draw(st.lists(st.sampled_from(FIELDS), max_size=3)):
        doc[field] = data.draw(JSON_VALUES)
    check_reader(lambda: position_from_dict(doc), repr(doc)[:200])


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "--notation", "-/-/-/-/-/-/-/-/- ?² ?6 s"],
        ["analyze", "--notation", "-/-/-/-/-/-/-/-/- ?6 ?6 s d" + "9" * 5000],
        ["claim", "--notation", "[JOKER][JOKER][JOKER]-/-/-/-/-/-/-/-/- ?7 ?7 s d40 tactics t7 p0:0", "-s", "1", "-p", "s"],
        ["analyze", "--notation", "R8" * 3_000_000],
        ["claim", "--stone", "٣", "--player", "south", "--notation", "-/-/-/-/-/-/-/-/- ?6 ?6 s"],
        ["claim", "--stone", "9" * 5000, "--player", "south", "--notation", "-/-/-/-/-/-/-/-/- ?6 ?6 s"],
        ["claim", "--stone", "1", "--player", "\x1b[31m" * 1000, "--notation", "-/-/-/-/-/-/-/-/- ?6 ?6 s"],
        ["analyze", "--viewer", "west", "--notation", "-/-/-/-/-/-/-/-/- ?6 ?6 s"],
    ],
)
def test_known_bad_command_lines_exit_2_with_one_bounded_line(argv: list[str]) -> None:
    code, _, err = run_cli(argv)
    assert code == 2
    check_cli_answer(code, err, repr(argv)[:100])
