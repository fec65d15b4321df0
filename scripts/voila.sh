#!/usr/bin/env bash
# Serve a standalone Voilà app (for a classroom); prints the address with its token.
#   bash scripts/voila.sh [--app editor|play|puzzles] [POSITION.json | 'NOTATION'] [--port PORT] [--ip 0.0.0.0]
# --app editor (the default): the board editor (apps/board_editor.ipynb); without a position it opens
# on the classroom exercise (complete south's three 8s).
# --app play: play a whole game against a bot (apps/play_advisor.ipynb); saved game records go to
# SCHOTTEN_GAMES_DIR (default: games/ here). The address chooses the game:
# ?opponent=advisor&rollouts=300&seat=north&start=bot&seed=5&variant=tactics&expert=1.
# --app puzzles: the puzzle trainer (apps/puzzle_trainer.ipynb; ?lang=fr&kind=claim&min=900&max=1500&seed=3).
# Security (scripts/voila_config/voila.py): a token is always required: VOILA_TOKEN if you set one
# (not empty), else a fresh random one, handed over through the environment; kernels idle for
# VOILA_CULL_IDLE seconds (default 1200) are shut down; at most VOILA_MAX_KERNELS (default 40) run
# at once (a kernel-manager cap that also holds for pre-heated kernels), further visitors get
# "503 full" until one is culled.
# VOILA_PREHEAT=1: a kernel kept ready (the page in seconds instead of a kernel start), the cap kept.
# Any position: open http://HOST:PORT/?position=NOTATION (the page's link gives the current one).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
install_python_stack
PORT="${PORT:-8866}"
IP="${IP:-127.0.0.1}"
POSITION=""
APP="editor"
while [ $# -gt 0 ]; do
    case "$1" in
        --app) APP="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        --ip) IP="$2"; shift 2 ;;
        *) POSITION="$1"; shift ;;
    esac
done
case "$APP" in
    editor) NOTEBOOK=apps/board_editor.ipynb; TITLE="Board editor" ;;
    play) NOTEBOOK=apps/play_advisor.ipynb; TITLE="Play against the advisor" ;;
    puzzles) NOTEBOOK=apps/puzzle_trainer.ipynb; TITLE="Puzzle trainer" ;;
    *) echo "voila.sh: --app must be 'editor' or 'play' (or 'puzzles'), not '$APP'" >&2; exit 2 ;;
esac
if [ -n "$POSITION" ] && [ -f "$POSITION" ]; then POSITION="$(cd "$(dirname "$POSITION")" && pwd)/$(basename "$POSITION")"; fi
if [ "${VOILA_TOKEN+set}" = set ] && [ -z "$VOILA_TOKEN" ]; then
    echo "voila.sh: VOILA_TOKEN is set but empty; refusing to run a server without a token" >&2
    exit 2
fi
export VOILA_TOKEN="${VOILA_TOKEN:-$("$VENV/bin/python" -c 'import secrets; print(secrets.token_urlsafe(12))')}"
export SCHOTTEN_POSITION="$POSITION"
export SCHOTTEN_GAMES_DIR="${SCHOTTEN_GAMES_DIR:-$PWD/games}"
# the app's page template (apps/jupyter/voila/templates/schotten): no CDN. VOILA_PREHEAT=1 keeps a kernel
# ready with the notebook run up to the page request (the app waits for it: voila.utils.wait_for_request);
# Voilà then cannot cap the kernels (scripts/voila_config/voila.py says why).
export JUPYTER_PATH="$PWD/apps/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
HOST="$IP"
if [ "$IP" = "0.0.0.0" ]; then HOST="$(hostname -I 2>/dev/null | cut -d' ' -f1)"; HOST="${HOST:-$(hostname)}"; fi
echo "${TITLE}: http://${HOST}:${PORT}/?token=${VOILA_TOKEN}  (Ctrl-C to stop)"
exec "$VENV/bin/voila" "$NOTEBOOK" --no-browser --port "$PORT" --Voila.ip="$IP" --theme=light --template=schotten \
    --Voila.config_file_paths="['$PWD/scripts/voila_config']"
