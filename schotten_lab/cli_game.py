"""The whole-game subcommands of ``schotten-lab``: ``replay``, ``bot`` and ``selfplay``.

::

    schotten-lab replay GAME.json [--game K]          # one position@1 per line, after each turn
    schotten-lab bot NAME [--seed S] [--budget SECONDS | --iterations N]   # line protocol (ENGINE.md §3)
    schotten-lab selfplay --south BOT --north BOT --games N --seed S [--variant base|tactics]
                          [--expert] [--jobs J] [--engine auto|python|fast] [--out FILE]
                          [--budget SECONDS | --iterations N]   # the advisor seats' search budget

``cli.build_parser`` registers them with one call to :func:`add_game_commands`. Exit codes as in
``cli``: 0 success, 2 bad input or usage (one line on standard error), 3 internal error.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, TextIO

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def _usage_error(message: str) -> Exception:
    from .core.errors import UsageError

    return UsageError(message)


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


# ---- replay ---------------------------------------------------------------------------------


def _read_game(path: str, index: int | None) -> tuple[Any, str]:
    """The record document in ``path``: a JSON file, or line ``index`` (0-based) of a JSON Lines file."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _usage_error(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _usage_error(f"{path}: cannot read: {_one_line(exc)}") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if index is not None or len(lines) > 1:
        k = index or 0
        if k < 0 or k >= len(lines):
            raise _usage_error(f"{path}: --game {k} is out of range: the file holds {len(lines)} record lines")
        text, where = lines[k], f"{path} (game {k})"
    else:
        where = path
    try:
        return json.loads(text), where
    except (ValueError, RecursionError) as exc:
        # a single record pretty-printed over many lines reads as one document
        if index is None:
            try:
                return json.loads("\n".join(lines)), path
            except (ValueError, RecursionError):
                pass
        raise _usage_error(f"{where}: not JSON: {_one_line(exc)}") from None


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """``replay``: the position after each turn of a game record, one compact position@1 per line."""
    from .game import RecordError, read_record, replay

    data, where = _read_game(args.record, args.game)
    try:
        record = read_record(data)
        positions = list(replay(record))
    except RecordError as exc:
        raise _usage_error(f"{where}: {_one_line(exc)}") from None
    except Exception as exc:  # any other refusal of the record is still bad input, in one line
        raise _usage_error(f"{where}: not a valid game record: {_one_line(exc)}") from None
    for position in positions:
        out.write(json.dumps(position.to_dict(), separators=(",", ":")) + "\n")
    return EXIT_OK


# ---- bot ----------------------------------------------------------------------------------------


def cmd_bot(args: argparse.Namespace, out: TextIO) -> int:
    """``bot``: answer one request line with one turn line until the end of the input."""
    from .bots import make_bot, serve

    options: dict[str, Any] = {"seed": args.seed}
    if args.budget is not None:
        options["budget"] = args.budget
    if args.iterations is not None:
        options["iterations"] = args.iterations
    try:
        bot = make_bot(args.name, **options)
    except ValueError as exc:
        raise _usage_error(_one_line(exc)) from None
    serve(bot, sys.stdin.buffer, out)
    return EXIT_OK


# ---- selfplay --------------------------------------------------------------------------------------


@contextlib.contextmanager
def atomic_output(path: str) -> Iterator[IO[str]]:
    """A text file written next to ``path`` and moved over it only when complete (``os.replace``)."""
    target = Path(path)
    if target.is_dir():
        raise _usage_error(f"{path}: is a directory")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise _usage_error(f"{path}: no such folder {str(folder)!r}")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise _usage_error(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            yield handle
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _progress(total: int, enabled: bool) -> Any:
    """A tqdm bar on a terminal (standard error), else nothing."""
    if not enabled:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    return tqdm(total=total, unit="game", file=sys.stderr, leave=False)


def cmd_selfplay(args: argparse.Namespace, out: TextIO) -> int:
    """``selfplay``: N games between two bots, one game@1 record per line, then a summary."""
    from .bots import bot_names
    from .play.selfplay import Matchup, SelfPlayError, Summary, choose_engine, selfplay

    for seat in ("south", "north"):
        if getattr(args, seat) not in bot_names():
            raise _usage_error(f"--{seat}: unknown bot {getattr(args, seat)!r}: expected one of {', '.join(bot_names())}")
    if args.games < 0:
        raise _usage_error(f"--games: must be at least 0, not {args.games}")
    if args.jobs < 1:
        raise _usage_error(f"--jobs: must be at least 1, not {args.jobs}")
    if args.seed < 0:
        raise _usage_error(f"--seed: must be at least 0, not {args.seed}")
    advisor: dict[str, Any] = {}
    if args.budget is not None:
        if args.budget <= 0:
            raise _usage_error(f"--budget: must be positive seconds, not {args.budget}")
        advisor["budget"] = args.budget
    if args.iterations is not None:
        if args.iterations < 1:
            raise _usage_error(f"--iterations: must be at least 1, not {args.iterations}")
        advisor["iterations"] = args.iterations
    options = {seat: advisor for seat in ("south", "north") if getattr(args, seat) == "advisor" and advisor}
    match = Matchup(args.south, args.north, args.variant, args.expert, options)
    try:
        engine = choose_engine(match, args.engine)
    except SelfPlayError as exc:
        raise _usage_error(f"--engine {args.engine}: {_one_line(exc)}") from None
    summary = Summary()
    bar = _progress(args.games, sys.stderr.isatty())

    def write_all(sink: IO[str]) -> None:
        for record in selfplay(match, args.games, args.seed, jobs=args.jobs, engine=engine):
            sink.write(json.dumps(record, separators=(",", ":")) + "\n")
            summary.add(record)
            if bar is not None:
                bar.update(1)

    try:
        if args.out:
            with atomic_output(args.out) as sink:
                write_all(sink)
        else:
            write_all(out)
    finally:
        if bar is not None:
            bar.close()
    header = (
        f"selfplay: south {args.south} vs north {args.north}, {args.variant}"
        f"{' (expert)' if args.expert else ''}, seed {args.seed}, engine {engine}, jobs {args.jobs}"
    )
    report = out if args.out else sys.stderr
    report.write(f"{header}\n{summary}\n")
    if args.out:
        report.write(f"wrote {args.games} records to {args.out}\n")
    return EXIT_OK


# ---- registration ---------------------------------------------------------------------------------------


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, not {text!r}") from None


def add_game_commands(sub: Any) -> None:
    """Add ``replay``, ``bot`` and ``selfplay`` to the ``schotten-lab`` subcommand parsers ``sub``."""
    p = sub.add_parser("replay", help="print the position after each turn of a game record (one position@1 per line)")
    p.add_argument("record", metavar="GAME.json", help="a game@1 record (JSON), a JSON Lines file of records, or '-'")
    p.add_argument("--game", type=_integer, metavar="K", help="in a JSON Lines file, the K-th record (from 0)")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("bot", help="run a bot on the line protocol: one position@1 request per line in, one turn out")
    p.add_argument("name", metavar="NAME", help="the bot: random, greedy, ...")
    p.add_argument("--seed", type=_integer, default=None, help="make the bot reproducible")
    p.add_argument("--budget", type=float, default=None, metavar="SECONDS", help="advisor: seconds a move (default 2)")
    p.add_argument("--iterations", type=_integer, default=None, metavar="N", help="advisor: rollouts a move instead")
    p.set_defaults(run=cmd_bot)

    p = sub.add_parser("selfplay", help="play N games between two bots, one game@1 record per line")
    p.add_argument("--south", default="random", metavar="BOT", help="south's bot (default: random)")
    p.add_argument("--north", default="random", metavar="BOT", help="north's bot (default: random)")
    p.add_argument("--games", "-g", type=_integer, required=True, metavar="N", help="how many games")
    p.add_argument("--seed", type=_integer, default=0, metavar="S", help="the run's seed (default 0)")
    p.add_argument("--variant", choices=("base", "tactics"), default="base", help="the variant (default: base)")
    p.add_argument("--expert", action="store_true", help="expert claims (at the start of one's turn)")
    p.add_argument("--jobs", "-j", type=_integer, default=1, metavar="J", help="processes (default 1)")
    p.add_argument(
        "--engine", choices=("auto", "python", "fast"), default="auto",
        help="random-vs-random base games: the compiled kernel (fast), the python engine, or fast when "
        "available (auto, the default); both are reproducible, but they play different games",
    )  # fmt: skip
    p.add_argument("--out", "-o", metavar="FILE", help="write the records here (atomically); summary on stdout")
    p.add_argument("--budget", type=float, default=None, metavar="SECONDS", help="advisor seats: seconds a move")
    p.add_argument("--iterations", type=_integer, default=None, metavar="N", help="advisor seats: rollouts a move")
    p.set_defaults(run=cmd_selfplay)


__all__ = ["add_game_commands", "atomic_output", "cmd_bot", "cmd_replay", "cmd_selfplay"]
