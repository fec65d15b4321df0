"""Run: PYTHONPATH=$PWD nice python tests/fuzz_cli.py RUNS SECONDS /tmp/fuzzdir (not collected by pytest).

Bounded in-process fuzz of the schotten-lab CLI (issue 17): random hostile argument lists and
inputs; counts exit codes, internal errors (exit 3), tracebacks, over-long or multi-line messages,
and lost data (an input file changed, a temporary file left)."""
import collections, hashlib, io, os, random, shutil, sys, time, contextlib
from pathlib import Path
sys.setrecursionlimit(3000)
from schotten_lab import cli

RUNS, BUDGET = int(sys.argv[1]), float(sys.argv[2])
root = Path(sys.argv[3]); root.mkdir(exist_ok=True); os.chdir(root)
src = Path(os.environ["PYTHONPATH"]) / "data" / "positions" / "13_midgame.json"
for name in ("pos.json", "pos.svg", "pos.html", "pos.jsonl", "pos.png"):
    shutil.copy(src, name)
assert cli.main(["selfplay", "--games", "3", "--out", "game.jsonl"]) == 0
shutil.copy("game.jsonl", "game.json"); Path("one.json").write_text(Path("game.jsonl").read_text().splitlines()[0])
os.link("game.jsonl", "hard.jsonl")
files = ["pos.json", "pos.svg", "pos.html", "pos.jsonl", "pos.png", "game.jsonl", "game.json", "one.json", "hard.jsonl"]
original = {f: Path(f).read_bytes() for f in files}
digest = {f: hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in files}
rng = random.Random(17)
hostile = ["", "-", "1" * 5000, "-" + "9" * 4000, "x" * 3000, "nan", "inf", "-1", "0", "1e9", "\x1b[31m", "\udcff",
           "a" * 300 + ".html", "a" * 300 + ".svg", "a" * 300 + ".jsonl", "/proc/x.jsonl", "pos.json/x.html", "no/dir/x.svg",
           "/", ".", "..", "/dev/null", "/dev/zero", "pos.svg", "pos.html", "./pos.svg", "hard.jsonl", "game.jsonl", "game.json",
           "one.json", "pos.json", "10000001", "99999999999", "south", "north", "1:south", "none", "R8 G8", "base", "tactics"]
commands = {
    "analyze": ["--viewer", "--notation", "--strict", "--json"], "claim": ["--stone", "--player", "--notation", "--json"],
    "notation": ["--to-json", "--notation"], "report": ["-o", "--output", "--viewer", "--lang"],
    "diagram": ["-o", "--output", "--refute", "--highlight", "--cards", "--caption", "--scale", "--lang"],
    "replay": ["--game"], "review": ["-o", "--out", "--game", "--iterations", "--seed"],
    "selfplay": ["--games", "--seed", "--south", "--north", "--variant", "--out", "-o", "--jobs", "--south-option"],
    "advise": ["--iterations", "--seed", "--moves", "--json", "--notation"],
}
stdins = [b"", b"\x00" * 3_000_000, b"y\n" * 700_000, b"{}\n" * 10, Path("game.jsonl").read_bytes(), src.read_bytes(), b"\xff\xfe" * 1000]
codes, problems = collections.Counter(), collections.Counter(); examples = {}
start, runs = time.monotonic(), 0
while runs < RUNS and time.monotonic() - start < BUDGET:
    runs += 1
    cmd = rng.choice(list(commands))
    argv = [cmd] + [rng.choice(hostile + files) for _ in range(rng.randint(0, 2))]
    for _ in range(rng.randint(0, 3)):
        flag = rng.choice(commands[cmd]); argv += [flag] if flag in ("--json", "--strict", "--to-json") else [flag, rng.choice(hostile + files)]
    if cmd == "selfplay" and "--games" not in argv: argv += ["--games", "2"]
    if cmd in ("advise",) and "--iterations" not in argv: argv += ["--iterations", "5"]
    if cmd == "review": argv += ["--iterations", "1"]
    raw = rng.choice(stdins)
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8", errors="surrogateescape")
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, out, err
    try:
        code = cli.main(argv)
    except BaseException as exc:  # noqa: BLE001
        code = f"raised {type(exc).__name__}"
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    codes[code] += 1
    text = err.getvalue()
    checks = {"traceback": "Traceback" in text, "internal error (3)": code == 3, "raised": isinstance(code, str),
              "message over 300 chars": code == 2 and len(text) > 300, "several lines": code == 2 and text.count("\n") > 1}
    targets = {argv[i + 1] for i in range(len(argv) - 1) if argv[i] in ("-o", "--out", "--output")}
    positional = set(argv) - targets
    changed = [f for f in files if hashlib.sha256(Path(f).read_bytes()).hexdigest() != digest[f]]
    same = {"hard.jsonl": {"hard.jsonl", "game.jsonl"}, "game.jsonl": {"hard.jsonl", "game.jsonl"}}
    lost = [f for f in changed if f not in targets or positional & same.get(f, {f})]  # an input replaced
    for f in changed:  # an output the user chose may replace an existing file: put it back for the next run
        Path(f).unlink(); Path(f).write_bytes(original[f])
    changed = lost
    leftovers = [p.name for p in Path(".").iterdir() if ".tmp" in p.name]
    checks["input changed (lost data)"] = bool(changed); checks["temporary file left"] = bool(leftovers)
    for k, bad in checks.items():
        if bad:
            problems[k] += 1; examples.setdefault(k, (argv[:8], text[:300], changed, leftovers))
    for p in Path(".").iterdir():
        if p.name not in files and p.is_file(): p.unlink()
print(f"runs {runs} in {time.monotonic() - start:.0f} s; exit codes {dict(codes)}")
print(f"problems {dict(problems) or 'none'}")
for k, v in examples.items():
    print(k, repr(v)[:600])
