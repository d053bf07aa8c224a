#!/usr/bin/env bash
# Set up, lint, then run every test (engine tests and the browser tests in tests/browser/).
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -m "not browser"`.
# Screenshots land in test-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

failed=()
.venv/bin/ruff check py tests scripts bench || failed+=("ruff")

rm -rf test-artifacts
mkdir -p test-artifacts
pytest_status=0
.venv/bin/python -m pytest "$@" || pytest_status=$?
if [ "$pytest_status" -eq 5 ]; then
  echo "test: pytest collected no tests" >&2
fi
if [ "$pytest_status" -ne 0 ]; then failed+=("pytest (exit $pytest_status)"); fi

if [ "${#failed[@]}" -ne 0 ]; then
  echo "test: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "test: all checks passed"
