#!/usr/bin/env bash
# mypy --strict over the whole Python tree of py/: every package (a folder with __init__.py) and
# every top-level module, read from the folder, so a new one cannot be left out. The browser's
# own modules (pyscript, pyodide) are declared in py/stubs/ (pyproject.toml's mypy_path).
# Extra arguments go to mypy. Run by scripts/test.sh; on its own after scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/../py"
targets=()
for init in */__init__.py; do
  targets+=(-p "${init%/__init__.py}")
done
for module in *.py; do
  targets+=(-m "${module%.py}")
done
exec ../.venv/bin/mypy --strict "${targets[@]}" "$@"
