"""axe-core in the browser tests: WCAG 2.2 A/AA checks of what a page shows right now.

``check(page, "where")`` injects node_modules/axe-core/axe.min.js (pinned in package.json)
once per document, runs it over the whole document and fails the test with one line per
violation: the rule id, each element's target and axe's help text. ``count`` only counts.
The pages' CSP refuses inline scripts, so the library is evaluated through the DevTools
protocol (``page.evaluate``), which no CSP governs, rather than with ``add_script_tag``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Frame, Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RUN = (
    "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},"
    " resultTypes: ['violations']})).violations.map((v) => ({id: v.id, help: v.help,"
    " targets: v.nodes.map((n) => n.target.join(' '))}))"
)


@cache
def _source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is a dev dependency)")
    return AXE.read_text(encoding="utf-8")


def violations(page: Page | Frame) -> list[dict]:
    """axe's WCAG 2.2 A/AA violations in the document as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(_source() + "\n;undefined")
    return page.evaluate(RUN, TAGS)


def describe(found: list[dict]) -> str:
    lines = []
    for v in found:
        for target in v["targets"]:
            lines.append(f"{v['id']}: {target} — {v['help']}")
    return "\n".join(lines)


def count(found: list[dict]) -> int:
    return sum(len(v["targets"]) for v in found)


def check(page: Page | Frame, where: str) -> None:
    """Fail the test if axe finds any violation; each is listed by rule, element and help."""
    found = violations(page)
    if found:
        pytest.fail(f"axe: {count(found)} accessibility violation(s) {where}:\n" + describe(found))
