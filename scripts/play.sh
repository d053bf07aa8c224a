#!/usr/bin/env bash
# Set up, then serve the site on http://127.0.0.1:$PORT/ (default 8000, or a free port if that
# one is taken) with netlify.toml's headers. Stop with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python scripts/serve.py "$@"
