#!/usr/bin/env bash
# Set everything up (Chromium, .venv) and run the test suite. Exits non-zero on any failure.
#
#   bash scripts/test.sh           # the full run, as CI does (.ci/run): tests/ (browser and server tests
#                                  # included) and every curated notebook (nbmake), hypothesis derandomized;
#                                  # then the docs build and, beside it, the classroom tests in .venv-classroom
#   bash scripts/test.sh --quick   # the edit-test loop: tests/ without browser, server, heavy and slow tests,
#                                  # hypothesis examples / 5 (SCHOTTEN_QUICK=1), no notebooks
#   bash scripts/test.sh --long    # the long run: the full run plus the tests marked slow, hypothesis
#                                  # searching at random with 10x the examples (SCHOTTEN_LONG=1)
#
# Further arguments go to pytest (e.g. `bash scripts/test.sh --quick tests/core -x`); when test paths
# are given only those run, and the notebooks are skipped. SCHOTTEN_TEST_JOBS=1 runs in one process.
# The tiers, their times and how to reproduce a failing hypothesis example: docs/TESTING.md.
set -euo pipefail
cd "$(dirname "$0")/.."

tier=full
args=()
for arg in "$@"; do
    case "$arg" in
        --quick) tier=quick ;;
        --long) tier=long ;;
        --full) tier=full ;;
        *) args+=("$arg") ;;
    esac
done

source scripts/setup.sh
[ "$tier" = quick ] || install_chromium
install_python_stack

# The same hash order in every process and worker (set iteration, collection order).
export PYTHONHASHSEED="${PYTHONHASHSEED:-0}"

# Two workers (pytest-xdist) on this project's 2-core machines; tests/conftest.py puts every test that
# starts a server or a browser in one xdist group, so those run one at a time, on one worker.
jobs="${SCHOTTEN_TEST_JOBS:-2}"
parallel=()
if [ "$jobs" != 1 ] && "$VENV/bin/python" -c "import xdist" 2>/dev/null; then
    parallel=(-n "$jobs" --dist loadgroup)
fi

select=()
case "$tier" in
    quick) export SCHOTTEN_QUICK=1; select=(-m "not browser and not servers and not slow and not heavy") ;;
    long) export SCHOTTEN_LONG=1 SCHOTTEN_FUZZ="${SCHOTTEN_FUZZ:-10}" ;;
esac

paths=()
only_paths=0
for arg in "${args[@]+"${args[@]}"}"; do
    case "$arg" in -*) ;; *) [ ! -e "${arg%%::*}" ] || only_paths=1 ;; esac  # a test file, folder or id
done
[ "$only_paths" -eq 1 ] || paths=(tests)

mkdir -p test-artifacts
status=0
start=$SECONDS
echo "test: $tier run"

# ---- the curated notebooks (nbmake; not in the quick tier, nor when test paths were given) --------
# Executed on copies in build/notebooks/ (git-ignored) that keep their outputs: the docs step below
# renders those, so the notebooks run once. They run in the same pytest session as tests/, so that
# the worker left free while the other one works through the serial "servers" group runs them.
shopt -s nullglob
copies=()
if [ "$tier" != quick ] && [ "$only_paths" -eq 0 ]; then
    notebooks=(notebooks/*.ipynb notebooks/*/*.ipynb)
    rm -rf build/notebooks && mkdir -p build/notebooks
    for notebook in "${notebooks[@]}"; do (cd notebooks && cp --parents "${notebook#notebooks/}" ../build/notebooks/); done
    copies=(build/notebooks/*.ipynb build/notebooks/*/*.ipynb)
    [ ${#copies[@]} -gt 0 ] || echo "test: no notebooks to run"
fi
nbmake=()
[ ${#copies[@]} -eq 0 ] || nbmake=(--nbmake --overwrite)

# ---- tests/ and the notebooks; the 25 slowest steps are listed at the end ---------------------------
"$VENV/bin/python" -m pytest "${parallel[@]+"${parallel[@]}"}" "${select[@]+"${select[@]}"}" --durations=25 \
    "${nbmake[@]+"${nbmake[@]}"}" "${paths[@]+"${paths[@]}"}" "${copies[@]+"${copies[@]}"}" \
    "${args[@]+"${args[@]}"}" || status=$?
echo "test: tests/ ${copies[*]:+and ${#copies[@]} notebooks }took $((SECONDS - start)) s"

# ---- the classroom server's tests (issue 21), in their own environment, beside the docs build ---------
# tests/views/test_classroom.py and tests/browser/test_browser_classroom.py need Solara, which lives in
# .venv-classroom (scripts/classroom.sh says why); in .venv they skip. Not in the quick tier, nor when
# test paths were given (then: SCHOTTEN_VENV=$PWD/.venv-classroom bash scripts/test.sh those files).
classroom_pid=""
classroom_log=test-artifacts/classroom-tests.log
if [ "$tier" != quick ] && [ "$only_paths" -eq 0 ]; then
    (
        export SCHOTTEN_VENV="${SCHOTTEN_CLASSROOM_VENV:-$PWD/.venv-classroom}" SCHOTTEN_EXTRAS=notebooks,classroom,dev
        source scripts/setup.sh
        install_python_stack
        "$VENV/bin/python" -m pytest -p no:cacheprovider -q "${select[@]+"${select[@]}"}" \
            tests/views/test_classroom.py tests/browser/test_browser_classroom.py
    ) > "$classroom_log" 2>&1 &
    classroom_pid=$!
fi

# ---- the documentation site (issue 22): rendered from the notebooks executed above; warnings and
# broken internal links are errors, and a failed build fails the run ----------------------------------
if [ ${#copies[@]} -gt 0 ]; then
    docs_start=$SECONDS
    bash scripts/docs.sh --executed build/notebooks || { rc=$?; [ "$status" -ne 0 ] || status=$rc; }
    echo "test: documentation site took $((SECONDS - docs_start)) s"
fi

if [ -n "$classroom_pid" ]; then
    classroom_status=0
    wait "$classroom_pid" || classroom_status=$?
    echo "test: the classroom tests (.venv-classroom; whole log in $classroom_log):"
    tail -n 25 "$classroom_log"
    [ "$classroom_status" -eq 0 ] || [ "$status" -ne 0 ] || status=$classroom_status
    echo "test: classroom tests finished with status $classroom_status, $((SECONDS - start)) s after the start"
fi

echo "test: suite finished in $((SECONDS - start)) s with status $status"
exit "$status"
