"""Every relative link in README.md and docs/ leads to a file that exists, and every #anchor
to a heading of that page, so the documentation cannot point into nothing after a rename.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
EXPECTED = ["docs/architecture.md", "docs/cli.md", "docs/league.md", "docs/performance.md"]
"""Pages written beside this test for issue #24: the README and docs/index.md link to them."""

FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # https:, mailto:, …


def prose(text: str) -> str:
    """The page without its code: a link-like text in an example is no link."""
    return CODE.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    return [target for target in LINK.findall(prose(text)) if not EXTERNAL.match(target)]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("GC-1.2 Chips, dice, counter")
    'gc-12-chips-dice-counter'
    >>> slug("The rulebook's examples")
    'the-rulebooks-examples'
    """
    text = re.sub(r"[`*_]|<[^>]+>", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(text: str) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for heading in HEADING.findall(prose(text)):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def broken(page: Path, root: Path = ROOT) -> list[str]:
    """One line per link of ``page`` that leads nowhere, named relative to ``root``."""
    problems = []
    for target in links(page.read_text("utf-8")):
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        name = f"{page.relative_to(root)}: ({target})"
        if not where.exists():
            problems.append(f"{name}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where.read_text("utf-8")):
            problems.append(f"{name}: no heading with that anchor")
    return problems


def test_every_relative_link_leads_to_a_file_and_heading():
    problems = [line for page in PAGES for line in broken(page)]
    assert not problems, "\n".join(problems)


def test_the_pages_of_issue_24_are_in_place():
    """Strict on purpose: the README promises these pages."""
    missing = [name for name in EXPECTED if not (ROOT / name).is_file()]
    assert not missing, f"pages the README links to are missing: {missing}"


def test_the_checker_finds_a_broken_link(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n\n## Keys\n\n[ok](#keys) [gone](missing.md) [nope](#nothing)\n"
        "[web](https://example.org) `[code](skipped.md)`\n\n```\n[fenced](skipped.md)\n```\n",
        "utf-8",
    )
    found = [line.split(": ", 1)[1] for line in broken(page, tmp_path)]
    assert found == ["(missing.md): no such file", "(#nothing): no heading with that anchor"]
