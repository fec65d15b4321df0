#!/usr/bin/env bash
# Set everything up and open JupyterLab on the curated notebooks; prints the address with its token.
#   bash scripts/notebooks.sh [PORT]      (default 8888)
# Security: the server listens on 127.0.0.1 only and always asks for a token: JUPYTER_TOKEN if you set
# one (it must not be empty), else a fresh random one. The token goes to Jupyter through the
# environment (other users cannot read it from the process list). --allow-root only when run as root.
# Idle kernels are shut down: a kernel with no activity for JUPYTER_CULL_IDLE seconds (default 3600;
# 0 keeps them all), checked every minute, even when its tab is still open (save your work: the
# notebook file stays, its variables go). Each kernel holds ~150 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
install_python_stack
PORT="${1:-${PORT:-8888}}"
if [ "${JUPYTER_TOKEN+set}" = set ] && [ -z "$JUPYTER_TOKEN" ]; then
    echo "notebooks.sh: JUPYTER_TOKEN is set but empty; refusing to run a server without a token" >&2
    exit 2
fi
export JUPYTER_TOKEN="${JUPYTER_TOKEN:-$("$VENV/bin/python" -c 'import secrets; print(secrets.token_hex(24))')}"
CULL_IDLE="${JUPYTER_CULL_IDLE:-3600}"
case "$CULL_IDLE" in
    ''|*[!0-9]*) echo "notebooks.sh: JUPYTER_CULL_IDLE must be a whole number of seconds (0: never), not '$CULL_IDLE'" >&2; exit 2 ;;
esac
ROOT_FLAG=()
if [ "$(id -u)" -eq 0 ]; then
    echo "notebooks.sh: running as root (e.g. in a container): passing --allow-root; prefer a normal user" >&2
    ROOT_FLAG=(--allow-root)
fi
echo "JupyterLab: http://127.0.0.1:${PORT}/lab/tree/README.md?token=${JUPYTER_TOKEN}  (Ctrl-C to stop)"
exec "$VENV/bin/jupyter" lab --no-browser --ip 127.0.0.1 --port "$PORT" \
    --ServerApp.root_dir="$PWD/notebooks" "${ROOT_FLAG[@]}" \
    --MappingKernelManager.cull_idle_timeout="$CULL_IDLE" --MappingKernelManager.cull_interval=60 \
    --MappingKernelManager.cull_connected=True
