"""The computer players as a seat spec names them, ``[ai:]level[:cautious|:bold][:risk=R]
[:budget=MS]``, read without building one: a page checks the seats it is given without
loading the search (:mod:`.ai`, whose ``LEVELS`` hold each level's weights)."""

from __future__ import annotations

SEARCH_LEVELS = ("medium", "hard", "expert")
"""The levels that search (``ai.LEVELS``, same order); ``easy`` takes no options."""
RISKS = {"cautious": -0.5, "bold": 0.5}
"""The named risk appetites (``:risk=R`` takes any R from -1 to 1)."""


def parse_ai(spec: str) -> tuple[str, list[tuple[str, float]]]:
    """``(level, options)`` of an AI spec, each option ``("risk", R)`` or ``("budget", MS)``
    in the spec's order; ValueError naming what is wrong.

    >>> parse_ai("ai:hard:bold:budget=300")
    ('hard', [('risk', 0.5), ('budget', 300.0)])
    """
    words = spec.split(":")
    if words[0] == "ai":
        words = words[1:]
    if words == ["easy"]:
        return "easy", []
    if not words or words[0] not in SEARCH_LEVELS:
        raise ValueError(
            f"unknown AI level in {spec!r}; choose from easy, {', '.join(SEARCH_LEVELS)}"
        )
    options: list[tuple[str, float]] = []
    for w in words[1:]:
        key, _, value = w.partition("=")
        try:
            if w in RISKS:
                options.append(("risk", RISKS[w]))
            elif key == "risk" and value:
                options.append(("risk", max(-1.0, min(1.0, float(value)))))
            elif key == "budget" and value:
                options.append(("budget", max(1.0, float(value))))
            else:
                raise ValueError
        except ValueError:
            raise ValueError(
                f"unknown option {w!r} in {spec!r}; use cautious, bold, risk=R or budget=MS"
            ) from None
    return words[0], options
