#!/usr/bin/env bash
# Serve the board editor as a standalone Voilà app (for a classroom); prints the address.
#   bash scripts/voila.sh [POSITION.json | 'NOTATION'] [--port PORT] [--ip 0.0.0.0]
# Without a position the app opens on the classroom exercise (complete south's three 8s).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
install_python_stack
PORT="${PORT:-8866}"
IP="${IP:-127.0.0.1}"
POSITION=""
while [ $# -gt 0 ]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --ip) IP="$2"; shift 2 ;;
        *) POSITION="$1"; shift ;;
    esac
done
if [ -n "$POSITION" ] && [ -f "$POSITION" ]; then POSITION="$(cd "$(dirname "$POSITION")" && pwd)/$(basename "$POSITION")"; fi
export SCHOTTEN_POSITION="$POSITION"
# the app's page template (apps/jupyter/voila/templates/schotten, no CDN) and a kernel kept ready with
# the notebook run up to the page request (the app waits for it: voila.utils.wait_for_request)
export JUPYTER_PATH="$PWD/apps/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
echo "Board editor: http://${IP}:${PORT}/  (Ctrl-C to stop)"
exec "$VENV/bin/voila" apps/board_editor.ipynb --no-browser --port "$PORT" --Voila.ip="$IP" --theme=light --template=schotten --preheat_kernel=True --pool_size=1
