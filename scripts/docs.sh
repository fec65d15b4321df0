#!/usr/bin/env bash
# Build the documentation site, offline, into site/ (open site/index.html from disk).
#
#   bash scripts/docs.sh                    # install the docs extra, execute the curated notebooks, build
#   bash scripts/docs.sh --executed DIR     # render the executed copies in DIR instead of executing again
#                                           # (scripts/test.sh passes the copies its notebook tests wrote)
#
# Sphinx runs with warnings as errors (-W --keep-going) and nitpicky (-n), so a broken internal link,
# page reference or API cross-reference fails the build; nothing is fetched from the network.
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
executed=""
while [ $# -gt 0 ]; do
    case "$1" in
        --executed) executed="${2:?--executed needs a folder}"; shift 2 ;;
        -h|--help) sed -n 2,9p "$0"; exit 0 ;;
        *) echo "docs: unknown option '$1' (use --executed DIR)" >&2; exit 2 ;;
    esac
done
if [ -n "$executed" ] && [ ! -d "$executed" ]; then
    echo "docs: --executed: no such folder: $executed" >&2; exit 2
fi

export SCHOTTEN_EXTRAS="${SCHOTTEN_EXTRAS:-notebooks,studies,dev,docs}"  # setup.sh's default
case ",$SCHOTTEN_EXTRAS," in *,docs,*) ;; *) SCHOTTEN_EXTRAS="$SCHOTTEN_EXTRAS,docs" ;; esac
source scripts/setup.sh
install_python_stack


start=$SECONDS
if [ -z "$executed" ]; then
    executed=build/notebooks
    echo "docs: executing the curated notebooks into $executed/"
    rm -rf "$executed" && mkdir -p "$executed"
    shopt -s nullglob
    for notebook in notebooks/*.ipynb notebooks/*/*.ipynb; do  # the French lessons keep their fr/ folder
        (cd notebooks && cp --parents "${notebook#notebooks/}" "../$executed/")
    done
    "$VENV/bin/python" -m pytest -q -p no:cacheprovider --nbmake --overwrite "$executed"/*.ipynb "$executed"/*/*.ipynb
fi
export SCHOTTEN_DOCS_NOTEBOOKS="$(cd "$executed" && pwd)"

echo "docs: building site/ (Sphinx, warnings as errors)"
rm -rf site build/doctrees
"$VENV/bin/python" -m sphinx -W --keep-going -n -q -b html -d build/doctrees docs site
echo "docs: site/index.html written in $((SECONDS - start)) s"
