#!/usr/bin/env bash
# Make a fresh checkout ready to serve and test; re-runs skip what is already in place.
#   1. Debian's Chromium (Playwright cannot download its own browsers here)
#   2. .venv with requirements-dev.txt (skipped while the file's hash is unchanged)
#   3. node_modules from package-lock.json (skipped while the lockfile's hash is unchanged)
#   4. site-python/ with requirements-site.txt: the pure-Python packages the pages import
#   5. vendor/, build/engine.zip and build/sw-manifest.js via scripts/build_site.py
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
log() { printf 'setup: %s\n' "$*"; }
hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

if [ ! -x /usr/bin/chromium ]; then
  log "installing chromium with apt-get"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

# The stamp also names the interpreter, so a changed python3 rebuilds the venv.
venv_key="$(hash_of requirements-dev.txt) $(python3 -c 'import sys; print(sys.version.split()[0])')"
venv_stamp=.venv/.requirements-stamp
if [ "$(cat "$venv_stamp" 2>/dev/null)" != "$venv_key" ] || ! .venv/bin/python -c '' 2>/dev/null; then
  log "creating .venv from requirements-dev.txt"
  rm -rf .venv
  python3 -m venv .venv
  .venv/bin/python -m pip install -qq --disable-pip-version-check -r requirements-dev.txt
  printf '%s\n' "$venv_key" > "$venv_stamp"
fi

npm_key="$(hash_of package.json package-lock.json) $(node --version)"
npm_stamp=node_modules/.setup-stamp
if [ "$(cat "$npm_stamp" 2>/dev/null)" != "$npm_key" ]; then
  log "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  printf '%s\n' "$npm_key" > "$npm_stamp"
fi

site_key="$(hash_of requirements-site.txt)"
site_stamp=site-python/.setup-stamp
if [ "$(cat "$site_stamp" 2>/dev/null)" != "$site_key" ]; then
  log "site-python/ from requirements-site.txt"
  rm -rf site-python
  .venv/bin/python -m pip install -qq --disable-pip-version-check --no-deps --require-hashes \
    --target site-python -r requirements-site.txt
  printf '%s\n' "$site_key" > "$site_stamp"
fi

python3 scripts/build_site.py
log "ready in $((SECONDS - start)) s"
