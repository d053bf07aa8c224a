#!/usr/bin/env bash
# Set up, lint, then run every test (engine tests and the browser tests in tests/browser/).
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -m "not browser"`.
# Screenshots land in test-artifacts/. Pytest's summary stays the last line on success.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

ruff_status=0
.venv/bin/ruff check py tests scripts bench || ruff_status=$?
# the whole Python tree (engines, shell, browser, pages, registry, entry scripts) is typed and
# checked strictly; scripts/typecheck.sh reads the packages and modules from py/ itself
bash scripts/typecheck.sh || ruff_status=$?

rm -rf test-artifacts
mkdir -p test-artifacts
pytest_status=0
# two workers (pytest-xdist): most of a browser test is waiting on its page, so a second
# browser beside it halves the wall time on two cores; TEST_WORKERS=0 runs in one process;
# the fifteen slowest tests are listed, so a run that grows shows where; a test whose browser
# tab crashed (Chromium's "Target crashed" or "Page crashed": once in a CI run of 1,358 tests,
# in a test that only opens a page) runs once more in a new tab, counted as "rerun" in the summary
.venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" --dist worksteal --durations=15 \
  --reruns 1 --only-rerun "(Target|Page) crashed" "$@" || pytest_status=$?

if [ "$pytest_status" -eq 5 ]; then
  echo "test: FAILED: pytest collected no tests" >&2
elif [ "$pytest_status" -ne 0 ]; then
  echo "test: FAILED: pytest exited $pytest_status" >&2
fi
if [ "$ruff_status" -ne 0 ]; then
  echo "test: FAILED: ruff or mypy found problems (listed above pytest's output)" >&2
fi
if [ "$ruff_status" -ne 0 ] || [ "$pytest_status" -ne 0 ]; then
  exit 1
fi
