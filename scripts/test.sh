#!/usr/bin/env bash
# Set everything up (Chromium, .venv) and run the whole suite: tests/ (browser tests included)
# and every curated notebook with nbmake. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
install_chromium
install_python_stack

mkdir -p test-artifacts
status=0
start=$SECONDS
"$VENV/bin/python" -m pytest tests || status=$?

shopt -s nullglob
notebooks=(notebooks/*.ipynb)
if [ ${#notebooks[@]} -gt 0 ]; then
    "$VENV/bin/python" -m pytest --nbmake "${notebooks[@]}" || { rc=$?; [ "$status" -ne 0 ] || status=$rc; }
else
    echo "test: no notebooks to run"
fi
echo "test: suite finished in $((SECONDS - start)) s with status $status"
exit "$status"
