"""Where Chromium is and how tests and benchmarks launch it (Debian's, as Playwright cannot
download its own browsers here): ``$CHROMIUM`` or /usr/bin/chromium."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium keeps calling home, which this machine
# refuses; --no-sandbox because tests run as root.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
