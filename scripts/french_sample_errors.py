"""The error sections of docs/french_sample.md: every kind of refusal and error message, rendered in
French (a position or a game record that does not read, the command line's own errors, the output
files, the engine's, the search's and the bots' refusals, the puzzle commands, selfplay, the bot
protocol). scripts/french_sample.py loads this file and lists its sections; run that script.
"""

from __future__ import annotations

from schotten_lab.bots import Budget

from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


_STONES9 = "/".join(["-"] * 9)
_DOC = '{"stones": [' + ", ".join(['{"south": [], "north": []}'] * 9) + "]"
READER_INPUTS: tuple[str, ...] = (
    "", "-/-/- - - s", _STONES9 + " ?x - s", _STONES9 + " - - q", _STONES9 + " - - s zz", _STONES9 + " - - s t3",
    _STONES9 + " - - s tactics", "R8*-B3*/-/-/-/-/-/-/-/- - - s", "R8-B3+mud/-/-/-/-/-/-/-/- - - s",
    "R0-/-/-/-/-/-/-/-/- - - s", "X8-/-/-/-/-/-/-/-/- - - s", "R8-[SPY/-/-/-/-/-/-/-/- - - s", "R7[SPY]-/-/-/-/-/-/-/-/- - - s",
    "R-/-/-/-/-/-/-/-/- - - s", "9-/-/-/-/-/-/-/-/- - - s", "R7[SPY=R3]-/-/-/-/-/-/-/-/- - - s d30 tactics",
    "R7[TRAITOR]-/-/-/-/-/-/-/-/- - - s d30 tactics", _STONES9 + " [SPY=R7] - s d30 tactics", _STONES9 + " R8-B3 - s",
    "{", '{"a": 1,}', "[1] x", "[]", '{"foo": 1, "bar": 2}', '{"format": "x"}', '{"variant": "mud"}', "{}",
    '{"stones": 3}', '{"stones": [{}, {}]}', '{"stones": [3, 3, 3, 3, 3, 3, 3, 3, 3]}', _DOC + ', "hands": []}',
    _DOC + ', "hands": {"east": []}}', _DOC + ', "hands": {"s": [], "South": []}}', _DOC + ', "hand_sizes": {"south": 1.5}}',
    _DOC + ', "hand_sizes": {"south": 5000}}', _DOC + ', "deck": []}', _DOC + ', "deck": {"x": 1}}', _DOC + ', "variant": "tactics"}',
    _DOC + ', "discard": "x"}', _DOC + ', "discard": [5]}', _DOC + ', "discard": ["R0"]}', _DOC + ', "tactics_played": 3}',
    _DOC + ', "translations": []}', _DOC + ', "translations": {"de": {}}}', _DOC + ', "translations": {"fr": {"x": 1}}}',
    _DOC + ', "translations": {"fr": {"title": 1}}}', _DOC + ', "to_move": "east"}', _DOC + ', "expert": "yes"}',
    _DOC + ', "deck": {"clan": true}}', _DOC + ', "discard": ["JOKER"]}',
    '{"stones": [{"modes": ["x"]}, {}, {}, {}, {}, {}, {}, {}, {}]}', '{"stones": [{"modes": ["mud", "mud"]}, {}, {}, {}, {}, {}, {}, {}, {}]}',
    '{"stones": [{"modes": ["mud"]}, {}, {}, {}, {}, {}, {}, {}, {}]}', '{"stones": [{"claimed": "x"}, {}, {}, {}, {}, {}, {}, {}, {}]}',
    '{"stones": [{"x": 1}, {}, {}, {}, {}, {}, {}, {}, {}]}', '{"stones": [{"south": ["' + "a" * 80 + '"]}, {}, {}, {}, {}, {}, {}, {}, {}]}',
)  # fmt: skip
"""Bad positions, one of each kind of reader error (a notation line or a JSON document)."""


def reader_error(text: str) -> Exception:
    """The error the position reader raises on ``text`` (``load_position_text``)."""
    from schotten_lab.core.errors import SchottenError
    from schotten_lab.core.load import load_position_text

    try:
        load_position_text(text)
    except SchottenError as exc:
        return exc
    raise AssertionError(f"{text!r} reads")


def reader_lines() -> Iterator[tuple[str, str]]:
    """A position reader's errors in French (bad JSON, a notation that does not read, a wrong field)."""
    for text in READER_INPUTS:
        exc = reader_error(text)
        yield type(exc).__name__, exc.in_words("fr")  # type: ignore[attr-defined]


_RECORD = '{"format": "schotten-lab/game@1", "deal": {"hands": {"south": null, "north": null}, "clan": null}, "turns": [%s]}'
_TURN = '{"player": "south", "play": %s}'
RECORD_INPUTS: tuple[str, ...] = (
    "{", "[]", '{"format": "x"}', '{"format": "schotten-lab/game@1", "variant": "mud"}',
    '{"format": "schotten-lab/game@1", "expert": 1}', '{"format": "schotten-lab/game@1", "players": []}',
    '{"format": "schotten-lab/game@1", "first": "east"}', '{"format": "schotten-lab/game@1", "deal": 3}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": 3}}', '{"format": "schotten-lab/game@1", "deal": {"hands": {"south": ["R1"]}}}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {"south": [1, 2, 3, 4, 5, 6]}}}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {"south": ["R0", "R2", "R3", "R4", "R5", "R6"]}}}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {"south": ["JOKER", "R2", "R3", "R4", "R5", "R6"]}}}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {"south": ["R1", "R1", "R3", "R4", "R5", "R6"]}}}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {}, "tactics": ["MUD"]}}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {}}, "turns": 3}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {}}, "turns": [3]}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {}}, "turns": [], "result": 3}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {}}, "turns": [], "result": {"reason": "luck"}}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {}}, "turns": [], "result": {"claimed": []}}',
    '{"format": "schotten-lab/game@1", "deal": {"hands": {}}, "turns": [], "result": {"winner": "south", "reason": "five"}}',
    _RECORD % '{"player": "north", "play": {"card": "R8", "stone": 3}}', _RECORD % _TURN % "3",
    _RECORD % _TURN % '{"card": 8, "stone": 3}', _RECORD % _TURN % '{"card": "R0", "stone": 3}',
    _RECORD % _TURN % '{"card": "R8", "stone": 13}', _RECORD % _TURN % '{"card": "R8", "stone": 3, "foo": 1}',
    _RECORD % _TURN % '{"card": "R8"}', _RECORD % '{"player": "south", "play": {"card": "R8", "stone": 3}, "draw": 5}',
)  # fmt: skip
"""Bad game records, one of each kind of record reader error (``replay``, ``review``)."""


def record_lines() -> Iterator[tuple[str, str]]:
    """A game record's reading errors in French (the records of RECORD_INPUTS, read and replayed)."""
    from schotten_lab.game import RecordError, read_record, validate_record

    for text in RECORD_INPUTS:
        try:
            validate_record(read_record(text))
        except RecordError as exc:
            yield type(exc).__name__, exc.in_words("fr")
        else:
            raise AssertionError(f"{text!r} reads")


COMMAND_LINES: tuple[tuple[str, ...], ...] = (
    ("analyze", "--bogus"), ("claim",), ("claim", "x.json", "--stone"), ("selfplay", "--games", "1", "--variant", "mud"),
    ("diagram", "x.json", "-o", "x.svg", "--scale", "big"), ("claim", "x.json", "-s", "1", "-p", "south", "extra", "more"),
    ("frobnicate",), ("selfplay", "--games", "x"), ("replay", "-", "--game", "-1"), ("advise", "x.json", "--iterations", "0"),
    ("advise", "x.json", "--budget", "-1"), ("puzzles", "sheet", "-o", "x.html", "--count", "0"),
)  # fmt: skip
"""Bad command lines: argparse's own messages (an unknown option, a missing or invalid argument)."""


def command_lines() -> Iterator[tuple[str, str]]:
    """The command line's errors about itself in French (``--lang fr``), and its help's headings."""
    import contextlib
    import io

    from schotten_lab.cli import main

    for argv in COMMAND_LINES:
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main([*argv, "--lang", "fr"])
        assert code == 2, argv
        yield " ".join(argv), err.getvalue().strip()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        with contextlib.suppress(SystemExit):
            main(["replay", "--help", "--lang", "fr"])
    for line in out.getvalue().splitlines():
        if line and not line.startswith(" ") and not line.startswith("utilisation") or line.startswith("utilisation"):
            yield "replay --help", line.split(" schotten-lab")[0] if line.startswith("utilisation") else line


OUTPUT_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("report", "POSITION", "-o", "x.txt"), ("report", "POSITION", "-o", "x"), ("diagram", "POSITION", "-o", "no/x.svg"),
    ("diagram", "POSITION", "-o", "x.jpg"), ("selfplay", "--games", "1", "-o", "no/x.jsonl"), ("report", "POSITION", "-o", "d.html"),
)  # fmt: skip
"""Command lines whose output file is refused (POSITION: a curated position)."""


def file_lines() -> Iterator[tuple[str, str]]:
    """An output file's refusals (core/files.py), the operating system's errors, and the command
    line's error line around them, in French (in a temporary folder: the names are relative)."""
    import contextlib
    import errno
    import io
    import os
    import tempfile

    from schotten_lab.cli import main
    from schotten_lab.core.errors import OutputError
    from schotten_lab.core.file_words import SystemProblem
    from schotten_lab.core.files import check_output

    position = str(ROOT / "data" / "positions" / "04_three_eights_r8_in_own_hand.json")
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            os.mkdir("d.html")
            Path("f.txt").write_text("x", encoding="utf-8")
            Path("in.html").write_text("x", encoding="utf-8")
            os.symlink("in.html", "link.html")
            for name in ("x.txt", "x", "d.html", "link.html", "no/x.html", "f.txt/x.html", "in.html", "a" * 90 + "/x.html"):
                try:
                    check_output(name, ("html", "htm"), ["in.html"])
                except OutputError as exc:
                    yield "check_output", exc.in_words("fr")
                else:
                    raise AssertionError(f"{name!r} is accepted")
            for code in (errno.ENOENT, errno.EACCES, errno.EPERM, errno.EISDIR, errno.ENOTDIR, errno.ENOSPC, errno.EDQUOT,
                         errno.EROFS, errno.ENAMETOOLONG, errno.EFBIG, errno.EIO):
                yield f"OSError {errno.errorcode[code]}", SystemProblem(OSError(code, os.strerror(code))).in_words("fr")
            for argv in OUTPUT_COMMANDS:
                err = io.StringIO()
                with contextlib.redirect_stderr(err):
                    code = main([position if arg == "POSITION" else arg for arg in argv] + ["--lang", "fr"])
                assert code == 2, argv
                yield " ".join(argv), err.getvalue().strip()
        finally:
            os.chdir(here)


REFUSED_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("advise", "-n", "R9R8R7*-B1G2Y4@s/G9G8G7*-B2N3P5@s/Y9Y8Y7*-R1N4P6@s/-/-/-/-/-/- B3B4B5B6B7B8 ?6 n", "--lang", "fr"),
    ("advise", "data/positions/03_three_eights_r8_unseen.json", "--lang", "fr"),
    ("puzzles", "generate", "--kind", "endgame", "-n", "1", "-o", "x.jsonl", "--jobs", "0"),
    ("puzzles", "generate", "--kind", "endgame", "-n", "1", "-o", "x.jsonl", "--variant", "tactics"),
    ("puzzles", "sheet", "empty.jsonl", "-o", "s.html", "--kind", "claim", "--lang", "fr"),
    ("puzzles", "sheet", "empty.jsonl", "-o", "s.html", "--lang", "fr"),
    ("claim", "nope.json", "-s", "1", "-p", "south"), ("claim", ".", "-s", "1", "-p", "south"), ("claim", "-s", "1", "-p", "south"),
    ("analyze",), ("analyze", "-", "x.json"), ("analyze", "x.json", "-n", "x"), ("analyze", "x.json", "--jobs", "2"),
    ("claim", "bad.json", "-s", "1", "-p", "south"),
)  # fmt: skip
"""Commands refused after parsing (the puzzle commands without ``--lang`` read ``SCHOTTEN_LANG=fr``)."""


def refusal_lines() -> Iterator[tuple[str, str]]:
    """A review's refusals (``ReviewError``), the advisor's refusal of a position it cannot search,
    and the puzzle commands' checks, in French."""
    import contextlib
    import io
    import os
    import tempfile

    from schotten_lab.cli import main
    from schotten_lab.play.review import ReviewError, review_game

    hidden = {"format": "schotten-lab/game@1", "deal": {"hands": {"south": None, "north": None}, "clan": None}, "turns": []}
    for record, budget in (({}, Budget(seconds=2.0)), ({}, "x"), ({"format": "x"}, Budget(rollouts=10)), (hidden, Budget(rollouts=10))):
        try:
            review_game(record, budget=budget)  # type: ignore[arg-type]
        except ReviewError as exc:
            yield "ReviewError", exc.in_words("fr")
        else:
            raise AssertionError(f"{record!r} is reviewed")
    here, saved = os.getcwd(), os.environ.get("SCHOTTEN_LANG")
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        os.environ["SCHOTTEN_LANG"] = "fr"
        try:
            Path("empty.jsonl").write_text("\n", encoding="utf-8")
            Path("bad.json").write_bytes(b"\xff")
            for argv in REFUSED_COMMANDS:
                err = io.StringIO()
                with contextlib.redirect_stderr(err):
                    code = main([str(ROOT / arg) if arg.startswith("data/") else arg for arg in argv])
                assert code == 2, argv
                yield " ".join(argv).removesuffix(" --lang fr"), err.getvalue().strip().replace(str(ROOT) + "/", "")
        finally:
            os.chdir(here)
            if saved is None:
                os.environ.pop("SCHOTTEN_LANG", None)
            else:
                os.environ["SCHOTTEN_LANG"] = saved


def turn_rule_lines() -> Iterator[tuple[str, str]]:
    """A turn the engine refuses (game/apply.py, ``play_problem``), said in French."""
    from schotten_lab.core.rules import Player
    from schotten_lab.core.words import Fact, TacticName
    from schotten_lab.game import IllegalTurnError, new_game
    from schotten_lab.game.record_words import Verbatim
    from schotten_lab.game.apply import apply_turn

    for decision in ({"play": {"card": "R8", "stone": 3}}, {"player": "north", "play": {"card": "G1", "stone": 3}},
                     {"play": {"card": "SPY", "stone": 3}}):
        try:
            apply_turn(new_game("base", False), decision)
        except IllegalTurnError as exc:
            yield "IllegalTurnError", exc.in_words("fr")
        else:
            raise AssertionError(f"{decision!r} is legal")
    n, s = Player.NORTH, Player.SOUTH
    for fact in (Fact.of("record.side_full", player=n, stone=Verbatim("4"), count=Verbatim("3"), capacity=Verbatim("3")),
                 Fact.of("record.stone_closed", stone=Verbatim("2"), player=s), Fact.of("record.mode_twice", stone=Verbatim("5"), card=TacticName("MUD")),
                 Fact.of("record.tactics_ahead", player=s, mine=Verbatim("2"), theirs=Verbatim("1")), Fact.of("record.joker_twice", player=n),
                 Fact.of("record.not_on_side", card=Verbatim("Y5"), player=n, stone=Verbatim("4")), Fact.of("record.traitor_troop"),
                 Fact.of("record.strategist_same"), Fact.of("record.elsewhere", card=Verbatim("R8")), Fact.of("record.every_copy", card=Verbatim("JOKER"))):
        yield fact.key, fact.in_words("fr")


def engine_lines() -> Iterator[tuple[str, str]]:
    """The engine's other refusals (game/apply.py, game/work.py, game/plays.py): a decision's shape, the deck, a pass,
    the claims (with their formations), the draws and the Headhunter's counts, each from a real turn."""
    from schotten_lab.core.cards import parse_cards
    from schotten_lab.core.position import Position
    from schotten_lab.core.rules import Player
    from schotten_lab.game import IllegalTurnError, new_game, state_from_position
    from schotten_lab.game.plays import Play
    from schotten_lab.game.apply import _apply
    from schotten_lab.game.turn import Turn

    def state(notation: str, clan: str = "", tactics: tuple[str, ...] = ()) -> object:
        return state_from_position(Position.from_notation(notation), clan_deck=parse_cards(clan) if clan else (), tactics_deck=tactics)

    claims = state("R1R2R3-B7B8B9/R4R5R6-/Y1Y2Y3-G7G8G9@n/P1P2-/-/-/-/-/- R9 N9 s d1", "P7")
    ending = state("R1R2R3-@s/B1B2B3-@s/G7G8G9-/-/Y7Y8Y9-/-/-/-/- R9 N9 s d1", "P7")
    mud = "-/-/-/-/-/-/-/-/- [MUD]P1 N9 s d1 tactics t{count} p0:0"
    hunter = "-/-/-/-/-/-/-/-/- [HEADHUNTER]R1R2 N9 s d{clan} tactics t{count} p0:0"
    r9 = {"card": "R9", "stone": 9}
    turns: list[tuple[object, object, dict[str, object]]] = [
        (new_game("base", False), {"play": None}, {}),
        (new_game("base", False), 5, {}),
        (new_game("base", False), {"return": []}, {}),
        (new_game("base", False), {"deck": 3}, {}),
        (state(mud.format(count=1), "P7", ("BLIND",)), {"play": {"card": "P1", "stone": 1}, "deck": "both"}, {}),
        (state(mud.format(count=0), "P7"), {"play": {"card": "P1", "stone": 1}, "deck": "tactics"}, {}),
        (state(mud.format(count=1), "P7", ("BLIND",)), Turn(Player.SOUTH, Play("MUD", stone=None)), {}),
        (state("-/-/-/-/-/-/-/-/- R9 N9 s d1", "P7"), {"play": r9}, {"seen_draw": "B5"}),
        *((claims, {"play": r9, "claim": [n]}, {}) for n in (1, 2, 3, 4)),
        (ending, {"play": r9, "claim": [3, 5]}, {"strict": True}),
        (state(hunter.format(clan=4, count=2), "P7P8P9Y9", ("MUD", "BLIND")), {"play": {"card": "HEADHUNTER", "decks": ["clan"]}}, {}),
        (state(hunter.format(clan=1, count=1), "P7", ("MUD",)), {"play": {"card": "HEADHUNTER", "decks": ["clan", "clan"]}}, {}),
    ]
    pending, _ = _apply(state(hunter.format(clan=4, count=2), "P7P8P9Y9", ("MUD", "BLIND")),  # type: ignore[arg-type]
                        {"play": {"card": "HEADHUNTER", "decks": ["clan"] * 3}})
    turns.append((pending, {"return": ["R1"]}, {}))
    for game, decision, kwargs in turns:
        try:
            _apply(game, decision, **kwargs)  # type: ignore[arg-type]
        except IllegalTurnError as exc:
            yield f"IllegalTurnError ({exc.rule})", exc.in_words("fr")
        else:
            raise AssertionError(f"{decision!r} is legal")


def search_lines() -> Iterator[tuple[str, str]]:
    """The search's refusal of a position it cannot search (bots/determinize.py ``view_of``), in French."""
    from schotten_lab.bots.determinize import view_of
    from schotten_lab.core.errors import AnalysisError
    from schotten_lab.core.position import Position

    for notation in ("-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s d35 tactics t10", "-/-/-/-/-/-/-/-/- ?6 B1B2B3B4B5B6 s d30",
                     "-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s d30"):
        try:
            view_of(Position.from_notation(notation))
        except AnalysisError as exc:
            yield "view_of", exc.in_words("fr")
        else:
            raise AssertionError(f"{notation!r} is searched")


def bot_lines() -> Iterator[tuple[str, str]]:
    """A bot's refusal of its name or its options (bots/base.py ``make_bot``: ``bot``, ``selfplay``), in French."""
    from schotten_lab.bots import make_bot
    from schotten_lab.core.errors import ArgumentError

    for name, options in (("nope", {}), ("random", {"depth": 3}), ("greedy", {"x": 1, "y": 2}), ("advisor", {"iterations": 0}),
                          ("advisor", {"budget": "vite"}), ("advisor", {"seed": "x"})):
        try:
            make_bot(name, **options)
        except ArgumentError as exc:
            yield "make_bot", exc.in_words("fr")
        else:
            raise AssertionError(f"{name!r} {options!r} is made")


def puzzle_summary_lines() -> Iterator[tuple[str, str]]:
    """The summary lines of ``puzzles generate|check|sheet --lang fr`` (cli/puzzles.py), with sample figures."""
    from schotten_lab.cli.puzzles import Figure
    from schotten_lab.core.words import say

    def unit(n: int, name: str) -> Figure:
        return Figure(n, unit=f"cli_pz.u_{name}")

    bands = ", ".join(say("cli_pz.band_count", "fr", band=say(f"pz_band_{b}", "fr"), count=Figure(n)) for b, n in (("easy", 7), ("hard", 1)))
    for count, key, kind, games, confirmed in ((8, "cli_pz.generated", "cli_pz.kind_endgame", 12, ""),
                                               (1, "cli_pz.generated_one", "cli_pz.tactics_claim", 1, ""),
                                               (3, "cli_pz.generated", "cli_pz.kind_midgame", 4, say("cli_pz.confirmed", "fr", count=unit(2, "confirmed")))):
        yield "puzzles generate", say(key, "fr", count=Figure(count), kind=say(kind, "fr"), target="puzzles.jsonl", positions=unit(1240, "positions"),
                                      games=unit(games, "games"), confirmed=confirmed, found=unit(count + 1, "found"), duplicates=unit(1, "duplicates"),
                                      seconds=Figure(12.25, 1), bands=bands)
    yield "puzzles check", say("cli_pz.checked", "fr", valid=Figure(119), total=Figure(120))
    yield "puzzles check", say("cli_pz.checked_one", "fr", valid=Figure(1), total=Figure(1))
    yield "puzzles sheet", say("cli_pz.printed", "fr", count=Figure(6), target="feuille.html")


def puzzle_file_lines() -> Iterator[tuple[str, str]]:
    """A puzzle line that does not read (puzzles/format.py ``PuzzleFormatError``) and what ``puzzles
    check`` finds in a puzzle that does not re-prove (puzzles/prove.py), in French."""
    import copy
    import json

    from schotten_lab.puzzles import PuzzleFormatError, puzzle_from_dict, puzzle_from_json, read_puzzles
    from schotten_lab.puzzles.format import committed_files
    from schotten_lab.puzzles.prove import check_puzzle_problems

    puzzles = [p for path in committed_files() for p in read_puzzles(path)]
    endgame = next(p for p in puzzles if p.kind == "endgame" and len(p.line) > 2).to_dict()
    edits: list[tuple[str, object]] = [
        ("rating", 3001), ("kind", "opening"), ("id", "Has Spaces"), ("format", "schotten-lab/puzzle@2"), ("surprise", 1),
        ("solution.play.card", "X9"), ("solution.play.stone", 0), ("solution.claim", [5, 2]), ("solution.play", "R8"),
        ("question", "move"), ("line.0.player", "nobody"), ("line.1.play", 4), ("explanation.de", "Hallo"),
        ("explanation", "pourquoi"), ("solvers.random", 2), ("position.to_move", "west"),
    ]  # fmt: skip
    for path, value in edits:
        data = copy.deepcopy(endgame)
        *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        target = data
        for key in parents:
            target = target[key]
        target[last] = value
        try:
            puzzle_from_dict(data)
        except PuzzleFormatError as exc:
            yield "puzzle_from_dict", exc.in_words("fr")
        else:
            raise AssertionError(f"{path} = {value!r} reads")
    for text in ("{", "[1]", json.dumps({**endgame, "rating": "haut"})):
        try:
            puzzle_from_json(text, line=3)
        except PuzzleFormatError as exc:
            yield "puzzle_from_json", exc.in_words("fr")
    broken = copy.deepcopy(endgame)
    broken["solution"]["claim"] = broken["line"][0]["claim"] = [] if broken["solution"]["claim"] else [int(broken["solution"]["play"]["stone"])]
    for problem in check_puzzle_problems(puzzle_from_dict(broken)):
        yield "puzzles check", problem.in_words("fr")


def selfplay_lines() -> Iterator[tuple[str, str]]:
    """``selfplay``'s refusals of its engine and its cluster, and its note on a time budget, in French."""
    from schotten_lab.core.rules import Player
    from schotten_lab.core.words import Fact, Facts, say
    from schotten_lab.play.distributed import ClusterError, DaskSays, Runner, Seconds
    from schotten_lab.play.selfplay import Matchup, SelfPlayError, choose_engine

    for match, engine in ((Matchup("advisor", "random", "base", False, {}), "fast"), (Matchup("random", "random", "base", False, {}), "turbo")):
        try:
            choose_engine(match, engine)  # type: ignore[arg-type]
        except SelfPlayError as exc:
            yield "choose_engine", say("cli.option_value_problem", "fr", flag="--engine", value=engine, problem=exc)
    for jobs, dask in ((0, None), (3, "tcp://scheduler.lan:8786"), (1, " ")):
        try:
            Runner(jobs=jobs, dask=dask)
        except ClusterError as exc:
            yield "Runner", exc.in_words("fr")
    for key, fields in (("runner.no_dask", {}), ("runner.unreachable", {"address": "tcp://scheduler.lan:8786", "seconds": Seconds(5),
                        "error": DaskSays("Timed out trying to connect to tcp://scheduler.lan:8786 after 5 s")})):
        yield key, ClusterError.of(key, **fields).in_words("fr")
    for seats in (("south",), ("south", "north")):
        said = Facts(tuple(Fact.of("cli_sp.seat", player=Player(s), bot="advisor") for s in seats), sep="and_all")
        flags = Facts(tuple(f"--{s}-option iterations=N" for s in seats), sep="and_all")
        yield "selfplay", say("cli_sp.timed_one" if len(seats) == 1 else "cli_sp.timed_many", "fr", seats=said, options=flags)


def protocol_lines() -> Iterator[tuple[str, str]]:
    """A bot request's errors (bots/protocol.py: ``bot --lang fr``, ``advise`` on a request file), in French."""
    import json

    from schotten_lab.bots import make_bot
    from schotten_lab.bots.protocol import RequestError, answer
    from schotten_lab.core.position import Position
    from schotten_lab.core.position_json import position_to_dict

    base = position_to_dict(Position.from_notation("-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s d42"))
    over = position_to_dict(Position.from_notation("R1R2R3-B1B2B4@s/R4R5R6-B5B6B8@s/R7R8R9-G1G2G4@s/-/-/-/-/-/- Y1Y2Y3Y4Y5Y6 ?6 n d24"))
    twice = json.loads(json.dumps(base))
    twice["stones"][0]["south"] = ["R1"]
    bot = make_bot("random", seed=0)
    for line in ("", "nope", "[1]", json.dumps({k: v for k, v in base.items() if k != "to_move"}), json.dumps({**base, "history": 5}),
                 json.dumps(twice), json.dumps(over), json.dumps({**base, "to_move": "north"})):
        yield "bot", answer(bot, line, "fr")["error"]
    yield "bot", RequestError.of("req.too_long", limit=1_000_000).in_words("fr")
