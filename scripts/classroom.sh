#!/usr/bin/env bash
# Serve the board editor and the play app to a whole class from one process (docs/CLASSROOM.md).
#   bash scripts/classroom.sh [--network] [--max-sessions N] [--idle SECONDS] [--lang en|fr] [--port PORT]
#                             [--bot-workers N]
# Prints the address with its token on one line (first line), then the limits; Ctrl-C stops it.
# PORT (default 8870) chooses the port; CLASSROOM_TOKEN your own token (never empty; a random one
# otherwise). This machine only (127.0.0.1) unless --network: then a warning, the address, the token
# and a QR code to show the room. Sessions idle for CLASSROOM_IDLE seconds (default 1200) are closed;
# at most CLASSROOM_MAX_SESSIONS (default 40) at once, further visitors get "the class is full".
# Saved game records go to SCHOTTEN_GAMES_DIR (default: games/ here). The play pages' advisor searches in
# CLASSROOM_BOT_WORKERS processes (default: the cores, at most 2; 0: in the server's own process).
set -euo pipefail
cd "$(dirname "$0")/.."
# Its own environment (.venv-classroom): Solara pins ipyvue/ipyvuetify 1.x (for the offline
# solara-assets bundle) and adds front-end extensions the notebooks' .venv does not need.
export SCHOTTEN_VENV="${SCHOTTEN_VENV:-$PWD/.venv-classroom}"
export SCHOTTEN_EXTRAS="${SCHOTTEN_EXTRAS:-notebooks,classroom}"
source scripts/setup.sh
install_python_stack
export SCHOTTEN_GAMES_DIR="${SCHOTTEN_GAMES_DIR:-$PWD/games}"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
exec "$VENV/bin/python" -m schotten_lab.views.classroom "$@"
