#!/usr/bin/env bash
# Set everything up and open JupyterLab on the curated notebooks; prints the address.
#   bash scripts/notebooks.sh [PORT]      (default 8888; JUPYTER_TOKEN sets a token, none by default)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
install_python_stack
PORT="${1:-${PORT:-8888}}"
echo "JupyterLab: http://127.0.0.1:${PORT}/lab/tree/README.md  (Ctrl-C to stop)"
exec "$VENV/bin/jupyter" lab --no-browser --ip 127.0.0.1 --port "$PORT" \
    --ServerApp.token="${JUPYTER_TOKEN:-}" --ServerApp.password='' \
    --ServerApp.root_dir="$PWD/notebooks" --allow-root
