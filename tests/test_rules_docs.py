"""The rules pages in docs/rules/ hold every clause id that code and tests cite.

A clause id (``GC-…`` for Gold Connection, ``GG-…`` for Go for Gold) in a comment, a docstring,
a message, a test name or the documentation must lead to a heading of that id in docs/rules/, so
a clone can follow it without any file from outside the repository.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = {"GC": ROOT / "docs/rules/gold-connection.md", "GG": ROOT / "docs/rules/go-for-gold.md"}
CITED_IN = ("py", "tests", "docs", "README.md")
CLAUSE = re.compile(r"\bG[CG]-\d+(?:\.\d+)*")
HEADING = re.compile(r"^#{1,6}\s+(G[CG]-\d+(?:\.\d+)*)(?=\s|$)", re.MULTILINE)
ANCHOR = re.compile(r"""<a\s+id=["'](G[CG]-\d+(?:\.\d+)*)["']""")


def citations(paths: list[Path]) -> dict[str, list[str]]:
    """Every clause id found in the text files under ``paths``, with where it occurs."""
    found: dict[str, list[str]] = {}
    for top in paths:
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue  # bytecode, pictures: no citations to follow
            for number, line in enumerate(text.splitlines(), 1):
                for clause in CLAUSE.findall(line):
                    found.setdefault(clause, []).append(f"{path.relative_to(ROOT)}:{number}")
    return found


def defined(text: str) -> list[str]:
    """The clause ids a rules page gives a heading (or an explicit anchor) of their own."""
    return HEADING.findall(text) + ANCHOR.findall(text)


def missing(cited: dict[str, list[str]], anchors: set[str]) -> list[str]:
    """One line per cited clause id without a heading, naming where it is cited."""
    return [
        f"{clause} (cited at {', '.join(places[:3])})"
        for clause, places in sorted(cited.items())
        if clause not in anchors
    ]


def test_every_cited_clause_has_a_heading_in_the_rules_pages():
    anchors = {clause for path in RULES.values() for clause in defined(path.read_text("utf-8"))}
    cited = citations([ROOT / top for top in CITED_IN])
    assert cited, "no clause ids found in py/ and tests/: the search itself is broken"
    assert any(place.startswith("py/") for places in cited.values() for place in places)
    gaps = missing(cited, anchors)
    assert not gaps, "cited but without a heading in docs/rules/:\n" + "\n".join(gaps)


def test_each_game_defines_its_own_clauses_once():
    for prefix, path in RULES.items():
        ids = defined(path.read_text("utf-8"))
        assert ids, path
        assert all(clause.startswith(prefix + "-") for clause in ids), (path, ids)
        assert len(ids) == len(set(ids)), f"{path.name} defines an id twice"


def test_a_missing_clause_is_reported_with_its_place():
    page = "## GC-4 A turn\n\n### GC-4.5 Robbing\n\ntext citing GC-4.5 is no heading\n"
    assert defined(page) == ["GC-4", "GC-4.5"]
    cited = {"GC-4.5": ["py/x.py:3"], "GC-4.6": ["tests/t.py:9"]}
    assert missing(cited, set(defined(page))) == ["GC-4.6 (cited at tests/t.py:9)"]


def test_the_rules_pages_carry_the_core_clauses():
    """Every section of both rulebooks, not only the clauses the code happens to cite today."""
    gc = set(defined(RULES["GC"].read_text("utf-8")))
    gg = set(defined(RULES["GG"].read_text("utf-8")))
    assert {f"GC-{section}" for section in range(1, 10)} <= gc
    assert {f"GG-{section}" for section in range(1, 8)} <= gg
    assert {"GC-4.5", "GC-5.5", "GC-6.2", "GC-7.4", "GC-8.4"} <= gc
    assert {"GG-2.3", "GG-3.7", "GG-4.2", "GG-5.3", "GG-6.2"} <= gg
