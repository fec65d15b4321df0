#!/usr/bin/env bash
# Install everything schotten_lab needs into .venv (idempotent: a second run only checks).
#
#   bash scripts/setup.sh            # Python stack only
#   WITH_CHROMIUM=1 bash scripts/setup.sh   # also Debian's Chromium (browser tests, static export)
#
# Sourced by scripts/test.sh, scripts/notebooks.sh, scripts/voila.sh and scripts/classroom.sh; leaves VENV set.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${SCHOTTEN_VENV:-$ROOT/.venv}"
EXTRAS="${SCHOTTEN_EXTRAS:-notebooks,studies,dev,docs}"  # classroom: its own venv (scripts/classroom.sh)

_as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

_apt_install() {
    # apt-get update once per run, then install the named Debian packages.
    if [ -z "${_SCHOTTEN_APT_UPDATED:-}" ]; then
        _as_root apt-get update -qq
        _SCHOTTEN_APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive _as_root apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@"
}

install_chromium() {
    # Debian's Chromium: Playwright and kaleido use /usr/bin/chromium. Never download a browser.
    if [ ! -x /usr/bin/chromium ]; then
        echo "setup: installing Debian's chromium"
        _apt_install chromium
    fi
}

install_python_stack() {
    local py="${PYTHON:-python3}"
    if [ -n "${SCHOTTEN_SKIP_SETUP:-}" ]; then  # use $VENV as it is (tests, offline machines)
        return 0
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        echo "setup: creating $VENV"
        if ! "$py" -m venv "$VENV" 2>/dev/null; then
            # Debian's python3 ships venv/ensurepip separately.
            rm -rf "$VENV"
            _apt_install python3-venv
            "$py" -m venv "$VENV"
        fi
    fi
    # Reinstall only when the dependency list changed since the last successful install.
    local stamp="$VENV/.schotten-installed"
    local want
    want="$(cat "$ROOT/pyproject.toml" | sha256sum | cut -d' ' -f1) $EXTRAS"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
        && "$VENV/bin/python" -c "import schotten_lab" 2>/dev/null; then
        echo "setup: $VENV is up to date"
        compile_kernels
        return 0
    fi
    echo "setup: installing schotten_lab[$EXTRAS] into $VENV"
    local start=$SECONDS
    if [ ! -x "$VENV/bin/uv" ]; then
        "$VENV/bin/python" -m pip install -q --disable-pip-version-check uv || true
    fi
    if [ -x "$VENV/bin/uv" ]; then
        (cd "$ROOT" && "$VENV/bin/uv" pip install -q --python "$VENV/bin/python" -e ".[$EXTRAS]")
    else
        (cd "$ROOT" && "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e ".[$EXTRAS]")
    fi
    echo "$want" > "$stamp"
    echo "setup: installed in $((SECONDS - start)) s"
    compile_kernels
}

# numba compiles the advisor's rollouts (base game and tactics) once per checkout into its cache
# beside the sources, some 45 s the first time; done here, so that a bot's first start, a test or a
# notebook does not pay for it (then a second or two to check the cache; nothing without numba).
compile_kernels() {
    local start=$SECONDS
    "$VENV/bin/python" -c "from schotten_lab.bots.rollouts import warm; warm()"
    if [ $((SECONDS - start)) -gt 5 ]; then
        echo "setup: fast rollouts compiled in $((SECONDS - start)) s (once per checkout)"
    fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    install_python_stack
    if [ -n "${WITH_CHROMIUM:-}" ]; then install_chromium; fi
fi
